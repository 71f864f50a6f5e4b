"""The web table's API, protocol, security and persistence (docs/protocol.md), through real requests.

HTTP and WebSocket traffic goes through Starlette's TestClient (the real app, its real event loop and
a real SQLite file); the restart tests build a second app on the same database; the PostgreSQL test
runs against a real server from Debian's packages.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_support import postgres_server, recv_state

from unokit.core.cards import Card
from unokit.play.handorder import colour_order, guide_order
from unokit.play.session import TableOptions, TableSession
from unokit.play.web.app import MAX_MESSAGE, create_app
from unokit.play.wire import state_message

FAST = {"bot_think": 0.02, "uno_grace": 0.05, "between_hands": 0.05}


def make_table(client, **kw) -> dict:
    body = {"rules": "UNO 1121", "seats": 3, "name": "Ana", **kw}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def recv_until(ws, pred, limit=500) -> dict:
    for _ in range(limit):
        m = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("the expected message never came")


def pick(m: dict) -> str:
    """A complete action from a state's ``legal`` (the draw when there is one; never a stem to expand)."""
    complete = [a for a in m["legal"] if not a.endswith(("+", "?"))]
    return next((a for a in complete if a.endswith(" draw")), complete[-1])


def hub_session(client, code) -> TableSession:
    return client.app.state.hub.tables[code].session


# ------------------------------------------------------------------ the API
def test_api_create_join_start_fill_free_seats_with_bots(client):
    t = make_table(client, seats=4, bots={"3": "greedy"})
    assert t["seat"] == 0 and t["url"] == f"/t/{t['table']}#token={t['token']}"
    j = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    assert j["seat"] == 1
    info = client.get(f"/api/tables/{t['table']}").json()
    assert [s["kind"] for s in info["seats"]] == ["person", "person", None, "bot"] and info["free"] == 1
    assert info["options"]["seed"] is None             # the seed would tell the deck order
    r = client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    assert r.json() == {"ok": True, "status": "playing"}
    info = client.get(f"/api/tables/{t['table']}").json()
    assert [s["kind"] for s in info["seats"]] == ["person", "person", "bot", "bot"]


def test_api_only_the_host_starts_and_seats_bots(client):
    t = make_table(client)
    j = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": j["token"]}).status_code == 403
    r = client.post(f"/api/tables/{t['table']}/seat", json={"token": j["token"], "seat": 2, "bot": "greedy"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{t['table']}/seat", json={"token": t["token"], "seat": 2, "bot": "greedy"})
    assert r.status_code == 200
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": "x" * 32}).status_code == 403


@pytest.mark.parametrize("body, status, words", [
    ({"rules": "UNO 1121 DR-DD", "name": "A"}, 400, "cannot be combined"),
    ({"rules": "UNO ²121", "name": "A"}, 400, ""),
    ({"seats": 11, "name": "A"}, 400, "seats"),
    ({"name": ""}, 400, "name"),
    ({"name": "A", "bots": {"7": "greedy"}, "seats": 3}, 400, "no seat"),
    ({"name": "A", "bots": {"1": "skynet"}}, 400, "unknown bot"),
    ({"name": "A", "turn_timer": 1}, 400, "turn_timer"),
    ({"name": "A", "mode": "two-tables"}, 400, "mode"),
    ({"name": "A", "surprise": 1}, 400, "surprise"),
    ({"name": ["A"]}, 400, "name"),
])
def test_api_bad_table_requests_get_a_one_line_reason(client, body, status, words):
    r = client.post("/api/tables", json=body)
    assert r.status_code == status
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and words in detail


def test_api_unknown_tables_and_oversized_bodies(client):
    assert client.get("/api/tables/ZZZZZZ").status_code == 404
    assert client.get("/api/tables/../../etc").status_code == 404
    assert client.post("/api/tables/ZZZZZZ/join", json={"name": "A"}).status_code == 404
    big = json.dumps({"name": "A", "rules": "x" * 20000})
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_api_join_a_full_or_started_table_is_refused(client):
    t = make_table(client, seats=2)
    client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"})
    r = client.post(f"/api/tables/{t['table']}/join", json={"name": "Cai"})
    assert r.status_code == 409 and "full" in r.json()["detail"]


def test_api_rules_check_answers_like_the_validator(client):
    assert client.post("/api/rules/check", json={"rules": "uno 1121 dr-p4-su"}).json() == \
        {"ok": True, "code": "UNO 1121 DR-P4-SU"}
    bad = client.post("/api/rules/check", json={"rules": "UNO 1121 DR-DD"}).json()
    assert bad["ok"] is False and "DR" in bad["message"]


def test_api_catalog_groups_every_code_as_the_guide_does(client):
    cat = client.get("/api/catalog").json()
    groups = {g["key"] for g in cat["groups"]}
    assert groups == {"objective", "dynamics", "cards", "end", "penalties", "other", "editions"}
    by_code = {r["code"]: r for r in cat["rules"]}
    assert by_code["NOMERCY"]["group"] == "editions"
    assert [e["code"] for e in cat["editions"]] == ["UNO NOMERCY", "UNO ALLWILD", "UNO EXTREME", "UNO FLASH",
                                                   "UNO SPIN", "UNO FLIP", "UNO FLEX"]
    assert cat["editions"][0]["players"] == [2, 6] and by_code["ALLWILD"]["group"] == "editions"
    assert by_code["TV"]["group"] == "objective" and by_code["C"]["group"] == "dynamics"
    assert by_code["S"]["group"] == "cards" and by_code["MOV"]["group"] == "end"
    assert by_code["PRE"]["group"] == "penalties" and by_code["SEVENO"]["group"] == "other"
    assert by_code["P3"]["group"] == "dynamics"                 # through its family P
    assert by_code["TV"]["name_pt"] == "Torneio de Vitórias" and by_code["TV"]["name_en"] == "tournament of wins"
    assert all(r["name_pt"] and r["name_en"] for r in cat["rules"])
    assert len(cat["variations"]) == 12 and "strategist" in cat["bots"] and "human" not in cat["bots"]
    s_params = {p["name"]: p for p in by_code["S"]["params"]}
    assert s_params["penalty"]["lo"] == 1 and s_params["card"]["default"] == 7


# ------------------------------------------------------------------ the WebSocket protocol
def test_ws_each_seat_gets_its_own_hand_and_legal_actions(client):
    t = make_table(client, seats=2, **FAST)
    j = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = hub_session(client, t["table"])
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as a, \
            client.websocket_connect(f"/ws/{t['table']}?token={j['token']}") as b:
        ma, mb = recv_state(a), recv_state(b)
        for m, p in ((ma, 0), (mb, 1)):
            seat = s.seat_of(p)
            assert m["you"] == {"player": p, "seat": seat, "name": ["Ana", "Bia"][p], "host": p == 0}
            assert m["view"]["hand"] == [c.code for c in s.game.hands[seat]]
            assert m["legal"] == [str(x) for x in s.game.legal_actions(seat)]


def test_ws_an_action_goes_to_the_engine_and_every_seat_hears_of_it(client):
    t = make_table(client, seats=2, **FAST)
    j = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = hub_session(client, t["table"])
    tokens = {0: t["token"], 1: j["token"]}
    mover = s.player_at(s.game.to_act)
    with client.websocket_connect(f"/ws/{t['table']}?token={tokens[mover]}") as ws, \
            client.websocket_connect(f"/ws/{t['table']}") as watcher:
        m = recv_state(ws)
        recv_state(watcher)
        action = pick(m)
        ws.send_json({"type": "act", "action": action})
        m2 = recv_until(ws, lambda x: x["type"] == "state" and x["version"] > m["version"])
        w2 = recv_until(watcher, lambda x: x["type"] == "state" and x["version"] > m["version"])
        assert s.game.actions[-1][1] is not None and str(s.game.actions[0][1]) == action
        assert (m2["log"] and w2["log"][-1] == m2["log"][-1].replace("You ", "Ana " if mover == 0 else "Bia ")) \
            or w2["log"]


def test_ws_each_seat_gets_its_hand_in_the_guides_order_and_by_colour(client):
    """The table page's hand orders come from the server (unokit/play/handorder.py): ``hand_order``,
    places in the seat's own hand; a spectator gets none."""
    t = make_table(client, seats=2, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws, \
            client.websocket_connect(f"/ws/{t['table']}") as watcher:
        m, w = recv_state(ws), recv_state(watcher)
    hand = m["view"]["hand"]
    for order, arrange in (("guide", guide_order), ("colour", colour_order)):
        assert sorted(m["hand_order"][order]) == list(range(len(hand)))
        assert [hand[i] for i in m["hand_order"][order]] == arrange(hand)
    assert w["you"] is None and w["hand_order"] is None
    # the guide's example, with an action card and a Wild, and a card held twice
    s = TableSession(TableOptions(seats=2, match=False, bot_think=0, seed=1))
    s.join("Ana")
    s.start(0.0)
    s.game.hands[s.seat_of(0)] = [Card.parse(c) for c in ("B4", "Y1", "W+4", "G1", "B3", "Y3", "GR", "Y1")]
    m = state_message(s, 0)
    hand = m["view"]["hand"]
    assert [hand[i] for i in m["hand_order"]["guide"]] == ["GR", "G1", "Y1", "Y1", "Y3", "B3", "B4", "W+4"]
    assert [hand[i] for i in m["hand_order"]["colour"]] == ["Y1", "Y1", "Y3", "G1", "GR", "B3", "B4", "W+4"]


def test_ws_refuses_an_action_for_another_seat_and_nothing_changes(client):
    t = make_table(client, seats=2, **FAST)
    client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"})
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = hub_session(client, t["table"])
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        recv_state(ws)
        before = (s.version, len(s.log))
        other = 1 - s.seat_of(0)
        ws.send_json({"type": "act", "action": f"{other} draw"})
        m = recv_until(ws, lambda x: x["type"] == "error")
        assert "you sit at seat" in m["message"]
        assert (s.version, len(s.log)) == before


def test_ws_spectators_see_no_hand_and_cannot_act(client):
    t = make_table(client, seats=2, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        m = recv_state(ws)
        assert m["you"] is None and m["view"]["hand"] == [] and m["legal"] == []
        ws.send_json({"type": "act", "action": "0 draw"})
        assert "spectators" in recv_until(ws, lambda x: x["type"] == "error")["message"]


def test_ws_a_wrong_token_is_refused_and_the_socket_closed(client):
    t = make_table(client, seats=2)
    with client.websocket_connect(f"/ws/{t['table']}?token=not-a-token") as ws:
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect("/ws/QQQQQQ") as ws:
        assert "no table" in ws.receive_json()["message"]


@pytest.mark.parametrize("raw, words", [
    ("not json", "JSON object"),
    ("[1, 2]", "type is one of"),
    ('{"type": "fly"}', "type is one of"),
    ('{"type": "act"}', "action must be text"),
    ('{"type": "act", "action": 5}', "action must be text"),
    ('{"type": "act", "action": "0 draw", "extra": 1}', "unknown field"),
    ('{"type": "act", "action": "0 play ZZ"}', ""),
    ('{"type": "chat", "text": ["x"]}', "chat message"),
    ('{"type": "hello", "lang": "klingon"}', "lang"),
    ('{"type": "expand", "action": "0 draw"}', ""),
])
def test_ws_every_malformed_message_gets_an_error_and_changes_nothing(client, raw, words):
    t = make_table(client, seats=2, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = hub_session(client, t["table"])
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        recv_state(ws)
        before = (len(s.log), s.game.fingerprint())
        ws.send_text(raw)
        m = recv_until(ws, lambda x: x["type"] in ("error",))
        assert words in m["message"] and "Traceback" not in m["message"]
        assert (len(s.log), s.game.fingerprint()) == before
        ws.send_json({"type": "ping"})
        recv_until(ws, lambda x: x["type"] == "pong")      # the connection is still served


def test_ws_oversized_messages_and_floods_are_refused(client):
    t = make_table(client, seats=2, **FAST)
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        recv_state(ws)
        ws.send_text(json.dumps({"type": "chat", "text": "x" * (MAX_MESSAGE + 10)}))
        assert "at most" in recv_until(ws, lambda x: x["type"] == "error")["message"]
        for _ in range(60):
            ws.send_json({"type": "ping"})
        replies = [ws.receive_json() for _ in range(60)]
        assert any(r["type"] == "error" and "slow down" in r["message"] for r in replies)


_json = st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats() | st.text(max_size=40),
                     lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                     max_leaves=12)
_messages = st.one_of(
    _json.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["act", "expand", "chat", "hello", "ping"])},
                          optional={"action": _json | st.text(max_size=60), "text": _json, "lang": _json,
                                    "x": _json}).map(json.dumps),
    st.text(max_size=200),
)


def test_ws_fuzz_messages_never_crash_the_server_or_change_the_table_unless_valid(client):
    t = make_table(client, seats=2, bot_think=5, uno_grace=0)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = hub_session(client, t["table"])

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(_messages)
    def check(raw):
        with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            recv_state(ws)
            before = len(s.log)
            ws.send_text(raw)
            ws.send_json({"type": "ping"})
            replies = []
            while True:
                m = ws.receive_json()
                if m["type"] == "pong":
                    break
                replies.append(m)
            applied = len(s.log) > before
            if not applied:
                assert all(m["type"] in ("error", "state", "options", "notice") for m in replies)
            else:   # only a well-formed act or chat changes the table
                msg = json.loads(raw)
                assert msg["type"] in ("act", "chat")
    check()


# ------------------------------------------------------------------ what a seat may know (leak test)
LEAK_RULES = ["UNO 1121", "UNO 1121 C-DR-P4-SEVENO", "UNO 1121 DD-P1-PAB-CHU", "UNO 2111 AA-AB-T-DOA", "UNO 1121 S-V"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LEAK_RULES), st.integers(0, 10**6), st.integers(0, 60), st.integers(2, 5))
def test_leak_a_seats_messages_do_not_depend_on_cards_it_may_not_know(rules, seed, steps, n):
    """Two tables that differ only in the cards seat B cannot see (the other hands and the stock,
    redealt at random) send B the identical state message."""
    s = TableSession(TableOptions(rules=rules, seats=n, match=False, bot_think=0, uno_grace=0, seed=seed))
    s._replaying = True
    s.start(0.0)
    s._replaying = False
    s.seats = [type(x)(name=f"P{i}", kind="person") for i, x in enumerate(s.seats)]   # nobody moves on its own
    rng = random.Random(seed)
    for i in range(steps):
        if s.status != "playing":
            break
        p = s.player_at(s.game.to_act)
        s.act_for(p, float(i))
    if s.status != "playing":
        return
    g = s.game
    if g.reveals or g.open_below or g.public_stock or g.hidden_pile:
        return                                   # something was shown: the redeal would differ legitimately
    b = rng.randrange(n)
    seat_b = s.seat_of(b)
    msg = state_message(s, b, now=1.0)
    others = [x for x in range(g.n) if x != seat_b]
    pool = [c for x in others for c in g.hands[x]] + list(g.stock)
    sizes = [len(g.hands[x]) for x in others]
    saved = ([list(h) for h in g.hands], list(g.stock))
    rng.shuffle(pool)
    for x, k in zip(others, sizes):
        g.hands[x], pool = pool[:k], pool[k:]
    g.stock = pool
    try:
        assert state_message(s, b, now=1.0) == msg
    finally:
        g.hands, g.stock = saved


def test_leak_no_message_to_a_seat_carries_another_seats_hand_in_a_whole_hand_played_over_websockets(client):
    t = make_table(client, seats=3, rules="UNO 1121 C-DR", match=False, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})    # two bots join
    s = hub_session(client, t["table"])
    seen = []
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        while True:
            m = ws.receive_json()
            if m["type"] == "error" and "slow down" in m["message"] and seen:   # the rate limit: wait, resend
                time.sleep(0.3)
                m = seen.pop()
            if m["type"] != "state":
                continue
            seen.append(m)
            if m["status"] == "over":
                break
            if m["legal"] and m["view"]["to_act"] == m["you"]["seat"]:
                ws.send_json({"type": "act", "action": pick(m)})
    assert len(seen) > 10 and s.status == "over"
    for m in seen:
        assert set(m) == {"type", "version", "status", "hand_no", "rules", "options", "you", "seats", "view",
                          "legal", "actions", "log", "log_at", "pending_text", "turn_left", "between_left", "match",
                          "chat", "hand_order", "fair"}
        assert all(isinstance(x["cards"], int) for x in m["seats"])       # the others: counts only
        if m["status"] == "playing":                   # the deal's salt (and so the deck) stays secret
            assert m["fair"]["revealed"] is None and set(m["fair"]) == {"hand", "version", "commitment", "revealed",
                                                                        "seed_chosen"}
        assert len(m["view"]["hand"]) == m["view"]["hand_sizes"][m["you"]["seat"]]
        assert all(not k.startswith("hand") or k in ("hand", "hand_sizes") for k in m["view"])


# ------------------------------------------------------------------ nothing lost
def test_persist_every_entry_is_in_the_database_before_anyone_hears_of_it(client):
    hub = client.app.state.hub
    checked = []
    original = hub.broadcast

    async def broadcast(rt):
        stored = hub.store.entries(rt.code)
        assert stored == rt.session.log           # persisted before the broadcast
        checked.append(len(stored))
        await original(rt)

    hub.broadcast = broadcast
    t = make_table(client, seats=2, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        for _ in range(30):
            m = recv_state(ws)
            if m["legal"] and m["view"]["to_act"] == m["you"]["seat"]:
                ws.send_json({"type": "act", "action": pick(m)})
    assert len(checked) > 5 and checked == sorted(checked)


def _play_some(client, code, token, moves=6):
    with client.websocket_connect(f"/ws/{code}?token={token}") as ws:
        done = 0
        while done < moves:
            m = recv_state(ws)
            if m["status"] == "playing" and m["legal"] and m["view"]["to_act"] == m["you"]["seat"]:
                ws.send_json({"type": "act", "action": pick(m)})
                done += 1


def play_for(client, code, player, moves):
    """``moves`` moves of ``player`` made by the stand-in, through the hub (locked, persisted, broadcast)."""
    hub = client.app.state.hub
    rt = hub.tables[code]
    for _ in range(moves):
        s = rt.session
        if s.status != "playing":
            return
        if s.player_at(s.game.to_act) == player:
            client.portal.call(hub.change, rt, lambda s, now: s.act_for(player, now))


def two_people(c, rules, **kw):
    kw = {"away_delay": 600, "between_hands": 0.2, **kw}      # nobody moves but the test
    t = make_table(c, seats=2, rules=rules, uno_grace=0, **kw)
    j = c.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    c.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    for _ in range(8):
        play_for(c, t["table"], 0, 1)
        play_for(c, t["table"], 1, 1)
    return t, j


def test_restart_a_table_survives_a_server_restart_with_every_hand_intact(db):
    with TestClient(create_app(db)) as c:
        t, _ = two_people(c, "UNO 1121 DR-P4-SU")
        s = hub_session(c, t["table"])
        before = (s.game.fingerprint(), s.hand_no, len(s.log))
        mine = [x.code for x in s.game.hands[s.seat_of(0)]]
    with TestClient(create_app(db)) as c:          # a new process would do the same: it only has the db
        assert t["table"] in c.app.state.hub.tables  # resumed at start-up, not on first request
        s = hub_session(c, t["table"])
        assert (s.game.fingerprint(), s.hand_no, len(s.log) - 1) == before
        assert s.log[-1]["k"] == "pause"               # the stop was logged: the table's time resumes there
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            m = recv_state(ws)
            assert m["view"]["hand"] == mine        # the token still holds the seat
        n = len(s.log)
        deadline = time.monotonic() + 30
        while len(s.log) == n:                           # and the game goes on
            assert time.monotonic() < deadline, (f"nothing moved after the restart: status {s.status}, "
                                                 f"to act {s.game.to_act}, phase {s.game.phase.name}")
            play_for(c, t["table"], 0, 1)
            play_for(c, t["table"], 1, 1)
            time.sleep(0.05)


def test_reconnect_resumes_the_seat_and_an_away_seat_is_played_then_handed_back(client):
    t = make_table(client, seats=2, bot_think=0.02, uno_grace=0.05, away_delay=0.3)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = hub_session(client, t["table"])
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        first = recv_state(ws)
    n = len(s.log)
    deadline = time.monotonic() + 10
    while not any(e.get("by") == "auto" for e in s.log[n:]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert any(e.get("by") == "auto" for e in s.log[n:]), "the stand-in never played for the away seat"
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        m = recv_state(ws)
        assert m["you"]["player"] == first["you"]["player"] == 0
        assert m["seats"][m["you"]["seat"]]["connected"] is True and not s.is_away(0, 1e9)


def test_finished_games_keep_their_record_and_can_be_replayed(client):
    t = make_table(client, seats=2, match=False, bots={"1": "greedy"}, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    assert client.get(f"/api/tables/{t['table']}/record").status_code == 409   # not before the end
    s = hub_session(client, t["table"])
    deadline = time.monotonic() + 30
    while s.status != "over" and time.monotonic() < deadline:
        play_for(client, t["table"], 0, 1)
        time.sleep(0.01)
    time.sleep(0.1)
    assert s.status == "over"
    rec = client.get(f"/api/tables/{t['table']}/record").json()
    from unokit.match import replay_match
    assert replay_match(rec).scores == s.match.scores
    steps = client.get(f"/api/tables/{t['table']}/replay").json()["steps"]
    last = client.get(f"/api/tables/{t['table']}/replay/{steps - 1}").json()
    assert last["type"] == "replay" and last["view"]["winner"] is not None and len(last["hands"]) == 2
    assert client.get(f"/api/tables/{t['table']}/replay/{steps + 5}").status_code == 400
    assert t["table"] in [g["table"] for g in client.get("/api/games").json()["games"]]


@pytest.mark.slow
def test_postgres_the_store_works_and_a_table_survives_a_restart_on_a_real_server():
    with postgres_server() as url:
        with TestClient(create_app(url)) as c:
            t, _ = two_people(c, "UNO 1121 C-DR-P4")
            before = hub_session(c, t["table"]).game.fingerprint()
        with TestClient(create_app(url)) as c:
            assert hub_session(c, t["table"]).game.fingerprint() == before


def test_api_a_flood_of_table_creations_from_one_address_is_throttled(client):
    codes = [client.post("/api/tables", json={"name": "A", "seats": 2}).status_code for _ in range(160)]
    assert codes[0] == 200 and 429 in codes
    assert client.get("/api/catalog").status_code == 200          # reading is not throttled
