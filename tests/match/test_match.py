"""Matches: scoring, partnerships, schedules, elimination, dealer rotation and records.

Each test is named after the rule it checks; the seed clause is quoted from
000 (§PONTUAÇÃO, §VENCENDO O JOGO, §Parceiros, §Variações, §Desafio UNO) or
the catalogue (shared/RULES-CATALOG.md "Official rules"; "The four ambiguities" A).
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from unokit.core.actions import Action
from unokit.core.errors import ReplayMismatchError
from unokit.engine.game import Game
from unokit.match import (
    FORMAT,
    ROTATION_4,
    TWO_TABLES_8,
    Match,
    MatchConfig,
    MatchError,
    greedy_policy,
    play_match,
    random_policy,
    replay_match,
    round_robin,
    seating_for,
)


def out(hands, play, *, discard="R9", stock="Y1 Y2 Y3 Y4", current=0, dealer=None, deck="classic"):
    """A finished hand: the position ``hands``, then ``play`` (notation) empties the mover's hand."""
    g = Game.from_position(hands, discard=discard, stock=stock, current=current, dealer=dealer, deck=deck)
    g.apply(Action.parse(play))
    assert g.over, g
    return g


# ---------------------------------------------------------------------------------------- points
def test_scoring_winner_scores_others_hands():
    # 000 §PONTUAÇÃO: "O primeiro jogador que se livrar das cartas recebe pontos pelas cartas que
    # ficaram nas mãos dos adversários": numbers face value, Skip/Reverse/Draw Two 20, Wilds 50.
    m = Match.new(MatchConfig(players=4, seed=1))
    g = out(["R1", "G5 Y+2 W", "B9 RS", "W+4 G0 BR"], "0 play R1")
    r = m.finish_hand(g)
    assert r.held == {0: 0, 1: 5 + 20 + 50, 2: 9 + 20, 3: 50 + 0 + 20}
    assert r.gains == {0: 174}
    assert m.scores == {0: 174, 1: 0, 2: 0, 3: 0}
    assert not m.over and m.winner is None
    assert r.dealt is False and r.seed is None     # a set position, not a hand dealt from the seed


def test_scoring_final_draw_two_cards_count():
    # 000 §SAINDO: "Se a última carta jogada ... for a carta Comprar Duas Cartas ..., o próximo jogador
    # precisa comprar 2 ... Estas cartas são contadas na totalização dos pontos."
    m = Match.new(MatchConfig(players=3, seed=1))
    g = Game.from_position(["R+2", "G5", "B9"], discard="R9", stock="Y9 B7 G1")
    g.apply(Action.parse("0 play R+2"))
    assert not g.over
    g.apply(Action.parse("1 draw"))
    assert g.over
    r = m.finish_hand(g)
    assert r.gains == {0: 5 + 9 + 7 + 9}


def test_scoring_card_values_italian_special_40():
    # 003 (catalogue "Decks"): Italian customizable cards score 40; the match takes the engine's
    # hand_points, so Wild Shuffle Hands counts 40 and the classic wilds 50.
    m = Match.new(MatchConfig(players=2, seed=1))
    g = out(["G3", "WSH W W+4 R0"], "0 play G3", discard="G9", deck="italian")
    assert m.finish_hand(g).gains == {0: 40 + 50 + 50 + 0}


def test_scoring_winner_first_to_target_500_wins():
    # 000 §VENCENDO O JOGO: "O VENCEDOR é o primeiro jogador que fizer 500 pontos."
    assert MatchConfig().target == 500
    m = Match.new(MatchConfig(players=4, seed=1))
    m.finish_hand(out(["R1", "G5 Y+2 W", "B9 RS", "W+4 G0 BR"], "0 play R1"))          # 174
    m.finish_hand(out(["G7", "B5", "R3 W", "Y9"], "1 play B5", discard="B1", current=1))  # 7 + 53 + 9
    assert m.scores == {0: 174, 1: 69, 2: 0, 3: 0} and not m.over
    for _ in range(2):
        m.finish_hand(out(["R1", "W W", "W+4 W+4", "W W+4"], "0 play R1"))              # 300 a hand
    assert m.over and m.winner == 0 and m.scores[0] == 774


def test_scoring_first_to_target_ends_match_on_the_crossing_hand():
    m = Match.new(MatchConfig(players=3, seed=2, target=100))
    m.finish_hand(out(["R1", "W", "G2"], "0 play R1"))                     # 0: 52
    m.finish_hand(out(["W+4", "R1", "G2"], "1 play R1", current=1))        # 1: 52
    assert not m.over
    m.finish_hand(out(["R1", "W", "Y9"], "0 play R1"))                     # 0: 52 + 59 = 111
    assert m.over and m.winner == 0 and m.winners == (0,)
    assert m.standings()[0] == (0, 111)
    with pytest.raises(MatchError):
        m.next_hand()


def test_scoring_alternative_lowest_total_wins():
    # 000 §VENCENDO O JOGO: "os pontos do jogo podem ser marcados mantendo um total parcial dos pontos
    # com que cada jogador é apanhado ... Quando um jogador alcançar os 500 pontos, o jogador com menos
    # pontos é o vencedor."
    m = Match.new(MatchConfig(players=4, mode="lowest", seed=1, target=100))
    r = m.finish_hand(out(["R1", "G5 Y+2 W", "B9 RS", "W+4 G0 BR"], "0 play R1"))
    assert r.gains == {0: 0, 1: 75, 2: 29, 3: 70}
    assert not m.over
    m.finish_hand(out(["G1", "W", "R7", "Y9"], "2 play R7", current=2))   # 1 reaches 125
    assert m.scores == {0: 1, 1: 125, 2: 29, 3: 79}
    assert m.over and m.winner == 0            # the lowest total wins, not the hand's winner
    assert [p for p, _ in m.standings()] == [0, 2, 3, 1]


def test_scoring_lowest_from_rule_code_and_tie_plays_on():
    # the rule code's table parameter "scoring=lowest" picks the alternative scoring
    c = MatchConfig(players=3, rules="UNO 1121 scoring=lowest target=60", seed=3)
    assert c.mode == "lowest" and c.target == 60
    m = Match.new(c)
    m.finish_hand(out(["R1", "W G5", "Y5"], "0 play R1"))             # 0:0 1:55 2:5
    m.finish_hand(out(["Y5", "R9", "R2"], "2 play R2", current=2))     # 0:5 1:64 2:5 -> tie for lowest
    assert m.scores == {0: 5, 1: 64, 2: 5}
    assert not m.over                                                  # decision: a tie plays on
    m.finish_hand(out(["G1", "R3", "R2"], "2 play R2", current=2))     # 0:6 1:67 2:5
    assert m.over and m.winner == 2
    with pytest.raises(MatchError):
        MatchConfig(players=3, mode="points", rules="UNO 1121 scoring=lowest")


# ---------------------------------------------------------------------------------------- partners
def test_partners_opposite_team_scores_opponents_hands():
    # 000 §Parceiros: "Os parceiros sentam-se de frente um para o outro. Quando um dos parceiros ficar
    # sem cartas, a partida terminou. Todos os pontos nas mãos dos dois parceiros adversários são
    # somados e passados para o time vencedor."
    m = Match.new(MatchConfig(players=4, mode="partners", seed=5, target=150))
    assert m.upcoming.seats == (0, 1, 2, 3) and m.upcoming.teams == ((0, 2), (1, 3))
    g = m.next_hand()
    assert g.n == 4
    # a set position stands in for the dealt hand (scored as not dealt)
    r = m.finish_hand(out(["W W+4 R5", "G5 Y+2", "R1", "B9 RS"], "2 play R1", current=2))
    assert r.gains == {(0, 2): 25 + 29}        # the partner's own 105 points do not count
    assert m.scores == {(0, 2): 54, (1, 3): 0}
    r = m.finish_hand(out(["R5", "G5 Y+2", "W W", "B9 W"], "0 play R5"))
    assert r.gains == {(0, 2): 25 + 59}
    assert m.scores == {(0, 2): 138, (1, 3): 0} and not m.over
    m.finish_hand(out(["W W", "Y1", "R1 R2", "G2"], "3 play G2", discard="G7", current=3))
    assert m.scores == {(0, 2): 138, (1, 3): 103}
    m.finish_hand(out(["R4", "Y1 W", "R1 R2", "G2"], "0 play R4"))   # 138 + 51 + 2
    assert m.over and m.winner == (0, 2) and m.winners == (0, 2)


def test_partners_dealt_hands_seat_partners_opposite():
    m = play_match(MatchConfig(players=6, mode="partners", seed=11, target=300), greedy_policy)
    assert m.over and m.winner in m.teams
    assert m.teams == ((0, 3), (1, 4), (2, 5))
    for r in m.history:
        for a, b in r.teams:
            assert r.seats.index(b) - r.seats.index(a) == len(r.seats) // 2
        won = next(t for t in r.teams if r.winner in t)
        assert r.gains == {won: sum(v for p, v in r.held.items() if p not in won)}


# ---------------------------------------------------------------------------------------- rotating
def test_rotating_partners_four_players_each_pair_once():
    # 000 §Variações: "Com quatro jogadores podem ser jogadas quatro partidas e em cada uma mudam os
    # parceiros. Todos os jogadores mantêm-se a par dos pontos feitos em cada uma das suas parcerias.
    # ... a pessoa que fizer mais pontos é declarada a vencedora."  With four players there are three
    # partnerships: a cycle is three hands, each pair partners once (documented decision).
    assert sorted(p for rnd in ROTATION_4 for p in rnd) == sorted(combinations(range(4), 2))
    m = play_match(MatchConfig(players=4, mode="rotating-partners", seed=4), greedy_policy)
    assert m.scheduled_hands == 3
    assert m.over and len(m.history) >= 3
    first = m.history[:3]
    pairs = Counter(t for r in first for t in r.teams)
    assert pairs == Counter({p: 1 for p in combinations(range(4), 2)})
    for r in first:
        for a, b in r.teams:                       # partners sit opposite
            assert r.seats.index(b) == r.seats.index(a) + 2
    for p in range(4):                             # a player's total = points made in their partnerships
        assert m.scores[p] == sum(v for t, v in m.partnership_scores.items() if p in t)
    assert m.scores[m.winner] == max(m.scores.values())
    assert list(m.scores.values()).count(max(m.scores.values())) == 1


def test_rotating_partners_team_scores_opponents_and_most_points_wins():
    m = Match.new(MatchConfig(players=4, mode="rotating-partners", seed=4))
    assert m.upcoming.seats == (0, 1, 2, 3)                   # (0,2) (1,3)
    m.finish_hand(out(["R1", "G5", "Y5", "W"], "0 play R1"))  # team 0+2 makes 5 + 50
    assert m.upcoming.seats == (0, 1, 3, 2) and m.upcoming.teams == ((0, 3), (1, 2))
    # seats hold players 0, 1, 3, 2: player 1 goes out; partner 2 (seat 3) holds Y5, which does not
    # count; the opponents 0 (G9) and 3 (W) do
    m.finish_hand(out(["G9", "R1", "W", "Y5"], "1 play R1", current=1))
    assert m.partnership_scores == {(0, 2): 55, (1, 2): 9 + 50}
    assert m.upcoming.seats == (0, 2, 1, 3) and m.upcoming.teams == ((0, 1), (2, 3))
    # seats hold players 0, 2, 1, 3: player 0 goes out; opponents 2 (W) and 3 (W+4)
    m.finish_hand(out(["R1", "W", "G2", "W+4"], "0 play R1"))
    assert m.partnership_scores == {(0, 2): 55, (1, 2): 59, (0, 1): 100}
    assert m.scores == {0: 155, 1: 159, 2: 114, 3: 0}
    assert m.over and m.winner == 1            # most points over the partnerships, not most hands won


def test_rotating_partners_cycles_and_hands_per_pairing():
    c = MatchConfig(players=4, mode="rotating-partners", cycles=2, hands_per_pairing=2, seed=9)
    m = play_match(c, greedy_policy)
    assert m.scheduled_hands == 12
    pairs = Counter(t for r in m.history[:12] for t in r.teams)
    assert set(pairs.values()) == {4}              # 2 cycles x 2 hands with every partner


# ---------------------------------------------------------------------------------------- two tables
def test_two_tables_eight_players_each_pair_four_hands_28_hands():
    # 000 §Variações: "Com oito jogadores, podem ser jogados dois jogos separados em duas mesas e cada
    # jogador tem outro jogador como parceiro durante quatro partidas (um total de 28 partidas)."
    # The schedule: a 1-factorization of K8 (7 rounds of 4 pairs), each round's pairs split over two
    # tables, each round played 4 hands.
    rr = round_robin(8)
    assert len(rr) == 7
    for rnd in rr:                                 # each round is a perfect matching
        assert sorted(p for pair in rnd for p in pair) == list(range(8))
    assert sorted(p for rnd in rr for p in rnd) == sorted(combinations(range(8), 2))
    for tables in TWO_TABLES_8:
        assert len(tables) == 2 and all(len(t) == 2 for t in tables)

    m = play_match(MatchConfig(players=8, mode="two-tables", seed=8), greedy_policy)
    assert m.scheduled_hands == 56 and m.over
    sched = m.history[:56]
    per_player = Counter(p for r in sched for p in r.seats)
    assert per_player == Counter({p: 28 for p in range(8)})
    partnered = Counter(t for r in sched for t in r.teams)
    assert partnered == Counter({pair: 4 for pair in combinations(range(8), 2)})
    for r0, r1 in zip(sched[0::2], sched[1::2]):   # two separate 4-player tables, played side by side
        assert (r0.table, r1.table) == (0, 1) and r0.round == r1.round
        assert len(r0.seats) == len(r1.seats) == 4
        assert sorted(r0.seats + r1.seats) == list(range(8))
        for r in (r0, r1):
            for a, b in r.teams:
                assert r.seats.index(b) == r.seats.index(a) + 2
    for p in range(8):
        assert m.scores[p] == sum(v for t, v in m.partnership_scores.items() if p in t)
    assert m.scores[m.winner] == max(m.scores.values())
    if len(m.history) == 56:
        assert list(m.scores.values()).count(max(m.scores.values())) == 1


# ---------------------------------------------------------------------------------------- elimination
def test_desafio_uno_elimination_last_two_head_to_head():
    # 000 §Desafio UNO: "um total parcial das cartas que estão na mão de cada jogador. Quando um jogador
    # alcança um valor combinado ... é eliminado do jogo. Quando restarem apenas dois jogadores, eles
    # jogam um contra o outro. O jogador que alcançar ou superar o valor combinado perde. O ganhador da
    # última partida é declarado o vencedor do jogo."
    m = Match.new(MatchConfig(players=3, mode="elimination", seed=6, target=50))
    r = m.finish_hand(out(["R1", "W G5 R5", "G5 B5"], "0 play R1"))
    assert r.gains == {0: 0, 1: 60, 2: 10} and r.eliminated == (1,)
    assert m.active == [0, 2] and not m.over
    assert m.upcoming.seats == (0, 2)              # the last two play head to head
    g = m.next_hand()
    assert g.n == 2                                # two-player rules (the engine's 2-seat game)
    r = m.finish_hand(out(["W+4 Y9", "R3"], "1 play R3", current=1))   # seat 1 is player 2
    assert r.winner == 2 and r.gains == {0: 59, 2: 0} and r.eliminated == (0,)
    assert m.over and m.winner == 2 and m.eliminated == [1, 0]
    assert [p for p, _ in m.standings()] == [2, 0, 1]


def test_desafio_uno_elimination_full_match():
    m = play_match(MatchConfig(players=5, mode="elimination", seed=12, target=120), greedy_policy)
    assert m.over and sorted(m.eliminated + m.active) == list(range(5)) and m.active == [m.winner]
    assert m.history[-1].winner == m.winner        # the winner of the last hand wins
    assert all(m.scores[p] >= 120 for p in m.eliminated) and m.scores[m.winner] < 120
    sizes = [len(r.seats) for r in m.history]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 5
    for r in m.history:
        assert set(r.seats).isdisjoint(e for h in m.history[:r.number] for e in h.eliminated)
        assert r.gains == r.held                   # each player adds their own hand
    assert sizes[-1] == 2                          # this seed ends head to head


# ---------------------------------------------------------------------------------------- dealer
def dealers(rules, players=4, mode="points", hands=6, seed=21):
    m = Match.new(MatchConfig(players=players, rules=rules, mode=mode, seed=seed, target=10**6))
    got = []
    for _ in range(hands):
        g = m.next_hand()
        got.append((m.player_at(g.dealer), "dealer_draws" in g.setup))
        while not g.over:
            g.apply(greedy_policy(g))
        m.finish_hand(g)
    return got


def test_dealer_rotation_option_A3_rotates_clockwise():
    # A=3: "simplified for the first hand, then the deal rotates clockwise"
    got = dealers("UNO 3121")
    assert got[0][1] is True and not any(d for _, d in got[1:])
    first = got[0][0]
    assert [p for p, _ in got] == [(first + i) % 4 for i in range(6)]


def test_dealer_rotation_option_A1_draws_every_hand_and_A2_passes_right():
    # A=1: "highest card deals ... every hand"; A=2 (traditional): the deal passes to the right (-1)
    assert all(d for _, d in dealers("UNO 1121"))
    got = dealers("UNO 2121")
    first = got[0][0]
    assert got[0][1] and [p for p, _ in got] == [(first - i) % 4 for i in range(6)]


def test_dealer_rotation_skips_eliminated_and_new_tables_draw():
    m = Match.new(MatchConfig(players=4, rules="UNO 3121", mode="elimination", seed=1, target=50))
    m.finish_hand(out(["R1", "W W", "G2", "Y3"], "0 play R1", dealer=0))   # player 1 eliminated
    assert m.active == [0, 2, 3]
    assert m.upcoming.seats == (0, 2, 3) and m.upcoming.dealer == 1        # player 2 deals, player 1 skipped
    g = m.next_hand()
    assert g.dealer == 1 and "dealer_draws" not in g.setup
    # two tables: each new round re-forms the tables, so its first hand draws for dealer
    m = Match.new(MatchConfig(players=8, mode="two-tables", rules="UNO 3121", seed=2, hands_per_pairing=2))
    draws = []
    for _ in range(8):
        g = m.next_hand()
        draws.append("dealer_draws" in g.setup)
        while not g.over:
            g.apply(greedy_policy(g))
        m.finish_hand(g)
    assert draws == [True, True, False, False, True, True, False, False]


# ---------------------------------------------------------------------------------------- records
@pytest.mark.parametrize("config", [
    MatchConfig(players=3, seed=31, target=150),
    MatchConfig(players=4, mode="lowest", rules="UNO 2121", seed=32, target=150),
    MatchConfig(players=4, mode="partners", rules="UNO 3121", seed=33, target=200),
    MatchConfig(players=4, mode="rotating-partners", seed=34),
    MatchConfig(players=4, mode="elimination", seed=35, target=100, enforcement="table"),
])
def test_match_record_replays_identically(config):
    m = play_match(config, random_policy(config.seed), max_steps=400)
    rec = m.record()
    assert rec["format"] == FORMAT and rec["config"]["seed"] == config.seed
    rec = json.loads(json.dumps(rec))              # JSON-ready
    again = replay_match(rec)
    assert again.scores == m.scores and again.winner == m.winner and again.over == m.over
    assert [r.to_dict() for r in again.history] == [r.to_dict() for r in m.history]
    # the same seed plays the same match
    assert play_match(config, random_policy(config.seed), max_steps=400).record() == m.record()


def test_match_record_detects_tampering():
    m = play_match(MatchConfig(players=3, seed=41, target=100), greedy_policy)
    rec = json.loads(json.dumps(m.record()))
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["result"]["gains"][0][1] += 1
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["config"]["seed"] += 1                    # hands no longer derive from the match seed
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["winner"] = (rec["winner"] + 1) % 3
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    with pytest.raises(ReplayMismatchError):
        replay_match({"format": "something else"})


def test_match_record_with_set_positions_and_void_hands_replays():
    m = Match.new(MatchConfig(players=3, seed=42, target=100))
    g = m.next_hand()
    for _ in range(3):
        g.apply(greedy_policy(g))
    with pytest.raises(MatchError):
        m.finish_hand(g)                           # unfinished hands are not scored...
    slot = m.upcoming
    r = m.finish_hand(g, void=True)                # ...but may be voided (truncation made explicit)
    assert r.void and r.gains == {} and m.scores == {0: 0, 1: 0, 2: 0} and m.hands_played == 0
    assert m.upcoming.seats == slot.seats and m.upcoming.dealer == slot.dealer
    assert m.upcoming.seed != slot.seed            # dealt again from a fresh seed
    m.finish_hand(out(["R1", "W", "W+4"], "0 play R1"))      # a set position stands in for the deal
    play_match(m, greedy_policy)
    assert m.over and m.void_hands == 1
    again = replay_match(json.loads(json.dumps(m.record())))
    assert again.scores == m.scores and again.winner == m.winner and again.void_hands == 1


def test_truncated_hands_are_void_and_match_stops_at_max_hands():
    m = play_match(MatchConfig(players=4, seed=43), greedy_policy, max_steps=3, max_hands=4)
    assert not m.over and len(m.history) == 4 and all(r.void for r in m.history)
    assert set(m.scores.values()) == {0}
    assert replay_match(m.record()).history == m.history


def test_per_hand_seeds_derive_from_the_match_seed():
    a = Match.new(MatchConfig(players=4, seed=7))
    b = Match.new(MatchConfig(players=4, seed=7))
    c = Match.new(MatchConfig(players=4, seed=8))
    assert a.upcoming.seed == b.upcoming.seed != c.upcoming.seed
    assert a.next_hand().fingerprint() == b.next_hand().fingerprint()
    m = Match.new(MatchConfig(players=2))          # no seed: one is drawn and recorded
    assert isinstance(m.seed, int) and m.config.seed == m.seed
    play_match(m, greedy_policy)
    assert replay_match(m.record()).scores == m.scores


def test_per_player_policies_follow_players_across_seats():
    seen = Counter()

    def make(player):
        def choose(game, seat):
            assert game.to_act == seat
            seen[player] += 1
            return greedy_policy(game)
        return choose

    m = play_match(MatchConfig(players=4, mode="rotating-partners", seed=3), [make(p) for p in range(4)])
    assert m.over and set(seen) == {0, 1, 2, 3}
    with pytest.raises(MatchError):
        play_match(MatchConfig(players=4, seed=3), [make(0)])


def test_config_validation():
    assert MatchConfig(rules="uno 1121 target=300").target == 300
    assert MatchConfig(target=250).target == 250
    assert seating_for([(0, 1), (2, 3)]) == (0, 2, 1, 3)
    for bad in (dict(mode="golf"), dict(mode="rotating-partners", players=5), dict(mode="two-tables"),
                dict(mode="partners", players=5), dict(players=1), dict(target=0), dict(cycles=0),
                dict(enforcement="lax"), dict(deck="tarot"), dict(players=11)):
        with pytest.raises(MatchError):
            MatchConfig(**bad)
    assert MatchConfig.from_dict(MatchConfig(seed=3).to_dict()) == MatchConfig(seed=3)
    m = Match.new(players=3, seed=1)
    m.next_hand()
    with pytest.raises(MatchError):
        m.next_hand()                              # one hand at a time
    with pytest.raises(MatchError):
        m.finish_hand(Game.from_position(["R1", "R2"], discard="R3"))   # wrong number of seats
