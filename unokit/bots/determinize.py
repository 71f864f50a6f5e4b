"""Determinization: full positions sampled from what one seat may know.

A bot sees a :class:`~unokit.engine.view.PlayerView`, not the hidden cards. To search
it needs complete positions (every hand and the stock) that agree with what
the view shows. :class:`Determinizer` reads a view once, works out what the
seat knows and infers, and then :meth:`Determinizer.sample` draws as many
positions as asked, each a :class:`~unokit.engine.game.Game` built with
:meth:`Game.from_position <unokit.engine.game.Game.from_position>`.

What a sample respects:

- the seat's own hand, every hand size, the discard pile, the stock size, the
  colour in force, the direction, the pending draw and the phase;
- the deck in play (the classic deck unless told otherwise; a deck that
  cannot be the one in play, because it has the wrong size or lacks a card in
  sight, is replaced by the smallest edition that fits);
- cards known to lie in an opponent's hand: what a challenge or another
  reveal showed *to this seat* (``view.revealed``), what a face-up stock (REV)
  showed being drawn, small open hands (OPEN); minus what that seat played
  since, and only while the card is still unseen (so still plausible);
- inferences from the public history (``view.history``):

  * an opponent who drew at the start of a turn instead of playing probably
    held no card matching the discard then (no card of the colour in force,
    none with the face on top, no wild);
  * an opponent whose Wild Draw Four was challenged and found innocent held no
    card of the colour in force before it;
  * an opponent who played a Wild Draw Four probably held no card of the
    colour in force before it (most players do not bluff: a prior, ``honest``).

  A "held no X at time t" inference applies to the cards the opponent still
  holds from then: with ``k`` cards now and ``d`` cards taken since ``t``, at
  least ``k - d`` of its cards were held at ``t``. Inferences of one seat nest
  (cards held at an older time were also held at a newer one), so a hand is
  dealt in layers: the oldest cards avoid every later constraint too. When the
  unseen cards cannot satisfy a layer it is filled with whatever is left.
  Each inference is enforced in a sample with a probability (``draw_belief``,
  ``honest``): players sometimes draw with a playable card or bluff.

The sample depends only on the view, the arguments and the ``rng`` given;
never on the real hidden cards (a :class:`Determinizer` never sees a
:class:`Game`).

>>> from unokit.engine.game import Game
>>> import random
>>> g = Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9', stock='Y1 Y2 Y3')
>>> d = Determinizer(g.view(0))
>>> s = d.sample(random.Random(1))
>>> [c.code for c in s.hands[0]], [len(h) for h in s.hands], len(s.stock), s.top.code
(['R1', 'R2'], [2, 3], 3, 'R9')
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..core.cards import Card, Color, Face
from ..core.decks import DECKS, build_deck
from ..core.errors import RuleCodeError
from ..core.events import tracking_of
from ..engine.game import Game, Phase
from ..rules import RuleSet
from .base import event_cards, event_color

__all__ = ["Determinizer", "Void", "SUPPORTED_PHASES", "guess_deck"]

# Phases a sample can be set up in; the search bot uses a simple policy in the others.
SUPPORTED_PHASES = ("PLAY", "PENDING", "DRAWN")


@dataclass(frozen=True)
class Void:
    """Seat ``seat`` held, at history index ``index``, no card matching ``color`` (any colour when None),
    ``face`` (any face when None) or, with ``wild``, no wild; ``held`` of its current cards date from then."""

    seat: int
    index: int
    color: Color | None
    face: int | None
    wild: bool
    held: int
    kind: str  # 'draw' (drew instead of playing), 'innocent' (challenge), 'honest' (played W+4, prior)

    def excludes(self, c: Card) -> bool:
        """Is ``c`` a card this inference says the seat did not hold?"""
        if c.is_wild:
            return self.wild
        return (self.color is not None and c.color is self.color) or (self.face is not None and c.face == self.face)


def guess_deck(view, deck: str | None = None) -> tuple[str, int, bool]:
    """``(deck name, copies, include_blanks)`` of the deck in play, from the card count in ``view``.

    ``deck`` is preferred when it fits (right size, holds every card in sight).

    >>> from unokit.engine.game import Game
    >>> guess_deck(Game.new(players=2, seed=1).view(0))
    ('classic', 1, False)
    >>> guess_deck(Game.new(players=2, seed=1, deck='112', include_blanks=True).view(0))
    ('112', 1, True)
    """
    total = sum(view.hand_sizes) + view.stock_size + len(view.discard) + view.hidden_pile_size
    seen = Counter(view.hand) + Counter(view.discard)
    names = [deck] if deck else []
    names += ["classic"] + sorted(n for n in DECKS if n not in names and n != "classic")
    fallback = None
    for name in names:
        if name not in DECKS:
            continue
        for copies in range(1, 9):
            for blanks in (False, True):
                cards = build_deck(name, copies, blanks)
                if len(cards) > total + 200:
                    break
                counts = Counter(cards)
                if any(counts[c] < k for c, k in seen.items()):
                    continue
                if len(cards) == total:
                    return name, copies, blanks
                if fallback is None and len(cards) >= total:
                    fallback = (name, copies, blanks)
    return fallback or (deck or "classic", max(1, -(-total // 108)), False)


def _written_deck(view, written: str) -> tuple[str, int, bool]:
    """The deck of a table that wrote its blanks (the ``blanks=`` parameter): the view's deck, in the number
    of copies that makes the card count."""
    total = sum(view.hand_sizes) + view.stock_size + len(view.discard) + view.hidden_pile_size
    for copies in range(1, 9):
        try:
            if len(build_deck(view.deck, copies, True, written)) >= total:
                return view.deck, copies, True
        except RuleCodeError:
            continue
    return view.deck, 1, True


@dataclass
class _Seat:
    known: list = field(default_factory=list)      # cards surely in the hand
    voids: list = field(default_factory=list)      # Void, oldest first


class Determinizer:
    """What ``view`` tells about the hidden cards, and a sampler of consistent positions.

    ``deck``: the edition in play (default: guessed from the view, classic
    first). ``draw_belief``: probability that a "drew instead of playing"
    inference is enforced in a sample; ``honest``: the same for "played a Wild
    Draw Four honestly". ``challengeable``: the seat may challenge the Wild
    Draw Four on top (read it from the legal actions); a sample then records
    whether that card was a bluff in the sampled hand.
    """

    def __init__(self, view, *, deck: str | None = None, draw_belief: float = 0.9, honest: float = 0.75,
                 challengeable: bool = False):
        self.view = view
        self.seat = view.seat
        self.n = view.players
        self.rules = RuleSet.parse(view.rules)
        self.written = self.rules.param("blanks")   # blanks with a rule written on each: dealt in
        if self.written:
            self.deck, self.copies, self.blanks = _written_deck(view, self.written)
        else:
            self.deck, self.copies, self.blanks = guess_deck(view, deck)
        self.draw_belief = draw_belief
        self.honest = honest
        self.challengeable = challengeable
        # (bluffer, previous colour, cards) of the Wild Draw Four on top
        self.wd4: tuple[int, Color, tuple[Card, ...]] | None = None
        self.hidden_known: Counter = Counter()  # face-down cards shown (a reveal declared "face-down")
        self.seats = [_Seat() for _ in range(self.n)]
        self._read_history()
        self._count_unseen()

    # ------------------------------------------------------------------ reading the view
    def _read_history(self) -> None:
        v, me, rs = self.view, self.seat, self.rules
        n = self.n
        known: list[Counter] = [Counter() for _ in range(n)]
        voids: list[list] = [[] for _ in range(n)]
        entered: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (index, cards) taken into the hand
        reveals = list(v.revealed)
        owners = [s for s, _ in reveals]
        # reveal-making events visible to this seat, in order, matched with view.revealed
        ri = 0
        top: Card | None = v.discard[0] if v.discard else None
        color: Color | None = top.color if top is not None else None
        stack: list[tuple] = []          # (top, colour) before each visible play, newest last
        last_play: dict = {}            # seat -> (cards, colour before)
        reliable = True
        prev_kind, prev_player = None, None
        hist = v.history
        for i, e in enumerate(hist):
            kind, p, d = e.kind, e.player, e.detail
            # a rule's event is read by what its kind declares (core/events: TRACKING, REVEALS), never by its name
            tag, shown = tracking_of(e), getattr(e, "reveal", "")
            try:
                if kind == "first":
                    top = event_cards(d[0])[-1]
                    color = top.color
                    reliable = True
                elif kind in ("play", "cut"):
                    cards = event_cards(d[0])
                    named = event_color(d[1]) if len(d) > 1 else None
                    stack.append((top, color))
                    before = color
                    top = cards[-1]
                    color = named if named is not None else top.color
                    reliable = True
                    if p is not None:
                        known[p] -= Counter(cards)
                        last_play[p] = (cards, before)
                        if top.face == Face.WILD_DRAW_FOUR and before is not None and p != me:
                            voids[p].append((i, before, None, False, "honest"))
                elif kind == "color":
                    color = event_color(d[0])
                elif kind == "draw" and p is not None:
                    k = int(d[0])
                    entered[p].append((i, k))
                    if len(d) > 1 and d[1]:
                        known[p] += Counter(event_cards(d[1]))
                    turn_draw = prev_kind not in ("penalty", "draws-penalty") and not (
                        prev_kind == "draw" and prev_player == p)
                    if turn_draw and p != me and reliable and top is not None and color is not None:
                        voids[p].append((i, color, top.face, True, "draw"))
                elif kind == "challenge" or shown:
                    owner = d[0]
                    if kind == "challenge":
                        visible = rs.reveal == 1 or p == me
                    else:
                        visible = shown != "hand-to-player" or p == me
                    if visible and ri < len(reveals) and owners[ri] == owner:
                        if shown == "face-down":  # the face-down cards shown stay on the face-down pile
                            self.hidden_known += Counter(reveals[ri][1])
                        elif owner != me:
                            known[owner] = Counter(reveals[ri][1])
                        ri += 1
                    if kind == "challenge":
                        guilty = len(d) > 1 and d[1] == "guilty"
                        play = last_play.get(owner)
                        if play is not None and play[0][-1].face == Face.WILD_DRAW_FOUR:
                            voids[owner] = [x for x in voids[owner] if not (x[4] == "honest" and x[0] < i)] \
                                if guilty else voids[owner]
                            if not guilty and owner != me and play[1] is not None:
                                voids[owner].append((i, play[1], None, False, "innocent"))
                            if guilty and rs.bluff == 2 and stack:
                                # the card goes back to the bluffer, the colour before it is in force again
                                back = play[0]
                                entered[owner].append((i, len(back)))
                                known[owner] += Counter(back)
                                top, color = stack.pop()
                elif tag in ("swap-hands", "every-hand", "gives", "draws-by-chance") or kind == "noticed":
                    # hands changed wholesale, cards given unseen, a number of cards drawn by chance, or a correction
                    # rewound the hand: forget what was known
                    if tag == "swap-hands":
                        q = e.target
                        known[p], known[q] = known[q], known[p]
                        voids[p], voids[q] = [], []
                    else:
                        known = [Counter() for _ in range(n)]
                        voids = [[] for _ in range(n)]
                    if kind == "noticed":
                        reliable = False
            except (IndexError, ValueError, TypeError, AttributeError, KeyError):
                reliable = False
                continue
            if kind != "reshuffle":
                prev_kind, prev_player = kind, p
        # a Wild Draw Four on top that may be challenged now
        if self.challengeable:
            for e in reversed(hist):
                if e.kind in ("play", "cut"):
                    cards = event_cards(e.detail[0])
                    if e.player != me and cards[-1].face == Face.WILD_DRAW_FOUR:
                        before = last_play.get(e.player, (None, None))[1]
                        if before is None:
                            from .greedy import color_before_top
                            before = color_before_top(v)
                        if before is not None:
                            self.wd4 = (e.player, before, cards)
                    break
        # voids: how many of the current cards date from then
        for s in range(n):
            if s == me:
                continue
            size = v.hand_sizes[s]
            out = []
            for (i, col, face, wild, kind) in voids[s]:
                since = sum(k for j, k in entered[s] if j >= i)
                held = size - since
                if held > 0:
                    out.append(Void(s, i, col, face, wild, held, kind))
            self.seats[s].voids = out
            self.seats[s].known = list(known[s].elements())
        for s, cards in v.open_hands:
            if s != me:
                self.seats[s].known = list(cards)
                self.seats[s].voids = []

    def _count_unseen(self) -> None:
        v = self.view
        deck = Counter(build_deck(self.deck, self.copies, self.blanks, self.written))
        unseen = deck - Counter(v.hand) - Counter(v.discard)
        if v.stock_top is not None and unseen[v.stock_top] > 0:
            unseen[v.stock_top] -= 1
            self.stock_top = v.stock_top
        else:
            self.stock_top = None
        hidden: Counter[Card] = Counter()
        for c in sorted(self.hidden_known.elements(), key=lambda c: c.index):
            if unseen[c] > 0 and sum(hidden.values()) < v.hidden_pile_size:
                unseen[c] -= 1
                hidden[c] += 1
        self.hidden_known = hidden
        # known cards are kept only while still plausible: unseen, and no more than the hand holds
        for s, st in enumerate(self.seats):
            if s == self.seat or not st.known:
                st.known = []
                continue
            keep: list[Card] = []
            for c in sorted(st.known, key=lambda c: c.index):
                if unseen[c] > 0 and len(keep) < v.hand_sizes[s]:
                    unseen[c] -= 1
                    keep.append(c)
            st.known = keep
        self.unseen = sorted(unseen.elements(), key=lambda c: c.index)
        self._deck_cards = sorted(deck.elements(), key=lambda c: c.index)

    # ------------------------------------------------------------------ facts

    def known(self, seat: int) -> list[Card]:
        return list(self.seats[seat].known)

    def voids(self, seat: int) -> list[Void]:
        return list(self.seats[seat].voids)

    # ------------------------------------------------------------------ sampling
    def sample_hands(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """Hands (the seat's own as it is) and the stock (top card first) of one sample."""
        v = self.view
        rnd = rng.random
        unseen = self.unseen
        keys = [rnd() for _ in unseen]
        pool = [unseen[i] for i in sorted(range(len(unseen)), key=keys.__getitem__)]
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        hands[self.seat] = list(v.hand)
        order = [s for s in range(self.n) if s != self.seat]
        rng.shuffle(order)
        for s in order:
            st = self.seats[s]
            hand = list(st.known)
            fixed = len(hand)
            need = v.hand_sizes[s] - fixed
            if need > 0:
                voids = [x for x in st.voids
                         if rng.random() < (self.honest if x.kind == "honest" else
                                            self.draw_belief if x.kind == "draw" else 1.0)]
                taken = 0
                # layer j: cards held since voids[j] (and so also at every later void) avoid voids[j:]
                for j, x in enumerate(voids):
                    goal = max(taken, min(need, x.held - fixed))
                    later = voids[j:]
                    k = 0
                    while taken < goal and k < len(pool):
                        c = pool[k]
                        if any(y.excludes(c) for y in later):
                            k += 1
                            continue
                        hand.append(pool.pop(k))
                        taken += 1
                while taken < need and pool:
                    hand.append(pool.pop())
                    taken += 1
                while taken < need:  # the deck guess was short: pad with cards of the deck
                    hand.append(rng.choice(self._deck_cards))
                    taken += 1
            hands[s] = hand
        hidden = min(v.hidden_pile_size - sum(self.hidden_known.values()), len(pool))
        if hidden > 0:
            del pool[:hidden]  # face-down cards (DED) are out of play for the search
        stock = pool[:v.stock_size]
        if self.stock_top is not None:
            stock = [self.stock_top] + stock[:max(0, v.stock_size - 1)]
        return hands, stock

    def sample(self, rng: random.Random) -> Game:
        """One full position consistent with the view, ready for the seat in turn to act.

        Raises ``ValueError`` in a phase that cannot be set up (see :data:`SUPPORTED_PHASES`).
        """
        v = self.view
        if v.phase not in SUPPORTED_PHASES:
            raise ValueError(f"cannot set up a position in phase {v.phase}")
        hands, stock = self.sample_hands(rng)
        pending = v.pending if v.phase == "PENDING" else 0
        g = Game.from_position(hands, list(v.discard), stock, rules=self.rules, current=v.current,
                               direction=v.direction, color=v.color, pending=pending, dealer=v.dealer,
                               seed=rng.getrandbits(63), deck=self.deck)
        g.uno_said = [bool(x) for x in v.uno_said]
        if v.eliminated:
            g.eliminated = set(v.eliminated)
        if pending:
            out = [s for s in range(self.n) if v.hand_sizes[s] == 0 and s not in v.eliminated]
            if out:
                g.going_out = out[0]
            if self.wd4 is not None:
                g.pending_from = self.wd4[0]
        self._set_wd4(g)
        if v.phase == "DRAWN":
            drawn = v.drawn if v.drawn is not None else (v.hand[-1] if v.hand else None)
            g.phase = Phase.DRAWN
            g.drawn = drawn
            g.drawn_options = (drawn,) if drawn is not None else ()
        return g

    def _set_wd4(self, g: Game) -> None:
        if self.wd4 is not None and g.phase == Phase.PENDING:
            bluffer, before, cards = self.wd4
            bluff = any(c.color is before for c in g.hands[bluffer])
            g.wd4 = (bluffer, bluff, before, tuple(cards))

    def sampler(self, rng: random.Random, options=None):
        """A function that returns a new sample on each call: the same positions as repeated
        :meth:`sample` calls would give in distribution, but one :class:`Game` is dealt again each time
        (much cheaper than building one). A returned game is valid until the next call.
        ``options``: in phase DRAWN, the cards that may be played (see :meth:`set_drawn_options`).
        """
        g = self.sample(rng)
        if options is not None and self.view.phase == "DRAWN":
            self.set_drawn_options(g, options)
        base = g._snapshot()
        first = [True]

        def next_sample() -> Game:
            if first[0]:
                first[0] = False
                return g
            g._restore(base)
            hands, stock = self.sample_hands(rng)
            g.hands = hands
            g.stock = list(reversed(stock))
            g.winner = None
            g.end_reason = "out"
            g.seq = 0
            g.events = []
            g.actions = []
            g.reveals = []
            self._set_wd4(g)
            return g

        return next_sample

    def set_drawn_options(self, game: Game, options) -> None:
        """In phase DRAWN: the cards the seat may play now (the first cards of its legal plays)."""
        opts = tuple(dict.fromkeys(options))
        if opts:
            game.drawn_options = opts
            if game.drawn not in opts:
                game.drawn = opts[-1]
