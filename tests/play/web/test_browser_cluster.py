"""Issue 29: a person plays a hand in Chromium through HAProxy in front of two workers on PostgreSQL, and
the worker serving the table is killed (SIGKILL) mid-hand: the page reconnects by itself through the
proxy, shows the same hand, and the hand is played to its end on the other worker."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import httpx
import pytest
from test_browser import browser, take_a_turn, wait_status  # noqa: F401  (browser: the module's Chromium)
from web_support import require

from unokit.play.session import TableSession
from unokit.play.web.cluster import LocalCluster, postgres_bindir
from unokit.play.web.store import Store

pytestmark = pytest.mark.slow


def stored_session(store: Store, code: str) -> TableSession:
    """The table as the database holds it (what any worker taking it over rebuilds)."""
    import json
    return TableSession.restore(json.loads(store.table(code).options), store.entries(code))


def hand_on_page(page) -> list[str]:
    return sorted(b.get_attribute("data-testid")[5:] for b in
                  page.locator('[data-testid="hand"] [data-testid^="card-"]').all())


def test_browser_cluster_a_worker_killed_mid_hand_the_page_plays_on_through_the_proxy(browser):  # noqa: F811
    require("PostgreSQL", postgres_bindir() is not None, "the cluster runs on a real PostgreSQL")
    require("HAProxy", shutil.which("haproxy") is not None or Path("/usr/sbin/haproxy").exists(), "the proxy")
    with LocalCluster(workers=2) as cl:
        base = cl.url.rstrip("/")
        t = httpx.post(base + "/api/tables", json={"rules": "UNO 1121", "seats": 3, "name": "Ana", "match": False,
                                                   "bot_think": 0.2, "uno_grace": 0,
                                                   "bots": {"1": "greedy", "2": "greedy"}}, timeout=20).json()
        code = t["table"]
        store = Store(cl.db)
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(base + t["url"])
        page.get_by_test_id("start").click()
        wait_status(page, "playing")
        for _ in range(60):                                  # a few moves in: the kill is mid-hand
            take_a_turn(page)
            page.wait_for_timeout(100)
            if len(store.entries(code)) >= 10:
                break
        owner = store.owner(code)
        cl.kill(cl.names.index(owner.worker))                # SIGKILL the worker serving the table
        before = stored_session(store, code)
        assert before.status == "playing", "the hand ended before the kill"
        deadline = time.monotonic() + 40
        while page.get_by_test_id("status").get_attribute("data-conn") != "online" or \
                store.owner(code).worker == owner.worker:
            assert time.monotonic() < deadline, "the page did not come back through the proxy"
            page.wait_for_timeout(100)
        deadline = time.monotonic() + 10       # the page shows the hand the database holds (bots may move meanwhile)
        while True:
            now = stored_session(store, code)
            stored = sorted(c.code for c in now.game.hands[now.seat_of(0)])
            if hand_on_page(page) == stored:
                break
            assert time.monotonic() < deadline, f"the page shows {hand_on_page(page)}, the database {stored}"
            page.wait_for_timeout(100)
        deadline = time.monotonic() + 120
        while stored_session(store, code).status == "playing":                  # and it is played to the end
            assert time.monotonic() < deadline, "the hand did not go on after the worker died"
            take_a_turn(page)
            page.wait_for_timeout(100)
        log = store.entries(code)
        assert [e for e in log if e.get("by") == "auto"] == []     # the outage was nobody's absence
        ctx.close()
