"""The partners section's table choices (000, partners; issue: "table talk within a team without
penalty, and whether partners may show each other their hands, as match options")."""

from __future__ import annotations

import pytest

from unokit.core.actions import Hint
from unokit.core.errors import UnoError
from unokit.engine.game import Game
from unokit.engine.record import dumps, loads
from unokit.match import Match, MatchConfig, MatchError


def test_partners_team_talk_a_hint_to_a_partner_costs_nothing():
    g = Game.from_position(["R1 R2 R3", "G1 G2", "Y1 Y2", "B1 B2"], "R9", "G3 G4 G5 G6 G7 G8")
    g.set_teams(((0, 2), (1, 3)), talk=True)
    g.apply(Hint(0, 2, "play yellow"))
    assert len(g.hands[0]) == 3                      # to the partner: free
    g.apply(Hint(0, 1, "play green"))
    assert len(g.hands[0]) == 5                      # to an opponent: the official 2 cards
    h = Game.from_position(["R1 R2 R3", "G1 G2", "Y1 Y2", "B1 B2"], "R9", "G3 G4 G5 G6 G7 G8")
    h.set_teams(((0, 2), (1, 3)))                    # partners, but talk not chosen: the official penalty
    h.apply(Hint(0, 2, "play yellow"))
    assert len(h.hands[0]) == 5


def test_partners_show_partners_each_sees_the_partners_hand_and_only_that():
    g = Game.from_position(["R1 R2 R3", "G1 G2", "Y1 Y2", "B1 B2"], "R9")
    g.set_teams(((0, 2), (1, 3)), show=True)
    v = g.view(0)
    assert dict(v.partner_hands) == {2: g.view(2).hand} and 1 not in dict(v.partner_hands)
    assert dict(g.view(1).partner_hands) == {3: g.view(3).hand}
    assert g.view(None).partner_hands == ()
    g2 = Game.from_position(["R1 R2 R3", "G1 G2", "Y1 Y2", "B1 B2"], "R9")
    g2.set_teams(((0, 2), (1, 3)))
    assert g2.view(0).partner_hands == ()
    with pytest.raises(UnoError):
        g.set_teams(((0, 2), (2, 3)))                # a seat in two teams


def test_partners_options_are_match_options_for_partnership_modes_only():
    c = MatchConfig(players=4, mode="partners", team_talk=True, show_partners=True, seed=3, target=100)
    m = Match.new(c)
    g = m.next_hand()
    assert g.team_talk and g.show_partners and {frozenset(t) for t in g.teams} == {frozenset((0, 2)), frozenset((1, 3))}
    assert g.view(0).partner_hands
    with pytest.raises(MatchError, match="partnership"):
        MatchConfig(players=4, team_talk=True)
    with pytest.raises(MatchError, match="True or False"):
        MatchConfig(players=4, mode="partners", show_partners="yes")
    rec = {"config": c.to_dict()}
    assert MatchConfig.from_dict(loads(dumps(rec))["config"]) == c
