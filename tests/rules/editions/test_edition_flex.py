"""FLEX: UNO Flex (003 §UNO Flex): power cards, flex cards and their second effects.

Seats 0, 1, 2... are A, B, C... A flex card's flex side is played by naming its flexed face
(``RSX*`` for the Flex Skip); the card lands on the pile as itself.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import A, B, C, D, assert_refused, assert_replays, hand, mk_play, play, play_at_random, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.actions import Challenge
from unokit.core.cards import Color
from unokit.core.decks import build_deck
from unokit.core.errors import IllegalActionError, RuleCodeError
from unokit.engine.game import Game, Phase
from unokit.rules import RuleSet
from unokit.rules.editions.flex import powers

FX = "UNO FLEX"
STOCK = "G3 B3 B7 Y3 Y7 R3 R7 G7 G3 Y3"


def pos(hands, discard="Y9", **kw):
    return Game.from_position(hands, discard, kw.pop("stock", STOCK), rules=FX, **kw)


def test_FLEX_deck_has_104_cards_of_the_kinds_the_seed_names():
    n = Counter(c.code for c in build_deck("flex"))
    assert sum(n.values()) == 104
    assert n["R2Y"] == n["B8R"] == 1 and n["R3"] == 2 and n["R2"] == 1 and n["R1F"] == n["G9F"] == 1
    assert n["RSX"] == n["RRX"] == n["R+2X"] == n["RS"] == 1
    assert n["WAF"] == n["WF2"] == n["WFA"] == n["W+4F"] == 2 and n["W"] == 0
    assert not any(code.endswith("*") for code in n)       # flexed faces are uses, not cards


def test_FLEX_two_coloured_number_played_on_its_flex_colour_leaves_its_own_colour():
    g = pos(["R2Y G5", "B1 B2", "G1 G2"], "Y9")
    assert_refused(g, mk_play(A, "R2Y"))                  # red 2 on a yellow 9: no
    assert mk_play(A, "R2Y*") in g.legal_actions(A)       # as a yellow 2: yes, the power card is green
    play(g, A, "R2Y*")
    assert g.top.code == "R2Y" and g.color == Color.RED and powers(g) == (False, True, True)
    assert hand(g, A) == ["G5"] and g.current == B
    assert [e.cards for e in g.events if e.kind == "power"] == ["RGG"]


def test_FLEX_a_red_power_card_forbids_the_flex_side_with_a_reason():
    g = pos(["R4Y G5", "B1 B2", "G1 G2"], "Y9")
    g.rule_state["FLEX"] = (False, True, True)     # (a position: A's power card is red)
    assert mk_play(A, "R4Y*") not in g.legal_actions(A)
    assert_refused(g, mk_play(A, "R4Y*"))
    with pytest.raises(IllegalActionError, match="power card is red"):
        g.apply(mk_play(A, "R4Y*"))


def test_FLEX_the_flip_mark_turns_its_players_power_card():
    g = pos(["R1F R5F G5", "B1 R2", "G1 G2"], "R9")
    play(g, A, "R1F")
    assert powers(g) == (False, True, True)
    play(g, B, "R2")
    play(g, C, "G2")
    play(g, A, "R5F") if g.can(mk_play(A, "R5F")) else None
    assert powers(g)[A] is (g.top.code == "R5F")


def test_FLEX_every_power_card_red_turns_them_all_green():
    g = pos(["R1F G5", "R5F Y2", "G1 G2"], "R9")
    g.rule_state["FLEX"] = (True, False, False)
    play(g, A, "R1F")                           # the last green one turns red: all turn green
    assert powers(g) == (True, True, True)


def test_FLEX_flex_skip_skips_everyone_and_flex_reverse_skips_after_reversing():
    g = pos(["RSX G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    play(g, A, "RSX*")
    assert g.current == A and g.top.code == "RSX"
    g = pos(["RRX G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    play(g, A, "RRX*")                          # reverse: D is next, and skipped: C plays
    assert g.direction == -1 and g.current == C
    g = pos(["RRX G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    play(g, A, "RRX")                           # the regular side: a Reverse
    assert g.direction == -1 and g.current == D


def test_FLEX_flex_draw_two_makes_every_other_player_draw_one():
    g = pos(["R+2X G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    play(g, A, "R+2X*")
    assert sizes(g) == [2, 3, 3, 3] and g.current == B and g.phase == Phase.PLAY and g.pending == 0


def test_FLEX_flex_wilds_a_chosen_player_or_everyone_draws():
    g = pos(["WF2 G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    stems = [a for a in g.legal_actions(A) if a.kind == "play" and a.cards[0].code == "WF2*"]
    assert stems and all(a.more == "target" for a in stems)
    play(g, A, "WF2*", "G", target=C)
    assert sizes(g) == [2, 2, 4, 2] and g.current == B and g.color == Color.GREEN
    g = pos(["WFA G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    play(g, A, "WFA*", "B")
    assert sizes(g) == [2, 4, 4, 4] and g.current == B
    g = pos(["W+4F G5 G6", "B1 R2", "G1 G2", "Y1 Y2"], "R9")
    play(g, A, "W+4F*", "Y", target=D)
    assert sizes(g) == [2, 2, 2, 6] and g.current == B and Challenge(B) not in g.legal_actions(B)


def test_FLEX_regular_wild_draw_four_is_the_official_one():
    g = pos(["W+4F G5 G6", "B1 R2", "G1 G2"], "R9")
    play(g, A, "W+4F", "Y")
    assert g.phase == Phase.PENDING and g.pending == 4 and Challenge(B) in g.legal_actions(B)


def test_FLEX_wild_all_flip_turns_every_power_card():
    g = pos(["WAF G5 G6", "B1 R2", "G1 G2"], "R9")
    g.rule_state["FLEX"] = (True, False, True)
    play(g, A, "WAF", "G")
    assert powers(g) == (False, True, False) and g.color == Color.GREEN


def test_FLEX_views_show_every_power_card_and_the_parser_refuses_groups():
    g = pos(["R1F G5", "B1 R2", "G1 G2"], "R9")
    play(g, A, "R1F")
    assert g.view(B).powers == (False, True, True) == g.view(None).powers
    assert Game.new(players=2, seed=1).view(0).powers == ()
    for code in ("UNO FLEX DR", "UNO FLEX P4", "UNO FLEX FLIP"):
        with pytest.raises(RuleCodeError):
            RuleSet.parse(code)


def test_FLEX_the_first_card_is_never_an_action_card():
    for seed in range(40):
        g = Game.new(players=3, rules=FX, seed=seed)
        assert g.discard[0].number is not None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8),
       extra=st.sampled_from(["", " C", " SEVENO", " T", " JUMPIN", " REV", " MS1"]),
       enforcement=st.sampled_from(["strict", "table"]))
def test_FLEX_random_games_keep_every_card_in_one_place_and_replay(seed, players, extra, enforcement):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=FX + extra, seed=seed, enforcement=enforcement)

    def no_flexed_face_is_held(g):
        assert not any(c.code.endswith("*") for h in g.hands for c in h + g.discard)
    play_at_random(g, rng, 400, ("play", "color", "challenge"), each=no_flexed_face_is_held)
    assert_replays(g)


def test_FLEX_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=FX, players=2, hands=80, seed=6, jobs=1, progress=False)
    assert res["win_rate"]["strategist"]["lo"] > 0.5, res["win_rate"]


def test_FLEX_an_editions_deck_is_played_with_its_rules_only():
    from unokit.core.errors import UnoError
    for deck, code in (("flex", "FLEX"), ("flip", "FLIP"), ("nomercy", "NOMERCY")):
        with pytest.raises(UnoError, match=f"UNO {code}"):
            Game.new(players=3, deck=deck, seed=1)


def test_editions_seat_more_players_with_more_decks():
    from unokit.core.errors import UnoError
    from unokit.match import MatchConfig
    g = Game.new(players=12, rules="UNO ALLWILD", decks=2, seed=1)
    assert g.n == 12 and len(g.initial_counts) and sum(g.initial_counts.values()) == 224
    with pytest.raises(UnoError, match="2 to 8 players"):
        Game.new(players=9, rules=FX, seed=1)
    assert Game.new(players=9, rules=FX, decks=2, seed=1).n == 9
    MatchConfig(players=12, rules="UNO FLIP", decks=2)   # accepted: 2 decks seat up to 20
