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

from enum import IntEnum
from typing import NamedTuple

from .actions import (Accuse, Action, CatchUno, Challenge, ChooseColor, Discard, Draw, Hint, Notice, Pass,
                      Play, Say, SayUno)
from .cards import COLORS, Card, Color, Face
from .chance import Chance, ManualClock
from .decks import DECKS, build_deck, deck_counts
from .errors import (CardNotInHandError, CardNotPlayableError, GameOverError, IllegalActionError,
                     NotYourTurnError, UnoError, WindowClosedError)
from .rules import RuleSet
from .rules.base import hooks_of

__all__ = ["Game", "Phase", "Event", "WrongPlay"]


class Phase(IntEnum):
    PLAY = 0           # the player in turn plays or draws
    DRAWN = 1          # the player drew a playable card: play it or pass
    PENDING = 2        # the player in turn faces a draw penalty: draw / challenge / stack
    COLOR = 3          # first discard was a Wild: the first player names the colour
    FREE_DISCARD = 4   # DED: a player owes a face-down discard
    HIDDEN_FINISH = 5  # DED: a hand emptied face down; accuse or accept
    OVER = 6


class Event(NamedTuple):
    """What happened, in order. ``detail`` is a small tuple of plain values."""

    seq: int
    kind: str
    player: int | None
    detail: tuple = ()


class WrongPlay(NamedTuple):
    """Table enforcement: a play that broke the rules and stands until noticed."""

    seq: int
    player: int
    cards: tuple
    reason: str
    snapshot: object
    prev_color: Color
    next_player: int


_PLAY_PHASES = (Phase.PLAY, Phase.DRAWN)


class Game:
    """The mutable state of one hand plus the referee that changes it.

    Build with :meth:`new` (shuffled or scripted deck) or :meth:`from_position`.
    Ask :meth:`legal_actions` for any player, check with :meth:`can` /
    :meth:`verify`, change with :meth:`apply`. Show a player only
    :meth:`view`.
    """

    # ------------------------------------------------------------------ construction
    def __init__(self, players: int, rules: RuleSet, *, enforcement: str = "strict", chance: Chance,
                 clock=None, deck: str = "classic", decks: int = 1):
        if not 2 <= players <= 10 * decks:
            raise UnoError(f"UNO is for 2 to {10 * decks} players with {decks} deck(s); got {players}")
        if enforcement not in ("strict", "table"):
            raise UnoError("enforcement must be 'strict' or 'table'")
        if deck not in DECKS:
            raise UnoError(f"unknown deck {deck!r}; choose one of {', '.join(sorted(DECKS))}")
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
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.hidden_pile: list[Card] = []
        self.color: Color = Color.RED
        self.direction = 1
        self.dealer = 0
        self.current = 0
        self.phase = Phase.PLAY
        self.drawn: Card | None = None
        self.drawn_options: tuple = ()       # cards that may be played in the DRAWN phase
        self.skip_next = 0                   # extra seats an effect skips (DAD)
        self.eliminated: set[int] = set()    # seats out of this hand (MS)
        self.turns_done = 0                  # turns ended this hand (PAA counts rounds)
        self.last_plays: list = []           # (seat, cards) of the recent visible plays, newest last
        self.rule_state: dict = {}           # per-rule state owned by house rules (copied by snapshots)
        self.cancel_action = False
        self.seq_of_last_play = 0
        self.pending = 0
        self.pending_from: int | None = None
        self.pending_kind = 0               # draw value (2/4) of the last draw card, claimed or shown
        self.going_out: int | None = None
        self.going_out_hidden: int | None = None
        self.wd4 = None                     # (player, bluff, prev_color, cards) of the W+4 now on top
        self.top_player: int | None = None  # who put the top card there (None: turned from the stock)
        self.uno_said = [False] * players
        self.catchable: set[int] = set()
        self.wrong_plays: list[WrongPlay] = []
        self.reveals: list[tuple] = []      # (viewers frozenset | None for all, seat, cards)
        self.claim = None                   # DED: the open face-down play
        self.free_discards: list[int] = []
        self.resume = None                  # phase to return to after free discards
        self.silence = None                 # S: (owner, turns_left, fresh) or None
        self.winner: int | None = None
        self.seq = 0
        self.actions: list[tuple[float, Action]] = []
        self.events: list[Event] = []
        self.setup: dict = {}
        self.initial_counts = None
        self._deck_cards: list[Card] = []
        self.uno_penalty = 4 if rules.has("MEM") else rules.param("uno")
        self.uno_forever = rules.has("PRE")
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
        self._extra_plays = self._hooks["extra_plays"]
        self._after_draw = self._hooks["after_draw"]
        self._after_penalty = self._hooks["after_penalty"]
        self._play_options = self._hooks["play_options"]
        self._on_start = self._hooks["on_start"]
        self._custom_play = bool(self._play_filter or self._allow_play or self._extra_plays or self._play_options)
        self._rule_actions = {t: r for r in self._house for t in r.actions}
        self._rev = rules.has("REV")
        # number cards whose effect changes the player's own hand (so UNO may be said with them)
        self._hand_change_numbers = frozenset(
            {rules.card_of(c) for c in ("T", "CAR", "ZEROLEFT", "DOA") if rules.has(c)}
            | ({0, 7} if rules.has("SEVENO") else set()))
        self._hand_changers = bool(self._hand_change_numbers)
        self.no_challenge = rules.has("NOCHALLENGE")
        self.score_multiplier = 2 if rules.has("DOUBLE") else 1
        self.hand_limit = rules.param("LIMIT", "cards") if rules.has("LIMIT") else 0
        self.slow_uno = rules.has("SLOWUNO")
        self.catch_expiry: dict[int, int] = {}
        self.next_override: int | None = None
        self.end_reason = "out"
        self.blank = rules.param("blank")
        self.free_discard_dest = "hidden"
        self.turn_clock = (0, 0.0, False)
        self._ded = rules.has("DED")
        self._play_memo: dict = {}
        self._pp = None

    @classmethod
    def new(cls, players: int = 4, rules: "str | RuleSet" = "UNO 1121", seed: int | None = None, *,
            enforcement: str = "strict", deck: str = "classic", decks: int = 1, include_blanks: bool = False,
            dealer: int | None = None, deck_order: list | None = None, chance: Chance | None = None,
            clock=None) -> "Game":
        """Deal a new hand.

        ``dealer``: seat that deals (``None``: draw for it, highest card deals,
        action cards count 0). ``deck_order``: a scripted deck, index -1 on
        top (cards are dealt one at a time, starting with the first player to
        receive, then the first discard is turned); no shuffle happens.
        """
        rs = RuleSet.parse(rules)
        g = cls(players, rs, enforcement=enforcement, chance=chance or Chance(seed), clock=clock, deck=deck,
                decks=decks)
        g.include_blanks = include_blanks
        cards = build_deck(deck, decks, include_blanks)
        g._deck_cards = cards
        key = (deck, decks, include_blanks)
        counts = _COUNTS.get(key)
        if counts is None:
            counts = _COUNTS[key] = deck_counts(cards)
        g.initial_counts = counts
        g._deal(cards, dealer, deck_order)
        return g

    @classmethod
    def from_position(cls, hands, discard, stock=(), *, rules="UNO 1121", current: int = 0, direction: int = 1,
                      color: Color | str | None = None, pending: int = 0, enforcement: str = "strict",
                      dealer: int | None = None, seed: int = 0, clock=None, deck: str = "classic") -> "Game":
        """Set up an exact position (tests, puzzles). Cards may be notation strings.

        ``stock`` lists the draw pile with its *top card first*.

        >>> g = Game.from_position(['R1 R2', 'G5'], discard='R9', stock='Y1 Y2')
        >>> g.top.code, g.color.name, [len(h) for h in g.hands], g.stock[-1].code
        ('R9', 'RED', [2, 1], 'Y1')
        """
        from .cards import parse_cards
        rs = RuleSet.parse(rules)
        g = cls(len(hands), rs, enforcement=enforcement, chance=Chance(seed), clock=clock, deck=deck)
        g.hands = [parse_cards(h) if not isinstance(h, list) or (h and not isinstance(h[0], Card))
                   else list(h) for h in hands]
        g.discard = parse_cards(discard)
        g.stock = list(reversed(parse_cards(stock)))
        g.color = Color.parse(color) if isinstance(color, str) else (color if color is not None else
                                                                       (g.discard[-1].color or Color.RED))
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
        g._position = {"hands": [" ".join(c.code for c in h) for h in g.hands],
                       "discard": " ".join(c.code for c in g.discard),
                       "stock": " ".join(c.code for c in reversed(g.stock)), "current": current,
                       "direction": direction, "color": g.color.letter, "pending": pending, "dealer": g.dealer}
        for h in g._on_turn_start:
            h(g, g.current)
        for p, h in enumerate(g.hands):
            if len(h) == 1:
                g.uno_said[p] = True  # a position starts with any UNO already said
        return g

    # ------------------------------------------------------------------ dealing
    def _deal(self, cards: list[Card], dealer: int | None, deck_order) -> None:
        rs, n, ch = self.rules, self.n, self.chance
        if self.initial_counts is None:
            self.initial_counts = deck_counts(cards)
        if dealer is None:
            dealer = self._draw_for_dealer(cards)
        self.dealer = dealer
        traditional = rs.pregame == 2
        if deck_order is not None:
            from .cards import parse_cards
            order = parse_cards(deck_order)
            if deck_counts(order) != deck_counts(cards):
                raise UnoError("deck_order must hold exactly the deck's cards")
            self.setup["scripted"] = True
            self._deck_order = [c.code for c in order]
        else:
            order = ch.shuffle(cards)
        if traditional:
            # the player left of the dealer cuts; the card at the cut is turned as the first discard
            k = ch.randint(0, len(order) - 1) if deck_order is None else len(order) - 1
            first = order.pop(k)
            self.direction = -1
        else:
            first = None
            self.direction = 1
        deal = rs.deal
        if deal * n >= len(order):
            raise UnoError(f"cannot deal {deal} cards to {n} players from {len(order)} cards; add a deck")
        first_receiver = (dealer + self.direction) % n
        for _ in range(deal):
            for i in range(n):
                self.hands[(first_receiver + i * self.direction) % n].append(order.pop())
        self.stock = order
        self.setup.update(dealer=dealer, direction=self.direction)
        self._turn_first(first)

    def _draw_for_dealer(self, cards: list[Card]) -> int:
        """Each player draws; the highest number deals (actions count 0); ties redraw."""
        order = self.chance.shuffle(cards)
        contenders = list(range(self.n))
        draws = []
        while True:
            got = {p: order.pop() for p in contenders}
            draws.append({p: c.code for p, c in got.items()})
            best = max(c.number or 0 for c in got.values())
            contenders = [p for p in contenders if (got[p].number or 0) == best]
            if len(contenders) == 1 or not order:
                break
        self.setup["dealer_draws"] = draws
        return contenders[0]

    def _turn_first(self, first: Card | None) -> None:
        """Turn the first discard and apply the first-card rules (000 §FUNÇÕES DAS CARTAS DE AÇÃO)."""
        redraw_actions = self.rules.param("first") == "redraw"
        while True:
            card = first if first is not None else self.stock.pop()
            first = None
            again = card.face in (Face.WILD_DRAW_FOUR, Face.WILD_SWAP, Face.WILD_SHUFFLE, Face.WILD_OHANA,
                                  Face.WILD_BLANK) or (redraw_actions and (card.is_action or card.is_wild))
            if card.face == Face.WILD_DRAW_FOUR and self.rules.has("WILDSTART"):
                again = False
            if not again:
                break
            # returned to the deck, reshuffled, turn another
            self.stock = self.chance.shuffle(self.stock + [card])
            self._event("first-returned", None, card.code)
        self.discard = [card]
        self.top_player = None
        self.color = card.color if card.color is not None else Color.RED
        starter = (self.dealer + self.direction) % self.n
        self._event("first", None, card.code)
        f = card.face
        if f == Face.DRAW_TWO:
            self.current, self.pending, self.pending_from, self.pending_kind = starter, 2, None, 2
            self.phase = Phase.PENDING
        elif f == Face.REVERSE:
            self.direction = -self.direction
            self.current = self.dealer
            self.phase = Phase.PLAY
        elif f == Face.SKIP:
            self.current = (starter + self.direction) % self.n
            self.phase = Phase.PLAY
        elif f == Face.WILD:
            self.current = starter
            self.phase = Phase.COLOR
        elif f == Face.WILD_DRAW_FOUR:  # WILDSTART: the first player draws 4 and is skipped
            self._penalize(starter, 4, "Wild Draw Four turned first (WILDSTART)")
            self.current = (starter + self.direction) % self.n
            self.phase = Phase.COLOR
        else:
            self.current = starter
            self.phase = Phase.PLAY
        for h in self._on_turn_start:
            h(self, self.current)

    # ------------------------------------------------------------------ queries
    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def to_act(self) -> int:
        """The seat whose action the hand is waiting for (others may still act out of turn)."""
        if self.phase == Phase.FREE_DISCARD:
            return self.free_discards[0]
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
        sp = self.special_points
        if sp:
            return self.score_multiplier * sum(sp.get(c.code, c.points) for c in self.hands[seat])
        return self.score_multiplier * sum(c.points for c in self.hands[seat])

    def points(self) -> dict[int, int]:
        """Points held in each hand now (classic values; Italian blanks 40)."""
        return {p: self.hand_points(p) for p in range(self.n)}

    def house_rule(self, code: str):
        for r in self._house:
            if r.code == code:
                return r
        return None

    # ------------------------------------------------------------------ legality
    def playable(self, card: Card, seat: int | None = None) -> bool:
        """Does ``card`` match the discard pile now (colour, number/symbol or wild)?"""
        return card.is_wild or card.color == self.color or card.face == self.discard[-1].face

    def _holds(self, seat: int, cards) -> bool:
        hand = self.hands[seat]
        if len(cards) == 1:
            return cards[0] in hand
        need: dict[Card, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        return all(hand.count(c) >= k for c, k in need.items())

    def _group_problem(self, cards) -> str | None:
        if len(cards) > 1 and not any(h(self, cards) for h in self._group_ok):
            if not self._group_ok:
                return "only one card may be played at a time (DR or DD allow groups)"
            return "these cards cannot be played together under the rules in force"
        return None

    def _match_problem(self, play: Play) -> str | None:
        """Why ``play`` (by the player in turn) does not match the pile, or None."""
        cards = play.cards
        first = cards[0]
        if self.phase == Phase.PENDING:
            if self.going_out is not None:
                return f"seat {self.going_out} went out: draw the {self.pending} cards (or challenge)"
            if not self._stack_ok or not any(h(self, cards) for h in self._stack_ok):
                why = (f"you must draw {self.pending} (or challenge a Wild Draw Four)"
                       if not self._stack_ok else f"{first.code} cannot be stacked on {self.top.code} under "
                                                  f"{self.rules.stacking}")
            else:
                why = self._group_problem(cards)
        elif not (first.is_wild or first.color == self.color or first.face == self.discard[-1].face):
            why = f"{first.code} matches neither the colour {self.color.name.lower()} nor {self.top.code}"
        else:
            why = self._group_problem(cards)
        if why is not None and self._allow_play and any(h(self, play) for h in self._allow_play):
            why = None
        if why is None and self._play_filter:
            for h in self._play_filter:
                why = h(self, play)
                if why:
                    return why
        return why

    def _shape_problem(self, play: Play) -> tuple[type, str] | None:
        """Structural problems that no enforcement mode lets stand."""
        p = play.player
        if not 0 <= p < self.n:
            return NotYourTurnError, f"there is no seat {p}"
        if not play.cards and not play.hidden:
            return IllegalActionError, "a play needs at least one card"
        if play.hidden and not self._ded:
            return IllegalActionError, "face-down plays need the DED rule"
        if not self._holds(p, play.cards + play.hidden + play.give):
            return CardNotInHandError, (f"seat {p} does not hold "
                                        f"{' '.join(c.code for c in play.cards + play.hidden + play.give)}")
        if p in self.eliminated:
            return NotYourTurnError, f"seat {p} is out of this hand"
        if (play.target is not None or play.give) and play.cards and play.cards[-1].face != Face.WILD_SWAP \
                and not (play.cards[-1].face == Face.WILD_BLANK and self.blank in ("swap", "draw2")) \
                and not self._play_options:
            return IllegalActionError, "this play names no target and gives no cards under the rules in force"
        if play.cards:
            last = play.cards[-1]
            if last.is_wild and play.color is None:
                return IllegalActionError, f"name a colour for {last.code} (e.g. '{p} play {last.code}>R')"
            if not last.is_wild and play.color is not None:
                return IllegalActionError, f"{last.code} is not a wild; no colour is named"
            if (last.face == Face.WILD_SWAP or (last.face == Face.WILD_BLANK and self.blank in ("swap", "draw2"))) \
                    and (play.target is None or play.target == p or not 0 <= play.target < self.n
                         or play.target in self.eliminated):
                return IllegalActionError, f"{last.code} needs a target seat other than yours"
        left = len(self.hands[p]) - len(play.cards) - len(play.hidden) - len(play.give)
        if play.uno and left != 1 and not (self._hand_changers and any(
                c.number in self._hand_change_numbers for c in play.cards)):
            return IllegalActionError, "say UNO with the play that leaves you one card"
        return None

    def _play_problem(self, play: Play) -> tuple[type, str, bool] | None:
        """(error class, reason, may-stand-in-table-mode) or None when the play is legal."""
        cards = play.cards
        if (len(cards) == 1 and play.player == self.current and self.phase is Phase.PLAY and not play.hidden
                and play.target is None and not self._custom_play):
            # fast path: one card in turn
            c = cards[0]
            hand = self.hands[play.player]
            if (c in hand and (play.color is not None) is c.is_wild and c.face < Face.WILD_SWAP
                    and (not play.uno or len(hand) == 2)
                    and (c.is_wild or c.color is self.color or c.face == self.discard[-1].face)):
                return None
        shape = self._shape_problem(play)
        if shape:
            return shape[0], shape[1], False
        p = play.player
        ph = self.phase
        if ph == Phase.OVER:
            return GameOverError, "the hand is over", False
        if play.hidden and not play.cards:
            if p != self.to_act or ph not in (Phase.PLAY, Phase.DRAWN, Phase.PENDING):
                return NotYourTurnError, f"it is seat {self.to_act}'s turn", False
            if play.claim and ph != Phase.PENDING:
                return IllegalActionError, "a claim is only made when answering a draw penalty", False
            if ph == Phase.PENDING:
                from .rules.double_discard import _claim_ok
                if self.going_out is not None:
                    return NotYourTurnError, f"seat {self.going_out} went out: draw the penalty", False
                if not _claim_ok(self, play.claim):
                    return (IllegalActionError, "facing a draw, a face-down play must claim a draw card "
                                                "(claim 2 or 4) that the stacking rule allows", False)
            return None
        if p != self.current or ph not in (Phase.PLAY, Phase.DRAWN, Phase.PENDING):
            # out of turn: only cuts (C)
            if not self._cut_problem:
                return NotYourTurnError, f"it is seat {self.to_act}'s turn ({self.phase.name.lower()})", False
            why = self._cut_problem[0](self, play)
            if why is None:
                return None
            return WindowClosedError, why, not self.strict and ph == Phase.PLAY
        if ph == Phase.DRAWN:
            if play.cards[0] not in self.drawn_options or len(play.cards) > 1 and not self._group_ok:
                return (CardNotPlayableError, f"after drawing you may only play the card drawn "
                                              f"({' '.join(c.code for c in self.drawn_options)})", True)
        why = self._match_problem(play)
        if why:
            return CardNotPlayableError, why, ph != Phase.PENDING
        if play.cards[-1].face == Face.WILD_SWAP and len(self.hands[p]) == len(play.cards) + len(play.hidden):
            return CardNotPlayableError, "Wild Swap Hands cannot be your last card (001)", False
        return None

    def verify(self, action: Action) -> None:
        """Raise the :class:`IllegalActionError` that explains why ``action`` is refused now."""
        prob = self._problem(action)
        if prob is not None:
            raise prob[0](prob[1])

    def can(self, action: Action) -> bool:
        """Would :meth:`apply` accept ``action`` now?"""
        return self._problem(action) is None

    def _problem(self, a: Action):
        if self.phase == Phase.OVER:
            return GameOverError, "the hand is over"
        t = type(a)
        if not isinstance(a, Action):
            return IllegalActionError, f"not an action: {a!r}"
        p = a.player
        if not isinstance(p, int) or not 0 <= p < self.n:
            return NotYourTurnError, f"there is no seat {p!r}"
        if t is Play:
            prob = self._pp = self._play_problem(a)
            if prob is None or (not self.strict and prob[2]):
                if (not self.strict and prob is not None and len(self.hands[p]) == len(a.cards)):
                    return CardNotPlayableError, f"{prob[1]} (a hand cannot end on a wrong card)"
                return None
            return prob[0], prob[1]
        if t is Draw:
            if p != self.to_act or self.phase not in (Phase.PLAY, Phase.PENDING):
                return NotYourTurnError, self._whose()
            if self.phase == Phase.PLAY:
                for h in self._hooks["draw_problem"]:
                    why = h(self, p)
                    if why:
                        return IllegalActionError, why
            return None
        if t is Pass:
            if p != self.to_act or self.phase not in (Phase.DRAWN, Phase.HIDDEN_FINISH):
                return NotYourTurnError, ("you may pass only after drawing a playable card" if p == self.to_act
                                          else self._whose())
            if self.phase == Phase.DRAWN:
                for h in self._hooks["pass_problem"]:
                    why = h(self, p)
                    if why:
                        return IllegalActionError, why
            return None
        if t is ChooseColor:
            if p != self.to_act or self.phase != Phase.COLOR:
                return NotYourTurnError, "no colour is to be named now" if p == self.to_act else self._whose()
            return None
        if t is SayUno:
            if len(self.hands[p]) != 1:
                return IllegalActionError, "say UNO when you hold one card"
            if self.uno_said[p]:
                return IllegalActionError, "you already said UNO"
            return None
        if t is CatchUno:
            q = a.target
            if not isinstance(q, int) or not 0 <= q < self.n or q == p:
                return IllegalActionError, "catch another seat"
            if q not in self.catchable or len(self.hands[q]) != 1:
                if len(self.hands[q]) == 1 and not self.uno_said[q]:
                    return WindowClosedError, (f"too late: seat {q} can no longer be caught "
                                               "(the next player has started)")
                return IllegalActionError, f"seat {q} is not missing an UNO"
            return None
        if t is Challenge:
            if self.no_challenge:
                return IllegalActionError, "a Wild Draw Four cannot be challenged (NOCHALLENGE)"
            if self.phase != Phase.PENDING or self.wd4 is None:
                return WindowClosedError, "there is no Wild Draw Four to challenge"
            if p != self.current:
                return NotYourTurnError, "only the player who must draw may challenge"
            return None
        if t is Notice:
            if self.strict:
                return IllegalActionError, "strict enforcement refuses wrong plays; nothing to notice"
            w = self._wrong(a.seq)
            if w is None:
                return WindowClosedError, f"no outstanding wrong play {a.seq}"
            if w.player == p:
                return IllegalActionError, "another player must notice your mistake"
            if self.rules.corrections == 2 and not self.hands[w.player]:
                return WindowClosedError, f"seat {w.player} has gone out: the hand is decided"
            return None
        if t is Accuse:
            if not self._ded or self.claim is None:
                return WindowClosedError, "there is no face-down play to accuse"
            if self.claim[1] == p:
                return IllegalActionError, "you cannot accuse your own play"
            return None
        if t is Discard:
            if self.phase != Phase.FREE_DISCARD or p != self.to_act:
                return NotYourTurnError, "no free discard is owed by this seat now"
            if a.card not in self.hands[p]:
                return CardNotInHandError, f"seat {p} does not hold {a.card.code}"
            return None
        if t in self._rule_actions:
            return self._rule_actions[t].action_problem(self, a)
        if p in self.eliminated and t is not Say:
            return NotYourTurnError, f"seat {p} is out of this hand"
        if t is Say:
            if not isinstance(a.text, str):
                return IllegalActionError, "say some text"
            return None
        if t is Hint:
            if not isinstance(a.to, int) or not 0 <= a.to < self.n or a.to == p:
                return IllegalActionError, "hint another seat"
            return None
        return IllegalActionError, f"unknown action {a!r}"

    def _whose(self) -> str:
        return f"it is seat {self.to_act}'s turn ({self.phase.name.lower()})"

    def _wrong(self, seq: int):
        for w in self.wrong_plays:
            if w.seq == seq:
                return w
        return None

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now, in turn or out of turn (chat excluded)."""
        if self.phase == Phase.OVER:
            return []
        out: list[Action] = []
        ph = self.phase
        if player == self.to_act:
            if ph == Phase.PLAY:
                self._plays(player, self.hands[player], out)
                if not self._hooks["draw_problem"] or self._problem(Draw(player)) is None:
                    out.append(Draw(player))
            elif ph == Phase.DRAWN:
                opts = self.drawn_options
                if self._group_ok or self._custom_play or len(opts) > 1:
                    for d in dict.fromkeys(opts):
                        self._plays(player, self.hands[player], out, first_only=d)
                else:
                    self._single(player, opts[0], out)
                if not self._hooks["pass_problem"] or self._problem(Pass(player)) is None:
                    out.append(Pass(player))
            elif ph == Phase.PENDING:
                out.append(Draw(player))
                if self.wd4 is not None and not self.no_challenge:
                    out.append(Challenge(player))
                if self._stack_ok and self.going_out is None:
                    self._plays(player, self.hands[player], out)
            elif ph == Phase.COLOR:
                out.extend(ChooseColor(player, c) for c in COLORS)
            elif ph == Phase.FREE_DISCARD:
                out.extend(Discard(player, c) for c in dict.fromkeys(self.hands[player]))
            elif ph == Phase.HIDDEN_FINISH:
                out.append(Pass(player))
            if self._ded and ph in (Phase.PLAY, Phase.DRAWN, Phase.PENDING) and self.going_out is None:
                from .rules.double_discard import hidden_plays
                out.extend(hidden_plays(self, player))
        if self.hands[player].__len__() == 1 and not self.uno_said[player]:
            out.append(SayUno(player))
        if self.catchable:
            for q in sorted(self.catchable):
                if q != player:
                    out.append(CatchUno(player, q))
        if self._cut_problem and player != self.to_act:
            for h in self._hooks["cut_actions"]:
                out.extend(h(self, player))
        if self.claim is not None and self.claim[1] != player:
            out.append(Accuse(player))
        if self.wrong_plays:
            out.extend(Notice(player, w.seq) for w in self.wrong_plays
                       if w.player != player and (self.hands[w.player] or self.rules.corrections == 1))
        if self._rule_actions:
            for r in dict.fromkeys(self._rule_actions.values()):
                out.extend(r.action_options(self, player))
        if self.eliminated and player in self.eliminated:
            return []
        return out

    def out_of_turn_seats(self) -> list[int]:
        """Seats other than :attr:`to_act` that may have an out-of-turn action now (cheap to ask).

        A superset: ask :meth:`legal_actions` for the exact list.
        """
        if self.phase == Phase.OVER:
            return []
        me = self.to_act
        everyone = self.catchable or self.claim is not None or self.wrong_plays
        out = []
        top = self.discard[-1]
        if self._rule_actions:
            everyone = everyone or any(r.action_options(self, p) for r in set(self._rule_actions.values())
                                       for p in range(self.n) if p != me)
        for p in range(self.n):
            if p == me or p in self.eliminated:
                continue
            h = self.hands[p]
            if everyone or (len(h) == 1 and not self.uno_said[p]) or (self._cut_problem and top in h):
                out.append(p)
        return out

    def _single(self, p: int, c: Card, out: list) -> None:
        """Append the plays of the single card ``c`` (all colour / UNO / target variants)."""
        key = (p, c, len(self.hands[p]) == 2)
        memo = self._play_memo.get(key)
        if memo is None:
            memo = self._play_variants(p, (c,))
            self._play_memo[key] = memo
        out.extend(memo)

    def _play_variants(self, p: int, cards: tuple) -> list[Play]:
        last = cards[-1]
        unos = (False, True) if len(self.hands[p]) - len(cards) == 1 or (
            self._hand_changers and any(c.number in self._hand_change_numbers for c in cards)) else (False,)
        colors = COLORS if last.is_wild else (None,)
        if last.face == Face.WILD_SWAP or (last.face == Face.WILD_BLANK and self.blank in ("swap", "draw2")):
            opts = [(q, ()) for q in self.active if q != p]
        elif self._play_options:
            opts = [o for h in self._play_options for o in h(self, p, cards)] or [(None, ())]
        else:
            return [Play(p, cards, col, u) for col in colors for u in unos]
        return [Play(p, cards, col, u, t, (), 0, g) for col in colors for u in unos for t, g in opts]

    def _plays(self, p: int, hand: list[Card], out: list, first_only: Card | None = None) -> None:
        if self._custom_play:
            return self._plays_checked(p, hand, out, first_only)
        pending = self.phase == Phase.PENDING
        top = self.discard[-1]
        color = self.color
        seen = set()
        for c in hand:
            if c in seen:
                continue
            seen.add(c)
            if first_only is not None and c is not first_only:
                continue
            if pending:
                if not any(h(self, (c,)) for h in self._stack_ok):
                    continue
            elif not (c.is_wild or c.color is color or c.face == top.face):
                continue
            if c.face == Face.WILD_SWAP and len(hand) == 1:
                continue
            self._single(p, c, out)
            if self._group_ok:
                from .rules.groups import group_plays
                for cards in group_plays(self, p, c):
                    if cards[-1].face == Face.WILD_SWAP and len(hand) == len(cards):
                        continue
                    out.extend(self._play_variants(p, cards))

    def _plays_checked(self, p: int, hand: list[Card], out: list, first_only: Card | None) -> None:
        """Candidate plays (every card, groups, rule extras) kept only if the referee accepts them."""
        cands: list[tuple] = []
        for c in dict.fromkeys(hand):
            if first_only is not None and c is not first_only:
                continue
            cands.append((c,))
            if self._group_ok:
                from .rules.groups import group_plays
                cands.extend(group_plays(self, p, c, check=False))
        if first_only is None:
            for h in self._extra_plays:
                cands.extend(h(self, p))
        seen = set()
        for cards in cands:
            if cards in seen:
                continue
            seen.add(cards)
            for a in self._play_variants(p, cards):
                if self._play_problem(a) is None:
                    out.append(a)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Referee ``action``: raise (state unchanged) if refused, else change the state.

        Returns the events it caused.
        """
        prob = self._problem(action)
        if prob is not None:
            raise prob[0](prob[1])
        events = self.events
        start = len(events)
        self.seq += 1
        self.actions.append((self.clock.now(), action))
        if self._on_turn_action and type(action) in _TURN_ACTIONS and action.player == self.to_act:
            for h in self._on_turn_action:
                h(self, action)
            if self.cancel_action:  # a rule replaced the action (MS: eliminated instead of drawing)
                self.cancel_action = False
                return tuple(events[start:])
        t = type(action)
        if t in self._rule_actions:
            self._rule_actions[t].apply_action(self, action)
        else:
            _DISPATCH[t](self, action)
        return tuple(events[start:])

    def _event(self, kind: str, player, *detail) -> None:
        self.events.append(Event(self.seq, kind, player, detail))

    # --- drawing
    def _take(self, seat: int, k: int) -> int:
        """Move ``k`` cards from the stock to ``seat``'s hand, reshuffling the discard pile when empty."""
        hand = self.hands[seat]
        got = 0
        if self.hand_limit:
            k = max(0, min(k, self.hand_limit - len(hand)))
        for _ in range(k):
            if not self.stock:
                if len(self.discard) <= 1:
                    break  # every card is in a hand: draw what there is
                top = self.discard.pop()
                self.stock = self.chance.shuffle(self.discard)
                self.discard = [top]
                self._event("reshuffle", None, len(self.stock))
            hand.append(self.stock.pop())
            got += 1
        if len(hand) > 1:
            self.uno_said[seat] = False
            self.catchable.discard(seat)
        if got:
            if self._rev:  # REV: the stock is face up, so everyone sees what is drawn
                self._event("draw", seat, got, tuple(hand[-got:]))
            else:
                self._event("draw", seat, got)
        return got

    def _penalize(self, seat: int, k: int, why: str) -> None:
        self._event("penalty", seat, k, why)
        self._take(seat, k)

    def _starts(self, seat: int) -> None:
        """``seat`` starts a turn: the windows that close on that close now."""
        if self.catchable and not self.uno_forever and not self.slow_uno:
            self.catchable.clear()
        if self.claim is not None:
            self.claim = None
        for h in self._on_start:
            h(self, seat)

    def _end_turn(self, seat: int, nxt: int) -> None:
        for h in self._on_turn_end:
            h(self, seat)
        self.turns_done += 1
        if self.slow_uno and self.catchable:
            for q in [q for q in self.catchable if self.catch_expiry.get(q, 0) <= self.turns_done]:
                self.catchable.discard(q)
        self.current = nxt
        self.drawn = None
        self.drawn_options = ()
        self.phase = Phase.PENDING if self.pending else Phase.PLAY
        for h in self._on_turn_start:
            h(self, nxt)

    def _do_draw(self, a: Draw) -> None:
        p = a.player
        self._starts(p)
        if self.phase == Phase.PENDING:
            k, self.pending = self.pending, 0
            self.wd4 = None
            self.pending_kind = 0
            self._event("draws-penalty", p, k)
            before = len(self.hands[p])
            self._take(p, k)
            if self.going_out is not None:
                return self._finish(self.going_out)
            if self._after_penalty:
                got = tuple(self.hands[p][before:])
                opts = tuple(c for h in self._after_penalty for c in h(self, p, got))
                if opts:
                    self.drawn = opts[-1]
                    self.drawn_options = opts
                    self.phase = Phase.DRAWN
                    return
            return self._end_turn(p, self.next_seat(p))
        if self._after_draw:
            return self._draw_with_policy(p)
        got = self._take(p, 1)
        if got and self._drawn_playable(self.hands[p][-1]):
            self.drawn = self.hands[p][-1]
            self.drawn_options = (self.drawn,)
            self.phase = Phase.DRAWN
            return
        self._end_turn(p, self.next_seat(p))

    def _draw_with_policy(self, p: int) -> None:
        """A turn draw under SAT / INS: keep drawing, or never play what was drawn."""
        hand = self.hands[p]
        forced = not any(self._can_play_card(p, c) for c in hand)
        while True:
            if not self._take(p, 1):
                break
            card = hand[-1]
            decision = None
            for h in self._after_draw:
                decision = h(self, p, card, forced) or decision
            playable = self._can_play_card(p, card)
            if decision == "again" and not playable:
                continue
            if decision != "keep" and playable:
                self.drawn = card
                self.drawn_options = (card,)
                self.phase = Phase.DRAWN
                return
            break
        self._end_turn(p, self.next_seat(p))

    def _can_play_card(self, p: int, c: Card) -> bool:
        """Could ``p`` legally play ``c`` alone now (under every rule in force)?"""
        if not self._custom_play:
            return c.is_wild or c.color is self.color or c.face == self.discard[-1].face
        a = Play(p, (c,), COLORS[0] if c.is_wild else None,
                 target=next((q for q in range(self.n) if q != p), None) if c.face == Face.WILD_SWAP else None)
        saved = self.phase
        self.phase = Phase.PLAY
        try:
            return self._match_problem(a) is None
        finally:
            self.phase = saved

    def _drawn_playable(self, c: Card) -> bool:
        return c.is_wild or c.color is self.color or c.face == self.discard[-1].face

    def _do_pass(self, a: Pass) -> None:
        p = a.player
        if self.phase == Phase.HIDDEN_FINISH:
            self.claim = None
            return self._finish_hidden()
        self._end_turn(p, self.next_seat(p))

    def _do_color(self, a: ChooseColor) -> None:
        self.color = a.color
        self.phase = Phase.PLAY
        self._event("color", a.player, a.color.letter)

    def _do_uno(self, a: SayUno) -> None:
        p = a.player
        self.uno_said[p] = True
        self.catchable.discard(p)
        self._event("uno", p)
        self._speech(p, "UNO", is_uno=True)

    def _do_catch(self, a: CatchUno) -> None:
        self.catchable.discard(a.target)
        self._event("caught", a.player, a.target)
        self._penalize(a.target, self.uno_penalty, "missed UNO")

    def _do_say(self, a: Say) -> None:
        self._event("say", a.player, a.text)
        self._speech(a.player, a.text)

    def _speech(self, p: int, text: str, is_uno: bool = False) -> None:
        if not self.hands[p]:
            return  # a player who has gone out is no longer judged while the hand wraps up
        for judge in self._hooks["judge_speech"]:
            k = judge(self, p, text)
            if k:
                self._penalize(p, k, "spoke during silence")

    def _do_hint(self, a: Hint) -> None:
        self._event("hint", a.player, a.to, a.text)
        if self.hands[a.player]:
            self._penalize(a.player, self.rules.param("hint"), "hint")
        self._speech(a.player, a.text)

    def _do_challenge(self, a: Challenge) -> None:
        p = a.player
        bluffer, bluff, prev_color, cards = self.wd4
        self.wd4 = None
        n4 = sum(1 for c in cards if c.face == Face.WILD_DRAW_FOUR)
        viewers = None if self.rules.reveal == 1 else frozenset({p})
        self.reveals.append((viewers, bluffer, tuple(self.hands[bluffer])))
        self._event("challenge", p, bluffer, "guilty" if bluff else "innocent")
        if bluff:
            self._starts(p)
            self.pending -= 4 * n4
            if self.rules.bluff == 2 and len(self.discard) > len(cards):
                # the card becomes invalid: taken back (before any reshuffle). When a reshuffle left it
                # alone on the pile it stays there, with the colour named, so the pile is never empty.
                del self.discard[-len(cards):]
                self.hands[bluffer].extend(cards)
                self.color = prev_color
                self.top_player = None
                self._after_hand_change((bluffer,))
            self._penalize(bluffer, 4 * n4, "Wild Draw Four bluff")
            self.going_out = None
            self.phase = Phase.PENDING if self.pending else Phase.PLAY
            return
        self._starts(p)
        k, self.pending = self.pending + 2, 0
        self.pending_kind = 0
        self._penalize(p, k, "lost a Wild Draw Four challenge")
        if self.going_out is not None:
            return self._finish(self.going_out)
        self._end_turn(p, self.next_seat(p))

    # --- playing
    def _do_play(self, a: Play) -> None:
        p = a.player
        prob = self._pp  # computed by _problem just before
        if a.hidden:
            from .rules.double_discard import do_hidden_play
            return do_hidden_play(self, a)
        cut = p != self.current or self.phase not in (Phase.PLAY, Phase.DRAWN, Phase.PENDING)
        if prob is not None:  # table enforcement: the wrong play stands until noticed
            self.wrong_plays.append(WrongPlay(self.seq, p, a.cards, prob[1], self._snapshot(), self.color,
                                              self.current))
            reason = ("played a card from the hand after drawing" if self.phase == Phase.DRAWN else prob[1])
            self._event("wrong-play", p, self.seq, reason)  # public: never name the card drawn
        self._starts(p)
        self._put(p, a, cut)

    def _put(self, p: int, a: Play, cut: bool = False) -> None:
        """Move ``a.cards`` to the discard pile and resolve their effects."""
        cards = a.cards
        hand = self.hands[p]
        top = cards[-1]
        if top.face == Face.WILD_DRAW_FOUR:
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            bluff = any(c.color is self.color for c in rest)
            self.wd4 = (p, bluff, self.color, cards)
        else:
            self.wd4 = None
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        self.top_player = p
        self.seq_of_last_play = self.seq
        self.drawn = None
        if a.color is not None:
            self.color = a.color
        else:
            self.color = top.color
        self._event("cut" if cut else "play", p, cards, a.color)
        left = len(hand)
        if left == 0:
            self.catchable.discard(p)
        elif left == 1:
            self.uno_said[p] = a.uno
            if a.uno:
                self._event("uno", p)
                self._speech(p, "UNO", is_uno=True)
            else:
                self.catchable.add(p)
                self.catch_expiry[p] = self.turns_done + 2  # SLOWUNO: until the next player's turn ends
        self.last_plays.append((p, cards))
        if len(self.last_plays) > 4:
            del self.last_plays[0]
        for h in self._on_play:
            h(self, p, a)
            if self.phase == Phase.OVER:
                return
        if a.uno and self._hand_changers and len(self.hands[p]) == 1 and not self.uno_said[p]:
            # UNO said with a play whose effect (swap, carousel, donation) leaves one card
            self.uno_said[p] = True
            self.catchable.discard(p)
            self._event("uno", p)
        self._resolve(p, cards, a)

    def _resolve(self, p: int, cards: tuple, a: Play) -> None:
        top = cards[-1]
        f = top.face
        n = self.n if not self.eliminated else len(self.active)
        k = len(cards)
        hand_empty = not self.hands[p]
        if top.draw:
            self.pending += sum(c.draw for c in cards)
            self.pending_kind = top.draw
            self.pending_from = p
            nxt = self.next_seat(p)
            if hand_empty:
                self.going_out = p
            self._end_turn(p, nxt)
            return
        if hand_empty:
            return self._finish(p)
        if f == Face.SKIP:
            nxt = self._skip(p, k)
        elif f == Face.REVERSE:
            if n == 2:
                nxt = p if k % 2 else self.next_seat(p)
            else:
                if k % 2:
                    self.direction = -self.direction
                nxt = self.next_seat(p)
        else:
            nxt = self.next_seat(p)
            if f == Face.WILD_SWAP:
                q = a.target
                self.hands[p], self.hands[q] = self.hands[q], self.hands[p]
                self._after_hand_change((p, q))
                self._event("swap", p, q)
            elif f == Face.WILD_SHUFFLE:
                self._shuffle_hands(p)
            elif f == Face.WILD_OHANA:
                return self._ohana(p, nxt)
            elif f == Face.WILD_BLANK and self.blank != "wild":
                self._blank(p, a)
        if self.skip_next:
            nxt = self.next_seat(p, 1 + self.skip_next) if f != Face.SKIP else self.next_seat(nxt, self.skip_next)
            self.skip_next = 0
        if self.next_override is not None:
            nxt, self.next_override = self.next_override, None
        self._end_turn(p, nxt)

    def _ohana(self, p: int, nxt: int) -> None:
        """Wild Ohana (002): hands above 4 discard down to 4 under the Ohana card (each player chooses),
        hands below 4 draw up to 4."""
        owed = []
        for q in self.active:
            h = len(self.hands[q])
            if h < 4:
                self._take(q, 4 - h)
            elif h > 4:
                owed += [q] * (h - 4)
        self._event("ohana", p)
        self._end_turn(p, nxt)
        if owed:
            self.resume = self.phase
            self.free_discards = owed
            self.free_discard_dest = "under"
            self.phase = Phase.FREE_DISCARD

    def _blank(self, p: int, a: Play) -> None:
        """A blank wild with the effect the table wrote on it (table parameter ``blank``)."""
        if self.blank == "swap":
            q = a.target
            self.hands[p], self.hands[q] = self.hands[q], self.hands[p]
            self._after_hand_change((p, q))
            self._event("swap", p, q)
        elif self.blank == "draw2":
            self._penalize(a.target, 2, "blank wild")
        elif self.blank == "everyone1":
            for q in self.active:
                if q != p:
                    self._penalize(q, 1, "blank wild")

    def _skip(self, p: int, k: int) -> int:
        """Next seat after ``k`` Skips by ``p`` (000 §DR, Carta Pular): k = n-1 plays again;
        from n on the player is ignored and only opponents are counted."""
        n = self.n if not self.eliminated else len(self.active)
        if k <= n - 1:
            return self.next_seat(p, k + 1)
        opponents = [self.next_seat(p, i) for i in range(1, n)]
        return opponents[k % (n - 1)]

    def _shuffle_hands(self, p: int) -> None:
        """Wild Shuffle Hands (003): collect, shuffle, deal one by one from the player's left."""
        pool = [c for h in self.hands for c in h]
        pool = self.chance.shuffle(pool)
        self.hands = [[] for _ in range(self.n)]
        i = 0
        while pool:
            self.hands[(p + 1 + i) % self.n].append(pool.pop())
            i += 1
        self._after_hand_change(range(self.n))
        self._event("shuffle-hands", p)

    def _after_hand_change(self, seats) -> None:
        for s in seats:
            if len(self.hands[s]) != 1:
                self.uno_said[s] = False
                self.catchable.discard(s)
            elif not self.uno_said[s]:
                self.catchable.add(s)

    def eliminate(self, seat: int, why: str) -> None:
        """Take ``seat`` out of this hand (MS). The last seat standing wins it."""
        self.eliminated.add(seat)
        self.catchable.discard(seat)
        self._event("eliminated", seat, why)
        active = self.active
        if len(active) == 1:
            return self._finish(active[0])
        if self.current == seat:
            self._end_turn(seat, self.next_seat(seat))

    def _finish(self, winner: int) -> None:
        self.phase = Phase.OVER
        self.winner = winner
        self.going_out = None
        self.pending = 0
        self.catchable.clear()
        self.claim = None
        self._event("out", winner, sum(self.hand_points(q) for q in range(self.n) if q != winner))

    def _finish_hidden(self) -> None:
        p = self.going_out_hidden
        if self.pending:
            q = self.next_seat(p)
            self._event("draws-penalty", q, self.pending)
            self._take(q, self.pending)
        self._finish(p)

    # --- table enforcement
    def _snapshot(self):
        return (
            [list(h) for h in self.hands], list(self.stock), list(self.discard), list(self.hidden_pile),
            self.color, self.direction, self.current, self.phase, self.drawn, self.pending, self.pending_from,
            self.going_out, self.wd4, self.top_player, list(self.uno_said), set(self.catchable), self.claim,
            list(self.free_discards), self.resume, self.silence, list(self.wrong_plays), self.pending_kind,
            self.going_out_hidden, self.turn_clock, self.drawn_options, self.skip_next, set(self.eliminated),
            self.turns_done, list(self.last_plays), _copy_rule_state(self.rule_state), self.free_discard_dest,
            dict(self.catch_expiry), self.next_override,
        )

    def _restore(self, s) -> None:
        (hands, stock, discard, hidden, self.color, self.direction, self.current, self.phase, self.drawn,
         self.pending, self.pending_from, self.going_out, self.wd4, self.top_player, uno_said, catchable,
         self.claim, free, self.resume, self.silence, wrong, self.pending_kind, self.going_out_hidden,
         self.turn_clock, self.drawn_options, self.skip_next, elim, self.turns_done, last, rstate,
         self.free_discard_dest, expiry, self.next_override) = s
        self.catch_expiry = dict(expiry)
        self.eliminated, self.last_plays, self.rule_state = set(elim), list(last), _copy_rule_state(rstate)
        self.hands = [list(h) for h in hands]
        self.stock, self.discard, self.hidden_pile = list(stock), list(discard), list(hidden)
        self.uno_said, self.catchable = list(uno_said), set(catchable)
        self.free_discards, self.wrong_plays = list(free), list(wrong)

    def _do_notice(self, a: Notice) -> None:
        w = self._wrong(a.seq)
        penalty = self.rules.param("wrong")
        self._event("noticed", a.player, w.seq, w.player)
        if self.rules.corrections == 1:
            # undo to the point of the error; the offender takes the card back (it is in the restored
            # hand), draws the penalty, and play restarts with the next player after the offender
            self._restore(w.snapshot)
            self._penalize(w.player, penalty, "wrong play")
            self.phase = Phase.PLAY if not self.pending else Phase.PENDING
            self.drawn = None
            if self.current == w.player and self.phase != Phase.PENDING:
                self.current = self.next_seat(w.player)
            return
        # option 2: card(s) back to the offender, later plays stand
        self.wrong_plays.remove(w)
        on_top = len(self.discard) > len(w.cards) and tuple(self.discard[-len(w.cards):]) == w.cards
        if len(self.discard) == len(w.cards) and tuple(self.discard) == w.cards:
            w = w._replace(cards=())  # it is all the pile holds (after a reshuffle): it stays there
        elif on_top:
            del self.discard[-len(w.cards):]
            self.color = w.prev_color
            self.wd4 = None
            if self.seq_of_last_play == w.seq:
                # noticed before anyone else played: the card's effects go with it, and play continues
                # with the player after the offender
                snap = w.snapshot
                self.direction, self.pending, self.pending_kind = snap[5], snap[9], snap[21]
                self.current = self.next_seat(w.player)
                self.drawn, self.drawn_options = None, ()
                self.phase = Phase.PENDING if self.pending else Phase.PLAY
        else:
            back = []
            for c in w.cards:
                for i in range(len(self.discard) - 2, -1, -1):
                    if self.discard[i] is c:
                        del self.discard[i]
                        back.append(c)
                        break
            w = w._replace(cards=tuple(back))  # a card already reshuffled into the stock stays there
        self.hands[w.player].extend(w.cards)
        self._after_hand_change((w.player,))
        self._penalize(w.player, penalty, "wrong play")

    # --- DED
    def _do_accuse(self, a: Accuse) -> None:
        from .rules.double_discard import do_accuse
        do_accuse(self, a)

    def _do_discard(self, a: Discard) -> None:
        from .rules.double_discard import do_free_discard
        do_free_discard(self, a)

    # ------------------------------------------------------------------ views, records, invariants
    def view(self, player: int):
        """What ``player`` may know now (see :mod:`unokit.view`)."""
        from .view import view_of
        return view_of(self, player)

    def record(self) -> dict:
        """The hand as a JSON-ready record: seed, chance outcomes (deck orders), actions, result."""
        from .record import hand_record
        return hand_record(self)

    def card_locations(self):
        """Every card with its place; the conservation invariant compares it with the deck."""
        places = [c for h in self.hands for c in h] + self.stock + self.discard + self.hidden_pile
        return deck_counts(places)

    def check_invariants(self) -> None:
        """Raise AssertionError if a card is lost or duplicated or the state is inconsistent."""
        counts = self.card_locations()
        assert counts == self.initial_counts, f"cards not conserved: {counts - self.initial_counts} extra, " \
                                              f"{self.initial_counts - counts} missing"
        assert self.discard, "the discard pile is never empty"
        assert 0 <= self.current < self.n
        assert self.pending >= 0
        if self.phase == Phase.OVER:
            assert self.winner is not None and (not self.hands[self.winner] or self.active == [self.winner]
                                                or self.end_reason != "out")
        else:
            assert self.phase != Phase.PLAY or self.pending == 0

    def fingerprint(self) -> dict:
        from .record import fingerprint
        return fingerprint(self)

    def __repr__(self) -> str:
        return (f"<Game {self.n}p {self.rules.code!r} {self.phase.name} turn={self.current} top={self.top.code}"
                f"/{self.color.letter} hands={[len(h) for h in self.hands]}>")


_TURN_ACTIONS = (Play, Draw, Pass, ChooseColor)
_DISPATCH = {
    Play: Game._do_play, Draw: Game._do_draw, Pass: Game._do_pass, ChooseColor: Game._do_color,
    SayUno: Game._do_uno, CatchUno: Game._do_catch, Challenge: Game._do_challenge, Notice: Game._do_notice,
    Accuse: Game._do_accuse, Discard: Game._do_discard, Say: Game._do_say, Hint: Game._do_hint,
}


def _copy_rule_state(d: dict) -> dict:
    import copy
    return copy.deepcopy(d) if d else {}


_COUNTS: dict = {}
_HOUSE: dict = {}
_HOOKS: dict = {}


def _hooks_for(rules: RuleSet, house: list) -> dict:
    hit = _HOOKS.get(rules)
    if hit is None:
        hit = _HOOKS[rules] = hooks_of(house)
    return hit


def _load_house_rules(rules: RuleSet) -> list:
    """House-rule objects hold no game state (it lives in the Game), so one set per RuleSet serves all."""
    hit = _HOUSE.get(rules)
    if hit is None:
        from .rules.registry import build_house_rules
        hit = _HOUSE[rules] = build_house_rules(rules)
    return hit
