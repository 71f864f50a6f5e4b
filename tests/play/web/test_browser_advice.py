"""The rule advisor in the lobby as a person uses it (issue 26, point 2): Debian's Chromium (driven by Playwright, as in
test_browser.py, whose browser fixture this module shares) against a real uvicorn server on loopback.

Each rule's measured effect appears beside its name, the "With these rules" panel shows the profile the lab gives
for the picked code (the numbers of ``code_profile`` with the same seeds), a refused code shows the parser's line,
"Ask the advisor" proposes ``advise()``'s codes and one goes into the picker; then the same in Portuguese. The
server measures 200 hands a question (``UNOKIT_ADVICE_HANDS``), so the test runs in seconds. With
``UNOKIT_SCREENSHOTS=1`` the pictures of docs/lab/advise.md are written to docs/img/lobby-advisor.png and
docs/img/lobby-advisor-pt.png (a folder name instead of 1: written there), measured with the server's own counts
(2,000 hands a profile, 600 a rule's effect) so that the pictures show real numbers.
"""

from __future__ import annotations

import os
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

import pytest
from test_browser import browser  # noqa: F401  (the module's Chromium: a shared fixture)
from web_support import LiveServer, referee_only

from unokit.fast import compiled
from unokit.lab.advise import Wants, advise, code_profile, rule_effects

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser"),
              pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")]

DOCS_IMG = Path(__file__).resolve().parents[3] / "docs" / "img"
#: hands a question: few for the test, the server's defaults for the docs' pictures (their numbers are read)
HANDS = 2000 if os.environ.get("UNOKIT_SCREENSHOTS") else 200
SCREEN, MATCHES, REFEREE = min(600, HANDS), min(200, HANDS), min(200, HANDS)


def screenshot_dir() -> Path | None:
    value = os.environ.get("UNOKIT_SCREENSHOTS")
    if not value:
        return None
    return DOCS_IMG if value == "1" else Path(value)


def wait_attr(page, testid: str, attr: str, value: str, timeout=30_000):
    page.wait_for_function(
        "([id, a, v]) => { const n = document.querySelector(`[data-testid=\"${id}\"]`); return n && n.getAttribute(a) === v; }",
        arg=[testid, attr, value], timeout=timeout)


def wait_panel(page, code: str):
    """The panel shows ``code``'s profile (its question answered, none pending)."""
    page.wait_for_function(
        "(c) => { const n = document.querySelector('[data-testid=advice-panel]');"
        " return n && n.dataset.state === 'ready' && n.dataset.code === c; }", arg=code, timeout=30_000)


def pick(page, code: str):
    """Tick a rule in the picker (its group opened first)."""
    page.locator(f'details.rule-group:has([data-testid="rule-{code}"])').evaluate("d => { d.open = true; }")
    page.get_by_test_id(f"rule-{code}").click()       # the picker is drawn again: ask the new box
    assert page.get_by_test_id(f"rule-{code}").is_checked()


def show_picker(page):
    """For the pictures: the first groups of the picker open, at the top of the window, the advisor beside."""
    page.locator("details.rule-group").nth(0).evaluate("d => { d.open = true; }")
    page.locator("details.rule-group").nth(1).evaluate("d => { d.open = true; }")
    page.locator("#picker").evaluate("n => n.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def cell(page, row: str, col: int = 0):
    return page.locator(f'[data-testid="advice-{row}"] td').nth(col)


def en(x: float, digits: int = 1) -> str:
    """As the page writes a number (``toLocaleString``: the shortest decimal of the float, rounded half to even)."""
    q = Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)
    return f"{q:,.{digits}f}"


def pt(x: float, digits: int = 1) -> str:
    return en(x, digits).replace(",", "_").replace(".", ",").replace("_", ".")


def check_panel(page, prof: dict, num) -> None:
    """The panel's figures are the profile's: values exactly, text as the page formats them."""
    p, ref = prof["profile"], prof["reference"]
    m = p["minutes"]
    assert float(cell(page, "minutes").get_attribute("data-value")) == m["mean"]
    assert cell(page, "minutes").inner_text() == f"{num(m['mean'])} [{num(m['lo'])}, {num(m['hi'])}]"
    assert cell(page, "minutes", 1).inner_text() == num(ref["minutes"]["mean"])
    sk = p["skill"]
    assert float(cell(page, "skill").get_attribute("data-value")) == sk["edge"]
    edge = 100 * sk["edge"]
    assert cell(page, "skill").inner_text().startswith(f"{'+' if edge >= 0 else '-'}{num(abs(edge))} pts [")
    fs = p["first_seat"]
    assert float(cell(page, "first").get_attribute("data-value")) == fs["edge"]
    assert float(cell(page, "first", 1).get_attribute("data-value")) == ref["first_seat"]["edge"]
    lh = p["long_hand"]
    assert float(cell(page, "long").get_attribute("data-value")) == lh["rate"]
    assert cell(page, "long").inner_text().startswith(f"{num(100 * lh['rate'])}% [")
    assert str(lh["turns_over"]) in page.locator('[data-testid="advice-long"] th').inner_text()


def test_browser_advice_effects_panel_and_advisor_in_english_and_portuguese(browser, tmp_path, monkeypatch):  # noqa: F811
    cache = tmp_path / "cache"
    monkeypatch.setenv("UNOKIT_ADVICE_HANDS", str(HANDS))
    monkeypatch.setenv("UNOKIT_ADVICE_CACHE", str(cache))
    referee_only(monkeypatch, "UNO 1121 FLEX")   # (the compiled core plays Flex now: the report's path shown with it)
    shots = screenshot_dir()
    with LiveServer(f"sqlite:///{tmp_path / 'a.db'}") as srv:
        ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-GB")
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(srv.url + "/")
        page.get_by_test_id("name-input").fill("Ana")

        # 1. each rule's effect at the table's size (4 seats), as the lab measured it with the server's seeds
        wait_attr(page, "effects-status", "data-state", "ready")
        want = rule_effects(4, hands=SCREEN, seed=0, jobs=1, cache=cache)["rules"]
        for code in ("DR", "SAT", "JUMPIN", "FU"):
            assert want[code]["status"] == "measured" and want[code]["effects"], code
            assert page.get_by_test_id(f"rule-effect-{code}").text_content() == want[code]["label"]
        assert "shorter" in want["DR"]["label"] and "longer" in want["SAT"]["label"]
        assert page.get_by_test_id("rule-effect-V").text_content() == "no difference the bots can see"
        assert page.get_by_test_id("rule-effect-TV").text_content() == "changes matches, not hands"
        flex = page.get_by_test_id("rule-effect-FLEX")   # only the referee plays it: the report's numbers, said so
        assert flex.get_attribute("data-source") == "report" and "report, 4 players" in flex.text_content()
        assert f"{SCREEN:,} hands" in page.get_by_test_id("effects-status").inner_text()

        # 2. the panel follows the picks (debounced) with the lab's numbers for the canonical code
        wait_panel(page, "UNO 1121")
        pick(page, "DR")
        pick(page, "P2")
        wait_panel(page, "UNO 1121 DR-P2")
        prof = code_profile("UNO 1121 DR-P2", 4, hands=HANDS, seed=0, referee_hands=REFEREE, jobs=1, cache=cache)
        check_panel(page, prof, en)
        source = page.get_by_test_id("advice-source").inner_text()
        assert prof["source"] in source and f"n = {HANDS:,} hands" in source

        # a refused code: the parser's one line, no numbers
        page.get_by_test_id("rules-input").fill("UNO 1121 DR-DD")
        page.wait_for_function("document.querySelector('[data-testid=advice-panel]').dataset.state === 'refused'",
                               timeout=30_000)
        assert "cannot be combined" in page.get_by_test_id("advice-error").inner_text()
        assert page.locator('[data-testid="advice-minutes"]').count() == 0

        # 3. ask the advisor: short hands, more luck; a proposal goes into the picker
        page.get_by_test_id("ask-minutes").fill("3")
        page.get_by_test_id("ask-luck").select_option("1")
        page.get_by_test_id("ask-exclude").fill("T, SEVENO")
        page.get_by_test_id("ask-submit").click()
        page.get_by_test_id("proposal-0").wait_for(timeout=60_000)
        advice = advise(4, Wants(minutes=3.0, luck=1, exclude=("T", "SEVENO")), hands=HANDS, screen_hands=SCREEN,
                        matches=MATCHES, seed=0, top=3, referee_hands=REFEREE, jobs=1, cache=cache)
        codes = [row["rules"] for row in advice["proposals"]]
        shown = [page.get_by_test_id(f"proposal-code-{i}").inner_text() for i in range(len(codes))]
        assert shown == codes and page.get_by_test_id(f"proposal-{len(codes)}").count() == 0
        assert page.get_by_test_id("proposal-why-0").inner_text() == advice["proposals"][0]["why"]
        page.get_by_test_id("proposal-use-0").click()
        wait_panel(page, codes[0])
        assert page.get_by_test_id("rules-input").input_value() == codes[0]
        for added in advice["proposals"][0]["added"]:
            if page.get_by_test_id(f"rule-{added}").count():
                assert page.get_by_test_id(f"rule-{added}").is_checked(), added
        if shots:
            show_picker(page)
            page.screenshot(path=str(shots / "lobby-advisor.png"))

        # 4. the same in Portuguese: labels, panel and proposals in words and numbers of the page's language
        page.get_by_test_id("lang-toggle").click()
        page.wait_for_function("document.documentElement.lang === 'pt-BR'")
        dr = page.get_by_test_id("rule-effect-DR").text_content()
        assert dr.startswith("mãos ≈ ") and "% mais curtas" in dr
        assert want["DR"]["effects"][0]["pct"] == int(dr.split("≈ ")[1].split("%")[0])
        assert page.get_by_test_id("rule-effect-V").text_content() == "nenhuma diferença que os bots percebam"
        assert page.locator("#advice-title").inner_text() == "Com estas regras"
        assert page.locator("#ask-title").inner_text() == "Pergunte ao conselheiro"
        assert page.get_by_test_id("ask-submit").inner_text() == "Perguntar"
        page.get_by_test_id("rules-input").fill("UNO 1121 C-FU")
        wait_panel(page, "UNO 1121 FU-C")
        prof = code_profile("UNO 1121 FU-C", 4, hands=HANDS, seed=0, referee_hands=REFEREE, jobs=1, cache=cache)
        check_panel(page, prof, pt)
        source = page.get_by_test_id("advice-source").inner_text()
        n = f"{HANDS:,}".replace(",", ".")
        assert f"n = {n} mãos" in source and f"medido (compilado, {n} mãos com 4 jogadores)" in source
        page.get_by_test_id("ask-submit").click()
        page.wait_for_function("!document.querySelector('[data-testid=ask-submit]').disabled")
        assert page.get_by_test_id("proposal-code-0").inner_text() == codes[0]
        why = page.get_by_test_id("proposal-why-0").inner_text()
        assert why and why != advice["proposals"][0]["why"]            # the effects, in Portuguese
        assert page.get_by_test_id("proposal-use-0").inner_text() == "Usar este código"
        if shots:
            show_picker(page)
            page.screenshot(path=str(shots / "lobby-advisor-pt.png"))

        # 5. another table size: new labels, measured for 3 players
        page.get_by_test_id("seats-input").fill("3")
        page.wait_for_function("(() => { const n = document.querySelector('[data-testid=effects-status]');"
                               " return n.dataset.state === 'ready' && n.textContent.includes('3 jogadores'); })()",
                               timeout=30_000)
        want3 = rule_effects(3, hands=SCREEN, seed=0, jobs=1, cache=cache)["rules"]
        assert want3["DR"]["effects"][0]["pct"] == int(
            page.get_by_test_id("rule-effect-DR").text_content().split("≈ ")[1].split("%")[0])
        wait_panel(page, "UNO 1121 FU-C")
        assert "3 jogadores" in page.locator(".adv-code").inner_text()
        assert errors == []
        ctx.close()
