"""The fast core for the official rules (``UNO 1121``): integer cards, integer actions, no hooks.

:class:`FastGame` plays one hand exactly as the referee (:class:`unokit.engine.game.Game`) plays
``Game.new(players, "UNO 1121", seed)`` under strict enforcement: the same seed deals the same
cards, the same actions are legal (in the same order) and lead to the same state, down to the
order of the discard pile that a reshuffle turns into a new stock. It only gives up what bulk
simulation does not need: house rules, table enforcement, events, views and chat.
:meth:`FastGame.from_game` takes over any strictly refereed hand of the official rules (any
ambiguity digits) from the referee, a determinized sample's hidden cards substituted if asked.

The rules are stated twice in unokit, once in Python (the referee) and once compiled (the C core,
``unokit/fast/_ccore.c``), proven equal by the differential tests. :class:`FastGame` states none: it is a
view of one hand held in the C core (:mod:`unokit.fast.view`), and when C refuses an action the referee
says why. Without the compiled core (a source tree that was not built) there is no fast core:
:func:`rules_problem` says so and the referee plays every hand. The C core's tables and numbers come
from :mod:`unokit.core.official` and the house rules' classes (:mod:`unokit.fast.ccore`).

Actions are integers from one fixed table, :data:`ACTIONS` (OpenSpiel style): ``ACTIONS[i]`` is the
referee's frozen :class:`~unokit.core.actions.Action`, :func:`action_id` maps back, and the ids of seat
``s`` are ``s * ACTIONS_PER_SEAT`` to ``(s + 1) * ACTIONS_PER_SEAT - 1`` (``id % ACTIONS_PER_SEAT`` is a
seat-free move number). Cards are ``Card.index`` (0-51 coloured, colour ``c // 13`` and face
``c % 13``; 52 Wild, 53 Wild Draw Four).

>>> import random
>>> g = FastGame(players=3, seed=7)
>>> rng = random.Random(7)
>>> while not g.over:
...     g.apply(rng.choice(g.legal_ids()))
>>> g.winner in range(3), len(g.hands[g.winner])
(True, 0)
>>> str(ACTIONS[g.history[0]]) == str(g.to_referee().actions[0][1])
True
>>> g.to_referee().fingerprint()["hands"] == [format_cards(CARDS[c] for c in h) for h in g.hands]
True
>>> from unokit.core.actions import Play
>>> str(to_action(action_id(Play(1, (Card.parse('W+4'),), Color.GREEN, True))))
'1 play W+4>G uno'
"""

from __future__ import annotations

from ..core import codec, official
from ..core.actions import Action
from ..core.cards import Card, Color, format_cards  # noqa: F401  (the doctests' names)
from ..core.errors import UnoError
from ..core.official import PLAYABLE  # noqa: F401  (the integer tables, for the fast core's readers)
from ..rules import RuleSet
from . import ccore

__all__ = ["FastGame", "ACTIONS", "ACTIONS_PER_SEAT", "MAX_PLAYERS", "action_id", "to_action", "CARDS",
           "RULES", "PLAY", "DRAWN", "PENDING", "COLOR", "OVER", "DRAW_OR_PASS", "K_PLAY", "K_DRAW",
           "K_PASS", "K_CHALLENGE", "K_UNO", "K_COLOR", "K_CATCH", "ACTION_TEXT", "NotCoveredError",
           "rules_problem"]

RULES = "UNO 1121"
MAX_PLAYERS = official.MAX_PLAYERS


class NotCoveredError(UnoError):
    """The fast core does not play this game: house rules, table enforcement, another deck, several
    decks, a phase only house rules reach, or a deal it cannot make (see :func:`rules_problem`)."""


# ------------------------------------------------------------------------------------------- cards
# Every rule fact comes from unokit.core.official (the one statement of the official rules), whose integer
# tables are computed from its Card-level functions: matching (PLAYABLE), the effect of each card on
# the turn (TURN, DRAW_OF), the first-card rules (FIRST), points (POINTS), the deck (DECK).
W, W4 = official.WILD, official.WILD_DRAW_FOUR     # Wild, Wild Draw Four
NCARDS = official.NCARDS
CARDS: tuple[Card, ...] = official.CARDS           # code -> Card (Card.index == code)
DECK = official.DECK_IDS                           # the referee's deck order (before shuffling)
FACES = official.FACES                             # PLAYABLE[color * FACES + face of the top card][card]
assert FACES == 15 and NCARDS == 54 and (W, W4) == (52, 53)  # the C core's card ids (_ccore.c: NC, WILD, WD4)
# the C core tests ``card == WD4`` for the one card that can be challenged: check that the statement agrees
assert [c for c in range(NCARDS) if official.effect(CARDS[c], 3).challengeable] == [W4]

# ------------------------------------------------------------------------------------------- phases
# the referee's Phase values
PLAY, DRAWN, PENDING, COLOR, OVER = 0, 1, 2, 3, 6
_PHASE_NAMES = {PLAY: "PLAY", DRAWN: "DRAWN", PENDING: "PENDING", COLOR: "COLOR", OVER: "OVER"}

# ------------------------------------------------------------------------------------------- actions
# The ids are the engines' numbering (unokit.core.codec, its one statement): seat s's move k is
# s * ACTIONS_PER_SEAT + k
ACTIONS_PER_SEAT, K_PLAY, K_DRAW, K_PASS, K_CHALLENGE, K_UNO, K_COLOR, K_CATCH = (
    codec.ACTIONS_PER_SEAT, codec.K_PLAY, codec.K_DRAW, codec.K_PASS, codec.K_CHALLENGE, codec.K_UNO, codec.K_COLOR,
    codec.K_CATCH)
assert (ACTIONS_PER_SEAT, K_DRAW, K_PASS, K_CHALLENGE, K_UNO, K_COLOR) == (138, 120, 121, 122, 123, 124)  # literals
#: ACTIONS[id] is the referee's frozen action of id ``id``
ACTIONS: tuple[Action, ...] = codec.OFFICIAL
#: ACTION_TEXT[id] is ``str(ACTIONS[id])`` (the notation: search trees key their moves by it)
ACTION_TEXT = tuple(str(a) for a in ACTIONS)
#: DRAW_OR_PASS[id] is True for the Draw and Pass ids (what a "play if you can" random policy filters out)
DRAW_OR_PASS = tuple(i % ACTIONS_PER_SEAT in (K_DRAW, K_PASS) for i in range(len(ACTIONS)))


#: the referee's Game class, registered by unokit.engine.game when it loads (so this module never imports it)
REFEREE: list = []


#: the id of a referee action (``ACTIONS[action_id(a)] == a``); :class:`IllegalActionError` for actions the
#: official rules never allow (groups, chat...)
action_id = codec.official_id


def to_action(i: int) -> Action:
    """The referee action of id ``i``."""
    return ACTIONS[i]


# ------------------------------------------------------------------------------------------- coverage
_RULES_SEEN: dict = {}


def rules_problem(rules, *, dealing: bool = False) -> str | None:
    """Why the fast core cannot play a hand under ``rules`` (a code or a :class:`RuleSet`), or ``None``.

    It plays the official rules with any ambiguity digits and table parameters that change the hand:
    digit D (what a caught bluff does) and ``uno=`` (the missed-UNO penalty). Digits B (corrections
    under table enforcement) and C (who sees a challenged hand) change nothing in a strictly refereed
    hand's state, and the other table parameters belong to matches (``target``, ``scoring``), to chat
    (``hint``), or to cards the classic deck lacks (``blank``). No house rule. Nothing without the compiled
    core (the hand's state is held there): the referee plays then. With ``dealing`` (the
    constructor deals the hand itself) also digit A=1 or 3 (the simplified deal), ``deal=7`` and
    ``first=official``; :meth:`FastGame.from_game` takes over a hand the referee dealt in any way.
    """
    key = (rules, dealing)
    hit = _RULES_SEEN.get(key, False)
    if hit is not False:
        return hit
    rs = RuleSet.parse(rules)
    why = None
    if not ccore.available():
        why = f"the fast core is a view of the compiled core: {ccore.IMPORT_ERROR}"
    elif rs.rules:
        why = f"house rules ({'-'.join(rs.codes)}) are played by the referee only"
    elif dealing and rs.pregame == 2:
        why = ("the fast core deals the simplified way (A=1); take over a traditional deal with "
               "FastGame.from_game(Game.new(...))")
    elif dealing and (rs.deal != official.HAND_SIZE or rs.param("first") != "official"
                      or rs.param("chooser") != "first"):
        why = (f"the fast core deals {official.HAND_SIZE} cards and plays the official first card (its first "
               f"player names a Wild's colour)")
    if len(_RULES_SEEN) < 1024:
        _RULES_SEEN[key] = why
    return why


_RULES_BY_ID: dict = {}
_DEALT: dict = {}   # rules -> (RuleSet, missed-UNO penalty, digit D) for the constructor


def _game_problem(game) -> str | None:
    """Why :meth:`FastGame.from_game` cannot take over the referee's ``game`` now, or ``None``."""
    rs = game.rules
    hit = _RULES_BY_ID.get(id(rs))  # RuleSets are interned by their text: skip hashing the dataclass
    if hit is None or hit[0] is not rs:
        hit = (rs, rules_problem(rs))
        if len(_RULES_BY_ID) < 1024:
            _RULES_BY_ID[id(rs)] = hit
    if hit[1]:
        return hit[1]
    if not game.strict:
        return "table enforcement is played by the referee only"
    if game.deck_name != official.DECK or game.decks != 1:
        return f"the fast core plays one {official.DECK} deck"
    ph = game.phase
    if ph > 3 and ph != 6:
        return f"phase {ph.name} is reached only under house rules"
    if game.eliminated:
        return "eliminated seats are a house rule"
    if ph == 1 and game.drawn_options != (game.drawn,):
        return "after a draw the official rules offer only the card drawn"
    if game.wd4 is not None and len(game.wd4[3]) != 1:
        return "groups of cards are a house rule"
    return None


# ------------------------------------------------------------------------------------------- the game
from .view import FastGame  # noqa: E402  (a view of one C state; it reads the names above)
