"""Records: a hand is its setup, its chance outcomes (deck orders written in) and its actions.

:func:`unokit.engine.playback.replay` re-applies a record with no random generator and checks
that the result is identical.

A record is checked before anything is replayed (:func:`check_record`; match records:
:func:`check_match_record`): a missing field, a value of the wrong type or out of range raises
:class:`~unokit.core.errors.RecordError` naming the field. An error while applying the recorded actions
raises :class:`~unokit.core.errors.ReplayMismatchError` naming the action's index. Both are
:class:`~unokit.core.errors.UnoError`; nothing else escapes.

>>> from unokit.engine.game import Game
>>> import random
>>> g, rng = Game.new(players=2, seed=5), random.Random(5)
>>> while not g.over:
...     _ = g.apply(rng.choice(g.legal_actions(g.to_act)))
>>> r = g.record()
>>> from unokit.engine.playback import replay
>>> replay(r).fingerprint() == g.fingerprint()
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Literal, NoReturn, overload

from ..core.actions import Action, action_from_dict
from ..core.cards import format_physical, parse_cards
from ..core.errors import NotationError, PositionError, RecordError, RuleCodeError, UnoError

if TYPE_CHECKING:
    from .referee.state import HandState as Game  # (the Game itself imports this module)

__all__ = ["hand_record", "chance_outcomes", "dumps", "loads", "FORMAT", "check_record", "check_match_record"]

FORMAT = "unokit-hand/1"
MATCH_FORMAT = "unokit-match/1"
MAX_ACTIONS = 1_000_000   # a hand record holds far fewer
MAX_SEED = 2**128


def fingerprint(game: Game) -> dict[str, Any]:
    """Everything that makes two games the same game."""
    return {
        "hands": [format_physical(h) for h in game.hands],
        "stock": format_physical(game.stock),
        "discard": format_physical(game.discard),
        "hidden": format_physical(game.hidden_pile),
        "color": game.color.letter,
        "direction": game.direction,
        "current": game.current,
        "phase": game.phase.name,
        "winner": game.winner,
        "events": len(game.events),
        "seq": game.seq,
    }


def chance_outcomes(game: Game) -> list[Any]:
    """The hand's chance outcomes so far, as a record writes them (shuffles as card codes, numbers as they are)."""
    return [format_physical(x) if isinstance(x, tuple) else x for x in game.chance.log]


def hand_record(game: Game) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "format": FORMAT,
        "players": game.n,
        "rules": game.rules.code,
        "enforcement": game.enforcement,
        "deck": game.deck_name,
        "decks": game.decks,
        "include_blanks": game.include_blanks,
        "seed": game.chance.seed,
        "setup": _jsonable(game.setup),
        "chance": chance_outcomes(game),
        "actions": [[t, a.to_dict()] for t, a in game.actions],
        "result": fingerprint(game),
    }
    if game.setup.get("position"):
        rec["position"] = game._position
    if game.setup.get("scripted"):
        rec["deck_order"] = game._deck_order
    return rec


def _jsonable(x: object) -> Any:
    return json.loads(json.dumps(x, default=str))


def _what(e: BaseException) -> str:
    return str(e) if isinstance(e, UnoError) else f"{type(e).__name__}: {e}"


# ---------------------------------------------------------------------------------------- checks
def _fail(where: str, msg: str) -> NoReturn:
    raise RecordError(f"{where}: {msg}")


def _tn(x: object) -> str:
    return "null" if x is None else {bool: "true/false", int: "a whole number", float: "a number", str: "text",
                                     list: "a list", dict: "an object"}.get(type(x), type(x).__name__)


@overload
def _int(rec: dict[str, Any], key: str, where: str, lo: int, hi: int, *, optional: Literal[False] = False,
         none: Literal[False] = False) -> int: ...
@overload
def _int(rec: dict[str, Any], key: str, where: str, lo: int, hi: int, *, optional: bool = False,
         none: bool = False) -> int | None: ...


def _int(rec: dict[str, Any], key: str, where: str, lo: int, hi: int, *, optional: bool = False,
         none: bool = False) -> int | None:
    if key not in rec:
        if optional:
            return None
        _fail(f"{where}{key}", "missing")
    v = rec[key]
    if v is None and none:
        return None
    if type(v) is not int or not lo <= v <= hi:
        shown = repr(v) if type(v) is int and abs(v) < 10**12 else _tn(v)
        what = "a whole number" if hi >= MAX_SEED else f"a whole number from {lo} to {hi}"
        _fail(f"{where}{key}", f"must be {what}{' or null' if none else ''}, got {shown}")
    return v


@overload
def _str(rec: dict[str, Any], key: str, where: str, *, optional: Literal[False] = False,
         choices: Collection[str] | None = None) -> str: ...
@overload
def _str(rec: dict[str, Any], key: str, where: str, *, optional: bool = False,
         choices: Collection[str] | None = None) -> str | None: ...


def _str(rec: dict[str, Any], key: str, where: str, *, optional: bool = False,
         choices: Collection[str] | None = None) -> str | None:
    if key not in rec:
        if optional:
            return None
        _fail(f"{where}{key}", "missing")
    v = rec[key]
    if not isinstance(v, str):
        _fail(f"{where}{key}", f"must be text, got {_tn(v)}")
    if choices is not None and v not in choices:
        _fail(f"{where}{key}", f"must be one of {', '.join(choices)}, got {v[:40]!r}")
    return v


def _typed(rec: dict[str, Any], key: str, where: str, typ: type | tuple[type, ...], what: str, *,
           optional: bool = False) -> Any:
    if key not in rec:
        if optional:
            return None
        _fail(f"{where}{key}", "missing")
    v = rec[key]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        _fail(f"{where}{key}", f"must be {what}, got {_tn(v)}")
    return v


def _cards_text(v: object, where: str) -> None:
    if not isinstance(v, str):
        _fail(where, f"must be card codes as text, got {_tn(v)}")
    try:
        parse_cards(v)
    except NotationError as e:
        _fail(where, str(e))


def check_record(rec: Any, where: str = "") -> list[Action]:
    """Check the shape of a hand record; raise :class:`RecordError` naming the first bad field.
    Returns the recorded actions, read (``action_from_dict``).

    >>> check_record({'format': FORMAT, 'players': 'three'})
    Traceback (most recent call last):
    ...
    unokit.core.errors.RecordError: players: must be a whole number from 2 to 100, got text
    """
    from ..core.decks import DECKS
    from ..rules import RuleSet
    from .position import MAX_DECKS, MAX_PLAYERS, check_position
    if not isinstance(rec, dict):
        raise RecordError(f"{where or 'record'}: not a hand record (a {_tn(rec)}, not an object)")
    fmt = rec.get("format")
    if fmt != FORMAT:
        shown = repr(fmt[:40]) if isinstance(fmt, str) else _tn(fmt)
        raise RecordError(f"{where}format: not a unokit hand record (format {shown}; expected {FORMAT!r})")
    decks = _int(rec, "decks", where, 1, MAX_DECKS, optional=True) or 1
    players = _int(rec, "players", where, 2, MAX_PLAYERS * MAX_DECKS)
    if players > MAX_PLAYERS * decks:
        _fail(f"{where}players", f"{players} players need more than {decks} deck(s)")
    code = _str(rec, "rules", where)
    try:
        RuleSet.parse(code)
    except RuleCodeError as e:
        _fail(f"{where}rules", str(e))
    _str(rec, "enforcement", where, choices=("strict", "table"))
    _str(rec, "deck", where, optional=True, choices=sorted(DECKS))
    _typed(rec, "include_blanks", where, bool, "true or false", optional=True)
    if "seed" in rec:
        _int(rec, "seed", where, -MAX_SEED, MAX_SEED, none=True)
    chance = _typed(rec, "chance", where, list, "a list of chance outcomes")
    for i, v in enumerate(chance):
        if isinstance(v, str):
            _cards_text(v, f"{where}chance[{i}]")
        elif type(v) is not int or abs(v) > MAX_SEED:
            _fail(f"{where}chance[{i}]", f"must be a shuffled order (card codes) or a whole number, got {_tn(v)}")
    actions = _typed(rec, "actions", where, list, "a list of [time, action] pairs")
    if len(actions) > MAX_ACTIONS:
        _fail(f"{where}actions", f"more than {MAX_ACTIONS} actions")
    read = []
    for i, item in enumerate(actions):
        w = f"{where}actions[{i}]"
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            _fail(w, f"must be a [time, action] pair, got {_tn(item)}")
        t, d = item
        if type(t) not in (int, float) or not math.isfinite(t):
            _fail(f"{w}[0]", f"the time must be a finite number of seconds, got {_tn(t)}")
        try:
            read.append(action_from_dict(d))
        except NotationError as e:
            _fail(f"{w}[1]", str(e))
    _typed(rec, "result", where, dict, "an object (the final state)")
    if "position" in rec:
        pos = _typed(rec, "position", where, dict, "an object")
        for key in ("hands", "discard", "stock", "current", "direction", "color", "pending", "dealer"):
            if key not in pos:
                _fail(f"{where}position.{key}", "missing")
        hands = _typed(pos, "hands", f"{where}position.", list, "a list of hands")
        for i, h in enumerate(hands):
            _cards_text(h, f"{where}position.hands[{i}]")
        _cards_text(pos["discard"], f"{where}position.discard")
        _cards_text(pos["stock"], f"{where}position.stock")
        _str(pos, "color", f"{where}position.")
        if len(hands) != players:
            _fail(f"{where}players", f"{players}, but the position has {len(hands)} hands")
        try:
            check_position(hands, pos["discard"], pos["stock"], current=pos["current"],
                           direction=pos["direction"], color=pos["color"], pending=pos["pending"],
                           enforcement=rec["enforcement"], dealer=pos["dealer"], deck=rec.get("deck", "classic"),
                           decks=decks)
        except PositionError as e:
            _fail(f"{where}position", str(e))
    else:
        setup = _typed(rec, "setup", where, dict, "an object (the deal's set-up)")
        if "dealer_draws" not in setup:
            _int(setup, "dealer", f"{where}setup.", 0, players - 1, optional=True, none=True)
        else:
            _typed(setup, "dealer_draws", f"{where}setup.", list, "a list")
        if rec.get("deck_order") is not None:
            order = _typed(rec, "deck_order", where, list, "a list of card codes")
            for i, c in enumerate(order):
                _cards_text(c, f"{where}deck_order[{i}]")
    return read


def check_match_record(rec: Any, config_fields: Any) -> None:
    """Check the shape of a match record (``Match.record()``) and of every hand record in it; raise
    :class:`RecordError` naming the first bad field. ``config_fields``: the names a match config may
    hold (``unokit.match.check_match_record`` passes them)."""
    from ..core.decks import DECKS
    from .position import MAX_DECKS, MAX_PLAYERS
    if not isinstance(rec, dict):
        raise RecordError(f"not a match record (a {_tn(rec)}, not an object)")
    fmt = rec.get("format")
    if fmt != MATCH_FORMAT:
        shown = repr(fmt[:40]) if isinstance(fmt, str) else _tn(fmt)
        raise RecordError(f"format: not a unokit match record (format {shown}; expected {MATCH_FORMAT!r})")
    cfg = _typed(rec, "config", "", dict, "an object (the match config)")
    known = set(config_fields)
    for k in cfg:
        if k not in known:
            _fail(f"config.{str(k)[:40]}", "unknown field")
    decks = _int(cfg, "decks", "config.", 1, MAX_DECKS, optional=True) or 1
    _int(cfg, "players", "config.", 2, MAX_PLAYERS * decks, optional=True)
    _str(cfg, "rules", "config.", optional=True)
    if cfg.get("mode") is not None:
        _str(cfg, "mode", "config.")
    _int(cfg, "target", "config.", 1, 10**15, optional=True, none=True)
    _int(cfg, "cycles", "config.", 1, 10_000, optional=True)
    _int(cfg, "hands_per_pairing", "config.", 1, 10_000, optional=True, none=True)
    _int(cfg, "seed", "config.", -MAX_SEED, MAX_SEED, optional=True, none=True)
    _str(cfg, "enforcement", "config.", optional=True, choices=("strict", "table"))
    _str(cfg, "deck", "config.", optional=True, choices=sorted(DECKS))
    _str(cfg, "blanks", "config.", optional=True)
    _typed(cfg, "tv_countdown", "config.", bool, "true or false", optional=True)
    _typed(cfg, "team_talk", "config.", bool, "true or false", optional=True)
    _typed(cfg, "show_partners", "config.", bool, "true or false", optional=True)
    hands = _typed(rec, "hands", "", list, "a list of {result, record} objects")
    for i, entry in enumerate(hands):
        w = f"hands[{i}]"
        if not isinstance(entry, dict):
            _fail(w, f"must be an object with 'result' and 'record', got {_tn(entry)}")
        res = _typed(entry, "result", f"{w}.", dict, "an object")
        for key in ("dealt", "void"):
            _typed(res, key, f"{w}.result.", bool, "true or false", optional=True)
        check_record(_typed(entry, "record", f"{w}.", dict, "an object (a hand record)"), f"{w}.record.")
    for key in ("scores", "partnership_scores", "eliminated", "seatings"):
        _typed(rec, key, "", list, "a list", optional=True)
    _typed(rec, "over", "", bool, "true or false", optional=True)


def dumps(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False, indent=1)


def loads(text: str) -> dict[str, Any]:
    """The record written as JSON ``text``; :class:`RecordError` when it is not readable JSON (not text,
    malformed, nested too deeply, numbers too long). Its shape is checked by :func:`replay`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"a record is UTF-8 text; byte {e.start} cannot be read") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {_tn(text)}")
    try:
        rec: dict[str, Any] = json.loads(text)   # (an object, once replay checks its shape)
        return rec
    except RecursionError:
        raise RecordError("the record's JSON is nested too deeply") from None
    except ValueError as e:  # JSONDecodeError, or a number with thousands of digits
        raise RecordError(f"the record is not JSON unokit reads: {e}") from None
