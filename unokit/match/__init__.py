"""Matches: hands strung together, scored, and won.

A :class:`~unokit.engine.game.Game` is one *hand*. A :class:`Match` deals hands one
after another (the right seats, the right dealer, a per-hand seed derived
from the match seed), scores each finished hand, and decides who wins.
Modes (000 §PONTUAÇÃO, §VENCENDO O JOGO, §Parceiros, §Variações, §Desafio UNO):

``points``              the hand's winner scores the points left in the others' hands; first to the
                        target (default 500) wins.
``lowest``              each player scores the points left in their *own* hand; when someone reaches
                        the target, the lowest total wins.
``partners``            partners sit opposite (seats i and i+n/2); when one goes out, the opponents'
                        hands score for the team; first team to the target wins.
``rotating-partners``   four players, partners change every hand (each partnership once per cycle of
                        three hands); each player keeps the points made in each partnership; most
                        points after the agreed cycles wins.
``two-tables``          eight players at two 4-player tables; every player partners every other player
                        for four hands (7 rounds x 4 hands = 28 hands each, 56 hands in all).
``elimination``         "Desafio UNO": each player adds their own hand's points; reaching the target
                        eliminates; the last two play head to head; the winner of the last hand wins.
``tournament``          TV (000 §Regra do Torneio de Vitórias): hand wins are counted, no points; first
                        to ``TV(wins=3)`` wins. ``tv_countdown``: the variant, everyone starts with
                        ``wins`` lives and loses one per hand lost; at 0 out; the last one left wins.
``reverse-points``      PR (000 §Regra dos Pontos Reversos): everyone starts with ``PR(start=500)`` and
                        loses their own hand's points; at 0 or below out; the last one left wins.

The rule code decides: TV in the rules makes the mode ``tournament`` (or, with ``mode="partners"``,
teams count hand wins), PR makes it ``reverse-points``. MOV (000 §Regra do Movimento) works in every
mode: after each hand a new seating is drawn from the match seed so that nobody keeps the same left
neighbour. SHUFFLESEATS (other engines) draws the seats anew before every hand, uniformly, with no
neighbour constraint. ELIMMOST (other engines) eliminates, after each hand, the player holding the
most cards; the last player standing wins. Each of these match rules has its class in
:mod:`unokit.rules.match_rules`; this module keeps the generic match flow and calls them at the match
hook points (:data:`unokit.rules.base.MATCH_HOOKS`) through :class:`Match`'s public API.

>>> m = play_match(MatchConfig(players=3, target=200, seed=1), greedy_policy)
>>> m.over, m.winner in range(3), max(m.scores.values()) >= 200
(True, True, True)
>>> replay_match(m.record()).scores == m.scores
True

Hand by hand::

    m = Match.new(MatchConfig(players=4, mode="partners", seed=7))
    while not m.over:
        g = m.next_hand()
        while not g.over:
            g.apply(choose(g))
        m.finish_hand(g)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields, replace

from ..core.actions import action_from_dict
from ..core.chance import Chance, ManualClock
from ..core.decks import DECKS
from ..core.errors import ReplayMismatchError, RuleNotImplementedError, UnoError
from ..engine.game import Game
from ..rules import RuleSet
from ..rules.base import HouseRule, is_match_rule, match_hooks_of
from ..rules.catalog import CATALOG, IMPLEMENTED
from ..rules.registry import REGISTRY, build_house_rules

__all__ = ["FORMAT", "MATCH_RULES", "MODES", "ROTATION_4", "TWO_TABLES_8", "HandResult", "HandSlot", "Match",
           "MatchConfig", "MatchError", "MAX_TABLE_DECKS", "SEATS_PER_DECK", "greedy_policy", "parse_match_rules",
           "play_match", "random_policy", "replay_match", "round_robin", "seating_for"]

FORMAT = "unokit-match/1"
#: players one deck seats (003: "più di un mazzo nel caso il numero dei giocatori sia molto alto": a
#: table of ``decks`` decks seats up to ``SEATS_PER_DECK * decks``)
SEATS_PER_DECK = 10
#: decks the front ends (the command line, the web lobby, the terminal table) shuffle together at most:
#: 40 seats; a ``MatchConfig`` or ``Game`` takes up to :data:`unokit.engine.position.MAX_DECKS`
MAX_TABLE_DECKS = 4
MODES = ("points", "lowest", "partners", "rotating-partners", "two-tables", "elimination", "tournament",
         "reverse-points")
#: House rules played by the match, not by the hand (their classes implement the match hook points,
#: :mod:`unokit.rules.match_rules`): TV (wins), PR (reverse points), MOV (seats move), SHUFFLESEATS
#: (seats drawn anew every hand), ELIMMOST (the most cards eliminated every hand).
MATCH_RULES = frozenset(code for code, cls in REGISTRY.items()
                        if not isinstance(cls, tuple) and is_match_rule(cls))
# the rule classes of REGISTRY's codes that have one (a code with several has a tuple)
_RULE_CLASSES: list[type[HouseRule]] = [cls for cls in REGISTRY.values() if not isinstance(cls, tuple)]
#: mode -> the match rule class that owns it (``tournament``: TV, ``reverse-points``: PR)
_MODE_OWNERS = {mode: cls for cls in _RULE_CLASSES for mode in cls.owns_modes}
_SEED_LIMIT = 2**63 - 1
_MATCH_HOOKS: dict = {}


def _match_rules(rs: RuleSet) -> tuple[list, dict]:
    """The match rules of ``rs`` (objects, in code order) and their match hooks; one set per RuleSet."""
    hit = _MATCH_HOOKS.get(rs)
    if hit is None:
        rules = [r for r in build_house_rules(rs) if is_match_rule(type(r))]
        hit = _MATCH_HOOKS[rs] = (rules, match_hooks_of(rules))
    return hit


def _first(values):
    """The first value that is not None (None if all are)."""
    return next((v for v in values if v is not None), None)



class _PlayedHand:
    """A hand dealt from its slot's seed (by :meth:`Match.next_hand`: ``dealt``, or by the other engine) and
    played elsewhere: what :meth:`Match.finish_hand` reads. ``hands``: when the other engine told how many cards
    each seat held, that many unknown cards (``None``) per seat (ELIMMOST reads their sizes), else none."""

    __slots__ = ("dealt", "n", "dealer", "winner", "over", "actions", "_held", "hands")

    def __init__(self, dealt: Game | None, n: int, dealer: int, winner: int | None, held: list[int], steps: int,
                 cards: list[int] | None = None):
        self.dealt = dealt
        self.n = n
        self.dealer = dealer
        self.winner = winner
        self.over = winner is not None
        self.actions = range(steps)          # (finish_hand counts them)
        self._held = held
        self.hands = () if cards is None else tuple((None,) * k for k in cards)

    def hand_points(self, seat: int) -> int:
        return self._held[seat]

class MatchError(UnoError):
    """A match used out of order (dealing while a hand is in play, scoring an unfinished hand...)
    or configured impossibly."""


def parse_match_rules(code) -> RuleSet:
    """Parse a match's rule code. The match-level rules (:data:`MATCH_RULES`: TV, PR, MOV,
    SHUFFLESEATS, ELIMMOST) are played by the match, so they are accepted whether or not the catalogue
    marks them implemented; any other unimplemented code is refused as :meth:`RuleSet.parse` refuses it.

    >>> parse_match_rules('uno tv(wins=2)-mov').code
    'UNO 1121 TV(wins=2)-MOV'
    """
    rs = RuleSet.parse(code, allow_unimplemented=True)
    missing = [c for c in rs.codes if c not in IMPLEMENTED and c not in MATCH_RULES]
    if missing:
        names = ", ".join(f"{c} ({CATALOG[c].name})" for c in missing)
        raise RuleNotImplementedError(
            f"not implemented yet: {names}. Implemented house rules: "
            f"{', '.join(sorted(IMPLEMENTED | MATCH_RULES))}")
    return rs


# ---------------------------------------------------------------------------------------- schedules
def round_robin(n: int) -> list[tuple[tuple[int, int], ...]]:
    """A 1-factorization of the complete graph K_n (circle method): ``n - 1`` rounds of ``n / 2``
    disjoint pairs; every pair of players meets in exactly one round.

    >>> rr = round_robin(4)
    >>> rr
    [((0, 3), (1, 2)), ((1, 3), (0, 2)), ((2, 3), (0, 1))]
    >>> len({p for rnd in round_robin(8) for p in rnd})  # 8 * 7 / 2 distinct pairs
    28
    """
    if n < 2 or n % 2:
        raise MatchError(f"a round robin of pairs needs an even number of players, got {n}")
    m = n - 1
    rounds = []
    for r in range(m):
        pairs = [_pair(r, m)]
        for i in range(1, n // 2):
            pairs.append(_pair((r + i) % m, (r - i) % m))
        rounds.append(tuple(pairs))
    return rounds


def _pair(a: int, b: int) -> tuple[int, int]:
    """The pair of players ``a`` and ``b``, lower first (``tuple(sorted((a, b)))``)."""
    return (a, b) if a <= b else (b, a)


#: Rotating partners with four players: each partnership once per cycle, starting with the
#: natural seating (0 and 2 opposite, 1 and 3 opposite).
ROTATION_4: tuple[tuple[tuple[int, int], ...], ...] = (((0, 2), (1, 3)), ((0, 3), (1, 2)), ((0, 1), (2, 3)))

#: Two tables for eight players: the 7 rounds of :func:`round_robin` (8); in each round the first
#: two pairs sit at table 0, the last two at table 1.
TWO_TABLES_8: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    (rnd[:2], rnd[2:]) for rnd in round_robin(8))


def seating_for(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Seats for partnerships, partners opposite: pairs (a, b), (c, d) sit a, c, b, d.

    >>> seating_for([(0, 5), (2, 7)])
    (0, 2, 5, 7)
    """
    k = len(pairs)
    seats = [0] * (2 * k)
    for i, (a, b) in enumerate(pairs):
        seats[i], seats[i + k] = a, b
    return tuple(seats)


# ---------------------------------------------------------------------------------------- config
@dataclass(frozen=True)
class MatchConfig:
    """How a match is played. Frozen; unset fields are resolved on construction.

    ``players``: match players (numbered 0..players-1; in fixed-seat modes player i sits at seat i).
    ``rules``: the rule code every hand is played under (stored canonical).
    ``mode``: one of :data:`MODES`; ``None`` takes ``lowest`` when the rules say ``scoring=lowest``,
    else ``points``. ``target``: points that end the match (``points``, ``lowest``, ``partners``) or
    eliminate (``elimination``); ``None`` takes ``rules.param('target')`` (500). Unused by the
    fixed-length modes ``rotating-partners`` and ``two-tables``.
    ``cycles``: fixed-length modes: how many times the partnership schedule is played through
    (rotating-partners: 3 partnerships per cycle; two-tables: 7 rounds per cycle).
    ``hands_per_pairing``: hands played with one set of partnerships before they change
    (``None``: 1 for rotating-partners, 4 for two-tables).
    ``seed``: match seed (``None``: drawn by :class:`~unokit.core.chance.Chance`; the record keeps it).
    ``tv_countdown``: TV's variant (000 §Regra do Torneio de Vitórias, "Variações"): everyone starts
    with ``TV(wins)`` lives and loses one per hand lost; needs TV in the rules.
    ``team_talk`` / ``show_partners``: the partners section's table choices (000 §Regras Oficiais,
    partners): a hint to a partner costs nothing; partners see each other's hands. Partnership modes only.
    ``blanks``: the effect written on each blank card (``swap/drawn/r7``; :mod:`unokit.rules.blanks`), added
    to the rules as the table parameter ``blanks=`` (``rules`` then holds it); it needs ``deck`` 112 or
    italian, with as many blank cards as it writes.

    With TV in the rules ``mode`` defaults to ``tournament`` and ``target`` is ``TV(wins)``; with PR,
    ``reverse-points`` and ``PR(start)``. A ``target`` (or ``target=`` in the code) that differs, or
    ``scoring=lowest``, is refused: those rules replace the points goal.

    ELIMMOST makes any individual mode a knock-out by cards: the mode still scores every hand, but
    its goal no longer ends the match; the last player standing wins. Partnership modes are refused.

    >>> c = MatchConfig(players=4, rules='uno 3121 target=300')
    >>> c.mode, c.target, c.rules
    ('points', 300, 'UNO 3121 target=300')
    >>> MatchConfig(players=8, mode='two-tables').hands_per_pairing
    4
    >>> c = MatchConfig(players=2, rules='UNO TV(wins=4)')
    >>> c.mode, c.target
    ('tournament', 4)
    >>> MatchConfig(players=3, rules='UNO PR-MOV').mode
    'reverse-points'
    >>> MatchConfig(players=3, deck='112', blanks='Swap/drawn').rules
    'UNO 1121 blanks=swap/drawn'
    """

    players: int = 4
    rules: str = "UNO 1121"
    mode: str | None = None
    target: int | None = None
    cycles: int = 1
    hands_per_pairing: int | None = None
    seed: int | None = None
    enforcement: str = "strict"
    deck: str = "classic"
    decks: int = 1
    tv_countdown: bool = False
    team_talk: bool = False
    show_partners: bool = False
    blanks: str = ""

    def __post_init__(self):
        if not isinstance(self.blanks, str):
            raise MatchError(f"blanks must be text such as 'swap/drawn/r7', got {type(self.blanks).__name__}")
        if self.blanks and isinstance(self.rules, str):   # the blanks written on the deck's blank cards
            from ..rules.blanks import add_blanks, read_blanks
            try:
                object.__setattr__(self, "blanks", read_blanks(self.blanks))
                object.__setattr__(self, "rules", add_blanks(self.rules, self.blanks))
            except ValueError as e:
                raise MatchError(f"blanks: {e}") from None
        rs = parse_match_rules(self.rules)
        object.__setattr__(self, "rules", rs.code)
        hooks = _match_rules(rs)[1]
        explicit_scoring = dict(rs.params).get("scoring")
        mode = self.mode
        if mode is None:     # a match rule's mode (TV, PR), else the scoring's
            mode = _first(h(self) for h in hooks["match_mode"]) or (
                "lowest" if rs.param("scoring") == "lowest" else "points")
        if mode not in MODES:
            raise MatchError(f"unknown match mode {mode!r}; choose one of {', '.join(MODES)}")
        if (mode == "points" and explicit_scoring == "lowest") or (mode == "lowest" and explicit_scoring == "winner"):
            raise MatchError(f"mode {mode!r} contradicts 'scoring={explicit_scoring}' in the rules {rs.code!r}")
        owner = _MODE_OWNERS.get(mode)
        if owner is not None and not rs.has(owner.code):
            raise MatchError(f"mode {mode!r} {owner.owns_modes[mode]}")
        for h in hooks["mode_problem"]:
            problem = h(self, mode)
            if problem:
                raise MatchError(problem)
        object.__setattr__(self, "mode", mode)
        target = _first(h(self) for h in hooks["match_target"])     # TV(wins), PR(start)
        if target is None:
            target = rs.param("target") if self.target is None else self.target
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise MatchError(f"target must be a whole number of points >= 1, got {target!r}")
        object.__setattr__(self, "target", target)
        if not isinstance(self.tv_countdown, bool):
            raise MatchError(f"tv_countdown must be True or False, got {self.tv_countdown!r}")
        for name in ("team_talk", "show_partners"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise MatchError(f"{name} must be True or False, got {value!r}")
            if value and mode not in ("partners", "rotating-partners", "two-tables"):
                raise MatchError(f"{name} is a choice of partnership play: mode 'partners', 'rotating-partners' "
                                 f"or 'two-tables', not {mode!r}")
        if self.tv_countdown and mode != "tournament":
            raise MatchError("tv_countdown is TV's variant for individual play: it needs TV in the rules "
                             "and mode 'tournament'")
        hpp = self.hands_per_pairing
        if hpp is None:
            hpp = 4 if mode == "two-tables" else 1
        if not isinstance(hpp, int) or hpp < 1:
            raise MatchError(f"hands_per_pairing must be >= 1, got {hpp!r}")
        object.__setattr__(self, "hands_per_pairing", hpp)
        if not isinstance(self.cycles, int) or self.cycles < 1:
            raise MatchError(f"cycles must be >= 1, got {self.cycles!r}")
        if self.enforcement not in ("strict", "table"):
            raise MatchError("enforcement must be 'strict' or 'table'")
        if self.deck not in DECKS:
            raise MatchError(f"unknown deck {self.deck!r}; choose one of {', '.join(sorted(DECKS))}")
        from ..engine.position import MAX_DECKS
        if not isinstance(self.decks, int) or isinstance(self.decks, bool) or not 1 <= self.decks <= MAX_DECKS:
            shown = (type(self.decks).__name__ if not isinstance(self.decks, int) or isinstance(self.decks, bool)
                     else self.decks if abs(self.decks) < 10**6 else "a huge number")
            raise MatchError(f"decks must be a whole number from 1 to {MAX_DECKS}, got {shown}")
        if self.seed is not None and (not isinstance(self.seed, int) or isinstance(self.seed, bool)):
            raise MatchError(f"seed must be an integer or None, got {self.seed!r}")
        n, most = self.players, SEATS_PER_DECK * self.decks
        if mode == "rotating-partners" and n != 4:
            raise MatchError("rotating partners is played by exactly 4 players (000 §Variações)")
        if mode == "two-tables" and n != 8:
            raise MatchError("two tables is played by exactly 8 players (000 §Variações)")
        for h in hooks["config_problem"]:
            problem = h(self)
            if problem:
                raise MatchError(problem)
        if mode == "partners" and (n < 4 or n % 2 or n > most):
            raise MatchError(f"partners needs an even number of players from 4 to {most}, got {n}")
        if not 2 <= n <= most:
            raise MatchError(f"a match needs 2 to {most} players with {self.decks} deck(s), got {n}")
        from ..rules.editions import edition_of
        ed = edition_of(self.ruleset)
        if ed is not None:   # an edition seats its own range of players and brings its own deck
            lo, hi = ed.players
            hi *= self.decks                  # (more decks seat more, as Game.new does)
            seated = 4 if mode == "two-tables" else n
            if not lo <= seated <= hi:
                raise MatchError(f"{ed.code} is for {lo} to {hi} players at a table, got {seated}")
            if self.deck not in ("classic", ed.deck):
                raise MatchError(f"{ed.code} is played with its own deck ({ed.deck!r}); leave the deck out")
        from ..rules.blanks import deck_problem
        problem = deck_problem(rs, self.deck, self.decks)    # blanks= needs a deck with blank cards (112, italian)
        if problem:
            raise MatchError(problem)

    @property
    def ruleset(self) -> RuleSet:
        return parse_match_rules(self.rules)

    def to_dict(self) -> dict:
        d = asdict(self)
        if not d["blanks"]:      # (left out when none, so records are as before blanks existed)
            del d["blanks"]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> MatchConfig:
        names = {f.name for f in fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise MatchError(f"unknown match config fields: {', '.join(sorted(unknown))}")
        return cls(**d)


# ---------------------------------------------------------------------------------------- hands
@dataclass(frozen=True)
class HandSlot:
    """The next hand of a match before (or while) it is played.

    ``seats[s]`` is the match player at seat ``s`` of the hand's Game; ``teams`` the partnerships
    (match players) or ``()``; ``dealer`` the seat that deals (``None``: players draw for dealer);
    ``round`` the schedule round (which partnerships; ``None`` outside the partner-rotation modes),
    ``cycle`` the pass through the schedule, ``table`` 0 or 1 (two-tables).
    """

    number: int
    seats: tuple[int, ...]
    teams: tuple[tuple[int, int], ...]
    dealer: int | None
    seed: int
    round: int | None = None
    cycle: int | None = None
    table: int = 0
    new_sitting: bool = False

    def seat_of(self, player: int) -> int:
        return self.seats.index(player)


@dataclass(frozen=True)
class HandResult:
    """One hand as the match scored it. ``held``: points left in each player's hand;
    ``gains``: what each side (player, or team tuple in ``partners`` mode) scored (TV: ``{winner: 1}``,
    with ``tv_countdown`` ``-1`` per loser; PR: minus each player's own ``held``); ``totals``: the
    match scores after the hand; ``eliminated``: players out after this hand (elimination, PR, TV
    countdown, ELIMMOST); ``seats``: the seating (MOV and SHUFFLESEATS draw a new one every hand);
    ``void``: an unfinished hand (e.g. truncated by a step cap) that scores nothing and is dealt
    again; ``dealt``: the Game was the one :meth:`Match.next_hand` dealt from the match seed
    (``False``: a hand played elsewhere, e.g. a set position, was scored); ``cards``: under ELIMMOST,
    the number of cards each seated player held when the hand ended (``{}`` otherwise, and then left
    out of :meth:`to_dict`)."""

    number: int
    seats: tuple[int, ...]
    teams: tuple[tuple[int, int], ...]
    round: int | None
    cycle: int | None
    table: int
    dealer: int | None
    seed: int | None
    winner: int | None
    held: dict
    gains: dict
    totals: dict
    eliminated: tuple[int, ...] = ()
    void: bool = False
    dealt: bool = True
    steps: int = 0
    cards: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        """JSON-ready (sides are ints, teams are two-element lists; mappings are [side, points] lists)."""
        return {
            "number": self.number, "seats": list(self.seats), "teams": [list(t) for t in self.teams],
            "round": self.round, "cycle": self.cycle, "table": self.table, "dealer": self.dealer,
            "seed": self.seed, "winner": self.winner,
            "held": _pairs(self.held), "gains": _pairs(self.gains), "totals": _pairs(self.totals),
            "eliminated": list(self.eliminated), "void": self.void, "dealt": self.dealt, "steps": self.steps,
        } | ({"cards": _pairs(self.cards)} if self.cards else {})


def _side_json(side):
    return list(side) if isinstance(side, tuple) else side


def _pairs(d: dict) -> list:
    return [[_side_json(k), v] for k, v in d.items()]


def _norm(x):
    """JSON round trip: what a record looks like after dumps/loads."""
    return json.loads(json.dumps(x))


# ---------------------------------------------------------------------------------------- match
class Match:
    """A match: hands dealt and scored in order. Build with :meth:`new`.

    ``scores``: ``{side: points}`` -- sides are players, or team tuples ``(a, b)`` in ``partners``
    mode. In ``lowest`` and ``elimination`` lower is better. Under TV the scores are hand wins (lives
    left with ``tv_countdown``), under PR the points left. ``winner``: the winning player (a team
    tuple in ``partners`` mode), ``None`` while the match is on. ``history``: a
    :class:`HandResult` per hand, void ones included.

    The match rules (``match_rules``: TV, PR, MOV, SHUFFLESEATS, ELIMMOST objects, in code order) are
    called at the match hook points (:data:`unokit.rules.base.MATCH_HOOKS`); they use only the public
    ``config``, ``mode``, ``target``, ``scores``, ``active``, ``teams``, :attr:`chance` and
    :meth:`seating_for`.
    """

    def __init__(self, config: MatchConfig, *, clock=None):
        if config.seed is None:
            config = replace(config, seed=Chance(None).seed)
        self.config = config
        self.rules = config.ruleset
        self.mode = config.mode
        self.target = config.target
        # which match rules are in force (for callers; their classes in unokit.rules.match_rules play them)
        self.tv = self.rules.has("TV")                # hand wins, not points
        self.pr = self.rules.has("PR")                # reverse points
        self.mov = self.rules.has("MOV")              # a new seating after every hand
        self.shuffle_seats = self.rules.has("SHUFFLESEATS")   # seats drawn anew before every hand
        self.elimmost = self.rules.has("ELIMMOST")    # the most cards eliminated after every hand
        self.countdown = config.tv_countdown          # TV variant: lives, one lost per hand lost
        self.match_rules, self._hooks = _match_rules(self.rules)
        self.clock = clock
        self._chance = Chance(config.seed)
        self.history: list[HandResult] = []
        self._records: list[dict | None] = []   # None: a hand scored with finish_played()
        self._slot: HandSlot | None = None
        self._game: Game | None = None
        self._cursor = 0                          # hands scored (void hands excluded)
        self._last: dict[int, tuple] = {}         # table -> (seats, dealer seat) of its last hand
        n = config.players
        if self.mode == "partners":
            self.teams: tuple[tuple[int, int], ...] = tuple((i, i + n // 2) for i in range(n // 2))
            self._scores: dict = {t: 0 for t in self.teams}
        else:
            self.teams = ()
            start = _first(h(self) for h in self._hooks["start_score"])    # PR, TV countdown: the target
            self._scores = {p: 0 if start is None else start for p in range(n)}
        self.partnership_scores: dict[tuple[int, int], int] = {}
        self.active: list[int] = list(range(n))   # knock-outs: players still in, in player order
        self.eliminated: list[int] = []           # knock-outs: players out, in the order they left
        self._winner = None
        self._over = False
        # players leave the match: elimination (reaching the target), and the rules that knock out
        # (PR and TV's countdown at 0, ELIMMOST the most cards, in any individual mode)
        self._knockout = self.mode == "elimination" or any(h(self) for h in self._hooks["knocks_out"])

    @classmethod
    def new(cls, config: MatchConfig | None = None, *, clock=None, **kwargs) -> Match:
        """``Match.new(MatchConfig(...))`` or ``Match.new(players=4, mode='partners', seed=1)``."""
        if config is None:
            config = MatchConfig(**kwargs)
        elif kwargs:
            config = replace(config, **kwargs)
        return cls(config, clock=clock)

    # ------------------------------------------------------------------ state
    @property
    def seed(self) -> int:
        seed = self.config.seed
        assert seed is not None   # __init__ draws one when the config has none
        return seed

    @property
    def over(self) -> bool:
        return self._over

    @property
    def winner(self):
        """The winning player (team tuple in ``partners`` mode), or ``None``."""
        return self._winner

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players (both partners in ``partners`` mode); ``()`` while the match is on."""
        if self._winner is None:
            return ()
        return self._winner if isinstance(self._winner, tuple) else (self._winner,)

    @property
    def scores(self) -> dict:
        return dict(self._scores)

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        """The seats of every hand in ``history`` (``seats[s]`` = the player at seat ``s``)."""
        return [r.seats for r in self.history]

    @property
    def chance(self) -> Chance:
        """The match's :class:`~unokit.core.chance.Chance`, drawn from in order: each hand's seed, and what
        the match rules draw (MOV's and SHUFFLESEATS' seatings). The match seed fixes every draw and
        :func:`replay_match` makes them again, so draw only through it, and only as a hook is called."""
        return self._chance

    #: Seats for partnerships, partners opposite (:func:`seating_for`), for the match rules.
    seating_for = staticmethod(seating_for)

    @property
    def scores_played_hands(self) -> bool:
        """Can :meth:`finish_played` score this match's hands (no match rule reads a hand's cards)?"""
        return not any(r.reads_hand for r in self.match_rules)

    @property
    def hands_played(self) -> int:
        """Scored hands (void hands not counted)."""
        return self._cursor

    @property
    def void_hands(self) -> int:
        return sum(1 for r in self.history if r.void)

    @property
    def scheduled_hands(self) -> int | None:
        """Hands the fixed-length modes play before a winner is looked for (``None`` otherwise)."""
        c = self.config
        hpp = c.hands_per_pairing
        assert hpp is not None   # MatchConfig resolves it
        if self.mode == "rotating-partners":
            return len(ROTATION_4) * hpp * c.cycles
        if self.mode == "two-tables":
            return 2 * len(TWO_TABLES_8) * hpp * c.cycles
        return None

    def standings(self) -> list[tuple]:
        """``(side, points)`` best first (lowest first in ``lowest``; in ``elimination``, PR,
        TV's countdown and under ELIMMOST the players still in by points, then the eliminated, last
        out first, those out in the same hand by points)."""
        items = list(self._scores.items())
        if self._knockout:
            sign = 1 if self.mode in ("elimination", "lowest") else -1
            still = sorted(((p, self._scores[p]) for p in self.active), key=lambda kv: sign * kv[1])
            out_at = {p: i for i, r in enumerate(self.history) for p in r.eliminated}
            gone = sorted(self.eliminated, key=lambda p: (-out_at.get(p, 0), sign * self._scores[p]))
            return still + [(p, self._scores[p]) for p in gone]
        if self.mode == "lowest":
            return sorted(items, key=lambda kv: kv[1])
        return sorted(items, key=lambda kv: -kv[1])

    def player_at(self, seat: int) -> int:
        """The match player at ``seat`` of the hand being (or about to be) played."""
        return self.upcoming.seats[seat]

    def team_of(self, player: int) -> tuple[int, int] | None:
        """``player``'s partnership in the hand being (or about to be) played; in ``partners`` mode
        after the match, the fixed team. ``None`` in modes without partners."""
        for t in (self.upcoming.teams if not self._over else self.teams):
            if player in t:
                return t
        return None

    def __repr__(self) -> str:
        return (f"<Match {self.mode} {self.config.players}p {self.config.rules!r} hands={self._cursor} "
                f"over={self._over} winner={self._winner}>")

    # ------------------------------------------------------------------ dealing
    @property
    def upcoming(self) -> HandSlot:
        """The next hand's slot (seats, partnerships, dealer, seed). Drawn once, then fixed."""
        if self._over:
            raise MatchError("the match is over")
        if self._slot is None:
            self._slot = self._make_slot()
        return self._slot

    def _make_slot(self) -> HandSlot:
        c, i = self.config, self._cursor
        hpp = c.hands_per_pairing
        assert hpp is not None   # MatchConfig resolves it
        rnd = cycle = None
        table = 0
        teams: tuple = ()
        new_sitting = False
        if self.mode == "rotating-partners":
            k = i // hpp
            rnd, cycle = k % len(ROTATION_4), k // len(ROTATION_4)
            teams = ROTATION_4[rnd]
            seats = seating_for(teams)
        elif self.mode == "two-tables":
            table, k = i % 2, i // 2
            per = k // hpp
            rnd, cycle = per % len(TWO_TABLES_8), per // len(TWO_TABLES_8)
            teams = TWO_TABLES_8[rnd][table]
            seats = seating_for(teams)
            new_sitting = k % hpp == 0           # the tables are re-formed each round
        elif self.mode == "partners":
            teams = self.teams
            seats = tuple(range(c.players))
        else:
            seats = tuple(self.active)
        if table in self._last:      # MOV, SHUFFLESEATS: a new seating for the table's next hand
            for reseat in self._hooks["reseat"]:
                seats = reseat(self, seats, teams, self._last[table][0])
        dealer = self._dealer_for(table, seats, new_sitting)
        seed = self._chance.randint(0, _SEED_LIMIT)
        return HandSlot(number=len(self.history), seats=seats, teams=teams, dealer=dealer, seed=seed,
                        round=rnd, cycle=cycle, table=table, new_sitting=new_sitting)

    def _dealer_for(self, table: int, seats: tuple[int, ...], new_sitting: bool) -> int | None:
        """Pre-game option A: 1 draws for dealer every hand; 2 (traditional) and 3 draw for the
        first hand of a sitting, then the deal passes to the previous dealer's right (2: -1) or left
        (3: +1), counted at the previous hand's table and skipping players no longer seated."""
        a = self.rules.pregame
        if a == 1 or new_sitting or table not in self._last:
            return None
        prev_seats, prev_dealer = self._last[table]
        step = -1 if a == 2 else 1
        k = len(prev_seats)
        for j in range(1, k + 1):
            p = prev_seats[(prev_dealer + j * step) % k]
            if p in seats:
                return seats.index(p)
        return None

    def next_hand(self) -> Game:
        """Deal the next hand from its seed: a Game with ``len(upcoming.seats)`` seats.

        Seat ``s`` of the Game is match player ``upcoming.seats[s]`` (see :meth:`player_at`).
        """
        slot = self.upcoming
        if self._game is not None:
            raise MatchError("a hand is in play: finish_hand(game) (or void it) before dealing the next")
        c = self.config
        g = Game.new(len(slot.seats), self.rules, seed=slot.seed, enforcement=c.enforcement, deck=c.deck,
                     decks=c.decks, dealer=slot.dealer, clock=self.clock)
        if c.team_talk or c.show_partners:   # the partners' table choices, by seat of this hand
            teams = tuple(tuple(slot.seats.index(p) for p in t if p in slot.seats) for t in slot.teams)
            g.set_teams(teams, talk=c.team_talk, show=c.show_partners)
        self._game = g
        return g

    # ------------------------------------------------------------------ scoring
    def finish_hand(self, game: Game | _PlayedHand, *, void: bool = False) -> HandResult:
        """Score a finished hand (normally the Game :meth:`next_hand` returned; any finished Game
        with the slot's number of seats is accepted, e.g. a set position, and marked ``dealt=False``).

        ``void=True`` records an unfinished hand (a step cap was hit): no points, nothing changes,
        and the same slot (seats, dealer) is dealt again with a fresh seed.
        """
        slot = self.upcoming
        if game.n != len(slot.seats):
            raise MatchError(f"this hand needs {len(slot.seats)} seats (players {list(slot.seats)}); "
                             f"the game has {game.n}")
        if void and game.over:
            raise MatchError("a finished hand is scored, not voided")
        if not void and not game.over:
            raise MatchError("the hand is not over; play it out, or finish_hand(game, void=True) to record "
                             "it as unfinished")
        played = isinstance(game, _PlayedHand)
        dealt = game is self._game or played   # a played hand was dealt from the slot's seed
        self._records.append(None if isinstance(game, _PlayedHand) else _norm(game.record()))
        dealer_player = slot.seats[game.dealer] if 0 <= game.dealer < game.n else None
        if void:
            result = HandResult(number=slot.number, seats=slot.seats, teams=slot.teams, round=slot.round,
                                cycle=slot.cycle, table=slot.table, dealer=dealer_player,
                                seed=slot.seed if dealt else None, winner=None,
                                held={p: game.hand_points(s) for s, p in enumerate(slot.seats)}, gains={},
                                totals=dict(self._scores), void=True, dealt=dealt, steps=len(game.actions))
            self.history.append(result)
            self._game = None
            self._slot = replace(slot, number=slot.number + 1, seed=self._chance.randint(0, _SEED_LIMIT))
            return result
        held = {p: game.hand_points(s) for s, p in enumerate(slot.seats)}
        assert game.winner is not None   # the hand is over
        winner = slot.seats[game.winner]
        gains = _first(h(self, slot, held, winner) for h in self._hooks["hand_gains"])   # TV, PR
        if gains is None:
            gains = self._gains(slot, held, winner)
        for side, pts in gains.items():
            self._scores[side] += pts
        eliminated: tuple[int, ...] = ()
        cards: dict = {}
        for h in self._hooks["hand_cards"]:      # ELIMMOST
            cards.update(h(self, slot, game))
        if self._knockout:
            out: set[int] = set()
            if self.mode == "elimination":
                out = {p for p in self.active if self._scores[p] >= self.target}
            for h in self._hooks["after_hand"]:  # PR, TV countdown: at 0; ELIMMOST: the most cards
                out.update(h(self, slot, game, winner))
            eliminated = tuple(p for p in self.active if p in out)
            self.active = [p for p in self.active if p not in out]
            self.eliminated.extend(eliminated)
        result = HandResult(number=slot.number, seats=slot.seats, teams=slot.teams, round=slot.round,
                            cycle=slot.cycle, table=slot.table, dealer=dealer_player,
                            seed=slot.seed if dealt else None, winner=winner, held=held, gains=gains,
                            totals=dict(self._scores), eliminated=eliminated, dealt=dealt,
                            steps=len(game.actions), cards=cards)
        self.history.append(result)
        self._last[slot.table] = (slot.seats, game.dealer)
        self._cursor += 1
        self._game = None
        self._slot = None
        self._decide(winner)
        return result

    def finish_played(self, *, winner: int | None, held, steps: int, dealer: int | None = None,
                      cards=None) -> HandResult:
        """Score the next hand when it was played elsewhere from the same deal (the compiled core plays the
        lab's match hands): ``winner`` its winning seat (``None``: cut short, the hand is voided), ``held`` the
        points left in each seat's hand, ``steps`` the actions applied. The hand is the one :meth:`next_hand`
        dealt, or, without it, the one another engine dealt from :attr:`upcoming`'s seed and dealer: then
        ``dealer`` is the seat that dealt it (drawn for from the seed when the slot names none). It keeps no
        hand record (:meth:`record` then refuses), and the match rules that read a hand's cards
        (:attr:`scores_played_hands` is False: ELIMMOST) need ``cards``, the number of cards each seat held."""
        g = self._game
        if g is None and dealer is None:
            raise MatchError("deal the hand with next_hand() first, or give the dealer of the hand dealt elsewhere")
        if not self.scores_played_hands and cards is None:
            raise MatchError("this match's rules read the cards each seat held: give cards=, or finish_hand(game)")
        slot = self.upcoming
        n = len(slot.seats)
        if g is not None:
            dealer = g.dealer
        elif not (isinstance(dealer, int) and 0 <= dealer < n and slot.dealer in (None, dealer)):
            raise MatchError(f"the hand's dealer: seat {slot.dealer}" if slot.dealer is not None
                             else f"the hand's dealer: a seat 0-{n - 1}")
        held = [int(x) for x in held]
        cards = None if cards is None else [int(x) for x in cards]
        if len(held) != n or (winner is not None and not 0 <= winner < n) or (
                cards is not None and (len(cards) != n or min(cards) < 0)):
            raise MatchError(f"a hand of {n} seats: one held total per seat (and its count of cards), a winning seat "
                             f"0-{n - 1} or None")
        return self.finish_hand(_PlayedHand(g, n, dealer, winner, held, steps, cards), void=winner is None)

    def _gains(self, slot: HandSlot, held: dict, winner: int) -> dict:
        """The mode's scoring of a hand (a match rule's ``hand_gains`` replaces it: TV, PR)."""
        mode = self.mode
        if mode == "points":
            return {winner: sum(v for p, v in held.items() if p != winner)}
        if mode in ("lowest", "elimination"):
            return dict(held)
        team = next(t for t in slot.teams if winner in t)
        pts = sum(v for p, v in held.items() if p not in team)
        if mode == "partners":
            return {team: pts}
        # rotating-partners / two-tables: both partners credit the team's points; the partnership
        # ledger keeps what each pair made together
        key = _pair(*team)
        self.partnership_scores[key] = self.partnership_scores.get(key, 0) + pts
        return {team[0]: pts, team[1]: pts}

    def _decide(self, last_winner: int) -> None:
        mode, s = self.mode, self._scores
        if self._knockout:
            # elimination: the winner of the last hand (never eliminated by it); PR / TV countdown: the
            # last player with points (lives) left -- the hand's winner loses nothing; ELIMMOST: the
            # mode scores the hands, but only the last player standing wins
            if len(self.active) <= 1:
                self._win(last_winner)
        elif self._hooks["decide"]:           # a match rule's goal replaces the mode's (TV)
            side = _first(h(self, last_winner) for h in self._hooks["decide"])
            if side is not None:
                self._win(side)
        elif mode in ("points", "partners"):
            best = [side for side, v in s.items() if v >= self.target]
            if best:  # only the hand's winning side scored, so at most one side crossed
                self._win(max(best, key=lambda side: s[side]))
        elif mode == "lowest":
            if max(s.values()) >= self.target:
                low = min(s.values())
                leaders = [p for p, v in s.items() if v == low]
                if len(leaders) == 1:  # a tie for lowest plays on until it is broken
                    self._win(leaders[0])
        else:   # the fixed-length modes (rotating-partners, two-tables)
            scheduled = self.scheduled_hands
            assert scheduled is not None
            if self._cursor >= scheduled:
                top = max(s.values())
                leaders = [p for p, v in s.items() if v == top]
                if len(leaders) == 1:  # a tie for first plays on, the schedule continuing
                    self._win(leaders[0])

    def _win(self, side) -> None:
        self._winner = side
        self._over = True
        self._slot = None

    # ------------------------------------------------------------------ records
    def hand_record(self, i: int) -> dict | None:
        """The record of finished hand ``i`` (0 first; ``None``: a hand scored with finish_played(), or no such hand)."""
        return self._records[i] if 0 <= i < len(self._records) else None

    def record(self) -> dict:
        """JSON-ready: the config (with its seed) and every hand's result and full hand record."""
        if any(r is None for r in self._records):
            raise MatchError("hands scored with finish_played() keep no record: this match cannot be recorded")
        return {
            "format": FORMAT,
            "config": self.config.to_dict(),
            "hands": [{"result": r.to_dict(), "record": rec} for r, rec in zip(self.history, self._records)],
            "scores": _pairs(self._scores),
            "partnership_scores": _pairs(self.partnership_scores),
            "eliminated": list(self.eliminated),
            "over": self._over,
            "winner": _side_json(self._winner),
        } | ({"seatings": [list(r.seats) for r in self.history]} if self._hooks["reseat"] else {})


# ---------------------------------------------------------------------------------------- replay
def check_match_record(rec) -> None:
    """Check a match record's shape (:func:`unokit.engine.record.check_match_record` with this config's fields)."""
    from dataclasses import fields

    from ..engine.record import check_match_record as check
    check(rec, {f.name for f in fields(MatchConfig)})


def replay_match(rec: dict, *, check: bool = True) -> Match:
    """Rebuild a match from :meth:`Match.record`: re-deal every hand from the match seed, re-apply
    its actions, re-score it. With ``check``, raise :class:`ReplayMismatchError` when a hand, a hand
    result or the final scores differ (hands are also checked by :func:`unokit.engine.playback.replay`)."""
    from ..engine.playback import replay as replay_hand
    check_match_record(rec)  # RecordError naming the first bad field, before anything is replayed
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise ReplayMismatchError(f"not a unokit match record (format {rec.get('format') if isinstance(rec, dict) else None!r})")
    try:
        config = MatchConfig.from_dict(rec["config"])
    except (UnoError, TypeError) as e:
        raise ReplayMismatchError(f"bad match config in the record: {e}") from None
    clock = ManualClock()
    m = Match(config, clock=clock)
    for i, entry in enumerate(rec["hands"]):
        res, hrec = entry["result"], entry["record"]
        if m.over:
            raise ReplayMismatchError(f"hand {i}: the match was already over")
        if res.get("dealt", True):
            g = m.next_hand()
            try:
                for t, d in hrec["actions"]:
                    clock.t = t
                    g.apply(action_from_dict(d))
            except UnoError as e:
                raise ReplayMismatchError(f"hand {i}: a recorded action does not apply to the hand dealt "
                                          f"from the match seed: {e}") from None
            if check:
                mine = _norm(g.record())
                hrec = {k: v for k, v in hrec.items() if k != "fair"}   # a deal's commitment: unokit.play.fairness
                if mine != hrec:
                    diff = sorted(k for k in set(mine) | set(hrec) if mine.get(k) != hrec.get(k))
                    raise ReplayMismatchError(f"hand {i}: the hand dealt from the match seed differs from the "
                                              f"record in {diff}")
                replay_hand(hrec, check=True)
        else:
            g = replay_hand(hrec, check=check)
        try:
            r = m.finish_hand(g, void=bool(res.get("void")))
        except MatchError as e:
            raise ReplayMismatchError(f"hand {i}: {e}") from None
        if check and _norm(r.to_dict()) != res:
            diff = sorted(k for k, v in _norm(r.to_dict()).items() if res.get(k) != v)
            raise ReplayMismatchError(f"hand {i}: the replayed result differs from the record in {diff}")
    if check:
        got = {"scores": _norm(_pairs(m.scores)), "over": m.over, "winner": _norm(_side_json(m.winner)),
               "eliminated": list(m.eliminated), "partnership_scores": _norm(_pairs(m.partnership_scores)),
               "seatings": [list(r.seats) for r in m.history]}
        for k, v in got.items():
            if k in rec and rec[k] != v:
                raise ReplayMismatchError(f"match {k} differ: replay {v!r}, record {rec[k]!r}")
    return m


# ---------------------------------------------------------------------------------------- playing
Policy = Callable[[Game], object]


def play_match(config: MatchConfig | Match, policy, *, max_hands: int = 10_000, max_steps: int = 5000,
               clock=None) -> Match:
    """Play a whole match and return it.

    ``policy``: either one function ``policy(game) -> action`` asked for ``game.to_act``, or a
    sequence with one ``choose(game, seat) -> action`` per *match player* (the hand's seat is mapped
    to its player, so a player keeps its policy when seats change). A hand still running after
    ``max_steps`` actions is recorded as void (see :meth:`Match.finish_hand`) and dealt again.
    Stops after ``max_hands`` hands (void ones included); then ``match.over`` is ``False``.
    """
    m = config if isinstance(config, Match) else Match.new(config, clock=clock)
    if callable(policy):
        def act(g: Game):
            return policy(g)
    else:
        per_player = list(policy)
        if len(per_player) != m.config.players:
            raise MatchError(f"give one policy per player ({m.config.players}), got {len(per_player)}")

        def act(g: Game):
            seat = g.to_act
            return per_player[m.player_at(seat)](g, seat)
    while not m.over and len(m.history) < max_hands:
        g = m.next_hand()
        steps = 0
        while not g.over and steps < max_steps:
            g.apply(act(g))
            steps += 1
        m.finish_hand(g, void=not g.over)
    return m


def greedy_policy(game: Game):
    """A simple reference policy: the first legal play (one that says UNO when it can), else the
    first legal action (draw, pass, ...). For tests and demos; real bots live elsewhere."""
    from ..core.actions import Play
    from ..engine.compose import complete
    acts = game.legal_actions(game.to_act)
    plays = [a for a in acts if isinstance(a, Play)]
    if plays:
        uno = [a for a in plays if a.uno]
        return complete(game, (uno or plays)[0], lambda options: options[0])
    return acts[0]


def random_policy(seed: int) -> Policy:
    """A policy choosing uniformly among the legal actions with its own ``random.Random(seed)``."""
    import random
    rng = random.Random(seed)

    def policy(game: Game):
        from ..engine.compose import complete
        return complete(game, rng.choice(game.legal_actions(game.to_act)), rng.choice)
    return policy
