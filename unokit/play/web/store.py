"""The web table's database: tables, seats (hashed tokens) and each table's log, on SQLAlchemy.

SQLite by default (a file, WAL mode); any SQLAlchemy URL works (PostgreSQL is tested). A table is
stored as its options and the ordered entries of :attr:`TableSession.log`; restoring replays them,
so nothing but the log needs to be kept for a table to survive a restart.

Several server processes (workers) may share one database. Each live table is then owned by one
worker at a time through a *lease* (:meth:`Store.claim`): a row per table naming the worker, the
lease's expiry, and a *fencing token* that grows by one at every change of owner. A worker writes a
table's log with its token (``add_batch(..., fences=...)``), and the write is refused
(:class:`LostOwnership`, nothing stored) unless the token is still the table's, checked in the same
transaction that writes the entries. So a worker that was paused or cut off past its lease, while
another took the table over, can never add an entry after the new owner's: the database, not the
clocks, decides (the clocks only decide when a lease may be taken over).

>>> st = Store("sqlite://")
>>> st.create_table("ABC234", {"seats": 2}, now=1.0)
>>> st.add_entries("ABC234", 0, [{"k": "start", "t": 0.0}])
>>> st.entries("ABC234")
[{'k': 'start', 't': 0.0}]
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from typing import Any, NamedTuple

from sqlalchemy import (
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql import ClauseElement

__all__ = ["LostOwnership", "Owner", "Store", "hash_token"]


class _Base(DeclarativeBase):
    pass


class TableRow(_Base):
    __tablename__ = "uno_tables"
    code: Mapped[str] = mapped_column(String(12), primary_key=True)
    created: Mapped[float] = mapped_column(Float)        # wall-clock seconds (the table's time 0)
    updated: Mapped[float] = mapped_column(Float)
    options: Mapped[str] = mapped_column(Text)           # TableOptions.to_dict() as JSON
    status: Mapped[str] = mapped_column(String(12), default="lobby")
    record: Mapped[str | None] = mapped_column(Text, nullable=True)   # the match record once over


class SeatRow(_Base):
    __tablename__ = "uno_seats"
    __table_args__ = (UniqueConstraint("table_code", "player"), UniqueConstraint("token_hash"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_code: Mapped[str] = mapped_column(String(12), ForeignKey("uno_tables.code"), index=True)
    player: Mapped[int] = mapped_column(Integer)
    token_hash: Mapped[str] = mapped_column(String(64))
    host: Mapped[int] = mapped_column(Integer, default=0)


class EntryRow(_Base):
    __tablename__ = "uno_entries"
    table_code: Mapped[str] = mapped_column(String(12), ForeignKey("uno_tables.code"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[str] = mapped_column(Text)


class OwnerRow(_Base):
    """Who holds a table now (see the module's docstring): one row per table ever owned."""
    __tablename__ = "uno_owners"
    table_code: Mapped[str] = mapped_column(String(12), ForeignKey("uno_tables.code"), primary_key=True)
    worker: Mapped[str] = mapped_column(String(64))
    fence: Mapped[int] = mapped_column(Integer)            # +1 at each change of owner, never reused
    expires: Mapped[float] = mapped_column(Float)          # wall-clock seconds; the lease may be taken after


class LostOwnership(Exception):
    """A worker wrote to (or renewed) a table whose lease another worker has taken since: nothing was
    stored. The worker must drop the table (its state may be ahead of the log by unstored actions)."""

    def __init__(self, codes: list[str]):
        self.codes = codes
        super().__init__(f"tables no longer owned by this worker: {', '.join(codes)}")


class Owner(NamedTuple):
    """A table's lease: ``worker`` holds it with token ``fence`` until ``expires``."""
    worker: str
    fence: int
    expires: float


def _table_of(row: type[_Base]) -> Table:
    """The Core table of a mapped class (declared as a plain ``FromClause``; a declarative class's is a Table)."""
    table = row.__table__
    assert isinstance(table, Table)
    return table


_T = _table_of(TableRow)
_O = _table_of(OwnerRow)
# the fencing check: touches the lease row (so a concurrent claim waits for this transaction, or this one
# sees the claim's new token and matches nothing) and counts 1 only while the token is still the table's
_FENCE = update(_O).where(_O.c.table_code == bindparam("c"), _O.c.fence == bindparam("f")).values(
    fence=_O.c.fence)
_ADD_ENTRY = insert(_table_of(EntryRow))
#: seconds between two writes of a live table's ``updated`` by the log's writer (:meth:`Store.add_batch`)
TOUCH_EVERY = 10.0
_TOUCH = update(_T).where(_T.c.code == bindparam("c")).values(updated=bindparam("u"))
_TOUCH_STATUS = update(_T).where(_T.c.code == bindparam("c")).values(updated=bindparam("u"), status=bindparam("s"))


try:                       # the log's entries as compact JSON: orjson where installed (a declared dependency)
    import orjson

    def _entry_text(entry: dict) -> str:
        return orjson.dumps(entry).decode()
except ImportError:  # pragma: no cover - the standard library's encoder: the same JSON, spelt alike or close
    def _entry_text(entry: dict) -> str:
        return json.dumps(entry, separators=(",", ":"))


class _Compiled:
    """A Core statement compiled once for one driver and run on its raw DBAPI cursor (the group commit's
    statements: SQLAlchemy's execution layer cost about two thirds of a small batch's time on SQLite)."""

    def __init__(self, stmt: ClauseElement, dialect: Dialect, keys: tuple[str, ...]) -> None:
        compiled = stmt.compile(dialect=dialect, column_keys=list(keys))
        self.sql = compiled.string
        order = getattr(compiled, "positiontup", None) if dialect.positional else None   # (an SQLCompiler's)
        self.order = tuple(order) if order is not None else None

    def params(self, values: dict[str, Any]) -> Any:
        """``values`` as the driver's paramstyle takes them (a tuple in the statement's order, or the dict)."""
        return values if self.order is None else tuple(values[k] for k in self.order)


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def _rowcount(cur: Any, stmt: _Compiled, values: dict[str, Any]) -> int:
    cur.execute(stmt.sql, stmt.params(values))
    return int(cur.rowcount)


class Store:
    """Synchronous access to the database (each call is one short transaction)."""

    def __init__(self, url: str = "sqlite:///unokit-tables.db"):
        kw: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kw["connect_args"] = {"check_same_thread": False}
            if url in ("sqlite://", "sqlite:///:memory:"):
                kw["poolclass"] = StaticPool
        self.engine = create_engine(url, **kw)
        if url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(conn, _):  # pragma: no cover - run by the driver
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        _Base.metadata.create_all(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        d = self.engine.dialect
        self._sql = {"add": _Compiled(_ADD_ENTRY, d, ("table_code", "idx", "entry")),
                     "touch": _Compiled(_TOUCH, d, ()), "status": _Compiled(_TOUCH_STATUS, d, ()),
                     "fence": _Compiled(_FENCE, d, ())}
        self._writer: Any = None            # the log's writer: one DBAPI connection kept (add_batch)
        self._writer_lock = threading.Lock()
        self._touched: dict[str, float] = {}   # when add_batch last wrote each table's ``updated``

    def close(self) -> None:
        with self._writer_lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
        self.engine.dispose()

    def _s(self) -> Session:
        return self._session()

    # ------------------------------------------------------------------ tables
    def create_table(self, code: str, options: dict, now: float | None = None,
                     lease: tuple[str, float] | None = None) -> None:
        """A new table's row; ``lease`` (worker, expiry): its creator's first lease (fencing token 1), in
        the same transaction, so that no other worker sees the new table as nobody's (:meth:`orphans`)."""
        now = time.time() if now is None else now
        with self._s() as s, s.begin():
            s.add(TableRow(code=code, created=now, updated=now, options=json.dumps(options), status="lobby"))
            if lease is not None:
                s.flush()           # the table's row first: the lease's foreign key names it
                s.add(OwnerRow(table_code=code, worker=lease[0], fence=1, expires=lease[1]))

    def exists(self, code: str) -> bool:
        with self._s() as s:
            return s.get(TableRow, code) is not None

    def table(self, code: str) -> TableRow | None:
        with self._s() as s:
            return s.get(TableRow, code)

    def unfinished(self) -> list[str]:
        """Codes of the tables to resume after a restart (everything not over)."""
        with self._s() as s:
            return list(s.scalars(select(TableRow.code).where(TableRow.status != "over").order_by(TableRow.created)))

    def finished(self, limit: int = 50) -> list[TableRow]:
        with self._s() as s:
            q = select(TableRow).where(TableRow.status == "over").order_by(TableRow.updated.desc()).limit(limit)
            return list(s.scalars(q))

    def set_status(self, code: str, status: str, record: dict | None = None, fence: int | None = None) -> None:
        with self.engine.begin() as conn:
            if fence is not None:
                self._check_fences(conn, {code}, {code: fence})
            values: dict[str, Any] = {"status": status, "updated": time.time()}
            if record is not None:
                values["record"] = json.dumps(record)
            conn.execute(update(_T).where(_T.c.code == code).values(**values))

    # ------------------------------------------------------------------ seats
    def add_seat(self, code: str, player: int, token: str, host: bool = False, fence: int | None = None) -> None:
        """Store a seat's token (``fence``: only while this worker's lease token is the table's, see
        :meth:`add_batch`)."""
        with self.engine.begin() as conn:
            if fence is not None:
                self._check_fences(conn, {code}, {code: fence})
            conn.execute(insert(_table_of(SeatRow)).values(table_code=code, player=player,
                                                           token_hash=hash_token(token), host=int(host)))

    def seat_for(self, code: str, token: str) -> tuple[int, bool] | None:
        """(player, is host) of the token at this table, or None."""
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            return None
        with self._s() as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_code == code,
                                                  SeatRow.token_hash == hash_token(token))).first()
            return (row.player, bool(row.host)) if row else None

    # ------------------------------------------------------------------ the log
    def add_entries(self, code: str, start: int, entries: list[dict], status: str | None = None) -> None:
        """Append log entries ``start, start+1, ...`` in one transaction (and the table's status)."""
        self.add_batch([(code, start, entries, status)])

    def add_batch(self, items: list[tuple[str, int, list[dict], str | None]],
                  fences: dict[str, int] | None = None) -> None:
        """:meth:`add_entries` for several tables in one transaction (the hub's group commit): each item
        is ``(code, start, entries, status)``; all are stored or none. ``fences``: the lease token this
        worker holds for each table (:meth:`claim`); when given, the batch is stored only if every one
        is still its table's, else :class:`LostOwnership` names the tables lost and nothing is stored."""
        items = [it for it in items if it[2] or it[3] is not None]
        if not items:
            return
        now = time.time()
        rows = [{"table_code": code, "idx": start + i, "entry": _entry_text(e)}
                for code, start, entries, _ in items for i, e in enumerate(entries)]
        touched: dict[str, str | None] = {}
        for code, _, _, status in items:
            touched[code] = status if status is not None else touched.get(code)
        sql = self._sql
        changed = [{"c": c, "u": now, "s": st} for c, st in touched.items() if st is not None]
        # this runs after every action: SQLAlchemy Core's statements, compiled once for the driver and run on
        # one DBAPI connection kept for it, in one transaction (its own lock: one batch at a time)
        with self._writer_lock:
            # a table's ``updated`` (the orphans' order, the finished games' list) is written with its status,
            # and otherwise at most every TOUCH_EVERY seconds: not one more row rewritten at every action
            last = self._touched
            plain = [{"c": c, "u": now} for c, st in touched.items()
                     if st is None and now - last.get(c, -TOUCH_EVERY) >= TOUCH_EVERY]
            conn = self._writer
            if conn is None:
                conn = self._writer = self.engine.raw_connection()
            try:
                cur = conn.cursor()
                try:
                    if fences is not None:
                        lost = [c for c in sorted({code for code, _, _, _ in items}) if c not in fences or
                                _rowcount(cur, sql["fence"], {"c": c, "f": fences[c]}) != 1]
                        if lost:
                            raise LostOwnership(lost)
                    for key, values in (("add", rows), ("touch", plain), ("status", changed)):
                        if values:
                            cur.executemany(sql[key].sql, [sql[key].params(v) for v in values])
                finally:
                    cur.close()
                conn.commit()
                for code, st in touched.items():      # (the rows written: a status, or a touch due)
                    if st == "over":
                        last.pop(code, None)
                    elif st is not None or now - last.get(code, -TOUCH_EVERY) >= TOUCH_EVERY:
                        last[code] = now
            except LostOwnership:
                conn.rollback()
                raise
            except BaseException:
                # a failed statement (a duplicate entry): its transaction is rolled back, nothing of the batch
                # stored; a connection that cannot even roll back is broken: dropped, the next batch opens one
                try:
                    conn.rollback()
                except Exception:  # noqa: BLE001 - broken
                    self._writer = None
                    conn.invalidate()
                raise

    def entries(self, code: str) -> list[dict]:
        with self._s() as s:
            rows = s.scalars(select(EntryRow.entry).where(EntryRow.table_code == code).order_by(EntryRow.idx))
            return [json.loads(r) for r in rows]

    # ------------------------------------------------------------------ ownership (several workers)
    @staticmethod
    def _check_fences(conn, codes: set[str], fences: dict[str, int]) -> None:
        # the lease rows are locked in the order of their codes, as renew() locks them: two transactions that
        # took them in different orders would deadlock (PostgreSQL breaks it after deadlock_timeout, 1 s)
        lost = [c for c in sorted(codes) if c not in fences
                or conn.execute(_FENCE, {"c": c, "f": fences[c]}).rowcount != 1]
        if lost:
            raise LostOwnership(lost)

    def claim(self, code: str, worker: str, ttl: float, now: float | None = None, *,
              steal: bool = False) -> int | None:
        """Take table ``code`` for ``worker`` for ``ttl`` seconds: its new fencing token, or None while
        another worker's lease runs (``steal``: take it even then; the holder's next write fails). A
        worker that holds the lease already gets a new token too: a claim always starts a new tenure."""
        now = time.time() if now is None else now
        cond = _O.c.table_code == code
        if not steal:
            cond = cond & ((_O.c.expires <= now) | (_O.c.worker == worker))
        with self.engine.begin() as conn:
            row = conn.execute(update(_O).where(cond).values(worker=worker, fence=_O.c.fence + 1,
                                                             expires=now + ttl).returning(_O.c.fence)).first()
            if row is not None:
                return int(row[0])
            held = conn.execute(select(_O.c.fence).where(_O.c.table_code == code)).first() is not None
        if held:
            # held by a live lease; or, stealing, another worker inserted the first lease since the update
            return self.claim(code, worker, ttl, now, steal=True) if steal else None
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(_O).values(table_code=code, worker=worker, fence=1, expires=now + ttl))
            return 1
        except IntegrityError:         # another worker inserted the first lease meanwhile (or no such table)
            return self.claim(code, worker, ttl, now, steal=steal) if self.exists(code) else None

    def renew(self, worker: str, fences: dict[str, int], ttl: float, now: float | None = None) -> list[str]:
        """Extend this worker's leases by ``ttl`` from ``now``, in one transaction; returns the tables whose
        token is no longer this worker's (lost: drop them)."""
        now = time.time() if now is None else now
        stmt = update(_O).where(_O.c.table_code == bindparam("c"), _O.c.fence == bindparam("f"),
                                _O.c.worker == worker).values(expires=now + ttl)
        lost = []
        with self.engine.begin() as conn:
            for code, fence in sorted(fences.items()):
                if conn.execute(stmt, {"c": code, "f": fence}).rowcount != 1:
                    lost.append(code)
        return lost

    def release(self, code: str, worker: str, fence: int) -> bool:
        """Give a lease back at once (a worker stopping cleanly): another may claim the table now."""
        with self.engine.begin() as conn:
            return conn.execute(update(_O).where(_O.c.table_code == code, _O.c.fence == fence,
                                                 _O.c.worker == worker).values(expires=0.0)).rowcount == 1

    def orphans(self, now: float | None = None, limit: int = 20) -> list[str]:
        """Unfinished tables that no worker holds now (never owned, or their lease ran out), oldest first:
        those of a worker that died, for the others to take over."""
        now = time.time() if now is None else now
        q = (select(_T.c.code).select_from(_T.outerjoin(_O, _O.c.table_code == _T.c.code))
             .where(_T.c.status != "over", (_O.c.expires.is_(None)) | (_O.c.expires <= now))
             .order_by(_T.c.updated).limit(limit))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q)]

    def owner(self, code: str) -> Owner | None:
        """The table's lease as stored (None: never owned)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(_O.c.worker, _O.c.fence, _O.c.expires).where(_O.c.table_code == code)).first()
        return None if row is None else Owner(row[0], int(row[1]), float(row[2]))
