"""Issue 9, point 6: the referee answers the moves of an official hand on the fast core until its full state
is wanted (``unokit.engine.referee.lazy``), and is the same game either way.

Every test plays the default ``Game.new`` (lazy) beside ``Game.new(..., core="referee")`` and compares what a
client sees: the legal actions of every seat (in turn and out of turn), refusals (class, message, nothing
changed), events, the final state, the record; and the moment it materializes.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit import Game
from unokit.core.actions import Action, CatchUno, Draw, Hint, Pass, Play, Say, SayUno
from unokit.core.cards import Card
from unokit.core.errors import IllegalActionError


def _probe(g, rng):
    seat = rng.randrange(g.n)
    return rng.choice([Draw(seat), Pass(seat), SayUno(seat), CatchUno(seat, (seat + 1) % g.n),
                       Play(seat, (rng.choice(Card.ALL[:54]),))])


def _refusal(g, a):
    try:
        g.verify(a)
    except IllegalActionError as e:
        return type(e), str(e)
    return None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10), digits=st.sampled_from(["1121", "2212", "1111"]))
def test_lazy_referee_plays_the_same_game_as_the_full_referee(seed, players, digits):
    rules = f"UNO {digits}"
    lazy, full = Game.new(players, rules, seed=seed), Game.new(players, rules, seed=seed, core="referee")
    # the fast core deals the simplified pre-game (A=1); the traditional deal (A=2) stays on the referee
    assert (lazy.engine == "fast") == (digits[0] == "1") and full.engine == "referee"
    rng = random.Random(seed)
    steps = 0
    while not full.over and steps < 600:
        for s in range(players):
            assert lazy.legal_actions(s) == full.legal_actions(s)
            assert lazy.legal_actions(s, turn=False) == full.legal_actions(s, turn=False)
        probe = _probe(full, rng)
        assert _refusal(lazy, probe) == _refusal(full, probe) and lazy.can(probe) == full.can(probe)
        if _refusal(full, probe) is not None:
            with pytest.raises(IllegalActionError):
                lazy.apply(probe)
        assert lazy.to_act == full.to_act and lazy.over == full.over
        a = rng.choice(full.legal_actions(full.to_act))
        assert tuple(lazy.apply(a)) == tuple(full.apply(a))  # the events, built when read
        steps += 1
    assert lazy.winner == full.winner
    assert lazy.fingerprint() == full.fingerprint() and lazy.record() == full.record()
    assert type(lazy) is Game and lazy.events == full.events


def test_lazy_referee_stays_on_the_fast_core_while_only_moves_are_asked():
    g = Game.new(2, seed=4)
    rng = random.Random(4)
    while not g.over:
        g.apply(rng.choice(g.legal_actions(g.to_act)))
    assert g.engine == "fast" and type(g) is Game and g.winner is not None


@pytest.mark.parametrize("touch", ["view", "record", "hands", "events", "say", "repr"])
def test_lazy_referee_materializes_when_its_state_is_wanted_and_plays_on_the_same(touch):
    lazy, full = Game.new(3, seed=9), Game.new(3, seed=9, core="referee")
    rng = random.Random(9)
    for _ in range(25):
        a = rng.choice(full.legal_actions(full.to_act))
        lazy.apply(a)
        full.apply(a)
    if touch == "view":
        assert lazy.view(1) == full.view(1)
    elif touch == "record":
        assert lazy.record() == full.record()
    elif touch == "hands":
        assert lazy.hands == full.hands
    elif touch == "events":
        assert lazy.events == full.events
    elif touch == "say":
        assert tuple(lazy.apply(Say(0, "oi"))) == tuple(full.apply(Say(0, "oi")))
    else:
        assert repr(lazy) == repr(full)
    assert type(lazy) is Game and lazy.engine == "referee"
    while not full.over:
        a = rng.choice(full.legal_actions(full.to_act))
        assert tuple(lazy.apply(a)) == tuple(full.apply(a))
    assert lazy.fingerprint() == full.fingerprint()


def test_lazy_referee_copies_play_on_independently():
    g = Game.new(2, seed=12)
    rng = random.Random(12)
    for _ in range(10):
        g.apply(rng.choice(g.legal_actions(g.to_act)))
    h = copy.deepcopy(g)
    assert h.engine == "fast"
    a = h.legal_actions(h.to_act)[0]
    h.apply(a)
    assert len(g.record()["actions"]) + 1 == len(h.record()["actions"])


def test_house_rules_table_enforcement_and_clocks_use_the_full_referee():
    from unokit.core.chance import ManualClock
    for g in (Game.new(2, "UNO 1121 DR", seed=1), Game.new(2, seed=1, enforcement="table"),
              Game.new(2, seed=1, clock=ManualClock()), Game.new(2, seed=1, deck="112"),
              Game.new(2, seed=1, core="referee")):
        assert g.engine == "referee"
    with pytest.raises(Exception, match="core must be"):
        Game.new(2, seed=1, core="fast")


def test_lazy_referee_refuses_bad_seats_like_the_referee():
    lazy, full = Game.new(2, seed=3), Game.new(2, seed=3, core="referee")
    for seat in (9, -1, "0"):
        with pytest.raises(IllegalActionError) as a:
            lazy.legal_actions(seat)
        with pytest.raises(IllegalActionError) as b:
            full.legal_actions(seat)
        assert (type(a.value), str(a.value)) == (type(b.value), str(b.value))
    assert _refusal(lazy, Hint(0, 0)) == _refusal(full, Hint(0, 0))
    assert Action.parse("0 draw") in lazy.legal_actions(0) or lazy.to_act != 0
