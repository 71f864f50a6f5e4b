"""The web table's database: tables, seats (hashed tokens) and each table's log, on SQLAlchemy.

SQLite by default (a file, WAL mode); any SQLAlchemy URL works (PostgreSQL is tested). A table is
stored as its options and the ordered entries of :attr:`TableSession.log`; restoring replays them,
so nothing but the log needs to be kept for a table to survive a restart.

>>> st = Store("sqlite://")
>>> st.create_table("ABC234", {"seats": 2}, now=1.0)
>>> st.add_entries("ABC234", 0, [{"k": "start", "t": 0.0}])
>>> st.entries("ABC234")
[{'k': 'start', 't': 0.0}]
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

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
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

__all__ = ["Store", "hash_token"]


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


def _table_of(row: type[_Base]) -> Table:
    """The Core table of a mapped class (declared as a plain ``FromClause``; a declarative class's is a Table)."""
    table = row.__table__
    assert isinstance(table, Table)
    return table


_T = _table_of(TableRow)
_ADD_ENTRY = insert(_table_of(EntryRow))
_TOUCH = update(_T).where(_T.c.code == bindparam("c")).values(updated=bindparam("u"))
_TOUCH_STATUS = update(_T).where(_T.c.code == bindparam("c")).values(updated=bindparam("u"), status=bindparam("s"))


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


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

    def close(self) -> None:
        self.engine.dispose()

    def _s(self) -> Session:
        return self._session()

    # ------------------------------------------------------------------ tables
    def create_table(self, code: str, options: dict, now: float | None = None) -> None:
        now = time.time() if now is None else now
        with self._s() as s, s.begin():
            s.add(TableRow(code=code, created=now, updated=now, options=json.dumps(options), status="lobby"))

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

    def set_status(self, code: str, status: str, record: dict | None = None) -> None:
        with self._s() as s, s.begin():
            values = {"status": status, "updated": time.time()}
            if record is not None:
                values["record"] = json.dumps(record)
            s.execute(update(TableRow).where(TableRow.code == code).values(**values))

    # ------------------------------------------------------------------ seats
    def add_seat(self, code: str, player: int, token: str, host: bool = False) -> None:
        with self._s() as s, s.begin():
            s.add(SeatRow(table_code=code, player=player, token_hash=hash_token(token), host=int(host)))

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

    def add_batch(self, items: list[tuple[str, int, list[dict], str | None]]) -> None:
        """:meth:`add_entries` for several tables in one transaction (the hub's group commit): each item
        is ``(code, start, entries, status)``; all are stored or none."""
        items = [it for it in items if it[2] or it[3] is not None]
        if not items:
            return
        now = time.time()
        rows = [{"table_code": code, "idx": start + i, "entry": json.dumps(e, separators=(",", ":"))}
                for code, start, entries, _ in items for i, e in enumerate(entries)]
        touched: dict[str, str | None] = {}
        for code, _, _, status in items:
            touched[code] = status if status is not None else touched.get(code)
        # statements built once, in SQLAlchemy Core (not the ORM's unit of work): this runs after every action
        with self.engine.begin() as conn:
            if rows:
                conn.execute(_ADD_ENTRY, rows)
            plain = [{"c": c, "u": now} for c, st in touched.items() if st is None]
            if plain:
                conn.execute(_TOUCH, plain)
            changed = [{"c": c, "u": now, "s": st} for c, st in touched.items() if st is not None]
            if changed:
                conn.execute(_TOUCH_STATUS, changed)

    def entries(self, code: str) -> list[dict]:
        with self._s() as s:
            rows = s.scalars(select(EntryRow.entry).where(EntryRow.table_code == code).order_by(EntryRow.idx))
            return [json.loads(r) for r in rows]
