"""DR (Descarte Rápido) and DD (Duplicatas): several cards in one play (000 ch.3).

DR: cards of the same number or symbol (a Wild Draw Four never groups with a 4,
a Draw Two never with a 2, and wild kinds only with their own kind). DD: only
identical cards. The first card must be legal on the pile; the others go on top
of it in the order given, so the last one sets the colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import Card
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


class QuickDiscard(HouseRule):
    code = "DR"

    def group_ok(self, game: Game, cards: Sequence[Card]) -> bool:
        f = cards[0].face
        return all(c.face == f for c in cards)

    group_prefix = group_ok


class Duplicates(HouseRule):
    """DD; ``DD(actions=alone)``: only number cards go down together, action cards one at a time (003)."""

    code = "DD"

    def __init__(self, ruleset: RuleSet) -> None:
        super().__init__(ruleset)
        self.numbers_only = ruleset.param("DD", "actions") == "alone"

    def group_ok(self, game: Game, cards: Sequence[Card]) -> bool:
        first = cards[0]
        if self.numbers_only and len(cards) > 1 and first.number is None:
            return False
        return all(c is first for c in cards)

    group_prefix = group_ok


__all__ = ["QuickDiscard", "Duplicates"]
