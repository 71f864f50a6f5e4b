"""The UNO solitaire page as a person uses it: Debian's Chromium (driven by Playwright, as in
test_browser.py, whose browser fixture this module shares) against a real uvicorn server on loopback.

Deal 14 starts with three legal moves: ``d``, ``2>1`` (Y3 onto Y4) and ``6>f`` (R1 home, which the
hint gives). With ``UNOKIT_SCREENSHOTS=1`` the picture of docs/solitaire-web.md is written to
docs/img/solitaire-web.png (a folder name instead of 1: written there).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_browser import browser  # noqa: F401  (the module's Chromium: a shared fixture)
from web_support import LiveServer

from unokit.solitaire.game import Move, Solitaire

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

DOCS_IMG = Path(__file__).resolve().parents[3] / "docs" / "img"
ONE_FROM_WIN = {"columns": ["BS"], "foundations": [f"{c}S" for c in "RRYYGGB"] + ["BR"]}


def screenshot_dir() -> Path | None:
    value = os.environ.get("UNOKIT_SCREENSHOTS")
    if not value:
        return None
    return DOCS_IMG if value == "1" else Path(value)


def game_of(srv, page):
    """The server's game behind the page (its id is in the page's localStorage)."""
    gid = page.evaluate("localStorage.getItem('unokit:solitaire')")
    entry = srv.app.state.solitaire.get(gid)
    assert entry is not None, gid
    return gid, entry.game


def wait_moves(page, text: str):
    page.wait_for_function("(t) => document.querySelector('[data-testid=moves]').textContent === t", arg=text,
                           timeout=10_000)


def top_of(page, column: int) -> str | None:
    cards = page.locator(f'[data-testid="column-{column}"] .card[data-card]')
    return cards.last.get_attribute("data-card") if cards.count() else None


def test_browser_solitaire_a_move_by_clicking_undo_hint_keys_and_portuguese(browser, tmp_path):  # noqa: F811
    shots = screenshot_dir()
    with LiveServer(f"sqlite:///{tmp_path / 's.db'}") as srv:
        ctx = browser.new_context(viewport={"width": 1100, "height": 760}, locale="en-GB")
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.url + "/solitaire?seed=14")
        wait_moves(page, "0 moves")
        _, game = game_of(srv, page)
        assert [top_of(page, i + 1) for i in range(7)] == [game.column(i)[1][-1].code for i in range(7)]
        assert page.locator('[data-testid="column-7"] .card.back').count() == 6     # face down: backs only
        assert page.get_by_test_id("stock").inner_text().strip().endswith("68")

        # a legal move by clicking: column 2 (Y3), then column 1 (Y4)
        page.get_by_test_id("column-2").click()
        assert "selected" in page.get_by_test_id("column-2").get_attribute("class")
        page.get_by_test_id("column-1").click()
        wait_moves(page, "1 move")
        _, game = game_of(srv, page)
        assert game.history == [Move("2", "1")]
        assert top_of(page, 1) == "Y3" and top_of(page, 2) == game.column(1)[1][-1].code
        assert page.locator('[data-testid="column-2"] .card.back').count() == 0     # its card turned up

        # an illegal one: refused, and said so
        page.get_by_test_id("column-1").click()
        page.get_by_test_id("foundation-1").click()
        page.wait_for_function("document.querySelector('[data-testid=message]').dataset.kind === 'error'")
        assert "fits no foundation" in page.get_by_test_id("message").inner_text()
        assert len(game_of(srv, page)[1].history) == 1

        # undo
        page.get_by_test_id("undo").click()
        wait_moves(page, "0 moves")
        assert game_of(srv, page)[1].history == []
        assert top_of(page, 1) == "Y4" and top_of(page, 2) == "Y3"
        assert page.get_by_test_id("undo").is_disabled()

        # a hint: R1 home from column 6, lit on the board
        page.get_by_test_id("hint").click()
        page.wait_for_function("document.querySelector('[data-testid=message]').dataset.kind === 'hint'")
        assert "6>f" in page.get_by_test_id("message").inner_text()
        assert "hinted" in page.get_by_test_id("column-6").get_attribute("class")
        assert "hinted" in page.get_by_test_id("foundation-1").get_attribute("class")

        # the notation typed in the box: turn the stock twice
        for _ in range(2):
            page.get_by_test_id("move-input").fill("d")
            page.get_by_test_id("move-input").press("Enter")
        wait_moves(page, "2 moves")
        assert page.get_by_test_id("waste").locator(".card").count() == 2
        assert page.get_by_test_id("move-input").input_value() == ""
        page.get_by_test_id("move-input").fill("1>f")                  # Y4: refused, left in the box to correct
        page.get_by_test_id("move-go").click()
        page.wait_for_function("document.querySelector('[data-testid=message]').dataset.kind === 'error'")
        assert page.get_by_test_id("move-input").input_value() == "1>f"
        assert len(game_of(srv, page)[1].history) == 2
        page.get_by_test_id("move-input").fill("")
        page.get_by_test_id("hint").click()
        page.wait_for_function("document.querySelector('[data-testid=message]').dataset.kind === 'hint'")
        if shots:
            page.wait_for_timeout(300)
            page.screenshot(path=str(shots / "solitaire-web.png"))

        # Portuguese
        page.get_by_test_id("lang-toggle").click()
        assert page.locator("h1").inner_text() == "Paciência UNO"
        assert page.get_by_test_id("undo").inner_text() == "Desfazer"
        assert page.get_by_test_id("moves").inner_text() == "2 jogadas"
        assert page.get_by_test_id("message").inner_text().startswith("Dica:")
        assert page.evaluate("document.documentElement.lang") == "pt-BR"
        page.get_by_test_id("rules-link").click()
        assert page.get_by_test_id("rules").evaluate("d => d.open")
        assert "96 cartas" in page.get_by_test_id("rules").inner_text()
        assert not errors, errors
        ctx.close()


def test_browser_solitaire_the_win_on_a_phone(browser, tmp_path):  # noqa: F811
    with LiveServer(f"sqlite:///{tmp_path / 'w.db'}") as srv:
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", has_touch=True)
        page = ctx.new_page()
        page.goto(srv.url + "/")
        page.get_by_test_id("solitaire-link").click()                  # from the lobby
        page.wait_for_url("**/solitaire")
        wait_moves(page, "0 jogadas")
        gid, _ = game_of(srv, page)

        async def rig():
            srv.app.state.solitaire.get(gid).game = Solitaire.from_layout(**ONE_FROM_WIN)
        srv.call(rig)
        page.reload()                                                 # the same game, resumed from localStorage
        wait_moves(page, "0 jogadas")
        assert top_of(page, 1) == "BS"
        # the board fits the phone's width
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.get_by_test_id("column-1").tap()
        page.get_by_test_id("column-1").tap()                          # the same twice: the best place, home
        wait_moves(page, "1 jogada")
        assert page.get_by_test_id("won").is_visible()
        assert page.get_by_test_id("won").inner_text().startswith("Você venceu em 1 jogada!")
        assert game_of(srv, page)[1].won
        page.get_by_test_id("won-new").tap()
        wait_moves(page, "0 jogadas")
        assert game_of(srv, page)[0] != gid and not page.get_by_test_id("won").is_visible()
        ctx.close()
