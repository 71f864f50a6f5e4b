"""The compiled core under ZEROLEFT, SEVENO, C, JUMPIN, DR and DD (unokit/fast/_house2.h) plays the referee's hands.

Each rule is proven three ways, alone and in combinations with the other rules of the core:

1. step by step against the referee (``Game.new(players, rules, seed=s)``): uniform random decisions among
   every complete action of the seat to act or, now and then, of any other seat (cuts, UNO calls, catches,
   ADDUP's challenge out of turn) are applied to both; at every step every seat's legal ids (the referee's
   :func:`unokit.engine.compose.every_action` through ``compiled.action_id``, in its order) and the whole state,
   ``Game.top_player`` included, are the same;
2. hand by hand against the Python harness with random-play bots: the same winner, turns, steps, actions,
   reactions, draws, points and score as ``unokit.lab.sim.play_hand`` and the lab's ``play_deal``. This checks
   the reaction step (the seats shuffled by the harness's generator, each asked in that order, the bots'
   generators drawn for their cuts) and the harness's unfolding of the plays being composed;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest

import unokit.engine.compose
import unokit.engine.flow
import unokit.lab.sim
from unokit.core.actions import Play
from unokit.core.cards import Card
from unokit.core.errors import UnoError
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def same_steps(rules: str, players=(2, 3, 4, 5), seeds: int = 4) -> S.Tally:
    """Step by step against the referee (tests/compiled_support.py): another seat acts now and then (30%)."""
    return S.same_steps(rules, players, seeds, other=0.3, cap=1500)


def same_hands(rules: str, players=(2, 3, 4, 6), n: int = 16, lab: int = 8, everything: bool = False) -> S.Tally:
    """unokit.lab.sim.simulate's hands and the lab's (play_deal), on the referee and in C (tests/compiled_support.py)."""
    return S.same_hands(rules, players, n, lab, everything=everything)


def fast_agrees(rules: str, n: int = 6000) -> None:
    S.fast_agrees(rules, n)


# ------------------------------------------------------------------------------------------- ZEROLEFT
def test_ZEROLEFT_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 ZEROLEFT")
    assert t.actions > t.share(2000)
    same_steps("UNO 1121 ZEROLEFT(card=5)", players=(3, 6), seeds=3)


def test_ZEROLEFT_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 ZEROLEFT")
    same_hands("UNO 1121 ZEROLEFT(card=9)", players=(3, 5), n=8, lab=4)


def test_ZEROLEFT_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 ZEROLEFT")


# --------------------------------------------------------------------------------------------- SEVENO
def test_SEVENO_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 SEVENO")
    assert t.actions > t.share(2000)


def test_SEVENO_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 SEVENO")


def test_SEVENO_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 SEVENO")


# -------------------------------------------------------------------------------------------------- C
def test_C_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 C")
    assert t.cuts > t.share(20), "cuts were among the decisions"


def test_C_compiled_hands_equal_sim_and_lab():
    t = same_hands("UNO 1121 C")
    assert t.reactions > t.share(100), "the harness's reaction step was exercised"


def test_C_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 C")


# --------------------------------------------------------------------------------------------- JUMPIN
def test_JUMPIN_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 JUMPIN")
    assert t.cuts > t.share(20)


def test_JUMPIN_compiled_hands_equal_sim_and_lab():
    t = same_hands("UNO 1121 JUMPIN")
    assert t.reactions > t.share(100)


def test_JUMPIN_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 JUMPIN")


# ------------------------------------------------------------------------------------------------- DR
def test_DR_compiled_same_steps_as_referee():
    same_steps("UNO 1121 DR", seeds=6)
    same_steps("UNO 1121 BU(cards=14)-DR", players=(2, 3), seeds=2)   # big hands: long groups, many stems


def test_DR_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 DR")


def test_DR_compiled_follows_the_harness_when_stems_stay_folded():
    """With 30-card hands a list can pass unokit.engine.compose.UNFOLD: the bot then picks a stem and completes the
    play one sub-decision at a time (other draws of its generator). These hands have such steps."""
    rules, folded = "UNO 1121 BU(cards=30)-DR", []
    original = unokit.engine.compose.unfold

    def spy(game, actions, limit=unokit.engine.compose.UNFOLD):
        out = original(game, actions, limit)
        folded.append(any(type(a) is Play and a.more for a in out))
        return out

    unokit.engine.flow.unfold = spy
    try:
        same_hands(rules, players=(3,), n=10, lab=2, everything=True)   # these very hands
    finally:
        unokit.engine.flow.unfold = original
    assert sum(folded) >= 2


def test_DR_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 DR")


# ------------------------------------------------------------------------------------------------- DD
def test_DD_compiled_same_steps_as_referee():
    same_steps("UNO 1121 DD", seeds=5)


def test_DD_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 DD")


def test_DD_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 DD")


# --------------------------------------------------------------------------------------- combinations
COMBOS = ["UNO 1121 C-DR-P4", "UNO 1122 JUMPIN-DD-P2-CON", "UNO 1121 SEVENO-C-DR", "UNO 1121 SEVENO-ADDUP-DR",
          "UNO 1121 ZEROLEFT-JUMPIN-DD-ADDUP", "UNO 1121 DR-CON-SEVENO-JUMPIN-ADDUP uno=4",
          "UNO 1121 FU(cards=5)-ZEROLEFT(card=7)-C-DR-P3-SAT", "UNO 1121 BU(cards=10)-C-DD-INS-FORCE",
          "UNO 3121 JUMPIN-P4-FORCE"]


@pytest.mark.parametrize("rules", COMBOS, ids=[c.replace("UNO ", "").replace(" ", "_") for c in COMBOS])
def test_house2_combinations_compiled_same_steps_and_hands(rules):
    same_steps(rules, players=(2, 3, 4), seeds=2)
    same_hands(rules, players=(2, 3, 5), n=8, lab=3)


def test_house2_compiled_same_steps_with_more_players():
    for players, rules in ((7, "UNO 1121 SEVENO-C"), (8, "UNO 1121 JUMPIN-DR-P4"), (10, "UNO 1121 ZEROLEFT-DD")):
        same_steps(rules, players=(players,), seeds=2)
    same_hands("UNO 1121 SEVENO-C-DR", players=(8, 10), n=6, lab=2)


# ----------------------------------------------------------------------------------- ids, refusals, use
def test_house2_ids_round_trip():
    rng = random.Random(3)
    seen = 0
    for rules in ("UNO 1121 SEVENO-DR", "UNO 1121 C-DD-P4"):
        _, steps = C.trace(4, 7, rules=rules, policy="random-play", policy_seed=1)
        for _, legal, _, _ in steps:
            for ids in legal:
                for i in ids:
                    assert C.action_id(C.to_action(i)) == i
                    seen += i >= C.EXT2_BASE
    assert seen > 0
    a = Play(2, (Card.parse("R7"),), None, True, 0)   # SEVENO: a 7 naming seat 0
    assert C.to_action(C.action_id(a)) == a and C.action_id(a) >= C.EXT2_BASE
    for _ in range(200):   # an id that is not one play's own id is refused
        i = C.EXT2_BASE + rng.randrange(10 ** 9)
        try:
            assert C.action_id(C.to_action(i)) == i
        except UnoError:
            pass
    with pytest.raises(UnoError):
        C.to_action(C.EXT2_BASE + 10 * ((1 * 5 + 0) * 2 * 11))   # one card, no target: an official id


def test_house2_refuses_other_bots_and_the_batch():
    assert C.problem("UNO 1121 SEVENO-C-DR", ["random-play"], 4) is None
    assert C.problem("UNO 1121 C", ["random-play", "greedy"], 2) is None
    assert C.problem("UNO 1121 C-TRI", ["random-play", "strategist"], 2) is None   # (test_compiled_strategist_house3.py)
    assert C.problem("UNO 1121 ZEROLEFT", ["bench"], 2)
    from unokit.fast.batch import Batch
    with pytest.raises(UnoError, match="move number"):
        Batch(3, rules="UNO 1121 JUMPIN")


def test_house2_rules_change_the_hands():
    def run(rules):
        return C.play(3000, players=4, rules=rules, seed=4, chance="fast")
    base, cut, dr = run("UNO 1121"), run("UNO 1121 C"), run("UNO 1121 DR")
    assert base.reactions.sum() == 0 < cut.reactions.sum()          # cuts are reactions
    assert dr.turns.mean() < base.turns.mean()                       # groups shorten hands
    assert (run("UNO 1121 ZEROLEFT").records != base.records).any()
    assert (run("UNO 1121 SEVENO").records != base.records).any()


def test_house2_simulate_picks_the_compiled_core_and_agrees_with_the_referee():
    from unokit.lab.sim import simulate
    kw = dict(players=3, rules="UNO 1121 C-DR-P4", bots="random-play", seed=3, progress=False)
    a = simulate(30, engine="compiled", chance="referee", **kw)
    b = simulate(30, engine="referee", **kw)
    strip = lambda s: {k: v for k, v in s.items() if k not in ("seconds", "hands_per_second", "checked", "engine")}
    assert strip(a) == strip(b)
    assert simulate(3, engine="auto", **kw)["engine"].startswith("compiled")
