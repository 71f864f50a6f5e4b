"""P1-P4 (Regra do Passe): answering a draw card with another (000 ch.3).

=====  ==========  ==========  ==========  ==========
rule   +2 on +2    +4 on +4    +4 on +2    +2 on +4
=====  ==========  ==========  ==========  ==========
P1     yes         no          no          no
P2     yes         yes         no          no
P3     yes         yes         yes         no
P4     yes         yes         yes         yes
=====  ==========  ==========  ==========  ==========

The first player who cannot (or will not) add draws the accumulated total.
With DR/DD several draw cards may answer at once (their values add up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..core.cards import Card
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


ALLOWED = {  # (card on top, card played on it)
    "P1": {(2, 2)},
    "P2": {(2, 2), (4, 4)},
    "P3": {(2, 2), (4, 4), (2, 4)},
    "P4": {(2, 2), (4, 4), (2, 4), (4, 2)},
}


class Stacking(HouseRule):
    code = "P"

    def __init__(self, ruleset: RuleSet) -> None:
        super().__init__(ruleset)
        self.allowed = ALLOWED[cast(str, ruleset.stacking)]   # (a P rule is in force: its code)
        # P4(color=match): the card stacked must fit the colour in play (a wild always does; 003)
        self.match = ruleset.stacking == "P4" and ruleset.param("P4", "color") == "match"

    def stack_ok(self, game: Game, cards: Sequence[Card]) -> bool:
        under = game.pending_kind or game.discard[-1].draw
        first = cards[0]
        if not first.draw or (under, first.draw) not in self.allowed:
            return False
        if self.match and not first.is_wild and first.color is not game.color:
            return False
        return all(c.draw for c in cards)
