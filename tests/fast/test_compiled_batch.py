"""Many hands held at once (unokit.fast.batch.Batch over unokit/fast/_vector.h).

Each hand of a batch is the compiled core's hand: stepped with the same moves it goes through the
same states as compiled.trace (itself proven against the referee); a refused move changes no hand;
10^5 hands fit in well under 1 GiB.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from unokit.core.errors import UnoError
from unokit.fast import compiled
from unokit.fast.batch import MOVES, Batch

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


@pytest.mark.parametrize("rules,players", [("UNO 1121", 2), ("UNO 1122", 4), ("UNO 1121 P4", 3),
                                           ("UNO 1121 ADDUP", 2), ("UNO 1121 SAT DRAWPLAY", 3)])
def test_batch_hands_go_through_the_traces_states(rules, players):
    b = Batch(40, players=players, rules=rules, seed=7, chance="referee")
    rng = random.Random(3)
    moves_by_hand = [[] for _ in range(b.count)]
    while not b.done.all():
        mask = b.legal_mask()
        moves = np.full(b.count, -1, dtype=np.int16)
        for i in np.flatnonzero(~b.done):
            legal = np.flatnonzero(mask[i])
            assert len(legal), "an unfinished hand always offers a move"
            moves[i] = rng.choice(legal.tolist())
            moves_by_hand[i].append(b.move_id(int(i), int(moves[i])))
        b.step(moves)
    for i in range(b.count):
        _, steps = compiled.trace(players, int(b.seeds[i]), rules=rules, decisions=moves_by_hand[i])
        assert list(steps[-1][3]) == list(b.state(i)), f"hand {i}"
        assert b.winners[i] == steps[-1][3][-1]


def test_batch_refused_move_changes_no_hand():
    b = Batch(5, players=2, seed=1)
    before = [b.state(i) for i in range(5)]
    moves = b.random_moves(seed=1).copy()
    bad = np.flatnonzero(b.legal_mask()[0] == 0)[0]
    moves[0] = bad
    with pytest.raises(UnoError, match="not legal"):
        b.step(moves)
    assert [b.state(i) for i in range(5)] == before
    with pytest.raises(UnoError, match="one move per hand"):
        b.step(moves[:3])


def test_batch_of_100000_hands_in_well_under_1_gib():
    b = Batch(100_000, players=4, seed=3)
    assert b.count == 100_000 and b.nbytes == 100_000 * b.bytes_per_hand
    assert b.nbytes < 512 * 2**20
    b.step(b.random_moves(seed=0))      # every hand moves once
    assert (b.to_act >= 0).all() or b.done.any()


def test_batch_masks_name_the_seat_to_acts_moves():
    b = Batch(30, players=3, rules="UNO 1121 ADDUP", seed=2)
    mask = b.legal_mask()
    assert mask.shape == (30, MOVES)
    for i in range(30):
        seat = int(b.to_act[i])
        for k in np.flatnonzero(mask[i]):
            assert compiled.to_action(b.move_id(i, int(k))).player == seat


def test_batch_refuses_what_the_compiled_core_does_not_play():
    with pytest.raises(UnoError, match="referee only"):
        Batch(3, rules="UNO 1121 DED-I")   # (DED: tests/fast/test_compiled_ded.py)
    with pytest.raises(UnoError):
        Batch(-1)
