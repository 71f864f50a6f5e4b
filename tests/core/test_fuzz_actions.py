"""Issue 9, point 2: every bad action (text or record dict) is refused cleanly.

``Action.parse`` and ``action_from_dict`` either return an action that round-trips
(``Action.parse(str(a)) == a``, ``action_from_dict(a.to_dict()) == a``) or raise
:class:`~unokit.core.errors.NotationError` (an ``UnoError``) naming the problem; a parsed action the
rules forbid is refused by the referee with an ``UnoError`` too.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.actions import MAX_SEAT, Action, CatchUno, ChooseColor, Draw, Hint, Notice, Play, Say, action_from_dict
from unokit.core.cards import Card, Color, parse_cards
from unokit.core.errors import NotationError, UnoError
from unokit.engine.game import Game


def refused(text) -> NotationError:
    with pytest.raises(NotationError) as e:
        Action.parse(text)
    assert "\n" not in str(e.value)
    return e.value


def refused_dict(d) -> NotationError:
    with pytest.raises(NotationError) as e:
        action_from_dict(d)
    return e.value


# ---------------------------------------------------------------------------------------------- text
def test_action_parse_refuses_a_huge_seat_number():
    e = refused("1" * 5000 + " draw")  # no int-conversion limit ValueError
    assert "seat" in str(e) and "0 to 999" in str(e)
    refused("1000 draw")
    assert Action.parse("999 draw") == Draw(999)


def test_action_parse_refuses_seats_in_other_digits_or_signs():
    for text in ("٣ draw", "²2 draw", "-1 draw", "+1 draw", "0 catch ٣", "0 catch -1", "0 play R1 @٣", "0 play R1 @-1",
                 "0 hint ² x", "0 notice ١", "0 notice " + "9" * 40, "0 catch " + "1" * 5000):
        refused(text)


def test_action_parse_refuses_bad_claims_and_repeated_play_options():
    for text in ("0 play R1 claim:+-3", "0 play R1 claim:+21", "0 play R1 claim:+0", "0 play R1 claim:x",
                 "0 play R1 @1 @2", "0 play R1 @? @1", "0 play hidden:R1 hidden:R2", "0 play W>G W>B",
                 "0 play R1 give:R2 give:R3"):
        refused(text)
    assert Action.parse("0 play hidden:G+2 claim:+2").claim == 2


def test_action_parse_refuses_missing_extra_or_unreadable_arguments():
    for text in ("0 color", "0 color G B", "0 color magenta", "0 catch", "0 catch 1 2", "0 notice", "0 discard",
                 "0 discard R1 R2", "0 discard Z9", "0 draw now", "0 uno 1", "0 hint", "0 play", "0 play Rſ",
                 "0 play R7>G>B", "0 play ＲＹ", "0 fly", "0", "", "   ", "draw 0"):
        refused(text)


def test_action_parse_refuses_non_text():
    for bad in (None, 0, b"0 draw", ["0", "draw"], Draw(0)):
        refused(bad)


def test_action_parse_reads_rule_actions_back():
    from unokit.rules.extras import ChallengeSum
    assert Action.parse("2 doubtsum") == ChallengeSum(2)
    refused("2 doubtsum 3")


# ---------------------------------------------------------------------------------------------- dicts
def test_action_from_dict_refuses_wrong_shapes_naming_the_field():
    cases = [
        (None, "dict"), ([], "dict"), ("0 draw", "dict"), ({}, "'type'"), ({"type": 5, "player": 0}, "'type'"),
        ({"type": "draw"}, "'player'"), ({"type": "draw", "player": "0"}, "'player'"),
        ({"type": "draw", "player": True}, "'player'"), ({"type": "draw", "player": -1}, "'player'"),
        ({"type": "draw", "player": 10**40}, "'player'"), ({"type": "draw", "player": 1.0}, "'player'"),
        ({"type": "draw", "player": 0, "x": 1}, "'x'"), ({"type": "fly", "player": 0}, "unknown action type"),
        ({"type": "play", "player": 0}, "at least one card"), ({"type": "play", "player": 0, "cards": 7}, "'cards'"),
        ({"type": "play", "player": 0, "cards": "R1 Z9"}, "Z9"), ({"type": "play", "player": 0, "cards": [1]}, "'cards'"),
        ({"type": "play", "player": 0, "cards": "R1", "uno": "yes"}, "'uno'"),
        ({"type": "play", "player": 0, "cards": "R1", "target": "1"}, "'target'"),
        ({"type": "play", "player": 0, "cards": "R1", "claim": 21}, "'claim'"),
        ({"type": "play", "player": 0, "cards": "R1", "color": 2}, "'color'"),
        ({"type": "play", "player": 0, "cards": "W", "color": "magenta"}, "magenta"),
        ({"type": "play", "player": 0, "cards": "R1", "more": "later"}, "'more'"),
        ({"type": "play", "player": 0, "cards": "R1", "hidden": {"a": 1}}, "'hidden'"),
        ({"type": "color", "player": 0}, "'color'"), ({"type": "catch", "player": 0}, "'target'"),
        ({"type": "catch", "player": 0, "target": None}, "'target'"), ({"type": "notice", "player": 0, "seq": -2}, "'seq'"),
        ({"type": "discard", "player": 0, "card": ["R1"]}, "'card'"), ({"type": "say", "player": 0, "text": 5}, "'text'"),
        ({"type": "hint", "player": 0, "text": "x"}, "'to'"), ({"type": "hint", "player": 0, "to": 1, "text": None}, "'text'"),
    ]
    for d, needle in cases:
        assert needle in str(refused_dict(d)), (d, str(refused_dict(d)))


def test_action_from_dict_round_trips_every_kind():
    w = Card.parse("W")
    acts = [Play(0, (w,), Color.GREEN, True), Play(1, tuple(parse_cards("R7 R7")), target=2),
            Play(2, (), hidden=tuple(parse_cards("G+2")), claim=2), Play(0, tuple(parse_cards("R2")), target=1,
                                                                         give=tuple(parse_cards("G5 Y7"))),
            Draw(3), ChooseColor(1, Color.BLUE), CatchUno(2, 1), Notice(0, 12), Say(3, "boa jogada"), Hint(0, 2, "x")]
    for a in acts:
        assert action_from_dict(a.to_dict()) == a
        assert Action.parse(str(a)) == a


# ---------------------------------------------------------------------------------------------- fuzzing
CARD_CODES = [c.code for c in Card.ALL]
VERBS = ["play", "draw", "pass", "color", "uno", "catch", "challenge", "notice", "accuse", "discard", "say",
         "hint", "slap", "doubt", "doubtsum", "PLAY", "fly"]
WORDS = st.one_of(
    st.sampled_from(CARD_CODES), st.sampled_from(VERBS),
    st.sampled_from(["0", "1", "2", "9", "999", "1000", "-1", "+2", "٣", "²", "１", "99999999999999999999", "1" * 50,
                     "uno", "UNO", "+", "@?", "@0", "@1", "@-1", "@٣", "@" + "9" * 30, "claim:+2", "claim:+4",
                     "claim:+3", "claim:", "hidden:", "hidden:R1,G2", "give:", "give:G5,?", "give:?", "give:R1,",
                     "W>G", "W+4>b", "R7>", "R7>G>B", "W>purple", "r", "y", "blue", "GREEN", ">", ",", ":"]),
    st.text(max_size=4),
)
action_texts = st.one_of(
    st.text(max_size=30),
    st.lists(WORDS, min_size=1, max_size=8).map(" ".join),
    st.tuples(st.sampled_from(["0", "1", "3"]), st.sampled_from(VERBS), st.lists(WORDS, max_size=6)).map(
        lambda t: " ".join([t[0], t[1], *t[2]])),
)


def _check_text(text: str):
    t0 = time.perf_counter()
    try:
        a = Action.parse(text)
    except UnoError as e:
        assert isinstance(e, NotationError), type(e)
        assert "\n" not in str(e)
        a = None
    else:
        assert Action.parse(str(a)) == a, (text, str(a))
        assert action_from_dict(a.to_dict()) == a, (text, a.to_dict())
        assert 0 <= a.player <= MAX_SEAT
    assert time.perf_counter() - t0 < 1.0
    return a


@settings(max_examples=500, deadline=None)
@given(action_texts)
def test_action_fuzz_random_text_parses_and_round_trips_or_raises_notation_error(text):
    _check_text(text)


VALID = ["0 play R7", "3 play R7 R7", "0 play W>G uno", "2 play WX>R @0", "3 play hidden:G+2 claim:+2",
         "1 play R7 hidden:B7", "0 play R2 @1 give:G5,Y7", "1 draw", "1 color B", "2 catch 1", "0 notice 12",
         "2 discard R5", "3 say boa jogada", "0 hint 2 play blue", "0 play R7 +", "0 play WX>R @?"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(VALID), st.data())
def test_action_fuzz_mutated_valid_actions_parse_and_round_trip_or_raise_notation_error(base, data):
    s = base
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(s)))
        piece = data.draw(WORDS)
        op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        s = s[:i] + piece + s[i:] if op == "insert" else s[:i] + s[i + len(piece):] if op == "delete" else \
            s[:i] + piece + s[i + 1:]
    _check_text(s)


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                              st.text(max_size=8), st.sampled_from(CARD_CODES + ["R1 R2", "W", "G", "play"])),
                    lambda kids: st.one_of(st.lists(kids, max_size=3), st.dictionaries(st.text(max_size=5), kids,
                                                                                       max_size=3)),
                    max_leaves=6)
KEYS = ["type", "player", "cards", "color", "uno", "target", "hidden", "claim", "give", "more", "seq", "card", "text",
        "to", "x"]
action_dicts = st.one_of(
    JSON,
    st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6),
    st.fixed_dictionaries({"type": st.sampled_from(VERBS[:-2] + ["doubtsum"]), "player": st.one_of(
        st.integers(-2, 1002), JSON)}, optional={k: st.one_of(JSON, st.integers(-1, 5)) for k in KEYS[2:]}),
)


@settings(max_examples=500, deadline=None)
@given(action_dicts)
def test_action_fuzz_random_dicts_round_trip_or_raise_notation_error(d):
    try:
        a = action_from_dict(d)
    except UnoError as e:
        assert isinstance(e, NotationError), type(e)
        return
    assert action_from_dict(a.to_dict()) == a
    assert 0 <= a.player <= MAX_SEAT


GAME_RULES = ["UNO 1121", "UNO 1121 DR-P4-SU-C", "UNO 1121 DED-P2-T-DOA", "UNO 1121 SEVENO-JUMPIN",
              "UNO 1121 ADDUP-CAR", "UNO 1121 DD-DED-P3-SSE-M-BACK(card=3)"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(GAME_RULES), st.integers(2, 5), st.integers(0, 40), action_texts)
def test_action_fuzz_parsed_actions_are_applied_or_refused_with_uno_error(rules, players, seed, text):
    try:
        a = Action.parse(text)
    except NotationError:
        return
    g = Game.new(players=players, rules=rules, seed=seed)
    try:
        g.can(a)
        g.apply(a)
    except UnoError:
        pass
