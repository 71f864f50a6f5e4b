"""000 §Regras Oficiais Comumente Ignoradas as codes that drop the official rule, and the Ohana sheet's
Wild Draw Four (002): DRAWANY, NOENDDRAW, WILDMATCH and the table parameter ``chooser``.

Seats 0, 1, 2... are A, B, C...
"""

from __future__ import annotations

import pytest
from conftest import A, B, assert_refused, hand, mk_play, play

from unokit.core.actions import Challenge, ChooseColor, Draw, Pass
from unokit.core.cards import Color
from unokit.core.errors import RuleCodeError
from unokit.engine.game import Game, Phase
from unokit.rules import RuleSet


def test_DRAWANY_comprar_uma_carta_e_jogar_uma_que_ja_estava_na_mao():
    # official: after drawing, only the card drawn may be played
    g = Game.from_position(["R5 G1", "B1 B2"], "R9", stock="Y7")
    g.apply(Draw(A))
    assert g.current == B   # Y7 was not playable: the turn ended (R5 could not be played after the draw)
    g = Game.from_position(["R5 G1", "B1 B2"], "R9", stock="R7")
    g.apply(Draw(A))
    assert_refused(g, mk_play(A, "R5"))
    # DRAWANY: any playable card of the hand may go after the draw
    g = Game.from_position(["R5 G1", "B1 B2"], "R9", stock="Y7", rules="UNO 1121 DRAWANY")
    g.apply(Draw(A))
    assert g.phase == Phase.DRAWN and g.current == A and mk_play(A, "R5") in g.legal_actions(A)
    play(g, A, "R5")
    assert hand(g, A) == ["G1", "Y7"] and g.current == B
    g = Game.from_position(["R5 G1", "B1 B2"], "R9", stock="Y7", rules="UNO 1121 DRAWANY")
    g.apply(Draw(A))
    g.apply(Pass(A))                                # or keep everything
    assert g.current == B and hand(g, A) == ["R5", "G1", "Y7"]
    g = Game.from_position(["B5 G1", "B1 B2"], "R9", stock="Y7", rules="UNO 1121 DRAWANY")
    g.apply(Draw(A))
    assert g.current == B                           # nothing playable: the turn ends as usual


def test_NOENDDRAW_comprar_depois_do_fim():
    g = Game.from_position(["R+2", "B1 B2", "G1"], "R9", stock="Y1 Y2 Y3")
    play(g, A, "R+2")
    assert not g.over and g.phase == Phase.PENDING     # official: B draws 2 first, and they count
    g.apply(Draw(B))
    assert g.over and g.events[-1].points == 3 + 3 + 1
    g = Game.from_position(["R+2", "B1 B2", "G1"], "R9", stock="Y1 Y2 Y3", rules="UNO 1121 NOENDDRAW")
    play(g, A, "R+2")
    assert g.over and g.winner == A and hand(g, B) == ["B1", "B2"] and g.events[-1].points == 3 + 1


def test_WILDMATCH_curingas_tambem_sao_consideradas_correspondentes():
    hands = ["W+4 W G5", "B1 B2", "G1 G2"]
    g = Game.from_position(hands, "R9", stock="Y1 Y2 Y3 Y4 Y5 Y6")
    play(g, A, "W+4", "G")
    g.apply(Challenge(B))
    assert _verdict(g) == "innocent" and len(g.hands[B]) == 2 + 6   # no red card: legal, the challenger draws 6
    g = Game.from_position(hands, "R9", stock="Y1 Y2 Y3 Y4 Y5 Y6", rules="UNO 1121 WILDMATCH")
    play(g, A, "W+4", "G")
    g.apply(Challenge(B))
    assert _verdict(g) == "guilty" and len(g.hands[A]) == 2 + 4 and len(g.hands[B]) == 2   # the Wild matches


def _verdict(g):
    return next(e.verdict for e in reversed(g.events) if e.kind == "challenge")


def test_WILDMATCH_is_on_with_the_ohana_deck_unless_turned_off():
    assert Game.new(players=3, deck="ohana", seed=1).wild_matches
    assert not Game.new(players=3, deck="ohana", seed=1, rules="UNO 1121 WILDMATCH(mode=off)").wild_matches
    assert not Game.new(players=3, seed=1).wild_matches
    with pytest.raises(RuleCodeError):
        RuleSet.parse("UNO WILDMATCH(mode=maybe)")


def _wild_first(rules):
    for seed in range(400):
        g = Game.new(players=4, rules=rules, seed=seed)
        if g.phase == Phase.COLOR:
            return g
    raise AssertionError("no seed turned a Wild first")


@pytest.mark.parametrize("chooser, who", [("first", "starter"), ("left", "left"), ("dealer", "dealer")])
def test_chooser_determinacao_da_cor_no_comeco_do_jogo(chooser, who):
    g = _wild_first(f"UNO 2121 chooser={chooser}")   # traditional: the first player sits right of the dealer
    starter = g.current
    seat = {"starter": starter, "left": (g.dealer + 1) % 4, "dealer": g.dealer}[who]
    assert g.to_act == seat and ChooseColor(seat, Color.GREEN) in g.legal_actions(seat)
    if seat != starter:
        assert_refused(g, ChooseColor(starter, Color.GREEN))
    g.apply(ChooseColor(seat, Color.GREEN))
    assert g.color == Color.GREEN and g.phase == Phase.PLAY and g.current == starter == g.to_act


def test_chooser_is_a_table_parameter_with_three_values():
    assert RuleSet.parse("UNO 1121 chooser=left").param("chooser") == "left"
    with pytest.raises(RuleCodeError):
        RuleSet.parse("UNO 1121 chooser=nobody")


def test_italian_first_card_a_customisable_card_or_wild_shuffle_turned_first_is_played_on_as_a_wild():
    # 003: "Se la prima carta girata è la Jolly o una carta personalizzabile (o la carta Jolly mescola
    # carte), il giocatore alla sinistra del mazziere può giocare carte di qualsiasi colore"
    seen = set()
    for seed in range(3000):
        g = Game.new(players=3, deck="italian", seed=seed, include_blanks=True)
        top = g.discard[0].code
        if top in ("WB", "WSH"):
            seen.add(top)
            assert g.phase == Phase.COLOR and g.to_act == g.current == (g.dealer + 1) % 3
            g.apply(ChooseColor(g.to_act, Color.BLUE))
            assert g.color == Color.BLUE and g.phase == Phase.PLAY
        if seen == {"WB", "WSH"}:
            break
    assert seen == {"WB", "WSH"}
    for seed in range(300):   # elsewhere (the 112 deck) a blank turned first goes back, as every wild but the Wild
        g = Game.new(players=3, deck="112", seed=seed, include_blanks=True)
        assert g.discard[0].code != "WB"
