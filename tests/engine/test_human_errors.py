"""Human-error models make the social and real-time rules change outcomes in simulation."""

import random

from unokit import Game
from unokit.bots import GreedyBot, HumanBot, make_bot
from unokit.lab.sim import play_hand


def _penalties(game, why):
    return sum(e.detail[0] for e in game.events if e.kind == "penalty" and why in e.detail[1])


def _run(rules, bots_factory, hands=40, players=4):
    total = {}
    for i in range(hands):
        g = Game.new(players=players, rules=rules, seed=1000 + i)
        play_hand(g, bots_factory(i), rng=random.Random(i))
        for e in g.events:
            if e.kind == "penalty":
                total[e.detail[1]] = total.get(e.detail[1], 0) + e.detail[0]
    return total


def test_human_forgetting_uno_gets_caught_more_than_perfect_players():
    perfect = _run("UNO 1121", lambda i: [GreedyBot(i * 4 + s) for s in range(4)])
    forgetful = _run("UNO 1121", lambda i: [HumanBot(GreedyBot(i * 4 + s), forget_uno=0.8, talk=0, apologise=0,
                                                     seed=s + 10 * i) for s in range(4)])
    assert forgetful.get("missed UNO", 0) > perfect.get("missed UNO", 0)


def test_S_talkative_humans_pay_for_speaking_during_silence():
    quiet = _run("UNO 1121 S", lambda i: [HumanBot(GreedyBot(s), talk=0.0, apologise=0, seed=s) for s in range(4)])
    chatty = _run("UNO 1121 S", lambda i: [HumanBot(GreedyBot(s), talk=0.5, apologise=0, seed=s + i)
                                           for s in range(4)])
    # saying UNO is speaking too (S without U), so quiet players also pay sometimes
    assert chatty.get("spoke during silence", 0) > quiet.get("spoke during silence", 0)


def test_M_slowest_reactor_is_the_last_to_slap():
    # seat 3 reacts 100x slower than the others: it should draw most of the slap penalties
    g_pen = {s: 0 for s in range(4)}
    for i in range(40):
        g = Game.new(players=4, rules="UNO 1121 M", seed=2000 + i)
        bots = [HumanBot(GreedyBot(s), forget_uno=0, talk=0, apologise=0, reaction=0.01 if s != 3 else 1.0,
                         seed=i * 10 + s) for s in range(4)]
        play_hand(g, bots, rng=random.Random(i))
        for e in g.events:
            if e.kind == "penalty" and "slap" in e.detail[1]:
                g_pen[e.player] += 1
    assert g_pen[3] > max(g_pen[s] for s in range(3))


def test_human_bot_registered_and_only_answers_legal_or_chat():
    bot = make_bot("human", 3)
    g = Game.new(players=3, rules="UNO 1121", seed=4)
    legal = g.legal_actions(g.to_act)
    a = bot.act(g.view(g.to_act), legal)
    assert a in legal
