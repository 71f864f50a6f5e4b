"""Rules about saying UNO and being caught (000 ch.3; SLOWUNO from other engines).

MEM (Memória): a missed UNO costs 4 cards instead of 2.
PRE (Precaução): a missed UNO may be caught until the seat's hand changes or it says UNO, not only until
the next player starts.
SLOWUNO: a missed UNO may be caught until the end of the next player's turn.

The catch window itself is the referee's (``Game.catchable``, ``Game.missed_uno``); these rules set how
long it stays open and what it costs, once, when the hand is set up. SLOWUNO keeps when each seat's
window closes in ``game.rule_state["SLOWUNO"]`` (:class:`CatchExpiry`): the referee calls
:func:`open_catch_window` when a seat becomes catchable and :func:`close_catch_windows` when a turn ends.
"""

from __future__ import annotations

from typing import NamedTuple

from .base import HouseRule


class CatchExpiry(NamedTuple):
    """SLOWUNO's own state (``game.rule_state["SLOWUNO"]``): for each seat that missed an UNO, the number of
    ended turns (``Game.turns_done``) at which its catch window closes, as ``(seat, turns)`` pairs in seat
    order. ``Game.catch_expiry`` reads it as a dict."""

    closes: tuple[tuple[int, int], ...] = ()

    def get(self, seat: int, default=None):
        for s, t in self.closes:
            if s == seat:
                return t
        return default


def open_catch_window(game, seat: int, turns: int) -> None:
    """SLOWUNO: ``seat``, now catchable, may be caught until ``turns`` turns of the hand have ended."""
    closes = dict(game.rule_state.get("SLOWUNO", _NONE).closes)
    closes[seat] = turns
    game.rule_state["SLOWUNO"] = CatchExpiry(tuple(sorted(closes.items())))


def close_catch_windows(game) -> None:
    """SLOWUNO, at the end of a turn: the seats whose window has closed can no longer be caught."""
    expiry = game.rule_state.get("SLOWUNO", _NONE)
    done = game.turns_done
    for q in [q for q in game.catchable if expiry.get(q, 0) <= done]:
        game.catchable.discard(q)


_NONE = CatchExpiry()


class Memory(HouseRule):
    code = "MEM"

    def setup(self, game) -> None:
        game.uno_penalty = 4


class Precaution(HouseRule):
    code = "PRE"

    def setup(self, game) -> None:
        game.uno_forever = True


class SlowUno(HouseRule):
    code = "SLOWUNO"

    def setup(self, game) -> None:
        game.slow_uno = True


__all__ = ["CatchExpiry", "Memory", "Precaution", "SlowUno", "close_catch_windows", "open_catch_window"]
