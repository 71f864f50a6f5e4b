"""Duels and round-robin tournaments between bots, on paired deals with seat rotation.

``unokit duel greedy random-play --hands 2000`` deals 2000 hands; each deal is replayed once per
distinct rotation of the seats (seat ``s`` of rotation ``r`` holds ``lineup[(s - r) % n]``), so
every bot plays every seat of the same cards and the luck of the deal cancels out. With more
than two seats the two bots alternate around the table (A, B, A, B...).

``unokit tournament greedy,random,random-play`` plays a duel for every pair and fits a
Bradley–Terry model to the pairwise results, shown on the Elo scale (mean 1500; 400 points =
odds of 10 to 1).

Win rates carry 95% Wilson intervals. The games of one deal are not independent (that is the
point of pairing), so the interval over games is conservative for comparisons of bots and
slightly optimistic for absolute rates; the per-deal outcomes (swept by one bot, or split) are
reported as well. All cores are used by default; hand seeds derive from the master seed and the
deal's index, so the result does not depend on ``--jobs``.

>>> d = duel("greedy", "random-play", hands=4, jobs=1, progress=False)
>>> d["games"], sorted(d["win_rate"]), d["deals_outcome"]["deals"]
(8, ['greedy', 'random-play'], 4)
>>> s = bradley_terry(["a", "b"], {("a", "b"): 30, ("b", "a"): 10})  # prior: half a win each way
>>> round(s["a"] / s["b"], 2)
2.9
"""

from __future__ import annotations

import json
import math
import time
from itertools import combinations

from ..rules import RuleSet
from . import (
    CHUNK,
    MAX_STEPS,
    LabError,
    check_decks,
    chunk_specs,
    merge_tallies,
    parse_players,
    rate_summary,
    rotations,
    run_parallel,
    several_decks,
)

__all__ = ["duel", "tournament", "bradley_terry", "elo_from_strengths", "format_duel", "format_tournament"]


def _labels(a: str, b: str) -> tuple[str, str]:
    """Distinct labels for the two sides (a mirror match labels them NAME#1 and NAME#2)."""
    return (a, b) if a != b else (f"{a}#1", f"{b}#2")


def _duel_specs(a: str, b: str, *, hands: int, players: int, rules: str, seed: int, max_steps: int,
                tag: str = "", solo: bool = False, decks: int = 1,
                deck: str = "classic") -> tuple[list[dict], list[str], list[str]]:
    if solo:  # one A against players - 1 Bs
        first = parse_players([a])[0]
        lineup = [first] + parse_players([b], players - 1)
    else:
        lineup = parse_players([a, b], players)
    la, lb = _labels(lineup[0], lineup[1])
    labels = [la if (i == 0 if solo else i % 2 == 0) else lb for i in range(players)]
    specs = chunk_specs("rotated", rules, lineup, labels=labels, count=hands, seed=seed, chunk=CHUNK["rotated"],
                        max_steps=max_steps, tag=tag, decks=decks, deck=deck)
    return specs, lineup, labels


def _duel_result(a_label: str, b_label: str, lineup, labels, tally, *, rules: str, players: int, seed: int,
                 hands: int, decks: int = 1, deck: str = "classic") -> dict:
    fair = {lab: labels.count(lab) / players for lab in (a_label, b_label)}
    d = tally.deals
    return {
        "kind": "duel",
        "bots": [a_label, b_label],
        "lineup": list(lineup),
        "players": players,
        "rules": rules,
        "seed": seed,
        "deals": hands,
        "rotations": len(rotations(labels)),
        "seat_rotation": True,
        "games": tally.hands,
        "finished": tally.finished,
        "truncated": tally.truncated,
        "wins": {a_label: tally.wins.get(a_label, 0), b_label: tally.wins.get(b_label, 0)},
        "win_rate": {a_label: tally.win_rate(a_label), b_label: tally.win_rate(b_label)},
        "fair_share": {k: round(v, 4) for k, v in fair.items()},
        "deals_outcome": {"deals": sum(d.values()),
                          "sweep": {a_label: d.get(f"sweep:{a_label}", 0), b_label: d.get(f"sweep:{b_label}", 0)},
                          "split": d.get("split", 0), "incomplete": d.get("incomplete", 0)},
        "wins_by_seat": list(tally.wins_by_seat),
        "first_seat": rate_summary(tally.first_wins, tally.first_n),
        "turns": tally.m["turns"].summary(2),
    } | ({"decks": decks} if decks != 1 else {}) | ({"deck": deck} if deck != "classic" else {})


def _check(rules: str, players: int, hands: int, decks: int = 1, deck: str = "classic") -> str:
    from ..core.errors import UnoError
    from ..engine.game import Game
    rs = RuleSet.parse(rules)
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise LabError(f"play at least one hand (--hands 1 or more), got {hands!r}")
    most = check_decks(decks)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= most:
        shown = (type(players).__name__ if not isinstance(players, int)
                 else players if abs(players) < 10**6 else "a huge number")
        raise LabError(f"a table seats 2 to {most} players{'' if decks == 1 else f' with {decks} decks'}, got {shown}")
    try:
        Game.new(players=players, rules=rs, seed=0, deck=deck, decks=decks)
    except UnoError as e:
        raise LabError(f"{rs.code} with {players} players: {e}") from None
    return rs.code


def duel(a: str, b: str, *, hands: int = 1000, players: int = 2, rules: str = "UNO 1121", seed: int = 0,
         jobs: int | None = None, progress: bool = True, max_steps: int = MAX_STEPS, solo: bool = False,
         backend: str = "local", ray_address: str | None = None, engine: str = "auto", decks: int = 1,
         deck: str = "classic") -> dict:
    """Bot ``a`` against bot ``b`` on ``hands`` paired deals (each played once per seat rotation).

    With more than two seats the bots alternate (A, B, A, B...); ``solo=True`` seats one A against
    ``players - 1`` Bs instead (A's fair share is then ``1/players``). ``backend="ray"`` plays the
    chunks as Ray tasks (:mod:`unokit.lab.scale`; ``ray_address``: the cluster), with the same result.
    ``decks``: decks shuffled together (10 players a deck); ``deck``: the deck (:data:`unokit.core.decks.DECKS`).
    Several decks, or a deck other than the classic one, are played by the referee (``engine`` says why).
    """
    t0 = time.perf_counter()
    code = _check(rules, players, hands, decks, deck)
    note = several_decks(engine, decks, deck)
    specs, lineup, labels = _duel_specs(a, b, hands=hands, players=players, rules=code, seed=seed,
                                        max_steps=max_steps, solo=solo, decks=decks, deck=deck)
    results, work = run_parallel(specs, jobs=jobs, progress=progress, label=f"{lineup[0]} vs {lineup[1]}",
                                 backend=backend, address=ray_address, engine=engine)
    la, lb = labels[0], labels[1]
    out = _duel_result(la, lb, lineup, labels, merge_tallies(results), rules=code, players=players, seed=seed,
                       hands=hands, decks=decks, deck=deck)
    if note:
        out["engine"] = note
    if "rl" in (a.strip().lower(), b.strip().lower()):
        from ..bots.rl import note as rl_note
        out["notes"] = [n for n in [rl_note(code, players)] if n]     # where no model fits: it plays as the strategist
    out["jobs"] = work["jobs"]
    out["backend"] = work["backend"]
    out["engines"] = work["engines"]
    out["seconds"] = round(time.perf_counter() - t0, 2)
    return out


# ---------------------------------------------------------------------------------------- ratings
def bradley_terry(names, wins: dict, *, prior: float = 0.5, iters: int = 10_000, tol: float = 1e-10) -> dict:
    """Bradley–Terry strengths from pairwise wins ``{(i, j): wins of i over j}``.

    Fitted by the MM algorithm (Hunter 2004); ``prior`` pseudo-wins are added both ways to every
    pair that met, so a bot that won (or lost) everything still gets a finite strength. Strengths
    are scaled to a geometric mean of 1. ``P(i beats j) = s_i / (s_i + s_j)``.
    """
    names = list(names)
    w = {(i, j): float(wins.get((i, j), 0)) for i in names for j in names if i != j}
    met = {(i, j) for i in names for j in names if i != j and w[(i, j)] + w[(j, i)] > 0}
    for (i, j) in met:
        w[(i, j)] += prior
    s = {i: 1.0 for i in names}
    for _ in range(iters):
        new = {}
        for i in names:
            won = sum(w[(i, j)] for j in names if j != i)
            den = sum((w[(i, j)] + w[(j, i)]) / (s[i] + s[j]) for j in names if j != i and (i, j) in met)
            new[i] = won / den if den > 0 and won > 0 else s[i]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {k: v / g for k, v in new.items()}
        delta = max(abs(new[k] - s[k]) for k in names)
        s = new
        if delta < tol:
            break
    return s


def elo_from_strengths(strengths: dict, base: float = 1500.0) -> dict:
    """Bradley–Terry strengths on the Elo scale: ``base + 400 log10(s)`` (geometric mean -> base)."""
    return {k: round(base + 400 * math.log10(v), 1) for k, v in strengths.items()}


def tournament(names, *, hands: int = 1000, players: int = 2, rules: str = "UNO 1121", seed: int = 0,
               jobs: int | None = None, progress: bool = True, max_steps: int = MAX_STEPS, backend: str = "local",
               ray_address: str | None = None, engine: str = "auto", decks: int = 1, deck: str = "classic") -> dict:
    """A duel between every pair of ``names`` (all chunks share one pool of processes, or one Ray
    cluster with ``backend="ray"``), then a Bradley–Terry rating table. Every pair plays the same
    deals (the same seeds)."""
    t0 = time.perf_counter()
    names = parse_players(names)
    if len(set(names)) != len(names):
        raise LabError("name every bot once in a tournament")
    if len(names) < 2:
        raise LabError("a tournament needs at least two bots, e.g. 'greedy,random,random-play'")
    code = _check(rules, players, hands, decks, deck)
    note = several_decks(engine, decks, deck)
    pairs = list(combinations(names, 2))
    specs: list[dict] = []
    meta: list[tuple[str, str, list[str], list[str], int, int]] = []
    for a, b in pairs:
        s, lineup, labels = _duel_specs(a, b, hands=hands, players=players, rules=code, seed=seed,
                                        max_steps=max_steps, tag=f"{a}|{b}", decks=decks, deck=deck)
        meta.append((a, b, lineup, labels, len(specs), len(s)))
        specs += s
    results, work = run_parallel(specs, jobs=jobs, progress=progress, label="tournament", backend=backend,
                                 address=ray_address, engine=engine)
    duels = []
    pw: dict = {}
    games = {n: 0 for n in names}
    won = {n: 0 for n in names}
    for a, b, lineup, labels, first, count in meta:
        t = merge_tallies(results[first:first + count])
        d = _duel_result(a, b, lineup, labels, t, rules=code, players=players, seed=seed, hands=hands, decks=decks,
                         deck=deck)
        duels.append(d)
        pw[(a, b)] = d["wins"][a]
        pw[(b, a)] = d["wins"][b]
        for x in (a, b):
            games[x] += d["finished"]
            won[x] += d["wins"][x]
    strengths = bradley_terry(names, pw)
    elo = elo_from_strengths(strengths)
    table = []
    for n in sorted(names, key=lambda k: -elo[k]):
        table.append({"bot": n, "rating": elo[n], "strength": round(strengths[n], 4), "games": games[n],
                      "wins": won[n], "score": rate_summary(won[n], games[n])})
    matrix = {a: {b: (None if a == b else next(d["win_rate"][a]["rate"] for d in duels if a in d["bots"] and b in d["bots"]))
                  for b in names} for a in names}
    return {"kind": "tournament", "bots": names, "players": players, "rules": code, "seed": seed, "deals": hands,
            "rating": "Bradley-Terry (MM), Elo scale: 1500 + 400 log10(strength), prior 0.5 win each way",
            "table": table, "matrix": matrix, "duels": duels, "jobs": work["jobs"], "backend": work["backend"],
            "seconds": round(time.perf_counter() - t0, 2)} | ({"decks": decks} if decks != 1 else {}) | (
            {"deck": deck} if deck != "classic" else {}) | ({"engine": note} if note else {})


# ---------------------------------------------------------------------------------------- text
def _rate(r: dict) -> str:
    return f"{r['rate'] * 100:5.1f}% [{r['lo'] * 100:.1f}, {r['hi'] * 100:.1f}]"


def format_duel(d: dict) -> str:
    a, b = d["bots"]
    o = d["deals_outcome"]
    lines = [
        f"{a} vs {b}: {d['rules']}, {d['players']} players{_decks(d)}, {d['deals']} deals x {d['rotations']} seat "
        f"rotations = {d['games']} games (seed {d['seed']})",
        f"  {a:<16} wins {d['wins'][a]:>6}  {_rate(d['win_rate'][a])}  (fair share {d['fair_share'][a] * 100:.0f}%)",
        f"  {b:<16} wins {d['wins'][b]:>6}  {_rate(d['win_rate'][b])}  (fair share {d['fair_share'][b] * 100:.0f}%)",
        f"  deals swept by {a}: {o['sweep'][a]}, by {b}: {o['sweep'][b]}, split: {o['split']}"
        + (f", unfinished: {o['incomplete']}" if o["incomplete"] else ""),
        f"  wins by seat: {d['wins_by_seat']}; first mover won {_rate(d['first_seat'])}; "
        f"turns per hand {d['turns']['mean']} [{d['turns']['lo']}, {d['turns']['hi']}]",
        f"  truncated: {d['truncated']}; {d.get('jobs', 1)} process(es), {d.get('seconds', 0)} s",
    ] + ([f"  engine: {d['engine']}"] if d.get("engine") else []) + [f"  {n}" for n in d.get("notes", ())]
    return "\n".join(lines)


def _decks(d: dict) -> str:
    """`` (2 decks)``, `` (the 112 deck)``, `` (2 112 decks)`` or ``''`` (one classic deck)."""
    k, name = d.get("decks", 1), d.get("deck", "classic")
    if name == "classic":
        return f" ({k} decks)" if k != 1 else ""
    return f" (the {name} deck)" if k == 1 else f" ({k} {name} decks)"


def format_tournament(t: dict) -> str:
    lines = [f"tournament: {', '.join(t['bots'])}; {t['rules']}, {t['players']} players{_decks(t)}, {t['deals']} deals "
             f"per pair with seat rotation (seed {t['seed']})", "",
             f"{'rank':<5}{'bot':<18}{'rating':>8}  {'score (95% CI)':<26}{'games':>7}"]
    for i, r in enumerate(t["table"], 1):
        lines.append(f"{i:<5}{r['bot']:<18}{r['rating']:>8.1f}  {_rate(r['score']):<26}{r['games']:>7}")
    lines += ["", f"rating: {t['rating']}", "", "pairwise win rate of the row bot against the column bot:"]
    names = t["bots"]
    w = max(len(n) for n in names) + 2
    lines.append(" " * w + "".join(f"{n:>{w}}" for n in names))
    for a in names:
        cells = "".join(f"{'-':>{w}}" if t["matrix"][a][b] is None else f"{t['matrix'][a][b] * 100:>{w - 1}.1f}%"
                        for b in names)
        lines.append(f"{a:<{w}}" + cells)
    lines.append("")
    for d in t["duels"]:
        lines.append(format_duel(d))
    lines.append(f"{t['jobs']} process(es), {t['seconds']} s"
                 + (f"; engine: {t['engine']}" if t.get("engine") else ""))
    return "\n".join(lines)


def to_json(d: dict) -> str:
    return json.dumps(d, indent=2)
