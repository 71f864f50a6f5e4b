"""Observations per second: C's ``Batch.observe`` against the Python encoder (issue 27, point 2).

    .venv/bin/python bench/observe_compiled.py [--hands 4096] [--players 2] [--moves 12] [--rounds 7]

The hands (``UNO 1121``, the referee's chance) are dealt and played ``--moves`` random moves in a batch and,
the same moves, in the referee; then each round times, one after the other (interleaved), C writing every
hand's observation of every seat (one call per seat), the Python encoder on views already built
(``Encoder.encode``) and on views built as the environments build them (``game.view`` then ``encode``).
CPU time (``time.process_time``); the report gives each side's median over the rounds with the range, and
the ratio of the medians. Before timing, C's arrays are checked equal to the encoder's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from unokit.engine.game import Game
from unokit.env.actions import ActionTable
from unokit.env.observe import Encoder, HistoryTracker
from unokit.fast import compiled
from unokit.fast.batch import Batch


def setup(hands: int, players: int, moves: int):
    """The batch, the referee's games, their trackers and the encoder, ``moves`` random moves into the hands."""
    enc = Encoder(ActionTable("UNO 1121", players))
    b = Batch(hands, players=players, seed=27, chance="referee", encoder=enc)
    games = [Game.new(players, "UNO 1121", seed=int(s)) for s in b.seeds]
    for t in range(moves):
        mv = b.random_moves(seed=t)
        for i, g in enumerate(games):
            if mv[i] >= 0:
                g.apply(compiled.to_action(b.move_id(i, int(mv[i]))))
        b.step(mv)
    trackers = [HistoryTracker(players) for _ in games]
    return b, games, trackers, enc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=4096)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args(argv)
    if not (1 <= a.hands <= 1_000_000 and 2 <= a.players <= 10 and 0 <= a.moves <= 1000 and 1 <= a.rounds <= 100):
        print("bad option: --hands 1..10^6, --players 2..10, --moves 0..1000, --rounds 1..100", file=sys.stderr)
        return 2
    b, games, trackers, enc = setup(a.hands, a.players, a.moves)
    out = np.empty((b.count, enc.size), np.float32)
    seats = range(a.players)
    for s in seats:   # checked before timing: the same arrays
        b.observe(s, out)
        want = np.stack([enc.encode(g.view(s), tracker=tr) for g, tr in zip(games, trackers, strict=True)])
        assert np.array_equal(out, want), "C's observations differ from the encoder's"
    views = [[g.view(s) for g in games] for s in seats]
    n_obs = a.hands * a.players
    reps = max(1, 200_000 // n_obs)    # C is fast: several passes a round, so that a round lasts to time
    times: dict[str, list[float]] = {"C (Batch.observe)": [], "Python encode": [], "Python view + encode": []}
    for _ in range(a.rounds):
        t0 = time.process_time()
        for _ in range(reps):
            for s in seats:
                b.observe(s, out)
        times["C (Batch.observe)"].append(reps * n_obs / (time.process_time() - t0))
        t0 = time.process_time()
        for vs in views:
            for v, tr in zip(vs, trackers, strict=True):
                enc.encode(v, tracker=tr)
        times["Python encode"].append(n_obs / (time.process_time() - t0))
        t0 = time.process_time()
        for s in seats:
            for g, tr in zip(games, trackers, strict=True):
                enc.encode(g.view(s), tracker=tr)
        times["Python view + encode"].append(n_obs / (time.process_time() - t0))
    c = statistics.median(times["C (Batch.observe)"])
    print(f"{a.hands} hands of UNO 1121 at {a.players} players, {a.moves} moves in, observation of {enc.size} "
          f"floats, {a.rounds} interleaved rounds, CPU time")
    for name, xs in times.items():
        m = statistics.median(xs)
        print(f"  {name:22} {m:14,.0f} obs/s  [{min(xs):,.0f} - {max(xs):,.0f}]  C is {c / m:,.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
