"""A referee for the official rules that plays on the fast core until its full state is wanted.

``Game.new`` returns one for a strict hand of the official rules on one classic deck (``core="auto"``).
Asking the moves of a hand (``legal_actions``, ``apply``, ``can``, ``verify``, ``to_act``, ``over``,
``winner``) is answered by :class:`unokit.fast.FastGame`, which the differential tests prove plays
exactly as the referee. Anything else (a view, a record, the hands, the events, a house-rule action)
makes the game *materialize*: the referee replays the fast core's actions from the same deal, checks
that it ends in the same state, takes that state over and is an ordinary :class:`~unokit.engine.game.Game`
from then on. So a loop that only plays (bulk simulation, RL) runs at the fast core's pace, and
anything that looks closer gets the full referee, with nothing lost.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import IllegalActionError, NotYourTurnError
from ...fast import ACTIONS, FastGame, action_id, rules_problem

__all__ = ["LazyReferee", "PendingEvents", "lazy_game"]


class PendingEvents(Sequence):
    """The events one action caused, built when first read (the game materializes then)."""

    __slots__ = ("_game", "_seq", "_events")

    def __init__(self, game, seq: int):
        self._game = game
        self._seq = seq
        self._events: tuple | None = None

    def _get(self) -> tuple:
        if self._events is None:
            seq = self._seq
            self._events = tuple(e for e in self._game.events if e.seq == seq)
        return self._events

    def __len__(self) -> int:
        return len(self._get())

    def __getitem__(self, i):
        return self._get()[i]

    def __eq__(self, other) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, Sequence) else NotImplemented

    def __repr__(self) -> str:
        return repr(self._get())


class LazyReferee:
    """The moves of a hand on the fast core; every other member of :class:`~unokit.engine.game.Game` after
    :meth:`materialize`. Mixed into ``Game`` by ``Game.new`` (see the module's docstring).

    A bound method taken while the game was lazy (``apply = g.apply``) keeps working after it
    materialized: each fast method hands over to the referee's own once the fast core is gone."""

    def __init__(self, fast, rules, players: int):
        self._fast = fast
        self.n = players
        self.rules = rules
        self.enforcement = "strict"
        self.strict = True

    def __getattr__(self, name: str):
        # only called for a member the fast state does not hold: become the full referee, then answer
        if name.startswith("__") or name == "_fast":
            raise AttributeError(name)
        self.materialize()
        return getattr(self, name)

    def materialize(self) -> None:
        """Become an ordinary referee ``Game`` in the same state: the referee deals the same hand,
        replays the same actions and must end in the same state (:meth:`FastGame.to_referee`)."""
        fast = self.__dict__.pop("_fast", None)
        if fast is None:
            return
        g = fast.to_referee()
        self.__dict__.update(g.__dict__)
        self.__class__ = type(g)

    # ------------------------------------------------------------------ the moves, on the fast core
    @property
    def over(self) -> bool:
        return self._fast.over

    @property
    def to_act(self) -> int:
        return self._fast.current

    @property
    def winner(self):
        return self._fast.winner

    def legal_actions(self, player: int, *, turn: bool = True) -> list:
        f = self.__dict__.get("_fast")
        if f is None:
            return type(self).legal_actions(self, player, turn=turn)
        if type(player) is not int or not 0 <= player < self.n:
            raise NotYourTurnError(f"there is no seat {player!r} (seats are 0 to {self.n - 1})")
        ids = f.legal_ids(player) if turn else f.reaction_ids(player)
        return [ACTIONS[i] for i in ids]

    def apply(self, action):
        f: FastGame | None = self.__dict__.get("_fast")
        # not a move of the official rules (chat, a hint, a bad action), or no longer lazy
        if f is None or (i := _id(action)) is None:
            LazyReferee.materialize(self)
            return type(self).apply(self, action)
        f.apply(i)  # the referee's typed error, the state unchanged, when refused
        return PendingEvents(self, len(f.history))

    def can(self, action) -> bool:
        f: FastGame | None = self.__dict__.get("_fast")
        if f is None or (i := _id(action)) is None:
            LazyReferee.materialize(self)
            return type(self).can(self, action)
        return f.can(i)

    def verify(self, action) -> None:
        f: FastGame | None = self.__dict__.get("_fast")
        if f is None or (i := _id(action)) is None:
            LazyReferee.materialize(self)
            return type(self).verify(self, action)
        prob = f.problem(i)
        if prob is not None:
            raise prob[0](prob[1])


def _id(action) -> int | None:
    try:
        return action_id(action)
    except IllegalActionError:
        return None


_COVERED: dict = {}
_CLASSES: dict = {}


def lazy_game(game_class, players: int, rules, seed, dealer, deck_order):
    """A new hand of ``game_class`` (the referee) on the fast core, or None when the fast core does not
    deal and play ``rules`` (house rules, the traditional deal...)."""
    ok = _COVERED.get(rules)
    if ok is None:
        ok = _COVERED[rules] = rules_problem(rules, dealing=True) is None
    if not ok:
        return None
    cls = _CLASSES.get(game_class)
    if cls is None:
        cls = _CLASSES[game_class] = type("LazyGame", (LazyReferee, game_class),
                                          {"__doc__": "A Game still on the fast core (unokit.engine.referee.lazy).",
                                           "__module__": __name__})
    g = object.__new__(cls)
    LazyReferee.__init__(g, FastGame(players, seed, dealer=dealer, deck_order=deck_order, rules=rules), rules,
                         players)
    return g
