"""``unokit advise``: the rule advisor's command line and its text (the engine is :mod:`unokit.lab.advise`).

``unokit.cli`` registers the subcommand with :func:`add_command`; :func:`format_advice` renders
:func:`~unokit.lab.advise.advise`'s result as text (``--json`` prints the result itself).
"""

from __future__ import annotations

import argparse
import json
import math
import re

from ..core.errors import LabError
from .advise import REPORT, SKILL_BOT, Pace, Wants, advise, default_cache_dir

__all__ = ["add_command", "run", "format_advice"]

_WHOLE = re.compile(r"[0-9]{1,9}", re.ASCII)


def _whole(lo: int, hi: int):
    def parse(text: str) -> int:
        t = text.strip()
        if not _WHOLE.fullmatch(t) or not lo <= int(t) <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi:,}, got {t[:24]!r}")
        return int(t)
    parse.__name__ = "whole number"
    return parse


def _number(lo: float, hi: float):
    def parse(text: str) -> float:
        try:
            v = float(text.strip())
        except ValueError:
            v = math.nan
        if not math.isfinite(v) or not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"expected a number from {lo:g} to {hi:g}, got {text.strip()[:24]!r}")
        return v
    parse.__name__ = "number"
    return parse


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in re.split(r"[,\s-]+", text) if c.strip())


def add_command(sub) -> None:
    """Add ``advise`` to the ``unokit`` subcommands ``sub``."""
    p = Pace()
    ad = sub.add_parser("advise", help="which house rules fit your group: proposals measured by the lab, with "
                                       "minutes a hand, skill, luck and long-hand risk against UNO 1121",
                        description="Propose a few rule codes for the table and what the group wants, each with "
                                    "its measured profile against UNO 1121 at that table size (docs/lab/advise.md).")
    ad.add_argument("--players", type=_whole(2, 40), default=4, help="players at the table (default 4)")
    ad.add_argument("--decks", type=_whole(1, 4), default=1,
                    help="decks shuffled together (default 1; more are played by the referee: add --measure-all)")
    ad.add_argument("--minutes", type=_number(0.1, 600), default=None, metavar="M",
                    help="minutes a hand should take")
    ad.add_argument("--match-minutes", type=_number(1, 6000), default=None, metavar="M",
                    help="minutes a match to 500 should take (measures matches too)")
    luck = ad.add_mutually_exclusive_group()
    luck.add_argument("--more-luck", dest="luck", action="store_const", const=1, default=0,
                      help="prefer rules under which the skilled bot's edge shrinks")
    luck.add_argument("--more-skill", dest="luck", action="store_const", const=-1,
                      help="prefer rules under which the skilled bot's edge grows")
    inter = ad.add_mutually_exclusive_group()
    inter.add_argument("--more-interaction", dest="interaction", action="store_const", const=1, default=0,
                       help="prefer attacks: draw cards, stacking, swaps, cuts")
    inter.add_argument("--less-interaction", dest="interaction", action="store_const", const=-1,
                       help="prefer fewer attacks")
    ad.add_argument("--fewer-droughts", action="store_true",
                    help="prefer fewer very long hands and fewer cards drawn")
    ad.add_argument("--keep", type=_codes, default=(), metavar="CODES", help="rules every proposal keeps, e.g. DR,P2")
    ad.add_argument("--exclude", type=_codes, default=(), metavar="CODES", help="rules never proposed, e.g. T,SEVENO")
    ad.add_argument("--seconds-per-turn", type=_number(0, 3600), default=p.per_turn, metavar="S",
                    help=f"people's seconds a turn (default {p.per_turn:g})")
    ad.add_argument("--seconds-per-card", type=_number(0, 3600), default=p.per_card, metavar="S",
                    help=f"seconds per card drawn (default {p.per_card:g})")
    ad.add_argument("--seconds-per-hand", type=_number(0, 3600), default=p.per_hand, metavar="S",
                    help=f"seconds to shuffle, deal and score a hand (default {p.per_hand:g})")
    ad.add_argument("--top", type=_whole(1, 50), default=5, help="proposals shown (default 5)")
    ad.add_argument("--hands", type=_whole(100, 1_000_000), default=2000,
                    help="hands and skill games measured per proposal (default 2000)")
    ad.add_argument("--screen-hands", type=_whole(100, 1_000_000), default=600,
                    help="hands measured per candidate before the shortlist (default 600)")
    ad.add_argument("--matches", type=_whole(10, 100_000), default=200,
                    help="matches per proposal with --match-minutes (default 200)")
    ad.add_argument("--seed", type=_whole(0, 10**9), default=0, help="master seed (default 0)")
    ad.add_argument("--measure-all", action="store_true",
                    help="play the rules the compiled core does not on the referee (slower) instead of reading the "
                         "rules report")
    ad.add_argument("--referee-hands", type=_whole(10, 100_000), default=200, metavar="N",
                    help="with --measure-all: the most hands a referee measure plays (default 200)")
    ad.add_argument("--cache", metavar="DIR", default=None,
                    help=f"keep measured profiles here (default {default_cache_dir()})")
    ad.add_argument("--no-cache", action="store_true", help="measure everything again, keep nothing")
    ad.add_argument("--report", metavar="FILE", default=str(REPORT),
                    help="the rules report's JSON, for the rules the compiled core does not play")
    ad.add_argument("--jobs", type=_whole(0, 1024), default=0, help="worker processes (default: every core)")
    ad.add_argument("--json", action="store_true", help="print the result as JSON")
    ad.set_defaults(func=run)


def run(args) -> int:
    """The ``advise`` subcommand: a :class:`~unokit.core.errors.LabError` is the one-line error of the CLI."""
    wants = Wants(minutes=args.minutes, match_minutes=args.match_minutes, luck=args.luck,
                  interaction=args.interaction, fewer_droughts=args.fewer_droughts, keep=args.keep,
                  exclude=args.exclude)
    pace = Pace(args.seconds_per_turn, args.seconds_per_card, args.seconds_per_hand)
    if args.players > 10 * args.decks:
        raise LabError(f"--players {args.players} needs more decks: {args.decks} seat 2 to {10 * args.decks} "
                       f"players (10 a deck)")
    cache = None if args.no_cache else (args.cache or default_cache_dir())
    r = advise(args.players, wants, decks=args.decks, pace=pace, hands=args.hands, screen_hands=args.screen_hands,
               matches=args.matches, seed=args.seed, top=args.top, measure_all=args.measure_all,
               referee_hands=args.referee_hands, jobs=args.jobs or None, cache=cache, report=args.report)
    print(json.dumps(r, indent=2, ensure_ascii=False) if args.json else format_advice(r))
    return 0


# ---------------------------------------------------------------------------------------- the text
def _pm(d: dict, digits: int = 1) -> str:
    return f"{d['mean']:.{digits}f} [{d['lo']:.{digits}f}, {d['hi']:.{digits}f}]"


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _line(p: dict) -> list[str]:
    """The profile's figures, each with its interval and n."""
    out = [f"turns {_pm(p['turns'])} (n={p['turns']['n']:,})",
           f"minutes {_pm(p['minutes'])}"]
    sk = p.get("skill")
    if sk:
        out.append(f"skill edge {_pts(sk['edge'])} pts [{_pts(sk['lo'] - sk['fair'])}, {_pts(sk['hi'] - sk['fair'])}] "
                   f"({sk['bot']} vs random-play at {sk['players']}, n={sk['n']:,})")
    fs = p["first_seat"]
    out.append(f"first seat {_pts(fs['edge'])} pts [{_pts(fs['lo'] - fs['fair'])}, {_pts(fs['hi'] - fs['fair'])}]")
    out.append(f"cards drawn {_pm(p['cards_drawn'])}")
    lh = p.get("long_hand")
    out.append(f"very long hands {100 * lh['rate']:.1f}% [{100 * lh['lo']:.1f}, {100 * lh['hi']:.1f}]" if lh
               else "very long hands: not in the source")
    m = p.get("match")
    if m and "hands" in m:
        out.append(f"a match: {_pm(m['hands'])} hands, ≈ {m['minutes']['mean']:.0f} min "
                   f"[{m['minutes']['lo']:.0f}, {m['minutes']['hi']:.0f}] (n={m['matches']:,})")
    return out


def _wanted(w: dict) -> str:
    bits = []
    if w["minutes"]:
        bits.append(f"hands of about {w['minutes']:g} min")
    if w["match_minutes"]:
        bits.append(f"matches to 500 of about {w['match_minutes']:g} min")
    if w["luck"]:
        bits.append("more luck" if w["luck"] > 0 else "more skill")
    if w["interaction"]:
        bits.append("more interaction" if w["interaction"] > 0 else "less interaction")
    if w["fewer_droughts"]:
        bits.append("fewer droughts")
    if w["keep"]:
        bits.append(f"keep {'-'.join(w['keep'])}")
    if w["exclude"]:
        bits.append(f"exclude {'-'.join(w['exclude'])}")
    return ", ".join(bits) or "nothing in particular (say --minutes, --more-skill, ...)"


def format_advice(r: dict) -> str:
    """The advice as text: the reference, then each proposal with its score, why it fits and its profile."""
    ref, pace, st = r["reference"], r["pace"], r["settings"]
    decks = "" if r["decks"] == 1 else f", {r['decks']} decks"
    lines = [f"Advice for {r['players']} players{decks}; you want: {_wanted(r['wants'])}",
             f"Minutes: {pace['per_turn']:g} s a turn + {pace['per_card']:g} s a card drawn + {pace['per_hand']:g} s a "
             f"hand (--seconds-per-turn/-card/-hand). Skill: {SKILL_BOT} vs random-play. Seed {st['seed']}.",
             f"Reference {r['baseline']} at {r['players']} players:"]
    lines.append("    " + " · ".join(_line(ref)))
    lh = ref.get("long_hand")
    if lh:
        lines.append(f"    a very long hand: more than {lh['turns_over']} turns (its {100 * st['long_quantile']:.0f}th "
                     f"percentile)")
    lines.append("")
    for i, row in enumerate(r["proposals"], 1):
        tag = f" — {row['variation']}" if row["variation"] else ""
        lines.append(f"{i}. {row['rules']}{tag}   score {row['score']:+.2f}")
        lines.append(f"   why: {row['why']}")
        lines.append(f"   {row['source']}")
        lines.append("   " + " · ".join(_line(row["profile"])))
    c = r["considered"]
    lines.append("")
    lines.append(f"{c['candidates']} candidates, {c['screened']} screened with {st['screen_hands']:,} hands, "
                 f"{c['measured']} measured with {st['hands']:,}, {c['from_report']} from the rules report; "
                 f"{r['seconds']:.1f} s.")
    if c["not_measured"]:
        shown = c["not_measured"][:8]
        more = len(c["not_measured"]) - len(shown)
        lines.append(f"Not measured (the compiled core does not play them and the report lacks them; --measure-all): "
                     f"{', '.join(shown)}{f' and {more} more' if more else ''}")
    return "\n".join(lines)
