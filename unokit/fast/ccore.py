"""The compiled core loaded: the C extension (``unokit/fast/_ccore.c``), handed the rules' tables and numbers.

C states no rule: at load it gets the official tables (matching, card effects, first card, points, the deck) of
:mod:`unokit.core.official` and the numbers of the rules (:func:`rule_facts`: the official penalties and the
house rules' own, each read from its class), and its action numbering is checked against :mod:`unokit.core.codec`.
Kept apart from :mod:`unokit.fast.compiled` (the batches, which need numpy) so that :class:`unokit.fast.FastGame`,
a view of one C state, loads without numpy. ``_ccore`` is None when the extension was not built (``IMPORT_ERROR``
says so): then nothing of the fast core plays, and the referee plays every hand.
"""

from __future__ import annotations

import struct
from typing import Any

from ..core import codec, official

try:
    from . import _ccore  # type: ignore[attr-defined]  # the C extension (_ccore.c): no stub, its functions are untyped
    IMPORT_ERROR = None
except ImportError as e:  # pragma: no cover - a source tree that was not built
    _ccore = None
    IMPORT_ERROR = f"the compiled core is not built ({e}); run `make setup` or `pip install -e .`"

__all__ = ["IMPORT_ERROR", "available", "hand_over_tables", "rule_facts", "edition_facts", "EDITION_FACES", "EDITION_HEAD",
           "EDITION_KINDS", "EDITION_POWERS", "EDITION_ROLLS", "EDITION_SPACES", "EDITION_TAIL", "EDITION_UNIT",
           "EDITION_WHEEL", "strategist_faces"]


def available() -> bool:
    """Is the compiled core built and importable?"""
    return _ccore is not None


def hand_over_tables() -> None:
    """Hand the official tables and the rules' numbers over to C (again after a change, as the tests do)."""
    o = official
    ids = range(o.NCARDS)
    fx = []
    for c in ids:  # the effect of a card on the turn, as unokit.fast computes it
        if o.DRAW_OF[c]:
            fx.append(o.DRAW_OF[c])
        elif o.TURN[False][c] == o.TURN[True][c] == (1, False):
            fx.append(0)
        else:
            fx.append(-1)
    turn = bytes(v for two in (False, True) for c in ids for v in (o.TURN[two][c][0], int(o.TURN[two][c][1])))
    first = bytes(v for c in ids for v in (int(o.FIRST[c].returned), o.FIRST[c].starter, int(o.FIRST[c].reverse),
                                           o.FIRST[c].draw, int(o.FIRST[c].names_color)))
    _ccore.set_tables(
        bytes(o.DECK_IDS), bytes(int(x) for row in o.PLAYABLE for x in row), struct.pack(f"{o.NCARDS}b", *fx),
        turn, first, bytes(o.POINTS), struct.pack(f"{o.NCARDS}b", *o.COLOR_OF), bytes(o.FACE_OF),
        bytes(o.NUMBER_OF), struct.pack(f"{o.NCARDS}b", *(-1 if c.number is None else c.number for c in o.CARDS)),
        rule_facts())


def rule_facts() -> tuple[int, ...]:
    """The numbers of the rules the C core plays, each read from its one statement in Python and handed over
    with the tables (``_ccore.c`` writes none of them): the official penalties (a caught bluff, the extra cards
    of a wrong challenge, a Wild Draw Four's draw), ADDUP's challenge of a sum, BOMB's least group and its draw,
    TRI's cards per card, SEVENO's swapping and passing numbers."""
    from ..rules.cardfx import Trinity
    from ..rules.extras import AddUp, Bomb, SevenOPass, SevenOSwap
    o = official
    return (o.challenge_penalty(True), o.WRONG_CHALLENGE_EXTRA, o.DRAW_OF[o.WILD_DRAW_FOUR], AddUp.PENALTY,
            Bomb.LEAST, Bomb.PENALTY, Trinity.PER_CARD, SevenOSwap.CARD, SevenOPass.CARD)


#: what _editions.h reads of each face of an edition, one byte each (its ED_FACE_BYTES)
EDITION_FACES = ("advance", "reverse", "advance at two seats", "reverse at two seats", "draw", "seat choice",
                 "cards the seat chosen draws", "points", "wild", "action", "card draw", "skip", "card points",
                 "colour", "symbol", "face", "number", "names a colour", "UNO with any hand", "answers draws up to",
                 "playable alone", "first: returned", "first: starter", "first: reverse", "first: draw",
                 "first: names a colour", "challengeable", "a Wild Draw Four", "presses", "presses until cards",
                 "skips besides", "strategist's face", "index rank", "same face as",
                 "turned over", "draws until the colour",
                 "flexed face", "played from", "power cards", "colour after")


def strategist_faces() -> tuple:
    """The faces of an edition that :class:`unokit.bots.strategist.StrategistBot` values each its own way
    (``_value_raw``, ``_hold_value``, ``_value``), in the order of ``_edstrategist.h``'s ``ESF_*`` (1 the first): All
    Wild's, then UNO Extreme!'s launcher cards (``_edcstrategist.h``); the byte "strategist's face" of
    :data:`EDITION_FACES` (0: a face it values by its draw alone, or not at all)."""
    from ..core.cards import Face
    return (Face.WILD_SKIP, Face.WILD_SKIP_TWO, Face.WILD_REVERSE, Face.WILD_TARGETED_DRAW_TWO, Face.WILD_FORCED_SWAP,
            Face.WILD_DRAW_FOUR, Face.HIT_TWO, Face.WILD_HIT)


#: the edition's own numbers after the faces' and cards' counts (its ED_HEAD bytes): the hand that puts a seat out
#: (0: none), a seat without a playable card draws until one comes, plays may change their player's own hand, the
#: cards a wrong challenge adds to the draw; then EDITION_ROLLS bytes
EDITION_HEAD = ("mercy", "draw until playable", "hand changers", "wrong challenge extra")
#: the launcher's rolls (UNO Extreme): the cards each outcome of a press releases, one byte per outcome (255: none)
EDITION_ROLLS = 100
#: a face's seat choice or effect on the hands (the "seat choice" byte): none, a swap of hands with the seat named,
#: a draw by the seat named, every hand passed on, the other cards of its colour shed, the next seat's roulette, the
#: next seat's presses of the launcher, the whole table turned over (UNO Flip, _ed_flip.h)
EDITION_KINDS = ("none", "swap", "aim", "pass hands", "shed colour", "roulette", "launcher", "spin", "slap", "flip",
                 "aim draw", "all draw")
#: the most spaces of a wheel (UNO Spin), and what a space has the spinner do (asked of the rule's ``on_turn_start``:
#: :func:`_wheel`): nothing, discard all but ``arg`` cards (chosen), every card of the number held most (the highest
#: on a tie), name a colour and discard every card of it, draw until a card of colour ``arg`` comes, every hand passed
#: to the next seat up, the hand shown. After the faces' bytes: the spaces, then (what, arg) for each of EDITION_WHEEL
EDITION_WHEEL = 16
EDITION_SPACES = ("none", "keep", "discard number", "discard colour", "draw until", "pass left", "show")
#: UNO Flash's unit, after the wheel (asked of the rule's ``turn_order`` and its SLAP round: :func:`_unit`): who plays
#: next is picked by chance among the seats still in (but one going out), the cards the last to press draws
EDITION_UNIT = ("random order", "slap penalty")
#: UNO Flex's power cards, after the unit (asked of the rule's hooks: :func:`_flex`): every power card turns green
#: again when all are red
EDITION_POWERS = ("reset when all red",)
#: the bytes after the faces': the wheel's, then the unit's, then the power cards'
EDITION_TAIL = 1 + 2 * EDITION_WHEEL + len(EDITION_UNIT) + len(EDITION_POWERS)


class _Table:
    """A stand-in table of three seats on which a rule's hooks are asked what a face does (edition_facts)."""

    def __init__(self, hands) -> None:
        self.hands, self.n, self.direction, self.active = hands, len(hands), 1, [0, 1, 2]
        self.eliminated: set[int] = set()
        self.rule_state: dict = {}
        self.drawn: list[int] = []
        self.under: list = []
        self.asked = False
        self.current, self.pending_kind, self.pending = 1, 0, 0
        self.going_out: int | None = None
        self.discard: list = [c for h in hands for c in h][:1]   # (a card on the pile: UNO Flip turns it over)
        self.stock: list = []
        from ..core.cards import COLORS
        self.colors, self.color = COLORS, None
        self.until: list = []                       # the colours a seat drew until (draw_until: UNO Spin's wheel, UNO Flip)
        self.roll = 0                               # the launcher: the outcome every roll gives,
        self.rolled: list[tuple[int, int]] = []     # the rolls asked (their bounds),
        self.got: list[tuple[int, int]] = []        # the cards drawn (seat, count)
        self.chance = self
        self.owed: list[int] = []                   # the wheel (UNO Spin): free discards owed,
        self.reveals: list = []                     # the hands shown
        self.ended: tuple[int, int] | None = None

    def randint(self, a, b):
        self.rolled.append((a, b))
        return self.roll

    def next_seat(self, seat, steps=1):
        return (seat + steps) % self.n

    def draw_cards(self, seat, k):
        self.got.append((seat, k))
        return k

    def penalize(self, q, k, why):
        self.drawn.append(k)

    def set_colors(self, colors):
        self.colors = tuple(colors)

    def draw_until(self, seat, color):
        self.until.append(color)
        return ()

    def put_under_top(self, cards):
        self.under += list(cards)

    def ask_color(self, seat):
        self.asked = True

    def end_turn(self, seat, nxt):
        self.ended = (seat, nxt)

    def owe_discards(self, seats, put):
        self.owed += list(seats)

    def finish(self, winner):
        self.over = True

    def hands_changed(self, *a):
        pass

    def emit(self, *a):
        pass

    over = False


def _table(hands) -> Any:
    """A :class:`_Table` holding ``hands`` (Any: it stands in for a Game)."""
    return _Table(hands)


def _overrides(r, name: str) -> bool:
    from ..rules.base import HouseRule
    return getattr(type(r), name) is not getattr(HouseRule, name)


def _launcher(r, c) -> tuple[bytes, int, int, int] | None:
    """The launcher's part in a play of ``c`` (UNO Extreme), asked of the rule's ``on_play`` on stand-in tables whose
    chance gives one roll every time: the cards a press releases on each roll (:data:`EDITION_ROLLS` bytes), the
    presses the next seat makes when none releases a card, whether they stop at the first cards, and the seats the
    play skips besides (its ``TurnChange``); None: ``c`` makes nobody press."""
    from ..core.actions import Play

    def run(roll: int):
        t = _table([[c, c], [c], [c]])
        t.roll = roll
        return t, r.on_play(t, 0, Play(0, (c,)))

    t, change = run(0)
    if not t.rolled:
        return None
    bounds = set(t.rolled)
    lo, hi = bounds.pop()
    rolls = [next((k for _, k in run(v)[0].got), 0) for v in range(hi + 1)]   # (every press gets the same roll)
    if bounds or lo != 0 or hi >= EDITION_ROLLS or 0 not in rolls or max(rolls) > 250 \
            or any(s != 1 for v in range(hi + 1) for s, _ in run(v)[0].got):
        raise ValueError(f"{c.code}'s launcher is not one the compiled core plays")
    presses = len(run(rolls.index(0))[0].rolled)
    until = int(len(run(rolls.index(max(rolls)))[0].rolled) < presses)
    return bytes(rolls) + bytes([255] * (EDITION_ROLLS - len(rolls))), presses, until, \
        change.skip if change is not None else 0


def _kind(rules, c, other) -> tuple[int, int]:
    """The face's seat choice or effect on the hands (:data:`EDITION_KINDS`) and the cards its seat named draws,
    asked of the rules' own ``play_targets``, ``on_play`` and ``on_turn_start`` on stand-in tables."""
    from ..core.actions import Play
    from ..core.cards import FlipCard
    for r in rules:   # a seat named: the play by seat 0 naming seat 1
        if not _overrides(r, "play_targets"):
            continue
        t = _table([[c, c], [other], []])
        if not r.play_targets(t, 0, (c,)):
            continue
        r.on_play(t, 0, Play(0, (c,), target=1))
        if t.got and not t.drawn:   # the seat named draws, not as a penalty (UNO Flex)
            if {s for s, _ in t.got} != {1}:
                raise ValueError(f"{c.code}'s draws are not the seat named's: the compiled core does not play them")
            return EDITION_KINDS.index("aim draw"), sum(k for _, k in t.got)
        return (1, 0) if t.hands[1] == [c, c] else (2, sum(t.drawn))
    for r in rules:   # no seat named: seat 0 plays c holding two more c and another card
        if not _overrides(r, "on_play"):
            continue
        mine = [c, c, other]
        t = _table([mine, [other], [other, other]])
        r.on_play(t, 0, Play(0, (c,)))
        if isinstance(c, FlipCard) and mine[0] is c.flipped:   # turned over in place: the whole table (UNO Flip)
            return EDITION_KINDS.index("flip"), 0
        if t.hands[1] is mine:   # passed on: to seat 2 when play goes the other way, or C does not play it
            back = _table([mine, [other], [other, other]])
            back.direction = -1
            r.on_play(back, 0, Play(0, (c,)))
            if back.hands[2] is not mine:
                raise ValueError(f"{c.code} passes the hands whatever the direction: the compiled core does not play it")
            return 3, 0
        if t.under:
            return 4, 0
        if t.got:   # every other seat draws (UNO Flex)
            each = {k for _, k in t.got}
            if sorted(s for s, _ in t.got) != [1, 2] or len(each) != 1:
                raise ValueError(f"{c.code}'s draws are not every other seat's alike: the compiled core does not play them")
            return EDITION_KINDS.index("all draw"), each.pop()
        if t.rule_state and r.actions and r.action_options(t, 1):   # a round of presses (SLAP)
            return 8, 0
        if t.rule_state and _overrides(r, "on_turn_start"):
            r.on_turn_start(t, 1)
            if t.rolled:   # the next seat's turn start spins a wheel
                return 7, 0
            if t.asked:
                return 5, 0
    return 0, 0


def _wheel(rules, c, faces) -> bytes:
    """The wheel spun after a play of ``c`` (UNO Spin), asked of the rule's ``on_play`` and ``on_turn_start`` on
    stand-in tables whose chance gives one outcome every time: :data:`EDITION_SPACES` of each outcome (the spinner
    seat 1), as the bytes after the faces'. ``ValueError`` for a space the compiled core does not play."""
    from ..core.actions import Play
    from ..core.cards import COLORS
    r = next(r for r in rules if _overrides(r, "on_turn_start") and _overrides(r, "on_play"))
    by = {x.code: x for x in faces}
    hand = [by[k] for k in ("R7", "G2", "B2", "Y5", "R5", "W")]   # 2 and 5 held twice, 7 once

    def spin(v: int, held: list):
        t = _table([[c, c], list(held), [c, c]])
        r.on_play(t, 0, Play(0, (c,)))
        t.roll = v
        r.on_turn_start(t, 1)
        return t

    t0 = spin(0, hand)
    if len(set(t0.rolled)) != 1 or t0.rolled[0][0] != 0 or t0.rolled[0][1] >= EDITION_WHEEL:
        raise ValueError(f"{c.code}'s wheel is not one the compiled core plays")
    out = bytearray([t0.rolled[0][1] + 1])
    for v in range(t0.rolled[0][1] + 1):
        t, old = spin(v, hand), list(hand)
        if t.owed:
            keep = {len(h) - len(spin(v, h).owed) for h in (hand, hand + hand)}
            if len(keep) != 1 or set(t.owed) != {1}:
                raise ValueError(f"{c.code}'s wheel owes discards the compiled core does not play")
            what, arg = "keep", keep.pop()
        elif t.asked:
            what, arg = "discard colour", 0
        elif t.until:
            what, arg = "draw until", COLORS.index(t.until[0])
        elif t.under:
            if t.under != [x for x in old if x.number == 5]:   # the number held most, the highest of a tie
                raise ValueError(f"{c.code}'s wheel discards what the compiled core does not play")
            what, arg = "discard number", 0
        elif t.hands == [[c, c], [c, c], old]:   # seat 0's hand to seat 1, seat 1's to seat 2
            what, arg = "pass left", 0
        elif t.reveals:
            what, arg = "show", 0
        elif t.ended is not None:
            what, arg = "none", 0
        else:
            raise ValueError(f"{c.code}'s wheel does what the compiled core does not play")
        out += bytes([EDITION_SPACES.index(what), arg])
    return bytes(out) + bytes(1 + 2 * EDITION_WHEEL - len(out))


def _unit(rules, slap) -> bytes:
    """UNO Flash's unit (:data:`EDITION_UNIT`), asked of the rules on stand-in tables of three seats: whether
    ``turn_order`` picks the next seat by chance (uniform over the seats still in but one going out: the pick is
    ``seats[roll]``), and the cards the last to press draws after a play of ``slap`` (``apply_action``: seat 1
    presses after seat 0's play, seat 2 is left); ``ValueError`` for a unit C does not play."""
    from ..core.actions import Play, Slap
    pick = 0
    for r in rules:
        if not _overrides(r, "turn_order"):
            continue
        for going in (None, 2):
            for roll in (0, 1):
                t = _table([[], [], []])
                t.going_out, t.roll = going, roll
                seats = [q for q in t.active if q != going]
                if r.turn_order(t, 0, 1) != seats[roll] or t.rolled != [(0, len(seats) - 1)]:
                    raise ValueError("a turn order the compiled core does not play")
        pick = 1
    penalty = 0
    if slap is not None:
        r = next(r for r in rules if Slap in r.actions)
        t = _table([[slap, slap], [slap], [slap]])
        r.on_play(t, 0, Play(0, (slap,)))
        r.apply_action(t, Slap(1))
        if t.rule_state or len(t.drawn) != 1:
            raise ValueError("a round of presses the compiled core does not play")
        penalty = t.drawn[0]
    return bytes([pick, penalty])


def edition_faces(ruleset) -> list:
    """The faces of ``ruleset``'s edition in the order _editions.h numbers them (a card of EdGame is its index here):
    the deck's distinct cards in the order of its list (UNO Flip: each physical card with either side up,
    :func:`_sides`), then UNO Flex's flexed faces. ``ValueError`` for a rule set that plays no edition."""
    from ..core.decks import build_deck
    from ..rules.editions import edition_of
    ed = edition_of(ruleset)
    if ed is None:
        raise ValueError(f"{ruleset.code} plays no edition")
    deck = build_deck(ed.deck)
    faces = _sides(deck) if ed.double_sided else list(dict.fromkeys(deck))
    flexed = {held: face for face, held in ed.uses.items()}   # UNO Flex: a card's flexed face, a face of its own
    return faces + [flexed[c] for c in faces if c in flexed]


def edition_facts(ruleset) -> tuple[tuple[str, ...], bytes]:
    """The facts of ``ruleset``'s edition the compiled core plays it by (``_editions.h``), read from the edition's
    module, deck and house-rule classes and restated nowhere: the face codes in the order of the deck's list, and
    the bytes C reads: the number of faces and of cards, :data:`EDITION_HEAD` (the mercy limit and the draw until
    playable, asked of the rules' ``after_draw``; whether a play may change its player's hand; the cards a wrong
    challenge adds), the launcher's rolls (:data:`EDITION_ROLLS`, asked of the rule's ``on_play``: :func:`_launcher`),
    the deck before shuffling (face indices), then per face :data:`EDITION_FACES`: its
    :class:`unokit.core.official.Effect` (the edition's, else the official one) at more than two seats and at two;
    its seat choice or effect on the hands (:data:`EDITION_KINDS`, asked of the rules' own hooks on stand-in tables)
    and the cards a seat named draws; its points (the deck's own where it scores a card its way); what the greedy bot
    reads of the card (:class:`unokit.core.cards.Card`'s ``is_wild``, ``is_action``, ``draw``, a Skip's face,
    ``points``, colour, face, a Wild Draw Four's face); how it matches (colour, symbol), its number (the dealer's
    draw), whether its play names a colour, may say UNO with any hand (a card that changes its player's hand), the
    largest pending draw it answers (the rules' ``stack_ok``), whether it is playable alone (``Game.can_play_alone``:
    the rules' ``play_problem`` with no seat named; bit 0 with more cards held, bit 1 as the last card), the
    first-card rule (the edition's or the official one), whether its draw may be challenged, the launcher's
    presses it makes and seats it skips, the face as the strategist reads it (:func:`strategist_faces`), its rank by ``Card.index``; then the wheel
    (:func:`_wheel`: no space when no face spins it) and the unit (:func:`_unit`); for UNO Flip (a double-sided deck: the faces are its physical cards
    with either side up, :func:`_sides`) the first face showing the same side, the card turned over and whether a
    penalty draw after it goes on until the colour named (:func:`_draws_until`).
    ``ValueError`` for an edition whose faces do what C does not play (a challenge a rule's ``setup`` may forbid, a
    card that names a seat of its own or may not be the last, launchers of different odds, UNO Flex's flex sides)."""
    from ..core.actions import Play
    from ..core.cards import COLORS, DARK_COLORS, Face
    from ..core.decks import DECKS, build_deck
    from ..core.official import challenge_penalty, effect_of, first_card
    from ..rules.base import FACE_NOT_LAST, FACE_TARGETS
    from ..rules.editions import edition_of
    from ..rules.registry import build_house_rules
    ed = edition_of(ruleset)
    if ed is None:
        raise ValueError(f"{ruleset.code} plays no edition")
    deck = build_deck(ed.deck)
    faces = edition_faces(ruleset)
    flexed = {held: face for face, held in ed.uses.items()}   # UNO Flex: a card's flexed face, a face of its own
    at = {_code(c): i for i, c in enumerate(faces)}
    rules = build_house_rules(ruleset)
    spec = DECKS[ed.deck]
    draws = sorted({c.draw for c in faces if c.draw})
    mercy = until = 0
    for r in rules:
        if _overrides(r, "after_draw"):
            until = int(r.after_draw(_table([[faces[0]]] * 3), 0, faces[0], True) == "again")
            mercy = next((k for k in range(2, len(deck)) if r.after_draw(_table([[faces[0]] * k] * 3), 0, faces[0],
                                                                         True) == "keep"), 0)
    changers = any(r.hand_change_numbers() or r.hand_faces for r in rules)
    launch = {c: next((x for r in rules if _overrides(r, "on_play") for x in [_launcher(r, c)] if x), None)
              for c in faces}
    rolls = {x[0] for x in launch.values() if x is not None}
    setups = any(_setup_may_forbid(r) for r in rules)   # (a rule's setup may forbid challenges: NOCHALLENGE's)
    if len(rolls) > 1:
        raise ValueError(f"{ed.code}'s cards press launchers of different odds: the compiled core plays one")
    out = bytearray([len(faces), len(deck), mercy, until, int(changers), challenge_penalty(False, 0)])
    out += rolls.pop() if rolls else bytes([255] * EDITION_ROLLS)
    out += bytes(at[_code(c)] for c in deck)
    same: dict[str, int] = {}   # the first face of each code: the one a move names
    for c in faces:
        same.setdefault(c.code, at[_code(c)])
    strat = strategist_faces()
    rank = {c: i for i, c in enumerate(sorted(faces, key=lambda c: c.index))}
    wheel, slap = bytes(1 + 2 * EDITION_WHEEL), None
    power, reset = _flex(rules, faces, ed.uses)
    for c in faces:
        face = ed.effects.get(c.face)
        fx = [(face(seats) if callable(face) else face) if face is not None else effect_of(c, seats)
              for seats in (3, 2)]   # more than two seats, two
        first = ed.first_card(c) if ed.first_card is not None else first_card(c)   # type: ignore[operator]
        if any(f is None or (f.challengeable and setups) for f in fx) or len({f.draw for f in fx if f}) != 1 \
                or c.face in FACE_TARGETS or c.face in FACE_NOT_LAST \
                or (c.names_color and not ed.colorless) != bool(fx[0] and fx[0].names_color):
            raise ValueError(f"{c.code} of {ed.code} does what the compiled core does not play")
        other = next(d for d in faces if d.color is not c.color or d.color is None)
        kind, aim = _kind(rules, c, other) if launch[c] is None else (EDITION_KINDS.index("launcher"), 0)
        _, presses, until_cards, skips = launch[c] or (b"", 0, 0, 0)
        stack = max((u for u in draws if any(_overrides(r, "stack_ok") and r.stack_ok(
            _stacked(u), (c,)) for r in rules)), default=0)
        if any(_overrides(r, "stack_ok") and r.stack_ok(_stacked(u), (c,)) != (u <= stack) for r in rules for u in draws):
            raise ValueError(f"{c.code} of {ed.code} answers draws the compiled core does not stack")
        alone = 0   # Game.can_play_alone: some complete play of it alone passes (with a seat its rules let it name)
        for bit, hand in ((1, [c, other]), (2, [c])):
            t = _table([list(hand), [other], [other]])
            seats = [x for r in rules if _overrides(r, "play_targets") for x in (r.play_targets(t, 0, (c,)) or ())
                     if not isinstance(x, tuple)]   # (pairs: ALLWILD(swap=pair), refused by compiled.problem)
            col = COLORS[0] if (c.names_color and not ed.colorless) else None
            alone |= bit * any(all(r.play_problem(t, Play(0, (c,), col, target=x)) is None
                                   for r in rules if _overrides(r, "play_problem")) for x in (seats or [None]))
        many, two = (f for f in fx if f is not None)
        color = 255 if c.color is None else (COLORS.index(c.color) if c.color in COLORS else DARK_COLORS.index(c.color))
        out += bytes([many.advance, many.reverse, two.advance, two.reverse, many.draw, kind, aim,
                      spec.special_points.get(c.code, c.points), c.is_wild, c.is_action, c.draw, c.face == Face.SKIP,
                      c.points, color, int(c.symbol), int(c.face),
                      255 if c.number is None else c.number, int(c.names_color and not ed.colorless),
                      int(any(c.number in r.hand_change_numbers() for r in rules if c.number is not None)), stack,
                      alone, int(first.returned), first.starter, int(first.reverse), first.draw,
                      int(first.names_color), int(many.challengeable), c.face == Face.WILD_DRAW_FOUR, presses,
                      until_cards, skips, strat.index(c.face) + 1 if c.face in strat else 0, rank[c], same[c.code],
                      at[_code(getattr(c, "flipped", c))], _draws_until(rules, c, other),
                      at[_code(flexed[c])] if c in flexed else 255, at[_code(ed.uses[c])] if c in ed.uses else 255,
                      *power[c]])
        if kind == EDITION_KINDS.index("spin"):
            wheel = _wheel(rules, c, faces)
        slap = c if kind == EDITION_KINDS.index("slap") else slap
    return tuple(_code(c) for c in faces), bytes(out + wheel + _unit(rules, slap) + bytes([reset]))


def _flex(rules, faces, uses) -> tuple[dict, int]:
    """UNO Flex's power cards (``unokit.rules.editions.flex.powers``), asked of the rule's ``play_problem`` and
    ``on_play`` on stand-in tables: per face, (what a play of it does to the power cards, the colour in play after it,
    255: the one it named or its own) and whether every power card turns green when all are red. The first byte:
    bits 0-1 the player's own card (0 kept, 1 turned red, 2 turned over, 3 turned green), bit 2 every other card
    turned over, bit 3 the face refused while its player's card is red. No rule with power cards: zeros."""
    from ..core.actions import Play
    from ..core.cards import COLORS
    from ..rules.editions.flex import Flex, powers
    out = {c: (0, 255) for c in faces}
    r = next((r for r in rules if isinstance(r, Flex)), None)
    if r is None:
        return {c: bytes(v) for c, v in out.items()}, 0

    def run(c, start):
        t = _table([[c, c, c], [c], [c]])
        t.rule_state["FLEX"] = start
        col = COLORS[1] if c.names_color else None
        seat = next((x for x in r.play_targets(t, 0, (c,)) or () if isinstance(x, int)), None)   # (Flex names one)
        r.on_play(t, 0, Play(0, (c,), col, target=seat))
        return powers(t), t.color

    ops = {(True, False): 0, (False, False): 1, (False, True): 2, (True, True): 3}
    for c in faces:
        (a0, a1, _), color = run(c, (True, False, True))
        (b0, b1, _), _ = run(c, (False, True, True))
        others = {(False, True): 0, (True, False): 1}.get((a1, b1))
        if others is None:
            raise ValueError(f"{c.code} sets the others' power cards as the compiled core does not play")
        t = _table([[c, c], [c], [c]])
        t.rule_state["FLEX"] = (False, False, False)
        refused = r.play_problem(t, Play(0, (c,), COLORS[0] if c.names_color else None)) is not None
        out[c] = (ops[(a0, b0)] | others << 2 | refused << 3,
                  255 if color is None or color is (COLORS[1] if c.names_color else c.color) else COLORS.index(color))
    used = next(c for c in faces if out[c][0] & 3 == 1)
    (x, y, z), _ = run(used, (True, False, False))
    return {c: bytes(v) for c, v in out.items()}, int(x and y and z)


def _setup_may_forbid(r) -> bool:
    """May ``r``'s ``setup`` forbid challenges (NOCHALLENGE's ``game.no_challenge``)? Asked on a stand-in table: a
    setup that sets only the rule's own state (UNO Flex's power cards) may not; one that sets anything else may."""
    if not _overrides(r, "setup"):
        return False
    t = _table([[], [], []])
    before = {k: v for k, v in vars(t).items() if k != "rule_state"}
    r.setup(t)
    return {k: v for k, v in vars(t).items() if k != "rule_state"} != before


def _code(c) -> str:
    """A face's code in the facts: UNO Flip's double-sided card names both sides (``R5/T+5``, the side in play first)."""
    return getattr(c, "pair", c.code)


def _sides(deck) -> list:
    """UNO Flip's faces as _ed_flip.h holds them: each physical card with either side up, one card of every side in
    play first (the face a move names: below 128), then the others."""
    every = list(dict.fromkeys(c.pair for c in [*deck, *(c.flipped for c in deck)]))
    cards = {c.pair: c for c in [*deck, *(c.flipped for c in deck)]}
    first = list({cards[p].code: p for p in reversed(every)}.values())[::-1]
    return [cards[p] for p in first] + [cards[p] for p in every if p not in set(first)]


def _draws_until(rules, c, other) -> int:
    """Does a penalty draw after a play of ``c`` go on until a card of the colour it named (UNO Flip's Wild Draw
    Colour)? Asked of the rules' ``on_play`` and ``after_penalty`` on a stand-in table."""
    from ..core.actions import Play
    from ..core.cards import COLORS, DARK_COLORS
    named = next(x for x in (*COLORS, *DARK_COLORS) if x is not other.color)
    for r in rules:
        if not (_overrides(r, "after_penalty") and _overrides(r, "on_play")):
            continue
        t = _table([[c, other], [other], [other]])
        r.on_play(t, 0, Play(0, (c,), named if c.names_color else None))
        r.after_penalty(t, 1, (other,))
        if t.until:
            return 1
    return 0


def _stacked(under: int):
    """A stand-in table facing a draw of ``under`` (for the rules' ``stack_ok``)."""
    t = _table([[], [], []])
    t.pending_kind = under
    return t


if _ccore is not None:
    hand_over_tables()
    assert (_ccore.APS, _ccore.EXT_BASE, _ccore.EXT_PER_SEAT, _ccore.NPAIRS, _ccore.SLAP_BASE, _ccore.EXT2_BASE,
            _ccore.SAY_BASE, _ccore.DOUBTDRAW_BASE, _ccore.ACCUSE_BASE, _ccore.DISCARD_BASE, _ccore.INT64_DIGITS) == (
                codec.ACTIONS_PER_SEAT, codec.EXT_BASE, codec.EXT_PER_SEAT, codec.NPAIRS, codec.SLAP_BASE, codec.EXT2_BASE,
                codec.SAY_BASE, codec.DOUBTDRAW_BASE, codec.ACCUSE_BASE, codec.DISCARD_BASE, codec.INT64_DIGITS), \
        "the C core's numbering differs"
