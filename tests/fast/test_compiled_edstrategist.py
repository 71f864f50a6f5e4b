"""The compiled strategist under UNO All Wild! (issue 27 point 3, issue 28 point 1, unokit/fast/_edstrategist.h)
makes the Python strategist's choices.

C plays a hand (every move applied logged, reactions included); ``unokit.lab.sim.play_hand`` plays the same deal with
``StrategistBot`` seeded as the C seat (and ``RandomPlayBot``, ``GreedyBot`` seats) and the same harness generator:
the same moves in the same order, so every strategist decision is the Python bot's (2 to 6 players; hypothesis over
seeds and line-ups). Whole hands equal the lab's ``play_deal``. Mutations: C told that the Forced Swap is a plain
Wild to the strategist, or the Wild Skip Two a Wild Skip, fails the lockstep. Beside the human-error bots (_edhuman.h's
reaction step), every move the same too. Under the coloured editions the strategist is _edcstrategist.h's
(tests/fast/test_compiled_edcstrategist.py).
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
import test_compiled_editions_human as H
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions import _told_wrong, same_moves

from unokit.fast import compiled as C

ALLWILD = "UNO ALLWILD"
pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def alternate(players, seed):
    return ["strategist" if s % 2 == 0 else "random-play" for s in range(players)]


def all_but_one(players, seed):
    """Strategists and one greedy seat (a table of strategists alone stalls: each keeps drawing, Trebuchet)."""
    return ["greedy" if s == seed % players else "strategist" for s in range(players)]


def mixed(players, seed):
    r = random.Random(seed * 17 + players)
    return [r.choice(("strategist", "strategist", "greedy", "random-play")) for _ in range(players)]


def strategist_moves(players: int, seeds, lineup) -> tuple[int, int]:
    """test_compiled_editions.same_moves for the strategist's seats, a hand cut short at the step limit included (a
    table of strategists may keep drawing: Trebuchet). Returns (the strategist's moves, hands)."""
    return same_moves(players, ALLWILD, seeds, lineup, bot="strategist", cut_short=True)


@pytest.mark.parametrize("players,lineup,hands", [
    (2, alternate, 24), (3, all_but_one, 14), (4, mixed, 12), (5, alternate, 8), (6, mixed, 8),
    pytest.param(5, all_but_one, 8, marks=pytest.mark.skipif(not S.FULL, reason="UNOKIT_FULL=1: 23 s, cut short"))])
def test_ALLWILD_compiled_strategist_makes_the_python_strategist_choices(players, lineup, hands):
    decisions, played = strategist_moves(players, range(hands), lineup)
    assert played == S.sampled(hands) and decisions > 20 * played


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_ALLWILD_compiled_strategist_agrees_on_any_deal(seed, players):
    strategist_moves(players, [seed], alternate)


@pytest.mark.parametrize("face,value", [("WFS", 0), ("WS2", 1)])
def test_ALLWILD_strategist_told_wrong_in_C_fails_the_lockstep(monkeypatch, face, value):
    """The mutation check: C's strategist values the Forced Swap as a plain Wild, or the Skip Two as a Skip."""
    _told_wrong(monkeypatch, face, "strategist's face", value)
    with pytest.raises(AssertionError):
        strategist_moves(3, range(12), all_but_one)


def test_ALLWILD_compiled_strategist_lab_hands_equal_play_deal():
    n, lineup = S.sampled(12), ["strategist", "random-play", "greedy", "strategist"]
    S.same_lab_hands(ALLWILD, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score"), bot_salt=0, whole=True)


@pytest.mark.parametrize("rules", [f"UNO {code}" for code in C.EDITIONS])
def test_strategist_is_compiled_under_every_edition(rules):
    """(the coloured editions': tests/fast/test_compiled_edcstrategist.py)"""
    assert C.problem(rules, ["strategist", "greedy", "random-play"], 3) is None


def beside_humans(players, seed):
    """A strategist, a human-error seat, then any of the bots the compiled core plays under the edition."""
    r = random.Random(seed * 5 + players)
    return ["strategist", r.choice((H.HG, H.HR))] + [
        r.choice((H.HG, H.HR, "greedy", "random-play", "strategist")) for _ in range(players - 2)]


@pytest.mark.parametrize("rates", [H.LOUD, H.CHATTY])
def test_ALLWILD_compiled_strategist_beside_human_error_bots_makes_the_python_choices(rates):
    """_edhuman.h's reaction step (delays, forgotten calls) around the strategist's turns: every move the same."""
    out = H.lockstep(ALLWILD, (2, 3, 5), 8, rates=rates, lineup=beside_humans)
    assert out["hands"] == 3 * S.sampled(8) and out["caught"] > 0


def test_ALLWILD_strategist_is_played_compiled_and_beats_random_play():
    assert C.problem(ALLWILD, ["strategist", "random-play"], 2) is None
    r = C.play(2000, players=2, rules=ALLWILD, bots=["strategist", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5
