"""The JSON a table sends: per-seat state messages and the lobby's rule catalogue (docs/protocol.md).

Every message a player receives is built here from :meth:`TableSession.view`, which comes from the
one view function (:func:`unokit.engine.view.view_of`): a seat gets its own hand and what it may know, a
spectator (``player=None``) only what is shown to everyone.

>>> from unokit.play.session import TableSession, TableOptions
>>> s = TableSession(TableOptions(seats=2, match=False, bot_think=0, seed=1))
>>> p = s.join("Ana"); s.start(0.0)
>>> msg = state_message(s, p)
>>> msg["type"], len(msg["view"]["hand"]), msg["you"]["name"]
('state', 7, 'Ana')
>>> spectator = state_message(s, None)
>>> spectator["view"]["hand"], spectator["legal"], spectator["you"], spectator["hand_order"]
([], [], None, None)
>>> sorted(msg["hand_order"]["guide"]) == list(range(7))
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from operator import attrgetter
from typing import Any

try:                     # the fast JSON encoder, when installed (a dependency of the package; see _dumps)
    import orjson
except ImportError:      # pragma: no cover - the standard library's encoder does the same, slower
    orjson = None  # type: ignore[assignment]

from ..bots.rl import shipped_models
from ..core.decks import DECKS, build_deck
from ..core.kept import KeptByObject
from ..engine.narrate import SharedLines, describe_pending
from ..engine.view import VIEW_DEFAULTS, own_fields
from ..match import MAX_TABLE_DECKS, SEATS_PER_DECK
from ..rules.catalog import AMBIGUITY_NAMES, GROUPS, RULES, SILENCE_NAMES, TABLE_BOUNDS, VARIATIONS, bounds_of
from ..rules.editions import EDITIONS
from ..rules.ruleset import AMBIGUITY, GLOBAL_PARAMS
from .handorder import place_tuples
from .session import TableSession, bot_names

__all__ = ["state_message", "state_text", "state_update", "state_send", "merge_patch", "merge_log", "catalog_message",
           "view_json", "action_json", "hand_orders", "LOG_LINES", "LANGS"]

LOG_LINES = 60
DISCARD_SHOWN = 8
LANGS = ("en", "pt")


def _codes(cards) -> list[str]:
    return [c.code for c in cards]


def view_json(v) -> dict:
    """A :class:`~unokit.engine.view.PlayerView` as JSON (cards as their codes, colours as letters): what is the
    seat's own (:func:`_own_view`) and what every reader of the same state is shown alike (:func:`_public_view`).

    >>> from unokit.engine.game import Game
    >>> d = view_json(Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9').view(1))
    >>> d["seat"], d["hand"], d["hand_sizes"], d["top"]
    (1, ['G5', 'G6', 'G7'], [2, 3], 'R9')
    """
    return {**_own_view(v), **_public_view(v)}


def _own_view(v) -> dict:
    """The part of a view's JSON that may differ from seat to seat: the hand and what the seat alone was shown."""
    return {
        "seat": v.seat, "hand": _codes(v.hand), "drawn": v.drawn.code if v.drawn is not None else None,
        "silence": v.silence,
        "revealed": [[s, _codes(cards)] for s, cards in v.revealed],
        # UNO Flip: the backs of the other hands
        "backs": [[s, _codes(cards)] for s, cards in v.backs],
        # UNO Flex: each seat's power card (true: green, a flex side may be used)
        "powers": list(v.powers) if v.powers else None,
        # partnership play where partners see each other's hands: [[seat, codes]]
        "partner_hands": [[s, _codes(cards)] for s, cards in v.partner_hands],
        # what a plug-in rule adds to a seat's view under names of its own (its view_extras hook)
        "extras": dict(v.extras),
    }


#: the fields of a PlayerView that :func:`_public_view` reads (and nothing else): views of one state whose
#: values of these are equal are shown alike, so their JSON is built and encoded once (:func:`_view`)
_PUBLIC_FIELDS = ("players", "rules", "hand_sizes", "top", "color", "phase", "discard", "stock_size",
                  "hidden_pile_size", "direction", "dealer", "current", "to_act", "pending", "uno_said", "catchable",
                  "wrong_plays", "open_claim", "winner", "eliminated", "stock_top", "open_hands", "side",
                  "stock_back")
_public_values = attrgetter(*_PUBLIC_FIELDS)
_NAME_OF = attrgetter("name")


def _public_view(v) -> dict:
    """The part of a view's JSON that the rules show every seat alike (read from :data:`_PUBLIC_FIELDS` only)."""
    return {
        "players": v.players, "rules": v.rules, "hand_sizes": list(v.hand_sizes),
        "top": v.top.code,
        "color": v.color.letter if v.color is not None and v.phase != "COLOR" else None,   # not named yet
        "discard": _codes(v.discard[-DISCARD_SHOWN:]), "discard_size": len(v.discard),
        "stock_size": v.stock_size, "hidden_pile_size": v.hidden_pile_size,
        "direction": v.direction, "dealer": v.dealer, "current": v.current, "to_act": v.to_act,
        "phase": v.phase, "pending": v.pending,
        "uno_said": list(v.uno_said), "catchable": list(v.catchable),
        "wrong_plays": [[seq, s, _codes(cards)] for seq, s, cards in v.wrong_plays],
        "open_claim": list(v.open_claim) if v.open_claim else None,
        "winner": v.winner, "eliminated": list(v.eliminated),
        "stock_top": v.stock_top.code if v.stock_top is not None else None,
        "open_hands": [[s, _codes(cards)] for s, cards in v.open_hands],
        # UNO Flip: the side in play and the back of the draw pile's top card
        "side": v.side or None,
        "stock_back": v.stock_back.code if v.stock_back is not None else None,
    }


def _public_part(s: TableSession, v) -> tuple[dict, str]:
    """The public part of ``v``'s JSON and its encoded text, built and encoded once per change of the table
    and shared by every reader's message: kept on the session under the change (its version, hand and game)
    with the values it was read from, and used for a view only when that view's values are equal, so a view
    that shows something else, or a state that changed, is never sent another's."""
    values = _public_values(v)
    key = (s.version, s.hand_no, id(s.game))
    kept = s.narrated.get(_VIEW)
    if kept is None or kept[0] != key or kept[1] != values:
        public = _public_view(v)
        kept = s.narrated[_VIEW] = (key, values, public, _dumps(public)[1:-1])
    return kept[2], kept[3]


#: the fields of a PlayerView that :func:`_own_view` reads (and nothing else): each is among those
#: :func:`~unokit.engine.view.own_fields` gives, the values of a connection's own key (:func:`_own_key`)
_OWN_FIELDS = ("seat", "hand", "drawn", "silence", "revealed", "backs", "powers", "partner_hands", "extras")


def _own_key(s: TableSession, player, seat, lang: str, host, own: dict | None) -> tuple | None:
    """What a reader's own part of a state message (``you``, its view's own part, ``hand_order``, ``legal``,
    ``actions``) is made from, told without building its view, or ``None`` when that cannot be told without
    building it (the reader may act now: its legal actions would have to be listed). Two states with equal
    keys give equal own parts: the legal list of a reader with a key is empty (:meth:`TableSession.may_act`),
    the rest is read from the view's own fields ``own`` (:func:`~unokit.engine.view.own_fields`: every one of
    :data:`_OWN_FIELDS` that is not at its default; ``None`` without a hand)."""
    if player is not None and s.may_act(player):
        return None
    you = None if player is None else (player, seat, s.seats[player].name, bool(host))
    return lang, you, own


@lru_cache(maxsize=4096)
def _orders(hand: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return place_tuples(hand)


def hand_orders(hand) -> dict:
    """The places of a hand's cards (indices into ``hand``, card codes) in each order a page may show
    them: ``guide``, the order the guide recommends, and ``colour``, by colour
    (:mod:`unokit.play.handorder`, the one statement of both).

    >>> hand_orders(["B4", "Y1", "W+4", "G1", "B3", "Y3"])      # G1 Y1 Y3 B3 B4 W+4
    {'guide': [3, 1, 5, 4, 0, 2], 'colour': [1, 5, 3, 4, 0, 2]}
    """
    guide, colour = _orders(tuple(hand))
    return {"guide": list(guide), "colour": list(colour)}


def action_json(a) -> dict:
    """An action as the protocol writes it in ``actions`` and ``options``: its dict, ``text`` and ``more``."""
    d = a.to_dict()
    d["text"] = str(a)
    if a.more:
        d["more"] = a.more
    return d


@lru_cache(maxsize=8192)
def _action_dict(a, text: str) -> dict:
    """:func:`action_json` of the action ``a`` whose text is ``text``, once per action (actions are frozen
    values; keyed by the text too, so that equal actions written otherwise are not confused): the dict is
    shared by every message that lists the action, read-only."""
    return action_json(a)


def _listed(a) -> tuple[str, dict]:
    """An action's text and JSON (:func:`_action_dict`)."""
    text = str(a)
    try:
        return text, _action_dict(a, text)
    except TypeError:        # (an action that is not hashable: built each time)
        return text, action_json(a)


#: each action object listed lately, with its text and JSON: the referee lists the very same action objects again
#: and again (its plays are memoized), so most of a listing is read from here without hashing or writing an action
_LISTED_MAX = 8192
_LISTED: KeptByObject[tuple[str, dict]] = KeptByObject(_listed, limit=_LISTED_MAX)


def _actions(legal) -> tuple[list[str], list[dict]]:
    """The ``legal`` and ``actions`` of a state message: each action's text and JSON (:func:`_listed`)."""
    listed = _LISTED.each(legal)
    return [text for text, _ in listed], [d for _, d in listed]


def state_message(s: TableSession, player: int | None, lang: str = "en", *, now: float | None = None,
                  host: bool = False, seen: tuple | None = None) -> dict:
    """What ``player`` (``None``: a spectator) is sent after every change of the table (``host``: the
    player created the table and may seat bots and start it).

    Its ``log`` holds the hand's last LOG_LINES lines for this reader, ``log_at`` the number of the first
    (counted from the hand's first line); with ``seen``, the log mark of what a connection was sent last
    (:func:`state_update`), only the lines it does not hold as they are now (see :func:`merge_log`).

    What every reader is sent alike (seats, match, options, chat..., and the public part of the view:
    piles, hand sizes, turn) is built once per change and shared by the messages of that change: treat a
    message as read-only below its top level and its view's."""
    return _state(s, player, lang, now, host, seen)[0]


def state_text(s: TableSession, player: int | None, lang: str = "en", *, now: float | None = None,
               host: bool = False) -> tuple[dict, str]:
    """:func:`state_message` and its JSON text (compact, as a WebSocket's ``send_json`` writes it); the
    parts every reader shares (:func:`_common`, the public part of the view) are encoded once per change of
    the table, and each reader's own part is encoded between them."""
    return state_update(s, player, lang, now=now, host=host)[:2]


def state_send(s: TableSession, player: int | None, lang: str = "en", *, now: float | None = None,
               host: bool = False, seen: tuple | None = None, own: tuple | None = None
               ) -> tuple[dict, str, tuple | None, tuple | None]:
    """:func:`state_update` for a connection that takes patches (docs/protocol.md, "State patches"), whose
    last message left it the log mark ``seen`` and the own key ``own`` (``None``: send the whole message):
    the message, its text, the new log mark and the new own key, to pass as ``own`` next time.

    When the reader's own part is surely what that connection holds (its key is ``own``: :func:`_own_key`),
    the message is a ``patch``: the state message without ``you``, ``legal``, ``actions`` and
    ``hand_order``, its view only the public part; what every such reader is sent alike was encoded once
    per change, and the reader's own part is neither built nor encoded. :func:`merge_patch` gives the
    whole message back.

    >>> from unokit.play.session import TableSession, TableOptions
    >>> s = TableSession(TableOptions(seats=2, match=False, bot_think=0, seed=3))
    >>> p, _ = s.join("Ana"), s.join("Bia"); s.start(0.0)
    >>> msg, _, mark, own = state_send(s, None)
    >>> msg["type"], own is not None
    ('state', True)
    >>> patch, text, mark, own = state_send(s, None, seen=mark, own=own)
    >>> patch["type"], "legal" in patch, merge_patch(msg, patch) == state_message(s, None)
    ('patch', False, True)
    """
    msg, common, mark, own_view, public_text, key = _state(s, player, lang, now, host, seen, own, True)
    if own_view is _PATCH:
        return msg, _patch_text(s, msg, common, public_text), mark, key
    return (*_text(msg, common, mark, own_view, public_text), key)


def _patch_text(s: TableSession, msg: dict, common: dict, public_text: str) -> str:
    """The text of the patch ``msg``: what it holds of its own (:data:`_PATCH_OWN`), then the shared parts as
    they were encoded once per change. Patches of one change that are alike (the same log lines from the same
    number, the same pending text: readers in one language whom the new events do not name) are encoded
    once, kept on the session under the change's common part."""
    kept = s.narrated.get(_PATCHES)
    if kept is None or kept[0] is not common:
        kept = s.narrated[_PATCHES] = (common, {})
    texts: dict[tuple, str] = kept[1]
    key = (msg["log_at"], tuple(msg["log"]), msg["pending_text"], None if msg["view"] is None else public_text)
    text = texts.get(key)
    if text is None:
        head = _dumps({k: msg[k] for k in _PATCH_OWN})[:-1]
        view = ',"view":null,' if msg["view"] is None else ',"view":{' + public_text + "},"
        text = texts[key] = head + view + _common_text(common)[len(_STATE_TYPE):]
    return text


def merge_patch(held: dict, patch: dict) -> dict:
    """The whole state message a client holds after ``patch`` (a ``patch`` message, :func:`state_send`), from
    the state message ``held`` it held before: the patch's fields replace those held, its view's fields
    those of the view held; ``you``, ``legal``, ``actions``, ``hand_order`` and the view's own part stay.
    The log is merged as ever (:func:`merge_log`).

    >>> merge_patch({"type": "state", "legal": ["0 draw"], "view": {"hand": ["R1"], "top": "G2"}},
    ...             {"type": "patch", "view": {"top": "G3"}})
    {'type': 'state', 'legal': ['0 draw'], 'view': {'hand': ['R1'], 'top': 'G3'}}
    """
    out = {**held, **patch, "type": "state"}
    if patch.get("view") is not None and held.get("view") is not None:
        out["view"] = {**held["view"], **patch["view"]}
    return out


def state_update(s: TableSession, player: int | None, lang: str = "en", *, now: float | None = None,
                 host: bool = False, seen: tuple | None = None) -> tuple[dict, str, tuple | None]:
    """The state message for a connection whose last state message left it the log mark ``seen``
    (``None``: none yet), its JSON text (as :func:`state_text`) and the connection's new log mark, to
    pass as ``seen`` next time.

    A log mark is ``(hand_no, lang, epoch, final, total)``: which narration of the hand the reader was
    told (its :class:`~unokit.engine.narrate.Narration`'s epoch), how many of its lines were final and
    how many there were; ``None`` before the first hand. The message's ``log`` starts at the mark's
    ``final`` when the narration is still that one, and is the whole window otherwise (a first message,
    another hand, another language, a narration told anew) or when the connection could not place the
    lines (docs/protocol.md, "The log, sent in parts").

    >>> from unokit.play.session import TableSession, TableOptions
    >>> s = TableSession(TableOptions(seats=2, match=False, bot_think=0, seed=3))
    >>> p, _ = s.join("Ana"), s.join("Bia"); s.start(0.0)
    >>> msg, _, mark = state_update(s, p)
    >>> msg["log_at"], msg["log"] == state_message(s, p)["log"]
    (0, True)
    >>> held = merge_log(None, msg)
    >>> for t in (0.1, 0.2, 0.3):
    ...     q = s.player_at(s.game.to_act)
    ...     _ = s.act(q, next(a for a in s.legal(q) if not a.more), t)
    ...     msg, _, mark = state_update(s, p, seen=mark)
    ...     held = merge_log(held, msg)
    >>> msg["log_at"] > 0, len(msg["log"]) < len(held[2]), held[2] == state_message(s, p)["log"]
    (True, True, True)
    """
    return _text(*_state(s, player, lang, now, host, seen)[:5])


def _common_text(common: dict) -> str:
    """The encoded text of the part every reader shares (:func:`_common`), encoded once per change."""
    text = common.get(_TEXT)
    if text is None:
        text = common[_TEXT] = _dumps({k: common[k] for k in _COMMON})[1:]
    return text


def _text(msg: dict, common: dict, mark, own: tuple | None, public_text: str) -> tuple[dict, str, tuple | None]:
    """A whole state message with its text: the reader's own part, its view's own part (``own``: it and its
    encoded text, :func:`_own_part`), then the shared parts as they were encoded once per change."""
    text = _common_text(common)
    head = _dumps({"you": msg["you"], "legal": msg["legal"], "actions": msg["actions"], "log": msg["log"],
                   "log_at": msg["log_at"], "pending_text": msg["pending_text"], "hand_order": msg["hand_order"]})[:-1]
    if own is None:
        return msg, head + ',"view":null,' + text, mark
    return msg, head + ',"view":{' + own[1] + "," + public_text + "}," + text, mark


def merge_log(held: tuple | None, msg: dict, keep: int = LOG_LINES) -> tuple[int | None, int, list[str]]:
    """What a client holds of the hand's log after the state message ``msg``: ``(hand_no, at, lines)``
    (``hand_no`` None for a message without one), ``at`` the number of ``lines[0]``, from what it held
    before (``held``, or ``None``). The lines it holds from ``log_at`` on give way to ``log``, and the
    last ``keep`` are kept; a message it cannot place (another hand, or ``log_at`` outside what it holds)
    replaces them (docs/protocol.md).

    >>> merge_log(None, {"hand_no": 1, "log_at": 0, "log": ["a", "b"]})
    (1, 0, ['a', 'b'])
    >>> merge_log((1, 0, ["a", "b"]), {"hand_no": 1, "log_at": 1, "log": ["B", "c"]}, keep=2)
    (1, 1, ['B', 'c'])
    >>> merge_log((1, 0, ["a", "b"]), {"hand_no": 2, "log_at": 0, "log": ["x"]})
    (2, 0, ['x'])
    """
    hand, at, log = msg.get("hand_no"), msg.get("log_at") or 0, list(msg.get("log") or ())
    if held is not None and held[0] == hand and held[1] <= at <= held[1] + len(held[2]):
        log = held[2][:at - held[1]] + log
        at = held[1]
    if len(log) > keep:
        at += len(log) - keep
        del log[:len(log) - keep]
    return hand, at, log


_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _dumps(obj) -> str:
    """``obj`` as compact JSON text, not ASCII-escaped, as a WebSocket's ``send_json`` writes it; by orjson
    (about ten times faster) when it is installed, which may spell a number differently (``1e-05`` as
    ``0.00001``) but never changes what it reads as; by the standard library otherwise.

    >>> _dumps({"a": [1, None, "é"], "b": 0.5})
    '{"a":[1,null,"é"],"b":0.5}'
    """
    if orjson is not None:
        try:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:       # (orjson.JSONEncodeError: an integer over 64 bits, say): as the standard library does
            pass
    return _encode(obj)


# the keys of a state message that are the same for every reader (built once per change: _common)
_COMMON = ("type", "version", "status", "hand_no", "rules", "options", "seats", "turn_left", "between_left",
           "match", "chat", "fair")
_PATCH_OWN = ("type", "log_at", "log", "pending_text")     # (what a patch holds beside the shared parts)
_STATE_TYPE = '"type":"state",'    # (how the common part's text starts: a patch's gives way to its own)
_PATCH = object()    # (_state's own view for a patch: none built)
_TEXT = "\0text"     # (the encoded common part, kept beside it)
_PATCH_BASE = "\0patch"    # (what every patch of the change holds of the common part, kept beside it)
_VIEW = "\0view"     # (the public part of the views of the last change, kept on the session: _view)
_LINES = "\0lines"   # (with a language: the lines its readers share, kept on the session: _log_lines)
_LINES_OF = {lang: (_LINES, lang) for lang in LANGS}     # (the keys of each language's lines)
_NAMES = "\0names"   # (the seats' names of the last change: _state)
_PATCHES = "\0patches"   # (the texts of the patches of the last change, by what they hold: _patch_text)
_OWN = "\0own"         # (with a player: its own part of the view as last built: _own_part)
_OPTIONS = "\0options"   # (the options as shown, kept for the match: _options)
_MATCH = "\0match"       # (the standings as shown, kept while what they read stays: _match)


def _common(s: TableSession, v, now) -> dict:
    """The part of every reader's state message that is the same for all, built once per change (kept
    on the session while its version, time and status stay)."""
    key = (s.version, now, s.status, s.hand_no, len(s.chat), len(s.results), s.game is not None)
    kept = s.narrated.get(_COMMON)
    if kept is not None and kept[0] == key:
        return kept[1]
    turn_left = between_left = None
    if now is not None:
        deadline = s.turn_deadline()
        if deadline is not None:
            turn_left = round(max(0.0, deadline - now), 1)
        if s.between_until is not None:
            between_left = round(max(0.0, s.between_until - now), 1)
    common = {"type": "state", "version": s.version, "status": s.status, "hand_no": s.hand_no,
              "rules": s.options.rules, "options": _options(s), "seats": _seats(s, v, now),
              "turn_left": turn_left, "between_left": between_left, "match": _match(s),
              "chat": [[t, p, s.seats[p].name, text] for t, p, text in s.chat[-20:]],
              "fair": s.fair_state()}      # the deal's commitment (its salt once the hand is over): unokit.play.fairness
    s.narrated[_COMMON] = (key, common)
    return common


def _state(s: TableSession, player, lang, now, host, seen=None, own=None, patches=False
           ) -> tuple[dict, dict, tuple | None, Any, str, tuple | None]:
    """The message, the part every reader shares (:func:`_common`), the new log mark, the view's own part
    with the encoded text of its public part (:func:`_view`; ``None`` and ``""`` without a hand), and with
    ``patches`` the reader's own key (:func:`_own_key`): when it is ``own``, the message is a patch and the
    view's own part :data:`_PATCH` (:func:`state_send`)."""
    lang = lang if lang in LANGS else "en"
    seat = s.seat_of(player) if player is not None else None
    fields = key = None
    if patches:
        fields = own_fields(s.game, seat) if s.game is not None else None    # (the view's own, of this state)
        key = _own_key(s, player, seat, lang, host, fields)
    if key is not None and key == own:       # a patch: the reader's own view is not built (the shared one serves)
        v = s.shared_view()
        c = _common(s, v, now)
        msg, mark, public_text = _patch(s, v, c, seat, lang, seen)
        return msg, c, mark, _PATCH, public_text, key
    # the reader's view: its own part from its own fields (kept per player while they stay: the seat to act was
    # sent them unchanged), the public part every reader's (of the one spectator's view of this state)
    v = s.shared_view()
    c = _common(s, v, now)
    you = None
    if player is not None:
        you = {"player": player, "seat": seat, "name": s.seats[player].name, "host": bool(host)}
    own_part, public_text, view, orders = None, "", None, None
    if v is not None:
        if fields is None:
            fields = own_fields(s._hand(), seat)
        own_view, own_text, orders = _own_part(s, player, fields)
        own_part = (own_view, own_text)
        public, public_text = _public_part(s, v)
        view = {**own_view, **public}
    msg = {
        "type": "state", "version": c["version"], "status": c["status"], "hand_no": c["hand_no"],
        "rules": c["rules"], "options": c["options"], "you": you,
        "seats": c["seats"], "view": view,
        "legal": [], "actions": [], "log": [], "log_at": 0, "pending_text": None,
        "turn_left": c["turn_left"], "between_left": c["between_left"], "hand_order": None,
        "match": c["match"], "chat": c["chat"], "fair": c["fair"],
    }
    mark = None
    if v is not None:
        if seat is not None:
            msg["hand_order"] = orders
        mark = _told(s, v, seat, lang, seen, msg)
        if seat is not None and s.status == "playing" and s.may_act(player):   # (else surely none: not listed)
            msg["legal"], msg["actions"] = _actions(s.legal(player))
    return msg, c, mark, own_part, public_text, key


def _own_part(s: TableSession, player, fields: dict) -> tuple[dict, str, dict | None]:
    """A reader's own part of its view's JSON (:func:`_own_view`), its encoded text and its hand's orders
    (:func:`hand_orders`; None without a seat), from its view's own fields ``fields``
    (:func:`~unokit.engine.view.own_fields`, which are all that part reads): kept on the session for the player
    while the fields stay equal (a seat sent patches, then its whole state when it may act, shows the same)."""
    where = (_OWN, player)
    kept = s.narrated.get(where)
    if kept is not None and kept[0] == fields:
        return kept[1], kept[2], kept[3]
    own_view = _own_view(_OwnFields({**_OWN_DEFAULTS, **fields}))
    orders = hand_orders(own_view["hand"]) if fields.get("seat") is not None else None
    s.narrated[where] = (fields, own_view, _dumps(own_view)[1:-1], orders)
    return own_view, s.narrated[where][2], orders


class _OwnFields:
    """A view's own fields read as a view's attributes (what :func:`_own_view` reads)."""

    def __init__(self, fields: dict) -> None:
        self.__dict__.update(fields)


#: the default of each own field a view may leave out (those without one are always given: seat, hand...)
_OWN_DEFAULTS = {name: VIEW_DEFAULTS[name] for name in _OWN_FIELDS if name in VIEW_DEFAULTS}


def _patch(s: TableSession, v, c: dict, seat, lang, seen) -> tuple[dict, tuple | None, str]:
    """A patch (:func:`state_send`), the new log mark and the encoded text of the view's public part."""
    base = c.get(_PATCH_BASE)
    if base is None:
        base = c[_PATCH_BASE] = {"type": "patch", **{k: c[k] for k in _COMMON[1:]}}
    msg = {**base, "view": None, "log": [], "log_at": 0, "pending_text": None}
    mark, public_text = None, ""
    if v is not None:
        msg["view"], public_text = _public_part(s, v)
        mark = _told(s, v, seat, lang, seen, msg)
    return msg, mark, public_text


def _told(s: TableSession, v, viewer, lang, seen, msg: dict) -> tuple:
    """Put into ``msg`` what the reader is told of the hand (``log_at``, ``log``, ``pending_text``); the new log
    mark."""
    kept = s.narrated.get(_NAMES)       # (the seats' names: once per change)
    if kept is None or kept[0] != s.version or kept[1] != s.hand_no:
        kept = s.narrated[_NAMES] = (s.version, s.hand_no, tuple(s.names()))
    names = kept[2]
    msg["log_at"], msg["log"], mark = _log_lines(s, v, viewer, names, lang, seen)
    if v.pending:
        msg["pending_text"] = describe_pending(v, viewer, names, lang)
    return mark


def _log_lines(s: TableSession, v, viewer, names, lang, seen) -> tuple[int, list[str], tuple]:
    """``(log_at, log, mark)``: the hand's last LOG_LINES lines for this reader, skips included ("You are
    skipped"), from the first that a connection which was sent the mark ``seen`` does not hold as it is
    now; the number of the first; the new mark (:func:`state_update`). The readers in one language share
    the lines of the events that do not name them (:class:`~unokit.engine.narrate.SharedLines`, one per hand
    and language, kept on the session) and one course of the hand (:class:`~unokit.engine.course.Course`,
    as :class:`~unokit.engine.narrate.Narration` tells it): the history is followed once per change for all
    of them, each event told once, and a reader's own lines only for the events that name it; a reader sent
    only lines told to every reader alike walks nothing of its own."""
    names = tuple(names)
    where = _LINES_OF[lang]
    book = s.narrated.get(where)
    start = (v.players, v.deal_direction, v.dealer)     # (how the hand's course starts: one course a hand)
    if book is None or book[0] != s.hand_no or book[1] != names or book[3] != start:
        shared = SharedLines(names, lang)
        book = s.narrated[where] = (s.hand_no, names, shared, start,
                                    shared.course(v.players, v.deal_direction, (), v.dealer, LOG_LINES))
    tell = book[4]
    first = tell.first(v.history)      # the number of the window's first line
    mark = (s.hand_no, lang, tell.epoch, tell.final, tell.total)
    # The connection holds the window of its last message, the lines seen[4] - LOG_LINES to seen[4] of the same
    # narration (epoch): those before seen[3] are final, so it is sent the lines from there on; unless its
    # window starts after this one's (the last lines were told again shorter): then the whole window.
    same = seen is not None and seen[:3] == mark[:3] and seen[4] - LOG_LINES <= first
    at, lines = tell.lines_from(v.history, viewer, seen[3] if same else first)
    return at, lines, mark


def _options(s: TableSession) -> dict:
    """The table's options as a message shows them: built once per match (they change with nothing else)."""
    kept = s.narrated.get(_OPTIONS)
    if kept is not None and kept[0] is s.match and kept[1] is s.options:
        return kept[2]
    out = _options_of(s)
    s.narrated[_OPTIONS] = (s.match, s.options, out)
    return out


def _options_of(s: TableSession) -> dict:
    o = s.options
    config = s.match.config if s.match else o.match_config(0)
    return {"seats": o.seats, "match": o.match, "mode": config.mode, "target": config.target, "turn_timer": o.turn_timer,
            "uno_grace": o.uno_grace, "bot_think": o.bot_think, "away_delay": o.away_delay,
            "between_hands": o.between_hands, "deck": o.deck, "decks": o.decks,
            "blanks": config.ruleset.param("blanks")}   # the rule on each blank card (unokit.rules.blanks)


def _seats(s: TableSession, v, now) -> list[dict]:
    out = []
    order = s.seat_players() if s.game is not None else tuple(range(s.n))
    for seat, p in enumerate(order):
        st = s.seats[p]
        d = {"seat": seat if s.game is not None else None, "player": p, "name": st.name, "kind": st.kind,
             "bot": st.bot, "connected": st.connected,
             "away": bool(now is not None and s.is_away(p, now)), "cards": None, "uno": False,
             "standin": st.standin, "removed": st.removed,      # the host handed the seat to a bot / removed the person
             "catchable": False, "grace": None}
        if v is not None:
            d["cards"] = v.hand_sizes[seat]
            d["uno"] = v.uno_said[seat]
            d["catchable"] = seat in v.catchable
            if seat in s.grace and now is not None:
                d["grace"] = round(max(0.0, s.grace[seat] - now), 1)
        out.append(d)
    return out


def _side(side) -> list[int]:
    return list(side) if isinstance(side, tuple) else [side]


def _match(s: TableSession) -> dict | None:
    """The match's standings as a message shows them: built again only when a hand is scored, the match ends
    or a seat's name changes (kept on the session with what it was read from)."""
    m = s.match
    if m is None:
        return None
    key = (m, len(s.results), len(m.history), m.over, tuple(map(_NAME_OF, s.seats)), s.options.match)
    kept = s.narrated.get(_MATCH)
    if kept is not None and kept[0] == key:
        return kept[1]
    out = _match_of(s, m)
    s.narrated[_MATCH] = (key, out)
    return out


def _match_of(s: TableSession, m) -> dict:
    def name(p):
        return s.seats[p].name

    scores = [{"players": _side(side), "names": [name(p) for p in _side(side)], "points": pts}
              for side, pts in m.scores.items()]
    last = None
    if s.results:
        r = s.results[-1]
        last = {"number": r.number + 1, "winner": r.winner, "winner_name": name(r.winner) if r.winner is not None else None,
                "held": {str(p): pts for p, pts in r.held.items()},
                "gains": [[_side(side), pts] for side, pts in r.gains.items()],
                "eliminated": list(r.eliminated)}
    winner = m.winner
    if winner is None and not s.options.match and s.results:   # a single hand: its winner
        winner = s.results[0].winner
    return {"mode": m.mode, "target": m.target, "hands": len(s.results), "scores": scores, "over": m.over,
            "winner": _side(winner) if winner is not None else None, "last": last,
            "eliminated": list(m.eliminated)}


# ---------------------------------------------------------------------------------------- the lobby
def _names(info) -> tuple[str, str]:
    """(Portuguese, English) names of a rule: the catalogue writes guide rules as 'Português (English)'."""
    full = info.name
    if info.code in PT_NAMES:
        return PT_NAMES[info.code], EN_NAMES.get(info.code, full)
    if info.code in EN_NAMES:
        return full.split("(")[0].strip(), EN_NAMES[info.code]
    if "(" in full and full.endswith(")"):
        pt, en = full[:-1].split("(", 1)
        return pt.strip(), en.strip()
    return full, full


#: Portuguese names of the rules the guide does not name (other seeds and engines).
PT_NAMES = {
    "SEVENO": "Sete-Zero (Mattel)", "JUMPIN": "Jump-In (Mattel)", "ADDUP": "Some os números",
    "ZEROLEFT": "0 passa as mãos à esquerda", "FORCE": "Jogada obrigatória", "DRAWPLAY": "Jogue a carta comprada",
    "LIMIT": "Limite de cartas na mão", "OPEN": "Mãos abertas", "BOMB": "Bomba", "REVENGE": "Vingança",
    "DOUBLE": "Pontos em dobro", "NOCHALLENGE": "Sem desafio", "BLITZ": "Blitz (tempo de jogo)",
    "WILDSTART": "Curinga Compre Quatro como primeira carta", "DEFLECT": "Desvio",
    "SHUFFLESEATS": "Lugares sorteados", "ELIMMOST": "Elimina quem tem mais cartas",
    "SLOWUNO": "UNO cobrado até o fim do turno seguinte",
}


#: English names where the catalogue gives the guide's Portuguese only (or one name for a family).
EN_NAMES = {
    "MS2": "sudden death with protection", "MS3": "sudden death with a lock", "AA": "first arithmetic",
    "AB": "second arithmetic", "P1": "pass 1 (stack +2 on +2)", "P2": "pass 2 (+2 on +2, +4 on +4)",
    "P3": "pass 3 (+4 also on +2)", "P4": "pass 4 (any draw card on any)", "I": "hell", "DAD": "die",
    "CHU": "Chukcki (change colour on the third)", "FU": "Flash UNO (4 cards)", "BU": "Battlefield UNO (9 cards)",
}
SILENCE_PT = {"PP": "penalidade progressiva: uma carta por palavra", "T": "temporário: dura uma rodada",
              "U": "dizer UNO é permitido", "SE": "específico: só uma palavra é proibida",
              "SS": "sombrio: proibido rir"}


def catalog_message() -> dict:
    """Everything the lobby's rule picker shows: every code grouped as the guide groups them, with its
    parameters and bounds, conflicts and needs; the ambiguity digits; table parameters; the ready-made
    variations; the decks a table may be dealt from (those of no edition: an edition's comes with its code)
    and how many may be shuffled together; the bots, and the tables ``rl`` was trained for."""
    rules = []
    for info in RULES:
        pt, en = _names(info)
        params = []
        for pname, b in bounds_of(info.code).items():
            default = info.card if pname == "card" else info.params.get(pname)
            params.append({"name": pname, "default": default, "kind": b.kind, "lo": b.lo, "hi": b.hi,
                           "choices": list(b.choices), "about": b.describe()})
        rules.append({"code": info.code, "name_pt": pt, "name_en": en, "summary": info.summary,
                      "section": info.section, "family": info.family, "conflicts": list(info.conflicts),
                      "needs": list(info.needs), "params": params, "implemented": info.implemented,
                      "group": _group_of(info)})
    return {
        "type": "catalog",
        "groups": [{"key": k, "name_pt": pt, "name_en": en} for k, pt, en, _ in GROUPS],
        "rules": rules,
        "ambiguity": [{"letter": letter, "name_en": what, "name_pt": AMBIGUITY_NAMES[letter],
                       "options": {str(d): text for d, text in opts.items()}, "default": 1}
                      for letter, what, opts in AMBIGUITY],
        "table_params": [{"name": k, "default": GLOBAL_PARAMS[k], "about": b.describe(), "kind": b.kind,
                          "lo": b.lo, "hi": b.hi, "choices": list(b.choices)} for k, b in TABLE_BOUNDS.items()],
        "variations": [{"code": f"UNO {code}", "group": g, "about": about} for code, (g, about) in VARIATIONS.items()],
        "silence": [{"suffix": k, "name_en": v, "name_pt": SILENCE_PT[k]} for k, v in SILENCE_NAMES.items()],
        "editions": [{"code": f"UNO {e.code}", "deck": e.deck, "players": list(e.players), "name_en": e.name,
                      "name_pt": e.name_pt} for e in EDITIONS.values()],
        "decks": [{"name": name, "about": spec.description, "cards": len(build_deck(name)), "source": spec.source,
                   "blanks": spec.blanks}     # blank cards a deck (a table writes a rule on each: blanks=)
                  for name, spec in DECKS.items() if name not in {e.deck for e in EDITIONS.values()}],
        "deck_count": {"default": 1, "lo": 1, "hi": MAX_TABLE_DECKS, "seats_per_deck": SEATS_PER_DECK},
        "bots": bot_names(),
        # the tables the learned bot ``rl`` has a model for; elsewhere it plays as the strategist
        "rl_models": [{"rules": m.rules, "players": m.players} for m in shipped_models()],
    }


def _group_of(info) -> str:
    for key, _, _, codes in GROUPS:
        if info.code in codes or info.family in codes:
            return key
    return "other"

