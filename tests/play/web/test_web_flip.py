"""UNO Flip at the web table and in the terminal UI: what a seat is sent (the side in play, the backs of
the other hands, the back of the stock's top card), the colours a wild names on each side, a whole
bot-filled hand over WebSockets, the page's strings and card styles for the dark side, and the Textual
screen's panels.

The WebSocket traffic goes through Starlette's TestClient (the real app and a real SQLite file), as in
test_web.py; the terminal screen runs headless through Textual's pilot, as in test_tui.py.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_support import post_table, recv_state

from unokit.core.decks import build_deck
from unokit.play.session import TableOptions, TableSession
from unokit.play.tui.app import UnoApp, _question, choice_rows
from unokit.play.tui.dialogs import ChoiceScreen
from unokit.play.tui.local import LocalTable
from unokit.play.tui.widgets import (
    COLOR_STYLE,
    card_text,
    hand_order,
    render_pile,
    render_seats,
)
from unokit.play.web.app import create_app
from unokit.play.wire import state_message

STATIC = Path(__file__).resolve().parents[3] / "unokit" / "play" / "web" / "static"
FLIP = "UNO FLIP"
LIGHT, DARK = set("RYGB"), set("PTOV")
FAST = {"bot_think": 0.02, "uno_grace": 0.05, "between_hands": 0.05}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'flip.db'}")) as c:
        yield c


def make_table(client, **kw) -> dict:
    return post_table(client, FLIP, **kw)


def side_of(code: str) -> str | None:
    """The side a card code belongs to, when the code alone tells (a plain Wild is on both)."""
    if code[0] in DARK or code == "WDC":
        return "dark"
    if code[0] in LIGHT or code == "W+2":
        return "light"
    return None


def other(side: str) -> str:
    return "dark" if side == "light" else "light"


def check_flip_view(m: dict) -> None:
    """What any state message of a Flip table must hold: the side, the backs of every seat but the
    reader's, in hand order and of the side not in play, the back of the stock's top card."""
    v = m["view"]
    side = v["side"]
    assert side in ("light", "dark")
    mine = (m.get("you") or {}).get("seat")
    backs = {seat: cards for seat, cards in v["backs"]}
    seats = [s for s in range(v["players"]) if s != mine]
    assert sorted(backs) == seats                                  # never the reader's own backs
    for seat, cards in backs.items():
        assert len(cards) == v["hand_sizes"][seat]
        assert all(side_of(c) in (None, other(side)) for c in cards), (side, cards)
    assert all(side_of(c) in (None, side) for c in v["hand"] + [v["top"]] + v["discard"])
    if v["stock_size"]:
        assert v["stock_back"] and side_of(v["stock_back"]) in (None, other(side))
    else:
        assert v["stock_back"] is None
    named = {a["color"] for a in m["actions"] if a.get("color")}
    assert named <= (DARK if side == "dark" else LIGHT), (side, named)
    if v["color"]:
        assert v["color"] in (DARK if side == "dark" else LIGHT)


def drive(s: TableSession, player: int, until, limit=5000):
    """Let the stand-in play ``player``'s turns and the bots the others' until ``until(message)``."""
    t = 1.0
    for _ in range(limit):
        if s.status != "playing":
            return None
        m = state_message(s, player)
        if until(m):
            return m
        t += 0.01
        if s.game.to_act == s.seat_of(player):
            s.act_for(player, t)
        else:
            s.tick(t)
    return None


# ---------------------------------------------------------------------------------------- the state message
def test_ws_a_flip_table_sends_the_side_the_others_backs_and_the_stocks_back(client):
    t = make_table(client, bot_think=10.0)          # the bots wait: the table stands still while we look
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    s = client.app.state.hub.tables[t["table"]].session
    g = s.game
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws, \
            client.websocket_connect(f"/ws/{t['table']}") as watcher:
        m, w = recv_state(ws), recv_state(watcher)
    me = m["you"]["seat"]
    v = m["view"]
    assert v["side"] == "light"                              # a Flip hand starts on the light side
    check_flip_view(m)
    assert [seat for seat, _ in v["backs"]] == [q for q in range(3) if q != me]
    for seat, cards in v["backs"]:                           # the other side of each card, in hand order
        assert cards == [c.down.code for c in g.hands[seat]]
        assert all(side_of(c) in ("dark", None) for c in cards)
    assert v["hand"] == [c.code for c in g.hands[me]]        # your own cards: the side in play only
    assert v["stock_back"] == g.stock[-1].down.code and side_of(v["stock_back"]) in ("dark", None)
    # a spectator sees every hand's backs (it holds none) and no hand
    assert w["view"]["hand"] == [] and [seat for seat, _ in w["view"]["backs"]] == [0, 1, 2]
    assert w["view"]["side"] == "light" and w["view"]["stock_back"] == v["stock_back"]


def test_a_classic_table_sends_no_side_and_no_backs():
    s = TableSession(TableOptions(rules="UNO 1121", seats=2, match=False, bot_think=0, seed=2))
    p = s.join("Ana")
    s.start(0.0)
    v = state_message(s, p)["view"]
    assert v["side"] is None and v["backs"] == [] and v["stock_back"] is None


# ---------------------------------------------------------------------------------------- colours by side
def test_the_colours_a_wild_names_on_the_dark_side_are_pink_teal_orange_purple():
    """A wild played on the dark side (its plays list one colour each), and a wild turned up by a
    Flip (whoever is to act names the colour): P, T, O, V, never R, Y, G, B."""
    plays = names = None
    for seed in range(400):
        s = TableSession(TableOptions(rules=FLIP, seats=3, match=False, bot_think=0, uno_grace=0, seed=seed))
        p = s.join("Ana")
        s.start(0.0)
        while s.status == "playing" and (plays is None or names is None):
            want_plays, want_names = plays is None, names is None
            m = drive(s, p, lambda m, wp=want_plays, wn=want_names: m["view"]["side"] == "dark" and (
                (wp and any(a["type"] == "play" and a.get("color") for a in m["actions"]))
                or (wn and m["view"]["phase"] == "COLOR")))
            if m is None:
                break
            if m["view"]["phase"] == "COLOR":
                names = state_message(s, s.player_at(m["view"]["to_act"]))
                if m["view"]["to_act"] != m["you"]["seat"]:
                    s.tick(1e6)                                     # the bot names it: play on
                    continue
            else:
                plays = m
            check_flip_view(m)
            s.act_for(p, 1e6)
        if plays is not None and names is not None:
            break
    assert plays is not None, "no seed led to a wild on the dark side"
    by_card: dict[str, set] = {}
    for a in plays["actions"]:
        if a["type"] == "play" and a.get("color"):
            by_card.setdefault(a["cards"], set()).add(a["color"])
    assert by_card and all(colors == DARK for colors in by_card.values()), by_card
    assert set(by_card) <= {"W", "WDC"}
    assert names is not None, "no seed led to a Flip turning up a wild"
    check_flip_view(names)
    assert names["view"]["color"] is None
    assert sorted(a["color"] for a in names["actions"] if a["type"] == "color") == sorted(DARK)
    assert any("dark side is in play" in line for line in names["log"])


# ---------------------------------------------------------------------------------------- a whole hand
def test_ws_a_bot_filled_flip_table_plays_a_hand_to_the_end(client):
    t = make_table(client, seats=4, seed=7, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})   # three bots join
    s = client.app.state.hub.tables[t["table"]].session
    seen, sides = [], set()
    deadline = time.monotonic() + 60
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}&lang=pt") as ws:
        while time.monotonic() < deadline:
            m = ws.receive_json()
            if m["type"] == "error" and "slow down" in m["message"] and seen:   # the rate limit: wait, resend
                time.sleep(0.3)
                m = seen.pop()
            if m["type"] != "state":
                continue
            seen.append(m)
            if m["view"] is not None:
                check_flip_view(m)
                sides.add(m["view"]["side"])
            if m["status"] == "over":
                break
            if m["legal"] and m["view"]["to_act"] == m["you"]["seat"]:
                complete = [a for a in m["actions"] if not a.get("more") and a["type"] != "say"]
                plays = [a for a in complete if a["type"] in ("play", "color")]
                rest = [a for a in complete if a["type"] in ("draw", "pass")]
                choice = (plays or rest or complete)[0]
                ws.send_json({"type": "act", "action": choice["text"]})
    assert s.status == "over" and seen[-1]["status"] == "over", "the hand did not end in time"
    assert seen[-1]["match"]["last"]["winner"] is not None
    assert sides == {"light", "dark"}                      # seed 7: a Flip turns the table over
    # narrated in Portuguese (the log sent holds the latest lines: look through every message's)
    assert any("vira tudo: agora vale o lado escuro" in line for m in seen for line in m["log"])
    # the replay viewer's frames: the spectator's view (every seat's backs) and every hand
    steps = client.get(f"/api/tables/{t['table']}/replay").json()["steps"]
    frames = [client.get(f"/api/tables/{t['table']}/replay/{i}").json() for i in (0, steps // 2, steps - 1)]
    for f in frames:
        check_flip_view(f)
        assert [seat for seat, _ in f["view"]["backs"]] == [0, 1, 2, 3] and len(f["hands"]) == 4


# ---------------------------------------------------------------------------------------- the page's files
def _js_table(src: str, name: str) -> str:
    return src.split(f"const {name} = {{", 1)[1].split("};", 1)[0]


def test_the_pages_name_and_draw_every_flip_card_in_english_and_portuguese():
    i18n = (STATIC / "i18n.js").read_text()
    en, pt = i18n.split("const PT = {", 1)
    en = en.split("const EN = {", 1)[1]
    codes = {c.code for c in build_deck("flip")} | {c.down.code for c in build_deck("flip")}   # both sides
    assert {"R+1", "RF", "W+2", "P+5", "PSA", "PF", "WDC", "VR"} <= codes
    cards = (STATIC / "cards.js").read_text()
    faces, wilds = _js_table(cards, "FACES"), _js_table(cards, "WILDS")
    shape = re.search(r"export const SHAPE = \{([^}]*)\}", cards).group(1)
    shapes = dict(re.findall(r'(\w): "([^"]+)"', shape))
    assert set(shapes) == LIGHT | DARK and len(set(shapes.values())) == 8       # a distinct shape per colour
    for code in sorted(codes):
        if code.startswith("W"):
            assert f'"{code}":' in wilds or f"{code}:" in wilds, f"no symbol for {code}"
            keys = [f"face.{code}"]
        else:
            face = code[1:]
            keys = [f"color.{code[0]}"] + ([] if face.isdigit() else [f"face.{face}"])
            if not face.isdigit():
                assert f'"{face}":' in faces or f"{face}:" in faces or face in ("+1", "+5", "+2"), \
                    f"no symbol for {face}"
        for key in keys:
            assert f'"{key}":' in en, f"{key} is missing in English"
            assert f'"{key}":' in pt, f"{key} is missing in Portuguese"
    for key, want_en, want_pt in (("color.P", "Pink", "Rosa"), ("color.T", "Teal", "Turquesa"),
                                  ("color.O", "Orange", "Laranja"), ("color.V", "Purple", "Roxo"),
                                  ("face.WDC", "Wild Draw Colour", "Curinga Comprar Cor"),
                                  ("face.SA", "Skip Everyone", "Pular Todos"),
                                  ("flip.light", "Light side", "Lado claro"), ("flip.dark", "Dark side", "Lado escuro")):
        assert f'"{key}": "{want_en}"' in en and f'"{key}": "{want_pt}"' in pt, key
    css = (STATIC / "app.css").read_text()
    for letter in "PTOV":
        assert f".card.c-{letter}" in css and f".color-btn.c-{letter}" in css and f".chip.c-{letter}" in css
    assert ".card.dark" in css and ".side-badge.side-dark" in css
    table = (STATIC / "table.js").read_text()
    assert "ALL_COLORS.map" in table                     # the picker offers whatever colours the options name


# ---------------------------------------------------------------------------------------- the terminal UI
def test_tui_styles_and_orders_the_dark_colours():
    styles = {COLOR_STYLE[c] for c in "RYGBPTOV"}
    assert len(styles) == 8
    assert hand_order(["WDC", "V5", "P+5", "T1", "PF", "O9", "PSA", "W"]) == \
        ["PF", "P+5", "PSA", "T1", "O9", "V5", "W", "WDC"]
    assert hand_order(["W+2", "RF", "R+1", "B2"]) == ["R+1", "RF", "B2", "W+2"]
    assert card_text("W", side="dark").style != card_text("W", side="light").style
    assert card_text("P7").style == COLOR_STYLE["P"]
    wilds = [{"type": "play", "cards": "W", "color": c, "text": f"0 play W>{c}"} for c in "PTOV"]
    assert [k for k, _, _ in choice_rows(wilds, {})] == ["p", "t", "o", "v"]
    assert "p/t/o/v" in _question(wilds)
    assert choice_rows(wilds, {})[0][1] == "Wild → pink"


def test_tui_panels_show_the_side_and_the_others_backs():
    s = TableSession(TableOptions(rules=FLIP, seats=3, match=False, bot_think=0, uno_grace=0, seed=1))
    p = s.join("Ana")
    s.start(0.0)
    m = state_message(s, p)
    me = m["you"]["seat"]
    pile, seats = render_pile(m).plain, render_seats(m, 60).plain
    assert "LIGHT SIDE" in pile and f"(back  {m['view']['stock_back']} )" in pile
    assert seats.count("backs") == 2
    for _seat, cards in m["view"]["backs"]:
        assert " ".join(cards) in " ".join(seats.split())
    dark = drive(s, p, lambda m: m["view"]["side"] == "dark")
    assert dark is not None
    assert "DARK SIDE" in render_pile(dark).plain
    assert render_seats(dark, 60).plain.count("backs") == len(dark["view"]["backs"]) == 2
    # a spectator: every seat's backs
    assert render_seats(state_message(s, None), 60).plain.count("backs") == 3
    assert me is not None


def test_tui_a_local_flip_table_shows_the_side_in_the_title_pile_and_seats():
    opts = TableOptions(rules=FLIP, seats=3, match=False, seed=4, bot_think=0, uno_grace=0, between_hands=0)
    t = LocalTable.new(opts)

    async def go():
        async with UnoApp(t).run_test(size=(120, 40)) as pilot:
            deadline = time.monotonic() + 20
            while t.state is None:
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            await pilot.pause()
            screen = pilot.app.table_screen
            assert "SIDE" in screen.query_one("#pile").text()
            assert screen.query_one("#seats").text().count("backs") == 2
            assert "light side" in str(screen.query_one("#title").render()) \
                or "dark side" in str(screen.query_one("#title").render())
            hand = screen.query_one("#hand")
            assert hand.side == t.state["view"]["side"]
    asyncio.run(asyncio.wait_for(go(), 60))


def test_tui_a_wild_on_the_dark_side_asks_for_pink_teal_orange_or_purple():
    for seed in range(80):
        t = LocalTable.new(TableOptions(rules=FLIP, seats=3, match=False, seed=seed, bot_think=0, uno_grace=0,
                                        between_hands=0))
        s = t.session
        s.set_connected(0, True, 0.0)
        m = drive(s, 0, lambda m: m["view"]["side"] == "dark" and m["view"]["to_act"] == m["you"]["seat"]
                  and any(a["type"] == "play" and a.get("color") and a["cards"] in ("W", "WDC") for a in m["actions"]))
        if m is not None:
            break
    else:
        pytest.skip("no seed gave player 0 a wild on the dark side")
    wild = next(a["cards"] for a in m["actions"] if a["type"] == "play" and a.get("color"))
    seat = m["you"]["seat"]

    async def go():
        async with UnoApp(t).run_test(size=(120, 40)) as pilot:
            deadline = time.monotonic() + 20
            while t.state is None:
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            screen = pilot.app.table_screen
            hand = screen.query_one("#hand")
            assert "DARK SIDE" in screen.query_one("#pile").text() and hand.side == "dark"
            hand.pick(hand.hand.index(wild))                     # (what the arrows and number keys do)
            await pilot.press("enter")
            while not isinstance(pilot.app.screen, ChoiceScreen):
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            assert "(p/t/o/v)" in pilot.app.screen.title_text
            assert [k for k, _, _ in pilot.app.screen.options] == ["p", "t", "o", "v"]
            await pilot.press("o")
            while not any(str(e.get("action", "")).startswith(f"{seat} play {wild}>O") for e in s.log):
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
    asyncio.run(asyncio.wait_for(go(), 60))
