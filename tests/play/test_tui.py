"""The full-screen table (``unokit play``, unokit.play.tui): driven by keys through Textual's pilot.

Every test runs the app headless with ``asyncio.run`` (no pytest-asyncio) and bots that do not
think (``bot_think=0``), so each finishes in seconds. The ``--join`` test starts a real uvicorn
server on a loopback port.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import threading
import time

import pytest

from unokit import cli
from unokit.engine.game import Game
from unokit.play.session import TableError, TableOptions, TableSession
from unokit.play.tui.adapter import AdapterError
from unokit.play.tui.app import (
    TableScreen,
    UnoApp,
    choice_rows,
    option_label,
    uno_filter,
)
from unokit.play.tui.dialogs import ChoiceScreen, ConfirmScreen
from unokit.play.tui.launch import build_table, frames_for
from unokit.play.tui.local import SAVE_FORMAT, LocalTable, load_save, local_options
from unokit.play.tui.picker import PickerScreen, toggle_rule
from unokit.play.tui.remote import RemoteTable, parse_join_url
from unokit.play.tui.replay import ReplayApp, record_frames, table_frames
from unokit.play.tui.widgets import hand_order
from unokit.play.wire import state_message

FAST = {"bot_think": 0, "uno_grace": 0, "between_hands": 0}
SIZE = (120, 40)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def table(rules="UNO 1121 DR-P4-SU", seats=3, seed=5, match=True, **kw) -> LocalTable:
    opts = TableOptions(rules=rules, seats=seats, match=match, seed=seed, **(FAST | kw.pop("times", {})))
    return LocalTable.new(opts, **kw)


async def until(pilot, cond, timeout=15.0, step=0.05):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the table")
        await pilot.pause(step)


def screen_of(app) -> TableScreen:
    s = app.table_screen
    assert s is not None
    return s


def text(app, wid: str) -> str:
    w = screen_of(app).query_one(f"#{wid}")
    return w.text() if hasattr(w, "text") else str(w.render())


def key_for(app, code: str) -> str:
    """The number key of ``code`` in the hand as shown (sorted)."""
    i = screen_of(app).query_one("#hand").hand.index(code) + 1
    return "0" if i == 10 else str(i)


def drive_to(session: TableSession, want, limit=3000) -> bool:
    """Let the stand-in play for player 0 and the bots play until ``want(session)``; False if the hand ended."""
    session.set_connected(0, True, 0.0)
    t = 1.0
    for _ in range(limit):
        if session.status != "playing":
            return False
        me = session.seat_of(0)
        if session.game.to_act == me and want(session):
            return True
        t += 0.01
        if session.game.to_act == me:
            session.act_for(0, t)
        else:
            session.tick(t)
    return False


# ---------------------------------------------------------------------------------------- the hand and keys
def test_the_screen_shows_the_hand_seats_and_pile():
    t = table()

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.pause()
            hand = text(pilot.app, "hand")
            assert all(code in hand for code in t.state["view"]["hand"])
            assert screen_of(pilot.app).query_one("#hand").hand == hand_order(t.state["view"]["hand"])
            seats = text(pilot.app, "seats")
            assert "You" in seats and "(strategist)" in seats and "7 cards" in seats and "clockwise" in seats
            assert t.state["view"]["top"] in text(pilot.app, "pile")
            assert "Your turn" in str(screen_of(pilot.app).query_one("#status").render())
    run(go())


def test_playing_a_card_by_keys_changes_the_state():
    t = table()

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            before = t.state["version"]
            plays = [a for a in t.state["actions"] if a["type"] == "play"]
            simple = next(a["cards"] for a in plays
                          if sum(b["cards"].split()[0] == a["cards"] for b in plays) == 1 and "color" not in a)
            await pilot.press("right", "left", key_for(pilot.app, simple), "enter")
            await until(pilot, lambda: f"0 play {simple}" in [e.get("action") for e in t.session.log])
            assert t.state["version"] > before
            assert len(t.session.game.view(0).hand) == 6
    run(go())


def test_a_wild_asks_for_its_colour():
    t = table()    # seed 5: you hold a Wild Draw Four and play first

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            assert "W+4" in t.state["view"]["hand"]
            await pilot.press(key_for(pilot.app, "W+4"), "enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
            assert "colour" in pilot.app.screen.title_text
            await pilot.press("g")
            await until(pilot, lambda: "0 play W+4>G" in [e.get("action") for e in t.session.log])
            assert isinstance(pilot.app.screen, TableScreen)
    run(go())


def test_escape_cancels_a_choice_and_an_unplayable_card_is_refused():
    t = table()

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            version = t.state["version"]
            await pilot.press(key_for(pilot.app, "W+4"), "enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
            await pilot.press("escape")
            playable = {a["cards"].split()[0] for a in t.state["actions"] if a["type"] == "play"}
            dead = next(c for c in t.state["view"]["hand"] if c not in playable)
            await pilot.press(key_for(pilot.app, dead), "enter")
            await pilot.pause(0.2)
            assert "cannot be played now" in str(screen_of(pilot.app).query_one("#status").render())
            assert t.state["version"] == version
    run(go())


def test_a_group_is_composed_step_by_step_with_expand():
    t = table()    # seed 5 under DR: Y+2 may go down alone or with more cards ("0 play Y+2 +")

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            assert "0 play Y+2 +" in t.state["legal"]
            await pilot.press(key_for(pilot.app, "Y+2"), "enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
            labels = [label for _, label, _ in pilot.app.screen.options]
            assert any("more cards" in x for x in labels)
            more = next(k for k, label, _ in pilot.app.screen.options if "more cards" in label)
            await pilot.press(more)
            await pilot.pause(0.2)
            # the next step lists the expanded plays (each a group with Y+2 first)
            if isinstance(pilot.app.screen, ChoiceScreen):
                opts = [a for _, _, a in pilot.app.screen.options]
                assert opts and all(a["cards"].split()[0] == "Y+2" and len(a["cards"].split()) >= 2 for a in opts)
                await pilot.press(pilot.app.screen.options[0][0] or "enter")
            await until(pilot, lambda: any(e.get("action", "").startswith("0 play Y+2 ") for e in t.session.log))
    run(go())


def test_the_uno_key_says_uno_and_arms_it_for_the_next_play():
    for seed in range(40):
        t = table("UNO 1121", seats=2, seed=seed, match=False, times={"uno_grace": 5.0})
        s = t.session
        if drive_to(s, lambda s: len(s.game.view(s.seat_of(0)).hand) == 2
                    and any(getattr(a, "uno", False) for a in s.legal(0))):
            break
    else:
        pytest.skip("no seed reached two cards with a play")

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            play = next(a for a in t.state["actions"] if a.get("uno"))
            await pilot.press("u")
            assert screen_of(pilot.app).uno_armed
            await pilot.press(key_for(pilot.app, play["cards"].split()[0]), "enter")
            if isinstance(pilot.app.screen, ChoiceScreen):       # a wild: its colour
                await pilot.press(pilot.app.screen.options[0][0])
            await until(pilot, lambda: any(e.get("player") == 0 and e.get("action", "").endswith(" uno")
                                           for e in s.log))
            assert s.game.view(s.seat_of(0)).uno_said[s.seat_of(0)]
    run(go())


def test_the_uno_key_sends_uno_when_holding_one_card():
    for seed in range(40):
        t = table("UNO 1121", seats=2, seed=seed, match=False, times={"uno_grace": 5.0})
        s = t.session
        if not drive_to(s, lambda s: len(s.game.view(s.seat_of(0)).hand) == 2
                        and any(getattr(a, "uno", False) for a in s.legal(0))):
            continue
        plain = next(a for a in s.legal(0) if getattr(a, "cards", None) and not a.uno and not a.more
                     and len(s.game.view(s.seat_of(0)).hand) == 2)
        s.act(0, plain, now=100.0)
        if any(a.kind == "uno" for a in s.legal(0)):
            break
    else:
        pytest.skip("no seed left player 0 with one card and UNO to say")

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None and "0 uno" in t.state["legal"])
            await pilot.press("u")
            await until(pilot, lambda: any(e.get("action") == "0 uno" for e in s.log))
    run(go())


def test_keys_without_a_move_say_why():
    t = table()

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            status = screen_of(pilot.app).query_one("#status")
            await pilot.press("c")
            assert "nobody can be caught" in str(status.render())
            await pilot.press("p")
            assert "pass" in str(status.render())
            await pilot.press("question_mark")
            assert type(pilot.app.screen).__name__ == "HelpScreen"
            await pilot.press("escape")
            await pilot.press("d")
            await until(pilot, lambda: any(e.get("action") == "0 draw" for e in t.session.log))
    run(go())


def test_choice_keys_and_labels():
    state = {"you": {"seat": 0}, "seats": [{"seat": 1, "name": "Bia"}, {"seat": 2, "name": "Caio"}]}
    catches = [{"type": "catch", "player": 0, "target": 2, "text": "0 catch 2"},
               {"type": "catch", "player": 0, "target": 1, "text": "0 catch 1"}]
    assert [(k, label) for k, label, _ in choice_rows(catches, state)] == [
        ("2", "catch Caio (seat 2)"), ("1", "catch Bia (seat 1)")]
    wilds = [{"type": "play", "cards": "W", "color": c, "text": f"0 play W>{c}"} for c in "RYGB"]
    assert [k for k, _, _ in choice_rows(wilds, state)] == ["r", "y", "g", "b"]
    assert option_label({"type": "play", "cards": "R2", "more": "cards"}, state) == "Red 2 … and more cards"
    twins = [{"text": "0 play R7", "uno": False}, {"text": "0 play R7 uno", "uno": True}, {"text": "0 draw"}]
    assert [a["text"] for a in uno_filter(twins, False)] == ["0 play R7", "0 draw"]
    assert [a["text"] for a in uno_filter(twins, True)] == ["0 play R7 uno", "0 draw"]


# ---------------------------------------------------------------------------------------- a whole match
def test_a_match_to_500_plays_to_the_end_and_shows_the_standings():
    t = table("UNO 1121 DR-P4-SU", seats=3, seed=1, autoplay=True)

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None and t.state["status"] == "over", timeout=40)
            await pilot.pause(0.1)
            scores = text(pilot.app, "scores")
            assert "Match over" in scores and "Standings" in scores
            m = t.state["match"]
            assert m["over"] and max(s["points"] for s in m["scores"]) >= 500
            assert all(s["names"][0] in scores for s in m["scores"])
            assert "Game over" in str(screen_of(pilot.app).query_one("#status").render())
            await pilot.press("r")                      # the replay of the game just played
            await until(pilot, lambda: type(pilot.app.screen).__name__ == "ReplayScreen")
            await pilot.press("end")
            assert pilot.app.screen.index == len(pilot.app.screen.frames) - 1
            await pilot.press("q")
            assert isinstance(pilot.app.screen, TableScreen)
    run(go())


def test_between_hands_the_scoring_shows_and_n_deals_the_next_hand():
    t = table("UNO 1121", seats=2, seed=3, times={"between_hands": 60})
    drive_to(t.session, lambda s: False)
    assert t.session.status == "between"

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            scores = text(pilot.app, "scores")
            assert "Hand 1 over" in scores and "Last hand" in scores
            assert "next hand" in str(screen_of(pilot.app).query_one("#status").render()).lower()
            await pilot.press("n")
            await until(pilot, lambda: t.session.hand_no == 2 and t.state["status"] == "playing")
    run(go())


# ---------------------------------------------------------------------------------------- quitting
def test_tui_q_mid_game_asks_before_quitting():
    t = table()

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
            assert pilot.app.screen.question == "Quit this game? Unsaved progress is lost (s saves)"
            shown = {k for k, b in pilot.app.screen.active_bindings.items() if b.binding.show}
            assert {"y", "n", "escape"} <= shown                     # the footer lists the answers
            await pilot.press("n")
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            await pilot.press("q")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            assert pilot.app.return_code is None and t.session.status == "playing" and t.listener is not None
            await pilot.press("d")                                   # still playing
            await until(pilot, lambda: any(e.get("action") == "0 draw" for e in t.session.log))
            await pilot.press("q")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
            await pilot.press("y")
            await until(pilot, lambda: pilot.app.return_code == 0)
    run(go())


def _lobby_table() -> LocalTable:
    s = TableSession(TableOptions(rules="UNO 1121", seats=3, **FAST))
    return LocalTable(s, s.join("You"))


def _finished_table() -> LocalTable:
    t = table("UNO 1121", seats=2, seed=3, match=False)
    drive_to(t.session, lambda s: False)
    assert t.session.status == "over"
    return t


@pytest.mark.parametrize("make", [_lobby_table, _finished_table], ids=["before-the-game", "game-over"])
def test_tui_q_before_game_quits_at_once(make):
    t = make()

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.press("q")
            await until(pilot, lambda: pilot.app.return_code == 0)
            assert not isinstance(pilot.app.screen, ConfirmScreen)
    run(go())


def test_tui_q_right_after_saving_quits_at_once(tmp_path):
    t = table(save_path=tmp_path / "game.json")

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.press("s", "q")
            await until(pilot, lambda: pilot.app.return_code == 0)
    run(go())


def test_tui_seven_o_offers_dont_swap_and_seat_keys():
    state = {"you": {"seat": 0}, "seats": [{"seat": 1, "name": "Bia"}, {"seat": 2, "name": "Caio"}]}
    options = [{"type": "play", "player": 0, "cards": "B7", "text": "0 play B7"},
               {"type": "play", "player": 0, "cards": "B7", "target": 1, "text": "0 play B7 @1"},
               {"type": "play", "player": 0, "cards": "B7", "target": 2, "text": "0 play B7 @2"}]
    assert [(k, label) for k, label, _ in choice_rows(options, state)] == [
        ("n", "Don't swap"), ("1", "Blue 7 @ Bia (seat 1)"), ("2", "Blue 7 @ Caio (seat 2)")]


def test_tui_seven_o_dont_swap_by_keys():
    for seed in range(60):
        t = table("UNO 1121 SEVENO", seats=3, seed=seed, match=False)
        if drive_to(t.session, lambda s: any(
                getattr(a, "more", None) == "target" and a.cards[0].number == 7 for a in s.legal(0))):
            break
    else:
        pytest.skip("no seed gave player 0 a 7 to play")
    seven = next(a.cards[0].code for a in t.session.legal(0) if getattr(a, "more", None) == "target")

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.press(key_for(pilot.app, seven), "enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
            assert "swap" in pilot.app.screen.title_text
            assert ("n", "Don't swap") in [(k, label) for k, label, _ in pilot.app.screen.options]
            await pilot.press("n")
            await until(pilot, lambda: f"0 play {seven}" in [e.get("action") for e in t.session.log])
    run(go())


# ---------------------------------------------------------------------------------------- save and resume
def _same(a: dict, b: dict) -> None:
    for k in ("status", "hand_no", "rules", "options", "view", "legal", "log", "match", "pending_text"):
        assert a[k] == b[k], k


def test_save_then_resume_gives_the_same_state(tmp_path):
    path = tmp_path / "game.json"
    t = table(save_path=path)
    drive_to(t.session, lambda s: len(s.log) > 12)

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.press("s")
            assert "saved to" in str(screen_of(pilot.app).query_one("#status").render())
            await pilot.press("q")
    run(go())
    data = json.loads(path.read_text())
    assert data["format"] == SAVE_FORMAT and data["log"] == t.session.log
    u = LocalTable.resume(path)
    _same(state_message(t.session, 0), state_message(u.session, 0))
    assert u.session.game.fingerprint() == t.session.game.fingerprint()

    async def again():
        async with UnoApp(u).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: u.state is not None)
            assert screen_of(pilot.app).query_one("#hand").hand == hand_order(t.state["view"]["hand"])
            assert not u.session.is_away(0, u.now() + 1000)      # resumed seat is connected
    run(again())


def test_a_bad_save_file_is_refused_with_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    with pytest.raises(TableError, match="not a saved game"):
        load_save(bad)
    bad.write_text("not json")
    with pytest.raises(TableError, match="not JSON"):
        load_save(bad)


# ---------------------------------------------------------------------------------------- the replay viewer
def test_the_replay_viewer_steps_through_a_saved_game(tmp_path):
    t = table()
    drive_to(t.session, lambda s: len(s.log) > 10)
    frames = table_frames(t.session.options, list(t.session.log))
    assert len(frames) == sum(e["k"] in ("start", "deal", "act") for e in t.session.log)

    async def go():
        async with ReplayApp(frames).run_test(size=SIZE) as pilot:
            scr = pilot.app.screen
            assert scr.index == 0 and scr.frame["caption"] == "the first deal"
            await pilot.press("right", "right")
            marks = [e for e in t.session.log if e["k"] in ("start", "deal", "act")]
            assert scr.index == 2 and scr.frame["caption"].startswith(marks[2]["action"])
            await pilot.press("left")
            assert scr.index == 1
            await pilot.press("end")
            last = scr.frame
            assert scr.index == len(frames) - 1 and last["view"]["discard"] == \
                state_message(t.session, None)["view"]["discard"]
            assert sorted(len(h) for h in last["hands"]) == sorted(t.session.game.view(None).hand_sizes)
            await pilot.press("q")
    run(go())
    path = tmp_path / "g.json"
    t.save(path)
    rc, again = frames_for(path)
    assert rc == 0 and len(again) == len(frames)


def test_the_replay_viewer_reads_hand_records(tmp_path):
    import random
    g, rng = Game.new(players=3, seed=7), random.Random(7)
    while not g.over:
        g.apply(rng.choice(g.legal_actions(g.to_act)))
    rec = g.record()
    frames = record_frames(rec)
    assert len(frames) == len(rec["actions"]) + 1
    assert frames[len(frames) - 1]["status"] == "over"
    assert frames[0]["view"]["hand"] == [] and len(frames[0]["hands"]) == 3
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(rec))
    checked = []
    rc, f = frames_for(path, check=lambda: checked.append(1) or 0)
    assert rc == 0 and checked and len(f) == len(frames)
    rc, f = frames_for(path, check=lambda: 1)            # a record that does not match is not viewed
    assert rc == 1 and f is None


def test_replay_view_needs_a_terminal(capsys, tmp_path):
    path = tmp_path / "hand.json"
    path.write_text("{}")
    assert cli.main(["replay", "--view", str(path)]) == 2
    assert "needs a terminal" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------- the rule picker
def test_toggle_rule():
    assert toggle_rule("UNO 1121", "DR") == "UNO 1121 DR"
    assert toggle_rule("UNO 1121 DR-P4-SU", "P4") == "UNO 1121 DR-SU"


def test_picker_names_what_rl_was_trained_for_at_this_table():
    """Issue 27, point 5: the Textual picker offers rl named by what it was trained for; at a table no model
    was trained for it says rl plays as the strategist there."""
    app = UnoApp(picker={"players": 5, "bots": "rl", **FAST})

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, PickerScreen))
            picker = pilot.app.screen
            note = lambda: str(picker.query_one("#rl-note").render())
            assert ("trained for 2 players under UNO 1121 or 3 players under UNO 1121 or 4 players under UNO 1121 "
                    "or 4 players under UNO 1121 DD-P1 or 4 players under UNO 1121 P4 "
                    "or 4 players under UNO 1121 SEVENO-JUMPIN; "
                    "here it plays as the strategist") in note()
            picker.query_one("#players").value = "4"
            await pilot.pause()
            assert note() == "rl: trained for this table"
            picker.query_one("#players").value = "2"
            await pilot.pause()
            assert note() == "rl: trained for this table"
            picker.query_one("#code").value = "UNO 1121 DR"
            await pilot.pause()
            assert "plays as the strategist" in note()
            picker.query_one("#bots").value = "greedy"
            await pilot.pause()
            assert note() == ""
    run(go())


def test_the_picker_checks_the_code_and_starts_a_local_game():
    app = UnoApp(picker={"players": 3, "bots": "greedy", **FAST})

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, PickerScreen))
            picker = pilot.app.screen
            code = picker.query_one("#code")
            code.value = "uno xyz"
            await pilot.pause()
            assert "✗" in str(picker.query_one("#check").render())
            await pilot.press("ctrl+s")
            assert isinstance(pilot.app.screen, PickerScreen)          # refused: still picking
            code.value = "uno dr-p4-su"
            await pilot.pause()
            assert "✓ UNO 1121 DR-P4-SU" in str(picker.query_one("#check").render())
            dr = next(sl for sl in picker.query("SelectionList") if "DR" in [
                sl.get_option_at_index(i).value for i in range(sl.option_count)])
            assert "DR" in dr.selected                                   # the ticks follow the code
            picker.query_one("#single").value = True
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            t = pilot.app.table
            assert t.session.options.rules == "UNO 1121 DR-P4-SU" and t.session.options.seats == 3
            assert not t.session.options.match
            assert dict(t.session.options.bots) == {1: "greedy", 2: "greedy"}
            await until(pilot, lambda: t.state is not None)
    run(go())


def test_tui_rule_code_field_has_focus_at_start_typed_code_starts():
    app = UnoApp(picker={"players": 3, "bots": "greedy", **FAST})

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, PickerScreen))
            await pilot.pause()
            assert pilot.app.focused is pilot.app.screen.query_one("#code")
            await pilot.press(*["space" if c == " " else c for c in "UNO 1121 DR"])   # replaces the code shown
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
            assert pilot.app.table.session.options.rules == "UNO 1121 DR"
    run(go())


def test_command_line_options_build_the_table(tmp_path):
    def ns(**kw):
        base = {"join": None, "resume": None, "rules": None, "players": None, "bots": None, "seed": None,
                "single": False, "deck": "classic", "lang": "en", "name": "You", "autoplay": False, "save": None}
        return argparse.Namespace(**(base | kw))
    assert build_table(ns()) is None                                   # the picker chooses
    t = build_table(ns(rules="uno dr", players=3, seed=4, single=True, bots="random"))
    assert t.session.options.rules == "UNO 1121 DR" and not t.session.options.match
    with pytest.raises(TableError, match="unknown bot"):
        build_table(ns(bots="nobody"))
    with pytest.raises(TableError, match="cannot be combined"):
        build_table(ns(join="http://127.0.0.1:1/t/ABC234", resume="x"))
    r = build_table(ns(join="http://127.0.0.1:1/t/abc234#token=T0"))
    assert isinstance(r, RemoteTable) and (r.code, r.token) == ("ABC234", "T0")
    assert local_options("UNO 1121", 3, None).bots == ()


def test_cli_play_outside_a_terminal_keeps_the_plain_game(capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert cli.main(["play", "--seed", "2"]) == 0
    assert "Bye." in capsys.readouterr().out
    assert cli.main(["play", "--join", "http://127.0.0.1:1/t/ABC234"]) == 2
    assert "needs the full-screen table" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------- --join a web table
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server():
    uvicorn = pytest.importorskip("uvicorn")
    from unokit.play.web.app import create_app
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app("sqlite://"), host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline or not th.is_alive():
            pytest.fail("uvicorn did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(10)


def _post(url, body):
    import httpx
    with httpx.Client(trust_env=False, timeout=10) as c:
        r = c.post(url, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_join_a_web_table_and_play_by_keys(server):
    made = _post(f"{server}/api/tables", {"name": "Host", "seats": 3, "rules": "UNO 1121", "bot_think": 0,
                                          "uno_grace": 0, "away_delay": 0, "seed": 11})
    code = made["table"]
    assert parse_join_url(f"{server}/t/{code}") == (server, code, None)
    remote = RemoteTable(f"{server}/t/{code}", name="Ana")

    async def go():
        async with UnoApp(remote).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote.state is not None and remote.player == 1)
            assert remote.state["status"] == "lobby" and remote.token
            await asyncio.to_thread(_post, f"{server}/api/tables/{code}/start", {"token": made["token"]})
            me = lambda: (remote.state.get("you") or {}).get("seat")
            await until(pilot, lambda: remote.state["status"] == "playing"
                        and remote.state["view"]["to_act"] == me() and "draw" in
                        {a["type"] for a in remote.state["actions"]})
            assert text(pilot.app, "hand").strip() and "Ana" in text(pilot.app, "seats")
            before = len(remote.state["view"]["hand"])
            await pilot.press("d")
            await until(pilot, lambda: any(line.startswith("You draw") for line in remote.state["log"]))
            assert len(remote.state["view"]["hand"]) >= before or remote.state["view"]["drawn"]
            await pilot.press("q")
    run(go())


def test_a_remote_table_holds_the_whole_log_window_from_the_parts_it_is_sent():
    r = RemoteTable("http://127.0.0.1:1/t/ABC234#token=T0")
    got = []
    r.listener = got.append
    r._receive(json.dumps({"type": "state", "hand_no": 1, "log_at": 0, "log": ["a", "b", "c"]}))
    r._receive(json.dumps({"type": "state", "hand_no": 1, "log_at": 2, "log": ["C", "d"]}))   # c told again
    assert r.state["log"] == ["a", "b", "C", "d"] and r.state["log_at"] == 0 and got[-1] is r.state
    r._receive(json.dumps({"type": "state", "hand_no": 1, "log_at": 9, "log": ["j"]}))        # a gap: replaced
    assert r.state["log"] == ["j"] and r.state["log_at"] == 9
    r._receive(json.dumps({"type": "state", "hand_no": 2, "log_at": 0, "log": ["x"]}))        # another hand
    assert r.state["log"] == ["x"] and r.state["log_at"] == 0


def test_a_remote_table_says_it_cannot_be_saved_here():
    # the s key calls save() with no path: a table played elsewhere answers with the reason (once a TypeError)
    r = RemoteTable("http://127.0.0.1:1/t/ABC234#token=T0")
    with pytest.raises(AdapterError, match="only a game played on this computer can be saved here"):
        r.save()


def test_remote_table_expand_and_errors(server):
    made = _post(f"{server}/api/tables", {"name": "Host", "seats": 2, "rules": "UNO 1121 DR", "bot_think": 0,
                                          "uno_grace": 0, "bots": {"1": "greedy"}, "seed": 5})
    _post(f"{server}/api/tables/{made['table']}/start", {"token": made["token"]})
    remote = RemoteTable(f"{server}{made['url']}")          # the host's own link: #token=...
    got = []

    async def go():
        await remote.open(got.append)
        try:
            deadline = time.monotonic() + 15
            while not (remote.state and remote.state["legal"]):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            assert remote.player == 0
            await remote.act("0 play nonsense")
            while not any(m["type"] == "error" for m in got):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            stems = [a for a in remote.state["legal"] if a.endswith(" +")]
            if stems:
                opts = await remote.expand(stems[0])
                assert opts and all(o["text"].startswith(stems[0][:-2]) for o in opts)
        finally:
            await remote.close()
    run(go())


def test_talk_the_moves_menu_and_the_log_language():
    t = table("UNO 1121", seats=2, seed=2)

    async def go():
        async with UnoApp(t).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: t.state is not None)
            await pilot.press("t")
            await until(pilot, lambda: type(pilot.app.screen).__name__ == "TextPrompt")
            await pilot.press(*"oi", "enter")
            await until(pilot, lambda: any(e.get("action") == "0 say oi" for e in t.session.log))
            await pilot.press("a")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceScreen))
            assert {a["text"] for _, _, a in pilot.app.screen.options} == \
                {a for a in t.state["legal"] if " say " not in a}
            await pilot.press("escape")
            await pilot.press("l")
            await until(pilot, lambda: t.lang == "pt" and any(line.startswith("Você") for line in t.state["log"]))
    run(go())
