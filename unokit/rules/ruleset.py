"""Rule sets as frozen data, parsed from and printed back to the guide's code.

A code is ``UNO`` + the four ambiguity digits ``ABCD`` (default ``1121``) +
house-rule codes joined by ``-``; numeric parameters follow in parentheses,
table-wide parameters as ``key=value`` words at the end::

    UNO 1121 DR-P4-SU
    UNO 2111 C-DR-S(penalty=3)
    UNO 1121 DD-P1 target=300 deal=7

>>> rs = RuleSet.parse('uno dr-p4-su')
>>> rs.code
'UNO 1121 DR-P4-SU'
>>> RuleSet.parse(rs.code) == rs
True
>>> rs.stacking, rs.has('DR'), rs.silence_options
('P4', True, frozenset({'U'}))
>>> RuleSet.parse('UNO 1121 C target=300').param('target')
300
>>> RuleSet.parse('UNO 1121 XYZ')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
unokit.core.errors.RuleCodeError: unknown rule code 'XYZ' in 'UNO 1121 XYZ'; valid codes: TV, PR, MS1, ...
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeAlias

from ..core.errors import RuleCodeError, RuleConflictError, RuleNotImplementedError
from .catalog import (
    ALIASES,
    AVOID_CARDS,
    CATALOG,
    EDITION_CARDS,
    IMPLEMENTED,
    ORDER,
    SILENCE_SUFFIXES,
    TABLE_BOUNDS,
    VARIATIONS,
    Bound,
    bounds_of,
)

__all__ = ["RuleSet", "AMBIGUITY", "GLOBAL_PARAMS", "OFFICIAL"]

# The four ambiguity options of 000 §Ambiguidade das Regras Oficiais.
AMBIGUITY = (
    ("A", "pre-game procedure", {1: "simplified: highest card deals, left of dealer starts, every hand",
                                 2: "traditional: dealer shuffles, left player cuts and turns the first "
                                    "discard, deal and play go counter-clockwise from the dealer's right",
                                 3: "simplified for the first hand, then the deal rotates clockwise"}),
    ("B", "corrections", {1: "a wrong play noticed later is undone and play restarts from that point",
                          2: "the offender takes the card back and draws 2; later plays stand"}),
    ("C", "challenge reveal", {1: "the challenged hand is shown to all", 2: "shown only to the challenger"}),
    ("D", "bluff caught", {1: "the bluffer still chooses the colour", 2: "the card becomes invalid (taken back)"}),
)

# Table-wide parameters with the guide's defaults.
GLOBAL_PARAMS: dict[str, object] = {
    "target": 500,        # points to win a match (000 §OBJETIVO DO JOGO)
    "deal": 7,            # cards dealt (FU / BU change it)
    "scoring": "winner",  # winner | lowest (000 §VENCENDO O JOGO alternative)
    "first": "official",  # official | redraw (002: any action card as first discard is replaced)
    "hint": 2,            # cards for giving hints (003 says 4)
    "wrong": 2,           # cards for a wrong play noticed (table enforcement)
    "uno": 2,             # cards for a missed UNO (MEM makes it 4)
    "blank": "wild",      # what a blank wild does: wild | swap | draw2 | everyone1 (001, 003: the table decides)
    "blanks": "",         # one effect per blank card, e.g. bianca/drawn/r7 (unokit.rules.blanks)
    "blankmax": 4,        # the most cards a 'drawn' blank makes the next player draw
    "chooser": "first",   # who names the colour of a Wild turned first: first (the first player) | left (of the
                          # dealer, the rules' words) | dealer (000 §Regras Oficiais Comumente Ignoradas)
}
#: one rule of a set: (code, options, params), the options and the params sorted tuples
Rule: TypeAlias = tuple[str, tuple[str, ...], tuple[tuple[str, object], ...]]
_TOKEN = re.compile(r"^([A-Z]+[0-9]?)(?:\((.*)\))?$")
_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)
MAX_CODE_LENGTH = 2000  # the longest legal code (every rule with parameters) is far shorter


def _read_param(bound: Bound, value: str, code: str | None, name: str, src: str) -> int | str:
    """``value`` read through its catalogue :class:`Bound`; a RuleCodeError naming the parameter
    (``rule S: penalty``, ``table parameter deal``) and its range."""
    try:
        return bound.read(value)
    except ValueError:
        pass
    shown = value if len(value) <= 40 else value[:40] + "..."
    what = f"rule {code}: {name}" if code else f"table parameter {name}"
    if name == "card" and code:
        raise RuleCodeError(f"{what} must be a number card 0-9 ({bound.describe()}), got {shown!r}") from None
    if bound.kind == "int" and not _INT.fullmatch(value.strip()):
        raise RuleCodeError(f"{what}: expected {bound.describe()}, got {shown!r}") from None
    raise RuleCodeError(f"{what} must be {bound.describe()}, got {shown!r}") from None


def _short(src: str) -> str:
    return src if len(src) <= 120 else src[:120] + "..."


@dataclass(frozen=True)
class RuleSet:
    """An immutable set of rules. Build with :meth:`parse`; print with :attr:`code`."""

    ambiguity: tuple[int, ...] = (1, 1, 2, 1)        # the four digits ABCD
    # (code, options, params) sorted in the guide's summary order; options/params are sorted tuples
    rules: tuple[Rule, ...] = ()
    params: tuple[tuple[str, object], ...] = ()

    # ------------------------------------------------------------------ parsing
    @classmethod
    def parse(cls, text: str | RuleSet, *, allow_unimplemented: bool = False) -> RuleSet:
        """Parse a guide code. Raises :class:`RuleCodeError` (or a subclass) naming the problem."""
        if isinstance(text, RuleSet):
            return text
        if isinstance(text, str):
            hit = _PARSED.get((text, allow_unimplemented))
            if hit is not None:
                return hit
            rs = cls._parse(text, allow_unimplemented)
            if len(_PARSED) < 4096:
                _PARSED[(text, allow_unimplemented)] = rs
            return rs
        raise RuleCodeError(f"a rule code is text such as 'UNO 1121 DR-P4', not {type(text).__name__}")

    @classmethod
    def _parse(cls, text: str, allow_unimplemented: bool) -> RuleSet:
        if not text.strip():
            raise RuleCodeError("empty rule code; write e.g. 'UNO 1121' or 'UNO 1121 DR-P4'")
        if len(text) > MAX_CODE_LENGTH:
            raise RuleCodeError(f"rule code too long ({len(text)} characters; at most {MAX_CODE_LENGTH})")
        src = text
        words = text.strip().upper().split()
        if words and words[0] == "UNO":
            words.pop(0)
        amb: tuple[int, ...] = (1, 1, 2, 1)
        if words and words[0].isdigit():
            digits = words.pop(0)
            if not _DIGITS.fullmatch(digits):
                raise RuleCodeError(f"the ambiguity code must be four digits 0-9 ABCD (e.g. 1121), got {digits!r}")
            if len(digits) != 4:
                raise RuleCodeError(f"the ambiguity code must have four digits ABCD (e.g. 1121), got {digits!r}")
            amb = tuple(int(d) for d in digits)
            for d, (letter, what, meanings) in zip(amb, AMBIGUITY):
                if d not in meanings:
                    raise RuleCodeError(
                        f"ambiguity digit {letter} ({what}) must be one of {sorted(meanings)}, got {d} in {src!r}")
        rules: dict[str, Rule] = {}
        params: dict[str, object] = {}
        codes_word = next((w for w in words if "=" not in w or "(" in w), "")
        guide_variation = codes_word in VARIATIONS
        for word in words:
            if "=" in word and "(" not in word:
                k, _, v = word.partition("=")
                k = k.lower()
                if k not in GLOBAL_PARAMS:
                    raise RuleCodeError(f"unknown table parameter {k!r}; valid: {', '.join(GLOBAL_PARAMS)}")
                if k in params:
                    raise RuleCodeError(f"table parameter {k} given twice in {_short(src)!r}")
                params[k] = _read_param(TABLE_BOUNDS[k], v.lower(), None, k, src)
                continue
            for token in _split_codes(word, src):
                if not token:
                    raise RuleCodeError(f"empty rule code between dashes in {_short(src)!r}")
                code, opts, rparams = cls._parse_token(token, src)
                if code in rules:
                    raise RuleConflictError(f"rule {code} appears twice in {_short(src)!r}")
                rules[code] = (code, opts, rparams)
        rs = cls(amb, tuple(sorted(rules.values(), key=lambda r: ORDER[r[0]])),
                 tuple(sorted((k, v) for k, v in params.items() if GLOBAL_PARAMS[k] != v)))
        if guide_variation:
            rs = rs._resolve_shared_cards()
        rs._check_conflicts(src)
        rs._check_needs()
        if not allow_unimplemented:
            missing = [c for c, _, _ in rs.rules if c not in IMPLEMENTED]
            if missing:
                names = ", ".join(f"{c} ({CATALOG[c].name})" for c in missing)
                raise RuleNotImplementedError(
                    f"not implemented yet: {names}. Implemented house rules: {', '.join(sorted(IMPLEMENTED))}")
        return rs

    @staticmethod
    def _parse_token(token: str, src: str) -> Rule:
        m = _TOKEN.match(token)
        if not m:
            raise RuleCodeError(f"malformed rule code {token!r} in {src!r}; write CODE or CODE(key=value,...)")
        code, raw = m.group(1), m.group(2)
        code = ALIASES.get(code, code)
        opts: tuple[str, ...] = ()
        if code not in CATALOG:
            if code.startswith("S") and code != "S":
                opts = _silence_suffixes(code[1:], token, src)
                code = "S"
            else:
                close = difflib.get_close_matches(code, CATALOG, n=3)
                hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                raise RuleCodeError(f"unknown rule code {code!r} in {src!r}{hint}; valid codes: "
                                    f"{', '.join(CATALOG)}")
        info = CATALOG[code]
        defaults = dict(info.params)
        if info.card is not None:
            defaults["card"] = info.card
        bounds = bounds_of(code)
        rparams: dict[str, object] = {}
        if raw:
            for item in raw.split(","):
                k, eq, v = item.partition("=")
                k = k.strip().lower()
                if not eq or k not in defaults:
                    valid = ", ".join(defaults) or "none"
                    shown = item if len(item) <= 40 else item[:40] + "..."
                    raise RuleCodeError(f"rule {code} has no parameter {shown!r}; its parameters: {valid}")
                if k in rparams:
                    raise RuleCodeError(f"rule {code}: parameter {k} given twice in {_short(src)!r}")
                rparams[k] = _read_param(bounds[k], v.strip().lower(), code, k, src)
        return code, opts, tuple(sorted((k, v) for k, v in rparams.items() if defaults[k] != v))

    def _check_conflicts(self, src: str) -> None:
        codes = [c for c, _, _ in self.rules]
        fams: dict[str, str] = {}
        for c in codes:
            fam = CATALOG[c].family
            if fam in fams:
                raise RuleConflictError(f"{fams[fam]} and {c} are variants of the same rule; choose one")
            fams[fam] = c
        for c in codes:
            for other in CATALOG[c].conflicts:
                if other in codes:
                    a, b = sorted((c, other), key=ORDER.__getitem__)
                    raise RuleConflictError(f"{a} and {b} cannot be combined "
                                            f"({CATALOG[a].name} / {CATALOG[b].name})")
        for ed, taken in EDITION_CARDS.items():
            if ed in codes:
                for c in codes:
                    if c != ed and self.card_of(c) in taken:
                        raise RuleConflictError(f"{c} is tied to the card {self.card_of(c)}, which {ed} already gives a "
                                                f"function; give {c} another card, e.g. {c}(card=5)")
        opts = self.silence_options
        if "SE" in opts and "SS" in opts:
            raise RuleConflictError("S sub-options SE (specific word) and SS (no laughing) exclude each other")
        # E is tied to the green card, IE to the red one; every other card rule to all four colours
        tied: list[tuple[str, int, frozenset[str]]] = []
        for c in codes:
            card = self.card_of(c)
            if card is None:
                continue
            cols = frozenset({"green"} if c == "E" else {"red"} if c == "IE" else {"red", "yellow", "green", "blue"})
            for other, ocard, ocols in tied:
                if ocard == card and cols & ocols:
                    raise RuleConflictError(
                        f"{other} and {c} are both tied to the card {card}; give one another card, "
                        f"e.g. {c}(card=N)")
            tied.append((c, card, cols))

    def _check_needs(self) -> None:
        codes = set(self.codes)
        for c in self.codes:
            needs = CATALOG[c].needs
            if needs and not codes & set(needs):
                raise RuleConflictError(f"{c} ({CATALOG[c].name}) needs {' or '.join(needs)} in the same code, and "
                                        f"{self.code!r} has neither; write e.g. 'UNO 1121 {needs[0]}-{c}'")

    def _resolve_shared_cards(self) -> RuleSet:
        """The guide's own ready-made variations put two rules on one card (CAR and T on the 0;
        PAB and CLA on the 1) although it says such rules conflict "unless the cards differ".
        Decision: when a variation is loaded by its code, the rule written later in the guide's
        code moves to the lowest card no other rule uses, never 6 or 9."""
        used: set[int] = set()
        out = []
        for code, opts, rparams in self.rules:
            card = self.card_of(code)
            if card is not None and card in used and code not in ("E", "IE"):
                free = [c for c in range(10) if c not in used and c not in AVOID_CARDS
                        and all(self.card_of(o) != c for o, _, _ in self.rules if self.card_of(o) is not None)]
                if not free:
                    raise RuleConflictError(
                        f"{code} shares the card {card} with another rule and no number card is left to move "
                        f"it to (6 and 9 are never used); leave out some card rules")
                card = free[0]
                rparams = tuple(sorted(dict(rparams, card=card).items()))
            if card is not None:
                used.add(card)
            out.append((code, opts, rparams))
        return RuleSet(self.ambiguity, tuple(out), self.params)

    # ------------------------------------------------------------------ queries
    @cached_property
    def code(self) -> str:
        """The canonical code; ``RuleSet.parse(rs.code) == rs`` (worked out once: views and records ask it
        at every step)."""
        parts = []
        for c, opts, rparams in self.rules:
            s = c + "".join(opts)
            if rparams:
                s += "(" + ",".join(f"{k}={v}" for k, v in rparams) + ")"
            parts.append(s)
        out = "UNO " + "".join(str(d) for d in self.ambiguity)
        if parts:
            out += " " + "-".join(parts)
        for k, v in self.params:
            out += f" {k}={v}"
        return out

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"RuleSet.parse({self.code!r})"

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c for c, _, _ in self.rules)

    def has(self, code: str) -> bool:
        return any(c == code for c, _, _ in self.rules)

    def param(self, code: str, name: str | None = None) -> Any:
        """``param('target')`` for a table parameter, ``param('S', 'penalty')`` for a rule's: a whole number or a
        word, as the parameter's :class:`~unokit.rules.catalog.Bound` reads it (hence ``Any``: the name decides
        which), or None for a parameter the rule set does not have."""
        if name is None:
            return dict(self.params).get(code, GLOBAL_PARAMS.get(code))
        for c, _, rparams in self.rules:
            if c == code:
                d = dict(CATALOG[c].params)
                if CATALOG[c].card is not None:
                    d["card"] = CATALOG[c].card
                d.update(rparams)
                return d.get(name)
        return None

    def card_of(self, code: str) -> int | None:
        return self.param(code, "card") if CATALOG[code].card is not None else None

    @property
    def pregame(self) -> int:
        return self.ambiguity[0]

    @property
    def corrections(self) -> int:
        return self.ambiguity[1]

    @property
    def reveal(self) -> int:
        return self.ambiguity[2]

    @property
    def bluff(self) -> int:
        return self.ambiguity[3]

    @property
    def stacking(self) -> str | None:
        for c, _, _ in self.rules:
            if CATALOG[c].family == "P":
                return c
        return None

    @property
    def silence_options(self) -> frozenset[str]:
        for c, opts, _ in self.rules:
            if c == "S":
                return frozenset(opts)
        return frozenset()

    @property
    def deal(self) -> int:
        for c in ("FU", "BU"):
            if self.has(c):
                cards: int = self.param(c, "cards")
                return cards
        deal: int = self.param("deal")
        return deal


def _split_codes(word: str, src: str = "") -> list[str]:
    """Split ``A-B(x=first-wild)-C`` on the dashes outside parentheses."""
    out, cur, depth = [], "", 0
    for ch in word:
        if ch == "(":
            depth += 1
            if depth > 1:
                raise RuleCodeError(f"malformed rule code {_short(word)!r} in {_short(src or word)!r}: "
                                   f"parentheses cannot be nested")
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise RuleCodeError(f"malformed rule code {_short(word)!r} in {_short(src or word)!r}: "
                                   f"')' without '('")
        if ch == "-" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if depth:
        raise RuleCodeError(f"malformed rule code {_short(word)!r} in {_short(src or word)!r}: '(' without ')'")
    out.append(cur)
    return out


def _silence_suffixes(rest: str, token: str, src: str) -> tuple[str, ...]:
    found = []
    i = 0
    while i < len(rest):
        for suf in sorted(SILENCE_SUFFIXES, key=len, reverse=True):
            if rest.startswith(suf, i):
                if suf in found:
                    raise RuleCodeError(f"S sub-option {suf} repeated in {token!r}")
                found.append(suf)
                i += len(suf)
                break
        else:
            raise RuleCodeError(
                f"unknown rule code {token!r} in {src!r}: after S the guide allows the sub-options "
                f"{', '.join(SILENCE_SUFFIXES)} (e.g. SU, SPPT, SSE)")
    return tuple(s for s in SILENCE_SUFFIXES if s in found)


_PARSED: dict[tuple[str, bool], RuleSet] = {}  # parsing is pure and RuleSets are frozen: cache by text
OFFICIAL = RuleSet()
