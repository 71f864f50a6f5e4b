"""The rule picker shown before a local game: a code typed (checked by :meth:`RuleSet.parse` as you
type) or built by ticking the catalogue's rules, grouped as the guide groups them
(:func:`~unokit.play.wire.catalog_message`); the guide's ready-made variations; players, bots,
a match to 500 or a single hand.

>>> toggle_rule("UNO 1121 DR", "P4")
'UNO 1121 DR-P4'
>>> toggle_rule("UNO 1121 DR-P4", "DR")
'UNO 1121 P4'
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    SelectionList,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from ...core.errors import UnoError
from ...match import MAX_TABLE_DECKS, SEATS_PER_DECK
from ...rules import RuleSet
from ..session import bot_names
from ..wire import catalog_message
from .local import local_options

__all__ = ["PickerScreen", "check_code", "toggle_rule"]


def toggle_rule(code: str, rule: str) -> str:
    """``code`` with ``rule`` added (or taken out when it is there), canonical; raises RuleCodeError."""
    rs = RuleSet.parse(code)
    if rs.has(rule):
        new = replace(rs, rules=tuple(r for r in rs.rules if r[0] != rule))
    else:
        new = replace(rs, rules=rs.rules + ((rule, (), ()),))
    return RuleSet.parse(new.code).code


def check_code(code: str) -> tuple[bool, str]:
    """``(True, canonical code)`` or ``(False, why not)``."""
    try:
        return True, RuleSet.parse(code).code
    except UnoError as e:
        return False, str(e)


class PickerScreen(Screen):
    """Choose a local game; dismissed with its :class:`~unokit.play.session.TableOptions` (``None``: quit).

    ``values``: starting values: ``rules``, ``players``, ``bots``, ``match``, ``seed``, ``deck``, ``decks``;
    ``blanks`` / ``blank_max`` (``unokit play --blanks``) are written into the rules chosen."""

    CSS = """
    PickerScreen #head { height: 1; background: $primary; padding: 0 1; }
    PickerScreen #form { width: 48; padding: 0 1; }
    PickerScreen #form Label { margin-top: 1; }
    PickerScreen #check { height: auto; min-height: 2; }
    PickerScreen .hint { color: $text-muted; }
    PickerScreen .group-name { text-style: italic; padding: 0 1; }
    PickerScreen .ok { color: $success; }
    PickerScreen .bad { color: $error; }
    PickerScreen #start { margin-top: 1; width: 100%; }
    PickerScreen TabbedContent { width: 1fr; }
    PickerScreen SelectionList, PickerScreen OptionList { height: 1fr; }
    """
    BINDINGS: ClassVar[list] = [Binding("ctrl+s", "start", "start the game"), Binding("escape", "quit", "quit")]
    AUTO_FOCUS = "#code"     # type a code at once (its text is selected: typing replaces it)

    def __init__(self, values: dict | None = None):
        super().__init__()
        self.values = dict(values or {})
        self.catalog = catalog_message()
        self._syncing = False

    def compose(self) -> ComposeResult:
        v = self.values
        yield Static("unokit  ·  a new game: choose the rules (Tab moves, Ctrl+S starts, Esc quits)", id="head")
        with Horizontal():
            with VerticalScroll(id="form"):
                yield Label("Rule code: type it, or tick rules →")
                yield Input(v.get("rules") or "UNO 1121", id="code")
                yield Static(id="check")
                yield Label("Players, you included (2-10 a deck)")
                yield Input(str(v.get("players") or 4), id="players", restrict=r"[0-9]*", max_length=2)
                yield Label(f"Decks shuffled together (1-{MAX_TABLE_DECKS}; 10 players each)")
                yield Input(str(v.get("decks") or 1), id="decks", restrict=r"[0-9]*", max_length=1)
                yield Label("Bots, comma-separated, repeated over the seats")
                yield Static(", ".join(bot_names()), classes="hint")
                bots = v.get("bots")
                yield Input(bots if isinstance(bots, str) else ",".join(bots or ["strategist"]), id="bots")
                yield Static(id="rl-note", classes="hint")     # what the learned bot is at this table
                with RadioSet(id="match"):
                    yield RadioButton("Match to 500 (the rules' target)", value=v.get("match", True), id="to500")
                    yield RadioButton("Single hand", value=not v.get("match", True), id="single")
                yield Label("Seed (blank: a new deal every game)")
                yield Input("" if v.get("seed") is None else str(v["seed"]), id="seed", restrict=r"[0-9]*")
                yield Button("Start (Ctrl+S)", id="start", variant="primary")
            with TabbedContent(id="groups"):
                with TabPane("Ready-made", id="tab-variations"):
                    yield OptionList(*[Option(f"{x['code']}\n  {x['group']}: {x['about']}", id=f"v{i}")
                                       for i, x in enumerate(self.catalog["variations"])], id="variations")
                for g in self.catalog["groups"]:
                    rules = [r for r in self.catalog["rules"] if r["group"] == g["key"] and r["implemented"]]
                    if not rules:
                        continue
                    with TabPane(g["key"].capitalize(), id=f"tab-{g['key']}"):
                        yield Static(g["name_en"], classes="group-name")
                        yield SelectionList(*[Selection(f"{r['code']:<8} {r['name_en']}: {r['summary']}", r["code"])
                                              for r in rules], classes="rules")
        yield Footer()

    def on_mount(self) -> None:
        self._validate()
        self._note_rl()

    # ------------------------------------------------------------------ the code
    def _code_input(self) -> Input:
        return self.query_one("#code", Input)

    def _validate(self) -> bool:
        ok, text = check_code(self._code_input().value)
        check = self.query_one("#check", Static)
        check.set_classes("ok" if ok else "bad")
        check.update(f"✓ {text}" if ok else f"✗ {text}")
        if ok:
            self._sync(RuleSet.parse(text).codes)
        return ok

    def _sync(self, codes) -> None:
        self._syncing = True
        try:
            for sl in self.query(SelectionList):
                for i in range(sl.option_count):
                    value = sl.get_option_at_index(i).value
                    if value in codes:
                        sl.select(value)
                    else:
                        sl.deselect(value)
        finally:
            self._syncing = False

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "code":
            self._validate()
        if event.input.id in ("code", "players", "bots"):
            self._note_rl()

    def _note_rl(self) -> None:
        """Under the bots: where ``rl`` is chosen, whether a model was trained for this table (else it plays
        as the strategist, :func:`unokit.bots.rl.note`)."""
        from ...bots.rl import note
        bots = [b.strip() for b in self.query_one("#bots", Input).value.split(",")]
        ok, code = check_code(self._code_input().value)
        players = self.query_one("#players", Input).value.strip()
        text = ""
        if "rl" in bots and ok and players.isdigit():
            text = note(code, int(players)) or "rl: trained for this table"
        self.query_one("#rl-note", Static).update(text)

    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled) -> None:
        if self._syncing:
            return
        rule = event.selection.value
        try:
            code = toggle_rule(self._code_input().value, rule)
        except UnoError as e:
            check = self.query_one("#check", Static)
            check.set_classes("bad")
            check.update(f"✗ {rule}: {e}")
            self._sync(self._current_codes())
            return
        self._code_input().value = code

    def _current_codes(self) -> tuple:
        ok, text = check_code(self._code_input().value)
        return RuleSet.parse(text).codes if ok else ()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "variations":
            assert event.option.id is not None     # compose names each variation's option v<index>
            self._code_input().value = self.catalog["variations"][int(event.option.id[1:])]["code"]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    # ------------------------------------------------------------------ starting
    def options(self):
        """The table options the form describes; raises ValueError / UnoError naming the field."""
        ok, code = check_code(self._code_input().value)
        if not ok:
            raise ValueError(f"rules: {code}")
        if self.values.get("blanks") or self.values.get("blank_max"):    # unokit play --blanks
            from ...rules.blanks import add_blanks
            code = RuleSet.parse(add_blanks(code, self.values.get("blanks") or "", self.values.get("blank_max"))).code
        decks = self.query_one("#decks", Input).value.strip()
        if not decks.isdigit() or not 1 <= int(decks) <= MAX_TABLE_DECKS:
            raise ValueError(f"decks: a whole number from 1 to {MAX_TABLE_DECKS}")
        most = SEATS_PER_DECK * int(decks)
        players = self.query_one("#players", Input).value.strip()
        if not players.isdigit() or not 2 <= int(players) <= most:
            raise ValueError(f"players: a whole number from 2 to {most} with {int(decks)} deck(s)")
        bots = [b.strip() for b in self.query_one("#bots", Input).value.split(",") if b.strip()]
        unknown = [b for b in bots if b not in bot_names()]
        if unknown:
            raise ValueError(f"bots: unknown {', '.join(unknown)}; choose from {', '.join(bot_names())}")
        seed = self.query_one("#seed", Input).value.strip()
        match = self.query_one("#to500", RadioButton).value
        extra = {k: self.values[k] for k in ("bot_think", "uno_grace", "between_hands") if k in self.values}
        return local_options(code, int(players), bots or None, match=match,
                             seed=int(seed) if seed else None, deck=self.values.get("deck", "classic"),
                             decks=int(decks), **extra)

    def action_start(self) -> None:
        try:
            options = self.options()
        except (ValueError, UnoError) as e:
            check = self.query_one("#check", Static)
            check.set_classes("bad")
            check.update(f"✗ {e}")
            return
        self.dismiss(options)

    def action_quit(self) -> None:
        self.dismiss(None)
