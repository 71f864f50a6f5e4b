"""FU (Flash UNO) and BU (Battlefield UNO): fewer or more cards in the deal (000 ch.3).

The number is the rule's ``cards`` parameter (FU: 4, up to 6; BU: 9, from 8); ``RuleSet.deal`` states it
for every part that deals (the referee, the fast core), and the referee reads it here when a hand is set up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game


class FlashUno(HouseRule):
    code = "FU"

    def setup(self, game: Game) -> None:
        game.deal_size = self.ruleset.deal


class BattlefieldUno(FlashUno):
    code = "BU"


__all__ = ["FlashUno", "BattlefieldUno"]
