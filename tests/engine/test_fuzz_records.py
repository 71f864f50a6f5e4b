"""Issue 9, point 2: every bad record is refused cleanly.

``unokit.engine.playback.replay`` checks a hand record's shape first (:class:`~unokit.core.errors.RecordError`
naming the field), then replays it; an error while applying action ``i`` is a
:class:`~unokit.core.errors.ReplayMismatchError` naming ``i``. Match records are checked the same way
(``check_match_record``, called by ``replay_match``). Nothing else escapes: no ``KeyError``,
``TypeError`` or ``IndexError``, and a tampered record never "replays and matches".
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.errors import RecordError, ReplayMismatchError, UnoError
from unokit.engine.game import Game
from unokit.engine.playback import replay
from unokit.engine.record import check_record
from unokit.match import MatchConfig, check_match_record, greedy_policy, play_match, replay_match


def _play(g: Game, seed: int, steps: int = 400) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        acts = [a for a in g.legal_actions(g.to_act) if not a.more]
        g.apply(rng.choice(acts))
    return g


def _records() -> list[dict]:
    recs = [json.loads(json.dumps(_play(Game.new(players=p, rules=r, seed=s), s).record()))
            for p, r, s in ((2, "UNO 1121", 1), (3, "UNO 2121 DR-P4-SU", 2), (3, "UNO 1121 DED-DAD", 3))]
    g = _play(Game.from_position(["R1 R2 G+2", "G5 B7", "Y3"], "R9", "Y1 Y2 B4 B5 G6 G7", current=1), 4, 30)
    recs.append(json.loads(json.dumps(g.record())))
    return recs


RECORDS = _records()
HAND = RECORDS[0]


def bad(**changes) -> dict:
    rec = copy.deepcopy(HAND)
    for k, v in changes.items():
        if v is KeyError:
            del rec[k]
        else:
            rec[k] = v
    return rec


def refused(rec, field: str) -> RecordError:
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert str(e.value).startswith(field), (field, str(e.value))
    assert isinstance(e.value, ReplayMismatchError) and isinstance(e.value, UnoError)
    return e.value


def test_record_good_ones_replay():
    for rec in RECORDS:
        check_record(rec)
        replay(rec)


def test_record_refuses_a_seed_that_became_text():
    refused(bad(seed="replayed and matched"), "seed")
    refused(bad(seed=1.5), "seed")
    refused(bad(seed=[1]), "seed")
    replay(bad(seed=None))


def test_record_refuses_what_is_not_a_hand_record():
    for rec in (None, [], "x", 5, {}, {"format": "unokit-hand/2"}, {"format": 7}):
        with pytest.raises(RecordError):
            replay(rec)


def test_record_refuses_missing_fields_naming_them():
    for key in ("players", "rules", "enforcement", "chance", "actions", "result", "setup"):
        assert "missing" in str(refused(bad(**{key: KeyError}), key))


def test_record_refuses_wrong_typed_fields_naming_them():
    refused(bad(players="3"), "players")
    refused(bad(players=True), "players")
    refused(bad(players=10**30), "players")
    refused(bad(players=11), "players")
    refused(bad(decks=0), "decks")
    refused(bad(decks=10**9), "decks")
    refused(bad(rules=5), "rules")
    refused(bad(rules="UNO S(penalty=-5)"), "rules")
    refused(bad(enforcement="lenient"), "enforcement")
    refused(bad(deck="tarot"), "deck")
    refused(bad(include_blanks="no"), "include_blanks")
    refused(bad(chance="R1 R2"), "chance")
    refused(bad(chance=[{"a": 1}]), "chance[0]")
    refused(bad(chance=["R1 Z9"]), "chance[0]")
    refused(bad(chance=[True]), "chance[0]")
    refused(bad(actions={}), "actions")
    refused(bad(result=[]), "result")
    refused(bad(setup=None), "setup")
    refused(bad(setup={"dealer": 7}), "setup.dealer")
    refused(bad(deck_order="R1 R2"), "deck_order")


def test_record_refuses_malformed_actions_naming_their_index():
    acts = copy.deepcopy(HAND["actions"])
    for item, field in (([0.0], "actions[1]"), ("0 draw", "actions[1]"), (["x", {"type": "draw", "player": 0}],
                                                                          "actions[1][0]"),
                        ([float("nan"), {"type": "draw", "player": 0}], "actions[1][0]"),
                        ([0, {"type": "draw", "player": "0"}], "actions[1][1]"), ([0, {"type": "fly", "player": 0}],
                                                                                   "actions[1][1]"),
                        ([0, None], "actions[1][1]")):
        refused(bad(actions=acts[:1] + [item] + acts[2:]), field)


def test_record_an_action_that_does_not_apply_is_a_mismatch_naming_its_index():
    acts = copy.deepcopy(HAND["actions"])
    acts[3] = [acts[3][0], dict(acts[3][1], player=(acts[3][1]["player"] + 1) % 2)]
    with pytest.raises(ReplayMismatchError) as e:
        replay(bad(actions=acts))
    assert not isinstance(e.value, RecordError) and "action 3" in str(e.value)
    acts[3] = [acts[3][0], {"type": "catch", "player": 0, "target": 999}]
    with pytest.raises(ReplayMismatchError, match="action 3"):
        replay(bad(actions=acts))


def test_record_unused_chance_outcomes_are_a_mismatch():
    with pytest.raises(ReplayMismatchError, match="never used"):
        replay(bad(chance=HAND["chance"] + [3]))
    with pytest.raises(ReplayMismatchError):
        replay(bad(chance=HAND["chance"][:-1] or [1]))


def test_record_refuses_a_bad_position():
    rec = copy.deepcopy(RECORDS[-1])
    assert "position" in rec
    for key, value, field in (("current", 7, "position"), ("direction", 0, "position"), ("pending", 2, "position"),
                              ("hands", "R1", "position.hands"), ("discard", "", "position"),
                              ("stock", 5, "position.stock"), ("color", None, "position.color")):
        r = copy.deepcopy(rec)
        r["position"][key] = value
        refused(r, field)
    r = copy.deepcopy(rec)
    r["position"]["hands"] = r["position"]["hands"] + ["W W W W W"]
    refused(r, "players")
    r["players"] = 4
    refused(r, "position")
    r = copy.deepcopy(rec)
    del r["position"]["dealer"]
    refused(r, "position.dealer")


# ---------------------------------------------------------------------------------------------- match records
MATCH = json.loads(json.dumps(play_match(MatchConfig(players=3, target=60, seed=4), greedy_policy).record()))


def test_match_record_good_one_replays():
    check_match_record(MATCH)
    replay_match(MATCH)


def test_match_record_refuses_wrong_shapes_naming_the_field():
    cases = [("config", None, "config"), ("config", {"players": "3"}, "config.players"),
             ("config", {"players": 10**20}, "config.players"), ("config", {"cycles": 10**12}, "config.cycles"),
             ("config", {"seed": "4"}, "config.seed"), ("config", {"zzz": 1}, "config.zzz"),
             ("hands", None, "hands"), ("hands", [5], "hands[0]"), ("hands", [{"result": {}}], "hands[0].record"),
             ("over", "no", "over")]
    for key, value, field in cases:
        rec = copy.deepcopy(MATCH)
        rec[key] = value
        with pytest.raises(RecordError) as e:
            replay_match(rec)
        assert str(e.value).startswith(field), (field, str(e.value))
    rec = copy.deepcopy(MATCH)
    rec["hands"][0]["record"]["seed"] = "x"
    with pytest.raises(RecordError, match=r"^hands\[0\]\.record\.seed"):
        replay_match(rec)


# ---------------------------------------------------------------------------------------------- fuzzing
JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(-10**40, 10**40),
                              st.floats(), st.text(max_size=6),
                              st.sampled_from(["R1", "W W W W W", "UNO 1121", "draw", "play", "strict", "classic"])),
                    lambda kids: st.one_of(st.lists(kids, max_size=3),
                                           st.dictionaries(st.text(max_size=4), kids, max_size=3)),
                    max_leaves=8)


def _paths(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


def _mutate(rec, data):
    rec = copy.deepcopy(rec)
    paths = [p for p in _paths(rec) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = rec
        try:
            for k in path[:-1]:
                parent = parent[k]
            op = data.draw(st.sampled_from(["replace", "delete", "add"]))
            if op == "replace":
                parent[path[-1]] = data.draw(JSON)
            elif op == "delete":
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent[data.draw(st.text(max_size=4))] = data.draw(JSON)
            else:
                parent.append(data.draw(JSON))
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation removed or replaced the place
    return rec


def _check(rec) -> None:
    try:
        g = replay(rec)
    except UnoError as e:
        assert isinstance(e, ReplayMismatchError), (type(e), e)
        return
    # replayed and matched: then the record is a faithful one
    check_record(rec)
    assert g.record()["result"] == rec["result"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(RECORDS))), st.data())
def test_record_fuzz_mutated_records_replay_or_raise_replay_mismatch(i, data):
    _check(_mutate(RECORDS[i], data))


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_record_fuzz_random_json_is_refused_with_record_error(x):
    with pytest.raises(RecordError):
        replay(x)
    with pytest.raises(RecordError):
        replay_match(x)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_record_fuzz_mutated_match_records_replay_or_raise_uno_error(data):
    rec = _mutate(MATCH, data)
    try:
        replay_match(rec)
    except UnoError:
        pass


def test_record_loads_refuses_unreadable_json():
    from unokit.engine.record import dumps, loads
    assert loads(dumps(HAND)) == HAND
    for text in ("{bad", "[" * 100_000 + "]" * 100_000, '{"a": ' + "9" * 5000 + "}", b"\xff\xfe", None, 5):
        with pytest.raises(RecordError):
            loads(text)
