"""The compiled strategist (unokit/fast/_strategist3.h) under ``ADDUP`` alone (its pairs on the core's ids), ``REV``
and ``OPEN`` (the cards they show, read as unokit.bots.knowledge reads them) and ``TRI`` (its penalties' draws),
issue 27 point 3.

Lockstep (tests/compiled_support.py): the compiled core plays seeded hands with strategist seats, every move it
applied is logged, the referee replays them and at every decision of a strategist seat (with a rule of
unokit/fast/_house2.h in the set, its UNO calls, catches and cuts out of turn too)
:class:`~unokit.bots.strategist.StrategistBot` seeded as the compiled seat must choose the same action. Whole lab
hands equal ``play_deal``'s; mutant strategists (one that never plays a pair, one that does not read TRI's
penalties) and a C strategist not told what REV and OPEN show fail the same check; :func:`compiled.problem` accepts
these rules and names any rule left out of ``compiled._STRATEGIST_RULES``.
"""

from __future__ import annotations

import dataclasses

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_strategist_house import STRATEGIST, alternate, everyone, mixed  # the seat line-ups

from unokit.bots.strategist import StrategistBot
from unokit.core.actions import Play
from unokit.fast import _ccore
from unokit.fast import compiled as C
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def lockstep(players: int, rules: str, seeds, lineup, bot=StrategistBot, everything: bool = True) -> dict:
    """Replay the compiled hands in the referee; out-of-turn decisions too where a rule of _house2.h plays."""
    reactions = any(c in C._H2 for c in RuleSet.parse(rules).codes)
    return S.lockstep(players, rules, seeds, lineup, bot, STRATEGIST, reactions=reactions, cut_short=True,
                      purpose="lab-bot", salt=0, everything=everything)


def _moves(players: int, rules: str, seeds, lineup) -> list:
    """Every move the compiled core applied in those hands, as (policy of its seat, action)."""
    rs = RuleSet.parse(rules)
    out = []
    for seed in seeds:
        pols = lineup(players, seed)
        ids = _ccore.play_logged(C._config(players, rs, C.MAX_STEPS, None, bytes(pols), False), seed, "lab-bot", 0)
        out += [(pols[a.player], a) for a in map(C.to_action, ids)]
    return out


def _pair(a) -> bool:
    return type(a) is Play and len(a.cards) == 2


# ---------------------------------------------------------------------------------------------------- ADDUP
@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 ADDUP", everyone, 24),
    (3, "UNO 1112 ADDUP-NOCHALLENGE", mixed, 16),       # D=2
    (4, "UNO 1121 ADDUP-FU", alternate, 16),
    (5, "UNO 1121 ADDUP-DRAWANY-MEM", mixed, 12),
    (6, "UNO 1122 ADDUP uno=4", everyone, 10),
    (4, "UNO 1121 ADDUP-C-SEVENO", mixed, 12),          # with _house2.h's rules its pairs are Moves
])
def test_compiled_strategist_scores_addup_pairs_as_the_python_strategist(players, rules, lineup, hands):
    r = lockstep(players, rules, range(10 * players, 10 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]
    assert r["decisions"] > 150 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


def test_strategist_seats_play_addup_pairs():
    """The sweep meets what the rule adds: pairs played by strategist seats, by choice (a single card was legal)."""
    moves = _moves(4, "UNO 1121 ADDUP", range(12), alternate)
    assert sum(p == STRATEGIST and _pair(a) for p, a in moves) >= 10


class _NoPairs(StrategistBot):
    """A mutant reference: the strategist that never plays ADDUP's pairs (as the C strategist did before them)."""

    def act(self, view, legal):
        return super().act(view, [a for a in legal if not _pair(a)] or legal)


def test_the_lockstep_fails_against_a_strategist_without_pairs():
    r = lockstep(3, "UNO 1121 ADDUP", range(4), everyone, bot=_NoPairs)
    assert r["agree"] < r["decisions"]


# ------------------------------------------------------------------------------------------------ REV, OPEN
@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 REV", everyone, 16),
    (5, "UNO 1111 REV-P4", mixed, 10),                  # digit C=1: a challenged hand shown to all, then REV's draws
    (3, "UNO 1121 OPEN", everyone, 16),
    (4, "UNO 1121 OPEN(cards=6)-FU", alternate, 10),
    (3, "UNO 1112 REV-SAT-P2", everyone, 6),            # SAT: every card drawn is shown
    (4, "UNO 1111 REV-OPEN-SEVENO-C", mixed, 10),       # what was seen moves with a hand swapped
])
def test_compiled_strategist_reads_what_rev_and_open_show(players, rules, lineup, hands):
    r = lockstep(players, rules, range(10 * players, 10 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]
    assert r["decisions"] > 150 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


@pytest.mark.parametrize("players,rules", [(4, "UNO 1121 REV"), (3, "UNO 1121 OPEN(cards=6)")])
def test_the_lockstep_fails_when_the_core_is_not_told_what_is_shown(players, rules, monkeypatch):
    """A mutant config: the ambiguity digits alone, without REV's face-up stock or OPEN's size."""
    monkeypatch.setattr(C, "_shown", lambda rs: rs.reveal)
    r = lockstep(players, rules, range(6), everyone)
    assert r["agree"] < r["decisions"]


# ---------------------------------------------------------------------------------------------------- TRI
@pytest.mark.parametrize("players,rules,lineup,hands", [
    (3, "UNO 1121 TRI", everyone, 16),
    (4, "UNO 1121 TRI", mixed, 12),
    (2, "UNO 1112 TRI-P2", everyone, 12),
    (5, "UNO 1121 TRI(card=5)-C-DR", alternate, 8),     # a cut 3: the next seat faces both obligations
    (4, "UNO 1121 TRI-SEVENO-JUMPIN", everyone, 8),
])
def test_compiled_strategist_reads_tri_penalties(players, rules, lineup, hands):
    r = lockstep(players, rules, range(10 * players, 10 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]
    assert r["decisions"] > 150 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


class _BlindToTrinity(StrategistBot):
    """A mutant reference: the strategist that does not see TRI's penalties (their 'penalty' and 'draw' events)."""

    def knowledge(self, view):
        drop: set = set()
        for e in view.history:
            if e.kind == "penalty" and "TRI" in str(e.detail[-1]):
                drop.add((e.seq, e.player))
        history = tuple(e for e in view.history if (e.seq, e.player) not in drop or e.kind not in ("penalty", "draw"))
        return super().knowledge(dataclasses.replace(view, history=history))


def test_the_lockstep_fails_against_a_strategist_blind_to_tri_penalties():
    r = lockstep(4, "UNO 1121 TRI", range(8), everyone, bot=_BlindToTrinity)
    assert r["agree"] < r["decisions"]


# --------------------------------------------------------------------------------------------------- all four
@pytest.mark.parametrize("rule", ["ADDUP", "REV", "OPEN(cards=5)", "TRI"])
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       codes=st.lists(st.sampled_from([c for c in C._STRATEGIST_RULES if c not in ("LIMIT", "DED")]), max_size=2,
                      unique=True),   # (LIMIT: hands that stall cost 5,000 steps; DED: test_compiled_strategist_ded.py)
       who=st.sampled_from([alternate, everyone, mixed]))
def test_compiled_strategist_agrees_with_any_other_proven_rules(rule, seed, players, codes, who):
    rules = S.strategist_table(rule, [c for c in codes if c != rule.split("(")[0]], players, seed, who)
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["decisions"] > 0
    assert r["agree"] == r["decisions"], (rules, r["first"])


@pytest.mark.parametrize("rules", ["UNO 1121 ADDUP-P2", "UNO 1111 REV-OPEN(cards=4)-C", "UNO 1121 TRI-P4"])
def test_compiled_strategist_lab_hands_equal_play_deal(rules):
    n, lineup = 8, ["strategist", "random-play", "strategist", "greedy"]
    S.same_lab_hands(rules, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score"), bot_salt=0, whole=True)


def test_problem_accepts_the_strategist_under_these_rules():
    for rules in ("UNO 1121 ADDUP", "UNO 1121 ADDUP-P4-JUMPIN", "UNO 1121 DR-ADDUP", "UNO 1121 REV-P2",
                  "UNO 1121 OPEN(cards=5)-SEVENO", "UNO 1121 C-REV-OPEN", "UNO 1121 TRI-C", "UNO 1121 P2-FU-TRI"):
        assert C.problem(rules, ["strategist", "random-play", "greedy", "strategist"], 4) is None, rules


@pytest.mark.parametrize("rules,left", [("UNO 1121 P2-FU-TRI", "TRI"), ("UNO 1121 ADDUP", "ADDUP"),
                                        ("UNO 1121 SEVENO-OPEN", "OPEN"), ("UNO 1121 C-REV", "REV")])
def test_problem_names_a_rule_the_strategist_is_not_proven_under(rules, left, monkeypatch):
    monkeypatch.setattr(C, "_STRATEGIST_RULES", tuple(c for c in C._STRATEGIST_RULES if c != left))
    why = C.problem(rules, ["strategist"] * 4, 4)
    assert why is not None and f"under {left}:" in why, (rules, why)
    assert C.problem(rules, ["greedy"] * 4, 4) is None
