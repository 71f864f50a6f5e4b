"""EXTREME: UNO Extreme! (003 §UNO Extreme!), played as ``UNO EXTREME``.

The seed: a battery-powered launcher is added beside the classic draw pile, and new cards make the
next player press it: the "x2" (press twice) and a wild with a question mark (press until cards come
out); each press releases a random number of cards from 0 to 8. The launcher is explicit chance
here: each press is one outcome drawn through the game's seeded :class:`~unokit.core.chance.Chance`
(recorded, so a record replays it), with the probabilities of :data:`LAUNCHER` (an assumption:
the device's odds are not published; see ``docs/rules/EXTREME.md``).

========  =====================================================================================
``RX2``   Hit 2 ("x2"), coloured: the next player presses the launcher twice and loses the turn
``WH``    Wild Hit ("?"): its player names the colour; the next player presses until at least one
          card comes out, and loses the turn
========  =====================================================================================

Everything else is the classic game (the draw pile, Draw Two, Wild Draw Four and its challenge).
"""

from __future__ import annotations

from itertools import accumulate
from typing import TYPE_CHECKING

from ...core.actions import Play
from ...core.cards import Face
from ...core.events import register_event
from ...core.official import Effect
from ..base import HouseRule, TurnChange
from . import Edition

if TYPE_CHECKING:
    from ...engine.game import Game

__all__ = ["EDITION", "LAUNCHER", "MAX_PRESSES", "Extreme", "launcher_mean", "press"]

#: P(the launcher releases k cards) for k = 0..8, in hundredths (an assumption; sums to 100): most
#: presses release nothing or a card or two, a few release many
LAUNCHER = (40, 20, 12, 9, 7, 5, 4, 2, 1)
assert sum(LAUNCHER) == 100 and len(LAUNCHER) == 9
_CUMULATIVE = tuple(accumulate(LAUNCHER))
MAX_PRESSES = 200   #: a Wild Hit's presses are bounded (the chance of 200 empty presses is 0.4**200)


def launcher_mean() -> float:
    """Cards one press releases on average.

    >>> launcher_mean()
    1.7
    """
    return round(sum(k * p for k, p in enumerate(LAUNCHER)) / 100, 6)


def press(game: Game) -> int:
    """One press of the launcher: how many cards it releases (one recorded chance outcome)."""
    roll = game.chance.randint(0, 99)
    return next(k for k, c in enumerate(_CUMULATIVE) if roll < c)


EDITION = Edition(
    code="EXTREME", deck="extreme", players=(2, 10), doc="docs/rules/EXTREME.md",
    name="UNO Extreme! (the launcher as seeded chance)", name_pt="UNO Extreme! (o lançador como sorte semeada)",
    effects={Face.HIT_TWO: Effect(), Face.WILD_HIT: Effect(names_color=True)})


class Extreme(HouseRule):
    """The launcher's cards: the victim presses, draws what comes out and loses the turn."""

    code = "EXTREME"

    def on_play(self, game: Game, p: int, play: Play) -> TurnChange | None:
        face = play.cards[-1].face
        if face not in (Face.HIT_TWO, Face.WILD_HIT):
            return None
        victim = game.next_seat(p)
        presses, got = 0, 0
        while presses < (2 if face == Face.HIT_TWO else MAX_PRESSES):
            k = press(game)
            presses += 1
            if k:
                got += game.draw_cards(victim, k)
            if face == Face.WILD_HIT and k:
                break
        game.emit("launcher", victim, presses, got)
        return TurnChange(skip=1)


# ---------------------------------------------------------------------- the event EXTREME emits, told
def _times(k: int, lang: str) -> str:
    """'once', 'twice', '5 times' / 'uma vez', 'duas vezes', '5 vezes'."""
    if lang == "en":
        return {1: "once", 2: "twice"}.get(k, f"{k} times")
    return {1: "uma vez", 2: "duas vezes"}.get(k, f"{k} vezes")


register_event("launcher", ("presses", "count"), about="EXTREME: the launcher pressed, and how many cards came out",
               tell={"en": lambda w, e: f"{w.s(e.player, 'presses')} the launcher {_times(e.presses, 'en')}: "
                                        f"{w.n_cards(e.count) if e.count else 'nothing'} "
                                        f"{'comes' if e.count < 2 else 'come'} out",
                     "pt": lambda w, e: f"{w.subj(e.player)} aperta o lançador {_times(e.presses, 'pt')}: "
                                        + (f"sai{'em' if e.count > 1 else ''} {w.n_cards(e.count)}" if e.count
                                           else "não sai nada")})
