"""The compiled core under DED (unokit/fast/_house9.h) plays the referee's hands.

000 §Regra do Duplo Descarte: a card may go on a second, face-down pile, claimed legal; anyone may accuse the claim
until the next seat starts (a liar draws 4 and the accuser discards a card face down; an honest player's accuser
draws 4 and the honest player discards one more); a hand emptied face down waits for the next seat to accept; with
a stacking rule a card face down may claim a draw card. Proven as tests/fast/test_compiled_dp.py proves DP
(tests/compiled_support.py):

1. step by step against the referee: uniform random decisions among every action of the seat to act or, now and
   then, of another seat (face-down plays, claims, accusations of both verdicts, free discards, face-down finishes
   accepted and exposed, the face-down pile reshuffled into the stock all reached); every seat's legal ids and the
   whole state agree at every step, alone and with the rules of compiled._DED_WITH (hypothesis draws their
   combinations), 2 to 6 players;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, and the
   compiled greedy against the Python GreedyBot at every decision (neither plays face down, so their hands are
   those without DED; the human-error bots over them: tests/fast/test_compiled_human_house.py's lockstep);
3. mutations: DED switched off in C, or its penalty changed, fail the step-by-step check.
"""

from __future__ import annotations

import random
from collections import Counter

import compiled_support as S
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_compiled_greedy import alternate, everyone, lockstep, mixed

from unokit.core.actions import Accuse, Action, Discard, Play
from unokit.core.cards import Card
from unokit.core.codec import ACCUSE_BASE, DISCARD_BASE, decode, encode
from unokit.core.errors import UnoError
from unokit.engine.game import Game
from unokit.engine.referee.state import Phase
from unokit.fast import compiled as C
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

DED_WITH = ("UNO 1121 DED-P2", "UNO 1122 DED(penalty=2)-P4", "UNO 1121 DED-P1-BU(cards=10)",
            "UNO 3112 DED-P3-FU(cards=5)", "UNO 1121 DED-C-DR-P2", "UNO 1121 DED-SEVENO-CON",
            "UNO 1112 DED-DD-JUMPIN-SAT", "UNO 1121 DED-T(card=5)-CAR-BACK", "UNO 1121 DED-CLA-P4", "UNO 1121 DED-AA-AB-DAD-BA",
            "UNO 1121 DED-ADDUP-ZEROLEFT-DOUBLE-FORCE", "UNO 1121 DED-DR-BOMB-INS", "UNO 1122 DED-TRI-P2",
            "UNO 1121 DED-NOCHALLENGE-WILDSTART-P4", "UNO 1121 DED-LIMIT-OPEN-C", "UNO 1121 DED-REV-MISTAKE-PRE-P2",
            "UNO 1121 DED-PAA-P2", "UNO 1121 DED-PAB-P4", "UNO 3121 DED-PAA-PAB", "UNO 1121 DED-GT-P2",
            "UNO 1122 DED-GT-MEM", "UNO 1121 DED-REVENGE-P2", "UNO 1121 DED-NOENDDRAW-P4", "UNO 1112 DED-REVENGE-NOENDDRAW-P3")


def test_DED_is_played_compiled_by_its_bots_with_the_rules_it_was_proven_with():
    for rules in ("UNO 1121 DED",) + DED_WITH:
        for bots in ("random-play", "greedy", ["greedy", "random-play"]):
            assert C.problem(rules, bots, 4) is None, rules
    for other in ("DOA", "MS1", "CHU", "S", "I"):
        why = C.problem(f"UNO 1121 DED-{other}", "random-play", 3)
        assert why and "DED" in why and other in why, (other, why)
    assert C.problem("UNO 1121 FL-DED-DP-MEM-P2", "random-play", 4) is None   # (tests/fast/test_compiled_ded_dp.py)
    assert C.problem("UNO 1121 DED", "strategist", 3) is None     # (tests/fast/test_compiled_strategist_ded.py)
    assert C.problem("UNO 1121 DED-P2", ["human", "human:random-play", "greedy"], 3) is None
    assert C.batch_problem("UNO 1121 DED")


def test_DED_moves_have_ids_of_their_own_read_back():
    """codec: ACCUSE_BASE + seat, DISCARD_BASE + seat * 54 + card, a face-down play in EXT2_BASE's numbering
    without a face-up digit (its claim where a colour goes)."""
    for text in ("3 play hidden:G+2 claim:+2", "0 play hidden:R5", "1 play hidden:W uno", "9 play hidden:W+4 claim:+4"):
        a = Action.parse(text)
        assert type(a) is Play and decode(encode(a)) == a, text
    assert encode(Accuse(2)) == ACCUSE_BASE + 2 and decode(ACCUSE_BASE + 9) == Accuse(9)
    d = Discard(4, Card.parse("B9"))
    assert decode(encode(d)) == d and DISCARD_BASE <= encode(d) < C.EXT2_BASE + 1100


def steps_tally(rules: str, players: int, seeds, rng: random.Random, other: float = 0.3, cap: int = 300) -> Counter:
    """S.check_steps with what the referee's hands reached counted: face-down plays and claims, verdicts, free
    discards, face-down finishes (accepted, exposed), reshuffles with cards face down."""
    out: Counter = Counter()
    for seed in seeds:
        g = Game.new(players=players, rules=rules, seed=seed)
        states, legal, ids = [S.referee_state(g, True)], [], []
        while not g.over and len(ids) < cap:
            lg = [S.referee_ids(g, s) for s in range(players)]
            seat = g.to_act if rng.random() >= other else rng.choice([s for s in range(players) if lg[s]])
            i = rng.choice(lg[seat])
            a = C.to_action(i)
            finish, hidden = g.phase == Phase.HIDDEN_FINISH, len(g.hidden_pile)
            for e in g.apply(a):
                if e.kind == "accuse":
                    out[e.verdict + (" at a face-down finish" if finish else "")] += 1
                elif e.kind in ("hidden-play", "free-discard"):
                    out[e.kind] += 1
                    out["claim"] += e.kind == "hidden-play" and bool(e.detail[1])
                elif e.kind == "reshuffle" and hidden:
                    out["reshuffled face down"] += 1
            out["finish accepted"] += finish and g.over and type(a) is not Accuse
            legal.append(lg)
            ids.append(i)
            states.append(S.referee_state(g, True))
        init, steps = C.trace(players, seed, rules=rules, decisions=ids, full=True, top_player=True)
        assert list(init) == states[0]
        for t, (_, lg, applied, after) in enumerate(steps):
            assert (lg, applied, list(after)) == (legal[t], ids[t], states[t + 1]), f"seed {seed}, step {t}"
        out["actions"] += len(ids)
    return out


def test_DED_compiled_same_steps_as_referee_every_outcome():
    t = Counter()
    rng = random.Random(1)
    for players in (2, 3, 4, 6):
        t += steps_tally("UNO 1121 DED", players, range(S.sampled(4)), rng)
    t += steps_tally("UNO 1121 DED-P2", 3, range(S.sampled(4)), rng)
    full = 1 if S.FULL else 0.5
    assert t["actions"] > 1000 * full, t
    for what in ("hidden-play", "honest", "liar", "free-discard", "finish accepted", "claim", "reshuffled face down"):
        assert t[what] > 0, (what, t)
    assert t["liar at a face-down finish"] + t["honest at a face-down finish"] > 0, t


@pytest.mark.parametrize("rules", DED_WITH, ids=[c.replace("UNO ", "").replace(" ", "_") for c in DED_WITH])
def test_DED_with_the_rules_it_combines_with_compiled_as_the_referee(rules):
    S.same_steps(rules, (2, 4), range(2), other=0.3, cap=300)
    S.same_hands(rules, (3,), 6, 3)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 6), digits=st.sampled_from(("1121", "1122", "1112", "3121")),
       others=st.lists(st.sampled_from(C._DED_WITH), max_size=3, unique=True))
def test_DED_compiled_same_steps_hypothesis_over_rule_combinations(seed, players, digits, others):
    """Any combination the parser and compiled.problem accept plays step by step as the referee plays it."""
    rules = f"UNO {digits} " + "-".join(["DED", *others])
    try:
        RuleSet.parse(rules)
    except UnoError:
        assume(False)
    assume(C.problem(rules, "random-play", players) is None)
    try:
        S.check_steps(players, seed, rules, random.Random(seed), 0.3, 200)
    except UnoError as e:   # the referee's listing of every action too long to compare (DR, DD, AA groups)
        assume("complete actions" not in str(e))
        raise


def test_DED_compiled_hands_equal_sim_and_lab_and_the_hands_without_DED():
    """Neither random-play nor greedy plays face down, so DED leaves their hands those without it."""
    S.same_hands("UNO 1121 DED", (2, 3, 4, 6), 12, 6)
    for bots in ("random-play", "greedy"):
        S.same_records("UNO 1121 DED-P2", "UNO 1121 P2", 400, bots)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 DED", alternate, 20), (3, "UNO 1121 DED-P3", everyone, 12), (5, "UNO 1122 DED-P4", mixed, 12),
    (4, "UNO 1121 DED-C-DR-P2", everyone, 10)])
def test_DED_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(hands), lineup, everything=False)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 50


def test_DED_switched_off_in_C_fails_the_differential_check(monkeypatch):
    monkeypatch.setitem(C._H2, "DED", 0)   # C is told nothing of DED: no face-down play, no accusation listed
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps("UNO 1121 DED", (3,), range(2), other=0.3, cap=300)


def test_DED_penalty_changed_in_C_fails_the_differential_check(monkeypatch):
    h2 = C._h2
    monkeypatch.setattr(C, "_h2", lambda rs: (h2(rs)[0] ^ (1 << 24), h2(rs)[1]))   # 4 becomes 5 (2 becomes 3)
    with pytest.raises((AssertionError, ValueError)):
        steps_tally("UNO 1121 DED", 3, range(4), random.Random(1))


def test_DED_human_error_bots_every_action_as_on_the_referee():
    """HumanBot over greedy or random-play never plays face down either: every action as on the referee."""
    from test_compiled_human_house import lockstep as h_lockstep
    for rules in ("UNO 1121 DED-P2", "UNO 1121 DED-DR-SEVENO"):
        r = h_lockstep(rules, (2, 3, 5), 4)
        assert r["actions"] >= 20 * r["hands"] and r["forgot"] > 0, r
