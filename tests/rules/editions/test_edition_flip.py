"""FLIP: UNO Flip (003 §UNO Flip): double-sided cards, a light and a dark side, the Flip card.

Seats 0, 1, 2... are A, B, C... Positions name physical cards as ``light/dark`` pairs of the deck
(``R9/O2``: red 9 in play, orange 2 on its back); the game starts on the light side.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from conftest import A, B, C, assert_refused, assert_replays, hand, mk_play, play, play_at_random, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.actions import Challenge, ChooseColor, Draw
from unokit.core.cards import COLORS, DARK_COLORS, Card, Color, FlipCard, plain
from unokit.core.decks import FLIP_DARK, FLIP_LIGHT, build_deck
from unokit.core.errors import RuleCodeError
from unokit.engine.compose import complete
from unokit.engine.game import Game, Phase
from unokit.engine.playback import replay
from unokit.engine.record import dumps, loads
from unokit.rules import RuleSet
from unokit.rules.editions.flip import side

FL = "UNO FLIP"


def test_FLIP_deck_has_112_double_sided_cards_each_side_as_published():
    deck = build_deck("flip")
    assert len(deck) == 112 and all(type(c) is FlipCard for c in deck)
    assert Counter(c.up.code for c in deck) == Counter(dict(FLIP_LIGHT))
    assert Counter(c.down.code for c in deck) == Counter(dict(FLIP_DARK))
    light = Counter(c.up.code for c in deck)
    assert light["R5"] == 2 and light["R+1"] == 2 and light["RF"] == 2 and light["W+2"] == 4 and "R0" not in light
    dark = Counter(c.down.code for c in deck)
    assert dark["P+5"] == 2 and dark["VSA"] == 2 and dark["WDC"] == 4 and dark["TF"] == 2
    assert {c.down.color for c in deck} - {None} == set(DARK_COLORS)


def test_FLIP_each_side_scores_its_own_points():
    g = Game.from_position(["R3/P2", "R+1/O2 W+2/P+5 W/O6 R7/T+5"], "R9/O2", rules=FL)
    assert g.hand_points(B) == 10 + 50 + 40 + 7
    play(g, A, "R3")   # A goes out on the light side
    assert g.over and g.winner == A and g.events[-1].points == 107
    g = Game.from_position(["RF/P9", "W/WDC Y1/PSA W+2/P+5 G4/T7"], "R9/O2", rules=FL)
    play(g, A, "RF")   # out with a Flip: the hand is scored on the dark side
    assert g.over and g.events[-1].points == 60 + 30 + 20 + 7


def test_FLIP_a_flip_card_turns_every_hand_and_both_piles_over():
    g = Game.from_position(["RF/P9 R1/V1", "B5/T8 Y2/V6", "G6/V5"], ["R9/O2", "R3/P2"],
                           stock="G1/O4 B1/O5", rules=FL)
    play(g, A, "RF")
    assert side(g) == "dark" and g.colors == DARK_COLORS
    assert hand(g, A) == ["V1"] and hand(g, B) == ["T8", "V6"] and hand(g, C) == ["V5"]
    # the discard pile turned over as a whole: its bottom card (R9/O2) is now on top, dark side up
    assert [c.code for c in g.discard] == ["P9", "P2", "O2"] and g.top.code == "O2" and g.color == Color.ORANGE
    # the draw pile too: the card that was at its bottom is drawn next
    assert [c.code for c in reversed(g.stock)] == ["O5", "O4"]
    assert g.events[-1].kind == "flip" and g.events[-1].side == "dark" and g.current == B
    g.check_invariants()


def test_FLIP_a_second_flip_brings_the_light_side_back():
    g = Game.from_position(["RF/P9 R1/V1", "R8/O7 Y2/V6", "GF/OF G6/V5"], "R9/O2", rules=FL)
    play(g, A, "RF")          # dark: the pile P9 O2, orange 2 on top
    play(g, B, "O7")
    play(g, C, "OF")          # an orange Flip: the pile P9 O2 O7 OF turns over to light
    assert side(g) == "light" and g.colors == COLORS
    assert [c.code for c in g.discard] == ["GF", "R8", "R9", "RF"] and g.color == Color.RED
    assert hand(g, A) == ["R1"] and hand(g, B) == ["Y2"] and hand(g, C) == ["G6"]
    g.check_invariants()


def test_FLIP_views_hide_your_backs_and_show_the_others_backs():
    g = Game.from_position(["RF/P9 R1/V1", "B5/T8 Y2/V6", "G6/V5"], "R9/O2", stock="G1/O4 B1/O5", rules=FL)
    v = g.view(A)
    assert v.side == "light" and [c.code for c in v.hand] == ["RF", "R1"]
    assert dict(v.backs) == {B: (Card.parse("T8"), Card.parse("V6")), C: (Card.parse("V5"),)}
    assert A not in dict(v.backs) and v.stock_back == Card.parse("O4")
    spectator = g.view(None)
    assert dict(spectator.backs)[A] == (Card.parse("P9"), Card.parse("V1"))
    # nothing a seat is handed is a physical card (its back would be readable)
    for seat in (A, B, C, None):
        v = g.view(seat)
        assert all(type(c) is Card for c in v.hand + v.discard + (v.top,))
    assert all(type(c) is Card for a in g.legal_actions(A) if a.kind == "play" for c in a.cards)


def test_FLIP_two_positions_differing_only_in_your_own_backs_look_the_same_to_you():
    g1 = Game.from_position(["R1/V1 R2/T4", "B5/T8"], "R9/O2", rules=FL)
    g2 = Game.from_position(["R1/V7 R2/V2", "B5/T8"], "R9/O2", rules=FL)
    assert g1.view(A) == g2.view(A)
    assert g1.view(B) != g2.view(B)     # B sees A's backs


def test_FLIP_two_copies_of_a_face_are_chosen_by_the_referee_the_first_held():
    g = Game.from_position(["R1/V7 R1/V1 G4/T1", "B5/T8"], "R9/O2", rules=FL)
    play(g, A, "R1")
    assert g.discard[-1].pair == "R1/V7" and [c.pair for c in g.hands[A]] == ["R1/V1", "G4/T1"]


def test_FLIP_draw_one_makes_the_next_player_draw_one_and_lose_the_turn():
    g = Game.from_position(["R+1/O2 R2/T4", "B5/T8", "G6/V5"], "R9/O2", stock="G1/O4", rules=FL)
    play(g, A, "R+1")
    assert g.phase == Phase.PENDING and g.pending == 1
    g.apply(Draw(B))
    assert hand(g, B) == ["B5", "G1"] and g.current == C


def test_FLIP_dark_draw_five_and_skip_everyone():
    g = Game.from_position(["RF/P9 R1/V1", "G8/O+5 Y2/V6", "G6/V5", "G1/OSA Y4/P1 Y5/TSA"], "R9/O2",
                           stock=" ".join(c.pair for c in build_deck("flip")[-8:]), rules=FL)
    play(g, A, "RF")          # dark: orange 2 on top
    play(g, B, "O+5")
    assert g.phase == Phase.PENDING and g.pending == 5 and g.current == C
    g.apply(Draw(C))
    assert sizes(g)[C] == 6 and g.current == 3
    play(g, 3, "OSA")         # Skip Everyone: every other player skipped, D plays again
    assert g.current == 3 and g.phase == Phase.PLAY


def test_FLIP_wild_names_a_colour_of_the_side_in_play():
    g = Game.from_position(["W/O6 R2/T4", "B5/T8"], "R9/O2", rules=FL)
    assert_refused(g, mk_play(A, "W", "P"))
    g = Game.from_position(["RF/P9 R1/V1", "B5/W Y2/V6"], "R9/O2", rules=FL)
    play(g, A, "RF")          # dark: B holds a Wild (the back of B5) and V6
    assert_refused(g, mk_play(B, "W", "R"))
    assert {a.color for a in g.legal_actions(B) if a.kind == "play" and a.cards[0].is_wild} == set(DARK_COLORS)
    play(g, B, "W", "T")
    assert g.color == Color.TEAL


def test_FLIP_wild_draw_colour_victim_draws_until_the_colour_comes():
    # A flips to dark, then B plays the Wild Draw Colour naming teal; C draws until a teal card comes
    g = Game.from_position(["RF/P9 R1/V1", "BR/WDC G3/P+5", "G6/V5", "Y3/P2"], "R9/O2",
                           stock="G1/O4 B1/O5 B2/T1 B3/T9", rules=FL)
    play(g, A, "RF")                 # dark; the stock is turned over: T9 T1 O5 O4 from the top
    play(g, B, "WDC", "T")           # P+5 is not orange: the Wild Draw Colour is legal
    assert g.phase == Phase.PENDING and g.current == C and Challenge(C) in g.legal_actions(C)
    g.apply(Draw(C))
    assert hand(g, C) == ["V5", "T9"]   # teal at once: one card
    assert g.current == 3
    g.check_invariants()


def test_FLIP_wild_draw_colour_draws_through_other_colours():
    g = Game.from_position(["RF/P9 R1/V1", "BR/WDC G3/P+5", "G6/V5", "Y3/P2"], "R9/O2",
                           stock="G1/O4 B1/O5 B2/T1 B3/T9", rules=FL)
    play(g, A, "RF")
    play(g, B, "WDC", "O")
    g.apply(Draw(C))
    assert hand(g, C) == ["V5", "T9", "T1", "O5"] and g.current == 3


def test_FLIP_wild_draw_colour_bluff_caught_its_player_draws_until_the_colour():
    g = Game.from_position(["RF/P9 R1/V1", "BR/WDC R9/O9", "G6/V5", "Y3/P2"], ["Y9/OR", "R3/P2"],
                           stock="G1/O4 B1/O5 B2/T1 B3/T9", rules=FL)
    play(g, A, "RF")                 # dark: top OR; B holds WDC and O9, an orange card: a bluff
    play(g, B, "WDC", "O")
    g.apply(Challenge(C))
    assert hand(g, B) == ["O9", "T9", "T1", "O5"] and g.current == C and g.phase == Phase.PLAY


def test_FLIP_wild_draw_colour_wrong_challenge_draws_until_the_colour_and_two_more():
    g = Game.from_position(["RF/P9 R1/V1", "BR/WDC G3/P+5", "G6/V5", "Y3/P2"], "R9/O2",
                           stock="G1/O4 B1/O5 B2/T1 B3/T9 B4/P3 B5/T8", rules=FL)
    play(g, A, "RF")                 # the stock from the top: T8 P3 T9 T1 O5 O4
    play(g, B, "WDC", "T")
    g.apply(Challenge(C))            # innocent: T8 is teal at once, then 2 more
    assert hand(g, C) == ["V5", "T8", "P3", "T9"] and g.current == 3


def test_FLIP_wild_draw_two_is_challenged_as_a_wild_draw_four():
    g = Game.from_position(["W+2/T3 R1/V1", "B5/T8 Y2/V6", "G6/V5"], "R9/O2", stock="G1/O4 B1/O5 B2/T1", rules=FL)
    play(g, A, "W+2", "G")           # A holds a red card: a bluff
    g.apply(Challenge(B))
    assert hand(g, A) == ["R1", "G1", "B1"] and g.current == B and g.pending == 0


def test_FLIP_a_wild_turned_up_by_a_flip_is_coloured_by_the_next_player():
    g = Game.from_position(["YF/O3 R1/V1", "B5/T8 Y2/V6", "G6/V5"], ["W+2/W", "Y9/OR"], rules=FL)
    play(g, A, "YF")
    assert g.top.code == "W" and g.phase == Phase.COLOR and g.to_act == B
    assert_refused(g, ChooseColor(B, Color.RED))
    g.apply(ChooseColor(B, Color.TEAL))
    assert g.color == Color.TEAL and g.phase == Phase.PLAY and g.current == B


def test_FLIP_the_parser_refuses_stacking_and_face_down_plays_with_a_reason():
    for code in ("UNO FLIP P4", "UNO FLIP DED", "UNO FLIP NOMERCY"):
        with pytest.raises(RuleCodeError):
            RuleSet.parse(code)


def test_FLIP_cards_notation_round_trips_and_pickles():
    c = Card.parse("r5/t+5")
    assert c.pair == "R5/T+5" and Card.parse(c.pair) is c and pickle.loads(pickle.dumps(c)) is c
    assert c.flipped.flipped is c and plain(c) is Card.parse("R5") and c == Card.parse("R5") and hash(c) == hash(c.up)
    assert Color.parse("V") == Color.PURPLE and Color.parse("violet") == Color.PURPLE and Card.parse("VSA").name == "purple Skip Everyone"
    assert COLORS == (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)


def test_FLIP_a_record_keeps_the_backs_and_replays_to_the_identical_game():
    g = Game.new(players=3, rules=FL, seed=11)
    rng = random.Random(11)
    flips = 0
    while not g.over:
        acts = g.legal_actions(g.to_act)
        plays = [a for a in acts if a.kind in ("play", "color")]
        for e in g.apply(complete(g, rng.choice(plays if plays else acts), rng.choice)):
            flips += e.kind == "flip"
        g.check_invariants()
    rec = g.record()
    assert "/" in rec["chance"][0]
    g2 = replay(loads(dumps(rec)))
    assert g2.fingerprint() == g.fingerprint() and list(g2.events) == list(g.events) and flips


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10),
       extra=st.sampled_from(["", " C", " SEVENO", " DR", " T", " JUMPIN", " REV"]),
       enforcement=st.sampled_from(["strict", "table"]))
def test_FLIP_random_games_keep_every_card_in_one_place_and_replay(seed, players, extra, enforcement):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=FL + extra, seed=seed, enforcement=enforcement)

    def sides_hold(g):
        assert g.colors == (DARK_COLORS if side(g) == "dark" else COLORS)
        assert all(type(c) is FlipCard for h in g.hands for c in h) and type(g.top) is FlipCard
    play_at_random(g, rng, 400, ("play", "color", "challenge"), each=sides_hold,
                   seat_of=lambda g, rng: rng.choice(range(players)) if rng.random() < 0.1 else g.to_act)
    assert_replays(g)


def test_FLIP_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=FL, players=2, hands=80, seed=6, jobs=1, progress=False)
    assert res["win_rate"]["strategist"]["lo"] > 0.5, res["win_rate"]


def test_FLIP_after_a_flip_only_the_new_top_of_the_discard_pile_shows():
    g = Game.from_position(["RF/P9 R1/V1", "R8/O7 Y2/V6", "G6/V5"], ["B3/T9", "R9/O2"], rules=FL)
    play(g, A, "RF")          # the pile B3/T9 R9/O2 RF/P9 turns over: T9 is the new top, the rest face down
    assert [c.code for c in g.discard] == ["P9", "O2", "T9"] and g.view(B).discard == (Card.parse("T9"),)
    play(g, B, "V6") if g.can(mk_play(B, "V6")) else None
    g.apply(Draw(B)) if g.current == B else None
    assert Card.parse("O2") not in g.view(C).discard
