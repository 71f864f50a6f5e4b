"""unokit: UNO with every official rule and the customization guide's house rules."""

from .cards import Card, Color, Face, parse_cards, format_cards
from .errors import (UnoError, NotationError, RuleCodeError, RuleConflictError, RuleNotImplementedError,
                     IllegalActionError, NotYourTurnError, CardNotInHandError, CardNotPlayableError,
                     WindowClosedError, GameOverError, ReplayMismatchError)
from .rules import RuleSet, CATALOG
from .rules import registry as _registry  # noqa: F401  (rule modules register their action types)
from .decks import build_deck, DECKS
from .game import Game, Phase, Event
from .actions import (Action, Play, Draw, Pass, ChooseColor, SayUno, CatchUno, Challenge, Notice, Accuse,
                      Discard, Say, Hint)
from .playback import replay

__all__ = [
    "Game", "Phase", "Event", "Action", "Play", "Draw", "Pass", "ChooseColor", "SayUno", "CatchUno",
    "Challenge", "Notice", "Accuse", "Discard", "Say", "Hint", "replay",
    "Card", "Color", "Face", "parse_cards", "format_cards", "RuleSet", "CATALOG", "build_deck", "DECKS",
    "UnoError", "NotationError", "RuleCodeError", "RuleConflictError", "RuleNotImplementedError",
    "IllegalActionError", "NotYourTurnError", "CardNotInHandError", "CardNotPlayableError",
    "WindowClosedError", "GameOverError", "ReplayMismatchError",
]
