"""SearchBot: information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

The bot cannot see the other hands, so it searches over *determinizations*:
each iteration samples one full position consistent with its
:class:`~unokit.engine.view.PlayerView` (:class:`~unokit.bots.determinize.Determinizer`)
and walks one shared tree with it:

1. **select**: from the root, the seat to act in the sampled position takes
   one of the actions *it has in that sample*; every child that is available
   counts one more availability, and the child maximising
   ``mean + c * sqrt(ln(availability) / visits)`` is followed. Children are
   keyed by ``str(action)``, so the same move made from different samples
   shares a node;
2. **expand**: the first untried available action adds a child;
3. **roll out**: a cheap policy (``'greedy'``: play rather than draw, go out,
   stop a player about to go out, keep wilds, name the colour held most; or
   ``'random'``) plays the sample to the end of the hand (at most
   ``max_rollout_steps`` actions; an unfinished hand is scored by hand sizes).
   Under the official rules (strict, one classic deck) the iteration, tree
   walk and rollout, runs on the fast core (:class:`~unokit.fast.FastGame`,
   taken over from the sample by :meth:`~unokit.fast.FastGame.from_game`): the
   same moves with the same draws as on the referee, several times faster;
   with house rules the referee plays;
4. **back up**: each node on the path adds the reward of the seat that made
   its move (``reward='win'``: 1 for the winner, 0 otherwise; ``'points'``:
   the points won or conceded, scaled to [0, 1]).

The move played is the root child visited most.

Four options turn the textbook algorithm into the levels' default, because at
a few hundred iterations the textbook tree is noisier than a good rule (see
``docs/search-bot.md`` for the measurements):

- ``opponents='policy'`` (default; ``'ucb'``: textbook): an opponent's move in
  the tree is the rollout policy's; the tree still branches on what it did;
- ``prune=True``: no drawing while a card can be played, and a wild names only
  colours still held (all four when none is), for every seat in the tree;
- ``max_depth=1`` (``None``: unbounded): how many of the bot's own decisions
  on a path the tree holds; below that the rollout policy plays;
- ``anchor=1.0`` (``0``: off): keep :class:`GreedyBot`'s move unless the
  searched best beats it by ``anchor`` standard errors of the difference.

Two alternatives, off by default: ``base='strategist'`` makes
:class:`~unokit.bots.strategist.StrategistBot` the anchor and the fallback
instead of :class:`GreedyBot`; ``paired=True`` replaces the tree by flat Monte
Carlo with common random numbers (every candidate is played in the same
sampled worlds with the same rollout randomness, so two moves are compared on
paired outcomes). Neither measured stronger against the strategist (see
``docs/search-bot.md``).

Only the seat's own in-turn decisions are searched (play / draw / pass /
challenge / stack); out-of-turn options (say UNO, catch, notice, slap, cut) go
to :class:`GreedyBot` rules, and so do phases a sample cannot be set up in (the
colour for a first Wild, DED free discards and face-down finishes) and
decisions with one sensible option.

Difficulty levels registered in :data:`SEARCH_BOTS`: ``search-easy`` (50
iterations), ``search`` (200), ``search-hard`` (800).

Reproducible: every decision uses a generator seeded from the bot's seed and
a digest of the view and the legal actions, so the same seed and the same
view give the same decision, whatever the bot decided before and whatever
the hidden cards are (with ``time_budget`` the number of iterations depends
on the machine's speed, and so may the decision).

>>> from unokit.engine.game import Game
>>> g = Game.from_position(['R5 G7', 'B1 B2 B3'], discard='R9', stock='Y1 Y2 Y3 Y4')
>>> bot = SearchBot(seed=1, iterations=30)
>>> str(bot.act(g.view(0), g.legal_actions(0)))
'0 play R5 uno'
>>> textbook = SearchBot(seed=1, iterations=30, opponents='ucb', prune=False, max_depth=None, anchor=0)
>>> textbook.act(g.view(0), g.legal_actions(0)) in g.legal_actions(0)
True
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter

from ..core.actions import Action, Challenge, ChooseColor, Discard, Draw, Pass, Play
from ..core.cards import COLORS, Face
from ..core.errors import UnoError
from ..core.official import CARDS, COLOR_OF, POINTS, classic_deck, hand_points
from ..engine.compose import complete, unfold
from ..engine.game import Game, Phase
from ..fast import ACTION_TEXT, ACTIONS_PER_SEAT, FastGame, NotCoveredError, action_id
from .base import Bot, is_turn_action
from .determinize import Determinizer
from .greedy import GreedyBot

__all__ = ["SearchBot", "SEARCH_BOTS", "LEVELS", "turn_actions", "prune_actions", "rollout_action", "fast_rollout",
           "fast_rollout_ok", "fast_rollout_id", "fast_turn_ids", "fast_prune", "search_easy", "search_hard"]

LEVELS = {"search-easy": 50, "search": 200, "search-hard": 800}


#: the player of a search tree's root, which no move led to (never read: only the nodes below are backed up)
_ROOT = -1


class _Node:
    """A tree node: the move that led here was made by ``player`` (:data:`_ROOT` at the root)."""

    __slots__ = ("player", "visits", "value", "avail", "children")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}


# ---------------------------------------------------------------------- action lists
def _dedupe_uno(acts: list[Action]) -> list[Action]:
    """Drop a play without UNO when the same play with UNO is offered (saying it is free)."""
    with_uno = {(a.cards, a.color, a.target, a.hidden, a.claim, a.give) for a in acts
                if type(a) is Play and a.uno}
    if not with_uno:
        return acts
    return [a for a in acts if not (type(a) is Play and not a.uno
                                    and (a.cards, a.color, a.target, a.hidden, a.claim, a.give) in with_uno)]


def _in_turn(acts: list[Action], phase: str) -> list[Action]:
    out = [a for a in acts if is_turn_action(a)]
    if phase == "HIDDEN_FINISH":
        out += [a for a in acts if a.answers_hidden_finish]
    return _dedupe_uno(out)


def prune_actions(acts: list[Action], hand, phase: str) -> list[Action]:
    """Drop moves that are almost never right: drawing while a card can be played (phase PLAY), and
    naming a colour the rest of the hand does not hold for a wild (when it holds some colour).
    Never returns an empty list."""
    plays = [a for a in acts if type(a) is Play and a.cards and not a.hidden]
    if not plays:
        return acts
    out = []
    for a in acts:
        if type(a) is Play:
            if a.color is not None and a.cards:
                rest = list(hand)
                for c in a.cards + a.hidden + a.give:
                    if c in rest:
                        rest.remove(c)
                held = {c.color for c in rest if c.color is not None}
                if held and a.color not in held:
                    continue
        elif phase == "PLAY" and type(a) is Draw:
            continue
        out.append(a)
    return out or acts


def turn_actions(game: Game, seat: int | None = None) -> list[Action]:
    """The in-turn options of ``seat`` (default: the seat to act) in ``game``, UNO always said.

    Plays composed step by step (DR/DD groups, AA sums, targets, DOA gifts) are unfolded into complete
    plays as far as :data:`~unokit.engine.compose.UNFOLD` allows; a bigger choice takes its first completion."""
    p = game.to_act if seat is None else seat
    acts = unfold(game, game.legal_actions(p))
    if any(a.more for a in acts):
        acts = [complete(game, a, _first) if a.more else a for a in acts]
    out = _in_turn(acts, game.phase.name)
    return out or acts


def _first(options):
    return options[0]


# ---------------------------------------------------------------------- rollout policies
def _best_color(hand, rng: random.Random):
    counts = Counter(c.color for c in hand if c.color is not None)
    if not counts:
        return COLORS[rng.randrange(4)]
    best = max(counts.values())
    return next(col for col in COLORS if counts.get(col, 0) == best)


def _play_score(game: Game, p: int, a: Play, hand) -> tuple:
    rest = list(hand)
    for c in a.cards + a.hidden + a.give:
        if c in rest:
            rest.remove(c)
    last = a.cards[-1] if a.cards else None
    nxt = game.next_seat(p)
    threat = len(game.hands[nxt]) <= 2 and last is not None and (last.is_action or last.draw > 0)
    new_color = a.color if a.color is not None else (last.color if last is not None else None)
    held = sum(1 for c in rest if c.color is new_color) if new_color is not None else 0
    wilds = sum(1 for c in a.cards if c.is_wild)
    return (not rest, threat, len(a.cards), -wilds, held, sum(c.points for c in a.cards), not a.hidden, a.uno)


def _greedy_card(hand, color, tface, threat_on: bool):
    """The rollout policy's card: the playable card with the highest key (stop a threatened next
    player with an action or draw card, colour match over a wild, the colour held most, most
    points); ``None`` when nothing is playable. Returns ``(card, counts of each colour in hand)``."""
    best = best_key = None
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.color is not None:
            counts[c.color] += 1
    for c in hand:
        if c.is_wild:
            key = (threat_on and c.draw > 0, False, 0, c.points)
        elif c.color is color or c.face == tface:
            key = (threat_on and (c.is_action or c.draw > 0), True, counts[c.color], c.points)
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best, counts


def _fast_play(game: Game, p: int, rng: random.Random) -> Action | None:
    """Greedy choice in phase PLAY under rules without custom play filters (no legal list built)."""
    hand = game.hands[p]
    if any(c.is_wild and c.face >= Face.WILD_SWAP for c in hand):
        return None  # cards that name targets or change hands: take the general path
    best, counts = _greedy_card(hand, game.color, game.discard[-1].face, len(game.hands[game.next_seat(p)]) <= 2)
    if best is None:
        return Draw(p)
    if len(hand) == 1:
        return Play(p, (best,), COLORS[rng.randrange(4)] if best.is_wild else None)
    col = None
    if best.is_wild:
        m = max(counts)
        col = COLORS[counts.index(m)] if m else COLORS[rng.randrange(4)]
    return Play(p, (best,), col, len(hand) == 2)


def rollout_action(game: Game, rng: random.Random, policy: str = "greedy") -> Action:
    """The move of the seat to act in a rollout (``policy`` 'greedy' or 'random')."""
    p = game.to_act
    ph = game.phase
    if policy == "greedy" and ph == Phase.PLAY and not game._custom_play and not game._hooks["draw_problem"]:
        a = _fast_play(game, p, rng)
        if a is not None:
            return a
    acts = turn_actions(game, p)
    if policy == "random" or len(acts) == 1:
        return acts[rng.randrange(len(acts))]
    if ph == Phase.COLOR:
        col = _best_color(game.hands[p], rng)
        return next((a for a in acts if type(a) is ChooseColor and a.color is col), acts[0])
    hand = game.hands[p]
    plays = [a for a in acts if type(a) is Play and a.cards]
    if ph == Phase.FREE_DISCARD:
        picks = [a for a in acts if type(a) is Discard]
        if picks:
            return max(picks, key=lambda a: (not a.card.is_wild, a.card.points))
    if plays:
        return max(plays, key=lambda a: _play_score(game, p, a, hand))
    for kind in (Draw, Pass):
        a = next((a for a in acts if type(a) is kind), None)
        if a is not None:
            return a
    return acts[rng.randrange(len(acts))]


# ---------------------------------------------------------------------- the same policy on the fast core
# Under the official rules the rollouts (and the tree walk) run on the fast core (unokit.fast.FastGame),
# which plays the official rules exactly as the referee does. These functions are the rollout policy
# above on its integer state: the same move, chosen with the same draws from ``rng``, as
# rollout_action / turn_actions / prune_actions give on the referee (tests/bots/test_search_bot.py checks
# it move for move). They hold no rule of the game: legality comes from FastGame.legal_ids.
_APS = ACTIONS_PER_SEAT
_STOPS = tuple(int(c.is_action or c.draw > 0) for c in CARDS)  # a card that stops a player about to go out
# _greedy_card's key (stop, colour match, colour count, points) as one integer: (stop << 12) |
# (coloured << 11) | (count << 6) | points; a hand holds at most 25 cards of a colour, a card 50 points
assert max(POINTS) < 64 and max(Counter(c.color for c in classic_deck() if c.color is not None).values()) < 32


try:
    from ..fast import rollout as _rollout_c
    _rollout_c.set_stops(_STOPS)
    _COMPILED = _rollout_c.available()
    _compiled_play_out = _rollout_c.play_out
except ImportError:  # pragma: no cover - numpy missing: the Python loop plays the rollouts
    _COMPILED = False


def fast_rollout_ok(game: Game) -> bool:
    """Can the fast core (:class:`~unokit.fast.FastGame`) take over ``game`` for rollouts? The
    official rules (any ambiguity digits), strict enforcement, one classic deck."""
    return FastGame.covers(game)


def fast_turn_ids(f: FastGame, seat: int | None = None) -> list[int]:
    """:func:`turn_actions` on the fast core: the in-turn ids of ``seat`` (default: the seat to act),
    a play without UNO left out when the same play with UNO is offered."""
    p = f.current if seat is None else seat
    ids = f.legal_ids(p)
    base = p * _APS
    out = [i for i in ids if i - base < 123 or 124 <= i - base < 128]
    if len(f.hand(p)) == 2 and f.phase <= 1:  # plays come in pairs (without, with UNO): keep UNO
        out = [i for i in out if i - base >= 120 or (i - base) & 1]
    return out or ids


def fast_prune(f: FastGame, ids: list[int]) -> list[int]:
    """:func:`prune_actions` on the fast core (``ids`` of the seat to act)."""
    p = f.current
    base = p * _APS
    if not any(i - base < 120 for i in ids):
        return ids
    held = {COLOR_OF[c] for c in f.hand(p) if c < 52}
    out = []
    for i in ids:
        k = i - base
        if k == 120 and f.phase == 0:
            continue
        if 104 <= k < 120 and held and ((k - 104) >> 1) & 3 not in held:
            continue
        out.append(i)
    return out or ids


def fast_rollout_id(f: FastGame, rng: random.Random, policy: str = "greedy") -> int:
    """:func:`rollout_action` on the fast core: the id the seat to act plays in a rollout."""
    p = f.current
    ph = f.phase
    hand = f.hand(p)
    base = p * _APS
    if policy != "greedy":
        ids = fast_turn_ids(f, p)
        return ids[rng.randrange(len(ids))]
    if ph == 0:  # _fast_play: the best playable card, else draw
        counts = [0, 0, 0, 0]
        for c in hand:
            if c < 52:
                counts[c // 13] += 1
        threat = len(f.hand((p + f.direction) % f.n)) <= 2
        ok = f._ok
        best = -1
        best_key = -1
        for c in hand:
            if c < 52:
                if not ok[c]:
                    continue
                key = (threat and _STOPS[c]) << 12 | 2048 | counts[c // 13] << 6 | POINTS[c]
            else:
                key = (threat and _STOPS[c]) << 12 | POINTS[c]
            if key > best_key:
                best, best_key = c, key
        if best < 0:
            return base + 120
        if best < 52:
            return base + 2 * best + (len(hand) == 2)
        if len(hand) == 1:
            return base + 104 + 8 * (best - 52) + 2 * rng.randrange(4)
        m = max(counts)
        col = counts.index(m) if m else rng.randrange(4)
        return base + 104 + 8 * (best - 52) + 2 * col + (len(hand) == 2)
    if ph == 1:  # the card drawn is played (a wild names the colour held most, red when none)
        c = f.drawn
        if c < 52:
            return base + 2 * c + (len(hand) == 2)
        counts = [0, 0, 0, 0]
        for x in hand:
            if x < 52:
                counts[x // 13] += 1
        return base + 104 + 8 * (c - 52) + 2 * counts.index(max(counts)) + (len(hand) == 2)
    if ph == 2:  # draw the penalty, never challenge
        if f.wd4 is None:
            rng.randrange(1)  # rollout_action draws from its only option
        return base + 120
    if ph == 3:  # _best_color
        counts = [0, 0, 0, 0]
        for x in hand:
            if x < 52:
                counts[x // 13] += 1
        m = max(counts)
        return base + 124 + (counts.index(m) if m else rng.randrange(4))
    raise UnoError("the hand is over")


def _play_out(f: FastGame, rng: random.Random, policy: str, cap: int, compiled: bool = True) -> None:
    """Play ``f`` on with the rollout policy for at most ``cap`` actions (the referee loop's count):
    in the compiled core when it is built (:func:`unokit.fast.rollout.play_out`, the same moves from
    the same generators), else here."""
    if compiled and _COMPILED:
        return _compiled_play_out(f, rng, policy, cap)
    apply = f.apply
    steps = 0
    if policy == "greedy":
        while not f.over and steps < cap:
            apply(fast_rollout_id(f, rng))
            steps += 1
    else:
        while not f.over and steps < cap:
            apply(fast_rollout_id(f, rng, policy))
            steps += 1


def fast_rollout(game, rng: random.Random, policy: str = "greedy", cap: int = 400) -> FastGame:
    """Play a hand to the end with the rollout policy on the fast core: the very moves the
    referee-driven rollout (:func:`rollout_action` for at most ``cap`` actions) makes.

    ``game``: a referee :class:`Game` the fast core covers (:func:`fast_rollout_ok`), taken over with
    a copy of its generator (so its reshuffles are the referee's), or a :class:`FastGame` (cloned).
    ``game`` is not changed. Returns the :class:`FastGame` at the end (``winner``, ``hands``...).
    """
    f = game.clone() if isinstance(game, FastGame) else FastGame.from_game(game)
    _play_out(f, rng, policy, cap)
    return f


def _as_id(x) -> int:
    """An id, or the id of a referee action (an action the fast core has no id for raises
    :class:`~unokit.core.errors.IllegalActionError`, as the referee would refuse it)."""
    return x if type(x) is int else action_id(x)


# ---------------------------------------------------------------------- rewards
def _rewards(winner, sizes, points, mode: str, scale: float, eliminated=(), multiplier: int = 1) -> list[float]:
    """Each seat's reward. ``sizes``: cards left in each hand; ``points()``: the points in each hand
    (asked only for ``mode='points'``)."""
    seats = len(sizes)
    if winner is None:  # unfinished: share by inverse hand size
        inv = [0.0 if s in eliminated else 1.0 / max(1, sizes[s]) for s in range(seats)]
        tot = sum(inv) or 1.0
        return [x / tot for x in inv]
    if mode == "points":
        pts = [multiplier * x for x in points()]
        won = sum(pts[s] for s in range(seats) if s != winner)
        return [0.5 + 0.5 * min(1.0, won / scale) if s == winner else 0.5 - 0.5 * min(1.0, pts[s] / scale)
                for s in range(seats)]
    return [1.0 if s == winner else 0.0 for s in range(seats)]


# ---------------------------------------------------------------------- the bot
class SearchBot(Bot):
    """ISMCTS bot; see the module docstring.

    ``iterations``: determinizations searched per decision (an upper bound
    when ``time_budget`` is given; ``None`` with a budget: no bound).
    ``time_budget``: seconds per decision (wall clock). ``exploration``: the
    UCB constant. ``rollout``: ``'greedy'`` or ``'random'``. ``reward``:
    ``'win'`` or ``'points'`` (``points_scale`` points map to a full win or
    loss). ``deck``: the edition in play (``None``: guessed from the view;
    name it when a 112-card deck could be the 112 or the Ohana edition).
    ``draw_belief`` / ``honest``: how firmly the determinizer believes that a
    player who drew had no playable card, and that a Wild Draw Four was
    honest. ``max_rollout_steps``: actions per rollout before it is scored by
    hand sizes. ``opponents``, ``prune``, ``max_depth``, ``anchor``: see the
    module docstring (``opponents='ucb', prune=False, max_depth=None,
    anchor=0`` is the textbook algorithm). ``fast`` / ``reuse``: iterations on
    the fast core under the official rules, and the re-dealt sample game
    (speed only: ``fast=False`` makes the very same decisions on the referee;
    ``reuse=False`` deals a new :class:`Game` per iteration).

    After each searched decision :attr:`last` holds its statistics
    (iterations, seconds, visits and mean reward per root move);
    :attr:`decisions`, :attr:`search_seconds` and :attr:`search_cpu` add up.
    """

    name = "search"

    def __init__(self, seed: int | None = None, iterations: int | None = 200, time_budget: float | None = None,
                 exploration: float = 0.7, rollout: str = "greedy", *, reward: str = "win",
                 points_scale: float = 200.0, deck: str | None = None, draw_belief: float = 0.9,
                 honest: float = 0.75, max_rollout_steps: int = 400, opponents: str = "policy", prune: bool = True,
                 max_depth: int | None = 1, anchor: float = 1.0, fast: bool = True, reuse: bool = True,
                 base: str = "greedy", paired: bool = False):
        super().__init__(seed)
        if base not in ("greedy", "strategist"):
            raise UnoError(f"base must be 'greedy' or 'strategist', not {base!r}")
        if rollout not in ("greedy", "random"):
            raise UnoError(f"rollout must be 'greedy' or 'random', not {rollout!r}")
        if reward not in ("win", "points"):
            raise UnoError(f"reward must be 'win' or 'points', not {reward!r}")
        if iterations is None and time_budget is None:
            raise UnoError("give iterations, a time budget or both")
        if iterations is not None and iterations < 1:
            raise UnoError("iterations must be at least 1")
        self.iterations = iterations
        self.time_budget = time_budget
        self.exploration = exploration
        self.rollout = rollout
        self.reward = reward
        self.points_scale = points_scale
        self.deck = deck
        self.draw_belief = draw_belief
        self.honest = honest
        self.max_rollout_steps = max_rollout_steps
        self.fast = fast
        self.reuse = reuse
        if opponents not in ("ucb", "policy"):
            raise UnoError(f"opponents must be 'ucb' or 'policy', not {opponents!r}")
        self.opponents = opponents
        self.prune = prune
        self.anchor = anchor
        self.max_depth = max_depth
        self._salt = seed if seed is not None else self.rng.getrandbits(63)
        self._rules = GreedyBot(seed)
        self.base = base
        self.paired = paired
        self._base: Bot
        if base == "strategist":
            from .strategist import StrategistBot
            self._base = StrategistBot(seed)
        else:
            self._base = self._rules
        self.last: dict = {}          # statistics of the last searched decision
        self.decisions = 0            # searched decisions
        self.search_seconds = 0.0     # wall-clock time spent searching them
        self.search_cpu = 0.0         # CPU time (this process) spent searching them

    # ------------------------------------------------------------------ interface
    def act(self, view, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        free = self._rules._free_gain(view, legal)
        if free is not None:
            return free
        cands = _in_turn(legal, view.phase)
        if not cands or any(a.more for a in cands):  # a choice too big to unfold: the base bot decides it
            return self._base.act(view, legal)
        if self.prune:
            cands = prune_actions(cands, view.hand, view.phase)
        if len(cands) == 1:
            return cands[0]
        if view.phase not in ("PLAY", "PENDING", "DRAWN"):
            return self._base.act(view, legal)
        choice = self._search(view, cands)
        return choice if choice is not None else self._base.act(view, legal)

    def react(self, view, legal: list[Action]) -> Action | None:
        return self._rules.react(view, legal)

    # ------------------------------------------------------------------ search
    def decision_rng(self, view, legal) -> random.Random:
        """The generator of one decision: a function of the seed, the view and the legal actions only."""
        h = hashlib.sha256()
        h.update(repr(self._salt).encode())
        h.update(_view_text(view).encode())
        h.update(" | ".join(str(a) for a in legal).encode())
        return random.Random(int.from_bytes(h.digest()[:16], "big"))

    def _prepare(self, view, cands: list[Action]):
        """One decision's generator, determinizer and the cards a DRAWN-phase sample may play."""
        rng = self.decision_rng(view, cands)
        det = Determinizer(view, deck=self.deck, draw_belief=self.draw_belief, honest=self.honest,
                           challengeable=any(type(a) is Challenge for a in cands))
        return rng, det, [a.cards[0] for a in cands if type(a) is Play and a.cards]

    def _account(self, t0: float, c0: float) -> float:
        """Count one searched decision and its wall-clock and CPU time; returns the wall-clock seconds."""
        dt = time.perf_counter() - t0
        self.decisions += 1
        self.search_seconds += dt
        self.search_cpu += time.process_time() - c0
        return dt

    def _search(self, view, cands: list[Action]) -> Action | None:
        if self.paired:
            return self._search_paired(view, cands)
        t0 = time.perf_counter()
        c0 = time.process_time()
        rng, det, drawn_opts = self._prepare(view, cands)
        allowed = {str(a): a for a in cands}
        root = _Node(_ROOT)
        done = failures = 0
        limit = self.iterations
        budget = self.time_budget
        try:
            sample = det.sampler(rng, drawn_opts) if self.reuse else None
        except (UnoError, ValueError, IndexError, KeyError, AssertionError):
            sample = None
        while True:
            if limit is not None and done >= limit:
                break
            if budget is not None and done > 0 and time.perf_counter() - t0 >= budget:
                break
            try:
                if sample is not None:
                    g = sample()
                else:
                    g = det.sample(rng)
                    if view.phase == "DRAWN":
                        det.set_drawn_options(g, drawn_opts)
                self._iterate(g, root, allowed, rng, view.seat)
            except (UnoError, ValueError, IndexError, KeyError, AssertionError):
                failures += 1
                if failures > 20 and failures > done:
                    break
                continue
            done += 1
        best = None
        if root.children:
            order = {k: i for i, k in enumerate(allowed)}
            best_key = max(root.children, key=lambda k: (root.children[k].visits,
                                                         root.children[k].value / max(1, root.children[k].visits),
                                                         -order.get(k, 0)))
            best = allowed.get(best_key)
            if self.anchor > 0 and best is not None:
                best = self._anchored(view, cands, root, best_key, best)
        dt = self._account(t0, c0)
        self.last = {
            "iterations": done, "failures": failures, "seconds": dt, "chosen": str(best) if best else None,
            "children": {k: (ch.visits, round(ch.value / ch.visits, 3) if ch.visits else None)
                         for k, ch in root.children.items()},
        }
        return best

    def _anchored(self, view, cands, root: _Node, best_key: str, best: Action) -> Action:
        """Keep the rule-based move unless the search finds a better one with confidence ``anchor``
        (in standard errors of the difference of the two means)."""
        legal = list(cands)
        try:
            base = self._base.act(view, legal)
        except (ValueError, IndexError):
            return best
        bk = str(base)
        if bk == best_key or bk not in root.children:
            return best
        a, b = root.children[best_key], root.children[bk]
        if b.visits == 0 or a.visits == 0:
            return best
        ma, mb = a.value / a.visits, b.value / b.visits
        m = (a.value + b.value) / (a.visits + b.visits)
        se = math.sqrt(max(m * (1 - m), 0.01) * (1 / a.visits + 1 / b.visits))
        return best if ma - mb > self.anchor * se else base

    def _search_paired(self, view, cands: list[Action]) -> Action | None:
        """Flat Monte Carlo with common random numbers: every candidate is played in the same sampled
        worlds with the same rollout randomness, so the comparison of two moves is paired (much less
        noisy than independent rollouts). ``iterations`` counts rollouts, as in the tree search."""
        t0 = time.perf_counter()
        c0 = time.process_time()
        rng, det, drawn_opts = self._prepare(view, cands)
        k = len(cands)
        worlds = max(1, (self.iterations or 200) // k)
        rewards: list[list[float]] = [[] for _ in cands]
        me = view.seat
        failures = 0
        try:
            sample = det.sampler(rng, drawn_opts)
        except (UnoError, ValueError, IndexError, KeyError, AssertionError):
            return None
        done = 0
        while done < worlds:
            if self.time_budget is not None and done > 0 and time.perf_counter() - t0 >= self.time_budget:
                break
            try:
                g = sample()
                snap = g._snapshot()
                row = []
                seed = rng.getrandbits(64)
                for j, a in enumerate(cands):
                    if j:
                        g._restore(snap)
                        g.winner, g.end_reason, g.events, g.actions = None, "out", [], []
                    g.apply(a)
                    row.append(self._rollout(g, random.Random(seed))[me])
            except (UnoError, ValueError, IndexError, KeyError, AssertionError):
                failures += 1
                if failures > 20 and failures > done:
                    break
                continue
            for j, r in enumerate(row):
                rewards[j].append(r)
            done += 1
        if not done:
            return None
        means = [sum(r) / len(r) for r in rewards]
        order = {str(a): i for i, a in enumerate(cands)}
        best_j = max(range(k), key=lambda j: (means[j], -j))
        best = cands[best_j]
        if self.anchor > 0:
            try:
                base = self._base.act(view, list(cands))
            except (ValueError, IndexError):
                base = best
            bj = order.get(str(base))
            if bj is not None and bj != best_j:
                diffs = [x - y for x, y in zip(rewards[best_j], rewards[bj])]
                m = sum(diffs) / done
                var = sum((d - m) ** 2 for d in diffs) / max(1, done - 1)
                se = math.sqrt(max(var, 1e-4) / done)
                if m <= self.anchor * se:
                    best = cands[bj]
        dt = self._account(t0, c0)
        self.last = {"iterations": done * k, "worlds": done, "failures": failures, "seconds": dt,
                     "chosen": str(best),
                     "children": {str(a): (done, round(means[j], 3)) for j, a in enumerate(cands)}}
        return best

    def _rollout(self, g, rng: random.Random, try_fast: bool = True) -> list[float]:
        """Play ``g`` to the end with the rollout policy; the rewards of every seat. ``g``: a referee
        game (played on the fast core when it covers the game, taking over the game's generator) or a
        :class:`FastGame` (played in place)."""
        policy = self.rollout
        cap = self.max_rollout_steps
        if type(g) is not FastGame and self.fast and try_fast:
            try:
                g = FastGame.from_game(g, share_rng=True)
            except NotCoveredError:
                pass
        if type(g) is FastGame:
            _play_out(g, rng, policy, cap)
            return _rewards(g.winner, [len(h) for h in g.hands], g.points, self.reward, self.points_scale)
        steps = 0
        while not g.over and steps < cap:
            a = rollout_action(g, rng, policy)
            try:
                g.apply(a)
            except UnoError:
                acts = turn_actions(g)
                g.apply(acts[rng.randrange(len(acts))])
            steps += 1
        hands = g.hands
        return _rewards(g.winner, [len(h) for h in hands], lambda: [hand_points(h) for h in hands], self.reward,
                        self.points_scale, g.eliminated, g.score_multiplier)

    def _iterate(self, g: Game, root: _Node, allowed: dict, rng: random.Random, me: int) -> None:
        if self.fast:
            # the official rules: the whole iteration runs on the fast core, on the sample's generator
            try:
                f = FastGame.from_game(g, share_rng=True)
            except NotCoveredError:
                pass  # house rules (or another deck, table enforcement): the referee plays
            else:
                return self._iterate_fast(f, root, allowed, rng, me)
        node = root
        path: list[_Node] = []
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        by_policy = self.opponents == "policy"
        depth = 0
        max_depth = self.max_depth
        while not g.over:
            p = g.to_act
            if max_depth is not None and p == me and depth >= max_depth:
                break  # deep enough: the rollout policy plays on
            if by_policy and p != me:
                # an opponent moves as the rollout policy would; the tree still branches on what it did
                a = rollout_action(g, rng, self.rollout)
                k = str(a)
                ch = node.children.get(k)
                if ch is None:
                    ch = node.children[k] = _Node(p)
                ch.avail += 1
                g.apply(a)
                node = ch
                path.append(ch)
                continue
            acts = turn_actions(g, p)
            if self.prune:
                acts = prune_actions(acts, g.hands[p], g.phase.name)
            keys = [str(a) for a in acts]
            if node is root:
                pairs = [(k, a) for k, a in zip(keys, acts) if k in allowed]
                if not pairs:  # the sample disagrees with the real options: search the real ones
                    pairs = list(allowed.items())
                keys = [k for k, _ in pairs]
                acts = [a for _, a in pairs]
            children = node.children
            untried = []
            for i, k in enumerate(keys):
                ch = children.get(k)
                if ch is None:
                    untried.append(i)
                else:
                    ch.avail += 1
            if p == me:
                depth += 1
            if untried:
                i = untried[rng.randrange(len(untried))]
                ch = _Node(p)
                ch.avail = 1
                children[keys[i]] = ch
                g.apply(acts[i])
                path.append(ch)
                break
            best_i, best_v = 0, -1.0
            for i, k in enumerate(keys):
                ch = children[k]
                if not ch.visits:  # created by an iteration that failed before backing up
                    best_i = i
                    break
                v = ch.value / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best_i, best_v = i, v
            node = children[keys[best_i]]
            g.apply(acts[best_i])
            path.append(node)
        r = self._rollout(g, rng, try_fast=False)  # not covered at the start: the referee plays on
        for nd in path:
            nd.visits += 1
            nd.value += r[nd.player]

    def _iterate_fast(self, f: FastGame, root: _Node, allowed: dict, rng: random.Random, me: int) -> None:
        """:meth:`_iterate` on the fast core: the same walk, the same keys, the same draws from ``rng``."""
        node = root
        path: list[_Node] = []
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        by_policy = self.opponents == "policy"
        policy = self.rollout
        depth = 0
        max_depth = self.max_depth
        text = ACTION_TEXT
        while not f.over:
            p = f.current
            if max_depth is not None and p == me and depth >= max_depth:
                break  # deep enough: the rollout policy plays on
            if by_policy and p != me:
                i = fast_rollout_id(f, rng, policy)
                k = text[i]
                ch = node.children.get(k)
                if ch is None:
                    ch = node.children[k] = _Node(p)
                ch.avail += 1
                f.apply(i)
                node = ch
                path.append(ch)
                continue
            ids = fast_turn_ids(f, p)
            if self.prune:
                ids = fast_prune(f, ids)
            keys = [text[i] for i in ids]
            if node is root:
                pairs = [(k, i) for k, i in zip(keys, ids) if k in allowed]
                if not pairs:  # the sample disagrees with the real options: search the real ones
                    pairs = [(k, a) for k, a in allowed.items()]
                    keys = [k for k, _ in pairs]
                    ids = [a for _, a in pairs]  # actions: turned into ids when applied
                else:
                    keys = [k for k, _ in pairs]
                    ids = [i for _, i in pairs]
            children = node.children
            untried = []
            for j, k in enumerate(keys):
                ch = children.get(k)
                if ch is None:
                    untried.append(j)
                else:
                    ch.avail += 1
            if p == me:
                depth += 1
            if untried:
                j = untried[rng.randrange(len(untried))]
                ch = _Node(p)
                ch.avail = 1
                children[keys[j]] = ch
                f.apply(_as_id(ids[j]))
                path.append(ch)
                break
            best_j, best_v = 0, -1.0
            for j, k in enumerate(keys):
                ch = children[k]
                if not ch.visits:  # created by an iteration that failed before backing up
                    best_j = j
                    break
                v = ch.value / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best_j, best_v = j, v
            node = children[keys[best_j]]
            f.apply(_as_id(ids[best_j]))
            path.append(node)
        r = self._rollout(f, rng)
        for nd in path:
            nd.visits += 1
            nd.value += r[nd.player]

    def __repr__(self) -> str:
        return (f"SearchBot(seed={self.seed!r}, iterations={self.iterations!r}, time_budget={self.time_budget!r}, "
                f"exploration={self.exploration!r}, rollout={self.rollout!r})")


def search_easy(seed: int | None = None) -> SearchBot:
    """ISMCTS with 50 iterations per decision."""
    return SearchBot(seed, iterations=LEVELS["search-easy"])


def search_hard(seed: int | None = None) -> SearchBot:
    """ISMCTS with 800 iterations per decision."""
    return SearchBot(seed, iterations=LEVELS["search-hard"])


def _search_default(seed: int | None = None) -> SearchBot:
    """ISMCTS with 200 iterations per decision."""
    return SearchBot(seed, iterations=LEVELS["search"])


# name -> factory(seed), for unokit.bots.BOTS
SEARCH_BOTS = {"search-easy": search_easy, "search": _search_default, "search-hard": search_hard}


#: view fields of the editions that are left out of a decision's seed while they hold their default, so
#: that a classic game's decisions do not change when a field is added for an edition
_QUIET_FIELDS = ("side", "backs", "stock_back", "powers", "deck", "partner_hands")


def _view_text(view) -> str:
    """``repr(view)`` without the editions' fields at their defaults (the seed of a decision)."""
    from dataclasses import fields
    parts = [f"{f.name}={getattr(view, f.name)!r}" for f in fields(view)
             if f.name not in _QUIET_FIELDS or getattr(view, f.name) != f.default]
    return f"{type(view).__name__}({', '.join(parts)})"

