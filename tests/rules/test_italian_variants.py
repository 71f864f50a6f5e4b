"""The Italian leaflet's unofficial variants as written (003 §Varianti non ufficiali): identical numbers
together but action cards one at a time (``DD(actions=alone)``), and stacking that fits the colour in
play (``P4(color=match)``).

Seats 0, 1, 2... are A, B, C...
"""

from __future__ import annotations

from conftest import A, B, assert_refused, hand, mk_play, play

from unokit.engine.game import Game, Phase


def test_DD_actions_alone_le_carte_azione_devono_essere_giocate_una_per_volta():
    g = Game.from_position(["R5 R5 RS RS G1", "B1 B2", "G2 G3"], "R9", rules="UNO 1121 DD(actions=alone)")
    assert_refused(g, mk_play(A, "RS RS"))
    play(g, A, "R5 R5")                       # "carte identiche per numero e per colore": together
    assert hand(g, A) == ["RS", "RS", "G1"]
    g = Game.from_position(["R5 R5 RS RS G1", "B1 B2", "G2 G3"], "R9", rules="UNO 1121 DD")
    play(g, A, "RS RS")                       # the guide's DD: identical action cards together too
    assert hand(g, A) == ["R5", "R5", "G1"]


def test_P4_color_match_compatibilmente_con_il_colore_attivo():
    rules = "UNO 1121 P4(color=match)"
    g = Game.from_position(["R+2 B7", "G+2 Y+2 W+4 R+2", "G1 G2"], "R9", rules=rules)
    play(g, A, "R+2")
    assert g.phase == Phase.PENDING and g.current == B
    assert_refused(g, mk_play(B, "G+2"))      # red in play: a green +2 does not fit
    play(g, B, "W+4", "Y")                    # a wild always fits: yellow now
    assert g.pending == 6
    g2 = Game.from_position(["R+2 B7", "G+2 Y+2 W+4 R+2", "G1 G2"], "R9", rules="UNO 1121 P4")
    play(g2, A, "R+2")
    play(g2, B, "G+2")                        # the guide's P4 ignores the colour
    assert g2.pending == 4 and g2.current == 2
