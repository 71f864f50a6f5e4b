"""AA and AB, the arithmetic rules (000 ch.3).

AA (1ª Aritmética): on a number card, play two or more number cards of one colour
(any colour, 0 included) whose sum is the top number, or exactly two whose
difference is. AB (2ª Aritmética): a number card equal to the sum of the top two
discards, when both are numbers of the same colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..core.actions import Play
from ..core.cards import Card
from ..engine.referee.state import Phase
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game

_PENDING = Phase.PENDING


def aa_ok(top: Card, cards: Sequence[Card]) -> bool:
    if top.number is None or len(cards) < 2 or any(c.number is None for c in cards):
        return False
    if len({c.color for c in cards}) != 1:
        return False
    total = sum(cast(int, c.number) for c in cards)   # (numbers: checked above)
    if total == top.number:
        return True
    return len(cards) == 2 and abs(cast(int, cards[0].number) - cast(int, cards[1].number)) == top.number


class FirstArithmetic(HouseRule):
    code = "AA"

    def allow_play(self, game: Game, play: Play) -> bool:
        return self.arithmetic_play(game, play.cards)

    def arithmetic_play(self, game: Game, cards: Sequence[Card]) -> bool:
        """Do ``cards`` make a sum (or a difference of two) of the top number now? The cut rule asks
        it too: a cut may carry an arithmetic group (000 §AA, "Regra do Corte")."""
        return game.phase is not _PENDING and aa_ok(game.discard[-1], cards)

    def group_prefix(self, game: Game, cards: Sequence[Card]) -> bool:
        """Number cards of one colour whose sum can still reach the top number (or two whose difference is it)."""
        goal = game.discard[-1].number
        if goal is None or game.phase is _PENDING:
            return False
        color = cards[0].color
        total = 0
        for c in cards:
            n = c.number
            if n is None or c.color is not color:
                return False
            total += n
        return (total <= goal or len(cards) == 1
                or (len(cards) == 2 and abs(cast(int, cards[0].number) - cast(int, cards[1].number)) == goal))  # (numbers: checked above)

    allow_prefix = group_prefix   # every arithmetic play is built along these prefixes


class SecondArithmetic(HouseRule):
    code = "AB"

    @staticmethod
    def target(game: Game) -> int | None:
        d: Sequence[Card] = game.discard
        if len(d) < 2:
            return None
        a, b = d[-1], d[-2]
        if a.number is None or b.number is None or a.color is not b.color:
            return None
        return a.number + b.number

    def allow_play(self, game: Game, play: Play) -> bool:
        t = self.target(game)
        return (t is not None and game.phase is not _PENDING and len(play.cards) == 1
                and play.cards[0].number == t)

    def allow_prefix(self, game: Game, cards: Sequence[Card]) -> bool:
        t = self.target(game)
        return t is not None and game.phase is not _PENDING and len(cards) == 1 and cards[0].number == t
