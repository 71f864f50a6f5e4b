"""The compiled core plays UNO Extreme! (``UNO EXTREME``, unokit/fast/_editions.h) as the referee does.

Proven as All Wild and No Mercy are (tests/fast/test_compiled_editions.py):

1. step by step against the referee: random decisions among every complete action of the seat to act or of another
   seat (Wild Draw Four challenges included); every seat's legal moves and the whole state agree after each move, at
   2, 3, 4 and 10 players, and in hands whose first card is a Wild (its first player names the colour); the launcher
   is the game's seeded chance, so its presses agree too;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, and the
   compiled greedy (its challenges included) move for move against GreedyBot;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the core told the Hit 2 presses once, the Wild Hit does not stop at the first cards, a roll releases
   one card more, the Hit 2 skips nobody, the Wild Draw Four cannot be challenged, or a wrong challenge costs 4
   more fails check 1; the Wild Hit's points, the hand check; the Wild Draw Four not one for the greedy (it bluffs),
   the greedy check.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
import test_compiled_editions as E

from unokit.engine.compose import every_action
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_FACES, EDITION_HEAD, EDITION_KINDS, EDITION_ROLLS, edition_facts
from unokit.rules import RuleSet
from unokit.rules.editions.extreme import LAUNCHER, MAX_PRESSES

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

EXTREME = "UNO EXTREME"


def test_EXTREME_is_played_compiled_in_its_player_range_only():
    for players in range(2, 11):
        assert C.problem(EXTREME, "random-play", players) is None, players
    assert C.problem(EXTREME, "greedy", 4, deck="extreme") is None
    assert C.problem(EXTREME, "random-play", 11)
    assert C.problem("UNO EXTREME P2", "random-play", 3)
    assert C.problem(EXTREME, "strategist", 3) is None   # (tests/fast/test_compiled_edcstrategist.py)
    assert C.batch_problem(EXTREME)


def test_EXTREME_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(EXTREME))
    assert (raw[0], raw[1]) == (len(faces), 120)
    assert dict(zip(EDITION_HEAD, raw[2:2 + len(EDITION_HEAD)])) == {"mercy": 0, "draw until playable": 0, "hand changers": 0,
                                                 "wrong challenge extra": 2}
    rolls = raw[2 + len(EDITION_HEAD):2 + len(EDITION_HEAD) + EDITION_ROLLS]
    assert [rolls.count(k) for k in range(len(LAUNCHER))] == list(LAUNCHER)   # each outcome's odds, in hundredths
    row = E.face_rows(EXTREME)

    def fact(face, name):
        return row[face][EDITION_FACES.index(name)]

    assert EDITION_KINDS[fact("GX2", "seat choice")] == EDITION_KINDS[fact("WH", "seat choice")] == "launcher"
    assert (fact("GX2", "presses"), fact("GX2", "presses until cards"), fact("GX2", "skips besides")) == (2, 0, 1)
    assert (fact("WH", "presses"), fact("WH", "presses until cards"), fact("WH", "names a colour")) == (MAX_PRESSES, 1, 1)
    assert fact("W+4", "challengeable") and fact("W+4", "a Wild Draw Four") and not fact("WH", "challengeable")
    assert fact("W", "first: names a colour") and fact("W+4", "first: returned") and fact("G+2", "first: draw") == 2


@pytest.mark.parametrize("players", [2, 3, 4, 10])
def test_EXTREME_compiled_same_steps_as_referee(players):
    moves, _ = E.same_steps(EXTREME, (players,), range(6))
    assert moves > 300


def test_EXTREME_first_wild_and_challenges_step_by_step():
    """Hands whose first card is a Wild (the first player names the colour), with challenges guilty and innocent."""
    seeds = [s for s in range(80) if Game.new(players=3, rules=EXTREME, seed=s).discard[0].code == "W"][:3]
    assert seeds
    for seed in seeds:
        E.check_steps(3, seed, EXTREME, random.Random(seed), 0.3, 300)
    outcomes = set()
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(players=3, rules=EXTREME, seed=seed)
        E.check_steps(3, seed, EXTREME, random.Random(seed), 0.3, 400)
        while not g.over and len(g.actions) < 400:
            seats = [s for s in range(3) if s != g.to_act and every_action(g, s)]
            seat = rng.choice(seats) if seats and rng.random() < 0.3 else g.to_act
            g.apply(rng.choice(every_action(g, seat)))
        outcomes |= {e.detail[-1] for e in g.events if e.kind == "challenge"}
    assert outcomes == {"guilty", "innocent"}


def test_EXTREME_compiled_hands_equal_sim_and_lab():
    S.same_hands(EXTREME, (2, 3, 4, 10), 16, 8)
    S.fast_agrees(EXTREME, 3000)


@pytest.mark.parametrize("face,fact,value", [("RX2", "presses", 1), ("WH", "presses until cards", 0),
                                             ("BX2", "skips besides", 0), ("W+4", "challengeable", 0),
                                             (None, "wrong challenge extra", 6)])
def test_EXTREME_told_wrong_in_C_fails_the_differential_check(monkeypatch, face, fact, value):
    """The mutation check: each of the edition's facts told wrong makes the steps differ."""
    E.told_wrong(monkeypatch, EXTREME, face, fact, value)
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses a move the referee took
        E.same_steps(EXTREME, (3, 4), range(6))


def test_EXTREME_launcher_told_wrong_in_C_fails_the_differential_check(monkeypatch):
    """The launcher's first roll (it releases nothing) told to release a card: the steps differ."""
    raw = bytearray(edition_facts(RuleSet.parse(EXTREME))[1])
    at = 2 + len(EDITION_HEAD)
    assert raw[at] == 0
    raw[at] = 1
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(raw))
    with pytest.raises((AssertionError, ValueError)):
        E.same_steps(EXTREME, (3, 4), range(6))


def test_EXTREME_points_told_wrong_in_C_fail_the_hand_check(monkeypatch):
    E.told_wrong(monkeypatch, EXTREME, "R9", "points", 90)
    with pytest.raises(AssertionError):
        S.same_hands(EXTREME, (3,), 16, 8)


@pytest.mark.parametrize("players,lineup,hands", [(2, E._alternate, 30), (3, E._everyone, 20), (4, E._mixed, 20),
                                                  (10, E._mixed, 8)])
def test_EXTREME_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    decisions, played = E.same_moves(players, EXTREME, range(hands), lineup)
    assert decisions > 100 and played >= hands // 2


def test_EXTREME_greedy_challenges_as_GreedyBot():
    """The greedy's challenges (bluff_probability over 0.3) happen, and match GreedyBot's (the lockstep)."""
    challenges = sum(1 for seed in range(30) for m in C.edition_log(3, EXTREME, ["greedy"] * 3, seed)[1] if m[1] == 6)
    assert challenges > 10
    E.same_moves(3, EXTREME, range(30), E._everyone)


def test_EXTREME_greedy_told_wrong_in_C_fails_the_lockstep(monkeypatch):
    """The greedy's mutation check: C's greedy does not read the Wild Draw Four as one (it plays it as a bluff)."""
    E.told_wrong(monkeypatch, EXTREME, "W+4", "a Wild Draw Four", 0)
    with pytest.raises(AssertionError):
        E.same_moves(3, EXTREME, range(30), E._everyone)


def test_EXTREME_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=EXTREME, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert not r.truncated.any() and (r.winner == 0).mean() > 0.5
