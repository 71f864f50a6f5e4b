"""The compiled core under ZEROLEFT, SEVENO, C, JUMPIN, DR and DD (unokit/fast/_house2.h) plays the referee's hands.

Each rule is proven three ways, alone and in combinations with the other rules of the core:

1. step by step against the referee (``Game.new(players, rules, seed=s)``): uniform random decisions among
   every complete action of the seat to act or, now and then, of any other seat (cuts, UNO calls, catches,
   ADDUP's challenge out of turn) are applied to both; at every step every seat's legal ids (the referee's
   :func:`unokit.compose.every_action` through ``compiled.action_id``, in its order) and the whole state,
   ``Game.top_player`` included, are the same;
2. hand by hand against the Python harness with random-play bots: the same winner, turns, steps, actions,
   reactions, draws, points and score as ``unokit.sim.play_hand`` and the lab's ``play_deal``. This checks
   the reaction step (the seats shuffled by the harness's generator, each asked in that order, the bots'
   generators drawn for their cuts) and the harness's unfolding of the plays being composed;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance.
"""

from __future__ import annotations

import random

import pytest

import unokit.compose
import unokit.sim
from unokit.actions import Play
from unokit.bots import make_bot
from unokit.cards import Card
from unokit.compose import every_action
from unokit.errors import UnoError
from unokit.fast import compiled as C
from unokit.game import Game
from unokit.lab import play_deal
from unokit.sim import derive_seed, play_hand

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def referee_state(g: Game) -> list:
    """The referee's state in the shape of ``compiled.trace(..., full=True, top_player=True)``."""
    addup = g.rule_state.get("ADDUP")
    return [[[c.index for c in h] for h in g.hands], [c.index for c in g.stock], [c.index for c in g.discard],
            int(g.color), g.direction, g.current, int(g.phase), g.pending,
            -1 if g.drawn is None else g.drawn.index, -1 if g.winner is None else g.winner,
            list(g.uno_said), sorted(g.catchable), -1 if g.going_out is None else g.going_out, g.pending_kind,
            -1 if g.wd4 is None else g.wd4[0], -1 if addup is None else addup[4],
            -1 if g.top_player is None else g.top_player]


def check_steps(players: int, seed: int, rules: str, rng: random.Random, other: float = 0.3,
                cap: int = 1500) -> tuple[int, int]:
    """Play the referee's hand with random decisions, replay them in C, compare every step.
    Returns (actions, out-of-turn plays)."""
    g = Game.new(players=players, rules=rules, seed=seed)
    states, legal, ids = [referee_state(g)], [], []
    cuts = 0
    while not g.over and len(ids) < cap:
        lg = [[C.action_id(a) for a in every_action(g, s)] for s in range(players)]
        seat = g.to_act
        if rng.random() < other:   # another seat acts: cuts, UNO calls, catches, or the seat in turn anyway
            seat = rng.choice([s for s in range(players) if lg[s]])
        i = rng.choice(lg[seat])
        a = C.to_action(i)
        cuts += type(a) is Play and seat != g.to_act
        g.apply(a)
        legal.append(lg)
        ids.append(i)
        states.append(referee_state(g))
    init, steps = C.trace(players, seed, rules=rules, decisions=ids, full=True, top_player=True)
    assert list(init) == states[0], "the deal differs"
    assert len(steps) == len(ids)
    for t, (seat, lg, applied, after) in enumerate(steps):
        assert seat == states[t][5]
        assert lg == legal[t], f"step {t}: legal ids differ"
        assert applied == ids[t]
        assert list(after) == states[t + 1], f"step {t} ({C.to_action(applied)}): the state differs"
    return len(ids), cuts


def same_steps(rules: str, players=(2, 3, 4, 5), seeds: int = 4) -> tuple[int, int]:
    rng = random.Random(rules)
    actions = cuts = 0
    for p in players:
        for seed in range(seeds):
            a, c = check_steps(p, seed, rules, rng)
            actions += a
            cuts += c
    return actions, cuts


def winner(r, i):
    return None if r.winner[i] < 0 else int(r.winner[i])   # -1: cut short at max_steps


def same_hands(rules: str, players=(2, 3, 4, 6), n: int = 16, lab: int = 8, seed: int = 11) -> int:
    """unokit.sim.simulate's hands and the lab's (play_deal), on the referee and in C; returns the reactions."""
    reactions = 0
    for p in players:
        r = C.play(n, players=p, rules=rules, bots="random-play", seed=seed)
        for i in range(n):
            hs = derive_seed(seed, i)
            g = Game.new(players=p, rules=rules, seed=hs)
            bots = [make_bot("random-play", derive_seed(hs, s, "bot")) for s in range(p)]
            res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
            got = (winner(r, i), int(r.actions[i]), int(r.steps[i]), int(r.applied[i]), int(r.reactions[i]),
                   tuple(r.drawn[i].tolist()), tuple(r.points[i].tolist()), int(r.score[i]))
            assert got == (res.winner, res.turns, res.steps, res.actions, res.reactions, res.drawn, res.points,
                           res.score), f"hand {i}, {p} players"
            reactions += res.reactions
        r = C.play(lab, players=p, rules=rules, bots="random-play", seed=5, purpose="lab-deal",
                   bot_purpose="lab-bot", bot_salt=3)
        for i in range(lab):
            o = play_deal(rules, ["random-play"] * p, derive_seed(5, i, "lab-deal"), bot_salt=3)
            got = (winner(r, i), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
                   int(r.drawn[i].sum()), int(r.score[i]), int(r.catches[i]), int(r.penalty_cards[i]),
                   int(r.reactions[i]))
            assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.catches,
                           o.penalty_cards, o.reactions), f"lab hand {i}, {p} players"
    return reactions


def fast_agrees(rules: str, n: int = 6000) -> None:
    a = C.play(n, players=3, rules=rules, bots="random-play", seed=1, chance="referee")
    b = C.play(n, players=3, rules=rules, bots="random-play", seed=2, chance="fast")
    assert not a.truncated.any() and not b.truncated.any()
    for x, y, what in ((a.turns.astype(float), b.turns.astype(float), "mean hand length (turns)"),
                       ((a.winner == a.first).astype(float), (b.winner == b.first).astype(float),
                        "first seat's win rate"),
                       (a.reactions.astype(float), b.reactions.astype(float), "reactions per hand")):
        se = (x.var() / n + y.var() / n) ** 0.5
        assert abs(x.mean() - y.mean()) <= 4 * se + 1e-9, what


# ------------------------------------------------------------------------------------------- ZEROLEFT
def test_ZEROLEFT_compiled_same_steps_as_referee():
    assert same_steps("UNO 1121 ZEROLEFT")[0] > 2000
    same_steps("UNO 1121 ZEROLEFT(card=5)", players=(3, 6), seeds=3)


def test_ZEROLEFT_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 ZEROLEFT")
    same_hands("UNO 1121 ZEROLEFT(card=9)", players=(3, 5), n=8, lab=4)


def test_ZEROLEFT_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 ZEROLEFT")


# --------------------------------------------------------------------------------------------- SEVENO
def test_SEVENO_compiled_same_steps_as_referee():
    assert same_steps("UNO 1121 SEVENO")[0] > 2000


def test_SEVENO_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 SEVENO")


def test_SEVENO_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 SEVENO")


# -------------------------------------------------------------------------------------------------- C
def test_C_compiled_same_steps_as_referee():
    actions, cuts = same_steps("UNO 1121 C")
    assert cuts > 20, "cuts were among the decisions"


def test_C_compiled_hands_equal_sim_and_lab():
    assert same_hands("UNO 1121 C") > 100, "the harness's reaction step was exercised"


def test_C_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 C")


# --------------------------------------------------------------------------------------------- JUMPIN
def test_JUMPIN_compiled_same_steps_as_referee():
    actions, cuts = same_steps("UNO 1121 JUMPIN")
    assert cuts > 20


def test_JUMPIN_compiled_hands_equal_sim_and_lab():
    assert same_hands("UNO 1121 JUMPIN") > 100


def test_JUMPIN_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 JUMPIN")


# ------------------------------------------------------------------------------------------------- DR
def test_DR_compiled_same_steps_as_referee():
    same_steps("UNO 1121 DR", seeds=6)
    same_steps("UNO 1121 BU(cards=14)-DR", players=(2, 3), seeds=2)   # big hands: long groups, many stems


def test_DR_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 DR")


def test_DR_compiled_follows_the_harness_when_stems_stay_folded():
    """With 30-card hands a list can pass unokit.compose.UNFOLD: the bot then picks a stem and completes the
    play one sub-decision at a time (other draws of its generator). These hands have such steps."""
    rules, folded = "UNO 1121 BU(cards=30)-DR", []
    original = unokit.compose.unfold

    def spy(game, actions, limit=unokit.compose.UNFOLD):
        out = original(game, actions, limit)
        folded.append(any(type(a) is Play and a.more for a in out))
        return out

    unokit.sim.unfold = spy
    try:
        same_hands(rules, players=(3,), n=10, lab=2)
    finally:
        unokit.sim.unfold = original
    assert sum(folded) >= 2


def test_DR_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 DR")


# ------------------------------------------------------------------------------------------------- DD
def test_DD_compiled_same_steps_as_referee():
    same_steps("UNO 1121 DD", seeds=5)


def test_DD_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 DD")


def test_DD_compiled_fast_chance_agrees_with_referee_chance():
    fast_agrees("UNO 1121 DD")


# --------------------------------------------------------------------------------------- combinations
COMBOS = ["UNO 1121 C-DR-P4", "UNO 1122 JUMPIN-DD-P2-CON", "UNO 1121 SEVENO-C-DR", "UNO 1121 SEVENO-ADDUP-DR",
          "UNO 1121 ZEROLEFT-JUMPIN-DD-ADDUP", "UNO 1121 DR-CON-SEVENO-JUMPIN-ADDUP uno=4",
          "UNO 1121 FU(cards=5)-ZEROLEFT(card=7)-C-DR-P3-SAT", "UNO 1121 BU(cards=10)-C-DD-INS-FORCE",
          "UNO 3121 JUMPIN-P4-FORCE"]


@pytest.mark.parametrize("rules", COMBOS, ids=[c.replace("UNO ", "").replace(" ", "_") for c in COMBOS])
def test_house2_combinations_compiled_same_steps_and_hands(rules):
    same_steps(rules, players=(2, 3, 4), seeds=2)
    same_hands(rules, players=(2, 3, 5), n=8, lab=3)


def test_house2_compiled_same_steps_with_more_players():
    for players, rules in ((7, "UNO 1121 SEVENO-C"), (8, "UNO 1121 JUMPIN-DR-P4"), (10, "UNO 1121 ZEROLEFT-DD")):
        same_steps(rules, players=(players,), seeds=2)
    same_hands("UNO 1121 SEVENO-C-DR", players=(8, 10), n=6, lab=2)


# ----------------------------------------------------------------------------------- ids, refusals, use
def test_house2_ids_round_trip():
    rng = random.Random(3)
    seen = 0
    for rules in ("UNO 1121 SEVENO-DR", "UNO 1121 C-DD-P4"):
        _, steps = C.trace(4, 7, rules=rules, policy="random-play", policy_seed=1)
        for _, legal, _, _ in steps:
            for ids in legal:
                for i in ids:
                    assert C.action_id(C.to_action(i)) == i
                    seen += i >= C.EXT2_BASE
    assert seen > 0
    a = Play(2, (Card.parse("R7"),), None, True, 0)   # SEVENO: a 7 naming seat 0
    assert C.to_action(C.action_id(a)) == a and C.action_id(a) >= C.EXT2_BASE
    for _ in range(200):   # an id that is not one play's own id is refused
        i = C.EXT2_BASE + rng.randrange(10 ** 9)
        try:
            assert C.action_id(C.to_action(i)) == i
        except UnoError:
            pass
    with pytest.raises(UnoError):
        C.to_action(C.EXT2_BASE + 10 * ((1 * 5 + 0) * 2 * 11))   # one card, no target: an official id


def test_house2_refuses_other_bots_and_the_batch():
    assert C.problem("UNO 1121 SEVENO-C-DR", ["random-play"], 4) is None
    assert "random-play only" in C.problem("UNO 1121 C", ["random-play", "greedy"], 2)
    assert C.problem("UNO 1121 DR", ["strategist"], 2) and C.problem("UNO 1121 ZEROLEFT", ["bench"], 2)
    from unokit.fast.batch import Batch
    with pytest.raises(UnoError, match="move number"):
        Batch(3, rules="UNO 1121 JUMPIN")


def test_house2_rules_change_the_hands():
    def run(rules):
        return C.play(3000, players=4, rules=rules, seed=4, chance="fast")
    base, cut, dr = run("UNO 1121"), run("UNO 1121 C"), run("UNO 1121 DR")
    assert base.reactions.sum() == 0 < cut.reactions.sum()          # cuts are reactions
    assert dr.turns.mean() < base.turns.mean()                       # groups shorten hands
    assert (run("UNO 1121 ZEROLEFT").records != base.records).any()
    assert (run("UNO 1121 SEVENO").records != base.records).any()


def test_house2_simulate_picks_the_compiled_core_and_agrees_with_the_referee():
    from unokit.sim import simulate
    kw = dict(players=3, rules="UNO 1121 C-DR-P4", bots="random-play", seed=3, progress=False)
    a = simulate(30, engine="compiled", chance="referee", **kw)
    b = simulate(30, engine="referee", **kw)
    strip = lambda s: {k: v for k, v in s.items() if k not in ("seconds", "hands_per_second", "checked", "engine")}
    assert strip(a) == strip(b)
    assert simulate(3, engine="auto", **kw)["engine"].startswith("compiled")
