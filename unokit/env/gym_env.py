"""The Gymnasium environment ``unokit/Uno-v0``: one learning seat against bots.

>>> import gymnasium, unokit.env
>>> e = gymnasium.make("unokit/Uno-v0", rules="UNO 1121", players=2, opponents="random-play")
>>> obs, info = e.reset(seed=3)
>>> sorted(obs), obs["observation"].shape == e.observation_space["observation"].shape
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

from typing import cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..core.chance import derive_seed
from ..engine.game import Game
from .actions import table_for
from .cflow import CompiledFlow, compiled_core
from .core import Flow, IllegalActionIdError, live
from .observe import Encoder
from .spaces import LegalDiscrete, observation_space, render_text

__all__ = ["UnoGymEnv", "make_opponents"]


def make_opponents(opponents, players: int, seat: int, seed: int) -> dict:
    """Seat -> bot for every seat but ``seat``: ``opponents`` is a bot name (``random-play``,
    ``strategist``, ``rl``...), names separated by commas (repeated over the seats), or a list of
    names or :class:`~unokit.bots.Bot` objects (one per other seat, in seat order)."""
    from ..lab import make_player
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, str):
        names = [x.strip() for x in opponents.split(",") if x.strip()]
    else:
        names = list(opponents)
    if not names:
        raise ValueError("name at least one opponent bot, e.g. 'random-play'")
    out = {}
    for k, s in enumerate(others):
        o = names[k % len(names)]
        out[s] = make_player(o, derive_seed(seed, s, "env-bot")) if isinstance(o, str) else o
    return out


def random_play_only(opponents) -> bool:
    """Whether ``opponents`` (as :func:`make_opponents` reads them) are all random-play: the opponents the C flow
    plays itself."""
    names = [x for x in opponents.split(",") if x.strip()] if isinstance(opponents, str) else list(opponents)
    return bool(names) and all(isinstance(o, str) and o.strip().lower() == "random-play" for o in names)


class UnoGymEnv(gym.Env):
    """One hand of ``rules`` at ``players`` seats; the agent plays seat ``seat`` (``None``: a seat drawn
    at each reset), the other seats are ``opponents`` (see :func:`make_opponents`).

    ``step(action_id)`` applies the agent's decision, then lets the bots play until the agent has a
    decision again (its turn, a reaction window where ``wait`` is offered, or the next step of a play
    it is composing) or the hand ends (a hand the bots finish before the agent's first decision is
    skipped at reset). Observation: ``{"observation": float32, "action_mask": int8}``;
    :meth:`action_masks` gives the mask too (sb3-contrib's MaskablePPO reads it). Reward at the end
    (see :func:`~unokit.env.core.hand_rewards`). ``max_steps``: agent decisions before truncation.

    An id the mask leaves out never changes the hand. ``illegal_action="lose"`` (the default, as
    generic Gymnasium tools expect any id of the action space to be accepted): the episode ends there,
    terminated, with reward -1 and ``info["illegal_action"] = True``; ``"raise"``: step raises
    :class:`~unokit.env.core.IllegalActionIdError` and the agent may try again.

    ``core``: the hand and its random-play opponents in C (:class:`~unokit.env.cflow.CompiledFlow`, one C call
    a step) where the C flow holds the rules and every opponent is random-play (``"auto"``), always
    (``"compiled"``: a ValueError where it cannot) or the referee's flow (``"referee"``): the same hands,
    opponents' choices, observations, masks, ids and rewards from the same seeds.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, rules: str = "UNO 1121", players: int = 2, opponents="random-play", *, seat: int | None = 0,
                 reward: str = "hand", max_steps: int = 2000, render_mode: str | None = None,
                 illegal_action: str = "lose", core: str = "auto"):
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self._forfeit = False
        if reward not in ("hand", "points"):
            raise ValueError(f"reward must be 'hand' or 'points', not {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be 'ansi' or 'human', not {render_mode!r}")
        if seat is not None and not (type(seat) is int and 0 <= seat < players):
            raise ValueError(f"seat must be None or 0 to {players - 1}, got {seat!r}")
        self.table = table_for(rules, players)
        self.encoder = Encoder(self.table)
        self.rules = self.table.rules
        self.players = players
        self.opponents = opponents
        self.fixed_seat = seat
        self.reward_mode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = observation_space(self.encoder.size, len(self.table))
        self.action_space = LegalDiscrete(len(self.table), self.action_masks)
        if core == "compiled" and not random_play_only(opponents):
            raise ValueError(f"core='compiled': the C flow plays random-play opponents only, not {opponents!r}")
        self.core = "compiled" if (compiled_core(self.rules, players, core) and random_play_only(opponents)) \
            else "referee"
        self.flow: Flow | CompiledFlow | None = None
        self._cbots = None
        self.seat = seat if seat is not None else 0
        self.bots: dict = {}
        self.steps = 0

    # ------------------------------------------------------------------ API
    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        for _ in range(1000):
            hand_seed = int(self.np_random.integers(2**31))
            self.seat = (self.fixed_seat if self.fixed_seat is not None
                         else int(self.np_random.integers(self.players)))
            f: Flow | CompiledFlow
            if self.core == "compiled":   # random-play at every other seat, as make_opponents seeds them
                f = self.flow = CompiledFlow(self.rules, self.players, hand_seed, table=self.table,
                                             encoder=self.encoder, max_decisions=10**9)
                self._cbots = f.bots_new([derive_seed(hand_seed, s, "env-bot") for s in range(self.players)])
            else:
                self.bots = make_opponents(self.opponents, self.players, self.seat, hand_seed)
                f = self.flow = Flow(self.rules, self.players, hand_seed, table=self.table, encoder=self.encoder,
                                     max_decisions=10**9)
            self.steps = 0
            self._forfeit = False
            self._advance()
            if not f.hand_over:
                break
            # the bots finished the hand before the agent had a decision (a run of Skips and Reverses in a
            # two-player hand): no episode to play, so the next hand is dealt
        return self._obs(), {}

    def step(self, action):
        f = self.flow
        if f is None or f.over or self._forfeit:
            raise RuntimeError("the hand is over: call reset()")
        try:
            f.answer(action)   # an id not offered changes nothing
        except IllegalActionIdError as e:
            if self.illegal_action == "raise":
                raise
            self._forfeit = True  # the hand is left as it was; the episode ends with a loss
            obs = {"observation": f.observe(self.seat), "action_mask": np.zeros(len(self.table), np.int8)}
            return obs, -1.0, True, False, {"illegal_action": True, "error": str(e)}
        self.steps += 1
        self._advance()
        terminated = f.hand_over
        truncated = not terminated and self.steps >= self.max_steps
        reward = 0.0
        info = {}
        if terminated:
            reward = f.rewards(self.reward_mode)[self.seat]
            info = {"winner": f.winner, "won": f.winner == self.seat}
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The int8 mask of the agent's decision (all zeros once the hand is over)."""
        f = self.flow
        if f is None or f.over or f.seat != self.seat or self._forfeit:
            return np.zeros(len(self.table), np.int8)
        return f.mask()

    def render(self):
        if self.flow is None:
            return None
        names = [("agent" if s == self.seat else f"bot_{s}") for s in range(self.players)]
        text = render_text(self.flow, names)
        if self.render_mode == "human":
            print(text + "\n")
            return None
        return text

    # ------------------------------------------------------------------ inside
    def _advance(self) -> None:
        f = live(self.flow)
        if self.core == "compiled":
            cast(CompiledFlow, f).bots_play(self.seat, self._cbots)
            return
        py, bots = cast(Flow, f), self.bots
        while not py.game.over and py.seat != self.seat:
            py.bot_decides(bots[py.seat])

    def _obs(self) -> dict:
        f = live(self.flow)
        return {"observation": f.observe(self.seat), "action_mask": self.action_masks().copy()}

    @property
    def game(self) -> Game:
        """The hand being played (the referee's :class:`~unokit.engine.game.Game`)."""
        f = self.flow
        if f is None:  # an AttributeError, as before reset it always was (hasattr() and wrappers rely on it)
            raise AttributeError("'NoneType' object has no attribute 'game'")
        return f.game
