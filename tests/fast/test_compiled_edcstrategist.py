"""The compiled strategist under the coloured editions it is written for (issue 28 point 1,
unokit/fast/_edcstrategist.h): UNO Extreme!, UNO Flash, UNO Spin, UNO Show 'em No Mercy, UNO Flex and UNO Flip. It
makes the Python strategist's choices.

C plays a hand (every move applied logged, reactions included); ``unokit.lab.sim.play_hand`` plays the same deal with
``StrategistBot`` seeded as the C seat (beside ``RandomPlayBot``, ``GreedyBot`` and the human-error bots) and the same
harness generator: the same moves in the same order, so every strategist decision is the Python bot's, its colours,
Wild Draw Four challenges and bluff caution, card counting and reading of the others' draws included, Extreme's
launcher, Flash's SLAP rounds, Spin's wheel (its free discards, the colour it names, the draws until a colour, the
hands passed on, the hand shown) and No Mercy's cards and rules (draw stacking, the mercy limit and the seats out, the
7's swap, the 0's pass, Discard All, Skip Everyone, the Wild Reverse Draw Four, the roulette and its draws) and Flex's
flex sides (the colour a flexed number leaves, Skip Everyone, the Reverse that skips, the draws of a seat named or of
everyone, read as turn draws) and Flip's two sides (the dark colours, the deck's side in play, the pile's sides nobody
has seen, the table turned over, the Wild Draw Colour and the draws until its colour) included (2 to 6 players;
hypothesis over seeds and line-ups). Whole hands equal the
lab's ``play_deal``. Mutations, each caught by the lockstep: C told that the Draw Two draws nothing (the strategist's
Card.draw), that a Skip is a 3 (its face), that the Hit 2 makes the next seat press nothing or that the Wild Hit is a
Hit 2 (the strategist's face), that a Spin card is a plain number, that No Mercy's Discard All, Skip Everyone or
Wild Reverse Draw Four is a plain card, that Flex's flexed Skip is a 3 or its flexed Wild All a plain Wild (nobody
made to draw), that Flip's Wild Draw Colour is a plain Wild.
"""

from __future__ import annotations

import compiled_support as S
import pytest
import test_compiled_editions_flip as FL
import test_compiled_editions_human as H
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions import same_moves, told_wrong
from test_compiled_edstrategist import all_but_one, alternate, beside_humans, mixed

from unokit.fast import compiled as C

EXTREME, FLASH, SPIN, NOMERCY, FLEX = "UNO EXTREME", "UNO FLASH", "UNO SPIN", "UNO NOMERCY", "UNO FLEX"
COLOURED = (EXTREME, FLASH, SPIN, NOMERCY, FLEX)
pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def strategist_moves(rules: str, players: int, seeds, lineup) -> tuple[int, int]:
    """test_compiled_editions.same_moves for the strategist's seats (a hand cut short at the step limit included).
    Returns (the strategist's moves, hands)."""
    return same_moves(players, rules, seeds, lineup, bot="strategist", cut_short=True)


@pytest.mark.parametrize("rules", COLOURED)
def test_strategist_is_played_compiled_under_the_coloured_editions_written(rules):
    for players in (2, 3, 6):
        assert C.problem(rules, ["strategist"] * players, players) is None


@pytest.mark.parametrize("rules", COLOURED)
@pytest.mark.parametrize("players,lineup,hands", [
    (2, alternate, 24), (3, all_but_one, 14), (4, mixed, 12), (5, alternate, 8), (6, mixed, 8)])
def test_compiled_strategist_makes_the_python_strategist_choices(rules, players, lineup, hands):
    decisions, played = strategist_moves(rules, players, range(hands), lineup)
    assert played == S.sampled(hands) and decisions > 10 * played


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(rules=st.sampled_from(COLOURED), seed=st.integers(0, 10**6), players=st.integers(2, 6),
       lineup=st.sampled_from((alternate, all_but_one, mixed)))
def test_compiled_strategist_agrees_on_any_deal(rules, seed, players, lineup):
    strategist_moves(rules, players, [seed], lineup)


@pytest.mark.parametrize("rules,face,fact,value", [
    (EXTREME, "R+2", "card draw", 0), (EXTREME, "GS", "face", 3), (EXTREME, "RX2", "strategist's face", 0),
    (EXTREME, "WH", "strategist's face", 7), (FLASH, "Y+2", "card draw", 0), (SPIN, "B2S", "face", 2),
    (NOMERCY, "GDA", "face", 3), (NOMERCY, "YSA", "face", 4), (NOMERCY, "WR+4", "face", 23),
    (FLEX, "RSX*", "face", 3), (FLEX, "WFA*", "face", 13)])
def test_strategist_told_wrong_in_C_fails_the_lockstep(monkeypatch, rules, face, fact, value):
    """The mutation check on facts only the strategist reads here (no greedy seat): a Draw Two that draws nothing,
    a Skip read as a 3, a Hit 2 valued as a plain card (the next seat presses nothing), a Wild Hit as a Hit 2, a Spin
    card as a plain 2 (the card a free discard or a look-ahead keeps), a Discard All as a 3 (its shed not counted), a
    Skip Everyone as a 4, a Wild Reverse Draw Four as a Wild Draw Six (its victim the next seat, not the previous), a
    flexed Skip as a 3 (no Skip Everyone), a flexed Wild All as a plain Wild (nobody made to draw)."""
    told_wrong(monkeypatch, rules, face, fact, value)
    with pytest.raises(AssertionError):
        for players in (2, 3):
            strategist_moves(rules, players, range(30), alternate)


@pytest.mark.parametrize("rules", COLOURED)
def test_compiled_strategist_lab_hands_equal_play_deal(rules):
    n, lineup = S.sampled(12), ["strategist", "random-play", "greedy", "strategist"]
    S.same_lab_hands(rules, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score"), bot_salt=0,
                     whole=True)


@pytest.mark.parametrize("rules", COLOURED)
@pytest.mark.parametrize("rates", [H.LOUD, H.CHATTY])
def test_compiled_strategist_beside_human_error_bots_makes_the_python_choices(rules, rates):
    """_edhuman.h's reaction step (delays, forgotten calls, catches: penalties the strategist reads) around the
    strategist's turns: every move the same (UNO Spin's hand shown after a challenge included: seed 8 at 6 players
    under LOUD, where the strategist reads the hand the wheel showed less what was played since the challenge)."""
    out = H.lockstep(rules, (2, 3, 6), 10, rates=rates, lineup=beside_humans)   # (No Mercy: 2 to 6 players)
    assert out["hands"] == 3 * S.sampled(10) and out["caught"] > 0


def test_spin_hand_shown_after_a_challenge_is_read_as_the_python_strategist_reads_it():
    """The case that found it (UNO Spin, 6 players, seed 8: seat 0 challenged at the start, its hand shown to the
    challenger only, then the wheel shows it to everyone; seat 4 counts the card of it still held)."""
    H.lockstep(SPIN, (6,), [8], rates=H.LOUD, lineup=beside_humans)


@pytest.mark.parametrize("rules", (*COLOURED, "UNO FLIP"))
def test_strategist_beats_random_play(rules):
    for seat, bots in enumerate((["strategist", "random-play"], ["random-play", "strategist"])):
        r = C.play(4000, players=2, rules=rules, bots=bots, seed=3, chance="fast")
        assert (r.winner == seat).mean() > 0.55   # (Flash: 57.7%, its unit picks who plays next)


FLIP = "UNO FLIP"


def flip_moves(players: int, seeds, lineup) -> tuple[int, int]:
    """UNO Flip's lockstep (its moves named by the side in play: test_compiled_editions_flip.same_moves)."""
    decisions, hands, _ = FL.same_moves(players, seeds, lineup, bot="strategist", cut_short=True)
    return decisions, hands


@pytest.mark.parametrize("players,lineup,hands", [
    (2, alternate, 24), (3, all_but_one, 14), (4, mixed, 12), (5, alternate, 8), (6, mixed, 8)])
def test_FLIP_compiled_strategist_makes_the_python_strategist_choices(players, lineup, hands):
    decisions, played = flip_moves(players, range(hands), lineup)
    assert played == S.sampled(hands) and decisions > 10 * played


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), lineup=st.sampled_from((alternate, all_but_one, mixed)))
def test_FLIP_compiled_strategist_agrees_on_any_deal(seed, players, lineup):
    flip_moves(players, [seed], lineup)


def test_FLIP_strategist_told_wrong_in_C_fails_the_lockstep(monkeypatch):
    """The Wild Draw Colour valued as a plain Wild (its victim's cards until the colour not counted)."""
    told_wrong(monkeypatch, FLIP, "WDC/BR", "face", 13)
    with pytest.raises(AssertionError):
        for players in (2, 3, 4):
            flip_moves(players, range(30), mixed)


@pytest.mark.parametrize("rates", [H.LOUD, H.CHATTY])
def test_FLIP_compiled_strategist_beside_human_error_bots_makes_the_python_choices(rates):
    out = FL.human_lockstep((2, 3, 6), 10, rates=rates, lineup=beside_humans)
    assert out["hands"] == 3 * S.sampled(10) and out["caught"] > 0 and out["dark"] > 0


def test_FLIP_compiled_strategist_lab_hands_equal_play_deal():
    n, lineup = S.sampled(12), ["strategist", "random-play", "greedy", "strategist"]
    S.same_lab_hands(FLIP, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score"), bot_salt=0,
                     whole=True)
