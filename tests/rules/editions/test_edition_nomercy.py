"""NOMERCY: UNO Show 'em No Mercy (003 §UNO Show 'em No Mercy), its deck, cards and rules.

Seats 0, 1, 2... are A, B, C...; "left" of a seat is the next seat (+1).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import A, B, C, D, assert_refused, cards, draw, hand, mk_play, play, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.actions import ChooseColor
from unokit.core.cards import Card, Color
from unokit.core.decks import build_deck
from unokit.core.errors import CardNotPlayableError, IllegalActionError, RuleConflictError, UnoError
from unokit.engine.compose import complete
from unokit.engine.game import Game, Phase
from unokit.engine.playback import replay
from unokit.engine.record import dumps, loads
from unokit.rules import RuleSet
from unokit.rules.editions.nomercy import MERCY

NM = "UNO NOMERCY"


def pos(hands, discard, stock="", **kw) -> Game:
    return Game.from_position(hands, discard, stock, rules=NM, **kw)


# ------------------------------------------------------------------------------------------ the deck
def test_NOMERCY_deck_has_168_cards_as_listed():
    deck = build_deck("nomercy")
    assert len(deck) == 168
    n = Counter(c.code for c in deck)
    for col in "RYGB":
        assert all(n[f"{col}{k}"] == 2 for k in range(10))          # 0 passes hands: two 0s per colour
        assert (n[f"{col}+2"], n[f"{col}S"], n[f"{col}R"]) == (3, 3, 3)
        assert (n[f"{col}+4"], n[f"{col}SA"], n[f"{col}DA"]) == (2, 2, 3)
    assert (n["WR+4"], n["W+6"], n["W+10"], n["WCR"]) == (8, 4, 4, 8)
    assert n["W"] == n["W+4"] == 0


def test_NOMERCY_new_cards_have_notation_points_and_draw_values():
    assert [Card.parse(c).draw for c in ("R+4", "WR+4", "W+6", "W+10", "WCR", "RSA", "RDA")] == [4, 4, 6, 10, 0, 0, 0]
    assert [Card.parse(c).points for c in ("G+4", "GSA", "GDA", "W+10", "WCR")] == [20, 20, 20, 50, 50]
    assert Card.parse("wcr").is_wild and not Card.parse("WCR").names_color and Card.parse("W+6").names_color
    assert all(eval(repr(c)) is c for c in Card.ALL)


def test_NOMERCY_game_uses_its_own_deck_and_seats_two_to_six():
    g = Game.new(players=6, rules=NM, seed=1)
    assert g.deck_name == "nomercy" and sum(sizes(g)) + len(g.stock) + len(g.discard) == 168
    with pytest.raises(UnoError, match="2 to 6 players"):
        Game.new(players=7, rules=NM, seed=1)
    with pytest.raises(UnoError, match="its own deck"):
        Game.new(players=4, rules=NM, deck="italian", seed=1)


def test_NOMERCY_parser_refuses_what_does_not_combine():
    assert RuleSet.parse("uno nomercy").code == "UNO 1121 NOMERCY"
    assert RuleSet.parse("UNO NOMERCY C-DOA").has("NOMERCY")
    for bad in ("UNO NOMERCY P4", "UNO NOMERCY SEVENO", "UNO NOMERCY SAT", "UNO NOMERCY MS1"):
        with pytest.raises(RuleConflictError, match="cannot be combined"):
            RuleSet.parse(bad)
    with pytest.raises(RuleConflictError, match="already gives a function"):
        RuleSet.parse("UNO NOMERCY DOA(card=7)")


# ------------------------------------------------------------------------------------------ the cards
def test_NOMERCY_draw_four_is_coloured_and_matched_like_a_draw_two():
    g = pos(["R+4 B5 B6", "G1 G2", "Y1 Y2"], "R9", "G3 G4 G5 G6")
    assert_refused(g, mk_play(A, "R+4", "B"), IllegalActionError)       # it names no colour
    play(g, A, "R+4")
    assert (g.phase, g.pending, g.current, g.color) == (Phase.PENDING, 4, B, Color.RED)
    draw(g, B)
    assert sizes(g) == [2, 6, 2] and g.current == C
    g2 = pos(["G+4 B5", "G1 G2"], "B+4", "G3 G4 G5 G6")                 # symbol on symbol: +4 on +4
    assert g2.can(mk_play(A, "G+4"))


def test_NOMERCY_skip_everyone_gives_its_player_another_turn():
    g = pos(["RSA R5 B6", "G1 G2", "Y1 Y2", "B1 B2"], "R9")
    play(g, A, "RSA")
    assert g.current == A and g.phase == Phase.PLAY
    play(g, A, "R5")
    assert g.current == B


def test_NOMERCY_discard_all_sheds_every_card_of_its_colour_under_it():
    g = pos(["GDA G5 G+2 GS B6", "G1 G2", "Y1 Y2"], "G9")
    play(g, A, "GDA")
    assert hand(g, A) == ["B6"] and g.top.code == "GDA" and g.color == Color.GREEN
    assert g.current == B                                                  # the +2 and the Skip did nothing
    assert [e.kind for e in g.events[-3:]].count("discard-all") == 1
    assert A in g.catchable                                                # one card left, UNO not said
    g2 = pos(["GDA G5 B6 B7", "G1 G2", "Y1 Y2"], "G9")
    play(g2, A, "GDA", uno=False)
    g3 = pos(["GDA G5 B6", "G1 G2", "Y1 Y2"], "G9")
    play(g3, A, "GDA", uno=True)                                           # UNO said with the play that leaves one
    assert g3.uno_said[A] and A not in g3.catchable
    g4 = pos(["GDA G5 G6", "G1 G2", "Y1 Y2"], "G9")
    play(g4, A, "GDA")                                                     # the last cards go down with it
    assert g4.over and g4.winner == A


def test_NOMERCY_wild_reverse_draw_four_turns_then_the_next_draws():
    g = pos(["WR+4 R5 R6", "G1 G2", "Y1 Y2", "B1 B2"], "R9", "G3 G4 G5 G6 G7")
    play(g, A, "WR+4", "B")
    assert (g.direction, g.current, g.pending, g.color) == (-1, D, 4, Color.BLUE)
    draw(g, D)
    assert sizes(g)[D] == 6 and g.current == C


def test_NOMERCY_stacking_only_equal_or_higher():
    g = pos(["W+6 R1", "B+2 W+10 B5", "Y+2 Y2 Y3"], "R+2", "G3 G4 G5 G6 G7 G8 G1 G2 Y4 Y5 Y6 Y7 Y8 Y9 B1 B2 B3",
            pending=2)
    play(g, A, "W+6", "B")                                                # 6 on 2: higher
    assert g.pending == 8 and g.current == B
    assert_refused(g, mk_play(B, "B+2"), CardNotPlayableError)            # 2 on 6: lower
    play(g, B, "W+10", "Y")
    assert g.pending == 18 and g.current == C
    assert not any(a.kind == "play" for a in g.legal_actions(C))          # Y+2 < 10: draw it all
    draw(g, C)
    assert sizes(g)[C] == 3 + 18 and g.current == A                       # 17 from the stock, 1 reshuffled


def test_NOMERCY_colour_roulette_victim_names_a_colour_and_turns_until_it():
    g = pos(["WCR R5 R6", "G1 G2", "Y1 Y2"], "R9", "B1 Y7 WR+4 G4 R2 G8")
    assert_refused(g, mk_play(A, "WCR", "G"), IllegalActionError)         # its player names no colour
    play(g, A, "WCR")
    assert g.phase == Phase.COLOR and g.to_act == B and g.color == Color.RED
    assert [a for a in g.legal_actions(B) if type(a) is ChooseColor]
    g.apply(ChooseColor(B, Color.GREEN))
    assert hand(g, B) == ["G1", "G2", "B1", "Y7", "WR+4", "G4"]            # turned until the first green
    assert g.color == Color.GREEN and g.current == C and g.phase == Phase.PLAY
    ev = next(e for e in g.events if e.kind == "roulette")                # everyone saw them turned
    assert ev.color == "G" and ev.cards == cards("B1 Y7 WR+4 G4")
    from unokit.engine.view import view_of
    assert ev in view_of(g, C).history


def test_NOMERCY_zero_passes_every_hand_in_the_direction_of_play_as_published():
    g = pos(["R0 R5", "G1 G2 G3", "Y1", "B1 B2 B3 B4"], "R9")
    g.direction = -1
    play(g, A, "R0")      # counter-clockwise: each hand goes to the seat on the right
    assert [hand(g, s) for s in range(4)] == [["G1", "G2", "G3"], ["Y1"], ["B1", "B2", "B3", "B4"], ["R5"]]


def test_NOMERCY_zero_left_passes_every_hand_to_the_left_as_the_seed_says():
    g = Game.from_position(["R0 R5", "G1 G2 G3", "Y1", "B1 B2 B3 B4"], "R9", rules="UNO NOMERCY(zero=left)")
    g.direction = -1
    play(g, A, "R0")      # "con quella del giocatore alla sinistra": to the left whatever the direction
    assert [hand(g, s) for s in range(4)] == [["B1", "B2", "B3", "B4"], ["R5"], ["G1", "G2", "G3"], ["Y1"]]


def test_NOMERCY_seven_swap_is_obligatory():
    g = pos(["R7 R5 R6", "G1", "Y1 Y2"], "R9")
    assert_refused(g, mk_play(A, "R7"), CardNotPlayableError)
    plays = [a for a in g.legal_actions(A) if a.kind == "play" and a.cards == cards("R7")]
    assert plays and all(a.more == "target" or a.target is not None for a in plays)
    play(g, A, "R7", target=B)
    assert hand(g, A) == ["G1"] and hand(g, B) == ["R5", "R6"]


def test_NOMERCY_a_player_who_cannot_play_draws_until_they_can():
    g = pos(["B5 B6", "G1 G2", "Y1 Y2"], "R9", "Y3 G4 B8 R2 Y9")
    draw(g, A)
    assert hand(g, A) == ["B5", "B6", "Y3", "G4", "B8", "R2"] and g.phase == Phase.DRAWN


def test_NOMERCY_mercy_rule_puts_out_a_player_with_25_cards():
    big = " ".join(["B5"] * 1 + ["B6", "B7", "B8", "B9", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9",
                                 "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9"])   # 23 cards
    g = pos(["R+2 R5", big], "R9", "Y0 G0 B0 R1")
    play(g, A, "R+2")
    draw(g, B)
    assert g.over and g.winner == A and B in g.eliminated and hand(g, B) == []
    assert any(e.kind == "eliminated" for e in g.events)
    g.check_invariants()                                                  # the 25 cards went into the stock
    g3 = pos(["R+2 R5", big, "Y+2 G1 G2"], "R9", "Y0 G0 B0 R1")
    play(g3, A, "R+2")
    draw(g3, B)
    assert not g3.over and g3.eliminated == {B} and g3.current == C and len(g3.active) == 2
    assert sizes(g3)[B] == 0 and MERCY == 25


# ------------------------------------------------------------------------------------------ random games
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       extra=st.sampled_from(["", " C", " DOA", " JUMPIN", " FORCE-DRAWPLAY", " PAA", " TRI-BACK"]))
def test_NOMERCY_random_games_keep_every_card_in_one_place_and_replay(seed, players, extra):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=NM + extra, seed=seed)
    for _ in range(600):
        if g.over:
            break
        seat = g.to_act
        acts = g.legal_actions(seat)
        for q in g.out_of_turn_seats():
            if rng.random() < 0.2:
                acts = acts + g.legal_actions(q, turn=False)
        g.apply(complete(g, rng.choice(acts), rng.choice))
        g.check_invariants()
    g2 = replay(loads(dumps(g.record())))
    assert g2.fingerprint() == g.fingerprint()


def test_NOMERCY_bots_play_it_and_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=NM, players=2, hands=150, seed=3, jobs=1, progress=False)
    rate = res["win_rate"]["strategist"]
    assert res["finished"] == 300 and rate["lo"] > 0.5, rate


def test_NOMERCY_a_match_or_a_web_table_refuses_seats_the_edition_does_not_have():
    from unokit.match import MatchConfig, MatchError
    from unokit.play.session import TableError, TableOptions
    with pytest.raises(MatchError, match="2 to 6 players"):
        MatchConfig(players=8, rules=NM)
    with pytest.raises(MatchError, match="its own deck"):
        MatchConfig(players=4, rules=NM, deck="italian")
    with pytest.raises(TableError, match="2 to 6 players"):
        TableOptions(rules=NM, seats=8)
    assert TableOptions(rules=NM, seats=6).seats == 6


def test_NOMERCY_the_terminal_does_not_ask_a_colour_for_the_colour_roulette(capsys, monkeypatch):
    import io

    from unokit.cli import main
    monkeypatch.setattr("sys.stdin", io.StringIO("WCR\nquit\n"))
    rc = main(["play", "--rules", "UNO NOMERCY", "--plain", "--seed", "3"])
    out = capsys.readouterr().out
    assert rc == 0 and "Colour for WCR" not in out and "You play Wild Colour Roulette" in out
