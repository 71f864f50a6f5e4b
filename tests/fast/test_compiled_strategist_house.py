"""The compiled strategist (unokit/fast/_strategist.h) makes the Python strategist's choices under the house
rules of ``compiled._STRATEGIST_RULES`` (issue 27 point 3, issue 28 point 2).

Lockstep as in tests/fast/test_compiled_strategist.py: the compiled core plays seeded hands with strategist
seats, every id it applied is logged, the referee replays them and at every decision of a strategist seat
:class:`~unokit.bots.strategist.StrategistBot` (seeded as the compiled seat) must choose the same action.
A strategist with one component switched off fails the same check (the test can fail), and
:func:`compiled.problem` accepts exactly the proven rules and names the others.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from unokit.bots.strategist import StrategistBot
from unokit.core.errors import RuleConflictError
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

STRATEGIST = C.POLICIES["strategist"]
RANDOM_PLAY = C.POLICIES["random-play"]


def lockstep(players: int, rules: str, seeds, lineup, bot=StrategistBot, everything: bool = True) -> dict:
    """Replay the compiled hands in the referee (tests/compiled_support.py)."""
    return S.lockstep(players, rules, seeds, lineup, bot, STRATEGIST, reactions=False, cut_short=True,
                      purpose="lab-bot", salt=0, everything=everything)


def alternate(players, seed):
    return [STRATEGIST if s % 2 == 0 else RANDOM_PLAY for s in range(players)]


def everyone(players, seed):
    return [STRATEGIST] * players


def mixed(players, seed):
    r = random.Random(seed * 31 + players)
    return [STRATEGIST if r.random() < 0.6 else RANDOM_PLAY for _ in range(players)]


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (4, "UNO 1121 P2-FU", alternate, 30),            # the lab table, without C
    (2, "UNO 1121 P4", everyone, 30),
    (3, "UNO 1112 P2", mixed, 30),                   # D=2: a bluff taken back under stacking
    (4, "UNO 1121 P1-DRAWPLAY", mixed, 30),
    (3, "UNO 1112 P3-FORCE-NOCHALLENGE", everyone, 20),
    (5, "UNO 1121 BU(cards=10)-INS", alternate, 20),
    (4, "UNO 1121 DRAWANY-NOCHALLENGE-P4", mixed, 20),
    (3, "UNO 1121 WILDSTART-P2", alternate, 20),
    (4, "UNO 1121 PAA-P2", everyone, 20),
    (3, "UNO 1121 PAB-CON", mixed, 20),
    (4, "UNO 1121 FL-I-P4", alternate, 20),
    (3, "UNO 1121 DEFLECT-P3-FORCE", alternate, 20),
    (4, "UNO 1121 REVENGE-P4-DRAWPLAY", alternate, 20),
    (6, "UNO 1121 NOENDDRAW-P2", mixed, 20),
    (4, "UNO 1112 WILDMATCH-MISTAKE(penalty=3)", alternate, 20),
    (3, "UNO 1121 MEM-PRE", mixed, 20),
    (2, "UNO 1121 SLOWUNO-FU", everyone, 30),
])
def test_compiled_strategist_makes_the_python_strategists_choices_under_house_rules(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]   # the counts are of the full sweep (UNOKIT_FULL=1)
    assert r["decisions"] > 300 * share and r["choices"] > 150 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


def test_lockstep_meets_stacks_under_stacking_rules():
    r = lockstep(4, "UNO 1121 P4", range(20), everyone)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["stacks"] >= 10


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       codes=st.lists(st.sampled_from([c for c in C._STRATEGIST_RULES if c not in ("LIMIT", "DED")]), min_size=1,
                      max_size=3, unique=True),   # (LIMIT: hands that stall cost 5,000 steps; DED's accusations are
                                                  # asked as reactions: test_compiled_strategist_ded.py's ask_lockstep)
       who=st.sampled_from([alternate, everyone, mixed]))
def test_compiled_strategist_agrees_on_any_proven_rule_set(seed, players, codes, who):
    stack = [c for c in codes if c in ("P1", "P2", "P3", "P4", "FU", "BU")]
    codes = [c for c in codes if c not in stack] + stack[:1]   # one stacking rule at most
    rules = "UNO 1121 " + "-".join(codes)
    try:
        RuleSet.parse(rules)
    except RuleConflictError:
        assume(False)
    assume(C.problem(rules, ["random-play"] * players, players) is None)   # a table the core plays
    assume(STRATEGIST in who(players, seed) + who(players, seed + 1))   # (mixed: perhaps no strategist seat)
    assert C.problem(rules, ["strategist"] * players, players) is None, rules
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["decisions"] > 0
    assert r["agree"] == r["decisions"], (rules, r["first"])


class _NoColorOverNumber(StrategistBot):
    """A mutant reference: the strategist that does not weigh colour over number."""

    def __init__(self, seed=None):
        super().__init__(seed, components={"color_over_number": False})


def test_the_lockstep_fails_against_a_different_strategist():
    r = lockstep(4, "UNO 1121 P2-FU", range(100, 120), everyone, bot=_NoColorOverNumber)
    assert r["agree"] < r["decisions"]


def test_problem_accepts_the_proven_rules():
    assert C.problem("UNO 1121 P2-FU", ["strategist"] * 4, 4) is None
    assert C.problem("UNO 1121 P4-DRAWPLAY-FORCE", ["strategist", "random-play"], 2) is None


@pytest.mark.parametrize("rules", ["UNO 1121 P2-FU", "UNO 1112 P4-DRAWPLAY"])
def test_compiled_strategist_lab_hands_equal_play_deal_under_house_rules(rules):
    n, lineup = 10, ["strategist", "random-play", "strategist", "random-play"]
    r = C.play(n, players=4, rules=rules, bots=lineup, seed=5, purpose="lab-deal", bot_purpose="lab-bot")
    for i in range(n):
        o = play_deal(rules, lineup, derive_seed(5, i, "lab-deal"))
        got = (int(r.winner[i]), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
               int(r.drawn[i].sum()), int(r.score[i]))
        assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score), (rules, i)
