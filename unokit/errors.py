"""The error hierarchy.

Bad *syntax* (a card or rule code that cannot be read) is separated from
*illegal actions* (a well-formed action the rules forbid right now):

- :class:`UnoError` (base)
  - :class:`NotationError` (also a ``ValueError``): unreadable card / action text
  - :class:`RuleCodeError` (also a ``ValueError``): malformed or unknown rule code

    - :class:`RuleConflictError`: two rules that cannot be combined
    - :class:`RuleNotImplementedError`: a catalogue rule the engine does not play yet
  - :class:`IllegalActionError`: the referee refuses an action; the state is unchanged

    - :class:`NotYourTurnError`, :class:`CardNotInHandError`, :class:`CardNotPlayableError`,
      :class:`WindowClosedError`
  - :class:`GameOverError`
  - :class:`ReplayMismatchError`
"""

from __future__ import annotations


class UnoError(Exception):
    """Base class of every unokit error."""


class NotationError(UnoError, ValueError):
    """Text that is not valid card or action notation."""


class RuleCodeError(UnoError, ValueError):
    """A rule code that cannot be parsed or names an unknown rule."""


class RuleConflictError(RuleCodeError):
    """Two rules in one code that cannot be combined."""


class RuleNotImplementedError(RuleCodeError, NotImplementedError):
    """A rule the catalogue lists but this engine does not play yet."""


class IllegalActionError(UnoError):
    """The action is well formed but the rules forbid it now. The game state is unchanged."""


class NotYourTurnError(IllegalActionError):
    """The player may not act now."""


class CardNotInHandError(IllegalActionError):
    """The player does not hold the card(s)."""


class CardNotPlayableError(IllegalActionError):
    """The card(s) do not match the discard pile under the rules in force."""


class WindowClosedError(IllegalActionError):
    """An out-of-turn action (catch, challenge, cut, accusation) after its window closed."""


class GameOverError(IllegalActionError):
    """No action is possible: the hand is over."""


class ReplayMismatchError(UnoError):
    """Re-applying a record did not reproduce the recorded result."""
