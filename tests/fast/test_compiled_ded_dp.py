"""DED with DP, FL and MEM in the compiled core (issue 28 point 1): the guide's ready-made variation
``FL-DED-DP-MEM-P2`` (000: Final Limpo, Duplo Descarte, Desafio Polivalente, memory) is played in C.

How the referee combines them, and the C with it (unokit/fast/_house2.h, _house8.h, _house9.h):
- DP's challenge of a draw is listed on DED's Move lists after the accusation (an action rule's option, offered to
  every seat but the drawer while the window is open) and its window asks every other seat for a reaction
  (``Game.out_of_turn_seats``);
- DP judges the draw with ``Game.can_play_alone``: under FL a last card that may not empty the hand (a Wild, a draw
  card) could not have been played;
- FL on DED's lists: a last card that may not empty the hand is not listed face up (it may go face down: FL judges
  face-up cards), and a face-down last card of that kind is a lie in PLAY and DRAWN (``_truthful`` judges the claimed
  play with every rule), not when it claims a stacked draw (``can_stack``);
- MEM changes only what the views show.

Proven step by step against the referee (uniform random decisions by every seat, in turn and out of turn: every
seat's legal ids and the whole state after each step), hand by hand against ``play_deal`` for random-play, greedy and
the human-error bots, and mutations fail (the DP window closed on DED's lists, FL not judged face down).
"""

from __future__ import annotations

import random
from collections import Counter

import compiled_support as S
import pytest
from test_compiled_ded import steps_tally

from unokit.engine.game import Game
from unokit.fast import compiled as C

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")

VARIATION = "UNO 1121 FL-DED-DP-MEM-P2"
COMBINED = ["UNO 1121 DED-DP", "UNO 1121 DED-DP-P2", VARIATION, "UNO 1121 DED-FL", "UNO 1121 DED-MEM-P4",
            "UNO 1121 FL(variant=numbers)-DED-DP"]


def challenges(rules: str, players: int, seeds) -> Counter:
    """The referee's draw challenges (by verdict) and FL's refusals in the hands the step check plays."""
    out: Counter = Counter()
    rng = random.Random(players)
    for seed in seeds:
        g = Game.new(players=players, rules=rules, seed=seed)
        while not g.over and sum(out.values()) < 10**6 and len(g.actions) < 300:
            lg = [S.referee_ids(g, s) for s in range(players)]
            seat = g.to_act if rng.random() >= 0.3 else rng.choice([s for s in range(players) if lg[s]])
            for e in g.apply(C.to_action(rng.choice(lg[seat]))):
                if e.kind == "draw-challenge":
                    out[e.detail[-1]] += 1
    return out


@pytest.mark.parametrize("rules", COMBINED, ids=[c.replace("UNO 1121 ", "") for c in COMBINED])
def test_DED_with_DP_FL_MEM_compiled_same_steps_as_the_referee(rules):
    t = Counter()
    for players in (2, 3, 4, 6):
        assert C.problem(rules, ["random-play"] * players, players) is None, rules
        t += steps_tally(rules, players, range(S.sampled(4)), random.Random(players))
    assert t["hidden-play"] > 0 and t["free-discard"] > 0, t


def test_the_variation_meets_both_draw_challenge_verdicts_and_every_DED_outcome():
    t, v = Counter(), Counter()
    for players in (3, 4):
        t += steps_tally(VARIATION, players, range(6), random.Random(players))
        v += challenges(VARIATION, players, range(6))
    assert v["guilty"] > 0 and v["innocent"] > 0, v
    for what in ("hidden-play", "claim", "honest", "liar", "free-discard"):
        assert t[what] > 0, (what, t)


def test_FL_MEM_with_DP_compiled_as_the_referee():
    S.same_steps("UNO 1121 FL-DP-MEM-P2", (2, 4), range(3), other=0.3, cap=300)


@pytest.mark.parametrize("lineup", [["random-play"] * 4, ["greedy", "random-play", "greedy", "random-play"],
                                    ["human", "human:random-play", "greedy", "random-play"]])
def test_the_variation_lab_hands_equal_play_deal(lineup):
    assert C.problem(VARIATION, lineup, 4) is None
    S.same_lab_hands(VARIATION, lineup, S.sampled(16), whole=True)


def test_problem_plays_the_variation_compiled_and_refuses_what_is_not_proven():
    for bots in ("random-play", "greedy", "strategist", ["human", "greedy"]):
        assert C.problem(VARIATION, bots, 4) is None, bots
    assert "DED" in (C.problem("UNO 1121 DED-I", "random-play", 4) or "")
    assert C.problem("UNO 1121 DP-PAA", "random-play", 4)


# ------------------------------------------------------------------------------------------- mutations
def test_the_step_check_fails_without_DPs_window_on_DEDs_lists(monkeypatch):
    """The referee's DP offered nothing on DED's lists: the challenge ids the C lists are not the referee's."""
    from unokit.rules.drawchallenge import DrawChallenge
    monkeypatch.setattr(DrawChallenge, "action_options", lambda self, game, seat: [])
    with pytest.raises((AssertionError, ValueError)):
        steps_tally("UNO 1121 DED-DP", 3, range(6), random.Random(3))


def test_the_step_check_fails_when_FL_does_not_judge_the_last_card(monkeypatch):
    from unokit.engine import game as game_module
    from unokit.rules.cardfx import CleanFinish
    monkeypatch.setattr(CleanFinish, "play_problem", lambda self, game, play: None)
    monkeypatch.setattr(game_module, "_HOOKS", {})      # (the rules' hooks are kept per rule set once looked up)
    monkeypatch.setattr(game_module, "_HOUSE", {})
    with pytest.raises((AssertionError, ValueError)):
        for players in (3, 4):
            steps_tally(VARIATION, players, range(6), random.Random(players))
