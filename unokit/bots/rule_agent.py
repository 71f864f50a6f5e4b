"""RuleAgentBot: RLCard 1.2.0's UNO rule agent (``UNORuleAgentV1``), ported to unokit's views.

RLCard's agent chooses among RLCard's legal actions, and those follow RLCard's own game, so both are
ported here, checked against RLCard 1.2.0 itself on a corpus of positions
(``tests/bots/test_rule_agent_rlcard.py``):

- **RLCard's legal actions** (``UnoRound.get_legal_actions``): one entry per *card held* that matches
  (two red 7s: two entries, so a card held twice is twice as likely to be chosen); a Wild adds its
  four colours once; a Wild Draw Four is offered only when nothing else plays; "draw" only when
  nothing plays at all. On a Wild the colour named must be followed (a matching number does not
  count).
- **The agent** (``UNORuleAgentV1.step``): draw when that is all it may do; play a Wild Draw Four
  when offered, naming the colour it holds most of among its other cards (the first in hand order on
  a tie); otherwise a uniform choice among the entries, leaving the Wilds out unless they are all.
- **RLCard's drawn card**, played by its game without asking: a wild is played with a random colour;
  a card of the colour in play is played; any other card is kept, even one that matches by number
  or symbol.
- **A Wild turned first:** RLCard names a random colour.

Where RLCard's game has no such moment, the agent does the neutral thing: it says UNO with its
next-to-last card (and out of turn when it holds one card unsaid), never challenges a Wild Draw Four,
never catches anybody, and takes a pending Draw Two or Wild Draw Four (RLCard's next player draws
them at once). :meth:`RuleAgentBot.policy` gives the probability of each action;
:meth:`~RuleAgentBot.act` draws from it.

>>> from unokit import Game
>>> g = Game.from_position(['R2 R2 G9 W', 'B5 B6'], discard='R9')
>>> [(str(a), round(p, 3)) for a, p in RuleAgentBot(1).policy(g.view(0), g.legal_actions(0))]
[('0 play R2', 0.667), ('0 play G9', 0.333)]
"""

from __future__ import annotations

from ..core.actions import Action, ChooseColor, Draw, Pass, Play, SayUno
from ..core.cards import COLORS, Face
from ..core.official import matches
from .base import Bot, fallback_action

__all__ = ["RuleAgentBot"]


def _most_common_color(hand):
    """The colour held most among the non-wild cards, the first in hand order on a tie (``None``: none)."""
    counts: dict = {}
    for c in hand:
        if not c.is_wild and c.color is not None:
            counts[c.color] = counts.get(c.color, 0) + 1
    if not counts:
        return None
    return max(counts, key=counts.__getitem__)  # the first maximum in insertion (hand) order, as RLCard's dict


class RuleAgentBot(Bot):
    """RLCard 1.2.0's UNO rule agent (see the module docstring)."""

    name = "rlcard-rule"

    def act(self, view, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        options = self.policy(view, legal)
        if len(options) == 1:
            return options[0][0]
        r, acc = self.rng.random(), 0.0
        for a, p in options:
            acc += p
            if r < acc:
                return a
        return options[-1][0]

    def policy(self, view, legal: list[Action]) -> list[tuple[Action, float]]:
        """Each action the agent may take now, with its probability (they add up to 1)."""
        phase = view.phase
        if phase == "COLOR":                   # a Wild turned first: RLCard names a random colour
            picks = [a for a in legal if type(a) is ChooseColor]
            if picks:
                return [(a, 1 / len(picks)) for a in picks]
        elif phase == "DRAWN":
            return self._drawn(view, legal)
        elif phase == "PLAY":
            return self._turn(view, legal)
        draw = next((a for a in legal if type(a) is Draw), None)   # a pending draw: taken, never challenged
        if draw is not None:
            return [(draw, 1.0)]
        return [(fallback_action([a for a in legal if a.kind != "challenge"] or legal), 1.0)]

    # ------------------------------------------------------------------ in turn
    def _turn(self, view, legal):
        plays = _single_plays(legal)
        top, color = view.top, view.color
        entries: list = []           # RLCard's legal actions: (card, colour named)
        wild = w4 = False
        for c in view.hand:
            if c.face == Face.WILD_DRAW_FOUR:
                w4 = True
            elif c.face == Face.WILD:
                if not wild:
                    wild = True
                    entries += [(c, col) for col in COLORS]
            elif not c.is_wild and _rlcard_matches(c, top, color):
                entries.append((c, None))
        if not entries and w4:
            w4card = next(c for c in view.hand if c.face == Face.WILD_DRAW_FOUR)
            best = _most_common_color(view.hand)
            cols = (best,) if best is not None else COLORS   # (an all-wild hand: RLCard reads colours we cannot see)
            return _spread([(w4card, col) for col in cols], plays, legal)
        if not entries:
            return [(next(a for a in legal if type(a) is Draw), 1.0)]
        plain = [e for e in entries if not e[0].is_wild]
        return _spread(plain or entries, plays, legal)

    # ------------------------------------------------------------------ the card drawn
    def _drawn(self, view, legal):
        drawn = view.drawn
        plays = _single_plays(legal)
        if drawn is not None and drawn.is_wild:
            return _spread([(drawn, col) for col in COLORS], plays, legal)
        if drawn is not None and drawn.color is view.color:
            return _spread([(drawn, None)], plays, legal)
        keep = next((a for a in legal if type(a) is Pass), None)
        return [(keep, 1.0)] if keep is not None else [(fallback_action(legal), 1.0)]

    def react(self, view, legal: list[Action]) -> Action | None:
        return next((a for a in legal if type(a) is SayUno), None)


def _rlcard_matches(card, top, color) -> bool:
    """RLCard's match: on a wild, its colour only; else the colour or the same number or symbol."""
    if top.is_wild:
        return card.color is color
    return matches(card, top, color)


def _single_plays(legal) -> dict:
    """(card, colour) -> the complete one-card play, saying UNO when it may."""
    out: dict = {}
    for a in legal:
        if type(a) is Play and len(a.cards) == 1 and not a.hidden and not a.more:
            key = (a.cards[0], a.color)
            if key not in out or (a.uno and not out[key].uno):
                out[key] = a
    return out


def _spread(entries, plays, legal) -> list[tuple[Action, float]]:
    """A uniform choice among RLCard's ``entries`` (with repeats), as plays of unokit's legal list."""
    weights: dict = {}
    for card, col in entries:
        a = plays.get((card, col))
        if a is not None:
            weights[a] = weights.get(a, 0) + 1
    if not weights:   # (RLCard would play a card the rules in force refuse here: take the referee's word)
        return [(fallback_action(legal), 1.0)]
    total = sum(weights.values())
    return [(a, k / total) for a, k in weights.items()]
