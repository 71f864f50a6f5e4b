"""Challenges: the Wild Draw Four challenge, and DED accusations and free discards.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from ...core.actions import Accuse, Challenge, Discard
from ...core.official import challenge_penalty
from .state import HandState, Phase


class ChallengesMixin(HandState):
    """Challenges: the Wild Draw Four challenge, and DED accusations and free discards."""

    def _do_challenge(self, a: Challenge) -> None:
        p = a.player
        assert self.wd4 is not None   # (verified: _problem)
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

    def _do_accuse(self, a: Accuse) -> None:
        from ...rules.double_discard import do_accuse
        do_accuse(self, a)

    def _do_discard(self, a: Discard) -> None:
        from ...rules.double_discard import do_free_discard
        do_free_discard(self, a)
