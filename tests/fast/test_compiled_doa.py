"""The compiled core under DOA (unokit/fast/_house7.h on _house2.h's listing) plays the referee's hands.

000 §DOA: the player of a 2 gives two cards of their hand per 2 to a seat of their choice (``Donation``,
rules/cardfx.py). Proven as tests/fast/test_compiled_house4.py proves its rules (tests/compiled_support.py):

1. step by step against the referee: uniform random decisions among every complete action (every seat named,
   every set of gifts) of the seat to act or, now and then, of another seat; every seat's legal ids and the whole
   state agree at every step, alone and with the rules it was proven with, 2 to 6 players;
2. hand by hand against ``unokit.lab.sim.play_hand`` and the lab's ``play_deal`` with random-play bots, and the
   compiled greedy against the Python GreedyBot at every decision (its stems completed one sub-decision at a time,
   as the harness completes them), and its hands against ``play_deal``;
3. mutations: DOA switched off in C, or told another card: a check fails.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_greedy import GREEDY, alternate, everyone, mixed

from unokit.bots.greedy import GreedyBot
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

#: the rules DOA was proven with (one combination each; compiled.problem refuses the others, _h4_problem says why);
#: with the draws SAT, INS, FORCE, CON, TRI: tests/fast/test_compiled_playable_alone.py; with DR and AA: DOA_GROUPS
DOA_WITH = ("UNO 1122 DOA(card=7)-DD-JUMPIN", "UNO 1121 DOA-ADDUP-CAR", "UNO 1121 DOA-C-P4", "UNO 3112 DOA-ZEROLEFT",
            "UNO 1121 DOA-DRAWPLAY-P2", "UNO 1111 uno=3 DOA-AB-C", "UNO 1121 DOA-DD-BOMB-FU(cards=4)",
            "UNO 1121 DOA-BACK-DOUBLE-BA-DAD(card=7)", "UNO 1121 DOA-P1-BU(cards=9)", "UNO 1112 DOA-P3-DOUBLE")


def gifts_made(rules: str, players: int, seeds) -> int:
    """Plays that gave cards away in random-play hands traced in C (the tests above are not vacuous)."""
    n = 0
    for s in seeds:
        _, steps = C.trace(players, s, rules=rules, policy="random-play", policy_seed=s)
        n += sum(1 for _, _, i, _ in steps if getattr(C.to_action(i), "give", ()))
    return n


def test_DOA_is_played_compiled_with_the_rules_it_was_proven_with():
    for rules in ("UNO 1121 DOA",) + DOA_WITH:
        for bots in ("random-play", "greedy"):
            assert C.problem(rules, bots, 4) is None, rules
    for other in ("MS1", "DED"):
        why = C.problem(f"UNO 1121 DOA-{other}", "random-play", 3)
        assert why and "DOA" in why and other in why, (other, why)
    for rules in DOA_NAMING:       # (tests below)
        for bots in ("random-play", "greedy", "strategist"):
            assert C.problem(rules, bots, 4) is None, rules
    assert C.problem("UNO 1121 DOA", "strategist", 3) is None   # (tests/fast/test_compiled_strategist_doa.py)
    for rules in DOA_GROUPS:       # (tests below)
        for bots in ("random-play", "greedy", "strategist"):
            assert C.problem(rules, bots, 4) is None, rules
    assert C.problem("UNO 1121 DOA-PAA", "random-play", 3) is None   # (tests/fast/test_compiled_house3_h2.py)
    assert C.batch_problem("UNO 1121 DOA")


def test_DOA_compiled_same_steps_as_referee():
    t = S.same_steps("UNO 1121 DOA", (2, 3, 4, 5, 6), range(4), other=0.3, cap=600)
    assert t.actions > t.share(2000)
    assert gifts_made("UNO 1121 DOA", 4, range(6)) > 10


@pytest.mark.parametrize("rules", DOA_WITH, ids=[c.replace("UNO ", "").replace(" ", "_") for c in DOA_WITH])
def test_DOA_with_the_rules_it_combines_with_compiled_as_the_referee(rules):
    S.same_steps(rules, (2, 4), range(2), other=0.3, cap=300)
    S.same_hands(rules, (3,), 6, 3)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 6),
       rules=st.sampled_from(("UNO 1121 DOA", "UNO 1122 DOA(card=5)-C", "UNO 1121 DOA-P4-DD", "UNO 1112 DOA-ADDUP")))
def test_DOA_compiled_same_steps_hypothesis(seed, players, rules):
    S.check_steps(players, seed, rules, random.Random(seed), 0.3, 250)


def test_DOA_compiled_hands_equal_sim_and_lab():
    S.same_hands("UNO 1121 DOA", (2, 3, 4, 6), 12, 6)
    S.fast_agrees("UNO 1121 DOA", 3000)


def test_DOA_gives_cards_away():
    """Gifts shorten the hands of the players of 2s: hands end sooner than under the official rules."""
    base = C.play(3000, players=4, rules="UNO 1121", seed=3, chance="fast")
    doa = C.play(3000, players=4, rules="UNO 1121 DOA", seed=3, chance="fast")
    assert doa.turns.mean() < base.turns.mean()


# ------------------------------------------------------------- DOA beside the rules that name a seat too
#: DOA with T, SEVENO and CLA: a play may hold DOA's 2 and their card (ADDUP's and AB's pairs: 0 + 2 on a 2); its
#: seats are the hooks' lists joined in the rules' order (compose.targets_of: T's None and seats, DOA's, CLA's,
#: SEVENO's None and seats), DOA refuses None, the gifts go first (play_order -1), then the swap or the look
DOA_NAMING = ("UNO 1121 T-DOA", "UNO 1121 DOA-SEVENO", "UNO 1121 DOA-CLA", "UNO 1121 ADDUP-T-DOA-CLA",
              "UNO 1121 ADDUP-DOA-SEVENO", "UNO 1121 AB-T-DOA")


@pytest.mark.parametrize("rules", DOA_NAMING)
def test_DOA_beside_T_SEVENO_CLA_compiled_as_the_referee(rules):
    S.same_steps(rules, (2, 4), range(2), other=0.3, cap=300)


def combined_steps(rules: str, nums: set[int], players: int, seeds) -> tuple[int, int]:
    """check_steps with the plays holding every number of ``nums`` (DOA's 2 and a naming card) chosen when offered:
    (steps compared, such plays applied)."""
    from unokit.core.actions import Play
    steps = combined = 0
    for seed in seeds:
        rng = random.Random(seed * 7 + players)

        def choose(g, lg: list[list[int]], rng: random.Random = rng) -> int:
            nonlocal combined
            seat = g.to_act if lg[g.to_act] else rng.choice([s for s in range(players) if lg[s]])
            hits = [i for i in lg[seat] if type(C.to_action(i)) is Play and {c.number for c in C.to_action(i).cards} >= nums]
            i = rng.choice(hits) if hits and rng.random() < 0.8 else rng.choice(lg[seat])
            combined += i in hits
            return i

        steps += S.replay_steps(players, seed, rules, choose, 600, top=True)
    return steps, combined


@pytest.mark.parametrize("rules,nums", [("UNO 1121 ADDUP-T-DOA-CLA", {0, 2}), ("UNO 1121 ADDUP-DOA-SEVENO", {2, 7})])
def test_DOA_gifts_and_a_swap_or_look_in_one_play_compiled_as_the_referee(rules, nums):
    steps, combined = combined_steps(rules, nums, 3, range(10))
    assert combined > 0 and steps > 100, (steps, combined)


# ------------------------------------------------------------------------------ DOA beside DR and AA: groups of 2s
#: a group of k 2s gives 2k cards (Donation.owed): past three 2s the play's id passes an int64 (codec.INT64_DIGITS),
#: which the C core builds as a Python int; the guide's variation DR-P4-PAA-SU-CAR-T-M-DOA-PRE among them
DOA_GROUPS = ("UNO 1121 DOA-DR", "UNO 1121 DOA-AA", "UNO 1121 DR-P4-PAA-SU-CAR-T-M-DOA-PRE", "UNO 1122 DOA-DR-BA-C")


def gifts_steps(rules: str, players: int, seeds, least: int = 6) -> dict:
    """check_steps with the plays giving the most cards chosen when offered (of ``least`` cards or more: past an
    int64 with a group of three 2s); what was compared and applied."""
    from unokit.core.actions import Play
    out = {"steps": 0, "big_applied": 0, "big_listed": 0}
    for seed in seeds:
        rng = random.Random(seed * 11 + players)

        def choose(g, lg: list[list[int]], rng: random.Random = rng) -> int:
            seat = g.to_act if lg[g.to_act] else rng.choice([s for s in range(players) if lg[s]])
            gifts = [(len(a.give), i) for i in lg[seat] if type(a := C.to_action(i)) is Play and len(a.give) >= least]
            i = rng.choice([i for n, i in gifts if n == max(gifts)[0]]) if gifts and rng.random() < 0.8 \
                else rng.choice(lg[seat])
            out["big_applied"] += i >= 2 ** 63
            out["big_listed"] += sum(x >= 2 ** 63 for ids in lg for x in ids)
            return i

        out["steps"] += S.replay_steps(players, seed, rules, choose, 600, top=True)
    return out


@pytest.mark.parametrize("rules", DOA_GROUPS)
def test_DOA_groups_of_2s_give_their_cards_compiled_as_the_referee(rules):
    """000 §DOA with DR: 'two cards per 2 played'; the groups of three and more 2s, whose ids pass an int64, are
    listed and applied in C as on the referee (every seat's complete actions and the state at every step)."""
    S.same_steps(rules, (2, 3, 4), range(3), other=0.2, cap=600)
    S.same_hands(rules, (2, 4), 6, 4)


def test_DOA_groups_of_three_2s_or_more_ids_past_an_int64_compiled_as_the_referee():
    r = gifts_steps("UNO 1121 DOA-DR-BU(cards=12)", 3, range(30))   # (BU: bigger hands, more groups of 2s)
    assert r["big_applied"] >= 3 and r["big_listed"] >= 100 and r["steps"] > 500, r


def test_DOA_groups_of_five_2s_give_ten_cards_compiled_as_the_referee():
    """Greedy sheds big groups: in big hands (BU) it plays five 2s and gives ten cards (lab hands 6 and 37 of these
    deals), past the eight one play gave before DR came beside DOA (MAXGIVE); whole hands equal play_deal's."""
    from unokit.engine.game import Game
    from unokit.lab import play_deal
    from unokit.lab.sim import derive_seed
    rules = "UNO 1121 DOA-DR-BU(cards=20)"
    g = Game.new(players=2, rules=rules, seed=derive_seed(5, 6, "lab-deal"))
    play_deal(rules, ["greedy", "greedy"], derive_seed(5, 6, "lab-deal"), bot_salt=3, game=g)
    assert max(e.count for e in g.events if e.kind == "donate") == 10
    S.same_lab_hands(rules, ["greedy", "greedy"], 40, whole=True)


@pytest.mark.parametrize("rules", ["UNO 1121 DOA-DR", "UNO 1121 DR-P4-PAA-SU-CAR-T-M-DOA-PRE"])
def test_DOA_groups_compiled_strategist_and_greedy_choose_as_the_python_bots(rules):
    from test_compiled_house3_h2 import STRATEGIST, agree

    from unokit.bots.strategist import StrategistBot
    assert agree(rules, StrategistBot, STRATEGIST) > 120
    assert agree(rules, GreedyBot, GREEDY, players=(2, 3), hands=5) > 80


@pytest.mark.parametrize("rules", ["UNO 1121 AA-AB-DOA-BACK(card=6)-CLA(card=5)", "UNO 1121 DR-AB-DOA-TRI-JUMPIN"])
def test_DOA_groups_strategist_completes_a_stem_past_the_unfolding_as_the_python_bot(rules):
    """A group of 2s with its gifts can have more completions than the harness unfolds (128): the strategist then
    picks the stem and completes it one sub-decision at a time (engine.flow.ask), in C as in Python."""
    from test_compiled_house3_h2 import STRATEGIST, mixed

    from unokit.bots.strategist import StrategistBot
    done = decisions = 0
    for p in (3, 4, 5):
        r = S.lockstep(p, rules, range(100 * p, 100 * p + 4), mixed(STRATEGIST), StrategistBot, STRATEGIST,
                       reactions=True, cut_short=True, purpose="lab-bot", salt=0, everything=True)
        assert r["agree"] == r["decisions"], r["first"]
        done += r["completed"]
        decisions += r["decisions"]
    assert done >= 1 and decisions > 100, (done, decisions)


def test_DOA_targets_without_the_swaps_none_in_C_fail_the_differential_check(monkeypatch):
    """Mutation check: C told T's card is another (its None and seats no longer joined with DOA's): the listings part."""
    real = C._h4
    monkeypatch.setattr(C, "_h4", lambda rs: (real(rs)[0] ^ 1, real(rs)[1]))   # T's card 0 read as 1
    with pytest.raises((AssertionError, ValueError)):
        combined_steps("UNO 1121 ADDUP-T-DOA", {0, 2}, 3, range(4))


# ----------------------------------------------------------------------------------------------- greedy
def greedy_lockstep(players: int, rules: str, seeds, lineup) -> dict:
    """tests/compiled_support.py's ask_lockstep for GreedyBot's seats (every seed, every hand played to the end)."""
    return S.ask_lockstep(players, rules, seeds, lineup, GreedyBot, GREEDY, cut_short=False, everything=True)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 DOA", alternate, 12), (3, "UNO 1121 DOA", everyone, 10), (4, "UNO 1122 DOA-C-P2", mixed, 8),
    (6, "UNO 1121 DOA-DD-JUMPIN", mixed, 5), (3, "UNO 1121 ADDUP-T-DOA-CLA", mixed, 8), (4, "UNO 1121 DOA-SEVENO", everyone, 6)])
def test_DOA_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = greedy_lockstep(players, rules, range(S.sampled(hands)), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["gifts"] > 0


def test_DOA_compiled_greedy_lab_hands_equal_play_deal():
    rules = "UNO 1121 DOA"
    for lineup in (["greedy", "random-play"], ["greedy", "random-play", "greedy", "greedy"]):
        S.same_lab_hands(rules, lineup, S.sampled(8), ("winner", "first", "turns", "plays", "drawn", "score", "catches"),
                         bot_salt=0, whole=True)


# ------------------------------------------------------------------------------------------- mutations
def test_DOA_switched_off_in_C_fails_the_differential_check(monkeypatch):
    real = C._h2
    monkeypatch.setattr(C, "_h2", lambda rs: (real(rs)[0] & ~C._H2["DOA"], real(rs)[1]))   # a 2 gives nothing
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps("UNO 1121 DOA", (3,), range(3), other=0.3, cap=300)


def test_DOA_told_another_card_in_C_fails_the_differential_check(monkeypatch):
    real = C._h4
    monkeypatch.setattr(C, "_h4", lambda rs: (real(rs)[0] ^ (1 << 24), real(rs)[1]))   # the 3 gives, not the 2
    with pytest.raises((AssertionError, ValueError)):
        S.same_steps("UNO 1121 DOA", (3,), range(3), other=0.3, cap=300)
