"""The hub's group commit (issue 24, point 3): the log entries of every table changed in one turn of the
event loop are stored in one transaction, each change is told only once its entries are stored, and a
write that fails fails only its own change (its entries are written again by the next commit)."""

from __future__ import annotations

import asyncio

import pytest

from unokit.play.session import TableOptions
from unokit.play.web.hub import Hub
from unokit.play.web.store import Store


def opts(**kw):
    return TableOptions.from_dict({"seats": 4, "match": False, "bot_think": 0, "seed": 5, **kw})


def test_changes_of_many_tables_in_one_loop_turn_are_stored_in_one_transaction():
    async def main():
        hub = Hub(Store("sqlite://"))
        rts = [(await hub.create(opts(), f"P{i}"))[0] for i in range(6)]
        commits = hub.writer.commits
        told = []

        async def chat(rt, i):
            await hub.change(rt, lambda s, now: s.join(f"hello {i}", now))
            told.append(i)

        await asyncio.gather(*(chat(rt, i) for i, rt in enumerate(rts)))
        assert sorted(told) == list(range(6))
        assert hub.writer.commits == commits + 1          # six tables' changes, one transaction
        for rt in rts:
            stored = hub.store.entries(rt.code)
            assert stored == rt.session.log and rt.saved == len(stored)
        await hub.close()

    asyncio.run(main())


def test_a_change_is_told_only_after_its_entries_are_stored():
    async def main():
        hub = Hub(Store("sqlite://"))
        rt, _, _ = await hub.create(opts(), "Ana")
        seen = []

        async def send(msg):
            seen.append((len(rt.session.log), len(hub.store.entries(rt.code))))

        from unokit.play.web.hub import Conn
        await hub.connect(rt, Conn(send=send, player=0))
        await hub.change(rt, lambda s, now: s.join("hi", now))
        # every state message a connection received was sent when the log it shows was already stored
        assert len(seen) == 2 and all(logged == stored for logged, stored in seen)
        assert seen[-1][1] == len(rt.session.log)
        await hub.close()

    asyncio.run(main())


def test_a_failed_write_fails_only_its_own_change_and_its_entries_are_written_again():
    async def main():
        store = Store("sqlite://")
        hub = Hub(store)
        good, _, _ = await hub.create(opts(), "Ana")
        bad, _, _ = await hub.create(opts(), "Bia")
        real = store.add_batch
        failing = {bad.code}

        def add_batch(items, fences=None):
            if any(code in failing for code, *_ in items):
                raise RuntimeError("disk full")
            real(items, fences=fences)

        store.add_batch = add_batch
        results = await asyncio.gather(hub.change(good, lambda s, now: s.join("ok", now)),
                                       hub.change(bad, lambda s, now: s.join("lost?", now)),
                                       return_exceptions=True)
        assert results[0] == 1                              # the seat "ok" took
        assert isinstance(results[1], RuntimeError)
        assert store.entries(good.code) == good.session.log
        assert bad.saved < len(bad.session.log)             # its entries are still to be written
        failing.clear()
        await hub.change(bad, lambda s, now: s.join("again", now))
        assert store.entries(bad.code) == bad.session.log  # nothing lost, nothing written twice
        await hub.close()

    asyncio.run(main())


def test_a_cancelled_request_leaves_its_change_stored():
    async def main():
        hub = Hub(Store("sqlite://"))
        rt, _, _ = await hub.create(opts(), "Ana")
        task = asyncio.ensure_future(hub.change(rt, lambda s, now: s.join("bye", now)))
        await asyncio.sleep(0)          # the change is applied and queued; its request goes away
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0)
        assert hub.store.entries(rt.code) == rt.session.log
        await hub.close()

    asyncio.run(main())


# ------------------------------------------------------------------ the store's writer (one DBAPI connection)
def _log_store(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'log.db'}")
    for code in ("AAA222", "BBB333"):
        store.create_table(code, {}, now=0.0)
    return store


def test_writer_a_batch_with_a_duplicate_entry_stores_nothing_and_the_next_batch_is_stored(tmp_path):
    store = _log_store(tmp_path)
    try:
        store.add_batch([("AAA222", 0, [{"i": 0}], None)])
        with pytest.raises(Exception, match="UNIQUE"):        # index 0 again, beside a good entry of another table
            store.add_batch([("BBB333", 0, [{"i": 0}], None), ("AAA222", 0, [{"i": 9}], "playing")])
        assert store.entries("AAA222") == [{"i": 0}] and store.entries("BBB333") == []
        assert store.table("AAA222").status == "lobby"        # the status change of the failed batch neither
        store.add_batch([("BBB333", 0, [{"i": 0}], None), ("AAA222", 1, [{"i": 1}], "playing")])
        assert store.entries("AAA222") == [{"i": 0}, {"i": 1}] and store.entries("BBB333") == [{"i": 0}]
        assert store.table("AAA222").status == "playing"
    finally:
        store.close()


def test_writer_a_connection_broken_behind_its_back_is_replaced_and_nothing_is_lost(tmp_path):
    store = _log_store(tmp_path)
    try:
        store.add_batch([("AAA222", 0, [{"i": 0}], None)])
        store._writer.dbapi_connection.close()               # (as a database restarted under the server would)
        with pytest.raises(Exception):                        # noqa: B017 - the driver's own error
            store.add_batch([("AAA222", 1, [{"i": 1}], None)])
        assert store.entries("AAA222") == [{"i": 0}]
        store.add_batch([("AAA222", 1, [{"i": 1}], None)])    # a new connection: the hub writes it again
        assert store.entries("AAA222") == [{"i": 0}, {"i": 1}]
    finally:
        store.close()


def test_writer_stores_the_entries_as_the_json_they_were(tmp_path):
    store = _log_store(tmp_path)
    try:
        entry = {"k": "chat", "t": 1e-05, "text": "olá, ação! \u2764", "n": [1, 2.5, None, True]}
        store.add_entries("AAA222", 0, [entry])
        assert store.entries("AAA222") == [entry]
    finally:
        store.close()


def test_writer_writes_a_tables_updated_with_its_status_and_otherwise_at_most_every_touch_every(tmp_path,
                                                                                               monkeypatch):
    import unokit.play.web.store as store_mod

    clock = [100.0]
    monkeypatch.setattr(store_mod, "time", type("T", (), {"time": staticmethod(lambda: clock[0])}))
    store = _log_store(tmp_path)
    try:
        store.add_batch([("AAA222", 0, [{"i": 0}], None)])
        assert store.table("AAA222").updated == 100.0           # the first action of this writer: written
        clock[0] = 100.0 + store_mod.TOUCH_EVERY / 2
        store.add_batch([("AAA222", 1, [{"i": 1}], None), ("BBB333", 0, [{"i": 0}], None)])
        assert store.table("AAA222").updated == 100.0           # an action soon after: not rewritten
        assert store.table("BBB333").updated == clock[0]        # (another table's first)
        store.add_batch([("AAA222", 2, [{"i": 2}], "playing")])
        assert store.table("AAA222").updated == clock[0]        # with its status: always
        clock[0] += store_mod.TOUCH_EVERY
        store.add_batch([("AAA222", 3, [{"i": 3}], None)])
        assert store.table("AAA222").updated == clock[0]        # TOUCH_EVERY later: written again
        assert len(store.entries("AAA222")) == 4                # every entry stored all along
    finally:
        store.close()
