"""The compiled strategist (unokit/fast/_strategist.h) makes the Python strategist's choices.

Lockstep: the compiled core plays hands where some seats are the strategist (the others random-play),
every id it applied is logged (``_ccore.play_logged``, the very loop of ``compiled.play``); the test
replays them in the referee and, at every decision of a strategist seat, asks
:class:`~unokit.bots.strategist.StrategistBot` (seeded as the compiled seat) for its choice on the
same view and legal actions: it must be the same action, every time. Then whole hands and duels
equal the referee's, and the strength measured in C is the Python strategist's within its interval.
"""

from __future__ import annotations

import math
import random

import compiled_support as S
import pytest

from unokit.bots import make_bot
from unokit.bots.strategist import StrategistBot
from unokit.core.errors import UnoError
from unokit.engine.game import Game
from unokit.fast import ACTIONS
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed, play_hand

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

STRATEGIST = C.POLICIES["strategist"]
RANDOM_PLAY = C.POLICIES["random-play"]


def lockstep(players: int, rules: str, seeds, lineup, purpose: str = "lab-bot", salt: int = 0,
             everything: bool = True) -> dict:
    """Replay the compiled hands in the referee; count the strategist decisions (its turns) and the agreements
    (tests/compiled_support.py). ``everything=False``: a sample of the seeds (a sweep)."""
    return S.lockstep(players, rules, seeds, lineup, StrategistBot, STRATEGIST, reactions=False, cut_short=False,
                      purpose=purpose, salt=salt, everything=everything)


def alternate(players, seed):
    return [STRATEGIST if s % 2 == 0 else RANDOM_PLAY for s in range(players)]


def everyone(players, seed):
    return [STRATEGIST] * players


def one(players, seed):
    return [STRATEGIST if s == seed % players else RANDOM_PLAY for s in range(players)]


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121", alternate, 120),
    (2, "UNO 1112", one, 120),           # C=1 (a challenged hand shown to all), D=2 (the bluff taken back)
    (2, "UNO 1121", everyone, 60),
    (3, "UNO 1121", everyone, 60),
    (3, "UNO 1122 uno=4", alternate, 80),
    (4, "UNO 1112", everyone, 50),
    (4, "UNO 3121", alternate, 80),
    (5, "UNO 1212", one, 100),
])
def test_compiled_strategist_makes_the_python_strategists_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]   # the counts are of the full sweep (UNOKIT_FULL=1)
    assert r["decisions"] > 1200 * share and r["choices"] > 800 * share
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


def test_lockstep_meets_challenges_and_olha_o_aviao():
    """The corpus reaches the rarer branches: Wild Draw Four challenges and the generator's draws."""
    r = lockstep(3, "UNO 1111", range(40), everyone)
    assert r["agree"] == r["decisions"], r["first"]
    assert r["challenged"] >= 3 and r["rng"] >= 3


@pytest.mark.parametrize("players", [2, 3])
def test_compiled_strategist_hands_equal_the_python_harness(players):
    """unokit.lab.sim.simulate's hands (deal derive_seed(seed, i), bots derive_seed(hs, s, "bot"))."""
    n = 12
    lineup = ["strategist", "random-play", "strategist"][:players]
    r = C.play(n, players=players, bots=lineup, seed=4)
    for i in range(n):
        hs = derive_seed(4, i)
        g = Game.new(players=players, rules="UNO 1121", seed=hs)
        bots = [make_bot(lineup[s], derive_seed(hs, s, "bot")) for s in range(players)]
        res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
        got = (int(r.winner[i]), int(r.actions[i]), int(r.steps[i]), int(r.applied[i]),
               tuple(r.drawn[i].tolist()), tuple(r.points[i].tolist()), int(r.score[i]))
        assert got == (res.winner, res.turns, res.steps, res.actions, res.drawn, res.points, res.score)


def test_compiled_strategist_lab_hands_equal_play_deal():
    n = 12
    lineup = ["random-play", "strategist", "random-play", "strategist"]
    r = C.play(n, players=4, rules="UNO 1112", bots=lineup, seed=6, purpose="lab-deal", bot_purpose="lab-bot",
               bot_salt=2)
    for i in range(n):
        o = play_deal("UNO 1112", lineup, derive_seed(6, i, "lab-deal"), bot_salt=2)
        got = (int(r.winner[i]), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
               int(r.drawn[i].sum()), int(r.score[i]), int(r.catches[i]), int(r.penalty_cards[i]))
        assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.catches, o.penalty_cards)


def _rate(d: dict) -> tuple[float, int]:
    w = d["win_rate"]["strategist"]
    return w["k"] / w["n"], w["n"]


def test_duel_compiled_equals_referee_and_measures_the_same_strength():
    from unokit.lab.tournament import duel
    kw = dict(players=2, jobs=1, progress=False)
    ref = duel("strategist", "random-play", hands=150, engine="referee", **kw)
    same = duel("strategist", "random-play", hands=150, engine="compiled", **kw)
    assert ref["engines"] == {"referee": ref["engines"]["referee"]} and set(same["engines"]) == {"compiled"}
    strip = ("engines", "seconds", "jobs", "backend")
    assert {k: v for k, v in ref.items() if k not in strip} == {k: v for k, v in same.items() if k not in strip}
    # strength on other deals: 20,000 paired deals in C against the Python strategist's 150
    big = duel("strategist", "random-play", hands=20_000, seed=1, engine="compiled", **kw)
    (p1, n1), (p2, n2) = _rate(ref), _rate(big)
    assert n2 == 40_000 and p2 > 0.6
    diff, se = p2 - p1, math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    assert abs(diff) < 1.96 * se, (p1, p2, diff, se)       # the 95% interval of the difference holds 0
    assert abs(diff) < 0.03                                 # and the rates are within 3 points


def test_lab_skill_measure_runs_compiled_with_the_referees_results(tmp_path):
    """The lab's skill measure (strategist vs random-play) is played in C, with the referee's numbers."""
    from unokit.lab import lab
    kw = dict(bots="random-play", players=[2, 3], hands=20, skill_hands=80, measures=["skill"], seed=3, jobs=1,
              progress=False, plots=False)
    a = lab(["UNO 1121", "UNO 1112"], engine="referee", **kw)
    b = lab(["UNO 1121", "UNO 1112"], engine="compiled", cache=tmp_path, **kw)
    assert a["skill_bot"] == b["skill_bot"] == "strategist"
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_compiled_strategist_is_refused_under_house_rules_and_traced_on_official(monkeypatch):
    assert C.problem("UNO 1121", ["strategist", "random-play"], 2) is None
    assert C.problem("UNO 1121 P4", ["strategist", "random-play"], 2) is None   # (house rules: test_compiled_strategist_house.py)
    monkeypatch.setattr(C, "_STRATEGIST_RULES", tuple(c for c in C._STRATEGIST_RULES if c != "ADDUP"))   # not proven
    assert "under ADDUP:" in C.problem("UNO 1121 ADDUP", ["strategist", "random-play"], 2)
    with pytest.raises(UnoError):
        C.play(5, players=2, rules="UNO 1121 ADDUP", bots="strategist")
    _init, steps = C.trace(3, 7, policy="strategist", policy_seed=1)
    g = Game.new(3, "UNO 1121", seed=7)
    for seat, legal, applied, _after in steps:
        assert applied in legal[seat]
        g.apply(ACTIONS[applied])
    assert g.over


def test_compiled_strategist_beats_random_play_with_fast_chance_too():
    r = C.play(4000, players=2, bots=["strategist", "random-play"], seed=3, chance="fast")
    assert (r.winner >= 0).all()
    assert 0.6 < float((r.winner == 0).mean()) < 0.72
