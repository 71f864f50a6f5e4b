"""The compiled strategist under DED (unokit/fast/_strategist9.h; issue 27 point 3, issue 28 point 1).

000 §DED: a card may be played face down, claimed legal; anyone but its player may accuse the claim (a liar draws,
a wrong accuser draws), and whoever is owed one makes a free face-down discard. StrategistBot's ch.3 components:
``abstention`` (an honest playable card put face down, valued as a card shed with no effect) and ``accuse`` (out of
turn when a lie is more likely than not from the cards unseen, or when the claimer holds one card; always when a
face-down play would end the hand); its free discard keeps the best rest; its knowledge follows the face-down plays
(the draws since the last play cleared), the card an accusation shows and the penalty drawn.

Lockstep: the compiled core plays seeded hands with strategist seats, the referee replays every move and at every
decision of a strategist seat, in turn and out of turn (its declined reactions included), StrategistBot seeded as the
compiled seat must choose the same, 2 to 6 players, alone and with the rules DED combines with in the core. Whole
lab hands equal ``play_deal``'s. Mutant strategists (never abstaining, accusing at another threshold, discarding the
first card) fail.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_compiled_strategist_doa import with_greedy
from test_compiled_strategist_house import STRATEGIST, alternate, everyone, mixed  # the seat line-ups

from unokit.bots.strategist import StrategistBot
from unokit.core.actions import Accuse, Discard, Play
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


class Counted(StrategistBot):
    """The strategist itself, counting what DED adds to its choices (its choices are the compiled seat's where the
    lockstep agrees)."""

    seen = {"abstain": 0, "accuse": 0, "discard": 0}

    def act(self, view, legal):
        a = super().act(view, legal)
        Counted.seen["abstain"] += type(a) is Play and bool(a.hidden)
        Counted.seen["accuse"] += type(a) is Accuse
        Counted.seen["discard"] += type(a) is Discard
        return a

    def react(self, view, legal):
        a = super().react(view, legal)
        Counted.seen["accuse"] += type(a) is Accuse
        return a


def lockstep(players: int, rules: str, seeds, lineup, bot=Counted) -> dict:
    """tests/compiled_support.py's ask_lockstep for the strategist's seats (every seed): the moves the compiled seats
    made, reactions included; a reaction the compiled seat declined is checked by whole hands (below)."""
    return S.ask_lockstep(players, rules, seeds, lineup, bot, STRATEGIST, everything=True)


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121 DED", everyone, 24), (3, "UNO 1121 DED", everyone, 24), (4, "UNO 1121 DED", alternate, 24),
    (5, "UNO 1121 DED", mixed, 16), (6, "UNO 1121 DED", with_greedy, 12), (4, "UNO 1121 DED(penalty=4)", everyone, 16),
    (3, "UNO 1112 DED", with_greedy, 16)])
def test_C_strategist_makes_the_python_strategists_choices_under_DED(players, rules, lineup, hands):
    for k in Counted.seen:
        Counted.seen[k] = 0
    r = lockstep(players, rules, range(50 * players, 50 * players + hands), lineup)
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"
    assert Counted.seen["abstain"] > 0, Counted.seen


def test_C_the_lockstep_meets_every_choice_DED_adds():
    """Honest face-down plays, accusations (out of turn and on a face-down finish), free discards."""
    for k in Counted.seen:
        Counted.seen[k] = 0
    r = lockstep(3, "UNO 1121 DED", range(30), everyone)
    assert r["agree"] == r["decisions"], r["first"]
    assert all(v >= S.share(3, r["hands"], r["full"]) for v in Counted.seen.values()), Counted.seen


#: DED with the rules it combines with in the core and the strategist is proven under (one table each)
DED_WITH = ["UNO 1121 DED-P2", "UNO 1121 DED-P4", "UNO 1121 DED-C", "UNO 1121 DED-JUMPIN-DR", "UNO 1121 DED-SEVENO",
            "UNO 1121 DED-T(card=7)-CAR", "UNO 1121 DED-TRI-P2", "UNO 1121 DED-CLA", "UNO 1121 DED-BOMB-DD", "UNO 1121 DED-BA-AB",
            "UNO 1121 DED-ADDUP", "UNO 1121 DED-SAT-CON", "UNO 1121 DED-FORCE-DRAWPLAY", "UNO 1121 DED-BACK-DOUBLE-DAD",
            "UNO 1121 FL-DED-DP-MEM-P2", "UNO 1121 DED-DP", "UNO 1121 FL(variant=wilds)-DED-P4",
            "UNO 1121 DED-OPEN-P2", "UNO 1121 DED-REV-NOCHALLENGE", "UNO 1121 DED-WILDSTART-LIMIT-MISTAKE-PRE",
            "UNO 1121 DED-PAA-P2", "UNO 1121 DED-PAB", "UNO 1121 DED-GT-P2",
            "UNO 1121 DED-REVENGE-P2", "UNO 1121 DED-NOENDDRAW-P4"]


@pytest.mark.parametrize("rules", DED_WITH, ids=[c.replace("UNO 1121 ", "") for c in DED_WITH])
def test_C_strategist_under_DED_with_the_rules_it_combines_with(rules):
    for players, lineup in ((3, everyone), (4, with_greedy)):
        assert C.problem(rules, ["strategist"] * players, players) is None, rules
        r = lockstep(players, rules, range(3), lineup)
        assert r["agree"] == r["decisions"], (rules, players, r["first"])
        assert r["decisions"] > 0


@pytest.mark.parametrize("rules", ["UNO 1121 DED-GT", "UNO 1121 DED-GT-P2"])
def test_C_strategist_reads_GTs_penalty_on_a_face_up_play_under_DED(rules):
    """GT's draw after a face-up twin (a play of _house2.h's lists under DED) is read by every strategist seat as the
    Python Scanner reads the 'penalty' event: without it (before the fix) 4 of about 1,500 decisions of these hands
    differed (seed 4: a card put face down where the Python strategist plays it face up)."""
    r = lockstep(3, rules, range(S.sampled(20)), everyone)
    assert r["agree"] == r["decisions"] and r["decisions"] > 500, r["first"]


#: the proven rules drawn beside DED: those compiled.problem accepts with it
BESIDE = S.proven_beside("DED")


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       codes=st.lists(st.sampled_from(BESIDE), min_size=0, max_size=3, unique=True),
       who=st.sampled_from([alternate, everyone, mixed, with_greedy]))
def test_C_strategist_agrees_under_DED_with_any_rules_it_combines_with(seed, players, codes, who):
    rules = S.strategist_table("DED", codes, players, seed, who)
    r = lockstep(players, rules, [seed, seed + 1], who)
    assert r["agree"] == r["decisions"], (rules, r["first"])


# ------------------------------------------------------------------------------------------- mutations
class _NeverAbstains(StrategistBot):
    """A mutant reference: no honest card is ever put face down."""

    def _honest_hidden(self, ctx, a):
        return False


class _Reluctant(StrategistBot):
    """A mutant reference: an accusation only when the claimer holds one card (a higher bar)."""

    def _accuse(self, view):
        claim = view.open_claim
        return claim is not None and view.hand_sizes[claim[1]] <= 1


def _suspicious(self, view):
    """A mutant of StrategistBot._accuse: a lower bar (also every third claim)."""
    return _ACCUSE(self, view) or (view.open_claim is not None and view.open_claim[0] % 3 == 0)


_ACCUSE = StrategistBot._accuse


class _FirstDiscard(StrategistBot):
    """A mutant reference: the free discard is the first card offered."""

    def act(self, view, legal):
        discards = [a for a in legal if type(a) is Discard]
        return discards[0] if discards and view.phase == "FREE_DISCARD" else super().act(view, legal)


@pytest.mark.parametrize("mutant", [_NeverAbstains, _Reluctant, _FirstDiscard])
def test_C_the_lockstep_fails_against_a_different_strategist_under_DED(mutant):
    r = lockstep(3, "UNO 1121 DED", range(30), everyone, bot=mutant)
    assert r["agree"] < r["decisions"]


def test_C_problem_accepts_DED_for_the_strategist():
    for rules in ("UNO 1121 DED", "UNO 1121 DED-C-P4", "UNO 1121 DED-JUMPIN-DR"):
        assert C.problem(rules, ["strategist", "random-play", "greedy", "strategist"], 4) is None, rules
    assert "DED" in (C.problem("UNO 1121 DED-I", "strategist", 4) or "")   # (refused for every bot)


@pytest.mark.parametrize("rules", ["UNO 1121 DED", "UNO 1121 DED-C-P2", "UNO 1121 FL-DED-DP-MEM-P2"])
def test_C_strategist_lab_hands_equal_play_deal_under_DED(rules):
    n, lineup = S.sampled(12), ["strategist", "random-play", "strategist", "greedy"]
    S.same_lab_hands(rules, lineup, n, ("winner", "first", "turns", "actions", "plays", "drawn", "score", "reactions"),
                     bot_salt=0, whole=True)


def test_C_lab_hands_fail_against_a_strategist_that_accuses_more(monkeypatch):
    """A compiled seat that declined an accusation the Python strategist would make shows in the hands."""
    monkeypatch.setattr(StrategistBot, "_accuse", _suspicious)
    with pytest.raises(AssertionError, match="lab hand"):
        S.same_lab_hands("UNO 1121 DED", ["strategist", "random-play", "strategist", "greedy"], 12,
                         ("winner", "turns", "actions", "drawn"), bot_salt=0, whole=True)
