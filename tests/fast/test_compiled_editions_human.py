"""The human-error bots under UNO All Wild! in the compiled core (unokit/fast/_edhuman.h, issue 28 point 1).

Proven as tests/fast/test_compiled_human.py proves them on the official rules: every move of a hand played in C
(``_ccore.ed_play_logged``, the loop of ``compiled.play``; a line said is ``(seat, 5, line, -1, 0)``) equals the
referee's harness's with the Python bots seeded as the compiled seats (HumanBot over greedy and random-play, beside
those two), turn, forgotten or made UNO call, catch, chatter and apology alike, in the order the reaction delays
give; whole hands equal the lab's ``play_deal``; the lab's rows give the referee's numbers; and a bot that reacts
without delays or never apologises fails the lockstep (mutation checks).
"""

from __future__ import annotations

import random
import struct

import compiled_support as S
import pytest
from test_compiled_editions import _faces, move_of
from test_compiled_human import HG, HR, LOUD, _player

from unokit.core import codec
from unokit.core.actions import Say
from unokit.engine.game import Game
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed, play_hand
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

ALLWILD = "UNO ALLWILD"
CHATTY = (0.3, 0.9, 1.0, 0.6)   # (forget_uno, talk, apologise, reaction)


def _lineup(players: int, seed: int) -> list[str]:
    r = random.Random(seed * 7 + players)
    return [r.choice((HG, HR, "greedy", "random-play")) if s else r.choice((HG, HR)) for s in range(players)]


def _humans(players: int, seed: int) -> list[str]:
    """Human seats only (a greedy or random-play seat, without delays, answers a catch or a call first)."""
    r = random.Random(seed * 7 + players)
    return [r.choice((HG, HR)) for _ in range(players)]


def compiled_moves(players: int, names: list[str], deal: int, rates) -> list[tuple]:
    from unokit.fast import _ccore
    cfg = list(C._config(players, RuleSet.parse(ALLWILD), C.MAX_STEPS, None, bytes(C.POLICIES[b] for b in names),
                         False))
    cfg[-1] = struct.pack("4d", *(rates or C._HUMAN_RATES)) + cfg[-1][32:]
    return [tuple(m) for m in _ccore.ed_play_logged(tuple(cfg), deal, "bot", 0, "harness")[1]]


def referee_moves(players: int, names: list[str], deal: int, rates) -> tuple[list[tuple], Game]:
    faces = _faces(ALLWILD)
    g = Game.new(players=players, rules=ALLWILD, seed=deal)
    bots = [_player(b, derive_seed(deal, s, "bot"), rates) for s, b in enumerate(names)]
    play_hand(g, bots, rng=random.Random(derive_seed(deal, 0, "harness")), record=False)
    return [(a.player, 5, codec.SAY_LINES.index(a.text), -1, 0) if type(a) is Say else move_of(a, faces)
            for _, a in g.actions], g


def lockstep(players, seeds: int, rates=LOUD, c_rates=None, lineup=_lineup) -> dict:
    """Every move of the sampled hands, C == the referee's harness (``c_rates``: C's rates, for the mutation checks:
    returns how many hands differ)."""
    out = {"hands": 0, "full": 0, "lines": 0, "apologies": 0, "caught": 0, "forgot": 0, "differ": 0}
    run, full = S.sample(seeds)
    for p in players:
        out["full"] += full
        for seed in run:
            names, deal = lineup(p, seed), derive_seed(11, seed)
            assert C.problem(ALLWILD, names, p) is None
            mine, g = referee_moves(p, names, deal, rates)
            got = compiled_moves(p, names, deal, c_rates or rates)
            if c_rates is not None:
                out["differ"] += got != mine
                continue
            first = next((i for i, (a, b) in enumerate(zip(got, mine)) if a != b), min(len(got), len(mine)))
            assert got == mine, f"{p} players, seed {seed}, {names}: move {first}: C {got[first:first + 1]}, " \
                                f"referee {mine[first:first + 1]}"
            out["hands"] += 1
            human = {s for s, b in enumerate(names) if b.startswith("human")}
            out["lines"] += sum(m[1] == 5 for m in got)
            out["apologies"] += sum(m[1] == 5 and m[2] >= len(codec.SAY_LINES) - 4 for m in got)
            out["caught"] += sum(m[1] == 4 for m in got)
            out["forgot"] += sum(e.kind == "caught" and e.detail[0] in human for e in g.events)
    return out


def test_human_bots_under_ALLWILD_are_compiled_and_the_strategist_is_not():
    assert C.problem(ALLWILD, [HG, HR, "greedy", "random-play"], 4) is None
    assert "strategist" in C.problem(ALLWILD, [HG, "strategist"], 2)
    assert C.problem("UNO ALLWILD ORG", [HG, HR], 2)   # the edition as it states itself only


def test_human_bots_under_ALLWILD_every_move_as_on_the_referee():
    r = lockstep((2, 3, 4, 6, 10), 10, rates=None)   # HumanBot's own rates
    assert r["hands"] == S.sampled(10) * 5
    r = lockstep((2, 3, 4, 6), 12)                   # erring often
    assert r["forgot"] >= S.share(20, r["hands"], r["full"]) and r["lines"] >= S.share(4, r["hands"], r["full"])
    r = lockstep((3, 4, 5), 10, rates=CHATTY, lineup=_humans)   # apologising after every penalty, talking
    assert r["apologies"] >= S.share(10, r["hands"], r["full"]) and r["lines"] >= S.share(50, r["hands"], r["full"])


@pytest.mark.parametrize("players,lineup", [(4, [HR] * 4), (3, [HG, HR, "greedy"]), (5, [HG, "random-play", HR, HG, HR])])
def test_human_lab_hands_under_ALLWILD_equal_play_deal(players, lineup):
    n = S.sampled(40)
    r = C.play(n, players=players, rules=ALLWILD, bots=lineup, seed=5, purpose="lab-deal", bot_purpose="lab-bot",
               bot_salt=3)
    for i in range(n):
        o = play_deal(ALLWILD, lineup, derive_seed(5, i, "lab-deal"), bot_salt=3)
        got = (S.winner(r, i), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
               int(r.drawn[i].sum()), int(r.score[i]), int(r.catches[i]), int(r.penalty_cards[i]), int(r.reactions[i]))
        assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.catches, o.penalty_cards,
                       o.reactions), f"lab hand {i}"


def test_lab_human_error_rows_under_ALLWILD_run_compiled_with_the_referees_results():
    from unokit.lab import lab
    kw = dict(bots=HR, players=[4], hands=30, measures=["table"], seed=3, jobs=1, progress=False, plots=False)
    a = lab([ALLWILD], engine="referee", **kw)
    b = lab([ALLWILD], engine="auto", **kw)
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


@pytest.mark.parametrize("rates,c_rates,lineup", [
    (LOUD, (0.35, 0.25, 0.6, 0.0), _lineup),                # C's humans react without delays
    (LOUD, (0.6, 0.25, 0.6, 0.6), _lineup),                 # C's humans forget UNO more often
    ((0.3, 0.0, 1.0, 0.6), (0.3, 0.0, 0.0, 0.6), _humans),  # never apologise (as with the penalty events uncounted)
    ((0.3, 0.5, 0.6, 0.6), (0.3, 0.7, 0.6, 0.6), _humans),  # talk more
])
def test_a_mutated_human_bot_under_ALLWILD_fails_the_lockstep(rates, c_rates, lineup):
    assert lockstep((2, 3, 4), 20, rates=rates, c_rates=c_rates, lineup=lineup)["differ"] >= 3
