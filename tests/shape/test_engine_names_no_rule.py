"""The engine names no rule (issue 25, point 3): no rule code as a string in unokit/engine, and no import of a
rule's own module (only the plug-in API: ``unokit.rules`` itself, ``ruleset``, ``base``, ``registry``,
``catalog``, and the editions' registry ``unokit.rules.editions``). A rule's behaviour lives in its module and
reaches the referee through the hooks of :class:`unokit.rules.base.HouseRule`.

What the engine still names would be listed in ``DEBTS`` with why, a list that can only shrink; it is empty: the
blank cards' targets, claims and refusals are their registered face traits (``aims=``, ``claims=``, ``problem=``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from unokit.rules.catalog import CATALOG

ENGINE = Path(__file__).resolve().parents[2] / "unokit" / "engine"
API = {"unokit.rules", "unokit.rules.ruleset", "unokit.rules.base", "unokit.rules.registry", "unokit.rules.catalog",
       "unokit.rules.editions"}

#: (engine module, rule code or rule module) -> why it is still named there. DED, SLOWUNO, the wilds and the blanks
#: reach the referee through hooks, public queries and registered face effects and traits: nothing left
DEBTS: dict[tuple[str, str], str] = {}


def _module(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def _docstrings(tree) -> set[int]:
    """ids of the string constants that are docstrings (a rule named in prose is fine)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def named_rules(root: Path = ENGINE) -> set[tuple[str, str]]:
    """(module, rule code or rule module) for every rule the package folder ``root`` (unokit/engine) names."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        me = _module(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        package = ("unokit.engine." + me).rsplit(".", 1)[0] if path.name != "__init__.py" else "unokit.engine." + me
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                    and node.value in CATALOG:
                found.add((me, node.value))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                if target.startswith("unokit.rules") and target not in API:
                    found.add((me, target))
                elif target == "unokit.rules":      # ``from ..rules import blanks``: a rule module by its name
                    found.update((me, f"unokit.rules.{a.name}") for a in node.names
                                 if f"unokit.rules.{a.name}" not in API and a.name[:1].islower()
                                 and (Path(__file__).resolve().parents[2] / "unokit" / "rules" / f"{a.name}.py").exists())
    return found


def test_the_engine_names_no_rule_but_the_listed_debts():
    new = sorted(named_rules() - set(DEBTS))
    assert not new, ("the engine names a rule (give the rule a hook or a public query instead):\n"
                     + "\n".join(f"  unokit/engine/{m.replace('.', '/')}.py: {what}" for m, what in new))


def test_the_list_of_debts_only_shrinks():
    gone = sorted(set(DEBTS) - named_rules())
    assert not gone, f"no longer named by the engine: remove from DEBTS: {gone}"


def test_the_check_sees_a_rule_code_and_a_rule_import_but_not_prose_or_the_api(tmp_path):
    (tmp_path / "referee").mkdir()
    (tmp_path / "referee" / "x.py").write_text('"""Prose may name DR."""\nfrom ...rules.cut import Cut\n'
                                               'from ...rules.base import HouseRule\nA = "DR"\nB = "hello"\n')
    assert named_rules(tmp_path) == {("referee.x", "unokit.rules.cut"), ("referee.x", "DR")}
    (tmp_path / "referee" / "y.py").write_text("from ...rules import blanks, RuleSet, base\n")
    assert ("referee.y", "unokit.rules.blanks") in named_rules(tmp_path)
    assert not {w for m, w in named_rules(tmp_path) if m == "referee.y"} - {"unokit.rules.blanks"}


#: the card faces a rule module owns (its effect, targets and refusals registered with register_face_effect)
RULE_FACES = ("WILD_SWAP", "WILD_SHUFFLE", "WILD_OHANA", "WILD_BLANK")


def test_engine_names_no_rule_owned_card_face_outside_the_card_names():
    """Issue 25 point 3: the Swap/Shuffle/Ohana wilds and the blanks are plug-ins: the referee learns what such a
    card does (its effect, the seats it names, that it may not go out) from what its module registered, so no
    engine module but the narrator's table of card names spells their faces."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "narrate.py":      # the card names, en and pt: every face has one
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in RULE_FACES:
                found.append(f"{_module(path, ENGINE)}:{node.lineno} {node.attr}")
    assert not found, found
