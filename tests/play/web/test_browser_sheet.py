"""The printed house-rules sheet (issue 26, point 3) as a person prints it: Debian's Chromium (driven by
Playwright, as in test_browser.py, whose browser fixture this module shares) against a real uvicorn server on
loopback. The lobby's "Print these rules" link opens the sheet of the code and seats typed there; the sheet saved
as PDF is ONE A4 page holding every rule's plain words, in English and in Portuguese, for the guide's biggest
ready-made variation (nine rules). With ``UNOKIT_SCREENSHOTS=1`` the pictures of docs/sheet.md are written to
docs/img/sheet.png and docs/img/sheet-pt.png (a folder name instead of 1: written there): the page as printed
(print media, A4 width, the page margins as padding), measured with a server's default settings.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from test_browser import browser  # noqa: F401  (the module's Chromium: a shared fixture)
from web_support import LiveServer

from unokit.play.web.advice import AdviceSettings, Advisor
from unokit.rules import RuleSet
from unokit.rules.plain import plain

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

DOCS_IMG = Path(__file__).resolve().parents[3] / "docs" / "img"
CODE = "UNO 2121 DR-P4-PAA-SU-CAR-T-M-DOA-PRE"     # the guide's "Amigos" variation: nine rules
#: the sheet's measure in these tests: the code is played on the referee (the compiled core does not play it)
SETTINGS = AdviceSettings(hands=400, cache=None, referee_hands=80)
A4_PX = (794, 1123)    # 210 x 297 mm at 96 px an inch


def screenshot_dir() -> Path | None:
    value = os.environ.get("UNOKIT_SCREENSHOTS")
    if not value:
        return None
    return DOCS_IMG if value == "1" else Path(value)


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF: its page objects (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_browser_sheet_from_the_lobby_prints_on_one_a4_page(browser, tmp_path):  # noqa: F811
    shots = screenshot_dir()
    rs = RuleSet.parse(CODE)
    with LiveServer(f"sqlite:///{tmp_path / 's.db'}") as srv:
        # the docs' pictures show a server's numbers (its default hands), the test's own run fewer
        srv.app.state.advice = Advisor(AdviceSettings(cache=None) if shots else SETTINGS)
        ctx = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.url + "/")
        page.get_by_test_id("rules-input").fill(CODE)
        page.get_by_test_id("seats-input").fill("5")
        link = page.get_by_test_id("sheet-link")
        assert link.inner_text() == "Print these rules"
        with ctx.expect_page(timeout=300_000) as opened:      # (the first sheet of a code measures it)
            link.click()
        sheet = opened.value
        sheet.wait_for_load_state()
        assert "/sheet?" in sheet.url and "players=5" in sheet.url and "lang=en" in sheet.url
        assert sheet.get_by_test_id("sheet-code").inner_text() == rs.code
        assert sheet.get_by_test_id("sheet-print").is_visible()          # the button, on screen only
        sheet.close()

        for lang in ("en", "pt"):
            page.goto(f"{srv.url}/sheet?rules={CODE.replace(' ', '%20')}&players=5&lang={lang}")
            text = page.locator("body").inner_text()
            for code, _, params in rs.rules:
                assert plain(code, lang, dict(params)) in text, (code, lang)
            page.emulate_media(media="print")
            assert not page.get_by_test_id("sheet-print").is_visible()     # @media print hides it
            pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
            assert pdf.startswith(b"%PDF")
            assert pdf_pages(pdf) == 1, f"the {lang} sheet of {CODE} takes {pdf_pages(pdf)} pages"
            if shots:
                page.set_viewport_size({"width": A4_PX[0], "height": A4_PX[1]})
                page.add_style_tag(content="body.sheet { padding: 11mm 12mm; }")   # the @page margins
                page.screenshot(path=str(shots / ("sheet.png" if lang == "en" else "sheet-pt.png")), full_page=True)
                page.set_viewport_size({"width": 1200, "height": 900})
            page.emulate_media(media="screen")

        page.goto(f"{srv.url}/sheet?rules=UNO%201121%20XYZ&lang=pt")
        assert "XYZ" in html.unescape(page.get_by_test_id("sheet-error").inner_text())
        assert not errors, errors
        ctx.close()
