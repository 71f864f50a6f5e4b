#!/usr/bin/env python3
"""Benchmark peer: RLCard 1.2.0's raw UNO game loop, random vs random.

Run with the Python of the RLCard virtualenv (``.bench/rlcard-venv``), which
``unokit bench --vs rlcard`` builds.  This script deliberately imports nothing
from unokit and only the standard library plus RLCard/numpy, so it measures
RLCard alone, in its own process (peak RSS is per process).

It drives ``rlcard.games.uno.game.UnoGame`` directly -- no ``rlcard.make`` env,
no state encoding into numpy arrays -- which is the cheapest way to play
RLCard UNO through its public game API:

    game = UnoGame(allow_step_back=False, num_players=N)
    game.configure({"game_num_players": N})
    game.np_random = numpy.random.RandomState(seed)   # as Env.seed() does
    game.init_game()
    while not game.is_over():
        game.get_player_id()
        legal = game.get_legal_actions()
        game.step(rng.choice(legal))

One "action" is one ``step()`` call.  Prints exactly one JSON line on stdout;
diagnostics go to stderr.
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
    p.add_argument("--legal-from-state", action="store_true",
                   help="take legal actions from the state dict step() already "
                        "returns instead of calling get_legal_actions() again")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.players < 2:
        print("rlcard_peer: --players must be >= 2", file=sys.stderr)
        return 2

    rss_start = _maxrss_mib()
    import numpy as np
    import rlcard
    from rlcard.games.uno.game import UnoGame

    n = args.players
    game = UnoGame(allow_step_back=False, num_players=n)
    game.configure({"game_num_players": n})
    max_actions = args.max_actions
    from_state = args.legal_from_state

    def play(rng: random.Random) -> tuple[int, str]:
        """Play one game; return (actions, outcome)."""
        choice = rng.choice
        state, _pid = game.init_game()
        actions = 0
        if from_state:
            while not game.is_over():
                if actions >= max_actions:
                    return actions, "truncated"
                game.get_player_id()
                state, _pid = game.step(choice(state["legal_actions"]))
                actions += 1
        else:
            while not game.is_over():
                if actions >= max_actions:
                    return actions, "truncated"
                game.get_player_id()
                game.step(choice(game.get_legal_actions()))
                actions += 1
        return actions, "ok"

    reported = [0]

    def run_one(rng: random.Random, game_seed: int) -> tuple[int, str]:
        # Fresh seeded RandomState per game, exactly what Env.seed() installs.
        game.np_random = np.random.RandomState(game_seed % (2**32))
        try:
            return play(rng)
        except Exception as exc:
            # RLCard 1.2.0 can in principle crash when draw pile and discard
            # pile are both exhausted; count such games, do not time them as
            # finished games.
            if reported[0] < 5:
                print(f"rlcard_peer: game seed {game_seed} raised "
                      f"{type(exc).__name__}: {exc}", file=sys.stderr)
            reported[0] += 1
            return 0, "error"

    # Warm-up (untimed, separate seed stream).
    wrng = random.Random(args.seed ^ 0x5EED)
    for i in range(args.warmup):
        run_one(wrng, 1_000_000_007 + args.seed + i)
    rss_before = _maxrss_mib()

    rng = random.Random(args.seed)
    games = actions = truncated = errors = 0
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
        "engine": "rlcard",
        "engine_version": getattr(rlcard, "__version__", None) or _dist_version("rlcard"),
        "numpy_version": np.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "players": n,
        "seed": args.seed,
        "mode": "seconds" if budget > 0 else "games",
        "warmup_games": args.warmup,
        "legal_from_state": from_state,
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


def _dist_version(name: str):
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:
        return None


if __name__ == "__main__":
    sys.exit(main())
