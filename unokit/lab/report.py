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
4. the study "does not saying UNO pay?" (:mod:`unokit.lab.uno_call_study`), unless ``--out`` already holds
   its ``uno-call.json`` for the same seed and table size (:func:`uno_call_result`);

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

from ..rules.registry import timed_codes
from . import METRICS, RANDOM_PLAY, Z95, LabError, lab, metric_value, newcombe_diff
from .report_engines import engine_chunks, header_lines, referee_left, summary_lines
from .report_format import _engines_note, _entry, _measured, _plt, _pm, _rv, _tv, metric_kind
from .report_published import PUBLISHED, PUBLISHED_RULES, published_section

__all__ = ["Claim", "CLAIMS", "PUBLISHED", "report", "rerender", "verdict", "effect", "BASELINE", "SOCIAL", "DEFAULT_HANDS",
           "uno_call_result", "add_uno_call"]

BASELINE = "UNO 1121"
HUMAN_BOTS = "human:random-play"
DEFAULT_HANDS = 600
#: the most hands (and skill games) a rule set plays where the referee plays it (the rules and bots the compiled
#: core does not cover: the editions, M's human-error row...) and the stacking study's hands: the referee plays a
#: hand in milliseconds, the compiled core in microseconds (``--referee-hands``)
REFEREE_HANDS = 2000
#: rules that only change anything when players make people's mistakes (forget UNO, speak, apologise,
#: slap late): measured a second time with HumanBot-wrapped random players.
SOCIAL = ("S", "ORG", "MEM", "PRE", "SLOWUNO", "E", "IE", "M")
#: rules driven by a clock: the simulation's clock never advances, so they never fire (``HouseRule.timed``).
TIME_BASED = timed_codes()
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
           players: int = 4, backend: str = "local", ray_address: str | None = None, engine: str = "auto",
           uno_call_hands: int | None = None, referee_hands: int | None = None) -> dict:
    """Play everything the report needs and write ``report.md`` and the plots into ``out``.

    ``hands``: hands per rule set (table measure) and games per rule set (skill measure);
    ``matches``: matches per rule set (default ``hands // 25``, at least 2); ``published_hands``:
    hands for each reference configuration (default ``2 * hands``); ``codes``: the house rules
    (default: every implemented catalogue code); ``skill_bot``: the bot of the skill measure
    (default ``greedy``: see the report); ``cache`` + ``resume``: reuse chunks of an earlier run.
    ``backend="ray"``: play the lab chunks as Ray tasks (:mod:`unokit.lab.scale`; ``ray_address``: the
    cluster), with the same numbers (the stacking and UNO-call studies still run here).
    ``uno_call_hands``: deals of the UNO-call study, played only when ``out/uno-call.json`` does not
    hold it (:func:`uno_call_result`; default: reuse any result of this seed and table size, else play
    ``hands`` deals; 0: never play it). ``referee_hands``: the most hands or games a measure plays on the
    referee (default ``min(hands, REFEREE_HANDS)``; matches in proportion, the stacking study at most twice
    that); the report names the rule sets so measured.
    """
    import tempfile

    from ..bots import BOTS
    from ..match import MATCH_RULES
    from ..rules.catalog import CATALOG, EDITIONS_CODES, IMPLEMENTED, ORDER, alone

    t0 = time.perf_counter()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    previous = previous_run(out)
    if hands < 1:
        raise LabError("the report needs at least one hand per rule set (--hands 1 or more)")
    # the house rules, each alone against the baseline (the editions are other games: not a row here)
    codes = sorted((IMPLEMENTED | MATCH_RULES) - EDITIONS_CODES, key=lambda c: ORDER.get(c, 999)) \
        if codes is None else list(codes)
    matches = max(2, hands // 25) if matches is None else matches
    published_hands = 2 * hands if published_hands is None else published_hands
    if referee_hands is not None and (not isinstance(referee_hands, int) or referee_hands < 1):
        raise LabError(f"referee_hands must be a whole number >= 1, got {referee_hands!r}")
    referee_hands = min(hands, REFEREE_HANDS if referee_hands is None else referee_hands)
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
                   plots=False, skill=skill, backend=backend, ray_address=ray_address, engine=engine,
                   referee_hands=referee_hands)
        others, other_labs = {}, {}
        for name in ("greedy", "strategist"):
            if name == skill or name not in BOTS:
                continue
            try:  # the other skill bots, on the baseline only (for comparison)
                r = lab([BASELINE], bots=RANDOM_PLAY, players=[2], hands=0, skill_hands=hands,
                        measures=["skill"], seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
                        plots=False, skill=name, backend=backend, ray_address=ray_address, engine=engine,
                        referee_hands=referee_hands)
                others[name] = r["results"][0]["skill"]
                other_labs[f"skill bot {name}"] = r
            except Exception as e:  # noqa: BLE001 - a bot under development must not sink the report
                others[name] = {"error": f"{type(e).__name__}: {e}"}
        social_codes = [c for c in codes if c in SOCIAL]
        social = lab([BASELINE] + [f"{BASELINE} {c}" for c in social_codes], bots=HUMAN_BOTS, players=[players],
                     hands=hands, measures=["table"], seed=seed, cache=cache, resume=resume, jobs=jobs,
                     progress=progress, plots=False, backend=backend,
                     ray_address=ray_address, engine=engine, referee_hands=referee_hands) if social_codes else None
        pub = lab(list(PUBLISHED_RULES), bots=RANDOM_PLAY, players=[2, 4], hands=published_hands,
                  measures=["table"], seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
                  plots=False, backend=backend, ray_address=ray_address, engine=engine,
                  referee_hands=referee_hands) if published_hands > 0 else None
        editions = editions_study(hands, players=players, seed=seed, cache=cache, resume=resume, jobs=jobs,
                                  progress=progress, backend=backend, ray_address=ray_address, engine=engine,
                                  referee_hands=referee_hands)
        stacking = None
        if published_hands > 0:
            from .stacking_study import study
            stacking = {agent: study(min(published_hands, 2 * referee_hands), agent=agent, seed=seed, progress=progress,
                                     jobs=jobs) for agent in ("always", "hesitant")}
        uno_call = uno_call_result(out, uno_call_hands, players=players, seed=seed, play=referee_hands, jobs=jobs,
                                   progress=progress)   # (the referee's agents: at most referee_hands deals)
    finally:
        if tmp is not None:
            tmp.cleanup()
    seconds = time.perf_counter() - t0
    works = [r["work"] for r in (main, social, pub, editions, *other_labs.values()) if r]
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
            "referee_hands": referee_hands,
            "skill_bot": skill, "players": players, "codes": codes, "main": main, "social": social,
            "published": pub, "stacking": stacking, "editions": editions, "uno_call": uno_call,
            "other_skill_bots": others, "seconds": round(seconds, 1), "jobs": main["work"]["jobs"]}
    labs = {"main": main, "human-error bots": social, "reference numbers": pub, "editions": editions, **other_labs}
    data["engines"] = engine_chunks(labs.values())   # chunks each engine played (the results do not depend on it)
    data["referee_left"] = referee_left(labs, engine)   # what the referee still plays, and why
    data["previous"] = previous   # the report this one replaces: what changed in the verdicts
    files = write_report(data, out)
    data["files"] = [str(p) for p in files]
    return data


# ---------------------------------------------------------------------------------------- writing
_EFFECT_COLS = (("turns", "Δ turns", False), ("cards_drawn", "Δ cards drawn", False),
                ("first_seat", "Δ first mover wins (pp)", True), ("points", "Δ points/hand", False),
                ("win", "Δ skill win rate (pp)", True), ("hands_per_match", "Δ hands/match", False))


def write_report(data: dict, out: Path) -> list[Path]:
    from ..match import MATCH_RULES
    from ..rules.catalog import CATALOG
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
    ref = data.get("referee_hands")
    flag = f" --referee-hands {ref}" if ref is not None and ref != min(n, REFEREE_HANDS) else ""
    add(f"Generated by `unokit report --hands {n}{flag} --out {out}` (seed {data['seed']}, {data['jobs']} processes, "
        f"{how}{_engines_note(data.get('engines'))}). Regenerate it with the same command; every number is reproducible "
        "from the seed. Every interval is a 95% confidence interval: mean ± 1.96 SE for means, Wilson for "
        "rates, Newcombe's hybrid score interval for differences of rates, and a normal interval for differences "
        "of means (independent samples; every rule set is in fact played on the same deal seeds, which makes "
        "these intervals conservative).")
    add("")
    if header_lines(data):
        lines.extend(header_lines(data))
        add("")
    summary_at = len(lines)
    add("## What was played")
    add("")
    add(f"- **Table measure**: each rule set, {P} players, {n:,} hands, every seat `random-play`.")
    add(f"- **Skill measure**: each rule set, 2 players, `{skill}` against `random-play` on {n // 2:,} deals, each "
        f"played twice with the seats swapped ({2 * (n // 2):,} games): the skill bot's win rate. "
        + ("(`strategist` is registered, but the report uses `greedy` by default: see Caveats; "
           "`--skill-bot strategist` switches.)" if skill == "greedy" else ""))
    add(f"- **Match measure**: each rule set, {P} players, {data['matches']:,} whole matches (`unokit.match`, "
        "500 points, or the mode TV/PR set), `random-play` at every seat: hands per match.")
    add(f"- **Human-error bots**: the rules that punish people's mistakes ({', '.join(SOCIAL)}) and the baseline "
        f"again with `human:random-play` ({_measured(social, BASELINE)['table']['hands'] if social else n:,} hands each): `random-play` wrapped in `HumanBot` (forgets UNO "
        "10%, chats 2%, apologises 5% after a penalty, reacts in 0.6 s on average).")
    if pub:
        add(f"- **Reference numbers**: `UNO 1121`, `P1`, `P3`, `P4` at 2 and 4 players, `random-play`, "
            f"{data['published_hands']:,} hands each.")
    slow = _capped_codes(main, data["codes"])
    if slow:
        add(f"- **Played by the referee, at fewer hands**: the compiled core plays a hand in microseconds, the referee "
            f"in milliseconds, so where the referee plays (the rules and bots the compiled core does not cover yet) a "
            f"measure plays at most {data.get('referee_hands', n):,} hands or games (matches in proportion; "
            "`--referee-hands N`): " + ", ".join(f"{c} ({_capped_what(main, c)})" for c in slow) + ". Their "
            "intervals are wider; each row's note says so. The editions and the human-error bots' rows the compiled "
            "core does not cover (M), also on the referee, play the same number.")
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
        sec, pfiles = published_section(data, out)
        lines += sec
        files += pfiles
    # ------------------------------------------------------------------ baseline
    assert base is not None  # the baseline is always measured
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
        notes = []
        if code in MATCH_RULES:
            notes.append("match-level")
        if same and code not in MATCH_RULES:
            notes.append("(no effect)" + (f": {BLIND_SPOTS[code]}" if code in BLIND_SPOTS else ""))
        elif code in BLIND_SPOTS:
            notes.append(BLIND_SPOTS[code])
        if e["table"]["eliminated"]["mean"] > 0:
            notes.append(f"eliminated/hand {e['table']['eliminated']['mean']:.2f}")
        if e.get("match") and e["match"]["eliminated_per_match"]["mean"] > 0:
            notes.append(f"eliminated/match {e['match']['eliminated_per_match']['mean']:.2f}")
        if e["table"]["truncated"]:
            notes.append(f"{e['table']['truncated']} truncated")
        if e.get("capped"):
            notes.append(f"referee: {_capped_what(main, code)}")
        cells = []
        for k, _h, pct in _EFFECT_COLS:
            if code in MATCH_RULES and k != "hands_per_match":
                cells.append("·")
            else:
                cells.append(_pm(effs[k], pct))
        name = CATALOG[code].name if code in CATALOG else code
        add(f"| {code} | {name} | " + " | ".join(cells) + f" | {'; '.join(notes)} |")
    add("")
    # ------------------------------------------------------------------ editions
    if data.get("editions"):
        lines += _editions_section(data["editions"])
    # ------------------------------------------------------------------ social
    if social:
        sb = _measured(social, BASELINE)
        add("## Rules that punish mistakes, with human-error bots")
        add("")
        add(f"`human:random-play` at {P} players, {sb['table']['hands']:,} hands per rule set. Baseline: {_tv(sb['table']['turns'])} turns, "
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
            if e.get("capped"):   # (where the compiled core does not play the human-error bots: M)
                note = "; ".join(x for x in (note, f"referee: {_capped_what(social, code)}") if x)
            add(f"| {code} | {CATALOG[code].name} | {_pm(effs['turns'])} | {_pm(effs['penalty_cards'], digits=2)} | "
                f"{_pm(effs['catches'], digits=3)} | {_pm(effs['cards_drawn'])} | {note} |")
        add("")
    # ------------------------------------------------------------------ the UNO call
    uno_call = _uno_call_stored(out) or data.get("uno_call")
    if uno_call:
        data["uno_call"] = uno_call
        sec, ufiles = _uno_call_section(uno_call, out)
        lines += sec
        files += ufiles
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
    changes: list[str] = []
    labels = {k: label for k, _m, label, _kind in METRICS}
    for c in CLAIMS:
        if c.code not in data["codes"]:
            continue
        measured = effects.get(c.code)
        if c.metric is None or measured is None:
            v, ch, metric = "n/a", "–", "–"
        else:
            effs = measured.get("human", {}) if c.bots == "human" else measured["effects"]
            eff = effs.get(c.metric)
            if eff is None:
                eff = effect(measured["entry"], base, c.metric) if "entry" in measured else None
            pct = metric_kind(c.metric) == "rate"
            ch = _pm(eff, pct, 3 if c.metric in ("catches",) else 1) + (" pp" if pct else "")
            metric = labels[c.metric] + (" (human-error bots)" if c.bots == "human" else "")
            if measured.get("human_same" if c.bots == "human" else "same"):
                v = "n/a (no effect: the rule never fired)"
            else:
                v = verdict(eff, c.direction)
        key = v.split(" (")[0]
        counts[key] = counts.get(key, 0) + 1
        claim_rows.append((c, v))
        changes.append(ch)
        note = f" ({c.note})" if c.note else ""
        add(f"| {c.code} | {c.text}{note} | {c.source} | {metric} | {ch} | **{v}** |")
    add("")
    add("Tally: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + ".")
    lines[summary_at:summary_at] = _summary(claim_rows, effects, counts, pub)
    add("")
    lines.extend(_verdicts_since(claim_rows, data.get("previous")))
    lines.extend(_undecided(claim_rows, changes, n))
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


def previous_run(out: Path) -> dict | None:
    """What the report already in ``out`` found (its verdicts, size, time and engines), kept so the next report says
    what changed; None when there is none (or it cannot be read)."""
    import json
    try:
        old = json.loads((out / "report.json").read_text(encoding="utf-8"))
        return {"verdicts": [{k: v[k] for k in ("code", "claim", "verdict")} for v in old["verdicts"]],
                "hands": old.get("hands"), "seconds": old.get("seconds"), "engines": old.get("engines")}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _verdicts_since(claim_rows, previous: dict | None) -> list[str]:
    """The claims whose verdict differs from the previous report's (``previous``: :func:`previous_run`)."""
    if not previous:
        return []
    was = {(v["code"], v["claim"]): v["verdict"] for v in previous["verdicts"]}
    moved = [(c, was[(c.code, c.text)], v) for c, v in claim_rows
             if (c.code, c.text) in was and was[(c.code, c.text)] != v]
    engines = previous.get("engines") or {}
    size = (f" ({previous['hands']:,} hands, {engines.get('compiled', 0):,} chunks compiled and "
            f"{engines.get('referee', 0):,} on the referee)") if previous.get("hands") else ""
    out = ["### Verdicts that changed since the previous report", "",
           f"Against the report this one replaced{size}: "
           + ("no verdict changed." if not moved else f"{len(moved)} changed (a rule the previous report played on the "
              "referee at fewer hands is measured at full size now, with a narrower interval)."), ""]
    for c, old, new in moved:
        out.append(f"- {c.code}, *{c.text}*: {old} → **{new}**.")
    if moved:
        out.append("")
    return out


def _undecided(claim_rows, changes: list[str], hands: int) -> list[str]:
    """The claims neither supported nor contradicted, each with why: an effect smaller than the interval at this size,
    or a claim the lab cannot test (the rule never fires with these bots, or no number checks it)."""
    rows = [(c, v, ch) for (c, v), ch in zip(claim_rows, changes) if v.split(" (")[0] in ("not detected", "inconclusive")
            or v.startswith("n/a")]
    if not rows:
        return []
    out = ["### The claims left undecided, and why", ""]
    for c, v, ch in rows:
        if v == "not detected":
            why = (f"the change is {ch}: the interval holds zero at {hands:,} hands, so any effect is smaller than this "
                   "size can see (a larger `--hands` narrows it as 1/√N)")
        elif v == "inconclusive":
            why = f"the change is {ch}: neither inside the margin of *no change* nor clear of it"
        elif "never fired" in v:
            why = "the lab cannot test it with these bots: the rule never fired in their hands" + (
                f" ({c.note})" if c.note else "")
        else:
            why = "no number of the lab checks it"
        out.append(f"- {c.code}, *{c.text}* ({v}): {why}.")
    out.append("")
    return out


def _capped_codes(main: dict, codes) -> list[str]:
    """The codes whose rule sets' measures the referee played at fewer hands (the main section)."""
    return [c for c in codes if (_entry(main, f"{BASELINE} {c}") or {}).get("capped")]


def _capped_what(main: dict, code: str) -> str:
    e = _entry(main, f"{BASELINE} {code}")
    names = {"table": "hands", "skill": "skill games", "match": "matches"}
    return ", ".join(f"{v:,} {names[k]}" for k, v in (e or {}).get("capped", {}).items())


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
    from ..bots import BOTS
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
def _plot_effects(effects: dict, key: str, title: str, pct: bool, out: Path, *, skip_match_rules: bool) -> Path | None:
    from ..match import MATCH_RULES
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


EDITION_SKILL_BOT = "strategist"   # the bot that knows the editions' cards (docs/rules/NOMERCY.md, ALLWILD.md)


def editions_study(hands: int, *, players: int = 4, seed: int = 0, cache=None, resume: bool = False,
                   jobs: int | None = None, progress: bool = True, backend: str = "local",
                   ray_address: str | None = None, engine: str = "auto", referee_hands: int | None = None) -> dict | None:
    """The editions beside the classic game: the table measure at ``players`` seats (``random-play``)
    and the skill measure (the strategist against ``random-play`` at 2 seats), ``hands`` each."""
    from ..rules.editions import EDITIONS
    if hands < 1:
        return None
    sets = [BASELINE] + [f"UNO {code}" for code in EDITIONS]
    return lab(sets, bots=RANDOM_PLAY, players=[players], skill_players=2, hands=hands, skill_hands=hands,
               measures=["table", "skill"], seed=seed, cache=cache, resume=resume, jobs=jobs, progress=progress,
               plots=False, skill=EDITION_SKILL_BOT, backend=backend, ray_address=ray_address, engine=engine,
               referee_hands=referee_hands)


def _editions_section(eds: dict) -> list[str]:
    from ..rules.catalog import CATALOG
    res = eds["results"]
    first = res[0]
    n, p = first["table"]["hands"], first["players"]
    out = ["## The editions beside the classic game", "",
           f"Each edition is another game (its own deck and cards: `docs/rules/CODE.md`), so it is set beside the "
           f"classic game rather than measured as an effect: {n:,} hands at {p} players with `random-play` at every "
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


# ---------------------------------------------------------------------------------------- the UNO call
#: the other beliefs of unaware catchers measured again, as ``unokit study uno-call`` does by default
UNO_CALL_SENSITIVITY = (7,)


def uno_call_result(out: str | Path = "docs/lab", hands: int | None = None, *, players: int = 4, seed: int = 0,
                    play: int = DEFAULT_HANDS, jobs: int | None = None, progress: bool = True) -> dict | None:
    """The study "does not saying UNO pay?" (:mod:`unokit.lab.uno_call_study`) for the report.

    ``out/uno-call.json`` is reused when it was played at this ``seed`` and table size (with ``hands``
    deals, when given); otherwise the study is played now (``hands`` deals, ``play`` when None) as
    ``unokit study uno-call --hands N --players P --seed S --out DIR`` plays it, and writes its own
    ``uno-call.md``, ``uno-call.png`` and ``uno-call.json``. ``hands=0`` plays nothing (the stored
    result, whatever its settings, or None)."""
    from . import uno_call_study as ucs
    out = Path(out)
    stored = _uno_call_stored(out, strict=False)
    if hands == 0 or (stored is not None and stored.get("seed") == seed and stored.get("players") == players
                      and hands in (None, stored.get("deals"))):
        return stored
    n = hands or play
    r = ucs.study(n, players, seed=seed, jobs=jobs, progress=progress, sensitivity=UNO_CALL_SENSITIVITY)
    r["command"] = f"unokit study uno-call --hands {n} --players {players} --seed {seed} --out {out}"
    ucs.write_section(r, out, r["command"])
    return r


def _uno_call_stored(out: Path, strict: bool = True) -> dict | None:
    """``out/uno-call.json`` (None when missing; a LabError, or None when not ``strict``, when it is not
    a result of the study)."""
    import json
    src = out / "uno-call.json"
    try:
        r = json.loads(src.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except ValueError as e:
        r = f"not valid JSON: {e}"
    if isinstance(r, dict) and r.get("kind") == "uno-call-study" and r.get("cells"):
        return r
    if strict:
        raise LabError(f"{src} is not a result of 'unokit study uno-call'"
                       + (f" ({r})" if isinstance(r, str) else ""))
    return None


def _uno_call_section(r: dict, out: Path) -> tuple[list[str], list[Path]]:
    """The section "Does not saying UNO pay?" from the study's result, and the plot when it had to be drawn."""
    from .uno_call_study import _answer, _pp, plot_study
    files: list[Path] = []
    png = out / "uno-call.png"
    if not png.is_file() and plot_study(r, png):
        files.append(png)
    b = r["base"]["win"]
    skip = max(c["skip"] for c in r["cells"])
    cells = [c for c in r["cells"] if c["skip"] == skip]
    vig = sorted({c["vigilance"] for c in cells})
    by = {(c["window"], c["penalty"], c["vigilance"]): c for c in cells}
    lines = ["## Does not saying UNO pay?", "",
             "004 says a player who calls UNO may draw the others' concerted attacks, so some keep quiet with "
             "their last card. The study `unokit study uno-call` (module `unokit.lab.uno_call_study`) measures it: one "
             "seat is the strategist playing its next-to-last card without UNO, the other seats are strategists "
             "who notice a silent one-card hand with a chance at each look at the table (their *vigilance*) and, "
             "once they have, catch it while the catch window is open (official: until the next player starts; "
             "`SLOWUNO`: until the end of the next player's turn; `PRE`: until the silent hand changes); until "
             f"then they take the silent hand for {r['assumed']} cards and do not catch it. Each deal "
             "is played until that seat is about to play holding two cards; from there every condition, and the "
             "same seat always saying UNO, play the rest of the hand with the same bots (paired differences, "
             f"mean ± 1.96 SE). {r['deals']} deals at {r['players']} players, seed {r['seed']}, {r['branched']} of "
             f"them reached a silence point (`{r.get('command') or 'unokit study uno-call'}`); always saying UNO, "
             f"the seat wins {_rv(b)} (fair share {100 / r['players']:.0f}%).", ""]
    if png.is_file():
        lines += [f"![not saying UNO against vigilance]({png.name})", ""]
    lines += ["**Answer.** " + _answer(r), "",
              "Change in the silent seat's win rate against always saying UNO, in points of % [95% CI], by catch "
              "window, penalty (the cards a missed UNO costs) and the catchers' vigilance"
              + (f" (keeping quiet with probability {skip:g})" if skip != 1.0 else "") + ":", "",
              "| catch window | penalty | " + " | ".join(f"vigilance {v:g}" for v in vig) + " |",
              "|---|---|" + "---|" * len(vig)]
    for w, pen in dict.fromkeys((c["window"], c["penalty"]) for c in cells):
        lines.append(f"| {w} | {pen} | " + " | ".join(_pp(by[(w, pen, v)]["d_win"]) if (w, pen, v) in by else "–"
                                                    for v in vig) + " |")
    lines += ["", "The caught silences, win rates and net points of every condition: [uno-call.md](uno-call.md). "
              "`unokit report` reuses `uno-call.json` when it was played at the report's seed and table size; "
              "`unokit report --uno-call-only [--uno-call-hands N]` plays the study only when it is missing or "
              "of other settings and writes this report again, the rest from `report.json`.", ""]
    return lines, files


def add_uno_call(out: str | Path = "docs/lab", hands: int | None = None, play: int = DEFAULT_HANDS, **kw) -> dict:
    """:func:`uno_call_result` for the stored report's seed and table size, then ``report.md`` again with
    its section, the rest read from ``out/report.json`` (nothing else is played)."""
    out = Path(out)
    data = _stored(out)
    data["uno_call"] = uno_call_result(out, hands, players=data.get("players", 4), seed=data.get("seed", 0),
                                       play=play, **kw)
    return _rewrite(data, out)


def add_editions(out: str | Path = "docs/lab", hands: int = DEFAULT_HANDS, **kw) -> dict:
    """Play :func:`editions_study` and write ``report.md`` again with its section, the rest of the
    results read from ``out/report.json`` (nothing else is played)."""
    out = Path(out)
    data = _stored(out)
    data["editions"] = editions_study(hands, players=data.get("players", 4), seed=data.get("seed", 0), **kw)
    if "referee_left" in data:   # the editions' measures on the referee, as now played
        data["referee_left"] = [x for x in data["referee_left"] if x["section"] != "editions"] \
            + referee_left({"editions": data["editions"]}, kw.get("engine", "auto"))
    return _rewrite(data, out)


def rerender(out: str | Path = "docs/lab") -> dict:
    """Write ``report.md`` and the plots again from the results stored in ``out/report.json``, playing
    nothing (after a change to the report's text, or to add a study's results to the stored data); the
    UNO-call section from ``out/uno-call.json`` when there is one (a newer run of the study)."""
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
            f"{data['seconds']} s\n" + "".join(f"{x}\n" for x in summary_lines(data)) + "wrote: " + ", ".join(data["files"]))
