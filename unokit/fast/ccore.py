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
from typing import Any

from ..core import codec, official

try:
    from . import _ccore  # type: ignore[attr-defined]  # the C extension (_ccore.c): no stub, its functions are untyped
    IMPORT_ERROR = None
except ImportError as e:  # pragma: no cover - a source tree that was not built
    _ccore = None
    IMPORT_ERROR = f"the compiled core is not built ({e}); run `make setup` or `pip install -e .`"

__all__ = ["IMPORT_ERROR", "available", "hand_over_tables", "rule_facts", "edition_facts", "EDITION_FACES"]


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


#: what _editions.h reads of each face of an edition, one byte each (its ED_FACE_BYTES)
EDITION_FACES = ("advance", "reverse", "advance at two seats", "reverse at two seats", "draw", "seat choice",
                 "cards the seat chosen draws", "points", "wild", "action", "card draw", "skip", "card points")


def edition_facts(ruleset) -> tuple[tuple[str, ...], bytes]:
    """The facts of ``ruleset``'s edition the compiled core plays it by (``_editions.h``), read from the edition's
    module, deck and house-rule class and restated nowhere: the face codes in the order of the deck's list, and the
    bytes C reads: the number of faces and of cards, the deck before shuffling (face indices), then per face
    :data:`EDITION_FACES` (its :class:`unokit.core.official.Effect` at more than two seats and at two; the seat it
    names, 1 a swap of hands and 2 a seat that draws, and how many cards that seat draws, all asked of the rule's
    own ``play_targets`` and ``on_play`` on a stand-in table; its points, the deck's own where it scores a card its
    way); then what the greedy bot reads of the card (:class:`unokit.core.cards.Card`'s ``is_wild``, ``is_action``,
    ``draw``, a Skip's face, ``points``). ``ValueError`` for an edition whose faces do what C does not play (a card
    that is not a wild of a colourless deck, a colour named, a challenge, a card turned first that does something)."""
    from types import SimpleNamespace

    from ..core.actions import Play
    from ..core.cards import Face
    from ..core.decks import DECKS, build_deck
    from ..core.official import FirstCard
    from ..rules.editions import edition_of
    from ..rules.registry import build_house_rules
    ed = edition_of(ruleset)
    if ed is None:
        raise ValueError(f"{ruleset.code} plays no edition")
    deck = build_deck(ed.deck)
    faces = list(dict.fromkeys(deck))
    rules = build_house_rules(ruleset)
    spec = DECKS[ed.deck]
    out = bytearray([len(faces), len(deck)]) + bytes(faces.index(c) for c in deck)
    for c in faces:
        face = ed.effects.get(c.face)
        fx = [face(seats) if callable(face) else face for seats in (3, 2)]   # more than two seats, two
        if face is None or not (ed.colorless and c.is_wild) or any(
                f is None or f.names_color or f.challengeable for f in fx) or len({f.draw for f in fx if f}) != 1 or (
                ed.first_card is not None and ed.first_card(c) != FirstCard()):   # type: ignore[operator]
            raise ValueError(f"{c.code} of {ed.code} does what the compiled core does not play")
        kind = aim = 0
        for r in rules:   # a stand-in table of three seats, the play by seat 0 naming seat 1
            table: Any = SimpleNamespace(hands=[[c, c], [faces[0]], []], active=[0, 1, 2], n=3, drawn=[])
            table.penalize = lambda q, k, why, t=table: t.drawn.append(k)
            table.hands_changed = table.emit = lambda *a: None
            if not r.play_targets(table, 0, (c,)):
                continue
            r.on_play(table, 0, Play(0, (c,), target=1))
            kind, aim = (1, 0) if table.hands[1] == [c, c] else (2, sum(table.drawn))
        many, two = (f for f in fx if f is not None)
        out += bytes([many.advance, many.reverse, two.advance, two.reverse, many.draw, kind, aim,
                      spec.special_points.get(c.code, c.points), c.is_wild, c.is_action, c.draw, c.face == Face.SKIP,
                      c.points])
    return tuple(c.code for c in faces), bytes(out)


if _ccore is not None:
    hand_over_tables()
    assert (_ccore.APS, _ccore.EXT_BASE, _ccore.EXT_PER_SEAT, _ccore.NPAIRS, _ccore.SLAP_BASE, _ccore.EXT2_BASE,
            _ccore.SAY_BASE, _ccore.DOUBTDRAW_BASE) == (codec.ACTIONS_PER_SEAT, codec.EXT_BASE, codec.EXT_PER_SEAT,
                                                        codec.NPAIRS, codec.SLAP_BASE, codec.EXT2_BASE, codec.SAY_BASE,
                                                        codec.DOUBTDRAW_BASE), \
        "the C core's numbering differs"
