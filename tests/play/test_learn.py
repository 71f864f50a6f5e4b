"""Learn to play (docs/learn.md): the teaching core, the demo, the learner's games, the guide's hand
order (the web table's comes from the server: tests/play/web/test_web.py), ``unokit learn``, the /learn page
and its API, and the terminal table's hand-order key."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from fastapi.testclient import TestClient

from unokit import cli
from unokit.core.actions import Action, CatchUno
from unokit.core.cards import Card, Face
from unokit.core.chance import derive_seed
from unokit.core.decks import build_deck
from unokit.core.errors import IllegalActionError
from unokit.core.events import make_event
from unokit.play import teach
from unokit.play.coach import LearnerGame, action_words, suggest
from unokit.play.handorder import colour_order, guide_order, order_hand
from unokit.play.learnterm import run_game, run_learn
from unokit.play.lessons import HINTS, HOUSE_PATH, KEYS, TEXT
from unokit.play.teach import Teacher, house_rules, lesson, plan, play_demo, why_it_matches
from unokit.play.web.app import create_app
from unokit.play.web.learn import allowed_rules

_FACE_KEY = {Face.SKIP: "skip", Face.REVERSE: "reverse", Face.DRAW_TWO: "draw-two", Face.WILD: "wild",
             Face.WILD_DRAW_FOUR: "wild-draw-four"}
_KIND_KEY = {"challenge": "challenge", "uno": "uno", "caught": "catch", "hint": "hint", "wrong-play": "wrong-play",
             "out": "points"}
_PENALTY = ("draws-penalty", "penalty", "challenge", "caught", "noticed")


def shown_by(beat) -> set[str]:
    """The mechanics a beat's events show, found here without the Teacher."""
    keys, kinds = set(), [e.kind for e in beat.events]
    if "first" in kinds:
        keys.add("goal")
    for e in beat.events:
        if e.kind == "first" and Card.parse(str(e.card)).face in _FACE_KEY:
            keys.add(_FACE_KEY[Card.parse(str(e.card)).face])
        elif e.kind == "play" and "wrong-play" not in kinds:
            last = e.cards[-1]
            keys.add("matching" if last.number is not None else _FACE_KEY.get(last.face, "?"))
        elif e.kind == "draw" and not set(kinds) & set(_PENALTY):
            keys.add("drawing")
        elif e.kind in _KIND_KEY:
            keys.add(_KIND_KEY[e.kind])
    return keys


# ---------------------------------------------------------------------------------------- the demo
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
def test_each_lesson_once_the_first_time_its_mechanic_happens(seed):
    demo = play_demo(seed)
    given = [(b.index, x.key) for b in demo.beats for x in b.lessons]
    assert sorted(k for _, k in given) == sorted(KEYS)            # every lesson, each exactly once
    for index, key in given:
        first = next(b.index for b in demo.beats if key in shown_by(b))
        assert first == index, (seed, key, first, index)
    assert demo.beats[0].lessons[0].key == "goal" and demo.beats[-1].lessons[-1].key == "points"
    assert demo.winner is not None and demo.beats[-1].table["over"]


def test_the_demo_is_seeded_reproducible_and_the_same_hand_in_both_languages():
    a, b = play_demo(7), play_demo(7)
    assert a.to_dict() == b.to_dict() and a.transcript() == b.transcript()
    pt = play_demo(7, "pt")
    assert pt.played_seed == a.played_seed and len(pt.beats) == len(a.beats)
    assert [x.table for x in pt.beats] == [x.table for x in a.beats]
    assert [x.kinds for x in pt.beats] == [x.kinds for x in a.beats]
    # the actions are the same but for the hint's words
    assert [s for s in pt.actions if " hint " not in s] == [s for s in a.actions if " hint " not in s]
    assert play_demo(8).played_seed != a.played_seed
    en_keys = [x.key for x in a.lessons]
    assert [x.key for x in pt.lessons] == en_keys
    assert [x.title for x in pt.lessons] == [TEXT["pt"][k][0] for k in en_keys]
    with pytest.raises(ValueError):
        play_demo(-1)
    with pytest.raises(ValueError):
        play_demo(1, "fr")


def test_the_demo_with_no_finished_hand_falls_back_to_the_first_try(monkeypatch):
    # no derived hand ends within MAX_STEPS: the demo plays the first one (it once raised a TypeError)
    monkeypatch.setattr(teach, "MAX_TRIES", 3)
    monkeypatch.setattr(teach, "MAX_STEPS", 0)
    assert teach._demo_seed.__wrapped__(7) == derive_seed(7, 0, "learn-demo")


def test_the_transcripts_box_every_lesson_in_english_and_portuguese():
    en, pt = play_demo(1).transcript(), play_demo(1, "pt").transcript()
    for k in range(1, len(KEYS) + 1):
        assert f"Lesson {k}/{len(KEYS)}" in en and f"Lição {k}/{len(KEYS)}" in pt
    assert en.count("┌─") == pt.count("┌─") == len(KEYS)
    assert "makes a wrong play" in en and "faz uma jogada errada" in pt
    assert "caught" in en and "pego" in pt
    for key in KEYS:
        assert TEXT["en"][key][0] in en and TEXT["pt"][key][0] in pt


def test_the_teacher_gives_each_lesson_once_and_skips_what_was_seen():
    t = Teacher("en", ["Ana", "Bob"])
    assert [x.key for x in t.see([make_event("first", 0, None, "R3")])] == ["goal"]
    r5 = make_event("play", 1, 0, (Card.parse("R5"),), None)
    first = t.see([r5], pile=(Card.parse("R3"), Card.parse("R3").color))
    assert [x.key for x in first] == ["matching"] and first[0].context == "Red 5 goes on Red 3: the same colour (red)."
    assert t.see([make_event("play", 2, 1, (Card.parse("G5"),), None)]) == []
    # a draw taken as a penalty teaches nothing about drawing; a turn's draw does
    assert t.see([make_event("draws-penalty", 3, 0, 2), make_event("draw", 3, 0, 2)]) == []
    assert [x.key for x in t.see([make_event("draw", 4, 0, 1)])] == ["drawing"]
    # a wrong play is not a lesson in matching or in its card
    wrong = [make_event("wrong-play", 5, 1, 5, "no"), make_event("play", 5, 1, (Card.parse("BS"),), None)]
    assert [x.key for x in t.see(wrong)] == ["wrong-play"]
    out = make_event("out", 9, 0, 44)
    assert [(x.key, x.context) for x in Teacher("pt", ["Ana"], seen=KEYS[:-1]).see([out])] == \
        [("points", "Ana ganha 44 pontos.")]
    assert Teacher(seen=KEYS).see([make_event("first", 0, None, "W")]) == []


def test_words_plan_and_house_rules():
    assert why_it_matches("B7", "R7", "R") == "Blue 7 goes on Red 7: the same number."
    assert why_it_matches("GR", "YR", "Y", "pt") == "Inverter Verde sobre Inverter Amarelo: mesmo símbolo."
    assert why_it_matches("G1", "R2", "R") == ""
    assert lesson("wild-draw-four").step == 3 and "50" in lesson("wild").text and "50" in lesson("wild", "pt").text
    for lang in ("en", "pt"):
        p = plan(lang)
        assert len(p["steps"]) == 5 and [s["key"] for s in p["stages"]] == ["watch", "play", "house"]
        assert [x["key"] for x in p["lessons"]] == list(KEYS)
        assert [r["code"] for r in house_rules(lang)] == list(HOUSE_PATH)
    assert house_rules("en")[0]["text"].startswith("Any draw card") and "acumuladas" in house_rules("pt")[0]["text"]
    assert allowed_rules() == ["UNO 1121"] + [f"UNO 1121 {c}" for c in HOUSE_PATH]


# ---------------------------------------------------------------------------------------- the hand order
def test_the_guides_hand_order():
    assert guide_order(["Y1", "G1", "Y3", "B3", "B4"]) == ["G1", "Y1", "Y3", "B3", "B4"]       # the guide's example
    # an action card beside its colour's biggest group, never between two cards of one number
    assert guide_order(["Y1", "G1", "Y3", "B3", "B4", "YR"]) == ["G1", "Y1", "YR", "Y3", "B3", "B4"]
    assert guide_order(["R1", "R2", "R3", "G3", "RS"]) == ["R1", "R2", "RS", "R3", "G3"]   # not between R3 and G3
    # wilds between two number cards of different numbers and colours, or at the end
    assert guide_order(["B2", "R7", "W"]) == ["B2", "W", "R7"]
    assert guide_order(["R2", "R7", "W"]) == ["R2", "R7", "W"]
    assert guide_order(["R5", "GS", "W"], actions="start", wilds="start") == ["W", "GS", "R5"]
    assert order_hand(["W", "B2", "R7", "R+2", "G0"], "colour") == ["R7", "R+2", "G0", "B2", "W"]
    with pytest.raises(ValueError):
        order_hand(["R1"], "size")
    cards = [Card.parse(c) for c in ("R3", "W", "G3")]
    assert all(isinstance(c, Card) for c in guide_order(cards))          # the same objects come back


def test_the_guides_rules_hold_on_random_hands():
    deck = [c.code for c in build_deck("classic", 1, False)]
    rng = random.Random(11)
    for _ in range(400):
        hand = rng.sample(deck, rng.randint(1, 25))
        out = guide_order(hand)
        assert sorted(out) == sorted(hand)
        numbers = [int(c[1]) for c in out if len(c) == 2 and c[1].isdigit() and c[0] != "W"]
        assert numbers == sorted(numbers)                                  # numbers go up
        for a, b, c in zip(out, out[1:], out[2:]):                        # no action between two of a number
            if not (len(b) == 2 and b[1].isdigit()) and not b.startswith("W"):
                assert not (len(a) == len(c) == 2 and a[1].isdigit() and a[1] == c[1])


# ---------------------------------------------------------------------------------------- the learner's games
def play_out(g: LearnerGame, rng: random.Random, limit: int = 400) -> None:
    for _ in range(limit):
        if g.game.over:
            return
        if g.waiting:
            catch = [a for a in g.options() if type(a) is CatchUno]
            g.act(catch[0]) if catch else g.wait()
            continue
        assert g.game.to_act == 0 and g.hint()
        a = rng.choice(g.options())
        while a.more:
            a = rng.choice(g.expand(a))
        g.act(a)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("rules", allowed_rules())
def test_a_learners_game_under_each_rule_set_plays_to_the_end(rules):
    for seed in (1, 2):
        g = LearnerGame(rules, seed=seed)
        play_out(g, random.Random(seed))
        st = g.state()
        assert st["over"] and st["winner"] is not None and st["points"] is not None
        keys = [x.key for x in g.lessons]
        assert len(keys) == len(set(keys)) and keys[0] == "goal" and keys[-1] == "points"


def test_the_learners_game_hints_refusals_languages_and_seen_lessons():
    g = LearnerGame(seed=3, seen=("goal",))
    assert "goal" not in [x.key for x in g.lessons]
    before = (len(g.game.actions), g.log[:])
    with pytest.raises(IllegalActionError):
        g.act("1 draw")                                   # another seat's action
    bad = next((Action.parse(f"0 play {c.code}") for c in g.game.view(0).hand
                if not c.is_wild and not why_it_matches(c, g.game.discard[-1], g.game.color)), None)
    if bad is not None and g.game.to_act == 0:
        with pytest.raises(IllegalActionError):
            g.act(bad)
    assert (len(g.game.actions), g.log) == before
    en_log = list(g.log)
    g.set_lang("pt")
    assert len(g.log) == len(en_log) and g.names[0] == "Você" and g.log != en_log
    st = g.state("colour")
    assert st["hand"] == colour_order(st["hand"]) and st["lang"] == "pt" and st["hint"]
    assert any(st["hint"].startswith(w.split("{")[0]) for w in HINTS["pt"].values())
    assert action_words(Action.parse("0 play W>G uno"), g.names, "pt") == "jogar Curinga e escolher verde e dizer UNO"
    assert suggest(g.game, 0, g.names, "en")


# ---------------------------------------------------------------------------------------- unokit learn
def test_unokit_learn_prints_the_outline_the_demo_and_the_house_rules(capsys):
    assert cli.main(["learn", "--lang", "pt", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Passo 5: regras alternativas" in out and "Lição 14/14" in out and "unokit learn --play --rule P4" in out
    assert cli.main(["learn", "--house"]) == 0
    house = capsys.readouterr().out
    assert all(f" · {code} · " in house for code in HOUSE_PATH) and "1/8 · P4" in house
    assert cli.main(["learn", "--order", "size"]) == 2
    assert cli.main(["learn", "--play", "--rule", "NOPE"]) == 2
    buf = io.StringIO()
    assert run_learn("en", 3, out=buf, interactive=True, input_fn=lambda prompt: "") == 0
    assert buf.getvalue().count("┌─") == len(KEYS) + len(HOUSE_PATH)


def test_unokit_learn_play_line_by_line():
    g = LearnerGame(seed=5)
    rng = random.Random(5)
    answers = []

    def answer(prompt):
        if prompt.strip() == ">":                              # a play made in steps
            answers.append("1")
        elif g.waiting:
            answers.append("w")
        else:
            answers.append(str(rng.randint(1, len(g.options()))))
        return answers[-1]

    out = io.StringIO()
    assert run_game(g, input_fn=answer, out=out) == 0
    text = out.getvalue()
    assert g.game.over and "Hint:" in text and ("You won the hand!" in text or "won the hand." in text)
    quit_out = io.StringIO()
    assert run_game(LearnerGame(seed=6), input_fn=lambda p: "q", out=quit_out) == 1


# ---------------------------------------------------------------------------------------- the web page
def test_the_learn_page_and_its_api():
    with TestClient(create_app("sqlite://")) as client:
        page = client.get("/learn")
        assert page.status_code == 200 and "/static/learn.js" in page.text
        for name in ("learn.js", "learn.css"):
            assert client.get(f"/static/{name}").status_code == 200
        assert client.get("/api/learn/plan?lang=pt").json()["title"] == "Aprenda a jogar UNO"
        demo = client.get("/api/learn/demo?seed=1&lang=en").json()
        assert demo == play_demo(1).to_dict()
        assert sorted(x["key"] for b in demo["beats"] for x in b["lessons"]) == sorted(KEYS)
        assert client.get("/api/learn/demo?lang=fr").status_code == 400
        assert client.get("/api/learn/demo?seed=-1").status_code == 400

        made = client.post("/api/learn/games", json={"seed": 4, "seen": ["goal", "nonsense"]}).json()
        gid, st = made["id"], made["state"]
        assert st["rules"] == "UNO 1121" and "goal" in st["seen"] and st["hint"]
        if st["waiting"]:
            st = client.post(f"/api/learn/games/{gid}/wait").json()
        assert st["your_turn"]
        assert client.post(f"/api/learn/games/{gid}/wait").status_code == 409
        assert client.post(f"/api/learn/games/{gid}/act", json={"action": "zzz"}).status_code == 400
        refused = client.post(f"/api/learn/games/{gid}/act", json={"action": "1 draw"})
        assert refused.status_code == 409 and refused.json()["detail"]
        draw = next(c for c in st["choices"] if c["type"] == "draw")
        after = client.post(f"/api/learn/games/{gid}/act", json={"action": draw["action"]}).json()
        assert after["log_size"] > st["log_size"]
        pt = client.get(f"/api/learn/games/{gid}?lang=pt&order=colour").json()
        assert pt["lang"] == "pt" and pt["names"][0] == "Você" and pt["hand"] == colour_order(pt["hand"])
        assert client.get("/api/learn/games/AAAAAAAAAAAA").status_code == 404
        assert client.post("/api/learn/games", json={"rules": "UNO 1121 DED"}).status_code == 400
        assert client.post("/api/learn/games", json={"rules": "nonsense"}).status_code == 400

        dr = client.post("/api/learn/games", json={"rules": "UNO 1121 DR", "seed": 1}).json()
        stems = [c for c in dr["state"]["choices"] if c["more"]]
        if stems:
            options = client.post(f"/api/learn/games/{dr['id']}/expand", json={"action": stems[0]["action"]}).json()
            assert options["options"] and all(o["words"] for o in options["options"])
        assert client.post(f"/api/learn/games/{dr['id']}/expand", json={"action": "1 play R1 +"}).status_code == 409


# ---------------------------------------------------------------------------------------- the terminal table
def test_the_terminal_tables_o_key_switches_to_the_guides_order():
    from unokit.play.session import TableOptions
    from unokit.play.tui.app import UnoApp
    from unokit.play.tui.local import LocalTable
    from unokit.play.tui.widgets import hand_order

    t = LocalTable.new(TableOptions(rules="UNO 1121", seats=3, match=False, seed=5, bot_think=0, uno_grace=0,
                                    between_hands=0))

    async def go():
        async with UnoApp(t).run_test(size=(120, 40)) as pilot:
            while t.state is None:
                await pilot.pause(0.05)
            await pilot.pause()
            bar = pilot.app.table_screen.query_one("#hand")
            assert bar.hand == hand_order(t.state["view"]["hand"])
            await pilot.press("o")
            assert bar.order == "guide" and bar.hand == guide_order(t.state["view"]["hand"])
            await pilot.press("o")
            assert bar.hand == hand_order(t.state["view"]["hand"])
    asyncio.run(asyncio.wait_for(go(), 60))


def test_learn_the_lobby_links_to_the_teaching_mode_in_english_and_portuguese():
    import re
    from pathlib import Path
    static = Path(__file__).resolve().parents[2] / "unokit" / "play" / "web" / "static"
    lobby = (static / "index.html").read_text()
    assert 'href="/learn"' in lobby and 'data-i18n="learn.lobbyLink"' in lobby
    src = (static / "i18n.js").read_text()
    en, pt = src.split("const PT = {", 1)
    assert re.search(r'"learn\.lobbyLink":', en) and re.search(r'"learn\.lobbyLink":', pt)
