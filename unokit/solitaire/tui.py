"""The full-screen UNO solitaire (``unokit solitaire`` in a terminal), drawn with Textual.

Keys: a source (``1``-``7`` a column, ``w`` the waste), then a destination (``1``-``7`` or ``f``
a foundation); the source's key twice sends its card home if it can go there, else to the
first column that takes it. ``d`` or space turns the stock, ``u`` undoes, ``h`` hints, ``n``
deals anew, ``q`` quits, Esc drops the selection.

>>> g = Solitaire.deal(2); g.apply('d'); g.apply('d')
>>> print(render_board(g).plain.splitlines()[0].rstrip())
Stock 66   Waste      B8  R3     Foundations   --    --    --    --    --    --    --    --
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..core.errors import IllegalActionError, NotationError
from .game import COLUMNS, Move, Solitaire, kind_code, next_seed
from .solver import hint

__all__ = ["SolitaireApp", "render_board", "HELP_LINE"]

HELP_LINE = ("1-7 column · w waste · then 1-7 or f foundation (same key twice: best place) · "
             "d/space draw · u undo · h hint · n new deal · q quit · Esc cancel")

_STYLE = {"R": "bold white on red3", "Y": "bold black on yellow3", "G": "bold white on green4",
          "B": "bold white on blue3"}

CSS = """
#title { height: 1; background: $primary; color: $text; padding: 0 1; }
#board { height: 1fr; border: round $secondary; padding: 0 1; }
#status { height: auto; min-height: 1; padding: 0 1; }
#help { height: auto; color: $text-muted; padding: 0 1; }
"""


def _chip(kind: int, selected: bool = False) -> Text:
    code = kind_code(kind)
    return Text(f"{code:^5}", style=_STYLE[code[0]] + (" reverse" if selected else ""))


def render_board(game: Solitaire, selected: str | None = None) -> Text:
    """The position: stock, waste and foundations on one line, then the seven columns."""
    out = Text()
    out.append(f"Stock {len(game._stock):<3}  Waste ", style="bold")
    older = " ".join(kind_code(c >> 1) for c in game._waste[-3:-1])
    out.append(f"{older:>7} ", style="dim")
    if game._waste:
        out.append_text(_chip(game._waste[-1] >> 1, selected == "w"))
    else:
        out.append(f"{'--':^5}", style="dim")
    out.append("   ")
    out.append("Foundations ", style="bold")
    for p in game._found:
        out.append(" ")
        if p:
            out.append_text(_chip(p[-1] >> 1))
        else:
            out.append(f"{'--':^5}", style="dim")
    out.append("\n\n")
    out.append("".join(f"{('[' + str(i + 1) + ']') if selected == str(i + 1) else ' ' + str(i + 1) + ' ':^7}"
                       for i in range(COLUMNS)).rstrip() + "\n", style="bold")
    height = max(1, max(len(game._down[i]) + len(game._up[i]) for i in range(COLUMNS)))
    for r in range(height):
        line = Text()
        for i in range(COLUMNS):
            nd = len(game._down[i])
            if r < nd:
                line.append(" ##### ", style="grey50 on grey15")
            elif r < nd + len(game._up[i]):
                line.append(" ")
                line.append_text(_chip(game._up[i][r - nd] >> 1, selected == str(i + 1)))
                line.append(" ")
            elif r == 0:
                line.append("  ...  ", style="dim")
            else:
                line.append(" " * 7)
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    return out


class SolitaireApp(App):
    """The game on one screen: title, board, status line and the keys' help."""

    CSS = CSS
    TITLE = "UNO solitaire"
    BINDINGS: ClassVar[list] = [
        *[Binding(str(k), f"key_place('{k}')", show=False) for k in range(1, COLUMNS + 1)],
        Binding("w", "key_place('w')", show=False), Binding("f", "key_place('f')", show=False),
        Binding("d", "draw", show=False), Binding("space", "draw", show=False),
        Binding("u", "undo", show=False), Binding("h", "hint", show=False),
        Binding("n", "new_deal", show=False), Binding("q", "quit", show=False),
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, seed: int | None = None, *, hint_seconds: float = 1.0):
        super().__init__()
        self.game = Solitaire.deal(seed)
        self.selected: str | None = None
        self.message: tuple[str, str] = ("Choose a source: 1-7 or w.", "info")
        self.hint_seconds = hint_seconds

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="board")
        yield Static(id="status")
        yield Static(HELP_LINE, id="help")

    def on_mount(self) -> None:
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        g = self.game
        home = sum(len(p) for p in g._found)
        self.query_one("#title", Static).update(
            f"UNO solitaire · deal {g.seed} · {len(g.history)} moves · {home}/96 cards home")
        self.query_one("#board", Static).update(render_board(g, self.selected))
        text, kind = self.message
        style = {"error": "bold red", "win": "bold green", "hint": "bold cyan"}.get(kind, "")
        self.query_one("#status", Static).update(Text(text, style=style))

    def say(self, text: str, kind: str = "info") -> None:
        self.message = (text, kind)
        self.redraw()

    # ------------------------------------------------------------------ moves
    def _try(self, move: Move) -> bool:
        try:
            words = self.game.describe(move) if self.game.why_illegal(move) is None else ""
            self.game.apply(move)
        except (NotationError, IllegalActionError) as e:
            self.selected = None
            self.say(str(e), "error")
            return False
        self.selected = None
        if self.game.won:
            self.say(f"You won in {len(self.game.history)} moves! n: a new deal, q: quit.", "win")
        else:
            self.say(f"{move}: {words}")
        return True

    def _best_from(self, src: str) -> Move | None:
        """The source's card home if it can go there, else the first column that takes it."""
        for dst in ("f", *[str(i + 1) for i in range(COLUMNS)]):
            if dst != src:
                m = Move(src, dst)
                if self.game.why_illegal(m) is None:
                    return m
        return None

    def action_key_place(self, key: str) -> None:
        if self.selected is None:
            if key == "f":
                self.say("Choose a source first: 1-7 or w.", "error")
                return
            self.selected = key
            self.say(f"{'the waste' if key == 'w' else 'column ' + key} selected: now 1-7 or f "
                     f"(the same key again: the best place).")
            return
        src = self.selected
        if key == src:
            m = self._best_from(src)
            if m is None:
                self.selected = None
                self.say(f"{'the waste' if src == 'w' else 'column ' + src}: its cards can go nowhere now", "error")
                return
            self._try(m)
            return
        if key == "w":
            self.selected = "w"
            self.say("the waste selected: now 1-7 or f.")
            return
        self._try(Move(src, key))

    def action_draw(self) -> None:
        self._try(Move("d"))

    def action_cancel(self) -> None:
        self.selected = None
        self.say("Choose a source: 1-7 or w.")

    def action_undo(self) -> None:
        self.selected = None
        try:
            m = self.game.undo()
        except IllegalActionError as e:
            self.say(str(e), "error")
            return
        self.say(f"took back {m}")

    def action_hint(self) -> None:
        self.selected = None
        self.say(hint(self.game, max_seconds=self.hint_seconds).text, "hint")

    def action_new_deal(self) -> None:
        self.game = Solitaire.deal(next_seed(self.game.seed))
        self.selected = None
        self.say(f"a new deal: {self.game.seed}")
