"""Validation of set-up positions (``Game.from_position``) and of a table's parameters.

A position is refused with :class:`~unokit.core.errors.PositionError` before any game is built when
no deck could hold it or no hand could reach it:

- hands, discard pile and stock must be card notation (``'R1 G+2'``) or lists of cards;
- 2 to 10 hands; the discard pile is never empty;
- every card belongs to the chosen deck and no card appears more often than the deck holds it
  (so 5 Wilds, 3 red 1s or 109 cards never fit the classic deck);
- ``current`` and ``dealer`` are seats of the table, ``direction`` is ``1`` or ``-1``;
- ``pending`` (a draw total to answer) needs a Draw Two or Wild Draw Four on top, an even total
  at least the top card's draw, at most :data:`MAX_PENDING`;
- ``color`` is a colour (a letter, a name or a :class:`~unokit.core.cards.Color`).

>>> p = check_position(['R1 R2', 'G5'], 'R9', 'Y1 Y2')
>>> [len(h) for h in p.hands], p.top.code, p.color.name
([2, 1], 'R9', 'RED')
>>> check_position(['W W W', 'W W'], 'R9')
Traceback (most recent call last):
...
unokit.core.errors.PositionError: the position holds 5 x W but the classic deck has 4
>>> check_position(['R1', 'G5'], 'R9', pending=2)
Traceback (most recent call last):
...
unokit.core.errors.PositionError: pending=2 needs a Draw Two or Wild Draw Four on top of the discard pile, not R9
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.cards import Card, Color, parse_cards
from ..core.decks import DECKS, build_deck, deck_counts
from ..core.errors import NotationError, PositionError, RuleCodeError

__all__ = ["Position", "check_position", "check_table", "MAX_PLAYERS", "MAX_DECKS", "MAX_PENDING"]

MAX_PLAYERS = 10          # per deck (Game: 2 to 10 players with one deck)
MAX_DECKS = 10            # decks shuffled together
MAX_PENDING = 1000        # a draw total far beyond any real stack (REVENGE doubles; DED claims add)


class Position(NamedTuple):
    """A checked position: cards parsed, values normalised (``stock`` top card first)."""

    hands: list[list[Card]]
    discard: list[Card]
    stock: list[Card]
    current: int
    direction: int
    color: Color
    pending: int
    dealer: int | None

    @property
    def top(self) -> Card:
        return self.discard[-1]


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _tname(x: object) -> str:
    return "None" if x is None else type(x).__name__


def _cards(value: object, what: str) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if not isinstance(value, (str, list, tuple)):
        raise PositionError(f"{what} must be card notation such as 'R1 G+2' or a list of cards, "
                            f"not {_tname(value)}")
    try:
        return parse_cards(value)
    except NotationError as e:
        raise PositionError(f"{what}: {e}") from None


# (the checks take Any: they judge values of any type a caller passes, before anything trusts them)
def check_table(players: Any, *, deck: Any = "classic", decks: Any = 1, enforcement: Any = "strict",
                dealer: Any = None, seed: Any = None, include_blanks: Any = False) -> None:
    """Refuse (:class:`PositionError`) table parameters of the wrong type or out of range, as
    ``Game.new`` takes them; nothing is built, so a huge number cannot make it hang.

    >>> check_table(4, decks=10**6)
    Traceback (most recent call last):
    ...
    unokit.core.errors.PositionError: decks must be a whole number from 1 to 10, got 1000000
    """
    if not _is_int(decks) or not 1 <= decks <= MAX_DECKS:
        raise PositionError(f"decks must be a whole number from 1 to {MAX_DECKS}, got {_shown(decks)}")
    if not _is_int(players) or not 2 <= players <= MAX_PLAYERS * decks:
        raise PositionError(f"UNO is for 2 to {MAX_PLAYERS * decks} players with {decks} deck(s); "
                            f"got {_shown(players)}")
    if not isinstance(deck, str) or deck not in DECKS:
        raise PositionError(f"unknown deck {_shown(deck)}; choose one of {', '.join(sorted(DECKS))}")
    if not isinstance(enforcement, str) or enforcement not in ("strict", "table"):
        raise PositionError(f"enforcement must be 'strict' or 'table', got {_shown(enforcement)}")
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < players):
        raise PositionError(f"dealer must be a seat 0-{players - 1} or None, got {_shown(dealer)}")
    if seed is not None and not _is_int(seed):
        raise PositionError(f"seed must be a whole number or None, not {_tname(seed)}")
    if not isinstance(include_blanks, bool):
        raise PositionError(f"include_blanks must be True or False, not {_tname(include_blanks)}")


def _shown(x: Any) -> str:
    if _is_int(x):
        return str(x) if abs(x) < 10**12 else "a huge number"
    if isinstance(x, str):
        return repr(x if len(x) <= 40 else x[:40] + "...")
    return f"a {_tname(x)}"


def check_position(hands: Any, discard: Any, stock: Any = (), *, rules: Any = None, current: Any = 0,
                   direction: Any = 1, color: Any = None, pending: Any = 0, enforcement: Any = "strict",
                   dealer: Any = None, seed: Any = 0, deck: Any = "classic", decks: Any = 1,
                   blanks: Any = "") -> Position:
    """Check a position for ``Game.from_position`` and return it parsed; raise
    :class:`PositionError` naming the first problem. ``decks``: copies of ``deck`` the cards come
    from (``Game.from_position`` plays one); ``blanks``: the rules written on its blank cards (the
    table parameter ``blanks=``). ``rules`` is not looked at (``RuleSet.parse`` checks it)."""
    if not isinstance(hands, (list, tuple)):
        raise PositionError(f"hands must be a list with one hand per seat, not {_tname(hands)}")
    n = len(hands)
    check_table(n, deck=deck, decks=decks, enforcement=enforcement)
    parsed = [_cards(h, f"hand {i}") for i, h in enumerate(hands)]
    pile = _cards(discard, "discard")
    if not pile:
        raise PositionError("the discard pile is never empty: give at least its top card, e.g. discard='R9'")
    stk = _cards(stock, "stock")
    if seed is not None and not _is_int(seed):
        raise PositionError(f"seed must be a whole number or None, not {_tname(seed)}")
    # every card from the deck, no card more often than the deck holds it
    have = deck_counts([c for h in parsed for c in h] + pile + stk)
    try:
        full = deck_counts(build_deck(deck, decks, include_blanks=True, blanks=blanks))
    except RuleCodeError as e:
        raise PositionError(str(e)) from None
    what = f"the {deck} deck" if decks == 1 else f"{decks} {deck} decks"
    for code, k in sorted(have.items()):
        if k > full.get(code, 0):
            if not full.get(code):
                raise PositionError(f"{what} have no {code}" if decks > 1 else f"{what} has no {code}")
            raise PositionError(f"the position holds {k} x {code} but {what} {'have' if decks > 1 else 'has'} "
                                f"{full[code]}")
    # seats, direction
    if not _is_int(current) or not 0 <= current < n:
        raise PositionError(f"current must be a seat 0-{n - 1} of the {n}-player table, got {_shown(current)}")
    if not _is_int(direction) or direction not in (1, -1):
        raise PositionError(f"direction must be 1 (clockwise) or -1, got {_shown(direction)}")
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < n):
        raise PositionError(f"dealer must be a seat 0-{n - 1} or None, got {_shown(dealer)}")
    # colour in play
    top = pile[-1]
    if color is None:
        col = top.color if top.color is not None else Color.RED
    elif isinstance(color, Color):
        col = color
    elif isinstance(color, str):
        try:
            col = Color.parse(color)
        except NotationError as e:
            raise PositionError(f"color: {e}") from None
    else:
        raise PositionError(f"color must be R, Y, G, B (or a Color), not {_tname(color)}")
    # a pending draw total needs a draw card on top
    if not _is_int(pending) or not 0 <= pending <= MAX_PENDING:
        raise PositionError(f"pending must be a whole number of cards from 0 to {MAX_PENDING}, got {_shown(pending)}")
    if pending:
        if not top.draw:
            raise PositionError(f"pending={pending} needs a Draw Two or Wild Draw Four on top of the discard "
                                f"pile, not {top.code}")
        if pending < top.draw or (pending % 2 and not top.draw % 2):   # (Flip: +1, +5)
            raise PositionError(f"pending={pending} does not fit the {top.code} on top: a draw total is even "
                                f"(Flip's odd draw cards aside) and at least {top.draw}")
    return Position(parsed, pile, stk, current, direction, col, pending, dealer)

