"""The rule advisor (``unokit advise``): which house rules fit what a group wants, measured by the lab.

:func:`advise` takes the table (players, decks) and what the group wants (:class:`Wants`: minutes a hand or a
match to 500, more luck or more skill, more or less interaction, fewer droughts, rules to keep or exclude) and
returns a JSON-ready result: a few rule codes, each with its measured *profile* against ``UNO 1121`` at that
table size, its score and a one-line "why it fits". The text is :func:`unokit.lab.advise_cli.format_advice`'s
(the lobby and the printed sheet call :func:`advise` and :func:`profile_of` too).

The profile of a code is built from :func:`unokit.lab.lab`'s result for it, with the lab's seeds (same code,
players, hands and seed: the same numbers; ``tests/lab/test_advise.py`` checks the equality):

- hand length in turns (mean, 95% interval, n) and in minutes for people (:class:`Pace`: seconds per turn, per
  card drawn and per hand dealt);
- the skill edge: the lab's skill measure with the skill bot :data:`SKILL_BOT` against ``random-play`` on paired,
  seat-rotated deals (its win rate minus the fair share);
- the first seat's advantage (the first mover's win rate minus the fair share), cards drawn per hand;
- the chance of a very long hand: longer than the 95th percentile of ``UNO 1121``'s hand length at that table
  size (from the lab's histogram of turns), with its Wilson interval.

Where the candidates come from (:func:`candidates`): every implemented catalogue code alone (with the rule it
needs: ``alone``), the guide's ready-made variations (:data:`unokit.rules.catalog.VARIATIONS`), then pairs and
triples of the best single rules; every code goes through the RuleSet parser, which refuses conflicts and
missing needs (nothing is restated here). Codes the compiled core plays are measured live (a screen of
``screen_hands`` hands for all, then ``hands`` for the shortlist), cached on disk (:func:`measure`); the others
come from the rules report (``docs/lab/report.json``, measured at its own table size: the output says so) or,
with ``measure_all``, are played on the referee with at most ``referee_hands`` hands.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ..core.errors import LabError, UnoError
from . import LAB_VERSION, RANDOM_PLAY, chunk_engine, engine_fingerprint, lab
from .histogram import Histogram
from .stats import mean_diff, newcombe_diff, wilson

__all__ = ["Wants", "Pace", "advise", "canonical_code", "code_profile", "measure", "profile_of", "candidates", "score_of", "BASELINE", "SKILL_BOT",
           "ATTACKS", "LONG_QUANTILE", "default_cache_dir", "effects", "effect_label", "rule_effects"]

BASELINE = "UNO 1121"
#: the skill bot of the advisor's skill measure: the rules report's, and the one the compiled core plays under
#: every house rule it covers (its strategist plays the official rules and the house rules of compiled._STRATEGIST_RULES)
SKILL_BOT = "greedy"
#: a hand is "very long" when it is longer than this quantile of UNO 1121's hand lengths at the table size
LONG_QUANTILE = 0.95
#: the rules counted as interaction (attacks on other players): stacking and draw totals passed on, rules that
#: make another seat draw or lose cards, hands swapped or passed, cuts
ATTACKS = ("P1", "P2", "P3", "P4", "I", "REVENGE", "DEFLECT", "GT", "BA", "DAD", "TRI", "BACK", "BOMB", "M", "DOA",
           "T", "CAR", "SEVENO", "ZEROLEFT", "C", "JUMPIN", "WILDSTART")
REPORT = Path(__file__).resolve().parents[2] / "docs" / "lab" / "report.json"


@dataclass(frozen=True)
class Pace:
    """How long people take: ``seconds = turns * per_turn + cards drawn * per_card + per_hand`` (docs/lab/advise.md
    gives the sources of the defaults)."""

    per_turn: float = 6.0
    per_card: float = 2.0
    per_hand: float = 20.0

    def seconds(self, turns: float, drawn: float) -> float:
        return turns * self.per_turn + drawn * self.per_card + self.per_hand


@dataclass(frozen=True)
class Wants:
    """What the group wants. ``luck``: +1 more luck, -1 more skill; ``interaction``: +1 more, -1 less;
    ``keep``: codes every proposal holds; ``exclude``: codes none holds."""

    minutes: float | None = None
    match_minutes: float | None = None
    luck: int = 0
    interaction: int = 0
    fewer_droughts: bool = False
    keep: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------- measuring
def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/unokit/advise`` (``~/.cache/unokit/advise``)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "unokit" / "advise"


def _key(code: str, players: int, args: dict) -> str:
    keyed = dict(args, code=code, players=players, v=LAB_VERSION, engine=engine_fingerprint())
    return hashlib.sha256(json.dumps(keyed, sort_keys=True).encode()).hexdigest()[:24]


def measure(codes, players: int, *, hands: int, skill_hands: int | None = None, matches: int = 0, seed: int = 0,
            decks: int = 1, referee_hands: int | None = None, jobs: int | None = None,
            cache: Path | None = None) -> dict[str, dict]:
    """The lab's entry (``lab()["results"][i]``) of each code at ``players`` seats: code -> entry.

    One :func:`~unokit.lab.lab` call plays the codes not in ``cache`` (table, skill with :data:`SKILL_BOT`, and
    matches when ``matches``), with ``seed``; each entry is then cached under a key of the code, the table, the
    counts, the seed and :func:`~unokit.lab.engine_fingerprint` (other code never reuses it)."""
    skill_hands = hands if skill_hands is None else skill_hands
    measures = ["table", "skill"] + (["match"] if matches else [])
    args = {"hands": hands, "skill_hands": skill_hands, "matches": matches, "seed": seed, "decks": decks,
            "referee_hands": referee_hands, "skill": SKILL_BOT, "measures": measures}
    out: dict[str, dict] = {}
    missing = []
    for code in dict.fromkeys(codes):
        p = Path(cache) / f"{_key(code, players, args)}.json" if cache is not None else None
        if p is not None and p.is_file():
            try:
                d = json.loads(p.read_text(encoding="utf-8"))
                if d.get("code") == code and d.get("args") == args:
                    out[code] = d["entry"]
                    continue
            except (OSError, ValueError, KeyError):
                pass   # a torn file: measure again
        missing.append(code)
    if missing:
        r = lab(missing, bots=RANDOM_PLAY, players=[players], decks=decks, hands=hands, skill_hands=skill_hands,
                matches=matches or None, measures=measures, seed=seed, jobs=jobs, progress=False, plots=False,
                skill=SKILL_BOT, referee_hands=referee_hands, turns_histogram=True)
        for code, e in zip(missing, r["results"]):
            out[code] = e
            if cache is not None:
                p = Path(cache) / f"{_key(code, players, args)}.json"
                try:
                    p.parent.mkdir(parents=True, exist_ok=True)
                    tmp = p.with_suffix(f".{os.getpid()}.tmp")
                    tmp.write_text(json.dumps({"code": code, "args": args, "entry": e}), encoding="utf-8")
                    tmp.replace(p)
                except OSError:
                    pass   # an unwritable cache only costs time
    return out


def live(code: str, players: int, decks: int = 1, match: bool = False) -> bool:
    """Does the compiled core play every measure of ``code`` (as the lab decides: :func:`~unokit.lab.chunk_engine`)?"""
    lineup = [RANDOM_PLAY] * players
    kinds = [("hands", lineup), ("rotated", [SKILL_BOT] + [RANDOM_PLAY] * (players - 1))]
    if match:
        kinds.append(("matches", lineup))
    return all(chunk_engine(k, code, ln, decks=decks) == "compiled" for k, ln in kinds)


# ---------------------------------------------------------------------------------------- the profile
def _mean(d: dict) -> dict:
    return {"mean": d["mean"], "lo": d["lo"], "hi": d["hi"], "n": d["n"]}


def _vs(a: dict, b: dict) -> dict:
    """``a - b`` of two lab mean summaries, with a normal interval (independent samples: conservative for the
    lab's common deals), and the ratio."""
    from .stats import Moments

    def mom(d):
        n, m, sd = d["n"], d["mean"], d.get("sd", 0.0)
        return Moments(n, m * n, (sd * sd * (n - 1) + m * m * n) if n > 1 else m * m * n)
    diff, lo, hi = mean_diff(mom(a), mom(b))
    ratio = a["mean"] / b["mean"] if b["mean"] else None
    return {"diff": round(diff, 3), "lo": round(lo, 3), "hi": round(hi, 3),
            "ratio": None if ratio is None else round(ratio, 4)}


def _minutes(t: dict, pace: Pace) -> dict:
    """Minutes a hand from the table measure: the mean's interval is the sum of the turns' and the cards' half
    widths (an upper bound whatever their correlation)."""
    turns, drawn = t["turns"], t["cards_drawn"]
    mean = pace.seconds(turns["mean"], drawn["mean"]) / 60
    half = (pace.per_turn * (turns["hi"] - turns["lo"]) + pace.per_card * (drawn["hi"] - drawn["lo"])) / 120
    return {"mean": round(mean, 2), "lo": round(mean - half, 2), "hi": round(mean + half, 2), "n": turns["n"]}


def long_threshold(base_table: dict) -> int | None:
    """The hand length (turns) a very long hand exceeds: the :data:`LONG_QUANTILE` of the baseline's histogram."""
    pairs = base_table.get("turns_histogram")
    return Histogram.from_list(pairs).quantile(LONG_QUANTILE) if pairs else None


def profile_of(entry: dict, base: dict, pace: Pace = Pace(), *, threshold: int | None = None) -> dict:
    """The profile of a lab entry against the baseline's entry ``base`` (same table size, same lab run settings):
    every figure with its interval and sample size, and its change from the baseline. JSON-ready.
    ``threshold``: a very long hand's length (default: :func:`long_threshold` of ``base``)."""
    t, bt = entry["table"], base["table"]
    out: dict = {"rules": entry["rules"], "players": entry["players"], "hands": t["hands"]}
    out["turns"] = dict(_mean(t["turns"]), vs=_vs(t["turns"], bt["turns"]))
    m, bm = _minutes(t, pace), _minutes(bt, pace)
    out["minutes"] = dict(m, vs={"diff": round(m["mean"] - bm["mean"], 2),
                                 "ratio": round(m["mean"] / bm["mean"], 4) if bm["mean"] else None})
    out["cards_drawn"] = dict(_mean(t["cards_drawn"]), vs=_vs(t["cards_drawn"], bt["cards_drawn"]))
    fs, bfs = t["first_seat"], bt["first_seat"]
    d, lo, hi = newcombe_diff(fs["k"], fs["n"], bfs["k"], bfs["n"])
    out["first_seat"] = {"rate": fs["rate"], "lo": fs["lo"], "hi": fs["hi"], "n": fs["n"], "fair": t["fair_share"],
                         "edge": t["first_seat_edge"], "vs": {"diff": round(d, 4), "lo": round(lo, 4), "hi": round(hi, 4)}}
    s, bs = entry.get("skill"), base.get("skill")
    if s and bs:
        w, bw = s["win"], bs["win"]
        d, lo, hi = newcombe_diff(w["k"], w["n"], bw["k"], bw["n"])
        out["skill"] = {"bot": s["bot"], "players": s["players"], "win": w["rate"], "lo": w["lo"], "hi": w["hi"],
                        "n": w["n"], "fair": s["fair_share"], "edge": s["edge"],
                        "vs": {"diff": round(d, 4), "lo": round(lo, 4), "hi": round(hi, 4)}}
    else:
        out["skill"] = None
    limit = long_threshold(bt) if threshold is None else threshold
    pairs = t.get("turns_histogram")
    if limit is not None and pairs:
        h = Histogram.from_list(pairs)
        k, n = h.above(limit), h.n
        lo, hi = wilson(k, n)
        bh = Histogram.from_list(bt["turns_histogram"])
        out["long_hand"] = {"turns_over": limit, "rate": round(k / n, 4) if n else 0.0, "lo": round(lo, 4),
                            "hi": round(hi, 4), "k": k, "n": n,
                            "baseline": round(bh.above(limit) / bh.n, 4) if bh.n else None}
    else:
        out["long_hand"] = None
    mt, bmt = entry.get("match"), base.get("match")
    if mt and bmt:
        hpm = mt["hands_per_match"]
        out["match"] = {"hands": _mean(hpm), "matches": mt["matches"], "finished": mt["finished"],
                        "minutes": {"mean": round(hpm["mean"] * m["mean"], 1), "lo": round(hpm["lo"] * m["lo"], 1),
                                    "hi": round(hpm["hi"] * m["hi"], 1), "n": mt["matches"]},
                        "vs": _vs(hpm, bmt["hands_per_match"])}
    else:
        out["match"] = None
    if entry.get("capped"):
        out["capped"] = entry["capped"]
    return out


# ---------------------------------------------------------------------------------------- the score
def score_of(p: dict, wants: Wants, *, added: int = 0, attacks: int = 0) -> tuple[float, dict]:
    """The score of a profile (higher fits better) and its parts. Changes are against ``UNO 1121``:

    - ``minutes``: -3 x |ln(minutes a hand / the target)|; ``match_minutes`` likewise with a match's minutes;
      without either, ``length``: -1 x |ln(minutes a hand / UNO 1121's)| (a hand much longer or shorter than
      usual is a side effect);
    - ``luck`` / ``skill``: -/+ 0.5 per percentage point the skill edge changes;
    - ``interaction``: +/- (2 x ln(cards drawn / UNO 1121's) + 0.5 per attack rule, :data:`ATTACKS`);
    - ``droughts``: - the very long hands' change in percentage points - ln(cards drawn / UNO 1121's);
      without ``fewer_droughts``, ``long_hands``: -0.1 per point the very long hands grow;
    - always ``fairness``: -0.5 per point the first seat's advantage grows, and ``simplicity``: -0.25 per rule
      added to the kept ones.
    """
    parts: dict[str, float] = {}
    if wants.minutes:
        mins = p["minutes"].get("scaled", p["minutes"]["mean"])
        parts["minutes"] = -3 * abs(math.log(max(mins, 0.01) / wants.minutes))
    elif not wants.match_minutes:
        parts["length"] = -abs(math.log(max(p["minutes"]["vs"]["ratio"] or 1.0, 0.01)))
    if wants.match_minutes:
        mm = (p.get("match") or {}).get("minutes") or {}
        mins = mm.get("scaled", mm.get("mean"))
        if mins is not None:
            parts["match_minutes"] = -3 * abs(math.log(max(mins, 0.01) / wants.match_minutes))
    drawn = math.log(max(p["cards_drawn"]["vs"]["ratio"] or 1.0, 0.01))
    if wants.luck and p.get("skill"):
        parts["luck" if wants.luck > 0 else "skill"] = -wants.luck * 50 * p["skill"]["vs"]["diff"]
    if wants.interaction:
        parts["interaction"] = wants.interaction * (2 * drawn + 0.5 * attacks)
    lh = p.get("long_hand")
    long_pts = 100 * (lh["rate"] - lh["baseline"]) if lh and lh["baseline"] is not None else 0.0
    if wants.fewer_droughts:
        parts["droughts"] = -long_pts - drawn
    else:
        parts["long_hands"] = -0.1 * max(0.0, long_pts)
    parts["fairness"] = -0.5 * max(0.0, 100 * p["first_seat"]["vs"]["diff"])
    parts["simplicity"] = -0.25 * added
    return round(sum(parts.values()), 3), {k: round(v, 3) for k, v in parts.items()}


def why(p: dict, base: dict, wants: Wants) -> str:
    """One line: why this profile fits, from its numbers (the ones the group asked about first)."""
    bits = []
    r = p["minutes"]["vs"]["ratio"] or 1.0
    pct = round(100 * (r - 1))
    if wants.minutes or wants.match_minutes or abs(pct) >= 10:
        word = "the same length as" if pct == 0 else (f"{abs(pct)}% {'shorter' if pct < 0 else 'longer'} than")
        scaled = "scaled" in p["minutes"]
        mins = p["minutes"]["scaled"] if scaled else p["minutes"]["mean"]
        bits.append(f"hands {word} UNO 1121's ({'≈' if scaled else ''}{mins:.1f} min vs {base['minutes']['mean']:.1f}"
                    f"{', scaled to this table' if scaled else ''})")
    mm = (p.get("match") or {}).get("minutes") or {}
    if wants.match_minutes and mm:
        scaled = "scaled" in mm
        bits.append(f"a match ≈ {mm['scaled'] if scaled else mm['mean']:.0f} min"
                    f"{' (scaled to this table)' if scaled else ''}")
    if p.get("skill") and (wants.luck or abs(p["skill"]["vs"]["diff"]) >= 0.02):
        d = 100 * p["skill"]["vs"]["diff"]
        bits.append(f"skill edge {d:+.1f} pts vs UNO 1121's ({'more luck' if d < 0 else 'more skill'})" if abs(d) >= 0.5
                    else "skill edge unchanged")
    if wants.interaction or wants.fewer_droughts:
        dp = round(100 * ((p["cards_drawn"]["vs"]["ratio"] or 1.0) - 1))
        bits.append(f"{abs(dp)}% {'more' if dp >= 0 else 'fewer'} cards drawn")
    lh = p.get("long_hand")
    if lh and (wants.fewer_droughts or abs(lh["rate"] - (lh["baseline"] or 0)) >= 0.02):
        bits.append(f"{100 * lh['rate']:.1f}% very long hands (>{lh['turns_over']} turns) vs "
                    f"{100 * (lh['baseline'] or 0):.1f}%")
    fs = 100 * p["first_seat"]["vs"]["diff"]
    if abs(fs) >= 2:
        bits.append(f"first seat's advantage {fs:+.1f} pts vs UNO 1121's")
    return "; ".join(bits) if bits else "plays like UNO 1121 by these measures"


# ---------------------------------------------------------------------------------------- candidates
def _parse(code: str) -> str | None:
    """The canonical code, or ``None`` when the parser refuses it (a conflict, a missing need...)."""
    from ..match import parse_match_rules
    try:
        return parse_match_rules(code).code
    except UnoError:
        return None


def _fits(code: str, players: int, decks: int) -> bool:
    from ..engine.game import Game
    try:
        Game.new(players=players, rules=code, seed=0, decks=decks)
    except UnoError:
        return False
    return True


def _with(base: str, added) -> str:
    """``base`` (a code, perhaps with rules) with the rules ``added`` (codes or groups like ``DR-BOMB``)."""
    extra = "-".join(added)
    if not extra:
        return base
    return f"{base}-{extra}" if base != BASELINE else f"{BASELINE} {extra}"


def _codes_of(code: str) -> tuple[str, ...]:
    from ..match import parse_match_rules
    return tuple(c for c, *_ in parse_match_rules(code).rules)


def candidates(players: int, wants: Wants, decks: int = 1) -> dict[str, dict]:
    """The single rules and the guide's variations the search starts from: canonical code -> ``{"added":
    [codes], "variation": name or None}``; every code the parser accepts with the kept rules, plays at the table
    and holds no excluded rule."""
    from ..rules import RuleSet
    from ..rules.catalog import CATALOG, IMPLEMENTED, ORDER, VARIATIONS, alone
    from ..rules.registry import hand_ruleset

    def match_only(c: str) -> bool:   # TV, PR, MOV...: no hand changes, matches only
        return not hand_ruleset(RuleSet.parse(f"{BASELINE} {alone(c)}")).rules
    keep = "-".join(alone(k) for k in wants.keep)
    base = _parse(f"{BASELINE} {keep}".strip())
    if base is None:
        raise LabError(f"the rules to keep cannot be combined: {'-'.join(wants.keep)} (see 'unokit rules validate')")
    out: dict[str, dict] = {base: {"added": [], "variation": None}}
    tries: list[tuple[str, str | None]] = [(alone(c), None) for c in ORDER if c in IMPLEMENTED and c not in wants.keep
             and (wants.match_minutes or not match_only(c))]
    tries += [(v, f"{VARIATIONS[v][0]}: {VARIATIONS[v][1]}") for v in VARIATIONS]
    for add, variation in tries:
        code = _parse(_with(base, [add]))
        if code is None or code in out or not _fits(code, players, decks):
            continue
        codes = _codes_of(code)
        if any(c in codes for c in wants.exclude):
            continue
        out[code] = {"added": [c for c in codes if c not in wants.keep and c in CATALOG], "variation": variation}
    return out


def _combine(singles: list[str], info: dict, players: int, wants: Wants, decks: int, base: str) -> dict[str, dict]:
    """Pairs of the best four single rules and the triple of the best three, as the parser accepts them."""
    out: dict[str, dict] = {}
    for size, pool in ((2, singles[:4]), (3, singles[:3])):
        for combo in itertools.combinations(pool, size):
            added = [c for s in combo for c in info[s]["added"]]
            if len(set(added)) < len(added):
                continue
            code = _parse(_with(base, added))
            if code is None or code in info or code in out or not _fits(code, players, decks):
                continue
            out[code] = {"added": added, "variation": None}
    return out


def _report_entries(path: Path | None) -> dict[str, tuple[dict, dict]]:
    """The rules report's entries by code, each with the baseline entry of its run (the rules, then the
    editions); empty without a readable report."""
    if path is None or not Path(path).is_file():
        return {}
    out: dict[str, tuple[dict, dict]] = {}
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for part in ("editions", "main"):
            if not data.get(part):
                continue
            entries = {e["rules"]: e for e in data[part]["results"]}
            base = entries.get(BASELINE)
            if base is not None:
                out.update({c: (e, base) for c, e in entries.items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
    return out


# ---------------------------------------------------------------------------------------- one code
def canonical_code(code: str) -> str:
    """The canonical form of a rule code, ``UNO 1121`` put before one that names only rules (``DR-P2``); a code
    the parser refuses raises its :class:`UnoError` (one line).

    >>> canonical_code("p2-dr")
    'UNO 1121 DR-P2'
    """
    from ..match import parse_match_rules
    text = " ".join(code.split())
    return parse_match_rules(text if text.upper().startswith("UNO") else f"{BASELINE} {text}").code


def code_profile(code: str, players: int = 4, *, decks: int = 1, pace: Pace = Pace(), hands: int = 2000,
                 seed: int = 0, referee_hands: int = 200, jobs: int | None = None,
                 cache: str | Path | None = None, report: str | Path | None = REPORT) -> dict:
    """The profile of one rule code (any the parser accepts) against ``UNO 1121`` at ``players`` seats, for the
    lobby's "With these rules" panel and the printed sheet; JSON-ready (``source`` says where the numbers come
    from in words, ``origin`` the same as data: ``engine`` compiled, referee or report, ``players``, ``hands``).

    Measured live (``hands`` hands and skill games, the lab's seeds) when the compiled core plays the code;
    otherwise read from the rules report when it measured the code (at its own table size: ``source`` says so);
    otherwise played on the referee with at most ``referee_hands`` hands. A code the parser refuses, or that
    the table cannot seat, is a :class:`LabError` (one line).
    """
    t0 = time.perf_counter()
    _check(players, decks, Wants(), hands, hands, 1, pace)
    try:
        canonical = canonical_code(code)
    except UnoError as e:
        raise LabError(str(e)) from None
    if not _fits(canonical, players, decks):
        raise LabError(f"{canonical} cannot be played by {players} players"
                       + (f" with {decks} decks" if decks != 1 else ""))
    cache_dir = Path(cache) if cache is not None else None

    def run(codes, referee: int | None) -> dict[str, dict]:
        return measure(codes, players, hands=hands, skill_hands=hands, seed=seed, decks=decks,
                       referee_hands=referee, jobs=jobs, cache=cache_dir)
    if live(canonical, players, decks):
        got = run([BASELINE, canonical], min(referee_hands, hands))
        entry, base = got[canonical], got[BASELINE]
        source = f"measured (compiled, {hands:,} hands at {players} players)"
        origin = {"engine": "compiled", "players": players, "hands": hands}
    else:
        rep = _report_entries(Path(report) if report else None)
        if canonical in rep:
            entry, base = rep[canonical]
            other = "" if entry["players"] == players else "; not this table's size"
            source = f"from the rules report ({entry['players']} players, {entry['table']['hands']:,} hands{other})"
            origin = {"engine": "report", "players": entry["players"], "hands": entry["table"]["hands"]}
        else:
            n = min(referee_hands, hands)
            got = measure([BASELINE, canonical], players, hands=n, skill_hands=n, seed=seed, decks=decks,
                          referee_hands=n, jobs=jobs, cache=cache_dir)
            entry, base = got[canonical], got[BASELINE]
            source = f"measured (referee, {n:,} hands at {players} players)"
            origin = {"engine": "referee", "players": players, "hands": n}
    p, ref = profile_of(entry, base, pace), profile_of(base, base, pace)
    return {"kind": "profile", "rules": canonical, "players": players, "decks": decks, "pace": asdict(pace),
            "baseline": BASELINE, "source": source, "origin": origin, "profile": p, "reference": ref,
            "why": why(p, ref, Wants()),
            "settings": {"hands": hands, "seed": seed, "skill_bot": SKILL_BOT, "long_quantile": LONG_QUANTILE},
            "seconds": round(time.perf_counter() - t0, 2)}


# ---------------------------------------------------------------------------------------- effects
def effects(p: dict) -> list[dict]:
    """The changes from ``UNO 1121`` a profile shows beyond its noise: those whose 95% interval of the change
    excludes none, in this order: hand length in turns (``length``, ``pct`` the change in percent), the skill edge
    (``skill``: ``sign`` +1 more skill, -1 more luck; ``pts``), cards drawn (``drawn``, ``pct``) and the first
    seat's advantage (``first_seat``, ``pts``). Each has ``sign`` (+1 more, -1 less) and an English ``label``
    ("hands ≈ 30% shorter", "more luck"); JSON-ready."""
    out: list[dict] = []

    def clear(vs: dict | None) -> int:
        return 0 if not vs else (1 if vs["lo"] > 0 else -1 if vs["hi"] < 0 else 0)

    def pct(vs: dict) -> int:
        return max(1, round(100 * abs((vs["ratio"] or 1.0) - 1)))
    tv = p["turns"]["vs"]
    if sign := clear(tv):
        out.append({"kind": "length", "sign": sign, "pct": pct(tv),
                    "label": f"hands ≈ {pct(tv)}% {'longer' if sign > 0 else 'shorter'}"})
    sk = (p.get("skill") or {}).get("vs")
    if sk and (sign := clear(sk)):
        out.append({"kind": "skill", "sign": sign, "pts": round(100 * abs(sk["diff"]), 1),
                    "label": "more skill" if sign > 0 else "more luck"})
    dv = p["cards_drawn"]["vs"]
    if sign := clear(dv):
        out.append({"kind": "drawn", "sign": sign, "pct": pct(dv),
                    "label": "more cards drawn" if sign > 0 else "fewer cards drawn"})
    fv = p["first_seat"]["vs"]
    if sign := clear(fv):
        out.append({"kind": "first_seat", "sign": sign, "pts": round(100 * abs(fv["diff"]), 1),
                    "label": "the first seat gains" if sign > 0 else "the first seat gains less"})
    return out


def effect_label(p: dict) -> str:
    """:func:`effects` in a few English words ("hands ≈ 30% shorter · more luck"), or "no clear effect"."""
    return " · ".join(e["label"] for e in effects(p)) or "no clear effect"


def rule_effects(players: int = 4, *, hands: int = 600, seed: int = 0, jobs: int | None = None,
                 cache: str | Path | None = None, report: str | Path | None = REPORT) -> dict:
    """Every implemented catalogue rule's effect alone on ``UNO 1121`` at ``players`` seats (one deck), for the
    lobby's rule picker; JSON-ready: ``rules`` maps each code to ``{"rules": canonical code, "status", ...}``.

    ``status``: ``measured`` (the compiled core plays it: a screen of ``hands`` hands and skill games, one
    :func:`measure` call with the lab's seeds, then :func:`profile_of` against ``UNO 1121`` of the same call, and
    :func:`effects`), ``report`` (read from the rules report, measured at its own table size: ``players`` says
    which), ``same`` (either, with every figure equal to ``UNO 1121``'s: the bots cannot tell it apart; ``source``
    says which: ``compiled`` or ``report``; ``match_only``: a match rule, TV, PR..., that changes no hand) or
    ``none`` (``why``: not played by the compiled core and not in the report, or the table cannot seat it).
    """
    from ..rules import RuleSet
    from ..rules.catalog import IMPLEMENTED, ORDER, alone
    from ..rules.registry import hand_ruleset
    t0 = time.perf_counter()
    _check(players, 1, Wants(), hands, hands, 1, Pace())
    rep = _report_entries(Path(report) if report else None)
    rows: dict[str, dict] = {}
    played: dict[str, str] = {}
    for c in ORDER:
        if c not in IMPLEMENTED:
            continue
        code = _parse(f"{BASELINE} {alone(c)}")
        if code is None or not _fits(code, players, 1):
            rows[c] = {"rules": code, "status": "none", "why": f"cannot be played by {players} players"}
        elif live(code, players):
            played[c] = code
        elif code in rep:
            e, base = rep[code]
            p, same = profile_of(e, base), _inert(e, base)
            rows[c] = {"rules": code, "status": "same" if same else "report", "players": e["players"],
                       "hands": e["table"]["hands"], "source": "report", "effects": [] if same else effects(p),
                       "label": "no difference the bots can see" if same else effect_label(p), "profile": p}
        else:
            rows[c] = {"rules": code, "status": "none",
                       "why": "the compiled core does not play it and the rules report did not measure it"}
    got = measure([BASELINE, *played.values()], players, hands=hands, skill_hands=hands, seed=seed, jobs=jobs,
                  cache=Path(cache) if cache is not None else None)
    base = got[BASELINE]
    for c, code in played.items():
        p = profile_of(got[code], base)
        same = _inert(got[code], base)
        matches_only = same and not hand_ruleset(RuleSet.parse(code)).rules
        rows[c] = {"rules": code, "status": "same" if same else "measured", "players": players, "hands": hands,
                   "source": "compiled", "effects": [] if same else effects(p), "profile": p,
                   "label": effect_label(p) if not same else "changes matches, not hands" if matches_only
                   else "no difference the bots can see"}
        if matches_only:
            rows[c]["match_only"] = True
    return {"kind": "effects", "players": players, "baseline": BASELINE, "rules": {c: rows[c] for c in ORDER if c in rows},
            "settings": {"hands": hands, "seed": seed, "skill_bot": SKILL_BOT},
            "seconds": round(time.perf_counter() - t0, 2)}


# ---------------------------------------------------------------------------------------- the search
def advise(players: int = 4, wants: Wants = Wants(), *, decks: int = 1, pace: Pace = Pace(), hands: int = 2000,
           screen_hands: int = 600, matches: int = 200, seed: int = 0, top: int = 5, measure_all: bool = False,
           referee_hands: int = 200, jobs: int | None = None, cache: str | Path | None = None,
           report: str | Path | None = REPORT) -> dict:
    """Propose up to ``top`` rule codes for ``players`` seats and what the group ``wants``; JSON-ready.

    ``hands``: hands (and skill games) measured for each proposal; ``screen_hands``: for every candidate first;
    ``matches``: matches per proposal when ``wants.match_minutes``; ``cache``: where measured entries are kept
    (``None``: nowhere); ``report``: the rules report's JSON for the rules the compiled core does not play;
    ``measure_all``: play those on the referee instead (at most ``referee_hands`` hands each).
    """
    t0 = time.perf_counter()
    wants = _normal(wants)
    _check(players, decks, wants, hands, screen_hands, top, pace)
    cache_dir = Path(cache) if cache is not None else None
    pool = candidates(players, wants, decks)
    base_code = next(iter(pool))
    want_match = bool(wants.match_minutes)
    live_codes = [c for c in pool if live(c, players, decks, want_match)]
    other = [c for c in pool if c not in live_codes]
    if not live(BASELINE, players, decks, want_match) and not measure_all:
        from . import compiled_chunks
        why = compiled_chunks.problem({"kind": "hands", "rules": BASELINE, "lineup": [RANDOM_PLAY] * players,
                                       "decks": decks})
        raise LabError(f"the compiled core cannot play UNO 1121 at {players} players"
                       + (f" with {decks} decks" if decks != 1 else "") + (f" ({why})" if why else "")
                       + "; add --measure-all to measure on the referee (slower)")

    def run(codes, count: int, skill_games: int, match_count: int) -> dict[str, dict]:
        return measure(codes, players, hands=count, skill_hands=skill_games, matches=match_count, seed=seed,
                       decks=decks, referee_hands=min(referee_hands, count), jobs=jobs, cache=cache_dir)
    # 1. the screen: every live candidate with few hands (skill too when luck matters)
    measured = [BASELINE] + [c for c in live_codes if c != BASELINE] + (other if measure_all else [])
    screen = run(measured, screen_hands, screen_hands if wants.luck else 0, 0)
    sbase = screen[BASELINE]
    thr = long_threshold(sbase["table"])
    scored = []
    for c in measured:
        if c == BASELINE and base_code != BASELINE:
            continue
        p = profile_of(screen[c], sbase, pace, threshold=thr)
        info = pool[c]
        s, _ = score_of(p, wants, added=len(info["added"]), attacks=_attacks(info["added"]))
        if c != base_code and not want_match and _inert(screen[c], sbase):
            continue   # the bots cannot tell it from UNO 1121: no numbers to advise on (matches: measured below)
        scored.append((s, c))
    scored.sort(key=lambda x: -x[0])
    singles = [c for _s, c in scored if c != base_code and pool[c]["variation"] is None]
    combos = _combine([c for c in singles if c in live_codes], pool, players, wants, decks, base_code)
    combos = {c: v for c, v in combos.items() if live(c, players, decks, want_match)}
    pool.update(combos)
    shortlist = list(dict.fromkeys([BASELINE, base_code] + [c for _s, c in scored[:max(top, 6)]] + list(combos)))
    # 2. the profiles: the shortlist with `hands` hands and skill games (and matches)
    full = run(shortlist, hands, hands, matches if want_match else 0)
    base = full[BASELINE]
    thr = long_threshold(base["table"])
    ref = profile_of(base, base, pace, threshold=thr)
    rows = []
    for c in shortlist:
        if c == BASELINE and base_code != BASELINE:
            continue
        if c != base_code and _inert(full[c], base):
            continue
        p = profile_of(full[c], base, pace, threshold=thr)
        engine = "compiled" if c in live_codes or c in combos else "referee"
        rows.append(_row(c, p, pool[c], wants, ref, f"measured ({engine}, {p['hands']:,} hands at {players} players)"))
    # 3. the rules only the report measured (at its own table size)
    from_report = []
    rep = {} if measure_all else _report_entries(Path(report) if report else None)
    for c in other:
        if c not in rep or _inert(*rep[c]):
            continue
        e, rbase = rep[c]
        p = profile_of(e, rbase, pace)
        ratio = p["minutes"]["vs"]["ratio"] or 1.0   # scored at this table: UNO 1121's minutes x the ratio
        p["minutes"]["scaled"] = round(ref["minutes"]["mean"] * ratio, 2)
        if ref.get("match"):   # a match at this table: UNO 1121's hands a match x the report's ratio, x the minutes
            hands_ratio = (p["match"]["vs"]["ratio"] or 1.0) if p.get("match") else 1.0
            scaled = round(ref["match"]["hands"]["mean"] * hands_ratio * p["minutes"]["scaled"], 1)
            p["match"] = dict(p.get("match") or {}, minutes=dict((p.get("match") or {}).get("minutes") or {},
                                                                 scaled=scaled))
        rows.append(_row(c, p, pool[c], wants, ref, f"from the rules report ({e['players']} players, "
                                                      f"{p['hands']:,} hands; not this table's size)"))
        from_report.append(c)
    rows.sort(key=lambda r: -r["score"])
    return {"kind": "advice", "players": players, "decks": decks, "wants": _wants_dict(wants), "pace": asdict(pace),
            "baseline": BASELINE, "reference": ref, "proposals": rows[:top],
            "considered": {"candidates": len(pool), "screened": len(measured), "measured": len(shortlist),
                           "from_report": len(from_report),
                           "not_measured": sorted(c for c in other if c not in from_report and not measure_all)},
            "settings": {"hands": hands, "screen_hands": screen_hands, "matches": matches if want_match else 0,
                         "seed": seed, "skill_bot": SKILL_BOT, "long_quantile": LONG_QUANTILE,
                         "cache": str(cache_dir) if cache_dir else None},
            "seconds": round(time.perf_counter() - t0, 2)}


def _row(code: str, p: dict, info: dict, wants: Wants, ref: dict, source: str) -> dict:
    s, parts = score_of(p, wants, added=len(info["added"]), attacks=_attacks(info["added"]))
    return {"rules": code, "added": info["added"], "variation": info["variation"], "score": s, "score_parts": parts,
            "why": why(p, ref, wants), "source": source, "profile": p}


def _attacks(codes) -> int:
    return sum(c in ATTACKS for c in codes)


def _inert(entry: dict, base: dict) -> bool:
    """Does this code change nothing the profile shows (V, ORG, OPEN... change nothing the bots see; DOUBLE
    only the points, which a match shows)?"""
    a, b = entry["table"], base["table"]
    same = all(a[k] == b[k] for k in ("turns", "cards_drawn", "first_seat"))   # points: only a match sees them
    sa, sb = entry.get("skill"), base.get("skill")
    ma, mb = entry.get("match"), base.get("match")
    return same and (not sa or not sb or sa["win"] == sb["win"]) and (not ma or not mb or ma == mb)


def _normal(w: Wants) -> Wants:
    """The kept and excluded codes in capitals, the guide's aliases (MS, PROG...) resolved."""
    from dataclasses import replace

    from ..rules.catalog import ALIASES

    def norm(codes):
        return tuple(dict.fromkeys(ALIASES.get(c.strip().upper(), c.strip().upper()) for c in codes if c.strip()))
    return replace(w, keep=norm(w.keep), exclude=norm(w.exclude))


def _wants_dict(w: Wants) -> dict:
    d = asdict(w)
    d["keep"], d["exclude"] = list(w.keep), list(w.exclude)
    return d


def _check(players, decks, wants: Wants, hands, screen_hands, top, pace: Pace) -> None:
    """Refuse (LabError, one line) what cannot be advised, before any work."""
    from ..rules.catalog import ALIASES, CATALOG, IMPLEMENTED
    from . import check_decks
    most = check_decks(decks)
    if not isinstance(players, int) or not 2 <= players <= most:
        raise LabError(f"a table seats 2 to {most} players" + (f" with {decks} decks" if decks != 1 else "")
                       + f", got {players}")
    for name, codes in (("keep", wants.keep), ("exclude", wants.exclude)):
        for c in codes:
            if ALIASES.get(c, c) not in CATALOG:
                raise LabError(f"--{name}: unknown rule code {c!r} (see 'unokit rules list')")
            if ALIASES.get(c, c) not in IMPLEMENTED:
                raise LabError(f"--{name}: {c} is not implemented yet")
    both = set(wants.keep) & set(wants.exclude)
    if both:
        raise LabError(f"{', '.join(sorted(both))} is both kept and excluded")
    if wants.luck not in (-1, 0, 1) or wants.interaction not in (-1, 0, 1):
        raise LabError("luck and interaction are -1, 0 or 1")
    for name, v in (("minutes", wants.minutes), ("match minutes", wants.match_minutes)):
        if v is not None and not (isinstance(v, (int, float)) and 0 < v <= 10_000 and math.isfinite(v)):
            raise LabError(f"{name} must be a number of minutes above 0, got {v!r}")
    for name, v in (("hands", hands), ("screen hands", screen_hands), ("top", top)):
        if not isinstance(v, int) or v < 1:
            raise LabError(f"{name} must be a whole number >= 1, got {v!r}")
    for name, v in (("seconds per turn", pace.per_turn), ("seconds per card", pace.per_card),
                    ("seconds per hand", pace.per_hand)):
        if not (isinstance(v, (int, float)) and 0 <= v <= 3600 and math.isfinite(v)):
            raise LabError(f"{name} must be 0 to 3600, got {v!r}")
