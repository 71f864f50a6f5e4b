"""UNO Flex at the web table and in the terminal UI: the power cards a seat is sent, the flex side offered
(``RSX*``, ``R2Y*``, ``WF2*>G @?``) only to a seat whose power card is green and played from the card in
hand, a whole bot-filled hand over WebSockets, the page's names and drawings of every Flex card (checked
against unokit/engine/narrate.py by running cards.js under Node), and the Textual screen's chips, power cards
and flex-side choice.

The WebSocket traffic goes through Starlette's TestClient (the real app and a real SQLite file), as in
test_web_flip.py; the terminal screen runs headless through Textual's pilot, as in test_tui.py.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_support import post_table, recv_state

from unokit.core.cards import Card
from unokit.core.decks import build_deck
from unokit.engine.narrate import card_name
from unokit.play.session import TableOptions, TableSession
from unokit.play.tui.app import UnoApp, flex_rows
from unokit.play.tui.dialogs import ChoiceScreen
from unokit.play.tui.local import LocalTable
from unokit.play.tui.widgets import (
    COLOR_STYLE,
    card_text,
    hand_order,
    physical,
    render_seats,
)
from unokit.play.web.app import create_app
from unokit.play.wire import state_message
from unokit.rules.editions.flex import FLEXED

STATIC = Path(__file__).resolve().parents[3] / "unokit" / "play" / "web" / "static"
FLEX = "UNO FLEX"
FAST = {"bot_think": 0.02, "uno_grace": 0.05, "between_hands": 0.05}
#: every Flex card: the deck's, and the flexed faces a play names (only in play options and the log)
DECK = sorted({c.code for c in build_deck("flex")})
FLEXED_CODES = sorted(c.code for c in FLEXED.values())
#: the cards with a flex side (R2Y, RSX, WF2...)
FLEX_SIDED = {c.code for c in FLEXED}
FLEX_CODES = sorted({c for c in DECK if not re.fullmatch(r"[RYGB](\d|S|R|\+2)", c) and c not in ("W", "W+4")}
                    | set(FLEXED_CODES))


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'flex.db'}")) as c:
        yield c


def make_table(client, **kw) -> dict:
    return post_table(client, FLEX, **kw)


def flexed(a: dict) -> bool:
    return a.get("type") == "play" and any(c.endswith("*") for c in (a.get("cards") or "").split())


def check_flex_view(m: dict) -> None:
    """What any state message of a Flex table holds: a power card per seat; the flex side offered only
    to a green seat, from a card it holds."""
    v = m["view"]
    powers = v["powers"]
    assert isinstance(powers, list) and len(powers) == v["players"] and all(isinstance(x, bool) for x in powers)
    me = (m.get("you") or {}).get("seat")
    for a in m["actions"]:
        if flexed(a):
            assert powers[me], ("a red power card is offered a flex side", a)
            assert physical(a["cards"].split()[0]) in v["hand"], (a, v["hand"])


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


def flex_session(seed: int) -> tuple[TableSession, int]:
    s = TableSession(TableOptions(rules=FLEX, seats=3, match=False, bot_think=0, uno_grace=0, seed=seed))
    p = s.join("Ana")
    s.start(0.0)
    return s, p


# ---------------------------------------------------------------------------------------- the state message
def test_ws_a_flex_table_sends_every_seats_power_card(client):
    t = make_table(client, bot_think=10.0)          # the bots wait: the table stands still while we look
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws, \
            client.websocket_connect(f"/ws/{t['table']}") as watcher:
        m, w = recv_state(ws), recv_state(watcher)
    assert m["view"]["powers"] == [True, True, True]             # every power card starts green
    assert w["view"]["powers"] == [True, True, True]             # public: a spectator sees them too
    check_flex_view(m)


def test_a_classic_table_sends_no_power_cards():
    s = TableSession(TableOptions(rules="UNO 1121", seats=2, match=False, bot_think=0, seed=2))
    p = s.join("Ana")
    s.start(0.0)
    assert state_message(s, p)["view"]["powers"] is None


# ---------------------------------------------------------------------------------------- the flex side
def test_a_green_seat_is_offered_the_flex_side_and_playing_it_turns_its_power_card_red():
    """Seed 10: Ana's first turn offers R4Y* (a yellow 4 from her R4Y) and W+4F* (a colour, then a seat);
    after R4Y* her power card is red and no flex side is offered to her until it is green again."""
    s, p = flex_session(10)
    m = state_message(s, p)
    me = m["you"]["seat"]
    assert m["view"]["to_act"] == me and m["view"]["powers"][me] is True
    check_flex_view(m)
    offered = {a["cards"]: a for a in m["actions"] if flexed(a)}
    assert "R4Y*" in offered and "R4Y" in m["view"]["hand"]
    stems = [a for a in m["actions"] if a.get("cards") == "W+4F*"]
    assert sorted(a["color"] for a in stems) == list("BGRY") and all(a["more"] == "target" for a in stems)
    # the flexed wild's seat is the existing target step: expanding it names each other seat
    targets = sorted(a.target for a in s.expand(p, stems[0]["text"]))
    assert targets == [q for q in range(3) if q != me]
    s.act(p, offered["R4Y*"]["text"], 0.1)
    m = state_message(s, p)
    assert m["view"]["powers"][me] is False
    assert m["view"]["discard"][-1] == "R4Y" and m["view"]["color"] == "R"   # put down as the card, red in play
    assert any("power cards now" in line for line in m["log"])
    seen_red = 0
    for _ in range(30):                               # Ana's next turns: while red, never a flex side
        m = drive(s, p, lambda m: m["view"]["to_act"] == m["you"]["seat"] and m["legal"])
        if m is None:
            break
        check_flex_view(m)
        if not m["view"]["powers"][me]:
            seen_red += 1
            assert not any(flexed(a) for a in m["actions"])
        s.act_for(p, 1e3)
    assert seen_red >= 1


# ---------------------------------------------------------------------------------------- a whole hand
def test_ws_a_bot_filled_flex_table_plays_a_hand_to_the_end_using_flex_sides(client):
    t = make_table(client, seats=4, seed=9, **FAST)
    client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})   # three bots join
    s = client.app.state.hub.tables[t["table"]].session
    seen, powers, used = [], set(), []
    deadline = time.monotonic() + 60
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}&lang=pt") as ws:
        while time.monotonic() < deadline:
            m = ws.receive_json()
            if m["type"] == "error" and "slow down" in m["message"] and seen:   # the rate limit: wait, resend
                time.sleep(0.3)
                m = seen.pop()
            if m["type"] == "options":                      # a flexed wild's seat: the first one offered
                ws.send_json({"type": "act", "action": m["options"][0]})
                continue
            if m["type"] != "state":
                continue
            seen.append(m)
            if m["view"] is not None:
                check_flex_view(m)
                powers.add(tuple(m["view"]["powers"]))
            if m["status"] == "over":
                break
            if m["legal"] and m["view"]["to_act"] == m["you"]["seat"]:
                acts = [a for a in m["actions"] if a["type"] != "say"]
                flex = [a for a in acts if flexed(a)]        # use a flex side whenever one is offered
                complete = [a for a in acts if not a.get("more")]
                plays = [a for a in complete if a["type"] in ("play", "color")]
                rest = [a for a in complete if a["type"] in ("draw", "pass")]
                choice = (flex or plays or rest or complete)[0]
                if flex:
                    used.append(choice["cards"])
                ws.send_json({"type": "expand" if choice.get("more") else "act", "action": choice["text"]})
    assert s.status == "over" and seen[-1]["status"] == "over", "the hand did not end in time"
    assert seen[-1]["match"]["last"]["winner"] is not None
    assert used, "seed 9: the person never had a flex side to use"
    assert "W+4F*" in used                  # seed 9: a flexed wild's colour, then its seat through `expand`
    assert any(not all(p) for p in powers)                        # someone's power card turned red
    # narrated in Portuguese (the log sent holds the latest lines: look through every message's)
    assert any("cartas de poder agora" in line for m in seen for line in m["log"])
    steps = client.get(f"/api/tables/{t['table']}/replay").json()["steps"]
    last = client.get(f"/api/tables/{t['table']}/replay/{steps - 1}").json()
    assert len(last["view"]["powers"]) == 4                       # the replay viewer draws them too


# ---------------------------------------------------------------------------------------- the page's files
def _js_table(src: str, name: str) -> str:
    return src.split(f"const {name} = {{", 1)[1].split("};", 1)[0]


def _has_key(table: str, key: str) -> bool:
    return f'"{key}":' in table or f"{key}:" in table


def test_the_pages_name_and_draw_every_flex_card_in_english_and_portuguese():
    i18n = (STATIC / "i18n.js").read_text()
    en, pt = i18n.split("const PT = {", 1)
    en = en.split("const EN = {", 1)[1]
    assert {"R2Y", "B2R", "R1F", "RSX", "RRX", "R+2X", "WF2", "WFA", "W+4F", "WAF"} <= set(DECK)
    assert {"R2Y*", "RSX*", "RRX*", "R+2X*", "WF2*", "WFA*", "W+4F*"} <= set(FLEXED_CODES)
    cards = (STATIC / "cards.js").read_text()
    faces, wilds = _js_table(cards, "FACES"), _js_table(cards, "WILDS")
    for code in FLEX_CODES:
        if code.startswith("W"):
            assert _has_key(wilds, code), f"no symbol for {code}"
            keys = [f"face.{code}"]
        elif re.fullmatch(r"[RYGB]\d[RYGB]\*?", code):
            keys = ["flex.flexed" if code.endswith("*") else "flex.number"]
        elif re.fullmatch(r"[RYGB]\dF", code):
            keys = []                                            # the number and the flip mark ⟲
        else:
            assert _has_key(faces, code[1:]), f"no symbol for {code}"
            keys = [f"face.{code[1:]}"]
        for key in keys:
            assert f'"{key}":' in en, f"{key} is missing in English"
            assert f'"{key}":' in pt, f"{key} is missing in Portuguese"
    for key in ("flex.power", "flex.powerGreen", "flex.powerRed", "flex.which", "flex.regular", "flex.use",
                "flex.canFlex"):
        assert f'"{key}":' in en and f'"{key}":' in pt, key
    assert '"flex.number": "{n} (flex {color})"' in en and '"flex.flexed": "{n} (flex, depois {color})"' in pt
    css = (STATIC / "app.css").read_text()
    for letter in "RYGB":
        assert f".card.fx-{letter}" in css
    for sel in (".card.two-color", ".card.flexed", ".flex-mark", ".flip-mark", ".mark.power-green",
                ".mark.power-red", ".flex-choice"):
        assert sel in css, sel
    board = (STATIC / "board.js").read_text()
    assert "`power-${seat}`" in board and "v.powers" in board
    table = (STATIC / "table.js").read_text()
    assert 'kind: "flex"' in table and "physicalOf(firstCard(a))" in table
    assert "power-{seat}" in (STATIC / "table.html").read_text()


NODE_RUN = """
globalThis.document = { documentElement: {} };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.navigator = { language: "en" };
const codes = JSON.parse(process.argv[2]);
const cards = await import("./cards.js");
const i18n = await import("./i18n.js");
const out = { parse: {} };
for (const l of ["en", "pt"]) {
  i18n.setLang(l);
  out[l] = Object.fromEntries(codes.map((c) => [c, cards.cardName(c)]));
}
for (const c of codes) {
  const p = cards.parseCard(c);
  out.parse[c] = { ...p, symbol: cards.faceSymbol(p), physical: cards.physicalOf(c), isFlexed: cards.isFlexed(c) };
}
console.log(JSON.stringify(out));
"""


def test_cards_js_names_every_flex_card_as_the_log_does(tmp_path):
    """cards.js run under Node (its imports need only a stub document): each Flex card's name in English and
    Portuguese is unokit/engine/narrate.py's, a flexed number's colour is its flex colour, and a flexed face is
    played from the card without the star."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run cards.js")
    for name in ("cards.js", "common.js", "i18n.js"):
        shutil.copy(STATIC / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.js").write_text(NODE_RUN)
    codes = FLEX_CODES + ["R7", "GS", "W+4", "W"]
    out = subprocess.run([node, "run.js", json.dumps(codes)], cwd=tmp_path, capture_output=True, text=True, check=False,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    for code in codes:
        card = Card.parse(code)
        assert got["en"][code] == card_name(card, "en"), code
        assert got["pt"][code] == card_name(card, "pt"), code
        p = got["parse"][code]
        assert p["color"] == (card.color.letter if card.color is not None else None), code
        assert p["symbol"] and (p["symbol"] != "W" or code == "W"), code   # every wild has its own symbol
        assert p["isFlexed"] == code.endswith("*") and p["physical"] == code.rstrip("*")
        assert p["flex"] == (code.rstrip("*") in FLEX_SIDED), code
    assert got["parse"]["R2Y"]["flexColor"] == "Y" and got["parse"]["R2Y*"]["then"] == "R"
    assert got["parse"]["R1F"]["mark"] is True and got["parse"]["RSX*"]["symbol"] == "⊘⊘"


# ---------------------------------------------------------------------------------------- the terminal UI
def test_tui_chips_sorting_and_power_cards():
    two = card_text("R2Y")
    assert two.plain == " R2Y " and [sp.style for sp in two.spans] == [COLOR_STYLE["R"], COLOR_STYLE["Y"]]
    assert card_text("R2Y*").style == COLOR_STYLE["Y"]         # played as a yellow 2
    assert card_text("R1F").style == COLOR_STYLE["R"] and card_text("WAF").style == COLOR_STYLE["W"]
    assert hand_order(["WAF", "B2R", "R+2X", "R2Y", "R1F", "RSX", "R2", "W", "RRX"]) == \
        ["R1F", "R2", "R2Y", "RSX", "RRX", "R+2X", "B2R", "W", "WAF"]
    assert physical("RSX*") == "RSX" and physical("R2Y*") == "R2Y" and physical("R7") == "R7"
    s, p = flex_session(10)
    m = state_message(s, p)
    assert render_seats(m, 60).plain.count("✔ power") == 3
    s.act(p, "0 play R4Y*", 0.1)
    seats = render_seats(state_message(s, p), 60).plain
    assert seats.count("✔ power") == 2 and seats.count("✘ power") == 1
    # the choice of a card's side: its regular use (1) and its flex side (f); none without a flexed face
    plays = [{"type": "play", "cards": "RSX", "text": "0 play RSX"},
             {"type": "play", "cards": "RSX*", "text": "0 play RSX*"}]
    rows = flex_rows(plays)
    assert [(k, v) for k, _, v in rows] == [("1", [plays[0]]), ("f", [plays[1]])]
    assert "Red Flex Skip" in rows[0][1] and "Skip Everyone (flex)" in rows[1][1]
    assert [k for k, _, _ in flex_rows(plays[1:])] == ["f"] and flex_rows(plays[:1]) is None


def test_tui_enter_on_a_flex_card_asks_which_side_and_f_plays_the_flex_side():
    """Seed 10: Ana holds R4Y, playable as a red 4 on the blue 4 or, flexed, as a yellow 4."""
    t = LocalTable.new(TableOptions(rules=FLEX, seats=3, match=False, seed=10, bot_think=5, uno_grace=0,
                                    between_hands=0))
    s = t.session

    async def go():
        async with UnoApp(t).run_test(size=(120, 40)) as pilot:
            deadline = time.monotonic() + 20
            while t.state is None:
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            screen = pilot.app.table_screen
            assert screen.query_one("#seats").text().count("✔ power") == 3
            hand = screen.query_one("#hand")
            assert "R4Y" in hand.playable and "W+4F" in hand.playable
            hand.pick(hand.hand.index("R4Y"))
            await pilot.press("enter")
            while not isinstance(pilot.app.screen, ChoiceScreen):
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            assert "which side?" in pilot.app.screen.title_text
            assert [k for k, _, _ in pilot.app.screen.options] == ["1", "f"]
            await pilot.press("f")
            while not any(str(e.get("action", "")).startswith("0 play R4Y*") for e in s.log):
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            await pilot.pause(0.1)
            assert "✘ power" in screen.query_one("#seats").text()
    asyncio.run(asyncio.wait_for(go(), 60))
