"""The personalities (unokit.bots.personalities): the strategies of "O Estímulo Passional" (000 ch.2) and
of 004's strategy paragraph, each tested on the clause it comes from."""

import random

import pytest

from unokit.bots import BOTS, make_bot
from unokit.bots.personalities import (
    PERSONALITY_COMPONENTS,
    AttackLog,
    PersonalityBot,
    UnoSkipper,
    Watcher,
    play_victims,
)
from unokit.bots.strategist import StrategistBot
from unokit.core.actions import Action, CatchUno, Play, SayUno
from unokit.engine.compose import unfold
from unokit.engine.game import Game
from unokit.lab.sim import play_hand


def test_the_personalities_are_registered_and_off_by_default():
    for name in ("spreader", "vengeful", "point-dumper", "point-dumper-pure", "uno-skipper"):
        assert name in BOTS and make_bot(name, 1).name == name
    bot = PersonalityBot(1)
    assert not any(bot.on(n) for n in PERSONALITY_COMPONENTS) and bot.on("management")
    assert make_bot("vengeful", 1).on("vengeance") and make_bot("point-dumper-pure", 1).params["point_dumping"]["mix"] == 1.0
    with pytest.raises(ValueError):
        PersonalityBot(1, {"vengeance": {"fury": 3}})


# ------------------------------------------------------------------ 004: "deliberately avoid saying UNO"
def test_uno_skipper_deliberately_does_not_say_uno():
    g = Game.from_position(['R1 R2', 'G5 G6 G7', 'B5 B6 B7'], discard='R9', stock='Y1 Y2 Y3')
    skipper = UnoSkipper(StrategistBot(0), skip=1.0, seed=0)
    a = skipper.act(g.view(0), g.legal_actions(0))
    assert type(a) is Play and not a.uno and skipper.skipped == 1
    g.apply(a)
    assert SayUno(0) in g.legal_actions(0)
    assert skipper.react(g.view(0), g.legal_actions(0)) is None          # keeps quiet, hoping not to be caught
    # saying it always (skip 0) is the strategist's game
    g2 = Game.from_position(['R1 R2', 'G5 G6 G7', 'B5 B6 B7'], discard='R9')
    assert UnoSkipper(StrategistBot(0), skip=0.0, seed=0).act(g2.view(0), g2.legal_actions(0)).uno


def test_uno_skipper_keeps_quiet_with_probability_skip():
    quiet = 0
    for s in range(200):
        g = Game.from_position(['R1 R2', 'G5 G6 G7'], discard='R9')
        quiet += not UnoSkipper(StrategistBot(s), skip=0.3, seed=s).act(g.view(0), g.legal_actions(0)).uno
    assert 35 <= quiet <= 85


def test_watcher_notices_with_its_vigilance_and_until_then_sees_two_cards():
    g = Game.from_position(['R1 R2', 'G5 G6 G7', 'B5 B6 B7'], discard='R9', stock='Y1 Y2 Y3')
    g.apply(Action.parse("0 play R1"))                 # one card left, UNO not said
    legal = g.legal_actions(1)
    assert CatchUno(1, 0) in legal
    blind = Watcher(StrategistBot(1), vigilance=0.0, seed=1)
    seen = []
    blind.inner.act = lambda view, options: seen.append((view, options)) or options[0]
    assert blind.react(g.view(1), legal) is None       # does not catch what it did not notice
    blind.act(g.view(1), legal)
    view, options = seen[0]
    assert view.hand_sizes[0] == 2 and 0 not in view.catchable and CatchUno(1, 0) not in options
    assert sum(view.hand_sizes) + view.stock_size == sum(g.view(1).hand_sizes) + g.view(1).stock_size
    assert Watcher(StrategistBot(1), vigilance=1.0, seed=1).react(g.view(1), legal) == CatchUno(1, 0)
    noticed = sum(Watcher(StrategistBot(1), vigilance=0.5, seed=s).react(g.view(1), legal) is not None
                  for s in range(200))
    assert 70 <= noticed <= 130


# ------------------------------------------------------------------ 000 ch.2 "O Estímulo Passional"
def _after_a_wild_draw_four_from_seat_2():
    """Seat 2 made seat 0 draw four; seats 1 and 2 have played since; seat 0 is in turn, seat 1 next."""
    g = Game.from_position(['R4 R+2 RR G6 B7 Y8 G9', 'R8 B1 B3 B5 G1 G2 G3', 'W+4 R3 Y2 Y3 Y4 Y5 Y6'],
                           discard='B9', stock='B9 G8 Y7 G7 B6 B5', current=2)
    for a in ("2 play W+4>R", "0 draw", "1 play R8", "2 play R3"):
        g.apply(Action.parse(a))
    return g


def test_vengeful_bot_targets_its_last_attacker():
    g = _after_a_wild_draw_four_from_seat_2()
    v, legal = g.view(0), g.legal_actions(0)
    vengeful = make_bot("vengeful", 0)
    who, grudge = vengeful.grudge(v)
    assert who == 2 and grudge > 1.0
    # the strategist spends its Draw Two on the innocent next player; the vengeful player turns the table
    # towards its aggressor instead and keeps the Draw Two for it
    assert str(StrategistBot(0).act(v, legal)) == "0 play R+2"
    assert str(vengeful.act(v, legal)) == "0 play RR"
    # with the aggressor next, hitting it is worth more to the vengeful player than to the strategist
    g2 = Game.from_position(['R4 R+2 G6 B7 Y8 G9 B2', 'R+2 B1 B3 B5 G1 G2 G3', 'RR Y1 Y2 Y3 Y4 Y5 Y6'],
                            discard='R9', stock='B9 G8 Y7 G7 B6', current=1, direction=-1)
    for a in ("1 play R+2", "0 draw", "2 play RR"):
        g2.apply(Action.parse(a))
    v2, legal2 = g2.view(0), g2.legal_actions(0)
    assert make_bot("vengeful", 0).grudge(v2)[0] == 1 and play_victims(v2, Action.parse("0 play R+2")) == (1,)
    scores = {}
    for bot in (StrategistBot(0), make_bot("vengeful", 0)):
        bot.act(v2, legal2)
        scores[bot.name] = dict((str(a), s) for a, s in bot.last_scores)["0 play R+2"]
    assert scores["vengeful"] > scores["strategist"] + 1.0


def test_vengeful_bot_catches_its_aggressor_first():
    g = _after_a_wild_draw_four_from_seat_2()
    legal = [CatchUno(0, 1), CatchUno(0, 2)]
    assert make_bot("vengeful", 0)._free_gain(g.view(0), legal) == CatchUno(0, 2)
    assert StrategistBot(0)._free_gain(g.view(0), legal) == CatchUno(0, 1)


def test_spreading_attacks_picks_a_different_victim():
    """Não concentre ataques: after hitting seat 1, the next attack goes to seat 2 (All Wild's targeted
    Draw Two lets the attacker choose); the strategist hits seat 1 again."""
    g = Game.from_position(['WT+2 WT+2 W W W W', 'W W W W W W', 'W W W W W W'], discard='W',
                           stock='W W W W W W W W', rules="UNO ALLWILD")
    spreader = make_bot("spreader", 0)
    first = spreader.act(g.view(0), unfold(g, g.legal_actions(0)))
    assert str(first) == "0 play WT+2 @1"
    g.apply(first)
    g.apply(Action.parse("1 play W"))
    g.apply(Action.parse("2 play W"))
    legal = unfold(g, g.legal_actions(0))
    assert str(StrategistBot(0).act(g.view(0), legal)) == "0 play WT+2 @1"
    assert str(spreader.act(g.view(0), legal)) == "0 play WT+2 @2"


def test_spreading_only_at_three_or_more():
    g = Game.from_position(['R+2 R+2 R5 G1 G2 G3 B4', 'B1 B2 B3 B5 G7 G8 Y3'], discard='R9', stock='Y1 Y2 Y3 Y4')
    spreader, plain = make_bot("spreader", 0), StrategistBot(0)
    spreader._hit[1] = spreader._turn + 1       # as if it had just attacked seat 1
    spreader.act(g.view(0), g.legal_actions(0))
    plain.act(g.view(0), g.legal_actions(0))
    assert spreader.last_scores == plain.last_scores


# ------------------------------------------------------------------ 004: defensive play, mixed strategy
def test_point_dumping_sheds_high_points_when_the_hand_looks_lost():
    g = Game.from_position(['R1 W G2 B3 Y4 G5 B6 Y7', 'G1 G2', 'B1 B2 B4 B5 B7'], discard='R5',
                           stock='B9 G8 Y7 G7 B6 B5')
    v, legal = g.view(0), unfold(g, g.legal_actions(0))
    assert not StrategistBot(0).act(v, legal).cards[0].is_wild
    assert make_bot("point-dumper-pure", 0).act(v, legal).cards[0].is_wild          # 50 points out of the hand
    assert not PersonalityBot(0, {"point_dumping": {"mix": 0.0}}).act(v, legal).cards[0].is_wild
    mixed = sum(make_bot("point-dumper", s).act(v, legal).cards[0].is_wild for s in range(60))
    assert 10 <= mixed <= 50                                                         # a mixed strategy


# ------------------------------------------------------------------ reading attacks from the history
def test_attack_log_follows_the_direction_and_the_victims():
    for seed in range(6):
        g = Game.new(players=4, rules="UNO 1121", seed=seed, core="referee")
        bots = [make_bot(n, seed * 4 + s) for s, n in enumerate(["vengeful", "spreader", "point-dumper", "uno-skipper"])]
        log = AttackLog()
        state = {"drawers": []}

        def after(game, log=log, state=state):
            if game.over:
                return
            log.read(game.view(0))
            assert log.direction == game.direction
            fresh = AttackLog()
            fresh.read(game.view(1))
            assert fresh.attacks == log.attacks

        res = play_hand(g, bots, rng=random.Random(seed), after_step=after, record=False)
        assert not res.truncated
        ev = list(g.events)[:log.count]
        takes = [e.player for e in ev if e.kind in ("draws-penalty", "challenge")]
        if ev[0].kind == "first" and ev[0].detail[0].endswith("+2"):
            takes = takes[1:]
        hits = [victim for _, _, victim, w in log.attacks if w in (2.0, 4.0)]
        if not any(e.kind == "caught" for e in ev):
            assert hits[:len(takes)] == takes
