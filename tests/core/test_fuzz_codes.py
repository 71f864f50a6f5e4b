"""Issue 9, point 2: every bad rule code is refused cleanly.

``RuleSet.parse`` either returns a rule set whose canonical code parses back to it, or raises a
:class:`~unokit.core.errors.RuleCodeError` (an ``UnoError``); never a bare ``ValueError`` /
``IndexError``, and never slowly. Every numeric parameter has bounds in the catalogue, checked when
the code is parsed.
"""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.errors import RuleCodeError, RuleConflictError, UnoError
from unokit.engine.game import Game
from unokit.rules import CATALOG, GLOBAL_PARAMS, RuleSet
from unokit.rules.catalog import TABLE_BOUNDS, VARIATIONS, bounds_of


def refused(text: str, *, allow_unimplemented: bool = False) -> RuleCodeError:
    with pytest.raises(RuleCodeError) as e:
        RuleSet.parse(text, allow_unimplemented=allow_unimplemented)
    assert "\n" not in str(e.value)
    return e.value


def _with_needs(code: str) -> str:
    """``code`` with the rule it needs in front (BOMB needs DR or DD)."""
    needs = CATALOG[code].needs
    return f"{needs[0]}-{code}" if needs else code


# ---------------------------------------------------------------------------------------------- known crashes
def test_code_parse_refuses_unicode_ambiguity_digits():
    for text in ("UNO ²121", "UNO ١١٢١", "UNO １１２１", "UNO 11²1"):
        assert "four digits" in str(refused(text))


def test_code_parse_refuses_a_variation_with_more_card_rules_than_cards():
    # the guide variation moves clashing card rules to free cards; when none is left: a RuleConflictError
    e = refused("UNO DR-P4-PAA-SU-CAR-T-M-DOA-PRE PAB-TRI-DAD-E")
    assert isinstance(e, RuleConflictError) and "no number card is left" in str(e)


def test_code_parse_refuses_a_die_table_that_is_not_six_numbers():
    for table in ("abc", "1/2/3", "1/2/3/4/5/6/7", "1/2/3/4/5/x", "1/2/3/4/5/21", "1/2/3/4/5/-1", "//////"):
        e = refused(f"UNO DAD(table={table})")
        assert "table" in str(e) and "1/2/3/4/5/6" in str(e)
    rs = RuleSet.parse("UNO DAD(table=0/1/2/2/3/3)")
    assert rs.param("DAD", "table") == "0/1/2/2/3/3"
    assert RuleSet.parse("UNO DAD(table=01/2/3/4/5/6)") == RuleSet.parse("UNO DAD")  # normalised to the default


def test_code_parse_refuses_negative_S_penalty():
    assert "penalty" in str(refused("UNO S(penalty=-5)"))


def test_code_parse_refuses_negative_V_seconds():
    assert "seconds" in str(refused("UNO V(seconds=-1)"))


def test_code_parse_refuses_deal_0():
    e = refused("UNO deal=0")
    assert "deal" in str(e) and "from 1 to 50" in str(e)


def test_code_parse_refuses_negative_LIMIT_cards():
    assert "cards" in str(refused("UNO LIMIT(cards=-1)"))


def test_code_parse_refuses_BOMB_without_DR_or_DD():
    e = refused("UNO BOMB")
    assert isinstance(e, RuleConflictError) and "BOMB" in str(e) and "DR or DD" in str(e)
    refused("UNO C-BOMB")
    assert RuleSet.parse("UNO DR-BOMB").codes == ("DR", "BOMB")
    assert RuleSet.parse("UNO DD-BOMB").codes == ("DD", "BOMB")


def test_code_parse_refuses_TV_wins_0_and_huge_numbers():
    assert "wins" in str(refused("UNO TV(wins=0)"))
    e = refused("UNO TV(wins=99999999999999999999999)")
    assert "from 1 to 1000" in str(e)
    refused("UNO S(penalty=" + "9" * 5000 + ")")  # no int-conversion limit error
    refused("UNO target=" + "1" * 5000)


def test_code_parse_refuses_numbers_in_other_digits_and_signs():
    for text in ("UNO FU(cards=٣)", "UNO S(card=٧)", "UNO target=٣٠٠", "UNO target=3_00", "UNO S(penalty=²)",
                 "UNO S(penalty=2.0)", "UNO S(penalty=0x2)", "UNO target=1e3"):
        refused(text)
    assert RuleSet.parse("UNO S(penalty=+3)").param("S", "penalty") == 3


def test_code_parse_refuses_repeated_parameters():
    assert "twice" in str(refused("UNO S(penalty=3,penalty=4)"))
    assert "twice" in str(refused("UNO target=300 target=400"))


def test_code_parse_refuses_unbalanced_or_nested_parentheses():
    for text in ("UNO S(penalty=3", "UNO S(penalty=3))", "UNO S((penalty=3))", "UNO S)penalty=3(", "UNO C-S(-DR"):
        assert "malformed rule code" in str(refused(text))


def test_code_parse_refuses_silence_words_that_are_not_words():
    for word in ("a1", "a,b", "a b", "x" * 31, "-", "i\u0307"):
        refused(f"UNO S(word={word})")
    assert RuleSet.parse("UNO S(word=carta)").param("S", "word") == "carta"
    assert RuleSet.parse("UNO S(word=NÃO)").param("S", "word") == "não"


def test_code_parse_refuses_non_text_and_overlong_codes():
    for bad in (None, 1121, b"UNO 1121", ["UNO"], 1.5):
        with pytest.raises(RuleCodeError):
            RuleSet.parse(bad)
    assert "too long" in str(refused("UNO " + "C-" * 5000 + "C"))


# ---------------------------------------------------------------------------------------------- bounds
def test_code_catalogue_declares_a_bound_for_every_parameter():
    for code, info in CATALOG.items():
        bounds = bounds_of(code)
        assert set(bounds) == set(info.params) | ({"card"} if info.card is not None else set()), code
        for name, default in list(info.params.items()) + ([("card", info.card)] if info.card is not None else []):
            assert bounds[name].check(default), f"{code}({name}={default}) is outside its own bound"
    assert set(TABLE_BOUNDS) == set(GLOBAL_PARAMS)
    for name, default in GLOBAL_PARAMS.items():
        assert TABLE_BOUNDS[name].check(default), name


def _out_of_range(bound) -> list[str]:
    if bound.kind == "int":
        return [str(bound.lo - 1), str(bound.hi + 1), "x", ""]
    if bound.kind == "choice":
        return ["zzz", ""]
    if bound.kind == "word":
        return ["a1", "a" * 31]
    if bound.kind == "blanks":
        return ["zzz", "swap/zzz", "/".join(["swap"] * 25)]
    return ["1/2/3", f"1/2/3/4/5/{bound.hi + 1}"]


def _in_range(bound) -> list[str]:
    if bound.kind == "int":
        return [str(bound.lo), str(bound.hi)]
    if bound.kind == "choice":
        return list(bound.choices)
    if bound.kind == "word":
        return ["palavra"]
    if bound.kind == "blanks":
        return ["swap", "bianca/drawn/r7"]
    return [f"{bound.lo}/{bound.hi}/1/1/1/1"]


RULE_PARAMS = [(code, name) for code in CATALOG for name in bounds_of(code)]


@pytest.mark.parametrize("code,name", RULE_PARAMS, ids=[f"{c}-{n}" for c, n in RULE_PARAMS])
def test_code_parse_refuses_every_rule_parameter_out_of_range_naming_it(code, name):
    bound = bounds_of(code)[name]
    for value in _out_of_range(bound):
        e = refused(f"UNO 1121 {_with_needs(code)}({name}={value})", allow_unimplemented=True)
        msg = str(e)
        assert f"rule {code}" in msg and name in msg and bound.describe() in msg, msg
    for value in _in_range(bound):
        rs = RuleSet.parse(f"UNO 1121 {_with_needs(code)}({name}={value})", allow_unimplemented=True)
        assert RuleSet.parse(rs.code, allow_unimplemented=True) == rs
        got = rs.param(code, name)
        assert bound.check(got) and str(got) == str(bound.read(value.lower()))


@pytest.mark.parametrize("name", list(TABLE_BOUNDS))
def test_code_parse_refuses_every_table_parameter_out_of_range_naming_it(name):
    bound = TABLE_BOUNDS[name]
    for value in _out_of_range(bound):
        msg = str(refused(f"UNO 1121 {name}={value}"))
        assert f"table parameter {name}" in msg and bound.describe() in msg, msg
    for value in _in_range(bound):
        rs = RuleSet.parse(f"UNO 1121 {name}={value}")
        assert RuleSet.parse(rs.code) == rs and str(rs.param(name)) == value


# ---------------------------------------------------------------------------------------------- fuzzing
CODES = sorted(CATALOG) + ["MS", "UNO", "PROG", "SU", "SPPT", "SSE", "STU", "SXY"]
PARAMS = sorted({n for c in CATALOG for n in bounds_of(c)} | set(GLOBAL_PARAMS))
WEIRD_NUMBERS = ["0", "-1", "+3", "1121", "²", "٣", "１", "3_0", "99999999999999999999", "1" * 60, "1e3", "0x1",
                 "1/2/3/4/5/6", "first-wild", "não", "ß", "ǅ", "İ"]


def _fragments():
    return st.one_of(
        st.sampled_from(CODES),
        st.sampled_from(PARAMS).map(lambda p: p + "="),
        st.sampled_from(WEIRD_NUMBERS),
        st.sampled_from(["-", " ", "(", ")", ",", "=", "--", "  ", "\t", "\n", "\u00a0", "\u3000"]),
        st.text(max_size=3),
    )


code_texts = st.one_of(
    st.text(max_size=40),
    st.lists(_fragments(), max_size=14).map("".join),
    st.lists(_fragments(), max_size=14).map(lambda xs: "UNO 1121 " + "".join(xs)),
)


def _mutate(base: str, data) -> str:
    s = base
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        i = data.draw(st.integers(0, len(s)))
        piece = data.draw(_fragments())
        if op == "insert":
            s = s[:i] + piece + s[i:]
        elif op == "delete":
            s = s[:i] + s[i + len(piece):]
        else:
            s = s[:i] + piece + s[i + 1:]
    return s


VALID = ["UNO 1121", "UNO 2111 C-DR-S(penalty=3)", "UNO 1121 DD-P1 target=300 deal=7", "UNO 1121 S(card=8,rounds=2)-P3",
         "UNO 1121 MS3(event=fifth-action)-FL(variant=numbers)", "UNO 3121 DAD(table=0/1/2/2/3/3)-V(seconds=8)",
         "UNO 1121 DR-BOMB-LIMIT(cards=9)-OPEN(cards=2)-BLITZ(seconds=60)", "UNO 1221 TV(wins=2)-BU(cards=8)",
         "UNO 1111 SSEU(word=carta)-CHU scoring=lowest first=redraw blank=swap hint=4 uno=3 wrong=1"] + \
        [f"UNO {v}" for v in VARIATIONS]


def _check(text: str) -> None:
    t0 = time.perf_counter()
    try:
        rs = RuleSet.parse(text, allow_unimplemented=True)
    except UnoError as e:
        assert isinstance(e, RuleCodeError), type(e)
        assert "\n" not in str(e)
    else:
        again = RuleSet.parse(rs.code, allow_unimplemented=True)
        assert again == rs, (text, rs.code)
        assert again.code == rs.code
        for code, _, params in rs.rules:
            for name, value in params:
                assert bounds_of(code)[name].check(value), (code, name, value)
        for name, value in rs.params:
            assert TABLE_BOUNDS[name].check(value), (name, value)
    assert time.perf_counter() - t0 < 1.0, f"parsing {text[:60]!r} took too long"


@settings(max_examples=400, deadline=None)
@given(code_texts)
def test_code_fuzz_random_text_parses_and_round_trips_or_raises_rule_code_error(text):
    _check(text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VALID), st.data())
def test_code_fuzz_mutated_valid_codes_parse_and_round_trip_or_raise_rule_code_error(base, data):
    _check(_mutate(base, data))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VALID), st.data(), st.integers(2, 6))
def test_code_fuzz_accepted_codes_deal_a_game_or_refuse_with_uno_error(base, data, players):
    text = _mutate(base, data) if data.draw(st.booleans()) else base
    try:
        rs = RuleSet.parse(text)
    except RuleCodeError:
        return
    try:
        Game.new(players=players, rules=rs, seed=1)
    except UnoError as e:  # e.g. BU(cards=50) cannot be dealt to 6 players from one deck
        assert re.search(r"cannot deal|players", str(e)), str(e)


def test_code_bounds_are_documented_in_notation_md():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    rows = {ln.split("|")[1].strip(): ln for ln in text.splitlines() if ln.startswith("| ")}
    card_row = next(ln for ln in text.splitlines() if ln.startswith("| every card rule"))
    for code, info in CATALOG.items():
        if info.card is not None:
            assert code in card_row, f"notation.md: {code} is a card rule (card 0-9)"
        for name, bound in info.bounds.items():
            row = rows.get(code, "")
            assert f"`{name}`" in row, f"notation.md does not list {code}({name})"
            if bound.kind == "int":
                assert f"{bound.lo}-{bound.hi}" in row, f"notation.md: {code}({name}) is {bound.describe()}"
    for name, bound in TABLE_BOUNDS.items():
        row = rows.get(f"`{name}`", "")
        assert row, f"notation.md does not list the table parameter {name}"
        if bound.kind == "int":
            assert f"{bound.lo}-{bound.hi}" in row, f"notation.md: {name} is {bound.describe()}"
        else:
            assert all(f"`{c}`" in row for c in bound.choices), name
