"""Per-player views: the one place that decides what a seat may know.

Bots, the terminal, tests and the RL adapter read a :class:`PlayerView`;
nothing else hands out hidden state. A view holds the seat's own hand, every
hand's size, the public piles, what challenges or accusations revealed *to
this seat* (option C of the ABCD code), and the public history.

>>> from unokit.engine.game import Game
>>> g = Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9')
>>> v = g.view(1)
>>> v.hand, v.hand_sizes, v.top.code
((Card.parse('G5'), Card.parse('G6'), Card.parse('G7')), (2, 3), 'R9')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from ..core.cards import Card, Color, FlipCard, plain
from ..core.events import Event

if TYPE_CHECKING:
    from .referee.state import HandState as Game  # (the Game itself imports this module)

__all__ = ["PlayerView", "view_of", "public_fields", "own_fields", "VIEW_DEFAULTS"]


@dataclass(frozen=True)
class PlayerView:
    seat: int | None  # None: a spectator
    players: int
    rules: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    color: Color
    discard: tuple[Card, ...]
    stock_size: int
    hidden_pile_size: int
    direction: int
    dealer: int
    current: int
    to_act: int
    phase: str
    pending: int
    drawn: Card | None
    uno_said: tuple[bool, ...]
    catchable: tuple[int, ...]
    revealed: tuple[tuple[int, tuple[Card, ...]], ...]
    wrong_plays: tuple[tuple[int, int, tuple[Card, ...]], ...]
    open_claim: tuple[int, int, int, int] | None  # (seq, seat, cards face down, claimed draw)
    winner: int | None
    history: tuple[Event, ...]
    eliminated: tuple[int, ...] = ()
    stock_top: Card | None = None  # REV: the stock is face up
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # OPEN: small hands shown to all
    deal_direction: int = 1   # the direction of the deal, before the first card (narrating the hand follows it)
    # UNO Flip: the side in play, the backs of the other hands (seat, cards in hand order) and the back of
    # the draw pile's top card, which every seat sees (its own hand's backs are hidden from it)
    side: str = ""
    backs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    stock_back: Card | None = None
    # what the rules add (their view_extras hooks): S's silence in force; UNO Flex's power cards (True green:
    # it may use a flex side), public
    silence: bool = False
    powers: tuple[bool, ...] = ()
    #: what a plug-in rule adds to the view under names of its own: ((name, value), ...), public to the seat
    extras: tuple[tuple[str, object], ...] = ()
    deck: str = "classic"   # the deck played (its list is public: unokit.core.decks.DECKS), whatever the copies
    # partnership play with the table's choice that partners see each other's hands: (seat, hand)
    partner_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def summary(self) -> str:
        """One line for logs and terminals."""
        return (f"seat {self.seat}: hand {' '.join(c.code for c in self.hand)} | top {self.top.code}/"
                f"{self.color.letter} | sizes {list(self.hand_sizes)} | turn {self.to_act} ({self.phase})")


def view_of(game: Game, seat: int | None, *, public: dict[str, Any] | None = None,
            own: dict[str, Any] | None = None) -> PlayerView:
    """What ``seat`` may know now; ``seat=None`` is a spectator (no hand, only what is shown to all).

    ``public``: the fields every seat is shown alike, as :func:`public_fields` gave them for this very state
    (a caller that builds several seats' views of one state computes them once); ``own``: the seat's own, as
    :func:`own_fields` gave them for this very state (read-only); by default both computed here.

    >>> from unokit.engine.game import Game
    >>> g = Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9')
    >>> s = view_of(g, None)
    >>> s.seat, s.hand, s.hand_sizes, s.my_turn
    (None, (), (2, 3), False)
    >>> view_of(g, 1, public=public_fields(g)) == view_of(g, 1)
    True
    """
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < game.n):
        raise ValueError(f"there is no seat {seat}")
    if public is None:
        public = public_fields(game)
    v = _made(**public, **(own if own is not None else own_fields(game, seat)))
    return _flip_view(game, v) if game.physical else v


def own_fields(game: Game, seat: int | None) -> dict[str, Any]:
    """The fields of ``seat``'s :class:`PlayerView` of ``game`` as it is now that are its own (what
    :func:`public_fields` leaves out: ``seat``, ``hand``, ``drawn``, ``revealed``, ``partner_hands``, what the
    rules' ``view_extras`` hooks add, and UNO Flip's sides of them), as :func:`view_of` gives them: a caller
    may tell whether a seat's own part changed without building its view.

    >>> from unokit.engine.game import Game
    >>> g = Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9')
    >>> own_fields(g, 0)["hand"] == view_of(g, 0).hand
    True
    """
    own = dict(
        seat=seat,
        hand=tuple(game.hands[seat]) if seat is not None else (),
        drawn=game.drawn if seat is not None and game.current == seat else None,
        revealed=_revealed(game, seat) if game.reveals else (),
        **_extras(game, seat),
        partner_hands=tuple((q, tuple(game.hands[q])) for q in game.partners_of(seat))
        if game.show_partners and seat is not None else (),
    )
    if game.physical:         # UNO Flip: the sides in play of what the seat may see, with the backs it sees
        hands = cast(list[list[FlipCard]], game.hands)
        own.update(hand=_faces(hands[seat]) if seat is not None else (),
                   drawn=plain(own["drawn"]) if own["drawn"] is not None else None,
                   revealed=tuple((s, _faces(cards)) for s, cards in own["revealed"]),
                   backs=tuple((q, tuple(c.down for c in h)) for q, h in enumerate(hands) if q != seat))
    return own


def public_fields(game: Game) -> dict[str, Any]:
    """The fields of a :class:`PlayerView` of ``game`` as it is now that every seat (and a spectator) is
    shown alike: all but the seat's own (``seat``, ``hand``, ``drawn``, ``revealed``, ``partner_hands``, what
    the rules' ``view_extras`` hooks add for the seat, and UNO Flip's sides: :func:`view_of`)."""
    return {
        "players": game.n,
        "rules": game.rules.code,
        "hand_sizes": tuple(map(len, game.hands)),
        "top": game.discard[-1],
        "color": game.color,
        "discard": tuple(game.discard),
        "stock_size": len(game.stock),
        "hidden_pile_size": len(game.hidden_pile),
        "direction": game.direction,
        "dealer": game.dealer,
        "current": game.current,
        "to_act": game.to_act,
        "phase": game.phase.name,
        "pending": game.pending,
        "uno_said": tuple(game.uno_said),
        "catchable": tuple(sorted(game.catchable)),
        "wrong_plays": tuple((w.seq, w.player, w.cards) for w in game.wrong_plays) if game.wrong_plays else (),
        "open_claim": game.query("open_claim"),   # what every seat sees of an open face-down play (DED's)
        "winner": game.winner,
        "history": _history(game),
        "eliminated": tuple(sorted(game.eliminated)),
        "stock_top": game.stock[-1] if game.public_stock and game.stock else None,
        "open_hands": _open_hands(game),
        "deal_direction": (getattr(game, "setup", None) or {}).get("direction", 1),
        "deck": game.deck_name,
    }


def _made(**values: Any) -> PlayerView:
    """``PlayerView(**values)``, built without the frozen dataclass's ``__init__`` (which sets each of its
    fields through ``object.__setattr__``: half the cost of a view): the same fields, the defaults filled in."""
    v = object.__new__(PlayerView)
    v.__dict__.update(_DEFAULTS, **values)
    return v


def _history(game: Game) -> tuple[Event, ...]:
    """The game's events as a tuple shared by every view taken until more come: the views of one state
    (each seat's, a spectator's) hold the same tuple, and a longer history extends the last one."""
    events, own = game.events, getattr(game, "__dict__", None)
    if own is None:
        return tuple(events)
    kept = own.get("_view_history")      # (the events list, its tuple)
    if kept is not None and kept[0] is events:
        t: tuple[Event, ...] = kept[1]
        n, m = len(t), len(events)
        if m == n and (not n or events[-1] is t[-1]):
            return t
        if m > n and (not n or events[n - 1] is t[-1]):     # appended to (events are never changed in place)
            t += tuple(events[n:])
            own["_view_history"] = (events, t)
            return t
    t = tuple(events)
    own["_view_history"] = (events, t)
    return t


def _revealed(game: Game, seat: int | None) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """What the game's reveals showed ``seat``: worked out once per seat until more are revealed (reveals are
    only appended, each a new tuple; a list replaced or cut is seen by its identity, length and last item)."""
    reveals, own = game.reveals, getattr(game, "__dict__", None)
    kept = own.get("_view_revealed") if own is not None else None
    if kept is None or kept[0] is not reveals or kept[1] != len(reveals) or kept[2] is not reveals[-1]:
        kept = (reveals, len(reveals), reveals[-1], {})
        if own is not None:
            own["_view_revealed"] = kept
    by_seat: dict[int | None, tuple[tuple[int, tuple[Card, ...]], ...]] = kept[3]
    out = by_seat.get(seat)
    if out is None:
        out = by_seat[seat] = tuple((s, cards) for viewers, s, cards in reveals if viewers is None or seat in viewers)
    return out


_FIELDS = frozenset(f.name for f in fields(PlayerView))
#: the fields with a default value, and the value (:func:`_made` fills in those not given)
_DEFAULTS = {f.name: f.default for f in fields(PlayerView) if f.default is not MISSING}
VIEW_DEFAULTS = MappingProxyType(_DEFAULTS)     # (read-only, for callers that read a view's fields apart)


def _extras(game: Game, seat: int | None) -> dict[str, Any]:
    """What the rules add to the view (their ``view_extras`` hooks: UNO Flex's power cards...)."""
    hooks = game._hooks["view_extras"]
    if not hooks:
        return {}
    out: dict[str, Any] = {}
    for h in hooks:
        out.update(h(game, seat))
    own = {k: out.pop(k) for k in list(out) if k not in _FIELDS}    # names of a rule's own: in ``extras``
    if own:
        out["extras"] = tuple(sorted(own.items()))
    return out


def _flip_view(game: Game, v: PlayerView) -> PlayerView:
    """UNO Flip: the sides in play of what every seat sees (never a FlipCard; the seat's own: :func:`own_fields`)."""
    # (a hand of UNO Flip holds double-sided cards: game.physical)
    stock = cast(list[FlipCard], game.stock)
    return replace(v, top=plain(game.discard[-1]), discard=_faces(game.discard[game.discard_unseen:]),
                   wrong_plays=tuple((w.seq, w.player, _faces(w.cards)) for w in game.wrong_plays),
                   open_hands=tuple((s, _faces(cards)) for s, cards in _open_hands(game)),
                   stock_back=stock[-1].down if stock else None)


def _faces(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(map(plain, cards))


def _open_hands(game: Game) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    limit = game.open_below
    if not limit:
        return ()
    return tuple((s, tuple(h)) for s, h in enumerate(game.hands) if 0 < len(h) < limit)
