"""Cards, colours and the compact card notation.

Notation (case-insensitive on input, canonical upper case on output):

========  ============================  ===========================
notation  card                          points (classic scoring)
========  ============================  ===========================
``R7``    red 7 (colours R Y G B)       face value
``GS``    green Skip                    20
``BR``    blue Reverse                  20
``Y+2``   yellow Draw Two               20
``W``     Wild                          50
``W+4``   Wild Draw Four                50
``WX``    Wild Swap Hands (112 deck)    50
``WSH``   Wild Shuffle Hands (Italian)  40
``WO``    Wild Ohana (Ohana deck)       50
``WB``    blank customizable Wild       50
``WBX``   a blank with a rule written   50 (WBX WB2 WBE WBN WBC WBM: unokit.rules.blanks; WBC 40)
``R+4``   red Draw Four (No Mercy)      20
``RSA``   red Skip Everyone (No Mercy)  20
``RDA``   red Discard All (No Mercy)    20
``WR+4``  Wild Reverse Draw Four        50
``W+6``   Wild Draw Six                 50
``W+10``  Wild Draw Ten                 50
``WCR``   Wild Colour Roulette          50
``WR``    Wild Reverse (All Wild)       50
``WS``    Wild Skip                     50
``WS2``   Wild Skip Two                 50
``WFS``   Wild Forced Swap              50
``W+2``   Wild Draw Two                 50
``WT+2``  Wild Targeted Draw Two        50
``RX2``   red Hit 2 (Extreme)           20
``WH``    Wild Hit (Extreme)            50
``RSL``   red SLAP (Flash)              20
``R3S``   red 3 with the spin mark      3
``R+1``   red Draw One (Flip, light)    10
``RF``    red Flip (Flip, both sides)   20
``P+5``   pink Draw Five (Flip, dark)   20
``WDC``   Wild Draw Colour (Flip)       60
``R5/T+5`` one double-sided Flip card   its side in play
========  ============================  ===========================

UNO Flip's dark side has colours of its own: ``P`` pink, ``T`` teal, ``O`` orange, ``V`` violet
(purple); :data:`COLORS` stays the four of the classic game, :data:`DARK_COLORS` holds the others. A
Flip card is a :class:`FlipCard`: the side in play and the other side of one physical card
(``R5/T+5``), equal to its side in play (:mod:`unokit.rules.editions.flip`).

``R+4`` to ``WCR`` belong to the No Mercy edition (:mod:`unokit.rules.editions.nomercy`), ``WR``
to ``WT+2`` to All Wild (:mod:`unokit.rules.editions.allwild`), ``RX2`` and ``WH`` to Extreme
(:mod:`unokit.rules.editions.extreme`), ``RSL`` to Flash (:mod:`unokit.rules.editions.flash`), ``R1S`` to ``B5S`` to Spin
(:mod:`unokit.rules.editions.spin`), ``R+1``, ``RF``, the dark cards and ``WDC`` to Flip
(:mod:`unokit.rules.editions.flip`);
their points there are the edition's (its deck's ``special_points``).

Cards are interned: ``Card.parse('R7') is Card.parse('r7')``, and ``repr``
round-trips:

>>> c = Card.parse('g+2')
>>> c
Card.parse('G+2')
>>> eval(repr(c)) is c
True
>>> str(Card.parse('W+4')), Card.parse('W+4').draw, Card.parse('R9').points
('W+4', 4, 9)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from typing import Any

from .errors import NotationError

__all__ = ["Color", "Face", "FIRST_SPECIAL", "Card", "FlipCard", "COLORS", "DARK_COLORS", "parse_cards", "format_cards",
           "format_physical", "plain"]


class Color(IntEnum):
    """The four suit colours, then UNO Flip's four dark ones. Wild cards have no colour of their own."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    PINK = 4      # UNO Flip's dark side (003 §UNO Flip: "rosa, arancione, turchese e viola")
    TEAL = 5
    ORANGE = 6
    PURPLE = 7    # written V (violet): P is pink

    @property
    def letter(self) -> str:
        return "RYGBPTOV"[self]

    @classmethod
    def parse(cls, text: str) -> Color:
        """``Color.parse('g')`` or ``Color.parse('green')``.

        >>> Color.parse('Blue')
        <Color.BLUE: 3>
        """
        if not isinstance(text, str):
            raise NotationError(f"a colour is a letter R, Y, G or B, not {type(text).__name__}")
        t = text.strip()
        t = t.upper() if t.isascii() else ""
        for c in cls:
            if t == c.letter or t == c.name or (c is Color.PURPLE and t == "VIOLET"):
                return c
        raise NotationError(f"unknown colour {_short(text)!r}; choose one of R, Y, G, B "
                            f"(UNO Flip's dark side: P, T, O, V)")


#: the four colours of the classic game (and of UNO Flip's light side)
COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
#: UNO Flip's dark side
DARK_COLORS = (Color.PINK, Color.TEAL, Color.ORANGE, Color.PURPLE)


class Face(IntEnum):
    """What is printed on a card besides its colour. 0-9 are the numbers."""

    SKIP = 10
    REVERSE = 11
    DRAW_TWO = 12
    WILD = 13
    WILD_DRAW_FOUR = 14
    WILD_SWAP = 15
    WILD_SHUFFLE = 16
    WILD_OHANA = 17
    WILD_BLANK = 18
    # the No Mercy edition (003 §UNO Show 'em No Mercy)
    DRAW_FOUR = 19               # coloured: matched by colour or symbol, no colour named
    SKIP_ALL = 20                # Skip Everyone
    DISCARD_ALL = 21
    WILD_REVERSE_DRAW_FOUR = 22
    WILD_DRAW_SIX = 23
    WILD_DRAW_TEN = 24
    WILD_ROULETTE = 25           # Wild Colour Roulette
    # the All Wild edition (003 §UNO All Wild!): every card a wild that names no colour
    WILD_REVERSE = 26
    WILD_SKIP = 27
    WILD_SKIP_TWO = 28
    WILD_FORCED_SWAP = 29
    WILD_DRAW_TWO = 30
    WILD_TARGETED_DRAW_TWO = 31
    # UNO Extreme! (003 §UNO Extreme!): the cards that make the next player press the launcher
    HIT_TWO = 32                 # "x2": coloured; the next player presses twice
    WILD_HIT = 33                # the wild with a question mark: press until cards come out
    # UNO Flash (003 §UNO Flash): the SLAP card
    SLAP = 34
    # UNO Spin (003 §UNO Spin): the number cards 1-5 with the spin mark (numbers for matching)
    SPIN_1 = 35
    SPIN_2 = 36
    SPIN_3 = 37
    SPIN_4 = 38
    SPIN_5 = 39
    # UNO Flip (003 §UNO Flip): light Draw One, Flip on both sides, dark Draw Five, Wild Draw Colour
    # (the dark side's Skip Everyone is No Mercy's SKIP_ALL, its Wild is the Wild)
    DRAW_ONE = 40
    FLIP = 41
    DRAW_FIVE = 42
    WILD_DRAW_COLOR = 43
    # UNO Flex (003 §UNO Flex): a physical flex card, and the "flexed" face its player names to use its
    # flex side (FLEXED_*: the same physical card, put down as its regular face)
    FLEX_2 = 44                  # a number with a second colour (R2Y: red 2, yellow flex colour)
    FLEX_4 = 45
    FLEX_6 = 46
    FLEX_8 = 47
    FLEXED_2 = 48                # R2Y* : that card played on its flex colour (a yellow 2 that leaves red in play)
    FLEXED_4 = 49
    FLEXED_6 = 50
    FLEXED_8 = 51
    MARKED_1 = 52                # a number with the flip mark (R1F): its player turns their power card over
    MARKED_5 = 53
    MARKED_9 = 54
    FLEX_SKIP = 55               # RSX: a Skip; flexed (RSX*): Skip Everyone
    FLEX_REVERSE = 56            # RRX: a Reverse; flexed (RRX*): Reverse, then the next player is skipped
    FLEX_DRAW_TWO = 57           # R+2X: a Draw Two; flexed (R+2X*): every other player draws 1
    FLEXED_SKIP = 58
    FLEXED_REVERSE = 59
    FLEXED_DRAW_TWO = 60
    FLEX_WILD_TARGET = 61        # WF2: a Wild; flexed (WF2*): a player chosen draws 2
    FLEX_WILD_ALL = 62           # WFA: a Wild; flexed (WFA*): every other player draws 2
    FLEX_WILD_DRAW_FOUR = 63     # W+4F: a Wild Draw Four; flexed (W+4F*): a player chosen draws 4
    WILD_ALL_FLIP = 64           # WAF: a Wild; every power card turns over
    FLEXED_WILD_TARGET = 65
    FLEXED_WILD_ALL = 66
    FLEXED_WILD_DRAW_FOUR = 67
    # blank cards with a rule written on them (001, 003; :mod:`unokit.rules.blanks`)
    BLANK_SWAP = 68              # WBX: swap hands with a player chosen
    BLANK_TARGET_TWO = 69        # WB2: a player chosen draws 2
    BLANK_EVERYONE = 70          # WBE: every other player draws 1
    BLANK_DRAW_N = 71            # WBN: the next player draws as many as its player chooses, and is skipped
    BLANK_BIANCA = 72            # WBC: the "carta bianca" (003): swap hands with an opponent chosen
    BLANK_NEXT_SWAP = 73         # WBM: "Cambio mazzo" (003): swap hands with the next player


#: the first face beyond the official deck (0-9, Skip, Reverse, Draw Two, Wild, Wild Draw Four): a card from here on
#: may have effects, targets or choices of its own, so its plays are composed (:mod:`unokit.engine.compose`)
FIRST_SPECIAL = Face.WILD_SWAP


_FACE_CODE = {
    Face.SKIP: "S", Face.REVERSE: "R", Face.DRAW_TWO: "+2", Face.WILD: "W",
    Face.WILD_DRAW_FOUR: "W+4", Face.WILD_SWAP: "WX", Face.WILD_SHUFFLE: "WSH",
    Face.WILD_OHANA: "WO", Face.WILD_BLANK: "WB",
    Face.DRAW_FOUR: "+4", Face.SKIP_ALL: "SA", Face.DISCARD_ALL: "DA", Face.WILD_REVERSE_DRAW_FOUR: "WR+4",
    Face.WILD_DRAW_SIX: "W+6", Face.WILD_DRAW_TEN: "W+10", Face.WILD_ROULETTE: "WCR",
    Face.WILD_REVERSE: "WR", Face.WILD_SKIP: "WS", Face.WILD_SKIP_TWO: "WS2", Face.WILD_FORCED_SWAP: "WFS",
    Face.WILD_DRAW_TWO: "W+2", Face.WILD_TARGETED_DRAW_TWO: "WT+2", Face.HIT_TWO: "X2", Face.WILD_HIT: "WH", Face.SLAP: "SL",
    Face.DRAW_ONE: "+1", Face.FLIP: "F", Face.DRAW_FIVE: "+5", Face.WILD_DRAW_COLOR: "WDC",
    Face.FLEX_SKIP: "SX", Face.FLEX_REVERSE: "RX", Face.FLEX_DRAW_TWO: "+2X", Face.FLEXED_SKIP: "SX*",
    Face.FLEXED_REVERSE: "RX*", Face.FLEXED_DRAW_TWO: "+2X*", Face.FLEX_WILD_TARGET: "WF2", Face.FLEX_WILD_ALL: "WFA",
    Face.FLEX_WILD_DRAW_FOUR: "W+4F", Face.WILD_ALL_FLIP: "WAF", Face.FLEXED_WILD_TARGET: "WF2*",
    Face.FLEXED_WILD_ALL: "WFA*", Face.FLEXED_WILD_DRAW_FOUR: "W+4F*",
    Face.BLANK_SWAP: "WBX", Face.BLANK_TARGET_TWO: "WB2", Face.BLANK_EVERYONE: "WBE", Face.BLANK_DRAW_N: "WBN",
    Face.BLANK_BIANCA: "WBC", Face.BLANK_NEXT_SWAP: "WBM",
}
_FACE_NAME: dict[int, str] = {
    Face.SKIP: "Skip", Face.REVERSE: "Reverse", Face.DRAW_TWO: "Draw Two", Face.WILD: "Wild",
    Face.WILD_DRAW_FOUR: "Wild Draw Four", Face.WILD_SWAP: "Wild Swap Hands",
    Face.WILD_SHUFFLE: "Wild Shuffle Hands", Face.WILD_OHANA: "Wild Ohana",
    Face.WILD_BLANK: "blank Wild",
    Face.DRAW_FOUR: "Draw Four", Face.SKIP_ALL: "Skip Everyone", Face.DISCARD_ALL: "Discard All",
    Face.WILD_REVERSE_DRAW_FOUR: "Wild Reverse Draw Four", Face.WILD_DRAW_SIX: "Wild Draw Six",
    Face.WILD_DRAW_TEN: "Wild Draw Ten", Face.WILD_ROULETTE: "Wild Colour Roulette",
    Face.WILD_REVERSE: "Wild Reverse", Face.WILD_SKIP: "Wild Skip", Face.WILD_SKIP_TWO: "Wild Skip Two",
    Face.WILD_FORCED_SWAP: "Wild Forced Swap", Face.WILD_DRAW_TWO: "Wild Draw Two",
    Face.WILD_TARGETED_DRAW_TWO: "Wild Targeted Draw Two", Face.HIT_TWO: "Hit 2", Face.WILD_HIT: "Wild Hit", Face.SLAP: "SLAP",
    Face.DRAW_ONE: "Draw One", Face.FLIP: "Flip", Face.DRAW_FIVE: "Draw Five", Face.WILD_DRAW_COLOR: "Wild Draw Colour",
    Face.FLEX_SKIP: "Flex Skip", Face.FLEX_REVERSE: "Flex Reverse", Face.FLEX_DRAW_TWO: "Flex Draw Two",
    Face.FLEXED_SKIP: "Skip Everyone (Flex)", Face.FLEXED_REVERSE: "Reverse and Skip (Flex)",
    Face.FLEXED_DRAW_TWO: "Everyone Draws One (Flex)", Face.FLEX_WILD_TARGET: "Flex Wild (Targeted Draw Two)",
    Face.FLEX_WILD_ALL: "Flex Wild (All Draw Two)", Face.FLEX_WILD_DRAW_FOUR: "Flex Wild Draw Four",
    Face.WILD_ALL_FLIP: "Wild All Flip", Face.FLEXED_WILD_TARGET: "Targeted Draw Two (Flex)",
    Face.FLEXED_WILD_ALL: "All Draw Two (Flex)", Face.FLEXED_WILD_DRAW_FOUR: "Targeted Draw Four (Flex)",
    Face.BLANK_SWAP: "blank (swap hands)", Face.BLANK_TARGET_TWO: "blank (a player chosen draws 2)",
    Face.BLANK_EVERYONE: "blank (everyone draws 1)", Face.BLANK_DRAW_N: "blank (the next player draws N)",
    Face.BLANK_BIANCA: "carta bianca", Face.BLANK_NEXT_SWAP: "blank (Cambio mazzo)",
}
#: the Spin cards' numbers: a spin card is a number card for matching, scoring and the card rules
SPIN_NUMBER = {Face.SPIN_1: 1, Face.SPIN_2: 2, Face.SPIN_3: 3, Face.SPIN_4: 4, Face.SPIN_5: 5}
#: UNO Flex's numbers: two-coloured (FLEX_k), played on their flex colour (FLEXED_k), with the flip mark
FLEX_NUMBER = {Face.FLEX_2: 2, Face.FLEX_4: 4, Face.FLEX_6: 6, Face.FLEX_8: 8}
FLEXED_NUMBER = {Face.FLEXED_2: 2, Face.FLEXED_4: 4, Face.FLEXED_6: 6, Face.FLEXED_8: 8}
MARKED_NUMBER = {Face.MARKED_1: 1, Face.MARKED_5: 5, Face.MARKED_9: 9}
_NUMBERED = {**SPIN_NUMBER, **FLEX_NUMBER, **FLEXED_NUMBER, **MARKED_NUMBER}
#: UNO Flex's action cards match as the classic symbol they show
_SYMBOL = {Face.FLEX_SKIP: Face.SKIP, Face.FLEXED_SKIP: Face.SKIP, Face.FLEX_REVERSE: Face.REVERSE,
           Face.FLEXED_REVERSE: Face.REVERSE, Face.FLEX_DRAW_TWO: Face.DRAW_TWO, Face.FLEXED_DRAW_TWO: Face.DRAW_TWO}
WILD_FACES = frozenset({Face.WILD, Face.WILD_DRAW_FOUR, Face.WILD_SWAP, Face.WILD_SHUFFLE,
                        Face.WILD_OHANA, Face.WILD_BLANK, Face.WILD_REVERSE_DRAW_FOUR, Face.WILD_DRAW_SIX,
                        Face.WILD_DRAW_TEN, Face.WILD_ROULETTE, Face.WILD_REVERSE, Face.WILD_SKIP, Face.WILD_SKIP_TWO,
                        Face.WILD_FORCED_SWAP, Face.WILD_DRAW_TWO, Face.WILD_TARGETED_DRAW_TWO, Face.WILD_HIT,
                        Face.WILD_DRAW_COLOR, Face.FLEX_WILD_TARGET, Face.FLEX_WILD_ALL, Face.FLEX_WILD_DRAW_FOUR,
                        Face.WILD_ALL_FLIP, Face.FLEXED_WILD_TARGET, Face.FLEXED_WILD_ALL, Face.FLEXED_WILD_DRAW_FOUR,
                        Face.BLANK_SWAP, Face.BLANK_TARGET_TWO, Face.BLANK_EVERYONE, Face.BLANK_DRAW_N,
                        Face.BLANK_BIANCA, Face.BLANK_NEXT_SWAP})
#: the blank cards with a rule written on them (built last: :mod:`unokit.rules.blanks`)
BLANK_FACES = (Face.BLANK_SWAP, Face.BLANK_TARGET_TWO, Face.BLANK_EVERYONE, Face.BLANK_DRAW_N, Face.BLANK_BIANCA,
               Face.BLANK_NEXT_SWAP)
#: wilds whose player names no colour: No Mercy's Colour Roulette (its victim names it), All Wild's
#: own cards (that edition has no colours) and the carta bianca (the colour in play stays)
COLORLESS_WILDS = frozenset({Face.WILD_ROULETTE, Face.WILD_REVERSE, Face.WILD_SKIP, Face.WILD_SKIP_TWO,
                             Face.WILD_FORCED_SWAP, Face.WILD_TARGETED_DRAW_TWO, Face.BLANK_BIANCA})
# (the Wild Draw Two names a colour in UNO Flip and none in All Wild: that edition's ``colorless`` says
# so for every card)
ACTION_FACES = frozenset({Face.SKIP, Face.REVERSE, Face.DRAW_TWO, Face.DRAW_FOUR, Face.SKIP_ALL, Face.DISCARD_ALL,
                          Face.HIT_TWO, Face.SLAP, Face.DRAW_ONE, Face.FLIP, Face.DRAW_FIVE, Face.FLEX_SKIP,
                          Face.FLEX_REVERSE, Face.FLEX_DRAW_TWO, Face.FLEXED_SKIP, Face.FLEXED_REVERSE,
                          Face.FLEXED_DRAW_TWO})
#: cards the next player must draw, by face (the official +2 and W+4, No Mercy's and Flip's draw cards;
#: Flip's Wild Draw Colour makes its victim draw until a colour comes: one card at least)
DRAW_FACES = {Face.DRAW_TWO: 2, Face.WILD_DRAW_FOUR: 4, Face.DRAW_FOUR: 4, Face.WILD_REVERSE_DRAW_FOUR: 4,
              Face.WILD_DRAW_SIX: 6, Face.WILD_DRAW_TEN: 10, Face.WILD_DRAW_TWO: 2, Face.DRAW_ONE: 1,
              Face.DRAW_FIVE: 5, Face.WILD_DRAW_COLOR: 1, Face.FLEX_DRAW_TWO: 2, Face.FLEX_WILD_DRAW_FOUR: 4}
#: faces of the other editions, (coloured, wild) by edition in the order they were added: built after
#: the classic and the 112/Ohana/Italian cards, and each edition after the earlier ones, so that no
#: card index ever changes (the fast core's tables index the first 58; records and action tables
#: may keep the others)
EDITION_CARDS = (
    ((Face.DRAW_FOUR, Face.SKIP_ALL, Face.DISCARD_ALL),                                  # No Mercy
     (Face.WILD_REVERSE_DRAW_FOUR, Face.WILD_DRAW_SIX, Face.WILD_DRAW_TEN, Face.WILD_ROULETTE)),
    ((), (Face.WILD_REVERSE, Face.WILD_SKIP, Face.WILD_SKIP_TWO, Face.WILD_FORCED_SWAP,  # All Wild
          Face.WILD_DRAW_TWO, Face.WILD_TARGETED_DRAW_TWO)),
    ((Face.HIT_TWO,), (Face.WILD_HIT,)),                                                 # Extreme
    ((Face.SLAP,), ()),                                                                  # Flash
    (tuple(SPIN_NUMBER), ()),                                                            # Spin
    ((Face.DRAW_ONE, Face.FLIP), (Face.WILD_DRAW_COLOR,)),                               # Flip (light)
)
#: UNO Flip's dark cards, built last (in the dark colours only): numbers 1-9, Draw Five, Reverse, Skip,
#: Skip Everyone, Flip
DARK_FACES = tuple(range(1, 10)) + (Face.DRAW_FIVE, Face.REVERSE, Face.SKIP, Face.SKIP_ALL, Face.FLIP)
#: UNO Flex's cards, built after Flip's dark ones: (coloured, wild) faces
FLEX_FACES = (tuple(FLEX_NUMBER) + tuple(FLEXED_NUMBER) + tuple(MARKED_NUMBER)
              + (Face.FLEX_SKIP, Face.FLEX_REVERSE, Face.FLEX_DRAW_TWO, Face.FLEXED_SKIP, Face.FLEXED_REVERSE,
                 Face.FLEXED_DRAW_TWO),
              (Face.FLEX_WILD_TARGET, Face.FLEX_WILD_ALL, Face.FLEX_WILD_DRAW_FOUR, Face.WILD_ALL_FLIP,
               Face.FLEXED_WILD_TARGET, Face.FLEXED_WILD_ALL, Face.FLEXED_WILD_DRAW_FOUR))
EDITION_WILDS = tuple(f for _, wilds in EDITION_CARDS for f in wilds)


class Card:
    """One card face. Immutable and interned: build with :meth:`parse` or :meth:`of`.

    Attributes are plain slots for speed: ``color`` (``Color`` or ``None`` for
    wilds), ``face`` (int 0-9 or a :class:`Face`), ``number`` (0-9 or ``None``),
    ``is_wild``, ``names_color`` (its player names the colour: every wild but the
    Colour Roulette), ``is_action`` (coloured Skip/Reverse/Draw Two and No Mercy's
    coloured action cards), ``draw`` (cards the next player must draw: 0, 2, 4, 6
    or 10), ``points`` (classic scoring), ``code`` (notation).
    """

    __slots__ = ("color", "face", "number", "is_wild", "is_action", "draw", "points", "code",
                 "index", "names_color", "symbol")
    color: Color | None
    face: int
    number: int | None
    is_wild: bool
    is_action: bool
    draw: int
    points: int
    code: str
    index: int
    names_color: bool
    symbol: int

    _interned: dict[tuple[Color | None, int], Card] = {}
    _by_code: dict[str, Card] = {}
    ALL: list[Card] = []

    # (color: Color | None, face: int | Face; Any as the tables below are keyed by Face and a wild has no colour)
    def __init__(self, color: Any, face: Any) -> None:  # use Card.of / Card.parse
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "face", face)
        number = face if face <= 9 else _NUMBERED.get(face)
        object.__setattr__(self, "number", number)
        # what "the same number or symbol" compares: the number of a number card (a Spin card's too),
        # else the face
        object.__setattr__(self, "symbol", number if number is not None else int(_SYMBOL.get(face, face)))
        object.__setattr__(self, "is_wild", face in WILD_FACES)
        # a wild's player names the colour, except the Colour Roulette's (its victim names it)
        object.__setattr__(self, "names_color", face in WILD_FACES and face not in COLORLESS_WILDS)
        object.__setattr__(self, "is_action", face in ACTION_FACES)
        draw = DRAW_FACES.get(face, 0)
        object.__setattr__(self, "draw", draw)
        if number is not None:
            pts = number
        elif face in ACTION_FACES:
            pts = 20
        elif face in (Face.WILD_SHUFFLE, Face.BLANK_BIANCA):   # (003: the carta bianca scores 40)
            pts = 40
        else:
            pts = 50
        object.__setattr__(self, "points", pts)
        if face in WILD_FACES:
            code = _FACE_CODE[face]
        elif face in FLEX_NUMBER:      # R2Y: red 2 with the yellow flex colour (the next colour, R Y G B R)
            code = f"{color.letter}{number}{COLORS[(color + 1) % 4].letter}"
        elif face in FLEXED_NUMBER:    # R2Y*: that card played as a yellow 2 (its colour here is the flex one)
            code = f"{COLORS[(color - 1) % 4].letter}{number}{color.letter}*"
        elif face in MARKED_NUMBER:    # R1F: a 1 with the flip mark
            code = f"{color.letter}{number}F"
        else:
            code = color.letter + (str(number) + ("S" if face in SPIN_NUMBER else "") if number is not None
                                   else _FACE_CODE[face])
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "index", len(Card.ALL))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def of(cls, color: Color | None, face: int) -> Card:
        """The card with this colour and face (``color=None`` for wilds)."""
        key = (None if face in WILD_FACES else color, int(face) if face <= 9 else Face(face))
        try:
            return cls._interned[key]
        except KeyError:
            if key[0] is None and key[1] not in WILD_FACES:
                raise NotationError(f"a {key[1]} card needs a colour") from None
            card = cls(key[0], key[1])
            cls._interned[key] = card
            cls._by_code[card.code] = card
            cls.ALL.append(card)
            return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the notation described in the module docstring. Anything else raises
        :class:`NotationError` (a ``ValueError``)."""
        if not isinstance(text, str):
            raise NotationError(f"a card is written as text such as 'R7', not {type(text).__name__}")
        t = text.strip()
        t = t.upper() if t.isascii() else ""
        card = cls._by_code.get(t)
        if card is not None:
            return card
        if "/" in t and t.count("/") == 1:
            up, down = t.split("/")
            return FlipCard.of(cls.parse(up), cls.parse(down))
        raise NotationError(
            f"unknown card {_short(text)!r}: write a colour (R Y G B) and 0-9, S (Skip), R (Reverse) "
            f"or +2 (Draw Two), e.g. R7, GS, BR, Y+2; or a wild: W, W+4, WX, WSH, WO, WB (written blanks: WBX, WB2, WBE, "
            f"WBN, WBC, WBM) "
            f"(No Mercy: R+4, RSA, RDA, WR+4, W+6, W+10, WCR; All Wild: WR, WS, WS2, WFS, W+2, WT+2; "
            f"Extreme: RX2, WH; Flash: RSL; Spin: R1S-R5S; Flip: R+1, RF, WDC and the dark colours P T O V, "
            f"e.g. P+5, TSA; a double-sided Flip card: R5/T+5)")

    def identical(self, other: Card) -> bool:
        """Same colour and same number/symbol (wilds: same kind)."""
        return self is other

    @property
    def name(self) -> str:
        """A readable English name, e.g. 'red 7', 'blue Skip', 'Wild Draw Four'."""
        if self.is_wild or self.color is None:
            return _FACE_NAME[self.face]
        col = self.color.name.lower()
        return f"{col} {self.number}" if self.number is not None else f"{col} {_FACE_NAME[self.face]}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


class FlipCard(Card):
    """One double-sided UNO Flip card: ``up`` (the side in play) and ``down`` (the other side).

    It *is* its side in play for every rule (its colour, face, points, ``code`` and ``index`` are
    ``up``'s, and it is equal to ``up``), so the referee's piles hold these physical cards and an action
    names the side its player sees. ``pair`` (``R5/T+5``, the side in play first) names the physical
    card in records, ``key`` the same card whichever side is up (the card-conservation count);
    :attr:`flipped` is the card turned over. Interned and immutable.

    >>> c = Card.parse('R5/T+5')
    >>> c == Card.parse('R5'), c.code, c.pair, c.flipped.pair, c.flipped == Card.parse('T+5')
    (True, 'R5', 'R5/T+5', 'T+5/R5', True)
    >>> plain(c) is Card.parse('R5')
    True
    """

    __slots__ = ("up", "down", "pair", "key")
    up: Card
    down: Card
    pair: str
    key: str
    _pairs: dict[tuple[Card, Card], FlipCard] = {}

    def __init__(self, up: Card, down: Card):  # use FlipCard.of
        for name in Card.__slots__:
            object.__setattr__(self, name, getattr(up, name))
        object.__setattr__(self, "up", up)
        object.__setattr__(self, "down", down)
        object.__setattr__(self, "pair", f"{up.code}/{down.code}")
        # the physical card whichever side is up (the card-conservation count)
        object.__setattr__(self, "key", min(self.pair, f"{down.code}/{up.code}"))

    @classmethod
    def of(cls, up: Card, down: Card) -> FlipCard:  # type: ignore[override]  # a Flip card is made of two sides
        """The physical card showing ``up`` with ``down`` on its back."""
        up, down = plain(up), plain(down)
        key = (up, down)
        card = cls._pairs.get(key)
        if card is None:
            card = cls._pairs[key] = cls(up, down)
        return card

    @property
    def flipped(self) -> FlipCard:
        return FlipCard.of(self.down, self.up)

    def __eq__(self, other: object) -> bool:
        return other is self.up or (isinstance(other, FlipCard) and other.up is self.up)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.up)

    def __repr__(self) -> str:
        return f"Card.parse({self.pair!r})"

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (self.pair,))


def plain(card: Card) -> Card:
    """The card face a player sees: a :class:`FlipCard`'s side in play, any other card itself."""
    return card.up if type(card) is FlipCard else card


def _build_all() -> None:
    for col in COLORS:
        for f in range(10):
            Card.of(col, f)
        for f in (Face.SKIP, Face.REVERSE, Face.DRAW_TWO):
            Card.of(col, f)
    for f in sorted(WILD_FACES - set(EDITION_WILDS) - set(FLEX_FACES[1]) - set(BLANK_FACES)):   # the 112/Ohana/Italian wilds
        Card.of(None, f)
    for coloured, wilds in EDITION_CARDS:
        for col in COLORS:
            for f in coloured:
                Card.of(col, f)
        for f in wilds:
            Card.of(None, f)
    for col in DARK_COLORS:
        for f in DARK_FACES:
            Card.of(col, f)
    flex_coloured, flex_wilds = FLEX_FACES
    for col in COLORS:
        for f in flex_coloured:
            Card.of(col, f)
    for f in flex_wilds:
        Card.of(None, f)
    for f in BLANK_FACES:
        Card.of(None, f)


_build_all()
#: every blank card's code: the plain blank and the ones with a rule written on them (unokit.rules.blanks)
BLANK_CODES = ("WB",) + tuple(Card.of(None, f).code for f in BLANK_FACES)


def parse_cards(text: str | Sequence[Card | str]) -> list[Card]:
    """Parse several cards separated by spaces or commas.

    >>> parse_cards('R7 g+2, W')
    [Card.parse('R7'), Card.parse('G+2'), Card.parse('W')]
    """
    if isinstance(text, (list, tuple)):
        return [c if isinstance(c, Card) else Card.parse(c) for c in text]
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text such as 'R7 G+2' (or a list), not {type(text).__name__}")
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def _short(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n] + "..."


def format_cards(cards: Iterable[Card]) -> str:
    """Inverse of :func:`parse_cards` for the sides shown (a Flip card: its side in play)."""
    return " ".join(c.code for c in cards)


def format_physical(cards: Iterable[Card]) -> str:
    """The cards as records write them: a Flip card as its pair (``R5/T+5``), read back by
    :func:`parse_cards`.

    >>> format_physical(parse_cards('R7 R5/T+5'))
    'R7 R5/T+5'
    """
    return " ".join(getattr(c, "pair", c.code) for c in cards)
