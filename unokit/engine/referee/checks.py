"""Verifying an action: what every action's check shares, then the check of its class.

Each action class has one check and one application, side by side in the part that plays it
(``PlayingMixin._check_play`` beside ``_do_play``, ``DrawingMixin._check_draw`` beside ``_do_draw``...);
:data:`unokit.engine.game.ACTION_TABLE` pairs them, and a rule in force adds its own actions' pairs to a hand's
table (:attr:`unokit.rules.base.HouseRule.actions`). :meth:`ChecksMixin._problem` asks only what every action
shares (the hand is over, not an action, no such seat), then the check of the action's class: ``verify``,
``can``, ``apply`` and the listing all go through it.

A part of :class:`unokit.engine.game.Game` (see the modules table in docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.actions import Action
from ...core.cards import COLORS, Color
from ...core.errors import GameOverError, IllegalActionError, NotYourTurnError
from ...rules.base import REFUSALS
from .state import HandState, Hook, Phase, Problem


def first_reason(hooks: Iterable[Hook], *args: Any) -> str | None:
    """The first reason one of ``hooks`` gives to refuse (hooks answer None or '' when they have none)."""
    for h in hooks:
        why: str | None = h(*args)
        if why:
            return why
    return None


class ChecksMixin(HandState):
    """Verifying an action: what every action's check shares, then the check of its class."""

    def verify(self, action: Action) -> None:
        """Raise the :class:`IllegalActionError` that explains why ``action`` is refused now."""
        prob = self._problem(action)
        if prob is not None:
            raise prob[0](prob[1])

    def can(self, action: Action) -> bool:
        """Would :meth:`apply` accept ``action`` now?"""
        return self._problem(action) is None

    def _problem(self, action: Action) -> Problem:
        """Why ``action`` is refused now, or None: what every action shares, then its class's check (the hand's
        table, :attr:`_actions`); an action class not in it is one no rule in force owns."""
        if self.phase == Phase.OVER:
            return GameOverError, "the hand is over"
        t = type(action)
        if not isinstance(action, Action):
            return IllegalActionError, f"not an action: {action!r}"
        p = action.player
        if not isinstance(p, int) or not 0 <= p < self.n:
            return NotYourTurnError, f"there is no seat {p!r}"
        pair = self._actions.get(t)
        if pair is not None:
            return pair[0](self, action)
        refused = REFUSALS.get(t)
        if refused is not None:   # a rule's own action, and that rule is not in force (DED's Accuse)
            return refused
        if p in self.eliminated:
            return NotYourTurnError, f"seat {p} is out of this hand"
        return IllegalActionError, f"unknown action {action!r}"

    def _whose(self) -> str:
        return f"it is seat {self.to_act}'s turn ({self.phase.name.lower()})"

    def _colors_problem(self, color: Color | None) -> str:
        side = " on UNO Flip's dark side" if self.colors[0] != COLORS[0] else ""
        return (f"{color.name.lower() if color is not None else 'no colour'} is not a colour in play{side}; "
                f"name one of {', '.join(c.letter for c in self.colors)}")
