#!/usr/bin/env python3
"""The driver of ``unokit bench``: every engine in ONE process, interleaved, on CPU time.

``unokit bench`` runs this script with the Python of the RLCard virtualenv when RLCard is
compared (``--rlcard``), with its own Python otherwise.  The repository root goes on
``sys.path`` so that unokit imports from its source tree (the engine needs only the standard
library).  Engines (see ``rlcard_peer.py`` and ``unokit_peer.py`` beside this file):

    rlcard        RLCard 1.2.0's raw UnoGame loop (game.step / get_legal_actions), seeded once
    rlcard-rules  RLCard's bare rules (its round, no state dicts), seeded once
    unokit        unokit's referee, unokit.Game (Game.new's default: moves on the fast core until asked more)
    unokit-full   the referee with core="referee": every move through the full referee
    unokit-fast   unokit's fast core, unokit.fast.FastGame

Measurement: after ``--warmup`` untimed games per engine and player count, ``--rounds``
rounds; in round r, for each player count, every engine plays a block of ``--games`` games,
the engines in an order rotated by one place each round.  Each block is timed with
``time.process_time()`` (CPU time of this process; other jobs on the machine do not count)
and ``time.perf_counter()`` (wall time, for information), after an untimed ``gc.collect()``.
The two unokit cores get the same game seeds in a block, and their per-game results
(actions, winner) are digested to check that they played the same games.

Prints one JSON object on stdout: the raw per-block samples and the versions; the statistics
(medians, spreads, ratios) are computed by ``unokit.lab.bench``.  Progress goes to stderr.
"""
from __future__ import annotations

import argparse
import gc
import hashlib
import json
import platform
import random
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MAX_ACTIONS = 100_000


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--games", type=int, default=200, help="games per engine in each block")
    p.add_argument("--rounds", type=int, default=11)
    p.add_argument("--warmup", type=int, default=20, help="untimed games per engine and player count")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rlcard", action="store_true", help="also time RLCard (needs rlcard importable)")
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def _log(quiet: bool, msg: str) -> None:
    if not quiet:
        print(f"unokit bench: {msg}", file=sys.stderr, flush=True)


def _digest(items) -> str:
    return hashlib.sha1(repr(items).encode()).hexdigest()[:16]


def _agent_rng(seed: int, players: int, rnd: int, engine_pair: str) -> random.Random:
    # Each pair (the two unokit cores; RLCard's loop and its bare rules) shares one stream per
    # block, so each pair plays the same games.
    return random.Random(f"agent/{seed}/{players}/{rnd}/{engine_pair}")


def main(argv=None) -> int:
    args = parse_args(argv)
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import unokit_peer

    import unokit

    engines = ((["rlcard", "rlcard-rules"] if args.rlcard else []) + ["unokit", "unokit-full", "unokit-fast"]
               + ["unokit-compiled", "unokit-sim"])
    loops: dict = {}
    meta: dict = {"unokit_version": getattr(unokit, "__version__", None)}
    if args.rlcard:
        import rlcard_peer
        meta.update({f"{k}_version": v for k, v in rlcard_peer.versions().items()})
    for n in args.players:
        if args.rlcard:
            loops["rlcard", n] = rlcard_peer.make_game_loop(n, args.seed, MAX_ACTIONS)
            loops["rlcard-rules", n] = rlcard_peer.make_rules_loop(n, args.seed, MAX_ACTIONS)
        loops["unokit", n] = unokit_peer.make_referee_loop(n, unokit_peer.RULES, MAX_ACTIONS)
        loops["unokit-full", n] = unokit_peer.make_referee_loop(n, unokit_peer.RULES, MAX_ACTIONS, core="referee")
        loops["unokit-fast", n] = unokit_peer.make_fast_loop(n, MAX_ACTIONS)
        loops["unokit-compiled", n] = unokit_peer.make_compiled_loop(n, MAX_ACTIONS)
        loops["unokit-sim", n] = unokit_peer.make_sim_loop(n, MAX_ACTIONS)

    def pair(engine: str) -> str:
        return "unokit" if engine.startswith("unokit") else "rlcard"

    # warm-up: untimed, seeds of their own
    for n in args.players:
        wseeds = range(10**9 + args.seed * 7919, 10**9 + args.seed * 7919 + args.warmup)
        for e in engines:
            loops[e, n](wseeds, _agent_rng(args.seed, n, -1, pair(e)))
    _log(args.quiet, f"warm-up done ({args.warmup} games per engine and player count); "
                     f"{args.rounds} rounds of {args.games} games per engine, engines {', '.join(engines)}")

    clock, wall = time.process_time, time.perf_counter
    samples = []
    k = len(engines)
    for r in range(args.rounds):
        order = engines[r % k:] + engines[:r % k]
        for n in args.players:
            start = args.seed * 1_000_003 + (r * len(args.players) + args.players.index(n)) * args.games
            seeds = range(start, start + args.games)
            for pos, e in enumerate(order):
                rng = _agent_rng(args.seed, n, r, pair(e))
                block = loops[e, n]
                gc.collect()
                w0 = wall()
                c0 = clock()
                out = block(seeds, rng)
                c1 = clock()
                w1 = wall()
                samples.append({
                    "round": r, "players": n, "engine": e, "position": pos,
                    "games": out["games"], "actions": out["actions"], "started": len(seeds),
                    "errors": out["errors"], "truncated": out["truncated"],
                    "cpu_s": c1 - c0, "wall_s": w1 - w0, "digest": _digest(out["digest"]),
                })
        done = [s for s in samples if s["round"] == r]
        _log(args.quiet, f"round {r + 1}/{args.rounds}: " + ", ".join(
            f"{s['engine']} {s['players']}p {1e6 * s['cpu_s'] / max(s['games'], 1):.0f} us/game" for s in done))

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":
        rss /= 1024.0
    result = {
        "engines": engines, "players": args.players, "games_per_block": args.games,
        "rounds": args.rounds, "warmup_games": args.warmup, "seed": args.seed,
        "max_actions": MAX_ACTIONS,
        "python": platform.python_version(), "implementation": platform.python_implementation(),
        "executable": sys.executable, "platform": platform.platform(),
        "gc_enabled": gc.isenabled(), "peak_rss_mib": round(rss / 1024.0, 1),
        **meta, "samples": samples,
    }
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
