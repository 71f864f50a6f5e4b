"""The compiled core under T and the other rules of unokit/fast/_house4.h plays the referee's hands.

Each rule is proven as tests/fast/test_compiled_house2.py proves its rules (the harness of tests/compiled_support.py
with its settings): step by step against the referee with uniform random decisions among every seat's actions
(out-of-turn ones included), every seat's legal ids and the whole state; hand by hand against
``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots; fast chance within 4 standard errors
of referee chance.
"""

from __future__ import annotations

import compiled_support as S
import pytest

from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def same_steps(rules: str, players=(2, 3, 4, 5), seeds: int = 4) -> S.Tally:
    """Step by step against the referee: another seat acts now and then (30%, as in test_compiled_house2.py)."""
    return S.same_steps(rules, players, seeds, other=0.3, cap=1500)


def same_hands(rules: str, players=(2, 3, 4, 6), n: int = 16, lab: int = 8) -> S.Tally:
    return S.same_hands(rules, players, n, lab)


def fast_agrees(rules: str, n: int) -> None:
    S.fast_agrees(rules, n)


# -------------------------------------------------------------------------------------------------- T
def test_T_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 T", players=(2, 3, 4), seeds=3)
    assert t.actions > t.share(1000)
    same_steps("UNO 1121 T(card=5)", players=(3, 5), seeds=2)


def test_T_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 T", players=(2, 3, 5), n=10, lab=4)


def test_T_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 T", n=3000)


T_COMBOS = ["UNO 1121 T-DR", "UNO 1121 T(card=7)-DD-JUMPIN", "UNO 1121 T-C-P4",
            "UNO 1122 T-ZEROLEFT(card=5)-ADDUP"]


@pytest.mark.parametrize("rules", T_COMBOS, ids=[c.replace("UNO ", "").replace(" ", "_") for c in T_COMBOS])
def test_T_combinations_compiled_same_steps_and_hands(rules):
    same_steps(rules, players=(2, 4), seeds=2)
    same_hands(rules, players=(3,), n=6, lab=2)


# ------------------------------------------------------------------------------------------------ CAR
def test_CAR_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 CAR", players=(2, 3, 4), seeds=3)
    assert t.actions > t.share(1000)
    same_steps("UNO 1121 CAR(card=9)", players=(3, 5), seeds=2)


def test_CAR_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 CAR", players=(2, 3, 5), n=10, lab=4)


def test_CAR_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 CAR", n=3000)


CAR_COMBOS = ["UNO 1121 CAR-DR", "UNO 1121 CAR-T(card=7)-C", "UNO 1122 CAR-JUMPIN-DD-P2", "UNO 1121 CAR-ADDUP-FU(cards=5)"]


@pytest.mark.parametrize("rules", CAR_COMBOS, ids=[c.replace("UNO ", "").replace(" ", "_") for c in CAR_COMBOS])
def test_CAR_combinations_compiled_same_steps_and_hands(rules):
    same_steps(rules, players=(2, 4), seeds=2)
    same_hands(rules, players=(3,), n=6, lab=2)


# ------------------------------------------------------- DAD, BA, DOUBLE, TRI, BACK, BOMB (card effects)
ALONE = ["UNO 1121 DAD", "UNO 1121 BA", "UNO 1121 DOUBLE", "UNO 1121 TRI", "UNO 1121 BACK", "UNO 1121 DR-BOMB", "UNO 1121 AB", "UNO 1121 AA",
         "UNO 1121 BU(cards=14)-AA"]


@pytest.mark.parametrize("rules", ALONE, ids=[c.replace("UNO ", "").replace(" ", "_") for c in ALONE])
def test_card_rules_compiled_same_steps_and_hands(rules):
    t = same_steps(rules, players=(2, 3, 4), seeds=2)
    assert t.actions > t.share(500)
    same_hands(rules, players=(2, 3, 5), n=8, lab=3)


@pytest.mark.parametrize("rules", ["UNO 1121 DAD", "UNO 1121 TRI", "UNO 1121 BA-BACK-DOUBLE"])
def test_card_rules_compiled_fast_chance_agrees_with_referee_chance(rules):
    fast_agrees(rules, n=2000)


def test_card_rules_change_the_hands():
    def run(rules):
        return C.play(2000, players=4, rules=rules, seed=4, chance="fast")
    base = run("UNO 1121")
    for rules in ("UNO 1121 DAD", "UNO 1121 BA", "UNO 1121 TRI", "UNO 1121 BACK", "UNO 1121 DR-BOMB"):
        assert run(rules).penalty_cards.sum() > base.penalty_cards.sum() + 100, rules
    assert (run("UNO 1121 DOUBLE").score == 2 * base.score).all()
    assert run("UNO 1121 AB").turns.mean() < base.turns.mean()          # more plays allowed: shorter hands
    assert run("UNO 1121 AA").turns.mean() < base.turns.mean()


CARD_COMBOS = ["UNO 1121 T-DR", "UNO 1121 DAD(card=7,table=0/1/2/2/3/3)-TRI-BACK-C",
               "UNO 1121 TRI-DD-JUMPIN-P4", "UNO 1121 TRI-ADDUP-CON", "UNO 1121 BA-DR-SEVENO-BOMB",
               "UNO 1121 DAD-SAT-BA-T(card=9)", "UNO 1121 CAR(card=9)-DRAWPLAY-DAD", "UNO 1122 BACK(card=1)-INS-FORCE-T",
               "UNO 1121 AB-DR-C", "UNO 1121 AB-ADDUP-P4-DRAWPLAY",
               "UNO 1121 AA-AB-C-P4", "UNO 1121 AA-DD-JUMPIN-SAT", "UNO 1121 AA-DOUBLE-TRI-BACK"]


@pytest.mark.parametrize("rules", CARD_COMBOS, ids=[c.replace("UNO ", "").replace(" ", "_") for c in CARD_COMBOS])
def test_card_rules_combinations_compiled_same_steps_and_hands(rules):
    same_steps(rules, players=(2, 4), seeds=2)
    same_hands(rules, players=(3,), n=6, lab=2)


def test_house4_compiled_same_steps_with_more_players():
    same_steps("UNO 1121 T-CAR(card=9)-DAD-BA-TRI-BACK-C", players=(8,), seeds=2)
    same_steps("UNO 1121 AA-AB-DOUBLE-DR-BOMB-JUMPIN", players=(10,), seeds=2)


# ----------------------------------------------------------------------------------------- refusals
def test_house4_refuses_other_bots_and_what_it_does_not_play():
    assert C.problem("UNO 1121 T", ["random-play"], 4) is None
    assert C.problem("UNO 1121 T", ["random-play", "greedy"], 2) is None
    assert "bench" in C.problem("UNO 1121 T", ["random-play", "bench"], 2)
    assert C.problem("UNO 1121 TRI-BACK", ["strategist"], 2) is None   # (test_compiled_strategist_house3.py)
    for rules in ("UNO 1121 TRI-CLA", "UNO 1121 SAT-CLA", "UNO 1121 CON-CLA"):   # (test_compiled_playable_alone.py)
        assert C.problem(rules, ["random-play"], 3) is None
    for rules in ("UNO 1121 TRI-SAT", "UNO 1121 CAR-FORCE", "UNO 1121 TRI-INS", "UNO 1121 AB-CON"):
        assert "can_play_alone" in C.problem(rules, ["random-play"], 3)
    assert C.problem("UNO 1121 AB-TRI", ["random-play"], 3) is None   # (TRI's draw asks it: test_compiled_house3_h2.py)
    for rules, code in (("UNO 1121 DOA-MS1", "DOA"), ("UNO 1121 DP-C", "DP")):   # (tests/fast/test_compiled_doa.py, _dp.py)
        why = C.problem(rules, ["random-play"], 3)
        assert why and code in why


# ----------------------------------------------------------------------------------------- CLA
def test_CLA_compiled_same_steps_as_referee():
    # 000 §Regra da Clarividência: the player of a 1 names a player whose hand they see (none with the last card)
    t = same_steps("UNO 1121 CLA", players=(2, 3, 4), seeds=3)
    assert t.actions > t.share(200)
    for rules in ("UNO 1121 CLA(card=5)-P4", "UNO 1122 CLA-C-DR", "UNO 1121 CLA-DD-JUMPIN-CAR"):
        same_steps(rules, players=(2, 4), seeds=2)


def test_CLA_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 CLA", players=(2, 3, 5), n=10, lab=4)
    same_hands("UNO 1121 CLA-C", players=(3,), n=6, lab=2)
    fast_agrees("UNO 1121 CLA", 3000)


def test_CLA_with_the_swaps_compiled_where_a_play_holds_both_cards():
    """A play of several numbers (AA, AB, ADDUP) may hold CLA's card and a swap's: the seats their hooks list add up
    into one choice (``compose.targets_of``), the swap comes first and CLA's look sees the hand the target holds then
    (tests/fast/test_compiled_house3_h2.py plays such groups step by step and the strategist in lockstep)."""
    for rules in ("UNO 1121 CLA-SEVENO-AA", "UNO 1121 CLA-T(card=3)-ADDUP", "UNO 1121 CLA-SEVENO",
                  "UNO 1121 CLA-T(card=3)-DD"):
        assert C.problem(rules, ["strategist"], 3) is None, rules
