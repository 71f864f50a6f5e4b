"""Bots (only legal answers, view-only, greedy habits) and the simulation harness."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random

import pytest

from unokit.bots import BOTS, Bot, GreedyBot, HumanBot, RandomBot, make_bot, out_of_turn_options, parse_bot_list
from unokit.bots.greedy import bluff_probability
from unokit.core.actions import Action, CatchUno, Challenge, Draw, Play, SayUno
from unokit.core.cards import Card, Color
from unokit.core.errors import ReplayMismatchError, UnoError
from unokit.engine.flow import react_step
from unokit.engine.game import Game
from unokit.engine.view import PlayerView
from unokit.lab.sim import HandResult, derive_seed, play_hand, simulate


class Spy(Bot):
    """Wraps a bot; checks every answer is one of the legal actions and records what it was given."""

    def __init__(self, inner: Bot):
        super().__init__(0)
        self.inner = inner
        self.calls = 0
        self.arg_types: set = set()

    def _check(self, view, legal, answer, may_wait):
        self.calls += 1
        self.arg_types.update({type(view), type(legal)})
        assert isinstance(view, PlayerView) and isinstance(legal, list)
        assert all(isinstance(a, Action) for a in legal)
        if answer is None:
            assert may_wait, "act() must answer"
        else:
            assert answer in legal, f"{self.inner.name} answered {answer}, not in {legal}"
            assert answer.player == view.seat

    def act(self, view, legal):
        assert view.to_act == view.seat
        a = self.inner.act(view, legal)
        self._check(view, legal, a, False)
        return a

    def react(self, view, legal):
        if view.to_act == view.seat:  # the seat in turn is offered only out-of-turn kinds, never a card
            assert not any(type(a) is Play for a in legal)
        a = self.inner.react(view, legal)
        self._check(view, legal, a, True)
        return a


RULESETS = [
    ("UNO 1121", "strict"),
    ("UNO 2212 C-DR-P4-SU-DED", "strict"),
    ("UNO 1111 C-DD-P2 MEM", "table"),
]


@pytest.mark.parametrize("rules,enforcement", RULESETS)
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_only_answer_with_legal_actions(rules, enforcement, kind):
    other = "greedy" if kind == "random" else "random"
    for hand in range(4):
        g = Game.new(players=4, rules=rules, seed=100 + hand, enforcement=enforcement)
        spies = [Spy(make_bot(kind if s % 2 == 0 else other, seed=s)) for s in range(4)]
        r = play_hand(g, spies, rng=random.Random(hand), check=True, max_steps=3000)
        assert r.truncated or g.over
        assert sum(s.calls for s in spies) >= r.actions
        for s in spies:  # a bot is given a view and a list, never the Game
            assert s.arg_types <= {PlayerView, list}


def test_bot_interface_never_takes_the_game():
    for cls in (Bot, RandomBot, GreedyBot):
        for meth in ("act", "react"):
            params = list(inspect.signature(getattr(cls, meth)).parameters)
            assert params == ["self", "view", "legal"], (cls, meth, params)
    assert BOTS["random"] is RandomBot and BOTS["greedy"] is GreedyBot
    assert isinstance(make_bot("human", 1), HumanBot)
    assert isinstance(make_bot("Greedy", 3), GreedyBot)
    with pytest.raises(UnoError, match="unknown bot"):
        make_bot("nope")
    assert parse_bot_list("greedy,random", 3) == ["greedy", "random", "greedy"]
    with pytest.raises(UnoError):
        parse_bot_list("greedy,bogus", 2)


def test_seeded_bots_are_reproducible():
    g = Game.new(players=3, seed=9)
    legal = g.legal_actions(g.to_act)
    a = [RandomBot(5).act(g.view(g.to_act), legal) for _ in range(3)]
    assert len(set(a)) == 1


def test_greedy_says_uno_with_its_next_to_last_card():
    g = Game.from_position(["R1 G2", "G5 G6 G7"], discard="R9")
    a = GreedyBot(0).act(g.view(0), g.legal_actions(0))
    assert isinstance(a, Play) and a.cards == (Card.parse("R1"),) and a.uno
    g.apply(a)
    assert g.uno_said[0] and 0 not in g.catchable


def test_greedy_prefers_a_play_to_drawing_and_names_the_colour_it_holds_most():
    g = Game.from_position(["W B1 B2 G3 B+2", "G5 G6 G7"], discard="R9", stock="Y1 Y2")
    a = GreedyBot(0).act(g.view(0), g.legal_actions(0))
    assert isinstance(a, Play) and a.cards == (Card.parse("W"),) and a.color is Color.BLUE
    # with a coloured card to play it keeps the wild and plays the card
    g = Game.from_position(["W R3 B1 B2", "G5 G6 G7"], discard="R9", stock="Y1 Y2")
    a = GreedyBot(0).act(g.view(0), g.legal_actions(0))
    assert a == Play(0, (Card.parse("R3"),))


def test_greedy_dumps_high_points_among_equal_options():
    g = Game.from_position(["R2 RS Y1 G1", "G5 G6 G7"], discard="R9", stock="Y1 Y2")
    a = GreedyBot(0).act(g.view(0), g.legal_actions(0))
    assert a.cards == (Card.parse("RS"),)


def test_greedy_catches_a_missed_uno_in_turn_and_out_of_turn():
    g = Game.from_position(["R1 R2", "G5 G6 G7", "Y1 Y2 Y3"], discard="R9", stock="B1 B2 B3 B4")
    g.apply(Play(0, (Card.parse("R1"),)))          # no UNO
    assert g.catchable == {0}
    assert GreedyBot(1).act(g.view(1), g.legal_actions(1)) == CatchUno(1, 0)
    assert GreedyBot(2).react(g.view(2), out_of_turn_options(g.legal_actions(2))) == CatchUno(2, 0)


def test_greedy_says_uno_out_of_turn_if_it_forgot():
    g = Game.from_position(["R1 R2", "G5 G6 G7", "Y1 Y2 Y3"], discard="R9", stock="B1 B2 B3 B4")
    g.apply(Play(0, (Card.parse("R1"),)))
    assert GreedyBot(0).react(g.view(0), out_of_turn_options(g.legal_actions(0))) == SayUno(0)


def test_greedy_challenges_a_likely_bluff_and_not_an_impossible_one():
    # seat 0 holds five reds and plays Wild Draw Four on red: a bluff the numbers make likely
    g = Game.from_position(["W+4 R1 R2 R3 R4 R5", "Y1 Y2 Y3", "G1 G2 G3"], discard="R9",
                           stock="B1 B2 B3 B4 B5 B6 B7 B8 B9 Y4 Y5 Y6 G4 G5 G6 R6 R7 R8")
    g.apply(Play(0, (Card.parse("W+4"),), Color.GREEN))
    v = g.view(1)
    assert bluff_probability(v) > 0.5
    assert GreedyBot(1).act(v, g.legal_actions(1)) == Challenge(1)
    # going out with it: no card left, so it cannot be a bluff
    g = Game.from_position(["W+4", "Y1 Y2 Y3", "G1 G2 G3"], discard="R9", stock="B1 B2 B3 B4 B5 B6")
    g.uno_said[0] = True
    g.apply(Play(0, (Card.parse("W+4"),), Color.GREEN))
    assert bluff_probability(g.view(1)) == 0.0
    assert GreedyBot(1).act(g.view(1), g.legal_actions(1)) == Draw(1)


def test_random_bot_react_waits_or_picks_an_option():
    g = Game.from_position(["R1 R2", "G5 G6 G7", "Y1 Y2 Y3"], discard="R9", stock="B1 B2")
    g.apply(Play(0, (Card.parse("R1"),)))
    legal = out_of_turn_options(g.legal_actions(2))
    assert RandomBot(1, wait=1.0).react(g.view(2), legal) is None
    assert RandomBot(1, wait=0.0).react(g.view(2), legal) in legal
    answers = [RandomBot(s).react(g.view(2), legal) for s in range(60)]
    assert None in answers and any(a is not None for a in answers)
    assert RandomBot(1).react(g.view(2), []) is None


# ---------------------------------------------------------------------- harness
def test_play_hand_result():
    g = Game.new(players=4, seed=11)
    bots = [make_bot("greedy", s) for s in range(4)]
    r = play_hand(g, bots, rng=random.Random(1), check=True)
    assert isinstance(r, HandResult) and not r.truncated
    assert r.winner is not None and g.hands[r.winner] == [] and r.points[r.winner] == 0
    assert r.score == sum(r.points) and r.turns > 0 and r.actions >= r.turns and r.steps > 0
    assert sum(r.drawn) == sum(e.detail[0] for e in g.events if e.kind == "draw")
    assert r.record == g.record()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.winner = 3  # type: ignore[misc]


def test_play_hand_truncates_at_max_steps():
    g = Game.new(players=4, seed=11)
    r = play_hand(g, [make_bot("random", s) for s in range(4)], max_steps=3, rng=random.Random(0))
    assert r.truncated and r.winner is None and r.steps == 3 and r.score == 0


def test_play_hand_needs_one_bot_per_seat():
    with pytest.raises(UnoError):
        play_hand(Game.new(players=3, seed=1), [make_bot("random")])


def test_react_step_applies_at_most_one_reaction_and_ignores_answers_for_other_seats():
    class Imposter(Bot):
        def react(self, view, legal):
            return CatchUno((view.seat + 1) % view.players, 0)  # acts for another seat

    g = Game.from_position(["R1 R2", "G5 G6 G7", "Y1 Y2 Y3", "B1 B2 B3"], discard="R9", stock="B4 B5 B6 B7")
    g.apply(Play(0, (Card.parse("R1"),)))
    assert react_step(g, {2: Imposter(0)}, random.Random(0)) is None
    assert g.catchable == {0}
    bots = {s: GreedyBot(s) for s in (1, 2, 3)}
    done = react_step(g, bots, random.Random(0))
    assert isinstance(done, CatchUno) and done.target == 0
    assert len(g.hands[0]) == 3 and sum(1 for e in g.events if e.kind == "caught") == 1


def test_simulate_is_seeded_and_consistent():
    a = simulate(12, players=3, bots="greedy,random", seed=7, check=True, progress=False)
    b = simulate(12, players=3, bots="greedy,random", seed=7, check=False, progress=False)
    c = simulate(12, players=3, bots="greedy,random", seed=8, progress=False)
    strip = lambda s: {k: v for k, v in s.items() if k not in ("seconds", "hands_per_second", "checked", "engine")}
    assert strip(a) == strip(b) and strip(a) != strip(c)
    assert a["hands"] == 12 and sum(a["wins_by_seat"]) + a["truncated"] == 12
    assert a["turns"]["mean"] > 0 and a["turns"]["min"] <= a["turns"]["median"] <= a["turns"]["max"]
    assert sum(b["wins"] for b in a["wins_by_bot"].values()) == sum(a["wins_by_seat"])
    assert a["bots"] == ["greedy", "random", "greedy"]
    json.dumps(a)  # JSON-ready
    assert derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)


def test_simulate_check_replays_every_record(monkeypatch):
    import unokit.engine.playback

    def broken(rec, check=True):
        raise ReplayMismatchError("tampered")

    monkeypatch.setattr(unokit.engine.playback, "replay", broken)
    with pytest.raises(ReplayMismatchError):
        simulate(1, players=2, seed=1, check=True, progress=False)
    simulate(1, players=2, seed=1, check=False, progress=False)  # no replay without check


def test_simulate_writes_records(tmp_path):
    from unokit.engine.playback import replay
    s = simulate(3, players=2, bots="greedy", seed=2, progress=False, record_dir=tmp_path)
    files = sorted(tmp_path.glob("hand-*.json"))
    assert len(files) == 3 and s["hands"] == 3
    g = replay(json.loads(files[0].read_text()), check=True)
    assert g.over


def test_simulate_rejects_bad_arguments():
    with pytest.raises(UnoError):
        simulate(1, rules="UNO 1121 XYZ", progress=False)
    with pytest.raises(UnoError):
        simulate(1, bots="nobody", progress=False)
