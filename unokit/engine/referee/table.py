"""Table enforcement: snapshots of the state and the correction of noticed wrong plays.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.actions import Notice
from ...core.errors import IllegalActionError, WindowClosedError
from .state import HandState, Phase, Problem, WrongPlay, copy_rule_state

# the state a table-enforcement snapshot holds: attributes copied with their copier, and plain values
_COPIED: dict[str, Callable[[Any], Any]] = {
    "hands": lambda hands: [list(h) for h in hands], "stock": list, "discard": list, "hidden_pile": list,
    "uno_said": list, "catchable": set, "wrong_plays": list, "eliminated": set,
    "last_plays": list, "rule_state": copy_rule_state,
}
_PLAIN = ("colors", "discard_unseen", "color_by", "color", "direction", "current", "phase", "drawn", "pending", "pending_from", "going_out", "wd4",
          "top_player", "pending_kind", "going_out_hidden", "drawn_options", "turns_done", "owed")


class TableMixin(HandState):
    """Table enforcement: snapshots of the state and the correction of noticed wrong plays."""

    def _snapshot(self) -> dict[str, Any]:
        """Everything a correction restores, copied (``_PLAIN`` values are immutable or replaced whole)."""
        snap = {k: getattr(self, k) for k in _PLAIN}
        snap.update({k: copy(getattr(self, k)) for k, copy in _COPIED.items()})
        return snap

    def _restore(self, snap: dict[str, Any]) -> None:
        for k in _PLAIN:
            setattr(self, k, snap[k])
        for k, copy in _COPIED.items():
            setattr(self, k, copy(snap[k]))
        self._play_memo.clear()   # (the plays listed may name other colours: UNO Flip's side)

    def _wrong(self, seq: int) -> WrongPlay | None:
        for w in self.wrong_plays:
            if w.seq == seq:
                return w
        return None

    def _check_notice(self, a: Notice) -> Problem:
        """Why ``a`` may not notice that wrong play: strict enforcement, no such wrong play outstanding, its own
        mistake, or (corrections 2) the hand is decided."""
        if self.strict:
            return IllegalActionError, "strict enforcement refuses wrong plays; nothing to notice"
        w = self._wrong(a.seq)
        if w is None:
            return WindowClosedError, f"no outstanding wrong play {a.seq}"
        if w.player == a.player:
            return IllegalActionError, "another player must notice your mistake"
        if self.rules.corrections == 2 and not self.hands[w.player]:
            return WindowClosedError, f"seat {w.player} has gone out: the hand is decided"
        return None

    def _do_notice(self, a: Notice) -> None:
        w = self._wrong(a.seq)
        assert w is not None   # (verified: _check_notice)
        penalty = self.wrong_penalty
        self.emit("noticed", a.player, w.seq, w.player)
        if self.rules.corrections == 1:
            # undo to the point of the error; the offender takes the card back (it is in the restored
            # hand), draws the penalty, and play restarts with the next player after the offender
            self._restore(w.snapshot)
            self.penalize(w.player, penalty, "wrong play")
            self.phase = Phase.PLAY if not self.pending else Phase.PENDING
            self.drawn = None
            if self.current == w.player and self.phase != Phase.PENDING:
                self.current = self.next_seat(w.player)
            return
        # option 2: card(s) back to the offender, later plays stand
        self.wrong_plays.remove(w)
        on_top = len(self.discard) > len(w.cards) and tuple(self.discard[-len(w.cards):]) == w.cards
        if len(self.discard) == len(w.cards) and tuple(self.discard) == w.cards:
            w = w._replace(cards=())  # it is all the pile holds (after a reshuffle): it stays there
        elif on_top:
            w = w._replace(cards=tuple(self.discard[-len(w.cards):]))   # the cards held (UNO Flip: physical)
            del self.discard[-len(w.cards):]
            self.color = w.prev_color
            self.wd4 = None
            if self.seq_of_last_play == w.seq:
                # noticed before anyone else played: the card's effects go with it, and play continues
                # with the player after the offender
                snap = w.snapshot
                self.direction, self.pending, self.pending_kind = snap["direction"], snap["pending"], snap["pending_kind"]
                self.current = self.next_seat(w.player)
                self.drawn, self.drawn_options = None, ()
                self.phase = Phase.PENDING if self.pending else Phase.PLAY
        else:
            back = []
            for c in w.cards:
                for i in range(len(self.discard) - 2, -1, -1):
                    if self.discard[i] == c:   # (==: under UNO Flip the pile holds the physical card)
                        back.append(self.discard.pop(i))
                        if i < self.discard_unseen:
                            self.discard_unseen -= 1
                        break
            w = w._replace(cards=tuple(back))  # a card already reshuffled into the stock stays there
        self.hands[w.player].extend(w.cards)
        self.hands_changed((w.player,))
        self.penalize(w.player, penalty, "wrong play")
