"""The rule advisor's endpoints in the lobby (issue 26, point 2; unokit/play/web/advice.py): the picker's effects and
the panel's profile are what the lab measures for the same code and seeds, the advice is ``advise()``'s, the work is
bounded (one computation per question, a queue, a rate) and bad input is a 400 of one line, fuzzed."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_support import referee_only

from unokit.fast import compiled
from unokit.lab.advise import (
    BASELINE,
    REPORT,
    Wants,
    _report_entries,
    advise,
    code_profile,
    effect_label,
    effects,
    measure,
    profile_of,
)
from unokit.play.web import advice
from unokit.play.web.advice import AdviceSettings, Advisor
from unokit.play.web.app import create_app

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")

SMALL = {"screen_hands": 150, "hands": 150, "advise_screen": 150, "matches": 20, "referee_hands": 40}


def client_with(tmp_path=None, **kw) -> TestClient:
    app = create_app("sqlite://", post_rate=0)
    app.state.advice = Advisor(AdviceSettings(**{**SMALL, "cache": tmp_path, **kw}))
    return TestClient(app)


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("advice-cache")


@pytest.fixture(scope="module")
def client(cache):
    with client_with(cache) as c:
        yield c


def one_line(r) -> str:
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail and "Traceback" not in detail, detail
    return detail


# ------------------------------------------------------------------------------- the picker's effects
@needs_compiled
def test_effects_equal_what_measure_gives_for_the_same_code_and_seeds(client):
    r = client.get("/api/advise/effects", params={"players": 3})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["players"] == 3 and got["settings"] == {"hands": 150, "seed": 0, "skill_bot": "greedy"}
    lab = measure([BASELINE, "UNO 1121 DR", "UNO 1121 SAT"], 3, hands=150, skill_hands=150, seed=0, jobs=1)
    for code in ("DR", "SAT"):
        row = got["rules"][code]
        p = profile_of(lab[f"UNO 1121 {code}"], lab[BASELINE])
        assert row["status"] == "measured" and row["source"] == "compiled" and row["hands"] == 150
        assert row["profile"] == p
        assert row["effects"] == effects(p) and row["label"] == effect_label(p)
    # SAT (draw until you can play) makes hands longer, DR (discard groups) shorter, beyond their noise
    assert got["rules"]["SAT"]["effects"][0]["kind"] == "length" and got["rules"]["SAT"]["effects"][0]["sign"] == 1
    assert got["rules"]["DR"]["effects"][0]["kind"] == "length" and got["rules"]["DR"]["effects"][0]["sign"] == -1


@needs_compiled
def test_effects_say_which_come_from_the_rules_report_and_which_change_nothing(monkeypatch):
    referee_only(monkeypatch, "UNO 1121 FLEX")   # (the compiled core plays Flex now: made referee-only here)
    with client_with() as c:                     # (a fresh advisor: the module's may hold these effects already)
        rows = c.get("/api/advise/effects", params={"players": 3}).json()["rules"]
    rep = _report_entries(REPORT)
    flex = rows["FLEX"]      # a rule only the referee plays: the report measured it
    assert flex["status"] in ("report", "same") and flex["source"] == "report" and flex["players"] == 4
    assert flex["profile"] == profile_of(*rep["UNO 1121 FLEX"])
    assert rows["DED"]["source"] == "compiled"       # the compiled core plays DED now (issue 28)
    assert rows["V"]["status"] == "same" and rows["V"]["effects"] == []     # the bots never dawdle
    assert all(row["status"] in ("measured", "report", "same", "none") for row in rows.values())
    assert all("why" in row for row in rows.values() if row["status"] == "none")


@needs_compiled
def test_effects_are_computed_once_per_table_size_however_many_ask_at_once(tmp_path):
    app = create_app("sqlite://", post_rate=0)
    adv = app.state.advice = Advisor(AdviceSettings(**{**SMALL, "screen_hands": 60, "cache": None}))

    async def ask_many():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            return await asyncio.gather(*(c.get("/api/advise/effects", params={"players": 2}) for _ in range(5)))
    answers = asyncio.run(ask_many())
    assert [a.status_code for a in answers] == [200] * 5
    assert adv.computed == 1 and len({json.dumps(a.json(), sort_keys=True) for a in answers}) == 1


# ------------------------------------------------------------------------------- the panel's profile
@needs_compiled
def test_profile_equals_code_profile_for_the_same_code_and_seeds(client):
    r = client.get("/api/advise/profile", params={"rules": "dr-p2", "players": 3})
    assert r.status_code == 200, r.text
    got = r.json()
    want = code_profile("UNO 1121 DR-P2", 3, hands=150, seed=0, referee_hands=40, jobs=1)
    got.pop("seconds"), want.pop("seconds")
    assert got == want
    assert got["source"] == "measured (compiled, 150 hands at 3 players)"
    assert got["origin"] == {"engine": "compiled", "players": 3, "hands": 150}
    assert got["profile"]["turns"]["n"] == 150 and got["profile"]["skill"]["n"] == 150


def test_profile_of_a_rule_only_the_report_measured_says_so(monkeypatch):
    referee_only(monkeypatch, "UNO 1121 FLEX")
    with client_with() as c:
        got = c.get("/api/advise/profile", params={"rules": "UNO 1121 FLEX", "players": 5}).json()
    hands = _report_entries(REPORT)["UNO 1121 FLEX"][0]["table"]["hands"]
    assert got["source"] == f"from the rules report (4 players, {hands:,} hands; not this table's size)"
    assert got["origin"] == {"engine": "report", "players": 4, "hands": hands}


@needs_compiled
def test_a_profile_asked_again_is_answered_from_memory(cache):
    with client_with(cache) as c:
        adv = c.app.state.advice
        first = c.get("/api/advise/profile", params={"rules": "UNO 1121 C", "players": 2}).json()
        again = c.get("/api/advise/profile", params={"rules": "UNO 1121   c", "players": 2}).json()
        assert first == again and adv.computed == 1


def test_a_refused_code_is_the_parsers_one_line(client):
    r = client.get("/api/advise/profile", params={"rules": "UNO 1121 DR-DD", "players": 4})
    assert r.status_code == 400 and "cannot be combined" in one_line(r)
    r = client.get("/api/advise/profile", params={"rules": "UNO 1121 NOPE", "players": 4})
    assert r.status_code == 400 and "NOPE" in one_line(r)


# ------------------------------------------------------------------------------- the advisor's form
@needs_compiled
def test_ask_the_advisor_is_advise_with_the_servers_settings(client, cache):
    r = client.post("/api/advise", json={"players": 3, "minutes": 2, "luck": 1, "exclude": ["jumpin"]})
    assert r.status_code == 200, r.text
    got = r.json()
    want = advise(3, Wants(minutes=2.0, luck=1, exclude=("JUMPIN",)), hands=150, screen_hands=150, matches=20,
                  seed=0, top=3, referee_hands=40, jobs=1, cache=cache)
    assert [p["rules"] for p in got["proposals"]] == [p["rules"] for p in want["proposals"]]
    assert [p["profile"] for p in got["proposals"]] == [p["profile"] for p in want["proposals"]]
    assert got["reference"] == want["reference"] and got["settings"]["cache"] is None
    assert all(p["effects"] == effects(p["profile"]) for p in got["proposals"])
    assert 1 <= len(got["proposals"]) <= 3


# ------------------------------------------------------------------------------- bounds
def test_a_client_may_start_only_so_many_computations(monkeypatch):
    monkeypatch.setattr(advice, "code_profile", lambda code, players, **kw: {"rules": code, "players": players})
    with client_with(None, burst=2, rate=0.0) as c:
        ok = [c.get("/api/advise/profile", params={"rules": code, "players": 4}) for code in ("C", "DR")]
        assert [r.status_code for r in ok] == [200, 200]
        r = c.get("/api/advise/profile", params={"rules": "P2", "players": 4})
        assert r.status_code == 429 and "slow down" in one_line(r)
        again = c.get("/api/advise/profile", params={"rules": "C", "players": 4})   # in memory: free
        assert again.status_code == 200


def test_the_advisor_answers_busy_beyond_its_queue(monkeypatch):
    def slow(code, players, **kw):
        time.sleep(0.3)
        return {"rules": code}
    monkeypatch.setattr(advice, "code_profile", slow)
    app = create_app("sqlite://", post_rate=0)
    app.state.advice = Advisor(AdviceSettings(at_once=1, queue=1, cache=None))

    async def ask_many():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            return await asyncio.gather(*(c.get("/api/advise/profile", params={"rules": code, "players": 4})
                                          for code in ("C", "DR", "P2")))
    codes = sorted(r.status_code for r in asyncio.run(ask_many()))
    assert codes == [200, 200, 503]


def test_settings_from_the_environment_cap_the_hands(monkeypatch, tmp_path):
    monkeypatch.setenv("UNOKIT_ADVICE_HANDS", "120")
    monkeypatch.setenv("UNOKIT_ADVICE_CACHE", str(tmp_path))
    s = AdviceSettings.from_env()
    assert (s.screen_hands, s.hands, s.advise_screen, s.matches, s.referee_hands) == (120, 120, 120, 120, 120)
    assert s.cache == tmp_path
    monkeypatch.setenv("UNOKIT_ADVICE_CACHE", "none")
    monkeypatch.delenv("UNOKIT_ADVICE_HANDS")
    s = AdviceSettings.from_env()
    assert s.cache is None and s.hands == 2000 and s.screen_hands == 600


# ------------------------------------------------------------------------------- bad input: one line
@pytest.mark.parametrize("path, params", [
    ("/api/advise/effects", {"players": 1}),
    ("/api/advise/effects", {"players": 11}),
    ("/api/advise/effects", {"players": "four"}),
    ("/api/advise/profile", {"players": 4}),
    ("/api/advise/profile", {"rules": "   ", "players": 4}),
    ("/api/advise/profile", {"rules": "UNO 1121 DR", "players": 0}),
    ("/api/advise/profile", {"rules": "x" * 401, "players": 4}),
])
def test_bad_queries_are_a_400_of_one_line(client, path, params):
    r = client.get(path, params=params)
    assert r.status_code == 400
    one_line(r)


@pytest.mark.parametrize("body, words", [
    ({"players": 1}, "players"),
    ({"players": 11}, "players"),
    ({"minutes": 0}, "minutes"),
    ({"minutes": "soon"}, "minutes"),
    ({"match_minutes": 1e9}, "match_minutes"),
    ({"luck": 2}, "luck"),
    ({"interaction": "more"}, "interaction"),
    ({"fewer_droughts": "yes"}, "fewer_droughts"),
    ({"keep": ["XYZ"]}, "unknown rule code"),
    ({"keep": "DR"}, "keep"),
    ({"keep": ["DR"], "exclude": ["dr"]}, "both kept and excluded"),
    ({"keep": ["DR", "DD"]}, "cannot be combined"),
    ({"top": 0}, "top"),
    ({"hands": 1_000_000}, "hands"),
    ([1, 2], "request"),
])
def test_bad_questions_are_a_400_of_one_line(client, body, words):
    r = client.post("/api/advise", json=body)
    assert r.status_code == 400 and words in one_line(r)


def test_non_finite_minutes_are_refused(client):
    r = client.post("/api/advise", content=b'{"minutes": NaN}', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "minutes" in one_line(r)


# ------------------------------------------------------------------------------- fuzz
@pytest.fixture(scope="module")
def stub_client():
    """The endpoints with the lab replaced by stubs: the fuzz checks the validation, not the measures."""
    mp = pytest.MonkeyPatch()
    mp.setattr(advice, "code_profile", lambda code, players, **kw: {"rules": code, "players": players})
    mp.setattr(advice, "rule_effects", lambda players, **kw: {"players": players})
    mp.setattr(advice, "advise", lambda players, wants, **kw: {"players": players, "proposals": [],
                                                               "settings": {}})
    with client_with(None, burst=1e9, rate=1e9) as c:
        yield c
    mp.undo()


queries = st.dictionaries(st.sampled_from(["players", "rules", "decks", "x"]),
                          st.one_of(st.text(max_size=30), st.integers(-5, 50).map(str)), max_size=4)
values = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(),
                   st.text(max_size=20), st.lists(st.text(max_size=8), max_size=4))
bodies = st.one_of(st.dictionaries(st.sampled_from(["players", "minutes", "match_minutes", "luck", "interaction",
                                                    "fewer_droughts", "keep", "exclude", "top", "seed"]),
                                   values, max_size=6),
                   values)


@given(path=st.sampled_from(["/api/advise/effects", "/api/advise/profile"]), params=queries)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzzed_queries_get_an_answer_or_a_400_of_one_line(stub_client, path, params):
    r = stub_client.get(path, params=params)
    assert r.status_code in (200, 400), (params, r.text)
    if r.status_code == 400:
        one_line(r)


@given(body=bodies)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzzed_questions_get_an_answer_or_a_400_of_one_line(stub_client, body):
    r = stub_client.post("/api/advise", content=json.dumps(body).encode(),     # Infinity and NaN too
                         headers={"content-type": "application/json"})
    assert r.status_code in (200, 400), (body, r.text)
    if r.status_code == 400:
        one_line(r)


def test_the_effects_of_rule_effects_are_those_of_the_profile():
    """The lab's helper behind the labels: a change shows only when its interval excludes none."""
    p = {"turns": {"vs": {"diff": -10.0, "lo": -12.0, "hi": -8.0, "ratio": 0.7}},
         "skill": {"vs": {"diff": -0.05, "lo": -0.08, "hi": 0.01}},
         "cards_drawn": {"vs": {"diff": 3.0, "lo": 1.0, "hi": 5.0, "ratio": 1.2}},
         "first_seat": {"vs": {"diff": -0.03, "lo": -0.05, "hi": -0.01}}}
    assert effect_label(p) == "hands ≈ 30% shorter · more cards drawn · the first seat gains less"
    p["turns"]["vs"]["hi"] = 1.0
    p["skill"]["vs"]["hi"] = -0.01
    assert [e["kind"] for e in effects(p)] == ["skill", "drawn", "first_seat"]
    assert effects(p)[0]["label"] == "more luck"
    for k in ("cards_drawn", "first_seat", "skill"):
        p[k]["vs"]["lo"], p[k]["vs"]["hi"] = -1.0, 1.0
    assert effect_label(p) == "no clear effect"
