"""One hand's decision flow in the compiled core (issue 27, point 3): :class:`CompiledFlow`, the
:class:`unokit.env.core.Flow` of the environments when the rules allow (:func:`make_flow`).

The same hand (the referee's deal of ``seed``), the same seat asked, window, mask, step ids, observations and
rewards as ``Flow`` (``tests/fast/test_envflow.py`` proves the C flow equal to it); a step is one C call that
applies the id and writes the observation and mask of the next seat asked into arrays kept here, so a decision
costs no Python object. What needs the referee (``game``, :meth:`action_of`, rendering) replays the hand's
decisions into a :class:`~unokit.engine.game.Game` when asked, never on the way of a step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.game import Game
from ..fast.envflow import REWARDS, FlowBatch, flow_problem
from .actions import ActionTable
from .core import Flow, IllegalActionIdError
from .observe import Encoder

__all__ = ["CompiledFlow", "make_flow", "compiled_core"]

#: a decision of the log the opponent asked took (replayed by that opponent: :meth:`CompiledFlow.bots_play`)
BOT = -2

CORES = ("auto", "compiled", "referee")


def compiled_core(rules: str, players: int, core: str = "auto") -> bool:
    """Whether the flow of ``rules`` at ``players`` seats runs in C: ``core`` ``"compiled"`` (a ValueError
    where the C flow cannot hold the rules, :func:`~unokit.fast.envflow.flow_problem`), ``"auto"`` (where it
    can) or ``"referee"`` (never)."""
    if core not in CORES:
        raise ValueError(f"core must be one of {', '.join(CORES)}, not {core!r}")
    if core == "referee":
        return False
    why = flow_problem(rules, players)
    if why and core == "compiled":
        raise ValueError(f"core='compiled': {why}")
    return why is None


def make_flow(rules: str, players: int, seed: int, *, table: ActionTable, encoder: Encoder,
              max_decisions: int = 5000, core: str = "auto") -> Flow | CompiledFlow:
    """The hand's flow: :class:`CompiledFlow` where :func:`compiled_core` says so, else the referee's
    :class:`Flow`."""
    if compiled_core(rules, players, core):
        return CompiledFlow(rules, players, seed, table=table, encoder=encoder, max_decisions=max_decisions)
    return Flow(rules, players, seed, table=table, encoder=encoder, max_decisions=max_decisions)


class CompiledFlow:
    """One hand in C, asked as :class:`Flow` asks it: ``seat`` (-1: over), ``window``, ``truncated``,
    ``winner`` (None: not over); :meth:`mask`, :meth:`observe`, :meth:`answer`, :meth:`rewards`. What needs the
    referee's objects (``game``, ``options``, ``ids``, ``stem``) is read from the Python :class:`Flow` replayed
    from the decisions made (when asked)."""

    def __init__(self, rules: str, players: int, seed: int, *, table: ActionTable, encoder: Encoder,
                 max_decisions: int = 5000):
        self.table, self.encoder, self.n, self.seed = table, encoder, players, seed
        self.rules, self.max_decisions = table.rules, max_decisions
        self._fb = FlowBatch([seed], players, rules, chance="referee", encoder=encoder, max_decisions=max_decisions,
                             house2=True)
        self._f = self._fb._f
        self._obs = np.zeros(encoder.size, np.float32)
        self._mask = np.zeros(len(table), np.int8)
        self._zeros = np.zeros(len(table), np.int8)
        self.log: list[tuple[int, int]] = []   # (seat, step id) of every decision, for the replayed game
        self._flow: Flow | None = None
        self._replayed = 0
        self._bot_keys: list[int] = []
        self._bots: list = []
        self.seat, w, t, _ = self._fb._one(self._f, -1, self._obs, self._mask)
        self.window, self.truncated, self.winner = bool(w), bool(t), None

    # ------------------------------------------------------------------ whose decision
    @property
    def over(self) -> bool:
        return self.winner is not None or self.truncated

    @property
    def hand_over(self) -> bool:
        """The hand ended (a winner), truncation aside."""
        return self.winner is not None

    def mask(self) -> npt.NDArray[np.int8]:
        """The int8 mask of the decision asked (all zeros when the hand is over)."""
        return self._mask if self.seat >= 0 else self._zeros

    def observe(self, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` now (a fresh array)."""
        if seat == self.seat:
            return self._obs.copy()
        return self._fb.observe(seat)[0]

    def rewards(self, reward: str = "hand") -> list[float]:
        """:func:`~unokit.env.core.hand_rewards` of the hand."""
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        # C writes float32: each is a whole number of points / 100 (or +-1), given back as Python computes it
        return [round(float(x) * 100) / 100 for x in self._fb.rewards(reward)[0]]

    # ------------------------------------------------------------------ answering
    def answer(self, i) -> None:
        """Apply the decision id ``i`` of the seat asked. Raises :class:`IllegalActionIdError` (nothing
        changed) for an id not offered."""
        try:
            key = int(i)
        except (TypeError, ValueError):
            raise IllegalActionIdError(f"an action id is a whole number, not {i!r}") from None
        if key != i or not 0 <= key < len(self.table) or self.seat < 0:
            self._refuse(i)
        seat = self.seat
        try:
            s, w, t, win = self._fb._one(self._f, key, self._obs, self._mask)
        except ValueError:
            self._refuse(i)
        self.log.append((seat, key))
        self.seat, self.window, self.truncated = s, w == 1, t == 1
        if win >= 0:
            self.winner = win

    def bots_new(self, keys) -> Any:
        """Random-play opponents for this hand: ``RandomPlayBot(keys[s])`` at seat ``s`` (one key per seat), for
        :meth:`bots_play`."""
        self._bot_keys = [int(k) for k in keys]
        return self._fb._bots_new(self._f, np.asarray(keys, np.uint64).tobytes())

    def bots_play(self, agent: int, bots: Any) -> None:
        """The opponents (:meth:`bots_new`) decide, as ``Flow.bot_decides`` lets random-play decide, until seat
        ``agent`` is asked or the hand is over: one C call."""
        s, w, t, win, log = self._fb._bots(self._f, bots, agent, self._obs, self._mask)
        if isinstance(log, int):   # (_h2flow.h) how many decisions: replayed by the bots themselves
            self.log.extend([(-1, BOT)] * log)
        elif log:
            v = np.frombuffer(log, np.int16)
            self.log.extend(zip(v[0::2].tolist(), v[1::2].tolist()))
        self.seat, self.window, self.truncated = s, w == 1, t == 1
        if win >= 0:
            self.winner = win

    def _refuse(self, i: Any) -> None:
        if self.over:
            raise IllegalActionIdError("the hand is over")
        offered = np.flatnonzero(self._mask).tolist()
        key = i if type(i) is int else -1
        name = self.table.names[key] if 0 <= key < len(self.table) else "no such id"
        raise IllegalActionIdError(
            f"action id {i!r} ({name}) is not offered to seat {self.seat} now; offered: "
            f"{', '.join(f'{k} ({self.table.names[k]})' for k in offered)}")

    def action_of(self, i) -> object:
        """The referee's action that id ``i`` stands for now (None: ``wait``); a typed error if not offered."""
        try:
            key = int(i)
        except (TypeError, ValueError):
            raise IllegalActionIdError(f"an action id is a whole number, not {i!r}") from None
        if key != i or not 0 <= key < len(self.table) or self.seat < 0 or not self._mask[key]:
            self._refuse(i)
        return self._replayed_flow().ids[key]

    @property
    def ids(self) -> dict[int, object]:
        """Action id -> the option it stands for (None: ``wait``), as ``Flow.ids`` (the Python flow replayed)."""
        return self._replayed_flow().ids

    @property
    def options(self) -> list:
        """The referee's options of the decision asked, as ``Flow.options`` (the Python flow replayed)."""
        return self._replayed_flow().options

    @property
    def stem(self) -> Any:
        """The play being composed, as ``Flow.stem`` (the Python flow replayed)."""
        return self._replayed_flow().stem if self.seat >= 0 else None

    # ------------------------------------------------------------------ pickling: the decisions, replayed
    def __getstate__(self) -> dict:
        return {"rules": self.rules, "players": self.n, "seed": self.seed, "table": self.table,
                "encoder": self.encoder, "max_decisions": self.max_decisions, "log": list(self.log)}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["rules"], state["players"], state["seed"], table=state["table"],  # type: ignore[misc]  # rebuilt in C
                      encoder=state["encoder"], max_decisions=state["max_decisions"])
        for _, key in state["log"]:
            self.answer(key)

    # ------------------------------------------------------------------ the referee's hand, when asked
    def _replayed_flow(self) -> Flow:
        """The Python :class:`Flow` of the same hand with the decisions made so far answered (replayed when asked)."""
        if self._flow is None:
            self._flow = Flow(self.rules, self.n, self.seed, table=self.table, encoder=self.encoder,
                              max_decisions=self.max_decisions)
            self._replayed = 0
        f = self._flow
        for _, key in self.log[self._replayed:]:
            if key == BOT:
                if not self._bots:
                    from ..bots.random_play import RandomPlayBot
                    self._bots = [RandomPlayBot(k) for k in self._bot_keys]
                f.bot_decides(self._bots[f.seat])
            else:
                f.answer(key)
        self._replayed = len(self.log)
        return f

    @property
    def game(self) -> Game:
        """The hand as the referee holds it: ``Game.new(players, rules, seed=seed)`` with the decisions made
        so far applied (replayed when asked)."""
        return self._replayed_flow().game
