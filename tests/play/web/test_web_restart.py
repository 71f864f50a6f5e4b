"""A restart never plays for anyone, and the server comes back at once (issue 24, points 1 and 2).

The restarts here are real: an app on a SQLite file is shut down (its lifespan ends, as on Ctrl-C) and
a new app is built on the same file. The outage is a controlled clock moved on between the two, so the
tests stand for a down time of a minute without waiting for it. ``unokit serve`` itself is started as
a child process for the port tests.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from web_support import free_port, recv_state

from unokit.cli import CliError, check_port
from unokit.play.web.app import create_app


class Clock:
    """The wall clock, moved on by ``outage`` seconds whenever a test says time passed."""

    def __init__(self):
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def session(c, code):
    return c.app.state.hub.tables[code].session


def settle(c, pred, what: str, timeout: float = 10.0) -> None:
    """Wait (real time) until ``pred()``, waking the drivers (the clock may have jumped)."""
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, what
        c.portal.call(c.app.state.hub.poke)
        time.sleep(0.02)


def quiet(c, seconds: float = 0.4) -> None:
    """Let the drivers run for a moment of real time (anything due now happens)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        c.portal.call(c.app.state.hub.poke)
        time.sleep(0.02)


def person_to_act(s) -> bool:
    return (s.status == "playing" and s.game is not None and not s.game.over
            and s.seats[s.player_at(s.game.to_act)].kind == "person" and not s.grace)


def autos(s, since: int) -> list:
    return [e for e in s.log[since:] if e.get("by") == "auto"]


def table_with_two_people(c, **kw) -> tuple[dict, dict]:
    """Ana (host) and Bia, two greedy bots, UNO 1121, started; both connected until a person is to act."""
    body = {"rules": "UNO 1121", "seats": 4, "name": "Ana", "bots": {"2": "greedy", "3": "greedy"},
            "bot_think": 0.02, "uno_grace": 0, "away_delay": 20, "seed": 11, **kw}
    t = c.post("/api/tables", json=body).json()
    j = c.post(f"/api/tables/{t['table']}/join", json={"name": "Bia"}).json()
    assert c.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]}).status_code == 200
    return t, j


def hands_of_people(s) -> dict:
    return {p: sorted(c.code for c in s.game.hands[s.seat_of(p)]) for p in (0, 1)}


def stop_with_a_person_to_act(db, clock, **kw):
    """Play up to a person's turn with both people connected, then shut the server down."""
    with TestClient(create_app(db, clock=clock)) as c:
        t, j = table_with_two_people(c, **kw)
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as wa, \
                c.websocket_connect(f"/ws/{t['table']}?token={j['token']}") as wb:
            recv_state(wa)
            recv_state(wb)
            s = session(c, t["table"])
            settle(c, lambda: person_to_act(s), "no person came to act")
            quiet(c, 0.2)
            assert person_to_act(s)
            before = (hands_of_people(s), s.game.fingerprint())
    return t, j, before


def test_restart_after_an_outage_longer_than_away_delay_no_stand_in_plays_for_people_who_come_back(db):
    clock = Clock()
    t, j, (hands, fp) = stop_with_a_person_to_act(db, clock)
    clock.advance(60)                                   # down for a minute; away_delay is 20 s
    with TestClient(create_app(db, clock=clock)) as c:
        s = session(c, t["table"])
        n = len(s.log)
        quiet(c)                                        # live again: nobody is played for at once
        assert autos(s, n) == [] and s.game.fingerprint() == fp
        clock.advance(5)                                # the people's pages come back a few seconds later
        quiet(c)
        assert autos(s, n) == [] and s.game.fingerprint() == fp
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as wa, \
                c.websocket_connect(f"/ws/{t['table']}?token={j['token']}") as wb:
            ma, mb = recv_state(wa), recv_state(wb)
            assert sorted(ma["view"]["hand"]) == hands[0] and sorted(mb["view"]["hand"]) == hands[1]
            clock.advance(40)                           # connected: no stand-in however long they think
            quiet(c)
            assert autos(s, n) == [] and hands_of_people(s) == hands


def test_restart_a_person_who_does_not_come_back_is_stood_in_for_after_away_delay(db):
    clock = Clock()
    t, _, (_, fp) = stop_with_a_person_to_act(db, clock)
    clock.advance(300)
    with TestClient(create_app(db, clock=clock)) as c:
        s = session(c, t["table"])
        n = len(s.log)
        clock.advance(19)                               # the whole away_delay from the moment it is live
        quiet(c)
        assert autos(s, n) == [] and s.game.fingerprint() == fp
        clock.advance(2)
        settle(c, lambda: autos(s, n), "the stand-in never played for the person who stayed away")


def test_restart_the_turn_timer_resumes_with_the_time_it_had_left(db):
    clock = Clock()
    with TestClient(create_app(db, clock=clock)) as c:
        t = c.post("/api/tables", json={"rules": "UNO 1121", "seats": 2, "name": "Ana", "bots": {"1": "greedy"},
                                        "bot_think": 0.02, "uno_grace": 0, "turn_timer": 30, "seed": 5,
                                        "away_delay": 600}).json()
        c.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
        s = session(c, t["table"])
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            recv_state(ws)
            settle(c, lambda: person_to_act(s), "Ana never came to act")
            clock.advance(10)                           # Ana thinks for 10 of her 30 s
            quiet(c, 0.1)
            assert 19 <= s.turn_deadline() - c.app.state.hub.tables[t["table"]].now() <= 20.5
    clock.advance(100)                                  # down longer than the whole timer
    with TestClient(create_app(db, clock=clock)) as c:
        s = session(c, t["table"])
        n = len(s.log)
        with c.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
            m = recv_state(ws)
            assert 19 <= m["turn_left"] <= 20.5
            clock.advance(15)
            quiet(c)
            assert autos(s, n) == []
            clock.advance(6)
            settle(c, lambda: autos(s, n), "the turn timer never ran out")


def test_restart_a_log_with_pauses_replays_to_the_same_table(db):
    clock = Clock()
    t, _, (hands, fp) = stop_with_a_person_to_act(db, clock)
    for _ in range(2):                                  # two more restarts, each logs its pause
        clock.advance(30)
        with TestClient(create_app(db, clock=clock)) as c:
            s = session(c, t["table"])
            assert s.game.fingerprint() == fp and hands_of_people(s) == hands
    assert sum(e["k"] == "pause" for e in s.log) == 3
    times = [e["t"] for e in s.log]
    assert times == sorted(times)                       # the table's time never jumps back, nor by the outage
    assert times[-1] - times[0] < 30


# ------------------------------------------------------------------ the port
def _time_wait_on(port: int) -> bool:
    """True if a TCP connection on local ``port`` is in TIME-WAIT (Linux's /proc/net/tcp)."""
    for path in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(path).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            if int(parts[1].split(":")[1], 16) == port and parts[3] == "06":
                return True
    return False


def _serve(port: int, db: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "unokit.cli", "serve", "--port", str(port), "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _wait_up(proc: subprocess.Popen, url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, f"the server exited: {proc.stderr.read()}"
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not come up"
        time.sleep(0.1)


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads TIME-WAIT from Linux's /proc")
def test_serve_comes_back_at_once_on_the_same_port_with_connections_in_time_wait(tmp_path):
    port, db = free_port(), f"sqlite:///{tmp_path / 't.db'}"
    url = f"http://127.0.0.1:{port}/"
    first = _serve(port, db)
    try:
        _wait_up(first, url)
        with httpx.Client() as keep:                 # a page's keep-alive connection, open at the stop
            assert keep.get(url).status_code == 200
            first.send_signal(signal.SIGINT)          # Ctrl-C: the server closes it first (TIME-WAIT on its side)
            first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
    assert _time_wait_on(port), "the scenario needs a connection in TIME-WAIT on the server's port"
    second = _serve(port, db)                        # at once, not a minute later
    try:
        _wait_up(second, url)
    finally:
        second.send_signal(signal.SIGINT)
        second.wait(timeout=30)


def test_serve_a_port_really_in_use_gets_the_one_line_error(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(CliError, match=f"cannot listen on 127.0.0.1:{port}: Address already in use"):
            check_port("127.0.0.1", port)
        proc = _serve(port, f"sqlite:///{tmp_path / 'u.db'}")
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, (out, err)
    assert err.strip().splitlines() == [f"unokit: error: cannot listen on 127.0.0.1:{port}: Address already in use"]
