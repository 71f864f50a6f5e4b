"""The search bot's rollouts in the compiled core make the very moves the Python loop makes.

unokit/fast/_rollout.h plays a FastGame on with the rollout policy of unokit.bots.search, drawing
from the same two generators (the game's for reshuffles, the policy's): the final state, the ids
applied and both generators' states must equal the Python loop's, position by position.
"""

from __future__ import annotations

import random

import pytest

from unokit.bots import search
from unokit.fast import FastGame, rollout

pytestmark = pytest.mark.skipif(not rollout.available(), reason="the compiled core is not built")


def positions(count: int):
    for seed in range(count):
        players = 2 + seed % 6
        f = FastGame(players, seed, rules=("UNO 1121", "UNO 1122", "UNO 1111 uno=3", "UNO 3112")[seed % 4])
        walk = random.Random(seed)
        for _ in range(seed % 50):  # into the hand: catches, challenges, colour choices on the way
            if f.over:
                break
            seats = [s for s in range(f.n) if f.legal_ids(s)]
            ids = f.legal_ids(walk.choice(seats))
            f.apply(ids[walk.randrange(len(ids))])
        if not f.over:
            yield seed, f


def full_state(f: FastGame, rng: random.Random):
    return (f.fingerprint(), list(f.history), f.winner, f.over, f.pending, f.drawn, f.wd4, list(f.uno_said),
            set(f.catchable), f.going_out, f.reshuffles, f.rng.getstate(), rng.getstate())


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_search_rollouts_compiled_equal_python(policy):
    n = 0
    for seed, f in positions(300):
        for cap in (400, 7):
            a, b = f.clone(), f.clone()
            ra, rb = random.Random(seed * 3 + cap), random.Random(seed * 3 + cap)
            search._play_out(a, ra, policy, cap, compiled=False)
            rollout.play_out(b, rb, policy, cap)
            assert full_state(a, ra) == full_state(b, rb), (seed, policy, cap)
            b.check_invariants()
            n += 1
    assert n > 400


def test_search_rollout_of_a_finished_hand_changes_nothing():
    for seed, f in positions(20):
        search._play_out(f, random.Random(seed), "greedy", 100_000, compiled=False)
        assert f.over
        before = full_state(f, random.Random(1))
        rollout.play_out(f, random.Random(1), "greedy", 400)
        assert full_state(f, random.Random(1)) == before and f.winner is not None


def test_search_rollout_in_c_continues_in_python():
    """A state the compiled rollout left (cut short) goes on in Python as if Python had played it."""
    for seed, f in positions(40):
        a, b = f.clone(), f.clone()
        ra, rb = random.Random(seed), random.Random(seed)
        search._play_out(a, ra, "greedy", 400, compiled=False)
        rollout.play_out(b, rb, "greedy", 5)
        search._play_out(b, rb, "greedy", 395, compiled=False)
        assert full_state(a, ra)[:-1] == full_state(b, rb)[:-1]


def test_search_bot_decides_alike_with_and_without_the_compiled_rollouts(monkeypatch):
    from unokit.bots import make_bot
    from unokit.engine.game import Game
    g = Game.new(players=3, seed=11)
    seat = g.to_act
    a = make_bot("search-easy", 5).act(g.view(seat), g.legal_actions(seat))
    monkeypatch.setattr(search, "_COMPILED", False)
    b = make_bot("search-easy", 5).act(g.view(seat), g.legal_actions(seat))
    assert a == b


def test_rollout_generators_read_in_place_or_through_getstate_alike(monkeypatch):
    """On this CPython the generators are read in place (checked against getstate() at import); the
    getstate() path gives the same rollouts."""
    assert rollout._DIRECT == [True]
    for seed, f in positions(60):
        a, b = f.clone(), f.clone()
        ra, rb = random.Random(seed), random.Random(seed)
        rollout.play_out(a, ra, "greedy", 400)
        monkeypatch.setattr(rollout, "_DIRECT", [])
        rollout.play_out(b, rb, "greedy", 400)
        monkeypatch.setattr(rollout, "_DIRECT", [True])
        assert full_state(a, ra) == full_state(b, rb)
    from unokit.fast import compiled
    with pytest.raises(TypeError):
        compiled._ccore.random_view(object())

