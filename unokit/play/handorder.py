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

__all__ = ["ORDERS", "guide_order", "colour_order", "order_hand"]

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


def _numbers(cards: list) -> list:
    """Number cards in increasing order, each number's colours arranged to join their neighbours."""
    groups: dict[int, dict[str, list]] = {}
    for c in cards:
        _, col, n = _kind(_code(c))
        assert col is not None and n is not None, c     # number cards only: each has its colour and number
        groups.setdefault(n, {}).setdefault(col, []).append(c)
    nums = sorted(groups)
    if not nums:
        return []
    # dynamic programming over the numbers: the state is the colour the arrangement ends with; a
    # join (the last colour of one number = the first colour of the next) scores 1
    def arrangements(n):
        cols = sorted(groups[n], key=_COLOURS.index)
        return list(permutations(cols)) if len(cols) <= 4 else [tuple(cols)]
    best: dict[str, tuple[int, list]] = {}
    for i, n in enumerate(nums):
        nxt: dict[str, tuple[int, list]] = {}
        for perm in arrangements(n):
            if i == 0:
                cand = (0, [perm])
            else:
                cand = max(((score + (last == perm[0]), path + [perm]) for last, (score, path) in best.items()),
                           key=lambda sp: (sp[0], _prefer(sp[1])))
            end = perm[-1]
            if end not in nxt or (cand[0], _prefer(cand[1])) > (nxt[end][0], _prefer(nxt[end][1])):
                nxt[end] = cand
        best = nxt
    _, path = max(best.values(), key=lambda sp: (sp[0], _prefer(sp[1])))
    out = []
    for n, perm in zip(nums, path):
        for col in perm:
            out += groups[n][col]
    return out


def _prefer(path: list) -> tuple:
    """Among arrangements that join as often, the one closest to the usual colour order (red first)."""
    return tuple(-_COLOURS.index(col) for perm in path for col in perm)


def _runs_touching(seq: list, at: int, colour: str) -> int:
    """How many cards of ``colour`` stand next to position ``at`` (an insertion point), on both sides."""
    left = right = 0
    i = at - 1
    while i >= 0 and _kind(_code(seq[i]))[1] == colour:
        left, i = left + 1, i - 1
    i = at
    while i < len(seq) and _kind(_code(seq[i]))[1] == colour:
        right, i = right + 1, i + 1
    return left + right


def _same_number(a, b) -> bool:
    ka, kb = _kind(_code(a)), _kind(_code(b))
    return ka[0] == kb[0] == "number" and ka[2] == kb[2]


def _insert_actions(seq: list, actions: list) -> list:
    by_colour: dict[str, list] = {}
    for c in sorted(actions, key=lambda c: (_COLOURS.index(_colour_of(c)), _face_rank(_code(c)))):
        by_colour.setdefault(_colour_of(c), []).append(c)
    seq = list(seq)
    for colour, cards in by_colour.items():
        spots = [at for at in range(len(seq) + 1)
                 if not (0 < at < len(seq) and _same_number(seq[at - 1], seq[at]))]
        score = {at: _runs_touching(seq, at, colour) for at in spots}
        top = max(score.values(), default=0)
        # beside the biggest group of the colour; with none of it, at the end of the hand
        at = len(seq) if top == 0 else max(spots, key=lambda a: (score[a], a))
        seq[at:at] = cards
    return seq


def _insert_wilds(seq: list, wilds: list) -> list:
    """Wilds at the first place between two number cards of different numbers and colours (failing
    that, two coloured cards of different faces and colours; failing that, at the end)."""
    wilds = sorted(wilds, key=lambda c: (len(_code(c)), _code(c)))
    if not wilds:
        return seq
    for numbers_only in (True, False):
        for at in range(1, len(seq)):
            a, b = _kind(_code(seq[at - 1])), _kind(_code(seq[at]))
            if "wild" in (a[0], b[0]) or (numbers_only and "action" in (a[0], b[0])):
                continue
            if a[1] != b[1] and _code(seq[at - 1])[1:] != _code(seq[at])[1:]:
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
    hand = list(hand)
    kinds = [(_kind(_code(c))[0], c) for c in hand]
    numbers = _numbers([c for k, c in kinds if k == "number"])
    acts = [c for k, c in kinds if k == "action"]
    wild = [c for k, c in kinds if k == "wild"]
    if actions == "near":
        seq = _insert_actions(numbers, acts)
    else:
        acts = sorted(acts, key=lambda c: (_COLOURS.index(_colour_of(c)), _face_rank(_code(c))))
        seq = acts + numbers if actions == "start" else numbers + acts
    wild_sorted = sorted(wild, key=lambda c: (len(_code(c)), _code(c)))
    if wilds == "between":
        return _insert_wilds(seq, wild)
    return wild_sorted + seq if wilds == "start" else seq + wild_sorted


def colour_order(hand) -> list:
    """The usual order: by colour (red, yellow, green, blue, then UNO Flip's dark colours, wilds last),
    then number, then action.

    >>> colour_order(["W", "B2", "R7", "R+2", "G0"])
    ['R7', 'R+2', 'G0', 'B2', 'W']
    """
    def key(c):
        kind, col, n = _kind(_code(c))
        return (_COLOURS.index(col) if col else len(_COLOURS), 0 if kind == "number" else 1,
                n if n is not None else _face_rank(_code(c))[0], _code(c))
    return sorted(hand, key=key)


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
