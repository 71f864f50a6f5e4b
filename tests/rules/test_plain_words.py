"""Every rule in plain words (issue 26, point 3; unokit/rules/plain.py): each implemented code, the editions
included, has its English (its own or the catalogue's summary) and its Portuguese, with every parameter's value
put in, every choice's words, and the ambiguity choices in Portuguese."""

from __future__ import annotations

import pytest

from unokit.rules.catalog import CATALOG, IMPLEMENTED, bounds_of
from unokit.rules.plain import AMBIGUITY_PT, CHOICES, PLAIN, plain, values_of
from unokit.rules.ruleset import AMBIGUITY, RuleSet

CODES = sorted(IMPLEMENTED)


def test_every_implemented_code_has_english_and_portuguese_words():
    assert len(CODES) >= 74                       # 67 codes and the 7 editions
    missing = [c for c in CODES if c not in PLAIN]
    assert not missing, f"no plain words for {missing}"
    for code in CODES:
        en, pt = PLAIN[code]
        assert pt.strip(), code
        assert (en or CATALOG[code].summary).strip(), code
        assert plain(code, "en") != plain(code, "pt"), f"{code}: the Portuguese is a copy of the English"


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_plain_words_are_one_or_two_sentences_with_the_values_put_in(code, lang):
    text = plain(code, lang)
    assert "{" not in text and "}" not in text, text
    assert text[:1].isupper() and text.endswith("."), text
    assert 1 <= text.count(". ") + 1 <= 3, text       # one or two sentences (a "..." may stand inside one)
    assert len(text) <= 420, f"{code} ({lang}) is long for a printed sheet: {len(text)} characters"


@pytest.mark.parametrize("code", [c for c in CODES if any(b.kind == "choice" for b in bounds_of(c).values())])
def test_every_choice_has_words_in_both_languages(code):
    for name, bound in bounds_of(code).items():
        if bound.kind != "choice":
            continue
        for value in bound.choices:
            assert (code, name, value) in CHOICES, (code, name, value)
            words = {lang: plain(code, lang, {name: value}) for lang in ("en", "pt")}
            assert all("{" not in w for w in words.values()), words


def test_parameters_values_are_stated():
    rs = RuleSet.parse("UNO 1121 V(seconds=8,penalty=3)-DED(penalty=6)-TV(wins=4)-MS3(event=first-number,number=2)")
    said = {code: plain(code, "en", dict(params)) for code, _, params in rs.rules}
    assert "8 seconds" in said["V"] and "draw 3 cards" in said["V"]
    assert said["DED"].count("draws 6") == 2
    assert "first player to 4 wins" in said["TV"]
    assert "the first 2 has been played" in said["MS3"]
    assert "Depois de um 5" in plain("TRI", "pt", {"card": 5}) and "outro 5" in plain("TRI", "pt", {"card": 5})
    assert values_of("S", {"penalty": 3}) == {"card": 7, "penalty": 3, "word": "não", "rounds": 1}


def test_a_summary_that_says_it_plainly_is_used_as_it_is():
    for code in CODES:
        if PLAIN[code][0] is None:
            summary = CATALOG[code].summary
            assert plain(code, "en").lower().startswith(summary.lower().rstrip(".")), code


def test_ambiguity_choices_have_portuguese():
    for letter, _, options in AMBIGUITY:
        assert set(AMBIGUITY_PT[letter]) == set(options), letter
        assert all(AMBIGUITY_PT[letter][d] != options[d] for d in options)
