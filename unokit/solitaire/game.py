"""The guide's UNO solitaire ("Paciência UNO"), as a playable game.

The deck is the classic 108 cards without the Wilds and the 0s: 96 cards, two of each
colour (R Y G B) and rank. Ranks run 1-9, then Draw Two (J), Reverse (Q) and Skip (K):

>>> [rank(Card.parse(c)) for c in ('R1', 'R9', 'R+2', 'RR', 'RS')]
[1, 9, 10, 11, 12]

Seven columns are dealt (column *i*, counted from 0, holds *i* face-down cards under one
face-up card); the rest is the stock. Cards are built down in one colour in the columns and up
in one colour, 1 to Skip, on eight foundations. The rules as implemented, and every choice
the guide leaves open, are in ``docs/solitaire.md``.

Moves are written ``d`` (turn a stock card onto the waste, or turn the waste over when the
stock is empty), ``w>f`` / ``w>3`` (the waste's top card to a foundation / onto column 3) and
``2>f`` / ``2>5`` (column 2's top card to a foundation / column 2's cards onto column 5).
Columns are numbered 1-7 in the text.

>>> g = Solitaire.deal(7)
>>> len(g.stock), [len(g.column(i)[0]) for i in range(7)]
(68, [0, 1, 2, 3, 4, 5, 6])
>>> m = g.legal_moves()[0]; str(m)
'd'
>>> g.apply('d'); len(g.stock), len(g.waste)
(67, 1)
>>> g.undo(), len(g.stock)
(Move(src='d', dst=''), 68)
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.cards import Card, Face
from ..core.chance import Chance, derive_seed
from ..core.decks import classic_108
from ..core.errors import GameOverError, IllegalActionError, NotationError, PositionError

__all__ = ["Move", "Solitaire", "rank", "solitaire_deck", "all_moves", "deal_seed", "next_seed", "COLUMNS",
           "FOUNDATIONS", "RANKS", "CARDS"]

COLUMNS = 7
FOUNDATIONS = 8
RANKS = 12
CARDS = 96
COLOR_LETTERS = "RYGB"
FACE_CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "+2", "R", "S")
#: the playing-card rank each UNO face stands for (Draw Two, Reverse, Skip: J, Q, K)
PLAYING_CARD = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K")
_ACTION_RANK: dict[int, int] = {Face.DRAW_TWO: 10, Face.REVERSE: 11, Face.SKIP: 12}


def rank(card: Card) -> int:
    """The solitaire rank of a coloured card: 1-9, Draw Two 10, Reverse 11, Skip 12."""
    r = card.number if card.number is not None else _ACTION_RANK.get(card.face)
    if card.is_wild or not r:
        raise NotationError(f"{card.code} is not in the solitaire deck (1-9, Draw Two, Reverse, Skip)")
    return r


def kind_of(card: Card) -> int:
    """The card's kind, 0-47: ``colour * 12 + rank - 1``."""
    color = card.color
    assert color is not None, f"{card.code} has no colour"   # callers pass solitaire cards only
    return int(color) * RANKS + rank(card) - 1


def kind_code(k: int) -> str:
    """The notation of a kind: ``kind_code(9) == 'R+2'``."""
    return COLOR_LETTERS[k // RANKS] + FACE_CODES[k % RANKS]


KIND_CARDS = tuple(Card.parse(kind_code(k)) for k in range(4 * RANKS))


def deal_seed(master: int, index: int) -> int:
    """The seed of deal ``index`` of a ``--solve`` run from ``master``."""
    return derive_seed(master, index, "solitaire")


def next_seed(seed: int | None) -> int:
    """The deal after ``seed`` (the ``n`` key and the ``new`` command; ``None``, the seed of a position
    built by hand, has a next deal too)."""
    return derive_seed(seed, 1, "solitaire/next")


def solitaire_deck() -> list[Card]:
    """The 96 cards: the classic deck without its Wilds and 0s.

    >>> d = solitaire_deck(); len(d), len(set(d))
    (96, 48)
    """
    return [c for c in classic_108() if not c.is_wild and c.number != 0]


# ---------------------------------------------------------------------------------------- moves
_MOVE_RE = re.compile(r"\s*(?:(d)|([w1-7])\s*>\s*([f1-7]))\s*", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True)
class Move:
    """One move. ``src``: ``'d'`` (the stock), ``'w'`` (the waste) or a column ``'1'``-``'7'``;
    ``dst``: ``''`` (with ``'d'``), ``'f'`` (a foundation) or a column.

    >>> Move.parse(' W > f ')
    Move(src='w', dst='f')
    >>> str(Move('3', '5')), Move.parse(str(Move('3', '5'))) == Move('3', '5')
    ('3>5', True)
    """

    src: str
    dst: str = ""

    def __post_init__(self):
        ok_src = isinstance(self.src, str) and self.src in ("d", "w", *"1234567")
        ok_dst = isinstance(self.dst, str) and (self.dst == "" if self.src == "d" else self.dst in ("f", *"1234567"))
        if not (ok_src and ok_dst):
            raise NotationError(f"not a solitaire move: src={self.src!r}, dst={self.dst!r}")
        if self.src == self.dst:
            raise NotationError(f"column {self.src} cannot move onto itself")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``d``, ``w>f``, ``w>3``, ``3>f`` or ``3>5`` (spaces and case do not matter);
        anything else raises :class:`~unokit.core.errors.NotationError`."""
        if not isinstance(text, str):
            raise NotationError(f"a move is text such as '3>5', not {type(text).__name__}")
        m = _MOVE_RE.fullmatch(text)
        if m is None:
            shown = text if len(text) <= 30 else text[:30] + "..."
            raise NotationError(f"unknown move {shown!r}: write d, w>f, w>N, N>f or N>M (columns 1-7)")
        if m.group(1):
            return cls("d")
        return cls(m.group(2).lower(), m.group(3).lower())

    @property
    def src_column(self) -> int | None:
        """The source column, 0-based (``None`` for the stock and the waste)."""
        return int(self.src) - 1 if self.src.isdigit() else None

    @property
    def dst_column(self) -> int | None:
        """The destination column, 0-based (``None`` for a foundation or a draw)."""
        return int(self.dst) - 1 if self.dst.isdigit() else None

    def __str__(self) -> str:
        return "d" if self.src == "d" else f"{self.src}>{self.dst}"


def all_moves() -> list[Move]:
    """Every well-formed move (58 of them).

    >>> len(all_moves())
    58
    """
    out = [Move("d")]
    for s in ("w", *"1234567"):
        for d in ("f", *"1234567"):
            if s != d:
                out.append(Move(s, d))
    return out


# ---------------------------------------------------------------------------------------- the game
class Solitaire:
    """A game of UNO solitaire. Every physical card has an id 0-95 (``kind * 2 + copy``) and lies
    in exactly one place: a column (face down or face up), the stock, the waste or a foundation.

    Lists run bottom to top: ``stock[-1]`` is the next card turned, ``waste[-1]`` the playable
    one. ``history`` holds the moves made (``undo`` takes them back one by one).
    """

    def __init__(self, down: Iterable[Iterable[int]], up: Iterable[Iterable[int]], stock: Iterable[int],
                 waste: Iterable[int], foundations: Iterable[Iterable[int]], seed: int | None = None):
        self._down = [list(c) for c in down]
        self._up = [list(c) for c in up]
        self._stock = list(stock)
        self._waste = list(waste)
        self._found = [list(p) for p in foundations]
        self.seed = seed
        self.history: list[Move] = []
        self._undo: list[tuple] = []             # what each move changed, to take it back

    # ------------------------------------------------------------------ building
    @classmethod
    def deal(cls, seed: int | None = None) -> Solitaire:
        """Shuffle the 96 cards with ``Chance(seed)`` and deal: column *i* (0-based) takes *i*
        cards face down and one face up, columns left to right, from the top of the deck; the
        rest is the stock (in the order left).

        >>> Solitaire.deal(3).column(0)[1] == Solitaire.deal(3).column(0)[1]
        True
        """
        chance = Chance(seed)
        order = chance.shuffle(solitaire_deck())
        seen: Counter = Counter()
        ids = []
        for c in order:
            k = kind_of(c)
            ids.append(k * 2 + seen[k])
            seen[k] += 1
        down, up = [], []
        for i in range(COLUMNS):
            down.append([ids.pop() for _ in range(i)])
            up.append([ids.pop()])
        return cls(down, up, ids, [], [[] for _ in range(FOUNDATIONS)], seed=chance.seed)

    @classmethod
    def from_layout(cls, columns, foundations=(), waste: str = "", stock: str | None = None) -> Solitaire:
        """A hand-built position. ``columns``: up to seven strings ``'DOWN | UP'`` of card codes,
        bottom first (no ``|``: all face up); ``foundations``: the top card of each started
        foundation (``'R5'`` is a pile R1-R5); ``waste`` bottom first; ``stock`` bottom first, by
        default every card not placed elsewhere. Raises :class:`~unokit.core.errors.PositionError`
        when the cards are not exactly the 96 of the deck, or a layout is impossible.

        >>> g = Solitaire.from_layout(['RS'], foundations=['RR', 'RS'] + [c + 'S' for c in 'YYGGBB'])
        >>> g.apply('1>f'); g.won
        True
        """
        if isinstance(columns, str) or len(columns) > COLUMNS:
            raise PositionError("columns: a list of at most seven strings")
        if len(foundations) > FOUNDATIONS:
            raise PositionError("foundations: at most eight")
        pool = Counter({k: 2 for k in range(4 * RANKS)})
        next_copy: Counter = Counter()

        def take(codes: str, what: str) -> list[int]:
            out = []
            for c in _cards(codes, what):
                k = kind_of(c)
                if pool[k] <= 0:
                    raise PositionError(f"{what}: a third {c.code} (the deck has two)")
                pool[k] -= 1
                out.append(k * 2 + next_copy[k])
                next_copy[k] += 1
            return out

        found: list[list[int]] = []
        for top in foundations:
            if not top or top.strip() in ("", "-"):
                found.append([])
                continue
            c = _cards(top, "foundation")
            if len(c) != 1:
                raise PositionError(f"a foundation is given by its top card, not {top!r}")
            k = kind_of(c[0])
            base = k - k % RANKS
            found.append(take(" ".join(kind_code(j) for j in range(base, k + 1)), "foundation"))
        found += [[] for _ in range(FOUNDATIONS - len(found))]
        down, up = [], []
        for i, text in enumerate(columns):
            if not isinstance(text, str):
                raise PositionError("each column is a string of card codes")
            d, _, u = text.rpartition("|")
            down.append(take(d, f"column {i + 1}"))
            up.append(take(u, f"column {i + 1}"))
        down += [[] for _ in range(COLUMNS - len(down))]
        up += [[] for _ in range(COLUMNS - len(up))]
        w = take(waste, "waste")
        if stock is None:
            s = []
            for k in range(4 * RANKS):
                s += [k * 2 + next_copy[k] + j for j in range(pool[k])]
            pool.clear()
        else:
            s = take(stock, "stock")
        missing = +pool
        if missing:
            raise PositionError("cards missing from the layout: " + " ".join(
                kind_code(k) for k in sorted(missing.elements())))
        g = cls(down, up, s, w, found)
        try:
            g.check()
        except AssertionError as e:
            raise PositionError(str(e)) from None
        return g

    def copy(self) -> Solitaire:
        """An independent copy of the position (without the history)."""
        return Solitaire(self._down, self._up, self._stock, self._waste, self._found, seed=self.seed)

    # ------------------------------------------------------------------ looking
    def column(self, i: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Column ``i`` (0-based): its face-down and face-up cards, bottom first."""
        return (tuple(KIND_CARDS[c >> 1] for c in self._down[i]), tuple(KIND_CARDS[c >> 1] for c in self._up[i]))

    @property
    def stock(self) -> tuple[Card, ...]:
        return tuple(KIND_CARDS[c >> 1] for c in self._stock)

    @property
    def waste(self) -> tuple[Card, ...]:
        return tuple(KIND_CARDS[c >> 1] for c in self._waste)

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(KIND_CARDS[c >> 1] for c in p) for p in self._found)

    @property
    def won(self) -> bool:
        """All eight foundations hold 1 to Skip."""
        return all(len(p) == RANKS for p in self._found)

    def places(self) -> dict[int, str]:
        """Where each physical card (id 0-95) lies: ``'stock'``, ``'waste'``, ``'down3'``,
        ``'up3'`` (column 3, 1-based), ``'found5'``."""
        out: dict[int, str] = {}

        def put(ids, where):
            for c in ids:
                if c in out:
                    raise AssertionError(f"card {c} ({kind_code(c >> 1)}) is in {out[c]} and in {where}")
                out[c] = where
        for i in range(COLUMNS):
            put(self._down[i], f"down{i + 1}")
            put(self._up[i], f"up{i + 1}")
        put(self._stock, "stock")
        put(self._waste, "waste")
        for i, p in enumerate(self._found):
            put(p, f"found{i + 1}")
        return out

    def check(self) -> None:
        """Raise ``AssertionError`` unless the position is sound: each of the 96 cards in exactly
        one place, face-up cards in one-colour runs going down, a face-up card on every column
        with face-down cards, each foundation one colour from 1 up."""
        where = self.places()
        if sorted(where) != list(range(CARDS)):
            raise AssertionError(f"{CARDS - len(where)} card(s) missing")
        for i in range(COLUMNS):
            if self._down[i] and not self._up[i]:
                raise AssertionError(f"column {i + 1} has face-down cards and no face-up card")
            kinds = [c >> 1 for c in self._up[i]]
            for a, b in itertools.pairwise(kinds):
                if b != a - 1 or a // RANKS != b // RANKS:
                    raise AssertionError(f"column {i + 1}: {kind_code(b)} cannot lie on {kind_code(a)}")
        for i, p in enumerate(self._found):
            kinds = [c >> 1 for c in p]
            if kinds and (kinds[0] % RANKS != 0 or kinds != list(range(kinds[0], kinds[0] + len(kinds)))):
                raise AssertionError(f"foundation {i + 1} is not one colour from 1 up")

    # ------------------------------------------------------------------ rules
    def _foundation_for(self, kind: int) -> int | None:
        """The foundation a card of ``kind`` goes to: a 1 to the leftmost empty one, any other
        card to the leftmost one whose top is the same colour and one lower."""
        if kind % RANKS == 0:
            for i, p in enumerate(self._found):
                if not p:
                    return i
            return None
        for i, p in enumerate(self._found):
            if p and p[-1] >> 1 == kind - 1:
                return i
        return None

    def _run_head(self, src: int, dst: int) -> int | None:
        """How many cards from the top of column ``src`` move onto column ``dst`` (``None``: none may)."""
        up = self._up[src]
        if not up:
            return None
        if not self._up[dst]:
            if self._down[dst]:
                return None
            return len(up) if (up[0] >> 1) % RANKS == RANKS - 1 else None  # only a Skip heads a run there
        target = (self._up[dst][-1] >> 1) - 1        # the kind that goes onto dst's top card
        if target % RANKS == RANKS - 1:               # below a 1: nothing
            return None
        top, bottom = up[-1] >> 1, up[0] >> 1
        if target // RANKS != bottom // RANKS or not top <= target <= bottom:
            return None
        return target - top + 1

    def _fits_column(self, kind: int, dst: int) -> bool:
        if not self._up[dst]:
            return not self._down[dst] and kind % RANKS == RANKS - 1
        t = self._up[dst][-1] >> 1
        return kind == t - 1 and t % RANKS != 0

    def why_illegal(self, move: Move) -> str | None:
        """``None`` when ``move`` is legal now, else the reason in words."""
        if self.won:
            return "the game is won"
        if move.src == "d":
            return None if self._stock or self._waste else "the stock and the waste are both empty"
        s = move.src_column                          # None: the waste (the stock is done above)
        if s is None:
            if not self._waste:
                return "the waste is empty"
            kind = self._waste[-1] >> 1
        else:
            if not self._up[s]:
                return f"column {move.src} is empty"
            kind = self._up[s][-1] >> 1
        d = move.dst_column                          # None: a foundation
        if d is None:
            if self._foundation_for(kind) is None:
                return f"{kind_code(kind)} fits no foundation"
            return None
        if s is None:
            if not self._fits_column(kind, d):
                return f"{kind_code(kind)} cannot go on column {move.dst}" + self._dst_words(d)
            return None
        if self._run_head(s, d) is None:
            return f"no card of column {move.src} can go on column {move.dst}" + self._dst_words(d)
        return None

    def _dst_words(self, d: int) -> str:
        if not self._up[d]:
            return " (an empty column takes only a Skip, or a run headed by a Skip)"
        k = self._up[d][-1] >> 1
        if k % RANKS == 0:
            return " (nothing goes on a 1)"
        return f" (it takes {kind_code(k - 1)})"

    def legal_moves(self) -> list[Move]:
        """Every legal move now: the draw first, then the waste's, then the columns'."""
        return [m for m in all_moves() if self.why_illegal(m) is None]

    def apply(self, move: Move | str) -> None:
        """Make ``move`` (a :class:`Move` or its text). An unreadable one raises
        :class:`~unokit.core.errors.NotationError`, an illegal one
        :class:`~unokit.core.errors.IllegalActionError` (:class:`~unokit.core.errors.GameOverError` once
        won); either way the position is unchanged."""
        if not isinstance(move, Move):
            move = Move.parse(move)
        why = self.why_illegal(move)
        if why is not None:
            raise (GameOverError if self.won else IllegalActionError)(f"{move}: {why}")
        self.history.append(move)
        if move.src == "d":
            if self._stock:
                self._waste.append(self._stock.pop())
                self._undo.append(("d",))
            else:  # turn the waste over: its bottom card is turned first again
                self._stock = self._waste[::-1]
                self._waste = []
                self._undo.append(("r",))
            return
        if move.src == "w":
            cards = [self._waste.pop()]
            flipped = False
        else:
            s = move.src_column
            assert s is not None                     # neither the stock nor the waste: a column
            d = move.dst_column
            n = 1 if d is None else self._run_head(s, d)   # d is None: to a foundation
            assert n is not None                     # the move is legal: a run of column s goes onto d
            cards = self._up[s][-n:]
            del self._up[s][-n:]
            flipped = not self._up[s] and bool(self._down[s])
            if flipped:                              # the top face-down card turns up by itself
                self._up[s].append(self._down[s].pop())
        if move.dst == "f":
            dst = self._foundation_for(cards[0] >> 1)
            assert dst is not None                   # the move is legal: a foundation takes the card
            self._found[dst].append(cards[0])
        else:
            dst = move.dst_column
            assert dst is not None                   # not a foundation: a column
            self._up[dst].extend(cards)
        self._undo.append((move.src, move.dst, dst, len(cards), flipped))

    def undo(self) -> Move:
        """Take back the last move (including a card it turned face up); returns it."""
        if not self._undo:
            raise IllegalActionError("nothing to undo")
        rec = self._undo.pop()
        if rec[0] == "d":
            self._stock.append(self._waste.pop())
        elif rec[0] == "r":
            self._waste = self._stock[::-1]
            self._stock = []
        else:
            src, dst_kind, dst, n, flipped = rec
            pile = self._found[dst] if dst_kind == "f" else self._up[dst]
            cards = pile[-n:]
            del pile[-n:]
            if src == "w":
                self._waste.extend(cards)
            else:
                s = int(src) - 1
                if flipped:
                    self._down[s].append(self._up[s].pop())
                self._up[s].extend(cards)
        return self.history.pop()

    def _snapshot(self) -> tuple:
        return ([list(c) for c in self._down], [list(c) for c in self._up], list(self._stock),
                list(self._waste), [list(p) for p in self._found])

    def heuristic_move(self, legal: list[Move] | None = None) -> Move | None:
        """A plausible move without search: one that turns a face-down card up, else a card to a
        foundation, else a waste card onto a column, else a draw."""
        legal = self.legal_moves() if legal is None else legal

        def score(m: Move) -> int:
            s = m.src_column
            if s is not None:                        # from a column (m.src is a digit)
                d = m.dst_column
                n = 1 if d is None else self._run_head(s, d)   # d is None: to a foundation
                if n == len(self._up[s]) and self._down[s]:
                    return 5
                if m.dst == "f":
                    return 4
                return 0 if n == len(self._up[s]) else 1
            if m.src == "w":
                return 3 if m.dst == "f" else 2
            return 1
        return max(legal, key=score, default=None)

    # ------------------------------------------------------------------ showing
    def describe(self, move: Move | str) -> str:
        """A legal move in words: ``'column 3: R7 R6 onto column 5'``."""
        if not isinstance(move, Move):
            move = Move.parse(move)
        if move.src == "d":
            return "turn a stock card" if self._stock else "turn the waste over into the stock"
        if move.src == "w":
            what, cards = "waste", [self._waste[-1]] if self._waste else []
        else:
            s = move.src_column
            assert s is not None                     # neither the stock nor the waste: a column
            d = move.dst_column
            n = 1 if d is None else (self._run_head(s, d) or 1)   # d is None: to a foundation
            what, cards = f"column {move.src}", self._up[s][-n:]
        where = "a foundation" if move.dst == "f" else f"column {move.dst}"
        return f"{what}: {' '.join(kind_code(c >> 1) for c in cards)} to {where}"

    def render(self) -> str:
        """The position as text: foundations, stock and waste, then the columns (``##`` face down).

        >>> print(Solitaire.deal(1).render().splitlines()[0][:30])
        foundations: --   --   --   --
        """
        found = "  ".join(kind_code(p[-1] >> 1).ljust(3) if p else "-- " for p in self._found)
        lines = [f"foundations: {found}".rstrip()]
        waste = " ".join(kind_code(c >> 1) for c in self._waste[-3:])
        lines.append(f"stock: {len(self._stock)} card(s)   waste ({len(self._waste)}): "
                     f"{('... ' if len(self._waste) > 3 else '') + waste if waste else '--'}")
        lines.append("")
        lines.append("".join(f"{i + 1:<5}" for i in range(COLUMNS)).rstrip())
        cols = [["##"] * len(self._down[i]) + [kind_code(c >> 1) for c in self._up[i]] for i in range(COLUMNS)]
        height = max(1, max(len(c) for c in cols))
        for r in range(height):
            row = "".join(f"{(c[r] if r < len(c) else ('..' if r == 0 else '')):<5}" for c in cols)
            lines.append(row.rstrip())
        if self.won:
            lines.append("")
            lines.append(f"won in {len(self.history)} moves")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


def _cards(text: str, what: str) -> list[Card]:
    if not isinstance(text, str):
        raise PositionError(f"{what}: card codes as text, not {type(text).__name__}")
    out = []
    for t in text.replace(",", " ").split():
        try:
            c = Card.parse(t)
            rank(c)
        except NotationError as e:
            raise PositionError(f"{what}: {e}") from None
        out.append(c)
    return out

