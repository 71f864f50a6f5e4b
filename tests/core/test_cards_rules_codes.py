"""Card and action notation, and rule codes (000 §Resumo das Regras Alternativas; RULES-CATALOG.md)."""

from __future__ import annotations

import json
import random

import pytest

from unokit.core.actions import (
    Accuse,
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    Discard,
    Draw,
    Hint,
    Notice,
    Pass,
    Play,
    Say,
    SayUno,
    action_from_dict,
)
from unokit.core.cards import Card, Color, Face, format_cards, parse_cards
from unokit.core.errors import NotationError, RuleCodeError, RuleConflictError, RuleNotImplementedError
from unokit.engine.compose import complete
from unokit.engine.game import Game
from unokit.rules import CATALOG, IMPLEMENTED, RuleSet
from unokit.rules.catalog import SILENCE_SUFFIXES, alone

# ---------------------------------------------------------------------------------------------- cards


def test_card_notation_round_trip_for_every_card():
    # classic, 112/Ohana/Italian, No Mercy, All Wild, Extreme, Flash, Spin, Flip's light and dark cards, Flex,
    # the written blanks
    assert len(Card.ALL) == 4 * 13 + 6 + 4 * 3 + 4 + 6 + 4 + 1 + 4 + 20 + 4 * 2 + 1 + 4 * 14 + 4 * 17 + 7 + 6
    for c in Card.ALL:
        assert Card.parse(str(c)) is c
        assert Card.parse(c.code.lower()) is c
        assert eval(repr(c), {"Card": Card}) is c
        assert parse_cards(format_cards([c, c])) == [c, c]


@pytest.mark.parametrize("text,color,face,number,draw", [
    ("R7", Color.RED, 7, 7, 0), ("g+2", Color.GREEN, Face.DRAW_TWO, None, 2), ("BS", Color.BLUE, Face.SKIP, None, 0),
    ("yr", Color.YELLOW, Face.REVERSE, None, 0), ("W", None, Face.WILD, None, 0),
    ("w+4", None, Face.WILD_DRAW_FOUR, None, 4), ("WX", None, Face.WILD_SWAP, None, 0),
    ("WSH", None, Face.WILD_SHUFFLE, None, 0), ("WO", None, Face.WILD_OHANA, None, 0),
    ("WB", None, Face.WILD_BLANK, None, 0), ("B0", Color.BLUE, 0, 0, 0)])
def test_card_notation_fields(text, color, face, number, draw):
    c = Card.parse(text)
    assert (c.color, c.face, c.number, c.draw) == (color, face, number, draw)
    assert c.is_wild == (color is None)
    assert c.is_action == (face in (Face.SKIP, Face.REVERSE, Face.DRAW_TWO))


@pytest.mark.parametrize("bad", ["", "R", "R10", "X7", "W+3", "G+5", "W+8", "RW", "7R", "B-2", "RS2", "WW"])
def test_card_notation_errors_name_the_text(bad):
    with pytest.raises(NotationError) as e:
        Card.parse(bad)
    assert repr(bad) in str(e.value)
    assert isinstance(e.value, ValueError)


def test_card_parse_cards_accepts_commas_and_lists():
    assert parse_cards("R7, g+2 W") == [Card.parse("R7"), Card.parse("G+2"), Card.parse("W")]
    assert parse_cards(["R7", Card.parse("W")]) == [Card.parse("R7"), Card.parse("W")]


def test_card_immutable_and_interned():
    c = Card.parse("R7")
    with pytest.raises(AttributeError):
        c.color = Color.BLUE
    assert Card.of(Color.RED, 7) is c
    assert Card.of(Color.BLUE, Face.WILD) is Card.parse("W")  # wilds have no colour
    with pytest.raises(NotationError):
        Card.of(None, 7)


@pytest.mark.parametrize("text,color", [("r", Color.RED), ("Yellow", Color.YELLOW), ("G", Color.GREEN),
                                        ("blue", Color.BLUE)])
def test_colour_notation(text, color):
    assert Color.parse(text) is color
    assert Color.parse(color.letter) is color


def test_colour_notation_error():
    with pytest.raises(NotationError, match="unknown colour"):
        Color.parse("magenta")


# ---------------------------------------------------------------------------------------------- actions


ACTIONS = [
    Play(0, (Card.parse("R7"),)), Play(1, (Card.parse("W"),), Color.GREEN, True), Play(2, tuple(parse_cards("R5 G5 B5"))),
    Play(3, (Card.parse("WX"),), Color.RED, False, 1), Play(0, (), None, False, None, (Card.parse("G+2"),), 2),
    Play(0, (Card.parse("R9"),), None, True, None, (Card.parse("B9"),)), Draw(1), Pass(2), ChooseColor(0, Color.BLUE),
    SayUno(3), CatchUno(1, 2), Challenge(2), Notice(0, 17), Accuse(1), Discard(2, Card.parse("W+4")),
    Say(0, "olá pessoal"), Hint(1, 3, "play red"), Hint(1, 0, ""),
]


@pytest.mark.parametrize("a", ACTIONS, ids=str)
def test_action_notation_round_trip(a):
    assert Action.parse(str(a)) == a
    d = a.to_dict()
    assert action_from_dict(json.loads(json.dumps(d))) == a


def test_action_notation_examples():
    assert str(Play(0, (Card.parse("W"),), Color.GREEN, True)) == "0 play W>G uno"
    assert str(Draw(1)) == "1 draw"
    assert str(CatchUno(2, 1)) == "2 catch 1"
    assert Action.parse("3 play hidden:G+2 claim:+2") == Play(3, (), None, False, None, (Card.parse("G+2"),), 2)


@pytest.mark.parametrize("bad", ["", "play R7", "x play R7", "0", "0 jump R7", "0 play", "0 color magenta",
                                 "0 catch", "0 play R77", "0 discard"])
def test_action_notation_errors(bad):
    with pytest.raises(NotationError):
        Action.parse(bad)


def test_action_notation_round_trip_over_random_games():
    for seed in range(6):
        rules = ["UNO 1121", "UNO 1121 C-DR-P4", "UNO 1121 DED-P2", "UNO 1121 DD-SUPP"][seed % 4]
        g = Game.new(players=3 + seed % 3, rules=rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.over:
                break
            for seat in range(g.n):
                for a in g.legal_actions(seat):
                    assert Action.parse(str(a)) == a, str(a)
                    assert action_from_dict(a.to_dict()) == a
            g.apply(complete(g, rng.choice(g.legal_actions(g.to_act)), rng.choice))


# ---------------------------------------------------------------------------------------------- rule codes


def test_rule_code_default_is_official_1121():
    rs = RuleSet.parse("UNO")
    assert rs.code == "UNO 1121" and rs.ambiguity == (1, 1, 2, 1)
    assert (rs.pregame, rs.corrections, rs.reveal, rs.bluff) == (1, 1, 2, 1)
    assert RuleSet.parse("uno 1121") == rs == RuleSet()


@pytest.mark.parametrize("text,canonical", [
    ("uno dr-p4-su", "UNO 1121 DR-P4-SU"),
    ("UNO 2111 PRE-C", "UNO 2111 C-PRE"),
    ("UNO 1121 MEM-DED-P2", "UNO 1121 DED-P2-MEM"),
    ("UNO 1222 S(penalty=3)-DD", "UNO 1222 DD-S(penalty=3)"),
    ("UNO 1121 S(penalty=2)", "UNO 1121 S"),             # default parameters are dropped
    ("UNO 1121 STPP", "UNO 1121 SPPT"),                  # sub-options in canonical order
    ("UNO 1121 SSE(word=carta)", "UNO 1121 SSE(word=carta)"),
    ("UNO 1121 C target=300 deal=7", "UNO 1121 C target=300"),
    ("UNO 1121 C hint=4 scoring=lowest", "UNO 1121 C hint=4 scoring=lowest"),
    ("1121 DD-P1", "UNO 1121 DD-P1"),
    ("UNO 1121 S(card=8)", "UNO 1121 S(card=8)"),
    ("UNO 1121 C-DR-P3-PRE-DED-MEM-SU", "UNO 1121 C-DR-DED-P3-SU-MEM-PRE"),
])
def test_rule_code_parse_print_canonical_round_trip(text, canonical):
    rs = RuleSet.parse(text)
    assert rs.code == canonical
    assert RuleSet.parse(rs.code) == rs
    assert RuleSet.parse(rs.code).code == rs.code
    assert str(rs) == canonical and eval(repr(rs), {"RuleSet": RuleSet}) == rs


def test_rule_code_queries():
    rs = RuleSet.parse("UNO 2112 C-DR-P3-SUPP(penalty=3)-MEM target=300")
    assert rs.has("C") and rs.has("DR") and not rs.has("DD")
    assert rs.stacking == "P3" and rs.silence_options == frozenset({"U", "PP"})
    assert rs.param("target") == 300 and rs.param("deal") == 7 and rs.param("hint") == 2
    assert rs.param("S", "penalty") == 3 and rs.param("S", "card") == 7
    assert rs.param("DED", "penalty") is None
    assert (rs.pregame, rs.corrections, rs.reveal, rs.bluff) == (2, 1, 1, 2)


@pytest.mark.parametrize("code", sorted(IMPLEMENTED))
def test_rule_code_every_implemented_code_alone(code):
    rs = RuleSet.parse(f"UNO 1121 {alone(code)}")   # BOMB needs DR or DD beside it
    assert code in rs.codes and len(rs.codes) <= 2 and RuleSet.parse(rs.code) == rs
    Game.new(players=3, rules=rs, seed=1)


@pytest.mark.parametrize("opts", ["", "PP", "T", "U", "SE", "SS", "PPT", "PPU", "TU", "PPTU", "SEPP", "SET",
                                  "SSU", "SEU"])
def test_rule_code_silence_sub_options(opts):
    rs = RuleSet.parse(f"UNO 1121 S{opts}")
    expect = set()
    rest = opts
    for suf in ("PP", "SE", "SS", "T", "U"):
        if suf in rest:
            expect.add(suf)
            rest = rest.replace(suf, "", 1)
    assert rs.silence_options == frozenset(expect)
    assert RuleSet.parse(rs.code) == rs
    assert set(SILENCE_SUFFIXES) >= expect


@pytest.mark.parametrize("text,match", [
    ("", "empty rule code"),
    ("   ", "empty rule code"),
    ("UNO 11211", "four digits"),
    ("UNO 112", "four digits"),
    ("UNO 4121", "ambiguity digit A"),
    ("UNO 1321", "ambiguity digit B"),
    ("UNO 1131", "ambiguity digit C"),
    ("UNO 1123", "ambiguity digit D"),
    ("UNO 0121", "ambiguity digit A"),
    ("UNO 1121 XYZ", "unknown rule code 'XYZ'"),
    ("UNO 1121 DX", "unknown rule code 'DX'"),
    ("UNO 1121 DR--P4", "empty rule code between dashes"),
    ("UNO 1121 DR-", "empty rule code between dashes"),
    ("UNO 1121 P5", "unknown rule code 'P5'"),
    ("UNO 1121 C(", "malformed rule code"),
    ("UNO 1121 C+", "malformed rule code"),
    ("UNO 1121 S(foo=1)", "rule S has no parameter 'FOO=1'"),
    ("UNO 1121 S(penalty)", "rule S has no parameter 'PENALTY'"),
    ("UNO 1121 S(penalty=two)", "expected a whole number"),
    ("UNO 1121 S(card=12)", "card must be a number card 0-9"),
    ("UNO 1121 C(x=1)", "rule C has no parameter"),
    ("UNO 1121 SXY", "after S the guide allows the sub-options"),
    ("UNO 1121 SUU", "S sub-option U repeated"),
    ("UNO 1121 C foo=1", "unknown table parameter 'foo'"),
    ("UNO 1121 C target=many", "expected a whole number"),
    ("UNO 1121 scoring=best", "scoring must be one of winner, lowest"),
    ("UNO 1121 first=never", "first must be one of official, redraw"),
])
def test_rule_code_malformed_or_unknown_raises_naming_the_problem(text, match):
    with pytest.raises(RuleCodeError, match=__import__("re").escape(match)):
        RuleSet.parse(text)


def test_rule_code_unknown_code_suggests_close_matches():
    with pytest.raises(RuleCodeError, match="did you mean"):
        RuleSet.parse("UNO 1121 DDR")


def test_rule_code_error_is_a_value_error():
    with pytest.raises(ValueError):
        RuleSet.parse("UNO 1121 XYZ")


@pytest.mark.parametrize("text,names", [
    ("UNO 1121 DR-DD", ("DR", "DD")),
    ("UNO 1121 DD-DR", ("DR", "DD")),
    ("UNO 1121 P1-P4", ("P1", "P4")),
    ("UNO 1121 P2-P3", ("P2", "P3")),
    ("UNO 1121 C-C", ("C",)),
    ("UNO 1121 S-SU", ("S",)),
    ("UNO 1121 SSESS", ("SE", "SS")),
])
def test_rule_code_conflicting_codes_raise_naming_both(text, names):
    with pytest.raises(RuleConflictError) as e:
        RuleSet.parse(text)
    for n in names:
        assert n in str(e.value)


@pytest.mark.parametrize("text,names", [
    ("UNO 1121 TV-PR", ("TV", "PR")), ("UNO 1121 FU-BU", ("FU", "BU")), ("UNO 1121 SAT-INS", ("SAT", "INS")),
    ("UNO 1121 MS1-MS2", ("MS1", "MS2")), ("UNO 1121 CAR-T", ("CAR", "T")), ("UNO 1121 M-BACK", ("M", "BACK")),
    ("UNO 1121 PAB-CLA", ("PAB", "CLA")), ("UNO 1121 S-DAD(card=7)", ("S", "DAD")),
])
def test_rule_code_catalogue_conflicts_even_for_unimplemented_rules(text, names):
    with pytest.raises(RuleConflictError) as e:
        RuleSet.parse(text, allow_unimplemented=True)
    for n in names:
        assert n in str(e.value)


def test_rule_code_rules_sharing_a_card_load_when_one_is_moved():
    # "A não ser que as duas regras usem cartas diferentes, elas não podem ser aplicadas simultaneamente."
    rs = RuleSet.parse("UNO 1121 CAR-T(card=5)", allow_unimplemented=True)
    assert rs.card_of("CAR") == 0 and rs.card_of("T") == 5
    rs = RuleSet.parse("UNO 1121 E-IE", allow_unimplemented=True)  # green 5 and red 5: different cards
    assert rs.has("E") and rs.has("IE")


def not_yet(monkeypatch, *codes):
    """Pretend the engine does not play ``codes`` yet: every catalogue code is implemented now, so the
    "not implemented yet" refusal is checked with a smaller ``IMPLEMENTED`` (and an empty parse cache,
    so that no earlier parse answers)."""
    import unokit.rules.ruleset as ruleset
    monkeypatch.setattr(ruleset, "IMPLEMENTED", IMPLEMENTED - set(codes))
    monkeypatch.setattr(ruleset, "_PARSED", {})


def test_rule_code_every_catalogue_code_is_implemented_and_parses():
    assert set(CATALOG) == IMPLEMENTED
    for code, info in CATALOG.items():
        assert info.implemented
        rs = RuleSet.parse(f"UNO 1121 {alone(code)}")              # no allow_unimplemented needed
        assert code in rs.codes and RuleSet.parse(rs.code) == rs


@pytest.mark.parametrize("code", ["TV", "DED", "S", "SEVENO", "ELIMMOST"])
def test_rule_code_unimplemented_catalogue_codes_raise_not_implemented(code, monkeypatch):
    not_yet(monkeypatch, code)
    with pytest.raises(RuleNotImplementedError, match="not implemented yet") as e:
        RuleSet.parse(f"UNO 1121 {code}")
    assert f"{code} ({CATALOG[code].name})" in str(e.value)
    assert isinstance(e.value, NotImplementedError) and isinstance(e.value, RuleCodeError)
    with pytest.raises(RuleNotImplementedError, match="not implemented yet"):
        Game.new(players=3, rules=f"UNO 1121 {code}")
    rs = RuleSet.parse(f"UNO 1121 {code}", allow_unimplemented=True)
    assert rs.has(code) and RuleSet.parse(rs.code, allow_unimplemented=True) == rs


def test_rule_code_unimplemented_error_lists_every_missing_code(monkeypatch):
    not_yet(monkeypatch, "TV", "V")
    with pytest.raises(RuleNotImplementedError) as e:
        RuleSet.parse("UNO 1121 C-TV-DR-V-P3")
    msg = str(e.value)
    assert "TV (" in msg and "V (" in msg and "not implemented yet" in msg
    assert "C (" not in msg and "DR (" not in msg                 # only the missing ones are named
    implemented_list = msg.split("Implemented house rules:")[1]
    assert "TV" not in implemented_list.replace(",", " ").split()


def test_rule_code_MS_alias_is_MS1():
    rs = RuleSet.parse("UNO 1121 MS-TV-C-DR-V-P3", allow_unimplemented=True)
    assert rs.has("MS1") and "MS1" in rs.code


def test_rule_code_catalogue_entries_are_complete():
    from unokit.rules.catalog import EXTRA_RULES
    for code, info in CATALOG.items():
        assert info.code == code and info.name and info.summary and info.section
        assert info.origin in ("guide", "other", "edition"), (code, info.origin)
        if info.origin == "guide":        # the guide's codes cite its chapter 3 (000)
            assert info.section.startswith("000 "), info.section
        else:                             # other seeds' rules (and 000's uncoded ones) name their seed; other engines' options say so
            assert info.section.startswith(("000 §", "001 ", "002 ", "003 ", "004 ", "other engines")), info.section
        assert info.implemented == (code in IMPLEMENTED)
    assert {r.code for r in EXTRA_RULES} == {c for c, i in CATALOG.items() if i.origin == "other"}
    assert set(CATALOG) == IMPLEMENTED


READY_MADE = ["TV-BU-C-DR-P3-PRE", "DR-P4-PAA-SU-CAR-T-M-DOA-PRE", "DR-AA-AB-GT-P3-BA-T-M-PRE",
              "FL-DED-DP-MEM-P2", "BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA", "BU-DR-P1-PAB-CHU-T-TRI-BACK-CLA",
              "BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA", "DD-P1-PAB-CHU", "DD-P1", "DR-P2", "TV-FU-C-DR-V-P3",
              "MS-TV-C-DR-V-P3"]
# The guide says rules tied to the same card cannot be combined unless one is moved (line 1859 for PAB/CLA on
# the 1; CAR/T on the 0), yet its own ready-made list combines them: these must load, with one card moved.
SAME_CARD = {"DR-P4-PAA-SU-CAR-T-M-DOA-PRE": ("CAR", "T"), "BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA": ("PAB", "CLA"),
             "BU-DR-P1-PAB-CHU-T-TRI-BACK-CLA": ("PAB", "CLA"), "BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA": ("PAB", "CLA")}


@pytest.mark.parametrize("code", READY_MADE)
def test_rule_code_ready_made_variations_load_by_their_code(code):
    # 000 §Variações Prontas; catalogue: "each must load by its code"
    from unokit.rules.catalog import VARIATIONS
    assert set(READY_MADE) == set(VARIATIONS)
    rs = RuleSet.parse(f"UNO {code}")
    assert RuleSet.parse(rs.code) == rs
    cards_in_use = [rs.card_of(c) for c in rs.codes if CATALOG[c].card is not None and c not in ("E", "IE")]
    assert len(cards_in_use) == len(set(cards_in_use)), f"two rules share a card in {rs.code}"
    assert not {6, 9} & set(cards_in_use)
    if code in SAME_CARD:
        a, b = SAME_CARD[code]
        assert rs.card_of(a) == CATALOG[a].card and rs.card_of(b) != CATALOG[b].card
    else:                                 # nothing to move: every card rule keeps its own card
        assert all(rs.card_of(c) == CATALOG[c].card for c in rs.codes if CATALOG[c].card is not None)
    Game.new(players=4, rules=rs, seed=0)


def test_variations_load_CAR_T_share_zero_T_moves_to_free_card():
    # decision: the rule written later (T) moves to the lowest card no other rule uses, never 6 or 9
    # (SU holds the 7, M the 8, DOA the 2; the 1 is free)
    rs = RuleSet.parse("UNO DR-P4-PAA-SU-CAR-T-M-DOA-PRE")
    assert rs.code == "UNO 1121 DR-P4-PAA-SU-CAR-T(card=1)-M-DOA-PRE"
    assert (rs.card_of("CAR"), rs.card_of("T")) == (0, 1)
    # the same with other ambiguity digits and table parameters: the rule codes are the variation's
    assert RuleSet.parse("uno 2111 dr-p4-paa-su-car-t-m-doa-pre target=300").code == \
        "UNO 2111 DR-P4-PAA-SU-CAR-T(card=1)-M-DOA-PRE target=300"
    # a card chosen by hand is kept
    rs = RuleSet.parse("UNO DR-P4-PAA-SU-CAR-T(card=5)-M-DOA-PRE")
    assert rs.card_of("T") == 5


@pytest.mark.parametrize("code", ["BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA", "BU-DR-P1-PAB-CHU-T-TRI-BACK-CLA",
                                  "BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA"])
def test_variations_load_PAB_CLA_share_one_CLA_moves_to_free_card(code):
    # T holds the 0, PAB the 1, TRI the 3, BACK the 8: CLA (written after PAB) moves to the 2
    rs = RuleSet.parse(f"UNO {code}")
    assert "CLA(card=2)" in rs.code and (rs.card_of("PAB"), rs.card_of("CLA")) == (1, 2)
    assert rs.card_of("T") == 0
    rs = RuleSet.parse(f"UNO {code.replace('CLA', 'CLA(card=5)')}")
    assert rs.card_of("CLA") == 5


@pytest.mark.parametrize("text,names", [
    ("UNO 1121 CAR-T", ("CAR", "T")),
    ("UNO 1121 PAB-CLA", ("PAB", "CLA")),
    ("UNO DR-P4-PAA-SU-CAR-T-M-DOA", ("CAR", "T")),                 # a variation less one rule
    ("UNO T-CAR-DR-P4-PAA-SU-M-DOA-PRE", ("CAR", "T")),             # the variation's rules in another order
    ("UNO BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA-PRE", ("PAB", "CLA")),    # a variation plus one rule
    ("UNO DR-P4-PAA-SU-CAR-T(card=1)-M-DOA-PRE-BACK", ("M", "BACK")),   # both on the 8
])
def test_variations_only_exact_codes_move_a_card_others_two_rules_on_one_card_refused(text, names):
    with pytest.raises(RuleConflictError) as e:
        RuleSet.parse(text)
    for n in names:
        assert n in str(e.value)
    assert "card" in str(e.value)


def test_rule_code_fu_bu_change_the_deal():
    assert RuleSet.parse("UNO 1121 FU", allow_unimplemented=True).deal == 4
    assert RuleSet.parse("UNO 1121 BU", allow_unimplemented=True).deal == 9
    assert RuleSet.parse("UNO 1121 deal=5").deal == 5
    g = Game.new(players=3, rules="UNO 1121 deal=5", seed=1, dealer=0)
    assert [len(h) for h in g.hands] == [5, 5, 5]
