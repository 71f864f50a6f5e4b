"""The human-error bots under UNO All Wild!, No Mercy and Extreme in the compiled core (unokit/fast/_edhuman.h,
issue 28 point 1).

Proven under each edition as tests/fast/test_compiled_human.py proves them on the official rules: every move of a hand played in C
(``_ccore.ed_play_logged``, the loop of ``compiled.play``; a line said is ``(seat, 7, line, -1, 0, -1)``) equals the
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
from unokit.lab.sim import derive_seed, play_hand
from unokit.rules import RuleSet

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

ALLWILD = "UNO ALLWILD"
EDITIONS = (ALLWILD, "UNO NOMERCY", "UNO EXTREME")
CHATTY = (0.3, 0.9, 1.0, 0.6)   # (forget_uno, talk, apologise, reaction)
SAY = 7                          # a line said, as _edhuman.h logs it (EM_SAY)


def _lineup(players: int, seed: int) -> list[str]:
    r = random.Random(seed * 7 + players)
    return [r.choice((HG, HR, "greedy", "random-play")) if s else r.choice((HG, HR)) for s in range(players)]


def _humans(players: int, seed: int) -> list[str]:
    """Human seats only (a greedy or random-play seat, without delays, answers a catch or a call first)."""
    r = random.Random(seed * 7 + players)
    return [r.choice((HG, HR)) for _ in range(players)]


def compiled_moves(rules: str, players: int, names: list[str], deal: int, rates) -> list[tuple]:
    from unokit.fast import _ccore
    cfg = list(C._config(players, RuleSet.parse(rules), C.MAX_STEPS, None, bytes(C.POLICIES[b] for b in names),
                         False))
    cfg[-1] = struct.pack("4d", *(rates or C._HUMAN_RATES)) + cfg[-1][32:]
    return [tuple(m) for m in _ccore.ed_play_logged(tuple(cfg), deal, "bot", 0, "harness")[1]]


def referee_moves(rules: str, players: int, names: list[str], deal: int, rates) -> tuple[list[tuple], Game]:
    faces = _faces(rules)
    g = Game.new(players=players, rules=rules, seed=deal)
    bots = [_player(b, derive_seed(deal, s, "bot"), rates) for s, b in enumerate(names)]
    play_hand(g, bots, rng=random.Random(derive_seed(deal, 0, "harness")), record=False)
    return [(a.player, SAY, codec.SAY_LINES.index(a.text), -1, 0, -1) if type(a) is Say else move_of(a, faces)
            for _, a in g.actions], g


def lockstep(rules: str, players, seeds: int, rates=LOUD, c_rates=None, lineup=_lineup) -> dict:
    """Every move of the sampled hands, C == the referee's harness (``c_rates``: C's rates, for the mutation checks:
    returns how many hands differ)."""
    out = {"hands": 0, "full": 0, "lines": 0, "apologies": 0, "caught": 0, "forgot": 0, "differ": 0}
    run, full = S.sample(seeds)
    for p in players:
        out["full"] += full
        for seed in run:
            names, deal = lineup(p, seed), derive_seed(11, seed)
            assert C.problem(rules, names, p) is None
            mine, g = referee_moves(rules, p, names, deal, rates)
            got = compiled_moves(rules, p, names, deal, c_rates or rates)
            if c_rates is not None:
                out["differ"] += got != mine
                continue
            first = next((i for i, (a, b) in enumerate(zip(got, mine)) if a != b), min(len(got), len(mine)))
            assert got == mine, f"{rules}, {p} players, seed {seed}, {names}: move {first}: C {got[first:first + 1]}, " \
                                f"referee {mine[first:first + 1]}"
            out["hands"] += 1
            human = {s for s, b in enumerate(names) if b.startswith("human")}
            out["lines"] += sum(m[1] == SAY for m in got)
            out["apologies"] += sum(m[1] == SAY and m[2] >= len(codec.SAY_LINES) - 4 for m in got)
            out["caught"] += sum(m[1] == 4 for m in got)
            out["forgot"] += sum(e.kind == "caught" and e.detail[0] in human for e in g.events)
    return out



def human_bots_agree(rules: str) -> None:
    """The three lockstep sweeps of an edition of its own (UNO Flash, UNO Spin): HumanBot's own rates at 2, 3 and 6
    players, every hand played; erring often at 3 and 4, a UNO call forgotten; human seats apologising after every
    penalty and talking at 3 to 5, apologies and more lines than them."""
    r = lockstep(rules, (2, 3, 6), 8, rates=None)   # HumanBot's own rates
    assert r["hands"] == S.sampled(8) * 3
    r = lockstep(rules, (3, 4), 8)                  # erring often
    assert r["forgot"] > 0
    r = lockstep(rules, (3, 4, 5), 8, rates=CHATTY, lineup=_humans)   # apologising after every penalty, talking
    assert r["apologies"] > 0 and r["lines"] > r["apologies"]

@pytest.mark.parametrize("rules", EDITIONS)
def test_human_bots_under_the_editions_are_compiled_and_the_strategist_where_written(rules):
    assert C.problem(rules, [HG, HR, "greedy", "random-play"], 4) is None
    why = C.problem(rules, [HG, "strategist"], 2)   # (All Wild's: tests/fast/test_compiled_edstrategist.py, Extreme's:
    assert why is None   # test_compiled_edcstrategist.py: Extreme's, No Mercy's)
    assert C.problem(f"{rules} ORG", [HG, HR], 2)   # the edition as it states itself only


def _most(rules: str, players: tuple[int, ...]) -> tuple[int, ...]:
    """The player counts of ``players`` the edition is for (No Mercy: 2 to 6)."""
    return tuple(p for p in players if p <= (6 if "NOMERCY" in rules else 10))


#: per edition, what a full sweep of each lockstep below shows at least (HumanBot's rates: hands; erring often:
#: forgotten calls, lines; apologising after every penalty: apologies, lines). No Mercy's large hands leave its
#: humans few reactions to make, so few lines and apologies.
SHOWS = {ALLWILD: (20, 4, 10, 50), "UNO NOMERCY": (6, 0, 2, 40), "UNO EXTREME": (12, 2, 6, 60)}


@pytest.mark.parametrize("rules", EDITIONS)
def test_human_bots_under_the_editions_every_move_as_on_the_referee(rules):
    forgot, lines, apologies, chatty = SHOWS[rules]
    players = _most(rules, (2, 3, 4, 6, 10))
    r = lockstep(rules, players, 10, rates=None)   # HumanBot's own rates
    assert r["hands"] == S.sampled(10) * len(players)
    r = lockstep(rules, (2, 3, 4, 6), 12)          # erring often
    assert r["forgot"] >= S.share(forgot, r["hands"], r["full"])
    assert r["lines"] >= S.share(lines, r["hands"], r["full"])
    r = lockstep(rules, (3, 4, 5), 10, rates=CHATTY, lineup=_humans)   # apologising after every penalty, talking
    assert r["apologies"] >= S.share(apologies, r["hands"], r["full"])
    assert r["lines"] >= S.share(chatty, r["hands"], r["full"])


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("players,lineup", [(4, [HR] * 4), (3, [HG, HR, "greedy"]), (5, [HG, "random-play", HR, HG, HR])])
def test_human_lab_hands_under_the_editions_equal_play_deal(rules, players, lineup):
    S.same_lab_hands(rules, lineup, S.sampled(40))


@pytest.mark.parametrize("rules", EDITIONS)
def test_lab_human_error_rows_under_the_editions_run_compiled_with_the_referees_results(rules):
    from unokit.lab import lab
    kw = dict(bots=HR, players=[4], hands=30, measures=["table"], seed=3, jobs=1, progress=False, plots=False)
    a = lab([rules], engine="referee", **kw)
    b = lab([rules], engine="auto", **kw)
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


#: per edition, the sweep of the mutation checks (player counts, seeds) and the hands that must differ at least
SWEEPS = {ALLWILD: ((2, 3, 4), 20, 3), "UNO NOMERCY": ((2, 3, 4, 5, 6), 30, 1), "UNO EXTREME": ((2, 3, 4), 12, 3)}


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("rates,c_rates,lineup", [
    (LOUD, (0.35, 0.25, 0.6, 0.0), _lineup),                # C's humans react without delays
    (LOUD, (0.6, 0.25, 0.6, 0.6), _lineup),                 # C's humans forget UNO more often
    ((0.3, 0.0, 1.0, 0.6), (0.3, 0.0, 0.0, 0.6), _humans),  # never apologise (as with the penalty events uncounted)
    ((0.3, 0.5, 0.6, 0.6), (0.3, 0.7, 0.6, 0.6), _humans),  # talk more
])
def test_a_mutated_human_bot_under_the_editions_fails_the_lockstep(rules, rates, c_rates, lineup):
    players, seeds, least = SWEEPS[rules]
    assert lockstep(rules, players, seeds, rates=rates, c_rates=c_rates, lineup=lineup)["differ"] >= least
