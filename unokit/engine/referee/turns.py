"""The turn flow and the outcome: starting, ending turns, naming the first colour, eliminations and the end of the hand.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from ...core.actions import ChooseColor
from ...core.errors import IllegalActionError, NotYourTurnError
from ...core.official import score
from .state import HandState, Phase, Problem


class TurnsMixin(HandState):
    """The turn flow and the outcome: starting, ending turns, naming the first colour, eliminations and the end of the hand."""

    def seat_starts(self, seat: int) -> None:
        """``seat`` starts a turn: the windows that close on that close now."""
        if self.catchable and not self.uno_forever:
            self.catchable.clear()
        for h in self._on_start:
            h(self, seat)

    def end_turn(self, seat: int, nxt: int) -> None:
        for h in self._on_turn_end:
            h(self, seat)
        self.turns_done += 1
        for h in self._hooks["turn_order"]:
            nxt = h(self, seat, nxt)
        self.current = nxt
        self.drawn = None
        self.drawn_options = ()
        self.phase = Phase.PENDING if self.pending else Phase.PLAY
        for h in self._on_turn_start:
            h(self, nxt)

    def _check_color(self, a: ChooseColor) -> Problem:
        """Why ``a`` may not name the colour now: no colour is asked of its seat, or not a colour in play."""
        p = a.player
        if p != self.to_act or self.phase != Phase.COLOR:
            return NotYourTurnError, "no colour is to be named now" if p == self.to_act else self._whose()
        if a.color not in self.colors:
            return IllegalActionError, self._colors_problem(a.color)
        return None

    def _do_color(self, a: ChooseColor) -> None:
        self.color = a.color
        self.phase = Phase.PLAY
        self.color_by = None
        self.emit("color", a.player, a.color.letter)
        for h in self._hooks["on_color"]:
            if h(self, a.player, a.color):
                return

    def ask_color(self, seat: int) -> None:
        """``seat`` (now in turn) names the colour in play before anything else (:class:`ChooseColor`):
        after a Wild turned first, or a rule's card whose victim names it (No Mercy's Colour Roulette)."""
        self.current = seat
        self.phase = Phase.COLOR

    def eliminate(self, seat: int, why: str) -> None:
        """Take ``seat`` out of this hand (MS). The last seat standing wins it."""
        self.eliminated.add(seat)
        self.catchable.discard(seat)
        self.emit("eliminated", seat, why)
        active = self.active
        if len(active) == 1:
            return self.finish(active[0])
        if self.current == seat:
            self.end_turn(seat, self.next_seat(seat))

    def finish(self, winner: int) -> None:
        self.phase = Phase.OVER
        self.winner = winner
        self.going_out = None
        self.pending = 0
        self.catchable.clear()
        for h in self._hooks["on_finish"]:
            h(self, winner)
        self.emit("out", winner, score(self.hands, winner, self._cards_points))

    def finish_hidden(self) -> None:
        p = self.going_out_hidden
        assert p is not None   # (phase HIDDEN_FINISH)
        for h in self._hooks["on_finish"]:
            h(self, p)
        if self.pending:
            q = self.next_seat(p)
            self.emit("draws-penalty", q, self.pending)
            self.draw_cards(q, self.pending)
        self.finish(p)
