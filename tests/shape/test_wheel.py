"""The built wheel ships everything unokit reads at run time (issue 25, point 7): the rule pages that
`unokit rules explain` shows (docs/**/*.md, copied in as unokit/docs/ by setup.py), the web table's
static files and the bots' models."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def test_the_wheel_ships_the_docs_the_static_files_and_the_models(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=600)
    wheel = next(tmp_path.glob("unokit-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    docs = {f"unokit/{p.relative_to(ROOT).as_posix()}" for p in (ROOT / "docs").rglob("*.md")}
    assert docs and docs <= names, sorted(docs - names)[:5]
    assert "unokit/docs/rules/DR.md" in names
    static = {f"unokit/play/web/static/{p.name}" for p in (ROOT / "unokit/play/web/static").iterdir()}
    assert static <= names, sorted(static - names)[:5]
    assert any(n.startswith("unokit/bots/models/") and n.endswith(".npz") for n in names)
    assert any(n.startswith("unokit/fast/_ccore") for n in names)

