"""UNO Flex at the web table as a person sees it: Debian's Chromium (driven by Playwright, as in
test_browser.py, whose browser fixture this module shares) against a real uvicorn server on loopback.

A person plays with two bots, using a card's flex side whenever the page offers it: every seat shows its
power card (✔ green, ✘ red, with words for screen readers), tapping a card whose flex side may be used
asks which side (the flexed face drawn as such), a flexed wild names a colour and then a seat through the
seat buttons, and the person's power card turns red after a flex side. With ``UNOKIT_SCREENSHOTS=DIR`` a
picture of the side's choice is written to DIR/flex-web.png.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_browser import api, browser, click, open_seat, wait_status  # noqa: F401  (browser: a shared fixture)
from web_support import LiveServer

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

LOOK = """() => {
  const all = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const me = document.querySelector('.seat.me');
  return {
    powers: all('[data-testid^="power-"]').map((p) => [Number(p.dataset.testid.slice(6)), p.dataset.power,
      p.getAttribute("aria-label")]),
    me: me ? Number(me.dataset.testid.slice(5)) : null,
    hand: all('[data-testid="hand"] .card').map((c) => [c.dataset.card, c.className]),
    flexPrompt: all('#prompt [data-use]').map((b) => [b.dataset.use, b.disabled,
      (b.querySelector(".card") || { dataset: {} }).dataset.card, (b.querySelector(".card") || {}).className]),
    mine: document.querySelectorAll('[data-testid="turn-indicator"].mine').length > 0,
  };
}"""


def test_browser_a_flex_table_shows_power_cards_and_offers_the_flex_side(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'x.db'}") as srv:
        t = api(srv, "/api/tables", {"rules": "UNO FLEX", "seats": 3, "name": "Ana", "bots": {"1": "greedy", "2": "greedy"},
                                     "bot_think": 0.15, "uno_grace": 0.2, "between_hands": 0.3, "seed": 10,
                                     "match": False})
        ctx, page = open_seat(browser, srv, t["url"], viewport={"width": 1200, "height": 860}, locale="en-GB")
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.get_by_test_id("start").click()
        wait_status(page, "playing")
        prompts, went_red, targeted = [], False, False
        deadline = time.monotonic() + 35
        while time.monotonic() < deadline and not (prompts and went_red and targeted):
            if page.get_by_test_id("status").get_attribute("data-status") != "playing":
                break
            look = page.evaluate(LOOK)
            if look["me"] is None or not look["powers"]:
                page.wait_for_timeout(50)
                continue
            assert sorted(seat for seat, _, _ in look["powers"]) == [0, 1, 2]
            for _, power, label in look["powers"]:
                assert power in ("green", "red") and ("green" if power == "green" else "red") in label
            mine = {seat: power for seat, power, _ in look["powers"]}[look["me"]]
            went_red = went_red or (mine == "red" and bool(prompts))
            for code, cls in look["hand"]:                       # two-coloured numbers drawn in both colours
                if len(code) == 3 and code[1].isdigit() and code[2] in "RYGB":
                    assert "two-color" in cls and f"fx-{code[2]}" in cls, (code, cls)
            if look["flexPrompt"]:
                prompts.append(look["flexPrompt"])
                (use, _, regular, _), (fuse, disabled, flexed, flexed_cls) = look["flexPrompt"]
                assert (use, fuse) == ("flex-regular", "flex-use") and not disabled
                assert flexed == regular + "*" and "flexed" in flexed_cls
                out = os.environ.get("UNOKIT_SCREENSHOTS")
                if out and out != "1" and len(prompts) == 1:
                    page.screenshot(path=str(Path(out) / "flex-web.png"))
                click(page.locator('#prompt [data-use="flex-use"]'))
                page.wait_for_timeout(40)
                continue
            prompt = page.get_by_test_id("prompt")
            if prompt.count() and prompt.is_visible():
                targets = page.locator('[data-testid^="target-"]')
                if targets.count():                            # a flexed wild's seat: the seat buttons
                    targeted = True
                    click(targets.first)
                elif prompt.locator('[data-testid^="color-"]').count():
                    click(prompt.locator('[data-testid^="color-"]').first)
                elif page.get_by_test_id("compose-done").count():
                    click(page.get_by_test_id("compose-done"))
                else:
                    click(page.get_by_test_id("option-0"))
                page.wait_for_timeout(40)
                continue
            if look["mine"]:
                flex = page.locator('[data-testid="hand"] button.playable.can-flex')
                wild = page.locator('[data-testid="hand"] button.playable.can-flex.wild')
                cards = page.locator('[data-testid="hand"] button.playable')
                if wild.count():
                    click(wild.first)
                elif flex.count():
                    click(flex.first)
                elif cards.count():
                    click(cards.first)
                else:
                    for key in ("draw", "pass"):
                        b = page.get_by_test_id(key)
                        if b.count() and b.is_enabled():
                            click(b)
                            break
            page.wait_for_timeout(40)
        assert prompts, "the page never asked which side of a flex card to play"
        assert went_red, "the person's power card never turned red after a flex side"
        assert targeted, "no flexed wild asked for a seat"
        log = page.locator("#log").inner_text()
        assert "power cards now" in log
        assert not errors, errors
        ctx.close()
