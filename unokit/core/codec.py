"""The engine's integer action ids, stated once: every action the engines number, its id and back.

One numbering serves the Python fast core (:mod:`unokit.fast`), the compiled core (:mod:`unokit.fast.compiled`,
whose C sources restate the constants below and are checked against them when the extension loads), the
search bot's trees and the lazy referee:

- **the official moves**, ids ``0 .. OFFICIAL_SIZE - 1``: seat ``s``'s move ``k`` is ``s * ACTIONS_PER_SEAT + k``,
  with ``k`` (:func:`local_play`)

  - ``0-103``: play coloured card ``c`` (0-51) as ``2c``, with the UNO call ``2c + 1``;
  - ``104-119``: play a Wild (104-111) or a Wild Draw Four (112-119) naming colour ``k``: ``104 + 8w + 2k``
    (+1 with the UNO call);
  - ``120`` draw, ``121`` pass, ``122`` challenge, ``123`` say UNO, ``124-127`` name red, yellow, green, blue,
    ``128-137`` catch seat 0-9;
- **ADDUP's moves**, from ``EXT_BASE``: seat ``s``'s are ``EXT_BASE + s * EXT_PER_SEAT + j``, ``j = 2 * (colour *
  100 + a * 10 + b) + uno`` for a pair (number ``a`` then ``b`` of one colour), ``j = EXT_PER_SEAT - 1`` for
  ``doubtsum``;
- **M's slap** (:class:`~unokit.core.actions.Slap`), from ``SLAP_BASE`` (after ADDUP's block): seat ``s``'s is
  ``SLAP_BASE + s``;
- **the lines the compiled core speaks** (:class:`~unokit.core.actions.Say` of a text of :data:`SAY_LINES`: the
  human-error bots' chatter and apologies), from ``SAY_BASE`` (after the slaps): seat ``s``'s line ``j`` is
  ``SAY_BASE + s * len(SAY_LINES) + j``;
- **DP's challenge of a draw** (:class:`~unokit.core.actions.ChallengeDraw`), from ``DOUBTDRAW_BASE`` (9600: after
  the lines, which may grow up to it): seat ``s``'s is ``DOUBTDRAW_BASE + s``;
- **DED's accusation** (:class:`~unokit.core.actions.Accuse`), from ``ACCUSE_BASE`` (after DP's): seat ``s``'s is
  ``ACCUSE_BASE + s``;
- **DED's free discard** (:class:`~unokit.core.actions.Discard`), from ``DISCARD_BASE`` (``EXT2_BASE``: below the
  smallest play of the next block, ``EXT2_BASE + MAX_PLAYERS * 110``): seat ``s``'s of card ``c`` is
  ``DISCARD_BASE + s * NCARDS + c``;
- **other plays of the house rules the compiled core plays** (a seat named by SEVENO's 7, DR/DD groups, their
  cuts), from ``EXT2_BASE``: ``EXT2_BASE + seat + MAX_PLAYERS * (((cards * 5 + colour + 1) * 2 + uno) * 11 +
  target + 1)``, ``cards`` the cards' indices + 1 as base-55 digits, the first card lowest; a play that gives
  cards away (DOA's ``give``, to its ``target``) continues those digits with a 0 and then the cards given, in
  their order, at most ``EXT2_DIGITS`` digits in all (8 cards, a 0 and two gifts each: a group of 2s under DR);
  a play put face down alone (DED's ``hidden``, no face-up card) has no face-up digit: a 0, then its cards face
  down (fewer than ``INT64_DIGITS``), and the colour's place holds its ``claim`` (0 none, 1 a +2, 2 a +4). An id
  of at most ``INT64_DIGITS`` digits fits an int64, as the C core holds it; past that (a play giving six cards or
  more) the C core builds it as a Python int.

Each action has one id: the first numbering that has it. An integer that is no id is an
:class:`ActionIdError`. This arithmetic is the same under every rule set; a rule set's codec
(:class:`unokit.rules.codec.Codec`) bounds it to a table's seats as its ``moves`` view, next to the RL
environment's numbering of the *steps* of a decision (its ``steps`` view), and maps one to the other.

>>> from unokit.core.actions import Action
>>> [encode(Action.parse(t)) for t in ("0 draw", "1 play R5", "1 play W>G uno", "2 catch 0")]
[120, 148, 247, 404]
>>> str(decode(247)), str(decode(encode(Action.parse("3 play R5 R7"))))
('1 play W>G uno', '3 play R5 R7')
"""

from __future__ import annotations

from typing import NamedTuple

from . import official
from .actions import ACTIONS as _VERBS
from .actions import (
    Accuse,
    Action,
    CatchUno,
    Challenge,
    ChallengeDraw,
    ChooseColor,
    Discard,
    Draw,
    Pass,
    Play,
    Say,
    SayUno,
    Slap,
)
from .cards import COLORS
from .errors import IllegalActionError, UnoError

__all__ = ["ActionIdError", "MAX_PLAYERS", "ACTIONS_PER_SEAT", "OFFICIAL_SIZE", "K_PLAY", "K_DRAW", "K_PASS", "K_CHALLENGE", "K_UNO",
           "K_COLOR", "K_CATCH", "EXT_BASE", "EXT_PER_SEAT", "NPAIRS", "EXT2_BASE", "EXT2_DIGITS", "INT64_DIGITS", "SLAP_BASE", "SAY_BASE", "SAY_LINES", "DOUBTDRAW_BASE", "ACCUSE_BASE",
           "DISCARD_BASE", "Move", "OFFICIAL_MOVES",
           "OFFICIAL", "local_play", "official_id", "encode", "decode"]

MAX_PLAYERS = official.MAX_PLAYERS
K_PLAY, K_DRAW, K_PASS, K_CHALLENGE, K_UNO, K_COLOR, K_CATCH = 0, 120, 121, 122, 123, 124, 128
ACTIONS_PER_SEAT = K_CATCH + MAX_PLAYERS
OFFICIAL_SIZE = MAX_PLAYERS * ACTIONS_PER_SEAT
EXT_BASE = OFFICIAL_SIZE
NPAIRS = 400
EXT_PER_SEAT = 2 * NPAIRS + 1
SLAP_BASE = EXT_BASE + MAX_PLAYERS * EXT_PER_SEAT
#: the texts a compiled seat may say: the human-error bots' chatter, then their apologies (``unokit.bots.human``'s
#: CHATTER and APOLOGIES, in that order: tests/fast/test_compiled_human.py checks it; this layer cannot import the bots)
SAY_LINES = ("nossa", "vai logo", "que azar", "hmm, deixa eu pensar", "your turn", "tocca a te", "venga",
             "desculpa", "sorry", "scusa", "perdón")
SAY_BASE = SLAP_BASE + MAX_PLAYERS
DOUBTDRAW_BASE = 9600
ACCUSE_BASE = DOUBTDRAW_BASE + MAX_PLAYERS
EXT2_BASE = 10_000
DISCARD_BASE = EXT2_BASE
#: the most base-55 digits of a play's id from EXT2_BASE (its cards; a 0 and the cards it gives: 8 + 1 + 16)
EXT2_DIGITS = 25
#: the digits of the ids an int64 holds (the C core's: larger ones it builds as Python ints; DED's face-down plays)
INT64_DIGITS = 9
assert EXT2_BASE + MAX_PLAYERS * (((55 ** INT64_DIGITS * 5) * 2) * 11) < 2 ** 63
assert SAY_BASE + MAX_PLAYERS * len(SAY_LINES) <= DOUBTDRAW_BASE and ACCUSE_BASE + MAX_PLAYERS <= EXT2_BASE
assert DISCARD_BASE + MAX_PLAYERS * official.NCARDS <= EXT2_BASE + MAX_PLAYERS * 110   # (the smallest play's code: 110)
_SAY_LINE = {t: j for j, t in enumerate(SAY_LINES)}


class ActionIdError(UnoError, ValueError):
    """An integer (or anything else) that is no action id of the numbering asked."""

_W = official.WILD
_NCARDS = official.NCARDS


def local_play(card: int, color: int, uno: bool) -> int:
    """A seat's move number for playing official card ``card`` (its index) alone, naming ``color`` (0-3;
    -1 for a coloured card), with or without the UNO call.

    >>> local_play(2, -1, False), local_play(official.WILD, 1, True)
    (4, 107)
    """
    if card < _W:
        return 2 * card + uno
    return 104 + 8 * (card - _W) + 2 * color + uno


class Move(NamedTuple):
    """An official move as numbers: ``kind`` (``play``, ``draw``, ``pass``, ``challenge``, ``uno``, ``color``,
    ``catch``), the seat, the card's index (-1), the colour named (-1) and the UNO call or the seat caught."""

    kind: str
    seat: int
    card: int
    color: int
    flag: int


def _official_moves() -> tuple[Move, ...]:
    moves: list[Move] = []
    for seat in range(MAX_PLAYERS):
        local: list[Move | None] = [None] * ACTIONS_PER_SEAT
        for c in range(_NCARDS):
            for col in (range(4) if c >= _W else (-1,)):
                for uno in (0, 1):
                    local[local_play(c, col, bool(uno))] = Move("play", seat, c, col, uno)
        local[K_DRAW] = Move("draw", seat, -1, -1, 0)
        local[K_PASS] = Move("pass", seat, -1, -1, 0)
        local[K_CHALLENGE] = Move("challenge", seat, -1, -1, 0)
        local[K_UNO] = Move("uno", seat, -1, -1, 0)
        for k in range(4):
            local[K_COLOR + k] = Move("color", seat, -1, k, 0)
        for t in range(MAX_PLAYERS):
            local[K_CATCH + t] = Move("catch", seat, -1, -1, t)
        filled = [m for m in local if m is not None]
        assert len(filled) == ACTIONS_PER_SEAT   # every move number has its move
        moves += filled
    return tuple(moves)


def _action(m: Move) -> Action:
    if m.kind == "play":
        return Play(m.seat, (official.CARDS[m.card],), COLORS[m.color] if m.color >= 0 else None, bool(m.flag))
    if m.kind == "color":
        return ChooseColor(m.seat, COLORS[m.color])
    if m.kind == "catch":
        return CatchUno(m.seat, m.flag)
    cls = {"draw": Draw, "pass": Pass, "challenge": Challenge, "uno": SayUno}[m.kind]
    action: Action = cls(m.seat)   # (simple_action classes are Action classes)
    return action


#: the official moves in id order, as numbers and as actions
OFFICIAL_MOVES = _official_moves()
OFFICIAL: tuple[Action, ...] = tuple(_action(m) for m in OFFICIAL_MOVES)
_OFFICIAL_IDS = {a: i for i, a in enumerate(OFFICIAL)}
_NUMBER_CARD = {(official.COLOR_OF[c], card.number): card for c, card in enumerate(official.CARDS)
                if card.number is not None}


def official_id(action: Action) -> int:
    """The id of an official move (``OFFICIAL[official_id(a)] == a``); :class:`IllegalActionError` for an
    action the official rules never allow (groups, chat, a house rule's action...)."""
    try:
        return _OFFICIAL_IDS[action]
    except (KeyError, TypeError):
        raise IllegalActionError(f"{action} has no id: the fast core plays the official rules only") from None


def encode(action: Action) -> int:
    """The id of ``action`` in the engines' numbering (``decode(encode(a)) == a``); :class:`IllegalActionError`
    for an action no numbering has."""
    p = getattr(action, "player", -1)
    if type(action) is _VERBS.get("doubtsum") and 0 <= p < MAX_PLAYERS:          # ADDUP's doubt of a sum
        return EXT_BASE + p * EXT_PER_SEAT + EXT_PER_SEAT - 1
    if type(action) is Slap and 0 <= p < MAX_PLAYERS:                             # M's slap
        return SLAP_BASE + p
    if type(action) is Say and 0 <= p < MAX_PLAYERS and action.text in _SAY_LINE:   # a line the core speaks
        return SAY_BASE + p * len(SAY_LINES) + _SAY_LINE[action.text]
    if type(action) is ChallengeDraw and 0 <= p < MAX_PLAYERS:                    # DP's challenge of a draw
        return DOUBTDRAW_BASE + p
    if type(action) is Accuse and 0 <= p < MAX_PLAYERS:                           # DED's accusation
        return ACCUSE_BASE + p
    if type(action) is Discard and 0 <= p < MAX_PLAYERS and 0 <= action.card.index < _NCARDS:   # DED's free discard
        return DISCARD_BASE + p * _NCARDS + action.card.index
    if (type(action) is Play and 0 <= p < MAX_PLAYERS and action.hidden and not action.cards and not action.more
            and action.color is None and action.target is None and not action.give and action.first is None
            and action.claim in (0, 2, 4) and len(action.hidden) < INT64_DIGITS
            and all(0 <= c.index < _NCARDS for c in action.hidden)):                # DED: put face down alone
        packed = 0
        for d in reversed([0] + [c.index + 1 for c in action.hidden]):
            packed = packed * 55 + d
        return EXT2_BASE + p + MAX_PLAYERS * (((packed * 5 + action.claim // 2) * 2 + int(action.uno)) * 11)
    if type(action) is Play and 0 <= p < MAX_PLAYERS and not action.hidden and not action.more:
        give = action.give
        if len(action.cards) == 2 and action.color is None and action.target is None and not give:   # ADDUP's pair
            a, b = action.cards
            col = official.COLOR_OF[a.index]
            if a.number is not None and b.number is not None and official.COLOR_OF[b.index] == col:
                return EXT_BASE + p * EXT_PER_SEAT + 2 * (col * 100 + a.number * 10 + b.number) + int(action.uno)
        digits = [c.index + 1 for c in action.cards] + ([0] + [c.index + 1 for c in give] if give else [])
        if (1 <= len(action.cards) <= 8 and len(digits) <= EXT2_DIGITS and not action.claim
                and (len(action.cards) > 1 or action.target is not None) and (not give or action.target is not None)
                and (action.target is None or 0 <= action.target < MAX_PLAYERS) and action.first is None
                and all(0 <= c.index < _NCARDS for c in action.cards + give)):
            packed = 0
            for d in reversed(digits):   # the first card lowest; DOA's gifts after a 0
                packed = packed * 55 + d
            color = 0 if action.color is None else int(action.color) + 1
            target = 0 if action.target is None else action.target + 1
            return EXT2_BASE + p + MAX_PLAYERS * (((packed * 5 + color) * 2 + int(action.uno)) * 11 + target)
    return official_id(action)


def decode(i: int) -> Action:
    """The action of an id (:func:`encode`'s inverse); :class:`ActionIdError` for anything that is no id.

    >>> decode(10**20)
    Traceback (most recent call last):
    ...
    unokit.core.codec.ActionIdError: not an action id: 100000000000000000000
    """
    if type(i) is not int or i < 0:
        raise ActionIdError(f"not an action id: {i!r}")
    if i < EXT_BASE:
        return OFFICIAL[i]
    if DISCARD_BASE <= i < DISCARD_BASE + MAX_PLAYERS * _NCARDS:
        seat, c = divmod(i - DISCARD_BASE, _NCARDS)
        return Discard(seat, official.CARDS[c])
    if i >= EXT2_BASE:
        a = _ext2_action(i)
        if a is None or _id_or_none(a) != i:   # each play has one id: the first numbering that has it
            raise ActionIdError(f"not an action id: {i!r}")
        return a
    if i >= ACCUSE_BASE:
        if i >= ACCUSE_BASE + MAX_PLAYERS:
            raise ActionIdError(f"not an action id: {i!r}")
        accuse: Action = Accuse(i - ACCUSE_BASE)   # (a class simple_action makes at run time)
        return accuse
    if i >= DOUBTDRAW_BASE:
        doubt_draw: Action = ChallengeDraw(i - DOUBTDRAW_BASE)   # (a class simple_action makes at run time)
        return doubt_draw
    if i >= SAY_BASE:
        if i >= SAY_BASE + MAX_PLAYERS * len(SAY_LINES):   # (up to DOUBTDRAW_BASE: no id)
            raise ActionIdError(f"not an action id: {i!r}")
        seat, j = divmod(i - SAY_BASE, len(SAY_LINES))
        return Say(seat, SAY_LINES[j])
    if i >= SLAP_BASE:
        slap: Action = Slap(i - SLAP_BASE)   # (a class simple_action makes at run time)
        return slap
    seat, j = divmod(i - EXT_BASE, EXT_PER_SEAT)
    if not 0 <= seat < MAX_PLAYERS:
        raise ActionIdError(f"not an action id: {i!r}")
    if j == EXT_PER_SEAT - 1:
        doubt = _VERBS.get("doubtsum")
        if doubt is None:       # (its rule's module registers it: unokit.rules loads every rule)
            raise ActionIdError(f"not an action id: {i!r} (ADDUP's doubtsum is not registered)")
        return doubt(seat)  # type: ignore[call-arg]  # a registered action class: player first
    pair, uno = divmod(j, 2)
    col, ab = divmod(pair, 100)
    first, second = _NUMBER_CARD.get((col, ab // 10)), _NUMBER_CARD.get((col, ab % 10))
    if first is None or second is None:
        raise ActionIdError(f"not an action id: {i!r}")
    return Play(seat, (first, second), None, bool(uno))


def _id_or_none(a: Action) -> int | None:
    try:
        return encode(a)
    except IllegalActionError:   # (a lone coloured card naming a colour: a play no numbering has)
        return None


def _ext2_action(i: int) -> Play | None:
    code, seat = divmod(i - EXT2_BASE, MAX_PLAYERS)
    code, target = divmod(code, 11)
    code, uno = divmod(code, 2)
    packed, color = divmod(code, 5)
    digits: list[int] = []
    while packed and len(digits) <= EXT2_DIGITS:
        packed, d = divmod(packed, 55)
        if d > _NCARDS:
            return None
        digits.append(d)
    cut = digits.index(0) if 0 in digits else len(digits)   # DOA's gifts follow a 0
    cards, give = digits[:cut], digits[cut + 1:]
    if (not cards and give and not packed and 0 not in give and target == 0 and color < 3
            and len(give) < INT64_DIGITS):                                                # DED: face down alone
        return Play(seat, (), None, bool(uno), None, tuple(official.CARDS[d - 1] for d in give), 2 * color)
    if not cards or packed or 0 in give:
        return None
    return Play(seat, tuple(official.CARDS[d - 1] for d in cards), None if color == 0 else COLORS[color - 1],
                bool(uno), None if target == 0 else target - 1, (), 0, tuple(official.CARDS[d - 1] for d in give))
