"""State patches over a real WebSocket (docs/protocol.md, "State patches"; issue 24, point 3): a connection
opened with ``patch=1`` is sent a ``patch`` when its own part did not change, and merging every message
(``wire.merge_patch``, ``wire.merge_log``) gives the whole state; a connection opened without it, its first
message, a reconnect and a ``hello`` get whole states. (The hub's broadcast over random hands of many rule
sets is checked in ``test_web_shared_messages.py``.)"""

from __future__ import annotations

import json
import random

from unokit.play.tui.remote import RemoteTable
from unokit.play.wire import merge_log, merge_patch, state_message


def _make(client) -> tuple[str, dict[int, str]]:
    body = {"rules": "UNO 1121", "seats": 3, "name": "Ana", "match": False, "uno_grace": 0, "away_delay": 600,
            "seed": 33}
    t = client.post("/api/tables", json=body).json()
    tokens = {0: t["token"]}
    for p, name in ((1, "Bia"), (2, "Caio")):
        tokens[p] = client.post(f"/api/tables/{t['table']}/join", json={"name": name}).json()["token"]
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]}).status_code == 200
    return t["table"], tokens


class Socket:
    """A test WebSocket that keeps the whole state: every patch and log merged into it."""

    def __init__(self, ws):
        self.ws, self.held, self.last, self.kinds = ws, None, None, []

    def state(self, after: int = -1) -> dict:
        while True:
            m = json.loads(self.ws.receive_text())
            if m["type"] not in ("state", "patch"):
                continue
            self.kinds.append(m["type"])
            if m["type"] == "patch":
                m = merge_patch(self.last, m)
            self.held = merge_log(self.held, m)
            self.last = {**m, "log": self.held[2], "log_at": self.held[1]}
            if m["version"] > after:
                return self.last


def test_patches_merged_over_a_websocket_give_the_whole_state(client):
    code, tokens = _make(client)
    hub = client.app.state.hub
    rt = hub.tables[code]
    s, rng = rt.session, random.Random(4)
    with client.websocket_connect(f"/ws/{code}?token={tokens[0]}&patch=1") as w0, \
            client.websocket_connect(f"/ws/{code}?token={tokens[1]}&lang=pt&patch=1") as w1, \
            client.websocket_connect(f"/ws/{code}?token={tokens[2]}") as w2, \
            client.websocket_connect(f"/ws/{code}?patch=1") as ww:
        socks = {0: Socket(w0), 1: Socket(w1), 2: Socket(w2), None: Socket(ww)}
        langs = {0: "en", 1: "pt", 2: "en", None: "en"}
        for sock in socks.values():
            sock.state()
        version = s.version
        for _ in range(40):
            if s.status != "playing":
                break
            mover = s.player_at(s.game.to_act)
            move = rng.choice([x for x in s.legal(mover) if not x.more and x.to_dict()["type"] != "say"])
            client.portal.call(hub.change, rt, lambda s, now, p=mover, x=move: s.act(p, x, now))
            if s.version == version:
                continue
            for p, sock in socks.items():
                got = sock.state(version)
                assert got == state_message(s, p, langs[p], now=rt.now(), host=p == 0), p
            version = s.version
        assert all(sock.kinds[0] == "state" for sock in socks.values())
        assert "patch" not in socks[2].kinds                       # opened without patch=1: whole states
        assert socks[None].kinds.count("patch") > 20 and socks[1].kinds.count("patch") > 5
        w1.send_json({"type": "hello", "lang": "en"})              # answered whole
        assert json.loads(w1.receive_text())["type"] == "state"
    with client.websocket_connect(f"/ws/{code}?token={tokens[1]}&patch=1") as w1:    # a reconnect: whole
        assert json.loads(w1.receive_text())["type"] == "state"


def test_the_terminal_client_asks_for_patches_and_merges_them():
    """``RemoteTable`` opens its socket with ``patch=1`` and hands its screen whole states."""
    table = RemoteTable("http://127.0.0.1:9/t/ABC234#token=t")
    shown: list = []
    table.emit = shown.append          # type: ignore[method-assign]
    whole = {"type": "state", "version": 1, "hand_no": 1, "log": ["a"], "log_at": 0, "you": {"player": 0},
             "legal": ["0 draw"], "view": {"hand": ["R1"], "top": "G2"}}
    table._receive(json.dumps(whole))
    table._receive(json.dumps({"type": "patch", "version": 2, "hand_no": 1, "log": ["b"], "log_at": 1,
                               "view": {"top": "G3"}}))
    assert shown[-1] == {**whole, "version": 2, "log": ["a", "b"], "view": {"hand": ["R1"], "top": "G3"}}
