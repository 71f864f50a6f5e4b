"""Rules about saying UNO and being caught (000 ch.3; SLOWUNO from other engines).

MEM (Memória): a missed UNO costs 4 cards instead of 2.
PRE (Precaução): a missed UNO may be caught until the seat's hand changes or it says UNO, not only until
the next player starts.
SLOWUNO: a missed UNO may be caught until the end of the next player's turn.

The catch window itself is the referee's (``Game.catchable``, ``Game.missed_uno``); these rules set how
long it stays open and what it costs, once, when the hand is set up.
"""

from __future__ import annotations

from .base import HouseRule


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


__all__ = ["Memory", "Precaution", "SlowUno"]
