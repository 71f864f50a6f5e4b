"""The table screen and the ``unokit play`` app (docs/terminal.md).

:class:`TableScreen` draws the protocol's ``state`` message that its
:class:`~unokit.play.tui.adapter.TableAdapter` hands it, and sends your moves back through the same
adapter, so a local game and a web table look and play the same. :class:`UnoApp` opens the rule
picker first when it is given no table.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine.narrate import card_name, color_name
from .adapter import AdapterError, TableAdapter
from .dialogs import ChoiceScreen, ConfirmScreen, HelpScreen, TextPrompt
from .widgets import (
    SIDE_STYLE,
    HandBar,
    Panel,
    first_card,
    physical,
    render_log,
    render_pile,
    render_scores,
    render_seats,
    seat_label,
)

__all__ = ["TableScreen", "UnoApp", "choice_rows", "flex_rows", "option_label", "uno_filter"]

CSS = """
#title { height: 1; background: $primary; color: $text; padding: 0 1; }
#top { height: 1fr; }
#left, #right { width: 1fr; }
#seats, #scores { height: auto; border: round $secondary; padding: 0 1; }
#pile { height: 1fr; min-height: 4; border: round $secondary; padding: 0 1; }
#log { height: 1fr; border: round $secondary; padding: 0 1; }
#hand { height: auto; min-height: 4; border: round $accent; padding: 0 1; }
#status { height: auto; max-height: 4; padding: 0 1; }
"""


# ---------------------------------------------------------------------------------------- choices
def option_label(a: dict, state: dict, lang: str = "en") -> str:
    """An action (from ``actions`` or an ``options`` answer) in words, for a choice list."""
    kind = a.get("type")
    if kind != "play":
        if kind == "catch":
            return f"catch {seat_label(state, a.get('target'))}"
        if kind == "color":
            return f"name the colour {color_name(a.get('color'), lang)}"
        return a.get("text", "").split(" ", 1)[-1]
    parts = []
    if a.get("cards"):
        parts.append(" ".join(card_name(c, lang) for c in a["cards"].split()))
    if a.get("hidden"):
        parts.append("face down: " + a["hidden"])
    if a.get("claim"):   # a face-down card's claim, or the cards a drawn blank (WBN) makes the next player draw
        parts.append(f"next draws {a['claim']}" if a.get("cards") else f"claimed as +{a['claim']}")
    if a.get("color"):
        parts.append(f"→ {color_name(a['color'], lang)}")
    if a.get("first") is not None:   # two seats swap hands (ALLWILD(swap=pair))
        parts.append(f"@ {seat_label(state, a['first'])} ⇄")
    if a.get("target") is not None:
        parts.append(f"@ {seat_label(state, a['target'])}" if a.get("first") is None
                     else seat_label(state, a["target"]))
    if a.get("give"):
        parts.append("giving " + a["give"])
    if a.get("uno"):
        parts.append("+ UNO")
    more = {"cards": "… and more cards", "target": "… then a seat" if a.get("target") is None
            else "… then the seat to swap with", "give": "… then cards to give"}
    if a.get("more"):
        parts.append(more.get(a["more"], "…"))
    return " ".join(parts) or a.get("text", "")


def uno_filter(options: list[dict], armed: bool) -> list[dict]:
    """Of a play offered with and without saying UNO, keep the one ``armed`` asks for."""
    texts = {a.get("text") for a in options}
    out = []
    for a in options:
        t = a.get("text", "")
        twin = t[:-4] if t.endswith(" uno") else t + " uno"
        if twin in texts and t.endswith(" uno") != armed:
            continue
        out.append(a)
    return out


def flex_rows(options: list[dict], lang: str = "en") -> list[tuple[str, str, list[dict]]] | None:
    """UNO Flex: when some plays of a card name its flexed face (``RSX*``), the choice between the card's
    regular use (key ``1``, if it may be played so) and its flex side (key ``f``), each row with its plays;
    else ``None``."""
    flexed = [a for a in options if (first_card(a) or "").endswith("*")]
    if not flexed:
        return None
    regular = [a for a in options if a not in flexed]
    rows = []
    if regular:
        rows.append(("1", f"regular: {card_name(first_card(regular[0]), lang)}", regular))
    rows.append(("f", f"flex side: {card_name(first_card(flexed[0]), lang)} (your power card turns red)", flexed))
    return rows


def _optional_swap(options: list[dict]) -> bool:
    """The seats a swap card (T's 0, SEVENO's 7) may name, with the play that names none: one card,
    one seat each, and exactly one play without a seat."""
    return (len({(a.get("type"), a.get("cards"), a.get("color")) for a in options}) == 1
            and options[0].get("type") == "play" and not any(a.get("first") is not None for a in options)
            and sum(a.get("target") is None for a in options) == 1 and len(options) > 1
            and len({a.get("target") for a in options}) == len(options))


def choice_rows(options: list[dict], state: dict, lang: str = "en") -> list[tuple[str, str, dict]]:
    """``(key, label, action)`` rows: colour letters for colours, seat numbers for seats (``n``: the
    swap a card may skip, "Don't swap"), else 1-9."""
    colors = [a.get("color") for a in options]
    targets = [a.get("target") for a in options]
    seats = [t for t in targets if t is not None]
    if all(colors) and len(set(colors)) == len(colors):
        keys = [c.lower() for c in colors if c]
    elif _optional_swap(options):
        return [("n", "Don't swap" + (" + UNO" if a.get("uno") else ""), a) if a.get("target") is None
                else (str(a["target"]) if 0 <= a["target"] <= 9 else "", option_label(a, state, lang), a)
                for a in options]
    elif len(seats) == len(targets) == len(set(seats)):      # a seat each, all different
        keys = [str(t) if 0 <= t <= 9 else "" for t in seats]
    elif all(a.get("type") == "catch" for a in options):
        keys = [str(a.get("target")) for a in options]
    else:
        keys = [str(i + 1) if i < 9 else "" for i in range(len(options))]
    return [(k, option_label(a, state, lang), a) for k, a in zip(keys, options)]


# ---------------------------------------------------------------------------------------- the screen
class TableScreen(Screen):
    """The table: seats, pile, standings, log, your hand, and the keys of docs/terminal.md."""

    BINDINGS: ClassVar[list] = [
        Binding("left", "move(-1)", "◀", show=False), Binding("right", "move(1)", "▶", show=False),
        Binding("home", "pick(1)", show=False), Binding("end", "pick(-1)", show=False),
        *[Binding(str(k), f"pick({k or 10})", show=False) for k in range(10)],
        Binding("enter", "play", "play"), Binding("d", "draw", "draw"), Binding("p", "pass", "pass"),
        Binding("u", "uno", "UNO"), Binding("c", "catch", "catch"), Binding("a", "actions", "moves"),
        Binding("t", "chat", "talk"), Binding("n", "next_hand", "next hand", show=False),
        Binding("g", "start", "start", show=False), Binding("s", "save", "save", show=False),
        Binding("r", "replay", "replay", show=False), Binding("l", "lang", "language", show=False),
        Binding("o", "order", "hand order", show=False),
        Binding("question_mark", "help", "help"), Binding("q", "quit", "quit"),
    ]

    def __init__(self, table: TableAdapter):
        super().__init__()
        self.table = table
        self.state: dict = {}
        self.uno_armed = False
        self.message: tuple[str, str] | None = None
        self._drawn_seen: tuple | None = None      # (hand, discard size, card): the drawn card picked once
        self._saved_version = None     # the state's version when last saved (q then quits at once)

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield Panel(lambda s, w, h: render_seats(s, w), id="seats")
                yield Panel(lambda s, w, h: render_pile(s, self.table.lang), id="pile")
            with Vertical(id="right"):
                yield Panel(lambda s, w, h: render_scores(s), id="scores")
                yield Panel(render_log, id="log")
        yield HandBar(id="hand")
        yield Static(id="status")
        yield Footer()

    async def on_mount(self) -> None:
        for wid, title in (("seats", "Seats"), ("pile", "Pile"), ("scores", "Match"), ("log", "Log"),
                           ("hand", "Your hand")):
            self.query_one(f"#{wid}").border_title = title
        self._redraw()
        try:
            await self.table.open(self.on_table_message)
        except AdapterError as e:
            self.say(str(e), "error")
            return
        if self.table.tick_every:
            self.set_interval(self.table.tick_every, self.table.tick)

    async def on_unmount(self) -> None:
        await self.table.close()

    # ------------------------------------------------------------------ messages from the table
    def on_table_message(self, msg: dict) -> None:
        if not self.is_attached:
            return
        kind = msg.get("type")
        if kind == "state":
            old = self.state
            self.state = msg
            if old.get("hand_no") != msg.get("hand_no") or not self._mine(msg, "hand"):
                self.uno_armed = False
            self._redraw()
        elif kind == "notice":
            self.say(msg.get("message", ""), "notice")
        elif kind == "error":
            self.say(msg.get("message", ""), "error")

    def say(self, text: str, kind: str = "info") -> None:
        self.message = (text, kind)
        self._draw_status()

    @staticmethod
    def _mine(state: dict, key: str):
        return (state.get("view") or {}).get(key)

    def _redraw(self) -> None:
        st = self.state
        for wid in ("seats", "pile", "scores", "log"):
            self.query_one(f"#{wid}", Panel).show(st)
        v = st.get("view") or {}
        hand = self.query_one(HandBar)
        hand.show(v.get("hand") or [],
                  {physical(first_card(a)) for a in st.get("actions") or [] if a.get("type") == "play"},
                  side=v.get("side"))
        drawn = v.get("drawn")
        if drawn and v.get("to_act") == (st.get("you") or {}).get("seat") and drawn in hand.hand \
                and self._drawn_seen != (st.get("hand_no"), len(v.get("discard") or []), drawn):
            self._drawn_seen = (st.get("hand_no"), len(v.get("discard") or []), drawn)
            hand.pick(hand.hand.index(drawn))
        self.query_one("#title", Static).update(self._title())
        self._draw_status()

    def _title(self) -> Text:
        st = self.state
        t = Text("unokit  ", style="bold")
        if not st:
            return t + Text("connecting..." if self.table.kind == "remote" else "dealing...")
        t.append(f"{st.get('rules')}  ·  ")
        opts = st.get("options") or {}
        if st.get("hand_no"):
            t.append(f"hand {st['hand_no']}  ·  ")
        t.append("match" if opts.get("match", True) else "single hand")
        side = (st.get("view") or {}).get("side")
        if side:                                             # UNO Flip: the side in play
            t.append("  ·  ")
            t.append(f"{side} side", style=SIDE_STYLE.get(side, ""))
        where = {"local": "  ·  on this computer", "remote": f"  ·  table {getattr(self.table, 'code', '')}"}
        t.append(where.get(self.table.kind, ""))
        return t

    def _draw_status(self) -> None:
        self.query_one("#status", Static).update(self._status())

    def _status(self) -> Text:
        st = self.state
        out = Text()
        status = st.get("status")
        v = st.get("view") or {}
        me = (st.get("you") or {}).get("seat")
        if status == "lobby":
            out.append("Waiting for the table to start (the host presses g, or starts it on the web page).")
        elif status == "between":
            left = st.get("between_left")
            out.append("Hand over. ", style="bold")
            out.append(f"Next hand in {left:.0f} s" if left is not None else "Next hand soon")
            out.append(" (n deals it now)." if self.table.kind == "local" else ".")
        elif status == "over":
            out.append("Game over. ", style="bold green")
            out.append("q quits" + (", s saves, r replays it." if self.table.can_save else "."))
        elif status == "playing":
            if st.get("you") is None:
                out.append("Watching.", style="italic")
            elif v.get("to_act") == me:
                out.append("Your turn. ", style="bold yellow")
                if v.get("drawn"):
                    out.append("Play the card you drew (Enter) or keep it (p). ")
                elif not any(a.get("type") == "play" for a in st.get("actions") or []):
                    out.append("Nothing to play: draw (d). ")
            else:
                to_act = v.get("to_act")
                out.append(f"{seat_label(st, to_act).split(' (seat')[0]} to play. " if to_act is not None else "")
            others = sorted({a.get("type") for a in st.get("actions") or []} - {"play", "draw", "pass", "say"})
            if others:
                out.append("You may also: " + ", ".join(others) + " (a). ", style="cyan")
            if self.uno_armed:
                out.append("UNO armed: your next play says UNO. ", style="bold magenta")
        if self.message:
            text, kind = self.message
            style = {"error": "bold red", "notice": "yellow"}.get(kind, "green")
            out.append("\n" if out.plain else "")
            out.append(text, style=style)
        return out

    # ------------------------------------------------------------------ keys: the hand
    def _actions(self, *types) -> list[dict]:
        return [a for a in self.state.get("actions") or [] if a.get("type") in types]

    def action_move(self, step: int) -> None:
        self.query_one(HandBar).move(step)

    def action_pick(self, n: int) -> None:
        hand = self.query_one(HandBar)
        hand.pick(len(hand.hand) - 1 if n < 0 else n - 1)

    def action_play(self) -> None:
        if self.state.get("status") == "between":
            self.run_worker(self.table.next_hand(), exclusive=False)
            return
        if self.state.get("status") == "over":
            self.say("the game is over: q quits" + (", r replays it" if self.table.can_save else ""))
            return
        card = self.query_one(HandBar).card
        if card is None:
            self.say("you hold no cards" if self.state.get("you") else "spectators watch", "error")
            return
        # (UNO Flex: a play naming the card's flexed face, RSX*, is played from the card, RSX)
        options = [a for a in self._actions("play") if physical(first_card(a)) == card]
        if not options:
            self.say(f"{card_name(card, self.table.lang)} cannot be played now", "error")
            return
        self.compose_play(options, card_name(card, self.table.lang))

    @work(exclusive=True, group="compose")
    async def compose_play(self, options: list[dict], title: str) -> None:
        """Choose step by step (UNO Flex: the regular use or the flex side; colour, further cards, a seat,
        cards to give), expanding stems."""
        lang = self.table.lang
        sides = flex_rows(options, lang)
        if sides is not None:
            options = await self.app.push_screen_wait(ChoiceScreen(f"{title}: which side?", sides))
            if options is None:
                return
        for _ in range(200):
            options = uno_filter(options, self.uno_armed)
            if not options:
                self.say("no way to finish that play now", "error")
                return
            if len(options) == 1:
                choice = options[0]
            else:
                what = _question(options)
                choice = await self.app.push_screen_wait(
                    ChoiceScreen(f"{title}: {what}", choice_rows(options, self.state, lang)))
                if choice is None:
                    return
            if not choice.get("more"):
                self.message = None
                if choice.get("uno"):
                    self.uno_armed = False
                await self.table.act(choice["text"])
                return
            try:
                options = await self.table.expand(choice["text"])
            except AdapterError as e:
                self.say(str(e), "error")
                return
            title = " ".join(option_label(choice, self.state, lang).replace("…", "").split())

    # ------------------------------------------------------------------ keys: moves
    async def _one(self, kind: str, missing: str) -> None:
        got = self._actions(kind)
        if not got:
            self.say(missing, "error")
            return
        self.message = None
        await self.table.act(got[0]["text"])

    async def action_draw(self) -> None:
        await self._one("draw", "you cannot draw now")

    async def action_pass(self) -> None:
        await self._one("pass", "you can pass only after drawing a playable card (or to accept a face-down finish)")

    async def action_uno(self) -> None:
        if self._actions("uno"):
            await self._one("uno", "")
            return
        if any(a.get("uno") for a in self._actions("play")) or len(self._mine(self.state, "hand") or []) == 2:
            self.uno_armed = not self.uno_armed
            self.say("UNO armed: your next play says UNO" if self.uno_armed else "UNO disarmed")
            return
        self.say("UNO is said with one card left (or with the play that leaves you one)", "error")

    def action_catch(self) -> None:
        catches = self._actions("catch")
        if not catches:
            self.say("nobody can be caught now", "error")
            return
        self.choose_and_act("Catch which seat? (its number)", catches)

    def action_actions(self) -> None:
        acts = [a for a in self.state.get("actions") or [] if a.get("type") != "say"]
        if not acts:
            self.say("you have no moves now", "error")
            return
        self.choose_and_act("Your moves", acts)

    @work(exclusive=True, group="compose")
    async def choose_and_act(self, title: str, options: list[dict]) -> None:
        choice = await self.app.push_screen_wait(ChoiceScreen(title, choice_rows(options, self.state,
                                                                                 self.table.lang)))
        if choice is None:
            return
        if choice.get("more"):
            self.compose_play([choice], option_label(choice, self.state, self.table.lang))
            return
        self.message = None
        await self.table.act(choice["text"])

    @work(exclusive=True, group="compose")
    async def action_chat(self) -> None:
        text = await self.app.push_screen_wait(TextPrompt("Say to the table (Enter sends, Esc cancels):"))
        if text and text.strip():
            await self.table.chat(text.strip())

    # ------------------------------------------------------------------ keys: the table
    async def action_next_hand(self) -> None:
        await self.table.next_hand()

    async def action_start(self) -> None:
        await self.table.start()

    def action_save(self) -> None:
        try:
            path = self.table.save()
        except AdapterError as e:
            self.say(str(e), "error")
            return
        self._saved_version = self.state.get("version")
        self.say(f"saved to {path}: resume with unokit play --resume {path}")

    def action_replay(self) -> None:
        session = getattr(self.table, "session", None)
        if session is None:
            self.say("the replay of a web table is on its page: /replay/CODE", "error")
            return
        from .replay import ReplayScreen, table_frames
        self.app.push_screen(ReplayScreen(table_frames(session.options, list(session.log), self.table.lang)))

    async def action_lang(self) -> None:
        await self.table.set_lang("pt" if self.table.lang == "en" else "en")
        self.say(f"log language: {self.table.lang}")

    def action_order(self) -> None:
        """Your hand by colour, or in the order the guide recommends (docs/learn.md)."""
        hand = self.query_one(HandBar)
        hand.order = "guide" if hand.order == "colour" else "colour"
        self._redraw()
        self.say("hand order: the guide's" if hand.order == "guide" else "hand order: by colour")

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def quit_question(self) -> str | None:
        """What q asks before quitting mid-game (a hand in play or between hands); ``None``: quit at once
        (before the game starts, once it is over, or with nothing unsaved since s)."""
        if self.state.get("status") not in ("playing", "between"):
            return None
        if not self.table.can_save:
            return "Leave this table? The game goes on without you (the stand-in bot plays your seat)"
        if self._saved_version is not None and self._saved_version == self.state.get("version"):
            return None
        return "Quit this game? Unsaved progress is lost (s saves)"

    @work(exclusive=True, group="quit")
    async def action_quit(self) -> None:
        question = self.quit_question()
        if question is not None and not await self.app.push_screen_wait(ConfirmScreen(question)):
            return
        await self.table.close()
        self.app.exit()


def _question(options: list[dict]) -> str:
    if all(a.get("color") for a in options) and len({a.get("color") for a in options}) == len(options):
        return f"choose a colour ({'/'.join(a['color'].lower() for a in options)})"   # Flip's dark: p/t/o/v
    if any(a.get("more") == "cards" for a in options) or len({a.get("cards") for a in options}) > 1:
        return "which cards?"
    if all(a.get("target") is not None for a in options):
        return "which seat?"
    if _optional_swap(options):
        return "swap hands with which seat? (n: don't swap)"
    if any(a.get("give") for a in options):
        return "which cards to give?"
    return "choose"


# ---------------------------------------------------------------------------------------- the app
class UnoApp(App):
    """``unokit play``: the rule picker (with no ``table``), then the table screen.

    ``table``: a :class:`TableAdapter` to play at once; ``picker``: the picker's starting values
    (rules, players, bots, match, seed); ``autoplay``: the stand-in plays your turns (local)."""

    CSS = CSS
    TITLE = "unokit"

    def __init__(self, table: TableAdapter | None = None, *, picker: dict | None = None, lang: str = "en",
                 name: str = "You", autoplay: bool = False, save_path=None):
        super().__init__()
        self.table = table
        self.picker_values = picker or {}
        self.lang = lang
        self.player_name = name
        self.autoplay = autoplay
        self.save_path = save_path

    def on_mount(self) -> None:
        if self.table is not None:
            self.push_screen(TableScreen(self.table))
        else:
            from .picker import PickerScreen
            self.push_screen(PickerScreen(self.picker_values), self._picked)

    def _picked(self, options) -> None:
        if options is None:
            self.exit()
            return
        from .local import LocalTable
        self.table = LocalTable.new(options, self.player_name, lang=self.lang, autoplay=self.autoplay,
                                    save_path=self.save_path)
        self.push_screen(TableScreen(self.table))

    @property
    def table_screen(self) -> TableScreen | None:
        for s in reversed(self.screen_stack):
            if isinstance(s, TableScreen):
                return s
        return None
