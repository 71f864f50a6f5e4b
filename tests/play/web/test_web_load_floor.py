"""The load harness's floor (``bench/load_web.py --floor``): the same server stack answering each action with
four texts and doing nothing else, to say how far down the server's CPU per action can go (docs/web-load.md)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import load_web

pytestmark = pytest.mark.slow


def test_the_floor_run_answers_actions_and_measures_the_server_cpu_of_each():
    r = load_web.floor(tables=2, seconds=2, size=500)
    assert r["floor"] and r["clients"] == 8 and r["message_bytes"] == 500
    assert r["actions"] > 0 and r["server_cpu_ms_per_action"] is not None and r["server_cpu_ms_per_action"] > 0


def test_the_floor_run_keeps_to_the_harness_bounds():
    with pytest.raises(SystemExit, match="at most"):
        load_web.floor(tables=501, seconds=1)
    with pytest.raises(SystemExit, match="at most"):
        load_web.floor(tables=300, seconds=1, per=4)     # 1,200 clients
