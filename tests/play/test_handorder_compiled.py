"""The compiled hand orders (``unokit/fast/_handorder.h``) equal the Python statement of both orders
(``handorder._places``: the guide's arrangement and the colour order) on every hand it takes: random hands of
every deck's codes, hands where one number comes in many colours (the guide's joins), big hands, and odd codes
(lower case, empty, long, unknown letters). A hand it does not take (a code that is not ASCII, more than 256
cards) is answered None and ordered by Python (issue 24, point 3: the hand that played is ordered at every
action of a web table)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.decks import DECKS, build_deck
from unokit.play import handorder
from unokit.play.handorder import _places, order_places, place_tuples

pytestmark = pytest.mark.skipif(handorder._COMPILED is None, reason="the compiled core is not built")

CODES = sorted({c.code for name in DECKS for c in build_deck(name)})
NUMBERS = [c for c in CODES if len(c) == 2 and c[1].isdigit()]
ODD = ["", "W", "w", "r7", "Rx", "R", "R10", "Z5", "X", "+4", "WS", "RS", "rs", "R+2", "W+4", "PS", "V+5",
       "G" * 40, "B9" * 20, "T0", "O", "Wild"]


def _same(hand):
    compiled = handorder._COMPILED(list(hand))
    assert compiled is not None, hand
    guide, colour = _places(list(hand))
    assert compiled == (tuple(guide), tuple(colour)), hand


def test_the_compiled_orders_equal_pythons_on_random_hands_of_every_deck_and_many_colours_to_a_number():
    rng = random.Random(24)
    for _ in range(6000):
        size = rng.choice([0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 45])
        pool = rng.choice([CODES, NUMBERS, NUMBERS[:40], NUMBERS + ODD, ODD + CODES[:20]])
        _same([rng.choice(pool) for _ in range(size)])


@settings(max_examples=400, deadline=None)
@given(hand=st.lists(st.sampled_from(NUMBERS) | st.sampled_from(CODES) | st.sampled_from(ODD), max_size=40))
def test_the_compiled_orders_equal_pythons_on_any_hand_of_known_and_odd_codes(hand):
    _same(hand)


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.text(alphabet="RYGBPTOVWrygbw0123456789+SRX", max_size=4), max_size=25))
def test_the_compiled_orders_equal_pythons_on_any_ascii_codes(hand):
    _same(hand)


def test_a_hand_the_compiled_orders_do_not_take_is_ordered_by_python():
    for hand in (["R7", "Vermelho 7é", "G2"], ["R1"] * 257, ["R1", "x" * 49]):
        assert handorder._COMPILED(hand) is None
        guide, colour = _places(hand)
        assert place_tuples(hand) == (tuple(guide), tuple(colour))
        assert order_places(hand) == (guide, colour)
    big = [random.Random(5).choice(CODES) for _ in range(256)]
    _same(big)


def test_the_guides_example_by_the_compiled_core():
    assert place_tuples(["Y1", "G1", "Y3", "B3", "B4"]) == ((1, 0, 2, 3, 4), (0, 2, 1, 3, 4))
