"""The env's decision flow in C (issue 27, point 1): :class:`unokit.fast.envflow.FlowBatch` against the Python
:class:`unokit.env.core.Flow`, in lockstep.

The same seeds (the referee's deals), the same step ids chosen by a seeded random legal policy (``wait``
included); after every decision C and Python agree on the seat asked, the window, the truncation, the mask over
the step ids, the observation of every seat (``Batch.observe``, the window flag for the seat asked) and
``hand_rewards``; under the official rules and under the stacking, deal and drawing rules the C flow holds
(``HOUSE``), and under the rules played on _house2.h's Move lists (``H2``: seats named, cuts, groups, ADDUP's pairs
and challenge, _house4.h's card rules). A C flow keyed with another generator, mapping a step to another move,
ignoring a house rule or showing a challenged sum to every seat is caught.
"""

from __future__ import annotations

import random
from collections import Counter

import compiled_support as S
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.errors import UnoError
from unokit.env.actions import table_for
from unokit.env.core import Flow, hand_rewards
from unokit.env.observe import Encoder
from unokit.fast import compiled, envflow
from unokit.fast.envflow import FlowBatch, flow_problem
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


def lockstep(rules: str, players: int, seeds: list[int], policy_seed: int, *, max_decisions: int = 300,
             reward: str = "hand", observe: bool = True, mutate=None, python_rules: str | None = None
             ) -> tuple[str | None, Counter]:
    """Play ``seeds`` in C and in Python with the same random legal step ids; the first difference (None: none)
    and counts of what the hands went through. ``mutate(flows, seeds)``: a bug put into the Python side;
    ``python_rules``: the Python hands played under other rules (the same table and encoder: a C flow that
    ignores a rule)."""
    table = table_for(rules, players)
    enc = Encoder(table)
    fb = FlowBatch(seeds, players, rules, encoder=enc, max_decisions=max_decisions, house2=True)
    flows = [Flow(python_rules or table.rules, players, s, table=table, encoder=enc, max_decisions=max_decisions)
             for s in seeds]
    if mutate:
        mutate(flows, seeds)
    rng = random.Random(policy_seed)
    seen: Counter = Counter()
    for t in range(100_000):
        seat, window, truncated = fb.where()
        mask, rewards = fb.mask(), fb.rewards(reward)
        for i, f in enumerate(flows):
            got = (int(seat[i]), bool(window[i]), bool(truncated[i]), np.flatnonzero(mask[i]).tolist())
            want = (f.seat, f.window, f.truncated, np.flatnonzero(f.mask()).tolist())
            if got != want:
                return f"decision {t}, hand {i}: C {got} != Python {want}", seen
            if not np.allclose(rewards[i], hand_rewards(f.game, reward)):
                return f"decision {t}, hand {i}: rewards {rewards[i]} != {hand_rewards(f.game, reward)}", seen
        for s in range(players) if observe else ():
            obs = fb.observe(s)
            for i, f in enumerate(flows):
                if not np.array_equal(obs[i], f.observe(s)):   # (a finished hand's too: the final observation)
                    return f"decision {t}, hand {i}: observation of seat {s}", seen
        steps = np.full(len(seeds), -1)
        for i, f in enumerate(flows):
            if not f.over:
                steps[i] = rng.choice(np.flatnonzero(f.mask()).tolist())
                seen["window"] += f.window
                seen["wait"] += int(steps[i]) == table.wait
                seen["reaction"] += f.window and int(steps[i]) != table.wait
                seen["doubtsum"] += table.name(int(steps[i])) == "doubtsum"
                seen["doubtdraw"] += table.name(int(steps[i])) == "doubt"
                seen["slap"] += table.name(int(steps[i])) == "slap"
                seen["hidden"] += table.name(int(steps[i])).startswith("play hidden:")
                seen["accuse"] += table.name(int(steps[i])) == "accuse"
                seen["discard"] += table.name(int(steps[i])).startswith("discard ")
                seen["challenge"] += table.name(int(steps[i])) == "challenge"
                seen["color"] += table.name(int(steps[i])).startswith("color ")
                seen["dark"] += table.name(int(steps[i]))[-1:] in "PTOV" and table.name(int(steps[i]))[-2:-1] in "> "
                f.answer(int(steps[i]))
                seen["stem"] += f.stem is not None
                seen["give"] += f.stem is not None and f.stem.more == "give"
        if (steps < 0).all():
            break
        fb.answer(steps)
    seen["over"] = sum(f.game.over for f in flows)
    seen["truncated"] = sum(f.truncated for f in flows)
    return None, seen


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**62), players=st.integers(2, 6),
       rules=st.sampled_from(["UNO 1121", "UNO 1121", "UNO 1111", "UNO 1122"]))
def test_issue27_point1_c_flow_asks_masks_observes_and_rewards_as_the_python_flow(seed, players, rules):
    diff, _ = lockstep(rules, players, [seed, seed + 1], seed % 1000, max_decisions=150)
    assert diff is None, diff


@pytest.mark.parametrize("players,reward", [(2, "hand"), (3, "points"), (5, "hand")])
def test_issue27_point1_c_flow_plays_whole_hands_windows_waits_and_truncation_alike(players, reward):
    diff, seen = lockstep("UNO 1121", players, list(range(8)), players, max_decisions=600, reward=reward,
                          observe=False)
    assert diff is None, diff
    assert seen["window"] and seen["wait"] and seen["over"], seen


def test_issue27_point1_c_flow_truncates_as_the_python_flow():
    diff, seen = lockstep("UNO 1121", 4, [3, 4], 1, max_decisions=40, observe=False)
    assert diff is None, diff
    assert seen["truncated"] == 2, seen


def test_issue27_point1_c_flow_lockstep_can_fail(monkeypatch):
    """Mutation checks: the Python flow's generator keyed without 0x5EED (another reaction order), and a C step
    table with two plays swapped, are both caught."""
    def rekey(flows, seeds):
        for f, s in zip(flows, seeds):
            f.rng = random.Random(s)

    diff, seen = lockstep("UNO 1121", 5, list(range(6)), 5, max_decisions=600, observe=False, mutate=rekey)
    assert diff is not None and "C (" in diff, (diff, seen)
    step_of, move_of = envflow.flow_tables("UNO 1121", 2)
    bad_step, bad_move = step_of.copy(), move_of.copy()
    bad_move[:, [0, 2]] = bad_move[:, [2, 0]]   # "play R0" <-> "play R1"
    for s in range(2):
        bad_step[s][bad_step[s] == 0], bad_step[s][bad_step[s] == 2] = 2, 0
    monkeypatch.setattr(envflow, "flow_tables", lambda rules, players: (bad_step, bad_move))
    diff, _ = lockstep("UNO 1121", 2, list(range(8)), 2, max_decisions=600, observe=False)
    assert diff is not None, "a swapped step table went unnoticed"


def test_issue27_point1_c_flow_refuses_bad_input_with_typed_errors():
    f = FlowBatch([5], players=3)
    seat = f.where()[0][0]
    offered = np.flatnonzero(f.mask()[0])
    refused = next(i for i in range(f.nsteps) if i not in offered)
    before = f.mask().copy()
    with pytest.raises(UnoError, match="not offered"):
        f.answer([refused])
    with pytest.raises(UnoError):
        f.answer([10**6])
    with pytest.raises(UnoError):
        f.answer([1, 2])
    assert np.array_equal(f.mask(), before) and f.where()[0][0] == seat
    with pytest.raises(UnoError):
        f.rewards("money")
    with pytest.raises(UnoError):
        FlowBatch([-1])
    with pytest.raises(UnoError, match="played by the referee only"):
        FlowBatch([1], rules="UNO 1121 DOA-MS1")
    with pytest.raises(UnoError, match="needs an encoder"):
        FlowBatch([1], rules="UNO 1121 SEVENO", house2=True)
    with pytest.raises(UnoError, match="house2=True"):   # (the batched env drives a Batch's flow only)
        FlowBatch([1], rules="UNO 1121 SEVENO")
    with pytest.raises(UnoError, match="house2=True"):
        FlowBatch([1], rules="UNO 1121 ADDUP")
    assert flow_problem("UNO 1121 ADDUP-S", 2) and flow_problem("no rules", 2) and flow_problem("UNO 1121 DOA-MS1", 2)
    assert flow_problem("UNO 1121 M-ADDUP", 2) and flow_problem("UNO 1121 I-P2-ADDUP", 2)
    assert flow_problem("UNO 1121 P4 deal=5", 2) and flow_problem("UNO 1121 CLA-T", 2) is None
    assert flow_problem("UNO 1121", 10) is None and flow_problem("UNO 1121 P4-SAT", 10) is None
    assert flow_problem("UNO 1121 SEVENO-JUMPIN", 10) is None and flow_problem("UNO 1121 P2-ADDUP", 10) is None


# ---------------------------------------------------------------------- the house rules without a stem or a window
#: rule sets covering every house rule the C flow holds (unokit.fast.batch.OBSERVED), alone and together: the stacking,
#: deal and drawing rules, then _house3.h's, CHU, S and sudden death (compiled.BATCH_HOUSE)
HOUSE = ["UNO 1121 P4", "UNO 1121 P1-SAT", "UNO 1121 P2-INS-FU", "UNO 1121 P3-CON-BU", "UNO 1121 DRAWPLAY-P4",
         "UNO 1121 FORCE-P4", "UNO 1112 P4-SAT", "UNO 1122 P2-CON",
         "UNO 1121 NOCHALLENGE-WILDSTART-P4", "UNO 1121 PAA-GT-PRE", "UNO 1121 PAB-FL-I", "UNO 1121 DEFLECT-REVENGE-P4",
         "UNO 1121 LIMIT-OPEN-REV", "UNO 1121 NOENDDRAW-WILDMATCH-MISTAKE", "UNO 1121 DRAWANY-MEM-SLOWUNO",
         "UNO 1121 CHU-S-P2", "UNO 1121 MS1-P2", "UNO 1112 MS2-SAT", "UNO 1121 MS3-CON", "UNO 1121 OPEN-MS1-GT",
         "UNO 1121 E-IE-P2", "UNO 1112 E-SAT", "UNO 1121 IE-PAA-GT", "UNO 1121 DP-P2-SAT", "UNO 1121 DP-FL-MEM",
         "UNO 1121 M-P2", "UNO 1112 M-E-S"]


def test_issue27_point1_the_house_rule_sets_cover_every_rule_held():
    from unokit.fast.batch import OBSERVED
    assert {c for r in HOUSE for c in RuleSet.parse(r).codes} == set(OBSERVED)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**62), players=st.integers(2, 6), rules=st.sampled_from(HOUSE))
def test_issue27_point1_c_flow_under_stacking_and_drawing_rules_is_the_python_flow(seed, players, rules):
    diff, _ = lockstep(rules, players, [seed, seed + 1], seed % 1000, max_decisions=150)
    assert diff is None, diff


@pytest.mark.parametrize("rules", HOUSE)
def test_issue27_point1_c_flow_plays_whole_hands_under_each_house_rule_set(rules):
    players = 2 + HOUSE.index(rules) % 3
    diff, seen = lockstep(rules, players, list(range(4)), players, max_decisions=400, observe=players == 2)
    assert diff is None, diff
    assert seen["over"] + seen["truncated"] == 4, seen


@pytest.mark.parametrize("code", ["P1", "P4", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE"])
def test_issue27_point1_a_c_flow_that_ignores_a_house_rule_is_caught(code):
    """Mutation check: the Python hands played without the rule (the same table and encoder, so the rule's flag in
    the observation agrees) differ from C's with it."""
    base = "P4" if code not in ("P1", "P4") else ""
    rules = f"UNO 1121 {'-'.join(c for c in (code, base) if c)}"
    diff, seen = lockstep(rules, 3, list(range(6)), 3, max_decisions=400, observe=False,
                          python_rules=f"UNO 1121 {base}".strip())
    assert diff is not None, (rules, seen)


@pytest.mark.parametrize("code,base", [("PAA", "P4"), ("GT", "P4"), ("MS1", "P4"), ("NOCHALLENGE", "P4"),
                                       ("CHU", "P4"), ("OPEN", "P4"), ("WILDSTART", "P4"), ("I", "P4"),
                                       ("E", "P4"), ("IE", "P4"), ("DP", "P4"), ("M", "P4")])
def test_issue27_point2_a_c_flow_that_ignores_a_house3_rule_is_caught(code, base):
    """Mutation check for _house3.h's rules, CHU and sudden death: the Python hands played without the rule (same
    table and encoder) part from C's with it, in the masks or (OPEN: its hands shown; WILDSTART: its first draw read
    as a draw) the observations."""
    diff, seen = lockstep(f"UNO 1121 {code}-{base}", 3, list(range(12)), 3, max_decisions=300,
                          observe=code in ("OPEN", "WILDSTART"), python_rules=f"UNO 1121 {base}")
    assert diff is not None, (code, seen)


@pytest.mark.parametrize("rules,players,seed", [("UNO 1121 M", 3, 31), ("UNO 1121 M-P4-SAT", 4, 32), ("UNO 1121 M-S-E", 2, 33),
                                                ("UNO 1121 M", 3, 256860271), ("UNO 1121 P1-M", 2, 501419422),
                                                ("UNO 1121 BU-M", 3, 622104493), ("UNO 1121 M-SEVENO-JUMPIN", 4, 34),
                                                ("UNO 1121 DR-GT-M-DAD-BOMB", 2, 187720393),   # (below)
                                                ("UNO 1121 M-DAD-TRI", 4, 521256834)])
def test_issue27_point2_c_flow_holds_ms_slaps_as_the_python_flow(rules, players, seed):
    """M: after an 8 every seat is asked in a reaction window (a rule's action offered) and may ``slap``; the last
    to slap draws 1, and when a seat starts before all have slapped every seat that did not draws 1, each draw an
    event of its own before the action's (Game.e_got, as E's debts). The last three deals parted from the Python env
    when those draws were read with the action's own; a sweep of 474 random tables with M found no difference. On
    _house2.h's lists too (M-SEVENO-JUMPIN; a sweep of 1,977 tables with M beside them), where the sweep found two
    draws of one seat read as one: DAD's die and BOMB's penalty of one play (each a draw event of its own, from the
    play's hooks' events) and TRI's obliged seat's turn draw and the rest of its penalty (two draws)."""
    diff, seen = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400)
    assert diff is None, diff
    assert seen["slap"] and seen["wait"], seen


@pytest.mark.parametrize("rules,players,seed,hand", [("UNO 1121 M", 5, 628679059, 1),
                                                     ("UNO 1121 DD-P1-ST-M", 5, 537241874, 2),
                                                     ("UNO 1121 SPP-CAR-M-JUMPIN", 5, 516650891, 0)])
def test_issue27_point2_a_turn_action_a_winners_slap_round_stops_tells_the_history_only_the_rounds_draws(
        rules, players, seed, hand):
    """M (SlapPile.on_turn_action): a seat went out on an 8 and the next seat's turn action closed the round without
    making it draw: the winner wins and the action is not taken. The C flows told the history that action (a play
    read into the final observation); they now tell only the round's draws, as the referee does (the final
    observations compared: these deals, on the official listing and on _house2.h's, parted before)."""
    box: list = []
    diff, _ = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400,
                       mutate=lambda flows, seeds: box.extend(flows))
    assert diff is None, diff
    g = box[hand].game
    last = [e for e in g.events if e.seq == g.events[-1].seq]     # the action that ended the hand: its events
    assert last[-1].kind == "out" and not any(e.kind in ("play", "cut") for e in last), last
    assert any(e.kind == "penalty" and e.reason == "did not slap (M)" for e in last), last


@pytest.mark.parametrize("rules,players", [("UNO 1121 DP", 2), ("UNO 1121 DP-P4-SAT", 4), ("UNO 1112 DP-FL", 3),
                                           ("UNO 1121 DED-DP", 3), ("UNO 1121 DED-DP-P2", 4)])
def test_issue27_point2_c_flow_holds_dps_challenge_of_a_draw_as_the_python_flow(rules, players):
    """DP: after a turn draw every other seat is asked in a reaction window (Game.out_of_turn_seats: a rule's action
    offered), its challenge the step ``doubt``; the penalty drawn (2 by the drawer or 4 by the challenger) read as
    a draw; beside DED on _house2.h's lists too. Sweeps of 291 random tables with DP and 475 with DED-DP found no
    difference."""
    diff, seen = lockstep(rules, players, list(range(4)), players, max_decisions=400)
    assert diff is None, diff
    assert seen["doubtdraw"] and seen["wait"], seen


@pytest.mark.parametrize("rules,players,seed", [
    ("UNO 1121 MS2-REVENGE-WILDSTART", 2, 486403747),   # WILDSTART's first draw: a draw to the history's tracker
    ("UNO 1121 PAA-WILDSTART-NOENDDRAW", 4, 380570395),
    ("UNO 1121 MS3-FL-FU-PAB-FORCE", 4, 7963030),       # the seats out of the hand are never asked in a window
    ("UNO 1121 MS1-I-DRAWANY", 5, 985240260),
    ("UNO 1121 FU-GT-BACK", 2, 376895635),              # GT's twin penalty: its own draw, before BACK's
    ("UNO 1121 GT-DAD", 3, 288164377),
    ("UNO 1121 GT-CAR-CLA", 4, 505514479),              # CLA's look after GT's penalty on the seat looked at
    ("UNO 1121 SAT-GT-P4-CLA", 2, 342517842),
    ("UNO 1121 E", 3, 5),                               # E's debts: draws of their own, before the action's
    ("UNO 1121 BA-S", 3, 647593029),                    # S on _house2.h's lists: a call in silence's penalty, a
    ("UNO 1121 BU-DR-AB-S-M-BOMB", 3, 747308934),       # draw of its own before the play's hooks' draws
    ("UNO 1121 P4-S-T-M-JUMPIN", 2, 860968863),         # ... judged on the hand after the slap round the play closes
    ("UNO 1121 S-M-CLA-ZEROLEFT-DOUBLE", 4, 609053556)])
def test_issue27_point2_house3_rules_in_the_c_flows_where_they_once_parted(rules, players, seed):
    """Deals a sweep of random rule sets found the C flows parting from the Python env on (observations, the seat
    asked), each fixed: they now agree decision by decision."""
    diff, _ = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400)
    assert diff is None, diff


# ---------------------------------------------------------------------- _house2.h's rules: stems and cuts (_h2flow.h)
#: rule sets covering every rule of unokit.fast.envflow.H2_HELD, with the others held; DD-P1 and DR-P2 are two of the
#: guide's ready-made variations
H2 = ["UNO 1121 SEVENO", "UNO 1121 SEVENO-JUMPIN", "UNO 1121 C", "UNO 1121 DR", "UNO 1121 ZEROLEFT",
      "UNO 1121 C-DR-P4-SEVENO", "UNO 1121 DD-P1", "UNO 1121 DR-P2", "UNO 1112 JUMPIN-DD", "UNO 1122 ZEROLEFT-INS-C",
      "UNO 1121 DR-P2-SAT", "UNO 1121 SEVENO-JUMPIN-P4-FORCE", "UNO 1121 ADDUP", "UNO 1121 P2-ADDUP",
      "UNO 1121 P4-ADDUP", "UNO 1112 ADDUP-P4-SAT", "UNO 1121 T", "UNO 1121 T-ADDUP", "UNO 1121 CAR-BACK-DAD-P2",
      "UNO 1121 AA-DR", "UNO 1121 AB-BA-P4", "UNO 1121 BOMB-DD", "UNO 1112 T-JUMPIN-SAT", "UNO 1121 CLA",
      "UNO 1121 TRI-P2", "UNO 1121 DOUBLE", "UNO 1121 CLA-DR-ZEROLEFT", "UNO 1121 CLA-CAR-DAD-BOMB-DD",
      "UNO 1121 ADDUP-CLA-TRI", "UNO 1122 DOUBLE-TRI-CLA-C-P2",
      "UNO 1121 PAA-DR", "UNO 1121 GT-SEVENO-BACK", "UNO 1121 PRE-JUMPIN", "UNO 1121 PAB-AA-AB", "UNO 1121 CHU-DD",
      "UNO 1121 MS1-C-DR", "UNO 1121 GT-DAD-CLA", "UNO 1121 ADDUP-PAA-GT-MS1", "UNO 1121 DOA-P2",
      "UNO 1121 DOA-ADDUP-C-CAR", "UNO 1121 M-SEVENO-C", "UNO 1121 M-DR-P2", "UNO 1121 DED-P2", "UNO 1121 DED-C-DR"]


def test_issue27_point1_the_h2_rule_sets_cover_every_rule_held_and_two_variations():
    from unokit.rules.catalog import VARIATIONS
    assert {c for r in H2 for c in RuleSet.parse(r).codes} >= set(envflow.H2_HELD)
    assert [(r, n) for r in H2 for n in (2, 6) if flow_problem(r, n)] == []   # every one held (hypothesis samples them)
    held = [v for v in VARIATIONS if flow_problem(f"UNO 1121 {v}", 4) is None]
    assert {"DD-P1", "DR-P2"} <= set(held), held


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**62), players=st.integers(2, 6), rules=st.sampled_from(H2))
def test_issue27_point1_c_flow_under_cuts_groups_and_seats_named_is_the_python_flow(seed, players, rules):
    diff, _ = lockstep(rules, players, [seed, seed + 1], seed % 1000, max_decisions=150)
    assert diff is None, diff


# ---------------------------------------------------------------------- match rules and rules of the clock
#: the guide's three ready-made variations with the match rule TV (two with V's clock), the other match rules and
#: BLITZ: an environment's hand under them is the hand of the rules without them (envflow.hand_rules: no hand changes,
#: the clock never moves); the observation's rules block is still theirs
MATCH_AND_CLOCK = [("UNO 1121 TV-BU-C-DR-P3-PRE", 4, 1), ("UNO 1121 TV-FU-C-DR-V-P3", 3, 2),
                   ("UNO 1121 MS-TV-C-DR-V-P3", 4, 3), ("UNO 1121 TV(wins=5)-P4", 2, 4),
                   ("UNO 1121 BLITZ-P4-SEVENO", 3, 5), ("UNO 1121 PR-MOV", 2, 6),
                   ("UNO 1121 SHUFFLESEATS-ELIMMOST-C", 5, 7), ("UNO 1112 V(seconds=3)-DD", 3, 8),
                   ("UNO 1121 ORG-P2-SEVENO", 3, 9)]   # (ORG judges only what is said: nobody speaks in an env)


def test_issue27_point2_every_ready_made_variation_is_held_by_the_c_flow():
    """All twelve of the guide's variations, the three with TV included, at 2 to 6 seats."""
    from unokit.rules.catalog import VARIATIONS
    assert len(VARIATIONS) == 12
    assert [(v, n) for v in VARIATIONS for n in (2, 4, 6) if flow_problem(f"UNO 1121 {v}", n)] == []
    assert envflow.hand_rules("UNO 1121 MS-TV-C-DR-V-P3") == "UNO 1121 MS1-C-DR-P3"


@pytest.mark.parametrize("rules,players,seed", MATCH_AND_CLOCK)
def test_issue27_point2_c_flow_holds_match_rules_and_rules_of_the_clock_as_the_python_flow(rules, players, seed):
    """The Python flow plays ``Game.new`` under the whole rules (its clock a ManualClock, no speech among its actions);
    C the hands of the rules without TV, PR, MOV, SHUFFLESEATS, ELIMMOST, V, BLITZ and ORG: the same decisions, masks,
    observations and rewards."""
    for reward in ("hand", "points"):
        diff, seen = lockstep(rules, players, [seed, seed + 100, seed + 200], seed, max_decisions=2000, reward=reward)
        assert diff is None, diff
        assert seen["over"] >= 2, seen


def test_issue27_point2_the_rules_block_of_a_match_rule_is_the_encoders_of_the_whole_rules():
    """C plays the hands of the rules without TV and V, but its observation's rules block says TV and V (a model
    trained for the variation reads them), and an encoder of the rules without them is refused (typed)."""
    rules = "UNO 1121 TV-FU-C-DR-V-P3"
    enc = Encoder(table_for(rules, 3))
    obs = FlowBatch([1], 3, rules, encoder=enc, house2=True).observe(0)[0]
    block = obs[enc.offsets["rules"]:]
    for code in ("TV", "V", "FU", "C", "DR", "P3"):
        assert block[enc.rule_codes.index(code)] == 1, code
    assert block[enc.rule_codes.index("P4")] == 0
    with pytest.raises(UnoError, match="the encoder is for"):
        FlowBatch([1], 3, rules, encoder=Encoder(table_for(envflow.hand_rules(rules), 3)), house2=True)


@pytest.mark.parametrize("rules,what", [("UNO 1121 SEVENO-JUMPIN", ("stem", "reaction")),
                                        ("UNO 1121 C-DR-P4-SEVENO", ("stem", "reaction")),
                                        ("UNO 1121 DD-P1", ("stem",)), ("UNO 1121 DR-P2", ("stem",)),
                                        ("UNO 1121 ZEROLEFT", ()),
                                        ("UNO 1121 ADDUP", ("stem", "doubtsum")),
                                        ("UNO 1121 P2-ADDUP", ("stem", "doubtsum")),
                                        ("UNO 1121 T-P4", ("stem",)), ("UNO 1121 CAR-BACK-DAD-P2", ()),
                                        ("UNO 1121 DOA-P2", ("stem", "give")), ("UNO 1121 DOA-JUMPIN", ("give", "reaction"))])
def test_issue27_point1_c_flow_plays_whole_hands_with_stems_and_cuts(rules, what):
    diff, seen = lockstep(rules, 4, list(range(6)), 4, max_decisions=600, observe=False)
    assert diff is None, diff
    assert all(seen[w] for w in what) and seen["over"] + seen["truncated"] == 6, seen


@pytest.mark.parametrize("code,rules", [("SEVENO", "UNO 1121 SEVENO-P4"), ("JUMPIN", "UNO 1121 JUMPIN-P4"),
                                        ("C", "UNO 1121 C-P4"), ("DR", "UNO 1121 DR-P4"), ("DD", "UNO 1121 DD-P4"),
                                        ("ZEROLEFT", "UNO 1121 ZEROLEFT-P4"), ("ADDUP", "UNO 1121 ADDUP-P4"),
                                        ("T", "UNO 1121 T-P4"), ("CAR", "UNO 1121 CAR-P4"), ("BACK", "UNO 1121 BACK-P4"),
                                        ("DAD", "UNO 1121 DAD-P4"), ("BA", "UNO 1121 BA-P4"), ("BOMB", "UNO 1121 BOMB-DR"),
                                        ("AA", "UNO 1121 AA-P4"), ("AB", "UNO 1121 AB-P4"), ("DOA", "UNO 1121 DOA-P4"),
                                        ("DED", "UNO 1121 DED-P4")])
def test_issue27_point1_a_c_flow_that_ignores_a_cut_group_or_swap_rule_is_caught(code, rules):
    """Mutation check: the Python hands played without the rule ``code`` (the rest of ``rules`` kept)."""
    rest = "-".join(c for c in RuleSet.parse(rules).codes if c != code)
    diff, seen = lockstep(rules, 3, list(range(6)), 3, max_decisions=600, observe=False,
                          python_rules=f"UNO 1121 {rest}")
    assert diff is not None, (rules, seen)


@pytest.mark.parametrize("rules,players,seed", [("UNO 1121 DOA", 3, 21), ("UNO 1121 DOA-P4-SAT", 4, 22),
                                                ("UNO 1121 DOA-ZEROLEFT-DD", 5, 23), ("UNO 1121 DOA-CHU-PRE", 2, 24),
                                                ("UNO 1121 T-DOA-CLA", 3, 25), ("UNO 1121 ADDUP-DOA-SEVENO", 4, 26)])
def test_issue27_point2_c_flow_holds_doas_gifts_as_the_python_flow(rules, players, seed):
    """DOA: a play of its 2 names the seat receiving (a ``target`` step) and the cards given one at a time (``give``
    steps, by the card given last: ``Codec.give_id``); the stem block shows the cards given so far and the step.
    A sweep of 867 random tables with DOA beside the rules held found no difference, and 616 with DOA beside T, SEVENO
    and CLA (31,960 give steps)."""
    diff, seen = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400)
    assert diff is None, diff
    assert seen["give"], seen


@pytest.mark.parametrize("rules,players,seed", [("UNO 1121 DED", 3, 41), ("UNO 1121 DED-P2", 4, 42),
                                                ("UNO 1121 DED-C-DR", 3, 43), ("UNO 1121 DED-SEVENO", 2, 44),
                                                ("UNO 1121 DED(penalty=4)-P4-SAT", 5, 45),
                                                ("UNO 1121 DED-P4-BA-DAD", 4, 360600121)])   # (below)
def test_issue27_point2_c_flow_holds_ded_as_the_python_flow(rules, players, seed):
    """DED: face-down plays (``play hidden:`` steps by card, claim and UNO), accusations (reactions of every other
    seat while a claim is open), the free discards owed (the owing seat asked: Game.to_act) and a hand emptied face
    down (HIDDEN_FINISH); the observation's face-down pile size, phase, seat to act and the accused card shown to
    every seat (Game.reveals). 20 deals of four DED sets: 3,847 face-down plays, 2,226 accusations, 2,221 free
    discards, each decision alike; sweeps of 1,393 random tables with DED found no difference but the last deal: a
    die's draw through a reshuffle read as two draws, the play's events counting the stock without the face-down
    pile (_h2strategist.h's h2_strat_events now counts it)."""
    diff, seen = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400)
    assert diff is None, diff
    assert seen["hidden"] and seen["accuse"] and seen["discard"], seen


def test_issue27_point2_a_c_flow_that_hides_the_face_down_pile_or_the_accused_card_is_caught():
    """Mutation checks: the Python observation without the face-down pile's size, or without the card an accusation
    showed (the ``revealed`` block): C's shows them."""
    def without(block, part):
        def mutate(flows, seeds):
            start, size = next((o, k) for name, o, k in flows[0].encoder.layout() if name == block)
            a, b = part or (0, size)
            for f in flows:
                def observe(seat, real=f.observe):
                    x = real(seat).copy()
                    x[start + a:start + b] = 0
                    return x
                f.observe = observe
        return mutate

    for block, part in (("stock", (1, 2)), ("revealed", None)):
        diff, seen = lockstep("UNO 1121 DED", 3, [41, 42, 43], 41, max_decisions=400, mutate=without(block, part))
        assert diff is not None and "observation" in diff, (block, diff, seen)


@pytest.mark.parametrize("rules,players,seed", [("UNO 1121 LIMIT-OPEN-SEVENO", 3, 51),
                                                ("UNO 1121 WILDSTART-NOCHALLENGE-C-DR", 4, 52),
                                                ("UNO 1121 FL-MEM-DED", 3, 53), ("UNO 1121 REVENGE-NOENDDRAW-DED", 2, 54),
                                                ("UNO 1121 REV-LIMIT-ZEROLEFT-DD", 4, 55), ("UNO 1121 MISTAKE-DED", 3, 56)])
def test_issue27_point2_c_flow_holds_house3_rules_beside_house2_rules_as_the_python_flow(rules, players, seed):
    """_house3.h's rules beside _house2.h's (but ADDUP), in every combination compiled.problem accepts: sweeps of 2,885
    random tables found no difference."""
    diff, seen = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400)
    assert diff is None, diff
    assert seen["over"] + seen["truncated"] == 3, seen


def test_issue27_point2_a_c_flow_that_hides_the_cards_given_or_numbers_gifts_otherwise_is_caught(monkeypatch):
    """Mutation checks: the Python observation without the stem's cards given (C's shows them), and C's ``give``
    steps numbered by the card before's (the masks part)."""
    def hide_gifts(flows, seeds):
        start = next(o for name, o, _ in flows[0].encoder.layout() if name == "stem")
        k = flows[0].encoder.K
        for f in flows:
            def observe(seat, real=f.observe):
                x = real(seat).copy()
                x[start + k:start + 2 * k] = 0
                return x
            f.observe = observe

    diff, seen = lockstep("UNO 1121 DOA", 3, [21, 22, 23], 21, max_decisions=400, mutate=hide_gifts)
    assert diff is not None and "observation" in diff, (diff, seen)
    real = envflow._h2_tables
    from unokit.fast import CARDS as unokit_cards

    def rolled(rules, players):
        play, more, target = (np.frombuffer(b, np.int16).copy() for b in real(rules, players))
        nc = len(unokit_cards)               # (more_id, then give_id: the cards' two rows first)
        more[nc:2 * nc] = np.roll(more[nc:2 * nc], 1)
        return play.tobytes(), more.tobytes(), target.tobytes()

    monkeypatch.setattr(envflow, "_h2_tables", rolled)
    diff, seen = lockstep("UNO 1121 DOA", 3, [21, 22, 23], 21, max_decisions=400, observe=False)
    assert diff is not None, seen


def test_issue27_point1_a_c_flow_numbering_seats_named_or_group_steps_otherwise_is_caught(monkeypatch):
    real = envflow._h2_tables

    def shifted(block):
        def tables(rules, players):
            t = [np.frombuffer(b, np.int16).copy() for b in real(rules, players)]
            if block == "target":
                t[2][[1, 2]] = t[2][[2, 1]]          # "target +1" <-> "target +2"
            else:
                t[1] = np.roll(t[1], 1)              # each "play X +" read as the card before's
            return tuple(x.tobytes() for x in t)
        return tables

    for block, rules in (("target", "UNO 1121 SEVENO"), ("more", "UNO 1121 DR"), ("more", "UNO 1121 ADDUP")):
        monkeypatch.setattr(envflow, "_h2_tables", shifted(block))
        diff, seen = lockstep(rules, 4, list(range(6)), 4, max_decisions=600, observe=False)
        assert diff is not None, (block, seen)


# ---------------------------------------------------------------------- ADDUP: pairs as stems, its doubtsum (_h2flow.h)
def test_issue27_point1_a_c_flow_that_misnumbers_addups_challenge_is_caught(monkeypatch):
    """Mutation check: ADDUP's doubtsum read as another step id of the table (flow_tables' map of C's move numbers)."""
    real = envflow.flow_tables

    def swapped(rules, players):
        step_of, move_of = real(rules, players)
        step_of = step_of.copy()
        k = compiled.ACTIONS_PER_SEAT + compiled.EXT_PER_SEAT - 1       # C's move number of doubtsum
        step_of[:, k] = step_of[:, k - 2 * compiled.NPAIRS - 1]         # the step of the seat's last official move
        return step_of, move_of

    monkeypatch.setattr(envflow, "flow_tables", swapped)
    diff, seen = lockstep("UNO 1121 ADDUP", 3, list(range(6)), 3, max_decisions=600, observe=False)
    assert diff is not None, seen


def test_issue27_point1_a_c_flow_that_shows_a_challenged_sum_otherwise_is_caught(monkeypatch):
    """Mutation check: the Python ADDUP shows the challenged hand to every seat (C: to the challenger alone)."""
    from unokit.rules import extras
    real = extras.AddUp.apply_action

    def shown_to_all(self, game, a):
        real(self, game, a)
        _, p, cards = game.reveals[-1]
        game.reveals[-1] = (None, p, cards)

    monkeypatch.setattr(extras.AddUp, "apply_action", shown_to_all)
    diff, seen = lockstep("UNO 1121 ADDUP", 3, list(range(6)), 3, max_decisions=600)
    assert seen["doubtsum"] and diff is not None and "observation" in diff, (diff, seen)


# ---------------------------------------------------------------------- CLA, DOUBLE, TRI (_h2flow.h)
@pytest.mark.parametrize("rules,players,reward", [("UNO 1121 CLA", 3, "hand"), ("UNO 1121 CLA-DR-ZEROLEFT", 4, "hand"),
                                                  ("UNO 1121 CLA-CAR-DAD-BOMB-DD", 3, "hand"),
                                                  ("UNO 1121 TRI-P2", 3, "hand"), ("UNO 1121 DOUBLE-TRI", 2, "points")])
def test_issue27_point1_c_flow_under_cla_double_and_tri_plays_whole_hands_as_the_python_flow(rules, players, reward):
    diff, seen = lockstep(rules, players, [players, players + 1], players, max_decisions=300, reward=reward)
    assert diff is None, diff
    assert seen["over"] + seen["truncated"] == 2, seen


@pytest.mark.parametrize("rules,players,seed", [
    ("UNO 1121 T-CLA", 3, 11), ("UNO 1121 AA-T-CLA", 4, 12), ("UNO 1121 CLA-SEVENO", 4, 13),
    ("UNO 1121 AA-CLA-SEVENO", 5, 14), ("UNO 1121 AA-AB-T-CLA", 3, 15),
    ("UNO 1121 AA-T-CLA", 2, 89859879),         # 0+1 on a 1: T's targets (None first) joined with CLA's: a target asked
    ("UNO 1121 AA-SAT-CLA-SEVENO", 2, 870192064),   # ... where CLA refuses None (Clairvoyance.play_problem)
    ("UNO 1121 AA-CLA-SEVENO", 5, 339870586),   # the hand looked at followed through SEVENO's 0 the way of play
    ("UNO 1121 AA-GT-CLA-SEVENO", 3, 726715802)])
def test_issue27_point2_c_flow_holds_cla_with_t_and_seveno_as_the_python_flow(rules, players, seed):
    """CLA beside T's or SEVENO's swap (one play may hold both cards: AA's 0+1 on a 1): the seats the play may
    name are the rules' lists joined in their order (T's None and seats before CLA's, SEVENO's after), CLA
    refuses None, and the hand CLA's player saw is followed through the swap and the passes (SEVENO's 0 the way of
    play) into the observation's ``revealed`` block. A sweep of 1,000+ random tables with these found no
    difference after the fix; the last four deals parted before it."""
    diff, _ = lockstep(rules, players, [seed, seed + 1, seed + 2], seed % 997, max_decisions=400)
    assert diff is None, diff


def test_issue27_point2_a_c_flow_that_names_only_clas_seats_beside_a_swap_is_caught(monkeypatch):
    """Mutation check: the Python targets of a play holding T's card and CLA's without T's None (as the C flow
    listed them before): the Python hand completes a play where C asks the seat named."""
    from unokit.engine import compose

    real = compose.targets_of
    monkeypatch.setattr(compose, "targets_of", lambda g, p, cards: tuple(t for t in real(g, p, cards) if t is not None)
                        if len(g._hooks["play_targets"]) > 1 else real(g, p, cards))
    diff, seen = lockstep("UNO 1121 AA-T-CLA", 2, [89859879, 89859880, 89859881], 89859879 % 997, max_decisions=400)
    assert diff is not None, seen


def test_issue27_point1_a_c_flow_that_hides_clas_look_is_caught(monkeypatch):
    """Mutation check: the Python CLA looks at the target's hand without its player being shown it (Game.reveals):
    C's observation (the ``revealed`` block: the hand the look saw) differs."""
    S.hide_clas_look(monkeypatch)
    diff, seen = lockstep("UNO 1121 CLA", 3, list(range(3)), 3, max_decisions=400)
    assert diff is not None and "observation" in diff, (diff, seen)


def test_issue27_point1_a_c_flow_that_ignores_tri_is_caught():
    """Mutation check: the Python hands played without TRI (the same table and encoder)."""
    diff, seen = lockstep("UNO 1121 TRI-P4", 3, list(range(6)), 3, max_decisions=600, observe=False,
                          python_rules="UNO 1121 P4")
    assert diff is not None, seen


def test_issue27_point1_a_c_flow_that_drops_doubles_flag_is_caught():
    """Mutation check: DOUBLE changes no decision and no reward (``hand_rewards`` reads ``Game.points``, as the
    match doubles); it is in the observation's ``rules`` block, which a Python encoder without it disagrees on."""
    table = table_for("UNO 1121 DOUBLE", 2)

    def without_flag(flows, seeds):
        enc = Encoder(table)
        enc._rules[enc.rule_codes.index("DOUBLE")] = 0
        for f in flows:
            f.encoder = enc

    diff, seen = lockstep("UNO 1121 DOUBLE", 2, [1, 2], 2, max_decisions=50, mutate=without_flag)
    assert diff is not None and "observation" in diff, (diff, seen)


# ---------------------------------------------------------------------- the editions (unokit/fast/_edflow.h)
#: (edition, players, seed, what its hands must go through): each edition alone, as the compiled core plays it
EDITIONS = [("ALLWILD", 3, 61, ("stem",)), ("ALLWILD", 6, 70, ("stem", "reaction")), ("NOMERCY", 4, 62, ("stem", "color")),
            ("NOMERCY", 2, 69, ("color",)), ("EXTREME", 2, 63, ("challenge",)), ("SPIN", 3, 64, ("discard", "color")),
            ("FLASH", 4, 65, ("slap", "reaction")), ("FLEX", 3, 66, ("stem", "challenge")),
            ("FLIP", 2, 67, ("dark", "challenge")), ("FLIP", 5, 68, ("dark", "reaction"))]


def test_issue27_point2_every_edition_the_compiled_core_plays_is_held_by_the_c_flow():
    assert set(envflow.ED_HELD) == set(compiled.EDITIONS)
    assert [(e, n) for e in envflow.ED_HELD for n in (2, 4, 6) if flow_problem(f"UNO {e}", n)] == []
    assert {e for e, *_ in EDITIONS} == set(envflow.ED_HELD)
    assert flow_problem("UNO 1121 ALLWILD-P4", 3)   # (an edition beside house rules: the referee's)


@pytest.mark.parametrize("edition,players,seed,what", EDITIONS)
def test_issue27_point2_c_flow_holds_every_edition_as_the_python_flow(edition, players, seed, what):
    """An edition's hands on _editions.h's state, asked as ``env.core.Flow`` asks them: its faces' steps (UNO Flip's
    colours of the dark side, UNO Flex's flexed faces), a seat named among several as a stem's ``target`` step (All
    Wild, No Mercy, Flex; one seat: a complete play), No Mercy's roulette colour, UNO Spin's wheel (its free discards,
    colours, a hand shown to every seat in the ``revealed`` block), UNO Flash's presses in reaction windows, UNO
    Flip's sides (8 colours in the encoding), the challenged hand shown; the history's features read from _editions.h's
    events. Sweeps of 303 random tables (909 hands, every edition, 2-8 seats) found no difference."""
    diff, seen = lockstep(f"UNO {edition}", players, [seed, seed + 1, seed + 2], seed, max_decisions=2000,
                          reward="points" if seed % 2 else "hand")
    assert diff is None, diff
    assert all(seen[w] for w in what), seen
    assert seen["over"] + seen["truncated"] == 3


def test_issue27_point2_a_c_flow_that_hides_a_shown_hand_or_the_history_of_an_edition_is_caught():
    """Mutation checks: the Python observation without the hands shown (a challenge's, UNO Spin's show-hand) or the
    history's features (``others``): C's has them."""
    def without(block):
        def mutate(flows, seeds):
            start, size = next((o, k) for name, o, k in flows[0].encoder.layout() if name == block)
            for f in flows:
                def observe(seat, real=f.observe):
                    x = real(seat).copy()
                    x[start:start + size] = 0
                    return x
                f.observe = observe
        return mutate

    for rules, players, seed, block in (("UNO EXTREME", 2, 63, "revealed"), ("UNO SPIN", 3, 64, "revealed"),
                                        ("UNO ALLWILD", 3, 61, "others"), ("UNO FLIP", 3, 67, "others")):
        diff, seen = lockstep(rules, players, [seed, seed + 1, seed + 2], seed, max_decisions=2000, mutate=without(block))
        assert diff is not None and "observation" in diff, (rules, block, diff, seen)


def test_issue27_point2_a_c_flow_naming_uno_flips_dark_colours_as_light_ones_is_caught(monkeypatch):
    """Mutation check: _edflow.h's play ids with the dark side's colours read as the light side's."""
    real = envflow._ed_tables

    def light(rules, players):
        pos, play, ids = real(rules, players)
        t = np.frombuffer(play, np.int16).reshape(-1, 9, 2).copy()
        t[:, 5:9] = t[:, 1:5]
        return pos, t.tobytes(), ids

    monkeypatch.setattr(envflow, "_ed_tables", light)
    diff, _ = lockstep("UNO FLIP", 2, [67, 68, 69], 67, max_decisions=2000)
    assert diff is not None


#: _house3.h's rules beside ADDUP on _house2.h's lists (envflow.ON_H2_LISTS), each at least once
ADDUP_H3 = [("UNO 1121 ADDUP-NOCHALLENGE-OPEN", 3, 71), ("UNO 1121 P2-ADDUP-WILDSTART-FL", 4, 72),
            ("UNO 1112 ADDUP-REVENGE-LIMIT", 2, 73), ("UNO 1121 ADDUP-REV-MEM", 5, 74),
            ("UNO 1122 ADDUP-NOENDDRAW-MISTAKE-GT", 3, 75), ("UNO 1121 P4-ADDUP-OPEN-REV-PAA", 4, 76),
            ("UNO 1121 P2-ADDUP-DRAWANY", 3, 5), ("UNO 1121 ADDUP-DRAWANY-MEM", 4, 77),
            ("UNO 1121 P2-ADDUP-SLOWUNO", 3, 5), ("UNO 1112 ADDUP-SLOWUNO-OPEN", 4, 78),
            ("UNO 1121 P2-ADDUP-WILDMATCH", 5, 3), ("UNO 1121 ADDUP-WILDMATCH-MEM", 3, 79),
            ("UNO 1121 P2-ADDUP-DEFLECT", 3, 5), ("UNO 1112 P4-ADDUP-DEFLECT-OPEN", 4, 80),
            ("UNO 1121 ADDUP-I", 3, 5), ("UNO 1112 ADDUP-I-MEM", 2, 7)]


def test_issue27_point2_the_addup_sets_cover_every_house3_rule_held_beside_addup():
    held = {c for r, *_ in ADDUP_H3 for c in RuleSet.parse(r).codes}
    assert set(envflow.ON_H2_LISTS) - set(compiled._H3_ALL_H2) - {"CHU", "M", "DP", *compiled._H6} <= held
    beside = set(compiled.BATCH_HOUSE) - set(envflow.ON_H2_LISTS) - {"ADDUP", *envflow.H2_HELD}
    assert beside == {"S", "E", "IE"}, beside   # (every other one; these three the compiled core plays not beside ADDUP)
    assert all(compiled.problem(f"UNO 1121 ADDUP-{c}", ["random-play"], 3) for c in beside)


@pytest.mark.parametrize("rules,players,seed", ADDUP_H3)
def test_issue27_point2_c_flow_holds_house3_rules_beside_addup_as_the_python_flow(rules, players, seed):
    """_house3.h's rules beside ADDUP (its pairs stems, its doubtsum a step) on _house2.h's lists: OPEN's small hands
    shown, REV's face-up stock, WILDSTART's first draw, FL, LIMIT, MEM, MISTAKE, REVENGE's doubled stacks, DRAWANY's
    plays after a draw (Game.drawn_options: any card of the hand that may go; its deal 3/5 parted before _house2.h's
    listing and play_problem held them), SLOWUNO's catch windows (its deal 3/5 parted before a play there opened the
    window with its closing turn), WILDMATCH's bluffs (its deal 3/5 at 5 seats parted before a wild held made a Wild
    Draw Four a bluff there too), DEFLECT's Skips and Reverses passing a pending draw on (its deal 3/5 parted before
    _house2.h listed, judged and turned them), I's cancelling Skips and Reverses and its action cards on an action top
    (its deal 3/5 parted before I.stack_ok and I.allow_play were judged there)..."""
    diff, seen = lockstep(rules, players, [seed, seed + 1, seed + 2], seed, max_decisions=1500)
    assert diff is None, diff
    assert seen["over"] + seen["truncated"] == 3


@pytest.mark.parametrize("code,rules", [("OPEN", "UNO 1121 ADDUP-NOCHALLENGE-OPEN"),
                                        ("NOCHALLENGE", "UNO 1121 ADDUP-NOCHALLENGE-OPEN"),
                                        ("WILDSTART", "UNO 1121 P2-ADDUP-WILDSTART-FL"),
                                        ("DRAWANY", "UNO 1121 ADDUP-DRAWANY-MEM"),
                                        ("SLOWUNO", "UNO 1112 ADDUP-SLOWUNO-OPEN"),
                                        ("WILDMATCH", "UNO 1121 ADDUP-WILDMATCH-MEM"),
                                        ("DEFLECT", "UNO 1112 P4-ADDUP-DEFLECT-OPEN"),
                                        ("I", "UNO 1112 ADDUP-I-MEM")])
def test_issue27_point2_a_c_flow_that_ignores_a_house3_rule_beside_addup_is_caught(code, rules):
    rs = RuleSet.parse(rules)
    rest = "-".join(c for c in rs.codes if c != code)
    digits = rules.split()[1]
    diff, _ = lockstep(rules, 3, list(range(30)), 3, max_decisions=300, python_rules=f"UNO {digits} {rest}")
    assert diff is not None

