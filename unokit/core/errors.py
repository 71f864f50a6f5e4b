"""The error hierarchy.

Bad *syntax* (a card or rule code that cannot be read) is separated from
*illegal actions* (a well-formed action the rules forbid right now):

- :class:`UnoError` (base)
  - :class:`NotationError` (also a ``ValueError``): unreadable card / action text
  - :class:`RuleCodeError` (also a ``ValueError``): malformed or unknown rule code, or a
    parameter out of its range

    - :class:`RuleConflictError`: two rules that cannot be combined, or a rule without the one it needs
    - :class:`RuleNotImplementedError`: a catalogue rule the engine does not play yet
  - :class:`PositionError` (also a ``ValueError``): a set-up position that no deck can hold
    (``Game.from_position``; checked before any game is built)
  - :class:`IllegalActionError`: the referee refuses an action; the state is unchanged

    - :class:`NotYourTurnError`, :class:`CardNotInHandError`, :class:`CardNotPlayableError`,
      :class:`WindowClosedError`, :class:`IncompletePlayError`
  - :class:`GameOverError`
  - :class:`ReplayMismatchError`: a record that does not reproduce its result

    - :class:`RecordError` (also a ``ValueError``): a record of the wrong shape (a missing or
      wrong-typed field, named in the message), refused before anything is replayed
"""

from __future__ import annotations


class UnoError(Exception):
    """Base class of every unokit error."""


class NotationError(UnoError, ValueError):
    """Text that is not valid card or action notation."""


class RuleCodeError(UnoError, ValueError):
    """A rule code that cannot be parsed or names an unknown rule."""


class RuleConflictError(RuleCodeError):
    """Two rules in one code that cannot be combined (or a rule without the rule it needs: BOMB
    without DR or DD)."""


class RuleNotImplementedError(RuleCodeError, NotImplementedError):
    """A rule the catalogue lists but this engine does not play yet."""


class PositionError(UnoError, ValueError):
    """A position for ``Game.from_position`` that is impossible: cards the deck does not hold (or
    holds fewer of), a seat or direction out of range, a pending draw with no draw card on top, an
    empty discard pile, or values of the wrong type."""


class IllegalActionError(UnoError):
    """The action is well formed but the rules forbid it now. The game state is unchanged."""


class NotYourTurnError(IllegalActionError):
    """The player may not act now."""


class CardNotInHandError(IllegalActionError):
    """The player does not hold the card(s)."""


class CardNotPlayableError(IllegalActionError):
    """The card(s) do not match the discard pile under the rules in force."""


class IncompletePlayError(IllegalActionError):
    """A play still being composed (``Play.more`` set): choose the rest first (``Game.expand``)."""


class WindowClosedError(IllegalActionError):
    """An out-of-turn action (catch, challenge, cut, accusation) after its window closed."""


class GameOverError(IllegalActionError):
    """No action is possible: the hand is over."""


class ReplayMismatchError(UnoError):
    """Re-applying a record did not reproduce the recorded result."""


class RecordError(ReplayMismatchError, ValueError):
    """A hand or match record of the wrong shape: a missing field, a value of the wrong type or out
    of range. The message names the field (``actions[3][1].player``)."""


class UsageError(UnoError, ValueError):
    """A command's options that do not go together (``unokit solitaire --solve --plain``): one line."""


class LabError(UnoError):
    """A lab, duel or tournament asked for something impossible (unknown bot, bad counts...)."""
