"""Perft: the golden corpus tests/engine/golden/perft.json (made by tests/engine/golden/make_perft.py).

For fixed positions (dealt hands and puzzles) and several rule codes, the number of distinct legal
action sequences of length 1 to 4 (every seat's actions, out of turn included; see the definition in
make_perft.py). The referee must reproduce every count, and the fast core (``FastGame.from_game``,
its own ``clone()`` for copies) the counts of the official codes. A change that adds, drops or
duplicates a legal action anywhere near these positions changes a count.

Copies: ``copy.deepcopy(game)`` is a correct copy (it copies the seeded generator, so the copy draws
what the original would). Re-dealing from the seed and re-applying the actions is correct too, and
gives the same counts. ``replay(game.record())`` is not: its chance is scripted from the record, so
the first chance outcome the record does not hold (a reshuffle) is refused.
"""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path

import pytest

from unokit.core.errors import ReplayMismatchError
from unokit.engine.game import Game
from unokit.engine.playback import replay
from unokit.fast import FastGame

GOLDEN = Path(__file__).resolve().parent / "golden"
_spec = importlib.util.spec_from_file_location("make_perft", GOLDEN / "make_perft.py")
make_perft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_perft)

DATA = json.loads((GOLDEN / "perft.json").read_text(encoding="utf-8"))
DEPTHS = DATA["depths"]
POSITIONS = DATA["positions"]
FAST_CODES = [c for c in DATA["codes"] if FastGame.covers(Game.new(2, c, seed=1))]


def perft_counts(game: Game, depth: int) -> list[int]:
    """[perft(game, 1), ..., perft(game, depth)] in one walk (copies by deepcopy)."""
    if game.over:
        return [1] * depth
    acts = make_perft.legal(game)
    out = [len(acts)] + [0] * (depth - 1)
    if depth > 1:
        for a in acts:
            child = copy.deepcopy(game)
            child.apply(a)
            for k, v in enumerate(perft_counts(child, depth - 1), 1):
                out[k] += v
    return out


def perft_counts_fast(f: FastGame, depth: int) -> list[int]:
    """The same on the fast core, copies by FastGame.clone()."""
    if f.over:
        return [1] * depth
    ids = [i for s in range(f.n) for i in f.legal_ids(s)]
    out = [len(ids)] + [0] * (depth - 1)
    if depth > 1:
        for i in ids:
            child = f.clone()
            child.apply(i)
            for k, v in enumerate(perft_counts_fast(child, depth - 1), 1):
                out[k] += v
    return out


def test_the_corpus():
    assert DATA["format"] == "unokit-perft/1" and DEPTHS == [1, 2, 3, 4]
    assert DATA["codes"] == list(make_perft.CODES) and len(POSITIONS) == 12
    assert {"UNO 1121", "UNO 2212"} <= set(FAST_CODES) and "UNO 1121 C" not in FAST_CODES
    for code in DATA["codes"]:
        assert set(DATA["perft"][code]) == {p["name"] for p in POSITIONS}


@pytest.mark.parametrize("code", DATA["codes"])
def test_referee_perft(code):
    got = {p["name"]: perft_counts(make_perft.position(p, code), len(DEPTHS)) for p in POSITIONS}
    assert got == DATA["perft"][code]


@pytest.mark.parametrize("code", FAST_CODES)
def test_fast_core_perft(code):
    got = {p["name"]: perft_counts_fast(FastGame.from_game(make_perft.position(p, code)), len(DEPTHS))
           for p in POSITIONS}
    assert got == DATA["perft"][code]
    if code == "UNO 1121":  # the fast core's own deal too
        for p in POSITIONS:
            if "seed" in p:
                f = FastGame(p["players"], p["seed"])
                assert perft_counts_fast(f, len(DEPTHS)) == DATA["perft"][code][p["name"]]


def test_copies_by_deepcopy_and_by_dealing_again_agree():
    def perft_by_redeal(setup, code, actions, depth):
        g = make_perft.position(setup, code)
        for a in actions:
            g.apply(a)
        if depth == 0 or g.over:
            return 1
        acts = make_perft.legal(g)
        if depth == 1:
            return len(acts)
        return sum(perft_by_redeal(setup, code, actions + [a], depth - 1) for a in acts)

    for name in ("deal-3p-seed1", "puzzle-wild-draw-four", "puzzle-stacking-and-cuts"):
        setup = next(p for p in POSITIONS if p["name"] == name)
        for code in ("UNO 1121", "UNO 1121 P4"):
            assert perft_by_redeal(setup, code, [], 3) == DATA["perft"][code][name][2]


def test_a_replayed_record_is_not_a_copy():
    """After the Wild Draw Four of the puzzle, a wrong challenge draws 6 from a stock of 2: a reshuffle.
    The deepcopy draws it; the replayed record has no outcome for it."""
    setup = next(p for p in POSITIONS if p["name"] == "puzzle-wild-draw-four")
    g = make_perft.position(setup, "UNO 1121")
    play = next(a for a in g.legal_actions(0) if a.kind == "play" and a.cards[0].code == "W+4")
    g.apply(play)
    challenge = next(a for a in g.legal_actions(1) if a.kind == "challenge")
    copied = copy.deepcopy(g)
    copied.apply(challenge)
    assert any(e.kind == "reshuffle" for e in copied.events)
    again = copy.deepcopy(g)
    again.apply(challenge)
    assert again.fingerprint() == copied.fingerprint()  # the copy's generator is the original's
    with pytest.raises(ReplayMismatchError):
        replay(g.record()).apply(challenge)
