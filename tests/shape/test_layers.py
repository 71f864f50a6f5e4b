"""The package's layers are its folders, and every import points down a layer (issue 25, point 6).

Bottom to top: ``core`` (values) < ``rules`` < ``fast`` (the compiled core and its Python glue) <
``engine`` (the hand) < ``match`` < ``bots`` < ``env`` < ``lab`` < ``play`` and ``solitaire`` < ``cli``.
A module may import its own layer and the layers below it. The imports that still point up are listed
in ``UPWARD`` with why; each is a debt of issue 25 (the rules as plug-ins, one action codec, one game
state), and the test fails both for a new one and for a listed one that is gone (the list only
shrinks). ``docs/architecture.md`` draws the same layers.
"""

from __future__ import annotations

from pathlib import Path

# the package's import graph, stated once in test_shape (imports under TYPE_CHECKING left out: they never run)
from test_shape import _imports as imports

PACKAGE = Path(__file__).resolve().parents[2] / "unokit"

LAYERS = {"core": 0, "rules": 1, "fast": 2, "engine": 3, "match": 4, "bots": 5, "env": 6, "lab": 7,
          "play": 8, "solitaire": 8, "cli": 9, "": 9}

#: importer -> imported: the imports that point up today, and why (each to go).
UPWARD = {
    ("unokit.rules.arithmetic", "unokit.engine.referee.state"): "Phase: the hand's phases, DED's among them",
    ("unokit.rules.cut", "unokit.engine.compose"): "a cut composes its group with the engine's Composer",
    ("unokit.bots.rl", "unokit.env.observe"): "the rl bot reads the env's observation encoding",
    ("unokit.env.gym_env", "unokit.lab"): "opponents named as the lab names players (make_player)",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else ""]


def upward_imports() -> set[tuple[str, str]]:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        me = module_name(path)
        for target in imports(path):
            if layer(target) > layer(me):
                found.add((me, target))
    return found


def test_every_import_points_down_a_layer_or_is_a_listed_debt():
    found = upward_imports()
    new = sorted(found - set(UPWARD))
    assert not new, "imports that point up a layer (import from a layer below, or move the module):\n" + \
        "\n".join(f"  {a} -> {b}" for a, b in new)


def test_the_list_of_upward_imports_only_shrinks():
    gone = sorted(set(UPWARD) - upward_imports())
    assert not gone, f"no longer imported upward: remove from UPWARD: {gone}"


def test_every_folder_of_the_package_is_a_known_layer():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders <= set(LAYERS), f"a package folder no layer names: {sorted(folders - set(LAYERS))}"
    assert {k for k in LAYERS if k} - {"cli"} <= folders


def test_the_tests_mirror_the_layers():
    # tests/<layer>/ (and tests/shape/ for the checks of the whole tree, like this one); the helpers they share
    # (conftest, web_support, compiled_support, strategies) stay at tests/
    tests = PACKAGE.parent / "tests"
    assert sorted(p.name for p in tests.glob("test_*.py")) == []
    folders = {p.name for p in tests.iterdir() if p.is_dir() and any(p.rglob("test_*.py"))}
    assert folders <= set(LAYERS) | {"shape"}, sorted(folders - set(LAYERS) - {"shape"})


def test_the_package_root_holds_few_modules():
    # the root is the package's front door (__init__) and the command line; everything else in a layer
    root = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(root) <= 8, root


def test_a_new_upward_import_is_caught(tmp_path):
    # the checker itself: a core module that imported the engine would be reported
    fake = PACKAGE / "core" / "cards.py"
    assert layer("unokit.engine.game") > layer(module_name(fake))
    assert "unokit.core.errors" in imports(fake)


def test_imports_only_the_type_checker_reads_are_left_out():
    # the rules name the engine's Game in their hooks' types only (under TYPE_CHECKING): no upward import
    base = PACKAGE / "rules" / "base.py"
    source = base.read_text(encoding="utf-8")
    assert "if TYPE_CHECKING:\n" in source and "from unokit.engine.game import Game" in source
    assert "unokit.engine.game" not in imports(base)
    assert "unokit.core.actions" in imports(base)   # its imports that run are counted
