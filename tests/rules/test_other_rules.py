"""Rules from the other seeds and options other engines offer (unokit/rules/extras.py, catalog.EXTRA_RULES),
the edition cards of 001-003 and the table parameters those seeds set.

Seeds quoted: 004 "Regulile casei" (Uno progresiv, Seven-O, Jump-In); 003 "Varianti non ufficiali" (0 passes
hands left, any mistake 2, Anticipo, carta bianca, Add it up), "Penalità" (missed UNO until the end of the next
player's turn, hints 4), "Jolly mescola carte"; 002 (Wild Ohana); 001 (Wild Swap Hands, blank wilds).
Rules taken from other engines (FORCE, DRAWPLAY, LIMIT, OPEN, BOMB, REVENGE, DOUBLE, NOCHALLENGE, BLITZ,
WILDSTART, DEFLECT) are checked against the extras.py docstring, their only specification.

Seats: A=0, B=1, C=2, D=3, E=4, clockwise; "left" of a seat is the next seat (+1).
Where the engine contradicts the seed (or its own rule text), the test follows the seed and is marked
``xfail(strict=True)``.
"""

from __future__ import annotations

import pytest
from conftest import (
    A,
    B,
    C,
    CatchUno,
    Challenge,
    ChooseColor,
    D,
    Discard,
    Draw,
    E,
    Hint,
    Notice,
    Pass,
    Phase,
    Play,
    assert_refused,
    draw,
    hand,
    kinds,
    mk_play,
    new_game,
    play,
    pos,
    sizes,
)

from unokit.core.cards import COLORS, Card, Color
from unokit.core.chance import ManualClock, ScriptedChance
from unokit.core.errors import (
    CardNotPlayableError,
    IllegalActionError,
    NotYourTurnError,
    RuleConflictError,
    WindowClosedError,
)
from unokit.engine.compose import every_action
from unokit.engine.game import Game
from unokit.match import Match, MatchConfig
from unokit.rules import RuleSet
from unokit.rules.catalog import EXTRA_RULES, alone
from unokit.rules.extras import ChallengeSum

# stock (top first) of yellow cards that the red / green / blue piles of the scenarios never match
YSTOCK = "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y8 Y7 Y6 Y5 Y4"


def penalties(events, why: str | None = None) -> list[tuple[int, int]]:
    """(seat, cards) of each penalty event, optionally only those whose reason contains ``why``."""
    return [(e.player, e.detail[0]) for e in events if e.kind == "penalty" and (why is None or why in e.detail[1])]


def plays_of(g: Game, seat: int) -> list[str]:
    """Every complete play the referee offers (stems followed through their sub-decisions)."""
    return [str(a) for a in every_action(g, seat) if isinstance(a, Play)]


def codes(cards) -> list[str]:
    return [c.code for c in cards]


# ============================================================================================ catalogue


@pytest.mark.parametrize("info", EXTRA_RULES, ids=lambda r: r.code)
def test_EXTRAS_every_code_parses_and_round_trips(info):
    rs = RuleSet.parse(f"UNO 1121 {alone(info.code)}")   # BOMB needs DR or DD beside it
    assert rs.has(info.code) and RuleSet.parse(rs.code) == rs
    assert info.implemented and info.origin == "other"


@pytest.mark.parametrize("code,other", [("SEVENO", "T"), ("SEVENO", "CAR"), ("SEVENO", "S"), ("JUMPIN", "C"),
                                        ("JUMPIN", "ANTICIPO"), ("ADDUP", "AA"), ("ZEROLEFT", "CAR"),
                                        ("ZEROLEFT", "SEVENO"), ("FORCE", "SAT"), ("DRAWPLAY", "INS"),
                                        ("DEFLECT", "I"), ("SLOWUNO", "PRE"), ("PROG", "P3")])
def test_EXTRAS_conflicting_rules_refused(code, other):
    with pytest.raises(RuleConflictError):
        RuleSet.parse(f"UNO 1121 {code}-{other}")


def test_EXTRAS_seed_004_house_rules_combine():
    # 004 "Regulile casei": Uno progresiv, Seven-O and Jump-In are offered together
    assert RuleSet.parse("UNO 1121 PROG-SEVENO-JUMPIN").code == "UNO 1121 P2-SEVENO-JUMPIN"


def test_EXTRAS_seed_003_variants_combine():
    # 003 "Varianti non ufficiali" + "Penalità": 0 passes left, Anticipo, carta bianca, Add it up, hints 4,
    # missed UNO until the end of the next turn
    rs = RuleSet.parse("UNO 1121 ZEROLEFT-ADDUP-ANTICIPO-SLOWUNO hint=4 blank=swap")
    assert rs.code == "UNO 1121 C-ADDUP-ZEROLEFT-SLOWUNO blank=swap hint=4"
    assert rs.param("hint") == 4 and rs.param("wrong") == 2 and rs.param("blank") == "swap"


# ============================================================================================ SEVENO


def test_SEVENO_seven_swaps_with_chosen_player():
    # 004: "Când se joacă un 7, persoana care a jucat poate alege să-și schimbe mâna cu cea a altui jucător."
    g = pos(["R7 R1 R2", "B1 B2", "G1 G2 G3 G4", "Y1"], "R9", YSTOCK, rules="UNO 1121 SEVENO")
    assert {"0 play R7 @1", "0 play R7 @2", "0 play R7 @3"} <= set(plays_of(g, A))
    ev = play(g, A, "R7", target=C)
    assert [hand(g, s) for s in range(4)] == [["G1", "G2", "G3", "G4"], ["B1", "B2"], ["R1", "R2"], ["Y1"]]
    assert [(e.kind, e.player, e.detail) for e in ev if e.kind == "swap"] == [("swap", A, (C,))]
    assert g.current == B and g.direction == 1 and g.color == Color.RED and g.top.code == "R7"
    g.check_invariants()


def test_SEVENO_seven_swap_is_optional():
    # 004: "poate alege" (may choose): a 7 played without a target keeps every hand
    g = pos(["R7 R1 R2", "B1 B2", "G1 G2 G3 G4", "Y1"], "R9", YSTOCK, rules="UNO 1121 SEVENO")
    assert "0 play R7" in plays_of(g, A)
    ev = play(g, A, "R7")
    assert [hand(g, s) for s in range(4)] == [["R1", "R2"], ["B1", "B2"], ["G1", "G2", "G3", "G4"], ["Y1"]]
    assert "swap" not in kinds(ev) and g.current == B


def test_SEVENO_seven_swap_to_one_card_with_uno_said():
    # the 7 is a hand-changing card: UNO may be said with the play whose swap leaves one card
    g = pos(["R7 R1 R2", "B1 B2", "G1 G2 G3 G4", "Y1"], "R9", YSTOCK, rules="UNO 1121 SEVENO")
    ev = play(g, A, "R7", target=D, uno=True)
    assert hand(g, A) == ["Y1"] and hand(g, D) == ["R1", "R2"]
    assert g.uno_said[A] and A not in g.catchable and "uno" in kinds(ev)


def test_SEVENO_seven_as_last_card_goes_out():
    g = pos(["R7", "B1 B2", "G1 G2 G3 G4", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 SEVENO")
    assert plays_of(g, A) == ["0 play R7", "0 play R7 uno"]  # no swap target when going out
    ev = play(g, A, "R7")
    assert g.over and g.winner == A and "swap" not in kinds(ev)
    assert hand(g, B) == ["B1", "B2"] and hand(g, C) == ["G1", "G2", "G3", "G4"]


@pytest.mark.parametrize("direction,expected,nxt", [
    (1, [["Y1"], ["R1", "R2"], ["B1", "B2"], ["G1", "G2", "G3", "G4"]], B),
    (-1, [["B1", "B2"], ["G1", "G2", "G3", "G4"], ["Y1"], ["R1", "R2"]], D),
])
def test_SEVENO_zero_passes_hands_in_direction(direction, expected, nxt):
    # 004: "Când se joacă un zero, toți jucătorii își trec mâinile spre următorul jucător, depinzând de ordinea
    # de joc."
    g = pos(["R0 R1 R2", "B1 B2", "G1 G2 G3 G4", "Y1"], "R9", YSTOCK, rules="UNO 1121 SEVENO",
            direction=direction)
    ev = play(g, A, "R0")
    assert [hand(g, s) for s in range(4)] == expected
    assert "carousel" in kinds(ev) and g.current == nxt and g.direction == direction
    g.check_invariants()


def test_SEVENO_zero_as_last_card_goes_out():
    # extras.py: "a 0 passes every hand in the direction of play (like CAR, but the 0 may end the hand)";
    # 004: "Primul jucător care scapă de ultima lor carte ... câștigă mâna"
    g = pos(["R0", "B1 B2", "G1 G2 G3 G4", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 SEVENO")
    play(g, A, "R0")
    assert g.over and g.winner == A
    assert hand(g, A) == [] and all(sizes(g)[s] > 0 for s in (B, C, D))


# ============================================================================================ JUMPIN


def test_JUMPIN_identical_number_out_of_turn_play_continues_from_jumper():
    # 004: "Dacă un jucător are exact aceeași carte ... o poate juca imediat, chiar dacă nu este rândul lor.
    # Jocul continuă apoi de parcă acel jucător tocmai și-ar fi luat rândul."
    g = pos(["R5 R1 R2", "B1 B2", "G1 G2 G3 G4", "R5 Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 JUMPIN")
    play(g, A, "R5")
    assert g.current == B and "3 play R5" in plays_of(g, D)
    ev = play(g, D, "R5")
    assert kinds(ev)[0] == "cut" and hand(g, D) == ["Y1", "Y2"]
    assert g.current == A and g.phase == Phase.PLAY and g.top.code == "R5"
    assert hand(g, B) == ["B1", "B2"]  # B lost the turn


def test_JUMPIN_needs_an_identical_card():
    g = pos(["R5 R1 R2", "B1 B2", "G5 G2 G3 G4", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 JUMPIN")
    play(g, A, "R5")
    assert plays_of(g, C) == []
    assert_refused(g, mk_play(C, "G5"), WindowClosedError)


def test_JUMPIN_identical_draw_two_cancels_first():
    # extras.py: "facing a draw total, an identical draw card replaces it: the player who was to draw escapes
    # and the cutter's next draws the new card"
    g = pos(["R+2 R1 R2", "B1 B2", "R+2 G2 G3 G4", "G1 Y1"], "R9", YSTOCK, rules="UNO 1121 JUMPIN")
    play(g, A, "R+2")
    assert g.current == B and g.pending == 2
    assert g.legal_actions(B) == [Draw(B)]          # the player who must draw cannot jump in on it
    ev = play(g, C, "R+2")
    assert [(e.kind, e.player, e.detail) for e in ev if e.kind == "jump-in-cancels"] == [("jump-in-cancels", C, (2,))]
    assert g.current == D and g.pending == 2 and g.phase == Phase.PENDING
    ev = draw(g, D)
    assert hand(g, B) == ["B1", "B2"] and hand(g, D) == ["G1", "Y1", "Y8", "Y7"]
    assert ("draws-penalty", D, (2,)) in [(e.kind, e.player, e.detail) for e in ev]
    assert g.current == A and g.phase == Phase.PLAY
    g.check_invariants()


def test_JUMPIN_identical_wild_draw_four_cancels_first():
    g = pos(["W+4 B1 B2", "B1 B2", "G1 G2 G3 G4", "W+4 Y1"], "R9", YSTOCK, rules="UNO 1121 JUMPIN")
    play(g, A, "W+4", "G")
    ev = play(g, D, "W+4", "Y", uno=True)
    assert "jump-in-cancels" in kinds(ev)
    assert g.pending == 4 and g.current == A and g.color == Color.YELLOW
    assert set(g.legal_actions(A)) >= {Draw(A), Challenge(A)}  # the new W+4 may be challenged by its victim
    assert hand(g, B) == ["B1", "B2"]


def test_JUMPIN_identical_skip_skips_the_jumpers_next():
    # A's Skip passed over B to C; D jumps in with the same Skip: play goes on as if D had played it in turn
    g = pos(["RS R1 R2", "B1 B2", "G1 G2 G3 G4", "RS Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 JUMPIN")
    play(g, A, "RS")
    assert g.current == C
    play(g, D, "RS")
    assert g.current == B and hand(g, C) == ["G1", "G2", "G3", "G4"]


def test_JUMPIN_identical_reverse_out_of_turn_flips_back():
    g = pos(["RR R1 R2", "B1 B2", "RR G2 G3", "G1 Y1", "Y2 Y3"], "R9", YSTOCK, rules="UNO 1121 JUMPIN")
    play(g, A, "RR")
    assert g.direction == -1 and g.current == E
    play(g, C, "RR")
    assert g.direction == 1 and g.current == D


def test_JUMPIN_with_PROG_identical_draw_card_stacks():
    # 004 offers Uno progresiv and Jump-In together: under stacking a jumped-in draw card adds to the total
    g = pos(["R+2 R1 R2", "B1 B2", "R+2 G2 G3 G4", "G1 Y1"], "R9", YSTOCK, rules="UNO 1121 PROG-JUMPIN")
    play(g, A, "R+2")
    ev = play(g, C, "R+2")
    assert "jump-in-cancels" not in kinds(ev)
    assert g.pending == 4 and g.current == D and hand(g, B) == ["B1", "B2"]


# ============================================================================================ ADDUP


def test_ADDUP_two_same_colour_sum_to_top():
    # 003: "se sul mazzo di scarto è presente un 9 rosso e un giocatore ... possiede le carte 5 verde e 4 verde
    # può (sommandole) scartarle entrambe"
    g = pos(["G5 G4 B1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    assert plays_of(g, A) == ["0 play G5 G4", "0 play G5 G4 uno", "0 play G4 G5", "0 play G4 G5 uno"]
    ev = play(g, A, "G5 G4", uno=True)
    assert codes(g.discard) == ["R9", "G5", "G4"] and g.color == Color.GREEN
    assert hand(g, A) == ["B1"] and g.uno_said[A] and g.current == B and g.phase == Phase.PLAY
    assert kinds(ev) == ["play", "uno"]
    assert g.legal_actions(B).count(ChallengeSum(B)) == 1 and ChallengeSum(C) not in g.legal_actions(C)


@pytest.mark.parametrize("cards", ["G5 B4", "G5 G3"])
def test_ADDUP_different_colours_or_wrong_sum_refused(cards):
    g = pos(["G5 G3 B4 B1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    assert_refused(g, mk_play(A, cards), CardNotPlayableError)


def test_ADDUP_not_the_last_two_cards():
    # 003: "Questa regola non si applica, però, se le carte 5 verde e 4 verde ... rappresentano le ultime due
    # carte del giocatore"
    g = pos(["G5 G4", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    assert g.legal_actions(A) == [Draw(A)]
    assert_refused(g, mk_play(A, "G5 G4"), CardNotPlayableError)


def test_ADDUP_bluff_challenge_takes_back_and_draws_two():
    # 003: "se altrimenti c'è stato il bluff, chi ha giocato illegalmente l'Add it up deve riprendersi le due
    # carte appena giocate più prenderne altre due dal mazzo di pesca come penalità"; the hand is shown to the
    # challenger ("ha l'obbligo di mostrargli le proprie carte")
    g = pos(["G5 G4 R1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    assert "0 play G5 G4" in plays_of(g, A)  # bluffing is allowed
    play(g, A, "G5 G4", uno=True)
    ev = g.apply(ChallengeSum(B))
    assert [(e.kind, e.player, e.detail) for e in ev if e.kind == "sum-challenge"] == [
        ("sum-challenge", B, (A, "bluff"))]
    assert penalties(ev) == [(A, 2)]
    assert hand(g, A) == ["R1", "G5", "G4", "Y8", "Y7"] and hand(g, B) == ["B1", "B2"]
    assert codes(g.discard) == ["R9"] and g.color == Color.RED
    assert g.current == B and g.phase == Phase.PLAY
    assert g.view(B).revealed == ((A, (Card.parse("R1"),)),) and g.view(C).revealed == ()
    g.check_invariants()


def test_ADDUP_honest_challenger_draws_two():
    # 003: "Se l'Add it up è stato giocato correttamente, il giocatore che ha mosso l'accusa deve pescare due
    # carte dal mazzo di pesca"
    g = pos(["G5 G4 B1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    play(g, A, "G5 G4", uno=True)
    ev = g.apply(ChallengeSum(B))
    assert ("sum-challenge", B, (A, "honest")) in [(e.kind, e.player, e.detail) for e in ev]
    assert penalties(ev) == [(B, 2)]
    assert hand(g, A) == ["B1"] and hand(g, B) == ["B1", "B2", "Y8", "Y7"]
    assert codes(g.discard) == ["R9", "G5", "G4"] and g.color == Color.GREEN
    assert g.current == B and g.phase == Phase.PLAY  # the challenger then takes the turn
    assert ChallengeSum(B) not in g.legal_actions(B)
    g.check_invariants()


def test_ADDUP_only_the_next_player_may_challenge_before_starting():
    # 003: "il giocatore del turno successivo muove un'accusa"
    g = pos(["G5 G4 B1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    play(g, A, "G5 G4", uno=True)
    assert_refused(g, ChallengeSum(C), IllegalActionError)
    draw(g, B)
    assert_refused(g, ChallengeSum(B), WindowClosedError)


def test_ADDUP_wild_in_hand_is_no_bluff():
    # 003: bluffing is "quando il giocatore possiede in realtà una carta con colore o numero corrispondente a
    # quello del mazzo scarti"; extras.py: "with no card of the colour or number in play"
    g = pos(["G5 G4 W", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    play(g, A, "G5 G4", uno=True)
    ev = g.apply(ChallengeSum(B))
    assert penalties(ev) == [(B, 2)] and hand(g, A) == ["W"] and g.top.code == "G4"


def test_ADDUP_sum_of_cards_of_the_colour_in_play_is_a_bluff():
    # 003: "Se non si possiede nessuna carta identica per colore o numero a quella presente nel mazzo di scarto,
    # è possibile sommare ..." - holding R5 and R4 on a red 9 the player did hold cards of the colour
    g = pos(["R5 R4 G1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    play(g, A, "R5 R4", uno=True)
    ev = g.apply(ChallengeSum(B))
    assert penalties(ev) == [(A, 2)] and hand(g, A) == ["G1", "R5", "R4", "Y8", "Y7"]


# ============================================================================================ ZEROLEFT


@pytest.mark.parametrize("direction,nxt", [(1, B), (-1, D)])
def test_ZEROLEFT_hands_pass_left_whatever_direction(direction, nxt):
    # 003: "quando si gioca una carta con il numero 0 ogni giocatore deve scambiare le proprie carte in mano con
    # il giocatore alla propria sinistra" - to the left (+1) whatever the direction of play
    g = pos(["R0 R1 R2", "B1 B2", "G1 G2 G3 G4", "Y1"], "R9", YSTOCK, rules="UNO 1121 ZEROLEFT",
            direction=direction)
    play(g, A, "R0")
    assert [hand(g, s) for s in range(4)] == [["Y1"], ["R1", "R2"], ["B1", "B2"], ["G1", "G2", "G3", "G4"]]
    assert g.current == nxt and g.direction == direction
    g.check_invariants()


def test_ZEROLEFT_zero_as_last_card_goes_out():
    # 003: "Quando un giocatore scarta l'ultima carta che ha in mano, rimanendo quindi senza carte, vince la mano"
    g = pos(["R0", "B1 B2", "G1 G2 G3 G4", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 ZEROLEFT")
    play(g, A, "R0")
    assert g.over and g.winner == A


# ============================================================================================ FORCE / DRAWPLAY


def test_FORCE_cannot_draw_with_playable_card():
    g = pos(["R1 B2", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 FORCE")
    assert Draw(A) not in g.legal_actions(A)
    assert_refused(g, Draw(A), IllegalActionError)


def test_FORCE_may_draw_without_playable_card():
    g = pos(["G1 B2", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 FORCE")
    assert g.legal_actions(A) == [Draw(A)]
    draw(g, A)
    assert hand(g, A) == ["G1", "B2", "Y8"] and g.current == B


def test_FORCE_draw_penalty_is_still_drawn():
    # FORCE restricts the turn draw only: facing a +2 the player draws it although holding red cards
    g = pos(["R+2 B2", "R1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 FORCE")
    play(g, A, "R+2", uno=True)
    assert Draw(B) in g.legal_actions(B)
    draw(g, B)
    assert hand(g, B) == ["R1", "B2", "Y8", "Y7"] and g.current == C


def test_DRAWPLAY_playable_drawn_card_must_be_played():
    g = pos(["G1 B2", "B1 B2", "G1 G2 G3 G4"], "R9", "R5 Y7", rules="UNO 1121 DRAWPLAY")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.legal_actions(A) == [Play(A, (Card.parse("R5"),))]
    assert_refused(g, Pass(A), IllegalActionError)
    play(g, A, "R5")
    assert hand(g, A) == ["G1", "B2"] and g.top.code == "R5" and g.current == B


def test_DRAWPLAY_unplayable_drawn_card_ends_the_turn():
    g = pos(["G1 B2", "B1 B2", "G1 G2 G3 G4"], "R9", "Y5 Y7", rules="UNO 1121 DRAWPLAY")
    draw(g, A)
    assert hand(g, A) == ["G1", "B2", "Y5"] and g.current == B and g.phase == Phase.PLAY


# ============================================================================================ LIMIT / OPEN


def test_LIMIT_draws_stop_at_limit():
    g = pos(["R+2 B2", "B1 B2 B3 B4", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 LIMIT(cards=5)")
    play(g, A, "R+2", uno=True)
    ev = draw(g, B)
    assert [(e.kind, e.detail) for e in ev] == [("draws-penalty", (2,)), ("draw", (1,))]
    assert hand(g, B) == ["B1", "B2", "B3", "B4", "Y8"] and g.current == C and len(g.stock) == len(YSTOCK.split()) - 1


def test_LIMIT_full_hand_turn_draw_takes_nothing():
    g = pos(["G1 B2 G3 G4 G5", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 LIMIT(cards=5)")
    ev = draw(g, A)
    assert "draw" not in kinds(ev) and sizes(g)[A] == 5 and g.current == B


def test_LIMIT_default_is_25():
    assert RuleSet.parse("UNO 1121 LIMIT").param("LIMIT", "cards") == 25


def test_OPEN_small_hand_visible_in_all_views():
    hands = ["R1 R2 R3", "B1 B2", "G1", "Y1 Y2 Y3 Y4"]
    small = ((B, (Card.parse("B1"), Card.parse("B2"))), (C, (Card.parse("G1"),)))
    g = pos(hands, "R9", YSTOCK, rules="UNO 1121 OPEN")
    assert all(g.view(s).open_hands == small for s in range(4))
    g = pos(hands, "R9", YSTOCK, rules="UNO 1121 OPEN(cards=4)")
    assert g.view(D).open_hands == ((A, tuple(Card.parse(c) for c in ("R1", "R2", "R3"))),) + small
    g = pos(hands, "R9", YSTOCK)
    assert g.view(A).open_hands == ()


def test_OPEN_hand_shown_once_it_shrinks():
    g = pos(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"], "R9", YSTOCK, rules="UNO 1121 OPEN")
    assert g.view(B).open_hands == ()
    play(g, A, "R1")
    assert g.view(B).open_hands == g.view(C).open_hands == ((A, (Card.parse("R2"), Card.parse("R3"))),)


# ============================================================================================ BOMB / REVENGE


def test_BOMB_three_of_a_number_everyone_draws_one():
    g = pos(["R5 G5 B5 Y1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 DR-BOMB")
    ev = play(g, A, "R5 G5 B5", uno=True)
    assert penalties(ev, "bomb") == [(B, 1), (C, 1)]
    assert hand(g, A) == ["Y1"] and hand(g, B) == ["B1", "B2", "Y8"] and hand(g, C) == ["G1", "G2", "G3", "G4", "Y7"]
    assert g.top.code == "B5" and g.color == Color.BLUE and g.current == B


@pytest.mark.parametrize("hand0,cards", [("R5 G5 Y1", "R5 G5"), ("RS GS BS Y1", "RS GS BS")])
def test_BOMB_two_numbers_or_three_symbols_are_no_bomb(hand0, cards):
    g = pos([hand0, "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 DR-BOMB")
    ev = play(g, A, cards, uno=True)
    assert penalties(ev) == [] and sizes(g)[B:] == [2, 4]


def test_REVENGE_counter_stack_doubles():
    g = pos(["R+2 R1", "G+2 B2", "B+2 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 P1-REVENGE")
    play(g, A, "R+2", uno=True)
    assert g.pending == 2
    ev = play(g, B, "G+2", uno=True)
    assert ("revenge", B, (4,)) in [(e.kind, e.player, e.detail) for e in ev]
    assert g.pending == 2 * 2 + 2 and g.current == C
    play(g, C, "B+2")
    assert g.pending == 6 * 2 + 2 and g.current == A
    ev = draw(g, A)
    assert ("draws-penalty", A, (14,)) in [(e.kind, e.player, e.detail) for e in ev]


# ============================================================================================ DOUBLE / NOCHALLENGE


def test_DOUBLE_points_count_double():
    g = pos(["R1", "B1 BS", "G1 W"], "R9", YSTOCK, rules="UNO 1121 DOUBLE")
    assert g.points() == {A: 2, B: 2 * 21, C: 2 * 51}
    ev = play(g, A, "R1")
    assert [(e.kind, e.player, e.detail) for e in ev if e.kind == "out"] == [("out", A, (144,))]
    m = Match.new(MatchConfig(players=3, seed=1, rules="UNO 1121 DOUBLE"))
    g = pos(["R1", "B1 BS", "G1 W"], "R9", YSTOCK, rules="UNO 1121 DOUBLE")
    play(g, A, "R1")
    assert m.finish_hand(g).gains == {A: 144}


def test_NOCHALLENGE_wild_draw_four_cannot_be_challenged():
    g = pos(["W+4 R1", "B1 BS", "G1 W"], "R9", YSTOCK, rules="UNO 1121 NOCHALLENGE")
    play(g, A, "W+4", "G", uno=True)
    assert g.legal_actions(B) == [Draw(B)]
    assert_refused(g, Challenge(B), IllegalActionError)
    draw(g, B)
    assert hand(g, B) == ["B1", "BS", "Y8", "Y7", "Y6", "Y5"] and g.current == C and g.color == Color.GREEN


# ============================================================================================ BLITZ


def test_BLITZ_time_up_fewest_cards_wins():
    clock = ManualClock()
    g = pos(["R1 R2 R3 R4", "B1 B2", "G1 G2 W"], "R9", YSTOCK, rules="UNO 1121 BLITZ", clock=clock)
    play(g, A, "R1")
    clock.advance(301)   # BLITZ(seconds=300) by default
    ev = draw(g, B)      # the time is read at the next turn action, which does not happen
    assert [(e.kind, e.player, e.detail) for e in ev] == [("time-up", None, (300,)), ("out", B, (9 + 53,))]
    assert g.over and g.winner == B and g.end_reason == "time" and hand(g, B) == ["B1", "B2"]


def test_BLITZ_tie_fewest_points_and_limit_itself_not_up():
    clock = ManualClock()
    g = pos(["R1 R2 R3", "B1 B9", "G1 G2", "Y5 Y6 Y7"], "R9", YSTOCK, rules="UNO 1121 BLITZ(seconds=60)",
            clock=clock)
    clock.advance(60)
    play(g, A, "R1")     # exactly 60 s: still in time
    assert not g.over and g.current == B
    clock.advance(0.5)
    draw(g, B)
    assert g.over and g.winner == C   # A, B and C hold 2 cards; C's 3 points are the fewest


# ============================================================================================ WILDSTART


def test_WILDSTART_wild_draw_four_first_card_stays():
    g = new_game(4, 0, {1: "R1 R2 R3 R4 R5 R6 R7", 2: "G1 G2 G3 G4 G5 G6 G7"}, "W+4", "B1 B2 B3 B4",
                 rules="UNO 1121 WILDSTART")
    assert codes(g.discard) == ["W+4"] and "first-returned" not in kinds(g.events)
    assert penalties(g.events, "WILDSTART") == [(B, 4)]
    assert hand(g, B) == ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "B1", "B2", "B3", "B4"]
    assert g.phase == Phase.COLOR and g.to_act == C and g.pending == 0       # B is skipped, C names the colour
    assert g.legal_actions(C) == [ChooseColor(C, c) for c in COLORS]
    g.apply(ChooseColor(C, Color.GREEN))
    assert g.color == Color.GREEN and g.phase == Phase.PLAY and g.current == C


def test_WILDSTART_off_wild_draw_four_first_card_is_returned():
    g = new_game(4, 0, {1: "R1 R2 R3 R4 R5 R6 R7", 2: "G1 G2 G3 G4 G5 G6 G7"}, "W+4", "B1 B2 B3 B4")
    assert "first-returned" in kinds(g.events) and g.top.code != "W+4" and sizes(g)[B] == 7


# ============================================================================================ DEFLECT


def test_DEFLECT_skip_passes_draw_on():
    g = pos(["R+2 R1 R3", "RS B2", "G1 G2 G3", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 DEFLECT")
    play(g, A, "R+2")
    assert "1 play RS" in plays_of(g, B)
    ev = play(g, B, "RS", uno=True)
    assert "deflect" in kinds(ev) and "draw" not in kinds(ev)
    assert g.current == C and g.pending == 2 and g.phase == Phase.PENDING and hand(g, B) == ["B2"]
    draw(g, C)
    assert hand(g, C) == ["G1", "G2", "G3", "Y8", "Y7"] and g.current == D and g.direction == 1


def test_DEFLECT_skip_on_a_skip_passes_on_again():
    g = pos(["R+2 R1 R3", "RS B2", "GS G2 G3", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 DEFLECT")
    play(g, A, "R+2")
    play(g, B, "RS", uno=True)
    play(g, C, "GS")   # another colour, but on a Skip
    assert g.current == D and g.pending == 2 and g.color == Color.GREEN


def test_DEFLECT_skip_of_another_colour_refused():
    g = pos(["G+2 R1 R3", "BS B2", "G1 G2 G3", "Y1 Y2"], "G9", YSTOCK, rules="UNO 1121 DEFLECT")
    play(g, A, "G+2")
    assert g.legal_actions(B) == [Draw(B)]
    assert_refused(g, mk_play(B, "BS", uno=True), CardNotPlayableError)


def test_DEFLECT_reverse_sends_draw_back():
    g = pos(["R+2 R1 R3", "RR B2", "G1 G2 G3", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 DEFLECT")
    play(g, A, "R+2")
    ev = play(g, B, "RR", uno=True)
    assert "deflect" in kinds(ev)
    assert g.current == A and g.pending == 2 and g.phase == Phase.PENDING
    draw(g, A)
    assert hand(g, A) == ["R1", "R3", "Y8", "Y7"] and hand(g, C) == ["G1", "G2", "G3"]


def test_DEFLECT_reverse_also_reverses_the_direction():
    # extras.py: "a Reverse sends it back the other way": play then runs counter-clockwise from A
    g = pos(["R+2 R1 R3", "RR B2", "G1 G2 G3", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 DEFLECT")
    play(g, A, "R+2")
    play(g, B, "RR", uno=True)
    assert g.direction == -1
    draw(g, A)
    assert g.current == D


# ============================================================================================ SLOWUNO


def test_SLOWUNO_catch_until_end_of_next_turn():
    # 003 "Penalità": "si devono pescare due carte di penalità ... ma solo se un altro giocatore fa notare
    # l'errore entro la fine del turno successivo"
    g = pos(["R1 R2", "B3 B2", "G1 G2 G3", "Y1 Y2"], "R9", "R5 Y7 Y6 Y5", rules="UNO 1121 SLOWUNO")
    play(g, A, "R1")
    draw(g, B)                     # B has started (drew a playable R5) but not finished the turn
    assert g.phase == Phase.DRAWN and A in g.catchable
    ev = g.apply(CatchUno(D, A))
    assert penalties(ev, "missed UNO") == [(A, 2)] and hand(g, A) == ["R2", "Y7", "Y6"]
    assert g.current == B and g.phase == Phase.DRAWN   # B's turn goes on


def test_SLOWUNO_window_closes_when_next_turn_ends():
    # 003: "Non si incappa nella penalità se ... il giocatore successivo completa il proprio turno senza che
    # nel frattempo nessuno se ne accorga."
    g = pos(["R1 R2", "R3 B2", "G1 G2 G3", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 SLOWUNO")
    play(g, A, "R1")
    play(g, B, "R3", uno=True)
    assert g.catchable == set()
    assert_refused(g, CatchUno(C, A), WindowClosedError)


def test_SLOWUNO_off_window_closes_when_next_player_starts():
    g = pos(["R1 R2", "B3 B2", "G1 G2 G3", "Y1 Y2"], "R9", "R5 Y7 Y6 Y5")
    play(g, A, "R1")
    draw(g, B)
    assert_refused(g, CatchUno(D, A), WindowClosedError)


# ============================================================================================ PROG / ANTICIPO


def test_PROG_is_P2():
    assert RuleSet.parse("UNO 1121 PROG") == RuleSet.parse("UNO 1121 P2") == RuleSet.parse("uno 1121 progressive")
    assert RuleSet.parse("UNO 1121 PROG").code == "UNO 1121 P2" and RuleSet.parse("UNO 1121 PROG").stacking == "P2"


def test_PROG_draw_two_on_draw_two_adds_but_not_wild_draw_four():
    # 004: "Dacă se joacă o carte de extragere, iar următorul jucător are aceeași carte, poate juca acea carte
    # ... (Deși un +4 nu poate fi stivuit pe un +2 sau invers.)"
    g = pos(["R+2 R1", "G+2 W+4 B2", "B1 G2 G3"], "R9", YSTOCK, rules="UNO 1121 PROG")
    play(g, A, "R+2", uno=True)
    assert plays_of(g, B) == ["1 play G+2"]
    assert_refused(g, mk_play(B, "W+4", "G"), CardNotPlayableError)
    play(g, B, "G+2")
    assert g.pending == 4 and g.current == C
    draw(g, C)
    assert hand(g, C) == ["B1", "G2", "G3", "Y8", "Y7", "Y6", "Y5"] and g.current == A


def test_PROG_wild_draw_four_on_wild_draw_four_adds_but_not_draw_two():
    g = pos(["W+4 R1", "G+2 W+4 B2", "B1 G2 G3"], "B9", YSTOCK, rules="UNO 1121 PROG")
    play(g, A, "W+4", "G", uno=True)
    assert "1 play G+2" not in plays_of(g, B)
    assert_refused(g, mk_play(B, "G+2"), CardNotPlayableError)
    play(g, B, "W+4", "R")
    assert g.pending == 8 and g.current == C and g.color == Color.RED


def test_ANTICIPO_is_C():
    assert RuleSet.parse("UNO 1121 ANTICIPO") == RuleSet.parse("UNO 1121 C")
    assert RuleSet.parse("UNO 1121 ANTICIPO").code == "UNO 1121 C"


def test_ANTICIPO_seed_example_player_three_loses_turn():
    # 003: "Giocatore 1: 7 giallo / Giocatore 2: 7 rosso / Giocatore 4: 7 rosso ("anticipo") / Giocatore 5: 2
    # rosso" - "il giocatore 3 ha perso il turno dal momento che il 4 l'ha anticipato"
    g = pos(["Y7 Y1 Y2", "R7 R1 R3", "G1 G2", "R7 R2 R3", "R2 B5 B6"], "Y9", YSTOCK, rules="UNO 1121 ANTICIPO")
    play(g, A, "Y7")
    play(g, B, "R7")
    ev = play(g, D, "R7")
    assert kinds(ev) == ["cut"] and g.current == E
    play(g, E, "R2")
    assert hand(g, C) == ["G1", "G2"] and g.current == A and codes(g.discard) == ["Y9", "Y7", "R7", "R7", "R2"]


def test_ANTICIPO_is_C_wrong_jump_in_taken_back_with_two_in_table_mode():
    # 003: "se l'anticipo risulta errato ... il giocatore deve pescare due carte dal mazzo di pesca e riprendere
    # quella giocata nel tentativo di anticipo"
    g = pos(["Y7 Y1 Y2", "R7 R1 R3", "G1 G2", "R8 R2 R3", "R2 B5 B6"], "Y9", YSTOCK, rules="UNO 1221 ANTICIPO",
            enforcement="table")
    play(g, A, "Y7")
    play(g, B, "R7")
    ev = play(g, D, "R8")       # not identical to R7: a wrong anticipo, which stands until noticed
    assert kinds(ev) == ["wrong-play", "cut"] and g.top.code == "R8"
    seq = g.wrong_plays[0].seq
    ev = g.apply(Notice(A, seq))
    assert penalties(ev, "wrong play") == [(D, 2)]
    assert hand(g, D) == ["R2", "R3", "R8", "Y8", "Y7"]
    assert codes(g.discard) == ["Y9", "Y7", "R7"] and g.color == Color.RED and not g.wrong_plays
    assert g.current == E       # as after any anticipo, play goes on after the anticipator
    g.check_invariants()


def test_ANTICIPO_late_jump_in_taken_back_with_two_in_table_mode():
    # 003: "... o non tempestivo (cioè se viene effettuato dopo che il giocatore che avrebbe dovuto giocare ha
    # consumato il suo turno)": C has played on B's R7, then E plays a red 7 "on" it
    g = pos(["Y7 Y1 Y2", "R7 R1 R3", "G7 G2", "B1 B2 B3", "R7 B5 B6"], "Y9", YSTOCK, rules="UNO 1221 ANTICIPO",
            enforcement="table")
    play(g, A, "Y7")
    play(g, B, "R7")
    play(g, C, "G7")
    ev = play(g, E, "R7")
    assert "wrong-play" in kinds(ev)
    ev = g.apply(Notice(D, g.wrong_plays[0].seq))
    assert penalties(ev, "wrong play") == [(E, 2)]
    assert hand(g, E) == ["B5", "B6", "R7", "Y8", "Y7"] and g.top.code == "G7" and g.color == Color.GREEN


def test_ANTICIPO_wrong_jump_in_refused_in_strict_mode():
    g = pos(["Y7 Y1 Y2", "R7 R1 R3", "G1 G2", "R8 R2 R3", "R2 B5 B6"], "Y9", YSTOCK, rules="UNO 1121 ANTICIPO")
    play(g, A, "Y7")
    play(g, B, "R7")
    assert_refused(g, mk_play(D, "R8"), WindowClosedError)


# ============================================================================================ table parameters


def test_hint_four_table_parameter():
    # 003 "Penalità": "Se un giocatore viene scoperto mentre suggerisce a un altro quali carte giocare, deve
    # pescare quattro carte di penalità"; the official default is 2 (001)
    g = pos(["R1 R2", "R3 B2", "G1 G2 G3"], "R9", YSTOCK, rules="UNO 1121 hint=4")
    ev = g.apply(Hint(C, A, "play R1"))
    assert penalties(ev, "hint") == [(C, 4)] and hand(g, C) == ["G1", "G2", "G3", "Y8", "Y7", "Y6", "Y5"]
    assert g.current == A
    g = pos(["R1 R2", "R3 B2", "G1 G2 G3"], "R9", YSTOCK)
    assert penalties(g.apply(Hint(C, A, "play R1")), "hint") == [(C, 2)]


@pytest.mark.parametrize("rules,k", [("UNO 1121", 2), ("UNO 1121 wrong=3", 3)])
def test_wrong_play_any_mistake_table_parameter(rules, k):
    # 003: "quando un giocatore commette un errore di qualsiasi genere ... deve pescare due carte di penalità"
    g = pos(["R1 R2", "B1 B2", "G1 G2"], "R9", YSTOCK, rules=rules, enforcement="table")
    play(g, A, "R1")
    play(g, B, "B2")            # matches neither red nor 1
    ev = g.apply(Notice(C, g.wrong_plays[0].seq))
    assert penalties(ev, "wrong play") == [(B, k)]
    assert hand(g, B) == ["B1", "B2"] + YSTOCK.split()[:k] and g.top.code == "R1" and g.current == C


# ============================================================================================ edition cards


def test_ohana_hands_above_four_discard_under_below_draw_up():
    # 002: "todos os jogadores com MAIS de 4 cartas na mão devem escolher o número de cartas que devem descartar
    # para ficarem com 4 cartas e colocá-las DEBAIXO da Carta Ohana ... todos os jogadores com MENOS de 4 cartas
    # na mão devem comprar cartas até ficarem com 4 ... a pessoa que a descartou originalmente deve escolher a cor"
    g = pos(["WO R1 R2", "B1 B2 B3 B4 B5 B6", "G1 G2 G3 G4", "Y1", "R5 R6 R7 R8 R9"], "R7", YSTOCK, deck="ohana")
    ev = play(g, A, "WO", "B")
    assert [(e.player, e.detail) for e in ev if e.kind == "draw"] == [(A, (2,)), (D, (3,))]
    assert hand(g, A) == ["R1", "R2", "Y8", "Y7"] and hand(g, D) == ["Y1", "Y6", "Y5", "Y4"]
    assert hand(g, C) == ["G1", "G2", "G3", "G4"]
    assert g.phase == Phase.FREE_DISCARD and g.free_discards == (B, B, E) and g.to_act == B
    assert g.legal_actions(E) == []
    assert_refused(g, Discard(E, Card.parse("R5")), NotYourTurnError)
    g.apply(Discard(B, Card.parse("B3")))
    g.apply(Discard(B, Card.parse("B1")))
    assert g.to_act == E
    ev = g.apply(Discard(E, Card.parse("R9")))
    assert [(e.kind, e.player, e.detail) for e in ev] == [("discard-under", E, ("R9",))]
    assert hand(g, B) == ["B2", "B4", "B5", "B6"] and hand(g, E) == ["R5", "R6", "R7", "R8"]
    assert codes(g.discard) == ["R7", "B3", "B1", "R9", "WO"] and g.hidden_pile == []
    assert g.color == Color.BLUE and g.phase == Phase.PLAY and g.current == B
    assert sizes(g) == [4, 4, 4, 4, 4]
    g.check_invariants()


def test_ohana_as_last_card_goes_out():
    g = pos(["WO", "B1 B2"], "R7", YSTOCK, deck="ohana")
    ev = play(g, A, "WO", "B")
    assert g.over and g.winner == A and "ohana" not in kinds(ev) and hand(g, B) == ["B1", "B2"]


def test_wild_swap_hands_cannot_be_last_card():
    # 001: "A carta Curinga Trocar as Mãos não pode ser jogada como a última carta."
    g = pos(["WX", "B1 B2", "G1 G2"], "R7", YSTOCK, deck="112")
    assert g.legal_actions(A) == [Draw(A)]
    assert_refused(g, mk_play(A, "WX", "B", target=B), CardNotPlayableError)
    g = pos(["WX", "B1 B2", "G1 G2"], "R7", YSTOCK, deck="112", enforcement="table")
    assert not g.can(mk_play(A, "WX", "B", target=B))


def test_wild_swap_hands_next_to_last_card_swaps():
    # 001: "Ao jogar esta carta, você pode escolher a cor ... além de trocar as suas cartas com as cartas de outro
    # jogador"
    g = pos(["WX R1", "B1 B2", "G1 G2"], "R7", YSTOCK, deck="112")
    ev = play(g, A, "WX", "B", target=C)
    assert hand(g, A) == ["G1", "G2"] and hand(g, C) == ["R1"] and hand(g, B) == ["B1", "B2"]
    assert ("swap", A, (C,)) in [(e.kind, e.player, e.detail) for e in ev]
    assert g.color == Color.BLUE and g.current == B


@pytest.mark.parametrize("direction,nxt", [(1, D), (-1, B)])
def test_wild_shuffle_hands_dealt_from_left_whatever_direction(direction, nxt):
    # 003: "vengono prese le carte dalla mano di ogni giocatore, vengono mescolate, e ridistribuite ad uno a uno,
    # a partire dal giocatore alla sinistra di colui che ha giocato questa carta (indipendentemente dal senso
    # del gioco in quel momento)"
    g = pos(["R1 R2", "B1 B2 B3", "WSH G1 G2", "Y1"], "R7", YSTOCK, deck="italian", direction=direction,
            current=C)
    # the shuffle's outcome, top (dealt first) last: Y1 goes to D (C's left), then A, B, C, D, A, B, C
    g.chance = ScriptedChance(["R1 R2 B1 B2 B3 G1 G2 Y1"])
    ev = play(g, C, "WSH", "G")
    assert [hand(g, s) for s in range(4)] == [["G2", "B1"], ["G1", "R2"], ["B3", "R1"], ["Y1", "B2"]]
    assert "shuffle-hands" in kinds(ev) and g.color == Color.GREEN
    assert g.current == nxt and g.direction == direction
    g.check_invariants()


def test_blank_wild_draw2_effect():
    g = pos(["WB R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 blank=draw2", deck="112")
    assert {"0 play WB>G @1", "0 play WB>G @2", "0 play WB>G @3"} <= set(plays_of(g, A))
    ev = play(g, A, "WB", "G", target=C)
    assert penalties(ev, "blank wild") == [(C, 2)] and hand(g, C) == ["G1", "G2", "Y8", "Y7"]
    assert sizes(g) == [2, 3, 4, 2] and g.color == Color.GREEN and g.current == B and g.pending == 0


def test_blank_wild_everyone1_effect():
    g = pos(["WB R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 blank=everyone1", deck="112")
    assert_refused(g, mk_play(A, "WB", "G", target=C), IllegalActionError)
    ev = play(g, A, "WB", "G")
    assert penalties(ev, "blank wild") == [(B, 1), (C, 1), (D, 1)]
    assert hand(g, B) == ["B1", "B2", "B3", "Y8"] and hand(g, C) == ["G1", "G2", "Y7"] and hand(g, D) == ["Y1", "Y2", "Y6"]
    assert hand(g, A) == ["R1", "R2"] and g.color == Color.GREEN and g.current == B


def test_blank_wild_swap_effect():
    # 003 "carta bianca": "sostituire le proprie carte con quelle di un avversario a propria scelta"
    g = pos(["WB R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 blank=swap", deck="italian")
    ev = play(g, A, "WB", "G", target=B)
    assert hand(g, A) == ["B1", "B2", "B3"] and hand(g, B) == ["R1", "R2"]
    assert ("swap", A, (B,)) in [(e.kind, e.player, e.detail) for e in ev]
    assert g.color == Color.GREEN and g.current == B


def test_blank_wild_swap_may_be_the_last_card():
    # 003: "Il giocatore ... che non utilizza la carta bianca e rimane soltanto con essa dopo aver esclamato
    # "UNO!" se ne libera al turno successivo vincendo la mano" (unlike 001's Wild Swap Hands)
    g = pos(["WB", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 blank=swap", deck="italian")
    ev = play(g, A, "WB", "G", target=B)
    assert g.over and g.winner == A and "swap" not in kinds(ev) and hand(g, B) == ["B1", "B2", "B3"]


def test_blank_wild_only_in_own_turn():
    # 003: "la carta bianca può essere usata in qualsiasi momento salvo che si rispetti il proprio turno"
    g = pos(["R1 R2", "WB B1 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 blank=swap", deck="italian")
    assert plays_of(g, B) == []
    assert_refused(g, mk_play(B, "WB", "G", target=C), NotYourTurnError)


def test_blank_wild_plain_is_a_wild():
    g = pos(["WB R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, deck="112")
    assert_refused(g, mk_play(A, "WB", "G", target=B), IllegalActionError)
    ev = play(g, A, "WB", "G")
    assert kinds(ev) == ["play"] and sizes(g) == [2, 3, 2, 2] and g.color == Color.GREEN and g.current == B


@pytest.mark.parametrize("effect", ["draw2", "swap"])
def test_blank_wild_targeted_effect_without_target_refused(effect):
    g = pos(["WB R1 R2", "B1 B2 B3", "G1 G2", "Y1 Y2"], "R7", YSTOCK, rules=f"UNO 1121 blank={effect}", deck="112")
    assert_refused(g, mk_play(A, "WB", "G"), IllegalActionError)


def test_italian_blank_scores_40():
    # 003: "le carte personalizzabili (e la carta Jolly mescola carte) valgono 40 punti"; 001: blank 50
    hands = ["R1", "WB B1", "WSH G2", "WB WB"]
    g = pos(hands, "R7", YSTOCK, deck="italian")
    assert g.points() == {A: 1, B: 41, C: 42, D: 80}
    ev = play(g, A, "R1")
    assert [(e.kind, e.player, e.detail) for e in ev if e.kind == "out"] == [("out", A, (41 + 42 + 80,))]
    # the 112 deck has no WSH: a hand of its own blanks and Wild Swap Hands scores them 50 each
    assert pos(["R1", "WB B1", "WX G2", "WB WB"], "R7", YSTOCK, deck="112").points() == {A: 1, B: 51, C: 52, D: 100}
