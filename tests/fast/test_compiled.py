"""The compiled core (unokit/fast/_ccore.c) plays exactly the referee's hands.

Differential tests: with referee chance, the same seed deals the same cards, every seat's legal ids
are the same list in the same order as the fast core's (itself proven against the referee in
tests/fast/test_fast.py) at every step, the same decisions lead to the same state; whole hands played by
the lab's random-play bots give the same winner, turns, draws and points as the Python harness.
With fast chance, the statistics agree with referee chance within their intervals.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.bots import make_bot
from unokit.core.errors import UnoError
from unokit.engine.game import Game
from unokit.fast import DRAW_OR_PASS, FastGame
from unokit.fast import compiled as C
from unokit.lab import play_deal
from unokit.lab.sim import derive_seed, play_hand

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


def fast_state(g: FastGame) -> list:
    return [[list(h) for h in g.hands], list(g.stock), list(g.discard), g.color, g.direction, g.current, g.phase,
            g.pending, g.drawn, -1 if g.winner is None else g.winner]


def check_trace(players: int, seed: int, rules: str = "UNO 1121", policy_seed: int = 0, decide=None):
    """Play the compiled core's hand and the fast core's side by side; compare every step."""
    g = FastGame(players, seed, rules=rules)
    if decide is None:  # the benchmark's agent, one generator for the whole hand
        init, steps = C.trace(players, seed, rules=rules, policy="bench", policy_seed=policy_seed)
        rng = random.Random(policy_seed)
    else:               # decisions made in Python, applied by both
        ids, probe = [], FastGame(players, seed, rules=rules)
        while not probe.over:
            i = decide(probe)
            ids.append(i)
            probe.apply(i)
        init, steps = C.trace(players, seed, rules=rules, decisions=ids)
    assert fast_state(g) == list(init)
    for seat, legal, applied, after in steps:
        assert seat == g.current
        for s in range(players):
            assert g.legal_ids(s) == legal[s], f"seat {s}'s legal ids differ"
        if decide is None:
            ids = g.legal_ids()
            plays = [i for i in ids if not DRAW_OR_PASS[i]]
            assert rng.choice(plays or ids) == applied, "the bench agent chose differently"
        g.apply(applied)
        assert fast_state(g) == list(after)
    assert g.over
    return len(steps)


def test_compiled_generator_is_cpythons_mersenne_twister():
    from unokit.fast import _ccore
    for seed in (0, 1, 12345, 2**32 - 1, 2**32, 2**40 + 7, 2**63 - 1, 2**64 - 1):
        r = random.Random(seed)
        assert _ccore.random_check(seed, 7, 300) == [(r.random(), r._randbelow(7)) for _ in range(300)]


def test_compiled_derive_seed_is_sims_sha256_derivation():
    for master in (0, 1, 2**63 - 1, 2**64 - 1):
        for purpose in ("hand", "lab-deal", "x" * 40):
            got = C.derive_seeds(master, 5, purpose, start=3)
            assert got.tolist() == [derive_seed(master, 3 + i, purpose) for i in range(5)]
    # outside what C formats, Python derives them (same values)
    assert C.derive_seeds(-5, 2).tolist() == [derive_seed(-5, 0), derive_seed(-5, 1)]
    assert C.derive_seeds(None, 2).tolist() == [derive_seed(None, 0), derive_seed(None, 1)]


@pytest.mark.parametrize("players", range(2, 11))
def test_official_compiled_deals_and_plays_the_referees_hand_step_by_step(players):
    actions = sum(check_trace(players, seed, policy_seed=seed * 7 + players) for seed in range(25))
    assert actions > 25 * 30


@pytest.mark.parametrize("rules", ["UNO 1122", "UNO 1111 uno=3", "UNO 3112", "UNO 1121 uno=4"])
def test_ambiguity_digits_compiled_same_steps(rules):
    for seed in range(20):
        check_trace(3, seed, rules=rules, policy_seed=seed)


def test_official_compiled_uniform_decisions_including_catches_and_challenges():
    """Uniform choice among every legal id of every seat: UNO calls out of turn, catches, challenges."""
    rng = random.Random(5)

    def decide(g):
        seats = [s for s in range(g.n) if g.legal_ids(s)]
        return rng.choice(g.legal_ids(rng.choice(seats)))
    for players in (2, 3, 5):
        for seed in range(15):
            check_trace(players, seed, decide=decide)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**64 - 1), policy_seed=st.integers(0, 2**32))
def test_official_compiled_same_steps_hypothesis(players, seed, policy_seed):
    check_trace(players, seed, policy_seed=policy_seed)


def test_compiled_scripted_illegal_id_is_refused():
    with pytest.raises(ValueError, match="not legal"):
        C.trace(2, 1, decisions=[137])


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_compiled_random_play_hands_equal_the_python_harness(players):
    """unokit.lab.sim.simulate's hands: deal derive_seed(seed, i), bots derive_seed(hs, s, "bot")."""
    n = 60
    r = C.play(n, players=players, bots="random-play", seed=11)
    for i in range(n):
        hs = derive_seed(11, i)
        assert int(r.seeds[i]) == hs
        g = Game.new(players=players, rules="UNO 1121", seed=hs)
        bots = [make_bot("random-play", derive_seed(hs, s, "bot")) for s in range(players)]
        res = play_hand(g, bots, rng=random.Random(derive_seed(hs, 0, "harness")), record=False)
        got = (int(r.winner[i]), int(r.actions[i]), int(r.steps[i]), int(r.applied[i]),
               tuple(r.drawn[i].tolist()), tuple(r.points[i].tolist()), int(r.score[i]))
        assert got == (res.winner, res.turns, res.steps, res.actions, res.drawn, res.points, res.score)


@pytest.mark.parametrize("players", [2, 4])
def test_compiled_lab_hands_equal_play_deal(players):
    """The lab's hands: deal derive_seed(seed, i, "lab-deal"), bots derive_seed(ds, salt*64+s, "lab-bot")."""
    n = 60
    r = C.play(n, players=players, bots="random-play", seed=5, purpose="lab-deal", bot_purpose="lab-bot", bot_salt=3)
    for i in range(n):
        o = play_deal("UNO 1121", ["random-play"] * players, derive_seed(5, i, "lab-deal"), bot_salt=3)
        got = (int(r.winner[i]), int(r.first[i]), int(r.turns[i]), int(r.actions[i]), int(r.plays[i]),
               int(r.drawn[i].sum()), int(r.score[i]), int(r.catches[i]), int(r.penalty_cards[i]))
        assert got == (o.winner, o.first, o.turns, o.actions, o.plays, o.drawn, o.score, o.catches, o.penalty_cards)


def test_compiled_bench_agent_plays_the_benchmarks_games():
    """One generator for every seat of every hand, in order: the benchmark's fast-core loop."""
    from bench.unokit_peer import make_fast_loop
    seeds = list(range(100, 140))
    want = make_fast_loop(3)(seeds, random.Random(9))["digest"]
    r = C.play(len(seeds), players=3, bots="bench", deal_seeds=seeds, bench_seed=9)
    got = [(int(a), int(w)) for a, w in zip(r.applied, r.winner)]
    assert got == [tuple(x) for x in want]


def test_compiled_fast_chance_agrees_with_referee_chance_within_intervals():
    n = 40_000
    a = C.play(n, players=3, bots="random-play", seed=1, chance="referee")
    b = C.play(n, players=3, bots="random-play", seed=2, chance="fast")
    for f in ("applied", "turns", "score"):
        x, y = (r.records[:, C.FIELDS.index(f)].astype(float) for r in (a, b))
        se = (x.var() / n + y.var() / n) ** 0.5
        assert abs(x.mean() - y.mean()) < 4 * se, f
    for s in range(3):
        x, y = ((r.winner == s).astype(float) for r in (a, b))
        assert abs(x.mean() - y.mean()) < 4 * (x.var() / n + y.var() / n) ** 0.5


def test_compiled_conserves_cards_and_points_add_up():
    r = C.play(2000, players=4, bots="random-play", seed=3, chance="fast")
    assert (r.winner >= 0).all() and not r.truncated.any()
    won = r.points[np.arange(len(r)), r.winner]
    assert (won == 0).all()
    assert (r.points.sum(axis=1) == r.score).all()


def test_compiled_refuses_what_it_does_not_play_with_a_reason():
    assert "referee only" in C.problem("UNO 1121", ["random"])
    assert "referee only" in C.problem("UNO 1121 DED-I", ["random-play"])   # (DED: tests/fast/test_compiled_ded.py)
    assert C.problem("UNO 1121", ["random-play"], 4) is None
    with pytest.raises(UnoError, match="referee only"):
        C.play(5, bots="random")
    with pytest.raises(UnoError, match="chance"):
        C.play(5, chance="dice")
    with pytest.raises(UnoError):
        C.play(5, players=11)


def test_compiled_state_is_small_and_fixed():
    without, with_rng = C.state_bytes()
    assert without < 1536 and with_rng < 4096
    assert with_rng * 100_000 < 512 * 2**20   # 10^5 concurrent hands in well under 1 GiB


# ------------------------------------------------------------------ unokit sim on the compiled core
def _strip(s: dict) -> dict:
    return {k: v for k, v in s.items() if k not in ("seconds", "hands_per_second", "engine")}


@pytest.mark.parametrize("players", [2, 4])
def test_sim_compiled_with_referee_chance_prints_the_referees_summary(players):
    from unokit.lab.sim import simulate
    a = simulate(200, players=players, bots="random-play", seed=4, engine="referee", progress=False)
    b = simulate(200, players=players, bots="random-play", seed=4, engine="compiled", chance="referee",
                 progress=False)
    assert a["engine"] == "referee (asked for)" and b["engine"] == "compiled (referee chance)"
    assert _strip(a) == _strip(b)


def test_sim_auto_engine_says_which_and_why():
    from unokit.lab.sim import simulate
    s = simulate(300, players=3, bots="random-play", seed=1, progress=False)
    assert s["engine"] == "compiled (fast chance)" and s["hands"] == 300 and sum(s["wins_by_seat"]) == 300
    s = simulate(3, players=3, bots="random,random-play", seed=1, progress=False)
    assert s["engine"].startswith("referee (bot 'random'")
    s = simulate(3, players=2, bots="random-play", seed=1, progress=False, check=True)
    assert s["engine"] == "referee (checks are made by the referee)"


def test_sim_cli_engine_compiled_refuses_in_one_line(capsys):
    from unokit.cli import main
    assert main(["sim", "--hands", "3", "--bots", "random", "--engine", "compiled"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "compiled engine cannot play this" in err[0]
    assert main(["sim", "--hands", "50", "--players", "2", "--bots", "random-play", "--no-progress"]) == 0
    assert "engine: compiled (fast chance)" in capsys.readouterr().out


# ------------------------------------------------------------------ the lab, duel and tournament on the compiled core
def _same(a: dict, b: dict, drop=("seconds", "work", "jobs", "engines", "backend", "out")) -> bool:
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_lab_compiled_engine_gives_the_referees_results(tmp_path):
    from unokit.lab import lab
    kw = dict(bots="random-play", players=[2, 3], hands=240, measures=["table"], seed=5, jobs=1, progress=False,
              plots=False)
    a = lab(["UNO 1121", "UNO 1122"], engine="referee", **kw)
    b = lab(["UNO 1121", "UNO 1122"], engine="compiled", cache=tmp_path, **kw)
    assert a["work"]["engines"] == {"referee": a["work"]["chunks"]}
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    assert _same(a, b)
    # the cache does not depend on the engine: the referee resumes the compiled run's chunks
    c = lab(["UNO 1121", "UNO 1122"], engine="referee", cache=tmp_path, resume=True, **kw)
    assert c["work"]["run"] == 0 and _same(a, c)


def test_duel_random_play_mirror_compiled_equals_referee():
    from unokit.lab.tournament import duel
    a = duel("random-play", "random-play", hands=120, players=3, seed=2, jobs=1, progress=False, engine="referee")
    b = duel("random-play", "random-play", hands=120, players=3, seed=2, jobs=1, progress=False)
    assert b["engines"] == {"compiled": sum(b["engines"].values())} and _same(a, b)


def test_lab_auto_engine_keeps_the_referee_for_bots_it_does_not_play():
    from unokit.core.errors import UnoError
    from unokit.lab import lab
    r = lab(["UNO 1121"], bots="random-play", players=[2], hands=40, skill_hands=8, measures=["table", "skill"],
            seed=1, jobs=1, progress=False, plots=False, skill="random")
    assert set(r["work"]["engines"]) == {"compiled", "referee"}   # the random skill bot plays on the referee
    with pytest.raises(UnoError, match="compiled engine cannot play"):
        lab(["UNO 1121 DED-I"], bots="random-play", players=[2], hands=10, measures=["table"], jobs=1,
            progress=False, plots=False, engine="compiled")


def test_lab_plays_the_hands_of_match_rules_and_inert_rules_in_C_with_the_referees_results():
    # TV, PR, MOV, SHUFFLESEATS and ELIMMOST change no hand (000 §Regras de partida): their hands are the hands
    # of the rules without them, played in C, with the referee's tallies (matches stay on the referee)
    from unokit.lab import lab
    codes = ["UNO 1121 TV", "UNO 1121 PR-P4", "UNO 1121 MOV", "UNO 1121 SHUFFLESEATS", "UNO 1121 ELIMMOST",
             # and the rules inert for random-play and greedy seats in a simulation (lab_chunks.INERT)
             "UNO 1121 ORG", "UNO 1121 V", "UNO 1121 BLITZ(seconds=5)", "UNO 1121 DP", "UNO 1121 DP-P4"]
    kw = dict(bots="random-play", players=[4], hands=120, skill_hands=60, skill_players=2, measures=["table", "skill"],
              seed=3, jobs=1, progress=False, plots=False, skill="greedy")
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", **kw)
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    assert _same(a, b)
    # the strategist keeps DP (a bot that may challenge a draw): it is compiled under it (tests/fast/test_compiled_dp.py)
    from unokit.lab import compiled_chunks as lab_chunks
    assert lab_chunks.problem({"kind": "rotated", "rules": "UNO 1121 DP", "lineup": ["strategist", "random-play"]}) is None
    assert lab_chunks.problem({"kind": "rotated", "rules": "UNO 1121 DP-C", "lineup": ["strategist", "random-play"]})
    assert lab_chunks.problem({"kind": "hands", "rules": "UNO 1121 DP", "lineup": ["random-play"] * 4}) is None


def test_lab_plays_the_strategists_games_under_ORG_and_BLITZ_in_C_with_the_referees_results():
    # the strategist never apologises (ORG) and a simulation's clock never moves (BLITZ): its skill games under them
    # are those without them, played in C (issue 28: nothing left on the referee for the strategist)
    from unokit.lab import compiled_chunks as lab_chunks
    from unokit.lab import lab
    codes = ["UNO 1121 ORG", "UNO 1121 BLITZ(seconds=5)", "UNO 1121 ORG-C-DR"]
    for c in codes:
        assert lab_chunks.problem({"kind": "rotated", "rules": c, "lineup": ["strategist", "random-play"]}) is None
    # (a human-error seat apologises: ORG stays, the compiled human bots pay it)
    assert "ORG" in lab_chunks._hand_rules("UNO 1121 ORG", ["human", "strategist"])
    assert "ORG" not in lab_chunks._hand_rules("UNO 1121 ORG", ["strategist", "greedy"])
    kw = dict(bots="random-play", players=[2], hands=0, skill_hands=60, skill_players=2, measures=["skill"],
              seed=4, jobs=1, progress=False, plots=False, skill="strategist")
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", **kw)
    assert b["work"]["engines"] == {"compiled": b["work"]["chunks"]}
    assert _same(a, b)


def test_lab_plays_the_hands_of_its_matches_in_C_with_the_referees_results():
    # the Match deals every hand from its seed and scores it; the compiled core plays it (finish_played)
    from unokit.lab import lab
    codes = ["UNO 1121", "UNO 1121 P4", "UNO 1121 C-DR", "UNO 1122 SEVENO", "UNO 1121 DOUBLE", "UNO 1121 SLOWUNO-MEM",
             "UNO 1121 scoring=lowest target=200", "UNO 3121 P2", "UNO 3122 DR",   # 3: the deal passes
             # the match rules: their Match scores the hands C played (finish_played; ELIMMOST: with their cards)
             "UNO 1121 TV", "UNO 1121 TV(wins=3) DR", "UNO 1121 PR(start=150)", "UNO 3121 MOV", "UNO 1121 SHUFFLESEATS",
             "UNO 1121 ELIMMOST"]
    kw = dict(bots="random-play", players=[3], hands=0, matches=8, measures=["match"], jobs=1, progress=False,
              plots=False, seed=2)
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="auto", **kw)
    assert b["work"]["engines"] == {"compiled": 15}
    assert _same(a, b)


def test_match_finish_played_scores_a_hand_played_elsewhere_and_keeps_no_record():
    from unokit.match import Match, MatchConfig, MatchError
    m = Match.new(MatchConfig(players=3, seed=4))
    with pytest.raises(MatchError, match="next_hand"):
        m.finish_played(winner=0, held=[0, 5, 7], steps=30)
    g = m.next_hand()
    with pytest.raises(MatchError, match="one held total per seat"):
        m.finish_played(winner=0, held=[0, 5], steps=30)
    r = m.finish_played(winner=1, held=[9, 0, 7], steps=30)
    assert r.winner == r.seats[1]
    assert r.gains == {r.seats[1]: 16} and r.steps == 30 and r.dealt and r.seed is not None and g.n == 3
    with pytest.raises(MatchError, match="cannot be recorded"):
        m.record()
    v = Match.new(MatchConfig(players=3, seed=4))
    v.next_hand()
    assert v.finish_played(winner=None, held=[3, 4, 5], steps=5000).void and not v.over
    t = Match.new(MatchConfig(players=2, rules="UNO 1121 ELIMMOST", seed=1))
    t.next_hand()
    with pytest.raises(MatchError, match="finish_hand"):
        t.finish_played(winner=0, held=[0, 3], steps=10)


def test_match_finish_played_without_next_hand_takes_the_dealer_the_other_engine_drew():
    # the compiled core deals the slot's seed itself (the lab's matches): the match scores it as if next_hand had
    # dealt it, and the deal passes on from the dealer the core drew
    from unokit.match import Match, MatchConfig, MatchError
    a, b = (Match.new(MatchConfig(players=3, seed=9, rules="UNO 3121")) for _ in range(2))   # 3: the deal passes
    g = a.next_hand()
    ra = a.finish_played(winner=1, held=[4, 0, 6], steps=12)
    assert b.upcoming.dealer is None
    with pytest.raises(MatchError, match="dealer"):
        b.finish_played(winner=1, held=[4, 0, 6], steps=12, dealer=3)
    rb = b.finish_played(winner=1, held=[4, 0, 6], steps=12, dealer=g.dealer)
    assert ra == rb and rb.dealt
    assert a.upcoming == b.upcoming and a.upcoming.dealer is not None
    with pytest.raises(MatchError, match=f"seat {a.upcoming.dealer}"):
        b.finish_played(winner=0, held=[0, 1, 2], steps=5, dealer=(a.upcoming.dealer + 1) % 3)
    res = C.play(1, players=3, deal_seeds=[b.upcoming.seed], dealer=b.upcoming.dealer)
    assert int(res.dealer[0]) == b.upcoming.dealer == b.next_hand().dealer


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_compiled_draw_for_dealer_names_the_referees_dealer_ties_included(players):
    # the core picks the first round's cards out of the shuffle and sorts the whole deck only on a tie
    seeds = list(range(300))
    res = C.play(len(seeds), players=players, deal_seeds=seeds, max_steps=1)
    dealers = [Game.new(players, "UNO 1121", seed=s).dealer for s in seeds]
    assert res.dealer.tolist() == dealers
    assert len(set(dealers)) == players


def test_compiled_whole_matches_equal_the_referees_voids_and_passing_deal_included():
    # compiled.play_matches plays the lab's points matches in C: the hand seeds the Match draws, its dealer (drawn
    # each hand, A=1, or passed to the left, A=3), a void hand dealt again, the score to 500: the referee's tally
    from unokit.lab import lab
    kw = dict(bots="random-play", players=[3], hands=0, matches=6, measures=["match"], jobs=1, progress=False,
              plots=False, seed=4, max_steps=70)
    codes = ["UNO 1121", "UNO 3121 DR", "UNO 3122 P4"]
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="compiled", **kw)
    assert _same(a, b)
    assert all(e["match"]["void_hands"] > 0 for e in b["results"])
    rows = C.play_matches([derive_seed(4, j, "lab-match") for j in range(3)], 3, "UNO 3121", "random-play")
    assert rows.shape == (3, 4) and rows[:, 0].all() and (rows[:, 2] == 0).all()
    with pytest.raises(UnoError, match="dealer_step"):
        C.play_matches([1], 3, dealer_step=2)
