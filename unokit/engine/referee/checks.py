"""Verifying an action: why the referee refuses it, or ``None``.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...core.actions import (
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    Discard,
    Draw,
    Hint,
    Notice,
    Pass,
    Play,
    Say,
    SayUno,
)
from ...core.cards import COLORS, Card, Color, Face
from ...core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    IncompletePlayError,
    NotYourTurnError,
    WindowClosedError,
)
from ...core.official import matches
from ...rules import blanks
from ...rules.base import REFUSALS
from ..compose import MORE, gifts_of, targets_of
from .state import HandState, Hook, Phase, WrongPlay


def first_reason(hooks: Iterable[Hook], *args: Any) -> str | None:
    """The first reason one of ``hooks`` gives to refuse (hooks answer None or '' when they have none)."""
    for h in hooks:
        why: str | None = h(*args)
        if why:
            return why
    return None


class ChecksMixin(HandState):
    """Verifying an action: why the referee refuses it, or ``None``."""

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

    def _shape_problem(self, play: Play) -> tuple[type[Exception], str] | None:
        """Structural problems that no enforcement mode lets stand."""
        p = play.player
        if not 0 <= p < self.n:
            return NotYourTurnError, f"there is no seat {p}"
        if not play.cards and not play.hidden:
            return IllegalActionError, "a play needs at least one card"
        if play.hidden and not self._play_hidden:
            return IllegalActionError, "face-down plays need the DED rule"
        if not self._holds(p, play.cards + play.hidden + play.give):
            return CardNotInHandError, (f"seat {p} does not hold "
                                        f"{' '.join(c.code for c in play.cards + play.hidden + play.give)}")
        if p in self.eliminated:
            return NotYourTurnError, f"seat {p} is out of this hand"
        if (play.target is not None or play.give) and play.cards and play.cards[-1].face != Face.WILD_SWAP \
                and not blanks.takes_target(self, play.cards[-1]) and not self._choices:
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
            if last.is_wild and (last.face in blanks.ALL_BLANKS or play.claim):
                why = blanks.problem(self, play)
                if why:
                    return IllegalActionError, why
            elif play.claim and not play.hidden:
                return IllegalActionError, f"{last.code} makes nobody draw a number you choose: no claim"
            if last.face == Face.WILD_SWAP \
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

    def _colors_problem(self, color: Color | None) -> str:
        side = " on UNO Flip's dark side" if self.colors[0] != COLORS[0] else ""
        return (f"{color.name.lower() if color is not None else 'no colour'} is not a colour in play{side}; "
                f"name one of {', '.join(c.letter for c in self.colors)}")

    def _play_problem(self, play: Play) -> tuple[type[Exception], str, bool] | None:
        """(error class, reason, may-stand-in-table-mode) or None when the play is legal."""
        cards = play.cards
        if (len(cards) == 1 and play.player == self.current and self.phase is Phase.PLAY and not play.hidden
                and play.target is None and play.first is None and not play.give and not play.claim
                and not self._custom_play):
            # fast path: one card in turn
            c = cards[0]
            hand = self.hands[play.player]
            if (c in hand and (play.color is not None) is c.is_wild and c.face < Face.WILD_SWAP
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
        if play.cards[-1].face == Face.WILD_SWAP and len(self.hands[p]) == len(play.cards) + len(play.hidden):
            return CardNotPlayableError, "Wild Swap Hands cannot be your last card (001)", False
        return None

    def verify(self, action: Action) -> None:
        """Raise the :class:`IllegalActionError` that explains why ``action`` is refused now."""
        prob = self._problem(action)
        if prob is not None:
            raise prob[0](prob[1])

    def can(self, action: Action) -> bool:
        """Would :meth:`apply` accept ``action`` now?"""
        return self._problem(action) is None

    def _problem(self, action: Action) -> tuple[type[Exception], str] | None:
        if self.phase == Phase.OVER:
            return GameOverError, "the hand is over"
        t = type(action)
        if not isinstance(action, Action):
            return IllegalActionError, f"not an action: {action!r}"
        a: Any = action   # the branches below, one per action class ``t``, read that class's own fields
        p = a.player
        if not isinstance(p, int) or not 0 <= p < self.n:
            return NotYourTurnError, f"there is no seat {p!r}"
        if t is Play:
            if a.more:
                if a.more not in MORE:
                    return IllegalActionError, f"unknown sub-decision {a.more!r}"
                return IncompletePlayError, (f"the play is not complete: choose the {a.more} first "
                                             f"(Game.expand lists the choices)")
            prob = self._play_problem(a)
            if prob is None or (not self.strict and prob[2]):
                if (not self.strict and prob is not None and len(self.hands[p]) == len(a.cards)):
                    return CardNotPlayableError, f"{prob[1]} (a hand cannot end on a wrong card)"
                return None
            return prob[0], prob[1]
        if t is Draw:
            if p != self.to_act or self.phase not in (Phase.PLAY, Phase.PENDING):
                return NotYourTurnError, self._whose()
            why = self.phase == Phase.PLAY and first_reason(self._hooks["draw_problem"], self, p)
            return (IllegalActionError, why) if why else None
        if t is Pass:
            if p != self.to_act or self.phase not in (Phase.DRAWN, Phase.HIDDEN_FINISH):
                return NotYourTurnError, ("you may pass only after drawing a playable card" if p == self.to_act
                                          else self._whose())
            why = self.phase == Phase.DRAWN and first_reason(self._hooks["pass_problem"], self, p)
            return (IllegalActionError, why) if why else None
        if t is ChooseColor:
            if p != self.to_act or self.phase != Phase.COLOR:
                return NotYourTurnError, "no colour is to be named now" if p == self.to_act else self._whose()
            if a.color not in self.colors:
                return IllegalActionError, self._colors_problem(a.color)
            return None
        if t is SayUno:
            if len(self.hands[p]) != 1:
                return IllegalActionError, "say UNO when you hold one card"
            if self.uno_said[p]:
                return IllegalActionError, "you already said UNO"
            return None
        if t is CatchUno:
            q = a.target
            if not isinstance(q, int) or not 0 <= q < self.n or q == p:
                return IllegalActionError, "catch another seat"
            if q not in self.catchable or len(self.hands[q]) != 1:
                if len(self.hands[q]) == 1 and not self.uno_said[q]:
                    return WindowClosedError, (f"too late: seat {q} can no longer be caught "
                                               "(the next player has started)")
                return IllegalActionError, f"seat {q} is not missing an UNO"
            return None
        if t is Challenge:
            if self.no_challenge:
                return IllegalActionError, "a Wild Draw Four cannot be challenged (NOCHALLENGE)"
            if self.phase != Phase.PENDING or self.wd4 is None:
                return WindowClosedError, "there is no Wild Draw Four to challenge"
            if p != self.current:
                return NotYourTurnError, "only the player who must draw may challenge"
            return None
        if t is Notice:
            if self.strict:
                return IllegalActionError, "strict enforcement refuses wrong plays; nothing to notice"
            w = self._wrong(a.seq)
            if w is None:
                return WindowClosedError, f"no outstanding wrong play {a.seq}"
            if w.player == p:
                return IllegalActionError, "another player must notice your mistake"
            if self.rules.corrections == 2 and not self.hands[w.player]:
                return WindowClosedError, f"seat {w.player} has gone out: the hand is decided"
            return None
        if t is Discard:
            if self.phase != Phase.FREE_DISCARD or p != self.to_act:
                return NotYourTurnError, "no free discard is owed by this seat now"
            if a.card not in self.hands[p]:
                return CardNotInHandError, f"seat {p} does not hold {a.card.code}"
            return None
        if t in self._rule_actions:
            found: tuple[type[Exception], str] | None = self._rule_actions[t].action_problem(self, a)
            return found
        refused = REFUSALS.get(t)
        if refused is not None:   # a rule's own action, and that rule is not in force (DED's Accuse)
            return refused
        if p in self.eliminated and t is not Say:
            return NotYourTurnError, f"seat {p} is out of this hand"
        if t is Say:
            if not isinstance(a.text, str):
                return IllegalActionError, "say some text"
            return None
        if t is Hint:
            if not isinstance(a.to, int) or not 0 <= a.to < self.n or a.to == p:
                return IllegalActionError, "hint another seat"
            return None
        return IllegalActionError, f"unknown action {a!r}"

    def _whose(self) -> str:
        return f"it is seat {self.to_act}'s turn ({self.phase.name.lower()})"

    def _wrong(self, seq: int) -> WrongPlay | None:
        for w in self.wrong_plays:
            if w.seq == seq:
                return w
        return None
