"""The RL environments' decision flow in the compiled core (issue 27, point 1): :class:`unokit.env.core.Flow`
for every hand of a :class:`~unokit.fast.batch.Batch`, in C (unokit/fast/_flow.h).

Each hand is asked one decision at a time, as ``Flow`` asks it: the seats that may react (UNO calls,
catches), in the order ``random.Random(seed ^ 0x5EED)`` shuffles them (CPython's generator, reproduced in
C), each offered ``wait`` too; then the seat in turn, with its own calls. A decision is a step id of the
env's table (``Codec.for_rules(rules, players).steps``); the map between step ids and the core's move
numbers is built here from the codec and handed to C, nothing restated. A hand dealt from ``seed`` with
``chance="referee"`` is ``Flow(rules, players, seed, ...)``'s hand, decision for decision
(``tests/fast/test_envflow.py``).

>>> import numpy as np
>>> f = FlowBatch([1, 2, 3], players=2)
>>> seat, window, truncated = f.where()
>>> mask = f.mask()
>>> f.answer([int(np.flatnonzero(m)[0]) for m in mask])
>>> f.rewards().shape
(3, 2)

Held: the official rules (every ambiguity digit) at 2-10 seats, where every move is one step (no play is
composed, so no stem is ever asked).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.errors import UnoError
from ..rules.codec import Codec, NoActionIdError
from . import compiled
from .batch import MOVES, Batch

__all__ = ["FlowBatch", "flow_problem", "flow_tables", "REWARDS"]

#: the reward modes of :func:`unokit.env.core.hand_rewards`, in C's numbering
REWARDS = ("hand", "points")


def flow_problem(rules: str, players: int) -> str | None:
    """Why the C flow cannot hold hands of ``rules`` at ``players`` seats (None: it can)."""
    from ..rules import RuleSet
    try:
        rs = RuleSet.parse(rules)
    except UnoError as e:
        return str(e)
    if len(rs.code.split()) != 2:
        return f"the compiled env flow holds the official rules only, not {rs.code!r}"
    if not compiled.available():
        return "the compiled core is not built"
    return compiled.problem(rs.code, ["random-play"], players)


@lru_cache(maxsize=64)
def flow_tables(rules: str, players: int) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """``(step_of, move_of)``: the env's step id of each move number of each seat (``players x MOVES``, -1:
    none) and the move number of each step id (``players x steps``), from :class:`Codec` (a move composed
    of several steps is left out: the rules held have none)."""
    codec = Codec.for_rules(rules, players)
    aps = compiled.ACTIONS_PER_SEAT
    step_of = np.full((players, MOVES), -1, np.int16)
    move_of = np.full((players, len(codec.steps)), -1, np.int16)
    for m in codec.moves.ids():
        if m >= players * aps:
            continue  # the house rules' moves: not held
        seat, k = divmod(m, aps)
        try:
            steps = codec.steps_of(m)
        except NoActionIdError:
            continue
        if len(steps) != 1:
            continue
        if move_of[seat, steps[0]] >= 0:  # pragma: no cover - the codec maps a step to one move
            raise UnoError(f"step {codec.steps.name(steps[0])} stands for two moves of seat {seat}")
        step_of[seat, k] = steps[0]
        move_of[seat, steps[0]] = k
    step_of.flags.writeable = move_of.flags.writeable = False
    return step_of, move_of


class FlowBatch:
    """Hands dealt from ``seeds`` (one each), asked as :class:`unokit.env.core.Flow` asks them (its generator
    keyed ``seed ^ 0x5EED``); ``encoder`` (an :class:`unokit.env.observe.Encoder` of the table): for
    :meth:`observe`. ``max_decisions``: decisions before a hand is truncated, as ``Flow``'s."""

    def __init__(self, seeds, players: int = 2, rules: str = "UNO 1121", *, chance: str = "referee",
                 encoder: Any = None, max_decisions: int = 5000):
        why = flow_problem(rules, players)
        if why:
            raise UnoError(why)
        if type(max_decisions) is not int or max_decisions < 1:
            raise UnoError(f"max_decisions must be a whole number >= 1, got {max_decisions!r}")
        sv = np.asarray(seeds)
        if sv.ndim != 1 or sv.dtype.kind not in "iu" or (sv < 0).any():
            raise UnoError("seeds: whole numbers >= 0, one per hand")
        self.seeds = sv.astype(np.uint64)
        self.batch = Batch(len(sv), players, rules, seeds=self.seeds, chance=chance, encoder=encoder)
        self.count, self.players = self.batch.count, players
        self.codec = Codec.for_rules(rules, players)
        self.nsteps = len(self.codec.steps)
        step_of, move_of = flow_tables(self.codec.rules, players)
        keys = self.seeds ^ np.uint64(0x5EED)
        self._f = compiled._ccore.flow_new(self.batch._v, self.batch._o, step_of.tobytes(), move_of.tobytes(),
                                           self.nsteps, self.codec.steps.wait, max_decisions, keys.tobytes())

    def where(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(seat, window, truncated)`` of each hand: the seat asked (-1: the hand is over), whether it is a
        reaction window (``wait`` offered), whether the hand ran past ``max_decisions``."""
        s, w, t = compiled._ccore.flow_where(self._f)
        return (np.frombuffer(s, np.int8), np.frombuffer(w, np.uint8).astype(bool),
                np.frombuffer(t, np.uint8).astype(bool))

    def mask(self, out: np.ndarray | None = None) -> np.ndarray:
        """``(count, steps)`` int8: the step ids offered to the seat asked in each hand (zeros: over)."""
        if out is None:
            out = np.empty((self.count, self.nsteps), np.int8)
        compiled._ccore.flow_mask(self._f, out)
        return out

    def answer(self, steps) -> None:
        """Apply one step id per hand (-1: leave that hand), as ``Flow.answer``; an id not offered raises
        :class:`UnoError` and no hand changes."""
        sv = np.asarray(steps)
        if sv.shape != (self.count,) or sv.dtype.kind not in "iu":
            raise UnoError(f"give one whole step id per hand: shape ({self.count},)")
        try:
            compiled._ccore.flow_answer(self._f, sv.astype(np.int32).tobytes())
        except ValueError as e:
            raise UnoError(str(e)) from None

    def observe(self, seats, out: np.ndarray | None = None) -> np.ndarray:
        """``Flow.observe(seat)`` of each hand: the window flag only for the seat asked."""
        s = np.broadcast_to(np.asarray(seats), (self.count,))
        seat, window, _ = self.where()
        return self.batch.observe(s, out, window=window & (s == seat))

    def rewards(self, reward: str = "hand") -> np.ndarray:
        """``(count, players)`` float32: :func:`unokit.env.core.hand_rewards` of each hand (zeros: not over)."""
        if reward not in REWARDS:
            raise UnoError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        out = np.empty((self.count, self.players), np.float32)
        compiled._ccore.flow_rewards(self._f, REWARDS.index(reward), out)
        return out
