"""How the rules report writes its numbers: looking up a rule set's results, values and differences
with their 95% intervals, ratios, the engines note, and matplotlib's headless backend.

Shared by :mod:`unokit.lab.report` and :mod:`unokit.lab.report_published`.

>>> _tv({'mean': 41.04, 'lo': 40.2, 'hi': 41.9})
'41.0 [40.2, 41.9]'
"""

from __future__ import annotations

import math

from . import METRICS, Z95


def _entry(res: dict | None, rules: str, players: int | None = None) -> dict | None:
    if res is None:
        return None
    for e in res["results"]:
        if e["rules"] == rules and (players is None or e["players"] == players):
            return e
    return None


def _measured(res: dict | None, rules: str, players: int | None = None) -> dict:
    """:func:`_entry` for a rule set the report measured itself: its result is there."""
    e = _entry(res, rules, players)
    assert e is not None, f"no result for {rules!r}"
    return e


def _pm(eff: dict | None, pct: bool = False, digits: int = 1) -> str:
    if eff is None:
        return "–"
    f = 100 if pct else 1
    return f"{eff['d'] * f:+.{digits}f} [{eff['lo'] * f:+.{digits}f}, {eff['hi'] * f:+.{digits}f}]"


def _engines_note(engines) -> str:
    """``; 120 chunks on the compiled core, 80 on the referee`` (nothing for an older report)."""
    if not engines:
        return ""
    names = {"compiled": "on the compiled core", "referee": "on the referee"}
    return "; " + ", ".join(f"{v:,} chunks {names.get(k, k)}" for k, v in sorted(engines.items()))


def metric_kind(key: str) -> str:
    return next(kind for k, _m, _l, kind in METRICS if k == key)


def _tv(s: dict) -> str:
    return f"{s['mean']:.1f} [{s['lo']:.1f}, {s['hi']:.1f}]"


def _rv(r: dict) -> str:
    return f"{r['rate'] * 100:.1f}% [{r['lo'] * 100:.1f}, {r['hi'] * 100:.1f}]"


def _ratio(a: dict, b: dict) -> tuple[float, float, float]:
    """``mean(a) / mean(b)`` with a delta-method 95% interval."""
    q = a["mean"] / b["mean"]
    se = q * math.sqrt((a["se"] / a["mean"]) ** 2 + (b["se"] / b["mean"]) ** 2)
    return q, q - Z95 * se, q + Z95 * se


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt
