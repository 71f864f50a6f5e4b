"""The /learn page as a person uses it: Debian's Chromium (driven by Playwright, as in test_browser.py,
whose browser fixture this module shares) against a real uvicorn server on loopback: the demo stepped
lesson by lesson, in English then Portuguese, a first game played to the end by clicking, a house
rule's game, and the hand order chosen there kept for the table page (localStorage)."""

from __future__ import annotations

import pytest
from test_browser import browser  # noqa: F401  (the module's Chromium: a shared fixture)
from web_support import LiveServer

from unokit.play.lessons import KEYS, TEXT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]


def click_through(page, limit=300) -> int:
    """Play the learner's game to its end by clicking: a lit card (and its first option), else a button."""
    clicks = 0
    while not page.get_by_test_id("play-over").is_visible():
        clicks += 1
        assert clicks < limit, "the game did not end"
        if page.get_by_test_id("wait").count():
            page.get_by_test_id("wait").click()
        elif page.locator("#options:not([hidden]) [data-testid=option-0]").count():
            page.get_by_test_id("option-0").click()
        elif page.locator("#hand .card.playable").count():
            page.locator("#hand .card.playable").first.click()
        elif page.get_by_test_id("choice-0").count():
            page.get_by_test_id("choice-0").click()
        page.wait_for_timeout(40)
    return clicks


def test_browser_learn_demo_game_and_house_rule(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'l.db'}") as srv:
        ctx = browser.new_context(viewport={"width": 1100, "height": 800}, locale="en-GB")
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.url + "/learn?seed=1")
        page.wait_for_selector("[data-testid=demo-seat-2]")
        assert TEXT["en"]["goal"][0] in page.get_by_test_id("demo-lesson").text_content()
        for _ in range(len(KEYS) - 1):
            page.get_by_test_id("demo-next-lesson").click()
        assert TEXT["en"]["points"][0] in page.get_by_test_id("demo-lesson").text_content()
        assert page.locator("#lesson-list li.done").count() == len(KEYS)
        page.get_by_test_id("lang-toggle").click()
        page.wait_for_function("() => document.querySelector('[data-testid=demo-lesson]').textContent"
                               f".includes({TEXT['pt']['points'][0]!r})")
        assert "Jogada" in page.get_by_test_id("demo-count").text_content()

        page.get_by_test_id("tab-play").click()
        page.wait_for_selector("[data-testid=hand] .card")
        assert "Dica" in page.get_by_test_id("play-hint").text_content()
        click_through(page)
        assert "UNO 1121" in page.get_by_test_id("play-rules").text_content()

        page.get_by_test_id("tab-house").click()
        page.get_by_test_id("house-next").click()                # DR, the second rule of the path
        assert "DR" in page.get_by_test_id("house-rule").text_content()
        page.get_by_test_id("house-play").click()
        page.wait_for_function("() => document.querySelector('[data-testid=play-rules]').textContent"
                               ".includes('UNO 1121 DR')")
        click_through(page)

        # the order chosen here sorts the hand on the table page (localStorage)
        page.get_by_test_id("play-order").click()
        assert page.evaluate("localStorage.getItem('unokit:handOrder')") == "colour"
        page.get_by_test_id("play-order").click()
        assert page.evaluate("localStorage.getItem('unokit:handOrder')") == "guide"
        assert errors == []
