"""The documentation stays in step with the code.

Every catalogue code has its page under docs/rules/ with the right status, the architecture page
covers every code and every hook point, the README keeps its two commands and its status list, and
the examples written in the docs (actions, rule codes, the README's library snippet) still work.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unokit.core.actions import Action
from unokit.core.cards import Card
from unokit.rules.base import HOOKS
from unokit.rules.catalog import CATALOG, IMPLEMENTED
from unokit.rules.ruleset import RuleSet

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RULES = DOCS / "rules"
PAGES = ["architecture.md", "official-rules.md", "notation.md"]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9]+", text))


def inline_code(text: str) -> list[str]:
    """Inline code spans (fenced blocks removed first)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.findall(r"`([^`\n]+)`", text)


# ------------------------------------------------------------------ rule pages
@pytest.mark.parametrize("code", list(CATALOG))
def test_every_catalogue_code_has_a_page(code):
    assert (RULES / f"{code}.md").is_file(), f"docs/rules/{code}.md is missing"


@pytest.mark.parametrize("code", list(CATALOG))
def test_page_names_its_code_and_status(code):
    text = read(RULES / f"{code}.md")
    first = text.splitlines()[0]
    assert first.startswith(f"# {code} "), f"docs/rules/{code}.md must start with '# {code} — name'"
    status = [ln for ln in text.splitlines() if "**Status:**" in ln]
    assert len(status) == 1, f"docs/rules/{code}.md needs exactly one **Status:** line"
    value = status[0].split("**Status:**", 1)[1].strip()
    if code in IMPLEMENTED:
        assert value.startswith("implemented"), f"{code} is implemented; its page says {value!r}"
    else:
        assert value.startswith("not yet implemented"), f"{code} is not implemented; its page says {value!r}"


@pytest.mark.parametrize("code", list(CATALOG))
def test_page_matches_the_catalogue(code):
    """The seed section, the parameters and the tied card the catalogue names appear on the page."""
    info = CATALOG[code]
    text = read(RULES / f"{code}.md")
    if info.origin == "guide":
        heading = info.section.split("§", 1)[1]
        assert heading in text, f"docs/rules/{code}.md should cite the seed section {heading!r}"
        assert "000_29ba263adbf96ee5.txt" in text
    else:
        assert info.section in text, f"docs/rules/{code}.md should name its source {info.section!r}"
    for name in info.params:
        assert f"`{name}`" in text, f"docs/rules/{code}.md should explain the parameter {name!r}"
    if info.card is not None:
        assert "`card`" in text, f"docs/rules/{code}.md should explain the card parameter"
    has_decisions = "## Engine decisions" in text
    assert has_decisions == (code in IMPLEMENTED), (
        f"docs/rules/{code}.md: implemented rules document the engine's decisions, others how they "
        "will plug in")


def test_page_lengths_stay_concise():
    for page in RULES.glob("*.md"):
        n = len(read(page).splitlines())
        assert 8 <= n <= 70, f"{page.name} has {n} lines"


def test_no_stray_rule_pages():
    known = set(CATALOG) | {"ABCD", "variations"}
    stray = sorted(p.stem for p in RULES.glob("*.md") if p.stem not in known)
    assert not stray, f"pages for unknown codes: {stray}"


def test_ambiguity_page():
    text = read(RULES / "ABCD.md")
    assert text.startswith("# ABCD")
    assert "1121" in text
    for letter in "ABCD":
        assert f"| {letter} |" in text, f"ABCD.md should have a row for digit {letter}"


# ------------------------------------------------------------------ architecture
def test_architecture_mentions_every_code():
    present = words(read(DOCS / "architecture.md"))
    missing = [c for c in CATALOG if c not in present]
    assert not missing, f"architecture.md does not mention {missing}"


def test_architecture_names_every_hook_point():
    text = read(DOCS / "architecture.md")
    missing = [h for h in HOOKS if f"`{h}(" not in text]
    assert not missing, f"architecture.md does not describe the hook points {missing}"


def test_architecture_implemented_list_is_current():
    text = read(DOCS / "architecture.md")
    line = next(ln for ln in text.splitlines() if ln.startswith("Implemented now:"))
    listed = set(re.findall(r"\b[A-Z][A-Z0-9]*\b", line.split(":", 1)[1].split("(")[0]))
    assert listed == set(IMPLEMENTED), f"architecture.md lists {sorted(listed)}, code has {sorted(IMPLEMENTED)}"


def test_architecture_names_every_phase():
    from unokit.engine.game import Phase
    text = read(DOCS / "architecture.md")
    missing = [p.name for p in Phase if f"`{p.name}`" not in text]
    assert not missing, f"architecture.md does not describe the phases {missing}"


# ------------------------------------------------------------------ README
def test_readme_quick_start():
    text = read(ROOT / "README.md")
    assert "make run" in text and "make test" in text
    block = text.split("## Quick start", 1)[1].split("```")[1]
    commands = [ln.split("#")[0].strip() for ln in block.strip().splitlines() if ln.split("#")[0].strip()]
    assert commands == ["make run", "make test"]


def test_readme_rules_status_is_current():
    text = read(ROOT / "README.md")
    section = text.split("## Rules status", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"\b(?:[A-Z]+[0-9]?)\b", section.split("house rules are", 1)[1].split(". ")[0]))
    listed -= {"PP", "T", "U", "SE", "SS"} - set(IMPLEMENTED)  # the S sub-options in parentheses
    assert listed == set(IMPLEMENTED), f"README lists {sorted(listed)}, code has {sorted(IMPLEMENTED)}"


def test_readme_library_example_runs():
    text = read(ROOT / "README.md")
    snippets = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert snippets, "README should show library use"
    for code in snippets:
        exec(compile(code, "README.md", "exec"), {"print": lambda *a, **k: None})


# ------------------------------------------------------------------ links and examples
def test_relative_links_resolve():
    files = [ROOT / "README.md"] + [DOCS / p for p in PAGES] + sorted(RULES.glob("*.md"))
    for f in files:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", read(f)):
            if "://" in target:
                continue
            assert (f.parent / target).exists(), f"{f.relative_to(ROOT)} links to missing {target}"


def test_rule_codes_in_docs_parse():
    """Every inline code span that is a whole rule code (`UNO ...`) is one the parser accepts."""
    files = [ROOT / "README.md"] + [DOCS / p for p in PAGES] + sorted(RULES.glob("*.md"))
    seen = 0
    for f in files:
        for span in inline_code(read(f)):
            if re.match(r"(?i)^uno( |$)", span):
                RuleSet.parse(span, allow_unimplemented=True)
                seen += 1
    assert seen >= 5


def test_action_examples_round_trip():
    spans = [s for s in inline_code(read(DOCS / "notation.md")) if re.match(r"^\d+ [a-z]+", s)]
    assert len(spans) >= 15
    for s in spans:
        assert str(Action.parse(s)) == s, s


def test_card_examples_parse():
    text = read(DOCS / "notation.md")
    table = text.split("## Cards", 1)[1].split("## ", 1)[0]
    for row in table.splitlines():
        if row.startswith("| `"):
            for code in re.findall(r"`([^`]+)`", row.split("|")[1]):
                assert Card.parse(code).code == code
