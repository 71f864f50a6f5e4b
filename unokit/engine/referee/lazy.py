"""The fast core behind a referee hand of the official rules, until its full state is wanted.

``Game.new`` (``core="auto"``) puts a strict hand of the official rules on one classic deck on the fast
core: the hand's :attr:`~unokit.engine.game.Game.engine` is ``"fast"`` and its moves (``legal_actions``,
``apply``, ``can``, ``verify``, ``to_act``, ``over``, ``winner``) are answered by :class:`unokit.fast.FastGame`,
which the differential tests prove plays exactly as the referee. Anything else (a view, a record, the
hands, the events, a house-rule action) *materializes* the hand: the referee replays the fast core's
actions from the same deal, checks that it ends in the same state and takes that state over; the hand's
``engine`` is ``"referee"`` from then on. The object stays the same ``Game`` throughout (nothing changes
its class): a loop that only plays (bulk simulation, RL) runs at the fast core's pace, and anything that
looks closer gets the full referee, with nothing lost.

The functions here are the fast side of those members; :class:`~unokit.engine.game.Game` calls them while
its ``_fast`` is set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, overload

from ...core.errors import IllegalActionError, NotYourTurnError
from ...core.events import Event
from ...fast import ACTIONS, FastGame, action_id, rules_problem

if TYPE_CHECKING:
    from ...core.actions import Action
    from ...rules.ruleset import RuleSet
    from .state import HandState as Game  # (the Game itself imports this module)

__all__ = ["PendingEvents", "lazy_game", "materialize", "legal_actions", "apply", "can", "verify"]


class PendingEvents(Sequence[Event]):
    """The events one action of a hand on the fast core caused, built when first read (the hand
    materializes then)."""

    __slots__ = ("_game", "_seq", "_events")

    def __init__(self, game: Game, seq: int) -> None:
        self._game = game
        self._seq = seq
        self._events: tuple[Event, ...] | None = None

    def _get(self) -> tuple[Event, ...]:
        if self._events is None:
            seq = self._seq
            self._events = tuple(e for e in self._game.events if e.seq == seq)
        return self._events

    def __len__(self) -> int:
        return len(self._get())

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, i: int | slice) -> Event | tuple[Event, ...]:
        return self._get()[i]

    def __eq__(self, other: object) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, Sequence) else NotImplemented

    def __repr__(self) -> str:
        return repr(self._get())


def materialize(game: Game) -> None:
    """Put ``game`` (a hand on the fast core) on the full referee, in the same state: the referee deals the
    same hand, replays the same actions and must end in the same state (:meth:`FastGame.to_referee`)."""
    fast = game.__dict__.pop("_fast", None)
    if fast is None:
        return
    g = fast.to_referee()
    game.__dict__.update(g.__dict__)


def legal_actions(game: Game, fast: FastGame, player: int, turn: bool) -> list[Action]:
    if type(player) is not int or not 0 <= player < game.n:
        raise NotYourTurnError(f"there is no seat {player!r} (seats are 0 to {game.n - 1})")
    ids = fast.legal_ids(player) if turn else fast.reaction_ids(player)
    return [ACTIONS[i] for i in ids]


def apply(game: Game, fast: FastGame, action: Action) -> Sequence[Event] | None:
    """The fast core applies ``action`` (the referee's typed error, the state unchanged, when refused);
    None: not a move of the official rules (chat, a hint, a bad action): the caller materializes."""
    i = _id(action)
    if i is None:
        return None
    fast.apply(i)
    return PendingEvents(game, len(fast.history))


def can(fast: FastGame, action: Action) -> bool | None:
    """Would the fast core accept ``action``; None: not a move it knows (the referee answers)."""
    i = _id(action)
    return None if i is None else fast.can(i)


def verify(fast: FastGame, action: Action) -> bool:
    """Raise the referee's error for ``action`` if the fast core refuses it; False: not a move it knows."""
    i = _id(action)
    if i is None:
        return False
    prob = fast.problem(i)  # type: ignore[no-untyped-call, unused-ignore]  # unokit.fast: not annotated yet
    if prob is not None:
        raise prob[0](prob[1])
    return True


def _id(action: Action) -> int | None:
    try:
        return action_id(action)
    except IllegalActionError:
        return None


_COVERED: dict[RuleSet, bool] = {}


def lazy_game(game_class: type, players: int, rules: RuleSet, seed: int | None, dealer: int | None,
              deck_order: list[str] | None) -> Any:
    """A new hand of ``game_class`` (the referee) on the fast core, or None when the fast core does not
    deal and play ``rules`` (house rules, the traditional deal...)."""
    ok = _COVERED.get(rules)
    if ok is None:
        ok = _COVERED[rules] = rules_problem(rules, dealing=True) is None
    if not ok:
        return None
    g: Any = object.__new__(game_class)
    g.__dict__.update(_fast=FastGame(players, seed, dealer=dealer, deck_order=deck_order, rules=rules), n=players,
                      rules=rules, enforcement="strict", strict=True)
    return g
