"""What the table screen drives: a table that speaks the messages of docs/protocol.md.

The Textual app never touches a :class:`~unokit.play.session.TableSession` or a socket itself: it
talks to a :class:`TableAdapter`, which hands it the protocol's messages (``state``, ``options``,
``notice``, ``error``) through one listener, and takes the client's messages (``act``, ``expand``,
``chat``, ``hello``) as method calls. :class:`~unokit.play.tui.local.LocalTable` runs a session in
the app's own process; :class:`~unokit.play.tui.remote.RemoteTable` joins a web table over HTTP and
a WebSocket. Both give the screen exactly what the web page gets.

>>> seen = []
>>> t = TableAdapter()
>>> t.listener = seen.append
>>> t.emit({"type": "notice", "message": "hello"})
>>> seen, t.state
([{'type': 'notice', 'message': 'hello'}], None)
"""

from __future__ import annotations

from collections.abc import Callable

from ..wire import action_json

__all__ = ["AdapterError", "TableAdapter", "action_dict"]


class AdapterError(Exception):
    """A request the table refused or could not carry (the message is for the player)."""


action_dict = action_json   # an engine action as the protocol writes it (unokit.play.wire)


class TableAdapter:
    """A table seen by one player (or a spectator): see the module docstring.

    Subclasses implement :meth:`open`, :meth:`act`, :meth:`expand`, :meth:`chat` and may implement
    the others. ``tick_every``: seconds between :meth:`tick` calls the app should make (``None``:
    the table moves by itself, as a server's does)."""

    kind = "table"
    can_save = False
    tick_every: float | None = None

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.listener: Callable[[dict], None] | None = None
        self.state: dict | None = None

    # ------------------------------------------------------------------ to the screen
    def emit(self, msg: dict) -> None:
        """Hand one protocol message to the screen (and keep the latest ``state``)."""
        if msg.get("type") == "state":
            self.state = msg
        if self.listener is not None:
            self.listener(msg)

    def error(self, message: str) -> None:
        self.emit({"type": "error", "message": str(message)})

    def notice(self, message: str) -> None:
        self.emit({"type": "notice", "message": str(message)})

    # ------------------------------------------------------------------ from the screen
    async def open(self, listener: Callable[[dict], None]) -> None:
        """Start listening: the first ``state`` follows soon."""
        self.listener = listener

    async def close(self) -> None:
        self.listener = None

    async def act(self, text: str) -> None:
        """Send an action for your seat (errors come back as ``error`` messages)."""
        raise NotImplementedError

    async def expand(self, stem: str) -> list[dict]:
        """The next choices of a play being composed (raises :class:`AdapterError`)."""
        raise NotImplementedError

    async def chat(self, text: str) -> None:
        raise NotImplementedError

    async def set_lang(self, lang: str) -> None:
        self.lang = lang

    async def start(self) -> None:
        """Deal the first hand (a web table's host); a local table has already started."""
        self.error("this table has already started")

    async def next_hand(self) -> None:
        """Deal the next hand now instead of waiting between hands (where the table allows it)."""
        self.error("the next hand is dealt when the table's wait between hands ends")

    def tick(self) -> None:
        """Let time pass (only tables with ``tick_every`` need it)."""

    def save(self, path=None) -> str:
        """Write the game to ``path`` (a local table's default: where it was resumed from); returns the path."""
        raise AdapterError("only a game played on this computer can be saved here")
