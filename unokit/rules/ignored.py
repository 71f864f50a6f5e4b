"""The official rules tables drop on purpose (000 §Regras Oficiais Comumente Ignoradas), as codes that
drop them, and the Ohana sheet's Wild Draw Four (002).

=========  ==========================================================================================
DRAWANY    after a turn draw, any card of the hand that may be played goes down, not only the one drawn
           ("Comprar uma carta e jogar uma que já estava na mão")
NOENDDRAW  a last Draw Two or Wild Draw Four ends the hand at once: nobody draws before the scoring
           ("Comprar depois do fim")
WILDMATCH  a Wild held counts as a card of the colour in play: it makes a Wild Draw Four a bluff, and
           so decides a challenge (002: "As cartas Curingas também são consideradas correspondentes");
           on by default with the Ohana deck, ``WILDMATCH(mode=off)`` turns it off there
=========  ==========================================================================================

The section's other rules already have their switches: "Sem duvidar" is ``NOCHALLENGE``, "Palpites"
is the table parameter ``hint=0``, and "Determinação da cor no começo do jogo" the table parameter
``chooser`` (``first``, ``left`` of the dealer, or the ``dealer``). The referee reads the flags these
rules set (``Game.draw_any``, ``Game.end_draw``, ``Game.wild_matches``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["DrawAny", "NoEndDraw", "WildMatch"]


class DrawAny(HouseRule):
    """DRAWANY: after drawing, any playable card of the hand may be played (the drawn one included)."""

    code = "DRAWANY"

    def setup(self, game: Game) -> None:
        game.draw_any = True


class NoEndDraw(HouseRule):
    """NOENDDRAW: a Draw Two or Wild Draw Four played as the last card makes nobody draw."""

    code = "NOENDDRAW"

    def setup(self, game: Game) -> None:
        game.end_draw = False


class WildMatch(HouseRule):
    """WILDMATCH: a Wild held makes a Wild Draw Four a bluff (``mode=off``: it does not, even with Ohana)."""

    code = "WILDMATCH"

    def setup(self, game: Game) -> None:
        game.wild_matches = self.ruleset.param("WILDMATCH", "mode") == "on"
