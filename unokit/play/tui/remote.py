"""A web table joined from the terminal: ``unokit play --join http://host:8000/t/ABC234``.

The URL is a table page's address, with the seat's token after ``#token=`` when you already
have one (the page's own link); without a token, :class:`RemoteTable` joins with a name through
``POST /api/tables/{table}/join``. It then opens ``ws://host/ws/{table}?token=...`` and passes every
message the server sends to the screen; the screen's requests go out as the protocol's ``act``,
``expand``, ``chat`` and ``hello`` messages (docs/protocol.md). A ``state`` sends only the log lines
the connection does not hold yet: they are merged with those held (:func:`~unokit.play.wire.merge_log`),
so the screen gets the whole window; a ``patch`` (the state without what is the seat's own, when that did
not change) is merged into the state held (:func:`~unokit.play.wire.merge_patch`), so the screen gets
whole states. A dropped connection is opened again a few times (the token keeps
the seat).

>>> parse_join_url("http://127.0.0.1:8000/t/ABC234#token=xyz")
('http://127.0.0.1:8000', 'ABC234', 'xyz')
>>> parse_join_url("https://uno.example/t/abc234")
('https://uno.example', 'ABC234', None)
>>> ws_url("https://uno.example", "ABC234", "t0k", "pt")
'wss://uno.example/ws/ABC234?token=t0k&lang=pt&patch=1'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from typing import Protocol
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from ..wire import merge_log, merge_patch
from .adapter import AdapterError, TableAdapter

__all__ = ["RemoteTable", "parse_join_url", "ws_url"]

_CODE = re.compile(r"[A-Za-z0-9]{4,12}")
RETRIES = (0.5, 1.0, 2.0, 4.0, 8.0)
_LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def parse_join_url(url: str) -> tuple[str, str, str | None]:
    """``(base, table, token)`` from a table page's URL (``http[s]://host[:port]/t/CODE[#token=T]``)."""
    if not isinstance(url, str) or len(url) > 2000:
        raise AdapterError("a table URL is text such as http://127.0.0.1:8000/t/ABC234")
    u = urlsplit(url.strip())
    if u.scheme not in ("http", "https") or not u.netloc:
        raise AdapterError(f"not a table URL (expected http://host:port/t/CODE): {url[:100]!r}")
    parts = [p for p in u.path.split("/") if p]
    if len(parts) != 2 or parts[0] != "t" or not _CODE.fullmatch(parts[1]):
        raise AdapterError(f"not a table URL (expected .../t/CODE): {url[:100]!r}")
    token = None
    for chunk in (u.fragment, u.query):
        got = parse_qs(chunk).get("token")
        if got:
            token = got[0]
            break
    return f"{u.scheme}://{u.netloc}", parts[1].upper(), token


def ws_url(base: str, code: str, token: str | None, lang: str = "en") -> str:
    scheme, rest = base.split("://", 1)
    query = {"token": token} if token else {}
    query["lang"] = lang
    query["patch"] = "1"      # (it merges state patches: RemoteTable._receive)
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/{quote(code)}?{urlencode(query)}"


def _loopback(base: str) -> bool:
    host = urlsplit(base).hostname or ""
    return host in _LOOPBACK or host.startswith("127.")


async def post_json(url: str, body: dict, *, timeout: float = 10.0) -> dict:
    """POST ``body`` as JSON; the answer's JSON, or :class:`AdapterError` with the server's ``detail``."""
    try:
        import httpx
    except ImportError:  # pragma: no cover - httpx comes with the test extras; urllib always works
        return await asyncio.to_thread(_post_urllib, url, body, timeout)
    try:
        async with httpx.AsyncClient(timeout=timeout, trust_env=not _loopback(url)) as client:
            r = await client.post(url, json=body)
    except httpx.HTTPError as e:
        raise AdapterError(f"cannot reach {url}: {e or type(e).__name__}") from None
    try:
        data = r.json()
    except ValueError:
        data = {}
    if r.status_code >= 400:
        raise AdapterError(data.get("detail") if isinstance(data, dict) and data.get("detail")
                           else f"the server answered {r.status_code}")
    return data


def _post_urllib(url: str, body: dict, timeout: float) -> dict:  # pragma: no cover - see post_json
    import urllib.error
    import urllib.request
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        try:
            detail = json.loads(e.read()).get("detail")
        except (ValueError, AttributeError):
            detail = None
        raise AdapterError(detail or f"the server answered {e.code}") from None
    except (OSError, ValueError) as e:
        raise AdapterError(f"cannot reach {url}: {e}") from None


class _Socket(Protocol):
    """What the table uses of a websockets client connection (the asyncio one, or the legacy one before 13)."""

    async def send(self, message: str) -> None: ...

    async def close(self) -> None: ...

    def __aiter__(self) -> AsyncIterator[str | bytes]: ...


async def _connect(url: str, loopback: bool) -> _Socket:
    try:
        from websockets.asyncio.client import connect
    except ImportError:  # pragma: no cover - websockets < 13
        from websockets import connect
    if loopback:
        try:
            return await connect(url, max_size=2**20, proxy=None)   # never through a proxy to this machine
        except TypeError:  # pragma: no cover - websockets < 15 has no proxy support at all
            pass
    return await connect(url, max_size=2**20)


class RemoteTable(TableAdapter):
    """A seat (or a spectator's chair) at a web table: see the module docstring."""

    kind = "remote"

    def __init__(self, url: str, name: str = "You", lang: str = "en", *, timeout: float = 10.0):
        super().__init__(lang)
        self.base, self.code, self.token = parse_join_url(url)
        self.name = name
        self.timeout = timeout
        self.player: int | None = None
        self.ws: _Socket | None = None
        self._reader: asyncio.Task | None = None
        self._waiting: list[tuple[str, asyncio.Future]] = []
        self._closing = False
        self._log: tuple | None = None     # the hand's log lines held (wire.merge_log): a state sends the new ones
        self._state: dict | None = None    # the last whole state (a patch is merged into it: wire.merge_patch)

    @property
    def url(self) -> str:
        return f"{self.base}/t/{self.code}" + (f"#token={self.token}" if self.token else "")

    async def open(self, listener) -> None:
        await super().open(listener)
        if self.token is None:
            try:
                got = await post_json(f"{self.base}/api/tables/{quote(self.code)}/join", {"name": self.name},
                                      timeout=self.timeout)
            except AdapterError as e:
                self.notice(f"watching: {e}")
            else:
                self.token, self.player = got.get("token"), got.get("seat")
                self.notice(f"you joined table {self.code} as player {self.player}; your link: {self.url}")
        await self._open_socket()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _open_socket(self) -> None:
        self._log = None           # a new connection's first state carries the whole window
        self._state = None         # and is whole
        try:
            self.ws = await asyncio.wait_for(
                _connect(ws_url(self.base, self.code, self.token, self.lang), _loopback(self.base)), self.timeout)
        except Exception as e:  # noqa: BLE001 - any failure to connect (refused, timeout, bad handshake)
            raise AdapterError(f"cannot connect to {self.base}: {e or type(e).__name__}") from None

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed
        tries = 0
        while not self._closing:
            assert self.ws is not None      # open() connected before it started this reader
            try:
                async for raw in self.ws:
                    tries = 0
                    self._receive(raw)
            except ConnectionClosed:
                pass
            if self._closing:
                break
            if tries >= len(RETRIES):
                self.error("the connection to the table is lost (q quits)")
                break
            self.notice("the connection dropped: connecting again...")
            await asyncio.sleep(RETRIES[tries])
            tries += 1
            try:
                await self._open_socket()
            except AdapterError:
                continue
        self._fail_waiting("the connection closed")

    def _receive(self, raw) -> None:
        try:
            msg = json.loads(raw)
        except ValueError:
            return
        if not isinstance(msg, dict):
            return
        kind = msg.get("type")
        if kind == "patch":
            if self._state is None:      # (never: a connection's first state is whole)
                return
            msg, kind = merge_patch(self._state, msg), "state"
        if kind == "state":
            # the log sent holds the lines from log_at on: with those held before, the whole window
            self._log = merge_log(self._log, msg)
            msg["log_at"], msg["log"] = self._log[1], list(self._log[2])
            if isinstance(msg.get("you"), dict):
                self.player = msg["you"].get("player")
            self._state = msg
        if kind == "options":
            for i, (stem, fut) in enumerate(self._waiting):
                if stem == msg.get("stem"):
                    del self._waiting[i]
                    if not fut.done():
                        fut.set_result(msg.get("actions") or [{"text": t} for t in msg.get("options", [])])
                    return
        if kind == "error" and self._waiting:       # the answer to the oldest expand
            _, fut = self._waiting.pop(0)
            if not fut.done():
                fut.set_exception(AdapterError(msg.get("message", "refused")))
            return
        self.emit(msg)

    def _fail_waiting(self, why: str) -> None:
        for _, fut in self._waiting:
            if not fut.done():
                fut.set_exception(AdapterError(why))
        self._waiting.clear()

    async def _send(self, msg: dict) -> bool:
        if self.ws is None:
            self.error("not connected to the table")
            return False
        try:
            await self.ws.send(json.dumps(msg))
        except Exception as e:  # noqa: BLE001 - a closed socket: the reader reconnects
            self.error(f"not sent ({type(e).__name__}): the connection is being restored")
            return False
        return True

    async def close(self) -> None:
        self._closing = True
        self.listener = None
        self._fail_waiting("the table was closed")
        if self.ws is not None:
            with contextlib.suppress(Exception):      # a socket that is already gone
                await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        await super().close()

    # ------------------------------------------------------------------ the client's messages
    async def act(self, text: str) -> None:
        await self._send({"type": "act", "action": text})

    async def expand(self, stem: str) -> list[dict]:
        fut = asyncio.get_running_loop().create_future()
        self._waiting.append((stem, fut))
        if not await self._send({"type": "expand", "action": stem}):
            self._waiting.remove((stem, fut))
            raise AdapterError("not connected to the table")
        try:
            return await asyncio.wait_for(fut, self.timeout)
        except TimeoutError:
            raise AdapterError("the table did not answer") from None
        finally:
            if (stem, fut) in self._waiting:
                self._waiting.remove((stem, fut))

    async def chat(self, text: str) -> None:
        await self._send({"type": "chat", "text": text})

    async def set_lang(self, lang: str) -> None:
        await super().set_lang(lang)
        await self._send({"type": "hello", "lang": lang})

    async def start(self) -> None:
        if not self.token:
            self.error("spectators cannot start the table")
            return
        try:
            await post_json(f"{self.base}/api/tables/{quote(self.code)}/start", {"token": self.token},
                            timeout=self.timeout)
        except AdapterError as e:
            self.error(str(e))
