"""Records: a hand is its setup, its chance outcomes (deck orders written in) and its actions.

``replay(record)`` re-applies a record with no random generator and checks
that the result is identical.

>>> from unokit.game import Game
>>> import random
>>> g, rng = Game.new(players=2, seed=5), random.Random(5)
>>> while not g.over:
...     _ = g.apply(rng.choice(g.legal_actions(g.to_act)))
>>> r = g.record()
>>> replay(r).fingerprint() == g.fingerprint()
True
"""

from __future__ import annotations

import json

from .actions import action_from_dict
from .cards import format_cards
from .chance import ManualClock, ScriptedChance
from .errors import ReplayMismatchError

__all__ = ["hand_record", "replay", "dumps", "loads", "FORMAT"]

FORMAT = "unokit-hand/1"


def fingerprint(game) -> dict:
    """Everything that makes two games the same game."""
    return {
        "hands": [format_cards(h) for h in game.hands],
        "stock": format_cards(game.stock),
        "discard": format_cards(game.discard),
        "hidden": format_cards(game.hidden_pile),
        "color": game.color.letter,
        "direction": game.direction,
        "current": game.current,
        "phase": game.phase.name,
        "winner": game.winner,
        "events": len(game.events),
        "seq": game.seq,
    }


def hand_record(game) -> dict:
    rec = {
        "format": FORMAT,
        "players": game.n,
        "rules": game.rules.code,
        "enforcement": game.enforcement,
        "deck": game.deck_name,
        "decks": game.decks,
        "include_blanks": game.include_blanks,
        "seed": game.chance.seed,
        "setup": _jsonable(game.setup),
        "chance": [format_cards(x) if isinstance(x, tuple) else x for x in game.chance.log],
        "actions": [[t, a.to_dict()] for t, a in game.actions],
        "result": fingerprint(game),
    }
    if game.setup.get("position"):
        rec["position"] = game._position
    if game.setup.get("scripted"):
        rec["deck_order"] = game._deck_order
    return rec


def _jsonable(x):
    return json.loads(json.dumps(x, default=str))


def replay(rec: dict, *, check: bool = True):
    """Rebuild the game from ``rec``; with ``check``, raise :class:`ReplayMismatchError` on any difference."""
    from .game import Game
    if rec.get("format") != FORMAT:
        raise ReplayMismatchError(f"not a unokit hand record (format {rec.get('format')!r})")
    clock = ManualClock()
    if "position" in rec:
        pos = rec["position"]
        g = Game.from_position(pos["hands"], pos["discard"], pos["stock"], rules=rec["rules"],
                               current=pos["current"], direction=pos["direction"], color=pos["color"],
                               pending=pos["pending"], enforcement=rec["enforcement"], dealer=pos["dealer"],
                               clock=clock, deck=rec.get("deck", "classic"))
        g.chance = ScriptedChance(rec["chance"])
    else:
        g = Game.new(rec["players"], rec["rules"], enforcement=rec["enforcement"], deck=rec["deck"],
                     decks=rec["decks"], include_blanks=rec.get("include_blanks", False), dealer=rec["setup"].get("dealer") if "dealer_draws" not in rec["setup"]
                     else None, deck_order=rec.get("deck_order"), chance=ScriptedChance(rec["chance"]),
                     clock=clock)
    for t, d in rec["actions"]:
        clock.t = t
        g.apply(action_from_dict(d))
    if check and fingerprint(g) != rec["result"]:
        diff = {k: (v, rec["result"].get(k)) for k, v in fingerprint(g).items() if rec["result"].get(k) != v}
        raise ReplayMismatchError(f"replay differs from the record: {diff}")
    return g


def dumps(rec: dict) -> str:
    return json.dumps(rec, ensure_ascii=False, indent=1)


def loads(text: str) -> dict:
    return json.loads(text)
