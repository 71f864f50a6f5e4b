"""ALLWILD: UNO All Wild! (003 §UNO All Wild!): every card a wild, the game decided by the actions.

Seats 0, 1, 2... are A, B, C...; "left" of a seat is the next seat (+1).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import A, B, C, D, assert_refused, assert_replays, draw, hand, mk_play, play, play_at_random, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.decks import build_deck
from unokit.core.errors import CardNotPlayableError, IllegalActionError, RuleConflictError
from unokit.engine.game import Game, Phase
from unokit.rules import RuleSet

AW = "UNO ALLWILD"


def pos(hands, discard="W", stock="", **kw) -> Game:
    return Game.from_position(hands, discard, stock, rules=AW, **kw)


def test_ALLWILD_deck_is_112_wild_cards_as_listed():
    deck = build_deck("allwild")
    n = Counter(c.code for c in deck)
    assert len(deck) == 112 and all(c.is_wild for c in deck)
    assert n == {"W": 28, "WR": 12, "WS": 12, "WS2": 12, "WFS": 12, "W+2": 12, "WT+2": 12, "W+4": 12}


def test_ALLWILD_scores_a_wild_20_and_an_action_wild_50():
    g = pos(["WS", "W W+2 WFS"])
    play(g, A, "WS")
    assert g.over and g.events[-1].points == 20 + 50 + 50


def test_ALLWILD_any_card_plays_on_any_and_names_no_colour():
    g = pos(["W+2 WS W", "W W", "W W"], discard="WT+2")
    assert all(a.color is None for a in g.legal_actions(A) if a.kind == "play")
    assert_refused(g, mk_play(A, "W", "R"), IllegalActionError)
    play(g, A, "W")
    assert g.current == B


def test_ALLWILD_game_deals_from_its_deck_with_a_dealer_by_lot():
    g = Game.new(players=10, rules=AW, seed=4)
    assert g.deck_name == "allwild" and sum(sizes(g)) == 70 and g.phase == Phase.PLAY
    assert g.setup["dealer_draws"] == []


def test_ALLWILD_parser_refuses_the_rules_that_read_colours_or_numbers():
    assert RuleSet.parse("uno allwild p4").code == "UNO 1121 P4-ALLWILD"
    for bad in ("UNO ALLWILD T", "UNO ALLWILD FL", "UNO ALLWILD DR", "UNO ALLWILD NOMERCY"):
        with pytest.raises(RuleConflictError):
            RuleSet.parse(bad)


def test_ALLWILD_skip_two_skips_the_next_two_players():
    g = pos(["WS2 W", "W W", "W W", "W W"])
    play(g, A, "WS2")
    assert g.current == D
    g2 = pos(["WS2 W W", "W W"])                                           # two players: play again
    play(g2, A, "WS2")
    assert g2.current == A


def test_ALLWILD_reverse_turns_and_acts_as_a_skip_with_two():
    g = pos(["WR W", "W W", "W W", "W W"])
    play(g, A, "WR")
    assert g.direction == -1 and g.current == D
    g2 = pos(["WR W W", "W W"])
    play(g2, A, "WR")
    assert g2.current == A and g2.direction == 1


def test_ALLWILD_targeted_draw_two_hits_the_chosen_player_who_keeps_the_turn():
    g = pos(["WT+2 W", "W W", "W W"], stock="W W WS WS")
    assert_refused(g, mk_play(A, "WT+2"), CardNotPlayableError)            # it must name a player
    play(g, A, "WT+2", target=C)
    assert sizes(g) == [1, 2, 4] and g.current == B and g.phase == Phase.PLAY


def test_ALLWILD_forced_swap_is_obligatory_and_swaps_hands():
    g = pos(["WFS W W", "WS", "W+2 W+4 W"])
    assert_refused(g, mk_play(A, "WFS"), CardNotPlayableError)
    play(g, A, "WFS", target=C)
    assert hand(g, A) == ["W+2", "W+4", "W"] and hand(g, C) == ["W", "W"]
    g2 = pos(["WFS", "WS", "W"])                                          # the last card: nothing to swap
    play(g2, A, "WFS")
    assert g2.over and g2.winner == A


def test_ALLWILD_draw_cards_make_the_next_player_draw_without_challenge():
    g = pos(["W+4 W", "W W", "W W"], stock="W W W W")
    play(g, A, "W+4")
    assert g.phase == Phase.PENDING and not any(a.kind == "challenge" for a in g.legal_actions(B))
    draw(g, B)
    assert sizes(g)[B] == 6 and g.current == C
    g2 = Game.from_position(["W+2 W", "W+4 W", "W W"], "W", "W W W W W W", rules="UNO ALLWILD P4")
    play(g2, A, "W+2")
    play(g2, B, "W+4")                                                     # P4: a +4 answers a +2
    assert g2.pending == 6 and g2.current == C


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10),
       extra=st.sampled_from(["", " C", " P4", " JUMPIN", " SAT", " MEM-PRE"]))
def test_ALLWILD_random_games_keep_every_card_in_one_place_and_replay(seed, players, extra):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=AW + extra, seed=seed)
    play_at_random(g, rng, 400)
    assert_replays(g, events=False)


def test_ALLWILD_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=AW, players=2, hands=60, seed=5, jobs=1, progress=False)
    rate = res["win_rate"]["strategist"]
    # draw cards make up a third of the deck: a rare hand outlasts the step cap (counted, not scored)
    assert res["finished"] >= 115 and rate["lo"] > 0.5, rate
