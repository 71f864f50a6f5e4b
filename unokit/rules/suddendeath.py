"""MS (Morte Súbita, sudden death): a player who has to draw because they cannot play is
eliminated from the hand (000 ch.3 §Regra da Morte Súbita).

- Draw Two / Wild Draw Four and penalties never eliminate; only the turn draw of a
  player with no playable card (under every rule in force: peace rules, FL, CHU...).
  Drawing by choice while holding a playable card is allowed and does not eliminate.
- The hand ends when someone goes out or one player remains (the survivor wins and
  scores the others' hands, eliminated ones included).
- MS1 from the start; MS2 only after ``MS2(rounds=2)`` rounds; MS3 only after an event:
  ``MS3(event=first-wild)`` (default), ``first-action``, ``fifth-action`` or ``first-number`` (the first
  card of a chosen number played: ``MS3(event=first-number,number=7)``).
- With C, a cut before the doomed player draws saves them (elimination happens on
  the draw itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action, Play
from ..core.events import register_reason
from .base import HouseRule, TurnChange

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


class SuddenDeath(HouseRule):
    code = "MS"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.variant = next(c for c in rs.codes if c.startswith("MS"))
        self.rounds = rs.param("MS2", "rounds") if self.variant == "MS2" else 0
        self.event = rs.param("MS3", "event") if self.variant == "MS3" else None
        self.number = rs.param("MS3", "number") if self.variant == "MS3" else None

    def armed(self, game: Game) -> bool:
        if self.variant == "MS2":
            return game.turns_done >= self.rounds * len(game.active)
        if self.variant == "MS3":
            return bool(game.rule_state.get("MS3"))
        return True

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if self.event is None or game.rule_state.get("MS3"):
            return None
        ev = self.event
        if (ev == "first-wild" and any(c.is_wild for c in play.cards)) or (ev == "first-number" and any(c.number == self.number for c in play.cards)):
            game.rule_state["MS3"] = True
        elif ev in ("first-action", "fifth-action"):
            n = game.rule_state.get("MS3-actions", 0) + sum(1 for c in play.cards if c.number is None)
            game.rule_state["MS3-actions"] = n
            if n >= (1 if ev == "first-action" else 5):
                game.rule_state["MS3"] = True
        return None

    def on_turn_action(self, game: Game, action: Action) -> bool | None:
        if action.kind != "draw" or not self.armed(game):
            return None
        p = action.player
        if game.phase.name == "PENDING":
            # with P or I, having no draw card to add guarantees elimination (000 §MS, Regra do Passe)
            if not game.stacking or game.going_out is not None or any(game.can_stack((c,)) for c in game.hands[p]):
                return None
            game.seat_starts(p)
            game.eliminate(p, f"could not answer the draw ({self.variant})")
            return True
        if game.phase.name != "PLAY":
            return None
        if not any(game.can_play_alone(p, c) for c in game.hands[p]):
            game.seat_starts(p)
            game.eliminate(p, f"had to draw ({self.variant})")
            return True
        return None


# ---------------------------------------------------------------------- MS's eliminations, told
register_reason("had to draw", pt="teve de comprar", prefix=True)
register_reason("could not answer the draw", pt="não pôde responder à compra", prefix=True)
