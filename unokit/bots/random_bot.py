"""RandomBot: uniform among the legal actions."""

from __future__ import annotations

from ..core.actions import Action
from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """In turn, a uniform choice among ``legal``. Out of turn, waits with probability ``wait``
    (default 0.5) and otherwise picks a uniform option."""

    name = "random"

    def __init__(self, seed: int | None = None, wait: float = 0.5):
        super().__init__(seed)
        if not 0.0 <= wait <= 1.0:
            raise ValueError("wait must be a probability in [0, 1]")
        self.wait = wait

    def act(self, view, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        return self.rng.choice(legal)

    def react(self, view, legal: list[Action]) -> Action | None:
        if not legal or self.rng.random() < self.wait:
            return None
        return self.rng.choice(legal)
