"""FLIP: UNO Flip (003 §UNO Flip), played as ``UNO FLIP``.

Every card has two sides (:class:`unokit.core.cards.FlipCard`): the game starts on the light side and a
Flip card turns the whole table over. The deck list is :data:`unokit.core.decks.FLIP_LIGHT` and
:data:`unokit.core.decks.FLIP_DARK` (112 cards, each side). What each card does, stated once here:

==========  ============================================================================================
``R+1``     light Draw One: the next player draws 1 and loses the turn (it replaces the Draw Two)
``W+2``     light Wild Draw Two: names a colour, the next player draws 2 and loses the turn; legal only
            without a card of the colour in play, and challengeable as a Wild Draw Four is
``RF``      Flip (both sides): everything turns over: each hand, the draw pile and the discard pile
``P+5``     dark Draw Five: the next player draws 5 and loses the turn
``PSA``     dark Skip Everyone: every other player is skipped, its player plays again
``WDC``     dark Wild Draw Colour: names a colour; the next player draws until a card of that colour
            comes, and loses the turn; restricted and challengeable as a Wild Draw Four (a bluff: its
            player draws until the colour; a wrong challenge: the challenger draws until it, plus 2)
==========  ============================================================================================

The dark side has colours of its own (pink, teal, orange, violet: :data:`unokit.core.cards.DARK_COLORS`);
a wild names a colour of the side in play (:attr:`unokit.engine.game.Game.colors`). Each side scores its own
points (:data:`unokit.core.decks.FLIP_POINTS`): the side in play when the hand ends counts.

Players hold their cards so that they see the side in play and the others see the backs: a seat's
view shows its own hand's side in play only, and every other hand's backs, and the back of the
draw pile's top card (:func:`unokit.engine.view.view_of`). Every choice the seed leaves open is listed in
``docs/rules/FLIP.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Play
from ...core.cards import COLORS, DARK_COLORS, Card, Face, FlipCard
from ...core.events import register_event
from ...core.official import WRONG_CHALLENGE_EXTRA, Effect, FirstCard, first_card
from ..base import HouseRule, TurnChange
from . import Edition

if TYPE_CHECKING:
    from ...engine.game import Game

__all__ = ["EDITION", "Flip", "side", "flip_table"]

LIGHT, DARK = "light", "dark"


def _first(card: Card) -> FirstCard:
    """The first card (always light): a Draw One makes the first player draw 1 and lose the turn; a
    Flip does nothing (the game stays light); the Wild Draw Two goes back (as a Wild Draw Four)."""
    if card.face == Face.DRAW_ONE:
        return FirstCard(draw=1)
    if card.face == Face.FLIP:
        return FirstCard()
    return first_card(card)


EDITION = Edition(
    code="FLIP", deck="flip", players=(2, 10), doc="docs/rules/FLIP.md", double_sided=True,
    name="UNO Flip (112 double-sided cards, light and dark sides)",
    name_pt="UNO Flip (112 cartas de dois lados: lado claro e lado escuro)",
    first_card=_first,
    effects={
        Face.DRAW_ONE: Effect(draw=1),
        Face.FLIP: Effect(),                       # the table turns over (Flip.on_play)
        Face.WILD_DRAW_TWO: Effect(draw=2, names_color=True, challengeable=True),
        Face.DRAW_FIVE: Effect(draw=5),
        Face.SKIP_ALL: Effect(advance=0),          # the turn comes back to its player
        # one card at least, then on until the colour named (Flip.after_penalty, after_challenge)
        Face.WILD_DRAW_COLOR: Effect(draw=1, names_color=True, challengeable=True),
    })


def side(game: Game) -> str:
    """The side in play: ``"light"`` or ``"dark"``."""
    now: str = game.rule_state.get("FLIP", LIGHT)
    return now


def _turned(card: Card) -> FlipCard:
    """A card of the piles turned over (UNO Flip's piles hold double-sided cards)."""
    assert isinstance(card, FlipCard)
    return card.flipped


def flip_table(game: Game, player: int) -> None:
    """Turn everything over: each hand in place, the draw pile and the discard pile as whole piles (the
    bottom card of each comes to the top, showing its other side). The new top card is in play for
    matching only; its effect does not happen. When it is a wild, the next player names the colour. The
    cards under it show sides nobody has seen: views leave them out (``Game.discard_unseen``)."""
    for hand in game.hands:
        hand[:] = [_turned(c) for c in hand]
    game.stock = [_turned(c) for c in reversed(game.stock)]
    game.discard = [_turned(c) for c in reversed(game.discard)]
    game.discard_unseen = len(game.discard) - 1   # the pile's other sides were face down: only its top shows
    now = DARK if side(game) == LIGHT else LIGHT
    game.rule_state["FLIP"] = now
    game.set_colors(DARK_COLORS if now == DARK else COLORS)
    top = game.discard[-1]
    if top.color is not None:
        game.color = top.color
    else:
        game.color = game.colors[0]          # until the next player names one
        game.rule_state["FLIP-ask"] = True
    game.emit("flip", player, now, top)


class Flip(HouseRule):
    """The Flip card, the Wild Draw Colour's drawing, and a wild turned up by a flip."""

    code = "FLIP"

    def view_extras(self, game: Game, seat: int) -> dict[str, Any]:
        return {"side": side(game)}      # the side in play, for every seat to see

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        top = play.cards[-1]
        if top.face == Face.FLIP:
            flip_table(game, p)
        elif top.face == Face.WILD_DRAW_COLOR:
            game.rule_state["FLIP-until"] = play.color
        return None

    def on_turn_start(self, game: Game, seat: int) -> None:
        if game.rule_state.pop("FLIP-ask", None) and not game.over:
            game.ask_color(game.current)

    def after_penalty(self, game: Game, player: int, cards: Sequence[Card]) -> Sequence[Card]:
        until = game.rule_state.pop("FLIP-until", None)
        if until is not None and not (cards and cards[-1].color is until):
            game.draw_until(player, until)
        return ()

    def after_challenge(self, game: Game, challenger: int, challenged: int, guilty: bool) -> None:
        until = game.rule_state.pop("FLIP-until", None)
        if until is None:
            return
        # the bluffer draws until the colour; a wrong challenger until the colour and then 2 more: the
        # cards already drawn (1, or 1 + 2) count towards it
        drawer, extra = (challenged, 0) if guilty else (challenger, WRONG_CHALLENGE_EXTRA)
        hand = game.hands[drawer]
        got = list(hand[len(hand) - 1 - extra:])
        first = next((i for i, c in enumerate(got) if c.color is until), None)
        while first is None or len(got) < first + 1 + extra:
            if not game.draw_cards(drawer, 1):
                break
            got.append(hand[-1])
            if first is None and hand[-1].color is until:
                first = len(got) - 1


# ---------------------------------------------------------------------- the event FLIP emits, told
register_event("flip", ("side", "top"),
               about="FLIP: the table turned over: the side now in play and the card now on top", tracking="new-cards",
               tell={"en": lambda w, e: f"{w.s(e.player, 'flips')} everything over: the {e.side} side is in play, "
                                        f"{w.card(e.top)} on top",
                     "pt": lambda w, e: f"{w.subj(e.player)} vira tudo: agora vale o lado "
                                        f"{'escuro' if e.side == 'dark' else 'claro'}, com {w.card(e.top)} em cima"})
