"""The load test harness (bench/load_web.py) itself: a tiny run, loopback only, bounded in time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import load_web

pytestmark = pytest.mark.slow


def test_load_web_small_run_measures_latency_and_every_table_replays_from_the_database():
    r = load_web.run(tables=3, clients=6, seconds=4, players=3, think=0.05, quiet=True)
    assert r["clients"] == 6 and not r["client_failures"]
    assert r["applied_actions"] > 0 and r["latency_ms"]["n"] > 0 and r["latency_ms"]["p50"] is not None
    assert r["db_check"] == {"replayed": 3, "failed": 0, "finished_records": r["db_check"]["finished_records"],
                             "problems": []}
    assert r["server_cpu_ms_per_action"] is not None


def test_load_web_refuses_runs_beyond_its_bounds():
    with pytest.raises(SystemExit, match="at most"):
        load_web.run(tables=501, clients=10, seconds=1)
    with pytest.raises(SystemExit, match="at most"):
        load_web.run(tables=1, clients=10, seconds=601)


def test_load_web_positions_reports_the_cost_of_an_action_by_its_place_in_the_hand():
    r = load_web.positions(actions=300)
    assert [row["actions"] for row in r["by_position"]] == ["1-10", "11-50", "51-100", "101-200", "201-300"]
    first = r["by_position"][0]
    assert first["n"] > 0 and first["us_per_action"] > 0 and r["readers"] == 4
