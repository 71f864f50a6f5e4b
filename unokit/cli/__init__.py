"""The ``unokit`` command line.

::

    unokit play   [--rules CODE] [--players 4] [--bots strategist] [--seed N] [--single] [--lang en|pt]
                  [--join URL] [--name NAME] [--resume FILE] [--save FILE] [--autoplay]
                  [--plain [--enforcement strict|table] [--color/--no-color]] [--deck classic] [--decks 1]
                  [--blanks EFFECTS] [--blank-max N]
    unokit sim    [--hands N] [--players 4] [--rules CODE] [--bots greedy,random] [--seed 0] [--engine auto]
                  [--json] [--check] [--no-progress] [--record-dir DIR] [--max-steps 5000] [--deck D] [--decks 1]
                  [--blanks EFFECTS] [--blank-max N]
    unokit rules  list [--implemented]
    unokit rules  explain CODE        (a rule code, 'UNO 1121 DR-P4', '1121' or 'ABCD')
    unokit rules  validate "CODE" [--allow-unimplemented]
    unokit replay FILE [--quiet] [--view]
    unokit bench  ...                 (see ``unokit bench --help``)
    unokit duel   A B [--hands N] [--players 2] [--decks 1] [--rules CODE] [--jobs K] [--json]
    unokit tournament BOT,BOT,... [--hands N] [--players 2] [--decks 1] [--rules CODE] [--jobs K] [--json]
    unokit lab    --rules CODE [CODE ...] [--bots random-play] [--players 4] [--decks 1] [--hands N] [--out DIR]
                  [--resume]
                  (duel, tournament, lab: [--deck classic] [--blanks EFFECTS] [--blank-max N])
    unokit report [--hands N] [--out docs/lab]
                  (duel, tournament, lab, report: [--backend local|ray] [--ray-address HOST:PORT])

``--deck`` names the deck (``classic``, ``112``, ``italian``, ``boost``, ...; the compiled core plays the
classic one only, so another is played by the referee, and the output says so). ``--blanks EFFECTS``
writes a rule on each blank card of the 112 or the Italian deck (3 a deck): it adds the table parameter
``blanks=EFFECTS`` to the rule code(s), e.g. ``--deck 112 --blanks bianca/drawn/r7`` (effects: wild,
swap, draw2, everyone1, drawn, bianca, nextswap, or a card a blank stands in for; docs/blanks.md);
``--blank-max N`` adds ``blankmax=N``.

Errors in what was asked (a bad rule code, an unknown bot, a number out of
range, an unreadable file or a record of the wrong shape) print one line to
stderr, ``unokit: error: ...``, and exit with status 2; a replay that does not
match its record exits with status 1. Numbers are bounded (``--players`` 2-10 a deck, ``--decks``
1-4, ``--hands`` 1 to 10,000,000, ...), so no value makes a command hang. An
unexpected failure inside unokit prints one ``unokit: error: internal error``
line (and exits 2); ``UNOKIT_TRACEBACK=1`` shows the traceback instead.

>>> main(['rules', 'validate', 'uno dr-p4-su'])
UNO 1121 DR-P4-SU
0
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from ..core.errors import RecordError, ReplayMismatchError, RuleCodeError, UnoError
from .errors import CliError
from .web import add_web_commands, check_port  # noqa: F401  (check_port: read by the tests here)

__all__ = ["main", "build_parser"]

PROG = "unokit"



class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one clear line, status 2, no traceback (usage: --help)
        _err(f"{message} (see '{self.prog} --help')" if self.prog != PROG else message)
        raise SystemExit(2)


_WHOLE = re.compile(r"[+-]?[0-9]{1,30}", re.ASCII)
MAX_HANDS = 10_000_000
MAX_SEED = 2**63 - 1


def _int_range(lo: int, hi: int):
    """An argparse type: a whole number from ``lo`` to ``hi`` in the digits 0-9 (never a huge one)."""
    def parse(text: str) -> int:
        t = text.strip()
        shown = t if len(t) <= 24 else t[:20] + "..."
        if not _WHOLE.fullmatch(t):
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi:,}, got {shown!r}")
        v = int(t)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi:,}, got {shown}")
        return v
    parse.__name__ = "whole number"
    return parse


_positive = _int_range(0, MAX_HANDS)       # counts that may be 0
_hands = _int_range(1, MAX_HANDS)          # hands, deals, games: at least one
_players = _int_range(2, 10)               # one deck seats 2 to 10 players
_seed = _int_range(0, MAX_SEED)
_steps = _int_range(1, 10_000_000)
_jobs = _int_range(0, 1024)                # 0: every core


def _add_decks(sp) -> None:
    """``--decks N`` (003: more than one deck when the players are many): 1 to MAX_TABLE_DECKS, each
    seating 10 players; the player counts are checked against it by :func:`_fit`."""
    from ..match import MAX_TABLE_DECKS, SEATS_PER_DECK
    sp.add_argument("--decks", type=_int_range(1, MAX_TABLE_DECKS), default=1,
                    help=f"decks shuffled together, 1 to {MAX_TABLE_DECKS}: each seats {SEATS_PER_DECK} players "
                         "(default 1; the compiled core plays one deck, so more are played by the referee)")


def _seats():
    """The ``--players`` type of the commands with ``--decks``: 2 to 10 a deck (the most decks' worth here)."""
    from ..match import MAX_TABLE_DECKS, SEATS_PER_DECK
    return _int_range(2, SEATS_PER_DECK * MAX_TABLE_DECKS)


def _fit(players, decks: int) -> None:
    """Refuse (CliError, one line) a table size that ``decks`` decks cannot seat."""
    from ..match import MAX_TABLE_DECKS, SEATS_PER_DECK
    most = SEATS_PER_DECK * decks
    for n in players if isinstance(players, (list, tuple)) else [players]:
        if n is not None and n > most:
            need = -(-n // SEATS_PER_DECK)
            hint = f"; use --decks {need}" if need <= MAX_TABLE_DECKS else ""
            seat = "1 deck seats" if decks == 1 else f"{decks} decks seat"
            raise CliError(f"--players {n} needs more decks: {seat} 2 to {most} players ({SEATS_PER_DECK} a deck)"
                           f"{hint}")


def _add_deck(sp, *, core: bool = True) -> None:
    """``--deck NAME``, ``--blanks EFFECTS`` and ``--blank-max N`` (the blank cards of the 112 and the
    Italian decks, each with its own rule: :mod:`unokit.rules.blanks`); ``core``: say that the compiled
    core plays the classic deck only."""
    from ..core.decks import DECKS
    from ..rules.blanks import EFFECTS
    sp.add_argument("--deck", default="classic",
                    help=f"deck ({', '.join(sorted(DECKS))}; default classic"
                         + ("; the compiled core plays the classic deck, so another is played by the referee)"
                            if core else ")"))
    sp.add_argument("--blanks", metavar="EFFECTS", default=None,
                    help="write a rule on each blank card: effects separated by '/', each one of "
                         f"{', '.join(EFFECTS)} or the code of a lost card the blank stands in for (e.g. "
                         "bianca/drawn/r7); adds blanks=EFFECTS to the rules; needs --deck 112 or --deck italian "
                         "(3 blank cards a deck)")
    sp.add_argument("--blank-max", type=_int_range(1, 20), default=None, metavar="N",
                    help="the most cards a 'drawn' blank makes the next player draw, 1 to 20 (adds blankmax=N; "
                         "default 4)")


def _blanks(args, rules, deck: str = "classic", decks: int = 1):
    """``rules`` (a code, or a list of codes) with ``--blanks`` / ``--blank-max`` written in, checked
    against the deck; a bad value or a deck without blank cards is a CliError (one line)."""
    blanks, top = getattr(args, "blanks", None), getattr(args, "blank_max", None)
    if blanks is None and top is None:
        return rules
    from ..match import parse_match_rules
    from ..rules.blanks import add_blanks, deck_problem, read_blanks
    if blanks is not None:
        try:
            read_blanks(blanks)
        except ValueError as e:
            shown = blanks if len(blanks) <= 60 else blanks[:57] + "..."
            raise CliError(f"--blanks {shown!r}: expected {e}") from None
    out = []
    for code in (rules if isinstance(rules, list) else [rules]):
        try:
            code = add_blanks(code, blanks or "", top)
        except ValueError as e:
            raise CliError(f"--blanks: {e}") from None
        why = deck_problem(parse_match_rules(code), deck, decks)
        if why:
            hint = " (add --deck 112 or --deck italian)" if "no blank cards" in why else ""
            raise CliError(f"--blanks: {why}{hint}")
        out.append(code)
    return out if isinstance(rules, list) else out[0]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="UNO with the official rules and the guide's house rules: "
                                       "play in a terminal, simulate bots, check rule codes and records.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    pl = sub.add_parser("play", help="play at a full-screen table against bots (you are player 0), or join a "
                                     "web table (--join URL)",
                        description="The full-screen table (docs/terminal.md); with no --rules a rule picker comes "
                                    "first. --plain plays the line-by-line game, as does a session whose input or "
                                    "output is not a terminal.")
    pl.add_argument("--rules", default=None, help="rule code (default: chosen in the picker; UNO 1121 with --plain)")
    pl.add_argument("--players", type=_seats(), default=None,
                    help="players at the table, you included, 2 to 10 a deck (default 4)")
    # the registered bots, so that the help never lists the wrong ones
    from ..bots import BOTS
    pl.add_argument("--bots", default=None, help="bots for the other seats, comma-separated and repeated as "
                                                 "needed (default: strategist; greedy with --plain; choose from "
                                                 f"{', '.join(sorted(BOTS))})")
    pl.add_argument("--seed", type=_seed, default=None, help="seed for reproducible deals and bots")
    pl.add_argument("--single", action="store_true", help="play one hand instead of a match to 500")
    pl.add_argument("--join", metavar="URL", help="take a seat at a web table: http://HOST:8000/t/CODE "
                                                  "(with #token=... from your seat's link, take it back)")
    pl.add_argument("--name", default="You", help="your name at the table (default: You)")
    pl.add_argument("--resume", metavar="FILE", help="go on with a game saved with the s key")
    pl.add_argument("--save", metavar="FILE", help="where the s key saves (default: the --resume file, "
                                                   "else unokit-game.json)")
    pl.add_argument("--lang", choices=("en", "pt"), default="en", help="language of the table's log (default en)")
    pl.add_argument("--autoplay", action="store_true", help="the stand-in bot plays your turns (a demonstration)")
    pl.add_argument("--plain", action="store_true", help="the line-by-line game on stdin/stdout")
    pl.add_argument("--enforcement", choices=("strict", "table"), default="strict",
                    help="--plain: strict: wrong plays are refused; table: they stand until noticed")
    _add_deck(pl, core=False)
    _add_decks(pl)
    pl.add_argument("--color", dest="color", action="store_true", default=None, help="--plain: force colours")
    pl.add_argument("--no-color", dest="color", action="store_false", help="--plain: plain text output")
    pl.set_defaults(func=_cmd_play)

    sm = sub.add_parser("sim", help="bots play many hands; print a summary")
    sm.add_argument("--hands", type=_hands, default=100, help="hands to play (default 100)")
    sm.add_argument("--players", type=_seats(), default=4, help="players, 2 to 10 a deck (default 4)")
    sm.add_argument("--rules", default="UNO 1121", help="rule code (default: %(default)s)")
    sm.add_argument("--bots", default="greedy,random",
                    help="bots by seat, repeated to fill the table (default: greedy,random)")
    sm.add_argument("--seed", type=_seed, default=0, help="master seed (default 0)")
    sm.add_argument("--enforcement", choices=("strict", "table"), default="strict")
    _add_deck(sm)
    _add_decks(sm)
    sm.add_argument("--max-steps", type=_steps, default=5000, help="truncate a hand after this many steps")
    sm.add_argument("--json", action="store_true", help="print the summary as JSON")
    sm.add_argument("--check", action="store_true",
                    help="check invariants after every action and replay every record")
    sm.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    sm.add_argument("--record-dir", metavar="DIR", help="write each hand record as JSON into DIR")
    sm.add_argument("--engine", choices=("auto", "compiled", "referee"), default="auto",
                    help="auto (default): the compiled core when it plays the rules and bots, else the referee; "
                         "the summary says which")
    sm.add_argument("--chance", choices=("fast", "referee"), default=None,
                    help="compiled core only: fast (default) deals with its own generator; referee deals exactly "
                         "the referee's hands for the seed (the same summary as --engine referee, slower)")
    sm.set_defaults(func=_cmd_sim)

    ru = sub.add_parser("rules", help="list, explain and validate rule codes")
    rsub = ru.add_subparsers(dest="rules_command", metavar="ACTION", parser_class=_Parser)
    rsub.required = True
    rl = rsub.add_parser("list", help="every catalogue code with its name, whether it is implemented and its seed "
                                      "line; then the catalogue's items without a code and what plays each")
    rl.add_argument("--implemented", action="store_true", help="only the implemented rules")
    rl.set_defaults(func=_cmd_rules_list)
    rx = rsub.add_parser("explain", help="explain a rule, a whole code, or the ambiguity digits (1121, ABCD)")
    rx.add_argument("code", nargs="+", help="e.g. DR, 'UNO 1121 DR-P4', 1121, ABCD, or an item of 'rules list' "
                                             "without a code: 'deck ohana', first=redraw, STACKO")
    rx.set_defaults(func=_cmd_rules_explain)
    rv = rsub.add_parser("validate", help="print the canonical form of a code, or why it is invalid")
    rv.add_argument("code", nargs="+", help="e.g. 'uno dr-p4-su'")
    rv.add_argument("--allow-unimplemented", action="store_true",
                    help="accept catalogue rules the engine does not play yet")
    rv.set_defaults(func=_cmd_rules_validate)

    rp = sub.add_parser("replay", help="replay a hand record (or a list of them, or a match record) and check it")
    rp.add_argument("file", help="JSON file written from game.record() / a match record")
    rp.add_argument("--quiet", action="store_true", help="print only failures and a one-line total")
    rp.add_argument("--view", action="store_true", help="then step through it full-screen (left/right keys); "
                                                        "also reads a game saved by 'unokit play' (s key)")
    rp.set_defaults(func=_cmd_replay)
    vf = sub.add_parser("verify", help="check that each hand of a record was dealt exactly as committed at the deal",
                        description="Check a record from a web table (GET /api/tables/CODE/record, or a hand "
                                    "record with its 'fair' entry): each hand's revealed seed, deal and salt must "
                                    "hash to the commitment shown when it was dealt, the seed must deal those "
                                    "cards, and the hand must replay from them (docs/fair-deals.md). Exit 0: every "
                                    "hand verified; 1: one was not; 2: the file cannot be read.")
    vf.add_argument("file", help="JSON record (a match or a hand)")
    vf.set_defaults(func=_cmd_verify)

    sub.add_parser("bench", help="engine throughput (see 'unokit bench --help')", add_help=False)
    so = sub.add_parser("solitaire", help="the guide's UNO solitaire: play it full-screen (or --plain), or "
                                          "--solve many deals and print the winnable fraction")
    so.add_argument("--seed", type=_seed, default=None, help="the deal to play, or the master seed of --solve")
    so.add_argument("--plain", action="store_true", help="play line by line (moves typed; also when not a terminal)")
    so.add_argument("--solve", action="store_true", help="solve --deals deals and report the winnable fraction")
    so.add_argument("--deals", type=_hands, default=None, help="with --solve: deals to solve (default 100)")
    so.add_argument("--max-nodes", type=_hands, default=None, help="with --solve: search nodes per deal before "
                                                                   "it is left undecided")
    so.add_argument("--jobs", type=_jobs, default=0, help="with --solve: worker processes (default: every core)")
    so.add_argument("--json", action="store_true", help="with --solve: print the result as JSON")
    so.add_argument("--plot", metavar="PNG", default=None, help="with --solve: a histogram of solve times")
    so.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    so.set_defaults(func=_cmd_solitaire)
    _add_lab_commands(sub)
    add_web_commands(sub)
    _add_train_command(sub)
    _add_learn_command(sub)
    from ..lab.advise_cli import add_command as add_advise  # unokit advise: its arguments live with it
    add_advise(sub)
    return p


# ---------------------------------------------------------------------- entry point
def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "bench":
        from ..lab import bench
        return _run(lambda: bench.main(argv[1:]))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error already printed
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    return _run(lambda: args.func(args))


def _run(fn) -> int:
    try:
        rc = fn()
        return 0 if rc is None else int(rc)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    except BrokenPipeError:  # e.g. 'unokit rules list | head': stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 1
    except (CliError, UnoError, OSError) as e:
        _err(str(e))
        return 2
    except KeyboardInterrupt:
        _err("interrupted")
        return 130
    except Exception as e:
        if os.environ.get("UNOKIT_TRACEBACK"):
            raise
        _err(f"internal error: {type(e).__name__}: {e} (set UNOKIT_TRACEBACK=1 to see where)")
        return 2


def _err(msg: str) -> None:
    """``unokit: error: ...`` on one line of stderr, whatever the message holds."""
    text = " ".join(str(msg).splitlines())  # every line break (\n, \r, \x1e, \u2028 ...) becomes a space
    text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    if len(text) > 2000:
        text = text[:2000] + "..."
    enc = getattr(sys.stderr, "encoding", None) or "utf-8"
    text = text.encode(enc, "backslashreplace").decode(enc, "replace")
    print(f"{PROG}: error: {text}", file=sys.stderr)


# ---------------------------------------------------------------------- play
def _cmd_solitaire(args) -> int:
    from ..solitaire.cli import run
    return run(args)


def _cmd_play(args) -> int:
    _fit(args.players, args.decks)
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if args.blanks is not None or args.blank_max is not None:
        if args.join or args.resume:
            raise CliError("--blanks writes the blank cards of a new table: not with --join or --resume")
        code = _blanks(args, args.rules or "UNO 1121", args.deck, args.decks)
        if args.rules is not None or args.plain or not terminal:
            args.rules = code        # else the picker chooses the rules, and writes the blanks in
    if args.plain or not terminal:
        for flag, value in (("--join", args.join), ("--resume", args.resume), ("--autoplay", args.autoplay)):
            if value:
                raise CliError(f"{flag} needs the full-screen table: run it in a terminal, without --plain")
        from ..play.plain import TerminalGame
        game = TerminalGame(rules=args.rules or "UNO 1121", players=args.players or 4, bots=args.bots or "greedy",
                            seed=args.seed, enforcement=args.enforcement, deck=args.deck, decks=args.decks,
                            color=args.color)
        return game.run()
    # the Textual table (unokit.play.tui, docs/terminal.md)
    from ..play.tui.launch import play_main
    return play_main(args)


# ---------------------------------------------------------------------- sim
def _cmd_sim(args) -> int:
    from ..lab.sim import format_summary, simulate
    _fit(args.players, args.decks)
    rules = _blanks(args, args.rules, args.deck, args.decks)
    s = simulate(args.hands, players=args.players, rules=rules, bots=args.bots, seed=args.seed,
                 check=args.check, progress=args.progress,
                 max_steps=args.max_steps, enforcement=args.enforcement, deck=args.deck, decks=args.decks,
                 record_dir=args.record_dir, engine=args.engine, chance=args.chance)
    if args.json:
        print(json.dumps(s, indent=2))
    else:
        print(format_summary(s))
        if args.record_dir:
            print(f"records written to {args.record_dir}")
    return 0


# ---------------------------------------------------------------------- rules
def _cmd_rules_list(args) -> int:
    from ..rules import CATALOG
    from ..rules.options import ITEMS
    rows = [(code, "yes" if info.implemented else "no", info.name, info.summary, info.section)
            for code, info in CATALOG.items() if info.implemented or not args.implemented]
    w = max(len(r[0]) for r in rows)
    print(f"{'CODE':<{w}}  IMPL  NAME - SUMMARY [SEED]")
    for code, impl, name, summary, section in rows:
        print(f"{code:<{w}}  {impl:<4}  {name} - {summary} [{section}]")
    # the catalogue's items without a code of their own (unokit.rules.options): what plays each
    items = [i for i in ITEMS if i.implemented or not args.implemented]
    k = max(len(i.key) for i in items)
    print()
    print("Catalogue items without a code of their own, each with the parameter, option, mode, sub-option or "
          "alias that plays it ('unokit rules explain KEY'):")
    print(f"{'KEY':<{k}}  IMPL  WHAT: NAME - SUMMARY [SEED]")
    for i in items:
        print(f"{i.key:<{k}}  {'yes' if i.implemented else 'no':<4}  {i.how}: {i.name} - {i.summary} [{i.section}]")
    done = sum(1 for i in CATALOG.values() if i.implemented)
    missing = [i.key for i in ITEMS if not i.implemented]
    print(f"{done} of {len(CATALOG)} rules implemented; {len(ITEMS) - len(missing)} of {len(ITEMS)} other catalogue "
          f"items played{f' (not implemented: {chr(44).join(missing)})' if missing else ''}. "
          f"Ambiguity digits: 'unokit rules explain ABCD'.")
    return 0


def _cmd_rules_validate(args) -> int:
    from ..rules import RuleSet
    text = " ".join(args.code)
    try:
        rs = RuleSet.parse(text, allow_unimplemented=args.allow_unimplemented)
    except RuleCodeError as e:
        _err(str(e))
        return 2
    print(rs.code)
    return 0


def _doc_paths(code: str):
    here = Path(__file__).resolve().parents[1]   # the package (unokit/cli/ is one below)
    for base in (here.parent / "docs" / "rules", here / "docs" / "rules"):
        for name in (code, code.upper(), code.lower()):
            yield base / f"{name}.md"


def _find_doc(code: str) -> Path | None:
    from ..rules.catalog import CATALOG
    names = [code]
    fam = CATALOG[code].family if code in CATALOG else ""
    if fam and fam != code:
        names.append(fam)
    for name in names:
        for path in _doc_paths(name):
            if path.is_file():
                return path
    return None


def _explain_ambiguity(digits: tuple[int, ...] | None) -> list[str]:
    from ..rules import AMBIGUITY
    out = []
    if digits is None:
        out.append("The four digits ABCD after 'UNO' settle the official rules' ambiguities "
                   "(default 1121):")
    else:
        out.append(f"UNO {''.join(map(str, digits))}: the four ambiguity digits ABCD")
    for i, (letter, what, opts) in enumerate(AMBIGUITY):
        if digits is None:
            out.append(f"  {letter} - {what}:")
            for k, text in opts.items():
                out.append(f"      {k}: {text}")
        else:
            d = digits[i]
            out.append(f"  {letter}={d} - {what}: {opts[d]}")
    return out


def _explain_rule(code: str, opts: tuple = (), params: tuple = (), *, full: bool = True) -> list[str]:
    from ..rules.catalog import CATALOG, SILENCE_NAMES
    info = CATALOG[code]
    out = []
    doc = _find_doc(code) if full else None
    if doc is not None:
        out.append(doc.read_text(encoding="utf-8").rstrip())
        return out
    shown = code + "".join(opts)
    out.append(f"{shown} - {info.name}{'' if info.implemented else '  (not implemented yet)'}")
    out.append(f"  {info.summary}")
    out.append(f"  section: {info.section}")
    defaults = dict(info.params)
    if info.card is not None:
        defaults["card"] = info.card
    if defaults:
        set_ = dict(params)
        out.append("  parameters: " + ", ".join(
            f"{k}={set_.get(k, v)}" + ("" if k not in set_ else f" (default {v})") for k, v in defaults.items()))
    if info.conflicts:
        out.append(f"  cannot be combined with: {', '.join(info.conflicts)}")
    if code == "S":
        if opts:
            for o in opts:
                out.append(f"  option {o}: {SILENCE_NAMES[o]}")
        else:
            out.append("  options (glued to S, e.g. SU, SPPT): "
                       + "; ".join(f"{k} = {v}" for k, v in SILENCE_NAMES.items()))
    return out


def _cmd_rules_explain(args) -> int:
    from ..rules import CATALOG, GLOBAL_PARAMS, RuleSet
    from ..rules.catalog import ALIASES
    text = " ".join(args.code).strip()
    words = text.upper().split()
    if words and words[0] == "UNO":
        words = words[1:]
    # the ambiguity digits alone: ABCD, 1121, UNO 1121
    if words == ["ABCD"] or not words:
        print("\n".join(_explain_ambiguity(None)))
        return 0
    # a single catalogue code: its document if one was written, else the catalogue entry
    if len(words) == 1 and not words[0].isdigit() and "-" not in words[0] and "(" not in words[0]:
        code = ALIASES.get(words[0], words[0])
        if code in CATALOG:
            print("\n".join(_explain_rule(code)))
            return 0
    # a catalogue item without a code of its own (unokit.rules.options): a deck, a table parameter, a mode...
    from ..rules.options import CODE_KINDS, find
    items = find(text)
    if items and not any(i.how in CODE_KINDS for i in items):
        for i in items:
            print(f"{i.key} - {i.name} ({i.how}{'' if i.implemented else ', not implemented'})")
            print(f"  {i.summary}")
            print(f"  section: {i.section}")
            print(f"  catalogue: {i.heading}")
        return 0
    rs = RuleSet.parse(text, allow_unimplemented=True)
    if not words[0].isdigit() and len(rs.rules) == 1 and not rs.params:
        code, opts, params = rs.rules[0]  # one rule with options or parameters: SU, S(penalty=3)
        lines = _explain_rule(code, opts, params, full=not opts and not params)
        if (opts or params) and _find_doc(code) is not None:
            lines.append(f"  (more: unokit rules explain {code})")
        print("\n".join(lines))
        return 0
    lines = [rs.code, ""] if rs.rules or rs.params else []
    lines += _explain_ambiguity(rs.ambiguity)
    for code, opts, params in rs.rules:
        lines.append("")
        lines += _explain_rule(code, opts, params, full=False)
        if _find_doc(code) is not None:
            lines.append(f"  (more: unokit rules explain {code})")
    if rs.params:
        lines.append("")
        lines.append("table parameters: " + ", ".join(f"{k}={v} (default {GLOBAL_PARAMS[k]})" for k, v in rs.params))
    print("\n".join(lines))
    return 0


# ---------------------------------------------------------------------- replay
def _hand_records(data) -> list[tuple[str, dict]]:
    """(label, hand record) for a hand record, a list of them, or a dict with a 'hands' list."""
    if isinstance(data, list):
        items = data
    elif isinstance(data, dict) and isinstance(data.get("hands"), list) and "actions" not in data:
        items = data["hands"]
    else:
        items = [data]
    out = []
    for i, item in enumerate(items):
        if isinstance(item, dict) and "record" in item and isinstance(item["record"], dict):
            item = item["record"]
        out.append((f"hand {i}" if len(items) > 1 or item is not data else "hand", item))
    return out


MAX_RECORD_BYTES = 256 * 2**20


def _cmd_replay(args) -> int:
    if getattr(args, "view", False):
        return _cmd_replay_view(args)
    from ..engine.playback import replay
    from ..engine.record import check_record
    from ..match import check_match_record
    path = Path(args.file)
    data = _read_json(path)
    if isinstance(data, dict) and str(data.get("format", "")).startswith("unokit-match/"):
        try:
            check_match_record(data)
        except RecordError as e:
            raise CliError(f"{path}: not a valid match record: {e}") from None
        return _replay_match(data, args)
    records = _hand_records(data)
    if not records:
        raise CliError(f"{path} holds no hand records")
    for label, rec in records:  # every record has the right shape before any is replayed
        try:
            check_record(rec)
        except RecordError as e:
            raise CliError(f"{path}: {label} is not a valid hand record: {e}") from None
    failed = 0
    for label, rec in records:
        try:
            g = replay(rec, check=True)
        except ReplayMismatchError as e:
            failed += 1
            print(f"MISMATCH {label}: {_line(e)}")
            continue
        if not args.quiet:
            result = f"seat {g.winner} won" if g.winner is not None else "unfinished"
            print(f"OK {label}: {rec.get('players')} players, {rec.get('rules')}, {len(rec.get('actions', []))} "
                  f"actions, {result}; points left {g.points()}")
    n = len(records)
    if failed:
        print(f"{failed} of {n} record(s) do not match")
        return 1
    print(f"OK: {n} hand record(s) replayed and matched")
    return 0


def _read_json(path: Path):
    """The JSON in a record file, or :class:`CliError` saying in one line why it cannot be read."""
    try:
        if path.stat().st_size > MAX_RECORD_BYTES:
            raise CliError(f"{path} is too large for a record ({path.stat().st_size:,} bytes)")
        raw = path.read_bytes()
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CliError(f"{path} is not a text (UTF-8) file: byte {e.start} cannot be read") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CliError(f"{path} is not JSON: {e}") from None
    except RecursionError:
        raise CliError(f"{path} is not a record: its JSON is nested too deeply") from None
    except ValueError as e:  # e.g. a number with thousands of digits
        raise CliError(f"{path} is not JSON that unokit reads: {e}") from None


def _cmd_verify(args) -> int:
    """``unokit verify FILE``: a line per hand; 0 if every deal is verified, 1 if one is not."""
    from ..play.fairness import verify_record
    path = Path(args.file)
    verdicts = verify_record(_read_json(path))
    for label, v in verdicts:
        print(_line(v.line(label)))
    bad = sum(not v.ok for _, v in verdicts)
    if bad:
        print(f"{bad} of {len(verdicts)} hand(s) NOT verified")
        return 1
    print(f"all {len(verdicts)} hand(s) dealt exactly as committed")
    return 0


def _cmd_replay_view(args) -> int:
    """``replay --view``: checked as without it (a saved game: its log must replay), then the viewer."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CliError("--view needs a terminal (without it, replay checks the file)")
    from ..play.tui.launch import view_main
    return view_main(args.file, check=lambda: _cmd_replay(argparse.Namespace(file=args.file, quiet=True)))


def _line(x) -> str:
    return " ".join(str(x).splitlines())


def _replay_match(data: dict, args) -> int:
    try:
        from ..match import replay_match
    except ImportError:  # pragma: no cover - unokit.match ships with the package
        raise CliError("this unokit cannot replay match records") from None
    try:
        m = replay_match(data, check=True)
    except ReplayMismatchError as e:
        print(f"MISMATCH match: {_line(e)}")
        return 1
    except (UnoError, KeyError, TypeError, ValueError, AssertionError) as e:
        what = f"missing field {e}" if isinstance(e, KeyError) else f"{type(e).__name__}: {e}"
        print(f"MISMATCH match: the record does not replay ({_line(what)})")
        return 1
    if not args.quiet:
        print(f"OK match: {m.config.players} players, {m.config.rules}, mode {m.mode}, "
              f"{len(m.history)} hands, winner {m.winner}, scores {m.scores}")
    print(f"OK: match record with {len(m.history)} hand(s) replayed and matched")
    return 0


# ---------------------------------------------------------------------- duel, tournament, lab, report
# (unokit.lab.tournament, unokit.lab, unokit.lab.report; docs/lab.md)
def _add_lab_commands(sub) -> None:
    def common(sp, hands: int, players: int | None = 2):
        sp.add_argument("--hands", type=_hands, default=hands, help=f"deals / hands (default {hands})")
        if players is not None:
            sp.add_argument("--players", type=_seats(), default=players,
                            help=f"players at the table, 2 to 10 a deck (default {players})")
            _add_decks(sp)
            _add_deck(sp)
        sp.add_argument("--seed", type=_seed, default=0, help="master seed (default 0)")
        sp.add_argument("--jobs", type=_jobs, default=0, help="worker processes (default: every core; "
                                                              "with --backend ray: CPUs of a local Ray)")
        sp.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="where the chunks run: local processes, or Ray tasks on a local or remote Ray "
                             "cluster (same results; needs pip install 'unokit[ray]'; default: %(default)s)")
        sp.add_argument("--ray-address", metavar="HOST:PORT", default=None,
                        help="with --backend ray: join this cluster (started by 'ray start --head'); "
                             "default: $RAY_ADDRESS, else a local Ray")
        sp.add_argument("--engine", choices=("auto", "compiled", "referee"), default="auto",
                        help="auto (default): the compiled core plays the chunks whose rules and bots it covers "
                             "(compiled.problem says which), the referee the rest; the results are the same")
        sp.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    du = sub.add_parser("duel", help="two bots on paired deals with seat rotation; win rates with 95%% CIs")
    du.add_argument("a", help="first bot (greedy, random, random-play, strategist, human:NAME, ...)")
    du.add_argument("b", help="second bot")
    common(du, 1000)
    du.add_argument("--rules", default="UNO 1121", help="rule code (default: %(default)s)")
    du.add_argument("--json", action="store_true", help="print the result as JSON")
    du.add_argument("--solo", action="store_true",
                    help="one A against players-1 Bs (e.g. --players 4 --solo: A vs three Bs)")
    du.set_defaults(func=_cmd_duel)

    to = sub.add_parser("tournament", help="a duel for every pair of bots and a Bradley-Terry rating table")
    to.add_argument("bots", help="comma-separated bots, e.g. greedy,random,random-play")
    common(to, 1000)
    to.add_argument("--rules", default="UNO 1121", help="rule code (default: %(default)s)")
    to.add_argument("--json", action="store_true", help="print the result as JSON")
    to.set_defaults(func=_cmd_tournament)

    la = sub.add_parser("lab", help="compare rule sets (and bots): hand length, first-seat and skill edges, "
                                    "matches; CIs, JSON/CSV/PNG, resumable")
    la.add_argument("--rules", nargs="+", default=["UNO 1121"], metavar="CODE",
                    help="rule sets to compare, e.g. 'UNO 1121' 'UNO 1121 DR'")
    la.add_argument("--bots", default="random-play", help="bots by seat, repeated (default: random-play)")
    la.add_argument("--players", type=_seats(), nargs="+", default=[4],
                    help="table sizes, 2 to 10 a deck (default 4)")
    _add_decks(la)
    _add_deck(la)
    common(la, 1000, None)
    la.add_argument("--skill-hands", type=_positive, default=None, help="games of the skill measure (default --hands)")
    la.add_argument("--skill-players", type=_seats(), default=None, help="table size of the skill measure "
                                                                   "(default: each of --players)")
    la.add_argument("--skill-bot", default=None, help="skilled bot (default: strategist if registered, else greedy)")
    la.add_argument("--matches", type=_positive, default=None, help="matches of the match measure (default hands/20)")
    la.add_argument("--measures", default="table,skill,match", help="table,skill,match (default: all)")
    la.add_argument("--referee-hands", type=_hands, default=None, metavar="N",
                    help="the most hands (and skill games; matches in proportion) a measure plays where the referee "
                         "plays it (default: no limit)")
    la.add_argument("--out", metavar="DIR", help="write lab.json, lab.csv, PNG plots and the chunk cache here")
    la.add_argument("--resume", action="store_true", help="reuse the chunks already cached in --out")
    la.add_argument("--no-plots", dest="plots", action="store_false", help="no PNG plots")
    la.add_argument("--json", action="store_true", help="print the result as JSON")
    la.set_defaults(func=_cmd_lab)

    rp = sub.add_parser("report", help="regenerate the rules report (docs/lab/report.md and plots)")
    from ..lab.report import DEFAULT_HANDS
    common(rp, DEFAULT_HANDS, None)
    rp.add_argument("--players", type=_players, default=4,
                    help="table size of the table and match measures, 2 to 10 (default 4)")
    rp.add_argument("--out", default="docs/lab", metavar="DIR", help="output directory (default: %(default)s)")
    rp.add_argument("--skill-bot", default="greedy", help="bot of the skill measure (default: %(default)s)")
    rp.add_argument("--matches", type=_positive, default=None, help="matches per rule set (default hands/25)")
    rp.add_argument("--published-hands", type=_positive, default=None,
                    help="hands per reference configuration (default 2 x --hands)")
    rp.add_argument("--codes", default=None, help="only these house-rule codes, comma-separated (default: all)")
    rp.add_argument("--cache", metavar="DIR", default=None, help="keep the chunk cache here (default: a temporary one)")
    rp.add_argument("--resume", action="store_true", help="reuse the chunks cached in --cache")
    rp.add_argument("--rerender", action="store_true",
                    help="play nothing: write report.md and the plots again from DIR/report.json")
    rp.add_argument("--editions-only", action="store_true",
                    help="play only the editions beside the classic game (--hands each) and write report.md "
                         "again with that section, the rest from DIR/report.json")
    rp.add_argument("--uno-call-hands", type=_positive, default=None, metavar="N",
                    help="deals of the study 'does not saying UNO pay?', played only when DIR/uno-call.json is "
                         "missing or of another seed, table size or N (default: reuse it, else play --hands "
                         "deals, at most --referee-hands; 0: never play it)")
    rp.add_argument("--referee-hands", type=_hands, default=None, metavar="N",
                    help="the most hands (and skill games; matches in proportion) a rule set plays where the referee "
                         "plays it: the rules and bots the compiled core does not cover (compiled.problem says which); "
                         "the stacking study plays at most 2N (default: --hands, at most 2000)")
    rp.add_argument("--uno-call-only", action="store_true",
                    help="play only that study, and only when DIR/uno-call.json does not hold it, and write "
                         "report.md again with its section, the rest from DIR/report.json")
    rp.set_defaults(func=_cmd_report)

    # unokit study uno-call [...]: does not saying UNO pay? (unokit/lab/uno_call_study.py, docs/lab/uno-call.md)
    st = sub.add_parser("study", help="a lab study: uno-call (does not saying UNO pay?); "
                                      "'unokit study uno-call --help' lists its options")
    st.add_argument("study", choices=("uno-call",), help="the study")
    st.add_argument("options", nargs=argparse.REMAINDER, help="the study's options")
    st.set_defaults(func=lambda a: __import__("unokit.lab.uno_call_study", fromlist=["main"]).main(a.options))


def _add_train_command(sub) -> None:
    from ..lab.train import ENGINES
    tr = sub.add_parser("train", help="train a policy for the rl bot (imitation, then MaskablePPO); needs the "
                                      "train extra (docs/rl.md)")
    tr.add_argument("--rules", default="UNO 1121", help="rule code (default: %(default)s)")
    tr.add_argument("--players", type=_players, default=2, help="players, 2 to 10 (default 2)")
    tr.add_argument("--opponents", default="random-play",
                    help="bots at the other seats, or self (self-play: the policy trained; default: %(default)s)")
    tr.add_argument("--eval-opponents", default=None,
                    help="bots the evaluations play (default: the opponents; the strategist for self-play)")
    tr.add_argument("--engine", choices=ENGINES, default="auto",
                    help="where PPO's hands and the evaluations are played: the compiled batched env (official "
                         "rules) or the referee's (default auto: compiled where it can)")
    tr.add_argument("--timesteps", type=_int_range(0, 10**9), default=200_000,
                    help="agent decisions of MaskablePPO (default 200,000; 0: imitation only)")
    tr.add_argument("--imitate", type=_positive, default=0, metavar="HANDS",
                    help="hands of the teacher bot to imitate first (default 0: none)")
    tr.add_argument("--teacher", default="strategist", help="the bot imitated (default: %(default)s)")
    tr.add_argument("--init", default=None, metavar="NPZ", help="start the policy from this model file (its table)")
    tr.add_argument("--envs", type=_int_range(1, 4096), default=8, help="hands played at once (default 8)")
    tr.add_argument("--lr", type=float, default=3e-4, help="PPO learning rate (default 3e-4)")
    tr.add_argument("--hidden", type=_int_range(8, 2048), default=256, help="units per hidden layer (default 256)")
    tr.add_argument("--eval-every", type=_positive, default=50_000, help="evaluate every N decisions (default 50,000)")
    tr.add_argument("--eval-hands", type=_positive, default=500, help="hands per evaluation (default 500)")
    tr.add_argument("--seed", type=_seed, default=0, help="seed (default 0)")
    tr.add_argument("--out", default="rl-model.npz", metavar="NPZ", help="model file (default: %(default)s)")
    tr.add_argument("--plot", default=None, metavar="PNG", help="the learning curve (default: OUT with .png)")
    tr.add_argument("--json", action="store_true", help="print the summary as JSON")
    tr.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    tr.set_defaults(func=_cmd_train)


def _cmd_train(args) -> int:
    from ..lab.train import train
    plot = args.plot or str(Path(args.out).with_suffix(".png"))
    log = (lambda *a, **k: None) if args.json else (lambda msg: print(msg, flush=True))
    r = train(rules=args.rules, players=args.players, opponents=args.opponents, timesteps=args.timesteps,
              imitate_hands=args.imitate, teacher=args.teacher, envs=args.envs, seed=args.seed, out=args.out,
              plot=plot, eval_every=args.eval_every, eval_hands=args.eval_hands, lr=args.lr, hidden=args.hidden,
              progress=args.progress and not args.json, log=log, engine=args.engine,
              eval_opponents=args.eval_opponents, init=args.init)
    if args.json:
        print(json.dumps(r, indent=2))
    else:
        b = r["best"]
        print(f"best policy: {b['win_rate']:.1%} vs {r['eval_opponents']} after {b['step']:,} PPO decisions "
              f"({b.get('phase', '')}); saved to {r['out']}; curve: {r['plot']}; {r['seconds']:.0f} s")
    return 0


def _backend(args) -> dict:
    """``backend`` and ``ray_address`` for duel, tournament, lab and report (docs/scale-out.md)."""
    if args.ray_address and args.backend != "ray":
        raise CliError("--ray-address needs --backend ray")
    return {"backend": args.backend, "ray_address": args.ray_address, "engine": args.engine}


def _cmd_duel(args) -> int:
    from ..lab.tournament import duel, format_duel
    _fit(args.players, args.decks)
    rules = _blanks(args, args.rules, args.deck, args.decks)
    d = duel(args.a, args.b, hands=args.hands, players=args.players, decks=args.decks, deck=args.deck, rules=rules,
             seed=args.seed, jobs=args.jobs or None, progress=args.progress, solo=args.solo, **_backend(args))
    print(json.dumps(d, indent=2) if args.json else format_duel(d))
    return 0


def _cmd_tournament(args) -> int:
    from ..lab.tournament import format_tournament, tournament
    _fit(args.players, args.decks)
    rules = _blanks(args, args.rules, args.deck, args.decks)
    t = tournament(args.bots, hands=args.hands, players=args.players, decks=args.decks, deck=args.deck, rules=rules,
                   seed=args.seed,
                   jobs=args.jobs or None, progress=args.progress, **_backend(args))
    print(json.dumps(t, indent=2) if args.json else format_tournament(t))
    return 0


def _cmd_lab(args) -> int:
    from ..lab import format_lab, lab
    _fit(list(args.players) + [args.skill_players], args.decks)
    rules = _blanks(args, list(args.rules), args.deck, args.decks)
    r = lab(rules, bots=args.bots, players=args.players, decks=args.decks, deck=args.deck, hands=args.hands,
            skill_hands=args.skill_hands,
            skill_players=args.skill_players, matches=args.matches, measures=args.measures, seed=args.seed,
            out=args.out, resume=args.resume, jobs=args.jobs or None, progress=args.progress, plots=args.plots,
            skill=args.skill_bot, referee_hands=args.referee_hands, **_backend(args))
    print(json.dumps(r, indent=2) if args.json else format_lab(r))
    return 0


def _cmd_report(args) -> int:
    from ..lab.report import add_editions, add_uno_call, format_report, report, rerender
    if args.rerender or args.editions_only or args.uno_call_only:
        try:
            if args.rerender:
                data = rerender(args.out)
            elif args.uno_call_only:
                data = add_uno_call(args.out, args.uno_call_hands, args.hands, jobs=args.jobs or None,
                                    progress=args.progress)
            else:
                data = add_editions(args.out, args.hands, jobs=args.jobs or None, progress=args.progress,
                                    **_backend(args))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            # a report.json of another shape (hand-edited, older): one line, not a traceback
            raise CliError(f"{Path(args.out) / 'report.json'} is not a report this unokit can render "
                           f"({type(e).__name__}: {e})") from None
        print(format_report(data))
        return 0
    codes = [c.strip().upper() for c in args.codes.split(",") if c.strip()] if args.codes else None
    d = report(hands=args.hands, out=args.out, seed=args.seed, jobs=args.jobs or None, progress=args.progress,
               skill_bot=args.skill_bot, codes=codes, published_hands=args.published_hands, matches=args.matches,
               cache=args.cache, resume=args.resume, players=args.players, uno_call_hands=args.uno_call_hands,
               referee_hands=args.referee_hands, **_backend(args))
    print(format_report(d))
    return 0




# ---------------------------------------------------------------------- learn (unokit.play.learnterm, docs/learn.md)
def _add_learn_command(sub) -> None:
    le = sub.add_parser("learn", help="learn to play: a narrated demo game, then your first game with hints, "
                                      "then house rules one at a time (docs/learn.md)")
    le.add_argument("--lang", choices=("en", "pt"), default="en", help="English or Portuguese (default en)")
    le.add_argument("--seed", type=_seed, default=None, help="the demo's (or the game's) seed")
    le.add_argument("--play", action="store_true", help="your first game: official rules, hints on")
    le.add_argument("--rule", default=None, help="with --play: add one house rule (P4, DR, C, SAT, FU, MEM, CAR, T...)")
    le.add_argument("--house", action="store_true", help="the house rules, one at a time")
    le.add_argument("--hands", action="store_true", help="the demo shows every hand after every move")
    le.add_argument("--order", default="guide", help="your hand's order: guide (the guide's) or colour")
    le.set_defaults(func=_cmd_learn)


def _cmd_learn(args) -> int:
    from ..play.learnterm import main as learn_main
    return learn_main(args)


# ---------------------------------------------------------------------- serve (unokit.play.web)
