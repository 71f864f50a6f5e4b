"""How a house rule plugs into the engine.

A house rule is a :class:`HouseRule` subclass that overrides only the named
points it needs. The engine collects, per point, the rules that override it
and calls them there; rules that do not touch a point cost nothing on it.

Named points:

``setup(game)``                     once, when the hand is set up: the rule sets the table's parameters
                                    (MEM, PRE, SLOWUNO, NOCHALLENGE, DOUBLE, LIMIT, OPEN, REV, DED, FU, BU)
``group_ok(game, cards)``           playability of several cards in one play (DR, DD)
``group_prefix(game, cards)``       may ``cards`` begin (or be) a multi-card play; the referee offers
                                    "more cards" only along such prefixes (DR, DD, AA, ADDUP)
``stack_ok(game, cards)``           may these cards answer a pending draw (P1-P4)
``cut_problem(game, play)``         may ``play`` be made out of turn now (C); None = yes
``cut_actions(game, player)``       the out-of-turn plays a player may make now (C)
``on_play(game, player, play)``     effects after a visible play (S: 7s toggle silence; card-number rules);
                                    may return a :class:`TurnChange` (DAD skips the die's victim, DEFLECT
                                    sends the total on)
``on_turn_end(game, player)``       a player's turn ended (S with T: the silent round ends)
``judge_speech(game, player, text)`` cards to draw for saying ``text`` now (S)
``on_turn_start(game, player)``     a player's turn starts (V starts their clock)
``on_turn_action(game, action)``    the player in turn is about to draw, play, pass or name a colour (V);
                                    returns True when the rule took the action's place (MS, BLITZ, M)
``play_problem(game, play)``        restrictive playability: a reason to refuse an otherwise legal play
                                    (PAA, PAB, TRI, CHU, FL, CAR); None = no objection
``allow_play(game, play)``          permissive playability: accept a play the official match refuses
                                    (AA, AB, I)
``after_draw(game, player, card, forced)``  'play' / 'keep' / 'again' after a turn draw (SAT, INS)
``after_penalty(game, player, cards)``      cards drawn for a +2/+4 the player may play at once (CON)
``play_targets(game, player, cards)`` the seats a play of ``cards`` may name (``None``: none) (T, CLA, DOA)
``gifts_owed(game, player, cards)`` how many cards a play of ``cards`` gives away (DOA)
``on_start(game, seat)``            a seat starts a turn (draws or plays): windows close (E, IE, M, DP)
``draw_problem(game, seat)``        a reason the seat in turn may not draw now (FORCE)
``pass_problem(game, seat)``        a reason the seat may not keep the card drawn (DRAWPLAY)

A rule may also own action types (``actions = (Slap,)``) and then implements
``action_problem(game, action)``, ``apply_action(game, action)`` and
``action_options(game, seat)`` for them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TurnChange:
    """What an ``on_play`` hook asks of the turn that follows: ``skip`` more seats, or ``next_seat``."""

    skip: int = 0
    next_seat: int | None = None

HOOKS = ("setup", "group_ok", "group_prefix", "stack_ok", "cut_problem", "cut_actions", "on_play", "on_turn_end",
         "judge_speech", "on_turn_start", "on_turn_action", "play_problem", "allow_play", "after_draw",
         "after_penalty", "play_targets", "gifts_owed", "on_start", "draw_problem", "pass_problem")


class HouseRule:
    code = ""

    def __init__(self, ruleset):
        self.ruleset = ruleset

    # default implementations are never called: the engine only calls overrides
    def setup(self, game) -> None:  # pragma: no cover
        pass

    def group_ok(self, game, cards) -> bool:  # pragma: no cover
        return False

    def group_prefix(self, game, cards) -> bool:  # pragma: no cover
        return False

    def stack_ok(self, game, cards) -> bool:  # pragma: no cover
        return False

    def cut_problem(self, game, play):  # pragma: no cover
        return "cutting is not allowed"

    def cut_actions(self, game, player):  # pragma: no cover
        return []

    def on_play(self, game, player, play) -> None:  # pragma: no cover
        pass

    def on_turn_end(self, game, player) -> None:  # pragma: no cover
        pass

    def judge_speech(self, game, player, text) -> int:  # pragma: no cover
        return 0

    def on_turn_start(self, game, player) -> None:  # pragma: no cover
        pass

    def on_turn_action(self, game, action) -> None:  # pragma: no cover
        pass

    def play_problem(self, game, play):  # pragma: no cover
        return None

    def allow_play(self, game, play) -> bool:  # pragma: no cover
        return False

    def after_draw(self, game, player, card, forced):  # pragma: no cover
        return None

    def after_penalty(self, game, player, cards):  # pragma: no cover
        return ()

    def play_targets(self, game, player, cards) -> list:  # pragma: no cover
        return []

    def gifts_owed(self, game, player, cards) -> int:  # pragma: no cover
        return 0

    def on_start(self, game, seat) -> None:  # pragma: no cover
        pass

    def draw_problem(self, game, seat):  # pragma: no cover
        return None

    def pass_problem(self, game, seat):  # pragma: no cover
        return None

    actions: tuple = ()


def hooks_of(rules) -> dict[str, list]:
    """Bound methods per named point, for the rules that override it."""
    out: dict[str, list] = {h: [] for h in HOOKS}
    for r in rules:
        for h in HOOKS:
            if getattr(type(r), h) is not getattr(HouseRule, h):
                out[h].append(getattr(r, h))
    return out
