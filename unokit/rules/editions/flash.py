"""FLASH: UNO Flash (003 §UNO Flash), played as ``UNO FLASH`` (``UNO FLASH(timer=4)``, ``timer=off``).

The seed's electronic unit, played by the referee:

- **random order:** after every turn the unit picks who plays next, uniformly among the players
  still in, the one who just played included (so there is no Reverse card); the player a Draw Two,
  a Wild Draw Four or a Skip hits is that pick, "anche il giocatore che l'ha messa";
- **the timer:** 4 s, 6 s or off; a turn not finished in time costs 2 penalty cards (drawn before the
  late action takes effect, once per turn), read from the game's clock like V's;
- **the SLAP card:** its player presses the unit's button; every other player must press theirs
  (:class:`~unokit.core.actions.Slap`) and the last to press draws 2; whoever has not pressed when the next
  turn starts draws 2;
- **the targeted mode** (``FLASH(targeted=on)``, the seed's "Pesca 2 e Pesca 4 Targeted"): the player
  of a Draw Two or Wild Draw Four names who draws (``0 play R+2 @2``), instead of the unit's pick.

Every pick is one outcome of the game's seeded :class:`~unokit.core.chance.Chance` (recorded: a record
replays it). The choices the seed leaves open are listed in ``docs/rules/FLASH.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.actions import Action, Play, Slap
from ...core.cards import Card, Face
from ...core.errors import IllegalActionError, WindowClosedError
from ...core.events import register_reason
from ...core.official import Effect
from .. import social as _social  # noqa: F401  (declares M's "slap" and "slap-now")
from ..base import HouseRule, Target, TurnChange
from . import Edition

if TYPE_CHECKING:
    from ...engine.game import Game
    from ..ruleset import RuleSet


__all__ = ["EDITION", "SLAP_PENALTY", "TIMER_PENALTY", "Flash"]

SLAP_PENALTY = 2     #: the last to press after a SLAP draws this many (003: "l'ultimo che lo preme pesca 2 carte")
TIMER_PENALTY = 2    #: a turn not finished in time (003: "si dovrà pescare due carte di penalità")

EDITION = Edition(
    code="FLASH", deck="flash", players=(2, 10), doc="docs/rules/FLASH.md",
    name="UNO Flash (random next player, timer, SLAP)", name_pt="UNO Flash (próximo jogador sorteado, tempo, SLAP)",
    effects={Face.SLAP: Effect()})


class Flash(HouseRule):
    """The unit: who plays next, the turn timer and the SLAP round."""

    code = "FLASH"
    actions = (Slap,)

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        timer = rs.param("FLASH", "timer")
        self.seconds = None if timer == "off" else int(timer)
        self.targeted = rs.param("FLASH", "targeted") == "on"

    # ------------------------------------------------------------------ who plays next
    def turn_order(self, game: Game, seat: int, nxt: int) -> int:
        target: int | None = game.rule_state.pop("FLASH-target", None)
        if target is not None and game.pending and target in game.active:
            return target                                          # the targeted mode: the named player draws
        seats = [q for q in game.active if q != game.going_out]   # a player going out is not the victim
        return seats[game.chance.randint(0, len(seats) - 1)]

    # ------------------------------------------------------------------ the targeted mode
    def play_targets(self, game: Game, p: int, cards: Sequence[Card]) -> list[Target] | None:
        if not self.targeted or not cards[-1].draw:
            return []
        return [q for q in game.active if q != p]

    def play_problem(self, game: Game, play: Play) -> str | None:
        if self.targeted and play.cards and play.cards[-1].draw and play.target is None:
            return "name who draws: add @SEAT (FLASH targeted mode)"
        return None

    # ------------------------------------------------------------------ the timer
    def on_turn_start(self, game: Game, seat: int) -> None:
        if self.seconds is not None:
            game.rule_state["FLASH-clock"] = (seat, game.clock.now(), False)

    def on_turn_action(self, game: Game, action: Action) -> bool | None:
        clock = game.rule_state.get("FLASH-clock")
        if clock is None or clock[2] or action.player != clock[0]:
            return None
        if game.clock.now() - clock[1] > self.seconds:
            game.rule_state["FLASH-clock"] = (clock[0], clock[1], True)
            game.penalize(clock[0], TIMER_PENALTY, f"slower than {self.seconds} s")
        return None

    # ------------------------------------------------------------------ SLAP
    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if self.targeted and play.target is not None and play.cards[-1].draw:
            game.rule_state["FLASH-target"] = play.target
        if play.cards[-1].face == Face.SLAP and game.hands[p]:
            game.rule_state["FLASH-slap"] = frozenset({p})   # its player pressed with the card
            game.emit("slap-now", p)
        return None

    def action_problem(self, game: Game, a: Action) -> tuple[type[Exception], str] | None:
        st = game.rule_state.get("FLASH-slap")
        if st is None:
            return WindowClosedError, "there is nothing to slap"
        if a.player in st:
            return IllegalActionError, "you already pressed"
        return None

    def action_options(self, game: Game, seat: int) -> list[Action]:
        st = game.rule_state.get("FLASH-slap")
        return [Slap(seat)] if st is not None and seat not in st and seat in game.active else []

    def apply_action(self, game: Game, a: Action) -> None:
        st = game.rule_state["FLASH-slap"] | {a.player}
        game.emit("slap", a.player)
        left = [q for q in game.active if q not in st]
        if len(left) <= 1:
            game.rule_state.pop("FLASH-slap")
            for q in left:
                game.penalize(q, SLAP_PENALTY, "last to press (FLASH)")
        else:
            game.rule_state["FLASH-slap"] = st

    def on_start(self, game: Game, seat: int) -> None:
        st = game.rule_state.pop("FLASH-slap", None)
        if st is not None:
            for q in game.active:
                if q not in st:
                    game.penalize(q, SLAP_PENALTY, "did not press (FLASH)")


# ---------------------------------------------------------------------- FLASH's penalties, told
# (its events "slap" and "slap-now" are M's, rules/social.py; "slower than", V's words, rules/speed.py)
register_reason("last to press (FLASH)", pt="o último a apertar (FLASH)")
register_reason("did not press (FLASH)", pt="não apertou (FLASH)")
register_reason("slower than", pt="mais lento que", prefix=True)
