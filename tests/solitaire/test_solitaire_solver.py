"""The UNO solitaire solver (unokit.solitaire.solver): positions whose answer is known, solutions
replayed through ``Solitaire.apply``, and its verdicts checked against a plain exhaustive search
over the game's own moves on small random positions."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from unokit.solitaire.game import Move, Solitaire, kind_code
from unokit.solitaire.solver import Result, _Search, solve

R = 12


def replay(game: Solitaire, moves) -> Solitaire:
    g = game.copy()
    for m in moves:
        g.apply(m)
    return g


# ---------------------------------------------------------------------------------------- known answers
def test_a_trivially_won_position():
    g = Solitaire.from_layout(["RS"], foundations=["RR", "RS", "YS", "YS", "GS", "GS", "BS", "BS"])
    r = solve(g)
    assert r.status == "won" and r.moves == (Move("1", "f"),)
    assert replay(g, r.moves).won


def test_a_position_with_nothing_face_down_is_won():
    # everything uncovered: the lowest missing card of each colour is always reachable
    g = Solitaire.from_layout(["R9 R8 R7 R6", "R9", "BS BR B+2", "Y4 Y3 Y2 Y1"], waste="G5 R1 G1")
    r = solve(g)
    assert r.status == "won" and r.nodes <= 1
    assert replay(g, r.moves).won


def test_a_provably_lost_position():
    # every column holds face-down cards under a Skip, and the cards each Skip needs at home (the
    # Draw Twos of its colour) lie under the Skips: no column can ever be emptied, nothing can move
    cols = ["R+2 | RS", "R+2 | RS", "Y+2 | YS", "Y+2 | YS", "G+2 | GS", "G+2 | GS", "B+2 B+2 | BS"]
    g = Solitaire.from_layout(cols)
    r = solve(g, max_nodes=10_000)
    assert r.status == "lost" and r.moves == ()


def test_a_doomed_position_is_lost_without_search():
    # a yellow 4 lies on both yellow 1s (it cannot go home) and on both yellow 6s (no 5 can host it)
    g = Solitaire.from_layout(["Y6 Y6 Y1 Y1 | Y4", "R5"])
    s = _Search(g)
    s.safe_closure([])
    assert s.doomed()
    r = solve(g)
    assert (r.status, r.nodes) == ("lost", 1)


def test_a_higher_card_going_home_first_takes_the_lower_cards_copies():
    # R3 above R2 above R1: R3 can only go home (no R4 hosts it: both R5s are buried), on a pile that
    # takes the other R1 and R2; then the buried R2 needs a second R1, which lies under it
    g = Solitaire.from_layout(["R5 R5 R1 R2 | R3", "Y9"])
    s = _Search(g)
    s.safe_closure([])
    assert s.doomed()
    assert solve(g).status == "lost"


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 8, 13])
def test_solutions_replay_to_a_win(seed):
    r = solve(seed, max_nodes=50_000)
    assert isinstance(r, Result) and r.status == "won" and r.nodes >= 1 and r.seconds >= 0
    g = Solitaire.deal(seed)
    for m in r.moves:
        assert m in g.legal_moves()
        g.apply(m)
    assert g.won


def test_a_solution_from_the_middle_of_a_game():
    g = Solitaire.deal(21)
    for m in solve(21).moves[:40]:
        g.apply(m)
    r = solve(g)
    assert r.status == "won" and replay(g, r.moves).won


def test_a_tiny_budget_leaves_a_deal_undecided():
    r = solve(274, max_nodes=2)
    assert r.status == "undecided" and r.moves == () and r.nodes <= 2
    assert solve(274, max_seconds=0.0).status in ("undecided", "won")


def test_the_reserve_holds_every_stock_and_waste_card():
    # drawing never changes anything but the stock and waste, whose cyclic order stays: every one of
    # their cards reaches the top of the waste
    g = Solitaire.deal(3)
    for _ in range(10):
        g.apply("d")
    cycle = list(g.waste) + list(reversed(g.stock))
    rest = (g._down, g._up, g._found)
    for target in set(cycle):
        h = g.copy()
        for _ in range(2 * len(cycle) + 1):
            if h.waste and h.waste[-1] == target:
                break
            h.apply("d")
        assert h.waste[-1] == target
        assert (h._down, h._up, h._found) == rest
        now = list(h.waste) + list(reversed(h.stock))
        assert any(now[i:] + now[:i] == cycle for i in range(len(now)))


def test_the_key_ignores_the_order_of_columns_and_foundations():
    a = Solitaire.from_layout(["R9", "G4 | B7", "Y2"], foundations=["R3", "R1"])
    b = Solitaire.from_layout(["Y2", "R9", "", "G4 | B7"], foundations=["", "R1", "R3"])
    sa, sb = _Search(a), _Search(b)
    assert sa.key() == sb.key()
    c = Solitaire.from_layout(["R9", "B7 | G4", "Y2"], foundations=["R3", "R1"])
    assert _Search(c).key() != sa.key()                    # a different face-down card


def test_safe_moves_go_home_without_branching():
    # both red piles at 2: the red 3 on column 1 is the lower pile's next card and goes home at once;
    # here every card can follow it (the reserve holds the rest), so no search is needed at all
    g = Solitaire.from_layout(["G7 | R3", "B9"], foundations=["R2", "R2"])
    s = _Search(g)
    plan = []
    s.safe_closure(plan)
    assert plan[0] == ("T", 0)
    assert s.uncovered() and s.fl == s.fh == [12, 12, 12, 12]
    # a card for the higher pile is not safe: the red 2 stays (the other red 1 is under it)
    g = Solitaire.from_layout(["R4 R1 | R2", "B9"], foundations=["R1"])
    s = _Search(g)
    plan = []
    s.safe_closure(plan)
    assert ("T", 0) not in plan and (s.fl[0], s.fh[0]) == (0, 1)


# ---------------------------------------------------------------------------------------- against brute force
def brute(g: Solitaire, limit: int = 40_000):
    """Every position reachable with the game's own moves (stock and waste as one reserve whose
    every card is at hand): True when one is won, False when none is, None past ``limit``."""
    def norm(cols):
        out = []
        for d, u in cols:
            if not u and d:
                d, u = d[:-1], (d[-1],)
            out.append((d, u))
        return tuple(sorted(out))

    def home(k, found):
        x, r0 = divmod(k, R)
        lo, hi = found[x]
        if hi == r0:
            p = (lo, hi + 1)
        elif lo == r0:
            p = (lo + 1, hi)
        else:
            return None
        f = list(found)
        f[x] = tuple(sorted(p))
        return tuple(f)

    def fits(k, col):
        d, u = col
        if not u:
            return not d and k % R == R - 1
        return u[-1] % R != 0 and k == u[-1] - 1

    piles = [[] for _ in range(4)]
    for p in g._found:
        if p:
            piles[(p[0] >> 1) // R].append(len(p))
    heights = [sorted(h + [0, 0])[-2:] for h in piles]
    cols = norm([(tuple(c >> 1 for c in g._down[i]), tuple(c >> 1 for c in g._up[i])) for i in range(7)])
    start = (cols, tuple(tuple(h) for h in heights), tuple(sorted(c >> 1 for c in g._stock + g._waste)))
    seen, stack = {start}, [start]
    while stack:
        cols, found, res = stack.pop()
        if all(p == (R, R) for p in found):
            return True
        nxt = []
        for k in set(res):
            r2 = list(res)
            r2.remove(k)
            r2 = tuple(r2)
            f2 = home(k, found)
            if f2:
                nxt.append((cols, f2, r2))
            for i, col in enumerate(cols):
                if fits(k, col):
                    c2 = list(cols)
                    c2[i] = (col[0], col[1] + (k,))
                    nxt.append((norm(c2), found, r2))
        for i, (d, u) in enumerate(cols):
            if not u:
                continue
            f2 = home(u[-1], found)
            if f2:
                c2 = list(cols)
                c2[i] = (d, u[:-1])
                nxt.append((norm(c2), f2, res))
            for j in range(len(u)):
                for b, col in enumerate(cols):
                    if b != i and fits(u[j], col):
                        c2 = list(cols)
                        c2[i] = (d, u[:j])
                        c2[b] = (col[0], col[1] + u[j:])
                        nxt.append((norm(c2), found, res))
        for s in nxt:
            if s not in seen:
                seen.add(s)
                if len(seen) > limit:
                    return None
                stack.append(s)
    return False


@st.composite
def small_positions(draw):
    """High foundations and the few cards left spread over seven columns (face-down cards, short
    runs) and the reserve."""
    found, cards = [], []
    for x in range(4):
        for h in sorted(draw(st.integers(6, 12)) for _ in range(2)):
            found.append(kind_code(x * R + h - 1) if h else "")
            cards += [x * R + r for r in range(h, R)]
    cards = draw(st.permutations(cards))
    cols = []
    for _ in range(7):
        if not cards:
            break
        nd = min(draw(st.integers(1, 4)), len(cards) - 1)
        down, cards = cards[:nd], cards[nd:]
        up = [cards.pop()]
        while draw(st.booleans()) and up[-1] % R and (up[-1] - 1) in cards:
            cards.remove(up[-1] - 1)
            up.append(up[-1] - 1)
        cols.append(" ".join(map(kind_code, down)) + " | " + " ".join(map(kind_code, up)))
    return Solitaire.from_layout(cols, foundations=found)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_verdicts_agree_with_a_plain_exhaustive_search(g):
    truth = brute(g)
    event(f"plain search: {truth}")
    if truth is None:
        return
    r = solve(g, max_nodes=200_000)
    assert r.status == ("won" if truth else "lost")
    if truth:
        assert replay(g, r.moves).won
    s = _Search(g)
    s.safe_closure([])
    assert not (truth and s.doomed())              # the relaxation never calls a winnable position lost
