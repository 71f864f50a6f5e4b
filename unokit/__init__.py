"""unokit: UNO with every official rule and the customization guide's house rules."""

from .core.actions import (
                     Accuse,
                     Action,
                     CatchUno,
                     Challenge,
                     ChooseColor,
                     Discard,
                     Draw,
                     Hint,
                     Notice,
                     Pass,
                     Play,
                     Say,
                     SayUno,
)
from .core.cards import Card, Color, Face, format_cards, parse_cards
from .core.decks import DECKS, build_deck
from .core.errors import (
                     CardNotInHandError,
                     CardNotPlayableError,
                     GameOverError,
                     IllegalActionError,
                     NotationError,
                     NotYourTurnError,
                     ReplayMismatchError,
                     RuleCodeError,
                     RuleConflictError,
                     RuleNotImplementedError,
                     UnoError,
                     WindowClosedError,
)
from .engine.game import Event, Game, Phase
from .engine.playback import replay
from .rules import CATALOG, RuleSet
from .rules import registry as _registry  # noqa: F401  (rule modules register their action types)

__all__ = [
    "Game", "Phase", "Event", "Action", "Play", "Draw", "Pass", "ChooseColor", "SayUno", "CatchUno",
    "Challenge", "Notice", "Accuse", "Discard", "Say", "Hint", "replay",
    "Card", "Color", "Face", "parse_cards", "format_cards", "RuleSet", "CATALOG", "build_deck", "DECKS",
    "UnoError", "NotationError", "RuleCodeError", "RuleConflictError", "RuleNotImplementedError",
    "IllegalActionError", "NotYourTurnError", "CardNotInHandError", "CardNotPlayableError",
    "WindowClosedError", "GameOverError", "ReplayMismatchError",
]
