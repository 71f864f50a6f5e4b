"""The host's table controls (docs/protocol.md, "The host's seat controls"): an away person's seat handed
to the stand-in bot at once and given back, a person removed between hands, and what nobody may do (a bot
in the seat of a person who is connected, a removal mid-hand, a non-host's request).

Session-level tests drive a :class:`TableSession` by hand; the API tests go through the real app
(Starlette's TestClient, a real SQLite file), the restart test through a second app on the same file.
"""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from web_support import recv_state

from unokit.core.errors import NotYourTurnError
from unokit.play.session import TableError, TableOptions, TableSession
from unokit.play.web.app import create_app


# ------------------------------------------------------------------ the session
def two_people(**kw) -> TableSession:
    """Ana (player 0) and Bia (player 1), nobody away for 600 s; only the test moves Ana."""
    o = dict(seats=2, bot_think=0, uno_grace=0, away_delay=600, between_hands=60, seed=7, **kw)
    s = TableSession(TableOptions(**o))
    s.join("Ana")
    s.join("Bia")
    s.start(0.0)
    s.set_connected(0, True, 0.0)
    return s


def run(s: TableSession, now: float, *, people=(0,), until=lambda s: False, steps=600) -> float:
    """Move the clock on a second a step: the listed people move by the stand-in, the table ticks."""
    for _ in range(steps):
        if until(s) or s.status != "playing":
            break
        now += 1.0
        p = s.player_at(s.game.to_act)
        if p in people and s.seats[p].kind == "person" and not s.seats[p].standin:
            s.act_for(p, now)
        else:
            s.tick(now)
    return now


def bot_moves_for(s: TableSession, player: int, since: int = 0) -> int:
    return sum(1 for e in s.log[since:] if e["k"] == "act" and e["player"] == player and e["by"] == "auto")


def test_session_the_host_hands_an_away_seat_to_a_bot_at_once_and_gives_it_back():
    s = two_people()
    assert not s.is_away(1, 5.0)                        # Bia is gone, but not for away_delay yet
    s.set_standin(1, True, 5.0)
    assert s.seats[1].standin and s.legal(1) == []
    now = run(s, 5.0, until=lambda s: bot_moves_for(s, 1) >= 2)
    assert bot_moves_for(s, 1) >= 2 and now < 600      # the stand-in played long before away_delay
    with pytest.raises(NotYourTurnError, match="take your seat back"):
        s.act(1, f"{s.seat_of(1)} draw", now)
    s.set_standin(1, False, now)
    n = len(s.log)
    now = run(s, now, people=(0,), steps=30)
    assert bot_moves_for(s, 1, n) == 0                  # given back: only Bia moves her seat again
    assert not s.seats[1].standin


def test_session_nobody_puts_a_bot_in_the_seat_of_a_person_who_is_connected():
    s = two_people()
    s.set_connected(1, True, 1.0)
    with pytest.raises(TableError, match="Bia is at the table \\(connected\\)"):
        s.set_standin(1, True, 2.0)
    assert not any(e["k"] == "standin" for e in s.log)


@pytest.mark.parametrize("player, on, words", [
    (5, True, "there is no seat 5"),
    (1, "yes", "on must be true or false"),
    (0, False, "no bot is playing for Ana"),
])
def test_session_bad_stand_in_requests_are_refused_with_a_reason(player, on, words):
    s = two_people()
    with pytest.raises(TableError, match=words):
        s.set_standin(player, on, 1.0)


def test_session_a_bot_seat_and_a_table_not_started_have_no_stand_in():
    s = TableSession(TableOptions(seats=3, bots={"2": "greedy"}, seed=1))
    s.join("Ana")
    with pytest.raises(TableError, match="has not started"):
        s.set_standin(0, True, 0.0)
    s.start(0.0)
    with pytest.raises(TableError, match="seat 2 is a bot's"):
        s.set_standin(2, True, 1.0)


def test_session_a_restored_table_keeps_the_stand_in_without_checking_the_connection():
    s = two_people()
    s.set_standin(1, True, 3.0)
    now = run(s, 3.0, until=lambda s: bot_moves_for(s, 1) >= 1)
    s.set_connected(1, True, now)                       # back, but the bot keeps the seat until asked
    t = TableSession.restore(s.options, s.log)
    assert t.seats[1].standin and not t.seats[1].connected
    assert t.game.fingerprint() == s.game.fingerprint() and t.log == s.log


def to_between(s: TableSession, now: float = 0.0) -> float:
    s.set_standin(1, True, now)
    now = run(s, now, steps=5000)
    assert s.status == "between", s.status
    s.set_standin(1, False, now)
    return now


def test_session_remove_is_refused_mid_hand_and_done_between_hands():
    s = two_people()
    with pytest.raises(TableError, match="only between the hands"):
        s.remove(1, 1.0)
    now = to_between(s, 1.0)
    s.remove(1, now)
    seat = s.seats[1]
    assert (seat.kind, seat.bot, seat.removed, seat.name) == ("bot", "strategist", True, "Bia (bot)")
    with pytest.raises(TableError, match="was removed"):
        s.set_standin(1, True, now)
    with pytest.raises(TableError, match="was removed"):
        s.remove(1, now)
    s.deal_now(now + 1)
    n = len(s.log)
    now = run(s, now + 1, steps=40)
    assert any(e["k"] == "act" and e["player"] == 1 and e["by"] == "bot" for e in s.log[n:])
    assert s.status == "playing"
    with pytest.raises(NotYourTurnError, match="removed"):
        s.act(1, f"{s.seat_of(1)} draw", now)
    t = TableSession.restore(s.options, s.log)
    assert t.seats[1].removed and t.game.fingerprint() == s.game.fingerprint()


# ------------------------------------------------------------------ the API
def table(client, **kw) -> tuple[str, str, str]:
    """Ana's table (she hosts) with Bia seated, started; nobody is away for 600 s. (code, Ana's, Bia's token)"""
    body = {"rules": "UNO 1121", "seats": 2, "name": "Ana", "bot_think": 0.01, "uno_grace": 0,
            "away_delay": 600, "between_hands": 60, **kw}
    t = client.post("/api/tables", json=body).json()
    bia = client.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]}).status_code == 200
    return t["table"], t["token"], bia["token"]


def session(client, code) -> TableSession:
    return client.app.state.hub.tables[code].session


def play_for(client, code, player, until, timeout=30.0):
    """Make ``player``'s moves (by the stand-in) until ``until(session)``, the table's driver doing the rest."""
    hub = client.app.state.hub
    rt = hub.tables[code]
    deadline = time.monotonic() + timeout
    while not until(rt.session):
        assert time.monotonic() < deadline, "the table never got there"
        s = rt.session
        if s.status == "playing" and s.player_at(s.game.to_act) == player and not s.seats[player].standin:
            client.portal.call(hub.change, rt, lambda s, now: s.act_for(player, now))
        else:
            time.sleep(0.01)


def post(client, code, what, **body):
    return client.post(f"/api/tables/{code}/{what}", json=body)


def test_api_the_host_lets_a_bot_play_an_away_seat_then_gives_it_back(client):
    code, ana, _ = table(client)
    r = post(client, code, "standin", token=ana, player=1, on=True)
    assert r.status_code == 200, r.text
    with client.websocket_connect(f"/ws/{code}?token={ana}") as ws:
        m = recv_state(ws)
        assert [x["standin"] for x in sorted(m["seats"], key=lambda x: x["player"])] == [False, True]
    info = client.get(f"/api/tables/{code}").json()             # the public info says so too
    assert [(x["standin"], x["removed"]) for x in info["seats"]] == [(False, False), (True, False)]
    play_for(client, code, 0, lambda s: bot_moves_for(s, 1) >= 2)
    assert post(client, code, "standin", token=ana, player=1, on=False).status_code == 200
    s = session(client, code)
    assert not s.seats[1].standin and [e["k"] for e in s.log].count("standin") == 2


def test_api_the_seat_of_a_person_who_is_connected_cannot_be_handed_to_a_bot(client):
    code, ana, bia = table(client)
    with client.websocket_connect(f"/ws/{code}?token={bia}") as ws:
        recv_state(ws)
        r = post(client, code, "standin", token=ana, player=1, on=True)
        assert r.status_code == 409
        assert r.json()["detail"] == "Bia is at the table (connected): a bot may play only for a person who is away"
    assert not session(client, code).seats[1].standin


def test_api_the_person_takes_their_seat_back_over_the_websocket(client):
    code, ana, bia = table(client)
    post(client, code, "standin", token=ana, player=1, on=True)
    with client.websocket_connect(f"/ws/{code}?token={bia}") as ws:
        m = recv_state(ws)
        mine = next(x for x in m["seats"] if x["player"] == 1)
        assert mine["standin"] and mine["connected"] and m["legal"] == []
        ws.send_json({"type": "back"})
        for _ in range(50):
            m = recv_state(ws)
            if not next(x for x in m["seats"] if x["player"] == 1)["standin"]:
                break
        else:
            raise AssertionError("the seat never came back")
        ws.send_json({"type": "back"})                        # nothing to take back now
        err = next(x for x in (ws.receive_json() for _ in range(50)) if x["type"] == "error")
        assert err["message"] == "no bot is playing for Bia: the seat is theirs"


def test_api_only_the_host_hands_seats_to_bots_but_a_person_may_take_theirs_back(client):
    code, ana, bia = table(client)
    r = post(client, code, "standin", token=bia, player=0, on=True)
    assert r.status_code == 403 and "only the person who created the table" in r.json()["detail"]
    assert post(client, code, "standin", token=bia, player=1, on=True).status_code == 403
    assert post(client, code, "standin", token=ana, player=1, on=True).status_code == 200
    assert post(client, code, "standin", token=bia, player=1, on=False).status_code == 200
    assert post(client, code, "remove", token=bia, player=0).status_code == 403


def test_api_remove_is_refused_mid_hand_and_makes_the_seat_a_bot_between_hands(client):
    code, ana, bia = table(client)
    r = post(client, code, "remove", token=ana, player=1)
    assert r.status_code == 409 and r.json()["detail"].startswith("a person can be removed only between the hands")
    post(client, code, "standin", token=ana, player=1, on=True)
    play_for(client, code, 0, lambda s: s.status == "between")
    r = post(client, code, "remove", token=ana, player=0)
    assert r.status_code == 409 and "cannot remove yourself" in r.json()["detail"]
    with client.websocket_connect(f"/ws/{code}?token={bia}") as ws:
        assert recv_state(ws)["you"]["player"] == 1
        assert post(client, code, "remove", token=ana, player=1).status_code == 200
        m = recv_state(ws)
        assert m["you"] is None                           # Bia's connection watches from now on
        seat = next(x for x in m["seats"] if x["player"] == 1)
        assert (seat["kind"], seat["removed"]) == ("bot", True)
    with client.websocket_connect(f"/ws/{code}?token={bia}") as ws:    # and so does her token
        msgs = [ws.receive_json() for _ in range(2)]
        assert {"type": "notice", "message": "you were removed from this table: you can watch"} in msgs
        assert next(x for x in msgs if x["type"] == "state")["you"] is None
        ws.send_json({"type": "chat", "text": "hi"})
        assert ws.receive_json() == {"type": "error", "message": "spectators watch: join the table to play"}


@pytest.mark.parametrize("body, status, words", [
    ({"player": 7, "on": True}, 400, "there is no seat 7 at a table of 2"),
    ({"player": 1, "on": "maybe"}, 400, "on:"),
    ({"player": 1}, 400, "on:"),
    ({"player": -1, "on": True}, 400, "player:"),
    ({"player": 1, "on": True, "token": "x" * 32}, 403, "that token is not a seat at this table"),
])
def test_api_bad_stand_in_requests_get_one_line_errors(client, body, status, words):
    code, ana, _ = table(client)
    r = post(client, code, "standin", **{"token": ana, **body})
    detail = r.json()["detail"]
    assert r.status_code == status and isinstance(detail, str) and "\n" not in detail and words in detail


def test_api_a_bot_seat_cannot_be_handed_or_removed(client):
    code, ana, _ = table(client, seats=3, bots={"2": "greedy"})
    r = post(client, code, "standin", token=ana, player=2, on=True)
    assert r.status_code == 409 and r.json()["detail"].startswith("seat 2 is a bot's")
    assert post(client, code, "remove", token=ana, player=2).status_code == 409
    assert post(client, code, "remove", token="x" * 32, player=1).status_code == 403
    assert client.post("/api/tables/ZZZZZZ/remove", json={"token": ana, "player": 1}).status_code == 404


def test_restart_a_restored_table_keeps_the_stand_in_and_the_bot_plays_on(db):
    with TestClient(create_app(db)) as c:
        code, ana, _ = table(c)
        assert post(c, code, "standin", token=ana, player=1, on=True).status_code == 200
    with TestClient(create_app(db)) as c:
        s = session(c, code)
        assert s.seats[1].standin                         # replayed from the log: nobody is connected
        n = len(s.log)
        play_for(c, code, 0, lambda s: bot_moves_for(s, 1, n) >= 1)
