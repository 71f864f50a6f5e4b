"""ELIMMOST's matches with their hands played by the compiled core (issue 28 point 1).

ELIMMOST (unokit/rules/match_rules.py, ``EliminateMost``) eliminates after each hand the player holding the most
cards, so its match reads each hand's cards: the compiled core reports them (``Results.cards``), the lab's match
chunk hands them to the Match (``Match.finish_played(cards=)``), and every hand of the match, its seats, dealer,
winner, points and cards held, who went out and the totals, equals the referee's match played by the lab
(``unokit.lab.play_lab_match``), hand by hand.
"""

from __future__ import annotations

import pytest

from unokit.fast import compiled as C
from unokit.lab import compiled_chunks, lab, play_deal, play_lab_match
from unokit.lab.sim import derive_seed
from unokit.match import Match, MatchConfig, MatchError

pytestmark = pytest.mark.skipif(not C.available(), reason="the compiled core is not built")


class _Kept:
    """A MatchTally stand-in that keeps the matches :func:`compiled_chunks.play_match_chunk` played."""

    def __init__(self):
        self.matches: list = []

    def add(self, m, turns) -> None:
        self.matches.append((m, turns))

    def to_dict(self) -> dict:
        return {}


def compiled_matches(rules: str, lineup: list[str], seed: int, count: int) -> list:
    kept = _Kept()
    spec = {"kind": "matches", "rules": rules, "lineup": lineup, "seed": seed, "start": 0, "count": count}
    assert compiled_chunks.match_problem(spec) is None
    compiled_chunks.play_match_chunk(spec, kept, 5000)
    return kept.matches


@pytest.mark.parametrize("rules,lineup", [
    ("UNO 1121 ELIMMOST", ["random-play"] * 4),
    ("UNO 3121 ELIMMOST", ["greedy", "random-play", "greedy", "random-play", "random-play"]),   # the deal passes
    ("UNO 1121 ELIMMOST-DR-SEVENO", ["random-play", "greedy", "random-play"]),                # hands swapped
    ("UNO 1121 ELIMMOST-DOUBLE", ["greedy"] * 4),                                               # doubled points
    ("UNO 1121 ELIMMOST-MS1", ["random-play"] * 5),                                             # sudden death too
    ("UNO 1121 ELIMMOST-S-ORG", ["human:random-play", "human:greedy", "random-play", "greedy"]),
    ("UNO 1121 ELIMMOST scoring=lowest", ["strategist", "random-play", "random-play"]),
])
def test_elimmost_match_hands_in_C_equal_the_referees_match_hand_by_hand(rules, lineup):
    out = hands = 0
    for j, (m, turns) in enumerate(compiled_matches(rules, lineup, 7, 3)):
        ref, ref_turns = play_lab_match(rules, lineup, derive_seed(7, j, "lab-match"))
        assert m.over and ref.over and (turns, m.winner) == (ref_turns, ref.winner), f"{rules}: match {j}"
        assert len(m.history) == len(ref.history)
        for h, (a, b) in enumerate(zip(m.history, ref.history)):
            assert a == b, f"{rules}: match {j}, hand {h}"
            assert a.void or sorted(a.cards) == sorted(a.seats)   # the cards of every seated player, read
        out += len(m.eliminated)
        hands += len(m.history)
    assert out >= 3 * (len(lineup) - 1) - 1 and hands >= out


def test_elimmost_eliminates_the_most_cards_that_C_reports():
    # the hand's cards as the referee's Game holds them at the end of the lab's hand
    rules, lineup = "UNO 1121 ELIMMOST", ["random-play", "greedy", "random-play"]
    m = Match.new(MatchConfig(players=3, rules=rules, seed=5))
    slot = m.upcoming
    r = C.play(1, players=3, rules="UNO 1121", bots=lineup, deal_seeds=[slot.seed], dealer=slot.dealer,
               bot_seeds=[derive_seed(5, 0, "lab-match-hand")], bot_purpose="lab-bot", chance="referee")
    g = m.next_hand()
    play_deal(rules, lineup, derive_seed(5, 0, "lab-match-hand"), game=g)
    assert r.cards[0].tolist() == [len(h) for h in g.hands] and r.points[0].tolist() == [g.hand_points(s) for s in
                                                                                          range(3)]
    held, cards = r.points[0].tolist(), r.cards[0].tolist()
    res = m.finish_played(winner=int(r.winner[0]), held=held, steps=int(r.applied[0]), cards=cards)
    most = max((cards[s], held[s], s) for s in range(3) if s != r.winner[0])[2]
    assert res.eliminated == (slot.seats[most],) and res.cards == dict(zip(slot.seats, cards))


def test_a_match_reading_cards_needs_them_and_refuses_bad_ones():
    m = Match.new(MatchConfig(players=3, rules="UNO 1121 ELIMMOST", seed=1))
    m.next_hand()
    with pytest.raises(MatchError, match="cards="):
        m.finish_played(winner=0, held=[0, 3, 4], steps=10)
    with pytest.raises(MatchError, match="count of cards"):
        m.finish_played(winner=0, held=[0, 3, 4], steps=10, cards=[0, 2])
    assert m.finish_played(winner=0, held=[0, 3, 4], steps=10, cards=[0, 2, 1]).eliminated == (1,)


def test_lab_plays_elimmost_matches_in_C_with_the_referees_numbers():
    codes = ["UNO 1121 ELIMMOST", "UNO 1121 ELIMMOST-P2-JUMPIN"]
    kw = dict(bots="greedy,random-play", players=[4], hands=0, matches=6, measures=["match"], jobs=1, progress=False,
              plots=False, seed=3)
    a = lab(codes, engine="referee", **kw)
    b = lab(codes, engine="auto", **kw)
    assert b["work"]["engines"] == {"compiled": 2}
    drop = ("seconds", "work", "jobs", "engines", "backend", "out")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_a_hand_cards_not_told_fails_the_match_comparison(monkeypatch):
    # mutation: C's cards held told one more for seat 0 (a cards block read at the wrong offset would do the same)
    real = C.Results.cards

    def wrong(self):
        c = real.fget(self).copy()
        c[:, 0] += 1
        return c
    monkeypatch.setattr(C.Results, "cards", property(wrong))
    differs = 0
    for j, (m, _) in enumerate(compiled_matches("UNO 1121 ELIMMOST", ["random-play"] * 4, 7, 4)):
        ref, _ = play_lab_match("UNO 1121 ELIMMOST", ["random-play"] * 4, derive_seed(7, j, "lab-match"))
        differs += m.history != ref.history
    assert differs >= 2
