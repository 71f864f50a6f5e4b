"""The decision flow: who may decide now, what each is offered, and in what order.

One statement for every consumer that lets players decide (the lab's harness :func:`unokit.lab.sim.play_hand`,
the table session, the plain-prompt game, the teaching mode, the studies, the bots' reading of their options):

- an action class declares its own window (:attr:`Action.window <unokit.core.actions.Action.window>`):
  ``"turn"`` (only the seat in turn), ``"reaction"`` (any seat between moves), ``"both"`` (a play: in turn,
  or out of turn as a cut) or ``"talk"`` (speech, never offered as a decision);
- between two moves, the seats that may react (:meth:`Game.out_of_turn_seats`, then the seat in turn, whose
  calls and catches are reactions too) are offered their reactions in an order shuffled by the caller's
  seeded generator, or fastest first when the players have a reaction time (:func:`react_step`); the first
  answer the referee still accepts is applied;
- then the seat in turn decides (:func:`turn_step`); a play still being composed (``more``) is completed one
  sub-decision at a time (:func:`unokit.engine.compose.complete`).

A "player" here is anything with ``act(view, legal)`` and ``react(view, legal)`` (a :class:`unokit.bots.Bot`);
it is shown only ``game.view(seat)`` and its options.

>>> import random
>>> from unokit.engine.game import Game
>>> from unokit.core.actions import Action
>>> [is_turn_action(Action.parse(t)) for t in ("0 draw", "0 play R5", "0 uno", "0 say hi")]
[True, True, False, False]
>>> g = Game.new(players=3, seed=4)
>>> reaction_options(g, (g.to_act + 1) % 3)     # nothing to react to at the deal
[]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal, cast, overload

from ..core.actions import Action, Draw, Play
from ..core.errors import IllegalActionError, UnoError
from .compose import UNFOLD, complete, unfold
from .game import Game, Phase

#: the seats' players: a list, or a dict that may omit seats played by people; a player is a bot or a
#: person's seat (anything with ``act(view, options)`` and ``react(view, options)``)
Players = Sequence[Any] | dict[int, Any]

__all__ = ["is_out_of_turn", "is_turn_action", "out_of_turn_options", "turn_options", "reaction_options",
           "reaction_seats", "react_step", "turn_step", "ask", "counts_as_turn", "acting_seats"]


# ------------------------------------------------------------------------------------- the windows
def is_out_of_turn(action: Action) -> bool:
    """May ``action`` be offered to a seat that is not ``to_act``? (Its class's window says:
    "reaction", or "both" for a play, which out of turn is a cut.)

    >>> [is_out_of_turn(Action.parse(t)) for t in ("1 catch 0", "1 play R5", "1 draw", "1 say hi")]
    [True, True, False, False]
    """
    return action.window in ("reaction", "both")


def is_turn_action(action: Action) -> bool:
    """Is ``action`` a decision of the seat in turn (its window "turn", or "both": a play)?

    >>> [is_turn_action(Action.parse(t)) for t in ("0 draw", "0 doubtsum", "0 play R5", "0 uno", "0 say hi")]
    [True, True, True, False, False]
    """
    return action.window in ("turn", "both")


def out_of_turn_options(legal: list[Action]) -> list[Action]:
    """``legal`` minus the in-turn-only actions and speech (what ``react`` is offered)."""
    return [a for a in legal if is_out_of_turn(a)]


def turn_options(legal: list[Action]) -> list[Action]:
    """``legal`` minus the reactions and speech: the decisions of the seat in turn."""
    return [a for a in legal if is_turn_action(a)]


def counts_as_turn(game: Game, action: Action) -> bool:
    """Is ``action`` (about to be applied) a play or draw by the player in turn (a turn in the lab's counts)?"""
    return (type(action) in (Play, Draw) and cast("Play | Draw", action).player == game.current
            and game.phase in (Phase.PLAY, Phase.DRAWN, Phase.PENDING))


# ------------------------------------------------------------------------------------- who decides
def reaction_options(game: Game, seat: int) -> list[Action]:
    """The out-of-turn actions ``seat`` may take now (the seat in turn's too: its calls and catches
    between its moves are reactions, its moves are not)."""
    return out_of_turn_options(game.legal_actions(seat, turn=False))


def acting_seats(game: Game) -> frozenset[int]:
    """The seats that may have any action at all now, told without listing them: the seat in turn and
    :meth:`Game.out_of_turn_seats` (a superset); every other seat's ``legal_actions`` is empty (a caller may
    keep a seat's empty list while the seat stays out of this set).

    >>> g = Game.new(players=3, seed=4)
    >>> acting_seats(g) == {g.to_act}
    True
    """
    if game.phase == Phase.OVER:
        return frozenset()
    return frozenset(game.out_of_turn_seats()).union((game.to_act,))


def reaction_seats(game: Game, rng: random.Random, players: Players | None = None, seats: Iterable[int] | None = None,
                   *, turn_seat: bool = True) -> list[int]:
    """The seats to offer reactions now, in the order they are offered: ``seats`` if given, else
    :meth:`Game.out_of_turn_seats` and the seat in turn (``turn_seat=False``: without it, whose calls and
    catches then come with its turn's options, as the RL environments ask); shuffled by ``rng``; then, when
    any of ``players`` has a ``reaction_delay`` (a simulated person), fastest first."""
    cands = list(game.out_of_turn_seats() if seats is None else seats)
    if seats is None:
        if not turn_seat:
            cands = [s for s in cands if s != game.to_act]
        elif game.to_act not in cands:
            cands.append(game.to_act)
    rng.shuffle(cands)
    if players is not None:
        delays = {s: getattr(_player_at(players, s), "reaction_delay", None) for s in cands}
        if any(d is not None for d in delays.values()):
            cands.sort(key=lambda s: d() if (d := delays[s]) is not None else 0.0)
    return cands


def react_step(game: Game, players: Players, rng: random.Random,
               seats: Iterable[int] | None = None) -> Action | None:
    """Offer the reacting seats (:func:`reaction_seats`) their reactions; apply the first acceptable answer.

    ``players`` maps a seat to its player (a list, or a dict that may omit seats played by people).
    Returns the applied action or ``None``. A player may not act for another seat, and an answer the
    referee no longer accepts is ignored."""
    if game.over:
        return None
    for seat in reaction_seats(game, rng, players, seats):
        player = _player_at(players, seat)
        if player is None:
            continue
        legal = reaction_options(game, seat)
        if not legal:
            continue
        choice = ask(game, seat, player, legal, turn=False)
        if choice is None:
            continue
        if getattr(choice, "player", None) != seat or not game.can(choice):
            continue
        game.apply(choice)
        return choice
    return None


def turn_step(game: Game, player: Any) -> Action:
    """The seat in turn's decision, asked of ``player`` and completed, not yet applied (the caller
    applies it, after looking at it if it wants). Raises :class:`IllegalActionError` for an answer
    for another seat."""
    seat = game.to_act
    legal = game.legal_actions(seat)
    if not legal:  # pragma: no cover - the engine always offers the seat in turn something
        raise UnoError(f"seat {seat} has no legal action in {game!r}")
    action = ask(game, seat, player, legal, turn=True)
    if getattr(action, "player", None) != seat:
        raise IllegalActionError(f"bot {player!r} at seat {seat} answered {action} for another seat")
    return action


@overload
def ask(game: Game, seat: int, player: Any, options: list[Action], *, turn: Literal[True],
        lenient: bool = False) -> Action: ...
@overload
def ask(game: Game, seat: int, player: Any, options: list[Action], *, turn: bool,
        lenient: bool = False) -> Action | None: ...


def ask(game: Game, seat: int, player: Any, options: list[Action], *, turn: bool,
        lenient: bool = False) -> Action | None:
    """Ask ``player`` at ``seat`` to choose among ``options`` (its turn's with ``act``, else a reaction with
    ``react``, which may answer ``None``), shown ``game.view(seat)`` and the options unfolded (players judge
    complete plays best; a big choice stays step by step); a play being composed is completed one
    sub-decision at a time. A reaction's sub-decision it declines takes the first option; ``lenient``: so
    does any answer that is not an option (a table for people never stops on a bot's mistake).
    Returns the answer, not applied and not checked against the seat.

    A player whose ``steps(view)`` says so (the ``rl`` bot, trained on the environments' flow) is asked as the
    environments ask (:class:`unokit.env.core.Flow`): ``step(view, options, stem, window)`` with the referee's
    options as they are, stems included, then each sub-decision with the stem being composed."""
    view = game.view(seat)
    wants = getattr(player, "steps", None)
    if wants is not None and wants(view):
        return _ask_steps(game, view, player, options, turn, lenient)
    legal = unfold(game, options)
    choice: Action | None = player.act(view, legal) if turn else player.react(view, legal)
    if choice is None or not (choice.more and choice in legal):
        return choice
    if turn and not lenient:
        sub = lambda opts, p=player, v=view: p.act(v, opts)
    elif turn:
        sub = lambda opts, p=player, v=view: _pick(p.act(v, opts), opts)
    else:
        sub = lambda opts, p=player, v=view: _pick(p.react(v, opts), opts)
    return complete(game, choice, sub, UNFOLD)


def _ask_steps(game: Game, view: Any, player: Any, options: list[Action], turn: bool, lenient: bool) -> Action | None:
    """:func:`ask` one sub-decision at a time, each shown the stem it completes (the environments' flow)."""
    choice = cast("Action | None", player.step(view, options, None, not turn))
    if choice is None or not (choice.more and choice in options):
        return choice
    stem = [choice]

    def sub(opts: list[Action]) -> Action | None:
        a = cast("Action | None", player.step(view, opts, stem[0], False))
        if lenient or not turn:
            a = _pick(a, opts)
        if a is not None:
            stem[0] = a
        return a
    return complete(game, choice, sub)


def _pick(choice: Action | None, options: list[Action]) -> Action | None:
    """A player that declines a sub-decision of a play it started takes the first option."""
    return choice if choice in options else options[0]


def _player_at(players: Players, seat: int) -> Any:
    if isinstance(players, dict):
        return players.get(seat)
    return players[seat] if 0 <= seat < len(players) else None
