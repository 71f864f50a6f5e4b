"""The human-error bots in the compiled core under the rules of unokit/fast/_house2.h (groups, swaps, passes, the
card effects of _house4.h), M's slap rounds and sudden death (MS1-MS3) (issue 28 point 1).

Proven as tests/fast/test_compiled_human.py proves the official rules: every action of a hand played in C
(``_ccore.human_logged``) equals the referee's harness's with the Python bots seeded as the compiled seats (turns,
groups and named seats, forgotten UNO calls, catches, slaps, lines said, in the order the reaction delays give);
whole hands equal the lab's ``play_deal`` (DOUBLE's doubled score, the seats eliminated); a changed rule or rate fails.
"""

from __future__ import annotations

import compiled_support as S
import pytest
from test_compiled_human import HG, HR, LOUD, _lineup, compiled_ids, referee_ids

from unokit.core.actions import Play, Say
from unokit.fast import compiled as C
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

CHATTY = (0.3, 0.9, 1.0, 0.6)   # (forget_uno, talk, apologise, reaction): lines at nearly every offer


def lockstep(rules: str, players, seeds: int, rates=LOUD) -> dict:
    """Every action of the sampled hands, C == the referee's harness; what the human seats did (asserted by the
    callers, so that a check cannot pass on hands where they do nothing)."""
    out = {"hands": 0, "full": 0, "actions": 0, "groups": 0, "targets": 0, "slaps": 0, "lines": 0, "out": 0,
           "forgot": 0, "hushed": 0}
    run, full = S.sample(seeds)
    for p in players:
        out["full"] += full
        for seed in run:
            lineup = _lineup(p, seed)
            assert C.problem(rules, lineup, p) is None, (rules, lineup)
            mine, g = referee_ids(rules, lineup, seed, rates=rates)
            ids = compiled_ids(rules, lineup, seed, rates=rates)
            first = next((i for i, (a, b) in enumerate(zip(ids, mine)) if a != b), min(len(ids), len(mine)))
            assert ids == mine, (f"{rules}, {p} players, seed {seed}, {lineup}: action {first} differs: C "
                                 f"{C.to_action(ids[first]) if first < len(ids) else None}, referee "
                                 f"{C.to_action(mine[first]) if first < len(mine) else None}")
            out["hands"] += 1
            out["actions"] += len(ids)
            human = {s for s, b in enumerate(lineup) if b.startswith("human")}
            for _, a in g.actions:
                if a.player not in human:
                    continue
                if type(a) is Play:
                    out["groups"] += len(a.cards) > 1
                    out["targets"] += a.target is not None
                out["slaps"] += a.kind == "slap"
                out["lines"] += type(a) is Say
            out["out"] += len(set(g.eliminated) & human)
            out["forgot"] += sum(e.kind == "caught" and e.detail[0] in human for e in g.events)
            out["hushed"] += sum(e.kind == "penalty" and e.reason == "spoke during silence" for e in g.events)
    return out


# _house2.h's rules each alone (its harness, cuts and groups composed one sub-decision at a time), and with others
HOUSE2 = ["UNO 1121 DR", "UNO 1121 DD", "UNO 1121 SEVENO", "UNO 1121 ZEROLEFT", "UNO 1121 T", "UNO 1121 CAR",
          "UNO 1121 CLA", "UNO 1121 DAD", "UNO 1121 BA", "UNO 1121 BACK", "UNO 1121 DOUBLE", "UNO 1121 AA",
          "UNO 1121 AB", "UNO 1121 TRI", "UNO 1121 DR-BOMB", "UNO 1112 DR-SEVENO-ORG", "UNO 1121 DD-BOMB-AA-JUMPIN",
          "UNO 1122 T(card=5)-CAR-P2", "UNO 1121 DR-ADDUP-FU", "UNO 3121 DD-C-ZEROLEFT-NOCHALLENGE"]


@pytest.mark.parametrize("rules", HOUSE2)
def test_human_bots_under_house2_rules_every_action_as_on_the_referee(rules):
    r = lockstep(rules, (2, 3, 5), 4)
    assert r["actions"] >= 20 * r["hands"] and r["forgot"] >= S.share(2, r["hands"], r["full"])


def test_human_bots_play_groups_and_name_seats_as_on_the_referee():
    r = lockstep("UNO 1121 DR-SEVENO", (3, 4), 12)
    assert r["groups"] >= S.share(40, r["hands"], r["full"]) and r["targets"] >= S.share(6, r["hands"], r["full"])


@pytest.mark.parametrize("rules", ["UNO 1121 TRI-BACK-BA-ORG", "UNO 1121 DR-BOMB-DAD-ORG"])
def test_human_bots_apologise_for_house4_penalties_as_on_the_referee(rules):
    # the card effects' penalties (Game.penalize: TRI, BACK, BA, BOMB, DAD) are penalty events a HumanBot apologises for
    r = lockstep(rules, (3, 4, 5), 8, rates=CHATTY)
    assert r["lines"] >= S.share(8, r["hands"], r["full"])


@pytest.mark.parametrize("rules", ["UNO 1121 S-DR-T(card=1)", "UNO 1121 SPP-DD-CAR-ORG", "UNO 1121 ST-DOA-C"])
def test_human_bots_talk_in_silence_under_house2_rules_as_on_the_referee(rules):
    # S on _house2.h's lists: a group toggles the silence by its count of 7s (DR, DD); the lines said and the UNO
    # calls made with a play while it holds cost what the referee's judge says; ST's silence ends with its owner's
    # turn, a cut's (C) turn being its cutter's
    r = lockstep(rules, (3, 4), 8, rates=CHATTY)
    assert r["hushed"] >= S.share(3, r["hands"], r["full"]), r


# M's slap rounds (every seat may react while one is open) and sudden death (the seats out react no more)
SLAPS_AND_SUDDEN_DEATH = ["UNO 1121 M", "UNO 1121 M-ORG-S", "UNO 1112 M-P2-E", "UNO 1121 MS1", "UNO 1121 MS2",
                          "UNO 1121 MS3", "UNO 1121 MS1-P4-MEM", "UNO 1121 MS2-ORG",
                          "UNO 1121 MS3(event=fifth-action)-ADDUP"]


@pytest.mark.parametrize("rules", SLAPS_AND_SUDDEN_DEATH)
def test_human_bots_slap_and_are_eliminated_as_on_the_referee(rules):
    r = lockstep(rules, (2, 4, 6), 6)
    did = "slaps" if RuleSet.parse(rules).has("M") else "out"
    assert r["actions"] >= 10 * r["hands"] and r[did] >= S.share(6, r["hands"], r["full"])


def test_human_bots_slap_as_on_the_referee():
    r = lockstep("UNO 1121 M", (3, 4, 6), 10)
    assert r["slaps"] >= S.share(100, r["hands"], r["full"])


def test_human_bots_are_eliminated_as_on_the_referee():
    r = lockstep("UNO 1121 MS1", (4, 6), 12)
    assert r["out"] >= S.share(20, r["hands"], r["full"])


@pytest.mark.parametrize("rules,players,lineup", [
    ("UNO 1121 DOUBLE", 4, [HR, HG, HR, "greedy"]), ("UNO 1121 DR-SEVENO", 3, [HR, HG, "random-play"]),
    ("UNO 1121 M", 4, [HR] * 4), ("UNO 1121 MS2", 5, [HG, "random-play", HR, HG, HR])])
def test_human_lab_hands_under_these_rules_equal_play_deal(rules, players, lineup):
    S.same_lab_hands(rules, lineup, S.sampled(40), (*S.LAB_FIELDS, "eliminated"))


# ------------------------------------------------------------------------------------- mutation checks
@pytest.mark.parametrize("rules,rates,mutant", [
    ("UNO 1121 DR", (0.35, 0.25, 0.6, 0.0), None),   # no reaction delays on _house2.h's harness
    ("UNO 1121 M", (0.35, 0.25, 0.6, 0.0), None),    # no reaction delays in a slap round
    ("UNO 1121 DR-T", LOUD, "_h2"),                  # T's swap switched off in C (its flag, compiled._H2)
    ("UNO 1121 MS2", LOUD, "_h6"),                   # MS2 told one round more (compiled._h6)
])
def test_a_mutated_human_bot_or_rule_fails_the_lockstep(monkeypatch, rules, rates, mutant):
    if mutant is not None:
        real = getattr(C, mutant)
        change = (lambda h: h & ~64) if mutant == "_h2" else (lambda h: h + (1 << 10))
        monkeypatch.setattr(C, mutant, lambda rs: (change(real(rs)[0]), *real(rs)[1:]))
    differs = 0
    for seed in range(12):
        differs += referee_ids(rules, [HR] * 4, seed, rates=LOUD)[0] != compiled_ids(rules, [HR] * 4, seed, rates=rates)
    assert differs >= 3
    monkeypatch.undo()
    assert all(referee_ids(rules, [HR] * 4, seed, rates=LOUD)[0] == compiled_ids(rules, [HR] * 4, seed, rates=LOUD)
               for seed in range(3))
