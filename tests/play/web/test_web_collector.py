"""Issue 24 point 3: the serving process's garbage collector (``serve_collector``, docs/web-load.md "The collector")."""

from __future__ import annotations

import gc
import weakref

import pytest
import uvicorn
from web_support import free_port

from unokit.cli import main
from unokit.play.web.app import SERVE_GC_THRESHOLDS, serve_collector


@pytest.fixture
def restore_gc():
    """Give the test process its collector back as it was."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_issue24_serve_sets_the_collector_before_it_serves(tmp_path, monkeypatch, restore_gc):
    seen = {}

    def run(app, **kwargs):           # instead of serving: what the collector is when uvicorn would start
        seen["threshold"], seen["frozen"] = gc.get_threshold(), gc.get_freeze_count()
        seen["kwargs"] = kwargs

    monkeypatch.setattr(uvicorn, "run", run)
    port = free_port()
    assert main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 't.db'}"]) == 0
    assert seen["threshold"] == SERVE_GC_THRESHOLDS
    assert seen["frozen"] > 1000            # the modules loaded by then are frozen
    assert seen["kwargs"]["port"] == port


def test_issue24_serve_collector_still_collects_cyclic_garbage(restore_gc):
    serve_collector()

    class Node:
        pass

    gone = []
    for _ in range(SERVE_GC_THRESHOLDS[0]):     # cycles that only the collector frees (a few allocations each)
        a, b = Node(), Node()
        a.other, b.other = b, a
        weakref.finalize(a, gone.append, 1)
        del a, b
    assert len(gone) >= SERVE_GC_THRESHOLDS[0] // 2, "the young generation is still collected"
