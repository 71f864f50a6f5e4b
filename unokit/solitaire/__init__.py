"""The guide's UNO solitaire ("Paciência UNO"): the game (:mod:`.game`), its solver (:mod:`.solver`),
the ``unokit solitaire`` command (:mod:`.cli`) and its full-screen screen (:mod:`.tui`);
``docs/solitaire.md`` has the rules and the choices made where the guide is silent.

>>> from unokit.solitaire import Solitaire, solve
>>> solve(Solitaire.deal(1)).status
'won'
"""

from .game import Move, Solitaire
from .solver import Result, solve

__all__ = ["Move", "Result", "Solitaire", "solve"]
