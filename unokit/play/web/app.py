"""The web table's HTTP and WebSocket endpoints (documented in docs/protocol.md).

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite://")) as client:
...     r = client.post("/api/tables", json={"rules": "UNO 1121 DR-P4-SU", "seats": 3, "name": "Ana"})
...     r.status_code, sorted(r.json())
(200, ['seat', 'table', 'token', 'url'])
"""

from __future__ import annotations

import asyncio
import gc
import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import NoReturn

from fastapi import (
    FastAPI,
    HTTPException,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from ...core.actions import Say
from ...core.errors import UnoError
from ...match import MAX_TABLE_DECKS, SEATS_PER_DECK
from ...rules import RuleSet
from ..fairness import verify_hand
from ..session import CHAT_MAX, TableError, TableOptions, TableSession, clean_chat
from ..wire import action_json, catalog_message, state_message
from .advice import mount_advice
from .hub import Conn, Hub, Runtime, TableMoved, TokenBucket
from .learn import mount_learn
from .sheet import register as mount_sheet
from .solitaire import mount_solitaire
from .store import Store

try:                 # a client's message read by orjson (a declared dependency; the standard library otherwise)
    from orjson import loads as _loads
except ImportError:  # pragma: no cover
    _loads = json.loads  # type: ignore[assignment]

__all__ = ["create_app", "MAX_MESSAGE", "MAX_BODY"]

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096        # bytes of one WebSocket message
MAX_BODY = 16384          # bytes of one HTTP request body
POST_RATE, POST_BURST = 2.0, 120.0   # POST requests per second and burst, per client address
_TYPES = ("act", "expand", "chat", "hello", "ping", "back")
REMOVED = "you were removed from this table: you can watch"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateTable(_Strict):
    rules: str = Field("UNO 1121", max_length=400)
    seats: int = Field(4, ge=2, le=SEATS_PER_DECK * MAX_TABLE_DECKS)    # 10 a deck: TableOptions checks
    name: str = Field(..., max_length=200)
    bots: dict[str, str] = Field(default_factory=dict, max_length=SEATS_PER_DECK * MAX_TABLE_DECKS)
    match: bool = True
    mode: str | None = Field(None, max_length=40)
    target: int | None = Field(None, ge=1, le=100_000)
    fill_bot: str = Field("strategist", max_length=40)
    turn_timer: float | None = None
    uno_grace: float = 2.0
    bot_think: float = 1.0
    away_delay: float = 20.0
    between_hands: float = 6.0
    deck: str = Field("classic", max_length=40)
    decks: int = Field(1, ge=1, le=MAX_TABLE_DECKS)
    blanks: str = Field("", max_length=400)      # the rule on each blank card: swap/drawn/r7 (TableOptions checks)
    seed: int | None = None


class Join(_Strict):
    name: str = Field(..., max_length=200)


class Start(_Strict):
    token: str = Field(..., max_length=200)


class SetSeat(_Strict):
    token: str = Field(..., max_length=200)
    seat: int = Field(..., ge=0, le=SEATS_PER_DECK * MAX_TABLE_DECKS - 1)
    bot: str | None = Field(None, max_length=40)


class StandIn(_Strict):
    token: str = Field(..., max_length=200)
    player: int = Field(..., ge=0, le=SEATS_PER_DECK * MAX_TABLE_DECKS - 1)
    on: bool


class Remove(_Strict):
    token: str = Field(..., max_length=200)
    player: int = Field(..., ge=0, le=SEATS_PER_DECK * MAX_TABLE_DECKS - 1)


class CheckRules(_Strict):
    rules: str = Field(..., max_length=400)


def _bad(message: str, status: int = 400) -> NoReturn:
    """Answer the request with ``status`` and ``message``."""
    raise HTTPException(status_code=status, detail=message)


#: the serving process's cyclic garbage collector thresholds (:func:`serve_collector`): a young generation of
#: 20,000 container allocations instead of Python's 700; docs/web-load.md, "The collector"
SERVE_GC_THRESHOLDS = (20_000, 20, 20)


def serve_collector() -> None:
    """Set the cyclic garbage collector for a serving process (``unokit serve``), before it serves: what is
    loaded by then (modules, the rule catalogue) is collected once and frozen (:func:`gc.freeze`: never
    scanned again), and a collection of the young generation waits for :data:`SERVE_GC_THRESHOLDS` allocations.
    With Python's defaults a young collection came every 25-30 actions and a full one rescanned every table's
    state: 0.06-0.07 ms of the server's CPU an action (docs/web-load.md). Only when cyclic garbage is
    collected changes, never what a table does."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVE_GC_THRESHOLDS)


def create_app(db: str = "sqlite:///unokit-tables.db", *, post_rate: float = POST_RATE,
               clock=None, worker: str | None = None, lease: float = 6.0) -> FastAPI:
    """The web table app on the database ``db`` (any SQLAlchemy URL); ``post_rate``: POST requests a
    second allowed per client address (bursts of ``POST_BURST``; 0: no limit); ``clock``: the wall clock
    the tables' time is read from (default :func:`time.time`; tests move one on to stand for an outage);
    ``worker``: this process's name among several sharing ``db`` behind a proxy (``lease``: seconds a table's
    lease lasts; see :mod:`unokit.play.web.hub`)."""
    store = Store(db)
    hub = Hub(store, worker=worker, lease=lease) if clock is None else Hub(store, clock=clock, worker=worker,
                                                                            lease=lease)

    @asynccontextmanager
    async def lifespan(app):
        await hub.resume_all()
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="unokit web table", lifespan=lifespan,
                  description="Play UNO with house rules, with friends and bots. See docs/protocol.md.")
    app.state.hub = hub

    buckets: dict[str, TokenBucket] = {}

    @app.middleware("http")
    async def limit_body(request: Request, call_next):
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
            return JSONResponse({"detail": f"request body over {MAX_BODY} bytes"}, status_code=413)
        if request.method == "POST" and post_rate > 0:    # creating and joining tables: per address
            who = request.client.host if request.client else "?"
            if len(buckets) > 10_000:
                buckets.clear()
            bucket = buckets.setdefault(who, TokenBucket(tokens=POST_BURST))
            if not bucket.allow(rate=post_rate, burst=POST_BURST):
                return JSONResponse({"detail": "too many requests: slow down"}, status_code=429)
        return await call_next(request)

    @app.exception_handler(RequestValidationError)
    async def one_line(request: Request, exc: RequestValidationError):
        errs = exc.errors()
        first = errs[0] if errs else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "request"
        return JSONResponse({"detail": f"{where}: {first.get('msg', 'invalid')}"}, status_code=400)

    async def table_or_404(code: str) -> Runtime:
        try:
            rt = await hub.get(code)
        except TableError as e:   # a stored table whose log does not replay
            _bad(str(e), 500)
        if rt is None:
            _bad(f"there is no table {code[:12]!r}", 404)
        return rt

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str):
        return FileResponse(STATIC / "table.html")

    @app.get("/verify/{code}", include_in_schema=False)
    async def verify_page(code: str):
        return FileResponse(STATIC / "verify.html")

    @app.get("/replay/{code}", include_in_schema=False)
    async def replay_page(code: str):
        return FileResponse(STATIC / "replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    mount_solitaire(app)   # the guide's UNO solitaire: /solitaire and /api/solitaire
    mount_learn(app)       # learn to play (docs/learn.md): /learn and /api/learn
    mount_sheet(app)       # the printable house-rules sheet (docs/sheet.md): /sheet
    mount_advice(app)      # the rule advisor (docs/lab/advise.md): /api/advise

    # ------------------------------------------------------------------ API
    @app.get("/api/catalog")
    async def catalog():
        return catalog_message()

    @app.post("/api/rules/check")
    async def check_rules(body: CheckRules):
        try:
            rs = RuleSet.parse(body.rules)
        except UnoError as e:
            return {"ok": False, "message": str(e)}
        return {"ok": True, "code": rs.code}

    @app.post("/api/tables")
    async def create_table(body: CreateTable):
        d = body.model_dump()
        name = d.pop("name")
        try:
            options = TableOptions.from_dict(d)
            rt, player, token = await hub.create(options, name)
        except UnoError as e:
            _bad(str(e))
        return {"table": rt.code, "seat": player, "token": token, "url": f"/t/{rt.code}#token={token}"}

    @app.get("/api/tables/{code}")
    async def table_info(code: str):
        rt = await table_or_404(code)
        s = rt.session
        return {"table": rt.code, "status": s.status, "rules": s.options.rules, "options": s.options.to_dict()
                | {"seed": None},
                "seats": [{"player": p, "name": st.name, "kind": st.kind, "bot": st.bot, "standin": st.standin,
                           "removed": st.removed} for p, st in enumerate(s.seats)],
                "free": sum(st.kind is None for st in s.seats), "hands": len(s.results)}

    @app.post("/api/tables/{code}/join")
    async def join(code: str, body: Join):
        rt = await table_or_404(code)
        try:
            player, token = await hub.join(rt, body.name)
        except UnoError as e:
            _bad(str(e), 409)
        return {"seat": player, "token": token, "url": f"/t/{rt.code}#token={token}"}

    async def host_of(rt: Runtime, token: str) -> int:
        who = await hub.who(rt, token)
        if who is None:
            _bad("that token is not a seat at this table", 403)
        if not who[1]:
            _bad("only the person who created the table can do that", 403)
        return who[0]

    @app.post("/api/tables/{code}/seat")
    async def set_seat(code: str, body: SetSeat):
        rt = await table_or_404(code)
        await host_of(rt, body.token)
        try:
            await hub.change(rt, lambda s, now: s.set_bot(body.seat, body.bot, now))
        except UnoError as e:
            _bad(str(e), 409)
        return {"ok": True}

    def no_seat(rt: Runtime, player: int) -> None:
        if player >= rt.session.n:
            _bad(f"there is no seat {player} at a table of {rt.session.n} (seats 0 to {rt.session.n - 1})")

    @app.post("/api/tables/{code}/standin")
    async def stand_in(code: str, body: StandIn):
        """The host hands an away person's seat to the stand-in bot (``on``) or gives it back; a person
        may take their own seat back."""
        rt = await table_or_404(code)
        no_seat(rt, body.player)
        who = await hub.who(rt, body.token)
        if who is None:
            _bad("that token is not a seat at this table", 403)
        if not who[1] and (body.on or body.player != who[0]):
            _bad("only the person who created the table can hand a seat to a bot "
                 "(you may take your own seat back)", 403)
        try:
            await hub.change(rt, lambda s, now: s.set_standin(body.player, body.on, now))
        except UnoError as e:
            _bad(str(e), 409)
        return {"ok": True}

    @app.post("/api/tables/{code}/remove")
    async def remove(code: str, body: Remove):
        """Between hands, the host removes a person: a bot plays the seat, their token only watches."""
        rt = await table_or_404(code)
        no_seat(rt, body.player)
        if await host_of(rt, body.token) == body.player:
            _bad("you created this table: you cannot remove yourself", 409)
        gone = []

        def take_off(s, now):
            s.remove(body.player, now)
            for c in list(rt.conns):       # their connections watch from now on
                if c.player == body.player:
                    c.player, c.host = None, False
                    gone.append(c)
        try:
            await hub.change(rt, take_off)
        except UnoError as e:
            _bad(str(e), 409)
        for c in gone:
            try:
                await c.send({"type": "notice", "message": REMOVED})
            except Exception:  # noqa: BLE001 - a connection that went away
                pass
        return {"ok": True}

    @app.post("/api/tables/{code}/start")
    async def start(code: str, body: Start):
        rt = await table_or_404(code)
        await host_of(rt, body.token)
        try:
            await hub.change(rt, lambda s, now: s.start(now))
        except UnoError as e:
            _bad(str(e), 409)
        return {"ok": True, "status": rt.session.status}

    @app.get("/api/games")
    async def games():
        rows = await _to_thread(store.finished)
        return {"games": [{"table": r.code, "finished": r.updated, "rules": json.loads(r.options).get("rules")}
                          for r in rows]}

    @app.get("/api/tables/{code}/record")
    async def record(code: str):
        rt = await table_or_404(code)
        if rt.session.status != "over":
            _bad("the record (with the deck order) is published when the game is over", 409)
        return rt.session.record()

    @app.get("/api/tables/{code}/verify")
    async def verify_deal(code: str, hand: int = Query(..., ge=1, le=100_000)):
        """Check a finished hand's deal against the commitment shown when it was dealt (unokit.play.fairness)."""
        rt = await table_or_404(code)
        s = rt.session
        if hand > s.hand_no:
            _bad(f"there is no hand {hand} yet (hands 1 to {s.hand_no})", 404)
        rec = s.hand_record(hand)
        if rec is None:
            _bad(f"hand {hand} is still being played: its deal is revealed when it is over", 409)
        if "fair" not in rec:
            _bad(f"hand {hand} was dealt before deals were committed: there is nothing to check", 409)
        verdict = await _to_thread(verify_hand, rec)
        return {"table": rt.code, "hand": hand, "ok": verdict.ok, "reason": verdict.reason,
                "commitment": rec["fair"]["commitment"], "salt": rec["fair"]["salt"], "seed": rec["seed"],
                "dealt": rec["fair"]["dealt"], "deal": rec["chance"][:rec["fair"]["dealt"]],
                "players": rec["players"], "rules": rec["rules"], "seed_chosen": not s.options.seed_drawn}

    @app.get("/api/tables/{code}/replay")
    async def replay_steps(code: str):
        rt = await table_or_404(code)
        if rt.session.status != "over":
            _bad("a game can be replayed once it is over", 409)
        steps = [i for i, e in enumerate(rt.session.log) if e["k"] in ("act", "deal", "start")]
        return {"table": rt.code, "steps": len(steps), "rules": rt.session.options.rules}

    @app.get("/api/tables/{code}/replay/{step}")
    async def replay_frame(code: str, step: int, lang: str = "en"):
        rt = await table_or_404(code)
        if rt.session.status != "over":
            _bad("a game can be replayed once it is over", 409)
        log = rt.session.log
        marks = [i for i, e in enumerate(log) if e["k"] in ("act", "deal", "start")]
        if not 0 <= step < max(1, len(marks)):
            _bad(f"step must be from 0 to {len(marks) - 1}")
        upto = marks[step] + 1 if marks else len(log)
        s = await _to_thread(TableSession.restore, rt.session.options, log[:upto])
        msg = state_message(s, None, lang)
        msg["type"] = "replay"
        msg["step"], msg["steps"] = step, len(marks)
        msg["hands"] = ([[c.code for c in s.game.view(seat).hand] for seat in range(s.game.n)]
                        if s.game is not None else [])
        return msg

    # ------------------------------------------------------------------ WebSocket
    @app.websocket("/ws/{code}")
    async def ws(websocket: WebSocket, code: str):
        await websocket.accept()
        try:
            rt = await hub.get(code, confirm=True)
        except TableError:
            rt = None
        if rt is None:
            await websocket.send_json({"type": "error", "message": f"there is no table {code[:12]!r}"})
            await websocket.close(code=4404)
            return
        token = websocket.query_params.get("token")
        player, host = None, False
        if token is not None:
            who = await hub.who(rt, token)
            if who is None:
                await websocket.send_json({"type": "error", "message": "that token is not a seat at this table"})
                await websocket.close(code=4403)
                return
            player, host = who
        removed = player is not None and rt.session.seats[player].removed
        if removed:            # the host removed this person: the token only watches
            player, host = None, False
        lang = websocket.query_params.get("lang", "en")
        conn = Conn(send=websocket.send_json, send_text=websocket.send_text, player=player,
                    lang=lang if lang in ("en", "pt") else "en", host=host, close=lambda code: websocket.close(code=code),
                    patches=websocket.query_params.get("patch") == "1")     # (it merges state patches: protocol.md)
        try:
            await hub.connect(rt, conn)
        except TableMoved:      # another worker took the table meanwhile: the page reconnects to it
            await websocket.close(code=1012)
            return
        if removed:
            await websocket.send_json({"type": "notice", "message": REMOVED})
        strikes = 0
        try:
            while True:
                text = await websocket.receive_text()
                reply = await handle(rt, conn, text)
                if reply is not None:
                    await websocket.send_json(reply)
                    if reply.get("type") == "error":
                        strikes += 1
                        if strikes > 50:
                            await websocket.close(code=4429)
                            break
        except WebSocketDisconnect:
            pass
        except RuntimeError:   # pragma: no cover - sent on a closed socket
            pass
        finally:
            await hub.disconnect(rt, conn)

    async def handle(rt: Runtime, conn: Conn, text: str) -> dict | None:
        """One client message: validated (size, rate, schema), then done; any refusal is an error reply."""
        if len(text) > MAX_MESSAGE // 4 and len(text.encode()) > MAX_MESSAGE:     # (4 bytes a character at most)
            return _error(f"a message is at most {MAX_MESSAGE} bytes")
        if not conn.allow():
            return _error("too many messages: slow down")
        try:
            msg = _loads(text)
        except ValueError:
            return _error("a message is a JSON object such as {\"type\": \"act\", \"action\": \"0 play R7\"}")
        if not isinstance(msg, dict) or msg.get("type") not in _TYPES:
            return _error(f"a message is an object whose type is one of {', '.join(_TYPES)}")
        kind = msg["type"]
        extra = msg.keys() - _FIELDS[kind]
        if extra:
            return _error(f"unknown field(s) in {kind}: {', '.join(sorted(map(str, extra)))[:100]}")
        if kind == "ping":
            return {"type": "pong"}
        try:
            if kind == "hello":
                hub.set_lang(conn, msg.get("lang"))
                await hub.send_state(rt, conn)
                return None
            if conn.player is None:
                return _error("spectators watch: join the table to play")
            if kind == "back":      # take your seat back from the stand-in bot the host let play
                await hub.change(rt, lambda s, now: s.set_standin(conn.player, False, now))
                return None
            if kind == "chat":
                body = msg.get("text")
                if not isinstance(body, str) or len(body) > CHAT_MAX * 2:
                    return _error(f"a chat message is text of at most {CHAT_MAX} characters")
                await hub.change(rt, lambda s, now: _chat(s, conn.player, body, now))
                return None
            action = msg.get("action")
            if not isinstance(action, str):
                return _error("action must be text in the notation of docs/notation.md, e.g. '0 play R7'")
            if kind == "expand":
                opts = rt.session.expand(conn.player, action)
                return {"type": "options", "stem": action, "options": [str(a) for a in opts],
                        "actions": [action_json(a) for a in opts]}
            ref = msg.get("id")
            if ref is not None and (type(ref) is not int or not 0 <= ref < 2**53):
                return _error("id: a whole number from 0 to 2^53 - 1 that the answer repeats")
            try:
                out = await hub.change(rt, lambda s, now: s.act(conn.player, action, now))
            except UnoError as e:
                return {**_error(str(e)), **({} if ref is None else {"id": ref})}
            if out.status == "held":
                return {"type": "notice", "message": out.message, **({} if ref is None else {"id": ref})}
            return None if ref is None else {"type": "done", "id": ref}    # stored, and its state sent before
        except UnoError as e:
            return _error(str(e))

    return app


#: the fields each kind of client message may hold
_FIELDS = {"act": frozenset({"type", "action", "id"}), "expand": frozenset({"type", "action"}),
           "chat": frozenset({"type", "text"}), "hello": frozenset({"type", "lang"}), "ping": frozenset({"type"}),
           "back": frozenset({"type"})}


def _chat(s, player: int, text: str, now: float):
    if s.status == "playing" and s.seat_of(player) is not None:
        return s.act(player, Say(s.seat_of(player), clean_chat(text)), now)
    return s.say_between(player, text, now)


def _error(message: str) -> dict:
    return {"type": "error", "message": str(message)[:300]}


async def _to_thread(fn, *args):
    return await asyncio.to_thread(fn, *args)

