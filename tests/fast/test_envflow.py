"""The env's decision flow in C (issue 27, point 1): :class:`unokit.fast.envflow.FlowBatch` against the Python
:class:`unokit.env.core.Flow`, in lockstep.

The same seeds (the referee's deals), the same step ids chosen by a seeded random legal policy (``wait``
included); after every decision C and Python agree on the seat asked, the window, the truncation, the mask over
the step ids, the observation of every seat (``Batch.observe``, the window flag for the seat asked) and
``hand_rewards``. A C flow keyed with another generator or mapping a step to another move is caught.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.errors import UnoError
from unokit.env.actions import table_for
from unokit.env.core import Flow, hand_rewards
from unokit.env.observe import Encoder
from unokit.fast import compiled, envflow
from unokit.fast.envflow import FlowBatch, flow_problem

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


def lockstep(rules: str, players: int, seeds: list[int], policy_seed: int, *, max_decisions: int = 300,
             reward: str = "hand", observe: bool = True, mutate=None) -> tuple[str | None, Counter]:
    """Play ``seeds`` in C and in Python with the same random legal step ids; the first difference (None: none)
    and counts of what the hands went through. ``mutate(flows, seeds)``: a bug put into the Python side."""
    table = table_for(rules, players)
    enc = Encoder(table)
    fb = FlowBatch(seeds, players, rules, encoder=enc, max_decisions=max_decisions)
    flows = [Flow(table.rules, players, s, table=table, encoder=enc, max_decisions=max_decisions) for s in seeds]
    if mutate:
        mutate(flows, seeds)
    rng = random.Random(policy_seed)
    seen: Counter = Counter()
    for t in range(100_000):
        seat, window, truncated = fb.where()
        mask, rewards = fb.mask(), fb.rewards(reward)
        for i, f in enumerate(flows):
            got = (int(seat[i]), bool(window[i]), bool(truncated[i]), np.flatnonzero(mask[i]).tolist())
            want = (f.seat, f.window, f.truncated, np.flatnonzero(f.mask()).tolist())
            if got != want:
                return f"decision {t}, hand {i}: C {got} != Python {want}", seen
            if not np.allclose(rewards[i], hand_rewards(f.game, reward)):
                return f"decision {t}, hand {i}: rewards {rewards[i]} != {hand_rewards(f.game, reward)}", seen
        for s in range(players) if observe else ():
            obs = fb.observe(s)
            for i, f in enumerate(flows):
                if not f.game.over and not np.array_equal(obs[i], f.observe(s)):
                    return f"decision {t}, hand {i}: observation of seat {s}", seen
        steps = np.full(len(seeds), -1)
        for i, f in enumerate(flows):
            if not f.over:
                steps[i] = rng.choice(np.flatnonzero(f.mask()).tolist())
                seen["window"] += f.window
                seen["wait"] += int(steps[i]) == table.wait
                f.answer(int(steps[i]))
        if (steps < 0).all():
            break
        fb.answer(steps)
    seen["over"] = sum(f.game.over for f in flows)
    seen["truncated"] = sum(f.truncated for f in flows)
    return None, seen


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**62), players=st.integers(2, 6),
       rules=st.sampled_from(["UNO 1121", "UNO 1121", "UNO 1111", "UNO 1122"]))
def test_issue27_point1_c_flow_asks_masks_observes_and_rewards_as_the_python_flow(seed, players, rules):
    diff, _ = lockstep(rules, players, [seed, seed + 1], seed % 1000, max_decisions=150)
    assert diff is None, diff


@pytest.mark.parametrize("players,reward", [(2, "hand"), (3, "points"), (5, "hand")])
def test_issue27_point1_c_flow_plays_whole_hands_windows_waits_and_truncation_alike(players, reward):
    diff, seen = lockstep("UNO 1121", players, list(range(8)), players, max_decisions=600, reward=reward,
                          observe=False)
    assert diff is None, diff
    assert seen["window"] and seen["wait"] and seen["over"], seen


def test_issue27_point1_c_flow_truncates_as_the_python_flow():
    diff, seen = lockstep("UNO 1121", 4, [3, 4], 1, max_decisions=40, observe=False)
    assert diff is None, diff
    assert seen["truncated"] == 2, seen


def test_issue27_point1_c_flow_lockstep_can_fail(monkeypatch):
    """Mutation checks: the Python flow's generator keyed without 0x5EED (another reaction order), and a C step
    table with two plays swapped, are both caught."""
    def rekey(flows, seeds):
        for f, s in zip(flows, seeds):
            f.rng = random.Random(s)

    diff, seen = lockstep("UNO 1121", 5, list(range(6)), 5, max_decisions=600, observe=False, mutate=rekey)
    assert diff is not None and "C (" in diff, (diff, seen)
    step_of, move_of = envflow.flow_tables("UNO 1121", 2)
    bad_step, bad_move = step_of.copy(), move_of.copy()
    bad_move[:, [0, 2]] = bad_move[:, [2, 0]]   # "play R0" <-> "play R1"
    for s in range(2):
        bad_step[s][bad_step[s] == 0], bad_step[s][bad_step[s] == 2] = 2, 0
    monkeypatch.setattr(envflow, "flow_tables", lambda rules, players: (bad_step, bad_move))
    diff, _ = lockstep("UNO 1121", 2, list(range(8)), 2, max_decisions=600, observe=False)
    assert diff is not None, "a swapped step table went unnoticed"


def test_issue27_point1_c_flow_refuses_bad_input_with_typed_errors():
    f = FlowBatch([5], players=3)
    seat = f.where()[0][0]
    offered = np.flatnonzero(f.mask()[0])
    refused = next(i for i in range(f.nsteps) if i not in offered)
    before = f.mask().copy()
    with pytest.raises(UnoError, match="not offered"):
        f.answer([refused])
    with pytest.raises(UnoError):
        f.answer([10**6])
    with pytest.raises(UnoError):
        f.answer([1, 2])
    assert np.array_equal(f.mask(), before) and f.where()[0][0] == seat
    with pytest.raises(UnoError):
        f.rewards("money")
    with pytest.raises(UnoError):
        FlowBatch([-1])
    with pytest.raises(UnoError, match="official rules only"):
        FlowBatch([1], rules="UNO 1121 P4")
    assert flow_problem("UNO 1121 JUMPIN", 2) and flow_problem("no rules", 2)
    assert flow_problem("UNO 1121", 10) is None
