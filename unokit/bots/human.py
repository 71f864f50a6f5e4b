"""Human-error models: a bot that forgets, talks, apologises and reacts late.

Rules such as S (silence), ORG (pride), MEM/PRE (UNO), M (slap), C (jump-in)
and E/IE (compliments) only change outcomes when players make the mistakes
people make. :class:`HumanBot` wraps any bot with configurable error rates:

- ``forget_uno``: chance to play the next-to-last card without saying UNO;
- ``talk``: chance, at each out-of-turn moment, to say something (costly during S);
- ``apologise``: chance to apologise after being penalised (costly under ORG);
- ``reaction``: mean reaction time in seconds (exponential); the simulation lets
  the fastest react first, so the slowest is the last to slap (M) and the
  quickest wins a jump-in (C).

>>> from unokit.bots import make_bot
>>> bot = HumanBot(make_bot("greedy", 1), forget_uno=1.0, seed=1)
>>> bot.name
'human(greedy)'
"""

from __future__ import annotations

from ..core.actions import Play, Say
from .base import Bot

CHATTER = ("nossa", "vai logo", "que azar", "hmm, deixa eu pensar", "your turn", "tocca a te", "venga")
APOLOGIES = ("desculpa", "sorry", "scusa", "perdón")


class HumanBot(Bot):
    def __init__(self, inner: Bot, *, forget_uno: float = 0.1, talk: float = 0.02, apologise: float = 0.05,
                 reaction: float = 0.6, seed: int | None = None):
        super().__init__(seed)
        self.inner = inner
        self.forget_uno = forget_uno
        self.talk = talk
        self.apologise = apologise
        self.reaction = reaction
        self.name = f"human({inner.name})"
        self._seen_penalties = 0

    def reaction_delay(self) -> float:
        """Seconds this player takes to react now (the simulation orders reactions by it)."""
        return self.rng.expovariate(1.0 / self.reaction) if self.reaction > 0 else 0.0

    def act(self, view, legal):
        a = self.inner.act(view, legal)
        if isinstance(a, Play) and a.uno and self.rng.random() < self.forget_uno:
            forgot = Play(a.player, a.cards, a.color, False, a.target, a.hidden, a.claim, a.give)
            if forgot in legal:
                return forgot
        return a

    def react(self, view, legal):
        # apologise after a fresh penalty against us (ORG makes it cost 2)
        pens = sum(1 for e in view.history if e.kind == "penalty" and e.player == view.seat)
        if pens > self._seen_penalties:
            self._seen_penalties = pens
            if self.rng.random() < self.apologise:
                return Say(view.seat, self.rng.choice(APOLOGIES))
        if self.rng.random() < self.talk:
            return Say(view.seat, self.rng.choice(CHATTER))
        forgetful = [a for a in legal if a.kind != "uno"] if self.rng.random() < self.forget_uno else legal
        return self.inner.react(view, forgetful) if forgetful else None


def human(name: str = "greedy", seed: int | None = None, **rates) -> HumanBot:
    from . import make_bot
    return HumanBot(make_bot(name, seed), seed=None if seed is None else seed + 7919, **rates)
