"""The compiled core under M (Monte: on an 8 every seat slaps the pile, the last to slap draws 1) plays the referee's
hands (unokit/fast/_house5.h; rules/social.py SlapPile).

Every seat's slap has an id (``unokit.core.codec.SLAP_BASE + seat``); the open round, who slapped and a win on an 8
waiting for the round are in C's state; the harness offers the reaction to every seat while a round is open, and
random-play and greedy slap after a UNO call and a catch. Proven as tests/fast/test_compiled_house5.py proves its
rules (tests/compiled_support.py): step by step against the referee (every seat's legal ids and the whole state
after each action; 2, 3, 4 and 6 players), hand by hand against ``sim.play_hand`` and the lab's ``play_deal``, the
compiled greedy decision by decision against ``GreedyBot``, fast against referee chance, and mutations (the rule's
flag cleared, another card, a win on an 8 not deferred) fail the step-by-step check.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
from test_compiled_greedy import alternate, everyone, lockstep, mixed

from unokit.core.actions import Play, Slap
from unokit.core.codec import SLAP_BASE
from unokit.engine.game import Game
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

M_RULES = ("UNO 1121 M", "UNO 1122 M", "UNO 3112 M", "UNO 1111 uno=3 M", "UNO 1121 M(card=5)-P4",
           "UNO 1121 M-P2-FU(cards=3)", "UNO 1121 M-CHU", "UNO 1121 M-E-IE", "UNO 1121 SPPT-M",
           "UNO 1112 M-S-E-IE-CHU-P3")
#: M with the drawing rules and _house3.h's (those that do not count its card as an action card)
M_WITH = ("UNO 1121 M-SAT", "UNO 1121 M-INS", "UNO 1121 M-CON-P4", "UNO 1121 M-DRAWPLAY", "UNO 1121 M-FORCE",
          "UNO 1121 M-DRAWANY", "UNO 1121 M-NOCHALLENGE", "UNO 1121 M-WILDSTART", "UNO 1121 M-LIMIT(cards=9)",
          "UNO 1121 M-FL(variant=numbers)", "UNO 1121 M-GT", "UNO 1121 M-I", "UNO 1121 M-DEFLECT-P2",
          "UNO 1121 M-REVENGE-P2", "UNO 1121 M-NOENDDRAW", "UNO 1121 M-WILDMATCH", "UNO 1121 M-MISTAKE",
          "UNO 1121 M-MEM", "UNO 1121 M-PRE", "UNO 1121 M-SLOWUNO", "UNO 1121 M-OPEN-REV", "UNO 1121 M-E-SAT-GT")


def test_M_is_played_compiled_alone_with_the_ambiguity_digits_and_proven_rules():
    for rules in M_RULES + M_WITH:
        for bots in ("random-play", "greedy"):
            assert C.problem(rules, bots, 4) is None, rules
    for other in ("ADDUP", "ORG", "DED"):
        why = C.problem(f"UNO 1121 M-{other}", "random-play", 3)
        assert why and "M" in why and other in why, other
    for other in ("C", "DR", "SEVENO", "T", "DOA", "PAA", "PAB"):   # (_house2.h's lists, the peace reading M's card as
        assert C.problem(f"UNO 1121 M-{other}", "random-play", 3) is None, other   # armed: test_compiled_house3_h2.py)
    why = C.problem("UNO 1121 M-FL", "random-play", 3)   # M's card is a drawing card for FL(all) (rules/cardfx.py)
    assert why and why.startswith("M with FL")
    assert C.problem("UNO 1121 M-CHU-SAT", "random-play", 3)
    assert C.problem("UNO 1121 M", "strategist", 3) is None   # (tests/fast/test_compiled_strategist_house5.py)
    assert C.batch_problem("UNO 1121 M") is None   # (its slap a reaction of the env's flows: test_envflow.py)


def test_M_slap_ids_are_the_codecs():
    """The core's slap of seat s is the engines' SLAP_BASE + s, and C lists it exactly when the referee does."""
    assert C._ccore.SLAP_BASE == SLAP_BASE
    g = Game.new(players=3, rules="UNO 1121 M", seed=0)
    assert all(Slap(s) not in g.legal_actions(s) for s in range(3))
    _, steps = C.trace(3, 0, rules="UNO 1121 M", policy="random-play", policy_seed=0, full=True)
    slaps = {i for _seat, lg, _i, _ in steps for ids in lg for i in ids if i >= SLAP_BASE}
    assert slaps == {SLAP_BASE, SLAP_BASE + 1, SLAP_BASE + 2}
    assert all(isinstance(C.to_action(i), Slap) for i in slaps)


@pytest.mark.parametrize("rules", M_RULES)
def test_M_compiled_same_steps_as_referee(rules):
    t = S.same_steps(rules, (2, 3, 4, 6), range(2), other=0.2, cap=750)
    assert t.actions > t.share(800)


@pytest.mark.parametrize("rules", M_WITH)
def test_M_with_the_drawing_and_house3_rules_compiled_as_the_referee(rules):
    S.same_steps(rules, (2, 5), range(2), other=0.2, cap=750)
    S.same_hands(rules, (3,), 4, 2)


def _out_on_an_eight(players: int) -> tuple[int, int, list[int], Game]:
    """A referee hand under M played with random plays of the seat to act until a seat goes out on an 8: (its
    seed, that seat, the ids so far, the game)."""
    for seed in range(200):
        rng = random.Random(seed)
        g = Game.new(players=players, rules="UNO 1121 M", seed=seed)
        ids: list[int] = []
        while not g.over and len(ids) < 600:
            seat = g.to_act
            lg = S.referee_ids(g, seat)
            plays = [i for i in lg if type(C.to_action(i)) is Play]
            i = rng.choice(plays or lg)   # (plays first: shorter hands)
            a = C.to_action(i)
            before = len(g.hands[seat])
            g.apply(a)
            ids.append(i)
            if type(a) is Play and before == 1 and a.cards[-1].number == 8 and not g.hands[seat]:
                return seed, seat, ids, g
    raise AssertionError("no hand went out on an 8")


@pytest.mark.parametrize("players", (2, 3))
def test_going_out_on_an_8_waits_for_the_slap_round(players):
    """A seat that goes out on an 8 has not won: it wins when the round closes without making it draw (it slapped,
    and not last), else play goes on (it drew: last to slap, or the next seat started first); C agrees in each case."""
    seed, w, ids, g = _out_on_an_eight(players)
    assert not g.over and not g.hands[w]
    nxt = g.to_act
    others = [s for s in range(players) if s not in (w, nxt)]
    cases = {   # the seats' moves after the 8 (while the referee takes them) -> does w win?
        "w slaps first": ([SLAP_BASE + w] + [SLAP_BASE + s for s in others + [nxt]], True),
        "w slaps last": ([SLAP_BASE + s for s in others + [nxt]] + [SLAP_BASE + w], False),
        "the next seat draws first": ([nxt * C.ACTIONS_PER_SEAT + 120], False),
    }
    for what, (more, wins) in cases.items():
        r = Game.new(players=players, rules="UNO 1121 M", seed=seed)
        for i in ids:
            r.apply(C.to_action(i))
        done = list(ids)
        for i in more:
            if not r.can(C.to_action(i)):
                break
            r.apply(C.to_action(i))
            done.append(i)
        assert r.over == wins and (r.winner == w) == wins, what
        assert len(r.hands[w]) == (0 if wins else 1), what
        _, steps = C.trace(players, seed, rules="UNO 1121 M", decisions=done, full=True)
        after = steps[-1][3]
        assert after[9] == (w if wins else -1) and len(after[0][w]) == len(r.hands[w]), what


def test_M_compiled_hands_equal_sim_and_lab():
    t = S.same_hands("UNO 1121 M", (2, 3, 5), 16, 8)
    assert t.reactions > t.share(250)
    S.same_hands("UNO 3112 M-P4-FU(cards=4)", (2, 4), 12, 6)
    S.fast_agrees("UNO 1121 M", 5000)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 M", alternate, 30), (3, "UNO 1122 M", everyone, 20), (4, "UNO 1121 M-P4", mixed, 20),
    (3, "UNO 1121 M-E-S-CHU", everyone, 15), (5, "UNO 3112 M-SAT-GT", mixed, 12)])
def test_M_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(hands), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["decisions"] > 100 and r["reactions"] > 10


def test_M_costs_the_last_to_slap_a_card():
    """Random-play and greedy always slap: each round costs one card (its last slapper's), which the official rules
    never deal; another card of the rule, another count."""
    base = C.play(2000, players=3, rules="UNO 1121", seed=3)
    m = C.play(2000, players=3, rules="UNO 1121 M", seed=3)
    assert base.penalty_cards.sum() == 0 and m.penalty_cards.sum() > 1000
    assert m.reactions.sum() == 2 * m.penalty_cards.sum()   # two slaps per round at 3 players (UNO said with plays)
    five = C.play(2000, players=3, rules="UNO 1121 M(card=5)", seed=3)
    assert (five.records != m.records).any()


def test_M_switched_off_in_C_fails_the_differential_check(monkeypatch):
    """The mutation check: the referee plays M, the core is told nothing of it (flag 0): the steps differ."""
    monkeypatch.setattr(C, "_H5", {**C._H5, "M": 0})
    with pytest.raises((AssertionError, ValueError)):   # a state differs, or C refuses an id the referee took
        S.same_steps("UNO 1121 M", (3, 4), range(4), other=0.2, cap=1500)


def test_M_told_another_card_fails_the_differential_check(monkeypatch):
    """A subtler mutation: C told that the 7 calls for slaps."""
    real = C._h5
    monkeypatch.setattr(C, "_h5", lambda rs: (real(rs)[0], real(rs)[1] & ~(15 << 20) | 7 << 20))
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps("UNO 1121 M", (3, 4), range(4), other=0.2, cap=1500)


def test_lab_plays_M_compiled_with_the_referees_results():
    """The lab's table measure (random-play), its matches and its greedy skill games under M: the compiled chunks'
    tallies are the referee's."""
    from unokit.lab import lab
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    codes = ["UNO 1121 M", "UNO 3121 M-E-SAT-P2"]
    kw = dict(bots="random-play", players=[3], hands=40, matches=2, skill_hands=16, skill_players=2, skill="greedy",
              measures=["table", "match", "skill"], jobs=1, progress=False, plots=False, seed=6, max_steps=400)
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", **kw)
    assert set(b["work"]["engines"]) == {"compiled"}
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}
