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

from collections import Counter, deque
from collections.abc import Iterable, Sequence
from itertools import count

from ..core.cards import FLEX_NUMBER, FLEXED_NUMBER, MARKED_NUMBER, SPIN_NUMBER, Card, Color, Face

__all__ = ["LANGS", "Narration", "card_name", "cards_name", "color_name", "describe", "describe_draw_for",
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
# penalty and elimination reasons the referee writes in English, in Portuguese
_REASON_PT = {
    "missed UNO": "não disse UNO", "Wild Draw Four bluff": "blefe com o Curinga Comprar Quatro", "hint": "dica",
    "lost a Wild Draw Four challenge": "perdeu o desafio do Curinga Comprar Quatro", "bomb": "bomba",
    "spoke during silence": "falou durante o silêncio", "blank wild": "Curinga em Branco", "wrong play":
    "jogada errada", "die (DAD)": "dado (DAD)", "trinity (TRI)": "trindade (TRI)", "backlash (BACK)": "revide (BACK)",
    "traitor twin (GT)": "gêmeo traidor (GT)", "baptism (BA)": "batismo (BA)", "last to slap (M)": "último a bater (M)",
    "did not slap (M)": "não bateu (M)", "false accusation (DED)": "acusação falsa (DED)",
    "caught lying (DED)": "pego mentindo (DED)", "wrong draw challenge (DP)": "contestação errada da compra (DP)",
    "drew while holding a playable card (DP)": "comprou tendo uma carta jogável (DP)", "Add it up bluff":
    "blefe na soma", "wrong Add it up challenge": "contestação errada da soma",
    "Wild Draw Four turned first (WILDSTART)": "Curinga Comprar Quatro virado primeiro (WILDSTART)",
    "caught lying to avoid elimination (MS + DED)": "pego mentindo para não ser eliminado (MS + DED)",
    "mercy: 25 or more cards (NOMERCY)": "misericórdia: 25 cartas ou mais (NOMERCY)",
    "last to press (FLASH)": "o último a apertar (FLASH)", "did not press (FLASH)": "não apertou (FLASH)",
    "Wild Targeted Draw Two": "Curinga Comprar Duas Direcionado",
    "caught unready (MISTAKE)": "pego desprevenido (MISTAKE)",
    "Wild Draw Two bluff": "blefe com o Curinga Comprar Duas", "lost a Wild Draw Two challenge":
    "perdeu o desafio do Curinga Comprar Duas", "Wild Draw Colour bluff": "blefe com o Curinga Comprar Cor",
    "lost a Wild Draw Colour challenge": "perdeu o desafio do Curinga Comprar Cor"}
_PREFIX_PT = (("had to draw", "teve de comprar"), ("could not answer the draw", "não pôde responder à compra"),
              ("slower than", "mais lento que"), ("no compliment", "sem elogio"), ("no critique", "sem crítica"))


def _reason_pt(text) -> str:
    text = str(text)
    pt = next((pt + text[len(en):] for en, pt in _PREFIX_PT if text.startswith(en)), None)
    return pt or _REASON_PT.get(text, text)


def _powers(w, marks: str, lang: str) -> str:
    """UNO Flex's power cards, 'You green, Bob red, ...'."""
    words = {"en": ("green", "red"), "pt": ("verde", "vermelha")}[lang]
    return ", ".join(f"{w.subj(s)} {words[m != 'G']}" for s, m in enumerate(str(marks)))


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGS)}")
    return lang


def _card(x) -> Card | None:
    try:
        return x if isinstance(x, Card) else Card.parse(str(x))
    except ValueError:
        return None


def card_name(card, lang: str = "en") -> str:
    """A card (a :class:`~unokit.core.cards.Card` or its code) in words.

    >>> card_name("R7"), card_name("GS"), card_name("W+4"), card_name("B+2")
    ('Red 7', 'Green Skip', 'Wild Draw Four', 'Blue +2')
    >>> card_name("R7", "pt"), card_name("GS", "pt"), card_name("W+4", "pt"), card_name("Y+2", "pt")
    ('7 Vermelho', 'Pular Verde', 'Curinga Comprar Quatro', 'Comprar Duas Amarelo')
    """
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


# the spaces of the Spin wheel (unokit.rules.editions.spin.WHEEL), in words
_SPACE = {
    "en": {"almost-uno": "almost UNO, discard all but two cards", "discard-number": "discard a number",
           "discard-color": "discard a colour", "draw-red": "draw until red", "draw-blue": "draw until blue",
           "trade-hands": "every hand passes left", "show-hand": "show the hand"},
    "pt": {"almost-uno": "quase UNO, descarta todas menos duas", "discard-number": "descarta um número",
           "discard-color": "descarta uma cor", "draw-red": "compra até vir vermelho",
           "draw-blue": "compra até vir azul", "trade-hands": "todas as mãos passam à esquerda",
           "show-hand": "mostra a mão"},
}


def _times(k: int, lang: str) -> str:
    """'once', 'twice', '5 times' / 'uma vez', 'duas vezes', '5 vezes'."""
    if lang == "en":
        return {1: "once", 2: "twice"}.get(k, f"{k} times")
    return {1: "uma vez", 2: "duas vezes"}.get(k, f"{k} vezes")


def _join(items: Sequence[str], lang: str, word: str | None = None) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word or _AND[lang]} " + items[-1]


def cards_name(cards, lang: str = "en") -> str:
    """Several cards (Cards, codes, or one string of codes) in words.

    >>> cards_name("R7 G7 B7"), cards_name(["R7"], "pt"), cards_name("WX Y+2", "pt")
    ('Red 7, Green 7 and Blue 7', '7 Vermelho', 'Curinga Troca de Mãos e Comprar Duas Amarelo')
    """
    _lang(lang)
    if isinstance(cards, (str, Card)):
        cards = str(cards).split()
    items = [card_name(c, lang) for c in cards]
    return _join(items, lang) if items else ("no cards" if lang == "en" else "nenhuma carta")


def color_name(color, lang: str = "en") -> str:
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


def _n_cards(k, lang: str) -> str:
    return {"en": ("a card", "{} cards"), "pt": ("uma carta", "{} cartas")}[lang][k != 1].format(k)


def _owed(k, lang: str) -> str:
    return {"en": ("the card owed", "the {} cards owed"), "pt": ("a carta devida", "as {} cartas devidas")
            }[lang][k != 1].format(k)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_IRREGULAR = {"is": "are", "was": "were", "has": "have", "goes": "go", "does": "do"}


class _Words:
    """Who is who for one reader: names, the second person, possessives and verb forms."""

    def __init__(self, viewer, names, lang):
        self.viewer, self.names, self.lang = viewer, names, lang

    def you(self, seat) -> bool:
        return seat is not None and seat == self.viewer

    def name(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return str(self.names[seat])
        return f"Seat {seat}" if self.lang == "en" else f"Jogador {seat}"

    def subj(self, seat) -> str:
        return ("You" if self.lang == "en" else "Você") if self.you(seat) else self.name(seat)

    def obj(self, seat) -> str:
        return ("you" if self.lang == "en" else "você") if self.you(seat) else self.name(seat)

    def verb(self, seat, verb: str) -> str:
        """``verb`` in the third person singular, for ``seat`` (Portuguese uses it for 'você' too)."""
        if self.lang != "en" or not self.you(seat):
            return verb
        if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
            return verb[:-2]
        return _IRREGULAR.get(verb, verb.removesuffix("s"))

    def s(self, seat, verb: str) -> str:
        """Subject and verb: 'You play', 'Ana plays', 'Você joga'."""
        return f"{self.subj(seat)} {self.verb(seat, verb)}"

    def poss(self, seat) -> str:
        """English possessive: 'your' / "Ana's"."""
        return "your" if self.you(seat) else f"{self.name(seat)}'s"

    def de(self, seat, article: str, noun: str) -> str:
        """Portuguese possessive: 'a sua mão' / 'a mão de Ana'."""
        mine = "sua" if article == "a" else "seu"
        return f"{article} {mine} {noun}" if self.you(seat) else f"{article} {noun} de {self.name(seat)}"

    def seats(self, seats) -> tuple[str, bool]:
        """Several seats as a subject (the reader first) and whether the verb is plural."""
        seats = sorted(seats, key=lambda q: (not self.you(q), q))
        words = [self.subj(seats[0])] + [self.obj(q) for q in seats[1:]] if seats else []
        return _join(words, self.lang), len(seats) > 1 or (self.lang == "en" and any(map(self.you, seats)))


# ---------------------------------------------------------------------- one sentence per kind
def _en_play(w, e) -> str:
    named = f" and {w.verb(e.player, 'chooses')} {color_name(e.color)}" if e.color is not None else ""
    verb = w.s(e.player, "plays") if e.kind == "play" else w.s(e.player, "cuts") + " in with"
    return f"{verb} {cards_name(e.cards)}{named}"


def _en_draw(w, e) -> str:
    if not e.cards:
        return f"{w.s(e.player, 'draws')} {_n_cards(e.count, 'en')}"
    first = card_name(e.cards[0])  # REV: the stock is face up, so the first card drawn is public
    return f"{w.s(e.player, 'draws')} " + (first if e.count == 1 else f"{e.count} cards; the first is {first}")


def _en_owed(w, e) -> str:
    what = "a compliment" if e.kind == "compliments-owed" else "a critique"
    if not e.seats:
        return f"Nobody owes {w.obj(e.player)} {what}"
    who, plural = w.seats(e.seats)
    return f"{who} {'owe' if plural else 'owes'} {w.obj(e.player)} {what}"


def _bluff(e) -> bool:
    return e.verdict in ("guilty", "bluff", "liar")


_EN = {
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
    "swap": lambda w, e: f"{w.s(e.player, 'swaps')} hands with {w.obj(e.target)}",
    "shuffle-hands": lambda w, e: f"{w.s(e.player, 'shuffles')} all hands together and "
                                  f"{w.verb(e.player, 'deals')} them again",
    "ohana": lambda w, e: f"{_cap(w.poss(e.player))} Wild Ohana brings every hand to four cards",
    "out": lambda w, e: f"{w.s(e.player, 'goes')} out and {w.verb(e.player, 'wins')} the hand "
                        f"({e.points} points in the other hands)",
    "eliminated": lambda w, e: f"{w.s(e.player, 'is')} out of this hand: {e.reason}",
    "wrong-play": lambda w, e: f"{w.s(e.player, 'makes')} a wrong play (#{e.wrong_seq}: {e.reason})",
    "noticed": lambda w, e: f"{w.s(e.player, 'notices')} " + (
        ("your own" if w.you(e.player) else "their own") if e.offender == e.player else w.poss(e.offender))
        + f" wrong play #{e.wrong_seq}",
    "accuse": lambda w, e: f"{w.s(e.player, 'accuses')} {w.obj(e.liar)} of lying: " + (
        f"{w.obj(e.liar)} {w.verb(e.liar, 'was')} lying" if _bluff(e) else f"{w.obj(e.liar)} told the truth"),
    "hidden-play": lambda w, e: f"{w.s(e.player, 'puts')} {_n_cards(e.count, 'en')} face down"
                                + (f", claiming +{e.claim}" if e.claim else ""),
    "free-discard": lambda w, e: f"{w.s(e.player, 'discards')} a card face down",
    "discard-under": lambda w, e: f"{w.s(e.player, 'discards')} {card_name(e.card)} under the Wild Ohana",
    "carousel": lambda w, e: f"{_cap(w.poss(e.player))} play passes every hand on, "
                             + ("clockwise" if e.direction == 1 else "counter-clockwise"),
    "deflect": lambda w, e: f"{w.s(e.player, 'deflects')} {_owed(e.pending, 'en')} to the next player",
    "die": lambda w, e: f"{w.s(e.player, 'rolls')} the die: {e.face} ({_n_cards(e.count, 'en')} to draw)",
    "donate": lambda w, e: f"{w.s(e.player, 'gives')} {w.obj(e.target)} {_n_cards(e.count, 'en')}",
    "draw-challenge": lambda w, e: f"{w.s(e.player, 'challenges')} {w.poss(e.drawer)} draw: {w.obj(e.drawer)} "
                                   + ("held a playable card" if _bluff(e) else "had nothing to play"),
    "jump-in-cancels": lambda w, e: f"{_cap(w.poss(e.player))} jump-in cancels {_owed(e.pending, 'en')}",
    "discard-all": lambda w, e: f"{w.s(e.player, 'discards')} {_n_cards(e.count, 'en')} of the same colour too: "
                                f"{cards_name(e.cards)}",
    "spin": lambda w, e: f"{w.s(e.player, 'spins')} the wheel: {_SPACE['en'][e.space]}",
    "flip": lambda w, e: f"{w.s(e.player, 'flips')} everything over: the {e.side} side is in play, "
                         f"{card_name(e.top)} on top",
    "power": lambda w, e: f"power cards now: {_powers(w, e.cards, 'en')}",
    "launcher": lambda w, e: f"{w.s(e.player, 'presses')} the launcher {_times(e.presses, 'en')}: "
                             f"{_n_cards(e.count, 'en') if e.count else 'nothing'} "
                             f"{'comes' if e.count < 2 else 'come'} out",
    "roulette": lambda w, e: f"{w.s(e.player, 'names')} {color_name(e.color)} and {w.verb(e.player, 'turns')} "
                             f"{_n_cards(len(e.cards), 'en')} from the stock: {cards_name(e.cards)}",
    "peace": lambda w, e: f"{w.s(e.player, 'starts')} the peace: no action cards until it ends" if e.state == "on"
                          else f"{w.s(e.player, 'ends')} the peace",
    "revenge": lambda w, e: f"{w.s(e.player, 'sends')} {_owed(e.pending, 'en')} back (revenge)",
    "sees-hand": lambda w, e: f"{w.s(e.player, 'looks')} at {w.poss(e.target)} hand",
    "silence": lambda w, e: "The silence is over" if e.state != "on" else (
        "Silence: speaking now costs cards" if e.player is None
        else f"{w.s(e.player, 'calls')} for silence: speaking now costs cards"),
    "slap": lambda w, e: f"{w.s(e.player, 'slaps')} the pile",
    "slap-now": lambda w, e: f"Slap now! {_cap(w.poss(e.player))} card calls for everyone to slap the pile",
    "stack-cancelled": lambda w, e: f"{w.s(e.player, 'cancels')} {_owed(e.pending, 'en')}",
    "sum-challenge": lambda w, e: f"{w.s(e.player, 'challenges')} {w.poss(e.challenged)} sum: "
                                  + ("it was a bluff" if _bluff(e) else "it was right"),
    "time-up": lambda w, e: f"Time is up ({e.seconds} s)",
    "unready": lambda w, e: f"{w.s(e.player, 'calls')} {w.obj(e.target)} out: too slow to act",
    "compliments-owed": _en_owed,
    "critiques-owed": _en_owed,
}


def _pt_draw(w, e) -> str:
    if not e.cards:
        return f"{w.subj(e.player)} compra {_n_cards(e.count, 'pt')}"
    first = card_name(e.cards[0], "pt")
    return f"{w.subj(e.player)} compra " + (first if e.count == 1 else f"{e.count} cartas; a primeira é {first}")


def _pt_owed(w, e) -> str:
    what = "um elogio" if e.kind == "compliments-owed" else "uma crítica"
    if not e.seats:
        return f"Ninguém deve {what} para {w.obj(e.player)}"
    who, plural = w.seats(e.seats)
    return f"{who} {'devem' if plural else 'deve'} {what} para {w.obj(e.player)}"


_PT = {
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
    "swap": lambda w, e: f"{w.subj(e.player)} troca de mão com {w.obj(e.target)}",
    "shuffle-hands": lambda w, e: f"{w.subj(e.player)} embaralha todas as mãos e as distribui de novo",
    "ohana": lambda w, e: f"{_cap(w.de(e.player, 'o', 'Curinga Ohana'))} deixa todas as mãos com quatro cartas",
    "out": lambda w, e: f"{w.subj(e.player)} fica sem cartas e vence a mão ({e.points} pontos nas outras mãos)",
    "eliminated": lambda w, e: f"{w.subj(e.player)} está fora desta mão: {_reason_pt(e.reason)}",
    "wrong-play": lambda w, e: f"{w.subj(e.player)} faz uma jogada errada (nº {e.wrong_seq}: {e.reason})",
    "noticed": lambda w, e: f"{w.subj(e.player)} percebe " + (
        f"a própria jogada errada nº {e.wrong_seq}" if e.offender == e.player
        else w.de(e.offender, "a", f"jogada errada nº {e.wrong_seq}")),
    "accuse": lambda w, e: f"{w.subj(e.player)} acusa {w.obj(e.liar)} de mentir: "
                           + ("era mentira" if _bluff(e) else "era verdade"),
    "hidden-play": lambda w, e: f"{w.subj(e.player)} põe {_n_cards(e.count, 'pt')} "
                                f"{'virada' if e.count == 1 else 'viradas'} para baixo"
                                + (f", alegando +{e.claim}" if e.claim else ""),
    "free-discard": lambda w, e: f"{w.subj(e.player)} descarta uma carta virada para baixo",
    "discard-under": lambda w, e: f"{w.subj(e.player)} descarta {card_name(e.card, 'pt')} sob o Curinga Ohana",
    "carousel": lambda w, e: f"{_cap(w.de(e.player, 'a', 'jogada'))} passa todas as mãos adiante, no sentido "
                             + ("horário" if e.direction == 1 else "anti-horário"),
    "deflect": lambda w, e: f"{w.subj(e.player)} desvia {_owed(e.pending, 'pt')} para o próximo jogador",
    "die": lambda w, e: f"{w.subj(e.player)} rola o dado: {e.face} ({_n_cards(e.count, 'pt')} para comprar)",
    "donate": lambda w, e: f"{w.subj(e.player)} dá {_n_cards(e.count, 'pt')} para {w.obj(e.target)}",
    "draw-challenge": lambda w, e: f"{w.subj(e.player)} contesta {w.de(e.drawer, 'a', 'compra')}: "
                                   f"{w.obj(e.drawer)} "
                                   + ("tinha uma carta jogável" if _bluff(e) else "não tinha o que jogar"),
    "jump-in-cancels": lambda w, e: f"{_cap(w.de(e.player, 'o', 'corte'))} cancela {_owed(e.pending, 'pt')}",
    "discard-all": lambda w, e: f"{w.subj(e.player)} descarta também {_n_cards(e.count, 'pt')} da mesma cor: "
                                f"{cards_name(e.cards, 'pt')}",
    "spin": lambda w, e: f"{w.subj(e.player)} gira a roleta: {_SPACE['pt'][e.space]}",
    "flip": lambda w, e: f"{w.subj(e.player)} vira tudo: agora vale o lado "
                         f"{'escuro' if e.side == 'dark' else 'claro'}, com {card_name(e.top, 'pt')} em cima",
    "power": lambda w, e: f"cartas de poder agora: {_powers(w, e.cards, 'pt')}",
    "launcher": lambda w, e: f"{w.subj(e.player)} aperta o lançador {_times(e.presses, 'pt')}: "
                             + (f"sai{'em' if e.count > 1 else ''} {_n_cards(e.count, 'pt')}" if e.count else "não sai nada"),
    "roulette": lambda w, e: f"{w.subj(e.player)} escolhe {color_name(e.color, 'pt')} e vira "
                             f"{_n_cards(len(e.cards), 'pt')} do monte: {cards_name(e.cards, 'pt')}",
    "peace": lambda w, e: f"{w.subj(e.player)} " + ("começa a paz: nada de cartas de ação até ela acabar"
                                                     if e.state == "on" else "termina a paz"),
    "revenge": lambda w, e: f"{w.subj(e.player)} devolve {_owed(e.pending, 'pt')} (vingança)",
    "sees-hand": lambda w, e: f"{w.subj(e.player)} olha {w.de(e.target, 'a', 'mão')}",
    "silence": lambda w, e: "O silêncio acabou" if e.state != "on" else (
        "Silêncio: falar agora custa cartas" if e.player is None
        else f"{w.subj(e.player)} pede silêncio: falar agora custa cartas"),
    "slap": lambda w, e: f"{w.subj(e.player)} bate na pilha",
    "slap-now": lambda w, e: f"Bata agora! {_cap(w.de(e.player, 'a', 'carta'))} pede que todos batam na pilha",
    "stack-cancelled": lambda w, e: f"{w.subj(e.player)} cancela {_owed(e.pending, 'pt')}",
    "sum-challenge": lambda w, e: f"{w.subj(e.player)} contesta {w.de(e.challenged, 'a', 'soma')}: "
                                  + ("era blefe" if _bluff(e) else "estava certa"),
    "time-up": lambda w, e: f"O tempo acabou ({e.seconds} s)",
    "unready": lambda w, e: f"{w.subj(e.player)} pega {w.obj(e.target)} desprevenido: demorou demais para jogar",
    "compliments-owed": _pt_owed,
    "critiques-owed": _pt_owed,
}
_PT["cut"] = _PT["play"]


def _fallback(event, viewer, names, lang: str) -> str:
    """The line for a kind the narrator does not know: the seat, the kind and its fields."""
    who = _Words(viewer, names, lang).subj(event.player) + ":" if event.player is not None else ""
    return f"{who} {event.kind} {' '.join(map(str, getattr(event, 'detail', ())))}".strip()


def describe(event, viewer, names, lang: str = "en") -> str:
    """One line of plain text for a typed event (:mod:`unokit.core.events`), read by seat ``viewer``.

    >>> from unokit.core.events import make_event
    >>> names = ["Ana", "Bob"]
    >>> describe(make_event("draw", 4, 1, 2), 1, names), describe(make_event("draw", 4, 1, 2), 0, names, "pt")
    ('You draw 2 cards', 'Bob compra 2 cartas')
    >>> describe(make_event("challenge", 7, 1, 0, "guilty"), 0, names)
    'Bob challenges your Wild Draw Four: it was a bluff'
    >>> describe(make_event("slap-now", 8, 0), 0, names)
    'Slap now! Your card calls for everyone to slap the pile'
    """
    lang = _lang(lang)
    write = (_EN if lang == "en" else _PT).get(getattr(event, "kind", ""))
    if write is None:                 # a rule's own event tells itself (unokit.core.events.register_event)
        write = getattr(event, "tell", {}).get(lang)
    if write is not None:
        try:
            return write(_Words(viewer, names, lang), event)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError):
            pass
    return _fallback(event, viewer, names, lang)


def _as_cards(x) -> tuple:
    if isinstance(x, (Card, str)):
        x = str(x).split()
    cards = tuple(_card(c) for c in x)
    return () if None in cards else cards


def _new_cards(before, after) -> list:
    """The cards in ``after`` that ``before`` does not account for (a multiset difference), in order."""
    left, new = Counter(before), []
    for c in after:
        left[c] -= 1
        if left[c] < 0:
            new.append(c)
    return new


def describe_draw_for(event, viewer, names, lang: str = "en", *, drawn=None, before=None, after=None) -> str:
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


def describe_skip(seat: int, viewer, names, lang: str = "en") -> str:
    """The line for a seat that loses its turn.

    >>> describe_skip(1, 1, ["Ana", "Bob"]), describe_skip(1, 0, ["Ana", "Bob"]), describe_skip(1, 1, "AB", "pt")
    ('You are skipped', 'Bob is skipped', 'Você perde a vez')
    """
    w = _Words(viewer, names, _lang(lang))
    return f"{w.s(seat, 'is')} skipped" if lang == "en" else f"{w.subj(seat)} perde a vez"


def describe_revealed(seat: int, cards, viewer, names, lang: str = "en") -> str:
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


def _pending_cards(discard, pending: int) -> tuple:
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


def _composition(cards, lang: str) -> str:
    """'two Draw Twos and a Wild Draw Four'"""
    counts = (sum(c.face == Face.DRAW_TWO for c in cards), sum(c.face == Face.WILD_DRAW_FOUR for c in cards))
    return _join([f"{_NUM[lang][n] if n < len(_NUM[lang]) else n} {words[n > 1]}"
                  for n, words in zip(counts, _DRAW_WORDS[lang]) if n], lang)


def describe_pending(view, viewer, names, lang: str = "en", *, can_stack: bool = False,
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
_EVERY_HAND = ("shuffle-hands", "ohana", "carousel")  # events that change every hand
# events that may move cards into the hand of the seats these fields name (beside ``player``)
_INTO_HAND = {"swap": ("player", "target"), "donate": ("player", "target"), "challenge": ("bluffer",),
              "accuse": ("player", "liar"), "noticed": ("offender",)}


def _drawn_by_viewer(events, viewer, before, after) -> dict:
    """Event index -> the cards of that draw by the viewer, when the hands account for them exactly."""
    if viewer is None or before is None or after is None:
        return {}
    draws = [i for i, e in enumerate(events) if e.kind == "draw" and e.player == viewer]
    if not draws:
        return {}
    expected = Counter(before)
    for e in events:
        if e.kind in _EVERY_HAND or viewer in (getattr(e, f) for f in _INTO_HAND.get(e.kind, ())):
            return {}
        if e.player == viewer and e.kind in ("play", "cut", "discard-under", "discard-all"):
            expected -= Counter(_as_cards(e.cards if e.kind != "discard-under" else e.card))
    new = _new_cards(expected.elements(), after)
    if len(new) != sum(events[i].count for i in draws):
        return {}
    out, at = {}, 0
    for i in draws:
        out[i] = tuple(new[at:at + events[i].count])
        at += events[i].count
    return out


def _next(seat: int, steps: int, n: int, direction: int, out: set) -> int:
    for _ in range(steps):
        seat = (seat + direction) % n
        while seat in out:
            seat = (seat + direction) % n
    return seat


def _runs(events, start: int = 0):
    """(start, stop) of each run of consecutive events with one ``seq`` (one action's events), from ``start``."""
    n, i = len(events), start
    while i < n:
        j, seq = i + 1, events[i].seq
        while j < n and events[j].seq == seq:
            j += 1
        yield i, j
        i = j


def _tell(events, start: int, stop: int, w: tuple, lines: list, direction: int, out: set, no_skip, known) -> int:
    """Append the lines of the run ``events[start:stop]`` (one ``seq``) to ``lines``, its skips after it;
    ``out`` is updated, the new direction returned. ``w`` is (viewer, names, lang, players, dealer)."""
    viewer, names, lang, n, dealer = w
    skipped: list[int] = []
    for i in range(start, stop):
        e = events[i]
        if (e.kind == "draw" and i > start and i not in known and events[i - 1].kind == "draws-penalty"
                and events[i - 1].player == e.player and events[i - 1].count == e.count):
            continue   # "takes the 2 cards owed" told it (the cards are named only when the viewer's are known)
        lines.append(describe_draw_for(e, viewer, names, lang, drawn=known.get(i)))
        ends, active = e.seq in no_skip, n - len(out)
        if e.kind == "first" and n:
            face = getattr(_card(e.card), "face", None)
            if face == Face.REVERSE:
                direction = -direction
            elif face in (Face.SKIP, Face.WILD_DRAW_FOUR) and dealer is not None:
                skipped.append((dealer + direction) % n)  # the first player loses the turn
        elif e.kind in ("play", "cut") and e.player is not None and n and _as_cards(e.cards):
            k, face = len(e.cards), _as_cards(e.cards)[-1].face
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
    lines += [describe_skip(q, viewer, names, lang) for q in dict.fromkeys(skipped)]
    return direction


_NO_SKIP = ("out", "deflect")  # the hand ends, or the draw is sent on: a play of that seq skips nobody


def narrate_sequence(events: Iterable, viewer, names, lang: str = "en", *, players: int | None = None,
                     direction: int = 1, eliminated=(), dealer: int | None = None, hand_before=None,
                     hand_after=None) -> list[str]:
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
    no_skip = {e.seq for e in events if e.kind in _NO_SKIP}
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
    Only ``keep`` lines are held.

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

    _epochs = count(1)             # every numbering of lines (epoch) its own, in every narration

    def __init__(self, viewer, names, lang: str = "en", *, players: int | None = None, direction: int = 1,
                 eliminated=(), dealer: int | None = None, keep: int | None = None):
        lang = _lang(lang)
        names = tuple(names)
        self._w = (viewer, names, lang, players if players is not None else len(names), dealer)
        self._start = (direction, frozenset(eliminated))
        self.keep = keep
        self._reset()

    def _reset(self) -> None:
        self.epoch = next(Narration._epochs)   # this numbering of the lines (final lines may have changed)
        self.final = 0                 # the lines that are final (those of the events told), in all
        self.total = 0                 # the lines of the last call, in all (the held ones are the last keep)
        self._told = 0                 # events whose lines are final (every run but the last)
        self._last = None              # the last of them (the next call's events must still hold it there)
        self._seqs: set = set()        # their seqs (a later event of one of them would change its skips)
        self._direction, out = self._start
        self._out = set(out)
        self._lines: deque[str] = deque(maxlen=self.keep)
        self._memo: tuple | None = None   # (len(events), last event, lines) of the last call
        self._tail: tuple | None = None   # the last run told: (start, stop, last event, lines, direction, out)

    def lines(self, events) -> list[str]:
        """The lines for ``events`` (the whole history so far), as :func:`narrate_sequence` tells them."""
        n = len(events)
        memo = self._memo
        if memo is not None and memo[0] == n and (n == 0 or events[n - 1] is memo[1]):
            return memo[2]
        told = self._told
        if told > n or (told and events[told - 1] is not self._last):
            self._reset()
            told = 0
        runs = list(_runs(events, told))
        seqs = [events[a].seq for a, _ in runs]
        if len(set(seqs)) < len(seqs) or not self._seqs.isdisjoint(seqs):   # a seq again, later: no shortcut
            self._reset()
            out = self._whole(events)
        else:
            for a, b in runs[:-1]:
                told_lines: list[str] = []
                self._direction, self._out = self._run(events, a, b, told_lines, self._direction, self._out)
                self._lines += told_lines
                self.final += len(told_lines)
            if len(runs) > 1:
                self._told = runs[-1][0]
                self._last = events[self._told - 1]
                self._seqs.update(seqs[:-1])
            out = list(self._lines)
            if runs:
                a, b = runs[-1]
                tail: list[str] = []
                direction, after = self._run(events, a, b, tail, self._direction, set(self._out))
                self._tail = (a, b, events[b - 1], tail, direction, after)
                out += tail
            self.total = self.final + len(out) - len(self._lines)
            if self.keep is not None and len(out) > self.keep:
                del out[:len(out) - self.keep]
        self._memo = (n, events[n - 1] if n else None, out)
        return out

    def lines_from(self, events, start: int) -> tuple[int, list[str]]:
        """``(at, lines)``: the lines for ``events`` (as :meth:`lines`) numbered ``start`` on, ``at`` the
        number of the first (``start``, or the first line held when ``start`` is before it)."""
        out = self.lines(events)
        first = self.total - len(out)
        if start <= first:
            return first, out
        return start, out[start - first:]

    def _run(self, events, a: int, b: int, lines: list, direction: int, out: set) -> tuple[int, set]:
        """Tell the run ``events[a:b]`` into ``lines`` (the last run told is not told again)."""
        tail = self._tail
        if tail is not None and tail[0] == a and tail[1] == b and tail[2] is events[b - 1]:
            lines += tail[3]
            return tail[4], tail[5]
        direction = _tell(events, a, b, self._w, lines, direction, out, _no_skip(events, a, b), {})
        return direction, out

    def _whole(self, events) -> list[str]:
        viewer, names, lang, players, dealer = self._w
        direction, out = self._start
        lines = narrate_sequence(events, viewer, names, lang, players=players, direction=direction,
                                 eliminated=out, dealer=dealer)
        self.total = len(lines)        # (none final: a seq told before came again, earlier lines may change)
        return lines[-self.keep:] if self.keep else (lines if self.keep is None else [])


def _no_skip(events, start: int, stop: int) -> set:
    return {events[i].seq for i in range(start, stop) if events[i].kind in _NO_SKIP}
