"""What ``unokit solitaire`` runs: the full-screen game, the plain line-by-line game, and
``--solve``, which solves many deals in parallel and reports the winnable fraction.

>>> import io
>>> out = io.StringIO()
>>> play_plain(1, io.StringIO('d\\nundo\\nquit\\n'), out)
0
>>> 'stock: 67 card(s)' in out.getvalue() and out.getvalue().rstrip().endswith('bye')
True
"""

from __future__ import annotations

import json
import math
import sys
import time

from ..core.errors import IllegalActionError, NotationError, UsageError
from ..lab.stats import wilson
from .game import Solitaire, deal_seed, next_seed
from .solver import DEFAULT_MAX_NODES, hint, solve

__all__ = ["run", "play_plain", "solve_deals", "format_solve", "to_json", "plot_times", "deal_seed", "next_seed"]

FORMAT = "unokit-solitaire-solve/1"
STATUS_LETTER = {"won": "W", "lost": "L", "undecided": "U"}
CHUNK = 10

PLAIN_HELP = """moves: d            turn a stock card (or the waste over when the stock is empty)
       w>f  w>3     the waste's top card to a foundation / onto column 3
       3>f  3>5     column 3's top card to a foundation / its cards onto column 5
commands: hint, undo, new, help, quit"""


def _cli_error(msg: str) -> UsageError:
    return UsageError(msg)


def run(args) -> int:
    """``unokit solitaire`` (the arguments are parsed by :mod:`unokit.cli`)."""
    if args.solve:
        if args.plain:
            raise _cli_error("--plain plays a game; it cannot be combined with --solve")
        res = solve_deals(args.deals or 100, seed=0 if args.seed is None else args.seed,
                          max_nodes=args.max_nodes or DEFAULT_MAX_NODES, jobs=args.jobs or None,
                          progress=args.progress)
        if args.plot:
            plot_times(res, args.plot)
        print(to_json(res) if args.json else format_solve(res))
        return 0
    for flag, value in (("--deals", args.deals), ("--max-nodes", args.max_nodes), ("--jobs", args.jobs),
                        ("--json", args.json), ("--plot", args.plot)):
        if value:
            raise _cli_error(f"{flag} goes with --solve")
    seed = args.seed
    if seed is None:
        from ..core.chance import Chance
        seed = Chance().seed
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return play_plain(seed, sys.stdin, sys.stdout)
    from .tui import SolitaireApp
    SolitaireApp(seed).run()
    return 0


# ---------------------------------------------------------------------------------------- plain play
def play_plain(seed: int, inp, out) -> int:
    """The line-by-line game: one move or command per line of ``inp`` until ``quit`` or the end."""
    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    prompt = getattr(inp, "isatty", lambda: False)()
    game = Solitaire.deal(seed)
    say(f"UNO solitaire, deal {seed}. Type a move (d, w>f, w>3, 3>f, 3>5) or help, hint, undo, new, quit.")
    say(game.render())
    while True:
        if prompt:
            print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            return 0
        cmd = line.strip().lower()
        if not cmd:
            continue
        if cmd in ("q", "quit", "exit"):
            say("bye")
            return 0
        if cmd in ("help", "?"):
            say(PLAIN_HELP)
            continue
        if cmd in ("hint", "h"):
            say(hint(game, max_seconds=2.0).text)
            continue
        if cmd in ("undo", "u"):
            try:
                m = game.undo()
            except IllegalActionError as e:
                say(f"? {e}")
                continue
            say(f"took back {m}")
        elif cmd in ("new", "n"):
            seed = next_seed(seed)
            game = Solitaire.deal(seed)
            say(f"deal {seed}")
        else:
            try:
                text = game.describe(cmd) if game.why_illegal(_parse(cmd)) is None else ""
                game.apply(cmd)
            except (NotationError, IllegalActionError) as e:
                say(f"? {e}")
                continue
            say(text)
        say(game.render())
        if not game.legal_moves() and not game.won:
            say("no move is possible: type undo, new or quit")


def _parse(cmd: str):
    from .game import Move
    return Move.parse(cmd)


# ---------------------------------------------------------------------------------------- --solve
def _solve_chunk(task: tuple) -> list[tuple[str, int, float, float]]:
    master, start, stop, max_nodes = task
    out = []
    for i in range(start, stop):
        t = time.process_time()
        r = solve(deal_seed(master, i), max_nodes=max_nodes)
        out.append((r.status, r.nodes, r.seconds, time.process_time() - t))
    return out


def _quantile(xs: list[float], q: float) -> float:
    """Linear-interpolated quantile of sorted ``xs``."""
    if not xs:
        return 0.0
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def solve_deals(deals: int, seed: int = 0, max_nodes: int = DEFAULT_MAX_NODES, jobs: int | None = None,
                progress: bool = True) -> dict:
    """Solve deals ``0 .. deals-1`` from master ``seed`` (deal *i* is
    ``Solitaire.deal(deal_seed(seed, i))``) over ``jobs`` processes (every core by default).

    >>> r = solve_deals(3, seed=0, max_nodes=2000, jobs=1, progress=False)
    >>> r['won'] + r['lost'] + r['undecided'], len(r['per_deal']['status'])
    (3, 3)
    """
    from ..lab import Progress, default_jobs
    jobs = default_jobs() if not jobs else max(1, int(jobs))
    tasks = [(seed, a, min(a + CHUNK, deals), max_nodes) for a in range(0, deals, CHUNK)]
    results: list = [None] * len(tasks)
    t0 = time.perf_counter()
    with Progress(deals, "solving", progress) as bar:
        if jobs == 1 or len(tasks) == 1:
            for i, t in enumerate(tasks):
                results[i] = _solve_chunk(t)
                bar.advance(t[2] - t[1])
        else:
            import multiprocessing as mp
            from concurrent.futures import ProcessPoolExecutor, as_completed
            ctx: mp.context.BaseContext
            try:
                ctx = mp.get_context("fork")
            except ValueError:  # pragma: no cover - platforms without fork
                ctx = mp.get_context()
            with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=ctx) as ex:
                futs = {ex.submit(_solve_chunk, t): i for i, t in enumerate(tasks)}
                try:
                    for f in as_completed(futs):
                        i = futs[f]
                        results[i] = f.result()
                        bar.advance(tasks[i][2] - tasks[i][1])
                except BaseException:
                    for f in futs:
                        f.cancel()
                    raise
    wall = time.perf_counter() - t0
    rows = [r for chunk in results for r in chunk]
    return summarize(rows, deals=deals, seed=seed, max_nodes=max_nodes, jobs=jobs, wall=wall)


def summarize(rows, *, deals: int, seed: int, max_nodes: int, jobs: int, wall: float) -> dict:
    """The ``--solve`` summary of per-deal ``(status, nodes, seconds[, cpu seconds])`` rows."""
    count = {s: sum(1 for r in rows if r[0] == s) for s in ("won", "lost", "undecided")}
    decided = count["won"] + count["lost"]
    lo, hi = wilson(count["won"], decided)
    secs = sorted(r[2] for r in rows)
    nodes = sorted(r[1] for r in rows)
    return {
        "format": FORMAT,
        "deals": deals, "seed": seed, "max_nodes": max_nodes, "jobs": jobs,
        **count, "decided": decided,
        "winnable": {"value": count["won"] / decided if decided else None, "lo": lo, "hi": hi, "n": decided,
                     "interval": "95% Wilson score interval over the decided deals"},
        "seconds": {"mean": sum(secs) / len(secs) if secs else 0.0, "p50": _quantile(secs, 0.5),
                    "p90": _quantile(secs, 0.9), "p99": _quantile(secs, 0.99), "max": secs[-1] if secs else 0.0,
                    "total": sum(secs)},
        "nodes": {"p50": _quantile(nodes, 0.5), "p99": _quantile(nodes, 0.99), "max": nodes[-1] if nodes else 0},
        "wall_seconds": round(wall, 3),
        "cpu_seconds": round(sum(r[3] for r in rows if len(r) > 3), 3),
        "per_deal": {"status": "".join(STATUS_LETTER[r[0]] for r in rows),
                     "nodes": [r[1] for r in rows], "ms": [round(r[2] * 1000, 2) for r in rows]},
    }


def to_json(r: dict) -> str:
    """The summary as JSON: one field a line, the per-deal lists each on one line."""
    head = json.dumps({k: v for k, v in r.items() if k != "per_deal"}, indent=1)
    if "per_deal" not in r:
        return head
    per = ",\n  ".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in r["per_deal"].items())
    return head[:-2] + ',\n "per_deal": {\n  ' + per + "\n }\n}"


def _secs(x: float) -> str:
    if x < 1:
        return f"{x * 1000:.1f} ms"
    if x < 120:
        return f"{x:.2f} s"
    return f"{int(x // 60)} min {x % 60:.0f} s"


def format_solve(r: dict) -> str:
    """The ``--solve`` summary as text."""
    w = r["winnable"]
    lines = [f"UNO solitaire: {r['deals']:,} deals from seed {r['seed']}, at most {r['max_nodes']:,} "
             f"search nodes each",
             f"won {r['won']:,}, lost {r['lost']:,}, undecided {r['undecided']:,}"]
    if w["value"] is None:
        lines.append("winnable: no deal was decided (raise --max-nodes)")
    else:
        lines.append(f"winnable: {w['value']:.2%} of the {w['n']:,} decided deals "
                     f"(95% Wilson interval {w['lo']:.2%} to {w['hi']:.2%})")
    s = r["seconds"]
    lines.append(f"solve time per deal: median {_secs(s['p50'])}, 90% {_secs(s['p90'])}, 99% {_secs(s['p99'])}, "
                 f"max {_secs(s['max'])}; wall {_secs(r['wall_seconds'])} on {r['jobs']} process(es)"
                 + (f", CPU {_secs(r['cpu_seconds'])}" if r.get("cpu_seconds") else ""))
    return "\n".join(lines)


def plot_times(r: dict, path) -> None:
    """A histogram of the solve times (log-scale x), stacked by outcome, written to ``path``."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    per = r["per_deal"]
    secs = {k: [ms / 1000 for st, ms in zip(per["status"], per["ms"]) if st == letter]
            for k, letter in STATUS_LETTER.items()}
    allv = [max(v, 1e-4) for v in (x for xs in secs.values() for x in xs)]
    if not allv:
        allv = [1e-3]
    lo, hi = math.log10(min(allv)), math.log10(max(allv))
    bins = [10 ** (lo + (hi - lo + 1e-9) * i / 40) for i in range(41)]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    data = [[max(v, 1e-4) for v in secs[k]] for k in STATUS_LETTER]
    ax.hist(data, bins=bins, stacked=True, label=[f"{k} ({len(secs[k]):,})" for k in STATUS_LETTER],
            color=["tab:green", "tab:red", "tab:gray"])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("solve time per deal (seconds, log scale)")
    ax.set_ylabel("deals (log scale)")
    w = r["winnable"]
    title = f"UNO solitaire: {r['deals']:,} deals, at most {r['max_nodes']:,} nodes each"
    if w["value"] is not None:
        title += f"\nwinnable {w['value']:.2%} (95% CI {w['lo']:.2%} to {w['hi']:.2%}), {r['undecided']} undecided"
    ax.set_title(title, fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
