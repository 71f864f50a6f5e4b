"""Benchmark loops for unokit's two cores, random against random, official rules.

Imported by ``bench/run.py`` (the single-process driver of ``unokit bench``).  Both loops play
complete hands of ``UNO 1121`` with strict enforcement (the engine default); every game is dealt
from its own seed (unokit's API: a hand is a seed), and the seeds of a block are the same for
both cores, so both play the very same games.

``unokit`` -- the referee, ``unokit.Game``::

    g = Game.new(players=N, rules="UNO 1121", seed=game_seed)
    while not g.over:
        acts = g.legal_actions(g.to_act)
        plays = [a for a in acts if a.kind not in ("draw", "pass")]
        g.apply(rng.choice(plays) if plays else rng.choice(acts))

``unokit-full`` -- the same loop with ``Game.new(..., core="referee")``: every move through the full
referee, events built as it goes (what a game that shows views or records pays).

``unokit-fast`` -- the fast core for the official rules, ``unokit.fast.FastGame`` (integer
action ids), with the same policy::

    g = FastGame(N, game_seed)
    while not g.over:
        ids = g.legal_ids()
        plays = [i for i in ids if not DRAW_OR_PASS[i]]
        g.apply(rng.choice(plays) if plays else rng.choice(ids))

The agent prefers a card (or any move other than draw and pass) when it has one, as RLCard's
random agent does on RLCard's action set, where a draw is offered only when nothing can be
played.  One action is one ``apply()`` call.  An exception inside unokit is an engine bug: it
propagates and stops the benchmark.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

Block = Callable[[Sequence[int], random.Random], dict]
RULES = "UNO 1121"
_DRAW_PASS = ("draw", "pass")


def _summary(digest: list) -> dict:
    """A block's counts from its per-game ``(actions, winner or None when cut short)`` digest."""
    truncated = sum(1 for _, w in digest if w is None)
    return {"games": len(digest) - truncated, "actions": sum(a for a, _ in digest), "errors": 0,
            "truncated": truncated, "digest": digest}


def make_referee_loop(players: int, rules: str = RULES, max_actions: int = 100_000, core: str = "auto") -> Block:
    """``block(seeds, rng)``: one referee game per seed; ``{"games", "actions", ..., "digest"}``.

    ``core="auto"`` is ``Game.new``'s default (the official rules' moves answered by the fast core until
    the game's full state is asked for, see ``unokit.engine.referee.lazy``); ``core="referee"`` makes every move
    go through the full referee (hooks, events, out-of-turn windows)."""
    from functools import partial

    from unokit import Game

    new_game = partial(Game.new, core=core)
    draw_pass = _DRAW_PASS

    def block(seeds: Sequence[int], rng: random.Random) -> dict:
        choice = rng.choice
        digest = []
        for s in seeds:
            g = new_game(players=players, rules=rules, seed=s)
            legal, apply = g.legal_actions, g.apply
            a = 0
            while not g.over:
                if a >= max_actions:
                    break
                acts = legal(g.to_act)
                plays = [x for x in acts if x.kind not in draw_pass]
                apply(choice(plays) if plays else choice(acts))
                a += 1
            digest.append((a, g.winner if g.over else None))
        return _summary(digest)

    return block


def make_fast_loop(players: int, max_actions: int = 100_000) -> Block:
    """The same loop on the fast core (``unokit.fast.FastGame``, official rules only)."""
    from unokit.fast import DRAW_OR_PASS, FastGame

    draw_or_pass = DRAW_OR_PASS

    def block(seeds: Sequence[int], rng: random.Random) -> dict:
        choice = rng.choice
        digest = []
        for s in seeds:
            g = FastGame(players, s)
            legal, apply = g.legal_ids, g.apply
            a = 0
            while not g.over:
                if a >= max_actions:
                    break
                ids = legal()
                plays = [i for i in ids if not draw_or_pass[i]]
                apply(choice(plays) if plays else choice(ids))
                a += 1
            digest.append((a, g.winner if g.over else None))
        return _summary(digest)

    return block


#: the compiled engines play this many games per seed of a block (a block of 200 seeds is then
#: 20,000 games: long enough to time, as their per-game cost is a few microseconds)
COMPILED_SCALE = 100


def make_compiled_loop(players: int, max_actions: int = 100_000) -> Block:
    """The compiled core (``unokit.fast.compiled``) with the benchmark's agent, whole blocks in C:
    the deals of the block's seeds (each seed scaled to ``COMPILED_SCALE`` consecutive deals), the
    agent's generator ``random.Random(rng.getrandbits(64))`` for every seat, in order."""
    from unokit.fast import compiled

    def block(seeds: Sequence[int], rng: random.Random) -> dict:
        deals = [s * COMPILED_SCALE + j for s in seeds for j in range(COMPILED_SCALE)]
        r = compiled.play(len(deals), players, RULES, "bench", deal_seeds=deals, bench_seed=rng.getrandbits(64),
                          max_steps=max_actions)
        return _summary([(int(a), int(w) if w >= 0 else None) for a, w in zip(r.applied.tolist(), r.winner.tolist())])

    return block


def make_sim_loop(players: int, max_actions: int = 100_000) -> Block:
    """``unokit sim --bots random-play`` as a function call: ``unokit.lab.sim.simulate`` on the compiled core
    (its default there, fast chance), ``COMPILED_SCALE`` hands per seed of the block."""
    from unokit.lab.sim import simulate

    def block(seeds: Sequence[int], rng: random.Random) -> dict:
        n = len(seeds) * COMPILED_SCALE
        s = simulate(n, players=players, rules=RULES, bots="random-play", seed=seeds[0], progress=False,
                     max_steps=max_actions, engine="compiled")
        games = n - s["truncated"]
        return {"games": games, "actions": round(s["steps_mean"] * n), "errors": 0, "truncated": s["truncated"],
                "digest": [(s["turns"]["mean"], s["wins_by_seat"])]}

    return block
