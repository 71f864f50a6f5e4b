"""Blank cards with a rule written on each (001: three blank Wilds "para personalizar"; 003: the
customisable cards, the carta bianca, the Cambio mazzo; unokit.rules.blanks)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import A, B, C, D, assert_refused, assert_replays, hand, kinds, mk_play, play, play_at_random, pos, sizes
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.actions import Action, Play
from unokit.core.cards import Card, Color
from unokit.core.decks import build_deck
from unokit.core.errors import IllegalActionError, NotationError, PositionError, RuleCodeError
from unokit.engine.game import Game
from unokit.rules import RuleSet
from unokit.rules.blanks import EFFECTS, blank_notes

STOCK = "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y8 Y7 Y6 Y5 Y4"


def rules(blanks: str, extra: str = "") -> str:
    return f"UNO 1121 {extra} blanks={blanks}".replace("  ", " ")


def table(hands, blanks, top="R7", deck="112", extra="", **kw) -> Game:
    return pos(hands, top, STOCK, rules=rules(blanks, extra), deck=deck, decks=1, **kw)


# --------------------------------------------------------------------------------------- the deck
def test_001_unwritten_blanks_are_left_out():
    # 001: "se as cartas Curinga Branca para Personalizar ainda não estiverem escritas, deixe-as de fora"
    g = Game.new(players=4, seed=3, deck="112", rules=rules("swap"))
    held = Counter(c.code for c in g._deck_cards)
    assert len(g._deck_cards) == 110 and held["WBX"] == 1 and held["WB"] == 0 and held["WX"] == 1
    assert g.include_blanks and sum(g.initial_counts.values()) == 110


def test_001_each_blank_carries_its_own_rule():
    g = Game.new(players=4, seed=3, deck="112", rules=rules("bianca/drawn/nextswap"))
    held = Counter(c.code for c in g._deck_cards)
    assert (held["WBC"], held["WBN"], held["WBM"], len(g._deck_cards)) == (1, 1, 1, 112)


def test_001_blank_stands_in_for_a_lost_card():
    # "also as stand-ins for lost cards": the deck holds as many R7 as before, and the list says so
    g = Game.new(players=4, seed=3, deck="112", rules=rules("r7/swap"))
    held = Counter(c.code for c in g._deck_cards)
    assert held["R7"] == 2 and len(g._deck_cards) == 110
    assert blank_notes("r7/swap") == ["blank 1: stands in for a lost R7", "blank 2: swap hands (WBX)"]


@pytest.mark.parametrize("deck,code,why", [
    ("classic", "swap", "has no blank cards"),
    ("112", "swap/swap/swap/swap", "has 3 blank cards"),
    ("112", "r0/r0", "holds 1 R0"),
    ("112", "wdc", "holds 0 WDC"),
])
def test_001_a_deck_holds_only_the_blanks_it_has(deck, code, why):
    with pytest.raises(RuleCodeError, match=why):
        Game.new(players=3, seed=1, deck=deck, rules=rules(code))


def test_two_decks_hold_six_blanks():
    g = Game.new(players=12, seed=1, deck="112", decks=2, rules=rules("swap/draw2/everyone1/drawn/bianca/nextswap"))
    assert sum(c.code.startswith("WB") for c in g._deck_cards) == 6


@pytest.mark.parametrize("bad", ["foo", "wb", "wbx", "r7/", "swap//drawn", "r7x", "/".join(["swap"] * 25)])
def test_blanks_parameter_refuses_unknown_effects(bad):
    with pytest.raises(RuleCodeError, match="blank effects separated by '/'"):
        RuleSet.parse(f"UNO 1121 blanks={bad}")


def test_blank_and_blanks_together_are_refused():
    with pytest.raises(RuleCodeError, match="not both"):
        Game.new(players=3, seed=1, deck="112", rules="UNO 1121 blank=swap blanks=drawn")


def test_blanks_code_round_trips():
    rs = RuleSet.parse("uno 1121 BLANKS=Bianca/R7 blankmax=6")
    assert rs.code == "UNO 1121 blankmax=6 blanks=bianca/r7" and RuleSet.parse(rs.code) == rs


def test_003_customisable_cards_score_40_on_the_italian_deck():
    # 003: "le carte personalizzabili (e la carta Jolly mescola carte) valgono 40 punti"
    g = table(["R1", "WBX WBN", "WBC", "G1"], "swap/drawn/bianca", deck="italian")
    assert g.hand_points(B) == 80 and g.hand_points(C) == 40
    g2 = table(["R1", "WBX WBN", "WBC", "G1"], "swap/drawn/bianca")
    assert g2.hand_points(B) == 100 and g2.hand_points(C) == 40


def test_003_written_blank_turned_first_lets_the_first_player_name_the_colour():
    # 003: "Se la prima carta girata è la Jolly o una carta personalizzabile ... può giocare carte di qualsiasi
    # colore"
    for seed in range(2000):
        g = Game.new(players=3, seed=seed, deck="italian", rules=rules("swap/drawn/bianca"))
        if g.discard[0].code in ("WBX", "WBN", "WBC"):
            assert "first-returned" not in kinds(g.events)
            assert {a.kind for a in g.legal_actions(g.to_act)} == {"color"}
            return
    pytest.fail("no written blank turned first in 2000 deals")


def test_001_written_blank_turned_first_goes_back():
    # the official rule for the 112 deck's other wilds: put back, turn another
    for seed in range(2000):
        g = Game.new(players=3, seed=seed, deck="112", rules=rules("swap/drawn/bianca"))
        back = [e.detail for e in g.events if e.kind == "first-returned"]
        if any(d[0].startswith("WB") for d in back):
            assert not g.discard[0].code.startswith("WB")
            return
    pytest.fail("no written blank turned first in 2000 deals")


# ------------------------------------------------------------------------------------ the effects
def test_003_swap_blank_swaps_with_a_chosen_player():
    g = table(["WBX R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "swap")
    assert_refused(g, mk_play(A, "WBX", "G"), IllegalActionError)
    assert_refused(g, mk_play(A, "WBX", "G", target=A), IllegalActionError)
    ev = play(g, A, "WBX", "G", target=C)
    assert hand(g, A) == ["G1", "G2"] and hand(g, C) == ["R1", "R2"] and "swap" in kinds(ev)
    assert g.color == Color.GREEN and g.current == B


def test_003_draw2_blank_makes_a_chosen_player_draw_two():
    g = table(["WB2 R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "draw2")
    play(g, A, "WB2", "B", target=D)
    assert sizes(g) == [2, 3, 2, 4] and g.current == B and g.color == Color.BLUE


def test_003_everyone1_blank_makes_every_other_player_draw_one():
    g = table(["WBE R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "everyone1")
    play(g, A, "WBE", "Y")
    assert sizes(g) == [2, 4, 3, 3] and g.current == B


def test_003_draw_n_next_player_draws_the_number_chosen():
    # 003: "far pescare un numero di carte a proprio piacimento al giocatore successivo"
    g = table(["WBN R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "drawn", extra="blankmax=6")
    offered = {str(a) for a in g.legal_actions(A) if a.kind == "play" and a.cards[0].code == "WBN"}
    assert {f"0 play WBN>R claim:+{k}" for k in range(1, 7)} <= offered and "0 play WBN>R claim:+7" not in offered
    for bad in (mk_play(A, "WBN", "R"), mk_play(A, "WBN", "R", claim=7), mk_play(A, "R1", claim=2)):
        assert_refused(g, bad, IllegalActionError)
    ev = play(g, A, "WBN", "G", claim=5)
    assert sizes(g) == [2, 8, 2, 2] and g.current == C and "penalty" in kinds(ev)


def test_003_draw_n_written_and_read_back():
    a = Action.parse("0 play WBN>G claim:+5")
    assert a == Play(A, (Card.parse("WBN"),), Color.GREEN, claim=5) and str(a) == "0 play WBN>G claim:+5"
    with pytest.raises(NotationError):
        Action.parse("0 play WBN>G claim:+21")


def test_003_draw_n_two_players_plays_again():
    g = table(["WBN R1 R2", "B1 B2 B3"], "drawn")
    play(g, A, "WBN", "G", claim=2)
    assert sizes(g) == [2, 5] and g.current == A


def test_003_carta_bianca_swaps_with_an_opponent_of_your_choice():
    # 003: "sostituire le proprie carte con quelle di un avversario a propria scelta"
    g = table(["WBC R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "bianca", top="G9")
    assert_refused(g, mk_play(A, "WBC", "R", target=B), IllegalActionError)   # it names no colour
    ev = play(g, A, "WBC", target=B)
    assert hand(g, A) == ["B1", "B2", "B3"] and hand(g, B) == ["R1", "R2"] and "swap" in kinds(ev)
    assert g.color == Color.GREEN and g.top.code == "WBC" and g.current == B


def test_003_carta_bianca_only_on_your_turn():
    # 003: "può essere usata in qualsiasi momento salvo che si rispetti il proprio turno"
    g = table(["R1 R2", "WBC B1", "G1 G2", "Y1 Y2"], "bianca")
    assert_refused(g, mk_play(B, "WBC", target=C))


def test_003_carta_bianca_kept_as_last_card_wins_the_next_turn():
    # 003: "rimane soltanto con essa dopo aver esclamato "UNO!" se ne libera al turno successivo vincendo la mano"
    g = table(["WBC", "B1 B2 B3", "G1 G2", "Y1 Y2"], "bianca")
    assert [str(a) for a in g.legal_actions(A) if a.kind == "play"] == ["0 play WBC"]
    assert_refused(g, mk_play(A, "WBC", target=B), IllegalActionError)
    play(g, A, "WBC")
    assert g.over and g.winner == A


def test_003_carta_bianca_loses_its_win_when_an_action_card_hits_first():
    # "sempreché nel frattempo un avversario non abbia utilizzato nei suoi confronti le carte Azione"
    g = table(["G1 G2", "R+2 R3", "WBC", "Y1 Y2"], "bianca", top="R9", current=B)
    play(g, B, "R+2")
    assert g.pending == 2 and g.current == C and [str(a) for a in g.legal_actions(C) if a.kind == "play"] == []
    g = table(["G1 G2", "RS R3", "WBC", "Y1 Y2"], "bianca", top="R9", current=B)
    play(g, B, "RS")
    assert g.current == D and hand(g, C) == ["WBC"]


def test_003_carta_bianca_scores_40_in_a_losers_hand():
    # "viene sommata con un punteggio pari a 40"
    g = table(["R1", "WBC B1", "G1", "Y1"], "bianca")
    play(g, A, "R1")
    assert g.over and g.hand_points(B) == 41


def test_003_cambio_mazzo_swaps_with_the_next_player():
    # 003: "carta Cambio mazzo: utilizzabile dalle 2 carte in su con il giocatore successivo"
    g = table(["WBM R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "nextswap")
    ev = play(g, A, "WBM", "Y")
    assert hand(g, A) == ["B1", "B2", "B3"] and hand(g, B) == ["R1", "R2"] and g.current == B and "swap" in kinds(ev)


def test_003_cambio_mazzo_needs_two_cards():
    g = table(["WBM", "B1 B2 B3", "G1 G2", "Y1 Y2"], "nextswap")
    assert_refused(g, mk_play(A, "WBM", "Y"), IllegalActionError)
    assert [a.kind for a in g.legal_actions(A)] == ["draw"]


def test_003_cambio_mazzo_follows_the_direction():
    g = table(["WBM R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "nextswap", direction=-1)
    play(g, A, "WBM", "Y")
    assert hand(g, A) == ["Y1", "Y2"] and hand(g, D) == ["R1", "R2"] and g.current == D


def test_001_stand_in_plays_as_the_card_it_replaces():
    g = table(["R7 B1", "B2 B3", "G1 G2"], "r7", top="G7")
    play(g, A, "R7")
    assert g.color == Color.RED and g.current == B


def test_position_refuses_blanks_the_table_did_not_write():
    with pytest.raises(PositionError, match="no WBC"):
        table(["WBC R1", "B1", "G1"], "swap")


# ----------------------------------------------------------------------------- random play, replays
BLANK_WORDS = st.sampled_from(sorted(EFFECTS) + ["r7", "wx", "w+4", "gs"])


@settings(max_examples=25, deadline=None)
@given(words=st.lists(BLANK_WORDS, min_size=1, max_size=3, unique=True), seed=st.integers(0, 10_000),
       players=st.integers(2, 6), deck=st.sampled_from(["112", "italian"]),
       enforcement=st.sampled_from(["strict", "table"]), extra=st.sampled_from(["", "P4", "DR-C", "SEVENO"]))
def test_blanks_random_play_keeps_every_card_and_replays(words, seed, players, deck, enforcement, extra):
    if deck == "italian" and "wx" in words:
        words = ["swap" if w == "wx" else w for w in words]
    if deck == "112" and "wsh" in words:
        return
    code = f"UNO 1121 {extra} blanks={'/'.join(words)} blankmax=5".replace("  ", " ")
    g = Game.new(players=players, seed=seed, deck=deck, rules=code, enforcement=enforcement)
    play_at_random(g, random.Random(seed), 400)
    assert_replays(g)


def test_blank_effects_all_happen_in_random_play():
    seen = set()
    for seed in range(60):
        g = Game.new(players=4, seed=seed, deck="112", rules=rules("bianca/drawn/nextswap"))
        play_at_random(g, random.Random(seed), 400)
        seen |= {a.cards[-1].code for _, a in g.actions if getattr(a, "cards", None)} & {"WBC", "WBN", "WBM"}
        if len(seen) == 3:
            break
    assert seen == {"WBC", "WBN", "WBM"}


def test_build_deck_caches_written_blanks_apart():
    assert len(build_deck("112", 1, True, "swap")) == 110 and len(build_deck("112", 1, True)) == 112


def test_a_plain_play_carrying_a_claim_or_a_second_seat_is_refused():
    # the referee's one-card fast path must not accept fields it ignores (state unchanged)
    g = pos(["R1 R2", "G5 G6"], "R9", STOCK)
    assert_refused(g, mk_play(A, "R1", claim=2), IllegalActionError)
    assert_refused(g, Play(A, (Card.parse("R1"),), first=1))
    for seed in range(20):
        g = Game.new(players=2, seed=seed)
        plays = [a for a in g.legal_actions(g.to_act) if a.kind == "play"]
        if plays:
            from dataclasses import replace
            assert not g.can(replace(plays[0], claim=3)) and not g.can(replace(plays[0], first=1 - g.to_act))
            return
