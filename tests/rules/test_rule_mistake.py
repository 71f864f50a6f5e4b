"""MISTAKE: the Italian leaflet's "two penalty cards for any mistake" (003 §Varianti non ufficiali).

"È possibile stabilire che quando un giocatore commette un errore di qualsiasi genere, ad esempio giocando
una carta non compatibile con l'ultima scartata o facendosi cogliere impreparato quando è il suo turno,
deve pescare due carte di penalità per aver rallentato lo svolgimento della partita."
"""

from __future__ import annotations

import random

import pytest
from conftest import (
    A,
    B,
    C,
    CatchUno,
    Color,
    D,
    Game,
    Notice,
    Phase,
    Play,
    assert_refused,
    assert_replays,
    draw,
    hand,
    kinds,
    mk_play,
    play,
    play_at_random,
    pos,
    sizes,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.bots import make_bot
from unokit.cli import main
from unokit.core.chance import ManualClock
from unokit.core.errors import IllegalActionError, RuleConflictError, WindowClosedError
from unokit.rules import RuleSet
from unokit.rules.mistake import CallUnready

RULES = "UNO 1121 MISTAKE"


def clocked(hands, discard, stock="", rules=RULES, **kw):
    clock = ManualClock()
    return pos(hands, discard, stock, rules=rules, clock=clock, **kw), clock


# ---------------------------------------------------------------------- "giocando una carta non compatibile"
@pytest.mark.parametrize("digits", ["1111", "1211"])
def test_MISTAKE_003_any_mistake_costs_two_a_wrong_play_noticed(digits):
    # a wrong play noticed costs the rule's 2, whatever the table parameter wrong= says
    g = pos(["G3 R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2 B3 B4 B5",
            rules=f"UNO {digits} MISTAKE wrong=5", enforcement="table")
    play(g, A, "G3")
    ev = g.apply(Notice(B, g.wrong_plays[0].seq))
    assert [(e.count, e.reason) for e in ev if e.kind == "penalty"] == [(2, "wrong play")]
    assert sorted(hand(g, A)) == sorted(["G3", "R1", "R2", "B1", "B2"])
    g.check_invariants()
    # the parameter sets the price of every mistake
    g = pos(["G3 R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2 B3 B4 B5",
            rules=f"UNO {digits} MISTAKE(penalty=3)", enforcement="table")
    play(g, A, "G3")
    g.apply(Notice(C, g.wrong_plays[0].seq))
    assert len(g.hands[A]) == 3 + 3


def test_MISTAKE_003_any_mistake_costs_two_a_missed_uno_caught():
    g = pos(["R1 R2", "G5 B5 B6", "Y1 Y2 Y3"], discard="R7", stock="B1 B2 B3", rules=f"{RULES} uno=4")
    play(g, A, "R1")                       # one card left, UNO not said
    ev = g.apply(CatchUno(C, A))
    assert [(e.count, e.reason) for e in ev if e.kind == "penalty"] == [(2, "missed UNO")]
    assert sizes(g)[A] == 3


def test_MISTAKE_003_a_refused_action_never_costs_cards():
    # strict enforcement refuses the incompatible card: typed error, state unchanged, no card drawn
    g, clock = clocked(["G3 R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2")
    assert_refused(g, mk_play(A, "G3"), IllegalActionError)
    # a false catch and a call made before the allowance ran out cost nothing either (in both modes)
    for enforcement in ("strict", "table"):
        g, clock = clocked(["G3 R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2", enforcement=enforcement)
        assert_refused(g, CatchUno(B, A), IllegalActionError)
        clock.advance(10)                  # exactly the allowance: not yet unready
        assert_refused(g, CallUnready(B), WindowClosedError)
        assert_refused(g, CallUnready(A), IllegalActionError)   # nobody calls themselves out


# ---------------------------------------------------------------------- "facendosi cogliere impreparato"
def test_MISTAKE_003_caught_unready_when_it_is_your_turn_costs_two():
    g, clock = clocked(["R1 R2", "G5 B5 B6", "Y1 Y2 Y3"], discard="R7", stock="B1 B2 B3 B4 R5 B6")
    assert CallUnready(B) not in g.legal_actions(B)
    clock.advance(10.5)
    assert CallUnready(B) in g.legal_actions(B) and CallUnready(C) in g.legal_actions(C)
    assert not any(type(a) is CallUnready for a in g.legal_actions(A))   # the seat to act is not offered it
    ev = g.apply(CallUnready(C))
    assert kinds(ev) == ["unready", "penalty", "draw"]
    assert (ev[0].player, ev[0].target) == (C, A) and (ev[1].count, ev[1].reason) == (2, "caught unready (MISTAKE)")
    assert sizes(g) == [4, 3, 3] and g.current == A and g.phase == Phase.PLAY   # the turn goes on
    # the allowance starts again: a second call needs another full allowance
    assert_refused(g, CallUnready(B), WindowClosedError)
    clock.advance(11)
    g.apply(CallUnready(B))
    assert sizes(g)[A] == 6
    # a move restarts it too: drawing (the drawn card is playable, so the turn is not over)
    clock.advance(3)
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.current == A
    clock.advance(9)
    assert not g.can(CallUnready(B))
    clock.advance(2)
    assert g.can(CallUnready(B))
    # the next seat's time starts with its turn
    g.apply(g.legal_actions(A)[0])
    assert g.current == B and not g.can(CallUnready(A))
    assert_replays(g)


def test_MISTAKE_003_unready_after_a_correction_counts_from_the_notice():
    # B=1: the correction hands the move to the seat after the offender without a turn start
    g, clock = clocked(["G3 R1 R2", "G5 B5 B6", "Y1 Y2 Y7", "B1 B2 B3"], discard="R7", stock="B4 B5 B6 B7",
                       rules="UNO 1111 MISTAKE", enforcement="table")
    play(g, A, "G3")
    clock.advance(30)
    g.apply(Notice(D, g.wrong_plays[0].seq))
    assert g.current == B and not g.can(CallUnready(A))
    clock.advance(11)
    g.apply(CallUnready(A))
    assert sizes(g)[B] == 5
    g.check_invariants()
    assert_replays(g)


def test_MISTAKE_conflicts_with_the_rules_that_price_the_same_mistakes():
    for other in ("MEM", "V", "FLASH"):
        with pytest.raises(RuleConflictError, match=r"MISTAKE") as e:
            RuleSet.parse(f"UNO 1121 {other}-MISTAKE")
        assert other in str(e.value)
    rs = RuleSet.parse("UNO 1121 MISTAKE(seconds=30)-PRE-C")
    assert rs.param("MISTAKE", "seconds") == 30 and rs.param("MISTAKE", "penalty") == 2


def test_MISTAKE_bots_call_an_unready_seat_out():
    g, clock = clocked(["R1 R2", "G5 B5 B6", "Y1 Y2 Y3"], discard="R7", stock="B1 B2 B3")
    clock.advance(20)
    for name in ("greedy", "strategist"):
        bot = make_bot(name, seed=1)
        legal = [a for a in g.legal_actions(B, turn=False)]
        assert bot.react(g.view(B), legal) == CallUnready(B)


def test_MISTAKE_the_terminal_reads_the_call():
    from unokit.play.plain import parse_command
    g, _clock = clocked(["R1 R2", "G5 B5 B6"], discard="R7", stock="B1 B2")
    assert parse_command("unready", g.view(B)) == CallUnready(B) == parse_command("1 unready", g.view(B))


def test_MISTAKE_rules_explain_and_sim(capsys):
    assert main(["rules", "explain", "MISTAKE"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# MISTAKE") and "003 §Varianti non ufficiali" in out and "caught unready" in out.lower()
    for enforcement in ("strict", "table"):
        assert main(["sim", "--rules", RULES, "--players", "4", "--hands", "10", "--bots", "random-play",
                     "--check", "--no-progress", "--enforcement", enforcement]) == 0
    capsys.readouterr()


# ---------------------------------------------------------------------- invariants under random play
def _seat(g: Game, rng: random.Random) -> int:
    oot = g.out_of_turn_seats()
    return rng.choice(oot) if oot and rng.random() < 0.4 else g.to_act


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), enforcement=st.sampled_from(["strict", "table"]),
       digits=st.sampled_from(["1121", "1211", "1111"]), extra=st.sampled_from(["", "-C", "-DR-P2", "-S", "-PRE"]))
def test_MISTAKE_random_play_keeps_every_card_in_one_place_and_replays(seed, players, enforcement, digits, extra):
    clock = ManualClock()
    rng = random.Random(seed)
    g = Game.new(players=players, rules=f"UNO {digits} MISTAKE{extra}", seed=seed, enforcement=enforcement,
                 clock=clock)
    def tick(game):
        clock.advance(rng.choice([0.5, 1.0, 4.0, 12.0]))
        s = game.to_act
        if not game.strict and not game.over and game.phase == Phase.PLAY and rng.random() < 0.15:
            c = rng.choice(game.hands[s])     # table enforcement: a card that may not match stands until noticed
            a = Play(s, (c,), Color.RED if game.names_color(c) else None)
            if game.can(a):
                game.apply(a)
                game.check_invariants()

    play_at_random(g, rng, 400, kinds=("play", "unready"), seat_of=_seat, each=tick)
    g.check_invariants()
    for e in g.events:
        if e.kind == "penalty" and e.reason in ("caught unready (MISTAKE)", "missed UNO", "wrong play"):
            assert e.count == 2
    assert_replays(g)
