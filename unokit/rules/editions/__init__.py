"""The editions of 003 played as rule codes: each one a deck list and its cards' effects.

An edition is a code of the catalogue (family ``EDITION``, one per rule set) whose module here
states, once, what the referee needs to know about it: the deck it is played with, how many may
play, and the effect of each card face the official deck does not hold
(:class:`unokit.core.official.Effect` values, read by the referee through
:meth:`unokit.engine.game.Game.effect_of`). Its behaviour beyond that (stacking, hands passed and swapped,
eliminations...) is house-rule classes plugged in at the named points of :mod:`unokit.rules.base`,
registered under the edition's code in :mod:`unokit.rules.registry`.

>>> from unokit.rules import RuleSet
>>> ed = edition_of(RuleSet.parse('UNO NOMERCY'))
>>> ed.code, ed.deck, ed.players
('NOMERCY', 'nomercy', (2, 6))
>>> edition_of(RuleSet.parse('UNO 1121 DR')) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeAlias

    from ...core.cards import Card
    from ...core.official import Effect
    from ..ruleset import RuleSet

    #: a face's effect in an edition: an Effect, or a function of the seats counted that gives one
    FaceEffect: TypeAlias = Effect | Callable[[int], Effect]

__all__ = ["Edition", "EDITIONS", "edition_of"]


@dataclass(frozen=True)
class Edition:
    """What the referee reads of an edition: ``deck`` (a name of :data:`unokit.core.decks.DECKS`),
    ``players`` (the fewest and most seats), ``effects`` (card face -> :class:`unokit.core.official.Effect`
    for the faces the official deck does not hold, or a function of the number of seats still in),
    ``doc`` (its page), ``name`` / ``name_pt`` (as the lobby shows it), ``colorless`` (no card names a
    colour: All Wild), ``first_card`` (card -> :class:`unokit.core.official.FirstCard`, in place of the
    official first-card rule; ``None``: the official one), ``double_sided`` (its cards are
    :class:`unokit.core.cards.FlipCard` values with a side in play and a back: UNO Flip), ``uses`` (a face
    a player may name -> the card held that it is played from: UNO Flex's flexed faces)."""

    code: str
    deck: str
    players: tuple[int, int]
    effects: dict[int, FaceEffect] = field(default_factory=dict)
    doc: str = ""
    name: str = ""
    name_pt: str = ""
    colorless: bool = False
    first_card: object = None
    double_sided: bool = False
    uses: dict[Card, Card] = field(default_factory=dict)


def _editions() -> dict[str, Edition]:
    from . import allwild, extreme, flash, flex, flip, nomercy, spin
    return {e.code: e for e in (nomercy.EDITION, allwild.EDITION, extreme.EDITION, flash.EDITION, spin.EDITION,
                                flip.EDITION, flex.EDITION)}


EDITIONS: dict[str, Edition] = _editions()


def edition_of(ruleset: RuleSet) -> Edition | None:
    """The edition a rule set plays (``None``: the classic game)."""
    for c in ruleset.codes:
        e = EDITIONS.get(c)
        if e is not None:
            return e
    return None
