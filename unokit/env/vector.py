"""A vectorised ``unokit/Uno-v0``: many hands stepped together in one process, batched arrays out.

``UnoVectorEnv(num_envs, rules=..., players=..., opponents=...)`` is a ``gymnasium.vector.VectorEnv``:
observations ``{"observation": (num_envs, D) float32, "action_mask": (num_envs, A) int8}``, rewards,
terminations and truncations as arrays. A finished hand is reset in the same step (autoreset
"same step"): its last observation is in ``infos["final_obs"]`` (``infos["_final_obs"]`` marks which).

>>> v = UnoVectorEnv(4, rules="UNO 1121", players=2)
>>> obs, infos = v.reset(seed=0)
>>> obs["observation"].shape[0], obs["action_mask"].shape[0]
(4, 4)
"""

from __future__ import annotations

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .gym_env import UnoGymEnv

__all__ = ["UnoVectorEnv"]


class UnoVectorEnv(VectorEnv):
    """``num_envs`` copies of :class:`~unokit.env.gym_env.UnoGymEnv` (the keyword arguments are its)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 8, **kwargs):
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, got {num_envs!r}")
        self.envs = [UnoGymEnv(**kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        e = self.envs[0]
        self.single_observation_space = e.observation_space
        self.single_action_space = e.action_space
        self.observation_space = batch_space(e.observation_space, num_envs)
        self.action_space = batch_space(e.action_space, num_envs)
        self.D = e.encoder.size
        self.A = len(e.table)
        self._obs = np.zeros((num_envs, self.D), np.float32)
        self._mask = np.zeros((num_envs, self.A), np.int8)

    def reset(self, *, seed=None, options=None):
        seeds = [None] * self.num_envs if seed is None else (
            [seed + i for i in range(self.num_envs)] if isinstance(seed, int) else list(seed))
        for i, (e, s) in enumerate(zip(self.envs, seeds)):
            o, _ = e.reset(seed=s)
            self._obs[i] = o["observation"]
            self._mask[i] = o["action_mask"]
        return self._batch(), {}

    def step(self, actions):
        n = self.num_envs
        rewards = np.zeros(n, np.float32)
        terms = np.zeros(n, bool)
        truncs = np.zeros(n, bool)
        final = None
        for i, e in enumerate(self.envs):
            o, r, te, tr, _ = e.step(int(actions[i]))
            rewards[i], terms[i], truncs[i] = r, te, tr
            if te or tr:
                if final is None:
                    final = {"final_obs": np.empty(n, object), "_final_obs": np.zeros(n, bool)}
                final["final_obs"][i] = o
                final["_final_obs"][i] = True
                o, _ = e.reset()
            self._obs[i] = o["observation"]
            self._mask[i] = o["action_mask"]
        return self._batch(), rewards, terms, truncs, final or {}

    def action_masks(self) -> np.ndarray:
        """The masks of every copy, ``(num_envs, A)`` int8."""
        return self._mask.copy()

    def _batch(self) -> dict:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def close_extras(self, **kwargs):
        self.envs = []
