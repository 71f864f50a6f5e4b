"""The compiled core under CLA and DOA with the draws that ask ``Game.can_play_alone`` (SAT, INS, FORCE, CON, TRI).

The referee's probe plays CLA's card with a seat named and DOA's 2 with its gifts (tests/rules/test_playable_alone.py),
so either is playable alone when it matches, as the core's draws count it; ``compiled._h4_problem`` no longer
refuses these sets. Proven as tests/fast/test_compiled_house4.py proves its rules (tests/compiled_support.py): step
by step against the referee with random decisions, the compiled greedy (and, under CLA, the strategist) in lockstep
with the Python bots; the sweeps meet a drawn armed card that is offered; and the referee's old probe (no seat, no
gifts) fails the step-by-step check.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from test_compiled_doa import greedy_lockstep
from test_compiled_greedy import mixed as greedy_mixed
from test_compiled_strategist_house import mixed as strategist_mixed
from test_compiled_strategist_house2 import lockstep as strategist_lockstep

from unokit.core.cards import Card
from unokit.engine.game import Game
from unokit.engine.referee.state import Phase
from unokit.fast import compiled as C
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

DRAWS = ("SAT", "INS", "FORCE", "CON", "TRI")
CLA_SETS = [f"UNO 1121 {d}-CLA" for d in DRAWS] + ["UNO 1122 FORCE-CLA-DR", "UNO 1121 TRI-CLA-CON-C"]
DOA_SETS = [f"UNO 1121 {d}-DOA" for d in DRAWS] + ["UNO 1121 DOA(card=7)-SAT-BA-BACK", "UNO 1121 INS-CON-DOA-P4"]


def test_CLA_and_DOA_with_the_draws_are_played_compiled():
    for rules in CLA_SETS + DOA_SETS:
        for bots in ("random-play", "greedy"):
            assert C.problem(rules, bots, 3) is None, rules
    for rules in CLA_SETS:
        assert C.problem(rules, "strategist", 3) is None, rules
    # still refused, and why: CAR's and TRI's objections and AB's allowance change can_play_alone
    for rules in ("UNO 1121 CAR-SAT-CLA", "UNO 1121 TRI-AB-SAT", "UNO 1121 AB-CON-CLA"):
        assert "can_play_alone" in (C.problem(rules, "random-play", 3) or ""), rules


@pytest.mark.parametrize("rules", CLA_SETS + DOA_SETS, ids=[c.replace("UNO ", "").replace(" ", "_")
                                                           for c in CLA_SETS + DOA_SETS])
def test_CLA_DOA_with_the_draws_compiled_same_steps_as_referee(rules):
    S.same_steps(rules, (2, 4), range(2), other=0.3, cap=300)


def armed_drawn_and_offered(rules: str, players: int, seeds) -> int:
    """Steps of random-play hands traced in C after which a drawn card of CLA's or DOA's number is offered (the
    DRAWN phase): the sweeps above are not vacuous."""
    rs = RuleSet.parse(rules)
    armed = {rs.card_of(c) for c in ("CLA", "DOA") if rs.has(c)}
    n = 0
    for s in seeds:
        _, steps = C.trace(players, s, rules=rules, policy="random-play", policy_seed=s, full=True)
        n += sum(1 for *_, after in steps if after[6] == int(Phase.DRAWN) and Card.ALL[after[8]].number in armed)
    return n


@pytest.mark.parametrize("rules", ["UNO 1121 SAT-CLA", "UNO 1121 CON-CLA", "UNO 1121 SAT-DOA", "UNO 1121 CON-DOA"])
def test_the_sweeps_meet_an_armed_card_drawn_and_offered(rules):
    assert armed_drawn_and_offered(rules, 4, range(S.sampled(12))) > 0


@pytest.mark.parametrize("players,rules", [(3, "UNO 1121 SAT-CLA"), (4, "UNO 1121 CON-CLA"), (3, "UNO 1121 TRI-CLA"),
                                           (3, "UNO 1121 SAT-DOA"), (4, "UNO 1121 CON-DOA"), (3, "UNO 1121 FORCE-DOA")])
def test_compiled_greedy_makes_the_python_greedy_choices(players, rules):
    r = greedy_lockstep(players, rules, range(S.sampled(8)), greedy_mixed)
    assert r["decisions"] > 0 and r["agree"] == r["decisions"], r["first"]


@pytest.mark.parametrize("players,rules", [(3, "UNO 1121 SAT-CLA"), (4, "UNO 1121 INS-CLA-CON"),
                                           (3, "UNO 1121 FORCE-CLA"), (3, "UNO 1121 TRI-CLA")])
def test_compiled_strategist_makes_the_python_strategists_choices_under_CLA_and_the_draws(players, rules):
    r = strategist_lockstep(players, rules, range(S.sampled(8)), strategist_mixed, everything=True)
    assert r["decisions"] > 0 and r["agree"] == r["decisions"], r["first"]


def _old_probe(real):
    """The referee's probe before the fix: a card that names a seat or gives cards is never playable alone."""
    def probe(self, p, c):
        owes = [c.number == self.rules.card_of(code) for code in ("CLA", "DOA") if self.rules.has(code)]
        return False if any(owes) else real(self, p, c)
    return probe


@pytest.mark.parametrize("rules", ["UNO 1121 SAT-CLA", "UNO 1121 CON-DOA"])
def test_the_old_probe_fails_the_differential_check(monkeypatch, rules):
    monkeypatch.setattr(Game, "can_play_alone", _old_probe(Game.can_play_alone))
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps(rules, (3, 4), range(6), other=0.3, cap=1500)
