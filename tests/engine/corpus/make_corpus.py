"""Record the regression corpus: seeded random-bot hands under the guide's 12 variations and 30 other codes.

Written once before the Engine v2 refactor (issue 9, point 7); ``tests/engine/test_corpus.py`` replays every record
after it and checks that the game is identical (fingerprint and the full event list).

    python tests/engine/corpus/make_corpus.py      # rewrites tests/engine/corpus/corpus.json.gz
    python tests/engine/corpus/make_corpus.py --rerecord 7 10 --why "M: going out on an 8 waits for the slap round"

``--rerecord`` plays only the listed entries again (same seeds) and notes why in the file: for a deliberate
rule fix that changes those games, never to paper over a refactor.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
import time
from pathlib import Path

from unokit.bots import GreedyBot, RandomBot
from unokit.engine.game import Game
from unokit.lab.sim import play_hand
from unokit.rules.catalog import VARIATIONS

OUT = Path(__file__).with_name("corpus.json.gz")

OTHER_CODES = [
    "UNO 1121", "UNO 2212", "UNO 3121", "UNO 1111", "UNO 1122 C", "UNO 1121 DR", "UNO 1121 DD", "UNO 1121 AA",
    "UNO 1121 AB", "UNO 1121 SAT", "UNO 1121 CON", "UNO 1121 INS", "UNO 1121 DED", "UNO 1121 P1",
    "UNO 1121 P2", "UNO 1121 P3", "UNO 1121 P4", "UNO 1121 PAA", "UNO 1121 S", "UNO 1121 CAR",
    "UNO 1121 T", "UNO 1121 M", "UNO 1121 DOA", "UNO 1121 TRI", "UNO 1121 SEVENO", "UNO 1121 JUMPIN",
    "UNO 1121 ADDUP", "UNO 1121 DED-SLOWUNO", "UNO 1121 MS1-DAD", "UNO 1121 LIMIT-BOMB-DR",
]


def event_list(game) -> list:
    """The events as plain JSON values (kind, player, detail), the legacy shape the corpus pins."""
    return [[e.kind, e.player, json.loads(json.dumps(e.detail, default=lambda x: getattr(x, "code", str(x))))]
            for e in game.events]


def hands(max_cards: int = 40):
    seed = 0
    for code in [f"UNO 1121 {v}" for v in VARIATIONS] + OTHER_CODES:
        for players in (2, 4):
            for enforcement in ("strict", "table"):
                seed += 1
                yield code, players, enforcement, seed


def record_entry(code: str, players: int, enforcement: str, seed: int) -> dict:
    g = Game.new(players=players, rules=code, seed=seed, enforcement=enforcement)
    bots = [(RandomBot if i % 2 else GreedyBot)(seed * 10 + i) for i in range(players)]
    res = play_hand(g, bots, rng=random.Random(seed), max_steps=1500, check=True)
    return {"code": code, "players": players, "enforcement": enforcement, "seed": seed,
            "record": res.record, "events": event_list(g)}


def main(argv=None) -> None:
    import argparse
    ap = argparse.ArgumentParser(description="Record the regression corpus.")
    ap.add_argument("--rerecord", type=int, nargs="+", metavar="INDEX", help="play only these entries again")
    ap.add_argument("--why", default="", help="the rule fix that changed them (kept in the file)")
    args = ap.parse_args(argv)
    if args.rerecord:
        with gzip.open(OUT, "rt", encoding="utf-8") as f:
            corpus = json.load(f)
        if not args.why:
            ap.error("--rerecord needs --why")
        for i in args.rerecord:
            e = corpus["entries"][i]
            corpus["entries"][i] = record_entry(e["code"], e["players"], e["enforcement"], e["seed"])
            print(f"re-recorded {i}: {e['code']} {e['players']}p {e['enforcement']}", file=sys.stderr)
        corpus.setdefault("rerecorded", []).append({"entries": args.rerecord, "why": args.why})
    else:
        entries = []
        t0 = time.time()
        for code, players, enforcement, seed in hands():
            entries.append(record_entry(code, players, enforcement, seed))
            print(f"{time.time() - t0:6.1f}s {code} {players}p {enforcement}", file=sys.stderr)
        corpus = {"format": "unokit-corpus/1", "entries": entries}
    with gzip.open(OUT, "wt", encoding="utf-8") as f:
        json.dump(corpus, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
