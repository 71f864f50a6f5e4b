"""Listing what each seat may do now, plays as short sequences of sub-decisions.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from ...core.actions import Action, CatchUno, Challenge, ChooseColor, Discard, Draw, Notice, Pass, Play, SayUno
from ...core.cards import FIRST_SPECIAL, Card, plain
from ...core.errors import GameOverError, IllegalActionError, NotYourTurnError
from ...core.official import matches
from ...rules.base import FACE_NOT_LAST
from ..compose import MORE, Composer
from .state import HandState, Phase


class ListingMixin(HandState):
    """Listing what each seat may do now, plays as short sequences of sub-decisions."""

    def legal_actions(self, player: int, *, turn: bool = True) -> list[Action]:
        """Every action ``player`` may take now, in turn or out of turn (chat excluded).

        Plays that combine several choices are listed as stems to :meth:`expand`
        (see :mod:`unokit.engine.compose`). ``turn=False`` leaves out the moves of the seat's
        turn and lists only what it may do at any moment (UNO, catches, cuts...). Plays come from the
        composer; the other actions are candidates the action's own check (:meth:`_problem`) admits.
        """
        if type(player) is not int or not 0 <= player < self.n:
            raise NotYourTurnError(f"there is no seat {player!r} (seats are 0 to {self.n - 1})")
        if self.phase == Phase.OVER:
            return []
        out: list[Action] = []
        ph = self.phase
        if turn and player == self.to_act:
            if ph == Phase.PLAY:
                self._plays(player, self.hands[player], out)
                if not self._hooks["draw_problem"] or self._problem(Draw(player)) is None:
                    out.append(Draw(player))
            elif ph == Phase.DRAWN:
                opts = self.drawn_options
                if self._group_prefix or self._custom_play or len(opts) > 1:
                    for d in dict.fromkeys(opts):
                        self._plays(player, self.hands[player], out, first_only=d)
                else:
                    self._single(player, opts[0], out)
                if not self._hooks["pass_problem"] or self._problem(Pass(player)) is None:
                    out.append(Pass(player))
            elif ph == Phase.PENDING:
                out.append(Draw(player))
                if self.wd4 is not None and self._problem(challenge := Challenge(player)) is None:
                    out.append(challenge)
                if self._stack_ok and self.going_out is None:
                    self._plays(player, self.hands[player], out)
            elif ph == Phase.COLOR:
                out.extend(ChooseColor(player, c) for c in self.colors)
            elif ph == Phase.FREE_DISCARD:
                out.extend(Discard(player, c) for c in dict.fromkeys(self.hands[player]))
            elif ph == Phase.HIDDEN_FINISH:
                out.append(Pass(player))
            if self._turn_plays and ph in (Phase.PLAY, Phase.DRAWN, Phase.PENDING) and self.going_out is None:
                for h in self._turn_plays:   # plays a rule adds (DED: face down)
                    out.extend(h(self, player))
        if self.hands[player].__len__() == 1 and self._problem(uno := SayUno(player)) is None:
            out.append(uno)
        if self.catchable:
            out.extend(a for a in (CatchUno(player, q) for q in sorted(self.catchable)) if self._problem(a) is None)
        if self._cut_problem and player != self.to_act:
            for h in self._hooks["cut_actions"]:
                out.extend(h(self, player))
        for r in self._options_first:   # (DED's Accuse: listed with the catches)
            out.extend(r.action_options(self, player))
        if self.wrong_plays:
            out.extend(a for a in (Notice(player, w.seq) for w in self.wrong_plays) if self._problem(a) is None)
        for r in self._options_last:
            out.extend(r.action_options(self, player))
        if self.eliminated and player in self.eliminated:
            return []
        if self.physical:
            return [_seen(a) for a in out]
        return out

    def out_of_turn_seats(self) -> list[int]:
        """Seats other than :attr:`to_act` that may have an out-of-turn action now (cheap to ask).

        A superset: ask :meth:`legal_actions` for the exact list.
        """
        if self.phase == Phase.OVER:
            return []
        me = self.to_act
        everyone: object = self.catchable or self.wrong_plays   # (tested for truth)
        out = []
        top = self.discard[-1]
        if self._action_rules:
            everyone = everyone or any(r.action_options(self, p) for r in self._action_rules
                                       for p in range(self.n) if p != me)
        for p in range(self.n):
            if p == me or p in self.eliminated:
                continue
            h = self.hands[p]
            if everyone or (len(h) == 1 and not self.uno_said[p]) or (self._cut_problem and top in h):
                out.append(p)
        return out

    def _single(self, p: int, c: Card, out: list[Action]) -> None:
        """Append the plays of the single card ``c`` (colour and UNO variants; a target is a sub-decision)."""
        if c.face >= FIRST_SPECIAL:
            out.extend(Composer(self, p).finals((c,)))
            return
        key = (p, c, len(self.hands[p]) == 2)
        memo = self._play_memo.get(key)
        if memo is None:
            unos = (False, True) if len(self.hands[p]) == 2 else (False,)
            colors = self.colors if self.names_color(c) else (None,)
            memo = self._play_memo[key] = [Play(p, (c,), col, u) for col in colors for u in unos]
        out.extend(memo)

    def play_variants(self, p: int, cards: Sequence[Card]) -> list[Play]:
        """The legal plays (complete, or stems naming a seat / cards to give) of exactly ``cards``."""
        return Composer(self, p).finals(tuple(cards))

    def _plays(self, p: int, hand: list[Card], out: list[Action], first_only: Card | None = None) -> None:
        if self._custom_play or self._group_prefix:
            return Composer(self, p).roots(out, first_only)
        pending = self.phase == Phase.PENDING
        top = self.discard[-1]
        color = self.color
        seen = set()
        for c in hand:
            if c in seen:
                continue
            seen.add(c)
            if first_only is not None and c is not first_only:
                continue
            if pending:
                if not any(h(self, (c,)) for h in self._stack_ok):
                    continue
            elif not matches(c, top, color):
                continue
            if c.face in FACE_NOT_LAST and len(hand) == 1:
                continue
            self._single(p, c, out)

    def expand(self, stem: Action) -> list[Play]:
        """The next sub-decisions of a play being composed (see :mod:`unokit.engine.compose`).

        ``stem`` is a :class:`Play` with ``more`` set, from :meth:`legal_actions` or an earlier
        ``expand``. Each option is a complete play or a further stem; a stem is offered only if
        some legal complete play extends it. Raises :class:`IllegalActionError` if none does.
        """
        if type(stem) is not Play or stem.more not in MORE:
            raise IllegalActionError(f"expand takes a play being composed (a Play with more=...), not {stem!r}")
        p = stem.player
        if type(p) is not int or not 0 <= p < self.n:
            raise NotYourTurnError(f"there is no seat {p!r}")
        if self.phase == Phase.OVER:
            raise GameOverError("the hand is over")
        options = Composer(self, p).expand(stem)
        if not options:
            raise IllegalActionError(f"no legal play continues '{stem}'")
        if self.physical:
            return cast("list[Play]", [_seen(a) for a in options])   # (_seen keeps a Play a Play)
        return options


def _seen(a: Action) -> Action:
    """``a`` naming the sides its player sees (UNO Flip: a play lists faces, never the physical cards)."""
    if type(a) is Play:
        return replace(a, cards=tuple(map(plain, a.cards)), give=tuple(map(plain, a.give))) \
            if any(type(c) is not Card for c in a.cards + a.give) else a
    return a
