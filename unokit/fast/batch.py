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

from typing import Any

import numpy as np

from ..core.errors import UnoError
from . import compiled

__all__ = ["Batch", "MOVES", "OBSERVED"]

#: move numbers of a seat: unokit.fast's 138 (``id % ACTIONS_PER_SEAT``), then the house rules' extra moves
MOVES = compiled.ACTIONS_PER_SEAT + compiled.EXT_PER_SEAT
#: the house rules under which C writes the observations (the official rules' history: no play composed of several
#: steps, no reaction but the official ones; proven by tests/fast/test_envflow.py's lockstep with the Python env):
#: the stacking, deal and drawing rules, and those of :data:`~unokit.fast.compiled.BATCH_HOUSE` (_house3.h's, CHU,
#: S, sudden death)
OBSERVED = ("P1", "P2", "P3", "P4", "FU", "BU", "SAT", "INS", "CON", "DRAWPLAY", "FORCE", *compiled.BATCH_HOUSE)
#: the blocks of an observation C writes, in the order of _observe.h's OB_ enum (their places: the encoder's)
_BLOCKS = ("hand", "top", "color", "pending", "direction", "sizes", "small", "uno", "catchable", "phase", "drawn",
           "seen", "stock", "to_act", "window", "revealed", "others", "rules")


class Batch:
    """``count`` hands of ``rules`` dealt from ``derive_seed(seed, i, purpose)`` (or ``seeds``), held at
    once. ``chance="fast"`` (default) or ``"referee"`` (the referee's deals and reshuffles).

    ``encoder``: an :class:`unokit.env.observe.Encoder` of ``rules`` at ``players`` seats, for :meth:`observe`
    (the official rules, or with the house rules of ``OBSERVED``: C then keeps the public history each hand's
    observations need)."""

    def __init__(self, count: int, players: int = 2, rules: str = "UNO 1121", seed: int = 0, *, seeds=None,
                 purpose: str = "batch", chance: str = "fast", encoder: Any = None):
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
        self._o = None if encoder is None else self._observer(encoder, rs)
        self.size = 0 if encoder is None else int(encoder.size)

    def _observer(self, encoder: Any, rs) -> Any:
        """The C history behind :meth:`observe`, laid out as ``encoder`` lays its vector out."""
        from ..rules import RuleSet
        from ..rules.registry import hand_ruleset
        from . import CARDS
        other = [c for c in rs.codes if c not in OBSERVED]
        if other or rs.params:
            raise UnoError(f"observations are written in C for the official rules only, or with "
                           f"{', '.join(OBSERVED)}: not {rs.code!r}")
        # an encoder of rules with a match rule or a rule of the clock: its hands are these (its rules block its own)
        if hand_ruleset(RuleSet.parse(encoder.table.rules), still_clock=True) != rs or encoder.n != self.players:
            raise UnoError(f"the encoder is for {encoder.table.rules!r} at {encoder.n} seats, the batch "
                           f"{rs.code!r} at {self.players}")
        layout = {name: start for name, start, _ in encoder.layout()}
        if tuple(layout) != _BLOCKS or encoder.C != 4:
            raise UnoError(f"an encoding C does not write: blocks {tuple(layout)}")
        offsets = np.array([layout[b] for b in _BLOCKS], dtype=np.int32)
        pos = bytes(encoder.pos[c] for c in CARDS)
        flags = np.asarray(encoder.rule_flags, dtype=np.float32)
        return compiled._ccore.obs_new(self._v, offsets.tobytes(), int(encoder.size), pos, flags.tobytes(),
                                       compiled._shown(rs))

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
            w = (compiled._ccore.vec_step(self._v, mv.tobytes()) if self._o is None
                 else compiled._ccore.obs_step(self._v, self._o, mv.tobytes()))
        except ValueError as e:
            raise UnoError(str(e)) from None
        self.winners = np.frombuffer(w, dtype=np.int8).copy()
        return self.winners

    def observe(self, seats, out: np.ndarray | None = None, *, window=None) -> np.ndarray:
        """``(count, size)`` float32: row i is the encoder's vector of seat ``seats[i]`` (or ``seats`` for every
        hand) of hand i, as ``encoder.encode(game.view(seat), window=window[i])`` gives it; written by C in one
        call into ``out`` when given (C-contiguous float32 of that shape). ``window``: whether each decision is
        a reaction window (default: none is)."""
        if self._o is None:
            raise UnoError("this batch has no encoder: Batch(..., encoder=Encoder(ActionTable(rules, players)))")
        shape = (self.count, self.size)
        if out is None:
            out = np.empty(shape, dtype=np.float32)
        elif not (isinstance(out, np.ndarray) and out.shape == shape and out.dtype == np.float32
                  and out.flags.c_contiguous and out.flags.writeable):
            raise UnoError(f"out: a writable C-contiguous float32 array of shape {shape}")
        s, w = np.asarray(seats), None if window is None else np.asarray(window)
        if s.shape not in ((), (self.count,)) or s.dtype.kind not in "iu" or ((s < 0) | (s >= self.players)).any():
            raise UnoError(f"seats: whole numbers from 0 to {self.players - 1}, one per hand (or one for all)")
        if w is not None and w.shape not in ((), (self.count,)):
            raise UnoError(f"window: one flag per hand (or one for all), shape ({self.count},)")
        s = np.broadcast_to(s, (self.count,))
        wb = None if w is None else np.broadcast_to(w.astype(np.uint8), (self.count,)).tobytes()
        compiled._ccore.obs_write(self._v, self._o, s.astype(np.int8).tobytes(), wb, out)
        return out

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
