"""unokit: UNO with every official rule and the customization guide's house rules."""

from .core.cards import Card, Color, Face, parse_cards, format_cards
from .core.errors import (UnoError, NotationError, RuleCodeError, RuleConflictError, RuleNotImplementedError,
                     IllegalActionError, NotYourTurnError, CardNotInHandError, CardNotPlayableError,
                     WindowClosedError, GameOverError, ReplayMismatchError)
from .rules import RuleSet, CATALOG
from .rules import registry as _registry  # noqa: F401  (rule modules register their action types)
from .core.decks import build_deck, DECKS
from .engine.game import Game, Phase, Event
from .core.actions import (Action, Play, Draw, Pass, ChooseColor, SayUno, CatchUno, Challenge, Notice, Accuse,
                      Discard, Say, Hint)
from .engine.playback import replay

__all__ = [
    "Game", "Phase", "Event", "Action", "Play", "Draw", "Pass", "ChooseColor", "SayUno", "CatchUno",
    "Challenge", "Notice", "Accuse", "Discard", "Say", "Hint", "replay",
    "Card", "Color", "Face", "parse_cards", "format_cards", "RuleSet", "CATALOG", "build_deck", "DECKS",
    "UnoError", "NotationError", "RuleCodeError", "RuleConflictError", "RuleNotImplementedError",
    "IllegalActionError", "NotYourTurnError", "CardNotInHandError", "CardNotPlayableError",
    "WindowClosedError", "GameOverError", "ReplayMismatchError",
]
