"""SearchBot (ISMCTS) and its determinizer: legal, reproducible, honest, and stronger than random."""

from __future__ import annotations

import inspect
import random
from collections import Counter

import pytest
from conftest import new_game

from unokit.bots import BOTS, GreedyBot, RandomBot, make_bot
from unokit.bots.determinize import Determinizer, guess_deck
from unokit.bots.search import (
    LEVELS,
    SEARCH_BOTS,
    SearchBot,
    fast_prune,
    fast_rollout,
    fast_rollout_id,
    fast_rollout_ok,
    fast_turn_ids,
    prune_actions,
    rollout_action,
    turn_actions,
)
from unokit.core.actions import Challenge, Draw, Play, SayUno
from unokit.core.cards import Card, Color
from unokit.core.errors import UnoError
from unokit.engine.compose import UNFOLD, complete, unfold
from unokit.engine.game import Game, Phase
from unokit.engine.view import PlayerView
from unokit.fast import ACTIONS, CARDS, FastGame
from unokit.lab.sim import derive_seed, play_hand


def _midgame(seed: int, players: int = 2, rules: str = "UNO 1121", enforcement: str = "strict") -> Game:
    """A hand played some way by greedy bots (not over)."""
    rng = random.Random(seed)
    while True:
        g = Game.new(players=players, rules=rules, seed=seed, enforcement=enforcement)
        bots = [GreedyBot(s) for s in range(players)]
        for _ in range(rng.randrange(0, 30)):
            if g.over:
                break
            p = g.to_act
            view = g.view(p)
            g.apply(complete(g, bots[p].act(view, g.legal_actions(p)), lambda o, b=bots[p], view=view: b.act(view, o)))
        if not g.over:
            return g
        seed += 1000


def _c(code: str) -> Card:
    return Card.parse(code)


# ---------------------------------------------------------------------- determinizer
def test_samples_respect_what_the_seat_sees():
    deck = Counter(c.code for c in Game.new(players=2, seed=0)._deck_cards)
    for seed in range(6):
        g = _midgame(seed, players=2 + seed % 3)
        me = g.to_act
        v = g.view(me)
        if v.phase not in ("PLAY", "PENDING", "DRAWN"):
            continue
        legal = g.legal_actions(me)
        d = Determinizer(v, challengeable=any(type(a) is Challenge for a in legal))
        for k in range(4):
            s = d.sample(random.Random(k))
            assert s.hands[me] == list(v.hand)
            assert [len(h) for h in s.hands] == list(v.hand_sizes)
            assert s.discard == list(v.discard) and s.color is v.color and s.direction == v.direction
            assert len(s.stock) == v.stock_size and s.to_act == me and s.phase.name == v.phase
            held = Counter(c.code for h in s.hands for c in h) + Counter(c.code for c in s.stock + s.discard)
            assert held == deck  # every card of the classic deck exactly once
            assert [str(a) for a in s.legal_actions(me)] == [str(a) for a in legal]


def test_reused_samples_are_sound_positions():
    g = _midgame(3, players=3)
    v = g.view(g.to_act)
    nxt = Determinizer(v).sampler(random.Random(1))
    for _ in range(20):
        s = nxt()
        s.check_invariants()
        assert s.hands[v.seat] == list(v.hand) and [len(h) for h in s.hands] == list(v.hand_sizes)
        for _ in range(10):  # and they play on
            if s.over:
                break
            s.apply(rollout_action(s, random.Random(0)))


def test_determinizer_reads_only_the_view():
    assert list(inspect.signature(Determinizer.__init__).parameters)[:2] == ["self", "view"]
    a = Game.from_position(["R1 G2 B3", "Y4 Y5 Y6 Y7"], "R9", "G1 G2 G3 B7 B8")
    b = Game.from_position(["R1 G2 B3", "W W+4 B7 B8"], "R9", "Y4 Y5 Y6 Y7 G1")
    assert a.view(0) == b.view(0)
    sa = Determinizer(a.view(0)).sample(random.Random(3))
    sb = Determinizer(b.view(0)).sample(random.Random(3))
    assert sa.hands == sb.hands and sa.stock == sb.stock


def test_deck_in_play_is_guessed_from_the_view():
    v = Game.new(players=3, seed=2).view(0)
    assert guess_deck(v) == ("classic", 1, False)
    assert len(Determinizer(v).unseen) == 108 - len(v.hand) - len(v.discard)
    # a 112-card deck is the 112 edition or the Ohana one: the view cannot tell until a special card shows
    ohana = Game.new(players=2, seed=2, deck="ohana").view(0)
    assert guess_deck(ohana)[0] in ("112", "ohana") and guess_deck(ohana, "ohana") == ("ohana", 1, False)
    assert guess_deck(Game.new(players=12, seed=2, decks=2).view(0))[:2] == ("classic", 2)
    assert guess_deck(v, "classic") == ("classic", 1, False)


def test_a_draw_instead_of_a_play_means_no_playable_card():
    # seat 0 plays R2; seat 1 draws instead of playing: it held no red, no 2 and no wild then
    stock = "Y5 " + " ".join(f"{c}{n}" for c in "GB" for n in range(3, 10))
    g = Game.from_position(["R2 G1 G3", "B1 B3 B4 B5"], "R9", stock)
    g.apply(Play(0, (_c("R2"),)))
    g.apply(Draw(1))
    assert g.to_act == 0
    d = Determinizer(g.view(0), draw_belief=1.0)
    (void,) = d.voids(1)
    assert (void.seat, void.color, void.face, void.wild, void.held) == (1, Color.RED, 2, True, 4)
    for k in range(30):
        hands, _ = d.sample_hands(random.Random(k))
        assert len(hands[1]) == 5
        assert sum(1 for c in hands[1] if c.is_wild or c.color is Color.RED or c.face == 2) <= 1
    # without the inference, red cards, 2s and wilds show up in that hand
    loose = Determinizer(g.view(0), draw_belief=0.0)
    assert any(sum(1 for c in loose.sample_hands(random.Random(k))[0][1]
                   if c.is_wild or c.color is Color.RED or c.face == 2) > 1 for k in range(30))


def test_revealed_cards_are_placed_and_an_innocent_wild_draw_four_is_remembered():
    # seat 1 plays an honest W+4 on yellow; seat 0 challenges and sees B1 B2 R5 (shown to the challenger)
    g = Game.from_position(["G1 G2 G3", "W+4 B1 B2 R5"], "Y3", "G5 G6 B7 B8 R8 R9 Y9 Y8 B6 B9",
                           current=1)
    g.apply(Play(1, (_c("W+4"),), Color.GREEN))
    assert Challenge(0) in g.legal_actions(0)
    g.apply(Challenge(0))
    v = g.view(0)
    assert v.revealed == ((1, (_c("B1"), _c("B2"), _c("R5"))),)
    d = Determinizer(v)
    assert sorted(d.known(1)) == sorted([_c("B1"), _c("B2"), _c("R5")])
    assert any(x.kind == "innocent" and x.color is Color.YELLOW for x in d.voids(1))
    for k in range(5):
        hands, _ = d.sample_hands(random.Random(k))
        assert sorted(hands[1]) == sorted([_c("B1"), _c("B2"), _c("R5")])
    # under C=2 a third seat would not see it; under C=1 everyone does
    assert Determinizer(v).known(0) == []


def test_a_challengeable_wild_draw_four_is_a_bluff_exactly_when_the_sampled_hand_says_so():
    g = Game.from_position(["G1 G2 G3", "W+4 B1 B2 R5 Y1"], "Y3", "G5 G6 B7 B8 R8 R9 Y9 Y8 B6 B9", current=1)
    g.apply(Play(1, (_c("W+4"),), Color.GREEN))
    v = g.view(0)
    legal = g.legal_actions(0)
    assert any(type(a) is Challenge for a in legal)
    d = Determinizer(v, challengeable=True, honest=0.0)
    bluffs = 0
    for k in range(40):
        s = d.sample(random.Random(k))
        assert s.phase is Phase.PENDING and Challenge(0) in s.legal_actions(0)
        assert s.wd4[1] == any(c.color is Color.YELLOW for c in s.hands[1])
        bluffs += s.wd4[1]
    assert 0 < bluffs < 40
    honest = Determinizer(v, challengeable=True, honest=1.0)
    assert not any(honest.sample(random.Random(k)).wd4[1] for k in range(40))


# ---------------------------------------------------------------------- rollouts
# Under the official rules the search runs on the fast core (unokit.fast.FastGame): the rollout policy's
# integer version must make the very moves of the referee-driven one, with the same draws.
OFFICIAL_CODES = ("UNO 1121", "UNO 2212", "UNO 1111")


def test_fast_rollouts_are_the_referee_rollouts():
    """A rollout on the fast core and one on the referee, with equal generators, are the same hand:
    the same actions, the same end (the rollout's reshuffles use the game's own generator)."""
    games = 0
    for seed in range(48):
        for policy in ("greedy", "random"):
            g = _midgame(seed, players=2 + seed % 4, rules=OFFICIAL_CODES[seed % 3])
            assert fast_rollout_ok(g)
            f = fast_rollout(g, random.Random(seed), policy)
            assert f.history and g.phase is not Phase.OVER  # the referee game is not changed
            start = len(g.actions)
            rng = random.Random(seed)
            steps = 0
            while not g.over and steps < 400:
                g.apply(rollout_action(g, rng, policy))
                steps += 1
            assert [ACTIONS[i] for i in f.history] == [a for _, a in g.actions[start:]], (seed, policy)
            assert f.winner == g.winner and [[CARDS[c] for c in h] for h in f.hands] == g.hands
            games += 1
    assert games == 96


def test_fast_policy_move_for_move():
    """turn_actions, prune_actions and rollout_action against their fast-core versions at every step of
    random official hands (out-of-turn UNO calls and catches included), generators compared too."""
    moves = 0
    for seed in range(24):
        rules = OFFICIAL_CODES[seed % 3]
        g = Game.new(players=2 + seed % 5, rules=rules, seed=seed)
        rng = random.Random(seed)
        while not g.over and len(g.actions) < 300:
            f = FastGame.from_game(g)
            p = g.to_act
            ids = fast_turn_ids(f)
            assert [ACTIONS[i] for i in ids] == turn_actions(g, p)
            assert [ACTIONS[i] for i in fast_prune(f, ids)] == prune_actions(turn_actions(g, p), g.hands[p],
                                                                           g.phase.name)
            for policy in ("greedy", "random"):
                r1, r2 = random.Random(moves), random.Random(moves)
                assert ACTIONS[fast_rollout_id(f, r1, policy)] == rollout_action(g, r2, policy)
                assert r1.getstate() == r2.getstate()
                moves += 1
            others = [a for s in range(g.n) if s != p for a in g.legal_actions(s)]
            if others and rng.random() < 0.3:
                g.apply(rng.choice(others))
            else:
                acts = g.legal_actions(p)
                g.apply(acts[rng.randrange(len(acts))])
    assert moves > 1000


def test_house_rules_roll_out_on_the_referee():
    for rules in ("UNO 1121 P4", "UNO 1121 C", "UNO 2212 C-P4-SU"):
        assert not fast_rollout_ok(_midgame(3, players=3, rules=rules))
    assert not fast_rollout_ok(_midgame(3, players=3, enforcement="table"))
    assert not fast_rollout_ok(Game.new(players=2, seed=1, deck="ohana"))


@pytest.mark.parametrize("options", [
    {},
    dict(rollout="random", reward="points"),
    dict(opponents="ucb", prune=False, max_depth=None, anchor=0),
    dict(paired=True),
    dict(reuse=False, max_depth=2),
])
def test_fast_search_makes_the_referee_searchs_decisions(options):
    """fast=True (iterations on the fast core) and fast=False (on the referee) are the same search: the
    same move, the same visits and values for every root move."""
    searched = 0
    for seed in range(8):
        g = _midgame(300 + seed, players=2 + seed % 3, rules=OFFICIAL_CODES[seed % 3])
        p = g.to_act
        v, legal = g.view(p), g.legal_actions(p)
        a, b = SearchBot(seed, iterations=40, **options), SearchBot(seed, iterations=40, fast=False, **options)
        assert a.act(v, legal) == b.act(v, legal)
        assert a.decisions == b.decisions
        if a.decisions:
            searched += 1
            assert a.last["children"] == b.last["children"] and a.last["iterations"] == b.last["iterations"]
    assert searched >= 3


def test_pruning_keeps_plays_and_held_colours():
    g = Game.from_position(["W R5 G3", "B1 B2"], "R9", "Y1 Y2")
    acts = prune_actions(g.legal_actions(0), g.hands[0], "PLAY")
    assert {str(a) for a in acts} == {"0 play W>R", "0 play W>G", "0 play R5"}
    g = Game.from_position(["B5 G3", "B1 B2"], "R9", "Y1 Y2")
    assert [str(a) for a in prune_actions(g.legal_actions(0), g.hands[0], "PLAY")] == ["0 draw"]


# ---------------------------------------------------------------------- the bot
def test_registered_levels():
    assert {"search-easy", "search", "search-hard"} <= set(BOTS)
    for name, iters in LEVELS.items():
        bot = make_bot(name, 1)
        assert isinstance(bot, SearchBot) and bot.iterations == iters
    assert SEARCH_BOTS["search"](3).seed == 3
    for meth in ("act", "react"):
        assert list(inspect.signature(getattr(SearchBot, meth)).parameters) == ["self", "view", "legal"]


@pytest.mark.parametrize("rules,enforcement,players", [
    ("UNO 1121", "strict", 2),
    ("UNO 1121", "strict", 4),
    ("UNO 2212 C-DR-P4-SU-DED", "strict", 3),
    ("UNO 1111 C-DD-P2 MEM", "table", 3),
])
def test_always_a_legal_answer(rules, enforcement, players):
    for k in range(4):
        g = _midgame(10 + k, players=players, rules=rules, enforcement=enforcement)
        bot = SearchBot(seed=k, iterations=15)
        for _ in range(6):
            if g.over:
                break
            p = g.to_act
            legal = unfold(g, g.legal_actions(p))  # as the simulation hands lists to bots
            view = g.view(p)
            a = bot.act(view, legal)
            assert a in legal and a.player == p
            g.apply(complete(g, a, lambda options, bot=bot, view=view: bot.act(view, options), UNFOLD))


def test_plays_whole_hands_with_house_rules():
    for rules in ("UNO 1121 DR-P4", "UNO 2212 C-DR-P4-SU-DED"):
        g = Game.new(players=3, rules=rules, seed=5)
        bots = [SearchBot(1, iterations=8), GreedyBot(2), RandomBot(3)]
        r = play_hand(g, bots, rng=random.Random(0), check=True, max_steps=600)
        assert r.truncated or g.over


def test_same_seed_same_view_same_decision():
    seed = 7
    while True:  # a position where the bot really searches
        g = _midgame(seed)
        p = g.to_act
        v, legal = g.view(p), g.legal_actions(p)
        a = SearchBot(seed=5, iterations=60)
        first = a.act(v, legal)
        if a.decisions:
            break
        seed += 1
    b = SearchBot(seed=5, iterations=60)
    assert b.act(v, legal) == first and b.decisions == 1
    assert a.last["children"] == b.last["children"] and a.last["iterations"] == 60
    other = _midgame(8)  # a decision in between changes nothing
    a.act(other.view(other.to_act), other.legal_actions(other.to_act))
    assert a.act(v, legal) == first
    assert SearchBot(seed=6, iterations=60).act(v, legal) in legal


def test_honest_same_view_different_hidden_cards():
    # two positions seat 0 cannot tell apart: the same decision and the same search statistics
    a = Game.from_position(["R1 R7 G7 B2 W", "Y4 Y5 G6 R9 B9"], "R5", "G1 G2 G3 B7 B8 Y1 Y2 R3 R4 Y8")
    b = Game.from_position(["R1 R7 G7 B2 W", "W+4 RS R+2 G1 Y8"], "R5", "Y4 Y5 G6 R9 B9 B7 B8 G2 G3 Y1")
    assert a.view(0) == b.view(0)
    ba, bb = SearchBot(seed=11, iterations=80), SearchBot(seed=11, iterations=80)
    assert ba.act(a.view(0), a.legal_actions(0)) == bb.act(b.view(0), b.legal_actions(0))
    assert ba.decisions == bb.decisions == 1 and ba.last["children"] == bb.last["children"]
    # dealt hands with a history: seat 0 sees the same deal and the same first card
    ga = new_game(2, 1, {0: "R1 R7 G7 B2 Y3 Y9 W", 1: "Y4 Y5 G6 R9 B9 B1 G0"}, "R5")
    gb = new_game(2, 1, {0: "R1 R7 G7 B2 Y3 Y9 W", 1: "W+4 RS R+2 G1 Y8 B6 B6"}, "R5")
    assert ga.view(0) == gb.view(0) and ga.to_act == 0
    ba, bb = SearchBot(seed=2, iterations=80), SearchBot(seed=2, iterations=80)
    assert ba.act(ga.view(0), ga.legal_actions(0)) == bb.act(gb.view(0), gb.legal_actions(0))
    assert ba.decisions == bb.decisions == 1 and ba.last["children"] == bb.last["children"]


# the search alone, without pruning and without the rule-based anchor
BARE = dict(opponents="ucb", prune=False, max_depth=None, anchor=0)


def test_goes_out_with_the_last_card():
    g = Game.from_position(["G7", "B1 B2 B3"], "G2", "Y1 Y2 Y3 Y4")
    assert str(SearchBot(seed=1, iterations=50).act(g.view(0), g.legal_actions(0))) == "0 play G7"
    bare = SearchBot(seed=1, iterations=50, **BARE)
    assert str(bare.act(g.view(0), g.legal_actions(0))) == "0 play G7" and bare.decisions == 1
    assert bare.last["children"]["0 play G7"] == (bare.last["children"]["0 play G7"][0], 1.0)
    g = Game.from_position(["G7 W", "B1 B2 B3"], "R2", "Y1 Y2 Y3 Y4")  # a wild last: any colour will do
    for bot in (SearchBot(seed=1, iterations=50), SearchBot(seed=1, iterations=50, **BARE)):
        a = bot.act(g.view(0), g.legal_actions(0))
        assert type(a) is Play and a.cards == (_c("W"),) and a.uno


def test_stops_an_opponent_about_to_go_out():
    g = Game.from_position(["R+2 R5 G3 Y8", "B4"], "R9", "Y1 Y2 Y3 Y4 G5 G6 G8 G9 B7 B8")
    for seed in range(3):
        a = SearchBot(seed=seed, iterations=200).act(g.view(0), g.legal_actions(0))
        assert str(a) == "0 play R+2", a
        bare = SearchBot(seed=seed, iterations=200, **BARE)
        assert str(bare.act(g.view(0), g.legal_actions(0))) == "0 play R+2", bare.last


def test_reacts_like_the_rules_bot():
    g = Game.from_position(["R5 G3", "B4 B5"], "R9", "Y1 Y2 Y3 Y4")
    g.apply(Play(0, (_c("R5"),)))  # no UNO said
    bot = SearchBot(seed=1, iterations=10)
    v = g.view(0)
    assert SayUno(0) in g.legal_actions(0)
    assert bot.react(v, [SayUno(0)]) == SayUno(0)
    assert bot.react(v, []) is None


def test_beats_random_two_players():
    wins = hands = 0
    for i in range(60):
        hs = derive_seed(42, i)
        me = i % 2
        bots = [SearchBot(derive_seed(hs, me, "bot"), iterations=LEVELS["search-easy"]),
                RandomBot(derive_seed(hs, 1 - me, "bot"))]
        if me == 1:
            bots.reverse()
        r = play_hand(Game.new(players=2, seed=hs), bots, rng=random.Random(hs), max_steps=3000)
        hands += 1
        wins += r.winner == me
    assert wins >= 45, f"{wins}/{hands}"  # random wins about 1 hand in 10; 45/60 is far from a coin toss


def test_view_only_and_phases_it_does_not_search():
    # the first discard a Wild: the colour is named by the rules bot
    g = new_game(2, 1, {0: "R1 R7 G7 B2 Y3 Y9 G1", 1: "Y4 Y5 G6 R9 B9 B1 G0"}, "W")
    assert g.phase is Phase.COLOR and g.to_act == 0
    bot = SearchBot(seed=1, iterations=20)
    a = bot.act(g.view(0), g.legal_actions(0))
    assert a in g.legal_actions(0) and bot.decisions == 0
    assert isinstance(g.view(0), PlayerView)


def test_options_time_budget_points_and_textbook_tree():
    g = _midgame(21)
    p = g.to_act
    v, legal = g.view(p), g.legal_actions(p)
    timed = SearchBot(seed=1, iterations=None, time_budget=0.02)
    assert timed.act(v, legal) in legal
    assert timed.decisions == 0 or timed.last["iterations"] >= 1
    for bot in (SearchBot(seed=1, iterations=40, reward="points", rollout="random"),
                SearchBot(seed=1, iterations=40, opponents="ucb", prune=False, max_depth=None, anchor=0),
                SearchBot(seed=1, iterations=40, fast=False, reuse=False)):
        assert bot.act(v, legal) in legal
    with pytest.raises(UnoError):
        SearchBot(seed=1, iterations=None)
    with pytest.raises(UnoError):
        SearchBot(seed=1, rollout="clever")


# ---------------------------------------------------------------------- paired (common random numbers)
PAIRED = dict(paired=True, anchor=0)


def test_paired_goes_out_and_stops_an_opponent_about_to_go_out():
    g = Game.from_position(["G7", "B1 B2 B3"], "G2", "Y1 Y2 Y3 Y4")
    assert str(SearchBot(seed=1, iterations=40, **PAIRED).act(g.view(0), g.legal_actions(0))) == "0 play G7"
    g = Game.from_position(["R+2 R5 G3 Y8", "B4"], "R9", "Y1 Y2 Y3 Y4 G5 G6 G8 G9 B7 B8")
    for seed in range(3):
        bot = SearchBot(seed=seed, iterations=200, **PAIRED)
        assert str(bot.act(g.view(0), g.legal_actions(0))) == "0 play R+2", bot.last
        # every candidate was played in the same sampled worlds
        assert len({n for n, _ in bot.last["children"].values()}) == 1
        assert bot.last["iterations"] == bot.last["worlds"] * len(bot.last["children"])


def test_paired_honest_same_view_different_hidden_cards():
    a = Game.from_position(["R1 R7 G7 B2 W", "Y4 Y5 G6 R9 B9"], "R5", "G1 G2 G3 B7 B8 Y1 Y2 R3 R4 Y8")
    b = Game.from_position(["R1 R7 G7 B2 W", "W+4 RS R+2 G1 Y8"], "R5", "Y4 Y5 G6 R9 B9 B7 B8 G2 G3 Y1")
    ba, bb = SearchBot(seed=11, iterations=80, **PAIRED), SearchBot(seed=11, iterations=80, **PAIRED)
    assert ba.act(a.view(0), a.legal_actions(0)) == bb.act(b.view(0), b.legal_actions(0))
    assert ba.last["children"] == bb.last["children"]


def test_search_base_bot_option():
    assert SearchBot(seed=1, base="strategist")._base.name == "strategist"
    with pytest.raises(UnoError, match="base must be"):
        SearchBot(seed=1, base="oracle")
    g = Game.from_position(["R1 R7 G7 B2 W", "Y4 Y5 G6 R9 B9"], "R5", "G1 G2 G3 B7 B8 Y1 Y2 R3 R4 Y8")
    bot = SearchBot(seed=3, iterations=30, base="strategist", paired=True)
    assert bot.act(g.view(0), g.legal_actions(0)) in g.legal_actions(0)
