"""The guide's own advice, checked (issue 26, point 4): the data covers every "Indicado" section of the seed,
each line reference points at the words quoted, every verdict follows from its interval, and the page renders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unokit.core.errors import LabError
from unokit.fast import compiled
from unokit.lab import guide_advice as ga
from unokit.match import parse_match_rules

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / ga.SEED


@pytest.fixture(scope="module")
def seed_lines() -> list[str]:
    if not SEED.is_file():
        pytest.skip(f"the seed {SEED} is not beside the repository")
    return SEED.read_text(encoding="utf-8").splitlines()


def indicated_sections(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Chapter 3's rule sections that have an "Indicado" heading: code -> (first line, last line), 1-based."""
    heads = [(i + 1, m.group(1)) for i, line in enumerate(lines)
             if line.startswith("#") and (m := re.search(r"\[([A-Z0-9]+)\]", line))]
    out = {}
    for k, (start, code) in enumerate(heads):
        end = heads[k + 1][0] - 1 if k + 1 < len(heads) else len(lines)
        if any(re.match(r"#+ \**Indicado", lines[i - 1]) for i in range(start, end + 1)):
            out[code] = (start, end)
    return out


def test_the_data_covers_every_rule_with_an_indicado_section(seed_lines):
    sections = indicated_sections(seed_lines)
    assert len(sections) >= 40 and {"FU", "BU", "MS", "P", "MOV", "ORG"} <= set(sections)
    assert {a.section for a in ga.ADVICE} == set(sections)


def test_each_line_reference_quotes_the_seed_inside_its_rules_section(seed_lines):
    sections = indicated_sections(seed_lines)
    for a in ga.ADVICE:
        start, end = sections[a.section]
        assert start <= a.line <= end, (a.section, a.line)
        assert a.quote in seed_lines[a.line - 1], (a.section, a.line, a.quote)


def test_every_advice_is_checked_or_says_why_bots_cannot_check_it():
    for a in ga.ADVICE:
        assert a.checks or a.unmeasured, a.section
        for c in a.checks:
            assert c.measure in ga.MEASURES and c.direction in ga.DIRECTIONS and c.reads
            parse_match_rules(f"UNO 1121 {c.rules}".strip())
            parse_match_rules(f"UNO 1121 {c.against}".strip())
            family = {"MS": ("MS1", "MS2", "MS3"), "P": ("P1", "P2", "P3", "P4")}.get(a.section, (a.section,))
            assert not c.rules or any(f in c.rules.split("-") for f in family), (a.section, c.rules)


@pytest.mark.parametrize(("direction", "lo", "hi", "base", "kind", "expected"), [
    ("up", 0.1, 0.5, 10, "mean", "agrees"),
    ("up", -0.5, -0.1, 10, "mean", "disagrees"),
    ("up", -0.1, 0.5, 10, "mean", "cannot tell: interval too wide"),
    ("down", -0.02, -0.01, 0.1, "rate", "agrees"),
    ("same", -0.4, 0.4, 10, "mean", "agrees"),            # within 5% of 10
    ("same", 0.6, 0.9, 10, "mean", "disagrees"),
    ("same", -0.02, 0.029, 0.1, "rate", "agrees"),        # within 3 points
    ("same", 0.01, 0.04, 0.1, "rate", "cannot tell: interval too wide"),
    ("not_much_down", -2.4, -1.0, 10, "mean", "agrees"),  # never below -25% of 10
    ("not_much_down", -3.0, -2.6, 10, "mean", "disagrees"),
    ("not_much_down", -2.6, -2.0, 10, "mean", "cannot tell: interval too wide"),
    ("within_much", -2.0, 2.0, 10, "mean", "agrees"),
    ("within_much", 2.6, 3.0, 10, "mean", "disagrees"),
    ("within_much", 2.0, 3.0, 10, "mean", "cannot tell: interval too wide"),
])
def test_verdict_follows_from_the_interval(direction, lo, hi, base, kind, expected):
    assert ga.verdict(direction, lo, hi, base, kind) == expected


def _expected(r: dict) -> str:
    """The verdict stated anew from the row's own numbers."""
    lo, hi, base, d = r["lo"], r["hi"], r["base"], r["direction"]
    if d == "same":
        m = 0.03 if r["kind"] == "rate" else 0.05 * abs(base)
        if r.get("identical") or (-m <= lo and hi <= m):
            return "agrees"
        return "disagrees" if (lo > 0 or hi < 0) and (lo > m or hi < -m) else "cannot tell: interval too wide"
    if d == "not_much_down":
        m = 0.25 * abs(base)
        return "agrees" if lo > -m else "disagrees" if hi < -m else "cannot tell: interval too wide"
    if d == "within_much":
        m = 0.25 * abs(base)
        return "agrees" if -m <= lo and hi <= m else "disagrees" if lo > m or hi < -m else \
            "cannot tell: interval too wide"
    if lo > 0 or hi < 0:
        return "agrees" if (lo > 0) == (d == "up") else "disagrees"
    return "cannot tell: interval too wide"


@needs_compiled
def test_checks_measure_and_the_page_renders_with_small_hands(tmp_path):
    out = tmp_path / "guide-advice.md"
    assert ga.main(["--hands", "200", "--matches", "20", "--jobs", "1", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    result = ga.check_all(hands=200, matches=20, jobs=1)
    rows = [r for row in result["rows"] for r in row["results"]]
    assert len(rows) == sum(len(a.checks) for a in ga.ADVICE)
    for r in rows:
        assert r["verdict"] == _expected(r), r
        assert r["lo"] <= r["diff"] <= r["hi"]
    fu = next(r for r in rows if r["rules"] == "UNO 1121 FU" and r["measure"] == "minutes")
    assert fu["a"]["n"] == 200 and fu["verdict"] == "agrees" and fu["diff"] < 0   # FU's hands: shorter
    mov = next(r for r in rows if r["rules"] == "UNO 1121 MOV")
    assert mov["identical"] and mov["verdict"] == "agrees"                          # nothing changes at 2 seats
    assert ga.render(result).split("## How", 1)[1] == page.split("## How", 1)[1]    # the same seeds, the same page
    for a in ga.ADVICE:
        assert f"| {a.section} | {a.says}" in page
    assert "n=200 each" in page and "not measurable by bots" in page


def test_bad_settings_are_one_line(capsys):
    with pytest.raises(LabError):
        ga.check_all(hands=0)
    assert ga.main(["--hands", "3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("guide_advice: error:") and err.count("\n") == 1


def test_a_rate_is_never_compared_across_table_sizes():
    """Fair shares and very-long-hand thresholds differ with the size: only means are compared across sizes."""
    bad = ga.Advice("FU", 1101, "", "", (ga.Check("FU", "skill", "up", "", players=2, against_players=4),))
    with pytest.raises(LabError, match="one table size"):
        ga.check_all(hands=20, matches=10, advice=(bad,))
