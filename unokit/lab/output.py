"""What the lab writes: the readable table (:func:`format_lab`), the CSV (:func:`write_csv`) and one plot per
metric (:func:`plot_lab`), from the result :func:`unokit.lab.lab` returns."""

from __future__ import annotations

import csv
from pathlib import Path

from . import METRICS, _with, metric_value

__all__ = ["format_lab", "write_csv", "plot_lab"]


def write_csv(res: dict, path: Path) -> Path:
    """One row per (rule set, players, metric): value with its 95% interval."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["rules", "players", "bots", "measure", "metric", "value", "lo", "hi", "n"])
        for e in res["results"]:
            for key, measure, _label, _kind in METRICS:
                v = metric_value(e, key)
                if v is None:
                    continue
                bots = ",".join(e.get("skill_lineup", [])) if measure == "skill" else ",".join(e["bots"])
                w.writerow([e["rules"], e["players"] if measure != "skill" else e["skill"]["players"], bots,
                            measure, key, v["value"], v["lo"], v["hi"], v["n"]])
    return path


def plot_lab(res: dict, out: Path) -> list[Path]:
    """One PNG per metric measured: a bar per (rule set, players) with its 95% interval."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        return []
    paths = []
    for key, _measure, label, kind in METRICS:
        measured = [(e, metric_value(e, key)) for e in res["results"]]
        rows = [(e, v) for e, v in measured if v is not None]
        if not rows or all(v["value"] == 0 and v["hi"] == 0 for _, v in rows):
            continue
        names = [f"{e['rules']} ({e['players'] if _measure != 'skill' else e['skill']['players']}p)" for e, _ in rows]
        vals = [v["value"] * (100 if kind == "rate" else 1) for _, v in rows]
        err = [[(v["value"] - v["lo"]) * (100 if kind == "rate" else 1) for _, v in rows],
               [(v["hi"] - v["value"]) * (100 if kind == "rate" else 1) for _, v in rows]]
        fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.4))
        ax.barh(range(len(rows)), vals, xerr=err, color="#4c72b0", ecolor="black", capsize=3)
        ax.set_yticks(range(len(rows)), names)
        ax.invert_yaxis()
        ax.set_xlabel(label + (" (%)" if kind == "rate" else "") + ", 95% CI")
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        p = out / f"lab-{key}.png"
        fig.savefig(p, dpi=100)
        plt.close(fig)
        paths.append(p)
    return paths


def _fmt(v: dict | None, pct: bool = False) -> str:
    if v is None:
        return "-"
    if pct or v.get("kind") == "rate":
        return f"{v['value'] * 100:.1f}% [{v['lo'] * 100:.1f}, {v['hi'] * 100:.1f}]"
    return f"{v['value']:.2f} [{v['lo']:.2f}, {v['hi']:.2f}]"


def format_lab(res: dict) -> str:
    """A readable table: one block per rule set and table size, every metric with its 95% CI."""
    lines = [f"lab: {len(res['rule_sets'])} rule set(s) x players {res['players']}"
             f"{_with(res.get('decks', 1), res.get('deck', 'classic'))}, "
             f"bots {res['bots']}, seed {res['seed']}; {res['hands']} hands, {res['skill_hands']} skill games "
             f"({res['skill_bot']} vs random-play), {res['matches']} matches; 95% CIs in brackets"]
    for e in res["results"]:
        lines.append("")
        lines.append(f"{e['rules']}  ({e['players']} players)")
        for key, measure, label, _kind in METRICS:
            v = metric_value(e, key)
            if v is None:
                continue
            extra = f"  ({e['skill']['players']}p)" if measure == "skill" else ""
            lines.append(f"  {label:<40} {_fmt(v)}{extra}")
    w = res["work"]
    lines.append("")
    lines.append(f"chunks: {w['chunks']} ({w['run']} played, {w['cached']} from the cache), {w['jobs']} process(es), "
                 f"{res['seconds']} s")
    if res.get("engine"):
        lines.append(f"engine: {res['engine']}")
    if res.get("files"):
        lines.append("wrote: " + ", ".join(res["files"]))
    return "\n".join(lines)
