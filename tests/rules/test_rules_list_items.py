"""`unokit rules list` shows every item of shared/RULES-CATALOG.md, with a code and the seed line.

Issue: "`../shared/RULES-CATALOG.md` items without a code get one in `unokit rules list`, with the seed
line." The house-rule codes are the catalogue's (unokit.rules.catalog); the items without a code of their
own (decks, table parameters, match modes, S sub-options, aliases, the ready-made variations, the bots
and the solitaire) are unokit.rules.options.ITEMS, each keyed by what plays it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unokit import cli
from unokit.bots import BOTS
from unokit.core.decks import DECKS
from unokit.match import MODES
from unokit.rules import CATALOG, GLOBAL_PARAMS, RuleSet
from unokit.rules.catalog import VARIATIONS
from unokit.rules.options import CODE_KINDS, HEADINGS, ITEMS, find

CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "RULES-CATALOG.md"

# Every item of each catalogue section, as the catalogue words it, and the code or key that plays it.
CHECKLIST: dict[str, dict[str, str]] = {
    "Decks": {"classic 108": "--deck classic", "112": "--deck 112", "Ohana 112": "--deck ohana",
              "Italian 112": "--deck italian", "multiple decks": "--decks", "Blank wilds take a rule": "blanks=",
              "one rule on every blank": "blank="},
    "Official rules": {
        "the official rules, all of them": "UNO 1121", "first card: 002's edition turns another": "first=redraw",
        "7 cards each": "deal=", "first to 500": "target=", "each player scores their own hand": "scoring=lowest",
        "winner scores the others' hands": "mode=points", "at 500 the lowest total wins": "mode=lowest",
        "hints to others draw 2": "hint=", "a wrong card noticed: back + 2": "wrong=", "missed UNO: 2": "uno=",
        "Two players": "--players 2", "Partners": "mode=partners", "rotate partners": "mode=rotating-partners",
        "Eight players: two tables": "mode=two-tables", "Elimination (Desafio UNO)": "mode=elimination",
        "the Wild turned first: who names the colour": "chooser=", "001 FAQ: +2 on +2 (P1)": "P1",
        "003: hinting costs 4": "hint=", "003: missed UNO caught until the next turn ends": "SLOWUNO"},
    "The four ambiguities": {"ABCD, default 1121": "ABCD", "table enforcement": "--enforcement table"},
    "House rules": {**{c: c for c in ("TV", "PR", "MS1", "MS2", "MS3", "FL", "FU", "BU", "C", "DR", "DD", "AA", "AB",
                                      "SAT", "CON", "INS", "DED", "GT", "P1", "P2", "P3", "P4", "V", "PAA", "I",
                                      "CHU", "BA", "REV", "S", "CAR", "T", "M", "E", "IE", "DOA", "PAB", "DAD", "TRI",
                                      "BACK", "CLA", "MOV", "DP", "MEM", "PRE", "ORG")},
                    "S + PP": "SPP", "S + T": "ST", "S + U": "SU", "S + SE": "SSE", "S + SS": "SSS", "MS": "MS",
                    "TV variant: start with x and lose one per loss": "tv_countdown"},
    "Ready-made variations": {code: code for code in VARIATIONS},
    "Other rules and editions named by the seeds": {
        "004 stacking (progressive)": "PROG", "Seven-O": "SEVENO", "Jump-In": "JUMPIN",
        "2-player Reverse = Skip": "--players 2", "drawn card playable at once": "UNO 1121",
        "0 passes hands left": "ZEROLEFT", "penalty 2 for any mistake": "MISTAKE",
        "several identical cards at once": "DD(actions=alone)", "cumulative +2/+4": "P4(color=match)",
        "Anticipo": "ANTICIPO", "white card": "blanks=bianca", "Cambio mazzo": "blanks=nextswap", "draw at will": "blanks=drawn", "Add it up": "ADDUP", "Boost": "--deck boost",
        "UNO Flip": "FLIP", "All Wild": "ALLWILD", "Flex": "FLEX", "No Mercy": "NOMERCY", "Flash": "FLASH",
        "Extreme": "EXTREME", "Spin": "SPIN", "Stacko": "STACKO", "Ohana card": "--deck ohana",
        "Wild Shuffle Hands": "--deck italian", "Wild Swap Hands": "--deck 112"},
    "Strategies the guide describes": {"the strategies, material for bots": "--bots strategist"},
    "Paciência UNO": {"the solitaire": "unokit solitaire"},
}


def listed(capsys, *flags) -> str:
    assert cli.main(["rules", "list", *flags]) == 0
    return capsys.readouterr().out


def rows(out: str) -> dict[str, str]:
    """Key or code -> its row, from both tables of the listing."""
    out_rows = {}
    for line in out.splitlines():
        m = re.match(r"^(\S+(?: \S+)*?)\s{2,}(yes|no)\s{2,}", line)
        if m:
            out_rows.setdefault(m.group(1), line)
    return out_rows


def test_catalogue_items_without_a_code_appear_in_rules_list_with_their_seed_line(capsys):
    out = listed(capsys)
    lines, table = out.splitlines(), rows(out)
    for i in ITEMS:   # (a key may play two items: 'UNO 1121')
        assert any(ln.startswith(i.key + " ") and ln.endswith(f"[{i.section}]") and i.name in ln for ln in lines), \
            f"{i.key} ({i.name}) is not listed with its seed line"
    for code, info in CATALOG.items():   # the codes show their seed line too
        assert table[code].endswith(f"[{info.section}]"), code


@pytest.mark.parametrize("heading", list(CHECKLIST))
def test_every_catalogue_section_s_items_appear_in_rules_list(capsys, heading):
    table = rows(listed(capsys))
    assert heading in HEADINGS
    for what, key in CHECKLIST[heading].items():
        assert key in table, f"{heading}: {what!r} ({key}) is not in 'unokit rules list'"
        assert key in CATALOG or find(key), key
    # each section's items without a code are listed under it
    assert {i.key for i in ITEMS if i.heading == heading} <= set(CHECKLIST[heading].values())


def test_the_keys_name_what_really_plays_each_item():
    for i in ITEMS:
        k = i.key
        if i.how in CODE_KINDS:
            RuleSet.parse(k if k.startswith("UNO") else f"UNO 1121 {k}")   # the parser reads it
        elif i.how == "table parameter":
            name, _, value = k.partition("=")
            assert name in GLOBAL_PARAMS, k
            if value:
                assert RuleSet.parse(f"UNO 1121 {k}").param(name) == value
        elif i.how == "deck":
            assert k.split()[1] in DECKS, k
        elif i.how == "match mode":
            assert k.partition("=")[2] in MODES, k
        elif i.how == "bot":
            assert k.split()[1] in BOTS, k
        elif i.how == "command":
            assert k.startswith("unokit ") and cli.build_parser().parse_args(k.split()[1:]).command == k.split()[1]
        else:
            assert i.how in ("option", "match option", "edition", "ambiguity digits"), (k, i.how)
        assert i.section and re.match(r"^00[0-4]", i.section), (k, i.section)
    # the only item the engine does not play
    assert [i.key for i in ITEMS if not i.implemented] == ["STACKO"]
    assert {i.key for i in ITEMS if i.how == "variation"} == set(VARIATIONS)


def test_rules_list_implemented_leaves_the_unplayed_item_out(capsys):
    out = listed(capsys, "--implemented")
    assert "STACKO" not in rows(out) and "--deck ohana" in rows(out)
    assert out.splitlines()[-1].startswith(f"{len(CATALOG)} of {len(CATALOG)} rules implemented; ")
    assert "(not implemented: STACKO)" in out.splitlines()[-1]


def test_rules_explain_answers_for_an_item_without_a_code(capsys):
    for key in ("deck ohana", "first=redraw", "mode=partners", "STACKO", "blank", "tv_countdown"):
        assert cli.main(["rules", "explain", *key.split()]) == 0, key
        out = capsys.readouterr().out
        item = find(key)[0]
        assert out.startswith(f"{item.key} - {item.name}") and f"section: {item.section}" in out, key
    assert cli.main(["rules", "explain", "STACKO"]) == 0 and "not implemented" in capsys.readouterr().out


@pytest.mark.skipif(not CATALOGUE.is_file(), reason="shared/RULES-CATALOG.md is not beside the checkout")
def test_the_checklist_follows_the_catalogue_file():
    text = CATALOGUE.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    for h in HEADINGS:
        assert any(x.startswith(h) for x in headings), h
    # every code of the house-rule table is a catalogue code (S, MS and P1-P4 as the table groups them)
    table = text.split("## House rules", 1)[1].split("\n## ", 1)[0]
    for first in re.findall(r"^\| ([^|]+?) \|", table, flags=re.M)[2:]:
        for code in re.findall(r"\b[A-Z][A-Z0-9]*\b", first.split("(")[0]):
            assert code in CATALOG or code in ("MS", "P"), code
