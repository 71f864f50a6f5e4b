"""Many hands held at once in the compiled core and stepped together: the vectorised core for code
that chooses the moves itself (reinforcement learning, batched search).

>>> import numpy as np
>>> b = Batch(1000, players=2, seed=1)
>>> t = 0
>>> while not b.done.all():
...     winners = b.step(b.random_moves(seed=t))
...     t += 1
>>> int((b.winners >= 0).sum()), b.nbytes < 1000 * 4096
(1000, True)

Each hand is a fixed-size C state (:func:`unokit.fast.compiled.state_bytes`); ``Batch(100_000)``
holds 10^5 hands in ``b.nbytes`` bytes (about 0.4 GB). A *move* is a number of the seat to act:
``legal_mask()`` has one row per hand and one column per move number (``MOVES`` of them), and
:meth:`move_id` turns a hand's move into the action id of :func:`unokit.fast.compiled.to_action`.
"""

from __future__ import annotations

import numpy as np

from ..core.errors import UnoError
from . import compiled

__all__ = ["Batch", "MOVES"]

#: move numbers of a seat: unokit.fast's 138 (``id % ACTIONS_PER_SEAT``), then the house rules' extra moves
MOVES = compiled.ACTIONS_PER_SEAT + compiled.EXT_PER_SEAT


class Batch:
    """``count`` hands of ``rules`` dealt from ``derive_seed(seed, i, purpose)`` (or ``seeds``), held at
    once. ``chance="fast"`` (default) or ``"referee"`` (the referee's deals and reshuffles)."""

    def __init__(self, count: int, players: int = 2, rules: str = "UNO 1121", seed: int = 0, *, seeds=None,
                 purpose: str = "batch", chance: str = "fast"):
        why = compiled.problem(rules, ["random-play"], players) or compiled.batch_problem(rules)
        if why:
            raise UnoError(why)
        if chance not in compiled.CHANCES:
            raise UnoError(f"chance must be one of {', '.join(compiled.CHANCES)}, got {chance!r}")
        if not isinstance(count, int) or count < 0:
            raise UnoError(f"count must be a whole number >= 0, got {count!r}")
        from ..rules import RuleSet
        rs = RuleSet.parse(rules)
        self.players = players
        self.seeds = (compiled.derive_seeds(seed, count, purpose, 0, chance) if seeds is None
                      else np.asarray(seeds, dtype=np.uint64))
        cfg = compiled._config(players, rs, 1, None, bytes([compiled.POLICIES["random-play"]] * players),
                               chance == "fast")
        self._v = compiled._ccore.vec_new(cfg, self.seeds.tobytes())
        self.count, self.bytes_per_hand, self.nbytes = compiled._ccore.vec_info(self._v)
        self.winners = np.full(self.count, -1, dtype=np.int8)

    @property
    def to_act(self) -> np.ndarray:
        """The seat to act in each hand (-1 when it is over)."""
        return np.frombuffer(compiled._ccore.vec_to_act(self._v), dtype=np.int8)

    @property
    def done(self) -> np.ndarray:
        return self.winners >= 0

    def legal_mask(self) -> np.ndarray:
        """``(count, MOVES)`` uint8: 1 where the seat to act may make that move (a finished hand: zeros)."""
        return np.frombuffer(compiled._ccore.vec_legal(self._v), dtype=np.uint8).reshape(self.count, MOVES)

    def step(self, moves) -> np.ndarray:
        """Make one move in each hand (``-1``: leave that hand as it is). A move that is not legal
        raises :class:`UnoError` and no hand changes. Returns the winners (-1: not over)."""
        mv = np.asarray(moves, dtype=np.int16)
        if mv.shape != (self.count,):
            raise UnoError(f"give one move per hand: shape ({self.count},), got {mv.shape}")
        try:
            w = compiled._ccore.vec_step(self._v, mv.tobytes())
        except ValueError as e:
            raise UnoError(str(e)) from None
        self.winners = np.frombuffer(w, dtype=np.int8).copy()
        return self.winners

    def random_moves(self, seed: int = 0) -> np.ndarray:
        """A uniform legal move in each unfinished hand (-1 in the finished ones)."""
        return np.frombuffer(compiled._ccore.vec_random(self._v, seed), dtype=np.int16)

    def move_id(self, hand: int, move: int) -> int:
        """The action id (:func:`unokit.fast.compiled.to_action`) of ``move`` by the seat to act in ``hand``."""
        seat = int(self.to_act[hand])
        if seat < 0:
            raise UnoError(f"hand {hand} is over")
        if not 0 <= move < MOVES:
            raise UnoError(f"no move {move}")
        aps = compiled.ACTIONS_PER_SEAT
        if move < aps:
            return seat * aps + move
        return compiled.EXT_BASE + seat * compiled.EXT_PER_SEAT + move - aps

    def state(self, hand: int):
        """Hand ``hand``'s state, as :func:`unokit.fast.compiled.trace` gives states."""
        return compiled._ccore.vec_state(self._v, hand)
