"""SearchBot (ISMCTS) and its determinizer: legal, reproducible, honest, and stronger than random."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from unokit.actions import Challenge, Draw, Pass, Play, SayUno
from unokit.bots import BOTS, GreedyBot, RandomBot, make_bot
from unokit.bots.determinize import Determinizer, guess_deck
from unokit.bots.search import (SEARCH_BOTS, SearchBot, fast_rollout, fast_rollout_ok, prune_actions,
                                rollout_action, turn_actions)
from unokit.cards import Card, Color, parse_cards
from unokit.game import Game, Phase
from unokit.sim import derive_seed, play_hand
from unokit.view import PlayerView

from .conftest import new_game


def _midgame(seed: int, players: int = 2, rules: str = "UNO 1121", steps: int | None = None) -> Game:
    """A hand played some way by greedy bots (never over)."""
    rng = random.Random(seed)
    while True:
        g = Game.new(players=players, rules=rules, seed=seed)
        bots = [GreedyBot(s) for s in range(players)]
        for _ in range(rng.randrange(0, 30) if steps is None else steps):
            if g.over:
                break
            p = g.to_act
            g.apply(bots[p].act(g.view(p), g.legal_actions(p)))
        if not g.over:
            return g
        seed += 1000


# ---------------------------------------------------------------------- determinizer
def test_samples_respect_what_the_seat_sees():
    for seed in range(6):
        g = _midgame(seed, players=2 + seed % 3)
        me = g.to_act
        v = g.view(me)
        d = Determinizer(v)
        deck = Counter(c.code for c in Game.new(players=2, seed=0)._deck_cards)
        for k in range(5):
            s = d.sample(random.Random(k))
            assert s.hands[me] == list(v.hand)
            assert [len(h) for h in s.hands] == list(v.hand_sizes)
            assert s.discard == list(v.discard) and s.color is v.color and s.direction == v.direction
            assert len(s.stock) == v.stock_size and s.to_act == me and s.phase.name == v.phase
            held = Counter(c.code for h in s.hands for c in h) + Counter(c.code for c in s.stock + s.discard)
            assert held == deck  # every card of the classic deck exactly once
            assert s.legal_actions(me) == g.legal_actions(me)


def test_determinizer_never_sees_the_game_and_depends_only_on_the_view():
    import inspect
    assert list(inspect.signature(Determinizer.__init__).parameters)[:2] == ["self", "view"]
    a = Game.from_position(["R1 G2 B3", "Y4 Y5 Y6 Y7"], "R9", "G1 G2 G3 B7 B8")
    b = Game.from_position(["R1 G2 B3", "W W+4 B7 B8"], "R9", "Y4 Y5 Y6 Y7 G1")
    assert a.view(0) == b.view(0)
    sa = Determinizer(a.view(0)).sample(random.Random(3))
    sb = Determinizer(b.view(0)).sample(random.Random(3))
    assert sa.hands == sb.hands and sa.stock == sb.stock


def test_deck_guess_and_unseen_cards():
    g = Game.new(players=3, seed=2)
    v = g.view(0)
    assert guess_deck(v) == ("classic", 1, False)
    d = Determinizer(v)
    assert len(d.unseen) == 108 - len(v.hand) - len(v.discard)
    g = Game.new(players=2, seed=2, deck="ohana")
    assert guess_deck(g.view(0))[0] == "ohana"
    assert guess_deck(Game.new(players=12, seed=2, decks=2).view(0))[:2] == ("classic", 2)


def test_a_draw_instead_of_a_play_is_read_as_no_playable_card():
    # seat 1 draws with R9 on top: it held no red, no 9 and no wild (the card drawn is the exception)
    g = Game.from_position(["G1 G2 G3", "B1 B2 B3 B4"], "R9", "Y5 Y6 Y7 Y8 Y9 G5 G6 G7")
    g.apply(Play(0, (Card.parse("G1"),)))  # a green card on a red 9?  not legal: use a legal line instead
