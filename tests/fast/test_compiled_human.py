"""The human-error bots in the compiled core (unokit/fast/_human.h, issue 28 point 1): HumanBot over greedy and
random-play, its generator drawn draw for draw.

Lockstep: the compiled core plays a hand (``_ccore.human_logged``: the very loop of ``compiled.play``, every id it
applied, a line said included: ``codec.SAY_BASE``); the referee's harness (``unokit.lab.sim.play_hand``, the lab's
seeds and harness generator) plays the same deal with the Python bots (``unokit.lab.make_player``: HumanBot seeded
as the compiled seat), and every action applied must be the same, in the same order: each turn, each UNO call
forgotten or made, each catch, each line of chatter or apology, in the order the reaction delays give. Then whole
hands equal the lab's ``play_deal`` and ``sim.play_hand``, the lab's chunks and ``unokit sim`` give the referee's
numbers, and a changed rate, price or delay fails the lockstep (mutation checks).
"""

from __future__ import annotations

import inspect
import random
import struct

import compiled_support as S
import pytest

from unokit.bots import make_bot
from unokit.bots.human import APOLOGIES, CHATTER, HumanBot
from unokit.core import codec
from unokit.core.actions import Play, Say
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.lab import make_player
from unokit.lab.sim import derive_seed, play_hand
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

HG, HR = "human:greedy", "human:random-play"


def test_the_compiled_lines_and_rates_are_HumanBots():
    assert codec.SAY_LINES == CHATTER + APOLOGIES
    defaults = {k: p.default for k, p in inspect.signature(HumanBot.__init__).parameters.items()}
    assert tuple(defaults[k] for k in ("forget_uno", "talk", "apologise", "reaction")) == C._HUMAN_RATES
    assert C.POLICIES["human"] == C.POLICIES[HG] != C.POLICIES[HR]
    assert make_bot("human", 3).name == make_player(HG, 3).name == "human(greedy)"


def _lineup(players: int, seed: int) -> list[str]:
    r = random.Random(seed * 17 + players)
    return [r.choice((HG, HR, HR, "greedy", "random-play")) if s else r.choice((HG, HR)) for s in range(players)]


#: error rates that make the bots err often (forget_uno, talk, apologise, reaction), for checks on few hands
LOUD = (0.35, 0.25, 0.6, 0.6)


def _player(name: str, seed: int, rates) -> object:
    """make_player's bot, or with ``rates`` a HumanBot with those rates (seeded as make_player seeds it)."""
    if rates is None or not name.startswith("human"):
        return make_player(name, seed)
    return HumanBot(make_player(name[6:], seed), seed=seed + 7919,
                    **dict(zip(("forget_uno", "talk", "apologise", "reaction"), rates)))


def referee_ids(rules: str, lineup: list[str], seed: int, salt: int = 0, rates=None) -> tuple[list[int], Game]:
    """The lab's hand on the referee (play_deal's bots and harness): every action applied, as ids."""
    g = Game.new(len(lineup), rules, seed=seed)
    bots = [_player(b, derive_seed(seed, salt * 64 + s, "lab-bot"), rates) for s, b in enumerate(lineup)]
    play_hand(g, bots, rng=random.Random(derive_seed(seed, salt, "lab-harness")), record=False)
    return [C.action_id(a) for _, a in g.actions], g


def compiled_ids(rules: str, lineup: list[str], seed: int, salt: int = 0, rates=None) -> list[int]:
    from unokit.fast import _ccore
    pols = bytes(C.POLICIES[b] for b in lineup)
    cfg = list(C._config(len(lineup), RuleSet.parse(rules), C.MAX_STEPS, None, pols, False))
    if rates is not None:
        cfg[-1] = struct.pack("4d", *rates) + cfg[-1][32:]
    return _ccore.human_logged(tuple(cfg), seed, "lab-bot", salt)


def lockstep(rules: str, players, seeds: int, rates=LOUD) -> dict:
    """Every action of the sampled hands (tests/compiled_support.py's sweep), C == the referee's harness; counts of
    what happened (asserted by the callers, so that the check cannot pass on hands where nobody errs)."""
    out = {"actions": 0, "hands": 0, "full": 0, "chatter": 0, "apologies": 0, "forgot": 0, "speech_penalties": 0}
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
            out["actions"] += len(ids)
            out["hands"] += 1
            for _, a in g.actions:
                if type(a) is Say:
                    out["apologies" if a.text in APOLOGIES else "chatter"] += 1
            for e in g.events:
                if e.kind == "caught":   # only a human forgets its UNO call
                    out["forgot"] += 1
                elif e.kind == "penalty" and e.detail[1] == "spoke during silence":
                    out["speech_penalties"] += 1
    return out


def test_human_bots_official_rules_every_action_as_on_the_referee_players_2_to_6():
    r = lockstep("UNO 1121", (2, 3, 4, 5, 6), 16, rates=None)   # HumanBot's own rates
    assert r["hands"] == S.sampled(16) * 5 and r["forgot"] >= S.share(10, r["hands"], r["full"])
    r = lockstep("UNO 1121", (2, 3, 4, 5, 6), 16)                # erring often: every kind of mistake, many times
    assert r["chatter"] >= S.share(8, r["hands"], r["full"]) and r["apologies"] >= S.share(4, r["hands"], r["full"])
    assert r["forgot"] >= S.share(40, r["hands"], r["full"])   # a human caught without its UNO call


@pytest.mark.parametrize("rules", ["UNO 1121 SPP-ORG", "UNO 1121 S-E-IE", "UNO 1121 ORG-MEM"])
def test_chatty_human_bots_every_line_judged_as_on_the_referee(rules):
    # talking at nearly every offer and apologising after every penalty: lines said in and out of silence, priced
    r = lockstep(rules, (3, 4), 8, rates=(0.3, 0.9, 1.0, 0.6))
    assert r["chatter"] >= S.share(25, r["hands"], r["full"]) and r["apologies"] >= S.share(12, r["hands"], r["full"])
    if RuleSet.parse(rules).has("S"):
        assert r["speech_penalties"] >= S.share(50, r["hands"], r["full"])


# the rules where the mistakes matter (the report's human-error rows: S, ORG, MEM, PRE, SLOWUNO, E, IE), S's options,
# the ambiguity digits, and the other rules the core plays on its own listing, with the stacking and drawing rules
SOCIAL = ["UNO 1121 S", "UNO 1121 ORG", "UNO 1121 MEM", "UNO 1121 PRE", "UNO 1121 SLOWUNO", "UNO 1121 E-IE",
          "UNO 1121 SPP-ORG", "UNO 1112 ST-P4-FU", "UNO 1121 SSE", "UNO 1121 SU-MEM", "UNO 1121 SSS",
          "UNO 1111 uno=3 SPPT(rounds=2)-E", "UNO 1122 S(card=8,penalty=3)-FU(cards=4)-ORG-PRE", "UNO 3212 PRE-E-BU",
          "UNO 1121 MISTAKE", "UNO 1121 S-ORG-E-IE-CHU"]
OTHERS = ["UNO 1121 ADDUP", "UNO 1121 SAT-GT", "UNO 1121 INS-WILDSTART", "UNO 1121 CON-P2", "UNO 1121 DRAWPLAY-FORCE",
          "UNO 1121 NOCHALLENGE-I", "UNO 1121 LIMIT(cards=9)-OPEN-REV", "UNO 1121 PAA-PAB", "UNO 1121 FL-DEFLECT-P4",
          "UNO 1121 REVENGE-P2-NOENDDRAW", "UNO 1121 WILDMATCH-DRAWANY", "UNO 1112 P4-ADDUP-CON-DRAWPLAY"]


@pytest.mark.parametrize("rules", SOCIAL)
def test_human_bots_where_the_mistakes_matter_every_action_as_on_the_referee(rules):
    r = lockstep(rules, (2, 4, 5), 6)
    assert r["actions"] >= 20 * r["hands"] and r["forgot"] >= r["hands"] // 3


@pytest.mark.parametrize("rules", OTHERS)
def test_human_bots_under_the_cores_other_rules_every_action_as_on_the_referee(rules):
    lockstep(rules, (3, 4), 4)


# the cuts (C) and jump-ins (JUMPIN) on _house2.h's harness: whoever reacts first cuts; a cut composed one
# sub-decision at a time asks the HumanBot again (its act, or its react through flow.ask's _pick)
CUTS = ["UNO 1121 C", "UNO 1121 JUMPIN", "UNO 1122 C-ORG", "UNO 1121 JUMPIN-P4-FU", "UNO 3121 JUMPIN-NOCHALLENGE-WILDSTART",
        "UNO 1121 C-CON-DRAWPLAY"]


@pytest.mark.parametrize("rules", CUTS)
def test_human_bots_cut_and_jump_in_every_action_as_on_the_referee(rules):
    r = lockstep(rules, (2, 3, 4, 6), 8)
    assert r["forgot"] >= S.share(5, r["hands"], r["full"]) and r["chatter"] >= S.share(10, r["hands"], r["full"])
    r = lockstep(rules, (3, 4), 6, rates=(0.3, 0.9, 1.0, 0.6))
    assert r["chatter"] >= S.share(80, r["hands"], r["full"])


def test_human_bots_cut_in_C_as_on_the_referee():
    cuts = {HR: 0, HG: 0}
    for seed in range(S.sampled(16)):
        lineup = [HR, HG, HR, "random-play"]
        mine, g = referee_ids("UNO 1121 C", lineup, seed, rates=LOUD)
        assert compiled_ids("UNO 1121 C", lineup, seed, rates=LOUD) == mine
        replay = Game.new(4, "UNO 1121 C", seed=seed)
        for _, a in g.actions:
            if type(a) is Play and a.player != replay.to_act and lineup[a.player] in cuts:
                cuts[lineup[a.player]] += 1
            replay.apply(a)
    assert min(cuts.values()) >= S.share(10, S.sampled(16), 16), cuts


@pytest.mark.parametrize("rules,players,lineup", [
    ("UNO 1121", 4, [HR] * 4), ("UNO 1121 S-ORG", 4, [HR] * 4), ("UNO 1121 MEM-PRE", 3, [HG, HR, "greedy"]),
    ("UNO 1121 E-IE-SLOWUNO", 5, [HG, "random-play", HR, HG, HR])])
def test_human_lab_hands_equal_play_deal(rules, players, lineup):
    S.same_lab_hands(rules, lineup, S.sampled(60))


def test_sim_human_compiled_prints_the_referees_summary():
    from unokit.lab.sim import simulate
    kw = dict(players=3, bots="human,random-play", seed=4, progress=False)
    a = simulate(60, engine="referee", **kw)
    b = simulate(60, engine="compiled", chance="referee", **kw)
    assert b["engine"] == "compiled (referee chance)"
    assert {k: v for k, v in a.items() if k not in ("seconds", "hands_per_second", "engine")} == \
        {k: v for k, v in b.items() if k not in ("seconds", "hands_per_second", "engine")}


def test_lab_human_error_rows_run_compiled_with_the_referees_results():
    from unokit.lab import lab
    codes = ["UNO 1121", "UNO 1121 S", "UNO 1121 ORG", "UNO 1121 MEM", "UNO 1121 PRE", "UNO 1121 E-IE"]
    kw = dict(bots=HR, players=[4], hands=40, measures=["table"], seed=3, jobs=1, progress=False, plots=False)
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="auto", **kw)
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_lab_human_error_matches_run_compiled_with_the_referees_results():
    from unokit.lab import lab
    kw = dict(bots=HR, players=[3], hands=0, matches=3, measures=["match"], seed=2, jobs=1, progress=False, plots=False)
    a = lab(["UNO 1121 ORG-MEM", "UNO 3121 S"], engine="referee", **kw)   # (3: the deal passes to the left)
    b = lab(["UNO 1121 ORG-MEM", "UNO 3121 S"], engine="auto", **kw)
    assert b["work"]["engines"] == {"compiled": 2}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


# ------------------------------------------------------------------------------------- mutation checks
@pytest.mark.parametrize("rules,rates,org", [
    ("UNO 1121", (0.45, 0.25, 0.6, 0.6), None),      # forgets UNO more often
    ("UNO 1121", (0.35, 0.35, 0.6, 0.6), None),      # talks more
    ("UNO 1121", (0.35, 0.25, 0.6, 0.0), None),      # no reaction delays: no draws, no reordering
    ("UNO 1121 ORG", LOUD, 0),                       # apologies free under ORG
    ("UNO 1121 C", (0.35, 0.25, 0.6, 0.0), None),    # cuts: no reaction delays
])
def test_a_mutated_human_bot_fails_the_lockstep(monkeypatch, rules, rates, org):
    if org is not None:
        real = C._human
        monkeypatch.setattr(C, "_human", lambda rs: real(rs)[:43] + bytes([org] * 11))
    differs = 0
    for seed in range(12):
        differs += referee_ids(rules, [HR] * 4, seed, rates=LOUD)[0] != compiled_ids(rules, [HR] * 4, seed, rates=rates)
    assert differs >= 3
    monkeypatch.undo()
    assert all(referee_ids(rules, [HR] * 4, seed, rates=LOUD)[0] == compiled_ids(rules, [HR] * 4, seed, rates=LOUD)
               for seed in range(3))


def test_human_bots_with_fast_chance_play_the_same_game():
    # fast chance: other generators (xoshiro256**), the same distribution of hands as referee chance
    kw = dict(players=4, rules="UNO 1121 S-ORG-MEM", bots=[HR, HG, HR, "greedy"])
    a = C.play(5000, seed=1, chance="referee", **kw)
    b = C.play(5000, seed=2, chance="fast", **kw)
    for x, y in ((a.turns, b.turns), (a.penalty_cards, b.penalty_cards), (a.reactions, b.reactions),
                 (a.catches, b.catches)):
        x, y = x.astype(float), y.astype(float)
        assert abs(x.mean() - y.mean()) <= 4 * (x.var() / len(x) + y.var() / len(y)) ** 0.5 + 1e-9
