"""I (Inferno): any action card on any action card (000 ch.3 §Regra do Inferno).

- Skip, Reverse and Draw Two may be played on any action card (Skip, Reverse, Draw
  Two, Wild Draw Four), whatever the colours.
- Stacking P4 is implied: any draw card answers any draw card.
- Facing a draw total, a Skip or a Reverse cancels it completely (then acts as usual).
- With DR, the group rules keep priority: only same-symbol groups.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.actions import Play
from ..core.cards import Card, Face
from ..core.events import register_event
from .base import HouseRule, TurnChange
from .stacking import ALLOWED

if TYPE_CHECKING:
    from ..engine.game import Game

_ACTION = (Face.SKIP, Face.REVERSE, Face.DRAW_TWO, Face.WILD_DRAW_FOUR)
_COLOURED = (Face.SKIP, Face.REVERSE, Face.DRAW_TWO)


class Inferno(HouseRule):
    code = "I"

    def stack_ok(self, game: Game, cards: Sequence[Card]) -> bool:
        under = game.pending_kind or game.discard[-1].draw
        first = cards[0]
        if first.face in (Face.SKIP, Face.REVERSE):
            return all(c.face == first.face for c in cards)
        return bool(first.draw) and (under, first.draw) in ALLOWED["P4"] and all(c.draw for c in cards)

    def allow_play(self, game: Game, play: Play) -> bool:
        top = game.discard[-1]
        first = play.cards[0]
        return top.face in _ACTION and first.face in _COLOURED and (
            len(play.cards) == 1 or all(c.face == first.face for c in play.cards))

    def allow_prefix(self, game: Game, cards: Sequence[Card]) -> bool:
        first = cards[0]
        return (game.discard[-1].face in _ACTION and first.face in _COLOURED
                and all(c.face == first.face for c in cards))

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if game.pending and play.cards[-1].face in (Face.SKIP, Face.REVERSE):
            game.emit("stack-cancelled", p, game.pending)
            game.pending = 0
            game.pending_kind = 0
            game.wd4 = None
        return None


# ---------------------------------------------------------------------- the event I emits, told
register_event("stack-cancelled", ("pending",), about="I: a Skip or Reverse cancels the draw total",
               tell={"en": lambda w, e: f"{w.s(e.player, 'cancels')} {w.owed(e.pending)}",
                     "pt": lambda w, e: f"{w.subj(e.player)} cancela {w.owed(e.pending)}"})
