"""The action codec of a rule set: its two integer numberings of actions, their text, and the map between them.

A rule set at a table of ``players`` seats numbers actions twice, and :class:`Codec` (one per rule set and
number of seats, :meth:`Codec.for_rules`, cached) holds both, as two named views:

- :attr:`Codec.moves` (:class:`MoveTable`): **the engine's move ids**, what the fast core, the compiled
  core and the search bot exchange: one id per whole action, the seat included. The numbering is rule
  independent (its arithmetic, which the compiled core's C sources are checked against, stays in
  :mod:`unokit.core.codec`); the view bounds it to this table's seats and adds the text of each id (the
  notation, ``1 play W>G uno``).
- :attr:`Codec.steps` (:class:`StepTable`): **the RL step ids**, what the environments expose and a
  trained model's outputs are named by: one fixed id per *sub-decision* of a play composed one step at a
  time (:mod:`unokit.engine.compose`), seats counted from the seat acting, so the table is the same in
  every state and small (130 ids for ``UNO 1121`` at two seats). ``unokit.env.ActionTable`` is this class.

Between them, where that is well defined: :meth:`Codec.steps_of` (an engine move -> the steps that
compose it) and :meth:`Codec.move_of` (a step that is a whole action by itself -> its engine move).

Why this module lives in :mod:`unokit.rules` (layer 1): the steps of a rule set depend on its rules (the
:class:`~unokit.rules.RuleSet`, the house rules' hooks and action classes, an edition's deck), so it cannot
live in ``core`` (layer 0); and every user of the ids must be able to import it: the fast and compiled cores
(layer 2), the engine, the ``rl`` bot (layer 5) and the environments (layer 6). ``rules`` is the only layer
that is both. So the codec reads what the referee would do from the rules themselves (a group rule's
hooks, the rule that turns face-down play on), never from a :class:`~unokit.engine.game.Game`.

Bad input is a typed error, never a traceback: an integer that is no id, :class:`ActionIdError`; an
action or a text the table has no id for, :class:`NoActionIdError`; text that is no action at all,
:class:`~unokit.core.errors.NotationError`.

>>> c = Codec.for_rules("UNO 1121", 2)
>>> len(c.steps), c.steps.name(c.steps.parse("play W>G uno")), c.moves.name(c.moves.parse("1 play W>G uno"))
(130, 'play W>G uno', '1 play W>G uno')
>>> m = c.moves.parse("1 catch 0")
>>> m, [c.steps.name(s) for s in c.steps_of(m)], c.move_of(c.steps.parse("catch +1"), 1) == m
(266, ['catch +1'], True)
>>> g = Codec.for_rules("UNO 1121 DR-SEVENO", 3)
>>> [g.steps.name(s) for s in g.steps_of(g.moves.parse("0 play R7 R7 @2"))]
['play R7 +', 'play R7', 'target +2']
>>> g.move_of(g.steps.parse("target +2"), 0) is None   # a seat named: by itself, no whole move
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..core import codec as _ids
from ..core.actions import ACTIONS, Action, CatchUno, ChooseColor, Discard, Play
from ..core.cards import COLORS, Card, Color, Face
from ..core.codec import ActionIdError
from ..core.decks import build_deck
from ..core.errors import PositionError, RuleCodeError, UnoError
from .base import hooks_of
from .blanks import deck_problem
from .double_discard import DoubleDiscard
from .editions import edition_of
from .registry import build_house_rules
from .ruleset import RuleSet

DARK_COLORS: tuple[Color, ...]   # the fallback's () and the engine's four dark colours are both this
try:  # UNO Flip's double-sided cards (an edition being added)
    from ..core.cards import DARK_COLORS, plain
except ImportError:  # pragma: no cover - an engine without them
    DARK_COLORS = ()

    def plain(card: Card) -> Card:
        return card

__all__ = ["Codec", "MoveTable", "StepTable", "STAGES", "ActionIdError", "NoActionIdError"]

#: what the next choice of a play being composed is: a card (``None``: nothing composed yet, or
#: ``"cards"``: a further card of a group), a seat (``"target"``) or a card given away (``"give"``)
STAGES = (None, "cards", "target", "give")
_TARGET_RULES = ("T", "CLA", "DOA", "SEVENO")
_BUILTIN_VERBS = ("draw", "pass", "challenge", "uno")
MAX_SEATS = 10


class NoActionIdError(UnoError):
    """An action (an option the referee offers, a move) or a text that has no id in the table (a rule set
    or a table this numbering does not cover)."""


def _simple_verb(cls: type[Action]) -> bool:
    return tuple(getattr(cls, "__dataclass_fields__", {})) == ("player",)


def _check_table(rs: RuleSet, players: object) -> None:
    """Refuse a table no hand of ``rs`` is dealt at, as ``Game.new`` would (typed errors)."""
    if type(players) is not int or not 2 <= players <= MAX_SEATS:
        raise PositionError(f"a table seats 2 to {MAX_SEATS} players, got {players!r}")
    ed = edition_of(rs)
    if ed is not None and not ed.players[0] <= players <= ed.players[1]:
        raise UnoError(f"{ed.code} is for {ed.players[0]} to {ed.players[1]} players; got {players}")
    why = deck_problem(rs, ed.deck if ed is not None else "classic", 1) if rs.param("blanks") else None
    if why:
        raise RuleCodeError(why)


# ---------------------------------------------------------------------- the engine's moves
class MoveTable:
    """The engine's move ids at a table of ``players`` seats: :mod:`unokit.core.codec`'s numbering (the
    official moves, ADDUP's, the other house-rule plays) for the seats of the table: the seat acting, a
    seat named and a seat caught all below ``players``. The ids are sparse (the house-rule plays' run into the billions): :meth:`ids` lists the
    official ones and ADDUP's.

    >>> t = MoveTable(2)
    >>> t.id(Action.parse("1 play W>G uno")), str(t.action(247)), t.name(120), t.parse("0 draw")
    (247, '1 play W>G uno', '0 draw', 120)
    >>> t.action(2 * 138 + 120)
    Traceback (most recent call last):
    ...
    unokit.core.codec.ActionIdError: 396 is no move id at a table of 2: '2 draw' names a seat it lacks
    """

    def __init__(self, players: int) -> None:
        if type(players) is not int or not 2 <= players <= MAX_SEATS:
            raise PositionError(f"a table seats 2 to {MAX_SEATS} players, got {players!r}")
        self.players = players

    def __repr__(self) -> str:
        return f"MoveTable({self.players})"

    def _seats_ok(self, a: Action) -> bool:
        n = self.players
        seats = [getattr(a, "player", -1), getattr(a, "target", None), getattr(a, "first", None)]
        return all(s is None or (type(s) is int and 0 <= s < n) for s in seats)

    def id(self, action: Action) -> int:
        """The id of ``action``; :class:`NoActionIdError` for an action the engines do not number or that
        names a seat this table does not have."""
        if not isinstance(action, Action) or not self._seats_ok(action):
            raise NoActionIdError(f"no move id for {action!r} at a table of {self.players}")
        try:
            return _ids.encode(action)
        except UnoError:
            raise NoActionIdError(f"no move id for '{action}': the engines do not number it") from None

    def action(self, i: int) -> Action:
        """The action of id ``i``; :class:`ActionIdError` for an integer that is no id at this table."""
        a = _ids.decode(i)
        if not self._seats_ok(a):
            raise ActionIdError(f"{i} is no move id at a table of {self.players}: '{a}' names a seat it lacks")
        return a

    def name(self, i: int) -> str:
        """The notation of id ``i`` (``"1 play W>G uno"``), read back by :meth:`parse`."""
        return str(self.action(i))

    def parse(self, text: str) -> int:
        """The id of the action ``text`` writes (:class:`~unokit.core.errors.NotationError` for text that is no
        action, :class:`NoActionIdError` for one without an id)."""
        return self.id(Action.parse(text))

    def __contains__(self, i: object) -> bool:
        try:
            self.action(i)  # type: ignore[arg-type]  # anything: a non-id is no member
        except UnoError:
            return False
        return True

    def ids(self) -> Iterator[int]:
        """The official moves' ids of this table's seats, then ADDUP's, in order (the other house-rule
        plays are too many to list)."""
        for i in range(self.players * _ids.ACTIONS_PER_SEAT):
            if i in self:
                yield i
        for i in range(_ids.EXT_BASE, _ids.EXT_BASE + self.players * _ids.EXT_PER_SEAT):
            if i in self:
                yield i


# ---------------------------------------------------------------------- the RL steps
class StepTable:
    """The step ids of rule set ``rules`` at a table of ``players`` seats: one id per sub-decision, the
    same in every state (``unokit.env.ActionTable``).

    A play that combines choices (a DR/DD group, the seat a Wild Swap Hands names, the cards a DOA 2
    gives) is composed one sub-decision at a time (:mod:`unokit.engine.compose`), so the table has one
    id per *step* of a play, not one per combination. The ids of a table, in order:

    ==============  ====================================================  ===========================
    block           one id per                                            text of the id
    ==============  ====================================================  ===========================
    ``play``        card x (named colour, for a wild) x UNO call          ``play R7``, ``play W>G uno``
    ``more``        card: put it down and go on choosing cards (groups)   ``play R7 +``
    ``hidden``      card x claim (0, +2, +4) x UNO (DED: face down)       ``play hidden:R7 claim:+2``
    ``target``      seat, counted from the seat acting (1 = next seat),   ``target +1``,
                    or no seat (a play that may name none: SEVENO), or    ``target none``,
                    the seat acting (pairs: ALLWILD(swap=pair))           ``target +0``
    ``give``        card given away (DOA)                                 ``give B5``
    verbs           ``draw``, ``pass``, ``challenge``, ``uno``, ...       ``draw``
    ``color``       colour named (first discard a Wild)                   ``color G``
    ``catch``       seat caught, counted from the seat acting             ``catch +1``
    ``discard``     card (DED's and Wild Ohana's free discards)           ``discard R7``
    ``wait``        let a reaction window go by                           ``wait``
    ==============  ====================================================  ===========================

    Blocks a rule set cannot use are left out (``more`` needs a group rule, ``hidden`` DED...), so
    ``UNO 1121`` has a small table. The cards are those of the rule set's deck, in
    :attr:`~unokit.core.cards.Card.index` order, so new card faces never move the ids of a deck; under an
    edition, whose cards may be put down as faces its deck does not list, every card face known. The
    ids of a table never change: a trained model names its outputs by them (``tests/rules/test_rule_set_codec.py``
    pins some tables' names).

    Which block an option falls in depends on the step of the play being composed: the choices that
    follow a ``target`` stem are ``target`` ids, those of a ``give`` stem ``give`` ids, and everything
    else (a first card, a further card of a group) ``play`` / ``more`` / ``hidden`` ids.

    ``names[i]`` is the text of id ``i`` (:meth:`name`, read back by :meth:`parse`); :meth:`id_of` maps an
    option of the referee (an :class:`~unokit.core.actions.Action`) to its id, given the step of the play
    being composed; the env keeps the options of the decision it asks for, so an id maps back to exactly
    one action. :meth:`action` is the whole action a step stands for by itself, at a seat.

    >>> t = StepTable("UNO 1121", 2)
    >>> len(t), t.name(t.parse("play W+4>G uno")), t.name(t.parse("wait"))
    (130, 'play W+4>G uno', 'wait')
    >>> [t.name(i) for i in range(3)]
    ['play R0', 'play R0 uno', 'play R1']
    >>> t.id_of(CatchUno(1, 0)) == t.parse("catch +1"), str(t.action(t.parse("catch +1"), 1))
    (True, '1 catch 0')
    """

    def __init__(self, rules: RuleSet | str, players: int) -> None:
        rs = RuleSet.parse(rules)
        _check_table(rs, players)
        ed = edition_of(rs)
        house = build_house_rules(rs)
        hooks = hooks_of(house)
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
        # as the referee has them (Game.grouping, Game.face_down): a rule that puts several cards down in one
        # play (its group hooks), a rule that plays cards face down (its ``play_hidden`` hook; DED)
        self.grouping = bool(hooks["group_ok"] or hooks["group_prefix"])
        self.face_down = bool(hooks.get("play_hidden")) or any(isinstance(r, DoubleDiscard) for r in house)
        self.targets = every or any(rs.has(c) for c in _TARGET_RULES) or any(
            c.face in (Face.WILD_SWAP, Face.WILD_BLANK) for c in self.cards)
        self.gifts = every or rs.has("DOA")
        self.discards = every or self.face_down or any(c.face == Face.WILD_OHANA for c in self.cards)
        verbs = list(_BUILTIN_VERBS)
        if self.face_down:
            verbs.append("accuse")
        for rule in house:
            for cls in getattr(rule, "actions", ()):
                if _simple_verb(cls) and cls.verb not in verbs:
                    verbs.append(cls.verb)
        self.verbs = tuple(verbs)
        names: list[str] = []
        self.blocks: dict[str, tuple[int, int]] = {}

        def block(label: str, start: int) -> None:
            self.blocks[label] = (start, len(names))

        self.play_id: dict[tuple[Card, Color | None, bool], int] = {}
        for c in self.cards:
            for col in (self.colors if c.names_color and not colorless else (None,)):
                for uno in (False, True):
                    self.play_id[(c, col, uno)] = len(names)
                    names.append("play " + c.code + (">" + col.letter if col is not None else "")
                                 + (" uno" if uno else ""))
        block("play", 0)
        self.more_id: dict[Card, int] = {}
        if self.grouping:
            start = len(names)
            for c in self.cards:
                self.more_id[c] = len(names)
                names.append(f"play {c.code} +")
            block("more", start)
        self.hidden_id: dict[tuple[Card, int, bool], int] = {}
        if self.face_down:
            start = len(names)
            for c in self.cards:
                for claim in (0, 2, 4):
                    for uno in (False, True):
                        self.hidden_id[(c, claim, uno)] = len(names)
                        names.append(f"play hidden:{c.code}" + (f" claim:+{claim}" if claim else "")
                                     + (" uno" if uno else ""))
            block("hidden", start)
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
            block("target", start)
        self.give_id: dict[Card, int] = {}
        if self.gifts:
            start = len(names)
            for c in self.cards:
                self.give_id[c] = len(names)
                names.append(f"give {c.code}")
            block("give", start)
        self.verb_id: dict[str, int] = {}
        start = len(names)
        for v in self.verbs:
            self.verb_id[v] = len(names)
            names.append(v)
        block("verbs", start)
        self.color_id: dict[Color, int] = {}
        start = len(names)
        for col in self.colors:
            self.color_id[col] = len(names)
            names.append(f"color {col.letter}")
        block("color", start)
        self.catch_id: dict[int, int] = {}
        start = len(names)
        for k in range(1, players):
            self.catch_id[k] = len(names)
            names.append(f"catch +{k}")
        block("catch", start)
        self.discard_id: dict[Card, int] = {}
        if self.discards:
            start = len(names)
            for c in self.cards:
                self.discard_id[c] = len(names)
                names.append(f"discard {c.code}")
            block("discard", start)
        self.wait = len(names)
        names.append("wait")
        block("wait", self.wait)
        self.names: tuple[str, ...] = tuple(names)
        self._by_name = {s: i for i, s in enumerate(names)}
        self.n = len(names)
        # each id's meaning, for action(): (block, card or colour or verb or seat offset, colour, uno or claim)
        self._meaning: dict[int, tuple[Any, ...]] = {i: ("play", c, col, uno) for (c, col, uno), i in self.play_id.items()}
        self._meaning.update({i: ("verbs", v) for v, i in self.verb_id.items()})
        self._meaning.update({i: ("color", col) for col, i in self.color_id.items()})
        self._meaning.update({i: ("catch", k) for k, i in self.catch_id.items()})
        self._meaning.update({i: ("hidden", c, claim, uno) for (c, claim, uno), i in self.hidden_id.items()})
        self._meaning.update({i: ("discard", c) for c, i in self.discard_id.items()})

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rules!r}, {self.players}: {self.n} ids)"

    # ------------------------------------------------------------------ ids and text
    def _check(self, i: object) -> int:
        if type(i) is not int or not 0 <= i < self.n:
            raise ActionIdError(f"action id must be a whole number from 0 to {self.n - 1}, got {i!r}")
        return i

    def name(self, i: int) -> str:
        """The text of id ``i`` (seat-free: seats are counted from the seat acting)."""
        return self.names[self._check(i)]

    def parse(self, text: str) -> int:
        """The id whose text is ``text`` (as :meth:`name` writes it; spacing and case are forgiven);
        :class:`NoActionIdError` for a text no id has."""
        key = " ".join(str(text).split())
        i = self._by_name.get(key)
        if i is None:
            i = self._by_name.get(_canonical(key))
        if i is None:
            raise NoActionIdError(f"no action {str(text)[:60]!r} in the table of {self.rules} ({self.n} ids)")
        return i

    # ``action``: Any, as the body reads each action class's own fields after dispatching on type(action)
    def id_of(self, action: Any, stage: str | None = None) -> int:
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
        self._check(i)
        return next(label for label, (a, b) in self.blocks.items() if a <= i < b)

    def action(self, i: int, seat: int) -> Action | None:
        """The whole action step ``i`` stands for by itself when ``seat`` takes it: a card played alone, a
        verb, a colour named, a seat caught, a face-down play, a free discard; ``None`` for a step that only
        continues a play (``more``, ``target``, ``give``) and for ``wait``.

        Under a rule that composes plays, a ``play`` step can also end a group or begin a play that names a
        seat: the action it stands for by itself is then the card played alone, which :meth:`id_of` maps back
        to ``i``."""
        self._check(i)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise PositionError(f"a seat of this table is 0 to {self.players - 1}, got {seat!r}")
        m = self._meaning.get(i)
        if m is None:
            return None
        kind = m[0]
        if kind == "play":
            return Play(seat, (m[1],), m[2], m[3])
        if kind == "verbs":
            return ACTIONS[m[1]](seat)  # type: ignore[call-arg]  # a simple verb: the player only
        if kind == "color":
            return ChooseColor(seat, m[1])
        if kind == "catch":
            return CatchUno(seat, (seat + m[1]) % self.players)
        if kind == "hidden":
            return Play(seat, (), None, m[3], None, (m[1],), m[2])
        return Discard(seat, m[1])


def _canonical(text: str) -> str:
    low = text.lower()
    if low in ACTIONS or low == "wait":
        return low
    parts = text.split()
    if parts and parts[0].lower() in ("play", "give", "discard", "color", "catch", "target"):
        return " ".join([parts[0].lower()] + [p if p == "+" else p.lower() if p.lower() == "none" else p.upper()
                                              if not p.lower().startswith(("hidden:", "claim:")) else
                                              p.split(":")[0].lower() + ":" + p.split(":")[1].upper()
                                              for p in parts[1:]]).replace(" UNO", " uno")
    return text


# ---------------------------------------------------------------------- both
class Codec:
    """The action codec of rule set ``rules`` at ``players`` seats: :attr:`moves` (the engine's move ids,
    :class:`MoveTable`) and :attr:`steps` (the RL step ids, :class:`StepTable`), and the map between
    them. Build it with :meth:`for_rules` (cached: one per rule set and number of seats)."""

    def __init__(self, rules: RuleSet | str, players: int) -> None:
        self.steps = StepTable(rules, players)
        self.moves = MoveTable(players)
        self.rules: str = self.steps.rules
        self.players = players

    def __repr__(self) -> str:
        return f"Codec({self.rules!r}, {self.players}: {len(self.steps)} steps)"

    @classmethod
    def for_rules(cls, rules: RuleSet | str, players: int) -> Codec:
        """The (cached) codec of ``rules`` at ``players`` seats.

        >>> Codec.for_rules("UNO 1121", 2) is Codec.for_rules("uno 1121", 2)
        True
        """
        rs = RuleSet.parse(rules)
        _check_table(rs, players)
        key = (rs.code, players)
        hit = _CODECS.get(key)
        if hit is None:
            hit = _CODECS[key] = cls(rs, players)
        return hit

    def steps_of(self, move: int) -> tuple[int, ...]:
        """The steps that compose engine move ``move`` when the referee asks every choice: a group's cards
        (``play R7 +`` each but the last, then the last with its colour and UNO call), then the seat it
        names (``target +k``). The referee skips a step whose answer is forced (the only seat a play can
        name), so an environment may see fewer; and a play naming no seat has no target step, though a rule
        under which a play may name none (SEVENO) asks ``target none`` when it could name one. :class:`ActionIdError` for no move id,
        :class:`NoActionIdError` for a move this rule set's steps cannot make (a card its deck lacks, a
        verb of a rule not in force, a seat catching itself)."""
        a = self.moves.action(move)
        t = self.steps
        if type(a) is not Play or not a.cards:   # (a face-down play, DED's: one step)
            return (t.id_of(a),)
        try:
            out = [t.more_id[c] for c in a.cards[:-1]]
            out.append(t.play_id[(a.cards[-1], a.color, a.uno)])
            if a.target is not None:
                out.append(t.target_id[(a.target - a.player) % self.players])
        except (KeyError, IndexError):
            raise NoActionIdError(f"the step table of {self.rules} cannot compose '{a}'") from None
        return tuple(out)

    def move_of(self, step: int, seat: int) -> int | None:
        """The engine move of step ``step`` taken by ``seat`` when it is a whole action by itself
        (:meth:`StepTable.action`) that the engines number; ``None`` otherwise (a step that continues a
        play, ``wait``, a dark colour...). ``steps_of(move_of(s, seat)) == (s,)``."""
        a = self.steps.action(step, seat)
        if a is None:
            return None
        try:
            return self.moves.id(a)
        except NoActionIdError:
            return None


_CODECS: dict[tuple[str, int], Codec] = {}
