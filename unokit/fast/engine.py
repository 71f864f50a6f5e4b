"""Which engine plays a batch of hands: the compiled core when it covers the table, else the referee.

Every bulk command (``sim``, ``lab``, ``duel``, ``tournament``, ``report``) takes
``--engine auto|compiled|referee``: ``auto`` picks the compiled core (:mod:`unokit.fast.compiled`)
whenever it plays the rules and the bots, and says why not otherwise; ``compiled`` refuses a table it
does not cover (one line saying why); ``referee`` always plays on the referee.

>>> choose("auto", "UNO 1121", ["random-play"], 2)
('compiled', '')
>>> choose("auto", "UNO 1121", ["random"], 2)[0]
'referee'
>>> choose("referee", "UNO 1121", ["random-play"], 2)
('referee', 'asked for')
"""

from __future__ import annotations

from ..core.errors import UnoError

__all__ = ["ENGINES", "choose", "EngineError", "describe"]

ENGINES = ("auto", "compiled", "referee")


class EngineError(UnoError):
    """``--engine compiled`` for a table the compiled core does not play, or an unknown engine."""


def choose(engine: str, rules, bots, players: int, *, deck: str = "classic", decks: int = 1,
           enforcement: str = "strict", referee_only: str | None = None) -> tuple[str, str]:
    """``(engine that plays, why the referee plays)`` for ``engine`` in :data:`ENGINES`.

    ``referee_only``: a reason the caller itself needs the referee (records, checks...).
    """
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")
    if engine == "referee":
        return "referee", "asked for"
    from . import compiled
    why = referee_only or compiled.problem(rules, bots, players, deck=deck, decks=decks, enforcement=enforcement)
    if why:
        if engine == "compiled":
            raise EngineError(f"the compiled engine cannot play this: {why} (use --engine auto or referee)")
        return "referee", why
    return "compiled", ""


def describe(engine: str, why: str, chance: str | None = None) -> str:
    """One line for a summary: ``compiled (fast chance)`` or ``referee (bot 'random' is ...)``."""
    if engine == "compiled":
        return f"compiled ({chance} chance)" if chance else "compiled"
    return f"referee ({why})" if why else "referee"
