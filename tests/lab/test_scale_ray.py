"""The Ray backend (unokit.lab.scale, docs/scale-out.md): the same numbers as the local pool, the same
cache and resume, and the CLI's --backend / --ray-address. Starts one local Ray (2 CPUs) for the module."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout

import pytest

import unokit.lab as labmod
from unokit.cli import main
from unokit.lab import LabError, lab, run_parallel
from unokit.lab.tournament import duel, tournament

ray = pytest.importorskip("ray")
# one local Ray for the module: make test runs its tests on one worker (tests/conftest.py: XDIST_GROUPS)
pytestmark = pytest.mark.slow

VARYING = ("jobs", "backend", "seconds", "work", "files")   # how and how fast, not what was measured


def same(a: dict) -> dict:
    return {k: v for k, v in a.items() if k not in VARYING}


@pytest.fixture(scope="module")
def local_ray():
    if ray.is_initialized():
        ray.shutdown()
    # a new local cluster of its own, whatever RAY_ADDRESS or a `ray start` on the machine says
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.fixture
def small_chunks(monkeypatch):  # several chunks per measure, so the merge order matters
    monkeypatch.setattr(labmod, "CHUNK", {"hands": 10, "rotated": 5, "matches": 2})
    monkeypatch.setattr(labmod, "CHUNK_COMPILED", {"hands": 10, "rotated": 5, "matches": 2})


LAB = {"players": [2], "hands": 30, "skill_hands": 20, "measures": ["table", "skill"], "skill": "greedy", "seed": 3,
       "jobs": 2, "progress": False, "plots": False}


def test_duel_and_tournament_on_ray_equal_the_local_run(local_ray):
    here = duel("greedy", "random-play", hands=40, jobs=2, progress=False)
    there = duel("greedy", "random-play", hands=40, jobs=2, progress=False, backend="ray")
    assert there["backend"] == "ray" and here["backend"] == "local"
    assert same(there) == same(here)
    t_here = tournament("greedy,random-play,random", hands=6, jobs=2, progress=False)
    t_there = tournament("greedy,random-play,random", hands=6, jobs=2, progress=False, backend="ray")
    assert same(t_there) == same(t_here) and t_there["backend"] == "ray"


def test_lab_on_ray_equals_the_local_run(local_ray, small_chunks):
    here = lab(["UNO 1121", "UNO 1121 C"], **LAB)
    there = lab(["UNO 1121", "UNO 1121 C"], backend="ray", **LAB)
    assert there["work"]["backend"] == "ray" and there["work"]["run"] == there["work"]["chunks"] == 10
    assert same(there) == same(here)


def test_ray_cache_and_resume(local_ray, small_chunks, tmp_path):
    first = lab(["UNO 1121"], out=tmp_path, backend="ray", **LAB)
    w = first["work"]
    assert w["run"] == w["chunks"] and w["cached"] == 0
    assert len(list((tmp_path / "cache").rglob("*.json"))) == w["chunks"]
    again = lab(["UNO 1121"], out=tmp_path, backend="ray", resume=True, **LAB)
    assert again["work"]["run"] == 0 and again["work"]["cached"] == w["chunks"]
    assert same(again) == same(first)
    local = lab(["UNO 1121"], out=tmp_path, resume=True, **LAB)     # the cache serves either backend
    assert local["work"]["run"] == 0 and same(local) == same(first)


def test_report_on_ray_equals_the_local_run(local_ray, tmp_path):
    from unokit.lab.report import report
    kw = {"hands": 8, "matches": 2, "published_hands": 6, "codes": ["FU", "TV"], "jobs": 2, "progress": False}
    here = report(out=tmp_path / "local", **kw)
    there = report(out=tmp_path / "ray", backend="ray", **kw)
    assert there["main"]["work"]["backend"] == "ray"
    parts = ("main", "social", "published", "editions", "uno_call")
    for part in parts[:-1]:
        assert same(there[part] or {}) == same(here[part] or {}), part
    assert there["uno_call"]["cells"] == here["uno_call"]["cells"]   # played here either way (its --out differs)
    assert {k: v for k, v in there.items() if k not in ("runs", *VARYING, *parts)} == \
        {k: v for k, v in here.items() if k not in ("runs", *VARYING, *parts)}


def test_an_error_inside_a_task_comes_back_as_itself(local_ray):
    bad = {"v": 1, "kind": "nonsense", "rules": "UNO 1121", "lineup": ["random-play"] * 2, "seed": 0, "start": 0,
           "count": 1}
    with pytest.raises(LabError, match="unknown chunk kind 'nonsense'"):
        run_parallel([bad, dict(bad, start=1)], backend="ray", progress=False)


def test_cli_backend_ray(local_ray, capsys):
    assert main(["duel", "greedy", "random-play", "--hands", "20", "--backend", "ray", "--json",
                 "--no-progress"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["backend"] == "ray" and d["games"] == 40
    local = duel("greedy", "random-play", hands=20, progress=False)
    assert same(d) == same(local)


def test_cli_refuses_a_bad_backend_in_one_line(capsys):
    assert main(["duel", "greedy", "random-play", "--backend", "spark"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "invalid choice: 'spark'" in err[0] and err[0].startswith("unokit: error:")
    assert main(["lab", "--hands", "5", "--ray-address", "127.0.0.1:6379"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["unokit: error: --ray-address needs --backend ray"]
    with pytest.raises(LabError, match="unknown backend"):
        duel("greedy", "random-play", hands=2, progress=False, backend="spark")


def test_without_ray_one_line_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)   # import ray -> ImportError
    with pytest.raises(LabError, match=r"pip install 'unokit\[ray\]'"):
        duel("greedy", "random-play", hands=2, progress=False, backend="ray")
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["duel", "greedy", "random-play", "--hands", "2", "--backend", "ray"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "unokit: error: the ray backend needs Ray: pip install 'unokit[ray]'"]


def test_an_address_nobody_answers_is_refused_at_once(monkeypatch, capsys):
    monkeypatch.setattr(ray, "is_initialized", lambda: False)   # as in a fresh process
    assert main(["duel", "greedy", "random-play", "--hands", "2", "--backend", "ray",
                 "--ray-address", "127.0.0.1:1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("unokit: error: no Ray cluster answers at 127.0.0.1:1")
