"""House rules C (Corte, 000 lines 1119-1183), DR (Descarte Rápido, 1184-1236) and DD (Duplicatas, 1237-1254),
with the interactions the seed lists among them and with the official rules.

Seats: A=0, B=1, C=2, D=3, E=4, F=5, clockwise; the seed's players "A, B, C, ..." play in that order.
"""

from __future__ import annotations

from conftest import (
    A,
    B,
    C,
    CatchUno,
    Challenge,
    D,
    Draw,
    E,
    F,
    Notice,
    Pass,
    Phase,
    Play,
    assert_refused,
    draw,
    hand,
    hidden,
    kinds,
    mk_play,
    new_game,
    play,
    pos,
    sizes,
)

from unokit.core.cards import Color
from unokit.core.errors import CardNotPlayableError, IllegalActionError, NotYourTurnError, WindowClosedError
from unokit.engine.compose import every_action, offered

STOCK = "B1 B2 B3 B4 B5 B6 B7 B8 B9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9"


def six(rules="UNO 1121 C", stock=STOCK, **hands):
    base = {A: "G5 R1 R2", B: "Y1 Y2 Y3", C: "Y4 Y5 Y6", D: "G5 R3 R4", E: "Y7 Y8 Y9", F: "B7 B8 B9"}
    for k, v in hands.items():
        base["ABCDEF".index(k)] = v
    return pos([base[s] for s in range(6)], discard="G1", stock=stock, rules=rules)


# ============================================================================================== C


def test_C_identical_card_out_of_turn_play_continues_from_the_cutter():
    # "O jogador A joga um 5 Verde ... o jogador D ... joga uma carta idêntica ... o jogador B, cortado, não joga,
    # e nem o jogador C: agora o jogador E continua"
    g = six()
    play(g, A, "G5")
    assert g.current == B
    a = mk_play(D, "G5")
    assert a in g.legal_actions(D)
    ev = g.apply(a)
    assert kinds(ev)[0] == "cut" and ev[0].player == D
    assert g.current == E and g.top.code == "G5" and sizes(g)[D] == 2
    assert sizes(g)[B] == 3 and sizes(g)[C] == 3


def test_C_cut_needs_an_identical_card_colour_and_number():
    # "cartas idênticas (iguais em número/símbolo e cor)"
    g = six(D="B5 G6 R4")
    play(g, A, "G5")
    assert_refused(g, mk_play(D, "B5"), WindowClosedError)  # same number, other colour
    assert_refused(g, mk_play(D, "G6"), WindowClosedError)  # same colour, other number


def test_C_out_of_turn_play_is_refused_without_the_rule():
    g = six(rules="UNO 1121")
    play(g, A, "G5")
    assert_refused(g, mk_play(D, "G5"), NotYourTurnError)
    assert all(not isinstance(a, Play) for a in g.legal_actions(D))


def test_C_next_player_with_the_identical_card_just_plays_it():
    # "se o jogador E joga um 2 Azul e o jogador F também possui um 2 Azul, ele pode jogá-la normalmente"
    g = six(B="G5 Y2 Y3", D="R2 R3 R4")
    play(g, A, "G5")
    ev = play(g, B, "G5")
    assert kinds(ev)[0] == "play" and g.current == C


def test_C_player_may_cut_their_own_card_like_duplicates():
    # Duas Pessoas / Parcerias: "o jogador que jogou uma carta pode jogar outra idêntica"; "cortar durante a vez
    # do jogador B significa apenas jogar duas vezes"
    g = six(A="G5 G5 R1")
    play(g, A, "G5")
    assert offered(g, mk_play(A, "G5"))
    play(g, A, "G5")
    assert g.current == B and sizes(g)[A] == 1


def test_C_skip_cut_skips_from_cutter():
    # "se o jogador A joga uma carta pular e for cortado pelo jogador C, quem na verdade é pulado é o jogador D, e
    # o jogador A deve, portanto, jogar novamente."
    g = pos(["RS R1", "Y1 Y2", "RS Y3", "Y4 Y5"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "RS", uno=True)
    assert g.current == C
    play(g, C, "RS", uno=True)
    assert g.current == A
    # a real out-of-turn cut: the skipped player B cuts; the new Skip counts from B
    g = pos(["RS R1", "RS Y2", "Y6 Y3", "Y4 Y5"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "RS", uno=True)
    play(g, B, "RS", uno=True)
    assert g.current == D


def test_C_reverse_cut_restores_direction():
    # "o jogador A joga uma carta Inverter e faz com que o jogador E seja o próximo. Antes que o jogador E jogue
    # ... o jogador B corta: ... a ordem volta a ser A-B-C-D-E, e ... o jogador C é o próximo a jogar."
    g = pos(["RR R1", "RR Y2", "Y6 Y3", "Y4 Y5", "Y7 Y8"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "RR", uno=True)
    assert g.current == E and g.direction == -1
    play(g, B, "RR", uno=True)
    assert g.direction == 1 and g.current == C


def test_C_wild_cut_cutter_names_colour():
    # "Se um Curinga for cortado, a escolha de cor anterior é ignorada e o jogador que fez o corte escolhe a cor."
    g = pos(["W R1", "Y1 Y2", "W Y3", "Y4 Y5"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "W", "G", uno=True)
    assert g.color == Color.GREEN and g.current == B
    play(g, C, "W", "B", uno=True)
    assert g.color == Color.BLUE and g.current == D


def test_C_wild_draw_four_is_identical_only_to_a_wild_draw_four():
    g = pos(["W R1", "Y1 Y2", "W+4 Y3", "Y4 Y5"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "W", "G", uno=True)
    assert_refused(g, mk_play(C, "W+4", "B"), WindowClosedError)


def test_C_cannot_cut_yourself_to_escape_draw():
    # "se o jogador A joga uma carta Comprar Duas Verde, o jogador B não pode cortar a si mesmo para que o jogador
    # C compre quatro cartas."
    g = pos(["G+2 R1", "G+2 Y2", "Y6 Y3", "Y4 Y5"], discard="G7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "G+2", uno=True)
    assert g.legal_actions(B)[0] == Draw(B)
    assert all(not isinstance(a, Play) for a in g.legal_actions(B))
    assert_refused(g, mk_play(B, "G+2", uno=True), CardNotPlayableError)


def test_C_without_stacking_the_player_still_draws_and_a_cut_of_the_draw_card_hits_the_cutters_next():
    # "algum outro jogador, que não o B, possa cortar o jogo, porque quem ele cortará, na verdade, será o jogador C
    # (de modo que o jogador B ainda precisa comprar as duas cartas)."
    g = pos(["G+2 R1", "Y1 Y2", "Y6 Y3", "G+2 Y5", "Y7 Y8"], discard="G7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "G+2", uno=True)
    draw(g, B)
    assert sizes(g)[B] == 4 and g.current == C
    play(g, D, "G+2", uno=True)
    assert g.current == E and g.pending == 2 and g.phase == Phase.PENDING
    draw(g, E)
    assert sizes(g) == [1, 4, 2, 1, 4]


def test_C_with_stacking_cut_draw_card_passes_total_to_cutters_next():
    # Punições Acumuladas: "se o jogador A joga uma carta Comprar Dois Amarela, qualquer outro jogador pode
    # cortar o jogador B, então se o jogador C joga a outra carta Comprar Dois Amarela, o jogador D deve comprar
    # quatro cartas."
    g = pos(["Y+2 R1", "B1 B2", "Y+2 Y3", "G4 G5"], discard="Y7", stock=STOCK, rules="UNO 1121 C-P1")
    play(g, A, "Y+2", uno=True)
    assert g.current == B and g.pending == 2
    assert offered(g, mk_play(C, "Y+2", uno=True))
    play(g, C, "Y+2", uno=True)
    assert g.current == D and g.pending == 4
    draw(g, D)
    assert sizes(g) == [1, 2, 1, 6] and g.current == A


def test_C_with_stacking_cut_after_the_player_drew():
    # "deixar que o jogador B compre as duas cartas e então cortar o jogador C, antes que ele jogue ou compre"
    g = pos(["Y+2 R1", "B1 B2", "G6 G3", "Y+2 G5", "G7 G8"], discard="Y7", stock=STOCK, rules="UNO 1121 C-P1")
    play(g, A, "Y+2", uno=True)
    draw(g, B)
    assert g.current == C and g.phase == Phase.PLAY
    play(g, D, "Y+2", uno=True)
    assert g.current == E and g.pending == 2


def test_C_with_stacking_wild_draw_four_three_cuts_make_someone_draw_16():
    # "se uma for jogada, três cortes podem ser feitos, e alguém pode ser obrigado a comprar 16 cartas."
    g = pos(["W+4 R1", "W+4 B2", "W+4 G3", "G4 G5", "W+4 G6", "G7 G8"], discard="Y7", stock=STOCK + " " + STOCK,
            rules="UNO 1121 C-P2")
    play(g, A, "W+4", "R", uno=True)
    play(g, C, "W+4", "R", uno=True)   # cut 1 (B escapes): D faces 8
    assert g.current == D and g.pending == 8
    play(g, E, "W+4", "R", uno=True)   # cut 2 (D escapes): F faces 12
    assert g.current == F and g.pending == 12
    play(g, B, "W+4", "R", uno=True)   # cut 3 (F escapes): C faces 16
    assert g.current == C and g.pending == 16
    assert kinds(g.events).count("cut") == 3
    draw(g, C)
    assert sizes(g)[C] == 1 + 16 and g.current == D


def test_C_window_closes_when_next_player_draws():
    # "O corte só pode acontecer enquanto o próximo jogador não joga seu turno; lembre-se que comprar uma carta
    # conta como jogar um turno." B drew a card he can play: B cannot be cut any more.
    g = six(B="Y1 Y2 Y3", stock="G8 " + STOCK)
    play(g, A, "G5")
    draw(g, B)
    assert g.phase == Phase.DRAWN
    assert_refused(g, mk_play(D, "G5"), WindowClosedError)
    assert all(not isinstance(a, Play) for a in g.legal_actions(D))


def test_C_window_closes_when_next_player_plays():
    # "o jogador D foi mais rápido e continuou o jogo; agora já não há mais possibilidade de corte."
    g = six(B="G6 Y2 Y3")
    play(g, A, "G5")
    play(g, B, "G6")
    assert_refused(g, mk_play(D, "G5"), WindowClosedError)


def test_C_cut_after_draw_when_drawn_card_unplayable():
    # "o jogador B pode ser cortado antes de comprar e depois de comprar. Neste último caso, quem está sendo
    # cortado, na verdade, é o jogador C"
    g = six(stock="R8 " + STOCK)
    play(g, A, "G5")
    draw(g, B)
    assert g.current == C and sizes(g)[B] == 4
    play(g, D, "G5")
    assert g.current == E and sizes(g)[C] == 3


def test_C_no_cut_while_player_may_play_drawn_card():
    # "se o jogador B comprar e puder jogar aquilo que comprou, ninguém pode cortá-lo."
    g = six(stock="G8 " + STOCK)
    play(g, A, "G5")
    draw(g, B)
    assert g.phase == Phase.DRAWN and g.drawn.code == "G8"
    assert_refused(g, mk_play(D, "G5"), WindowClosedError)
    g.apply(Pass(B))            # B keeps the card: now C is in turn and can be cut
    assert g.current == C
    play(g, D, "G5")
    assert g.current == E


def test_C_two_players_cut_skip_prevents_replay():
    # "como em um jogo entre duas pessoas uma carta Pular significa que o mesmo jogador joga novamente, cortar esta
    # carta Pular significa impedir essa jogada."
    g = pos(["RS R1 R2", "RS B2 B3"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "RS")
    assert g.current == A
    play(g, B, "RS")
    assert g.current == B and sizes(g) == [2, 2]


def test_C_two_players_works_like_duplicates():
    # "funciona como uma espécie de Regra das Duplicatas (o jogador que jogou uma carta pode jogar outra idêntica)"
    g = pos(["R5 R5 R2", "B1 B2 B3"], discard="R7", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "R5")
    play(g, A, "R5", uno=True)
    assert g.current == B and sizes(g) == [1, 3]


def test_C_cut_can_go_out():
    # "pode também ganhar o jogo a partir de um corte."
    g = six(D="G5")
    play(g, A, "G5")
    play(g, D, "G5")
    assert g.over and g.winner == D


def test_C_cut_can_go_uno():
    # "Um jogador pode 'ficar UNO' através de um corte"
    g = six(D="G5 R3")
    play(g, A, "G5")
    play(g, D, "G5", uno=True)
    assert g.uno_said[D] and D not in g.catchable
    g = six(D="G5 R3")
    play(g, A, "G5")
    play(g, D, "G5")
    assert D in g.catchable
    g.apply(CatchUno(B, D))
    assert sizes(g)[D] == 3


def test_C_no_cut_of_face_down_card():
    # DED: "não se pode cortar uma carta que tenha sido omitida ... e não se pode cortar de forma 'omitida'."
    g = pos(["G5 R1 R2", "Y1 Y2 Y3", "Y4 Y5 Y6", "G5 R3 R4"], discard="G1", stock=STOCK, rules="UNO 1121 C-DED")
    g.apply(hidden(A, "G5"))
    assert g.top.code == "G1" and g.color == Color.GREEN
    assert_refused(g, mk_play(D, "G5"), WindowClosedError)
    assert all(not (isinstance(a, Play) and a.player == D and a.cards) for a in g.legal_actions(D))
    g = pos(["G5 R1 R2", "Y1 Y2 Y3", "Y4 Y5 Y6", "G5 R3 R4"], discard="G1", stock=STOCK, rules="UNO 1121 C-DED")
    play(g, A, "G5")
    assert_refused(g, hidden(D, "G5"), IllegalActionError)


def test_C_first_card_turned_from_the_stock_is_not_cut():
    # engine decision (rules/cut.py): a cut answers a card a player played -- "cartas idênticas ... jogadas
    # consecutivamente por dois jogadores"; the first discard was turned from the stock by nobody
    g = new_game(4, A, {C: "G5 R1 R2 R3 R4 R5 R6"}, "G5", rules="UNO 1121 C")
    assert_refused(g, mk_play(C, "G5"), WindowClosedError)


def test_C_no_cut_after_a_player_went_out_on_a_draw_card():
    g = pos(["G+2", "Y1 Y2", "G+2 Y3", "Y4 Y5"], discard="G7", stock=STOCK, rules="UNO 1121 C-P1")
    play(g, A, "G+2")
    assert_refused(g, mk_play(C, "G+2"), WindowClosedError)
    draw(g, B)
    assert g.over and g.winner == A


def test_C_wrong_cut_is_penalised_like_a_wrong_play():
    # "Jogadas Equivocadas ... cortes equivocados devem ser penalizados da mesma maneira."
    g = pos(["G5 R1 R2", "Y1 Y2 Y3", "Y4 Y5 Y6", "G6 R3 R4"], discard="G1", stock=STOCK, rules="UNO 1211 C",
            enforcement="table")
    play(g, A, "G5")
    ev = play(g, D, "G6")
    assert "wrong-play" in kinds(ev)
    assert g.current == A  # play continues from the cutter D
    g.apply(Notice(B, g.wrong_plays[0].seq))
    assert sorted(hand(g, D)) == sorted(["G6", "R3", "R4", "B1", "B2"])
    assert g.top.code == "G5"
    g.check_invariants()


def test_C_wrong_cut_is_refused_in_strict_mode():
    g = pos(["G5 R1 R2", "Y1 Y2 Y3", "Y4 Y5 Y6", "G6 R3 R4"], discard="G1", stock=STOCK, rules="UNO 1121 C")
    play(g, A, "G5")
    assert_refused(g, mk_play(D, "G6"), WindowClosedError)


def test_C_with_DR_cut_with_a_group_identical_card_first():
    # "você pode cortar jogando duas ou três cartas ao mesmo tempo (uma delas, contudo, deve ser a carta
    # responsável por possibilitar o corte, e ela deve ser a primeira na ordem das cartas)"
    g = six(rules="UNO 1121 C-DR", D="G5 R5 B5 R4")
    play(g, A, "G5")
    assert offered(g, mk_play(D, "G5 B5 R5")) or mk_play(D, "G5 R5 B5") in g.legal_actions(D)
    assert_refused(g, mk_play(D, "R5 G5"), WindowClosedError)
    play(g, D, "G5 B5 R5")
    assert g.top.code == "R5" and g.color == Color.RED and g.current == E and hand(g, D) == ["R4"]


def test_C_with_DD_cut_with_identical_wilds():
    g = pos(["W R1", "Y1 Y2", "W W Y3", "Y4 Y5"], discard="R7", stock=STOCK, rules="UNO 1121 C-DD")
    play(g, A, "W", "G", uno=True)
    play(g, C, "W W", "B", uno=True)
    assert g.color == Color.BLUE and g.current == D and sizes(g)[C] == 1


def test_C_with_DR_skip_group_cut_counts_from_cutter():
    # 5 players: A's Skip makes C next; D cuts with two Skips: E and A are skipped, B plays
    g = pos(["RS R1", "Y1 Y2", "Y6 Y3", "RS GS Y5", "Y7 Y8"], discard="R7", stock=STOCK, rules="UNO 1121 C-DR")
    play(g, A, "RS", uno=True)
    play(g, D, "RS GS", uno=True)
    assert g.current == B


# ============================================================================================== DR


def test_DR_several_cards_of_the_same_number_at_once():
    # "o jogador A pode jogar três cartas 5 (uma verde, uma vermelha e uma azul)"
    g = pos(["G5 R5 B5 Y1", "B1 B2"], discard="G2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "G5 R5 B5")
    assert hand(g, A) == ["Y1"] and g.top.code == "B5" and g.color == Color.BLUE and g.current == B


def test_DR_same_colour_is_not_enough():
    # Figura 3.2, situação 3: apenas a cor é a mesma
    g = pos(["G5 G6 Y1", "B1 B2"], discard="G2", stock=STOCK, rules="UNO 1121 DR")
    assert_refused(g, mk_play(A, "G5 G6"), CardNotPlayableError)


def test_DR_first_card_must_be_legal_rest_go_above_it_last_sets_colour():
    # "se há um 3 Amarelo na pilha de descarte, e você pretende jogar ... um 9 Azul, um 9 Amarelo e um 9 Vermelho,
    # o 9 Amarelo deve ser jogado primeiro e, depois dele, você pode escolher a ordem"
    for order, col in (("Y9 B9 R9", Color.RED), ("Y9 R9 B9", Color.BLUE)):
        g = pos(["B9 Y9 R9 G1", "B1 B2"], discard="Y3", stock=STOCK, rules="UNO 1121 DR")
        play(g, A, order)
        assert g.color == col and [c.code for c in g.discard[-3:]] == order.split()
    g = pos(["B9 Y9 R9 G1", "B1 B2"], discard="Y3", stock=STOCK, rules="UNO 1121 DR")
    assert_refused(g, mk_play(A, "B9 Y9 R9"), CardNotPlayableError)


def test_DR_two_skips_skip_two_players():
    # "Se duas cartas Pular forem jogadas, dois jogadores são pulados"
    g = pos(["RS GS Y1", "B1 B2", "B3 B4", "B5 B6", "B7 B8"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RS GS")
    assert g.current == D


def test_DR_n_minus_one_skips_player_plays_again():
    # "Em um jogo com n jogadores, se n - 1 cartas Pular forem jogadas, o próprio jogador que as jogou joga
    # novamente."
    g = pos(["RS GS BS Y1", "B1 B2", "B3 B4", "B5 B6"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RS GS BS")
    assert g.current == A


def test_DR_skips_wrap_self_ignored_seed_example_four_skips_three_players():
    # "num jogo entre A, B e C o jogador A jogou quatro cartas Pular; pulou o B, o C, depois o B novamente e enfim
    # o C novamente, de forma que o B é o próximo a jogar."
    g = pos(["RS GS BS YS Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RS GS BS YS")
    assert g.current == B


def test_DR_n_skips_self_ignored():
    # three players, three Skips: B, C, B skipped (A ignored) -> C
    g = pos(["RS GS BS Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RS GS BS")
    assert g.current == C


def test_DR_skips_count_in_the_direction_of_play():
    g = pos(["RS GS Y1", "B1 B2", "B3 B4", "B5 B6", "B7 B8"], discard="R2", stock=STOCK, rules="UNO 1121 DR",
            direction=-1)
    play(g, A, "RS GS")
    assert g.current == C  # counter-clockwise: E and D are skipped


def test_DR_even_reverses_cancel():
    # "Se um número par de cartas Inverter for jogado em conjunto, então a ordem do jogo não se altera."
    g = pos(["RR GR Y1", "B1 B2", "B3 B4", "B5 B6"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RR GR")
    assert g.direction == 1 and g.current == B


def test_DR_odd_reverses_flip():
    # "Se um número ímpar for jogado, a ordem do jogo se altera."
    g = pos(["RR GR BR Y1", "B1 B2", "B3 B4", "B5 B6"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RR GR BR")
    assert g.direction == -1 and g.current == D


def test_DR_two_players_odd_reverses_act_as_skip_even_cancel():
    g = pos(["RR GR BR Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RR GR BR")
    assert g.current == A
    g = pos(["RR GR Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "RR GR")
    assert g.current == B


def test_DR_several_wilds_one_colour_choice():
    # "Se vários curingas forem jogados, contam como um: o jogador que os jogou escolhe uma cor"
    g = pos(["W W Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    ev = play(g, A, "W W", "G")
    assert g.color == Color.GREEN and g.current == B and sizes(g)[A] == 1
    assert kinds(ev).count("play") == 1
    assert_refused(pos(["W W Y1", "B1 B2"], discard="R2", rules="UNO 1121 DR"), mk_play(A, "W W"),
                   IllegalActionError)


def test_DR_wild_and_wild_draw_four_are_different_symbols():
    g = pos(["W W+4 Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    assert_refused(g, mk_play(A, "W W+4", "G"), CardNotPlayableError)


def test_DR_draw_twos_add_up():
    # "Acúmulo ... fazendo com que o próximo jogador obrigatoriamente compre o número acumulado de cartas. O mesmo
    # vale para cartas Comprar Duas."
    g = pos(["R+2 G+2 Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "R+2 G+2")
    assert g.current == B and g.pending == 4
    draw(g, B)
    assert sizes(g)[B] == 6 and g.current == C


def test_DR_wild_draw_fours_add_up():
    g = pos(["W+4 W+4 Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "W+4 W+4", "G")
    assert g.pending == 8
    draw(g, B)
    assert sizes(g)[B] == 10


def test_DR_wild_draw_four_not_with_4_and_draw_two_not_with_2():
    # "Cartas Comprar Quatro não podem ser jogadas juntamente com cartas 4; cartas Comprar Duas não podem ser
    # jogadas com cartas 2."
    g = pos(["R4 W+4 R2 R+2 Y1", "B1 B2"], discard="R7", stock=STOCK, rules="UNO 1121 DR")
    assert_refused(g, mk_play(A, "R4 W+4", "G"), CardNotPlayableError)
    assert_refused(g, mk_play(A, "W+4 R4"), CardNotPlayableError)
    assert_refused(g, mk_play(A, "R2 R+2"), CardNotPlayableError)
    assert_refused(g, mk_play(A, "R+2 R2"), CardNotPlayableError)


def test_DR_uno_with_a_group():
    # "uma pessoa pode 'ficar UNO' ao jogar duas cartas ao mesmo tempo"
    g = pos(["R5 G5 Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    assert offered(g, mk_play(A, "R5 G5", uno=True))
    play(g, A, "R5 G5", uno=True)
    assert g.uno_said[A] and A not in g.catchable
    g = pos(["R5 G5 Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "R5 G5")
    assert A in g.catchable


def test_DR_going_out_with_a_group_without_uno():
    # "uma pessoa pode vencer o jogo sem precisar se declarar UNO ao jogar suas duas últimas cartas de forma
    # conjunta" (Grupo Surpresa)
    g = pos(["R5 G5", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "R5 G5")
    assert g.over and g.winner == A


def test_DR_group_of_draw_cards_going_out_next_player_still_draws():
    g = pos(["R+2 G+2", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "R+2 G+2")
    draw(g, B)
    assert g.over and g.winner == A and sizes(g)[B] == 6


def test_DR_group_only_in_turn_whole_at_once():
    # "Vez ... se o próximo jogador ... já tiver comprado uma carta ou jogado ... o jogador anterior não poderá
    # jogar mais cartas." Without C the next cards are out of turn.
    g = pos(["R5 G5 Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "R5")
    assert_refused(g, mk_play(A, "G5"), NotYourTurnError)


def test_DR_after_drawing_a_group_must_start_with_the_drawn_card():
    # "As cartas podem ser jogadas de forma agrupada em qualquer momento em que uma única pode ser jogada
    # normalmente" -- after drawing, only the drawn card could be played alone, so a group starts with it
    g = pos(["R5 B5 Y1", "B1 B2"], discard="G2", stock="G5 " + STOCK, rules="UNO 1121 DR")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.drawn.code == "G5"
    assert_refused(g, mk_play(A, "B5 G5"), CardNotPlayableError)
    assert_refused(g, mk_play(A, "R5 B5"), CardNotPlayableError)
    play(g, A, "G5 R5 B5")
    assert hand(g, A) == ["Y1"] and g.color == Color.BLUE


def test_DR_legal_actions_list_the_groups():
    g = pos(["R5 G5 B5 Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    # listed: each card alone, and "R5 +" (a group that starts with R5, more cards to choose one at a time)
    assert [str(a) for a in g.legal_actions(A) if isinstance(a, Play)] == ["0 play R5", "0 play R5 +"]
    assert [str(a) for a in g.expand(mk_play(A, "R5", more="cards"))] == [
        "0 play R5 G5", "0 play R5 G5 +", "0 play R5 B5", "0 play R5 B5 +"]
    groups = {tuple(c.code for c in a.cards) for a in every_action(g, A) if isinstance(a, Play) and len(a.cards) > 1}
    assert groups == {("R5", "G5"), ("R5", "B5"), ("R5", "G5", "B5"), ("R5", "B5", "G5")}


def test_DR_wild_draw_four_group_bluff_challenge():
    g = pos(["W+4 W+4 R1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DR")
    play(g, A, "W+4 W+4", "G", uno=True)
    g.apply(Challenge(B))
    assert sizes(g)[B] == 2 and sizes(g)[A] == 1 + 8


# ============================================================================================== DD


def test_DD_identical_cards_at_once():
    # "apenas cartas idênticas podem ser jogadas em conjunto"
    g = pos(["R5 R5 Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    play(g, A, "R5 R5", uno=True)
    assert g.current == B and hand(g, A) == ["Y1"]


def test_DD_same_number_other_colour_refused():
    g = pos(["R5 G5 Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    assert_refused(g, mk_play(A, "R5 G5"), CardNotPlayableError)
    assert not any(isinstance(a, Play) and len(a.cards) > 1 for a in g.legal_actions(A))


def test_DD_more_than_two_only_for_wilds():
    # "impossibilitar que mais que duas cartas sejam jogadas de cada vez, a não ser no caso das cartas Curinga
    # Comprar Quatro e Curinga"
    g = pos(["W W W Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    play(g, A, "W W W", "B", uno=True)
    assert g.color == Color.BLUE and sizes(g)[A] == 1
    g = pos(["W+4 W+4 W+4 Y1", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    play(g, A, "W+4 W+4 W+4", "B", uno=True)
    assert g.pending == 12


def test_DD_identical_skips_and_draw_twos_behave_as_in_DR():
    g = pos(["RS RS Y1", "B1 B2", "B3 B4", "B5 B6"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    play(g, A, "RS RS")
    assert g.current == D
    g = pos(["R+2 R+2 Y1", "B1 B2", "B3 B4"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    play(g, A, "R+2 R+2")
    assert g.pending == 4


def test_DD_going_out_with_a_pair_without_uno():
    g = pos(["R5 R5", "B1 B2"], discard="R2", stock=STOCK, rules="UNO 1121 DD")
    play(g, A, "R5 R5")
    assert g.over and g.winner == A
