"""Social rules judged from chat (000 ch.3): ORG, E, IE; and M (slap) as a real-time reaction.

- ORG (Orgulho): whoever apologises draws 2 (``unokit.rules.words`` lists apologies in
  Portuguese, English, Italian and Spanish).
- E (Elogios): when a green 5 is played, each opponent must compliment its player
  (a chat message with a compliment, different from every compliment already paid
  this hand) before the next player starts; whoever has not draws 1. IE (Elogios
  invertidos) is the same with critiques, on the red 5.
- M (Monte): when an 8 is played everyone slaps the pile (:class:`~unokit.core.actions.Slap`).
  When all but one have slapped, the last one draws 1. If the next player starts before
  that, every player who has not slapped draws 1. A player who goes out on an 8 has not won
  yet: if the round makes them draw (last to slap, or not slapped when the next player
  starts) play goes on; otherwise they win when the round closes (000 §M, "Vencendo o Jogo").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import Action, Play, Slap
from ..core.cards import Color
from ..core.errors import IllegalActionError, WindowClosedError
from ..core.events import register_event, register_reason
from .base import HouseRule, TurnChange
from .words import is_apology, is_compliment, is_critique, normalize

if TYPE_CHECKING:
    from ..engine.game import Game
    from .ruleset import RuleSet


class Pride(HouseRule):
    code = "ORG"

    def judge_speech(self, game: Game, player: int, text: str) -> int:
        return 2 if is_apology(text) else 0


class Compliments(HouseRule):
    code = "E"
    color = Color.GREEN
    judge = staticmethod(is_compliment)
    what = "compliment"

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card = rs.card_of(self.code)

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        k = sum(1 for c in play.cards if c.number == self.card and c.color is self.color)
        if k:  # with DR/DD, one per five played
            owed = {q: k for q in game.active if q != p}
            game.rule_state[self.code] = (p, owed)
            game.emit(self.what + "s-owed", p, tuple(sorted(owed)))
        return None

    def judge_speech(self, game: Game, player: int, text: str) -> int:
        st = game.rule_state.get(self.code)
        if not st or player not in st[1] or not self.judge(text):
            return 0
        key = self.code + "-said"
        said = game.rule_state.setdefault(key, set())
        t = normalize(text).strip()
        if t in said:
            return 0  # a repeat does not pay the debt
        said.add(t)
        owed = dict(st[1])
        owed[player] -= 1
        if not owed[player]:
            del owed[player]
        game.rule_state[self.code] = (st[0], owed)
        return 0

    def on_start(self, game: Game, seat: int) -> None:
        if seat != game.current:
            return  # a cut: if it cuts the five, that five's compliments may be ignored (000 §E, Corte)
        st = game.rule_state.pop(self.code, None)
        if st:
            for q, k in sorted(st[1].items()):
                game.penalize(q, k, f"no {self.what} ({self.code})")


class Critiques(Compliments):
    code = "IE"
    color = Color.RED
    judge = staticmethod(is_critique)
    what = "critique"


class SlapPile(HouseRule):
    code = "M"
    actions = (Slap,)

    def __init__(self, rs: RuleSet) -> None:
        super().__init__(rs)
        self.card = rs.card_of("M")

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        if any(c.number == self.card for c in play.cards):
            game.rule_state["M"] = frozenset()
            game.emit("slap-now", p)
            if not game.hands[p]:  # going out on an 8: the slap round decides the win (000 §M, Vencendo o Jogo)
                game.rule_state["out-deferred"] = p
        return None

    def action_problem(self, game: Game, a: Action) -> tuple[type[Exception], str] | None:
        st = game.rule_state.get("M")
        if st is None:
            return WindowClosedError, "there is nothing to slap"
        if a.player in st:
            return IllegalActionError, "you already slapped"
        if a.player in game.eliminated:
            return IllegalActionError, "you are out of this hand"
        return None

    def action_options(self, game: Game, seat: int) -> list[Action]:
        st = game.rule_state.get("M")
        return [Slap(seat)] if st is not None and seat not in st and seat not in game.eliminated else []

    def apply_action(self, game: Game, a: Action) -> None:
        st = game.rule_state["M"] | {a.player}
        game.emit("slap", a.player)
        left = [q for q in game.active if q not in st]
        if len(left) <= 1:
            game.rule_state.pop("M")
            for q in left:
                game.penalize(q, 1, "last to slap (M)")
            self._settle(game)
        else:
            game.rule_state["M"] = st

    def on_start(self, game: Game, seat: int) -> None:
        st = game.rule_state.pop("M", None)
        if st is not None:
            for q in game.active:
                if q not in st:
                    game.penalize(q, 1, "did not slap (M)")

    def on_turn_action(self, game: Game, action: Action) -> bool | None:
        """The next player starts while a winner's slap round is open: it closes first (whoever has not
        slapped draws 1); a winner who slapped wins there and the action is not taken."""
        if game.rule_state.get("out-deferred") is not None:
            self.on_start(game, action.player)
            return self._settle(game)
        return None

    @staticmethod
    def _settle(game: Game) -> bool:
        """The slap round after a going-out 8 is over: the player wins unless it made them draw."""
        w = game.rule_state.pop("out-deferred", None)
        if w is not None and not game.hands[w]:
            game.finish(w)
            return True
        return False


# ---------------------------------------------------------------------- the events these rules emit, told
# (the narrator's words and the event come untyped: core.events.register_event's ``tell``)
def _owed_en(w: Any, e: Any) -> str:
    what = "a compliment" if e.kind == "compliments-owed" else "a critique"
    if not e.seats:
        return f"Nobody owes {w.obj(e.player)} {what}"
    who, plural = w.seats(e.seats)
    return f"{who} {'owe' if plural else 'owes'} {w.obj(e.player)} {what}"


def _owed_pt(w: Any, e: Any) -> str:
    what = "um elogio" if e.kind == "compliments-owed" else "uma crítica"
    if not e.seats:
        return f"Ninguém deve {what} para {w.obj(e.player)}"
    who, plural = w.seats(e.seats)
    return f"{who} {'devem' if plural else 'deve'} {what} para {w.obj(e.player)}"


register_event("compliments-owed", ("seats",), about="E: the seats that owe the player a compliment",
               tell={"en": _owed_en, "pt": _owed_pt})
register_event("critiques-owed", ("seats",), about="IE: the seats that owe the player a critique",
               tell={"en": _owed_en, "pt": _owed_pt})
register_event("slap", (), about="M: a hand on the pile",
               tell={"en": lambda w, e: f"{w.s(e.player, 'slaps')} the pile",
                     "pt": lambda w, e: f"{w.subj(e.player)} bate na pilha"})
register_event("slap-now", (), about="M: an 8 was played: slap",
               tell={"en": lambda w, e: f"Slap now! {w.cap(w.poss(e.player))} card calls for everyone to slap the pile",
                     "pt": lambda w, e: f"Bata agora! {w.cap(w.de(e.player, 'a', 'carta'))} pede que todos batam "
                                        "na pilha"})
register_reason("no compliment", pt="sem elogio", prefix=True)
register_reason("no critique", pt="sem crítica", prefix=True)
register_reason("last to slap (M)", pt="último a bater (M)")
register_reason("did not slap (M)", pt="não bateu (M)")
