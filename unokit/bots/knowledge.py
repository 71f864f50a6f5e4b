"""What a seat can infer from its :class:`~unokit.engine.view.PlayerView`: card counting and opponent reading.

Pure functions over a view (no game, no hidden state, no memory between calls):
:func:`analyze` reads the view's hand, discard pile, reveals and public history
once and returns a frozen :class:`Knowledge`; its methods answer the questions
the strategy guide (000, chapter 2) teaches players to ask:

- *Memorização das Cartas*: which cards have I not seen (deck composition minus
  my hand, the discard pile and cards known to be in other hands)? How many of
  each colour, face, draw card and wild are left? (:attr:`Knowledge.unseen`)
- *A Compra*: a player who draws at the start of a turn had no card of the
  colour in force nor of the face on top (unless drawing on purpose, the
  *Consumismo* of the guide, so the evidence is trusted ``DRAW_TRUST``).
- *O Uso do Curinga*: a Wild Draw Four (and, more weakly, a Wild) says its
  player had no card of the colour in force (unless bluffing); the colour a
  player names is usually one they hold (unless "Olha o Avião": a player left
  with one card may name a colour they lack, so that evidence is trusted less).
- reveals (a challenged hand, DED accusations, CLA), REV draws and OPEN hands
  say exactly which cards a seat holds; team signals (``#sig`` chat lines, see
  :mod:`unokit.bots.partners`) may say which colour a seat lacks.

Evidence fades as the player takes new cards: a player who lacked red and has
drawn ``m`` cards since holds red with the chance that one of those ``m`` cards
is red. Hand changes (T swaps, CAR carousel, shuffles, donations) move or
discard what was known.

>>> from unokit.engine.game import Game
>>> from unokit.core.actions import Draw, Play
>>> from unokit.core.cards import Card, Color
>>> g = Game.from_position(['R1 R2 G5', 'Y3 Y4 B7'], discard='R9', stock='B1 B2 B3')
>>> _ = g.apply(Play(0, (Card.parse('R1'),)))
>>> _ = g.apply(Draw(1))
>>> k = analyze(g.view(0))
>>> k.lacks_color(1, Color.RED) > 0.8 and k.p_has_color(1, Color.RED) < 0.3
True
>>> k.unseen[Card.parse('R9')], k.unseen[Card.parse('R1')]
(1, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import cast

from ..core.cards import Color, Face, FlipCard, plain
from ..core.decks import DECKS, build_deck
from ..core.events import tracking_of as _tracking
from .base import event_cards, event_color

__all__ = ["Knowledge", "SeatInfo", "analyze", "deck_composition", "p_none", "SIGNAL_PREFIX", "parse_signal",
           "DRAW_TRUST", "WD4_TRUST", "WILD_TRUST", "NAMED_TRUST", "NAMED_TRUST_LAST", "SIGNAL_TRUST"]

# How far each kind of evidence is trusted (the guide: "uma compra dissimulada é sempre arriscada").
DRAW_TRUST = 0.85        # drew at the start of a turn: had neither the colour nor the face on top
WD4_TRUST = 0.6          # played a Wild Draw Four: had no card of the colour in force (unless bluffing)
WILD_TRUST = 0.3         # played a plain Wild: perhaps had no card of the colour in force
NAMED_TRUST = 0.7        # named a colour with a wild: holds it
NAMED_TRUST_LAST = 0.35  # ... but left with one card, may be playing "Olha o Avião"
SIGNAL_TRUST = 0.95      # a team signal "#sig lacks X"

SIGNAL_PREFIX = "#sig"

_CLASSIC = Counter(build_deck("classic"))
_CLASSIC_TOTAL = sum(_CLASSIC.values())


def deck_composition(total_cards: int, rules: str | None = None, side: str = "", deck: str = "classic") -> Counter:
    """The deck(s) whose size best explains ``total_cards``: the edition's deck when ``rules`` (a rule
    code) plays one (``UNO NOMERCY``; UNO Flip: the faces of the ``side`` in play), else ``deck`` (a
    name of :data:`unokit.core.decks.DECKS`: the classic deck, 112, Ohana, Italian, Boost...).

    >>> from unokit.core.cards import Card
    >>> deck_composition(140, deck='boost')[Card.parse('RS')], deck_composition(216)[Card.parse('RS')]
    (4, 4)

    >>> from unokit.core.cards import Card
    >>> deck_composition(168, 'UNO NOMERCY')[Card.parse('WCR')], deck_composition(108)[Card.parse('R0')]
    (8, 1)
    >>> deck_composition(112, 'UNO FLIP', 'dark')[Card.parse('WDC')]
    4
    """
    base, size = _CLASSIC, _CLASSIC_TOTAL
    ed = _edition_deck(rules + (f"|{side}" if side else "")) if rules is not None else None
    if ed is not None:
        base, size = ed
    elif deck != "classic" and deck in DECKS:
        base, size = _deck_counts(deck)
    copies = max(1, round(total_cards / size))
    if copies == 1:
        return Counter(base)
    return Counter({c: k * copies for c, k in base.items()})


def _edition_deck(rules: str):
    hit = _EDITION_DECKS.get(rules, False)
    if hit is False:
        from ..rules import RuleSet
        from ..rules.editions import edition_of
        code, _, side = rules.partition("|")
        try:
            ed = edition_of(RuleSet.parse(code))
        except ValueError:
            ed = None
        if ed is not None:
            deck = build_deck(ed.deck)
            # a double-sided edition's deck is made of Flip cards
            faces = ([c.down if side == "dark" else plain(c) for c in cast("list[FlipCard]", deck)]
                     if ed.double_sided else deck)
        hit = None if ed is None else (Counter(faces), len(deck))
        if len(_EDITION_DECKS) < 256:
            _EDITION_DECKS[rules] = hit
    return hit


_EDITION_DECKS: dict = {}


def _deck_counts(name: str):
    hit = _DECK_COUNTS.get(name)
    if hit is None:
        cards = build_deck(name, include_blanks=False)
        hit = _DECK_COUNTS[name] = (Counter(cards), len(cards))
    return hit


_DECK_COUNTS: dict = {}


def p_none(k: int, pool: int, good: int) -> float:
    """Chance that ``k`` cards drawn without replacement from ``pool`` include none of ``good``.

    >>> p_none(1, 4, 1), p_none(2, 4, 4)
    (0.75, 0.0)
    """
    if k <= 0 or good <= 0:
        return 1.0
    if pool <= 0:
        return 1.0
    bad = pool - good
    if k > bad:
        return 0.0
    p = 1.0
    for i in range(k):
        p *= (bad - i) / (pool - i)
    return p


def parse_signal(text: str) -> tuple[str, str] | None:
    """``'#sig lacks R'`` -> ``('lacks', 'R')``; ``None`` for ordinary chat."""
    if not isinstance(text, str) or not text.startswith(SIGNAL_PREFIX):
        return None
    parts = text[len(SIGNAL_PREFIX):].split(None, 1)
    if not parts:
        return None
    return parts[0].lower(), (parts[1].strip() if len(parts) > 1 else "")


@dataclass
class SeatInfo:
    """What is known about one other seat's hand (mutable only while :func:`analyze` builds it)."""

    acquired: int = 0                                   # cards taken since the hand began (draws, gifts)
    known: Counter = field(default_factory=Counter)     # cards known to be held now
    lack_color: dict = field(default_factory=dict)      # Color -> (trust, acquired at the time)
    lack_face: dict = field(default_factory=dict)       # face -> (trust, acquired at the time)
    named: tuple | None = None                          # (Color, trust) named with the last wild
    turn_draws: int = 0                                 # start-of-turn draws this hand
    plays: int = 0                                      # visible plays this hand
    wilds_played: int = 0
    bluffs_caught: int = 0


@dataclass(frozen=True)
class Knowledge:
    """The result of :func:`analyze`. Seats are table seats; ``me`` is the view's seat."""

    me: int
    players: int
    hand_sizes: tuple
    unseen: Counter                 # card -> copies not seen by me (stock + other hands + face-down pile)
    unseen_total: int
    seats: dict                     # seat -> SeatInfo
    color_history: tuple            # colours in force after each visible play, oldest first
    stuck: frozenset                # seats that drew at the start of their turn since the last play
    last_play_seat: int | None
    plays_seen: int
    draws_since_play: int           # start-of-turn draws by anyone since the last visible play
    signals: tuple                  # (seat, kind, value) from '#sig' chat lines, oldest first

    ucolor: dict = field(default_factory=dict)   # Color -> unseen cards of that colour
    uface: dict = field(default_factory=dict)    # (face, Color) -> unseen cards
    uwild: int = 0                               # unseen wilds (edition extras counted as wilds)

    # ------------------------------------------------------------------ counting
    def unseen_color(self, color: Color | None) -> int:
        return self.ucolor.get(color, 0)

    def unseen_face(self, face, exclude_color: Color | None = None) -> int:
        return sum(k for (f, col), k in self.uface.items() if f == face and col is not exclude_color)

    def unseen_wilds(self) -> int:
        return self.uwild

    def color_share(self, color: Color) -> float:
        """Share of the unseen coloured cards that are ``color`` (0.25 when nothing is known)."""
        tot = sum(self.ucolor.values())
        return self.ucolor.get(color, 0) / tot if tot else 0.25

    # ------------------------------------------------------------------ reading one seat
    def _k(self, seat: int) -> int:
        info = self.seats.get(seat)
        known = sum(info.known.values()) if info else 0
        return max(0, self.hand_sizes[seat] - known)

    def lacks_color(self, seat: int, color: Color) -> float:
        """Confidence (0..1) that ``seat`` holds no ``color`` card, from evidence alone (0: none)."""
        info = self.seats.get(seat)
        if info is None or color not in info.lack_color:
            return 0.0
        trust, at = info.lack_color[color]
        m = max(0, info.acquired - at)
        return trust * p_none(m, max(self.unseen_total, 1), self.unseen_color(color))

    def p_has_color(self, seat: int, color: Color | None, use_evidence: bool = True) -> float:
        """Chance that ``seat`` holds at least one card of ``color`` (wilds not counted)."""
        if seat == self.me:
            raise ValueError("ask about another seat")
        info = self.seats.get(seat)
        if info is not None and any(c.color is color for c in info.known):
            return 1.0
        k = self._k(seat)
        base = 1.0 - p_none(k, max(self.unseen_total, 1), self.unseen_color(color))
        if not use_evidence or info is None:
            return base
        p = base
        if color in info.lack_color:
            trust, at = info.lack_color[color]
            m = max(0, min(info.acquired - at, k))
            since = 1.0 - p_none(m, max(self.unseen_total, 1), self.unseen_color(color))
            p = (1 - trust) * base + trust * since
        if info.named is not None and info.named[0] is color and k > 0:
            p = max(p, info.named[1])
        return p

    def p_has_face(self, seat: int, face, other_than: Color | None = None, use_evidence: bool = True) -> float:
        """Chance that ``seat`` holds a card with ``face`` (of a colour other than ``other_than``)."""
        info = self.seats.get(seat)
        if info is not None and any(c.face == face and c.color is not other_than for c in info.known):
            return 1.0
        k = self._k(seat)
        base = 1.0 - p_none(k, max(self.unseen_total, 1), self.unseen_face(face, other_than))
        if use_evidence and info is not None and face in info.lack_face:
            trust, at = info.lack_face[face]
            m = max(0, min(info.acquired - at, k))
            since = 1.0 - p_none(m, max(self.unseen_total, 1), self.unseen_face(face, other_than))
            return (1 - trust) * base + trust * since
        return base

    def p_has_wild(self, seat: int) -> float:
        info = self.seats.get(seat)
        if info is not None and any(c.is_wild for c in info.known):
            return 1.0
        return 1.0 - p_none(self._k(seat), max(self.unseen_total, 1), self.unseen_wilds())

    def p_can_play(self, seat: int, color: Color | None, face, use_evidence: bool = True) -> float:
        """Chance that ``seat`` can follow a pile showing ``face`` in ``color`` (independence assumed; ``None``:
        a pile no colour is named for, as after a Colour Roulette)."""
        if self.hand_sizes[seat] <= 0:
            return 0.0
        pc = self.p_has_color(seat, color, use_evidence)
        pf = self.p_has_face(seat, face, color, use_evidence) if face is not None and face < Face.WILD else 0.0
        pw = self.p_has_wild(seat)
        return 1.0 - (1 - pc) * (1 - pf) * (1 - pw)

    def bluff_probability(self, bluffer: int, prev_color: Color | None) -> float:
        """Chance that ``bluffer``'s Wild Draw Four was a bluff (they still hold ``prev_color``)."""
        if prev_color is None or bluffer is None or bluffer == self.me or self.hand_sizes[bluffer] <= 0:
            return 0.0
        p = self.p_has_color(bluffer, prev_color)  # already lowered by the Wild Draw Four's own evidence
        info = self.seats.get(bluffer)
        if info is not None and info.bluffs_caught:
            p = min(1.0, p * 1.5)  # a player caught bluffing this hand bluffs
        return p


def _reset(info: SeatInfo) -> None:
    info.known = Counter()
    info.lack_color = {}
    info.lack_face = {}
    info.named = None


def _initial_state(view) -> tuple:
    """(colour, face) in force before the first visible play of the history (a set position has no
    'first' event: the pile below the cards played tells)."""
    played = 0
    for e in view.history:
        if e.kind in ("play", "cut"):
            try:
                played += len(event_cards(e.detail[0]))
            except (IndexError, ValueError, TypeError):
                pass
        elif e.kind == "reshuffle":
            return view.color, view.top.face
    idx = len(view.discard) - played - 1
    if played == 0 or idx < 0:
        return view.color, view.top.face
    c = view.discard[idx]
    return (c.color if c.color is not None else view.color), c.face


class Scanner:
    """Reads a hand's public history event by event (what :func:`analyze` does in one go).

    A bot may keep one and :meth:`feed` it only the new events of each view
    (:class:`Tracker` does this); :meth:`finish` gives the same :class:`Knowledge`
    as :func:`analyze` on that view.
    """

    def __init__(self, view):
        self.me = view.seat
        self.n = view.players
        self.seats = {s: SeatInfo() for s in range(self.n) if s != self.me}
        self.color, self.top_face = _initial_state(view)
        self.colors: list = []
        self.stuck: set = set()
        self.last_play_seat = None
        self.plays_seen = 0
        self.draws_since = 0
        self.signals: list = []
        self.penalty_seq = None  # (seq, seat) of a penalty: the draw that follows is not a choice
        self.wd4_before = None
        self.sizes = _initial_sizes(view)
        self.count = 0           # events read
        self.last_event = None

    def feed(self, events) -> Scanner:
        seats = self.seats
        color, top_face = self.color, self.top_face
        colors, signals = self.colors, self.signals
        stuck, draws_since = self.stuck, self.draws_since
        last_play_seat, plays_seen = self.last_play_seat, self.plays_seen
        penalty_seq, wd4_before = self.penalty_seq, self.wd4_before
        sizes = self.sizes
        for e in events:
            self.count += 1
            self.last_event = e
            kind = e.kind
            tag = _tracking(e)
            p = e.player
            d = e.detail
            try:
                _track_size(sizes, e)
            except (IndexError, ValueError, TypeError):
                pass
            try:
                if kind == "first":
                    c = event_cards(d[0])[-1]
                    top_face = c.face
                    if c.color is not None:
                        color = c.color
                elif kind in ("play", "cut"):
                    cards = event_cards(d[0])
                    named = event_color(d[1]) if len(d) > 1 else None
                    before = color
                    last = cards[-1]
                    info = seats.get(p)
                    if info is not None:
                        info.plays += 1
                        for c in cards:
                            if info.known[c] > 0:
                                info.known[c] -= 1
                                if not info.known[c]:
                                    del info.known[c]
                        if last.is_wild:
                            info.wilds_played += 1
                            trust = WD4_TRUST if last.face == Face.WILD_DRAW_FOUR else WILD_TRUST
                            if info.named is not None and info.named[0] is before:
                                trust *= 0.3  # it asked for this colour itself: the wild is likely a bluff
                            if before is not None and trust > info.lack_color.get(before, (0, 0))[0]:
                                info.lack_color[before] = (trust, info.acquired)
                        # a card of a lacked colour (or face) was played: it came from later draws; the rest
                        # of the hand is no longer known to lack it
                        for c in cards:
                            if c.color is not None:
                                info.lack_color.pop(c.color, None)
                            info.lack_face.pop(c.face, None)
                        info.named = None
                        if named is not None:
                            left = sizes[p]
                            trust = NAMED_TRUST_LAST if left <= 1 else NAMED_TRUST
                            info.named = (named, trust)
                            info.lack_color.pop(named, None)
                    if last.face == Face.WILD_DRAW_FOUR:
                        wd4_before = before
                    color = named if named is not None else last.color
                    top_face = last.face
                    colors.append(color)
                    stuck = set()
                    draws_since = 0
                    last_play_seat = p
                    plays_seen += 1
                elif kind == "color":
                    color = event_color(d[0])
                    colors.append(color)
                    info = seats.get(p)
                    if info is not None:
                        info.named = (color, NAMED_TRUST)
                elif kind in ("penalty", "draws-penalty"):
                    penalty_seq = (e.seq, p)
                elif kind == "draw":
                    got = int(d[0])
                    info = seats.get(p)
                    voluntary = penalty_seq is None or penalty_seq != (e.seq, p)
                    if info is not None:
                        if len(d) > 1 and d[1]:  # REV: the stock is face up, the cards are seen
                            for c in event_cards(d[1]):
                                info.known[c] += 1
                        if voluntary:
                            info.turn_draws += 1
                            if color is not None:
                                info.lack_color[color] = (DRAW_TRUST, info.acquired + got)
                            if top_face is not None and top_face < Face.WILD:
                                info.lack_face[top_face] = (DRAW_TRUST, info.acquired + got)
                            info.named = None if info.named is not None and info.named[0] is color else info.named
                        info.acquired += got
                    if voluntary:
                        stuck.add(p)
                        draws_since += 1
                    penalty_seq = None
                elif kind == "challenge":
                    bluffer, verdict = d[0], d[1]
                    info = seats.get(bluffer)
                    if info is not None and verdict == "innocent" and wd4_before is not None:
                        info.lack_color[wd4_before] = (1.0, info.acquired)
                    if info is not None and verdict == "guilty":
                        info.bluffs_caught += 1
                elif tag == "face-down":
                    stuck = set()
                    draws_since = 0
                    info = seats.get(p)
                    if info is not None and info.known:
                        # which card went down is unknown: forget exact knowledge that may be stale
                        info.known = Counter()
                elif tag == "swap-hands":
                    q = e.target
                    a, b = seats.get(p), seats.get(q)
                    if a is not None and b is not None:
                        # the evidence travels with the hand (each record keeps its own acquisition counter)
                        seats[p], seats[q] = b, a
                    else:  # I was part of it: the other holds my old hand (not in the view)
                        for s in (p, q):
                            if s in seats:
                                _reset(seats[s])
                elif tag in ("every-hand", "new-cards"):
                    for info in seats.values():
                        _reset(info)
                elif tag == "gives":
                    target, k = e.target, int(e.count)
                    info = seats.get(target)
                    if info is not None:
                        info.acquired += k
                    giver = seats.get(p)
                    if giver is not None:
                        _reset(giver)
                elif kind == "say":
                    sig = parse_signal(d[0] if d else "")
                    if sig is not None:
                        signals.append((p, sig[0], sig[1]))
                        if sig[0] == "lacks" and p in seats:  # '#sig lacks RG': no red, no green
                            for letter in sig[1].upper():
                                if letter in "RYGB":
                                    seats[p].lack_color[Color.parse(letter)] = (SIGNAL_TRUST, seats[p].acquired)
                elif kind == "reshuffle":
                    pass
            except (IndexError, ValueError, TypeError, AttributeError, KeyError):
                continue
        self.color, self.top_face = color, top_face
        self.stuck, self.draws_since = stuck, draws_since
        self.last_play_seat, self.plays_seen = last_play_seat, plays_seen
        self.penalty_seq, self.wd4_before = penalty_seq, wd4_before
        return self

    def finish(self, view) -> Knowledge:
        """The :class:`Knowledge` after the events read, completed with what ``view`` shows now."""
        return _finish(view, {s: _copy_info(i) for s, i in self.seats.items()}, self)


def _copy_info(i: SeatInfo) -> SeatInfo:
    return SeatInfo(acquired=i.acquired, known=Counter(i.known), lack_color=dict(i.lack_color),
                    lack_face=dict(i.lack_face), named=i.named, turn_draws=i.turn_draws, plays=i.plays,
                    wilds_played=i.wilds_played, bluffs_caught=i.bluffs_caught)


class Tracker:
    """Incremental :func:`analyze` for one seat: reads only the events that are new since the last
    view (and starts again when the history is not a continuation, e.g. a new hand)."""

    def __init__(self):
        self.scanner: Scanner | None = None

    def analyze(self, view) -> Knowledge:
        h = view.history
        sc = self.scanner
        if (sc is None or sc.me != view.seat or sc.count > len(h)
                or (sc.count and h[sc.count - 1] is not sc.last_event and h[sc.count - 1] != sc.last_event)
                or (sc.count == 0 and h)):
            sc = self.scanner = Scanner(view)
            sc.feed(h)
        elif sc.count < len(h):
            sc.feed(h[sc.count:])
        return sc.finish(view)


def analyze(view) -> Knowledge:
    """Everything :class:`Knowledge` knows, read from ``view`` alone (a pure function)."""
    return Scanner(view).feed(view.history).finish(view)


def _finish(view, seats, sc) -> Knowledge:
    me, n = view.seat, view.players
    reveal_at: dict = {}
    # reveals: a hand shown at some moment; keep only cards not since played (approximation: still held
    # when the seat's hand has not been reset and the cards are not in the discard pile beyond their count)
    for s, cards in view.revealed:
        info = seats.get(s)
        if info is None:
            continue
        reveal_at[s] = Counter(cards)
    if reveal_at:
        _apply_reveals(view, seats, reveal_at)
    for s, cards in view.open_hands:
        if s in seats:
            seats[s].known = Counter(cards)
    # unseen cards
    total = sum(view.hand_sizes) + view.stock_size + len(view.discard) + view.hidden_pile_size
    unseen = deck_composition(total, view.rules, view.side, view.deck)
    unseen.subtract(Counter(view.hand))
    unseen.subtract(Counter(view.discard))
    for info in seats.values():
        unseen.subtract(info.known)
    unseen = +unseen
    unseen_total = max(0, total - len(view.hand) - len(view.discard) - sum(sum(i.known.values())
                                                                             for i in seats.values()))
    ucolor: dict = {}
    uface: dict = {}
    uwild = max(0, unseen_total - sum(unseen.values()))  # edition cards not in the classic deck: wilds
    for c, k in unseen.items():
        if c.color is None:
            uwild += k
        else:
            ucolor[c.color] = ucolor.get(c.color, 0) + k
            uface[(c.face, c.color)] = uface.get((c.face, c.color), 0) + k
    return Knowledge(me=me, players=n, hand_sizes=tuple(view.hand_sizes), unseen=unseen,
                     unseen_total=unseen_total, ucolor=ucolor, uface=uface, uwild=uwild, seats=seats, color_history=tuple(sc.colors),
                     stuck=frozenset(sc.stuck), last_play_seat=sc.last_play_seat, plays_seen=sc.plays_seen,
                     draws_since_play=sc.draws_since, signals=tuple(sc.signals))


def _track_size(sizes: list, e, sign: int = 1) -> None:
    """Move ``sizes`` (hand sizes by seat) across event ``e``: forward (``sign=1``) or back (``-1``)."""
    p, d = e.player, e.detail
    kind, tag = e.kind, _tracking(e)
    if kind in ("play", "cut"):
        sizes[p] -= sign * len(event_cards(d[0]))
    elif kind == "draw":
        sizes[p] += sign * int(d[0])
    elif tag == "face-down":
        sizes[p] -= sign * int(e.count)
    elif tag == "one-down":
        sizes[p] -= sign
    elif tag == "swap-hands":
        q = e.target
        sizes[p], sizes[q] = sizes[q], sizes[p]
    elif tag == "gives":
        sizes[e.target] += sign * int(e.count)
        sizes[p] -= sign * int(e.count)


def _initial_sizes(view) -> list:
    """Hand sizes before the history began, walked back from the sizes now (approximate after a
    carousel or a shuffle of hands, which only the trust of a named colour depends on)."""
    sizes = list(view.hand_sizes)
    for e in reversed(view.history):
        if _tracking(e) == "every-hand":
            break
        try:
            _track_size(sizes, e, -1)
        except (IndexError, ValueError, TypeError):
            break
    return sizes


def _apply_reveals(view, seats, reveal_at) -> None:
    """A revealed hand minus what that seat has visibly played since the latest reveal of it."""
    # find, for each revealed seat, the index of its last reveal: a challenge, or a rule's event showing a hand
    last_idx: dict = {}
    for i, e in enumerate(view.history):
        tag = _tracking(e)
        if (e.kind == "challenge" or tag == "shows-hand" or (tag == "shows-hand-to-player" and e.player == view.seat)) \
                and e.detail and e.detail[0] in reveal_at:
            last_idx[e.detail[0]] = i
    for s, cards in reveal_at.items():
        start = last_idx.get(s)
        if start is None:
            continue
        held = Counter(cards)
        reset = False
        for e in view.history[start + 1:]:
            if e.player == s and e.kind in ("play", "cut"):
                try:
                    held.subtract(Counter(event_cards(e.detail[0])))
                except (IndexError, ValueError, TypeError):
                    pass
            elif (tag := _tracking(e)) in ("every-hand", "new-cards") or (tag == "gives" and e.player == s) or (
                    tag in ("swap-hands", "face-down") and (e.player == s or (e.detail and e.detail[0] == s))):
                reset = True
        held = +held
        if not reset and sum(held.values()) <= view.hand_sizes[s]:
            seats[s].known = held
