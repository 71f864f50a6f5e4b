"""The compiled core under sudden death (MS1, MS2, MS3: unokit/fast/_house6.h) plays the referee's hands.

A seat in turn that must draw because it cannot play (or, under a stacking rule, cannot answer a draw total) is
eliminated: MS1 from the start, MS2 after its rounds, MS3 after its event. Alone, with the official rules' ambiguity
digits and parameters, and with the rules they were proven with (P1-P4, FU, BU, the drawing rules SAT, INS, CON,
DRAWPLAY, FORCE, ADDUP and the rules of unokit/fast/_house3.h). Proven as tests/fast/test_compiled_house5.py proves its rules
(tests/compiled_support.py):

1. step by step against the referee: uniform random decisions among every complete action of the seat to act or,
   now and then, of any other seat; at every step every seat's legal ids (none for a seat out) and the whole state
   agree;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots (the lab's
   eliminations per hand too), and the compiled greedy against the Python GreedyBot at every decision;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. mutations: the rule switched off, MS2's rounds or MS3's count off by one, MS3's arming cards dropped: a check fails.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from test_compiled_greedy import alternate, everyone, lockstep, mixed

from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed, simulate

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

MS_RULES = ("UNO 1121 MS1", "UNO 1122 MS1", "UNO 3112 MS1", "UNO 1111 uno=3 MS1", "UNO 1121 MS2",
            "UNO 1121 MS2(rounds=1)", "UNO 1122 MS2(rounds=3)", "UNO 1121 MS3", "UNO 3112 MS3(event=first-action)",
            "UNO 1121 MS3(event=fifth-action)", "UNO 1121 MS3(event=first-number)",
            "UNO 1121 MS3(event=first-number,number=0)", "UNO 1121 MS", "UNO 1121 MS1-P1", "UNO 1121 MS1-P4",
            "UNO 1112 MS2-P2-FU(cards=3)", "UNO 1121 MS3-P3-BU(cards=9)")
MS_WITH = ("UNO 1121 MS1-SAT", "UNO 1121 MS1-INS", "UNO 1121 MS2-CON-P4", "UNO 1121 MS1-DRAWPLAY",
           "UNO 1121 MS1-FORCE", "UNO 1121 MS1-NOCHALLENGE", "UNO 1121 MS1-WILDSTART", "UNO 1121 MS1-LIMIT(cards=9)",
           "UNO 1121 MS1-PAA", "UNO 1121 MS2-PAA(rounds=3)", "UNO 1121 MS1-PAB", "UNO 1121 MS1-FL",
           "UNO 1121 MS3(event=fifth-action)-FL(variant=numbers)", "UNO 1121 MS1-GT", "UNO 1121 MS1-I",
           "UNO 1121 MS1-DEFLECT", "UNO 1121 MS1-DEFLECT-P2", "UNO 1121 MS1-REVENGE-P2", "UNO 1121 MS1-NOENDDRAW-P4",
           "UNO 1121 MS1-WILDMATCH", "UNO 1121 MS1-MISTAKE", "UNO 1121 MS1-DRAWANY", "UNO 1121 MS1-MEM",
           "UNO 1121 MS1-PRE", "UNO 1121 MS1-SLOWUNO", "UNO 1121 MS1-OPEN-REV", "UNO 1121 MS2-SAT-PAB-GT-P4",
           "UNO 1121 MS1-ADDUP", "UNO 1121 MS3(event=first-number,number=3)-ADDUP", "UNO 1121 MS2-ADDUP-P4-CON")


def test_MS_is_played_compiled_alone_with_the_ambiguity_digits_and_proven_rules():
    for rules in MS_RULES + MS_WITH:
        for bots in ("random-play", "greedy"):
            assert C.problem(rules, bots, 4) is None, rules
    for code in ("MS1", "MS2", "MS3"):
        for other in ("SEVENO", "T", "CHU", "S", "E", "DED", "M", "DOA", "BA", "CLA"):
            why = C.problem(f"UNO 1121 {code}-{other}", "random-play", 3)
            assert why and code in why and other in why, (code, other, why)
        assert C.problem(f"UNO 1121 {code}", "strategist", 3) is None   # (tests/fast/test_compiled_strategist_house6.py)
        assert C.batch_problem(f"UNO 1121 {code}") is None   # (the env's C flows: tests/fast/test_envflow.py)


@pytest.mark.parametrize("rules", MS_RULES)
def test_MS_compiled_same_steps_as_referee(rules):
    t = S.same_steps(rules, (2, 3, 4, 5, 6), range(8), other=0.2, cap=1500)
    assert t.actions > t.share(400)


@pytest.mark.parametrize("rules", MS_WITH)
def test_MS_with_the_drawing_and_house3_rules_compiled_as_the_referee(rules):
    S.same_steps(rules, (2, 3, 5), range(6), other=0.2, cap=1500)
    S.same_hands(rules, (2, 4), 12, 6)


def test_MS_compiled_hands_equal_sim_and_lab():
    for rules in ("UNO 1121 MS1", "UNO 1122 MS2", "UNO 3112 MS3", "UNO 1121 MS3(event=fifth-action)-P4"):
        S.same_hands(rules, (2, 3, 4, 6), 16, 8)
    S.fast_agrees("UNO 1121 MS1", 5000)
    S.fast_agrees("UNO 1121 MS3-P2", 5000)


@pytest.mark.parametrize("rules", ("UNO 1121 MS1", "UNO 1121 MS2-P4", "UNO 1121 MS3(event=first-action)"))
def test_MS_compiled_eliminations_are_the_labs(rules):
    """The lab's eliminations per hand (``HandOutcome.eliminated``) in C's records, and the hands end by them: a seat
    left alone wins holding cards."""
    for players in (3, 5):
        k = S.sampled(24)
        r = C.play(k, players=players, rules=rules, bots="random-play", seed=5, purpose="lab-deal", bot_purpose="lab-bot")
        got = [play_deal(rules, ["random-play"] * players, derive_seed(5, i, "lab-deal")).eliminated for i in range(k)]
        assert r.eliminated.tolist() == got
        assert sum(got) > k // 2
    r = C.play(4000, players=4, rules=rules, seed=1, chance="fast")
    last = r.eliminated == 3
    assert last.any() and (r.points[last.nonzero()[0], r.winner[last]] > 0).any()
    assert (r.eliminated <= 3).all()


def test_MS_protection_and_events_hold_it_back():
    """MS1 eliminates from the first turns, MS2 only after its rounds and MS3 only after its event, so hands get
    shorter in that order; protection longer than any hand plays the official hands."""
    turns = {code: C.play(4000, players=4, rules=f"UNO 1121 {code}", seed=2, chance="fast").turns.mean()
             for code in ("MS1", "MS2", "MS2(rounds=5)", "MS3(event=fifth-action)")}
    base = C.play(4000, players=4, rules="UNO 1121", seed=2, chance="fast")
    assert turns["MS1"] < turns["MS2"] < turns["MS2(rounds=5)"] < base.turns.mean()
    assert turns["MS1"] < turns["MS3(event=fifth-action)"] < base.turns.mean()
    never = C.play(2000, players=3, rules="UNO 1121 MS2(rounds=100)", seed=3)
    official = C.play(2000, players=3, rules="UNO 1121", seed=3)
    assert (never.records == official.records).all() and not never.eliminated.any()


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 MS1", alternate, 40), (3, "UNO 1121 MS1", everyone, 40), (4, "UNO 1121 MS2-P4", mixed, 30),
    (5, "UNO 1122 MS3", everyone, 30), (6, "UNO 1121 MS3(event=fifth-action)-PAA", mixed, 20),
    (3, "UNO 1121 MS3(event=first-number,number=2)-ADDUP", everyone, 20)])
def test_MS_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    """Greedy's threat looks at seat + direction (GreedyBot's arithmetic), a seat out of the hand or not."""
    r = lockstep(players, rules, range(hands), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 100


def test_sim_compiled_with_referee_chance_prints_the_referees_summary_under_MS():
    a = simulate(150, players=4, rules="UNO 1121 MS1", bots="random-play", seed=4, engine="referee", progress=False)
    b = simulate(150, players=4, rules="UNO 1121 MS1", bots="random-play", seed=4, engine="compiled", chance="referee",
                 progress=False)
    assert b["engine"].startswith("compiled")
    drop = ("engine", "seconds", "hands_per_second")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


# ------------------------------------------------------------------------------------------- mutations
@pytest.mark.parametrize("rules", ("UNO 1121 MS1", "UNO 1121 MS2", "UNO 1121 MS3"))
def test_MS_switched_off_in_C_fails_the_differential_check(monkeypatch, rules):
    """The referee plays sudden death, the core is told nothing of it: the steps differ."""
    monkeypatch.setattr(C, "_h6", lambda rs: (0, 0, 0))
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses an id the referee took
        S.same_steps(rules, (3, 4), range(4), other=0.2, cap=1500)


@pytest.mark.parametrize("rules,change", [
    ("UNO 1121 MS2", lambda h: (h[0] + (1 << 10), h[1], h[2])),               # a round more of protection
    ("UNO 1121 MS3(event=fifth-action)", lambda h: (h[0] - (1 << 2), h[1], h[2])),   # the fourth action arms it
    ("UNO 1121 MS3", lambda h: (h[0], 0, h[2]))])                             # no Wild arms it
def test_MS_numbers_wrong_in_C_fail_the_differential_check(monkeypatch, rules, change):
    """Subtler mutations: MS2's rounds and MS3's count off by one, MS3's arming cards dropped."""
    real = C._h6
    monkeypatch.setattr(C, "_h6", lambda rs: change(real(rs)))
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps(rules, (3, 4), range(6), other=0.2, cap=1500)


# ------------------------------------------------------------------------------------------- the lab
def test_lab_plays_MS_compiled_with_the_referees_results():
    """The lab's table measure (random-play), its matches and its greedy skill games under MS1-MS3: the compiled
    chunks' tallies are the referee's, eliminations included."""
    from unokit.lab import lab
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    codes = ["UNO 1121 MS1", "UNO 1122 MS2-P2", "UNO 3121 MS3(event=first-action)"]
    kw = dict(bots="random-play", players=[3], hands=60, matches=3, skill_hands=20, skill_players=2, skill="greedy",
              measures=["table", "match", "skill"], jobs=1, progress=False, plots=False, seed=6, max_steps=400)
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", **kw)
    assert set(b["work"]["engines"]) == {"compiled"}
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}
    assert all(r["table"]["eliminated"]["mean"] > 0 for r in b["results"]) and len(b["results"]) == 3
