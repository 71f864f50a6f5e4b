"""Actions: frozen values a player hands to the referee.

Every action names the ``player`` (seat index) who takes it; many may be taken
out of turn (saying UNO, catching, cutting, challenging, accusing, chatting).
:data:`ACTIONS` is the one registry of action verbs (as :data:`unokit.core.events.EVENTS` is of event kinds).

>>> from unokit.core.cards import Card, Color
>>> a = Play(0, (Card.parse('W'),), color=Color.GREEN, uno=True)
>>> str(a)
'0 play W>G uno'
>>> Action.parse(str(a)) == a
True
>>> Action.parse('2 catch 1')
CatchUno(player=2, target=1)
>>> ACTIONS['catch'] is CatchUno, action_from_dict({'type': 'catch', 'player': 2, 'target': 1})
(True, CatchUno(player=2, target=1))
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any

from .cards import Card, Color, format_cards, parse_cards
from .errors import NotationError, UnoError

__all__ = ["Action", "Play", "Draw", "Pass", "ChooseColor", "SayUno", "CatchUno", "Challenge",
           "Notice", "Accuse", "Discard", "Say", "Hint", "Slap", "ChallengeDraw", "action_from_dict", "simple_action",
           "ACTIONS", "register_action", "unregister_action", "WINDOWS"]


class Action:
    """Base class. ``str(action)`` is a compact notation that :meth:`parse` reads back.

    A concrete action class declares its ``verb`` (the word of the text notation), its ``kind``
    (the ``type`` of its dict form, and its name in logs), reads its own arguments in
    :meth:`_parse` and its own dict fields in :meth:`_from_dict`, and is entered in
    :data:`ACTIONS` with :func:`register_action`. The defaults read an action that names
    only its player (``"1 slap"``, ``{"type": "slap", "player": 1}``)."""

    __slots__ = ()
    player: int   # (every concrete action's first field: its seat)
    kind = "action"
    verb = ""
    more = ""  # only a Play being composed sets it (see Play)
    #: when the action is a seat's decision (:data:`WINDOWS`): "turn" (the seat in turn only), "reaction"
    #: (any seat between moves, out of turn: UNO calls, catches, challenges of a draw), "both" (a play: in
    #: turn, or out of turn as a cut) or "talk" (speech, never a decision the decision flow offers)
    window = "turn"
    #: may the seat in turn answer a hand emptied face down (phase HIDDEN_FINISH) with it, besides accepting?
    #: (DED's accusation declares so: a bot composing the turn's options asks this, not the class's name)
    answers_hidden_finish = False

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def _parse(cls, player: int, args: list[str]) -> Action:
        """The action of ``player`` from the words after the verb (a ``ValueError`` names a problem)."""
        _no_args(cls.verb, args)
        return cls(player)  # type: ignore[call-arg]  # each concrete action is a dataclass whose first field is player

    @classmethod
    def _from_dict(cls, player: int, d: dict[str, Any]) -> Action:
        """The action of ``player`` (already checked) from the other fields of its dict form."""
        _only(d, cls.kind, ())
        return cls(player)  # type: ignore[call-arg]  # (as in _parse)

    @staticmethod
    def parse(text: str) -> Action:
        """Read the compact notation ``"<seat> <verb> [args]"`` (see each class).

        Seats are whole numbers 0-999 written in the digits 0-9; anything unreadable raises
        :class:`NotationError` (a ``ValueError``) naming the problem."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text such as '0 play R7', not {type(text).__name__}")
        parts = text.split()
        if len(parts) < 2 or not _NUMBER.fullmatch(parts[0]):
            raise NotationError(f"cannot read action {_short(text)!r}; write '<seat> <verb> ...', e.g. '0 play R7'")
        verb, args = parts[1].lower(), parts[2:]
        try:
            p = _seat(parts[0], "seat")
            cls = ACTIONS.get(verb)
            if cls is not None:
                return cls._parse(p, args)
        except (IndexError, ValueError) as e:
            raise NotationError(f"cannot read action {_short(text)!r}: {e}") from None
        raise NotationError(f"unknown action verb {_short(verb)!r} in {_short(text)!r}")


#: the decision windows an action class may declare (:attr:`Action.window`)
WINDOWS = ("turn", "reaction", "both", "talk")

# ---------------------------------------------------------------------- the registry
#: every action verb -> its class: the one dispatch of :meth:`Action.parse` and, through the
#: classes' ``kind``, of :func:`action_from_dict`. Change it only with :func:`register_action`.
ACTIONS: dict[str, type[Action]] = {}
_KINDS: dict[str, type[Action]] = {}  # kind (dict ``type``) -> class; kept in step with ACTIONS
_VERB = re.compile(r"[a-z][a-z0-9_-]*", re.ASCII)


def register_action(cls: type) -> type:
    """Enter the action class ``cls`` under its ``verb`` and ``kind``; usable as a class decorator.

    The built-in actions register below; a rule module registers its own when it is imported
    (``@register_action`` over the dataclass). A verb or kind already taken by another class is
    refused with :class:`~unokit.core.errors.UnoError`; registering the same class again does nothing."""
    if not (isinstance(cls, type) and issubclass(cls, Action)) or cls is Action:
        raise UnoError(f"register_action takes a subclass of Action, got {cls!r}")
    verb, kind = cls.verb, cls.kind
    if not isinstance(verb, str) or not _VERB.fullmatch(verb):
        raise UnoError(f"{cls.__name__}.verb must be one lower-case word such as 'draw', got {verb!r}")
    if not isinstance(kind, str) or not kind or kind == Action.kind:
        raise UnoError(f"{cls.__name__} must declare its kind (the 'type' of its dict form), got {kind!r}")
    if cls.window not in WINDOWS:
        raise UnoError(f"{cls.__name__}.window must be one of {', '.join(WINDOWS)}, got {cls.window!r}")
    if ACTIONS.get(verb) is cls and _KINDS.get(kind) is cls:
        return cls
    for table, key, what in ((ACTIONS, verb, "verb"), (_KINDS, kind, "kind")):
        if key in table:
            raise UnoError(f"action {what} {key!r} is already registered to {table[key].__name__}; "
                           f"{cls.__name__} needs another")
    ACTIONS[verb] = _KINDS[kind] = cls
    return cls


def unregister_action(cls: type) -> None:
    """Take the action class ``cls`` out of the registry again (its verb and kind become unknown)."""
    verb = getattr(cls, "verb", None)
    if not isinstance(verb, str) or ACTIONS.get(verb) is not cls:
        raise UnoError(f"{getattr(cls, '__name__', cls)!r} is not a registered action class")
    del ACTIONS[verb], _KINDS[cls.kind]


class _RuleActions(Mapping[str, type]):
    """The registered actions that rule modules define (outside this module), by kind; read-only."""

    def _now(self) -> dict[str, type]:
        return {c.kind: c for c in ACTIONS.values() if c.__module__ != __name__}

    def __getitem__(self, kind: str) -> type:
        return self._now()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())

    def __repr__(self) -> str:
        return repr(self._now())


#: the rule-defined part of :data:`ACTIONS`, by kind (a live view; older code reads it)
EXTRA_ACTIONS: Mapping[str, type] = _RuleActions()


# ---------------------------------------------------------------------- the built-in actions
@register_action
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``cards`` (one card, or a group under DR/DD) on the discard pile.

    ``color``: the colour named for a wild; ``uno``: say UNO while playing the
    next-to-last card; ``target``: the seat chosen by a card that names one
    (Wild Swap Hands); ``hidden``: cards put face down on the DED pile, claimed
    legal; ``claim``: under DED + stacking, the draw card a hidden card is
    claimed to be, or the cards a ``WBN`` blank makes the next player draw; ``give``: cards handed to ``target`` (DOA). Notation: ``0 play R7 R7``,
    ``1 play W+4>G uno``, ``2 play WX>R @0``, ``3 play hidden:G+2 claim:+2``, ``0 play R2 @1 give:G5,Y7``.

    ``more`` marks a play still being composed, one sub-decision at a time (see
    :meth:`unokit.engine.game.Game.expand`): ``"cards"`` (more cards follow, written ``+``),
    ``"target"`` (a seat is still to be named, ``@?``; with ``target`` set, the second
    seat of a pair, ``@1,?``) or ``"give"`` (more cards to give, ``give:...,?``). The
    referee lists such stems but applies only complete plays.

    ``first``: the seat named first by a play that names two, ``target`` being the second
    (All Wild's Forced Swap under ``ALLWILD(swap=pair)``: those two swap hands), written
    ``0 play WFS @1,3``.
    """

    player: int
    cards: tuple[Card, ...] = ()
    color: Color | None = None
    uno: bool = False
    target: int | None = None
    hidden: tuple[Card, ...] = ()
    claim: int = 0
    give: tuple[Card, ...] = ()
    more: str = ""
    first: int | None = None
    kind = verb = "play"
    window = "both"

    def __str__(self) -> str:
        parts = [str(self.player), "play"]
        for i, c in enumerate(self.cards):
            s = c.code
            if i == len(self.cards) - 1 and self.color is not None:
                s += ">" + self.color.letter
            parts.append(s)
        if self.hidden:
            parts.append("hidden:" + ",".join(c.code for c in self.hidden))
        if self.claim:
            parts.append(f"claim:+{self.claim}")
        if self.more == "cards":
            parts.append("+")
        if self.first is not None:
            parts.append(f"@{self.first},{'?' if self.target is None else self.target}")
        elif self.target is not None:
            parts.append(f"@{self.target}" + (",?" if self.more == "target" else ""))
        elif self.more == "target":
            parts.append("@?")
        if self.give or self.more == "give":
            parts.append("give:" + ",".join([c.code for c in self.give] + (["?"] if self.more == "give" else [])))
        if self.uno:
            parts.append("uno")
        return " ".join(parts)

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> Play:
        cards, color, uno, target, claim, more = [], None, False, None, 0, ""
        hidden: tuple[Card, ...] = ()
        give: tuple[Card, ...] = ()
        first = None
        seen: set[str] = set()

        def once(what: str) -> None:
            if what in seen:
                raise NotationError(f"{what} given twice in a play")
            seen.add(what)

        for a in args:
            al = a.lower()
            if al == "uno":
                uno = True
            elif a == "+":
                once("'+'")
                more = "cards"
            elif a == "@?":
                once("a target (@)")
                more = "target"
            elif a.startswith("@"):
                once("a target (@)")
                one, comma, two = a[1:].partition(",")
                if not comma:
                    target = _seat(one, "target seat")
                elif two == "?":   # a pair whose second seat is still to be named
                    target, more = _seat(one, "target seat"), "target"
                else:
                    first, target = _seat(one, "first target seat"), _seat(two, "second target seat")
            elif al.startswith("hidden:"):
                once("hidden:")
                hidden = tuple(parse_cards(a[7:].replace(",", " ")))
            elif al.startswith("claim:"):
                once("claim:")
                claim = _claim(a[6:])
            elif al.startswith("give:"):
                once("give:")
                codes = a[5:].split(",")
                if codes and codes[-1] == "?":
                    more, codes = "give", codes[:-1]
                give = tuple(parse_cards(" ".join(codes)))
            else:
                code, _, col = a.partition(">")
                cards.append(Card.parse(code))
                if col:
                    once("a colour (>)")
                    color = Color.parse(col)
        if not cards and not hidden:
            raise NotationError("a play needs at least one card")
        return cls(p, tuple(cards), color, uno, target, hidden, claim, give, more, first)

    def to_dict(self) -> dict[str, Any]:
        d = {"type": "play", "player": self.player, "cards": format_cards(self.cards)}
        if self.color is not None:
            d["color"] = self.color.letter
        if self.uno:
            d["uno"] = True
        if self.target is not None:
            d["target"] = self.target
        if self.first is not None:
            d["first"] = self.first
        if self.hidden:
            d["hidden"] = format_cards(self.hidden)
        if self.claim:
            d["claim"] = self.claim
        if self.give:
            d["give"] = format_cards(self.give)
        if self.more:
            d["more"] = self.more
        return d

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> Play:
        known = _play_fields()
        _only(d, cls.kind, known)
        kw: dict[str, Any] = {"player": p}
        for name in ("cards", "hidden", "give"):
            if name in d:
                kw[name] = tuple(_cards_field(d, name))
        if d.get("color") is not None:
            kw["color"] = Color.parse(_str_field(d, "color"))
        if "uno" in d:
            kw["uno"] = _bool_field(d, "uno")
        if d.get("target") is not None:
            kw["target"] = _int_field(d, "target", MAX_SEAT)
        if d.get("first") is not None:
            kw["first"] = _int_field(d, "first", MAX_SEAT)
        if "claim" in d:
            kw["claim"] = _int_field(d, "claim", MAX_CLAIM)
        if "more" in d:
            more = _str_field(d, "more")
            if more not in _MORE:
                raise NotationError(f"action field 'more' must be one of {', '.join(map(repr, _MORE))}, "
                                    f"got {_shown(more)}")
            kw["more"] = more
        for name in known - set(kw) - {"cards", "hidden", "give", "color", "uno", "target", "first", "claim", "more"}:
            if name in d:  # a field added to Play later: passed on as it is
                kw[name] = d[name]
        if not kw.get("cards") and not kw.get("hidden"):
            raise NotationError("a play needs at least one card (field 'cards' or 'hidden')")
        return cls(**kw)


def simple_action(name: str, verb: str, doc: str, window: str = "turn", *, answers_hidden_finish: bool = False) -> Any:
    # (Any: a class made at run time, written in annotations as a type: ``def _do_draw(self, a: Draw)``)
    """A registered action class that names only its player: ``"<seat> <verb>"`` (a rule's module makes
    its own so; ``window``: :data:`WINDOWS`; ``answers_hidden_finish``: :attr:`Action.answers_hidden_finish`)."""
    @dataclass(frozen=True, slots=True)
    class _A(Action):
        player: int
        kind = verb

        def __str__(self) -> str:
            return f"{self.player} {verb}"

        def to_dict(self) -> dict[str, Any]:
            return {"type": verb, "player": self.player}

    _A.verb = verb
    _A.window = window
    _A.answers_hidden_finish = answers_hidden_finish
    _A.__name__ = _A.__qualname__ = name
    _A.__doc__ = doc
    return register_action(_A)


Draw = simple_action("Draw", "draw", "Draw from the stock: one card at the start of a turn, or the whole "
                               "pending penalty when facing a Draw Two / Wild Draw Four (stack).")
Pass = simple_action("Pass", "pass", "Keep the card just drawn and end the turn (or accept a hand-ending hidden play).")
SayUno = simple_action("SayUno", "uno", "Say 'UNO' while holding one card (safe once said).", "reaction")
Challenge = simple_action("Challenge", "challenge", "Challenge the Wild Draw Four you must draw for.")
Accuse = simple_action("Accuse", "accuse", "DED: accuse the last face-down play of being illegal.", "reaction",
                       answers_hidden_finish=True)
Slap = simple_action("Slap", "slap", "M: put a hand on the discard pile after an 8 (the last to slap draws 1).", "reaction")
ChallengeDraw = simple_action("ChallengeDraw", "doubt", "DP: challenge the last draw (the drawer held a playable card).",
                        "reaction")


@register_action
@dataclass(frozen=True, slots=True)
class ChooseColor(Action):
    """Name the colour when the first discard is a Wild (player left of the dealer)."""

    player: int
    color: Color
    kind = verb = "color"

    def __str__(self) -> str:
        return f"{self.player} color {self.color.letter}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "color", "player": self.player, "color": self.color.letter}

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> ChooseColor:
        _one_arg(cls.verb, args, "a colour")
        return cls(p, Color.parse(args[0]))

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> ChooseColor:
        _only(d, cls.kind, ("color",), ("color",))
        return cls(p, Color.parse(_str_field(d, "color")))


@register_action
@dataclass(frozen=True, slots=True)
class CatchUno(Action):
    """Catch ``target``, who holds one card and did not say UNO in time."""

    player: int
    target: int
    kind = verb = "catch"
    window = "reaction"

    def __str__(self) -> str:
        return f"{self.player} catch {self.target}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "catch", "player": self.player, "target": self.target}

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> CatchUno:
        _one_arg(cls.verb, args, "the seat caught")
        return cls(p, _seat(args[0], "seat caught"))

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> CatchUno:
        _only(d, cls.kind, ("target",), ("target",))
        return cls(p, _int_field(d, "target", MAX_SEAT))


@register_action
@dataclass(frozen=True, slots=True)
class Notice(Action):
    """Table enforcement: point out the wrong play number ``seq`` (see ``Game.wrong_plays``)."""

    player: int
    seq: int
    kind = verb = "notice"
    window = "reaction"

    def __str__(self) -> str:
        return f"{self.player} notice {self.seq}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "notice", "player": self.player, "seq": self.seq}

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> Notice:
        _one_arg(cls.verb, args, "the number of the wrong play")
        return cls(p, _number(args[0], "wrong play number", MAX_SEQ))

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> Notice:
        _only(d, cls.kind, ("seq",), ("seq",))
        return cls(p, _int_field(d, "seq", MAX_SEQ))


@register_action
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """DED: the free discard won in an accusation (face down, no effect)."""

    player: int
    card: Card
    kind = verb = "discard"

    def __str__(self) -> str:
        return f"{self.player} discard {self.card.code}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "discard", "player": self.player, "card": self.card.code}

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> Discard:
        _one_arg(cls.verb, args, "a card")
        return cls(p, Card.parse(args[0]))

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> Discard:
        _only(d, cls.kind, ("card",), ("card",))
        return cls(p, Card.parse(_str_field(d, "card")))


@register_action
@dataclass(frozen=True, slots=True)
class Say(Action):
    """A chat message at the table; rules such as S (silence) judge it."""

    player: int
    text: str
    kind = verb = "say"
    window = "talk"

    def __str__(self) -> str:
        return f"{self.player} say {self.text}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "say", "player": self.player, "text": self.text}

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> Say:
        return cls(p, " ".join(args))

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> Say:
        _only(d, cls.kind, ("text",), ("text",))
        return cls(p, _str_field(d, "text"))


@register_action
@dataclass(frozen=True, slots=True)
class Hint(Action):
    """Give another player a hint (official penalty: the hinter draws 2)."""

    player: int
    to: int
    text: str = ""
    kind = verb = "hint"
    window = "talk"

    def __str__(self) -> str:
        return f"{self.player} hint {self.to} {self.text}".rstrip()

    def to_dict(self) -> dict[str, Any]:
        return {"type": "hint", "player": self.player, "to": self.to, "text": self.text}

    @classmethod
    def _parse(cls, p: int, args: list[str]) -> Hint:
        if not args:
            raise NotationError("hint needs the seat hinted to")
        return cls(p, _seat(args[0], "seat hinted to"), " ".join(args[1:]))

    @classmethod
    def _from_dict(cls, p: int, d: dict[str, Any]) -> Hint:
        _only(d, cls.kind, ("to", "text"), ("to",))
        return cls(p, _int_field(d, "to", MAX_SEAT), _str_field(d, "text") if "text" in d else "")


def action_from_dict(d: dict[str, Any]) -> Action:
    """Inverse of ``Action.to_dict``. A dict of the wrong shape (a missing or unknown field, a value
    of the wrong type or out of range) raises :class:`NotationError` naming the field."""
    if not isinstance(d, dict):
        raise NotationError(f"an action is a dict such as {{'type': 'draw', 'player': 0}}, not {_tname(d)}")
    t = d.get("type")
    if not isinstance(t, str):
        raise NotationError(f"action field 'type' must be text such as 'play' or 'draw', got {_shown(t)}")
    if "player" not in d:
        raise NotationError(f"action field 'player' is missing in a {_short(t)!r} action")
    p = _int_field(d, "player", MAX_SEAT)
    cls = _KINDS.get(t)
    if cls is None:
        raise NotationError(f"unknown action type {_short(t)!r}")
    return cls._from_dict(p, d)



# ---------------------------------------------------------------------- validation helpers
MAX_SEAT = 999         # seats are 0..n-1; no table has 1000 seats
MAX_SEQ = 10**9        # event numbers (Notice) stay far below
_NUMBER = re.compile(r"[0-9]+", re.ASCII)
_MORE = ("", "cards", "target", "give")


_PLAY_FIELDS: list[frozenset[str]] = []


def _play_fields() -> frozenset[str]:
    if not _PLAY_FIELDS:
        _PLAY_FIELDS.append(frozenset(f.name for f in fields(Play)))
    return _PLAY_FIELDS[0]


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


def _tname(x: object) -> str:
    return "None" if x is None else f"a {type(x).__name__}"


def _shown(x: object) -> str:
    r = repr(x)
    return f"{_short(r)} ({_tname(x)})"


def _number(text: str, what: str, hi: int) -> int:
    """A whole number 0..hi written in the digits 0-9 (no sign, no other digits, no huge numbers)."""
    if not _NUMBER.fullmatch(text) or len(text) > len(str(hi)) + 2:
        raise NotationError(f"{what} must be a whole number from 0 to {hi} in the digits 0-9, got {_short(text)!r}")
    v = int(text)
    if v > hi:
        raise NotationError(f"{what} must be a whole number from 0 to {hi}, got {v}")
    return v


def _seat(text: str, what: str) -> int:
    return _number(text, what, MAX_SEAT)


#: the largest claim a play may carry (a blank's ``blankmax``); which claims a play may make is the
#: referee's to judge (DED: +2 or +4; the ``WBN`` blank: 1 to ``blankmax``)
MAX_CLAIM = 20


def _claim(text: str) -> int:
    t = text[1:] if text.startswith("+") else text
    if not (t.isascii() and t.isdigit() and len(t) <= 2 and 1 <= int(t) <= MAX_CLAIM):
        raise NotationError(f"claim must be +1 to +{MAX_CLAIM} (+2 or +4 for a face-down card), got {_short(text)!r}")
    return int(t)


def _no_args(verb: str, args: list[str]) -> None:
    if args:
        raise NotationError(f"{verb} takes no arguments, got {_short(' '.join(args))!r}")


def _one_arg(verb: str, args: list[str], what: str) -> None:
    if len(args) != 1:
        raise NotationError(f"{verb} takes one argument ({what}), got {len(args)}")


def _only(d: dict[str, Any], t: str, allowed: Collection[str], required: Collection[str] = ()) -> None:
    extra = [k for k in d if k not in ("type", "player") and k not in allowed]
    if extra:
        raise NotationError(f"a {_short(t)!r} action has no field {_short(str(extra[0]))!r}")
    for k in required:
        if k not in d:
            raise NotationError(f"action field {k!r} is missing in a {t!r} action")


def _int_field(d: dict[str, Any], key: str, hi: int) -> int:
    v = d[key]
    if type(v) is not int or not 0 <= v <= hi:
        raise NotationError(f"action field {key!r} must be a whole number from 0 to {hi}, got {_shown(v)}")
    return v


def _str_field(d: dict[str, Any], key: str) -> str:
    v = d[key]
    if not isinstance(v, str):
        raise NotationError(f"action field {key!r} must be text, got {_shown(v)}")
    return v


def _bool_field(d: dict[str, Any], key: str) -> bool:
    v = d[key]
    if not isinstance(v, bool):
        raise NotationError(f"action field {key!r} must be true or false, got {_shown(v)}")
    return v


def _cards_field(d: dict[str, Any], key: str) -> list[Card]:
    v = d[key]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return parse_cards(v)
    if not isinstance(v, str):
        raise NotationError(f"action field {key!r} must be card codes such as 'R7 G+2', got {_shown(v)}")
    return parse_cards(v)

