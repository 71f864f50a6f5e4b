"""The compiled greedy bot (unokit/fast/_greedy.h) makes the Python GreedyBot's choices.

Lockstep: the compiled core plays hands where some seats are greedy (the others random-play), every id
it applied is logged (``_ccore.play_logged``, the very loop of ``compiled.play``, with each seat's own
generator); the test replays them in the referee and, at every decision of a greedy seat, asks
:class:`~unokit.bots.greedy.GreedyBot` (seeded as the compiled seat) for its choice on the same view and
legal actions: it must be the same action, every time, under the official rules and the stacking and
drawing house rules. Then whole hands equal the lab's ``play_deal`` and ``sim.play_hand``, and duels
and the lab's skill measure played in C equal the referee's.
"""

from __future__ import annotations

import random

import compiled_support as S
import pytest

from unokit.bots import make_bot
from unokit.bots.greedy import GreedyBot
from unokit.core.actions import CatchUno, SayUno
from unokit.engine.compose import unfold
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed, play_hand

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

GREEDY = 3                           # the C policy number (compiled.POLICIES["greedy"])
RANDOM_PLAY = 1
BENCH = 0                            # the benchmark's agent: it forgets UNO, so greedy seats catch


def lockstep(players: int, rules: str, seeds, lineup, purpose: str = "lab-bot", salt: int = 0,
             max_steps: int = C.MAX_STEPS, everything: bool = True) -> dict:
    """Replay the compiled hands in the referee; count the greedy decisions (its turns, UNO calls and catches)
    and the agreements (tests/compiled_support.py). ``everything=False``: a sample of the seeds (a sweep)."""
    r = S.lockstep(players, rules, seeds, lineup, GreedyBot, GREEDY, reactions=True, cut_short=True,
                   purpose=purpose, salt=salt, max_steps=max_steps, everything=everything)
    assert r["rng"] == 0   # greedy never draws its generator
    return r


def alternate(players, seed):
    return [GREEDY if s % 2 == 0 else RANDOM_PLAY for s in range(players)]


def everyone(players, seed):
    return [GREEDY] * players


def mixed(players, seed):
    r = random.Random(seed * 31 + players)
    return [GREEDY if r.random() < 0.6 else RANDOM_PLAY for _ in range(players)]


@pytest.mark.parametrize("players,rules,lineup,hands", [
    (2, "UNO 1121", alternate, 60),
    (3, "UNO 1122", everyone, 30),
    (4, "UNO 1112", mixed, 30),                    # D=2: a bluff taken back
    (2, "UNO 1111 uno=3", everyone, 40),
    (4, "UNO 1121 P4", alternate, 40),
    (3, "UNO 1121 P2", mixed, 40),
    (3, "UNO 1121 DRAWPLAY", everyone, 30),
    (2, "UNO 1121 ADDUP", everyone, 30),
    (3, "UNO 1121 SAT", alternate, 30),
    (4, "UNO 1121 CON", mixed, 30),
    (2, "UNO 1121 INS-FORCE", alternate, 40),
    (3, "UNO 1121 BU(cards=10)", mixed, 20),
    (3, "UNO 1112 P4-ADDUP-CON-DRAWPLAY", everyone, 30),
    # the rules of _house3.h, alone and with the stacking and drawing rules
    (3, "UNO 1121 NOCHALLENGE-P4", mixed, 30),
    (4, "UNO 1121 WILDSTART-SAT", alternate, 30),
    (3, "UNO 1121 LIMIT(cards=9)-OPEN-REV", everyone, 30),
    (4, "UNO 1121 PAA-P2", mixed, 30),
    (3, "UNO 1121 PAB-CON", alternate, 30),
    (4, "UNO 1121 FL-INS", mixed, 30),
    (3, "UNO 1121 GT-P1", everyone, 30),
    (4, "UNO 1121 I-P4", alternate, 30),
    (3, "UNO 1121 DEFLECT-P3-FORCE", mixed, 30),
    (4, "UNO 1121 REVENGE-P4-DRAWPLAY", everyone, 30),
    (2, "UNO 1121 NOENDDRAW-P2", alternate, 40),
    (4, "UNO 1112 WILDMATCH", mixed, 30),
    (3, "UNO 1121 MISTAKE(penalty=3)-ADDUP", everyone, 30),
    (4, "UNO 1121 DRAWANY-P4", mixed, 30),
    # the rules of _house2.h and _house4.h: groups, cuts, swaps (the harness's Move lists, unokit/fast/_house2.h)
    (3, "UNO 1112 DR-P4-C", mixed, 30),
    (4, "UNO 1121 DD-P2-CON", everyone, 20),
    (4, "UNO 1121 SEVENO-JUMPIN-P4", alternate, 30),
    (3, "UNO 1122 T(card=3)-CAR", mixed, 30),
    (4, "UNO 1121 C-DR-P4-SEVENO", mixed, 30),
    (3, "UNO 1111 uno=3 DR-ADDUP-SAT", everyone, 20),
    (4, "UNO 1121 DAD-BA-DOUBLE-BACK", alternate, 30),
    (3, "UNO 1121 ZEROLEFT-TRI-AA", mixed, 30),
    (4, "UNO 1121 DR-BOMB-AB", everyone, 20),
    (3, "UNO 1122 NOCHALLENGE-SEVENO-C", mixed, 30),
    (4, "UNO 1121 CLA-C-DR", mixed, 40),
])
def test_compiled_greedy_makes_the_python_greedy_choices(players, rules, lineup, hands):
    r = lockstep(players, rules, range(100 * players, 100 * players + hands), lineup, everything=False)
    share = r["hands"] / r["full"]   # the counts are of the full sweep (UNOKIT_FULL=1)
    assert r["decisions"] > 600 * share and r["choices"] > 400 * share
    assert r["challenges"] > 5 * share or "NOCHALLENGE" in rules   # (NOCHALLENGE: nobody may challenge)
    assert r["agree"] == r["decisions"], f"first disagreement (seed, step, compiled, python): {r['first']}"


def test_compiled_greedy_says_uno_and_catches_as_the_python_greedy():
    """Beside the benchmark's agent (uniform among its ids: plays without the UNO call, calls and catches at
    random) the greedy seats catch and answer out of turn; the history's colour differs from the game's too."""
    def lineup(players, seed):
        return [GREEDY if s % 2 == 0 else BENCH for s in range(players)]
    r = lockstep(3, "UNO 1121", range(30), lineup)
    r2 = lockstep(2, "UNO 1112", range(30), lineup)
    assert r["agree"] == r["decisions"], r["first"]
    assert r2["agree"] == r2["decisions"], r2["first"]
    for rules in ("UNO 1121 PRE", "UNO 1112 PRE-MEM", "UNO 1121 SLOWUNO"):   # the catch windows of PRE and SLOWUNO, MEM's price
        r3 = lockstep(3, rules, range(20), lineup)
        assert r3["agree"] == r3["decisions"] and r3["reactions"] >= 3, (rules, r3["first"])
    assert r["reactions"] + r2["reactions"] >= 10 and r2["history"] >= 3


def test_lockstep_reads_the_history_where_it_is_not_the_game_state():
    """D=2 with stacking: a bluff taken back restores the colour without an event, so the colour before the
    next Wild Draw Four as the history tells it (what GreedyBot reads) is not the game's; the C bot follows
    the events."""
    r = lockstep(4, "UNO 1112 P4", [28, 89, 126, 127, 194], everyone)   # (seeds where it happens)
    r3 = lockstep(3, "UNO 1112 P4", [124, 271, 278], everyone)
    assert r["agree"] == r["decisions"], r["first"]
    assert r3["agree"] == r3["decisions"], r3["first"]
    assert r["history"] + r3["history"] >= 6 and r["stacks"] >= 20


def test_draw_totals_past_255_are_the_referees():
    """Greedy seats stacking and challenging under D=2 can keep a draw total growing for thousands of steps
    (the hand is cut short at max_steps): the compiled total is the referee's past 255 too."""
    lineup = ["greedy"] * 3
    r = lockstep(3, "UNO 1112 P4", [82], everyone, max_steps=400)
    assert r["agree"] == r["decisions"] > 300, r["first"]
    res = C.play(1, players=3, rules="UNO 1112 P4", bots=lineup, deal_seeds=[82], bot_purpose="lab-bot",
                 max_steps=400)
    o = play_deal("UNO 1112 P4", lineup, 82, max_steps=400)
    assert res.truncated[0] and o.winner is None
    assert (int(res.turns[0]), int(res.drawn[0].sum()), int(res.penalty_cards[0])) == (o.turns, o.drawn,
                                                                                          o.penalty_cards)
    _init, steps = C.trace(3, 82, rules="UNO 1112 P4", policy="greedy", max_actions=400)
    assert max(s[3][7] for s in steps) > 255                         # the draw total in the compiled state


@pytest.mark.parametrize("rules", ["UNO 1121", "UNO 1122", "UNO 1112", "UNO 1121 P4", "UNO 1112 P2",
                                   "UNO 1121 DRAWPLAY", "UNO 1121 ADDUP", "UNO 1121 SAT-CON", "UNO 1121 FU"])
def test_compiled_greedy_lab_hands_equal_play_deal(rules):
    n = 15
    for players, lineup, salt in ((2, ["greedy", "random-play"], 0), (3, ["random-play", "greedy", "greedy"], 2),
                                  (4, ["greedy", "random-play"] * 2, 1)):
        r = C.play(n, players=players, rules=rules, bots=lineup, seed=5, purpose="lab-deal", bot_purpose="lab-bot",
                   bot_salt=salt)
        for i in range(n):
            o = play_deal(rules, lineup, derive_seed(5, i, "lab-deal"), bot_salt=salt)
            got = (int(r.winner[i]), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
                   int(r.drawn[i].sum()), int(r.score[i]), int(r.catches[i]), int(r.penalty_cards[i]))
            assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.catches,
                           o.penalty_cards), (rules, players, i)


@pytest.mark.parametrize("rules", ["UNO 1121 P4", "UNO 1121 JUMPIN-DD"])
def test_compiled_greedy_hands_equal_the_python_harness(rules):
    """unokit.lab.sim.simulate's hands (deal derive_seed(seed, i), bots derive_seed(hs, s, "bot"))."""
    n, players = 12, 3
    lineup = ["greedy", "random-play", "greedy"]
    r = C.play(n, players=players, rules=rules, bots=lineup, seed=4)
    for i in range(n):
        hs = derive_seed(4, i)
        g = Game.new(players=players, rules=rules, seed=hs)
        bots = [make_bot(lineup[s], derive_seed(hs, s, "bot")) for s in range(players)]
        res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
        got = (int(r.winner[i]), int(r.actions[i]), int(r.steps[i]), int(r.applied[i]),
               tuple(r.drawn[i].tolist()), tuple(r.points[i].tolist()), int(r.score[i]))
        assert got == (res.winner, res.turns, res.steps, res.actions, res.drawn, res.points, res.score)


def test_duel_greedy_compiled_equals_referee():
    from unokit.lab.tournament import duel
    kw = dict(players=2, jobs=1, progress=False)
    ref = duel("greedy", "random-play", hands=200, engine="referee", **kw)
    same = duel("greedy", "random-play", hands=200, engine="compiled", **kw)
    assert set(ref["engines"]) == {"referee"} and set(same["engines"]) == {"compiled"}
    strip = ("engines", "seconds", "jobs", "backend")
    assert {k: v for k, v in ref.items() if k not in strip} == {k: v for k, v in same.items() if k not in strip}
    assert same["win_rate"]["greedy"]["rate"] > 0.55


def test_lab_greedy_skill_measure_runs_compiled_with_the_referees_results(tmp_path):
    from unokit.lab import lab
    kw = dict(bots="random-play", players=[2, 3], hands=20, skill_hands=60, measures=["skill"], seed=3, jobs=1,
              progress=False, plots=False, skill="greedy")
    sets = ["UNO 1121", "UNO 1121 P4", "UNO 1121 C-DR", "UNO 1121 T", "UNO 1121 SEVENO-JUMPIN", "UNO 1121 NOENDDRAW-WILDMATCH"]
    a = lab(sets, engine="referee", **kw)
    b = lab(sets, engine="compiled", cache=tmp_path, **kw)
    assert a["skill_bot"] == b["skill_bot"] == "greedy"
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_compiled_greedy_is_offered_on_every_covered_table_and_traced(monkeypatch):
    assert C.POLICIES["greedy"] == GREEDY
    for rules in ["UNO 1121", "UNO 3112 uno=4", "UNO 1121 P4-ADDUP-CON-DRAWPLAY", "UNO 1121 BU(cards=10)-SAT"]:
        assert C.problem(rules, ["greedy", "random-play"], 3) is None, rules
    assert C.problem("UNO 1121 DR", ["greedy"], 2) is None and C.problem("UNO 1121 JUMPIN-T", ["greedy"], 3) is None
    assert C.problem("UNO 1121 JUMPIN-TRI", ["strategist"], 3) is None   # (TRI: test_compiled_strategist_house3.py)
    # a house rule the core plays but greedy was not proven on stays the referee's greedy
    monkeypatch.setattr(C, "_GREEDY_RULES", tuple(c for c in C._GREEDY_RULES if c != "P4"))
    assert "compiled greedy is proven" in C.problem("UNO 1121 P4", ["random-play", "greedy"], 2)
    monkeypatch.undo()
    for rules in ("UNO 1121 ADDUP", "UNO 1121 DR-SEVENO"):   # (the core's ids; the harness's Move lists)
        _init, steps = C.trace(4, 7, rules=rules, policy="greedy")
        g = Game.new(4, rules, seed=7)
        bots = [GreedyBot(0) for _ in range(4)]
        for seat, legal, applied, _after in steps:
            assert applied in legal[seat]
            a = C.to_action(applied)
            if a.player == g.to_act and type(a) not in (SayUno, CatchUno):
                assert C.action_id(bots[seat].act(g.view(seat), unfold(g, g.legal_actions(seat)))) == applied
            g.apply(a)
        assert g.over


def test_compiled_greedy_beats_random_play_with_fast_chance_too():
    r = C.play(20_000, players=2, bots=["greedy", "random-play"], seed=3, chance="fast")
    assert (r.winner >= 0).all()
    assert 0.6 < float((r.winner == 0).mean()) < 0.68
