"""House rules P1-P4 (Passe, 000 lines 1433-1490), DED (Duplo Descarte, 1373-1408) and S (Silêncio, 1643-1678),
with the interactions the seed lists among them and with DR/DD/C and the official rules.

Seats: A=0, B=1, C=2, D=3, clockwise.
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
    Hint,
    Pass,
    Phase,
    Play,
    Say,
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

from unokit.core.actions import Accuse, Discard
from unokit.core.cards import Card, Color
from unokit.core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    IllegalActionError,
    NotYourTurnError,
    WindowClosedError,
)
from unokit.engine.compose import offered

STOCK = "B1 B2 B3 B4 B5 B6 B7 B8 B9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G3 G4 G5 G6 G7 G8 G9"


def penalties(events, seat=None):
    return [e.detail[0] for e in events if e.kind == "penalty" and (seat is None or e.player == seat)]


# ============================================================================================== P1-P4

# (code, card on top, card answered) -> allowed; the seed's four tables exactly
TABLE = {
    "P1": {("+2", "+2"): True, ("+4", "+4"): False, ("+2", "+4"): False, ("+4", "+2"): False},
    "P2": {("+2", "+2"): True, ("+4", "+4"): True, ("+2", "+4"): False, ("+4", "+2"): False},
    "P3": {("+2", "+2"): True, ("+4", "+4"): True, ("+2", "+4"): True, ("+4", "+2"): False},
    "P4": {("+2", "+2"): True, ("+4", "+4"): True, ("+2", "+4"): True, ("+4", "+2"): True},
}
CASES = [(p, under, over, ok) for p, t in TABLE.items() for (under, over), ok in t.items()]


@pytest.mark.parametrize("code,under,over,ok", CASES, ids=[f"{c[0]}-{c[2]}-on-{c[1]}" for c in CASES])
def test_P_stacking_tables_exactly(code, under, over, ok):
    # P1: "Todas as cartas Comprar Duas podem ser jogadas em cima de outras Comprar Duas. Nenhum Curinga Comprar
    # Quatro pode ser jogado em cima de Comprar Dois ou outro Curinga Comprar Quatro, e nenhuma Comprar Duas pode
    # ser jogada em cima de um Curinga Comprar Quatro."  P2: "+4 on +4 ... esses dois tipos de cartas não se
    # misturam". P3: "+4 on +4 e em cima de Comprar Duas, mas Comprar Duas não podem ser jogadas em cima de
    # Curingas Comprar Quatro". P4: "Qualquer carta ... pode ser jogada em cima de qualquer outra carta desse tipo"
    first = "R+2" if under == "+2" else "W+4"
    answer = "G+2" if over == "+2" else "W+4"  # a Draw Two of another colour: colour does not matter
    g = pos([f"{first} R1 R2", f"{answer} B3", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK,
            rules=f"UNO 1121 {code}")
    play(g, A, first, "Y" if first == "W+4" else None)
    assert g.phase == Phase.PENDING and g.current == B
    a = mk_play(B, answer, "B" if answer == "W+4" else None)
    assert g.can(a) is ok
    assert (a in g.legal_actions(B)) is ok
    if ok:
        g.apply(a)
        assert g.current == C and g.pending == (2 if under == "+2" else 4) + (2 if over == "+2" else 4)
    else:
        assert_refused(g, a, CardNotPlayableError)


def test_P_accumulated_total_drawn_by_the_first_who_cannot_add():
    # "até que alguém seja obrigado a comprar o número acumulado de cartas."
    g = pos(["R+2 R1", "G+2 B3", "Y+2 Y5", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 P1")
    play(g, A, "R+2", uno=True)
    play(g, B, "G+2", uno=True)
    play(g, C, "Y+2", uno=True)
    assert g.current == D and g.pending == 6
    assert g.legal_actions(D) == [Draw(D)] or all(not isinstance(a, Play) for a in g.legal_actions(D))
    draw(g, D)
    assert sizes(g)[D] == 8 and g.current == A and g.pending == 0 and g.phase == Phase.PLAY


def test_P_player_may_draw_instead_of_stacking():
    # "este próximo jogador não precisa comprar as cartas, uma vez que pode adicionar" (may, not must)
    g = pos(["R+2 R1", "G+2 B3", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 P1")
    play(g, A, "R+2", uno=True)
    assert Draw(B) in g.legal_actions(B)
    draw(g, B)
    assert sizes(g)[B] == 4 and g.current == C


def test_P_only_draw_cards_answer_a_pending_draw():
    g = pos(["R+2 R1", "R5 RS W B3", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 P4")
    play(g, A, "R+2", uno=True)
    for a in (mk_play(B, "R5"), mk_play(B, "RS"), mk_play(B, "W", "G")):
        assert_refused(g, a, CardNotPlayableError)


def test_P_first_card_draw_two_may_be_stacked():
    # official first card: "Se ela for aberta no começo do jogo, as mesmas regras se aplicam" — with P the first
    # player may answer it like any Draw Two
    from conftest import new_game
    g = new_game(4, A, {B: "R+2 R1 R2 R3 R4 R5 R6"}, "G+2", rules="UNO 1121 P1")
    assert g.phase == Phase.PENDING and g.current == B
    play(g, B, "R+2")
    assert g.current == C and g.pending == 4


def test_P1_wild_draw_four_is_isolated_next_player_draws_4():
    # "O Curinga Comprar Quatro deve ser jogado de forma isolada ... e o próximo jogador é obrigado a comprar as
    # quatro cartas."
    g = pos(["W+4 R1", "G+2 W+4 B3", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 P1")
    play(g, A, "W+4", "G", uno=True)
    assert not any(isinstance(a, Play) for a in g.legal_actions(B))
    draw(g, B)
    assert sizes(g)[B] == 7


def test_P_two_players_stacking_returns_the_total():
    g = pos(["R+2 R1 R3", "G+2 B3 B4"], discard="R7", stock=STOCK, rules="UNO 1121 P1")
    play(g, A, "R+2")
    play(g, B, "G+2")
    assert g.current == A and g.pending == 4
    draw(g, A)
    assert sizes(g) == [6, 2] and g.current == B


def test_P_going_out_on_a_stacked_draw_card_next_player_draws_the_total():
    g = pos(["R+2 R1", "G+2", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 P1")
    play(g, A, "R+2", uno=True)
    play(g, B, "G+2")
    assert not g.over and g.current == C and g.pending == 4
    assert all(not isinstance(a, Play) for a in g.legal_actions(C))
    draw(g, C)
    assert g.over and g.winner == B and sizes(g)[C] == 6
    assert g.events[-1].kind == "out" and g.events[-1].detail[0] == g.hand_points(A) + g.hand_points(C) + \
        g.hand_points(D)


def test_P_with_DR_several_draw_cards_at_once_as_an_answer():
    # "se o jogador A joga um Comprar Duas Verde, o jogador B pode jogar duas cartas Comprar Duas Azul de uma só
    # vez."
    g = pos(["G+2 R1", "B+2 B+2 B3", "Y1 Y2"], discard="G7", stock=STOCK, rules="UNO 1121 DR-P1")
    play(g, A, "G+2", uno=True)
    assert offered(g, mk_play(B, "B+2 B+2", uno=True))
    play(g, B, "B+2 B+2", uno=True)
    assert g.current == C and g.pending == 6


def test_P_with_DD_identical_draw_cards_at_once_as_an_answer():
    g = pos(["G+2 R1", "B+2 B+2 R+2 B3", "Y1 Y2"], discard="G7", stock=STOCK, rules="UNO 1121 DD-P1")
    play(g, A, "G+2", uno=True)
    assert_refused(g, mk_play(B, "B+2 R+2"), CardNotPlayableError)
    play(g, B, "B+2 B+2")
    assert g.pending == 6


def test_P_with_DR_draw_group_in_an_original_play():
    # "tanto em uma jogada original quanto em uma que seja uma resposta"
    g = pos(["G+2 Y+2 R1", "B+2 B3", "Y1 Y2"], discard="G7", stock=STOCK, rules="UNO 1121 DR-P1")
    play(g, A, "G+2 Y+2", uno=True)
    assert g.pending == 4
    play(g, B, "B+2", uno=True)
    assert g.pending == 6 and g.current == C


def test_P_with_DR_answer_group_must_follow_the_table():
    g = pos(["W+4 R1", "W+4 W+4 B3", "Y1 Y2"], discard="G7", stock=STOCK, rules="UNO 1121 DR-P1")
    play(g, A, "W+4", "R", uno=True)
    assert_refused(g, mk_play(B, "W+4 W+4", "B"), CardNotPlayableError)
    g = pos(["W+4 R1", "W+4 W+4 B3", "Y1 Y2"], discard="G7", stock=STOCK, rules="UNO 1121 DR-P2")
    play(g, A, "W+4", "R", uno=True)
    play(g, B, "W+4 W+4", "B", uno=True)
    assert g.pending == 12


# ============================================================================================== DED


def ded(rules="UNO 1121 DED", deck="classic", **hands):
    base = {A: "RS R1 G1", B: "Y1 Y2 Y3", C: "Y4 Y5 Y6", D: "Y7 Y8 Y9"}
    for k, v in hands.items():
        base["ABCD".index(k)] = v
    return pos([base[s] for s in range(4)], discard="R7", stock=STOCK, rules=rules, deck=deck)


@pytest.mark.parametrize("card", ["RS", "RR", "R+2", "W", "W+4", "WX"])
def test_DED_hidden_play_has_no_effect(card):
    # "a possibilidade de descartar uma carta, mas não ter de lidar com os seus efeitos: por exemplo, você pode
    # jogar uma carta Inverter sem ter que de fato inverter o jogo."
    g = ded(A=f"{card} R1 G1", deck="112" if card == "WX" else "classic")  # WX: the 112-card deck
    ev = g.apply(hidden(A, card))
    assert kinds(ev) == ["hidden-play"]
    assert g.top.code == "R7" and g.color == Color.RED and g.direction == 1
    assert g.current == B and g.pending == 0 and g.phase == Phase.PLAY
    assert len(g.hidden_pile) == 1 and sizes(g)[A] == 2
    g.check_invariants()


def test_DED_any_card_may_go_face_down_claimed_legal():
    # "descartar uma carta que não pode ser descartada na pilha de descarte normal, na pilha virada para baixo"
    g = ded(A="G2 R1 G1")
    assert offered(g, hidden(A, "G2"))
    g.apply(hidden(A, "G2"))
    assert g.claim[3] is False  # a lie, undetected so far


def test_DED_visible_pile_is_the_one_rules_look_at():
    # "a pilha de descarte em que as cartas são visíveis é a válida para todas essas situações."
    g = ded(A="G5 R1 G1", B="G6 R8 Y3")
    g.apply(hidden(A, "G5"))
    assert not g.can(mk_play(B, "G6"))
    assert g.can(mk_play(B, "R8"))
    v = g.view(B)
    assert v.top.code == "R7" and v.hidden_pile_size == 1 and v.color == Color.RED


def test_DED_accuse_liar_liar_draws_4_and_accuser_discards_any_card():
    # "se os outros acharem que um jogador está mentindo (e descobrirem que está mesmo), o mentiroso compra quatro
    # cartas e o desafiante joga fora uma carta qualquer de suas mãos."
    g = ded(A="G2 R1 G1")
    g.apply(hidden(A, "G2"))
    assert Accuse(C) in g.legal_actions(C)
    ev = g.apply(Accuse(C))
    assert ("accuse", C, (A, "liar")) in [(e.kind, e.player, e.detail) for e in ev]
    assert sizes(g)[A] == 2 + 4
    assert g.phase == Phase.FREE_DISCARD and g.to_act == C
    assert set(g.legal_actions(C)) >= {Discard(C, Card.parse(x)) for x in ("Y4", "Y5", "Y6")}
    g.apply(Discard(C, Card.parse("Y6")))   # any card, even one that does not match
    assert sizes(g)[C] == 2 and g.phase == Phase.PLAY and g.current == B
    assert g.top.code == "R7" and len(g.hidden_pile) == 2
    g.check_invariants()


def test_DED_accuse_honest_accuser_draws_4_and_honest_player_discards_one_more():
    # "Se esse jogador não mentiu, contudo, quem o acusou compra quatro cartas e ele descarta mais uma."
    g = ded(A="RS R1 G1")
    g.apply(hidden(A, "RS"))
    ev = g.apply(Accuse(D))
    assert ("accuse", D, (A, "honest")) in [(e.kind, e.player, e.detail) for e in ev]
    assert sizes(g)[D] == 3 + 4
    assert g.phase == Phase.FREE_DISCARD and g.to_act == A
    g.apply(Discard(A, Card.parse("G1")))
    assert hand(g, A) == ["R1"] and g.current == B and g.phase == Phase.PLAY


def test_DED_revealed_card_is_not_moved_to_the_visible_pile():
    # "Mesmo quando se descobre qual carta foi jogada na pilha de descarte oculta, essa carta não é transferida
    # para a pilha de descarte oficial, e o jogo prossegue da última carta que foi jogada de forma visível."
    g = ded(A="RS R1 G1")
    g.apply(hidden(A, "RS"))
    g.apply(Accuse(D))
    assert g.top.code == "R7" and "RS" not in [c.code for c in g.discard]
    assert (A, cards("RS")) in g.view(C).revealed  # the accusation shows the card to everyone
    g.apply(Discard(A, Card.parse("G1")))
    assert g.current == B  # the Skip's effect is not applied once revealed either


def test_DED_cannot_accuse_own_play_and_nothing_to_accuse_without_a_hidden_play():
    g = ded()
    assert_refused(g, Accuse(B), WindowClosedError)
    g.apply(hidden(A, "G1"))
    assert_refused(g, Accuse(A), IllegalActionError)


def test_DED_accusation_window_closes_when_the_next_player_starts():
    g = ded(A="G2 R1 G1")
    g.apply(hidden(A, "G2"))
    draw(g, B)
    assert_refused(g, Accuse(C), WindowClosedError)


def test_DED_hidden_play_without_the_rule_is_refused():
    g = ded(rules="UNO 1121")
    assert_refused(g, hidden(A, "RS"), IllegalActionError)


def test_DED_hidden_play_only_in_turn():
    g = ded()
    assert_refused(g, hidden(B, "Y1"), NotYourTurnError)


def test_DED_uno_with_a_face_down_card():
    # "É possível 'ficar UNO' ... descartando no monte de cartas ocultas."
    g = ded(A="G2 R1")
    g.apply(hidden(A, "G2", uno=True))
    assert g.uno_said[A] and A not in g.catchable
    g = ded(A="G2 R1")
    g.apply(hidden(A, "G2"))
    assert A in g.catchable
    g.apply(CatchUno(C, A))
    assert sizes(g)[A] == 3


def test_DED_going_out_face_down_accepted():
    # "É possível ... vencer o jogo descartando no monte de cartas ocultas."
    g = ded(A="R1")
    g.apply(hidden(A, "R1"))
    assert g.phase == Phase.HIDDEN_FINISH and not g.over and g.to_act == B
    assert Pass(B) in g.legal_actions(B) and Accuse(C) in g.legal_actions(C)
    g.apply(Pass(B))
    assert g.over and g.winner == A


def test_DED_going_out_face_down_honest_accused_accusers_4_cards_count_in_points():
    # "Ao vencer o jogo (com uma carta legítima) de forma oculta e ser desafiado, as cartas que o desafiante
    # comprará a mais contarão pontos no final da partida."
    g = ded(A="R1", C="Y4 Y5 Y6")
    g.apply(hidden(A, "R1"))
    ev = g.apply(Accuse(C))
    assert g.over and g.winner == A
    assert sizes(g)[C] == 7 and hand(g, C)[3:] == ["B1", "B2", "B3", "B4"]
    out = next(e for e in ev if e.kind == "out")
    assert out.detail[0] == (1 + 2 + 3) + (4 + 5 + 6 + 1 + 2 + 3 + 4) + (7 + 8 + 9)


def test_DED_going_out_face_down_liar_accused_card_back_game_goes_on():
    # "Ao vencer o jogo de forma oculta, mentindo, e for descoberto, a carta volta para sua mão, os mecanismos se
    # aplicam, o jogo prossegue."
    g = ded(A="G2", C="Y4 Y5 Y6")
    g.apply(hidden(A, "G2"))
    g.apply(Accuse(C))
    assert not g.over
    assert "G2" in hand(g, A) and sizes(g)[A] == 1 + 4
    assert not g.hidden_pile
    assert g.phase == Phase.FREE_DISCARD and g.to_act == C
    g.apply(Discard(C, Card.parse("Y4")))
    assert g.phase == Phase.PLAY and g.current == B
    g.check_invariants()


def test_DED_winning_by_a_free_discard():
    # "se você tiver uma carta na mão, acusar uma mentira, e estiver certo ... você descarta a única carta que
    # tem em mãos e vence o jogo."
    g = ded(A="G2 R1 G1", C="Y4")
    g.apply(hidden(A, "G2"))
    g.apply(Accuse(C))
    g.apply(Discard(C, Card.parse("Y4")))
    assert g.over and g.winner == C


def test_DED_honest_player_may_go_out_with_the_extra_discard():
    g = ded(A="RS R1")
    g.apply(hidden(A, "RS", uno=True))
    g.apply(Accuse(B))
    g.apply(Discard(A, Card.parse("R1")))
    assert g.over and g.winner == A


def test_DED_free_discard_must_be_a_held_card():
    g = ded(A="G2 R1 G1")
    g.apply(hidden(A, "G2"))
    g.apply(Accuse(C))
    assert_refused(g, Discard(C, Card.parse("R9")), CardNotInHandError)
    assert_refused(g, Discard(B, Card.parse("Y1")), NotYourTurnError)
    assert_refused(g, Draw(B), NotYourTurnError)


def test_DED_hidden_play_after_drawing_only_the_drawn_card():
    # after drawing, putting the drawn card face down is an honest claim; any other card is a lie
    g = pos(["B5 B6 G1", "Y1 Y2"], discard="R7", stock="R3 " + STOCK, rules="UNO 1121 DED")
    draw(g, A)
    assert g.phase == Phase.DRAWN and hidden(A, "R3") in g.legal_actions(A)
    g.apply(hidden(A, "R3"))
    assert g.current == B and g.claim[3] is True
    g = pos(["B5 B6 G1", "Y1 Y2"], discard="R7", stock="R3 " + STOCK, rules="UNO 1121 DED")
    draw(g, A)
    g.apply(hidden(A, "B5"))
    assert g.claim[3] is False
    g.apply(Accuse(B))
    assert sizes(g)[A] == 3 + 4


def test_DED_legal_actions_list_face_down_lies_after_drawing():
    # "Eles podem, portanto, mentir: descartar uma carta que não pode ser descartada na pilha de descarte normal,
    # na pilha virada para baixo."
    g = pos(["B5 B6 G1", "Y1 Y2"], discard="R7", stock="R3 " + STOCK, rules="UNO 1121 DED")
    draw(g, A)
    a = hidden(A, "B5")
    assert g.can(a)
    assert a in g.legal_actions(A)


def test_DED_with_DR_first_card_visible_rest_hidden():
    # "a primeira carta da sequência ... pode ser jogada na pilha visível, e as outras, na invisível"
    g = pos(["R9 B9 G1", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DR-DED")
    g.apply(hidden(A, "B9", visible="R9"))
    assert g.top.code == "R9" and len(g.hidden_pile) == 1 and sizes(g)[A] == 1
    g.apply(Accuse(C))
    assert sizes(g)[C] == 6  # honest: the accuser draws 4


def test_DED_with_DR_hidden_part_that_breaks_the_group_is_a_lie():
    g = pos(["R9 B3 G1", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DR-DED")
    g.apply(hidden(A, "B3", visible="R9"))
    g.apply(Accuse(C))
    assert sizes(g)[A] == 1 + 4


def test_DED_with_DR_first_card_hidden_rest_visible():
    # "a primeira carta da sequência de cartas a ser jogada pode ser jogada na pilha visível, e as outras, na
    # invisível, ou o contrário; qualquer combinação de partes é possível."
    g = pos(["Y9 B9 R9 G1", "Y1 Y2", "Y3 Y4"], discard="Y5", stock=STOCK, rules="UNO 1121 DR-DED")
    a = hidden(A, "Y9", visible="B9 R9")
    assert g.can(a)
    g.apply(a)
    assert g.top.code == "R9" and g.color == Color.RED
    g.apply(Accuse(C))
    assert sizes(g)[C] == 6  # honest: Y9 (legal) first, then the 9s above it


def test_DED_with_stacking_claim_unchallenged_next_player_draws_the_total():
    # "caso ele não possua tal carta, ele pode blefar, jogar uma carta de forma oculta e dizer que a carta é um
    # Comprar Duas. ... se o jogador C não duvidar, ele deve comprar quatro"
    g = pos(["R+2 R1", "Y5 B3", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DED-P1")
    play(g, A, "R+2", uno=True)
    a = hidden(B, "Y5", claim=2, uno=True)
    assert a in g.legal_actions(B)
    g.apply(a)
    assert g.current == C and g.pending == 4 and g.top.code == "R+2"
    draw(g, C)
    assert sizes(g)[C] == 6 and g.current == D


def test_DED_with_stacking_claim_bluff_cycle_continues():
    # "O jogador C, por sua vez, pode escolher blefar também, dando continuidade ao ciclo de mentiras"
    g = pos(["R+2 R1", "Y5 B3", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DED-P1")
    play(g, A, "R+2", uno=True)
    g.apply(hidden(B, "Y5", claim=2, uno=True))
    g.apply(hidden(C, "Y1", claim=2, uno=True))
    assert g.current == D and g.pending == 6


def test_DED_with_stacking_claim_accused_liar():
    # "Se o jogador C duvidar, os mecanismos se aplicam": the liar draws 4, the accuser discards a card. The
    # exposed false claim is struck from the total (engine decision documented in rules/double_discard.py).
    g = pos(["R+2 R1", "Y5 B3", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DED-P1")
    play(g, A, "R+2", uno=True)
    g.apply(hidden(B, "Y5", claim=2, uno=True))
    g.apply(Accuse(C))
    assert sizes(g)[B] == 1 + 4
    assert g.phase == Phase.FREE_DISCARD and g.to_act == C
    g.apply(Discard(C, Card.parse("Y1")))
    assert g.current == C and g.pending == 2 and g.phase == Phase.PENDING
    draw(g, C)
    assert sizes(g)[C] == 3


def test_DED_with_stacking_claim_accused_honest():
    g = pos(["R+2 R1", "G+2 B3 B4 B5", "Y1 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DED-P1")
    play(g, A, "R+2", uno=True)
    g.apply(hidden(B, "G+2", claim=2))
    ev = g.apply(Accuse(C))
    assert ("accuse", C, (B, "honest")) in [(e.kind, e.player, e.detail) for e in ev]
    assert sizes(g)[C] == 2 + 4
    assert g.phase == Phase.FREE_DISCARD and g.to_act == B
    g.apply(Discard(B, Card.parse("B3")))
    assert hand(g, B) == ["B4", "B5"]
    assert g.current == C and g.phase == Phase.PENDING and g.pending == 4  # the true claim still counts


def test_DED_with_stacking_claim_must_follow_the_table():
    g = pos(["R+2 R1", "Y5 B3", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 DED-P1")
    play(g, A, "R+2", uno=True)
    assert_refused(g, hidden(B, "Y5", claim=4), IllegalActionError)
    assert_refused(g, hidden(B, "Y5"), IllegalActionError)
    g = pos(["R+2 R1", "Y5 B3", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 DED")
    play(g, A, "R+2", uno=True)
    assert_refused(g, hidden(B, "Y5", claim=2), IllegalActionError)


# ============================================================================================== S


S_STOCK = "B2 B3 B4 B5 B6 B8 G2 G3 G4 G5 G6 G8 B2 B3 B4 B5 B6 B8 G2 G3 G4 G5 G6 G8"  # no 1, 7 or 9


def silent(rules="UNO 1121 S", **hands):
    base = {A: "R7 R1 G1 B2", B: "Y1 Y2 Y3 R3", C: "Y4 Y5 Y6 R4", D: "Y7 Y8 Y9 R5"}
    for k, v in hands.items():
        base["ABCD".index(k)] = v
    return pos([base[s] for s in range(4)], discard="R9", stock=S_STOCK, rules=rules)


def test_S_speaking_is_free_before_a_7():
    g = silent()
    ev = g.apply(Say(B, "boa jogada"))
    assert penalties(ev) == [] and sizes(g)[B] == 4


def test_S_speaking_after_a_7_draws_2():
    # "todos os jogadores devem permanecer em silêncio a partir do momento em que um 7 for descartado ... Quem não
    # cumpre a regra deve comprar duas cartas."
    g = silent()
    ev = play(g, A, "R7")
    assert ("silence", A, ("on",)) in [(e.kind, e.player, e.detail) for e in ev]
    assert g.view(C).silence
    for seat in (B, A, D):  # everyone, the 7's player too, in turn or not
        ev = g.apply(Say(seat, "olha só"))
        assert penalties(ev, seat) == [2]
    assert sizes(g) == [5, 6, 4, 6]


def test_S_sounds_without_words_are_allowed():
    # "grunhidos, onomatopeias acidentais, gemidos, suspiros ... são permitidos" (no words: punctuation, emoji)
    g = silent()
    play(g, A, "R7")
    for text in ("...", "?!", "😮", ""):
        assert penalties(g.apply(Say(B, text))) == []


def test_S_grunts_and_onomatopoeia_are_allowed():
    # "O silêncio define-se pela não produção de sons que tomem a forma de palavras: grunhidos, onomatopeias
    # acidentais, gemidos, suspiros, roncos, cafungadas ... são permitidos."
    g = silent()
    play(g, A, "R7")
    for text in ("hmm", "argh", "zzz", "ahh"):
        assert penalties(g.apply(Say(B, text))) == [], text


def test_S_another_7_ends_the_silence():
    # "Os jogadores só podem voltar a falar se outro 7 for descartado, anulando este efeito do primeiro."
    g = silent(B="Y7 Y2 Y3 R3")
    play(g, A, "R7")
    ev = play(g, B, "Y7")
    assert ("silence", B, ("off",)) in [(e.kind, e.player, e.detail) for e in ev]
    assert not g.view(C).silence
    assert penalties(g.apply(Say(C, "finalmente"))) == []


def test_S_silence_lasts_until_another_7_not_a_round():
    g = silent()
    play(g, A, "R7")
    for seat in (B, C, D):
        draw(g, seat)
    play(g, A, "R1")
    draw(g, B)
    assert penalties(g.apply(Say(C, "ainda?"))) == [2]


def test_S_saying_uno_during_the_silence_draws_2_without_U():
    # "Se dizer UNO não for permitido, a pessoa deverá comprar duas cartas sempre que ficar com uma carta na mão"
    g = silent(B="Y1 R3")
    play(g, A, "R7")
    ev = play(g, B, "R3", uno=True)
    assert penalties(ev, B) == [2] and sizes(g)[B] == 3
    g = silent(B="Y1 R3")
    play(g, A, "R7")
    play(g, B, "R3")
    ev = g.apply(SayUno(B))
    assert penalties(ev, B) == [2]


def test_SU_saying_uno_is_allowed():
    # "Exceção para o UNO (U) Dizer 'UNO' é permitido"
    g = silent(rules="UNO 1121 SU", B="Y1 R3")
    play(g, A, "R7")
    ev = play(g, B, "R3", uno=True)
    assert penalties(ev) == [] and sizes(g)[B] == 1 and g.uno_said[B]
    assert penalties(g.apply(Say(C, "UNO"))) == []
    assert penalties(g.apply(Say(C, "UNO mesmo"))) == [2]


def test_SPP_one_card_per_word():
    # "o jogador não apenas compra duas cartas quando fala, mas compra uma carta a cada palavra falada."
    g = silent(rules="UNO 1121 SPP")
    play(g, A, "R7")
    assert penalties(g.apply(Say(B, "não acredito nisso"))) == [3]
    assert penalties(g.apply(Say(C, "ops"))) == [1]


def test_ST_silence_lasts_one_round():
    # "A rodada inicia a partir da vez do jogador subsequente àquele que jogou o 7, e termina quando o jogador que
    # jogou o 7 terminar sua próxima vez."
    g = silent(rules="UNO 1121 ST")
    play(g, A, "R7")
    for seat in (B, C, D):
        assert penalties(g.apply(Say(seat, "psiu"))) == [2]
        draw(g, seat)
    assert g.current == A
    assert penalties(g.apply(Say(B, "quase"))) == [2]   # A's next turn is still inside the round
    play(g, A, "R1")
    assert not g.view(B).silence
    assert penalties(g.apply(Say(B, "acabou"))) == []


def test_ST_the_7_player_may_announce_the_end():
    # "Qualquer frase que este jogador diga para sinalizar que a rodada de silêncio terminou é permitida"
    g = silent(rules="UNO 1121 ST")
    play(g, A, "R7")
    for seat in (B, C, D):
        draw(g, seat)
    play(g, A, "R1")
    assert penalties(g.apply(Say(A, "pronto, podem falar"))) == []


def test_ST_a_new_7_inside_the_round_restarts_it():
    # "Qualquer 7 jogado dentro desta rodada substitui o período, sobrescrevendo-o — cria uma nova rodada de
    # silêncio, iniciada agora por um jogador diferente."
    g = silent(rules="UNO 1121 ST", C="Y4 Y5 Y7 R4")
    play(g, A, "R7")
    draw(g, B)
    play(g, C, "Y7")
    assert g.view(A).silence
    draw(g, D)
    draw(g, A)
    # A's next turn is over but the silence now belongs to C's round
    assert g.view(B).silence
    assert penalties(g.apply(Say(B, "ainda"))) == [2]
    draw(g, B)
    draw(g, C)
    assert not g.view(D).silence


def test_ST_rounds_parameter():
    g = silent(rules="UNO 1121 ST(rounds=2)")
    play(g, A, "R7")
    for seat in (B, C, D):
        draw(g, seat)
    draw(g, A)
    assert g.view(B).silence
    for seat in (B, C, D):
        draw(g, seat)
    draw(g, A)
    assert not g.view(B).silence


def test_SSE_only_the_chosen_word_is_banned():
    # "Os jogadores podem falar, mas não podem falar uma palavra específica. ... como 'não'"
    g = silent(rules="UNO 1121 SSE")
    play(g, A, "R7")
    assert penalties(g.apply(Say(B, "sim, claro"))) == []
    assert penalties(g.apply(Say(B, "Não!"))) == [2]
    g = silent(rules="UNO 1121 SSE(word=carta)")
    play(g, A, "R7")
    assert penalties(g.apply(Say(B, "não"))) == []
    assert penalties(g.apply(Say(B, "que carta"))) == [2]


def test_SSE_with_PP_one_card_per_banned_word():
    g = silent(rules="UNO 1121 SPPSE")
    play(g, A, "R7")
    assert penalties(g.apply(Say(B, "não, não e não"))) == [3]


def test_SSS_no_laughing():
    # "Nesta regra os jogadores até podem falar, mas não podem rir."
    g = silent(rules="UNO 1121 SSS")
    play(g, A, "R7")
    assert penalties(g.apply(Say(B, "que azar o seu"))) == []
    for laugh in ("hahaha", "kkkk", "rsrs", "*laughs*"):
        assert penalties(g.apply(Say(C, laugh))) == [2], laugh


def test_S_hint_during_silence_costs_hint_and_silence():
    g = silent()
    play(g, A, "R7")
    ev = g.apply(Hint(C, B, "joga o vermelho"))
    assert penalties(ev, C) == [2, 2]


def test_S_card_is_a_parameter():
    g = silent(rules="UNO 1121 S(card=8)", A="R8 R1 G1 B2")
    g2 = silent(rules="UNO 1121 S(card=8)")
    play(g2, A, "R7")
    assert not g2.view(B).silence
    play(g, A, "R8")
    assert g.view(B).silence


def test_S_with_DR_even_number_of_7s_no_effect():
    # "um número par de cartas 7 jogadas não causa efeito algum, e um número ímpar ativa o efeito (ou desativa se
    # ele já estava ativo)."
    g = silent(rules="UNO 1121 DR-S", A="R7 G7 G1 B2")
    play(g, A, "R7 G7")
    assert not g.view(B).silence


def test_S_with_DR_odd_number_of_7s_toggles():
    g = silent(rules="UNO 1121 DR-S", A="R7 G7 B7 B2", B="Y7 Y2 Y3 R3", C="Y4 Y5 Y6 Y7")
    play(g, A, "R7 G7 B7")
    assert g.view(B).silence
    play(g, B, "Y7")
    assert not g.view(B).silence


def test_S_with_DD_two_identical_7s_no_effect():
    g = silent(rules="UNO 1121 DD-S", A="R7 R7 G1 B2")
    play(g, A, "R7 R7")
    assert not g.view(B).silence


def test_S_with_DED_hidden_7_no_silence():
    # "Jogar um 7 sem deixar todos quietos (usando a Regra do Silêncio como exemplo de regras alternativas)."
    g = silent(rules="UNO 1121 DED-S")
    g.apply(hidden(A, "R7"))
    assert not g.view(B).silence
    assert penalties(g.apply(Say(B, "hm, o que foi isso"))) == []


def test_S_with_C_a_cut_7_ends_the_silence():
    # "Os jogadores só podem voltar a falar se outro 7 for descartado"
    g = silent(rules="UNO 1121 C-S", C="R7 Y5 Y6 R4")
    play(g, A, "R7")
    assert g.view(B).silence
    play(g, C, "R7")
    assert not g.view(B).silence and g.current == D


def test_S_with_T_and_DR_odd_7s_start_a_new_round():
    g = silent(rules="UNO 1121 DR-ST", A="R7 G7 B7 B2")
    play(g, A, "R7 G7 B7")
    assert g.view(B).silence
