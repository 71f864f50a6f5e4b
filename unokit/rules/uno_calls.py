"""Rules about saying UNO and being caught (000 ch.3; SLOWUNO from other engines).

MEM (Memória): a missed UNO costs 4 cards instead of 2.
PRE (Precaução): a missed UNO may be caught until the seat's hand changes or it says UNO, not only until
the next player starts.
SLOWUNO: a missed UNO may be caught until the end of the next player's turn.

The catch window itself is the referee's (``Game.catchable``, ``Game.missed_uno``); these rules set how
long it stays open and what it costs. MEM and PRE set the table's parameters when the hand is set up
(``uno_penalty``; ``uno_forever``: the window survives a start). SLOWUNO keeps it open at a start too, and
keeps when each seat's window closes in ``game.rule_state["SLOWUNO"]`` (:class:`CatchExpiry`): it notes the
expiry when a seat becomes catchable (the hook ``on_missed_uno``) and closes the windows due when a turn
ends (``on_turn_end``); the public query ``"catch_expiry"`` (``Game.catch_expiry``) reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game


class CatchExpiry(NamedTuple):
    """SLOWUNO's own state (``game.rule_state["SLOWUNO"]``): for each seat that missed an UNO, the number of
    ended turns (``Game.turns_done``) at which its catch window closes, as ``(seat, turns)`` pairs in seat
    order. ``Game.catch_expiry`` reads it as a dict."""

    closes: tuple[tuple[int, int], ...] = ()

    def get(self, seat: int, default: int | None = None) -> int | None:
        for s, t in self.closes:
            if s == seat:
                return t
        return default


def open_catch_window(game: Game, seat: int, turns: int) -> None:
    """SLOWUNO: ``seat``, now catchable, may be caught until ``turns`` turns of the hand have ended."""
    closes = dict(game.rule_state.get("SLOWUNO", _NONE).closes)
    closes[seat] = turns
    game.rule_state["SLOWUNO"] = CatchExpiry(tuple(sorted(closes.items())))


def close_catch_windows(game: Game, done: int) -> None:
    """SLOWUNO, at the end of a turn: the seats whose window has closed once ``done`` turns have ended can no
    longer be caught."""
    expiry = game.rule_state.get("SLOWUNO", _NONE)
    for q in [q for q in game.catchable if expiry.get(q, 0) <= done]:
        game.catchable.discard(q)


_NONE = CatchExpiry()


class Memory(HouseRule):
    code = "MEM"
    PENALTY = 4   #: what a missed UNO costs (the compiled core reads it)

    def setup(self, game: Game) -> None:
        game.uno_penalty = self.PENALTY


class Precaution(HouseRule):
    code = "PRE"

    def setup(self, game: Game) -> None:
        game.uno_forever = True


class SlowUno(HouseRule):
    code = "SLOWUNO"
    answers = ("catch_expiry",)

    def setup(self, game: Game) -> None:
        game.uno_forever = True   # a start does not close the window: the end of the next player's turn does

    def on_missed_uno(self, game: Game, seat: int) -> None:
        """The window closes when the next player's turn ends: the turn after the one in progress; between
        turns (during free discards or a face-down finish), the coming turn."""
        ph = game.phase
        between = ph in (ph.FREE_DISCARD, ph.HIDDEN_FINISH)
        open_catch_window(game, seat, game.turns_done + (1 if between else 2))

    def on_turn_end(self, game: Game, player: int) -> None:
        if game.catchable:   # (this turn is about to be counted in ``turns_done``)
            close_catch_windows(game, game.turns_done + 1)

    def answer(self, game: Game, name: str) -> dict[int, int]:
        return dict(game.rule_state.get("SLOWUNO", _NONE).closes)


__all__ = ["CatchExpiry", "Memory", "Precaution", "SlowUno", "close_catch_windows", "open_catch_window"]
