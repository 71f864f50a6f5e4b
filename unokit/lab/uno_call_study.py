"""Does not saying UNO pay? The UNO-skipper against catchers of different vigilance and catch windows.

004 (``004_1711044d3e07925b.txt``, "Strategii") says that a player who calls UNO may become the target
of the others' concerted attacks, so some players deliberately keep quiet, hoping not to be noticed
and to go out at their next turn. This study measures whether that pays.

One seat is an :class:`~unokit.bots.personalities.UnoSkipper` around the strategist (it plays its
next-to-last card without UNO with probability ``skip``); the other seats are strategists wrapped in
a :class:`~unokit.bots.personalities.Watcher` of a given ``vigilance``: at each look at the table (every
new moment it is asked to act or react) a watcher notices the silent one-card hand with that
probability. Once it has noticed, it sees the hand as it is: it catches it while the catch window is
open and defends against it as against any UNO. Until then it believes the silent seat holds
``assumed`` cards (no call heard: at least two) and does not catch it. The comparison is the same
seat saying UNO every time (the strategist), on the same deals.

Catch windows: ``official`` (``UNO 1121``: until the next player starts), ``SLOWUNO`` (until the end
of the next player's turn) and ``PRE`` (until the silent player's hand changes); penalties
``uno=2`` (official) and ``uno=4``. The more looks a window allows, the likelier a catch.

**Pairing.** Each deal is played with strategists until the skipper's seat is about to play holding
two cards (the first moment a silence is possible); from there every condition (and the always-saying
baseline) plays the rest of the hand with the same freshly seeded bots, so the hands are identical up
to the first silence and the difference of a condition from the baseline is measured per deal
(mean of paired differences, ± 1.96 SE). Deals in which the skipper never reaches two cards count as
a difference of zero. The skipper's seat rotates with the deal.

``python -m unokit.lab.uno_call_study --out docs/lab`` (1500 deals; or ``unokit study uno-call``) writes
``uno-call.md``, ``uno-call.png`` and ``uno-call.json``.

>>> r = study(hands=2, players=3, vigilance=(0.0,), windows=("official",), penalties=(2,), jobs=1)
>>> r["deals"], [c["rules"] for c in r["cells"]]
(2, ['UNO 1121'])
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ..bots.base import Bot
from ..bots.personalities import UnoSkipper, Watcher
from ..bots.strategist import StrategistBot
from ..core.chance import derive_seed
from ..engine.flow import react_step, turn_step
from ..engine.game import Game
from .stats import Moments, rate_summary

__all__ = ["study", "play_deal", "rules_for", "format_study", "write_section", "plot_study", "WINDOWS", "main"]

BASE = "UNO 1121"
#: catch window -> the rule code that gives it
WINDOWS = {"official": "UNO 1121", "SLOWUNO": "UNO 1121 SLOWUNO", "PRE": "UNO 1121 PRE"}
VIGILANCE = (0.0, 0.1, 0.25, 0.5, 1.0)
SENSITIVITY_VIGILANCE = (0.0, 0.05, 0.1)
HANDS = 1500
PENALTIES = (2, 4)
CHUNK = 25
MAX_STEPS = 3000


def rules_for(window: str, penalty: int) -> str:
    """The rule code of a catch window and a penalty: ``rules_for('PRE', 4) == 'UNO 1121 PRE uno=4'``."""
    if window not in WINDOWS:
        raise ValueError(f"unknown catch window {window!r}; choose from {', '.join(WINDOWS)}")
    return WINDOWS[window] + ("" if penalty == 2 else f" uno={penalty}")


def _play(game: Game, bots, rng: random.Random, stop=None, max_steps: int = MAX_STEPS) -> bool:
    """:func:`unokit.lab.sim.play_hand`'s loop; returns True when ``stop(game)`` held before a turn action."""
    steps = 0
    while not game.over and steps < max_steps:
        steps += 1
        for _ in range(2 * game.n):
            if react_step(game, bots, rng) is None or game.over:
                break
        if game.over:
            break
        if stop is not None and stop(game):
            return True
        game.apply(turn_step(game, bots[game.to_act]))
    return False


def _outcome(game: Game, seat: int) -> tuple[int, int, int]:
    """(won, points scored, points conceded) of ``seat``: the winner scores the others' hands."""
    if game.winner is None:
        return (0, 0, 0)
    if game.winner == seat:
        return (1, sum(game.hand_points(q) for q in range(game.n) if q != seat), 0)
    return (0, 0, game.hand_points(seat))


def play_deal(index: int, *, seed: int, players: int, cells: list, assumed: int = 2,
              max_steps: int = MAX_STEPS) -> dict:
    """One deal: the shared prefix, then the baseline and every cell ``(rules, vigilance, skip)``.

    Returns ``{"branched", "base": (won, scored, conceded), "cells": [(won, scored, conceded, caught,
    silences), ...]}`` (``cells`` is ``None`` when the skipper never held two cards: every condition
    is then the baseline)."""
    deal = derive_seed(seed, index, "uno-call-deal")
    seat = index % players
    g = Game.new(players=players, rules=BASE, seed=deal, core="referee")
    prefix_bots = [StrategistBot(derive_seed(deal, s, "uno-call-prefix")) for s in range(players)]

    def stop(game: Game) -> bool:   # the skipper is about to play holding two cards
        return game.to_act == seat and len(game.hands[seat]) == 2

    if not _play(g, prefix_bots, random.Random(derive_seed(deal, 0, "uno-call-prefix")), stop, max_steps):
        return {"branched": False, "base": _outcome(g, seat), "cells": None}
    prefix = [a for _, a in g.actions]

    def rest(rules: str, vigilance: float, skip: float) -> tuple:
        h = Game.new(players=players, rules=rules, seed=deal, core="referee")
        for a in prefix:
            h.apply(a)
        start = len(h.events)
        bots: list[Bot] = []
        for s in range(players):
            inner = StrategistBot(derive_seed(deal, s, "uno-call-bot"))
            if s == seat:
                skipper = UnoSkipper(inner, skip=skip, seed=derive_seed(deal, s, "uno-call-skip"))
                bots.append(skipper)
            else:
                bots.append(Watcher(inner, vigilance=vigilance, assumed=assumed,
                                    seed=derive_seed(deal, s, "uno-call-look")))
        _play(h, bots, random.Random(derive_seed(deal, 0, "uno-call-rest")), None, max_steps)
        caught = sum(1 for e in h.events[start:] if e.kind == "caught" and e.detail[0] == seat)
        return _outcome(h, seat) + (caught, skipper.skipped)

    base = rest(BASE, 1.0, 0.0)[:3]
    seen: dict = {}
    out = []
    for r, v, p in cells:
        key = _same_as(r, v, p)
        if key not in seen:
            seen[key] = rest(*key)
        out.append(seen[key])
    return {"branched": True, "base": base, "cells": out}


def _same_as(rules: str, vigilance: float, skip: float) -> tuple:
    """A cell that plays exactly as this one: nobody ever notices (vigilance 0, or never silent): the
    window and the penalty never apply; everyone notices at the first look (vigilance 1): the catch
    comes before any window closes, so only the penalty matters."""
    if vigilance <= 0 or skip <= 0:
        return (BASE, 0.0, skip)
    if vigilance >= 1:
        pen = rules.split("uno=")[1] if "uno=" in rules else "2"
        return (rules_for("official", int(pen)), 1.0, skip)
    return (rules, vigilance, skip)


def _chunk(args) -> list[dict]:
    lo, hi, kw = args
    return [play_deal(i, **kw) for i in range(lo, hi)]


def study(hands: int = HANDS, players: int = 4, vigilance=VIGILANCE, windows=tuple(WINDOWS), penalties=PENALTIES,
          skips=(1.0,), assumed: int = 2, seed: int = 0, jobs: int | None = None, progress: bool = False,
          sensitivity=()) -> dict:
    """Play ``hands`` deals and measure every (window, penalty, vigilance, skip) cell against the
    always-saying baseline. The result does not depend on ``jobs``.

    ``sensitivity``: other ``assumed`` values (what an unaware catcher believes the silent hand holds),
    each measured again on the same deals at the official window, penalty 2, vigilance
    :data:`SENSITIVITY_VIGILANCE` (``result["sensitivity"]``)."""
    if hands < 1:
        raise ValueError("play at least one hand")
    if not 2 <= players <= 10:
        raise ValueError("a table seats 2 to 10 players")
    for v in list(vigilance) + list(skips):
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"vigilance and skip are probabilities, got {v}")
    t0 = time.perf_counter()
    grid = [(w, pen, v, p) for w in windows for pen in penalties for v in vigilance for p in skips]
    cells = [(rules_for(w, pen), v, p) for w, pen, v, p in grid]
    kw = {"seed": seed, "players": players, "cells": cells, "assumed": assumed}
    parts = [(lo, min(hands, lo + CHUNK), kw) for lo in range(0, hands, CHUNK)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(parts)))
    deals: list[dict] = []
    done = 0
    if jobs == 1:
        for part in parts:
            deals += _chunk(part)
            done += part[1] - part[0]
            _progress(progress, done, hands)
    else:
        with ProcessPoolExecutor(jobs) as ex:
            for res in ex.map(_chunk, parts):
                deals += res
                done += len(res)
                _progress(progress, done, hands)
    base_win = sum(d["base"][0] for d in deals)
    base_net = Moments()
    for d in deals:
        base_net.add(d["base"][1] - d["base"][2])
    out_cells = []
    for j, (w, pen, v, p) in enumerate(grid):
        dw, dn, ds, net = Moments(), Moments(), Moments(), Moments()
        wins = caught = silences = 0
        for d in deals:
            b = d["base"]
            c = d["cells"][j] if d["cells"] is not None else b + (0, 0)
            wins += c[0]
            caught += c[3]
            silences += c[4]
            dw.add(c[0] - b[0])
            dn.add((c[1] - c[2]) - (b[1] - b[2]))
            ds.add(c[1] - b[1])
            net.add(c[1] - c[2])
        out_cells.append({"window": w, "penalty": pen, "vigilance": v, "skip": p, "rules": cells[j][0],
                          "win": rate_summary(wins, hands), "d_win": dw.summary(4), "net": net.summary(2),
                          "d_net": dn.summary(2), "d_scored": ds.summary(2),
                          "caught": rate_summary(caught, silences), "silences": silences})
    _progress(progress, -1, hands)
    return {"kind": "uno-call-study", "seed": seed, "players": players, "deals": hands, "assumed": assumed,
            "branched": sum(1 for d in deals if d["branched"]), "base": {"win": rate_summary(base_win, hands),
                                                                         "net": base_net.summary(2)},
            "cells": out_cells, "jobs": jobs, "seconds": round(time.perf_counter() - t0, 1),
            "sensitivity": [study(hands, players, SENSITIVITY_VIGILANCE, ("official",), (2,), skips, a, seed, jobs,
                                  progress) for a in sensitivity]}


def _progress(on: bool, done: int, total: int) -> None:
    if not on:
        return
    if done < 0:
        print(file=sys.stderr)
        return
    print(f"\runo-call study: {done}/{total} deals", end="", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------- text
def _pp(d: dict) -> str:
    return f"{d['mean'] * 100:+.1f} [{d['lo'] * 100:+.1f}, {d['hi'] * 100:+.1f}]"


def _pts(d: dict) -> str:
    return f"{d['mean']:+.1f} [{d['lo']:+.1f}, {d['hi']:+.1f}]"


def _verdict(d: dict) -> str:
    return "pays" if d["lo"] > 0 else "costs" if d["hi"] < 0 else "no detectable effect"


def format_study(r: dict) -> str:
    b = r["base"]["win"]
    lines = [f"UNO-skipper at a {r['players']}-player table, {r['deals']} deals (seed {r['seed']}); "
             f"{r['branched']} reached a silence point; always saying UNO wins {b['rate'] * 100:.1f}% "
             f"[{b['lo'] * 100:.1f}, {b['hi'] * 100:.1f}]",
             f"{'window':<9}{'pen':>4}{'vigil':>7}{'skip':>6}  {'caught':>8}  {'win':>7}  "
             f"{'d win (pp) [95% CI]':<24}{'d net points [95% CI]':<24}verdict"]
    for c in r["cells"]:
        lines.append(f"{c['window']:<9}{c['penalty']:>4}{c['vigilance']:>7.2f}{c['skip']:>6.2f}  "
                     f"{c['caught']['rate'] * 100:>7.1f}%  {c['win']['rate'] * 100:>6.1f}%  {_pp(c['d_win']):<24}"
                     f"{_pts(c['d_net']):<24}{_verdict(c['d_win'])}")
    lines.append(f"{r['jobs']} process(es), {r['seconds']} s")
    for sr in r.get("sensitivity", []):
        lines += ["", f"unaware catchers believing {sr['assumed']} cards:", format_study(sr)]
    return "\n".join(lines)


def plot_study(r: dict, path: Path) -> Path | None:
    """Δ win rate and Δ net points against vigilance, a line per catch window, a column per penalty."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        return None
    pens = sorted({c["penalty"] for c in r["cells"]})
    wins = list(dict.fromkeys(c["window"] for c in r["cells"]))
    skip = max(c["skip"] for c in r["cells"])
    fig, axes = plt.subplots(2, len(pens), figsize=(4.6 * len(pens), 6.4), squeeze=False, sharex=True)
    colors = {"official": "#4c72b0", "SLOWUNO": "#dd8452", "PRE": "#55a868"}
    for col, pen in enumerate(pens):
        for row, (key, scale, label) in enumerate((("d_win", 100, "win rate change (points of %)"),
                                                   ("d_net", 1, "net points per hand change"))):
            ax = axes[row][col]
            for k, w in enumerate(wins):
                cs = sorted((c for c in r["cells"] if c["penalty"] == pen and c["window"] == w and c["skip"] == skip),
                            key=lambda c: c["vigilance"])
                if not cs:
                    continue
                x = [c["vigilance"] + (k - 1) * 0.015 for c in cs]
                y = [c[key]["mean"] * scale for c in cs]
                err = [[(c[key]["mean"] - c[key]["lo"]) * scale for c in cs],
                       [(c[key]["hi"] - c[key]["mean"]) * scale for c in cs]]
                ax.errorbar(x, y, yerr=err, marker="o", ms=4, capsize=3, label=w, color=colors.get(w))
            if pen == 2:
                for sr in r.get("sensitivity", []):
                    cs = sorted((c for c in sr["cells"] if c["skip"] == skip), key=lambda c: c["vigilance"])
                    ax.errorbar([c["vigilance"] for c in cs], [c[key]["mean"] * scale for c in cs],
                                yerr=[[(c[key]["mean"] - c[key]["lo"]) * scale for c in cs],
                                      [(c[key]["hi"] - c[key]["mean"]) * scale for c in cs]],
                                ls="--", marker="s", ms=3, capsize=2, color="#8172b3",
                                label=f"official, unaware see {sr['assumed']}")
            ax.axhline(0, color="black", lw=0.8)
            ax.grid(alpha=0.3)
            if row == 0:
                ax.set_title(f"missed UNO costs {pen} cards")
            if row == 1:
                ax.set_xlabel("catchers' vigilance (chance to notice, per look)")
            if col == 0:
                ax.set_ylabel(label)
    axes[0][0].legend(title="catch window", fontsize=8)
    fig.suptitle(f"Not saying UNO vs always saying it ({r['players']} players, {r['deals']} deals, 95% CI)",
                 fontsize=11)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _answer(r: dict) -> str:
    cells = [c for c in r["cells"] if c["skip"] == max(x["skip"] for x in r["cells"])]
    pays = [c for c in cells if c["d_win"]["lo"] > 0]
    costs = [c for c in cells if c["d_win"]["hi"] < 0]
    zero = [c for c in cells if c["vigilance"] == 0]
    best = max(cells, key=lambda c: c["d_win"]["mean"])
    parts = []
    if zero:
        z = zero[0]
        parts.append(f"Against catchers who never notice (vigilance 0) keeping quiet changes the win rate by "
                     f"{_pp(z['d_win'])} points ({_verdict(z['d_win'])}) and net points per hand by "
                     f"{_pts(z['d_net'])}: to catchers who take a silent hand for {r['assumed']} cards, that is all that "
                     f"not being seen at one card is worth.")
    parts.append(f"Of the {len(cells)} conditions, silence pays (the whole 95% interval above zero) in "
                 f"{len(pays)} and costs in {len(costs)}; the best is {best['window']}, penalty "
                 f"{best['penalty']}, vigilance {best['vigilance']:g}: {_pp(best['d_win'])}.")
    if costs:
        first = min(costs, key=lambda c: c["vigilance"])
        parts.append(f"It starts to cost from vigilance {first['vigilance']:g} ({first['window']}, penalty "
                     f"{first['penalty']}: {_pp(first['d_win'])}); the longer the window and the bigger the "
                     f"penalty, the more it costs.")
    by = {(c["window"], c["penalty"], c["vigilance"]): c for c in cells}
    v = min((c["vigilance"] for c in cells if 0 < c["vigilance"] < 1), default=None)
    if v is not None and all((w, 2, v) in by for w in WINDOWS):
        o, sl, pre = (by[(w, 2, v)]["caught"]["rate"] * 100 for w in WINDOWS)
        parts.append(f"At vigilance {v:g} the official window catches {o:.0f}% of the silences, SLOWUNO {sl:.0f}% "
                     f"(the next player's turn adds a look only when that player draws first) and PRE {pre:.0f}% "
                     f"(the window stays open until the silent hand changes).")
    if any(c["vigilance"] >= 1 for c in cells):
        parts.append("Against catchers who always notice, a player who never says UNO never wins: it is caught "
                     "every time it holds one card, and one card a turn cannot go out from two.")
    for sr in r.get("sensitivity", []):
        cs = sorted(sr["cells"], key=lambda c: c["vigilance"])
        text = "; ".join(f"vigilance {c['vigilance']:g}: {_pp(c['d_win'])} ({_verdict(c['d_win'])})" for c in cs)
        parts.append(f"If unaware catchers took the silent hand for {sr['assumed']} cards instead of "
                     f"{r['assumed']} (official window, penalty 2): {text}.")
    return " ".join(parts)


def write_section(r: dict, out: Path, command: str = "") -> Path:
    """Write ``uno-call.md`` (the section), ``uno-call.png`` and ``uno-call.json`` into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "uno-call.json").write_text(json.dumps(r, indent=2) + "\n", encoding="utf-8")
    plot = plot_study(r, out / "uno-call.png")
    b = r["base"]["win"]
    lines = [
        "# Does not saying UNO pay?", "",
        "004 says a player who calls UNO may draw the others' concerted attacks, so some players keep quiet "
        "with their last card, hoping to go out unseen at their next turn. Here one seat is the "
        "strategist playing its next-to-last card without UNO (`uno-skipper`, "
        "`unokit.bots.personalities.UnoSkipper`) and the other seats are strategists with a *vigilance*: at "
        "each look at the table (each new moment they are asked to act or react) they notice the silent "
        "one-card hand with that probability; once they have, they catch it while the window is open and "
        "defend against it as against any UNO; until then they believe it holds "
        f"{r['assumed']} cards and do not catch it (`Watcher`). It is compared with the same seat saying UNO "
        "every time, on the same deals: each deal is played until the skipper is about to play holding two "
        "cards, and from there every condition plays the rest of the hand with the same bots, so what "
        "differs is only the silence and its consequences (paired differences, mean ± 1.96 SE; deals that "
        "never reach that point count as zero). Net points: points scored when winning minus the points of "
        "the hand held when another seat wins. Module `unokit/lab/uno_call_study.py`.", "",
        f"Command: `{command or 'python -m unokit.lab.uno_call_study'}`: {r['deals']} deals at {r['players']} "
        f"players, seed {r['seed']}, {r['branched']} of them reached a silence point; {r['jobs']} processes, "
        f"{r['seconds']:.0f} s"
        + "".join(f" (and {sr['seconds']:.0f} s for the run with {sr['assumed']} cards believed)"
                  for sr in r.get("sensitivity", []))
        + f". Always saying UNO, the skipper's seat wins {b['rate'] * 100:.1f}% "
        f"[{b['lo'] * 100:.1f}, {b['hi'] * 100:.1f}] (fair share {100 / r['players']:.0f}%).", "",
    ]
    if plot is not None:
        lines += [f"![not saying UNO against vigilance]({plot.name})", ""]
    lines += ["**Answer.** " + _answer(r), "",
              "| catch window | penalty | vigilance | caught | skipper wins | change in win rate (points) | "
              "change in net points | verdict |",
              "|---|---|---|---|---|---|---|---|"]
    for c in r["cells"]:
        cw = c["caught"]
        caught = f"{cw['rate'] * 100:.0f}% of {c['silences']}" if c["silences"] else "-"
        lines.append(f"| {c['window']} | {c['penalty']} | {c['vigilance']:g}"
                     + (f" (skip {c['skip']:g})" if c["skip"] != 1.0 else "")
                     + f" | {caught} | {c['win']['rate'] * 100:.1f}% | {_pp(c['d_win'])} | {_pts(c['d_net'])} | "
                     f"{_verdict(c['d_win'])} |")
    for sr in r.get("sensitivity", []):
        lines += ["", f"Unaware catchers believing the silent hand holds {sr['assumed']} cards (official window, "
                  f"penalty 2, the same deals):", "",
                  "| vigilance | caught | skipper wins | change in win rate (points) | change in net points | verdict |",
                  "|---|---|---|---|---|---|"]
        for c in sr["cells"]:
            cw = c["caught"]
            caught = f"{cw['rate'] * 100:.0f}% of {c['silences']}" if c["silences"] else "-"
            lines.append(f"| {c['vigilance']:g} | {caught} | {c['win']['rate'] * 100:.1f}% | {_pp(c['d_win'])} | "
                         f"{_pts(c['d_net'])} | {_verdict(c['d_win'])} |")
    lines += ["", "*Caught*: the share of the silences (next-to-last cards played without UNO) that were "
              "caught. Windows: official (`UNO 1121`, until the next player starts), `SLOWUNO` (until the end "
              "of the next player's turn), `PRE` (until the silent player's hand changes); a missed UNO costs "
              "2 cards, or 4 (`uno=4`).", ""]
    p = out / "uno-call.md"
    p.write_text("\n".join(lines), encoding="utf-8")
    return p


def _floats(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in text.split(",") if x.strip())


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m unokit.lab.uno_call_study", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=HANDS, help=f"deals (default {HANDS})")
    p.add_argument("--players", type=int, default=4, help="table size (default 4)")
    p.add_argument("--vigilance", default=",".join(f"{v:g}" for v in VIGILANCE), help="catchers' vigilances")
    p.add_argument("--windows", default=",".join(WINDOWS), help="catch windows: official,SLOWUNO,PRE")
    p.add_argument("--penalties", default="2,4", help="cards a missed UNO costs (default 2,4)")
    p.add_argument("--skip", default="1", help="chances of keeping quiet, e.g. 1,0.5 (default 1: never says UNO)")
    p.add_argument("--assumed", type=int, default=2, help="cards an unaware catcher believes the silent seat holds")
    p.add_argument("--sensitivity", default="7", help="other --assumed values measured again at the official window, "
                                                       "penalty 2, vigilance 0, 0.05, 0.1 (default 7; '' for none)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    p.add_argument("--out", default=None, metavar="DIR", help="write uno-call.md/.png/.json here (e.g. docs/lab)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--rerender", action="store_true", help="play nothing: write the section and the plot again "
                                                           "from --out's uno-call.json")
    a = p.parse_args(argv)
    if a.rerender:
        if not a.out:
            print("error: --rerender needs --out DIR", file=sys.stderr)
            return 2
        r = json.loads((Path(a.out) / "uno-call.json").read_text(encoding="utf-8"))
        write_section(r, Path(a.out), r.get("command", ""))
        print(format_study(r))
        return 0
    try:
        r = study(a.hands, a.players, _floats(a.vigilance), tuple(w.strip() for w in a.windows.split(",") if w.strip()),
                  tuple(int(x) for x in a.penalties.split(",") if x.strip()), _floats(a.skip), a.assumed, a.seed,
                  a.jobs or None, progress=not a.json and sys.stderr.isatty(),
                  sensitivity=tuple(int(x) for x in a.sensitivity.split(",") if x.strip()))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.out:
        r["command"] = ("python -m unokit.lab.uno_call_study " + " ".join(argv if argv is not None else sys.argv[1:])).strip()
        write_section(r, Path(a.out), r["command"])
    print(json.dumps(r, indent=2) if a.json else format_study(r))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
