"""The compiled core under the rules of unokit/fast/_house5.h plays the referee's hands.

CHU (Chukcki: after two equal numbers by different seats the next turn must change the colour), E and IE
(compliments and critiques owed on a green and a red 5: the compiled bots never pay them) and S (silence after a 7,
with its options PP, T, U, SE, SS: the compiled bots speak only to call UNO), alone, with the official rules'
ambiguity digits, with each other and with the rules they were proven with (P1-P4, FU, BU; E, IE and S also
with SAT, INS, CON, DRAWPLAY, FORCE and the rules of unokit/fast/_house3.h). Proven as
tests/fast/test_compiled_house3.py proves its rules (tests/compiled_support.py):

1. step by step against the referee: uniform random decisions among every complete action of the seat to act or,
   now and then, of any other seat; at every step every seat's legal ids and the whole state agree;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, and the
   compiled greedy against the Python GreedyBot at every decision;
3. with fast chance, the hand length and the first seat's win rate within 4 standard errors of referee chance;
4. a mutation: the core with the rule switched off (its flag cleared in the config) fails the step-by-step check.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from test_compiled_greedy import alternate, everyone, lockstep, mixed

from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")




# ------------------------------------------------------------------------------------------- CHU
CHU_RULES = ("UNO 1121 CHU", "UNO 1122 CHU", "UNO 3112 CHU", "UNO 1111 uno=3 CHU", "UNO 1121 CHU-P4",
             "UNO 1121 CHU-P2-FU(cards=3)", "UNO 1112 CHU-P1", "UNO 1121 CHU-P3-BU(cards=9)")


def test_CHU_is_played_compiled_alone_with_the_ambiguity_digits_and_proven_rules():
    for rules in CHU_RULES:
        for bots in ("random-play", "greedy"):
            assert C.problem(rules, bots, 4) is None, rules
    for other in ("SAT", "ADDUP", "ORG", "DP", "FL"):
        why = C.problem(f"UNO 1121 CHU-{other}", "random-play", 3)
        assert why and "CHU" in why and other in why, other
    for other in ("C", "DR", "PAB"):   # (CHU on _house2.h's lists, with the peace: tests/fast/test_compiled_house3_h2.py)
        assert C.problem(f"UNO 1121 CHU-{other}", "random-play", 3) is None
    assert C.problem("UNO 1121 CHU", "strategist", 3) is None   # (tests/fast/test_compiled_strategist_house5.py)
    assert C.batch_problem("UNO 1121 CHU") is None   # (the env's C flows: tests/fast/test_envflow.py)


@pytest.mark.parametrize("rules", CHU_RULES)
def test_CHU_compiled_same_steps_as_referee(rules):
    t = S.same_steps(rules, (2, 3, 4, 6), range(4), other=0.2, cap=1500)
    assert t.actions > t.share(400)


def test_CHU_refuses_the_colour_in_force_after_twin_numbers():
    """In C's own hands, a turn under the obligation never lists a play that keeps the colour (and some such turn
    had a card of that colour to refuse), and the listing differs from the rules without CHU there."""
    refused = 0
    for seed in range(40):
        _, steps = C.trace(3, seed, rules="UNO 1121 CHU", policy="random-play", policy_seed=seed, full=True)
        plays = [(seat, C.to_action(i)) for seat, _lg, i, _ in steps]
        for t in range(2, len(steps)):
            (s1, a1), (s2, a2) = plays[t - 2], plays[t - 1]
            if not (a1.verb == a2.verb == "play" and s1 != s2 and a1.cards[-1].number is not None
                    and a1.cards[-1].number == a2.cards[-1].number):
                continue
            seat, lg, _, _ = steps[t]
            color = a2.cards[-1].color
            for i in lg[seat]:
                a = C.to_action(i)
                if a.verb == "play":
                    assert (a.color if a.cards[-1].is_wild else a.cards[-1].color) != color
            refused += 1
    assert refused > 20


def test_CHU_compiled_hands_equal_sim_and_lab():
    S.same_hands("UNO 1121 CHU", (2, 3, 5), 16, 8)
    S.same_hands("UNO 3112 CHU-P4-FU(cards=4)", (2, 4), 12, 6)
    S.fast_agrees("UNO 1121 CHU", 5000)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 CHU", alternate, 40), (3, "UNO 1122 CHU", everyone, 30), (4, "UNO 1121 CHU-P4", mixed, 30),
    (5, "UNO 3112 CHU-P2", everyone, 20)])
def test_CHU_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(hands), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 100


def test_CHU_changes_the_hands():
    a = C.play(3000, players=3, rules="UNO 1121 CHU", seed=3, chance="fast").turns.mean()
    b = C.play(3000, players=3, rules="UNO 1121", seed=3, chance="fast").turns.mean()
    assert a > b


def test_CHU_switched_off_in_C_fails_the_differential_check(monkeypatch):
    """The mutation check: the referee plays CHU, the core is told nothing of it (flag 0): the steps differ."""
    monkeypatch.setattr(C, "_H5", {"CHU": 0})
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses an id the referee took
        S.same_steps("UNO 1121 CHU", (3, 4), range(4), other=0.2, cap=1500)


# ------------------------------------------------------------------------------------------- E, IE, S
SOCIAL_RULES = ("UNO 1121 E", "UNO 1121 IE", "UNO 1122 E-IE", "UNO 1121 E(card=7)-IE(card=2)", "UNO 3112 E-P4",
                "UNO 1121 S", "UNO 1111 uno=3 S", "UNO 1121 SPP", "UNO 1121 SU", "UNO 1121 ST",
                "UNO 1121 ST(rounds=2)-P2", "UNO 1121 SSE", "UNO 1121 SSE(word=uno)", "UNO 1121 SSS",
                "UNO 1121 S(card=8,penalty=3)-FU(cards=4)", "UNO 1112 SPPT-E-IE-CHU-P3")


def test_social_rules_are_played_compiled_with_the_proven_rules_only():
    for rules in SOCIAL_RULES:
        for bots in ("random-play", "greedy"):
            assert C.problem(rules, bots, 4) is None, rules
    for mine in ("E", "IE", "S"):
        # (S also on _house2.h's lists: tests/fast/test_compiled_house3_h2.py; SEVENO shares its 7)
        for other in ("ADDUP", "DP", "ORG", "SEVENO") if mine == "S" else ("C", "DR", "SEVENO", "ADDUP", "T", "DP", "ORG"):
            why = C.problem(f"UNO 1121 {mine}-{other}", "random-play", 3)
            assert why and other in why, (mine, other)
        assert C.batch_problem(f"UNO 1121 {mine}") is None   # (the env's C flows: tests/fast/test_envflow.py)
    for other in ("C", "DR", "T(card=1)", "DOA"):
        assert C.problem(f"UNO 1121 S-{other}", "strategist", 3) is None, other


@pytest.mark.parametrize("rules", SOCIAL_RULES)
def test_social_rules_compiled_same_steps_as_referee(rules):
    t = S.same_steps(rules, (2, 3, 4, 6), range(4), other=0.2, cap=1500)
    assert t.actions > t.share(400)


def test_social_rules_compiled_hands_equal_sim_and_lab():
    for rules in ("UNO 1121 E-IE", "UNO 1121 S", "UNO 1121 SPPT(rounds=2)", "UNO 3112 SU-E-P4"):
        S.same_hands(rules, (2, 3, 5), 12, 6)
    S.fast_agrees("UNO 1121 E-IE-S", 5000)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 E-IE", alternate, 30), (3, "UNO 1121 S", everyone, 30), (4, "UNO 1121 SPPT-P4", mixed, 20),
    (3, "UNO 1122 E-S-CHU", everyone, 20)])
def test_social_rules_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(hands), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 100


def test_unpaid_compliments_and_speaking_in_silence_cost_cards():
    """The bots pay no compliment and call UNO in silence: penalty cards the official rules never deal; S with U,
    SE or SS judges a UNO call free (the same hands as the official rules')."""
    base = C.play(2000, players=3, rules="UNO 1121", seed=3)
    assert base.penalty_cards.sum() == 0
    for rules in ("UNO 1121 E", "UNO 1121 IE", "UNO 1121 S", "UNO 1121 SPP", "UNO 1121 ST"):
        assert C.play(2000, players=3, rules=rules, seed=3).penalty_cards.sum() > 100, rules
    e = C.play(2000, players=3, rules="UNO 1121 E", seed=3)
    ie = C.play(2000, players=3, rules="UNO 1121 E-IE", seed=3)
    assert ie.penalty_cards.sum() > e.penalty_cards.sum()
    for rules in ("UNO 1121 SU", "UNO 1121 SSE", "UNO 1121 SSS"):
        assert (C.play(2000, players=3, rules=rules, seed=3).records == base.records).all(), rules
    assert (C.play(2000, players=3, rules="UNO 1121 SSE(word=uno)", seed=3).records != base.records).any()


SOCIAL_WITH = ("UNO 1121 E-SAT", "UNO 1121 IE-INS", "UNO 1121 S-CON-P4", "UNO 1121 E-IE-FORCE",
               "UNO 1121 SPP-DRAWPLAY", "UNO 1121 E-DRAWANY", "UNO 1121 S-NOCHALLENGE", "UNO 1121 E-WILDSTART",
               "UNO 1121 S-LIMIT(cards=9)", "UNO 1121 E-PAA", "UNO 1121 S-PAB", "UNO 1121 IE-FL", "UNO 1121 S-GT",
               "UNO 1121 E-I", "UNO 1121 S-DEFLECT-P2", "UNO 1121 IE-REVENGE-P2", "UNO 1121 S-NOENDDRAW",
               "UNO 1121 E-WILDMATCH", "UNO 1121 S-MISTAKE", "UNO 1121 S-MEM", "UNO 1121 S-PRE", "UNO 1121 S-SLOWUNO",
               "UNO 1121 E-OPEN-REV", "UNO 1121 ST-E-SAT-PAB-LIMIT(cards=10)", "UNO 1121 SPP-IE-INS-GT-MEM")


@pytest.mark.parametrize("rules", SOCIAL_WITH)
def test_social_rules_with_the_drawing_and_house3_rules_compiled_as_the_referee(rules):
    assert C.problem(rules, "random-play", 3) is None and C.problem(rules, "greedy", 3) is None
    S.same_steps(rules, (2, 3, 5), range(4), other=0.2, cap=1500)
    S.same_hands(rules, (2, 4), 12, 6)


@pytest.mark.parametrize("players,rules,lineup", [
    (3, "UNO 1121 E-SAT-PAB", everyone), (4, "UNO 1121 S-CON-P4-GT", mixed), (2, "UNO 1121 IE-FORCE-MEM", alternate)])
def test_social_rules_with_house3_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup):
    r = lockstep(players, rules, range(20), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 100


@pytest.mark.parametrize("rules,code", [("UNO 1121 E", "E"), ("UNO 1121 IE", "IE"), ("UNO 1121 S", "S"),
                                        ("UNO 1121 ST", "S")])
def test_social_rule_switched_off_in_C_fails_the_differential_check(monkeypatch, rules, code):
    """The mutation check: the referee plays the rule, the core is told nothing of it (flag 0): the steps differ."""
    monkeypatch.setattr(C, "_H5", {**C._H5, code: 0})
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses an id the referee took
        S.same_steps(rules, (3, 4), range(4), other=0.2, cap=1500)


def test_temporary_silence_ending_wrong_in_C_fails_the_differential_check(monkeypatch):
    """A subtler mutation: ST's silence told to last two rounds instead of one."""
    real = C._h5
    monkeypatch.setattr(C, "_h5", lambda rs: (real(rs)[0] + (1 << 8), real(rs)[1]))
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses an id the referee took
        S.same_steps("UNO 1121 ST", (3, 4), range(4), other=0.2, cap=1500)


def test_lab_plays_these_rules_compiled_with_the_referees_results():
    """The lab's table measure (random-play), its matches and its greedy skill games under CHU, E, IE and S: the
    compiled chunks' tallies are the referee's (matches: compiled.play_matches, its harness seeded per hand)."""
    from unokit.lab import lab
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    codes = ["UNO 1121 CHU", "UNO 1122 E-IE", "UNO 1121 S-P2", "UNO 3121 SPPT-E"]
    kw = dict(bots="random-play", players=[3], hands=60, matches=3, skill_hands=20, skill_players=2, skill="greedy",
              measures=["table", "match", "skill"], jobs=1, progress=False, plots=False, seed=6, max_steps=400)
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", **kw)
    assert set(b["work"]["engines"]) == {"compiled"}
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}
