"""The compiled strategist under _house5.h's rules CHU, S, E, IE and M (unokit/fast/_strategist5.h; issue 27 point 3,
issue 28 point 1): it chooses among the plays CHU's listing leaves, calls UNO as :class:`StrategistBot` does (a call
in silence costs S's penalty), pays no compliment nor critique, slaps whenever it may (its ``_free_gain``: the UNO
call, then the first catch or slap), and reads the penalties these rules deal (E's and IE's debts, S's price, the
slap round's) as the Python strategist's Scanner reads their ``penalty`` and ``draw`` events.

Lockstep (tests/compiled_support.py): the compiled core plays seeded hands, the referee replays every move and at
every decision of a strategist seat, in turn and out of turn (its UNO calls, catches and slaps), the Python strategist
seeded as the compiled seat must choose the same action. Whole lab hands equal ``play_deal``'s. Mutant strategists
fail the same checks: one that never slaps, one that keeps quiet in silence, one that reads a penalty's draw as a
draw by choice.
"""

from __future__ import annotations

import dataclasses

import compiled_support as S
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_compiled_strategist_house import STRATEGIST, alternate, everyone, mixed  # the seat line-ups

from unokit.bots.knowledge import analyze
from unokit.bots.strategist import StrategistBot
from unokit.core.actions import SayUno, Slap
from unokit.core.errors import RuleConflictError
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

SOCIAL = ("CHU", "E", "IE", "S", "M")


def lockstep(players: int, rules: str, seeds, lineup, bot=StrategistBot, everything: bool = True) -> dict:
    """Replay the compiled hands in the referee, the strategist's UNO calls, catches and slaps included."""
    return S.lockstep(players, rules, seeds, lineup, bot, STRATEGIST, reactions=True, cut_short=True,
                      purpose="lab-bot", salt=0, everything=everything)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (3, "UNO 1121 CHU", alternate, 12),
    (2, "UNO 1121 CHU", everyone, 12),
    (4, "UNO 1121 CHU-P4", mixed, 10),
    (4, "UNO 1121 E-IE", everyone, 12),                        # every other seat draws at the next start
    (5, "UNO 1121 E(card=7)-IE(card=2)-CON-P4", alternate, 8),
    (3, "UNO 1121 S", everyone, 10),                           # a UNO call in silence costs 2
    (4, "UNO 1121 ST(rounds=2)-P2-DRAWPLAY", mixed, 8),
    (3, "UNO 1121 SPP-INS", alternate, 8),
    (6, "UNO 1121 SU-E", mixed, 6),                            # (SU: the call is free)
    (3, "UNO 1121 M", everyone, 10),                           # slap rounds: the last seat draws 1
    (2, "UNO 1121 M-CHU", alternate, 10),
    (4, "UNO 1121 M-E-SAT-GT", mixed, 6),
    (5, "UNO 1112 M-S-E-IE-CHU-P3", alternate, 4),
])
def test_compiled_strategist_makes_the_python_strategists_choices_under_the_social_rules(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]
    assert r["decisions"] > 150 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


class _Counting(StrategistBot):
    """The strategist, counting what these rules add: slaps, UNO calls in silence, decisions after a debt was paid."""

    seen: dict = {}

    def _count(self, view, a):
        c = _Counting.seen
        c["slap"] = c.get("slap", 0) + (type(a) is Slap)
        c["uno_in_silence"] = c.get("uno_in_silence", 0) + bool(view.silence and (type(a) is SayUno or getattr(a, "uno", 0)))
        paid = any(e.kind == "penalty" and e.detail and "no compliment" in str(e.detail[-1]) for e in view.history)
        c["after_debt"] = c.get("after_debt", 0) + paid
        return a

    def act(self, view, legal):
        return self._count(view, super().act(view, legal))

    def react(self, view, legal):
        return self._count(view, super().react(view, legal))


def test_lockstep_meets_slaps_calls_in_silence_and_debts():
    _Counting.seen = {}
    r = lockstep(4, "UNO 1121 M-S-E", range(100, 104), everyone, bot=_Counting)
    assert r["agree"] == r["decisions"], r["first"]
    assert _Counting.seen["slap"] >= 20 and _Counting.seen["uno_in_silence"] >= 2 and _Counting.seen["after_debt"] >= 50


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       mine=st.lists(st.sampled_from(SOCIAL), min_size=1, max_size=3, unique=True),
       codes=st.lists(st.sampled_from([c for c in C._STRATEGIST_RULES if c not in SOCIAL and c not in ("LIMIT", "DED")]),
                      max_size=2, unique=True),   # (LIMIT: hands that stall cost 5,000 steps)
       who=st.sampled_from([alternate, everyone, mixed]))
def test_compiled_strategist_agrees_under_the_social_rules_with_any_proven_rule(seed, players, mine, codes, who):
    stack = [c for c in codes if c in ("P1", "P2", "P3", "P4", "FU", "BU")]
    rules = "UNO 1121 " + "-".join(mine + [c for c in codes if c not in stack] + stack[:1])
    try:
        RuleSet.parse(rules)
    except RuleConflictError:
        assume(False)
    assume(C.problem(rules, ["random-play"] * players, players) is None)   # a table the core plays
    assert C.problem(rules, ["strategist"] * players, players) is None, rules
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["agree"] == r["decisions"], (rules, r["first"])


class _NeverSlaps(StrategistBot):
    """A mutant reference: the strategist that never slaps (M)."""

    def act(self, view, legal):
        return super().act(view, [a for a in legal if type(a) is not Slap] or legal)

    def react(self, view, legal):
        return super().react(view, [a for a in legal if type(a) is not Slap])


class _QuietInSilence(StrategistBot):
    """A mutant reference: the strategist that holds its UNO call while a silence holds (S)."""

    def act(self, view, legal):
        if view.silence:
            legal = [a for a in legal if type(a) is not SayUno and not getattr(a, "uno", False)] or legal
        return super().act(view, legal)

    def react(self, view, legal):
        if view.silence:
            legal = [a for a in legal if type(a) is not SayUno]
        return super().react(view, legal)


class _PenaltiesByChoice(StrategistBot):
    """A mutant reference: the strategist whose Scanner reads a penalty's draw as a draw by choice (E, IE)."""

    def knowledge(self, view):
        return analyze(dataclasses.replace(view, history=tuple(e for e in view.history if e.kind != "penalty")))


@pytest.mark.parametrize("rules,bot", [("UNO 1121 M", _NeverSlaps), ("UNO 1121 S", _QuietInSilence),
                                       ("UNO 1121 E-IE", _PenaltiesByChoice)])
def test_the_lockstep_fails_against_a_different_strategist(rules, bot):
    r = lockstep(4, rules, range(100, 106), everyone, bot=bot)
    assert r["agree"] < r["decisions"]


def test_problem_accepts_the_social_rules_for_the_strategist():
    for rules in ("UNO 1121 CHU", "UNO 1121 E-IE-P4", "UNO 1121 ST(rounds=2)-SAT", "UNO 1121 M-CHU",
                  "UNO 1112 M-S-E-IE-CHU-P3"):
        assert C.problem(rules, ["strategist", "random-play", "greedy", "strategist"], 4) is None, rules
    assert "M with FL" in (C.problem("UNO 1121 M-FL", ["strategist"] * 3, 3) or "")   # (the core's own limits)


@pytest.mark.parametrize("rules", ["UNO 1121 CHU-E-IE", "UNO 1121 SPPT-M-P2"])
def test_compiled_strategist_lab_hands_equal_play_deal_under_the_social_rules(rules):
    n, lineup = 8, ["strategist", "random-play", "strategist", "strategist"]
    r = C.play(n, players=4, rules=rules, bots=lineup, seed=5, purpose="lab-deal", bot_purpose="lab-bot")
    for i in range(n):
        o = play_deal(rules, lineup, derive_seed(5, i, "lab-deal"))
        got = (int(r.winner[i]), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
               int(r.drawn[i].sum()), int(r.score[i]), int(r.reactions[i]), int(r.penalty_cards[i]))
        assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.reactions,
                       o.penalty_cards), (rules, i)


def test_lab_skill_games_under_these_rules_and_sudden_death_are_compiled_with_the_referees_results(tmp_path):
    """The lab's skill measure (the strategist against random-play) under MS, CHU, E, IE, S and M: every chunk in C,
    the referee's numbers."""
    from unokit.lab import lab
    kw = dict(bots="random-play", players=[3], hands=20, skill_hands=24, skill_players=3, measures=["skill"], seed=3,
              jobs=1, progress=False, plots=False)
    codes = ["UNO 1121 MS1", "UNO 1121 CHU-E-IE", "UNO 1121 SPPT-M"]
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", cache=tmp_path, **kw)
    assert b["work"]["engines"] == {"compiled": 3}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}
