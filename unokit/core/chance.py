"""Chance made explicit: every random outcome goes through one object.

:class:`Chance` draws outcomes from a seeded generator and writes each one
down; :class:`ScriptedChance` hands back written-down outcomes, so a record
replays without any random generator. Outcomes are card orders (shuffles),
written as card codes, and integers (cut points, dice).

>>> from unokit.core.cards import parse_cards
>>> ch = Chance(7)
>>> order = ch.shuffle(parse_cards('R1 R2 R3 R4'))
>>> ScriptedChance(ch.log).shuffle(parse_cards('R1 R2 R3 R4')) == order
True
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .cards import Card, format_physical, parse_cards
from .errors import ReplayMismatchError

__all__ = ["Chance", "ScriptedChance", "ManualClock", "SystemClock", "derive_seed"]


class Chance:
    """Seeded source of randomness; ``log`` lists every outcome in order."""

    def __init__(self, seed: int | None = None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed: int | None = seed
        self._rng = random.Random(seed)
        self.log: list[Any] = []  # shuffles (card tuples, or codes when replayed) and integers

    def shuffle(self, cards: list[Card]) -> list[Card]:
        """A new list with ``cards`` in random order (index -1 is the top of a pile)."""
        # sort by independent uniform keys: a uniform random permutation, several times faster
        # than random.shuffle for decks of cards (ties have probability ~0)
        rnd = self._rng.random
        keys = [rnd() for _ in cards]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        out = [cards[i] for i in order]
        self.log.append(tuple(out))  # a copy: the caller deals from ``out``
        return out

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``."""
        v = self._rng.randint(lo, hi)
        self.log.append(v)
        return v


class ScriptedChance(Chance):
    """Replays outcomes; ``outcomes`` may be a ``Chance.log``. Checks each against the request."""

    def __init__(self, outcomes: list[Any], *, extend: Chance | None = None):
        self.seed = None
        self._queue = list(outcomes)
        self._pos = 0
        self._extend = extend
        self.log = []

    def _next(self) -> Any:
        if self._pos < len(self._queue):
            v = self._queue[self._pos]
            self._pos += 1
            return v
        if self._extend is not None:
            return None
        raise ReplayMismatchError("the record has no more chance outcomes, but the game asked for one")

    def shuffle(self, cards: list[Card]) -> list[Card]:
        v = self._next()
        if v is None:
            assert self._extend is not None      # (_next returns None only when there is one)
            out = self._extend.shuffle(cards)
        else:
            if not isinstance(v, (str, list, tuple)):
                raise ReplayMismatchError(f"recorded outcome {v!r} is not a card order, but the game shuffles here")
            out = parse_cards(v) if isinstance(v, str) else list(v)
            if _sides(out) != _sides(cards):
                raise ReplayMismatchError("a recorded shuffle does not hold the cards being shuffled")
        self.log.append(format_physical(out))
        return out

    def randint(self, lo: int, hi: int) -> int:
        v = self._next()
        if v is None:
            assert self._extend is not None
            v = self._extend.randint(lo, hi)
        if not isinstance(v, int) or not lo <= v <= hi:
            raise ReplayMismatchError(f"recorded outcome {v!r} is not an integer in [{lo}, {hi}]")
        self.log.append(v)
        return v


def _sides(cards: Iterable[Card]) -> Counter[str]:
    """The cards as recorded, each Flip card with the side it shows (a shuffle never turns one over)."""
    return Counter(getattr(c, "pair", c.code) for c in cards)


class ManualClock:
    """A clock tests and replays move by hand: ``clock.advance(5.5)``."""

    def __init__(self, start: float = 0.0):
        self.t = float(start)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class SystemClock:
    """Wall-clock seconds (monotonic), for play by people."""

    def __init__(self) -> None:
        self._t0 = time.monotonic()

    def now(self) -> float:
        return round(time.monotonic() - self._t0, 3)


def derive_seed(master: int | None, index: int, purpose: str = "hand") -> int:
    """A 63-bit seed for unit ``index`` derived from ``master`` (stable across runs and platforms).

    >>> derive_seed(0, 1) == derive_seed(0, 1) != derive_seed(0, 2)
    True
    """
    digest = hashlib.sha256(f"unokit/{purpose}/{master}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
