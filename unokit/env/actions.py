"""The fixed integer action table of a rule set: one id per sub-decision, the same in every state.

A play that combines choices (a DR/DD group, the seat a Wild Swap Hands names, the cards a DOA 2
gives) is composed one sub-decision at a time (:mod:`unokit.engine.compose`), so the table needs one id
per *step* of a play, not one per combination. The ids of a table, in order:

==============  ====================================================  ===========================
block           one id per                                            text of the id
==============  ====================================================  ===========================
``play``        card x (named colour, for a wild) x UNO call          ``play R7``, ``play W>G uno``
``more``        card: put it down and go on choosing cards (groups)    ``play R7 +``
``hidden``      card x claim (0, +2, +4) x UNO (DED: face down)       ``play hidden:R7 claim:+2``
``target``      seat, counted from the seat acting (1 = next seat),   ``target +1``,
                or no seat (a play that may name none: SEVENO), or    ``target none``,
                the seat acting (pairs: ALLWILD(swap=pair))           ``target +0``
``give``        card given away (DOA)                                 ``give B5``
verbs           ``draw``, ``pass``, ``challenge``, ``uno``, ...       ``draw``
``color``       colour named (first discard a Wild)                   ``color G``
``catch``       seat caught, counted from the seat acting              ``catch +1``
``discard``     card (DED's and Wild Ohana's free discards)           ``discard R7``
``wait``        let a reaction window go by                           ``wait``
==============  ====================================================  ===========================

Blocks a rule set cannot use are left out (``more`` needs a group rule, ``hidden`` DED...), so
``UNO 1121`` has a small table. The cards are those of the rule set's deck, in
:attr:`~unokit.core.cards.Card.index` order, so new card faces never move the ids of a deck; under an
edition, whose cards may be put down as faces its deck does not list, every card face known.

Which block an option falls in depends on the step of the play being composed: the choices that
follow a ``target`` stem are ``target`` ids, those of a ``give`` stem ``give`` ids, and everything
else (a first card, a further card of a group) ``play`` / ``more`` / ``hidden`` ids.

>>> t = ActionTable("UNO 1121", 2)
>>> len(t), t.name(t.parse("play W+4>G uno")), t.name(t.parse("wait"))
(130, 'play W+4>G uno', 'wait')
>>> [t.name(i) for i in range(3)]
['play R0', 'play R0 uno', 'play R1']
"""

from __future__ import annotations

from ..core.actions import ACTIONS, CatchUno, ChooseColor, Discard, Play
from ..core.cards import COLORS, Card, Color, Face
from ..core.decks import build_deck
from ..core.errors import UnoError
from ..rules import RuleSet
from ..rules.editions import edition_of
from ..rules.registry import build_house_rules

DARK_COLORS: tuple[Color, ...]   # the fallback's () and the engine's four dark colours are both this
try:  # UNO Flip's double-sided cards (an edition being added)
    from ..core.cards import DARK_COLORS, plain
except ImportError:  # pragma: no cover - an engine without them
    DARK_COLORS = ()

    def plain(card: Card) -> Card:
        return card

__all__ = ["ActionTable", "table_for", "STAGES", "NoActionIdError"]

#: what the next choice of a play being composed is: a card (``None``: nothing composed yet, or
#: ``"cards"``: a further card of a group), a seat (``"target"``) or a card given away (``"give"``)
STAGES = (None, "cards", "target", "give")
_TARGET_RULES = ("T", "CLA", "DOA", "SEVENO")
_BUILTIN_VERBS = ("draw", "pass", "challenge", "uno")


class NoActionIdError(UnoError):
    """An option the referee offers has no id in the table (a rule set this table does not cover)."""


def _simple_verb(cls) -> bool:
    return tuple(getattr(cls, "__dataclass_fields__", {})) == ("player",)


class ActionTable:
    """The action ids of rule set ``rules`` at a table of ``players`` seats.

    ``names[i]`` is the text of id ``i`` (:meth:`name`, read back by :meth:`parse`);
    :meth:`id_of` maps an option of the referee (an :class:`~unokit.core.actions.Action`) to its id,
    given the step of the play being composed; the env keeps the options of the decision it
    asks for, so an id maps back to exactly one action.
    """

    def __init__(self, rules, players: int):
        rs = RuleSet.parse(rules)
        if type(players) is not int or not 2 <= players <= 10:
            raise UnoError(f"a table seats 2 to 10 players, got {players!r}")
        from ..engine.game import Game
        probe = Game.new(players, rs, seed=0, core="referee")
        ed = edition_of(rs)
        self.rules = rs.code
        self.players = players
        deck = ed.deck if ed is not None else "classic"
        every = ed is not None  # an edition's own cards may do anything: keep every block
        faces = set()
        for c in build_deck(deck, 1, True):  # a double-sided card (UNO Flip) counts with both its sides
            faces.add(plain(c))
            back = getattr(c, "down", None)
            if back is not None:
                faces.add(plain(back))
        #: the colours cards of this deck can show or a wild can name (the classic four, and UNO Flip's dark ones)
        dark = any(c.color in DARK_COLORS for c in faces)
        if every:  # an edition may put a card down as a face its deck does not list (UNO Flex's flexed side)
            faces.update(Card.ALL)
        self.cards: tuple[Card, ...] = tuple(sorted(faces, key=lambda c: c.index))
        self.colors: tuple[Color, ...] = COLORS + (DARK_COLORS if dark else ())
        self.card_pos = {c: i for i, c in enumerate(self.cards)}
        colorless = ed is not None and ed.colorless
        self.grouping = probe.grouping
        self.face_down = probe.face_down
        self.targets = every or any(rs.has(c) for c in _TARGET_RULES) or any(
            c.face in (Face.WILD_SWAP, Face.WILD_BLANK) for c in self.cards)
        self.gifts = every or rs.has("DOA")
        self.discards = every or self.face_down or any(c.face == Face.WILD_OHANA for c in self.cards)
        verbs = list(_BUILTIN_VERBS)
        if self.face_down:
            verbs.append("accuse")
        for rule in build_house_rules(rs):
            for cls in getattr(rule, "actions", ()):
                if _simple_verb(cls) and cls.verb not in verbs:
                    verbs.append(cls.verb)
        self.verbs = tuple(verbs)
        names: list[str] = []
        self.blocks: dict[str, tuple[int, int]] = {}

        def block(label, items):
            start = len(names)
            names.extend(items)
            self.blocks[label] = (start, len(names))

        self.play_id: dict[tuple[Card, Color | None, bool], int] = {}
        items: list[str] = []
        for c in self.cards:
            for col in (self.colors if c.names_color and not colorless else (None,)):
                for uno in (False, True):
                    self.play_id[(c, col, uno)] = len(names) + len(items)
                    items.append("play " + c.code + (">" + col.letter if col is not None else "")
                                 + (" uno" if uno else ""))
        block("play", items)
        self.more_id: dict[Card, int] = {}
        if self.grouping:
            block("more", [])
            for c in self.cards:
                self.more_id[c] = len(names)
                names.append(f"play {c.code} +")
            self.blocks["more"] = (self.blocks["more"][0], len(names))
        self.hidden_id: dict[tuple[Card, int, bool], int] = {}
        if self.face_down:
            start = len(names)
            for c in self.cards:
                for claim in (0, 2, 4):
                    for uno in (False, True):
                        self.hidden_id[(c, claim, uno)] = len(names)
                        names.append(f"play hidden:{c.code}" + (f" claim:+{claim}" if claim else "")
                                     + (" uno" if uno else ""))
            self.blocks["hidden"] = (start, len(names))
        self.target_id: dict[int | None, int] = {}
        if self.targets:
            start = len(names)
            for k in range(1, players):
                self.target_id[k] = len(names)
                names.append(f"target +{k}")
            self.target_id[None] = len(names)
            names.append("target none")
            if rs.has("ALLWILD") and rs.param("ALLWILD", "swap") == "pair":   # a pair may name the seat acting
                self.target_id[0] = len(names)
                names.append("target +0")
            self.blocks["target"] = (start, len(names))
        self.give_id: dict[Card, int] = {}
        if self.gifts:
            start = len(names)
            for c in self.cards:
                self.give_id[c] = len(names)
                names.append(f"give {c.code}")
            self.blocks["give"] = (start, len(names))
        self.verb_id: dict[str, int] = {}
        start = len(names)
        for v in self.verbs:
            self.verb_id[v] = len(names)
            names.append(v)
        self.blocks["verbs"] = (start, len(names))
        self.color_id: dict[Color, int] = {}
        start = len(names)
        for col in self.colors:
            self.color_id[col] = len(names)
            names.append(f"color {col.letter}")
        self.blocks["color"] = (start, len(names))
        self.catch_id: dict[int, int] = {}
        start = len(names)
        for k in range(1, players):
            self.catch_id[k] = len(names)
            names.append(f"catch +{k}")
        self.blocks["catch"] = (start, len(names))
        self.discard_id: dict[Card, int] = {}
        if self.discards:
            start = len(names)
            for c in self.cards:
                self.discard_id[c] = len(names)
                names.append(f"discard {c.code}")
            self.blocks["discard"] = (start, len(names))
        self.wait = len(names)
        names.append("wait")
        self.blocks["wait"] = (self.wait, self.wait + 1)
        self.names: tuple[str, ...] = tuple(names)
        self._by_name = {s: i for i, s in enumerate(names)}
        self.n = len(names)

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"ActionTable({self.rules!r}, {self.players}: {self.n} ids)"

    # ------------------------------------------------------------------ ids and text
    def name(self, i: int) -> str:
        """The text of id ``i`` (seat-free: seats are counted from the seat acting)."""
        if type(i) is not int or not 0 <= i < self.n:
            raise UnoError(f"action id must be a whole number from 0 to {self.n - 1}, got {i!r}")
        return self.names[i]

    def parse(self, text: str) -> int:
        """The id whose text is ``text`` (as :meth:`name` writes it; spacing and case are forgiven)."""
        key = " ".join(str(text).split())
        i = self._by_name.get(key)
        if i is None:
            i = self._by_name.get(_canonical(key))
        if i is None:
            raise UnoError(f"no action {text!r} in the table of {self.rules} ({self.n} ids)")
        return i

    def id_of(self, action, stage: str | None = None) -> int:
        """The id of ``action``, an option offered at step ``stage`` of a play being composed."""
        t = type(action)
        n = self.players
        try:
            if t is Play:
                if stage == "target":
                    t = action.target
                    return self.target_id[None if t is None else (t - action.player) % n]
                if stage == "give":
                    return self.give_id[action.give[-1]]
                if action.hidden:
                    return self.hidden_id[(action.hidden[-1], action.claim, action.uno)]
                c = action.cards[-1]
                if action.more == "cards":
                    return self.more_id[c]
                return self.play_id[(c, action.color, action.uno)]
            if t is ChooseColor:
                return self.color_id[action.color]
            if t is CatchUno:
                return self.catch_id[(action.target - action.player) % n]
            if t is Discard:
                return self.discard_id[action.card]
            if _simple_verb(t):
                return self.verb_id[t.verb]
        except (KeyError, IndexError, TypeError):
            pass
        raise NoActionIdError(f"the action table of {self.rules} has no id for '{action}'")

    def block_of(self, i: int) -> str:
        """The block (``play``, ``target``, ``verbs``...) id ``i`` belongs to."""
        for label, (a, b) in self.blocks.items():
            if a <= i < b:
                return label
        raise UnoError(f"no action id {i!r}")


def _canonical(text: str) -> str:
    low = text.lower()
    if low in ACTIONS or low == "wait":
        return low
    parts = text.split()
    if parts and parts[0].lower() in ("play", "give", "discard", "color", "catch", "target"):
        return " ".join([parts[0].lower()] + [p if p == "+" else p.upper() if not p.lower().startswith(
            ("hidden:", "claim:")) else p.split(":")[0].lower() + ":" + p.split(":")[1].upper()
            for p in parts[1:]]).replace(" UNO", " uno")
    return text


_TABLES: dict[tuple[str, int], ActionTable] = {}


def table_for(rules, players: int) -> ActionTable:
    """The (cached) :class:`ActionTable` of ``rules`` at ``players`` seats."""
    key = (RuleSet.parse(rules).code, players)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = ActionTable(rules, players)
    return t

