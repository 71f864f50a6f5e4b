"""Plain words for the engine's typed events, in English (``"en"``) or Portuguese (``"pt"``).

One narrator for every front end (the plain terminal, a web table, a Textual app): each function
returns one line of plain text, without markup, for a seat reading the log (``viewer``; ``None`` for
a spectator). ``names`` is a sequence of seat names (index = seat). What concerns the viewer is
written in the second person.

>>> from unokit.core.events import make_event
>>> from unokit.core.cards import parse_cards
>>> names = ["Ana", "Bob", "Cris"]
>>> e = make_event("play", 3, 0, tuple(parse_cards("W")), "R")
>>> describe(e, None, names), describe(e, 0, names), describe(e, 0, names, "pt")
('Ana plays Wild and chooses red', 'You play Wild and choose red', 'Você joga Curinga e escolhe vermelho')
>>> describe(make_event("caught", 5, 1, 0), 0, names)
'Bob caught you without UNO'

The events have no kind for a skipped turn; :func:`narrate_sequence` derives it from the plays of a
Skip (a Reverse between two players) and adds a line for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ..core.cards import FLEX_NUMBER, FLEXED_NUMBER, MARKED_NUMBER, SPIN_NUMBER, Card, Color, Face
from ..core.events import REASON_PREFIXES, REASONS
from .course import Course, _runs

if TYPE_CHECKING:
    from .view import PlayerView

#: who reads and how: (viewer, names, lang, players, dealer)
_Who = tuple[int | None, Sequence[str], str, int, int | None]

__all__ = ["LANGS", "Narration", "SharedLines", "card_name", "cards_name", "color_name", "describe", "describe_draw_for",
           "describe_pending", "describe_revealed", "describe_skip", "narrate_sequence"]

#: the languages the narrator writes
LANGS = ("en", "pt")

_COLOR = {"en": ("Red", "Yellow", "Green", "Blue", "Pink", "Teal", "Orange", "Purple"),
          "pt": ("Vermelho", "Amarelo", "Verde", "Azul", "Rosa", "Turquesa", "Laranja", "Roxo")}
_FACE: dict[str, dict[int, str]] = {
    "en": {Face.SKIP: "Skip", Face.REVERSE: "Reverse", Face.DRAW_TWO: "+2", Face.WILD: "Wild",
           Face.WILD_DRAW_FOUR: "Wild Draw Four", Face.WILD_SWAP: "Wild Swap Hands",
           Face.WILD_SHUFFLE: "Wild Shuffle Hands", Face.WILD_OHANA: "Wild Ohana", Face.WILD_BLANK: "Blank Wild",
           Face.DRAW_FOUR: "+4", Face.SKIP_ALL: "Skip Everyone", Face.DISCARD_ALL: "Discard All",
           Face.WILD_REVERSE_DRAW_FOUR: "Wild Reverse Draw Four", Face.WILD_DRAW_SIX: "Wild Draw Six",
           Face.WILD_DRAW_TEN: "Wild Draw Ten", Face.WILD_ROULETTE: "Wild Colour Roulette",
           Face.WILD_REVERSE: "Wild Reverse", Face.WILD_SKIP: "Wild Skip", Face.WILD_SKIP_TWO: "Wild Skip Two",
           Face.WILD_FORCED_SWAP: "Wild Forced Swap", Face.WILD_DRAW_TWO: "Wild Draw Two",
           Face.WILD_TARGETED_DRAW_TWO: "Wild Targeted Draw Two", Face.HIT_TWO: "Hit 2", Face.WILD_HIT: "Wild Hit",
           Face.SLAP: "SLAP", Face.DRAW_ONE: "+1", Face.FLIP: "Flip", Face.DRAW_FIVE: "+5",
           Face.WILD_DRAW_COLOR: "Wild Draw Colour",
           Face.FLEX_SKIP: "Flex Skip", Face.FLEX_REVERSE: "Flex Reverse", Face.FLEX_DRAW_TWO: "Flex +2",
           Face.FLEXED_SKIP: "Skip Everyone (flex)", Face.FLEXED_REVERSE: "Reverse and Skip (flex)",
           Face.FLEXED_DRAW_TWO: "Everyone Draws One (flex)", Face.FLEX_WILD_TARGET: "Flex Wild (targeted +2)",
           Face.FLEX_WILD_ALL: "Flex Wild (all draw 2)", Face.FLEX_WILD_DRAW_FOUR: "Flex Wild Draw Four",
           Face.WILD_ALL_FLIP: "Wild All Flip", Face.FLEXED_WILD_TARGET: "Wild, a player draws 2 (flex)",
           Face.FLEXED_WILD_ALL: "Wild, everyone draws 2 (flex)",
           Face.FLEXED_WILD_DRAW_FOUR: "Wild, a player draws 4 (flex)",
           # blanks with a rule written on them (docs/blanks.md)
           Face.BLANK_SWAP: "Blank: Swap Hands", Face.BLANK_TARGET_TWO: "Blank: a player draws 2",
           Face.BLANK_EVERYONE: "Blank: everyone draws 1", Face.BLANK_DRAW_N: "Blank: the next player draws N",
           Face.BLANK_BIANCA: "Carta Bianca", Face.BLANK_NEXT_SWAP: "Blank: Cambio Mazzo (swap with the next)"},
    # the guide's words (000): Pular, Inverter, Comprar Duas (Cartas), Curinga, Curinga Comprar Quatro (Cartas)
    "pt": {Face.SKIP: "Pular", Face.REVERSE: "Inverter", Face.DRAW_TWO: "Comprar Duas", Face.WILD: "Curinga",
           Face.WILD_DRAW_FOUR: "Curinga Comprar Quatro", Face.WILD_SWAP: "Curinga Troca de Mãos",
           Face.WILD_SHUFFLE: "Curinga Embaralha Mãos", Face.WILD_OHANA: "Curinga Ohana",
           Face.WILD_BLANK: "Curinga em Branco",
           # No Mercy (003 names them in Italian: Pesca +4, Salta Tutti, Scarta Tutto, Roulette Colore...)
           Face.DRAW_FOUR: "Comprar Quatro", Face.SKIP_ALL: "Pular Todos", Face.DISCARD_ALL: "Descartar Tudo",
           Face.WILD_REVERSE_DRAW_FOUR: "Curinga Inverter Comprar Quatro", Face.WILD_DRAW_SIX: "Curinga Comprar Seis",
           Face.WILD_DRAW_TEN: "Curinga Comprar Dez", Face.WILD_ROULETTE: "Curinga Roleta de Cores",
           # All Wild (003: Jolly Cambio Giro, Salta Turno, Salta Due, Scambio Forzato, Pesca +2, +2 mirato)
           Face.WILD_REVERSE: "Curinga Inverter", Face.WILD_SKIP: "Curinga Pular", Face.WILD_SKIP_TWO: "Curinga Pular Dois",
           Face.WILD_FORCED_SWAP: "Curinga Troca Forçada", Face.WILD_DRAW_TWO: "Curinga Comprar Duas",
           Face.WILD_TARGETED_DRAW_TWO: "Curinga Comprar Duas Direcionado",
           # Extreme (003: "il x2", "la carta jolly con punto di domanda")
           Face.HIT_TWO: "Dispara 2", Face.WILD_HIT: "Curinga Dispara", Face.SLAP: "SLAP",
           # Flip (003: Pesca +1, Pesca +5, Cambio Colore e Pesca Carte)
           Face.DRAW_ONE: "Comprar Uma", Face.FLIP: "Flip", Face.DRAW_FIVE: "Comprar Cinco",
           Face.WILD_DRAW_COLOR: "Curinga Comprar Cor",
           # Flex (003: Cambio Giro e Salta Turno, Salta Tutti, Cambio Colore e FLIP...)
           Face.FLEX_SKIP: "Pular Flex", Face.FLEX_REVERSE: "Inverter Flex", Face.FLEX_DRAW_TWO: "Comprar Duas Flex",
           Face.FLEXED_SKIP: "Pular Todos (flex)", Face.FLEXED_REVERSE: "Inverter e Pular (flex)",
           Face.FLEXED_DRAW_TWO: "Todos Compram Uma (flex)", Face.FLEX_WILD_TARGET: "Curinga Flex (+2 escolhido)",
           Face.FLEX_WILD_ALL: "Curinga Flex (todos compram 2)", Face.FLEX_WILD_DRAW_FOUR: "Curinga Comprar Quatro Flex",
           Face.WILD_ALL_FLIP: "Curinga FLIP para Todos", Face.FLEXED_WILD_TARGET: "Curinga, um jogador compra 2 (flex)",
           Face.FLEXED_WILD_ALL: "Curinga, todos compram 2 (flex)",
           Face.FLEXED_WILD_DRAW_FOUR: "Curinga, um jogador compra 4 (flex)",
           Face.BLANK_SWAP: "Branca: Troca de Mãos", Face.BLANK_TARGET_TWO: "Branca: um jogador compra 2",
           Face.BLANK_EVERYONE: "Branca: todos compram 1", Face.BLANK_DRAW_N: "Branca: o próximo compra N",
           Face.BLANK_BIANCA: "Carta Branca (carta bianca)",
           Face.BLANK_NEXT_SWAP: "Branca: Cambio Mazzo (troca com o próximo)"},
}
_AND = {"en": "and", "pt": "e"}
_NUM = {"en": ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
        "pt": ("nenhum", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez")}
# penalty and elimination reasons the referee writes in English, in Portuguese (a rule's own: register_reason)
_REASON_PT = {
    "missed UNO": "não disse UNO", "Wild Draw Four bluff": "blefe com o Curinga Comprar Quatro", "hint": "dica",
    "lost a Wild Draw Four challenge": "perdeu o desafio do Curinga Comprar Quatro",
    "wrong play": "jogada errada",
    "Wild Draw Two bluff": "blefe com o Curinga Comprar Duas", "lost a Wild Draw Two challenge":
    "perdeu o desafio do Curinga Comprar Duas", "Wild Draw Colour bluff": "blefe com o Curinga Comprar Cor",
    "lost a Wild Draw Colour challenge": "perdeu o desafio do Curinga Comprar Cor"}


def _reason_pt(text: object) -> str:
    text = str(text)
    pt = next((words["pt"] + text[len(en):] for en, words in REASON_PREFIXES.items()
               if text.startswith(en) and "pt" in words), None)
    return pt or _REASON_PT.get(text) or REASONS.get(text, {}).get("pt", text)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGS)}")
    return lang


def _card(x: object) -> Card | None:
    try:
        return x if isinstance(x, Card) else Card.parse(str(x))
    except ValueError:
        return None


def card_name(card: object, lang: str = "en") -> str:
    """A card (a :class:`~unokit.core.cards.Card` or its code) in words.

    >>> card_name("R7"), card_name("GS"), card_name("W+4"), card_name("B+2")
    ('Red 7', 'Green Skip', 'Wild Draw Four', 'Blue +2')
    >>> card_name("R7", "pt"), card_name("GS", "pt"), card_name("W+4", "pt"), card_name("Y+2", "pt")
    ('7 Vermelho', 'Pular Verde', 'Curinga Comprar Quatro', 'Comprar Duas Amarelo')
    """
    try:
        return _card_name(card, lang)
    except TypeError:     # (a card that is not hashable: named each time)
        return _name_card(card, lang)


@lru_cache(maxsize=4096)    # (a pure function of the card and the language, asked for at every line)
def _card_name(card: object, lang: str) -> str:
    return _name_card(card, lang)


def _name_card(card: object, lang: str) -> str:
    faces = _FACE[_lang(lang)]
    c = _card(card)
    if c is None:
        return str(card)
    if c.is_wild or c.color is None:
        return faces[c.face]
    face = str(c.number) if c.number is not None else faces[c.face]
    if c.face in SPIN_NUMBER:   # a Spin card: its number, with the spin mark
        face += " Spin"
    elif c.face in FLEX_NUMBER:   # UNO Flex: a two-coloured number (its flex colour)
        face += f" (flex {_COLOR[lang][(c.color + 1) % 4].lower()})"
    elif c.face in FLEXED_NUMBER:   # played on its flex colour, from the card of the colour before it
        face += f" ({'flex, then' if lang == 'en' else 'flex, depois'} {_COLOR[lang][(c.color - 1) % 4].lower()})"
    elif c.face in MARKED_NUMBER:   # the flip mark
        face += " ⟲"
    col = _COLOR[lang][c.color]
    return f"{col} {face}" if lang == "en" else f"{face} {col}"


def _join(items: Sequence[str], lang: str, word: str | None = None) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word or _AND[lang]} " + items[-1]


def cards_name(cards: str | Card | Iterable[Card | str], lang: str = "en") -> str:
    """Several cards (Cards, codes, or one string of codes) in words.

    >>> cards_name("R7 G7 B7"), cards_name(["R7"], "pt"), cards_name("WX Y+2", "pt")
    ('Red 7, Green 7 and Blue 7', '7 Vermelho', 'Curinga Troca de Mãos e Comprar Duas Amarelo')
    """
    if type(cards) is tuple:         # (an event's cards: named once per language)
        try:
            return _cards_name(cards, lang)
        except TypeError:    # (a card that is not hashable)
            pass
    return _name_cards(cards, lang)


@lru_cache(maxsize=4096)
def _cards_name(cards: tuple[Card | str, ...], lang: str) -> str:
    return _name_cards(cards, lang)


def _name_cards(cards: str | Card | Iterable[Card | str], lang: str) -> str:
    _lang(lang)
    if isinstance(cards, (str, Card)):
        cards = str(cards).split()
    items = [card_name(c, lang) for c in cards]
    return _join(items, lang) if items else ("no cards" if lang == "en" else "nenhuma carta")


def color_name(color: object, lang: str = "en") -> str:
    """A colour (a :class:`~unokit.core.cards.Color`, a letter or a name) as a word.

    >>> color_name("R"), color_name(Color.BLUE, "pt")
    ('red', 'azul')
    """
    _lang(lang)
    try:
        col = color if isinstance(color, Color) else Color.parse(str(color))
    except ValueError:
        return str(color)
    return _COLOR[lang][col].lower()


def _n_cards(k: int, lang: str) -> str:
    return {"en": ("a card", "{} cards"), "pt": ("uma carta", "{} cartas")}[lang][k != 1].format(k)


def _owed(k: int, lang: str) -> str:
    return {"en": ("the card owed", "the {} cards owed"), "pt": ("a carta devida", "as {} cartas devidas")
            }[lang][k != 1].format(k)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_IRREGULAR = {"is": "are", "was": "were", "has": "have", "goes": "go", "does": "do"}


class _Words:
    """Who is who for one reader: names, the second person, possessives and verb forms."""

    def __init__(self, viewer: int | None, names: Sequence[str], lang: str) -> None:
        self.viewer, self.names, self.lang = viewer, names, lang

    def you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat: int | None) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return f"Seat {seat}" if self.lang == "en" else f"Jogador {seat}"

    def subj(self, seat: int | None) -> str:
        return ("You" if self.lang == "en" else "Você") if self.you(seat) else self.name(seat)

    def obj(self, seat: int | None) -> str:
        return ("you" if self.lang == "en" else "você") if self.you(seat) else self.name(seat)

    def verb(self, seat: int | None, verb: str) -> str:
        """``verb`` in the third person singular, for ``seat`` (Portuguese uses it for 'você' too)."""
        if self.lang != "en" or not self.you(seat):
            return verb
        if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
            return verb[:-2]
        return _IRREGULAR.get(verb, verb.removesuffix("s"))

    def s(self, seat: int | None, verb: str) -> str:
        """Subject and verb: 'You play', 'Ana plays', 'Você joga'."""
        return f"{self.subj(seat)} {self.verb(seat, verb)}"

    def poss(self, seat: int | None) -> str:
        """English possessive: 'your' / "Ana's"."""
        return "your" if self.you(seat) else f"{self.name(seat)}'s"

    def de(self, seat: int | None, article: str, noun: str) -> str:
        """Portuguese possessive: 'a sua mão' / 'a mão de Ana'."""
        mine = "sua" if article == "a" else "seu"
        return f"{article} {mine} {noun}" if self.you(seat) else f"{article} {noun} de {self.name(seat)}"

    def seats(self, seats: Iterable[int]) -> tuple[str, bool]:
        """Several seats as a subject (the reader first) and whether the verb is plural."""
        seats = sorted(seats, key=lambda q: (not self.you(q), q))
        words = [self.subj(seats[0])] + [self.obj(q) for q in seats[1:]] if seats else []
        return _join(words, self.lang), len(seats) > 1 or (self.lang == "en" and any(map(self.you, seats)))

    # the words a rule's own narration uses (unokit.core.events.register_event's ``tell``), in the reader's language
    def card(self, card: Card | str) -> str:
        """A card in words: 'Red 7', '7 Vermelho'."""
        return card_name(card, self.lang)

    def cards(self, cards: str | Card | Iterable[Card | str]) -> str:
        """Several cards in words: 'Red 7 and Green 7'."""
        return cards_name(cards, self.lang)

    def color(self, color: object) -> str:
        """A colour as a word: 'red', 'vermelho'."""
        return color_name(color, self.lang)

    def n_cards(self, k: int) -> str:
        """'a card', '3 cards' / 'uma carta', '3 cartas'."""
        return _n_cards(k, self.lang)

    def owed(self, k: int) -> str:
        """A draw total: 'the 4 cards owed', 'as 4 cartas devidas'."""
        return _owed(k, self.lang)

    def reason(self, text: object) -> str:
        """A penalty's reason in the reader's language."""
        return _reason_pt(text) if self.lang == "pt" else str(text)

    @staticmethod
    def cap(text: str) -> str:
        """The text with its first letter in capitals."""
        return _cap(text)


class _Probe(_Words):
    """A reader who is nobody (as a spectator reads), noting every seat a line asks "is it the reader?"
    about (:meth:`_Words.you`, through which every sentence reads its reader): for any reader not among
    them, the line is the same word for word. A line that reads ``viewer`` itself is noted as ``direct``."""

    def __init__(self, names: Sequence[str], lang: str) -> None:     # (no viewer: read through the property)
        self.names, self.lang = names, lang
        self.asked: set[object] = set()
        self.direct = False

    @property
    def viewer(self) -> None:   # type: ignore[override]  # (read only: noted)
        self.direct = True
        return None

    def you(self, seat: int | None) -> bool:
        if seat is not None:
            try:
                self.asked.add(seat)
            except TypeError:       # (not a seat: noted as a line that may read the reader another way)
                self.direct = True
        return False


class SharedLines:
    """The lines of a hand's events, and its skips, told once for every reader they do not name.

    The readers of one table in one language (same ``names``) share one: each event (one object of a
    history) is told once as a spectator reads it, noting the seats its line asks about (:class:`_Probe`);
    a reader who is none of them is given that line, the others theirs. :class:`Narration` takes one
    (``shared=``); what it tells is then the same as without it.

    >>> from unokit.core.events import make_event
    >>> from unokit.core.cards import parse_cards
    >>> book = SharedLines(["Ana", "Bob", "Cris"], "en")
    >>> e = make_event("play", 5, 0, tuple(parse_cards("GS")), None)
    >>> [book.event(e, v) for v in (None, 0, 1, 2)]
    ['Ana plays Green Skip', 'You play Green Skip', 'Ana plays Green Skip', 'Ana plays Green Skip']
    >>> book.told
    1
    """

    #: at most this many events, skips and runs are kept each (a long hand's oldest are dropped: told again)
    KEEP = 256

    def __init__(self, names: Sequence[str], lang: str = "en") -> None:
        self.names, self.lang = tuple(names), _lang(lang)
        self._events: dict[int, tuple[Any, str, frozenset[object] | None]] = {}   # id(event) -> (it, line, asked)
        self._skips: dict[int, tuple[str, frozenset[object] | None]] = {}          # seat -> (line, asked)
        self._plans: dict[tuple[Any, ...], tuple[Any, ...]] = {}     # a run's plan and lines (run)
        self._courses: dict[tuple[Any, ...], Course] = {}          # (course)
        self.told = 0                # lines told for the probe (the tests count them)

    def course(self, players: int, direction: int, eliminated: Iterable[int], dealer: int | None,
               keep: int | None) -> Course:
        """The one course of a hand told to every reader of these lines (:class:`~unokit.engine.course.Course`) that starts so."""
        key = (players, direction, frozenset(eliminated), dealer, keep)
        kept = self._courses.get(key)
        if kept is None:
            kept = self._courses[key] = Course(self, players, direction, key[2], dealer, keep, narrate_sequence)
        return kept

    def _probe(self) -> _Probe:
        self.told += 1
        return _Probe(self.names, self.lang)

    def event(self, e: Any, viewer: int | None) -> str:
        """``describe(e, viewer, names, lang)``."""
        line, asked = self._event(e)
        if viewer is None or (asked is not None and viewer not in asked):
            return line
        return _describe(e, _Words(viewer, self.names, self.lang))

    def skip(self, seat: int, viewer: int | None) -> str:
        """``describe_skip(seat, viewer, names, lang)``."""
        line, asked = self._skip(seat)
        if viewer is None or (asked is not None and viewer not in asked):
            return line
        return _skip(seat, _Words(viewer, self.names, self.lang))

    def _event(self, e: Any) -> tuple[str, frozenset[object] | None]:
        """``e``'s line for the readers it does not name, and the seats it asked about (None: any may differ)."""
        kept = self._events.get(id(e))
        if kept is None or kept[0] is not e:
            probe = self._probe()
            line = _describe(e, probe)
            kept = (e, line, None if probe.direct else frozenset(probe.asked))
            if len(self._events) >= self.KEEP:
                self._events.clear()
            self._events[id(e)] = kept
        return kept[1], kept[2]

    def _skip(self, seat: int) -> tuple[str, frozenset[object] | None]:
        kept = self._skips.get(seat)
        if kept is None:
            probe = self._probe()
            line = _skip(seat, probe)
            kept = (line, None if probe.direct else frozenset(probe.asked))
            if len(self._skips) >= self.KEEP:
                self._skips.clear()
            self._skips[seat] = kept
        return kept

    def run(self, events: Sequence[Any], a: int, b: int, players: int, dealer: int | None, direction: int,
            out: set[int], viewer: int | None) -> tuple[list[str], int, set[int]]:
        """The lines of the run ``events[a:b]`` (one ``seq``) for ``viewer``, and the direction and the seats
        out after it, from ``direction`` and ``out`` before it (as :class:`Narration` tells a run): planned
        once for every reader (:func:`_plan`), its lines shared by the readers it does not name."""
        kept = self._record(events, a, b, players, dealer, direction, out)
        return self._lines(kept, viewer), kept[4], set(kept[5])

    def _record(self, events: Sequence[Any], a: int, b: int, players: int, dealer: int | None, direction: int,
                out: set[int] | frozenset[int]) -> tuple[Any, ...]:
        """The run ``events[a:b]`` planned and told once: ``(its events, its lines' items, the lines for a
        reader it does not name, the seats it names or None, the direction after it, the seats out after it,
        {reader it names: its lines})``."""
        key = (a, b, players, dealer, direction, frozenset(out) if out else _NOBODY)
        kept = self._plans.get(key)
        if kept is None or not _same(kept[0], events, a):
            after = set(out)
            told, turned = _plan(events, a, b, players, dealer, direction, after, _no_skip(events, a, b), {})
            items = [(_EVENT, events[x]) if line == _EVENT else (_SKIP, x) for line, x in told]
            lines: list[str] = []
            asked: set[object] | None = set()
            for line, x in items:
                said, seats = self._event(x) if line == _EVENT else self._skip(x)
                lines.append(said)
                asked = None if seats is None or asked is None else asked | seats
            kept = (tuple(events[a:b]), items, lines, None if asked is None else frozenset(asked), turned,
                    frozenset(after), {})
            if len(self._plans) >= self.KEEP:
                self._plans.clear()
            self._plans[key] = kept
        return kept

    def _lines(self, kept: tuple[Any, ...], viewer: int | None) -> list[str]:
        """The lines of a run (:meth:`_record`) for ``viewer`` (read-only: the caller copies those it keeps)."""
        shared: list[str] = kept[2]
        if viewer is None or (kept[3] is not None and viewer not in kept[3]):
            return shared
        own: list[str] | None = kept[6].get(viewer)
        if own is None:
            own = kept[6][viewer] = [self.event(x, viewer) if line == _EVENT else self.skip(x, viewer)
                                     for line, x in kept[1]]
        return own


_NOBODY: frozenset[int] = frozenset()


def _same(told: tuple[Any, ...], events: Sequence[Any], a: int) -> bool:
    """Whether ``events`` hold the very events ``told`` from index ``a`` on."""
    return all(events[a + i] is e for i, e in enumerate(told))


# ---------------------------------------------------------------------- one sentence per kind
def _en_play(w: _Words, e: Any) -> str:
    named = f" and {w.verb(e.player, 'chooses')} {color_name(e.color)}" if e.color is not None else ""
    verb = w.s(e.player, "plays") if e.kind == "play" else w.s(e.player, "cuts") + " in with"
    return f"{verb} {cards_name(e.cards)}{named}"


def _en_draw(w: _Words, e: Any) -> str:
    if not e.cards:
        return f"{w.s(e.player, 'draws')} {_n_cards(e.count, 'en')}"
    first = card_name(e.cards[0])  # REV: the stock is face up, so the first card drawn is public
    return f"{w.s(e.player, 'draws')} " + (first if e.count == 1 else f"{e.count} cards; the first is {first}")


def _bluff(e: Any) -> bool:
    return e.verdict in ("guilty", "bluff", "liar")


_EN: dict[str, Callable[[_Words, Any], str]] = {
    "first": lambda w, e: f"First discard: {card_name(e.card)}",
    "first-returned": lambda w, e: f"{card_name(e.card)} was turned first; it goes back into the deck",
    "play": _en_play,
    "cut": _en_play,
    "draw": _en_draw,
    "draws-penalty": lambda w, e: f"{w.s(e.player, 'takes')} {_owed(e.count, 'en')}",
    "penalty": lambda w, e: f"{w.s(e.player, 'gets')} a penalty of {_n_cards(e.count, 'en')} ({e.reason})",
    "reshuffle": lambda w, e: f"The discard pile is shuffled into a new stock ({e.size} card{'s' * (e.size != 1)})",
    "color": lambda w, e: f"{w.s(e.player, 'chooses')} {color_name(e.color)}",
    "uno": lambda w, e: f"{w.s(e.player, 'says')} UNO!",
    "caught": lambda w, e: f"{w.s(e.target, 'is')} caught without UNO" if e.player in (None, e.target)
                           else f"{w.subj(e.player)} caught {w.obj(e.target)} without UNO",
    "challenge": lambda w, e: f"{w.s(e.player, 'challenges')} {w.poss(e.bluffer)} Wild Draw Four: "
                              + ("it was a bluff" if _bluff(e) else "it was legal"),
    "say": lambda w, e: f'{w.s(e.player, "says")}: "{e.text}"',
    "hint": lambda w, e: f"{w.s(e.player, 'gives')} {w.obj(e.to)} a hint" + (f": {e.text}" if e.text else ""),
    "out": lambda w, e: f"{w.s(e.player, 'goes')} out and {w.verb(e.player, 'wins')} the hand "
                        f"({e.points} points in the other hands)",
    "eliminated": lambda w, e: f"{w.s(e.player, 'is')} out of this hand: {e.reason}",
    "wrong-play": lambda w, e: f"{w.s(e.player, 'makes')} a wrong play (#{e.wrong_seq}: {e.reason})",
    "noticed": lambda w, e: f"{w.s(e.player, 'notices')} " + (
        ("your own" if w.you(e.player) else "their own") if e.offender == e.player else w.poss(e.offender))
        + f" wrong play #{e.wrong_seq}",
}


def _pt_draw(w: _Words, e: Any) -> str:
    if not e.cards:
        return f"{w.subj(e.player)} compra {_n_cards(e.count, 'pt')}"
    first = card_name(e.cards[0], "pt")
    return f"{w.subj(e.player)} compra " + (first if e.count == 1 else f"{e.count} cartas; a primeira é {first}")


_PT: dict[str, Callable[[_Words, Any], str]] = {
    "first": lambda w, e: f"Primeira carta do descarte: {card_name(e.card, 'pt')}",
    "first-returned": lambda w, e: f"{card_name(e.card, 'pt')} foi virado primeiro e volta para o baralho",
    "play": lambda w, e: f"{w.subj(e.player)} {'joga' if e.kind == 'play' else 'corta com'} "
                         f"{cards_name(e.cards, 'pt')}"
                         + (f" e escolhe {color_name(e.color, 'pt')}" if e.color is not None else ""),
    "draw": _pt_draw,
    "draws-penalty": lambda w, e: f"{w.subj(e.player)} compra {_owed(e.count, 'pt')}",
    "penalty": lambda w, e: f"{w.subj(e.player)} recebe uma penalidade de {_n_cards(e.count, 'pt')} "
                            f"({_reason_pt(e.reason)})",
    "reshuffle": lambda w, e: f"A pilha de descarte é embaralhada e vira o novo monte ({e.size} carta{'s' * (e.size != 1)})",
    "color": lambda w, e: f"{w.subj(e.player)} escolhe {color_name(e.color, 'pt')}",
    "uno": lambda w, e: f"{w.subj(e.player)} diz UNO!",
    "caught": lambda w, e: f"{w.subj(e.target)} foi pego sem UNO" if e.player in (None, e.target)
                           else f"{w.subj(e.player)} pegou {w.obj(e.target)} sem UNO",
    "challenge": lambda w, e: f"{w.subj(e.player)} desafia {w.de(e.bluffer, 'o', 'Curinga Comprar Quatro')}: "
                              + ("era blefe" if _bluff(e) else "era válido"),
    "say": lambda w, e: f'{w.subj(e.player)} diz: "{e.text}"',
    "hint": lambda w, e: f"{w.subj(e.player)} dá uma dica para {w.obj(e.to)}" + (f": {e.text}" if e.text else ""),
    "out": lambda w, e: f"{w.subj(e.player)} fica sem cartas e vence a mão ({e.points} pontos nas outras mãos)",
    "eliminated": lambda w, e: f"{w.subj(e.player)} está fora desta mão: {_reason_pt(e.reason)}",
    "wrong-play": lambda w, e: f"{w.subj(e.player)} faz uma jogada errada (nº {e.wrong_seq}: {e.reason})",
    "noticed": lambda w, e: f"{w.subj(e.player)} percebe " + (
        f"a própria jogada errada nº {e.wrong_seq}" if e.offender == e.player
        else w.de(e.offender, "a", f"jogada errada nº {e.wrong_seq}")),
}
_PT["cut"] = _PT["play"]


def _fallback(event: Any, viewer: int | None, names: Sequence[str], lang: str) -> str:
    """The line for a kind the narrator does not know: the seat, the kind and its fields."""
    return _fallback_for(event, _Words(viewer, names, lang))


def _fallback_for(event: Any, w: _Words) -> str:
    who = w.subj(event.player) + ":" if event.player is not None else ""
    return f"{who} {event.kind} {' '.join(map(str, getattr(event, 'detail', ())))}".strip()


def describe(event: Any, viewer: int | None, names: Sequence[str], lang: str = "en") -> str:
    """One line of plain text for a typed event (:mod:`unokit.core.events`), read by seat ``viewer``.

    >>> from unokit.core.events import make_event
    >>> names = ["Ana", "Bob"]
    >>> describe(make_event("draw", 4, 1, 2), 1, names), describe(make_event("draw", 4, 1, 2), 0, names, "pt")
    ('You draw 2 cards', 'Bob compra 2 cartas')
    >>> describe(make_event("challenge", 7, 1, 0, "guilty"), 0, names)
    'Bob challenges your Wild Draw Four: it was a bluff'
    >>> describe(make_event("slap-now", 8, 0), 0, names)      # a rule's own event (M) tells itself
    'Slap now! Your card calls for everyone to slap the pile'
    """
    return _describe(event, _Words(viewer, names, _lang(lang)))


def _describe(event: Any, w: _Words) -> str:
    """:func:`describe` for the reader ``w``."""
    write: Callable[[_Words, Any], str] | None = (_EN if w.lang == "en" else _PT).get(getattr(event, "kind", ""))
    if write is None:                 # a rule's own event tells itself (unokit.core.events.register_event)
        write = getattr(event, "tell", {}).get(w.lang)
    if write is not None:
        try:
            return write(w, event)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError):
            pass
    return _fallback_for(event, w)


def _as_cards(x: Any) -> tuple[Card, ...]:
    if type(x) is tuple and all(isinstance(c, Card) for c in x):     # (an event's cards: read as they are)
        return x
    if isinstance(x, (Card, str)):
        x = str(x).split()
    cards = tuple(_card(c) for c in x)
    return () if None in cards else cast("tuple[Card, ...]", cards)


def _new_cards(before: Iterable[Card], after: Iterable[Card]) -> list[Card]:
    """The cards in ``after`` that ``before`` does not account for (a multiset difference), in order."""
    left = Counter(before)
    new: list[Card] = []
    for c in after:
        left[c] -= 1
        if left[c] < 0:
            new.append(c)
    return new


def describe_draw_for(event: Any, viewer: int | None, names: Sequence[str], lang: str = "en", *, drawn: Any = None,
                      before: Iterable[Card] | None = None, after: Iterable[Card] | None = None) -> str:
    """:func:`describe`, naming the cards of the viewer's own draw when they are known: ``drawn`` (a card
    or several), or the viewer's hand ``before`` and ``after`` the draw.

    >>> from unokit.core.events import make_event
    >>> e = make_event("draw", 4, 0, 1)
    >>> describe_draw_for(e, 0, ["Ana", "Bob"], drawn="R7"), describe_draw_for(e, 1, ["Ana", "Bob"], drawn="R7")
    ('You draw Red 7', 'Ana draws a card')
    >>> describe_draw_for(e, 0, ["Ana", "Bob"], "pt", before=["G1"], after=["G1", "B2"])
    'Você compra 2 Azul'
    """
    if getattr(event, "kind", None) == "draw" and viewer is not None and event.player == viewer:
        cards = _as_cards(drawn) if drawn is not None else (
            tuple(_new_cards(before, after)) if before is not None and after is not None else ())
        if cards and len(cards) == event.count:
            w = _Words(viewer, names, _lang(lang))
            return f"{w.s(viewer, 'draws')} {cards_name(cards, lang)}" if lang == "en" else \
                f"{w.subj(viewer)} compra {cards_name(cards, lang)}"
    return describe(event, viewer, names, lang)


def describe_skip(seat: int, viewer: int | None, names: Sequence[str], lang: str = "en") -> str:
    """The line for a seat that loses its turn.

    >>> describe_skip(1, 1, ["Ana", "Bob"]), describe_skip(1, 0, ["Ana", "Bob"]), describe_skip(1, 1, "AB", "pt")
    ('You are skipped', 'Bob is skipped', 'Você perde a vez')
    """
    return _skip(seat, _Words(viewer, names, _lang(lang)))


def _skip(seat: int, w: _Words) -> str:
    return f"{w.s(seat, 'is')} skipped" if w.lang == "en" else f"{w.subj(seat)} perde a vez"


def describe_revealed(seat: int, cards: Any, viewer: int | None, names: Sequence[str], lang: str = "en") -> str:
    """The line for a hand shown by a challenge (a view's ``revealed``).

    >>> describe_revealed(1, "R7 B2", 0, ["Ana", "Bob"])
    "Bob's hand is shown to you: Red 7 and Blue 2"
    >>> describe_revealed(1, "R7", 1, ["Ana", "Bob"], "pt")
    'A sua mão é mostrada: 7 Vermelho'
    """
    w, shown, to_you = _Words(viewer, names, _lang(lang)), cards_name(_as_cards(cards), lang), viewer not in (None, seat)
    if lang == "en":
        return f"{_cap(w.poss(seat))} hand is shown{' to you' if to_you else ''}: {shown}"
    return f"{_cap(w.de(seat, 'a', 'mão'))} é mostrada{' para você' if to_you else ''}: {shown}"


def _pending_cards(discard: Sequence[Card], pending: int) -> tuple[Card, ...]:
    """The draw cards on top of the pile that make up ``pending`` exactly, or ()."""
    total, cards = 0, []
    for c in reversed(discard):
        if not c.draw or total >= pending:
            break
        total += c.draw
        cards.append(c)
    return tuple(reversed(cards)) if total == pending else ()


_DRAW_WORDS = {"en": (("Draw Two", "Draw Twos"), ("Wild Draw Four", "Wild Draw Fours")),
               "pt": (("Comprar Duas", "Comprar Duas"), ("Curinga Comprar Quatro", "Curingas Comprar Quatro"))}


def _composition(cards: Sequence[Card], lang: str) -> str:
    """'two Draw Twos and a Wild Draw Four'"""
    counts = (sum(c.face == Face.DRAW_TWO for c in cards), sum(c.face == Face.WILD_DRAW_FOUR for c in cards))
    return _join([f"{_NUM[lang][n] if n < len(_NUM[lang]) else n} {words[n > 1]}"
                  for n, words in zip(counts, _DRAW_WORDS[lang]) if n], lang)


def describe_pending(view: PlayerView, viewer: int | None, names: Sequence[str], lang: str = "en", *, can_stack: bool = False,
                     can_challenge: bool = False) -> str:
    """The line for a pending draw in a :class:`~unokit.engine.view.PlayerView` ("" when none), read by ``viewer``
    (``None``: a spectator): who must draw how many, made of which cards, and, when the viewer must,
    whether it may stack or challenge (say so with ``can_stack``/``can_challenge``, from its legal actions).

    >>> from unokit.engine.game import Game
    >>> g = Game.from_position(["R1 B+2", "G5 G6"], discard="R9 G+2 Y+2", pending=4)
    >>> describe_pending(g.view(0), 0, ["Ana", "Bob"], can_stack=True)
    'You must draw 4 (two Draw Twos) or stack'
    >>> describe_pending(g.view(1), 1, ["Ana", "Bob"], "pt"), describe_pending(g.view(1), None, ["Ana", "Bob"])
    ('Ana precisa comprar 4 (dois Comprar Duas)', 'Ana must draw 4 (two Draw Twos)')
    """
    lang = _lang(lang)
    k = view.pending
    if not k:
        return ""
    w = _Words(viewer, names, lang)
    who = view.to_act
    cards = _pending_cards(view.discard, k)
    made = f" ({_composition(cards, lang)})" if cards else ""
    four = any(c.face == Face.WILD_DRAW_FOUR for c in cards) or (not cards and view.top.draw == 4)
    if view.top.face == Face.WILD_DRAW_COLOR and k == 1:   # UNO Flip: until a card of the colour named comes
        until = (f"draw until a {color_name(view.color)} card comes" if lang == "en"
                 else f"comprar até sair uma carta {color_name(view.color, 'pt')}")
        chal = can_challenge and w.you(who)
        return (f"{w.subj(who)} {'must' if lang == 'en' else 'precisa'} {until}"
                + ((" or challenge it" if lang == "en" else " ou desafiá-lo") if chal else ""))
    four = four or (can_challenge and any(c.face == Face.WILD_DRAW_TWO for c in cards))   # (Flip's, challengeable)
    opts = []
    if w.you(who) and can_stack:
        opts.append("stack" if lang == "en" else "empilhar")
    if w.you(who) and can_challenge and four:  # a pending +2 never speaks of a Wild Draw Four
        opts.append(("challenge it" if cards else "challenge the Wild Draw Four") if lang == "en"
                    else ("desafiá-lo" if cards else "desafiar o Curinga Comprar Quatro"))
    ors = "or" if lang == "en" else "ou"
    tail = f" {ors} {opts[0]}" if len(opts) == 1 else (f", {_join(opts, lang, ors)}" if opts else "")
    return f"{w.subj(who)} {'must draw' if lang == 'en' else 'precisa comprar'} {k}{made}{tail}"


# ---------------------------------------------------------------------- a sequence of events
# what an event does to the hands is declared on its class (unokit.core.events.Event: every_hand, into_hands,
# from_hand, ends_skips)


def _drawn_by_viewer(events: Sequence[Any], viewer: int | None, before: Iterable[Card] | None,
                     after: Iterable[Card] | None) -> dict[int, tuple[Card, ...]]:
    """Event index -> the cards of that draw by the viewer, when the hands account for them exactly."""
    if viewer is None or before is None or after is None:
        return {}
    draws = [i for i, e in enumerate(events) if e.kind == "draw" and e.player == viewer]
    if not draws:
        return {}
    expected = Counter(before)
    for e in events:
        if getattr(e, "every_hand", False) or viewer in (getattr(e, f) for f in getattr(e, "into_hands", ())):
            return {}
        gone = getattr(e, "from_hand", "")
        if e.player == viewer and gone:
            expected -= Counter(_as_cards(getattr(e, gone)))
    new = _new_cards(expected.elements(), after)
    if len(new) != sum(events[i].count for i in draws):
        return {}
    out, at = {}, 0
    for i in draws:
        out[i] = tuple(new[at:at + events[i].count])
        at += events[i].count
    return out


def _next(seat: int, steps: int, n: int, direction: int, out: set[int] | frozenset[int]) -> int:
    for _ in range(steps):
        seat = (seat + direction) % n
        while seat in out:
            seat = (seat + direction) % n
    return seat


def _tell(events: Sequence[Any], start: int, stop: int, w: _Who, lines: list[str], direction: int, out: set[int],
          no_skip: set[int], known: dict[int, tuple[Card, ...]]) -> int:
    """Append the lines of the run ``events[start:stop]`` (one ``seq``) to ``lines``, its skips after it;
    ``out`` is updated, the new direction returned. ``w`` is (viewer, names, lang, players, dealer)."""
    viewer, names, lang, n, dealer = w
    told, direction = _plan(events, start, stop, n, dealer, direction, out, no_skip, known)
    for line, x in told:
        lines.append(describe_draw_for(events[x], viewer, names, lang, drawn=known.get(x)) if line == _EVENT
                     else describe_skip(x, viewer, names, lang))
    return direction


_EVENT, _SKIP = 0, 1     # what a line of a run tells (_plan): an event (its index), or a skip (the seat)


def _plan(events: Sequence[Any], start: int, stop: int, n: int, dealer: int | None, direction: int, out: set[int],
          no_skip: set[int], known: dict[int, tuple[Card, ...]]) -> tuple[list[tuple[int, int]], int]:
    """What the run ``events[start:stop]`` (one ``seq``) tells, whoever reads it: its lines in order, each
    ``(_EVENT, index)`` or ``(_SKIP, seat)`` (the skips after the events); ``out`` is updated, the new
    direction returned with them. ``known``: the indices of the reader's own draws whose cards are known."""
    told: list[tuple[int, int]] = []
    skipped: list[int] = []
    for i in range(start, stop):
        e = events[i]
        if (e.kind == "draw" and i > start and i not in known and events[i - 1].kind == "draws-penalty"
                and events[i - 1].player == e.player and events[i - 1].count == e.count):
            continue   # "takes the 2 cards owed" told it (the cards are named only when the viewer's are known)
        told.append((_EVENT, i))
        ends, active = e.seq in no_skip, n - len(out)
        if e.kind == "first" and n:
            face = getattr(_card(e.card), "face", None)
            if face == Face.REVERSE:
                direction = -direction
            elif face in (Face.SKIP, Face.WILD_DRAW_FOUR) and dealer is not None:
                skipped.append((dealer + direction) % n)  # the first player loses the turn
        elif e.kind in ("play", "cut") and e.player is not None and n and (played := _as_cards(e.cards)):
            k, face = len(e.cards), played[-1].face
            if face == Face.SKIP_ALL and not ends:   # No Mercy: everyone else loses the turn
                skipped += [_next(e.player, j, n, direction, out) for j in range(1, active)]
            elif face in (Face.WILD_SKIP, Face.WILD_SKIP_TWO) and not ends and active > 1:   # All Wild
                skipped += [_next(e.player, j, n, direction, out)
                            for j in range(1, min(active, 3 if face == Face.WILD_SKIP_TWO else 2))]
            elif face == Face.WILD_REVERSE and active > 2:
                direction = -direction
            elif face == Face.WILD_REVERSE and active == 2 and not ends:
                skipped.append(_next(e.player, 1, n, direction, out))
            elif face == Face.WILD_REVERSE_DRAW_FOUR and active > 2:
                direction = -direction
            elif face == Face.SKIP and not ends and active > 1:  # from n Skips on only the opponents count (000 §DR)
                opponents = [_next(e.player, j, n, direction, out) for j in range(1, active)]
                skipped += opponents[:k] if k < active else opponents[:k % (active - 1)]
            elif face == Face.REVERSE and k % 2:
                if active == 2 and not ends:
                    skipped.append(_next(e.player, 1, n, direction, out))
                elif active > 2:
                    direction = -direction
        elif e.kind == "eliminated" and e.player is not None:
            out.add(e.player)
    told += [(_SKIP, q) for q in dict.fromkeys(skipped)]
    return told, direction


def _ends_skips(e: Any) -> bool:
    """The hand ends, or the draw is sent on: a play of that seq skips nobody."""
    return getattr(e, "ends_skips", False)


def narrate_sequence(events: Iterable[Any], viewer: int | None, names: Sequence[str], lang: str = "en", *,
                     players: int | None = None, direction: int = 1, eliminated: Iterable[int] = (),
                     dealer: int | None = None, hand_before: Iterable[Card] | None = None,
                     hand_after: Iterable[Card] | None = None) -> list[str]:
    """Lines for consecutive events, with "X is skipped" added after a play that skips a seat.

    ``direction`` (1 clockwise) and ``eliminated`` are the table's state before the first event (followed
    through the Reverses and eliminations in ``events``); ``dealer`` places the seat a first Skip skips.
    With the viewer's hand before and after the events, the viewer's own draws name their cards.
    :class:`Narration` gives the same lines for a growing history, telling each event once.

    >>> from unokit.core.events import make_event
    >>> from unokit.core.cards import parse_cards
    >>> evs = [make_event("play", 5, 0, tuple(parse_cards("GS")), None), make_event("draw", 6, 2, 1)]
    >>> narrate_sequence(evs, 1, ["Ana", "Bob", "Cris"])
    ['Ana plays Green Skip', 'You are skipped', 'Cris draws a card']
    >>> narrate_sequence(evs, 2, ["Ana", "Bob", "Cris"], "pt", hand_before=["R1"], hand_after=["R1", "Y4"])
    ['Ana joga Pular Verde', 'Bob perde a vez', 'Você compra 4 Amarelo']
    """
    lang = _lang(lang)
    events = list(events)
    w = (viewer, names, lang, players if players is not None else len(names), dealer)
    out = set(eliminated)
    known = _drawn_by_viewer(events, viewer, hand_before, hand_after)
    no_skip = {e.seq for e in events if _ends_skips(e)}
    lines: list[str] = []
    for start, stop in _runs(events):
        direction = _tell(events, start, stop, w, lines, direction, out, no_skip, known)
    return lines


class Narration:
    """The lines of :func:`narrate_sequence` for a history that grows (a hand's events), each event told once.

    ``lines(events)`` equals ``narrate_sequence(events, ...)[-keep:]`` (every line when ``keep`` is None).
    When a call's events extend the previous call's (the same event objects, more of them: a hand's
    history), only the new ones are narrated, and the last action's events (one ``seq``), whose skips may
    change as more of that action's events arrive, are told again; other events are told from the start.
    Only ``keep`` lines are held. The narrations of one table's readers in one language may share their
    lines (``shared``, a :class:`SharedLines` of the same names and language): each event is then told once
    for every reader it does not name, and the history is followed once for all of them (its runs, their
    skips and the numbering of the lines: :class:`~unokit.engine.course.Course`), a reader's own lines told only for the runs
    that name it.

    >>> from unokit.core.events import make_event
    >>> from unokit.core.cards import parse_cards
    >>> tell = Narration(1, ["Ana", "Bob", "Cris"], keep=2)
    >>> evs = [make_event("play", 5, 0, tuple(parse_cards("GS")), None)]
    >>> tell.lines(evs)
    ['Ana plays Green Skip', 'You are skipped']
    >>> tell.lines(evs + [make_event("draw", 6, 2, 1)])
    ['You are skipped', 'Cris draws a card']

    The lines are also numbered from the hand's first (a client that holds some may be sent only the
    rest): after a call, ``total`` counts every line told, ``final`` those that will never change
    (every run's but the last; the held lines drop the oldest, the count does not), and ``epoch`` names
    that numbering: it changes when lines already final may have changed (a history that is not an
    extension, a seq again). :meth:`lines_from` gives the lines from an index on.

    >>> tell.total, tell.final
    (3, 2)
    >>> more = evs + [make_event("draw", 6, 2, 1)]
    >>> tell.lines_from(more, 2)
    (2, ['Cris draws a card'])
    >>> tell.lines_from(more, 0)      # before the lines held (keep=2): from the first held
    (1, ['You are skipped', 'Cris draws a card'])
    """

    def __init__(self, viewer: int | None, names: Sequence[str], lang: str = "en", *, players: int | None = None,
                 direction: int = 1, eliminated: Iterable[int] = (), dealer: int | None = None,
                 keep: int | None = None, shared: SharedLines | None = None) -> None:
        lang = _lang(lang)
        names = tuple(names)
        if shared is None:
            shared = SharedLines(names, lang)
        elif shared.names != names or shared.lang != lang:
            raise ValueError("the shared lines are another table's or language's")
        self.viewer, self.keep = viewer, keep
        self._course = shared.course(players if players is not None else len(names), direction, eliminated,
                                     dealer, keep)
        self._noted(None)

    def _noted(self, out: Any) -> Any:
        c = self._course      # (the numbering after the call)
        self.epoch, self.final, self.total = c.epoch, c.final, c.total
        return out

    def lines(self, events: Sequence[Any]) -> list[str]:
        """The lines for ``events`` (the whole history so far), as :func:`narrate_sequence` tells them."""
        return cast(list[str], self._noted(self._course.lines_from(events, self.viewer, 0)[1]))

    def lines_from(self, events: Sequence[Any], start: int) -> tuple[int, list[str]]:
        """``(at, lines)``: the lines for ``events`` (as :meth:`lines`) numbered ``start`` on, ``at`` the
        number of the first (``start``, or the first line held when ``start`` is before it)."""
        return cast(tuple[int, list[str]], self._noted(self._course.lines_from(events, self.viewer, start)))

    def first(self, events: Sequence[Any]) -> int:
        """The number of the first line :meth:`lines` gives for ``events`` (``total`` minus how many it gives)."""
        return cast(int, self._noted(self._course.first(events)))


def _no_skip(events: Sequence[Any], start: int, stop: int) -> set[int]:
    return {events[i].seq for i in range(start, stop) if _ends_skips(events[i])}
