"""The compiled strategist under UNO Extreme! (issue 28 point 1, unokit/fast/_edcstrategist.h) makes the Python
strategist's choices.

C plays a hand (every move applied logged, reactions included); ``unokit.lab.sim.play_hand`` plays the same deal with
``StrategistBot`` seeded as the C seat (beside ``RandomPlayBot``, ``GreedyBot`` and the human-error bots) and the same
harness generator: the same moves in the same order, so every strategist decision is the Python bot's, its colours,
Wild Draw Four challenges and bluff caution, card counting and reading of the others' draws included (2 to 6
players; hypothesis over seeds and line-ups). Whole hands equal the lab's ``play_deal``. Mutations, each caught by the
lockstep: C told that the Draw Two draws nothing (the strategist's Card.draw), that the Skip is a number (its face),
that the Hit 2 makes the next seat press nothing or that the Wild Hit is a Hit 2 (the strategist's face).
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
import test_compiled_editions_human as H
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions import same_moves, told_wrong

from unokit.fast import compiled as C

EXTREME = "UNO EXTREME"
pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def alternate(players, seed):
    return ["strategist" if s % 2 == 0 else "random-play" for s in range(players)]


def all_but_one(players, seed):
    """Strategists and one greedy seat."""
    return ["greedy" if s == seed % players else "strategist" for s in range(players)]


def mixed(players, seed):
    r = random.Random(seed * 17 + players)
    return [r.choice(("strategist", "strategist", "greedy", "random-play")) for _ in range(players)]


def strategist_moves(players: int, seeds, lineup) -> tuple[int, int]:
    """test_compiled_editions.same_moves for the strategist's seats (a hand cut short at the step limit included).
    Returns (the strategist's moves, hands)."""
    return same_moves(players, EXTREME, seeds, lineup, bot="strategist", cut_short=True)


def test_EXTREME_strategist_is_played_compiled():
    for players in (2, 3, 6, 10):
        assert C.problem(EXTREME, ["strategist"] * players, players) is None
    why = C.problem("UNO NOMERCY", ["strategist", "greedy"], 3)
    assert why and "strategist" in why and "NOMERCY" in why


@pytest.mark.parametrize("players,lineup,hands", [
    (2, alternate, 30), (3, all_but_one, 16), (4, mixed, 14), (5, alternate, 8), (6, mixed, 8)])
def test_EXTREME_compiled_strategist_makes_the_python_strategist_choices(players, lineup, hands):
    decisions, played = strategist_moves(players, range(hands), lineup)
    assert played == S.sampled(hands) and decisions > 10 * played


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), lineup=st.sampled_from((alternate, all_but_one, mixed)))
def test_EXTREME_compiled_strategist_agrees_on_any_deal(seed, players, lineup):
    strategist_moves(players, [seed], lineup)


@pytest.mark.parametrize("face,fact,value", [("R+2", "card draw", 0), ("GS", "face", 3),
                                             ("RX2", "strategist's face", 0), ("WH", "strategist's face", 7)])
def test_EXTREME_strategist_told_wrong_in_C_fails_the_lockstep(monkeypatch, face, fact, value):
    """The mutation check on facts only the strategist reads here (no greedy seat): a Draw Two that draws nothing,
    a Skip read as a 3, a Hit 2 valued as a plain card (the next seat presses nothing), a Wild Hit as a Hit 2."""
    told_wrong(monkeypatch, EXTREME, face, fact, value)
    with pytest.raises(AssertionError):
        strategist_moves(2, range(30), alternate)


def test_EXTREME_compiled_strategist_lab_hands_equal_play_deal():
    n, lineup = S.sampled(12), ["strategist", "random-play", "greedy", "strategist"]
    S.same_lab_hands(EXTREME, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score"), bot_salt=0,
                     whole=True)


def beside_humans(players, seed):
    """A strategist, a human-error seat, then any of the bots the compiled core plays under Extreme."""
    r = random.Random(seed * 5 + players)
    return ["strategist", r.choice((H.HG, H.HR))] + [
        r.choice((H.HG, H.HR, "greedy", "random-play", "strategist")) for _ in range(players - 2)]


@pytest.mark.parametrize("rates", [H.LOUD, H.CHATTY])
def test_EXTREME_compiled_strategist_beside_human_error_bots_makes_the_python_choices(rates):
    """_edhuman.h's reaction step (delays, forgotten calls, catches: penalties the strategist reads) around the
    strategist's turns: every move the same."""
    out = H.lockstep(EXTREME, (2, 3, 5), 8, rates=rates, lineup=beside_humans)
    assert out["hands"] == 3 * S.sampled(8) and out["caught"] > 0


def test_EXTREME_strategist_beats_random_play():
    for seat, bots in enumerate((["strategist", "random-play"], ["random-play", "strategist"])):
        r = C.play(4000, players=2, rules=EXTREME, bots=bots, seed=3, chance="fast")
        assert (r.winner == seat).mean() > 0.6
