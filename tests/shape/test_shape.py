"""Issue 9, point 4: one home per rule, a small public table API, small modules, no import cycles.

Walks the catalogue: every code has its class under ``unokit/rules/`` (the match rules TV, PR, MOV,
SHUFFLESEATS and ELIMMOST too, in ``unokit/rules/match_rules.py``), its doc page and tests named after
it; rule modules use no private member of the referee; no module is over 1,000 lines; the package's
imports form no cycle.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from unokit.rules.catalog import CATALOG
from unokit.rules.registry import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "unokit"
TESTS = "".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
FAMILY = {"P1": "P", "P2": "P", "P3": "P", "P4": "P", "MS1": "MS", "MS2": "MS", "MS3": "MS"}


@pytest.mark.parametrize("code", sorted(CATALOG))
def test_every_catalogue_code_has_its_class_doc_page_and_tests(code):
    assert (ROOT / "docs" / "rules" / f"{code}.md").is_file(), f"docs/rules/{code}.md is missing"
    names = {code, FAMILY.get(code, code)}
    assert any(re.search(rf"def test_{re.escape(n)}_", TESTS) for n in names), f"no test_{code}_... test"
    cls = REGISTRY.get(code)
    assert cls is not None, f"{code} has no class in unokit/rules/registry.py"
    for k in cls if isinstance(cls, tuple) else (cls,):
        assert k.__module__.startswith("unokit.rules."), k
        assert k.code == code or code in FAMILY or (k.code == "P" and code.startswith("P")), (k, code)


def test_rule_modules_use_no_private_member_of_the_referee():
    private = re.compile(r"\b(game|g|self\.game)\._[a-z][a-z_]*")
    uses = [f"{p.name}:{i}: {line.strip()}" for p in (PKG / "rules").rglob("*.py")
            for i, line in enumerate(p.read_text().splitlines(), 1) if private.search(line)]
    assert uses == []


def test_no_module_over_1000_lines():
    big = {str(p.relative_to(ROOT)): n for p in PKG.rglob("*.py") if (n := len(p.read_text().splitlines())) > 1000}
    assert big == {}


def _imports(path: Path) -> set[str]:
    """The unokit modules ``path`` imports, at the top or inside functions (not those only the type checker
    reads, under ``if TYPE_CHECKING:``: they never run)."""
    mod = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    if path.name == "__init__.py":
        mod = mod[: -len(".__init__")]
        pkg = mod
    out = set()
    tree = ast.parse(path.read_text())
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If) and _is_type_checking(block.test)
                   for stmt in block.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("unokit"):
                for alias in node.names:  # "from . import x" imports the module x
                    full = f"{target}.{alias.name}"
                    out.add(full if (ROOT / Path(*full.split("."))).with_suffix(".py").exists() else target)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("unokit")}
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _graph() -> dict[str, set[str]]:
    graph = {}
    for p in PKG.rglob("*.py"):
        mod = ".".join(p.relative_to(ROOT).with_suffix("").parts)
        if mod.endswith(".__init__"):
            mod = mod[: -len(".__init__")]
        graph[mod] = _imports(p)
    return graph


def test_engine_imports_form_no_cycle():
    """The engine (cards, actions, rules, referee, records, views) imports without cycles, counting imports
    made inside functions too. Package ``__init__`` files that re-export are left out."""
    full = _graph()   # parsed once: every module's imports
    graph = {m: {d for d in deps if d in full} for m, deps in full.items()}
    graph = {m: deps for m, deps in graph.items() if not _is_package(m)}
    cycles = []
    state: dict[str, int] = {}

    def visit(m, stack):
        state[m] = 1
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if _is_package(d):
                continue
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d, stack)
        stack.pop()
        state[m] = 2
    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def _is_package(mod: str) -> bool:
    return (ROOT / Path(*mod.split(".")) / "__init__.py").exists()


def test_no_object_changes_its_class():
    """Issue 25, point 4: the engine behind a hand is chosen explicitly (``Game.engine``), never by assigning
    ``__class__``."""
    found = []
    for p in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            found += [f"{p.relative_to(ROOT)}:{node.lineno}" for t in targets
                      if isinstance(t, ast.Attribute) and t.attr == "__class__"]
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr" and len(node.args) > 1 \
                    and isinstance(node.args[1], ast.Constant) and node.args[1].value == "__class__":
                found.append(f"{p.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
