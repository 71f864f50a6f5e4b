"""A fast core for the official rules (``UNO 1121``): integer cards, integer actions, no hooks.

:class:`FastGame` plays one hand exactly as the referee (:class:`unokit.engine.game.Game`) plays
``Game.new(players, "UNO 1121", seed)`` under strict enforcement: the same seed deals the same
cards, the same actions are legal (in the same order) and lead to the same state, down to the
order of the discard pile that a reshuffle turns into a new stock. It only gives up what bulk
simulation does not need: house rules, table enforcement, events, views and chat.
:meth:`FastGame.from_game` takes over any strictly refereed hand of the official rules (any
ambiguity digits) from the referee, a determinized sample's hidden cards substituted if asked.

The rules themselves are not written here: matching, the effect of each card, the first-card rules,
penalties and points are the integer tables of :mod:`unokit.core.official`, computed from its Card-level
statement of the official rules.

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

import random
from collections.abc import Sequence
from functools import partial
from itertools import repeat
from typing import cast

from ..core import codec, official
from ..core.actions import Action
from ..core.cards import Card, Color, format_cards
from ..core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    UnoError,
    WindowClosedError,
)
from ..core.official import COLOR_OF, DRAW_OF, FACE_OF, FIRST, NUMBER_OF, PLAYABLE, POINTS, TURN, holds_color
from ..rules import RuleSet

__all__ = ["FastGame", "ACTIONS", "ACTIONS_PER_SEAT", "MAX_PLAYERS", "action_id", "to_action", "CARDS",
           "RULES", "PLAY", "DRAWN", "PENDING", "COLOR", "OVER", "DRAW_OR_PASS", "K_PLAY", "K_DRAW",
           "K_PASS", "K_CHALLENGE", "K_UNO", "K_COLOR", "K_CATCH", "ACTION_TEXT", "NotCoveredError",
           "rules_problem"]

_random_of = random.Random.random
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
assert FACES == 15 and NCARDS == 54 and (W, W4) == (52, 53)  # literals below
# apply() tests ``card == 53`` for the one card that can be challenged, and ``draw`` for the cards that
# make the next player draw: check that the statement agrees
assert [c for c in range(NCARDS) if official.effect(CARDS[c], 3).challengeable] == [W4]

# ------------------------------------------------------------------------------------------- phases
# the referee's Phase values
PLAY, DRAWN, PENDING, COLOR, OVER = 0, 1, 2, 3, 6
_PHASE_NAMES = {PLAY: "PLAY", DRAWN: "DRAWN", PENDING: "PENDING", COLOR: "COLOR", OVER: "OVER"}

# ------------------------------------------------------------------------------------------- actions
# The ids are the engines' numbering (unokit.core.codec, its one statement): seat s's move k is
# s * ACTIONS_PER_SEAT + k; below, what playing each means here (DECODE)
ACTIONS_PER_SEAT, K_PLAY, K_DRAW, K_PASS, K_CHALLENGE, K_UNO, K_COLOR, K_CATCH = (
    codec.ACTIONS_PER_SEAT, codec.K_PLAY, codec.K_DRAW, codec.K_PASS, codec.K_CHALLENGE, codec.K_UNO, codec.K_COLOR,
    codec.K_CATCH)
assert (ACTIONS_PER_SEAT, K_DRAW, K_PASS, K_CHALLENGE, K_UNO, K_COLOR) == (138, 120, 121, 122, 123, 124)  # literals
_KIND_PLAY, _KIND_DRAW, _KIND_PASS, _KIND_CHALLENGE, _KIND_UNO, _KIND_COLOR, _KIND_CATCH = range(7)
_KINDS = {"play": _KIND_PLAY, "draw": _KIND_DRAW, "pass": _KIND_PASS, "challenge": _KIND_CHALLENGE, "uno": _KIND_UNO,
          "color": _KIND_COLOR, "catch": _KIND_CATCH}


# _FX[card]: the effect of playing the card, read from official.effect through its tables: the number of
# cards the next player must draw (> 0), 0 when the turn simply passes to the next player (numbers, Wild)
# whatever the number of players, -1 otherwise (Skip, Reverse: TURN says where the turn goes)
_FX = tuple(DRAW_OF[c] if DRAW_OF[c] else 0 if TURN[False][c] == TURN[True][c] == (1, False) else -1
            for c in range(NCARDS))
assert all(TURN[False][c] == TURN[True][c] == (1, False) for c in range(NCARDS) if DRAW_OF[c])  # apply()
_local_play = codec.local_play


# one row of DECODE: (kind, seat, card, uno flag or catch target, effect, colour, PLAYABLE row or None)
_Decoded = tuple[int, int, int, int, int, int, tuple[bool, ...] | None]


def _decoded(m: codec.Move) -> _Decoded:
    """What the fast core does with move ``m``."""
    if m.kind == "play":
        after = m.color if m.card >= W else COLOR_OF[m.card]   # the colour in play after the card
        return (_KIND_PLAY, m.seat, m.card, bool(m.flag), _FX[m.card], after,
                PLAYABLE[after * FACES + FACE_OF[m.card]])
    return (_KINDS[m.kind], m.seat, -1, m.flag, -1, m.color, None)


def _build_table() -> tuple[tuple[Action, ...], tuple[_Decoded, ...]]:
    return codec.OFFICIAL, tuple(_decoded(m) for m in codec.OFFICIAL_MOVES)


ACTIONS, _DEC = _build_table()
#: id -> (kind, seat, card, uno flag or catch target, the card's effect (_FX), colour in play after the play
#: or colour named, PLAYABLE row after the play)
DECODE = dict(enumerate(_DEC))
#: ACTION_TEXT[id] is ``str(ACTIONS[id])`` (the notation: search trees key their moves by it)
ACTION_TEXT = tuple(str(a) for a in ACTIONS)
#: DRAW_OR_PASS[id] is True for the Draw and Pass ids (what a "play if you can" random policy filters out)
DRAW_OR_PASS = tuple(i % ACTIONS_PER_SEAT in (K_DRAW, K_PASS) for i in range(len(ACTIONS)))
# _VARIANTS[seat][uno allowed][card]: the ids of playing ``card`` alone, in the referee's order
# (for each colour named, without then with the UNO call)
_VARIANTS = tuple(
    tuple(tuple(tuple(seat * ACTIONS_PER_SEAT + _local_play(c, col, u)
                      for col in (range(4) if c >= W else (-1,)) for u in ((False, True) if uno else (False,)))
                for c in range(NCARDS))
          for uno in (False, True))
    for seat in range(MAX_PLAYERS))


#: the referee's Game class, registered by unokit.engine.game when it loads (so this module never imports it)
REFEREE: list = []


#: the id of a referee action (``ACTIONS[action_id(a)] == a``); :class:`IllegalActionError` for actions the
#: official rules never allow (groups, chat...)
action_id = codec.official_id


def to_action(i: int) -> Action:
    """The referee action of id ``i``."""
    return ACTIONS[i]


# ------------------------------------------------------------------------------------------- chance
_NUMBERS = tuple(NUMBER_OF[c] for c in DECK)


def _shuffle(rng: random.Random, cards) -> list[int]:
    """``Chance.shuffle``: sort the cards by independent uniform keys, drawn one per card in order."""
    # sorted() asks for the keys once per card, in order (the key function hands out the next of
    # [rng.random() for card in cards]), and is stable: Chance.shuffle's permutation
    return sorted(cards, key=partial(next, map(_random_of, repeat(rng, len(cards)))))


def _draw_for_dealer(rng: random.Random, players: int) -> int:
    """``Game._draw_for_dealer``: from a shuffled deck each player draws; the highest number deals
    (action cards and Wilds count 0), tied players draw again. The deck's numbers are shuffled with
    the very permutation the referee applies to its cards."""
    order = _shuffle(rng, _NUMBERS)
    contenders: Sequence[int] = range(players)
    while True:
        got = [order.pop() for _ in contenders]
        best = max(got)
        if got.count(best) == 1:
            return contenders[got.index(best)]
        contenders = [p for p, v in zip(contenders, got) if v == best]
        if not order:
            return contenders[0]


# ------------------------------------------------------------------------------------------- coverage
_RULES_SEEN: dict = {}


def rules_problem(rules, *, dealing: bool = False) -> str | None:
    """Why the fast core cannot play a hand under ``rules`` (a code or a :class:`RuleSet`), or ``None``.

    It plays the official rules with any ambiguity digits and table parameters that change the hand:
    digit D (what a caught bluff does) and ``uno=`` (the missed-UNO penalty). Digits B (corrections
    under table enforcement) and C (who sees a challenged hand) change nothing in a strictly refereed
    hand's state, and the other table parameters belong to matches (``target``, ``scoring``), to chat
    (``hint``), or to cards the classic deck lacks (``blank``). No house rule. With ``dealing`` (the
    constructor deals the hand itself) also digit A=1 or 3 (the simplified deal), ``deal=7`` and
    ``first=official``; :meth:`FastGame.from_game` takes over a hand the referee dealt in any way.
    """
    key = (rules, dealing)
    hit = _RULES_SEEN.get(key, False)
    if hit is not False:
        return hit
    rs = RuleSet.parse(rules)
    why = None
    if rs.rules:
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
class FastGame:
    """One hand of the official rules (strict) on integer cards and action ids.

    ``FastGame(players, seed)`` deals the same hand as ``Game.new(players, "UNO 1121", seed)``; every
    random outcome comes from one ``random.Random(seed)`` consumed exactly as the referee's
    :class:`~unokit.core.chance.Chance` consumes it. ``dealer`` and ``deck_order`` work as in
    :meth:`Game.new <unokit.engine.game.Game.new>`; ``rules`` may be another code of the official rules
    (:func:`rules_problem` says which). :meth:`from_game` takes over a hand from the referee.

    State (read it, do not change it): ``hands`` (lists of card codes, in the referee's order),
    ``stock`` (top last), ``discard`` (top last), ``color`` (0-3), ``direction``, ``dealer``,
    ``current`` (the seat in turn, which is also the seat to act), ``phase`` (the referee's
    ``Phase`` values), ``pending``, ``drawn``, ``uno_said``, ``catchable``, ``winner``, ``history``
    (the ids applied), ``rules`` (the :class:`RuleSet`).
    """

    __slots__ = ("n", "seed", "rng", "hands", "stock", "discard", "color", "direction", "dealer", "current",
                 "phase", "pending", "drawn", "going_out", "wd4", "uno_said", "catchable", "winner", "history",
                 "reshuffles", "deck_order", "over", "_ok", "_setup_dealer", "_turn", "rules", "uno_penalty",
                 "bluff_option", "_taken_over")
    # the slots' types (annotations only: no class attributes)
    n: int
    seed: int | None
    rng: random.Random
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    color: int
    direction: int
    dealer: int
    current: int
    phase: int
    pending: int
    drawn: int
    going_out: int
    wd4: tuple[int, bool, int] | None          # (the Wild Draw Four's player, a bluff, the colour before it)
    uno_said: list[bool]
    catchable: set[int]
    winner: int | None
    history: list[int]
    reshuffles: int
    deck_order: list[str] | None
    over: bool
    _ok: tuple[bool, ...]                      # the PLAYABLE row of the top card and the colour in play
    _setup_dealer: int | None
    _turn: tuple[tuple[int, bool], ...]
    rules: RuleSet
    uno_penalty: int
    bluff_option: int
    _taken_over: bool

    def __init__(self, players: int = 2, seed: int | None = None, *, dealer: int | None = None,
                 deck_order=None, rules=RULES):
        if not official.MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UnoError(f"UNO is for 2 to {MAX_PLAYERS} players with 1 deck(s); got {players}")
        known = _DEALT.get(rules)
        if known is None:
            why = rules_problem(rules, dealing=True)
            if why:
                raise NotCoveredError(why)
            rs = RuleSet.parse(rules)
            known = (rs, rs.param("uno"), rs.bluff)
            if len(_DEALT) < 1024:
                _DEALT[rules] = known
        self.rules, self.uno_penalty, self.bluff_option = known
        self._taken_over = False
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.n = players
        self.seed = seed
        rng = self.rng = random.Random(seed)
        self.direction = 1
        self.pending = 0
        self.drawn = -1
        self.going_out = -1
        self.wd4 = None
        self.uno_said = [False] * players
        self.catchable = set()
        self.winner = None
        self.over = False
        self.history = []
        self.reshuffles = 0
        self._turn = TURN[players == 2]
        self._setup_dealer = dealer
        if dealer is None:
            dealer = _draw_for_dealer(rng, players)
        elif not 0 <= dealer < players:
            raise UnoError(f"there is no seat {dealer}")
        self.dealer = dealer
        if deck_order is not None:
            from ..core.cards import parse_cards
            order = [c.index for c in parse_cards(deck_order)]
            if sorted(order) != sorted(DECK):
                raise UnoError("deck_order must hold exactly the deck's cards")
            self.deck_order = [CARDS[c].code for c in order]
        else:
            order = _shuffle(rng, DECK)
            self.deck_order = None
        # deal 7 each, one at a time from the top (the end of the list), starting left of the dealer
        top = len(order) - 1
        n7 = official.HAND_SIZE * players
        hands: list[list[int] | None] = [None] * players
        for i in range(players):
            hands[(dealer + 1 + i) % players] = order[top - i:top - i - n7:-players]
        self.hands = cast("list[list[int]]", hands)   # every seat was dealt
        del order[len(order) - n7:]
        stock = order
        while True:  # the first card: a card the rules return goes back, the stock is reshuffled
            card = stock.pop()
            if not FIRST[card].returned:
                break
            stock.append(card)
            stock = _shuffle(rng, stock)
            self.reshuffles += 1
        self.stock = stock
        self.discard = [card]
        first = FIRST[card]
        self.color = max(COLOR_OF[card], 0)   # a Wild: red until the first player names the colour
        self.current = (dealer + first.starter) % players
        self.phase = PLAY
        if first.reverse:
            self.direction = -1
        if first.draw:
            self.pending = first.draw
            self.phase = PENDING
        elif first.names_color:
            self.phase = COLOR
        self._ok = PLAYABLE[self.color * FACES + FACE_OF[card]]

    @classmethod
    def from_game(cls, game, hands=None, stock=None, *, rng: random.Random | None = None,
                  share_rng: bool = False) -> FastGame:
        """The fast core's state of the referee's ``game`` now: applying the same actions to both then
        leads to the same states, the same legal actions and the same draws.

        ``game`` must be a hand the fast core plays (:func:`rules_problem`: the official rules, strict
        enforcement, one classic deck); otherwise :class:`NotCoveredError` (an :class:`UnoError`).
        ``hands`` (lists of cards, one per seat) and ``stock`` (cards, top last as in ``game.stock``)
        replace the game's: a determinized sample's hidden cards. With ``hands`` given, a Wild Draw
        Four waiting for a challenge is a bluff when its player's given hand holds the colour in play
        before it (as :class:`~unokit.bots.determinize.Determinizer` judges its samples).

        Chance: by default the fast core gets a copy of the referee's generator in its current state,
        so both shuffle a reshuffled discard pile alike. ``rng``: use this generator instead;
        ``share_rng``: use the referee's generator object itself (what the fast core draws, the
        referee game will not draw again). The new state has no deal to replay: ``history`` lists the
        ids applied since, and :meth:`to_referee` is refused.
        """
        why = _game_problem(game)
        if why:
            raise NotCoveredError(why)
        f = cls.__new__(cls)
        n = f.n = game.n
        rs = f.rules = game.rules
        f.uno_penalty = game.uno_penalty
        f.bluff_option = rs.ambiguity[3]
        f._taken_over = True
        f.seed = None
        if share_rng or rng is None:
            gen = getattr(game.chance, "_rng", None)
            if gen is None:
                raise NotCoveredError("the game's chance is scripted (a replay): give rng=")
            if not share_rng:
                rng = random.Random()
                rng.setstate(gen.getstate())
            else:
                rng = gen
        f.rng = rng
        if hands is None:
            f.hands = [[c.index for c in h] for h in game.hands]
        else:
            if len(hands) != n:
                raise UnoError(f"give {n} hands")
            f.hands = [[c.index for c in h] for h in hands]
            if any(c >= NCARDS for h in f.hands for c in h):
                raise NotCoveredError("a card of another edition is not in the official deck")
        f.stock = [c.index for c in (game.stock if stock is None else stock)]
        if stock is not None and any(c >= NCARDS for c in f.stock):
            raise NotCoveredError("a card of another edition is not in the official deck")
        discard = f.discard = [c.index for c in game.discard]
        color = f.color = int(game.color)
        f.direction = game.direction
        f.dealer = game.dealer
        f.current = game.current
        ph = f.phase = int(game.phase)
        f.over = ph == OVER
        f.pending = game.pending
        f.drawn = game.drawn.index if game.drawn is not None else -1
        f.going_out = -1 if game.going_out is None else game.going_out
        wd4 = game.wd4
        if wd4 is None:
            f.wd4 = None
        else:
            bluffer, bluff, prev = wd4[0], wd4[1], int(wd4[2])
            if hands is not None:
                bluff = holds_color(f.hands[bluffer], prev)
            f.wd4 = (bluffer, bluff, prev)
        f.uno_said = list(game.uno_said)
        f.catchable = set(game.catchable)
        f.winner = game.winner
        f.history = []
        f.reshuffles = 0
        f.deck_order = None
        f._setup_dealer = None
        f._turn = TURN[n == 2]
        f._ok = PLAYABLE[color * FACES + FACE_OF[discard[-1]]]
        return f

    @staticmethod
    def covers(game) -> bool:
        """Can :meth:`from_game` take over the referee's ``game``?"""
        return _game_problem(game) is None

    # ------------------------------------------------------------------------------ queries
    @property
    def to_act(self) -> int:
        """The seat the hand waits for (the official rules never wait for anyone else)."""
        return self.current

    @property
    def top(self) -> int:
        return self.discard[-1]

    @property
    def phase_name(self) -> str:
        return _PHASE_NAMES[self.phase]

    def hand_points(self, seat: int) -> int:
        return sum(POINTS[c] for c in self.hands[seat])

    def points(self) -> list[int]:
        """Points held in each hand now (the referee's ``Game.points()`` as a list)."""
        return [sum(POINTS[c] for c in h) for h in self.hands]

    @property
    def score(self) -> int | None:
        """What the winner scores: the points left in the other hands (``None`` while the hand runs)."""
        if self.winner is None:
            return None
        return sum(self.points()) - self.hand_points(self.winner)

    def legal_ids(self, seat: int | None = None, _var=_VARIANTS) -> list[int]:
        """The ids ``seat`` (default: the seat to act) may apply now, in the referee's order.

        ``[ACTIONS[i] for i in g.legal_ids(s)] == referee.legal_actions(s)``.
        """
        cur = self.current
        if seat is not None and seat != cur:
            return self._legal_out_of_turn(seat)
        hand = self.hands[cur]
        ph = self.phase
        if not ph:  # PLAY: each distinct matching card in hand order (every colour of a wild), then draw
            ok = self._ok
            nh = len(hand)
            var = _var[cur][nh == 2]
            out = []
            for c in hand:
                if ok[c]:
                    v = var[c]
                    if v[0] not in out:  # a second copy of a card adds nothing
                        out += v
            out.append(cur * 138 + 120)
            if nh == 1 and not self.uno_said[cur]:
                out.append(cur * 138 + 123)
            if self.catchable:
                base = cur * 138 + 128
                for q in sorted(self.catchable):
                    if q != cur:
                        out.append(base + q)
            return out
        if ph == 1:  # DRAWN: the card drawn, or pass
            out = list(_var[cur][len(hand) == 2][self.drawn])
            out.append(cur * 138 + 121)
        elif ph == 2:  # PENDING: draw, or challenge a Wild Draw Four
            out = [cur * 138 + 120, cur * 138 + 122] if self.wd4 is not None else [cur * 138 + 120]
        elif ph == 3:  # COLOR
            base = cur * 138 + 124
            out = [base, base + 1, base + 2, base + 3]
        else:
            return []
        if len(hand) == 1 and not self.uno_said[cur]:
            out.append(cur * 138 + 123)
        if self.catchable:
            base = cur * 138 + 128
            for q in sorted(self.catchable):
                if q != cur:
                    out.append(base + q)
        return out

    def _legal_out_of_turn(self, seat: int) -> list[int]:
        if self.phase == OVER or not 0 <= seat < self.n:
            return []
        out = []
        if len(self.hands[seat]) == 1 and not self.uno_said[seat]:
            out.append(seat * ACTIONS_PER_SEAT + K_UNO)
        if self.catchable:
            base = seat * ACTIONS_PER_SEAT + K_CATCH
            for q in sorted(self.catchable):
                if q != seat:
                    out.append(base + q)
        return out

    @property
    def setup_dealer(self):
        """The ``dealer`` this hand was dealt with (``None``: drawn for), as ``Game.new`` takes it."""
        return self._setup_dealer

    def problem(self, i):
        """(error class, reason) the referee gives for ``ACTIONS[i]`` now, or None (see :meth:`can`)."""
        return self._problem(i)

    def reaction_ids(self, seat: int) -> list[int]:
        """The ids ``seat`` may apply besides the moves of its turn (UNO, catches): the referee's
        ``legal_actions(seat, turn=False)``."""
        return self._legal_out_of_turn(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The referee actions of :meth:`legal_ids`."""
        return [ACTIONS[i] for i in self.legal_ids(seat)]

    def can(self, i: int) -> bool:
        """Would :meth:`apply` accept id ``i`` now?"""
        return self._problem(i) is None

    # ------------------------------------------------------------------------------ applying
    def apply(self, i: int, _dec=DECODE) -> None:
        """Apply action id ``i``; raise the referee's :class:`IllegalActionError` subclass (the state
        unchanged) when it is refused."""
        try:
            kind, p, card, flag, fx, color, okrow = _dec[i]
        except (KeyError, TypeError):
            return self._refuse(i)
        if kind:
            if kind == 1 and p == self.current and not self.phase:  # draw one card, in turn
                self.history.append(i)
                if self.catchable:
                    self.catchable.clear()
                hand = self.hands[p]
                stock = self.stock
                if stock:
                    c = stock.pop()
                    hand.append(c)
                    self.uno_said[p] = False
                    if self._ok[c]:  # play it or keep it (pass)
                        self.drawn = c
                        self.phase = 1
                        return
                elif self._take(p, 1) and self._ok[hand[-1]]:
                    self.drawn = hand[-1]
                    self.phase = 1
                    return
                self.current = (p + self.direction) % self.n
                return
            if kind == 1:
                return self._draw(i, p)
            return self._apply_rare(i, kind, p, color, flag)
        # a play (phase PLAY, or DRAWN for the card drawn); the literals are the module's constants
        if p != self.current:
            return self._refuse(i)
        hand = self.hands[p]
        if self.phase:
            if self.phase != 1 or card != self.drawn or (flag and len(hand) != 2):
                return self._refuse(i)
            self.drawn = -1
            self.phase = 0
            hand.remove(card)
        else:
            if not self._ok[card] or (flag and len(hand) != 2):
                return self._refuse(i)
            try:
                hand.remove(card)
            except ValueError:
                return self._refuse(i)
        self.history.append(i)
        catchable = self.catchable
        if catchable:
            catchable.clear()  # the player starts: a missed UNO can no longer be caught
        if card == 53:  # Wild Draw Four: a bluff when the rest of the hand holds the colour in play
            cur = self.color
            self.wd4 = (p, holds_color(hand, cur), cur)
        self.color = color
        self.discard.append(card)
        self._ok = okrow
        left = len(hand)
        if left == 1:
            self.uno_said[p] = flag
            if not flag:
                catchable.add(p)
        if not fx:  # a number or a Wild: the next player
            if not left:
                return self._finish(p)
            self.current = (p + self.direction) % self.n
        elif fx > 0:  # Draw Two, Wild Draw Four (pending is 0 in PLAY and DRAWN): the next player draws
            self.pending = fx
            self.phase = 2
            if not left:
                self.going_out = p  # the next player still draws (or challenges)
            self.current = (p + self.direction) % self.n
        elif not left:
            return self._finish(p)
        else:  # Skip, Reverse: official.effect through TURN (a Reverse with two players is a Skip)
            advance, reverse = self._turn[card]
            if reverse:
                self.direction = -self.direction
            self.current = (p + advance * self.direction) % self.n

    def _draw(self, i: int, p: int) -> None:
        """Draw the pending penalty (the one-card draw is in :meth:`apply`)."""
        if p != self.current or self.phase != PENDING:
            return self._refuse(i)
        self.history.append(i)
        self.catchable.clear()
        k = self.pending
        self.pending = 0
        self.wd4 = None
        self._take(p, k)
        if self.going_out >= 0:
            return self._finish(self.going_out)
        self.current = (p + self.direction) % self.n
        self.phase = PLAY

    def _apply_rare(self, i: int, kind: int, p: int, col: int, flag) -> None:
        if kind == _KIND_PASS:
            if p != self.current or self.phase != DRAWN:
                return self._refuse(i)
            self.history.append(i)
            self.drawn = -1
            self.current = (p + self.direction) % self.n
            self.phase = PLAY
        elif kind == _KIND_UNO:
            if self.phase == OVER or p >= self.n or len(self.hands[p]) != 1 or self.uno_said[p]:
                return self._refuse(i)
            self.history.append(i)
            self.uno_said[p] = True
            self.catchable.discard(p)
        elif kind == _KIND_CATCH:
            if self.phase == OVER or p >= self.n or flag == p or flag not in self.catchable:
                return self._refuse(i)
            self.history.append(i)
            self.catchable.discard(flag)
            self._take(flag, self.uno_penalty)  # official.MISSED_UNO unless the code says uno=
        elif kind == _KIND_CHALLENGE:
            if self.phase != PENDING or self.wd4 is None or p != self.current:
                return self._refuse(i)
            self.history.append(i)
            bluffer, bluff, prev = self.wd4
            self.wd4 = None
            self.catchable.clear()
            if bluff:
                # the bluffer draws 4 and the challenger plays the turn normally (official.BLUFF_OPTIONS):
                # D=1 the card stays; D=2 it goes back to the bluffer (unless it is all the pile holds)
                self.pending -= DRAW_OF[W4]
                if self.bluff_option == 2 and len(self.discard) > 1:
                    self.discard.pop()
                    hand = self.hands[bluffer]
                    hand.append(W4)
                    self.color = prev
                    self._ok = PLAYABLE[prev * FACES + FACE_OF[self.discard[-1]]]
                    if len(hand) != 1:
                        self.uno_said[bluffer] = False
                        self.catchable.discard(bluffer)
                    elif not self.uno_said[bluffer]:
                        self.catchable.add(bluffer)
                self._take(bluffer, official.challenge_penalty(True))
                self.going_out = -1
                self.phase = PLAY
            else:
                k = official.challenge_penalty(False, self.pending)
                self.pending = 0
                self._take(p, k)
                if self.going_out >= 0:
                    return self._finish(self.going_out)
                self.current = (p + self.direction) % self.n
                self.phase = PLAY
        else:  # _KIND_COLOR
            if p != self.current or self.phase != COLOR:
                return self._refuse(i)
            self.history.append(i)
            self.color = col
            self._ok = PLAYABLE[col * FACES + FACE_OF[self.discard[-1]]]
            self.phase = PLAY

    def apply_action(self, action: Action) -> None:
        """Apply a referee action (``apply(action_id(action))``)."""
        self.apply(action_id(action))

    def _take(self, seat: int, k: int) -> int:
        """Move ``k`` cards from the stock to ``seat``, reshuffling the discard pile under its top card."""
        hand = self.hands[seat]
        got = 0
        for _ in range(k):
            if not self.stock:
                discard = self.discard
                if len(discard) <= 1:
                    break  # every card is in a hand: draw what there is
                top = discard.pop()
                self.stock = _shuffle(self.rng, discard)
                self.discard = [top]
                self.reshuffles += 1
            hand.append(self.stock.pop())
            got += 1
        if len(hand) > 1:
            self.uno_said[seat] = False
            self.catchable.discard(seat)
        return got

    def _finish(self, winner: int) -> None:
        self.over = True
        self.phase = OVER
        self.winner = winner
        self.going_out = -1
        self.pending = 0
        self.catchable.clear()

    # ------------------------------------------------------------------------------ refusals
    def _refuse(self, i) -> None:
        prob = self._problem(i)
        if prob is None:  # pragma: no cover - the fast checks and _problem disagree: a bug
            raise AssertionError(f"fast core refused legal action id {i}")
        raise prob[0](prob[1])

    def _problem(self, i):
        """(error class, reason) as the referee's ``Game._problem`` gives it for ``ACTIONS[i]``, or None."""
        try:
            kind, p, card, flag, _face, _col, _ok = DECODE[i]
        except (KeyError, TypeError):
            return IllegalActionError, f"not an action id: {i!r} (ids are 0 to {len(ACTIONS) - 1})"
        if self.phase == OVER:
            return GameOverError, "the hand is over"
        if p >= self.n:
            return NotYourTurnError, f"there is no seat {p}"
        cur, ph = self.current, self.phase
        whose = f"it is seat {cur}'s turn ({_PHASE_NAMES[ph].lower()})"
        if kind == _KIND_PLAY:
            hand = self.hands[p]
            if card not in hand:
                return CardNotInHandError, f"seat {p} does not hold {CARDS[card].code}"
            if flag and len(hand) != 2:
                return IllegalActionError, "say UNO with the play that leaves you one card"
            if p != cur or ph not in (PLAY, DRAWN, PENDING):
                return NotYourTurnError, whose
            if ph == DRAWN and card != self.drawn:
                return CardNotPlayableError, (f"after drawing you may only play the card drawn "
                                              f"({CARDS[self.drawn].code})")
            if ph == PENDING:
                doubt = " (or challenge the Wild Draw Four)" if self.wd4 is not None else ""
                if self.going_out >= 0:
                    return CardNotPlayableError, (f"seat {self.going_out} went out: draw the {self.pending} "
                                                  f"cards{doubt}")
                return CardNotPlayableError, f"you must draw {self.pending}{doubt}"
            if not self._ok[card]:
                return CardNotPlayableError, (f"{CARDS[card].code} matches neither the colour "
                                              f"{Color(self.color).name.lower()} nor {CARDS[self.discard[-1]].code}")
            return None
        if kind == _KIND_DRAW:
            if p != cur or ph not in (PLAY, PENDING):
                return NotYourTurnError, whose
            return None
        if kind == _KIND_PASS:
            if p != cur or ph != DRAWN:
                return NotYourTurnError, ("you may pass only after drawing a playable card" if p == cur
                                          else whose)
            return None
        if kind == _KIND_COLOR:
            if p != cur or ph != COLOR:
                return NotYourTurnError, "no colour is to be named now" if p == cur else whose
            return None
        if kind == _KIND_UNO:
            if len(self.hands[p]) != 1:
                return IllegalActionError, "say UNO when you hold one card"
            if self.uno_said[p]:
                return IllegalActionError, "you already said UNO"
            return None
        if kind == _KIND_CATCH:
            q = flag
            if not 0 <= q < self.n or q == p:
                return IllegalActionError, "catch another seat"
            if q not in self.catchable or len(self.hands[q]) != 1:
                if len(self.hands[q]) == 1 and not self.uno_said[q]:
                    return WindowClosedError, (f"too late: seat {q} can no longer be caught "
                                               "(the next player has started)")
                return IllegalActionError, f"seat {q} is not missing an UNO"
            return None
        # _KIND_CHALLENGE
        if ph != PENDING or self.wd4 is None:
            return WindowClosedError, "there is no Wild Draw Four to challenge"
        if p != cur:
            return NotYourTurnError, "only the player who must draw may challenge"
        return None

    # ------------------------------------------------------------------------------ the referee's view
    def clone(self) -> FastGame:
        """An independent copy (its own generator in the same state): for search and rollouts."""
        g = FastGame.__new__(FastGame)
        for name in FastGame.__slots__:
            setattr(g, name, getattr(self, name))
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.hands = [list(h) for h in self.hands]
        g.stock = list(self.stock)
        g.discard = list(self.discard)
        g.uno_said = list(self.uno_said)
        g.catchable = set(self.catchable)
        g.history = list(self.history)
        return g

    def to_referee(self):
        """The referee's :class:`~unokit.engine.game.Game` after the same deal and the same actions.

        Raises :class:`~unokit.core.errors.ReplayMismatchError` if it does not end in the same state, and
        :class:`UnoError` for a state taken over by :meth:`from_game` (there is no deal to replay).
        """
        from ..core.errors import ReplayMismatchError
        if self._taken_over:
            raise UnoError("this state was taken over from a referee game (FastGame.from_game): "
                           "keep that game to replay it")
        game = REFEREE[0]  # unokit.engine.game registers its Game here: the fast core does not import the referee
        g = game.new(self.n, self.rules, seed=self.seed, dealer=self._setup_dealer, deck_order=self.deck_order,
                     core="referee")
        for i in self.history:
            g.apply(ACTIONS[i])
        mine, theirs = self.fingerprint(), g.fingerprint()
        diff = {k: (v, theirs[k]) for k, v in mine.items() if theirs[k] != v}
        if diff:
            raise ReplayMismatchError(f"the referee ends elsewhere: {diff}")
        return g

    def record(self) -> dict:
        """The hand as a referee hand record (``unokit-hand/1``): ``unokit replay`` and
        :func:`unokit.engine.playback.replay` check it."""
        return self.to_referee().record()

    def fingerprint(self) -> dict:
        """The fields of :func:`unokit.engine.record.fingerprint` that the fast core keeps (no events count)."""
        return {
            "hands": [format_cards(CARDS[c] for c in h) for h in self.hands],
            "stock": format_cards(CARDS[c] for c in self.stock),
            "discard": format_cards(CARDS[c] for c in self.discard),
            "color": "RYGB"[self.color],
            "direction": self.direction,
            "current": self.current,
            "phase": _PHASE_NAMES[self.phase],
            "winner": self.winner,
        }

    def check_invariants(self) -> None:
        """Raise AssertionError unless every card of the deck is in exactly one place."""
        places = sorted([c for h in self.hands for c in h] + self.stock + self.discard)
        assert places == sorted(DECK), "cards not conserved"
        assert self.discard, "the discard pile is never empty"
        assert 0 <= self.current < self.n and self.pending >= 0
        if self.phase == OVER:
            assert self.winner is not None and not self.hands[self.winner]
        else:
            assert self.phase != PLAY or self.pending == 0

    def __repr__(self) -> str:
        return (f"<FastGame {self.n}p {_PHASE_NAMES[self.phase]} turn={self.current} "
                f"top={CARDS[self.discard[-1]].code}/{'RYGB'[self.color]} hands={[len(h) for h in self.hands]}>")
