"""The batched env in the compiled core (issue 27, point 2): :class:`unokit.env.batched.UnoBatchedEnv`.

Differential: with the referee's deals, every slot's hands are replayed in Python from the hand seeds the env
reports (:class:`unokit.env.core.Flow`, the opponents ``RandomPlayBot(seed ^ BOT_KEY)`` asked through
``Flow.bot_decides`` as ``UnoGymEnv`` asks them), and the agent's observation, mask, reward, termination and the
final observation are the same after every step. Gymnasium's own checks of a vector env, auto-reset, seeding,
illegal ids and bad input are checked too.
"""

from __future__ import annotations

import numpy as np
import pytest

from unokit.bots.random_play import RandomPlayBot
from unokit.core.errors import UnoError
from unokit.env.batched import BOT_KEY, UnoBatchedEnv
from unokit.env.core import Flow, hand_rewards
from unokit.fast import compiled

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


class Replay:
    """One slot's hands played again in Python, as UnoGymEnv plays them."""

    def __init__(self, env: UnoBatchedEnv, seed: int, seat: int, bot_key: int = BOT_KEY):
        self.env, self.seat = env, seat
        self.flow = Flow(env.rules, env.players, seed, table=env.table, encoder=env.encoder, max_decisions=10**9)
        self.bot = RandomPlayBot(seed ^ bot_key)
        self.advance()

    def advance(self) -> None:
        f = self.flow
        while not f.game.over and f.seat != self.seat:
            f.bot_decides(self.bot)

    def obs(self) -> tuple[np.ndarray, np.ndarray]:
        f = self.flow
        mask = f.mask() if not f.over and f.seat == self.seat else np.zeros(len(self.env.table), np.int8)
        return f.observe(self.seat), mask


def differences(players: int, *, slots: int = 3, steps: int = 150, seed: int = 0, reward: str = "hand",
                seat: int | None = 0, bot_key: int = BOT_KEY) -> tuple[list[str], int]:
    """Step a referee-dealt batched env with random legal ids and replay it in Python (its opponents keyed
    ``bot_key``); the differences found and the number of episodes that ended."""
    env = UnoBatchedEnv(slots, players=players, chance="referee", reward=reward, seat=seat)
    obs, _ = env.reset(seed=seed)
    seeds, seats = env.hand_seeds()
    replays = [Replay(env, int(s), int(a), bot_key) for s, a in zip(seeds, seats)]
    bad: list[str] = []
    ended = 0
    for t in range(steps):
        for i, r in enumerate(replays):
            want_obs, want_mask = r.obs()
            if not np.array_equal(obs["observation"][i], want_obs) or not np.array_equal(obs["action_mask"][i], want_mask):
                bad.append(f"step {t}, slot {i}: observation or mask")
        actions = env.random_actions()
        obs, rewards, terminated, truncated, infos = env.step(actions)
        seeds, seats = env.hand_seeds()
        for i, r in enumerate(replays):
            if not r.obs()[1][actions[i]]:
                return bad + [f"step {t}, slot {i}: the env's id is not offered in Python"], ended
            r.flow.answer(int(actions[i]))
            r.advance()
            g = r.flow.game
            want = hand_rewards(g, reward)[r.seat] if g.over else 0.0
            if bool(terminated[i]) != g.over or not np.isclose(rewards[i], want) or truncated[i]:
                bad.append(f"step {t}, slot {i}: reward {rewards[i]} / {terminated[i]}, Python {want} / {g.over}")
            if g.over:
                ended += 1
                if not np.array_equal(infos["final_obs"][i]["observation"], r.obs()[0]):
                    bad.append(f"step {t}, slot {i}: final observation")
                replays[i] = Replay(env, int(seeds[i]), int(seats[i]), bot_key)
        if len(bad) > 3:
            break
    return bad, ended


@pytest.mark.parametrize("players,reward,seat", [(2, "hand", 0), (3, "points", None), (5, "hand", 2)])
def test_issue27_point2_batched_env_is_the_gym_env_replayed_in_python(players, reward, seat):
    bad, ended = differences(players, steps=120, seed=players, reward=reward, seat=seat)
    assert not bad, bad
    assert ended >= 2


def test_issue27_point2_batched_env_differential_can_fail():
    """Mutation check: a Python opponent drawing from another generator plays other hands."""
    bad, _ = differences(2, steps=120, seed=2, bot_key=BOT_KEY ^ 1)
    assert bad


def test_issue27_point2_batched_env_passes_gymnasiums_vector_checks():
    from gymnasium.utils.env_checker import data_equivalence
    from gymnasium.vector.utils import batch_space

    env = UnoBatchedEnv(8, players=3)
    assert env.observation_space == batch_space(env.single_observation_space, 8)
    a, _ = env.reset(seed=7)
    b, _ = UnoBatchedEnv(8, players=3).reset(seed=7)
    assert data_equivalence(a, b)
    assert env.observation_space.contains(a)
    total_ended = 0
    for _ in range(200):
        obs, rew, term, trunc, infos = env.step(env.random_actions())
        assert env.observation_space.contains(obs)
        assert rew.shape == term.shape == trunc.shape == (8,) and rew.dtype == np.float32 and term.dtype == bool
        assert obs["action_mask"].sum(axis=1).min() >= 1    # reset at once: always a decision to take
        if term.any():
            assert infos["_final_obs"].tolist() == (term | trunc).tolist()
            total_ended += int(term.sum())
    assert total_ended > 0
    c, _ = env.reset(seed=8)
    assert not data_equivalence(a, c)


def test_issue27_point2_batched_env_illegal_ids_and_bad_input():
    env = UnoBatchedEnv(2, players=2)
    obs, _ = env.reset(seed=1)
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]], np.int32)
    obs, rew, term, trunc, infos = env.step(bad)
    assert term.all() and (rew == -1).all() and infos["illegal_action"].all()
    raising = UnoBatchedEnv(2, players=2, illegal_action="raise")
    obs, _ = raising.reset(seed=1)
    with pytest.raises(UnoError, match="not offered"):
        raising.step(bad)
    assert np.array_equal(raising.action_masks(), obs["action_mask"])   # nothing changed
    trunc_env = UnoBatchedEnv(1, players=2, max_steps=1)
    trunc_env.reset(seed=3)
    _, _, term, trunc, infos = trunc_env.step(trunc_env.random_actions())
    assert term[0] or trunc[0]
    with pytest.raises(ValueError):
        env.step(np.zeros(3, np.int32))
    for kwargs in ({"num_envs": 0}, {"opponents": "strategist"}, {"reward": "x"}, {"seat": 5},
                   {"illegal_action": "ignore"}, {"max_steps": 0}):
        with pytest.raises(ValueError):
            UnoBatchedEnv(**{"num_envs": 2, **kwargs})
    with pytest.raises(UnoError):
        UnoBatchedEnv(2, rules="UNO 1121 JUMPIN")
    with pytest.raises(ValueError):
        env.reset(seed=-1)
