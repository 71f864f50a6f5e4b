"""Provably fair deals in the browser (issue 24, point 5): the table shows the deal's commitment while the
hand is played, and when it is over a "Verify this deal" link opens a page that says, in words, that the
hand was dealt exactly as committed. Real Chromium (Debian's) against a real uvicorn on loopback."""

from __future__ import annotations

import pytest
from test_browser import api, browser, open_seat, session_of, wait_status  # noqa: F401 - the module's fixture
from web_support import LiveServer

pytestmark = pytest.mark.slow


def test_browser_the_deal_commitment_is_shown_then_verified_by_its_link(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'f.db'}") as srv:
        t = api(srv, "/api/tables", {"rules": "UNO 1121", "seats": 2, "name": "Ana", "bots": {"1": "greedy"},
                                     "match": False, "bot_think": 5, "uno_grace": 0})
        ctx, page = open_seat(browser, srv, t["url"])
        page.get_by_test_id("start").click()
        wait_status(page, "playing")
        s = session_of(srv, t["table"])
        shown = page.get_by_test_id("fair-commitment")
        shown.wait_for()
        assert shown.get_attribute("data-commitment") == s.fair[1]["commitment"]
        assert page.get_by_test_id("verify-link").count() == 0          # nothing to check before the end
        assert page.get_by_test_id("fair-chosen").count() == 0          # the server drew this table's seed
        assert s.fair[1]["salt"] not in page.content()
        rt = srv.app.state.hub.tables[t["table"]]

        def finish(session, now):          # Ana's stand-in and the bot play the hand out, 10 s a move
            while session.status == "playing":
                now += 10
                if session.player_at(session.game.to_act) == 0:
                    session.act_for(0, now)
                else:
                    session.tick(now)

        async def end():
            await srv.app.state.hub.change(rt, finish)
        srv.call(end)
        wait_status(page, "over")
        link = page.locator('#result [data-testid="verify-link"]')
        link.wait_for()
        href = link.get_attribute("href")
        assert href == f"/verify/{t['table']}?hand=1"
        page.goto(srv.url + href)
        verdict = page.get_by_test_id("verify-verdict")
        page.wait_for_function("document.querySelector('[data-testid=\"verify-verdict\"]').dataset.ok === 'true'")
        assert verdict.inner_text() == "Hand 1 was dealt exactly as committed at the start of the hand."
        assert page.get_by_test_id("verify-commitment").inner_text() == s.fair[1]["commitment"]
        assert page.get_by_test_id("verify-salt").inner_text() == s.fair[1]["salt"]
        page.get_by_test_id("lang-toggle").click()
        page.wait_for_function("document.querySelector('[data-testid=\"verify-verdict\"]').innerText.includes('distribuída')")
        page.goto(f"{srv.url}/replay/{t['table']}")                # the replay viewer links the same check
        page.get_by_test_id("replay-last").click()
        assert page.locator('#hand-result [data-testid="verify-link"]').get_attribute("href") == href
        ctx.close()
