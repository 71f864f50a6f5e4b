"""``unokit/Uno-v0`` on the decision flow in C (issue 27, point 1): :class:`unokit.env.gym_env.UnoGymEnv` with
``core="compiled"`` (the hand and its random-play opponents in C) against ``core="referee"`` (the Python flow,
``RandomPlayBot`` opponents asked through ``Flow.bot_decides``).

The same seeds and the same random legal agent give, after every step, the same learning seat, observation, mask,
reward, termination, truncation and info, under the official rules and every house rule the C flow holds
(stacking, drawing, SEVENO's seat named, C's and JUMPIN's cuts, DR's and DD's groups); opponents keyed otherwise are caught. Gymnasium's ``check_env`` passes on the C flow; the referee's helpers
(``game``, rendering) and the illegal-id handling still work there; other opponents or rules fall back to the
referee (``core="auto"``) or are refused (``core="compiled"``).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.env.cflow import CompiledFlow
from unokit.env.core import Flow, IllegalActionIdError
from unokit.env.gym_env import UnoGymEnv
from unokit.fast import compiled

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")

RULES = ["UNO 1121", "UNO 1112", "UNO 1121 P4", "UNO 1121 P1-SAT", "UNO 1121 P2-INS-FU", "UNO 1121 DRAWPLAY-P4",
         "UNO 1121 FORCE-P4", "UNO 1121 P3-CON-BU", "UNO 1121 SEVENO-JUMPIN", "UNO 1121 C-DR-P4-SEVENO",
         "UNO 1121 DD-P1", "UNO 1121 DR-P2", "UNO 1122 ZEROLEFT-INS-C", "UNO 1121 ADDUP", "UNO 1121 P4-ADDUP",
         "UNO 1121 T-ADDUP", "UNO 1121 CAR-BACK-DAD-P2", "UNO 1121 AA-DR", "UNO 1121 BOMB-DD"]


def first_difference(rules: str, players: int, seed: int, *, seat: int | None = 0, hands: int = 2,
                     max_steps: int = 2000) -> str | None:
    """Play ``hands`` episodes on both cores with the same random legal agent; the first difference (None: none)."""
    c = UnoGymEnv(rules, players, core="compiled", seat=seat, max_steps=max_steps)
    r = UnoGymEnv(rules, players, core="referee", seat=seat, max_steps=max_steps)
    assert c.core == "compiled" and r.core == "referee"
    rng = np.random.default_rng(seed)
    for h in range(hands):
        oc, _ = c.reset(seed=seed + h)
        orr, _ = r.reset(seed=seed + h)
        assert isinstance(c.flow, CompiledFlow) and isinstance(r.flow, Flow)
        for t in range(10_000):
            if c.seat != r.seat or any(not np.array_equal(oc[k], orr[k]) for k in orr):
                return f"hand {h}, step {t}: seat, observation or mask"
            a = int(rng.choice(np.flatnonzero(orr["action_mask"])))
            oc, *rest_c = c.step(a)
            orr, *rest_r = r.step(a)
            if rest_c != rest_r:
                return f"hand {h}, step {t}: {rest_c} != {rest_r}"
            if rest_r[1] or rest_r[2]:
                break
    return None


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), rules=st.sampled_from(RULES),
       seat=st.sampled_from([0, None]))
def test_issue27_point1_gym_env_on_the_c_flow_plays_as_on_the_referee(seed, players, rules, seat):
    assert first_difference(rules, players, seed, seat=seat) is None


def test_issue27_point1_gym_env_truncates_and_rewards_points_alike():
    assert first_difference("UNO 1121 P4", 4, 3, max_steps=5, hands=3) is None
    c = UnoGymEnv("UNO 1121 P4", 3, core="compiled", reward="points")
    r = UnoGymEnv("UNO 1121 P4", 3, core="referee", reward="points")
    for e in (c, r):
        e.reset(seed=11)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        a = int(rng.choice(np.flatnonzero(r.action_masks())))
        got, want = c.step(a)[1:], r.step(a)[1:]
        assert got == want
        done = want[1] or want[2]
    assert want[0] != 0 and abs(want[0]) != 1


def test_issue27_point1_gym_env_comparison_can_fail(monkeypatch):
    """Mutation check: the C opponents keyed otherwise than ``make_opponents`` keys the Python bots are caught."""
    real = CompiledFlow.bots_new
    monkeypatch.setattr(CompiledFlow, "bots_new", lambda self, keys: real(self, [k ^ 1 for k in keys]))
    for rules in ("UNO 1121 P4", "UNO 1121 SEVENO-JUMPIN"):
        assert any(first_difference(rules, 3, s) is not None for s in range(4)), rules


def test_issue27_point1_gymnasium_check_env_and_helpers_on_the_c_flow():
    from gymnasium.utils.env_checker import check_env
    check_env(UnoGymEnv(rules="UNO 1121 P4", players=3, core="compiled"), skip_render_check=True)
    check_env(UnoGymEnv(rules="UNO 1121 SEVENO-JUMPIN", players=4, core="compiled"), skip_render_check=True)
    for rules in ("UNO 1121 P4-SAT", "UNO 1121 SEVENO-JUMPIN"):
        helpers_work(rules)
    lose = UnoGymEnv(rules="UNO 1121 P4", players=2, core="compiled")
    obs, _ = lose.reset(seed=1)
    obs, rew, te, tr, info = lose.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (rew, te, tr, info["illegal_action"]) == (-1.0, True, False, True) and not obs["action_mask"].any()


def helpers_work(rules: str) -> None:
    """The referee's hand (replayed), rendering and a refused id on the C flow, as on the referee's."""
    e = UnoGymEnv(rules=rules, players=3, core="compiled", render_mode="ansi", illegal_action="raise")
    r = UnoGymEnv(rules=rules, players=3, core="referee")
    obs, _ = e.reset(seed=5)
    r.reset(seed=5)
    for _ in range(12):
        if e.flow.over:
            break
        a = int(np.flatnonzero(obs["action_mask"])[0])
        obs, *_ = e.step(a)
        r.step(a)
    assert e.game.fingerprint() == r.game.fingerprint() and "agent" in e.render()
    if not e.flow.over:
        before = e.game.fingerprint()
        with pytest.raises(IllegalActionIdError, match="not offered"):
            e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        assert e.game.fingerprint() == before


def test_issue27_point1_gym_env_core_choice_and_fallback():
    assert UnoGymEnv("UNO 1121 P4", 4).core == "compiled"
    assert UnoGymEnv("UNO 1121 P4", 4, opponents="random-play, Random-Play").core == "compiled"
    assert UnoGymEnv("UNO 1121 P4", 4, opponents="strategist").core == "referee"
    assert UnoGymEnv("UNO 1121 C-DR-P4-SEVENO", 4).core == "compiled"
    assert UnoGymEnv("UNO 1121 P2-ADDUP", 4).core == "compiled"
    assert UnoGymEnv("UNO 1121 CLA-TRI-DOUBLE", 4).core == "compiled"
    assert UnoGymEnv("UNO 1121 DOA-MS1", 4).core == "referee"   # (the compiled core does not play MS1 with DOA)
    assert UnoGymEnv("UNO 1121 ORG", 4).core == "compiled"      # (nobody speaks in an env: hand_rules)
    assert UnoGymEnv("UNO 1121 TV-FU-C-DR-V-P3", 3).core == "compiled"   # (a match rule and V's clock: hand_rules)
    assert UnoGymEnv("UNO 1121 OPEN-PAA-MS1", 4).core == "compiled"   # (_house3.h's rules, sudden death: compiled.BATCH_HOUSE)
    assert UnoGymEnv("UNO 1121", 2, core="referee").core == "referee"
    with pytest.raises(ValueError, match="random-play"):
        UnoGymEnv("UNO 1121", 2, opponents="greedy", core="compiled")
    with pytest.raises(ValueError, match="played by the referee only"):
        UnoGymEnv("UNO 1121 DOA-MS1", 2, core="compiled")
    with pytest.raises(ValueError):
        UnoGymEnv("UNO 1121", 2, core="gpu")


@pytest.mark.parametrize("edition,players", [("ALLWILD", 3), ("NOMERCY", 4), ("EXTREME", 2), ("SPIN", 3), ("FLASH", 4),
                                             ("FLEX", 3), ("FLIP", 5)])
def test_issue27_point2_gym_env_on_an_editions_c_flow_plays_as_on_the_referee(edition, players):
    """The editions on the C flow (unokit/fast/_edflow.h), random-play opponents played in C: the same episodes,
    the agent's seat fixed or drawn; the referee's hand replayed, rendering and a refused id."""
    rules = f"UNO {edition}"
    assert UnoGymEnv(rules, players).core == "compiled"
    assert first_difference(rules, players, 5, seat=0) is None
    assert first_difference(rules, players, 6, seat=None) is None
    helpers_work(rules)
