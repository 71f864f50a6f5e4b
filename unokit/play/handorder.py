"""The hand order the customization guide recommends ("Arranjo das Cartas na Mão", ``000_…txt``).

- number cards in increasing order from left to right; where there are several cards of one number,
  their colours are arranged so that neighbouring cards share a colour as often as possible
  (Yellow 1, Green 1, Yellow 3, Blue 3, Blue 4 are held as Green 1, Yellow 1, Yellow 3, Blue 3, Blue 4);
- coloured action cards beside the biggest group of cards of their colour, but never between two
  cards of the same number (or, as the player prefers, all at the start or the end of the hand);
- Wilds between two cards of different numbers and different colours (or at the start or the end).

:func:`guide_order` takes card codes (``"R7"``) or :class:`~unokit.core.cards.Card` objects and gives them
back in that order, the same objects. Cards outside the classic deck sort as their nearest kind: a
coloured card with no single-digit number as an action card, a card whose code starts with ``W`` as a
Wild.

>>> guide_order(["Y1", "G1", "Y3", "B3", "B4"])            # the guide's example
['G1', 'Y1', 'Y3', 'B3', 'B4']
>>> guide_order(["R5", "GS", "G2", "R1", "W", "G7", "B+2"])
['R1', 'W', 'G2', 'R5', 'G7', 'GS', 'B+2']
>>> guide_order(["R5", "GS", "G2", "R1", "W", "G7"], actions="start", wilds="end")
['GS', 'R1', 'G2', 'R5', 'G7', 'W']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any, cast

__all__ = ["ORDERS", "guide_order", "colour_order", "order_hand", "order_places"]

#: the hand orders a front end may offer: by colour (the usual), or the guide's
ORDERS = ("colour", "guide")
_COLOURS = "RYGBPTOV"
_ACTION_FACES = ("S", "R", "+2")


def _code(card) -> str:
    if isinstance(card, str):
        return card
    code = getattr(card, "code", None)
    return code if code is not None else str(card)


@lru_cache(maxsize=1024)     # (a pure function of a code, asked for dozens of times per hand)
def _kind(code: str) -> tuple[str, str | None, int | None]:
    """('number', colour, n), ('action', colour, None) or ('wild', None, None)."""
    code = code.upper()
    if code.startswith("W") or not code or code[0] not in _COLOURS:
        return "wild", None, None
    if len(code) == 2 and code[1].isdigit():
        return "number", code[0], int(code[1])
    return "action", code[0], None


def _colour_of(card) -> str:
    """The colour letter of a coloured card (a number or an action card; never a wild)."""
    colour = _kind(_code(card))[1]
    assert colour is not None, card
    return colour


def _face_rank(code: str) -> tuple[int, str]:
    face = code[1:]
    return (_ACTION_FACES.index(face) if face in _ACTION_FACES else len(_ACTION_FACES), code)


# A card is ordered as an item: (the card as given, its code, its kind, colour and number: _kind), each read once.
_Item = tuple[Any, str, str, "str | None", "int | None"]


def _items(hand) -> list[_Item]:
    out = []
    for c in hand:
        code = _code(c)
        out.append((c, code, *_kind(code)))
    return out


def _numbers(cards: list[_Item]) -> list[_Item]:
    """Number cards in increasing order, each number's colours arranged to join their neighbours."""
    groups: dict[int, dict[str, list[_Item]]] = {}
    for it in cards:
        col, n = it[3], it[4]
        assert col is not None and n is not None, it     # number cards only: each has its colour and number
        groups.setdefault(n, {}).setdefault(col, []).append(it)
    nums = sorted(groups)
    if all(len(groups[n]) == 1 for n in nums):     # one colour to each number: nothing to arrange
        return [it for n in nums for cards_ in groups[n].values() for it in cards_]
    # dynamic programming over the numbers: the state is the colour the arrangement ends with; a
    # join (the last colour of one number = the first colour of the next) scores 1; among arrangements that
    # join as often, the one closest to the usual colour order (red first: its _prefer rank, kept along).
    # A state is (joins, rank, path); the first best of the states before is taken, a state replaced only by
    # a strictly better one (the order the tests pin).
    best: dict[str, tuple[int, tuple[int, ...], tuple]] = {}      # end colour -> (joins, rank, path)
    first = True
    for n in nums:
        nxt: dict[str, tuple[int, tuple[int, ...], tuple]] = {}
        for perm, rank in _arrangements(tuple(groups[n])):
            cand: tuple[int, tuple[int, ...], tuple]
            if first:
                cand = (0, rank, (perm, None))
            else:
                top = None
                head = perm[0]
                for last, (score, pref, path) in best.items():
                    c = (score + (last == head), pref + rank, path)
                    if top is None or (c[0], c[1]) > (top[0], top[1]):
                        top = c
                assert top is not None
                cand = (top[0], top[1], (perm, top[2]))
            end = perm[-1]
            held = nxt.get(end)
            if held is None or (cand[0], cand[1]) > (held[0], held[1]):
                nxt[end] = cand
        best = nxt
        first = False
    top = None
    for c in best.values():
        if top is None or (c[0], c[1]) > (top[0], top[1]):
            top = c
    assert top is not None
    perms: list[tuple[str, ...]] = []
    link = top[2]
    while link is not None:           # (the path is kept as links back: no list copied at each step)
        perms.append(link[0])
        link = link[1]
    out = []
    for n, perm in zip(nums, reversed(perms)):
        for col in perm:
            out += groups[n][col]
    return out


@lru_cache(maxsize=256)
def _arrangements(cols: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """The orders one number's colours may take (every one, up to four colours), each with its rank among
    arrangements that join as often: the closest to the usual colour order (red first) is the greatest."""
    cols = tuple(sorted(cols, key=_COLOURS.index))
    perms = list(permutations(cols)) if len(cols) <= 4 else [cols]
    return tuple((perm, tuple(-_COLOURS.index(col) for col in perm)) for perm in perms)


def _same_number(a: _Item, b: _Item) -> bool:
    return a[2] == b[2] == "number" and a[4] == b[4]


def _insert_actions(seq: list[_Item], actions: list[_Item]) -> list[_Item]:
    by_colour: dict[str, list[_Item]] = {}
    for it in sorted(actions, key=_action_key):
        by_colour.setdefault(cast(str, it[3]), []).append(it)
    seq = list(seq)
    for colour, cards in by_colour.items():
        # at each place between two cards (never between two cards of one number), how many cards of the
        # colour stand next to it on both sides; beside the biggest group of the colour (the last such
        # place), and with none of it, at the end of the hand
        n = len(seq)
        left = [0] * (n + 1)
        for i, it in enumerate(seq):
            left[i + 1] = left[i] + 1 if it[3] == colour else 0
        right = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            right[i] = right[i + 1] + 1 if seq[i][3] == colour else 0
        at, top = n, 0
        for place in range(n + 1):
            if 0 < place < n and _same_number(seq[place - 1], seq[place]):
                continue
            score = left[place] + right[place]
            if score and score >= top:
                at, top = place, score
        seq[at:at] = cards
    return seq


def _action_key(it: _Item) -> tuple:
    return _COLOURS.index(cast(str, it[3])), _face_rank(it[1])


def _wild_key(it: _Item) -> tuple[int, str]:
    return len(it[1]), it[1]


def _insert_wilds(seq: list[_Item], wilds: list[_Item]) -> list[_Item]:
    """Wilds at the first place between two number cards of different numbers and colours (failing
    that, two coloured cards of different faces and colours; failing that, at the end)."""
    wilds = sorted(wilds, key=_wild_key)
    if not wilds:
        return seq
    for numbers_only in (True, False):
        for at in range(1, len(seq)):
            a, b = seq[at - 1], seq[at]
            if "wild" in (a[2], b[2]) or (numbers_only and "action" in (a[2], b[2])):
                continue
            if a[3] != b[3] and a[1][1:] != b[1][1:]:
                return seq[:at] + wilds + seq[at:]
    return seq + wilds


def guide_order(hand, *, actions: str = "near", wilds: str = "between") -> list:
    """``hand`` in the guide's order. ``actions``: ``"near"`` (beside the biggest group of their colour,
    never between two cards of one number), ``"start"`` or ``"end"``; ``wilds``: ``"between"`` (between
    two cards of different numbers and colours), ``"start"`` or ``"end"``.

    >>> guide_order(["B4", "Y1", "W+4", "G1", "B3", "Y3", "YR"])
    ['G1', 'Y1', 'YR', 'Y3', 'B3', 'B4', 'W+4']
    >>> guide_order(["R7", "G7", "W", "B2"]), guide_order(["R7", "G7", "W", "R2"])   # no place: at the end
    (['B2', 'W', 'R7', 'G7'], ['R2', 'R7', 'G7', 'W'])
    """
    if actions not in ("near", "start", "end") or wilds not in ("between", "start", "end"):
        raise ValueError("actions: near, start or end; wilds: between, start or end")
    return [it[0] for it in _guide(_items(hand), actions, wilds)]


def _guide(items: list[_Item], actions: str = "near", wilds: str = "between") -> list[_Item]:
    numbers = _numbers([it for it in items if it[2] == "number"])
    acts = [it for it in items if it[2] == "action"]
    wild = [it for it in items if it[2] == "wild"]
    if actions == "near":
        seq = _insert_actions(numbers, acts)
    else:
        acts = sorted(acts, key=_action_key)
        seq = acts + numbers if actions == "start" else numbers + acts
    if wilds == "between":
        return _insert_wilds(seq, wild)
    wild_sorted = sorted(wild, key=_wild_key)
    return wild_sorted + seq if wilds == "start" else seq + wild_sorted


def colour_order(hand) -> list:
    """The usual order: by colour (red, yellow, green, blue, then UNO Flip's dark colours, wilds last),
    then number, then action.

    >>> colour_order(["W", "B2", "R7", "R+2", "G0"])
    ['R7', 'R+2', 'G0', 'B2', 'W']
    """
    return [it[0] for it in sorted(_items(hand), key=_colour_key)]


def _colour_key(it: _Item) -> tuple:
    return _colour_rank(it[1])


@lru_cache(maxsize=1024)     # (a pure function of a code)
def _colour_rank(code: str) -> tuple:
    kind, col, n = _kind(code)
    return (_COLOURS.index(col) if col else len(_COLOURS), 0 if kind == "number" else 1,
            n if n is not None else _face_rank(code)[0], code)


def order_places(hand) -> tuple[list[int], list[int]]:
    """The places of ``hand``'s cards (indices into it) in the guide's order (:func:`guide_order`) and by
    colour (:func:`colour_order`); cards alike keep their order in the hand.

    >>> order_places(["B4", "Y1", "W+4", "G1", "B3", "Y3"])      # G1 Y1 Y3 B3 B4 W+4 / Y1 Y3 G1 B3 B4 W+4
    ([3, 1, 5, 4, 0, 2], [1, 5, 3, 4, 0, 2])
    """
    guide, colour = place_tuples(hand)
    return list(guide), list(colour)


def place_tuples(hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`order_places` as tuples: by the compiled core when it is built (a web table orders the hand that
    changed at every action; ``_handorder.h``, proven equal to :func:`_places` by the tests), else by
    :func:`_places`."""
    codes = list(map(_code, hand))
    if _COMPILED is not None:
        got = _COMPILED(codes)
        if got is not None:          # (None: a hand it does not take, e.g. a code that is not ASCII)
            return got
    guide, colour = _places(codes)
    return tuple(guide), tuple(colour)


def _places(codes: list[str]) -> tuple[list[int], list[int]]:
    """:func:`order_places` of a hand of codes, in Python (the statement of both orders)."""
    items = [(i, code, *_kind(code)) for i, code in enumerate(codes)]
    return [it[0] for it in _guide(items)], sorted(range(len(codes)), key=lambda i: _colour_rank(codes[i]))


def _compiled_places():
    """The compiled core's ``hand_places``, handed this module's colours and action faces (None when the core
    is not built)."""
    from ..fast.ccore import _ccore
    if _ccore is None or not hasattr(_ccore, "hand_places"):
        return None
    _ccore.set_hand_order(_COLOURS, _ACTION_FACES)
    return _ccore.hand_places


_COMPILED = _compiled_places()


def order_hand(hand, order: str = "colour") -> list:
    """``hand`` in the named order (:data:`ORDERS`).

    >>> order_hand(["Y3", "B3", "Y1", "G1", "B4"], "guide")
    ['G1', 'Y1', 'Y3', 'B3', 'B4']
    """
    if order == "guide":
        return guide_order(hand)
    if order == "colour":
        return colour_order(hand)
    raise ValueError(f"unknown hand order {order!r}; choose from {', '.join(ORDERS)}")
