"""RandomPlayBot: the usual random agent of UNO simulations (``random-play``).

The lab's default bot and the benchmark baseline of most published UNO simulations; the compiled
core (:mod:`unokit.fast.compiled`) plays it too, drawing its generator the same way.

>>> from unokit.engine.game import Game
>>> g = Game.new(players=2, seed=3)
>>> a = RandomPlayBot(1).act(g.view(g.to_act), g.legal_actions(g.to_act))
>>> a.player == g.to_act
True
"""

from __future__ import annotations

from ..core.actions import Accuse, CatchUno, Challenge, ChooseColor, Discard, Draw, Notice, Pass, Play, SayUno, Slap
from .base import Bot

__all__ = ["RandomPlayBot", "RANDOM_PLAY"]

RANDOM_PLAY = "random-play"


class RandomPlayBot(Bot):
    """The usual random agent: a uniformly random playable card, drawing only when it cannot play.

    In turn: a uniform choice among the distinct playable card groups (a wild's colour, a swap's
    target... uniform too; the UNO call always made); a stacking card when facing a draw it may
    stack on; otherwise draw (never challenge a Wild Draw Four); a playable drawn card is played.
    Out of turn: says UNO, catches, slaps and notices when it may, and cuts with a random cut.
    """

    name = RANDOM_PLAY

    def act(self, view, legal):
        if not legal:
            raise ValueError("act() needs at least one legal action")
        phase = view.phase
        rng = self.rng
        if phase == "COLOR":
            picks = [a for a in legal if type(a) is ChooseColor]
            if picks:
                return rng.choice(picks)
        elif phase == "FREE_DISCARD":
            discards = [a for a in legal if type(a) is Discard]
            if discards:
                return rng.choice(discards)
        elif phase == "HIDDEN_FINISH":
            a = next((a for a in legal if type(a) is Pass), None)
            if a is not None:
                return a
        plays = [a for a in legal if type(a) is Play and a.cards and not a.hidden]
        if plays:
            return self._random_play(plays)
        for kind in (Draw, Pass):
            a = next((a for a in legal if type(a) is kind), None)
            if a is not None:
                return a
        quiet = [a for a in legal if type(a) not in (Challenge, Accuse) and a.kind not in ("say", "hint")]
        return rng.choice(quiet or legal)

    def _random_play(self, plays: list[Play]) -> Play:
        groups: dict[tuple, list[Play]] = {}
        for a in plays:
            groups.setdefault(a.cards, []).append(a)
        variants = groups[self.rng.choice(list(groups))]
        uno = [a for a in variants if a.uno]
        return self.rng.choice(uno or variants)

    def react(self, view, legal):
        if not legal:
            return None
        for kind in (SayUno, CatchUno, Slap, Notice):
            a = next((a for a in legal if type(a) is kind), None)
            if a is not None:
                return a
        cuts = [a for a in legal if type(a) is Play and a.cards and not a.hidden]
        if cuts:
            return self._random_play(cuts)
        return None
