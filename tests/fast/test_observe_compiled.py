"""Observations written by C (issue 27, point 2: the batched env's observation encoding, proven by a
differential test): ``Batch.observe`` over unokit/fast/_observe.h against ``Encoder.encode`` of the referee's
view of the same hand.

The same moves are played in a :class:`Batch` with the referee's chance and in ``Game.new(players, rules,
seed=...)`` (the batch's move ids mapped by ``compiled.to_action``); after the deal and after every move C's
observation of every seat equals the encoder's, element for element. A batch whose history C does not keep
up to date, or whose challenged hands are shown to the wrong seats, is caught (the test can fail).
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.errors import UnoError
from unokit.engine.game import Game
from unokit.env.actions import ActionTable
from unokit.env.observe import Encoder, HistoryTracker
from unokit.fast import compiled
from unokit.fast.batch import Batch

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")

def differences(players: int, rules: str, seeds, *, move_seed: int = 0, mutate=None) -> tuple[set[str], Counter]:
    """Play ``seeds`` in C and in the referee with the same random moves; the blocks whose values ever differed,
    and how many of each event the hands had. ``mutate(batch)``: a bug put into the batch before it moves."""
    enc = Encoder(ActionTable(rules, players))
    b = Batch(len(seeds), players=players, rules=rules, seeds=seeds, chance="referee", encoder=enc)
    if mutate:
        mutate(b)
    games = [Game.new(players, rules, seed=int(s)) for s in b.seeds]
    trackers = [HistoryTracker(players) for _ in games]
    rng = random.Random(move_seed)
    out = np.empty((b.count, enc.size), np.float32)
    bad: set[str] = set()
    for t in range(100_000):
        window = np.array([rng.random() < 0.5 for _ in games])
        for seat in range(players):
            got = b.observe(seat, out, window=window)
            for i, g in enumerate(games):
                want = enc.encode(g.view(seat), window=bool(window[i]), tracker=trackers[i])
                if not np.array_equal(got[i], want):
                    bad.update(name for name, start, size in enc.layout()
                               if not np.array_equal(got[i, start:start + size], want[start:start + size]))
        if b.done.all():
            break
        mask = b.legal_mask()
        moves = np.full(b.count, -1, np.int16)
        for i, g in enumerate(games):
            if not b.done[i]:
                moves[i] = rng.choice(np.flatnonzero(mask[i]).tolist())
                g.apply(compiled.to_action(b.move_id(i, int(moves[i]))))
        b.step(moves)
        assert [g.winner if g.winner is not None else -1 for g in games] == b.winners.tolist(), t
    return bad, Counter(e.kind for g in games for e in g.events)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       rules=st.sampled_from(["UNO 1121", "UNO 1121", "UNO 1111", "UNO 1122"]))
def test_issue27_point2_c_observation_is_the_encoders_of_every_seat_after_every_move(seed, players, rules):
    seeds = compiled.derive_seeds(seed, 3, "observe", 0, "referee")
    bad, _ = differences(players, rules, seeds, move_seed=seed)
    assert not bad, f"blocks that differ: {sorted(bad)}"


@pytest.mark.parametrize("players,rules,hands", [(2, "UNO 1121", 6), (3, "UNO 1111", 6), (4, "UNO 1122", 6),
                                                 (10, "UNO 1121", 2)])
def test_issue27_point2_challenges_reshuffles_and_ten_seats_observed_alike(players, rules, hands):
    seeds = compiled.derive_seeds(27, hands, "observe", 0, "referee")
    bad, events = differences(players, rules, seeds, move_seed=players)
    assert not bad, f"blocks that differ: {sorted(bad)}"
    assert events["challenge"] and events["reshuffle"] and events["caught"], events


def _history_not_kept(b: Batch) -> None:
    """A bug: the batch steps without bringing the public history up to date (vec_step, not obs_step)."""
    def step(moves) -> np.ndarray:
        raw = compiled._ccore.vec_step(b._v, np.asarray(moves, np.int16).tobytes())
        b.winners = np.frombuffer(raw, dtype=np.int8).copy()
        return b.winners
    b.step = step      # type: ignore[method-assign]


def _observer_args(b: Batch, *, reveal_all: bool) -> tuple:
    from unokit.fast import CARDS
    from unokit.fast.batch import _BLOCKS
    enc = Encoder(ActionTable("UNO 1121", b.players))
    layout = {name: start for name, start, _ in enc.layout()}
    return (np.array([layout[k] for k in _BLOCKS], np.int32).tobytes(), enc.size,
            bytes(enc.pos[c] for c in CARDS), np.asarray(enc._rules, np.float32).tobytes(), reveal_all)


def _shown_to_all(b: Batch) -> None:
    """A bug: a challenged hand shown to every seat under ``UNO 1121`` (C = 2: only to the challenger)."""
    b._o = compiled._ccore.obs_new(b._v, *_observer_args(b, reveal_all=True))


def test_issue27_point2_the_differential_test_can_fail():
    seeds = compiled.derive_seeds(27, 6, "observe", 0, "referee")
    bad, _ = differences(3, "UNO 1121", seeds, move_seed=3, mutate=_history_not_kept)
    assert "others" in bad
    bad, events = differences(3, "UNO 1121", seeds, move_seed=3, mutate=_shown_to_all)
    assert events["challenge"] and bad == {"revealed"}


def test_issue27_point2_observe_refuses_what_c_does_not_write():
    with pytest.raises(UnoError, match="no encoder"):
        Batch(2).observe(0)
    with pytest.raises(UnoError, match="official rules only"):
        Batch(2, rules="UNO 1121 ADDUP", encoder=Encoder(ActionTable("UNO 1121 ADDUP", 2)))
    with pytest.raises(UnoError, match="the encoder is for"):
        Batch(2, players=3, encoder=Encoder(ActionTable("UNO 1121", 2)))
    b = Batch(3, players=2, encoder=Encoder(ActionTable("UNO 1121", 2)))
    with pytest.raises(UnoError, match="seats"):
        b.observe([0, 1, 2])
    with pytest.raises(UnoError, match="seats"):
        b.observe([0, 1])
    with pytest.raises(UnoError, match="window"):
        b.observe(0, window=[True])
    with pytest.raises(UnoError, match="out"):
        b.observe(0, np.empty((3, 5), np.float32))
    out = np.full((3, b.size), 9, np.float32)
    assert b.observe([0, 1, 0], out) is out and out.max() < 9
    hand = Encoder(ActionTable("UNO 1121", 2)).offsets["hand"]
    assert out[0, hand:hand + 54].sum() == out[1, hand:hand + 54].sum() == 7    # each seat's own hand, not 9s
