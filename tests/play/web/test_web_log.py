"""The log sent in parts (docs/protocol.md, "The log, sent in parts"; issue 24, point 3): each state message
carries only the log lines a connection does not hold as they are now, from ``log_at`` on, and a client
that merges every message (``wire.merge_log``, the page's ``mergeLog``) holds exactly the window a whole
message would carry. The hub keeps, per connection, the log mark of what it was sent (``Conn.seen``)."""

from __future__ import annotations

import asyncio
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.play.session import TableOptions, TableSession
from unokit.play.web.hub import Conn, Hub, Runtime
from unokit.play.web.store import Store
from unokit.play.wire import LOG_LINES, merge_log, state_message

_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode     # as a WebSocket's text
RULE_SETS = ["UNO 1121", "UNO 1121 DR-P2-C", "UNO 1121 MS1", "UNO 3121 DD-P4-DED", "UNO 1121 JUMPIN-SEVENO",
             "UNO NOMERCY", "UNO ALLWILD", "UNO FLIP", "UNO EXTREME"]


class Client:
    """A WebSocket's far end: it reads every state text it is sent and merges its log (``wire.merge_log``)."""

    def __init__(self, player, lang="en"):
        self.conn = Conn(send=self._send, send_text=self._send_text, player=player, lang=lang)
        self.held = None
        self.texts: list[str] = []
        self.msgs: list[dict] = []

    async def _send(self, msg):          # (only for other senders: a WebSocket gets the text)
        raise AssertionError("a WebSocket is sent the encoded text")

    async def _send_text(self, text):
        self.texts.append(text)
        msg = json.loads(text)
        self.msgs.append(msg)
        self.held = merge_log(self.held, msg)

    def whole(self, s) -> dict:
        """The message the reader would be sent whole now."""
        return state_message(s, self.conn.player, self.conn.lang)

    def holds_the_window(self, s) -> bool:
        whole = self.whole(s)
        return self.held[2] == whole["log"] and self.held[1] == whole["log_at"]


def _table(seed, rules="UNO 1121", seats=4, match=True) -> TableSession:
    s = TableSession(TableOptions(seats=seats, match=match, bot_think=0, seed=seed, uno_grace=0, between_hands=0,
                                  rules=rules))
    for i in range(seats):
        s.join(f"P{i}")
    s.start(0.0)
    return s


def _step(s, rng, t) -> bool:
    """One random complete legal action (now and then another seat's reaction), or the next hand."""
    if s.status == "over":
        return False
    if s.status != "playing":
        s.tick(t)
        return True
    seat = s.game.to_act if rng.random() < 0.85 else rng.randrange(s.game.n)
    legal = [a for a in s.legal(s.player_at(seat)) if not a.more]
    if not legal:
        seat = s.game.to_act
        legal = [a for a in s.legal(s.player_at(seat)) if not a.more]
    s.act(s.player_at(seat), rng.choice(legal), t)
    return True


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS))
def test_over_random_hands_a_client_that_merges_every_message_holds_exactly_the_whole_window(seed, rules):
    """Every seat and a spectator, in both languages, some joining late, one switching language as it goes,
    several changes between two broadcasts now and then; a new hand's first message is whole."""
    rng = random.Random(seed)
    s = _table(seed, rules)
    rt = Runtime("ABCDEF", s, 0.0, saved=len(s.log))
    hub = Hub(Store("sqlite://"))
    readers = [Client(p, lang) for p in (0, 1, 2, 3, None) for lang in ("en", "pt")]
    switcher = readers[0]

    async def main():
        t, joined = 0.0, []
        for step in range(400):
            for c in readers:
                if c not in joined and (step == 0 or rng.random() < 0.02):
                    joined.append(c)
                    await hub.connect(rt, c.conn)       # its first message: the whole window
                    assert c.msgs[-1]["log"] == c.whole(s)["log"]
            if step % 37 == 36 and switcher in joined:   # the page's {"type": "hello"}: the whole window at once
                hub.set_lang(switcher.conn, "pt" if switcher.conn.lang == "en" else "en")
                await hub.send_state(rt, switcher.conn)
                assert switcher.msgs[-1]["log"] == switcher.whole(s)["log"]
            before = {id(c): c.held for c in joined}
            for _ in range(1 + (rng.random() < 0.2) * rng.randrange(1, 5)):
                t += 0.5
                if not _step(s, rng, t):
                    return
            await hub.broadcast(rt)
            for c in joined:
                assert c.holds_the_window(s), (step, c.conn.player, c.conn.lang)
                held, msg = before[id(c)], c.msgs[-1]
                if held is not None and held[0] != msg["hand_no"]:     # the first message of a new hand
                    assert msg["log"] == c.whole(s)["log"]

    asyncio.run(main())
    sent = [m for c in readers for m in c.msgs[1:]]
    assert sum(len(m["log"]) for m in sent) < len(sent) * 5      # mostly the newest lines, not the window


def _play(s, rng, hub, rt, moves, t) -> float:
    """``moves`` random steps from table time ``t``, each told to every connection; the time reached."""
    async def main(t):
        for _ in range(moves):
            t += 0.5
            if not _step(s, rng, t):
                break
            await hub.broadcast(rt)
        return t
    return asyncio.run(main(t))


def test_two_connections_of_one_seat_that_joined_at_different_times_each_hold_the_right_log():
    s, rng, hub = _table(3, seats=3, match=False), random.Random(3), Hub(Store("sqlite://"))
    rt = Runtime("ABCDEF", s, 0.0, saved=len(s.log))
    early, late = Client(0), Client(0)
    asyncio.run(hub.connect(rt, early.conn))
    t = _play(s, rng, hub, rt, 40, 0.0)
    assert early.holds_the_window(s)
    asyncio.run(hub.connect(rt, late.conn))          # the late one is sent the whole window, the early one the rest
    assert late.msgs[0]["log"] == late.whole(s)["log"] and len(early.msgs[-1]["log"]) < len(late.msgs[0]["log"])
    assert early.holds_the_window(s) and late.holds_the_window(s)
    _play(s, rng, hub, rt, 30, t)
    assert early.holds_the_window(s) and late.holds_the_window(s)
    # in step now: one message, encoded once, for both
    assert early.conn.seen == late.conn.seen and early.texts[-1] is late.texts[-1]


def test_state_messages_after_the_first_are_smaller():
    s, rng, hub = _table(11, seats=2, match=False), random.Random(11), Hub(Store("sqlite://"))
    rt = Runtime("ABCDEF", s, 0.0, saved=len(s.log))
    c = Client(0)
    asyncio.run(hub.connect(rt, c.conn))
    assert c.msgs[0]["log"] == c.whole(s)["log"]             # the first: the whole window
    sizes = []                                                # (sent, the same message with the whole window)
    for t in range(1, 81):
        if not _step(s, rng, t / 2):
            break
        asyncio.run(hub.broadcast(rt))
        whole = {**c.msgs[-1], "log": c.whole(s)["log"], "log_at": c.whole(s)["log_at"]}
        sizes.append((len(c.texts[-1].encode()), len(_dumps(whole).encode())))
        assert c.holds_the_window(s)
    assert len(c.held[2]) == LOG_LINES and len(sizes) == 80          # (seed 11: a hand past 60 lines)
    assert all(sent < whole for sent, whole in sizes[5:])
    assert sum(sent for sent, _ in sizes) < 0.8 * sum(whole for _, whole in sizes)


# ------------------------------------------------------------------ over a real WebSocket
def _make(client):
    body = {"rules": "UNO 1121", "seats": 2, "name": "Ana", "match": False, "uno_grace": 0, "away_delay": 600,
            "seed": 21}
    t = client.post("/api/tables", json=body).json()
    j = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]}).status_code == 200
    return t["table"], {0: t["token"], 1: j["token"]}


class Socket:
    """A test WebSocket that merges the log of every state it reads."""

    def __init__(self, ws):
        self.ws, self.held, self.last = ws, None, None

    def state(self, after: int = -1) -> dict:
        while True:
            m = json.loads(self.ws.receive_text())
            if m["type"] != "state":
                continue
            self.held = merge_log(self.held, m)
            self.last = m
            if m["version"] > after:
                return m


def test_a_reconnecting_connection_and_a_language_change_get_the_whole_window(client):
    code, tokens = _make(client)
    hub = client.app.state.hub
    rt = hub.tables[code]
    s, rng = rt.session, random.Random(21)
    with client.websocket_connect(f"/ws/{code}?token={tokens[0]}") as wa, \
            client.websocket_connect(f"/ws/{code}?token={tokens[1]}&lang=pt") as wb:
        a, b = Socket(wa), Socket(wb)
        a.state(), b.state()
        version, parts = s.version, 0
        for _ in range(90):                      # people only: the table moves when they act
            if s.status != "playing":
                break
            mover = s.player_at(s.game.to_act)
            move = rng.choice([x for x in s.legal(mover) if not x.more and x.to_dict()["type"] != "say"])
            # what an "act" message does (sent here without the sockets' rate limit)
            client.portal.call(hub.change, rt, lambda s, now, p=mover, x=move: s.act(p, x, now))
            if s.version == version:
                continue
            for sock in (a, b):
                sock.state(version)
            version = s.version
            assert a.held[2] == state_message(s, 0)["log"] and b.held[2] == state_message(s, 1, "pt")["log"]
            parts += a.last["log_at"] > 0 and len(a.last["log"]) < len(a.held[2])
        assert parts > 10 and len(a.held[2]) == LOG_LINES and a.held[1] > 0     # past the window's 60 lines
        wa.send_json({"type": "hello", "lang": "pt"})         # the whole window in Portuguese, at once
        m = a.state()
        whole = state_message(s, 0, "pt")
        assert m["log"] == whole["log"] and m["log_at"] == whole["log_at"] and a.held[2] == whole["log"]
        assert any(line.startswith("Você") for line in m["log"])
    with client.websocket_connect(f"/ws/{code}?token={tokens[1]}&lang=pt") as wb:   # Bia comes back
        m = Socket(wb).state()
        whole = state_message(s, 1, "pt")
        assert m["log"] == whole["log"] and m["log_at"] == whole["log_at"] > 0
