"""Replaying a hand record: the game rebuilt from its set-up, chance outcomes and actions, and checked.

>>> from unokit.engine.game import Game
>>> import random
>>> g, rng = Game.new(players=2, seed=5), random.Random(5)
>>> while not g.over:
...     _ = g.apply(rng.choice(g.legal_actions(g.to_act)))
>>> replay(g.record()).fingerprint() == g.fingerprint()
True
"""

from __future__ import annotations

from typing import Any

from ..core.chance import ManualClock, ScriptedChance
from ..core.errors import ReplayMismatchError
from .game import Game
from .record import _what, check_record, fingerprint

__all__ = ["replay"]


def replay(rec: dict[str, Any], *, check: bool = True) -> Game:
    """Rebuild the game from ``rec``; with ``check``, raise :class:`ReplayMismatchError` on any difference.

    ``rec`` is checked first (:func:`check_record`, :class:`RecordError` naming the field); an error
    while setting up or applying action ``i`` raises :class:`ReplayMismatchError` naming ``i``."""
    actions = check_record(rec)
    clock = ManualClock()
    chance = ScriptedChance(rec["chance"])
    try:
        if "position" in rec:
            pos = rec["position"]
            g = Game.from_position(pos["hands"], pos["discard"], pos["stock"], rules=rec["rules"],
                                   current=pos["current"], direction=pos["direction"], color=pos["color"],
                                   pending=pos["pending"], enforcement=rec["enforcement"], dealer=pos["dealer"],
                                   clock=clock, deck=rec.get("deck", "classic"),
                                   **({"decks": rec["decks"]} if rec.get("decks", 1) != 1 else {}))
            g.chance = chance
        else:
            setup = rec["setup"]
            g = Game.new(rec["players"], rec["rules"], enforcement=rec["enforcement"], deck=rec.get("deck", "classic"),
                         decks=rec.get("decks", 1), include_blanks=rec.get("include_blanks", False),
                         dealer=setup.get("dealer") if "dealer_draws" not in setup else None,
                         deck_order=rec.get("deck_order"), chance=chance, clock=clock)
    except ReplayMismatchError:
        raise
    except Exception as e:
        raise ReplayMismatchError(f"the record's set-up does not replay: {_what(e)}") from e
    for i, ((t, _), action) in enumerate(zip(rec["actions"], actions)):
        clock.t = t
        try:
            g.apply(action)
        except Exception as e:
            raise ReplayMismatchError(f"action {i} ({action}) does not replay: {_what(e)}") from e
    if check:
        fp = fingerprint(g)
        if fp != rec["result"]:
            diff: dict[str, object] = {k: (v, rec["result"].get(k)) for k, v in fp.items() if rec["result"].get(k) != v}
            extra = sorted(str(k) for k in rec["result"] if k not in fp)
            if extra:
                diff["unknown fields"] = extra
            raise ReplayMismatchError(f"replay differs from the record: {diff}")
        left = len(chance._queue) - chance._pos
        if left:
            raise ReplayMismatchError(f"the record holds {left} chance outcome(s) the replay never used")
    return g
