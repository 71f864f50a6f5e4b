"""FLASH: UNO Flash (003 §UNO Flash): the unit picks the next player, times the turn, and runs the SLAP race.

Seats 0, 1, 2... are A, B, C...
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import A, B, C, D, assert_refused, mk_play, play, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.actions import Draw, Slap
from unokit.core.chance import ManualClock, ScriptedChance
from unokit.core.decks import build_deck
from unokit.core.errors import CardNotPlayableError, RuleConflictError, WindowClosedError
from unokit.engine.compose import complete
from unokit.engine.game import Game
from unokit.engine.playback import replay
from unokit.engine.record import dumps, loads
from unokit.rules import RuleSet

FL = "UNO FLASH"


def scripted(hands, discard, stock="", picks=(), rules=FL, clock=None):
    g = Game.from_position(hands, discard, stock, rules=rules, clock=clock)
    g.chance = ScriptedChance(list(picks))
    return g


def test_FLASH_deck_has_no_reverse_and_two_slaps_per_colour():
    n = Counter(c.code for c in build_deck("flash"))
    assert sum(n.values()) == 108 and all(n[f"{c}R"] == 0 and n[f"{c}SL"] == 2 for c in "RYGB")


def test_FLASH_timer_choices_are_4_6_or_off():
    assert RuleSet.parse("UNO FLASH").param("FLASH", "timer") == "6"
    assert RuleSet.parse("UNO FLASH(timer=off)").code == "UNO 1121 FLASH(timer=off)"
    with pytest.raises(ValueError):
        RuleSet.parse("UNO FLASH(timer=5)")
    with pytest.raises(RuleConflictError):
        RuleSet.parse("UNO FLASH V")


def test_FLASH_the_unit_picks_the_next_player_at_random_even_the_same():
    g = scripted(["R1 R2 R3", "G1 G2", "Y1 Y2", "B1 B2"], "R9", picks=[2, 0])
    play(g, A, "R1")
    assert g.current == C
    g2 = scripted(["R1 R2 R3", "G1 G2", "Y1 Y2"], "R9", picks=[0])
    play(g2, A, "R1")
    assert g2.current == A                                       # the same player again


def test_FLASH_a_draw_card_hits_the_unit_s_pick_possibly_its_own_player():
    g = scripted(["R+2 R5 R6", "G1 G2", "Y1 Y2"], "R9", "B1 B2 B3 B4", picks=[0, 1])
    play(g, A, "R+2")
    assert g.current == A and g.pending == 2                     # "anche il giocatore che l'ha messa"
    g.apply(Draw(A))
    assert sizes(g)[A] == 4 and g.current == B


def test_FLASH_slap_the_last_to_press_draws_two():
    g = scripted(["RSL R5", "G1 G2", "Y1 Y2", "B1 B2"], "R9", "Y5 Y6 Y7 Y8", picks=[1])
    play(g, A, "RSL")
    assert [a for a in g.legal_actions(C) if type(a) is Slap]
    assert_refused(g, Slap(A), None)                            # its player pressed with the card
    g.apply(Slap(C))
    g.apply(Slap(B))
    assert sizes(g) == [1, 2, 2, 4]                             # D pressed last
    assert_refused(g, Slap(D), WindowClosedError)


def test_FLASH_slap_who_has_not_pressed_when_the_next_turn_starts_draws_two():
    g = scripted(["RSL R5", "G1 G2", "Y1 Y2", "B1 B2"], "R9", "Y5 Y6 Y7 Y8 Y9 Y0", picks=[1, 2])
    play(g, A, "RSL")
    g.apply(Slap(C))
    g.apply(Draw(B))                                            # B starts: B and D had not pressed
    assert sizes(g)[D] == 4 and sizes(g)[B] == 2 + 2 + 1


def test_FLASH_timer_costs_two_cards_when_the_turn_runs_late():
    clock = ManualClock()
    g = scripted(["R1 R2 R3", "G1 G2", "Y1 Y2"], "R9", "B1 B2 B3", picks=[1], rules="UNO FLASH(timer=4)",
                 clock=clock)
    clock.advance(4.5)
    play(g, A, "R1")
    assert sizes(g)[A] == 2 + 2
    g2 = scripted(["R1 R2 R3", "G1 G2"], "R9", "B1 B2 B3", picks=[1], rules="UNO FLASH(timer=off)", clock=clock)
    clock.advance(100)
    play(g2, A, "R1")
    assert sizes(g2)[A] == 2


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), extra=st.sampled_from(["", " P2", " C", " DR"]))
def test_FLASH_random_games_keep_every_card_in_one_place_and_replay_the_unit(seed, players, extra):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=FL + extra, seed=seed)
    for _ in range(300):
        if g.over:
            break
        acts = g.legal_actions(g.to_act)
        for q in range(g.n):
            acts = acts + [a for a in g.legal_actions(q, turn=False) if type(a) is Slap]
        plays = [a for a in acts if a.kind in ("play", "slap")]
        g.apply(complete(g, rng.choice(plays if plays and rng.random() < 0.9 else acts), rng.choice))
        g.check_invariants()
    g2 = replay(loads(dumps(g.record())))
    assert g2.fingerprint() == g.fingerprint() and list(g2.events) == list(g.events)


def test_FLASH_the_strategist_beats_random_play():
    from unokit.lab.tournament import duel
    res = duel("strategist", "random-play", rules=FL, players=2, hands=100, seed=4, jobs=1, progress=False)
    assert res["win_rate"]["strategist"]["lo"] > 0.5, res["win_rate"]


def test_FLASH_targeted_mode_the_player_of_a_draw_card_names_who_draws():
    g = scripted(["R+2 R5 R6", "G1 G2", "Y1 Y2", "B1 B2"], "R9", "B3 B4 B5 B6", picks=[1],
                 rules="UNO FLASH(targeted=on)")
    plays = [a for a in g.legal_actions(A) if a.kind == "play" and a.cards[-1].code == "R+2"]
    assert plays and all(a.more == "target" or a.target is not None for a in plays)
    assert_refused(g, mk_play(A, "R+2"), CardNotPlayableError)   # it must name a seat
    play(g, A, "R+2", target=C)
    assert g.current == C and g.pending == 2                  # no pick was drawn for the victim
    g.apply(Draw(C))
    assert sizes(g)[C] == 4 and g.current == B                # then the unit picks again
