"""The search bot's rollouts in C: :func:`play_out` plays a :class:`~unokit.fast.FastGame` on with the
rollout policy of :mod:`unokit.bots.search` inside the compiled core (``unokit/fast/_rollout.h``).

The hand's C state plays on in place, drawing its reshuffles from its own generator and the policy's
choices from the rollout generator (read and written in place when CPython's layout allows, see
:func:`bind`); the ids applied go to ``history``. So a search gives the same results with or without it,
only faster (``tests/fast/test_compiled_rollout.py`` compares them position by position).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import ccore

if TYPE_CHECKING:
    from . import FastGame

__all__ = ["available", "set_stops", "play_out"]

_READY: list = []
_DIRECT: list = []   # [True] when the generators are read in place (checked on live ones below)
_BOUND: list = []    # [True] once _bind_generators ran


def _bind_generators() -> None:
    """Let the C rollout read and write ``random.Random`` generators in place, if CPython's layout is
    what ``_rollout.h`` expects: checked on several live generators against ``getstate()``."""
    core = ccore._ccore
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


def bind() -> bool:
    """Let C read and write ``random.Random`` generators in place, if it can (checked once): True when it does."""
    if not _BOUND and ccore.available():
        _BOUND.append(True)
        _bind_generators()
    return bool(_DIRECT)


def available() -> bool:
    """Is the compiled core built, with the search bot's table handed over (:func:`set_stops`)?"""
    return ccore.available() and bool(_READY)


def set_stops(stops) -> None:
    """Hand over the search bot's table of cards that stop a player about to go out (0/1 per card id)."""
    if ccore.available():
        ccore._ccore.set_stops(bytes(stops))
        bind()
        _READY.append(True)


def play_out(f: FastGame, rng: random.Random, policy: str = "greedy", cap: int = 400) -> None:
    """:func:`unokit.bots.search._play_out` in C: play ``f`` on with the rollout ``policy`` ('greedy' or
    'random'), drawing from ``rng``, for at most ``cap`` actions; ``f`` and both generators change as
    the Python loop would change them (:meth:`FastGame.play_out <unokit.fast.view.FastGame.play_out>`: the
    hand's own C state plays on in place)."""
    if f.over or cap <= 0:
        return  # the Python loop plays nothing either
    f.play_out(rng, policy == "greedy", cap)
