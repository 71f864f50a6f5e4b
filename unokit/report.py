"""The rules report: what every house rule does to the game, measured, against what the guide says.

``unokit report [--hands N] [--out docs/lab]`` plays, with :func:`unokit.lab.lab`:

1. ``UNO 1121`` and every implemented catalogue code alone on top of it (``UNO 1121 CODE``):
   the ``table`` measure at 4 players with ``random-play`` bots (N hands), the ``skill`` measure
   at 2 players (the skill bot against ``random-play``, N games on N/2 paired deals) and the
   ``match`` measure at 4 players (N/25 matches; the match-level codes TV, PR, MOV, SHUFFLESEATS
   and ELIMMOST act only there);
2. the rules that punish people's mistakes (S, ORG, MEM, PRE, SLOWUNO, E, IE, M) and their
   baseline once more with ``human:random-play`` bots (who forget UNO, chat and apologise);
3. the published reference numbers: ``UNO 1121``, ``P1``, ``P3`` and ``P4`` at 2 and 4 players
   with ``random-play`` (2N hands each);

then writes ``report.md`` (effects with 95% CIs, a verdict on each claim of the guide, the
reference numbers side by side) and PNG plots into ``--out``.

>>> sorted({c.direction for c in CLAIMS}) == ['', 'down', 'same', 'up']
True
>>> verdict({'d': -3.0, 'lo': -4.5, 'hi': -1.5, 'base': 50.0, 'kind': 'mean'}, 'down')
'supported'
>>> verdict({'d': 0.01, 'lo': -0.01, 'hi': 0.03, 'base': 0.6, 'kind': 'rate'}, 'same')
'supported'
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path

from .lab import (METRICS, RANDOM_PLAY, Z95, LabError, lab, metric_value, newcombe_diff)

__all__ = ["Claim", "CLAIMS", "PUBLISHED", "report", "rerender", "verdict", "effect", "BASELINE", "SOCIAL", "DEFAULT_HANDS"]

BASELINE = "UNO 1121"
HUMAN_BOTS = "human:random-play"
DEFAULT_HANDS = 600
#: rules that only change anything when players make people's mistakes (forget UNO, speak, apologise,
#: slap late): measured a second time with HumanBot-wrapped random players.
SOCIAL = ("S", "ORG", "MEM", "PRE", "SLOWUNO", "E", "IE", "M")
#: rules driven by a clock: the simulation's clock never advances, so they never fire.
TIME_BASED = ("V", "BLITZ")
#: what the bots cannot do, so a rule about it cannot show an effect in simulation.
BLIND_SPOTS = {
    "REV": "the bots do not use the face-up stock",
    "CLA": "the bots do not use the cards they are shown",
    "OPEN": "the bots do not use the open hands",
    "NOCHALLENGE": "random-play never challenges a Wild Draw Four",
    "DP": "random-play never draws while holding a playable card, and nobody doubts a draw",
    "FORCE": "random-play never draws while holding a playable card",
    "DRAWPLAY": "random-play always plays a playable drawn card",
    "BOMB": "BOMB is measured with DR (it needs DR or DD), so DR's own effect is in its numbers",
    "REVENGE": "REVENGE doubles answered draw stacks; without P1-P4 or I nothing is stacked",
    "LIMIT": "hands never reach the 25-card limit with these bots",
    "DED": "the bots never play face down",
    "PRE": "random-play catches a missed UNO at once, so a longer window never matters",
    "SLOWUNO": "random-play catches a missed UNO at once, so a longer window never matters",
    "ORG": "random-play never apologises (the human-error bots do, after 5% of their penalties)",
    "MEM": "random-play never forgets UNO (see the human-error bots)",
    "V": "the simulation's clock never advances",
    "BLITZ": "the simulation's clock never advances",
    "S": "random-play always says UNO, which S punishes during a silence; SU would allow it",
    "E": "no bot pays compliments, so every opponent draws 1 on a green 5",
    "IE": "no bot criticises, so every opponent draws 1 on a red 5",
}

# ---------------------------------------------------------------------------------------- claims
@dataclass(frozen=True)
class Claim:
    """One checkable statement about a rule. ``metric``: a key of :data:`unokit.lab.METRICS`;
    ``direction``: ``up`` / ``down`` (against ``UNO 1121``), ``same`` (no change beyond the
    equivalence margin), or ``''`` when the claim cannot be measured with bots (``note`` says why)."""

    code: str
    text: str
    metric: str | None
    direction: str
    source: str
    note: str = ""
    bots: str = "lab"  # "lab" (random-play) or "human" (human:random-play)


_G = "guide (000 ch.3, §Consequências)"
_I = "issue"
_R = "guide, as read here"
CLAIMS: tuple[Claim, ...] = (
    Claim("FU", "hands are shorter (\"a duração de cada partida tende a ser menor\")", "turns", "down", _G),
    Claim("FU", "FU shortens hands", "turns", "down", _I),
    Claim("FU", "strategy plays a limited role", "win", "down", _G),
    Claim("BU", "the game gets longer and more intricate", "turns", "up", _G),
    Claim("BU", "more room for managing the game", "win", "up", _R),
    Claim("MS1", "hands get faster: whoever must draw stops playing", "turns", "down", _G),
    Claim("MS1", "MS speeds it up", "turns", "down", _I),
    Claim("MS2", "hands get faster (sudden death after the protected rounds)", "turns", "down", _G),
    Claim("MS3", "hands get faster (sudden death after the first Wild)", "turns", "down", _G),
    Claim("SAT", "avoids rounds without plays and speeds up the pace (\"acelerando o ritmo do jogo\")",
          "turns", "down", _G),
    Claim("SAT", "... at the cost of one player drawing many cards", "cards_drawn", "up", _G),
    Claim("SAT", "SAT lengthens the game", "turns", "up", _I,
          note="the issue's paraphrase; the guide says the pace speeds up"),
    Claim("SAT", "weakens the game tactically", "win", "down", _G),
    Claim("INS", "increases tactical control; the game becomes more predictable", "win", "up", _G),
    Claim("INS", "INS makes it more controlled (less first-seat luck)", "first_seat", "down", _I),
    Claim("DR", "players advance by shedding several cards at once", "turns", "down", _G),
    Claim("DR", "tactical thinking pays more (DR makes the game more strategic)", "win", "up", _G),
    Claim("DD", "the same consequences as DR: players advance faster", "turns", "down", _G),
    Claim("DD", "the same consequences as DR: more tactical", "win", "up", _G),
    Claim("AA", "the same strategic complexity as DR (advance by one's own plays)", "win", "up", _G),
    Claim("AB", "does not significantly change the dynamics of the game", "turns", "same", _G),
    Claim("C", "long-term strategic thinking is somewhat impaired", "win", "down", _G),
    Claim("C", "the game becomes tenser: everyone must watch all the time", None, "", _G,
          note="attention is not simulated"),
    Claim("CON", "neutralises an important facet of strategy; little strategic sense", "win", "down", _G),
    Claim("DED", "a way to shed cards faster, though harder to achieve", "turns", "down", _R,
          note=BLIND_SPOTS["DED"]),
    Claim("DED", "the fun moves to judging who is lying", None, "", _G, note="fun is not simulated"),
    Claim("GT", "adds no real strategic complication", "win", "same", _G),
    Claim("P1", "draw cards become defence; management possibilities expand", "win", "up", _G),
    Claim("P2", "draw cards become defence; management possibilities expand", "win", "up", _G),
    Claim("P3", "draw cards become defence; management possibilities expand", "win", "up", _G),
    Claim("P4", "draw cards become defence; management possibilities expand", "win", "up", _G),
    Claim("V", "careless, hurried play", None, "", _G, note="the simulation's clock never advances"),
    Claim("PAA", "the game is a bit more about choices than luck", "win", "up", _G),
    Claim("PAA", "everyone gets to play before luck does its work (a strong start matters less)",
          "first_seat", "down", _R),
    Claim("I", "the game becomes messier and faster", "turns", "down", _G),
    Claim("I", "hard to play tactically, little challenge, very unpredictable", "win", "down", _G),
    Claim("CHU", "adds a (subtle) tactical detail", "win", "up", _G),
    Claim("BA", "making everyone draw one card can be a good move", "cards_drawn", "up", _R),
    Claim("REV", "deep consequences: everyone knows what is drawn", None, "", _G, note=BLIND_SPOTS["REV"]),
    Claim("S", "few strategic consequences", "win", "same", _G, note=BLIND_SPOTS["S"]),
    Claim("S", "more attention (and penalties for those who talk)", "penalty_cards", "up", _R, bots="human"),
    Claim("CAR", "the game becomes rather unpredictable", "win", "down", _G),
    Claim("T", "a more strategic, controllable variant (the player may choose to swap)", "win", "up", _G),
    Claim("M", "raises attention; not crucial strategically", "win", "same", _G),
    Claim("E", "strategically inexpressive: the penalty is easy to avoid", "win", "same", _G,
          note=BLIND_SPOTS["E"]),
    Claim("IE", "the same as E", "win", "same", _G, note=BLIND_SPOTS["IE"]),
    Claim("DOA", "does not change much strategically", "win", "same", _G),
    Claim("PAB", "a huge tactical advantage: opponents cannot fight back with action cards", "win", "up", _G),
    Claim("DAD", "the 4 becomes a weapon (1 to 6 cards drawn)", "cards_drawn", "up", _G),
    Claim("TRI", "the 3 becomes strategically important", "win", "up", _G),
    Claim("BACK", "a quick way to hit the previous player", "cards_drawn", "up", _R),
    Claim("CLA", "makes knowing others' cards legitimate", None, "", _G, note=BLIND_SPOTS["CLA"]),
    Claim("MOV", "keeps the seating from deciding the game", None, "", _G,
          note="bots have no neighbours to fall out with; only the match length is measured"),
    Claim("DP", "the game becomes more predictable and strategically poorer", "win", "down", _G,
          note=BLIND_SPOTS["DP"]),
    Claim("MEM", "forgotten UNO calls become rarer", None, "", _G,
          note="the bots' forgetfulness does not adapt to the stakes; the penalty cards are measured"),
    Claim("MEM", "a forgotten UNO costs more", "penalty_cards", "up", _R, bots="human"),
    Claim("PRE", "fairer, since the official window is very short", None, "", _G,
          note="fairness of the catch window is not simulated; the catches are measured"),
    Claim("PRE", "more missed UNOs are caught", "catches", "up", _R, bots="human", note=BLIND_SPOTS["PRE"]),
    Claim("ORG", "few strategic consequences", "win", "same", _G),
    Claim("FL", "ends the Surprise Wild (going out on a wild or draw card): hands last longer", "turns", "up", _R),
    Claim("TV", "matches can be quicker, since no points are counted", "hands_per_match", "down", _G),
    Claim("PR", "players must keep their own hands small rather than make others draw", None, "", _G,
          note="a strategic advice; the match length is measured"),
)


def claims_for(code: str) -> list[Claim]:
    return [c for c in CLAIMS if c.code == code]


# ---------------------------------------------------------------------------------------- published
#: Reference numbers from public simulations of two/four random players (see the report).
PUBLISHED = {
    "turns_2p": 41.0,        # two random players: about 41 turns per hand
    "first_2p": 0.52,        # the first mover wins about 52%
    "stacking": {            # average turns: no stacking / stacking +2 / stacking +2 and +4
        2: (51.1, 47.9, 56.6),
        4: (55.1, 53.0, 52.3),
    },
}
PUBLISHED_RULES = ("UNO 1121", "UNO 1121 P1", "UNO 1121 P3", "UNO 1121 P4")


# ---------------------------------------------------------------------------------------- effects
def effect(entry: dict, base: dict, key: str) -> dict | None:
    """Difference ``entry - base`` of metric ``key`` with its 95% interval (Newcombe for rates,
    normal for means of independent samples), plus the baseline value."""
    a, b = metric_value(entry, key), metric_value(base, key)
    if a is None or b is None:
        return None
    if a["kind"] == "rate":
        d, lo, hi = newcombe_diff(a["k"], a["n"], b["k"], b["n"])
    else:
        d = a["value"] - b["value"]
        h = Z95 * math.sqrt(a["se"] ** 2 + b["se"] ** 2)
        lo, hi = d - h, d + h
    return {"d": d, "lo": lo, "hi": hi, "base": b["value"], "value": a["value"], "kind": a["kind"]}


def verdict(eff: dict | None, direction: str) -> str:
    """``supported`` / ``contradicted`` / ``not detected`` / ``inconclusive`` for a claimed change.

    ``up``/``down``: supported when the 95% interval of the difference lies on the claimed side of
    0, contradicted when it lies on the other side. ``same``: supported when the interval lies
    within the equivalence margin (5% of the baseline for means, 3 percentage points for rates),
    contradicted when it excludes 0 and leaves the margin, otherwise inconclusive.
    """
    if eff is None or not direction:
        return "n/a"
    lo, hi = eff["lo"], eff["hi"]
    if direction == "same":
        m = 0.03 if eff["kind"] == "rate" else 0.05 * abs(eff["base"])
        if -m <= lo and hi <= m:
            return "supported"
        if (lo > 0 or hi < 0) and (lo > m or hi < -m):
            return "contradicted"
        return "inconclusive"
    up = direction == "up"
    if lo > 0:
        return "supported" if up else "contradicted"
    if hi < 0:
        return "contradicted" if up else "supported"
    return "not detected"


def _same_play(e: dict, b: dict) -> bool:
    """Did the rule never fire? (every hand-level number identical to the baseline's)"""
    keys = ("turns", "cards_drawn", "points", "penalty_cards")
    te, tb = e.get("table"), b.get("table")
    if not te or not tb:
        return False
    if any(te[k]["mean"] != tb[k]["mean"] for k in keys) or te["first_seat"]["k"] != tb["first_seat"]["k"]:
        return False
    se, sb = e.get("skill"), b.get("skill")
    return not se or not sb or se["win"]["k"] == sb["win"]["k"]


# ---------------------------------------------------------------------------------------- running
def report(*, hands: int = DEFAULT_HANDS, out: str | Path = "docs/lab", seed: int = 0, jobs: int | None = None,
           progress: bool = True, skill_bot: str | None = None, codes=None, published_hands: int | None = None,
           matches: int | None = None, cache: str | Path | None = None, resume: bool = False,
           players: int = 4, backend: str = "local", ray_address: str | None = None, engine: str = "auto") -> dict:
    """Play everything the report needs and write ``report.md`` and the plots into ``out``.

    ``hands``: hands per rule set (table measure) and games per rule set (skill measure);
    ``matches``: matches per rule set (default ``hands // 25``, at least 2); ``published_hands``:
    hands for each reference configuration (default ``2 * hands``); ``codes``: the house rules
    (default: every implemented catalogue code); ``skill_bot``: the bot of the skill measure
    (default ``greedy``: see the report); ``cache`` + ``resume``: reuse chunks of an earlier run.
    ``backend="ray"``: play the lab chunks as Ray tasks (:mod:`unokit.scale`; ``ray_address``: the
    cluster), with the same numbers (the stacking study still runs here).
    """
    import tempfile
    from .match import MATCH_RULES
    from .rules.catalog import CATALOG, EDITIONS_CODES, IMPLEMENTED, ORDER, alone
    from .bots import BOTS

    t0 = time.perf_counter()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if hands < 1:
        raise LabError("the report needs at least one hand per rule set (--hands 1 or more)")
    # the house rules, each alone against the baseline (the editions are other games: not a row here)
    codes = sorted((IMPLEMENTED | MATCH_RULES) - EDITIONS_CODES, key=lambda c: ORDER.get(c, 999)) \
        if codes is None else list(codes)
    matches = max(2, hands // 25) if matches is None else matches
    published_hands = 2 * hands if published_hands is None else published_hands
    skill = (skill_bot or "greedy").lower()
    if skill not in BOTS:
        raise LabError(f"unknown skill bot {skill!r}; choose from {', '.join(sorted(BOTS))}")
    tmp = None
    if cache is None:
        tmp = tempfile.TemporaryDirectory(prefix="unokit-report-")
        cache = tmp.name
    cache = Path(cache)
    try:
        rule_sets = [BASELINE] + [f"{BASELINE} {alone(c)}" if c in CATALOG else f"{BASELINE} {c}" for c in codes]
        main = lab(rule_sets, bots=RANDOM_PLAY, players=[players], skill_players=2, hands=hands, skill_hands=hands,
                   matches=matches, seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
                   plots=False, skill=skill, backend=backend, ray_address=ray_address, engine=engine)
        others = {}
        for name in ("greedy", "strategist"):
            if name == skill or name not in BOTS:
                continue
            try:  # the other skill bots, on the baseline only (for comparison)
                r = lab([BASELINE], bots=RANDOM_PLAY, players=[2], hands=0, skill_hands=min(hands, 400),
                        measures=["skill"], seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
                        plots=False, skill=name, backend=backend, ray_address=ray_address, engine=engine)
                others[name] = r["results"][0]["skill"]
            except Exception as e:  # a bot under development must not sink the report
                others[name] = {"error": f"{type(e).__name__}: {e}"}
        social_codes = [c for c in codes if c in SOCIAL]
        social = lab([BASELINE] + [f"{BASELINE} {c}" for c in social_codes], bots=HUMAN_BOTS, players=[players],
                     hands=hands, measures=["table"], seed=seed, cache=cache, resume=resume, jobs=jobs,
                     progress=progress, plots=False, backend=backend,
                     ray_address=ray_address, engine=engine) if social_codes else None
        pub = lab(list(PUBLISHED_RULES), bots=RANDOM_PLAY, players=[2, 4], hands=published_hands,
                  measures=["table"], seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
                  plots=False, backend=backend, ray_address=ray_address, engine=engine) if published_hands > 0 else None
        editions = editions_study(hands, players=players, seed=seed, cache=cache, resume=resume, jobs=jobs,
                                  progress=progress, backend=backend, ray_address=ray_address, engine=engine)
        stacking = None
        if published_hands > 0:
            from .stacking_study import study
            stacking = {agent: study(published_hands, agent=agent, seed=seed, progress=progress)
                        for agent in ("always", "hesitant")}
    finally:
        if tmp is not None:
            tmp.cleanup()
    seconds = time.perf_counter() - t0
    works = [r["work"] for r in (main, social, pub) if r]
    chunks_run = sum(w["run"] for w in works)
    runs = [{"seconds": round(seconds, 1), "chunks_run": chunks_run, "jobs": main["work"]["jobs"], "hands": hands}]
    if tmp is None:  # a kept cache remembers what each run computed, so a resumed report states the full cost
        import json
        log = Path(cache) / "report-runs.json"
        try:
            earlier = json.loads(log.read_text(encoding="utf-8")) if resume and log.is_file() else []
        except (OSError, ValueError):
            earlier = []
        runs = [r for r in earlier if isinstance(r, dict) and r.get("hands") == hands] + runs
        log.write_text(json.dumps(runs, indent=1), encoding="utf-8")
    data = {"runs": runs, "hands": hands, "matches": matches, "published_hands": published_hands, "seed": seed,
            "skill_bot": skill, "players": players, "codes": codes, "main": main, "social": social,
            "published": pub, "stacking": stacking, "editions": editions, "other_skill_bots": others, "seconds": round(seconds, 1), "jobs": main["work"]["jobs"]}
    engines: dict = {}
    for w in works:
        for k, v in w.get("engines", {}).items():
            engines[k] = engines.get(k, 0) + v
    data["engines"] = engines   # chunks each engine played (the results do not depend on it)
    files = write_report(data, out)
    data["files"] = [str(p) for p in files]
    return data


# ---------------------------------------------------------------------------------------- writing
def _entry(res: dict | None, rules: str, players: int | None = None) -> dict | None:
    if res is None:
        return None
    for e in res["results"]:
        if e["rules"] == rules and (players is None or e["players"] == players):
            return e
    return None


def _pm(eff: dict | None, pct: bool = False, digits: int = 1) -> str:
    if eff is None:
        return "–"
    f = 100 if pct else 1
    return f"{eff['d'] * f:+.{digits}f} [{eff['lo'] * f:+.{digits}f}, {eff['hi'] * f:+.{digits}f}]"


def _val(v: dict | None, pct: bool = False, digits: int = 1) -> str:
    if v is None:
        return "–"
    f = 100 if pct else 1
    return f"{v['value'] * f:.{digits}f} [{v['lo'] * f:.{digits}f}, {v['hi'] * f:.{digits}f}]"


_EFFECT_COLS = (("turns", "Δ turns", False), ("cards_drawn", "Δ cards drawn", False),
                ("first_seat", "Δ first mover wins (pp)", True), ("points", "Δ points/hand", False),
                ("win", "Δ skill win rate (pp)", True), ("hands_per_match", "Δ hands/match", False))


def _engines_note(engines) -> str:
    """``; 120 chunks on the compiled core, 80 on the referee`` (nothing for an older report)."""
    if not engines:
        return ""
    names = {"compiled": "on the compiled core", "referee": "on the referee"}
    return "; " + ", ".join(f"{v} chunks {names.get(k, k)}" for k, v in sorted(engines.items()))


def write_report(data: dict, out: Path) -> list[Path]:
    from .rules.catalog import CATALOG
    from .match import MATCH_RULES
    main, social, pub = data["main"], data["social"], data["published"]
    base = _entry(main, BASELINE)
    n, skill = data["hands"], data["skill_bot"]
    P = data["players"]
    lines: list[str] = []
    add = lines.append
    add("# The rules lab: what each house rule does, measured")
    add("")
    runs = data.get("runs") or [{"seconds": data["seconds"], "chunks_run": 0}]
    total = sum(r["seconds"] for r in runs)
    how = (f"{total / 60:.1f} minutes" if len(runs) == 1 else
           f"{total / 60:.1f} minutes of simulation in all; the chunks were cached and this text regenerated "
           "from them with `--cache DIR --resume`")
    add(f"Generated by `unokit report --hands {n} --out {out}` (seed {data['seed']}, {data['jobs']} processes, "
        f"{how}{_engines_note(data.get('engines'))}). Regenerate it with the same command; every number is reproducible "
        "from the seed. Every interval is a 95% confidence interval: mean ± 1.96 SE for means, Wilson for "
        "rates, Newcombe's hybrid score interval for differences of rates, and a normal interval for differences "
        "of means (independent samples; every rule set is in fact played on the same deal seeds, which makes "
        "these intervals conservative).")
    add("")
    summary_at = len(lines)
    add("## What was played")
    add("")
    add(f"- **Table measure**: each rule set, {P} players, {n} hands, every seat `random-play`.")
    add(f"- **Skill measure**: each rule set, 2 players, `{skill}` against `random-play` on {n // 2} deals, each "
        f"played twice with the seats swapped ({2 * (n // 2)} games): the skill bot's win rate. "
        + ("(`strategist` is registered, but the report uses `greedy` by default: see Caveats; "
           "`--skill-bot strategist` switches.)" if skill == "greedy" else ""))
    add(f"- **Match measure**: each rule set, {P} players, {data['matches']} whole matches (`unokit.match`, "
        "500 points, or the mode TV/PR set), `random-play` at every seat: hands per match.")
    add(f"- **Human-error bots**: the rules that punish people's mistakes ({', '.join(SOCIAL)}) and the baseline "
        f"again with `human:random-play` ({n} hands each): `random-play` wrapped in `HumanBot` (forgets UNO "
        "10%, chats 2%, apologises 5% after a penalty, reacts in 0.6 s on average).")
    if pub:
        add(f"- **Reference numbers**: `UNO 1121`, `P1`, `P3`, `P4` at 2 and 4 players, `random-play`, "
            f"{data['published_hands']} hands each.")
    add("")
    add("## Definitions")
    add("")
    add("- **random-play** (`unokit.lab.RandomPlayBot`): the usual random agent of UNO simulations. In turn it "
        "plays a uniformly random playable card (or group, under DR/DD; a wild's colour is uniform too), stacks "
        "when it can, draws only when it cannot play, plays a playable drawn card, never challenges and always "
        "says UNO. Out of turn it says UNO, catches, slaps and cuts whenever it may.")
    add("- **turn**: one player's turn. It starts when the seat in turn plays, draws (a card or a penalty) or "
        "challenges; drawing and then playing the drawn card is one turn; a skipped player has no turn. The "
        "JSON also gives *actions* (every play and draw by the player in turn, so draw-then-play is 2; this is "
        "`unokit sim`'s count) and *plays* (turns in which a card was played).")
    add("- **first-seat edge**: the win rate of the player who takes the first turn, after the first card's "
        "effect (a Skip turned up passes the first turn to the next seat; under a Draw Two turned up the first "
        "turn is the draw), against the fair share 1/players.")
    add(f"- **skill edge**: the win rate of `{skill}` against `random-play` at 2 players (fair share 50%).")
    add("- **points per hand**: what the hand's winner scores (the points left in the other hands).")
    add("- **Verdicts**: *supported* when the 95% interval of the change lies on the claimed side of zero, "
        "*contradicted* when it lies on the other side, *not detected* when it contains zero; for claims of *no "
        "change*, *supported* when the interval lies within ±5% of the baseline (±3 points for rates), "
        "*contradicted* when it excludes zero and leaves that margin, *inconclusive* otherwise; *n/a* when bots "
        "cannot show it. *(no effect)*: the rule never fired — every number equals the baseline's.")
    add("")
    files: list[Path] = []
    # ------------------------------------------------------------------ published
    if pub:
        add("## Reproducing the published numbers")
        add("")
        add("| quantity | published | measured: turns | measured: actions (plays + draws) | measured: plays |")
        add("|---|---|---|---|---|")
        b2 = _entry(pub, "UNO 1121", 2)
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
                e = _entry(pub, r, pl)
                t = e["table"]
                add(f"| {pl} players, {lab_}: average turns | {ref[min(i, 2)]} | {_tv(t['turns'])} | "
                    f"{_tv(t['actions'])} | {_tv(t['plays'])} |")
        add("")
        rel = []
        for pl in (2, 4):
            b = _entry(pub, "UNO 1121", pl)["table"]["turns"]
            ref = PUBLISHED["stacking"][pl]
            for r, lab_, k in (("UNO 1121 P1", "P1", 1), ("UNO 1121 P4", "P4", 2), ("UNO 1121 P3", "P3", 2)):
                e = _entry(pub, r, pl)["table"]["turns"]
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
    # ------------------------------------------------------------------ baseline
    bt = base["table"]
    add(f"## Baseline: `{BASELINE}`")
    add("")
    add(f"At {P} players with `random-play`: {_tv(bt['turns'])} turns per hand ({_tv(bt['actions'])} actions), "
        f"{_tv(bt['cards_drawn'])} cards drawn, {_tv(bt['points'])} points to the winner; the first mover wins "
        f"{_rv(bt['first_seat'])} (fair share {100 / P:.0f}%). At 2 players `{skill}` beats `random-play` "
        f"{_rv(base['skill']['win'])}. A 500-point match lasts {_tv(base['match']['hands_per_match'])} hands. "
        f"Truncated hands (5000 steps): {bt['truncated']}.")
    for name, r in (data.get("other_skill_bots") or {}).items():
        if "error" in r:
            add(f"Other skill bot `{name}` on the baseline: failed ({r['error']}).")
        else:
            add(f"For comparison, `{name}` beats `random-play` {_rv(r['win'])} at 2 players on the baseline "
                f"({r['games']} games).")
    add("")
    # ------------------------------------------------------------------ effects table
    add("## Effects of each house rule (alone on top of `UNO 1121`)")
    add("")
    add("Differences against the baseline, with 95% intervals. Turns, cards drawn, first mover and points: "
        f"{P} players, `random-play`; skill: 2 players, `{skill}` vs `random-play`; hands per match: {P} players.")
    add("")
    add("| code | rule | " + " | ".join(c[1] for c in _EFFECT_COLS) + " | note |")
    add("|---|---|" + "---|" * (len(_EFFECT_COLS) + 1))
    effects: dict[str, dict] = {}
    for code in data["codes"]:
        e = _entry(main, f"{BASELINE} {code}")
        if e is None:
            continue
        effs = {k: effect(e, base, k) for k, _h, _p in _EFFECT_COLS}
        effs["eliminated"] = effect(e, base, "eliminated")
        effs["eliminated_per_match"] = effect(e, base, "eliminated_per_match")
        same = _same_play(e, base) and code not in MATCH_RULES
        effects[code] = {"effects": effs, "same": same, "entry": e}
        note = []
        if code in MATCH_RULES:
            note.append("match-level")
        if same and code not in MATCH_RULES:
            note.append("(no effect)" + (f": {BLIND_SPOTS[code]}" if code in BLIND_SPOTS else ""))
        elif code in BLIND_SPOTS:
            note.append(BLIND_SPOTS[code])
        if e["table"]["eliminated"]["mean"] > 0:
            note.append(f"eliminated/hand {e['table']['eliminated']['mean']:.2f}")
        if e.get("match") and e["match"]["eliminated_per_match"]["mean"] > 0:
            note.append(f"eliminated/match {e['match']['eliminated_per_match']['mean']:.2f}")
        if e["table"]["truncated"]:
            note.append(f"{e['table']['truncated']} truncated")
        cells = []
        for k, _h, pct in _EFFECT_COLS:
            if code in MATCH_RULES and k != "hands_per_match":
                cells.append("·")
            else:
                cells.append(_pm(effs[k], pct))
        name = CATALOG[code].name if code in CATALOG else code
        add(f"| {code} | {name} | " + " | ".join(cells) + f" | {'; '.join(note)} |")
    add("")
    # ------------------------------------------------------------------ editions
    if data.get("editions"):
        lines += _editions_section(data["editions"])
    # ------------------------------------------------------------------ social
    if social:
        sb = _entry(social, BASELINE)
        add("## Rules that punish mistakes, with human-error bots")
        add("")
        add(f"`human:random-play` at {P} players, {n} hands per rule set. Baseline: {_tv(sb['table']['turns'])} turns, "
            f"{_tv(sb['table']['penalty_cards'])} penalty cards and {_tv(sb['table']['catches'])} missed UNOs caught "
            "per hand.")
        add("")
        add("| code | rule | Δ turns | Δ penalty cards/hand | Δ UNOs caught/hand | Δ cards drawn | note |")
        add("|---|---|---|---|---|---|---|")
        for code in data["codes"]:
            e = _entry(social, f"{BASELINE} {code}")
            if e is None:
                continue
            effs = {k: effect(e, sb, k) for k in ("turns", "penalty_cards", "catches", "cards_drawn")}
            info = effects.setdefault(code, {"effects": {}, "same": False})
            info["human"] = effs
            info["human_same"] = _same_play(e, sb)
            note = ("(no effect)" + (f": {BLIND_SPOTS[code]}" if code in BLIND_SPOTS else "")
                    if info["human_same"] else "")
            add(f"| {code} | {CATALOG[code].name} | {_pm(effs['turns'])} | {_pm(effs['penalty_cards'], digits=2)} | "
                f"{_pm(effs['catches'], digits=3)} | {_pm(effs['cards_drawn'])} | {note} |")
        add("")
    # ------------------------------------------------------------------ claims
    add("## The guide's claims, checked")
    add("")
    add("Each claim of the guide's \"Consequências\" that a number can check (translated; *guide, as read here* "
        "marks a reading of ours; *issue* marks the paraphrases given in the issue), the metric that checks it, "
        "the measured change and the verdict.")
    add("")
    add("| code | claim | source | metric | change [95% CI] | verdict |")
    add("|---|---|---|---|---|---|")
    counts: dict[str, int] = {}
    claim_rows = []
    labels = {k: label for k, _m, label, _kind in METRICS}
    for c in CLAIMS:
        if c.code not in data["codes"]:
            continue
        info = effects.get(c.code)
        if c.metric is None or info is None:
            v, ch, metric = "n/a", "–", "–"
        else:
            effs = info.get("human", {}) if c.bots == "human" else info["effects"]
            eff = effs.get(c.metric)
            if eff is None:
                eff = effect(info["entry"], base, c.metric) if "entry" in info else None
            pct = metric_kind(c.metric) == "rate"
            ch = _pm(eff, pct, 3 if c.metric in ("catches",) else 1) + (" pp" if pct else "")
            metric = labels[c.metric] + (" (human-error bots)" if c.bots == "human" else "")
            if info.get("human_same" if c.bots == "human" else "same"):
                v = "n/a (no effect: the rule never fired)"
            else:
                v = verdict(eff, c.direction)
        key = v.split(" (")[0]
        counts[key] = counts.get(key, 0) + 1
        claim_rows.append((c, v))
        note = f" ({c.note})" if c.note else ""
        add(f"| {c.code} | {c.text}{note} | {c.source} | {metric} | {ch} | **{v}** |")
    add("")
    add("Tally: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + ".")
    lines[summary_at:summary_at] = _summary(claim_rows, effects, counts, pub)
    add("")
    # ------------------------------------------------------------------ plots
    add("## Plots")
    add("")
    add("Each dot is a rule's difference from `UNO 1121` with its 95% interval: red when the interval lies above "
        "zero, blue when below, grey when it contains zero. Rules that never fired are left out.")
    add("")
    for key, title, pct in (("turns", "hand length: Δ turns per hand", False),
                            ("win", f"skill edge: Δ win rate of {skill} vs random-play (pp, 2 players)", True),
                            ("first_seat", "first-seat edge: Δ first mover's win rate (pp)", True),
                            ("cards_drawn", "Δ cards drawn per hand", False),
                            ("points", "Δ points scored per hand", False),
                            ("hands_per_match", "Δ hands per match", False)):
        p = _plot_effects(effects, key, title, pct, out, skip_match_rules=key != "hands_per_match")
        if p:
            files.append(p)
            add(f"### {title}")
            add("")
            add(f"![{title}]({p.name})")
            add("")
    # ------------------------------------------------------------------ caveats
    add("## Caveats")
    add("")
    add("- The bots are not people. `random-play` takes every legal card at random, so rules whose point is "
        "knowledge (REV, CLA, OPEN), attention (C, S, M, V), time (V, BLITZ) or bluffing (DED, DP, NOCHALLENGE) "
        "are measured only through their mechanical effect, and a rule that favours skilled *people* need not "
        f"favour `{skill}`, a one-ply heuristic.")
    add(f"- The skill measure uses `{skill}`. " + _strategist_note(data))
    add("- Each rule is measured alone on `UNO 1121`; rules interact (the guide's ready-made variations combine "
        "several), and `unokit lab` measures any combination.")
    add("- With N hands per rule set the intervals are wide for small effects: a claim *not detected* here may "
        "hold with a smaller effect than this N can see. Increase `--hands` to narrow them (the interval "
        "shrinks as 1/√N).")
    add("- Match-level rules (TV, PR, MOV, SHUFFLESEATS, ELIMMOST) leave every hand unchanged; only their match "
        "column is meaningful. MS1–MS3 eliminate players inside a hand (the *eliminated/hand* note).")
    add("")
    add("Raw numbers: `report.json` in this directory (every measure of every rule set, with the intervals).")
    text = "\n".join(lines) + "\n"
    md = out / "report.md"
    md.write_text(text, encoding="utf-8")
    files.insert(0, md)
    import json
    rj = out / "report.json"
    slim = {k: v for k, v in data.items() if k not in ("files",)}
    slim["verdicts"] = [{"code": c.code, "claim": c.text, "source": c.source, "metric": c.metric,
                         "direction": c.direction, "verdict": v} for c, v in claim_rows]
    rj.write_text(json.dumps(slim, indent=1, default=str), encoding="utf-8")
    files.insert(1, rj)
    return files


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


def _inside(x: float, s: dict) -> str:
    return "inside" if s["lo"] <= x <= s["hi"] else ("above" if x > s["hi"] else "below")


def _stacking_section(st: dict) -> str:
    """The stacking study (unokit.stacking_study) next to the published chain table."""
    from .stacking_study import PUBLISHED_CHAINS
    rows = ["**Do our players stack as the published ones do?** The same source publishes how often hands see "
            "stacking chains (runs of draw cards added to a pending total). `python -m unokit.stacking_study` "
            "measures them for two agents: `always` (our random-play: it always adds when it can) and "
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
        best = min(gaps, key=gaps.get)
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
    b2 = _entry(pub, "UNO 1121", 2)["table"]
    b4 = _entry(pub, "UNO 1121", 4)["table"]
    t2, t4, a2, p2 = b2["turns"], b4["turns"], b2["actions"], b2["plays"]
    fs = b2["first_seat"]
    ref2, ref4 = PUBLISHED["stacking"][2][0], PUBLISHED["stacking"][4][0]
    off = max(abs(ref2 - t2["mean"]) / t2["mean"], abs(ref4 - t4["mean"]) / t4["mean"])
    agree, disagree, unsure = [], [], []
    longer = False
    for pl in (2, 4):
        b = _entry(pub, "UNO 1121", pl)["table"]["turns"]
        ref = PUBLISHED["stacking"][pl]
        for r, lab_, k in (("UNO 1121 P1", "P1", 1), ("UNO 1121 P4", "P4", 2)):
            q, lo, hi = _ratio(_entry(pub, r, pl)["table"]["turns"], b)
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


def _summary(claim_rows, effects: dict, counts: dict, pub) -> list[str]:
    """The findings first: the issue's examples, the contradicted claims, the tally."""
    out = ["## Summary", ""]
    issue = [(c, v) for c, v in claim_rows if c.source == _I]
    for c, v in issue:
        out.append(f"- *{c.text}*: **{v}**.")
    for code, metric, text in (("DR", "win", "DR makes the game more strategic (larger skill edge)"),
                               ("INS", "win", "INS gives more control (larger skill edge)")):
        row = next(((c, v) for c, v in claim_rows if c.code == code and c.metric == metric), None)
        if row is not None:
            out.append(f"- *{text}*: **{row[1]}**.")
    bad = [(c, v) for c, v in claim_rows if v == "contradicted" and c.source != _I]
    if bad:
        out.append("- Claims of the guide contradicted here: " + "; ".join(f"{c.code}, *{c.text}*" for c, v in bad)
                   + ".")
    out.append("- All verdicts: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
               + " (the table of claims below).")
    out.append("")
    return out


def _strategist_note(data: dict) -> str:
    from .bots import BOTS
    if "strategist" not in BOTS:
        return "`strategist` was not registered when the report was generated."
    if data["skill_bot"] == "strategist":
        return "`strategist` is the skill bot (`--skill-bot strategist`)."
    return ("`strategist` is registered, but it is several times slower than `greedy` (it scores every "
            "action with card counting and look-ahead) and was still changing while this report was written; "
            "the report defaults to `greedy` so that every rule gets the same N in the time budget, and shows "
            "`strategist`'s edge on the baseline for comparison. `unokit report --skill-bot strategist` (or "
            "`unokit lab`, whose skill measure picks `strategist` when registered) measures every rule with it.")


# ---------------------------------------------------------------------------------------- plots
def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _plot_effects(effects: dict, key: str, title: str, pct: bool, out: Path, *, skip_match_rules: bool) -> Path | None:
    from .match import MATCH_RULES
    try:
        plt = _plt()
    except ImportError:  # pragma: no cover
        return None
    rows = []
    for code, info in effects.items():
        if skip_match_rules and code in MATCH_RULES:
            continue
        if info.get("same") and key != "hands_per_match":
            continue
        e = info.get("effects", {}).get(key)
        if e is None:
            continue
        rows.append((code, e))
    if not rows:
        return None
    rows.sort(key=lambda r: r[1]["d"])
    f = 100 if pct else 1
    fig, ax = plt.subplots(figsize=(7, 0.26 * len(rows) + 1.3))
    ys = range(len(rows))
    ds = [r[1]["d"] * f for r in rows]
    err = [[(r[1]["d"] - r[1]["lo"]) * f for r in rows], [(r[1]["hi"] - r[1]["d"]) * f for r in rows]]
    colors = ["#c44e52" if r[1]["lo"] > 0 else "#4c72b0" if r[1]["hi"] < 0 else "#999999" for r in rows]
    ax.errorbar(ds, list(ys), xerr=err, fmt="none", ecolor="black", elinewidth=0.8, capsize=2)
    ax.scatter(ds, list(ys), c=colors, zorder=3, s=18)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(list(ys), [r[0] for r in rows], fontsize=7)
    ax.set_title(title, fontsize=9)
    ax.set_xlabel("difference from UNO 1121, 95% CI" + (" (percentage points)" if pct else ""), fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    p = out / f"report-{key.replace('_', '-')}.png"
    fig.savefig(p, dpi=90)
    plt.close(fig)
    return p


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
        meas = [_entry(pub, r, pl)["table"]["turns"] for r in rules]
        acts = [_entry(pub, r, pl)["table"]["actions"] for r in rules]
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


EDITION_SKILL_BOT = "strategist"   # the bot that knows the editions' cards (docs/rules/NOMERCY.md, ALLWILD.md)


def editions_study(hands: int, *, players: int = 4, seed: int = 0, cache=None, resume: bool = False,
                   jobs: int | None = None, progress: bool = True, backend: str = "local",
                   ray_address: str | None = None, engine: str = "auto") -> dict | None:
    """The editions beside the classic game: the table measure at ``players`` seats (``random-play``)
    and the skill measure (the strategist against ``random-play`` at 2 seats), ``hands`` each."""
    from .rules.editions import EDITIONS
    if hands < 1:
        return None
    sets = [BASELINE] + [f"UNO {code}" for code in EDITIONS]
    return lab(sets, bots=RANDOM_PLAY, players=[players], skill_players=2, hands=hands, skill_hands=hands,
               measures=["table", "skill"], seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
               plots=False, skill=EDITION_SKILL_BOT, backend=backend, ray_address=ray_address, engine=engine)


def _editions_section(eds: dict) -> list[str]:
    from .rules.catalog import CATALOG
    res = eds["results"]
    first = res[0]
    n, p = first["table"]["hands"], first["players"]
    out = ["## The editions beside the classic game", "",
           f"Each edition is another game (its own deck and cards: `docs/rules/CODE.md`), so it is set beside the "
           f"classic game rather than measured as an effect: {n} hands at {p} players with `random-play` at every "
           f"seat, and `{EDITION_SKILL_BOT}` against `random-play` on {first['skill']['games']} games at 2 players "
           "(the skill edge: its win rate; fair share 50%). Eliminations: players out of the hand (No Mercy's "
           "mercy rule).", "",
           "| game | turns per hand | first-seat win rate | skill: strategist's win rate | cards drawn per hand | "
           "eliminations per hand | points per hand |",
           "|---|---|---|---|---|---|---|"]
    for r in res:
        code = r["rules"].split()[-1]
        name = "classic (`UNO 1121`)" if r["rules"] == BASELINE else \
            f"{CATALOG[code].name.replace(' (edition)', '')} (`UNO {code}`)"
        t, s = r["table"], r["skill"]
        fs = t["first_seat"]
        out.append(f"| {name} | {_tv(t['turns'])} | {100 * fs['rate']:.1f}% [{100 * fs['lo']:.1f}, {100 * fs['hi']:.1f}] "
                   f"| {100 * s['win']['rate']:.1f}% [{100 * s['win']['lo']:.1f}, {100 * s['win']['hi']:.1f}] "
                   f"| {_tv(t['cards_drawn'])} | {t['eliminated']['mean']:.2f} | {_tv(t['points'])} |")
    out += ["", f"Fair share of the first seat: {100 * first['table']['fair_share']:.0f}%. Intervals are 95% "
            "(Wilson for rates, mean ± 1.96 SE for means). Regenerate this section alone with "
            "`unokit report --editions-only --hands N`.", ""]
    return out


def add_editions(out: str | Path = "docs/lab", hands: int = DEFAULT_HANDS, **kw) -> dict:
    """Play :func:`editions_study` and write ``report.md`` again with its section, the rest of the
    results read from ``out/report.json`` (nothing else is played)."""
    out = Path(out)
    data = _stored(out)
    data["editions"] = editions_study(hands, players=data.get("players", 4), seed=data.get("seed", 0), **kw)
    return _rewrite(data, out)


def rerender(out: str | Path = "docs/lab") -> dict:
    """Write ``report.md`` and the plots again from the results stored in ``out/report.json``, playing
    nothing (after a change to the report's text, or to add a study's results to the stored data)."""
    out = Path(out)
    return _rewrite(_stored(out), out)


def _stored(out: Path) -> dict:
    """The results stored in ``out/report.json`` (a LabError when they are missing or not JSON)."""
    import json
    src = out / "report.json"
    try:
        return json.loads(src.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LabError(f"{src} not found: run 'unokit report' once first") from None
    except ValueError as e:
        raise LabError(f"{src} is not valid JSON: {e}") from None


def _rewrite(data: dict, out: Path) -> dict:
    data.pop("verdicts", None)
    data["files"] = [str(p) for p in write_report(data, out)]
    return data


def format_report(data: dict) -> str:
    return (f"report: {len(data['codes'])} rules, {data['hands']} hands each, {data['matches']} matches, "
            f"{data['published_hands']} hands per reference configuration; skill bot {data['skill_bot']}; "
            f"{data['seconds']} s\nwrote: " + ", ".join(data["files"]))
