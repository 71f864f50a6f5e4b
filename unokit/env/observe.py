"""Observations: what a seat may know (its :class:`~unokit.engine.view.PlayerView`), as numpy arrays.

The encoding reads nothing but the seat's view (:func:`unokit.engine.view.view_of`, the one place that
decides what a seat may know), the step of the play it is composing and whether the decision is a
reaction window. Seats are counted from the observing seat (0 = itself, 1 = the next seat, ...),
so one policy serves every seat. :meth:`Encoder.layout` lists the blocks in order; with ``K`` the
distinct cards of the rule set's deck (:attr:`ActionTable.cards`, the same order as the action
ids) and ``n`` the seats:

=============  ======  ==========================================================================
block          size    meaning
=============  ======  ==========================================================================
hand           K       how many of each card the seat holds
top            K       the top card of the discard pile (one-hot)
color          C       the colour in play (R Y G B; UNO Flip adds its dark P T O V: C = 8)
pending        2       the pending draw total / 10, and whether one is pending
direction      1       1 clockwise, 0 counter-clockwise
sizes          n       every hand's size / 20, the seat's own first
small          2n      hand size is 1; hand size is 2 (per seat)
uno            n       UNO said (per seat)
catchable      n       the seat can be caught without UNO now (per seat)
phase          7       PLAY, DRAWN, PENDING, COLOR, FREE_DISCARD, HIDDEN_FINISH, OVER
drawn          K       the card this seat just drew and may play (one-hot)
seen           K       the cards face up on the discard pile (public history: counts / 4)
stock          2       stock size / 108; face-down pile size / 20
to_act         n       whose decision the hand waits for (one-hot)
window         2       this is a reaction window (out of turn); it is the seat's own turn
revealed       K       other seats' cards this seat has been shown (challenges, CLA, OPEN)
others   (2C+3)(n-1)   per other seat, from the public history: colours it lacked when it last
                       drew (C), colour of its last play (C), last play a wild, its last move a
                       draw, cards it drew this hand / 20
stem           2K+4    only with groups, targets or gifts: cards of the play being composed,
                       cards chosen to give, and the step (none, cards, target, give)
rules          R + 4   the rule set: one flag per catalogue code (``rule_codes``), the ambiguity
                       digits / 3
=============  ======  ==========================================================================

Two states that differ only in what the seat may not know give the same arrays (tested).
"""

from __future__ import annotations

import numpy as np

from ..bots.base import event_cards, event_color
from ..rules import RuleSet
from ..rules.catalog import ORDER
from .actions import ActionTable

__all__ = ["Encoder", "HistoryTracker", "PHASES"]

PHASES = ("PLAY", "DRAWN", "PENDING", "COLOR", "FREE_DISCARD", "HIDDEN_FINISH", "OVER")
_PHASE_POS = {p: i for i, p in enumerate(PHASES)}
_OTHER = 11


class HistoryTracker:
    """Features of the public history, read incrementally (a hand's history only grows).

    Its state is a function of the events read so far: a new hand (another first event, or a
    shorter history) starts it again, so using one is the same as reading the whole history."""

    __slots__ = ("n", "colors", "first", "pos", "color", "lacks", "last_color", "last_wild", "last_draw", "drawn",
                 "_penalty")

    def __init__(self, n: int, colors: int = 4):
        self.n = n
        self.colors = colors
        self._clear()

    def _clear(self) -> None:
        """Forget every event read (a new hand)."""
        n, colors = self.n, self.colors
        self.first: object = None                 # the first event of the hand read (compared by identity)
        self.pos = 0
        self.color = -1
        self.lacks = np.zeros((n, colors), np.float32)
        self.last_color = np.zeros((n, colors), np.float32)
        self.last_wild = np.zeros(n, np.float32)
        self.last_draw = np.zeros(n, np.float32)
        self.drawn = np.zeros(n, np.float32)
        self._penalty = -1

    def update(self, history) -> None:
        if not history:
            return
        if history[0] is not self.first or len(history) < self.pos:
            self._clear()
            self.first = history[0]
        for i in range(self.pos, len(history)):
            e = history[i]
            k = e.kind
            p = e.player
            if k == "play" or k == "cut":
                cards = event_cards(e.cards)
                col = event_color(e.color)
                if col is None and cards:
                    col = cards[-1].color
                if p is not None:
                    self.last_color[p] = 0
                    if col is not None:
                        self.last_color[p, int(col)] = 1
                        self.lacks[p, int(col)] = 0
                    self.last_wild[p] = 1.0 if cards and cards[-1].is_wild else 0.0
                    self.last_draw[p] = 0
                if col is not None:
                    self.color = int(col)
                self._penalty = -1
            elif k == "draw":
                if p is not None:
                    self.drawn[p] += e.count
                    self.lacks[p] = 0
                    if self._penalty != p and e.count == 1 and self.color >= 0:
                        self.lacks[p, self.color] = 1
                    self.last_draw[p] = 1
                self._penalty = -1
            elif k == "draws-penalty":
                self._penalty = p
            elif k == "first":
                first = event_cards(e.card)
                if first and first[-1].color is not None:
                    self.color = int(first[-1].color)
            elif k == "color":
                col = event_color(e.color)
                if col is not None:
                    self.color = int(col)
        self.pos = len(history)


class Encoder:
    """The observation vector of rule set ``table.rules`` at ``table.players`` seats (see the module).

    ``rule_codes``: the catalogue codes of the ``rules`` block, in order (default: the whole catalogue
    now). A trained model keeps the list it was trained with, so codes added to the catalogue later
    do not change its inputs."""

    def __init__(self, table: ActionTable, rule_codes=None):
        self.table = table
        self.K = K = len(table.cards)
        self.n = n = table.players
        self.pos = table.card_pos
        self.stem = bool(table.grouping or table.targets or table.gifts)
        self.C = C = len(table.colors)
        rs = RuleSet.parse(table.rules)
        self.rule_codes = tuple(ORDER if rule_codes is None else rule_codes)
        flags = np.array([1.0 if rs.has(c) else 0.0 for c in self.rule_codes] + [d / 3 for d in rs.ambiguity],
                         np.float32)
        blocks = [("hand", K), ("top", K), ("color", C), ("pending", 2), ("direction", 1), ("sizes", n),
                  ("small", 2 * n), ("uno", n), ("catchable", n), ("phase", len(PHASES)), ("drawn", K),
                  ("seen", K), ("stock", 2), ("to_act", n), ("window", 2), ("revealed", K),
                  ("others", (_OTHER + 2 * (C - 4)) * (n - 1))]
        if self.stem:
            blocks.append(("stem", 2 * K + 4))
        blocks.append(("rules", len(flags)))
        self.blocks = blocks
        self.offsets = {}
        o = 0
        for name, size in blocks:
            self.offsets[name] = o
            o += size
        self.size = o
        self._rules = flags

    @property
    def rule_flags(self) -> np.ndarray:
        """The ``rules`` block's values (one flag per code of ``rule_codes``, the ambiguity digits / 3): a copy."""
        return self._rules.copy()

    def layout(self) -> list[tuple[str, int, int]]:
        """``(block, start, size)`` for every block of the vector, in order."""
        return [(name, self.offsets[name], size) for name, size in self.blocks]

    def encode(self, view, stem=None, window: bool = False, tracker: HistoryTracker | None = None) -> np.ndarray:
        """The float32 vector of ``view`` (``stem``: the play being composed, ``window``: a reaction)."""
        K, n, pos, off = self.K, self.n, self.pos, self.offsets
        x = np.zeros(self.size, np.float32)
        me = view.seat
        for c in view.hand:
            x[pos[c]] += 1
        top = view.top
        x[off["top"] + pos[top]] = 1
        x[off["color"] + int(view.color)] = 1
        if view.pending:
            x[off["pending"]] = view.pending / 10
            x[off["pending"] + 1] = 1
        x[off["direction"]] = 1.0 if view.direction == 1 else 0.0
        sizes = view.hand_sizes
        o_sz, o_sm, o_uno, o_ct = off["sizes"], off["small"], off["uno"], off["catchable"]
        for s in range(n):
            r = (s - me) % n
            k = sizes[s]
            x[o_sz + r] = k / 20
            if k == 1:
                x[o_sm + 2 * r] = 1
            elif k == 2:
                x[o_sm + 2 * r + 1] = 1
            if view.uno_said[s]:
                x[o_uno + r] = 1
        for s in view.catchable:
            x[o_ct + (s - me) % n] = 1
        x[off["phase"] + _PHASE_POS.get(view.phase, 0)] = 1
        if view.drawn is not None:
            x[off["drawn"] + pos[view.drawn]] = 1
        seen = np.bincount([pos[c] for c in view.discard], minlength=K).astype(np.float32)
        x[off["seen"]:off["seen"] + K] = seen / 4
        x[off["stock"]] = view.stock_size / 108
        x[off["stock"] + 1] = view.hidden_pile_size / 20
        x[off["to_act"] + (view.to_act - me) % n] = 1
        if window:
            x[off["window"]] = 1
        if view.to_act == me:
            x[off["window"] + 1] = 1
        o = off["revealed"]
        for s, cards in view.revealed:
            if s != me:
                for c in cards:
                    x[o + pos[c]] += 1
        for s, cards in view.open_hands:
            if s != me:
                for c in cards:
                    x[o + pos[c]] += 1
        C = self.C
        if tracker is None or tracker.colors != C:
            tracker = HistoryTracker(n, C)
        tracker.update(view.history)
        o = off["others"]
        per = 2 * C + 3
        for r in range(1, n):
            s = (me + r) % n
            b = o + per * (r - 1)
            x[b:b + C] = tracker.lacks[s]
            x[b + C:b + 2 * C] = tracker.last_color[s]
            x[b + 2 * C] = tracker.last_wild[s]
            x[b + 2 * C + 1] = tracker.last_draw[s]
            x[b + 2 * C + 2] = tracker.drawn[s] / 20
        if self.stem:
            o = off["stem"]
            if stem is not None:
                for c in stem.cards:
                    x[o + pos[c]] += 1
                for c in stem.give:
                    x[o + K + pos[c]] += 1
                x[o + 2 * K + ("cards", "target", "give").index(stem.more) + 1] = 1
            else:
                x[o + 2 * K] = 1
        o = off["rules"]
        x[o:o + len(self._rules)] = self._rules
        return x

