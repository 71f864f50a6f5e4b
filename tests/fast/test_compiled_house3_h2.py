"""_house3.h's peace (PAA, PAB), GT's twins and PRE's open window on _house2.h's lists, and V as a simulation plays it.

The guide's ready-made variations mix these with the rules of unokit/fast/_house2.h (000 §Variações Prontas:
``TV-BU-C-DR-P3-PRE``, ``DR-AA-AB-GT-P3-BA-T-M-PRE``, ``BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA``...). What the compiled core
had to learn for them, each proven step by step and hand by hand against the referee, and with the strategist and
greedy in lockstep:

- the peace bars the numbers other rules arm (``cardfx.armed_numbers``: DOA, DAD, TRI, BACK, M; PAB's own card
  left out of its peace) as action cards, in a group too (``refuses_group``), and a card drawn under TRI is offered
  only when it may be played alone (``can_play_alone``);
- a group toggles PAB's peace by its count of PAB's card, is no single card for GT's next twin, and GT's penalty
  comes before the cards' effects (a Seven's swap, BACK's draws) as the referee's hooks run in code order;
- CHU's colour to change is judged on _house2.h's lists (the seat in turn's plays keep no colour, a wild names
  another; TRI's drawn card asks the objection as ``can_play_alone`` does, a wild naming colour 0), and
  ``Game.last_plays`` takes every play there, groups and cuts too;
- CLA with T or SEVENO: a play of several numbers (AA, AB, ADDUP) may hold CLA's card and a swap's; the seats their
  hooks list add up into one choice (``compose.targets_of``), the swap comes first and CLA's look sees the hand the
  target holds then;
- V times each turn on the table's clock, which never moves in a simulation (``Game.new``'s ``ManualClock``): the
  compiled core plays V's hands as the hands without it.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
from test_compiled_strategist_house import STRATEGIST

from unokit.bots.greedy import GreedyBot
from unokit.bots.strategist import StrategistBot
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.lab import compiled_chunks
from unokit.rules.catalog import VARIATIONS

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

GREEDY, RANDOM_PLAY = C.POLICIES["greedy"], C.POLICIES["random-play"]


def same_steps(rules: str, players=(2, 3, 4), seeds=range(4)) -> S.Tally:
    return S.same_steps(rules, players, seeds, other=0.2, cap=1500)


def mixed(policy):
    def lineup(players, seed):
        r = random.Random(seed * 31 + players)
        return [policy if r.random() < 0.6 else RANDOM_PLAY for _ in range(players)]
    return lineup


def agree(rules: str, bot, policy, players=(2, 3, 4), hands: int = 6) -> int:
    """Lockstep of ``bot`` (its UNO calls, catches and cuts too) over seeded compiled hands; its decisions."""
    n = 0
    for p in players:
        r = S.lockstep(p, rules, range(100 * p, 100 * p + hands), mixed(policy), bot, policy, reactions=True,
                       cut_short=True, purpose="lab-bot", salt=0)
        assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"
        n += r["decisions"]
    return n


# ------------------------------------------------------------------------------ step by step, pair by pair
# every rule of _house2.h with each of PRE, PAA, PAB and GT (groups of them where the parser allows)
H2_SETS = ("ZEROLEFT-C-DR-BOMB", "SEVENO-JUMPIN-DD", "T-BA-DOUBLE", "CAR-AA-AB", "DAD-TRI-BACK(card=6)-CLA(card=5)",
           "DOA-JUMPIN")


@pytest.mark.parametrize("rule", ["PRE", "PAA", "PAB", "GT", "CHU", "M"])
@pytest.mark.parametrize("others", H2_SETS)
def test_house3_rule_with_house2_rules_compiled_same_steps_as_referee(rule, others):
    rules = f"UNO 1121 {rule}-{others}"
    assert C.problem(rules, "random-play", 3) is None
    t = same_steps(rules)
    assert t.actions > t.share(1000)


@pytest.mark.parametrize("rules", ["UNO 1121 PAA-TRI", "UNO 1121 PAB-BACK-DAD", "UNO 1121 PAA(rounds=3)-DOA",
                                   "UNO 1121 PAB-AA-DR-TRI"])
def test_PAA_PAB_peace_bars_armed_numbers_on_house2_lists(rules):
    """000 §PAA/§PAB: 'no action card' counts a number another rule arms; the core told no armed number fails."""
    same_steps(rules, players=(2, 4), seeds=range(3))
    real = C._armed
    C._armed = lambda rs: 0
    try:
        with pytest.raises((AssertionError, ValueError)):   # (C: "id ... is not legal")
            same_steps(rules, players=(2, 3, 4), seeds=range(6))
    finally:
        C._armed = real


def _history_has(rules: str, players: int, seed: int, pred) -> bool:
    """Did the referee's hand of this seed (random decisions, as check_steps makes them) meet ``pred``?"""
    rng = random.Random(rules)
    g = Game.new(players=players, rules=rules, seed=seed)
    while not g.over and len(g.actions) < 1500:
        lg = [S.referee_ids(g, s) for s in range(players)]
        seat = g.to_act
        if rng.random() < 0.2:
            seat = rng.choice([s for s in range(players) if lg[s]])
        g.apply(C.to_action(rng.choice(lg[seat])))
    return any(pred(e) for e in g.events)


def test_FORCE_lets_a_seat_draw_whose_matching_cards_the_peace_bars():
    """FORCE (no draw while a card can be played alone) asks can_play_alone, which the peace answers: a seat holding
    only barred matching cards draws. The core's listing left it no move (a hung hand: SEVENO-PAA-FORCE, 5 players)."""
    for rules in ("UNO 1121 SEVENO-PAA-FORCE", "UNO 1121 PAB-FORCE-DR", "UNO 1121 PAA(rounds=3)-FORCE-C"):
        same_steps(rules, players=(2, 3, 5), seeds=range(4))
    r = C.play(40, players=5, rules="UNO 1121 SEVENO-PAA-FORCE", bots="strategist", deal_seeds=[235, 236] * 20)
    assert (r.winner >= 0).all()


def test_GT_twin_penalty_comes_before_a_group_and_the_seven_swap():
    """GT (TraitorTwin.on_play) runs in code order before SEVENO's swap and BACK's draws, and a group (DD, DR, AA)
    is no single card for the next twin: each sweep below diverged in C before."""
    for rules in ("UNO 1121 GT-SEVENO", "UNO 1121 GT-BACK", "UNO 1121 GT-DD", "UNO 1121 GT-AA"):
        same_steps(rules, players=(2, 3, 4), seeds=range(5))
    twins = sum(_history_has("UNO 1121 GT-SEVENO", 2, s, lambda e: "traitor twin" in repr(e))
                for s in range(6))
    assert twins >= 1


# ------------------------------------------------------------------------------ the guide's variations
COMPILED_VARIATIONS = ("TV-BU-C-DR-P3-PRE", "FL-DED-DP-MEM-P2", "DD-P1", "DR-P2", "TV-FU-C-DR-V-P3", "DD-P1-PAB-CHU",
                       "BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA", "BU-DR-P1-PAB-CHU-T-TRI-BACK-CLA", "DR-AA-AB-GT-P3-BA-T-M-PRE",
                       "MS-TV-C-DR-V-P3", "BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA", "DR-P4-PAA-SU-CAR-T-M-DOA-PRE")


def test_guide_variations_the_lab_plays_compiled():
    """The lab plays every ready-made variation on the compiled core for random-play, greedy and the strategist (the
    last one, DR-P4-PAA-SU-CAR-T-M-DOA-PRE, since S on _house2.h's lists and DOA's groups of 2s)."""
    assert set(VARIATIONS) == set(COMPILED_VARIATIONS)
    for v in VARIATIONS:
        whys = [compiled_chunks.problem({"kind": "hands", "rules": f"UNO 1121 {v}", "lineup": [b] * 4})
                for b in ("random-play", "greedy", "strategist")]
        assert whys == [None] * 3, v


@pytest.mark.parametrize("rules", ["UNO 1121 BU-C-DR-P3-PRE", "UNO 1121 FU-C-DR-V-P3",
                                   "UNO 1121 DR-AA-AB-GT-P3-BA-T-PRE", "UNO 1121 DD-P1-PAB-CHU",
                                   "UNO 1121 BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA", "UNO 1121 BU-DR-P1-PAB-CHU-T-TRI-BACK-CLA",
                                   "UNO 1121 DR-AA-AB-GT-P3-BA-T-M-PRE", "UNO 1121 M-JUMPIN-DD"])
def test_guide_variations_compiled_hands_equal_referee(rules):
    same_steps(rules, players=(2, 4), seeds=range(3))
    S.same_hands(rules, (2, 3, 4), 6, 4)


@pytest.mark.parametrize("rules", ["UNO 1121 BU-C-DR-P3-PRE", "UNO 1121 DR-AA-AB-GT-P3-BA-T-PRE",
                                   "UNO 1121 BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA", "UNO 1121 PAA-TRI-CAR-JUMPIN",
                                   "UNO 1121 DD-P1-PAB-CHU", "UNO 1121 CHU-AA-AB-JUMPIN", "UNO 1121 DR-AA-AB-GT-P3-BA-T-M-PRE",
                                   "UNO 1121 M-C-PAB"])
def test_compiled_strategist_and_greedy_agree_under_house3_with_house2(rules):
    assert agree(rules, StrategistBot, STRATEGIST) > 150
    assert agree(rules, GreedyBot, GREEDY, players=(2, 3), hands=5) > 80


# ------------------------------------------------------------------------------ CHU, CLA
def _chu_refusals(rules: str, players: int, seeds) -> int:
    """Turns where CHU refused a play of the seat in turn that the official match allows (the rule at work)."""
    n = 0
    for seed in seeds:
        g = Game.new(players=players, rules=rules, seed=seed)
        rng = random.Random(seed)
        while not g.over and len(g.actions) < 600:
            if g.rule_state.get("CHU") == g.turns_done and g.phase.name == "PLAY":
                n += any(c.color is g.color and c.number is not None for c in g.hands[g.current])
            g.apply(rng.choice(S.every_action(g, g.to_act)))
    return n


def test_CHU_colour_to_change_on_house2_lists():
    """000 §CHU on _house2.h's lists: the sweeps meet the obligation, and the core's steps are the referee's."""
    assert _chu_refusals("UNO 1121 CHU-DD-C", 3, range(12)) >= 5
    same_steps("UNO 1121 CHU-DD-C", players=(2, 3, 4), seeds=range(5))
    assert C.problem("UNO 1121 CHU-S-DR", "random-play", 3)   # (with a social rule: the official core only)


@pytest.mark.parametrize("rules", ["UNO 1121 CLA-SEVENO-DR", "UNO 1121 CLA(card=2)-T-DD-JUMPIN", "UNO 1121 CLA-T(card=3)-C"])
def test_CLA_with_a_swap_when_no_play_holds_both_compiled_same_steps(rules):
    assert C.problem(rules, "strategist", 3) is None
    same_steps(rules, players=(2, 3, 4), seeds=range(4))


def _both_cards(rules: str, swap: int, look: int, players=(2, 3, 4), seeds=range(6)) -> int:
    """Plays of random referee hands that hold the swap's card and CLA's and name a seat."""
    n = 0
    for p in players:
        for seed in seeds:
            g = Game.new(players=p, rules=rules, seed=seed)
            rng = random.Random(f"{rules}/{p}/{seed}")
            while not g.over and len(g.actions) < 800:
                a = rng.choice(S.every_action(g, g.to_act))
                nums = {c.number for c in getattr(a, "cards", ())}
                n += swap in nums and look in nums and getattr(a, "target", None) is not None
                g.apply(a)
    return n


@pytest.mark.parametrize("rules, swap, look", [("UNO 1121 CLA-T-AA", 0, 1), ("UNO 1121 CLA-SEVENO-ADDUP", 7, 1),
                                               ("UNO 1121 BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA", 0, 2)])
def test_CLA_and_a_swap_in_one_play_compiled_same_steps_and_the_strategist_agrees(rules, swap, look):
    """000 §CLA beside §T / §SEVENO with the arithmetic rules: a group such as 0+1 on a 1 swaps hands and looks at
    a hand through one seat named (the seats of T's and CLA's hooks add up), the swap first. The random hands hold
    such plays, the core's steps are the referee's, and the strategist, which reads CLA's look, agrees in lockstep."""
    assert C.problem(rules, "strategist", 4) is None
    assert _both_cards(rules, swap, look) >= 3
    t = same_steps(rules, players=(2, 3, 4), seeds=range(5))
    assert t.actions > t.share(1500)
    assert agree(rules, StrategistBot, STRATEGIST, hands=8) > 200


def test_CLA_look_after_the_swap_of_the_same_play_as_the_strategist_reads_it():
    """The hooks run T's swap before CLA's look: the seat named is looked at holding the hand it was just given, and
    the strategist keeps that look (a Seven's swap after the look would make it forget it). Deals where reading the
    look before the swap changes a decision (found by a 60-deal sweep with the order reversed in
    ``h2_strat_events``: six disagreements, none with the order kept)."""
    rules = "UNO 1121 BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA"

    def lineup(players, seed):
        return [STRATEGIST if random.Random(seed * 31 + players).random() < 0.7 else RANDOM_PLAY for _ in range(players)]

    for players, seed in ((2, 16), (3, 11), (4, 27)):
        r = S.lockstep(players, rules, [seed], lineup, StrategistBot, STRATEGIST, reactions=True, cut_short=True,
                       purpose="lab-bot", salt=0, everything=True)
        assert r["decisions"] > 20 and r["agree"] == r["decisions"], (players, seed, r["first"])


def test_TRI_drawn_card_offered_as_can_play_alone_offers_it():
    """Trinity's draw runs _draw_with_policy, which offers the drawn card when Game.can_play_alone allows it: AB's and
    AA's plays of a card that does not match, a seat named, the peace, CHU. The core asked the official match only
    (TRI with AB failed 14 of 18 sweeps of 2-4 players, found by BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA)."""
    for rules in ("UNO 1121 TRI-AB", "UNO 1121 TRI-AA-AB", "UNO 1121 TRI-AB-CHU-PAB"):
        t = same_steps(rules, players=(2, 3, 4), seeds=range(4))
        assert t.actions > t.share(1500)


def test_M_slap_rounds_on_house2_lists():
    """000 §M on _house2.h's lists: a group holding its card opens a round, no cut while the pile is slapped
    (Cut.cut_problem), a going-out 8 waits for the round; the sweeps meet slaps and a cut refused."""
    same_steps("UNO 1121 M-C-DR", players=(2, 3, 4), seeds=range(5))
    slaps = sum(_history_has("UNO 1121 M-C-DR", 3, s, lambda e: e.kind == "slap") for s in range(6))
    assert slaps >= 3


# every rule of _house2.h with S (its card moved off SEVENO's 7 and CAR's/BACK's own), plain, temporary and progressive
S_H2_SETS = ("S-ZEROLEFT-C-DR-BOMB", "S-JUMPIN-DD", "ST-T(card=1)-BA-DOUBLE", "SPP-CAR-AA-AB",
             "S-DAD-TRI-BACK(card=6)-CLA(card=5)", "SU-DOA-JUMPIN", "ST(rounds=2)-M-C-DR")


@pytest.mark.parametrize("rules", S_H2_SETS)
def test_S_on_house2_lists_compiled_same_steps_as_referee(rules):
    """000 §S with the rules of _house2.h: a group toggles the silence by its count of S's card, a play's UNO call
    in silence is judged before the play's hooks (a gift, a swap, a die), the referee's order."""
    rules = f"UNO 1121 {rules}"
    assert C.problem(rules, "random-play", 3) is None and C.problem(rules, "strategist", 3) is None
    t = same_steps(rules)
    assert t.actions > t.share(1000)


def _sevens_in_groups(e) -> int:
    """A group of several cards holding S's card (7) and how many: 0 when the event is none."""
    return sum(c.number == 7 for c in e.cards) if e.kind == "play" and len(e.cards) > 1 else 0


def test_S_group_toggles_by_its_count_and_a_call_in_silence_costs_on_house2_lists():
    """The sweeps meet groups of two 7s (no toggle) and of one or three (a toggle), and UNO calls in silence; a core
    that toggled on a group's last card alone, or judged no call made with a play, parts from the referee."""
    rules = "UNO 1121 S-DR-BA"
    same_steps(rules, players=(2, 3, 4), seeds=range(6))
    even = sum(_history_has(rules, 3, s, lambda e: _sevens_in_groups(e) == 2) for s in range(12))
    odd = sum(_history_has(rules, 3, s, lambda e: _sevens_in_groups(e) in (1, 3)) for s in range(12))
    paid = sum(_history_has(rules, 3, s, lambda e: e.kind == "penalty" and e.reason == "spoke during silence")
               for s in range(12))
    assert even >= 2 and odd >= 2 and paid >= 2, (even, odd, paid)


@pytest.mark.parametrize("rules", ["UNO 1121 S-DR-BA", "UNO 1121 SPP-T(card=1)-CAR-DD", "UNO 1121 ST-DOA-C-BACK(card=6)"])
def test_compiled_strategist_and_greedy_agree_under_S_on_house2_lists(rules):
    """The strategist reads a call in silence's penalty (before a play's gifts and hooks) as StrategistBot does."""
    assert agree(rules, StrategistBot, STRATEGIST) > 150
    assert agree(rules, GreedyBot, GREEDY, players=(2, 3), hands=5) > 80


# ------------------------------------------------------------------------------ MS
@pytest.mark.parametrize("rules", ["UNO 1121 MS1-C-DR-P3", "UNO 1121 MS2(rounds=1)-JUMPIN-DD", "UNO 1121 MS3-C-AA",
                                   "UNO 1121 MS1-DOUBLE-DAD-DR", "UNO 1121 MS1-C-PAB-PRE"])
def test_sudden_death_on_house2_lists_compiled_same_steps_as_referee(rules):
    """000 §MS on _house2.h's lists: the turn at the seats left (a Skip, Reverses, groups of them, DAD's skips), the
    seats out listing nothing, MS3 armed by any card of a group."""
    assert C.problem(rules, "greedy", 4) is None
    t = S.same_steps(rules, (3, 4, 5), range(16), other=0.2, cap=1500)
    assert t.actions > t.share(400)   # (sudden death ends hands early)
    S.same_hands(rules, (3, 4), 8, 4)
    assert agree(rules, GreedyBot, GREEDY, players=(3, 4), hands=12) > 60
    assert agree(rules, StrategistBot, STRATEGIST, players=(3, 4), hands=12) > 60


def test_strategist_olha_o_aviao_counts_the_seats_left_on_house2_lists():
    """StrategistBot._olha_o_aviao names another colour only at three seats left or more (ctx.na) and when no
    opponent left holds one card: the compiled one counted every seat, so with one seat out it bluffed (W>Y where
    the Python strategist plays W>R: MS2-C-DR, 3 players, deal 321)."""
    r = S.lockstep(3, "UNO 1121 MS2-C-DR", [321], mixed(STRATEGIST), StrategistBot, STRATEGIST, reactions=True,
                   cut_short=True, purpose="lab-bot", salt=0, everything=True)
    assert r["decisions"] > 10 and r["agree"] == r["decisions"], r["first"]


# ------------------------------------------------------------------------------ V
def test_V_plays_in_C_as_a_simulation_plays_it():
    """The simulation's clock never moves: V's hands are the hands without it, on the referee and in C."""
    for seed in range(4):
        a, b = Game.new(3, "UNO 1121 V-C-DR", seed=seed), Game.new(3, "UNO 1121 C-DR", seed=seed)
        rng = random.Random(seed)
        while not a.over and len(a.actions) < 400:
            choice = rng.choice(S.every_action(a, a.to_act))
            a.apply(choice)
            b.apply(choice)
            assert [len(h) for h in a.hands] == [len(h) for h in b.hands]
    assert C.problem("UNO 1121 V-C-DR", "strategist", 4) is None
    with_v = C.play(300, players=4, rules="UNO 1121 V-FU-C-DR-P3", bots="strategist", seed=3)
    without = C.play(300, players=4, rules="UNO 1121 FU-C-DR-P3", bots="strategist", seed=3)
    assert (with_v.winner == without.winner).all() and (with_v.turns == without.turns).all()
    same_steps("UNO 1121 V-FU-C-DR-P3", players=(3,), seeds=range(2))
