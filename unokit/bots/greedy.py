"""GreedyBot: a simple, strong-enough baseline.

- Says UNO with the play that leaves it one card (it picks ``Play(..., uno=True)``)
  and says it at once out of turn if it ever holds one card unsaid.
- Catches missed UNOs and notices wrong plays as soon as it may.
- Plays rather than draws. Among its plays it prefers, in order: going out, an
  honest Wild Draw Four over a bluff, more cards in one play (DR/DD), an action
  card when the next player is close to going out, keeping its wilds, the play
  that leaves most cards playable afterwards (a wild names the colour it holds
  most of), and finally the highest points, so high-point cards go first.
- Facing a Wild Draw Four it challenges when what it can see makes a bluff
  likely: the colour in force before the card, the player's hand size, and the
  cards of that colour it has not seen (its own hand and the discard pile).
- Cuts (C) whenever it can; accuses a face-down play (DED) when the player
  went out with it or is about to.
"""

from __future__ import annotations

from collections import Counter

from ..core.actions import Accuse, Action, CatchUno, Challenge, ChooseColor, Discard, Notice, Play, SayUno, Slap
from ..core.cards import COLORS, Color, Face
from ..rules.mistake import CallUnready
from .base import Bot, event_cards, event_color, fallback_action, rest_of_hand

__all__ = ["GreedyBot", "bluff_probability", "color_before_top"]


def color_before_top(view) -> Color | None:
    """The colour in force just before the last visible play, read from the public history."""
    color = before = None
    played = 0
    for e in view.history:
        kind = e.kind
        try:
            if kind == "first":
                color = event_cards(e.detail[0])[-1].color
            elif kind in ("play", "cut"):
                before = color
                cards = event_cards(e.detail[0])
                played = len(cards)
                named = event_color(e.detail[1]) if len(e.detail) > 1 else None
                color = named if named is not None else cards[-1].color
            elif kind == "color":
                color = event_color(e.detail[0])
        except (IndexError, ValueError, AttributeError, TypeError):
            continue
    if before is None and played and len(view.discard) > played:
        before = view.discard[-played - 1].color  # a set position has no history before its first play
    return before


def _last_player(view) -> int | None:
    for e in reversed(view.history):
        if e.kind in ("play", "cut"):
            return e.player
    return None


def bluff_probability(view) -> float:
    """Chance that the Wild Draw Four on top was a bluff, from what ``view`` shows.

    The player bluffed if they still hold a card of the colour in force before it.
    Unseen cards of that colour are estimated from the deck size (a quarter of
    the non-wild proportion of a classic deck) minus those in sight.
    """
    prev = color_before_top(view)
    bluffer = _last_player(view)
    if prev is None or bluffer is None or bluffer == view.seat:
        return 0.0
    k = view.hand_sizes[bluffer]
    if k <= 0:
        return 0.0
    total = sum(view.hand_sizes) + view.stock_size + len(view.discard) + view.hidden_pile_size
    in_color = round(total * 25 / 108)
    seen = sum(1 for c in view.hand if c.color is prev) + sum(1 for c in view.discard if c.color is prev)
    unseen = total - len(view.hand) - len(view.discard)
    unseen_c = max(0, in_color - seen)
    if unseen <= 0:
        return 0.0
    p_none = 1.0
    for i in range(min(k, unseen)):
        p_none *= max(0, unseen - unseen_c - i) / (unseen - i)
    return 1.0 - p_none


class GreedyBot(Bot):
    """See the module docstring. ``challenge_threshold``: challenge a Wild Draw Four when the
    estimated bluff probability exceeds it (challenging pays off above about 0.2)."""

    name = "greedy"

    def __init__(self, seed: int | None = None, challenge_threshold: float = 0.3):
        super().__init__(seed)
        self.challenge_threshold = challenge_threshold

    # ------------------------------------------------------------------ in turn
    def act(self, view, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("act() needs at least one legal action")
        free = self._free_gain(view, legal)
        if free is not None:
            return free
        phase = view.phase
        plays = [a for a in legal if type(a) is Play and a.cards and not a.hidden]
        if phase == "COLOR":
            picks = [a for a in legal if type(a) is ChooseColor]
            if picks:
                named = self._best_color(view.hand)
                return next((a for a in picks if a.color is named), picks[0])
        elif phase == "FREE_DISCARD":
            discards = [a for a in legal if type(a) is Discard]
            if discards:
                return max(discards, key=lambda a: (not a.card.is_wild, a.card.points, -a.card.index))
        elif phase == "HIDDEN_FINISH":
            accuse = next((a for a in legal if type(a) is Accuse), None)
            if accuse is not None:  # passing ends the hand: the winner's claim is worth testing
                return accuse
        elif phase == "PENDING":
            challenge = next((a for a in legal if type(a) is Challenge), None)
            if challenge is not None and bluff_probability(view) > self.challenge_threshold:
                return challenge
            if plays:
                return self._best_play(view, plays)
        elif phase == "DRAWN":
            if plays:
                best = self._best_play(view, plays)
                if not self._is_bluff(view, best) or len(view.hand) == len(best.cards):
                    return best
        elif plays:
            return self._best_play(view, plays)
        return fallback_action(legal)

    # ------------------------------------------------------------------ out of turn
    def react(self, view, legal: list[Action]) -> Action | None:
        if not legal:
            return None
        free = self._free_gain(view, legal)
        if free is not None:
            return free
        cuts = [a for a in legal if type(a) is Play and a.cards and not a.hidden]
        if cuts:
            return self._best_play(view, cuts)
        return None

    def _free_gain(self, view, legal: list[Action]) -> Action | None:
        """Actions that cost nothing and only help: say UNO, catch, notice, call an unready seat out
        (MISTAKE), a sound accusation."""
        for kind in (SayUno, CatchUno, Notice, Slap, CallUnready):
            a = next((a for a in legal if type(a) is kind), None)
            if a is not None:
                return a
        accuse = next((a for a in legal if type(a) is Accuse), None)
        if accuse is not None and view.open_claim is not None:
            claimer = view.open_claim[1]
            if view.hand_sizes[claimer] <= 1:
                return accuse
        return None

    # ------------------------------------------------------------------ choosing
    _rest = staticmethod(rest_of_hand)

    @staticmethod
    def _is_bluff(view, a: Play) -> bool:
        if a.cards[-1].face != Face.WILD_DRAW_FOUR:
            return False
        rest = GreedyBot._rest(view.hand, a.cards)
        return any(c.color is view.color for c in rest)

    def _play_key(self, view, a: Play):
        rest = self._rest(view.hand, a.cards + a.give)
        last = a.cards[-1]
        new_color = a.color if a.color is not None else last.color
        nxt = (view.seat + view.direction) % view.players
        threat = view.hand_sizes[nxt] <= 2 and (last.is_action or last.draw or last.face == Face.SKIP)
        options = sum(1 for c in rest if c.is_wild or c.color is new_color or c.face == last.face)
        held = Counter(c.color for c in rest if c.color is not None)
        target_size = -view.hand_sizes[a.target] if a.target is not None else 0
        if a.first is not None:   # two seats swap (ALLWILD(swap=pair)): with me, the other's hand; else last
            other = a.first if a.target == view.seat else a.target if a.first == view.seat else None
            target_size = -view.hand_sizes[other] if other is not None else -999
        return (not rest,                                   # go out
                not self._is_bluff(view, a),                # an honest Wild Draw Four
                len(a.cards) + (a.more == "cards"),         # dump several at once (DR/DD: a group grows)
                bool(threat),                               # stop a player about to go out
                -sum(1 for c in a.cards if c.is_wild),      # keep wilds for later
                options,                                    # keep most playable cards
                held.get(new_color, 0),                     # a colour it holds most of
                sum(c.points for c in a.cards),             # dump high points first
                a.uno,                                      # always say UNO with the play
                target_size)                                # swap with the smallest hand

    def _best_play(self, view, plays: list[Play]) -> Play:
        return max(plays, key=lambda a: self._play_key(view, a))

    @staticmethod
    def _best_color(hand) -> Color:
        counts = Counter(c.color for c in hand if c.color is not None)
        points: Counter[Color] = Counter()
        for c in hand:
            if c.color is not None:
                points[c.color] += c.points
        return max(COLORS, key=lambda col: (counts.get(col, 0), points.get(col, 0), -int(col)))
