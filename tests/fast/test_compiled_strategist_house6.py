"""The compiled strategist under sudden death, MS1, MS2 and MS3 (unokit/fast/_house6.h; issue 27 point 3, issue 28
point 1): it reads the seats left as :class:`~unokit.bots.strategist.StrategistBot` reads ``view.eliminated`` (the
next seat, the opponents, the seats left for the colour's survival, the duel at two left, a Skip's reach) and reads
no draw where a seat was eliminated instead of drawing.

Lockstep (tests/compiled_support.py): the compiled core plays seeded hands, the referee replays every move and at
every decision of a strategist seat, in turn and out of turn, the Python strategist seeded as the compiled seat must
choose the same action. Whole lab hands equal ``play_deal``'s; a strategist that reads every seat as in the hand fails
the same check.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_compiled_strategist_house import STRATEGIST, alternate, everyone, mixed  # the seat line-ups

from unokit.bots.strategist import StrategistBot
from unokit.core.errors import RuleConflictError
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

MS = ("MS1", "MS2", "MS3")


class _Counting(StrategistBot):
    """The strategist, counting the decisions it takes with a seat out of the hand."""

    after_elimination = 0

    def context(self, view):
        _Counting.after_elimination += bool(view.eliminated)
        return super().context(view)


class _SeesEverySeat(StrategistBot):
    """A mutant reference: the strategist that reads every seat as still in the hand."""

    def context(self, view):
        ctx = super().context(view)
        ctx.eliminated = set()
        ctx.active = list(range(ctx.n))
        ctx.na = ctx.n
        ctx.opps = [s for s in ctx.active if s != ctx.me]
        return ctx


def lockstep(players: int, rules: str, seeds, lineup, bot=StrategistBot, everything: bool = True) -> dict:
    """Replay the compiled hands in the referee, the strategist's UNO calls and catches included."""
    return S.lockstep(players, rules, seeds, lineup, bot, STRATEGIST, reactions=True, cut_short=True,
                      purpose="lab-bot", salt=0, everything=everything)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (3, "UNO 1121 MS1", alternate, 20),
    (4, "UNO 1121 MS1", everyone, 20),
    (2, "UNO 1121 MS1", everyone, 20),
    (5, "UNO 1121 MS2", mixed, 16),
    (6, "UNO 1122 MS2-P2-SAT", everyone, 12),                    # the draws of SAT, a stacked total
    (3, "UNO 1121 MS3", everyone, 16),                          # the first Wild arms it
    (4, "UNO 1121 MS3(event=fifth-action)", alternate, 16),
    (5, "UNO 1121 MS3(event=first-number)-DEFLECT", mixed, 12),  # a total deflected to the seats left
    (4, "UNO 1121 MS1-P4", everyone, 20),                       # eliminated facing a total it cannot answer
    (4, "UNO 1112 MS2-SAT-PAB-GT-P4", alternate, 12),
    (4, "UNO 1121 MS1-I-PAA", everyone, 12),                    # PAA's peace counted by the seats left
])
def test_compiled_strategist_makes_the_python_strategists_choices_under_sudden_death(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]
    assert r["decisions"] > 60 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


def test_lockstep_meets_decisions_after_eliminations():
    """The sweep reaches what MS adds: strategist decisions with seats out of the hand, at three and more seats."""
    _Counting.after_elimination = 0
    r = lockstep(4, "UNO 1121 MS1", range(100, 106), everyone, bot=_Counting)
    assert r["agree"] == r["decisions"], r["first"]
    assert _Counting.after_elimination >= 30


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), ms=st.sampled_from(MS),
       codes=st.lists(st.sampled_from([c for c in C._STRATEGIST_RULES if c not in MS and c not in ("LIMIT", "DED")]),
                      max_size=2,
                      unique=True),   # (LIMIT: hands that stall cost 5,000 steps; DED: test_compiled_strategist_ded.py)
       who=st.sampled_from([alternate, everyone, mixed]))
def test_compiled_strategist_agrees_under_sudden_death_with_any_proven_rule(seed, players, ms, codes, who):
    stack = [c for c in codes if c in ("P1", "P2", "P3", "P4", "FU", "BU")]
    rules = "UNO 1121 " + "-".join([ms] + [c for c in codes if c not in stack] + stack[:1])
    try:
        RuleSet.parse(rules)
    except RuleConflictError:
        assume(False)
    assume(C.problem(rules, ["random-play"] * players, players) is None)   # a table the core plays
    assert C.problem(rules, ["strategist"] * players, players) is None, rules
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["agree"] == r["decisions"], (rules, r["first"])


def test_the_lockstep_fails_against_a_strategist_that_reads_every_seat_as_in_the_hand():
    r = lockstep(4, "UNO 1121 MS1", range(100, 106), everyone, bot=_SeesEverySeat)
    assert r["agree"] < r["decisions"]


def test_problem_accepts_sudden_death_for_the_strategist():
    for rules in ("UNO 1121 MS1", "UNO 1121 MS2-P4", "UNO 1121 MS3(event=fifth-action)-SAT"):
        assert C.problem(rules, ["strategist", "random-play", "greedy", "strategist"], 4) is None, rules



@pytest.mark.parametrize("rules", ["UNO 1121 MS1-ADDUP", "UNO 1121 MS3-ADDUP", "UNO 1121 E-IE-REV"])
def test_compiled_strategist_agrees_across_the_two_headers_rules(rules):
    """_strategist3.h's rules (ADDUP's pairs, REV's cards) with _strategist5.h's (sudden death, the social rules)."""
    assert C.problem(rules, ["strategist"] * 4, 4) is None
    for players in (3, 4):
        r = lockstep(players, rules, range(200, 204), everyone)
        assert r["decisions"] > 50 and r["agree"] == r["decisions"], (rules, players, r)


@pytest.mark.parametrize("rules", ["UNO 1121 MS1", "UNO 1121 MS3(event=first-action)-P2"])
def test_compiled_strategist_lab_hands_equal_play_deal_under_sudden_death(rules):
    n, lineup = 8, ["strategist", "random-play", "strategist", "strategist"]
    r = C.play(n, players=4, rules=rules, bots=lineup, seed=5, purpose="lab-deal", bot_purpose="lab-bot")
    for i in range(n):
        o = play_deal(rules, lineup, derive_seed(5, i, "lab-deal"))
        got = (int(r.winner[i]), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
               int(r.drawn[i].sum()), int(r.score[i]), int(r.reactions[i]), int(r.eliminated[i]))
        assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.reactions,
                       o.eliminated), (rules, i)
    assert r.eliminated.sum() > 0
