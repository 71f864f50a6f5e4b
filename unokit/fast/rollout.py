"""The search bot's rollouts in C: :func:`play_out` plays a :class:`~unokit.fast.FastGame` on with the
rollout policy of :mod:`unokit.bots.search` inside the compiled core (``unokit/fast/_rollout.h``).

It takes the state over, with both random generators (the game's, for reshuffles, and the rollout
policy's), plays at most ``cap`` actions and writes everything back: the state, the ids applied
(``history``) and the generators' states. So a search gives the same results with or without it,
only faster (``tests/fast/test_compiled_rollout.py`` compares them position by position).
"""

from __future__ import annotations

import random
from array import array
from typing import TYPE_CHECKING

from ..core.official import FACE_OF, PLAYABLE
from . import compiled

if TYPE_CHECKING:
    from . import FastGame

__all__ = ["available", "set_stops", "play_out"]

_READY: list = []
_DIRECT: list = []   # [True] when the generators are read in place (checked on live ones below)


def _bind_generators() -> None:
    """Let the C rollout read and write ``random.Random`` generators in place, if CPython's layout is
    what ``_rollout.h`` expects: checked on several live generators against ``getstate()``."""
    core = compiled._ccore
    base = next(t for t in random.Random.__mro__ if t.__module__ == "_random")
    if not core.bind_random(base):
        return
    for seed in (0, 1, 2**40 + 3):
        r = random.Random(seed)
        for k in (0, 1, 700):
            for _ in range(k):
                r.random()
            if core.random_view(r) != r.getstate()[1]:
                return
    _DIRECT.append(True)


def available() -> bool:
    """Is the compiled core built, with the search bot's table handed over (:func:`set_stops`)?"""
    return compiled.available() and bool(_READY)


def set_stops(stops) -> None:
    """Hand over the search bot's table of cards that stop a player about to go out (0/1 per card id)."""
    if compiled.available():
        compiled._ccore.set_stops(bytes(stops))
        if not _READY:
            _bind_generators()
        _READY.append(True)


def play_out(f: FastGame, rng: random.Random, policy: str = "greedy", cap: int = 400) -> None:
    """:func:`unokit.bots.search._play_out` in C: play ``f`` on with the rollout ``policy`` ('greedy' or
    'random'), drawing from ``rng``, for at most ``cap`` actions; ``f`` and both generators change as
    the Python loop would change them."""
    if f.over or cap <= 0:
        return  # the Python loop plays nothing either
    st = (f.n, f.hands, f.stock, f.discard, f.color, f.direction, f.current, f.phase, f.pending, f.drawn,
          f.going_out, f.wd4, f.uno_said, f.catchable, f.uno_penalty, f.bluff_option)
    direct = bool(_DIRECT) and type(f.rng) is random.Random and type(rng) is random.Random
    gs: tuple | None = None   # not direct: the generators' states, written back after
    ps: tuple | None = None
    if direct:  # the generators change in place
        out = compiled._ccore.play_out(st, f.rng, rng, policy == "greedy", cap, True)
    else:
        gs, ps = f.rng.getstate(), rng.getstate()
        out = compiled._ccore.play_out(st, gs[1], ps[1], policy == "greedy", cap)
    (f.hands, f.stock, f.discard, f.color, f.direction, f.current, f.phase, f.pending, f.drawn, f.going_out, f.wd4,
     f.uno_said, winner, catch, ids, gmt, pmt, reshuffles) = out
    f.catchable = set(catch)
    if f.phase == 6:
        f.over = True
        f.winner = winner
    f._ok = PLAYABLE[f.color * 15 + FACE_OF[f.discard[-1]]]
    f.history.extend(array("h", ids))
    f.reshuffles += reshuffles
    if gs is not None and ps is not None:   # not direct
        f.rng.setstate((gs[0], gmt, gs[2]))
        rng.setstate((ps[0], pmt, ps[2]))
