"""UNO Flip at the web table as a person sees it: Debian's Chromium (driven by Playwright, as in
test_browser.py, whose browser fixture this module shares) against a real uvicorn server on loopback.

A person plays with two bots until the table has been on both sides; at every look the page must
agree with the side in play: the side badge (and the page's ``data-side``), your hand and the pile
drawn dark exactly on the dark side, the others' backs and the stock's back drawn as the other side,
and a colour picker offering only the side's colours (P T O V on the dark side). Then the badge in
Portuguese. With ``UNOKIT_SCREENSHOTS=DIR`` a picture of the dark side is written to DIR/flip-web.png.
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
  const badge = document.querySelector('[data-testid="side"]');
  if (!badge) return null;
  const all = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const card = (c) => [c.dataset.card, c.classList.contains("dark")];
  const top = document.querySelector('[data-testid="top-card"]');
  const stock = document.querySelector('[data-testid="stock-back"]');
  return {
    side: badge.dataset.side, badge: badge.textContent.trim(), page: document.body.dataset.side || null,
    top: top ? card(top) : null, stock: stock ? card(stock) : null,
    hand: all('[data-testid="hand"] .card').map(card),
    backs: all('[data-testid^="backs-"]').map((b) => [Number(b.dataset.testid.slice(6)), all(".card", b).map(card)]),
    colors: all('#prompt [data-testid^="color-"]').map((b) => b.dataset.testid.slice(6)),
    me: Number((document.querySelector('.seat.me') || { dataset: {} }).dataset.testid?.slice(5) ?? -1),
  };
}"""


def check(look: dict) -> None:
    """The page agrees with the side in play."""
    side = look["side"]
    dark = side == "dark"
    assert side in ("light", "dark") and look["page"] == side
    assert look["badge"].endswith("Dark side" if dark else "Light side"), look["badge"]
    assert look["top"] is not None and look["top"][1] == dark, look["top"]
    assert all(is_dark == dark for _, is_dark in look["hand"]), look["hand"]
    assert look["backs"] and look["me"] not in [seat for seat, _ in look["backs"]]
    for _, cards in look["backs"]:
        assert all(is_dark != dark for _, is_dark in cards), (side, cards)
    if look["stock"] is not None:
        assert look["stock"][1] != dark, look["stock"]
    assert set(look["colors"]) <= set("PTOV" if dark else "RYGB"), (side, look["colors"])


def take_a_turn(page, dark: bool) -> bool:
    """The first playable card (a wild first on the dark side, to see its picker), the first colour
    offered, else draw, else pass."""
    prompt = page.get_by_test_id("prompt")
    if prompt.count() and prompt.is_visible():
        colors = prompt.locator('[data-testid^="color-"]')
        if colors.count():
            return click(colors.first)
        if page.get_by_test_id("compose-done").count():
            return click(page.get_by_test_id("compose-done"))
        return click(page.get_by_test_id("option-0"))
    if not page.locator('[data-testid="turn-indicator"].mine').count():
        return False
    wild = page.locator('[data-testid="hand"] button.playable.wild')
    if dark and wild.count():
        return click(wild.first)
    cards = page.locator('[data-testid="hand"] button.playable')
    if cards.count():
        return click(cards.first)
    for key in ("draw", "pass"):
        b = page.get_by_test_id(key)
        if b.count() and b.is_enabled():
            return click(b)
    return False


def test_browser_a_flip_table_shows_the_side_in_play_dark_cards_and_the_others_backs(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'f.db'}") as srv:
        t = api(srv, "/api/tables", {"rules": "UNO FLIP", "seats": 3, "name": "Ana", "bots": {"1": "greedy", "2": "greedy"},
                                     "bot_think": 0.15, "uno_grace": 0.2, "between_hands": 0.3, "seed": 11})
        ctx, page = open_seat(browser, srv, t["url"], viewport={"width": 1200, "height": 860}, locale="en-GB")
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.get_by_test_id("start").click()
        wait_status(page, "playing")
        looks = {"light": 0, "dark": 0}
        pickers = {"light": 0, "dark": 0}
        shot = None
        deadline = time.monotonic() + 35
        while time.monotonic() < deadline and not (looks["dark"] >= 3 and looks["light"] >= 3 and pickers["dark"]):
            look = page.evaluate(LOOK)
            if look is None:               # between hands, or not drawn yet
                page.wait_for_timeout(50)
                continue
            check(look)
            looks[look["side"]] += 1
            if look["colors"]:
                pickers[look["side"]] += 1
                assert sorted(look["colors"]) == sorted("PTOV" if look["side"] == "dark" else "RYGB")
            if look["side"] == "dark" and shot is None:
                shot = look
                out = os.environ.get("UNOKIT_SCREENSHOTS")
                if out and out != "1":
                    page.screenshot(path=str(Path(out) / "flip-web.png"))
            take_a_turn(page, look["side"] == "dark")
            page.wait_for_timeout(40)
        assert looks["light"] and looks["dark"], f"the table never showed both sides: {looks}"

        # in Portuguese
        page.get_by_test_id("lang-toggle").click()
        page.wait_for_function("""() => {
          const b = document.querySelector('[data-testid="side"]');
          return b && /Lado (claro|escuro)/.test(b.textContent);
        }""", timeout=10_000)
        # the badge's text and side read in one go: the bots play on, and the side may flip between two reads
        text, side = page.evaluate("""() => {
          const b = document.querySelector('[data-testid="side"]');
          return [b.textContent.trim(), b.dataset.side];
        }""")
        assert text.endswith("Lado escuro" if side == "dark" else "Lado claro"), (text, side)
        assert not errors, errors
        ctx.close()
