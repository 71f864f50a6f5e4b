"""Each action class declares its decision window (issue 25, point 1: one decision flow).

Who may take an action, and when, is stated once, on the action's class (``Action.window``), and every
consumer (the simulation harness, the RL environment, the table, the teaching mode, the search bot)
asks it, instead of keeping its own list of classes. The ADDUP ``doubtsum`` was in neither of the
old lists, so the search bot never considered challenging a sum.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from unokit.bots.base import is_out_of_turn, is_turn_action, out_of_turn_options, turn_options
from unokit.bots.search import SearchBot, _in_turn
from unokit.core.actions import ACTIONS, WINDOWS, Action, register_action
from unokit.core.errors import UnoError
from unokit.engine.game import Game
from unokit.rules.extras import ChallengeSum


def test_every_registered_action_declares_one_of_the_windows():
    assert {verb: cls.window for verb, cls in ACTIONS.items()} == {
        "play": "both",
        "draw": "turn", "pass": "turn", "color": "turn", "challenge": "turn", "discard": "turn", "doubtsum": "turn",
        "uno": "reaction", "catch": "reaction", "accuse": "reaction", "notice": "reaction", "slap": "reaction",
        "doubt": "reaction", "unready": "reaction",
        "say": "talk", "hint": "talk",
    }
    assert all(cls.window in WINDOWS for cls in ACTIONS.values())


def test_a_class_with_an_unknown_window_is_refused():
    @dataclass(frozen=True)
    class Shout(Action):
        player: int
        kind = verb = "shout"
        window = "whenever"

    with pytest.raises(UnoError, match="window must be one of turn, reaction, both, talk"):
        register_action(Shout)
    assert "shout" not in ACTIONS


def sum_played() -> Game:
    """ADDUP: seat 0 plays R3 R4 on a red 7 (holding R9: a bluff); seat 1 is next and may challenge."""
    g = Game.from_position(["R3 R4 R9 G1", "B1 B2 B3 G5"], "R7", "Y1 Y2 Y3 Y4 Y5 Y6", rules="UNO 1121 ADDUP",
                           current=0)
    g.apply(Action.parse("0 play R3 R4"))
    return g


def test_ADDUP_doubtsum_is_a_decision_of_the_seat_in_turn_for_every_consumer():
    g = sum_played()
    legal = g.legal_actions(1)
    assert ChallengeSum(1) in legal
    assert is_turn_action(ChallengeSum(1)) and not is_out_of_turn(ChallengeSum(1))
    assert ChallengeSum(1) in turn_options(legal) and ChallengeSum(1) not in out_of_turn_options(legal)


def test_ADDUP_the_search_bot_considers_challenging_the_sum():
    """The bug: the search bot's in-turn list dropped ``doubtsum`` (in neither of the old class lists)."""
    g = sum_played()
    assert ChallengeSum(1) in _in_turn(g.legal_actions(1), g.phase.name)
    bot = SearchBot(seed=3)
    choice = bot.act(g.view(1), g.legal_actions(1))
    assert choice in g.legal_actions(1)
