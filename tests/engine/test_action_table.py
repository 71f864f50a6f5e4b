"""Each action's check kept beside its application (issue 25, point 4: "verify, can, apply kept together per
action", as pokerkit verifies then applies each action).

Every action class the referee plays has one pair in :data:`unokit.engine.game.ACTION_TABLE`: its check
(``_check_X``) and its application (``_do_X``), defined side by side in the same part of the referee. A rule's
own action class reaches a hand's table through the rule (``HouseRule.actions``: ``action_problem``,
``apply_action``), never through the engine. ``verify``, ``can``, ``apply`` and the listing all go through the
table; an illegal action of any class is refused with its typed error and leaves the state as it was.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from unokit.core.actions import (
    ACTIONS,
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
    simple_action,
    unregister_action,
)
from unokit.core.cards import Card, Color
from unokit.core.errors import (
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    IncompletePlayError,
    NotYourTurnError,
    WindowClosedError,
)
from unokit.engine import game as game_module
from unokit.engine.game import ACTION_TABLE, Game
from unokit.rules.base import HouseRule
from unokit.rules.catalog import RuleInfo
from unokit.rules.extras import ChallengeSum
from unokit.rules.mistake import CallUnready
from unokit.rules.registry import REGISTRY, register_rule, unregister_rule

ENGINE = Path(game_module.__file__).resolve().parent


def _position(rules: str = "UNO 1121", enforcement: str = "strict") -> Game:
    """Seat 0 in turn on a red 9, holding R1 G2 B3; seat 1 Y4 Y5; seat 2 G7 G8."""
    return Game.from_position(["R1 G2 B3", "Y4 Y5", "G7 G8"], discard="R9", stock="Y1 Y2 Y3 B4 B5 B6",
                              rules=rules, enforcement=enforcement)


def _state(g: Game) -> tuple[Any, ...]:
    return (g.fingerprint(), g.seq, len(g.actions), len(g.events), g.phase, [list(h) for h in g.hands],
            list(g.stock), list(g.discard), dict(g.rule_state), set(g.catchable), list(g.uno_said))


def _rule_classes() -> dict[type, list[type]]:
    """Each action class a registered rule owns -> the rule classes that own it."""
    out: dict[type, list[type]] = {}
    for entry in REGISTRY.values():
        for cls in entry if isinstance(entry, tuple) else (entry,):
            for t in cls.actions:
                out.setdefault(t, []).append(cls)
    return out


# ---------------------------------------------------------------------------------------------- one pair each

def test_each_referee_action_has_one_check_and_one_application_side_by_side_in_its_part():
    assert set(ACTION_TABLE) == {Play, Draw, Pass, ChooseColor, SayUno, CatchUno, Challenge, Notice, Discard, Say,
                                 Hint}
    for cls, (check, apply) in ACTION_TABLE.items():
        assert check.__name__.startswith("_check_") and apply.__name__.startswith("_do_"), cls
        assert check.__name__[len("_check_"):] == apply.__name__[len("_do_"):], cls
        # the same mixin of the same module of unokit/engine/referee holds both
        assert check.__qualname__.split(".")[0] == apply.__qualname__.split(".")[0], cls
        assert check.__module__ == apply.__module__ and check.__module__.startswith("unokit.engine.referee."), cls
        assert getattr(Game, check.__name__) is check and getattr(Game, apply.__name__) is apply


def test_every_registered_action_class_has_exactly_one_owner_the_referee_or_its_rules():
    owned = _rule_classes()
    for cls in ACTIONS.values():
        assert (cls in ACTION_TABLE) != (cls in owned), cls   # one or the other, never both, never neither
    for rules in owned.values():
        for rule in rules:   # a rule owning an action class brings both halves of its pair
            assert callable(getattr(rule, "action_problem", None)) and callable(getattr(rule, "apply_action", None))


def test_a_hand_plays_one_pair_per_action_class_the_rules_in_force_adding_theirs():
    plain = Game.new(3, seed=1, core="referee")
    assert plain._actions is ACTION_TABLE
    ded = Game.new(3, "UNO 1121 DED", seed=1, core="referee")
    rule = next(r for r in ded._house if Accuse in r.actions)
    assert set(ded._actions) == set(ACTION_TABLE) | {Accuse}
    check, apply = ded._actions[Accuse]
    assert check == rule.action_problem and apply == rule.apply_action
    assert all(ded._actions[t] == pair for t, pair in ACTION_TABLE.items())


# ---------------------------------------------------------------------------------------------- the only dispatch

def test_problem_asks_only_what_every_action_shares_then_the_table():
    src = textwrap.dedent(inspect.getsource(Game._problem))
    names = {n.id for n in ast.walk(ast.parse(src)) if isinstance(n, ast.Name)}
    classes = {cls.__name__ for cls in ACTIONS.values()}
    assert not names & classes, names & classes   # no branch per action class
    assert "_actions" in src
    assert not hasattr(game_module, "_DISPATCH")
    for path in sorted(ENGINE.rglob("*.py")):   # nothing else in the engine dispatches on an action's class
        text = path.read_text(encoding="utf-8")
        assert ".apply_action(" not in text and ".action_problem(" not in text, path.name


class _Spy:
    """A check and an application that record what reaches them."""

    def __init__(self, problem: tuple[type[Exception], str] | None) -> None:
        self.problem = problem
        self.checked: list[Action] = []
        self.applied: list[Action] = []

    def check(self, game: Game, action: Action) -> tuple[type[Exception], str] | None:
        self.checked.append(action)
        return self.problem

    def apply(self, game: Game, action: Action) -> None:
        self.applied.append(action)
        game.emit("say", action.player, "spied")


def test_verify_can_apply_and_the_listing_go_through_the_hands_table():
    g = _position("UNO 1121 DED")
    p = g.to_act
    refuse = _Spy((IllegalActionError, "the spy refuses"))
    g._actions = {**g._actions, Draw: (refuse.check, refuse.apply)}
    assert Draw(p) in g.legal_actions(p)
    g._hooks = {**g._hooks, "draw_problem": [lambda game, seat: None]}   # (the listing asks the check then)
    assert Draw(p) not in g.legal_actions(p) and refuse.checked == [Draw(p)]
    assert not g.can(Draw(p))
    with pytest.raises(IllegalActionError, match=r"^the spy refuses$"):
        g.verify(Draw(p))
    before = _state(g)
    with pytest.raises(IllegalActionError, match=r"^the spy refuses$"):
        g.apply(Draw(p))
    assert _state(g) == before and not refuse.applied and len(refuse.checked) == 4

    allow = _Spy(None)
    g._actions = {**g._actions, Draw: (allow.check, allow.apply)}
    events = g.apply(Draw(p))
    assert allow.checked == allow.applied == [Draw(p)] and [e.kind for e in events] == ["say"]


# ---------------------------------------------------------------------------------------------- a rule's action

class _Knock(HouseRule):
    """KNOCK, for this test only: any seat may knock on the table once per hand."""

    code = "KNOCK"
    actions: tuple[type[Action], ...] = ()

    def action_problem(self, game: Any, a: Action) -> tuple[type[Exception], str] | None:
        if a.player in game.rule_state.get("KNOCK", ()):
            return IllegalActionError, "you knocked already"
        return None

    def action_options(self, game: Any, seat: int) -> list[Action]:
        return [] if seat in game.rule_state.get("KNOCK", ()) else [self.actions[0](seat)]

    def apply_action(self, game: Any, a: Action) -> None:
        game.rule_state["KNOCK"] = game.rule_state.get("KNOCK", frozenset()) | {a.player}
        game.emit("say", a.player, "knock")


@pytest.fixture
def knock() -> Iterator[type]:
    cls = simple_action("Knock", "knock", "KNOCK: knock on the table (a test rule).", "reaction")
    _Knock.actions = (cls,)
    register_rule(RuleInfo("KNOCK", "knock", "knock on the table once", "tests/engine/test_action_table.py",
                           implemented=True, origin="other"), _Knock)
    try:
        yield cls
    finally:
        unregister_rule("KNOCK")
        unregister_action(cls)
        _Knock.actions = ()


def test_a_rule_action_reaches_the_table_through_its_rule_and_is_checked_and_applied_there(knock):
    g = Game.new(3, "UNO 1121 KNOCK", seed=2, core="referee")
    rule = next(r for r in g._house if r.code == "KNOCK")
    assert g._actions[knock] == (rule.action_problem, rule.apply_action)
    assert knock(1) in g.legal_actions(1, turn=False)
    assert g.can(knock(1))
    g.apply(knock(1))
    assert g.events[-1].kind == "say" and g.rule_state["KNOCK"] == {1}
    before = _state(g)
    with pytest.raises(IllegalActionError, match=r"^you knocked already$"):
        g.apply(knock(1))
    assert _state(g) == before and knock(1) not in g.legal_actions(1, turn=False)
    # without the rule the class is in no table: an unknown action, refused before anything changes
    other = Game.new(3, seed=2, core="referee")
    assert knock not in other._actions
    with pytest.raises(IllegalActionError, match=r"^unknown action"):
        other.verify(knock(1))


def test_DED_a_rule_action_not_in_force_gets_the_refusal_its_rule_registered():
    g = _position()
    assert Accuse not in g._actions
    with pytest.raises(WindowClosedError, match=r"^there is no face-down play to accuse$"):
        g.apply(Accuse(1))


# ---------------------------------------------------------------------------------------------- refused, unchanged

R1, G2 = Card.parse("R1"), Card.parse("G2")

#: (rules, enforcement, an illegal action of each class in :func:`_position`, its error, its message)
REFUSED = [
    ("UNO 1121", "strict", Play(0, (G2,)), CardNotPlayableError, "G2 matches neither the colour red nor R9"),
    ("UNO 1121", "strict", Play(1, (Card.parse("Y4"),)), NotYourTurnError, "it is seat 0's turn (play)"),
    ("UNO 1121", "strict", Play(0, (R1,), more="target"), IncompletePlayError,
     "the play is not complete: choose the target first (Game.expand lists the choices)"),
    ("UNO 1121", "table", Play(0, (Card.parse("B3"),), Color.RED), IllegalActionError,
     "B3 is not a wild; no colour is named"),
    ("UNO 1121", "strict", Draw(1), NotYourTurnError, "it is seat 0's turn (play)"),
    ("UNO 1121", "strict", Pass(0), NotYourTurnError, "you may pass only after drawing a playable card"),
    ("UNO 1121", "strict", ChooseColor(0, Color.BLUE), NotYourTurnError, "no colour is to be named now"),
    ("UNO 1121", "strict", SayUno(0), IllegalActionError, "say UNO when you hold one card"),
    ("UNO 1121", "strict", CatchUno(0, 1), IllegalActionError, "seat 1 is not missing an UNO"),
    ("UNO 1121", "strict", Challenge(0), WindowClosedError, "there is no Wild Draw Four to challenge"),
    ("UNO 1121", "strict", Notice(1, 0), IllegalActionError,
     "strict enforcement refuses wrong plays; nothing to notice"),
    ("UNO 1121", "table", Notice(1, 7), WindowClosedError, "no outstanding wrong play 7"),
    ("UNO 1121", "strict", Discard(0, R1), NotYourTurnError, "no free discard is owed by this seat now"),
    ("UNO 1121", "strict", Say(0, 5), IllegalActionError, "say some text"),   # type: ignore[arg-type]
    ("UNO 1121", "strict", Hint(0, 0), IllegalActionError, "hint another seat"),
    ("UNO 1121 DED", "strict", Accuse(1), WindowClosedError, "there is no face-down play to accuse"),
    ("UNO 1121 M", "strict", Slap(1), WindowClosedError, "there is nothing to slap"),
    ("UNO 1121 DP", "strict", ChallengeDraw(1), WindowClosedError, "there is no draw to challenge"),
    ("UNO 1121 ADDUP", "strict", ChallengeSum(1), WindowClosedError, "there is no sum to challenge"),
    ("UNO 1121 MISTAKE", "strict", CallUnready(0), IllegalActionError,
     "it is your move: another seat must call you unready"),
    ("UNO 1121", "strict", Slap(1), IllegalActionError, "unknown action Slap(player=1)"),
    # what every action shares: no such seat, not an action
    ("UNO 1121", "strict", Draw(3), NotYourTurnError, "there is no seat 3"),
    ("UNO 1121", "strict", "0 draw", IllegalActionError, "not an action: '0 draw'"),
]


@pytest.mark.parametrize(("rules", "enforcement", "action", "error", "message"), REFUSED,
                         ids=[f"{r[0][9:] or 'official'}-{r[1]}-{r[2]}" for r in REFUSED])
def test_an_illegal_action_of_each_class_is_refused_with_its_typed_error_and_changes_nothing(
        rules, enforcement, action, error, message):
    g = _position(rules, enforcement)
    before = _state(g)
    assert not g.can(action)
    for call in (g.verify, g.apply):
        with pytest.raises(error) as caught:
            call(action)
        assert type(caught.value) is error and str(caught.value) == message
        assert _state(g) == before


def test_every_action_class_is_refused_by_some_case_above():
    covered = {type(r[2]) for r in REFUSED}
    assert set(ACTION_TABLE) <= covered
    assert {t for t in _rule_classes() if t.__module__.startswith("unokit.")} <= covered


def test_an_action_after_the_hand_is_over_is_refused_whatever_its_class():
    g = Game.from_position(["R1", "Y4 Y5", "G7 G8"], discard="R9", stock="Y1 Y2 Y3")
    g.apply(Play(0, (R1,)))
    assert g.over
    before = _state(g)
    for action in (Draw(1), Play(1, (Card.parse("Y4"),)), Say(1, "gg"), Slap(1), "junk"):
        with pytest.raises(GameOverError, match=r"^the hand is over$"):
            g.apply(action)   # type: ignore[arg-type]
    assert _state(g) == before
