"""The action registry: ``unokit.core.actions.ACTIONS`` is the one table of verbs, classes and notation.

Every registered verb reads back through text and dict; registering a class is all it takes to make
a new verb readable (and unregistering it makes it unknown again), which shows the registry is the
only dispatch of ``Action.parse`` and ``action_from_dict``; a verb or kind already taken is refused.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from unokit.core import actions
from unokit.core.actions import (
    ACTIONS,
    EXTRA_ACTIONS,
    Accuse,
    Action,
    CatchUno,
    Challenge,
    ChallengeDraw,
    ChooseColor,
    Discard,
    Draw,
    Hint,
    Notice,
    Pass,
    Play,
    Say,
    SayUno,
    Slap,
    action_from_dict,
    register_action,
    unregister_action,
)
from unokit.core.cards import Card, Color, parse_cards
from unokit.core.errors import NotationError, UnoError
from unokit.rules.extras import ChallengeSum
from unokit.rules.mistake import CallUnready

# sample actions per verb; a rule action that names only its player needs none (see _samples)
SAMPLES: dict[str, list[Action]] = {
    "play": [Play(0, (Card.parse("R7"),)), Play(3, tuple(parse_cards("R7 R7"))),
             Play(1, (Card.parse("W+4"),), color=Color.GREEN, uno=True),
             Play(2, (Card.parse("WX"),), Color.RED, target=0), Play(3, hidden=(Card.parse("G+2"),), claim=2),
             Play(1, (Card.parse("R7"),), hidden=(Card.parse("B7"),)),
             Play(0, (Card.parse("R2"),), target=1, give=tuple(parse_cards("G5 Y7"))),
             Play(0, (Card.parse("R2"),), more="cards"), Play(0, (Card.parse("R7"),), more="target"),
             Play(0, (Card.parse("R2"),), target=1, give=(Card.parse("G5"),), more="give")],
    "color": [ChooseColor(1, Color.BLUE)],
    "catch": [CatchUno(2, 1)],
    "notice": [Notice(0, 12)],
    "discard": [Discard(2, Card.parse("R5"))],
    "say": [Say(3, "boa jogada"), Say(0, "")],
    "hint": [Hint(0, 2, "play blue"), Hint(1, 0)],
}


def _samples(cls: type) -> list[Action]:
    if cls.verb in SAMPLES:
        return SAMPLES[cls.verb]
    names = [f.name for f in dataclasses.fields(cls)]
    assert names == ["player"], f"{cls.__name__}: add sample actions for verb {cls.verb!r} to SAMPLES"
    return [cls(0), cls(7)]


@dataclass(frozen=True, slots=True)
class Wave(Action):
    """A test action: wave to a seat. Its dict ``type`` differs from its verb on purpose."""

    player: int
    to: int
    kind = "greeting"
    verb = "wave"

    def __str__(self) -> str:
        return f"{self.player} wave {self.to}"

    def to_dict(self) -> dict:
        return {"type": "greeting", "player": self.player, "to": self.to}

    @classmethod
    def _parse(cls, player, args):
        actions._one_arg(cls.verb, args, "the seat waved to")
        return cls(player, actions._seat(args[0], "seat waved to"))

    @classmethod
    def _from_dict(cls, player, d):
        actions._only(d, cls.kind, ("to",), ("to",))
        return cls(player, actions._int_field(d, "to", actions.MAX_SEAT))


@pytest.fixture
def registry_kept():
    """Whatever a test registers or unregisters, the registry is as it was afterwards (order too)."""
    saved, kinds = dict(ACTIONS), dict(actions._KINDS)
    yield
    ACTIONS.clear()
    ACTIONS.update(saved)
    actions._KINDS.clear()
    actions._KINDS.update(kinds)


def test_the_registry_holds_every_action_class_once():
    assert set(ACTIONS) >= {"play", "draw", "pass", "color", "uno", "catch", "challenge", "notice", "accuse",
                            "discard", "say", "hint", "slap", "doubt", "doubtsum"}
    for verb, cls in ACTIONS.items():
        assert issubclass(cls, Action) and cls.verb == verb and actions._KINDS[cls.kind] is cls
    assert len({cls.kind for cls in ACTIONS.values()}) == len(ACTIONS) == len(actions._KINDS)
    for cls in (Draw, Pass, SayUno, Challenge, Accuse, Slap, ChallengeDraw):
        assert ACTIONS[cls.verb] is cls
    # a rule's own action registers itself from its rule module
    assert ACTIONS["doubtsum"] is ChallengeSum and ChallengeSum.__module__ == "unokit.rules.extras"
    assert ACTIONS["unready"] is CallUnready and CallUnready.__module__ == "unokit.rules.mistake"
    assert dict(EXTRA_ACTIONS) == {"doubtsum": ChallengeSum, "unready": CallUnready}


@pytest.mark.parametrize("verb", sorted(ACTIONS))
def test_every_registered_verb_round_trips_through_text_and_dict(verb):
    cls = ACTIONS[verb]
    for a in _samples(cls):
        assert type(a) is cls
        text, d = str(a), a.to_dict()
        assert text.split()[:2] == [str(a.player), verb]
        assert d["type"] == cls.kind and d["player"] == a.player
        assert Action.parse(text) == a and str(Action.parse(text)) == text
        assert action_from_dict(d) == a and action_from_dict(d).to_dict() == d
        assert Action.parse(text.replace(verb, verb.upper(), 1)) == a  # verbs are read in any case


def test_a_registered_class_is_read_and_an_unregistered_one_is_unknown(registry_kept):
    def unknown():
        with pytest.raises(NotationError, match=r"^unknown action verb 'wave' in '0 wave 1'$"):
            Action.parse("0 wave 1")
        with pytest.raises(NotationError, match=r"^unknown action type 'greeting'$"):
            action_from_dict({"type": "greeting", "player": 0, "to": 1})

    unknown()
    assert register_action(Wave) is Wave
    a = Wave(0, 1)
    assert Action.parse("0 wave 1") == a and Action.parse("0 WAVE 1") == a
    assert action_from_dict({"type": "greeting", "player": 0, "to": 1}) == a
    assert Action.parse(str(a)) == a and action_from_dict(a.to_dict()) == a
    assert EXTRA_ACTIONS["greeting"] is Wave  # a class from outside unokit.core.actions counts as a rule's own
    # the class's own reading errors come back in the usual frame
    with pytest.raises(NotationError, match=r"^cannot read action '0 wave': wave takes one argument \(the seat "
                                            r"waved to\), got 0$"):
        Action.parse("0 wave")
    with pytest.raises(NotationError, match=r"^a 'greeting' action has no field 'x'$"):
        action_from_dict({"type": "greeting", "player": 0, "to": 1, "x": 2})
    # the verb is the notation's word, the kind the dict's type: neither stands in for the other
    with pytest.raises(NotationError, match="unknown action verb 'greeting'"):
        Action.parse("0 greeting 1")
    with pytest.raises(NotationError, match="unknown action type 'wave'"):
        action_from_dict({"type": "wave", "player": 0, "to": 1})
    assert register_action(Wave) is Wave  # registering the same class again changes nothing
    unregister_action(Wave)
    unknown()
    assert "greeting" not in EXTRA_ACTIONS and "wave" not in ACTIONS
    with pytest.raises(UnoError, match="not a registered action class"):
        unregister_action(Wave)


@pytest.mark.parametrize("verb", sorted(ACTIONS))
def test_the_registry_is_the_only_dispatch(verb, registry_kept):
    cls = ACTIONS[verb]
    a = _samples(cls)[0]
    unregister_action(cls)
    with pytest.raises(NotationError, match=rf"^unknown action verb '{verb}' in "):
        Action.parse(str(a))
    with pytest.raises(NotationError, match=rf"^unknown action type '{cls.kind}'$"):
        action_from_dict(a.to_dict())
    register_action(cls)
    assert Action.parse(str(a)) == a and action_from_dict(a.to_dict()) == a


def test_a_verb_or_kind_already_taken_is_refused(registry_kept):
    @dataclass(frozen=True, slots=True)
    class MyDraw(Action):
        player: int
        kind = "my-draw"
        verb = "draw"

    @dataclass(frozen=True, slots=True)
    class Pull(Action):
        player: int
        kind = "draw"
        verb = "pull"

    before = dict(ACTIONS)
    with pytest.raises(UnoError, match=r"^action verb 'draw' is already registered to Draw; MyDraw needs another$"):
        register_action(MyDraw)
    with pytest.raises(UnoError, match=r"^action kind 'draw' is already registered to Draw; Pull needs another$"):
        register_action(Pull)
    assert before == ACTIONS and Action.parse("1 draw") == Draw(1) and action_from_dict(Draw(1).to_dict()) == Draw(1)
    with pytest.raises(UnoError, match="already registered to ChallengeSum"):
        register_action(type("Doubt2", (ChallengeSum,), {"__slots__": ()}))


@pytest.mark.parametrize("verb", ["", "Wave", "two words", "wave!", "7up", None, 3])
def test_a_verb_must_be_one_lower_case_word(verb, registry_kept):
    cls = type("Odd", (Wave,), {"__slots__": (), "verb": verb, "kind": "odd"})
    with pytest.raises(UnoError, match=r"^Odd\.verb must be one lower-case word such as 'draw', got "):
        register_action(cls)
    assert "odd" not in actions._KINDS


def test_only_action_classes_with_a_kind_are_registered(registry_kept):
    for bad in (Action, int, Wave(0, 1), "wave"):
        with pytest.raises(UnoError, match="register_action takes a subclass of Action"):
            register_action(bad)
    no_kind = type("NoKind", (Action,), {"__slots__": (), "verb": "nokind"})
    with pytest.raises(UnoError, match=r"^NoKind must declare its kind"):
        register_action(no_kind)
    assert "nokind" not in ACTIONS
