"""``FastGame`` as a thin view of one hand held in the compiled core (``unokit/fast/_single.h``).

The rules are stated twice only: by the referee (:mod:`unokit.engine`) and by the compiled core
(``unokit/fast/_ccore.c``), proven equal by the differential tests. This class holds one C state and asks it
everything: the deal (the referee's, from the same seed), the legal ids, applying an id, the hands and piles. It
states no rule: when C refuses an id, the referee is asked why (:meth:`FastGame.problem`): a hand dealt here is
replayed into the referee (kept in step, so each refusal costs the actions since the last one), a hand taken over
by :meth:`FastGame.from_game` is set up in the referee at its current position.

Chance: C holds the hand's Mersenne Twister (CPython's, drawn as the referee's ``Chance`` draws it). :attr:`rng`
is a ``random.Random`` in the same state, made when read; a generator given to :meth:`~FastGame.from_game`
(``rng=``, ``share_rng=``) is the one :attr:`rng` returns, and C writes each reshuffle's draws back into it.
"""

from __future__ import annotations

import random

from ..core import official
from ..core.actions import Action
from ..core.cards import Color, format_cards
from ..core.errors import IllegalActionError, UnoError
from ..core.official import CARDS, FACE_OF, PLAYABLE, POINTS, holds_color
from ..rules import RuleSet
from . import (  # the package's names, set before it imports this module
    _DEALT,
    ACTIONS,
    MAX_PLAYERS,
    NCARDS,
    REFEREE,
    RULES,
    NotCoveredError,
    _game_problem,
    action_id,
    ccore,
    rollout,
    rules_problem,
)

__all__ = ["FastGame", "available"]

_core = ccore._ccore
_FACES = official.FACES
_DECK = sorted(official.DECK_IDS)
_PHASE_NAMES = {0: "PLAY", 1: "DRAWN", 2: "PENDING", 3: "COLOR", 6: "OVER"}
_POLICY = bytes([1] * official.MAX_PLAYERS)
if _core is not None:
    _one_apply, _one_legal, _one_can = _core.one_apply, _core.one_legal, _core.one_can
    _one_new, _one_head, _one_hands, _one_hand = _core.one_new, _core.one_head, _core.one_hands, _core.one_hand


def available() -> bool:
    """Is the compiled core built (the state this class is a view of)?"""
    return _core is not None


def _bound(r) -> bool:
    """Can C read and write the generator ``r`` in place?"""
    return rollout.bind() and type(r) is random.Random


class FastGame:
    """One hand of the official rules (strict) on integer cards and action ids, held in C.

    See :mod:`unokit.fast` for the API; the state's fields (``hands``, ``stock``, ``discard``, ``color``,
    ``direction``, ``current``, ``phase``, ``pending``, ``drawn``, ``going_out``, ``wd4``, ``uno_said``,
    ``catchable``, ``winner``, ``dealer``, ``reshuffles``) are read from C when asked, as new lists.
    """

    __slots__ = ("_h", "_head", "n", "seed", "history", "rules", "uno_penalty", "bluff_option", "deck_order",
                 "_setup_dealer", "_taken_over", "_rng", "_ref")
    _h: object
    _head: tuple
    n: int
    seed: int | None
    history: list[int]
    rules: RuleSet
    uno_penalty: int
    bluff_option: int
    deck_order: list[str] | None
    _setup_dealer: int | None
    _taken_over: bool
    _rng: random.Random | None                 # a generator given to from_game (C writes its draws back)
    _ref: list | None                          # [referee game, ids of history it has applied]: refusals

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
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if dealer is not None and not (type(dealer) is int and 0 <= dealer < players):
            raise UnoError(f"there is no seat {dealer}")
        order = None
        self.deck_order = None
        if deck_order is not None:
            from ..core.cards import parse_cards
            order = [c.index for c in parse_cards(deck_order)]
            if sorted(order) != _DECK:
                raise UnoError("deck_order must hold exactly the deck's cards")
            self.deck_order = [CARDS[c].code for c in order]
        cfg = (players, self.uno_penalty, self.bluff_option, 1, -1 if dealer is None else dealer,
               _POLICY[:players], False, official.HAND_SIZE, 0, 0)
        if type(seed) is int and 0 <= seed < 2**64:
            h = _one_new(cfg, seed, order, None)
        else:   # random.Random(seed) seeds other values (negative, large, strings) its own way
            h = _one_new(cfg, 0, order, random.Random(seed).getstate()[1])
        self._h = h
        self._head = _one_head(h)
        self.n = players
        self.seed = seed
        self.history = []
        self._setup_dealer = dealer
        self._taken_over = False
        self._rng = None
        self._ref = None

    @classmethod
    def from_game(cls, game, hands=None, stock=None, *, rng: random.Random | None = None,
                  share_rng: bool = False) -> FastGame:
        """The state of the referee's ``game`` now (see :meth:`unokit.fast.FastGame.from_game`)."""
        why = _game_problem(game)
        if why:
            raise NotCoveredError(why)
        n = game.n
        if share_rng or rng is None:
            gen = getattr(game.chance, "_rng", None)
            if gen is None:
                raise NotCoveredError("the game's chance is scripted (a replay): give rng=")
            rng = gen if share_rng else None
            src = gen
        else:
            src = rng
        if hands is None:
            hs = [[c.index for c in h] for h in game.hands]
        else:
            if len(hands) != n:
                raise UnoError(f"give {n} hands")
            hs = [[c.index for c in h] for h in hands]
            if any(c >= NCARDS for h in hs for c in h):
                raise NotCoveredError("a card of another edition is not in the official deck")
        st = [c.index for c in (game.stock if stock is None else stock)]
        if stock is not None and any(c >= NCARDS for c in st):
            raise NotCoveredError("a card of another edition is not in the official deck")
        wd4 = game.wd4
        if wd4 is not None:
            bluffer, bluff, prev = wd4[0], wd4[1], int(wd4[2])
            if hands is not None:
                bluff = holds_color(hs[bluffer], prev)
            wd4 = (bluffer, bluff, prev)
        state = (n, hs, st, [c.index for c in game.discard], int(game.color), game.direction, game.current,
                 int(game.phase), game.pending, game.drawn.index if game.drawn is not None else -1,
                 -1 if game.going_out is None else game.going_out, wd4, list(game.uno_said), game.catchable,
                 game.uno_penalty, game.rules.ambiguity[3])
        mt = src if _bound(src) else src.getstate()[1]
        f = cls.__new__(cls)
        f._h = h = _core.one_from(state, mt, -1 if game.winner is None else game.winner, game.dealer)
        f._head = _one_head(h)
        f.n = n
        f.seed = None
        f.history = []
        f.rules = game.rules
        f.uno_penalty = game.uno_penalty
        f.bluff_option = game.rules.ambiguity[3]
        f.deck_order = None
        f._setup_dealer = None
        f._taken_over = True
        f._rng = rng
        f._ref = None
        return f

    @staticmethod
    def covers(game) -> bool:
        """Can :meth:`from_game` take over the referee's ``game``?"""
        return _game_problem(game) is None

    # ------------------------------------------------------------------------------ the state, read from C
    @property
    def current(self) -> int:
        return self._head[0]

    @property
    def to_act(self) -> int:
        """The seat the hand waits for (the official rules never wait for anyone else)."""
        return self._head[0]

    @property
    def phase(self) -> int:
        return self._head[1]

    @property
    def over(self) -> bool:
        return self._head[1] == 6

    @property
    def winner(self) -> int | None:
        w = self._head[2]
        return None if w < 0 else w

    @property
    def pending(self) -> int:
        return self._head[3]

    @property
    def color(self) -> int:
        return self._head[4]

    @property
    def direction(self) -> int:
        return self._head[5]

    @property
    def drawn(self) -> int:
        return self._head[6]

    @property
    def going_out(self) -> int:
        return self._head[7]

    @property
    def top(self) -> int:
        return self._head[8]

    @property
    def reshuffles(self) -> int:
        return self._head[9]

    @property
    def _ok(self) -> tuple[bool, ...]:
        """The PLAYABLE row of the top card and the colour in play."""
        hd = self._head
        return PLAYABLE[hd[4] * _FACES + FACE_OF[hd[8]]]

    @property
    def hands(self) -> list[list[int]]:
        return _one_hands(self._h)

    def hand(self, seat: int) -> list[int]:
        """One seat's hand (card ids, in the referee's order)."""
        return _one_hand(self._h, seat)

    @property
    def stock(self) -> list[int]:
        return _core.one_state(self._h)[1]

    @property
    def discard(self) -> list[int]:
        return _core.one_state(self._h)[2]

    @property
    def uno_said(self) -> list[bool]:
        return _core.one_state(self._h)[10]

    @property
    def catchable(self) -> set[int]:
        return set(_core.one_state(self._h)[11])

    @property
    def wd4(self) -> tuple[int, bool, int] | None:
        """(the Wild Draw Four's player, a bluff, the colour before it) while it may be challenged."""
        return None if self._head[10] < 0 else _core.one_state(self._h)[13]

    @property
    def dealer(self) -> int:
        return _core.one_state(self._h)[14]

    @property
    def rng(self) -> random.Random:
        """The hand's generator: the one given to :meth:`from_game`, else a copy of C's, made now."""
        if self._rng is not None:
            return self._rng
        r = random.Random()
        r.setstate((3, _core.one_rng(self._h), None))
        return r

    @property
    def phase_name(self) -> str:
        return _PHASE_NAMES[self._head[1]]

    @property
    def setup_dealer(self):
        """The ``dealer`` this hand was dealt with (``None``: drawn for), as ``Game.new`` takes it."""
        return self._setup_dealer

    def hand_points(self, seat: int) -> int:
        return sum(POINTS[c] for c in _one_hand(self._h, seat))

    def points(self) -> list[int]:
        """Points held in each hand now (the referee's ``Game.points()`` as a list)."""
        return [sum(POINTS[c] for c in h) for h in _one_hands(self._h)]

    @property
    def score(self) -> int | None:
        """What the winner scores: the points left in the other hands (``None`` while the hand runs)."""
        w = self.winner
        if w is None:
            return None
        return sum(self.points()) - self.hand_points(w)

    # ------------------------------------------------------------------------------ moves
    def legal_ids(self, seat: int | None = None) -> list[int]:
        """The ids ``seat`` (default: the seat to act) may apply now, in the referee's order.

        ``[ACTIONS[i] for i in g.legal_ids(s)] == referee.legal_actions(s)``.
        """
        return _one_legal(self._h, self._head[0] if seat is None else seat)

    def reaction_ids(self, seat: int) -> list[int]:
        """The ids ``seat`` may apply besides the moves of its turn (UNO, catches): the referee's
        ``legal_actions(seat, turn=False)``."""
        return _core.one_reactions(self._h, seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The referee actions of :meth:`legal_ids`."""
        return [ACTIONS[i] for i in self.legal_ids(seat)]

    def can(self, i) -> bool:
        """Would :meth:`apply` accept id ``i`` now?"""
        try:
            return _one_can(self._h, i)
        except (TypeError, OverflowError):
            return False

    def apply(self, i) -> None:
        """Apply action id ``i``; raise the referee's :class:`IllegalActionError` subclass (the state
        unchanged) when it is refused."""
        try:
            hd = _one_apply(self._h, i)
        except (TypeError, OverflowError):
            hd = None
        if hd is None:
            return self._refuse(i)
        self.history.append(i)
        if hd[9] != self._head[9] and self._rng is not None:   # a reshuffle drew: the given generator follows
            self._give_rng()
        self._head = hd

    def apply_action(self, action: Action) -> None:
        """Apply a referee action (``apply(action_id(action))``)."""
        self.apply(action_id(action))

    def _give_rng(self) -> None:
        r = self._rng
        if _bound(r):
            _core.one_rng_give(self._h, r)
        else:
            assert r is not None
            r.setstate((3, _core.one_rng(self._h), None))

    def play_out(self, rng: random.Random, greedy: bool, cap: int) -> None:
        """The search bot's rollout policy plays on in C for at most ``cap`` actions, drawing from ``rng``
        (:func:`unokit.fast.rollout.play_out`)."""
        if _bound(rng):
            ids = _core.one_play_out(self._h, rng, greedy, cap)
        else:
            r = random.Random()
            r.setstate(rng.getstate())
            ids = _core.one_play_out(self._h, r, greedy, cap)
            rng.setstate(r.getstate())
        from array import array
        self.history.extend(array("h", ids))
        hd = _one_head(self._h)
        if hd[9] != self._head[9] and self._rng is not None:
            self._give_rng()
        self._head = hd

    # ------------------------------------------------------------------------------ refusals: the referee's
    def problem(self, i):
        """(error class, reason) the referee gives for ``ACTIONS[i]`` now, or None (see :meth:`can`)."""
        if type(i) is not int or not 0 <= i < len(ACTIONS):
            return IllegalActionError, f"not an action id: {i!r} (ids are 0 to {len(ACTIONS) - 1})"
        if _one_can(self._h, i):
            return None
        return self._referee_now()._problem(ACTIONS[i])

    _problem = problem

    def _refuse(self, i) -> None:
        prob = self.problem(i)
        if prob is None:  # pragma: no cover - C and the referee disagree: a bug
            raise AssertionError(f"the compiled core refused legal action id {i}")
        raise prob[0](prob[1])

    def _referee_now(self):
        """A referee game in this state, to ask why an action is refused: a dealt hand's replay (kept, and
        brought up to date with the ids applied since), a taken-over hand set up at its position."""
        if self._taken_over:
            return self._position_referee()
        ref = self._ref
        if ref is None:
            ref = self._ref = [self._new_referee(), 0]
        g, done = ref
        for i in self.history[done:]:
            g.apply(ACTIONS[i])
        ref[1] = len(self.history)
        return g

    def _new_referee(self):
        game = REFEREE[0]  # unokit.engine.game registers its Game here: the fast core does not import the referee
        return game.new(self.n, self.rules, seed=self.seed, dealer=self._setup_dealer, deck_order=self.deck_order,
                        core="referee")

    def _position_referee(self):
        """The referee at this position (a taken-over hand has no deal to replay): the piles, the turn and the
        phase's fields set as the referee holds them."""
        (hands, stock, discard, color, direction, current, phase, pending, drawn, winner, said, catchable,
         going_out, wd4, dealer, _) = _core.one_state(self._h)
        g = REFEREE[0].from_position([[CARDS[c] for c in h] for h in hands], [CARDS[c] for c in discard],
                                     [CARDS[c] for c in reversed(stock)], rules=self.rules, current=current,
                                     direction=direction, color=Color(color), pending=pending, dealer=dealer)
        g.phase = type(g.phase)(phase)   # the referee's Phase
        g.drawn = CARDS[drawn] if drawn >= 0 else None
        g.drawn_options = (g.drawn,) if drawn >= 0 else ()
        g.going_out = going_out if going_out >= 0 else None
        g.winner = winner if winner >= 0 else None
        g.uno_said = list(said)
        g.catchable = set(catchable)
        g.uno_penalty = self.uno_penalty
        if wd4 is not None:
            g.wd4 = (wd4[0], wd4[1], Color(wd4[2]), (CARDS[official.WILD_DRAW_FOUR],))
        return g

    # ------------------------------------------------------------------------------ the referee's view
    def clone(self) -> FastGame:
        """An independent copy (its own generator in the same state): for search and rollouts."""
        g = FastGame.__new__(FastGame)
        g._h = _core.one_clone(self._h)
        g._head = self._head
        g.n = self.n
        g.seed = self.seed
        g.history = list(self.history)
        g.rules = self.rules
        g.uno_penalty = self.uno_penalty
        g.bluff_option = self.bluff_option
        g.deck_order = self.deck_order
        g._setup_dealer = self._setup_dealer
        g._taken_over = self._taken_over
        g._rng = None
        g._ref = None
        return g

    def __deepcopy__(self, memo) -> FastGame:
        """A deep copy (``copy.deepcopy`` of a lazy referee hand): :meth:`clone`, with a copy of a given generator."""
        import copy
        c = self.clone()
        if self._rng is not None:
            c._rng = copy.deepcopy(self._rng, memo)
        return c

    def __getstate__(self) -> dict:
        """The state for pickling: the C state as lists and the generator's state."""
        meta = {name: getattr(self, name) for name in self.__slots__ if name not in ("_h", "_head", "_ref")}
        return dict(meta, _c=_core.one_state(self._h), _mt=_core.one_rng(self._h))

    def __setstate__(self, d: dict) -> None:
        (hands, stock, discard, color, direction, current, phase, pending, drawn, winner, said, catchable, going_out,
         wd4, dealer, reshuffles) = d["_c"]
        state = (d["n"], hands, stock, discard, color, direction, current, phase, pending, drawn, going_out, wd4,
                 said, catchable, d["uno_penalty"], d["bluff_option"])
        self._h = _core.one_from(state, d["_mt"], winner, dealer, reshuffles)
        self._head = _one_head(self._h)
        self._ref = None
        for name in self.__slots__:
            if name in d:
                setattr(self, name, d[name])

    def to_referee(self):
        """The referee's :class:`~unokit.engine.game.Game` after the same deal and the same actions.

        Raises :class:`~unokit.core.errors.ReplayMismatchError` if it does not end in the same state, and
        :class:`UnoError` for a state taken over by :meth:`from_game` (there is no deal to replay).
        """
        from ..core.errors import ReplayMismatchError
        if self._taken_over:
            raise UnoError("this state was taken over from a referee game (FastGame.from_game): "
                           "keep that game to replay it")
        g = self._new_referee()
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
        hands, stock, discard, color, direction, current, phase, *_ = _core.one_state(self._h)
        return {
            "hands": [format_cards(CARDS[c] for c in h) for h in hands],
            "stock": format_cards(CARDS[c] for c in stock),
            "discard": format_cards(CARDS[c] for c in discard),
            "color": "RYGB"[color],
            "direction": direction,
            "current": current,
            "phase": _PHASE_NAMES[phase],
            "winner": self.winner,
        }

    def check_invariants(self) -> None:
        """Raise AssertionError unless every card of the deck is in exactly one place."""
        hands, stock, discard, *_ = _core.one_state(self._h)
        places = sorted([c for h in hands for c in h] + stock + discard)
        assert places == _DECK, "cards not conserved"
        assert discard, "the discard pile is never empty"
        assert 0 <= self.current < self.n and self.pending >= 0
        if self.over:
            assert self.winner is not None and not hands[self.winner]
        else:
            assert self.phase != 0 or self.pending == 0

    def __repr__(self) -> str:
        return (f"<FastGame {self.n}p {self.phase_name} turn={self.current} "
                f"top={CARDS[self.top].code}/{'RYGB'[self.color]} hands={[len(h) for h in self.hands]}>")
