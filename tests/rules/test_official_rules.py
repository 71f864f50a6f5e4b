"""Scenario tests for every official rule (000 §Regras em Verbatim, lines 75-215; 001; 002; 003; 004).

Each test is named after the rule and the seed clause it checks. Seats: A=0, B=1, C=2, D=3 clockwise;
"left" of a seat is the next seat.
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
    Draw,
    Hint,
    Pass,
    Phase,
    Play,
    SayUno,
    assert_refused,
    cards,
    draw,
    hand,
    kinds,
    mk_play,
    new_game,
    play,
    pos,
    scripted_deck,
    sizes,
)

from unokit.core.cards import COLORS, Card, Color, parse_cards
from unokit.core.chance import ScriptedChance
from unokit.core.decks import build_deck, deck_counts
from unokit.core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    UnoError,
    WindowClosedError,
)
from unokit.engine.game import Game

# ---------------------------------------------------------------------------------------------- setup / deal


def _dealer_draw_order(draws: list[str]) -> str:
    """A full classic deck order whose last cards (popped first) are ``draws`` in draw order."""
    rest = build_deck("classic")
    codes = [c.code for c in rest]
    for d in draws:
        codes.remove(d)
    return " ".join(codes + list(reversed(draws)))


def _dealer_by_draw(players: int, draws: list[str]) -> Game:
    order = scripted_deck(players, 0, {}, "R5")  # only used for the deal, after the dealer is chosen
    return Game.new(players=players, deck_order=order, chance=ScriptedChance([_dealer_draw_order(draws)]))


def test_official_dealer_choice_highest_number_deals():
    # "Cada jogador compra uma carta. A pessoa que tirar a carta mais alta faz a distribuição."
    g = _dealer_by_draw(4, ["R3", "G8", "B1", "Y7"])
    assert g.dealer == B
    assert g.setup["dealer_draws"] == [{0: "R3", 1: "G8", 2: "B1", 3: "Y7"}]


def test_official_dealer_choice_action_cards_count_zero():
    # "Cartas de ação contam como zero nesta parte do jogo."
    g = _dealer_by_draw(4, ["RS", "W+4", "G1", "B+2"])
    assert g.dealer == C  # a 1 beats Skip, Wild Draw Four and Draw Two (all zero)
    g = _dealer_by_draw(3, ["W", "Y0", "GR"])
    assert g.dealer in (A, B, C)  # all zero: a tie, redrawn until one wins


def test_official_dealer_choice_ties_redraw_among_the_tied():
    g = _dealer_by_draw(4, ["R9", "G2", "B9", "Y9", "R1", "G4", "B3"])
    # seats 0, 2 and 3 tie on 9; they redraw: 1 (seat 0), 4 (seat 2), 3 (seat 3) -> seat 2 deals
    assert g.setup["dealer_draws"] == [{0: "R9", 1: "G2", 2: "B9", 3: "Y9"}, {0: "R1", 2: "G4", 3: "B3"}]
    assert g.dealer == C


def test_official_seven_cards_dealt_and_first_discard_from_the_stock():
    # "são distribuídas 7 cartas para cada jogador ... A carta de cima do MONTE é virada"
    for n in (2, 4, 10):
        g = Game.new(players=n, seed=n, dealer=0)
        assert sizes(g) == [7] * n
        assert len(g.discard) >= 1
        assert len(g.stock) + len(g.discard) == 108 - 7 * n
        g.check_invariants()


def test_official_scripted_deal_gives_each_seat_its_cards_starting_left_of_dealer():
    g = new_game(4, D, {A: "R1 R2 R3 R4 R5 R6 R7", B: "G1 G2 G3 G4 G5 G6 G7"}, "B5", "Y9 Y8")
    assert hand(g, A) == ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    assert hand(g, B) == ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]
    assert g.top.code == "B5" and g.stock[-1].code == "Y9"


def test_official_player_left_of_dealer_starts_clockwise():
    # "O jogador à esquerda do distribuidor começa o jogo."
    g = new_game(4, C, {}, "B5")
    assert g.current == D and g.direction == 1 and g.phase == Phase.PLAY


def test_official_too_many_players_for_one_deck_is_refused_more_decks_allow_it():
    with pytest.raises(UnoError, match="2 to 10"):
        Game.new(players=11, seed=1)
    with pytest.raises(UnoError):
        Game.new(players=1, seed=1)
    g = Game.new(players=12, seed=1, decks=2, dealer=0)
    assert sizes(g) == [7] * 12
    g.check_invariants()


# ---------------------------------------------------------------------------------------------- first card


def test_official_first_card_draw_two_first_player_draws_2_and_is_skipped():
    # "Se ela for aberta no começo do jogo, as mesmas regras se aplicam."
    g = new_game(4, A, {B: "R1 R2 R3 R4 R5 R6 G7"}, "G+2", "Y9 Y8")
    assert g.current == B and g.phase == Phase.PENDING and g.pending == 2
    assert g.legal_actions(B) == [Draw(B)]
    assert_refused(g, mk_play(B, "G7"), CardNotPlayableError)
    draw(g, B)
    assert sizes(g)[B] == 9 and {"Y9", "Y8"} <= set(hand(g, B))
    assert g.current == C and g.phase == Phase.PLAY


def test_official_first_card_reverse_dealer_starts_counterclockwise():
    # "Se esta carta for aberta no começo do jogo, o distribuidor começa e, depois, o jogo se desloca para a
    # direita em vez de se deslocar para a esquerda."
    g = new_game(4, C, {C: "G1 R2 R3 R4 R5 R6 R7"}, "GR")
    assert g.current == C and g.direction == -1
    play(g, C, "G1")
    assert g.current == B


def test_official_first_card_skip_player_left_of_dealer_is_skipped():
    # "o jogador à esquerda do distribuidor é 'pulado', e o jogador à esquerda deste último começa o jogo."
    g = new_game(4, D, {}, "YS")
    assert g.current == B and g.direction == 1 and g.phase == Phase.PLAY


def test_official_first_card_wild_left_of_dealer_names_colour():
    # "Se um Curinga for aberto no começo do jogo, o jogador à esquerda do distribuidor determina a cor"
    g = new_game(4, B, {C: "Y1 R2 R3 R4 R5 R6 R7"}, "W")
    assert g.current == C and g.phase == Phase.COLOR
    assert set(g.legal_actions(C)) >= {ChooseColor(C, col) for col in COLORS}
    assert_refused(g, ChooseColor(D, Color.YELLOW), NotYourTurnError)
    assert_refused(g, mk_play(C, "Y1"), IllegalActionError)
    g.apply(ChooseColor(C, Color.YELLOW))
    assert g.color == Color.YELLOW and g.current == C and g.phase == Phase.PLAY
    assert g.can(mk_play(C, "Y1")) and not g.can(mk_play(C, "R2"))


def test_official_first_card_wild_draw_four_returned_and_another_turned():
    # "Se esta carta for aberta no começo do jogo, é devolvida ao baralho e uma outra carta é aberta."
    for seed in range(5):
        g = new_game(4, A, {}, "W+4", seed=seed)
        assert kinds(g.events)[0] == "first-returned" and g.events[0].detail == ("W+4",)
        assert g.top.code != "W+4" and len(g.discard) == 1
        assert "W+4" in {c.code for c in g.stock}
        assert len(g.stock) == 108 - 28 - 1
        g.check_invariants()


@pytest.mark.parametrize("deck,card", [("112", "WX"), ("ohana", "WO")])
def test_official_first_card_special_wilds_put_back_and_another_turned(deck, card):
    # catalogue: Ohana / Swap Hands / blank as the first card: put back, turn another (001: "coloque-a no meio
    # do monte e pegue outra carta"). The Italian deck's Wild Shuffle Hands is played on as a Wild instead
    # (003: tests/rules/test_ignored_rules.py)
    g = new_game(4, A, {}, card, seed=7, deck=deck)
    assert ("first-returned", (card,)) in [(e.kind, e.detail) for e in g.events]
    assert g.top.code != card and card in {c.code for c in g.stock}
    g.check_invariants()


def test_official_first_card_redraw_option_turns_another_for_any_action_card():
    # 002: "Se esta carta for uma Carta de Ação, ignore-a e vire a próxima carta." (table option first=redraw)
    g = new_game(4, A, {}, "GS", rules="UNO 1121 first=redraw", seed=3)
    assert g.events[0].kind == "first-returned" and g.events[0].detail == ("GS",)
    assert not (g.top.is_action or g.top.is_wild)
    assert g.current == B and g.phase == Phase.PLAY


# ---------------------------------------------------------------------------------------------- matching


@pytest.mark.parametrize("card,ok", [("R3", True), ("G7", True), ("B7", True), ("G2", False), ("RS", True),
                                     ("W", True), ("W+4", True), ("G+2", False), ("YR", False)])
def test_official_match_by_colour_number_or_wild(card, ok):
    # "jogar uma carta que combine com a que está na pilha de DESCARTE em valor, cor ou naipe ...
    # Alternativamente, o jogador pode descartar um Curinga"
    g = pos([f"{card} Y1", "B1 B2"], discard="R7")
    a = mk_play(A, card, color="G" if card.startswith("W") else None)
    assert g.can(a) is ok
    if not ok:
        assert_refused(g, a, CardNotPlayableError)


@pytest.mark.parametrize("card,ok", [("GS", True), ("BS", True), ("GR", True), ("YR", False), ("Y+2", False)])
def test_official_match_by_symbol(card, ok):
    # "A carta só pode ser jogada sobre uma carta da mesma cor ou sobre outra carta Pular."
    g = pos([f"{card} Y1", "B1 B2"], discard="RS", color="G")
    assert g.can(mk_play(A, card)) is ok


def test_official_wild_may_be_played_while_holding_a_matching_card():
    # "Um Curinga pode ser jogado a qualquer hora — mesmo que o jogador tenha na mão outra carta que possa ser jogada"
    g = pos(["W R1 R2", "B1 B2"], discard="R7")
    play(g, A, "W", "B")
    assert g.color == Color.BLUE and g.current == B


def test_official_colour_after_wild_is_the_named_colour():
    g = pos(["R1 B2", "B1 B2"], discard="R7 W", color="B")
    assert not g.can(mk_play(A, "R1"))
    assert g.can(mk_play(A, "B2"))


def test_official_draw_two_next_player_draws_2_and_loses_turn():
    g = pos(["R+2 R1", "B1 B2", "G1 G2", "Y1 Y2"], discard="R7", stock="Y5 Y6 Y7")
    play(g, A, "R+2")
    assert g.current == B and g.phase == Phase.PENDING and g.pending == 2
    draw(g, B)
    assert sizes(g) == [1, 4, 2, 2] and g.current == C and g.phase == Phase.PLAY


def test_official_reverse_changes_direction():
    g = pos(["RR R1", "B1 B2", "G1 G2", "Y1 Y2"], discard="R7")
    play(g, A, "RR")
    assert g.direction == -1 and g.current == D


def test_official_skip_next_player_loses_turn():
    g = pos(["RS R1", "B1 B2", "G1 G2", "Y1 Y2"], discard="R7")
    play(g, A, "RS")
    assert g.current == C


def test_official_wild_draw_four_next_draws_4_and_loses_turn():
    g = pos(["W+4 G1", "B1 B2", "G1 G2", "Y1 Y2"], discard="R7", stock="Y3 Y4 Y5 Y6 Y7")
    play(g, A, "W+4", "G")
    assert g.current == B and g.pending == 4 and g.color == Color.GREEN
    draw(g, B)
    assert sizes(g)[B] == 6 and g.current == C


# ---------------------------------------------------------------------------------------------- drawing


def test_official_draw_when_you_cannot_play_unplayable_drawn_card_passes_turn():
    # "Se o jogador não tiver uma carta que combine ... ele precisa comprar uma carta do MONTE. ... Caso
    # contrário, a vez passa para o próximo jogador." 001 FAQ: draw only one.
    g = pos(["B1 B2", "G1 G2", "Y1 Y2"], discard="R7", stock="G9 R9")
    draw(g, A)
    assert hand(g, A) == ["B1", "B2", "G9"] and g.current == B and g.phase == Phase.PLAY


def test_official_drawn_card_that_fits_may_be_played_at_once():
    # "Se a carta comprada servir, o jogador pode baixá-la na mesma vez."
    g = pos(["B1 B2", "G1 G2", "Y1 Y2"], discard="R7", stock="R9")
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.current == A and g.drawn.code == "R9"
    assert set(g.legal_actions(A)) >= {mk_play(A, "R9"), Pass(A)}
    play(g, A, "R9")
    assert g.top.code == "R9" and g.current == B


def test_official_drawn_card_that_fits_may_be_kept_with_pass():
    # 001 FAQ: "mesmo que seja uma carta boa para o jogo, a pessoa não é obrigada a jogá-la"
    g = pos(["B1 B2", "G1 G2", "Y1 Y2"], discard="R7", stock="R9")
    draw(g, A)
    g.apply(Pass(A))
    assert "R9" in hand(g, A) and g.current == B and g.top.code == "R7"


def test_official_may_draw_instead_of_playing_a_valid_card():
    # "Os jogadores podem optar por não jogar uma carta válida ... o jogador precisa comprar uma carta"
    g = pos(["R1 R2", "G1 G2"], discard="R7", stock="B9")
    assert Draw(A) in g.legal_actions(A)
    draw(g, A)
    assert hand(g, A) == ["R1", "R2", "B9"] and g.current == B


def test_official_after_drawing_only_the_drawn_card_may_be_played():
    # "mas o jogador não pode jogar uma carta que estiver na sua mão depois de ter feito a compra."
    g = pos(["R1 W", "G1 G2"], discard="R7", stock="R9")
    draw(g, A)
    assert_refused(g, mk_play(A, "R1"), CardNotPlayableError)
    assert_refused(g, mk_play(A, "W", "G"), CardNotPlayableError)
    plays = [a for a in g.legal_actions(A) if isinstance(a, Play)]
    assert plays and all(a.cards == cards("R9") for a in plays)


def test_official_pass_only_after_drawing_a_playable_card():
    g = pos(["R1 R2", "G1 G2"], discard="R7", stock="R9")
    assert_refused(g, Pass(A), NotYourTurnError)


def test_official_draw_once_per_turn():
    g = pos(["B1 B2", "G1 G2"], discard="R7", stock="R9 R8")
    draw(g, A)
    assert_refused(g, Draw(A), NotYourTurnError)


# ---------------------------------------------------------------------------------------------- Wild Draw Four


def test_official_wild_draw_four_legal_without_the_current_colour():
    # "só pode ser jogada quando o jogador ... não tiver na mão uma carta de mesma cor ... se o jogador tiver
    # cartas com o mesmo número ou Cartas de Ação, o Curinga Comprar Quatro Cartas pode ser jogado."
    g = pos(["W+4 G7 BS Y+2", "B1 B2"], discard="R7", stock="Y1 Y2 Y3 Y4")
    play(g, A, "W+4", "G")
    assert g.wd4 is not None and g.wd4[1] is False  # not a bluff


def test_official_wild_draw_four_bluff_is_allowed_but_marked():
    # "Um jogador que possuir um Curinga Comprar Quatro Cartas pode tentar blefar"
    g = pos(["W+4 R1 G1", "B1 B2"], discard="R7", stock="Y1 Y2 Y3 Y4")
    a = mk_play(A, "W+4", "G")
    assert a in g.legal_actions(A)
    g.apply(a)
    assert g.wd4[1] is True and g.pending == 4 and g.current == B


def test_official_wild_draw_four_a_wild_on_top_counts_as_the_named_colour():
    # 000 §A Cor do Descarte: the Wild on the pile is treated as the colour named (yellow): holding a yellow
    # card makes the Wild Draw Four a bluff.
    g = pos(["W+4 Y1", "B1 B2"], discard="R7 W", color="Y", stock="R1 R2 R3 R4")
    play(g, A, "W+4", "B")
    assert g.wd4[1] is True
    g.apply(Challenge(B))
    assert sizes(g)[A] == 1 + 4 and sizes(g)[B] == 2


def test_official_challenge_guilty_bluffer_draws_4_challenger_draws_none():
    # "Se o Curinga Comprar Quatro Cartas tiver sido jogado indevidamente, o jogador responsável precisa comprar
    # 4 cartas." 002: "quem desafiou não precisa comprar nenhuma"
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G5 G6 G7 G8 G9")
    play(g, A, "W+4", "B")
    assert Challenge(B) in g.legal_actions(B)
    ev = g.apply(Challenge(B))
    assert ("challenge", B, (A, "guilty")) in [(e.kind, e.player, e.detail) for e in ev]
    assert sizes(g) == [2 + 4, 2, 2]
    assert g.pending == 0 and g.phase == Phase.PLAY and g.current == B  # the challenger keeps the turn
    g.check_invariants()


def test_official_challenge_innocent_challenger_draws_6_and_loses_turn():
    # "Se a carta foi jogada corretamente, o desafiante precisa comprar 2 cartas, além das 4."
    g = pos(["W+4 G1 G2", "B1 B2", "Y1 Y2"], discard="R7", stock="G3 G4 G5 G6 G7 G8 G9")
    play(g, A, "W+4", "B")
    ev = g.apply(Challenge(B))
    assert ("challenge", B, (A, "innocent")) in [(e.kind, e.player, e.detail) for e in ev]
    assert sizes(g) == [2, 2 + 6, 2]
    assert g.current == C and g.phase == Phase.PLAY and g.color == Color.BLUE


def test_official_only_the_player_who_must_draw_may_challenge():
    # "O desafio só pode ser feito pelo jogador obrigado a comprar 4 cartas"
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G5 G6 G7 G8 G9")
    play(g, A, "W+4", "B")
    assert_refused(g, Challenge(C), NotYourTurnError)
    assert Challenge(C) not in g.legal_actions(C)


def test_official_challenge_window_closes_when_the_player_draws():
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G5 G6 G7 G8 G9")
    play(g, A, "W+4", "B")
    draw(g, B)
    assert_refused(g, Challenge(B), WindowClosedError)
    assert_refused(g, Challenge(C), WindowClosedError)


def test_official_no_challenge_of_other_cards():
    g = pos(["R+2 R1", "B1 B2", "Y1 Y2"], discard="R7", stock="G5 G6")
    play(g, A, "R+2")
    assert_refused(g, Challenge(B), WindowClosedError)


def test_official_challenged_hand_is_shown_to_the_challenger():
    # "a mão precisa ser mostrada primeiro ao jogador que fez o desafio"
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G5 G6 G7 G8 G9")
    play(g, A, "W+4", "B")
    g.apply(Challenge(B))
    assert (A, cards("R1 G1")) in g.view(B).revealed


# ---------------------------------------------------------------------------------------------- UNO


def test_official_uno_said_with_the_next_to_last_card_is_safe():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7")
    play(g, A, "R1", uno=True)
    assert g.uno_said[A] and A not in g.catchable
    assert_refused(g, CatchUno(B, A), IllegalActionError)


def test_official_uno_forgotten_and_caught_draws_2():
    # "Se ele não o fizer, terá de comprar 2 cartas do MONTE ... se ele for apanhado"
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R1")
    assert A in g.catchable and CatchUno(C, A) in g.legal_actions(C)
    g.apply(CatchUno(C, A))  # any other player may catch, not only the next one
    assert sizes(g)[A] == 3 and g.current == B
    assert_refused(g, CatchUno(B, A), IllegalActionError)


def test_official_uno_cannot_catch_yourself():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R1")
    assert_refused(g, CatchUno(A, A), IllegalActionError)


def test_official_uno_said_late_before_being_caught_is_safe():
    # "mas se lembrar (e gritar 'UNO') antes que qualquer outro jogador 'perceba', está salvo"
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R1")
    g.apply(SayUno(A))
    assert A not in g.catchable
    assert_refused(g, CatchUno(B, A), IllegalActionError)
    assert sizes(g)[A] == 1


def test_official_uno_window_closes_when_next_player_draws():
    # "Os jogadores não podem ser apanhados ... depois que o próximo jogador começar a sua vez. 'Começar a vez'
    # é definido como comprar uma carta do MONTE ou tirar uma carta da mão para jogar."
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R1")
    draw(g, B)
    assert_refused(g, CatchUno(C, A), WindowClosedError)


def test_official_uno_window_closes_when_next_player_plays():
    g = pos(["R1 R2", "B1 R3", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R1")
    play(g, B, "R3")
    assert_refused(g, CatchUno(C, A), WindowClosedError)


def test_official_uno_window_closes_when_next_player_draws_a_penalty():
    g = pos(["R+2 R2", "B1 R3", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R+2")
    draw(g, B)
    assert_refused(g, CatchUno(C, A), WindowClosedError)


def test_official_uno_catch_open_while_next_player_has_not_started():
    # after a Skip the "next player" is the one after the skipped player
    g = pos(["RS R2", "B1 R3", "Y1 Y2", "G1 G2"], discard="R7", stock="G3 G4 G5")
    play(g, A, "RS")
    assert g.current == C
    g.apply(CatchUno(B, A))
    assert sizes(g)[A] == 3


def test_official_uno_flag_needs_exactly_one_card_left():
    g = pos(["R1 R2 R3", "B1 B2"], discard="R7")
    assert_refused(g, mk_play(A, "R1", uno=True), IllegalActionError)
    assert_refused(g, SayUno(A), IllegalActionError)


def test_official_uno_drawing_clears_the_uno_status():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G3 G4 G5")
    play(g, A, "R1", uno=True)
    draw(g, B)
    draw(g, C)
    draw(g, A)
    assert not g.uno_said[A] and sizes(g)[A] == 2


def test_MEM_forgetting_uno_costs_4():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3 G4 G5", rules="UNO 1121 MEM")
    play(g, A, "R1")
    g.apply(CatchUno(B, A))
    assert sizes(g)[A] == 5


def test_PRE_missed_uno_caught_turns_later():
    # 000 §Regra da Prescrição: "pode ser pego a qualquer hora, mesmo dois ou mais turnos depois"
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G3 G4 G5 G6 G7 G8", rules="UNO 1121 PRE")
    play(g, A, "R1")
    draw(g, B)
    draw(g, C)
    assert g.current == A
    assert CatchUno(C, A) in g.legal_actions(C)
    g.apply(CatchUno(C, A))
    assert sizes(g)[A] == 3


def test_PRE_with_MEM_late_catch_costs_4():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G3 G4 G5 G6 G7 G8 G9", rules="UNO 1121 MEM-PRE")
    play(g, A, "R1")
    draw(g, B)
    draw(g, C)
    g.apply(CatchUno(B, A))
    assert sizes(g)[A] == 5


def test_PRE_saying_uno_later_still_protects():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G3 G4 G5 G6", rules="UNO 1121 PRE")
    play(g, A, "R1")
    draw(g, B)
    g.apply(SayUno(A))
    assert_refused(g, CatchUno(C, A), IllegalActionError)


# ---------------------------------------------------------------------------------------------- penalties


def test_official_hint_penalty_draws_2():
    # "Jogadores que derem palpites aos outros jogadores precisam comprar 2 cartas do MONTE."
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3")
    ev = g.apply(Hint(C, A, "play the red one"))
    assert sizes(g) == [2, 2, 4]
    assert ("penalty", C) in [(e.kind, e.player) for e in ev]
    assert g.current == A  # a hint is out of turn and does not move play


def test_official_hint_penalty_is_a_parameter_003_says_4():
    g = pos(["R1 R2", "B1 B2", "Y1 Y2"], discard="R7", stock="G1 G2 G3 G4 G5", rules="UNO 1121 hint=4")
    g.apply(Hint(A, B, "x"))
    assert sizes(g)[A] == 6


def test_official_hint_to_yourself_is_refused():
    g = pos(["R1 R2", "B1 B2"], discard="R7", stock="G1 G2 G3")
    assert_refused(g, Hint(A, A, "x"), IllegalActionError)


# ---------------------------------------------------------------------------------------------- two players


def test_official_two_players_reverse_acts_as_skip_and_player_plays_again():
    # "Jogar uma carta Inverter funciona como Pular. O jogador que joga a carta Inverter pode imediatamente
    # jogar outra carta."
    g = pos(["RR R1 R2", "B1 B2"], discard="R7")
    play(g, A, "RR")
    assert g.current == A and g.phase == Phase.PLAY
    play(g, A, "R1")
    assert g.current == B


def test_official_two_players_skip_player_plays_again():
    # "A pessoa que está jogando uma carta Pular pode imediatamente jogar outra carta."
    g = pos(["RS R1 R2", "B1 B2"], discard="R7")
    play(g, A, "RS")
    assert g.current == A


def test_official_two_players_draw_two_returns_to_the_first_player():
    # "Quando uma pessoa joga uma carta Comprar Duas Cartas e o outro jogador tiver comprado as 2 cartas, o jogo
    # volta ao primeiro jogador."
    g = pos(["R+2 R1 R2", "B1 B2"], discard="R7", stock="G1 G2 G3 G4")
    play(g, A, "R+2")
    assert g.current == B and g.pending == 2
    draw(g, B)
    assert sizes(g) == [2, 4] and g.current == A and g.phase == Phase.PLAY


def test_official_two_players_wild_draw_four_returns_to_the_first_player():
    # "O mesmo princípio se aplica à carta Curinga Comprar Quatro Cartas."
    g = pos(["W+4 B1 B2", "G1 G2"], discard="R7", stock="G3 G4 G5 G6")
    play(g, A, "W+4", "B")
    draw(g, B)
    assert sizes(g) == [2, 6] and g.current == A


def test_official_two_players_innocent_challenge_returns_to_the_first_player():
    g = pos(["W+4 B1 B2", "G1 G2"], discard="R7", stock="G3 G4 G5 G6 G7 G8")
    play(g, A, "W+4", "B")
    g.apply(Challenge(B))
    assert sizes(g) == [2, 8] and g.current == A


# ---------------------------------------------------------------------------------------------- stock runs out


def test_official_stock_empty_reshuffles_discard_except_its_top_card():
    # "Se nenhum jogador estiver sem cartas quando o MONTE acabar, o baralho é novamente embaralhado e o jogo
    # continua." (000 §Fim das Cartas: the DISCARD pile is reshuffled)
    g = pos(["B1 B2", "G1 G2", "Y1 Y2"], discard="G5 Y5 B5 R9", stock="")
    ev = g.apply(Draw(A))
    assert "reshuffle" in kinds(ev)
    assert [c.code for c in g.discard] == ["R9"] and g.top.code == "R9"
    assert len(g.stock) == 2 and sizes(g)[A] == 3
    assert set(hand(g, A)[2:]) <= {"G5", "Y5", "B5"}
    g.check_invariants()


def test_official_stock_empty_during_a_penalty_reshuffles_mid_draw():
    g = pos(["R+2 B2", "G1 G2", "Y1 Y2"], discard="G5 Y5 R9", stock="B7")
    play(g, A, "R+2")
    draw(g, B)
    assert sizes(g)[B] == 4 and [c.code for c in g.discard] == ["R+2"]
    g.check_invariants()


def test_official_stock_and_pile_exhausted_draws_what_there_is():
    g = pos(["B1 B2", "G1 G2"], discard="R9", stock="")
    draw(g, A)
    assert sizes(g) == [2, 2] and g.current == B
    g.check_invariants()


# ---------------------------------------------------------------------------------------------- going out


def test_official_last_card_played_ends_the_hand():
    g = pos(["R1", "B1 B2", "Y1 Y2"], discard="R7")
    ev = g.apply(mk_play(A, "R1"))
    assert g.over and g.winner == A and g.phase == Phase.OVER
    assert ("out", A, (3 + 3,)) in [(e.kind, e.player, e.detail) for e in ev]
    assert g.points() == {A: 0, B: 3, C: 3}


def test_official_going_out_on_draw_two_next_player_still_draws_and_cards_count():
    # "Se a última carta jogada em uma partida for a carta Comprar Duas Cartas ... o próximo jogador precisa
    # comprar 2 ... Estas cartas são contadas na totalização dos pontos."
    g = pos(["R+2", "B1 B2", "Y1 Y2"], discard="R7", stock="W GS Y9")
    play(g, A, "R+2")
    assert not g.over and g.current == B and g.pending == 2
    assert g.legal_actions(B) == [Draw(B)]
    assert_refused(g, mk_play(B, "B1"), CardNotPlayableError)
    ev = draw(g, B)
    assert g.over and g.winner == A
    assert hand(g, B) == ["B1", "B2", "W", "GS"]
    total = 1 + 2 + 50 + 20 + 1 + 2
    assert ("out", A, (total,)) in [(e.kind, e.player, e.detail) for e in ev]


def test_official_going_out_on_wild_draw_four_next_player_still_draws_4():
    g = pos(["W+4", "B1 B2", "Y1 Y2"], discard="R7", stock="R1 R2 R3 R4 R5")
    play(g, A, "W+4", "G")
    draw(g, B)
    assert g.over and g.winner == A and sizes(g) == [0, 6, 2]
    assert g.points()[B] == 3 + 10


def test_official_going_out_on_wild_draw_four_innocent_challenge_counts_6():
    g = pos(["W+4", "B1 B2", "Y1 Y2"], discard="R7", stock="R1 R2 R3 R4 R5 R6 R7")
    play(g, A, "W+4", "G")
    g.apply(Challenge(B))
    assert g.over and g.winner == A and sizes(g)[B] == 8


def test_official_game_over_refuses_every_action():
    g = pos(["R1", "B1 B2", "Y1 Y2"], discard="R7")
    play(g, A, "R1")
    assert g.legal_actions(B) == []
    for a in (Draw(B), mk_play(B, "B1"), SayUno(B), Hint(B, C, "x"), CatchUno(B, A)):
        assert_refused(g, a, GameOverError)


# ---------------------------------------------------------------------------------------------- scoring


@pytest.mark.parametrize("code,points", [("R0", 0), ("G5", 5), ("B9", 9), ("YS", 20), ("RR", 20), ("G+2", 20),
                                         ("W", 50), ("W+4", 50), ("WX", 50), ("WO", 50), ("WB", 50)])
def test_official_scoring_values(code, points):
    # "numeradas (0–9) — Valor Nominal; Comprar Duas/Inverter/Pular — 20; Curinga/Curinga Comprar Quatro — 50"
    # 001: Swap Hands 50, blank 50; 002: Ohana 50
    assert Card.parse(code).points == points


def test_official_scoring_italian_customizable_cards_40():
    # 003: "le carte personalizzabili (e la carta Jolly mescola carte) valgono 40 punti"
    assert Card.parse("WSH").points == 40
    g = Game.new(players=2, seed=1, deck="italian", include_blanks=True, dealer=0)
    g.hands[1] = parse_cards("WB WSH R5 W")  # score an arbitrary hand with the Italian table
    assert g.hand_points(1) == 40 + 40 + 5 + 50
    g2 = Game.new(players=2, seed=1, deck="112", include_blanks=True, dealer=0)
    g2.hands[1] = parse_cards("WB WX")
    assert g2.hand_points(1) == 100  # 001: blank 50, Swap Hands 50


def test_official_scoring_winner_scores_the_others_hands():
    g = pos(["R1", "B1 GS W+4", "Y9 RR"], discard="R7")
    ev = play(g, A, "R1")
    assert ev[-1].kind == "out" and ev[-1].detail == (1 + 20 + 50 + 9 + 20,)


# ---------------------------------------------------------------------------------------------- decks


def _counts(cards_):
    return deck_counts(cards_)


def test_official_deck_classic_108_exact_contents():
    d = build_deck("classic")
    assert len(d) == 108
    c = _counts(d)
    for col in "RYGB":
        assert c[f"{col}0"] == 1
        for n in range(1, 10):
            assert c[f"{col}{n}"] == 2
        for s in ("S", "R", "+2"):
            assert c[f"{col}{s}"] == 2
    assert c["W"] == 4 and c["W+4"] == 4
    assert sum(v for k, v in c.items() if k[0] in "RYGB") == 100
    assert set(c) == {f"{col}{f}" for col in "RYGB" for f in [*map(str, range(10)), "S", "R", "+2"]} | {"W", "W+4"}


def test_official_deck_112_classic_plus_swap_plus_three_blanks():
    # 001: "1 Carta Curinga/Joker Trocar as Mãos; 3 Cartas Curinga/Joker Branca"
    d = _counts(build_deck("112"))
    assert sum(d.values()) == 112
    assert d - _counts(build_deck("classic")) == _counts(parse_cards("WX WB WB WB"))
    # "se as cartas Curinga Branca para Personalizar ainda não estiverem escritas, deixe-as de fora do jogo"
    assert len(build_deck("112", include_blanks=False)) == 109
    g = Game.new(players=4, seed=2, deck="112", dealer=0)
    assert sum(g.initial_counts.values()) == 109 and g.initial_counts["WB"] == 0


def test_official_deck_ohana_112():
    # 002: 112 cards with the Wild Ohana
    d = _counts(build_deck("ohana"))
    assert sum(d.values()) == 112
    assert d - _counts(build_deck("classic")) == _counts(parse_cards("WO WO WO WO"))


def test_official_deck_italian_112():
    # 003: "4 carte personalizzabili ... (una di queste 4 carte è la Jolly mescola carte)"
    d = _counts(build_deck("italian"))
    assert sum(d.values()) == 112
    assert d - _counts(build_deck("classic")) == _counts(parse_cards("WSH WB WB WB"))


@pytest.mark.parametrize("copies", [2, 3])
def test_official_several_decks_shuffled_together(copies):
    # 003: "È possibile utilizzare più di un mazzo nel caso il numero dei giocatori sia molto alto."
    d = _counts(build_deck("classic", copies=copies))
    assert sum(d.values()) == 108 * copies
    assert d == _counts(build_deck("classic") * copies)
    g = Game.new(players=10 * copies, seed=copies, decks=copies, dealer=0)
    assert sum(g.initial_counts.values()) == 108 * copies
    g.check_invariants()


def test_official_unknown_deck_is_refused():
    from unokit.core.errors import RuleCodeError
    with pytest.raises(RuleCodeError, match="unknown deck"):
        build_deck("tarot")
    with pytest.raises(UnoError, match="unknown deck"):
        Game.new(players=2, deck="tarot")


# ---------------------------------------------------------------------------------------------- swap hands (001)


def test_official_swap_hands_wild_swaps_with_the_chosen_player_and_names_colour():
    g = Game.from_position(["WX R1 R2", "B1", "Y1 Y2 Y3"], discard="R7", deck="112")
    play(g, A, "WX", "Y", target=C)
    assert hand(g, A) == ["Y1", "Y2", "Y3"] and hand(g, C) == ["R1", "R2"]
    assert g.color == Color.YELLOW and g.current == B


def test_official_swap_hands_wild_cannot_be_the_last_card():
    # 001: "A carta Curinga Trocar as Mãos não pode ser jogada como a última carta."
    g = Game.from_position(["WX", "B1 B2"], discard="R7", stock="G1", deck="112")
    assert_refused(g, mk_play(A, "WX", "G", target=B), CardNotPlayableError)
    assert all(not isinstance(a, Play) for a in g.legal_actions(A))


# ---------------------------------------------------------------------------------------------- strictness


def test_official_strict_mode_refuses_out_of_turn_play():
    g = pos(["R1 R2", "R3 R4", "Y1 Y2"], discard="R7")
    assert_refused(g, mk_play(B, "R3"), NotYourTurnError)


def test_official_strict_mode_refuses_card_not_in_hand():
    g = pos(["R1 R2", "R3 R4"], discard="R7")
    assert_refused(g, mk_play(A, "R5"), CardNotInHandError)


def test_official_strict_mode_refuses_wild_without_colour_and_colour_on_plain_card():
    g = pos(["W R2", "R3 R4"], discard="R7")
    assert_refused(g, mk_play(A, "W"), IllegalActionError)
    assert_refused(g, mk_play(A, "R2", "G"), IllegalActionError)


def test_official_strict_mode_refuses_draw_out_of_turn():
    g = pos(["R1 R2", "R3 R4"], discard="R7")
    assert_refused(g, Draw(B), NotYourTurnError)


def test_official_strict_mode_refuses_two_cards_at_once_without_DR_DD():
    g = pos(["R1 G1 R2", "R3 R4"], discard="R7")
    assert_refused(g, mk_play(A, "R1 G1"), CardNotPlayableError)


def test_official_events_are_numbered_by_action():
    g = pos(["R1 R2", "B1 B2"], discard="R7", stock="G1")
    ev = play(g, A, "R1", uno=True)
    assert all(e.seq == 1 for e in ev)
    ev = draw(g, B)
    assert all(e.seq == 2 for e in ev)


# ---------------------------------------------------------------------------------------------- edition cards


def test_official_ohana_wild_hands_above_4_discard_under_it_hands_below_4_draw_up_to_4():
    # 002: "todos os jogadores com MAIS de 4 cartas na mão devem escolher o número de cartas que devem descartar
    # para ficarem com 4 cartas e colocá-las DEBAIXO da Carta Ohana ... todos os jogadores com MENOS de 4 cartas
    # na mão devem comprar cartas até ficarem com 4 ... a pessoa que a descartou originalmente deve escolher a cor"
    from unokit.core.actions import Discard
    g = Game.from_position(["WO R1 R2", "B1 B2 B3 B4 B5 B6", "G1 G2 G3 G4", "Y1"], discard="R7",
                           stock="Y2 Y3 Y4 Y5 Y6 Y7 Y8", deck="ohana")
    play(g, A, "WO", "G")
    assert sizes(g)[A] == 4 and sizes(g)[C] == 4 and sizes(g)[D] == 4
    assert g.phase == Phase.FREE_DISCARD and g.to_act == B
    g.apply(Discard(B, Card.parse("B6")))   # the player chooses which cards go
    g.apply(Discard(B, Card.parse("B2")))
    assert hand(g, B) == ["B1", "B3", "B4", "B5"]
    assert [c.code for c in g.discard] == ["R7", "B6", "B2", "WO"] and g.top.code == "WO"
    assert g.color == Color.GREEN and g.phase == Phase.PLAY and g.current == B
    g.check_invariants()


@pytest.mark.parametrize("direction", [1, -1])
def test_official_shuffle_hands_wild_deals_one_by_one_from_the_players_left(direction):
    # 003: "vengono prese le carte dalla mano di ogni giocatore, vengono mescolate, e ridistribuite ad uno a uno, a
    # partire dal giocatore alla sinistra di colui che ha giocato questa carta (indipendentemente dal senso del
    # gioco)"
    g = Game.from_position(["WSH R1 R2", "B1 B2 B3", "G1 G2"], discard="R7", direction=direction,
                           deck="italian")
    before = sorted(c.code for h in g.hands for c in h if c.code != "WSH")
    play(g, A, "WSH", "B")
    assert sizes(g) == [2, 3, 2]  # 7 cards: B (A's left) gets the 1st, 4th and 7th
    assert sorted(c.code for h in g.hands for c in h) == before
    assert g.color == Color.BLUE
    g.check_invariants()


@pytest.mark.parametrize("effect", ["swap", "draw2", "everyone1", "wild"])
def test_official_blank_wild_takes_the_rule_the_table_writes(effect):
    # 001: "Esta carta vale como um Curinga além de permitir que os jogadores escrevam ... qualquer regra";
    # 003: a blank may "sostituire le proprie carte con quelle di un avversario" or make a player draw
    rules = "UNO 1121" if effect == "wild" else f"UNO 1121 blank={effect}"
    g = Game.from_position(["WB R1 R2", "B1 B2 B3", "G1 G2"], discard="R7", stock="Y1 Y2 Y3 Y4", rules=rules,
                           deck="112")
    target = C if effect in ("swap", "draw2") else None
    play(g, A, "WB", "G", target=target)
    assert g.color == Color.GREEN and g.current == B
    if effect == "swap":
        assert hand(g, A) == ["G1", "G2"] and hand(g, C) == ["R1", "R2"]
    elif effect == "draw2":
        assert sizes(g) == [2, 3, 4]
    elif effect == "everyone1":
        assert sizes(g) == [2, 4, 3]
    else:
        assert sizes(g) == [2, 3, 2]


def test_official_003_after_a_skipped_drawer_the_next_may_play_another_draw_card():
    # catalogue, 003 rulings: "+2/+4 do not stack; the card after the skipped player may be another +2/+4"
    g = pos(["R+2 R1", "B1 B2", "G+2 G3", "Y1 Y2"], discard="R7", stock="B5 B6 B7 B8")
    play(g, A, "R+2", uno=True)
    draw(g, B)
    play(g, C, "G+2", uno=True)
    assert g.current == D and g.pending == 2
