"""``GET /sheet`` (issue 26, point 3): the printable house-rules sheet of any code, in English and Portuguese.

Each rule of the code in plain words with its parameters' values, the four ambiguity choices as chosen (and the
others), the scoring, and the profile's numbers equal to :func:`unokit.lab.advise.code_profile`'s for the same
code, table size and settings; a refused code or table is a 400 page holding the one-line reason; a fuzzed query
is never a 500. The profile is measured on few hands here (the advisor's settings, ``app.state.advice``)."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.lab.advise import code_profile
from unokit.play.web.advice import AdviceSettings, Advisor
from unokit.play.web.app import create_app
from unokit.rules.catalog import IMPLEMENTED
from unokit.rules.plain import AMBIGUITY_PT, plain
from unokit.rules.ruleset import AMBIGUITY, RuleSet

SETTINGS = AdviceSettings(hands=150, cache=None, referee_hands=10, burst=10_000)
CODES = ["UNO 1121 DR-P4", "UNO 2212 TV(wins=2)-SUSE(penalty=3,word=carta)-DAD(table=0/1/2/2/3/3)-MOV",
         "UNO 3111 FL(variant=numbers)-C-P2 scoring=lowest target=300", "UNO FLIP", "UNO 1121"]


@pytest.fixture(scope="module")
def client():
    app = create_app("sqlite://", post_rate=0)
    app.state.advice = Advisor(SETTINGS)
    with TestClient(app) as c:
        yield c


def text_of(page: str) -> str:
    """The page's text as a reader sees it: tags dropped, entities read, white space folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def num(x: float, digits: int, lang: str) -> str:
    s = f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "pt" else s


def pts(x: float, lang: str) -> str:
    """A rate as signed percentage points."""
    s = f"{x * 100:+.1f}"
    return s.replace(".", ",") if lang == "pt" else s


def profile_figures(p: dict, lang: str) -> list[str]:
    """The figures a sheet must print for one profile, written from code_profile's numbers."""
    out = []
    for key in ("minutes", "turns", "cards_drawn"):
        d = p[key]
        out.append(f"{num(d['mean'], 1, lang)} [{num(d['lo'], 1, lang)}–{num(d['hi'], 1, lang)}] n={d['n']}")
    for key, rate in (("skill", "win"), ("first_seat", "rate")):
        d = p[key]
        out.append(f"{pts(d[rate] - d['fair'], lang)} [{pts(d['lo'] - d['fair'], lang)} … "
                   f"{pts(d['hi'] - d['fair'], lang)}] n={d['n']}")
    if p["long_hand"]:
        d = p["long_hand"]
        out.append(f"{num(d['rate'] * 100, 1, lang)}% [{num(d['lo'] * 100, 1, lang)}–{num(d['hi'] * 100, 1, lang)}] "
                   f"n={d['n']}")
    return out


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_sheet_states_each_rule_in_plain_words_with_its_values(client, code, lang):
    r = client.get("/sheet", params={"rules": code, "players": 4, "lang": lang})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/html")
    text = text_of(r.text)
    rs = RuleSet.parse(code)
    assert rs.code in text
    for rule, _, params in rs.rules:
        assert plain(rule, lang, dict(params)) in text, rule
    assert ("Regras da casa" if lang == "pt" else "House rules") in text
    assert "window.print()" in r.text and "@media print" not in r.text     # the print CSS: /static/sheet.css


@pytest.mark.parametrize("code", CODES[:3])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_sheet_shows_the_chosen_ambiguity_and_the_other_choices(client, code, lang):
    text = text_of(client.get("/sheet", params={"rules": code, "lang": lang}).text)
    rs = RuleSet.parse(code)
    for (letter, _, options), digit in zip(AMBIGUITY, rs.ambiguity):
        words = AMBIGUITY_PT[letter] if lang == "pt" else options
        assert f"{letter}{digit} " in text
        for d in options:        # the chosen one, then the others ("otherwise 2: ...")
            assert (words[d] if d == digit else f"{d}: {words[d]}") in text, (letter, d)


@pytest.mark.parametrize("code,players", [("UNO 1121 DR-P4", 4), ("UNO 1121 C-P2", 3), ("UNO 1121 DED", 5)])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_sheet_profile_numbers_equal_code_profile(client, code, players, lang):
    text = text_of(client.get("/sheet", params={"rules": code, "players": players, "lang": lang}).text)
    prof = code_profile(code, players, hands=SETTINGS.hands, referee_hands=SETTINGS.referee_hands, jobs=1)
    for figure in profile_figures(prof["profile"], lang) + profile_figures(prof["reference"], lang):
        assert figure in text, figure
    o = prof["origin"]
    if lang == "en":
        assert prof["source"] in text
    else:     # the source in Portuguese, from the profile's origin
        assert {"compiled": "medido (núcleo compilado", "referee": "medido (árbitro",
                "report": "do relatório das regras"}[o["engine"]] in text
        assert f"{o['players']} jogadores" in text and prof["source"] not in text


def test_sheet_scoring_follows_the_code(client):
    text = text_of(client.get("/sheet", params={"rules": "UNO 1121 C scoring=lowest target=300"}).text)
    assert "the lowest total wins" in text and "300" in text and "scoring=lowest" in text
    text = text_of(client.get("/sheet", params={"rules": "UNO 1121 TV(wins=2)", "lang": "pt"}).text)
    assert "o primeiro a vencer 2 mãos vence a partida" in text
    text = text_of(client.get("/sheet", params={"rules": "UNO 1121 FU(cards=5)"}).text)
    assert "Cards dealt: 5." in text and "Wild, Wild Draw Four: 50" in text and "Skip, Reverse, +2: 20" in text
    text = text_of(client.get("/sheet", params={"rules": "UNO FLIP"}).text)
    assert "Wild Draw Colour: 60" in text           # the edition's deck scores its own cards


@pytest.mark.parametrize("query,reason", [
    ({"rules": "UNO 1121 XYZ"}, "unknown rule code 'XYZ'"),
    ({"rules": "UNO 1121 DR-DD"}, "DR and DD cannot be combined"),
    ({"rules": "UNO 12"}, "four digits"),
    ({"rules": "UNO 1121 DR", "players": "11"}, "2 to 10 players with 1 deck(s), got 11"),
    ({"rules": "UNO 1121 DR", "players": "1"}, "2 to 10 players with 1 deck(s), got 1"),
    ({"rules": "UNO FLEX", "players": "9"}, "FLEX is for 2 to 8 players"),
    ({"rules": "UNO 1121 DR", "players": "four"}, "players must be a whole number"),
    ({"rules": "UNO 1121 C(" + "x" * 3000 + ")"}, "too long"),
])
def test_bad_code_or_table_is_a_400_with_one_line(client, query, reason):
    r = client.get("/sheet", params=query)
    assert r.status_code == 400
    m = re.search(r'data-testid="sheet-error">([^<]*)<', r.text)
    assert m, r.text
    line = html.unescape(m.group(1))
    assert "\n" not in line and reason in line, line
    assert "Traceback" not in r.text


def test_sheet_is_linked_from_the_lobby(client):
    page = client.get("/").text
    assert 'data-testid="sheet-link"' in page and 'data-i18n="lobby.sheet"' in page
    js = client.get("/static/lobby.js").text
    assert "/sheet?" in js
    i18n = client.get("/static/i18n.js").text
    assert '"lobby.sheet": "Print these rules"' in i18n and '"lobby.sheet": "Imprimir estas regras"' in i18n


_TOKENS = st.sampled_from(sorted(IMPLEMENTED) + ["S", "SU", "XYZ", "P5", "T(card=12)", "DAD(table=1/2)", "(", ")"])
_RULES = st.one_of(
    st.text(max_size=60),
    st.builds(lambda d, codes: f"UNO {d} " + "-".join(codes), st.text("0123456789", min_size=0, max_size=5),
              st.lists(_TOKENS, max_size=3)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(rules=_RULES, players=st.one_of(st.integers(-3, 45).map(str), st.text(max_size=6)),
       lang=st.sampled_from(["en", "pt", "fr", ""]))
def test_sheet_query_fuzz_is_never_a_500(client, rules, players, lang):
    r = client.get("/sheet", params={"rules": rules, "players": players, "lang": lang})
    assert r.status_code in (200, 400), (rules, players, lang, r.status_code)
    assert r.headers["content-type"].startswith("text/html")
    if r.status_code == 400:
        assert 'data-testid="sheet-error"' in r.text
