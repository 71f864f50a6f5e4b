"""Personalities: the strategies the strategist leaves out, as switchable components and wrappers.

From the guide (``000_29ba263adbf96ee5.txt``, chapter 2, "O Estímulo Passional") and from the
strategy paragraph of ``004_1711044d3e07925b.txt``:

- ``spread_attacks`` (*Não concentre ataques*): do not hit the same player with a Skip or a draw card
  at two turns in a row; leave at least a round between two attacks on one player, so that nobody's
  anger builds up against you. Only at tables of three or more (two players have one target).
- ``vengeance`` (the vengeful player of *O Estímulo Passional*): attacks, targeted plays and catches
  go to the player who last attacked it, the more eagerly the more that player made it draw or lose
  turns lately (the grudge halves every round); attacks on anyone else are held back for it, and a
  Reverse that turns the table towards the aggressor is worth something. It gives up some of its own
  game to do so, as the guide says such players do.
- ``point_dumping`` (004, "defensive strategy", and its "mixed strategy"): when the hand looks lost
  (an opponent is close to going out and I am well behind), shed the high-point cards (wilds 50,
  action cards 20) so that the winner scores less; ``mix`` is the chance of playing that way at each
  such decision, the rest of the time the normal game (a mixed strategy, harder to read).

These three are components of :class:`PersonalityBot`, a :class:`~unokit.bots.strategist.StrategistBot`
with the extra table :data:`PERSONALITY_COMPONENTS` (off unless asked for)::

    PersonalityBot(seed=1, components={"vengeance": True})
    PersonalityBot(seed=1, components={"point_dumping": {"mix": 1.0}})

Two wrappers act on the UNO call, around any bot:

- :class:`UnoSkipper` (004: "some players deliberately avoid saying UNO, hoping to avoid detection and
  then go out at the next turn"): with probability ``skip`` it plays its next-to-last card without
  saying UNO, and then keeps quiet while it holds that one card.
- :class:`Watcher`: a player with a ``vigilance``. At each *look* (every new moment it is asked to act
  or react) it notices a seat that holds one card without having said UNO with probability
  ``vigilance``; once noticed, it sees the hand as it is and catches it if the window is still open.
  Until then it believes that seat holds ``assumed`` cards (no call heard: at least two) and does not
  catch it.

>>> from unokit.engine.game import Game
>>> g = Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9')
>>> a = UnoSkipper(StrategistBot(seed=0), skip=1.0, seed=0).act(g.view(0), g.legal_actions(0))
>>> a.uno, len(a.cards)
(False, 1)
"""

from __future__ import annotations

from dataclasses import replace

from ..core.actions import CatchUno, Play, SayUno
from ..core.cards import Card, Face
from .base import Bot, event_cards, rest_of_hand
from .strategist import CARD, COMPONENTS, Component, StrategistBot, _danger

__all__ = ["PERSONALITY_COMPONENTS", "PersonalityBot", "AttackLog", "play_victims", "UnoSkipper", "Watcher",
           "PERSONALITY_BOTS"]

_PC = [
    Component("spread_attacks", "ch.2 O Estímulo Passional: Não concentre ataques",
              "Do not attack the same player twice in a row: a Skip or draw card on a player I attacked in my "
              "last ``gap`` turns costs ``cost`` cards (less the closer that player is to going out: stopping a "
              "winner comes first). Tables of three or more only.", params={"gap": 1, "cost": 0.8}),
    Component("vengeance", "ch.2 O Estímulo Passional (the vengeful player)",
              "Target the player who last attacked me (a Skip, a draw card, a catch), as hard as the grudge: "
              "the cards and turns that player cost me lately, halved every round. Hitting the aggressor is "
              "worth ``rage`` cards per unit of grudge; hitting anyone else costs ``hoard`` (the card is kept "
              "for the aggressor); a Reverse that makes the aggressor my next player is worth half of rage; "
              "my catches go to the aggressor first.", params={"rage": 2.0, "hoard": 1.0}),
    Component("point_dumping", "004 Strategii: defensive play (minimise the hand's points); mixed strategy",
              "When the hand looks lost (an opponent holds ``near`` cards or fewer and I hold ``behind`` more), "
              "shed high-point cards: ``per_point`` cards of value per point shed; ``mix`` is the chance of "
              "playing defensively at each such decision (1.0: always, the pure strategy).",
              params={"mix": 0.5, "per_point": 0.04, "near": 2, "behind": 3}),
]

#: The personality components, by name (off in a :class:`PersonalityBot` unless asked for).
PERSONALITY_COMPONENTS: dict[str, Component] = {c.name: c for c in _PC}

_SKIPS = frozenset({Face.SKIP, Face.WILD_SKIP, Face.WILD_SKIP_TWO, Face.FLEX_SKIP, Face.FLEXED_SKIP})
_REVERSES = frozenset({Face.REVERSE, Face.WILD_REVERSE, Face.FLEX_REVERSE})
_TARGETED = frozenset({Face.WILD_TARGETED_DRAW_TWO, Face.FLEXED_WILD_TARGET, Face.FLEXED_WILD_DRAW_FOUR})


def _next(view, seat: int, d: int, steps: int = 1) -> int:
    out = set(view.eliminated)
    s = seat
    for _ in range(steps):
        s = (s + d) % view.players
        while s in out and s != seat:
            s = (s + d) % view.players
    return s


def _active(view) -> int:
    return view.players - len(view.eliminated)


def play_victims(view, a) -> tuple[int, ...]:
    """The seats play ``a`` (by ``view.seat``, now) attacks: the next player for a draw card or a Skip
    (and for a Reverse at two players), the target of a targeted draw or a donation.

    >>> from unokit.engine.game import Game
    >>> g = Game.from_position(['R+2 R1', 'G5 G6', 'B1 B2'], discard='R9')
    >>> [(str(a), play_victims(g.view(0), a)) for a in g.legal_actions(0) if a.kind == 'play' and not a.uno]
    [('0 play R+2', (1,)), ('0 play R1', ())]
    """
    if type(a) is not Play or not a.cards:
        return ()
    last = a.cards[-1]
    f = last.face
    me = view.seat
    out = []
    if a.target is not None and (a.give or f in _TARGETED):
        out.append(a.target)
    if last.draw and f not in (Face.FLEXED_WILD_TARGET, Face.FLEXED_WILD_DRAW_FOUR):
        d = -view.direction if f == Face.WILD_REVERSE_DRAW_FOUR else view.direction
        out.append(_next(view, me, d))
    elif f in _SKIPS or (f in _REVERSES and _active(view) == 2):
        out.append(_next(view, me, view.direction))
    return tuple(q for q in dict.fromkeys(out) if q != me)


def _cards(e) -> tuple:
    try:
        return event_cards(e.detail[0])
    except (ValueError, IndexError, TypeError):
        return ()


def _flips(e, view) -> bool:
    """Did event ``e`` turn the direction of play (a Reverse first card; an odd number of Reverses at
    three or more players; No Mercy's Wild Reverse Draw Four)?"""
    k = e.kind
    if k == "first":
        try:
            return Card.parse(str(e.detail[0])).face in _REVERSES
        except (ValueError, IndexError):
            return False
    if k not in ("play", "cut"):
        return False
    cards = _cards(e)
    if not cards:
        return False
    f = cards[-1].face
    return (f in _REVERSES and _active(view) > 2 and len(cards) % 2 == 1) or f == Face.WILD_REVERSE_DRAW_FOUR


class AttackLog:
    """Who attacked whom, read from a view's public history (incrementally, like the knowledge
    :class:`~unokit.bots.knowledge.Tracker`).

    ``attacks``: ``(turns, attacker, victim, weight)``, where ``turns`` counts the turn events (plays,
    draws, penalty draws) before the attack and ``weight`` is the cards the victim takes (a Skip, or a
    Reverse at two players: 1; a catch: 2). The direction of play is followed through the first card
    and every Reverse, so the victim of a draw card or Skip is the next seat at the time (``direction``).
    """

    def __init__(self):
        self._reset()

    def _reset(self) -> None:
        self.count = 0
        self.last = None
        self.direction: int | None = None
        self.turns = 0
        self.attacks: list[tuple[int, int, int, float]] = []

    def read(self, view) -> list:
        h = view.history
        if self.count > len(h) or (self.count and h[self.count - 1] != self.last):
            self._reset()   # not a continuation: a new hand
        d = self.direction
        if d is None:   # the direction before the first event: now's, undone through the history
            d = view.direction or 1
            for e in h:
                if _flips(e, view):
                    d = -d
            self.direction = d
        for e in h[self.count:]:
            d = self.direction = self._event(e, view, d)
        self.count = len(h)
        self.last = h[-1] if h else None
        return self.attacks

    def _event(self, e, view, direction: int) -> int:
        """Take event ``e`` in, played in ``direction``; returns the direction after it."""
        k = e.kind
        if _flips(e, view):
            direction = -direction
        if k in ("play", "cut"):
            cards = _cards(e)
            if not cards:
                return direction
            p, last = e.player, cards[-1]
            f = last.face
            if f in _REVERSES:
                if _active(view) == 2:
                    self._hit(p, _next(view, p, 1), 1.0)
            elif last.draw:
                self._hit(p, _next(view, p, direction), float(sum(c.draw for c in cards)))
            elif f in _SKIPS:
                self._hit(p, _next(view, p, direction), float(len(cards)))
            if k == "play":
                self.turns += 1
        elif k == "caught":
            self._hit(e.player, e.detail[0], 2.0)
        elif k in ("draw", "draws-penalty"):
            self.turns += 1
        return direction

    def _hit(self, attacker, victim, weight: float) -> None:
        if attacker is not None and victim is not None and attacker != victim:
            self.attacks.append((self.turns, attacker, victim, weight))


class PersonalityBot(StrategistBot):
    """The strategist with the personality components (:data:`PERSONALITY_COMPONENTS`), off by default."""

    name = "personality"
    TABLE = {**COMPONENTS, **PERSONALITY_COMPONENTS}

    def __init__(self, seed: int | None = None, components: dict | None = None):
        chosen = {n: False for n in PERSONALITY_COMPONENTS}
        chosen.update(components or {})
        super().__init__(seed, chosen)
        self._log = AttackLog()
        self._turn = 0
        self._turn_at = -1
        self._hit: dict[int, int] = {}     # seat -> my turn number when I last attacked it (spread_attacks)
        self._mode: tuple[int, bool] = (-1, False)   # (history length, dumping now) for point_dumping

    # -------------------------------------------------------------- what happened
    def grudge(self, view) -> tuple[int | None, float]:
        """``(aggressor, grudge)``: the last seat that attacked me and the cards and turns it cost me,
        halved every round since (``(None, 0.0)`` when nobody has)."""
        attacks = self._log.read(view)
        me = view.seat
        mine = [a for a in attacks if a[2] == me]
        if not mine:
            return None, 0.0
        who = mine[-1][1]
        now, rnd = self._log.turns, max(2, _active(view))
        g = sum(w * 0.5 ** ((now - t) / rnd) for t, q, _, w in mine if q == who)
        return who, g

    def act(self, view, legal):
        if view.phase in ("PLAY", "PENDING") and len(view.history) != self._turn_at:
            self._turn += 1
            self._turn_at = len(view.history)
        a = super().act(view, legal)
        if self.on("spread_attacks") and type(a) is Play and not a.more:
            for q in play_victims(view, a):
                self._hit[q] = self._turn
        return a

    def _free_gain(self, view, legal):
        if self.on("vengeance") and any(type(a) is CatchUno for a in legal):
            who, g = self.grudge(view)
            if who is not None and g > 0:   # catch the aggressor first
                legal = sorted(legal, key=lambda a: not (type(a) is CatchUno and a.target == who))
        return super()._free_gain(view, legal)

    # -------------------------------------------------------------- valuing
    def _value(self, ctx, a, depth: int = 0, hand=None, color=None, top_face=None, sizes=None) -> float:
        v = super()._value(ctx, a, depth, hand, color, top_face, sizes)
        if depth or not a.cards:
            return v
        w = self.w
        view = ctx.view
        victims = play_victims(view, a)
        if w["spread_attacks"] > 0 and ctx.na >= 3 and victims:
            p = self.params["spread_attacks"]
            for q in victims:
                if q in ctx.opps and self._turn - self._hit.get(q, -10**6) <= p["gap"]:
                    v -= w["spread_attacks"] * p["cost"] * CARD * (1.0 - _danger(ctx.sizes[q]))
        if w["vengeance"] > 0:
            v += self._vengeance(ctx, a, victims, hand)
        if w["point_dumping"] > 0 and self._dumping(ctx):
            v += w["point_dumping"] * self.params["point_dumping"]["per_point"] * sum(c.points for c in a.cards)
        return v

    def _vengeance(self, ctx, a, victims, hand) -> float:
        who, g = self.grudge(ctx.view)
        if who is None or g <= 0 or who not in ctx.opps:
            return 0.0
        p = self.params["vengeance"]
        wv = self.w["vengeance"]
        heat = min(2.0, g / 2.0)
        if who in victims:
            return wv * p["rage"] * CARD * heat
        v = 0.0
        for q in victims:
            if q in ctx.opps:
                v -= wv * p["hoard"] * CARD * heat * (1.0 - _danger(ctx.sizes[q]))
        last = a.cards[-1]
        if last.face in _REVERSES and ctx.na > 2 and len(a.cards) % 2 and who == ctx.nxt(ctx.me, 1, -ctx.d):
            rest = rest_of_hand(ctx.hand if hand is None else hand, a.cards + a.give)
            if any(c.draw or c.face in _SKIPS for c in rest):
                v += wv * 0.5 * p["rage"] * CARD * heat
        return v

    def _dumping(self, ctx) -> bool:
        """The hand looks lost, and this decision is one of the defensive ones (``mix``)."""
        key = len(ctx.view.history)
        if self._mode[0] == key:
            return self._mode[1]
        p = self.params["point_dumping"]
        lost = ctx.min_opp <= p["near"] and len(ctx.hand) >= ctx.min_opp + p["behind"]
        on = lost and (p["mix"] >= 1.0 or self.rng.random() < p["mix"])
        self._mode = (key, on)
        return on


class UnoSkipper(Bot):
    """Plays ``inner``'s game, but with probability ``skip`` plays its next-to-last card without saying
    UNO and keeps quiet while it holds that last card (004: hoping not to be caught, to go out unseen)."""

    def __init__(self, inner: Bot, *, skip: float = 1.0, seed: int | None = None):
        super().__init__(seed)
        self.inner = inner
        self.skip = skip
        self.name = f"uno-skipper({inner.name})"
        self.hiding = False
        self.skipped = 0    # next-to-last cards played without UNO (this bot's hands)

    def _quiet(self, view, legal):
        if self.hiding and len(view.hand) != 1:
            self.hiding = False          # caught, or drew: the attempt is over
        if self.hiding:
            return [a for a in legal if type(a) is not SayUno]
        return legal

    def act(self, view, legal):
        legal = self._quiet(view, legal)
        a = self.inner.act(view, legal)
        if type(a) is Play and a.uno and not a.more and self.skip > 0 and self.rng.random() < self.skip:
            quiet = replace(a, uno=False)
            if quiet in legal:
                self.hiding = True
                self.skipped += 1
                return quiet
        return a

    def react(self, view, legal):
        legal = self._quiet(view, legal)
        return self.inner.react(view, legal) if legal else None


class Watcher(Bot):
    """``inner`` with a ``vigilance``: at each look it notices a seat holding one card unsaid with that
    probability; until it does it believes the seat holds ``assumed`` cards and does not catch it."""

    def __init__(self, inner: Bot, *, vigilance: float = 1.0, assumed: int = 2, seed: int | None = None):
        super().__init__(seed)
        self.inner = inner
        self.vigilance = vigilance
        self.assumed = assumed
        self.name = f"watcher({inner.name})"
        self.noticed: set[int] = set()
        self._looked: dict[int, int] = {}

    def _see(self, view, legal):
        me = view.seat
        unsaid = [q for q in range(view.players) if q != me and view.hand_sizes[q] == 1 and not view.uno_said[q]
                  and q not in view.eliminated]
        self.noticed &= set(unsaid)
        for q in list(self._looked):
            if q not in unsaid:
                del self._looked[q]
        hidden = []
        now = len(view.history)
        for q in unsaid:
            if q in self.noticed:
                continue
            if self._looked.get(q) != now:        # a new look at the table
                self._looked[q] = now
                if self.vigilance >= 1.0 or (self.vigilance > 0 and self.rng.random() < self.vigilance):
                    self.noticed.add(q)
                    continue
            hidden.append(q)
        if not hidden:
            return view, legal
        sizes = list(view.hand_sizes)
        for q in hidden:
            sizes[q] = self.assumed
        extra = sum(sizes) - sum(view.hand_sizes)   # keep the card total (the deck size the bot infers)
        masked = replace(view, hand_sizes=tuple(sizes), stock_size=max(0, view.stock_size - extra),
                         catchable=tuple(q for q in view.catchable if q not in hidden))
        return masked, [a for a in legal if not (type(a) is CatchUno and a.target in hidden)]

    def act(self, view, legal):
        v, legal2 = self._see(view, legal)
        return self.inner.act(v, legal2 or legal)

    def react(self, view, legal):
        v, legal2 = self._see(view, legal)
        return self.inner.react(v, legal2) if legal2 else None


def _salt(seed: int | None, k: int) -> int | None:
    return None if seed is None else seed + k


#: The registered personalities (``unokit.bots.BOTS``): name -> factory(seed).
PERSONALITY_BOTS = {
    "spreader": lambda seed=None: _named(PersonalityBot(seed, {"spread_attacks": True}), "spreader"),
    "vengeful": lambda seed=None: _named(PersonalityBot(seed, {"vengeance": True}), "vengeful"),
    "point-dumper": lambda seed=None: _named(PersonalityBot(seed, {"point_dumping": True}), "point-dumper"),
    "point-dumper-pure": lambda seed=None: _named(PersonalityBot(seed, {"point_dumping": {"mix": 1.0}}),
                                                  "point-dumper-pure"),
    "uno-skipper": lambda seed=None: _named(UnoSkipper(StrategistBot(seed), skip=1.0, seed=_salt(seed, 104729)),
                                            "uno-skipper"),
}


def _named(bot: Bot, name: str) -> Bot:
    bot.name = name
    return bot
