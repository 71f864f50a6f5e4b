"""A state message's JSON text (``wire.state_text``): the same message as ``state_message``, its shared part
built and encoded once per change, and the hub sending that text to WebSockets."""

from __future__ import annotations

import asyncio
import json
import random

from unokit.play.session import TableOptions, TableSession
from unokit.play.web.hub import Conn, Hub, Runtime
from unokit.play.web.store import Store
from unokit.play.wire import merge_log, state_message, state_text, state_update


def _table(seed=7, seats=4) -> TableSession:
    s = TableSession(TableOptions(seats=seats, match=True, bot_think=0, seed=seed, uno_grace=0, between_hands=0))
    for i in range(seats):
        s.join(f"P{i}")
    s.start(0.0)
    return s


def _step(s, rng, t: float) -> float:
    """One move of the seat to act (or the wait between hands); the table's time after it."""
    if s.status != "playing":
        s.tick(t + 1)
        return t + 1
    p = s.player_at(s.game.to_act)
    s.act(p, rng.choice([a for a in s.legal(p) if not a.more]), t)
    return t + 0.1


def test_state_text_is_the_state_message_for_every_reader_as_the_game_goes_on():
    s, rng, t = _table(), random.Random(7), 0.0
    for _ in range(120):
        t = _step(s, rng, t)
        for player in (0, 1, 2, 3, None):
            for lang in ("en", "pt"):
                msg, text = state_text(s, player, lang, now=t, host=player == 0)
                assert json.loads(text) == msg == state_message(s, player, lang, now=t, host=player == 0)


def test_state_update_is_the_state_message_with_the_log_lines_a_connection_does_not_hold():
    s, rng, t = _table(), random.Random(8), 0.0
    seen: dict = {}
    for _ in range(120):
        t = _step(s, rng, t)
        for player in (0, 3, None):
            for lang in ("en", "pt"):
                mark, held = seen.get((player, lang), (None, None))
                msg, text, new = state_update(s, player, lang, now=t, seen=mark)
                assert json.loads(text) == msg == state_message(s, player, lang, now=t, seen=mark)
                whole = state_message(s, player, lang, now=t)
                assert {k: x for k, x in msg.items() if k not in ("log", "log_at")} == \
                       {k: x for k, x in whole.items() if k not in ("log", "log_at")}
                held = merge_log(held, msg)
                assert held == (whole["hand_no"], whole["log_at"], whole["log"])
                seen[player, lang] = new, held


def test_what_every_reader_is_sent_alike_is_built_once_per_change():
    s = _table()
    a, b = state_message(s, 0, now=1.0), state_message(s, 1, "pt", now=1.0)
    assert a["seats"] is b["seats"] and a["match"] is b["match"]
    assert a["view"]["hand"] != b["view"]["hand"] and a["you"] != b["you"]
    p = s.player_at(s.game.to_act)
    s.act(p, next(x for x in s.legal(p) if not x.more), 1.5)
    c = state_message(s, 0, now=1.5)
    assert c["seats"] is not a["seats"] and c["version"] == a["version"] + 1


class _Socket:
    """Stands for a Starlette WebSocket: ``send_json`` encodes, ``send_text`` sends as it is."""

    def __init__(self):
        self.texts: list[str] = []

    async def send_json(self, data):
        self.texts.append(json.dumps(data))

    async def send_text(self, text):
        self.texts.append(text)


def test_the_hub_sends_a_websocket_the_encoded_text_and_other_senders_the_message():
    s = _table()
    rt = Runtime("ABCDEF", s, 0.0, saved=len(s.log))
    ws, got = _Socket(), []

    async def collect(msg):
        got.append(msg)

    rt.conns = {Conn(send=ws.send_json, send_text=ws.send_text, player=0), Conn(send=collect, player=0)}
    asyncio.run(Hub(Store("sqlite://")).broadcast(rt))
    assert len(ws.texts) == 1 and len(got) == 1
    assert json.loads(ws.texts[0]) == got[0] and got[0]["you"]["player"] == 0
    assert ws.texts[0].startswith("{") and ", " not in ws.texts[0][:40]     # compact, as send_json writes it


def test_a_listing_read_from_the_kept_actions_equals_one_written_afresh_and_the_kept_actions_stay_bounded():
    """Issue 24, point 3: the legal actions of a message are read by object from ``wire._LISTED`` (the referee
    lists the same objects again); every listing equals the actions' texts and JSON written afresh, also
    after actions equal to kept ones but other objects, and the store never holds more than its bound."""
    from unokit.core.actions import Action
    from unokit.play import wire
    s, rng, t = _table(seed=11), random.Random(11), 0.0
    for _ in range(150):
        if s.status != "playing":
            break
        for p in range(4):
            legal = s.legal(p)
            again = [Action.parse(str(a)) for a in legal]        # equal values, other objects
            for listing in (legal, again, legal):
                assert wire._actions(listing) == ([str(a) for a in listing], [wire.action_json(a) for a in listing])
        t = _step(s, rng, t)
    many = [Action.parse(f"0 play R{i % 10}") for i in range(wire._LISTED_MAX + 50)]
    wire._actions(many)
    assert len(wire._LISTED) <= wire._LISTED_MAX
