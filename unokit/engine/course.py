"""One course of a hand's telling, followed once for all the readers of one table in one language.

The web table's readers (every seat and spectator, in one language) are told the same hand: its history is cut
into runs (one action's events, one ``seq``), each run planned and told once (:class:`~unokit.engine.narrate.
SharedLines`), and its lines numbered alike for every reader. :class:`~unokit.engine.narrate.Narration` is one
reader's view of a course; the web table's log reads it directly (``unokit.play.wire``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from itertools import count
from typing import Any

__all__ = ["Course"]

#: every numbering of a hand's lines (a narration's epoch) its own, in every course
EPOCHS = count(1)


class Course:
    """A hand's history followed once for all the readers of one :class:`SharedLines` (one table, one
    language; ``book``: a :class:`~unokit.engine.narrate.SharedLines`) whose narrations start alike: its runs (one ``seq`` each), their lines as told to a reader they
    do not name and the seats they name (``SharedLines._record``), the direction and seats out after
    each, and the numbering of the lines (``epoch``, ``final``, ``total``), which no reader changes: a run
    tells as many lines to every reader. A reader's lines are those of the runs held, its own only for the
    runs that name it. The runs held are the last that hold ``keep`` lines (all when ``keep`` is None)."""

    def __init__(self, book: Any, players: int, direction: int, eliminated: frozenset[int],
                 dealer: int | None, keep: int | None, whole: Callable[..., list[str]]) -> None:
        # (whole: narrate_sequence, the whole history told for one reader: when a seq comes again)
        self._book, self._players, self._dealer, self.keep, self._tell_whole = book, players, dealer, keep, whole
        self._start = (direction, eliminated)
        self._reset()

    def _reset(self) -> None:
        self.epoch = next(EPOCHS)   # this numbering of the lines (final lines may have changed)
        self.final = 0                 # the lines that are final (those of the runs told but the last), in all
        self.total = 0                 # the lines of the last call, in all
        self._told = 0                 # events whose lines are final (every run but the last)
        self._last = None              # the last of them (the next call's events must still hold it there)
        self._seqs: set[int] = set()        # their seqs (a later event of one of them would change its skips)
        self._direction, out = self._start
        self._out = set(out)
        self._runs: deque[tuple[int, tuple[Any, ...]]] = deque()   # the final runs held: (first line, record)
        self._held = 0                 # their lines
        # the last call: (len(events), the last event, the last run's record or None, the whole history's
        # lines by reader when it is told whole (a seq again) or None, the number of the window's first line)
        self._memo: tuple[int, Any, tuple[Any, ...] | None, dict[Any, list[str]] | None, int] | None = None
        self._tail: tuple[int, int, Any, tuple[Any, ...]] | None = None   # the last run told: (start, stop, last event, record)

    def first(self, events: Sequence[Any]) -> int:
        """The number of the first line of the window a reader is given for ``events``."""
        return self._advance(events)[4]

    def lines_from(self, events: Sequence[Any], viewer: int | None, start: int) -> tuple[int, list[str]]:
        """``viewer``'s lines for ``events`` numbered ``start`` on (``Narration.lines_from``)."""
        memo = self._advance(events)
        at = max(start, memo[4])
        tail = memo[2]
        if memo[3] is not None:          # told whole: each reader's lines told alone (narrate_sequence)
            lines = memo[3].get(viewer)
            if lines is None:
                lines = memo[3][viewer] = self._whole(events, viewer)
            return at, lines[at - self.total:] if at < self.total else []
        book = self._book
        if at >= self.final:             # (the last run's lines only: what a change usually adds)
            return at, book._lines(tail, viewer)[at - self.final:] if tail is not None else []
        parts: list[tuple[int, tuple[Any, ...]]] = [(self.final, tail)] if tail is not None else []
        for line, record in reversed(self._runs):
            if line + len(record[2]) <= at:
                break
            parts.append((line, record))
        out: list[str] = []
        for line, record in reversed(parts):
            lines = book._lines(record, viewer)
            out += lines[at - line:] if at > line else lines
        return at, out

    def _advance(self, events: Sequence[Any]) -> tuple[int, Any, tuple[Any, ...] | None, dict[Any, list[str]] | None,
                                                       int]:
        """Follow what ``events`` add: the final runs, then the last run (told again while it may grow)."""
        n = len(events)
        memo = self._memo
        if memo is not None and memo[0] == n and (n == 0 or events[n - 1] is memo[1]):
            return memo
        told = self._told
        if told > n or (told and events[told - 1] is not self._last):
            self._reset()
            told = 0
        runs = list(_runs(events, told))
        seqs = [events[a].seq for a, _ in runs]
        tail: tuple[Any, ...] | None = None
        whole: dict[Any, list[str]] | None = None
        if len(set(seqs)) < len(seqs) or not self._seqs.isdisjoint(seqs):   # a seq again, later: no shortcut
            self._reset()        # (none final: earlier lines may change; every reader told alone)
            whole = {None: self._whole(events, None)}
            self.total = len(whole[None])
        else:
            for a, b in runs[:-1]:
                record = self._run(events, a, b, self._direction, self._out)
                self._direction, self._out = record[4], set(record[5])
                self._runs.append((self.final, record))
                self.final += len(record[2])
                self._held += len(record[2])
                while self.keep is not None and len(self._runs) > 1 and \
                        self._held - len(self._runs[0][1][2]) >= self.keep:
                    self._held -= len(self._runs.popleft()[1][2])
            if len(runs) > 1:
                self._told = runs[-1][0]
                self._last = events[self._told - 1]
                self._seqs.update(seqs[:-1])
            if runs:
                a, b = runs[-1]
                tail = self._run(events, a, b, self._direction, self._out)
                self._tail = (a, b, events[b - 1], tail)
            self.total = self.final + (len(tail[2]) if tail is not None else 0)
        keep, total = self.keep, self.total      # (the window: the last keep lines, of those held and the last run's)
        window = total if whole is not None else \
            (self.final if keep is None else min(self.final, keep)) + (len(tail[2]) if tail else 0)
        first = total - (window if keep is None else min(window, keep))
        memo = self._memo = (n, events[n - 1] if n else None, tail, whole, first)
        return memo

    def _whole(self, events: Sequence[Any], viewer: int | None) -> list[str]:
        direction, out = self._start
        return self._tell_whole(events, viewer, self._book.names, self._book.lang, players=self._players,
                                direction=direction, eliminated=out, dealer=self._dealer)

    def _run(self, events: Sequence[Any], a: int, b: int, direction: int, out: set[int]) -> tuple[Any, ...]:
        """The record of the run ``events[a:b]`` (the last run told is not told again)."""
        tail = self._tail
        if tail is not None and tail[0] == a and tail[1] == b and tail[2] is events[b - 1]:
            return tail[3]
        record: tuple[Any, ...] = self._book._record(events, a, b, self._players, self._dealer, direction, out)
        return record


def _runs(events: Sequence[Any], start: int = 0) -> Iterator[tuple[int, int]]:
    """(start, stop) of each run of consecutive events with one ``seq`` (one action's events), from ``start``."""
    n, i = len(events), start
    while i < n:
        j, seq = i + 1, events[i].seq
        while j < n and events[j].seq == seq:
            j += 1
        yield i, j
        i = j
