"""EXTREME: UNO Extreme! (003 §UNO Extreme!): the launcher (0-8 random cards per press) as seeded chance.

Seats 0, 1, 2... are A, B, C...
"""

from __future__ import annotations

import random
from collections import Counter

from conftest import A, B, C, assert_replays, play, play_at_random, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.cards import Card
from unokit.core.chance import ScriptedChance
from unokit.core.decks import build_deck
from unokit.engine.game import Game
from unokit.rules.editions.extreme import LAUNCHER, launcher_mean

EX = "UNO EXTREME"


def scripted(hands, discard, stock, rolls):
    """A position whose launcher presses come out as ``rolls`` (each a randint(0, 99) outcome)."""
    g = Game.from_position(hands, discard, stock, rules=EX)
    g.chance = ScriptedChance(list(rolls))
    return g


def test_EXTREME_deck_is_the_classic_with_hit_two_and_wild_hit():
    n = Counter(c.code for c in build_deck("extreme"))
    assert sum(n.values()) == 120 and n["WH"] == 4 and all(n[f"{c}X2"] == 2 for c in "RYGB")
    assert n["W+4"] == 4 and n["R+2"] == 2                                     # the classic cards stay
    assert Card.parse("RX2").index == 80 and Card.parse("WT+2").index == 79    # earlier indices never move


def test_EXTREME_launcher_odds_are_stated_once():
    assert sum(LAUNCHER) == 100 and len(LAUNCHER) == 9 and launcher_mean() == 1.7


def test_EXTREME_hit_two_makes_the_next_player_press_twice_and_lose_the_turn():
    # rolls 45 -> 1 card (40 <= 45 < 60), 65 -> 2 cards (60 <= 65 < 72)
    g = scripted(["RX2 R5", "G1 G2", "Y1 Y2"], "R9", "B1 B2 B3 B4 B5", [45, 65])
    play(g, A, "RX2")
    assert sizes(g) == [1, 5, 2] and g.current == C
    ev = next(e for e in g.events if e.kind == "launcher")
    assert (ev.player, ev.presses, ev.count) == (B, 2, 3)


def test_EXTREME_wild_hit_presses_until_cards_come_out():
    g = scripted(["WH R5", "G1 G2", "Y1 Y2"], "R9", "B1 B2 B3 B4 B5 B6 B7 B8 B9", [0, 39, 99])   # 0, 0, then 8
    play(g, A, "WH", "G")
    ev = next(e for e in g.events if e.kind == "launcher")
    assert (ev.presses, ev.count) == (3, 8) and sizes(g) == [1, 10, 2]
    assert g.current == C and g.color.letter == "G"


def test_EXTREME_a_last_hit_two_still_makes_the_victim_press():
    g = scripted(["RX2", "G1 G2", "Y1 Y2"], "R9", "B1 B2 B3 B4 B5 B6 B7 B8 B9", [99, 0])
    play(g, A, "RX2")
    assert g.over and g.winner == A and sizes(g)[B] == 2 + 8


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), extra=st.sampled_from(["", " P2", " C", " SAT"]))
def test_EXTREME_random_games_keep_every_card_in_one_place_and_replay_the_launcher(seed, players, extra):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=EX + extra, seed=seed)
    play_at_random(g, rng, 300)
    assert_replays(g)


def test_EXTREME_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=EX, players=2, hands=60, seed=2, jobs=1, progress=False)
    assert res["win_rate"]["strategist"]["lo"] > 0.5, res["win_rate"]
