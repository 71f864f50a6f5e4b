"""House rules that give cards a function, and the peace / clean-finish rules (000 ch.3):
FL (lines 1051-1086), GT (1409-1432), PAA (1517-1544), CHU (1565-1586), BA (1587-1608), CAR (1679-1716),
T (1717-1746), DOA (1813-1844), PAB (1845-1866), DAD (1867-1904), TRI (1905-1932), BACK (1933-1958),
CLA (1959-1976), with every item of their "Possíveis Contradições e Conexões".

Seats: A=0, B=1, C=2, D=3, E=4, clockwise; the guide's players "A, B, C, ..." play in that order.
Where the engine contradicts the guide the test follows the guide and is marked ``xfail(strict=True)``.
"""

from __future__ import annotations

import pytest
from conftest import (
    A,
    B,
    C,
    CatchUno,
    D,
    Draw,
    E,
    Pass,
    Phase,
    Play,
    SayUno,
    assert_refused,
    cards,
    draw,
    hand,
    hidden,
    kinds,
    mk_play,
    play,
    pos,
    sizes,
)

from unokit.core.actions import Accuse, ChallengeDraw
from unokit.core.cards import Color
from unokit.core.chance import ManualClock, ScriptedChance
from unokit.core.errors import CardNotPlayableError, IllegalActionError, RuleConflictError
from unokit.engine.compose import every_action, offered
from unokit.engine.game import Game
from unokit.rules import RuleSet

# stock cards (top first) that match neither red/green/blue piles nor the numbers the scenarios use
YSTOCK = "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y9 Y9"
BSTOCK = "B8 B7 B6 B5 B4 B3 B2 B8 B7 B6 B5 B4 B3 B2 B9 B9"

FAST = ("engine: Game._play_problem's one-card fast path (one card, in turn, PLAY phase, no target) returns None "
        "before the play_problem hooks run, so {what} is accepted (legal_actions offers it too)")


def penalties(events, why: str | None = None) -> list[tuple[int, int]]:
    """(seat, cards) of each penalty event, optionally only those whose reason contains ``why``."""
    return [(e.player, e.detail[0]) for e in events if e.kind == "penalty" and (why is None or why in e.detail[1])]


def plays_of(g: Game, seat: int) -> list[Play]:
    """Every complete play the referee offers (stems followed through their sub-decisions)."""
    return [a for a in every_action(g, seat) if isinstance(a, Play)]


def no_plays(g: Game, seat: int) -> bool:
    return not plays_of(g, seat)


def P(seat: int, text: str, color: str | None = None, uno: bool = False, target: int | None = None,
      give: str = "") -> Play:
    return Play(seat, cards(text), Color.parse(color) if color else None, uno, target, (), 0,
                cards(give) if give else ())


def die(faces) -> ScriptedChance:
    return ScriptedChance(list(faces))


# ============================================================================================== FL


@pytest.mark.parametrize("last,col", [("W", "R"), ("W+4", "R"), ("R+2", None)])
def test_FL_cannot_go_out_with_wild_or_draw_card(last, col):
    # "Curingas e cartas que obriguem os jogadores a comprar não podem, portanto, ser usadas para vencer."
    g = pos([last, "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL")
    assert_refused(g, mk_play(A, last, col), CardNotPlayableError)
    assert no_plays(g, A)


def test_FL_wild_or_draw_card_still_playable_before_the_end():
    # FL only forbids *winning* with them: with two cards left the Wild and the Draw Two may be played
    g = pos(["W R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL")
    play(g, A, "W", "G", uno=True)
    assert g.color == Color.GREEN and g.current == B
    g = pos(["R+2 R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL")
    play(g, A, "R+2", uno=True)
    assert g.pending == 2 and g.current == B


@pytest.mark.parametrize("last", ["R5", "RS", "RR"])
def test_FL_may_go_out_with_number_skip_or_reverse(last):
    # "Os jogadores podem apenas vencer o jogo com cartas numéricas, cartas Pular e Inverter."
    g = pos([last, "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL")
    play(g, A, last)
    assert g.over and g.winner == A


def test_FL_impossibility_player_must_draw():
    # "essa regra não estipula punições, e sim determina a impossibilidade de jogar certas cartas para ganhar"
    g = pos(["R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL")
    assert g.legal_actions(A) == [Draw(A)]
    assert_refused(g, mk_play(A, "R+2"), CardNotPlayableError)


def test_FL_impossibility_draw_is_no_penalty():
    g = pos(["R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL")
    ev = draw(g, A)
    assert not penalties(ev) and hand(g, A) == ["R+2", "B8"] and g.current == B


def test_FL_P_uno_player_cannot_stack_last_draw_two_must_draw():
    # "se um jogador A joga uma carta Comprar Duas e o jogador B estiver UNO (sua carta sendo um outro Comprar
    # Duas ...) ele não poderá usar essa carta para vencer o jogo; deverá comprar duas cartas."
    g = pos(["R+2 R5", "G+2", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-P1")
    play(g, A, "R+2", uno=True)
    assert g.phase == Phase.PENDING and g.current == B
    assert no_plays(g, B)
    assert_refused(g, mk_play(B, "G+2"), CardNotPlayableError)
    draw(g, B)
    assert sizes(g)[B] == 3 and g.current == C and not g.over


def test_FL_I_uno_player_cannot_answer_with_last_wild_draw_four():
    # Inferno: "uma carta que poderia ser jogada, mas não pode por causa do Final Limpo": draw two
    g = pos(["R+2 R5", "W+4", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-I")
    play(g, A, "R+2", uno=True)
    assert no_plays(g, B)
    assert_refused(g, mk_play(B, "W+4", "G"), CardNotPlayableError)
    draw(g, B)
    assert sizes(g)[B] == 3 and not g.over


def test_FL_DP_draw_forced_by_clean_finish_challenger_draws_four():
    # "Se um jogador A não pode descartar o Curinga ... pois é a sua última carta, e precisa comprar, se alguém
    # o desafia, deve comprar quatro cartas, pois ele de fato precisava comprar."
    g = pos(["R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DP")
    draw(g, A)
    assert g.current == B
    ev = g.apply(ChallengeDraw(B))
    assert penalties(ev) == [(B, 4)]
    assert sizes(g) == [2, 6, 2]


def test_FL_DED_lying_with_forbidden_last_card_is_caught():
    # "se o jogador A tiver como última carta uma carta que não possa ser jogada, ele pode tentar ganhar o jogo
    # mentindo. No caso de ser descoberto, os mecanismos da Regra do Descarte Duplo se aplicam."
    g = pos(["W", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DED")
    g.apply(hidden(A, "W"))
    assert g.phase == Phase.HIDDEN_FINISH
    ev = g.apply(Accuse(B))
    assert penalties(ev) == [(A, 4)]
    assert not g.over and sizes(g)[A] == 5 and "W" in hand(g, A)


def test_FL_DED_honest_face_down_finish_same_mechanisms():
    # "Se não tiver mentido, os mesmos mecanismos se aplicam." (the accuser draws 4, the hand ends)
    g = pos(["R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DED")
    g.apply(hidden(A, "R5"))
    ev = g.apply(Accuse(B))
    assert penalties(ev) == [(B, 4)]
    assert g.over and g.winner == A


def test_FL_DED_unaccused_face_down_finish_wins():
    g = pos(["R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DED")
    g.apply(hidden(A, "R5"))
    g.apply(Pass(B))
    assert g.over and g.winner == A


def test_FL_C_cannot_win_by_cut_with_forbidden_card():
    # "o jogador também não pode vencer com esta carta ao fazer um corte."
    g = pos(["W R1", "Y1 Y2", "Y3 Y4", "W"], discard="R7", stock=BSTOCK, rules="UNO 1121 FL-C")
    play(g, A, "W", "G", uno=True)
    assert no_plays(g, D)
    assert_refused(g, mk_play(D, "W", "B"))


def test_FL_C_forbidden_card_may_still_be_cut_in_before_the_end():
    g = pos(["W R1", "Y1 Y2", "Y3 Y4", "W B5"], discard="R7", stock=BSTOCK, rules="UNO 1121 FL-C")
    play(g, A, "W", "G", uno=True)
    play(g, D, "W", "B", uno=True)
    assert g.color == Color.BLUE and g.current == A


def test_FL_DR_two_wilds_cannot_end():
    # "o jogador A não pode vencer com um Curinga, e também não pode vencer jogando dois curingas de uma vez só"
    g = pos(["W W", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DR")
    assert_refused(g, mk_play(A, "W W", "G"), CardNotPlayableError)
    assert all(len(a.cards) == 1 for a in plays_of(g, A))
    play(g, A, "W", "G", uno=True)            # one Wild, keeping the other, is fine
    assert sizes(g)[A] == 1


def test_FL_DD_two_draw_twos_cannot_end():
    g = pos(["R+2 R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DD")
    assert_refused(g, mk_play(A, "R+2 R+2"), CardNotPlayableError)


@pytest.mark.parametrize("rules,last", [("FL-DAD", "R4"), ("FL-TRI", "R3"), ("FL-BACK", "R8")])
def test_FL_cards_with_functions_that_make_others_draw_cannot_end(rules, last):
    # "Se a partir de qualquer regra alternativa uma carta comum ganhar a função de fazer algum jogador comprar
    # cartas, esta carta não pode ser usada para vencer o jogo."
    g = pos([last, "G5 G6", "G1 G2"], discard="R9", stock=BSTOCK, rules="UNO 1121 " + rules)
    assert_refused(g, mk_play(A, last), CardNotPlayableError)
    assert no_plays(g, A)


def test_FL_cards_with_functions_slap_eight_cannot_end():
    g = pos(["R8", "G5 G6", "G1 G2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-M")
    assert not g.can(mk_play(A, "R8"))


def test_FL_cards_with_functions_still_playable_before_the_end():
    g = pos(["R4 G1", "G5 G6", "G1 G2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-DAD")
    g.chance = die([2])
    play(g, A, "R4", uno=True)
    assert sizes(g)[B] == 4


def test_FL_variant_numbers():
    # "Pode-se estipular que só se pode ganhar o jogo com cartas numéricas"
    g = pos(["RS", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL(variant=numbers)")
    assert_refused(g, mk_play(A, "RS"), CardNotPlayableError)


def test_FL_variant_numbers_number_card_wins():
    g = pos(["R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL(variant=numbers)")
    play(g, A, "R5")
    assert g.over and g.winner == A


def test_FL_variant_wilds_draw_card_may_win():
    # "ou que não se pode ganhar o jogo com Curingas (mas cartas de Compra são permitidas ...)"
    g = pos(["R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL(variant=wilds)")
    play(g, A, "R+2")
    draw(g, B)
    assert g.over and g.winner == A and sizes(g)[B] == 4


def test_FL_variant_wilds_wild_cannot_win():
    g = pos(["W", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL(variant=wilds)")
    assert_refused(g, mk_play(A, "W", "R"), CardNotPlayableError)


def test_FL_GT_uno_player_cannot_play_twin():
    # GT: "Se o jogador que jogar a carta idêntica à anterior estiver UNO, a carta não pode ser jogada"
    g = pos(["R4 G1 G2", "R4", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-GT")
    play(g, A, "R4")
    assert no_plays(g, B)
    assert_refused(g, mk_play(B, "R4"), CardNotPlayableError)


# ============================================================================================== GT


def test_GT_identical_number_next_previous_draws_number():
    # "Se você jogar uma carta de valor numérico, e a próxima pessoa jogar uma carta idêntica, você deve comprar o
    # número de cartas indicado pelo valor numérico"
    g = pos(["R4 G1 G2", "R4 Y1 Y2", "Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT")
    play(g, A, "R4")
    ev = play(g, B, "R4")
    assert penalties(ev) == [(A, 4)]
    assert sizes(g) == [6, 2, 2] and g.current == C


def test_GT_same_number_other_colour_is_no_twin():
    g = pos(["R4 G1 G2", "G4 Y1 Y2", "Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT")
    play(g, A, "R4")
    ev = play(g, B, "G4")
    assert not penalties(ev) and sizes(g)[A] == 2


def test_GT_action_cards_have_no_value_no_twin():
    g = pos(["RR G1 G2", "Y1 Y2", "RR Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT")
    play(g, A, "RR")
    ev = play(g, C, "RR")
    assert not penalties(ev)


def test_GT_FL_twin_with_cards_left_still_punishes():
    g = pos(["R4 G1 G2", "R4 Y1", "Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-GT")
    play(g, A, "R4")
    ev = play(g, B, "R4", uno=True)
    assert penalties(ev) == [(A, 4)]


def test_GT_FL_twin_cannot_be_last_card():
    g = pos(["R4 G1 G2", "R4", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-GT")
    play(g, A, "R4")
    assert not g.can(mk_play(B, "R4"))


def test_GT_FL_other_last_card_may_win_after_a_number():
    g = pos(["R4 G1 G2", "R7", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 FL-GT")
    play(g, A, "R4")
    play(g, B, "R7")
    assert g.over and g.winner == B


def test_GT_C_cutter_twin_counts():
    # "realmente não importa quem jogar uma carta idêntica, se o próximo jogador na ordem natural ou um que corte"
    g = pos(["R4 G1 G2", "Y1 Y2", "Y3 Y4", "R4 Y5 Y6"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT-C")
    play(g, A, "R4")
    ev = play(g, D, "R4")
    assert kinds(ev)[0] == "cut"
    assert penalties(ev) == [(A, 4)] and sizes(g)[A] == 6 and g.current == A


def test_GT_same_player_own_cut_is_no_twin():
    # the twin must come from "a próxima pessoa": cutting one's own card punishes nobody
    g = pos(["R4 R4 G2", "Y1 Y2", "Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT-C")
    play(g, A, "R4")
    ev = play(g, A, "R4")
    assert not penalties(ev)


def test_GT_group_cancels_twin():
    # "a carta idêntica a ser jogada precisa ser jogada, sozinha ... Qualquer aplicação de regras como o Descarte
    # Rápido ou a Primeira Regra da Aritmética anulam o efeito"
    g = pos(["R4 G1 G2", "R4 G4 Y2", "Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT-DR")
    play(g, A, "R4")
    ev = play(g, B, "R4 G4")
    assert not penalties(ev) and sizes(g)[A] == 2


def test_GT_AA_arithmetic_group_cancels_twin():
    g = pos(["R4 G1 G2", "R4 R0 Y2", "Y3 Y4"], discard="R9", stock=BSTOCK, rules="UNO 1121 GT-AA")
    play(g, A, "R4")
    ev = play(g, B, "R4 R0")
    assert not penalties(ev) and sizes(g)[A] == 2


def test_GT_DR_group_before_the_twin_cancels_too():
    # "Qualquer aplicação de regras como o Descarte Rápido ... anulam o efeito": the first card came in a group
    g = pos(["G4 R4 G2", "R4 Y1 Y2", "Y3 Y4"], discard="G9", stock=BSTOCK, rules="UNO 1121 GT-DR")
    play(g, A, "G4 R4")
    ev = play(g, B, "R4")
    assert not penalties(ev)


# ============================================================================================== PAA


@pytest.mark.parametrize("card", ["RS", "RR", "R+2"])
def test_PAA_no_action_cards_in_first_round(card):
    # "esta regra impede que qualquer jogador jogue uma carta de ação na primeira rodada de cada partida"
    g = pos([card + " R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA")
    assert_refused(g, mk_play(A, card), CardNotPlayableError)
    assert {a.cards for a in plays_of(g, A)} == {cards("R5")}


def test_PAA_wilds_count_as_action_cards():
    # engine decision (cardfx.is_action): every wild is an action card for the peace rules
    g = pos(["W R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA")
    assert_refused(g, mk_play(A, "W", "G"), CardNotPlayableError)


def test_PAA_number_cards_playable_in_first_round():
    g = pos(["RS R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA")
    play(g, A, "R5", uno=True)
    assert g.current == B


def test_PAA_no_action_cards_first_round_must_draw():
    # "se alguém não puder, com esta regra, jogar nenhuma carta na primeira rodada, deve comprar uma carta."
    g = pos(["RS R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA")
    assert g.legal_actions(A) == [Draw(A)]
    assert_refused(g, mk_play(A, "RS"), CardNotPlayableError)


def test_PAA_impossibility_draw_is_no_penalty():
    g = pos(["RS R+2", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA")
    ev = draw(g, A)
    assert not penalties(ev) and sizes(g)[A] == 3 and g.current == B


def test_PAA_action_cards_allowed_after_first_round():
    g = pos(["RS G1 G2", "R5 G6 G7", "R6 Y2 Y3"], discard="G9", stock=BSTOCK, rules="UNO 1121 PAA")
    play(g, A, "G1")
    play(g, B, "G6")
    play(g, C, "R6")
    assert g.turns_done == 3 and g.current == A
    play(g, A, "RS")
    assert g.current == C


@pytest.mark.parametrize("card", ["R4", "R3", "R8"])
def test_PAA_armed_number_cards_count_as_action(card):
    # "é possível que algumas cartas ganhem a função de fazer outros jogadores comprar cartas. Neste caso, estas
    # cartas especiais tampouco podem ser jogadas na primeira rodada."
    g = pos([card + " R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA-TRI-DAD-BACK")
    assert_refused(g, mk_play(A, card), CardNotPlayableError)


def test_PAA_unarmed_number_cards_are_not_action_cards():
    g = pos(["R4 R5", "G5 G6", "Y1 Y2"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA-TRI")
    play(g, A, "R4", uno=True)
    assert g.current == B


def test_PAA_variant_more_rounds():
    # "podem ser duas, três ou várias rodadas, ao gosto dos jogadores."
    g = pos(["RS R1 R2 R6", "R3 R4 R5 R7"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA(rounds=2)")
    play(g, A, "R1")
    play(g, B, "R3")
    assert g.turns_done == 2
    assert_refused(g, mk_play(A, "RS"), CardNotPlayableError)


def test_PAA_variant_more_rounds_ends():
    g = pos(["RS R1 R2 R6", "R3 R4 R5 R7"], discard="R9", stock=BSTOCK, rules="UNO 1121 PAA(rounds=2)")
    for p, c in ((A, "R1"), (B, "R3"), (A, "R2"), (B, "R4")):
        play(g, p, c)
    assert g.turns_done == 4
    play(g, A, "RS")
    assert g.current == A


# ============================================================================================== CHU


def chu(rules="UNO 1121 CHU", c_hand="G7 Y5 W B1", d_hand="G9 G8 Y1", stock="R2 " + YSTOCK):
    g = pos(["R5 R1 R2", "G5 Y3 Y4", c_hand, d_hand], discard="R9", stock=stock, rules=rules)
    play(g, A, "R5")
    play(g, B, "G5")
    assert g.color == Color.GREEN and g.current == C
    return g


def test_CHU_third_player_must_change_colour():
    # "se duas cartas de mesmo valor numérico forem jogadas por jogadores diferentes, porém consecutivamente, o
    # terceiro jogador da sequência deve obrigatoriamente mudar a cor na pilha de descarte."
    g = chu()
    assert_refused(g, mk_play(C, "G7"), CardNotPlayableError)
    assert_refused(g, mk_play(C, "W", "G"), CardNotPlayableError)


def test_CHU_third_player_changing_colour_is_accepted():
    g = chu()
    play(g, C, "Y5")
    assert g.color == Color.YELLOW and g.current == D
    g = chu()
    play(g, C, "W", "B")
    assert g.color == Color.BLUE


def test_CHU_fourth_plays_normally_if_third_could_not():
    # "O quarto, entretanto, caso o terceiro não tenha sido capaz de fazê-lo, pode continuar o jogo normalmente."
    # NB: passes today only because the one-card fast path skips Chukcki.play_problem, which would still
    # force D to change colour (see test_CHU_fourth_plays_normally_group_keeping_colour)
    g = chu(c_hand="G7 G8 G1")
    draw(g, C)                       # R2: not playable
    assert g.current == D and sizes(g)[C] == 4
    play(g, D, "G9")
    assert g.current == A and g.color == Color.GREEN


def test_CHU_fourth_plays_normally_group_keeping_colour():
    g = chu(rules="UNO 1121 CHU-DR", c_hand="G7 G8 G1", d_hand="B5 G5 Y1")
    draw(g, C)
    assert g.current == D
    assert g.can(mk_play(D, "B5 G5"))


def test_CHU_AA_arithmetic_play_must_change_colour():
    # "não importa que combinação ou carta seja jogada após uma sequência de duas cartas numericamente iguais ...
    # ela precisa acabar por mudar a cor na pilha de descarte."
    g = chu(rules="UNO 1121 CHU-AA", c_hand="G2 G3 B2 B3")
    assert_refused(g, mk_play(C, "G2 G3"), CardNotPlayableError)
    play(g, C, "B2 B3")
    assert g.color == Color.BLUE


@pytest.mark.parametrize("rules,group,answer", [("UNO 1121 CHU-DR", "R5 G5", "Y5 G5"),
                                                ("UNO 1121 CHU-DD", "R5 R5", "R7 R7")])
def test_CHU_same_player_group_does_not_trigger(rules, group, answer):
    # "o fato de um mesmo jogador ter jogado cartas de mesmo valor numérico não força o próximo jogador a alterar a
    # cor da pilha de descarte."
    g = pos([group + " Y1", answer + " Y2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules=rules)
    play(g, A, group, uno=True)
    colour = g.color
    play(g, B, answer, uno=True)
    assert g.color == colour and g.current == C


def test_CHU_DED_face_down_card_that_keeps_colour_is_a_lie():
    # "Assim, uma jogada não-legítima pode ser feita, mas se for descoberta os mecanismos da Regra do Duplo
    # Descarte se aplicam."
    g = chu(rules="UNO 1121 CHU-DED")
    g.apply(hidden(C, "G7"))
    ev = g.apply(Accuse(D))
    assert penalties(ev) == [(C, 4)]


def test_CHU_DED_face_down_colour_change_is_honest():
    # "Esta carta ... que muda a cor da pilha de descarte pode ser jogada na pilha visível ou na oculta."
    g = chu(rules="UNO 1121 CHU-DED")
    g.apply(hidden(C, "Y5"))
    ev = g.apply(Accuse(D))
    assert penalties(ev) == [(D, 4)]


# ============================================================================================== BA


def ba(rules="UNO 1121 BA", c_hand="GR RR Y1", stock=YSTOCK, d_hand="Y5 Y6 Y7"):
    g = pos(["R5 R1 R2", "G5 Y3 Y4", c_hand, d_hand], discard="R9", stock=stock, rules=rules)
    play(g, A, "R5")
    play(g, B, "G5")
    return g


def test_BA_reverse_after_twin_numbers_everyone_draws():
    # "Se uma carta Inverter for jogada depois de duas cartas de valores numéricos iguais (jogadas
    # consecutivamente por jogadores diferentes), todos os jogadores compram uma carta."
    g = ba()
    ev = play(g, C, "GR")
    assert sorted(penalties(ev, "BA")) == [(A, 1), (B, 1), (C, 1), (D, 1)]
    assert sizes(g) == [3, 3, 3, 4]
    assert g.direction == -1 and g.current == B


def test_BA_same_player_twin_numbers_no_baptism():
    g = pos(["R5 G5 R2", "GR Y3 Y4", "Y1 Y2", "Y5 Y6"], discard="R9", stock=YSTOCK, rules="UNO 1121 BA-DR")
    play(g, A, "R5 G5")
    ev = play(g, B, "GR")
    assert not penalties(ev)


def test_BA_reverse_not_right_after_twins_no_baptism():
    g = ba(c_hand="G7 Y1 Y2", d_hand="GR Y6 Y7")
    play(g, C, "G7")
    ev = play(g, D, "GR")
    assert not penalties(ev)


def test_BA_FL_reverse_with_effect_cannot_win():
    # "Uma carta Inverter com o efeito mandatório pela regra não pode ser usada para vencer o jogo"
    g = ba(rules="UNO 1121 BA-FL", c_hand="GR")
    assert no_plays(g, C)
    assert_refused(g, mk_play(C, "GR"), CardNotPlayableError)


def test_BA_FL_plain_reverse_may_win():
    g = pos(["R5 R1 R2", "R6 Y3 Y4", "RR", "Y5 Y6"], discard="R9", stock=YSTOCK, rules="UNO 1121 BA-FL")
    play(g, A, "R5")
    play(g, B, "R6")
    play(g, C, "RR")
    assert g.over and g.winner == C


def test_BA_DED_hidden_reverse_does_nothing():
    # "Se a carta Inverter for jogada na pilha oculta, nada acontece, mesmo se a carta for descoberta."
    g = ba(rules="UNO 1121 BA-DED")
    ev = g.apply(hidden(C, "GR"))
    assert not penalties(ev) and g.direction == 1 and g.current == D
    ev = g.apply(Accuse(D))
    assert penalties(ev) == [(D, 4)]  # honest play: only the false accusation costs
    assert sizes(g)[A] == 2 and sizes(g)[B] == 2


def test_BA_DR_one_card_each_per_reverse():
    # "Se várias cartas Inverter forem jogadas, uma carta por jogador deve ser comprada a cada carta Inverter."
    g = ba(rules="UNO 1121 BA-DR")
    ev = play(g, C, "GR RR")
    assert sorted(penalties(ev, "BA")) == [(A, 2), (B, 2), (C, 2), (D, 2)]
    assert g.direction == 1 and g.current == D


def test_BA_CHU_single_reverse_cannot_keep_colour():
    # "a carta Inverter a ser jogada precisa modificar a cor da pilha de descarte (algo que, portanto, só pode ser
    # feito se a Regra do Descarte Rápido também estiver valendo)."
    g = ba(rules="UNO 1121 BA-CHU", c_hand="GR YR Y1")
    assert_refused(g, mk_play(C, "GR"), CardNotPlayableError)
    assert_refused(g, mk_play(C, "YR"), CardNotPlayableError)


def test_BA_CHU_DR_reverse_group_changing_colour_baptises():
    g = ba(rules="UNO 1121 BA-CHU-DR", c_hand="GR YR Y1")
    assert_refused(g, mk_play(C, "YR"), CardNotPlayableError)
    ev = play(g, C, "GR YR", uno=True)
    assert g.color == Color.YELLOW
    assert sorted(penalties(ev, "BA")) == [(A, 2), (B, 2), (C, 2), (D, 2)]


# ============================================================================================== CAR

FIVE = ["R0 G1 G2", "B1 B2", "Y1 Y2 Y3", "G7", "B8 B9"]


def test_CAR_zero_passes_hands_in_direction():
    # "a mão do jogador A passa para o jogador B, a do B passa para o C, e assim por diante"
    g = pos(FIVE, discard="R9", stock=YSTOCK, rules="UNO 1121 CAR")
    before = [hand(g, s) for s in range(5)]
    ev = play(g, A, "R0")
    assert "carousel" in kinds(ev)
    assert hand(g, B) == ["G1", "G2"]
    assert hand(g, C) == before[B] and hand(g, D) == before[C] and hand(g, E) == before[D]
    assert hand(g, A) == before[E]
    assert g.current == B


def test_CAR_reversed_direction_hands_pass_backwards():
    # "Caso o sentido esteja, naquele momento, invertido, a mão do jogador E passa a ser a mão do jogador D"
    g = pos(FIVE, discard="R9", stock=YSTOCK, rules="UNO 1121 CAR", direction=-1)
    before = [hand(g, s) for s in range(5)]
    play(g, A, "R0")
    assert hand(g, D) == before[E] and hand(g, C) == before[D] and hand(g, B) == before[C]
    assert hand(g, A) == before[B] and hand(g, E) == ["G1", "G2"]
    assert g.current == E


def test_CAR_mandatory_no_choice():
    # "aquele que jogou o zero não pode escolher entre aplicar o efeito ou não; a troca de cartas vai acontecer."
    g = pos(FIVE, discard="R9", stock=YSTOCK, rules="UNO 1121 CAR")
    zero = [a for a in plays_of(g, A) if a.cards == cards("R0")]
    assert zero and all(a.target is None and not a.give for a in zero)
    assert_refused(g, P(A, "R0", target=B), IllegalActionError)
    play(g, A, "R0")
    assert hand(g, B) == ["G1", "G2"]


def test_CAR_zero_cannot_be_last_card():
    # "O Zero não pode ser descartado para vencer o jogo."
    g = pos(["R0", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR")
    assert_refused(g, mk_play(A, "R0"), CardNotPlayableError)
    assert no_plays(g, A)


def test_CAR_DR_zeros_cannot_be_last_cards():
    g = pos(["R0 G0", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR-DR")
    assert_refused(g, mk_play(A, "R0 G0"), CardNotPlayableError)


def test_CAR_uno_after_carousel_must_be_declared():
    # "O jogador B joga uma carta 0 e passa a ter uma carta na mão (a carta que tinha ficado na mão do jogador A)
    # — o jogador B deve dizer UNO assim que jogar a carta 0, ou qualquer pessoa pode acusá-lo"
    g = pos(["G9", "R0 B1 B2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR", current=B)
    assert g.uno_said[A]
    play(g, B, "R0")
    assert hand(g, B) == ["G9"] and B in g.catchable and SayUno(B) in g.legal_actions(B)
    ev = g.apply(CatchUno(C, B))
    assert penalties(ev) == [(B, 2)] and sizes(g)[B] == 3
    # saying it in time protects
    g = pos(["G9", "R0 B1 B2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR", current=B)
    play(g, B, "R0")
    g.apply(SayUno(B))
    assert B not in g.catchable and CatchUno(C, B) not in g.legal_actions(C)


def test_CAR_uno_declared_with_the_zero():
    # "o jogador B deve dizer 'UNO' assim que jogar a carta 0"
    g = pos(["G9", "R0 B1 B2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR", current=B)
    play(g, B, "R0", uno=True)
    assert g.uno_said[B] and B not in g.catchable


def test_CAR_player_who_lost_single_card_is_no_longer_uno():
    g = pos(["G9", "R0 B1 B2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR", current=B)
    play(g, B, "R0")
    assert hand(g, A) == ["Y1", "Y2", "Y3"] and not g.uno_said[A]


def test_CAR_two_players_hands_swap():
    # "Em jogos com dois jogadores, o zero faz com que os dois jogadores troquem de cartas."
    g = pos(["R0 G1 G2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR")
    play(g, A, "R0")
    assert hand(g, A) == ["Y1", "Y2", "Y3"] and hand(g, B) == ["G1", "G2"] and g.current == B


def test_CAR_partners_teams_take_each_others_hands():
    # "um zero significa que uma dupla fica com as cartas da outra e vice-versa (embora na mesma ordem do jogo,
    # como se cada jogador jogasse individualmente)" — partners A+C against B+D
    g = pos(["R0 G1", "B1 B2", "Y1 Y2", "G7 G8"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR")
    before = [hand(g, s) for s in range(4)]
    play(g, A, "R0")
    team_ac = sorted(hand(g, A) + hand(g, C))
    team_bd = sorted(hand(g, B) + hand(g, D))
    assert team_ac == sorted(before[B] + before[D])
    assert team_bd == sorted(["G1"] + before[C])
    assert hand(g, B) == ["G1"] and hand(g, C) == before[B]


def test_CAR_C_zero_cannot_be_cut():
    # "Zeros não possuem cartas iguais, logo não podem ser cortados."
    g = pos(["R0 G1 G2", "B1 B2", "G0 Y0 B0", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR-C")
    play(g, A, "R0")
    for s in (C, D, A):
        assert all(not isinstance(a, Play) for a in g.legal_actions(s))


def test_CAR_C_other_card_each_cut_turns_again():
    # "se uma carta diferente for usada, a cada carta descartada (seja ela por corte ou não ...), as mãos devem
    # trocar."
    g = pos(["R5 G1 G2", "B1 B2", "R5 Y1 Y2", "G7 G8"], discard="R9", stock=YSTOCK,
            rules="UNO 1121 CAR(card=5)-C")
    play(g, A, "R5")
    assert hand(g, B) == ["G1", "G2"] and hand(g, D) == ["R5", "Y1", "Y2"] and hand(g, A) == ["G7", "G8"]
    ev = play(g, D, "R5")                    # D now holds C's R5: a cut
    assert kinds(ev)[0] == "cut" and "carousel" in kinds(ev)
    assert hand(g, A) == ["Y1", "Y2"] and hand(g, B) == ["G7", "G8"]
    assert hand(g, C) == ["G1", "G2"] and hand(g, D) == ["B1", "B2"]
    assert g.current == A


def test_CAR_T_same_card_cannot_combine():
    # "A não ser que as duas regras usem cartas diferentes, elas não podem ser aplicadas simultaneamente."
    with pytest.raises(RuleConflictError):
        RuleSet.parse("UNO 1121 CAR-T")


def test_CAR_T_distinct_cards_both_apply():
    g = pos(["R0 R5 G1 G2", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR-T(card=5)")
    play(g, A, "R0")                         # carousel: A gets C's hand
    assert hand(g, A) == ["Y1", "Y2"] and hand(g, B) == ["R5", "G1", "G2"]
    play(g, B, "R5", target=A)               # swap on the 5
    assert hand(g, B) == ["Y1", "Y2"] and hand(g, A) == ["G1", "G2"]


def test_CAR_DR_each_zero_passes_hands_once_more():
    # engine decision (Carousel docstring): "with DR each 0 passes the hands once more"
    g = pos(["R0 G0 G1", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 CAR-DR")
    ev = play(g, A, "R0 G0")
    assert kinds(ev).count("carousel") == 2
    assert hand(g, C) == ["G1"] and hand(g, A) == ["B1", "B2"] and hand(g, B) == ["Y1", "Y2"]


# ============================================================================================== T


def test_T_zero_swaps_with_chosen_player():
    # "o jogador que descartar um zero pode escolher um jogador, e então trocar de cartas com ele."
    g = pos(["R0 G1 G2", "B1 B2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 T")
    ev = play(g, A, "R0", target=C)
    assert "swap" in kinds(ev)
    assert hand(g, A) == ["Y1", "Y2", "Y3"] and hand(g, C) == ["G1", "G2"] and hand(g, B) == ["B1", "B2"]
    assert g.current == B


def test_T_swap_is_optional():
    # "o jogador pode escolher entre trocar ou não de mão"
    g = pos(["R0 G1 G2", "B1 B2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 T")
    targets = {a.target for a in plays_of(g, A) if a.cards == cards("R0")}
    assert targets == {None, B, C}
    ev = play(g, A, "R0")
    assert "swap" not in kinds(ev) and hand(g, A) == ["G1", "G2"]


def test_T_zero_may_go_out():
    # "O zero, desta vez, pode ser usado para vencer o jogo, uma vez que a troca de mãos é apenas opcional."
    g = pos(["R0", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 T")
    assert {a.target for a in plays_of(g, A)} == {None}
    assert_refused(g, P(A, "R0", target=B))
    play(g, A, "R0")
    assert g.over and g.winner == A


def test_T_uno_after_swap_must_be_declared():
    # "O jogador C joga uma carta 0 e escolhe ter a carta do jogador A; o jogador C deve dizer UNO assim que
    # declarar que escolheu o jogador A, ou qualquer pessoa pode acusá-lo"
    g = pos(["G9", "B1 B2", "R0 Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 T", current=C)
    play(g, C, "R0", target=A)
    assert hand(g, C) == ["G9"] and C in g.catchable
    ev = g.apply(CatchUno(B, C))
    assert penalties(ev) == [(C, 2)]
    g = pos(["G9", "B1 B2", "R0 Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 T", current=C)
    play(g, C, "R0", target=A)
    g.apply(SayUno(C))
    assert C not in g.catchable


def test_T_uno_declared_with_the_swapping_play():
    # "o jogador C deve dizer 'UNO' assim que declarar que escolheu o jogador A"
    g = pos(["G9", "B1 B2", "R0 Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 T", current=C)
    play(g, C, "R0", uno=True, target=A)
    assert g.uno_said[C] and C not in g.catchable


def test_T_two_players_swap_if_wanted():
    # "o zero faz com que os dois jogadores troquem de cartas se aquele que descartou o zero quiser."
    g = pos(["R0 G1 G2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 T")
    play(g, A, "R0", target=B)
    assert hand(g, A) == ["Y1", "Y2", "Y3"] and hand(g, B) == ["G1", "G2"]
    g = pos(["R0 G1 G2", "Y1 Y2 Y3"], discard="R9", stock=YSTOCK, rules="UNO 1121 T")
    play(g, A, "R0")
    assert hand(g, A) == ["G1", "G2"] and hand(g, B) == ["Y1", "Y2", "Y3"]


def test_T_partners_may_swap():
    # "É permitido que um jogador troque de mão com o seu parceiro se descartar um zero." (A+C partners)
    g = pos(["R0 G1 G2", "B1 B2", "Y1 Y2 Y3", "G7 G8"], discard="R9", stock=YSTOCK, rules="UNO 1121 T")
    assert offered(g, P(A, "R0", target=C))
    play(g, A, "R0", target=C)
    assert hand(g, A) == ["Y1", "Y2", "Y3"] and hand(g, C) == ["G1", "G2"]


def test_T_C_other_card_each_cut_swaps():
    # "se uma carta diferente for usada, a cada carta descartada (seja ela por corte ou não ...), as mãos devem
    # trocar."
    g = pos(["R5 G1 G2", "B1 B2", "Y1 Y2", "R5 G7 G8"], discard="R9", stock=YSTOCK, rules="UNO 1121 T(card=5)-C")
    play(g, A, "R5", target=B)
    assert hand(g, A) == ["B1", "B2"] and hand(g, B) == ["G1", "G2"]
    ev = play(g, D, "R5", target=A)
    assert kinds(ev)[0] == "cut" and "swap" in kinds(ev)
    assert hand(g, D) == ["B1", "B2"] and hand(g, A) == ["G7", "G8"] and g.current == A


def test_T_CAR_same_card_cannot_combine():
    with pytest.raises(RuleConflictError):
        RuleSet.parse("UNO 1121 T-CAR")
    RuleSet.parse("UNO 1121 T(card=9)-CAR")


def _t_dr_outcomes():
    g0 = pos(["R0 G0 G1", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 T-DR")
    out = []
    for a in plays_of(g0, A):
        if sorted(c.code for c in a.cards) != ["G0", "R0"]:
            continue
        g = pos(["R0 G0 G1", "B1 B2", "Y1 Y2"], discard="R9", stock=YSTOCK, rules="UNO 1121 T-DR")
        g.apply(a)
        out.append((hand(g, A), hand(g, B), hand(g, C)))
    return out


def test_T_DR_two_zeros_single_swap_offered():
    outs = _t_dr_outcomes()
    assert (["B1", "B2"], ["G1"], ["Y1", "Y2"]) in outs


@pytest.mark.xfail(strict=True, reason="engine: Swap takes one target per play (Play.target is one seat), so two "
                                       "0s played together give one swap at most; justified in docs/rules/T.md, "
                                       "Engine decisions (000 line 1741)")
def test_T_DR_two_zeros_may_swap_twice():
    # "dois zeros forem trocados, a pessoa pode trocar de mãos duas ou mais vezes (dependendo do número de zeros)"
    # swap with B, then with C: A ends with C's hand, C with B's, B with A's rest
    outs = _t_dr_outcomes()
    assert (["Y1", "Y2"], ["G1"], ["B1", "B2"]) in outs


# ============================================================================================== DOA


def test_DOA_mandatory_gives_two_cards():
    # "o jogador que descartar uma carta 2 escolhe duas cartas de sua mão para entregá-la a uma outra pessoa"
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    twos = [a for a in plays_of(g, A) if a.cards == cards("R2")]
    assert twos and all(len(a.give) == 2 and a.target in (B, C) for a in twos)
    ev = g.apply(P(A, "R2", target=C, give="G5 G6"))
    assert "donate" in kinds(ev)
    assert hand(g, A) == ["Y1"] and hand(g, C) == ["Y3", "Y4", "G5", "G6"] and g.current == B


def test_DOA_wrong_number_of_cards_refused():
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    assert_refused(g, P(A, "R2", target=C, give="G5"), CardNotPlayableError)
    assert_refused(g, P(A, "R2", target=A, give="G5 G6"), CardNotPlayableError)


def test_DOA_donation_needs_a_receiver():
    # "... para entregá-la a uma outra pessoa a ser escolhido pelo próprio jogador."
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    assert_refused(g, P(A, "R2", give="G5 G6"), CardNotPlayableError)


def test_DOA_mandatory_play_without_donation_refused():
    # "Os efeitos dessa regra são obrigatórios ... a doação vai acontecer."
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    assert_refused(g, mk_play(A, "R2"), CardNotPlayableError)


def test_DOA_two_players_gives_to_the_other():
    # "aquele que jogou o dois necessariamente doará duas cartas para o outro jogador."
    g = pos(["R2 G5 G6 Y1", "B1 B2"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    assert {a.target for a in plays_of(g, A) if a.cards == cards("R2")} == {B}
    g.apply(P(A, "R2", target=B, give="G5 Y1"))
    assert hand(g, B) == ["B1", "B2", "G5", "Y1"] and hand(g, A) == ["G6"]


def test_DOA_uno_after_donating_must_be_declared():
    # "assim que a doação terminar a pessoa precisa se declarar UNO"
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    g.apply(P(A, "R2", target=B, give="G5 G6"))
    assert A in g.catchable
    ev = g.apply(CatchUno(C, A))
    assert penalties(ev) == [(A, 2)]
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    g.apply(P(A, "R2", target=B, give="G5 G6"))
    g.apply(SayUno(A))
    assert A not in g.catchable


def test_DOA_uno_declared_with_the_donating_play():
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    g.apply(P(A, "R2", target=B, give="G5 G6", uno=True))
    assert g.uno_said[A] and A not in g.catchable


def test_DOA_can_go_out_by_donating():
    # "se a pessoa só tiver duas cartas (além do 2 que acabou de jogar) ... ela vence o jogo. As cartas, uma vez
    # que doadas para adversários, contam pontos."
    g = pos(["R2 G5 G6", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    ev = g.apply(P(A, "R2", target=C, give="G5 G6"))
    assert g.over and g.winner == A
    out = next(e for e in ev if e.kind == "out")
    assert out.detail[0] == (1 + 2) + (3 + 4 + 5 + 6)


def test_DOA_one_other_card_is_given_and_wins():
    # "... ou uma outra carta, ela vence o jogo."
    g = pos(["R2 G5", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    assert all(len(a.give) == 1 for a in plays_of(g, A) if a.cards == cards("R2"))
    g.apply(P(A, "R2", target=B, give="G5"))
    assert g.over and g.winner == A and hand(g, B) == ["B1", "B2", "G5"]


def test_DOA_last_two_gives_nothing_and_wins():
    g = pos(["R2", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA")
    play(g, A, "R2")
    assert g.over and g.winner == A


def test_DOA_FL_two_cannot_win_by_donating():
    # "A carta Dois só pode ser jogada para vencer o jogo caso ela não signifique que outros jogadores recebam
    # cartas ... Caso contrário, ela não pode ser jogada para levar à vitória um jogador."
    g = pos(["R2 G5 G6", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA-FL")
    assert_refused(g, P(A, "R2", target=C, give="G5 G6"), CardNotPlayableError)
    assert all(a.cards != cards("R2") for a in plays_of(g, A))  # A must draw instead


def test_DOA_FL_bare_two_as_last_card_may_win():
    g = pos(["R2", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA-FL")
    play(g, A, "R2")
    assert g.over and g.winner == A


def test_DOA_C_cut_two_both_donate():
    # "Se um Dois for cortado, isso não anula o efeito do primeiro Dois ... A pessoa que cortou também tem o mesmo
    # direito, já que jogou o dois."
    g = pos(["R2 G5 G6 G7", "B1 B2", "Y3 Y4", "R2 Y5 Y6 Y7"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA-C")
    g.apply(P(A, "R2", target=B, give="G5 G6"))
    assert hand(g, B) == ["B1", "B2", "G5", "G6"] and g.current == B
    cut = plays_of(g, D)
    assert cut and all(len(a.give) == 2 for a in cut)
    ev = g.apply(P(D, "R2", target=C, give="Y5 Y6"))
    assert kinds(ev)[0] == "cut" and "donate" in kinds(ev)
    assert hand(g, C) == ["Y3", "Y4", "Y5", "Y6"] and hand(g, D) == ["Y7"] and hand(g, A) == ["G7"]
    assert g.current == A


def test_DOA_C_cutter_donation_is_mandatory_too():
    g = pos(["R2 G5 G6 G7", "B1 B2", "Y3 Y4", "R2 Y5 Y6 Y7"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA-C")
    g.apply(P(A, "R2", target=B, give="G5 G6"))
    assert_refused(g, mk_play(D, "R2"))


def test_DOA_DR_three_twos_give_six():
    # "Se três cartas Dois foram jogadas, seis cartas devem ser doadas ... Um jogador pode receber mais de duas"
    # engine decision (Donation docstring): all the cards go to the one chosen player
    g = pos(["R2 G2 B2 Y1 Y3 Y4 Y5 Y6 Y7 G9", "B1 B3", "Y8 Y9"], discard="R9", stock=YSTOCK,
            rules="UNO 1121 DOA-DR")
    assert_refused(g, P(A, "R2 G2 B2", target=B, give="Y1 Y3"), CardNotPlayableError)
    ev = g.apply(P(A, "R2 G2 B2", target=B, give="Y1 Y3 Y4 Y5 Y6 Y7", uno=True))
    assert [e.detail for e in ev if e.kind == "donate"] == [(B, 6)]
    assert hand(g, A) == ["G9"] and sizes(g)[B] == 8 and g.color == Color.BLUE


def test_DOA_PAA_two_not_in_first_round():
    # "a carta Dois não pode ser jogada durante a quantidade de turnos estipulada pela regra."
    g = pos(["R2 G5 G6 R7", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA-PAA")
    assert all(a.cards != cards("R2") for a in plays_of(g, A))
    assert_refused(g, P(A, "R2", target=B, give="G5 G6"), CardNotPlayableError)


# ============================================================================================== PAB


def pab(rules="UNO 1121 PAB", b_hand="RS R7 W Y2", stock=YSTOCK):
    g = pos(["R1 G1 G2", b_hand, "R6 B1 Y3"], discard="R9", stock=stock, rules=rules)
    ev = play(g, A, "R1")
    assert ("peace", A) in [(e.kind, e.player) for e in ev]
    return g


def test_PAB_after_one_no_action_until_another_one():
    # "quando uma carta Um é jogada, nenhuma carta de ação pode ser jogada até outra carta Um ser jogada."
    g = pab()
    assert_refused(g, mk_play(B, "RS"), CardNotPlayableError)
    assert_refused(g, mk_play(B, "W", "G"), CardNotPlayableError)


def test_PAB_numbers_still_playable_during_peace():
    g = pab()
    play(g, B, "R7")
    assert g.current == C


def test_PAB_another_one_ends_peace():
    g = pos(["R1 BS G2", "B1 R7", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 PAB")
    play(g, A, "R1")
    ev = play(g, B, "B1")
    assert [e.detail for e in ev if e.kind == "peace"] == [("off",)] and not g.rule_state.get("PAB")
    draw(g, C)
    play(g, A, "BS")                         # the Skip is played: B is skipped
    assert g.current == C


def test_PAB_peace_also_blocks_group_of_actions():
    g = pab(rules="UNO 1121 PAB-DR", b_hand="RS GS R7")
    assert_refused(g, mk_play(B, "RS GS"), CardNotPlayableError)


def test_PAB_impossibility_must_draw():
    # "ela torna isso impossível, de forma que se alguém não puder ... jogar nenhuma carta ..., deve comprar"
    g = pab(b_hand="RS W")
    assert g.legal_actions(B) == [Draw(B)]


def test_PAB_impossibility_draw_is_no_penalty():
    g = pab(b_hand="RS W")
    ev = draw(g, B)
    assert not penalties(ev) and sizes(g)[B] == 3


@pytest.mark.parametrize("card", ["R4", "R3", "R8"])
def test_PAB_armed_number_cards_count_as_action(card):
    # "após uma carta Um ser jogada, tais cartas especiais tampouco podem ser jogadas enquanto outro Um não for
    # descartado."
    g = pab(rules="UNO 1121 PAB-TRI-DAD-BACK", b_hand=card + " R7 Y2")
    assert_refused(g, mk_play(B, card), CardNotPlayableError)


def test_PAB_DOA_two_blocked_during_peace():
    g = pab(rules="UNO 1121 PAB-DOA", b_hand="R2 R7 Y2 Y4")
    assert all(a.cards != cards("R2") for a in plays_of(g, B))
    assert_refused(g, P(B, "R2", target=C, give="Y2 Y4"), CardNotPlayableError)


def test_PAB_CLA_same_card_cannot_combine():
    # "A não ser que as duas regras usem cartas diferentes, elas não podem ser aplicadas simultaneamente."
    with pytest.raises(RuleConflictError):
        RuleSet.parse("UNO 1121 PAB-CLA")


def test_PAB_CLA_distinct_cards_both_apply():
    g = pos(["R1 R9 G2 G3", "R1 B2 R7", "Y3 Y4"], discard="R5", stock=YSTOCK, rules="UNO 1121 PAB-CLA(card=9)")
    play(g, A, "R1")
    assert g.rule_state.get("PAB") is True
    play(g, B, "R1")                         # the second 1 ends the peace
    assert not g.rule_state.get("PAB")
    draw(g, C)
    play(g, A, "R9", target=C)
    assert (C, tuple(g.hands[C])) in g.view(A).revealed


def test_PAB_CLA_distinct_cards_clairvoyance_card_is_no_action_card():
    g = pos(["R1 R9 G2 G3", "B2 B3 R7", "Y3 Y4"], discard="R5", stock=YSTOCK, rules="UNO 1121 PAB-CLA(card=9)")
    play(g, A, "R1")
    play(g, B, "R7")
    draw(g, C)
    assert g.can(P(A, "R9", target=C))


def test_PAB_DR_pair_of_ones_toggles_twice():
    # engine decision (SecondPeace docstring): an odd count of 1s toggles the peace, an even count leaves it
    g = pos(["R1 G1 G2", "GS Y2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 PAB-DR")
    play(g, A, "R1 G1")
    assert not g.rule_state.get("PAB")
    assert g.can(mk_play(B, "GS"))
    g = pos(["R1 G1 B1 G2", "GS Y2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 PAB-DR")
    play(g, A, "R1 G1 B1")
    assert g.rule_state.get("PAB") is True


# ============================================================================================== DAD


@pytest.mark.parametrize("face", [1, 4, 6])
def test_DAD_next_player_draws_die_and_loses_turn(face):
    # "o próximo jogador deve jogar o dado. O resultado é o número de cartas que o jogador ... é obrigado a comprar.
    # O jogador a comprar as cartas perde a vez."
    g = pos(["R4 G1 G2", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DAD")
    g.chance = die([face])
    ev = play(g, A, "R4")
    assert [e.detail for e in ev if e.kind == "die"] == [(face, face)]
    assert penalties(ev) == [(B, face)] and sizes(g)[B] == 2 + face
    assert g.current == C


def test_DAD_seeded_roll_is_recorded():
    g = pos(["R4 G1 G2", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DAD", seed=11)
    ev = play(g, A, "R4")
    face = next(e.detail for e in ev if e.kind == "die")[0]
    assert 1 <= face <= 6 and g.chance.log[-1] == face and sizes(g)[B] == 2 + face


def test_DAD_table_variant_maps_faces():
    # "valores arbitrários de cartas a comprar podem ser atribuídos aos valores do dado"
    for face, k in ((1, 0), (2, 1), (6, 3)):
        g = pos(["R4 G1 G2", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK,
                rules="UNO 1121 DAD(table=0/1/2/2/3/3)")
        g.chance = die([face])
        play(g, A, "R4")
        assert sizes(g)[B] == 2 + k and g.current == C


def test_DAD_FL_four_cannot_win():
    # "A carta Quatro não pode ser usada para vencer o jogo."
    g = pos(["R4", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DAD-FL")
    assert_refused(g, mk_play(A, "R4"), CardNotPlayableError)


def test_DAD_C_cut_four_both_roll():
    # "se o jogador A joga uma carta Quatro, o jogador B deve jogar o dado ... Se o jogador D corta o jogador B, na
    # verdade está cortando o jogador C: o jogador B ainda é obrigado a jogar o dado e comprar as cartas, assim como
    # o jogador A, que agora está sob o efeito da carta jogada pelo jogador D. Depois que o jogador A jogou o dado, o
    # jogo prossegue a partir do jogador B."
    g = pos(["R4 G1 G2", "B1 B2", "Y3 Y4", "R4 G5 G6"], discard="R9", stock=YSTOCK, rules="UNO 1121 DAD-C")
    g.chance = die([3, 5])
    play(g, A, "R4")
    assert sizes(g)[B] == 5 and g.current == C
    ev = play(g, D, "R4")
    assert kinds(ev)[0] == "cut"
    assert penalties(ev) == [(A, 5)] and sizes(g)[A] == 7 and sizes(g)[B] == 5 and sizes(g)[C] == 2
    assert g.current == B


def test_DAD_DR_two_fours_roll_once():
    # "Duas ou mais cartas Quatro jogadas não significam que o dado deva ser jogado várias vezes"
    g = pos(["R4 G4 G2", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DAD-DR")
    g.chance = die([2])            # a second roll would raise ReplayMismatchError
    ev = play(g, A, "R4 G4")
    assert kinds(ev).count("die") == 1 and penalties(ev) == [(B, 2)] and g.current == C


def test_DAD_AA_four_in_arithmetic_group_still_rolls():
    # "Mesmo que uma carta Quatro seja jogada como parte de um conjunto de cartas, o próximo jogador ainda deve
    # jogar o dado e comprar as cartas."
    g = pos(["B4 B3 G2", "R1 R2", "Y3 Y4"], discard="G7", stock=YSTOCK, rules="UNO 1121 DAD-AA")
    g.chance = die([3])
    ev = play(g, A, "B4 B3")
    assert penalties(ev) == [(B, 3)] and g.current == C


def test_DAD_V_next_players_clock_starts_after_the_drawing():
    # "O tempo para a jogada deve começar a contar para o próximo jogador quando a compra de cartas tiver acabado"
    clock = ManualClock()
    g = Game.from_position(["R4 G1 G2", "B1 B2", "R3 Y4"], "R9", YSTOCK, rules="UNO 1121 DAD-V", clock=clock,
                           decks=2)  # YSTOCK holds Y2-Y8 twice: two decks
    g.chance = die([6])
    clock.advance(3)
    ev = play(g, A, "R4")
    assert g.rule_state["V"][:2] == (C, 3.0)
    assert penalties(ev) == [(B, 6)]            # the roller is not charged for speed
    clock.advance(4)
    ev = play(g, C, "R3")
    assert not penalties(ev)


def test_DAD_PAA_four_not_in_first_round():
    # "a carta Quatro não pode ser jogada durante o período estipulado pelas regras."
    g = pos(["R4 R5", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 PAA-DAD")
    assert_refused(g, mk_play(A, "R4"), CardNotPlayableError)


def test_DAD_PAB_four_blocked_during_peace():
    g = pab(rules="UNO 1121 PAB-DAD", b_hand="R4 R7 Y2")
    assert_refused(g, mk_play(B, "R4"), CardNotPlayableError)


# ============================================================================================== TRI


def tri(rules="UNO 1121 TRI", b_hand="G5 Y7 W", stock="R8 " + YSTOCK, a_hand="R3 G1 G2"):
    return pos([a_hand, b_hand, "Y3 Y4", "B5 B6"], discard="R9", stock=stock, rules=rules)


def test_TRI_next_may_answer_with_three_or_colour():
    # "o próximo jogador é obrigado a comprar três cartas se não for capaz de jogar outra carta três ou uma carta da
    # mesma cor"
    for answer in ("G3", "R7"):
        g = tri(b_hand=answer + " Y7")
        play(g, A, "R3")
        ev = play(g, B, answer, uno=True)
        assert not penalties(ev) and g.current == C


def test_TRI_next_must_play_three_or_colour_or_draw_three():
    # "(dessa forma, curingas não são válidos para evitar a compra de cartas)"
    g = tri(b_hand="W Y7 G5")
    play(g, A, "R3")
    assert_refused(g, mk_play(B, "W", "R"), CardNotPlayableError)
    assert g.legal_actions(B) == [Draw(B)]


def test_TRI_cannot_answer_draws_three_and_loses_turn():
    # "O jogador punido não joga." (even the red card drawn)
    g = tri(b_hand="G5 Y7")
    play(g, A, "R3")
    assert g.legal_actions(B) == [Draw(B)]
    ev = draw(g, B)
    assert sizes(g)[B] == 5 and hand(g, B)[2] == "R8"
    assert g.current == C and g.phase == Phase.PLAY and penalties(ev, "TRI")


def test_TRI_next_player_uno_may_win_with_colour():
    # "o jogador deve vencer com uma carta Três ou uma carta de mesma cor"
    g = tri(b_hand="R7")
    play(g, A, "R3")
    play(g, B, "R7")
    assert g.over and g.winner == B


def test_TRI_next_player_uno_cannot_win_with_wild():
    # "Curingas não são válidos. Se não puder vencer da forma válida, deve comprar três cartas."
    g = tri(b_hand="W")
    play(g, A, "R3")
    assert_refused(g, mk_play(B, "W", "R"), CardNotPlayableError)


def test_TRI_going_out_on_three_next_still_draws():
    # "Se o jogador A vence o jogo com uma carta Três, o próximo jogador deve comprar três cartas se não conseguir
    # satisfazer com as cartas que tinha as condições da regra. As cartas serão consideradas na contagem de pontos."
    g = tri(a_hand="R3", b_hand="G5 Y7")
    ev = play(g, A, "R3")
    assert g.over and g.winner == A
    assert penalties(ev) == [(B, 3)] and sizes(g)[B] == 5
    out = next(e for e in ev if e.kind == "out")
    assert out.detail[0] == g.hand_points(B) + g.hand_points(C) + g.hand_points(D)


def test_TRI_going_out_on_three_next_who_could_answer_draws_nothing():
    g = tri(a_hand="R3", b_hand="G5 R7")
    ev = play(g, A, "R3")
    assert g.over and not penalties(ev) and sizes(g)[B] == 2


def test_TRI_FL_three_cannot_win():
    # "a carta Três não pode ser jogada para a vitória (mesmo que o próximo jogador tenha condições de evitar)"
    g = tri(rules="UNO 1121 TRI-FL", a_hand="R3", b_hand="R7 G3")
    assert_refused(g, mk_play(A, "R3"), CardNotPlayableError)


def test_TRI_C_cut_before_next_starts_next_after_cutter_faces_six():
    # "Se o jogador B for cortado ... então ele não sofrerá nenhuma consequência e o próximo jogador comprará seis
    # cartas se não for capaz de satisfazer as condições da regra."
    g = pos(["R3 G5 Y7", "B1 B2", "Y3 Y4", "R3 B5 B6"], discard="R9", stock=YSTOCK, rules="UNO 1121 TRI-C")
    play(g, A, "R3")
    play(g, D, "R3")                         # cut: B escapes
    assert g.current == A and sizes(g)[B] == 2
    draw(g, A)
    assert sizes(g)[A] == 2 + 6


def test_TRI_C_cut_skipped_player_escapes():
    g = pos(["R3 G5 Y7", "B1 B2", "Y3 Y4", "R3 B5 B6"], discard="R9", stock=YSTOCK, rules="UNO 1121 TRI-C")
    play(g, A, "R3")
    play(g, D, "R3")
    assert g.current == A and sizes(g)[B] == 2
    assert g.legal_actions(A) == [Draw(A)]


def test_TRI_C_cut_after_next_drew_three_only():
    # "se o jogador B jogar (ou comprar três cartas) e o jogador C for cortado, o próximo jogador deve jogar ou
    # sofrer uma pena de apenas três cartas."
    g = pos(["R3 G5 Y7", "B1 B2", "Y3 Y4", "R3 B5 B6"], discard="R9", stock=YSTOCK, rules="UNO 1121 TRI-C")
    play(g, A, "R3")
    draw(g, B)
    assert sizes(g)[B] == 5 and g.current == C
    play(g, D, "R3")
    assert g.current == A
    draw(g, A)
    assert sizes(g)[A] == 2 + 3


def test_TRI_DR_threes_add_up():
    # "se duas, três, quatro ou mais cartas Três forem jogadas, o próximo jogador deve jogar uma das cartas
    # mandatórias ou comprar seis, nove, doze ou mais cartas"
    g = pos(["R3 G3 G2", "B5 Y7", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 TRI-DR")
    play(g, A, "R3 G3")
    assert g.color == Color.GREEN
    draw(g, B)
    assert sizes(g)[B] == 2 + 6 and g.current == C


def test_TRI_AA_three_in_arithmetic_group_still_counts():
    # "As consequências de se jogar uma carta Três ainda são válidas se a carta for parte de um grupo de cartas
    # jogadas dentro do mecanismo de qualquer uma das regras de Aritmética."
    g = pos(["G3 G4 B2 B4", "Y5 R6", "Y3 Y4"], discard="B7", stock=YSTOCK, rules="UNO 1121 TRI-AA")
    play(g, A, "G3 G4")
    assert g.legal_actions(B) == [Draw(B)]
    draw(g, B)
    assert sizes(g)[B] == 5 and g.current == C


def test_TRI_PAA_three_not_in_first_round():
    # "a carta Três não pode ser jogada na primeira rodada ou enquanto outra carta Um não for jogada."
    g = tri(rules="UNO 1121 PAA-TRI", a_hand="R3 R5")
    assert_refused(g, mk_play(A, "R3"), CardNotPlayableError)


def test_TRI_PAB_three_blocked_during_peace():
    g = pab(rules="UNO 1121 PAB-TRI", b_hand="R3 R7 Y2")
    assert_refused(g, mk_play(B, "R3"), CardNotPlayableError)


# ============================================================================================== BACK


def back(rules="UNO 1121 BACK", b_hand="R8 G8 B5", direction=1):
    return pos(["G1 G2", b_hand, "Y3 Y4", "B6 B7"], discard="R9", stock=YSTOCK, rules=rules, current=B,
               direction=direction)


def test_BACK_previous_player_draws_one():
    # "se algum jogador jogar uma carta Oito, o jogador anterior deve comprar uma carta. ... o jogo prossegue na
    # ordem em que estava"
    g = back()
    ev = play(g, B, "R8")
    assert penalties(ev) == [(A, 1)] and sizes(g) == [3, 2, 2, 2]
    assert g.current == C and g.direction == 1


def test_BACK_reversed_direction_previous_is_the_one_before_in_play():
    g = back(direction=-1)
    ev = play(g, B, "R8")
    assert penalties(ev) == [(C, 1)] and g.current == A and g.direction == -1


def test_BACK_M_same_card_cannot_combine():
    # "A não ser que as duas regras usem cartas diferentes, elas não podem ser aplicadas simultaneamente."
    with pytest.raises(RuleConflictError):
        RuleSet.parse("UNO 1121 M-BACK")


def test_BACK_M_distinct_cards_both_apply():
    g = back(rules="UNO 1121 M(card=5)-BACK", b_hand="R8 R5 B5")
    ev = play(g, B, "R8")
    assert penalties(ev) == [(A, 1)] and "slap-now" not in kinds(ev)


def test_BACK_FL_eight_cannot_win():
    # "a carta Oito não pode ser jogada para vencer."
    g = back(rules="UNO 1121 BACK-FL", b_hand="R8")
    assert_refused(g, mk_play(B, "R8"), CardNotPlayableError)


def test_BACK_DR_one_per_eight():
    # "Caso duas ou mais cartas Oito forem jogadas ao mesmo tempo o jogador anterior deve comprar uma carta a cada"
    g = back(rules="UNO 1121 BACK-DR")
    ev = play(g, B, "R8 G8", uno=True)
    assert penalties(ev) == [(A, 2)] and sizes(g)[A] == 4


def test_BACK_PAA_eight_not_in_first_round():
    # "Quando o jogo inclui também alguma destas regras, a carta [Oito] não pode ser jogada na primeira rodada ..."
    g = back(rules="UNO 1121 PAA-BACK", b_hand="R8 R5")
    assert_refused(g, mk_play(B, "R8"), CardNotPlayableError)


def test_BACK_PAB_eight_blocked_during_peace():
    g = pab(rules="UNO 1121 PAB-BACK", b_hand="R8 R7 Y2")
    assert_refused(g, mk_play(B, "R8"), CardNotPlayableError)


def test_BACK_AA_eight_in_arithmetic_group_still_counts():
    # "As consequências de se jogar uma carta Oito ainda são válidas se a carta for parte de um grupo de cartas
    # jogadas dentro da lógica de qualquer uma das regras de Aritmética."
    g = pos(["G1 G2", "B8 B1 Y5", "Y3 Y4", "B6 B7"], discard="G9", stock=YSTOCK, rules="UNO 1121 BACK-AA",
            current=B)
    ev = play(g, B, "B8 B1")
    assert penalties(ev) == [(A, 1)] and g.current == C


def test_BACK_V_previous_players_draw_does_not_delay_next_clock():
    # "O tempo que o jogador anterior consome para comprar a carta não se relaciona com o tempo utilizado na jogada
    # do próximo jogador a jogar; as duas coisas podem acontecer ao mesmo tempo."
    clock = ManualClock()
    g = Game.from_position(["G1 G2", "R8 G8 B5", "R3 Y4", "B6 B7"], "R9", YSTOCK, rules="UNO 1121 BACK-V",
                           clock=clock, current=B, decks=2)
    clock.advance(2)
    ev = play(g, B, "R8")
    assert penalties(ev) == [(A, 1)]
    assert g.rule_state["V"][:2] == (C, 2.0)
    clock.advance(6)
    ev = play(g, C, "R3")
    assert penalties(ev) == [(C, 2)]        # C's own clock ran from B's 8, not from A's draw


# ============================================================================================== CLA


def test_CLA_player_of_one_sees_chosen_hand_in_view():
    # "quando um jogador joga a carta Um na pilha de descarte ele pode escolher alguém para revelar as cartas na
    # mão, mas apenas para aquele que jogou a carta Um."
    g = pos(["R1 G1 G2", "B1 B2", "Y3 Y4 Y5"], discard="R9", stock=YSTOCK, rules="UNO 1121 CLA")
    ev = play(g, A, "R1", target=C)
    assert "sees-hand" in kinds(ev)
    assert g.view(A).revealed == ((C, tuple(cards("Y3 Y4 Y5"))),)
    assert g.view(B).revealed == () and g.view(C).revealed == ()


def test_CLA_no_reciprocity():
    # "Não há obrigação de reciprocidade."
    g = pos(["R1 G1 G2", "B1 B2", "Y3 Y4 Y5"], discard="R9", stock=YSTOCK, rules="UNO 1121 CLA")
    play(g, A, "R1", target=C)
    assert all(seat != A for seat, _ in g.view(C).revealed)
    assert g.current == B


def test_CLA_choice_of_any_other_seat():
    g = pos(["R1 G1 G2", "B1 B2", "Y3 Y4 Y5"], discard="R9", stock=YSTOCK, rules="UNO 1121 CLA")
    assert {a.target for a in plays_of(g, A) if a.cards == cards("R1")} >= {B, C}
    assert_refused(g, P(A, "R1", target=A))


def test_CLA_going_out_on_one_sees_nothing():
    g = pos(["R1", "B1 B2", "Y3 Y4 Y5"], discard="R9", stock=YSTOCK, rules="UNO 1121 CLA")
    play(g, A, "R1")
    assert g.over and g.winner == A and g.view(A).revealed == ()


def test_CLA_PAB_same_card_cannot_combine():
    # "A não ser que as duas regras usem cartas diferentes, elas não podem ser aplicadas simultaneamente."
    with pytest.raises(RuleConflictError):
        RuleSet.parse("UNO 1121 CLA-PAB")
    rs = RuleSet.parse("UNO 1121 PAB(card=9)-CLA")
    assert rs.card_of("PAB") == 9 and rs.card_of("CLA") == 1


def test_T_CLA_together_a_1_names_a_hand_to_see_and_a_0_a_hand_to_swap():
    # The guide's variation BU-AA-AB-P1-PAB-CHU-T-TRI-BACK-CLA has both rules: T's 0 and CLA's 1 each name a
    # seat for their own effect; neither rule may refuse the other's card (found: a 1 could never be played).
    g = pos(["R1 R0 G5 G6", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 T-CLA")
    assert offered(g, P(A, "R1", target=B)) and not offered(g, P(A, "R1"))
    ev = g.apply(P(A, "R1", target=C))
    assert "sees-hand" in kinds(ev) and "swap" not in kinds(ev)
    g = pos(["R1 R0 G5 G6", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 T-CLA")
    assert offered(g, P(A, "R0")) and offered(g, P(A, "R0", target=B))
    ev = g.apply(P(A, "R0", target=B))
    assert "swap" in kinds(ev) and "sees-hand" not in kinds(ev) and hand(g, A) == ["B1", "B2"]


def test_DOA_T_the_gifts_leave_the_hand_played_from_before_the_0_swaps_hands():
    """000 §Regra das Doações + §Regra da Troca, in one arithmetic group (AA): a 2 and a 0 played together
    give the named cards from the hand the player held, then swap hands (the referee once crashed
    half-way, swapping first and then looking for the gifts in the other hand)."""
    from unokit.core.actions import Action
    from unokit.engine.game import Game
    g = Game.from_position(["Y1 Y3 G9", "G1 G3 Y9", "RS B2 R7 B0 R9 B5 B5 R3 G4 G+2"], discard="R2",
                           stock="Y4 Y5 Y6 Y7", rules="UNO 2111 AA-AB-T-DOA", current=2)
    g.apply(Action.parse("2 play B2 B0 @0 give:RS,B5"))
    assert [c.code for c in g.hands[2]] == ["Y1", "Y3", "G9", "RS", "B5"]        # seat 0's hand plus the gifts
    assert [c.code for c in g.hands[0]] == ["R7", "R9", "B5", "R3", "G4", "G+2"]  # what the giver kept
    g.check_invariants()
