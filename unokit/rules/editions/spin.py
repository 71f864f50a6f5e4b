"""SPIN: UNO Spin (003 §UNO Spin), played as ``UNO SPIN``.

The seed: a Spin card makes a player spin a wheel, which has them take, discard or trade cards.
The Spin cards are number cards with a spin mark (one of each 1-5 per colour, ``R1S``…``B5S``);
they match and score as their number. When one is played, the next player uses their turn to spin
the wheel: one outcome of the game's seeded :class:`~unokit.core.chance.Chance` (recorded), uniform over
the spaces of :data:`WHEEL` (the equal odds are an assumption):

===================  ==========================================================================
``almost-uno``       discard every card but two (the spinner chooses which, one at a time)
``discard-number``   discard every card of the number held most (highest number on a tie)
``discard-color``    name a colour, and discard every card of it
``draw-red``         draw until a red card comes
``draw-blue``        draw until a blue card comes
``trade-hands``      every hand passes to the left
``show-hand``        the spinner's hand is shown to everyone
===================  ==========================================================================

Discarded cards go under the top card of the pile. A spinner who discards their last card wins
the hand. The choices the seed leaves open are in ``docs/rules/SPIN.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.actions import Play
from ...core.cards import Card, Color, Face
from ...core.events import register_event
from ...core.official import Effect
from .. import cardfx as _cardfx  # noqa: F401  (declares CAR's "carousel": the trade-hands space)
from ..base import HouseRule, TurnChange
from ..double_discard import owe_free_discards
from . import Edition
from . import nomercy as _nomercy  # noqa: F401  (declares NOMERCY's "discard-all")

if TYPE_CHECKING:
    from ...engine.game import Game

__all__ = ["EDITION", "WHEEL", "Spin", "spin_faces"]

WHEEL = ("almost-uno", "discard-number", "discard-color", "draw-red", "draw-blue", "trade-hands", "show-hand")
SPIN_FACES = (Face.SPIN_1, Face.SPIN_2, Face.SPIN_3, Face.SPIN_4, Face.SPIN_5)


def spin_faces() -> tuple[Face, ...]:
    """The faces of the Spin cards (number cards 1-5 with the spin mark)."""
    return SPIN_FACES


EDITION = Edition(
    code="SPIN", deck="spin", players=(2, 10), doc="docs/rules/SPIN.md",
    name="UNO Spin (the wheel as seeded chance)", name_pt="UNO Spin (a roleta como sorte semeada)",
    effects={f: Effect() for f in SPIN_FACES})


class Spin(HouseRule):
    """The wheel: spun by the player after a Spin card, at the start of their turn, which it uses."""

    code = "SPIN"

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if play.cards[-1].face in SPIN_FACES and game.hands[p]:
            game.rule_state["SPIN"] = True
        return None

    def on_turn_start(self, game: Game, seat: int) -> None:
        if not game.rule_state.pop("SPIN", None) or game.over:
            return
        spinner = game.current
        space = WHEEL[game.chance.randint(0, len(WHEEL) - 1)]
        game.emit("spin", spinner, space)
        hand = game.hands[spinner]
        if space == "almost-uno":
            k = len(hand) - 2
            game.end_turn(spinner, game.next_seat(spinner))
            if k > 0:
                owe_free_discards(game, [spinner] * k, dest="under")
            return
        if space == "discard-color":
            if any(c.color is not None for c in hand):
                game.rule_state["SPIN-color"] = spinner
                game.ask_color(spinner)
                return
        elif space == "discard-number":
            counts: dict[int, int] = {}
            for c in hand:
                if c.number is not None:
                    counts[c.number] = counts.get(c.number, 0) + 1
            if counts:
                number = max(counts, key=lambda k: (counts[k], k))
                if self._discard(game, spinner, [c for c in hand if c.number == number]):
                    return
        elif space in ("draw-red", "draw-blue"):
            game.draw_until(spinner, Color.RED if space == "draw-red" else Color.BLUE)
        elif space == "trade-hands":
            seats = game.active
            moved = [game.hands[s] for s in seats]
            moved = moved[-1:] + moved[:-1]     # each hand goes to the next seat (the left)
            for s, h in zip(seats, moved):
                game.hands[s] = h
            game.hands_changed(seats)
            game.emit("carousel", spinner, 1)
        elif space == "show-hand":
            game.reveals.append((None, spinner, tuple(hand)))
        game.end_turn(spinner, game.next_seat(spinner))

    def on_color(self, game: Game, seat: int, color: Color) -> bool:
        if game.rule_state.get("SPIN-color") != seat:
            return False
        del game.rule_state["SPIN-color"]
        if not self._discard(game, seat, [c for c in game.hands[seat] if c.color is color]):
            game.end_turn(seat, game.next_seat(seat))
        return True

    @staticmethod
    def _discard(game: Game, seat: int, cards: Sequence[Card]) -> bool:
        """Discard ``cards`` from ``seat``'s hand under the top card; True when that ended the hand."""
        hand = game.hands[seat]
        for c in cards:
            hand.remove(c)
        if cards:
            game.put_under_top(cards)
            game.emit("discard-all", seat, len(cards), tuple(cards))
            game.hands_changed((seat,))
        if not hand:
            game.finish(seat)
            return True
        return False


# ---------------------------------------------------------------------- the event SPIN emits, told
# (its "carousel" is CAR's, rules/cardfx.py, and its "discard-all" NOMERCY's, editions/nomercy.py)
#: the spaces of the wheel, in words
SPACE_WORDS = {
    "en": {"almost-uno": "almost UNO, discard all but two cards", "discard-number": "discard a number",
           "discard-color": "discard a colour", "draw-red": "draw until red", "draw-blue": "draw until blue",
           "trade-hands": "every hand passes left", "show-hand": "show the hand"},
    "pt": {"almost-uno": "quase UNO, descarta todas menos duas", "discard-number": "descarta um número",
           "discard-color": "descarta uma cor", "draw-red": "compra até vir vermelho",
           "draw-blue": "compra até vir azul", "trade-hands": "todas as mãos passam à esquerda",
           "show-hand": "mostra a mão"},
}
register_event("spin", ("space",), about="SPIN: the wheel spun, and the space it stopped on",
               tell={"en": lambda w, e: f"{w.s(e.player, 'spins')} the wheel: {SPACE_WORDS['en'][e.space]}",
                     "pt": lambda w, e: f"{w.subj(e.player)} gira a roleta: {SPACE_WORDS['pt'][e.space]}"})
