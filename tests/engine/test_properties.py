"""Property tests over random games: conservation, strictness, record/replay and what views may show.

Random seeds, 2-10 players, both enforcement modes, random compatible rule combinations drawn from the
implemented codes (C, DR|DD, P1-P4, DED, S with sub-options, MEM, PRE, any other implemented code) and the
ambiguity digits. Games are capped (``STEP_CAP``) so a game where nobody gets rid of cards cannot loop.
"""

from __future__ import annotations

import random
import re
import time
import zlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from unokit.core.actions import Hint, Play, Say, action_from_dict
from unokit.core.cards import COLORS, Card
from unokit.core.errors import IllegalActionError, RuleCodeError
from unokit.engine.compose import complete, offered
from unokit.engine.game import Game
from unokit.engine.playback import replay
from unokit.engine.record import dumps, loads
from unokit.rules import IMPLEMENTED, RuleSet
from unokit.rules.catalog import alone

STEP_CAP = 3000
TRUNCATED: list = []   # (rules, enforcement, players, steps) of games cut short by their time budget
KNOWN = {"C", "DR", "DD", "DED", "P1", "P2", "P3", "P4", "S", "MEM", "PRE"}
OTHER_IMPLEMENTED = sorted(IMPLEMENTED - KNOWN)   # rules added since (e.g. V); they join the random mixes
SILENCE = ["S", "SPP", "ST", "SU", "SSE", "SSS", "SPPT", "SPPU", "STU", "SPPSE", "SSSU", "ST(rounds=2)"]
TEXTS = ["olá", "boa jogada", "não", "hahaha", "kkkk", "UNO", "ops...", "que carta", "", "sim sim sim"]

_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9+])(W\+10|W\+6|WR\+4|WCR|W\+4|WSH|WX|WO|WB|W|"
                         r"[RYGB](?:\+2|\+4|SA|DA|[0-9SR]))(?![A-Za-z0-9+])")


# ---------------------------------------------------------------------------------------------- strategies


@st.composite
def rule_codes(draw):
    parts = []
    if draw(st.booleans()):
        parts.append("C")
    grp = draw(st.sampled_from([None, "DR", "DD"]))
    if grp:
        parts.append(grp)
    stack = draw(st.sampled_from([None, "P1", "P2", "P3", "P4"]))
    if stack:
        parts.append(stack)
    if draw(st.booleans()):
        parts.append("DED")
    sil = draw(st.sampled_from([None] + SILENCE))
    if sil:
        parts.append(sil)
    for code in ("MEM", "PRE"):
        if draw(st.booleans()):
            parts.append(code)
    if OTHER_IMPLEMENTED:
        for code in draw(st.lists(st.sampled_from(OTHER_IMPLEMENTED), max_size=2, unique=True)):
            parts.append(code)
    digits = "".join(str(draw(st.integers(1, k))) for k in (3, 2, 2, 2))
    code = f"UNO {digits}" + (" " + "-".join(parts) if parts else "")
    try:
        RuleSet.parse(code)
    except RuleCodeError:
        assume(False)
    return code


# ---------------------------------------------------------------------------------------------- helpers


def _snapshot(g):
    fp = dict(g.fingerprint())
    fp.update(pending=g.pending, uno_said=list(g.uno_said), catchable=sorted(g.catchable), claim=g.claim,
              silence=g.rule_state.get("S"), actions=len(g.actions), wrong=len(g.wrong_plays), free=list(g.free_discards),
              reveals=len(g.reveals), drawn=g.drawn)
    return fp


def _random_play(g, rng):
    """A random (often illegal) play: a random seat, 1-3 random cards of its hand, random options."""
    seat = rng.randrange(g.n)
    hand = g.hands[seat]
    if not hand:
        return Play(seat, (Card.parse("R1"),))
    k = min(len(hand), rng.choice([1, 1, 1, 2, 3]))
    chosen = tuple(rng.sample(hand, k))
    if rng.random() < 0.1:
        chosen = (rng.choice(Card.ALL),) + chosen[1:]  # maybe a card not held
    color = rng.choice(COLORS) if chosen[-1].is_wild or rng.random() < 0.05 else None
    uno = rng.random() < 0.3
    target = rng.randrange(g.n) if chosen[-1].code == "WX" else None
    if g.rules.has("DED") and rng.random() < 0.2:
        return Play(seat, (), None, uno, None, chosen[:1], rng.choice([0, 0, 2, 4]))
    return Play(seat, chosen, color, uno, target)


def _check_probe(g, a, strict_enumeration=True):
    """If refused: the typed error and no change. If accepted in strict mode: listed by legal_actions."""
    if not g.can(a):
        before = _snapshot(g)
        with pytest.raises(IllegalActionError):
            g.apply(a)
        assert _snapshot(g) == before, f"refused {a} changed the state"
        return False
    if g.strict and strict_enumeration:
        assert offered(g, a), f"{a} accepted by can() but not offered by legal_actions({a.player}) / expand"
    return True


def _tokens(text: str) -> set[str]:
    return set(_CARD_TOKEN.findall(text))


def _event_text(e) -> str:
    return repr(e)


def _check_view(g, seat, known):
    v = g.view(seat)
    assert v.hand == tuple(g.hands[seat])
    assert v.hand_sizes == tuple(len(h) for h in g.hands)
    assert v.stock_size == len(g.stock) and v.top == g.discard[-1] and v.discard == tuple(g.discard[g.discard_unseen:])
    assert v.drawn is None or (seat == g.current and v.drawn in g.hands[seat])
    assert v.history == tuple(g.events)
    expect_revealed = tuple((s, cs) for viewers, s, cs in g.reveals if viewers is None or seat in viewers)
    assert v.revealed == expect_revealed
    known[seat].update(c.code for c in g.hands[seat])
    for _, cs in v.revealed + tuple(getattr(v, "open_hands", ())):  # OPEN: small hands shown to all
        known[seat].update(c.code for c in cs)
    if getattr(v, "stock_top", None) is not None:  # REV: the stock is face up
        known[seat].add(v.stock_top.code)
    for _, cs in v.backs:   # FLIP: the backs of the other hands face this seat, and the stock's top back
        known[seat].update(c.code for c in cs)
    if v.stock_back is not None:
        known[seat].add(v.stock_back.code)
    # the history is public and the same for every seat: it is scanned once per event in _note_public
    leaked = _tokens(repr(replace(v, history=()))) - known[seat] - known.public
    assert not leaked, f"view of seat {seat} shows hidden cards {leaked}"


class Known(list):
    """Per seat: the card codes the seat may have seen (public ones in ``public``); ``scanned``: events
    already checked."""

    def __init__(self, it):
        super().__init__(it)
        self.scanned = 0
        self.public: set[str] = set()


def _note_public(g, known):
    """Cards made public since the last call join every seat's knowledge; new events must not show more."""
    new = g.events[known.scanned:]
    known.scanned = len(g.events)
    rev = g.rules.has("REV")   # Revelação: the stock is face up, what is drawn is seen by all
    if rev and g.stock:
        known.public.add(g.stock[-1].code)
    for e in new:
        if e.kind in ("play", "cut", "first", "first-returned", "discard-all", "roulette", "discard-under",
                      "flip") or (rev and e.kind == "draw"):
            for d in e.detail:
                if isinstance(d, Card):   # (FLIP: the card a flip turns up)
                    known.public.add(d.code)
                if isinstance(d, tuple):
                    known.public.update(c.code for c in d if isinstance(c, Card))
                elif isinstance(d, str):
                    known.public.update(_tokens(d))
    for e in new:
        toks = _tokens(_event_text(e)) - known.public
        if not toks:
            continue
        for seat, k in enumerate(known):
            k.update(c.code for c in g.hands[seat])
            for viewers, _s, cs in g.reveals:
                if viewers is None or seat in viewers:
                    k.update(c.code for c in cs)
            leaked = toks - k
            assert not leaked, f"event {e} shows seat {seat} hidden cards {leaked}"


def run_random_game(seed, players, rules, enforcement, *, cap=STEP_CAP, probes=True, views=True, check_every=1,
                    seconds=None, probe_rate=0.25):
    """Play one random game, checking the invariants at every step; returns (game, steps).

    ``seconds``: a wall-clock budget; the game is cut short (like the step cap) when it runs out, so a slow
    rule combination cannot stall the suite (``TRUNCATED`` keeps a note for the report)."""
    rng = random.Random(seed)
    t_end = None if seconds is None else time.monotonic() + seconds
    if "NOMERCY" in rules:
        players = min(players, 6)   # the edition seats 2 to 6
    g = Game.new(players=players, rules=rules, seed=seed, enforcement=enforcement)
    known = Known(set() for _ in range(players))
    _note_public(g, known)
    steps = 0
    n_rev = 0
    uses_clock = g.rules.has("V") if "V" in IMPLEMENTED else False
    while not g.over and steps < cap:
        if t_end is not None and time.monotonic() > t_end:
            TRUNCATED.append((rules, enforcement, players, steps))
            break
        steps += 1
        if uses_clock and rng.random() < 0.3:
            g.clock.advance(rng.choice([0.5, 1.0, 2.0, 3.0, 6.0]) if rng.random() < 0.2 else 0.5)
        if probes and rng.random() < probe_rate:
            a = _random_play(g, rng)
            ok = _check_probe(g, a)
            if ok and not g.strict and rng.random() < 0.2:
                g.apply(a)   # table enforcement: a wrong play that stands until noticed
                _after(g, known, views, steps, check_every)
                continue
        r = rng.random()
        if r < 0.04:
            p = rng.randrange(players)
            a = Say(p, rng.choice(TEXTS)) if r < 0.03 else Hint(p, (p + 1) % players, "vermelho")
            if not g.can(a):   # chat is free, except for a seat that is out of the hand (MS)
                continue
        elif r < 0.20 and g.out_of_turn_seats():
            seat = rng.choice(g.out_of_turn_seats())
            acts = g.legal_actions(seat)
            if not acts:
                continue
            a = complete(g, rng.choice(acts), rng.choice)
        else:
            acts = g.legal_actions(g.to_act)
            assert acts, f"no legal action for the seat in turn: {g!r}"
            a = complete(g, rng.choice(acts), rng.choice)
        assert g.can(a), f"listed action {a} refused: {g!r}"
        ev = g.apply(a)
        _after(g, known, views, steps, check_every)
        n_rev += sum(1 for e in ev if e.kind in ("challenge", "accuse"))
        assert len(g.reveals) >= n_rev  # every challenge / accusation shows a hand (CLA may show more)
    g.check_invariants()
    if g.over:
        assert g.winner is not None
        assert all(g.legal_actions(p) == [] for p in range(g.n))
    return g, steps


def _after(g, known, views, steps, check_every):
    g.check_invariants()
    if views:
        _note_public(g, known)
    if views and steps % check_every == 0:
        for seat in range(g.n):
            _check_view(g, seat, known)


def _check_replay(g):
    rec = g.record()
    g2 = replay(loads(dumps(rec)))
    assert g2.fingerprint() == g.fingerprint()
    assert list(g2.events) == list(g.events) or len(g2.events) == len(g.events)
    for _t, d in rec["actions"]:
        assert action_from_dict(d).to_dict() == d


# ---------------------------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10), rules=rule_codes(),
       enforcement=st.sampled_from(["strict", "table"]))
def test_property_cards_conserved_strictness_views_and_replay(seed, players, rules, enforcement):
    g, _ = run_random_game(seed, players, rules, enforcement, cap=400, seconds=2.0)
    _check_replay(g)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=rule_codes())
def test_property_strict_mode_never_accepts_an_illegal_play(seed, players, rules):
    """Random plays from random cards in hand at every step: refused ones raise and change nothing; accepted
    ones are among the enumerated legal actions."""
    rng = random.Random(seed)
    g = Game.new(players=players, rules=rules, seed=seed)
    t_end = time.monotonic() + 1.0
    for _ in range(300):
        if g.over or time.monotonic() > t_end:
            break
        for _ in range(4):
            _check_probe(g, _random_play(g, rng))
        for seat in range(g.n):
            for a in g.legal_actions(seat):
                assert g.can(a) or (a.more and g.expand(a)), f"legal_actions lists {a} but can() refuses it"
        g.apply(complete(g, rng.choice(g.legal_actions(g.to_act)), rng.choice))
        g.check_invariants()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10), rules=rule_codes(),
       enforcement=st.sampled_from(["strict", "table"]))
def test_property_record_replay_is_identical(seed, players, rules, enforcement):
    g, _ = run_random_game(seed, players, rules, enforcement, cap=1500, probes=False, views=False, seconds=1.5)
    _check_replay(g)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5),
       digits=st.sampled_from(["1111", "1121", "2111", "3121", "1112", "1122"]),
       extra=st.sampled_from(["", " DED", " DED-P2", " C-DED-P4", " DR-DED-P1"]))
def test_property_views_never_show_hidden_cards(seed, players, digits, extra):
    """Challenges and accusations happen often here; a view shows another hand only through them."""
    rng = random.Random(seed)
    g = Game.new(players=players, rules=f"UNO {digits}{extra}", seed=seed)
    known = Known(set() for _ in range(players))
    _note_public(g, known)
    for _step in range(400):
        if g.over:
            break
        acts = g.legal_actions(g.to_act)
        pref = [a for a in acts if type(a).__name__ in ("Challenge",)]
        if not pref:
            for s in g.out_of_turn_seats():
                pref += [a for a in g.legal_actions(s) if type(a).__name__ == "Accuse"]
        wild4 = [a for a in acts if isinstance(a, Play) and a.cards and a.cards[-1].code == "W+4"]
        a = rng.choice(pref or wild4 or acts) if rng.random() < 0.7 else rng.choice(acts)
        g.apply(complete(g, a, rng.choice))
        _note_public(g, known)
        for seat in range(players):
            _check_view(g, seat, known)
        # each reveal answers one challenge (C1: to all, C2: to the challenger only) or accusation (to all)
        opened = [e for e in g.events if e.kind in ("challenge", "accuse")]
        assert len(opened) == len(g.reveals)
        for e, (viewers, s, _cs) in zip(opened, g.reveals):
            if e.kind == "challenge" and g.rules.reveal == 2:
                assert viewers == frozenset({e.player}) and s == e.detail[0]
            else:
                assert viewers is None


# ---------------------------------------------------------------------------------------------- harness

SINGLE = [alone(c) for c in sorted(IMPLEMENTED)] + [s for s in SILENCE if s != "S"]  # BOMB: DR-BOMB
COMBOS = ["C-DR-P3-PRE", "C-DD-P1", "DR-P4-SU-PRE", "DED-P2-MEM", "DD-P1", "DR-P2", "C-DR-DED-P4-SPPT-MEM-PRE",
          "C-DED", "C-S", "DR-DED-S", "DD-DED-P3-SSE", "C-DR-P4", "C-DD-DED-P2-SSSU-PRE", "DR-ST-MEM"]


def _greedy(base: str, extra) -> str:
    """``base`` plus every code of ``extra`` that still parses (conflicting ones are left out)."""
    code = base
    for c in extra:
        try:
            RuleSet.parse(f"UNO 1121 {code}-{c}")
        except RuleCodeError:
            continue
        code = f"{code}-{c}"
    return code


if OTHER_IMPLEMENTED:
    COMBOS += [_greedy("C-DR-P3", OTHER_IMPLEMENTED), _greedy("DD-DED-P1-S", reversed(OTHER_IMPLEMENTED))]
HARNESS = ([("UNO 1121", None)] + [(f"UNO 1121 {c}", None) for c in SINGLE] +
           [(f"UNO {d} {c}", None) for d, c in zip(["1121", "2111", "3122", "1212", "2221", "1111", "1122", "3211",
                                                     "1121", "2112", "1211", "3121", "1222", "2122", "1121"],
                                                    COMBOS)])


@pytest.mark.parametrize("enforcement", ["strict", "table"])
@pytest.mark.parametrize("rules", [r for r, _ in HARNESS])
def test_harness_random_play_every_accepted_rule_set(rules, enforcement):
    rs = RuleSet.parse(rules)  # every rule set here must be accepted
    finished = 0
    core = set(rs.codes) <= KNOWN
    for i, players in enumerate((2, 4, 7) if core else (4,)):
        seed = zlib.crc32(f"{rules}|{enforcement}|{i}".encode()) & 0xFFFF
        g, _steps = run_random_game(seed, players, rules, enforcement, cap=STEP_CAP, probes=True, views=True,
                                   check_every=100, seconds=None if core else 2.0, probe_rate=0.1)
        finished += g.over
        _check_replay(g)
    if core and enforcement == "strict" and not rs.has("S"):
        # (rules that slow random play down -- BU, DP, IE..., S's speech penalties -- and table mode's
        # penalties may hit the cap)
        assert finished >= 1, f"no game finished within {STEP_CAP} steps under {rules}"
