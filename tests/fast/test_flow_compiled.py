"""The RL env's decision flow in the compiled core (issue 27, point 1): the reaction order. C asks a
window's seats in the order the Python :class:`unokit.env.core.Flow` asks them (random.Random(seed ^ 0x5EED)
shuffling :func:`unokit.engine.flow.reaction_seats`'s candidates), hand after hand, 2-6 players."""
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unokit.env.core as core
from unokit.env.actions import table_for
from unokit.env.observe import Encoder
from unokit.fast import _ccore

ORIGINAL = core.reaction_seats


def recorded_orders(monkeypatch: pytest.MonkeyPatch, rules: str, players: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """(candidates, order asked) of each reaction round of one Flow hand played by a seeded random legal policy."""
    calls: list[tuple[list[int], list[int]]] = []

    def recording(game, rng, players_=None, seats=None, *, turn_seat=True):
        assert players_ is None and seats is None and not turn_seat  # what the Flow asks
        before = [s for s in game.out_of_turn_seats() if s != game.to_act]
        after = ORIGINAL(game, rng, players_, seats, turn_seat=turn_seat)
        calls.append((before, list(after)))
        return after

    monkeypatch.setattr(core, "reaction_seats", recording)
    table = table_for(rules, players)
    flow = core.Flow(table.rules, players, seed, table=table, encoder=Encoder(table), max_decisions=3000)
    policy = random.Random(seed * 7 + players)
    while not flow.over:
        flow.answer(policy.choice(np.flatnonzero(flow.mask()).tolist()))
    monkeypatch.undo()
    return calls


def c_orders(key: int, calls) -> list[list[int]]:
    return _ccore.flow_order_check(key, [before for before, _ in calls])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**62), players=st.integers(2, 6), rules=st.sampled_from(["UNO 1121", "UNO 1121 JUMPIN"]))
def test_issue27_point1_c_asks_reaction_seats_in_the_flows_order(seed, players, rules):
    with pytest.MonkeyPatch.context() as mp:
        calls = recorded_orders(mp, rules, players, seed)
    assert c_orders(seed ^ 0x5EED, calls) == [after for _, after in calls]


def test_issue27_point1_reaction_order_check_can_fail(monkeypatch):
    """Mutation check: rounds with several seats occur, and the wrong key (the seed without 0x5EED) or a
    dropped round puts some seats in another order."""
    wrong_key = dropped = shuffled = 0
    for seed in range(6):
        calls = recorded_orders(monkeypatch, "UNO 1121 JUMPIN", 5, seed)
        shuffled += sum(len(before) >= 2 for before, _ in calls)
        truth = [after for _, after in calls]
        assert c_orders(seed ^ 0x5EED, calls) == truth
        wrong_key += c_orders(seed, calls) != truth
        many = [i for i, (before, _) in enumerate(calls) if len(before) >= 3]
        if many:
            cut = calls[:many[0]] + calls[many[0] + 1:]
            dropped += c_orders(seed ^ 0x5EED, cut) != truth[:many[0]] + truth[many[0] + 1:]
    assert shuffled > 0 and wrong_key > 0 and dropped > 0


def test_issue27_point1_reaction_order_bad_input_is_a_typed_error():
    with pytest.raises(ValueError):
        _ccore.flow_order_check(1, [[0, 11]])
    with pytest.raises(TypeError):
        _ccore.flow_order_check(1, [None])
