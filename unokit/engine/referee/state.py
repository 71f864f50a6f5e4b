"""What the referee's parts share: the state of a hand (:class:`HandState`), its phases and the record of
a wrong play."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ...core.cards import Card, Color

if TYPE_CHECKING:
    from collections import Counter

    from ...core.actions import Action, Play
    from ...core.cards import Face
    from ...core.chance import Chance
    from ...core.events import Event
    from ...core.official import Effect
    from ...rules import RuleSet
    from ...rules.base import HouseRule
    from ...rules.editions import Edition

__all__ = ["HandState", "Phase", "WrongPlay", "OwedDiscards", "Clock", "Hook", "Problem", "Check", "Apply",
           "copy_rule_state"]


class Phase(IntEnum):
    PLAY = 0           # the player in turn plays or draws
    DRAWN = 1          # the player drew a playable card: play it or pass
    PENDING = 2        # the player in turn faces a draw penalty: draw / challenge / stack
    COLOR = 3          # first discard was a Wild: the first player names the colour
    FREE_DISCARD = 4   # a player owes a free discard (Game.owe_discards: where it goes is the rule's)
    HIDDEN_FINISH = 5  # a hand emptied by cards played face down: the next player accepts, or a rule's challenge
    OVER = 6


class WrongPlay(NamedTuple):
    """Table enforcement: a play that broke the rules and stands until noticed."""

    seq: int
    player: int
    cards: tuple[Card, ...]
    reason: str
    snapshot: dict[str, Any]   # the state to restore (TableMixin._snapshot)
    prev_color: Color
    next_player: int


class OwedDiscards(NamedTuple):
    """Free discards owed (phase ``FREE_DISCARD``, :meth:`~unokit.engine.game.Game.owe_discards`): the seats
    that owe them, one entry per card, in order; the phase to go back to once they are made; and
    ``put(game, seat, card)``, which puts each card where it goes (the rule's or the card's own)."""

    seats: tuple[int, ...]
    resume: Phase
    put: Callable[[Any, int, Card], None]


class Clock(Protocol):
    """What the referee asks of a clock (:class:`unokit.core.chance.ManualClock`, ``SystemClock``)."""

    def now(self) -> float: ...


#: a house rule's hook (:func:`unokit.rules.base.hooks_of`): a bound method called with the game first
Hook = Callable[..., Any]
#: why an action is refused: (the error class raised, its message), or None when it is not
Problem = tuple[type[Exception], str] | None
#: an action class's check, ``check(game, action)``: its :data:`Problem` (``verify``, ``can``, ``apply``, the listing)
Check = Callable[[Any, Any], Problem]
#: an action class's application, ``apply(game, action)``, made once its check found no problem
Apply = Callable[[Any, Any], None]


class HandState:
    """The state of one hand of UNO, declared once with its types: every part of the referee
    (:mod:`unokit.engine.referee`) subclasses it, and :class:`unokit.engine.game.Game` (which combines
    them) sets every attribute in ``__init__``.

    Only annotations: the class sets no value (an attribute a hand on the fast core lacks stays missing, so
    that reading it puts the hand on the referee: :mod:`unokit.engine.referee.lazy`), and has no ``__slots__``.
    """

    # ---- the table
    n: int                        # seats, 0..n-1 clockwise
    rules: RuleSet
    enforcement: str              # "strict" or "table"
    strict: bool                  # enforcement == "strict"
    chance: Chance
    clock: Clock                  # stamps each action (``actions``)
    deck_name: str                # a key of unokit.core.decks.DECKS
    decks: int                    # decks shuffled together
    include_blanks: bool
    special_points: dict[str, int]  # card code -> points, where the deck scores a card its own way
    edition: Edition | None
    physical: bool                # UNO Flip: the piles hold double-sided cards (FlipCard)
    colors: tuple[Color, ...]     # the colours a wild may name now (UNO Flip: the side's)
    uses: dict[Card, Card]        # UNO Flex: a flexed face -> the card it is played from
    flexed: dict[Card, Card]      # UNO Flex: the card -> its flexed face
    blank: Any                    # the table parameter ``blank`` (rules.param)

    # ---- the cards
    hands: list[list[Card]]
    stock: list[Card]             # index -1 on top
    discard: list[Card]           # index -1 on top (never empty once dealt)
    hidden_pile: list[Card]       # the engine's face-down pile: cards a rule lets go down unseen (play_hidden)
    discard_unseen: int           # cards at the bottom of the discard pile showing sides nobody has seen (a flip)
    initial_counts: Counter[str] | None  # the deck's card codes (the conservation invariant); None until dealt
    _deck_cards: list[Card]
    _deck_order: list[str]        # a scripted deck as dealt (only when one was given: setup["scripted"])
    _position: dict[str, Any]     # the position a hand started from (only from_position: setup["position"])

    # ---- the turn
    color: Color                  # the colour in play
    direction: int                # +1 clockwise, -1 counter-clockwise
    dealer: int
    current: int                  # the seat in turn
    phase: Phase
    drawn: Card | None            # the card just drawn that may be played (phase DRAWN)
    drawn_options: tuple[Card, ...]  # cards that may be played in the DRAWN phase
    eliminated: set[int]          # seats out of this hand (MS)
    turns_done: int               # turns ended this hand (PAA counts rounds)
    last_plays: list[tuple[int, tuple[Card, ...]]]  # (seat, cards) of the recent visible plays, newest last
    rule_state: dict[str, Any]    # per-rule state owned by house rules (copied by snapshots)
    seq_of_last_play: int         # the seq of the last visible play
    pending: int                  # cards the seat in turn must draw (phase PENDING)
    pending_from: int | None      # who made them due (None: the first card turned)
    pending_kind: int             # draw value (2/4) of the last draw card, claimed or shown
    going_out: int | None         # a seat that went out on a draw card: it wins once the draw is taken
    going_out_hidden: int | None  # a seat whose hand emptied face down (phase HIDDEN_FINISH)
    owed: OwedDiscards | None     # free discards owed (phase FREE_DISCARD)
    wd4: tuple[int, bool, Color, tuple[Card, ...]] | None  # (player, bluff, prev_color, cards) of the W+4 now on top
    color_by: int | None          # the seat naming the colour of a Wild turned first, when not current
    top_player: int | None        # who put the top card there (None: turned from the stock)
    uno_said: list[bool]          # by seat: UNO said for the one card held
    catchable: set[int]           # seats that may be caught missing an UNO now
    wrong_plays: list[WrongPlay]  # table enforcement: wrong plays not yet noticed
    reveals: list[tuple[frozenset[int] | None, int, tuple[Card, ...]]]  # (viewers, None for all; seat; cards)
    winner: int | None
    end_reason: str               # how the hand ended ("out": a hand emptied)

    # ---- the record
    seq: int                      # actions applied so far (each event carries the seq of its action)
    actions: list[tuple[float, Action]]  # (clock time, action), in order
    events: list[Event]
    setup: dict[str, Any]         # how the hand was set up (the record's "setup")

    # ---- table parameters; house rules change them in their ``setup`` hook
    uno_penalty: int              # cards for a missed UNO
    wrong_penalty: int            # a wrong play noticed (table enforcement; MISTAKE sets it)
    uno_forever: bool             # the catch window does not close on a start (PRE, SLOWUNO)
    no_challenge: bool            # NOCHALLENGE
    draw_any: bool                # DRAWANY: after a turn draw, any playable card of the hand may go
    end_draw: bool                # NOENDDRAW (False): a last draw card makes nobody draw
    wild_matches: bool            # WILDMATCH: a Wild held makes a Wild Draw Four a bluff (002)
    teams: tuple[tuple[int, ...], ...]  # partnerships by seat (a match's partners modes), when they matter
    team_talk: bool               # a hint to a partner costs nothing
    show_partners: bool           # partners see each other's hands (the view)
    score_multiplier: int         # DOUBLE
    hand_limit: int               # LIMIT (0: none)
    open_below: int               # OPEN: hands smaller than this are shown to all
    wild_draw_four_starts: bool   # WILDSTART
    public_stock: bool            # REV
    deal_size: int                # cards dealt to each seat (FU, BU)

    # ---- the house rules in force, and what the referee caches of them
    _house: list[HouseRule]
    _hooks: dict[str, list[Hook]]  # hook point -> the rules' hooks (unokit.rules.base.HOOKS)
    _group_ok: list[Hook]
    _stack_ok: list[Hook]
    _cut_problem: list[Hook]
    _on_play: list[Hook]
    _on_turn_end: list[Hook]
    _on_turn_start: list[Hook]
    _on_turn_action: list[Hook]
    _play_filter: list[Hook]      # the hooks of play_problem
    _allow_play: list[Hook]
    _after_draw: list[Hook]
    _after_penalty: list[Hook]
    _on_start: list[Hook]
    _play_hidden: list[Hook]      # the hooks of play_hidden: a rule lets cards go face down (DED)
    _reshuffle_cards: list[Hook]
    _group_prefix: list[Hook]
    _choices: bool                # plays may name a target or give cards (play_targets, gifts_owed)
    _custom_play: bool            # house rules change which plays are legal (checked one by one)
    _actions: dict[type[Action], tuple[Check, Apply]]  # this hand's action table: the engine's (game.ACTION_TABLE) and
    #                             the actions of the rules in force (HouseRule.actions: action_problem, apply_action)
    _answers: dict[str, HouseRule]  # a public query -> the rule that answers it (Game.query)
    _options_first: list[Any]     # rules whose action options are listed with the catches (options_first)
    _options_last: list[Any]      # the other rules with actions of their own, listed last
    _action_rules: list[Any]      # the rules in force with actions of their own (both lists above)
    _turn_plays: list[Hook]       # plays rules add to the options of the seat in turn (DED: face down)
    _hand_change_numbers: frozenset[int]  # number cards whose effect changes the player's own hand
    _hand_change_faces: frozenset[Face]   # likewise for faces
    _hand_changers: bool          # either is non-empty
    _effects: dict[int, Any]      # the edition's effects by face: an Effect, or a function of the seats counted
    _colorless: bool              # an edition without colours (All Wild)
    _play_memo: dict[tuple[int, Card, bool], list[Play]]  # (seat, card, two held) -> its plays (ListingMixin._single)

    if TYPE_CHECKING:
        # The referee's members that its parts call on one another: defined in game.py and in the parts,
        # declared here for the type checker only (nothing of this exists at run time).
        @property
        def top(self) -> Card: ...
        @property
        def to_act(self) -> int: ...
        @property
        def active(self) -> list[int]: ...
        @property
        def claim(self) -> Any: ...
        def query(self, name: str, default: Any = None) -> Any: ...
        def emit(self, kind: str, player: int | None, *detail: Any) -> None: ...
        def next_seat(self, seat: int, steps: int = 1) -> int: ...
        def effect_of(self, card: Card, players: int | None = None) -> Effect | None: ...
        def names_color(self, card: Card) -> bool: ...
        def partners_of(self, seat: int) -> tuple[int, ...]: ...
        def take_cards(self, seat: int, cards: Iterable[Card]) -> list[Card]: ...
        def _cards_points(self, cards: Iterable[Card]) -> int: ...
        # (the parts)
        def draw_cards(self, seat: int, k: int) -> int: ...
        def penalize(self, seat: int, k: int, why: str) -> None: ...
        def seat_starts(self, seat: int) -> None: ...
        def end_turn(self, seat: int, nxt: int) -> None: ...
        def finish(self, winner: int) -> None: ...
        def finish_hidden(self) -> None: ...
        def hands_changed(self, seats: Iterable[int]) -> None: ...
        def legal_actions(self, player: int, *, turn: bool = True) -> list[Action]: ...
        def expand(self, stem: Action) -> list[Play]: ...
        def missed_uno(self, seat: int) -> None: ...
        def speak(self, p: int, text: str, is_uno: bool = False) -> None: ...
        def match_problem(self, play: Play) -> str | None: ...
        def _play_problem(self, play: Play) -> tuple[type[Exception], str, bool] | None: ...
        def _problem(self, action: Action) -> tuple[type[Exception], str] | None: ...
        def _whose(self) -> str: ...
        def _colors_problem(self, color: Color | None) -> str: ...
        def _snapshot(self) -> dict[str, Any]: ...


def copy_rule_state(d: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of the rules' own state (snapshots for table enforcement)."""
    return copy.deepcopy(d) if d else {}
