"""A histogram of whole numbers (the lab's hand lengths in turns): mergeable chunk by chunk, JSON-able.

The lab's :class:`~unokit.lab.Tally` keeps one of each hand's turns, on the referee's path and the compiled
core's alike, so that the distribution of hand lengths (not only its mean) survives the merge of the chunks:
the rule advisor (:mod:`unokit.lab.advise`) reads the chance of a very long hand from it.

>>> h = Histogram(); [h.add(x) for x in (3, 5, 5, 9)] and None
>>> h.n, h.to_list(), h.quantile(0.5), h.above(5)
(4, [[3, 1], [5, 2], [9, 1]], 5, 1)
>>> Histogram.from_list(h.to_list()) == h
True
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Histogram"]


class Histogram:
    """Counts of whole numbers. ``to_list()`` is the JSON form: ``[[value, count], ...]`` by value."""

    __slots__ = ("counts",)

    def __init__(self, counts: dict[int, int] | None = None):
        self.counts: dict[int, int] = dict(counts or {})

    def add(self, value: int, count: int = 1) -> None:
        v = int(value)
        self.counts[v] = self.counts.get(v, 0) + int(count)

    def add_counts(self, values: Iterable[int], counts: Iterable[int]) -> None:
        """Add ``counts[i]`` times ``values[i]`` (e.g. ``numpy.unique(..., return_counts=True)``)."""
        for v, c in zip(values, counts):
            if c:
                self.add(int(v), int(c))

    def merge(self, other: Histogram) -> None:
        for v, c in other.counts.items():
            self.add(v, c)

    @property
    def n(self) -> int:
        """The values counted."""
        return sum(self.counts.values())

    def quantile(self, q: float) -> int | None:
        """The smallest value ``v`` with at least a share ``q`` of the values at or below it (``None``: empty)."""
        total = self.n
        if not total:
            return None
        need, seen = q * total, 0
        for v in sorted(self.counts):
            seen += self.counts[v]
            if seen >= need:
                return v
        return max(self.counts)

    def above(self, threshold: float) -> int:
        """How many values are greater than ``threshold``."""
        return sum(c for v, c in self.counts.items() if v > threshold)

    def to_list(self) -> list[list[int]]:
        return [[v, self.counts[v]] for v in sorted(self.counts) if self.counts[v]]

    @classmethod
    def from_list(cls, pairs) -> Histogram:
        h = cls()
        for v, c in pairs:
            h.add(v, c)
        return h

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Histogram) and self.to_list() == other.to_list()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Histogram(n={self.n}, values={len(self.counts)})"
