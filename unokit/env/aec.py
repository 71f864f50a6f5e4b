"""The PettingZoo environments: ``raw_env`` / ``env`` (AEC) and ``parallel_env``.

In the AEC environment the agent selected is the seat whose decision the hand waits for (its turn,
a reaction window: a catch, a cut, a W+4 or draw challenge, a slap, a DED accusation, or the next
sub-decision of a play it is composing; see :mod:`unokit.env.core`); in a reaction window the
``wait`` action lets it go by. Observations are ``{"observation": float32, "action_mask": int8}``
(:mod:`unokit.env.observe`); actions are ids of the rule set's fixed table (:mod:`unokit.env.actions`).
An id the mask leaves out raises :class:`~unokit.env.core.IllegalActionIdError` and changes nothing.

>>> e = env(rules="UNO 1121", players=2)
>>> e.reset(seed=1)
>>> obs, reward, term, trunc, info = e.last()
>>> obs["action_mask"].dtype, int(obs["action_mask"].sum()) > 0
(dtype('int8'), True)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]  # pettingzoo ships no py.typed marker or stubs
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]  # pettingzoo ships no py.typed marker or stubs

from ..engine.game import Game
from .actions import table_for
from .cflow import CompiledFlow, compiled_core, make_flow
from .core import Flow, live
from .observe import Encoder
from .spaces import LegalDiscrete, observation_space, render_text

__all__ = ["raw_env", "env", "parallel_env", "UnoAEC", "UnoParallel"]

DEFAULT_DECISIONS = 10_000


def _live(flow: Flow | CompiledFlow | None) -> Flow | CompiledFlow:
    """The hand in play (:func:`~unokit.env.core.live`: Gymnasium's ``ResetNeeded`` before ``reset()``)."""
    if flow is None:
        live(None)
    assert flow is not None
    return flow


def _seed_of(seed, rng: np.random.Generator) -> int:
    return int(seed) if seed is not None else int(rng.integers(2**31))


class UnoAEC(AECEnv):
    """One hand of UNO under ``rules`` at ``players`` seats, as a PettingZoo AEC environment.

    ``max_cycles``: the hand is truncated after ``max_cycles * players`` decisions (default: 10,000
    decisions); ``reward``: ``"hand"`` (+1 the winner, -1 the others) or ``"points"`` (the hand's
    points / 100, see :func:`~unokit.env.core.hand_rewards`); ``render_mode``: ``"ansi"`` or ``"human"``;
    ``core``: the decision flow in C when the rules allow (``"auto"``, :mod:`unokit.env.cflow`), always
    (``"compiled"``: an error where it cannot) or the referee's (``"referee"``): the same hands, ids and
    observations either way.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "unokit_uno_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, rules: str = "UNO 1121", players: int = 2, *, max_cycles: int | None = None,
                 reward: str = "hand", render_mode: str | None = None, core: str = "auto"):
        super().__init__()
        if reward not in ("hand", "points"):
            raise ValueError(f"reward must be 'hand' or 'points', not {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be 'ansi' or 'human', not {render_mode!r}")
        self.table = table_for(rules, players)
        self.encoder = Encoder(self.table)
        self.rules = self.table.rules
        self.players = players
        self.reward_mode = reward
        self.render_mode = render_mode
        self.max_decisions = max_cycles * players if max_cycles else DEFAULT_DECISIONS
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        space = observation_space(self.encoder.size, len(self.table))
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: LegalDiscrete(len(self.table), functools.partial(self._legal_mask, a))
                              for a in self.possible_agents}
        self._np_rng = np.random.default_rng()
        self.flow: Flow | CompiledFlow | None = None
        self.core = "compiled" if compiled_core(self.rules, players, core) else "referee"

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _legal_mask(self, agent: str) -> npt.NDArray[np.int8] | None:
        f = self.flow
        if f is None or self.agent_name_mapping[agent] != f.seat:
            return None
        return f.mask()

    # ------------------------------------------------------------------ the AEC API
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._np_rng = np.random.default_rng(seed)
        f = self.flow = make_flow(self.rules, self.players, _seed_of(seed, self._np_rng), table=self.table,
                                  encoder=self.encoder, max_decisions=self.max_decisions, core=self.core)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[f.seat]

    def observe(self, agent):
        s = self.agent_name_mapping[agent]
        f = _live(self.flow)
        mask = f.mask() if s == f.seat else np.zeros(len(self.table), np.int8)
        return {"observation": f.observe(s), "action_mask": mask.copy()}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        f = _live(self.flow)
        f.answer(action)  # IllegalActionIdError (nothing changed) for an id not offered
        # the rewards are all zero until the hand ends: the dicts change only then
        if f.over:
            self._cumulative_rewards[agent] = 0.0
            r = f.rewards(self.reward_mode)
            done = f.hand_over
            for a in self.agents:
                s = self.agent_name_mapping[a]
                self.rewards[a] = r[s]
                self.terminations[a] = done
                self.truncations[a] = not done
                self.infos[a] = {"winner": f.winner}
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[f.seat]
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.flow is None:
            return None
        text = render_text(self.flow, self.possible_agents)
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text

    def close(self):
        self.flow = None

    # ------------------------------------------------------------------ helpers for people and tests
    @property
    def game(self) -> Game:
        """The hand being played (the referee's :class:`~unokit.engine.game.Game`)."""
        f = self.flow
        if f is None:  # an AttributeError, as before reset it always was (hasattr() and wrappers rely on it)
            raise AttributeError("'NoneType' object has no attribute 'game'")
        return f.game

    def action_of(self, action_id):
        """The referee's action (or stem; None for ``wait``) that ``action_id`` stands for now."""
        f = _live(self.flow)
        return f.action_of(action_id)

    def action_id(self, action) -> int:
        """The id of the referee's ``action`` (one of the options offered now)."""
        f = _live(self.flow)
        i = self.table.id_of(action, f.stem.more if f.stem is not None else None)
        f.action_of(i)
        if f.ids[i] != action:
            from .core import IllegalActionIdError
            raise IllegalActionIdError(f"'{action}' is not offered now")
        return i


def raw_env(rules: str = "UNO 1121", players: int = 2, **kwargs) -> UnoAEC:
    """The AEC environment without wrappers (see :class:`UnoAEC`)."""
    return UnoAEC(rules, players, **kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper whose ``last()`` asks the env itself (the wrappers below it change
    no observation): the same answers, without forwarding each attribute through every wrapper."""

    def __init__(self, env):
        super().__init__(env)
        self._raw = env.unwrapped

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.last(observe)


class _InBounds(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's out-of-bounds check, a plain id of the table let through without building the space's
    check (``Discrete.contains``); anything else asked of the space as before."""

    def __init__(self, env):
        super().__init__(env)
        self._raw = env.unwrapped

    def step(self, action) -> None:
        raw = self._raw
        if type(action) is int and 0 <= action < len(raw.table):
            raw.step(action)
        else:
            super().step(action)


def env(rules: str = "UNO 1121", players: int = 2, **kwargs):
    """The AEC environment with PettingZoo's usual wrappers (order enforcing, out-of-bounds check)."""
    e = raw_env(rules, players, **kwargs)
    return _OrderEnforcing(_InBounds(e))


class UnoParallel(ParallelEnv):
    """The same hand as a PettingZoo parallel environment: every live agent sends an action each step;
    the seat asked (as in the AEC environment) sends its decision, every other seat only ``wait``
    (its mask). ``max_cycles``: the hand is truncated after that many steps."""

    metadata = {"render_modes": ["ansi", "human"], "name": "unokit_uno_parallel_v0", "render_fps": 1}

    def __init__(self, rules: str = "UNO 1121", players: int = 2, *, max_cycles: int | None = None,
                 reward: str = "hand", render_mode: str | None = None, core: str = "auto"):
        self.aec = UnoAEC(rules, players, max_cycles=None, reward=reward, render_mode=None, core=core)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(self.aec.possible_agents)
        self.table = self.aec.table
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = {a: LegalDiscrete(len(self.table), functools.partial(self._mask, a))
                              for a in self.possible_agents}
        self.agents: list[str] = []
        self.cycles = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _mask(self, agent):
        f = self.aec.flow
        if f is None:
            return None
        if self.aec.agent_name_mapping[agent] == f.seat:
            return f.mask()
        m = np.zeros(len(self.table), np.int8)
        m[self.table.wait] = 1
        return m

    def _obs(self):
        f = _live(self.aec.flow)
        return {a: {"observation": f.observe(s), "action_mask": self._mask(a).copy()}
                for s, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed=None, options=None):
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self.cycles = 0
        return self._obs(), {a: {} for a in self.agents}

    def step(self, actions):
        f = _live(self.aec.flow)
        asked = self.possible_agents[f.seat]
        for a, act in actions.items():
            if a != asked and act is not None and int(act) != self.table.wait:
                from .core import IllegalActionIdError
                raise IllegalActionIdError(f"{a} has no decision now: its only action is wait "
                                           f"({self.table.wait}), got {act!r}")
        if asked not in actions:
            from .core import IllegalActionIdError
            raise IllegalActionIdError(f"{asked} must decide now")
        f.answer(actions[asked])
        self.cycles += 1
        rewards = {a: 0.0 for a in self.agents}
        truncated = f.truncated or (self.max_cycles is not None and self.cycles >= self.max_cycles and not f.hand_over)
        done = f.hand_over
        if done:
            r = f.rewards(self.aec.reward_mode)
            rewards = {a: r[s] for s, a in enumerate(self.possible_agents) if a in self.agents}
        obs = self._obs()
        terms = {a: done for a in self.agents}
        truncs = {a: truncated and not done for a in self.agents}
        infos = {a: ({"winner": f.winner} if done else {}) for a in self.agents}
        if done or truncated:
            self.agents = []
        if self.render_mode == "human":
            print(self.render() + "\n")
        return obs, rewards, terms, truncs, infos

    def render(self):
        return render_text(self.aec.flow, self.possible_agents) if self.aec.flow is not None else None

    def close(self):
        self.aec.close()


def parallel_env(rules: str = "UNO 1121", players: int = 2, **kwargs) -> UnoParallel:
    """The parallel environment (see :class:`UnoParallel`)."""
    return UnoParallel(rules, players, **kwargs)
