"""Small modal screens of the table: a choice (colours, cards of a group, seats...), a line of text, help,
a yes/no question."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

__all__ = ["HELP", "ChoiceScreen", "ConfirmScreen", "HelpScreen", "TextPrompt"]

HELP = """\
[b]Your hand[/b]
  ←/→, Home/End     move along your hand          1-9, 0    pick card 1-10
  o                 order: by colour, or the guide's (numbers up, colours joined)
  Enter             play the picked card (a wild asks for the colour; a group, a seat
                    or cards to give are chosen step by step; UNO Flex: 1 its regular use,
                    f its flex side while your power card is green)
[b]Moves[/b]
  d  draw (or take the pending draw)        p  pass: keep the card you drew
  u  say UNO (with one card left); with two cards it arms UNO for your next play
  c  catch a player who did not say UNO (then the seat's number)
  a  every move you may make now (challenge, accuse, slap, colour...)
  t  talk at the table
[b]Table[/b]
  n  deal the next hand now (between hands, local game)
  g  start the table (a web table's host, before the first hand)
  s  save the game (local game; resume it with unokit play --resume FILE)
  r  view the replay of this game (local game)
  l  switch the log's language (en/pt)
  ?  this help        q  quit (during a game it asks first)
In a choice: its key, or ↑/↓ and Enter; Esc cancels."""


class ChoiceScreen(ModalScreen):
    """Pick one of ``options``: ``(key, label, value)``; dismissed with the value, or ``None`` (Esc)."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical { width: 64; max-width: 95%; height: auto; max-height: 80%;
                              border: thick $accent; background: $surface; padding: 0 1; }
    ChoiceScreen Label { margin-bottom: 1; text-style: bold; }
    ChoiceScreen OptionList { height: auto; max-height: 20; }
    """
    BINDINGS: ClassVar[list] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, options: Sequence[tuple[str, str, object]]):
        super().__init__()
        self.title_text = title
        self.options = options
        self.keys = {str(k).lower(): v for k, _, v in options if k}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield OptionList(*[Option(f"{k + ') ' if k else ''}{label}", id=str(i))
                               for i, (k, label, _) in enumerate(self.options)])

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None        # compose gives every option its index as its id
        self.dismiss(self.options[int(event.option.id)][2])

    def on_key(self, event) -> None:
        ch = (event.character or "").lower()
        if ch and ch in self.keys:
            event.stop()
            self.dismiss(self.keys[ch])

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextPrompt(ModalScreen):
    """One line of text (chat, a file name); dismissed with the text, or ``None`` (Esc)."""

    DEFAULT_CSS = """
    TextPrompt { align: center middle; }
    TextPrompt > Vertical { width: 70; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS: ClassVar[list] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, value: str = "", max_length: int = 200):
        super().__init__()
        self.title_text = title
        self.value = value
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(self.value, max_length=self.max_length)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen):
    """The keys."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 95%; height: auto; border: thick $accent;
                          background: $surface; padding: 0 1; }
    """
    BINDINGS: ClassVar[list] = [Binding("escape,question_mark,q,enter", "close", "close")]

    def compose(self) -> ComposeResult:
        yield Static(HELP)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; dismissed with ``True`` (y, Yes) or ``False`` (n, No, Esc)."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; max-width: 95%; height: auto; border: thick $warning;
                               background: $surface; padding: 0 1; }
    ConfirmScreen Label { width: 100%; margin-bottom: 1; text-style: bold; }
    ConfirmScreen Horizontal { height: auto; align-horizontal: center; }
    ConfirmScreen Button { margin: 0 1; }
    """
    BINDINGS: ClassVar[list] = [Binding("y", "answer(True)", "yes"), Binding("n", "answer(False)", "no"),
                                Binding("escape", "back", "back")]   # its own action: the footer shows it too

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            with Horizontal():
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()     # Enter alone keeps the game

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_back(self) -> None:
        self.dismiss(False)
