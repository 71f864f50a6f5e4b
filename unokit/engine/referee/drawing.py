"""Drawing: the stock, reshuffles, penalties, turn draws and keeping the card drawn.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from ...core.actions import Draw, Pass, Play
from ...core.cards import Card
from ...core.errors import IllegalActionError, NotYourTurnError
from ...core.official import matches
from ...rules.base import FACE_AIMS, FACE_TARGETS, Target
from ..compose import gifts_of, targets_of
from .checks import first_reason
from .state import HandState, Phase, Problem


class DrawingMixin(HandState):
    """Drawing: the stock, reshuffles, penalties, turn draws and keeping the card drawn."""

    def draw_cards(self, seat: int, k: int) -> int:
        """Move ``k`` cards from the stock to ``seat``'s hand, reshuffling the discard pile when empty."""
        hand = self.hands[seat]
        got = 0
        if self.hand_limit:
            k = max(0, min(k, self.hand_limit - len(hand)))
        for _ in range(k):
            if not self.stock:
                pool = self.discard[:-1]
                for h in self._reshuffle_cards:  # cards rules add (DED: the face-down pile, docs/rules/DED.md)
                    pool += h(self)
                if not pool:
                    break  # every card is in a hand: draw what there is
                self.stock = self.chance.shuffle(pool)
                self.discard = self.discard[-1:]
                self.discard_unseen = 0
                self.emit("reshuffle", None, len(self.stock))
            hand.append(self.stock.pop())
            got += 1
        if len(hand) > 1:
            self.uno_said[seat] = False
            self.catchable.discard(seat)
        if got:
            if self.public_stock:  # REV: the stock is face up, so everyone sees the card on top of it; the rest
                # of a multi-card draw may be counted off discreetly (000 §REV, "Visibilidade")
                self.emit("draw", seat, got, tuple(hand[-got:][:1]))
            else:
                self.emit("draw", seat, got)
        return got

    def penalize(self, seat: int, k: int, why: str) -> None:
        self.emit("penalty", seat, k, why)
        self.draw_cards(seat, k)

    def _check_draw(self, a: Draw) -> Problem:
        """Why ``a`` may not draw now: not its turn to draw, or a rule forbids the draw (``draw_problem``)."""
        p = a.player
        if p != self.to_act or self.phase not in (Phase.PLAY, Phase.PENDING):
            return NotYourTurnError, self._whose()
        why = self.phase == Phase.PLAY and first_reason(self._hooks["draw_problem"], self, p)
        return (IllegalActionError, why) if why else None

    def _do_draw(self, a: Draw) -> None:
        p = a.player
        self.seat_starts(p)
        if self.phase == Phase.PENDING:
            k, self.pending = self.pending, 0
            self.wd4 = None
            self.pending_kind = 0
            self.emit("draws-penalty", p, k)
            before = len(self.hands[p])
            self.draw_cards(p, k)
            if self._after_penalty:   # (before the end of a hand won on a draw card: Flip's Wild Draw Colour)
                taken = tuple(self.hands[p][before:])
                opts = tuple(c for h in self._after_penalty for c in h(self, p, taken))
                if self.going_out is not None:
                    return self.finish(self.going_out)
                if opts:
                    self.drawn = opts[-1]
                    self.drawn_options = opts
                    self.phase = Phase.DRAWN
                    return
            elif self.going_out is not None:
                return self.finish(self.going_out)
            return self.end_turn(p, self.next_seat(p))
        if self._after_draw:
            return self._draw_with_policy(p)
        got = self.draw_cards(p, 1)
        if got and self.draw_any:   # DRAWANY: any playable card of the hand may go now, the drawn one first
            hand = self.hands[p]
            opts = tuple(c for c in dict.fromkeys(reversed(hand)) if self.can_play_alone(p, c))
            if opts:
                self.drawn = hand[-1]
                self.drawn_options = opts
                self.phase = Phase.DRAWN
                return
        elif got and self._drawn_playable(self.hands[p][-1]):
            self.drawn = self.hands[p][-1]
            self.drawn_options = (self.drawn,)
            self.phase = Phase.DRAWN
            return
        self.end_turn(p, self.next_seat(p))

    def _draw_with_policy(self, p: int) -> None:
        """A turn draw under SAT / INS: keep drawing, or never play what was drawn."""
        hand = self.hands[p]
        forced = not any(self.can_play_alone(p, c) for c in hand)
        while True:
            if not self.draw_cards(p, 1):
                break
            card = hand[-1]
            decision = None
            for h in self._after_draw:
                decision = h(self, p, card, forced) or decision
            playable = self.can_play_alone(p, card)
            if decision == "again" and not playable:
                continue
            if decision != "keep" and playable:
                self.drawn = card
                self.drawn_options = (card,)
                self.phase = Phase.DRAWN
                return
            break
        self.end_turn(p, self.next_seat(p))

    def can_play_alone(self, p: int, c: Card) -> bool:
        """Could ``p`` legally play ``c`` alone now (under every rule in force)? Some complete play of it must
        pass: with one of the seats the rules let it name (``targets_of``: CLA's card, T's 0, a pair under
        ``ALLWILD(swap=pair)``) and the cards it gives away (DOA's 2: which ones no rule judges, so the first
        held). A card that does not match costs what it did (match_problem's answer unless a rule allows it); one
        that names a seat, a probe per seat at most."""
        ok = matches(c, self.discard[-1], self.color)
        if not self._custom_play or not (ok or self._allow_play):
            return ok
        col = self.colors[0] if self.names_color(c) else None
        cards = (c,)
        give: tuple[Card, ...] = ()
        targets: tuple[Target, ...] = (None,)
        if self._choices or c.face in FACE_TARGETS or c.face in FACE_AIMS:
            targets = targets_of(self, p, cards) or (None,)
            k = gifts_of(self, p, cards)
            if k:
                rest = list(self.hands[p])
                if c in rest:
                    rest.remove(c)
                give = tuple(rest[:k])
        saved = self.phase
        self.phase = Phase.PLAY
        try:
            for t in targets:
                pair = t if isinstance(t, tuple) else (None, t)
                if self.match_problem(Play(p, cards, col, target=pair[1], give=give, first=pair[0])) is None:
                    return True
            return False
        finally:
            self.phase = saved

    def _drawn_playable(self, c: Card) -> bool:
        return matches(c, self.discard[-1], self.color)

    def _check_pass(self, a: Pass) -> Problem:
        """Why ``a`` may not pass now: only after drawing a playable card (or to accept a face-down finish), and
        not when a rule forbids it (``pass_problem``)."""
        p = a.player
        if p != self.to_act or self.phase not in (Phase.DRAWN, Phase.HIDDEN_FINISH):
            return NotYourTurnError, ("you may pass only after drawing a playable card" if p == self.to_act
                                      else self._whose())
        why = self.phase == Phase.DRAWN and first_reason(self._hooks["pass_problem"], self, p)
        return (IllegalActionError, why) if why else None

    def _do_pass(self, a: Pass) -> None:
        p = a.player
        if self.phase == Phase.HIDDEN_FINISH:   # the face-down finish is accepted
            return self.finish_hidden()
        self.end_turn(p, self.next_seat(p))
