"""``unokit learn``: the teaching mode in a plain terminal (line by line; docs/learn.md).

Without options it shows the outline (the guide's five steps), then the narrated demonstration hand
(:func:`unokit.play.teach.play_demo`), pausing at each lesson when it runs in a terminal. ``--play`` is
the learner's first game (official rules, hints on), ``--play --rule P4`` a game with one house rule,
``--house`` the house rules one at a time. ``--lang pt`` says it all in Portuguese.

>>> import io
>>> out = io.StringIO()
>>> run_learn(lang="en", seed=1, out=out, interactive=False)
0
>>> "Lesson 14/14" in out.getvalue() and "Step 5: house rules" in out.getvalue()
True
"""

from __future__ import annotations

import sys
import textwrap

from ..core.errors import IllegalActionError, UnoError
from ..engine.narrate import card_name, color_name
from ..rules import RuleSet
from .coach import LearnerGame
from .handorder import ORDERS
from .lessons import HOUSE_PATH, UI
from .teach import house_rules, plan, play_demo

__all__ = ["run_learn", "run_game", "print_house"]

WIDTH = 88


def _box(lines, title: str, width: int = WIDTH) -> list[str]:
    out = [f"┌─ {title}"]
    for para in lines:
        if para:
            out += [f"│ {line}" for line in textwrap.wrap(para, width - 2)]
    out.append("└─")
    return out


def _outline(lang: str) -> list[str]:
    p = plan(lang)
    out = [f"== {p['title']} ==", ""]
    for s in p["steps"]:
        out += textwrap.wrap(f"{s['title']}. {s['text']}", WIDTH, subsequent_indent="  ")
    out.append("")
    for s in p["stages"]:
        out += textwrap.wrap(f"{s['title']}: {s['text']}", WIDTH, subsequent_indent="  ")
    out.append("")
    return out


def print_house(lang: str = "en", out=None, pause=None) -> None:
    """The house rules of step 5, one at a time (``pause()`` between them, in a terminal)."""
    write = (out or sys.stdout).write
    ui = UI[lang]
    write(ui["house_intro"] + "\n\n")
    rules = house_rules(lang)
    for i, r in enumerate(rules, 1):
        command = f"unokit learn --play --rule {r['code']}" + (" --lang pt" if lang == "pt" else "")
        for line in _box([r["text"], command], f"{i}/{len(rules)} · {r['code']} · {r['name']}"):
            write(line + "\n")
        if pause is not None and i < len(rules):
            pause()


def run_learn(lang: str = "en", seed: int = 1, *, out=None, interactive: bool | None = None, hands: bool = False,
              input_fn=None) -> int:
    """The outline and the narrated demonstration (pausing at each lesson when ``interactive``)."""
    out = out or sys.stdout
    input_fn = input_fn or input
    if interactive is None:
        interactive = sys.stdin.isatty() and out.isatty()
    ui = UI[lang]
    for line in _outline(lang):
        out.write(line + "\n")
    demo = play_demo(seed, lang)
    text = demo.transcript(WIDTH, hands=hands)
    for line in text.splitlines():
        out.write(line + "\n")
        if interactive and line.startswith("  └─"):
            out.flush()
            input_fn(f"  ({ui['next']}) ")
    out.write("\n")
    print_house(lang, out)
    return 0


def _show_state(g: LearnerGame, since: int, order: str, out) -> None:
    st = g.state(order, since)
    ui = UI[g.lang]
    write = out.write
    after: dict[int, list] = {}           # each lesson after the line it follows
    for x in st["lessons"]:
        after.setdefault(max(x["at"], since), []).append(x)
    for i, line in enumerate(st["log"], since + 1):
        write(f"  {line}\n")
        for x in after.pop(i, []):
            for row in _box([x["text"], x["context"]], f"{ui['lesson']} · {ui['step']} {x['step']} · {x['title']}"):
                write(row + "\n")
    for x in [x for xs in after.values() for x in xs]:
        for row in _box([x["text"], x["context"]], f"{ui['lesson']} · {ui['step']} {x['step']} · {x['title']}"):
            write(row + "\n")
    if st["over"]:
        return
    others = ", ".join(f"{g.names[s]} {n}" + (" UNO" if st["uno"][s] and n == 1 else "")
                       for s, n in enumerate(st["sizes"]) if s != 0)
    col = color_name(st["color"], g.lang) if st["color"] else "?"
    write(f"\n  {ui['pile']}: {card_name(st['top'], g.lang)} ({ui['colour']} {col}) · {ui['others']}: {others}\n")
    write(f"  {ui['your_hand']}: {'  '.join(st['hand'])}\n")
    write(f"  {ui['hint']}: {st['hint']}\n")


def run_game(g: LearnerGame, *, input_fn=None, out=None, order: str = "guide") -> int:
    """The learner's game, line by line: each choice numbered, ``h`` the hint again, ``q`` quits."""
    out = out or sys.stdout
    echo = input_fn is None and not sys.stdin.isatty()     # answers piped in are written out, as typed
    input_fn = input_fn or input
    ui = UI[g.lang]

    def ask(prompt: str) -> str:
        answer = input_fn(prompt)
        if echo:
            out.write(answer + "\n")
        return answer

    since = 0
    _show_state(g, since, order, out)
    since = len(g.log)
    while not g.game.over:
        opts = g.options()
        choices = list(opts)
        for i, a in enumerate(g.state(order)["choices"], 1):
            out.write(f"    {i}) {a['words']}\n")
        if g.waiting:
            out.write(f"    w) {ui['wait']}\n")
        try:
            answer = ask(f"  {ui['out_of_turn'] if g.waiting else ui['your_turn']}> ").strip().lower()
        except EOFError:
            return 1
        if answer in ("q", "quit"):
            return 1
        if answer == "h":
            out.write(f"  {ui['hint']}: {g.hint()}\n")
            continue
        try:
            if answer == "w" and g.waiting:
                g.wait()
            elif answer.isdigit() and 1 <= int(answer) <= len(choices):
                a = choices[int(answer) - 1]
                while a.more:          # a play made in steps (a DR group, a seat to name)
                    steps = g.expand(a)
                    for i, b in enumerate(steps, 1):
                        out.write(f"      {i}) {b}\n")
                    pick = ask("  > ").strip()
                    if not (pick.isdigit() and 1 <= int(pick) <= len(steps)):
                        raise IllegalActionError(ui["bad"])
                    a = steps[int(pick) - 1]
                g.act(a)
            else:
                out.write(f"  {ui['bad']}\n")
                continue
        except IllegalActionError as e:
            out.write(f"  {ui['refused'].format(why=e)}\n")
            continue
        _show_state(g, since, order, out)
        since = len(g.log)
    st = g.state(order)
    out.write("\n  " + (ui["won"] if st["winner"] == 0 else ui["lost"].format(who=g.names[st["winner"]])) + "\n")
    return 0


def main(args) -> int:
    """What ``unokit learn`` runs (its options: see unokit/cli/__init__.py)."""
    lang = args.lang
    if args.order not in ORDERS:
        raise UnoError(f"--order: {' or '.join(ORDERS)}")
    if args.house:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        print_house(lang, pause=(lambda: input(f"  ({UI[lang]['next']}) ")) if interactive else None)
        return 0
    if args.play or args.rule:
        rules = "UNO 1121"
        if args.rule:
            code = args.rule.strip().upper()
            if code not in HOUSE_PATH:
                RuleSet.parse(f"UNO 1121 {code}")     # a typed error for a code that is not a rule at all
            rules = RuleSet.parse(f"UNO 1121 {code}").code
        g = LearnerGame(rules, seed=args.seed, lang=lang)
        return run_game(g, order=args.order)
    return run_learn(lang, args.seed if args.seed is not None else 1, hands=args.hands)
