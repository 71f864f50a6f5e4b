"""C (Corte, cut / jump-in): an identical card played out of turn (000 ch.3 §Regra do Corte).

- Anyone but the player in turn may play a card identical (colour and
  number/symbol; a wild of the same kind) to the top discard while the player in
  turn has not started (drawn or played). Play continues from the cutter, so
  the cut card's own effect counts from the cutter: a cut Skip skips the
  cutter's next, a cut Reverse flips the direction again, a cut Wild lets the
  cutter name the colour.
- Facing a draw card, the player who must draw cannot cut to escape it. With a
  stacking rule (P1-P4, "Punições Acumuladas") another player may cut the
  draw card: the total grows and passes to the cutter's next player, and the
  player who was to draw escapes. Without stacking the penalty is drawn first;
  the draw card can then be cut before the following player starts.
- A face-down (DED) card cannot be cut, and a cut cannot be face down.
- With DR/DD the cutter may add more cards after the identical one; with AA, cards that make
  with it a sum (or difference) of the top number (000 §AA, "Regra do Corte").
- A wrong cut (table enforcement) is a wrong play: taken back + 2 cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.actions import Action, Play
from ..core.cards import Card
from ..engine.compose import Composer
from .arithmetic import FirstArithmetic
from .base import HouseRule

if TYPE_CHECKING:
    from ..engine.game import Game


def _arithmetic(game: Game, cards: Sequence[Card]) -> bool:
    """AA: the identical card and the cards added to it make a sum (or difference) of the top number
    (000 §AA, "Regra do Corte": on a blue 5, cut with the other blue 5 and add a blue 0)."""
    aa = game.house_rule("AA")
    return isinstance(aa, FirstArithmetic) and aa.arithmetic_play(game, cards)


class Cut(HouseRule):
    code = "C"

    def cut_problem(self, game: Game, play: Play) -> str | None:
        ph = game.phase
        if play.hidden:
            return "a cut cannot be played face down (DED)"
        if "M" in game.rule_state:
            return "no cut while the pile is being slapped (M)"
        if ph == ph.PLAY:
            pass
        elif ph == ph.PENDING:
            if game.going_out is not None:
                return f"seat {game.going_out} went out; the hand ends once the penalty is drawn"
            if not game.stacking:
                return (f"seat {game.current} must draw {game.pending} first; the draw card can be cut after "
                        "that (no stacking rule)")
        elif ph == ph.DRAWN and game.rule_state.get("CON") == game.current:
            pass  # CON: the player may play what the draw card gave them, so they can be cut
        else:
            return f"no cut now: seat {game.to_act} is in the middle of a turn ({ph.name.lower()})"
        if game.top_player is None:
            return "only a card played by a player can be cut"
        top = game.discard[-1]
        if play.cards[0] != top:   # (!=: a Flip card is equal to its side in play)
            return f"a cut needs a card identical to {top.code}"
        if len(play.cards) > 1 and not game.can_group(play.cards) \
                and not _arithmetic(game, play.cards):
            return "these cards cannot be played together under the rules in force"
        if ph == ph.PENDING and not game.can_stack(play.cards):
            return f"{top.code} cannot be stacked under {game.rules.stacking}"
        return game.rule_objection(play)  # FL, DOA, peace rules... apply to cuts too

    def cut_actions(self, game: Game, player: int) -> list[Action]:
        ph = game.phase
        if game.top_player is None or game.going_out is not None or (
                ph != ph.PLAY and not (ph == ph.PENDING and game.stacking)
                and not (ph == ph.DRAWN and game.rule_state.get("CON") == game.current)):
            return []
        top = game.discard[-1]
        hand = game.hands[player]
        if top not in hand:
            return []
        # the identical card alone, and a stem for the cards that may follow it (DR/DD groups, AA sums);
        # the referee checks every option through cut_problem
        out: list[Action] = []
        Composer(game, player).roots(out, first_only=top)
        return out
