"""The compiled core plays UNO Show 'em No Mercy (``UNO NOMERCY``, unokit/fast/_editions.h) as the referee does.

Proven as All Wild is (tests/fast/test_compiled_editions.py):

1. step by step against the referee: random decisions among every complete action of the seat to act or of another
   seat; every seat's legal moves and the whole state (the colour in play and the seats out included) agree after
   each move, at 2, 3, 4 and 6 players; the hands played show every mechanism (stacks, roulettes, hands passed and
   swapped, Discard All, eliminations);
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, and the
   compiled greedy move for move against GreedyBot;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the core told the 0 passes no hand, the Skip Everyone skips, a Draw Two answers a Draw Four, the
   Discard All or the roulette does nothing, the mercy limit is 30, or a 7 may be played alone fails check 1; a
   Colour Roulette's points, the hand check; a Skip's colour for the greedy, the greedy check.
"""

from __future__ import annotations

import collections
import random

import compiled_support as S
import pytest
import test_compiled_editions as E

from unokit.core.actions import Play
from unokit.engine.compose import every_action
from unokit.engine.game import Game, Phase
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_FACES, EDITION_HEAD, EDITION_KINDS, edition_facts
from unokit.rules import RuleSet
from unokit.rules.editions.nomercy import MERCY

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

NOMERCY = "UNO NOMERCY"


def test_NOMERCY_is_played_compiled_in_its_player_range_only():
    for players in range(2, 7):
        assert C.problem(NOMERCY, "random-play", players) is None, players
        assert C.problem(NOMERCY, "greedy", players, deck="nomercy") is None
    assert C.problem(NOMERCY, "random-play", 7)
    assert C.problem("UNO NOMERCY(zero=left)", "random-play", 3)
    assert C.problem("UNO NOMERCY C", "random-play", 3)
    assert C.problem(NOMERCY, "strategist", 3) is None   # (tests/fast/test_compiled_edcstrategist.py)
    assert C.batch_problem(NOMERCY)


def test_NOMERCY_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(NOMERCY))
    assert (raw[0], raw[1]) == (len(faces), 168) and len(faces) == 68
    assert dict(zip(EDITION_HEAD, raw[2:5])) == {"mercy": MERCY, "draw until playable": 1, "hand changers": 1}
    row = E.face_rows(NOMERCY)

    def fact(face, name):
        return row[face][EDITION_FACES.index(name)]

    kinds = {f: EDITION_KINDS[fact(f, "seat choice")] for f in ("G0", "G7", "GDA", "WCR", "G5", "W+10")}
    assert kinds == {"G0": "pass hands", "G7": "swap", "GDA": "shed colour", "WCR": "roulette", "G5": "none",
                     "W+10": "none"}
    assert [fact(f, "answers draws up to") for f in ("G+2", "B+4", "WR+4", "W+6", "W+10", "WCR")] == [2, 4, 4, 6, 10, 0]
    assert fact("GSA", "advance") == 0 and fact("RR", "advance at two seats") == 2 and fact("WR+4", "reverse")
    assert fact("Y7", "playable alone") == 3 and fact("Y8", "playable alone") == 3   # a 7 with the seat it names
    assert fact("W+6", "first: returned") and fact("G+2", "first: draw") == 2 and fact("WCR", "names a colour") == 0
    assert fact("G0", "UNO with any hand") and not fact("GDA", "UNO with any hand")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_NOMERCY_compiled_same_steps_as_referee(players):
    moves, reactions = E.same_steps(NOMERCY, (players,), range(16))
    assert moves > 150 and (reactions > 0 or players == 2)


def test_NOMERCY_steps_show_every_mechanism():
    """The referee's hands of the step check (the same decisions) hold each of the edition's mechanisms."""
    seen: collections.Counter = collections.Counter()
    for players in (3, 4):
        for seed in range(8):   # (a UNO call is rare: most hands end by the mercy rule)
            rng = random.Random(seed * 31 + players)
            g = Game.new(players=players, rules=NOMERCY, seed=seed)
            while not g.over and len(g.actions) < 600:
                seats = [s for s in range(players) if s != g.to_act and every_action(g, s)]
                seat = rng.choice(seats) if seats and rng.random() < 0.5 else g.to_act
                a = rng.choice(every_action(g, seat))
                seen["stack"] += g.phase == Phase.PENDING and type(a) is Play
                g.apply(a)
            seen.update(e.kind for e in g.events)
    for kind in ("roulette", "swap", "carousel", "discard-all", "eliminated", "draws-penalty", "uno", "stack"):
        assert seen[kind] > 0, kind


def test_NOMERCY_compiled_hands_equal_sim_and_lab():
    S.same_hands(NOMERCY, (2, 3, 4, 6), 16, 8)
    S.fast_agrees(NOMERCY, 3000)


def test_NOMERCY_eliminations_and_catches_happen():
    r = C.play(3000, players=4, rules=NOMERCY, seed=3, chance="fast")
    assert not r.truncated.any() and (r.winner >= 0).all()
    assert (r.eliminated > 0).mean() > 0.3 and r.catches.sum() > 0 and r.reshuffles.sum() > 0


@pytest.mark.parametrize("face,fact,value", [("G0", "seat choice", 0), ("RSA", "advance", 1),
                                             ("B+2", "answers draws up to", 4), ("YDA", "seat choice", 0),
                                             ("WCR", "seat choice", 0), ("R7", "playable alone", 0),
                                             (None, "mercy", 30), (None, "draw until playable", 0)])
def test_NOMERCY_told_wrong_in_C_fails_the_differential_check(monkeypatch, face, fact, value):
    """The mutation check: each of the edition's facts told wrong makes the steps differ."""
    E.told_wrong(monkeypatch, NOMERCY, face, fact, value)
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses a move the referee took
        E.same_steps(NOMERCY, (3, 4), range(6))


def test_NOMERCY_points_told_wrong_in_C_fail_the_hand_check(monkeypatch):
    E.told_wrong(monkeypatch, NOMERCY, "WCR", "points", 20)
    with pytest.raises(AssertionError):
        S.same_hands(NOMERCY, (3,), 16, 8)


@pytest.mark.parametrize("players,lineup,hands", [(2, E._alternate, 30), (3, E._everyone, 20), (4, E._mixed, 20),
                                                  (6, E._alternate, 10)])
def test_NOMERCY_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    E.greedy_agrees(players, NOMERCY, lineup, hands)


def test_NOMERCY_greedy_told_wrong_in_C_fails_the_lockstep(monkeypatch):
    """The greedy's mutation check: C's greedy reads a Red Skip as blue (its colour options counted wrong)."""
    E.told_wrong(monkeypatch, NOMERCY, "RS", "colour", 3)
    with pytest.raises((AssertionError, ValueError)):
        E.same_moves(3, NOMERCY, range(20), E._everyone)


def test_NOMERCY_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=NOMERCY, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5
