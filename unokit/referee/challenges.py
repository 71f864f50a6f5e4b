"""Challenges: the Wild Draw Four challenge, and DED accusations and free discards.

A part of :class:`unokit.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from ..actions import Accuse, Challenge, Discard
from ..cards import Face
from ..official import BLUFF_PENALTY, challenge_penalty
from .state import Phase


class ChallengesMixin:
    """Challenges: the Wild Draw Four challenge, and DED accusations and free discards."""

    def _do_challenge(self, a: Challenge) -> None:
        p = a.player
        bluffer, bluff, prev_color, cards = self.wd4
        self.wd4 = None
        n4 = sum(1 for c in cards if c.face == Face.WILD_DRAW_FOUR)
        viewers = None if self.rules.reveal == 1 else frozenset({p})
        self.reveals.append((viewers, bluffer, tuple(self.hands[bluffer])))
        self.emit("challenge", p, bluffer, "guilty" if bluff else "innocent")
        if bluff:
            self.seat_starts(p)
            self.pending -= BLUFF_PENALTY * n4
            if self.rules.bluff == 2 and len(self.discard) > len(cards):
                # the card becomes invalid: taken back (before any reshuffle). When a reshuffle left it
                # alone on the pile it stays there, with the colour named, so the pile is never empty.
                del self.discard[-len(cards):]
                self.hands[bluffer].extend(cards)
                self.color = prev_color
                self.top_player = None
                self.hands_changed((bluffer,))
            self.penalize(bluffer, challenge_penalty(True) * n4, "Wild Draw Four bluff")
            self.going_out = None
            self.phase = Phase.PENDING if self.pending else Phase.PLAY
            return
        self.seat_starts(p)
        k, self.pending = challenge_penalty(False, self.pending), 0
        self.pending_kind = 0
        self.penalize(p, k, "lost a Wild Draw Four challenge")
        if self.going_out is not None:
            return self.finish(self.going_out)
        self.end_turn(p, self.next_seat(p))

    def _do_accuse(self, a: Accuse) -> None:
        from ..rules.double_discard import do_accuse
        do_accuse(self, a)

    def _do_discard(self, a: Discard) -> None:
        from ..rules.double_discard import do_free_discard
        do_free_discard(self, a)
