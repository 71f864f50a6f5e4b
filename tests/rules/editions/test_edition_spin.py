"""SPIN: UNO Spin (003 §UNO Spin): after a Spin card the next player spins the wheel (seeded chance).

Seats 0, 1, 2... are A, B, C...
"""

from __future__ import annotations

import random
from collections import Counter

from conftest import A, B, C, assert_replays, hand, play, play_at_random, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.actions import ChooseColor, Discard
from unokit.core.cards import Card, Color
from unokit.core.chance import ScriptedChance
from unokit.core.decks import build_deck
from unokit.engine.game import Game, Phase
from unokit.rules.editions.spin import WHEEL

SP = "UNO SPIN"


def spun(space, hands, discard="R9", stock=""):
    """A position where A plays a Spin card and the wheel stops on ``space``."""
    g = Game.from_position(hands, discard, stock, rules=SP)
    g.chance = ScriptedChance([WHEEL.index(space)])
    return g


def test_SPIN_deck_marks_one_of_each_1_to_5_per_colour():
    n = Counter(c.code for c in build_deck("spin"))
    assert sum(n.values()) == 108 and sum(v for k, v in n.items() if k.endswith("S") and k[1].isdigit()) == 20
    assert n["R3S"] == 1 and n["R3"] == 1 and n["R7"] == 2


def test_SPIN_a_spin_card_matches_and_scores_as_its_number():
    c = Card.parse("G3S")
    assert c.number == 3 and c.points == 3
    g = Game.from_position(["G3S R5", "Y1 Y2"], "B3", rules=SP)
    assert g.can_play_alone(A, c)


def test_SPIN_almost_uno_the_spinner_discards_all_but_two():
    g = spun("almost-uno", ["R3S R5", "G1 G2 G3 G4 G5", "Y1 Y2"])
    play(g, A, "R3S")
    assert g.phase == Phase.FREE_DISCARD and g.to_act == B
    for c in ("G1", "G2", "G3"):
        g.apply(Discard(B, Card.parse(c)))
    assert hand(g, B) == ["G4", "G5"] and g.current == C and g.top.code == "R3S"


def test_SPIN_discard_colour_the_spinner_names_it():
    g = spun("discard-color", ["R3S R5", "G1 G2 B3 G4", "Y1 Y2"])
    play(g, A, "R3S")
    assert g.phase == Phase.COLOR and g.to_act == B
    g.apply(ChooseColor(B, Color.GREEN))
    assert hand(g, B) == ["B3"] and g.current == C


def test_SPIN_discard_number_the_number_held_most():
    g = spun("discard-number", ["R3S R5", "G1 Y1 B3 G3 Y3", "Y6 Y2"])
    play(g, A, "R3S")
    assert hand(g, B) == ["G1", "Y1"] and g.current == C


def test_SPIN_a_spinner_who_discards_the_last_card_wins():
    g = spun("discard-color", ["R3S R5", "G1 G2", "Y1 Y2"])
    play(g, A, "R3S")
    g.apply(ChooseColor(B, Color.GREEN))
    assert g.over and g.winner == B


def test_SPIN_draw_red_trade_hands_and_show_hand():
    g = spun("draw-red", ["R3S R5", "G1", "Y1 Y2"], stock="B1 G7 R2 Y4")
    play(g, A, "R3S")
    assert hand(g, B) == ["G1", "B1", "G7", "R2"] and g.current == C
    g = spun("trade-hands", ["R3S R5", "G1", "Y1 Y2"])
    play(g, A, "R3S")
    assert [hand(g, s) for s in range(3)] == [["Y1", "Y2"], ["R5"], ["G1"]]
    g = spun("show-hand", ["R3S R5", "G1 G2", "Y1 Y2"])
    play(g, A, "R3S")
    assert (None, B, tuple(Card.parse(c) for c in ("G1", "G2"))) in g.reveals and sizes(g) == [1, 2, 2]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), extra=st.sampled_from(["", " C", " P4", " T"]))
def test_SPIN_random_games_keep_every_card_in_one_place_and_replay_the_wheel(seed, players, extra):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=SP + extra, seed=seed)
    play_at_random(g, rng, 300, ("play", "discard", "color"))
    assert_replays(g)


def test_SPIN_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=SP, players=2, hands=80, seed=6, jobs=1, progress=False)
    assert res["win_rate"]["strategist"]["lo"] > 0.5, res["win_rate"]
