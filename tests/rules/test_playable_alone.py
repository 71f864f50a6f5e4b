"""Game.can_play_alone for the cards a rule arms with a seat to name (CLA's 1, T's 0) or cards to give (DOA's 2).

The draw rules that ask whether a card can be played alone (SAT, INS, FORCE, CON's options, TRI's own draw) must
count such a card as playable when some complete legal play of it alone exists: with a seat from the rules'
targets and, for DOA, gifts from the hand. Before, the referee's probe named no seat and gave nothing, so a
matching CLA 1 or DOA 2 was never playable alone: SAT drew past it, CON's option was lost, FORCE let the seat
draw.
"""

from __future__ import annotations

import pytest
from conftest import A, B, C, Card, Game, Pass, Phase, Play, assert_refused, draw, hand, pos, sizes

from unokit.core.actions import Draw
from unokit.core.cards import parse_cards


def mk(player, cards, target=None, give=""):
    return Play(player, tuple(parse_cards(cards)), target=target, give=tuple(parse_cards(give)))


# ============================================================================================== CLA


def test_SAT_draws_stop_at_a_matching_CLA_card():
    g = pos(["B6 B7", "Y1 Y2", "G3 G4"], discard="R5", stock="Y3 R1 R8", rules="UNO 1121 SAT-CLA")
    draw(g, A)
    assert hand(g, A) == ["B6", "B7", "Y3", "R1"]
    assert g.phase == Phase.DRAWN and g.drawn.code == "R1"
    g.apply(mk(A, "R1", target=C))
    assert g.top.code == "R1" and g.current == B
    assert [e.detail for e in g.events if e.kind == "sees-hand"] == [(C,)]


def test_SAT_draws_past_a_CLA_card_that_does_not_match():
    g = pos(["B6 B7", "Y2 Y3"], discard="R5", stock="Y1 R7 R8", rules="UNO 1121 SAT-CLA")
    draw(g, A)
    assert hand(g, A) == ["B6", "B7", "Y1", "R7"] and g.drawn.code == "R7"


def test_SAT_holding_a_matching_CLA_card_the_draw_is_one_card():
    # a seat that could play its CLA 1 draws by choice: one card (SAT's drawing is for a seat that cannot play)
    g = pos(["R1 B2", "Y1 Y2"], discard="R5", stock="Y3 G4 R7", rules="UNO 1121 SAT-CLA")
    draw(g, A)
    assert hand(g, A) == ["R1", "B2", "Y3"] and g.current == B


def test_INS_holding_a_matching_CLA_card_the_card_drawn_may_be_played():
    # INS bars only a card drawn because the seat could not play; the CLA 1 held was playable
    g = pos(["R1 B2", "Y1 Y2"], discard="R5", stock="R7 R8", rules="UNO 1121 INS-CLA")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.drawn.code == "R7"
    g.apply(mk(A, "R7"))
    assert g.top.code == "R7"


def test_FORCE_a_matching_CLA_card_held_forbids_the_draw():
    g = pos(["R1 B2", "Y1 Y2"], discard="R5", stock="R7 R8", rules="UNO 1121 FORCE-CLA")
    assert_refused(g, Draw(A))


def test_CON_CLA_card_drawn_for_a_draw_two_may_be_played_naming_a_seat():
    g = pos(["B5 B6", "Y1 Y2", "G3 G4"], discard="R+2", stock="R1 Y8 R8", rules="UNO 1121 CON-CLA", pending=2)
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.current == A and g.drawn.code == "R1"
    g.apply(mk(A, "R1", target=B))
    assert g.top.code == "R1" and hand(g, A) == ["B5", "B6", "Y8"]


def test_TRI_own_draw_offers_a_matching_CLA_card():
    # TRI's draw goes through the draw rules' hook: a seat not answering a 3 may play the CLA 1 it drew
    g = pos(["B6 B7", "Y1 Y2", "G3 G4"], discard="R5", stock="R1 R8", rules="UNO 1121 TRI-CLA")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.drawn.code == "R1"
    g.apply(mk(A, "R1", target=B))
    assert g.current == B


# ============================================================================================== DOA


def test_DOA_two_drawn_under_CON_can_be_played_with_its_gifts():
    g = pos(["B5 B6", "Y1 Y2"], discard="R+2", stock="R2 Y8 R8", rules="UNO 1121 CON-DOA", pending=2)
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.drawn.code == "R2"
    g.apply(mk(A, "R2", target=B, give="B5 B6"))
    assert hand(g, A) == ["Y8"] and sizes(g)[B] == 4 and g.top.code == "R2"


def test_SAT_draws_stop_at_a_matching_DOA_two():
    g = pos(["B6 B7", "Y1 Y3"], discard="R5", stock="Y4 R2 R8", rules="UNO 1121 SAT-DOA")
    draw(g, A)
    assert hand(g, A) == ["B6", "B7", "Y4", "R2"] and g.drawn.code == "R2"
    g.apply(mk(A, "R2", target=B, give="Y4 B6"))
    assert hand(g, A) == ["B7"]


def test_FORCE_a_matching_DOA_two_held_forbids_the_draw():
    g = pos(["R2 B6", "Y1 Y3"], discard="R5", stock="R7 R8", rules="UNO 1121 FORCE-DOA")
    assert_refused(g, Draw(A))


def test_INS_holding_a_matching_DOA_two_the_card_drawn_may_be_played():
    g = pos(["R2 B6", "Y1 Y3"], discard="R5", stock="R7 R8", rules="UNO 1121 INS-DOA")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.drawn.code == "R7"


def test_TRI_own_draw_offers_a_matching_DOA_two():
    g = pos(["B6 B7", "Y1 Y3"], discard="R5", stock="R2 R8", rules="UNO 1121 TRI-DOA")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.drawn.code == "R2"
    g.apply(Pass(A))
    assert g.current == B


def test_FL_DOA_two_that_could_only_go_out_by_donating_is_not_playable_alone():
    # under FL a hand may not end by giving cards away; a 2 with one card left to give has no legal play alone
    g = pos(["B5", "Y1 Y3"], discard="R+2", stock="R2 R8", rules="UNO 1121 CON-DOA-FL", pending=2)
    draw(g, A)
    assert hand(g, A) == ["B5", "R2", "R8"] and g.phase == Phase.DRAWN
    assert [c.code for c in g.drawn_options] == ["R8"]


@pytest.mark.parametrize("rules", ["UNO 1121 SAT-T", "UNO 1121 SAT"])
def test_SAT_draws_stop_at_a_matching_zero_with_or_without_T(rules):
    # T's 0 may name nobody (its targets start with None): it always was playable alone
    g = pos(["B6 B7", "Y1 Y2"], discard="R5", stock="Y3 R0 R8", rules=rules)
    draw(g, A)
    assert g.drawn.code == "R0"


# ============================================================================================== pairs of seats


@pytest.mark.parametrize("rules", ["UNO ALLWILD(swap=pair) FORCE", "UNO ALLWILD FORCE"])
def test_FORCE_a_Forced_Swap_held_forbids_the_draw_whether_it_names_one_seat_or_two(rules):
    # All Wild's Forced Swap names a seat, or two seats under swap=pair (compose.targets_of lists pairs)
    g = Game.from_position(["WFS WFS", "WR WS", "WS WR"], "WR", rules=rules, deck="allwild")
    assert g.can_play_alone(A, Card.parse("WFS"))
    assert_refused(g, Draw(A))
