"""UNO calls and catches, table talk and hints (and the speech rules that judge them).

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterable

from ...core.actions import CatchUno, Hint, Say, SayUno
from ...core.errors import IllegalActionError, NotYourTurnError, WindowClosedError
from .state import HandState, Problem


class UnoMixin(HandState):
    """UNO calls and catches, table talk and hints (and the speech rules that judge them)."""

    def _check_uno(self, a: SayUno) -> Problem:
        """Why ``a`` may not say UNO: its seat does not hold one card, or said it already."""
        p = a.player
        if len(self.hands[p]) != 1:
            return IllegalActionError, "say UNO when you hold one card"
        if self.uno_said[p]:
            return IllegalActionError, "you already said UNO"
        return None

    def _do_uno(self, a: SayUno) -> None:
        p = a.player
        self.uno_said[p] = True
        self.catchable.discard(p)
        self.emit("uno", p)
        self.speak(p, "UNO", is_uno=True)

    def _check_catch(self, a: CatchUno) -> Problem:
        """Why ``a`` may not catch its target: not another seat, not missing an UNO, or too late."""
        p, q = a.player, a.target
        if not isinstance(q, int) or not 0 <= q < self.n or q == p:
            return IllegalActionError, "catch another seat"
        if q not in self.catchable or len(self.hands[q]) != 1:
            if len(self.hands[q]) == 1 and not self.uno_said[q]:
                return WindowClosedError, (f"too late: seat {q} can no longer be caught "
                                           "(the next player has started)")
            return IllegalActionError, f"seat {q} is not missing an UNO"
        return None

    def _do_catch(self, a: CatchUno) -> None:
        self.catchable.discard(a.target)
        self.emit("caught", a.player, a.target)
        self.penalize(a.target, self.uno_penalty, "missed UNO")

    def missed_uno(self, seat: int) -> None:
        """``seat`` holds one card without having said UNO: it may be caught. Every seat enters
        ``catchable`` here, so the rules that time the window hear of every seat (``on_missed_uno``:
        SLOWUNO's expiry)."""
        self.catchable.add(seat)
        for h in self._hooks["on_missed_uno"]:
            h(self, seat)

    def hands_changed(self, seats: Iterable[int]) -> None:
        for s in seats:
            if len(self.hands[s]) != 1:
                self.uno_said[s] = False
                self.catchable.discard(s)
            elif not self.uno_said[s] and s not in self.catchable:
                self.missed_uno(s)

    def _check_say(self, a: Say) -> Problem:
        """Why ``a`` is no speech: anyone may say any text at any time (a seat out of the hand too)."""
        if not isinstance(a.text, str):
            return IllegalActionError, "say some text"
        return None

    def _do_say(self, a: Say) -> None:
        self.emit("say", a.player, a.text)
        self.speak(a.player, a.text)

    def speak(self, p: int, text: str, is_uno: bool = False) -> None:
        if not self.hands[p]:
            return  # a player who has gone out is no longer judged while the hand wraps up
        for judge in self._hooks["judge_speech"]:
            k = judge(self, p, text)
            if k:
                self.penalize(p, k, "spoke during silence")

    def _check_hint(self, a: Hint) -> Problem:
        """Why ``a`` may not be given: its seat is out of the hand, or it hints no other seat."""
        p = a.player
        if p in self.eliminated:
            return NotYourTurnError, f"seat {p} is out of this hand"
        if not isinstance(a.to, int) or not 0 <= a.to < self.n or a.to == p:
            return IllegalActionError, "hint another seat"
        return None

    def _do_hint(self, a: Hint) -> None:
        self.emit("hint", a.player, a.to, a.text)
        free = self.team_talk and a.to in self.partners_of(a.player)   # table talk within a team
        if self.hands[a.player] and not free:
            self.penalize(a.player, self.rules.param("hint"), "hint")
        self.speak(a.player, a.text)
