"""The compiled core loaded: the C extension (``unokit/fast/_ccore.c``), handed the rules' tables and numbers.

C states no rule: at load it gets the official tables (matching, card effects, first card, points, the deck) of
:mod:`unokit.core.official` and the numbers of the rules (:func:`rule_facts`: the official penalties and the
house rules' own, each read from its class), and its action numbering is checked against :mod:`unokit.core.codec`.
Kept apart from :mod:`unokit.fast.compiled` (the batches, which need numpy) so that :class:`unokit.fast.FastGame`,
a view of one C state, loads without numpy. ``_ccore`` is None when the extension was not built (``IMPORT_ERROR``
says so): then nothing of the fast core plays, and the referee plays every hand.
"""

from __future__ import annotations

import struct

from ..core import codec, official

try:
    from . import _ccore  # type: ignore[attr-defined]  # the C extension (_ccore.c): no stub, its functions are untyped
    IMPORT_ERROR = None
except ImportError as e:  # pragma: no cover - a source tree that was not built
    _ccore = None
    IMPORT_ERROR = f"the compiled core is not built ({e}); run `make setup` or `pip install -e .`"

__all__ = ["IMPORT_ERROR", "available", "hand_over_tables", "rule_facts"]


def available() -> bool:
    """Is the compiled core built and importable?"""
    return _ccore is not None


def hand_over_tables() -> None:
    """Hand the official tables and the rules' numbers over to C (again after a change, as the tests do)."""
    o = official
    ids = range(o.NCARDS)
    fx = []
    for c in ids:  # the effect of a card on the turn, as unokit.fast computes it
        if o.DRAW_OF[c]:
            fx.append(o.DRAW_OF[c])
        elif o.TURN[False][c] == o.TURN[True][c] == (1, False):
            fx.append(0)
        else:
            fx.append(-1)
    turn = bytes(v for two in (False, True) for c in ids for v in (o.TURN[two][c][0], int(o.TURN[two][c][1])))
    first = bytes(v for c in ids for v in (int(o.FIRST[c].returned), o.FIRST[c].starter, int(o.FIRST[c].reverse),
                                           o.FIRST[c].draw, int(o.FIRST[c].names_color)))
    _ccore.set_tables(
        bytes(o.DECK_IDS), bytes(int(x) for row in o.PLAYABLE for x in row), struct.pack(f"{o.NCARDS}b", *fx),
        turn, first, bytes(o.POINTS), struct.pack(f"{o.NCARDS}b", *o.COLOR_OF), bytes(o.FACE_OF),
        bytes(o.NUMBER_OF), struct.pack(f"{o.NCARDS}b", *(-1 if c.number is None else c.number for c in o.CARDS)),
        rule_facts())


def rule_facts() -> tuple[int, ...]:
    """The numbers of the rules the C core plays, each read from its one statement in Python and handed over
    with the tables (``_ccore.c`` writes none of them): the official penalties (a caught bluff, the extra cards
    of a wrong challenge, a Wild Draw Four's draw), ADDUP's challenge of a sum, BOMB's least group and its draw,
    TRI's cards per card, SEVENO's swapping and passing numbers."""
    from ..rules.cardfx import Trinity
    from ..rules.extras import AddUp, Bomb, SevenOPass, SevenOSwap
    o = official
    return (o.challenge_penalty(True), o.WRONG_CHALLENGE_EXTRA, o.DRAW_OF[o.WILD_DRAW_FOUR], AddUp.PENALTY,
            Bomb.LEAST, Bomb.PENALTY, Trinity.PER_CARD, SevenOSwap.CARD, SevenOPass.CARD)


if _ccore is not None:
    hand_over_tables()
    assert (_ccore.APS, _ccore.EXT_BASE, _ccore.EXT_PER_SEAT, _ccore.NPAIRS, _ccore.EXT2_BASE) == (
        codec.ACTIONS_PER_SEAT, codec.EXT_BASE, codec.EXT_PER_SEAT, codec.NPAIRS, codec.EXT2_BASE), \
        "the C core's numbering differs"
