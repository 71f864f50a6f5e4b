"""Load test of the web table: many tables of bots, many WebSocket clients, loopback only.

    .venv/bin/python bench/load_web.py                       # 200 tables, 400 clients, 60 s
    .venv/bin/python bench/load_web.py --tables 20 --seconds 10
    .venv/bin/python bench/load_web.py --json                # one JSON object on stdout

It starts ``unokit serve`` in a child process on a free loopback port with a fresh SQLite file,
creates ``--tables`` tables (each: two seats played by WebSocket clients of this process, the rest
bots, a match played hand after hand), and lets every client play whatever its state message
allows (a random complete legal action, like a random player) for ``--seconds``.

Reported: action latency (a client sends an action -> it receives the state that contains it:
p50/p95/p99 over every action), the server's CPU time per applied action (its own process, from
/proc), actions per second; then, with the server stopped, every table is rebuilt from the database
(``TableSession.restore``) and checked against what the server said last (status, hands played),
and every finished match record is replayed (``replay_match``).

Bounded: at most 500 tables, 1000 clients and 600 s; connections only to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
LIMITS = {"tables": 500, "clients": 1000, "seconds": 600}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks      # utime + stime


class Client:
    def __init__(self, url: str, code: str, token: str, stop: float, lat: list):
        self.url, self.code, self.token, self.stop, self.lat = url, code, token, stop, lat
        self.sent: dict[int, float] = {}     # version seen when sending -> send time
        self.actions = 0
        self.errors = 0
        self.rng = random.Random(f"{code}/{token}")

    async def run(self):
        uri = f"ws://{self.url}/ws/{self.code}?token={self.token}"
        async with websockets.connect(uri, max_size=2**20, open_timeout=30) as ws:
            pending = None
            while time.monotonic() < self.stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, self.stop - time.monotonic()))
                except TimeoutError:
                    break
                m = json.loads(raw)
                if m["type"] == "error":
                    self.errors += 1
                    pending = None
                    continue
                if m["type"] != "state":
                    continue
                if pending is not None and m["version"] > pending[0]:
                    self.lat.append(time.perf_counter() - pending[1])
                    pending = None
                v, you = m["view"], m["you"]
                if (pending is None and m["status"] == "playing" and v is not None and m["legal"]
                        and v["to_act"] == you["seat"]):
                    complete = [a for a in m["legal"] if not a.endswith(("+", "?"))] or m["legal"][-1:]
                    pending = (m["version"], time.perf_counter())
                    await ws.send(json.dumps({"type": "act", "action": self.rng.choice(complete)}))
                    self.actions += 1


async def _setup(base: str, tables: int, clients_per_table: int, players: int, rules: str, think: float):
    out = []
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as http:
        for _ in range(tables):
            bots = {str(p): "greedy" for p in range(clients_per_table, players)}
            r = await http.post("/api/tables", json={"rules": rules, "seats": players, "name": "load-0",
                                                     "bots": bots, "bot_think": think, "uno_grace": 0.2,
                                                     "between_hands": 0.5, "fill_bot": "greedy"})
            r.raise_for_status()
            t = r.json()
            tokens = [t["token"]]
            for i in range(1, clients_per_table):
                j = await http.post(f"/api/tables/{t['table']}/join", json={"name": f"load-{i}"})
                j.raise_for_status()
                tokens.append(j.json()["token"])
            (await http.post(f"/api/tables/{t['table']}/start", json={"token": t["token"]})).raise_for_status()
            out.append((t["table"], tokens))
    return out


async def _final(base: str, codes: list[str]) -> dict:
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as http:
        infos = {}
        for c in codes:
            infos[c] = (await http.get(f"/api/tables/{c}")).json()
        return infos


def _check_db(db: str, infos: dict) -> dict:
    sys.path.insert(0, str(ROOT))
    from unokit.match import replay_match
    from unokit.play.session import TableSession
    from unokit.play.web.store import Store
    store = Store(db)
    ok = bad = finished = 0
    problems = []
    for code, info in infos.items():
        row = store.table(code)
        try:
            s = TableSession.restore(json.loads(row.options), store.entries(code))
            assert len(s.results) >= info["hands"], f"{code}: {len(s.results)} hands restored, {info['hands']} seen"
            if row.record:
                finished += 1
                assert replay_match(json.loads(row.record)).scores == s.match.scores
            ok += 1
        except Exception as e:  # noqa: BLE001 - reported, counted
            bad += 1
            problems.append(f"{code}: {type(e).__name__}: {e}")
    store.close()
    return {"replayed": ok, "failed": bad, "finished_records": finished, "problems": problems[:5]}


def run(tables=200, clients=400, seconds=60.0, players=4, rules="UNO 1121", think=0.3, quiet=False) -> dict:
    if not (1 <= tables <= LIMITS["tables"] and 1 <= clients <= LIMITS["clients"] and 1 <= seconds <= LIMITS["seconds"]):
        raise SystemExit(f"load_web: at most {LIMITS} (tables, clients, seconds), each at least 1")
    per = max(1, min(players, clients // tables))
    port = _free_port()
    tmp = Path(tempfile.mkdtemp(prefix="unokit-load-"))
    db = f"sqlite:///{tmp / 'load.db'}"
    server = subprocess.Popen([sys.executable, "-m", "unokit.cli", "serve", "--port", str(port), "--db", db,
                               "--post-rate", "0"],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"127.0.0.1:{port}"
    try:
        server.stdout.readline()                         # the URL line: listening
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://{base}/api/catalog", timeout=2).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

        async def main():
            made = await _setup(base, tables, per, players, rules, think)
            lat: list[float] = []
            cpu0, t0 = _cpu_seconds(server.pid), time.perf_counter()
            stop = time.monotonic() + seconds
            cl = [Client(base, code, tok, stop, lat) for code, toks in made for tok in toks]
            results = await asyncio.gather(*(c.run() for c in cl), return_exceptions=True)
            wall, cpu = time.perf_counter() - t0, _cpu_seconds(server.pid) - cpu0
            infos = await _final(base, [code for code, _ in made])
            return cl, lat, wall, cpu, infos, [r for r in results if isinstance(r, BaseException)]

        if not quiet:
            print(f"load_web: {tables} tables x {per} clients, {seconds:.0f} s ...", file=sys.stderr)
        cl, lat, wall, cpu, infos, failures = asyncio.run(main())
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    from sqlalchemy import create_engine, text
    eng = create_engine(db)
    with eng.connect() as conn:
        applied = conn.execute(text("select count(*) from uno_entries where entry like '%\"k\":\"act\"%'")).scalar()
    eng.dispose()
    check = _check_db(db, infos)
    lat_ms = sorted(x * 1000 for x in lat)

    def pct(q):
        return round(lat_ms[min(len(lat_ms) - 1, int(q * len(lat_ms)))], 2) if lat_ms else None
    return {
        "tables": tables, "clients": len(cl), "seconds": round(wall, 1), "players": players, "rules": rules,
        "bot_think": think, "client_actions": sum(c.actions for c in cl), "client_errors": sum(c.errors for c in cl),
        "client_failures": [f"{type(f).__name__}: {f}" for f in failures[:5]], "applied_actions": applied,
        "actions_per_s": round(applied / wall, 1),
        "latency_ms": {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99),
                       "mean": round(statistics.fmean(lat_ms), 2) if lat_ms else None, "n": len(lat_ms)},
        "server_cpu_s": round(cpu, 2), "server_cpu_ms_per_action": round(1000 * cpu / applied, 3) if applied else None,
        "hands_played": sum(i["hands"] for i in infos.values()), "db_check": check,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--clients", type=int, default=400)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rules", default="UNO 1121")
    p.add_argument("--think", type=float, default=0.3, help="bots' think time (s)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    r = run(a.tables, a.clients, a.seconds, a.players, a.rules, a.think, quiet=a.json)
    if a.json:
        print(json.dumps(r))
    else:
        for k, v in r.items():
            print(f"{k:28} {v}")
    return 0 if r["db_check"]["failed"] == 0 and not r["client_failures"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
