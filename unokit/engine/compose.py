"""Plays composed one sub-decision at a time, so that no list of options explodes.

A play can combine several choices: which cards go down together (DR/DD groups,
AA sums), which seat it names (Wild Swap Hands, SEVENO, T, CLA, DOA) and which
cards it gives away (DOA). Listing every combination up front is exponential
(a 20-card hand under ``UNO 1121 DR-DOA`` once had 244,457 plays). Instead the
referee lists *stems*: :class:`~unokit.core.actions.Play` values whose ``more`` field
says what is still to be chosen, and :meth:`unokit.engine.game.Game.expand` lists the
next choices of a stem:

=========  ==============================  ==========================================
``more``   still to choose                 each choice adds
=========  ==============================  ==========================================
"cards"    further cards of the group      one card (in the order they go down)
"target"   the seat the play names         the seat (a pair: the first seat, ``@1,?``, then the second)
"give"     the cards given away (DOA)      one card (in card order, so each set once)
=========  ==============================  ==========================================

A stem is offered only when at least one legal complete play extends it, so a
chooser can never walk into a dead end; each list holds at most one entry per
distinct card or seat (times colour and UNO variants). The complete play is one
ordinary action, written in records as before (``0 play R2 G2 @1 give:B5,Y7``).

>>> from unokit.engine.game import Game
>>> g = Game.from_position(['R2 G2 B5 Y7 Y8 Y9', 'G9 G1'], discard='R4', rules='UNO 1121 DR-DOA')
>>> [str(a) for a in g.legal_actions(0) if a.kind == 'play']
['0 play R2 @1 give:?', '0 play R2 @1 give:? uno', '0 play R2 +']
>>> stem = g.legal_actions(0)[2]
>>> [str(a) for a in g.expand(stem)]
['0 play R2 G2 @1 give:?', '0 play R2 G2 @1 give:? uno']
>>> [str(a) for a in g.expand(g.expand(stem)[0])]   # two 2s give four cards: only one set is left
['0 play R2 G2 @1 give:Y7,?']
>>> str(complete(g, stem, lambda options: options[0]))
'0 play R2 G2 @1 give:Y7,Y8,Y9,B5'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core.actions import Action, Play
from ..core.cards import Card, Color, plain
from ..core.errors import IllegalActionError, IncompletePlayError
from ..core.official import matches
from ..rules.base import FACE_AIMS, FACE_CLAIMS, FACE_TARGETS, HouseRule

if TYPE_CHECKING:
    # (the Game, or the referee's parts passing themselves: the state they share; the Game itself imports
    # this module)
    from .referee.state import HandState
    from .referee.state import HandState as Game

#: the seats a play may name (``None``: none), or pairs of seats ``(first, target)``
Targets = tuple[Any, ...]

__all__ = ["Composer", "complete", "first_step", "unfold", "every_action", "offered", "gifts_owed", "MORE", "MAX_STEPS"]

MORE = ("cards", "target", "give")
MAX_STEPS = 64  # a play never needs more sub-decisions than cards in a hand plus a seat


class Composer:
    """The plays one seat may make now, as complete plays and stems (one call's memo).

    Used by the referee only; ``game`` is a :class:`~unokit.engine.game.Game`.
    """

    __slots__ = ("g", "p", "hand", "counts", "_finals", "_more", "grouping", "_admit", "_alone", "_refuse")

    def __init__(self, game: HandState, p: int) -> None:
        self.g = game
        self.p = p
        self.hand = game.hands[p]
        counts: dict[Card, int] = {}
        for c in (map(plain, self.hand) if game.physical else self.hand):   # (UNO Flip: the faces seen)
            counts[c] = counts.get(c, 0) + 1
        if game.flexed:   # UNO Flex: a flex card may also be named as its flexed face
            for c in list(counts):
                u = game.flexed.get(c)
                if u is not None:
                    counts[u] = counts[c]
        self.counts = counts
        self._finals: dict[tuple[Card, ...], list[Play]] = {}
        self._more: dict[tuple[Card, tuple[Card, ...]], bool] = {}
        self.grouping = game._hooks["group_prefix"]
        # the rules that accept plays the official match refuses (AA, AB, I...), asked whether such a play
        # can begin with some cards; ``_alone``: is a card playable first without them (memo)
        allow: list[Any] = game._allow_play   # (the hooks are bound methods of the rules)
        self._admit = [h.__self__.allow_prefix for h in allow]
        self._alone: dict[Card, bool] = {}
        # the rules that refuse plays (PAA, PAB, TRI...) and can tell that every play beginning with some
        # cards is refused
        judges: list[Any] = game._play_filter
        self._refuse = [r.refuses_group for r in (h.__self__ for h in judges)
                        if type(r).refuses_group is not HouseRule.refuses_group]

    # ------------------------------------------------------------------ listing
    def roots(self, out: list[Action], first_only: Card | None = None,
              candidates: Iterable[Card] | None = None) -> None:
        """Append the plays (complete or stems) that start with each distinct card held."""
        g = self.g
        # Without a rule that admits non-matching plays (AA, AB, I), a play whose first card could not be
        # played alone is refused whatever follows it: the official match, or the stacking rules' first card.
        quick = not g._allow_play
        pending = g.phase is g.phase.PENDING
        top, color = g.discard[-1], g.color
        if first_only is not None and g.physical:
            first_only = plain(first_only)   # (UNO Flip: the counts are of faces)
        for c in (candidates if candidates is not None else self.counts):
            if first_only is not None and c is not first_only and g.uses.get(c) is not first_only:
                continue
            if not self._first_ok(c, pending, top, color) and (quick or not self._admitted((c,))):
                continue
            if self._refuse and self._refused((c,)):
                continue
            out.extend(self.finals((c,)))
            if self.grouping and self.completable((c,)):
                out.append(Play(self.p, (c,), more="cards"))

    def expand(self, stem: Play) -> list[Play]:
        """The next choices of ``stem`` (empty when nothing legal extends it)."""
        out: list[Play] = []
        cards = stem.cards
        if stem.more == "cards":
            if not self.grouping or not cards or not self._holds(cards):
                return out
            for d in self._extensions(cards):
                nxt = cards + (d,)
                out.extend(self.finals(nxt))
                if self.completable(nxt):
                    out.append(Play(self.p, nxt, more="cards"))
            return out
        targets = self.targets(cards)
        k = self.gifts(cards)
        if stem.more == "target":
            if stem.target is not None or any(type(t) is tuple for t in targets):
                return self._pairs(stem, targets, k)
            for t in targets:
                a = Play(self.p, cards, stem.color, stem.uno, t, (), 0, (), "give" if k else "")
                if (self._some_completion(a, (t,), k) if k else self.g._play_problem(a) is None):
                    out.append(a)
            return out
        if stem.more == "give":
            if stem.target not in targets:
                return out
            rest = self._rest(cards + stem.give)
            if rest is None:
                return out
            need = k - len(stem.give)
            if need <= 0:
                return out
            last = stem.give[-1] if stem.give else None
            for d in sorted(rest):
                if last is not None and d < last:
                    continue
                after = sorted(c for c in _expand_counts(rest) if not c < d)
                if len(after) < need:
                    continue
                give = stem.give + (d,)
                if need == 1:
                    a = Play(self.p, cards, stem.color, stem.uno, stem.target, (), 0, give)
                    if self.g._play_problem(a) is None:
                        out.append(a)
                else:
                    a = Play(self.p, cards, stem.color, stem.uno, stem.target, (), 0, give, "give")
                    after.remove(d)
                    probe = Play(self.p, cards, stem.color, stem.uno, stem.target, (), 0,
                                 give + tuple(after[:need - 1]))
                    if self.g._play_problem(probe) is None:
                        out.append(a)
        return out

    # ------------------------------------------------------------------ the cards of one play
    def finals(self, cards: tuple[Card, ...]) -> list[Play]:
        """Options that put down exactly ``cards``: complete plays, or target/give stems."""
        hit = self._finals.get(cards)
        if hit is not None:
            return hit
        g, p = self.g, self.p
        out: list[Play] = []
        if self._holds(cards):
            last = cards[-1]
            left = len(self.hand) - len(cards)
            unos = (False, True) if left == 1 or (g._hand_changers and any(
                c.number in g._hand_change_numbers for c in cards)) else (False,)
            colors = self.g.colors if self.g.names_color(last) else (None,)
            targets = self.targets(cards)
            k = self.gifts(cards)
            claimed = FACE_CLAIMS.get(last.face)
            claims = claimed(g, last) if claimed is not None else (0,)
            # Saying UNO never changes legality beyond the count that ``unos`` already follows, and the
            # colour named only matters to rules that judge plays (CHU): check once per colour then.
            ok = None
            for col in colors:
                if ok is None or g._play_filter:
                    if not k and len(targets) <= 1:
                        ok = g._play_problem(Play(p, cards, col, False, targets[0] if targets else None, (),
                                                  claims[0])) is None
                    else:
                        more = "give" if len(targets) == 1 else "target"
                        ok = self._some_completion(Play(p, cards, col, False, None, (), 0, (), more), targets, k)
                if not ok:
                    continue
                for u in unos:
                    if not k and len(targets) <= 1:
                        for n in claims:
                            out.append(Play(p, cards, col, u, targets[0] if targets else None, (), n))
                    elif len(targets) == 1:
                        out.append(Play(p, cards, col, u, targets[0], (), 0, (), "give"))
                    else:
                        out.append(Play(p, cards, col, u, None, (), 0, (), "target"))
        self._finals[cards] = out
        return out

    def completable(self, cards: tuple[Card, ...]) -> bool:
        """Can more cards follow ``cards`` in one legal play?"""
        key = (cards[0], tuple(sorted(cards[1:])))
        hit = self._more.get(key)
        if hit is not None:
            return hit
        self._more[key] = False  # guards the recursion; the answer is set below
        ok = False
        for d in self._extensions(cards):
            nxt = cards + (d,)
            if self.finals(nxt) or self.completable(nxt):
                ok = True
                break
        self._more[key] = ok
        return ok

    def _extensions(self, cards: tuple[Card, ...]) -> Iterator[Card]:
        used: dict[Card, int] = {}
        for c in cards:
            used[c] = used.get(c, 0) + 1
        g = self.g
        grouping = self.grouping
        one = grouping[0] if len(grouping) == 1 else None
        # a first card the pile refuses: only the plays a permissive rule accepts, along its prefixes
        admitted = not self._first_ok(cards[0])
        refuse = self._refuse
        for d, k in self.counts.items():
            if used.get(d, 0) < k:
                nxt = cards + (d,)
                if (one(g, nxt) if one is not None else any(h(g, nxt) for h in grouping)) \
                        and (not admitted or self._admitted(nxt)) and not (refuse and self._refused(nxt)):
                    yield d

    def _first_ok(self, c: Card, pending: bool | None = None, top: Card | None = None,
                  color: Color | None = None) -> bool:
        """May a play begin with ``c`` as far as the pile goes (the official match, or the stacking rules'
        first card when a draw is pending)? If not, only a permissive rule (AA, AB, I...) can accept it."""
        hit = self._alone.get(c)
        if hit is None:
            g = self.g
            if pending is None:
                pending, top, color = g.phase is g.phase.PENDING, g.discard[-1], g.color
            hit = self._alone[c] = (any(h(g, (c,)) for h in g._stack_ok) if pending
                                    else matches(c, cast(Card, top), cast(Color, color)))  # (set above)
        return hit

    def _refused(self, cards: tuple[Card, ...]) -> bool:
        """Is every play beginning with ``cards`` refused by a rule that judges plays?"""
        g, p = self.g, self.p
        return any(r(g, p, cards) for r in self._refuse)

    def _admitted(self, cards: tuple[Card, ...]) -> bool:
        """Can a play that a permissive rule accepts begin with ``cards``?"""
        g = self.g
        return any(a(g, cards) for a in self._admit)

    # ------------------------------------------------------------------ targets and gifts
    def targets(self, cards: tuple[Card, ...]) -> Targets:
        return targets_of(self.g, self.p, cards)

    def gifts(self, cards: tuple[Card, ...]) -> int:
        return gifts_of(self.g, self.p, cards)

    def _some_completion(self, stem: Play, targets: Iterable[Any], k: int) -> bool:
        """Is there a legal complete play that finishes ``stem`` (target from ``targets``, ``k`` gifts)?"""
        g = self.g
        give: tuple[Card, ...] = ()
        if k:
            rest = self._rest(stem.cards)
            if rest is None:
                return False
            pool = sorted(_expand_counts(rest))
            have = list(stem.give)
            for c in have:
                if c in pool:
                    pool.remove(c)
            give = tuple(have + pool[:k - len(have)])
        for t in targets:
            if type(t) is tuple:   # a pair of seats (first, target): names no cards to give
                if k:
                    continue
                a = Play(self.p, stem.cards, stem.color, stem.uno, t[1], (), 0, (), "", t[0])
            else:
                a = Play(self.p, stem.cards, stem.color, stem.uno, t, (), 0, give)
            if g._play_problem(a) is None:
                return True
        return False

    def _pairs(self, stem: Play, targets: Targets, k: int) -> list[Play]:
        """The next seat of a play that names two (``targets`` holds pairs ``(first, target)``; All Wild's
        Forced Swap under ``ALLWILD(swap=pair)``): with no seat yet, one stem per first seat (its
        ``target`` that seat, ``more="target"``: ``@1,?``); then the complete plays (``first`` set, ``@1,3``).
        A play naming two seats gives no cards."""
        out: list[Play] = []
        pairs = [t for t in targets if type(t) is tuple]
        if k or not pairs:
            return out
        p, cards, col, uno = self.p, stem.cards, stem.color, stem.uno
        if stem.target is None:
            for f in dict.fromkeys(t[0] for t in pairs):
                a = Play(p, cards, col, uno, f, (), 0, (), "target")
                if self._some_completion(a, [t for t in pairs if t[0] == f], 0):
                    out.append(a)
            return out
        for f, t in pairs:
            if f == stem.target:
                a = Play(p, cards, col, uno, t, (), 0, (), "", f)
                if self.g._play_problem(a) is None:
                    out.append(a)
        return out

    # ------------------------------------------------------------------ hand arithmetic
    def _holds(self, cards: tuple[Card, ...]) -> bool:
        return self._rest(cards) is not None

    def _rest(self, cards: tuple[Card, ...]) -> dict[Card, int] | None:
        """The hand's card counts once ``cards`` are taken out, or None if they are not all held."""
        rest = dict(self.counts)
        for c in cards:
            k = rest.get(c, 0)
            if not k:
                return None
            if k == 1:
                del rest[c]
            else:
                rest[c] = k - 1
        return rest


def targets_of(game: HandState, p: int, cards: tuple[Card, ...]) -> Targets:
    """The seats a play of ``cards`` by ``p`` may name (``None``: name none), in order; empty: no choice.

    A play that names two seats lists pairs ``(first, target)`` instead (in both orders, each pair being
    two sub-decisions: see :meth:`Composer._pairs`); a hook lists seats or pairs, never both."""
    last = cards[-1]
    named = FACE_TARGETS.get(last.face)
    if named is not None:
        return named(game, p)
    aims = FACE_AIMS.get(last.face)
    seats = aims(game, p, cards) if aims is not None else None
    if seats is not None:
        return seats
    hooks = game._hooks["play_targets"]
    if not hooks:
        return ()
    if len(hooks) == 1:
        return tuple(hooks[0](game, p, cards))
    seen: dict[Any, None] = {}
    for h in hooks:
        for t in h(game, p, cards):
            seen[t] = None
    return tuple(seen)


def gifts_of(game: HandState, p: int, cards: tuple[Card, ...]) -> int:
    """How many cards a play of ``cards`` by ``p`` gives away (DOA)."""
    hooks = game._hooks["gifts_owed"]
    return sum(h(game, p, cards) for h in hooks) if hooks else 0


def _expand_counts(counts: dict[Card, int]) -> list[Card]:
    return [c for c, k in counts.items() for _ in range(k)]


def complete(game: Game, action: Action, choose: Callable[[list[Action]], Action | None],
             unfold_limit: int = 0) -> Action:
    """Follow ``action`` through its sub-decisions until it is a complete action.

    ``choose(options) -> option`` picks one of :meth:`~unokit.engine.game.Game.expand`'s
    options at each step (with ``unfold_limit``, of those options unfolded by
    :func:`unfold` up to that many); an action that is already complete comes back as it is.
    """
    steps = 0
    while type(action) is Play and action.more:
        options = cast("list[Action]", game.expand(action))   # (plays: read here, never added to)
        if unfold_limit:
            options = unfold(game, options, unfold_limit)
        chosen = choose(options)
        steps += 1
        if chosen is None or chosen not in options:
            raise IncompletePlayError(f"choose one of the {len(options)} options offered for the play")
        action = chosen
        if steps > MAX_STEPS:  # pragma: no cover - bounded by the hand size
            raise IllegalActionError("a play cannot take this many sub-decisions")
    return action


def first_step(game: Game, options: Sequence[Action], action: Action) -> Action | None:
    """The option of ``options`` that ``action`` is, or the stem among them that ``action`` completes (so a
    complete play chosen from an :func:`unfold` list is answered one sub-decision at a time); None if neither.

    >>> from unokit.engine.game import Game
    >>> g = Game.from_position(['R2 G2 B5', 'G9 G1'], discard='R4', rules='UNO 1121 DR')
    >>> full = next(a for a in unfold(g, g.legal_actions(0)) if len(getattr(a, 'cards', ())) == 2)
    >>> str(full), str(first_step(g, g.legal_actions(0), full))
    ('0 play R2 G2', '0 play R2 +')
    """
    if action in options:
        return action
    for o in options:
        if type(o) is Play and o.more and _leads_to(game, o, action, 0):
            return o
    return None


def _leads_to(game: Game, stem: Play, action: Action, depth: int) -> bool:
    """Does the stem ``stem`` complete to ``action``? (Only stems whose cards and gifts begin ``action``'s are
    followed, so the search walks one path.)"""
    if (type(action) is not Play or action.player != stem.player or depth > MAX_STEPS
            or action.cards[:len(stem.cards)] != stem.cards or action.give[:len(stem.give)] != stem.give):
        return False
    for o in game.expand(stem):
        if o == action or (type(o) is Play and o.more and _leads_to(game, o, action, depth + 1)):
            return True
    return False


def gifts_owed(game: Game, seat: int, cards: Iterable[Card]) -> int:
    """How many cards a play of ``cards`` by ``seat`` gives away now (DOA), 0 if none."""
    return gifts_of(game, seat, tuple(cards))


UNFOLD = 128  # how many options a bot is shown at once before a big choice is made step by step


def unfold(game: Game, actions: Sequence[Action], limit: int = UNFOLD) -> list[Action]:
    """``actions`` with stems replaced by their options, in place, as long as the list stays within ``limit``.

    Bots judge complete plays best, so the simulation hands them unfolded lists; a stem whose options
    would pass the limit stays a stem and is decided step by step. The work is bounded by ``limit``
    times the depth of a play.
    """
    out = list(actions)
    i = 0
    while i < len(out):
        a = out[i]
        if a.more:
            options = game.expand(a)
            if len(out) - 1 + len(options) <= limit:
                out[i:i + 1] = options
                continue
        i += 1
    return out


def every_action(game: Game, seat: int, limit: int = 20_000) -> list[Action]:
    """Every complete action ``seat`` may take now: :meth:`~unokit.engine.game.Game.legal_actions` with
    each stem followed to all its complete plays (depth first, in listing order).

    The result can be exponential in the hand size: it is meant for tests, puzzles and
    analysis of small positions, and raises :class:`~unokit.core.errors.UnoError` past ``limit``.
    """
    from ..core.errors import UnoError
    out: list[Action] = []
    stack = list(reversed(game.legal_actions(seat)))
    while stack:
        a = stack.pop()
        if a.more:
            stack.extend(reversed(game.expand(a)))
        else:
            out.append(a)
            if len(out) > limit:
                raise UnoError(f"more than {limit} complete actions; list them step by step with Game.expand")
    return out


def offered(game: Game, action: Action) -> bool:
    """Does the referee offer ``action`` now, directly or through the sub-decisions of a stem?

    Follows ``action``'s own cards, seat and gifts down the tree, so the work is linear
    in the size of the play. Gifts count as a set (the referee lists them in card order).
    """
    options: Sequence[Action] = game.legal_actions(action.player)
    if type(action) is not Play or not action.cards or action.more:
        return action in options
    cards = action.cards
    for i in range(1, len(cards)):
        stem = next((o for o in options if type(o) is Play and o.cards == cards[:i] and o.more == "cards"), None)
        if stem is None:
            return False
        options = game.expand(stem)
    want = Play(action.player, cards, action.color, action.uno, action.target, action.hidden, action.claim,
                tuple(sorted(action.give)), "", action.first)
    finals = [o for o in options if type(o) is Play and o.cards == cards and o.more != "cards"]
    if want in finals:
        return True
    cur = next((o for o in finals if o.more and o.color == want.color and o.uno == want.uno
                and o.target in (None, want.target)), None)
    while cur is not None and cur.more:
        nxt = game.expand(cur)
        if cur.more == "target" and want.first is not None and cur.target is None:   # a pair: its first seat
            cur = next((o for o in nxt if o.target == want.first and o.more == "target"), None)
        elif cur.more == "target":
            cur = next((o for o in nxt if o.target == want.target and o.first == want.first), None)
        else:
            cur = next((o for o in nxt if o.give == want.give[:len(cur.give) + 1]), None)
    return cur == want
