"""The PettingZoo AEC env on the decision flow in C (issue 27, point 3): :mod:`unokit.env.cflow`.

``raw_env(core="compiled")`` and ``raw_env(core="referee")`` play the same hands: the same seeds, the same
random legal ids, and after every step the same agent selected, observation of every agent, mask, rewards,
terminations and truncations. PettingZoo's ``api_test`` and ``seed_test`` pass on the compiled core; the
referee's helpers (``game``, ``action_of``, rendering, pickling) still work on it; rules the C flow does not hold
fall back to the referee (``core="auto"``) or are refused (``core="compiled"``).
"""

from __future__ import annotations

import pickle
import random

import compiled_support as S
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.env.aec import env, parallel_env, raw_env
from unokit.env.cflow import CompiledFlow
from unokit.env.core import Flow, IllegalActionIdError
from unokit.fast import compiled

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


def snapshot(e) -> tuple:
    obs = [e.observe(a) for a in e.possible_agents]
    return (e.agent_selection, [o["observation"].tobytes() for o in obs], [o["action_mask"].tobytes() for o in obs],
            dict(e.rewards), dict(e._cumulative_rewards), dict(e.terminations), dict(e.truncations))


def first_difference(rules: str, players: int, seed: int, *, max_cycles: int | None = None, cut: int = 400) -> str | None:
    """Play one hand in both cores with the same random legal ids; the first difference (None: none)."""
    c = raw_env(rules, players, core="compiled", max_cycles=max_cycles)
    r = raw_env(rules, players, core="referee", max_cycles=max_cycles)
    c.reset(seed=seed)
    r.reset(seed=seed)
    assert isinstance(c.flow, CompiledFlow) and isinstance(r.flow, Flow)
    rng = random.Random(seed)
    for t in range(cut):
        if snapshot(c) != snapshot(r):
            return f"step {t}"
        _, _, term, trunc, _ = r.last()
        if term or trunc:
            return None
        i = rng.choice(np.flatnonzero(r.observe(r.agent_selection)["action_mask"]).tolist())
        c.step(i)
        r.step(i)
    return None


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), rules=st.sampled_from(["UNO 1121", "UNO 1112"]))
def test_issue27_point3_aec_env_on_the_c_flow_plays_as_on_the_referee(seed, players, rules):
    assert first_difference(rules, players, seed, cut=150) is None


def test_issue27_point3_whole_hands_and_truncation_alike():
    for seed in range(2):
        assert first_difference("UNO 1121", 2, seed, cut=5000) is None
    assert first_difference("UNO 1121", 3, 5, max_cycles=20, cut=5000) is None


def test_issue27_point3_the_comparison_can_fail(monkeypatch):
    """Mutation check: a compiled flow keyed with another generator asks reaction windows in another order."""
    import unokit.fast.envflow as envflow
    real = envflow.FlowBatch.__init__

    def other_key(self, seeds, *args, **kwargs):
        real(self, seeds, *args, **kwargs)
        keys = (self.seeds ^ np.uint64(0x5EED ^ 1)).tobytes()
        step_of, move_of = envflow.flow_tables(self.codec.rules, self.players)
        self._f = compiled._ccore.flow_new(self.batch._v, self.batch._o, step_of.tobytes(), move_of.tobytes(),
                                           self.nsteps, self.codec.steps.wait, kwargs.get("max_decisions", 5000), keys)

    monkeypatch.setattr(envflow.FlowBatch, "__init__", other_key)
    assert any(first_difference("UNO 1121", 5, s, cut=3000) is not None for s in range(4))


def test_issue27_point3_pettingzoo_api_and_seed_tests_pass_on_the_c_flow():
    from pettingzoo.test import api_test, parallel_api_test, seed_test
    api_test(env(rules="UNO 1121", players=3, core="compiled"), num_cycles=200)
    seed_test(lambda: env(rules="UNO 1121", players=2, core="compiled"), num_cycles=200)
    parallel_api_test(parallel_env(rules="UNO 1121", players=2, core="compiled"), num_cycles=200)


def test_issue27_point3_referee_helpers_pickling_and_fallback():
    e = raw_env("UNO 1121", 3)
    assert e.core == "compiled"
    e.reset(seed=4)
    rng = random.Random(4)
    for _ in range(30):
        mask = e.observe(e.agent_selection)["action_mask"]
        i = rng.choice(np.flatnonzero(mask).tolist())
        a = e.action_of(i)
        if a is not None:
            assert e.action_id(a) == i
        e.step(i)
    g = e.game
    assert g.to_act == e.flow.seat and "cards" in e.render()
    with pytest.raises(IllegalActionIdError):
        e.step(next(i for i in range(len(e.table)) if not e.observe(e.agent_selection)["action_mask"][i]))
    with pytest.raises(IllegalActionIdError):
        e.step("x")
    copy = pickle.loads(pickle.dumps(e))
    assert snapshot(copy) == snapshot(e)
    assert raw_env("UNO 1121 C-DR-P4-SEVENO", 4).core == "compiled" and raw_env("UNO 1121 DOA-MS1", 4).core == "referee"
    with pytest.raises(ValueError, match="played by the referee only"):
        raw_env("UNO 1121 DOA-MS1", 2, core="compiled")
    with pytest.raises(ValueError):
        raw_env("UNO 1121", 2, core="gpu")


# ---------------------------------------------------------------------- the house rules the C flow holds (issue 27, point 1)
HOUSE = ["UNO 1121 P4", "UNO 1121 P1-SAT", "UNO 1121 P2-INS-FU", "UNO 1121 DRAWPLAY-P4", "UNO 1121 FORCE-P4",
         "UNO 1121 P3-CON-BU", "UNO 1121 SEVENO-JUMPIN", "UNO 1121 C-DR-P4-SEVENO", "UNO 1121 DD-P1", "UNO 1121 DR-P2",
         "UNO 1121 ADDUP", "UNO 1121 P2-ADDUP", "UNO 1121 T-ADDUP", "UNO 1121 CAR-BACK-DAD-P2", "UNO 1121 AB-BA-P4",
         "UNO 1121 CLA", "UNO 1121 TRI-P2", "UNO 1121 DOUBLE-CLA-DR", "UNO 1121 ADDUP-CLA-TRI"]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), rules=st.sampled_from(HOUSE))
def test_issue27_point1_aec_env_on_the_c_flow_plays_as_on_the_referee_under_house_rules(seed, players, rules):
    assert first_difference(rules, players, seed, cut=400) is None


@pytest.mark.parametrize("rules", ["UNO 1121 P4", "UNO 1121 SEVENO-JUMPIN", "UNO 1121 P2-ADDUP", "UNO 1121 CLA-TRI-DOUBLE"])
def test_issue27_point1_aec_env_under_house_rules_whole_hands_pickling_and_the_referees_game(rules):
    assert first_difference(rules, 4, 1, cut=5000) is None
    assert first_difference(rules, 3, 2, max_cycles=15, cut=5000) is None
    pickled_alike(rules, 4)


def pickled_alike(rules: str, players: int) -> None:
    """An AEC env on the C flow, 40 random steps in, pickled and restored: the same referee's game (replayed)."""
    e = raw_env(rules, players)
    assert e.core == "compiled"
    e.reset(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        if e.terminations[e.agent_selection] or e.truncations[e.agent_selection]:
            break
        e.step(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()))
    assert pickle.loads(pickle.dumps(e)).game.fingerprint() == e.game.fingerprint()


def test_issue27_point1_aec_env_comparison_sees_clas_look(monkeypatch):
    """Mutation check: a referee whose CLA shows its player nothing (Game.reveals) observes otherwise than C."""
    S.hide_clas_look(monkeypatch)
    assert any(first_difference("UNO 1121 CLA", 3, s, cut=3000) is not None for s in range(3))


@pytest.mark.parametrize("edition,players", [("ALLWILD", 4), ("FLASH", 3), ("SPIN", 2), ("FLIP", 3)])
def test_issue27_point2_aec_env_on_an_editions_c_flow_plays_as_on_the_referee(edition, players):
    """Every agent of the AEC env on an edition's C flow (unokit/fast/_edflow.h), whole hands; pickled and restored."""
    rules = f"UNO {edition}"
    assert first_difference(rules, players, 1, cut=5000) is None
    pickled_alike(rules, players)
