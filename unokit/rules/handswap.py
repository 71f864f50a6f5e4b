"""Two hands swapped: the one owner of the ``swap`` event, shared by the rules whose cards swap hands (Wild Swap
Hands in :mod:`unokit.rules.wilds`, T's 0 in :mod:`unokit.rules.cardfx`, ALLWILD's Forced Swap and the blanks).

Each of those rules decides whether and with whom; :func:`swap_hands` moves the hands, tells the referee which
hands changed and records the event, told here in every language the narrator speaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.events import register_event

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["swap_hands"]


def swap_hands(game: Game, a: int, b: int) -> None:
    """Seats ``a`` and ``b`` swap hands (the event names ``a`` as its player, ``b`` as its target)."""
    game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
    game.hands_changed((a, b))
    game.emit("swap", a, b)


register_event("swap", ("target",), about="hands swapped (Wild Swap Hands, T, ALLWILD's Forced Swap, the blanks)",
               into_hands=("player", "target"), tracking="swap-hands",
               tell={"en": lambda w, e: f"{w.s(e.player, 'swaps')} hands with {w.obj(e.target)}",
                     "pt": lambda w, e: f"{w.subj(e.player)} troca de mão com {w.obj(e.target)}"})
