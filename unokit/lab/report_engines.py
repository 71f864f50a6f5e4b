"""Where the rules report was played: the chunks each engine played, and what the referee still plays and why.

Every measure the compiled core accepts (:func:`unokit.fast.compiled.problem`) is played at the report's full
size; the referee plays the rest at most ``referee_hands`` hands or games each. :func:`referee_left` names each
rule set, table and measure still on the referee with the compiled core's reason, so the report's header (and
``unokit report``'s output) shows at a glance whether anything is left.
"""

from __future__ import annotations

__all__ = ["engine_chunks", "referee_left", "STUDIES", "header_lines", "summary_lines"]

#: the report's two studies of their own, played by Python agents on the referee (at most ``referee_hands``
#: deals for the UNO call, ``2 * referee_hands`` hands per cell for the stacking chains)
STUDIES = {
    "stacking": "the stacking study: its agents (`always`, `hesitant`) and its chain counts are the referee's "
                "(unokit.lab.stacking_study)",
    "uno call": "the study 'does not saying UNO pay?': its watchers and catchers are the referee's "
                "(unokit.lab.uno_call_study; reused from uno-call.json when stored)",
}
_KINDS = {"table": "hands", "skill": "rotated", "match": "matches"}


def engine_chunks(labs) -> dict[str, int]:
    """The chunks each engine played over the lab results ``labs`` (None entries skipped)."""
    out: dict[str, int] = {}
    for r in labs:
        for k, v in ((r or {}).get("work") or {}).get("engines", {}).items():
            out[k] = out.get(k, 0) + v
    return out


def _why(kind: str, rules: str, lineup) -> str | None:
    from . import compiled_chunks
    spec = {"kind": kind, "rules": rules, "lineup": list(lineup)}
    return (compiled_chunks.match_problem if kind == "matches" else compiled_chunks.problem)(spec)


def referee_left(sections: dict, engine: str = "auto") -> list[dict]:
    """Each measure of the lab results ``sections`` (name -> :func:`unokit.lab.lab` result or None) that the
    referee played: ``{"section", "rules", "players", "bots", "measure", "why"}``, ``why`` the compiled core's
    reason (``engine="referee"``: every measure, because it was asked)."""
    left = []
    for name, r in sections.items():
        for e in (r or {}).get("results", []):
            for measure, kind in _KINDS.items():
                if measure not in e:
                    continue
                lineup = e.get("skill_lineup") if measure == "skill" else e["bots"]
                why = "--engine referee" if engine == "referee" else _why(kind, e["rules"], lineup)
                if why:
                    left.append({"section": name, "rules": e["rules"], "players": len(lineup),
                                 "bots": _bots(lineup), "measure": measure, "why": why,
                                 "capped": (e.get("capped") or {}).get(measure)})
    return left


def _bots(lineup) -> str:
    names = list(dict.fromkeys(lineup))
    return ", ".join(f"{b} x{lineup.count(b)}" if lineup.count(b) > 1 else b for b in names)


def _grouped(left: list[dict]) -> list[tuple[str, list[dict]]]:
    """The measures on the referee, grouped by reason (the reasons in first-seen order)."""
    groups: dict[str, list[dict]] = {}
    for x in left:
        groups.setdefault(x["why"], []).append(x)
    return list(groups.items())


def _what(x: dict) -> str:
    cap = f", {x['capped']:,}" if x.get("capped") else ""
    return f"`{x['rules']}` {x['measure']} ({x['players']} seats: {x['bots']}{cap})"


def header_lines(data: dict) -> list[str]:
    """The report header's bullet on where everything was played (nothing for an older report.json)."""
    if "referee_left" not in data:
        return []
    left = data["referee_left"]
    out = ["- **Where it was played** (the chunks of each engine: above): every measure the compiled core accepts "
           "(`unokit.fast.compiled.problem`) plays its full size there. "
           + ("Nothing of the rules measures is left on the referee." if not left else
              f"Still on the referee ({len(left)} measures, at most {data.get('referee_hands', 0):,} hands or games "
              "each, matches in proportion), by the compiled core's reason:")]
    for why, xs in _grouped(left):
        out.append(f"  - {why}: " + "; ".join(_what(x) for x in xs) + ".")
    for name, text in STUDIES.items():   # (the UNO call's whether played now or reused: its section follows it)
        if name != "stacking" or data.get("stacking") is not None:
            out.append(f"  - {text}.")
    return out


def summary_lines(data: dict) -> list[str]:
    """``unokit report``'s lines on the engines: the chunks, then each reason and how many measures it keeps."""
    if "referee_left" not in data:
        return []
    engines = data.get("engines") or {}
    out = ["engines: " + (", ".join(f"{k} {v} chunks" for k, v in sorted(engines.items())) or "none")]
    left = data["referee_left"]
    if not left:
        out.append("on the referee: nothing (the stacking and UNO-call studies aside)")
    for why, xs in _grouped(left):
        out.append(f"on the referee ({len(xs)}): {why} [" + ", ".join(f"{x['rules']} {x['measure']}" for x in xs)
                   + "]")
    return out
