"""The live tables of a server: each a :class:`TableSession` with its connections and its driver task.

The hub is the only writer of a table: requests and the driver take the table's lock, change the
session, write the new log entries to the store, and only then tell the connections (persist
before broadcast). The writes are group-committed (:class:`GroupCommit`): the entries of every table
changed in one turn of the event loop go to the database in one transaction, and each change's
connections are told once it is committed. A change's entries are queued with no ``await`` between
changing the session and queuing them, so a request cancelled half-way (a client gone) can never
leave an applied action unstored. After a restart, :meth:`Hub.resume_all` rebuilds every unfinished
table from its log.

A table keeps its own time (seconds, the ``t`` of its log entries), which stands still while the
server is down: a stopping server logs each live table's moment (:meth:`TableSession.pause`), and a
restored table's time resumes from its last entry. The time a table was down is thus nobody's: turn
timers, UNO graces and the wait between hands resume with the time they had left, and every person
gets the whole ``away_delay`` from the moment the table is live again (:meth:`TableSession.resumed`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import UnoError
from ..session import TableError, TableOptions, TableSession
from ..wire import LANGS, state_update
from .store import Store

__all__ = ["Hub", "Runtime", "Conn", "GroupCommit", "new_code", "new_token", "CODE_ALPHABET"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud and typed easily
CODE_LENGTH = 6
log = logging.getLogger("unokit.web")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass(eq=False)
class TokenBucket:
    """A rate limit: ``burst`` actions at once, refilled at ``rate`` per second (a connection's messages, an
    address's table creations)."""

    tokens: float = 20.0
    stamp: float = field(default_factory=time.monotonic)

    def allow(self, rate: float = 10.0, burst: float = 20.0) -> bool:
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(eq=False)
class Conn:
    """One WebSocket: who it is (``player`` None for a spectator), its language and how to send; ``seen``:
    what its last state message left it holding of the hand's log (the log mark of
    :func:`~unokit.play.wire.state_update`: hand, language, the lines final and all), so that the next
    sends only the lines it does not hold."""

    send: Callable[[dict], Awaitable[Any]]     # sends a message
    player: int | None
    lang: str = "en"
    host: bool = False
    send_text: Callable[[str], Awaitable[Any]] | None = None   # the same message already encoded as JSON (a WebSocket)
    seen: tuple | None = None    # the log mark of the last state sent (None: send the whole window)
    bucket: TokenBucket = field(default_factory=TokenBucket)   # its messages' rate limit

    def allow(self, rate: float = 10.0, burst: float = 20.0) -> bool:
        return self.bucket.allow(rate, burst)


@dataclass(eq=False)
class Runtime:
    code: str
    session: TableSession
    created: float               # wall-clock seconds when the table was created (the store's row)
    saved: int
    origin: float = 0.0          # the clock's reading at table time 0 (moves on at each restart)
    clock: Callable[[], float] = time.time
    conns: set = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task | None = None
    status: str = "lobby"

    def now(self) -> float:
        """The table's time: seconds since it was created, the time it was down left out."""
        return self.clock() - self.origin


class GroupCommit:
    """The hub's writer: log entries queued during one turn of the event loop are stored in one
    transaction (:meth:`Store.add_batch`), then every change that queued them is told. Under load one
    commit serves many tables' actions; alone, an action waits one turn of the loop.

    If the batch fails, each change is retried alone, so one table's bad write fails only its own
    change (its runtime's ``saved`` and ``status`` go back: the next commit writes the entries again)."""

    def __init__(self, store: Store):
        self.store = store
        self.batch: list[tuple[Runtime, int, list[dict], str | None, str, asyncio.Future]] = []
        self.commits = 0          # transactions made (the load bench reads it)

    def queue(self, rt: Runtime, start: int, entries: list[dict], status: str | None,
              before: str) -> asyncio.Future:
        """Queue a change (synchronously: no ``await`` since the session changed); the future is done
        when it is stored. ``before``: the runtime's status before this change (restored on failure)."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if not self.batch:
            loop.call_soon(self.flush)
        self.batch.append((rt, start, entries, status, before, fut))
        return fut

    def flush(self) -> None:
        batch, self.batch = self.batch, []
        if not batch:
            return
        try:
            self.store.add_batch([(rt.code, start, entries, status) for rt, start, entries, status, _, _ in batch])
            self.commits += 1
            done: list[tuple[tuple, Exception | None]] = [(item, None) for item in batch]
        except Exception:  # noqa: BLE001 - retried one change at a time, to fail only the bad one
            done = []
            for item in batch:
                rt, start, entries, status, _, _ = item
                try:
                    self.store.add_batch([(rt.code, start, entries, status)])
                    self.commits += 1
                    done.append((item, None))
                except Exception as e:  # noqa: BLE001 - handed to the change that queued it
                    done.append((item, e))
        for (rt, start, _entries, _, before, fut), error in done:
            if error is not None:
                rt.saved = min(rt.saved, start)
                rt.status = before
            if fut.done():        # its request was cancelled: the entries are stored all the same
                continue
            if error is None:
                fut.set_result(None)
            else:
                fut.set_exception(error)


class Hub:
    """Every live table of one server process."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock                # wall-clock seconds (tests move it on to stand for an outage)
        self.tables: dict[str, Runtime] = {}
        self.closing = False
        self.writer = GroupCommit(store)

    # ------------------------------------------------------------------ tables
    async def create(self, options: TableOptions, name: str) -> tuple[Runtime, int, str]:
        session = TableSession(options)
        player = session.join(name)
        for _ in range(20):
            code = new_code()
            if code not in self.tables and not await asyncio.to_thread(self.store.exists, code):
                break
        else:  # pragma: no cover - 32^6 codes
            raise TableError("no free table code; try again")
        created = self.clock()
        token = new_token()
        self._create_rows(code, session, created, player, token)
        rt = Runtime(code, session, created, saved=len(session.log), origin=created, clock=self.clock)
        self.tables[code] = rt
        self._drive(rt)
        return rt, player, token

    def _create_rows(self, code, session, created, player, token):
        self.store.create_table(code, session.options.to_dict(), now=created)
        self.store.add_entries(code, 0, session.log)
        self.store.add_seat(code, player, token, host=True)

    async def get(self, code: str) -> Runtime | None:
        if not isinstance(code, str) or len(code) != CODE_LENGTH or not set(code) <= set(CODE_ALPHABET):
            return None
        rt = self.tables.get(code)
        if rt is None:
            rt = await asyncio.to_thread(self._load, code)
            if rt is not None:
                rt = self.tables.setdefault(code, rt)
                if rt.session.status != "over":
                    self._drive(rt)
        return rt

    def _load(self, code: str) -> Runtime | None:
        row = self.store.table(code)
        if row is None:
            return None
        entries = self.store.entries(code)
        session = TableSession.restore(json.loads(row.options), entries)
        live = session.live_since()           # the table's time goes on from where its log ends
        rt = Runtime(code, session, row.created, saved=len(entries), status=row.status,
                     origin=self.clock() - live, clock=self.clock)
        if session.status != "over":
            session.resumed(live)
        return rt

    async def resume_all(self) -> int:
        """Load and drive every table that was not over when the server stopped."""
        codes = await asyncio.to_thread(self.store.unfinished)
        for code in codes:
            try:
                await self.get(code)
            except TableError:   # a table whose log no longer replays stays stored, not served
                continue
        return len(codes)

    async def join(self, rt: Runtime, name: str) -> tuple[int, str]:
        async with rt.lock:
            token = new_token()
            player = rt.session.join(name, rt.now())
            self.store.add_seat(rt.code, player, token)      # no await before the entry is stored too
            await self.commit(rt)
        return player, token

    async def who(self, rt: Runtime, token) -> tuple[int, bool] | None:
        return await asyncio.to_thread(self.store.seat_for, rt.code, token)

    # ------------------------------------------------------------------ changes
    async def change(self, rt: Runtime, fn):
        """Run ``fn(session, now)`` under the table's lock, persist what it logged, broadcast, wake the driver.

        ``fn``'s :class:`UnoError` propagates with nothing changed."""
        async with rt.lock:
            result = fn(rt.session, rt.now())
            await self.commit(rt)
        rt.wake.set()
        return result

    async def commit(self, rt: Runtime) -> None:
        """Persist the session's new log entries (and status), then send every connection its state."""
        s = rt.session
        new = s.log[rt.saved:]
        status = s.status if s.status != rt.status else None
        if new or status:
            # queued with no await since the session changed (see the module doc), then awaited
            stored = self.writer.queue(rt, rt.saved, new, status, rt.status)
            rt.saved += len(new)
            if status:
                rt.status = s.status
            await stored
            if status == "over" and s.match is not None:
                self.store.set_status(rt.code, "over", s.record())
        await self.broadcast(rt)

    async def broadcast(self, rt: Runtime) -> None:
        s = rt.session
        now = rt.now()
        notices = s.drain_notices()
        # one message, encoded once, per kind of reader: (player, language, host, the log it holds), so
        # that the connections of one seat in step share it
        cache: dict = {}
        for c in list(rt.conns):
            key = (c.player, c.lang, c.host, c.seen)
            if key not in cache:
                cache[key] = state_update(s, c.player, c.lang, now=now, host=c.host, seen=c.seen)
            try:
                await self.send_state(rt, c, cache[key])
                for p, text in notices:
                    if p is None or p == c.player:
                        await c.send({"type": "notice", "message": text})
            except Exception:  # noqa: BLE001 - a connection that went away is dropped by its own handler
                rt.conns.discard(c)

    async def send_state(self, rt: Runtime, c: Conn, state: tuple | None = None) -> None:
        """Send ``c`` its state message (``state``: it, its JSON text and its log mark, from
        :func:`~unokit.play.wire.state_update` for ``c.seen``), with the log lines it does not hold yet; to
        a WebSocket's ``send_json`` the text goes as it is, encoded once for every reader of its kind."""
        msg, text, c.seen = state or state_update(rt.session, c.player, c.lang, now=rt.now(), host=c.host,
                                                  seen=c.seen)
        if c.send_text is not None:
            await c.send_text(text)         # (what send_json would send: compact JSON, not ASCII-escaped)
        else:
            await c.send(msg)

    # ------------------------------------------------------------------ connections
    async def connect(self, rt: Runtime, c: Conn) -> None:
        async with rt.lock:
            rt.conns.add(c)
            if c.player is not None:
                rt.session.set_connected(c.player, True, rt.now())
            await self.broadcast(rt)
        rt.wake.set()

    async def disconnect(self, rt: Runtime, c: Conn) -> None:
        rt.conns.discard(c)
        if c.player is not None and not any(o.player == c.player for o in rt.conns):
            async with rt.lock:
                rt.session.set_connected(c.player, False, rt.now())
                await self.broadcast(rt)
            rt.wake.set()

    def set_lang(self, c: Conn, lang) -> None:
        if lang not in LANGS:
            raise TableError(f"lang must be one of {', '.join(LANGS)}")
        c.lang = lang

    # ------------------------------------------------------------------ the driver
    def _drive(self, rt: Runtime) -> None:
        if rt.task is None or rt.task.done():
            rt.task = asyncio.get_running_loop().create_task(self._driver(rt))

    async def _driver(self, rt: Runtime) -> None:
        """Wake when something is due (bots, grace, timers, next hand) or when poked; stop when over."""
        s = rt.session
        while not self.closing:
            async with rt.lock:
                try:
                    changed = s.tick(rt.now())
                except UnoError:   # pragma: no cover - a bot or stand-in refused: the table waits for people
                    changed = False
                if changed or len(s.log) > rt.saved or s.status != rt.status:
                    await self.commit(rt)
                due = s.next_due(rt.now())
            if s.status == "over":
                return
            timeout = None if due is None else max(0.005, due - rt.now())
            try:
                await asyncio.wait_for(rt.wake.wait(), timeout)
            except TimeoutError:
                pass
            rt.wake.clear()

    async def close(self) -> None:
        """Stop every driver, then log each live table's moment (:meth:`TableSession.pause`) so that its
        time resumes from there after the restart."""
        self.closing = True
        tasks = [rt.task for rt in self.tables.values() if rt.task is not None]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.writer.flush()          # changes still queued are stored before the pauses that follow them
        for rt in list(self.tables.values()):
            if rt.session.status == "over":
                continue
            rt.session.pause(rt.now())
            new = rt.session.log[rt.saved:]
            try:
                self.store.add_entries(rt.code, rt.saved, new)
            except Exception as e:  # noqa: BLE001 - a store gone at shutdown: the table resumes from its last entry
                log.warning("table %s: its pause was not stored (%s)", rt.code, e)
            else:
                rt.saved += len(new)

    def poke(self) -> None:
        """Wake every table's driver now (after the clock was moved on, in tests)."""
        for rt in self.tables.values():
            rt.wake.set()
