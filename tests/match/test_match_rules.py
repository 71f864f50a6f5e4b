"""Match-level house rules: TV (tournament of wins), PR (reverse points), MOV (movement), and the
other engines' SHUFFLESEATS (seats drawn anew every hand) and ELIMMOST (the most cards eliminated).

Each test is named after the rule and the seed clause it checks, quoted from 000 chapter 3
(§Regra do Torneio de Vitórias [TV], §Regra dos Pontos Reversos [PR], §Regra do Movimento [MOV]);
SHUFFLESEATS and ELIMMOST quote their catalogue summary (unokit/rules/catalog.py, EXTRA_RULES).
The hand engine does not change under these rules: only how hands are strung together, scored and
seated (unokit/match/__init__.py).
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from unokit.core.actions import Action
from unokit.core.errors import ReplayMismatchError, RuleCodeError, RuleConflictError, RuleNotImplementedError
from unokit.engine.game import Game
from unokit.match import (
    MATCH_RULES,
    MODES,
    Match,
    MatchConfig,
    MatchError,
    greedy_policy,
    parse_match_rules,
    play_match,
    random_policy,
    replay_match,
)
from unokit.rules import RuleSet


def out(hands, play, *, discard="R9", stock="Y1 Y2 Y3 Y4", current=0, decks=1):
    """A finished hand: the position ``hands``, then ``play`` (notation) empties the mover's hand."""
    g = Game.from_position(hands, discard=discard, stock=stock, current=current, decks=decks)
    g.apply(Action.parse(play))
    assert g.over, g
    return g


def win_for(m: Match, player: int, *, others: str = "W+4 G5"):
    """Score a hand of ``m`` that ``player`` wins (a set position on the upcoming seats); each other
    player holds ``others`` (55 points by default)."""
    seats = m.upcoming.seats
    s = seats.index(player)
    hands = [("R1" if p == player else others) for p in seats]
    # every other player holds the same cards: two decks hold them
    return m.finish_hand(out(hands, f"{s} play R1", current=s, decks=2))


def left_neighbours(seats) -> dict:
    """Player -> the player at the next seat (the game's "left")."""
    return {p: seats[(i + 1) % len(seats)] for i, p in enumerate(seats)}


def kept_neighbours(prev, new) -> list:
    """Players who keep their left neighbour, counted among the players seated in both hands."""
    common = [p for p in prev if p in new]
    a = left_neighbours(common)
    b = left_neighbours([p for p in new if p in common])
    return [p for p in common if a[p] == b[p]]


def moves(m: Match) -> list:
    """Consecutive pairs of scored hands' seatings (void hands are dealt again on the same seats)."""
    seats = [r.seats for r in m.history if not r.void]
    return list(itertools.pairwise(seats))


# ---------------------------------------------------------------------------------------- parsing
def test_match_rules_codes_parse_and_choose_the_mode():
    # catalogue: TV `TV(wins=3)`, PR `PR(start=500)`, MOV; TV and PR both replace the 500 points
    assert parse_match_rules("UNO 1121 TV").code == "UNO 1121 TV"
    assert parse_match_rules("uno tv(wins=4)-mov").code == "UNO 1121 TV(wins=4)-MOV"
    assert parse_match_rules("UNO 1121 PR(start=500)").code == "UNO 1121 PR"     # the default drops
    c = MatchConfig(players=3, rules="UNO 1121 TV")
    assert (c.mode, c.target) == ("tournament", 3)
    c = MatchConfig(players=3, rules="UNO 1121 PR(start=300)-MOV")
    assert (c.mode, c.target) == ("reverse-points", 300)
    assert MatchConfig(players=3, rules="UNO 1121 MOV").mode == "points"          # MOV keeps the scoring
    assert MatchConfig(players=4, rules="UNO 1121 TV", mode="partners").target == 3
    assert {"tournament", "reverse-points"} <= set(MODES)
    # the guide's ready-made variations with TV load as tournaments
    for code in ("TV-BU-C-DR-P3-PRE", "TV-FU-C-DR-V-P3", "MS-TV-C-DR-V-P3"):
        assert MatchConfig(players=4, rules=f"UNO {code}").mode == "tournament"


def test_match_rules_TV_PR_cannot_combine_and_set_the_goal():
    # the catalogue declares TV and PR in conflict: both replace the points goal
    with pytest.raises(RuleConflictError):
        MatchConfig(players=3, rules="UNO 1121 TV-PR")
    for bad in [dict(rules="UNO TV", mode="points"), dict(rules="UNO TV", mode="lowest"),
                dict(rules="UNO TV", mode="elimination"), dict(rules="UNO PR", mode="points"),
                dict(rules="UNO PR", mode="partners"), dict(rules="UNO 1121", mode="tournament"),
                dict(rules="UNO 1121", mode="reverse-points"), dict(rules="UNO TV", target=300),
                dict(rules="UNO TV target=300"), dict(rules="UNO PR", target=300),
                dict(rules="UNO TV scoring=lowest"), dict(rules="UNO 1121", tv_countdown=True),
                dict(rules="UNO PR", tv_countdown=True), dict(rules="UNO TV", tv_countdown="yes"),
                dict(rules="UNO TV", mode="partners", tv_countdown=True)]:
        with pytest.raises(MatchError):
            MatchConfig(players=4, **bad)
    # a win count or a starting score out of range is refused earlier, when the rule code is parsed
    with pytest.raises(RuleCodeError, match="wins"):
        MatchConfig(players=4, rules="UNO TV(wins=0)")
    with pytest.raises(RuleCodeError, match="start"):
        MatchConfig(players=4, rules="UNO PR(start=0)")
    # a target equal to the rule's own number is accepted (it says the same thing)
    assert MatchConfig(players=3, rules="UNO TV(wins=2)", target=2).target == 2


def test_match_rules_other_unimplemented_codes_still_refused(monkeypatch):
    # only the match-level rules are let through; any other code the engine cannot play is refused
    import unokit.match as match
    monkeypatch.setattr(match, "IMPLEMENTED", frozenset({"C"}))
    assert parse_match_rules("UNO TV-MOV-C").codes == ("TV", "C", "MOV")
    with pytest.raises(RuleNotImplementedError, match="DR"):
        parse_match_rules("UNO TV-DR")


# ---------------------------------------------------------------------------------------- TV
def test_TV_first_to_x_wins_no_points_counted():
    # 000 §TV: "jogar apenas por número de vitórias; em um jogo com várias pessoas, o primeiro a vencer
    # x vezes é o campeão ... a contagem de pontos sequer é feita."
    m = Match.new(MatchConfig(players=3, rules="UNO 1121 TV", seed=1))
    assert m.scores == {0: 0, 1: 0, 2: 0} and m.target == 3
    r = win_for(m, 1, others="W+4 W Y+2")          # 120 points left in each losing hand...
    assert r.held == {0: 120, 1: 0, 2: 120}
    assert r.gains == {1: 1} and m.scores == {0: 0, 1: 1, 2: 0}   # ...count for nothing: one win
    win_for(m, 2)
    win_for(m, 1)
    assert not m.over and m.scores == {0: 0, 1: 2, 2: 1}
    r = win_for(m, 1)
    assert m.over and m.winner == 1 and m.scores == {0: 0, 1: 3, 2: 1}
    assert r.totals == m.scores and [p for p, _ in m.standings()][:2] == [1, 2]
    with pytest.raises(MatchError):
        m.next_hand()                               # the champion is decided
    # whole matches: the champion has exactly x wins, nobody else reached x, every hand is one win
    for seed in range(3):
        m = play_match(MatchConfig(players=4, rules="UNO 1121 TV(wins=2)", seed=seed), greedy_policy)
        assert m.over and m.scores[m.winner] == 2
        assert all(v < 2 for p, v in m.scores.items() if p != m.winner)
        assert sum(m.scores.values()) == m.hands_played
        assert all(r.gains == {r.winner: 1} for r in m.history)


@pytest.mark.parametrize("wins", [2, 3, 4])
def test_TV_two_players_best_of_five(wins):
    # 000 §TV: "em um jogo de duas pessoas, uma melhor de 3, 5 ou 7 pode ser o esquema usado"; note 1:
    # "Em uma 'melhor de cinco', por exemplo, aquele que vence três partidas é o campeão". TV(wins=w)
    # between two players is a best of 2w - 1: wins=2 best of 3, wins=3 best of 5, wins=4 best of 7.
    best_of = 2 * wins - 1
    lengths = set()
    for seed in range(5):
        c = MatchConfig(players=2, rules=f"UNO 1121 TV(wins={wins})", seed=seed)
        m = play_match(c, random_policy(seed))
        assert m.over and wins <= m.hands_played <= best_of
        assert m.scores[m.winner] == wins and m.scores[1 - m.winner] == m.hands_played - wins < wins
        lengths.add(m.hands_played)
    assert lengths - {wins}, "some series went beyond the minimum"
    # "se há apenas dois jogadores e três partidas, aquele que vence duas é automaticamente o campeão,
    # não precisando que uma terceira partida seja jogada"
    m = Match.new(MatchConfig(players=2, rules=f"UNO 1121 TV(wins={wins})", seed=9))
    for _ in range(wins):
        win_for(m, 0, others="G5")
    assert m.over and m.winner == 0 and m.hands_played == wins


def test_TV_variant_everyone_starts_with_x_loses_one_per_defeat():
    # 000 §TV, Variações: "todos os jogadores podem começar com um número x de pontos e ir perdendo um
    # ponto a cada derrota" (MatchConfig.tv_countdown; x is TV(wins)); at 0 you are out, as in PR.
    m = Match.new(MatchConfig(players=3, rules="UNO 1121 TV(wins=2)", tv_countdown=True, seed=2))
    assert m.scores == {0: 2, 1: 2, 2: 2}
    r = win_for(m, 0)
    assert r.gains == {1: -1, 2: -1} and m.scores == {0: 2, 1: 1, 2: 1} and r.eliminated == ()
    r = win_for(m, 1)
    assert r.gains == {0: -1, 2: -1} and r.eliminated == (2,) and m.active == [0, 1]
    assert m.upcoming.seats == (0, 1) and m.next_hand().n == 2    # dealt without the player out
    m._game = None                                               # (that deal is not played here)
    r = win_for(m, 1)
    assert r.eliminated == (0,) and m.over and m.winner == 1 and m.eliminated == [2, 0]
    assert [p for p, _ in m.standings()] == [1, 0, 2]
    # two players, x = 3: the first to lose three hands loses: the same best of five
    for seed in range(3):
        m = play_match(MatchConfig(players=2, rules="UNO TV(wins=3)", tv_countdown=True, seed=seed),
                       greedy_policy)
        assert m.over and m.scores[m.winner] > 0 and m.hands_played <= 5 and m.eliminated == [1 - m.winner]


def test_TV_partners_count_team_wins():
    # 000 §TV, Consequências: "ocorre em qualquer tipo de jogo UNO: individual, com dois jogadores ou em
    # duplas": with mode="partners" a hand won by either partner is one win for the team
    m = Match.new(MatchConfig(players=4, rules="UNO TV(wins=2)", mode="partners", seed=3))
    assert win_for(m, 0).gains == {(0, 2): 1}
    assert win_for(m, 3).gains == {(1, 3): 1}
    win_for(m, 2)
    assert m.over and m.winner == (0, 2) and m.scores == {(0, 2): 2, (1, 3): 1}


# ---------------------------------------------------------------------------------------- PR
def test_PR_everyone_starts_at_500_loses_own_hand_points():
    # 000 §PR: "todos os jogadores começam com 500 pontos e, ao longo do jogo, vão perdendo-os com base
    # nas cartas que permanecem em suas mãos após a vitória de algum dos jogadores."
    m = Match.new(MatchConfig(players=3, rules="UNO 1121 PR", seed=4))
    assert m.target == 500 and m.scores == {0: 500, 1: 500, 2: 500}
    r = m.finish_hand(out(["R1", "G5 Y+2 W", "B9 RS"], "0 play R1"))
    assert r.held == {0: 0, 1: 75, 2: 29}
    assert r.gains == {0: 0, 1: -75, 2: -29}         # each loses their own hand; the winner gains nothing
    assert m.scores == {0: 500, 1: 425, 2: 471} and not m.over
    # "esse número pode sempre ser flexibilizado ... (princípio que vale também para ... Pontos Reversos)"
    m = Match.new(MatchConfig(players=2, rules="UNO PR(start=300)", seed=4))
    assert m.scores == {0: 300, 1: 300}
    # whole matches: totals are the start minus every hand's own points
    m = play_match(MatchConfig(players=4, rules="UNO PR(start=150)", seed=5), greedy_policy)
    for p in range(4):
        assert m.scores[p] == 150 - sum(r.held.get(p, 0) for r in m.history)


def test_PR_out_at_zero_last_with_points_wins():
    # 000 §PR: "quando alguém perde seus 500 pontos, sai do jogo, mas os outros continuam a jogar até que
    # reste apenas um jogador que ainda possui pontos." Exactly 0 is out ("perde seus 500 pontos").
    m = Match.new(MatchConfig(players=4, rules="UNO PR(start=60)", seed=6))
    r = m.finish_hand(out(["R1", "W G9 Y1", "B9", "W+4 R5"], "0 play R1"))
    assert r.gains == {0: 0, 1: -60, 2: -9, 3: -55}
    assert r.eliminated == (1,) and m.scores[1] == 0            # down to exactly 0: out
    assert m.active == [0, 2, 3] and m.upcoming.seats == (0, 2, 3)
    g = m.next_hand()
    assert g.n == 3                                              # later hands are dealt without them
    m._game = None
    r = m.finish_hand(out(["G9 Y9", "R1", "Y2"], "1 play R1", current=1))   # seat 1 is player 2
    assert r.winner == 2 and r.gains == {0: -18, 2: 0, 3: -2} and r.eliminated == ()
    r = m.finish_hand(out(["W", "R1", "G7"], "1 play R1", current=1))
    assert r.eliminated == (0, 3) and m.scores[0] < 0 and m.scores[3] == -4   # both out in one hand
    assert m.over and m.winner == 2 and m.scores[2] > 0                       # the last with points
    assert m.eliminated == [1, 0, 3]
    assert [p for p, _ in m.standings()] == [2, 3, 0, 1]     # last out first; same hand: more points first
    # whole matches: the winner is the only player with points, everyone else is out
    for seed in range(3):
        m = play_match(MatchConfig(players=4, rules="UNO PR(start=100)", seed=seed), greedy_policy)
        assert m.over and m.active == [m.winner] and m.scores[m.winner] > 0
        assert sorted(m.eliminated + [m.winner]) == [0, 1, 2, 3]
        assert all(m.scores[p] <= 0 for p in m.eliminated)


# ---------------------------------------------------------------------------------------- MOV
@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_MOV_seating_changes_every_hand_no_one_keeps_order(players):
    # 000 §MOV: "as pessoas devem trocar de lugar depois do fim de cada partida ... a minimalista regra
    # original prevê, contudo, apenas que os jogadores não continuem na mesma ordem que estavam antes."
    # unokit: nobody keeps the same left neighbour (next seat), so the cyclic order always changes.
    m = play_match(MatchConfig(players=players, rules="UNO 1121 MOV", seed=players, target=600), greedy_policy)
    assert m.history[0].seats == tuple(range(players))           # the first hand: seats as numbered
    assert len(m.history) >= 3
    for prev, new in moves(m):
        assert sorted(new) == sorted(prev)
        assert kept_neighbours(prev, new) == [], (prev, new)
    # ...also while players leave the match (PR): counted among the players still seated
    m = play_match(MatchConfig(players=5, rules="UNO PR(start=80)-MOV", seed=players), greedy_policy)
    assert m.over and any(len(a) > len(b) for a, b in moves(m))
    for prev, new in moves(m):
        if len(new) >= 3:
            assert kept_neighbours(prev, new) == []


def test_MOV_draws_seats_only_from_the_match_seed():
    # MOV's seatings come from the match's Chance: the same seed, the same seatings, whatever the global
    # random state; different seeds give different seatings
    c = MatchConfig(players=5, rules="UNO TV-MOV", seed=77)
    random.seed(1)
    a = play_match(c, greedy_policy).seatings
    random.seed(2)
    b = play_match(c, greedy_policy).seatings
    assert a == b
    others = {tuple(play_match(MatchConfig(players=5, rules="UNO TV-MOV", seed=s), greedy_policy).seatings[1])
              for s in range(8)}
    assert len(others) > 1


def test_MOV_two_players_seating_irrelevant():
    # 000 §MOV, Indicado: "completamente inócua num jogo de apenas duas pessoas": two players have one
    # cyclic order; the seats stay and nothing is drawn, so the match is the one without MOV
    a = play_match(MatchConfig(players=2, rules="UNO TV-MOV", seed=8), greedy_policy)
    b = play_match(MatchConfig(players=2, rules="UNO TV", seed=8), greedy_policy)
    assert all(s == (0, 1) for s in a.seatings)
    assert [r.seed for r in a.history] == [r.seed for r in b.history] and a.scores == b.scores


def test_MOV_partners_stay_opposite():
    # 000 §MOV: "Não é muito interessante, contudo, num jogo de parcerias": partners still sit opposite
    # (000 §Parceiros); the order changes all the same
    m = play_match(MatchConfig(players=6, mode="partners", rules="UNO MOV", seed=10, target=800), greedy_policy)
    assert len(m.history) >= 3
    for r in m.history:
        k = len(r.seats) // 2
        assert {tuple(sorted((r.seats[i], r.seats[i + k]))) for i in range(k)} == set(m.teams)
    for prev, new in moves(m):
        assert kept_neighbours(prev, new) == []
    # rotating partners: the schedule sets the pairs; where no seating avoids every old neighbour,
    # the fewest keep theirs (with 4 players and new partners, one)
    m = play_match(MatchConfig(players=4, mode="rotating-partners", rules="UNO MOV", seed=11), greedy_policy)
    for r in m.history:
        assert {tuple(sorted((r.seats[0], r.seats[2]))), tuple(sorted((r.seats[1], r.seats[3])))} == set(r.teams)
    for prev, new in moves(m):
        assert len(kept_neighbours(prev, new)) <= 1


def test_MOV_dealer_passes_left_of_previous_dealer():
    # A=3: the deal passes to the previous dealer's left, counted at the previous hand's seating
    m = Match.new(MatchConfig(players=4, rules="UNO 3121 MOV", seed=12, target=10**6))
    for _ in range(5):
        prev = m.history[-1] if m.history else None
        g = m.next_hand()
        if prev is not None:
            old = prev.seats
            assert m.player_at(g.dealer) == old[(old.index(prev.dealer) + 1) % len(old)]
        while not g.over:
            g.apply(greedy_policy(g))
        m.finish_hand(g)


# ---------------------------------------------------------------------------------------- records
@pytest.mark.parametrize("config", [
    MatchConfig(players=3, rules="UNO 1121 TV(wins=2)-MOV", seed=51),
    MatchConfig(players=4, rules="UNO 3121 PR(start=120)-MOV", seed=52, enforcement="table"),
    MatchConfig(players=3, rules="UNO TV(wins=2)", tv_countdown=True, seed=53),
    MatchConfig(players=4, mode="partners", rules="UNO TV(wins=2)-MOV", seed=54),
    MatchConfig(players=4, rules="UNO MS-TV-C-DR-V-P3", seed=55),
])
def test_match_rules_record_replays(config):
    m = play_match(config, random_policy(config.seed), max_steps=400)
    assert m.over
    rec = json.loads(json.dumps(m.record()))
    assert rec["config"]["tv_countdown"] == config.tv_countdown
    assert ("seatings" in rec) == ("MOV" in config.rules)
    again = replay_match(rec)
    assert again.scores == m.scores and again.winner == m.winner and again.eliminated == m.eliminated
    assert again.seatings == m.seatings
    assert [r.to_dict() for r in again.history] == [r.to_dict() for r in m.history]
    assert play_match(config, random_policy(config.seed), max_steps=400).record() == m.record()


def test_match_rules_record_detects_changed_seatings():
    m = play_match(MatchConfig(players=4, rules="UNO TV-MOV", seed=61), greedy_policy)
    rec = json.loads(json.dumps(m.record()))
    assert rec["seatings"] == [list(s) for s in m.seatings] and len(rec["seatings"]) >= 2
    bad = json.loads(json.dumps(rec))
    bad["seatings"][1] = bad["seatings"][0]
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["hands"][1]["result"]["seats"] = rec["hands"][0]["result"]["seats"]
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["config"]["tv_countdown"] = True                         # another goal: another match
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    # the hands are dealt under the whole code, so bots see TV / PR / MOV in force
    assert RuleSet.parse(rec["hands"][0]["record"]["rules"], allow_unimplemented=True).has("TV")


# ---------------------------------------------------------------------------------------- SHUFFLESEATS
def partners_opposite(seats, teams) -> bool:
    k = len(seats) // 2
    return {tuple(sorted((seats[i], seats[i + k]))) for i in range(k)} == {tuple(sorted(t)) for t in teams}


def test_SHUFFLESEATS_seats_drawn_every_hand():
    # catalogue: "seats are drawn anew before every hand" -- from the second hand, a seating drawn
    # uniformly through the match's Chance; unlike MOV nobody is kept from their old neighbours
    assert {"SHUFFLESEATS", "ELIMMOST"} <= MATCH_RULES
    with pytest.raises(RuleConflictError):                       # the catalogue: it conflicts with MOV
        MatchConfig(players=4, rules="UNO MOV-SHUFFLESEATS")
    assert MatchConfig(players=3, rules="UNO SHUFFLESEATS").mode == "points"   # the scoring is kept
    m = Match.new(MatchConfig(players=3, rules="UNO SHUFFLESEATS", seed=41, target=10**9))
    assert m.upcoming.seats == (0, 1, 2)                          # the first hand: seats as numbered
    counts: dict = {}
    kept_all = 0
    for _ in range(600):
        prev = m.upcoming.seats
        win_for(m, prev[0])
        new = m.upcoming.seats
        assert sorted(new) == [0, 1, 2]
        counts[new] = counts.get(new, 0) + 1
        kept_all += kept_neighbours(prev, new) == list(prev)
    # all 3! seatings come up, about equally often (each 1/6: 100 expected)
    assert len(counts) == 6 and all(60 <= v <= 140 for v in counts.values()), counts
    assert kept_all > 0                                            # the old cyclic order may come again
    # a void hand is dealt again on the same seats (nothing is drawn anew)
    seats = m.upcoming.seats
    g = m.next_hand()
    m.finish_hand(g, void=True)
    assert m.upcoming.seats == seats
    # from the match seed only: the same seed, the same seatings, whatever the global random state
    c = MatchConfig(players=5, rules="UNO SHUFFLESEATS", seed=42, target=300)
    random.seed(1)
    a = play_match(c, greedy_policy).seatings
    random.seed(2)
    assert play_match(c, greedy_policy).seatings == a and len(set(a)) > 2
    assert {play_match(MatchConfig(players=5, rules="UNO TV-SHUFFLESEATS", seed=s), greedy_policy).seatings[1]
            for s in range(6)} != {a[1]}
    # partners stay opposite: the teams' positions and orientations are drawn (2! x 2^2 = 8 seatings)
    m = Match.new(MatchConfig(players=4, mode="partners", rules="UNO SHUFFLESEATS", seed=43, target=10**9))
    seen = set()
    for _ in range(200):
        seats = m.upcoming.seats
        assert partners_opposite(seats, m.teams)
        seen.add(seats)
        win_for(m, seats[1])
    assert len(seen) == 8
    # rotating partners: the schedule's pairs, opposite, in drawn positions
    m = play_match(MatchConfig(players=4, mode="rotating-partners", rules="UNO SHUFFLESEATS", seed=44, cycles=3),
                   greedy_policy)
    assert all(partners_opposite(r.seats, r.teams) for r in m.history)
    assert len({r.seats for r in m.history}) > 3


@pytest.mark.parametrize("config", [
    MatchConfig(players=5, rules="UNO SHUFFLESEATS", seed=71, target=500),
    MatchConfig(players=4, rules="UNO 3121 PR(start=120)-SHUFFLESEATS", seed=72, enforcement="table"),
    MatchConfig(players=6, mode="partners", rules="UNO 2121 SHUFFLESEATS", seed=73, target=250),
    MatchConfig(players=8, mode="two-tables", rules="UNO SHUFFLESEATS", seed=74, hands_per_pairing=2),
])
def test_SHUFFLESEATS_replays(config):
    m = play_match(config, random_policy(config.seed), max_steps=400)
    assert m.over
    rec = json.loads(json.dumps(m.record()))
    assert rec["seatings"] == [list(s) for s in m.seatings]
    assert len({tuple(s) for s in rec["seatings"]}) > 1
    again = replay_match(rec)
    assert again.seatings == m.seatings and again.scores == m.scores and again.winner == m.winner
    assert [r.to_dict() for r in again.history] == [r.to_dict() for r in m.history]
    assert play_match(config, random_policy(config.seed), max_steps=400).record() == m.record()
    # a changed seating is caught, in the match's list or in a hand's result
    i = next(i for i in range(1, len(rec["seatings"])) if rec["seatings"][i] != rec["seatings"][i - 1])
    bad = json.loads(json.dumps(rec))
    bad["seatings"][i] = rec["seatings"][i - 1]
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["hands"][i]["result"]["seats"] = rec["hands"][i - 1]["result"]["seats"]
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)


# ---------------------------------------------------------------------------------------- ELIMMOST
def test_ELIMMOST_most_cards_eliminated_each_hand():
    # catalogue: "after each hand the player holding the most cards is eliminated"; the match goes on
    # with the others in a smaller game
    m = Match.new(MatchConfig(players=4, rules="UNO ELIMMOST", seed=81, target=50))
    assert m.mode == "points"
    r = m.finish_hand(out(["R1", "G2 G3", "W", "Y1 Y2 Y3"], "0 play R1"))
    assert r.cards == {0: 0, 1: 2, 2: 1, 3: 3} and r.held == {0: 0, 1: 5, 2: 50, 3: 6}
    assert r.eliminated == (3,)              # the most cards (3), not the most points (player 2's Wild)
    assert r.gains == {0: 61} and m.scores[0] == 61     # points are still recorded...
    assert not m.over                                    # ...but reaching the target does not win
    assert m.active == [0, 1, 2] and m.eliminated == [3] and m.upcoming.seats == (0, 1, 2)
    g = m.next_hand()
    assert g.n == 3                                      # the next hand is dealt without them
    m._game = None                                       # (that deal is not played here)
    # ties for the most cards: the most points held goes
    r = m.finish_hand(out(["G9 G8", "R1", "B1 B2"], "1 play R1", current=1))
    assert r.winner == 1 and r.cards == {0: 2, 1: 0, 2: 2} and r.held == {0: 17, 1: 0, 2: 3}
    assert r.eliminated == (0,) and m.active == [1, 2]
    # the last two play head to head (the engine's two-seat game); the loser holds the most cards
    assert m.upcoming.seats == (1, 2) and m.next_hand().n == 2
    m._game = None
    r = m.finish_hand(out(["B5 Y5 R5", "R1"], "1 play R1", current=1))
    assert r.winner == 2 and r.eliminated == (1,) and m.over and m.winner == 2
    assert m.eliminated == [3, 0, 1] and [p for p, _ in m.standings()] == [2, 1, 0, 3]
    # same cards and same points: the highest seat of the hand goes; the hand's winner never does
    m = Match.new(MatchConfig(players=4, rules="UNO ELIMMOST", seed=82))
    r = m.finish_hand(out(["R5", "R1", "B5", "G5"], "1 play R1", current=1))
    assert r.cards == {0: 1, 1: 0, 2: 1, 3: 1} and r.eliminated == (3,)
    m = Match.new(MatchConfig(players=3, rules="UNO ELIMMOST", seed=83))
    r = m.finish_hand(out(["G7", "R1", "Y7"], "1 play R1", current=1))
    assert r.eliminated == (2,) and 1 in m.active
    # individual play only: a player leaving would break a partnership
    for mode, n in (("partners", 4), ("rotating-partners", 4), ("two-tables", 8)):
        with pytest.raises(MatchError, match="ELIMMOST"):
            MatchConfig(players=n, mode=mode, rules="UNO ELIMMOST")
    with pytest.raises(MatchError, match="ELIMMOST"):
        MatchConfig(players=4, mode="partners", rules="UNO TV-ELIMMOST")
    # matches without ELIMMOST record no card counts
    m = Match.new(MatchConfig(players=3, seed=84))
    assert "cards" not in win_for(m, 0).to_dict()


@pytest.mark.parametrize("rules,mode", [("UNO ELIMMOST", None), ("UNO ELIMMOST scoring=lowest", None),
                                        ("UNO ELIMMOST", "elimination"), ("UNO TV(wins=2)-ELIMMOST", None),
                                        ("UNO PR(start=80)-ELIMMOST", None),
                                        ("UNO 3121 ELIMMOST-SHUFFLESEATS", None)])
def test_ELIMMOST_last_player_standing_wins(rules, mode):
    # ELIMMOST makes the match a knock-out by cards: whatever the mode scores, its goal (a target, TV's
    # wins) does not end the match; the last player standing (the last hand's winner) wins. Knock-out
    # modes (elimination, PR) still knock out by their own rule too.
    for seed in range(3):
        c = MatchConfig(players=5, rules=rules, mode=mode, seed=seed, target=40 if mode == "elimination" else None)
        m = play_match(c, greedy_policy)
        assert m.over and m.active == [m.winner] and sorted(m.eliminated + [m.winner]) == list(range(5))
        assert m.history[-1].winner == m.winner
        assert next(p for p, _ in m.standings()) == m.winner
        still = list(range(5))
        for r in m.history:
            assert sorted(r.seats) == still                        # the players still in, every hand
            most = max(n for p, n in r.cards.items() if p != r.winner)
            mostly = [p for p, n in r.cards.items() if n == most and p != r.winner]
            assert set(r.eliminated) & set(mostly)                 # a most-cards holder went out
            if c.mode not in ("elimination", "reverse-points"):
                assert len(r.eliminated) == 1                      # exactly one per hand
            for p in set(r.eliminated) - set(mostly):              # the others: out by the mode's own rule
                totals = dict(r.totals)
                assert (totals[p] >= c.target if c.mode == "elimination" else totals[p] <= 0), (p, r)
            assert r.winner not in r.eliminated
            still = [p for p in still if p not in r.eliminated]
        if c.mode in ("points", "lowest", "tournament"):
            assert m.hands_played == 4 and [len(r.seats) for r in m.history] == [5, 4, 3, 2]
        # points are still recorded, as the mode scores them
        for p in range(5):
            assert m.scores[p] == (c.target if c.mode == "reverse-points" else 0) + sum(
                r.gains.get(p, 0) for r in m.history)
    # TV's goal does not end it: the first hand's winner has reached TV(wins=1), the match goes on
    m = play_match(MatchConfig(players=5, rules="UNO TV(wins=1)-ELIMMOST", seed=5), greedy_policy)
    assert m.hands_played == 4 and max(m.scores.values()) >= 1


@pytest.mark.parametrize("config", [
    MatchConfig(players=4, rules="UNO ELIMMOST", seed=91),
    MatchConfig(players=5, rules="UNO 3121 PR(start=150)-ELIMMOST-SHUFFLESEATS", seed=92, enforcement="table"),
    MatchConfig(players=3, rules="UNO TV(wins=2)-ELIMMOST-MOV", tv_countdown=True, seed=93),
    MatchConfig(players=4, rules="UNO ELIMMOST", mode="elimination", seed=94, target=60),
])
def test_ELIMMOST_replays(config):
    m = play_match(config, random_policy(config.seed), max_steps=400)
    assert m.over and m.active == [m.winner]
    rec = json.loads(json.dumps(m.record()))
    assert all("cards" in h["result"] for h in rec["hands"] if not h["result"]["void"])
    again = replay_match(rec)
    assert again.scores == m.scores and again.winner == m.winner and again.eliminated == m.eliminated
    assert again.active == m.active and again.seatings == m.seatings
    assert [r.to_dict() for r in again.history] == [r.to_dict() for r in m.history]
    assert play_match(config, random_policy(config.seed), max_steps=400).record() == m.record()
    # a different elimination or card count in the record is caught
    h = next(i for i, h in enumerate(rec["hands"]) if h["result"]["eliminated"])
    bad = json.loads(json.dumps(rec))
    bad["hands"][h]["result"]["eliminated"] = []
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["hands"][h]["result"]["cards"][0][1] += 1
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)
    bad = json.loads(json.dumps(rec))
    bad["eliminated"] = list(reversed(rec["eliminated"]))
    with pytest.raises(ReplayMismatchError):
        replay_match(bad)


# ---------------------------------------------------------------------------------------- the rules' classes
# Each match rule has its class in unokit/rules/match_rules.py; the match calls it at the match hook points
# (unokit.rules.base.MATCH_HOOKS) and the class sees only the public API of Match and Game.
def test_match_rules_each_code_has_its_class_and_no_hand_hook():
    from pathlib import Path

    from unokit.rules import match_rules
    from unokit.rules.base import HOOKS, MATCH_HOOKS, HouseRule, hooks_of, is_match_rule
    from unokit.rules.registry import REGISTRY
    classes = {c: REGISTRY[c] for c in MATCH_RULES}
    assert {"TV", "PR", "MOV", "SHUFFLESEATS", "ELIMMOST"} == MATCH_RULES
    for code, cls in classes.items():
        assert cls.__module__ == "unokit.rules.match_rules" and cls.code == code and issubclass(cls, HouseRule)
        assert is_match_rule(cls)
        # no hand hook: every hand is the hand without the rule (only the code in the record differs)
        assert all(getattr(cls, h) is getattr(HouseRule, h) for h in HOOKS), code
    assert not any(is_match_rule(k) for c, cls in REGISTRY.items() if c not in MATCH_RULES
                   for k in (cls if isinstance(cls, tuple) else (cls,)))
    rs = RuleSet.parse("UNO TV-MOV-ELIMMOST")
    assert all(v == [] for v in hooks_of([classes[c](rs) for c in rs.codes]).values())
    assert set(MATCH_HOOKS).isdisjoint(HOOKS)
    # the classes use no private member of the match or the game; that they do not import unokit.match (at run
    # time: the type checker reads its types) is tests/shape/test_layers.py's check of every upward import
    text = Path(match_rules.__file__).read_text()
    assert "match._" not in text and "game._" not in text
    # the match holds its rules' objects, in code order, and calls them (the config's too)
    m = Match.new(MatchConfig(players=4, rules="UNO PR(start=90)-SHUFFLESEATS-ELIMMOST", seed=3))
    assert [type(r).__name__ for r in m.match_rules] == ["ReversePoints", "ShuffleSeats", "EliminateMost"]
    assert Match.new(MatchConfig(players=3, seed=3)).match_rules == []


def test_TV_first_to_x_wins_decided_by_its_class():
    # 000 §TV: "o primeiro a vencer x vezes é o campeão ... a contagem de pontos sequer é feita"
    from types import SimpleNamespace

    from unokit.rules.match_rules import TournamentOfWins
    rs = parse_match_rules("UNO TV(wins=2)")
    tv = TournamentOfWins(rs)
    c = MatchConfig(players=3, rules=rs.code)
    assert tv.match_mode(c) == "tournament" and tv.match_target(c) == 2
    assert tv.mode_problem(c, "points") and tv.mode_problem(c, "partners") is None
    assert "not with a target" in tv.mode_problem(SimpleNamespace(target=300), "tournament")   # TV sets the goal
    m = Match.new(MatchConfig(players=3, rules=rs.code, seed=1))
    slot = m.upcoming
    assert tv.hand_gains(m, slot, {0: 0, 1: 120, 2: 9}, 0) == {0: 1}     # the points held count for nothing
    assert tv.decide(m, 0) is None and not tv.knocks_out(m) and tv.start_score(m) is None
    win_for(m, 2)
    win_for(m, 2)
    assert m.over and tv.decide(m, 2) == 2
    # the variant: lives, one lost per defeat; out at 0
    m = Match.new(MatchConfig(players=3, rules=rs.code, tv_countdown=True, seed=1))
    assert tv.knocks_out(m) and tv.start_score(m) == 2
    assert tv.hand_gains(m, m.upcoming, {0: 0, 1: 5, 2: 5}, 0) == {1: -1, 2: -1}


def test_PR_everyone_starts_at_start_loses_own_points_by_its_class():
    # 000 §PR: "todos os jogadores começam com 500 pontos e ... vão perdendo-os com base nas cartas que
    # permanecem em suas mãos"; "quando alguém perde seus 500 pontos, sai do jogo"
    from unokit.rules.match_rules import ReversePoints
    rs = parse_match_rules("UNO PR(start=60)")
    pr = ReversePoints(rs)
    m = Match.new(MatchConfig(players=3, rules=rs.code, seed=2))
    assert pr.match_mode(m.config) == "reverse-points" and pr.start_score(m) == 60 and pr.knocks_out(m)
    assert pr.hand_gains(m, m.upcoming, {0: 0, 1: 60, 2: 7}, 0) == {0: 0, 1: -60, 2: -7}
    g = out(["R1", "W G9 Y1", "B9"], "0 play R1")
    r = m.finish_hand(g)
    assert r.eliminated == (1,) and pr.after_hand(m, m.upcoming, g, 0) == set()   # already out: not again
    assert "PR" in pr.mode_problem(m.config, "points")
    with pytest.raises(MatchError, match="counts down: put PR in the rules"):   # the mode PR owns
        MatchConfig(players=3, mode="reverse-points")


def test_MOV_nobody_keeps_left_neighbour_drawn_by_its_class_from_the_match_chance():
    # 000 §MOV: "os jogadores não continuem na mesma ordem que estavam antes"
    from unokit.rules.match_rules import Movement
    mov = Movement(parse_match_rules("UNO MOV"))
    seatings = []
    for _ in range(2):
        m = Match.new(MatchConfig(players=5, rules="UNO MOV", seed=21))
        new = mov.reseat(m, (0, 1, 2, 3, 4), (), (0, 1, 2, 3, 4))
        assert sorted(new) == [0, 1, 2, 3, 4] and kept_neighbours((0, 1, 2, 3, 4), new) == []
        seatings.append((new, m.chance.randint(0, 10**9)))
    assert seatings[0] == seatings[1]                    # the match seed fixes the draw (and what follows)
    # two players: one cyclic order, nothing is drawn
    a, b = (Match.new(MatchConfig(players=2, rules="UNO MOV", seed=22)) for _ in range(2))
    assert mov.reseat(a, (0, 1), (), (0, 1)) == (0, 1)
    assert a.chance.randint(0, 10**9) == b.chance.randint(0, 10**9)
    # partners stay opposite
    m = Match.new(MatchConfig(players=6, mode="partners", rules="UNO MOV", seed=23))
    new = mov.reseat(m, (0, 1, 2, 3, 4, 5), m.teams, (0, 1, 2, 3, 4, 5))
    assert partners_opposite(new, m.teams) and kept_neighbours((0, 1, 2, 3, 4, 5), new) == []


def test_SHUFFLESEATS_seats_drawn_anew_by_its_class():
    # catalogue: "seats are drawn anew before every hand"
    from unokit.rules.match_rules import ShuffleSeats
    sh = ShuffleSeats(parse_match_rules("UNO SHUFFLESEATS"))
    m = Match.new(MatchConfig(players=4, rules="UNO SHUFFLESEATS", seed=31))
    drawn = {sh.reseat(m, (0, 1, 2, 3), (), (0, 1, 2, 3)) for _ in range(300)}
    assert len(drawn) == 24                               # every seating, the old one included
    m = Match.new(MatchConfig(players=4, mode="partners", rules="UNO SHUFFLESEATS", seed=32))
    drawn = {sh.reseat(m, (0, 1, 2, 3), m.teams, (0, 1, 2, 3)) for _ in range(200)}
    assert len(drawn) == 8 and all(partners_opposite(s, m.teams) for s in drawn)


def test_ELIMMOST_most_cards_then_points_then_highest_seat_by_its_class():
    # catalogue: "after each hand the player holding the most cards is eliminated"
    from unokit.rules.match_rules import EliminateMost
    el = EliminateMost(parse_match_rules("UNO ELIMMOST"))
    m = Match.new(MatchConfig(players=4, rules="UNO ELIMMOST", seed=41))
    slot = m.upcoming
    g = out(["R1", "G2 G3", "W", "Y1 Y2 Y3"], "0 play R1")
    assert el.hand_cards(m, slot, g) == {0: 0, 1: 2, 2: 1, 3: 3}
    assert el.after_hand(m, slot, g, 0) == {3}                      # the most cards, not the most points
    g = out(["R1", "G9 G8", "B1 B2", "Y5"], "0 play R1")
    assert el.after_hand(m, slot, g, 0) == {1}                      # tie on cards: the most points
    g = out(["R5", "R1", "B5", "G5"], "1 play R1", current=1)
    assert el.after_hand(m, slot, g, 1) == {3}                      # then the highest seat; never the winner
    assert el.knocks_out(m) and el.config_problem(m.config) is None
    assert "individual play" in el.config_problem(MatchConfig(players=4, mode="partners"))


def test_match_rules_hook_points_are_generic(monkeypatch):
    # Match plays whatever class the registry holds for a code: a reseat hook that reverses the seats
    # every hand is called before every hand after the first, recorded, and replayed
    from unokit import match
    from unokit.engine import game as game_module
    from unokit.rules.base import HouseRule
    from unokit.rules.registry import REGISTRY

    class Reverse(HouseRule):
        code = "MOV"

        def reseat(self, m, base, teams, prev):
            assert isinstance(m, Match) and prev in [r.seats for r in m.history]
            return tuple(reversed(prev))

    monkeypatch.setitem(REGISTRY, "MOV", Reverse)
    monkeypatch.setattr(match, "_MATCH_HOOKS", {})
    monkeypatch.setattr(game_module, "_HOUSE", {})
    monkeypatch.setattr(game_module, "_HOOKS", {})
    m = play_match(MatchConfig(players=3, rules="UNO MOV target=400", seed=5), greedy_policy)
    assert len(m.seatings) >= 3
    assert all(b == a[::-1] for a, b in zip(m.seatings, m.seatings[1:]))
    rec = json.loads(json.dumps(m.record()))
    assert rec["seatings"] == [list(s) for s in m.seatings]
    assert replay_match(rec).seatings == m.seatings
