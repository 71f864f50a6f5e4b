"""A solver for UNO solitaire: depth-first search with a transposition table.

It plays the "thoughtful" game: every card's place is known, face-down ones included. Five facts
make the search small (``docs/solitaire.md`` proves each):

1. **The reserve.** With the stock turned one card at a time and the waste turned over as often as
   wanted, drawing never changes the cyclic order of stock + waste, so any card there can be
   brought to the top of the waste without changing anything else. For solving, stock and waste
   are one reserve whose every card is available.
2. **Uncovered is won.** Once no card is face down, the game is won: the lowest missing card of a
   colour is in the reserve or on top of its column (everything that could lie on it is already
   home). The search stops there and a greedy finish plays the rest.
3. **Safe moves.** A card that goes onto the *lower* foundation of its colour (or either, when
   both are equal) is moved at once without branching: both copies of the card one rank below are
   then home, so nothing can ever need it as a host.
4. **Macro moves.** A reserve card is only ever worth placing just before it is used, so the only
   moves searched are a column's top card to the higher foundation (after reserve cards that fill
   the gap) and a column's run onto another column (after reserve cards that bridge the gap).
5. **Doomed positions.** A relaxation that ignores the order of moves finds positions where some
   card can never leave its column (:meth:`_Search.doomed`): they are lost, without search.

Quick searches with fewer moves and different move orderings run first, then the complete search
(``QUICK``); only the complete search, exhausted, or the doomed check proves a deal lost.
States are keyed by the foundation heights (a sorted pair per colour) and the columns (each as
its face-down cards and its face-up run), sorted: the reserve is whatever is not there, and
columns are interchangeable.

>>> from unokit.solitaire.game import Solitaire
>>> r = solve(Solitaire.deal(5), max_nodes=20_000)
>>> r.status
'won'
>>> g = Solitaire.deal(5)
>>> for m in r.moves: g.apply(m)
>>> g.won
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .game import COLUMNS, RANKS, Move, Solitaire

__all__ = ["Hint", "hint", "Result", "solve", "DEFAULT_MAX_NODES"]

DEFAULT_MAX_NODES = 200_000
_K = RANKS - 1           # 0-based rank of the Skip
#: a macro move of :meth:`_Search.moves`: ``("F", column, kind)`` (a column's top card home) or
#: ``("M", from column, head kind, onto column)`` (a run onto another column)
_Macro = tuple[str, int, int] | tuple[str, int, int, int]
#: the quick searches, tried in turn with budgets that double each round: (moves, weight of the
#: face-down cards a move turns up, weight of the reserve cards it uses). "reveal": only moves that
#: send a column's top card home or turn a face-down card up; "clean": also whole runs of columns
#: without face-down cards. Their orderings differ, so a deal that one gets lost in, another wins
#: at once. Whatever budget they leave goes to the complete search ("all"), the only one whose
#: exhaustion proves a deal lost.
QUICK = (("reveal", 10, 40), ("clean", -10, 40), ("clean", 10, 1), ("clean", -10, 1), ("reveal", 10, 1))


@dataclass(frozen=True)
class Result:
    """A solver's answer. ``status``: ``'won'`` (``moves`` wins from the position given),
    ``'lost'`` (the search was exhausted: no sequence of moves wins) or ``'undecided'`` (a bound
    was reached first). ``nodes``: distinct positions expanded."""

    status: str
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    plan: tuple = field(default=(), repr=False, compare=False)


class _Search:
    """The state of one search, changed in place and restored through an undo log."""

    def __init__(self, game: Solitaire, mode: str = "all", w_nd: int = 10, w_fill: int = 40):
        self.mode, self.w_nd, self.w_fill = mode, w_nd, w_fill
        self.stacks = [tuple(c >> 1 for c in game._down[i]) for i in range(COLUMNS)]
        # sid[c][n]: a number for the face-down cards column c holds when n are left (the same
        # cards, the same number: equal stacks are one in the key)
        ids: dict[tuple, int] = {(): 0}
        self.sid = [[ids.setdefault(st[:n], len(ids)) for n in range(len(st) + 1)] for st in self.stacks]
        self.nd = [len(game._down[i]) for i in range(COLUMNS)]
        self.bot = [(game._up[i][0] >> 1) if game._up[i] else -1 for i in range(COLUMNS)]
        self.ln = [len(game._up[i]) for i in range(COLUMNS)]
        heights: list[list[int]] = [[] for _ in range(4)]
        for p in game._found:
            if p:
                heights[(p[0] >> 1) // RANKS].append(len(p))
        self.fl: list[int] = []                     # the lower and the higher foundation of each colour
        self.fh: list[int] = []
        for h in heights:
            h = sorted(h + [0, 0])[-2:]
            self.fl.append(h[0])
            self.fh.append(h[1])
        self.res = [0] * (4 * RANKS)
        for c in game._stock + game._waste:
            self.res[c >> 1] += 1
        self.log: list[tuple] = []

    # ------------------------------------------------------------------ primitive changes
    def _lift(self, c: int, n: int) -> None:
        """Take ``n`` cards off the top of column ``c``'s run (turning a face-down card up)."""
        nd, bot, ln = self.nd[c], self.bot[c], self.ln[c]
        self.log.append((0, c, nd, bot, ln))
        ln -= n
        if ln == 0:
            if nd:
                nd -= 1
                self.nd[c] = nd
                self.bot[c] = self.stacks[c][nd]
                ln = 1
            else:
                self.bot[c] = -1
        self.ln[c] = ln

    def _home(self, kind: int) -> None:
        """Put a card of ``kind`` on a foundation it fits (the higher one when both do)."""
        x, r0 = divmod(kind, RANKS)
        if self.fh[x] == r0:
            self.fh[x] += 1
            self.log.append((1, x, 1))
        else:
            self.fl[x] += 1
            self.log.append((1, x, 0))

    def _take(self, kind: int) -> None:
        self.res[kind] -= 1
        self.log.append((2, kind))

    def undo_to(self, n: int) -> None:
        log = self.log
        while len(log) > n:
            e = log.pop()
            t = e[0]
            if t == 0:
                _, c, self.nd[c], self.bot[c], self.ln[c] = e
            elif t == 1:
                if e[2]:
                    self.fh[e[1]] -= 1
                else:
                    self.fl[e[1]] -= 1
            else:
                self.res[e[1]] += 1

    # ------------------------------------------------------------------ moves
    def safe_closure(self, plan: list[tuple]) -> None:
        """Play every safe move: a card onto the lower (or an equal) foundation of its colour,
        from a column's top first, else from the reserve."""
        fl, res, bot, ln = self.fl, self.res, self.bot, self.ln
        tops = [bot[c] - ln[c] + 1 if ln[c] else -1 for c in range(COLUMNS)]
        x, idle = 0, 0
        while idle < 4:                       # round the colours until none moves for a whole turn
            f = fl[x]
            if f < RANKS:
                want = x * RANKS + f
                if want in tops:
                    c = tops.index(want)
                    self._lift(c, 1)
                    self._home(want)
                    plan.append(("T", c))
                    tops[c] = bot[c] - ln[c] + 1 if ln[c] else -1
                    idle = 0
                    continue
                if res[want]:
                    self._take(want)
                    self._home(want)
                    plan.append(("W", want))
                    idle = 0
                    continue
            idle += 1
            x = (x + 1) & 3

    def apply(self, mv: tuple, plan: list[tuple]) -> None:
        if mv[0] == "F":                                   # column top to the higher foundation
            _, c, top = mv
            x = top // RANKS
            for k in range(x * RANKS + self.fh[x], top):
                self._take(k)
                self._home(k)
                plan.append(("W", k))
            self._lift(c, 1)
            self._home(top)
            plan.append(("T", c))
            return
        _, a, s, b = mv                                    # the run headed by s, from a onto b
        bot, ln = self.bot, self.ln
        moved = s - (bot[a] - ln[a] + 1) + 1
        self.log.append((0, b, self.nd[b], bot[b], ln[b]))
        if ln[b]:
            upper = bot[b] - ln[b]                         # the kind that goes on b's top card
        else:
            upper = (s // RANKS) * RANKS + _K              # an empty column starts with a Skip
            bot[b] = upper
        for k in range(upper, s, -1):                      # reserve cards bridging the gap
            self._take(k)
        ln[b] += upper - s + moved
        self._lift(a, moved)
        plan.append(("M", a, s, b))

    def moves(self) -> list[_Macro]:
        """The macro moves from here (those of the search's ``mode``), the most promising first."""
        nd, bot, ln, res, fh = self.nd, self.bot, self.ln, self.res, self.fh
        full, clean, w_nd, w_fill = self.mode == "all", self.mode == "clean", self.w_nd, self.w_fill
        empty = -1
        for c in range(COLUMNS):
            if not ln[c]:
                empty = c
                break
        scored: list[tuple[int, _Macro]] = []
        for a in range(COLUMNS):
            la = ln[a]
            if not la:
                continue
            ba = bot[a]
            x = ba // RANKS
            base = x * RANKS
            end = base + RANKS
            top = ba - la + 1
            # the column's top card to the higher foundation, the reserve filling the gap
            h = base + fh[x]
            if h <= top:
                k = h
                while k < top and res[k]:
                    k += 1
                if k == top:
                    gain = (100 + w_nd * nd[a]) if la == 1 and nd[a] else 40
                    scored.append((gain - w_fill * (top - h), ("F", a, top)))
            # runs: every head s, onto a column top of the same colour or an empty column
            for s in (range(top, ba + 1) if full else (ba,) if (nd[a] or clean) else ()):
                whole = s == ba
                if whole and not nd[a] and s - base == _K:
                    continue                               # a Skip run that fills its own column
                reach = s + 1                              # all kinds s+1 .. reach-1 are in the reserve
                while reach < end and res[reach]:
                    reach += 1
                gain = (100 + w_nd * nd[a]) if whole and nd[a] else (50 if whole else 10)
                for b in range(COLUMNS):
                    lb = ln[b]
                    if b == a or not lb:
                        continue
                    tb = bot[b] - lb + 1
                    if base <= tb <= reach and s < tb:
                        scored.append((gain - w_fill * (tb - s - 1), ("M", a, s, b)))
                if empty >= 0 and reach == end:
                    scored.append((gain - w_fill * (end - 1 - s) - 5, ("M", a, s, empty)))
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored]

    def key(self) -> int:
        """The canonical key: foundation heights, then the sorted column codes, in one integer."""
        nd, bot, ln, fl, fh, sid = self.nd, self.bot, self.ln, self.fl, self.fh, self.sid
        k = (((fl[0] * 13 + fh[0]) * 169 + fl[1] * 13 + fh[1]) * 169 + fl[2] * 13 + fh[2]) * 169 + fl[3] * 13 + fh[3]
        for code in sorted([(sid[c][nd[c]] * 48 + bot[c]) * 16 + ln[c] if ln[c] else 0 for c in range(COLUMNS)]):
            k = (k << 24) | code
        return k

    def uncovered(self) -> bool:
        return not any(self.nd)

    def doomed(self) -> bool:
        """True when some card can never be reached even in a relaxation that ignores the order
        of moves and lets every reachable card serve several purposes: then the position is lost.

        A card can be *used* if it is in the reserve or reachable in a column (face up, or face
        down with everything above it able to leave). A card can leave its column to a
        foundation only if every lower card of its colour is home or usable, and onto a host
        only if usable cards of its colour climb from it to a usable card in a column, or to the
        Skip (which an empty column takes). A face-up run leaves if its bottom card finds a host
        or each of its cards can leave."""
        nd, bot, ln, stacks = self.nd, self.bot, self.ln, self.stacks
        avail = list(self.res)                         # usable copies of each kind
        incol = [0] * (4 * RANKS)                      # usable copies that lie in a column
        home = [0] * (4 * RANKS)                       # copies home
        for x in range(4):
            for j in range(self.fh[x]):
                home[x * RANKS + j] += 1 + (j < self.fl[x])
        for c in range(COLUMNS):
            for k in range(bot[c] - ln[c] + 1, bot[c] + 1) if ln[c] else ():
                avail[k] += 1
                incol[k] += 1

        def found(k: int, need: int = 1) -> bool:
            return all(home[j] + avail[j] >= need for j in range(k - k % RANKS, k))

        def host(k: int) -> bool:
            end = k - k % RANKS + RANKS
            j = k + 1
            while j < end:
                if not avail[j]:
                    return False
                if incol[j]:
                    return True
                j += 1
            return True

        def leaves(c: int, p: int, k: int) -> bool:
            """Can the face-down card k at position p of column c leave once it is on top? The
            cards that were above it and can only have gone home neither host it nor (when higher
            and of its colour) leave it the copies of the lower cards that their pile took."""
            hi = k - k % RANKS + RANKS
            gone = [k1 for k1 in stacks[c][p + 1:nd[c]] if not host(k1)]
            for k1 in range(bot[c], bot[c] - ln[c], -1):  # the run, bottom first: what no host carries
                if host(k1):
                    break
                gone.append(k1)
            for k1 in gone:
                avail[k1] -= 1
                incol[k1] -= 1
            ok = host(k)
            for k1 in gone:
                avail[k1] += 1
                incol[k1] += 1
            return ok or found(k, 2 if any(k < k1 < hi for k1 in gone) else 1)

        front = [nd[c] if ln[c] else -1 for c in range(COLUMNS)]   # the run still in place: position nd
        blocked = [c for c in range(COLUMNS) if nd[c]]
        changed = True
        while changed and blocked:
            changed = False
            for c in list(blocked):
                p = front[c]
                if p == nd[c]:                                   # the face-up run
                    b = bot[c]
                    ok = host(b) or all(host(k) or found(k) for k in range(b - ln[c] + 1, b + 1))
                else:                                            # a face-down card, now the top
                    ok = leaves(c, p, stacks[c][p])
                if not ok:
                    continue
                changed = True
                p -= 1
                front[c] = p
                if p < 0:
                    blocked.remove(c)
                else:
                    k = stacks[c][p]
                    avail[k] += 1
                    incol[k] += 1
        return bool(blocked) or not all(home[k] or avail[k] for k in range(4 * RANKS))


def _search(game: Solitaire, max_nodes: int, deadline: float | None, mode: str = "all", w_nd: int = 10,
            w_fill: int = 40, prune: bool = True) -> tuple[str, list[tuple], int]:
    """One depth-first search: ``('won', plan, nodes)``, ``('lost', [], nodes)`` when every
    position reachable with the moves allowed was seen, or ``('undecided', [], nodes)``."""
    s = _Search(game, mode, w_nd, w_fill)
    plan: list[tuple] = []
    s.safe_closure(plan)
    if s.uncovered():
        return "won", plan, 1
    if s.doomed():
        return "doomed", [], 1
    seen = {s.key()}
    nodes = 1
    # a frame: [moves, next index, log length before the move into it, plan length before it]
    # (a mutable list of mixed types, kept as a list for speed: its items are read as Any)
    stack: list[list[Any]] = [[s.moves(), 0, 0, 0]]
    tick = 0
    apply, closure, key, undo_to, gen = s.apply, s.safe_closure, s.key, s.undo_to, s.moves
    log, nd, doomed = s.log, s.nd, s.doomed
    while stack:
        fr = stack[-1]
        moves = fr[0]
        if fr[1] >= len(moves):
            stack.pop()
            undo_to(fr[2])
            del plan[fr[3]:]
            continue
        mv = moves[fr[1]]
        fr[1] += 1
        entry, pentry = len(log), len(plan)
        apply(mv, plan)
        closure(plan)
        if not any(nd):
            return "won", plan, nodes
        k = key()
        if k in seen:
            undo_to(entry)
            del plan[pentry:]
            continue
        seen.add(k)
        nodes += 1
        if prune and doomed():
            undo_to(entry)
            del plan[pentry:]
            continue
        if nodes >= max_nodes:
            return "undecided", [], nodes
        tick += 1
        if deadline is not None and tick >= 256:
            tick = 0
            if time.perf_counter() > deadline:
                return "undecided", [], nodes
        stack.append([gen(), 0, entry, pentry])
    return "lost", [], nodes


# ---------------------------------------------------------------------------------------- game moves
def _bring(game: Solitaire, kind: int, out: list) -> None:
    """Draw until a card of ``kind`` is the waste's top card."""
    for _ in range(2 * (len(game._stock) + len(game._waste)) + 2):
        if game._waste and game._waste[-1] >> 1 == kind:
            return
        _play(game, Move("d"), out)
    raise RuntimeError(f"card kind {kind} is not in the stock or the waste")


def _play(game: Solitaire, m: Move, out: list) -> None:
    game.apply(m)
    out.append(m)


def _finish(game: Solitaire, out: list) -> None:
    """Play every remaining card home (possible once no card is face down)."""
    while not game.won:
        for i in range(COLUMNS):
            if game._up[i] and game._foundation_for(game._up[i][-1] >> 1) is not None:
                _play(game, Move(str(i + 1), "f"), out)
                break
        else:
            kinds = {c >> 1 for c in game._stock + game._waste}
            k = next((k for k in sorted(kinds) if game._foundation_for(k) is not None), None)
            if k is None:
                raise RuntimeError("no card can go home although none is face down")
            _bring(game, k, out)
            _play(game, Move("w", "f"), out)


def to_game_moves(game: Solitaire, plan) -> list[Move]:
    """The game moves (draws included) that carry out a solver ``plan`` on a copy of ``game``
    and then finish the game."""
    g = game.copy()
    out: list[Move] = []
    for step in plan:
        if step[0] == "T":
            _play(g, Move(str(step[1] + 1), "f"), out)
        elif step[0] == "W":
            _bring(g, step[1], out)
            _play(g, Move("w", "f"), out)
        else:
            _, a, s, b = step
            dst = str(b + 1)
            if g._up[b]:
                upper = (g._up[b][-1] >> 1) - 1
            else:
                upper = (s // RANKS) * RANKS + _K
            for k in range(upper, s, -1):
                _bring(g, k, out)
                _play(g, Move("w", dst), out)
            _play(g, Move(str(a + 1), dst), out)
    _finish(g, out)
    return out


def solve(deal, max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float | None = None) -> Result:
    """Solve a position (a :class:`Solitaire`, or a seed for ``Solitaire.deal``): ``'won'`` with
    the winning moves, ``'lost'``, or ``'undecided'`` when ``max_nodes`` positions (or
    ``max_seconds``) were spent first."""
    game = deal if isinstance(deal, Solitaire) else Solitaire.deal(deal)
    t0 = time.perf_counter()
    if game.won:
        return Result("won", (), 0, 0.0)
    deadline = None if max_seconds is None else t0 + max_seconds
    max_nodes = max(2, int(max_nodes))
    # quick searches with fewer moves find nearly every win at once; the complete one alone can
    # prove a deal lost (a position found doomed is lost in any search)
    nodes, status = 0, "undecided"
    plan: list[tuple] = []
    quick, active, budget = max_nodes * 3 // 4, list(QUICK), max(50, max_nodes // 64)
    while active and status == "undecided" and nodes < quick:
        for phase in list(active):
            b = min(budget, quick - nodes)
            if b <= 0 or (deadline is not None and time.perf_counter() > deadline):
                active = []
                break
            found, plan, used = _search(game, b, deadline, *phase)
            nodes += used
            if found == "won" or found == "doomed":
                status = "lost" if found == "doomed" else "won"
                break
            if found == "lost":                # every position its moves reach was seen: drop it
                active.remove(phase)
        budget *= 2
    if status == "undecided" and nodes < max_nodes and (deadline is None or time.perf_counter() <= deadline):
        found, plan, used = _search(game, max_nodes - nodes, deadline, "all")
        nodes += used
        if found != "undecided":
            status = "lost" if found == "doomed" else found
    moves: tuple[Move, ...] = ()
    if status == "won":
        moves = tuple(to_game_moves(game, plan))
    return Result(status, moves, nodes, time.perf_counter() - t0, tuple(plan))


# ---------------------------------------------------------------------------------------- hints
@dataclass(frozen=True)
class Hint:
    """A hint for the player: ``move`` (the next move; ``None`` when none is legal), ``draws`` (stock
    turns before ``then``, the move that counts), ``verdict`` (``"won"``: the solver wins from here in
    ``solver_moves`` moves; ``"lost"``: it proves the position lost; ``"undecided"``: no win within its
    bounds; ``None``: no move), ``text`` (all of it in words)."""

    move: Move | None
    draws: int
    then: Move | None
    verdict: str | None
    solver_moves: int | None
    text: str


def hint(game: Solitaire, max_nodes: int = 20_000, max_seconds: float = 2.0) -> Hint:
    """The next move worth making: the solver's first move when it finds a win within its bounds,
    else :meth:`Solitaire.heuristic_move`. Draws are summed up ("turn the stock 5 times, then w>3").

    >>> h = hint(Solitaire.deal(2)); str(h.move), h.verdict, h.draws
    ('3>f', 'won', 0)
    """
    legal = game.legal_moves()
    if not legal:
        return Hint(None, 0, None, None, None, "no move is possible: undo, or deal anew")
    res = solve(game, max_nodes=max_nodes, max_seconds=max_seconds)
    if res.status == "won" and res.moves:
        draws = 0
        while draws < len(res.moves) - 1 and res.moves[draws].src == "d":
            draws += 1
        g = game.copy()
        for mv in res.moves[:draws]:
            g.apply(mv)
        nxt = res.moves[draws]
        then = f"{nxt} ({g.describe(nxt)})"
        if draws:
            then = f"d: turn the stock {draws} time(s), then {then}"
        return Hint(res.moves[0], draws, nxt, "won", len(res.moves),
                    f"hint: {then}. The solver wins from here in {len(res.moves)} moves.")
    m = game.heuristic_move(legal)
    assert m is not None                      # legal is not empty
    verdict = "lost" if res.status == "lost" else "undecided"
    words = ("the solver proves this position lost" if verdict == "lost"
             else "the solver found no win within its limits")
    return Hint(m, 0, m, verdict, None, f"hint: {m} ({game.describe(m)}); {words}.")
