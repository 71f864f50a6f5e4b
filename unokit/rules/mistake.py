"""MISTAKE: any mistake costs two cards (003 §Varianti non ufficiali).

The Italian leaflet: "È possibile stabilire che quando un giocatore commette un errore di qualsiasi
genere, ad esempio giocando una carta non compatibile con l'ultima scartata o facendosi cogliere
impreparato quando è il suo turno, deve pescare due carte di penalità per aver rallentato lo
svolgimento della partita." The mistakes this engine can see, and what each costs under the rule
(docs/rules/MISTAKE.md lists every penalty and why the others keep their price):

- a wrong play noticed by another seat (``enforcement="table"``, :class:`~unokit.core.actions.Notice`;
  a wrong or late jump-in included) costs ``MISTAKE(penalty=2)``, whatever ``wrong=`` says;
- a missed UNO caught (:class:`~unokit.core.actions.CatchUno`) costs the same, whatever ``uno=`` says
  (MEM, which makes it 4, cannot be combined with MISTAKE);
- "caught unready": once the seat to act has gone more than ``MISTAKE(seconds=10)`` on the game's
  clock without acting (counted from the start of its turn, or from its last move in it), any other
  seat may call it out (:class:`CallUnready`, ``"2 unready"``). The seat to act draws the penalty (the
  event ``unready``, then the ``penalty``), its turn goes on, and its allowance starts again.

A refused action costs nothing: strict enforcement refuses a wrong play with a typed error and the
state unchanged, so the wrong-play clause only bites under table enforcement.

>>> from unokit.engine.game import Game
>>> from unokit.core.chance import ManualClock
>>> clock = ManualClock()
>>> g = Game.from_position(['R1 R2', 'G5 G6', 'B1 B2'], discard='R9', stock='Y1 Y2 Y3',
...                        rules='UNO 1121 MISTAKE', clock=clock)
>>> g.can(CallUnready(1))      # seat 0 has just started its turn
False
>>> clock.advance(11)
>>> [e.kind for e in g.apply(CallUnready(1))]
['unready', 'penalty', 'draw']
>>> len(g.hands[0]), g.can(CallUnready(2))   # two cards more; the allowance starts again
(4, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.actions import Action, register_action
from ..core.errors import IllegalActionError, WindowClosedError
from ..core.events import register_event, register_reason
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


__all__ = ["AnyMistake", "CallUnready", "Waiting"]

CODE = "MISTAKE"
REASON = "caught unready (MISTAKE)"


@register_action
@dataclass(frozen=True, slots=True)
class CallUnready(Action):
    """MISTAKE: call out the seat to act, which has let its time allowance run out without acting."""

    player: int
    kind = verb = "unready"
    window = "reaction"

    def __str__(self) -> str:
        return f"{self.player} unready"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "unready", "player": self.player}


class Waiting(NamedTuple):
    """MISTAKE's own state (``game.rule_state["MISTAKE"]``): the seat whose allowance runs and the
    clock reading it runs from (its turn's start, its last move in the turn, or the last call)."""

    seat: int
    since: float


class AnyMistake(HouseRule):
    code = CODE
    actions = (CallUnready,)

    def __init__(self, ruleset: RuleSet) -> None:
        super().__init__(ruleset)
        self.penalty = ruleset.param(CODE, "penalty")
        self.seconds = ruleset.param(CODE, "seconds")

    def setup(self, game: Game) -> None:
        game.uno_penalty = self.penalty     # a missed UNO caught
        game.wrong_penalty = self.penalty   # a wrong play noticed (table enforcement)

    def on_turn_start(self, game: Game, player: int) -> None:
        game.rule_state[CODE] = Waiting(player, game.clock.now())

    def on_turn_action(self, game: Game, action: Action) -> None:
        # the seat to act moved (drew, played, passed, named a colour): its allowance starts again
        game.rule_state[CODE] = Waiting(action.player, game.clock.now())

    def waited(self, game: Game) -> float:
        """How long the seat to act has gone without acting, on the game's clock. When the state names
        another seat (the move was handed over without a turn start: a correction of a wrong play, a
        colour named by another seat), it counts from the last action taken at the table."""
        w: Waiting | None = game.rule_state.get(CODE)
        if w is not None and w.seat == game.to_act:
            since = w.since
        elif game.actions:
            since = game.actions[-1][0]
        else:
            since = w.since if w is not None else game.clock.now()
        return game.clock.now() - since

    def action_problem(self, game: Game, a: Action) -> tuple[type[Exception], str] | None:
        p, seat = a.player, game.to_act
        if p in game.eliminated:
            return IllegalActionError, f"seat {p} is out of this hand"
        if p == seat:
            return IllegalActionError, "it is your move: another seat must call you unready"
        if not game.hands[seat]:
            return IllegalActionError, f"seat {seat} has gone out"
        waited = self.waited(game)
        if waited <= self.seconds:
            return WindowClosedError, (f"seat {seat} has had {waited:g} s of its {self.seconds} s to act: "
                                       f"it is not unready yet (MISTAKE)")
        return None

    def action_options(self, game: Game, seat: int) -> list[Action]:
        return [CallUnready(seat)] if self.action_problem(game, CallUnready(seat)) is None else []

    def apply_action(self, game: Game, a: Action) -> None:
        seat = game.to_act
        game.emit("unready", a.player, seat)
        game.penalize(seat, self.penalty, REASON)
        game.rule_state[CODE] = Waiting(seat, game.clock.now())


# ---------------------------------------------------------------------- the event MISTAKE emits, told
register_event("unready", ("target",),
               about="MISTAKE: the seat to act is called out for letting its time allowance run",
               tell={"en": lambda w, e: f"{w.s(e.player, 'calls')} {w.obj(e.target)} out: too slow to act",
                     "pt": lambda w, e: f"{w.subj(e.player)} pega {w.obj(e.target)} desprevenido: "
                                        "demorou demais para jogar"})
register_reason(REASON, pt="pego desprevenido (MISTAKE)")
