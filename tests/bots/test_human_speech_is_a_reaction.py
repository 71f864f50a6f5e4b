"""The human-error bots' lines are reactions (docs/bots.md, Baselines): a ``HumanBot`` talks or apologises only when
the harness offers it an out-of-turn option, and a bot without a ``reaction_delay`` answers first (at once), so beside
one that catches the human seats are never asked and say nothing; the same seats talk at a table of human-error bots
only, or beside a bot that never catches."""

from __future__ import annotations

import random

import pytest

from unokit.bots import make_bot
from unokit.bots.human import HumanBot
from unokit.core.actions import CatchUno, Say
from unokit.engine.game import Game
from unokit.lab.sim import derive_seed, play_hand

CHATTY = {"forget_uno": 0.3, "talk": 0.9, "apologise": 1.0, "reaction": 0.6}
DEALS = range(6)


class CountingHuman(HumanBot):
    """A HumanBot that counts how often the harness asks it to react."""

    asked = 0

    def react(self, view, legal):
        CountingHuman.asked += 1
        return super().react(view, legal)


def _play(lineup: list[str], deal: int) -> Game:
    bots = []
    for s, name in enumerate(lineup):
        seed = derive_seed(deal, s, "bot")
        inner = name.removeprefix("human:")
        bots.append(CountingHuman(make_bot(inner, seed), seed=seed + 7919, **CHATTY) if name != inner
                    else make_bot(name, seed))
    g = Game.new(players=len(lineup), seed=deal)
    play_hand(g, bots, rng=random.Random(derive_seed(deal, 0, "harness")), record=False)
    return g


@pytest.mark.parametrize("instant", ["greedy", "random-play", "strategist"])
def test_human_bots_silent_beside_a_bot_without_delay_because_it_answers_every_reaction_first(instant):
    CountingHuman.asked = 0
    lineup = [instant, "human:greedy", "human:random-play", "human:greedy"]
    games = [_play(lineup, d) for d in DEALS]
    catches = [a for g in games for _, a in g.actions if type(a) is CatchUno]
    assert catches, "the forgetful human seats must open catch windows"
    assert all(a.player == 0 for a in catches)              # the instant seat closes every window
    assert CountingHuman.asked == 0                          # so no human seat is ever asked to react
    assert not [a for g in games for _, a in g.actions if type(a) is Say]


@pytest.mark.parametrize("first", ["human:greedy", "rlcard-rule"])
def test_human_bots_talk_when_no_seat_takes_the_catch_before_them(first):
    """At a table of human-error bots, or beside a bot that never catches (RLCard's rule agent), they are asked."""
    CountingHuman.asked = 0
    lineup = [first, "human:greedy", "human:random-play", "human:greedy"]
    said = [a for d in DEALS for _, a in _play(lineup, d).actions if type(a) is Say]
    assert CountingHuman.asked > 0
    assert len(said) >= 10 and {a.player for a in said} >= {1, 2, 3}
