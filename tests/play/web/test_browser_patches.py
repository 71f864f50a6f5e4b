"""The table page merges state patches (docs/protocol.md, "State patches"): while bots play, a person's page
and a spectator's are sent patches, and after each change they show what the table holds (the person's hand,
the pile's top card, whose turn it is), and the person plays on from the state merged."""

from __future__ import annotations

import time

import pytest
from test_browser import api, browser, hand_on_page, moved, session_of, shows, take_a_turn  # noqa: F401  (browser: a shared fixture)
from web_support import LiveServer, StepClock

pytestmark = pytest.mark.slow

# every message type a page's WebSocket receives, in order (window.__kinds)
_RECORD = """
(() => {
  const Real = window.WebSocket;
  window.__kinds = [];
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        try { window.__kinds.push(JSON.parse(ev.data).type); } catch (e) { /* not JSON */ }
      });
    }
  };
})();
"""


def test_browser_a_page_sent_patches_shows_the_table_as_it_is(browser, tmp_path):  # noqa: F811
    think = 1.0
    with LiveServer(f"sqlite:///{tmp_path / 'p.db'}", clock=StepClock()) as srv:
        t = api(srv, "/api/tables", {"rules": "UNO 1121", "seats": 4, "name": "Ana", "match": False, "seed": 12,
                                     "bots": {"1": "greedy", "2": "greedy", "3": "greedy"}, "bot_think": think,
                                     "uno_grace": 0})
        ctx = browser.new_context()
        ctx.add_init_script(_RECORD)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.url + t["url"])
        cw = browser.new_context()
        cw.add_init_script(_RECORD)
        watcher = cw.new_page()
        watcher.goto(srv.url + f"/t/{t['table']}")
        watcher.get_by_test_id("watch").click()
        page.get_by_test_id("start").click()
        s = session_of(srv, t["table"])
        deadline = time.monotonic() + 20
        while s.status != "playing":
            assert time.monotonic() < deadline, "the table never started"
            time.sleep(0.05)
        for _ in range(40):
            if s.status != "playing":
                break
            version, g = s.version, s.game
            for p in (page, watcher):
                shows(p, s)
                assert p.get_by_test_id("top-card").get_attribute("data-card") == g.discard[-1].code
            mine = s.seat_of(0)
            assert hand_on_page(page) == sorted(c.code for c in g.hands[mine])
            ours = page.locator('[data-testid="turn-indicator"].mine').count() > 0
            assert ours == (g.to_act == mine)
            if g.to_act == mine:
                assert take_a_turn(page), "Ana's page could not move"
                deadline = time.monotonic() + 20
                while s.version == version and not page.get_by_test_id("prompt").is_visible():
                    assert time.monotonic() < deadline, "Ana's move never reached the table"
                    page.wait_for_timeout(20)
                if s.version == version:
                    take_a_turn(page)           # (a colour to name)
                    moved(s, version, "Ana's colour never reached the table")
            else:
                srv.advance(think + 0.1)
                moved(s, version, "the bots never moved")
        kinds = page.evaluate("window.__kinds")
        seen = watcher.evaluate("window.__kinds")
        assert kinds[0] == "state" and kinds.count("patch") >= 5, kinds
        assert seen[0] == "state" and seen.count("patch") >= 20, seen
        assert not errors, errors
        ctx.close()
        cw.close()
