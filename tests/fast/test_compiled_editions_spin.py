"""The compiled core plays UNO Spin (``UNO SPIN``, unokit/fast/_ed_spin.h) as the referee does (issue 28 point 1).

Proven as No Mercy is (tests/fast/test_compiled_editions_nomercy.py):

1. step by step against the referee: random decisions among every complete action of the seat to act or of another
   seat (the free discards of almost UNO included); every seat's legal moves and the whole state agree after each
   move, at 2, 3, 4, 6 and 10 players, and for hypothesis's seeds and player counts; the hands played show every
   space of the wheel, the free discards, the cards of a number or a colour discarded and a spinner going out so;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, the compiled
   greedy move for move against GreedyBot, and the human-error bots move for move against HumanBot;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the core told a Spin card spins nothing, almost UNO keeps three cards, the red draw stops at blue or
   the wheel has a space fewer fails check 1; a Wild's points, the hand check; the faces' ranks by ``Card.index``
   backwards (the greedy's free discards among equals), the greedy check; a human bot that reacts without
   delays, the human lockstep.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
import test_compiled_editions as E
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions_human import human_bots_agree, lockstep
from test_compiled_human import HG, HR, LOUD

from unokit.core.cards import COLORS, Color
from unokit.engine.compose import every_action
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_FACES, EDITION_KINDS, EDITION_SPACES, EDITION_TAIL, edition_facts
from unokit.rules import RuleSet
from unokit.rules.editions.spin import WHEEL, spin_faces

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

SPIN = "UNO SPIN"


def test_SPIN_is_played_compiled_in_its_player_range_only():
    for players in range(2, 11):
        assert C.problem(SPIN, "random-play", players) is None, players
        assert C.problem(SPIN, ["greedy", HG, HR, "random-play"][:players], players, deck="spin") is None
    assert C.problem(SPIN, "random-play", 11)
    assert C.problem("UNO SPIN DR", "random-play", 3)
    assert C.problem(SPIN, "strategist", 3) is None   # (tests/fast/test_compiled_edcstrategist.py)
    assert C.problem(SPIN, "random-play", 3, decks=2)
    assert C.batch_problem(SPIN)


def _wheel(raw: bytes) -> list[tuple[str, int]]:
    """The wheel as C reads it (the first bytes after the faces'): (what the space has the spinner do, its argument)."""
    tail = raw[-EDITION_TAIL:]
    return [(EDITION_SPACES[tail[1 + 2 * i]], tail[2 + 2 * i]) for i in range(tail[0])]


def test_SPIN_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(SPIN))
    assert (raw[0], raw[1]) == (len(faces), 108) and len(faces) == 74
    row = E.face_rows(SPIN)
    spins = {c for c in faces if EDITION_KINDS[row[c][EDITION_FACES.index("seat choice")]] == "spin"}
    assert spins == {f"{c.letter}{f - spin_faces()[0] + 1}S" for c in COLORS for f in spin_faces()}
    assert dict(zip(WHEEL, _wheel(raw))) == {
        "almost-uno": ("keep", 2), "discard-number": ("discard number", 0), "discard-color": ("discard colour", 0),
        "draw-red": ("draw until", COLORS.index(Color.RED)), "draw-blue": ("draw until", COLORS.index(Color.BLUE)),
        "trade-hands": ("pass left", 0), "show-hand": ("show", 0)}
    rank = EDITION_FACES.index("index rank")
    assert sorted(r[rank] for r in row.values()) == list(range(74)) and row["R0"][rank] < row["R1S"][rank]
    for other in ("UNO NOMERCY", "UNO ALLWILD"):   # no wheel
        assert _wheel(edition_facts(RuleSet.parse(other))[1]) == []


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_SPIN_compiled_same_steps_as_referee(players):
    moves, reactions = E.same_steps(SPIN, (players,), range(8), cap=400)
    assert moves > 400 and reactions > 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 10), other=st.floats(0.0, 0.9))
def test_SPIN_compiled_same_steps_as_referee_for_any_deal(seed, players, other):
    E.check_steps(players, seed, SPIN, random.Random(seed), other, 300)


def test_SPIN_steps_show_every_space_and_a_spinner_going_out():
    """The referee's hands of the step check (the same decisions) spin every space, make free discards, discard a
    number's or a colour's cards, and a spinner wins by them."""
    seen: dict[str, int] = {}
    for players in (2, 3, 4, 6):
        for seed in range(8):
            rng = random.Random(seed * 31 + players)
            g = Game.new(players=players, rules=SPIN, seed=seed)
            while not g.over and len(g.actions) < 600:
                seats = [s for s in range(players) if s != g.to_act and every_action(g, s)]
                seat = rng.choice(seats) if seats and rng.random() < 0.5 else g.to_act
                g.apply(rng.choice(every_action(g, seat)))
            for e, nxt in zip(g.events, [*g.events[1:], None]):
                key = e.detail[0] if e.kind == "spin" else e.kind
                seen[key] = seen.get(key, 0) + 1
                if e.kind == "discard-all" and nxt is not None and nxt.kind == "out" and nxt.player == e.player:
                    seen["spinner out"] = seen.get("spinner out", 0) + 1
    for kind in (*WHEEL, "discard-under", "discard-all", "carousel", "uno", "caught", "spinner out"):
        assert seen.get(kind, 0) > 0, kind


def test_SPIN_compiled_hands_equal_sim_and_lab():
    t = S.same_hands(SPIN, (2, 3, 4, 7), 16, 8)
    assert t.reactions > 0
    S.fast_agrees(SPIN, 2000)


@pytest.mark.parametrize("players,lineup,hands", [(2, E._alternate, 30), (3, E._everyone, 20), (4, E._mixed, 20),
                                                  (10, E._mixed, 8)])
def test_SPIN_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    E.greedy_agrees(players, SPIN, lineup, hands)


def test_SPIN_human_bots_every_move_as_on_the_referee():
    human_bots_agree(SPIN)


@pytest.mark.parametrize("players,lineup", [(4, [HR] * 4), (3, [HG, HR, "greedy"])])
def test_SPIN_human_lab_hands_equal_play_deal(players, lineup):
    S.same_lab_hands(SPIN, lineup, S.sampled(16))


def _wheel_told_wrong(monkeypatch, space: int, what: str | None, arg: int = 0) -> None:
    """C is handed a wheel with the ``space``-th space told wrong (``what`` None: the wheel one space shorter)."""
    raw = bytearray(edition_facts(RuleSet.parse(SPIN))[1])
    at = len(raw) - EDITION_TAIL
    if what is None:
        raw[at] -= 1
    else:
        raw[at + 1 + 2 * space: at + 3 + 2 * space] = bytes([EDITION_SPACES.index(what), arg])
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(raw))


@pytest.mark.parametrize("space,what,arg", [(WHEEL.index("almost-uno"), "keep", 3),
                                            (WHEEL.index("draw-red"), "draw until", COLORS.index(Color.BLUE)),
                                            (WHEEL.index("trade-hands"), "show", 0), (0, None, 0)])
def test_SPIN_wheel_told_wrong_in_C_fails_the_differential_check(monkeypatch, space, what, arg):
    _wheel_told_wrong(monkeypatch, space, what, arg)
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses a move the referee took
        E.same_steps(SPIN, (3, 4), range(6))


def test_SPIN_card_told_to_spin_nothing_fails_the_differential_check(monkeypatch):
    E.told_wrong(monkeypatch, SPIN, "R3S", "seat choice", 0)
    with pytest.raises((AssertionError, ValueError)):
        E.same_steps(SPIN, (3, 4), range(6))


def test_SPIN_points_told_wrong_in_C_fail_the_hand_check(monkeypatch):
    E.told_wrong(monkeypatch, SPIN, "W", "points", 40)
    with pytest.raises(AssertionError):
        S.same_hands(SPIN, (3,), 16, 8)


def test_SPIN_greedy_discard_ranks_told_wrong_in_C_fail_the_lockstep(monkeypatch):
    """The greedy's mutation check: C ranks the faces by Card.index backwards (its free discards among equal points)."""
    faces, raw = edition_facts(RuleSet.parse(SPIN))
    wrong, k = bytearray(raw), len(EDITION_FACES)
    for i in range(len(faces)):
        at = E.FACES_AT + raw[1] + k * i + EDITION_FACES.index("index rank")
        wrong[at] = len(faces) - 1 - raw[at]
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(wrong))
    with pytest.raises(AssertionError):
        E.same_moves(3, SPIN, range(20), E._everyone)


def test_SPIN_human_bot_without_delays_in_C_fails_the_lockstep():
    assert lockstep(SPIN, (2, 3, 4), 12, rates=LOUD, c_rates=(0.35, 0.25, 0.6, 0.0))["differ"] >= 2


def test_SPIN_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=SPIN, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5
