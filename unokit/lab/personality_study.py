"""Points as well as wins: a duel that also counts the points each side scores and concedes.

``unokit duel A B`` counts wins; a strategy such as point dumping (``point-dumper``, 004's defensive
play) aims at the points instead, so this plays exactly the games of ``unokit duel A B`` (the same
deals, seatings and bot seeds: the same winners) and reads the hands left at the end. Per game, a
seat's *scored* points are the others' hands when it wins, its *conceded* points its own hand when
another seat wins, and *net* the difference. The effect of A is A's mean net points per game minus
B's, with a 95% interval over deals (each deal's seatings averaged first, so the pairing is kept).

``python -m unokit.lab.personality_study point-dumper strategist --hands 2000 [--players 2] [--jobs 2]``

>>> r = points_duel("point-dumper", "strategist", hands=2, jobs=1)
>>> r["games"], sorted(r["net"])
(4, ['point-dumper', 'strategist'])
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ..core.chance import derive_seed
from ..engine.game import Game
from . import parse_players, play_deal
from .stats import Moments, rate_summary

__all__ = ["points_duel", "format_points", "divergence", "main"]

CHUNK = 50


def _deals(args) -> list[list[tuple]]:
    lo, hi, rules, lineup, labels, seed = args
    n = len(lineup)
    seatings = []
    for r in range(n):   # as unokit.lab's rotated chunks: the distinct rotations, names and labels together
        s = tuple((lineup[(k - r) % n], labels[(k - r) % n]) for k in range(n))
        if s not in seatings:
            seatings.append(s)
    out = []
    for i in range(lo, hi):
        ds = derive_seed(seed, i, "lab-deal")
        games = []
        for r, seating in enumerate(seatings):
            g = Game.new(players=n, rules=rules, seed=ds)
            play_deal(rules, [x[0] for x in seating], ds, bot_salt=r + 1, game=g)
            w = g.winner if g.over else None
            pts = [g.hand_points(q) for q in range(n)]
            score = sum(p for q, p in enumerate(pts) if q != w) if w is not None else 0
            games.append(tuple((seating[q][1], int(q == w), score if q == w else 0,
                                pts[q] if w is not None and q != w else 0) for q in range(n)))
        out.append(games)
    return out


def points_duel(a: str, b: str, *, hands: int = 1000, players: int = 2, rules: str = "UNO 1121", seed: int = 0,
                jobs: int | None = None) -> dict:
    """``unokit duel a b``'s games (A, B alternating), with each side's points scored and conceded."""
    t0 = time.perf_counter()
    lineup = parse_players([a, b], players)
    la, lb = (lineup[0], lineup[1]) if lineup[0] != lineup[1] else (f"{a}#1", f"{b}#2")
    labels = [la if i % 2 == 0 else lb for i in range(players)]
    parts = [(lo, min(hands, lo + CHUNK), rules, lineup, labels, seed) for lo in range(0, hands, CHUNK)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(parts)))
    if jobs == 1:
        deals = [d for p in parts for d in _deals(p)]
    else:
        with ProcessPoolExecutor(jobs) as ex:
            deals = [d for res in ex.map(_deals, parts) for d in res]
    seats = {la: labels.count(la), lb: labels.count(lb)}
    wins = {la: 0, lb: 0}
    per = {k: {x: Moments() for x in (la, lb)} for k in ("scored", "conceded", "net")}
    diff = Moments()
    games = 0
    for games_of_deal in deals:
        d = 0.0
        for game in games_of_deal:
            games += 1
            tot = {la: [0, 0, 0], lb: [0, 0, 0]}
            for lab, won, scored, conceded in game:
                t = tot[lab]
                t[0] += won
                t[1] += scored
                t[2] += conceded
            for lab in (la, lb):   # per seat of that side (a side with two seats: their mean)
                won, scored, conceded = tot[lab]
                wins[lab] += won
                per["scored"][lab].add(scored / seats[lab])
                per["conceded"][lab].add(conceded / seats[lab])
                per["net"][lab].add((scored - conceded) / seats[lab])
            d += (tot[la][1] - tot[la][2]) / seats[la] - (tot[lb][1] - tot[lb][2]) / seats[lb]
        diff.add(d / len(games_of_deal))
    return {"kind": "points-duel", "bots": [la, lb], "players": players, "rules": rules, "seed": seed,
            "deals": hands, "games": games, "win_rate": {x: rate_summary(wins[x], games) for x in (la, lb)},
            "scored": {x: per["scored"][x].summary(2) for x in (la, lb)},
            "conceded": {x: per["conceded"][x].summary(2) for x in (la, lb)},
            "net": {x: per["net"][x].summary(2) for x in (la, lb)},
            "net_difference": diff.summary(2), "jobs": jobs, "seconds": round(time.perf_counter() - t0, 1)}


def divergence(name: str, *, hands: int = 200, players: int = 4, rules: str = "UNO 1121", seed: int = 0) -> dict:
    """How often bot ``name`` (at seat 0, strategists elsewhere) decides otherwise than the strategist
    would in its place: each of its turn decisions is also put to a shadow strategist (seeded alike)."""
    import random

    from ..bots.strategist import StrategistBot
    from . import make_player
    from .sim import play_hand
    counts = {"decisions": 0, "different": 0}
    for i in range(hands):
        ds = derive_seed(seed, i, "lab-deal")
        bot = make_player(name, derive_seed(ds, 0, "divergence"))
        shadow = StrategistBot(derive_seed(ds, 0, "divergence"))

        class Probe:
            name = bot.name

            def __init__(self, bot, shadow):
                self.bot, self.shadow = bot, shadow

            def act(self, view, legal):
                a = self.bot.act(view, legal)
                if view.phase in ("PLAY", "DRAWN", "PENDING") and len(legal) > 1:
                    counts["decisions"] += 1
                    counts["different"] += self.shadow.act(view, legal) != a
                return a

            def react(self, view, legal):
                return self.bot.react(view, legal)

        bots = [Probe(bot, shadow)] + [StrategistBot(derive_seed(ds, s, "divergence")) for s in range(1, players)]
        play_hand(Game.new(players=players, rules=rules, seed=ds), bots, rng=random.Random(ds), record=False)
    return {"bot": name, "players": players, "hands": hands, "decisions": counts["decisions"],
            "different": rate_summary(counts["different"], counts["decisions"])}


def format_points(r: dict) -> str:
    a, b = r["bots"]
    lines = [f"{a} vs {b}: {r['rules']}, {r['players']} players, {r['deals']} deals = {r['games']} games "
             f"(seed {r['seed']}); points per seat and game"]
    for x in (a, b):
        w = r["win_rate"][x]
        lines.append(f"  {x:<18} wins {w['rate'] * 100:5.1f}% [{w['lo'] * 100:.1f}, {w['hi'] * 100:.1f}]  "
                     f"scored {r['scored'][x]['mean']:6.2f}  conceded {r['conceded'][x]['mean']:6.2f}  "
                     f"net {r['net'][x]['mean']:+7.2f} [{r['net'][x]['lo']:+.2f}, {r['net'][x]['hi']:+.2f}]")
    d = r["net_difference"]
    lines.append(f"  net points of {a} minus {b}, per game: {d['mean']:+.2f} [{d['lo']:+.2f}, {d['hi']:+.2f}] "
                 f"(95% CI over deals); {r['jobs']} process(es), {r['seconds']} s")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m unokit.lab.personality_study", description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b", nargs="?", default=None, help="the other bot (without it: how often A decides otherwise "
                                                        "than the strategist would, with --players seats)")
    p.add_argument("--hands", type=int, default=1000, help="deals (default 1000), each played once per seating")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--rules", default="UNO 1121")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.b is None:
        r = divergence(a.a, hands=a.hands, players=a.players, rules=a.rules, seed=a.seed)
        d = r["different"]
        print(json.dumps(r, indent=2) if a.json else
              f"{a.a}: {d['rate'] * 100:.1f}% [{d['lo'] * 100:.1f}, {d['hi'] * 100:.1f}] of {r['decisions']} turn "
              f"decisions differ from the strategist's ({r['hands']} hands, {r['players']} players)")
        return 0
    r = points_duel(a.a, a.b, hands=a.hands, players=a.players, rules=a.rules, seed=a.seed, jobs=a.jobs or None)
    print(json.dumps(r, indent=2) if a.json else format_points(r))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
