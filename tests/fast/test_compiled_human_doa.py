"""The human-error bots in the compiled core under DOA (_house7.h's gifts) and DP (_house8.h's challenge of a draw)
(issue 28 point 1).

Proven as tests/fast/test_compiled_human_house.py proves _house2.h's rules: every action of a hand played in C
(``_ccore.human_logged``) equals the referee's harness's with the Python bots seeded as the compiled seats. What these
rules add to a HumanBot: under DOA a play that gives, made without its UNO call (``HumanBot.act`` keeps the gifts and
the seat named), each sub-decision of a play being composed asked of the bot; under DP every seat but the drawer
may react while a draw may be challenged (``Game.out_of_turn_seats``), so the human seats are offered a reaction
there (their reaction delays drawn, their lines said) though their inner bots never challenge. Whole hands equal the
lab's ``play_deal``; DOA or DP switched off in C fails.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_compiled_human import HG, HR, LOUD, compiled_ids, referee_ids
from test_compiled_human_house import lockstep

from unokit.core.errors import RuleConflictError
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

#: DOA alone and with the rules it combines with (groups of 2s under DR and AA too, the guide's variation among them)
DOA = ["UNO 1121 DOA", "UNO 1122 DOA(card=7)-DD-JUMPIN-ORG", "UNO 1121 DOA-C-P4", "UNO 1121 DOA-ADDUP-CAR-ORG",
       "UNO 3112 DOA-ZEROLEFT", "UNO 1121 DOA-BACK-DOUBLE-BA-DAD(card=7)", "UNO 1121 DOA-DD-BOMB-FU(cards=4)",
       "UNO 1121 DOA-TRI-P2", "UNO 1111 uno=3 DOA-AB-C", "UNO 1121 ADDUP-T-DOA-CLA", "UNO 1121 DOA-SEVENO",
       "UNO 1121 DOA-DR-ORG", "UNO 1121 DOA-AA-C", "UNO 1121 DR-P4-PAA-SU-CAR-T-M-DOA-PRE"]
#: DP alone and with the rules it combines with (compiled._DP_WITH)
DP = ["UNO 1121 DP", "UNO 1121 DP-ORG", "UNO 1121 DP-P2-SAT", "UNO 1112 DP-P4-INS-FU(cards=5)",
      "UNO 1121 DP-CON-DRAWPLAY-BU(cards=9)", "UNO 1122 DP-FORCE-P1", "UNO 1121 DP-P3"]


@pytest.mark.parametrize("rules", DOA)
def test_human_bots_under_DOA_every_action_as_on_the_referee(rules):
    r = lockstep(rules, (2, 3, 4, 6), 4)
    assert r["actions"] >= 20 * r["hands"] and r["targets"] >= S.share(8, r["hands"], r["full"])


@pytest.mark.parametrize("rules", DP)
def test_human_bots_under_DP_every_action_as_on_the_referee(rules):
    r = lockstep(rules, (2, 3, 4, 6), 4)
    assert r["actions"] >= 20 * r["hands"] and r["lines"] >= S.share(40, r["hands"], r["full"])


#: the rules drawn beside DOA or DP: those compiled.problem accepts with it for the human-error bots
BESIDE = {rule: [c for c in C._HUMAN_RULES if c not in ("DOA", "DP")
                 and not C.problem(f"UNO 1121 {rule}-{c}", [HG, HR], 3)] for rule in ("DOA", "DP")}


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rule=st.sampled_from(("DOA", "DP")), data=st.data())
def test_human_bots_agree_under_DOA_or_DP_with_any_rules_they_combine_with(seed, players, rule, data):
    codes = data.draw(st.lists(st.sampled_from(BESIDE[rule]), min_size=1, max_size=3, unique=True))
    stack = [c for c in codes if c in ("P1", "P2", "P3", "P4", "FU", "BU")]
    rules = "UNO 1121 " + "-".join([rule] + [c for c in codes if c not in stack] + stack[:1])
    try:
        assume(C.problem(rules, [HG, HR], players) is None)
    except RuleConflictError:
        assume(False)
    lineup = [(HG, HR, "greedy", "random-play")[(seed >> (2 * s)) % 4] for s in range(players)]
    lineup[0] = HG if seed % 2 else HR
    for s in (seed, seed + 1):
        assert referee_ids(rules, lineup, s, rates=LOUD)[0] == compiled_ids(rules, lineup, s, rates=LOUD), (rules, s)


def test_human_bots_forget_UNO_on_plays_that_give_as_on_the_referee():
    r = lockstep("UNO 1121 DOA", (3, 4, 5), 12, rates=(0.9, 0.1, 0.5, 0.6))
    assert r["targets"] >= S.share(30, r["hands"], r["full"]) and r["forgot"] >= S.share(10, r["hands"], r["full"])


def test_problem_accepts_the_human_bots_under_DOA_and_DP():
    for rules in DOA + DP:
        assert C.problem(rules, [HG, HR, "greedy", "random-play"], 4) is None, rules
    assert "strategist" in (C.problem("UNO 1121 DP", [HG, "strategist"], 2) or "")


@pytest.mark.parametrize("rules,players,lineup", [
    ("UNO 1121 DOA", 4, [HR, HG, HR, "greedy"]), ("UNO 1121 DOA-C-P2", 3, [HG, HG, "random-play"]),
    ("UNO 1121 DP", 4, [HG, HR, "greedy", HG]), ("UNO 1121 DP-P2-ORG", 3, [HR, HG, HR])])
def test_human_lab_hands_under_DOA_and_DP_equal_play_deal(rules, players, lineup):
    S.same_lab_hands(rules, lineup, S.sampled(30))


# ------------------------------------------------------------------------------------- mutation checks
def test_DOA_or_DP_switched_off_in_C_fails_the_lockstep(monkeypatch):
    real = C._h2
    monkeypatch.setattr(C, "_h2", lambda rs: (real(rs)[0] & ~C._H2["DOA"], *real(rs)[1:]))   # a 2 gives nothing
    assert sum(referee_ids("UNO 1121 DOA", [HR] * 4, s, rates=LOUD)[0] != compiled_ids("UNO 1121 DOA", [HR] * 4, s,
                                                                                        rates=LOUD) for s in range(8)) >= 3
    monkeypatch.undo()
    monkeypatch.setitem(C._FLAGS, "DP", 0)   # no draw may be challenged: no reactions offered then
    assert sum(referee_ids("UNO 1121 DP", [HG] * 4, s, rates=LOUD)[0] != compiled_ids("UNO 1121 DP", [HG] * 4, s,
                                                                                       rates=LOUD) for s in range(8)) >= 3
    monkeypatch.undo()
    for rules in ("UNO 1121 DOA", "UNO 1121 DP"):
        assert all(referee_ids(rules, [HR, HG] * 2, s, rates=LOUD)[0] == compiled_ids(rules, [HR, HG] * 2, s, rates=LOUD)
                   for s in range(3))
