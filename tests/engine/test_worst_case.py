"""Issue 24, point 4: a bounded worst case.

Every ``Game.legal_actions`` and ``Game.expand`` call costs at most 20 ms of CPU on hands of up to 30 cards,
under any rule combination. The adversarial hands are rich in duplicates, 2s, 7s, 0s and draw cards: a group
rule (DR, DD, AA...) with a permissive rule (I, AA, AB) or a refusing one (PAA, PAB, TRI) once made the referee
search every multiset of those duplicates (a 30-card ``UNO 1121 DR-I`` hand facing a +4: 30 ms; from two decks:
290 ms). CPU time is measured (``time.process_time``), and a call over the bound is timed twice more and judged
by its fastest run, so a loaded machine does not fail the tests. The pruning must not change what is offered:
the last tests compare the plays offered with every play the referee accepts, on small hands.
"""

from __future__ import annotations

import itertools
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit import Game
from unokit.core.actions import Play
from unokit.core.cards import Color, parse_cards
from unokit.core.decks import build_deck
from unokit.core.errors import UnoError
from unokit.engine.compose import every_action
from unokit.engine.game import _deck_for
from unokit.rules.catalog import CATALOG, IMPLEMENTED, ORDER, VARIATIONS
from unokit.rules.ruleset import RuleSet

BOUND = 0.020      # seconds of CPU per call
STEMS = 12         # expand calls per position: the first and last stem of each list, depth first

SINGLES = sorted(IMPLEMENTED, key=ORDER.get)
PARTNERS = ("DR", "DD", "AA", "AB", "I", "P4", "P1", "PAA", "DOA", "T", "BOMB")


def _valid(code: str) -> str | None:
    try:
        return RuleSet.parse(code).code
    except UnoError:
        return None


def _alone(code: str) -> str:
    needs = CATALOG[code].needs
    return f"{needs[0]}-{code}" if needs else code


def _combinations(code: str) -> list[str]:
    """``code`` alone, with each partner that groups, stacks or judges plays, and with a stacking rule."""
    base = _alone(code)
    out = [f"UNO 1121 {base}"]
    out += [f"UNO 1121 {base}-{p}" for p in PARTNERS if p not in base.split("-")]
    out += [f"UNO 1121 DR-{base}-{s}" for s in ("I", "P2")]
    return list(dict.fromkeys(c for c in map(_valid, out) if c is not None))


def _favoured(card) -> bool:
    return card.number in (0, 2, 7) or bool(card.draw) or card.is_wild


def adversarial(rng: random.Random, rules: str, size: int, enforcement: str, pending: int, decks: int = 1):
    """A position whose seat 0 holds ``size`` cards, whole sets of duplicates of 2s, 7s, 0s and draw cards first;
    a +2 or +4 on top with that total pending when ``pending`` is 2 or 4. None if the deck cannot make it."""
    rs = RuleSet.parse(rules)
    pool = list(build_deck(_deck_for(rs, "classic", 2, decks), decks, include_blanks=False))
    rng.shuffle(pool)
    if pending:
        tops = [c for c in pool if c.draw == pending and c.is_wild == (pending == 4)]
    else:
        tops = [c for c in pool if not c.is_wild]
    if not tops:
        return None
    top = rng.choice(tops)
    pool.remove(top)
    copies: dict = {}
    for c in pool:
        copies.setdefault(c.code, []).append(c)
    codes = list(copies)
    rng.shuffle(codes)
    codes.sort(key=lambda k: not _favoured(copies[k][0]))
    take = rng.choice((0.75, 0.95, 1.0))
    hand: list = []
    for k in codes:
        if len(hand) >= size:
            break
        if rng.random() < take:
            hand.extend(copies[k][:size - len(hand)])
    for c in hand:
        pool.remove(c)
    try:
        return Game.from_position([hand, pool[:5]], [top], pool[5:25], rules=rules, enforcement=enforcement,
                                  pending=top.draw if pending else 0, color="R" if top.is_wild else None,
                                  decks=decks)
    except UnoError:
        return None


def _cpu(call, arg):
    """(CPU seconds, result) of ``call(arg)``; a call over the bound is judged by the fastest of 3 runs."""
    t = time.process_time()
    out = call(arg)
    took = time.process_time() - t
    if took > BOUND:
        for _ in range(2):
            t = time.process_time()
            call(arg)
            took = min(took, time.process_time() - t)
    return took, out


def assert_calls_within_bound(g: Game, seat: int = 0, stems: int = STEMS) -> int:
    """``legal_actions(seat)``, then ``expand`` of the first and last stem of each list down the tree (at most
    ``stems`` expansions), each within :data:`BOUND`. Returns the number of calls timed."""
    took, actions = _cpu(g.legal_actions, seat)
    assert took <= BOUND, f"legal_actions({seat}) took {took * 1000:.1f} ms of CPU for {len(g.hands[seat])} cards"
    todo = [a for a in actions if a.more]
    todo = todo[:1] + todo[-1:] if len(todo) > 1 else todo
    calls = 1
    while todo and calls <= stems:
        stem = todo.pop()
        took, options = _cpu(g.expand, stem)
        assert took <= BOUND, f"expand({stem}) took {took * 1000:.1f} ms of CPU"
        calls += 1
        more = [o for o in options if o.more]
        todo += more[:1] + more[-1:] if len(more) > 1 else more
    return calls


def _sweep(rules: str, seed: int, positions: int) -> int:
    rng = random.Random(f"{rules}/{seed}")
    timed = 0
    for i in range(positions):
        g = adversarial(rng, rules, rng.randint(20, 30), ("strict", "table")[i % 2], (0, 2, 4)[i % 3])
        if g is not None:
            timed += assert_calls_within_bound(g)
    return timed


# ---------------------------------------------------------------------------------------------- every code
@pytest.mark.parametrize("code", SINGLES)
def test_every_rule_code_and_its_pairings_list_within_20ms_on_adversarial_30_card_hands(code):
    timed = sum(_sweep(rules, 0, 6) for rules in _combinations(code))
    assert timed > 0


@pytest.mark.parametrize("variation", sorted(VARIATIONS))
def test_every_ready_made_variation_lists_within_20ms_on_adversarial_30_card_hands(variation):
    rules = f"UNO 1121 {variation}"
    assert _sweep(rules, 0, 12) > 0


_PAIRS = [c for c in (_valid(f"UNO 1121 {_alone(a)}-{b}") for a, b in itertools.combinations(SINGLES, 2))
          if c is not None]


@settings(max_examples=600, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(_PAIRS), stacking=st.sampled_from(("", "-P1", "-P3", "-P4", "-I")),
       seed=st.integers(0, 2**32 - 1), size=st.integers(20, 30), enforcement=st.sampled_from(("strict", "table")),
       pending=st.sampled_from((0, 0, 2, 4)))
def test_any_pair_of_rules_lists_within_20ms_on_adversarial_hands(rules, stacking, seed, size, enforcement, pending):
    rules = _valid(rules + stacking) or rules
    g = adversarial(random.Random(seed), rules, size, enforcement, pending)
    if g is not None:
        assert_calls_within_bound(g)


# ---------------------------------------------------------------------------------------------- known worst
def _known(rules, hand, top, pending=0, enforcement="table", decks=1):
    top_card = parse_cards(top)[0]
    return Game.from_position([hand, "G1 G3"], top, rules=rules, enforcement=enforcement, pending=pending,
                              color="R" if top_card.is_wild else None, decks=decks)


_TWOS_SEVENS_ZEROS_DRAWS = ("R2 R2 G2 G2 B2 B2 Y2 Y2 R7 R7 G7 G7 B7 B7 Y7 Y7 R0 G0 B0 Y0 W+4 W+4 W+4 "
                            "R+2 R+2 G+2 G+2 B+2 B+2 Y+2")


def test_DR_I_thirty_card_hand_lists_within_20ms():
    # once 30 ms: facing a +4, every 2, 7 and 0 began a group Inferno might accept, and each was searched
    g = _known("UNO 1121 DR-I", _TWOS_SEVENS_ZEROS_DRAWS, "W+4", pending=4)
    assert len(g.hands[0]) == 30
    assert_calls_within_bound(g)
    assert {str(a) for a in g.legal_actions(0)} >= {"0 draw", "0 play R+2 +", "0 play W+4 +", "0 play W+4>G"}


def test_DR_I_thirty_card_hand_from_two_decks_lists_within_20ms():
    # once 290 ms: four copies of each 2 and 7
    hand = "R2 R2 R2 R2 G2 G2 G2 G2 B2 B2 B2 B2 Y2 Y2 Y2 Y2 R7 R7 R7 R7 G7 G7 G7 G7 B7 B7 B7 B7 W+4 R+2"
    g = _known("UNO 1121 DR-I", hand, "W+4", pending=4, decks=2)
    assert_calls_within_bound(g)
    assert sorted(str(a) for a in g.legal_actions(0)) == ["0 draw", "0 play R+2", "0 play W+4>B", "0 play W+4>G",
                                                          "0 play W+4>R", "0 play W+4>Y"]


KNOWN_WORST = {   # rule set: (hand, top, pending, enforcement); 16-50 ms of CPU each before the fix
    "BA-DR-I": ("R2 R2 Y2 Y2 B7 B7 R+2 B+2 B+2 G+2 G+2 G0 Y+2 Y+2 G2 G2 B2 B2 R7 R7 R0 G7 G7 Y0 Y7 Y7 W+4 W+4 W+4",
                "R+2", 2, "strict"),
    "DR-AA-AB-GT-P3-BA-T-M-PRE": (("G+2 G+2 B2 B2 Y0 R+2 R+2 G2 G2 R7 R7 B7 B7 W+4 W+4 W+4 W+4 G7 G7 Y+2 Y+2 Y7 "
                                   "Y7 R2 R2 Y2 Y2"), "B+2", 2, "strict"),
    "PAA-DR-I": ("W+4 W+4 W+4 G0 B0 G2 G2 B2 B2 Y0 Y7 Y7 B7 B7 R+2 R+2 Y+2 Y+2 R7 R7 R0 G+2 G+2 G7 G7 B+2 B+2",
                 "W+4", 4, "table"),
    "PAA-DR-P4": ("R+2 R+2 B2 B2 Y2 Y2 Y7 Y7 W W W W B+2 B+2 Y+2 Y+2 R2 R2 G+2 G+2 G2 G2 B7 B7 Y0 G7 G7",
                  "W+4", 4, "table"),
    "DR-MEM-I": ("B7 B7 W+4 W+4 W+4 G+2 G+2 Y+2 Y+2 Y0 Y2 Y2 B2 B2 B+2 B+2 G7 G7 R7 R7 W W W W R2 R2 G2 G2 Y7",
                 "W+4", 4, "strict"),
    "DR-AB-P4": ("Y+2 Y+2 B+2 B+2 G2 G2 W W W W B0 B2 B2 G7 G7 Y2 Y2 W+4 W+4 W+4 W+4 R+2 R+2 R2 R2 G+2 G+2 Y0 G0 R0",
                 "BR", 0, "table"),
    "DR-DED-I": ("R7 R7 Y+2 B7 B7 G0 R2 R2 Y7 Y7 G2 G2 W+4 W+4 W+4 W+4 G+2 G+2 B2 B2 B0 G7 G7 R+2 R+2 R0 Y2 Y2 Y0",
                 "Y+2", 2, "table"),
    "BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA": (("Y4 BR B0 B2 B2 RS B4 R6 R8 G0 G2 YR Y8 Y2 R2 R0 W+4 RS B8 R7 GR B6 Y0 "
                                            "Y2 Y7 G1 W G2 G3 YR"), "B9", 0, "strict"),
    # the slowest left after the fix (about 13 ms): AA sums of one colour that cannot reach the 9, T and CLA seats
    "AA-T-CLA": (("R2 B+2 B0 B2 B2 YR G5 R2 Y+2 G0 G2 Y5 R3 GS G7 R0 YS R1 W R+2 Y1 W+4 Y0 RR BR G1 B4 G4 Y2 "
                  "R7"), "B9", 0, "strict"),
}


@pytest.mark.parametrize("rules", sorted(KNOWN_WORST))
def test_known_worst_positions_list_within_20ms(rules):
    hand, top, pending, enforcement = KNOWN_WORST[rules]
    assert_calls_within_bound(_known(f"UNO 1121 {rules}", hand, top, pending, enforcement), stems=40)


# ---------------------------------------------------------------------------------------------- unchanged
def _accepted(g: Game, seat: int = 0) -> set:
    """Every card sequence of a visible play ``seat`` may make now (by brute force over ``Game.can``)."""
    hand = g.hands[seat]
    out = set()
    for k in range(1, len(hand) + 1):
        for seq in dict.fromkeys(itertools.permutations(hand, k)):
            colors = g.colors if g.names_color(seq[-1]) else (None,)
            if any(g.can(Play(seat, seq, col, uno)) for col in colors for uno in (False, True)):
                out.add(tuple(c.code for c in seq))
    return out


def _offered(g: Game, seat: int = 0) -> set:
    return {tuple(c.code for c in a.cards) for a in every_action(g, seat) if type(a) is Play}


@pytest.mark.parametrize("rules", ["DR-I", "DR-AA-I", "DD-AA", "DR-AB", "DR-ADDUP", "PAA-DR-P4", "PAB-DR-I",
                                   "DR-TRI-P2"])
def test_pruned_search_offers_exactly_the_plays_the_referee_accepts(rules):
    rng = random.Random(rules)
    checked = 0
    for i in range(24):
        g = adversarial(rng, f"UNO 1121 {rules}", rng.randint(3, 5), "strict", (0, 2, 4)[i % 3])
        if g is None:
            continue
        if i % 4 == 1:
            g.rule_state["PAB"] = True            # peace (PAB): no action cards
        elif i % 4 == 2:
            g.rule_state["TRI"] = (0, 3, Color.parse("RGBY"[i % 4]))   # TRI: a 3 or that colour, or draw 3
        elif i % 4 == 3:
            g.turns_done = 10                     # PAA: the peaceful first rounds are over
        assert _offered(g) == _accepted(g), f"{rules}: {[c.code for c in g.hands[0]]} on {g.top.code}"
        checked += 1
    assert checked >= 12
