"""The table screen's panels, each drawn from the protocol's ``state`` message (docs/protocol.md).

The ``render_*`` functions are plain: a state dict in, a :class:`rich.text.Text` out, so the live
table, the replay viewer and the tests draw the same thing.

>>> print(render_hand(["R7", "W"], selected=1, playable={"W"}).plain)
 1    2
 R7   W
     ^^^
>>> hand_order(["W", "B2", "R7", "R+2", "G0"])
['R7', 'R+2', 'G0', 'B2', 'W']
>>> hand_order(["WDC", "V5", "P+5", "T1", "PF", "O9"])   # UNO Flip's dark side
['PF', 'P+5', 'T1', 'O9', 'V5', 'WDC']
>>> hand_order(["WAF", "R+2X", "R2Y", "R1F", "RSX", "R2", "W"])   # UNO Flex
['R1F', 'R2', 'R2Y', 'RSX', 'R+2X', 'W', 'WAF']
"""

from __future__ import annotations

import re
import textwrap

from rich.text import Text
from textual.widget import Widget

from ...engine.narrate import color_name
from ..handorder import guide_order

__all__ = [
    "COLOR_STYLE",
    "SIDE_STYLE",
    "HandBar",
    "Panel",
    "card_text",
    "first_card",
    "hand_order",
    "other_side",
    "physical",
    "power_text",
    "render_hand",
    "render_log",
    "render_pile",
    "render_scores",
    "render_seats",
    "seat_label",
]

#: a card's chip by its colour letter (``W``: a wild; UNO Flip's dark side, P T O V and ``WD`` its wilds, is
#: drawn dark: the colour on black)
COLOR_STYLE = {"R": "bold white on red3", "Y": "bold black on yellow3", "G": "bold white on green4",
               "B": "bold white on blue3", "W": "bold white on grey23",
               "P": "bold deep_pink2 on grey7", "T": "bold dark_turquoise on grey7",
               "O": "bold dark_orange on grey7", "V": "bold medium_purple1 on grey7", "WD": "bold white on grey7"}
#: a colour as text (the colour to follow)
_ACCENT = {"R": "red3", "Y": "yellow3", "G": "green4", "B": "blue3", "P": "deep_pink2", "T": "dark_turquoise",
           "O": "dark_orange", "V": "medium_purple1"}
_COLOR_ORDER = "RYGBPTOVW"
_FACE_ORDER = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "+1", "F", "+5", "SA"]
#: UNO Flip's sides: the badge of the side in play
SIDE_STYLE = {"light": "bold black on grey85", "dark": "bold white on purple4"}
PHASES = {"PLAY": "playing", "DRAWN": "drew a card", "PENDING": "facing a draw", "COLOR": "naming a colour",
          "FREE_DISCARD": "discarding", "HIDDEN_FINISH": "face-down finish", "OVER": "hand over"}


#: UNO Flex's numbers: two-coloured (R2Y: red, yellow its flex colour), flexed (R2Y*: played as a yellow 2),
#: with the flip mark (R1F); its action cards (RSX, RRX, R+2X and flexed RSX*...) sort as the classic face
_FLEX_NUMBER = re.compile(r"^([RYGB])(\d)([RYGB])$")
_FLEXED_NUMBER = re.compile(r"^([RYGB])(\d)([RYGB])\*$")
_FLEX_FACE = re.compile(r"^(\d)(?:[RYGBF]\*?)$|^(S|R|\+2)X\*?$")


def _color_of(code: str) -> str:
    m = _FLEXED_NUMBER.match(code)
    if m:                       # UNO Flex: R2Y* is a yellow 2
        return m.group(3)
    return code[0] if code[:1] and code[:1] in "RYGBPTOV" else "W"


def physical(code: str | None) -> str | None:
    """UNO Flex: the card a flexed face (``RSX*``, ``R2Y*``, ``WF2*``) is played from; any other code itself."""
    return code[:-1] if code and code.endswith("*") else code


def power_text(green: bool) -> Text:
    """UNO Flex: a seat's power card, `` ✔ power`` (green: it may use a flex side) or `` ✘ power`` (red)."""
    return Text(" ✔ power" if green else " ✘ power", style="bold green" if green else "bold red")


def other_side(side: str | None) -> str | None:
    """UNO Flip: the side not in play (the backs of the others' cards)."""
    return {"light": "dark", "dark": "light"}.get(side or "")


def card_text(code: str, *, dim: bool = False, selected: bool = False, side: str | None = None) -> Text:
    """One card as a coloured chip: `` R7 ``; a wild of UNO Flip's dark side (``side``) is drawn dark; UNO
    Flex's two-coloured number in both colours (`` R2`` red, ``Y `` yellow)."""
    col = _color_of(code)
    if col == "W" and (side == "dark" or code == "WDC"):
        col = "WD"
    extra = (" dim" if dim else "") + (" reverse" if selected else "")
    two = _FLEX_NUMBER.match(code)
    if two:
        return Text.assemble((f" {code[:2]}", COLOR_STYLE[col] + extra), (f"{code[2]} ", COLOR_STYLE[two.group(3)] + extra))
    return Text(f" {code} ", style=COLOR_STYLE[col] + extra)


def hand_order(hand) -> list[str]:
    """Cards sorted by colour (red, yellow, green, blue, wilds) and face, as a player holds them."""
    def key(code):
        col = _color_of(code)
        face = code[1:] if col != "W" else code
        flex = _FLEX_FACE.match(face) if col != "W" else None
        if flex:                # UNO Flex: R2Y beside R2, RSX beside RS
            face = flex.group(1) or flex.group(2)
        return (_COLOR_ORDER.index(col), _FACE_ORDER.index(face) if face in _FACE_ORDER else 99, code)
    return sorted(hand, key=key)


def render_hand(hand, selected: int | None = None, playable=frozenset(), width: int = 80,
                side: str | None = None) -> Text:
    """The hand as numbered chips (wrapped to ``width``); the selected one marked with ``^``."""
    if not hand:
        return Text("(no cards)", style="dim")
    rows: list[list[int]] = []
    row: list[int] = []
    used = 0
    for i, code in enumerate(hand):
        w = len(code) + 3
        if row and used + w > width:
            rows.append(row)
            row, used = [], 0
        row.append(i)
        used += w
    rows.append(row)
    lines = []
    for idx in rows:
        nums, chips, marks = Text(), Text(), Text()
        for i in idx:
            w = len(hand[i]) + 2
            label = str(i + 1)
            nums.append(label.center(w) + " ", style="bold" if i == selected else "dim")
            chips.append_text(card_text(hand[i], dim=bool(playable) and hand[i] not in playable,
                                        selected=i == selected, side=side))
            chips.append(" ")
            marks.append(("^" * w if i == selected else " " * w) + " ", style="bold")
        lines += [nums, chips] + ([marks] if selected in idx else [])
    for line in lines:
        line.rstrip()
    return Text("\n").join(lines)


def seat_label(state: dict, seat: int | None) -> str:
    """A seat by name (``you`` for your own)."""
    you = (state.get("you") or {}).get("seat")
    seats = state.get("seats") or []
    if seat == you:
        return "you"
    for s in seats:
        if s.get("seat") == seat:
            return f"{s.get('name') or 'seat ' + str(seat)} (seat {seat})"
    return f"seat {seat}"


def render_seats(state: dict, width: int = 60) -> Text:
    """Every seat: whose turn, cards held, UNO, catchable, grace, bots and away people; the direction.
    UNO Flip: under each other seat, the backs of its cards (the side not in play), in hand order. UNO Flex:
    each seat's power card (✔ green, ✘ red)."""
    v = state.get("view") or {}
    you = (state.get("you") or {}).get("seat")
    out = Text()
    to_act = v.get("to_act")
    eliminated = set(v.get("eliminated") or [])
    backs = {seat: cards for seat, cards in v.get("backs") or []}
    back_side = other_side(v.get("side"))
    powers = v.get("powers") or []
    for s in state.get("seats") or []:
        seat = s.get("seat")
        mine = seat is not None and seat == you
        turn = seat is not None and seat == to_act and state.get("status") == "playing"
        out.append("▶ " if turn else "  ", style="bold yellow")
        name = s.get("name") or f"seat {s.get('player')}"
        if mine and name.lower() != "you":
            name += " (you)"
        out.append(f"{'' if seat is None else seat} {name[:18]:<18}", style="bold" if mine else "")
        cards = s.get("cards")
        if cards is not None:
            out.append(f" {cards:>2} card{'s' if cards != 1 else ' '}")
        if seat is not None and seat == v.get("dealer"):
            out.append(" D", style="dim")
        if seat is not None and 0 <= seat < len(powers):
            out.append_text(power_text(bool(powers[seat])))
        if s.get("uno"):
            out.append(" UNO!", style="bold magenta")
        if s.get("catchable"):
            out.append(" catchable", style="bold red")
        if s.get("grace") is not None:
            out.append(f" ({s['grace']:.1f}s to call)", style="red")
        if seat in eliminated:
            out.append(" out", style="dim")
        if s.get("kind") == "bot" and not (s.get("name") or "").startswith(s.get("bot") or "?"):
            out.append(f" [{s.get('bot')}]", style="dim")
        elif s.get("kind") == "person" and s.get("away"):
            out.append(" away", style="dim italic")
        out.append("\n")
        if backs.get(seat):
            out.append_text(_backs_line(backs[seat], back_side, width))
            out.append("\n")
    if v:
        d = v.get("direction", 1)
        out.append("direction: " + ("clockwise ↻" if d == 1 else "anticlockwise ↺"), style="cyan")
    return out


def _backs_line(cards, side: str | None, width: int) -> Text:
    """A seat's backs as chips on one indented line of ``width`` (those that do not fit: ``+N``)."""
    out, used, width = Text("    backs "), 10, max(24, width)
    for i, c in enumerate(cards):
        rest = len(cards) - i - 1
        if used + len(c) + 2 + (len(f" +{rest}") if rest else 0) > width:
            out.append(f" +{len(cards) - i}", style="dim")
            break
        out.append_text(card_text(c, side=side))
        used += len(c) + 2
    return out


def render_pile(state: dict, lang: str = "en") -> Text:
    """The pile, the colour to follow, the stock, what is pending and the clocks; in UNO Flip the side in
    play and the back of the stock's top card."""
    v = state.get("view")
    out = Text()
    if not v:
        status = state.get("status")
        out.append("Waiting for the host to start the table." if status == "lobby" else "No hand in play.",
                   style="italic")
        return out
    side = v.get("side")
    if side:
        out.append(f" {'◑ DARK' if side == 'dark' else '◐ LIGHT'} SIDE ", style=SIDE_STYLE.get(side, "bold"))
        out.append("\n")
    out.append("pile  ")
    out.append_text(card_text(v["top"], side=side))
    if v.get("color"):
        out.append(f"  colour {color_name(v['color'], lang)}", style=_ACCENT.get(v["color"], ""))
    out.append(f"   stock {v.get('stock_size', 0)}")
    if v.get("stock_back"):
        out.append(" (back ")
        out.append_text(card_text(v["stock_back"], side=other_side(side)))
        out.append(")")
    older = (v.get("discard") or [])[:-1][-5:]
    if older:
        out.append("\nbelow ")
        for c in reversed(older):
            out.append_text(card_text(c, dim=True, side=side))
            out.append(" ")
    if state.get("pending_text"):
        out.append(f"\n{state['pending_text']}", style="bold red")
    elif v.get("pending"):
        out.append(f"\npending draw: {v['pending']}", style="bold red")
    if v.get("drawn"):
        out.append("\nyou drew ")
        out.append_text(card_text(v["drawn"], side=side))
        out.append(": play it (Enter) or keep it (p)")
    phase = v.get("phase")
    if phase and phase not in ("PLAY", "OVER"):
        out.append(f"\nphase: {PHASES.get(phase, phase)}", style="dim")
    if v.get("silence"):
        out.append("\nsilence: talking costs cards", style="yellow")
    for seat, cards in v.get("revealed") or []:
        out.append(f"\n{seat_label(state, seat)} showed: " + " ".join(cards), style="dim")
    for seat, cards in v.get("open_hands") or []:
        out.append(f"\n{seat_label(state, seat)} holds: " + " ".join(cards), style="dim")
    if state.get("turn_left") is not None:
        out.append(f"\nturn clock: {state['turn_left']:.0f} s", style="yellow")
    if state.get("between_left") is not None:
        out.append(f"\nnext hand in {state['between_left']:.0f} s", style="yellow")
    return out


def render_log(state: dict, width: int = 80, height: int = 12) -> Text:
    """The newest events that fit in ``height`` rows of ``width``, newest last; chat between hands after them."""
    items = list(state.get("log") or [])
    items += [f"{name}: {text}" for _t, _p, name, text in state.get("chat") or []]
    rows: list[str] = []
    for line in reversed(items):
        rows[:0] = textwrap.wrap(line, max(10, width)) or [""]
        if len(rows) >= height:
            break
    return Text("\n".join(rows[-max(1, height):]) if rows else "(nothing yet)", style="" if rows else "dim")


def render_scores(state: dict) -> Text:
    """The match standings, the last hand's scoring and, when it is over, the winner."""
    m = state.get("match")
    out = Text()
    if not m:
        return out
    over = m.get("over") or state.get("status") == "over"
    last = m.get("last")
    if over:
        if m.get("winner") is not None and (state.get("options") or {}).get("match", True):
            names = _side_names(m, m["winner"])
            out.append(f"Match over: {names} won!\n", style="bold green")
        elif last and last.get("winner_name"):
            out.append(f"Game over: {last['winner_name']} won the hand.\n", style="bold green")
        else:
            out.append("Game over.\n", style="bold green")
    elif state.get("status") == "between" and last:
        out.append(f"Hand {last.get('number', 1)} over: {last.get('winner_name') or 'nobody'} won.\n",
                   style="bold")
    target = m.get("target")
    out.append(f"Standings ({m.get('mode')}{f', to {target}' if target else ''}; {m.get('hands', 0)} hand"
               f"{'s' if m.get('hands') != 1 else ''})\n", style="underline")
    scores = sorted(m.get("scores") or [], key=lambda s: -s.get("points", 0)
                    if m.get("mode") not in ("lowest",) else s.get("points", 0))
    for s in scores:
        who = " & ".join(f"{p} {n}" for p, n in zip(s.get("players") or [], s.get("names") or []))
        out.append(f"  {who[:30]:<30} {s.get('points', 0):>5}\n")
    if last and state.get("status") in ("between", "over"):
        gains = ", ".join(f"{_side_names(m, side)} +{pts}" for side, pts in last.get("gains") or [])
        held = last.get("held") or {}
        if gains:
            out.append(f"Last hand: {gains}\n", style="green")
        if held:
            name_of = {str(p): n for s in m.get("scores") or [] for p, n in zip(s["players"], s["names"])}
            out.append("Cards left: " + ", ".join(f"{p} {name_of.get(p, '')} {pts}" for p, pts in held.items()) + "\n",
                       style="dim")
    return out


def _side_names(m: dict, side) -> str:
    side = side if isinstance(side, list) else [side]
    names = {p: n for s in m.get("scores") or [] for p, n in zip(s.get("players") or [], s.get("names") or [])}
    return " & ".join(str(names.get(p, f"player {p}")) for p in side)


def first_card(action: dict) -> str | None:
    """The first card a play puts down (face up or face down)."""
    cards = (action.get("cards") or action.get("hidden") or "").split()
    return cards[0] if cards else None


class Panel(Widget):
    """A panel that draws itself with ``fn(state, width, height)`` whenever it is given a new state."""

    def __init__(self, fn, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.fn = fn
        self.state: dict = {}

    def show(self, state: dict) -> None:
        self.state = state
        self.refresh(layout=True)

    def render(self):
        return self.fn(self.state, self.size.width, self.size.height)

    def text(self) -> str:
        """What the panel shows, as plain text (for tests and screenshots)."""
        r = self.render()
        return r.plain if isinstance(r, Text) else str(r)


class HandBar(Widget):
    """Your hand, sorted; ``selected`` moves with the arrows and the number keys."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self.hand: list[str] = []
        self.selected = 0
        self.playable: set[str] = set()
        self.side: str | None = None      # UNO Flip: the side in play (its wilds drawn dark on the dark side)
        self.order = "colour"             # or "guide": the guide's hand order (unokit.play.handorder, key o)

    def show(self, hand, playable, side: str | None = None) -> None:
        keep = self.hand[self.selected] if 0 <= self.selected < len(self.hand) else None
        self.hand = guide_order(hand) if self.order == "guide" else hand_order(hand)
        self.playable = set(playable)
        self.side = side
        if keep in self.hand:
            self.selected = self.hand.index(keep)
        self.selected = max(0, min(self.selected, len(self.hand) - 1))
        self.refresh(layout=True)

    def move(self, step: int) -> None:
        if self.hand:
            self.selected = (self.selected + step) % len(self.hand)
            self.refresh()

    def pick(self, index: int) -> bool:
        if 0 <= index < len(self.hand):
            self.selected = index
            self.refresh()
            return True
        return False

    @property
    def card(self) -> str | None:
        return self.hand[self.selected] if 0 <= self.selected < len(self.hand) else None

    def render(self):
        return render_hand(self.hand, self.selected if self.hand else None, self.playable,
                           width=max(20, self.size.width or 80), side=self.side)

    def text(self) -> str:
        return self.render().plain
