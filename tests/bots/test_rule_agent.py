"""The RLCard-style rule agent baseline behaves as RLCard's UNORuleAgentV1 is described."""

from collections import Counter

from unokit import Game
from unokit.bots import make_bot
from unokit.bots.rule_agent import RuleAgentBot
from unokit.core.actions import Challenge, Draw, Play, SayUno
from unokit.core.cards import Color, Face

FILL = "R1 R2 R3 R4 R5 R6 B1 B2 B3 B4 Y1 Y2 Y3"


def decide(hands, discard, stock=FILL, seed=0, **kw):
    g = Game.from_position(hands, discard, stock, **kw)
    seat = g.to_act
    return g, RuleAgentBot(seed).act(g.view(seat), g.legal_actions(seat))


def test_rule_agent_registered_as_rlcard_rule():
    assert isinstance(make_bot("rlcard-rule", 1), RuleAgentBot)


def test_rule_agent_draws_only_when_nothing_is_playable():
    _, a = decide(["G1 G2 Y7", "B5 B6"], "R9")
    assert type(a) is Draw
    for seed in range(20):
        _, a = decide(["R1 G2 Y7", "B5 B6"], "R9", seed=seed)
        assert type(a) is Play and a.cards[0].code == "R1"


def test_rule_agent_plays_wild_draw_four_at_once_naming_its_commonest_colour():
    for seed in range(10):
        _, a = decide(["W+4 B1 B2 G3 R5", "B5 B6"], "Y9", seed=seed)
        assert type(a) is Play and a.cards[0].face == Face.WILD_DRAW_FOUR
        assert a.color is Color.BLUE


def test_rule_agent_keeps_plain_wilds_while_a_coloured_play_exists():
    picks = Counter()
    for seed in range(60):
        _, a = decide(["W R3 G9 Y1", "B5 B6"], "R9", seed=seed)
        picks[a.cards[0].code] += 1
    assert set(picks) == {"R3", "G9"}  # uniform among the non-wild plays, never the wild
    assert min(picks.values()) > 10


def test_rule_agent_plays_a_wild_when_it_is_the_only_play():
    colours = set()
    for seed in range(40):
        _, a = decide(["W G1 Y1", "B5 B6"], "R9", seed=seed)
        assert type(a) is Play and a.cards[0].code == "W"
        colours.add(a.color)
    assert len(colours) > 1  # RLCard's wild actions name each colour: a random one is chosen


def test_rule_agent_plays_a_playable_drawn_card():
    g = Game.from_position(["G1 Y7", "B5 B6"], "R9", "R4 " + FILL)
    g.apply(Draw(0))
    seat = g.to_act
    a = RuleAgentBot(0).act(g.view(seat), g.legal_actions(seat))
    assert type(a) is Play and a.cards[0].code == "R4"


def test_rule_agent_never_challenges_a_wild_draw_four():
    g = Game.from_position(["W+4 R5 R6", "B5 B6 B7"], "R9", FILL)
    g.apply(next(a for a in g.legal_actions(0) if type(a) is Play and a.cards[0].face == Face.WILD_DRAW_FOUR))
    seat = g.to_act
    legal = g.legal_actions(seat)
    assert any(type(a) is Challenge for a in legal)
    for seed in range(10):
        assert type(RuleAgentBot(seed).act(g.view(seat), legal)) is not Challenge


def test_rule_agent_says_uno_with_its_next_to_last_card():
    _, a = decide(["R1 G2", "B5 B6"], "R9")
    assert type(a) is Play and a.uno


def test_rule_agent_reacts_only_to_say_uno():
    bot = RuleAgentBot(0)
    g = Game.new(players=2, seed=5)
    seat = (g.to_act + 1) % 2
    legal = [a for a in g.legal_actions(seat) if not isinstance(a, SayUno)]
    assert bot.react(g.view(seat), legal) is None
