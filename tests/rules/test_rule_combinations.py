"""Random compatible combinations of every catalogue code, and every incompatible pair refused.

Issue: "hypothesis draws random compatible rule combinations from all codes and plays random games
under them with every invariant checked; every incompatible combination is refused with a message
that names both rules".
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import CODES, rule_sets

from unokit import Game, RuleSet
from unokit.core.actions import Say
from unokit.core.errors import RuleConflictError
from unokit.engine.compose import complete
from unokit.engine.playback import replay

TEXTS = ["oi", "haha", "desculpa", "que jogada brilhante", "você é lento", "UNO", "sorry"]


def play_random(rs, seed, players, enforcement, cap=1500):
    g = Game.new(players=players, rules=rs, seed=seed, enforcement=enforcement,
                 deck="112" if rs.param("blank") != "wild" else "classic")
    rng = random.Random(seed)
    steps = 0
    while not g.over and steps < cap:
        steps += 1
        oot = g.out_of_turn_seats()
        seat = g.to_act if (rng.random() < 0.75 or not oot) else rng.choice(oot)
        acts = g.legal_actions(seat)
        if rng.random() < 0.03:
            acts = acts + [Say(seat, rng.choice(TEXTS))]
        if not acts:
            continue
        a = complete(g, rng.choice(acts), rng.choice)
        assert g.can(a), f"listed action refused: {a} in {g!r}"
        g.apply(a)
        g.check_invariants()
    replay(g.record())
    return g


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                 HealthCheck.too_slow])
@given(rs=rule_sets(), seed=st.integers(0, 10_000), players=st.integers(2, 8),
       enforcement=st.sampled_from(["strict", "table"]))
def test_random_compatible_combinations_play_with_invariants(rs, seed, players, enforcement):
    play_random(rs, seed, players, enforcement)


def test_every_incompatible_pair_is_refused_naming_both_rules():
    refused = 0
    for a, b in itertools.combinations(CODES, 2):
        try:
            RuleSet.parse(f"UNO 1121 {a}-{b}")
        except RuleConflictError as e:
            refused += 1
            msg = str(e)
            assert a in msg and b in msg, f"{a}+{b}: {msg}"
    assert refused >= 20


@pytest.mark.parametrize("code,names", [
    ("SAT-INS", ("SAT", "INS")),
    ("DR-DD", ("DR", "DD")),
    ("P1-P4", ("P1", "P4")),
    ("CAR-T", ("CAR", "T")),
    ("M-BACK", ("M", "BACK")),
    ("PAB-CLA", ("PAB", "CLA")),
    ("TV-PR", ("TV", "PR")),
    ("FU-BU", ("FU", "BU")),
    ("I-P2", ("I", "P2")),
    ("S-SEVENO", ("S", "SEVENO")),
    ("T(card=5)-E", ("T", "E")),
])
def test_known_incompatible_combinations_refused(code, names):
    with pytest.raises(RuleConflictError) as e:
        RuleSet.parse(f"UNO 1121 {code}")
    assert all(n in str(e.value) for n in names)


def test_rules_on_distinct_cards_combine():
    rs = RuleSet.parse("UNO 1121 CAR-T(card=7)-M-BACK(card=3)")
    assert rs.card_of("T") == 7 and rs.card_of("BACK") == 3
