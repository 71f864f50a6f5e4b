#!/usr/bin/env python3
"""Benchmark peer: unokit's engine, random vs random, official rules.

Run with the project's interpreter and the repository root on PYTHONPATH
(``unokit bench`` does both).  Plays complete games of ``UNO 1121`` with
strict enforcement (the engine default), every seat choosing uniformly among
``Game.legal_actions(seat)`` with a seeded ``random.Random``:

    g = Game.new(players=N, rules="UNO 1121", seed=game_seed)
    while not g.over:
        acts = g.legal_actions(g.to_act)
        g.apply(rng.choice(acts))

``--core fast`` times the fast core for the official rules instead
(``unokit.fast.FastGame``, integer action ids) with the same loop, policy,
seeds and accounting:

    g = FastGame(players=N, seed=game_seed)
    while not g.over:
        ids = g.legal_ids()
        g.apply(rng.choice(ids))

(In both loops the random agent prefers a non-draw, non-pass action when it
has one, as RLCard's agent does on RLCard's action set; see ``play`` below.)
Given the same seeds both cores play the very same games (the fast core deals
what the referee deals and lists the legal actions in the referee's order), so
their ``actions`` totals are equal.

One "action" is one ``apply()`` call.  Prints exactly one JSON line on stdout;
diagnostics go to stderr.  Mirrors ``bench/rlcard_peer.py`` so the two are
directly comparable (same warm-up, seeds, timing and memory accounting).
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import resource
import sys
import time


def _maxrss_mib() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS reports bytes.
    if sys.platform == "darwin":
        rss /= 1024.0
    return rss / 1024.0


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=2000,
                   help="games to time (ignored when --seconds > 0)")
    p.add_argument("--seconds", type=float, default=0.0,
                   help="time budget instead of a game count")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--warmup", type=int, default=50,
                   help="untimed warm-up games")
    p.add_argument("--max-actions", type=int, default=100_000,
                   help="safety cap on actions per game (game counted as truncated)")
    p.add_argument("--rules", default="UNO 1121")
    p.add_argument("--core", choices=("referee", "fast"), default="referee",
                   help="referee: unokit.Game; fast: unokit.fast.FastGame (UNO 1121 only)")
    return p.parse_args(argv)


_DRAW_PASS = ("draw", "pass")


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.players < 2:
        print("unokit_peer: --players must be >= 2", file=sys.stderr)
        return 2

    if args.core == "fast" and args.rules.strip().upper() != "UNO 1121":
        print("unokit_peer: --core fast plays only the official rules, UNO 1121", file=sys.stderr)
        return 2

    rss_start = _maxrss_mib()
    import unokit
    from unokit import Game
    from unokit.fast import DRAW_OR_PASS, FastGame

    n = args.players
    rules = args.rules
    max_actions = args.max_actions
    new_game = Game.new

    def play(rng: random.Random, game_seed: int) -> tuple[int, str]:
        """Play one game; return (actions, outcome)."""
        choice = rng.choice
        g = new_game(players=n, rules=rules, seed=game_seed)
        legal = g.legal_actions
        apply = g.apply
        actions = 0
        while not g.over:
            if actions >= max_actions:
                return actions, "truncated"
            acts = legal(g.to_act)
            # the same random policy RLCard's random agent follows on its action set: a uniformly
            # random card (or other non-draw option) when there is one, otherwise draw / pass
            plays = [a for a in acts if a.kind not in _DRAW_PASS]
            apply(choice(plays) if plays else choice(acts))
            actions += 1
        return actions, "ok"

    def play_fast(rng: random.Random, game_seed: int) -> tuple[int, str]:
        """The same loop on the fast core: integer ids instead of action objects."""
        choice = rng.choice
        draw_or_pass = DRAW_OR_PASS
        g = FastGame(n, game_seed)
        legal = g.legal_ids
        apply = g.apply
        actions = 0
        while not g.over:
            if actions >= max_actions:
                return actions, "truncated"
            ids = legal()
            # the same policy as above (draw_or_pass[i] is 1 for the Draw and Pass ids)
            plays = [i for i in ids if not draw_or_pass[i]]
            apply(choice(plays) if plays else choice(ids))
            actions += 1
        return actions, "ok"

    run_game = play_fast if args.core == "fast" else play

    def run_one(rng: random.Random, game_seed: int) -> tuple[int, str]:
        # No exception handling: a crash in unokit is an engine bug, so the
        # peer fails loudly (traceback on stderr, non-zero exit) rather than
        # reporting a throughput for a broken engine.
        return run_game(rng, game_seed)

    # Warm-up (untimed, separate seed stream).
    wrng = random.Random(args.seed ^ 0x5EED)
    for i in range(args.warmup):
        run_one(wrng, 1_000_000_007 + args.seed + i)
    rss_before = _maxrss_mib()

    rng = random.Random(args.seed)
    games = actions = truncated = 0
    errors = 0  # kept for symmetry with rlcard_peer; unokit errors abort
    budget = args.seconds
    target_games = args.games
    perf = time.perf_counter
    t0 = perf()
    i = 0
    while True:
        if budget > 0:
            if perf() - t0 >= budget:
                break
        elif i >= target_games:
            break
        a, outcome = run_one(rng, args.seed + i)
        i += 1
        actions += a
        if outcome == "ok":
            games += 1
        elif outcome == "truncated":
            truncated += 1
        else:
            errors += 1
    elapsed = perf() - t0

    out = {
        "engine": "unokit-fast" if args.core == "fast" else "unokit",
        "core": args.core,
        "engine_version": getattr(unokit, "__version__", None),
        "rules": rules,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "players": n,
        "seed": args.seed,
        "mode": "seconds" if budget > 0 else "games",
        "warmup_games": args.warmup,
        "games": games,
        "games_started": i,
        "truncated": truncated,
        "errors": errors,
        "actions": actions,
        "seconds": elapsed,
        "games_per_s": games / elapsed if elapsed > 0 else 0.0,
        "actions_per_s": actions / elapsed if elapsed > 0 else 0.0,
        "actions_per_game": actions / i if i else 0.0,
        "us_per_action": 1e6 * elapsed / actions if actions else None,
        "rss_start_mib": round(rss_start, 2),
        "rss_after_warmup_mib": round(rss_before, 2),
        "peak_rss_mib": round(_maxrss_mib(), 2),
    }
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
