"""One table for people: seats, bots, a match (or a single hand) and the real-time windows.

A :class:`TableSession` has no transport and no clock of its own: every call takes ``now``
(seconds since the table was created), so the web server, the Textual app and the tests drive it
the same way. The engine stays the only referee: an action is parsed, checked by
:meth:`Game.verify <unokit.engine.game.Game.verify>` and applied, or refused with a typed error and
nothing changes.

Everything that changes the table is appended to :attr:`TableSession.log` as a plain dict (a
seat taken, the start, each applied action with its time and who made it, each new hand, chat
between hands). :meth:`TableSession.restore` rebuilds the identical table from those entries; the
web server writes each entry to its database before anyone is told about it.

Real time, decided in arrival order:

- **Bots think** for ``bot_think`` seconds after every change before they act (their reactions
  included), so people see each move; any change restarts their thinking.
- **UNO grace.** When a play leaves a seat with one card and no UNO called, that seat has
  ``uno_grace`` seconds in which only its own call counts: catches sent meanwhile are *held* and
  judged in arrival order when the grace ends, so a colour picker or a slow click cannot cost the
  call, and a quick catcher loses nothing by being quick. The grace ends early as soon as anyone
  acts on the game otherwise (a draw, a play, a cut...), because that action may close the
  catch window.
- **Turn timer.** With ``turn_timer`` set, a person who lets it run out has the move made for
  them by the table's stand-in bot.
- **Away seats.** A person whose connection has been gone for ``away_delay`` seconds is played
  by the stand-in bot until they come back. The host may hand an away person's seat to the
  stand-in at once (:meth:`TableSession.set_standin`, never while the person is connected) until it
  is given back, and remove a person between hands (:meth:`TableSession.remove`: a bot plays the
  seat to the end of the match).

>>> s = TableSession(TableOptions(rules="UNO 1121", seats=2, match=False, bot_think=0, uno_grace=0, seed=3))
>>> you = s.join("Ana")
>>> s.start(now=0.0)
>>> s.seat_of(you) in (0, 1), s.status
(True, 'playing')
>>> while s.status == 'playing':
...     _ = s.act_for(you, now=1.0) if s.game.to_act == s.seat_of(you) else s.tick(now=1.0)
>>> s.status, len(s.results)
('over', 1)
>>> t = TableSession.restore(s.options, s.log)
>>> t.game.fingerprint() == s.game.fingerprint()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass, field, fields, replace
from functools import lru_cache
from typing import cast

from ..bots import BOTS, make_bot
from ..core.actions import Action, CatchUno, Play, Say, SayUno
from ..core.chance import Chance, ManualClock, derive_seed
from ..core.errors import IllegalActionError, NotationError, NotYourTurnError, UnoError
from ..core.kept import KeptByObject
from ..engine.flow import acting_seats, ask, reaction_options
from ..engine.game import Game
from ..engine.view import public_fields, view_of
from ..match import MAX_TABLE_DECKS, SEATS_PER_DECK, Match, MatchConfig, MatchError
from .fairness import new_salt, seal

__all__ = ["TableOptions", "TableSession", "TableError", "Outcome", "STAND_IN", "NAME_MAX", "CHAT_MAX"]

STAND_IN = "strategist"        # plays for a person who is away or out of time
NAME_MAX = 24
CHAT_MAX = 200
_WEB_MODES = ("points", "lowest", "partners", "rotating-partners", "elimination", "tournament", "reverse-points")


class TableError(UnoError, ValueError):
    """A table request that cannot be done (bad option, full table, started table...)."""


def _num(name, value, lo, hi, *, none=False, integer=False):
    if value is None and none:
        return None
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if ok and integer:
        ok = isinstance(value, int)
    if not ok or not lo <= value <= hi:
        kind = "a whole number" if integer else "a number of seconds"
        raise TableError(f"{name} must be {kind} from {lo} to {hi}{' (or none)' if none else ''}, got {value!r}")
    return value


@dataclass(frozen=True)
class TableOptions:
    """How a table plays. Frozen; checked on construction (:class:`TableError`).

    ``match``: a match to ``target`` (``None``: the rules' target, 500) or a single hand.
    ``bots``: ``{player: bot name}`` for the seats bots take from the start (empty seats are filled
    with ``fill_bot`` when the table starts). Times are seconds. ``decks``: decks shuffled together
    (1 to 4), each seating 10 players (003: more than one deck when the players are many).
    ``blanks``: the rule written on each blank card of the 112 / Italian deck (``swap/drawn/r7``,
    :mod:`unokit.rules.blanks`), written into ``rules`` as the table parameter ``blanks=``.

    >>> TableOptions(seats=11)
    Traceback (most recent call last):
    ...
    unokit.play.session.TableError: seats must be a whole number from 2 to 10, got 11 (10 players a deck: add decks)
    >>> TableOptions(seats=11, decks=2).seats
    11
    """

    rules: str = "UNO 1121"
    seats: int = 4
    match: bool = True
    mode: str | None = None
    target: int | None = None
    bots: tuple = ()
    fill_bot: str = "strategist"
    turn_timer: float | None = None
    uno_grace: float = 2.0
    bot_think: float = 1.0
    away_delay: float = 20.0
    between_hands: float = 6.0
    deck: str = "classic"
    seed: int | None = None
    decks: int = 1
    blanks: str = ""
    seed_drawn: bool = False     # the server drew the seed (True), or the table's creator chose it

    def __post_init__(self):
        for name in ("rules", "fill_bot", "deck", "blanks") + (("mode",) if self.mode is not None else ()):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > 400:
                raise TableError(f"{name} must be text, got {type(value).__name__}")
        if self.blanks:      # written into the rules, which the table shows and the match plays
            from ..rules.blanks import add_blanks, read_blanks
            try:
                object.__setattr__(self, "blanks", read_blanks(self.blanks))
                object.__setattr__(self, "rules", add_blanks(self.rules, self.blanks))
            except ValueError as e:
                raise TableError(f"blanks: {e}") from None
        if not isinstance(self.bots, (tuple, dict)):
            raise TableError('bots must be an object such as {"1": "strategist"}')
        _num("decks", self.decks, 1, MAX_TABLE_DECKS, integer=True)
        most = SEATS_PER_DECK * self.decks
        if (isinstance(self.seats, int) and not isinstance(self.seats, bool)
                and most < self.seats <= SEATS_PER_DECK * MAX_TABLE_DECKS):
            raise TableError(f"seats must be a whole number from 2 to {most}, got {self.seats} "
                             f"({SEATS_PER_DECK} players a deck: add decks)")
        _num("seats", self.seats, 2, most, integer=True)
        if not isinstance(self.match, bool):
            raise TableError(f"match must be true or false, got {self.match!r}")
        if self.mode is not None and self.mode not in _WEB_MODES:
            raise TableError(f"mode must be one of {', '.join(_WEB_MODES)}, got {self.mode!r}")
        _num("target", self.target, 1, 100_000, none=True, integer=True)
        _num("turn_timer", self.turn_timer, 5, 600, none=True)
        _num("uno_grace", self.uno_grace, 0, 10)
        _num("bot_think", self.bot_think, 0, 10)
        _num("away_delay", self.away_delay, 0, 600)
        _num("between_hands", self.between_hands, 0, 60)
        if self.seed is not None:
            _num("seed", self.seed, 0, 2**63 - 1, integer=True)
        if not isinstance(self.seed_drawn, bool) or (self.seed_drawn and self.seed is None):
            raise TableError("seed_drawn is set by the server with the seed it drew")
        bots = dict(self.bots)
        clean = []
        for p, name in sorted(bots.items(), key=lambda kv: str(kv[0])):
            p = _seat_number(p, self.seats)
            if not isinstance(name, str) or name not in BOTS or name == "human":
                raise TableError(f"unknown bot {name!r} for seat {p}; choose from {', '.join(bot_names())}")
            clean.append((p, name))
        object.__setattr__(self, "bots", tuple(sorted(clean)))
        if self.fill_bot not in BOTS or self.fill_bot == "human":
            raise TableError(f"unknown bot {self.fill_bot!r}; choose from {', '.join(bot_names())}")
        try:
            self.match_config(0)
        except (MatchError, UnoError) as e:
            raise TableError(str(e)) from None

    def match_config(self, seed: int) -> MatchConfig:
        return MatchConfig(players=self.seats, rules=self.rules, mode=self.mode, target=self.target, seed=seed,
                           deck=self.deck, decks=self.decks, blanks=self.blanks)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["bots"] = {str(p): b for p, b in self.bots}
        if not d["blanks"]:      # (left out when none: options stored before blanks existed read the same)
            del d["blanks"]
        if not d["seed_drawn"]:  # (likewise: a chosen seed, or options stored before it was told apart)
            del d["seed_drawn"]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> TableOptions:
        if not isinstance(d, dict):
            raise TableError("table options must be an object")
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - names)
        if unknown:
            raise TableError(f"unknown table option(s): {', '.join(map(str, unknown))}")
        d = dict(d)
        if "bots" in d:
            if not isinstance(d["bots"], dict):
                raise TableError('bots must be an object such as {"1": "strategist"}')
            d["bots"] = tuple(d["bots"].items())
        return cls(**d)


def bot_names() -> list[str]:
    """Every registered bot a table can seat."""
    return sorted(n for n in BOTS if n != "human")


def bot_label(bot: str, player: int) -> str:
    """A bot's name at the table: unique per seat (``Bot 3 (strategist)``)."""
    return f"Bot {player + 1} ({bot})"


def _seat_number(p, n: int) -> int:
    if isinstance(p, str) and p.isascii() and p.isdigit() and len(p) <= 3:
        p = int(p)
    if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < n:
        raise TableError(f"there is no seat {p!r} at a table of {n} (seats 0 to {n - 1})")
    return p


@dataclass
class Outcome:
    """What became of a request: ``applied`` (and the action), or ``held`` (a catch in the UNO grace)."""

    status: str
    action: Action | None = None
    message: str = ""


@dataclass
class _Seat:
    name: str | None = None
    kind: str | None = None          # "person", "bot" or None (free)
    bot: str | None = None
    connected: bool = False
    away_since: float | None = 0.0   # None while connected
    standin: bool = False            # the stand-in bot plays for this person (the host handed it the seat)
    removed: bool = False            # a bot's seat that was a person's until the host removed them


#: :meth:`Action.parse`, each text read once (actions are frozen values; a text that does not read is not kept,
#: and a verb registered later is read then): a table reads the same few action texts again and again
_parse = lru_cache(maxsize=4096)(Action.parse)

#: an action object's text, written once (the action a text reads as is one object: ``_parse``)
_text: KeptByObject[str] = KeptByObject(str, limit=4096)

_PUBLIC = "\0public"     # (the public part of the views of the hand's state, kept in TableSession.narrated: view)
_ACTING = "\0acting"     # (the seats that may act in the hand's state, kept there too: may_act)
_SPECTATOR = "\0spectator"     # (a spectator's view of the hand's state, kept there too: shared_view)


@dataclass
class _Plan:
    version: int
    due: float
    done: bool = False
    auto: tuple = ()          # the players bots move for (bots, and people who are away)


@dataclass
class TableSession:
    """A table: see the module docstring."""

    options: TableOptions
    seats: list = field(default_factory=list)
    log: list = field(default_factory=list)

    def __post_init__(self):
        o = self.options
        # (a Chance given no seed draws one)
        self.seed: int = o.seed if o.seed is not None else cast(int, Chance(None).seed) % 2**63
        if o.seed is None:
            self.options = replace(o, seed=self.seed, seed_drawn=True)
        self.seats = [_Seat() for _ in range(o.seats)]
        for p, name in o.bots:
            self.seats[p] = _Seat(name=bot_label(name, p), kind="bot", bot=name)
        self.clock = ManualClock()
        self.match: Match | None = None
        self.game: Game | None = None     # the hand in play, or the last one (None before the start)
        self.results: list = []
        self.status = "lobby"            # lobby, playing, between, over
        self.version = 0
        self.changed_at = 0.0
        self.hand_no = 0
        self.between_until: float | None = None
        self.turn_since = 0.0
        self._turn_key = None
        self.grace: dict[int, float] = {}    # seat -> end of its UNO grace
        self.held: list[tuple[int, CatchUno, str]] = []   # (player, catch, by) in arrival order
        self.notices: list[tuple[int | None, str]] = []   # (player or None for all, text)
        self.chat: list[tuple[float, int, str]] = []      # chat between hands: (time, player, text)
        self._plan: _Plan | None = None
        self._slot = None
        self._bots: dict[int, object] = {}
        self._stand_ins: dict[int, object] = {}
        self.narrated: dict = {}          # what the messages of a change share (wire.py), and the views' public part
        self._rng = random.Random(derive_seed(self.seed, 0, "table"))
        self.fair: dict[int, dict] = {}     # hand number -> its deal's commitment and secret salt (fairness.seal)
        self._replaying = False

    # ------------------------------------------------------------------ seats
    @property
    def n(self) -> int:
        return self.options.seats

    def join(self, name: str, now: float = 0.0) -> int:
        """Take the first free seat for a person; returns the player number."""
        name = clean_name(name)
        if self.status != "lobby":
            raise TableError("the game has started: every seat is taken; you can watch")
        for p, s in enumerate(self.seats):
            if s.kind is None:
                self._log({"k": "seat", "t": now, "player": p, "kind": "person", "name": name})
                return p
        raise TableError("the table is full; you can watch")

    def set_bot(self, player: int, bot: str | None, now: float = 0.0) -> None:
        """Before the start: put a bot in a free (or bot) seat, or free it again (``bot=None``)."""
        player = _seat_number(player, self.n)
        if self.status != "lobby":
            raise TableError("seats are fixed once the game has started")
        if self.seats[player].kind == "person":
            raise TableError(f"seat {player} is taken by {self.seats[player].name}")
        if bot is not None and (bot not in BOTS or bot == "human"):
            raise TableError(f"unknown bot {bot!r}; choose from {', '.join(bot_names())}")
        self._log({"k": "seat", "t": now, "player": player, "kind": "bot" if bot else None, "bot": bot})

    def set_connected(self, player: int, connected: bool, now: float) -> None:
        """A person's connection came or went (not logged: a restored table starts with everyone away)."""
        s = self.seats[player]
        if s.kind != "person" or s.connected == connected:
            return
        s.connected = connected
        s.away_since = None if connected else now
        self._touch(now)

    def pause(self, now: float) -> None:
        """The server is stopping at ``now``: log the moment, so that the table's time resumes from it.

        A restored table's time goes on from its last entry (:meth:`live_since`); the time the table was
        down is nobody's: no turn timer, grace or absence runs while it is down."""
        if self.status != "over":
            self._log({"k": "pause", "t": now})

    def live_since(self) -> float:
        """The table time its log ends at (its last entry's ``t``): a restored table's clock resumes here."""
        return max((float(e["t"]) for e in self.log), default=0.0)

    def resumed(self, now: float) -> None:
        """The table is live again at ``now`` after a restart: every person counts as away from ``now``, so
        each gets the whole ``away_delay`` to come back before a stand-in plays for them (the server's
        downtime is nobody's absence); the bots think again from ``now``."""
        for seat in self.seats:
            if seat.kind == "person":
                seat.connected = False
                seat.away_since = now
        self._touch(now)

    def is_away(self, player: int, now: float) -> bool:
        s = self.seats[player]
        return s.kind == "person" and s.away_since is not None and now - s.away_since >= self.options.away_delay

    def set_standin(self, player: int, on: bool, now: float) -> None:
        """Hand an away person's seat to the stand-in bot at once (``on``), or give it back (``on`` false).

        Nobody can put a bot in the seat of a person who is connected; the seat stays the bot's, hands
        after hands, until it is given back (the person's ``back``, or the host)."""
        player = _seat_number(player, self.n)
        if not isinstance(on, bool):
            raise TableError(f"on must be true or false, got {on!r}")
        s = self._person(player)
        if self.status not in ("playing", "between"):
            raise TableError("the game has not started" if self.status == "lobby" else "the game is over")
        if on and s.standin:
            raise TableError(f"a bot already plays for {s.name}")
        if on and s.connected:
            raise TableError(f"{s.name} is at the table (connected): a bot may play only for a person who is away")
        if not on and not s.standin:
            raise TableError(f"no bot is playing for {s.name}: the seat is theirs")
        self._log({"k": "standin", "t": now, "player": player, "on": on})

    def remove(self, player: int, now: float) -> None:
        """Between hands: take a person off the table; a bot (``fill_bot``) plays their seat to the end of
        the match, and the person may only watch."""
        player = _seat_number(player, self.n)
        self._person(player)
        if self.status != "between":
            hint = (": let a bot play for them now and remove them when the hand is over"
                    if self.status == "playing" else "")
            raise TableError(f"a person can be removed only between the hands of a match{hint}")
        self._log({"k": "remove", "t": now, "player": player, "bot": self.options.fill_bot})

    def _person(self, player: int) -> _Seat:
        """The seat of the person ``player`` (:class:`TableError` for a bot's seat, a free or a removed one)."""
        s = self.seats[_seat_number(player, self.n)]
        if s.kind != "person":
            what = "was removed from the table" if s.removed else "is a bot's" if s.kind == "bot" else "is free"
            raise TableError(f"seat {player} {what}: only a person's seat can be handed to a bot, "
                             f"given back or removed")
        return s

    def _may_play(self, player: int, action: Action) -> None:
        """A person's own move: refused once removed, and (chat apart) while the stand-in plays for them."""
        s = self.seats[player]
        if s.kind != "person":
            raise NotYourTurnError("you were removed from this table: you can watch")
        if s.standin and not isinstance(action, Say):
            raise NotYourTurnError("a bot is playing for you: take your seat back first")

    def seat_of(self, player: int) -> int | None:
        """The player's seat in the hand being played (``None``: between hands, or knocked out)."""
        if self.match is None or self.game is None:
            return None
        seats = self.seat_players()
        return seats.index(player) if player in seats else None

    def player_at(self, seat: int) -> int:
        return self.seat_players()[seat]

    def seat_players(self) -> tuple:
        """The player at each seat of the hand in play (before the first hand: player order)."""
        return self._slot.seats if self._slot is not None else tuple(range(self.n))

    def _hand(self) -> Game:
        """The hand in play (or the last one played): asked for only once the table has started."""
        if self.game is None:
            raise TableError("the game has not started")
        return self.game

    def _match(self) -> Match:
        """The match: asked for only once the table has started."""
        if self.match is None:
            raise TableError("the game has not started")
        return self.match

    # ------------------------------------------------------------------ start and hands
    def start(self, now: float = 0.0) -> None:
        """Fill the free seats with bots and deal the first hand."""
        if self.status != "lobby":
            raise TableError("the game has already started")
        if not any(s.kind == "person" for s in self.seats) and not self._replaying:
            raise TableError("nobody is seated: join the table before starting it")
        self._log({"k": "start", "t": now, "salt": new_salt()})

    def _do_start(self, now: float, salt: str | None = None) -> None:
        for p, s in enumerate(self.seats):
            if s.kind is None:
                self.seats[p] = _Seat(name=bot_label(self.options.fill_bot, p), kind="bot", bot=self.options.fill_bot)
        self._bots = {p: make_bot(s.bot, seed=derive_seed(self.seed, p, "bot"))
                      for p, s in enumerate(self.seats) if s.kind == "bot"}
        self._stand_ins = {p: make_bot(STAND_IN, seed=derive_seed(self.seed, p, "stand-in"))
                           for p, s in enumerate(self.seats) if s.kind == "person"}
        self.match = Match.new(self.options.match_config(self.seed), clock=self.clock)
        self._deal(now, salt)

    def _deal(self, now: float, salt: str | None = None) -> None:
        match = self._match()
        self._slot = match.upcoming
        self.clock.t = max(self.clock.t, now)
        self.game = game = match.next_hand()
        self.hand_no += 1
        if salt is not None:      # the deal's commitment (unokit.play.fairness); tables logged before it have none
            self.fair[self.hand_no] = seal(game, salt)
        self.status = "playing"
        self.between_until = None
        self.grace.clear()
        self.held.clear()
        self._after_change(now, before=set())

    def deal_now(self, now: float) -> None:
        """Between hands: deal the next hand now instead of waiting for ``between_hands`` seconds."""
        if self.status != "between":
            raise TableError("there is no hand to wait for" if self.status != "over" else "the game is over")
        self.between_until = min(self.between_until or now, now)
        self.tick(now)

    # ------------------------------------------------------------------ acting
    def legal(self, player: int) -> list[Action]:
        """Everything the player may do now (in turn and out of turn; plays being composed are stems)."""
        seat = self._acting(player)
        return [] if seat is None else self._hand().legal_actions(seat)

    def may_act(self, player: int) -> bool:
        """Might :meth:`legal` list anything for ``player`` now? ``False`` means surely not, told without
        listing it (:func:`~unokit.engine.flow.acting_seats`): a seat that stays so keeps its empty list."""
        seat = self._acting(player)
        return seat is not None and seat in self._per_state(_ACTING, self._hand(), acting_seats)

    def _acting(self, player: int) -> int | None:
        """The seat ``player`` plays in the hand now, or ``None`` when nobody there may act for them."""
        seat = self.seat_of(player)
        st = self.seats[player]
        if seat is None or self.status != "playing" or st.standin or st.removed:   # a bot plays that seat now
            return None
        return seat

    def expand(self, player: int, stem) -> list[Play]:
        """The next choices of a play being composed (see :mod:`unokit.engine.compose`)."""
        a = self._own(player, stem)
        self._may_play(player, a)
        if not a.more:
            raise TableError("that play is complete: send it as an action")
        return self._hand().expand(a)

    def act(self, player: int, action, now: float, *, by: str = "person") -> Outcome:
        """Apply the player's action (text in the notation of docs/notation.md, or an Action).

        Raises a :class:`~unokit.core.errors.UnoError` subclass (nothing changed) when it is refused."""
        a = self._own(player, action)
        if by == "person":
            self._may_play(player, a)
        if isinstance(a, Say):
            return self._say(player, a, now)
        g = self._hand()
        if isinstance(a, CatchUno) and a.target in self.grace and now < self.grace[a.target]:
            g.verify(a)
            if any(q == player and c.target == a.target for q, c, _ in self.held):
                return Outcome("held", a, "your catch is already in")
            self.held.append((player, a, by))
            self._touch(now)
            left = self.grace[a.target] - now
            return Outcome("held", a, f"held: seat {a.target} has {left:.1f} s to call UNO; "
                                      f"your catch counts if they don't")
        if not (isinstance(a, SayUno) and a.player in self.grace):
            self._end_graces(now, but=a.player if isinstance(a, SayUno) else None)
            if self.game is not g or self.status != "playing":
                raise IllegalActionError("the hand ended before your action")
        # judged once, by the referee's apply (which refuses with the reason and changes nothing, the table's
        # clock put back): the entry is kept only once applied
        self._log({"k": "act", "t": now, "hand": self.hand_no, "player": player, "action": _text(a), "by": by},
                  parsed=a)
        return Outcome("applied", a)

    def act_for(self, player: int, now: float) -> Outcome:
        """Let the stand-in bot make the player's move now (what the turn timer does)."""
        a = self._bot_choice(player, self._stand_in(player), turn=True)
        if a is None:
            raise TableError("there is nothing for this seat to do now")
        return self.act(player, a, now, by="auto")

    def _own(self, player: int, action) -> Action:
        if self.status != "playing":
            raise IllegalActionError("no hand is being played at this table now")
        seat = self.seat_of(player)
        if seat is None:
            raise NotYourTurnError("you have no seat in this hand")
        if isinstance(action, str):
            if len(action) > 400:
                raise NotationError("an action is at most 400 characters")
            action = _parse(action)
        if not isinstance(action, Action):
            raise NotationError("an action is text such as '0 play R7'")
        owner = getattr(action, "player", None)
        if owner != seat:
            raise NotYourTurnError(f"that action is for seat {owner}; you sit at seat {seat}")
        return action

    def _say(self, player: int, a: Say, now: float) -> Outcome:
        text = clean_chat(a.text)
        a = Say(a.player, text)
        self._hand().verify(a)
        self._log({"k": "act", "t": now, "hand": self.hand_no, "player": player, "action": str(a), "by": "person"})
        return Outcome("applied", a)

    def say_between(self, player: int, text: str, now: float) -> None:
        """Chat while no hand is in play (not judged by the rules: there is no hand to judge it)."""
        if self.seats[player].kind != "person":
            raise TableError("only a seated person can chat")
        self._log({"k": "chat", "t": now, "player": player, "text": clean_chat(text)})

    # ------------------------------------------------------------------ time
    def tick(self, now: float) -> bool:
        """Do what is due at ``now`` (grace ends, bots' moves, timers, the next hand); True if anything changed."""
        changed = False
        for _ in range(4 * self.n + 8):    # bounded: each pass applies at most one thing
            if not self._tick_once(now):
                break
            changed = True
        return changed

    def next_due(self, now: float) -> float | None:
        """When :meth:`tick` next has something to do (``None``: only a person's action can move the table)."""
        times = []
        if self.status == "between" and self.between_until is not None:
            times.append(self.between_until)
        if self.status == "playing":
            times.extend(self.grace.values())
            bots = self.plan_due()
            if bots is not None:
                times.append(bots)
            g = self._hand()
            p = self.player_at(g.to_act) if not g.over else None
            if p is not None and self.seats[p].kind == "person":
                if self.options.turn_timer is not None:
                    times.append(self.turn_since + self.options.turn_timer)
                s = self.seats[p]
                if s.away_since is not None:
                    times.append(s.away_since + self.options.away_delay)
        return min(times) if times else None

    def plan_due(self) -> float | None:
        """When the bots' plan for this state wants a turn (while playing; :meth:`next_due`'s part for them): the
        plan's due time, or ``bot_think`` after the last change while no plan is made for this state yet; ``None``
        once the plan has had its turn."""
        plan = self._plan
        if plan is None or plan.version != self.version:
            return self.changed_at + self.options.bot_think
        return None if plan.done else plan.due

    def turn_deadline(self) -> float | None:
        """When the turn timer runs out for the person to act (``None``: no timer, or a bot's turn)."""
        g = self.game
        if self.status != "playing" or self.options.turn_timer is None or g is None or g.over:
            return None
        if self.seats[self.player_at(g.to_act)].kind != "person":
            return None
        return self.turn_since + self.options.turn_timer

    def _tick_once(self, now: float) -> bool:
        if self.status == "between":
            if self.between_until is not None and now >= self.between_until:
                self._log({"k": "deal", "t": now, "hand": self.hand_no + 1, "salt": new_salt()})
                return True
            return False
        if self.status != "playing":
            return False
        for seat, until in sorted(self.grace.items()):
            if now >= until:
                self._end_grace(seat, now)
                return True
        g = self._hand()
        to_act = self.player_at(g.to_act)
        s = self.seats[to_act]
        if (s.kind == "person" and not s.standin and self.options.turn_timer is not None
                and now >= self.turn_since + self.options.turn_timer):
            self.notices.append((to_act, "time is up: your move was made for you"))
            self.act_for(to_act, now)
            return True
        plan = self._plan
        auto = tuple(p for p in self.seat_players() if self._automated(p, now))
        if plan is None or plan.version != self.version or plan.auto != auto:
            start = self.changed_at
            if plan is not None and plan.auto != auto:   # someone went away: bots think from that moment
                start = max([start] + [self.seats[p].away_since + self.options.away_delay for p in auto
                                       if self.seats[p].kind == "person" and not self.seats[p].standin])
            self._plan = _Plan(self.version, start + self.options.bot_think, auto=auto)
            plan = self._plan
        if plan.done or now < plan.due:
            return False
        plan.done = True
        return self._bots_move(now)

    def _bots_move(self, now: float) -> bool:
        """The bots (and stand-ins for away people) get one chance to act: reactions first, then the turn."""
        g = self._hand()
        players = [p for p in self.seat_players() if self._automated(p, now)]
        self._rng.shuffle(players)
        turn_player = self.player_at(g.to_act)
        for p in players:
            a = self._bot_choice(p, self._bot_for(p), turn=False)
            if a is not None and self._try(p, a, now):
                return True
        if turn_player in players:
            a = self._bot_choice(turn_player, self._bot_for(turn_player), turn=True)
            if a is not None and self._try(turn_player, a, now):
                return True
        return False

    def _try(self, player: int, a: Action, now: float) -> bool:
        by = "bot" if self.seats[player].kind == "bot" else "auto"
        try:
            out = self.act(player, a, now, by=by)
        except UnoError:
            return False
        return out.status == "applied" or out.message.startswith("held:")

    def _automated(self, player: int, now: float) -> bool:
        s = self.seats[player]
        return s.kind == "bot" or (s.kind == "person" and s.standin) or self.is_away(player, now)

    def _bot_for(self, player: int):
        return self._bots.get(player) or self._stand_in(player)

    def _stand_in(self, player: int):
        if player not in self._stand_ins:
            self._stand_ins[player] = make_bot(STAND_IN, seed=derive_seed(self.seed, player, "stand-in"))
        return self._stand_ins[player]

    def _bot_choice(self, player: int, bot, *, turn: bool) -> Action | None:
        g = self._hand()
        seat = self.seat_of(player)
        if seat is None or g.over:
            return None
        if turn and g.to_act != seat:
            return None
        if turn:
            legal = g.legal_actions(seat)
        else:
            held = {c.target for q, c, _ in self.held if q == player}
            legal = [a for a in reaction_options(g, seat) if not (isinstance(a, CatchUno) and a.target in held)]
        if not legal:
            return None
        choice = ask(g, seat, bot, legal, turn=turn, lenient=True)     # the decision flow's (unokit.engine.flow)
        return choice if choice is not None and getattr(choice, "player", None) == seat else None

    # ------------------------------------------------------------------ UNO grace
    def _end_graces(self, now: float, but: int | None = None) -> None:
        for seat in sorted(self.grace):
            if seat != but:
                self._end_grace(seat, now)

    def _end_grace(self, seat: int, now: float) -> None:
        self.grace.pop(seat, None)
        mine = [(p, c, by) for p, c, by in self.held if c.target == seat]
        self.held = [h for h in self.held if h[1].target != seat]
        done = False
        for p, c, by in mine:
            if not done and self._hand().can(c):
                self._log({"k": "act", "t": now, "hand": self.hand_no, "player": p, "action": str(c), "by": by})
                done = True
            elif self.seats[p].kind == "person":
                self.notices.append((p, "your catch came too late" if done else
                                     "no catch: the UNO was called in time"))
        self._touch(now)

    def _touch(self, now: float) -> None:
        """The table changed at ``now``: a new version, and the bots start thinking from here."""
        self.version += 1
        self.changed_at = now

    # ------------------------------------------------------------------ the log
    def _log(self, entry: dict, parsed: Action | None = None) -> None:
        """Apply the new entry and keep it; ``parsed``: an ``act`` entry's action, already read (its text is
        what the entry holds, and reads back as the same action)."""
        self._apply_entry(entry, parsed)
        self.log.append(entry)

    def _apply_entry(self, e: dict, parsed: Action | None = None) -> None:
        k, now = e["k"], float(e["t"])
        if k == "seat":
            p = e["player"]
            if e["kind"] == "person":
                self.seats[p] = _Seat(name=e["name"], kind="person", away_since=now)
            elif e["kind"] == "bot":
                self.seats[p] = _Seat(name=bot_label(e["bot"], p), kind="bot", bot=e["bot"])
            else:
                self.seats[p] = _Seat()
            self._touch(now)
        elif k == "start":
            self._do_start(now, e.get("salt"))
        elif k == "deal":
            self._deal(now, e.get("salt"))
        elif k == "pause":      # the server stopped here: nothing changes (see pause)
            pass
        elif k == "standin":      # replayed as logged: a restored table has nobody connected to check
            self.seats[e["player"]].standin = bool(e["on"])
            self._touch(now)
        elif k == "remove":
            p, bot = e["player"], e["bot"]
            name = f"{self.seats[p].name} (bot)"     # the seat's standings and log keep the person's name
            self.seats[p] = _Seat(name=name, kind="bot", bot=bot, removed=True)
            self._bots[p] = make_bot(bot, seed=derive_seed(self.seed, p, "bot"))
            self._touch(now)
        elif k == "chat":
            self.chat.append((now, e["player"], e["text"]))
            self._touch(now)
        elif k == "act":
            g = self._hand()
            before = set(g.catchable)
            was = self.clock.t
            self.clock.t = max(was, now)
            try:
                g.apply(parsed if parsed is not None else Action.parse(e["action"]))
            except BaseException:     # refused (or not read): nothing changed, the clock as it was
                self.clock.t = was
                raise
            self._after_change(now, before)
        else:
            raise TableError(f"unknown log entry {k!r}")

    def _after_change(self, now: float, before: set) -> None:
        g = self._hand()
        self._touch(now)
        for seat in set(g.catchable) - before:
            if self.options.uno_grace > 0:
                self.grace[seat] = now + self.options.uno_grace
        for seat in list(self.grace):
            if seat not in g.catchable:      # UNO called (or the hand changed): held catches fall
                self.grace.pop(seat)
                for p, _c, _ in [h for h in self.held if h[1].target == seat]:
                    if self.seats[p].kind == "person":
                        self.notices.append((p, "no catch: the UNO was called in time"))
                self.held = [h for h in self.held if h[1].target != seat]
        key = (g.to_act, g.current, g.phase)
        if key != self._turn_key:
            self.turn_since = now
        self._turn_key = key
        if g.over:
            self._finish_hand(now)

    def _finish_hand(self, now: float) -> None:
        self.grace.clear()
        self.held.clear()
        match = self._match()
        self.results.append(match.finish_hand(self._hand()))
        if match.over or not self.options.match:
            self.status = "over"
            self.between_until = None
        else:
            self.status = "between"
            self.between_until = now + self.options.between_hands

    @classmethod
    def restore(cls, options: TableOptions | dict, log: list) -> TableSession:
        """The table rebuilt from its options and log (raises :class:`TableError` on a log that does not replay)."""
        if isinstance(options, dict):
            options = TableOptions.from_dict(options)
        s = cls(options)
        s._replaying = True
        try:
            for e in log:
                s._apply_entry(e)
                s.log.append(e)
        except (UnoError, KeyError, TypeError, ValueError) as e:
            raise TableError(f"the table's log does not replay: {e}") from None
        finally:
            s._replaying = False
        return s

    # ------------------------------------------------------------------ reading
    def view(self, player: int | None, *, own: dict | None = None):
        """What ``player`` may know (``None``: a spectator), from the one view function; the part every seat
        is shown alike is computed once per state of the hand (:func:`~unokit.engine.view.public_fields`);
        ``own``: the seat's own fields of this very state, when the caller has them
        (:func:`~unokit.engine.view.own_fields`)."""
        g = self.game
        if g is None:
            return None
        seat = self.seat_of(player) if player is not None else None
        return view_of(g, seat, public=self._per_state(_PUBLIC, g, public_fields), own=own)

    def shared_view(self):
        """A spectator's :meth:`view`, built once per state of the hand: what a reader whose own part is
        known unchanged is sent the public part of (docs/protocol.md, "State patches"); ``None`` without a hand."""
        g = self.game
        if g is None:
            return None
        return self._per_state(_SPECTATOR, g, lambda g: view_of(g, None, public=self._per_state(
            _PUBLIC, g, public_fields)))

    def _per_state(self, name: str, g: Game, fn):
        """``fn(g)``, computed once per state of the hand: kept under the change that made this state (the
        table's version, every log entry; the hand; the game's own count of actions and events) on this very
        game object, so a game changed behind the table's back is seen at once."""
        key = (self.version, self.hand_no, g.seq, len(g.events))
        kept = self.narrated.get(name)
        if kept is None or kept[0] != key or kept[1] is not g:
            kept = self.narrated[name] = (key, g, fn(g))
        return kept[2]

    def fair_state(self) -> dict | None:
        """The deal commitment everyone is shown for the hand in play (``revealed`` is None until the hand
        is over; then the salt, seed and deal size that let anyone check it: :mod:`unokit.play.fairness`)."""
        fair = self.fair.get(self.hand_no)
        if fair is None or self.game is None:
            return None
        out = {"hand": self.hand_no, "version": fair["version"], "commitment": fair["commitment"], "revealed": None,
               # a seed the table's creator chose lets them know every deck: the page says so
               "seed_chosen": not self.options.seed_drawn}
        if self.game.over:
            out["revealed"] = {"salt": fair["salt"], "seed": self.game.chance.seed, "dealt": fair["dealt"]}
        return out

    def hand_record(self, hand: int) -> dict | None:
        """The record of finished hand ``hand`` (1 first) with its deal commitment and salt (``fair``), or None."""
        if self.match is None or not isinstance(hand, int) or isinstance(hand, bool):
            return None
        rec = self.match.hand_record(hand - 1)
        if rec is None:
            return None
        rec = dict(rec)
        if hand in self.fair:
            rec["fair"] = dict(self.fair[hand])
        return rec

    def record(self) -> dict:
        """The match record (:meth:`Match.record`), each hand's record with its deal commitment and salt."""
        rec = self._match().record()
        for i, h in enumerate(rec["hands"]):
            if i + 1 in self.fair:
                h["record"] = {**h["record"], "fair": dict(self.fair[i + 1])}
        return rec

    def names(self) -> list[str]:
        """Names by seat of the hand in play (by player before the first hand)."""
        return [self.seats[p].name or f"seat {p}" for p in self.seat_players()]

    def drain_notices(self) -> list[tuple[int | None, str]]:
        """The notices since the last call: ``(player, text)``, ``player`` None for everyone."""
        out, self.notices = self.notices, []
        return out


def clean_name(name) -> str:
    """A player's name: printable text, 1 to NAME_MAX characters, spaces collapsed.

    >>> clean_name('  Ana   Maria ')
    'Ana Maria'
    >>> clean_name('')
    Traceback (most recent call last):
    ...
    unokit.play.session.TableError: a name is 1 to 24 printable characters
    """
    return _one_line(name, NAME_MAX, "a name")


def clean_chat(text) -> str:
    """A chat line: printable text, 1 to CHAT_MAX characters on one line."""
    return _one_line(text, CHAT_MAX, "a chat message")


def _one_line(text, limit: int, what: str) -> str:
    """``text`` with its spaces collapsed, if it is 1 to ``limit`` printable characters."""
    clean = " ".join(text.split()) if isinstance(text, str) else ""
    if not 0 < len(clean) <= limit or not clean.isprintable():
        raise TableError(f"{what} is 1 to {limit} printable characters")
    return clean
