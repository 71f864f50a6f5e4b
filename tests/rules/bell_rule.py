"""BELL, a rule for the tests only, written in this one file as any new rule would be (issue 25, point 3).

When a 5 is played, every other seat may ring the bell before the next turn starts (an action of its own,
``ring``, a reaction); the first ring makes the player of the 5 draw a card. The rule brings its action, its
event and its narration in English and Portuguese, and a field of the views (``bells``: the rings this hand).

Nothing outside this file names it: :func:`install` registers it, :func:`uninstall` takes it out again.
"""

from __future__ import annotations

from unokit.core.actions import simple_action, unregister_action
from unokit.core.errors import WindowClosedError
from unokit.core.events import register_event, unregister_event
from unokit.rules.base import HouseRule
from unokit.rules.catalog import RuleInfo
from unokit.rules.registry import register_rule, unregister_rule

CODE = "BELL"
Ring = None          # the action class (made by install)


class Bell(HouseRule):
    """The bell after a 5 (``rule_state["BELL"]``: (seat of the 5 or None while closed, rings this hand))."""

    code = CODE

    def _state(self, game):
        return game.rule_state.get(CODE, (None, 0))

    def on_play(self, game, p, play):
        if any(c.number == 5 for c in play.cards):
            game.rule_state[CODE] = (p, self._state(game)[1])

    def on_start(self, game, seat):           # the next turn starts: the bell is gone
        five, rings = self._state(game)
        if five is not None:
            game.rule_state[CODE] = (None, rings)

    def action_problem(self, game, a):
        five, _ = self._state(game)
        if five is None or a.player == five:
            return WindowClosedError, "there is no bell to ring"
        return None

    def action_options(self, game, seat):
        five, _ = self._state(game)
        return [Ring(seat)] if five is not None and seat != five and not game.over else []

    def apply_action(self, game, a):
        five, rings = self._state(game)
        game.rule_state[CODE] = (None, rings + 1)
        game.emit("bell", a.player, five)
        game.penalize(five, 1, "the bell rang (BELL)")

    def view_extras(self, game, seat):
        return {"bells": self._state(game)[1]}


def install() -> None:
    global Ring
    Ring = simple_action("Ring", "ring", "BELL: ring the bell after a 5 (its player draws a card).", "reaction")
    Bell.actions = (Ring,)
    register_event("bell", ("target",), about="BELL: the bell rung for the player of a 5",
                   tell={"en": lambda w, e: f"{w.s(e.player, 'rings')} the bell for {w.obj(e.target)}",
                         "pt": lambda w, e: f"{w.subj(e.player)} toca o sino para {w.obj(e.target)}"})
    register_rule(RuleInfo(CODE, "Sino (bell)", "ring the bell after a 5: its player draws a card",
                           "tests/rules/bell_rule.py", implemented=True, origin="other"), Bell)


def uninstall() -> None:
    unregister_rule(CODE)
    unregister_event("bell")
    if Ring is not None:
        unregister_action(Ring)
