"""Scale-out: run the lab's chunks as Ray tasks, on this machine or on a cluster (``--backend ray``).

:func:`unokit.lab.run_parallel` cuts the work of ``lab``, ``report``, ``duel`` and ``tournament``
into chunk specs (plain dicts) and runs :func:`unokit.lab.run_chunk` on each; with the ``ray``
backend it hands the chunks still to play to :func:`run_chunks_ray`, which submits one Ray task per
chunk and gives each result, as it finishes, to the same ``done(i, result)`` callback as the local
pool (that writes the chunk cache, so ``--resume`` works the same). Results are merged in spec
order, so the numbers are identical to a local run with the same seed.

Ray is optional (``pip install 'unokit[ray]'``) and imported only here, only when asked for.
:func:`connect` joins the cluster at ``address`` (``--ray-address HOST:6379``), else the one
named by ``RAY_ADDRESS``, else starts a local one of its own. Every node must run the same unokit
code: each task returns :func:`unokit.lab.engine_fingerprint` with its result, and a mismatch
stops the run. See docs/scale-out.md.
"""

from __future__ import annotations

import logging
import os
import re
import socket

from ..core.errors import LabError, UnoError

__all__ = ["connect", "run_chunks_ray"]


def _ray():
    try:
        import ray
    except ImportError:
        raise LabError("the ray backend needs Ray: pip install 'unokit[ray]'") from None
    return ray


def connect(address: str | None = None, jobs: int | None = None):
    """Ray, initialised: joined to ``address`` (or ``RAY_ADDRESS``; ``"auto"``: the one ``ray start``
    ran on this machine), else a new local Ray of ``jobs`` CPUs (all by default). A Ray this
    process already initialised is used as it is."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    kw = {"include_dashboard": False, "log_to_driver": False, "ignore_reinit_error": True,
          "logging_level": logging.WARNING}
    where = address or os.environ.get("RAY_ADDRESS")
    _reachable(where)
    try:
        if where:  # an existing cluster brings its own CPUs
            ray.init(address=where, **kw)
        else:
            ray.init(address="local", num_cpus=jobs or None, **kw)  # its own, even beside a running one
    except Exception as e:  # noqa: BLE001 - Ray raises many kinds; the CLI shows one line
        hint = (" (a cluster with token authentication also needs RAY_AUTH_MODE=token and its token here: "
                "RAY_AUTH_TOKEN or ~/.ray/auth_token)") if where else ""
        raise LabError(f"cannot start or join Ray{f' at {where}' if where else ''}: {type(e).__name__}: {e}"
                       f"{hint}") from None
    return ray


def _reachable(where: str | None) -> None:
    """Refuse at once a HOST:PORT nobody listens on (Ray itself retries for minutes)."""
    m = re.fullmatch(r"(?:ray://)?\[?([^\[\]/]+?)\]?:(\d{1,5})", where or "")
    if m:
        try:
            socket.create_connection((m[1], int(m[2])), timeout=5).close()
        except OSError as e:
            raise LabError(f"no Ray cluster answers at {where} ({e}); start one with "
                           "'ray start --head --port=6379'") from None


def _chunk(work, fingerprint, spec: dict) -> tuple[str, dict]:
    return fingerprint(), work(spec)


def run_chunks_ray(todo: list[tuple[int, dict]], done, advance=None, *, work, fingerprint,
                   address: str | None = None, jobs: int | None = None) -> int:
    """Play every ``(i, spec)`` of ``todo`` as a Ray task running ``work(spec)`` (the lab's
    ``run_chunk``); ``done(i, result)`` and ``advance(spec)`` as each one finishes (in any order).
    ``fingerprint()`` names the code a worker runs (the lab's ``engine_fingerprint``): a worker on
    other code stops the run. Returns the CPUs of the cluster."""
    ray = connect(address, jobs)
    task = ray.remote(_chunk)
    mine = fingerprint()
    refs = {task.remote(work, fingerprint, spec): (i, spec) for i, spec in todo}
    pending = list(refs)
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                i, spec = refs[ref]
                try:
                    theirs, res = ray.get(ref)
                except ray.exceptions.RayTaskError as e:  # an UnoError inside a task: its own message
                    if isinstance(getattr(e, "cause", None), UnoError):
                        raise e.cause from None
                    raise
                if theirs != mine:
                    raise LabError(f"a Ray worker runs other unokit code (engine {theirs}, here {mine}): "
                                   "install the same unokit on every node")
                done(i, res)
                if advance is not None:
                    advance(spec)
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise
    return int(ray.cluster_resources().get("CPU", 0)) or (jobs or 1)
