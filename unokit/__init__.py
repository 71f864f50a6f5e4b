"""unokit: UNO with every official rule and the customization guide's house rules."""

from .cards import Card, Color, Face, parse_cards, format_cards
from .errors import (UnoError, NotationError, RuleCodeError, RuleConflictError, RuleNotImplementedError,
                     IllegalActionError, NotYourTurnError, CardNotInHandError, CardNotPlayableError,
                     WindowClosedError, GameOverError, ReplayMismatchError)
from .rules import RuleSet, CATALOG
from .decks import build_deck, DECKS

__all__ = [
    "Card", "Color", "Face", "parse_cards", "format_cards", "RuleSet", "CATALOG", "build_deck", "DECKS",
    "UnoError", "NotationError", "RuleCodeError", "RuleConflictError", "RuleNotImplementedError",
    "IllegalActionError", "NotYourTurnError", "CardNotInHandError", "CardNotPlayableError",
    "WindowClosedError", "GameOverError", "ReplayMismatchError",
]
