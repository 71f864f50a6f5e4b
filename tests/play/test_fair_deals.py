"""Provably fair deals (issue 24, point 5): a commitment at the deal, revealed at the end, checked by anyone.

An honest record verifies; a record whose deck order, seed, salt, commitment, any dealt card or any
played card was altered does not, and says which check failed.
"""

from __future__ import annotations

import copy
import json

import pytest
from fastapi.testclient import TestClient

from unokit.cli import main
from unokit.play.fairness import commitment, verify_hand, verify_record
from unokit.play.session import TableOptions, TableSession
from unokit.play.web.app import create_app
from unokit.play.wire import state_message


def played_table(hands: bool = True) -> tuple[TableSession, list]:
    """Ana and a greedy bot play a match to 100; the state messages Ana received are kept."""
    s = TableSession(TableOptions(rules="UNO 1121", seats=2, match=hands, target=100, bot_think=0, uno_grace=0,
                                  between_hands=0, seed=21, bots={"1": "greedy"}))
    ana = s.join("Ana")
    s.start(0.0)
    seen, now = [], 0.0
    while s.status != "over":
        now += 1
        seen.append(state_message(s, ana))
        if s.status == "playing" and s.seat_of(ana) == s.game.to_act:
            s.act_for(ana, now)
        else:
            s.tick(now)
    seen.append(state_message(s, ana))
    return s, seen


@pytest.fixture(scope="module")
def table():
    return played_table()


@pytest.fixture
def record(table):
    return copy.deepcopy(table[0].record())


def first_hand(rec) -> dict:
    return rec["hands"][0]["record"]


def reason(rec) -> str:
    v = verify_hand(first_hand(rec))
    assert not v.ok
    return v.reason


def test_fair_an_honest_match_record_verifies_hand_by_hand(record):
    verdicts = verify_record(record)
    assert len(verdicts) >= 2 and all(v.ok for _, v in verdicts)
    assert [label for label, _ in verdicts][:2] == ["hand 1", "hand 2"]


def test_fair_a_different_deck_order_fails_the_commitment(record):
    h = first_hand(record)
    cards = h["chance"][h["fair"]["dealt"] - 1].split()
    cards[0], cards[-1] = cards[-1], cards[0]
    h["chance"][h["fair"]["dealt"] - 1] = " ".join(cards)
    assert "does not match the commitment" in reason(record)


def test_fair_a_different_seed_fails_the_commitment(record):
    first_hand(record)["seed"] += 1
    assert "does not match the commitment" in reason(record)


def test_fair_a_different_salt_or_commitment_fails(record):
    bad = copy.deepcopy(record)
    first_hand(bad)["fair"]["salt"] = "0" * 32
    assert "does not match the commitment" in reason(bad)
    first_hand(record)["fair"]["commitment"] = "f" * 64
    assert "does not match the commitment" in reason(record)


def test_fair_a_dealt_card_swapped_and_recommitted_is_caught_by_the_seed(record):
    """A dishonest server that commits to a deck of its choosing: the digest matches, the seed does not deal it."""
    h = first_hand(record)
    k = h["fair"]["dealt"]
    cards = h["chance"][k - 1].split()
    i = next(i for i in range(1, len(cards)) if cards[i] != cards[0])
    cards[0], cards[i] = cards[i], cards[0]
    h["chance"][k - 1] = " ".join(cards)
    h["fair"]["commitment"] = commitment(h["seed"], h["chance"][:k], h["fair"]["salt"])
    assert reason(record) == "the seed does not deal the committed deck"


def test_fair_a_played_card_altered_does_not_replay(record):
    h = first_hand(record)
    a = next(a for _, a in h["actions"] if a["type"] == "play")
    a["cards"] = "R9" if a["cards"] != "R9" else "G9"
    assert "does not replay" in reason(record)


def test_fair_bad_input_gets_a_verdict_not_a_traceback():
    assert "no deal commitment" in verify_hand({"chance": []}).reason
    assert not verify_hand("nonsense").ok
    assert "malformed" in verify_hand({"fair": {"commitment": 3}}).reason
    from unokit.core.errors import RecordError
    with pytest.raises(RecordError):
        verify_record([1, 2])


def test_fair_the_commitment_is_sent_at_the_deal_and_the_salt_only_when_the_hand_is_over(table):
    s, seen = table
    salts = {h: f["salt"] for h, f in s.fair.items()}
    for m in seen:
        fair = m["fair"]
        if m["status"] == "playing":
            assert fair["commitment"] == s.fair[fair["hand"]]["commitment"] and fair["revealed"] is None
            assert all(salt not in json.dumps(m) for salt in salts.values())
    ended = [m["fair"] for m in seen if m["status"] in ("between", "over")]
    assert ended and all(f["revealed"]["salt"] == salts[f["hand"]] for f in ended)


def test_fair_a_restored_table_shows_the_same_commitments(table):
    s, _ = table
    t = TableSession.restore(s.options, s.log)
    assert t.fair == s.fair and len(s.fair) == s.hand_no


def test_fair_unokit_verify_prints_a_line_a_hand_and_exits_by_the_verdict(record, tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    assert main(["verify", str(good)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hand 1: deal verified, commitment ") and out[-1].endswith("dealt exactly as committed")
    first_hand(record)["seed"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "hand 1: NOT verified: the deck order, seed or salt does not match" in out
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert main(["verify", str(junk)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("unokit: error: ")


def test_fair_the_verify_endpoint_checks_a_finished_hand(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as c:
        t = c.post("/api/tables", json={"rules": "UNO 1121", "seats": 2, "name": "Ana", "match": False,
                                        "bots": {"1": "greedy"}, "bot_think": 0, "uno_grace": 0,
                                        "turn_timer": None}).json()
        code = t["table"]
        c.post(f"/api/tables/{code}/start", json={"token": t["token"]})
        assert c.get(f"/api/tables/{code}/verify?hand=1").status_code == 409      # not before the hand ends
        assert c.get(f"/api/tables/{code}/verify?hand=2").status_code == 404
        assert c.get(f"/api/tables/{code}/verify?hand=x").status_code == 400
        rt = c.app.state.hub.tables[code]

        def finish(session, now):
            while session.status == "playing":
                session.act_for(0, now) if session.player_at(session.game.to_act) == 0 else session.tick(now + 5)
        c.portal.call(lambda: c.app.state.hub.change(rt, finish))
        r = c.get(f"/api/tables/{code}/verify?hand=1")
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["ok"] is True and len(body["commitment"]) == 64 and body["hand"] == 1
        rec = c.get(f"/api/tables/{code}/record").json()
        assert first_hand(rec)["fair"]["commitment"] == body["commitment"]
        assert c.get(f"/verify/{code}").status_code == 200
        steps = c.get(f"/api/tables/{code}/replay").json()["steps"]
        first, last = (c.get(f"/api/tables/{code}/replay/{i}").json()["fair"] for i in (0, steps - 1))
        assert first["commitment"] == last["commitment"] == body["commitment"]       # the replay viewer's link
        assert first["revealed"] is None and last["revealed"]["salt"] == body["salt"]


def test_fair_a_seed_the_creator_chose_is_flagged_and_a_drawn_one_is_not(table, tmp_path):
    """A creator who chose the seed could know every deck: everyone is told so; a drawn seed is not flagged,
    and the flag survives the database (the options as stored) and a restart."""
    _s, seen = table                                      # created with seed=21
    assert all(m["fair"]["seed_chosen"] for m in seen if m["fair"])
    drawn = TableSession(TableOptions(rules="UNO 1121", seats=2, match=False, bot_think=0, bots={"1": "greedy"}))
    drawn.join("Ana")
    drawn.start(0.0)
    assert drawn.options.seed is not None and drawn.fair_state()["seed_chosen"] is False
    stored = json.loads(json.dumps(drawn.options.to_dict()))
    assert TableSession.restore(stored, drawn.log).fair_state()["seed_chosen"] is False
    assert "seed_drawn" not in TableOptions(seed=5).to_dict()      # chosen: stored as before
    from unokit.play.session import TableError
    with pytest.raises(TableError, match="seed_drawn is set by the server"):
        TableOptions(seed_drawn=True)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}")) as c:    # the API cannot claim a drawn seed
        r = c.post("/api/tables", json={"name": "Ana", "seed": 3, "seed_drawn": True})
        assert r.status_code == 400
