"""Issue 9, point 1: no combinatorial action lists.

A play that combines choices (DR/DD groups, AA sums, DOA target and gifts, SEVENO/T/CLA/WX targets) is
offered as a short sequence of sub-decisions (``Play.more``, ``Game.expand``), each a small list. These tests
bound the size of every list and the referee's work per call over random rule combinations and random
positions with hands of up to 30 cards, check that no stem is a dead end, and that the complete play is
one ordinary action that records, parses and replays as before.
"""

from __future__ import annotations

import random
import time

import pytest
from conftest import A, mk_play, pos
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rule_sets

from unokit import Game
from unokit.core.actions import Action, Play, action_from_dict
from unokit.core.cards import Card
from unokit.core.decks import build_deck
from unokit.core.errors import IllegalActionError, IncompletePlayError
from unokit.engine.compose import MAX_STEPS, complete, every_action, offered

# Bounds the referee guarantees for any rules and any hand (see docs/architecture.md, "Plays composed one
# sub-decision at a time"): each list holds at most one entry per distinct card (times 4 colours x UNO
# or not, plus one "more cards" stem) or per seat, and each call costs a bounded number of legality checks.
MAX_OPTIONS_PER_CARD = 9
MAX_CHECKS_PER_CARD = 40


def count_checks(g: Game) -> list:
    """Count the referee's full legality checks (``_play_problem``) made through ``g`` from now on."""
    box = [0]
    inner = g._play_problem

    def counted(play):
        box[0] += 1
        return inner(play)
    g._play_problem = counted
    return box


@st.composite
def big_positions(draw):
    """A random rule combination and a random position drawn from a real deck, hands up to 30 cards."""
    rs = draw(rule_sets())
    players = draw(st.integers(2, 5))
    deck = "112" if rs.param("blank") != "wild" else "classic"
    cards = build_deck(deck, 1, deck == "112")
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(cards)
    sizes = [draw(st.integers(1, 30)) for _ in range(players)]
    while sum(sizes) > len(cards) - 12:
        sizes[sizes.index(max(sizes))] -= 5
    sizes = [max(1, k) for k in sizes]
    hands = []
    for k in sizes:
        hands.append([cards.pop() for _ in range(k)])
    discard = [c for c in cards if not c.is_wild][:1]
    cards.remove(discard[0])
    return rs, hands, discard, cards, deck


def walk(g: Game, stem: Play, rng: random.Random, bound: int) -> Action:
    """Follow ``stem`` to a complete play by random choices, checking each list's size on the way."""
    steps = 0
    while stem.more:
        options = g.expand(stem)
        assert options, f"dead end: nothing continues {stem}"
        assert len(options) <= bound, f"{len(options)} options after {stem}"
        stem = rng.choice(options)
        steps += 1
        assert steps <= MAX_STEPS
    return stem


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(case=big_positions(), seed=st.integers(0, 10_000))
def test_option_lists_and_work_per_call_are_bounded_for_any_rules_and_30_card_hands(case, seed):
    rs, hands, discard, stock, deck = case
    g = Game.from_position(hands, discard, stock, rules=rs, deck=deck)
    rng = random.Random(seed)
    checks = count_checks(g)
    for seat in range(g.n):
        distinct = len(set(g.hands[seat]))
        bound = MAX_OPTIONS_PER_CARD * distinct + 2 * g.n + 12
        checks[0] = 0
        t0 = time.perf_counter()
        legal = g.legal_actions(seat)
        took = time.perf_counter() - t0
        assert len(legal) <= bound, f"seat {seat}: {len(legal)} actions for {distinct} distinct cards"
        assert checks[0] <= MAX_CHECKS_PER_CARD * distinct + 20, f"{checks[0]} checks for {distinct} cards"
        assert took < 1.0, f"legal_actions({seat}) took {took:.3f} s"
        for a in legal:
            if a.more:
                checks[0] = 0
                done = walk(g, a, rng, bound)
                assert g.can(done), f"{done} reached from {a} but refused"
                assert Action.parse(str(done)) == done and action_from_dict(done.to_dict()) == done
            else:
                assert g.can(a), f"listed {a} refused"


def test_DOA_DR_twenty_card_hand_with_six_2s_lists_its_options_fast():
    # issue 9: "Under UNO 1121 DR-DOA a 20-card hand holding six 2s makes legal_actions(0) run for minutes"
    g = Game.from_position(["R2 R2 G2 G2 B2 Y2 R5 R6 R7 R8 R9 G5 G6 G7 G8 B1 B3 B4 Y1 Y3", "G9 G1 Y9"],
                           discard="R4", rules="UNO 1121 DR-DOA")
    checks = count_checks(g)
    best = min(_timed(lambda: g.legal_actions(0)) for _ in range(5))
    legal = g.legal_actions(0)
    assert best < 0.05, f"{best * 1000:.1f} ms"
    assert len(legal) <= 20 and checks[0] <= 400
    assert "0 play R2 +" in [str(a) for a in legal]
    # a four-card group of 2s gives 8 cards, chosen one at a time; each list stays small
    stem = next(a for a in legal if str(a) == "0 play R2 +")
    a = complete(g, stem, lambda options: options[-1] if options[-1].more == "cards" else options[0])
    assert len(a.cards) == 6 and len(a.give) == 12 and g.can(a)


def _timed(f) -> float:
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


def test_DOA_gift_is_chosen_one_card_at_a_time_in_card_order():
    g = pos(["R2 B5 Y7 G9 G1", "B1 B2", "Y1 Y2"], discard="R4", rules="UNO 1121 DOA")
    stems = [a for a in g.legal_actions(A) if a.more]
    assert [str(a) for a in stems] == ["0 play R2 @?", "0 play R2 @? uno"]
    targets = g.expand(stems[0])
    assert [str(a) for a in targets] == ["0 play R2 @1 give:?", "0 play R2 @2 give:?"]
    first = g.expand(targets[0])
    rest = sorted(Card.parse(x) for x in ["B5", "Y7", "G9", "G1"])
    # two of four cards to give, in card order: the highest card can only come second
    assert [a.give for a in first] == [(c,) for c in rest[:3]]
    second = g.expand(first[0])
    assert [a.give for a in second] == [(rest[0], c) for c in rest[1:]] and all(g.can(a) for a in second)
    plays = [a for a in every_action(g, A) if isinstance(a, Play)]
    assert len(plays) == 2 * 6 * 2  # 2 seats x C(4,2) gift sets x (UNO said or not: DOA changes the hand)


def test_stem_is_refused_by_apply_with_state_unchanged():
    g = pos(["R2 B5 Y7 G9 G1", "B1 B2", "Y1 Y2"], discard="R4", rules="UNO 1121 DOA")
    before = g.fingerprint()
    with pytest.raises(IncompletePlayError, match="not complete"):
        g.apply(Play(A, (Card.parse("R2"),), target=1, more="give"))
    assert g.fingerprint() == before


def test_expand_refuses_a_stem_nothing_continues():
    g = pos(["R2 B5", "B1 B2"], discard="G4", rules="UNO 1121 DR")
    with pytest.raises(IllegalActionError, match="no legal play continues"):
        g.expand(mk_play(A, "R2", more="cards"))
    with pytest.raises(IllegalActionError, match="expand takes a play being composed"):
        g.expand(mk_play(A, "R2"))


def test_stem_notation_round_trips():
    for text in ("0 play R2 +", "1 play WX>G @?", "2 play R2 @1 give:?", "2 play R2 G2 @3 give:B5,Y7,? uno"):
        a = Action.parse(text)
        assert a.more and str(a) == text and action_from_dict(a.to_dict()) == a


def test_SEVENO_seven_names_its_target_as_a_sub_decision():
    g = pos(["R7 B5 Y7", "B1 B2", "Y1 Y2", "G1 G2"], discard="R4", rules="UNO 1121 SEVENO")
    stems = [a for a in g.legal_actions(A) if a.more]
    assert [str(a) for a in stems] == ["0 play R7 @?", "0 play R7 @? uno"]
    assert [a.target for a in g.expand(stems[0])] == [None, 1, 2, 3]


def test_AA_sum_groups_are_built_card_by_card_and_every_sum_is_reachable():
    g = pos(["R1 R2 R3 R4 R0 Y9", "B1 B2"], discard="B7", rules="UNO 1121 AA")
    sums = {tuple(sorted(c.code for c in a.cards)) for a in every_action(g, A) if type(a) is Play and len(a.cards) > 1}
    assert ("R0", "R3", "R4") in sums and ("R3", "R4") in sums and ("R1", "R2", "R4") in sums
    assert all(sum(Card.parse(c).number for c in s) == 7 or len(s) == 2 for s in sums)
    assert offered(g, mk_play(A, "R4 R0 R3"))


def test_every_complete_play_reached_through_stems_is_accepted():
    """Every complete play reachable from legal_actions through expand is accepted (the converse, accepted
    implies offered, is checked for random probes in test_properties)."""
    rng = random.Random(3)
    for rules in ("UNO 1121 DR-DOA", "UNO 1121 DD-T-CLA", "UNO 1121 AA-SEVENO", "UNO 1121 C-DR-P4"):
        g = Game.new(players=3, rules=rules, seed=7)
        for _ in range(150):
            if g.over:
                break
            for a in every_action(g, g.to_act, limit=200_000) if sum(map(len, g.hands)) < 40 else []:
                assert g.can(a)
            g.apply(complete(g, rng.choice(g.legal_actions(g.to_act)), rng.choice))
