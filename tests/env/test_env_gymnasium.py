"""unokit/Uno-v0 as a Gymnasium environment: the env checker, registration, the vectorised form."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import unokit.env  # noqa: E402,F401  (registers unokit/Uno-v0)
from unokit.env import UnoGymEnv, UnoVectorEnv  # noqa: E402
from unokit.env.core import IllegalActionIdError  # noqa: E402


@pytest.mark.parametrize("code,n,opponents", [("UNO 1121", 2, "random-play"),
                                              ("UNO 1121 C-DR-P4-SEVENO", 3, "random-play,strategist"),
                                              ("UNO DD-P1-PAB-CHU", 4, "greedy")])
def test_gymnasium_check_env_passes(code, n, opponents):
    check_env(UnoGymEnv(rules=code, players=n, opponents=opponents), skip_render_check=True)


def test_gymnasium_make_builds_the_registered_env_and_plays_a_hand():
    e = gym.make("unokit/Uno-v0", rules="UNO 1121", players=2, opponents="strategist")
    obs, info = e.reset(seed=7)
    rng = np.random.default_rng(7)
    done, steps = False, 0
    while not done:
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].any()
        obs, r, te, tr, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done, steps = te or tr, steps + 1
    assert te and r in (1.0, -1.0) and info["won"] == (r > 0) and steps > 3


def test_gym_env_refuses_a_masked_out_id_and_keeps_the_hand():
    e = UnoGymEnv(rules="UNO 1121", players=2, illegal_action="raise")
    obs, _ = e.reset(seed=1)
    before = e.game.fingerprint()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionIdError, match="not offered"):
        e.step(bad)
    assert e.game.fingerprint() == before
    assert e.action_space.sample() in np.flatnonzero(obs["action_mask"])  # sampling without a mask is legal
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))                    # and the hand goes on


def test_gym_env_ends_the_episode_as_a_loss_on_a_masked_out_id_by_default():
    e = UnoGymEnv(rules="UNO 1121", players=2)
    obs, _ = e.reset(seed=1)
    before = e.game.fingerprint()
    obs, r, te, tr, info = e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (r, te, tr, info["illegal_action"]) == (-1.0, True, False, True)
    assert not obs["action_mask"].any() and e.game.fingerprint() == before
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


def test_gym_env_seat_none_draws_the_learning_seat_and_render_ansi():
    e = UnoGymEnv(rules="UNO 1121", players=3, seat=None, render_mode="ansi")
    seats = set()
    for s in range(12):
        e.reset(seed=s)
        seats.add(e.seat)
        assert e.flow.seat == e.seat
    assert len(seats) > 1
    assert "agent" in e.render()


def test_vector_env_batches_and_resets_finished_hands_in_the_same_step():
    v = UnoVectorEnv(3, rules="UNO 1121", players=2)
    obs, _ = v.reset(seed=0)
    assert obs["observation"].shape == (3, v.D) and obs["action_mask"].shape == (3, v.A)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        acts = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
        obs, _r, te, tr, info = v.step(acts)
        if (te | tr).any():
            finished += int((te | tr).sum())
            assert info["_final_obs"][te | tr].all()
        assert obs["action_mask"].any(axis=1).all()  # every copy always has a decision
    assert finished > 0
    assert np.array_equal(v.action_masks(), obs["action_mask"])


@pytest.mark.parametrize("core,name", [("referee", "Flow"), ("compiled", "CompiledFlow")])
def test_reset_skips_a_hand_the_bots_finish_before_the_agent_decides(monkeypatch, core, name):
    import unokit.env.gym_env as ge
    real = getattr(ge, name)
    calls = []

    def flow(*args, **kw):
        f = real(*args, **kw)
        if not calls:  # the first hand: already over when the agent would first decide
            while not f.hand_over:
                f.answer(next(iter(f.ids)))
        calls.append(f)
        return f

    monkeypatch.setattr(ge, name, flow)
    e = UnoGymEnv(rules="UNO 1121", players=2, core=core)
    obs, _ = e.reset(seed=0)
    assert len(calls) == 2 and not e.game.over and obs["action_mask"].any()
