"""House rules MS1-MS3 (Morte Súbita, 000 lines 1007-1046), FU/BU (1087-1118), AA/AB (Aritmética, 1255-1300),
SAT/CON/INS (1301-1372), V (Velocidade, 1491-1516), I (Inferno, 1545-1564), REV (Revelação, 1609-1630),
M (Monte, 1747-1774), E/IE (Elogios, 1775-1812), DP (Desafio Polivalente, 1999-2020), MEM (Dori, 2021-2032),
PRE (Prescrição, 2033-2046) and ORG (Orgulho, 2047-2060), with every item of their "Possíveis Contradições e
Conexões".

Seats: A=0, B=1, C=2, D=3, clockwise. Where the guide leaves a choice open the test follows the decision the
engine's module docstring documents; where the engine contradicts the guide the test is written to the guide and
marked ``xfail(strict=True)``.
"""

from __future__ import annotations

import pytest
from conftest import (
    A,
    B,
    C,
    CatchUno,
    Challenge,
    D,
    Pass,
    Phase,
    Play,
    Say,
    SayUno,
    assert_refused,
    draw,
    hand,
    hidden,
    kinds,
    mk_play,
    play,
    pos,
    sizes,
)

from unokit.core.actions import Accuse, ChallengeDraw, ChooseColor, Discard, Slap
from unokit.core.cards import Card, Color
from unokit.core.chance import ManualClock
from unokit.core.errors import (
    CardNotPlayableError,
    IllegalActionError,
    NotYourTurnError,
    RuleCodeError,
    RuleConflictError,
    WindowClosedError,
)
from unokit.engine.compose import every_action, offered
from unokit.engine.game import Game
from unokit.rules import RuleSet

STOCK = "B1 B2 B3 B4 B5 B6 B7 B8 B9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G3 G4 G5 G6 G7 G8 G9"
FAST = "engine: Game._play_problem's single-card fast path returns before the play_problem filters"
GSTOCK = "G1 G2 G3 G4 G6 G7 G8 G9 G1 G2 G3 G4 G6 G7 G8 G9"  # never matches a red/blue/yellow pile


def penalties(g, seat=None, why=None):
    """Cards each 'penalty' event charged (optionally for one seat / a reason containing ``why``)."""
    return [e.detail[0] for e in g.events if e.kind == "penalty" and (seat is None or e.player == seat)
            and (why is None or why in e.detail[1])]


def legal_plays(g, seat):
    """Every complete play the referee offers (stems followed through their sub-decisions)."""
    return [a for a in every_action(g, seat) if isinstance(a, Play)]


# ============================================================================================== MS


def test_MS1_forced_draw_eliminates():
    # "o jogador que for obrigado a comprar uma carta ... é eliminado do jogo"
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    ev = draw(g, A)
    assert "eliminated" in kinds(ev)
    assert A in g.eliminated and g.current == B and sizes(g)[A] == 2  # eliminated instead of drawing
    assert not g.over
    assert g.legal_actions(A) == []
    assert_refused(g, mk_play(A, "B1"))


def test_MS1_draw_two_does_not_eliminate():
    # "(exceto por meio de cartas Comprar Duas / Comprar Quatro, além de punições)"
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R+2", stock=STOCK, rules="UNO 1121 MS1", pending=2)
    draw(g, A)
    assert not g.eliminated and sizes(g)[A] == 4 and g.current == B


def test_MS1_wild_draw_four_does_not_eliminate():
    g2 = pos(["W+4 R7", "B1 B2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    play(g2, A, "W+4", "G")
    draw(g2, B)
    assert not g2.eliminated and sizes(g2)[B] == 6


def test_MS1_drawing_by_choice_with_a_playable_card_does_not_eliminate():
    # engine decision (suddendeath docstring): only the draw of a player with no playable card eliminates
    g = pos(["R1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    draw(g, A)
    assert not g.eliminated and sizes(g)[A] == 3


def test_MS1_eliminates_from_the_very_first_turn():
    # MS1 "Qualquer jogador, desde o princípio do jogo, está sob o risco de ser eliminado."
    g = pos(["B1", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    assert g.turns_done == 0
    draw(g, A)
    assert A in g.eliminated


def test_MS_alias_is_MS1():
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS")
    draw(g, A)
    assert A in g.eliminated


def test_MS_eliminated_seat_is_skipped_in_turn_order():
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    draw(g, A)
    play(g, B, "R1")
    assert g.current == C
    play(g, C, "R3")
    assert g.current == B  # A is passed over


def test_MS_last_player_standing_wins():
    # "os outros continuam até sobrar apenas um"
    g = pos(["B1 B2", "B3 B4", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    draw(g, A)
    assert not g.over
    draw(g, B)
    assert g.over and g.winner == C and g.eliminated == {A, B}
    g.check_invariants()


def test_MS_going_out_ends_the_hand():
    # "... ou alguém descartar todas as cartas da mão"
    g = pos(["B1 B2", "R1", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    draw(g, A)
    play(g, B, "R1")
    assert g.over and g.winner == B


def test_MS_scoring_survivor_scores_the_eliminated_hands():
    # Pontuação: "quem for eliminado pode ter suas cartas revertidas como pontos para o vencedor" (engine decision:
    # the survivor scores every other hand, the eliminated ones included)
    g = pos(["B1 B2", "B3 B4", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1")
    draw(g, A)
    draw(g, B)
    out = [e for e in g.events if e.kind == "out"][-1]
    assert out.player == C and out.detail[0] == 1 + 2 + 3 + 4


def test_MS_P_no_draw_card_to_stack_eliminates():
    # Regra do Passe: "não ter uma carta Comprar Duas, Comprar Quatro ou carta de ataque que possa ser jogada
    # garante uma eliminação"
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R+2", stock=STOCK, rules="UNO 1121 MS1-P1", pending=2)
    draw(g, A)
    assert A in g.eliminated


def test_MS_P_stacking_keeps_the_player_in():
    g = pos(["B+2 B2", "R1 R2", "R3 R4"], discard="R+2", stock=STOCK, rules="UNO 1121 MS1-P1", pending=2)
    play(g, A, "B+2")
    assert not g.eliminated and g.pending == 4 and g.current == B


def test_MS_I_no_attack_card_eliminates():
    # Regra do Inferno: "não ter uma carta Comprar Duas, Comprar Quatro ou carta de ataque ... garante uma
    # eliminação"
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R+2", stock=STOCK, rules="UNO 1121 MS1-I", pending=2)
    draw(g, A)
    assert A in g.eliminated


def test_MS_FL_unplayable_last_card_eliminates():
    # Final Limpo: "caso a pessoa possua como última carta uma carta que ela não pode jogar, este jogador deve ser
    # eliminado"
    g = pos(["W", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-FL")
    draw(g, A)
    assert A in g.eliminated and sizes(g)[A] == 1


def test_MS_FL_last_wild_cannot_be_played():
    # "Ele não pode jogá-la" (FL, Regra do Corte item): the doomed last card is refused
    g = pos(["W", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-FL")
    assert not g.can(mk_play(A, "W", "R"))
    assert not legal_plays(g, A)


def test_MS1_C_cut_before_draw_saves():
    # Corte: "antes que declare que será eliminado, outro jogador corta sua vez — neste caso, o jogador A não é
    # eliminado"
    g = pos(["B1 B2", "R5 R2", "R3 R4", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-C")
    assert g.top_player == D
    ev = play(g, B, "R5")  # B cuts A (top R5 was D's)
    assert kinds(ev)[0] == "cut"
    assert not g.eliminated and g.current == C and sizes(g)[A] == 2


def test_MS1_C_cut_after_elimination_cuts_the_next_player():
    # "Se ele já tiver declarado que será eliminado, o jogador B é quem será cortado, e o jogador A terá sido
    # eliminado."
    g = pos(["B1 B2", "Y3 Y4", "R5 R2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-C")
    draw(g, A)
    assert A in g.eliminated and g.current == B
    ev = play(g, C, "R5")
    assert kinds(ev)[0] == "cut"
    assert g.current == D and sizes(g)[B] == 2 and A in g.eliminated


@pytest.mark.parametrize("rules", ["UNO 1121 MS1-PAA", "UNO 1121 MS1-PAB"])
def test_MS_peace_rule_no_playable_eliminates(rules):
    # Regras da Paz: "se não for possível jogar uma carta de ação ... e o jogador ... não conseguir jogar carta
    # alguma ... o jogador é eliminado"
    if "PAA" in rules:  # first round: no action cards
        g = pos(["RS R+2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules=rules)
    else:  # after a 1: no action cards until another 1
        g = pos(["R1 Y7", "RS R+2", "R3 R4"], discard="R5", stock=STOCK, rules=rules)
        play(g, A, "R1")
    seat = g.current
    draw(g, seat)
    assert seat in g.eliminated


@pytest.mark.parametrize("rules", ["UNO 1121 MS1-PAA", "UNO 1121 MS1-PAB"])
def test_MS_peace_rule_action_cards_not_playable(rules):
    # "se não for possível jogar uma carta de ação num dado momento": the doomed player has no legal play
    if "PAA" in rules:
        g = pos(["RS R+2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules=rules)
    else:
        g = pos(["R1 Y7", "RS R+2", "R3 R4"], discard="R5", stock=STOCK, rules=rules)
        play(g, A, "R1")
    seat = g.current
    assert not legal_plays(g, seat)
    assert not g.can(mk_play(seat, "RS"))


def test_MS_CHU_cannot_change_colour_eliminates():
    # Outras Punições: "se com a Regra de Chukcki aplicada um jogador não puder jogar uma carta ... que altere a cor
    # da pilha de descarte, ele será eliminado"
    g = pos(["R5 R1", "Y5 Y6", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 MS1-CHU")
    play(g, A, "R5")
    play(g, B, "Y5")  # two equal numbers by different players
    draw(g, C)  # Y1 / Y2 would keep yellow
    assert C in g.eliminated


def test_MS_CHU_same_colour_card_refused():
    g = pos(["R5 R1", "Y5 Y6", "Y1 Y2"], discard="R7", stock=STOCK, rules="UNO 1121 MS1-CHU")
    play(g, A, "R5")
    play(g, B, "Y5")
    assert not g.can(mk_play(C, "Y1"))


@pytest.mark.parametrize("how", ["apology", "slap", "catch"])
def test_MS_penalty_draw_does_not_eliminate(how):
    # Outras Punições: "Sempre que um jogador for obrigado a comprar uma carta devido a uma punição ... isto não o
    # elimina"
    if how == "apology":
        g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-ORG")
        g.apply(Say(A, "desculpa"))
    elif how == "slap":
        g = pos(["Y1 B2", "R8 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-M", current=B)
        play(g, B, "R8")
        g.apply(Slap(B))
        g.apply(Slap(C))
    else:
        g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1", current=C)
        play(g, C, "R3")
        g.apply(CatchUno(A, C))
    assert sum(penalties(g)) >= 1 and not g.eliminated


def test_MS_DED_caught_lying_eliminates():
    # Descarte Duplo: "se o jogador A não tiver o que jogar e, para não ser eliminado, mentir e for pego mentindo,
    # é eliminado"
    g = pos(["B1 B2", "R1 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-DED")
    g.apply(hidden(A, "B1"))
    g.apply(Accuse(B))
    assert A in g.eliminated


def test_MS_DED_honest_hidden_play_accused_follows_DED():
    # "Se jogar de forma oculta, o acusarem de mentira, mas sua jogada for legítima, novamente os mecanismos do
    # Descarte Duplo se aplicam" (the accuser draws 4, the honest player discards one more)
    g = pos(["R1 B2 B3", "R7 R2", "R3 R4"], discard="R5", stock=STOCK, rules="UNO 1121 MS1-DED")
    g.apply(hidden(A, "R1"))
    g.apply(Accuse(B))
    assert penalties(g, B) == [4] and not g.eliminated
    assert g.phase == Phase.FREE_DISCARD and g.to_act == A
    g.apply(Discard(A, Card.parse("B2")))
    assert sizes(g)[A] == 1


def test_MS2_protected_first_rounds():
    # MS2: "Apenas depois de um número x de rodadas a Morte Súbita começa a valer. Número sugerido: duas rodadas."
    g = pos(["B1 B2", "B3 B4", "B5 B6"], discard="R5", stock=GSTOCK, rules="UNO 1121 MS2")
    for _turn in range(6):  # two rounds of three players: nobody can play, everyone draws and stays
        draw(g, g.current)
    assert not g.eliminated and sizes(g) == [4, 4, 4]
    draw(g, A)
    assert A in g.eliminated


def test_MS2_rounds_parameter():
    g = pos(["B1 B2", "B3 B4"], discard="R5", stock=GSTOCK, rules="UNO 1121 MS2(rounds=1)")
    draw(g, A)
    draw(g, B)
    assert not g.eliminated
    draw(g, A)
    assert g.over and g.winner == B


def test_MS3_after_first_wild():
    # MS3: "Apenas após algum evento do jogo a Morte Súbita começa a valer; o primeiro Curinga a ser jogado"
    g = pos(["B1 B2", "W R2 R9", "B3 B4"], discard="R5", stock=GSTOCK, rules="UNO 1121 MS3")
    draw(g, A)
    assert not g.eliminated
    play(g, B, "W", "R")
    draw(g, C)
    assert C in g.eliminated


def _ms3(event):
    # built directly: the code 'MS3(event=fifth-action)' does not parse (see the xfail below)
    return RuleSet(rules=(("MS3", (), (("event", event),)),))


@pytest.mark.parametrize("event,actions", [("first-action", 1), ("fifth-action", 5)])
def test_MS3_event_parameter(event, actions):
    # "a quinta carta de ação a ser jogada, etc."
    g = pos(["RS " * actions + "R1 R2 R3", "B7 B8 B9"], discard="R5", stock="Y7 Y8 Y9 Y6 B6 Y6",
            rules=_ms3(event), decks=3)  # five red Skips: three decks (two hold only four)
    for _ in range(actions - 1):
        play(g, A, "RS")  # two players: a Skip lets A play again
    play(g, A, "R1")
    draw(g, B)  # one action card short of the event: still protected
    assert not g.eliminated
    play(g, A, "RS")  # the event
    play(g, A, "R2")
    draw(g, B)
    assert g.over and g.winner == A and B in g.eliminated


@pytest.mark.parametrize("event", ["first-action", "fifth-action"])
def test_MS3_event_parameter_in_the_rule_code(event):
    rs = RuleSet.parse(f"UNO 1121 MS3(event={event})")
    assert rs.param("MS3", "event") == event


def test_MS3_first_number_a_primeira_carta_de_um_determinado_numero():
    # "a primeira carta de um determinado número a ser jogada"
    rules = "UNO 1121 MS3(event=first-number,number=3)"
    g = pos(["B1 B2", "R3 R2 R9", "Y4 B4"], discard="R5", stock=GSTOCK, rules=rules)
    draw(g, A)
    assert not g.eliminated           # no 3 played yet: still protected
    play(g, B, "R3")
    draw(g, C)
    assert C in g.eliminated
    assert RuleSet.parse(rules).code == rules


def test_MS3_no_event_no_elimination():
    g = pos(["B1 B2", "B3 B4"], discard="R5", stock=GSTOCK, rules="UNO 1121 MS3")
    for _ in range(6):
        draw(g, g.current)
    assert not g.eliminated


def test_MS_variants_exclude_each_other():
    with pytest.raises(RuleConflictError):
        Game.from_position(["R1", "R2"], "R5", rules="UNO 1121 MS1-MS2")


# ============================================================================================== FU / BU


def test_FU_deals_four():
    # "Ao invés das oficiais 7 cartas, todos os jogadores começam o jogo com 4 cartas."
    g = Game.new(players=4, rules="UNO 1121 FU", seed=3, dealer=0)
    assert sizes(g) == [4, 4, 4, 4]
    assert len(g.stock) == 108 - 16 - len(g.discard)
    g.check_invariants()


def test_BU_deals_nine():
    # "todos os jogadores iniciam o jogo com 9 cartas"
    g = Game.new(players=4, rules="UNO 1121 BU", seed=3, dealer=0)
    assert sizes(g) == [9, 9, 9, 9]
    assert len(g.stock) == 108 - 36 - len(g.discard)
    g.check_invariants()


@pytest.mark.parametrize("k", [1, 2, 5, 6])
def test_FU_any_number_up_to_six(k):
    # "poderia ser qualquer número de 6 para baixo"
    g = Game.new(players=3, rules=f"UNO 1121 FU(cards={k})", seed=1, dealer=0)
    assert sizes(g) == [k] * 3


@pytest.mark.parametrize("k", [8, 9, 12])
def test_BU_any_number_from_eight(k):
    # "pode ser qualquer número de 8 para cima"
    g = Game.new(players=2, rules=f"UNO 1121 BU(cards={k})", seed=1, dealer=0)
    assert sizes(g) == [k, k]


def test_FU_bounds():
    with pytest.raises(RuleCodeError):
        Game.new(players=3, rules="UNO 1121 FU(cards=7)", seed=1)
    with pytest.raises(RuleCodeError):
        Game.new(players=3, rules="UNO 1121 FU(cards=0)", seed=1)


def test_BU_bounds():
    with pytest.raises(RuleCodeError):
        Game.new(players=3, rules="UNO 1121 BU(cards=7)", seed=1)


def test_FU_BU_exclude_each_other():
    with pytest.raises(RuleConflictError):
        Game.new(players=3, rules="UNO 1121 FU-BU", seed=1)


def test_BU_two_players_whole_hand_plays():
    # "Indicado também especialmente para jogos com apenas dois jogadores"
    g = Game.new(players=2, rules="UNO 1121 BU", seed=11, dealer=0)
    n = 0
    while not g.over and n < 2000:
        g.apply(g.legal_actions(g.to_act)[0])
        n += 1
    g.check_invariants()


# ============================================================================================== AA


def test_AA_sum_same_colour_equals_top():
    # "se há um 8 Azul na pilha de descarte, um 1 Vermelho e um 7 Vermelho podem ser jogados"
    g = pos(["R1 R7 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    a = mk_play(A, "R1 R7")
    assert any(set(x.cards) == set(a.cards) and len(x.cards) == 2 for x in legal_plays(g, A))
    g.apply(a)
    assert hand(g, A) == ["Y3"] and g.color == Color.RED and g.current == B


def test_AA_three_cards_sum():
    # "assim como um 4, um 3 e um 1 Verdes (pois a soma deles resulta em 8)"
    g = pos(["G4 G3 G1 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "G4 G3 G1")
    assert hand(g, A) == ["Y3"] and g.color == Color.GREEN


def test_AA_sum_of_five_cards_accepted():
    # "No caso da soma, mais do que duas cartas podem ser jogadas" (no upper bound)
    g = pos(["R0 R1 R2 R2 R4 Y7", "Y1 Y2"], discard="B9", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "R0 R1 R2 R2 R4")
    assert hand(g, A) == ["Y7"]


def test_AA_sum_of_five_cards_listed():
    g = pos(["R0 R1 R2 R2 R4 Y7", "Y1 Y2"], discard="B9", stock=STOCK, rules="UNO 1121 AA")
    assert any(len(a.cards) == 5 for a in legal_plays(g, A))


def test_AA_difference_of_exactly_two():
    # "Um 10 Azul e um 2 Azul podem ser jogados também (pois sua subtração é um 8)" (there is no 10: 9 - 1 = 8)
    g = pos(["Y9 Y1 R5", "Y2 Y3"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "Y9 Y1")
    assert hand(g, A) == ["R5"]


def test_AA_difference_only_with_two_cards():
    # "no caso da subtração, apenas duas"
    g = pos(["Y9 Y2 Y1 R5", "Y4 Y3"], discard="B6", stock=STOCK, rules="UNO 1121 AA")
    assert_refused(g, mk_play(A, "Y9 Y2 Y1"), CardNotPlayableError)  # 9-2-1 = 6, but three cards


def test_AA_cards_of_different_colours_refused():
    # "Um 10 Azul e um 2 Amarelo não poderiam ser jogados, uma vez que não são da mesma cor."
    g = pos(["Y9 G1 R5", "Y4 Y3"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    assert_refused(g, mk_play(A, "Y9 G1"), CardNotPlayableError)


def test_AA_wrong_sum_refused():
    g = pos(["R1 R6 R5", "Y4 Y3"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    assert_refused(g, mk_play(A, "R1 R6"), CardNotPlayableError)


def test_AA_needs_a_number_on_top():
    # "Com uma carta numérica na pilha de descarte"
    g = pos(["R1 R7 Y3", "Y1 Y2"], discard="BS", stock=STOCK, rules="UNO 1121 AA")
    assert_refused(g, mk_play(A, "R1 R7"), CardNotPlayableError)


def test_AA_only_number_cards():
    g = pos(["RS R7 Y3", "Y1 Y2"], discard="B7", stock=STOCK, rules="UNO 1121 AA")
    assert_refused(g, mk_play(A, "R7 RS"), CardNotPlayableError)


def test_AA_colour_need_not_be_the_pile_colour():
    # Cor: "devem ser da mesma cor, mas não da mesma cor da pilha de descarte do momento"
    g = pos(["B2 B6 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "B2 B6")  # the pile's own colour also works
    g2 = pos(["G2 G6 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g2, A, "G2 G6")
    assert g2.color == Color.GREEN


def test_AA_can_go_uno():
    # Momento: "É possível ficar UNO ao usar do mecanismo da regra"
    g = pos(["R1 R7 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "R1 R7", uno=True)
    assert g.uno_said[A] and A not in g.catchable


def test_AA_forgetting_uno_is_catchable():
    g = pos(["R1 R7 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "R1 R7")
    g.apply(CatchUno(B, A))
    assert penalties(g, A) == [2]


def test_AA_can_go_out():
    # Momento: "é possível também ganhar o jogo usando-se do mecanismo"
    g = pos(["R1 R7", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "R1 R7")
    assert g.over and g.winner == A


def test_AA_zero_may_join():
    # Vez: "o zero (que pode ser incluído em qualquer soma ou subtração, desde que seja da mesma cor)"
    g = pos(["R3 R5 R0 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "R3 R5 R0")
    assert hand(g, A) == ["Y3"]
    g2 = pos(["R8 R0 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g2, A, "R8 R0")  # 8 - 0 = 8 + 0 = 8
    assert hand(g2, A) == ["Y3"]


def test_AA_zero_of_another_colour_refused():
    g = pos(["R3 R5 G0 Y3", "Y1 Y2"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    assert_refused(g, mk_play(A, "R3 R5 G0"), CardNotPlayableError)


def test_AA_all_cards_in_one_play_none_added_later():
    # Vez: "todas as cartas devem ser jogadas ao mesmo tempo ... se o próximo jogador ... já tiver comprado uma
    # carta ou jogado uma carta (i.e iniciado sua vez), o jogador anterior não poderá jogar mais cartas"
    g = pos(["R3 R5 R0 Y3", "Y1 Y2", "Y4 Y5"], discard="B8", stock=STOCK, rules="UNO 1121 AA")
    play(g, A, "R3 R5")
    draw(g, B)
    assert_refused(g, mk_play(A, "R0"))


def test_AA_not_an_answer_to_a_pending_draw():
    g = pos(["R1 R1 Y3", "Y1 Y2"], discard="B+2", stock=STOCK, rules="UNO 1121 AA", pending=2)
    assert not [a for a in g.legal_actions(A) if isinstance(a, Play)]


def test_AA_C_cut_with_zero():
    # Corte: "O Jogador A joga um 5 Azul. O jogador C pode cortar o jogador B jogando o seu 5 Azul, e pode jogar
    # juntamente um 0 Azul"
    g = pos(["B5 R1", "Y1 Y2", "B5 B0 Y3", "Y4 Y5", "Y6 Y7"], discard="B9", stock=GSTOCK, rules="UNO 1121 C-AA")
    play(g, A, "B5")
    ev = play(g, C, "B5 B0")
    assert kinds(ev)[0] == "cut" and hand(g, C) == ["Y3"] and g.current == D


def test_AA_C_plain_cut_still_works():
    g = pos(["B5 R1", "Y1 Y2", "B5 B0 Y3", "Y4 Y5", "Y6 Y7"], discard="B9", stock=GSTOCK, rules="UNO 1121 C-AA")
    play(g, A, "B5")
    ev = play(g, C, "B5")
    assert kinds(ev)[0] == "cut" and g.current == D


# ============================================================================================== AB


def test_AB_sum_of_top_two_same_colour():
    # "em uma pilha de descarte cujas últimas cartas tenham sido um 2 e um 3 vermelhos ... agora também um 5 de
    # qualquer cor"
    g = pos(["B5 Y9", "Y1 Y2"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB")
    assert offered(g, mk_play(A, "B5"))
    play(g, A, "B5")
    assert g.color == Color.BLUE and g.current == B


def test_AB_normal_matches_still_work():
    g = pos(["Y3 R9 B5", "Y1 Y2"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB")
    plays = {a.cards[0].code for a in legal_plays(g, A)}
    assert plays == {"Y3", "R9", "B5"}


def test_AB_top_two_of_different_colours_give_nothing():
    g = pos(["B5 Y9", "Y1 Y2"], discard="G2 R3", stock=STOCK, rules="UNO 1121 AB")
    assert_refused(g, mk_play(A, "B5"), CardNotPlayableError)


def test_AB_top_two_must_be_numbers():
    g = pos(["B5 Y9", "Y1 Y2"], discard="RS R3", stock=STOCK, rules="UNO 1121 AB")
    assert_refused(g, mk_play(A, "B5"), CardNotPlayableError)


def test_AB_one_card_only():
    # "esta carta não possibilita que várias cartas sejam jogadas ao mesmo tempo"
    g = pos(["B5 Y5 Y9", "Y1 Y2"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB")
    assert_refused(g, mk_play(A, "B5 Y5"))


def test_AB_can_go_uno_and_out():
    # Momento: "É possível ficar UNO com esta regra, e também vencer o jogo"
    g = pos(["B5 Y9", "Y1 Y2"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB")
    play(g, A, "B5", uno=True)
    assert g.uno_said[A]
    g2 = pos(["B5", "Y1 Y2"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB")
    play(g2, A, "B5")
    assert g2.over and g2.winner == A


def test_AB_DED_only_the_visible_pile_counts():
    # Duplo Descarte: "As duas últimas cartas da pilhas de descarte referem-se ... apenas à pilha de descarte das
    # cartas visíveis"
    g = pos(["R7 Y9", "B5 Y2", "Y3 Y4"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB-DED")
    g.apply(hidden(A, "R7"))
    assert g.current == B and g.top.code == "R3"
    play(g, B, "B5")  # 2 + 3, the face-down R7 is not on the visible pile
    assert g.top.code == "B5"


def test_AB_DED_hidden_sum_card_is_legitimate():
    # "se for possível jogar uma carta devido a esta regra, esta carta pode ser posta na pilha de descarte das
    # cartas omitidas (ela é considerada uma carta legítima, afinal.)"
    g = pos(["B5 Y9 Y8", "Y1 Y2", "Y3 Y4"], discard="R2 R3", stock=STOCK, rules="UNO 1121 AB-DED")
    g.apply(hidden(A, "B5"))
    g.apply(Accuse(B))
    assert penalties(g, B) == [4] and not penalties(g, A)


# ============================================================================================== SAT


def test_SAT_draw_until_playable():
    # "prossiga comprando até que compre uma carta que possa ser usada"
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="Y3 G4 B6 R7 R8", rules="UNO 1121 SAT")
    draw(g, A)
    assert hand(g, A) == ["B1", "B2", "Y3", "G4", "B6", "R7"]
    assert g.phase == Phase.DRAWN and g.drawn.code == "R7"
    play(g, A, "R7")
    assert g.current == B and g.top.code == "R7"


def test_SAT_playable_drawn_card_may_be_kept():
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="Y3 R7 R8", rules="UNO 1121 SAT")
    draw(g, A)
    g.apply(Pass(A))
    assert g.current == B and sizes(g)[A] == 4


def test_SAT_wild_stops_the_drawing():
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="Y3 W G4", rules="UNO 1121 SAT")
    draw(g, A)
    assert g.drawn.code == "W" and sizes(g)[A] == 4


def test_SAT_choice_draw_is_one_card():
    # engine decision (drawing docstring): "Drawing by choice, with a playable card in hand, is still one card."
    g = pos(["R1 B2", "Y1 Y2"], discard="R5", stock="Y3 G4 R7", rules="UNO 1121 SAT")
    draw(g, A)
    assert hand(g, A) == ["R1", "B2", "Y3"] and g.current == B


def test_SAT_stock_runs_dry_turn_ends():
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="Y3 G4", rules="UNO 1121 SAT")
    draw(g, A)
    assert sizes(g)[A] == 4 and g.current == B and g.phase == Phase.PLAY
    g.check_invariants()


def test_SAT_INS_cannot_be_combined():
    # "Esta regra não pode ser aplicada junto à regra da Insatisfação; elas são diametralmente opostas."
    with pytest.raises(RuleConflictError):
        Game.from_position(["R1", "R2"], "R5", rules="UNO 1121 SAT-INS")


# ============================================================================================== INS


def test_INS_forced_draw_cannot_be_played():
    # "se um jogador não puder no momento jogar carta alguma, ele deve comprar uma carta do monte, mas não pode
    # jogá-la"
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="R7 R8", rules="UNO 1121 INS")
    draw(g, A)
    assert hand(g, A) == ["B1", "B2", "R7"] and g.current == B and g.phase == Phase.PLAY


def test_INS_choice_draw_may_be_played():
    # engine decision (drawing docstring): only a card drawn *because the player could not play* is barred
    g = pos(["R1 B2", "Y1 Y2"], discard="R5", stock="R7 R8", rules="UNO 1121 INS")
    draw(g, A)
    assert g.phase == Phase.DRAWN
    play(g, A, "R7")


def test_INS_penalty_draw_is_not_playable_without_CON():
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="R7 R8", rules="UNO 1121 INS", pending=2)
    draw(g, A)
    assert g.current == B and sizes(g)[A] == 4


def test_INS_CON_penalty_cards_playable():
    # Regra do Consolo: "as cartas compradas por causa de uma punição (Comprar Duas ou Curinga Comprar Quatro)
    # podem ser jogadas"
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="Y7 R7 R8", rules="UNO 1121 INS-CON", pending=2)
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.current == A
    play(g, A, "R7")
    assert g.current == B


def test_INS_SAT_cannot_be_combined():
    with pytest.raises(RuleConflictError):
        Game.from_position(["R1", "R2"], "R5", rules="UNO 1121 INS-SAT")


# ============================================================================================== CON


def test_CON_cards_from_draw_two_playable_at_once():
    # "torna possível jogar com as cartas compradas de uma compra obrigatória (... Comprar Duas)"
    g = pos(["B1 B2", "Y1 Y2", "Y3 Y4"], discard="R+2", stock="R7 Y8 R8", rules="UNO 1121 CON", pending=2)
    draw(g, A)
    assert g.phase == Phase.DRAWN and g.current == A
    assert {a.cards[0].code for a in legal_plays(g, A)} == {"R7"}
    play(g, A, "R7")
    assert g.current == B and hand(g, A) == ["B1", "B2", "Y8"]


def test_CON_cards_from_wild_draw_four_playable():
    g = pos(["B1 B2", "Y1 Y2"], discard="W+4", stock="R1 G7 R2 Y9 R8", rules="UNO 1121 CON", pending=4,
            color="G")
    draw(g, A)
    assert g.phase == Phase.DRAWN
    play(g, A, "G7")
    assert g.current == B


def test_CON_only_one_of_them_then_turn_passes():
    # engine decision (drawing docstring): "one of them, as a normal play"
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="R7 R3 R8", rules="UNO 1121 CON", pending=2)
    draw(g, A)
    play(g, A, "R7")
    assert g.current == B
    assert_refused(g, mk_play(A, "R3"), NotYourTurnError)


def test_CON_cards_already_held_are_not_playable():
    g = pos(["R9 B2", "Y1 Y2"], discard="R+2", stock="R7 Y3 R8", rules="UNO 1121 CON", pending=2)
    draw(g, A)
    assert_refused(g, mk_play(A, "R9"), CardNotPlayableError)
    play(g, A, "R7")


def test_CON_may_keep_the_cards():
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="R7 R3 R8", rules="UNO 1121 CON", pending=2)
    draw(g, A)
    g.apply(Pass(A))
    assert g.current == B and sizes(g)[A] == 4


def test_CON_nothing_playable_turn_passes():
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="G7 Y3 R8", rules="UNO 1121 CON", pending=2)
    draw(g, A)
    assert g.current == B and g.phase == Phase.PLAY


def test_CON_penalty_from_other_rules_not_playable():
    # Momento: "punições vindas de outras regras (Regra do Silêncio, do Monte, da Velocidade, etc) não contam"
    clock = ManualClock()
    # A faces a green Draw Two; slow: the V penalty brings G7 and G9 (playable on green), then the two cards
    # of the Draw Two (Y3 Y4) are not playable -> the turn ends; G7/G9 are not consolation cards
    g = pos(["B1 B2", "Y1 Y2"], discard="G+2", stock="G7 G9 Y3 Y4 R8", rules="UNO 1121 CON-V", pending=2,
            clock=clock)
    clock.advance(6)
    draw(g, A)
    assert penalties(g, A, "slower") == [2]
    assert sorted(hand(g, A)) == ["B1", "B2", "G7", "G9", "Y3", "Y4"]
    assert g.current == B and g.phase == Phase.PLAY


def test_CON_slap_penalty_gives_no_play():
    g = pos(["R8 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock="Y5 R7", rules="UNO 1121 CON-M")
    play(g, A, "R8")
    g.apply(Slap(A))
    g.apply(Slap(C))
    assert penalties(g, B) == [1] and hand(g, B) == ["Y1", "Y2", "Y5"]
    assert g.current == B and g.phase == Phase.PLAY  # a normal turn, nothing special about Y5


def test_CON_C_P_cut_before_drawing():
    # Corte + Passe: "o jogador B pode ser cortado antes ... de comprar as cartas"
    g = pos(["G+2 R1", "Y1 Y2", "Y3 Y4", "G+2 Y5"], discard="G7", stock=STOCK, rules="UNO 1121 C-CON-P1")
    play(g, A, "G+2")
    ev = play(g, D, "G+2")
    assert kinds(ev)[0] == "cut" and g.current == A and g.pending == 4 and sizes(g)[B] == 2


def test_CON_C_cut_after_drawing():
    # Corte: "O jogador B compra as duas cartas e, como agora tem direito a jogar, um outro jogador pode cortá-lo
    # com um Comprar Duas Verde — o jogador B foi cortado."
    g = pos(["G+2 R1", "Y1 Y2", "Y3 Y4", "G+2 Y5"], discard="G7", stock="G8 Y9 " + STOCK,
            rules="UNO 1121 C-CON")
    play(g, A, "G+2")
    draw(g, B)
    assert g.phase == Phase.DRAWN and g.current == B
    ev = play(g, D, "G+2")
    assert kinds(ev)[0] == "cut" and g.current == A and sizes(g)[B] == 4


def test_CON_C_without_stacking_draw_first():
    g = pos(["G+2 R1", "Y1 Y2", "Y3 Y4", "G+2 Y5"], discard="G7", stock=STOCK, rules="UNO 1121 C-CON")
    play(g, A, "G+2")
    assert_refused(g, mk_play(D, "G+2"), WindowClosedError)


# ============================================================================================== V


def test_V_late_action_draws_two():
    # "nenhum jogador pode demorar mais do que cinco segundos para descartar sua carta ... Caso demore, deve comprar
    # duas cartas."
    clock = ManualClock()
    g = pos(["R1 R2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 V", clock=clock)
    clock.advance(5.5)
    play(g, A, "R1")
    assert penalties(g, A) == [2] and sizes(g)[A] == 3 and g.top.code == "R1" and g.current == B


def test_V_five_seconds_exactly_is_in_time():
    clock = ManualClock()
    g = pos(["R1 R2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 V", clock=clock)
    clock.advance(5)
    play(g, A, "R1")
    assert not penalties(g)


def test_V_time_counts_from_the_previous_discard():
    # "contando a partir do momento em que o mais recente jogador descartou a dele"
    clock = ManualClock()
    g = pos(["R1 R2", "R3 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 V", clock=clock)
    clock.advance(4)
    play(g, A, "R1")
    clock.advance(4)  # 8 s since the start, 4 s since A's discard
    play(g, B, "R3")
    assert not penalties(g)


def test_V_everything_inside_limit():
    # Tempo para Tudo: "Se a vez de um jogador consistir na compra de cartas, esta deve ser feita dentro dos cinco
    # segundos também. Todas as atividades do jogo ... devem também ser feitas dentro do mesmo limite."
    clock = ManualClock()
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="R7 " + STOCK, rules="UNO 1121 V", clock=clock)
    clock.advance(3)
    draw(g, A)  # in time
    assert g.phase == Phase.DRAWN
    clock.advance(3)  # 6 s into the turn
    play(g, A, "R7")
    assert penalties(g, A) == [2]


def test_V_late_draw_draws_two_more():
    clock = ManualClock()
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 V", clock=clock)
    clock.advance(7)
    draw(g, A)
    assert penalties(g, A) == [2] and sizes(g)[A] == 5


def test_V_group_play_inside_limit():
    # "a jogada de várias cartas simultaneamente por causa da Regra do Descarte Rápido"
    clock = ManualClock()
    g = pos(["R1 B1 Y7", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 DR-V", clock=clock)
    clock.advance(6)
    play(g, A, "R1 B1")
    assert penalties(g, A) == [2]


def test_V_colour_choice_inside_limit():
    # "a escolha da cor se um Curinga for jogado": the first discard a Wild, the first player names the colour
    from conftest import new_game
    clock = ManualClock()
    g = new_game(3, 0, {1: "R1 R2 R3 R4 R5 R6 R7"}, "W", rules="UNO 1121 V", clock=clock)
    assert g.phase == Phase.COLOR and g.to_act == B
    clock.advance(6)
    g.apply(ChooseColor(B, Color.RED))
    assert penalties(g, B) == [2]


def test_V_penalty_charged_once_per_turn():
    # engine decision (speed docstring): "The penalty is charged once per turn."
    clock = ManualClock()
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="B3 B4 R7 " + STOCK, rules="UNO 1121 V", clock=clock)
    clock.advance(6)
    draw(g, A)  # the penalty (B3 B4), then the turn draw R7
    assert g.phase == Phase.DRAWN
    clock.advance(6)
    g.apply(Pass(A))
    assert penalties(g, A) == [2]


def test_V_parameters():
    # "O tempo de 5 segundos é arbitrário"
    clock = ManualClock()
    g = pos(["R1 R2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 V(seconds=10,penalty=3)", clock=clock)
    clock.advance(8)
    play(g, A, "R1")
    assert not penalties(g)
    clock.advance(11)
    draw(g, B)
    assert penalties(g, B) == [3]


# ============================================================================================== I


@pytest.mark.parametrize("top,color,card", [("BS", None, "YR"), ("BR", None, "GS"), ("Y+2", None, "RS"),
                                            ("W+4", "G", "BR"), ("BS", None, "Y+2"), ("GR", None, "B+2")])
def test_I_any_action_on_any_action(top, color, card):
    # "qualquer carta de ação pode ser jogada em cima de qualquer carta de ação"
    g = pos([f"{card} R1", "Y1 Y2", "Y3 Y4"], discard=top, stock=STOCK, rules="UNO 1121 I", color=color)
    a = mk_play(A, card)
    assert a in g.legal_actions(A)
    g.apply(a)
    assert g.top.code == card


def test_I_off_without_the_rule():
    g = pos(["YR R1", "Y1 Y2", "Y3 Y4"], discard="BS", stock=STOCK, rules="UNO 1121")
    assert_refused(g, mk_play(A, "YR"), CardNotPlayableError)


def test_I_plain_wild_is_not_an_action_card():
    # engine decision (inferno docstring): the action cards are Skip, Reverse, Draw Two and Wild Draw Four
    g = pos(["YS R1", "Y1 Y2"], discard="W", stock=STOCK, rules="UNO 1121 I", color="B")
    assert_refused(g, mk_play(A, "YS"), CardNotPlayableError)


def test_I_number_not_on_an_action_of_another_colour():
    g = pos(["Y5 R1", "Y1 Y2"], discard="BS", stock=STOCK, rules="UNO 1121 I")
    assert_refused(g, mk_play(A, "Y5"), CardNotPlayableError)


def test_I_skip_or_reverse_cancels_draw_stack():
    # Anulação das compras: "este próximo jogador pode se defender utilizando uma carta Inverter ou Pular,
    # anulando completamente o efeito das cartas anteriores"
    g = pos(["BS R1", "Y1 Y2", "Y3 Y4", "Y5 Y6"], discard="Y+2", stock=STOCK, rules="UNO 1121 I", pending=2)
    ev = play(g, A, "BS")
    assert "stack-cancelled" in kinds(ev)
    assert g.pending == 0 and g.phase == Phase.PLAY and g.current == C  # the Skip still skips B
    assert sizes(g) == [1, 2, 2, 2]


def test_I_reverse_cancels_an_accumulated_total():
    g = pos(["GR R1", "Y1 Y2", "Y3 Y4", "Y5 Y6"], discard="Y+2 W+4", stock=STOCK, rules="UNO 1121 I",
            pending=6, color="B")
    play(g, A, "GR")
    assert g.pending == 0 and g.direction == -1 and g.current == D and g.wd4 is None
    assert sizes(g) == [1, 2, 2, 2]


def test_I_draw_two_on_any_skip_reverse():
    # "Cartas Comprar Duas podem ser jogadas em cima de qualquer carta Inverter ou Pular, não importando sua cor."
    for top in ("YS", "BR", "RS", "GR"):
        g = pos(["B+2 Y1" if top[0] != "B" else "G+2 Y1", "Y1 Y2", "Y3 Y4"], discard=top, stock=STOCK,
                rules="UNO 1121 I")
        card = g.hands[A][0].code
        play(g, A, card)
        assert g.pending == 2 and g.current == B


def test_I_draw_values_accumulate():
    # "Se uma carta Comprar for jogada em cima de outra Comprar, seus valores são acumulados para o próximo jogador"
    g = pos(["B+2 R1", "Y1 Y2", "Y3 Y4"], discard="Y+2", stock=STOCK, rules="UNO 1121 I", pending=2)
    play(g, A, "B+2")
    assert g.pending == 4 and g.current == B
    draw(g, B)
    assert sizes(g)[B] == 6


def test_I_implies_P4():
    # "A Regra do Passe (especificamente, sua quarta variação) está implícita na Regra do Inferno."
    g = pos(["W+4 R1", "G+2 Y2", "Y3 Y4"], discard="Y+2", stock=STOCK, rules="UNO 1121 I", pending=2)
    play(g, A, "W+4", "B")  # +4 on +2
    assert g.pending == 6
    play(g, B, "G+2")       # +2 on +4
    assert g.pending == 8 and g.current == C


def test_I_with_P4_is_accepted_with_P1_to_P3_is_a_conflict():
    Game.from_position(["R1", "R2"], "R5", rules="UNO 1121 I-P4")
    for p in ("P1", "P2", "P3"):
        with pytest.raises(RuleConflictError):
            Game.from_position(["R1", "R2"], "R5", rules=f"UNO 1121 I-{p}")


def test_I_DR_group_rules_keep_priority():
    # Descarte Rápido: "não são todas as cartas de ação que podem ser jogadas juntamente; nesse caso, os mecanismos
    # do Descarte Rápido recebem prioridade"
    g = pos(["RS BS GR Y1", "Y1 Y2", "Y3 Y4"], discard="Y+2", stock=STOCK, rules="UNO 1121 I-DR", pending=2)
    assert_refused(g, mk_play(A, "RS GR"))
    play(g, A, "RS BS")
    assert g.pending == 0


# ============================================================================================== REV


def test_REV_stock_top_visible_and_draws_public():
    # "o Monte é virado para cima, de forma que todos os jogadores podem ver o que um jogador compra"
    g = pos(["B1 B2", "Y1 Y2", "Y3 Y4"], discard="R5", stock="G7 G8 G9", rules="UNO 1121 REV")
    for s in (A, B, C):
        assert g.view(s).stock_top.code == "G7"
    draw(g, A)
    ev = [e for e in g.events if e.kind == "draw"][-1]
    assert ev.player == A and [c.code for c in ev.detail[1]] == ["G7"]
    assert ev in g.view(C).history
    for s in (A, B, C):
        assert g.view(s).stock_top.code == "G8"


def test_REV_off_stock_hidden_and_draws_private():
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="G7 G8 G9", rules="UNO 1121")
    assert g.view(B).stock_top is None
    draw(g, A)
    ev = [e for e in g.events if e.kind == "draw"][-1]
    assert ev.detail == (1,)


def test_REV_next_card_known_before_drawing():
    # "É possível saber qual será a próxima carta a ser comprada"
    g = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="R7 G8", rules="UNO 1121 REV")
    assert g.view(A).stock_top.code == "R7"
    draw(g, A)
    assert g.drawn.code == "R7"


def test_REV_multi_card_draw_may_be_discreet():
    # Visibilidade: "Ao comprar várias cartas ... um jogador está autorizado a contar o mais discretamente possível
    # as cartas que deve comprar e pegá-las sem que os outros jogadores consigam necessariamente ver todas elas."
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="G7 G8 G9", rules="UNO 1121 REV", pending=2)
    draw(g, A)
    ev = [e for e in g.view(B).history if e.kind == "draw"][-1]
    shown = ev.detail[1] if len(ev.detail) > 1 else ()
    assert len(shown) < 2  # only the card that was face up on the stock is necessarily seen


# ============================================================================================== M


def test_M_last_to_slap_draws_one():
    # "toda vez que a carta 8 for descartada, todos os jogadores devem pôr a mão sobre a pilha de descarte. O último
    # a bater ... deve comprar uma carta e o jogo prossegue normalmente"
    g = pos(["R8 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M")
    ev = play(g, A, "R8")
    assert "slap-now" in kinds(ev)
    assert Slap(B) in g.legal_actions(B)
    g.apply(Slap(B))
    g.apply(Slap(A))
    assert penalties(g) == [1] and penalties(g, C) == [1]
    assert g.current == B and "M" not in g.rule_state
    assert_refused(g, Slap(C), WindowClosedError)


def test_M_not_slapping_before_the_next_player_starts():
    # engine decision (social docstring): if the next player starts first, every seat that has not slapped draws 1
    g = pos(["R8 R1", "R3 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M")
    play(g, A, "R8")
    g.apply(Slap(A))
    play(g, B, "R3")
    assert penalties(g, B) == [1] and penalties(g, C) == [1] and not penalties(g, A)


def test_M_slap_twice_refused_and_other_cards_nothing():
    g = pos(["R8 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M")
    assert_refused(g, Slap(B), WindowClosedError)
    play(g, A, "R8")
    g.apply(Slap(B))
    assert_refused(g, Slap(B), IllegalActionError)


def test_M_DR_two_eights_count_as_one():
    # Duplicatas e Descarte Rápido: "Duas ou mais cartas 8 de uma vez não significam que todos devem bater duas ou
    # mais vezes; estas cartas acabam contando como uma."
    g = pos(["R8 B8 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DR-M")
    play(g, A, "R8 B8")
    g.apply(Slap(A))
    g.apply(Slap(B))
    assert penalties(g) == [1] and "M" not in g.rule_state


def test_M_winning_on_an_eight_last_to_slap_does_not_win():
    # Vencendo o Jogo: "Se ao vencer o jogo, um jogador descartar um 8 e não se lembrar de bater com a mão no
    # monte, e for, no fim das contas, o último a bater, ele deve comprar uma carta e não vence o jogo — o jogo
    # prossegue."
    g = pos(["R8", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M")
    play(g, A, "R8")
    assert not g.over
    g.apply(Slap(B))
    g.apply(Slap(C))
    assert sizes(g)[A] == 1 and not g.over


def test_M_C_no_cut_during_the_slap_round():
    # Regra do Corte: "a partir do momento em que um dos jogadores bate no monte depois que um 8 for jogado, um corte
    # não pode ocorrer até que alguém compre uma carta por ser a última a bater"
    g = pos(["R8 R1", "Y1 Y2", "R8 Y4", "Y5 Y6"], discard="R5", stock=STOCK, rules="UNO 1121 C-M")
    play(g, A, "R8")
    g.apply(Slap(B))
    assert not g.can(mk_play(C, "R8"))


def test_M_C_cut_allowed_after_the_slap_round():
    # "Depois que as mãos foram recolhidas alguém pode cortar."
    g = pos(["R8 R1", "Y1 Y2", "R8 Y4", "Y5 Y6"], discard="R5", stock=STOCK, rules="UNO 1121 C-M")
    play(g, A, "R8")
    g.apply(Slap(B))
    g.apply(Slap(A))
    g.apply(Slap(D))
    assert penalties(g, C) == [1]
    ev = play(g, C, "R8")
    assert kinds(ev)[0] == "cut" and g.current == D


def test_M_PAA_eight_not_in_the_first_round():
    # Regras da Paz: "a carta Oito não pode ser jogada durante a quantidade de turnos estipulada"
    g = pos(["R8 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M-PAA")
    assert_refused(g, mk_play(A, "R8"), CardNotPlayableError)
    g2 = pos(["R8 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 PAA")
    play(g2, A, "R8")


def test_M_PAB_eight_not_during_peace():
    g = pos(["R1 R2", "R8 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M-PAB")
    play(g, A, "R1")
    assert_refused(g, mk_play(B, "R8"), CardNotPlayableError)


def test_M_BACK_cannot_share_the_eight():
    # Regra do Backlash: "A não ser que as duas regras usem cartas diferentes, elas não podem ser aplicadas
    # simultaneamente."
    with pytest.raises(RuleConflictError):
        Game.from_position(["R1", "R2"], "R5", rules="UNO 1121 M-BACK")
    Game.from_position(["R1", "R2"], "R5", rules="UNO 1121 M-BACK(card=9)")


def test_M_FL_eight_cannot_win():
    # Final Limpo: "A carta oito não pode ser jogada para vencer o jogo, pois faz com que algum jogador compre
    # cartas."
    g = pos(["R8", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 FL-M")
    assert not g.can(mk_play(A, "R8"))


def test_M_card_parameter():
    g = pos(["R9 R1", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 M(card=9)")
    play(g, A, "R9")
    assert Slap(B) in g.legal_actions(B)


# ============================================================================================== E / IE


def test_E_green_five_each_opponent_compliments_or_draws():
    # "a cada 5 verde jogado, um elogio (por adversário) deve ser feito à pessoa que descartou o 5. Se o elogio não
    # for feito, o adversário compra uma carta."
    g = pos(["G5 R1", "G3 Y2", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 E")
    play(g, A, "G5")
    g.apply(Say(B, "que jogada brilhante!"))
    play(g, B, "G3")
    assert penalties(g, C) == [1] and not penalties(g, B) and not penalties(g, A)


def test_E_everyone_compliments_nobody_draws():
    g = pos(["G5 R1", "G3 Y2", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 E")
    play(g, A, "G5")
    g.apply(Say(C, "you are so clever"))
    g.apply(Say(B, "great play"))
    play(g, B, "G3")
    assert not penalties(g)


def test_E_other_fives_owe_nothing():
    g = pos(["R5 R1", "R3 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 E")
    play(g, A, "R5")
    play(g, B, "R3")
    assert not penalties(g)


def test_E_a_non_compliment_does_not_pay():
    g = pos(["G5 R1", "G3 Y2", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 E")
    play(g, A, "G5")
    g.apply(Say(B, "ok"))
    g.apply(Say(C, "hmm"))
    play(g, B, "G3")
    assert penalties(g, B) == [1] and penalties(g, C) == [1]


def test_E_no_repeated_compliment():
    # Repetição: "Os elogios não podem se repetir."
    g = pos(["G5 R1", "G3 Y2", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 E")
    play(g, A, "G5")
    g.apply(Say(B, "brilliant"))
    g.apply(Say(C, "Brilliant"))
    play(g, B, "G3")
    assert penalties(g, C) == [1] and not penalties(g, B)


def test_E_no_repeated_compliment_later_in_the_hand():
    g = pos(["G5 G6 R1", "G3 Y2 Y1", "Y3 Y4 Y5"], discard="G7", stock=STOCK, rules="UNO 1121 E")
    play(g, A, "G5")
    g.apply(Say(B, "brilliant"))
    g.apply(Say(C, "amazing"))
    play(g, B, "G3")
    assert not penalties(g)
    g2 = pos(["G5 G6 R1", "G3 Y2 Y1", "G5 Y4 Y5"], discard="G7", stock=STOCK, rules="UNO 1121 E")
    play(g2, A, "G5")
    g2.apply(Say(B, "brilliant"))
    g2.apply(Say(C, "amazing"))
    play(g2, B, "G3")
    play(g2, C, "G5")
    g2.apply(Say(A, "brilliant"))   # already paid this hand
    g2.apply(Say(B, "wonderful"))
    play(g2, A, "G6")
    assert penalties(g2, A) == [1] and not penalties(g2, B)


def test_E_DD_two_green_fives_two_compliments_each():
    # Duplicatas e Descarte Rápido: "Se dois cinco verdes forem jogados ao mesmo tempo, dois elogios devem ser
    # feitos por adversário."
    g = pos(["G5 G5 R1", "G3 Y2", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 DD-E")
    play(g, A, "G5 G5")
    g.apply(Say(B, "brilliant"))
    g.apply(Say(C, "amazing"))
    g.apply(Say(C, "genius"))
    play(g, B, "G3")
    assert penalties(g, B) == [1] and not penalties(g, C)


def test_E_C_cut_five_only_second_compliments():
    # Regra do Corte: "Se um cinco verde é cortado, apenas os elogios do segundo cinco verde devem ser feitos; o
    # primeiro pode ser ignorado."
    g = pos(["G5 R1", "Y1 Y2", "Y3 Y4", "G5 Y6"], discard="G7", stock=STOCK, rules="UNO 1121 C-E")
    play(g, A, "G5")
    play(g, D, "G5")  # cut: nobody complimented A
    for s, t in ((A, "brilliant"), (B, "amazing"), (C, "genius")):
        g.apply(Say(s, t))
    draw(g, A)
    assert not penalties(g)


def test_E_C_cut_five_compliments_owed_to_the_cutter():
    g = pos(["G5 R1", "Y1 Y2", "Y3 Y4", "G5 Y6"], discard="G7", stock=STOCK, rules="UNO 1121 C-E")
    play(g, A, "G5")
    g.apply(Say(B, "nice"))
    g.apply(Say(C, "cool"))
    g.apply(Say(D, "lovely"))
    play(g, D, "G5")
    draw(g, A)  # nobody complimented D
    assert penalties(g, A) == [1] and penalties(g, B) == [1] and penalties(g, C) == [1]
    assert not penalties(g, D)


def test_IE_red_five_critique():
    # IE: "a cada 5 vermelho jogado, uma crítica por adversário deve ser feita à pessoa que descartou o 5"
    g = pos(["R5 B1", "R3 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 IE")
    play(g, A, "R5")
    g.apply(Say(B, "you are so slow"))
    g.apply(Say(C, "great play"))  # a compliment is no critique
    play(g, B, "R3")
    assert penalties(g, C) == [1] and not penalties(g, B)


def test_IE_green_five_needs_no_critique():
    g = pos(["G5 B1", "G3 Y2", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 IE")
    play(g, A, "G5")
    play(g, B, "G3")
    assert not penalties(g)


def test_IE_no_repeated_critique():
    # "Equivalentes às da Regra dos Elogios": no repetition
    g = pos(["R5 B1", "R3 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 IE")
    play(g, A, "R5")
    g.apply(Say(B, "boring"))
    g.apply(Say(C, "boring"))
    play(g, B, "R3")
    assert penalties(g, C) == [1] and not penalties(g, B)


def test_IE_DD_two_red_fives_two_critiques_each():
    g = pos(["R5 R5 B1", "R3 Y2", "Y3 Y4"], discard="R7", stock=STOCK, rules="UNO 1121 DD-IE")
    play(g, A, "R5 R5")
    g.apply(Say(B, "boring"))
    g.apply(Say(C, "slow"))
    g.apply(Say(C, "clumsy"))
    play(g, B, "R3")
    assert penalties(g, B) == [1] and not penalties(g, C)


def test_IE_C_cut_five_only_second_critiques():
    g = pos(["R5 B1", "Y1 Y2", "Y3 Y4", "R5 Y6"], discard="R7", stock=STOCK, rules="UNO 1121 C-IE")
    play(g, A, "R5")
    play(g, D, "R5")
    for s, t in ((A, "boring"), (B, "slow"), (C, "clumsy")):
        g.apply(Say(s, t))
    draw(g, A)
    assert not penalties(g)


def test_E_IE_together():
    g = pos(["G5 R5 B1", "R3 Y2 G3", "Y3 Y4"], discard="G7", stock=STOCK, rules="UNO 1121 E-IE")
    play(g, A, "G5")
    g.apply(Say(B, "brilliant"))
    g.apply(Say(C, "boring"))  # a critique pays no compliment
    play(g, B, "G3")
    assert penalties(g, C) == [1] and not penalties(g, B)


# ============================================================================================== ORG


def test_ORG_apology_costs_two():
    # "Esta regra obriga o jogador que pedir desculpas, por qualquer razão, a comprar duas cartas."
    g = pos(["R1 R2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 ORG")
    g.apply(Say(B, "Desculpa, foi sem querer"))  # out of turn too
    assert penalties(g, B) == [2] and sizes(g)[B] == 4
    g.apply(Say(A, "sorry!"))
    g.apply(Say(C, "scusa"))
    assert penalties(g, A) == [2] and penalties(g, C) == [2]


def test_ORG_other_speech_is_free():
    g = pos(["R1 R2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 ORG")
    g.apply(Say(B, "boa jogada"))
    assert not penalties(g)


def test_ORG_each_apology_costs_two():
    g = pos(["R1 R2", "Y1 Y2"], discard="R5", stock=STOCK, rules="UNO 1121 ORG")
    g.apply(Say(B, "perdão"))
    g.apply(Say(B, "my bad"))
    assert penalties(g, B) == [2, 2]


def test_ORG_without_the_rule_apologies_are_free():
    g = pos(["R1 R2", "Y1 Y2"], discard="R5", stock=STOCK)
    g.apply(Say(B, "desculpa"))
    assert not penalties(g)


# ============================================================================================== DP


def test_DP_drew_while_holding_playable_draws_two():
    # "um jogador seja punido com duas cartas quando compre uma carta do monte mesmo possuindo na mão cartas para
    # jogar"
    g = pos(["R1 B2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DP")
    draw(g, A)
    assert ChallengeDraw(C) in g.legal_actions(C)
    g.apply(ChallengeDraw(C))
    assert penalties(g, A) == [2] and sizes(g)[A] == 5 and not penalties(g, C)


def test_DP_wrong_challenger_draws_four():
    # "o jogador que desconfiou de outro, mas estava errado, deve comprar cartas também — desta vez, quatro"
    g = pos(["B1 B2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DP")
    draw(g, A)
    g.apply(ChallengeDraw(B))
    assert penalties(g, B) == [4] and not penalties(g, A)


def test_DP_cannot_challenge_own_draw_or_twice():
    g = pos(["R1 B2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DP")
    assert_refused(g, ChallengeDraw(B), WindowClosedError)
    draw(g, A)
    assert_refused(g, ChallengeDraw(A), IllegalActionError)
    g.apply(ChallengeDraw(B))
    assert_refused(g, ChallengeDraw(C), WindowClosedError)


def test_DP_window_closes_when_the_next_player_starts():
    g = pos(["R1 B2", "Y1 Y2", "Y3 Y4"], discard="R5", stock="G9 " + STOCK, rules="UNO 1121 DP")
    draw(g, A)
    assert g.current == B
    draw(g, B)
    g.apply(ChallengeDraw(A))  # B's draw (B could not play) is the open one now
    assert penalties(g, A) == [4] and not penalties(g, B)


def test_DP_FL_forced_draw_is_innocent():
    # Desafio Polivalente + Final Limpo: "Se um jogador A não pode descartar o Curinga ... pois é a sua última
    # carta, e precisa comprar, se alguém o desafia, deve comprar quatro cartas"
    g = pos(["W", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DP-FL")
    draw(g, A)
    g.apply(ChallengeDraw(B))
    assert penalties(g, B) == [4] and not penalties(g, A)


def test_DP_wild_draw_four_keeps_the_official_challenge():
    # Curinga Comprar Quatro: "as regras oficiais continuam valendo"
    g = pos(["W+4 R1 R2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DP")
    play(g, A, "W+4", "G")
    assert Challenge(B) in g.legal_actions(B)
    assert ChallengeDraw(C) not in g.legal_actions(C)
    g.apply(Challenge(B))
    assert penalties(g, A) == [4]  # A held red cards: bluff


def test_DP_penalty_draw_of_wild_draw_four_is_not_challengeable():
    g = pos(["W+4 B1 B2", "R1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 DP")
    play(g, A, "W+4", "R")
    draw(g, B)  # B held R1, but a Wild Draw Four draw is not a choice
    assert_refused(g, ChallengeDraw(C), WindowClosedError)


# ============================================================================================== MEM / PRE


def test_MEM_forgetting_uno_costs_four():
    # "obrigar aqueles que se esquecem de dizer UNO a comprar quatro, e não duas, cartas"
    g = pos(["R1 R2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 MEM")
    play(g, A, "R1")
    g.apply(CatchUno(C, A))
    assert penalties(g, A) == [4] and sizes(g)[A] == 5


def test_MEM_saying_uno_is_safe():
    g = pos(["R1 R2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK, rules="UNO 1121 MEM")
    play(g, A, "R1", uno=True)
    assert_refused(g, CatchUno(C, A))


def test_MEM_off_costs_two():
    g = pos(["R1 R2", "Y1 Y2", "Y3 Y4"], discard="R5", stock=STOCK)
    play(g, A, "R1")
    g.apply(CatchUno(C, A))
    assert penalties(g, A) == [2]


def test_PRE_missed_uno_catchable_any_time_later():
    # "um jogador que esqueceu de falar UNO pode ser pego a qualquer hora, mesmo dois ou mais turnos depois"
    g = pos(["R1 R2", "R3 Y2 Y5", "R4 Y4 Y6"], discard="R5", stock=STOCK, rules="UNO 1121 PRE")
    play(g, A, "R1")
    play(g, B, "R3")
    play(g, C, "R4")
    assert CatchUno(B, A) in g.legal_actions(B)
    g.apply(CatchUno(B, A))
    assert penalties(g, A) == [2]


def test_PRE_off_window_closes_when_the_next_player_starts():
    # "No UNO jogado com as regras originais ... só pode ser punido ... se for pego antes que o próximo jogador
    # comece seu turno"
    g = pos(["R1 R2", "R3 Y2 Y5", "R4 Y4 Y6"], discard="R5", stock=STOCK)
    play(g, A, "R1")
    play(g, B, "R3")
    assert_refused(g, CatchUno(C, A), WindowClosedError)


def test_PRE_no_catch_once_uno_said_or_hand_grew():
    g = pos(["R1 R2", "R3 Y2 Y5", "R4 Y4 Y6"], discard="R5", stock=STOCK, rules="UNO 1121 PRE")
    play(g, A, "R1")
    play(g, B, "R3")
    g.apply(SayUno(A))
    assert_refused(g, CatchUno(C, A))
    g2 = pos(["R1 R2", "R3 Y2 Y5", "R4 Y4 Y6"], discard="R5", stock=STOCK, rules="UNO 1121 PRE")
    play(g2, A, "R1")
    play(g2, B, "R3")
    play(g2, C, "R4")
    draw(g2, A)  # A (holding R2) draws by choice: two cards now
    assert_refused(g2, CatchUno(B, A))


def test_MEM_PRE_late_catch_costs_four():
    g = pos(["R1 R2", "R3 Y2 Y5", "R4 Y4 Y6"], discard="R5", stock=STOCK, rules="UNO 1121 MEM-PRE")
    play(g, A, "R1")
    play(g, B, "R3")
    play(g, C, "R4")
    g.apply(CatchUno(C, A))
    assert penalties(g, A) == [4]
