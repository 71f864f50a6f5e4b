"""Decks and editions, as data in a registry.

>>> len(build_deck('classic')), len(build_deck('112')), len(build_deck('ohana')), len(build_deck('italian'))
(108, 112, 112, 112)
>>> len(build_deck('112', include_blanks=False))
109
>>> len(build_deck('classic', copies=2))
216
>>> len(build_deck('boost'))
140
>>> [len(build_deck(d)) for d in ('nomercy', 'allwild', 'extreme', 'flash', 'spin', 'flip', 'flex')]
[168, 112, 120, 108, 108, 112, 104]
>>> sorted(DECKS)
['112', 'allwild', 'boost', 'classic', 'extreme', 'flash', 'flex', 'flip', 'italian', 'nomercy', 'ohana', 'spin']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import BLANK_CODES, COLORS, DARK_COLORS, Card, Face
from .errors import RuleCodeError

__all__ = ["DeckSpec", "DECKS", "build_deck", "classic_108", "deck_counts", "FLIP_LIGHT", "FLIP_DARK"]


def classic_108() -> list[Card]:
    """Per colour one 0, two each of 1-9, two Skip, two Reverse, two Draw Two; 4 W, 4 W+4."""
    cards: list[Card] = []
    for col in COLORS:
        cards.append(Card.of(col, 0))
        for n in range(1, 10):
            cards += [Card.of(col, n)] * 2
        for f in (Face.SKIP, Face.REVERSE, Face.DRAW_TWO):
            cards += [Card.of(col, f)] * 2
    cards += [Card.of(None, Face.WILD)] * 4
    cards += [Card.of(None, Face.WILD_DRAW_FOUR)] * 4
    return cards


def _listed(counts: Iterable[tuple[str, int]]) -> list[Card]:
    """The cards of a deck list given as ``(code, copies)`` pairs, in that order."""
    out: list[Card] = []
    for code, n in counts:
        out += [Card.parse(code)] * n
    return out


@dataclass(frozen=True)
class DeckSpec:
    """A named deck: the classic 108 plus extra cards, or (``cards``) a deck list of its own as
    ``(code, copies)`` pairs."""

    name: str
    description: str
    extras: tuple[tuple[str, int], ...] = ()
    blanks: int = 0
    source: str = ""
    special_points: dict[str, int] = field(default_factory=dict)
    cards: tuple[tuple[str, int], ...] = ()
    #: wilds that, turned first, are played on as a Wild is (the first player names the colour) rather
    #: than put back (003, the Italian deck: "il giocatore alla sinistra del mazziere può giocare carte di
    #: qualsiasi colore")
    first_wilds: tuple[str, ...] = ()

    def build(self, copies: int = 1, include_blanks: bool = True) -> list[Card]:
        one = _listed(self.cards) if self.cards else classic_108()
        for code, n in self.extras:
            one += [Card.parse(code)] * n
        if include_blanks:
            one += [Card.parse("WB")] * self.blanks
        return one * copies


#: UNO Show 'em No Mercy (003 names the cards; the counts are the edition's published deck list): per
#: colour two of each 0-9, three Draw Two, three Skip, three Reverse, two Draw Four, two Skip Everyone,
#: three Discard All (36 x 4 = 144); 8 Wild Reverse Draw Four, 4 Wild Draw Six, 4 Wild Draw Ten,
#: 8 Wild Colour Roulette (24): 168 cards.
NOMERCY_CARDS: tuple[tuple[str, int], ...] = tuple(
    (f"{col.letter}{face}", n) for col in COLORS
    for face, n in [(str(k), 2) for k in range(10)] + [("+2", 3), ("S", 3), ("R", 3), ("+4", 2), ("SA", 2),
                                                        ("DA", 3)]
) + (("WR+4", 8), ("W+6", 4), ("W+10", 4), ("WCR", 8))

#: UNO All Wild! (003 §UNO All Wild! names the eight cards; the published box holds 112, most of them
#: plain Wilds; the split is unokit's assumption, stated in docs/rules/ALLWILD.md): 28 Wild and 12 of
#: each of the seven action wilds.
ALLWILD_CARDS: tuple[tuple[str, int], ...] = (("W", 28), ("WR", 12), ("WS", 12), ("WS2", 12), ("WFS", 12),
                                              ("W+2", 12), ("WT+2", 12), ("W+4", 12))

#: UNO Flash (003 §UNO Flash: no Reverse, since the unit picks the next player; the SLAP card): the
#: classic deck with its eight Reverses replaced by eight SLAP cards, two per colour (the counts are an
#: assumption: docs/rules/FLASH.md).
FLASH_CARDS: tuple[tuple[str, int], ...] = tuple(
    (f"{col.letter}{face}", n) for col in COLORS
    for face, n in [("0", 1)] + [(str(k), 2) for k in range(1, 10)] + [("S", 2), ("+2", 2), ("SL", 2)]
) + (("W", 4), ("W+4", 4))

#: UNO Spin (003 §UNO Spin; the published deck marks five cards of each colour, 1 to 5, with the spin
#: swirl): the classic deck with one of the two copies of each 1-5 per colour a Spin card.
SPIN_CARDS: tuple[tuple[str, int], ...] = tuple(
    (f"{col.letter}{face}", n) for col in COLORS
    for face, n in [("0", 1)] + [(str(k), 1) for k in range(1, 6)] + [(f"{k}S", 1) for k in range(1, 6)]
    + [(str(k), 2) for k in range(6, 10)] + [("S", 2), ("R", 2), ("+2", 2)]
) + (("W", 4), ("W+4", 4))

#: UNO Flip's light side (003 §UNO Flip: the classic cards with Draw One for Draw Two and Wild Draw Two
#: for Wild Draw Four, and the Flip card; the counts are the edition's published list): per colour two
#: each of 1-9, Draw One, Reverse, Skip and Flip (26 x 4 = 104); 4 Wild, 4 Wild Draw Two: 112.
FLIP_LIGHT: tuple[tuple[str, int], ...] = tuple(
    (f"{col.letter}{face}", 2) for col in COLORS
    for face in [str(k) for k in range(1, 10)] + ["+1", "R", "S", "F"]
) + (("W", 4), ("W+2", 4))
#: its dark side, in pink, teal, orange and violet: per colour two each of 1-9, Draw Five, Reverse,
#: Skip Everyone and Flip (104); 4 Wild, 4 Wild Draw Colour: 112.
FLIP_DARK: tuple[tuple[str, int], ...] = tuple(
    (f"{col.letter}{face}", 2) for col in DARK_COLORS
    for face in [str(k) for k in range(1, 10)] + ["+5", "R", "SA", "F"]
) + (("W", 4), ("WDC", 4))
#: which dark side is printed behind which light one is not published: unokit pairs the two lists by one
#: fixed permutation (this seed), the same in every game, so records and decks never depend on a run
FLIP_PAIRING_SEED = 2019


def _flip_pairs() -> tuple[tuple[str, int], ...]:
    light, dark = _listed(FLIP_LIGHT), _listed(FLIP_DARK)
    random.Random(FLIP_PAIRING_SEED).shuffle(dark)
    return tuple(sorted(Counter(f"{a.code}/{b.code}" for a, b in zip(light, dark)).items()))


#: the points of Flip's cards that differ from the classic ones (each side scores when it is in play)
FLIP_POINTS = {**{f"{c.letter}+1": 10 for c in COLORS}, **{f"{c.letter}SA": 30 for c in DARK_COLORS},
               "W": 40, "W+2": 50, "WDC": 60}

#: UNO Flex (003 §UNO Flex names the card kinds; the box holds 112 cards, 8 of them power cards, so 104
#: are played; the split below is unokit's assumption, stated in docs/rules/FLEX.md): per colour two each
#: of 1-9 (of them one 2, 4, 6 and 8 two-coloured, one 1, 5 and 9 with the flip mark), one Skip, Reverse
#: and Draw Two and one flex card of each (24 x 4 = 96); 2 Wild All Flip, 2 of each Flex Wild (a player
#: chosen draws 2 / every other player draws 2), 2 Flex Wild Draw Four: 104 cards.
FLEX_CARDS: tuple[tuple[str, int], ...] = tuple(
    (f"{col.letter}{face}", n) for col in COLORS
    for face, n in ([(str(k), 1 if k in (1, 2, 4, 5, 6, 8, 9) else 2) for k in range(1, 10)]
                    + [(f"{k}{COLORS[(col + 1) % 4].letter}", 1) for k in (2, 4, 6, 8)]
                    + [(f"{k}F", 1) for k in (1, 5, 9)]
                    + [("S", 1), ("R", 1), ("+2", 1), ("SX", 1), ("RX", 1), ("+2X", 1)])
) + (("WAF", 2), ("WF2", 2), ("WFA", 2), ("W+4F", 2))

DECKS: dict[str, DeckSpec] = {
    "classic": DeckSpec("classic", "the classic 108-card deck", source="000 §Regras em Verbatim; 004"),
    "112": DeckSpec("112", "classic + 1 Wild Swap Hands + 3 blank customizable Wilds",
                    extras=(("WX", 1),), blanks=3, source="001"),
    "ohana": DeckSpec("ohana", "classic + 4 Wild Ohana", extras=(("WO", 4),), source="002"),
    "boost": DeckSpec("boost", "UNO Boost: classic + the 32 action cards of a second classic deck (8 Skip, "
                      "8 Reverse, 8 Draw Two, 4 Wild, 4 Wild Draw Four): 140 cards",
                      extras=tuple((f"{col.letter}{face}", 2) for col in COLORS for face in ("S", "R", "+2"))
                      + (("W", 4), ("W+4", 4)),
                      source="003 §Varianti non ufficiali (UNO Boost)"),
    "italian": DeckSpec("italian", "classic + Wild Shuffle Hands + 3 customizable cards (40 points)",
                        extras=(("WSH", 1),), blanks=3, source="003",
                        special_points={c: 40 for c in BLANK_CODES},
                        first_wilds=BLANK_CODES + ("WSH",)),
    "nomercy": DeckSpec("nomercy", "UNO Show 'em No Mercy: 168 cards (coloured +4, Skip Everyone, Discard All, "
                        "Wild Reverse Draw Four, Wild Draw Six and Ten, Wild Colour Roulette)",
                        source="003 §UNO Show 'em No Mercy; counts from the edition's published deck list",
                        cards=NOMERCY_CARDS),
    "allwild": DeckSpec("allwild", "UNO All Wild!: 112 wild cards (Wild, Reverse, Skip, Skip Two, Forced Swap, "
                        "Draw Two, Targeted Draw Two, Draw Four)",
                        source="003 §UNO All Wild!; the split of the 112 is an assumption (docs/rules/ALLWILD.md)",
                        cards=ALLWILD_CARDS, special_points={"W": 20}),
    "extreme": DeckSpec("extreme", "UNO Extreme!: classic + 8 Hit 2 (x2) + 4 Wild Hit (?)",
                        extras=(("RX2", 2), ("YX2", 2), ("GX2", 2), ("BX2", 2), ("WH", 4)),
                        source="003 §UNO Extreme!; the counts are an assumption (docs/rules/EXTREME.md)"),
    "flash": DeckSpec("flash", "UNO Flash: classic with the 8 Reverses replaced by 8 SLAP cards",
                      source="003 §UNO Flash; the counts are an assumption (docs/rules/FLASH.md)", cards=FLASH_CARDS),
    "spin": DeckSpec("spin", "UNO Spin: classic, with one of each 1-5 per colour a Spin card (20)",
                     source="003 §UNO Spin; the published count of 20 Spin cards", cards=SPIN_CARDS),
    "flip": DeckSpec("flip", "UNO Flip: 112 double-sided cards (light: Draw One, Wild Draw Two, Flip; dark: pink, "
                     "teal, orange, violet, Draw Five, Skip Everyone, Wild Draw Colour, Flip)",
                     source="003 §UNO Flip; counts from the edition's published list, the pairing of the sides "
                            "an assumption (docs/rules/FLIP.md)", cards=_flip_pairs(), special_points=FLIP_POINTS),
    "flex": DeckSpec("flex", "UNO Flex: 104 cards (two-coloured numbers, numbers with the flip mark, flex Skip, "
                     "Reverse, Draw Two and Wilds, Wild All Flip) and a power card per player",
                     source="003 §UNO Flex; the split of the 104 is an assumption (docs/rules/FLEX.md)",
                     cards=FLEX_CARDS),
}
# 002 lists 112 cards: the classic 108 plus four Wild Ohana (one per pack corner in the 2023 edition).


#: the rules a table may write on a blank card (the table parameter ``blanks=``), by keyword: the card
#: that carries it (what each does: :mod:`unokit.rules.blanks`); any other word is the code of a lost card
#: the blank stands in for
BLANK_EFFECTS: dict[str, str] = {"wild": "WB", "swap": "WBX", "draw2": "WB2", "everyone1": "WBE", "drawn": "WBN",
                                 "bianca": "WBC", "nextswap": "WBM"}


def deck_with_blanks(spec: DeckSpec, copies: int, value: str) -> list[Card]:
    """The cards of deck ``spec`` (``copies`` decks) with the blanks written as ``value`` says: each
    keyword blank added as its card, each stand-in already there (it replaces the lost card). Raises
    ``ValueError`` with a one-line reason when the deck cannot hold them."""
    cards = spec.build(copies, include_blanks=False)
    have = spec.blanks * copies
    want = value.split("/")
    if not have:
        raise ValueError(f"the {spec.name} deck has no blank cards: write blanks on the 112 or the Italian deck")
    if len(want) > have:
        raise ValueError(f"the {spec.name} deck has {have} blank cards; blanks= writes {len(want)}")
    held = Counter(cards)
    lost = Counter(Card.parse(p) for p in want if p not in BLANK_EFFECTS)
    for card, k in lost.items():
        if held[card] < k:
            raise ValueError(f"a blank stands in for a lost {card.code}, but the {spec.name} deck holds "
                             f"{held[card]} {card.code}" + ("" if held[card] else
                                                            ": a stand-in replaces a card of the deck"))
    return cards + [Card.parse(BLANK_EFFECTS[p]) for p in want if p in BLANK_EFFECTS]


def build_deck(name: str = "classic", copies: int = 1, include_blanks: bool = True, blanks: str = "") -> list[Card]:
    """The cards of edition ``name`` (``copies`` decks shuffled together for many players); ``blanks``:
    the rules written on its blank cards (the table parameter ``blanks=``, :mod:`unokit.rules.blanks`)."""
    try:
        spec = DECKS[name]
    except KeyError:
        raise RuleCodeError(f"unknown deck {name!r}; choose one of {', '.join(sorted(DECKS))}") from None
    if copies < 1:
        raise RuleCodeError("copies must be at least 1")
    key = (name, copies, include_blanks, blanks)
    cards = _BUILT.get(key)
    if cards is None:
        if blanks:
            try:
                built = deck_with_blanks(spec, copies, blanks)
            except ValueError as e:
                raise RuleCodeError(str(e)) from None
        else:
            built = spec.build(copies, include_blanks)
        cards = _BUILT[key] = tuple(built)
    return list(cards)


_BUILT: dict[tuple[str, int, bool, str], tuple[Card, ...]] = {}


def deck_counts(cards: Iterable[Card]) -> Counter[str]:
    """Multiset of card codes, used by the conservation invariant (a Flip card counts as the physical
    card, whichever side is up: its ``key``)."""
    return Counter(getattr(c, "key", c.code) for c in cards)
