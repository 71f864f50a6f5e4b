"""The compiled core plays UNO Flip (``UNO FLIP``, unokit/fast/_ed_flip.h) as the referee does (issue 28 point 1).

Proven as No Mercy is (tests/fast/test_compiled_editions_nomercy.py), with a card of C's state the physical
double-sided card with its side up (the referee's ``FlipCard.pair``) and a move naming the side its player sees:

1. step by step against the referee: random decisions among every complete action of the seat to act or of another
   seat; every seat's legal moves and the whole state (each physical card and its side, the piles' order after a
   flip, the colour of the side in play) agree after each move, at 2, 3, 4 and 6 players; the hands played show
   every mechanism (flips both ways, a wild turned up by a flip, the Wild Draw Colour's drawing and its challenges
   both ways, the Skip Everyone, the Draw Five);
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots (the points
   of the side in play), and the compiled greedy move for move against GreedyBot (its colour named on the dark
   side, its challenges read from the history and the pile a flip leaves unseen); hypothesis draws the deals;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the core told a Flip turns nothing, a Wild Draw Colour draws no more than one, a card's back is
   another, the Skip Everyone skips one seat fails check 1; a Wild Draw Colour's points, the hand check; a dark
   colour read as another by the greedy, the greedy check.
"""

from __future__ import annotations

import collections
import random

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_editions import _alternate, _everyone, _mixed, face_rows, red_powers, told_wrong
from test_compiled_editions_human import CHATTY, SAY, _humans, _lineup, compiled_moves
from test_compiled_human import HG, HR, LOUD, _player

from unokit.bots import make_bot
from unokit.core import codec
from unokit.core.actions import CatchUno, Challenge, ChooseColor, Draw, Pass, Play, Say, SayUno
from unokit.core.cards import DARK_COLORS
from unokit.engine.compose import every_action
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_FACES, EDITION_KINDS, edition_facts
from unokit.lab.sim import derive_seed, play_hand
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

FLIP = "UNO FLIP"
_KINDS = {Play: 0, Draw: 1, Pass: 2, SayUno: 3, CatchUno: 4, ChooseColor: 5, Challenge: 6}
FACES = edition_facts(RuleSet.parse(FLIP))[0]          # each physical card with either side up ("R5/T+5")
CARD = {pair: i for i, pair in enumerate(FACES)}
SAME = {}                                               # the face a move names: the first card showing that side
for _i, _pair in enumerate(FACES):
    SAME.setdefault(_pair.split("/")[0], _i)


def move_of(a, g: Game) -> tuple[int, int, int, int, int, int]:
    """A referee action as the core's move: (seat, kind, face seen, seat caught, UNO call, colour of the side)."""
    kind = _KINDS[type(a)]
    if kind == 0:
        return (a.player, 0, SAME[a.cards[0].code], -1, int(a.uno), -1 if a.color is None else g.colors.index(a.color))
    if kind == 5:
        return (a.player, 5, -1, -1, 0, g.colors.index(a.color))
    return (a.player, kind, -1, a.target if kind == 4 else -1, 0, -1)


def state_of(g: Game) -> tuple:
    """The referee's state as _editions.h's trace writes it (a card: its physical card with its side up)."""
    def ix(cards):
        return [CARD[c.pair] for c in cards]
    return ([ix(h) for h in g.hands], ix(g.stock), ix(g.discard), g.direction, g.current, int(g.phase), g.pending,
            -1 if g.drawn is None else SAME[g.drawn.code], -1 if g.winner is None else g.winner,
            [bool(x) for x in g.uno_said], sorted(g.catchable), -1 if g.going_out is None else g.going_out, g.dealer,
            g.colors.index(g.color), sorted(g.eliminated), red_powers(g))


def check_steps(players: int, seed: int, rng: random.Random, other: float = 0.5, cap: int = 600,
                seen: collections.Counter | None = None) -> int:
    """``seed``'s hand on the referee with random decisions, then the same moves in C: the same state and every seat's
    legal moves after each. Returns the moves."""
    g = Game.new(players=players, rules=FLIP, seed=seed)
    states, legal, moves = [], [], []
    start = state_of(g)
    while not g.over and len(moves) < cap:
        lists = [[move_of(a, g) for a in every_action(g, s)] for s in range(players)]
        seats = [s for s in range(players) if s != g.to_act and lists[s]]
        seat = rng.choice(seats) if seats and rng.random() < other else g.to_act
        a = rng.choice(every_action(g, seat))
        if seen is not None:   # the mechanisms the step shows: a Wild Draw Colour drawn or challenged, a turned wild
            top = g.top.code
            seen[f"draw {top}"] += type(a) is Draw and g.pending > 0
            seen[f"challenge {top}"] += type(a) is Challenge
            seen["turned wild"] += type(a) is ChooseColor and len(g.discard) > 1
        legal.append(lists)
        moves.append(move_of(a, g))
        g.apply(a)
        states.append(state_of(g))
    if seen is not None:
        seen.update(e.kind for e in g.events)
        seen.update(f"{e.kind} {e.detail}" for e in g.events if e.kind == "challenge")
        seen["dark"] += g.rule_state.get("FLIP") == "dark"
    first, steps = C.trace(players, seed, rules=FLIP, decisions=moves)
    assert tuple(first) == start, (players, seed, "the deal")
    assert len(steps) == len(moves)
    for t, (seat, lg, mv, stt) in enumerate(steps):
        assert [[tuple(m) for m in x] for x in lg] == legal[t], (players, seed, t, "legal moves")
        assert tuple(mv) == moves[t] and seat == moves[t][0]
        assert tuple(stt) == states[t], (players, seed, t, moves[t])
    return len(moves)


def same_steps(players, seeds, seen=None) -> int:
    return sum(check_steps(p, seed, random.Random(seed * 31 + p), seen=seen)
               for p in players for seed in S.sample(seeds)[0])


def test_FLIP_is_played_compiled_for_its_proven_bots_only():
    for players in (2, 3, 4, 6, 10):
        assert C.problem(FLIP, "random-play", players) is None, players
        assert C.problem(FLIP, "greedy", players, deck="flip") is None
        assert C.problem(FLIP, ([HG, HR, "greedy", "random-play"] * 3)[:players], players) is None
    assert C.problem(FLIP, "random-play", 11)
    assert C.problem(FLIP, "strategist", 3) is None   # (tests/fast/test_compiled_edcstrategist.py)
    assert C.problem("UNO FLIP C", "random-play", 3)
    assert C.batch_problem(FLIP)


def test_FLIP_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(FLIP))
    assert (raw[0], raw[1]) == (224, 112) and len(faces) == 224 and len(set(faces)) == 224
    row = face_rows(FLIP)

    def fact(face, name):
        return row[face][EDITION_FACES.index(name)]

    flips = [f for f in faces if f.split("/")[0][1:] == "F"]
    assert len(flips) == 16 and all(EDITION_KINDS[fact(f, "seat choice")] == "flip" for f in flips)
    for f in faces:   # each card's back is its own card turned over; a move names the first card of its side
        up, down = f.split("/")
        assert faces[fact(f, "turned over")] == f"{down}/{up}"
        assert faces[fact(f, "same face as")].split("/")[0] == up and fact(f, "same face as") < 128
    wdc = next(f for f in faces if f.startswith("WDC/"))
    w2 = next(f for f in faces if f.startswith("W+2/"))
    assert fact(wdc, "draws until the colour") == 1 and fact(w2, "draws until the colour") == 0
    assert fact(wdc, "challengeable") and fact(w2, "challengeable") and fact(w2, "draw") == 2
    assert fact(wdc, "points") == 60 and fact(w2, "points") == 50
    sa = next(f for f in faces if f[1:].startswith("SA/"))
    plus5 = next(f for f in faces if f[1:].startswith("+5/"))
    plus1 = next(f for f in faces if f[1:].startswith("+1/"))
    assert fact(sa, "advance") == 0 and fact(plus5, "draw") == 5 and fact(plus1, "first: draw") == 1
    assert fact(w2, "first: returned") and not fact(flips[0], "first: returned")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_FLIP_compiled_same_steps_as_referee(players):
    assert same_steps((players,), range(8)) > 150


def test_FLIP_steps_show_every_mechanism():
    """Hands stepped with a generator that plays a Flip or a Wild Draw Colour, or challenges, when it may: they hold
    each of the edition's mechanisms (and C agrees on them)."""
    seen: collections.Counter = collections.Counter()
    for players, seed in ((3, 0), (3, 1), (4, 2), (4, 3), (5, 4), (2, 5)):
        check_steps(players, seed, _Biased(seed), seen=seen)
    for kind in ("flip", "dark", "turned wild", "draw WDC", "challenge WDC", "challenge W+2", "guilty", "innocent",
                 "draw P+5", "uno", "caught"):
        assert any(kind in k for k in seen if seen[k]), (kind, seen)


class _Biased(random.Random):
    """The step check's generator, choosing a Flip or a Wild Draw Colour, or a challenge, when offered."""

    def choice(self, seq):
        seq = list(seq)
        pick = [a for a in seq if (type(a) is Play and a.cards[0].code in ("RF", "YF", "GF", "BF", "PF", "TF", "OF",
                                                                          "VF", "WDC")) or type(a) is Challenge]
        return super().choice(pick) if pick and self.random() < 0.8 else super().choice(seq)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1), other=st.floats(0, 1))
def test_FLIP_hypothesis_any_deal_steps_as_referee(players, seed, other):
    check_steps(players, seed, random.Random(seed), other=other, cap=300)


def test_FLIP_compiled_hands_equal_sim_and_lab():
    S.same_hands(FLIP, (2, 3, 4, 6), 16, 8)
    S.fast_agrees(FLIP, 3000)


def test_FLIP_hands_end_and_challenges_and_reshuffles_happen():
    r = C.play(3000, players=4, rules=FLIP, seed=3, chance="fast")
    assert not r.truncated.any() and (r.winner >= 0).all()
    assert r.reshuffles.sum() > 0
    r = C.play(3000, players=4, rules=FLIP, bots="greedy", seed=3, chance="fast")   # (random-play never challenges)
    assert not r.truncated.any() and r.penalty_cards.sum() > 100


@pytest.mark.parametrize("face,fact,value", [("RF/", "seat choice", 0), ("WDC/", "draws until the colour", 0),
                                             ("R5/", "turned over", 0), ("PSA/", "advance", 2),
                                             ("O+5/", "draw", 4), ("W+2/", "challengeable", 0)])
def test_FLIP_told_wrong_in_C_fails_the_differential_check(monkeypatch, face, fact, value):
    """The mutation check: each of the edition's facts told wrong makes the steps differ."""
    told_wrong(monkeypatch, FLIP, next(f for f in FACES if f.startswith(face)), fact, value)
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses a move the referee took
        for seed in range(12):
            check_steps(3, seed, _Biased(seed))


@pytest.mark.parametrize("side", ["R", "P"])
def test_FLIP_points_told_wrong_in_C_fail_the_hand_check(monkeypatch, side):
    """Every red (light) or pink (dark) card's points told one more: the hands' points differ."""
    from test_compiled_editions import FACES_AT
    faces, raw = edition_facts(RuleSet.parse(FLIP))
    wrong = bytearray(raw)
    for i, f in enumerate(faces):
        if f.startswith(side):
            wrong[FACES_AT + raw[1] + len(EDITION_FACES) * i + EDITION_FACES.index("points")] += 1
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(wrong))
    with pytest.raises(AssertionError):
        S.same_hands(FLIP, (3,), 16, 8)


# ------------------------------------------------------------------------------------------- the bots
def same_moves(players: int, seeds, lineup, bot: str = "greedy", cut_short: bool = False
               ) -> tuple[int, int, collections.Counter]:
    """C's hands (every move applied, reactions included) equal unokit.lab.sim.play_hand's with the same bots: so every
    decision of a ``bot`` seat (GreedyBot, StrategistBot) is the Python bot's (``cut_short``: a hand may end at the
    step limit). Returns (``bot``'s decisions, hands, what the greedy did)."""
    decisions = hands = 0
    did: collections.Counter = collections.Counter()
    for seed in S.sample(seeds)[0]:
        hs = derive_seed(11, seed)
        names = lineup(players, seed)
        rec, moves = C.edition_log(players, FLIP, names, hs)
        g = Game.new(players=players, rules=FLIP, seed=hs)
        bots = [make_bot(name, derive_seed(hs, s, "bot")) for s, name in enumerate(names)]
        res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
        mine: list[tuple] = []
        replay = Game.new(players=players, rules=FLIP, seed=hs)   # (a move's colour is its side's: replayed)
        for _, a in g.actions:
            mine.append(move_of(a, replay))
            if names[a.player] == "greedy":
                did["dark colour" if type(a) in (Play, ChooseColor) and a.color in DARK_COLORS else
                    "challenge" if type(a) is Challenge else "play"] += 1
            replay.apply(a)
        assert [tuple(m) for m in moves] == mine, (players, seed, names)
        won = -1 if cut_short and res.winner is None else res.winner
        assert rec[0] == won and rec[C.FIELDS.index("steps")] == res.steps
        decisions += sum(1 for m in moves if names[m[0]] == bot)
        hands += 1
    return decisions, hands, did


@pytest.mark.parametrize("players,lineup,hands", [(2, _alternate, 30), (3, _everyone, 30), (4, _mixed, 20),
                                                  (6, _alternate, 10)])
def test_FLIP_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    decisions, played, _ = same_moves(players, range(hands), lineup)
    assert decisions > 100 and played >= hands // 2


def test_FLIP_greedy_names_dark_colours_and_challenges():
    _, _, did = same_moves(3, range(40), _everyone)
    assert did["dark colour"] > 0 and did["challenge"] > 0 and did["play"] > 100, did


def test_FLIP_greedy_told_wrong_in_C_fails_the_lockstep(monkeypatch):
    """The greedy's mutation check: C's greedy reads the dark Pink Draw Five as teal (its colour options wrong)."""
    for f in FACES:
        if f.startswith("P+5/"):
            told_wrong(monkeypatch, FLIP, f, "colour", 1)
            break
    with pytest.raises((AssertionError, ValueError)):
        same_moves(3, range(20), _everyone)


def test_FLIP_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=FLIP, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5


# ------------------------------------------------------------------------------------------- the human-error bots
def moves_as_played(g: Game, players: int, seed: int) -> list[tuple]:
    """``g``'s actions as the core's moves (a line said: EM_SAY), each read on the hand replayed to it (a colour is
    its side's)."""
    replay = Game.new(players=players, rules=FLIP, seed=seed)
    out = []
    for _, a in g.actions:
        out.append((a.player, SAY, codec.SAY_LINES.index(a.text), -1, 0, -1) if type(a) is Say else move_of(a, replay))
        replay.apply(a)
    return out


def human_lockstep(players, seeds: int, rates=LOUD, c_rates=None, lineup=_lineup) -> dict:
    """Every move of the sampled hands, C == the referee's harness with HumanBot (``c_rates``: C's rates, for the
    mutation checks: counts the hands that differ)."""
    out = collections.Counter()
    for p in players:
        for seed in S.sample(seeds)[0]:
            names, deal = lineup(p, seed), derive_seed(11, seed)
            assert C.problem(FLIP, names, p) is None
            g = Game.new(players=p, rules=FLIP, seed=deal)
            bots = [_player(b, derive_seed(deal, s, "bot"), rates) for s, b in enumerate(names)]
            play_hand(g, bots, rng=random.Random(derive_seed(deal, 0, "harness")), record=False)
            mine = moves_as_played(g, p, deal)
            got = compiled_moves(FLIP, p, names, deal, c_rates or rates)
            if c_rates is not None:
                out["differ"] += got != mine
                continue
            assert got == mine, (p, seed, names)
            out["hands"] += 1
            out["lines"] += sum(m[1] == SAY for m in got)
            out["caught"] += sum(m[1] == 4 for m in got)
            out["dark"] += g.rule_state.get("FLIP") == "dark"
    return out


def test_FLIP_human_bots_every_move_as_on_the_referee():
    r = human_lockstep((2, 3, 4, 6), 10, rates=None)   # HumanBot's own rates
    assert r["hands"] == S.sampled(10) * 4
    r = human_lockstep((2, 3, 4, 6), 12)                # erring often
    assert r["caught"] > 0 and r["lines"] > 0 and r["dark"] > 0, r
    r = human_lockstep((3, 4, 5), 10, rates=CHATTY, lineup=_humans)   # apologising after every penalty, talking
    assert r["lines"] > 0


@pytest.mark.parametrize("players,lineup", [(4, [HR] * 4), (3, [HG, HR, "greedy"])])
def test_FLIP_human_lab_hands_equal_play_deal(players, lineup):
    S.same_lab_hands(FLIP, lineup, S.sampled(30))


@pytest.mark.parametrize("rates,c_rates,lineup", [
    (LOUD, (0.35, 0.25, 0.6, 0.0), _lineup),                # C's humans react without delays
    ((0.3, 0.0, 1.0, 0.6), (0.3, 0.0, 0.0, 0.6), _humans),  # never apologise
])
def test_FLIP_mutated_human_bot_fails_the_lockstep(rates, c_rates, lineup):
    assert human_lockstep((2, 3, 4), 16, rates=rates, c_rates=c_rates, lineup=lineup)["differ"] >= 1
