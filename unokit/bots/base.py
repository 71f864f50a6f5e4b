"""The bot interface shared by the simulator, the terminal game and every other consumer.

A bot sees only what its seat may know: a :class:`~unokit.engine.view.PlayerView`
and the list of legal actions the referee computed for it. It never receives
the :class:`~unokit.engine.game.Game`.

- :meth:`Bot.act` is called when the bot's seat is ``to_act``; it must return
  one member of ``legal``.
- :meth:`Bot.react` is called out of turn with the options the seat has then
  (say UNO, catch a missed UNO, cut, accuse, notice); it returns one member of
  ``legal`` or ``None`` to wait.

Each bot owns a ``random.Random(seed)``; the module-level ``random``
functions are never used, so a seeded bot is reproducible.
"""

from __future__ import annotations

import random

from ..core.actions import Action, Draw, Pass, Play
from ..core.cards import Card, Color
from ..engine.flow import is_out_of_turn, is_turn_action, out_of_turn_options, turn_options  # (re-exported)

__all__ = ["Bot", "is_out_of_turn", "is_turn_action", "out_of_turn_options", "turn_options", "event_cards",
           "event_color", "rest_of_hand"]


def event_cards(x) -> tuple[Card, ...]:
    """The cards named in an event detail: a notation string or a tuple of cards.

    >>> event_cards('R7 G7'), event_cards((Card.parse('W'),))
    ((Card.parse('R7'), Card.parse('G7')), (Card.parse('W'),))
    """
    if isinstance(x, Card):
        return (x,)
    if isinstance(x, str):
        return tuple(Card.parse(t) for t in x.split())
    return tuple(c if isinstance(c, Card) else Card.parse(str(c)) for c in x)


def event_color(x) -> Color | None:
    """A colour in an event detail: a :class:`Color`, a letter, or ``None``."""
    if x is None or isinstance(x, Color):
        return x
    return Color.parse(str(x))


def rest_of_hand(hand, cards) -> list:
    """``hand`` without the cards a play names (UNO Flex: a flexed face is played from its flex card).

    >>> rest_of_hand(list(map(Card.parse, ['R2Y', 'G5'])), (Card.parse('R2Y*'),))
    [Card.parse('G5')]
    """
    from ..rules.editions.flex import PHYSICAL
    rest = list(hand)
    for c in cards:
        rest.remove(PHYSICAL.get(c, c))
    return rest


class Bot:
    """Base class of every bot. Subclasses override :meth:`act` and usually :meth:`react`."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view, legal: list[Action]) -> Action:
        """Choose the action to take now; ``view.to_act == view.seat``. Must return a member of ``legal``."""
        raise NotImplementedError

    def react(self, view, legal: list[Action]) -> Action | None:
        """Choose an out-of-turn action from ``legal``, or ``None`` to wait. The default waits."""
        return None

    def steps(self, view) -> bool:
        """Is a play decided one sub-decision at a time here (:meth:`step`, the environments' flow) rather than
        chosen among complete plays? The default: no."""
        return False

    def step(self, view, options: list[Action], stem: Action | None, window: bool) -> Action | None:
        """One decision of the environments' flow: ``options`` as the referee lists them (stems included), or the
        next choices of ``stem``, the play being composed; ``window``: a reaction (``None`` waits). The default
        asks :meth:`react` or :meth:`act`."""
        return self.react(view, options) if window else self.act(view, options)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def fallback_action(legal: list[Action]) -> Action:
    """When no card is worth playing: draw, else keep the drawn card, else the first face-up option."""
    for kind in (Draw, Pass):
        a = next((a for a in legal if type(a) is kind), None)
        if a is not None:
            return a
    visible = [a for a in legal if not (type(a) is Play and a.hidden)]
    return (visible or legal)[0]
