"""FLEX: UNO Flex (003 §UNO Flex), played as ``UNO FLEX``.

Each player has a **power card**, green (the flex side of a card may be used) or red (it may not).
A flex card has a regular side and a flex side; its player uses the flex side by naming the card's
*flexed* face (``RSX*`` for the Flex Skip), which the referee takes from the physical card
(:data:`EDITION`'s ``uses``); the card lands on the pile as its regular face, so the next player
matches that. What each card does, stated once here:

=============  ============================================================================================
``R2Y``        a red 2 with yellow as its flex colour; flexed (``R2Y*``, a yellow 2) it is played on
               yellow, and red is the colour in play after it
``R1F``        a 1 with the flip mark: its player's power card turns over (green to red or back)
``RSX``        Skip; flexed (``RSX*``): Skip Everyone, its player plays again
``RRX``        Reverse; flexed (``RRX*``): Reverse, then the first player in the new direction is skipped
``R+2X``       Draw Two; flexed (``R+2X*``): every other player draws 1
``WF2``        Wild; flexed (``WF2*``): names a colour, and a player chosen draws 2
``WFA``        Wild; flexed (``WFA*``): names a colour, and every other player draws 2
``W+4F``       Wild Draw Four; flexed (``W+4F*``): names a colour, and a player chosen draws 4
``WAF``        Wild All Flip: names a colour, and every power card turns over
=============  ============================================================================================

Using a flex side turns its player's power card red; when every power card is red, they all turn
green again. The power cards are public (:attr:`unokit.engine.view.PlayerView.powers`). Flex cards score as
their regular side; Wild All Flip 50. Every choice the seed leaves open is listed in
``docs/rules/FLEX.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Play
from ...core.cards import COLORS, FLEX_NUMBER, FLEXED_NUMBER, MARKED_NUMBER, Card, Face
from ...core.events import register_event
from ...core.official import Effect, FirstCard
from ..base import HouseRule, Target, TurnChange
from . import Edition

if TYPE_CHECKING:
    from ...engine.game import Game
    from . import FaceEffect

__all__ = ["EDITION", "Flex", "powers", "FLEXED", "PHYSICAL"]

#: the flexed faces of the action cards and wilds -> the physical card's face
_FLEXED_OF = {Face.FLEXED_SKIP: Face.FLEX_SKIP, Face.FLEXED_REVERSE: Face.FLEX_REVERSE,
              Face.FLEXED_DRAW_TWO: Face.FLEX_DRAW_TWO, Face.FLEXED_WILD_TARGET: Face.FLEX_WILD_TARGET,
              Face.FLEXED_WILD_ALL: Face.FLEX_WILD_ALL, Face.FLEXED_WILD_DRAW_FOUR: Face.FLEX_WILD_DRAW_FOUR}
_NUMBER_FACE = {k: f for f, k in FLEX_NUMBER.items()}


def _physical(card: Card) -> Card:
    """The physical card whose flex side ``card`` (a flexed face) is."""
    if card.face in FLEXED_NUMBER:   # a yellow 2 played from the red 2 whose flex colour is yellow
        assert card.color is not None and card.number is not None
        return Card.of(COLORS[(card.color - 1) % 4], _NUMBER_FACE[card.number])
    return Card.of(card.color, _FLEXED_OF[Face(card.face)])


#: every flexed face -> the physical card it is played from, and back
PHYSICAL: dict[Card, Card] = {c: _physical(c) for c in Card.ALL if c.face in FLEXED_NUMBER or c.face in _FLEXED_OF}
FLEXED: dict[Card, Card] = {p: c for c, p in PHYSICAL.items()}
_TARGETED: dict[int, int] = {Face.FLEXED_WILD_TARGET: 2, Face.FLEXED_WILD_DRAW_FOUR: 4}
_EVERYONE: dict[int, int] = {Face.FLEXED_DRAW_TWO: 1, Face.FLEXED_WILD_ALL: 2}


def _reverse(skip: bool) -> Callable[[int], Effect]:
    """A Reverse (with two players a Skip), and the flexed one: Reverse, then a skip."""
    def fx(seats: int) -> Effect:
        if seats == 2:
            return Effect(advance=2)
        return Effect(reverse=True, advance=2 if skip else 1)
    return fx


def _first(card: Card) -> FirstCard:
    """003's Flex leaflet: an action card or a wild turned first is put back and another turned."""
    return FirstCard(returned=card.number is None)


_EFFECTS: dict[int, FaceEffect] = {f: Effect() for f in (*FLEX_NUMBER, *FLEXED_NUMBER, *MARKED_NUMBER)}
_EFFECTS.update({
    Face.FLEX_SKIP: Effect(advance=2), Face.FLEX_REVERSE: _reverse(False), Face.FLEX_DRAW_TWO: Effect(draw=2),
    Face.FLEXED_SKIP: Effect(advance=0), Face.FLEXED_REVERSE: _reverse(True), Face.FLEXED_DRAW_TWO: Effect(),
    Face.FLEX_WILD_TARGET: Effect(names_color=True), Face.FLEX_WILD_ALL: Effect(names_color=True),
    Face.FLEX_WILD_DRAW_FOUR: Effect(draw=4, names_color=True, challengeable=True),
    Face.WILD_ALL_FLIP: Effect(names_color=True),
    Face.FLEXED_WILD_TARGET: Effect(names_color=True), Face.FLEXED_WILD_ALL: Effect(names_color=True),
    Face.FLEXED_WILD_DRAW_FOUR: Effect(names_color=True),
})

EDITION = Edition(
    code="FLEX", deck="flex", players=(2, 8), doc="docs/rules/FLEX.md", uses=PHYSICAL,
    name="UNO Flex (104 cards and a power card each, 2-8 players)",
    name_pt="UNO Flex (104 cartas e uma carta de poder para cada um, 2-8 jogadores)",
    first_card=_first, effects=_EFFECTS)


def powers(game: Game) -> tuple[bool, ...]:
    """Each seat's power card: ``True`` green (it may use a flex side), ``False`` red."""
    return game.rule_state.get("FLEX") or (True,) * game.n


class Flex(HouseRule):
    """The power cards, the flex sides' effects, the flip mark and Wild All Flip."""

    code = "FLEX"

    def setup(self, game: Game) -> None:
        game.rule_state["FLEX"] = (True,) * game.n

    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:
        return {"powers": powers(game)}     # every seat's power card is on the table for all to see

    def play_problem(self, game: Game, play: Play) -> str | None:
        if any(c in PHYSICAL for c in play.cards) and not powers(game)[play.player]:
            return "your power card is red: the flex side of a card cannot be used now (FLEX)"
        return None

    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        if cards[-1].face in _TARGETED:
            return [q for q in game.active if q != p]
        return []

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        top = play.cards[-1]
        f = top.face
        power = list(powers(game))
        if top in PHYSICAL:
            power[p] = False
            if f in FLEXED_NUMBER:      # the colour in play is the card's own (its primary colour)
                color = PHYSICAL[top].color
                assert color is not None   # (a number card has a colour)
                game.color = color
        elif f in MARKED_NUMBER:
            power[p] = not power[p]
        elif f == Face.WILD_ALL_FLIP:
            power = [not x for x in power]
        live = [power[q] for q in game.active]
        if not any(live):               # every power card red: all turn green
            power = [True] * game.n
        if tuple(power) != powers(game):
            game.rule_state["FLEX"] = tuple(power)
            game.emit("power", p, "".join("G" if x else "R" for x in power))
        if f in _TARGETED and play.target is not None:
            game.draw_cards(play.target, _TARGETED[f])
        elif f in _EVERYONE:
            for q in game.active:
                if q != p:
                    game.draw_cards(q, _EVERYONE[f])
        return None


# ---------------------------------------------------------------------- the event FLEX emits, told
def _powers(w: Any, marks: str) -> str:   # (the narrator's words: core.events' ``tell`` hands them untyped)
    """The power cards, 'You green, Bob red, ...'."""
    words = {"en": ("green", "red"), "pt": ("verde", "vermelha")}[w.lang]
    return ", ".join(f"{w.subj(s)} {words[m != 'G']}" for s, m in enumerate(str(marks)))


register_event("power", ("cards",), about="FLEX: power cards turned: each seat's now, G green or R red",
               tell={"en": lambda w, e: f"power cards now: {_powers(w, e.cards)}",
                     "pt": lambda w, e: f"cartas de poder agora: {_powers(w, e.cards)}"})
