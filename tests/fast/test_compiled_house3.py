"""The compiled core under the rules of unokit/fast/_house3.h plays the referee's hands.

NOCHALLENGE, WILDSTART, LIMIT, OPEN and REV (OPEN and REV change only the views, which the compiled bots
do not read), alone and with the rules already covered. Each is proven as tests/fast/test_compiled_house.py and
tests/fast/test_compiled_house2.py prove theirs:

1. step by step against the referee (``Game.new(players, rules, seed=s)``): uniform random decisions among
   every complete action of the seat to act or, now and then, of any other seat (UNO calls, catches,
   challenges, cuts) are applied to both; at every step every seat's legal ids and the whole state agree;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance.

Rules the core cannot play are refused by ``compiled.problem`` with a reason (V: real time).
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest

from unokit.engine.game import Game
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def same_steps(rules: str, players=(2, 3, 4), seeds=range(3)) -> S.Tally:
    """Step by step against the referee (tests/compiled_support.py): another seat acts now and then (20%)."""
    return S.same_steps(rules, players, seeds, other=0.2, cap=1500)


def same_hands(rules: str, players=(2, 3, 5), n: int = 12, lab: int = 6, seeds=None) -> S.Tally:
    """unokit.lab.sim.simulate's hands and the lab's (play_deal), on the referee and in C (tests/compiled_support.py)."""
    return S.same_hands(rules, players, n, lab, seeds=seeds)


def fast_agrees(rules: str, n: int = 5000, stuck: bool = False) -> None:
    """``stuck``: hands may stall (every hand at LIMIT and nothing playable) until max_steps cuts them short"""
    S.fast_agrees(rules, n, stuck)


def wd4_first_seeds(players: int, count: int, rules: str = "UNO 1121 WILDSTART") -> list[int]:
    """Seeds whose first discard (kept under WILDSTART) is a Wild Draw Four."""
    out = []
    s = 0
    while len(out) < count and s < 5000:
        g = Game.new(players=players, rules=rules, seed=s)
        if g.discard[0].index == 53:   # the Wild Draw Four
            out.append(s)
        s += 1
    assert len(out) == count
    return out


# ------------------------------------------------------------------------------------------- NOCHALLENGE
def test_NOCHALLENGE_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 NOCHALLENGE")
    assert t.actions > t.share(200)
    same_steps("UNO 1121 NOCHALLENGE-P4-CON", players=(3,), seeds=range(2))
    same_steps("UNO 1122 NOCHALLENGE-SEVENO-C", players=(3,), seeds=range(2))


def test_NOCHALLENGE_offers_no_challenge():
    for seed in range(30):
        _, steps = C.trace(3, seed, rules="UNO 1121 NOCHALLENGE", policy="random-play", policy_seed=seed)
        assert not any(i % C.ACTIONS_PER_SEAT == 122 for _, lg, _, _ in steps for ids in lg for i in ids
                       if i < C.EXT_BASE)


def test_NOCHALLENGE_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 NOCHALLENGE")
    same_hands("UNO 1121 NOCHALLENGE-P2-JUMPIN", players=(3,))


# ------------------------------------------------------------------------------------------- WILDSTART
def test_WILDSTART_compiled_same_steps_as_referee():
    rng = random.Random(2)
    for p in (2, 3, 5):
        S.same_steps("UNO 1121 WILDSTART", (p,), wd4_first_seeds(p, 3), other=0.2, cap=1500, rng=rng)
    S.same_steps("UNO 1121 WILDSTART-P4-DR", (3,), wd4_first_seeds(3, 2, "UNO 1121 WILDSTART-P4-DR"), other=0.2,
                 cap=1500, rng=rng)
    same_steps("UNO 1121 WILDSTART", players=(3,), seeds=range(2))


def test_WILDSTART_compiled_hands_equal_sim_and_lab():
    for p in (2, 4):
        same_hands("UNO 1121 WILDSTART", players=(p,), seeds=wd4_first_seeds(p, 6), lab=0)
    same_hands("UNO 1121 WILDSTART-SAT", players=(3,), seeds=wd4_first_seeds(3, 4, "UNO 1121 WILDSTART-SAT"))
    same_hands("UNO 1121 WILDSTART", players=(3,), lab=60, n=4)   # the lab's deals: some turn a +4 first
    fast_agrees("UNO 1121 WILDSTART")


# ------------------------------------------------------------------------------------------- LIMIT
def test_LIMIT_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 LIMIT(cards=9)")
    assert t.actions > t.share(200)
    same_steps("UNO 1121 LIMIT(cards=8)-P4-SAT", players=(2, 4), seeds=range(2))
    same_steps("UNO 1121 LIMIT(cards=8)-DD-ADDUP", players=(3,), seeds=range(2))
    same_steps("UNO 1121 LIMIT(cards=8)-BU(cards=10)", players=(2,), seeds=range(2))   # dealt past the limit


def test_LIMIT_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 LIMIT(cards=9)")
    same_hands("UNO 1121 LIMIT(cards=7)-P4-CON-INS", players=(2, 4))
    same_hands("UNO 1121 LIMIT", players=(2,))
    fast_agrees("UNO 1121 LIMIT(cards=9)", stuck=True)
    fast_agrees("UNO 1121 LIMIT(cards=15)", stuck=True)


def test_LIMIT_keeps_hands_small():
    r = C.play(2000, players=3, rules="UNO 1121 LIMIT(cards=8)-P4", seed=3, chance="fast")
    assert r.points.max() <= 8 * 50
    a = C.play(3000, players=3, rules="UNO 1121 LIMIT(cards=8)-SAT", seed=3, chance="fast").turns.mean()
    b = C.play(3000, players=3, rules="UNO 1121 SAT", seed=3, chance="fast").turns.mean()
    assert a != b


# ------------------------------------------------------------------------------------------- OPEN, REV
def test_OPEN_and_REV_play_the_official_hands():
    for rules in ("UNO 1121 OPEN", "UNO 1121 REV", "UNO 1121 OPEN(cards=5)-REV-P4-C"):
        same_steps(rules, players=(3,), seeds=range(2))
        same_hands(rules, players=(3,), n=8, lab=4)
    a = C.play(300, players=3, rules="UNO 1121 OPEN-REV", seed=2).records
    b = C.play(300, players=3, rules="UNO 1121", seed=2).records
    assert (a == b).all()


# ------------------------------------------------------------------------------------------- PAA
def test_PAA_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 PAA")
    assert t.actions > t.share(200)
    same_steps("UNO 1121 PAA(rounds=4)", players=(2, 3, 5), seeds=range(3))
    for rules in ("UNO 1121 PAA(rounds=3)-P4-CON", "UNO 1121 PAA(rounds=3)-SAT", "UNO 1122 PAA(rounds=3)-INS", "UNO 1121 PAA(rounds=3)-FORCE",
                  "UNO 1121 PAA(rounds=2)-ADDUP-P2-WILDSTART-LIMIT(cards=9)"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_PAA_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 PAA")
    same_hands("UNO 1121 PAA(rounds=5)-P4-CON-FORCE", players=(2, 4))
    same_hands("UNO 1121 PAA(rounds=3)-SAT-ADDUP", players=(3,))
    fast_agrees("UNO 1121 PAA(rounds=3)")


def test_PAA_bars_action_cards_in_the_first_rounds():
    for seed in range(20):
        _, steps = C.trace(3, seed, rules="UNO 1121 PAA(rounds=2)", policy="random-play", policy_seed=seed)
        for _t, (_seat, _lg, a, _) in enumerate(steps[:6]):   # 6 turns at most: two rounds of 3 seats
            if a < C.EXT_BASE and type(C.to_action(a)).__name__ == "Play":
                assert all(c.number is not None for c in C.to_action(a).cards)


# ------------------------------------------------------------------------------------------- PAB
def test_PAB_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 PAB")
    assert t.actions > t.share(200)
    same_steps("UNO 1121 PAB(card=5)", players=(2, 3, 5), seeds=range(3))
    for rules in ("UNO 1121 PAB-P4-CON", "UNO 1121 PAB(card=3)-SAT", "UNO 1122 PAB-INS-FORCE",
                  "UNO 1121 PAB(card=4)-ADDUP-P2", "UNO 1121 PAB-PAA(rounds=2)-SAT-LIMIT(cards=9)"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_PAB_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 PAB")
    same_hands("UNO 1121 PAB(card=7)-P4-CON-FORCE", players=(2, 4))
    same_hands("UNO 1121 PAB(card=4)-ADDUP-SAT-PAA", players=(3,))
    fast_agrees("UNO 1121 PAB")


def test_PAB_changes_the_hands():
    a = C.play(3000, players=3, rules="UNO 1121 PAB", seed=3, chance="fast").turns.mean()
    b = C.play(3000, players=3, rules="UNO 1121", seed=3, chance="fast").turns.mean()
    assert a != b


# ------------------------------------------------------------------------------------------- FL
def test_FL_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 FL", players=(2, 3), seeds=range(4))
    assert t.actions > t.share(200)
    for rules in ("UNO 1121 FL(variant=numbers)", "UNO 1121 FL(variant=wilds)-P4", "UNO 1121 FL-P4-CON",
                  "UNO 1121 FL-SAT-FU(cards=2)", "UNO 1121 FL(variant=numbers)-FORCE-DRAWPLAY-FU(cards=1)",
                  "UNO 1122 FL-INS-PAB-FU(cards=2)", "UNO 1121 FL-ADDUP-P2-PAA"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_FL_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 FL")
    same_hands("UNO 1121 FL(variant=numbers)-P4-CON-FU(cards=2)", players=(2, 4))
    same_hands("UNO 1121 FL(variant=wilds)-SAT-FU(cards=1)", players=(3,))
    fast_agrees("UNO 1121 FL")
    fast_agrees("UNO 1121 FL(variant=numbers)-FU(cards=2)")


def test_FL_changes_the_hands():
    a = C.play(3000, players=3, rules="UNO 1121 FL(variant=numbers)", seed=3, chance="fast").turns.mean()
    b = C.play(3000, players=3, rules="UNO 1121", seed=3, chance="fast").turns.mean()
    assert a > b


# ------------------------------------------------------------------------------------------- GT
def test_GT_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 GT", players=(2, 3), seeds=range(4))
    assert t.actions > t.share(200)
    for rules in ("UNO 1121 GT-FL", "UNO 1121 GT-FL(variant=numbers)-FU(cards=2)", "UNO 1121 GT-P4-CON",
                  "UNO 1121 GT-SAT-LIMIT(cards=9)", "UNO 1121 GT-ADDUP-PAB", "UNO 1121 GT-FL-PAA-FU(cards=2)"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_GT_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 GT")
    same_hands("UNO 1121 GT-FL-FU(cards=2)", players=(2, 4))
    same_hands("UNO 1121 GT-P4-CON-ADDUP", players=(3,))
    fast_agrees("UNO 1121 GT")
    fast_agrees("UNO 1121 GT-FL-FU(cards=2)")


def test_GT_makes_the_first_twin_draw():
    r = C.play(4000, players=2, rules="UNO 1121 GT", seed=3, chance="fast")
    o = C.play(4000, players=2, rules="UNO 1121", seed=3, chance="fast")
    assert r.penalty_cards.sum() > o.penalty_cards.sum()


# ------------------------------------------------------------------------------------------- I
def test_I_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 I", players=(2, 3, 4), seeds=range(4))
    assert t.actions > t.share(300)
    for rules in ("UNO 1121 I-P4", "UNO 1121 I-CON", "UNO 1121 I-SAT-FL", "UNO 1122 I-INS-GT",
                  "UNO 1121 I-FORCE-PAA(rounds=2)", "UNO 1121 I-ADDUP-PAB-NOCHALLENGE", "UNO 1121 I-FL(variant=numbers)-FU(cards=2)"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_I_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 I")
    same_hands("UNO 1121 I-CON-FORCE", players=(2, 4))
    same_hands("UNO 1121 I-SAT-GT-FL", players=(3,))
    fast_agrees("UNO 1121 I")


def test_I_changes_the_hands():
    a = C.play(3000, players=3, rules="UNO 1121 I", seed=3, chance="fast").records
    b = C.play(3000, players=3, rules="UNO 1121 P4", seed=3, chance="fast").records
    assert (a != b).any()


# ------------------------------------------------------------------------------------------- DEFLECT
def test_DEFLECT_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 DEFLECT", players=(2, 3, 4), seeds=range(4))
    assert t.actions > t.share(300)
    for rules in ("UNO 1121 DEFLECT-P4", "UNO 1121 DEFLECT-P2-CON", "UNO 1121 DEFLECT-SAT-FL", "UNO 1122 DEFLECT-P3-INS-GT",
                  "UNO 1121 DEFLECT-FORCE-PAA(rounds=2)", "UNO 1121 DEFLECT-P1-ADDUP-PAB-NOCHALLENGE"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_DEFLECT_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 DEFLECT")
    same_hands("UNO 1121 DEFLECT-P4-CON-FORCE", players=(2, 4))
    same_hands("UNO 1121 DEFLECT-SAT-GT-FL", players=(3,))
    fast_agrees("UNO 1121 DEFLECT")


# ------------------------------------------------------------------------------------------- REVENGE
def test_REVENGE_compiled_same_steps_as_referee():
    same_steps("UNO 1121 REVENGE", players=(2, 3), seeds=range(2))
    for rules in ("UNO 1121 REVENGE-P4", "UNO 1121 REVENGE-P2-CON", "UNO 1121 REVENGE-I-SAT", "UNO 1122 REVENGE-P3-INS-GT",
                  "UNO 1121 REVENGE-DEFLECT-P4-FL", "UNO 1121 REVENGE-P1-ADDUP-PAB-NOCHALLENGE-LIMIT(cards=12)"):
        same_steps(rules, players=(2, 4), seeds=range(3))


def test_REVENGE_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 REVENGE-P4")
    same_hands("UNO 1121 REVENGE-I-CON", players=(2, 4))
    same_hands("UNO 1121 REVENGE-P2-DEFLECT-LIMIT(cards=15)", players=(3,))
    fast_agrees("UNO 1121 REVENGE-P4", stuck=True)


# ------------------------------------------------------------------------------------------- refused
def test_compiled_refuses_what_it_cannot_play_with_a_reason():
    # V: a simulation's clock never moves, so C plays it as the hands without it (test_compiled_house3_h2.py)
    assert C.problem("UNO 1121 V(seconds=8)-P4", ["random-play"], 3) is None
    for rules in ("UNO 1121 NOCHALLENGE", "UNO 1121 LIMIT-OPEN-REV-WILDSTART"):
        assert C.problem(rules, ["random-play"], 3) is None
        assert C.problem(rules, ["greedy"], 3) is None          # proven: tests/fast/test_compiled_greedy.py
        # the strategist: proven under them (tests/fast/test_compiled_strategist_house.py, _house2.py, _house3.py)
        assert C.problem(rules, ["strategist"], 3) is None
        assert C.batch_problem(rules) is None             # a Batch and the env's C flows too (tests/fast/test_envflow.py)
    assert "referee" in C.problem("UNO 1121 PAA-DRAWPLAY", ["random-play"], 3)
    assert C.problem("UNO 1121 PAA-C", ["random-play"], 3) is None        # (tests/fast/test_compiled_house3_h2.py)
    assert C.problem("UNO 1121 PAB-DR", ["random-play"], 3) is None
    assert "referee" in C.problem("UNO 1121 FL-JUMPIN", ["random-play"], 3)
    assert C.problem("UNO 1121 FL-DRAWPLAY", ["random-play"], 3) is None
    assert C.problem("UNO 1121 GT-C", ["random-play"], 3) is None
    assert "referee" in C.problem("UNO 1121 I-DR", ["random-play"], 3)    # I's action on action: not on _house2.h's lists
    assert "referee" in C.problem("UNO 1121 DEFLECT-C", ["random-play"], 3)
    assert "referee" in C.problem("UNO 1121 REVENGE-P4-JUMPIN", ["random-play"], 3)


# ------------------------------------------------------------------------------------------- NOENDDRAW, WILDMATCH, MISTAKE
def test_NOENDDRAW_compiled_same_steps_as_referee():
    t = same_steps("UNO 1121 NOENDDRAW", seeds=range(4))
    assert t.actions > t.share(200)
    for rules in ("UNO 1121 NOENDDRAW-P4", "UNO 1122 NOENDDRAW-P2-CON-NOCHALLENGE", "UNO 1112 NOENDDRAW-DEFLECT"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_NOENDDRAW_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 NOENDDRAW")
    same_hands("UNO 1121 NOENDDRAW-P4-SAT", players=(3,))
    fast_agrees("UNO 1121 NOENDDRAW")


def test_NOENDDRAW_a_last_draw_card_ends_the_hand_in_C():
    # 000 §Regras Oficiais Comumente Ignoradas: the final Draw Two / Wild Draw Four makes nobody draw
    r = C.play(3000, players=2, rules="UNO 1121 NOENDDRAW", bots="random-play", seed=1)
    o = C.play(3000, players=2, rules="UNO 1121", bots="random-play", seed=1)
    ends = (r.score < o.score).sum()
    assert r.score.mean() < o.score.mean() and ends > 0


def test_WILDMATCH_compiled_same_steps_as_referee():
    # 002: "As cartas Curingas também são consideradas correspondentes": a bluff with a Wild held
    t = same_steps("UNO 1121 WILDMATCH", seeds=range(4))
    assert t.actions > t.share(200)
    for rules in ("UNO 1112 WILDMATCH", "UNO 1121 WILDMATCH-P4-CON", "UNO 1122 WILDMATCH-NOENDDRAW-I"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_WILDMATCH_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 WILDMATCH")
    same_hands("UNO 1112 WILDMATCH-P2", players=(3,))
    fast_agrees("UNO 1121 WILDMATCH")


def test_MISTAKE_compiled_same_steps_as_referee():
    # 003: a missed UNO caught costs MISTAKE's penalty (its unready call needs a clock: none runs here)
    t = same_steps("UNO 1121 MISTAKE(penalty=3)", seeds=range(3))
    assert t.actions > t.share(200)
    same_steps("UNO 1121 MISTAKE-P4-WILDMATCH", players=(3,), seeds=range(2))


def test_MISTAKE_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 MISTAKE(penalty=4)")
    same_hands("UNO 1121 MISTAKE-NOENDDRAW-P1", players=(3,))


def test_DRAWANY_compiled_same_steps_as_referee():
    # 000 §Regras Oficiais Comumente Ignoradas: after the draw, a card already in the hand may go
    t = same_steps("UNO 1121 DRAWANY", seeds=range(4))
    assert t.actions > t.share(200)
    for rules in ("UNO 1121 DRAWANY-P4", "UNO 1112 DRAWANY-NOCHALLENGE-LIMIT(cards=10)", "UNO 1121 DRAWANY-PAA-FL",
                  "UNO 1122 DRAWANY-I-GT-ADDUP", "UNO 1121 DRAWANY-FORCE-P3"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_DRAWANY_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 DRAWANY")
    same_hands("UNO 1121 DRAWANY-P2-PAB", players=(3,))
    fast_agrees("UNO 1121 DRAWANY")


def test_DRAWANY_leaves_random_play_hands_alone_and_is_refused_with_the_drawing_rules():
    # random-play draws only holding nothing playable, so after its draw only the drawn card can go: DRAWANY
    # changes nothing for it (the steps above, with seats that draw holding playable cards, prove the rule)
    r = C.play(3000, players=2, rules="UNO 1121 DRAWANY", bots="random-play", seed=1)
    o = C.play(3000, players=2, rules="UNO 1121", bots="random-play", seed=1)
    assert (r.turns == o.turns).all() and (r.winner == o.winner).all()
    assert "referee" in C.problem("UNO 1121 DRAWANY-C", ["random-play"], 3)
    assert "cannot be combined" in C.problem("UNO 1121 DRAWANY-SAT", ["random-play"], 3)


def test_MEM_and_PRE_compiled_same_steps_as_referee():
    # 000: MEM, a forgotten UNO costs 4; PRE, a missed UNO may be caught until the seat's hand changes
    for rules in ("UNO 1121 MEM", "UNO 1121 PRE"):
        t = same_steps(rules, seeds=range(4))
        assert t.actions > t.share(200)
    for rules in ("UNO 1121 MEM-P4", "UNO 1112 PRE-P2-CON", "UNO 1121 PRE-MEM-NOCHALLENGE", "UNO 1122 PRE-LIMIT(cards=10)"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_MEM_and_PRE_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 MEM")
    same_hands("UNO 1121 PRE-P4", players=(3,))
    fast_agrees("UNO 1121 PRE")


def test_SLOWUNO_compiled_same_steps_as_referee():
    # a missed UNO may be caught until the end of the next player's turn (per-seat windows, Game.turns_done)
    t = same_steps("UNO 1121 SLOWUNO", seeds=range(4))
    assert t.actions > t.share(200)
    for rules in ("UNO 1121 SLOWUNO-P4", "UNO 1112 SLOWUNO-MEM-P2-CON", "UNO 1122 SLOWUNO-LIMIT(cards=10)-PAA"):
        same_steps(rules, players=(2, 4), seeds=range(2))


def test_SLOWUNO_compiled_hands_equal_sim_and_lab():
    same_hands("UNO 1121 SLOWUNO")
    same_hands("UNO 1121 SLOWUNO-P4", players=(3,))
    fast_agrees("UNO 1121 SLOWUNO")
