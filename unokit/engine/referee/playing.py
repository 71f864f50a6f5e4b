"""Playing cards: the check of a :class:`~unokit.core.actions.Play` (its shape, its choices, the match with
the pile, the turn or the cut), moving the cards to the pile and resolving their effects.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...core.actions import Play
from ...core.cards import FIRST_SPECIAL, Card, Face
from ...core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    IncompletePlayError,
    NotYourTurnError,
    WindowClosedError,
)
from ...core.official import Effect, is_bluff, matches
from ...rules.base import FACE_AIMS, FACE_EFFECTS, FACE_NOT_LAST, FACE_PROBLEM, FACE_TARGETS, REFUSALS
from ..compose import MORE, gifts_of, targets_of
from .state import HandState, Phase, Problem, WrongPlay


class PlayingMixin(HandState):
    """Playing cards: the check of a play, moving the cards to the pile and resolving their effects."""

    def _check_play(self, a: Play) -> Problem:
        """Why the play ``a`` is refused now (a stem, a wrong card a table does not let stand), or None."""
        if a.more:
            if a.more not in MORE:
                return IllegalActionError, f"unknown sub-decision {a.more!r}"
            return IncompletePlayError, (f"the play is not complete: choose the {a.more} first "
                                         f"(Game.expand lists the choices)")
        prob = self._play_problem(a)
        if prob is None or (not self.strict and prob[2]):
            if (not self.strict and prob is not None and len(self.hands[a.player]) == len(a.cards)):
                return CardNotPlayableError, f"{prob[1]} (a hand cannot end on a wrong card)"
            return None
        return prob[0], prob[1]

    def _do_play(self, a: Play) -> None:
        p = a.player
        # table enforcement: a wrong play that may stand was accepted by _check_play; it is recorded below
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

    def playable(self, card: Card, seat: int | None = None) -> bool:
        """Does ``card`` match the discard pile now (colour, number/symbol or wild)?"""
        return matches(card, self.discard[-1], self.color)

    def _holds(self, seat: int, cards: Sequence[Card]) -> bool:
        hand = self.hands[seat]
        if self.uses:   # UNO Flex: a flexed face is held as its card
            cards = [self.uses.get(c, c) for c in cards]
        if len(cards) == 1:
            return cards[0] in hand
        need: dict[Card, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        return all(not (c not in hand if k == 1 else hand.count(c) < k) for c, k in need.items())

    def _group_problem(self, cards: Sequence[Card]) -> str | None:
        if len(cards) > 1 and not any(h(self, cards) for h in self._group_ok):
            if not self._group_ok:
                return "only one card may be played at a time (DR or DD allow groups)"
            return "these cards cannot be played together under the rules in force"
        return None

    def match_problem(self, play: Play) -> str | None:
        """Why ``play`` (by the player in turn) does not match the pile, or None."""
        cards = play.cards
        first = cards[0]
        why: str | None
        if self.phase == Phase.PENDING:
            doubt = " (or challenge the Wild Draw Four)" if self.wd4 is not None and not self.no_challenge else ""
            if self.going_out is not None:
                return f"seat {self.going_out} went out: draw the {self.pending} cards{doubt}"
            if not self._stack_ok or not any(h(self, cards) for h in self._stack_ok):
                why = (f"you must draw {self.pending}{doubt}"
                       if not self._stack_ok else f"{first.code} cannot be stacked on {self.top.code} under "
                                                  f"{self.rules.stacking}")
            else:
                why = self._group_problem(cards)
        elif not matches(first, self.discard[-1], self.color):
            why = f"{first.code} matches neither the colour {self.color.name.lower()} nor {self.top.code}"
        else:
            why = self._group_problem(cards)
        if why is not None and self._allow_play and any(h(self, play) for h in self._allow_play):
            why = None
        if why is None and self._play_filter:
            for h in self._play_filter:
                why = h(self, play)
                if why:
                    return why
        return why

    def _aimed(self, p: int, cards: tuple[Card, ...]) -> bool:
        """Does a play of ``cards`` by ``p`` name a seat through its last card's registered aim (a blank)?"""
        aims = FACE_AIMS.get(cards[-1].face)
        return aims is not None and aims(self, p, cards) is not None

    def _shape_problem(self, play: Play) -> tuple[type[Exception], str] | None:
        """Structural problems that no enforcement mode lets stand."""
        p = play.player
        if not 0 <= p < self.n:
            return NotYourTurnError, f"there is no seat {p}"
        if not play.cards and not play.hidden:
            return IllegalActionError, "a play needs at least one card"
        if play.hidden and not self._play_hidden:
            return REFUSALS.get("play_hidden", (IllegalActionError, "no rule in force plays cards face down"))
        if not self._holds(p, play.cards + play.hidden + play.give):
            return CardNotInHandError, (f"seat {p} does not hold "
                                        f"{' '.join(c.code for c in play.cards + play.hidden + play.give)}")
        if p in self.eliminated:
            return NotYourTurnError, f"seat {p} is out of this hand"
        if (play.target is not None or play.give) and play.cards and play.cards[-1].face not in FACE_TARGETS \
                and not self._aimed(p, play.cards) and not self._choices:
            return IllegalActionError, "this play names no target and gives no cards under the rules in force"
        if play.cards:
            last = play.cards[-1]
            names = self.names_color(last)
            if names and play.color is None:
                return IllegalActionError, f"name a colour for {last.code} (e.g. '{p} play {last.code}>R')"
            if names and play.color not in self.colors:
                return IllegalActionError, self._colors_problem(play.color)
            if not names and play.color is not None:
                return IllegalActionError, (f"{last.code} is not a wild; no colour is named" if not last.is_wild else
                                            f"no colour is named with {last.code} under these rules" if self._colorless
                                            else f"no colour is named with {last.code}: its victim names it")
            own = FACE_PROBLEM.get(last.face)
            if own is not None:     # a card that checks its own play (its target and claim: the blanks)
                why = own(self, play)
                if why:
                    return IllegalActionError, why
            elif play.claim and not play.hidden:
                return IllegalActionError, f"{last.code} makes nobody draw a number you choose: no claim"
            if last.face in FACE_TARGETS \
                    and (play.target is None or play.target == p or not 0 <= play.target < self.n
                         or play.target in self.eliminated):
                return IllegalActionError, f"{last.code} needs a target seat other than yours"
        if (play.target is not None or play.first is not None or play.give) and not play.cards:
            return IllegalActionError, "a face-down play names no seat and gives no cards"
        if play.cards and (play.target is not None or play.first is not None or play.give):
            why = self._choice_problem(play)
            if why:
                return CardNotPlayableError, why
        left = len(self.hands[p]) - len(play.cards) - len(play.hidden) - len(play.give)
        if play.uno and left != 1 and not (self._hand_changers and any(
                c.number in self._hand_change_numbers or c.face in self._hand_change_faces for c in play.cards)):
            return IllegalActionError, "say UNO with the play that leaves you one card"
        return None

    def _choice_problem(self, play: Play) -> str | None:
        """Why the seat ``play`` names or the cards it gives are not a choice the rules offer for its
        cards (T, SEVENO, CLA, DOA...). Structural, like the shape: a wrong play may stand under table
        enforcement, but its effect must not move cards to a seat or from a hand it cannot name."""
        named = targets_of(self, play.player, play.cards) if play.target is not None or play.first is not None else ()
        if play.first is not None:   # a play naming two seats (ALLWILD(swap=pair)): a pair the rules list
            if play.target is None or play.first == play.target:
                return "name two different seats, e.g. '@1,3'"
            if (play.first, play.target) not in named:
                return f"this play cannot name seats {play.first} and {play.target} under the rules in force"
        elif play.target is not None and play.target not in named:
            if any(type(t) is tuple for t in named):
                return f"this play names two seats: write both, e.g. '@{play.target},N'"
            return f"this play cannot name seat {play.target} under the rules in force"
        if play.give:
            k = gifts_of(self, play.player, play.cards)
            if len(play.give) != k:
                return f"give exactly {k} card(s) with this play" if k else "nothing is given with this play"
            if play.target is None:
                return "name the seat that receives the cards given"
        return None

    def _play_problem(self, play: Play) -> tuple[type[Exception], str, bool] | None:
        """(error class, reason, may-stand-in-table-mode) or None when the play is legal."""
        cards = play.cards
        if (len(cards) == 1 and play.player == self.current and self.phase is Phase.PLAY and not play.hidden
                and play.target is None and play.first is None and not play.give and not play.claim
                and not self._custom_play):
            # fast path: one card in turn
            c = cards[0]
            hand = self.hands[play.player]
            if (c in hand and (play.color is not None) is c.is_wild and c.face < FIRST_SPECIAL
                    and (not play.uno or len(hand) == 2) and (play.color is None or play.color in self.colors)
                    and matches(c, self.discard[-1], self.color)):
                return None
        shape = self._shape_problem(play)
        if shape:
            return shape[0], shape[1], False
        p = play.player
        ph = self.phase
        if ph == Phase.OVER:
            return GameOverError, "the hand is over", False
        if play.hidden and not play.cards:
            if p != self.to_act or ph not in (Phase.PLAY, Phase.DRAWN, Phase.PENDING):
                return NotYourTurnError, f"it is seat {self.to_act}'s turn", False
            for h in self._hooks["hidden_problem"]:   # (DED: a claim facing a draw)
                prob = h(self, play)
                if prob:
                    return prob[0], prob[1], False
            return None
        if p != self.current or ph not in (Phase.PLAY, Phase.DRAWN, Phase.PENDING):
            # out of turn: only cuts (C)
            if not self._cut_problem:
                return NotYourTurnError, f"it is seat {self.to_act}'s turn ({self.phase.name.lower()})", False
            why = self._cut_problem[0](self, play)
            if why is None:
                return None
            return WindowClosedError, why, not self.strict and ph == Phase.PLAY
        if ph == Phase.DRAWN and (play.cards[0] not in self.drawn_options
                                  or (len(play.cards) > 1 and not self._group_ok)):
            return (CardNotPlayableError, f"after drawing you may only play the card drawn "
                                          f"({' '.join(c.code for c in self.drawn_options)})", True)
        why = self.match_problem(play)
        if why and play.hidden and ph == Phase.PLAY:  # the face-down part of a group may come first (DED)
            for h in self._hooks["split_problem"]:
                why = h(self, play, why)
                if not why:
                    break
        if why:
            return CardNotPlayableError, why, ph != Phase.PENDING
        not_last = FACE_NOT_LAST.get(play.cards[-1].face)
        if not_last and len(self.hands[p]) == len(play.cards) + len(play.hidden):
            return CardNotPlayableError, not_last, False
        return None

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
