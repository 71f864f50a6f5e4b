"""Issue 15, item 4: more decks for big tables, everywhere (003: "più di un mazzo nel caso il numero dei
giocatori sia molto alto"), and the UNO Boost deck (003 §Varianti non ufficiali).

Every command that plays hands takes ``--decks N`` (1 to 4) and seats 2 to 10 players a deck; the
match, the table options and the web lobby take ``decks`` too. The compiled core plays one deck, so
``--engine auto`` falls back to the referee and says why.
"""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from unokit import cli
from unokit.core.cards import Card, Face
from unokit.core.decks import DECKS, build_deck
from unokit.engine.game import Game
from unokit.lab.sim import simulate
from unokit.match import MAX_TABLE_DECKS, Match, MatchConfig, MatchError, play_match, random_policy, replay_match
from unokit.play.session import TableError, TableOptions, TableSession
from unokit.play.web.app import create_app
from unokit.play.wire import catalog_message

ACTIONS = (Face.SKIP, Face.REVERSE, Face.DRAW_TWO, Face.WILD, Face.WILD_DRAW_FOUR)


#: every command that plays hands (bad values are refused before anything is played)
COMMANDS = [["sim", "--hands", "1"], ["play", "--plain"], ["duel", "greedy", "random", "--hands", "1"],
            ["tournament", "greedy,random", "--hands", "1"], ["lab", "--hands", "1"]]


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def refused(capsys, *argv, needle: str) -> str:
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == "", (argv, rc, out)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("unokit: error: "), err
    assert needle in err, err
    return err


# ---------------------------------------------------------------------------------------------- the boost deck
def test_the_boost_deck_is_the_classic_deck_and_a_second_decks_action_cards():
    classic = Counter(c.code for c in build_deck("classic"))
    boost = Counter(c.code for c in build_deck("boost"))
    second = Counter({code: n for code, n in classic.items() if Card.parse(code).face in ACTIONS})
    assert boost == classic + second
    faces = Counter(c.face for c in build_deck("boost"))
    assert [faces[f] for f in ACTIONS] == [16, 16, 16, 8, 8]       # 8 + 8 of each coloured action, 4 + 4 wilds
    assert sum(second.values()) == 32 and len(build_deck("boost")) == 108 + 32 == 140
    assert faces[0] == 4 and faces[7] == 8                          # the numbers are the classic deck's
    assert DECKS["boost"].source == "003 §Varianti non ufficiali (UNO Boost)"
    assert len(build_deck("boost", copies=2)) == 280


def test_a_boost_hand_is_dealt_from_140_cards_and_replays():
    g = Game.new(players=4, seed=5, deck="boost")
    assert sum(len(h) for h in g.hands) + len(g.stock) + len(g.discard) == 140
    s = simulate(20, players=4, deck="boost", bots="random-play", check=True, progress=False)
    assert s["checked"] and s["hands"] == 20 and s["deck"] == "boost" and s["truncated"] == 0


# ---------------------------------------------------------------------------------------------- the command line
def test_sim_with_two_decks_seats_sixteen_and_says_why_the_referee_plays(capsys):
    rc, out, err = run(capsys, "sim", "--decks", "2", "--players", "16", "--hands", "5", "--bots", "random-play",
                       "--no-progress")
    assert (rc, err) == (0, "")
    assert out.startswith("5 hands, 16 players, rules UNO 1121, seed 0, 2 classic decks")
    engine = next(ln for ln in out.splitlines() if ln.startswith("engine: "))
    assert engine.startswith("engine: referee (")
    from unokit.fast import compiled
    if compiled.problem("UNO 1121", ["random-play"], 4) is None:     # the compiled core is built here
        assert engine == "engine: referee (the compiled core plays one classic deck)"
    rc, out, _ = run(capsys, "sim", "--decks", "2", "--players", "4", "--hands", "3", "--bots", "random-play",
                     "--no-progress", "--json")
    s = json.loads(out)
    assert rc == 0 and s["decks"] == 2 and s["players"] == 4 and s["engine"].startswith("referee")


@pytest.mark.parametrize("extra", [[], ["--rules", "UNO 1121 C-DR-P4"], ["--deck", "boost"]])
def test_sim_check_passes_with_two_decks_and_sixteen_players(capsys, extra):
    # invariants after every action (card conservation against the two decks) and a checked replay per hand
    rc, out, err = run(capsys, "sim", "--decks", "2", "--players", "16", "--hands", "25", "--bots", "random-play",
                       "--check", "--no-progress", *extra)
    assert (rc, err) == (0, ""), err
    assert "(checked: invariants + replays)" in out and "truncated hands: 0" in out


def test_sim_compiled_engine_refuses_two_decks_with_one_line(capsys):
    refused(capsys, "sim", "--decks", "2", "--hands", "1", "--engine", "compiled", "--no-progress",
            needle="compiled")


def test_duel_and_tournament_with_two_decks(capsys):
    rc, out, err = run(capsys, "duel", "greedy", "random-play", "--decks", "2", "--players", "16", "--hands", "2",
                       "--jobs", "1", "--no-progress")
    assert (rc, err) == (0, "")
    assert "16 players (2 decks)" in out and "engine: referee (" in out
    rc, out, err = run(capsys, "duel", "greedy", "random-play", "--decks", "2", "--players", "12", "--hands", "2",
                       "--jobs", "1", "--no-progress", "--json")
    d = json.loads(out)
    assert rc == 0 and d["decks"] == 2 and d["players"] == 12 and d["games"] == 4 and d["engine"].startswith("referee")
    rc, out, err = run(capsys, "tournament", "greedy,random", "--decks", "2", "--players", "14", "--hands", "1",
                       "--jobs", "1", "--no-progress", "--json")
    t = json.loads(out)
    assert (rc, err) == (0, "") and t["decks"] == 2 and t["players"] == 14 and t["duels"][0]["decks"] == 2


def test_lab_with_two_decks(capsys, tmp_path):
    rc, out, err = run(capsys, "lab", "--rules", "UNO 1121", "--decks", "2", "--players", "16", "--hands", "4",
                       "--skill-hands", "1", "--matches", "1", "--jobs", "1", "--no-progress", "--no-plots", "--json",
                       "--out", str(tmp_path))
    assert (rc, err) == (0, "")
    r = json.loads(out)
    assert r["decks"] == 2 and r["players"] == [16] and r["engine"].startswith("referee")
    e = r["results"][0]
    assert e["table"]["hands"] == 4 and e["skill"]["players"] == 16 and e["match"]["matches"] == 1
    # the chunk specs carry the decks, so a cached one-deck chunk is never taken for a two-deck one
    specs = [json.loads(p.read_text())["spec"] for p in (tmp_path / "cache").rglob("*.json")]
    assert specs and all(sp["decks"] == 2 for sp in specs)


def test_play_plain_with_two_decks_seats_sixteen(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    rc, out, err = run(capsys, "play", "--plain", "--decks", "2", "--players", "16", "--seed", "1", "--no-color")
    assert (rc, err) == (0, "")
    assert "16 players" in out and "seat 15 (greedy): 7" in out
    assert "stock: 103" in out                       # 216 cards - 16 x 7 dealt - the first discard


def test_play_builds_a_two_deck_local_table():
    from unokit.play.tui.launch import build_table
    args = cli.build_parser().parse_args(["play", "--rules", "UNO 1121", "--players", "20", "--decks", "2"])
    table = build_table(args)
    assert table.session.options.decks == 2 and table.session.options.seats == 20


@pytest.mark.parametrize("cmd", COMMANDS)
@pytest.mark.parametrize("value", ["0", "-1", "1.5", "x", "", "5", "99999999999999999999"])
def test_bad_deck_counts_are_refused_with_one_line(capsys, cmd, value):
    refused(capsys, *cmd, "--decks", value, needle="--decks")


@pytest.mark.parametrize("cmd", COMMANDS)
def test_too_many_players_for_the_decks_are_refused_with_one_line(capsys, cmd):
    err = refused(capsys, *cmd, "--players", "21", "--decks", "2", needle="--players 21")
    assert "2 to 20" in err and "--decks 3" in err
    err = refused(capsys, *cmd, "--players", "11", needle="--players 11")
    assert "2 to 10" in err and "--decks 2" in err
    refused(capsys, *cmd, "--players", "41", "--decks", "4", needle="--players")


def test_lab_skill_players_are_checked_against_the_decks(capsys):
    refused(capsys, "lab", "--hands", "1", "--decks", "2", "--skill-players", "21", needle="--players 21")


def test_the_library_refuses_bad_deck_counts():
    from unokit.core.errors import UnoError
    from unokit.lab import lab
    from unokit.lab.tournament import duel
    for bad in (0, -1, True, 1.5, 11, 10**30):
        with pytest.raises(UnoError, match="decks"):
            duel("greedy", "random", hands=1, decks=bad, jobs=1, progress=False)
        with pytest.raises(UnoError, match="decks"):
            lab("UNO 1121", hands=1, decks=bad, jobs=1, progress=False, plots=False)
        with pytest.raises(MatchError, match="decks"):
            MatchConfig(players=4, decks=bad)
    with pytest.raises(UnoError, match="2 to 20 players"):
        duel("greedy", "random", hands=1, players=21, decks=2, jobs=1, progress=False)


# ---------------------------------------------------------------------------------------------- matches
def test_a_match_of_twelve_players_with_two_decks():
    c = MatchConfig(players=12, decks=2, seed=4, target=200)
    m = play_match(c, random_policy(3))
    assert m.over and m.winner in range(12)
    g = Match.new(c).next_hand()
    assert g.n == 12 and g.decks == 2
    assert sum(len(h) for h in g.hands) + len(g.stock) + len(g.discard) == 216
    again = replay_match(json.loads(json.dumps(m.record())))
    assert again.scores == m.scores and again.config.decks == 2
    with pytest.raises(MatchError, match="2 to 20 players with 2 deck"):
        MatchConfig(players=21, decks=2)
    with pytest.raises(MatchError, match="2 to 10 players with 1 deck"):
        MatchConfig(players=12)


# ---------------------------------------------------------------------------------------------- tables for people
def test_table_options_seat_ten_players_a_deck():
    assert TableOptions(seats=20, decks=2).match_config(0).decks == 2
    with pytest.raises(TableError, match=r"from 2 to 10, got 11.*add decks"):
        TableOptions(seats=11)
    with pytest.raises(TableError, match="from 2 to 20, got 21"):
        TableOptions(seats=21, decks=2)
    for bad in (0, 5, True, 1.5, "2"):
        with pytest.raises(TableError, match="decks"):
            TableOptions(seats=4, decks=bad)
    assert TableOptions.from_dict({"seats": 4}).decks == 1                # tables stored before decks existed
    assert TableOptions.from_dict(TableOptions(seats=14, decks=2).to_dict()).decks == 2


def test_a_session_of_twenty_seats_plays_a_hand():
    s = TableSession(TableOptions(seats=20, decks=2, match=False, bot_think=0, uno_grace=0, seed=3,
                                  fill_bot="greedy"))
    you = s.join("Ana")
    s.start(now=0.0)
    assert s.game.n == 20 and s.game.decks == 2
    now = 0.0
    while s.status == "playing" and now < 5000:
        now += 1.0
        _ = s.act_for(you, now=now) if s.game.to_act == s.seat_of(you) else s.tick(now=now)
    assert s.status == "over" and len(s.results) == 1
    again = TableSession.restore(s.options, s.log)
    assert again.game.fingerprint() == s.game.fingerprint()


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as c:
        yield c


def test_web_table_with_two_decks_seats_twenty(client):
    r = client.post("/api/tables", json={"rules": "UNO 1121", "seats": 20, "decks": 2, "name": "Ana",
                                         "bots": {str(p): "greedy" for p in range(10, 20)}})
    assert r.status_code == 200, r.text
    t = r.json()
    for k in range(1, 10):
        j = client.post(f"/api/tables/{t['table']}/join", json={"name": f"P{k}"})
        assert j.status_code == 200 and j.json()["seat"] == k
    full = client.post(f"/api/tables/{t['table']}/join", json={"name": "Late"})
    assert full.status_code == 409 and "full" in full.json()["detail"]
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["options"]["decks"] == 2 and len(info["seats"]) == 20 and info["free"] == 0
    r = client.post(f"/api/tables/{t['table']}/seat", json={"token": t["token"], "seat": 19, "bot": "random"})
    assert r.status_code == 200
    assert client.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]}).json()["status"] == "playing"
    game = client.app.state.hub.tables[t["table"]].session.game
    assert game.n == 20 and game.decks == 2 and len(game.stock) == 216 - 20 * 7 - 1 - (len(game.discard) - 1)
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] == "state":
                break
        assert len(m["seats"]) == 20 and m["options"]["decks"] == 2


@pytest.mark.parametrize("body, words", [
    ({"seats": 21, "decks": 2}, "from 2 to 20"),
    ({"seats": 11}, "add decks"),
    ({"seats": 41, "decks": 4}, "seats"),
    ({"seats": 4, "decks": 0}, "decks"),
    ({"seats": 4, "decks": 5}, "decks"),
    ({"seats": 4, "decks": "two"}, "decks"),
    ({"seats": 4, "decks": 1.5}, "decks"),
])
def test_web_bad_deck_counts_get_a_one_line_reason(client, body, words):
    r = client.post("/api/tables", json={"name": "Ana", **body})
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and words in detail


def test_web_catalogue_lists_the_decks_and_their_bounds(client):
    cat = client.get("/api/catalog").json()
    assert cat == catalog_message()
    assert cat["deck_count"] == {"default": 1, "lo": 1, "hi": MAX_TABLE_DECKS, "seats_per_deck": 10}
    decks = {d["name"]: d for d in cat["decks"]}
    assert decks["boost"]["cards"] == 140 and decks["classic"]["cards"] == 108
    assert "nomercy" not in decks                     # an edition's deck comes with its rule code


def test_the_terminal_picker_takes_the_decks_and_seats_ten_a_deck():
    import asyncio
    import time

    from unokit.play.tui.app import TableScreen, UnoApp
    from unokit.play.tui.picker import PickerScreen

    app = UnoApp(picker={"players": 16, "decks": 2, "bots": "greedy", "bot_think": 0, "uno_grace": 0,
                         "between_hands": 0})

    async def until(pilot, cond, timeout=15.0):
        deadline = time.monotonic() + timeout
        while not cond():
            assert time.monotonic() < deadline, "timed out waiting for the screen"
            await pilot.pause(0.05)

    async def go():
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, PickerScreen))
            picker = pilot.app.screen
            assert picker.query_one("#decks").value == "2"
            picker.query_one("#decks").value = "1"
            await pilot.pause()
            await pilot.press("ctrl+s")
            assert isinstance(pilot.app.screen, PickerScreen)               # 16 players need two decks
            assert "2 to 10 with 1 deck" in str(picker.query_one("#check").render())
            picker.query_one("#decks").value = "2"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            t = pilot.app.table
            assert t.session.options.decks == 2 and t.session.options.seats == 16
            await until(pilot, lambda: t.state is not None)
            assert len(t.state["seats"]) == 16
    asyncio.run(asyncio.wait_for(go(), 60))
