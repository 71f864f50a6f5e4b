"""Events: frozen, typed records of what happened in a hand, one class per kind.

Every event has ``seq`` (the action that caused it; 0 for the deal), ``player``
(the seat it concerns, or ``None``) and named fields of its own. ``kind`` names
the class in records and logs, and ``detail`` gives the fields as a tuple (the
positional form older code and the regression corpus read). The referee creates
events through :func:`make_event`; :data:`EVENTS` is the one registry of kinds.
Actions have theirs, by verb: :data:`unokit.core.actions.ACTIONS`.

>>> from unokit.core.cards import parse_cards
>>> e = make_event("play", 3, 1, tuple(parse_cards("R7 G7")), None)
>>> e
PlayEvent(seq=3, player=1, cards=(Card.parse('R7'), Card.parse('G7')), color=None)
>>> e.kind, e.cards[-1].code, e.detail == (e.cards, None)
('play', 'G7', True)
>>> make_event("draw", 4, 2, 1).detail      # an optional field at its default is left out of ``detail``
(1,)
>>> make_event("bogus", 1, 0)
Traceback (most recent call last):
...
unokit.core.errors.UnoError: unknown event kind 'bogus'
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any, ClassVar

from .errors import UnoError

__all__ = ["Event", "EVENTS", "make_event", "register_event", "unregister_event"]


class Event:
    """Base class of the event kinds: ``seq`` and ``player``, then named fields of the kind's own.

    Each kind is an immutable named tuple (cheap to create on the referee's hot path); two events are
    equal when they are of the same kind with the same values."""

    __slots__ = ()
    kind: ClassVar[str] = "event"
    #: a rule's own event says itself: ``{"en": fn, "pt": fn}``, each ``fn(words, event) -> str`` (the narrator's
    #: words for the reader: :func:`unokit.engine.narrate.describe`); the built-in kinds are told there
    tell: ClassVar[dict] = {}
    fields: ClassVar[tuple[str, ...]] = ()
    optional: ClassVar[tuple[str, ...]] = ()
    about: ClassVar[str] = ""

    @property
    def detail(self) -> tuple:
        """The fields as a tuple; trailing optional fields at their default are left out."""
        values = list(self[2:])  # type: ignore[index]  # every event class is also a namedtuple (_build)
        names = list(self.fields)
        while names and names[-1] in self.optional and values[-1] in ((), None):
            names.pop()
            values.pop()
        return tuple(values)

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[operator]  # (a namedtuple)

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)

    __hash__ = tuple.__hash__


# kind: (field names, optional trailing fields with their defaults, what it means)
_SPEC: dict[str, tuple[tuple[str, ...], dict[str, Any], str]] = {
    "first": (("card",), {}, "the first discard is turned (card code)"),
    "first-returned": (("card",), {}, "a first discard that may not start the pile goes back into the deck"),
    "play": (("cards", "color"), {}, "cards played in turn; ``color`` named for a wild"),
    "cut": (("cards", "color"), {}, "cards played out of turn (C, JUMPIN)"),
    "draw": (("count", "cards"), {"cards": ()}, "cards drawn from the stock (``cards`` only when public: REV)"),
    "draws-penalty": (("count",), {}, "the pending draw total is taken"),
    "penalty": (("count", "reason"), {}, "cards drawn as a penalty"),
    "reshuffle": (("size",), {}, "the discard pile becomes the stock"),
    "color": (("color",), {}, "the colour named when the first discard is a Wild"),
    "uno": ((), {}, "UNO said"),
    "caught": (("target",), {}, "a missed UNO caught"),
    "challenge": (("bluffer", "verdict"), {}, "a Wild Draw Four challenged: guilty or innocent"),
    "say": (("text",), {}, "table talk"),
    "hint": (("to", "text"), {}, "a hint given"),
    "swap": (("target",), {}, "hands swapped"),
    "shuffle-hands": ((), {}, "Wild Shuffle Hands: all hands shuffled and dealt again"),
    "ohana": ((), {}, "Wild Ohana: hands brought to four cards"),
    "out": (("points",), {}, "the hand is won; points held by the others"),
    "eliminated": (("reason",), {}, "a seat is out of this hand (MS)"),
    "wrong-play": (("wrong_seq", "reason"), {}, "table enforcement: a play that broke the rules stands until noticed"),
    "noticed": (("wrong_seq", "offender"), {}, "a wrong play noticed and corrected"),
    "accuse": (("liar", "verdict"), {}, "DED: a face-down play accused: honest or liar"),
    "hidden-play": (("count", "claim"), {}, "DED: cards played face down"),
    "free-discard": ((), {}, "DED: a free face-down discard owed"),
    "discard-under": (("card",), {}, "Wild Ohana: a card discarded under the Ohana card"),
    "carousel": (("direction",), {}, "CAR: every hand passes on"),
    "discard-all": (("count", "cards"), {}, "NOMERCY: a Discard All takes every other card of its colour down"),
    "roulette": (("color", "cards"), {}, "NOMERCY: the Colour Roulette's victim named a colour and turned these cards"),
    "launcher": (("presses", "count"), {}, "EXTREME: the launcher pressed, and how many cards came out"),
    "spin": (("space",), {}, "SPIN: the wheel spun, and the space it stopped on"),
    "flip": (("side", "top"), {}, "FLIP: the table turned over: the side now in play and the card now on top"),
    "power": (("cards",), {}, "FLEX: power cards turned: each seat's now, G green or R red"),
    "deflect": (("pending",), {}, "DEFLECT: the draw total sent on"),
    "die": (("face", "count"), {}, "DAD: the die is rolled"),
    "donate": (("target", "count"), {}, "DOA: cards given away"),
    "draw-challenge": (("drawer", "verdict"), {}, "DP: a draw challenged"),
    "jump-in-cancels": (("pending",), {}, "JUMPIN: the jump-in cancels the draw card"),
    "peace": (("state",), {}, "PAA/PAB: the peace begins or ends"),
    "revenge": (("pending",), {}, "REVENGE: the draw total returned"),
    "sees-hand": (("target",), {}, "CLA: a hand seen"),
    "silence": (("state",), {}, "S: the silence begins or ends"),
    "slap": ((), {}, "M: a hand on the pile"),
    "slap-now": ((), {}, "M: an 8 was played: slap"),
    "stack-cancelled": (("pending",), {}, "I: a Skip or Reverse cancels the draw total"),
    "sum-challenge": (("challenged", "verdict"), {}, "ADDUP: a sum challenged"),
    "time-up": (("seconds",), {}, "BLITZ: the game clock ran out"),
    "unready": (("target",), {}, "MISTAKE: the seat to act is called out for letting its time allowance run"),
    "compliments-owed": (("seats",), {}, "E: the seats that owe the player a compliment"),
    "critiques-owed": (("seats",), {}, "IE: the seats that owe the player a critique"),
}


def _class_name(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("-")) + "Event"


def _build(kind: str, names: tuple[str, ...], defaults: dict, about: str) -> type:
    base = namedtuple(_class_name(kind), ("seq", "player") + names,  # type: ignore[misc]  # built from the table
                      defaults=[defaults[n] for n in names if n in defaults] or None)  # type: ignore[misc]
    cls = type(base.__name__, (Event, base), {"__slots__": (), "kind": kind, "fields": names,
                                              "optional": tuple(defaults), "about": about, "__doc__": about,
                                              "__module__": __name__})
    return cls


#: every event kind -> its class
EVENTS: dict[str, type] = {kind: _build(kind, *spec) for kind, spec in _SPEC.items()}
globals().update({cls.__name__: cls for cls in EVENTS.values()})
__all__ += [cls.__name__ for cls in EVENTS.values()]


def register_event(kind: str, fields: tuple[str, ...] = (), *, about: str, defaults: dict | None = None,
                   tell: dict | None = None) -> type:
    """Add an event kind (a rule's module declares its own): its fields after ``seq`` and ``player``,
    optional trailing ``defaults``, what it means, and how it is told (``tell``: ``{"en": fn, "pt": fn}``,
    ``fn(words, event) -> str``). Returns its class; a kind that exists is refused.

    >>> cls = register_event("doctest-bell", ("rings",), about="a bell rang", tell={"en": lambda w, e: "ding"})
    >>> make_event("doctest-bell", 3, 0, 2).rings, cls.tell["en"](None, None)
    (2, 'ding')
    >>> unregister_event("doctest-bell")
    """
    if not isinstance(kind, str) or not kind or kind in EVENTS:
        raise UnoError(f"event kind {kind!r} is taken or not a name")
    defaults = dict(defaults or {})
    cls = _build(kind, tuple(fields), defaults, about)
    cls.tell = dict(tell or {})  # type: ignore[attr-defined]  # an Event class (_build)
    EVENTS[kind] = cls
    return cls


def unregister_event(kind: str) -> None:
    """Remove a kind :func:`register_event` added (a built-in kind stays)."""
    if kind in _SPEC:
        raise UnoError(f"{kind!r} is a built-in event kind")
    EVENTS.pop(kind, None)


def make_event(kind: str, seq: int, player: int | None, *detail) -> Event:
    """The event of ``kind`` with its fields given in order (as the referee records them)."""
    try:
        cls = EVENTS[kind]
    except KeyError:
        raise UnoError(f"unknown event kind {kind!r}") from None
    return cls(seq, player, *detail)
