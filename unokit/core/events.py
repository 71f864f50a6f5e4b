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
from collections.abc import Callable
from typing import Any, ClassVar

from .errors import UnoError

__all__ = ["Event", "EVENTS", "REASONS", "REASON_PREFIXES", "REVEALS", "TRACKING", "make_event", "register_event",
           "register_reason", "tracking_of", "unregister_event"]


class Event:
    """Base class of the event kinds: ``seq`` and ``player``, then named fields of the kind's own.

    Each kind is an immutable named tuple (cheap to create on the referee's hot path); two events are
    equal when they are of the same kind with the same values."""

    __slots__ = ()
    # the fields every kind has (its namedtuple base holds them)
    seq: int
    player: int | None
    kind: ClassVar[str] = "event"
    #: a rule's own event says itself: ``{"en": fn, "pt": fn}``, each ``fn(words, event) -> str`` (the narrator's
    #: words for the reader: :func:`unokit.engine.narrate.describe`); the official game's kinds are told there
    tell: ClassVar[dict[str, Callable[[Any, Any], str]]] = {}
    fields: ClassVar[tuple[str, ...]] = ()
    optional: ClassVar[tuple[str, ...]] = ()
    about: ClassVar[str] = ""
    #: what the event does to the hands, for readers that follow them (the narrator naming a seat's own draws):
    #: the fields (``"player"`` among them) naming seats whose hands may receive cards, whether it may change
    #: every hand, the field holding the cards that leave the player's hand, and whether a play of the same
    #: ``seq`` then skips nobody (the hand ends, or the draw is sent on)
    into_hands: ClassVar[tuple[str, ...]] = ()
    every_hand: ClassVar[bool] = False
    from_hand: ClassVar[str] = ""
    ends_skips: ClassVar[bool] = False
    #: what a reader following the hands (a bot's knowledge of the others' hands) learns from a rule's own event,
    #: one of :data:`TRACKING` ("" for none); every_hand says the rest
    tracking: ClassVar[str] = ""
    #: the cards a rule's own event shows (the entry it adds to ``Game.reveals``), one of :data:`REVEALS` ("" for none)
    reveal: ClassVar[str] = ""

    @property
    def detail(self) -> tuple[Any, ...]:
        """The fields as a tuple; trailing optional fields at their default are left out."""
        values = list(self[2:])  # type: ignore[index]  # every event class is also a namedtuple (_build)
        names = list(self.fields)
        while names and names[-1] in self.optional and values[-1] in ((), None):
            names.pop()
            values.pop()
        return tuple(values)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[operator]  # (a namedtuple)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = tuple.__hash__


# kind: (field names, optional trailing fields with their defaults, what it means): the events of the official
# game and of the table's enforcement; a rule's own kinds are declared in its module (register_event)
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
    "out": (("points",), {}, "the hand is won; points held by the others"),
    "eliminated": (("reason",), {}, "a seat is out of this hand (MS)"),
    "wrong-play": (("wrong_seq", "reason"), {}, "table enforcement: a play that broke the rules stands until noticed"),
    "noticed": (("wrong_seq", "offender"), {}, "a wrong play noticed and corrected"),
}


# kind: what the event does to the hands (the class attributes of the same names, Event)
_TRAITS: dict[str, dict[str, Any]] = {
    "play": {"from_hand": "cards"},
    "cut": {"from_hand": "cards"},
    "challenge": {"into_hands": ("bluffer",)},
    "noticed": {"into_hands": ("offender",)},
    "out": {"ends_skips": True},
}


#: what a rule's event tells a reader following the hands (``register_event(tracking=...)``) -> its meaning and
#: the fields it reads (an event that changes every hand says so with ``every_hand``)
TRACKING: dict[str, tuple[str, tuple[str, ...]]] = {
    "swap-hands": ("the player's and the target's hands change places", ("target",)),
    "new-cards": ("every hand's cards become other cards, the hands' sizes kept", ()),
    "face-down": ("``count`` cards leave the player's hand face down", ("count",)),
    "one-down": ("one card leaves the player's hand", ()),
    "gives": ("the player gives ``count`` cards of its hand to the target", ("target", "count")),
    "shows-hand": ("the hand of the seat its first field names is shown to every seat", ()),
    "shows-hand-to-player": ("the hand of the seat its first field names is shown to the player alone", ()),
    "draws-by-chance": ("the player is to draw ``count`` cards, a number chance decided (a penalty follows)",
                        ("count",)),
}

#: what a rule's event shows (``register_event(reveal=...)``: the entry it adds to ``Game.reveals``, which a seat
#: reads in ``PlayerView.revealed``) -> its meaning; the seat whose cards are shown is the one its first field names
REVEALS: dict[str, str] = {
    "hand": "that seat's hand, to every seat",
    "hand-to-player": "that seat's hand, to the event's player alone",
    "face-down": "the cards that seat played face down, to every seat; they stay face down",
}


def tracking_of(event: Any) -> str:
    """What ``event`` tells a reader following the hands, as its kind declared it: ``"every-hand"`` when it may
    change every hand, else its :attr:`Event.tracking`; "" for none and for the official game's kinds (read by
    their names)."""
    return "every-hand" if getattr(event, "every_hand", False) else getattr(event, "tracking", "")


def _class_name(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("-")) + "Event"


def _build(kind: str, names: tuple[str, ...], defaults: dict[str, Any], about: str,
           traits: dict[str, Any] | None = None) -> type:
    base = namedtuple(_class_name(kind), ("seq", "player") + names,  # type: ignore[misc]  # built from the table
                      defaults=[defaults[n] for n in names if n in defaults] or None)  # type: ignore[misc]
    traits = dict(traits or {})
    if "into_hands" in traits:
        traits["into_hands"] = tuple(traits["into_hands"])
    tracked, shown = traits.get("tracking", ""), traits.get("reveal", "")
    wrong = (set(traits) - {"into_hands", "every_hand", "from_hand", "ends_skips", "tracking", "reveal"}) \
        | (set(traits.get("into_hands", ())) - {"player", *names}) | ({traits.get("from_hand", "")} - {"", *names}) \
        | ({tracked} - {"", *TRACKING}) | (set(TRACKING.get(tracked, ("", ()))[1]) - set(names)) \
        | ({shown} - {"", *REVEALS}) \
        | ({"first field"} if (tracked.startswith("shows-hand") or shown) and not names else set())
    if wrong:
        raise UnoError(f"event kind {kind!r}: {', '.join(sorted(wrong))}: no trait or field of it")
    cls = type(base.__name__, (Event, base), {"__slots__": (), "kind": kind, "fields": names,
                                              "optional": tuple(defaults), "about": about, "__doc__": about,
                                              "__module__": __name__, **traits})
    return cls


#: every event kind -> its class
EVENTS: dict[str, type] = {kind: _build(kind, *spec, _TRAITS.get(kind)) for kind, spec in _SPEC.items()}
globals().update({cls.__name__: cls for cls in EVENTS.values()})
__all__ += [cls.__name__ for cls in EVENTS.values()]


def register_event(kind: str, fields: tuple[str, ...] = (), *, about: str, defaults: dict[str, Any] | None = None,
                   tell: dict[str, Callable[[Any, Any], str]] | None = None, into_hands: tuple[str, ...] = (), every_hand: bool = False,
                   from_hand: str = "", ends_skips: bool = False, tracking: str = "", reveal: str = "") -> type:
    """Add an event kind (a rule's module declares its own): its fields after ``seq`` and ``player``,
    optional trailing ``defaults``, what it means, and how it is told (``tell``: ``{"en": fn, "pt": fn}``,
    ``fn(words, event) -> str``). Returns its class; a kind that exists is refused.

    What it does to the hands, for the readers that follow them (the narrator names a seat's own draws only
    when every card in and out of its hand is accounted for): ``into_hands``, the fields (``"player"`` among
    them) naming the seats whose hands may receive cards; ``every_hand``, whether it may change every hand;
    ``from_hand``, the field holding the cards that leave the player's hand; ``ends_skips``, whether a play
    of the same ``seq`` then skips nobody (the draw total is sent on, the hand ends). What a reader following
    the hands learns from it, beyond ``every_hand``: ``tracking``, one of :data:`TRACKING`. The cards it shows
    (the entry it adds to ``Game.reveals``): ``reveal``, one of :data:`REVEALS`.

    >>> cls = register_event("doctest-bell", ("rings",), about="a bell rang", tell={"en": lambda w, e: "ding"})
    >>> make_event("doctest-bell", 3, 0, 2).rings, cls.tell["en"](None, None), cls.into_hands, cls.every_hand
    (2, 'ding', (), False)
    >>> unregister_event("doctest-bell")
    >>> cls = register_event("doctest-gift", ("target", "cards"), about="cards given", into_hands=("target",),
    ...                      from_hand="cards")
    >>> cls.into_hands, cls.from_hand, make_event("doctest-gift", 4, 1, 2, ("R7",)).target
    (('target',), 'cards', 2)
    >>> unregister_event("doctest-gift")
    >>> register_event("doctest-odd", ("target",), about="?", into_hands=("victim",))
    Traceback (most recent call last):
    ...
    unokit.core.errors.UnoError: event kind 'doctest-odd': victim: no trait or field of it
    """
    if not isinstance(kind, str) or not kind or kind in EVENTS:
        raise UnoError(f"event kind {kind!r} is taken or not a name")
    defaults = dict(defaults or {})
    cls = _build(kind, tuple(fields), defaults, about, {"into_hands": into_hands, "every_hand": every_hand,
                                                        "from_hand": from_hand, "ends_skips": ends_skips,
                                                        "tracking": tracking, "reveal": reveal})
    cls.tell = dict(tell or {})  # type: ignore[attr-defined]  # an Event class (_build)
    EVENTS[kind] = cls
    globals().setdefault(cls.__name__, cls)      # importable by its class name, as the built-in kinds are
    return cls


def unregister_event(kind: str) -> None:
    """Remove a kind :func:`register_event` added (a built-in kind stays)."""
    if kind in _SPEC:
        raise UnoError(f"{kind!r} is a built-in event kind")
    cls = EVENTS.pop(kind, None)
    name = getattr(cls, "__name__", "")
    if name and globals().get(name) is cls:
        del globals()[name]


#: the reasons a rule writes for a penalty or an elimination (the ``reason`` of ``penalty`` and ``eliminated``),
#: in the narrator's other languages: English text -> {lang: text}; those told by their first words (the rest,
#: a number or a code, kept as it is) in :data:`REASON_PREFIXES`. The official game's are the narrator's own.
REASONS: dict[str, dict[str, str]] = {}
REASON_PREFIXES: dict[str, dict[str, str]] = {}


def register_reason(en: str, *, prefix: bool = False, **langs: str) -> None:
    """Declare a rule's penalty or elimination reason in other languages (``pt="..."``); with ``prefix``,
    ``en`` is the reason's first words and the rest of the text is kept. Declaring it again the same way
    is harmless; other words for it are refused.

    >>> register_reason("doctest: rang the bell", pt="doctest: tocou o sino")
    >>> REASONS["doctest: rang the bell"]
    {'pt': 'doctest: tocou o sino'}
    >>> register_reason("doctest: rang the bell", pt="tocou")
    Traceback (most recent call last):
    ...
    unokit.core.errors.UnoError: reason 'doctest: rang the bell' is already told otherwise
    >>> del REASONS["doctest: rang the bell"]
    """
    table = REASON_PREFIXES if prefix else REASONS
    if not en or not langs:
        raise UnoError("a reason needs its English text and at least one other language")
    if table.get(en, langs) != langs:
        raise UnoError(f"reason {en!r} is already told otherwise")
    table[en] = dict(langs)


def make_event(kind: str, seq: int, player: int | None, *detail: Any) -> Event:
    """The event of ``kind`` with its fields given in order (as the referee records them)."""
    try:
        cls = EVENTS[kind]
    except KeyError:
        raise UnoError(f"unknown event kind {kind!r}") from None
    event: Event = cls(seq, player, *detail)   # (every class in EVENTS is an Event: _build)
    return event
