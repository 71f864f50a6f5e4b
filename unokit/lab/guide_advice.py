"""The guide's own advice, checked with the advisor's data (issue 26, point 4): ``docs/lab/guide-advice.md``.

The customization guide (``000_29ba263adbf96ee5.txt``, chapter 3) ends each rule's section with "Indicado"
(who it suits), and a few other sentences say what a rule does at a table size (two players, large groups).
:data:`ADVICE` holds that advice as data: the section's code, the seed's line, a few words of it, an English
paraphrase and the :class:`Check` s that put numbers on it (which rule set, which measure, at which table size,
against what, in which direction), or why bots cannot check it. :func:`check_all` measures every check with the
advisor's own tools (:func:`unokit.lab.advise.measure` on the compiled core, the lab's seeds, or
:func:`~unokit.lab.advise.code_profile`, which reads the rules report for the rules the core does not play) and
:func:`render` writes the page::

    python -m unokit.lab.guide_advice [--out docs/lab/guide-advice.md] [--hands 20000] [--matches 1000]
                                      [--seed 0] [--jobs K] [--cache DIR]

Verdicts follow from each difference's 95% interval alone (:func:`verdict`): the report's rule for a claimed
change or no change (:func:`unokit.lab.report.verdict`), and :data:`MUCH` for "not much" and "not dramatically".
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import LabError, UnoError
from . import report
from .advise import BASELINE, SKILL_BOT, Pace, code_profile, live, long_threshold, measure, profile_of
from .stats import newcombe_diff

__all__ = ["Check", "Advice", "ADVICE", "MEASURES", "MUCH", "GENERAL", "SEED", "verdict", "check_all", "render",
           "main"]

SEED = "000_29ba263adbf96ee5.txt"
#: the table size of advice that names none (the rules report's)
GENERAL = 4
#: "much" or "dramatically", for "not much shorter" and "cannot change the dynamics dramatically": a quarter of
#: what it is compared with
MUCH = 0.25
#: measure -> (what it is, unit, kind): ``mean`` figures differ by a normal interval, ``rate`` figures by Newcombe's
MEASURES = {
    "minutes": ("minutes a hand", "min", "mean"),
    "match_minutes": ("minutes a match", "min", "mean"),
    "match_hands": ("hands a match", "hands", "mean"),
    "skill": ("skill edge", "pts", "rate"),
    "first_seat": ("first seat", "pts", "rate"),
    "long_hand": ("very long hands", "%", "rate"),
}
DIRECTIONS = {"up": "up", "down": "down", "same": "no change",
              "not_much_down": f"not down by more than {MUCH:.0%}", "within_much": f"within ±{MUCH:.0%}"}
VERDICTS = ("agrees", "disagrees", "cannot tell: interval too wide", "not measurable by bots")
_TASTE = "a matter of taste: it says whom the rule pleases, nothing the game's numbers can show"


@dataclass(frozen=True)
class Check:
    """One number that puts the advice to the test: ``measure`` of ``rules`` (codes added to UNO 1121, ``""``
    for UNO 1121 itself) at ``players``, minus the same of ``against`` at ``against_players`` (default: the
    same size). ``effect``: compare instead the relative change against UNO 1121 at ``players`` with that at
    ``against_players``. ``direction``: a key of :data:`DIRECTIONS`; ``reads``: the claim as this check reads it."""

    rules: str
    measure: str
    direction: str
    reads: str
    players: int = GENERAL
    against: str = ""
    against_players: int | None = None
    effect: bool = False

    @property
    def other_players(self) -> int:
        return self.players if self.against_players is None else self.against_players


@dataclass(frozen=True)
class Advice:
    """One piece of the guide's advice: its section's code, the seed's ``line`` (1-based) and a few of its
    words (``quote``), ``says`` (a paraphrase), the ``checks`` that measure it and ``unmeasured``: why bots
    cannot check it (or the part of it no check covers)."""

    section: str
    line: int
    quote: str
    says: str
    checks: tuple[Check, ...] = ()
    unmeasured: str = ""


def _c(rules: str, measure_: str, direction: str, reads: str, **kw) -> Check:
    return Check(rules, measure_, direction, reads, **kw)


_SKILL_UP = "more strategic: the skill edge grows"
_BLIND = report.BLIND_SPOTS
ADVICE: tuple[Advice, ...] = (
    Advice("TV", 985, "experimentar mais livremente", "for people who want to explore strategy freely without the "
           "pressure of points, or to play without counting them",
           unmeasured="the bots play every hand alike whatever the scoring, and a TV hand is a UNO 1121 hand (the "
                      "rules report checks the match's length)"),
    Advice("PR", 1005, "apenas os mais prudentes", "for a game in which only the most prudent players, not "
           "necessarily the best, last to a kind of final match",
           unmeasured="prudence is a way of playing that no bot has: random-play and greedy play a hand alike "
                      "under any scoring"),
    Advice("MS", 1045, "pouco tempo disponível", "for those with little time to play, or who prefer a more "
           "unpredictable game",
           tuple(_c(ms, m, "down", r) for ms in ("MS1", "MS2", "MS3") for m, r in
                 (("minutes", "little time: shorter hands"), ("match_minutes", "little time: shorter matches"),
                  ("skill", "more unpredictable: the skill edge shrinks")))),
    Advice("FL", 1085, "mais difícil e taticamente complexo", "for those who find the game harder and tactically "
           "more complex this way (the Surprise Wild is too easy otherwise)",
           (_c("FL", "skill", "up", "tactically more complex: the skill edge grows"),)),
    Advice("FU", 1101, "um jogo mais rápido", "for those with little time to play; for a faster game",
           (_c("FU", "minutes", "down", "a faster game: shorter hands"),
            _c("FU", "match_minutes", "down", "little time: shorter matches"))),
    Advice("BU", 1117, "muitas reviravoltas e tramas estratégicas", "for a game of many twists and strategic plots",
           (_c("BU", "skill", "up", "strategic plots: the skill edge grows"),)),
    Advice("BU", 1117, "apenas dois jogadores", "especially for two players, where a deal of only 7 cards can make "
           "the game too fast",
           (_c("", "minutes", "down", "at 2 players UNO 1121's hands are shorter than at 4", players=2,
               against_players=4),
            _c("BU", "minutes", "up", "BU makes 2-player hands longer", players=2))),
    Advice("C", 1164, "diminuto, mas um pouco significativo", "between two people its effect is small but somewhat "
           "significant: in UNO 1121 it works like a kind of Duplicates (DD)",
           (_c("C", "minutes", "down", "an effect at 2 players: hands shorter", players=2),
            _c("C", "minutes", "up", "small at 2 players: hands shortened less (relative change at 2 minus at 4)",
               players=2, against_players=4, effect=True),
            _c("C", "minutes", "same", "like DD at 2 players: hands as long as DD's", players=2, against="DD"))),
    Advice("C", 1182, "muitos jogadores", "for games with many players, where those far from the turn stop paying "
           "attention; also for a more unpredictable and complex game, though haste can spoil well-thought play",
           (_c("C", "skill", "down", "unpredictable, haste spoils strategy: the skill edge shrinks at 8 players",
               players=8),),
           unmeasured="attention is not simulated: the bots watch every card"),
    Advice("DR", 1235, "para uso geral", "for general use: it adds much strategic complexity without harming the "
           "game's other traits (nor making it much shorter)",
           (_c("DR", "skill", "up", _SKILL_UP),
            _c("DR", "minutes", "not_much_down", "not much shorter: hands shortened by less than a quarter"))),
    Advice("DD", 1253, "desconfiança a estratégia do Grupo Surpresa", "for those wary of the Surprise Group: DD "
           "still allows it but makes it rarer, and adds DR's tactical element with more restrictions",
           (_c("DD", "skill", "up", "DR's tactical element: the skill edge grows"),
            _c("DD", "skill", "down", "with more restrictions than DR: a smaller skill edge than DR's", against="DR")),
           unmeasured="how often the Surprise Group strategy wins: no bot plans it"),
    Advice("AA", 1281, "versão um pouco mais complexa do Descarte Rápido", "for general use, for groups that like a "
           "more complex DR: almost the same dynamics, but a good strategy takes careful thought",
           (_c("AA", "skill", "up", _SKILL_UP),
            _c("AA", "minutes", "same", "almost DR's dynamics: hands as long as DR's", against="DR"))),
    Advice("AB", 1299, "não consegue alterar dramaticamente", "for general use, though by itself it cannot change "
           "the game's dynamics dramatically",
           (_c("AB", "minutes", "within_much", "no dramatic change: hands within a quarter of UNO 1121's"),)),
    Advice("SAT", 1323, "dinâmica de jogo mais acelerada", "for players who want a faster, simpler game, though it "
           "much harms tactical thinking; not for general use",
           (_c("SAT", "minutes", "down", "faster: shorter hands"),
            _c("SAT", "skill", "down", "harms tactical thinking: the skill edge shrinks"))),
    Advice("SAT", 1325, "acumulando cartas demais", "play it with a rule that sheds several cards a turn (DR, DD, "
           "AA): a player can pile up too many cards",
           (_c("DR-SAT", "long_hand", "down", "with DR, fewer very long hands than SAT alone", against="SAT"),)),
    Advice("CON", 1349, "não recomendado para uso geral", "for players who prefer the game this way; not for general "
           "use", unmeasured=_TASTE),
    Advice("INS", 1371, "mais previsível e controlado", "for those who prefer a more predictable, controlled game; "
           "not for general use",
           (_c("INS", "skill", "up", "more controlled: the skill edge grows"),)),
    Advice("DED", 1407, "verdades e mentiras", "for groups of friends who want fun built on truths and lies",
           unmeasured=_BLIND["DED"]),
    Advice("GT", 1431, "se divertiriam com a regra", "for groups who would enjoy it", unmeasured=_TASTE),
    Advice("P", 1487, "três primeiras variações para um jogo mais estratégico", "for general use: P1-P3 for a more "
           "strategic game, P4 for a more fun and relaxed one",
           tuple(_c(p, "skill", "up", _SKILL_UP) for p in ("P1", "P2", "P3"))
           + (_c("P4", "skill", "down", "P4 relaxed: a smaller skill edge than P3's", against="P3"),)),
    Advice("P", 1489, "comprando muitas cartas", "some players may draw many cards: add a rule that sheds several "
           "cards a turn (DR, AA)",
           (_c("DR-P4", "long_hand", "down", "with DR, fewer very long hands than P4 alone", against="P4"),)),
    Advice("V", 1515, "jogos rápido", "to train quick thinking, to see who stays strategic under time pressure, or "
           "for quick games for players short of time",
           unmeasured=_BLIND["V"] + " (the minutes model's seconds a turn are an assumption, not a measurement)"),
    Advice("PAA", 1543, "mais justo", "for players who want one more tactical element, or who find the game fairer "
           "this way",
           (_c("PAA", "skill", "up", "a tactical element: the skill edge grows"),
            _c("PAA", "first_seat", "down", "fairer: a smaller first-seat advantage"))),
    Advice("I", 1563, "se divertiriam com essa regra", "for groups who would enjoy it; not for general use",
           unmeasured=_TASTE),
    Advice("CHU", 1585, "complexidade estratégica a mais", "for those who want more strategic complexity",
           (_c("CHU", "skill", "up", _SKILL_UP),)),
    Advice("BA", 1607, "complexidade estratégica a mais", "for those who want more strategic complexity",
           (_c("BA", "skill", "up", _SKILL_UP),)),
    Advice("REV", 1627, "tipo de jogo diferente", "for players who want a different kind of game (with DP or INS, so "
           "that draws are not made indiscriminately); not for general use", unmeasured=_BLIND["REV"]),
    Advice("S", 1677, "grupos grandes", "for groups who want more fun and for large groups, to hold everyone's "
           "attention all the time", unmeasured="attention is not simulated; " + _BLIND["S"]),
    Advice("CAR", 1715, "mais imprevisível e surpreendente", "for groups who want a more unpredictable, surprising "
           "game", (_c("CAR", "skill", "down", "more unpredictable: the skill edge shrinks"),)),
    Advice("T", 1745, "não exageradamente", "for a more unpredictable game, but not excessively so, with a more "
           "precise and intelligent tactical element",
           (_c("T", "skill", "down", "more unpredictable: the skill edge shrinks"),
            _c("T", "skill", "up", "not excessively (as CAR): a larger skill edge than CAR's", against="CAR"))),
    Advice("M", 1771, "um jogo mais divertido", "for groups who want more fun; large groups, young children and "
           "older people may not all get the same chance to slap",
           unmeasured="fun and people's reach and agility are not simulated: the bots slap with a set reaction time"),
    Advice("E", 1795, "se divertiriam com essa regra", "for players who would enjoy it", unmeasured=_TASTE),
    Advice("IE", 1811, "se divertiriam com essa regra", "for players who would enjoy it", unmeasured=_TASTE),
    Advice("DOA", 1843, "se divertiriam com essa regra", "for players who would enjoy it", unmeasured=_TASTE),
    Advice("PAB", 1863, "complexidade muito interessante", "for players who want a very interesting tactical "
           "complexity", (_c("PAB", "skill", "up", _SKILL_UP),)),
    Advice("DAD", 1903, "elemento de aleatoriedade", "for players who would enjoy it or want an element of "
           "randomness", (_c("DAD", "skill", "down", "randomness: the skill edge shrinks"),)),
    Advice("TRI", 1931, "mais um elemento estratégico", "for players who would enjoy it and want one more strategic "
           "element", (_c("TRI", "skill", "up", _SKILL_UP),)),
    Advice("BACK", 1957, "elemento estratégico de influência direta", "for players who want a strategic element of "
           "direct influence on the previous player",
           (_c("BACK", "skill", "up", _SKILL_UP),)),
    Advice("CLA", 1975, "conhecimento das cartas alheias", "to make knowing others' cards a legitimate, bounded "
           "strategic element", unmeasured=_BLIND["CLA"]),
    Advice("MOV", 1993, "completamente inócua num jogo de apenas duas pessoas", "for every kind of group, generally "
           "good; of little interest in partnerships, and completely innocuous with two people",
           (_c("MOV", "match_hands", "same", "innocuous at 2 players: matches as long as UNO 1121's", players=2),),
           unmeasured="why it is good (neighbours who fall out) and partnerships: the bots have no neighbours"),
    Advice("DP", 2019, "descobrir mentiras e verdades", "for groups who want fun built on finding out lies and truths",
           unmeasured=_BLIND["DP"]),
    Advice("MEM", 2031, "esquecem vezes demais de dizer UNO", "for groups who forget UNO too often and want to punish "
           "it, so that they learn to forget less", unmeasured=_BLIND["MEM"]),
    Advice("PRE", 2045, "grandes grupos", "for large groups, or for games that ask for more attention",
           unmeasured="attention is not simulated; " + _BLIND["PRE"]),
    Advice("ORG", 2059, "importar demais com os sentimentos", "for groups inclined to care too much about their "
           "opponents' feelings", unmeasured=_BLIND["ORG"]),
)


# ---------------------------------------------------------------------------------------- verdicts
def verdict(direction: str, lo: float, hi: float, base: float, kind: str) -> str:
    """The verdict of a difference with the 95% interval ``[lo, hi]`` against ``base`` (the figure compared
    with; rates in fractions): ``up``, ``down`` and ``same`` as the rules report decides them
    (:func:`unokit.lab.report.verdict`); ``not_much_down``: agrees when the interval lies above -:data:`MUCH` x
    ``base``, disagrees when it lies below; ``within_much``: agrees when it lies within ± that, disagrees when it
    lies outside; otherwise "cannot tell: interval too wide"."""
    wide = VERDICTS[2]
    if direction in ("up", "down", "same"):
        v = report.verdict({"lo": lo, "hi": hi, "base": base, "kind": kind}, direction)
        return {"supported": VERDICTS[0], "contradicted": VERDICTS[1]}.get(v, wide)
    m = MUCH * abs(base)
    if direction == "not_much_down":
        return VERDICTS[0] if lo > -m else VERDICTS[1] if hi < -m else wide
    if direction == "within_much":
        return VERDICTS[0] if -m <= lo and hi <= m else VERDICTS[1] if lo > m or hi < -m else wide
    raise ValueError(f"unknown direction {direction!r}")


# ---------------------------------------------------------------------------------------- measuring
def _code(rules: str) -> str:
    from ..match import parse_match_rules
    return parse_match_rules(f"{BASELINE} {rules}".strip()).code


@dataclass(frozen=True)
class _Settings:
    hands: int
    matches: int
    seed: int
    jobs: int | None
    cache: Path | None
    pace: Pace


class _Data:
    """The profiles the checks read, measured once per table size: live on the compiled core (one
    :func:`measure` call per size and with or without matches), else through :func:`code_profile` (the rules
    report, or the referee)."""

    def __init__(self, s: _Settings):
        self.s = s
        self.entries: dict[tuple[int, bool], dict[str, dict]] = {}
        self.profiles: dict[tuple[str, int, bool], dict] = {}

    def load(self, checks) -> None:
        want: dict[tuple[int, bool], set[str]] = {}
        for c in checks:
            if c.measure not in MEASURES or c.direction not in DIRECTIONS:
                raise LabError(f"{c.rules or BASELINE}: unknown measure {c.measure!r} or direction {c.direction!r}")
            if c.other_players != c.players and MEASURES[c.measure][2] != "mean":
                raise LabError(f"{c.measure} is compared at one table size only")
            match = c.measure.startswith("match")
            pairs = [(_code(c.rules), c.players), (_code(c.against), c.other_players)]
            if c.effect:   # the rule at both sizes
                pairs.append((_code(c.rules), c.other_players))
            for code, n in pairs:
                if live(code, n, match=match):
                    want.setdefault((n, match), {BASELINE}).add(code)
                elif c.against or c.effect or c.against_players:
                    raise LabError(f"{code} is not played by the compiled core: it can only be checked against "
                                   f"{BASELINE} at the same size")
                elif (code, n, match) not in self.profiles:
                    self.profiles[(code, n, match)] = code_profile(
                        code, n, hands=self.s.hands, seed=self.s.seed, jobs=self.s.jobs, cache=self.s.cache,
                        pace=self.s.pace)
        for (n, match), codes in sorted(want.items()):
            self.entries[(n, match)] = measure(
                sorted(codes), n, hands=self.s.hands, skill_hands=self.s.hands,
                matches=self.s.matches if match else 0, seed=self.s.seed, jobs=self.s.jobs, cache=self.s.cache)

    def identical(self, code: str, against: str, n: int, measure_: str) -> bool:
        """Did both play the same deals (the lab's seeds) to the very same results in the part of the lab's
        entry the measure reads? Then the rule changed nothing it sees, in any hand or match."""
        got = self.entries.get((n, measure_.startswith("match")), {})
        if code not in got or against not in got:
            return False
        part = _section(measure_)
        return got[code].get(part) is not None and got[code].get(part) == got[against].get(part)

    def profile(self, code: str, n: int, match: bool, against: str | None = None) -> tuple[dict, dict, str]:
        """The profile of ``code`` at ``n`` against ``against`` (default UNO 1121), that of ``against``, and the
        source."""
        got = self.entries.get((n, match), {})
        if code not in got:
            p = self.profiles[(code, n, match)]
            return p["profile"], p["reference"], p["source"]
        base = got[BASELINE]
        thr = long_threshold(base["table"])
        other = got[against or BASELINE]
        pace = self.s.pace
        return (profile_of(got[code], other, pace, threshold=thr), profile_of(other, other, pace, threshold=thr),
                f"measured (compiled, {got[code]['table']['hands']:,} hands at {n} players)")


def _section(measure_: str) -> str:
    """The part of a lab entry a measure reads."""
    return "match" if measure_.startswith("match") else "skill" if measure_ == "skill" else "table"


def _fig(p: dict, measure_: str) -> dict | None:
    """``{value, lo, hi, n}`` of one measure of a profile (rates as fractions: edges for skill and first seat)."""
    if measure_ == "minutes":
        m = p["minutes"]
    elif measure_ in ("match_minutes", "match_hands"):
        if not p.get("match"):
            return None
        m = p["match"]["minutes" if measure_ == "match_minutes" else "hands"]
    elif measure_ in ("skill", "first_seat"):
        r = p.get(measure_)
        if not r:
            return None
        rate = r["win"] if measure_ == "skill" else r["rate"]
        return {"value": rate - r["fair"], "lo": r["lo"] - r["fair"], "hi": r["hi"] - r["fair"], "n": r["n"],
                "rate": rate, "fair": r["fair"], "vs": r["vs"], "players": r.get("players")}
    elif measure_ == "long_hand":
        r = p.get("long_hand")
        if not r:
            return None
        return {"value": r["rate"], "lo": r["lo"], "hi": r["hi"], "n": r["n"], "k": r["k"],
                "turns_over": r["turns_over"]}
    else:
        raise ValueError(f"unknown measure {measure_!r}")
    return {"value": m["mean"], "lo": m["lo"], "hi": m["hi"], "n": m["n"]}


def _half(f: dict) -> float:
    return (f["hi"] - f["lo"]) / 2


def _mean_diff(a: dict, b: dict) -> tuple[float, float, float]:
    """``a - b`` of two independent means with a normal interval: the half widths in quadrature."""
    d = a["value"] - b["value"]
    h = math.hypot(_half(a), _half(b))
    return d, d - h, d + h


def run_check(c: Check, data: _Data) -> dict:
    """One check measured: its figures, the difference with its interval, the verdict. JSON-ready."""
    _what, unit, kind = MEASURES[c.measure]
    match = c.measure.startswith("match")
    code, against = _code(c.rules), _code(c.against)
    out: dict = {"rules": code, "against": against, "players": c.players, "against_players": c.other_players,
                 "measure": c.measure, "direction": c.direction, "reads": c.reads, "unit": unit, "kind": kind,
                 "effect": c.effect}
    if c.effect:   # relative changes against UNO 1121 at two table sizes
        parts = []
        for n in (c.players, c.other_players):
            p, ref, _src = data.profile(code, n, match)
            fa, fb = _fig(p, c.measure), _fig(ref, c.measure)
            assert fa is not None and fb is not None
            d, lo, hi = _mean_diff(fa, fb)
            parts.append({"players": n, "a": fa, "b": fb, "rel": d / fb["value"], "rel_lo": lo / fb["value"],
                          "rel_hi": hi / fb["value"]})
        x, y = parts
        d = x["rel"] - y["rel"]
        h = math.hypot((x["rel_hi"] - x["rel_lo"]) / 2, (y["rel_hi"] - y["rel_lo"]) / 2)
        out.update(parts=parts, diff=d, lo=d - h, hi=d + h, base=y["rel"], unit="%", kind="mean",
                   source=data.profile(code, c.players, match)[2])
        out["verdict"] = verdict(c.direction, d - h, d + h, y["rel"], "mean")
        return out
    if c.other_players != c.players:   # one rule set at two table sizes
        pa, _r, src = data.profile(code, c.players, match)
        _p, pb, _s = data.profile(against, c.other_players, match)
    else:
        pa, pb, src = data.profile(code, c.players, match, against if c.against else None)
    fa, fb = _fig(pa, c.measure), _fig(pb, c.measure)
    out.update(a=fa, b=fb, source=src)
    if fa is None or fb is None:
        out.update(diff=None, lo=None, hi=None, base=None, verdict="not in the source")
        return out
    if kind == "mean":
        d, lo, hi = _mean_diff(fa, fb)
    elif c.measure == "long_hand":
        d, lo, hi = newcombe_diff(fa["k"], fa["n"], fb["k"], fb["n"])
    else:   # a rate's vs, as the profile computed it (Newcombe's, from the counts)
        d, lo, hi = fa["vs"]["diff"], fa["vs"]["lo"], fa["vs"]["hi"]
    identical = c.players == c.other_players and data.identical(code, against, c.players, c.measure)
    out.update(diff=d, lo=lo, hi=hi, base=fb["value"], identical=identical)
    same = identical and c.direction == "same"
    out["verdict"] = VERDICTS[0] if same else verdict(c.direction, lo, hi, fb["value"], kind)
    return out


def check_all(*, hands: int = 20000, matches: int = 1000, seed: int = 0, jobs: int | None = None,
              cache: str | Path | None = None, pace: Pace | None = None, advice: tuple[Advice, ...] = ADVICE) -> dict:
    """Measure every check of ``advice``; JSON-ready: ``rows`` (one per advice, with its ``results``), the
    settings and the seconds taken. ``pace``: the minutes model (default :class:`~unokit.lab.advise.Pace`'s)."""
    t0 = time.perf_counter()
    pace = pace or Pace()
    if not isinstance(hands, int) or hands < 10 or not isinstance(matches, int) or matches < 10:
        raise LabError("hands and matches must be whole numbers of at least 10")
    data = _Data(_Settings(hands, matches, seed, jobs, Path(cache) if cache is not None else None, pace))
    data.load([c for a in advice for c in a.checks])
    rows = [{"section": a.section, "line": a.line, "quote": a.quote, "says": a.says, "unmeasured": a.unmeasured,
             "results": [run_check(c, data) for c in a.checks]} for a in advice]
    return {"kind": "guide-advice", "rows": rows,
            "settings": {"hands": hands, "matches": matches, "seed": seed, "skill_bot": SKILL_BOT,
                         "pace": {"per_turn": pace.per_turn, "per_card": pace.per_card, "per_hand": pace.per_hand}},
            "seconds": round(time.perf_counter() - t0, 1)}


# ---------------------------------------------------------------------------------------- the page
def _num(v: float, unit: str, sign: bool = False) -> str:
    if unit in ("pts", "%"):
        v = 100 * v
    return f"{v:+.1f}" if sign else f"{v:.1f}"


def _figure(f: dict, unit: str, sign: bool) -> str:
    return f"{_num(f['value'], unit, sign)} [{_num(f['lo'], unit, sign)}, {_num(f['hi'], unit, sign)}]"


def _name(code: str) -> str:
    return f"`{code}`"


def _data_text(r: dict) -> str:
    unit = r["unit"]
    if r["effect"]:
        bits = [f"{x['players']} players: {_figure(x['b'], 'min', False)} → {_figure(x['a'], 'min', False)} min, "
                f"{100 * x['rel']:+.1f}% [{100 * x['rel_lo']:+.1f}, {100 * x['rel_hi']:+.1f}] (n={x['a']['n']:,} each)"
                for x in r["parts"]]
        diff = f"{100 * r['diff']:+.1f} [{100 * r['lo']:+.1f}, {100 * r['hi']:+.1f}]"
        return "; ".join(bits) + f". Difference: {diff} points of %"
    a, b = r["a"], r["b"]
    sign = unit == "pts"
    if a is None or b is None:
        return "not in the source (" + r["source"] + ")"
    shown = unit if unit != "hands" else "hands"
    # the skill measure's own table size (the rules report's is 2 players)
    left = f"{_name(r['rules'])} at {a.get('players') or r['players']}: {_figure(a, unit, sign)} {shown}"
    right = f"{_name(r['against'])} at {b.get('players') or r['against_players']}: {_figure(b, unit, sign)}"
    n = f"n={a['n']:,}" + (f" / {b['n']:,}" if b["n"] != a["n"] else " each")
    if r["measure"] == "long_hand":
        n += f"; longer than {a['turns_over']} turns"
    d = f"{_num(r['diff'], unit, True)} [{_num(r['lo'], unit, True)}, {_num(r['hi'], unit, True)}] {shown}"
    if r["kind"] == "mean" and b["value"]:
        d += f" ({100 * r['diff'] / b['value']:+.0f}%)"
    if r.get("identical"):
        d += "; identical figures on the same deals"
    return f"{left} vs {right} ({n}): {d}"


def render(result: dict) -> str:
    """The page (Markdown) from :func:`check_all`'s result."""
    s = result["settings"]
    pace = s["pace"]
    rows = result["rows"]
    tally: dict[str, int] = {}
    table = []
    for row in rows:
        head = f"{row['says']} ({SEED[:3]}:{row['line']}, \"{row['quote']}\")"
        for r in row["results"]:
            tally[r["verdict"]] = tally.get(r["verdict"], 0) + 1
            what = MEASURES[r["measure"]][0]
            check = f"{r['reads']} ({what}: {DIRECTIONS[r['direction']]})"
            table.append(f"| {row['section']} | {head} | {check} | {_data_text(r)}; {r['source']} | "
                         f"**{r['verdict']}** |")
            head = "″"
        if row["unmeasured"]:
            v = VERDICTS[3]
            tally[v] = tally.get(v, 0) + 1
            part = "the rest of this advice" if row["results"] else "–"
            table.append(f"| {row['section']} | {head} | {part} | – | **{v}**: {row['unmeasured']} |")
    sections = sorted({r["section"] for r in rows}, key=[r["section"] for r in rows].index)
    results = [r for row in rows for r in row["results"]]
    from_report = sorted({r["rules"].split(" ", 2)[-1] for r in results if r["source"].startswith("from the rules")})
    against = [f"{r['rules'].split(' ', 2)[-1]} ({r['reads']})" for r in results if r["verdict"] == VERDICTS[1]]
    lines = [
        "# The guide's own advice, checked with the advisor's data",
        "",
        "Generated by `python -m unokit.lab.guide_advice --out docs/lab/guide-advice.md` "
        f"(`--hands {s['hands']} --matches {s['matches']} --seed {s['seed']}`; {result['seconds']:.0f} s). "
        "Issue 26, point 4: for every rule whose section of the customization guide "
        f"(`{SEED}`, chapter 3) says who it suits (\"Indicado\") or what it does at a table size, what the guide "
        "advises, what the advisor's data says, and a verdict. The rules report "
        "([report.md](report.md), \"The guide's claims, checked\") already checks the sections' "
        "\"Consequências\"; this page checks the advice. The advice is data in `unokit/lab/guide_advice.py` "
        "(`ADVICE`: the section's code, the seed's line and a few of its words, the claim, which measure, which "
        "table sizes, which direction); `tests/lab/test_guide_advice.py` checks that it covers every section of "
        "the seed with an \"Indicado\".",
        "",
        "## How it is measured",
        "",
        f"- **The data**: the advisor's profiles ([advise.md](advise.md)): `unokit.lab.advise.measure` on the compiled "
        f"core ({s['hands']:,} hands with `random-play` at every seat and {s['hands']:,} skill games per rule set "
        f"and table size, the lab's seeds, seed {s['seed']}; {s['matches']:,} matches to 500 where a check needs "
        "matches), and `code_profile`, which reads the rules report for the rules the compiled core does not play "
        f"({', '.join(from_report) or 'none here'}: at the report's table sizes; the data column says so).",
        f"- **Table sizes**: advice that names none is measured at {GENERAL} players (the report's table); \"two "
        "players\" compares 2 players with 4 or measures at 2; \"many players\" measures at 8.",
        f"- **Measures**: *minutes a hand* for people ({pace['per_turn']:g} s a turn, {pace['per_card']:g} s a card "
        f"drawn, {pace['per_hand']:g} s a hand: [advise.md](advise.md#minutes-for-people)); *hands a match* to 500 "
        "and *minutes a match* (hands a match x minutes a hand); the *skill edge* "
        f"(`{s['skill_bot']}` against `random-play` on paired, seat-rotated deals: its win rate minus the fair "
        "share, in points); the *first seat*'s advantage (the first mover's win rate minus the fair share); *very "
        "long hands*, the share of hands longer than `UNO 1121`'s 95th percentile at that size. \"More "
        "strategic\", \"more tactical\" and \"more controlled\" are read as a larger skill edge, \"more "
        "unpredictable\" and \"randomness\" as a smaller one.",
        "- **Intervals**: 95%. A difference of means: a normal interval, the two half widths in quadrature "
        "(independent samples; the rule sets are played on the same deals, so it is conservative); of rates: "
        "Newcombe's. A comparison of two table sizes subtracts the relative changes against `UNO 1121` at each.",
        "- **Verdicts**, from the interval alone: *agrees* when it lies on the claimed side of zero, *disagrees* "
        "when on the other side, *cannot tell: interval too wide* when it holds zero; for \"no change\" (\"like "
        "DD\", \"innocuous\") the report's margin (5% of the figure compared with, 3 points for rates), or every "
        "figure identical on the same deals (the rule changed nothing in any hand or match measured); for \"not "
        f"much\" and \"not dramatically\" a quarter (`MUCH` = {MUCH:.0%}) of the figure compared with. *Not "
        "measurable by bots*: the advice is about taste, attention, talk, bluffing or knowledge the bots do not "
        "use (the reason is given).",
        "",
        "## Summary",
        "",
        f"{len(sections)} sections ({', '.join(sections)}), {len(rows)} pieces of advice, "
        f"{sum(len(r['results']) for r in rows)} checks. Verdicts: "
        + ", ".join(f"{k}: {tally[k]}" for k in (*VERDICTS, "not in the source") if k in tally) + ".",
        "",
        "The data disagrees with: " + ("; ".join(against) if against else "nothing") + ".",
        "",
        "## The advice, checked",
        "",
        "`000:N` is the seed's line N. ″: the same advice as the row above.",
        "",
        "| code | the guide advises | check | the data | verdict |",
        "|---|---|---|---|---|",
        *table,
        "",
        "## Caveats",
        "",
        "- The bots are not people: `random-play` plays any legal card and `greedy` looks one move ahead, so \"more "
        "strategic\" is what a one-move heuristic gains over chance, not what a thoughtful person gains.",
        "- The rules the compiled core does not play come from the rules report: played on the referee, with fewer "
        "hands (their n is shown) and at the report's table sizes, not always the size the advice concerns.",
        f"- With {s['hands']:,} hands a check cannot see a small effect: *cannot tell* may hide one. More hands "
        "(`--hands`) narrow every interval as 1/√N.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m unokit.lab.guide_advice",
                                 description="The guide's own advice, checked with the advisor's data "
                                             "(docs/lab/guide-advice.md).")
    ap.add_argument("--out", default=None, help="write the page here (default: print it)")
    ap.add_argument("--hands", type=int, default=20000, help="hands and skill games per rule set (default 20000)")
    ap.add_argument("--matches", type=int, default=1000, help="matches where a check needs them (default 1000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument("--cache", default=None, help="keep measured profiles here (default: nowhere)")
    args = ap.parse_args(argv)
    try:
        page = render(check_all(hands=args.hands, matches=args.matches, seed=args.seed, jobs=args.jobs,
                                cache=args.cache))
    except UnoError as e:
        print(f"guide_advice: error: {e}", file=sys.stderr)
        return 2
    if args.out:
        Path(args.out).write_text(page, encoding="utf-8")
    else:
        print(page)
    return 0


if __name__ == "__main__":   # pragma: no cover
    sys.exit(main())
