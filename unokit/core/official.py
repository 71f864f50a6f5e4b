"""The official rules of UNO, stated once.

This module is the single statement of the facts of the official game (``UNO 1121`` and its
ambiguity options, no house rule): which card may be played, what each face does, the first-card
effects, the penalties and the scoring. It has two faces:

- a **Card-level API** (:func:`matches`, :func:`effect`, :func:`effect_of`, :func:`first_card`,
  :func:`wild_draw_four_legal`, :func:`challenge_penalty`, :func:`card_points`, :func:`hand_points`,
  :func:`score`), written to be read, for the referee (:mod:`unokit.engine.game`) and the bots. The referee
  reads its card effects, first card and scoring here, and house rules change them through their
  hooks;
- **integer tables** for the fast core (:mod:`unokit.fast`), indexed by ``Card.index`` (0-51 the
  coloured cards, colour ``c // 13`` and face ``c % 13``; 52 the Wild, 53 the Wild Draw Four). They
  are computed at import *by calling the Card-level functions on every card*, so the fast core does
  not restate a rule: it looks the answer up.

It imports only :mod:`unokit.core.cards` and :mod:`unokit.core.decks`, so every other module may import it.

>>> r7, g7, gs = Card.parse('R7'), Card.parse('G7'), Card.parse('GS')
>>> matches(g7, r7, Color.RED), matches(gs, r7, Color.RED), matches(Card.parse('W+4'), r7, Color.RED)
(True, False, True)
>>> effect(Card.parse('BR'), players=2), effect(Card.parse('BR'), players=3).reverse
(Effect(advance=2, reverse=False, draw=0, names_color=False, challengeable=False), True)
>>> effect_of(Card.parse('Y+2'), 4).draw, effect_of(Card.parse('WX'), 4)
(2, None)
>>> first_card(Card.parse('W+4')).returned, first_card(Card.parse('Y+2')).draw
(True, 2)
>>> challenge_penalty(guilty=True), challenge_penalty(guilty=False)
(4, 6)
>>> PLAYABLE[Color.RED * FACES + 7][g7.index], POINTS[gs.index], TURN[True][Card.parse('RR').index]
(True, 20, (2, False))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from .cards import COLORS, Card, Color, Face
from .decks import build_deck

__all__ = [
    # the game
    "DECK", "HAND_SIZE", "MIN_PLAYERS", "MAX_PLAYERS", "classic_deck",
    # Card-level API
    "matches", "Effect", "effect", "effect_of", "FirstCard", "first_card", "wild_draw_four_legal", "is_bluff",
    "MISSED_UNO", "BLUFF_PENALTY", "WRONG_CHALLENGE_EXTRA", "challenge_penalty", "BLUFF_OPTIONS",
    "card_points", "hand_points", "score",
    # integer tables
    "NCARDS", "WILD", "WILD_DRAW_FOUR", "FACES", "CARDS", "COLOR_OF", "FACE_OF", "NUMBER_OF", "POINTS",
    "DRAW_OF", "PLAYABLE", "TURN", "FIRST", "DECK_IDS", "holds_color",
]

# ============================================================================ the game
DECK = "classic"          #: the official deck: per colour one 0, two each of 1-9, Skip, Reverse, Draw Two; 4 W, 4 W+4
HAND_SIZE = 7             #: cards dealt to each player
MIN_PLAYERS, MAX_PLAYERS = 2, 10   #: players at one table with one deck


def classic_deck() -> list[Card]:
    """The 108 cards of the official deck, in the referee's order before shuffling."""
    return build_deck(DECK)


# ============================================================================ matching
def matches(card: Card, top: Card, color: Color) -> bool:
    """May ``card`` be played on the pile whose top card is ``top`` with ``color`` in play?

    It may when it is a Wild (any time: its player names the colour), has the colour in play (for a
    Wild on top, the colour named for it), or shows the same number or symbol as the top card.
    """
    return card.is_wild or card.color == color or card.symbol == top.symbol


# ============================================================================ effects
class Effect(NamedTuple):
    """What playing one card does to the turn, under the official rules.

    ``advance``: seats the turn moves on, in the direction of play *after* the card (1: the next
    player; 2: the next player is skipped). ``reverse``: the direction of play changes.
    ``draw``: the next player faces a draw of this many cards: draws them (or challenges a Wild
    Draw Four) and loses the turn; if the card was its player's last, the hand ends once they are
    drawn. ``names_color``: its player names the colour in play. ``challengeable``: the player who
    must draw may challenge it (:func:`wild_draw_four_legal`).
    """

    advance: int = 1
    reverse: bool = False
    draw: int = 0
    names_color: bool = False
    challengeable: bool = False


def effect(card: Card, players: int) -> Effect:
    """The official effect of playing ``card`` alone, at a table of ``players``.

    - a number: none, the next player plays;
    - Skip: the next player loses the turn;
    - Reverse: the direction of play changes; with two players it acts as a Skip (its player plays
      again; the direction is left as it is);
    - Draw Two: the next player draws 2 and loses the turn;
    - Wild: its player names the colour;
    - Wild Draw Four: its player names the colour, the next player draws 4 and loses the turn, and
      may challenge it first.

    The other editions' wilds (Wild Swap Hands, Shuffle Hands, Ohana, blank) are not in the
    official deck and raise ``ValueError``.
    """
    f = card.face
    if card.number is not None:
        return Effect()
    if f == Face.SKIP:
        return Effect(advance=2)
    if f == Face.REVERSE:
        return Effect(advance=2) if players == 2 else Effect(reverse=True)
    if f == Face.DRAW_TWO:
        return Effect(draw=2)
    if f == Face.WILD:
        return Effect(names_color=True)
    if f == Face.WILD_DRAW_FOUR:
        return Effect(draw=4, names_color=True, challengeable=True)
    raise ValueError(f"{card.code} is not a card of the official deck")


# effect() for each face of the official deck, at a table of more than two players and of two
_EFFECT_BY_FACE: tuple[dict[int, Effect], ...] = tuple(
    {c.face: effect(c, 2 if two else 3) for c in classic_deck()} for two in (False, True))


def effect_of(card: Card, players: int) -> Effect | None:
    """:func:`effect`, looked up (the referee asks it for every play), or ``None`` for a card the
    official deck does not hold (another edition's wild: Swap Hands, Shuffle Hands, Ohana, blank),
    whose effect its deck defines."""
    return _EFFECT_BY_FACE[players == 2].get(card.face)


class FirstCard(NamedTuple):
    """What the first card turned from the stock does (the same rules as when it is played).

    ``returned``: the card goes back into the stock, which is reshuffled, and another card is turned.
    ``starter``: who plays first, counted from the dealer in the dealing direction (1: the player
    left of the dealer; 0: the dealer; 2: the player after that one). ``reverse``: the direction of
    play changes. ``draw``: the first player must draw this many and loses the turn. ``names_color``:
    the first player names the colour, then plays.
    """

    returned: bool = False
    starter: int = 1
    reverse: bool = False
    draw: int = 0
    names_color: bool = False


def first_card(card: Card) -> FirstCard:
    """The official first-card rule for ``card``.

    Draw Two: the first player draws 2 and loses the turn. Reverse: the dealer plays first and play
    goes the other way. Skip: the player left of the dealer is skipped. Wild: the player left of the
    dealer names the colour. Wild Draw Four (and any wild of another edition): returned, the stock
    reshuffled, another card turned. A number: nothing.
    """
    f = card.face
    if card.is_wild and f != Face.WILD:
        return FirstCard(returned=True)
    if f == Face.DRAW_TWO:
        return FirstCard(draw=2)
    if f == Face.REVERSE:
        return FirstCard(starter=0, reverse=True)
    if f == Face.SKIP:
        return FirstCard(starter=2)
    if f == Face.WILD:
        return FirstCard(names_color=True)
    return FirstCard()


# ============================================================================ Wild Draw Four and penalties
def wild_draw_four_legal(rest_of_hand: Iterable[Card], color: Color, wilds: bool = False) -> bool:
    """A Wild Draw Four is legal only when its player holds no other card of the colour in play
    (``rest_of_hand``: the hand without the card played). Wilds have no colour; ``wilds``: a Wild held
    counts as a matching card too (WILDMATCH, the Ohana sheet 002: "As cartas Curingas também são
    consideradas correspondentes"). The referee never refuses one: a bluff is judged only if the next
    player challenges it.

    >>> from unokit.core.cards import parse_cards
    >>> wild_draw_four_legal(parse_cards('G5 W'), Color.RED), wild_draw_four_legal(parse_cards('G5 W'), Color.RED, True)
    (True, False)
    """
    return not any(c.color == color or (wilds and c.is_wild) for c in rest_of_hand)


def is_bluff(rest_of_hand: Iterable[Card], color: Color, wilds: bool = False) -> bool:
    """The Wild Draw Four was a bluff (the negation of :func:`wild_draw_four_legal`)."""
    return not wild_draw_four_legal(rest_of_hand, color, wilds)


MISSED_UNO = 2
"""Cards drawn by a player caught holding one card without having said UNO (before the next player starts)."""

BLUFF_PENALTY = 4
"""A challenged Wild Draw Four that was a bluff: its player draws 4, and the challenger draws nothing
and plays the turn normally."""

WRONG_CHALLENGE_EXTRA = 2
"""A challenged Wild Draw Four that was legal: the challenger draws the 4 plus 2 and loses the turn."""

BLUFF_OPTIONS = {
    1: "the Wild Draw Four stays on the pile with the colour its player named",
    2: "the Wild Draw Four goes back to the bluffer's hand and the colour before it is in play again "
       "(unless it is the only card of the pile)",
}
"""What becomes of a bluff caught by a challenge, by ambiguity digit D (``RuleSet.bluff``)."""


def challenge_penalty(guilty: bool, pending: int = 4) -> int:
    """Cards drawn after a challenge of a Wild Draw Four that made ``pending`` cards due: the bluffer
    draws :data:`BLUFF_PENALTY` when ``guilty``; otherwise the challenger draws ``pending`` plus
    :data:`WRONG_CHALLENGE_EXTRA` (6 for one card)."""
    return BLUFF_PENALTY if guilty else pending + WRONG_CHALLENGE_EXTRA


# ============================================================================ scoring
def card_points(card: Card) -> int:
    """A card's points in the official scoring: number cards their face value, Skip / Reverse / Draw
    Two 20, Wilds 50. The values are defined once, on the card (:attr:`unokit.core.cards.Card.points`)."""
    return card.points


def hand_points(cards: Iterable[Card]) -> int:
    """The points of the cards left in a hand."""
    return sum(c.points for c in cards)


def score(hands: Iterable[Sequence[Card]], winner: int,
          points: Callable[[Sequence[Card]], int] = hand_points) -> int:
    """What the player who went out scores: the points left in every other hand. ``points``: the
    points of one hand (:func:`hand_points`; the referee passes its own when a deck or a house rule
    scores differently)."""
    return sum(points(h) for s, h in enumerate(hands) if s != winner)


# ============================================================================ integer tables (fast core)
# Cards are ``Card.index``: the classic deck's 54 distinct cards come first in Card.ALL.
NCARDS = 54
WILD, WILD_DRAW_FOUR = 52, 53
FACES = 15                                  #: faces 0-9, 10 Skip, 11 Reverse, 12 Draw Two, 13 Wild, 14 Wild Draw Four
CARDS: tuple[Card, ...] = tuple(Card.ALL[:NCARDS])
assert all(c.index == i for i, c in enumerate(CARDS))
assert {c.code for c in CARDS} == {c.code for c in classic_deck()}
assert CARDS[WILD].face == Face.WILD and CARDS[WILD_DRAW_FOUR].face == Face.WILD_DRAW_FOUR
assert all(c.face == i % 13 and c.color == i // 13 for i, c in enumerate(CARDS[:WILD]))

COLOR_OF = tuple(int(c.color) if c.color is not None else -1 for c in CARDS)   #: colour 0-3 (R Y G B), -1 wild
FACE_OF = tuple(int(c.face) for c in CARDS)                                     #: face 0-14
NUMBER_OF = tuple(c.number or 0 for c in CARDS)   #: the number for the dealer draw (actions and wilds count 0)
POINTS = tuple(card_points(c) for c in CARDS)      #: card_points
DRAW_OF = tuple(effect(c, 3).draw for c in CARDS)  #: cards the next player must draw (0, 2 or 4)
DECK_IDS = tuple(c.index for c in classic_deck())  #: the official deck as ids, in the referee's order

# a card with each face, to stand for the top of the pile (matching reads only the top card's face)
_TOP_OF_FACE = tuple(CARDS[f] if f < 13 else CARDS[WILD + f - 13] for f in range(FACES))

#: ``PLAYABLE[color * FACES + face of the top card][card]``: :func:`matches`, for every colour in play,
#: every top face and every card
PLAYABLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(matches(c, _TOP_OF_FACE[f], COLORS[col]) for c in CARDS)
    for col in range(4) for f in range(FACES))

#: ``TURN[players == 2][card] = (advance, reverse)``: :func:`effect`'s turn movement. The next seat is
#: ``(seat + advance * d) % players`` where ``d`` is the direction after the card (``-d`` when reverse).
TURN: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple((effect(c, 2 if two else 3).advance, effect(c, 2 if two else 3).reverse) for c in CARDS)
    for two in (False, True))
assert all(TURN[False][c] == (effect(CARDS[c], n).advance, effect(CARDS[c], n).reverse)
           for c in range(NCARDS) for n in range(3, MAX_PLAYERS + 1))  # the same for 3 to 10 players

#: ``FIRST[card]``: :func:`first_card`
FIRST: tuple[FirstCard, ...] = tuple(first_card(c) for c in CARDS)


def holds_color(hand_ids: Iterable[int], color: int) -> bool:
    """Does a hand of card ids hold a card of colour ``color`` (0-3)? ``not holds_color(rest, color)``
    is :func:`wild_draw_four_legal` on ids."""
    return color in map(COLOR_OF.__getitem__, hand_ids)
