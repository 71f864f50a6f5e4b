"""V (Velocidade): act within 5 seconds or draw 2 (000 ch.3 §Regra da Velocidade).

The engine reads the game's clock (``Game.new(..., clock=...)``; a
``ManualClock`` in tests and replays, a ``SystemClock`` at a real table). A
player's time starts when their turn starts (the previous discard, or the end
of the previous turn) and covers everything in the turn: drawing, naming a
colour, playing a group. A turn action taken later than ``V(seconds=5)``
costs ``V(penalty=2)`` cards, drawn before the action takes effect; the
turn goes on. The penalty is charged once per turn.

>>> from unokit.engine.game import Game
>>> from unokit.core.chance import ManualClock
>>> from unokit.core.actions import Play
>>> from unokit.core.cards import Card
>>> clock = ManualClock()
>>> g = Game.from_position(['R1 R2', 'G5 G6'], discard='R9', stock='Y1 Y2 Y3', rules='UNO 1121 V', clock=clock)
>>> clock.advance(6)
>>> _ = g.apply(Play(0, (Card.parse('R1'),)))
>>> len(g.hands[0])   # R2 plus the two penalty cards
3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..core.actions import Action
from ..core.events import register_reason
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


class TurnClock(NamedTuple):
    """V's own state (``game.rule_state["V"]``): whose turn is timed, when it started, whether the
    penalty was already charged in it."""

    seat: int
    started: float
    charged: bool


class Speed(HouseRule):
    code = "V"
    timed = True

    def __init__(self, ruleset: RuleSet) -> None:
        super().__init__(ruleset)
        self.seconds = ruleset.param("V", "seconds")
        self.penalty = ruleset.param("V", "penalty")

    def on_turn_start(self, game: Game, player: int) -> None:
        game.rule_state["V"] = TurnClock(player, game.clock.now(), False)

    def on_turn_action(self, game: Game, action: Action) -> None:
        clock = game.rule_state.get("V")
        if clock is None or clock.charged or action.player != clock.seat:
            return
        if game.clock.now() - clock.started > self.seconds:
            game.rule_state["V"] = clock._replace(charged=True)
            game.penalize(clock.seat, self.penalty, f"slower than {self.seconds} s")


# ---------------------------------------------------------------------- V's penalty, told
register_reason("slower than", pt="mais lento que", prefix=True)
