"""Issue 29, point 1: several workers share one database and each live table has one owner at a time,
guaranteed by the database (a lease with a fencing token that every write checks), even after a pause.

The store's side: :meth:`Store.claim`, :meth:`Store.renew`, :meth:`Store.release` and
``add_batch(..., fences=...)``. Run on SQLite (a file, as workers on one machine would share it) and on a
real PostgreSQL server (slow: started by the test)."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_support import postgres_server

from unokit.play.web.store import LostOwnership, Store

TTL = 5.0


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    yield s
    s.close()


def _table(st_: Store, code: str = "ABC234") -> str:
    st_.create_table(code, {"seats": 2}, now=0.0)
    return code


def test_ownership_one_claim_wins_while_the_lease_runs(store):
    code = _table(store)
    assert store.claim(code, "w1", TTL, now=10.0) == 1
    assert store.claim(code, "w2", TTL, now=14.9) is None          # w1's lease runs to 15
    assert store.owner(code) == ("w1", 1, 15.0)
    assert store.claim(code, "w2", TTL, now=15.0) == 2             # expired: taken over, a new token
    assert store.owner(code).worker == "w2"


def test_ownership_a_paused_worker_coming_back_stores_nothing(store):
    code = _table(store)
    old = store.claim(code, "w1", TTL, now=0.0)
    store.add_batch([(code, 0, [{"k": "a", "by": "w1"}], None)], fences={code: old})
    # w1 pauses past its lease; w2 takes the table over and plays on from the stored log
    new = store.claim(code, "w2", TTL, now=60.0)
    assert new == old + 1
    store.add_batch([(code, 1, [{"k": "b", "by": "w2"}], None)], fences={code: new})
    # w1 wakes up and writes what it applied before the pause: refused, nothing stored, not even its status
    with pytest.raises(LostOwnership) as e:
        store.add_batch([(code, 1, [{"k": "stale", "by": "w1"}], "over")], fences={code: old})
    assert e.value.codes == [code]
    assert store.entries(code) == [{"k": "a", "by": "w1"}, {"k": "b", "by": "w2"}]
    assert store.table(code).status == "lobby"
    assert store.renew("w1", {code: old}, TTL, now=61.0) == [code]       # its renewal says so too
    assert store.release(code, "w1", old) is False
    assert store.owner(code) == ("w2", new, 65.0)


def test_ownership_a_batch_over_several_tables_is_all_or_nothing(store):
    a, b = _table(store, "AAAAAA"), _table(store, "BBBBBB")
    fa, fb = store.claim(a, "w1", TTL, now=0.0), store.claim(b, "w1", TTL, now=0.0)
    store.claim(b, "w2", TTL, now=0.0, steal=True)
    with pytest.raises(LostOwnership) as e:
        store.add_batch([(a, 0, [{"k": 1}], None), (b, 0, [{"k": 2}], None)], fences={a: fa, b: fb})
    assert e.value.codes == [b]
    assert store.entries(a) == [] and store.entries(b) == []
    with pytest.raises(LostOwnership):                  # a table the worker never claimed
        store.add_batch([(a, 0, [{"k": 1}], None)], fences={})


def test_ownership_renew_extends_keeps_the_token_and_release_frees_at_once(store):
    code = _table(store)
    f = store.claim(code, "w1", TTL, now=0.0)
    assert store.renew("w1", {code: f}, TTL, now=4.0) == []
    assert store.claim(code, "w2", TTL, now=8.0) is None          # renewed to 9
    assert store.owner(code) == ("w1", f, 9.0)
    assert store.release(code, "w1", f) is True
    assert store.claim(code, "w2", TTL, now=8.0) == f + 1


def test_ownership_tokens_grow_by_one_per_tenure_and_are_never_reused(store):
    code = _table(store)
    seen = [store.claim(code, f"w{i % 3}", TTL, now=10.0 * i) for i in range(12)]
    assert seen == list(range(1, 13))
    assert store.claim(code, "w0", TTL, now=200.0) == 13          # a worker reclaiming starts a new tenure


def test_ownership_no_lease_for_a_table_that_does_not_exist(store):
    assert store.claim("NOSUCH", "w1", TTL, now=0.0) is None
    assert store.owner("NOSUCH") is None


# ------------------------------------------------------------------ a model of any interleaving
_OPS = st.lists(st.tuples(st.sampled_from(["claim", "write", "renew", "release", "steal", "wait"]),
                          st.integers(0, 2)), max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS)
def test_ownership_any_interleaving_of_three_workers_keeps_one_writer_at_a_time(tmp_path_factory, ops):
    st_ = Store(f"sqlite:///{tmp_path_factory.mktemp('own') / 't.db'}")
    try:
        code = _table(st_)
        now = 0.0
        held: dict[int, int] = {}             # worker -> the token it believes it holds
        owner: tuple[int, int] | None = None  # the model: (worker, token) of the live tenure
        expires = -1.0
        fence = 0
        log: list[dict] = []
        for op, w in ops:
            if op == "wait":
                now += 3.0
            elif op in ("claim", "steal"):
                got = st_.claim(code, f"w{w}", TTL, now=now, steal=op == "steal")
                free = owner is None or expires <= now or owner[0] == w or op == "steal"
                assert (got is not None) == free
                if got is not None:
                    fence += 1
                    assert got == fence
                    owner, expires, held[w] = (w, got), now + TTL, got
            elif op == "renew" and w in held:
                lost = st_.renew(f"w{w}", {code: held[w]}, TTL, now=now)
                assert (lost == []) == (owner == (w, held[w]))
                if not lost:
                    expires = now + TTL
            elif op == "release" and w in held:
                assert st_.release(code, f"w{w}", held[w]) == (owner == (w, held[w]))
                if owner == (w, held[w]):
                    expires = 0.0
            elif op == "write" and w in held:
                entry = {"w": w, "f": held[w], "i": len(log)}
                try:
                    st_.add_batch([(code, len(log), [entry], None)], fences={code: held[w]})
                    assert owner == (w, held[w]), "a write by a worker that does not hold the table"
                    log.append(entry)
                except LostOwnership:
                    assert owner != (w, held[w])
        stored = st_.entries(code)
        assert stored == log
        assert [e["f"] for e in stored] == sorted(e["f"] for e in stored)     # tenures never interleave
    finally:
        st_.close()


# ------------------------------------------------------------------ real concurrency
def together(run, n: int) -> None:
    """``run(k)`` for k in 0..n-1, each in its own thread, all at once."""
    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)


def _race(url: str, workers: int = 4, rounds: int = 30) -> None:
    """``workers`` threads, each with its own Store (its own connections, as separate processes would
    have), race to claim each new table at the same moment: exactly one wins each round."""
    setup = Store(url)
    codes = [f"R{i:05d}" for i in range(rounds)]
    for c in codes:
        setup.create_table(c, {}, now=0.0)
    stores = [Store(url) for _ in range(workers)]
    wins: list[list[int | None]] = [[None] * workers for _ in range(rounds)]
    gate = threading.Barrier(workers)

    def run(k: int) -> None:
        for r, c in enumerate(codes):
            gate.wait()
            wins[r][k] = stores[k].claim(c, f"w{k}", TTL, now=1.0)

    together(run, workers)
    try:
        for r in range(rounds):
            assert [x for x in wins[r] if x is not None] == [1], wins[r]
    finally:
        for s in [*stores, setup]:
            s.close()


def _writers(url: str, workers: int = 3, seconds: float = 1.5) -> None:
    """Workers that keep stealing one table from each other and writing to it with their token, with
    no coordination but the database: the log stays contiguous and each entry's token never goes down,
    however the commits interleave."""

    setup = Store(url)
    code = _table(setup, "WRITE1")
    stores = [Store(url) for _ in range(workers)]
    refused = [0] * workers
    stop = time.monotonic() + seconds

    def run(k: int) -> None:
        s = stores[k]
        while time.monotonic() < stop:
            f = s.claim(code, f"w{k}", TTL, steal=True)
            assert f is not None
            for _ in range(3):
                n = len(s.entries(code))    # a new owner reads the log, as a restore does
                try:
                    s.add_batch([(code, n, [{"w": k, "f": f}], None)], fences={code: f})
                except LostOwnership:
                    refused[k] += 1
                    break
                except Exception as e:   # a duplicate index: the bug this test is for
                    raise AssertionError(f"a write with a live token failed: {e!r}") from e

    together(run, workers)
    try:
        fences = [e["f"] for e in setup.entries(code)]
        assert fences and fences == sorted(fences)
        assert sum(refused) > 0, "the workers never raced: the test proved nothing"
    finally:
        for s in [*stores, setup]:
            s.close()


def _renewing_while_writing(url: str, tables: int = 30, rounds: int = 40) -> None:
    """A worker's lease renewal (a thread) and its group commit over the same tables at the same time never
    wait on each other for long: both lock the lease rows in one order (in two orders PostgreSQL found a
    deadlock after its deadlock_timeout, 1 s, and an action waited that long)."""
    setup = Store(url)
    codes = [f"D{i:05d}" for i in range(tables)]
    for c in codes:
        setup.create_table(c, {}, now=0.0)
    a, b = Store(url), Store(url)
    fences = {c: a.claim(c, "w", 600.0) for c in codes}
    slowest = [0.0]
    stop = threading.Event()

    def renew() -> None:
        while not stop.is_set():
            assert a.renew("w", fences, 600.0) == []

    t = threading.Thread(target=renew)
    t.start()
    try:
        for r in range(rounds):
            batch = [(c, r, [{"r": r}], None) for c in reversed(codes)]       # the hub queues in any order
            t0 = time.perf_counter()
            b.add_batch(batch, fences=fences)
            slowest[0] = max(slowest[0], time.perf_counter() - t0)
    finally:
        stop.set()
        t.join(30)
        for s in (a, b, setup):
            s.close()
    assert slowest[0] < 0.5, f"a group commit waited {slowest[0]:.2f} s on the lease renewal"


def test_ownership_workers_racing_for_new_tables_on_sqlite(tmp_path):
    _race(f"sqlite:///{tmp_path / 'race.db'}")


def _steal_meets_a_first_lease_inserted_meanwhile(url: str) -> None:
    """The race that once killed every writer of :func:`_writers` at its first claim (CI, PostgreSQL): a
    steal's update finds no lease row, another worker inserts the first lease and commits, and the steal's
    next read sees it. The steal must take the lease (a new token), not answer "held" as a plain claim does."""
    from sqlalchemy import event

    setup, a, b = Store(url), Store(url), Store(url)
    code = _table(setup, "STEAL1")
    fired: list[int | None] = []

    def after(conn, cursor, statement, *args) -> None:
        if not fired and statement.lstrip().upper().startswith("UPDATE"):
            fired.append(b.claim(code, "wb", TTL, now=1.0))        # b's first lease lands in between

    event.listen(a.engine, "after_cursor_execute", after)
    try:
        got = a.claim(code, "wa", TTL, now=1.0, steal=True)
        assert fired == [1]
        assert got == 2 and setup.owner(code) == ("wa", 2, 1.0 + TTL)
    finally:
        event.remove(a.engine, "after_cursor_execute", after)
        for s in (a, b, setup):
            s.close()


def _writer_outlives_its_backend(url: str) -> None:
    """The log's writer keeps one connection (``Store.add_batch``): when the server ends that connection's
    backend (a restart, an administrator), the batch then fails whole and the next one is stored on a new
    connection."""
    from sqlalchemy import text

    setup, st_ = Store(url), Store(url)
    try:
        code = _table(setup, "PGW001")
        st_.add_batch([(code, 0, [{"i": 0}], None)])
        pid = st_._writer.dbapi_connection.info.backend_pid
        with setup.engine.begin() as conn:
            assert conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar() is True
        with pytest.raises(Exception):      # noqa: B017 - the driver's own error
            st_.add_batch([(code, 1, [{"i": 1}], "playing")])
        st_.add_batch([(code, 1, [{"i": 1}], "playing")])
        assert setup.entries(code) == [{"i": 0}, {"i": 1}] and setup.table(code).status == "playing"
    finally:
        st_.close()
        setup.close()


@pytest.mark.slow
def test_ownership_on_a_real_postgresql_server_racing_claims_and_stealing_writers():
    with postgres_server() as url:
        _writer_outlives_its_backend(url)
        _steal_meets_a_first_lease_inserted_meanwhile(url)
        _race(url, workers=6, rounds=40)
        _writers(url)
        _renewing_while_writing(url)
