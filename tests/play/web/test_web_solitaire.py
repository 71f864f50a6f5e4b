"""The guide's UNO solitaire in the web table: the /api/solitaire endpoints and the /solitaire page.

Requests go through Starlette's TestClient to the real app (``create_app``); the games it keeps
are compared with :class:`unokit.solitaire.game.Solitaire` games played alongside. The clauses
named are the guide's (``docs/solitaire.md``): the deal, the stock turned one card at a time, the
waste, a move that turns a face-down card up, the foundations, the win.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.cards import Card
from unokit.core.errors import NotationError
from unokit.play.web.app import MAX_BODY, create_app
from unokit.play.web.solitaire import (
    MAX_GAMES,
    SolitaireGames,
    mount_solitaire,
    state_json,
)
from unokit.solitaire.game import Move, Solitaire, all_moves
from unokit.solitaire.solver import hint

STATIC = Path(__file__).resolve().parents[3] / "unokit" / "play" / "web" / "static"
STATE_KEYS = {"columns", "stock", "waste", "waste_count", "foundations", "home", "won", "moves", "last",
              "can_undo", "legal", "seed"}
#: every foundation full but the last, whose Skip is alone in column 1: one move from the win
ONE_FROM_WIN = {"columns": ["BS"], "foundations": [f"{c}S" for c in "RRYYGGB"] + ["BR"]}


@pytest.fixture(scope="module")
def app():
    return create_app("sqlite://", post_rate=0)


@pytest.fixture(scope="module")
def client(app):
    with TestClient(app) as c:
        yield c


def new(client, seed=None) -> dict:
    r = client.post("/api/solitaire", json={} if seed is None else {"seed": seed})
    assert r.status_code == 200, r.text
    return r.json()


def move(client, gid, text, status=200) -> dict:
    r = client.post(f"/api/solitaire/{gid}/move", json={"move": text})
    assert r.status_code == status, r.text
    return r.json()


def state(client, gid) -> dict:
    r = client.get(f"/api/solitaire/{gid}")
    assert r.status_code == 200, r.text
    return r.json()


def server_game(app, gid) -> Solitaire:
    return app.state.solitaire.get(gid).game


def put_game(app, gid, game: Solitaire) -> None:
    """Put a hand-built position under an existing id (a scenario the deal would take long to reach)."""
    app.state.solitaire.get(gid).game = game


def one_line(r) -> str:
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail and len(detail) <= 300, detail
    return detail


def card_strings(obj, out=None) -> list[str]:
    """Every string in a JSON value that reads as a card code."""
    out = [] if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k != "id":
                card_strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            card_strings(v, out)
    elif isinstance(obj, str):
        try:
            Card.parse(obj)
            out.append(obj)
        except NotationError:
            pass
    return out


def visible_codes(g: Solitaire) -> set[str]:
    """What a player at a real table sees: face-up cards, the waste's last three, the foundations' tops."""
    seen = {c.code for i in range(7) for c in g.column(i)[1]}
    seen |= {c.code for c in g.waste[-3:]}
    seen |= {p[-1].code for p in g.foundations if p}
    return seen


# ---------------------------------------------------------------------------------------- the deal
def test_solitaire_api_deals_seven_columns_with_0_to_6_cards_face_down_and_the_rest_as_stock(client):
    made = new(client, seed=14)
    s = made["state"]
    assert set(s) == STATE_KEYS
    assert [c["down"] for c in s["columns"]] == list(range(7))
    assert [len(c["up"]) for c in s["columns"]] == [1] * 7
    assert s["stock"] == 68 and s["waste"] == [] and s["waste_count"] == 0
    assert s["foundations"] == [None] * 8 and s["home"] == 0
    assert s["won"] is False and s["moves"] == 0 and s["last"] is None and s["can_undo"] is False
    assert s["legal"] == [str(m) for m in Solitaire.deal(14).legal_moves()] == ["d", "2>1", "6>f"]
    assert s["seed"] == 14
    assert s == state_json(Solitaire.deal(14), 14)


def test_solitaire_api_the_same_seed_deals_the_same_game_under_different_unguessable_ids(client):
    a, b = new(client, seed=5), new(client, seed=5)
    assert a["state"] == b["state"]
    assert a["id"] != b["id"]
    for gid in (a["id"], b["id"]):
        assert re.fullmatch(r"[A-Za-z0-9_-]{22,64}", gid)


def test_solitaire_api_a_random_deal_keeps_its_seed_secret(client, app):
    made = new(client)
    assert made["state"]["seed"] is None
    assert server_game(app, made["id"]).seed is not None        # the seed exists, it is not shown


def test_solitaire_api_new_game_without_a_body(client):
    r = client.post("/api/solitaire")
    assert r.status_code == 200 and r.json()["state"]["stock"] == 68


# ---------------------------------------------------------------------------------------- moves
def test_solitaire_api_the_stock_turns_one_card_at_a_time_and_the_waste_shows_its_last_three(client, app):
    gid = new(client, seed=3)["id"]
    for n in range(1, 6):
        s = move(client, gid, "d")
        assert s["stock"] == 68 - n and s["waste_count"] == n and s["last"] == "d" and s["moves"] == n
    g = server_game(app, gid)
    assert s["waste"] == [c.code for c in g.waste[-3:]]        # as the terminal game shows it
    assert len(s["waste"]) == 3


def test_solitaire_api_turns_the_waste_over_when_the_stock_is_empty(client, app):
    gid = new(client, seed=3)["id"]
    g = Solitaire.deal(3)
    for _ in range(68):
        g.apply("d")
    put_game(app, gid, g)
    s = state(client, gid)
    assert s["stock"] == 0 and s["waste_count"] == 68 and "d" in s["legal"]
    s = move(client, gid, "d")
    assert s["stock"] == 68 and s["waste_count"] == 0 and s["waste"] == []


def test_solitaire_api_plays_the_legal_moves_it_lists_as_the_game_does(client, app):
    rng = random.Random(2024)
    for seed in (1, 6, 22):
        gid = new(client, seed=seed)["id"]
        local = Solitaire.deal(seed)
        s = state(client, gid)
        for _ in range(60):
            m = rng.choice(s["legal"])
            s = move(client, gid, m)
            local.apply(m)
            assert s == state_json(local, seed)
        assert server_game(app, gid).render() == local.render()


def test_solitaire_api_a_move_that_empties_the_face_up_cards_turns_the_top_face_down_card_up(client):
    gid = new(client, seed=14)["id"]
    before = state(client, gid)["columns"][5]
    s = move(client, gid, "6>f")                               # R1 home, from column 6 (5 face down)
    assert before == {"down": 5, "up": ["R1"]}
    assert s["columns"][5]["down"] == 4 and len(s["columns"][5]["up"]) == 1
    assert s["foundations"][0] == "R1" and s["home"] == 1


def test_solitaire_api_moves_a_card_onto_a_column_of_its_colour_one_rank_higher(client):
    gid = new(client, seed=14)["id"]
    s = move(client, gid, "2 > 1")                              # Y3 onto Y4; spaces are allowed
    assert s["columns"][0]["up"] == ["Y4", "Y3"]
    assert s["columns"][1]["down"] == 0 and len(s["columns"][1]["up"]) == 1   # its face-down card turned up
    assert s["last"] == "2>1"


def test_solitaire_api_refuses_an_illegal_move_and_keeps_the_state(client, app):
    gid = new(client, seed=14)["id"]
    before = state(client, gid)
    rendered = server_game(app, gid).render()
    illegal = [str(m) for m in all_moves() if str(m) not in before["legal"]]
    assert "1>2" in illegal and "w>f" in illegal
    for text in illegal:
        r = client.post(f"/api/solitaire/{gid}/move", json={"move": text})
        assert r.status_code == 409, (text, r.text)
        assert one_line(r).startswith(text + ":")
        assert state(client, gid) == before
    assert server_game(app, gid).render() == rendered and server_game(app, gid).history == []
    r = client.post(f"/api/solitaire/{gid}/move", json={"move": "1>2"})
    assert "cannot" in one_line(r) or "no card" in one_line(r)


@pytest.mark.parametrize("text", ["x", "3>3", "8>f", "d>f", "f>1", "w", "3>", ">f", "0>1", "3>f>1",
                                  "draw", "3>f;", "３>f", "\x00", "d" * 40, "wf"])
def test_solitaire_api_refuses_a_malformed_move_with_one_line_and_keeps_the_state(client, app, text):
    gid = new(client, seed=14)["id"]
    before = state(client, gid)
    r = client.post(f"/api/solitaire/{gid}/move", json={"move": text})
    assert r.status_code == 400, r.text
    one_line(r)
    assert state(client, gid) == before and server_game(app, gid).history == []


@pytest.mark.parametrize("body", [{}, {"move": None}, {"move": 3}, {"move": ["d"]}, {"move": {"d": 1}},
                                  {"move": True}, {"move": ""}, {"move": "d", "extra": 1}, {"move": "d" * 41},
                                  [], "d", 7])
def test_solitaire_api_refuses_a_move_body_of_the_wrong_shape(client, app, body):
    gid = new(client, seed=14)["id"]
    r = client.post(f"/api/solitaire/{gid}/move", json=body)
    assert r.status_code == 400, r.text
    one_line(r)
    assert server_game(app, gid).history == []


def test_solitaire_api_refuses_bodies_that_are_not_json_or_too_big(client):
    gid = new(client, seed=14)["id"]
    for raw in (b"not json", b"{", b"\xff\xfe", b'{"move": "d"'):
        r = client.post(f"/api/solitaire/{gid}/move", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400, (raw, r.text)
        one_line(r)
    r = client.post(f"/api/solitaire/{gid}/move", content=b'{"move": "' + b"d" * MAX_BODY + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


@pytest.mark.parametrize("body", [{"seed": -1}, {"seed": 2**63}, {"seed": "5"}, {"seed": 1.5}, {"seed": True},
                                  {"seed": [1]}, {"other": 1}, [1], "x"])
def test_solitaire_api_refuses_a_bad_seed(client, body):
    r = client.post("/api/solitaire", json=body)
    assert r.status_code == 400, r.text
    one_line(r)


# ---------------------------------------------------------------------------------------- undo, win, hint
def test_solitaire_api_undo_takes_a_move_back_with_the_card_it_turned_up(client):
    gid = new(client, seed=14)["id"]
    start = state(client, gid)
    move(client, gid, "d")
    move(client, gid, "6>f")
    r = client.post(f"/api/solitaire/{gid}/undo")
    assert r.status_code == 200
    s = r.json()
    assert s["columns"][5] == {"down": 5, "up": ["R1"]} and s["foundations"][0] is None and s["last"] == "d"
    s = client.post(f"/api/solitaire/{gid}/undo").json()
    assert s == start
    r = client.post(f"/api/solitaire/{gid}/undo")
    assert r.status_code == 409 and one_line(r) == "nothing to undo"
    assert state(client, gid) == start


def test_solitaire_api_a_won_game_says_so_and_takes_no_more_moves(client, app):
    gid = new(client)["id"]
    put_game(app, gid, Solitaire.from_layout(**ONE_FROM_WIN))
    s = state(client, gid)
    assert s["won"] is False and "1>f" in s["legal"] and s["home"] == 95
    s = move(client, gid, "1>f")
    assert s["won"] is True and s["home"] == 96 and s["legal"] == [] and s["foundations"][7] == "BS"
    r = client.post(f"/api/solitaire/{gid}/move", json={"move": "d"})
    assert r.status_code == 409 and "won" in one_line(r)
    h = client.get(f"/api/solitaire/{gid}/hint").json()
    assert h["move"] is None and h["text"]
    assert client.post(f"/api/solitaire/{gid}/undo").json()["won"] is False     # undo still works


def test_solitaire_api_hint_gives_a_legal_move_and_its_words(client):
    gid = new(client, seed=14)["id"]
    r = client.get(f"/api/solitaire/{gid}/hint")
    assert r.status_code == 200
    h = r.json()
    assert set(h) == {"move", "text", "draws", "then", "verdict", "solver_moves"}
    assert h["move"] == str(hint(Solitaire.deal(14)).move) == "6>f"
    assert h["move"] in state(client, gid)["legal"]
    assert h["text"].startswith("hint: 6>f") and h["verdict"] in ("won", "lost", "undecided")
    assert state(client, gid)["moves"] == 0                      # asking changes nothing
    gid = new(client, seed=1)["id"]                              # a hint that starts with draws
    h = client.get(f"/api/solitaire/{gid}/hint").json()
    assert h["move"] == "d"
    assert h["draws"] >= 1 and re.fullmatch(r"w>[f1-7]|[1-7]>[f1-7]|d", h["then"])


# ---------------------------------------------------------------------------------------- what is shown
def test_solitaire_api_hidden_cards_are_never_in_the_json(client, app):
    # both copies of B9 and of G+2 face down in column 7: no answer may name them
    gid = new(client)["id"]
    put_game(app, gid, Solitaire.from_layout(["", "", "", "", "", "", "B9 B9 G+2 G+2 | R5"]))
    for ask in (lambda: client.get(f"/api/solitaire/{gid}"),
                lambda: client.post(f"/api/solitaire/{gid}/move", json={"move": "d"}),
                lambda: client.post(f"/api/solitaire/{gid}/undo")):
        text = ask().text
        assert "B9" not in text and "G+2" not in text
        assert set(card_strings(json.loads(text))) <= visible_codes(server_game(app, gid))
    # and along random games: every card named is one a player sees
    rng = random.Random(7)
    for seed in (2, 9, 30):
        gid = new(client, seed=seed)["id"]
        s = state(client, gid)
        for _ in range(80):
            g = server_game(app, gid)
            assert set(card_strings(s)) <= visible_codes(g)
            assert set(s) == STATE_KEYS
            assert all(set(c) == {"down", "up"} and isinstance(c["down"], int) for c in s["columns"])
            s = move(client, gid, rng.choice(s["legal"]))


def test_solitaire_api_an_unknown_or_malformed_id_is_refused(client):
    r = client.get("/api/solitaire/" + "A" * 24)
    assert r.status_code == 404
    assert "deal anew" in one_line(r)
    for bad in ("x", "a" * 65, "abc$defghij", "%00" * 10):
        for r in (client.get(f"/api/solitaire/{bad}"), client.post(f"/api/solitaire/{bad}/move", json={"move": "d"}),
                  client.post(f"/api/solitaire/{bad}/undo"), client.get(f"/api/solitaire/{bad}/hint")):
            assert 400 <= r.status_code < 500, (bad, r.status_code)


def test_solitaire_games_keep_at_most_the_bound_dropping_the_least_recently_used():
    app = FastAPI()
    games = mount_solitaire(app, max_games=3)
    with TestClient(app) as c:
        ids = [c.post("/api/solitaire", json={"seed": i}).json()["id"] for i in range(3)]
        assert c.get(f"/api/solitaire/{ids[0]}").status_code == 200     # the first one is used again
        ids.append(c.post("/api/solitaire").json()["id"])
        assert len(games) == 3
        assert c.get(f"/api/solitaire/{ids[1]}").status_code == 404     # the least recently used went
        for gid in (ids[0], ids[2], ids[3]):
            assert c.get(f"/api/solitaire/{gid}").status_code == 200
    big = SolitaireGames()
    first, _ = big.new(1)
    for i in range(MAX_GAMES + 4):
        big.new(i)
    assert len(big) == MAX_GAMES == 1000 and first not in big


def test_solitaire_api_a_game_holds_a_bounded_number_of_moves():
    app = FastAPI()
    mount_solitaire(app, max_moves=4)
    with TestClient(app) as c:
        gid = c.post("/api/solitaire", json={"seed": 3}).json()["id"]
        for _ in range(4):
            assert c.post(f"/api/solitaire/{gid}/move", json={"move": "d"}).status_code == 200
        r = c.post(f"/api/solitaire/{gid}/move", json={"move": "d"})
        assert r.status_code == 409 and "4 moves" in r.json()["detail"]
        assert c.post(f"/api/solitaire/{gid}/undo").status_code == 200
        assert c.post(f"/api/solitaire/{gid}/move", json={"move": "d"}).status_code == 200


def test_solitaire_games_share_one_move_object_per_move(app, client):
    gid = new(client, seed=3)["id"]
    for text in ("d", "D", " d "):
        move(client, gid, text)
    h = server_game(app, gid).history
    assert h == [Move("d")] * 3 and h[0] is h[1] is h[2]


# ---------------------------------------------------------------------------------------- fuzz
_junk = st.one_of(
    st.text(max_size=60), st.text(alphabet="dDwWfF0123456789> \t\n", max_size=12),
    st.text(min_size=41, max_size=3000), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(),
    st.lists(st.text(max_size=5), max_size=4), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))


class TestFuzz:
    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
    @given(value=_junk, extra=st.booleans())
    def test_solitaire_api_move_fuzz_never_500_and_a_refusal_changes_nothing(self, client, app, value, extra):
        gid = fuzz_game(client)
        before = state(client, gid)
        body = {"move": value, **({"x": 1} if extra else {})}
        r = client.post(f"/api/solitaire/{gid}/move", json=body)
        assert r.status_code < 500, r.text
        if r.status_code == 200:
            assert isinstance(value, str) and not extra
            assert Move.parse(value) is not None and r.json()["moves"] == before["moves"] + 1
        else:
            assert 400 <= r.status_code < 500
            one_line(r)
            assert state(client, gid) == before

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(raw=st.binary(max_size=300))
    def test_solitaire_api_raw_body_fuzz_never_500(self, client, raw):
        gid = fuzz_game(client)
        before = state(client, gid)
        r = client.post(f"/api/solitaire/{gid}/move", content=raw, headers={"content-type": "application/json"})
        assert r.status_code < 500, r.text
        if r.status_code != 200:
            assert state(client, gid) == before
        r = client.post("/api/solitaire", content=raw, headers={"content-type": "application/json"})
        assert r.status_code < 500, r.text

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(gid=st.text(max_size=120))
    def test_solitaire_api_id_fuzz_never_500(self, client, gid):
        from urllib.parse import quote
        path = "/api/solitaire/" + quote(gid, safe="")
        for r in (client.get(path), client.post(path + "/move", json={"move": "d"}), client.get(path + "/hint")):
            assert r.status_code < 500, (gid, r.text)


_FUZZ: dict = {}


def fuzz_game(client) -> str:
    """One game for the fuzz examples, dealt anew once it has moved a lot (or was won)."""
    gid = _FUZZ.get("id")
    if gid is None or state(client, gid)["moves"] > 200:
        gid = _FUZZ["id"] = new(client, seed=22)["id"]
    return gid


# ---------------------------------------------------------------------------------------- the page
def test_solitaire_page_and_its_files_are_served(client):
    r = client.get("/solitaire")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert '/static/solitaire.js' in r.text and 'data-testid="rules"' in r.text
    for name in ("solitaire.js", "solitaire.css"):
        assert client.get(f"/static/{name}").status_code == 200
    lobby = client.get("/").text
    assert 'href="/solitaire"' in lobby


def test_solitaire_page_strings_exist_in_english_and_portuguese():
    src = (STATIC / "i18n.js").read_text()
    en, pt = src.split("const PT = {", 1)
    en = en.split("const EN = {", 1)[1]
    keys = set(re.findall(r'data-i18n(?:-label|-placeholder)?="([^"]+)"', (STATIC / "solitaire.html").read_text()))
    keys |= set(re.findall(r'\bt\("([\w.]+)"', (STATIC / "solitaire.js").read_text()))
    keys |= {f"sol.verdict.{v}" for v in ("won", "lost", "undecided")}        # built from the hint's verdict
    keys |= set(re.findall(r'data-i18n="(sol\.[^"]+)"', (STATIC / "index.html").read_text()))
    assert "sol.lobbyLink" in keys and "sol.hintDraws" in keys
    for key in sorted(keys):
        assert f'"{key}":' in en, f"{key} is missing in English"
        assert f'"{key}":' in pt, f"{key} is missing in Portuguese"
    assert set(re.findall(r'"(sol\.[^"]+)":', en)) == set(re.findall(r'"(sol\.[^"]+)":', pt))

