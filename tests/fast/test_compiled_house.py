"""The compiled core (unokit/fast/_ccore.c) under the house rules it covers plays the referee's hands.

Covered (``unokit.fast.compiled.HOUSE_RULES``): stacking P1-P4 and ADDUP; drawing FU, BU, SAT, INS,
CON, DRAWPLAY and FORCE, alone and combined. Each code is proven three ways:

1. step by step against the referee (``Game.new(players, rules, seed=s)``): uniform random decisions
   among the complete actions of the seat to act (now and then of another seat: UNO calls, catches,
   challenges out of turn) are applied to both; at every step every seat's legal ids (the referee's
   actions through ``compiled.action_id``, in the referee's order) and the whole state are the same;
2. hand by hand against the Python harness: the lab's random-play bots give the same winner, turns,
   steps, draws, points and score as ``unokit.lab.sim.play_hand`` and ``unokit.lab.play_deal``;
3. with fast chance the mean hand length and the first seat's win rate agree with referee chance.
"""

from __future__ import annotations

import random

import compiled_support as S
import numpy as np
import pytest

from unokit.core.errors import UnoError
from unokit.fast import ACTIONS
from unokit.fast import compiled as C
from unokit.lab.sim import simulate

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

#: one code per covered rule (the test ids are the rules' codes)
SINGLE = {code: f"UNO 1121 {code}" for code in C.HOUSE_RULES if code != "BOMB"}
SINGLE["DR-BOMB"] = "UNO 1121 DR-BOMB"   # BOMB needs DR or DD
SINGLE["FU(cards=2)"] = "UNO 1121 FU(cards=2)"
SINGLE["BU(cards=12)"] = "UNO 1121 BU(cards=12)"
#: combinations the parser accepts (and ambiguity digits / table parameters with them)
COMBOS = ["UNO 1121 P4-DRAWPLAY", "UNO 1121 P2-FU", "UNO 1121 ADDUP-SAT", "UNO 1122 P4-CON",
          "UNO 1121 P3-ADDUP-INS-FORCE", "UNO 1121 BU(cards=10)-P1-CON-DRAWPLAY",
          "UNO 1121 FU(cards=5)-P4-ADDUP-SAT-CON uno=4", "UNO 1121 P2-FORCE-DRAWPLAY deal=5"]
ALL = list(SINGLE.values()) + COMBOS
IDS = list(SINGLE) + [c.replace("UNO ", "").replace(" ", "_") for c in COMBOS]


def same_steps(rules: str, players=(2, 3, 4), seeds=3) -> S.Tally:
    """Step by step against the referee (tests/compiled_support.py): another seat acts now and then (15%)."""
    return S.same_steps(rules, players, seeds, other=0.15, cap=2000)


@pytest.mark.parametrize("rules", list(SINGLE.values()), ids=list(SINGLE))
def test_house_rule_compiled_same_steps_as_referee(rules):
    t = same_steps(rules)
    assert t.actions > t.hands * 20


@pytest.mark.parametrize("rules", COMBOS, ids=IDS[len(SINGLE):])
def test_house_rule_combinations_compiled_same_steps_as_referee(rules):
    same_steps(rules, seeds=2)


def test_house_rules_compiled_same_steps_with_more_players():
    rng = random.Random(6)
    for players, rules in ((6, "UNO 1121 P4-ADDUP-CON-DRAWPLAY"), (8, "UNO 1121 P3-ADDUP-INS-FORCE-FU"),
                           (10, "UNO 1122 P1-SAT")):
        S.same_steps(rules, (players,), 2, other=0.15, cap=2000, rng=rng)


@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_house_rule_compiled_random_play_hands_equal_the_python_harness(rules):
    """unokit.lab.sim.simulate's hands, and the lab's (play_deal), on the referee and in C."""
    S.same_hands(rules, players=(2, 3, 4), n=12, lab=6)


@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_house_rule_compiled_fast_chance_agrees_with_referee_chance(rules):
    S.fast_agrees(rules, n=8000)


def test_house_rules_change_the_hands():
    """The rules are really in force: stacking lengthens hands, FU shortens them, and so on."""
    def mean_turns(rules):
        return float(C.play(4000, players=3, rules=rules, seed=4, chance="fast").turns.mean())
    base = mean_turns("UNO 1121")
    assert mean_turns("UNO 1121 FU") < base < mean_turns("UNO 1121 BU")
    assert base < mean_turns("UNO 1121 INS") < mean_turns("UNO 1121 SAT")  # SAT: stuck players draw many cards
    assert mean_turns("UNO 1121 P4") != base and mean_turns("UNO 1121 ADDUP") != base
    # random-play never draws holding a playable card and always plays a playable card drawn: under FORCE
    # and DRAWPLAY it plays the very same hands
    same = [C.play(500, players=3, rules=r, seed=4).records for r in ("UNO 1121", "UNO 1121 FORCE-DRAWPLAY")]
    assert (same[0] == same[1]).all()
    # ADDUP's moves (pairs and doubtsum) are offered and played in C
    seen = set()
    for seed in range(40):
        _, steps = C.trace(3, seed, rules="UNO 1121 ADDUP", policy="random-play", policy_seed=seed)
        seen |= {type(C.to_action(a)).__name__ + str(len(getattr(C.to_action(a), "cards", ())))
                 for _, legal, a, _ in steps}
        seen |= {type(C.to_action(i)).__name__ for _, legal, _, _ in steps for ids in legal for i in ids
                 if i >= C.EXT_BASE}
    assert {"Play2", "ChallengeSum"} <= seen


def test_house_rules_simulate_picks_the_compiled_core_and_agrees_with_the_referee():
    kw = dict(players=3, rules="UNO 1121 P4-ADDUP-CON", bots="random-play", seed=3, progress=False)
    a = simulate(40, engine="compiled", chance="referee", **kw)
    b = simulate(40, engine="referee", **kw)
    assert a["engine"].startswith("compiled") and b["engine"].startswith("referee")
    strip = lambda s: {k: v for k, v in s.items() if k not in ("seconds", "hands_per_second", "checked", "engine")}
    assert strip(a) == strip(b)
    assert simulate(5, engine="auto", **kw)["engine"].startswith("compiled")


def test_house_rule_ids_come_after_the_official_table():
    assert len(ACTIONS) == C.EXT_BASE
    for i in (0, 137, 138, 1379):
        assert C.to_action(i) == ACTIONS[i] and C.action_id(ACTIONS[i]) == i
    seen = set()
    for i in range(C.EXT_BASE, C.EXT_BASE + 10 * C.EXT_PER_SEAT):
        a = C.to_action(i)
        assert C.action_id(a) == i and a not in seen
        seen.add(a)
    assert str(C.to_action(C.EXT_BASE + C.EXT_PER_SEAT - 1)) == "0 doubtsum"
    assert str(C.to_action(C.EXT_BASE + C.EXT_PER_SEAT + 2 * (100 + 27) + 1)) == "1 play Y2 Y7 uno"
    assert str(C.to_action(C.EXT_BASE + 10 * C.EXT_PER_SEAT)) == "0 slap"      # M's block follows ADDUP's
    assert str(C.to_action(C.EXT_BASE + 10 * C.EXT_PER_SEAT + 10)) == "0 say nossa"   # then the lines said
    with pytest.raises(UnoError):
        C.to_action(C.EXT_BASE + 10 * C.EXT_PER_SEAT + 10 + 10 * 11)


def test_compiled_refuses_uncovered_house_rules_with_a_reason():
    for rules in ("UNO 1121 P1", "UNO 1121 FU(cards=6)-P4-ADDUP-SAT-CON-DRAWPLAY", "UNO 1121 BU(cards=20)",
                  "UNO 1121 P3 deal=5 target=300", "UNO 1122 INS-FORCE", "UNO 3121 P2"):
        assert C.problem(rules, ["random-play"], 4) is None, rules
    assert "DOA" in C.problem("UNO 1121 P4-DOA-MS1", ["random-play"])   # (DOA: tests/fast/test_compiled_doa.py)
    assert "M with ORG is played by the referee only" in C.problem("UNO 1121 C-CAR-P4-M-ORG", ["random-play"])
    assert "simplified" in C.problem("UNO 2121 P4", ["random-play"])
    assert "official" in C.problem("UNO 1121 P4 first=redraw", ["random-play"])
    assert "cannot deal" in C.problem("UNO 1121 BU(cards=20)", ["random-play"], 6)
    assert "bench" in C.problem("UNO 1121 SAT", ["bench"])
    assert C.problem("UNO 1121", ["bench"]) is None
    with pytest.raises(UnoError, match="cannot be combined"):
        C.play(5, rules="UNO 1121 SAT-INS")
    with pytest.raises(UnoError, match="DOA"):
        C.play(5, rules="UNO 1121 DOA-P4-MS1")
    r = C.play(50, players=10, rules="UNO 1121 BU(cards=10)", seed=1, chance="fast")
    assert (r.winner >= 0).all()


def test_house_rules_compiled_conserve_cards_and_points_add_up():
    for rules in ("UNO 1121 P4-CON", "UNO 1121 ADDUP-SAT-DRAWPLAY", "UNO 1121 BU-P2-INS-FORCE"):
        r = C.play(1000, players=4, rules=rules, bots="random-play", seed=3, chance="fast")
        assert (r.winner >= 0).all() and not r.truncated.any()
        assert (r.points[np.arange(len(r)), r.winner] == 0).all()
        assert (r.points.sum(axis=1) == r.score).all()
