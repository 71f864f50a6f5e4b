"""The batched environment in the compiled core (issue 27, point 2): ``num_envs`` hands of ``unokit/Uno-v0``
stepped in one C call, the opponents played inside C, everything written into numpy arrays.

``UnoBatchedEnv(num_envs, rules=..., players=...)`` is a ``gymnasium.vector.VectorEnv``: observations
``{"observation": (num_envs, D) float32, "action_mask": (num_envs, A) int8}``, rewards, terminations and
truncations as arrays, with the same observation encoding (:class:`~unokit.env.observe.Encoder`), step ids
(:class:`~unokit.env.actions.ActionTable`), decision flow (:class:`unokit.env.core.Flow`, in C:
:mod:`unokit.fast.envflow`) and rewards as :class:`~unokit.env.gym_env.UnoGymEnv`. A finished hand is reset in
the same step (autoreset "same step"): its last observation is in ``infos["final_obs"]`` (``infos["_final_obs"]``
marks which).

The opponents (``opponents``: a name, names separated by commas or a list, one per other seat in seat order and
repeated, as :func:`~unokit.env.gym_env.make_opponents` reads them) are played in C: ``random-play``
(``RandomPlayBot(hand_seed ^ BOT_KEY)``, one generator for every random-play seat of a hand), ``greedy`` and
``strategist`` (the compiled bots, decision-identical with the Python ones, seeded as ``UnoGymEnv`` seeds its
bots: ``derive_seed(hand_seed, seat, "env-bot")``). ``"self"`` (or a callable) leaves those seats to a policy
the env calls with the pending decisions of every slot at once: ``policy(observation (k, D), action_mask (k, A))
-> k step ids``, one batched inference per round, until every slot waits for the agent (self-play: the learning
policy at the other seats too). ``tests/env/test_env_batched.py`` replays the hands in Python from the hand seeds
and finds the same sequences.

>>> v = UnoBatchedEnv(4, rules="UNO 1121", players=2)
>>> obs, infos = v.reset(seed=0)
>>> obs["observation"].shape[0], obs["action_mask"].shape[0]
(4, 4)
>>> obs, rewards, terminated, truncated, infos = v.step(v.random_actions())
>>> rewards.dtype, terminated.dtype
(dtype('float32'), dtype('bool'))

Held: every rule set the C flow holds at 2-10 seats (:func:`unokit.fast.envflow.flow_problem` says why not
otherwise): the official rules and those a :class:`~unokit.fast.batch.Batch` plays (stepped on ``_flow.h``), and
_house2.h's (:data:`unokit.fast.envflow.H2_HELD`: seats named, cuts, groups, ADDUP, the card rules), each slot's
hand stepped on ``_h2flow.h``'s flow, its bots _house2.h's; greedy and the strategist where the compiled core plays
them under those rules (:func:`unokit.fast.envflow.batched_flow_problem`), the ``teacher`` too (its play chosen at
a decision that is no stem's, as ``unokit train``'s imitation asks the Python bot, then followed one sub-decision at
a time); and the editions (:data:`unokit.fast.envflow.ED_HELD`, each slot's hand on ``_edflow.h``'s flow) with
random-play, greedy and strategist opponents, self seats and either teacher.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..core.errors import UnoError
from ..fast import compiled
from ..fast.envflow import REWARDS, FlowBatch, _h2, batched_flow_problem
from .actions import table_for
from .observe import Encoder
from .spaces import observation_space

__all__ = ["UnoBatchedEnv", "BOT_KEY", "OPPONENTS", "Policy", "lineup"]

#: the random-play opponents' generator of a hand dealt from ``seed``: ``RandomPlayBot(seed ^ BOT_KEY)``
BOT_KEY = 0xB07
#: the opponents played in C, and ``self`` (the seats of the env's ``policy``)
OPPONENTS = ("random-play", "greedy", "strategist", "self")
#: C's number of a ``self`` seat (``_venv.h``'s VPOL_SELF)
_SELF = 200

#: a batched policy: observations ``(k, D)`` float32 and masks ``(k, A)`` int8 -> ``k`` step ids
Policy = Callable[[np.ndarray, np.ndarray], Any]


def lineup(opponents, players: int) -> tuple[list[str], Policy | None]:
    """The name of each other seat (seat order from the agent's, ``players - 1``) and the policy of the ``self``
    seats (a callable given among ``opponents``, else None); ValueError for an opponent not played in C."""
    if callable(opponents) or isinstance(opponents, str):
        items = [opponents] if callable(opponents) else [x.strip() for x in opponents.split(",") if x.strip()]
    else:
        items = list(opponents)
    policies = [o for o in items if callable(o)]
    if len({id(p) for p in policies}) > 1:
        raise ValueError("give the self seats one policy")
    names = ["self" if callable(o) else str(o).strip().lower() for o in items]
    if not names or any(n not in OPPONENTS for n in names):
        raise ValueError(f"the batched env's opponents are {', '.join(OPPONENTS)} or a policy (got {opponents!r})")
    return [names[k % len(names)] for k in range(players - 1)], (policies[0] if policies else None)


class UnoBatchedEnv(VectorEnv):
    """``num_envs`` hands of ``rules`` at ``players`` seats; the agent plays ``seat`` (``None``: a seat drawn at
    each deal), the others are ``opponents`` (see :func:`lineup`; ``policy``: the ``self`` seats' policy, also
    settable as the attribute before :meth:`reset`). ``max_steps``: agent decisions before truncation; ``reward``:
    ``"hand"`` or ``"points"`` (:func:`~unokit.env.core.hand_rewards`); ``rule_codes``: the encoder's (a model's);
    ``teacher``: ``"greedy"`` or ``"strategist"``, the compiled bot :meth:`teacher_actions` asks for the agent's
    seat; ``illegal_action``: ``"lose"`` (the episode ends with -1, ``infos["illegal_action"]``) or ``"raise"`` (a
    :class:`~unokit.core.errors.UnoError`, nothing changes); ``chance``: ``"fast"`` deals or the referee's
    (``"referee"``: the hand of ``Game.new(..., seed=hand_seed)``); ``copy=False``: the arrays returned are the
    env's own, overwritten by the next step."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 256, rules: str = "UNO 1121", players: int = 2, opponents="random-play",
                 *, seat: int | None = 0, reward: str = "hand", max_steps: int = 2000, illegal_action: str = "lose",
                 chance: str = "fast", copy: bool = True, policy: Policy | None = None, rule_codes=None,
                 teacher: str | None = None):
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, got {num_envs!r}")
        if type(players) is not int or not 2 <= players <= 10:
            raise ValueError(f"players must be 2 to 10, got {players!r}")
        self.lineup, given = lineup(opponents, players)
        if teacher not in (None, "greedy", "strategist"):
            raise ValueError(f"the teacher is 'greedy' or 'strategist', not {teacher!r}")
        self.teacher = teacher
        self.policy: Policy | None = policy if policy is not None else given
        if reward not in REWARDS:
            raise ValueError(f"reward must be 'hand' or 'points', not {reward!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        if seat is not None and not (type(seat) is int and 0 <= seat < players):
            raise ValueError(f"seat must be None or 0 to {players - 1}, got {seat!r}")
        if type(max_steps) is not int or max_steps < 1:
            raise ValueError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
        why = batched_flow_problem(rules, players, self.lineup, teacher)
        if why:
            raise UnoError(why)
        house2 = _h2(rules)
        self.table = table_for(rules, players)
        self.encoder = Encoder(self.table, rule_codes)
        self.flow = FlowBatch(np.zeros(num_envs, np.uint64), players, rules, chance=chance, encoder=self.encoder,
                              max_decisions=2**31 - 1, house2=house2)
        codes = bytes(_SELF if o == "self" else compiled.POLICIES[o] for o in self.lineup)
        self._e = compiled._ccore.venv_new(self.flow._f, -1 if seat is None else seat, max_steps,
                                           REWARDS.index(reward), illegal_action == "lose", BOT_KEY, codes,
                                           compiled.POLICIES[teacher] if teacher else 0)
        self.num_envs, self.players, self.rules = num_envs, players, self.table.rules
        self.copy = copy
        self.D, self.A = self.encoder.size, len(self.table)
        self.single_observation_space = observation_space(self.D, self.A)
        self.single_action_space = spaces.Discrete(self.A)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, self.D), np.float32)
        self._mask = np.zeros((num_envs, self.A), np.int8)
        self._final = np.zeros((num_envs, self.D), np.float32)
        self._rew = np.zeros(num_envs, np.float32)
        self._term = np.zeros(num_envs, bool)
        self._trunc = np.zeros(num_envs, bool)
        self._ill = np.zeros(num_envs, bool)
        self._pobs = np.zeros((num_envs, self.D), np.float32)      # the self seats' pending decisions
        self._pmask = np.zeros((num_envs, self.A), np.int8)
        self._pslots = np.zeros(num_envs, np.int32)
        self._pseats = np.zeros(num_envs, np.int32)
        self._ready = False

    def reset(self, *, seed=None, options=None):
        """Deal a new hand in every slot: the hand seeds are drawn from ``seed`` (an int; None: fresh entropy)."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        elif not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ValueError(f"seed must be a whole number >= 0 or None, got {seed!r}")
        if "self" in self.lineup and not callable(self.policy):
            raise ValueError("opponents 'self' play a policy: give UnoBatchedEnv(..., policy=fn) or set env.policy, "
                             "fn(observation, action_mask) -> step ids")
        self._ready = False
        _, pending = compiled._ccore.venv_reset(self._e, int(seed) & (2**64 - 1), self._obs, self._mask)
        self._settle(pending)
        self._ready = True
        return self._batch(), {}

    def step(self, actions):
        if not self._ready:
            from gymnasium.error import ResetNeeded
            raise ResetNeeded("call reset() before step()")
        act = np.ascontiguousarray(actions, dtype=np.int32)
        if act.shape != (self.num_envs,):
            raise ValueError(f"give one action id per env: shape ({self.num_envs},), got {np.shape(actions)}")
        try:
            ended, pending = compiled._ccore.venv_step(self._e, act, self._obs, self._mask, self._rew, self._term,
                                                       self._trunc, self._final, self._ill)
        except ValueError as e:
            raise UnoError(str(e)) from None
        ended += self._settle(pending)
        infos: dict = {}
        if ended:
            done = self._term | self._trunc
            final = np.empty(self.num_envs, object)
            for i in np.flatnonzero(done):
                final[i] = {"observation": self._final[i].copy(), "action_mask": np.zeros(self.A, np.int8)}
            infos = {"final_obs": final, "_final_obs": done.copy()}
            if self._ill.any():
                infos["illegal_action"], infos["_illegal_action"] = self._ill.copy(), self._ill.copy()
        if self.copy:
            return self._batch(), self._rew.copy(), self._term.copy(), self._trunc.copy(), infos
        return self._batch(), self._rew, self._term, self._trunc, infos

    def action_masks(self) -> np.ndarray:
        """The masks of every slot, ``(num_envs, A)`` int8 (sb3-contrib's MaskablePPO reads them)."""
        return self._mask.copy()

    def random_actions(self) -> np.ndarray:
        """A uniform legal step id in every slot (drawn in C from a generator keyed by :meth:`reset`'s seed)."""
        out = np.empty(self.num_envs, np.int32)
        compiled._ccore.venv_random(self._e, self._mask, out)
        return out

    def teacher_actions(self) -> np.ndarray:
        """The teacher's step id for the agent's decision in every slot (its knowledge of the hand fed every action,
        as if it played the agent's seat; a strategist's generator ``derive_seed(hand_seed, seat, "env-teacher")``).
        Under _house2.h's rules a decision that is no stem's asks it for a whole play, whose steps the stem's
        decisions then give (-1 where the agent left that play); ask once per step."""
        if self.teacher is None:
            raise UnoError("this env has no teacher: UnoBatchedEnv(..., teacher='strategist')")
        out = np.empty(self.num_envs, np.int32)
        compiled._ccore.venv_teacher(self._e, out)
        return out

    def hand_seeds(self) -> tuple[np.ndarray, np.ndarray]:
        """``(seeds, seats)``: each slot's hand seed and the agent's seat in it."""
        s, a = compiled._ccore.venv_seeds(self._e)
        return np.frombuffer(s, np.uint64).copy(), np.frombuffer(a, np.int8).copy()

    def pending(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(observation, action_mask, slots, seats)`` of the ``self`` seats' decisions pending now (what
        ``policy`` is given; empty outside a step)."""
        k = compiled._ccore.venv_pending(self._e, self._pobs, self._pmask, self._pslots, self._pseats)
        return self._pobs[:k], self._pmask[:k], self._pslots[:k], self._pseats[:k]

    def _settle(self, pending: int) -> int:
        """Let ``policy`` take the ``self`` seats' decisions, one batch a round, until every slot waits for the agent;
        the episodes that ended meanwhile."""
        ended = 0
        while pending:
            obs, mask, _, _ = self.pending()
            assert self.policy is not None  # reset() refuses a self seat without one
            ids = np.asarray(self.policy(obs, mask))
            if ids.shape != (len(obs),) or ids.dtype.kind not in "iu":
                self._ready = False
                raise UnoError(f"the self seats' policy must give {len(obs)} whole step ids, got {ids!r}")
            try:
                e, pending = compiled._ccore.venv_answer(self._e, ids.astype(np.int32), self._obs, self._mask,
                                                         self._rew, self._term, self._trunc, self._final, self._ill)
            except ValueError as err:
                self._ready = False   # the step is half done: reset() starts again
                raise UnoError(f"the self seats' policy: {err}") from None
            ended += e
        return ended

    def _batch(self) -> dict:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs, "action_mask": self._mask}
