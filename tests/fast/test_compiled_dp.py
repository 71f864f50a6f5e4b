"""The compiled core under DP (unokit/fast/_house8.h) plays the referee's hands.

000 §Regra do Desafio Polivalente: after a seat draws at the start of its turn, until another seat starts, any other
seat may challenge the draw (``ChallengeDraw``, rules/drawchallenge.py): a drawer that held a playable card draws 2,
else the challenger draws 4. Proven as tests/fast/test_compiled_house5.py proves its rules (tests/compiled_support.py):

1. step by step against the referee: uniform random decisions among every action of the seat to act or, now and
   then, of another seat (the challenges among them, both verdicts reached); every seat's legal ids and the whole
   state agree at every step, alone and with the rules it was proven with, 2 to 6 players;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, the
   compiled greedy against the Python GreedyBot and the compiled strategist against StrategistBot at every decision
   (none of them challenges a draw: their hands are the official ones), and the lab's strategist skill games;
3. a mutation: DP switched off in C fails the step-by-step check.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_greedy import alternate, everyone, lockstep, mixed
from test_compiled_strategist_house import alternate as s_alternate
from test_compiled_strategist_house import everyone as s_everyone
from test_compiled_strategist_house import lockstep as s_lockstep
from test_compiled_strategist_house import mixed as s_mixed

from unokit.engine.game import Game
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

DP_WITH = ("UNO 1122 DP-P4", "UNO 1121 DP-SAT-CON", "UNO 1121 DP-INS-P3", "UNO 1121 DP-DRAWPLAY",
           "UNO 3112 DP-FORCE-P2-FU(cards=3)", "UNO 1111 uno=3 DP-BU(cards=10)-P1")


def test_DP_is_played_compiled_with_the_rules_it_was_proven_with():
    for rules in ("UNO 1121 DP",) + DP_WITH:
        for bots in ("random-play", "greedy", "strategist"):
            assert C.problem(rules, bots, 4) is None, rules
    for other in ("ADDUP", "DR", "C", "PAA", "NOCHALLENGE", "CHU", "MS1", "DOA"):   # (DED, FL, MEM: test_compiled_ded_dp.py)
        why = C.problem(f"UNO 1121 DP-{other}", "random-play", 3)
        assert why and "DP" in why and other in why, (other, why)
    assert C.problem("UNO 1121 DP", "human", 3) is None   # (tests/fast/test_compiled_human_doa.py)
    assert C.batch_problem("UNO 1121 DP") is None   # (its challenge a reaction of the env's flows: test_envflow.py)


def verdicts(rules: str, players: int, seeds, rng: random.Random) -> dict:
    """S.check_steps with the referee's draw challenges counted by verdict (``guilty``: the drawer drew 2)."""
    out = {"guilty": 0, "innocent": 0, "actions": 0}
    for seed in seeds:
        g = Game.new(players=players, rules=rules, seed=seed)
        states, legal, ids = [S.referee_state(g, False)], [], []
        while not g.over and len(ids) < 400:
            lg = [S.referee_ids(g, s) for s in range(players)]
            seat = g.to_act if rng.random() >= 0.3 else rng.choice([s for s in range(players) if lg[s]])
            i = rng.choice(lg[seat])
            for e in g.apply(C.to_action(i)):
                if e.kind == "draw-challenge":
                    out[e.verdict] += 1
            legal.append(lg)
            ids.append(i)
            states.append(S.referee_state(g, False))
        init, steps = C.trace(players, seed, rules=rules, decisions=ids, full=True)
        assert list(init) == states[0]
        for t, (_, lg, applied, after) in enumerate(steps):
            assert (lg, applied, list(after)) == (legal[t], ids[t], states[t + 1]), f"step {t}"
        out["actions"] += len(ids)
    return out


def test_DP_compiled_same_steps_as_referee_both_verdicts():
    t = S.same_steps("UNO 1121 DP", (2, 3, 4, 5, 6), range(3), other=0.3, cap=400)
    assert t.actions > t.share(3000)
    v = verdicts("UNO 1121 DP", 3, range(S.sampled(4)), random.Random(1))
    assert v["guilty"] > 0 and v["innocent"] > 0, v


@pytest.mark.parametrize("rules", DP_WITH, ids=[c.replace("UNO ", "").replace(" ", "_") for c in DP_WITH])
def test_DP_with_the_rules_it_combines_with_compiled_as_the_referee(rules):
    S.same_steps(rules, (2, 4), range(2), other=0.3, cap=400)
    S.same_hands(rules, (3,), 6, 3)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 6), rules=st.sampled_from(("UNO 1121 DP",) + DP_WITH))
def test_DP_compiled_same_steps_hypothesis(seed, players, rules):
    S.check_steps(players, seed, rules, random.Random(seed), 0.3, 300)


def test_DP_compiled_hands_equal_sim_and_lab_and_the_official_hands():
    """Neither random-play nor greedy challenges a draw, so DP leaves their hands the official ones."""
    S.same_hands("UNO 1121 DP", (2, 3, 4, 6), 12, 6)
    for bots in ("random-play", "greedy"):
        S.same_records("UNO 1121 DP-P2", "UNO 1121 P2", 500, bots)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 DP", alternate, 20), (3, "UNO 1121 DP-SAT", everyone, 15), (6, "UNO 1122 DP-P4", mixed, 8)])
def test_DP_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(hands), lineup, everything=False)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 50


def test_DP_switched_off_in_C_fails_the_differential_check(monkeypatch):
    monkeypatch.setitem(C._FLAGS, "DP", 0)   # C is told nothing of DP: no challenge listed, no window
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps("UNO 1121 DP", (3,), range(2), other=0.3, cap=300)


# ------------------------------------------------------------------------------------------ the strategist
@pytest.mark.parametrize("players,rules,lineup,hands", [
    (4, "UNO 1121 DP-P2-FU", s_alternate, 20), (2, "UNO 1121 DP", s_everyone, 20),
    (3, "UNO 1112 DP-P4-SAT", s_mixed, 20), (4, "UNO 1121 DP-CON-DRAWPLAY", s_mixed, 12)])
def test_DP_compiled_strategist_makes_the_python_strategists_choices(players, rules, lineup, hands):
    r = s_lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"
    assert r["decisions"] > 200 * r["hands"] / r["full"]


def test_DP_compiled_strategist_hands_equal_play_deal_and_the_official_hands():
    for rules in ("UNO 1121 DP", "UNO 1121 DP-P2-FU"):
        lineup = ["strategist", "greedy", "strategist", "random-play"]
        n = S.sampled(10)
        S.same_lab_hands(rules, lineup, n, ("winner", "first", "turns", "plays", "drawn", "score", "catches"),
                         bot_salt=0, whole=True)
        S.same_records(rules, rules.replace(" DP-", " ").replace(" DP", ""), 300, lineup)


def test_lab_plays_the_strategist_under_DP_compiled_with_the_referees_results():
    """The lab's skill measure with the strategist under DP (issue 28: it stayed on the referee): C's tallies are the
    referee's."""
    from unokit.lab import lab
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    kw = dict(bots="random-play", players=[3], hands=30, skill_hands=12, skill_players=2, skill="strategist",
              measures=["table", "skill"], jobs=1, progress=False, plots=False, seed=6)
    a = lab(["UNO 1121 DP-P2"], engine="referee", **kw)
    b = lab(["UNO 1121 DP-P2"], engine="compiled", **kw)
    assert set(b["work"]["engines"]) == {"compiled"}
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}
