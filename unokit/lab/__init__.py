"""The lab: measure what rule sets (and bots) do to the game, with confidence intervals.

``unokit lab --rules "UNO 1121" "UNO 1121 DR" --players 2 4 --hands 2000 --out lab-out``
plays every rule set at every table size and writes ``lab.json``, ``lab.csv`` and PNG plots.

Three measures, each played in fixed-size *chunks* whose per-hand seeds derive from the master
seed and the hand's index only (not from the rule set, nor from how many processes run), so
results are reproducible, identical for any ``--jobs``, and every rule set is played on the
same deals (common random numbers):

``table``  the lab bots (``--bots``, default ``random-play`` at every seat) play ``--hands`` hands:
           hand length in turns, cards drawn, the first mover's win rate ("first-seat edge"),
           points per hand, eliminations (MS), UNO catches and penalty cards.
``skill``  one skilled bot (``strategist`` when registered, else ``greedy``) against
           ``random-play`` opponents on paired deals, every deal replayed with the seats rotated
           so the skilled bot sits at every seat of it: its win rate ("skill edge").
``match``  whole matches (:mod:`unokit.match`) under the rule set with the lab bots: hands per
           match (ELIMMOST, TV, PR... change it) and eliminations per match.

Every chunk's result is written to ``OUT/cache/`` as it completes; ``--resume`` reuses the chunks
already there (same specification) and plays only the missing ones.

Definitions (the report explains them at length):

- *random-play*: the usual random agent of UNO simulations: it plays a uniformly random playable
  card (group, under DR/DD), names a uniformly random colour, stacks when it can, draws only when
  it cannot play, plays a playable drawn card, never challenges and always says UNO. Out of turn
  it takes the free actions (UNO, catch, slap, notice) and cuts when it can. It lives here, not in
  :mod:`unokit.bots`, and :func:`make_player` knows it.
- *turn*: one player's turn: it starts when the seat in turn plays, draws (a card or a penalty) or
  challenges, and drawing then playing the drawn card is one turn. A skipped player has no turn.
  ``actions`` counts every play and draw by the player in turn instead (the harness's
  :attr:`unokit.lab.sim.HandResult.turns`), so draw-then-play counts 2 there.

>>> lo, hi = wilson(52, 100)
>>> round(lo, 4), round(hi, 4)
(0.4232, 0.6154)
>>> r = play_deal("UNO 1121", ["random-play", "random-play"], derive_seed(0, 0))
>>> r.winner in (0, 1) and r.turns > 0 and r.first in (0, 1)
True
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..bots import BOTS, Bot, make_bot
from ..bots.human import HumanBot
from ..bots.random_play import RANDOM_PLAY, RandomPlayBot
from ..core.actions import Challenge, Draw, Play
from ..core.errors import IllegalActionError, LabError, UnoError
from ..engine.game import Game, Phase
from .histogram import Histogram
from .sim import derive_seed, play_hand
from .stats import Z95, Moments, mean_diff, newcombe_diff, rate_summary, wilson  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    import rich.progress

_TURN_START = (Phase.PLAY, Phase.PENDING)
_IN_TURN = (Phase.PLAY, Phase.DRAWN, Phase.PENDING)

__all__ = ["RandomPlayBot", "RANDOM_PLAY", "make_player", "parse_players", "player_names", "skill_bot",
           "wilson", "newcombe_diff", "Moments", "HandOutcome", "play_deal", "rotations", "Tally", "MatchTally",
           "run_parallel", "Progress", "lab", "LabError", "DEFAULT_LAB_BOTS", "METRICS", "format_lab",
           "write_csv", "plot_lab", "check_decks", "several_decks"]

DEFAULT_LAB_BOTS = RANDOM_PLAY
LAB_VERSION = 2          # bump when a chunk's meaning changes: old cache entries are then ignored (2: turns_hist)
MAX_STEPS = 5000




# ---------------------------------------------------------------------------------------- players
def player_names() -> list[str]:
    """Every name :func:`make_player` accepts (``human:NAME`` wraps any of them in a HumanBot)."""
    return sorted(set(BOTS) | {RANDOM_PLAY})


def make_player(name: str, seed: int | None = None) -> Bot:
    """A bot by name: the registered bots (:data:`unokit.bots.BOTS`), ``random-play``, or
    ``human:NAME`` (NAME with the default human-error rates of :mod:`unokit.bots.human`)."""
    key = name.strip().lower()
    if key.startswith("human:"):
        return HumanBot(make_player(key[6:], seed), seed=None if seed is None else seed + 7919)
    if key == RANDOM_PLAY:
        return RandomPlayBot(seed)
    return make_bot(key, seed)


def _check_name(name: str) -> str:
    key = name.strip().lower()
    base = key[6:] if key.startswith("human:") else key
    if base not in BOTS and base != RANDOM_PLAY:
        raise LabError(f"unknown bot {name!r}; choose from {', '.join(player_names())} (or human:NAME)")
    return key


def parse_players(text, count: int | None = None) -> list[str]:
    """``'greedy,random-play'`` -> names (validated), repeated to ``count`` seats when given.

    >>> parse_players('greedy, Random-Play', 3)
    ['greedy', 'random-play', 'greedy']
    """
    names = [n for n in (text.split(",") if isinstance(text, str) else list(text)) if n.strip()]
    if not names:
        raise LabError("name at least one bot, e.g. 'random-play' or 'greedy,random'")
    names = [_check_name(n) for n in names]
    if count is None:
        return names
    return [names[i % len(names)] for i in range(count)]


def skill_bot() -> str:
    """The bot whose edge over random play the lab measures: ``strategist`` if registered, else ``greedy``."""
    return "strategist" if "strategist" in BOTS else "greedy"


# ---------------------------------------------------------------------------------------- one hand
@dataclass(frozen=True)
class HandOutcome:
    """What the lab keeps of one hand. ``first``: the seat that took the first turn;
    ``turns``: player turns (see the module docstring); ``actions``: plays and draws in turn."""

    winner: int | None
    first: int | None
    turns: int
    actions: int
    plays: int
    drawn: int
    score: int
    eliminated: int
    catches: int
    penalty_cards: int
    reactions: int
    truncated: bool


def starts_turn(game: Game, action) -> bool:
    """Does the seat in turn's ``action`` start a turn, as the lab counts turns (a play, a draw or a
    challenge from phase PLAY or PENDING; the play of a drawn card belongs to the draw's turn)?"""
    return game.phase in _TURN_START and type(action) in (Play, Draw, Challenge)


def play_deal(rules, seat_names, deal_seed: int, *, bot_salt: int = 0, max_steps: int = MAX_STEPS,
              game: Game | None = None, decks: int = 1, deck: str = "classic") -> HandOutcome:
    """Deal ``Game.new(seed=deal_seed, deck=deck, decks=decks)`` (or play ``game``) with ``seat_names[s]`` at
    seat ``s``.

    The deal depends on ``deal_seed`` only, so the same seed with the seats rotated replays the
    same cards; ``bot_salt`` varies the bots' own generators between such replays.

    The loop is :func:`unokit.lab.sim.play_hand` (reactions first, in a seeded shuffled order, then
    the seat in turn), observed to count turns, plays and the first mover.
    """
    n = len(seat_names)
    g = game if game is not None else Game.new(players=n, rules=rules, seed=deal_seed, deck=deck,
                                               decks=decks)
    bots = [make_player(name, derive_seed(deal_seed, bot_salt * 64 + s, "lab-bot")) for s, name in enumerate(seat_names)]
    rng = random.Random(derive_seed(deal_seed, bot_salt, "lab-harness"))
    start_events = len(g.events)
    first: int | None = None
    turns = plays = 0

    def observe(game: Game, a) -> None:
        nonlocal first, turns, plays
        if first is None:
            first = a.player
        if starts_turn(game, a):
            turns += 1
        if type(a) is Play and game.phase in _IN_TURN:
            plays += 1

    try:
        res = play_hand(g, bots, max_steps=max_steps, rng=rng, observe=observe, record=False)
    except IllegalActionError as e:
        raise LabError(str(e)) from None
    actions, reactions = res.turns, res.reactions
    drawn = catches = pen = 0
    for ev in g.events[start_events:]:
        k = ev.kind
        if k == "draw":
            drawn += ev.detail[0]
        elif k == "caught":
            catches += 1
        elif k == "penalty":
            pen += ev.detail[0] if ev.detail else 0
    w = g.winner if g.over else None
    score = sum(g.hand_points(q) for q in range(g.n) if q != w) if w is not None else 0
    return HandOutcome(winner=w, first=first, turns=turns, actions=actions, plays=plays, drawn=drawn, score=score,
                       eliminated=len(g.eliminated), catches=catches, penalty_cards=pen, reactions=reactions,
                       truncated=not g.over)


def rotations(lineup) -> list[tuple[str, ...]]:
    """The distinct seatings of ``lineup`` rotated through every seat, in rotation order.

    Seat ``s`` of rotation ``r`` holds ``lineup[(s - r) % n]``; a lineup that repeats (A,B,A,B)
    yields each distinct seating once.

    >>> rotations(['a', 'b'])
    [('a', 'b'), ('b', 'a')]
    >>> rotations(['a', 'b', 'a', 'b'])
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    >>> len(rotations(['s', 'r', 'r', 'r']))
    4
    """
    n = len(lineup)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        seating = tuple(lineup[(s - r) % n] for s in range(n))
        if seating not in out:
            out.append(seating)
    return out


# ---------------------------------------------------------------------------------------- tallies
_MEANS = ("turns", "actions", "plays", "drawn", "score", "eliminated", "catches", "penalty_cards", "reactions")


class Tally:
    """Hands summed up: mergeable (chunk by chunk) and JSON-able (the cache).

    ``labels``: who sat at each seat of a hand, for the per-bot win counts. A bot's *games* are
    the finished hands it sat in (once per hand even with several seats); its *wins* the hands
    one of its seats won. ``turns_hist``: the :class:`~unokit.lab.histogram.Histogram` of every hand's turns.
    """

    def __init__(self):
        self.hands = 0
        self.truncated = 0
        self.m = {k: Moments() for k in _MEANS}
        self.finished = 0
        self.first_wins = 0
        self.first_n = 0
        self.wins_by_seat: list[int] = []
        self.games: dict[str, int] = {}
        self.wins: dict[str, int] = {}
        self.deals: dict[str, int] = {}     # rotated deals: "sweep:LABEL", "split", "incomplete"
        self.turns_hist = Histogram()

    def add(self, o: HandOutcome, labels=None) -> None:
        self.hands += 1
        if o.truncated or o.winner is None:
            self.truncated += 1
        for k in ("turns", "actions", "plays", "drawn", "eliminated", "catches", "penalty_cards", "reactions"):
            self.m[k].add(getattr(o, k))
        self.turns_hist.add(o.turns)
        if o.winner is None:
            return
        self.finished += 1
        self.m["score"].add(o.score)
        if o.first is not None:
            self.first_n += 1
            self.first_wins += o.winner == o.first
        while len(self.wins_by_seat) <= o.winner:
            self.wins_by_seat.append(0)
        self.wins_by_seat[o.winner] += 1
        if labels is not None:
            for lab_ in set(labels):
                self.games[lab_] = self.games.get(lab_, 0) + 1
            w = labels[o.winner]
            self.wins[w] = self.wins.get(w, 0) + 1

    def add_deal(self, winners: list) -> None:
        """One rotated deal: the winning label of each rotation (``None``: unfinished)."""
        if any(w is None for w in winners):
            key = "incomplete"
        elif len(set(winners)) == 1:
            key = f"sweep:{winners[0]}"
        else:
            key = "split"
        self.deals[key] = self.deals.get(key, 0) + 1

    def merge(self, o: Tally) -> None:
        self.hands += o.hands
        self.truncated += o.truncated
        for k in _MEANS:
            self.m[k].merge(o.m[k])
        self.finished += o.finished
        self.first_wins += o.first_wins
        self.first_n += o.first_n
        while len(self.wins_by_seat) < len(o.wins_by_seat):
            self.wins_by_seat.append(0)
        for i, w in enumerate(o.wins_by_seat):
            self.wins_by_seat[i] += w
        for src, dst in ((o.games, self.games), (o.wins, self.wins), (o.deals, self.deals)):
            for k, v in src.items():
                dst[k] = dst.get(k, 0) + v
        self.turns_hist.merge(o.turns_hist)

    def to_dict(self) -> dict:
        return {"hands": self.hands, "truncated": self.truncated, "m": {k: v.to_dict() for k, v in self.m.items()},
                "finished": self.finished, "first_wins": self.first_wins, "first_n": self.first_n,
                "wins_by_seat": list(self.wins_by_seat), "games": dict(self.games), "wins": dict(self.wins),
                "deals": dict(self.deals), "turns_hist": self.turns_hist.to_list()}

    @classmethod
    def from_dict(cls, d: dict) -> Tally:
        t = cls()
        t.hands, t.truncated = d["hands"], d["truncated"]
        t.m = {k: Moments.from_dict(d["m"][k]) for k in _MEANS}
        t.finished, t.first_wins, t.first_n = d["finished"], d["first_wins"], d["first_n"]
        t.wins_by_seat = list(d["wins_by_seat"])
        t.games, t.wins, t.deals = dict(d["games"]), dict(d["wins"]), dict(d["deals"])
        t.turns_hist = Histogram.from_list(d["turns_hist"])
        return t

    def win_rate(self, label: str) -> dict:
        return rate_summary(self.wins.get(label, 0), self.games.get(label, 0))

    def table_summary(self, players: int, histogram: bool = False) -> dict:
        """The ``table`` measure's JSON: means with CIs, the first mover's win rate (Wilson); with ``histogram``,
        ``turns_histogram``: the hands' turns as ``[[turns, hands], ...]``."""
        fs = rate_summary(self.first_wins, self.first_n)
        fair = 1 / players
        return {
            "hands": self.hands, "finished": self.finished, "truncated": self.truncated,
            "turns": self.m["turns"].summary(), "actions": self.m["actions"].summary(),
            "plays": self.m["plays"].summary(),
            "cards_drawn": self.m["drawn"].summary(), "points": self.m["score"].summary(),
            "eliminated": self.m["eliminated"].summary(), "catches": self.m["catches"].summary(),
            "penalty_cards": self.m["penalty_cards"].summary(), "reactions": self.m["reactions"].summary(),
            "first_seat": fs, "fair_share": round(fair, 4), "first_seat_edge": round(fs["rate"] - fair, 4),
            "wins_by_seat": list(self.wins_by_seat),
        } | ({"turns_histogram": self.turns_hist.to_list()} if histogram else {})


class MatchTally:
    """Matches summed up: hands per match, eliminations, void hands, unfinished matches."""

    def __init__(self):
        self.matches = 0
        self.finished = 0
        self.void = 0
        self.hands = Moments()
        self.eliminated = Moments()
        self.turns = Moments()

    def add(self, m, turns: int) -> None:
        self.add_counts(over=bool(m.over), void=m.void_hands, hands=m.hands_played, eliminated=len(m.eliminated),
                        turns=turns)

    def add_counts(self, *, over: bool, void: int, hands: int, eliminated: int, turns: int) -> None:
        """One match, as its counts (the compiled core's whole matches)."""
        self.matches += 1
        self.finished += bool(over)
        self.void += void
        self.hands.add(hands)
        self.eliminated.add(eliminated)
        self.turns.add(turns)

    def merge(self, o: MatchTally) -> None:
        self.matches += o.matches
        self.finished += o.finished
        self.void += o.void
        self.hands.merge(o.hands)
        self.eliminated.merge(o.eliminated)
        self.turns.merge(o.turns)

    def to_dict(self) -> dict:
        return {"matches": self.matches, "finished": self.finished, "void": self.void,
                "hands": self.hands.to_dict(), "eliminated": self.eliminated.to_dict(),
                "turns": self.turns.to_dict()}

    @classmethod
    def from_dict(cls, d: dict) -> MatchTally:
        t = cls()
        t.matches, t.finished, t.void = d["matches"], d["finished"], d["void"]
        t.hands = Moments.from_dict(d["hands"])
        t.eliminated = Moments.from_dict(d["eliminated"])
        t.turns = Moments.from_dict(d["turns"])
        return t

    def summary(self) -> dict:
        return {"matches": self.matches, "finished": self.finished, "void_hands": self.void,
                "hands_per_match": self.hands.summary(), "eliminated_per_match": self.eliminated.summary(),
                "turns_per_match": self.turns.summary(1)}


# ---------------------------------------------------------------------------------------- chunks
def play_lab_match(rules: str, names, seed: int, *, max_hands: int = 500, max_steps: int = MAX_STEPS,
                   decks: int = 1, deck: str = "classic"):
    """A whole match (:class:`unokit.match.Match`, its mode from the rule code) with ``names[p]``
    playing match player ``p``; every hand through :func:`play_deal`. Returns ``(match, turns)``."""
    from ..match import Match, MatchConfig
    m = Match.new(MatchConfig(players=len(names), rules=rules, seed=seed, decks=decks, deck=deck))
    turns = 0
    while not m.over and len(m.history) < max_hands:
        g = m.next_hand()
        seats = [m.player_at(s) for s in range(g.n)]
        o = play_deal(rules, [names[p] for p in seats], derive_seed(seed, len(m.history), "lab-match-hand"),
                      game=g, max_steps=max_steps)
        turns += o.turns
        m.finish_hand(g, void=not g.over)
    return m, turns


def run_chunk(spec: dict) -> dict:
    """Play one chunk (a plain dict, so that it pickles and caches) and return its tally as a dict.

    ``kind``: ``hands`` (the lineup as seated), ``rotated`` (every deal once per distinct rotation
    of the lineup) or ``matches``. Hand ``i`` is dealt from ``derive_seed(seed, i, "lab-deal")``.
    """
    kind, rules, seed = spec["kind"], spec["rules"], spec["seed"]
    core = spec.get("core", "auto")
    if core != "referee" and kind in ("hands", "rotated"):
        from . import compiled_chunks as lab_chunks
        why = lab_chunks.problem(spec)
        if why is None:
            return dict(lab_chunks.play_chunk(spec, Tally(), MAX_STEPS), _engine="compiled")
        if core == "compiled":
            raise LabError(f"the compiled engine cannot play this: {why} (use --engine auto or referee)")
    lineup = list(spec["lineup"])
    labels = list(spec.get("labels") or lineup)
    max_steps = spec.get("max_steps", MAX_STEPS)
    decks = spec.get("decks", 1)
    deck = spec.get("deck", "classic")
    idx = range(spec["start"], spec["start"] + spec["count"])
    if kind == "matches" and core != "referee":
        from . import compiled_chunks as lab_chunks
        why = lab_chunks.match_problem(spec)
        if why is None:
            return dict(lab_chunks.play_match_chunk(spec, MatchTally(), MAX_STEPS), _engine="compiled")
        if core == "compiled":
            raise LabError(f"the compiled engine cannot play this: {why} (use --engine auto or referee)")
    if kind == "matches":
        mt = MatchTally()
        for j in idx:
            m, turns = play_lab_match(rules, lineup, derive_seed(seed, j, "lab-match"), max_steps=max_steps,
                                      decks=decks, deck=deck)
            mt.add(m, turns)
        return dict(mt.to_dict(), _engine="referee")
    t = Tally()
    if kind == "hands":
        for i in idx:
            t.add(play_deal(rules, lineup, derive_seed(seed, i, "lab-deal"), max_steps=max_steps, decks=decks,
                            deck=deck), labels)
    elif kind == "rotated":
        n = len(lineup)
        seatings = []
        for r in range(n):  # the distinct rotations, names and labels together
            s = tuple((lineup[(k - r) % n], labels[(k - r) % n]) for k in range(n))
            if s not in seatings:
                seatings.append(s)
        for i in idx:
            ds = derive_seed(seed, i, "lab-deal")
            winners = []
            for r, seating in enumerate(seatings):
                names = [x[0] for x in seating]
                labs = [x[1] for x in seating]
                o = play_deal(rules, names, ds, bot_salt=r + 1, max_steps=max_steps, decks=decks, deck=deck)
                t.add(o, labs)
                winners.append(labs[o.winner] if o.winner is not None else None)
            t.add_deal(winners)
    else:
        raise LabError(f"unknown chunk kind {kind!r}")
    return dict(t.to_dict(), _engine="referee")


def chunk_specs(kind: str, rules: str, lineup, *, count: int, seed: int, chunk: int, labels=None,
                max_steps: int = MAX_STEPS, tag: str = "", decks: int = 1, deck: str = "classic") -> list[dict]:
    """``count`` units (hands, deals or matches) cut into chunks of ``chunk`` (the last may be short).
    ``decks``: decks shuffled together; ``deck``: which deck (each kept in the spec only when not 1 /
    not ``classic``, so one-deck classic specs and their cache keys are as before).

    Chunk boundaries depend on ``chunk`` only: a run whose ``count`` is a multiple of ``chunk`` is a
    prefix of every larger run, which reuses its cached chunks.
    """
    out = []
    for start in range(0, count, chunk):
        spec = {"v": LAB_VERSION, "kind": kind, "rules": rules, "lineup": list(lineup), "seed": seed,
                "start": start, "count": min(chunk, count - start), "max_steps": max_steps}
        if labels is not None and list(labels) != list(lineup):
            spec["labels"] = list(labels)
        if tag:
            spec["tag"] = tag
        if decks != 1:
            spec["decks"] = decks
        if deck != "classic":
            spec["deck"] = deck
        out.append(spec)
    return out


def spec_units(spec: dict) -> int:
    """Hands a chunk plays (matches count as their expected ~8 hands, for the progress bar only)."""
    if spec["kind"] == "matches":
        return spec["count"] * 8
    if spec["kind"] == "rotated":
        return spec["count"] * len(rotations(spec["lineup"]))
    return spec["count"]


_FINGERPRINT: list = []


def engine_fingerprint() -> str:
    """A digest of unokit's own source files: cached lab chunks are reused only by the same code.

    >>> len(engine_fingerprint())
    16
    """
    if not _FINGERPRINT:
        h = hashlib.sha256()
        root = Path(__file__).resolve().parent.parent     # the whole package
        for f in sorted(root.rglob("*.py")):
            h.update(str(f.relative_to(root)).encode())
            h.update(f.read_bytes())
        _FINGERPRINT.append(h.hexdigest()[:16])
    return _FINGERPRINT[0]


def _spec_key(spec: dict) -> str:
    keyed = dict(spec, engine=engine_fingerprint())
    return hashlib.sha256(json.dumps(keyed, sort_keys=True).encode()).hexdigest()[:20]


def cache_path(cache: Path, spec: dict) -> Path:
    return Path(cache) / spec["kind"] / f"{_spec_key(spec)}.json"


# ---------------------------------------------------------------------------------------- progress
class Progress:
    """A rich progress bar on stderr (only when stderr is a terminal), or nothing."""

    def __init__(self, total: int, label: str = "playing", enabled: bool = True):
        self.total, self.label = total, label
        self.enabled = enabled and total > 0 and getattr(sys.stderr, "isatty", lambda: False)()
        self._p: rich.progress.Progress | None = None

    def __enter__(self):
        if self.enabled:
            try:
                from rich.console import Console
                from rich.progress import (
                    BarColumn,
                    MofNCompleteColumn,
                    TextColumn,
                    TimeElapsedColumn,
                    TimeRemainingColumn,
                )
                from rich.progress import Progress as _P
            except ImportError:
                self.enabled = False
                return self
            self._p = _P(TextColumn(f"[bold]{self.label}"), BarColumn(), MofNCompleteColumn(),
                         TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self._p.__enter__()
            self._task = self._p.add_task(self.label, total=self.total)
        return self

    def advance(self, k: int = 1) -> None:
        if self._p is not None:
            self._p.advance(self._task, k)

    def __exit__(self, *exc):
        if self._p is not None:
            return self._p.__exit__(*exc)
        return False


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def run_parallel(specs: list[dict], *, jobs: int | None = None, progress: bool = True, label: str = "playing",
                 cache: Path | None = None, resume: bool = False, backend: str = "local",
                 address: str | None = None, engine: str = "auto") -> tuple[list[dict], dict]:
    """Run every chunk (in worker processes when ``jobs > 1``; all cores by default).

    Returns the results in the order of ``specs`` (so merging is deterministic whatever the
    number of processes) and the work done: ``{"chunks", "run", "cached", "jobs", "backend"}``.
    With ``cache``, each result is written as it arrives; with ``resume`` too, chunks already
    cached are reused. ``backend="ray"`` plays the chunks as Ray tasks instead (:mod:`unokit.lab.scale`;
    ``address``: the Ray cluster to join), with the same results. ``engine``
    (:data:`unokit.fast.engine.ENGINES`): the chunks the compiled core covers are played in C
    (``auto``), must be (``compiled``) or never are (``referee``); the results are the same, so the
    cache does not depend on it; ``work["engines"]`` counts the chunks each engine played.
    """
    if backend not in ("local", "ray"):
        raise LabError(f"unknown backend {backend!r}; choose from local, ray")
    from ..fast.engine import ENGINES
    if engine not in ENGINES:
        raise LabError(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")
    run_specs = specs if engine == "auto" else [dict(sp, core=engine) for sp in specs]
    asked = jobs
    jobs = default_jobs() if not jobs else max(1, int(jobs))
    results: list[dict | None] = [None] * len(specs)
    todo = []
    for i, spec in enumerate(specs):
        if cache is not None and resume:
            p = cache_path(cache, spec)
            if p.is_file():
                try:
                    d = json.loads(p.read_text(encoding="utf-8"))
                    if d.get("spec") == spec:
                        results[i] = d["result"]
                        continue
                except (OSError, ValueError, KeyError):
                    pass  # a torn file: play the chunk again
        todo.append(i)

    def done(i: int, res: dict) -> None:
        results[i] = res
        if cache is not None:
            p = cache_path(cache, specs[i])
            p.parent.mkdir(parents=True, exist_ok=True)
            tmp = p.with_suffix(".tmp")
            tmp.write_text(json.dumps({"spec": specs[i], "result": res}), encoding="utf-8")
            tmp.replace(p)

    total = sum(spec_units(specs[i]) for i in todo)
    with Progress(total, label, progress) as bar:
        if backend == "ray" and todo:
            from .scale import run_chunks_ray
            jobs = run_chunks_ray([(i, run_specs[i]) for i in todo], done, lambda spec: bar.advance(spec_units(spec)),
                                  work=run_chunk, fingerprint=engine_fingerprint, address=address, jobs=asked)
        elif jobs == 1 or len(todo) <= 1:
            for i in todo:
                done(i, run_chunk(run_specs[i]))
                bar.advance(spec_units(specs[i]))
        else:
            import multiprocessing as mp
            from concurrent.futures import ProcessPoolExecutor, as_completed
            ctx: BaseContext
            try:
                ctx = mp.get_context("fork")
            except ValueError:  # pragma: no cover - platforms without fork
                ctx = mp.get_context()
            with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=ctx) as ex:
                futs = {ex.submit(run_chunk, run_specs[i]): i for i in todo}
                try:
                    for f in as_completed(futs):
                        i = futs[f]
                        done(i, f.result())
                        bar.advance(spec_units(specs[i]))
                except BaseException:
                    for f in futs:
                        f.cancel()
                    raise
    engines: dict[str, int] = {}
    played: list[dict] = []
    for r in results:
        assert r is not None  # every chunk was read from the cache or played (a failure raised)
        key = r.pop("_engine", "referee")
        engines[key] = engines.get(key, 0) + 1
        played.append(r)
    return played, {"chunks": len(specs), "run": len(todo), "cached": len(specs) - len(todo), "jobs": jobs,
                    "backend": backend, "engines": engines}


def merge_tallies(results) -> Tally:
    t = Tally()
    for r in results:
        t.merge(Tally.from_dict(r))
    return t


def merge_match_tallies(results) -> MatchTally:
    t = MatchTally()
    for r in results:
        t.merge(MatchTally.from_dict(r))
    return t


# ---------------------------------------------------------------------------------------- the lab
MEASURES = ("table", "skill", "match")
CHUNK = {"hands": 250, "rotated": 50, "matches": 10}
#: the chunks the compiled core plays are larger: it plays a chunk in milliseconds, so the per-chunk costs
#: (dispatch, cache file) would dominate at 250 hands
CHUNK_COMPILED = {"hands": 5000, "rotated": 1000, "matches": 200}


def chunk_engine(kind: str, rules: str, lineup, engine: str = "auto", decks: int = 1, deck: str = "classic") -> str:
    """``"compiled"`` when :func:`run_chunk` plays chunks of this kind, rules and lineup on the compiled core
    under ``engine``, else ``"referee"``."""
    if engine == "referee":
        return "referee"
    from . import compiled_chunks as lab_chunks
    spec = {"kind": kind, "rules": rules, "lineup": list(lineup), "decks": decks, "deck": deck}
    why = (lab_chunks.match_problem if kind == "matches" else lab_chunks.problem)(spec)
    return "referee" if why else "compiled"


def capped(count: int, engine: str, referee_hands: int | None, hands: int, kind: str) -> int:
    """The units a measure plays: ``count``, or on the referee at most ``referee_hands`` hands or games (matches:
    in the same proportion to ``hands``, at least 1).

    >>> capped(1000000, "referee", 2000, 1000000, "hands"), capped(40000, "referee", 2000, 1000000, "matches")
    (2000, 80)
    >>> capped(1000000, "compiled", 2000, 1000000, "hands")
    1000000
    """
    if engine != "referee" or referee_hands is None or count <= 0:
        return count
    if kind == "matches":
        return min(count, max(1, count * referee_hands // max(1, hands)))
    return min(count, referee_hands)

#: (key, measure, label, kind): every number the lab reports. ``kind`` "mean" (mean ± 1.96 SE) or
#: "rate" (Wilson). The key names the field of the measure's summary.
METRICS: tuple[tuple[str, str, str, str], ...] = (
    ("turns", "table", "hand length (player turns)", "mean"),
    ("actions", "table", "plays and draws in turn per hand", "mean"),
    ("plays", "table", "turns with a card played per hand", "mean"),
    ("cards_drawn", "table", "cards drawn per hand (all seats)", "mean"),
    ("first_seat", "table", "first mover's win rate", "rate"),
    ("points", "table", "points scored per hand", "mean"),
    ("eliminated", "table", "players eliminated per hand (MS)", "mean"),
    ("catches", "table", "missed UNOs caught per hand", "mean"),
    ("penalty_cards", "table", "penalty cards per hand", "mean"),
    ("win", "skill", "skilled bot's win rate vs random-play", "rate"),
    ("hands_per_match", "match", "hands per match", "mean"),
    ("eliminated_per_match", "match", "players eliminated per match", "mean"),
)


def metric_value(entry: dict, key: str) -> dict | None:
    """``{"value", "lo", "hi", "n", ...}`` of metric ``key`` in a lab entry, or ``None``."""
    for k, measure, _label, kind in METRICS:
        if k != key:
            continue
        m = entry.get(measure)
        if not m or k not in m:
            return None
        d = m[k]
        if kind == "rate":
            return {"value": d["rate"], "lo": d["lo"], "hi": d["hi"], "n": d["n"], "k": d["k"], "kind": kind}
        return {"value": d["mean"], "lo": d["lo"], "hi": d["hi"], "n": d["n"], "se": d["se"], "kind": kind}
    raise KeyError(key)


def canonical_rules(code: str) -> str:
    """The canonical code; match-level rules (TV, PR, MOV, SHUFFLESEATS, ELIMMOST) accepted."""
    from ..match import parse_match_rules
    return parse_match_rules(code).code


def lab(rule_sets, *, bots=DEFAULT_LAB_BOTS, players=(4,), decks: int = 1, deck: str = "classic", hands: int = 1000,
        skill_hands: int | None = None,
        skill_players: int | None = None, matches: int | None = None, measures=MEASURES, seed: int = 0,
        out: str | Path | None = None, cache: str | Path | None = None, resume: bool = False,
        jobs: int | None = None, progress: bool = True, plots: bool = True,
        max_steps: int = MAX_STEPS, skill: str | None = None, backend: str = "local",
        ray_address: str | None = None, engine: str = "auto", referee_hands: int | None = None,
        turns_histogram: bool = False) -> dict:
    """Compare ``rule_sets`` at every table size in ``players``; see the module docstring.

    ``hands``: hands of the ``table`` measure; ``skill_hands``: games of the ``skill`` measure
    (default ``hands``; each deal is played once per rotation, so deals = games / rotations);
    ``skill_players``: table size of the skill measure (default: each of ``players``);
    ``matches``: matches of the ``match`` measure (default ``hands // 20``, at least 1).
    ``decks``: decks shuffled together at every table (10 players a deck; played by the referee);
    ``deck``: the deck (:data:`unokit.core.decks.DECKS`; the compiled core plays the classic one only).
    ``skill``: the skilled bot (default :func:`skill_bot`). ``backend``: ``"local"`` (processes)
    or ``"ray"`` (Ray tasks, :mod:`unokit.lab.scale`; ``ray_address``: the cluster), same results.
    ``engine``: ``auto`` (the compiled core for the chunks it covers), ``compiled`` or ``referee``
    (:func:`run_parallel`); the same results. ``referee_hands``: the most hands (and skill games) a measure
    plays where the referee plays it (its matches in proportion: :func:`capped`); the entry's ``capped`` names
    those measures and their counts. ``turns_histogram``: each ``table`` summary holds the histogram of the
    hands' turns too (``[[turns, hands], ...]``; the rule advisor reads the chance of a very long hand from it).
    ``out``: write ``lab.json``, ``lab.csv`` and the plots there, and cache chunks in ``out/cache``
    (or ``cache``). ``resume``: reuse the cached chunks. Returns the JSON-ready result.
    """
    t0 = time.perf_counter()
    if isinstance(rule_sets, str):
        rule_sets = [rule_sets]
    codes = list(dict.fromkeys(canonical_rules(r) for r in rule_sets))
    if not codes:
        raise LabError("name at least one rule set, e.g. --rules 'UNO 1121' 'UNO 1121 DR'")
    players = _check_counts(players, hands, skill_hands, skill_players, matches, decks)
    engine_note = several_decks(engine, decks, deck)
    measures = [m for m in (measures.split(",") if isinstance(measures, str) else measures)]
    for m in measures:
        if m not in MEASURES:
            raise LabError(f"unknown measure {m!r}; choose from {', '.join(MEASURES)}")
    if hands < 0 or (skill_hands or 0) < 0 or (matches or 0) < 0:
        raise LabError("counts must not be negative")
    if referee_hands is not None and (not _whole(referee_hands) or referee_hands < 1):
        raise LabError(f"referee_hands must be a whole number >= 1, got {referee_hands!r}")
    skill_hands = hands if skill_hands is None else skill_hands
    matches = max(1, hands // 20) if matches is None else matches
    skill_name = _check_name(skill) if skill else skill_bot()
    out = Path(out) if out is not None else None
    cache = Path(cache) if cache is not None else (out / "cache" if out is not None else None)
    if resume and cache is None:
        raise LabError("--resume needs an output directory (--out) holding the cached chunks")

    entries, plan = [], []   # plan: (entry index, measure, first spec, number of specs)
    specs: list[dict] = []
    for rules in codes:
        for n in players:
            lineup = parse_players(bots, n)
            _check_table(rules, n, "match" in measures and matches > 0, decks, deck)
            e = {"rules": rules, "players": n, "bots": lineup}
            entries.append(e)
            cut: dict = {}

            def add_specs(measure, kind, units, lineup_, count_kind, per_chunk_unit=1, rules=rules, cut=cut):
                # units: hands, games or matches (capped where the referee plays them); a rotated chunk unit
                # (a deal) is per_chunk_unit games
                where = chunk_engine(kind, rules, lineup_, engine, decks, deck)
                count = capped(units, where, referee_hands, hands, count_kind)
                if count < units:
                    cut[measure] = count
                size = (CHUNK_COMPILED if where == "compiled" else CHUNK)[kind]
                s = chunk_specs(kind, rules, lineup_, count=max(1, count // per_chunk_unit), seed=seed, chunk=size,
                                max_steps=max_steps, decks=decks, deck=deck)
                plan.append((len(entries) - 1, measure, len(specs), len(s)))
                specs.extend(s)

            if "table" in measures and hands > 0:
                add_specs("table", "hands", hands, lineup, "hands")
            if "skill" in measures and skill_hands > 0:
                sp = skill_players or n
                _check_table(rules, sp, False, decks, deck)
                sl = [skill_name] + [RANDOM_PLAY] * (sp - 1)
                e["skill_lineup"] = sl
                add_specs("skill", "rotated", skill_hands, sl, "hands", per_chunk_unit=len(rotations(sl)))
            if "match" in measures and matches > 0:
                add_specs("match", "matches", matches, lineup, "matches")
            if cut:
                e["capped"] = cut
    results, work = run_parallel(specs, jobs=jobs, progress=progress, label="lab", cache=cache, resume=resume,
                                 backend=backend, address=ray_address, engine=engine)
    for ei, measure, first, count in plan:
        e = entries[ei]
        part = results[first:first + count]
        if measure == "table":
            e["table"] = merge_tallies(part).table_summary(e["players"], turns_histogram)
        elif measure == "skill":
            t = merge_tallies(part)
            sl = e["skill_lineup"]
            fair = 1 / len(sl)
            w = t.win_rate(skill_name)
            e["skill"] = {"bot": skill_name, "opponent": RANDOM_PLAY, "players": len(sl), "games": t.hands,
                          "deals": sum(t.deals.values()), "truncated": t.truncated, "win": w,
                          "fair_share": round(fair, 4), "edge": round(w["rate"] - fair, 4),
                          "sweeps": t.deals.get(f"sweep:{skill_name}", 0)}
        else:
            e["match"] = merge_match_tallies(part).summary()
    res = {"kind": "lab", "version": LAB_VERSION, "seed": seed, "rule_sets": codes, "players": players,
           "bots": bots if isinstance(bots, str) else ",".join(bots), "skill_bot": skill_name,
           "measures": measures, "hands": hands, "skill_hands": skill_hands, "matches": matches,
           "results": entries, "work": work, "seconds": round(time.perf_counter() - t0, 2)}
    if decks != 1:
        res["decks"] = decks
    if deck != "classic":
        res["deck"] = deck
    if engine_note:
        res["engine"] = engine_note
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "lab.json").write_text(json.dumps(res, indent=2), encoding="utf-8")
        write_csv(res, out / "lab.csv")
        res["files"] = [str(out / "lab.json"), str(out / "lab.csv")]
        if plots:
            res["files"] += [str(p) for p in plot_lab(res, out)]
    return res


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_counts(players, hands, skill_hands, skill_players, matches, decks: int = 1) -> list[int]:
    """Refuse (LabError) table sizes and counts of the wrong type or out of range, before any work."""
    most = check_decks(decks)
    sizes = [players] if _whole(players) else players
    if isinstance(sizes, (str, bytes)) or not hasattr(sizes, "__iter__"):
        raise LabError(f"players must be table sizes from 2 to {most}, e.g. [2, 4], got {players!r}")
    sizes = list(sizes)
    if not sizes:
        raise LabError("name at least one table size (players)")
    for n in sizes + ([] if skill_players is None else [skill_players]):
        if not _whole(n) or not 2 <= n <= most:
            shown = n if _whole(n) and abs(n) < 10**6 else (type(n).__name__ if not _whole(n) else "a huge number")
            raise LabError(f"a table seats 2 to {most} players{_with(decks)}, got {shown}")
    for name, v in (("hands", hands), ("skill_hands", skill_hands), ("matches", matches)):
        if v is not None and not _whole(v):
            raise LabError(f"{name} must be a whole number, got {type(v).__name__}")
    return sizes


def check_decks(decks) -> int:
    """Refuse (LabError) a number of decks that is not 1 to :data:`unokit.engine.position.MAX_DECKS`; return the
    most players they seat (10 a deck)."""
    from ..engine.position import MAX_DECKS, MAX_PLAYERS
    if not _whole(decks) or not 1 <= decks <= MAX_DECKS:
        shown = decks if _whole(decks) and abs(decks) < 10**6 else (type(decks).__name__ if not _whole(decks)
                                                                    else "a huge number")
        raise LabError(f"decks must be a whole number from 1 to {MAX_DECKS}, got {shown}")
    return MAX_PLAYERS * decks


def _with(decks: int, deck: str = "classic") -> str:
    """`` with 2 decks`` / `` with the 112 deck`` / ``''`` (one classic deck)."""
    if deck == "classic":
        return "" if decks == 1 else f" with {decks} decks"
    return f" with the {deck} deck" if decks == 1 else f" with {decks} {deck} decks"


def several_decks(engine: str, decks: int, deck: str = "classic") -> str | None:
    """What plays tables of several decks, or of a deck other than the classic one, and why (``referee
    (the compiled core plays one classic deck)``); ``None`` with one classic deck. ``engine="compiled"``
    is refused at once (:class:`EngineError`)."""
    if decks == 1 and deck == "classic":
        return None
    from ..fast.engine import choose, describe
    return describe(*choose(engine, "UNO 1121", [RANDOM_PLAY], 2, deck=deck, decks=decks))


def _check_table(rules: str, n: int, match: bool, decks: int = 1, deck: str = "classic") -> None:
    """Fail early, with the engine's reason, on a rule set that cannot be played at ``n`` seats."""
    from ..match import MatchConfig
    try:
        Game.new(players=n, rules=rules, seed=0, deck=deck, decks=decks)
        if match:
            MatchConfig(players=n, rules=rules, seed=0, deck=deck, decks=decks)
    except UnoError as e:
        raise LabError(f"{rules} with {n} players: {e}") from None


# the lab's output (the table, the CSV, the plots): unokit/lab/output.py, which reads METRICS from here
from .output import format_lab, plot_lab, write_csv  # noqa: E402
