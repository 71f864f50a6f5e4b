"""DP (Desafio Polivalente): anyone may challenge a draw (000 ch.3 §Regra do Desafio Polivalente).

After a player draws at the start of a turn, until the next player starts, any other
player may :class:`~unokit.core.actions.ChallengeDraw`: if the drawer held a card they could
have played (under every rule in force, FL included), the drawer draws 2; otherwise
the challenger draws 4. Draws forced by a Draw Two / Wild Draw Four are not
challengeable this way (the Wild Draw Four keeps its own challenge).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import Action, ChallengeDraw
from ..core.errors import IllegalActionError, WindowClosedError
from ..core.events import register_event, register_reason
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game


class DrawChallenge(HouseRule):
    code = "DP"
    actions = (ChallengeDraw,)

    def on_turn_action(self, game: Game, action: Action) -> bool | None:
        if action.kind == "draw" and game.phase.name == "PLAY":
            p = action.player
            had = any(game.can_play_alone(p, c) for c in game.hands[p])
            game.rule_state["DP"] = (p, had, None)
        return None

    def on_start(self, game: Game, seat: int) -> None:
        st = game.rule_state.get("DP")
        if st is not None and st[0] != seat:
            game.rule_state.pop("DP")

    def action_problem(self, game: Game, a: Action) -> tuple[type[Exception], str] | None:
        st = game.rule_state.get("DP")
        if st is None:
            return WindowClosedError, "there is no draw to challenge"
        if st[0] == a.player:
            return IllegalActionError, "you cannot challenge your own draw"
        return None

    def action_options(self, game: Game, seat: int) -> list[Action]:
        st = game.rule_state.get("DP")
        return [ChallengeDraw(seat)] if st is not None and st[0] != seat and seat not in game.eliminated else []

    def apply_action(self, game: Game, a: Action) -> None:
        drawer, had, _ = game.rule_state.pop("DP")
        game.emit("draw-challenge", a.player, drawer, "guilty" if had else "innocent")
        if had:
            game.penalize(drawer, 2, "drew while holding a playable card (DP)")
        else:
            game.penalize(a.player, 4, "wrong draw challenge (DP)")


# ---------------------------------------------------------------------- the event DP emits, told
register_event("draw-challenge", ("drawer", "verdict"), about="DP: a draw challenged",
               tell={"en": lambda w, e: f"{w.s(e.player, 'challenges')} {w.poss(e.drawer)} draw: {w.obj(e.drawer)} "
                                        + ("held a playable card" if e.verdict == "guilty" else "had nothing to play"),
                     "pt": lambda w, e: f"{w.subj(e.player)} contesta {w.de(e.drawer, 'a', 'compra')}: "
                                        f"{w.obj(e.drawer)} "
                                        + ("tinha uma carta jogável" if e.verdict == "guilty"
                                           else "não tinha o que jogar")})
register_reason("wrong draw challenge (DP)", pt="contestação errada da compra (DP)")
register_reason("drew while holding a playable card (DP)", pt="comprou tendo uma carta jogável (DP)")
