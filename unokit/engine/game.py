"""One hand of UNO as a state machine: the referee.

>>> g = Game.new(players=3, seed=1)
>>> g.phase.name, len(g.legal_actions(g.to_act)) > 0
('PLAY', True)
>>> while not g.over:
...     _ = g.apply(g.legal_actions(g.to_act)[0])
>>> g.winner in range(3)
True

Seats are numbered 0..n-1 clockwise; "left" of a seat is the next seat
(+1). ``direction`` is +1 (clockwise) or -1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from ..core import official
from ..core.actions import (
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
from ..core.cards import COLORS, Card, Color, format_physical, plain
from ..core.chance import Chance, ManualClock
from ..core.decks import DECKS, build_deck, deck_counts
from ..core.errors import PositionError, RuleCodeError, UnoError
from ..core.events import Event, make_event
from ..fast import REFEREE, FastGame
from ..rules import RuleSet
from ..rules.base import HouseRule, hooks_of
from ..rules.editions import EDITIONS, edition_of

# (deck_problem: the blanks' own, re-exported by the registry, the plug-in API the engine may name)
from ..rules.registry import build_house_rules, deck_problem  # type: ignore[attr-defined, unused-ignore]
from .referee import lazy
from .referee.challenges import ChallengesMixin
from .referee.checks import ChecksMixin, first_reason
from .referee.dealing import DealingMixin
from .referee.drawing import DrawingMixin
from .referee.listing import ListingMixin
from .referee.playing import PlayingMixin
from .referee.state import Apply, Check, Clock, Hook, Phase, WrongPlay
from .referee.table import TableMixin
from .referee.turns import TurnsMixin
from .referee.uno import UnoMixin

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["Game", "Phase", "Event", "WrongPlay"]


class Game(DealingMixin, ChecksMixin, ListingMixin, DrawingMixin, PlayingMixin, UnoMixin, ChallengesMixin,
           TurnsMixin, TableMixin):
    """The mutable state of one hand plus the referee that changes it.

    Build with :meth:`new` (shuffled or scripted deck) or :meth:`from_position`.
    Ask :meth:`legal_actions` for any player, check with :meth:`can` /
    :meth:`verify`, change with :meth:`apply`. Show a player only
    :meth:`view`.

    :attr:`engine` says what holds the hand: ``"fast"`` while the fast core plays its moves
    (:mod:`unokit.engine.referee.lazy`, chosen by ``Game.new(core="auto")``), ``"referee"`` once the full
    referee does. Both play the same game; the object and its class stay the same.
    """

    #: the fast core playing this hand's moves until its full state is wanted (:mod:`.referee.lazy`); None
    #: once the referee holds the state (or always, for ``core="referee"``)
    _fast: FastGame | None = None

    if not TYPE_CHECKING:
        def __getattr__(self, name: str):
            # called only for a member the hand does not hold: a hand on the fast core puts its state on the
            # referee, then answers (the winner the fast core knows itself)
            fast = self.__dict__.get("_fast")
            if fast is None or name.startswith("__"):
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            if name == "winner":
                return fast.winner
            lazy.materialize(self)
            return getattr(self, name)

    @property
    def engine(self) -> str:
        """``"fast"`` while the fast core plays the hand's moves, ``"referee"`` once the referee holds it.

        >>> g = Game.new(2, seed=1)
        >>> g.engine, (g.view(0) and g.engine), Game.new(2, seed=1, core="referee").engine
        ('fast', 'referee', 'referee')
        """
        return "referee" if self._fast is None else "fast"

    def materialize(self) -> None:
        """Put a hand on the fast core on the full referee now (the same state; nothing else changes)."""
        lazy.materialize(self)

    # ------------------------------------------------------------------ construction
    def __init__(self, players: int, rules: RuleSet, *, enforcement: str = "strict", chance: Chance,
                 clock: Clock | None = None, deck: str = "classic", decks: int = 1) -> None:
        if not 2 <= players <= 10 * decks:
            raise UnoError(f"UNO is for 2 to {10 * decks} players with {decks} deck(s); got {players}")
        if enforcement not in ("strict", "table"):
            raise UnoError("enforcement must be 'strict' or 'table'")
        if deck not in DECKS:
            raise UnoError(f"unknown deck {deck!r}; choose one of {', '.join(sorted(DECKS))}")
        # the state of the hand: each attribute is declared, with its type, in referee.state.HandState
        self.n = players
        self.rules = rules
        self.enforcement = enforcement
        self.strict = enforcement == "strict"
        self.chance = chance
        self.clock = clock or ManualClock()
        self.deck_name = deck
        self.decks = decks
        self.include_blanks = False
        self.special_points = DECKS[deck].special_points
        self.hands = [[] for _ in range(players)]
        self.stock = []
        self.discard = []
        self.hidden_pile = []
        self.color = Color.RED
        self.direction = 1
        self.dealer = 0
        self.current = 0
        self.phase = Phase.PLAY
        self.drawn = None
        self.drawn_options = ()              # cards that may be played in the DRAWN phase
        self.eliminated = set()              # seats out of this hand (MS)
        self.turns_done = 0                  # turns ended this hand (PAA counts rounds)
        self.last_plays = []                 # (seat, cards) of the recent visible plays, newest last
        self.rule_state = {}                 # per-rule state owned by house rules (copied by snapshots)
        self.seq_of_last_play = 0
        self.pending = 0
        self.pending_from = None
        self.pending_kind = 0               # draw value (2/4) of the last draw card, claimed or shown
        self.going_out = None
        self.going_out_hidden = None
        self.owed = None                    # free discards owed (phase FREE_DISCARD: owe_discards)
        self.wd4 = None                     # (player, bluff, prev_color, cards) of the W+4 now on top
        self.color_by = None                # the seat naming the colour of a Wild turned first, when not current
        self.top_player = None              # who put the top card there (None: turned from the stock)
        self.uno_said = [False] * players
        self.catchable = set()
        self.wrong_plays = []
        self.reveals = []                    # (viewers frozenset | None for all, seat, cards)
        self.winner = None
        self.seq = 0
        self.actions = []
        self.events = []
        self.setup = {}
        self.initial_counts = None
        self._deck_cards = []
        # table parameters; house rules change them in their ``setup`` (below)
        self.uno_penalty = rules.param("uno")
        self.wrong_penalty = rules.param("wrong")  # a wrong play noticed (table enforcement; MISTAKE sets it)
        self.uno_forever = False           # the catch window does not close on a start (PRE, SLOWUNO)
        self.no_challenge = False          # NOCHALLENGE
        self.draw_any = False              # DRAWANY: after a turn draw, any playable card of the hand may go
        self.end_draw = True               # NOENDDRAW (False): a last draw card makes nobody draw
        self.wild_matches = deck == "ohana"  # WILDMATCH: a Wild held makes a Wild Draw Four a bluff (002)
        self.teams = ()                    # partnerships by seat (a match's partners modes), when they matter:
        self.team_talk = False             # a hint to a partner costs nothing
        self.show_partners = False         # partners see each other's hands (the view)
        self.score_multiplier = 1          # DOUBLE
        self.hand_limit = 0                # LIMIT (0: none)
        self.open_below = 0                # OPEN: hands smaller than this are shown to all
        self.wild_draw_four_starts = False  # WILDSTART
        self.public_stock = False          # REV
        self.deal_size = rules.param("deal")  # FU, BU
        self._house = _load_house_rules(rules)
        self._hooks = _hooks_for(rules, self._house)
        self._group_ok = self._hooks["group_ok"]
        self._stack_ok = self._hooks["stack_ok"]
        self._cut_problem = self._hooks["cut_problem"]
        self._on_play = self._hooks["on_play"]
        self._on_turn_end = self._hooks["on_turn_end"]
        self._on_turn_start = self._hooks["on_turn_start"]
        self._on_turn_action = self._hooks["on_turn_action"]
        self._play_filter = self._hooks["play_problem"]
        self._allow_play = self._hooks["allow_play"]
        self._after_draw = self._hooks["after_draw"]
        self._after_penalty = self._hooks["after_penalty"]
        self._on_start = self._hooks["on_start"]
        self._group_prefix = self._hooks["group_prefix"]
        self._choices = bool(self._hooks["play_targets"] or self._hooks["gifts_owed"])
        self._custom_play = bool(self._play_filter or self._allow_play or self._choices)
        owner = {t: r for r in self._house for t in r.actions}   # (of two rules owning a class, the later plays it)
        self._actions = _action_table(owner)
        self._action_rules = list(dict.fromkeys(owner.values()))   # (the rules whose actions are listed)
        self._options_first = [r for r in self._action_rules if r.options_first]
        self._options_last = [r for r in self._action_rules if not r.options_first]
        self._answers = {q: r for r in self._house for q in r.answers}   # public query -> the rule answering it
        self._play_hidden = self._hooks["play_hidden"]
        self._turn_plays = self._hooks["turn_plays"]
        self._reshuffle_cards = self._hooks["reshuffle_cards"]
        # number cards whose effect changes the player's own hand (so UNO may be said with them)
        self._hand_change_numbers = frozenset(k for r in self._house for k in r.hand_change_numbers())
        self._hand_change_faces = frozenset(f for r in self._house for f in r.hand_faces)
        self._hand_changers = bool(self._hand_change_numbers or self._hand_change_faces)
        self.edition = edition_of(rules)
        self._effects = self.edition.effects if self.edition is not None else {}
        self._colorless = self.edition is not None and self.edition.colorless
        # UNO Flip: the piles hold double-sided cards (FlipCard), and the colours named are the side's
        self.physical = self.edition is not None and self.edition.double_sided
        self.colors = COLORS
        self.discard_unseen = 0   # cards at the bottom of the discard pile showing sides nobody has seen (a flip)
        # UNO Flex: faces a player may name that are played from another card held (the flex sides)
        self.uses = self.edition.uses if self.edition is not None else {}
        self.flexed = {held: face for face, held in self.uses.items()}
        self.end_reason = "out"
        self.blank = rules.param("blank")
        self._play_memo = {}
        for h in self._hooks["setup"]:
            h(self)

    @classmethod
    def new(cls, players: int = 4, rules: str | RuleSet = "UNO 1121", seed: int | None = None, *,
            enforcement: str = "strict", deck: str = "classic", decks: int = 1, include_blanks: bool = False,
            dealer: int | None = None, deck_order: list[str] | None = None, chance: Chance | None = None,
            clock: Clock | None = None, core: str = "auto") -> Game:
        """Deal a new hand.

        ``dealer``: seat that deals (``None``: draw for it, highest card deals,
        action cards count 0). ``deck_order``: a scripted deck, index -1 on
        top (cards are dealt one at a time, starting with the first player to
        receive, then the first discard is turned); no shuffle happens.
        ``core``: ``"auto"`` plays a strict hand of the official rules on the fast
        core until its full state is wanted (:mod:`unokit.engine.referee.lazy`; the same
        game either way); ``"referee"`` never does.
        """
        from .position import check_table
        check_table(players, deck=deck, decks=decks, enforcement=enforcement, dealer=dealer, seed=seed,
                    include_blanks=include_blanks)  # typed errors before anything is built
        if core not in ("auto", "referee"):
            raise UnoError(f"core must be 'auto' or 'referee', not {core!r}")
        rs = RuleSet.parse(rules)
        deck = _deck_for(rs, deck, players, decks)
        written = rs.param("blanks")
        if written:   # blanks with a rule written on each (unokit.rules.blanks): they are dealt in
            why = deck_problem(rs, deck, decks)
            if why:
                raise RuleCodeError(why)
            include_blanks = True
        if (core == "auto" and cls is Game and enforcement == "strict" and deck == "classic" and decks == 1
                and not include_blanks and chance is None and clock is None):
            on_fast: Game | None = lazy.lazy_game(cls, players, rs, seed, dealer, deck_order)
            if on_fast is not None:
                return on_fast
        g = cls(players, rs, enforcement=enforcement, chance=chance or Chance(seed), clock=clock, deck=deck,
                decks=decks)
        g.include_blanks = include_blanks
        cards = build_deck(deck, decks, include_blanks, written)
        g._deck_cards = cards
        key = (deck, decks, include_blanks, written)
        counts = _COUNTS.get(key)
        if counts is None:
            counts = _COUNTS[key] = deck_counts(cards)
        g.initial_counts = counts
        g._deal(cards, dealer, deck_order)
        return g

    @classmethod
    def from_position(cls, hands: Any, discard: Any, stock: Any = (), *, rules: str | RuleSet = "UNO 1121",
                      current: int = 0, direction: int = 1,
                      color: Color | str | None = None, pending: int = 0, enforcement: str = "strict",
                      dealer: int | None = None, seed: int = 0, clock: Clock | None = None, deck: str = "classic",
                      decks: int = 1) -> Game:
        """Set up an exact position (tests, puzzles). Cards may be notation strings.

        ``stock`` lists the draw pile with its *top card first*.

        >>> g = Game.from_position(['R1 R2', 'G5'], discard='R9', stock='Y1 Y2')
        >>> g.top.code, g.color.name, [len(h) for h in g.hands], g.stock[-1].code
        ('R9', 'RED', [2, 1], 'Y1')
        """
        from .position import check_position
        rs = RuleSet.parse(rules)
        # (a table of fewer than 2 seats is refused by check_position, as a PositionError); an edition's
        # deck or seats that the position breaks make it impossible too
        try:
            deck = _deck_for(rs, deck, len(hands) if isinstance(hands, (list, tuple)) and len(hands) >= 2 else None,
                             decks if type(decks) is int and decks >= 1 else 1)
        except PositionError:
            raise
        except UnoError as e:
            raise PositionError(str(e)) from None
        # refuse an impossible position (PositionError) before any Game is built
        pos = check_position(hands, discard, stock, current=current, direction=direction, color=color,
                             pending=pending, enforcement=enforcement, dealer=dealer, seed=seed, deck=deck,
                             decks=decks, blanks=rs.param("blanks"))
        g = cls(len(pos.hands), rs, enforcement=enforcement, chance=Chance(seed), clock=clock, deck=deck,
                decks=decks)
        g.hands = [list(h) for h in pos.hands]
        g.discard = list(pos.discard)
        g.stock = list(reversed(pos.stock))
        g.color = pos.color
        g.current = current
        g.direction = direction
        g.dealer = (current - direction) % g.n if dealer is None else dealer
        g.pending = pending
        g.pending_kind = g.discard[-1].draw if pending else 0
        if pending:
            g.phase = Phase.PENDING
            g.pending_from = (current - direction) % g.n
        g.top_player = (current - direction) % g.n
        g._deck_cards = [c for h in g.hands for c in h] + g.discard + g.stock
        g.initial_counts = deck_counts(g._deck_cards)
        g.setup = {"position": True}
        g._position = {"hands": [format_physical(h) for h in g.hands],
                       "discard": format_physical(g.discard),
                       "stock": format_physical(reversed(g.stock)), "current": current,
                       "direction": direction, "color": g.color.letter, "pending": pending, "dealer": g.dealer}
        for h in g._on_turn_start:
            h(g, g.current)
        for p, hand in enumerate(g.hands):
            if len(hand) == 1:
                g.uno_said[p] = True  # a position starts with any UNO already said
        return g

    # ------------------------------------------------------------------ queries
    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def over(self) -> bool:
        fast = self._fast
        return self.phase == Phase.OVER if fast is None else fast.over

    def effect_of(self, card: Card, players: int | None = None) -> official.Effect | None:
        """What playing ``card`` does to the turn (:class:`unokit.core.official.Effect`): the edition's
        effect for its own cards (:mod:`unokit.rules.editions`), else the official one; ``None`` for the
        112/Ohana/Italian wilds, which :meth:`_resolve` plays itself. ``players``: the seats counted
        (default: all)."""
        fx = self._effects.get(card.face)
        if fx is not None:
            if callable(fx):   # an effect that depends on the seats (All Wild's Reverse and Skip Two)
                counted: official.Effect | None = fx(len(self.active) if players is None else players)
                return counted
            effect: official.Effect = fx
            return effect
        return official.effect_of(card, self.n if players is None else players)

    def names_color(self, card: Card) -> bool:
        """Does a play of ``card`` name the colour in play? A wild's does (``Card.names_color``), except
        under an edition without colours (All Wild).

        >>> g = Game.new(players=2, seed=1)
        >>> g.names_color(Card.parse('W')), g.names_color(Card.parse('R5'))
        (True, False)
        """
        return card.names_color and not self._colorless

    def set_teams(self, teams: Iterable[Iterable[int]], *, talk: bool = False, show: bool = False) -> None:
        """The partnerships of this hand, by seat (``teams``: tuples of seats), and the table's choices for
        them (000, partners): ``talk``, a hint to a partner costs nothing; ``show``, partners see each
        other's hands."""
        lazy.materialize(self)   # a hand on the fast core goes on the full referee first
        seats = [s for t in teams for s in t]
        if any(type(s) is not int or not 0 <= s < self.n for s in seats) or len(seats) != len(set(seats)):
            raise UnoError(f"teams must be disjoint tuples of seats 0 to {self.n - 1}, got {teams!r}")
        self.teams = tuple(tuple(t) for t in teams)
        self.team_talk, self.show_partners = bool(talk), bool(show)

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team (empty outside partnership play)."""
        return next((tuple(s for s in t if s != seat) for t in self.teams if seat in t), ())

    def set_colors(self, colors: Iterable[Color]) -> None:
        """The colours a wild may name from now on (UNO Flip's side: :data:`unokit.core.cards.DARK_COLORS`)."""
        self.colors = tuple(colors)
        self._play_memo.clear()

    def take_cards(self, seat: int, cards: Iterable[Card]) -> list[Card]:
        """Take ``cards`` (the faces a player names) out of ``seat``'s hand and return the cards held:
        the same, except under UNO Flip, where each is the physical double-sided card of that face
        first in the hand (its holder cannot see the backs, so which copy goes is no choice of theirs)."""
        hand = self.hands[seat]
        if self.uses:   # UNO Flex: a flexed face is played from its card, which goes down as itself
            cards = [self.uses.get(c, c) for c in cards]
        if not self.physical:
            for c in cards:
                hand.remove(c)
            return list(cards)
        return [hand.pop(hand.index(c)) for c in cards]

    def draw_until(self, seat: int, color: Color | None) -> tuple[Card, ...]:
        """``seat`` draws one card at a time until one of ``color`` comes (or the cards run out): the
        cards drawn, the last of that colour. (Wilds have no colour: they do not stop it.)"""
        hand = self.hands[seat]
        got = []
        while self.draw_cards(seat, 1):
            got.append(hand[-1])
            if hand[-1].color is color:
                break
        return tuple(got)

    def put_under_top(self, cards: Iterable[Card]) -> None:
        """Put ``cards`` on the discard pile just under its top card (which stays in play)."""
        self.discard[-1:-1] = list(cards)

    @property
    def to_act(self) -> int:
        """The seat whose action the hand is waiting for (others may still act out of turn)."""
        fast = self._fast
        if fast is not None:
            return fast.current
        if self.phase == Phase.FREE_DISCARD:
            return self.free_discards[0]
        if self.color_by is not None and self.phase == Phase.COLOR:
            return self.color_by
        return self.current

    def next_seat(self, seat: int, steps: int = 1) -> int:
        if not self.eliminated:
            return (seat + steps * self.direction) % self.n
        s, d, n = seat, self.direction, self.n
        for _ in range(steps):
            s = (s + d) % n
            while s in self.eliminated:
                s = (s + d) % n
        return s

    @property
    def active(self) -> list[int]:
        """Seats still in this hand (all but those eliminated by MS)."""
        return [p for p in range(self.n) if p not in self.eliminated]

    def hand_points(self, seat: int) -> int:
        """The points of the cards ``seat`` holds now."""
        return self._cards_points(self.hands[seat])

    def _cards_points(self, cards: Iterable[Card]) -> int:
        """The points of ``cards`` left in a hand: the official values (:func:`unokit.core.official.hand_points`),
        unless the deck scores some cards its own way (``special_points``), times DOUBLE's multiplier."""
        sp = self.special_points
        if sp:
            return self.score_multiplier * sum(sp.get(c.code, official.card_points(c)) for c in cards)
        return self.score_multiplier * official.hand_points(cards)

    def points(self) -> dict[int, int]:
        """Points held in each hand now (classic values; Italian blanks 40)."""
        return {p: self.hand_points(p) for p in range(self.n)}

    def house_rule(self, code: str) -> HouseRule | None:
        for r in self._house:
            if r.code == code:
                return r
        return None

    def query(self, name: str, default: Any = None) -> Any:
        """The answer of the rule in force that answers the public query ``name``
        (:attr:`unokit.rules.base.HouseRule.answers`), or ``default`` when none does: how a front end or
        another rule reads a rule's state without naming it.

        >>> Game.new(2, "UNO 1121 SLOWUNO", seed=1, core="referee").query("catch_expiry")
        {}
        >>> Game.new(2, seed=1, core="referee").query("claim", "none")
        'none'
        """
        r = self._answers.get(name)
        return default if r is None else r.answer(self, name)  # type: ignore[no-untyped-call, unused-ignore]  # (unokit.rules: typed apart)

    @property
    def claim(self) -> Any:
        """The open face-down play (DED's ``Claim``: seq, seat, cards, truthful, draw, went_out), or None:
        the query ``"claim"``."""
        return self.query("claim")

    @property
    def catch_expiry(self) -> dict[int, int]:
        """For each seat that missed an UNO, the number of ended turns at which its catch window closes
        (SLOWUNO: the query ``"catch_expiry"``; empty when no rule times the window)."""
        return self.query("catch_expiry") or {}

    @property
    def face_down(self) -> bool:
        """May cards be played face down (a rule in force plays them: DED)?"""
        return bool(self._play_hidden)

    # ------------------------------------------------------------------ the table API for rules
    # House rules talk to the referee through these public members (and the documented state
    # attributes: hands, stock, discard, color, direction, current, phase, pending, rule_state...),
    # never through its private ones. The moves: emit, draw_cards, penalize, hands_changed,
    # missed_uno, seat_starts, end_turn, finish, finish_hidden, put_down, speak.

    @property
    def stacking(self) -> bool:
        """Is a stacking rule (P1-P4, I, DEFLECT...) in force?"""
        return bool(self._stack_ok)

    def can_stack(self, cards: Sequence[Card]) -> bool:
        """May ``cards`` answer the pending draw under the stacking rules in force?"""
        return any(h(self, cards) for h in self._stack_ok)

    @property
    def grouping(self) -> bool:
        """Is a rule in force that puts several cards down in one play (DR, DD, AA...)?"""
        return bool(self._group_ok or self._group_prefix)

    def can_group(self, cards: Sequence[Card]) -> bool:
        """May ``cards`` go down together under the group rules in force (DR, DD)?"""
        return any(h(self, cards) for h in self._group_ok)

    def can_begin_group(self, cards: Sequence[Card]) -> bool:
        """Can ``cards`` be, or begin, a multi-card play under the rules in force?"""
        return any(h(self, cards) for h in self._group_ok) or any(h(self, cards) for h in self._group_prefix)

    def rule_objection(self, play: Play) -> str | None:
        """The first objection of the rules that judge plays (PAA, PAB, TRI, CHU, FL, CAR...), or None."""
        return first_reason(self._play_filter, self, play)

    @property
    def custom_play(self) -> bool:
        """Do house rules change which plays are legal (so plays are checked one by one)?"""
        return self._custom_play

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, player: int, *, turn: bool = True) -> list[Action]:
        fast = self._fast
        if fast is not None:
            return lazy.legal_actions(self, fast, player, turn)
        return ListingMixin.legal_actions(self, player, turn=turn)

    legal_actions.__doc__ = ListingMixin.legal_actions.__doc__

    def verify(self, action: Action) -> None:
        """Raise the :class:`IllegalActionError` that explains why ``action`` is refused now."""
        fast = self._fast
        if fast is not None:
            if lazy.verify(fast, action):
                return
            lazy.materialize(self)
        ChecksMixin.verify(self, action)

    def can(self, action: Action) -> bool:
        """Would :meth:`apply` accept ``action`` now?"""
        fast = self._fast
        if fast is not None:
            ok = lazy.can(fast, action)
            if ok is not None:
                return ok
            lazy.materialize(self)
        return ChecksMixin.can(self, action)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Referee ``action``: raise (state unchanged) if refused, else change the state.

        Returns the events it caused (on the fast core: a sequence that builds them when first read).
        """
        fast = self._fast
        if fast is not None:
            events = lazy.apply(self, fast, action)
            if events is not None:
                return events   # type: ignore[return-value]  # (a Sequence of the same events)
            lazy.materialize(self)
        prob = self._problem(action)
        if prob is not None:
            raise prob[0](prob[1])
        events = self.events
        start = len(events)
        self.seq += 1
        self.actions.append((self.clock.now(), action))
        if (self._on_turn_action and type(action) in _TURN_ACTIONS
                and cast("Play | Draw | Pass | ChooseColor", action).player == self.to_act):
            replaced = False
            for h in self._on_turn_action:
                replaced = h(self, action) or replaced
            if replaced:  # a rule took the action's place (MS: eliminated instead of drawing)
                return tuple(events[start:])
        self._actions[type(action)][1](self, action)   # (its check passed: _problem found its class in the table)
        return tuple(events[start:])

    def emit(self, kind: str, player: int | None, *detail: Any) -> None:
        if self.physical:   # events show the sides in play, never a Flip card's back
            detail = tuple(_plain_detail(d) for d in detail)
        self.events.append(make_event(kind, self.seq, player, *detail))

    # --- playing

    # --- DED

    # ------------------------------------------------------------------ views, records, invariants
    def view(self, player: int | None) -> PlayerView:
        """What ``player`` may know now (see :mod:`unokit.engine.view`)."""
        from .view import view_of
        return view_of(self, player)

    def record(self) -> dict[str, Any]:
        """The hand as a JSON-ready record: seed, chance outcomes (deck orders), actions, result."""
        from .record import hand_record
        return hand_record(self)

    def card_locations(self) -> Counter[str]:
        """Every card with its place; the conservation invariant compares it with the deck."""
        places = [c for h in self.hands for c in h] + self.stock + self.discard + self.hidden_pile
        return deck_counts(places)

    def check_invariants(self) -> None:
        """Raise AssertionError if a card is lost or duplicated or the state is inconsistent."""
        counts = self.card_locations()
        initial = cast("Counter[str]", self.initial_counts)   # (set once the hand is dealt)
        assert counts == initial, f"cards not conserved: {counts - initial} extra, {initial - counts} missing"
        assert self.discard, "the discard pile is never empty"
        assert 0 <= self.current < self.n
        assert self.pending >= 0
        expiry = self.query("catch_expiry")
        assert expiry is None or all(expiry.get(q, -1) > self.turns_done for q in self.catchable), \
            "a catchable seat without a live catch window expiry (SLOWUNO)"
        if self.phase == Phase.OVER:
            assert self.winner is not None and (not self.hands[self.winner] or self.active == [self.winner]
                                                or self.end_reason != "out")
        else:
            assert self.phase != Phase.PLAY or self.pending == 0

    def fingerprint(self) -> dict[str, Any]:
        from .record import fingerprint
        return fingerprint(self)

    def __repr__(self) -> str:
        return (f"<Game {self.n}p {self.rules.code!r} {self.phase.name} turn={self.current} top={self.top.code}"
                f"/{self.color.letter} hands={[len(h) for h in self.hands]}>")


_TURN_ACTIONS = (Play, Draw, Pass, ChooseColor)

#: each action class the referee plays -> (its check, its application): ``check(game, action)`` says why the
#: action is refused now (or None), ``apply(game, action)`` plays it once its check passed; the two sit side by
#: side in the part of the referee that owns the action. The one dispatch of ``verify``, ``can`` and ``apply``
#: (:meth:`Game._problem`); a rule in force adds its own classes to a hand's table (:func:`_action_table`).
ACTION_TABLE: dict[type[Action], tuple[Check, Apply]] = {
    Play: (Game._check_play, Game._do_play),
    Draw: (Game._check_draw, Game._do_draw),
    Pass: (Game._check_pass, Game._do_pass),
    ChooseColor: (Game._check_color, Game._do_color),
    SayUno: (Game._check_uno, Game._do_uno),
    CatchUno: (Game._check_catch, Game._do_catch),
    Challenge: (Game._check_challenge, Game._do_challenge),
    Notice: (Game._check_notice, Game._do_notice),
    Discard: (Game._check_discard, Game._do_discard),
    Say: (Game._check_say, Game._do_say),
    Hint: (Game._check_hint, Game._do_hint),
}


def _action_table(owner: dict[type[Action], HouseRule]) -> dict[type[Action], tuple[Check, Apply]]:
    """A hand's action table: :data:`ACTION_TABLE` and the action classes the rules in force own (``owner``:
    each class with the rule that plays it, through its ``action_problem`` and ``apply_action``; the
    referee's own classes stay the referee's)."""
    if not owner:
        return ACTION_TABLE
    rules: dict[type[Action], tuple[Check, Apply]] = {
        t: (r.action_problem, r.apply_action) for t, r in owner.items()}  # type: ignore[attr-defined, unused-ignore]
    return {**rules, **ACTION_TABLE}


_COUNTS: dict[tuple[str, int, bool, str], Counter[str]] = {}
_HOUSE: dict[RuleSet, list[HouseRule]] = {}
_HOOKS: dict[RuleSet, dict[str, list[Hook]]] = {}


def _plain_detail(d: Any) -> Any:
    if isinstance(d, Card):
        return plain(d)
    if isinstance(d, tuple) and d and isinstance(d[0], Card):
        return tuple(plain(c) for c in d)
    return d


def _hooks_for(rules: RuleSet, house: list[HouseRule]) -> dict[str, list[Hook]]:
    hit = _HOOKS.get(rules)
    if hit is None:
        hit = _HOOKS[rules] = hooks_of(house)
    return hit


def _deck_for(rs: RuleSet, deck: str, players: int | None, decks: int = 1) -> str:
    """The deck a hand of ``rs`` is played with: an edition's own (``deck`` left at ``classic``), else
    ``deck``; a typed error for another deck, or a number of players the edition does not seat (its
    most, times the ``decks`` shuffled together: 003's "più di un mazzo" for big tables)."""
    ed = edition_of(rs)
    if ed is None:
        owner = next((e.code for e in EDITIONS.values() if e.deck == deck), None)
        if owner is not None:   # an edition's cards do what its rules say: not playable under others
            raise UnoError(f"the {deck} deck is played with its edition: rules='UNO {owner}'")
        return deck
    if deck not in ("classic", ed.deck):
        raise UnoError(f"{ed.code} is played with its own deck ({ed.deck!r}); leave the deck out")
    lo, hi = ed.players
    hi *= decks
    if players is not None and type(players) is int and not lo <= players <= hi:
        more = f" with {decks} decks" if decks > 1 else ""
        raise UnoError(f"{ed.code} is for {lo} to {hi} players{more}; got {players}")
    return ed.deck


def _load_house_rules(rules: RuleSet) -> list[HouseRule]:
    """House-rule objects hold no game state (it lives in the Game), so one set per RuleSet serves all."""
    hit = _HOUSE.get(rules)
    if hit is None:
        hit = _HOUSE[rules] = build_house_rules(rules)
    return hit


REFEREE.append(Game)  # the fast core hands over to this referee (FastGame.to_referee)
