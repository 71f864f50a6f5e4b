"""The web table's load bench through HAProxy in front of several workers on PostgreSQL (issue 29).

It plays the tables of ``bench/load_web.py`` (the same clients, the same tables of four with greedy bots
filling the seats no client takes), but against :class:`unokit.play.web.cluster.LocalCluster`: PostgreSQL,
``--workers`` ``unokit serve --worker`` processes and HAProxy, all on 127.0.0.1. The clients reconnect
as the page does when their connection drops. With ``--kill-every S`` a worker is killed by SIGKILL every
S seconds of the run (the workers in turn) and started again at once under a new name, as a supervisor would.
The next kill does not wait for the restart: a worker still starting is passed over for the next one up, and a
kill is skipped when none is up (``kills_skipped``), so the kills a run makes do not depend on how fast a worker
starts.

Reported (``--json``): actions applied a second, the action latency (p50, p95, p99), the workers' CPU per
action, and for the chaos run:

- **lost**: actions answered ``done`` (stored, docs/protocol.md) that the database does not hold at the end
  (goal 0);
- **duplicated**: a seat's actions in the database beyond those answered ``done``, held, or unanswered when
  the connection dropped (goal 0);
- **tables replayed**: every table rebuilt from its log at the end (goal: all);
- **longest pause**: the longest time a client waited, from its connection dropping to its first state after it
  came back;
- **takeovers** and **refused writes**: workers' lease changes, and writes that the fencing token refused
  (``dropped here`` in the workers' logs: a split that the database stopped).

::

    .venv/bin/python bench/load_cluster.py --workers 1 --tables 50 --clients 200 --seconds 20 --json
    .venv/bin/python bench/load_cluster.py --workers 2 --tables 50 --clients 200 --seconds 20 --json
    .venv/bin/python bench/load_cluster.py --workers 2 --tables 100 --clients 200 --seconds 120 --kill-every 20 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_web import Client, _check_db, _cpu_seconds, _final, _setup  # noqa: E402

from unokit.play.web.cluster import LocalCluster  # noqa: E402

LIMITS = {"workers": 8, "tables": 300, "clients": 600, "seconds": 300}


class ReconnectingClient(Client):
    """A load_web client that comes back, as the page does, when its connection drops (a worker killed). Its
    actions carry an ``id`` (docs/protocol.md), so each one's answer is known: ``done`` (stored), an error
    (refused), a ``held`` notice (a catch waiting on a grace), or none before the connection dropped (unsure)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.done = 0
        self.refused = 0
        self.held = 0
        self.unsure = 0
        self.pauses: list[float] = []
        self.reconnects = 0
        self._next = 0
        self._out: dict[int, float] = {}      # id -> when it was sent, until answered

    async def run(self, ready, go: asyncio.Event):
        first = True
        dropped_at = None
        while True:
            if not first and time.monotonic() >= self.stop > 0:
                return
            try:
                await self._session(ready if first else None, go, dropped_at)
                return
            except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
                if first and not go.is_set():
                    raise
                first = False
                dropped_at = time.monotonic()
                self.reconnects += 1
                await asyncio.sleep(random.uniform(0.2, 0.6))
            finally:
                self.unsure += len(self._out)
                self._out.clear()

    async def _act(self, ws, m) -> float:
        complete = [a for a in m["legal"] if not a.endswith(("+", "?"))] or m["legal"][-1:]
        t = time.perf_counter()
        self._next += 1
        self._out[self._next] = t
        await ws.send(json.dumps({"type": "act", "action": self.rng.choice(complete), "id": self._next}))
        self.actions += 1
        return t

    async def _session(self, ready, go: asyncio.Event, dropped_at: float | None):
        uri = f"ws://{self.url}/ws/{self.code}?token={self.token}"
        async with websockets.connect(uri, max_size=2**20, open_timeout=10) as ws:
            if ready is not None:
                ready()
            await go.wait()
            m = None
            while time.monotonic() < self.stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.0, self.stop - time.monotonic()))
                except TimeoutError:
                    break
                msg = json.loads(raw)
                ref = msg.get("id")
                if ref in self._out:
                    sent = self._out.pop(ref)
                    if msg["type"] == "done":
                        self.done += 1
                        self.lat.append(time.perf_counter() - sent)
                    elif msg["type"] == "error":
                        self.refused += 1
                    else:
                        self.held += 1
                elif msg["type"] == "state":
                    m = msg
                    if dropped_at is not None:
                        self.pauses.append(time.monotonic() - dropped_at)
                        dropped_at = None
                else:
                    continue
                # one action at a time: act on the newest state once the last action is answered
                if m is not None and not self._out and m["status"] == "playing" and m["view"] is not None \
                        and m["legal"] and m["view"]["to_act"] == m["you"]["seat"]:
                    await self._act(ws, m)
                    m = None


def _stored_person_actions(db: str, codes: list[str]) -> Counter:
    from unokit.play.web.store import Store
    st = Store(db)
    out: Counter = Counter()
    for code in codes:
        for e in st.entries(code):
            if e.get("k") == "act" and e.get("by") == "person":
                out[(code, e["player"])] += 1
    st.close()
    return out


def run(workers=2, tables=50, clients=200, seconds=20.0, kill_every: float | None = None, think=0.3,
        quiet=False, direct=False) -> dict:
    if not (1 <= workers <= LIMITS["workers"] and 1 <= tables <= LIMITS["tables"]
            and 1 <= clients <= LIMITS["clients"] and 1 <= seconds <= LIMITS["seconds"]):
        raise SystemExit(f"load_cluster: at most {LIMITS} (workers, tables, clients, seconds), each at least 1")
    if kill_every is not None and not kill_every > 0:
        raise SystemExit(f"load_cluster: --kill-every is a number of seconds above 0, got {kill_every}")
    per = max(1, min(4, clients // tables))
    with LocalCluster(workers, serve_args=("--post-rate", "0")) as cl:
        base = f"127.0.0.1:{cl.worker_ports[0] if direct else cl.port}"   # direct: the first worker, no proxy
        cpu_dead = [0.0]

        def cpu_now() -> float:
            return cpu_dead[0] + sum(_cpu_seconds(p.pid) for p in cl.procs if p is not None and p.poll() is None)

        async def main():
            made = await _setup(base, tables, per, 4, "UNO 1121", think)
            lat: list[float] = []
            cs = [ReconnectingClient(base, code, tok, lat) for code, toks in made for tok in toks]
            seat_of = {}
            for code, toks in made:
                for i, tok in enumerate(toks):
                    seat_of[(code, tok)] = i
            go, connected = asyncio.Event(), asyncio.Event()
            count = [0]

            def ready():
                count[0] += 1
                if count[0] == len(cs):
                    connected.set()
            done = asyncio.ensure_future(asyncio.gather(*(c.run(ready, go) for c in cs), return_exceptions=True))
            await asyncio.wait([done, asyncio.ensure_future(connected.wait())], return_when=asyncio.FIRST_COMPLETED)
            await asyncio.sleep(1.0)
            cpu0, t0 = cpu_now(), time.perf_counter()
            for c in cs:
                c.stop = time.monotonic() + seconds
            go.set()
            kills = [0, 0]                       # made, skipped (every worker down)
            restarts: dict[int, asyncio.Future] = {}

            async def killer():
                """A kill at every ``kill_every`` s of the run, whatever the restarts take: the worker in turn, or
                the next one up when it is still starting; none when no worker is up."""
                loop = asyncio.get_running_loop()
                start, i = loop.time(), 0
                for tick in range(1, math.ceil(seconds / kill_every)):   # none at the run's very end
                    await asyncio.sleep(max(0.0, start + tick * kill_every - loop.time()))
                    up = [j for j in (*range(i, workers), *range(i)) if j not in restarts or restarts[j].done()]
                    if not up:
                        kills[1] += 1
                        continue
                    j = up[0]
                    p = cl.procs[j]
                    if p is not None:
                        cpu_dead[0] += _cpu_seconds(p.pid)
                    cl.kill(j)
                    kills[0] += 1
                    restarts[j] = asyncio.ensure_future(asyncio.to_thread(cl.start_worker, j))
                    i = (j + 1) % workers
            k = asyncio.ensure_future(killer()) if kill_every else None
            results = await done
            if k is not None:
                k.cancel()
            wall, cpu = time.perf_counter() - t0, cpu_now() - cpu0
            await asyncio.gather(*restarts.values())   # every worker back before the end's checks
            infos = await _final(base, [code for code, _ in made])
            return made, cs, seat_of, lat, wall, cpu, infos, kills, [r for r in results if isinstance(r, BaseException)]

        if not quiet:
            print(f"load_cluster: {workers} workers, {tables} tables x {per} clients, {seconds:.0f} s"
                  + (f", a worker killed every {kill_every:.0f} s" if kill_every else "") + " ...", file=sys.stderr)
        made, cs, seat_of, lat, wall, cpu, infos, kills, failures = asyncio.run(main())
        check = _check_db(cl.db, infos)
        codes = [code for code, _ in made]
        stored = _stored_person_actions(cl.db, codes)
        sent: Counter = Counter()
        acked: Counter = Counter()
        unsure: Counter = Counter()
        held: Counter = Counter()
        for c in cs:
            key = (c.code, seat_of[(c.code, c.token)])
            sent[key] += c.actions
            acked[key] += c.done          # answered "done": stored
            unsure[key] += c.unsure
            held[key] += c.held
        # a seat's actions in the database: at least those answered done, at most those not refused
        lost = sum(max(0, acked[k] - stored[k]) for k in sent)
        duplicated = sum(max(0, stored[k] - (acked[k] + unsure[k] + held[k])) for k in stored)
        logs = "".join((cl.root / f"worker{i + 1}.log").read_text(errors="replace") for i in range(workers)
                       if (cl.root / f"worker{i + 1}.log").exists())
        from sqlalchemy import create_engine, text
        eng = create_engine(cl.db)
        with eng.connect() as conn:
            applied = conn.execute(text("select count(*) from uno_entries where entry like '%\"k\":\"act\"%'")).scalar()
            takeovers = conn.execute(text("select coalesce(sum(fence) - count(*), 0) from uno_owners")).scalar()
        eng.dispose()
    lat_ms = sorted(x * 1000 for x in lat)

    def pct(q):
        return round(lat_ms[min(len(lat_ms) - 1, int(q * len(lat_ms)))], 2) if lat_ms else None
    pauses = [p for c in cs for p in c.pauses]
    return {
        "workers": workers, "tables": tables, "clients": len(cs), "seconds": round(wall, 1),
        "kill_every": kill_every, "kills": kills[0], "kills_skipped": kills[1],
        "applied_actions_whole_run": applied, "client_actions": sum(c.actions for c in cs),
        "client_actions_per_s": round(sum(c.actions for c in cs) / wall, 1),
        "latency_ms": {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99),
                       "mean": round(statistics.fmean(lat_ms), 2) if lat_ms else None, "n": len(lat_ms),
                       "over_500ms": sum(x > 500 for x in lat_ms)},
        "workers_cpu_s": round(cpu, 2),
        "workers_cpu_ms_per_client_action": round(1000 * cpu / max(1, sum(c.actions for c in cs)), 3),
        "lost": lost, "duplicated": duplicated, "unsure_sends": sum(unsure.values()),
        "tables_replayed": f"{check['replayed']} of {len(codes)}", "db_check": check,
        "longest_pause_s": round(max(pauses), 2) if pauses else None, "reconnects": sum(c.reconnects for c in cs),
        "takeovers": int(takeovers), "refused_writes": logs.count("dropped here"),
        "client_failures": [f"{type(f).__name__}: {f}" for f in failures[:5]],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--kill-every", type=float, default=None, metavar="S",
                   help="SIGKILL a worker every S seconds (in turn) and start it again")
    p.add_argument("--think", type=float, default=0.3, help="bots' think time (s)")
    p.add_argument("--direct", action="store_true", help="clients connect to the first worker, not through HAProxy")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    out = run(a.workers, a.tables, a.clients, a.seconds, a.kill_every, a.think, direct=a.direct)
    print(json.dumps(out, indent=1) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
