"""The blank cards at the web table and the terminal table: the lobby API takes the rule written on each
blank card of the 112 / Italian deck (``blanks``, checked by :class:`TableOptions` with a one-line 400 for
a bad value), the catalogue says how many blanks a deck has, the table's state names them, a stored table
resumes with them; ``unokit play --blanks`` reaches the terminal picker."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import pytest
from fastapi.testclient import TestClient
from web_support import recv_state

from unokit.play.session import TableError, TableOptions, TableSession
from unokit.play.web.app import create_app


def create(client, **body):
    return client.post("/api/tables", json={"name": "Ana", "seats": 3, **body})


def test_the_lobby_api_creates_a_table_with_blanks(client, db):
    r = create(client, deck="112", blanks="Bianca/drawn/R7", bots={"1": "greedy", "2": "greedy"})
    assert r.status_code == 200, r.text
    t = r.json()
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["rules"] == "UNO 1121 blanks=bianca/drawn/r7"
    assert info["options"]["blanks"] == "bianca/drawn/r7" and info["options"]["deck"] == "112"
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]}).json()["status"] == "playing"
    game = client.app.state.hub.tables[t["table"]].session.game
    held = Counter(c.code for c in game._deck_cards)
    assert (held["WBC"], held["WBN"], held["R7"], held["WB"], game.deck_name) == (1, 1, 2, 0, "112")
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        m = recv_state(ws)
    assert m["options"]["blanks"] == "bianca/drawn/r7" and m["rules"] == "UNO 1121 blanks=bianca/drawn/r7"
    # a table stored with its blanks resumes with them after a restart
    client.__exit__(None, None, None)
    with TestClient(create_app(db)) as again:
        info = again.get(f"/api/tables/{t['table']}").json()
        assert info["options"]["blanks"] == "bianca/drawn/r7" and info["status"] == "playing"
        game2 = again.app.state.hub.tables[t["table"]].session.game
        assert game2.fingerprint() == game.fingerprint()


def test_blanks_written_in_the_rule_code_are_shown_too(client):
    r = create(client, deck="italian", rules="UNO 1121 blanks=nextswap")
    assert r.status_code == 200, r.text
    t = r.json()
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        assert recv_state(ws)["options"]["blanks"] == "nextswap"


def test_a_table_without_blanks_stores_its_options_as_before(client):
    t = create(client).json()
    info = client.get(f"/api/tables/{t['table']}").json()
    assert "blanks" not in info["options"] and info["rules"] == "UNO 1121"
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        assert recv_state(ws)["options"]["blanks"] == ""


@pytest.mark.parametrize("body, words", [
    ({"blanks": "swap"}, "the classic deck has no blank cards"),
    ({"deck": "boost", "blanks": "swap"}, "the boost deck has no blank cards"),
    ({"deck": "112", "blanks": "foo"}, "blanks: blank effects separated by '/'"),
    ({"deck": "112", "blanks": "wbx"}, "blank effects"),
    ({"deck": "112", "blanks": "swap//drawn"}, "blank effects"),
    ({"deck": "112", "blanks": 7}, "blanks"),
    ({"deck": "112", "blanks": ["swap"]}, "blanks"),
    ({"deck": "112", "blanks": None}, "blanks"),
    ({"deck": "112", "blanks": "x" * 401}, "blanks"),
    ({"deck": "112", "blanks": "swap/swap/swap/swap"}, "the 112 deck has 3 blank cards"),
    ({"deck": "italian", "blanks": "r0/r0"}, "holds 1 R0"),
    ({"deck": "112", "rules": "UNO 1121 blanks=drawn", "blanks": "swap"}, "give the blanks once"),
    ({"deck": "112", "rules": "UNO 1121 blank=swap", "blanks": "swap"}, "not both"),
    ({"rules": "UNO 1121 blanks=swap"}, "no blank cards"),
])
def test_bad_blanks_get_a_one_line_400(client, body, words):
    r = create(client, **body)
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and words in detail, detail


def test_the_catalogue_says_how_many_blanks_a_deck_has(client):
    decks = {d["name"]: d for d in client.get("/api/catalog").json()["decks"]}
    assert (decks["112"]["blanks"], decks["italian"]["blanks"], decks["classic"]["blanks"]) == (3, 3, 0)


def test_table_options_write_the_blanks_into_the_rules():
    o = TableOptions(seats=3, deck="112", blanks="swap/drawn")
    assert o.rules == "UNO 1121 blanks=swap/drawn" and o.match_config(0).blanks == "swap/drawn"
    assert TableOptions.from_dict(o.to_dict()) == o
    assert TableOptions.from_dict({"seats": 3}).blanks == ""            # tables stored before blanks existed
    with pytest.raises(TableError, match="no blank cards"):
        TableOptions(seats=3, blanks="swap")
    s = TableSession(TableOptions(seats=3, deck="112", blanks="bianca/nextswap/drawn", match=False, bot_think=0,
                                  uno_grace=0, seed=3, fill_bot="greedy"))
    you = s.join("Ana")
    s.start(now=0.0)
    now = 0.0
    while s.status == "playing" and now < 5000:
        now += 1.0
        _ = s.act_for(you, now=now) if s.game.to_act == s.seat_of(you) else s.tick(now=now)
    assert s.status == "over"
    again = TableSession.restore(s.options, s.log)
    assert again.game.fingerprint() == s.game.fingerprint()


def test_the_lobby_and_the_table_pages_carry_the_blank_choices():
    from pathlib import Path
    static = Path(__file__).resolve().parents[3] / "unokit" / "play" / "web" / "static"
    lobby = (static / "lobby.js").read_text(encoding="utf-8")
    i18n = (static / "i18n.js").read_text(encoding="utf-8")
    assert 'id="blank-cards"' in (static / "index.html").read_text(encoding="utf-8")
    assert "blanks: blankRules" in lobby and "blankNotes()" in (static / "table.js").read_text(encoding="utf-8")
    for key in ("lobby.blanks", "blank.n", "blank.none", "blank.wild", "blank.swap", "blank.draw2", "blank.everyone1",
                "blank.drawn", "blank.bianca", "blank.nextswap", "blank.card", "blank.cardLabel", "blank.needCard",
                "blank.standsIn", "wait.blanks", "table.blankmax"):
        assert i18n.count(f'"{key}":') == 2, key                     # English and Portuguese


def test_the_terminal_picker_writes_the_blanks_of_play_into_the_rules():
    from unokit.play.tui.app import TableScreen, UnoApp
    from unokit.play.tui.picker import PickerScreen

    app = UnoApp(picker={"players": 3, "deck": "112", "blanks": "swap/r7", "blank_max": 5, "bots": "greedy",
                         "bot_think": 0, "uno_grace": 0, "between_hands": 0})

    async def until(pilot, cond, timeout=15.0):
        deadline = time.monotonic() + timeout
        while not cond():
            assert time.monotonic() < deadline, "timed out waiting for the screen"
            await pilot.pause(0.05)

    async def go():
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, PickerScreen))
            picker = pilot.app.screen
            picker.query_one("#code").value = "UNO 1121 blanks=drawn"
            await pilot.pause()
            await pilot.press("ctrl+s")
            assert isinstance(pilot.app.screen, PickerScreen)
            assert "give the blanks once" in str(picker.query_one("#check").render())
            picker.query_one("#code").value = "UNO 1121 DR"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            o = pilot.app.table.session.options
            assert o.rules == "UNO 1121 DR blankmax=5 blanks=swap/r7" and o.deck == "112"
    asyncio.run(asyncio.wait_for(go(), 60))
