"""The decision flow shared by every environment: whose decision the hand waits for, and its options.

It is :func:`unokit.lab.sim.play_hand` turned inside out: the order and the options are the decision flow's
(:mod:`unokit.engine.flow`), asked one decision at a time. Each *step* of the hand:

1. the seats that may act out of turn (``game.out_of_turn_seats()``, the seat in turn left out), in an
   order shuffled by the flow's seeded generator, are asked one after the other; each may react
   (say UNO, catch, cut, challenge a draw, accuse, slap) or let it go (``wait``). The first reaction
   is applied and a new round of asking starts; at most ``2n`` reactions per step;
2. the seat in turn acts (its options include its own out-of-turn moves: UNO, catches).

A play that combines choices is a *stem* (:mod:`unokit.engine.compose`): choosing it asks the same seat
for the next sub-decision at once, until the play is complete; nothing else happens in between.
The options of the decision asked are kept, so an action id maps to exactly one of them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..core.actions import Play
from ..core.errors import IllegalActionError, UnoError
from ..engine.flow import ask, reaction_options, reaction_seats
from ..engine.game import Game
from .actions import ActionTable
from .observe import Encoder, HistoryTracker

if TYPE_CHECKING:
    from .cflow import CompiledFlow

__all__ = ["Flow", "IllegalActionIdError", "hand_rewards"]


class IllegalActionIdError(IllegalActionError):
    """An action id that is not among the options of the decision asked (masked out, or not an id).
    The hand is left exactly as it was."""


def hand_rewards(game: Game, reward: str = "hand") -> list[float]:
    """The rewards of a finished hand: ``hand``: +1 the winner, -1 every other seat; ``points``: the
    winner the points it scores (the others' hand points) / 100, every other seat minus its own / 100."""
    n = game.n
    w = game.winner if game.over else None
    if w is None:
        return [0.0] * n
    if reward == "points":
        pts = game.points()
        return [sum(v for s, v in pts.items() if s != w) / 100 if s == w else -pts[s] / 100 for s in range(n)]
    return [1.0 if s == w else -1.0 for s in range(n)]


class Flow:
    """One hand and the decision it waits for: ``seat`` (who decides), ``options`` (the referee's
    actions offered), ``ids`` (action id -> option), ``window`` (a reaction: ``wait`` is offered),
    ``stem`` (the play being composed, or None)."""

    def __init__(self, rules, players: int, seed: int, *, table: ActionTable, encoder: Encoder,
                 max_decisions: int = 5000):
        self.table = table
        self.encoder = encoder
        self.game = Game.new(players, rules, seed=seed)
        self.n = players
        self.rng = random.Random(seed ^ 0x5EED)
        self.max_decisions = max_decisions
        self.decisions = 0
        self.truncated = False
        self.stem: Play | None = None
        self.stem_window = False
        self.queue: list[int] = []
        self.reacted = 0
        self.trackers = [HistoryTracker(players, len(table.colors)) for _ in range(players)]
        self.seat = -1
        self.window = False
        self.options: list = []
        self.ids: dict = {}
        self._mask: npt.NDArray[np.int8] | None = None
        self._new_step()

    # ------------------------------------------------------------------ whose decision
    @property
    def over(self) -> bool:
        return self.game.over or self.truncated

    @property
    def hand_over(self) -> bool:
        """The hand ended (a winner), truncation aside."""
        return self.game.over

    @property
    def winner(self) -> int | None:
        return self.game.winner if self.game.over else None

    def rewards(self, reward: str = "hand") -> list[float]:
        """:func:`hand_rewards` of the hand."""
        return hand_rewards(self.game, reward)

    def _new_step(self) -> None:
        self.reacted = 0
        self._new_round()

    def _new_round(self) -> None:
        g = self.game
        if g.over or self.reacted >= 2 * self.n:
            self.queue = []
        else:
            # the decision flow's order (unokit.engine.flow), the seat in turn's calls left to its turn
            cands = reaction_seats(g, self.rng, turn_seat=False)
            cands.reverse()  # popped from the end: the shuffled order
            self.queue = cands
        self._ask_next()

    def _ask_next(self) -> None:
        g = self.game
        self._mask = None
        if g.over:
            self.seat, self.options, self.ids, self.window = -1, [], {}, False
            return
        if self.stem is not None:
            self._ask(self.stem.player, g.expand(self.stem), self.stem.more, False)
            return
        while self.queue:
            s = self.queue.pop()
            opts = reaction_options(g, s)
            if opts:
                self._ask(s, opts, None, True)
                return
        s = g.to_act
        self._ask(s, g.legal_actions(s), None, False)

    def _ask(self, seat: int, options: list, stage, window: bool) -> None:
        self.seat = seat
        self.options = options
        self.window = window
        id_of = self.table.id_of
        self.ids = {id_of(a, stage): a for a in options}
        if window:
            self.ids[self.table.wait] = None

    # ------------------------------------------------------------------ masks and observations
    def mask(self) -> npt.NDArray[np.int8]:
        """The int8 mask of the decision asked (all zeros when the hand is over)."""
        m = self._mask
        if m is None:
            m = np.zeros(len(self.table), np.int8)
            if self.ids:
                m[list(self.ids)] = 1
            self._mask = m
        return m

    def observe(self, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` now (the stem and the window only for the seat asked)."""
        asked = seat == self.seat
        return self.encoder.encode(self.game.view(seat), self.stem if asked else None, asked and self.window,
                                   self.trackers[seat])

    # ------------------------------------------------------------------ answering
    def action_of(self, i) -> object:
        """The option that id ``i`` stands for now (None: ``wait``); a typed error if not offered."""
        try:
            key = int(i)
        except (TypeError, ValueError):
            raise IllegalActionIdError(f"an action id is a whole number, not {i!r}") from None
        if key != i or key not in self.ids:
            if self.game.over or self.truncated:
                raise IllegalActionIdError("the hand is over")
            name = self.table.names[key] if 0 <= key < len(self.table) else "no such id"
            raise IllegalActionIdError(
                f"action id {i!r} ({name}) is not offered to seat {self.seat} now; offered: "
                f"{', '.join(f'{k} ({self.table.names[k]})' for k in sorted(self.ids))}")
        return self.ids[key]

    def answer(self, i) -> object:
        """Apply the decision id ``i`` of the seat asked; returns the action applied, the stem chosen,
        or None for ``wait``. Raises :class:`IllegalActionIdError` (nothing changed) for an id not offered."""
        a = self.action_of(i)
        self.decisions += 1
        if a is None:  # let the window go by
            self._ask_next()
        elif type(a) is Play and a.more:
            if self.stem is None:
                self.stem_window = self.window
            self.stem = a
            self._ask_next()
        else:
            self._apply(a, self.window if self.stem is None else self.stem_window)
        if not self.game.over and self.decisions >= self.max_decisions:
            self.truncated = True
        return a

    def _apply(self, a, reaction: bool) -> None:
        self.stem = None
        self.game.apply(a)
        if reaction:
            self.reacted += 1
            self._new_round()
        else:
            self._new_step()

    def bot_decides(self, bot) -> object:
        """Let ``bot`` take the decision asked, as :func:`unokit.lab.sim.play_hand` lets it (unfolded options,
        sub-decisions completed); returns the action applied, or None when it lets a window go by."""
        g = self.game
        seat = self.seat
        # asked as the decision flow asks (unokit.engine.flow.ask: the options unfolded, a play completed)
        choice = ask(g, seat, bot, self.options, turn=not self.window)
        self.decisions += 1
        if self.window:
            if choice is None or getattr(choice, "player", None) != seat or not g.can(choice):
                self._ask_next()
                choice = None
            else:
                self._apply(choice, True)
        else:
            if getattr(choice, "player", None) != seat:
                raise UnoError(f"bot {bot!r} at seat {seat} answered {choice} for another seat")
            self._apply(choice, self.stem_window if self.stem is not None else False)
        if not g.over and self.decisions >= self.max_decisions:
            self.truncated = True
        return choice


def live(flow: Flow | CompiledFlow | None) -> Flow | CompiledFlow:
    """The hand in play of an environment; Gymnasium's own :class:`ResetNeeded` before its first ``reset()``."""
    if flow is None:
        from gymnasium.error import ResetNeeded
        raise ResetNeeded("call reset() before observing or stepping")
    return flow
