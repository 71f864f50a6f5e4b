"""Load test of the web table: many tables of bots, many WebSocket clients, loopback only.

    .venv/bin/python bench/load_web.py                       # 200 tables, 400 clients, 60 s
    .venv/bin/python bench/load_web.py --tables 200 --clients 800 --seconds 60   # four people a table
    .venv/bin/python bench/load_web.py --tables 20 --seconds 10 --json   # one JSON object on stdout
    .venv/bin/python bench/load_web.py --positions           # in-process: cost by position in the hand
    .venv/bin/python bench/load_web.py --floor --tables 50 --seconds 20   # the transport alone: the floor

It starts ``unokit serve`` in a child process on a free loopback port with a fresh SQLite file,
creates ``--tables`` tables (each: ``--clients / --tables`` seats, up to ``--players``, played by
WebSocket clients of this process, the rest bots, a match played hand after hand), and lets every
client play whatever its state message allows (a random complete legal action, like a random player,
after ``--client-think`` seconds) for ``--seconds``.

Reported: action latency (a client sends an action -> it receives the state that contains it:
p50/p95/p99 over every action), the server's CPU time per applied action (its own process, from
/proc, from when every client is connected), actions per second; then, with the server stopped, every table is rebuilt from the database
(``TableSession.restore``) and checked against what the server said last (status, hands played),
and every finished match record is replayed (``replay_match``). ``--profile FILE`` runs the server
under cProfile and writes its statistics there.

``--positions`` measures, in this process, what the server does for one action at a table of four
connected people (apply it, build the four seats' state messages as the hub does, a patch for a seat whose own
part did not change, each with the log lines its connection does not hold yet, JSON-encode them), in CPU
microseconds by the action's position in its hand (1-10, 11-50, ... 201-300): random players make
long hands, so late positions have long histories.

``--floor`` measures the floor under the server's CPU per action: the same server stack (FastAPI,
uvicorn on uvloop and httptools, no compression) receiving each action and answering it with four texts of
a state message's size, and doing nothing else; ``--floor-size`` sets that size.

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
RETRY_AFTER = 0.1     # (s) a refused client tries again this long after, from its newest state



def _stop(server: subprocess.Popen) -> None:
    """Stop the server as Ctrl-C does (it logs its pause), and kill it if it has not gone in 30 s."""
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_seconds(pid: int) -> float:
    return sum(_cpu_split(pid))      # utime + stime


def _cpu_split(pid: int) -> tuple[float, float]:
    """A process's CPU seconds so far: (user, system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


def _applied(db: str) -> int:
    """Actions applied so far (the log entries of kind act)."""
    from sqlalchemy import create_engine, text
    eng = create_engine(db)
    with eng.connect() as conn:
        n = conn.execute(text("select count(*) from uno_entries where entry like '%\"k\":\"act\"%'")).scalar()
    eng.dispose()
    return n


class Client:
    def __init__(self, url: str, code: str, token: str, lat: list, think: float = 0.0):
        self.url, self.code, self.token, self.lat, self.think = url, code, token, lat, think
        self.stop = 0.0
        self.actions = 0
        self.errors = 0
        self.error_texts: list[str] = []
        self.rng = random.Random(f"{code}/{token}")
        self.pace = _Pace()

    async def run(self, ready, go: asyncio.Event):
        """Connect, say so (``ready``), and play from ``go`` until ``self.stop`` (set before ``go``)."""
        if str(ROOT) not in sys.path:
            sys.path.append(str(ROOT))
        from unokit.play.wire import merge_patch
        uri = f"ws://{self.url}/ws/{self.code}?token={self.token}&patch=1"      # (it merges patches, as a page)
        async with websockets.connect(uri, max_size=2**20, open_timeout=30) as ws:
            ready()
            await go.wait()
            pending = due = m = None        # the action awaited; when a thinking client acts; the last state
            while time.monotonic() < self.stop:
                wait = (self.stop if due is None else min(due, self.stop)) - time.monotonic()
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.0, wait))
                except TimeoutError:
                    if due is None or time.monotonic() >= self.stop:
                        break
                    due = None
                    pending = (m["version"], await self._act(ws, m))   # done thinking: the newest state
                    continue
                msg = json.loads(raw)
                if msg["type"] == "error":
                    # refused (acted on a state already stale, or faster than the server's limit of messages
                    # per connection): try again shortly from the newest state, as a person would, instead of
                    # waiting for a state that no one else will change
                    self.errors += 1
                    self.error_texts.append(str(msg.get("message"))[:120])
                    pending = None
                    if m is not None and _mine(m):
                        due = time.monotonic() + RETRY_AFTER
                    continue
                if msg["type"] == "patch" and m is not None:     # the state less what stayed the seat's own
                    msg = merge_patch(m, msg)
                if msg["type"] != "state":
                    continue
                m = msg
                if pending is not None and m["version"] > pending[0]:
                    self.lat.append(time.perf_counter() - pending[1])
                    pending = None
                mine = _mine(m)
                if pending is None and mine:
                    if self.think:
                        due = due or time.monotonic() + self.rng.uniform(0.5, 1.5) * self.think
                        continue
                    slack = self.pace.wait()        # (never faster than the server lets one connection send)
                    if slack > 0:
                        due = due or time.monotonic() + slack
                        continue
                    pending = (m["version"], await self._act(ws, m))
                elif not mine:
                    due = None

    async def _act(self, ws, m) -> float:
        """Send a random complete legal action of state ``m``; returns when the send began."""
        complete = [a for a in m["legal"] if not a.endswith(("+", "?"))] or m["legal"][-1:]
        t = time.perf_counter()
        self.pace.take()
        await ws.send(json.dumps({"type": "act", "action": self.rng.choice(complete)}))
        self.actions += 1
        return t


class _Pace:
    """The server's limit of messages per connection (``hub.TokenBucket``: 10 a second, 20 at once), kept by
    the client a little under it, so that a client acting at once is never refused for its speed (a refused
    message costs the server work that applies nothing)."""

    RATE, BURST = 9.0, 18.0

    def __init__(self) -> None:
        self.tokens, self.stamp = self.BURST, time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.BURST, self.tokens + (now - self.stamp) * self.RATE)
        self.stamp = now

    def wait(self) -> float:
        """Seconds until a message may be sent (0: now)."""
        self._fill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.RATE

    def take(self) -> None:
        self._fill()
        self.tokens -= 1


def _mine(m: dict) -> bool:
    """Whether state ``m`` asks this client's seat to act."""
    v = m["view"]
    return bool(m["status"] == "playing" and v is not None and m["legal"] and v["to_act"] == m["you"]["seat"])


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
    sys.path.append(str(ROOT))
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


def run(tables=200, clients=400, seconds=60.0, players=4, rules="UNO 1121", think=0.3, quiet=False, *,
        client_think=0.0, profile: str | None = None) -> dict:
    if not (1 <= tables <= LIMITS["tables"] and 1 <= clients <= LIMITS["clients"] and 1 <= seconds <= LIMITS["seconds"]):
        raise SystemExit(f"load_web: at most {LIMITS} (tables, clients, seconds), each at least 1")
    per = max(1, min(players, clients // tables))
    port = _free_port()
    tmp = Path(tempfile.mkdtemp(prefix="unokit-load-"))
    db = f"sqlite:///{tmp / 'load.db'}"
    prof = ["-m", "cProfile", "-o", str(Path(profile).resolve())] if profile else []
    server = subprocess.Popen([sys.executable, *prof, "-m", "unokit.cli", "serve", "--port", str(port), "--db", db,
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

        applied0 = [0]     # actions applied when the run starts, then during it
        sys_share: list[float | None] = [None]     # the share of the server's CPU spent in the kernel

        async def main():
            made = await _setup(base, tables, per, players, rules, think)
            lat: list[float] = []
            cl = [Client(base, code, tok, lat, client_think) for code, toks in made for tok in toks]
            go, connected = asyncio.Event(), asyncio.Event()
            count = [0]

            def ready():            # every client connected: the measured run starts
                count[0] += 1
                if count[0] == len(cl):
                    connected.set()
            runs = asyncio.gather(*(c.run(ready, go) for c in cl), return_exceptions=True)
            done = asyncio.ensure_future(runs)
            await asyncio.wait([done, asyncio.ensure_future(connected.wait())], return_when=asyncio.FIRST_COMPLETED)
            await asyncio.sleep(1.0)           # (the connections' first states are sent)
            applied0[0] = _applied(db)      # (bots may have played meanwhile)
            split0, t0 = _cpu_split(server.pid), time.perf_counter()
            for c in cl:
                c.stop = time.monotonic() + seconds
            go.set()
            results = await done
            split1 = _cpu_split(server.pid)
            wall, cpu = time.perf_counter() - t0, sum(split1) - sum(split0)
            sys_share[0] = (split1[1] - split0[1]) / cpu if cpu else None
            applied0[0] = _applied(db) - applied0[0]      # (bots go on playing: counted until now)
            infos = await _final(base, [code for code, _ in made])
            return cl, lat, wall, cpu, infos, [r for r in results if isinstance(r, BaseException)]

        if not quiet:
            print(f"load_web: {tables} tables x {per} clients, {seconds:.0f} s ...", file=sys.stderr)
        cl, lat, wall, cpu, infos, failures = asyncio.run(main())
    finally:
        _stop(server)
    applied = applied0[0]
    check = _check_db(db, infos)
    lat_ms = sorted(x * 1000 for x in lat)

    def pct(q):
        return round(lat_ms[min(len(lat_ms) - 1, int(q * len(lat_ms)))], 2) if lat_ms else None
    return {
        "tables": tables, "clients": len(cl), "clients_per_table": per, "seconds": round(wall, 1),
        "players": players, "rules": rules, "bot_think": think, "client_think": client_think, "client_actions": sum(c.actions for c in cl), "client_errors": sum(c.errors for c in cl), "error_kinds": dict(__import__("collections").Counter(t for c in cl for t in c.error_texts).most_common(8)),
        "client_failures": [f"{type(f).__name__}: {f}" for f in failures[:5]], "applied_actions": applied,
        "actions_per_s": round(applied / wall, 1),
        "latency_ms": {"p50": pct(0.50), "p95": pct(0.95), "p99": pct(0.99),
                       "mean": round(statistics.fmean(lat_ms), 2) if lat_ms else None, "n": len(lat_ms)},
        "server_cpu_s": round(cpu, 2), "server_cpu_ms_per_action": round(1000 * cpu / applied, 3) if applied else None,
        "server_cpu_system_share": None if sys_share[0] is None else round(sys_share[0], 3),
        "hands_played": sum(i["hands"] for i in infos.values()), "db_check": check,
    }


def _floor_server(port: int, size: int) -> None:
    """The transport alone, served as ``unokit serve`` serves (FastAPI with an HTTP middleware, uvicorn on
    its event loop and HTTP parser, the same WebSocket limits, no compression): each text a connection sends
    is decoded as JSON and answered by sending ``size`` bytes of text to every connection of its table."""
    import uvicorn
    from fastapi import FastAPI, Request, WebSocket

    app = FastAPI()
    tables: dict[str, list] = {}
    payload = "x" * size

    @app.middleware("http")
    async def passthrough(request: Request, call_next):
        return await call_next(request)

    async def ws(websocket: WebSocket, code: str):
        await websocket.accept()
        conns = tables.setdefault(code, [])
        conns.append(websocket)
        try:
            while True:
                json.loads(await websocket.receive_text())
                for c in list(conns):
                    await c.send_text(payload)
        except Exception:  # noqa: BLE001 - the connection went away
            conns.remove(websocket)
    ws.__annotations__ = {"websocket": WebSocket, "code": str}     # (this module's annotations are strings)
    app.websocket("/ws/{code}")(ws)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=False)


def floor(tables: int = 50, seconds: float = 20.0, size: int = 2500, per: int = 4) -> dict:
    """The floor under the server's CPU per action: what receiving one action and sending ``per`` state
    messages of ``size`` bytes costs with nothing else done (no table, no view, no database), in the same
    server stack on the same loopback (:func:`_floor_server`). ``tables`` tables of ``per`` WebSocket
    clients of this process; at each, one client sends an action as soon as it is sent the last answer
    (as clients that act at once do). Server CPU (from /proc) per answered action."""
    if not (1 <= tables <= LIMITS["tables"] and 1 <= tables * per <= LIMITS["clients"] and 1 <= seconds <= LIMITS["seconds"]):
        raise SystemExit(f"load_web: at most {LIMITS} (tables, clients, seconds), each at least 1")
    port = _free_port()
    server = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--floor-server", str(port),
                               "--floor-size", str(size)], cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

        async def main():
            answered, go, stop = [0], asyncio.Event(), [False]
            connected = [0]
            action = json.dumps({"type": "act", "action": "0 draw"})

            async def member(code, i):
                async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{code}", max_size=2**20) as ws:
                    connected[0] += 1
                    await go.wait()
                    if i == 0:
                        await ws.send(action)
                    while not stop[0]:
                        try:
                            await asyncio.wait_for(ws.recv(), 0.5)
                        except TimeoutError:
                            continue
                        if i == 0 and not stop[0]:
                            answered[0] += 1
                            await ws.send(action)
            tasks = [asyncio.create_task(member(f"T{t}", i)) for t in range(tables) for i in range(per)]
            while connected[0] < len(tasks):
                failed = next((t for t in tasks if t.done()), None)
                if failed is not None:        # a client could not connect
                    raise failed.exception() or RuntimeError("a client stopped before the run")
                await asyncio.sleep(0.1)
            go.set()
            await asyncio.sleep(1.0)
            cpu0, n0, t0 = _cpu_seconds(server.pid), answered[0], time.perf_counter()
            await asyncio.sleep(seconds)
            cpu, n, wall = _cpu_seconds(server.pid) - cpu0, answered[0] - n0, time.perf_counter() - t0
            stop[0] = True
            await asyncio.gather(*tasks, return_exceptions=True)
            return cpu, n, wall
        cpu, n, wall = asyncio.run(main())
    finally:
        _stop(server)
    return {"floor": True, "tables": tables, "clients": tables * per, "message_bytes": size, "seconds": round(wall, 1),
            "actions": n, "actions_per_s": round(n / wall, 1), "server_cpu_s": round(cpu, 2),
            "server_cpu_ms_per_action": round(1000 * cpu / n, 3) if n else None}


BUCKETS = ((1, 10), (11, 50), (51, 100), (101, 200), (201, 300))


def positions(rules: str = "UNO 1121", actions: int = 6000, seed: int = 1, readers: int = 4) -> dict:
    """CPU microseconds the server spends on one action at a table of ``readers`` connected people, by the
    action's position in its hand (:data:`BUCKETS`): apply it, build each seat's state message, encode it.

    In this process, without a network or a database: random players (a random complete legal action)
    play a match until ``actions`` actions are done; the hands grow long, and so do their histories."""
    sys.path.append(str(ROOT))
    from unokit.play.session import TableOptions, TableSession
    try:      # as the hub: each connection sent a patch when its own part is unchanged (its own key, ``own``)
        from unokit.play.wire import state_send
    except ImportError:      # an older unokit (before state patches)
        try:      # each connection sent the log lines it does not hold yet (its log mark, ``seen``)
            from unokit.play.wire import state_update
        except ImportError:      # before the log was sent in parts: the whole message each time
            from unokit.play.wire import state_message

            def state_update(s, player, lang, now, seen=None):
                msg = state_message(s, player, lang, now=now)
                return msg, json.dumps(msg, separators=(",", ":"), ensure_ascii=False), None

        def state_send(s, player, lang, now, seen=None, own=None):
            return (*state_update(s, player, lang, now=now, seen=seen), None)
    s = TableSession(TableOptions(seats=readers, match=True, target=10**5, bot_think=0, seed=seed, uno_grace=0,
                                  rules=rules, between_hands=0))
    for i in range(readers):
        s.join(f"P{i}")
    s.start(0.0)
    rng, t, at = random.Random(seed), 0.0, 0
    seen: list = [None] * readers      # each connection's log mark
    own: list = [None] * readers       # and own key
    cost = {b: [0.0, 0, 0] for b in BUCKETS}      # CPU seconds, actions, cards in the acting hand
    clock = time.process_time
    for _ in range(actions):
        if s.status != "playing":
            if s.status == "over":
                break
            t += 1.0
            s.tick(t)
            at = 0
            continue
        p = s.player_at(s.game.to_act)
        choice = rng.choice([a for a in s.legal(p) if not a.more])
        cards, at, t = len(s.game.hands[s.game.to_act]), at + 1, t + 0.01
        t0 = clock()
        s.act(p, choice, t)
        for q in range(readers):      # what the hub sends each seat (unokit.play.web.hub)
            _, _, seen[q], own[q] = state_send(s, q, "en", now=t, seen=seen[q], own=own[q])
        dt = clock() - t0
        for b in BUCKETS:
            if b[0] <= at <= b[1]:
                cost[b][0] += dt
                cost[b][1] += 1
                cost[b][2] += cards
    return {"rules": rules, "readers": readers, "actions": actions,
            "by_position": [{"actions": f"{lo}-{hi}", "n": n, "us_per_action": round(1e6 * c / n, 1) if n else None,
                             "mean_hand": round(k / n, 1) if n else None} for (lo, hi), (c, n, k) in cost.items()]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--clients", type=int, default=400)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rules", default="UNO 1121")
    p.add_argument("--think", type=float, default=0.3, help="bots' think time (s)")
    p.add_argument("--client-think", type=float, default=0.0,
                   help="clients' think time (s, each turn 0.5 to 1.5 times this; default 0: at once)")
    p.add_argument("--profile", metavar="FILE", help="run the server under cProfile, its statistics to FILE")
    p.add_argument("--positions", action="store_true",
                   help="only the in-process cost of an action by its position in the hand (no server)")
    p.add_argument("--actions", type=int, default=6000, help="with --positions: actions played (default 6000)")
    p.add_argument("--floor", action="store_true",
                   help="only the transport's floor: the same server stack answering each action with --players "
                        "texts of --floor-size bytes and nothing else (--tables tables, --seconds)")
    p.add_argument("--floor-size", type=int, default=2500, help="with --floor: bytes of each answer (default 2500)")
    p.add_argument("--floor-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.floor_server:
        _floor_server(a.floor_server, a.floor_size)
        return 0
    if a.floor:
        r = floor(a.tables, a.seconds, a.floor_size, a.players)
        print(json.dumps(r) if a.json else "\n".join(f"{k:28} {v}" for k, v in r.items()))
        return 0
    if a.positions:
        if not 1 <= a.actions <= 10**6:
            raise SystemExit("load_web: --actions is 1 to 1000000")
        r = positions(a.rules, a.actions)
        if a.json:
            print(json.dumps(r))
        else:
            print(f"{r['rules']}, {r['readers']} connected seats: CPU per action (apply + state messages + JSON)")
            for row in r["by_position"]:
                print(f"  actions {row['actions']:>8} of a hand: {row['us_per_action']!s:>7} us  "
                      f"(n={row['n']}, mean hand {row['mean_hand']} cards)")
        return 0
    r = run(a.tables, a.clients, a.seconds, a.players, a.rules, a.think, quiet=a.json, client_think=a.client_think,
            profile=a.profile)
    if a.json:
        print(json.dumps(r))
    else:
        for k, v in r.items():
            print(f"{k:28} {v}")
    return 0 if r["db_check"]["failed"] == 0 and not r["client_failures"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
