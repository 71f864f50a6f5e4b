"""The fast core (``unokit.fast``) against the referee (``unokit.engine.game``): differential tests.

Both engines are dealt the same hand from the same seed (``FastGame(n, seed)`` consumes its generator
exactly as ``Game.new(n, seed=seed)`` does) and driven through the same random choices. At every step
the legal actions of *every* seat must be the same list (same actions, same order), the state the same
(hands, stock, discard pile, colour, direction, seat to act, phase, pending draw, UNO calls, who may be
caught, the state of the random generator), and a few random action ids must be refused by both with
the same error. Policies range from
the benchmark's random agent to a table where seats say UNO and catch out of turn and a draw-happy one
that empties the stock and the discard pile.

``FastGame`` is a view of one hand held in the compiled core (``unokit/fast/view.py``, ``_single.h``), so these
tests compare the C core's single-hand entry points with the referee; a refused id is explained by the referee
itself, so the probes check that C's legality (``can``) agrees with the referee's.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit import fast
from unokit.core import official
from unokit.core.actions import Action, CatchUno, Draw, Play, Say
from unokit.core.cards import COLORS, Card, Color
from unokit.core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    UnoError,
    WindowClosedError,
)
from unokit.engine.game import Game
from unokit.engine.playback import replay
from unokit.engine.record import dumps, loads
from unokit.fast import (
    ACTIONS,
    ACTIONS_PER_SEAT,
    CARDS,
    DRAW_OR_PASS,
    K_CATCH,
    K_CHALLENGE,
    K_COLOR,
    K_DRAW,
    K_PASS,
    K_UNO,
    MAX_PLAYERS,
    FastGame,
    NotCoveredError,
    action_id,
    to_action,
)

POLICIES = ("bench", "uniform", "table", "drawer")
STEP_CAP = 1500


# ---------------------------------------------------------------------------------------------- helpers
def state(f: FastGame) -> dict:
    """Everything the fast core holds, for 'state unchanged' checks."""
    return dict(f.fingerprint(), pending=f.pending, drawn=f.drawn, going_out=f.going_out, wd4=f.wd4,
                uno_said=list(f.uno_said), catchable=sorted(f.catchable), history=list(f.history),
                over=f.over, dealer=f.dealer, reshuffles=f.reshuffles, rng=f.rng.getstate())


def assert_same(f: FastGame, g: Game, base: int = 0) -> None:
    """The same state; ``base``: the referee's actions before the fast core took over."""
    ref = g.fingerprint()
    mine = f.fingerprint()
    assert mine == {k: ref[k] for k in mine}
    assert f.pending == g.pending
    assert f.uno_said == g.uno_said
    assert f.catchable == g.catchable
    assert f.dealer == g.dealer and f.over == g.over
    assert (f.drawn if f.drawn >= 0 else None) == (g.drawn.index if g.drawn is not None else None)
    assert (f.wd4 is None) == (g.wd4 is None)
    if f.wd4 is not None:
        assert f.wd4 == (g.wd4[0], g.wd4[1], int(g.wd4[2]))
    assert (f.going_out if f.going_out >= 0 else None) == g.going_out
    assert len(f.history) == len(g.actions) - base
    assert f.rng.getstate() == g.chance._rng.getstate()  # the same random draws, in the same order


def assert_same_legal(f: FastGame, g: Game) -> None:
    for s in range(g.n):
        assert [to_action(i) for i in f.legal_ids(s)] == g.legal_actions(s), f"seat {s}"
    assert f.legal_ids() == f.legal_ids(g.to_act)


def probe(f: FastGame, g: Game, rng: random.Random, k: int = 3) -> None:
    """Random ids of the seats in play: both engines accept them or refuse them with the same error."""
    for _ in range(k):
        i = rng.randrange(g.n * ACTIONS_PER_SEAT)
        ref = g._problem(ACTIONS[i])
        mine = f._problem(i)
        assert (ref is None) == (mine is None), (ACTIONS[i], ref, mine)
        assert f.can(i) == g.can(ACTIONS[i])
        if ref is not None:
            assert (mine[0], mine[1]) == (ref[0], ref[1]), ACTIONS[i]


def choose(f: FastGame, rng: random.Random, policy: str) -> int:
    ids = f.legal_ids()
    if policy == "bench":
        plays = [i for i in ids if not DRAW_OR_PASS[i]]
        return rng.choice(plays) if plays else rng.choice(ids)
    if policy == "table" and rng.random() < 0.3:
        others = [i for s in range(f.n) if s != f.current for i in f.legal_ids(s)]
        if others:
            return rng.choice(others)
    if policy == "drawer":
        drawing = [i for i in ids if i % ACTIONS_PER_SEAT in (K_DRAW, K_PASS)]
        if drawing and rng.random() < 0.8:
            return drawing[0]
    return rng.choice(ids)


def drive(n: int, seed: int, policy: str, policy_seed: int | None = None, *, probes: int = 3,
          rules: str = "UNO 1121", takeover: int | None = None) -> Counter:
    """Play one hand on both engines; return what happened in it (for the coverage checks).

    ``takeover``: the referee plays alone (same policy) for that many actions, then the fast core takes
    over with :meth:`FastGame.from_game` (which also serves rule codes the constructor does not deal)."""
    g = Game.new(n, rules, seed=seed)
    rng = random.Random(seed if policy_seed is None else policy_seed)
    if takeover is None:
        f = FastGame(n, seed, rules=rules)
    else:
        for _ in range(takeover):
            if g.over:
                break
            g.apply(ACTIONS[choose(FastGame.from_game(g), rng, policy)])
        f = FastGame.from_game(g)
    base = len(g.actions)
    seen: Counter = Counter()
    steps = 0
    while True:
        assert_same(f, g, base)
        f.check_invariants()
        assert_same_legal(f, g)
        if g.over or steps >= STEP_CAP:
            break
        probe(f, g, rng, probes)
        i = choose(f, rng, policy)
        a = ACTIONS[i]
        seen[a.kind] += 1
        if a.player != g.to_act:
            seen["out-of-turn " + a.kind] += 1
        if a.kind == "draw" and g.phase.name == "PENDING" and g.going_out is not None:
            seen["draws after going out"] += 1
        start = len(g.events)
        piles = len(g.discard)
        g.apply(a)
        f.apply(i)
        for e in g.events[start:]:
            seen[e.kind] += 1
            if e.kind == "challenge":
                seen["challenge " + e.detail[1]] += 1
                if e.detail[1] == "guilty" and g.rules.bluff == 2:
                    seen["bluff taken back"] += len(g.discard) < piles
        steps += 1
    seen["games"] += 1
    seen["truncated"] += not g.over
    if g.over:
        assert f.winner == g.winner
        assert f.points() == [g.points()[p] for p in range(n)]
        out = [e for e in g.events if e.kind == "out"]
        assert f.score == out[-1].detail[0] == official.score(g.hands, g.winner)
        assert f.legal_ids() == [] and all(f.legal_ids(s) == [] for s in range(n))
    return seen


# ---------------------------------------------------------------------------------------------- differential
@pytest.mark.parametrize("n", range(2, 11))
def test_same_games_as_the_referee(n):
    seen: Counter = Counter()
    for k in range(8):
        seen += drive(n, 1000 * n + k, POLICIES[k % len(POLICIES)])
    assert seen["games"] == 8
    assert seen["play"] and seen["draw"] and seen["pass"]


def test_every_official_rule_comes_up():
    """Across the seeds of the differential test, every rule that random play can reach is reached."""
    seen: Counter = Counter()
    for n in range(2, 11):
        for k in range(8):
            seen += drive(n, 1000 * n + k, POLICIES[k % len(POLICIES)], probes=0)
    for kind in ("reshuffle", "challenge guilty", "challenge innocent", "caught", "uno", "out-of-turn uno",
                 "out-of-turn catch", "draws after going out", "color"):
        assert seen[kind] > 0, f"no {kind!r} in the differential games: {seen}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, MAX_PLAYERS), seed=st.integers(0, 2**64), policy=st.sampled_from(POLICIES),
       policy_seed=st.integers(0, 2**32))
def test_same_games_property(n, seed, policy, policy_seed):
    drive(n, seed, policy, policy_seed)


# ---------------------------------------------------------------------------------------------- other codes
# The fast core plays the official rules under every ambiguity digit: D (a caught bluff's card goes back
# with D=2) and the uno= penalty change the hand; B and C change nothing in a strictly refereed hand's state.
OTHER_CODES = ("UNO 1122", "UNO 1111 uno=3", "UNO 3112")


@pytest.mark.parametrize("rules", OTHER_CODES)
def test_other_codes_dealt_by_the_fast_core(rules):
    seen: Counter = Counter()
    for k in range(8):
        n = 2 + k % 5
        seen += drive(n, 500 + k, POLICIES[k % len(POLICIES)], rules=rules, probes=1)
    assert seen["games"] == 8 and seen["caught"] and seen["challenge guilty"]


# ---------------------------------------------------------------------------------------------- from_game
TAKEOVER_CODES = ("UNO 1121", "UNO 2212", "UNO 2121", "UNO 1122", "UNO 2111 uno=4")


def test_from_game_continues_as_the_referee():
    """FastGame.from_game(g) at random points of random referee hands (any official code, the traditional
    deal included) continues exactly as the referee: the same legal lists for every seat, the same state,
    the same draws, the same refusals."""
    seen: Counter = Counter()
    rng = random.Random(2024)
    for k in range(40):
        rules = TAKEOVER_CODES[k % len(TAKEOVER_CODES)]
        n = 2 + k % 7
        seen += drive(n, 7000 + k, POLICIES[k % len(POLICIES)], rules=rules, takeover=rng.randrange(0, 120),
                      probes=1)
    assert seen["games"] == 40
    for kind in ("reshuffle", "challenge guilty", "challenge innocent", "bluff taken back", "caught",
                 "out-of-turn uno", "draws after going out"):
        assert seen[kind] > 0, f"no {kind!r} after a takeover: {seen}"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, MAX_PLAYERS), seed=st.integers(0, 2**64), policy=st.sampled_from(POLICIES),
       takeover=st.integers(0, 200), rules=st.sampled_from(TAKEOVER_CODES))
def test_from_game_property(n, seed, policy, takeover, rules):
    drive(n, seed, policy, rules=rules, takeover=takeover, probes=1)


def test_from_game_with_sampled_hidden_cards():
    """Overrides: the hidden hands and the stock replaced, as a determinized sample does. The fast core
    continues as a referee game whose hands and stock were replaced the same way."""
    import copy
    rng = random.Random(5)
    checked = 0
    for k in range(30):
        rules = TAKEOVER_CODES[k % 2]
        g = Game.new(2 + k % 4, rules, seed=k)
        for _ in range(rng.randrange(0, 60)):
            if g.over:
                break
            acts = g.legal_actions(g.to_act)
            # bluff often, so that a Wild Draw Four waits for a challenge now and then
            wd4 = [a for a in acts if a.kind == "play" and a.cards[0].code == "W+4"]
            g.apply(rng.choice(wd4 or acts))
            if k % 2 and g.wd4 is not None:
                break  # take over while the Wild Draw Four waits for a challenge
        if g.over:
            continue
        me = g.to_act
        pool = [c for s, h in enumerate(g.hands) if s != me for c in h] + list(g.stock)
        rng.shuffle(pool)
        hands = [list(h) if s == me else [pool.pop() for _ in h] for s, h in enumerate(g.hands)]
        stock = pool
        f = FastGame.from_game(g, hands=hands, stock=stock)
        ref = copy.deepcopy(g)
        base = len(ref.actions)
        ref.hands, ref.stock = [list(h) for h in hands], list(stock)
        if ref.wd4 is not None:  # judged on the given hand, as the determinizer judges its samples
            bluffer, _, before, cards = ref.wd4
            ref.wd4 = (bluffer, any(c.color is before for c in ref.hands[bluffer]), before, cards)
            checked += 1
        while True:
            assert_same(f, ref, base)
            assert_same_legal(f, ref)
            if ref.over or len(ref.actions) > 600:
                break
            i = choose(f, rng, "table")
            ref.apply(ACTIONS[i])
            f.apply(i)
    assert checked >= 3


def test_from_game_chance_options():
    g = Game.new(3, seed=9)
    copied = FastGame.from_game(g)
    assert copied.rng is not g.chance._rng and copied.rng.getstate() == g.chance._rng.getstate()
    shared = FastGame.from_game(g, share_rng=True)
    assert shared.rng is g.chance._rng
    mine = random.Random(1)
    assert FastGame.from_game(g, rng=mine).rng is mine
    # a replayed game has no generator (its chance is scripted): the caller must give one
    replayed = replay(g.record())
    with pytest.raises(NotCoveredError, match="scripted"):
        FastGame.from_game(replayed)
    assert FastGame.from_game(replayed, rng=mine).fingerprint() == copied.fingerprint()
    # the state has no deal to replay
    with pytest.raises(UnoError, match="from_game"):
        copied.to_referee()
    assert copied.history == [] and copied.rules == g.rules


def test_what_the_fast_core_does_not_cover():
    """Refused with NotCoveredError (an UnoError) and a reason: house rules, table enforcement, other
    decks, several decks; the constructor also refuses deals it does not make."""
    for kwargs in (dict(rules="UNO 1121 C"), dict(rules="UNO 1121 DR-P4"), dict(enforcement="table"),
                   dict(deck="112"), dict(decks=2)):
        g = Game.new(3, seed=1, **kwargs)
        assert not FastGame.covers(g)
        with pytest.raises(NotCoveredError) as err:
            FastGame.from_game(g)
        assert isinstance(err.value, UnoError) and str(err.value)
    for rules in ("UNO 2121", "UNO 1121 deal=5", "UNO 1121 first=redraw", "UNO 1121 P4"):
        with pytest.raises(NotCoveredError):
            FastGame(2, 1, rules=rules)
        assert fast.rules_problem(rules, dealing=True)
    assert fast.rules_problem("UNO 2212") is None and fast.rules_problem("UNO 1121 P4")
    g = Game.new(2, seed=1)
    with pytest.raises(NotCoveredError):
        FastGame.from_game(g, hands=[[Card.parse("WX")], g.hands[1]])


# ---------------------------------------------------------------------------------------------- the statement
def test_the_tables_are_the_official_statement():
    """The fast core's tables are unokit.core.official's, computed from its Card-level functions; the
    referee's own answers agree with them (its matching, its card points)."""
    assert fast.PLAYABLE is official.PLAYABLE and fast.CARDS is official.CARDS
    assert fast.DECK == official.DECK_IDS == tuple(c.index for c in official.classic_deck())
    cards = official.CARDS
    g = Game.from_position(["R1", "G2"], "R9", "Y1")
    for col in COLORS:
        for top in cards:
            g.discard[-1], g.color = top, col
            row = official.PLAYABLE[col * official.FACES + top.face]
            for c in cards:
                assert row[c.index] == official.matches(c, top, col) == g.playable(c)
    for c in cards:
        assert official.POINTS[c.index] == official.card_points(c) == c.points
        for n in (2, 3, 10):
            e = official.effect(c, n)
            assert official.TURN[n == 2][c.index] == (e.advance, e.reverse)
            assert official.DRAW_OF[c.index] == e.draw == c.draw
        assert official.FIRST[c.index] == official.first_card(c)
    assert [c.code for c in cards if official.FIRST[c.index].returned] == ["W+4"]
    assert official.challenge_penalty(True) == 4 and official.challenge_penalty(False, 4) == 6
    assert Game.new(2, seed=1).uno_penalty == official.MISSED_UNO
    with pytest.raises(ValueError):
        official.effect(Card.parse("WX"), 3)
    hand = [Card.parse(x) for x in ("G1", "W", "B2")]
    assert official.wild_draw_four_legal(hand, Color.RED) and official.is_bluff(hand, Color.GREEN)
    assert official.holds_color([c.index for c in hand], Color.GREEN)


def test_first_card_effects_match():
    """The five first-card effects (and a Wild Draw Four turned first, returned and reshuffled)."""
    found: dict = {}
    for seed in range(3000):
        n = 2 + seed % 9
        f = FastGame(n, seed)
        code = CARDS[f.discard[0]].code
        kind = {"W": "W", "+2": "+2", "S": "S", "R": "R"}.get(code if code == "W" else code[1:], "number")
        if f.reshuffles:
            kind = "returned " + kind
        if found.setdefault((kind, n == 2), seed) != seed:
            continue
        g = Game.new(n, seed=seed)
        assert_same(f, g)
        assert_same_legal(f, g)
        assert f.current == g.current and f.direction == g.direction and f.phase == g.phase
        assert bool(f.reshuffles) == any(e.kind == "first-returned" for e in g.events)
    kinds = {k for k, _ in found}
    assert {"W", "+2", "S", "R", "number"} <= kinds
    assert any(k.startswith("returned") for k in kinds)
    assert {(k, True) for k in ("W", "+2", "S", "R")} <= set(found)


@pytest.mark.parametrize("n", [2, 3, 7])
def test_dealer_and_deck_order(n):
    rng = random.Random(n)
    for dealer in range(n):
        f, g = FastGame(n, 40 + dealer, dealer=dealer), Game.new(n, seed=40 + dealer, dealer=dealer)
        assert_same(f, g)
        assert_same_legal(f, g)
    order = [c.code for c in Game.new(n, seed=7).chance.log[-1]]
    rng.shuffle(order)
    f, g = FastGame(n, 3, deck_order=order), Game.new(n, seed=3, deck_order=order)
    assert_same(f, g)
    while not g.over and len(g.actions) < 300:
        i = choose(f, rng, "bench")
        f.apply(i)
        g.apply(ACTIONS[i])
        assert_same(f, g)
    assert replay(f.record()).fingerprint() == g.fingerprint()
    with pytest.raises(UnoError):
        FastGame(n, 1, deck_order=order[:-1])
    with pytest.raises(UnoError):
        FastGame(n, 1, dealer=n)
    with pytest.raises(UnoError):
        FastGame(1)
    with pytest.raises(UnoError):
        FastGame(MAX_PLAYERS + 1)


def test_benchmark_loop_plays_the_referee_games():
    """The benchmark's loop on both cores, same seeds: the same games, so the same number of actions."""
    for n in (2, 4):
        rng_ref, rng_fast = random.Random(n), random.Random(n)
        for seed in range(15):
            g = Game.new(n, seed=seed)
            while not g.over:
                acts = g.legal_actions(g.to_act)
                plays = [a for a in acts if a.kind not in ("draw", "pass")]
                g.apply(rng_ref.choice(plays) if plays else rng_ref.choice(acts))
            f = FastGame(n, seed)
            while not f.over:
                ids = f.legal_ids()
                plays = [i for i in ids if not DRAW_OR_PASS[i]]
                f.apply(rng_fast.choice(plays) if plays else rng_fast.choice(ids))
            assert [ACTIONS[i] for i in f.history] == [a for _, a in g.actions]
            assert f.winner == g.winner and f.score == sum(g.points().values())


# ---------------------------------------------------------------------------------------------- records
def test_record_replays_in_the_referee():
    for n, seed in ((2, 5), (4, 6), (10, 7)):
        f = FastGame(n, seed)
        rng = random.Random(seed)
        while not f.over:
            f.apply(choose(f, rng, "table"))
        rec = loads(dumps(f.record()))
        g = replay(rec)
        assert g.winner == f.winner and g.fingerprint()["hands"] == f.fingerprint()["hands"]
        assert rec["seed"] == seed and len(rec["actions"]) == len(f.history)
    # a hand stopped halfway replays too
    f = FastGame(3, 8)
    for _ in range(10):
        f.apply(f.legal_ids()[0])
    assert replay(f.record()).fingerprint()["stock"] == f.fingerprint()["stock"]


def test_record_of_unseeded_game():
    f = FastGame(2)
    assert isinstance(f.seed, int)
    f.apply(f.legal_ids()[-1])
    assert replay(f.record()).fingerprint()["hands"] == f.fingerprint()["hands"]


# ---------------------------------------------------------------------------------------------- invariants
def test_conservation_every_step():
    """Every card of the 108 is in exactly one place (a hand, the stock or the discard pile), always."""
    for seed in range(60):
        n = 2 + seed % 9
        f = FastGame(n, seed)
        rng = random.Random(seed)
        policy = POLICIES[seed % len(POLICIES)]
        for _ in range(STEP_CAP):
            f.check_invariants()
            if f.over:
                break
            f.apply(choose(f, rng, policy))
        assert sum(len(h) for h in f.hands) + len(f.stock) + len(f.discard) == 108


def test_check_invariants_catches_a_lost_card():
    g = Game.new(2, seed=1)
    f = FastGame.from_game(g, stock=g.stock[:-1])   # a state with a card lost from the stock
    with pytest.raises(AssertionError):
        f.check_invariants()


# ---------------------------------------------------------------------------------------------- refusals
def test_illegal_ids_raise_the_referees_error_and_change_nothing():
    rng = random.Random(11)
    refused = Counter()
    for seed in range(24):
        n = 2 + seed % 5
        f, g = FastGame(n, seed), Game.new(n, seed=seed)
        steps = 0
        while not f.over and steps < 150:
            legal = set(f.legal_ids())
            for s in range(n):
                legal |= set(f.legal_ids(s))
            for i in rng.sample(range(MAX_PLAYERS * ACTIONS_PER_SEAT), 15):
                if i in legal:
                    continue
                before = state(f)
                with pytest.raises(IllegalActionError) as err:
                    f.apply(i)
                with pytest.raises(IllegalActionError) as ref:
                    g.apply(ACTIONS[i])
                assert type(err.value) is type(ref.value) and str(err.value) == str(ref.value), ACTIONS[i]
                assert state(f) == before
                refused[type(err.value).__name__] += 1
            i = choose(f, rng, "table")
            f.apply(i)
            g.apply(ACTIONS[i])
            steps += 1
    for cls in (NotYourTurnError, CardNotInHandError, CardNotPlayableError, WindowClosedError,
                IllegalActionError):
        assert refused[cls.__name__], refused


@pytest.mark.parametrize("bad", [-1, len(ACTIONS), 10**9, "3", None, 2.0, [1]])
def test_ids_outside_the_table(bad):
    f = FastGame(2, 3)
    before = state(f)
    with pytest.raises(IllegalActionError):
        f.apply(bad)
    assert not f.can(bad)
    assert state(f) == before


def test_over_refuses_everything():
    f = FastGame(2, 4)
    rng = random.Random(4)
    while not f.over:
        f.apply(choose(f, rng, "bench"))
    for i in (0, K_DRAW, K_UNO, K_CATCH + 1, ACTIONS_PER_SEAT + K_COLOR):
        with pytest.raises(GameOverError):
            f.apply(i)


# ---------------------------------------------------------------------------------------------- the table
def test_action_table():
    assert len(ACTIONS) == MAX_PLAYERS * ACTIONS_PER_SEAT == 1380
    assert len(set(ACTIONS)) == len(ACTIONS)
    for i, a in enumerate(ACTIONS):
        assert a.player == i // ACTIONS_PER_SEAT
        assert action_id(a) == i and to_action(i) is a
        assert Action.parse(str(a)) == a
    assert ACTIONS[K_DRAW] == Draw(0) and ACTIONS[ACTIONS_PER_SEAT + K_CHALLENGE].kind == "challenge"
    assert ACTIONS[3 * ACTIONS_PER_SEAT + K_CATCH + 1] == CatchUno(3, 1)
    assert str(ACTIONS[2 * 7 + 1]) == "0 play R7 uno"
    assert action_id(Play(2, (Card.parse("W"),), Color.BLUE)) == 2 * ACTIONS_PER_SEAT + 104 + 2 * 3
    for a in (Play(0, (Card.parse("R1"), Card.parse("R1"))), Say(0, "hi"), Play(10, (Card.parse("R1"),)),
              Play(0, (Card.parse("WX"),), Color.RED, target=1), "0 draw"):
        with pytest.raises(IllegalActionError):
            action_id(a)


def test_apply_action_and_legal_actions():
    f, g = FastGame(3, 9), Game.new(3, seed=9)
    while not g.over and len(g.actions) < STEP_CAP:
        acts = f.legal_actions()
        assert acts == g.legal_actions(g.to_act)
        f.apply_action(acts[0])
        g.apply(acts[0])
    assert f.winner == g.winner
    assert repr(f).startswith("<FastGame 3p OVER")


def test_docs_examples_run():
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "fast.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/fast.md", "exec"), {"print": lambda *a, **k: None})


def test_clone_is_independent_and_plays_on_alike():
    f = FastGame(3, 21)
    rng = random.Random(21)
    for _ in range(30):
        f.apply(choose(f, rng, "bench"))
    c = f.clone()
    assert state(c) == state(f)
    r1, r2 = random.Random(5), random.Random(5)
    for _ in range(400):
        if f.over:
            break
        f.apply(choose(f, r1, "drawer"))
        c.apply(choose(c, r2, "drawer"))
        assert state(c) == state(f)
    assert c.hands is not f.hands and c.rng is not f.rng
    assert replay(c.record()).fingerprint() == f.to_referee().fingerprint()


def test_without_the_compiled_core_the_referee_plays_every_hand():
    """The fast core is a view of a C state: in a tree where the extension was not built there is none, and
    ``Game.new`` falls back to the full referee (the search bot too: ``FastGame.covers`` says no)."""
    import subprocess
    import sys
    code = """
import sys
sys.modules["unokit.fast._ccore"] = None   # the extension cannot be imported
from unokit import Game
from unokit.fast import FastGame, NotCoveredError, rules_problem
assert "not built" in rules_problem("UNO 1121", dealing=True)
g = Game.new(2, seed=1)
assert g.engine == "referee"
while not g.over:
    g.apply(g.legal_actions(g.to_act)[0])
assert not FastGame.covers(Game.new(2, seed=2))
try:
    FastGame(2, 1)
except NotCoveredError:
    print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "ok", out.stderr
