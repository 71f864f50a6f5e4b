"""RuleAgentBot: a baseline that behaves like RLCard's UNO rule agent ("UNORuleAgentV1").

Written from that agent's described behaviour, so results can be compared with
papers that use it as their opponent:

- it draws only when no card can be played (RLCard offers "draw" only then);
- if a Wild Draw Four can be played it plays it at once, naming the colour it
  holds most of among its non-wild cards (the first such colour in hand order on
  a tie);
- otherwise it picks uniformly among its legal plays, leaving wild cards out
  unless they are all it can play; plays are counted once per distinct card and
  colour, as RLCard's action strings are;
- after drawing, a playable drawn card is played (RLCard plays it automatically;
  a drawn wild gets a random colour).

RLCard's game has no UNO call, no challenge and no catching, so for those the
agent does the neutral thing: it always says UNO with its next-to-last card (and
out of turn if it ever holds one card unsaid), never challenges a Wild Draw Four
and never catches anybody.

>>> from unokit import Game
>>> g = Game.new(players=2, seed=3)
>>> bot = RuleAgentBot(seed=1)
>>> a = bot.act(g.view(g.to_act), g.legal_actions(g.to_act))
>>> a in g.legal_actions(g.to_act)
True
"""

from __future__ import annotations

from ..actions import Action, Challenge, ChooseColor, Draw, Play, SayUno
from ..cards import Face
from .base import Bot, fallback_action

__all__ = ["RuleAgentBot"]


def _most_common_color(hand):
    counts: dict = {}
    for c in hand:
        if not c.is_wild and c.color is not None:
            counts[c.color] = counts.get(c.color, 0) + 1
    if not counts:
        return None
    return max(counts, key=counts.get)  # first maximum in hand order, like RLCard's dict


class RuleAgentBot(Bot):
    """RLCard's UNO rule agent, rebuilt on unokit's views (see the module docstring)."""

    name = "rlcard-rule"

    def act(self, view, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        plays = [a for a in legal if type(a) is Play and not a.hidden]
        if view.phase == "DRAWN" or view.drawn is not None:
            drawn = [a for a in plays if view.drawn is not None and view.drawn in a.cards]
            if drawn:
                return self._pick_colored(drawn, view, random_color=True)
        if not plays:
            colors = [a for a in legal if type(a) is ChooseColor]
            if colors:
                best = _most_common_color(view.hand)
                return next((a for a in colors if a.color is best), self.rng.choice(colors))
            draw = next((a for a in legal if type(a) is Draw), None)
            if draw is not None:  # never challenges: accepting the penalty is a Draw
                return draw
            return fallback_action([a for a in legal if type(a) is not Challenge] or legal)
        w4 = [a for a in plays if any(c.face == Face.WILD_DRAW_FOUR for c in a.cards)]
        if w4:
            return self._pick_colored(w4, view, random_color=False)
        plain = [a for a in plays if not any(c.is_wild for c in a.cards)]
        return self._pick_colored(plain or plays, view, random_color=True)

    def _pick_colored(self, plays: list[Play], view, *, random_color: bool) -> Play:
        """One of ``plays``: says UNO when it may, one option per distinct (cards, colour)."""
        options: dict = {}
        for a in plays:
            key = (tuple(c.code for c in a.cards), a.color, a.target, a.give)
            if key not in options or (a.uno and not options[key].uno):
                options[key] = a
        choices = list(options.values())
        if not random_color:
            best = _most_common_color(view.hand)
            named = [a for a in choices if a.color is best] if best is not None else []
            if named:
                return named[0]
        return self.rng.choice(choices)

    def react(self, view, legal: list[Action]) -> Action | None:
        return next((a for a in legal if type(a) is SayUno), None)

