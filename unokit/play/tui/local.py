"""A table played on this computer: a :class:`TableSession` in the app's process, you at player 0.

The app calls :meth:`LocalTable.tick` on a timer (``set_interval``); each tick lets the session
do what is due (bots' moves after their think time, UNO graces, the next hand) and sends the
screen a fresh ``state`` from :func:`~unokit.play.wire.state_message` when something changed or
a clock on screen is running. Your actions go through :meth:`TableSession.act` and
:meth:`TableSession.expand`, exactly as the web server's do.

A game is saved as its table options and log (the same entries the web server writes to its
database) and resumed with :meth:`TableSession.restore`:

>>> import tempfile, os
>>> t = LocalTable.new(TableOptions(rules="UNO 1121", seats=2, match=False, bot_think=0, seed=4))
>>> path = os.path.join(tempfile.mkdtemp(), "game.json")
>>> _ = t.save(path)
>>> u = LocalTable.resume(path)
>>> u.session.game.fingerprint() == t.session.game.fingerprint()
True
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from ...core.errors import UnoError
from ..session import TableError, TableOptions, TableSession
from ..wire import state_message
from .adapter import AdapterError, TableAdapter, action_dict

__all__ = ["MAX_SAVE_BYTES", "SAVE_FORMAT", "LocalTable", "load_save", "local_options"]

SAVE_FORMAT = "unokit-table/1"
MAX_SAVE_BYTES = 64 * 2**20
#: Local games: bots think a little so you see each move; a long wait between hands that Enter skips.
LOCAL_TIMES = {"bot_think": 0.8, "uno_grace": 2.0, "between_hands": 60.0}


def local_options(rules: str = "UNO 1121", players: int = 4, bots=None, *, match: bool = True,
                  seed: int | None = None, deck: str = "classic", decks: int = 1, **times) -> TableOptions:
    """Table options for a game on this computer: you at player 0 and bots in every other seat.

    ``bots``: a bot name or a list (or comma-separated text) repeated over seats 1.. (``None``: the
    table's stand-in, the strategist).

    >>> local_options("UNO 1121", 4, "greedy,random").bots
    ((1, 'greedy'), (2, 'random'), (3, 'greedy'))
    """
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",") if b.strip()]
    kw = dict(LOCAL_TIMES) | times
    seat_bots = {}
    if bots:
        seat_bots = {str(p): bots[(p - 1) % len(bots)] for p in range(1, players)}
    return TableOptions(rules=rules, seats=players, match=match, bots=tuple(seat_bots.items()), seed=seed,
                        deck=deck, decks=decks, **kw)


def load_save(path) -> dict:
    """A saved game's ``{"options", "log", "player"}``; raises :class:`TableError` naming what is wrong."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise TableError(f"{path} is too large for a saved game")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise TableError(f"cannot read {path}: {e.strerror or e}") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise TableError(f"{path} is not a saved game (not JSON: {e})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise TableError(f"{path} is not a saved game (expected format {SAVE_FORMAT!r})")
    if not isinstance(data.get("options"), dict) or not isinstance(data.get("log"), list):
        raise TableError(f"{path} is not a saved game: it needs 'options' and 'log'")
    player = data.get("player", 0)
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < 10:
        raise TableError(f"{path}: player must be a seat number")
    return {"options": data["options"], "log": data["log"], "player": player}


class LocalTable(TableAdapter):
    """A :class:`TableSession` played here (see the module docstring).

    ``clock``: seconds (``time.monotonic`` by default); ``autoplay``: the stand-in bot plays your
    turns (a demonstration, and the tests' way to play a whole match)."""

    kind = "local"
    can_save = True
    tick_every = 0.1

    def __init__(self, session: TableSession, player: int = 0, lang: str = "en", *, clock=None,
                 autoplay: bool = False, save_path=None):
        super().__init__(lang)
        self.session = session
        self.player = player
        self.autoplay = autoplay
        self.save_path = save_path
        self._clock = clock or time.monotonic
        self._t0 = self._clock()
        self._base = max((float(e.get("t", 0.0)) for e in session.log), default=0.0)
        self._shown = -1.0

    @classmethod
    def new(cls, options: TableOptions, name: str = "You", **kw) -> LocalTable:
        """A new table with you seated first and the first hand dealt."""
        s = TableSession(options)
        player = s.join(name)
        s.start(0.0)
        return cls(s, player, **kw)

    @classmethod
    def resume(cls, path, **kw) -> LocalTable:
        """The game saved in ``path`` (raises :class:`TableError`)."""
        data = load_save(path)
        s = TableSession.restore(data["options"], data["log"])
        if s.seats[data["player"]].kind != "person":
            raise TableError(f"{path}: player {data['player']} is not a person at this table")
        kw.setdefault("save_path", path)
        return cls(s, data["player"], **kw)

    def now(self) -> float:
        """Seconds on the table's clock (a resumed game goes on from its last entry)."""
        return self._base + (self._clock() - self._t0)

    # ------------------------------------------------------------------ the adapter
    async def open(self, listener) -> None:
        await super().open(listener)
        self.session.set_connected(self.player, True, self.now())
        self.tick(force=True)

    async def close(self) -> None:
        await super().close()

    def tick(self, force: bool = False) -> None:
        now = self.now()
        s = self.session
        changed = False
        try:
            for _ in range(10_000):      # bounded: each pass moves the table or stops
                moved = s.tick(now)
                if self.autoplay and self._my_turn():
                    s.act_for(self.player, now)
                    moved = True
                if not moved:
                    break
                changed = True
        except UnoError as e:            # pragma: no cover - a bot refused: the table waits for people
            self.error(str(e))
        self._notices()
        running = (self.state is not None and any(
            self.state.get(k) is not None for k in ("turn_left", "between_left"))) or bool(s.grace)
        if changed or force or (running and now - self._shown >= 0.5):
            self.push_state(now)

    def _my_turn(self) -> bool:
        s = self.session
        if s.status != "playing" or s.game is None or s.game.over:
            return False
        return s.game.to_act == s.seat_of(self.player)

    def push_state(self, now: float | None = None) -> None:
        now = self.now() if now is None else now
        self._shown = now
        self.emit(state_message(self.session, self.player, self.lang, now=now))

    def _notices(self) -> None:
        for p, text in self.session.drain_notices():
            if p is None or p == self.player:
                self.notice(text)

    async def act(self, text: str) -> None:
        now = self.now()
        try:
            out = self.session.act(self.player, text, now)
        except UnoError as e:
            self.error(str(e))
            return
        if out.status == "held":
            self.notice(out.message)
        self.tick(force=True)

    async def expand(self, stem: str) -> list[dict]:
        try:
            return [action_dict(a) for a in self.session.expand(self.player, stem)]
        except UnoError as e:
            raise AdapterError(str(e)) from None

    async def chat(self, text: str) -> None:
        from ...core.actions import Say
        from ..session import clean_chat
        s, now = self.session, self.now()
        try:
            seat = s.seat_of(self.player)
            if s.status == "playing" and seat is not None:
                s.act(self.player, Say(seat, clean_chat(text)), now)
            else:
                s.say_between(self.player, text, now)
        except UnoError as e:
            self.error(str(e))
            return
        self.tick(force=True)

    async def set_lang(self, lang: str) -> None:
        await super().set_lang(lang)
        self.push_state()

    async def next_hand(self) -> None:
        s = self.session
        if s.status != "between":
            self.error("there is no hand to wait for" if s.status != "over" else "the game is over")
            return
        s.deal_now(self.now())
        self.tick(force=True)

    # ------------------------------------------------------------------ saving
    def save(self, path=None) -> str:
        """Write the table's options and log to ``path`` (default: where it was resumed from); returns the path."""
        path = Path(path or self.save_path or "unokit-game.json")
        data = {"format": SAVE_FORMAT, "options": self.session.options.to_dict(), "log": self.session.log,
                "player": self.player}
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as e:
            raise AdapterError(f"cannot save to {path}: {e.strerror or e}") from None
        self.save_path = path
        return str(path)
