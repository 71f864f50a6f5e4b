"""A rule's events and their narration live in the rule's own module (issue 25, point 3).

The central tables hold the events of the official game and of the table's enforcement only:
``unokit/core/events.py`` (``_SPEC``, ``_TRAITS``) and the narrator's (``unokit/engine/narrate.py``: ``_EN``,
``_PT``, ``_REASON_PT``). A rule's module declares its own kinds (``register_event``: fields, what they do to the
hands, ``tell`` in English and Portuguese) and its penalty reasons' words (``register_reason``). What is still
central is listed in ``DEBTS`` with why; the test fails for a new one and for a listed one that is gone.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from unokit.core import events
from unokit.engine import narrate
from unokit.rules.catalog import CATALOG

PACKAGE = Path(__file__).resolve().parents[2] / "unokit"
RULES = PACKAGE / "rules"

#: a rule's event kind or penalty reason still declared centrally -> why. Empty: ``swap`` (Wild Swap Hands, T,
#: ALLWILD's Forced Swap, the blanks) is declared by the rules' shared :mod:`unokit.rules.handswap`
DEBTS: dict[str, str] = {}


def _calls(name: str, root: Path = RULES):
    """(path, call node) for every call of ``name`` (a function or a method) in the folder ``root``."""
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                if (isinstance(f, ast.Name) and f.id == name) or (isinstance(f, ast.Attribute) and f.attr == name):
                    yield path, node


def _const(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def rule_kinds() -> set[str]:
    """The event kinds the rules' modules emit or declare (those the engine emits too are the official game's or
    the table's), and the central kinds whose meaning starts with a rule code ("DED: ...")."""
    found = {_const(c.args[0]) for name in ("emit", "register_event") for _, c in _calls(name) if c.args}
    found -= {_const(c.args[0]) for _, c in _calls("emit", PACKAGE / "engine") if c.args}
    code = re.compile(r"^([A-Z0-9]+)(?:/[A-Z0-9]+)*:")
    found |= {k for k, spec in events._SPEC.items() if (m := code.match(spec[2])) and m.group(1) in CATALOG}
    return found - {None}


def rule_reasons() -> set[str]:
    """The penalty and elimination reasons the rules' modules write as plain strings."""
    found = {_const(c.args[2]) for _, c in _calls("penalize") if len(c.args) > 2}
    found |= {_const(c.args[1]) for _, c in _calls("eliminate") if len(c.args) > 1}
    return found - {None}


def central_names() -> set[str]:
    """Every kind and reason the central tables hold."""
    return set(events._SPEC) | set(events._TRAITS) | set(narrate._EN) | set(narrate._PT) | set(narrate._REASON_PT)


def _names_a_code(reason: str) -> bool:
    return any(code in CATALOG for code in re.findall(r"\(([A-Z0-9+ ]+)\)", reason) for code in code.split(" + "))


def central_rule_names() -> set[str]:
    """The kinds and reasons of rules the central tables hold."""
    kinds = rule_kinds()
    reasons = rule_reasons()
    return {n for n in central_names() if n in kinds or n in reasons or _names_a_code(n)}


def test_the_central_tables_hold_no_rules_event_or_reason_but_the_listed_debts():
    new = sorted(central_rule_names() - set(DEBTS))
    assert not new, ("a rule's event or reason is declared centrally (declare it in the rule's module: "
                     f"register_event, register_reason): {new}")


def test_the_list_of_debts_only_shrinks():
    gone = sorted(set(DEBTS) - central_rule_names())
    assert not gone, f"no longer central: remove from DEBTS: {gone}"


def test_the_check_sees_a_rules_kind_and_reason():
    assert {"carousel", "slap-now", "compliments-owed"} <= rule_kinds() and "uno" not in rule_kinds()
    assert {"bomb", "die (DAD)"} <= rule_reasons()
    assert _names_a_code("caught lying (DED)") and _names_a_code("x (MS + DED)") and not _names_a_code("missed UNO")
    assert {"accuse", "swap"} <= rule_kinds()


def test_every_hand_trait_is_of_a_central_kind():
    """A kind that moves to its rule takes what it does to the hands along (register_event's keywords)."""
    assert set(events._TRAITS) <= set(events._SPEC)


@pytest.mark.parametrize("kind", sorted(events.EVENTS))
def test_every_event_kind_is_told_in_english_and_portuguese(kind):
    cls = events.EVENTS[kind]
    central = kind in narrate._EN and kind in narrate._PT
    assert central or {"en", "pt"} <= set(cls.tell), f"{kind!r} has no narration of its own in every language"
    assert not (central and cls.tell), f"{kind!r} is told twice"


def test_a_rules_events_exist_once_the_package_is_imported():
    """An event of a rule is built (as a record's replay builds it) after importing the events module alone."""
    code = ("from unokit.core.events import make_event, EVENTS\n"
            "print(make_event('carousel', 1, 0, 1).every_hand, EVENTS['slap-now'].tell['pt'] is not None, "
            "make_event('deflect', 2, 0, 4).ends_skips, EVENTS['donate'].into_hands)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True", "('player',", "'target')"]


def test_the_narrator_reads_what_a_rules_event_does_to_the_hands():
    """A seat's own draw is named only when every card in and out of its hand is accounted for; a rule's event
    says what it does to the hands (each case below would name the draw wrongly, or fail to, without it)."""
    from unokit.core.cards import parse_cards
    make, draw = events.make_event, events.make_event("draw", 2, 0, 1)

    def told(evs, before, after):
        return narrate.narrate_sequence(evs, 0, "AB", hand_before=parse_cards(before), hand_after=parse_cards(after))

    assert told([draw], "R1", "R1 G2") == ["You draw Green 2"]
    assert told([make("carousel", 1, 1, 1), draw], "R1 Y2", "R1 B3")[-1] == "You draw a card"   # every hand moved
    assert told([make("donate", 1, 0, 1, 1), draw], "R1 Y2", "R1 B3")[-1] == "You draw a card"  # Y2 given away
    assert told([make("discard-all", 1, 0, 1, tuple(parse_cards("R1"))), draw], "R1", "R1")[-1] == \
        "You draw Red 1"                                                                        # R1 left the hand
    # a draw total sent on: the Skip played with it skips nobody
    skip = make("play", 3, 0, tuple(parse_cards("GS")), None)
    assert narrate.narrate_sequence([skip], 1, "ABC") == ["A plays Green Skip", "You are skipped"]
    assert narrate.narrate_sequence([skip, make("deflect", 3, 0, 2)], 1, "ABC") == \
        ["A plays Green Skip", "A deflects the 2 cards owed to the next player"]


def test_a_rules_penalty_reason_is_told_in_portuguese_by_the_rule():
    e = events.make_event("penalty", 4, 1, 2, "die (DAD)")
    assert narrate.describe(e, 0, "AB", "pt") == "B recebe uma penalidade de 2 cartas (dado (DAD))"
    gone = events.make_event("eliminated", 4, 1, "had to draw (MS1)")
    assert narrate.describe(gone, None, "AB", "pt") == "B está fora desta mão: teve de comprar (MS1)"
    assert "die (DAD)" in events.REASONS and "had to draw" in events.REASON_PREFIXES


def test_the_swap_event_has_one_owner_the_rules_shared_hand_swap():
    """Issue 25, point 3: ``swap`` is declared once, by unokit.rules.handswap, and every rule whose card swaps
    hands (Wild Swap Hands, T, ALLWILD, the blanks) swaps through it: none emits the kind itself."""
    from unokit.rules import handswap
    assert "swap" not in events._SPEC and "swap" not in narrate._EN and "swap" not in narrate._PT
    assert events.EVENTS["swap"].into_hands == ("player", "target") and {"en", "pt"} <= set(events.EVENTS["swap"].tell)
    emitters = {p.relative_to(RULES).as_posix() for p, c in _calls("emit") if c.args and _const(c.args[0]) == "swap"}
    assert emitters == {"handswap.py"}
    users = {p.relative_to(RULES).as_posix() for p, _ in _calls("swap_hands")}
    assert {"wilds.py", "cardfx.py", "editions/allwild.py", "blanks.py"} <= users
    assert handswap.swap_hands.__module__ == "unokit.rules.handswap"


@pytest.mark.parametrize("lang, told", [("en", "A swaps hands with C"), ("pt", "A troca de mão com C")])
def test_the_swap_is_told_as_before_in_english_and_portuguese(lang, told):
    assert narrate.describe(events.make_event("swap", 5, 0, 2), None, "ABC", lang) == told
