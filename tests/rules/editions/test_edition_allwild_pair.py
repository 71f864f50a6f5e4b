"""ALLWILD(swap=pair): the Wild Forced Swap's second reading (003 §UNO All Wild!).

The seed: "permette al giocatore che la gioca di scambiare la sua mano con quella di un giocatore a sua
scelta (o di fare scambiare le mani di gioco tra due giocatoti a sua scelta)". The default (``swap=self``)
is the first reading; ``UNO ALLWILD(swap=pair)`` the second: its player names two seats
(``0 play WFS @1,3``), chosen one at a time (``@?``, then ``@1,?``, then ``@1,3``), and those two swap.

Seats 0, 1, 2... are A, B, C...
"""

from __future__ import annotations

import io
import random

import pytest
from conftest import A, B, C, D, assert_refused, assert_replays, hand, mk_play, play, play_at_random, sizes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.actions import Action, Play, action_from_dict
from unokit.core.errors import CardNotPlayableError, IllegalActionError, IncompletePlayError, NotationError
from unokit.engine.compose import complete, every_action, offered
from unokit.engine.game import Game, Phase
from unokit.rules import RuleSet

PAIR = "UNO ALLWILD(swap=pair)"


def pos(hands, discard="W", stock="W W W W W W W W", rules=PAIR, **kw) -> Game:
    return Game.from_position(hands, discard, stock, rules=rules, **kw)


def four() -> Game:
    return pos(["WFS W W", "WS", "W+2 W+4 W", "W W W W"])


def pairs_of(actions) -> set:
    return {(a.first, a.target) for a in actions if type(a) is Play and a.cards[-1].code == "WFS" and not a.uno}


# ---------------------------------------------------------------------- the seed's two readings
def test_003_allwild_forced_swap_two_chosen_players_swap():
    g = four()
    play(g, A, "WFS", first=B, target=C)
    assert hand(g, A) == ["W", "W"] and hand(g, B) == ["W+2", "W+4", "W"] and hand(g, C) == ["WS"]
    assert hand(g, D) == ["W", "W", "W", "W"] and g.current == B and g.phase == Phase.PLAY
    swap = g.events[-1]
    assert swap.kind == "swap" and (swap.player, swap.target) == (B, C)


def test_003_allwild_forced_swap_pair_may_include_its_player_in_either_order():
    for first, target in ((A, D), (D, A)):
        g = four()
        play(g, A, "WFS", first=first, target=target)
        assert hand(g, A) == ["W", "W", "W", "W"] and hand(g, D) == ["W", "W"] and sizes(g)[B:C + 1] == [1, 3]


def test_003_allwild_forced_swap_default_reading_swaps_with_one_chosen_player():
    assert RuleSet.parse("UNO ALLWILD").param("ALLWILD", "swap") == "self"
    assert RuleSet.parse(PAIR).code == "UNO 1121 ALLWILD(swap=pair)"
    g = pos(["WFS W W", "WS", "W+2 W+4 W"], rules="UNO ALLWILD")
    assert_refused(g, mk_play(A, "WFS", first=B, target=C), CardNotPlayableError)   # a pair: not by default
    assert pairs_of(every_action(g, A)) == {(None, B), (None, C)}
    play(g, A, "WFS", target=C)
    assert hand(g, A) == ["W+2", "W+4", "W"] and hand(g, C) == ["W", "W"]


def test_003_allwild_swap_parameter_is_bounded():
    from unokit.core.errors import RuleCodeError
    with pytest.raises(RuleCodeError, match="swap must be one of self, pair"):
        RuleSet.parse("UNO ALLWILD(swap=both)")


# ---------------------------------------------------------------------- the referee's checks
@pytest.mark.parametrize("bad, why", [
    (dict(first=B, target=B), "two different seats"),                # never the same seat twice
    (dict(first=A, target=A), "two different seats"),
    (dict(target=B), "names two seats"),                             # one seat only
    (dict(), "two players swap"),                                    # none
    (dict(first=B), "two different seats"),                          # a first seat and no second
    (dict(first=B, target=7), "cannot name seats 1 and 7"),          # no such seat
    (dict(first=9, target=B), "cannot name seats 9 and 1"),
])
def test_003_allwild_pair_refusals_are_typed_and_change_nothing(bad, why):
    g = four()
    assert_refused(g, mk_play(A, "WFS", **bad), CardNotPlayableError)
    with pytest.raises(CardNotPlayableError, match=why):
        g.apply(mk_play(A, "WFS", **bad))


def test_003_allwild_pair_excludes_eliminated_seats():
    g = four()
    g.eliminate(D, "test")
    assert_refused(g, mk_play(A, "WFS", first=B, target=D), CardNotPlayableError)
    assert_refused(g, mk_play(A, "WFS", first=D, target=A), CardNotPlayableError)
    assert pairs_of(every_action(g, A)) == {(a, b) for a in (A, B, C) for b in (A, B, C) if a != b}
    play(g, A, "WFS", first=C, target=B)
    assert hand(g, B) == ["W+2", "W+4", "W"] and hand(g, D) == ["W", "W", "W", "W"]


def test_003_allwild_pair_is_refused_on_other_cards_and_face_down():
    g = four()
    assert_refused(g, mk_play(A, "W", first=B, target=C), CardNotPlayableError)
    assert_refused(g, Play(A, (), hidden=mk_play(A, "W").cards, first=B, target=C), IllegalActionError)
    # elsewhere too: a play naming two seats under a rule that names one
    g2 = Game.from_position(["WX R1", "G1", "B1"], "R9", rules="UNO 1121", deck="112")
    assert_refused(g2, mk_play(A, "WX", "R", target=C, first=B), CardNotPlayableError)
    g3 = Game.from_position(["R7 R1", "G1 G2", "B1 B2"], "R9", rules="UNO SEVENO")
    assert_refused(g3, Play(A, mk_play(A, "R7").cards, target=C, first=B), CardNotPlayableError)


def test_003_allwild_pair_is_refused_by_the_compiled_core():
    from unokit.fast import action_id as fast_id
    from unokit.fast.compiled import action_id
    a = Play(A, mk_play(A, "R7").cards, target=C, first=B)
    with pytest.raises(IllegalActionError):
        action_id(a)
    with pytest.raises(IllegalActionError):
        fast_id(a)


def test_003_allwild_pair_going_out_names_nobody_and_wins():
    g = pos(["WFS", "WS W", "W W W"])
    assert [str(a) for a in g.legal_actions(A) if a.kind == "play"] == ["0 play WFS"]
    assert_refused(g, mk_play(A, "WFS", first=B, target=C), CardNotPlayableError)
    play(g, A, "WFS")
    assert g.over and g.winner == A and hand(g, B) == ["WS", "W"]


def test_003_allwild_pair_uno_after_a_swap():
    g = pos(["WFS W W", "W", "W W W", "W W"])
    play(g, A, "WFS", first=A, target=B, uno=True)        # A takes B's one card: UNO said with the play
    assert hand(g, A) == ["W"] and g.uno_said[A] and A not in g.catchable
    g2 = pos(["WFS W W", "W", "W W W", "W W"])
    assert g2.uno_said[B]
    play(g2, A, "WFS", first=B, target=C)                # B's one card goes to C, who has not said UNO
    assert sizes(g2) == [2, 3, 1, 2] and not g2.uno_said[B] and not g2.uno_said[C]
    assert Action.parse("3 catch 2") in g2.legal_actions(D)
    g2.check_invariants()


# ---------------------------------------------------------------------- listing: every pair, two steps
def test_003_allwild_legal_actions_list_every_pair_in_two_steps():
    g = four()
    stems = [a for a in g.legal_actions(A) if a.kind == "play" and a.cards[-1].code == "WFS"]
    assert [str(a) for a in stems] == ["0 play WFS @?"]
    firsts = g.expand(stems[0])
    assert [str(a) for a in firsts] == [f"0 play WFS @{s},?" for s in range(4)]
    assert [str(a) for a in g.expand(firsts[B])] == ["0 play WFS @1,0", "0 play WFS @1,2", "0 play WFS @1,3"]
    every = pairs_of(every_action(g, A))
    assert every == {(a, b) for a in range(4) for b in range(4) if a != b}       # 12 ordered: 6 swaps x 2
    for a, b in every:
        assert offered(g, mk_play(A, "WFS", first=a, target=b)) and g.can(mk_play(A, "WFS", first=a, target=b))
    assert not offered(g, mk_play(A, "WFS", target=B)) and not offered(g, mk_play(A, "WFS", first=B, target=B))
    with pytest.raises(IllegalActionError):
        g.expand(Play(A, mk_play(A, "W").cards, target=B, more="target"))
    with pytest.raises(IncompletePlayError):
        g.apply(firsts[B])
    assert str(complete(g, stems[0], lambda options: options[-1])) == "0 play WFS @3,2"


def test_003_allwild_pair_at_two_players_is_the_one_swap():
    g = pos(["WFS W", "W+2 W+4 W"])
    assert pairs_of(every_action(g, A)) == {(A, B), (B, A)}
    play(g, A, "WFS", first=B, target=A)
    assert hand(g, A) == ["W+2", "W+4", "W"] and hand(g, B) == ["W"]


# ---------------------------------------------------------------------- notation and records
@pytest.mark.parametrize("text", ["0 play WFS @1,3", "0 play WFS @3,1 uno", "0 play WFS @?", "0 play WFS @1,?",
                                  "0 play WFS @1,? uno", "2 play WFS @0,2"])
def test_003_allwild_pair_notation_round_trips(text):
    a = Action.parse(text)
    assert str(a) == text and Action.parse(str(a)) == a and action_from_dict(a.to_dict()) == a


def test_003_allwild_pair_notation_fields():
    a = Action.parse("0 play WFS @1,3")
    assert (a.first, a.target, a.more) == (1, 3, "") and a.to_dict()["first"] == 1
    stem = Action.parse("0 play WFS @1,?")
    assert (stem.first, stem.target, stem.more) == (None, 1, "target")
    for bad in ("0 play WFS @1,x", "0 play WFS @1,", "0 play WFS @,3", "0 play WFS @1,3 @2", "0 play WFS @1,2,3"):
        with pytest.raises(NotationError):
            Action.parse(bad)
    with pytest.raises(NotationError):
        action_from_dict({"type": "play", "player": 0, "cards": "WFS", "first": -1, "target": 2})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10),
       extra=st.sampled_from(["", " C", " P4", " JUMPIN", " SAT", " MEM-PRE"]))
def test_003_allwild_pair_random_games_keep_every_card_in_one_place_and_replay(seed, players, extra):
    rng = random.Random(seed)
    g = Game.new(players=players, rules=PAIR + extra, seed=seed)
    play_at_random(g, rng, 400)
    assert_replays(g)
    for e in g.events:   # every swap is between two seats in the hand
        if e.kind == "swap":
            assert e.player != e.target


def test_003_allwild_pair_random_play_sim_is_checked_and_swaps_both_ways():
    """The random-play bots under ``--check`` (invariants after every action, every record replayed); they
    make two others swap as well as themselves."""
    from unokit.lab.sim import simulate
    seen = {"others": 0, "self": 0}
    res = simulate(60, players=4, rules=PAIR, bots="random-play", seed=3, check=True, progress=False)
    assert res["hands"] == 60 and res["checked"] and res["truncated"] == 0
    rng = random.Random(11)
    for seed in range(30):
        g = Game.new(players=4, rules=PAIR, seed=seed)
        play_at_random(g, rng, 300)
        actor = {e.seq: e.player for e in g.events if e.kind == "play"}
        for e in g.events:
            if e.kind == "swap":
                seen["self" if actor[e.seq] in (e.player, e.target) else "others"] += 1
    assert seen["others"] > 0 and seen["self"] > 0, seen


# ---------------------------------------------------------------------- bots, env, terminal
def test_003_allwild_pair_strategist_takes_a_one_card_hand_or_moves_it_away():
    from unokit.bots.strategist import StrategistBot
    from unokit.engine.compose import unfold
    g = pos(["WFS W W W W W W W", "W", "W W W W W", "W W W W W"])
    assert str(StrategistBot(A).act(g.view(A), unfold(g, g.legal_actions(A)))) in ("0 play WFS @0,1", "0 play WFS @1,0")
    g = pos(["WFS W", "W", "W W W W W W W W", "W W W W W W"])       # A would keep one card: B's goes away
    a = StrategistBot(A).act(g.view(A), unfold(g, g.legal_actions(A)))
    assert a.cards[-1].code == "WFS" and B in (a.first, a.target) and A not in (a.first, a.target) and a.uno


@pytest.mark.parametrize("bot", ["strategist", "random-play", "greedy"])
def test_003_allwild_pair_bots_choose_the_two_seats_step_by_step_at_ten_seats(bot):
    """Ten seats and an UNO variant: 180 pairs, past what a bot is shown at once (``UNFOLD``): the bot
    names the first seat, then the second."""
    from unokit.bots import make_bot
    from unokit.engine.compose import UNFOLD, unfold
    from unokit.lab.sim import simulate
    g = pos(["WFS WFS"] + ["W WS"] * 9, stock="W W")
    legal = unfold(g, g.legal_actions(A))
    assert len(every_action(g, A)) > UNFOLD and any(a.more == "target" for a in legal)
    b = make_bot(bot, 1)
    a = complete(g, b.act(g.view(A), legal), lambda options: b.act(g.view(A), options))
    assert a.cards[-1].code == "WFS" and a.first is not None and a.first != a.target
    g.apply(a)
    g.check_invariants()
    res = simulate(2, players=10, rules=PAIR, bots=bot, seed=2, check=True, progress=False, max_steps=300)
    assert res["hands"] == 2 and res["checked"]


def test_003_allwild_pair_env_action_table_names_the_seat_acting():
    import numpy as np

    from unokit.env import raw_env
    from unokit.env.actions import ActionTable
    t = ActionTable(PAIR, 4)
    names = [t.name(i) for i in range(*t.blocks["target"])]
    assert names == ["target +1", "target +2", "target +3", "target none", "target +0"]
    assert "target +0" not in [t2 for t2 in ActionTable("UNO ALLWILD", 4).names]
    e = raw_env(rules=PAIR, players=4)
    rng = np.random.default_rng(0)
    second = 0
    for h in range(3):
        e.reset(seed=h)
        for _ in range(600):
            if e.flow.over:
                break
            core = e.flow
            assert len(core.ids) == len(core.options) + core.window   # one id per option (and wait)
            stem = core.stem
            if stem is not None and stem.more == "target" and stem.target is not None:
                second += 1
            obs = e.observe(e.agent_selection)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert second > 0


def test_003_allwild_pair_terminal_asks_for_two_seats():
    from unokit.play.plain import TerminalGame

    class Pos(TerminalGame):
        def new_game(self):
            super().new_game()
            return pos(["WFS W W", "WS", "W+2 W+4 W", "W W W W"])

    asked = []
    answers = iter(["WFS", "1", "2", "quit"])

    def inp(prompt):
        asked.append(prompt)
        return next(answers, "quit")

    t = Pos(players=4, rules=PAIR, input_fn=inp, out=io.StringIO())
    t.run()
    assert asked[1].startswith("Which seat does WFS name? [0 (") and asked[2].startswith("Which seat does WFS name with")
    swaps = [(e.player, e.target) for e in t.game.events if e.kind == "swap"]
    assert swaps[:1] == [(B, C)], swaps
    answers = iter(["WFS @3,0", "quit"])
    t2 = Pos(players=4, rules=PAIR, input_fn=inp, out=io.StringIO())
    t2.run()
    swaps = [(e.player, e.target) for e in t2.game.events if e.kind == "swap"]
    assert swaps[:1] == [(D, A)] and "Traceback" not in t2.out.stream.getvalue()


def test_003_allwild_pair_tui_labels_name_both_seats():
    from unokit.play.tui.app import option_label
    state = {"seats": [{"name": n} for n in "ABCD"]}
    label = option_label({"type": "play", "cards": "WFS", "first": 1, "target": 3}, state)
    stem = option_label({"type": "play", "cards": "WFS", "target": 1, "more": "target"}, state)
    assert "⇄" in label and "then the seat to swap with" in stem


def test_003_allwild_rules_explain_mentions_the_option(capsys):
    from unokit.cli import main
    assert main(["rules", "explain", "ALLWILD"]) == 0
    out = capsys.readouterr().out
    assert "`swap`" in out and "ALLWILD(swap=pair)" in out and "`self` (default)" in out and "@1,3" in out
