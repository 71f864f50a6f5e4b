"""Issue 25, point 3: the bots' knowledge tracker and the search bot's determinizer name no rule's event kind; each
rule's kind declares what a reader following the hands learns from it (``register_event(tracking=...)``,
:data:`unokit.core.events.TRACKING`, and ``every_hand``) and the cards it shows (``register_event(reveal=...)``,
:data:`unokit.core.events.REVEALS`), and :mod:`unokit.bots.knowledge` and :mod:`unokit.bots.determinize` ask that."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from unokit import Game
from unokit.bots import determinize, knowledge
from unokit.core import events
from unokit.core.errors import UnoError

KNOWLEDGE = Path(knowledge.__file__)
READERS = (KNOWLEDGE, Path(determinize.__file__))


def rule_kinds_named(path: Path = KNOWLEDGE) -> set[str]:
    """The string constants of ``path`` that are event kinds a rule registered (not the official game's)."""
    rules = set(events.EVENTS) - set(events._SPEC)
    return {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in rules}


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.stem)
def test_the_bots_readers_of_events_name_no_rules_event_kind(path):
    assert not rule_kinds_named(path)


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


def test_each_rule_kind_the_determinizer_follows_declares_what_it_tells_and_shows():
    assert {k: events.EVENTS[k].reveal for k in ("accuse", "sees-hand", "sum-challenge")} == {
        "accuse": "face-down", "sees-hand": "hand-to-player", "sum-challenge": "hand-to-player"}
    assert {k for k, c in events.EVENTS.items() if c.reveal} == {"accuse", "sees-hand", "sum-challenge"}
    assert events.EVENTS["die"].tracking == "draws-by-chance"


@pytest.mark.parametrize("fields, tracking, wrong", [(("target",), "bogus", "bogus"), ((), "gives", "count, target"),
                                                     ((), "shows-hand", "first field")])
def test_a_kinds_tracking_is_one_of_the_vocabulary_with_the_fields_it_reads(fields, tracking, wrong):
    with pytest.raises(UnoError, match=f"event kind 'doctest-x': {wrong}: no trait or field of it"):
        events.register_event("doctest-x", fields, about="?", tracking=tracking)
    assert "doctest-x" not in events.EVENTS


@pytest.mark.parametrize("fields, reveal, wrong", [(("target",), "cards", "cards"), ((), "hand", "first field")])
def test_a_kinds_reveal_is_one_of_the_vocabulary_and_names_the_seat_shown(fields, reveal, wrong):
    with pytest.raises(UnoError, match=f"event kind 'doctest-x': {wrong}: no trait or field of it"):
        events.register_event("doctest-x", fields, about="?", reveal=reveal)
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


def _seen_by_determinizer(view, event, shown=()):
    """The determinizer's reading of ``view`` with ``event`` appended to its history (and ``shown``, the reveal it
    made, to its reveals)."""
    v = dataclasses.replace(view, history=tuple(view.history) + (event,), revealed=tuple(view.revealed) + tuple(shown))
    return determinize.Determinizer(v)


@pytest.mark.parametrize("reveal, seat, known, hidden", [
    ("hand", 0, {1: ["Y3", "Y4"], 2: ["B1"]}, []), ("hand-to-player", 0, {1: ["Y3", "Y4"], 2: ["B1"]}, []),
    ("hand-to-player", 1, {2: ["B1"]}, []), ("face-down", 0, {2: ["B1"]}, ["Y3", "Y4"]), ("", 0, {2: ["B1"]}, [])])
def test_the_determinizer_reads_a_new_rules_reveal_by_its_declared_kind(reveal, seat, known, hidden):
    """A test-only kind declaring ``reveal``: the cards shown (to this seat) are known to lie in that hand, or on the
    face-down pile (two cards lie there); undeclared, the reveal is not matched to it. Seat 2's hand is known from a
    challenge before."""
    g = Game.from_position(["R1 R2 G5", "Y3 Y4 B7", "B1 B2", "G1 G2"], discard="R9 W+4", stock="B3 B4 Y1 Y2 G3 G4",
                           rules="UNO 1111")
    shown = ((2, tuple(g.hands[2][:1])), (1, tuple(g.hands[1][:2])))
    challenge = events.make_event("challenge", 1, seat, 2, "innocent")
    try:
        events.register_event("test-peek", ("target",), about="test: a hand peeked at", reveal=reveal)
        view = g.view(seat)
        view = dataclasses.replace(view, history=tuple(view.history) + (challenge,), revealed=shown[:1],
                                   hidden_pile_size=2)
        d = _seen_by_determinizer(view, events.make_event("test-peek", 2, 0, 1),
                                  shown[1:] if reveal != "hand-to-player" or seat == 0 else ())
        assert {s: [c.code for c in d.known(s)] for s in range(4) if d.known(s)} == known
        assert sorted(c.code for c in d.hidden_known.elements()) == hidden
    finally:
        events.unregister_event("test-peek")


@pytest.mark.parametrize("tracking, every_hand, known", [
    ("swap-hands", False, {3: ["B1"]}), ("gives", False, {}), ("", True, {}), ("one-down", False, {2: ["B1"]}),
    ("", False, {2: ["B1"]})])
def test_the_determinizer_follows_a_new_rules_hands_by_their_declared_tracking(tracking, every_hand, known):
    """A test-only kind: ``swap-hands`` moves what is known of seat 2's hand to seat 3's, a gift or a change of every
    hand forgets it, a kind that declares neither leaves it."""
    g = Game.from_position(["R1 R2 G5", "Y3 Y4 B7", "B1 B2", "G1 G2"], discard="R9 W+4", stock="B3 B4 Y1 Y2 G3 G4",
                           rules="UNO 1111")
    fields = ("target", "count") if tracking == "gives" else ("target",)
    try:
        events.register_event("test-trade", fields, about="test: hands traded", tracking=tracking,
                              every_hand=every_hand)
        view = dataclasses.replace(g.view(0), history=(events.make_event("challenge", 1, 0, 2, "innocent"),),
                                   revealed=((2, tuple(g.hands[2][:1])),))
        d = _seen_by_determinizer(view, events.make_event("test-trade", 2, 2, 3, *((1,) if tracking == "gives" else ())))
        assert {s: [c.code for c in d.known(s)] for s in range(4) if d.known(s)} == known
    finally:
        events.unregister_event("test-trade")


def test_the_bots_ask_an_action_what_it_declares_not_its_class_name():
    """Issue 25, point 3: no bot tells a rule's action by its class name (DED's accusation answers a face-down
    finish: it declares ``answers_hidden_finish``, and the search bot asks that)."""
    import re
    from pathlib import Path

    from unokit.core.actions import ACTIONS
    bots = Path(__file__).resolve().parents[2] / "unokit" / "bots"
    named = [f"{p.name}: {m.group(0)}" for p in sorted(bots.glob("*.py"))
             for m in re.finditer(r"__name__\s*==\s*['\"]\w+['\"]", p.read_text(encoding="utf-8"))]
    assert not named, named
    assert [cls.verb for cls in ACTIONS.values() if cls.answers_hidden_finish] == ["accuse"]
