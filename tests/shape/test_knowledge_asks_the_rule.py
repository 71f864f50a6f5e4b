"""Issue 25, point 3: the bots' knowledge tracker names no rule's event kind; each rule's kind declares what a
reader following the hands learns from it (``register_event(tracking=...)``, :data:`unokit.core.events.TRACKING`,
and ``every_hand``), and :mod:`unokit.bots.knowledge` asks that."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from unokit import Game
from unokit.bots import knowledge
from unokit.core import events
from unokit.core.errors import UnoError

KNOWLEDGE = Path(knowledge.__file__)


def rule_kinds_named(path: Path = KNOWLEDGE) -> set[str]:
    """The string constants of ``path`` that are event kinds a rule registered (not the official game's)."""
    rules = set(events.EVENTS) - set(events._SPEC)
    return {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in rules}


def test_the_knowledge_tracker_names_no_rules_event_kind():
    assert not rule_kinds_named()


def test_the_check_sees_a_rules_kind_named(tmp_path):
    (tmp_path / "k.py").write_text('A = e.kind in ("play", "swap", "carousel")\n')
    assert rule_kinds_named(tmp_path / "k.py") == {"swap", "carousel"}


def test_each_rule_kind_the_tracker_follows_declares_what_it_tells():
    told = {k: ("every-hand" if c.every_hand else c.tracking) for k, c in events.EVENTS.items()}
    assert {k: told[k] for k in ("swap", "carousel", "shuffle-hands", "ohana", "flip", "hidden-play", "free-discard",
                                 "discard-under", "donate", "accuse", "sees-hand")} == {
        "swap": "swap-hands", "carousel": "every-hand", "shuffle-hands": "every-hand", "ohana": "every-hand",
        "flip": "new-cards", "hidden-play": "face-down", "free-discard": "one-down", "discard-under": "one-down",
        "donate": "gives", "accuse": "shows-hand", "sees-hand": "shows-hand-to-player"}


@pytest.mark.parametrize("fields, tracking, wrong", [(("target",), "bogus", "bogus"), ((), "gives", "count, target"),
                                                     ((), "shows-hand", "first field")])
def test_a_kinds_tracking_is_one_of_the_vocabulary_with_the_fields_it_reads(fields, tracking, wrong):
    with pytest.raises(UnoError, match=f"event kind 'doctest-x': {wrong}: no trait or field of it"):
        events.register_event("doctest-x", fields, about="?", tracking=tracking)
    assert "doctest-x" not in events.EVENTS


def test_the_tracker_follows_a_new_rules_event_by_its_declared_tracking():
    """A test-only kind declared ``swap-hands``: the tracker swaps what it knows of the two seats (sizes walked
    back across it too), as for the Wild Swap Hands; undeclared, it would not."""
    g = Game.from_position(["R1 R2 G5", "Y3 Y4 B7", "B1", "G1 G2"], discard="R9", stock="B2 B3 B4")
    view = g.view(0)
    try:
        events.register_event("test-trade", ("target",), about="test: two hands traded", tracking="swap-hands")
        sc = knowledge.Scanner(view)
        sc.sizes = [3, 3, 1, 2]
        before = sc.seats[1]
        sc.feed([events.make_event("test-trade", 5, 1, 3)])
        assert sc.seats[3] is before and sc.sizes == [3, 2, 1, 3]
        sizes = [3, 2, 1, 3]
        knowledge._track_size(sizes, events.make_event("test-trade", 5, 1, 3), -1)
        assert sizes == [3, 3, 1, 2]
    finally:
        events.unregister_event("test-trade")
    events.register_event("test-trade", ("target",), about="test: undeclared")
    try:
        sc = knowledge.Scanner(view)
        before = sc.seats[1]
        sc.feed([events.make_event("test-trade", 5, 1, 3)])
        assert sc.seats[1] is before
    finally:
        events.unregister_event("test-trade")
