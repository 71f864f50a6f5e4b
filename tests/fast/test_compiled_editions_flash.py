"""The compiled core plays UNO Flash (``UNO FLASH``, unokit/fast/_ed_flash.h) as the lab plays it (issue 28 point 1).

The lab plays ``UNO FLASH`` as the edition states it: the timer's default (6 s) on the game's clock, which does not
move in a simulation (``ManualClock``), so it never fires; the targeted mode off. Proven as No Mercy is
(tests/fast/test_compiled_editions_nomercy.py):

1. step by step against the referee: random decisions among every complete action of the seat to act or of another
   seat (presses included); every seat's legal moves and the whole state agree after each move, at 2, 3, 4, 6 and
   10 players, and for hypothesis's seeds and player counts; the hands played show the unit's picks (a seat playing
   twice running, a draw card hitting its own player), SLAP rounds closed by the last press or by the next turn;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, the compiled
   greedy move for move against GreedyBot, and the human-error bots move for move against HumanBot;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the core told the next seat follows in order, the last to press draws 1, or a SLAP opens no round
   fails check 1; a SLAP's points, the hand check; a SLAP read as worth nothing, the greedy check; a human bot that
   reacts without delays, the human lockstep.

Any timer the rule accepts (``FLASH(timer=4)``, ``timer=off``) plays there as ``UNO FLASH``: checks 1 and 2 with it,
and a timer run out on the referee fails check 1.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
import test_compiled_editions as E
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions_human import human_bots_agree, lockstep
from test_compiled_human import HG, HR, LOUD

from unokit.core.actions import Slap
from unokit.core.chance import ManualClock
from unokit.engine.compose import every_action
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_FACES, EDITION_KINDS, EDITION_POWERS, EDITION_UNIT, edition_facts
from unokit.lab import play_deal
from unokit.rules import RuleSet
from unokit.rules.editions.flash import SLAP_PENALTY

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

FLASH = "UNO FLASH"


def test_FLASH_is_played_compiled_as_the_lab_plays_it_only():
    for players in range(2, 11):
        assert C.problem(FLASH, "random-play", players) is None, players
        assert C.problem(FLASH, ["greedy", HG, HR, "random-play"][:players], players, deck="flash") is None
    assert C.problem(FLASH, "random-play", 11)
    for other in ("UNO FLASH(targeted=on)", "UNO FLASH(timer=4,targeted=on)", "UNO FLASH(timer=off) P2",
                  "UNO 1122 FLASH(timer=off)"):
        assert "referee only" in C.problem(other, "random-play", 3), other
    assert "timer must be one of" in C.problem("UNO FLASH(timer=5)", "random-play", 3)
    assert C.problem(FLASH, "strategist", 3) is None   # (tests/fast/test_compiled_edcstrategist.py)
    assert C.batch_problem(FLASH)


#: every timer the rule accepts (6 s is ``UNO FLASH``'s default): C plays them all as ``UNO FLASH``
TIMERS = ("UNO FLASH(timer=4)", "UNO FLASH(timer=off)")


def test_FLASH_any_timer_is_played_compiled_as_FLASH():
    for rules in (*TIMERS, "UNO FLASH(timer=6)"):
        assert C.problem(rules, ["greedy", HG, HR, "random-play"], 4, deck="flash") is None, rules


@pytest.mark.parametrize("rules,late", [(FLASH, 6.5), (TIMERS[0], 4.5), (TIMERS[1], None)])
def test_FLASH_lab_plays_the_timer_on_a_clock_that_does_not_move(rules, late):
    """The timer C leaves out never fires in the lab's hands (a ManualClock nobody advances); it would, were the
    clock moved past the limit (``late`` seconds; never with the timer off)."""
    g = Game.new(players=3, rules=rules, seed=1)
    o = play_deal(rules, [HR, "greedy", "random-play"], 1, game=g)
    assert o.winner is not None and g.clock.now() == 0.0
    assert not any(e.kind == "penalty" and "slower" in e.detail[1] for e in g.events)
    moved = Game.new(players=3, rules=rules, seed=1)
    moved.clock.advance(late or 10_000.0)
    moved.apply(moved.legal_actions(moved.to_act)[-1])
    assert any(e.kind == "penalty" and "slower" in e.detail[1] for e in moved.events) == (late is not None)


def _unit(raw: bytes) -> dict[str, int]:
    at = len(raw) - len(EDITION_POWERS) - len(EDITION_UNIT)   # (the unit, then UNO Flex's power cards)
    return dict(zip(EDITION_UNIT, raw[at:at + len(EDITION_UNIT)]))


def test_FLASH_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(FLASH))
    assert (raw[0], raw[1]) == (len(faces), 108)
    row = E.face_rows(FLASH)
    kind = EDITION_FACES.index("seat choice")
    assert {c for c in faces if EDITION_KINDS[row[c][kind]] == "slap"} == {"RSL", "YSL", "GSL", "BSL"}
    assert not any(c.endswith("R") and len(c) == 2 for c in faces)   # no Reverse
    assert _unit(raw) == {"random order": 1, "slap penalty": SLAP_PENALTY}
    assert _unit(edition_facts(RuleSet.parse("UNO SPIN"))[1]) == {"random order": 0, "slap penalty": 0}


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_FLASH_compiled_same_steps_as_referee(players):
    moves, reactions = E.same_steps(FLASH, (players,), range(6), cap=300)
    assert moves > 400 and reactions > 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 10), other=st.floats(0.0, 0.9))
def test_FLASH_compiled_same_steps_as_referee_for_any_deal(seed, players, other):
    E.check_steps(players, seed, FLASH, random.Random(seed), other, 200)


def test_FLASH_steps_show_the_unit_and_slap_rounds():
    """The referee's hands of the step check (the same decisions) show the unit's picks and both ends of a round."""
    seen = {"twice": 0, "own draw": 0, "slap": 0}
    for players in (2, 3, 4):
        for seed in range(4):
            rng = random.Random(seed * 31 + players)
            g = Game.new(players=players, rules=FLASH, seed=seed)
            while not g.over and len(g.actions) < 300:
                seats = [s for s in range(players) if s != g.to_act and every_action(g, s)]
                seat = rng.choice(seats) if seats and rng.random() < 0.5 else g.to_act
                a = rng.choice(every_action(g, seat))
                before = g.current
                g.apply(a)
                seen["slap"] += type(a) is Slap
                seen["twice"] += g.current == before and a.player == before and a.kind in ("play", "draw")
                seen["own draw"] += bool(g.pending) and g.current == a.player and a.kind == "play"
            for e in g.events:
                if e.kind == "penalty":
                    seen[e.detail[1]] = seen.get(e.detail[1], 0) + 1
    for kind in ("twice", "own draw", "slap", "last to press (FLASH)", "did not press (FLASH)"):
        assert seen.get(kind, 0) > 0, kind


def test_FLASH_compiled_hands_equal_sim_and_lab():
    t = S.same_hands(FLASH, (2, 3, 4, 7), 16, 8)
    assert t.reactions > 0
    S.fast_agrees(FLASH, 2000)


@pytest.mark.parametrize("players,lineup,hands", [(2, E._alternate, 30), (3, E._everyone, 20), (4, E._mixed, 20),
                                                  (10, E._mixed, 8)])
def test_FLASH_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    E.greedy_agrees(players, FLASH, lineup, hands)


@pytest.mark.parametrize("rules", TIMERS)
def test_FLASH_any_timer_compiled_same_steps_and_hands_as_referee(rules):
    """``UNO FLASH(timer=4)`` and ``timer=off`` on the referee, step by step and hand by hand, equal C's
    ``UNO FLASH``."""
    moves, reactions = E.same_steps(rules, (2, 4, 7), range(4), cap=300)
    assert moves > 300 and reactions > 0
    assert S.same_hands(rules, (3, 5), 8, 8).reactions > 0
    decisions, played = E.same_moves(4, rules, range(8), E._mixed)
    assert decisions > 50 and played >= 4
    assert lockstep(rules, (3, 4), 6)["hands"] == S.sampled(6) * 2


@pytest.mark.parametrize("rules", TIMERS)
def test_FLASH_timer_run_out_on_the_referee_fails_the_differential_check(monkeypatch, rules):
    """The referee's clock moved a minute at every reading: a timer that runs out breaks the step check; off, none."""
    def moving(self):
        self.t += 60.0
        return self.t
    monkeypatch.setattr(ManualClock, "now", moving)
    if rules.endswith("timer=off)"):
        assert E.same_steps(rules, (3,), range(2), cap=200)[0] > 0
    else:   # a state differs, or C refuses a move the referee took
        with pytest.raises((AssertionError, ValueError)):
            E.same_steps(rules, (3,), range(2), cap=200)


def test_FLASH_human_bots_every_move_as_on_the_referee():
    human_bots_agree(FLASH)


@pytest.mark.parametrize("players,lineup", [(4, [HR] * 4), (3, [HG, HR, "greedy"])])
def test_FLASH_human_lab_hands_equal_play_deal(players, lineup):
    S.same_lab_hands(FLASH, lineup, S.sampled(16))


def _unit_told_wrong(monkeypatch, fact: str, value: int) -> None:
    raw = bytearray(edition_facts(RuleSet.parse(FLASH))[1])
    raw[len(raw) - len(EDITION_POWERS) - len(EDITION_UNIT) + EDITION_UNIT.index(fact)] = value
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(raw))


@pytest.mark.parametrize("fact,value", [("random order", 0), ("slap penalty", 1)])
def test_FLASH_unit_told_wrong_in_C_fails_the_differential_check(monkeypatch, fact, value):
    _unit_told_wrong(monkeypatch, fact, value)
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses a move the referee took
        E.same_steps(FLASH, (3, 4), range(6))


def test_FLASH_slap_told_to_open_no_round_fails_the_differential_check(monkeypatch):
    E.told_wrong(monkeypatch, FLASH, "GSL", "seat choice", 0)
    with pytest.raises((AssertionError, ValueError)):
        E.same_steps(FLASH, (3, 4), range(6))


def test_FLASH_points_told_wrong_in_C_fail_the_hand_check(monkeypatch):
    E.told_wrong(monkeypatch, FLASH, "RSL", "points", 5)
    with pytest.raises(AssertionError):
        S.same_hands(FLASH, (3,), 16, 8)


def test_FLASH_greedy_told_wrong_in_C_fails_the_lockstep(monkeypatch):
    """The greedy's mutation check: C's greedy reads a SLAP as worth nothing (its play key's points)."""
    E.told_wrong(monkeypatch, FLASH, "BSL", "card points", 0)
    with pytest.raises(AssertionError):
        E.same_moves(3, FLASH, range(20), E._everyone)


def test_FLASH_human_bot_without_delays_in_C_fails_the_lockstep():
    assert lockstep(FLASH, (2, 3, 4), 12, rates=LOUD, c_rates=(0.35, 0.25, 0.6, 0.0))["differ"] >= 2


def test_FLASH_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=FLASH, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5
