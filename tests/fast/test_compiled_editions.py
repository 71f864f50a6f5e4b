"""The compiled core plays the editions of unokit/fast/_editions.h as the referee does: UNO All Wild!

Proven as tests/fast/test_compiled_house5.py proves its rules (tests/compiled_support.py):

1. step by step against the referee: uniform random decisions among every complete action of the seat to act or,
   now and then, of any other seat (UNO calls, catches); at every step every seat's legal moves and the whole
   state (hands, stock and discard in order, direction, seat, phase, pending draw, card drawn, winner, UNO calls,
   catchable seats, the seat going out, the dealer) agree, at 2, 3, 4, 6 and 10 players;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, and the
   compiled greedy against the Python GreedyBot: the same moves applied, reactions included, in the same order;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the core told a Forced Swap names nobody, a Wild Reverse does not reverse, a Targeted Draw Two or a
   Wild Draw Four draws fewer fails check 1; a Wild's points, the hand check; a Wild Draw Two no draw card for
   the greedy, the greedy check.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest

from unokit.bots import make_bot
from unokit.core.actions import CatchUno, Challenge, ChooseColor, Discard, Draw, Pass, Play, SayUno, Slap
from unokit.core.cards import COLORS
from unokit.engine.compose import every_action
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.fast.ccore import EDITION_FACES, EDITION_HEAD, EDITION_ROLLS, EDITION_TAIL, edition_facts
from unokit.lab.sim import derive_seed, play_hand
from unokit.rules import RuleSet
from unokit.rules.editions.flex import powers

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

ALLWILD = "UNO ALLWILD"
_KINDS = {Play: 0, Draw: 1, Pass: 2, SayUno: 3, CatchUno: 4, ChooseColor: 5, Challenge: 6, Discard: 8, Slap: 9}


def _faces(rules: str) -> tuple[str, ...]:
    return edition_facts(RuleSet.parse(rules))[0]


def move_of(a, faces: tuple[str, ...]) -> tuple[int, int, int, int, int, int]:
    """A referee action as the core's move: (seat, kind, face, seat named or caught, UNO call, colour named)."""
    kind = _KINDS[type(a)]
    if kind == 0:
        return (a.player, 0, faces.index(a.cards[0].code), -1 if a.target is None else a.target, int(a.uno),
                -1 if a.color is None else COLORS.index(a.color))
    if kind == 5:
        return (a.player, 5, -1, -1, 0, COLORS.index(a.color))
    if kind == 8:   # UNO Spin's free discard
        return (a.player, 8, faces.index(a.card.code), -1, 0, -1)
    return (a.player, kind, -1, a.target if kind == 4 else -1, 0, -1)


def state_of(g: Game, faces: tuple[str, ...]) -> tuple:
    """The referee's state as _editions.h's trace writes it."""
    def ix(cards):
        return [faces.index(c.code) for c in cards]
    return ([ix(h) for h in g.hands], ix(g.stock), ix(g.discard), g.direction, g.current, int(g.phase), g.pending,
            -1 if g.drawn is None else faces.index(g.drawn.code), -1 if g.winner is None else g.winner,
            [bool(x) for x in g.uno_said], sorted(g.catchable), -1 if g.going_out is None else g.going_out, g.dealer,
            COLORS.index(g.color), sorted(g.eliminated), red_powers(g))


def red_powers(g: Game) -> list[int]:
    """The seats whose power card is red (UNO Flex; every card green under the other editions)."""
    return [q for q, x in enumerate(powers(g)) if not x]


def check_steps(players: int, seed: int, rules: str, rng: random.Random, other: float, cap: int) -> tuple[int, int]:
    """Play ``seed``'s hand on the referee with random decisions, then the same moves in C: the same state and every
    seat's legal moves after each. Returns (moves, reactions among them)."""
    faces = _faces(rules)
    g = Game.new(players=players, rules=rules, seed=seed)
    states, legal, moves = [], [], []
    start = state_of(g, faces)
    while not g.over and len(moves) < cap:
        lists = [[move_of(a, faces) for a in every_action(g, s)] for s in range(players)]
        seats = [s for s in range(players) if s != g.to_act and lists[s]]
        seat = rng.choice(seats) if seats and rng.random() < other else g.to_act
        acts = every_action(g, seat)
        a = rng.choice(acts)
        legal.append(lists)
        moves.append(move_of(a, faces))
        g.apply(a)
        states.append(state_of(g, faces))
    first, steps = C.trace(players, seed, rules=rules, decisions=moves)
    assert tuple(first) == start, (players, seed, "the deal")
    assert len(steps) == len(moves)
    for t, (seat, lg, mv, st) in enumerate(steps):
        assert [[tuple(m) for m in x] for x in lg] == legal[t], (players, seed, t, "legal moves")
        assert tuple(mv) == moves[t] and seat == moves[t][0]
        assert tuple(st) == states[t], (players, seed, t, moves[t])
    return len(moves), sum(1 for m in moves if m[1] >= 3)


def same_steps(rules: str, players, seeds, *, other: float = 0.5, cap: int = 600) -> tuple[int, int]:
    moves = reactions = 0
    for p in players:
        for seed in S.sample(seeds)[0]:
            m, r = check_steps(p, seed, rules, random.Random(seed * 31 + p), other, cap)
            moves += m
            reactions += r
    return moves, reactions


# ------------------------------------------------------------------------------------------- ALLWILD
def test_ALLWILD_is_played_compiled_in_its_player_range_only():
    for players in range(2, 11):
        assert C.problem(ALLWILD, "random-play", players) is None, players
        assert C.problem(ALLWILD, "random-play", players, deck="allwild") is None
    assert C.problem(ALLWILD, "random-play", 11)
    for other in ("P2", "DR", "S"):
        why = C.problem(f"UNO ALLWILD {other}", "random-play", 3)
        assert why is None or (why and other in why), other
    assert C.problem("UNO ALLWILD(swap=pair)", "random-play", 3)
    assert C.problem(ALLWILD, "greedy", 3) is None
    assert C.problem(ALLWILD, "strategist", 3) is None   # _edstrategist.h (tests/fast/test_compiled_edstrategist.py)
    assert "search" in C.problem(ALLWILD, "search", 3)
    assert C.problem(ALLWILD, "random-play", 3, decks=2)
    assert C.problem("UNO FLASH(targeted=on)", "random-play", 3)
    assert C.batch_problem(ALLWILD)


def test_ALLWILD_facts_come_from_the_edition():
    faces, raw = edition_facts(RuleSet.parse(ALLWILD))
    assert faces == ("W", "WR", "WS", "WS2", "WFS", "W+2", "WT+2", "W+4")
    nf, nd = raw[0], raw[1]
    assert (nf, nd) == (8, 112) and len(raw) == FACES_AT + nd + len(EDITION_FACES) * nf + EDITION_TAIL
    assert tuple(raw[2:5]) == (0, 0, 1)   # no mercy, no drawing until playable; the swap changes a hand
    row = face_rows(ALLWILD)
    assert tuple(row["WR"][:4]) == (1, 1, 2, 0) and row["W+4"][4] == 4 and row["W"][7] == 20
    assert tuple(row["WFS"][5:7]) == (1, 0) and tuple(row["WT+2"][5:7]) == (2, 2)


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_ALLWILD_compiled_same_steps_as_referee(players):
    moves, reactions = same_steps(ALLWILD, (players,), range(6))
    assert moves > 200 and reactions > 0


def test_ALLWILD_compiled_hands_equal_sim_and_lab():
    t = S.same_hands(ALLWILD, (2, 3, 4, 7), 16, 8)
    assert t.reactions > 0
    S.fast_agrees(ALLWILD, 4000)


def test_ALLWILD_swaps_and_catches_happen():
    r = C.play(3000, players=4, rules=ALLWILD, seed=3, chance="fast")
    assert not r.truncated.any() and r.catches.sum() > 50 and r.penalty_cards.sum() > r.catches.sum() * 2
    assert (r.score > 0).all()


#: where the deck starts in the facts: the counts of faces and cards, the edition's numbers, the launcher's rolls
FACES_AT = 2 + len(EDITION_HEAD) + EDITION_ROLLS


def face_rows(rules: str) -> dict[str, bytes]:
    """The facts of each face of ``rules``'s edition, as C reads them (:data:`EDITION_FACES`)."""
    faces, raw = edition_facts(RuleSet.parse(rules))
    at, k = FACES_AT + raw[1], len(EDITION_FACES)
    return {f: raw[at + k * i: at + k * (i + 1)] for i, f in enumerate(faces)}


def told_wrong(monkeypatch, rules: str, face: str | None, fact: str, value: int) -> None:
    """C is handed the edition's facts with one of them wrong (``face`` None: one of :data:`EDITION_HEAD`)."""
    faces, raw = edition_facts(RuleSet.parse(rules))
    wrong = bytearray(raw)
    if face is None:
        wrong[2 + EDITION_HEAD.index(fact)] = value
    else:
        wrong[FACES_AT + raw[1] + len(EDITION_FACES) * faces.index(face) + EDITION_FACES.index(fact)] = value
    monkeypatch.setattr(C, "_edition_facts", lambda code: bytes(wrong))


def _told_wrong(monkeypatch, face: str, fact: str, value: int) -> None:
    told_wrong(monkeypatch, ALLWILD, face, fact, value)


@pytest.mark.parametrize("face,fact,value", [("WFS", "seat choice", 0), ("WR", "reverse", 0),
                                             ("WT+2", "cards the seat chosen draws", 1), ("W+4", "draw", 2)])
def test_ALLWILD_told_wrong_in_C_fails_the_differential_check(monkeypatch, face, fact, value):
    """The mutation check: C is told the Forced Swap names nobody, the Wild Reverse does not reverse, the Targeted
    Draw Two draws one, the Wild Draw Four two: the steps differ."""
    _told_wrong(monkeypatch, face, fact, value)
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses a move the referee took
        same_steps(ALLWILD, (3, 4), range(4))


def test_ALLWILD_points_told_wrong_in_C_fail_the_hand_check(monkeypatch):
    _told_wrong(monkeypatch, "W", "points", 50)
    with pytest.raises(AssertionError):
        S.same_hands(ALLWILD, (3,), 8, 4)


def same_moves(players: int, rules: str, seeds, lineup, bot: str = "greedy", cut_short: bool = False
               ) -> tuple[int, int]:
    """C's hands (every move applied, reactions included) equal unokit.lab.sim.play_hand's with the same bots
    (GreedyBot, StrategistBot, RandomPlayBot), each seeded as its C seat, and the same harness generator: so every
    decision of a ``bot`` seat is the Python bot's. ``cut_short``: a hand may end at the step limit. Returns
    (``bot``'s decisions, hands)."""
    faces = _faces(rules)
    decisions = hands = 0
    for seed in S.sample(seeds)[0]:
        hs = derive_seed(11, seed)
        names = lineup(players, seed)
        rec, moves = C.edition_log(players, rules, names, hs)
        g = Game.new(players=players, rules=rules, seed=hs)
        bots = [make_bot(name, derive_seed(hs, s, "bot")) for s, name in enumerate(names)]
        res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
        assert [tuple(m) for m in moves] == [move_of(a, faces) for _, a in g.actions], (players, seed, names)
        won = -1 if cut_short and res.winner is None else res.winner
        assert (rec[0], rec[C.FIELDS.index("steps")]) == (won, res.steps)
        decisions += sum(1 for m in moves if names[m[0]] == bot)
        hands += 1
    return decisions, hands



def greedy_agrees(players: int, rules: str, lineup, hands: int) -> None:
    """:func:`same_moves` over ``range(hands)``: more than 100 greedy decisions, at least half the hands played."""
    decisions, played = same_moves(players, rules, range(hands), lineup)
    assert decisions > 100 and played >= hands // 2

def _alternate(players, seed):
    return ["greedy" if s % 2 == 0 else "random-play" for s in range(players)]


def _everyone(players, seed):
    return ["greedy"] * players


def _mixed(players, seed):
    r = random.Random(seed * 31 + players)
    return ["greedy" if r.random() < 0.6 else "random-play" for _ in range(players)]


@pytest.mark.parametrize("players,lineup,hands", [(2, _alternate, 40), (3, _everyone, 30), (4, _mixed, 30),
                                                  (6, _alternate, 16), (10, _mixed, 10)])
def test_ALLWILD_compiled_greedy_makes_the_python_greedy_choices(players, lineup, hands):
    greedy_agrees(players, ALLWILD, lineup, hands)


def test_ALLWILD_greedy_told_wrong_in_C_fails_the_lockstep(monkeypatch):
    """The greedy's mutation check: C's greedy sees no Wild Draw Two as a draw card (no threat to stop)."""
    _told_wrong(monkeypatch, "W+2", "card draw", 0)
    with pytest.raises(AssertionError):
        same_moves(3, ALLWILD, range(30), _everyone)


def test_ALLWILD_greedy_beats_random_play():
    r = C.play(4000, players=2, rules=ALLWILD, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner == 0).mean() > 0.5
