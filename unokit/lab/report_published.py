"""The rules report's "Reproducing the published numbers" section: the reference numbers of public
simulations of random players (hand length, first-mover edge, the stacking table), the measured ones
beside them, the discussion of how the counts differ, the stacking study's chains
(:mod:`unokit.lab.stacking_study`) and the plot ``report-published.png``.

>>> PUBLISHED['stacking'][2]
(51.1, 47.9, 56.6)
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from .report_format import _measured, _plt, _ratio, _tv

__all__ = ["PUBLISHED", "PUBLISHED_RULES", "published_section"]


class _Published(TypedDict):
    turns_2p: float
    first_2p: float
    stacking: dict[int, tuple[float, float, float]]


#: Reference numbers from public simulations of two/four random players (see the report).
PUBLISHED: _Published = {
    "turns_2p": 41.0,        # two random players: about 41 turns per hand
    "first_2p": 0.52,        # the first mover wins about 52%
    "stacking": {            # average turns: no stacking / stacking +2 / stacking +2 and +4
        2: (51.1, 47.9, 56.6),
        4: (55.1, 53.0, 52.3),
    },
}
PUBLISHED_RULES = ("UNO 1121", "UNO 1121 P1", "UNO 1121 P3", "UNO 1121 P4")


def published_section(data: dict, out: Path) -> tuple[list[str], list[Path]]:
    """The section's markdown lines and the plot it wrote (``data["published"]`` and ``data["stacking"]``)."""
    pub = data["published"]
    lines: list[str] = []
    files: list[Path] = []
    add = lines.append
    add("## Reproducing the published numbers")
    add("")
    add("| quantity | published | measured: turns | measured: actions (plays + draws) | measured: plays |")
    add("|---|---|---|---|---|")
    b2 = _measured(pub, "UNO 1121", 2)
    b2t = b2["table"]
    add(f"| two random players, average hand length | ≈ 41 turns | {_tv(b2t['turns'])} | {_tv(b2t['actions'])} "
        f"| {_tv(b2t['plays'])} |")
    fs = b2t["first_seat"]
    add(f"| two random players, first mover's win rate | ≈ 52% | {fs['rate'] * 100:.1f}% "
        f"[{fs['lo'] * 100:.1f}, {fs['hi'] * 100:.1f}] | | |")
    labels = ("no stacking", "stacking +2 (P1)", "stacking +2 and +4 (P4)", "stacking +2 and +4 (P3)")
    rules = ("UNO 1121", "UNO 1121 P1", "UNO 1121 P4", "UNO 1121 P3")
    for pl in (2, 4):
        ref = PUBLISHED["stacking"][pl]
        for i, (lab_, r) in enumerate(zip(labels, rules)):
            e = _measured(pub, r, pl)
            t = e["table"]
            add(f"| {pl} players, {lab_}: average turns | {ref[min(i, 2)]} | {_tv(t['turns'])} | "
                f"{_tv(t['actions'])} | {_tv(t['plays'])} |")
    add("")
    rel = []
    for pl in (2, 4):
        b = _measured(pub, "UNO 1121", pl)["table"]["turns"]
        ref = PUBLISHED["stacking"][pl]
        for r, lab_, k in (("UNO 1121 P1", "P1", 1), ("UNO 1121 P4", "P4", 2), ("UNO 1121 P3", "P3", 2)):
            e = _measured(pub, r, pl)["table"]["turns"]
            q, lo, hi = _ratio(e, b)
            rel.append(f"{pl}p {lab_}: measured {(q - 1) * 100:+.1f}% [{(lo - 1) * 100:+.1f}, {(hi - 1) * 100:+.1f}] "
                       f"(published {(ref[k] / ref[0] - 1) * 100:+.1f}%)")
    add("Relative change of the hand length against no stacking: " + "; ".join(rel) + ".")
    add("")
    add(_published_discussion(pub))
    add("")
    st = data.get("stacking")
    if st:
        add(_stacking_section(st))
        add("")
    p = _plot_published(pub, out)
    if p:
        files.append(p)
        add(f"![published vs measured]({p.name})")
        add("")
    return lines, files


def _stacking_hands(st: dict) -> str:
    counts = sorted({x.get("hands") for res in st.values() for x in res["results"]} - {None})
    return " or ".join(f"{c:,}" for c in counts) or "?"


def _stacking_section(st: dict) -> str:
    """The stacking study (unokit.lab.stacking_study) next to the published chain table."""
    from .stacking_study import PUBLISHED_CHAINS
    rows = ["**Do our players stack as the published ones do?** The same source publishes how often hands see "
            "stacking chains (runs of draw cards added to a pending total). `python -m unokit.lab.stacking_study` "
            f"measures them ({_stacking_hands(st)} hands each) for two agents: `always` (our random-play: it always adds when it can) and "
            "`hesitant` (it picks uniformly among adding and drawing):", "",
            "| players | stacking | source / agent | turns | cards drawn | chain 2+ | chain 3+ | mean chain | longest |",
            "|---|---|---|---|---|---|---|---|---|"]
    by = {}
    for agent, res in st.items():
        for x in res["results"]:
            by[(agent, x["players"], x["rules"])] = x
    for pl in (2, 4):
        for label, rules in (("none", "UNO 1121"), ("+2", "UNO 1121 P1"), ("+2 & +4", "UNO 1121 P4"),
                             ("+2 & +4 (P3)", "UNO 1121 P3")):
            pubc = PUBLISHED_CHAINS.get((pl, label))
            if pubc:
                rows.append(f"| {pl} | {label} | published | {PUBLISHED['stacking'][pl][1 if label == '+2' else 2]} | "
                            f"| {pubc[0] * 100:.1f}% | {pubc[1] * 100:.1f}% | {pubc[2]} | {pubc[3]} |")
            for agent in st:
                x = by.get((agent, pl, rules))
                if x is None:
                    continue
                t = x["turns"]
                rows.append(f"| {pl} | {label} | {agent} | {t['mean']:.1f} [{t['lo']:.1f}, {t['hi']:.1f}] | "
                            f"{x['drawn']['mean']:.1f} | {x['chain2'] * 100:.1f}% | {x['chain3'] * 100:.1f}% | "
                            f"{x['chain_mean']:.2f} | {x['longest']} |")
    rows += ["", _stacking_conclusion(by, list(st))]
    return "\n".join(rows)


def _stacking_conclusion(by: dict, agents: list) -> str:
    from .stacking_study import PUBLISHED_CHAINS
    def get(agent, pl, rules, key):
        x = by.get((agent, pl, rules))
        return None if x is None else (x[key]["mean"] if isinstance(x[key], dict) else x[key])
    parts = []
    a = "always" if "always" in agents else agents[0]
    gaps = {}
    for ag in agents:
        c3 = [(get(ag, pl, r, "chain3"), PUBLISHED_CHAINS[(pl, lab_)][1])
              for pl in (2, 4) for lab_, r in (("+2", "UNO 1121 P1"), ("+2 & +4", "UNO 1121 P4"))]
        if all(x[0] is not None for x in c3):
            gaps[ag] = max(abs(x - y) for x, y in c3)
    if gaps:
        best = min(gaps, key=gaps.__getitem__)
        parts.append("Largest gap to the published frequency of chains of 3+ cards: "
                     + ", ".join(f"`{ag}` {g * 100:.1f} points" for ag, g in gaps.items())
                     + f". The `{best}` agent reproduces the published chains best"
                     + (": the published players, like ours, add to a draw whenever they can, and their stacking "
                        "rules produce the chains ours do." if best == "always" else "."))
    d0, d4 = get(a, 2, "UNO 1121", "drawn"), get(a, 2, "UNO 1121 P4", "drawn")
    t0, t4 = get(a, 2, "UNO 1121", "turns"), get(a, 2, "UNO 1121 P4", "turns")
    if None not in (d0, d4, t0, t4):
        parts.append(f"At 2 players full stacking takes our hands from {t0:.1f} to {t4:.1f} turns and the cards "
                     f"drawn per hand from {d0:.1f} to {d4:.1f}. A chain moves the penalty cards onto one player "
                     "but adds none, and every stacker sheds a card instead of drawing and losing a turn, so hands "
                     "can only grow longer if something else makes players draw more. The published +10.8% needs "
                     "such a source of extra draws, appearing with Wild Draw Four stacking at 2 players only (its "
                     "+2-only stacking and its 4-player tables shorten hands, as ours do). The source publishes "
                     "neither its code nor its exact rules, so we cannot say what it is; we record the "
                     "disagreement as unexplained rather than tune unokit to match it.")
    return " ".join(parts)


def _published_discussion(pub: dict) -> str:
    b2 = _measured(pub, "UNO 1121", 2)["table"]
    b4 = _measured(pub, "UNO 1121", 4)["table"]
    t2, t4, a2, p2 = b2["turns"], b4["turns"], b2["actions"], b2["plays"]
    fs = b2["first_seat"]
    ref2, ref4 = PUBLISHED["stacking"][2][0], PUBLISHED["stacking"][4][0]
    off = max(abs(ref2 - t2["mean"]) / t2["mean"], abs(ref4 - t4["mean"]) / t4["mean"])
    agree, disagree, unsure = [], [], []
    longer = False
    for pl in (2, 4):
        b = _measured(pub, "UNO 1121", pl)["table"]["turns"]
        ref = PUBLISHED["stacking"][pl]
        for r, lab_, k in (("UNO 1121 P1", "P1", 1), ("UNO 1121 P4", "P4", 2)):
            q, lo, hi = _ratio(_measured(pub, r, pl)["table"]["turns"], b)
            pubq = ref[k] / ref[0]
            longer = longer or lo > 1
            item = f"{pl} players {lab_} ({(q - 1) * 100:+.1f}% [{(lo - 1) * 100:+.1f}, {(hi - 1) * 100:+.1f}] " \
                   f"against {(pubq - 1) * 100:+.1f}%)"
            if lo <= 1 <= hi:
                unsure.append(item)
            elif (q - 1) * (pubq - 1) > 0:
                agree.append(item)
            else:
                disagree.append(item)
    text = (
        "**How the counts differ.** The two published sources disagree with each other for the very same game "
        f"(41 against {ref2} turns for two random players), so they do not count the same thing. Our *turns* "
        f"({t2['mean']:.1f} [{t2['lo']:.1f}, {t2['hi']:.1f}] at 2 players, {t4['mean']:.1f} [{t4['lo']:.1f}, "
        f"{t4['hi']:.1f}] at 4) count every turn a player takes, draw-only turns and penalty draws included; the "
        f"stacking source's {ref2} and {ref4} are within {off * 100:.0f}% of them"
        + (" (slightly outside our intervals)" if not (t2["lo"] <= ref2 <= t2["hi"] and t4["lo"] <= ref4 <= t4["hi"])
           else "")
        + f", so that source counts turns much as we do. *Actions* ({a2['mean']:.1f}) add the play after a draw; "
        f"*plays* ({p2['mean']:.1f}) leave out the turns spent only drawing. The 41 of the other source lies "
        "between plays and turns: it matches a count that leaves out some of the turns spent drawing (penalty "
        "draws, or a draw-and-pass folded into the next turn), or an agent that differs from ours in small ways "
        "(whether a playable drawn card is played, whether a Wild Draw Four may be played freely, whether a "
        "Reverse with two players acts as a Skip, as the official rules say and unokit plays it). The first "
        f"mover's win rate at 2 players, {fs['rate'] * 100:.1f}% [{fs['lo'] * 100:.1f}, {fs['hi'] * 100:.1f}], "
        + ("contains the published 52%." if fs["lo"] <= PUBLISHED["first_2p"] <= fs["hi"]
           else "does not contain the published 52%."))
    text += ("\n\n**Stacking.** Between counts, what should carry over is the direction of the stacking effect. "
             + (f"It agrees for {', '.join(agree)}. " if agree else "")
             + (f"The change is too small to call for {', '.join(unsure)} (the interval contains 0). "
                if unsure else "")
             + (f"It is opposite for {', '.join(disagree)}. " if disagree else "")
             + ("Here stacking does not lengthen hands at any table size: a random player facing a draw it can "
                "stack always stacks, and the chain still ends with one player drawing everything and losing the "
                "turn, as a single draw card would, while the stacked draw cards leave the hands faster. "
                if not longer else "")
             + ("A published lengthening at 2 players could come from players that stack only sometimes, or "
                "from a rule that adds draws; the next paragraph tests the first." if disagree else ""))
    return text


def _plot_published(pub: dict, out: Path) -> Path | None:
    try:
        plt = _plt()
    except ImportError:  # pragma: no cover
        return None
    labels = ["none", "P1", "P4", "P3"]
    rules = ["UNO 1121", "UNO 1121 P1", "UNO 1121 P4", "UNO 1121 P3"]
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.4), sharey=True)
    for ax, pl in zip(axes, (2, 4)):
        ref = PUBLISHED["stacking"][pl]
        xs = range(len(labels))
        meas = [_measured(pub, r, pl)["table"]["turns"] for r in rules]
        acts = [_measured(pub, r, pl)["table"]["actions"] for r in rules]
        ax.bar([x - 0.27 for x in xs], [ref[0], ref[1], ref[2], ref[2]], width=0.27, color="#dddddd",
               edgecolor="black", label="published")
        ax.bar(list(xs), [m["mean"] for m in meas], width=0.27, color="#4c72b0",
               yerr=[[m["mean"] - m["lo"] for m in meas], [m["hi"] - m["mean"] for m in meas]], capsize=3,
               label="measured: turns")
        ax.bar([x + 0.27 for x in xs], [m["mean"] for m in acts], width=0.27, color="#55a868",
               yerr=[[m["mean"] - m["lo"] for m in acts], [m["hi"] - m["mean"] for m in acts]], capsize=3,
               label="measured: actions")
        if pl == 2:
            ax.axhline(PUBLISHED["turns_2p"], color="#c44e52", ls="--", lw=1, label="published: 41 turns")
        ax.set_xticks(list(xs), labels)
        ax.set_title(f"{pl} players: average hand length", fontsize=9)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("turns per hand (95% CI)")
    axes[0].legend(fontsize=7, loc="lower left")
    fig.tight_layout()
    p = out / "report-published.png"
    fig.savefig(p, dpi=90)
    plt.close(fig)
    return p
