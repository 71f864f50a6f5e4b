"""The compiled strategist under the rules of unokit/fast/_house2.h (issue 27 point 3, issue 28 point 2): cuts
``C`` and ``JUMPIN``, hands swapped or passed ``SEVENO`` and ``ZEROLEFT``, groups ``DR`` and ``DD``
(unokit/fast/_h2strategist.h, on the harness's Move lists); and ``SAT`` (a draw event per card), ``GT`` (its
penalty's draw), ``LIMIT`` (draws stopped at the limit), ``BOMB``, ``BACK``, ``BA`` and ``DAD`` (penalties; the
die's face read ahead from a copy of the hand's generator), whose draws the strategist reads; ``T`` and ``CAR`` (its
scene stealing and weapons), ``CLA`` (a hand it sees), ``AA``, ``AB`` and ``DOUBLE``.

Lockstep (tests/compiled_support.py): the compiled core plays seeded hands with strategist seats, every move it
applied is logged, the referee replays them and at every decision of a strategist seat, in turn and out of turn
(its UNO calls, catches and cuts), :class:`~unokit.bots.strategist.StrategistBot` seeded as the compiled seat must
choose the same action. Whole hands equal the lab's ``play_deal`` (a cut the strategist should have made and did
not would change them). Mutant strategists fail the same checks, and :func:`compiled.problem` accepts these rules
for the strategist.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_strategist_house import STRATEGIST, alternate, everyone, mixed  # the seat line-ups

from unokit.bots.strategist import StrategistBot
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

#: the rules of _house2.h the compiled strategist plays
H2 = ("C", "JUMPIN", "SEVENO", "ZEROLEFT", "DR", "DD", "BOMB", "AA", "AB", "DOUBLE", "T", "CAR", "BA", "BACK", "CLA", "DAD")


def lockstep(players: int, rules: str, seeds, lineup, bot=StrategistBot, everything: bool = True) -> dict:
    """Replay the compiled hands in the referee, the strategist's reactions (cuts) included."""
    return S.lockstep(players, rules, seeds, lineup, bot, STRATEGIST, reactions=True, cut_short=True,
                      purpose="lab-bot", salt=0, everything=everything)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (4, "UNO 1121 P2-FU-C", everyone, 30),             # the lab table
    (4, "UNO 1121 P4-SEVENO-JUMPIN", alternate, 30),   # the other table
    (3, "UNO 1112 C-P4", mixed, 20),                   # cuts onto a draw total; D=2
    (2, "UNO 1121 DR-JUMPIN", everyone, 20),           # groups at two players: Skips and Reverses add up
    (4, "UNO 1121 ZEROLEFT-C", everyone, 20),          # every hand passed: what was read is forgotten
    (5, "UNO 1121 C-DR-P4-SEVENO", mixed, 20),
    (3, "UNO 1111 DD-SEVENO", everyone, 20),           # digit C=1: challenged hands shown to all, then swapped
    (6, "UNO 1122 JUMPIN-DD-P2", alternate, 16),
    (4, "UNO 1112 SEVENO-JUMPIN-BU(cards=10)", mixed, 16),
    (3, "UNO 1121 DR-DRAWPLAY-FORCE-CON", alternate, 16),
    (4, "UNO 1121 SAT-P2", everyone, 16),
    (3, "UNO 1121 GT-P4", mixed, 20),
    (3, "UNO 1112 LIMIT(cards=7)-C", everyone, 12),    # hands may stall at the limit: cut short
    (4, "UNO 1121 BOMB-DR-SEVENO", everyone, 16),      # every other seat draws after a bomb
    (4, "UNO 1121 AA-C-DOUBLE", mixed, 16),
    (3, "UNO 1121 AB-DD", alternate, 16),
    (4, "UNO 1121 T-C", everyone, 20),                 # scene stealing: a 0 swaps hands with a seat named
    (3, "UNO 1111 CAR-BA-DR", mixed, 16),              # carousels; a Reverse after twin numbers
    (4, "UNO 1121 BACK-CLA-C", everyone, 16),          # the previous seat draws after an 8; a 7 shows a hand
    (2, "UNO 1121 T(card=5)-CAR", everyone, 16),
    (4, "UNO 1121 DAD-BA-C", everyone, 16),           # after a 4 the next seat rolls the die and draws
])
def test_compiled_strategist_makes_the_python_strategists_choices_under_house2_rules(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]
    assert r["decisions"] > 250 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


def test_lockstep_meets_cuts_swaps_and_groups():
    """The sweep reaches what these rules add: cuts made by strategist seats, and its generator drawn (Olha o Avião)."""
    r = lockstep(4, "UNO 1121 C-DR-SEVENO", range(8), everyone)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["reactions"] >= 15 and r["rng"] >= 1


#: the proven rules drawn beside one of _house2.h's: not LIMIT (hands that stall cost 5,000 steps; its own case above),
#: nor DED (its accusations are asked as reactions: test_compiled_strategist_ded.py's ask_lockstep), nor _house5.h's
#: and _house6.h's rules but CHU (the others: test_compiled_house3_h2.py, with their reactions)
BESIDE = [c for c in C._STRATEGIST_RULES
          if c not in ("LIMIT", "DED") and (c == "CHU" or (c not in C._H5 and c not in C._H6))]


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       codes=st.lists(st.sampled_from(BESIDE), min_size=1, max_size=3, unique=True),
       h2=st.sampled_from(H2), who=st.sampled_from([alternate, everyone, mixed]))
def test_compiled_strategist_agrees_on_any_proven_rule_set_with_a_house2_rule(seed, players, codes, h2, who):
    rules = S.strategist_table(h2, codes, players, seed, who)
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["decisions"] > 0
    assert r["agree"] == r["decisions"], (rules, r["first"])


class _NoSurpriseGroup(StrategistBot):
    """A mutant reference: the strategist that keeps no group for the end (DR, DD)."""

    def __init__(self, seed=None):
        super().__init__(seed, components={"surprise_group": False})


class _NeverCuts(StrategistBot):
    """A mutant reference: the strategist that never cuts in."""

    def react(self, view, legal):
        return super().react(view, [a for a in legal if a.verb != "play"])


def test_the_lockstep_fails_against_a_different_strategist():
    r = lockstep(3, "UNO 1121 DR", range(100, 106), everyone, bot=_NoSurpriseGroup)   # (seed 103 keeps a group)
    assert r["agree"] < r["decisions"]
    r = lockstep(4, "UNO 1121 P2-FU-C", range(100, 104), everyone, bot=_NeverCuts)
    assert r["agree"] < r["decisions"]


def test_problem_accepts_the_house2_rules_for_the_strategist():
    for rules in ("UNO 1121 P2-FU-C", "UNO 1121 P4-SEVENO-JUMPIN", "UNO 1121 ZEROLEFT-DR", "UNO 1112 DD-C-CON"):
        assert C.problem(rules, ["strategist", "random-play", "greedy", "strategist"], 4) is None, rules


@pytest.mark.parametrize("rules", ["UNO 1121 P2-FU-C", "UNO 1121 P4-SEVENO-JUMPIN-DR"])
def test_compiled_strategist_lab_hands_equal_play_deal_under_house2_rules(rules):
    n, lineup = 8, ["strategist", "random-play", "strategist", "strategist"]
    S.same_lab_hands(rules, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score", "reactions"),
                     bot_salt=0, whole=True)
