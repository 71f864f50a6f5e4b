"""Actions: frozen values a player hands to the referee.

Every action names the ``player`` (seat index) who takes it; many may be taken
out of turn (saying UNO, catching, cutting, challenging, accusing, chatting).

>>> from unokit.cards import Card, Color
>>> a = Play(0, (Card.parse('W'),), color=Color.GREEN, uno=True)
>>> str(a)
'0 play W>G uno'
>>> Action.parse(str(a)) == a
True
>>> Action.parse('2 catch 1')
CatchUno(player=2, target=1)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color, format_cards, parse_cards
from .errors import NotationError

__all__ = ["Action", "Play", "Draw", "Pass", "ChooseColor", "SayUno", "CatchUno", "Challenge",
           "Notice", "Accuse", "Discard", "Say", "Hint", "Slap", "ChallengeDraw", "action_from_dict"]


class Action:
    """Base class. ``str(action)`` is a compact notation that :meth:`parse` reads back."""

    __slots__ = ()
    kind = "action"

    def to_dict(self) -> dict:
        raise NotImplementedError

    @staticmethod
    def parse(text: str) -> "Action":
        """Read the compact notation ``"<seat> <verb> [args]"`` (see each class)."""
        parts = text.split()
        if len(parts) < 2 or not (parts[0].isascii() and parts[0].isdigit()):
            raise NotationError(f"cannot read action {text!r}; write '<seat> <verb> ...', e.g. '0 play R7'")
        p, verb, args = int(parts[0]), parts[1].lower(), parts[2:]
        try:
            if verb == "play":
                return Play._parse(p, args)
            if verb in ("draw", "pass", "uno", "challenge", "accuse", "slap", "doubt"):
                return {"draw": Draw, "pass": Pass, "uno": SayUno, "challenge": Challenge, "accuse": Accuse,
                        "slap": Slap, "doubt": ChallengeDraw}[verb](p)
            if verb == "color":
                return ChooseColor(p, Color.parse(args[0]))
            if verb == "catch":
                return CatchUno(p, int(args[0]))
            if verb == "notice":
                return Notice(p, int(args[0]))
            if verb == "discard":
                return Discard(p, Card.parse(args[0]))
            if verb == "say":
                return Say(p, " ".join(args))
            if verb == "hint":
                return Hint(p, int(args[0]), " ".join(args[1:]))
        except (IndexError, ValueError) as e:
            raise NotationError(f"cannot read action {text!r}: {e}") from None
        raise NotationError(f"unknown action verb {verb!r} in {text!r}")


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``cards`` (one card, or a group under DR/DD) on the discard pile.

    ``color``: the colour named for a wild; ``uno``: say UNO while playing the
    next-to-last card; ``target``: the seat chosen by a card that names one
    (Wild Swap Hands); ``hidden``: cards put face down on the DED pile, claimed
    legal; ``claim``: under DED + stacking, the draw card a hidden card is
    claimed to be. Notation: ``0 play R7 R7``, ``1 play W+4>G uno``,
    ``2 play WX>R @0``, ``3 play hidden:G+2 claim:+2``.
    """

    player: int
    cards: tuple[Card, ...] = ()
    color: Color | None = None
    uno: bool = False
    target: int | None = None
    hidden: tuple[Card, ...] = ()
    claim: int = 0
    give: tuple[Card, ...] = ()
    kind = "play"

    def __str__(self) -> str:
        parts = [str(self.player), "play"]
        for i, c in enumerate(self.cards):
            s = c.code
            if i == len(self.cards) - 1 and self.color is not None:
                s += ">" + self.color.letter
            parts.append(s)
        if self.hidden:
            parts.append("hidden:" + ",".join(c.code for c in self.hidden))
        if self.claim:
            parts.append(f"claim:+{self.claim}")
        if self.target is not None:
            parts.append(f"@{self.target}")
        if self.give:
            parts.append("give:" + ",".join(c.code for c in self.give))
        if self.uno:
            parts.append("uno")
        return " ".join(parts)

    @staticmethod
    def _parse(p: int, args: list[str]) -> "Play":
        cards, color, uno, target, hidden, claim, give = [], None, False, None, (), 0, ()
        for a in args:
            al = a.lower()
            if al == "uno":
                uno = True
            elif a.startswith("@"):
                target = int(a[1:])
            elif al.startswith("hidden:"):
                hidden = tuple(parse_cards(a[7:].replace(",", " ")))
            elif al.startswith("claim:"):
                claim = int(a[6:].lstrip("+"))
            elif al.startswith("give:"):
                give = tuple(parse_cards(a[5:].replace(",", " ")))
            else:
                code, _, col = a.partition(">")
                cards.append(Card.parse(code))
                if col:
                    color = Color.parse(col)
        if not cards and not hidden:
            raise NotationError("a play needs at least one card")
        return Play(p, tuple(cards), color, uno, target, hidden, claim, give)

    def to_dict(self) -> dict:
        d = {"type": "play", "player": self.player, "cards": format_cards(self.cards)}
        if self.color is not None:
            d["color"] = self.color.letter
        if self.uno:
            d["uno"] = True
        if self.target is not None:
            d["target"] = self.target
        if self.hidden:
            d["hidden"] = format_cards(self.hidden)
        if self.claim:
            d["claim"] = self.claim
        if self.give:
            d["give"] = format_cards(self.give)
        return d


def _simple(name: str, verb: str, doc: str):
    @dataclass(frozen=True, slots=True)
    class _A(Action):
        player: int
        kind = verb

        def __str__(self) -> str:
            return f"{self.player} {verb}"

        def to_dict(self) -> dict:
            return {"type": verb, "player": self.player}

    _A.__name__ = _A.__qualname__ = name
    _A.__doc__ = doc
    return _A


Draw = _simple("Draw", "draw", "Draw from the stock: one card at the start of a turn, or the whole "
                               "pending penalty when facing a Draw Two / Wild Draw Four (stack).")
Pass = _simple("Pass", "pass", "Keep the card just drawn and end the turn (or accept a hand-ending hidden play).")
SayUno = _simple("SayUno", "uno", "Say 'UNO' while holding one card (safe once said).")
Challenge = _simple("Challenge", "challenge", "Challenge the Wild Draw Four you must draw for.")
Accuse = _simple("Accuse", "accuse", "DED: accuse the last face-down play of being illegal.")
Slap = _simple("Slap", "slap", "M: put a hand on the discard pile after an 8 (the last to slap draws 1).")
ChallengeDraw = _simple("ChallengeDraw", "doubt", "DP: challenge the last draw (the drawer held a playable card).")


@dataclass(frozen=True, slots=True)
class ChooseColor(Action):
    """Name the colour when the first discard is a Wild (player left of the dealer)."""

    player: int
    color: Color
    kind = "color"

    def __str__(self) -> str:
        return f"{self.player} color {self.color.letter}"

    def to_dict(self) -> dict:
        return {"type": "color", "player": self.player, "color": self.color.letter}


@dataclass(frozen=True, slots=True)
class CatchUno(Action):
    """Catch ``target``, who holds one card and did not say UNO in time."""

    player: int
    target: int
    kind = "catch"

    def __str__(self) -> str:
        return f"{self.player} catch {self.target}"

    def to_dict(self) -> dict:
        return {"type": "catch", "player": self.player, "target": self.target}


@dataclass(frozen=True, slots=True)
class Notice(Action):
    """Table enforcement: point out the wrong play number ``seq`` (see ``Game.wrong_plays``)."""

    player: int
    seq: int
    kind = "notice"

    def __str__(self) -> str:
        return f"{self.player} notice {self.seq}"

    def to_dict(self) -> dict:
        return {"type": "notice", "player": self.player, "seq": self.seq}


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """DED: the free discard won in an accusation (face down, no effect)."""

    player: int
    card: Card
    kind = "discard"

    def __str__(self) -> str:
        return f"{self.player} discard {self.card.code}"

    def to_dict(self) -> dict:
        return {"type": "discard", "player": self.player, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class Say(Action):
    """A chat message at the table; rules such as S (silence) judge it."""

    player: int
    text: str
    kind = "say"

    def __str__(self) -> str:
        return f"{self.player} say {self.text}"

    def to_dict(self) -> dict:
        return {"type": "say", "player": self.player, "text": self.text}


@dataclass(frozen=True, slots=True)
class Hint(Action):
    """Give another player a hint (official penalty: the hinter draws 2)."""

    player: int
    to: int
    text: str = ""
    kind = "hint"

    def __str__(self) -> str:
        return f"{self.player} hint {self.to} {self.text}".rstrip()

    def to_dict(self) -> dict:
        return {"type": "hint", "player": self.player, "to": self.to, "text": self.text}


def action_from_dict(d: dict) -> Action:
    """Inverse of ``Action.to_dict``."""
    t, p = d["type"], d["player"]
    if t == "play":
        return Play(p, tuple(parse_cards(d.get("cards", ""))),
                    Color.parse(d["color"]) if d.get("color") else None, d.get("uno", False),
                    d.get("target"), tuple(parse_cards(d.get("hidden", ""))), d.get("claim", 0),
                    tuple(parse_cards(d.get("give", ""))))
    simple = {"draw": Draw, "pass": Pass, "uno": SayUno, "challenge": Challenge, "accuse": Accuse, "slap": Slap,
              "doubt": ChallengeDraw}
    if t in simple:
        return simple[t](p)
    if t == "color":
        return ChooseColor(p, Color.parse(d["color"]))
    if t == "catch":
        return CatchUno(p, d["target"])
    if t == "notice":
        return Notice(p, d["seq"])
    if t == "discard":
        return Discard(p, Card.parse(d["card"]))
    if t == "say":
        return Say(p, d["text"])
    if t == "hint":
        return Hint(p, d["to"], d.get("text", ""))
    if t not in EXTRA_ACTIONS:
        from .rules import registry  # noqa: F401  (rule modules register their own action types)
    if t in EXTRA_ACTIONS:
        return EXTRA_ACTIONS[t](p)
    raise NotationError(f"unknown action type {t!r}")


# Simple (player-only) action types that house rules define, by their ``kind``.
EXTRA_ACTIONS: dict[str, type] = {}


def register_action(cls: type) -> type:
    EXTRA_ACTIONS[cls.kind] = cls
    return cls
