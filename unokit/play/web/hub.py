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

Several hubs (worker processes, ``Hub(store, worker=NAME)``) may share one database behind a proxy
(:mod:`unokit.play.web.cluster`). A worker serves a table only while it holds the table's lease
(:meth:`Store.claim`): it claims a table before reading its log, writes with the lease's fencing token,
renews its leases every ``lease / 3`` seconds, and takes over the unfinished tables nobody holds (a dead
worker's). A request for a table another worker holds takes it over (the proxy sends a table's requests
to one worker, so this happens when the proxy moved it). A worker whose write or renewal is refused
(:class:`LostOwnership`: another took the table) drops the table at once, its unstored change with it,
and closes its connections, which reconnect through the proxy to the new owner.
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
from ..wire import LANGS, state_send, state_update
from .store import LostOwnership, Store

__all__ = ["Hub", "Runtime", "Conn", "GroupCommit", "TableMoved", "new_code", "new_token", "CODE_ALPHABET"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read aloud and typed easily
CODE_LENGTH = 6
log = logging.getLogger("unokit.web")


class TableMoved(TableError):
    """This worker no longer holds the table (another worker took it over): the change was not stored;
    reconnect (through the proxy) to play on."""


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
    patches: bool = False        # it takes state patches (docs/protocol.md, "State patches")
    own: tuple | None = None     # the own key of the last state sent (wire.state_send; None: send it whole)
    bucket: TokenBucket = field(default_factory=TokenBucket)   # its messages' rate limit
    close: Callable[[int], Awaitable[Any]] | None = None       # closes it with a WebSocket close code

    def allow(self, rate: float = 10.0, burst: float = 20.0) -> bool:
        return self.bucket.allow(rate, burst)


def _state_for(s: TableSession, c: Conn, now: float, own: tuple | None) -> tuple:
    """What ``c`` is sent now, its text, its new log mark and own key: a patch when it takes them and its own
    part is ``own`` (:func:`~unokit.play.wire.state_send`), else the whole message."""
    if c.patches:
        return state_send(s, c.player, c.lang, now=now, host=c.host, seen=c.seen, own=own)
    return (*state_update(s, c.player, c.lang, now=now, host=c.host, seen=c.seen), None)


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
    timer: asyncio.TimerHandle | None = None     # wakes the driver when something is next due
    status: str = "lobby"
    fence: int | None = None     # this worker's lease token for the table (None: one process, no leases)
    dropped: bool = False        # the lease was lost: the runtime is no longer served

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

    def _store(self, items: list, fences: dict[str, int] | None) -> None:
        self.store.add_batch(items, fences=fences)

    @staticmethod
    def _fences(batch) -> dict[str, int] | None:
        """The lease tokens of a batch's tables (None: a single process, no leases)."""
        if all(item[0].fence is None for item in batch):
            return None
        return {item[0].code: item[0].fence for item in batch if item[0].fence is not None}

    def flush(self) -> None:
        batch, self.batch = self.batch, []
        if not batch:
            return
        try:
            self._store([(rt.code, start, entries, status) for rt, start, entries, status, _, _ in batch],
                        self._fences(batch))
            self.commits += 1
            done: list[tuple[tuple, Exception | None]] = [(item, None) for item in batch]
        except Exception:  # noqa: BLE001 - retried one change at a time, to fail only the bad one
            done = []
            for item in batch:
                rt, start, entries, status, _, _ = item
                try:
                    self._store([(rt.code, start, entries, status)], self._fences([item]))
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

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, *, worker: str | None = None,
                 lease: float = 6.0):
        self.store = store
        self.clock = clock                # wall-clock seconds (tests move it on to stand for an outage)
        self.tables: dict[str, Runtime] = {}
        self.closing = False
        self.writer = GroupCommit(store)
        self.worker = worker              # this worker's name among several (None: the only process)
        self.lease = lease                # seconds a lease lasts unless renewed
        self.leases_task: asyncio.Task | None = None
        self.taken_over = 0               # tables taken from another worker or from none (the chaos test reads it)
        self._loading: dict[str, asyncio.Future] = {}

    def _claim(self, code: str, steal: bool = True) -> int | None:
        """This worker's new lease token for ``code`` (thread-safe: the store's own transaction)."""
        assert self.worker is not None
        return self.store.claim(code, self.worker, self.lease, time.time(), steal=steal)

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
        rt = Runtime(code, session, created, saved=len(session.log), origin=created, clock=self.clock,
                     fence=None if self.worker is None else 1)      # the first lease, taken with the row
        self.tables[code] = rt
        self._drive(rt)
        return rt, player, token

    def _create_rows(self, code, session, created, player, token):
        self.store.create_table(code, session.options.to_dict(), now=created,
                                lease=None if self.worker is None else (self.worker, time.time() + self.lease))
        self.store.add_entries(code, 0, session.log)
        self.store.add_seat(code, player, token, host=True)

    async def get(self, code: str, confirm: bool = False) -> Runtime | None:
        """The live table ``code`` (loaded from its log if need be), or None. A worker among several takes the
        table over if another holds it; ``confirm`` (a new connection): first ask the database whether this
        worker still holds a table it has in memory (one another took since is dropped and taken back)."""
        if not isinstance(code, str) or len(code) != CODE_LENGTH or not set(code) <= set(CODE_ALPHABET):
            return None
        rt = self.tables.get(code)
        if rt is not None and confirm and rt.fence is not None:
            owner = await asyncio.to_thread(self.store.owner, code)
            if owner is None or owner.fence != rt.fence:
                await self.drop(rt)
                # another connection may have taken it back while this one waited for its (stale) answer:
                # that runtime holds the newest token, a second claim here would make it stale
                rt = self.tables.get(code)
        return rt if rt is not None else await self._load_once(code, True)

    async def _load_once(self, code: str, steal: bool) -> Runtime | None:
        """Load ``code`` into this hub, once however many ask at the same moment (a worker's second claim
        would make the first runtime's lease token stale)."""
        pending = self._loading.get(code)
        if pending is None:
            pending = self._loading[code] = asyncio.ensure_future(self._load_and_keep(code, steal))
        rt = await asyncio.shield(pending)
        if rt is not None and not rt.dropped and rt.session.status != "over":
            self._drive(rt)
        return rt

    async def _load_and_keep(self, code: str, steal: bool) -> Runtime | None:
        """Load ``code`` and put it among the hub's tables in the step that ends the load (no turn of the event
        loop where a connection would find it in neither and load it again)."""
        try:
            rt = await asyncio.to_thread(self._load, code, steal)
            if rt is not None and not rt.dropped:
                rt = self.tables.setdefault(code, rt)
            return rt
        finally:
            self._loading.pop(code, None)

    def _load(self, code: str, steal: bool = True) -> Runtime | None:
        fence = None
        if self.worker is not None:      # the lease first, then the log: a write after it cannot be missed
            if not self.store.exists(code):
                return None
            fence = self._claim(code, steal)
            if fence is None:
                return None
            self.taken_over += 1
        row = self.store.table(code)
        if row is None:
            return None
        entries = self.store.entries(code)
        session = TableSession.restore(json.loads(row.options), entries)
        live = session.live_since()           # the table's time goes on from where its log ends
        rt = Runtime(code, session, row.created, saved=len(entries), status=row.status,
                     origin=self.clock() - live, clock=self.clock, fence=fence)
        if session.status != "over":
            session.resumed(live)
        return rt

    async def resume_all(self) -> int:
        """Load and drive every table that was not over when the server stopped (a worker among several:
        start keeping its leases and taking over the tables nobody holds, see :meth:`keep_leases`)."""
        if self.worker is not None:
            self.leases_task = asyncio.get_running_loop().create_task(self.keep_leases())
            return 0
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
            try:       # no await before the entry is stored too
                self.store.add_seat(rt.code, player, token, fence=rt.fence)
            except LostOwnership:
                await self.drop(rt)
                raise TableMoved("this table moved to another server: reload the page") from None
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
            self._follow(rt)
        return result

    def _follow(self, rt: Runtime) -> None:
        """After a change, under the table's lock: what its driver would do at once when nothing is due now (a
        tick that only makes the bots' plan: :meth:`TableSession.next_due` after the change is later than now,
        so :meth:`TableSession.tick` has nothing to apply), done here, and the driver's timer set for when
        something is due; otherwise (something due now, or no driver waiting) the driver is woken to do it.
        A person's action thus costs no turn of the driver's task."""
        s, now = rt.session, rt.now()
        due = s.next_due(now)
        plan = s.plan_due()
        try:
            later = not (rt.task is None or rt.task.done() or s.status == "over" or (due is not None and due <= now)
                         or s.tick(now) or len(s.log) > rt.saved or s.status != rt.status)
        except UnoError:  # pragma: no cover - nothing is due, so nothing is tried: the driver would say the same
            later = False
        if not later:
            rt.wake.set()
            return
        # (the tick made the bots' plan; when does it next want a turn: as before, unless the plan starts later)
        self._arm(rt, due if s.plan_due() == plan else s.next_due(now))

    @staticmethod
    def _arm(rt: Runtime, due: float | None) -> None:
        """Set the driver's timer to wake it at ``due`` (table time; None: only when poked)."""
        if rt.timer is not None:
            rt.timer.cancel()
        # (a timer that sets the event: asyncio.wait_for would wrap the wait in a new task at every turn)
        rt.timer = None if due is None else asyncio.get_running_loop().call_later(
            max(0.005, due - rt.now()), rt.wake.set)

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
            try:
                await stored
                if status == "over" and s.match is not None:
                    self.store.set_status(rt.code, "over", s.record(), fence=rt.fence)
            except LostOwnership:
                await self.drop(rt)
                raise TableMoved("this table moved to another server: reconnecting") from None
        await self.broadcast(rt)

    async def broadcast(self, rt: Runtime) -> None:
        s = rt.session
        now = rt.now()
        notices = s.drain_notices()
        # one message, encoded once, per kind of reader: (player, language, host, the log it holds, whether it
        # takes patches and the own part it holds), so that the connections of one seat in step share it
        cache: dict = {}
        for c in list(rt.conns):
            key = (c.player, c.lang, c.host, c.seen, c.patches)
            hit = cache.get(key)
            if hit is None or hit[0] != c.own:
                hit = cache[key] = (c.own, _state_for(s, c, now, c.own))
            try:
                await self.send_state(rt, c, hit[1])
                for p, text in notices:
                    if p is None or p == c.player:
                        await c.send({"type": "notice", "message": text})
            except Exception:  # noqa: BLE001 - a connection that went away is dropped by its own handler
                rt.conns.discard(c)

    async def send_state(self, rt: Runtime, c: Conn, state: tuple | None = None) -> None:
        """Send ``c`` its state message (``state``: it, its JSON text, its log mark and own key, from
        :func:`_state_for`; by default the whole message), with the log lines it does not hold yet; to a
        WebSocket's ``send_json`` the text goes as it is, encoded once for every reader of its kind."""
        msg, text, c.seen, c.own = state or _state_for(rt.session, c, rt.now(), None)
        if c.send_text is not None:
            await c.send_text(text)         # (what send_json would send: compact JSON, not ASCII-escaped)
        else:
            await c.send(msg)

    # ------------------------------------------------------------------ connections
    async def connect(self, rt: Runtime, c: Conn) -> None:
        async with rt.lock:
            if rt.dropped:
                raise TableMoved("this table moved to another server: reconnecting")
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
        while not self.closing and not rt.dropped:
            async with rt.lock:
                try:
                    changed = s.tick(rt.now())
                except UnoError:   # pragma: no cover - a bot or stand-in refused: the table waits for people
                    changed = False
                if changed or len(s.log) > rt.saved or s.status != rt.status:
                    try:
                        await self.commit(rt)
                    except TableMoved:
                        return
                due = s.next_due(rt.now())
            if s.status == "over":
                return
            # woken by a poke or when due (a change that leaves nothing due now sets the timer itself: _follow)
            self._arm(rt, due)
            try:
                await rt.wake.wait()
            finally:
                if rt.timer is not None:
                    rt.timer.cancel()
                    rt.timer = None
            rt.wake.clear()

    async def close(self) -> None:
        """Stop every driver, then log each live table's moment (:meth:`TableSession.pause`) so that its
        time resumes from there after the restart."""
        self.closing = True
        tasks = [rt.task for rt in self.tables.values() if rt.task is not None]
        if self.leases_task is not None:
            tasks.append(self.leases_task)
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
                self.store.add_batch([(rt.code, rt.saved, new, None)],
                                     None if rt.fence is None else {rt.code: rt.fence})
                if rt.fence is not None and self.worker is not None:   # another worker may take it at once
                    self.store.release(rt.code, self.worker, rt.fence)
            except Exception as e:  # noqa: BLE001 - a store gone at shutdown: the table resumes from its last entry
                log.warning("table %s: its pause was not stored (%s)", rt.code, e)
            else:
                rt.saved += len(new)

    def poke(self) -> None:
        """Wake every table's driver now (after the clock was moved on, in tests)."""
        for rt in self.tables.values():
            rt.wake.set()

    # ------------------------------------------------------------------ several workers
    async def drop(self, rt: Runtime) -> None:
        """Stop serving a table another worker took over: forget it (its unstored change with it), stop its
        driver, close its connections (they reconnect, through the proxy, to the new owner)."""
        if rt.dropped:
            return
        rt.dropped = True
        if self.tables.get(rt.code) is rt:
            del self.tables[rt.code]
        log.warning("table %s: taken over by another worker; dropped here", rt.code)
        rt.wake.set()                      # the driver sees ``dropped`` and ends
        for c in list(rt.conns):
            rt.conns.discard(c)
            if c.close is not None:
                try:
                    await c.close(1012)    # "service restart": the page reconnects
                except Exception:  # noqa: BLE001 - already gone
                    pass

    async def keep_leases(self) -> None:
        """A worker's background task: every ``lease / 3`` seconds renew its leases (dropping the tables
        another worker took) and take over up to 20 unfinished tables nobody holds."""
        assert self.worker is not None
        while not self.closing:
            try:
                held = {code: rt.fence for code, rt in self.tables.items()
                        if rt.fence is not None and not rt.dropped and rt.session.status != "over"}
                lost = await asyncio.to_thread(self.store.renew, self.worker, held, self.lease, time.time())
                for code in lost:
                    rt = self.tables.get(code)
                    if rt is not None and rt.fence == held[code]:
                        await self.drop(rt)
                for code in await asyncio.to_thread(self.store.orphans, time.time()):
                    if code not in self.tables:
                        await self._load_once(code, False)
            except (OSError, TableError) as e:     # pragma: no cover - a table that no longer replays
                log.warning("leases: %s", e)
            except Exception as e:  # noqa: BLE001 - the database away for a moment: try again next round
                log.warning("leases: the database did not answer (%s)", e)
            await asyncio.sleep(self.lease / 3)
