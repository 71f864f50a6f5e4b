"""Games kept in memory by the pages that need no table (the solitaire, the teaching mode): an LRU map
from random ids to games, at most ``limit`` of them, so a client can never grow it without bound.

>>> games = GamesInMemory(limit=2)
>>> a = games.add("first"); b = games.add("second"); _ = games.get(a); c = games.add("third")
>>> games.get(b) is None, games.get(a), len(games), c in games
(True, 'first', 2, True)
"""

from __future__ import annotations

import secrets
from collections import OrderedDict

__all__ = ["GamesInMemory"]


class GamesInMemory:
    """At most ``limit`` games by id; the least recently used goes first."""

    def __init__(self, limit: int):
        if limit < 1:
            raise ValueError("limit: at least one game")
        self.limit = limit
        self._games: OrderedDict = OrderedDict()

    def add(self, game) -> str:
        """Keep ``game``; its new id (144 random bits, 24 characters)."""
        gid = secrets.token_urlsafe(18)
        self._games[gid] = game
        while len(self._games) > self.limit:
            self._games.popitem(last=False)
        return gid

    def get(self, gid: str):
        game = self._games.get(gid)
        if game is not None:
            self._games.move_to_end(gid)
        return game

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, gid: str) -> bool:
        return gid in self._games
