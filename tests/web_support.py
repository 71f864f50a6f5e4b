"""Helpers for the web table's tests: a client with a table, a real PostgreSQL server, a real uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest

from unokit.play.web.cluster import Postgres, free_port, postgres_bindir


def recv_state(ws, limit=50) -> dict:
    """The next ``state`` message on the WebSocket ``ws`` (others skipped)."""
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == "state":
            return m
    raise AssertionError("no state message")


def post_table(client, rules: str, **kw) -> dict:
    """A single-hand table of 3 seats for "Ana" under ``rules`` (``kw``: other table options)."""
    r = client.post("/api/tables", json={"rules": rules, "seats": 3, "name": "Ana", "match": False, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def require(thing: str, present: bool, why: str) -> None:
    """Skip when a system package is missing, but fail in CI, where the project's setup installs it."""
    if present:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{thing} is missing in CI: {why} (scripts/system-deps.sh installs it)")
    pytest.skip(f"{thing} is not installed: {why}")


@contextlib.contextmanager
def postgres_server():
    """A throwaway PostgreSQL server on a loopback port (fsync off); yields its SQLAlchemy URL."""
    require("PostgreSQL", postgres_bindir() is not None, "the store is tested against a real server")
    pg = Postgres(Path(tempfile.mkdtemp(prefix="unokit-pg-")), options=("fsync=off",))
    try:
        yield pg.start()
    finally:
        pg.stop("immediate")
        shutil.rmtree(pg.folder, ignore_errors=True)


class StepClock:
    """A wall clock that stands still until a test moves it on: the tables' real-time windows (bots'
    thinking, UNO graces, timers, absences) then open only when the test says, whatever the load."""

    def __init__(self, start: float = 1_000_000.0):
        self.t = start

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class LiveServer:
    """uvicorn serving ``create_app(db)`` in a thread on a free loopback port (stop() ends it);
    ``clock``: the tables' wall clock (a :class:`StepClock` makes the table's time the test's)."""

    def __init__(self, db: str, port: int | None = None, clock=None):
        import uvicorn

        from unokit.play.web.app import create_app
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.clock = clock
        self.app = create_app(db, clock=clock)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=64 * 1024)
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve())

    def call(self, fn, timeout: float = 30):
        """Run ``fn()`` (a coroutine function) on the server's event loop and return its result."""
        return asyncio.run_coroutine_threadsafe(fn(), self.loop).result(timeout)

    def advance(self, seconds: float) -> None:
        """Move the (step) clock on and wake every table, so that what is now due happens."""
        self.clock.advance(seconds)
        self.call(self._poke)

    async def _poke(self):
        self.app.state.hub.poke()

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def referee_only(monkeypatch, code: str) -> None:
    """Make the advisor treat ``code`` as a rule set the compiled core does not play (``unokit.lab.advise.live``
    false for it): its effects then come from the rules report, as for any rule the core does not cover yet (every
    single rule and edition is compiled now, so the report's path is shown with one made referee-only)."""
    from unokit.lab import advise
    real = advise.live
    monkeypatch.setattr(advise, "live", lambda c, *a, **k: False if c == code else real(c, *a, **k))
