"""ALLWILD: UNO All Wild! (003 §UNO All Wild!), played as ``UNO ALLWILD``.

Every card is a wild, so every card may be played on any other and none names a colour (the
edition has none). The seed lists the eight cards; what each does, stated once here:

==========  =====================================================================================
``W``       Wild: no effect (the seed: "la scelta del colore è inutile")
``WR``      Wild Reverse: the direction changes (two players: the other player is skipped)
``WS``      Wild Skip: the next player loses the turn
``WS2``     Wild Skip Two: the next two players lose their turns (two players: play again)
``WFS``     Wild Forced Swap: its player swaps hands with a player they choose (obligatory); under
            ``ALLWILD(swap=pair)`` they choose two players, who swap hands (the seed's other reading)
``W+2``     Wild Draw Two: the next player draws 2 and loses the turn
``WT+2``    Wild Targeted Draw Two: a player its player chooses draws 2 (and keeps their turn)
``W+4``     Wild Draw Four: the next player draws 4 and loses the turn (no challenge: nothing to bluff)
==========  =====================================================================================

The first card turned does nothing; scoring gives a Wild 20 points and every action wild 50. The
choices the seed leaves open are listed in ``docs/rules/ALLWILD.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.actions import Play
from ...core.cards import Card, Face
from ...core.events import register_reason
from ...core.official import Effect, FirstCard
from ..base import HouseRule, Target, TurnChange
from ..handswap import swap_hands
from . import Edition

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..ruleset import RuleSet


__all__ = ["EDITION", "AllWild"]

_REVERSE = (Effect(reverse=True), Effect(advance=2))      # more than two seats / two seats
_SKIP_TWO = (Effect(advance=3), Effect(advance=2))


def _first_card(card: Card) -> FirstCard:
    """The first card turned starts the pile and does nothing (an unokit choice)."""
    return FirstCard()


EDITION = Edition(
    code="ALLWILD", deck="allwild", players=(2, 10), doc="docs/rules/ALLWILD.md", colorless=True,
    name="UNO All Wild! (112 wild cards, 2-10 players)", name_pt="UNO All Wild! (112 curingas, 2-10 jogadores)",
    first_card=_first_card,
    effects={
        Face.WILD: Effect(),
        Face.WILD_REVERSE: lambda seats: _REVERSE[seats == 2],
        Face.WILD_SKIP: Effect(advance=2),
        Face.WILD_SKIP_TWO: lambda seats: _SKIP_TWO[seats == 2],
        Face.WILD_FORCED_SWAP: Effect(),
        Face.WILD_DRAW_TWO: Effect(draw=2),
        Face.WILD_TARGETED_DRAW_TWO: Effect(),
        Face.WILD_DRAW_FOUR: Effect(draw=4),
    })

_TARGETED = (Face.WILD_FORCED_SWAP, Face.WILD_TARGETED_DRAW_TWO)


class AllWild(HouseRule):
    """The cards that name a player: the Forced Swap and the Targeted Draw Two.

    The seed reads the Forced Swap two ways: "scambiare la sua mano con quella di un giocatore a sua scelta
    (o di fare scambiare le mani di gioco tra due giocatoti a sua scelta)". By default (``swap=self``) its
    player swaps with one seat they name (``0 play WFS @2``); under ``ALLWILD(swap=pair)`` they name two
    different seats still in the hand, themselves among them or not, and those two swap hands
    (``0 play WFS @1,3``; composed as two seat choices, ``@?`` then ``@1,?``; either order)."""

    code = "ALLWILD"
    hand_faces = (Face.WILD_FORCED_SWAP,)   # a swap may leave one card: UNO may be said with it

    def __init__(self, ruleset: RuleSet) -> None:
        super().__init__(ruleset)
        self.pair = ruleset.param("ALLWILD", "swap") == "pair"

    def setup(self, game: Game) -> None:
        game.no_challenge = True

    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        if cards[-1].face not in _TARGETED:
            return []
        if cards[-1].face == Face.WILD_FORCED_SWAP:
            if len(game.hands[p]) == len(cards):
                return [None]   # going out: no hand to swap (the hand is decided: nobody swaps)
            if self.pair:       # two different seats, in either order
                seats = game.active
                return [(a, b) for a in seats for b in seats if a != b]
        return [q for q in game.active if q != p]

    def play_problem(self, game: Game, play: Play) -> str | None:
        face = play.cards[-1].face
        if face in _TARGETED and play.target is None and (
                face == Face.WILD_TARGETED_DRAW_TWO or len(game.hands[play.player]) > len(play.cards)):
            if face == Face.WILD_FORCED_SWAP and self.pair:
                return f"{play.cards[-1].code} makes two players swap hands: add @SEAT,SEAT (ALLWILD(swap=pair))"
            return f"{play.cards[-1].code} names a player: add @SEAT (ALLWILD)"
        if face == Face.WILD_FORCED_SWAP and play.target is not None \
                and len(game.hands[play.player]) == len(play.cards):
            return "you go out with this card: there is no hand to swap"
        return None

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        face = play.cards[-1].face
        q = play.target
        if q is None:
            return None
        if face == Face.WILD_FORCED_SWAP and game.hands[p]:
            a = p if play.first is None else play.first   # swap=pair: the two seats named
            swap_hands(game, a, q)
        elif face == Face.WILD_TARGETED_DRAW_TWO:
            game.penalize(q, 2, "Wild Targeted Draw Two")
        return None


# ---------------------------------------------------------------------- ALLWILD's penalty, told
register_reason("Wild Targeted Draw Two", pt="Curinga Comprar Duas Direcionado")
