"""The places of a hand's cards in each order a page may show (``handorder.order_places``, behind the state message's
``hand_order``; issue 24, point 3): the same orders as ``guide_order`` and ``colour_order``, cards alike in hand order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.decks import DECKS, build_deck
from unokit.play.handorder import colour_order, guide_order, order_places
from unokit.play.wire import hand_orders

CODES = sorted({c.code for name in DECKS for c in build_deck(name)})


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(CODES[:30]) | st.sampled_from(CODES), max_size=20))
def test_the_places_give_the_guides_order_and_the_colour_order_with_cards_alike_in_hand_order(hand):
    guide, colour = order_places(hand)
    for places, ordered in ((guide, guide_order(hand)), (colour, colour_order(hand))):
        assert sorted(places) == list(range(len(hand)))
        assert [hand[i] for i in places] == ordered
        for code in set(hand):          # cards alike: in the order they are held
            mine = [i for i in places if hand[i] == code]
            assert mine == sorted(mine)
    assert hand_orders(hand) == {"guide": guide, "colour": colour}


def test_the_guides_example_and_a_hand_of_duplicates():
    assert order_places(["Y1", "G1", "Y3", "B3", "B4"])[0] == [1, 0, 2, 3, 4]
    assert order_places(["R5", "R5", "W", "R5"]) == ([0, 1, 3, 2], [0, 1, 3, 2])
