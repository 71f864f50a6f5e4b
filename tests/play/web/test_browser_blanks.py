"""The blank cards in the lobby as a person uses it: Debian's Chromium (driven by Playwright, as in
test_browser.py, whose browser fixture this module shares) against a real uvicorn server on loopback.

The lobby shows one select per blank card only for a deck that has them (3 a 112 / Italian deck), a text
field for the card a stand-in replaces, refuses a stand-in with no card; the table created plays the
blanks written, and its waiting page says what each blank does, in English and in Portuguese.
"""

from __future__ import annotations

import pytest
from test_browser import api, browser  # noqa: F401  (browser: a shared fixture)
from web_support import LiveServer

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]


def test_browser_the_lobby_writes_a_rule_on_each_blank_card(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'b.db'}") as srv:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        page.goto(srv.url + "/")
        page.get_by_test_id("name-input").fill("Ana")
        page.wait_for_function("document.querySelectorAll('[data-testid=\"deck-select\"] option').length > 1")
        assert page.get_by_test_id("blank-cards").is_hidden()                     # the classic deck has none
        assert page.locator('[data-testid="table-param-blanks"]').count() == 0    # written by the selects
        page.get_by_test_id("deck-select").select_option("112")
        assert page.get_by_test_id("blank-cards").is_visible()
        assert page.locator('[data-testid^="blank-effect-"]').count() == 3
        page.get_by_test_id("decks-input").fill("2")
        assert page.locator('[data-testid^="blank-effect-"]').count() == 6        # 3 a deck
        page.get_by_test_id("decks-input").fill("1")
        assert page.locator('[data-testid^="blank-effect-"]').count() == 3
        page.get_by_test_id("blank-effect-0").select_option("bianca")
        assert page.get_by_test_id("blank-card-1").is_hidden()
        page.get_by_test_id("blank-effect-1").select_option("card")
        assert page.get_by_test_id("blank-card-1").is_visible()
        page.get_by_test_id("create-submit").click()                              # a stand-in with no card
        page.wait_for_function("document.querySelector('[data-testid=\"create-message\"]').textContent.includes('Blank 2')")
        assert "/t/" not in page.url
        page.get_by_test_id("blank-card-1").fill("r7")
        page.get_by_test_id("blank-effect-2").select_option("drawn")
        page.get_by_test_id("create-submit").click()
        page.wait_for_url("**/t/**")
        code = page.url.split("/t/")[1].split("#")[0]
        info = api(srv, f"/api/tables/{code}")
        assert info["options"]["blanks"] == "bianca/r7/drawn" and info["options"]["deck"] == "112"
        assert info["rules"] == "UNO 1121 blanks=bianca/r7/drawn"
        notes = page.get_by_test_id("wait-blanks")
        notes.wait_for()
        text = notes.inner_text()
        assert text.startswith("Blank cards: 1: carta bianca") and "2: stands in for a lost R7" in text
        assert "3: the next player draws" in text
        page.get_by_test_id("lang-toggle").click()
        page.wait_for_function("document.querySelector('[data-testid=\"wait-blanks\"]')"
                               "?.textContent.startsWith('Cartas em branco')")
        assert "substitui uma R7 perdida" in page.get_by_test_id("wait-blanks").inner_text()
        ctx.close()
