"""The replay viewer: ``unokit replay --view FILE`` (and ``r`` at the end of a local game).

It steps through a game a step at a time with ←/→, every hand face up. A game saved by
``unokit play`` (``s``: table options and log) is rebuilt step by step with
:meth:`TableSession.restore` on the log up to that step, as the web server's replay does; a hand
record, a list of them or a match record (what ``unokit replay`` checks) is replayed with
:func:`unokit.engine.playback.replay` on the actions up to that step. A step is built when it is shown.

>>> from unokit.play.session import TableOptions, TableSession
>>> s = TableSession(TableOptions(rules="UNO 1121", seats=2, match=False, bot_think=0, uno_grace=0, seed=2))
>>> s.start(0.0) if s.join("Ana") == 0 else None
>>> _ = s.act_for(0, 1.0) if s.game.to_act == 0 else s.tick(1.0)
>>> f = table_frames(s.options, s.log)
>>> len(f), f[0]["step"], len(f[0]["hands"])
(2, 0, 2)
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine.narrate import describe, describe_pending
from ..session import TableOptions, TableSession
from ..wire import state_message, view_json
from .widgets import (
    Panel,
    card_text,
    render_log,
    render_pile,
    render_scores,
    render_seats,
)

__all__ = ["Frames", "ReplayApp", "ReplayScreen", "record_frames", "table_frames"]


_BY = {"bot": "  (a bot)", "auto": "  (the stand-in, for a person)"}


class Frames:
    """``count`` replay steps; step ``i`` is ``build(i)``, a state message with ``hands`` (made when asked)."""

    def __init__(self, count: int, build, title: str = "replay"):
        self.count = count
        self.title = title
        self._build = lru_cache(maxsize=64)(build)

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: int) -> dict:
        if not 0 <= i < self.count:
            raise IndexError(i)
        frame = dict(self._build(i))
        frame["step"], frame["steps"] = i, self.count
        return frame


def table_frames(options, log: list, lang: str = "en") -> Frames:
    """The steps of a table's log (the start, each deal, each action), as a spectator who sees every hand."""
    options = TableOptions.from_dict(options) if isinstance(options, dict) else options
    marks = [i for i, e in enumerate(log) if e.get("k") in ("start", "deal", "act")]

    def build(i: int) -> dict:
        s = TableSession.restore(options, log[:marks[i] + 1])
        msg = state_message(s, None, lang)
        msg["hands"] = [[c.code for c in s.game.view(seat).hand] for seat in range(s.game.n)] if s.game else []
        e = log[marks[i]]
        msg["caption"] = {"start": "the first deal", "deal": f"hand {e.get('hand')} is dealt"}.get(
            e["k"], f"{e.get('action')}" + _BY.get(e.get("by"), ""))
        return msg

    return Frames(len(marks), build, f"{options.rules}  ·  saved game")


def _hand_records(data) -> list[dict]:
    if isinstance(data, dict) and isinstance(data.get("hands"), list) and "actions" not in data:
        items = data["hands"]
    elif isinstance(data, list):
        items = data
    else:
        items = [data]
    return [it["record"] if isinstance(it, dict) and isinstance(it.get("record"), dict) else it for it in items]


def record_frames(data, lang: str = "en") -> Frames:
    """The steps of hand records (one, a list, or a match record's hands): each deal, then each action."""
    from ...engine.playback import replay
    recs = _hand_records(data)
    starts, total = [], 0
    for rec in recs:
        starts.append(total)
        total += len(rec.get("actions", [])) + 1

    def build(i: int) -> dict:
        k = max(j for j, s in enumerate(starts) if s <= i)
        rec, step = recs[k], i - starts[k]
        g = replay(dict(rec, actions=rec["actions"][:step]), check=False)
        frame = game_frame(g, rec.get("rules", ""), lang)
        frame["hand_no"] = k + 1
        frame["caption"] = f"hand {k + 1}: the deal" if step == 0 else f"hand {k + 1}: {_action_text(rec, step - 1)}"
        return frame

    return Frames(total, build, f"{recs[0].get('rules', '')}  ·  {len(recs)} hand record(s)" if recs else "records")


def _action_text(rec: dict, j: int) -> str:
    from ...core.actions import action_from_dict
    try:
        return str(action_from_dict(rec["actions"][j][1]))
    except Exception:  # noqa: BLE001 - a caption only
        return "?"


def game_frame(g, rules: str, lang: str = "en") -> dict:
    """A spectator's state message for a bare :class:`~unokit.engine.game.Game`, with every hand."""
    v = g.view(None)
    names = [f"seat {i}" for i in range(g.n)]
    seats = [{"seat": i, "player": i, "name": names[i], "kind": None, "bot": None, "connected": False,
              "away": False, "cards": v.hand_sizes[i], "uno": v.uno_said[i], "catchable": i in v.catchable,
              "grace": None} for i in range(g.n)]
    return {"type": "replay", "status": "over" if g.over else "playing", "rules": rules, "options": {"match": False},
            "you": None, "seats": seats, "view": view_json(v), "legal": [], "actions": [],
            "log": [describe(e, None, names, lang) for e in v.history[-60:]],
            "pending_text": describe_pending(v, None, names, lang) if v.pending else None,
            "match": None, "chat": [], "hands": [[c.code for c in g.view(i).hand] for i in range(g.n)]}


def render_hands(state: dict) -> Text:
    out = Text()
    seats = state.get("seats") or []
    for seat, hand in enumerate(state.get("hands") or []):
        name = next((s.get("name") for s in seats if s.get("seat") == seat), None) or f"seat {seat}"
        out.append(f"{seat} {name[:16]:<16} ")
        for c in hand:
            out.append_text(card_text(c, side=(state.get("view") or {}).get("side")))
            out.append(" ")
        out.append("\n")
    return out


class ReplayScreen(Screen):
    """Steps through :class:`Frames`: ←/→ one step, ↑/↓ ten, Home/End, q leaves."""

    CSS = """
    ReplayScreen #rtitle { height: 1; background: $primary; padding: 0 1; }
    ReplayScreen #rtop { height: 1fr; }
    ReplayScreen #rleft, ReplayScreen #rright { width: 1fr; }
    ReplayScreen Panel { height: auto; border: round $secondary; padding: 0 1; }
    ReplayScreen #rlog { height: 1fr; }
    ReplayScreen #caption { height: 1; padding: 0 1; }
    """
    BINDINGS: ClassVar[list] = [Binding("right", "step(1)", "next"), Binding("left", "step(-1)", "back"),
                Binding("down", "step(10)", "+10"), Binding("up", "step(-10)", "-10"),
                Binding("home", "go(0)", "start"), Binding("end", "go(-1)", "end"),
                Binding("q,escape", "close", "quit")]

    def __init__(self, frames: Frames, *, exit_on_close: bool = False):
        super().__init__()
        self.frames = frames
        self.index = 0
        self.exit_on_close = exit_on_close
        self.frame: dict = {}

    def compose(self) -> ComposeResult:
        yield Static(id="rtitle")
        with Horizontal(id="rtop"):
            with Vertical(id="rleft"):
                yield Panel(lambda s, w, h: render_seats(s, w), id="rseats")
                yield Panel(lambda s, w, h: render_pile(s), id="rpile")
                yield Panel(lambda s, w, h: render_scores(s), id="rscores")
            with Vertical(id="rright"):
                yield Panel(render_log, id="rlog")
        yield Panel(lambda s, w, h: render_hands(s), id="rhands")
        yield Static(id="caption")
        yield Footer()

    def on_mount(self) -> None:
        for wid, title in (("rseats", "Seats"), ("rpile", "Pile"), ("rscores", "Match"), ("rlog", "Log"),
                           ("rhands", "Every hand")):
            self.query_one(f"#{wid}").border_title = title
        self.show()

    def show(self) -> None:
        if not len(self.frames):
            self.query_one("#rtitle", Static).update("replay: nothing to show")
            return
        self.frame = self.frames[self.index]
        for p in self.query(Panel):
            p.show(self.frame)
        self.query_one("#rtitle", Static).update(
            f"replay  ·  {self.frames.title}  ·  step {self.index + 1} of {len(self.frames)}")
        self.query_one("#caption", Static).update(Text(self.frame.get("caption", ""), style="bold"))

    def action_step(self, n: int) -> None:
        self.action_go(max(0, min(len(self.frames) - 1, self.index + n)))

    def action_go(self, i: int) -> None:
        self.index = len(self.frames) - 1 if i < 0 else i
        self.show()

    def action_close(self) -> None:
        if self.exit_on_close:
            self.app.exit()
        else:
            self.app.pop_screen()


class ReplayApp(App):
    """``unokit replay --view FILE``: the replay viewer on its own."""

    TITLE = "unokit replay"

    def __init__(self, frames: Frames):
        super().__init__()
        self.frames = frames

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.frames, exit_on_close=True))
