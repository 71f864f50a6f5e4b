"""The compiled strategist under DOA (unokit/fast/_house7.h's gifts; issue 27 point 3).

000 §DOA: the player of a 2 gives two cards of their hand per 2 to a seat of their choice. StrategistBot reads DOA
where its scores read a play's gifts (unokit/fast/_h2strategist.h, _strategist.h): the rest of the hand without
them (cards shed, going out by giving, what is held after), the seat given them (its size, the ``weapons`` term),
the 2 worth keeping (``_hold_value``), one UNO variant per set of gifts, ``_prune`` (at most six donation variants per
play when 40 plays or more are offered: the first opponent with the fewest cards, the wilds and the fewest points
kept); and its knowledge follows the 'donate' events (the receiver's cards acquired, the giver's hand forgotten).

Lockstep: the compiled core plays seeded hands with strategist seats, every move it applied is logged, the referee
replays them and at every decision of a strategist seat, in turn and out of turn (its UNO calls, catches and cuts),
:class:`~unokit.bots.strategist.StrategistBot` seeded as the compiled seat, its stems completed one sub-decision at a
time as the harness completes them (``unokit.engine.flow.ask``), must choose the same action, 2 to 6 players, alone
and with the rules DOA combines with (groups of 2s under DR: tests/fast/test_compiled_doa.py). Whole hands equal
the lab's ``play_deal``. Mutant strategists (no gifts valued, no pruning, another seat given the cards) fail.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_strategist_house import STRATEGIST, alternate, everyone, mixed  # the seat line-ups

from unokit.bots.strategist import StrategistBot
from unokit.core.actions import Play
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def with_greedy(players, seed):
    """Strategist seats, a greedy seat second and random-play seats (the lab's line-ups)."""
    return [(STRATEGIST, C.POLICIES["greedy"], STRATEGIST, C.POLICIES["random-play"])[s % 4] for s in range(players)]


def lockstep(players: int, rules: str, seeds, lineup, bot=StrategistBot, max_steps: int = C.MAX_STEPS) -> dict:
    """tests/compiled_support.py's ask_lockstep for the strategist's seats (seeds sampled, a hand may be cut short)."""
    return S.ask_lockstep(players, rules, seeds, lineup, bot, STRATEGIST, max_steps=max_steps)


#: DOA with the rules it combines with (one table each; the guide's variations holding DOA among them)
DOA_WITH = ["UNO 1121 DOA-P2", "UNO 1121 DOA-P4", "UNO 1122 DOA(card=7)-DD-JUMPIN", "UNO 1121 DOA-C-P4",
            "UNO 3112 DOA-ZEROLEFT", "UNO 1121 DOA-DRAWPLAY-P2", "UNO 1111 uno=3 DOA-AB-C", "UNO 1121 DOA-DD-BOMB-FU(cards=4)",
            "UNO 1121 DOA-BACK-DOUBLE-BA-DAD(card=7)", "UNO 1121 DOA-P1-BU(cards=9)", "UNO 1121 DOA-ADDUP-CAR",
            "UNO 1121 DOA-SAT-CON", "UNO 1121 DOA-INS-FORCE", "UNO 1121 DOA-TRI-P2", "UNO 1121 DOA-JUMPIN-P3"]


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 DOA", everyone, 16), (3, "UNO 1121 DOA", everyone, 16), (4, "UNO 1121 DOA", alternate, 12),
    (5, "UNO 1121 DOA", mixed, 10), (6, "UNO 1121 DOA", with_greedy, 8), (4, "UNO 1112 DOA(card=5)", everyone, 10),
    (3, "UNO 1122 DOA", with_greedy, 10), (3, "UNO 1121 ADDUP-T-DOA-CLA", everyone, 10),
    (4, "UNO 1121 DOA-SEVENO", mixed, 8)])
def test_compiled_strategist_makes_the_python_strategists_choices_under_DOA(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup)
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"
    assert r["gifts"] >= S.share(hands * 0.8, r["hands"], r["full"])


@pytest.mark.parametrize("rules", DOA_WITH, ids=[c.replace("UNO ", "").replace(" ", "_") for c in DOA_WITH])
def test_compiled_strategist_under_DOA_with_the_rules_it_combines_with(rules):
    for players, lineup in ((3, everyone), (4, with_greedy)):
        assert C.problem(rules, ["strategist"] * players, players) is None, rules
        r = lockstep(players, rules, range(4), lineup)
        assert r["agree"] == r["decisions"], (rules, players, r["first"])
        assert r["decisions"] > 0


class _Counted(StrategistBot):
    """The strategist itself, counting the donation variants its _prune left out."""

    pruned = 0

    def _prune(self, ctx, plays):
        kept = super()._prune(ctx, plays)
        _Counted.pruned += len(kept) < len(plays)
        return kept


def test_lockstep_meets_pruned_donations_and_cuts_that_give():
    """The sweep reaches what DOA adds to the strategist's choice: lists of 40 plays or more pruned, cuts."""
    _Counted.pruned = 0
    r = lockstep(6, "UNO 1121 DOA-C-P4", range(8), everyone, bot=_Counted)
    assert r["agree"] == r["decisions"], r["first"]
    assert _Counted.pruned >= S.share(10, r["hands"], r["full"]) and r["cuts"] >= S.share(20, r["hands"], r["full"])


#: the proven rules drawn beside DOA: those compiled.problem accepts with it
BESIDE = S.proven_beside("DOA")


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       codes=st.lists(st.sampled_from(BESIDE), min_size=1, max_size=3, unique=True),
       who=st.sampled_from([alternate, everyone, mixed, with_greedy]))
def test_compiled_strategist_agrees_under_DOA_with_any_rules_it_combines_with(seed, players, codes, who):
    rules = S.strategist_table("DOA", codes, players, seed, who)
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["agree"] == r["decisions"], (rules, r["first"])


# ------------------------------------------------------------------------------------------- mutations
class _GiftsUnseen(StrategistBot):
    """A mutant reference: the strategist whose scores ignore the cards given (a play valued as if it gave none)."""

    def _value_raw(self, ctx, a, *args, **kw):
        if a.give:
            a = Play(a.player, a.cards, a.color, a.uno, a.target, a.hidden, a.claim)
        return super()._value_raw(ctx, a, *args, **kw)


class _NoPrune(StrategistBot):
    """A mutant reference: every donation variant is kept, however many."""

    def _prune(self, ctx, plays):
        return plays


class _GivesToTheLast(StrategistBot):
    """A mutant reference: the strategist prefers giving to the last seat."""

    def _value(self, ctx, a, *args, **kw):
        return super()._value(ctx, a, *args, **kw) + (0.5 if a.give and a.target == ctx.na - 1 else 0.0)


@pytest.mark.parametrize("mutant", [_GiftsUnseen, _NoPrune, _GivesToTheLast])
def test_the_lockstep_fails_against_a_different_strategist_under_DOA(mutant):
    r = lockstep(3, "UNO 1121 DOA", range(100, 108), everyone, bot=mutant)
    assert r["agree"] < r["decisions"]


def test_problem_accepts_DOA_for_the_strategist():
    for rules in ("UNO 1121 DOA", "UNO 1121 DOA-C-P4", "UNO 1122 DOA(card=7)-DD-JUMPIN"):
        assert C.problem(rules, ["strategist", "random-play", "greedy", "strategist"], 4) is None, rules
    assert "DOA" in (C.problem("UNO 1121 DOA-MS1", "strategist", 4) or "")   # (refused for every bot)
    assert C.problem("UNO 1121 DOA-DR", "strategist", 4) is None   # (groups of 2s: tests/fast/test_compiled_doa.py)
    assert C.problem("UNO 1121 DOA-SEVENO", "strategist", 4) is None       # (below: the lockstep under it)


@pytest.mark.parametrize("rules", ["UNO 1121 DOA", "UNO 1121 DOA-C-P2"])
def test_compiled_strategist_lab_hands_equal_play_deal_under_DOA(rules):
    n, lineup = S.sampled(12), ["strategist", "random-play", "strategist", "greedy"]
    S.same_lab_hands(rules, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score", "reactions"),
                     bot_salt=0, whole=True)
