"""Why stacking shortens hands here and a published simulation says it lengthens 2-player hands.

``python -m unokit.lab.stacking_study --hands 2000`` plays random-play hands under ``UNO 1121`` and the
stacking rules P1, P3 and P4 at 2 and 4 players and measures, per rule set: turns per hand (the
lab's definition), cards drawn per hand, and the *stacking chains* (runs of draw cards, each added
to a pending total): the share of hands with a chain of 2+ and 3+ cards, the mean chain length and
the longest. A published simulation (see ``docs/lab/stacking.md``) gives the same statistics, so
the comparison tells whether its players stack as ours do.

Two agents: ``always`` (the lab's ``random-play``: facing a draw it can add to, it always adds) and
``hesitant`` (facing such a draw it chooses uniformly among its distinct stacking plays and drawing).

>>> r = study(hands=3, players=(2,), rules=("UNO 1121 P4",), progress=False)
>>> sorted(r["results"][0])
['agent', 'chain2', 'chain3', 'chain_mean', 'drawn', 'hands', 'longest', 'players', 'rules', 'turns']
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

from ..core.actions import Challenge, Draw, Play
from ..engine.game import Game, Phase
from . import Moments, RandomPlayBot, starts_turn
from .sim import derive_seed, play_hand

__all__ = ["study", "HesitantStacker", "PUBLISHED_CHAINS"]

RULES = ("UNO 1121", "UNO 1121 P1", "UNO 1121 P3", "UNO 1121 P4")

#: The published table: (players, stacking) -> (hands with a chain of 2+, of 3+, mean chain length, longest).
PUBLISHED_CHAINS = {
    (2, "+2"): (0.331, 0.101, 2.3, 7), (2, "+2 & +4"): (0.530, 0.211, 2.4, 7),
    (4, "+2"): (0.447, 0.145, 2.4, 7), (4, "+2 & +4"): (0.709, 0.339, 2.6, 9),
}


class HesitantStacker(RandomPlayBot):
    """``random-play``, except that facing a draw it may add to it picks uniformly among its
    distinct stacking plays and drawing (so it stacks only sometimes)."""

    name = "hesitant"

    def act(self, view, legal):
        if view.phase == "PENDING":
            plays = {a.cards: a for a in legal if type(a) is Play and a.cards and not a.hidden}
            draw = next((a for a in legal if type(a) is Draw), None)
            if plays and draw is not None:
                pick = self.rng.choice(list(plays) + [None])
                if pick is None:
                    return draw
                return self._random_play([a for a in legal if type(a) is Play and a.cards == pick])
        return super().act(view, legal)


def _mean_ci(xs: list[float]) -> dict:
    m = Moments()
    for x in xs:
        m.add(x)
    return m.summary()


def play_one(rules: str, players: int, seed: int, agent: str = "always") -> dict:
    """One hand: turns, cards drawn and the lengths of its stacking chains."""
    kind = RandomPlayBot if agent == "always" else HesitantStacker
    g = Game.new(players=players, rules=rules, seed=seed)
    bots = [kind(derive_seed(seed, s, "stacking-bot")) for s in range(players)]
    turns = chain = 0
    chains: list[int] = []

    def observe(game: Game, a) -> None:
        nonlocal turns, chain
        turns += starts_turn(game, a)
        t = type(a)
        if t is Play and any(c.draw for c in a.cards):
            if game.phase == Phase.PENDING:
                chain += 1
            else:
                if chain:
                    chains.append(chain)
                chain = 1
        elif chain and t in (Play, Draw, Challenge):
            chains.append(chain)
            chain = 0

    res = play_hand(g, bots, rng=random.Random(derive_seed(seed, 0, "stacking-harness")), observe=observe,
                    record=False)
    if chain:
        chains.append(chain)
    return {"turns": turns, "drawn": sum(res.drawn), "chains": chains, "truncated": res.truncated}


def study(hands: int = 2000, players=(2, 4), rules=RULES, agent: str = "always", seed: int = 0,
          progress: bool = True, jobs: int | None = 1) -> dict:
    """Run the study; a dict with one result per (rule set, table size). ``jobs``: processes, one (rule set, table
    size) each at a time (``None``: every core); the same numbers."""
    if agent not in ("always", "hesitant"):
        raise ValueError("agent must be 'always' or 'hesitant'")
    if hands < 1:
        raise ValueError("play at least one hand")
    todo = [(r, n, hands, seed, agent) for n in players for r in rules]
    workers = min(len(todo), jobs or os.cpu_count() or 1)
    bar = None
    if progress:
        from rich.progress import Progress
        bar = Progress(transient=True)
        bar.start()
        task = bar.add_task("stacking study", total=len(todo))
    try:
        if workers <= 1:
            out = []
            for t in todo:
                out.append(_one(*t))
                if bar is not None:
                    bar.advance(task)
        else:
            from concurrent.futures import ProcessPoolExecutor
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(_one, *t) for t in todo]
                for f in futures:
                    f.add_done_callback(lambda _f: bar.advance(task) if bar is not None else None)
                out = [f.result() for f in futures]
    finally:
        if bar is not None:
            bar.stop()
    return {"kind": "stacking-study", "seed": seed, "results": out}


def _one(r: str, n: int, hands: int, seed: int, agent: str) -> dict:
    """One rule set at one table size: ``hands`` hands."""
    turns, drawn, chains, c2, c3 = [], [], [], 0, 0
    for i in range(hands):
        h = play_one(r, n, derive_seed(seed, i, "stacking-deal"), agent)
        turns.append(h["turns"])
        drawn.append(h["drawn"])
        longest = max(h["chains"], default=0)
        c2 += longest >= 2
        c3 += longest >= 3
        chains += [c for c in h["chains"] if c >= 2]
    return {"rules": r, "players": n, "agent": agent, "hands": hands, "turns": _mean_ci(turns),
            "drawn": _mean_ci(drawn), "chain2": round(c2 / hands, 4), "chain3": round(c3 / hands, 4),
            "chain_mean": round(sum(chains) / len(chains), 3) if chains else 0.0,
            "longest": max(chains, default=0)}


def format_study(r: dict) -> str:
    lines = ["rules          players agent     turns [95% CI]          drawn   chain2+  chain3+  mean  longest"]
    for x in r["results"]:
        t = x["turns"]
        lines.append(f"{x['rules']:14s} {x['players']:>7} {x['agent']:9s} {t['mean']:6.1f} [{t['lo']:.1f}, {t['hi']:.1f}]"
                     f"   {x['drawn']['mean']:6.1f}   {x['chain2'] * 100:5.1f}%   {x['chain3'] * 100:5.1f}%  "
                     f"{x['chain_mean']:4.2f}  {x['longest']:>4}")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m unokit.lab.stacking_study", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=2000, help="hands per rule set and table size (default 2000)")
    p.add_argument("--agent", choices=("always", "hesitant"), default="always", help="how players stack")
    p.add_argument("--players", default="2,4", help="table sizes, e.g. 2,4 (default)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    a = p.parse_args(argv)
    try:
        players = tuple(int(x) for x in a.players.split(","))
        r = study(a.hands, players, agent=a.agent, seed=a.seed, progress=not a.json and sys.stderr.isatty())
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(r, indent=2) if a.json else format_study(r))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
