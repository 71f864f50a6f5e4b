"""Every house rule of the customization guide, as data.

Each :class:`RuleInfo` names the rule, the seed section that specifies it,
its sub-options and numeric parameters (with the guide's defaults), the card
it is tied to (for the rules that give a number card a function), the rules
it cannot be combined with, and whether this engine plays it yet.

Every parameter has a :class:`Bound` (``RuleInfo.bounds``; the tied card's is :data:`CARD_BOUND`;
the table-wide parameters' are :data:`TABLE_BOUNDS`): ``RuleSet.parse`` refuses a value outside it
with a :class:`~unokit.core.errors.RuleCodeError` naming the parameter and its range.

>>> CATALOG['S'].bounds['penalty'].describe()
'a whole number from 1 to 20'
>>> bounds_of('DAD')['card'].read('12')
Traceback (most recent call last):
...
ValueError: a whole number from 0 to 9
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["GROUPS", "AMBIGUITY_NAMES", "alone", "RuleInfo", "Bound", "CATALOG", "ORDER", "IMPLEMENTED", "SILENCE_SUFFIXES", "CARD_BOUND",
           "TABLE_BOUNDS", "bounds_of"]

_INT = re.compile(r"[+-]?[0-9]{1,12}", re.ASCII)
_WORD_MAX = 30
_TABLE_FACES = 6


@dataclass(frozen=True)
class Bound:
    """What values a parameter takes. ``kind``: ``int`` (a whole number from ``lo`` to ``hi``),
    ``choice`` (one of ``choices``), ``word`` (one word of letters), ``table`` (six whole numbers
    from ``lo`` to ``hi`` separated by ``/``, one per die face) or ``blanks`` (the effects written on
    blank cards, :func:`unokit.rules.blanks.read_blanks`)."""

    kind: str = "int"
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.kind == "int":
            return f"a whole number from {self.lo} to {self.hi}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "word":
            return f"a single word of letters (at most {_WORD_MAX})"
        if self.kind == "blanks":
            from .blanks import _describe
            return _describe()
        return (f"{_TABLE_FACES} whole numbers from {self.lo} to {self.hi} separated by '/' "
                f"(cards drawn for die faces 1-{_TABLE_FACES}), e.g. 1/2/3/4/5/6")

    def read(self, text: str) -> int | str:
        """The value written as ``text`` (already lower-cased for text kinds), normalised; raises
        ``ValueError(self.describe())`` when it is out of bounds."""
        if not isinstance(text, str):
            raise ValueError(self.describe())
        if self.kind == "int":
            return self._int(text)
        if self.kind == "choice":
            if text not in self.choices:
                raise ValueError(self.describe())
            return text
        if self.kind == "word":
            # letters only, and stable under the parser's upper() / lower() round trip
            if not (0 < len(text) <= _WORD_MAX and text.isalpha() and text.upper().lower() == text):
                raise ValueError(self.describe())
            return text
        if self.kind == "blanks":   # (empty: no blank written, the default)
            from .blanks import read_blanks
            return read_blanks(text) if text else text
        faces = text.split("/")
        if len(faces) != _TABLE_FACES:
            raise ValueError(self.describe())
        return "/".join(str(self._int(f)) for f in faces)

    def check(self, value: object) -> bool:
        """Is the (already parsed) ``value`` inside the bound?"""
        try:
            return self.read(str(value)) == value
        except ValueError:
            return False

    def _int(self, text: str) -> int:
        t = text.strip()
        if not _INT.fullmatch(t):
            raise ValueError(self.describe())
        v = int(t)
        if not self.lo <= v <= self.hi:
            raise ValueError(self.describe())
        return v


def _int(lo: int, hi: int) -> Bound:
    return Bound("int", lo, hi)


def _choice(*choices: str) -> Bound:
    return Bound("choice", choices=choices)


CARD_BOUND = _int(0, 9)          # the number card a card rule is tied to
_PENALTY = _int(1, 20)           # cards a house rule's penalty makes someone draw
_ROUNDS = _int(1, 100)


@dataclass(frozen=True)
class RuleInfo:
    code: str
    name: str
    summary: str
    section: str
    params: dict[str, object] = field(default_factory=dict)
    card: int | None = None          # number card the rule is tied to (a parameter)
    conflicts: tuple[str, ...] = ()  # family codes it cannot be combined with
    family: str = ""                 # P1..P4 share the family "P"; MS1..MS3 "MS"
    implemented: bool = False
    origin: str = "guide"            # "guide" (000 ch.3) or "other" (other seeds and other engines)
    bounds: dict[str, Bound] = field(default_factory=dict)  # parameter name -> Bound (every name in params)
    needs: tuple[str, ...] = ()      # the rule only works with one of these codes in the same set


def _r(code: str, name: str, summary: str, section: str, **kw: Any) -> RuleInfo:
    kw.setdefault("family", code)
    return RuleInfo(code, name, summary, section, **kw)


_SEED = "000 ch.3"
RULES: list[RuleInfo] = [
    _r("TV", "Torneio de Vitórias (tournament of wins)", "count hand wins; first to x wins",
       f"{_SEED} §Regra do Torneio de Vitórias", params={"wins": 3}, bounds={"wins": _int(1, 1000)},
       conflicts=("PR",), implemented=True),
    _r("PR", "Pontos Reversos (reverse points)", "start at 500, lose own hand points, out at 0",
       f"{_SEED} §Regra dos Pontos Reversos", params={"start": 500}, bounds={"start": _int(1, 100_000)},
       conflicts=("TV",), implemented=True),
    _r("MS1", "Morte Súbita sem proteção (sudden death)", "forced to draw because you cannot play: eliminated",
       f"{_SEED} §Regra da Morte Súbita", family="MS", implemented=True),
    _r("MS2", "Morte Súbita com proteção", "sudden death after x rounds",
       f"{_SEED} §Regra da Morte Súbita", params={"rounds": 2}, bounds={"rounds": _ROUNDS}, family="MS",
       implemented=True),
    _r("MS3", "Morte Súbita com trava", "sudden death after an event",
       f"{_SEED} §Regra da Morte Súbita", params={"event": "first-wild", "number": 7},
       bounds={"event": _choice("first-wild", "first-action", "fifth-action", "first-number"),
               "number": CARD_BOUND}, family="MS", implemented=True),
    _r("FL", "Final Limpo (clean finish)", "cannot go out with a Wild or a card that makes others draw",
       f"{_SEED} §Regra do Final Limpo", params={"variant": "all"},
       bounds={"variant": _choice("all", "numbers", "wilds")}, implemented=True),
    _r("FU", "Flash UNO", "deal 4 cards (any number up to 6)", f"{_SEED} §Regra do Flash UNO",
       params={"cards": 4}, bounds={"cards": _int(1, 6)}, conflicts=("BU",), implemented=True),
    _r("BU", "Battlefield UNO", "deal 9 cards (any number from 8)", f"{_SEED} §Regra do Battlefield UNO",
       params={"cards": 9}, bounds={"cards": _int(8, 50)}, conflicts=("FU",), implemented=True),
    _r("C", "Corte (cut / jump-in)", "an identical card may be played out of turn; play continues from the cutter",
       f"{_SEED} §Regra do Corte", implemented=True),
    _r("DR", "Descarte Rápido (quick discard)", "play several cards of the same number or symbol at once",
       f"{_SEED} §Regra do Descarte Rápido", conflicts=("DD",), implemented=True),
    _r("DD", "Duplicatas (duplicates)", "play several identical cards at once",
       f"{_SEED} §Regra das Duplicatas", conflicts=("DR",), implemented=True,
       # 003 §Varianti non ufficiali: identical numbers together, "le carte Azione ... una per volta"
       params={"actions": "together"}, bounds={"actions": _choice("together", "alone")}),
    _r("AA", "1ª Aritmética", "same-colour numbers summing to the top number", f"{_SEED} §Primeira Regra da Aritmética", implemented=True),
    _r("AB", "2ª Aritmética", "a number equal to the sum of the top two same-colour numbers",
       f"{_SEED} §Segunda Regra da Aritmética", implemented=True),
    _r("SAT", "Satisfação (satisfaction)", "keep drawing until a playable card", f"{_SEED} §Regra da Satisfação",
       conflicts=("INS",), implemented=True),
    _r("CON", "Consolo (consolation)", "cards drawn from +2/+4 may be played at once", f"{_SEED} §Regra do Consolo", implemented=True),
    _r("INS", "Insatisfação (dissatisfaction)", "a card drawn because you could not play is never played that turn",
       f"{_SEED} §Regra da Insatisfação", conflicts=("SAT",), implemented=True),
    _r("DED", "Duplo Descarte (double discard)", "a face-down discard pile for claimed-legal plays; accusations",
       f"{_SEED} §Regra do Duplo Descarte", params={"penalty": 4}, bounds={"penalty": _PENALTY}, implemented=True),
    _r("GT", "Gêmeo Traidor (traitor twin)", "an identical number played next makes the previous player draw that number",
       f"{_SEED} §Regra do Gêmeo Traidor", implemented=True),
    _r("P1", "Passe 1 (stacking)", "+2 on +2 only", f"{_SEED} §Regra do Passe", family="P", implemented=True),
    _r("P2", "Passe 2 (stacking)", "+2 on +2, +4 on +4", f"{_SEED} §Regra do Passe", family="P", implemented=True),
    _r("P3", "Passe 3 (stacking)", "+2 on +2, +4 on +4 and on +2", f"{_SEED} §Regra do Passe", family="P",
       implemented=True),
    _r("P4", "Passe 4 (stacking)", "any draw card on any draw card", f"{_SEED} §Regra do Passe", family="P",
       implemented=True,
       # 003 §Varianti non ufficiali: "compatibilmente con il colore attivo"
       params={"color": "any"}, bounds={"color": _choice("any", "match")}),
    _r("V", "Velocidade (speed)", "act within 5 s of the previous discard or draw 2", f"{_SEED} §Regra da Velocidade",
       params={"seconds": 5, "penalty": 2},
       bounds={"seconds": _int(1, 3600), "penalty": _PENALTY}, implemented=True),
    _r("PAA", "1ª Paz (first peace)", "no action cards in the first round(s)", f"{_SEED} §Primeira Regra da Paz",
       params={"rounds": 1}, bounds={"rounds": _ROUNDS}, implemented=True),
    _r("I", "Inferno", "any action card on any action card; implies P4", f"{_SEED} §Regra do Inferno",
       conflicts=("P1", "P2", "P3"), implemented=True),
    _r("CHU", "Chukcki", "after two equal numbers by different players the third must change colour",
       f"{_SEED} §Regra de Chukcki", implemented=True),
    _r("BA", "Batismo (baptism)", "a Reverse after two equal numbers makes everyone draw 1", f"{_SEED} §Regra do Batismo", implemented=True),
    _r("REV", "Revelação (revelation)", "the stock is face up", f"{_SEED} §Regra da Revelação", implemented=True),
    _r("S", "Silêncio (silence)", "after a 7 nobody speaks until another 7; speaking draws 2",
       f"{_SEED} §Regra do Silêncio", card=7, params={"penalty": 2, "word": "não", "rounds": 1},
       bounds={"penalty": _PENALTY, "word": Bound("word"), "rounds": _ROUNDS},
       implemented=True),
    _r("CAR", "Carrossel (carousel)", "a 0 passes every hand to the next player", f"{_SEED} §Regra do Carrossel", card=0, implemented=True),
    _r("T", "Troca (swap)", "the player of a 0 may swap hands with a chosen player", f"{_SEED} §Regra da Troca", card=0, implemented=True),
    _r("M", "Monte (slap)", "on an 8 everyone slaps the pile; the last draws 1", f"{_SEED} §Regra do Monte", card=8, implemented=True),
    _r("E", "Elogios (compliments)", "on a green 5 each opponent compliments its player or draws 1",
       f"{_SEED} §Regra dos Elogios", card=5, implemented=True),
    _r("IE", "Elogios invertidos (critiques)", "on a red 5 each opponent criticises its player or draws 1",
       f"{_SEED} §Regra Invertida dos Elogios", card=5, implemented=True),
    _r("DOA", "Doações (donations)", "the player of a 2 gives two cards to a chosen player", f"{_SEED} §Regra das Doações",
       card=2, implemented=True),
    _r("PAB", "2ª Paz (second peace)", "after a 1 no action cards until another 1", f"{_SEED} §Segunda Regra da Paz",
       card=1, implemented=True),
    _r("DAD", "Dado (die)", "after a 4 the next player rolls a die, draws that many and loses the turn",
       f"{_SEED} §Regra do Dado", card=4, params={"table": "1/2/3/4/5/6"},
       bounds={"table": Bound("table", 0, 20)}, implemented=True),
    _r("TRI", "Trindade (trinity)", "after a 3 the next player plays a 3 or the colour, or draws 3 and loses the turn",
       f"{_SEED} §Regra da Trindade", card=3, implemented=True),
    _r("BACK", "Backlash", "after an 8 the previous player draws 1", f"{_SEED} §Regra do Backlash", card=8, implemented=True),
    _r("CLA", "Clarividência (clairvoyance)", "the player of a 1 sees a chosen player's hand",
       f"{_SEED} §Regra da Clarividência", card=1, implemented=True),
    _r("MOV", "Movimento (movement)", "seats change after every hand", f"{_SEED} §Regra do Movimento", implemented=True),
    _r("DP", "Desafio Polivalente (draw challenge)", "anyone may challenge a draw made while holding a playable card",
       f"{_SEED} §Regra do Desafio Polivalente", implemented=True),
    _r("MEM", "Dori (memory)", "forgetting UNO costs 4", f"{_SEED} §Regra de Dori", implemented=True),
    _r("PRE", "Prescrição (no prescription)", "a missed UNO can be caught at any time later",
       f"{_SEED} §Regra da Prescrição", implemented=True),
    _r("ORG", "Orgulho (pride)", "apologising costs 2", f"{_SEED} §Regra do Orgulho", implemented=True),
]

def _x(code: str, name: str, summary: str, section: str, **kw: Any) -> RuleInfo:
    kw.setdefault("family", code)
    return RuleInfo(code, name, summary, section, origin="other", implemented=True, **kw)


# Rules the other seeds name and options other engines offer. They have no code in the guide: these
# codes are unokit's own (whole words, so they never clash with the guide's).
EXTRA_RULES: list[RuleInfo] = [
    _x("SEVENO", "Seven-O (Mattel)", "a 7 swaps hands with a chosen player; a 0 passes all hands in the "
       "direction of play", "004 §Regulile casei (Seven-O)", conflicts=("T", "CAR", "S")),
    _x("JUMPIN", "Jump-In (Mattel)", "an identical card out of turn; an identical Skip, Reverse, +2 or +4 "
       "cancels the first", "004 §Regulile casei (Jump-In)", conflicts=("C",)),
    _x("ADDUP", "Add it up", "with no card matching colour or number, two same-colour numbers summing to "
       "the top number; bluff challenge", "003 §Varianti non ufficiali (Add it up)", conflicts=("AA",)),
    _x("ZEROLEFT", "0 passes hands left", "a 0 makes every player pass their hand to the left",
       "003 §Varianti non ufficiali", card=0, conflicts=("CAR", "SEVENO")),
    _x("FORCE", "Force play", "you may not draw while holding a playable card", "other engines",
       conflicts=("SAT",)),
    _x("DRAWPLAY", "Play the drawn card", "a playable drawn card must be played", "other engines; 003",
       conflicts=("INS",)),
    _x("LIMIT", "Hand limit", "no hand grows beyond a limit; draws past it are skipped", "other engines",
       params={"cards": 25}, bounds={"cards": _int(1, 1000)}),
    _x("OPEN", "Open hands", "a hand below N cards is shown to everyone", "other engines", params={"cards": 3},
       bounds={"cards": _int(1, 1000)}),
    _x("BOMB", "Bomb", "playing 3+ cards of one number at once makes everyone else draw 1 (needs DR or DD)",
       "other engines", needs=("DR", "DD")),
    _x("REVENGE", "Revenge", "answering a draw stack doubles the total before adding", "other engines"),
    _x("DOUBLE", "Double score", "hand points count double", "other engines"),
    _x("NOCHALLENGE", "No challenge", "a Wild Draw Four cannot be challenged", "other engines"),
    _x("BLITZ", "Blitz", "the hand has a time limit; when it runs out the fewest cards win", "other engines",
       params={"seconds": 300}, bounds={"seconds": _int(1, 86_400)}),
    _x("WILDSTART", "Wild Draw Four as first card", "a Wild Draw Four turned first stays: the first player "
       "draws 4, is skipped, and the next player names the colour", "other engines"),
    _x("DEFLECT", "Deflect", "facing a draw total, a Skip of the colour passes it on and a Reverse sends it "
       "back", "other engines", conflicts=("I",)),
    _x("SHUFFLESEATS", "Shuffle seats", "seats are drawn anew before every hand", "other engines",
       conflicts=("MOV",)),
    _x("ELIMMOST", "Eliminate the most", "after each hand the player holding the most cards is eliminated",
       "other engines"),
    _x("DRAWANY", "Play from the hand after drawing", "after a turn draw, any playable card of the hand may be "
       "played, not only the one drawn", "000 §Regras Oficiais Comumente Ignoradas",
       conflicts=("SAT", "INS", "DRAWPLAY", "CON")),
    _x("NOENDDRAW", "No drawing after the end", "a Draw Two or Wild Draw Four played as the last card makes nobody "
       "draw before the scoring", "000 §Regras Oficiais Comumente Ignoradas"),
    _x("WILDMATCH", "Wilds match the colour (Ohana)", "a Wild held counts as a card of the colour in play: it makes "
       "a Wild Draw Four a bluff and decides its challenge; on by default with the Ohana deck",
       "002 §Curinga Comprar Quatro", params={"mode": "on"}, bounds={"mode": _choice("on", "off")}),
    _x("SLOWUNO", "UNO catch until the end of the next turn", "a missed UNO can be caught until the next "
       "player's turn ends", "003 §Penalità", conflicts=("PRE",)),
    _x("MISTAKE", "Any mistake costs two (Italian leaflet)", "a wrong play noticed, a missed UNO caught and being "
       "caught unready in your turn (another seat calls you out once your time allowance has run) each cost 2 "
       "cards", "003 §Varianti non ufficiali", params={"penalty": 2, "seconds": 10},
       bounds={"penalty": _PENALTY, "seconds": _int(1, 3600)}, conflicts=("MEM", "V", "FLASH")),
]
# The editions of 003 played as codes ("UNO NOMERCY"): each brings its own deck and card effects
# (unokit.rules.editions); one edition per code. Their conflicts list the house rules that change the
# same cards or the same mechanics; a number-card rule tied to a card the edition already gives a
# function is refused by the parser too (EDITION_CARDS).
EDITION_RULES: list[RuleInfo] = [
    RuleInfo("NOMERCY", "UNO Show 'em No Mercy (edition)",
             "168 cards; coloured +4, Skip Everyone, Discard All, Wild Reverse Draw Four, Wild Draw Six and Ten, "
             "Colour Roulette; 0 passes hands, 7 swaps; draw until you can play; stacking equal or higher; "
             "25 cards and you are out", "003 §UNO Show 'em No Mercy", family="EDITION", origin="edition",
             implemented=True, params={"zero": "play"}, bounds={"zero": _choice("play", "left")},
             conflicts=("P1", "P2", "P3", "P4", "ADDUP", "SEVENO", "ZEROLEFT", "T", "CAR", "SAT", "INS", "MS1",
                        "MS2", "MS3", "LIMIT", "WILDSTART", "I", "DEFLECT", "REVENGE", "DED", "DR", "DD", "AA",
                        "AB", "S", "NOCHALLENGE", "CON", "BLITZ")),
    RuleInfo("ALLWILD", "UNO All Wild! (edition)",
             "112 cards, every one a wild: Wild, Reverse, Skip, Skip Two, Forced Swap, Draw Two, Targeted Draw Two, "
             "Draw Four; no colours, no numbers", "003 §UNO All Wild!", family="EDITION", origin="edition",
             implemented=True, params={"swap": "self"}, bounds={"swap": _choice("self", "pair")},
             # the rules that read colours or numbers: pointless (or, FL and the peace rules, impossible) here
             conflicts=("T", "CAR", "DOA", "DAD", "TRI", "BACK", "CLA", "S", "M", "E", "IE", "SEVENO", "ZEROLEFT",
                        "AA", "AB", "ADDUP", "GT", "BOMB", "DR", "DD", "DED", "WILDSTART", "NOCHALLENGE", "FL",
                        "PAA", "PAB", "CHU", "I", "DEFLECT", "BA", "MS1", "MS2", "MS3")),
    RuleInfo("EXTREME", "UNO Extreme! (edition)",
             "a launcher beside the draw pile releases 0-8 random cards per press; Hit 2 (x2): the next player "
             "presses twice; Wild Hit (?): presses until cards come out", "003 §UNO Extreme!", family="EDITION",
             origin="edition", implemented=True,
             # the rules that would answer or pass on the launcher's cards as draw cards, and face-down plays
             conflicts=("DED", "DEFLECT", "I", "REVENGE")),
    RuleInfo("FLASH", "UNO Flash (edition)",
             "the unit picks the next player at random (no Reverse), times each turn (4 s, 6 s or off: 2 cards "
             "when late) and, after a SLAP card, the last to press draws 2", "003 §UNO Flash", family="EDITION",
             origin="edition", implemented=True, params={"timer": "6", "targeted": "off"},
             bounds={"timer": _choice("4", "6", "off"), "targeted": _choice("off", "on")},
             # another timer, another slap round, and the rules that read the direction of play or a seat order
             conflicts=("V", "BLITZ", "M", "BA", "DEFLECT", "I", "SEVENO", "CAR", "ZEROLEFT", "DED", "MS1", "MS2",
                        "MS3")),
    RuleInfo("SPIN", "UNO Spin (edition)",
             "after a Spin card (a number 1-5 with the spin mark) the next player spins the wheel: discard all but "
             "two, a number or a colour, draw until red or blue, trade hands left, show the hand",
             "003 §UNO Spin", family="EDITION", origin="edition", implemented=True,
             # the rules that time or reorder turns (the wheel uses the spinner's turn), groups, face-down plays
             conflicts=("V", "BLITZ", "DR", "DD", "DED", "AA", "AB", "ADDUP", "MS1", "MS2", "MS3")),
    RuleInfo("FLIP", "UNO Flip (edition)",
             "112 double-sided cards: a Flip card turns the table over; light side Draw One and Wild Draw Two, "
             "dark side pink, teal, orange and violet, Draw Five, Skip Everyone and Wild Draw Colour",
             "003 §UNO Flip", family="EDITION", origin="edition", implemented=True,
             # the rules that stack or answer draw cards (the Wild Draw Colour's count is not a number), turn
             # the first card by other rules, play face down, or play a drawn penalty card at once
             conflicts=("P1", "P2", "P3", "P4", "ADDUP", "DEFLECT", "I", "REVENGE", "DED", "WILDSTART", "CON")),
    RuleInfo("FLEX", "UNO Flex (edition)",
             "a power card each (green: the flex side of a card may be used, then it turns red); two-coloured "
             "numbers, numbers with the flip mark, flex Skip, Reverse, Draw Two and Wilds, Wild All Flip",
             "003 §UNO Flex", family="EDITION", origin="edition", implemented=True,
             # the rules that group or stack cards (a flex card is one card whichever side is used), play face
             # down, or turn the first card by other rules
             conflicts=("DR", "DD", "AA", "AB", "BOMB", "P1", "P2", "P3", "P4", "ADDUP", "DEFLECT", "I", "REVENGE",
                        "DED", "WILDSTART", "CON")),
]
#: number cards an edition already gives a function: a card rule may not be tied to them as well
EDITION_CARDS = {"NOMERCY": (0, 7)}

# aliases for rules that are another rule under another name
ALIASES_OTHER = {"PROG": "P2", "PROGRESSIVE": "P2", "ANTICIPO": "C"}

RULES = RULES + EXTRA_RULES + EDITION_RULES
EDITIONS_CODES = frozenset(r.code for r in EDITION_RULES)
CATALOG: dict[str, RuleInfo] = {r.code: r for r in RULES}
ORDER: dict[str, int] = {r.code: i for i, r in enumerate(RULES)}
IMPLEMENTED: set[str] = {r.code for r in RULES if r.implemented}   # (a set: a plug-in rule joins it, rules.registry)
BUILT_IN = frozenset(CATALOG)       # the codes of the seeds and the engines unokit plays (a plug-in adds others)


# every parameter is bounded (RuleSet.parse reads each value through its Bound)
for _info in RULES:
    if set(_info.params) != set(_info.bounds):
        raise RuntimeError(f"catalogue: {_info.code} declares parameters {sorted(_info.params)} but bounds for "
                           f"{sorted(_info.bounds)}")


def bounds_of(code: str) -> dict[str, Bound]:
    """Every parameter of rule ``code`` with its :class:`Bound`, the tied card included."""
    info = CATALOG[code]
    out = dict(info.bounds)
    if info.card is not None:
        out["card"] = CARD_BOUND
    return out


# The bounds of the table-wide parameters (``GLOBAL_PARAMS`` in ``ruleset.py``).
TABLE_BOUNDS: dict[str, Bound] = {
    "target": _int(1, 1_000_000),
    "deal": _int(1, 50),
    "scoring": _choice("winner", "lowest"),
    "first": _choice("official", "redraw"),
    "hint": _int(0, 20),
    "wrong": _int(0, 20),
    "uno": _int(0, 20),
    "blank": _choice("wild", "swap", "draw2", "everyone1"),
    "blanks": Bound("blanks"),
    "blankmax": _int(1, 20),
    "chooser": _choice("first", "left", "dealer"),
}

# Sub-options of S, glued to it as the guide writes them: SU, SPPT, SSE, ...
SILENCE_SUFFIXES = ("PP", "SE", "SS", "T", "U")
SILENCE_NAMES = {
    "PP": "progressive penalty: one card per word",
    "T": "temporary: lasts one round",
    "U": "saying UNO is allowed",
    "SE": "specific: only a chosen word is banned",
    "SS": "sombre: no laughing",
}
# Bare codes the guide also writes: MS (in MS-TV-C-DR-V-P3) is MS1.
ALIASES = {"MS": "MS1", "PROG": "P2", "PROGRESSIVE": "P2", "ANTICIPO": "C"}


# The ready-made variations of 000 §Variações Prontas, by group, as the guide writes them.
VARIATIONS: dict[str, tuple[str, str]] = {
    "TV-BU-C-DR-P3-PRE": ("Amigos", "simple and calm, for small groups"),
    "DR-P4-PAA-SU-CAR-T-M-DOA-PRE": ("Amigos", "bigger groups, many card rules, P4 for the fun of 20-card draws"),
    "DR-AA-AB-GT-P3-BA-T-M-PRE": ("Amigos", "bigger groups of tactical players; arithmetic and baptism"),
    "FL-DED-DP-MEM-P2": ("Poker Face", "who is lying matters more than winning"),
    "BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA": ("As Estratégias do UNO", "more cards and many tactical rules"),
    "BU-DR-P1-PAB-CHU-T-TRI-BACK-CLA": ("As Estratégias do UNO", "the same with DR instead of DD"),
    "BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA": ("As Estratégias do UNO", "the same with the arithmetic rules"),
    "DD-P1-PAB-CHU": ("As Estratégias do UNO", "no functions on number cards, usual deal"),
    "DD-P1": ("As Estratégias do UNO", "minimal: duplicates and P1"),
    "DR-P2": ("As Estratégias do UNO", "minimal and more liberal: DR and P2"),
    "TV-FU-C-DR-V-P3": ("Sala de Espera", "fewer cards, no points, as fast as possible"),
    "MS-TV-C-DR-V-P3": ("Sala de Espera", "the same with the usual deal and sudden death"),
}
# The guide's chapter 3 groups its rules in five parts (000 ch.3, the headings "Regras que Modificam...");
# rules from the other seeds and engines form a sixth group. (key, Portuguese, English, codes or families)
GROUPS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("objective", "Regras que Modificam o Objetivo do Jogo", "Rules that change the goal of the game",
     ("TV", "PR", "MS")),
    ("dynamics", "Regras que Modificam a Dinâmica de Jogo", "Rules that change how the game flows",
     ("FL", "FU", "BU", "C", "DR", "DD", "AA", "AB", "SAT", "CON", "INS", "DED", "GT", "P", "V", "PAA", "I",
      "CHU", "BA", "REV")),
    ("cards", "Regras que Modificam ou Inserem Funções em Cartas", "Rules that give cards new functions",
     ("S", "CAR", "T", "M", "E", "IE", "DOA", "PAB", "DAD", "TRI", "BACK", "CLA")),
    ("end", "Regras que Modificam o Fim da Partida", "Rules that change the end of a game", ("MOV",)),
    ("penalties", "Regras que Modificam ou Inserem Penalidades", "Rules that change or add penalties",
     ("DP", "MEM", "PRE", "ORG")),
    ("other", "Outras regras (outras fontes e programas)", "Other rules (other leaflets and engines)", ()),
    ("editions", "Edições (baralhos e cartas próprios)", "Editions (their own deck and cards)", ("EDITION",)),
)
# The ambiguity digits of 000 §Ambiguidade das Regras Oficiais, by letter, in Portuguese.
AMBIGUITY_NAMES = {"A": "Procedimentos pré-jogo", "B": "Correções", "C": "O Desafio do Curinga (quem vê a mão)",
                   "D": "Blefe descoberto"}

# Cards never given to a moved rule: the guide advises against 6 and 9 (they read alike upside down).
AVOID_CARDS = (6, 9)


def alone(code: str) -> str:
    """The shortest codes that play ``code``: itself, or with the rule it needs in front (BOMB needs DR).

    >>> alone("C"), alone("BOMB")
    ('C', 'DR-BOMB')
    """
    needs = CATALOG[code].needs
    return f"{needs[0]}-{code}" if needs else code
