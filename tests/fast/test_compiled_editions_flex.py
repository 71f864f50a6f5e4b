"""The compiled core plays UNO Flex (``UNO FLEX``, unokit/fast/_ed_flex.h) as the referee does (issue 28 point 1).

Proven as the other editions are (tests/fast/test_compiled_editions.py), with a flexed face (``R2Y*``, ``RSX*``,
``WF2*``...) a face of its own that a move names and the physical card leaves the hand for, and each seat's power
card part of the state:

1. step by step against the referee: random decisions among every complete action of the seat to act or of another
   seat; every seat's legal moves and the whole state (the power cards included) agree after each move, at 2 to 8
   players; hands chosen to use the flex sides show every mechanism (a flexed number leaving its own colour in play,
   Skip Everyone, Reverse-and-Skip, every other seat drawing, the seat named drawing, the flip mark, Wild All Flip,
   a power card refusing a flex side, every power card turning green again);
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, the compiled
   greedy move for move against GreedyBot, and the human-error bots move for move against HumanBot;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: each Flex fact told wrong (a card with no flex side, the flip mark turning nothing, a flexed number
   leaving its flex colour in play, the seat named or every other seat drawing another count, the power cards never
   turning green again) fails check 1.

A rule's ``setup`` that sets only its own state (Flex's power cards) is told apart from one that may forbid challenges
(NOCHALLENGE's), so the Flex Wild Draw Four keeps its challenge in C.
"""

from __future__ import annotations

import collections
import random

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions import (
    _alternate,
    _everyone,
    _faces,
    _mixed,
    check_steps,
    face_rows,
    greedy_agrees,
    same_steps,
    told_wrong,
)
from test_compiled_editions_human import human_bots_agree

from unokit.core.actions import Challenge, Play
from unokit.core.cards import Card
from unokit.fast import ccore
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_KINDS, edition_facts
from unokit.rules import RuleSet
from unokit.rules.base import HouseRule
from unokit.rules.editions.flex import FLEXED, PHYSICAL
from unokit.rules.registry import build_house_rules

FLEX = "UNO FLEX"
pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def _setups(rules: str) -> dict[str, bool]:
    """Each rule of ``rules`` whose setup is its own: may it forbid challenges?"""
    return {type(r).__name__: ccore._setup_may_forbid(r) for r in build_house_rules(RuleSet.parse(rules))
            if type(r).setup is not HouseRule.setup}


def test_flex_setup_only_deals_the_power_cards_so_it_forbids_no_challenge():
    assert _setups(FLEX) == {"Flex": False}


@pytest.mark.parametrize("rules", ["UNO 1121 NOCHALLENGE", "UNO ALLWILD", "UNO NOMERCY"])
def test_a_setup_that_sets_the_game_may_forbid_challenges(rules):
    assert True in _setups(rules).values()


def test_a_setup_writing_its_own_state_and_the_game_may_forbid_challenges():
    """The check looks at everything but the rule's state: a setup that also sets the game counts."""
    class Both(HouseRule):
        code = "FLEX"

        def setup(self, game):
            game.rule_state["FLEX"] = (True,) * game.n
            game.no_challenge = True

    assert ccore._setup_may_forbid(Both(RuleSet.parse(FLEX))) is True


def test_FLEX_is_played_compiled_for_its_proven_bots_only():
    for players in range(2, 9):
        assert C.problem(FLEX, "random-play", players) is None, players
        assert C.problem(FLEX, ["greedy", "human:greedy", "human:random-play"][:players], players) is None
    assert C.problem(FLEX, "random-play", 9)
    assert C.problem(FLEX, "strategist", 3) is None   # (tests/fast/test_compiled_edcstrategist.py)
    assert C.problem("UNO FLEX C", "random-play", 3)
    assert C.batch_problem(FLEX)


def test_FLEX_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(FLEX))
    row = face_rows(FLEX)

    def fact(face, name):
        return row[face][ccore.EDITION_FACES.index(name)]

    flexed = [f for f in faces if f.endswith("*")]
    assert len(flexed) == len(PHYSICAL) and max(faces.index(f) for f in flexed) < 128
    for f in flexed:   # a flexed face and its card name each other; using it turns its player's card red
        card = faces[fact(f, "played from")]
        assert card == PHYSICAL[Card.parse(f)].code
        assert faces[fact(card, "flexed face")] == f and fact(card, "played from") == 255
        assert fact(f, "power cards") == 1 | 8
    assert fact("R2Y*", "colour") == 1 and fact("R2Y*", "colour after") == 0 and fact("RSX*", "colour after") == 255
    assert fact("R1F", "power cards") == 2 and fact("WAF", "power cards") == 2 | 4 and fact("R5", "power cards") == 0
    assert (EDITION_KINDS[fact("WF2*", "seat choice")], fact("WF2*", "cards the seat chosen draws")) == ("aim draw", 2)
    assert (EDITION_KINDS[fact("W+4F*", "seat choice")], fact("W+4F*", "cards the seat chosen draws")) == ("aim draw", 4)
    assert (EDITION_KINDS[fact("R+2X*", "seat choice")], fact("R+2X*", "cards the seat chosen draws")) == ("all draw", 1)
    assert (EDITION_KINDS[fact("WFA*", "seat choice")], fact("WFA*", "cards the seat chosen draws")) == ("all draw", 2)
    assert fact("RSX*", "advance") == 0 and fact("W+4F", "challengeable") and not fact("W+4F*", "challengeable")
    assert raw[-1] == 1   # every power card turns green when all are red


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_FLEX_compiled_same_steps_as_referee(players):
    moves, reactions = same_steps(FLEX, (players,), range(8))
    assert moves > 200 and reactions > 0


class _Flexing(random.Random):
    """The step check's generator, choosing a flex side, a flip mark, a Wild All Flip or a challenge when offered."""

    def choice(self, seq):
        seq = list(seq)
        pick = [a for a in seq if (type(a) is Play and (a.cards[0].code.endswith(("*", "F")) or a.cards[0].code == "WAF"))
                or type(a) is Challenge]
        return super().choice(pick) if pick and self.random() < 0.85 else super().choice(seq)


def _shown(players: int, seed: int, seen: collections.Counter) -> None:
    """``seed``'s hand stepped with :class:`_Flexing` (checked against C), what it showed counted in ``seen``."""
    from unokit.engine.game import Game
    g = Game.new(players=players, rules=FLEX, seed=seed)
    rng = _Flexing(seed)
    check_steps(players, seed, FLEX, rng, 0.3, 600)
    rng.seed(seed)   # the same choices again, on the referee alone, to read what happened
    from unokit.engine.compose import every_action
    while not g.over:
        lists = [every_action(g, s) for s in range(players)]
        seats = [s for s in range(players) if s != g.to_act and lists[s]]
        seat = rng.choice(seats) if seats and rng.random() < 0.3 else g.to_act
        a = rng.choice(every_action(g, seat))
        before = list(g.rule_state.get("FLEX") or ())
        if type(a) is Play:
            seen[a.cards[0].code[1:] if a.cards[0].color is not None else a.cards[0].code] += 1
        if before and not before[g.to_act] and any(c in FLEXED for c in g.hands[g.to_act]):   # a red power card:
            seen["refused"] += not any(type(b) is Play and b.cards[0] in PHYSICAL                 # no flex side offered
                                       for b in every_action(g, g.to_act))
        g.apply(a)
        after = list(g.rule_state.get("FLEX") or ())
        seen["all green again"] += bool(before) and before.count(False) == len(before) - 1 and all(after) and \
            type(a) is Play and a.cards[0].code.endswith("*")


def test_FLEX_steps_show_every_mechanism():
    """Hands whose decisions use the flex sides when they may hold each mechanism of the edition, and C agrees."""
    seen: collections.Counter = collections.Counter()
    for players, seed in ((3, 0), (3, 1), (4, 2), (4, 3), (2, 4), (5, 5), (2, 6), (3, 7)):
        _shown(players, seed, seen)
    for what in ("2Y*", "SX*", "RX*", "+2X*", "WF2*", "WFA*", "W+4F*", "1F", "WAF", "refused", "all green again"):
        assert any(k.endswith(what) or k == what for k in seen if seen[k]), (what, seen)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1), other=st.floats(0, 1))
def test_FLEX_hypothesis_any_deal_steps_as_referee(players, seed, other):
    check_steps(players, seed, FLEX, random.Random(seed), other, 300)


def test_FLEX_compiled_hands_equal_sim_and_lab():
    S.same_hands(FLEX, (2, 3, 4, 8), 16, 8)
    S.fast_agrees(FLEX, 3000)


@pytest.mark.parametrize("players,lineup,hands", [(2, _alternate, 30), (3, _everyone, 30), (4, _mixed, 20),
                                                  (8, _mixed, 8)])
def test_FLEX_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    greedy_agrees(players, FLEX, lineup, hands)


def test_FLEX_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=FLEX, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5


def test_FLEX_human_bots_every_move_as_on_the_referee():
    human_bots_agree(FLEX)


@pytest.mark.parametrize("face,fact,value", [("R2Y", "flexed face", 255), ("R1F", "power cards", 0),
                                             ("R2Y*", "colour after", 255), ("WF2*", "cards the seat chosen draws", 1),
                                             ("R+2X*", "cards the seat chosen draws", 2), ("RSX*", "power cards", 8),
                                             ("WAF", "power cards", 2)])
def test_FLEX_told_wrong_in_C_fails_the_differential_check(monkeypatch, face, fact, value):
    """The mutation check: each Flex fact told wrong makes the steps differ (or C refuses a move the referee took)."""
    told_wrong(monkeypatch, FLEX, face, fact, value)
    with pytest.raises((AssertionError, ValueError)):
        for players, seed in ((3, 0), (3, 1), (4, 2), (4, 3), (2, 4), (5, 5)):
            check_steps(players, seed, FLEX, _Flexing(seed), 0.3, 600)


def test_FLEX_power_cards_that_never_turn_green_again_fail_the_differential_check(monkeypatch):
    wrong = bytearray(edition_facts(RuleSet.parse(FLEX))[1])
    wrong[-1] = 0
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(wrong))
    with pytest.raises((AssertionError, ValueError)):
        for players, seed in ((3, 0), (3, 1), (4, 2), (4, 3), (2, 4), (5, 5), (2, 6), (3, 7)):
            check_steps(players, seed, FLEX, _Flexing(seed), 0.3, 600)


def test_the_compiled_editions_keep_their_facts_and_tables():
    for code in C.EDITIONS:
        assert ccore.edition_facts(RuleSet.parse(f"UNO {code}"))[1]
        assert C.problem(f"UNO {code}", ("random-play",), 3) is None
    assert _faces(FLEX)[0] == "R1"
