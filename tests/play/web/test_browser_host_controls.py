"""The host's seat controls as people use them: Debian's Chromium (Playwright, the browser fixture of
test_browser.py) against a real uvicorn server on loopback. The host lets a bot play for a friend who is
away; the friend, coming back, sees that a bot plays for them and takes the seat back.
"""

from __future__ import annotations

import pytest
from test_browser import api, browser  # noqa: F401  (browser: a shared fixture)
from web_support import LiveServer

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]


def test_browser_the_host_lets_a_bot_play_for_an_away_friend_who_takes_the_seat_back(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'h.db'}") as srv:
        t = api(srv, "/api/tables", {"rules": "UNO 1121", "seats": 3, "name": "Ana", "bots": {"2": "greedy"},
                                     "away_delay": 600, "bot_think": 0.2, "uno_grace": 0})
        code = t["table"]
        bia = api(srv, f"/api/tables/{code}/join", {"name": "Bia"})
        api(srv, f"/api/tables/{code}/start", {"token": t["token"]})
        host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        host = host_ctx.new_page()
        host.goto(srv.url + t["url"])
        let = host.get_by_test_id("standin-1")              # Bia never came: her seat offers a bot
        let.wait_for()
        assert let.inner_text() == "Let a bot play"
        let.click()
        host.get_by_test_id("standin-mark-1").wait_for()
        assert host.get_by_test_id("giveback-1").inner_text() == "Give back"
        assert api(srv, f"/api/tables/{code}")["status"] == "playing"
        friend_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        friend = friend_ctx.new_page()
        friend.goto(srv.url + bia["url"])
        note = friend.get_by_test_id("standin-note")
        note.wait_for()
        assert "A bot is playing for you." in note.inner_text()
        assert host.get_by_test_id("standin-1").count() == 0          # she is here: no bot for her seat
        friend.get_by_test_id("take-back").click()
        note.wait_for(state="detached")
        host.get_by_test_id("standin-mark-1").wait_for(state="detached")
        assert host.get_by_test_id("giveback-1").count() == 0 and host.get_by_test_id("standin-1").count() == 0
        friend.get_by_test_id("lang-toggle").click()                  # and in Portuguese
        host.get_by_test_id("lang-toggle").click()
        friend_ctx.close()                                            # gone again: the host may hand it over
        pt = host.get_by_test_id("standin-1")
        pt.wait_for()
        assert pt.inner_text() == "Deixar um robô jogar"
        host_ctx.close()
