"""The guide's hand order at the web table as a person sees it: Debian's Chromium (driven by Playwright,
as in test_browser.py, whose browser fixture this module shares) against a real uvicorn server.

The button "Guide's order" above the hand (key O) toggles the hand between the order shown before
(as dealt, or by colour when chosen on /learn) and the guide's, which the server sends
(``hand_order``, from unokit/play/handorder.py); the choice is kept in localStorage across reloads.
"""

from __future__ import annotations

import pytest
from test_browser import api, browser, open_seat, set_position, wait_status  # noqa: F401  (browser: a shared fixture)
from web_support import LiveServer

from unokit.play.handorder import colour_order, guide_order

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

RULES = "UNO 1121"
DEALT = ["B4", "Y1", "W+4", "G1", "B3", "Y3", "GR"]


def shown(page) -> list[str]:
    """The hand as the page shows it, left to right."""
    return [b.get_attribute("data-testid")[5:] for b in
            page.locator('[data-testid="hand"] [data-testid^="card-"]').all()]


def wait_hand(page, want: list[str], timeout=10.0) -> None:
    page.wait_for_function("""(want) => {
      const got = Array.from(document.querySelectorAll('[data-testid="hand"] [data-testid^="card-"]'))
        .map((b) => b.dataset.testid.slice(5));
      return JSON.stringify(got) === JSON.stringify(want);
    }""", arg=want, timeout=timeout * 1000)


def pressed(page) -> str | None:
    return page.get_by_test_id("hand-order").get_attribute("aria-pressed")


def stored(page, key="unokit:handOrder"):
    return page.evaluate(f"localStorage.getItem({key!r})")


def test_browser_the_guides_order_button_and_key_o_rearrange_the_hand_and_are_remembered(browser, tmp_path):  # noqa: F811
    guide = guide_order(DEALT)
    assert guide == ["GR", "G1", "Y1", "Y3", "B3", "B4", "W+4"] and guide != DEALT
    with LiveServer(f"sqlite:///{tmp_path / 'h.db'}") as srv:
        # Ana against one bot that thinks for a long time; Ana is to play, so nothing moves under her
        t = api(srv, "/api/tables", {"rules": RULES, "seats": 2, "name": "Ana", "bots": {"1": "greedy"},
                                     "match": False, "bot_think": 10})
        ctx, page = open_seat(browser, srv, t["url"], viewport={"width": 1100, "height": 800}, locale="en-GB")
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.get_by_test_id("start").click()
        wait_status(page, "playing")
        set_position(srv, t["table"], [" ".join(DEALT), "R1 R2 R3 R4 R5 R6 R7"], "R9",
                     "B1 B2 G2 G3 Y4 Y5 Y6 R8 G8 B8", RULES)
        wait_hand(page, DEALT)                                   # no choice yet: as dealt
        button = page.get_by_test_id("hand-order")
        assert pressed(page) == "false" and button.inner_text().startswith("Guide's order")

        button.click()                                           # the guide's order, from the server
        wait_hand(page, guide)
        assert pressed(page) == "true" and stored(page) == "guide"

        page.reload()                                            # remembered by the browser
        wait_status(page, "playing")
        wait_hand(page, guide)
        assert pressed(page) == "true"

        page.locator("body").press("o")                          # the key O: back to the order before
        wait_hand(page, DEALT)
        assert pressed(page) == "false" and stored(page) is None

        # chosen "by colour" on /learn: the button goes from it to the guide's order and back to it
        page.evaluate("localStorage.setItem('unokit:handOrder', 'colour')")
        page.reload()
        wait_status(page, "playing")
        wait_hand(page, colour_order(DEALT))
        page.get_by_test_id("hand-order").click()
        wait_hand(page, guide)
        page.get_by_test_id("hand-order").click()
        wait_hand(page, colour_order(DEALT))
        assert stored(page) == "colour"

        page.get_by_test_id("lang-toggle").click()               # in Portuguese
        page.wait_for_function("""() => {
          const b = document.querySelector('[data-testid="hand-order"]');
          return b && b.textContent.startsWith('Ordem do guia');
        }""", timeout=10_000)
        assert shown(page) == colour_order(DEALT) and not errors, errors
        ctx.close()
