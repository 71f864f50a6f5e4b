"""The simulation harness: bots play hands against each other.

:func:`play_hand` runs one hand to the end (or to a step cap) and returns a
frozen :class:`HandResult`; :func:`simulate` plays many hands with seeds
derived from one master seed and summarises them.

Each step of :func:`play_hand`:

1. the seats that may act out of turn (``game.out_of_turn_seats()``), in an
   order shuffled by the harness's seeded generator, are offered their
   out-of-turn options (``Bot.react``); the first answer the referee still
   accepts is applied, and at most one reaction is applied per step;
2. the bot of the seat ``to_act`` acts (``Bot.act``).

Bots are given only ``game.view(seat)`` and the legal actions.

>>> from unokit.engine.game import Game
>>> from unokit.bots import make_bot
>>> g = Game.new(players=3, seed=4)
>>> r = play_hand(g, [make_bot('greedy', i) for i in range(3)], rng=random.Random(4))
>>> r.winner in range(3) and r.turns > 0 and not r.truncated
True
>>> s = simulate(5, players=3, bots='greedy,random', seed=1, progress=False)
>>> sum(s['wins_by_seat']) + s['truncated'] == 5
True
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..bots import make_bot, parse_bot_list
from ..core.chance import derive_seed
from ..core.errors import ReplayMismatchError, UnoError
from ..engine.flow import counts_as_turn, react_step, turn_step
from ..engine.game import Game

__all__ = ["HandResult", "play_hand", "simulate", "derive_seed", "format_summary", "HandStats"]

DEFAULT_BOTS = "greedy,random"


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand played by :func:`play_hand`.

    ``winner``: the seat that went out (``None`` when truncated); ``turns``:
    plays and draws by the player in turn; ``steps``: harness steps;
    ``actions``: actions applied (reactions included); ``reactions``: out-of-turn
    actions applied; ``drawn``: cards drawn per seat (penalties included);
    ``points``: points left in each hand; ``score``: what the winner scores
    (the others' points); ``truncated``: stopped at ``max_steps``;
    ``record``: ``game.record()`` (``None`` when played with ``record=False``).
    """

    winner: int | None
    turns: int
    steps: int
    actions: int
    reactions: int
    drawn: tuple[int, ...]
    points: tuple[int, ...]
    score: int
    truncated: bool
    seed: int | None = None
    record: dict | None = field(default_factory=dict, repr=False, compare=False)


def play_hand(game: Game, bots, *, max_steps: int = 5000, rng: random.Random | None = None,
              check: bool = False, observe=None, after_step=None, record: bool = True) -> HandResult:
    """Let ``bots`` (one per seat) play ``game`` to the end or for at most ``max_steps`` steps.

    One step: every seat may react out of turn (at most ``2n`` reactions), then the seat in turn
    acts: the decision flow of :mod:`unokit.engine.flow` (:func:`~unokit.engine.flow.react_step`,
    :func:`~unokit.engine.flow.turn_step`). With ``check``, ``game.check_invariants()`` runs after every action.
    Hooks for consumers that need more than :class:`HandResult` (the lab, partner play):
    ``observe(game, action)`` is called just before the seat in turn's action is applied, and
    ``after_step(game)`` after the reactions of a step and after its turn action.
    ``record=False`` leaves the record out of the result (cheaper for bulk simulation).
    """
    if len(bots) != game.n:
        raise UnoError(f"need one bot per seat: {game.n} seats, {len(bots)} bots")
    rng = rng if rng is not None else random.Random(0)
    start_actions = len(game.actions)
    start_events = len(game.events)
    turns = steps = reactions = 0
    while not game.over and steps < max_steps:
        steps += 1
        for _ in range(2 * game.n):  # everyone may react (slaps, catches...) before the seat in turn acts
            if react_step(game, bots, rng) is None:
                break
            reactions += 1
            if check:
                game.check_invariants()
            if game.over:
                break
        if after_step is not None:
            after_step(game)
        if game.over:  # a reaction (a cut going out, a free discard...) may end the hand
            break
        action = turn_step(game, bots[game.to_act])      # the seat in turn decides (engine.flow)
        if counts_as_turn(game, action):
            turns += 1
        if observe is not None:
            observe(game, action)
        game.apply(action)
        if check:
            game.check_invariants()
        if after_step is not None:
            after_step(game)
    drawn = [0] * game.n
    # Any: each event kind is a namedtuple built at import (unokit.core.events); their base Event names no field
    events: list[Any] = game.events[start_events:]
    for e in events:
        if e.kind == "draw" and e.player is not None:
            drawn[e.player] += e.detail[0]
    points = game.points()
    winner = game.winner
    score = sum(v for s, v in points.items() if s != winner) if winner is not None else 0
    return HandResult(
        winner=winner, turns=turns, steps=steps, actions=len(game.actions) - start_actions,
        reactions=reactions, drawn=tuple(drawn), points=tuple(points[s] for s in range(game.n)), score=score,
        truncated=not game.over, seed=getattr(game.chance, "seed", None), record=game.record() if record else None,
    )


def check_replay(record: dict) -> None:
    """Replay ``record`` with checks; raise :class:`ReplayMismatchError` on any difference."""
    from ..engine.playback import replay
    try:
        replay(record, check=True)
    except ReplayMismatchError:
        raise
    except (UnoError, AssertionError, KeyError, ValueError) as e:
        raise ReplayMismatchError(f"replay failed: {type(e).__name__}: {e}") from e


class HandStats:
    """Accumulates :class:`HandResult` values into the summary :func:`simulate` returns.

    Kept separate from the loop so that matches (``unokit.match``) can feed it
    their hands as well.
    """

    def __init__(self, players: int, seat_bots: list[str]):
        self.players = players
        self.seat_bots = seat_bots
        self.hands = 0
        self.turns: list[int] = []
        self.steps: list[int] = []
        self.wins = [0] * players
        self.points_won = [0] * players
        self.points_held = [0] * players
        self.drawn = [0] * players
        self.truncated = 0
        self.reactions = 0

    def add(self, r: HandResult) -> None:
        self.hands += 1
        self.turns.append(r.turns)
        self.steps.append(r.steps)
        self.reactions += r.reactions
        if r.truncated:
            self.truncated += 1
        if r.winner is not None:
            self.wins[r.winner] += 1
            self.points_won[r.winner] += r.score
        for s in range(self.players):
            self.drawn[s] += r.drawn[s]
            self.points_held[s] += r.points[s]

    def summary(self) -> dict:
        n = max(self.hands, 1)
        by_bot: dict[str, dict] = {}
        for s, name in enumerate(self.seat_bots):
            b = by_bot.setdefault(name, {"seats": [], "wins": 0, "points_won": 0})
            b["seats"].append(s)
            b["wins"] += self.wins[s]
            b["points_won"] += self.points_won[s]
        for b in by_bot.values():
            b["win_rate"] = round(b["wins"] / (n * len(b["seats"])), 4) if self.hands else 0.0
        return {
            "hands": self.hands,
            "players": self.players,
            "bots": list(self.seat_bots),
            "turns": {
                "mean": round(statistics.fmean(self.turns), 2) if self.turns else 0.0,
                "median": statistics.median(self.turns) if self.turns else 0,
                "min": min(self.turns, default=0),
                "max": max(self.turns, default=0),
            },
            "steps_mean": round(statistics.fmean(self.steps), 2) if self.steps else 0.0,
            "reactions": self.reactions,
            "wins_by_seat": list(self.wins),
            "wins_by_bot": by_bot,
            "points_won_by_seat": list(self.points_won),
            "mean_score": round(sum(self.points_won) / max(self.hands - self.truncated, 1), 2),
            "points_held_mean_by_seat": [round(p / n, 2) for p in self.points_held],
            "cards_drawn_mean_by_seat": [round(d / n, 2) for d in self.drawn],
            "truncated": self.truncated,
        }


def _progress(total: int, enabled: bool):
    """A rich progress bar on stderr, or a no-op stand-in."""

    class _Null:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def advance(self, k: int = 1):
            pass

    if not enabled or not getattr(sys.stderr, "isatty", lambda: False)():
        return _Null()  # a bar only on a terminal: logs and captured output stay clean
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:  # rich is a dependency; without it the run is simply silent
        return _Null()

    class _Rich:
        def __enter__(self):
            self.p = Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                              TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.p.__enter__()
            self.task = self.p.add_task("hands", total=total)
            return self

        def __exit__(self, *exc):
            return self.p.__exit__(*exc)

        def advance(self, k: int = 1):
            self.p.advance(self.task, k)

    return _Rich()


def simulate(n: int, players: int = 4, rules: str = "UNO 1121", bots=DEFAULT_BOTS, seed: int | None = 0,
             check: bool = False, progress: bool = True, *, max_steps: int = 5000, enforcement: str = "strict",
             deck: str = "classic", decks: int = 1, record_dir: str | Path | None = None,
             on_hand=None, engine: str = "auto", chance: str | None = None) -> dict:
    """Play ``n`` hands and summarise them (a JSON-ready dict).

    ``bots``: bot names for the seats, ``'greedy,random'`` or a list, repeated
    to fill the table. Hand ``i`` uses ``derive_seed(seed, i)`` for the deal,
    the bots and the harness, so a summary is reproducible from ``seed``.
    ``check``: invariants after every action and a checked replay of every
    record (raises :class:`ReplayMismatchError` / ``AssertionError``).
    ``record_dir``: write each hand record as ``hand-00000.json`` there.
    ``on_hand(i, result)``: called after each hand.

    ``engine`` (:data:`unokit.fast.engine.ENGINES`): ``auto`` plays on the compiled core
    (:mod:`unokit.fast.compiled`) when it covers the rules and bots and no record, check or
    ``on_hand`` is asked for, else on the referee; the summary's ``engine`` says which and why.
    ``chance`` (compiled core only): ``"fast"`` (the default there) deals with its own cheaper
    generator; ``"referee"`` deals exactly the referee's hands, so the summary equals the referee's.
    """
    _check_args(n, players, decks, max_steps, seed, deck, enforcement)
    from ..rules import RuleSet
    rs = RuleSet.parse(rules)
    seat_bots = parse_bot_list(bots, players)
    # fail on a bad table (players, deck, enforcement) before any output
    Game.new(players=players, rules=rs, seed=0, enforcement=enforcement, deck=deck, decks=decks)
    if record_dir is not None:
        record_dir = Path(record_dir)
        record_dir.mkdir(parents=True, exist_ok=True)
    from ..fast.engine import choose, describe
    needs = ("records" if record_dir is not None else "checks" if check else "a per-hand callback" if on_hand
             else None)
    used, why = choose(engine, rs, seat_bots, players, deck=deck, decks=decks, enforcement=enforcement,
                       referee_only=needs and f"{needs} are made by the referee")
    if used == "compiled":
        chance = chance or "fast"
        t0 = time.perf_counter()
        summary = _simulate_compiled(n, players, rs, seat_bots, seed, progress, max_steps, chance)
        elapsed = time.perf_counter() - t0
        out: dict[str, Any] = {"unit": "hand", "rules": rs.code, "seed": seed, "enforcement": enforcement,
                               "deck": deck, "decks": decks, "checked": False}
        out.update(summary)
        out["engine"] = describe(used, why, chance)
        out["seconds"] = round(elapsed, 3)
        out["hands_per_second"] = round(n / elapsed, 1) if elapsed > 0 else None
        return out
    if chance not in (None, "referee"):
        raise UnoError(f"chance={chance!r} is the compiled core's; the referee deals its own hands")
    stats = HandStats(players, seat_bots)
    t0 = time.perf_counter()
    with _progress(n, progress and n > 0) as bar:
        for i in range(n):
            hs = derive_seed(seed, i)
            game = Game.new(players=players, rules=rs, seed=hs, enforcement=enforcement, deck=deck, decks=decks)
            seat = [make_bot(name, derive_seed(hs, s, "bot")) for s, name in enumerate(seat_bots)]
            result = play_hand(game, seat, max_steps=max_steps, rng=random.Random(derive_seed(hs, 0, "harness")),
                               check=check)
            if check:
                check_replay(cast(dict, result.record))   # (play_hand records unless told not to)
            if record_dir is not None:
                from ..engine.record import dumps
                (record_dir / f"hand-{i:05d}.json").write_text(dumps(cast(dict, result.record)), encoding="utf-8")
            stats.add(result)
            if on_hand is not None:
                on_hand(i, result)
            bar.advance()
    elapsed = time.perf_counter() - t0
    out = {"unit": "hand", "rules": rs.code, "seed": seed, "enforcement": enforcement, "deck": deck,
           "decks": decks, "checked": bool(check)}
    out.update(stats.summary())
    out["engine"] = describe(used, why)
    out["seconds"] = round(elapsed, 3)
    out["hands_per_second"] = round(n / elapsed, 1) if elapsed > 0 else None
    return out


COMPILED_CHUNK = 50_000


def _simulate_compiled(n: int, players: int, rs, seat_bots: list[str], seed, progress: bool, max_steps: int,
                       chance: str) -> dict:
    """:meth:`HandStats.summary` of ``n`` hands played by the compiled core, computed on its arrays."""
    import numpy as np

    from ..fast import compiled
    parts = []
    with _progress(n, progress and n > 0) as bar:
        for start in range(0, n, COMPILED_CHUNK):
            k = min(COMPILED_CHUNK, n - start)
            parts.append(compiled.play(k, players, rs.code, seat_bots, seed, start=start, max_steps=max_steps,
                                       chance=chance).records)
            bar.advance(k)
    rec = np.concatenate(parts) if parts else np.zeros((0, len(compiled.FIELDS) + 3 * players), np.int32)
    col = {f: rec[:, i].astype(np.int64) for i, f in enumerate(compiled.FIELDS)}
    base = len(compiled.FIELDS)
    drawn = rec[:, base:base + players].astype(np.int64)
    held = rec[:, base + players:base + 2 * players].astype(np.int64)
    winner, score, turns, steps = col["winner"], col["score"], col["actions"], col["steps"]
    hands = len(rec)
    truncated = int(col["truncated"].sum())
    wins = [int((winner == s).sum()) for s in range(players)]
    won = [int(score[winner == s].sum()) for s in range(players)]
    by_bot: dict[str, dict] = {}
    for s, name in enumerate(seat_bots):
        b = by_bot.setdefault(name, {"seats": [], "wins": 0, "points_won": 0})
        b["seats"].append(s)
        b["wins"] += wins[s]
        b["points_won"] += won[s]
    d = max(hands, 1)
    for b in by_bot.values():
        b["win_rate"] = round(b["wins"] / (d * len(b["seats"])), 4) if hands else 0.0

    def median(v):  # statistics.median: the middle value, or the mean of the middle two
        if not len(v):
            return 0
        m = len(v) // 2
        part = np.partition(v, [m - 1, m] if len(v) % 2 == 0 else [m])
        return int(part[m]) if len(v) % 2 else (int(part[m - 1]) + int(part[m])) / 2
    return {
        "hands": hands, "players": players, "bots": list(seat_bots),
        "turns": {"mean": round(int(turns.sum()) / hands, 2) if hands else 0.0, "median": median(turns),
                  "min": int(turns.min()) if hands else 0, "max": int(turns.max()) if hands else 0},
        "steps_mean": round(int(steps.sum()) / hands, 2) if hands else 0.0,
        "reactions": int(col["reactions"].sum()),
        "wins_by_seat": wins, "wins_by_bot": by_bot, "points_won_by_seat": won,
        "mean_score": round(sum(won) / max(hands - truncated, 1), 2),
        "points_held_mean_by_seat": [round(int(held[:, s].sum()) / d, 2) for s in range(players)],
        "cards_drawn_mean_by_seat": [round(int(drawn[:, s].sum()) / d, 2) for s in range(players)],
        "truncated": truncated,
    }


def _check_args(n, players, decks, max_steps, seed, deck, enforcement) -> None:
    """Refuse (UnoError) arguments of the wrong type or out of range before anything is played."""
    from ..engine.position import check_table

    def whole(x) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)
    if not whole(n) or n < 0:
        raise UnoError(f"the number of hands must be a whole number >= 0, got {n!r}")
    check_table(players, deck=deck, decks=decks, enforcement=enforcement)  # PositionError: 2..10 players a deck
    if not whole(max_steps) or max_steps < 1:
        raise UnoError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
    if seed is not None and not whole(seed):
        raise UnoError(f"seed must be a whole number or None, got {type(seed).__name__}")


def format_summary(s: dict) -> str:
    """A readable multi-line text for a :func:`simulate` summary."""
    t = s["turns"]
    lines = [
        f"{s['hands']} hands, {s['players']} players, rules {s['rules']}, seed {s['seed']}"
        + (f", {_decks_text(s)}" if s.get("decks", 1) != 1 or s.get("deck", "classic") != "classic" else "")
        + (" (checked: invariants + replays)" if s.get("checked") else ""),
        f"bots by seat: {', '.join(f'{i}={b}' for i, b in enumerate(s['bots']))}",
        f"hand length in turns: mean {t['mean']}, median {t['median']}, min {t['min']}, max {t['max']}",
        "wins by seat: " + ", ".join(f"{i}: {w}" for i, w in enumerate(s["wins_by_seat"])),
        "wins by bot: " + ", ".join(f"{name}: {b['wins']} ({b['win_rate'] * 100:.1f}% per seat)"
                                    for name, b in s["wins_by_bot"].items()),
        "points won by seat: " + ", ".join(f"{i}: {p}" for i, p in enumerate(s["points_won_by_seat"]))
        + f" (mean score per hand {s['mean_score']})",
        "cards drawn per hand by seat: " + ", ".join(f"{i}: {d}" for i, d in
                                                     enumerate(s["cards_drawn_mean_by_seat"])),
        f"out-of-turn reactions: {s['reactions']}",
        f"truncated hands: {s['truncated']}",
    ]
    if s.get("engine"):
        lines.append(f"engine: {s['engine']}")
    if s.get("seconds") is not None:
        lines.append(f"time: {s['seconds']} s ({s['hands_per_second']} hands/s)")
    return "\n".join(lines)


def _decks_text(s: dict) -> str:
    """``2 classic decks`` / ``the boost deck``: the cards a summary's hands were dealt from."""
    k, name = s.get("decks", 1), s.get("deck", "classic")
    return f"the {name} deck" if k == 1 else f"{k} {name} decks"


