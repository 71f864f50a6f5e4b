"""Rules about drawing: SAT, INS, CON (000 ch.3).

- SAT (Satisfação): a player who cannot play keeps drawing until a playable card
  comes (which they may then play). Drawing by choice, with a playable card in
  hand, is still one card.
- INS (Insatisfação): a card drawn because the player could not play can never be
  played that turn.
- CON (Consolo): cards drawn for a Draw Two / Wild Draw Four may be played at once
  (one of them, as a normal play); penalties from other rules do not count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import Card
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game


class Satisfaction(HouseRule):
    code = "SAT"

    def after_draw(self, game: Game, player: int, card: Card, forced: bool) -> str | None:
        return "again" if forced else None


class Dissatisfaction(HouseRule):
    code = "INS"

    def after_draw(self, game: Game, player: int, card: Card, forced: bool) -> str | None:
        return "keep" if forced else None


class Consolation(HouseRule):
    code = "CON"

    def after_penalty(self, game: Game, player: int, cards: Sequence[Card]) -> Sequence[Card]:
        opts = tuple(c for c in dict.fromkeys(cards) if game.can_play_alone(player, c))
        if opts:
            game.rule_state["CON"] = player  # with C the player may now be cut (000 §CON, Regra do Corte)
        return opts

    def on_turn_end(self, game: Game, player: int) -> None:
        game.rule_state.pop("CON", None)


class Reveal(HouseRule):
    """REV (Revelação): the stock is face up, so everyone sees the card on its top and the card a player
    draws from it (the referee shows them: ``Game.public_stock``)."""

    code = "REV"

    def setup(self, game: Game) -> None:
        game.public_stock = True
