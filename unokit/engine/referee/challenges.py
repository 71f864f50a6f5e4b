"""Challenges: the Wild Draw Four challenge; free discards owed (the phase ``FREE_DISCARD``).

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...core.actions import Challenge, Discard
from ...core.cards import Card
from ...core.errors import CardNotInHandError, IllegalActionError, NotYourTurnError, WindowClosedError
from ...core.official import challenge_penalty
from .state import HandState, OwedDiscards, Phase, Problem


class ChallengesMixin(HandState):
    """Challenges: the Wild Draw Four challenge; free discards owed (the phase ``FREE_DISCARD``)."""

    def _check_challenge(self, a: Challenge) -> Problem:
        """Why ``a`` may not challenge: no Wild Draw Four to challenge (or NOCHALLENGE's table), or its seat is
        not the one that must draw for it."""
        if self.no_challenge:
            return IllegalActionError, "a Wild Draw Four cannot be challenged (NOCHALLENGE)"
        if self.phase != Phase.PENDING or self.wd4 is None:
            return WindowClosedError, "there is no Wild Draw Four to challenge"
        if a.player != self.current:
            return NotYourTurnError, "only the player who must draw may challenge"
        return None

    def _do_challenge(self, a: Challenge) -> None:
        p = a.player
        assert self.wd4 is not None   # (verified: _check_challenge)
        bluffer, bluff, prev_color, cards = self.wd4
        self.wd4 = None
        # the draw the challenged cards made due (4 a Wild Draw Four; UNO Flip's Wild Draw Two 2): the
        # bluffer draws it in place of the challenger
        due = sum(fx.draw for fx in map(self.effect_of, cards) if fx is not None and fx.challengeable)
        viewers = None if self.rules.reveal == 1 else frozenset({p})
        self.reveals.append((viewers, bluffer, tuple(self.hands[bluffer])))
        self.emit("challenge", p, bluffer, "guilty" if bluff else "innocent")
        if bluff:
            self.seat_starts(p)
            self.pending -= due
            if self.rules.bluff == 2 and len(self.discard) > len(cards):
                # the card becomes invalid: taken back (before any reshuffle). When a reshuffle left it
                # alone on the pile it stays there, with the colour named, so the pile is never empty.
                self.hands[bluffer].extend(self.discard[-len(cards):])
                del self.discard[-len(cards):]
                self.color = prev_color
                self.top_player = None
                self.hands_changed((bluffer,))
            self.penalize(bluffer, due, f"{cards[-1].name} bluff")
            for h in self._hooks["after_challenge"]:
                h(self, p, bluffer, True)
            self.going_out = None
            self.phase = Phase.PENDING if self.pending else Phase.PLAY
            return
        self.seat_starts(p)
        k, self.pending = challenge_penalty(False, self.pending), 0
        self.pending_kind = 0
        self.penalize(p, k, f"lost a {cards[-1].name} challenge")
        for h in self._hooks["after_challenge"]:
            h(self, p, bluffer, False)
        if self.going_out is not None:
            return self.finish(self.going_out)
        self.end_turn(p, self.next_seat(p))

    def owe_discards(self, seats: Iterable[int], put: Callable[[Any, int, Card], None]) -> None:
        """``seats`` (one entry per card, in order) owe free discards: the hand waits in ``FREE_DISCARD`` for
        them (:class:`~unokit.core.actions.Discard`, of any card held), then goes back to the phase it is in
        now. ``put(game, seat, card)`` puts each card where it goes and says so (an event): DED's face down,
        Wild Ohana's under the top card."""
        self.owed = OwedDiscards(tuple(seats), self.phase, put)
        self.phase = Phase.FREE_DISCARD

    @property
    def free_discards(self) -> tuple[int, ...]:
        """The seats owing a free discard (DED, Wild Ohana), one entry per card, in order."""
        owed = self.owed
        return () if owed is None else owed.seats

    def _check_discard(self, a: Discard) -> Problem:
        """Why ``a`` is not a free discard owed now (phase ``FREE_DISCARD``) of a card its seat holds."""
        p = a.player
        if self.phase != Phase.FREE_DISCARD or p != self.to_act:
            return NotYourTurnError, "no free discard is owed by this seat now"
        if a.card not in self.hands[p]:
            return CardNotInHandError, f"seat {p} does not hold {a.card.code}"
        return None

    def _do_discard(self, a: Discard) -> None:
        p = a.player
        self.hands[p].remove(a.card)
        owed = self.owed
        assert owed is not None   # (verified: phase FREE_DISCARD)
        owed.put(self, p, a.card)
        rest = owed.seats[1:]
        self.owed = owed._replace(seats=rest) if rest else None
        if not self.hands[p]:
            return self.finish(p)
        self.hands_changed((p,))
        if not rest:  # the last one: play goes back to the interrupted phase
            self.phase = owed.resume
