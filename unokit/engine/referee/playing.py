"""Playing cards: moving them to the pile and resolving their effects.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from typing import cast

from ...core.actions import Play
from ...core.cards import Card, Face
from ...core.official import Effect, is_bluff
from ...rules.base import FACE_EFFECTS
from .state import HandState, Phase, WrongPlay


class PlayingMixin(HandState):
    """Playing cards: moving them to the pile and resolving their effects."""

    def _do_play(self, a: Play) -> None:
        p = a.player
        # table enforcement: a wrong play that may stand was accepted by _problem; it is recorded below
        prob = None if self.strict else self._play_problem(a)
        if a.hidden:   # cards face down: the rule that allows them plays them (DED)
            self._play_hidden[0](self, a)
            return
        cut = p != self.current or self.phase not in (Phase.PLAY, Phase.DRAWN, Phase.PENDING)
        if prob is not None:  # table enforcement: the wrong play stands until noticed
            self.wrong_plays.append(WrongPlay(self.seq, p, a.cards, prob[1], self._snapshot(), self.color,
                                              self.current))
            reason = ("played a card from the hand after drawing" if self.phase == Phase.DRAWN else prob[1])
            self.emit("wrong-play", p, self.seq, reason)  # public: never name the card drawn
        self.seat_starts(p)
        self.put_down(p, a, cut)

    def put_down(self, p: int, a: Play, cut: bool = False) -> None:
        """Move ``a.cards`` to the discard pile and resolve their effects."""
        cards = a.cards
        hand = self.hands[p]
        top = cards[-1]
        fx = self.effect_of(top)
        if fx is not None and fx.challengeable:  # a Wild Draw Four: judged only if challenged
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            bluff = is_bluff(rest, self.color, wilds=self.wild_matches)
            self.wd4 = (p, bluff, self.color, cards)
        else:
            self.wd4 = None
        self.discard.extend(self.take_cards(p, cards))
        self.top_player = p
        self.seq_of_last_play = self.seq
        self.drawn = None
        if a.color is not None:
            self.color = a.color
        elif top.color is not None:  # (a Colour Roulette names no colour: its victim will)
            self.color = top.color
        self.emit("cut" if cut else "play", p, cards, a.color)
        left = len(hand)
        if left == 0:
            self.catchable.discard(p)
        elif left == 1:
            self.uno_said[p] = a.uno
            if a.uno:
                self.emit("uno", p)
                self.speak(p, "UNO", is_uno=True)
            else:
                self.missed_uno(p)
        self.last_plays.append((p, cards))
        if len(self.last_plays) > 4:
            del self.last_plays[0]
        skip, override = 0, None  # what on_play hooks ask of the next turn (DAD, DEFLECT)
        for h in self._on_play:
            change = h(self, p, a)
            if change is not None:
                skip += change.skip
                if change.next_seat is not None:
                    override = change.next_seat
            if self.phase == Phase.OVER:
                return
        if a.uno and self._hand_changers and len(self.hands[p]) == 1 and not self.uno_said[p]:
            # UNO said with a play whose effect (swap, carousel, donation) leaves one card
            self.uno_said[p] = True
            self.catchable.discard(p)
            self.emit("uno", p)
        self._resolve(p, cards, a, skip, override)

    def _resolve(self, p: int, cards: tuple[Card, ...], a: Play, skip: int = 0, override: int | None = None) -> None:
        """The effect of the play on the turn: the official effect of its last card
        (:meth:`unokit.engine.game.Game.effect_of`: the official effect, or the edition's), extended to a group of
        several Skips or Reverses (DR/DD, 000 §DR); a card with an effect of its own plays it here; ``skip`` /
        ``override``: what ``on_play`` hooks asked of the next turn (DAD, DEFLECT). A draw card that also
        reverses (No Mercy's Wild Reverse Draw Four) turns the direction before the next player is found."""
        top = cards[-1]
        f = top.face
        n = self.n if not self.eliminated else len(self.active)
        k = len(cards)
        hand_empty = not self.hands[p]
        fx = self.effect_of(top, n)
        if fx is not None and fx.draw and hand_empty and not self.end_draw \
                and self.rule_state.get("out-deferred") != p:   # NOENDDRAW: the hand ends, nobody draws
            return self.finish(p)
        if fx is not None and fx.draw:  # the next player faces the draw (of every card of a group)
            self.pending += sum(cast(Effect, self.effect_of(c, n)).draw for c in cards)   # (each a draw card's)
            self.pending_kind = fx.draw
            self.pending_from = p
            if fx.reverse:
                self.direction = -self.direction
            nxt = self.next_seat(p, fx.advance)
            if hand_empty:
                self.going_out = p
            self.end_turn(p, nxt)
            return
        if hand_empty and self.rule_state.get("out-deferred") != p:  # (M: a slap round decides the win)
            return self.finish(p)
        if fx is None:  # a card with an effect of its own (the 112/Ohana/Italian wilds, the blanks): the
            # next player plays, after the effect its module registered (unokit.rules.base.register_face_effect)
            nxt = self.next_seat(p)
            effect = FACE_EFFECTS.get(f)
            if effect is not None:
                after = effect(self, p, a, nxt)
                if after is None:   # the effect ended the turn itself (Wild Ohana)
                    return
                nxt = after
        elif k == 1 or not (fx.reverse or fx.advance > 1):  # one card, or a group of numbers or Wilds
            if fx.reverse:
                self.direction = -self.direction
            nxt = self.next_seat(p, fx.advance)
        elif f == Face.SKIP:  # k Skips skip k players
            nxt = self._skip(p, k)
        elif n == 2:  # k Reverses acting as Skips: an odd number gives the player another turn
            nxt = p if k % 2 else self.next_seat(p)
        else:  # k Reverses: an odd number changes the direction
            if k % 2:
                self.direction = -self.direction
            nxt = self.next_seat(p)
        if skip:
            nxt = self.next_seat(p, 1 + skip) if f != Face.SKIP else self.next_seat(nxt, skip)
        if override is not None:
            nxt = override
        self.end_turn(p, nxt)

    def _skip(self, p: int, k: int) -> int:
        """Next seat after ``k`` Skips by ``p`` (000 §DR, Carta Pular): k = n-1 plays again;
        from n on the player is ignored and only opponents are counted."""
        n = self.n if not self.eliminated else len(self.active)
        if k <= n - 1:
            return self.next_seat(p, k + 1)
        opponents = [self.next_seat(p, i) for i in range(1, n)]
        return opponents[k % (n - 1)]
