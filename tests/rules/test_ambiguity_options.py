"""The four ambiguity options ABCD (000 §Ambiguidade das Regras Oficiais, lines 216-355) and strict mode.

A pre-game: 1 simplified, 2 traditional, 3 simplified first then the deal rotates clockwise.
B corrections (table enforcement): 1 undo to the error; 2 card back + 2, later plays stand.
C challenge reveal: 1 to all; 2 only to the challenger.
D bluff caught: 1 the colour stands; 2 the card is taken back.
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
    Notice,
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
    sizes,
    state,
)

from unokit.core.actions import Accuse, Discard
from unokit.core.cards import Card, Color, parse_cards
from unokit.core.decks import build_deck
from unokit.core.errors import (
    CardNotInHandError,
    CardNotPlayableError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    WindowClosedError,
)
from unokit.engine.game import Game
from unokit.rules import RuleSet

# ---------------------------------------------------------------------------------------------- A: pre-game


def _traditional_order(players: int, dealer: int, hands: dict, first: str) -> list[str]:
    """Deck order for option A2: the first discard is taken at the cut (top card when scripted), then
    the deal goes counter-clockwise starting at the dealer's right."""
    full = [c.code for c in build_deck("classic")]
    given = {s: [c.code for c in parse_cards(h)] for s, h in hands.items()}
    for h in given.values():
        for c in h:
            full.remove(c)
    full.remove(first)
    full.sort(key=lambda c: (not c[1:].isdigit(), c))
    for s in range(players):
        if s not in given:
            given[s], full = full[:7], full[7:]
    seq = [first]
    for r in range(7):
        for i in range(players):
            seq.append(given[(dealer - 1 - i) % players][r])
    return list(reversed(seq + full))


def test_A1_simplified_highest_card_deals_left_of_dealer_starts():
    # "o jogador que tira a carta mais alta faz a distribuição ... e o jogador à esquerda inicia o jogo"
    for seed in range(8):
        g = Game.new(players=4, rules="UNO 1121", seed=seed)
        draws = g.setup["dealer_draws"]
        last = draws[-1]
        assert len(draws) == 1 or len(last) < 4
        best = max((Card.parse(c).number or 0) for c in last.values())
        winners = [p for p, c in last.items() if (Card.parse(c).number or 0) == best]
        assert winners == [g.dealer]
        if g.top.face not in (10, 11, 12, 13):  # number first card: left of the dealer starts
            assert g.current == (g.dealer + 1) % 4 and g.direction == 1


def test_A2_traditional_cut_card_is_the_first_discard_deal_and_play_go_counterclockwise():
    # "o distribuidor passa então a distribuir as cartas, começando pelo jogador imediatamente à sua direita e
    # prosseguindo no sentido anti-horário ... Após isso, o jogador à direita inicia o jogo."
    order = _traditional_order(4, B, {A: "R1 R2 R3 R4 R5 R6 R7", D: "G1 G2 G3 G4 G5 G6 G7"}, "B5")
    g = Game.new(players=4, rules="UNO 2121", dealer=B, deck_order=order)
    assert g.top.code == "B5"
    assert hand(g, A) == ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    assert g.current == A and g.direction == -1  # the dealer's right starts, play goes to the right
    play(g, A, "R5")
    assert g.current == D


def test_A2_traditional_shuffled_cut_point_is_random_and_recorded():
    from unokit.engine.playback import replay
    g = Game.new(players=3, rules="UNO 2121", seed=11, dealer=0)
    assert g.direction in (1, -1) and sizes(g) == [7, 7, 7]
    g.check_invariants()
    assert replay(g.record()).fingerprint() == g.fingerprint()


def test_A3_first_hand_like_A1():
    g = Game.new(players=4, rules="UNO 3121", seed=5)
    assert "dealer_draws" in g.setup and g.direction in (1, -1)
    if g.top.face not in (10, 11, 12, 13):
        assert g.current == (g.dealer + 1) % 4


def _finish(g, rng_seed=0):
    import random
    rng = random.Random(rng_seed)
    steps = 0
    while not g.over and steps < 3000:
        acts = g.legal_actions(g.to_act)
        plays = [a for a in acts if isinstance(a, Play)]
        g.apply(plays[0] if plays else rng.choice(acts))
        steps += 1
    return g.over


@pytest.mark.parametrize("code,step", [("UNO 1121", None), ("UNO 3121", 1), ("UNO 2121", -1)])
def test_A_dealer_between_hands_of_a_match(code, step):
    # A1: "a cada partida" the draw for dealer is repeated; A3: "uma vez definido quem dá as cartas na primeira
    # partida do jogo, os distribuidores sejam escolhidos através de um ciclo no sentido horário (à esquerda)".
    match = pytest.importorskip("unokit.match")
    m = match.Match.new(players=4, rules=code, seed=3, target=10_000)
    g = m.next_hand()
    first_dealer = g.dealer
    assert "dealer_draws" in g.setup
    assert _finish(g)
    m.finish_hand(g)
    nxt = m.upcoming.dealer
    if step is None:
        assert nxt is None  # drawn again
    else:
        assert nxt == (first_dealer + step) % 4


# ---------------------------------------------------------------------------------------------- B: corrections


def _wrong_then_two_more(code: str) -> Game:
    """A plays G3 on R7 (wrong), B plays G5, C plays G6; then D notices A's error."""
    g = pos(["G3 R1 R2", "G5 B5 B6", "G6 Y7 Y8", "R6 G9 G8"], discard="R7", stock="B1 B2 B3 B4 B5 B6",
            rules=code, enforcement="table")
    ev = play(g, A, "G3")
    assert kinds(ev)[0] == "wrong-play"
    assert [w.player for w in g.wrong_plays] == [A]
    play(g, B, "G5")
    play(g, C, "G6")
    assert g.current == D and len(g.wrong_plays) == 1
    return g


def test_B_table_enforcement_lets_a_wrong_play_stand_until_noticed():
    g = pos(["G3 R1 R2", "G5 B5 B6"], discard="R7", rules="UNO 1121", enforcement="table")
    assert g.can(mk_play(A, "G3"))
    play(g, A, "G3")
    assert g.top.code == "G3" and g.color == Color.GREEN and g.current == B
    assert Notice(B, g.wrong_plays[0].seq) in g.legal_actions(B)
    assert Notice(A, g.wrong_plays[0].seq) not in g.legal_actions(A)
    assert_refused(g, Notice(A, g.wrong_plays[0].seq), IllegalActionError)  # another player must notice


def test_B_official_wrong_card_noticed_at_once_taken_back_plus_2_next_player_plays():
    # "ele precisa pegá-la de volta e comprar mais 2 cartas extras do MONTE. O jogo continua com o próximo jogador."
    for code in ("UNO 1111", "UNO 1211"):
        g = pos(["G3 R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2", rules=code, enforcement="table")
        play(g, A, "G3")
        g.apply(Notice(B, g.wrong_plays[0].seq))
        assert sorted(hand(g, A)) == sorted(["G3", "R1", "R2", "B1", "B2"])
        assert g.top.code == "R7" and g.color == Color.RED
        assert g.current == B and g.phase == Phase.PLAY and not g.wrong_plays
        g.check_invariants()


def test_B1_error_noticed_later_is_undone_and_play_restarts_after_the_offender():
    # "O erro é corrigido com o jogador pegando de volta a carta que jogou erroneamente, com a partida reiniciada
    # daquele ponto." ... "o jogo deve reiniciar a partir do primeiro jogador afetado, que precisa refazer a sua
    # jogada"
    g = _wrong_then_two_more("UNO 1111")
    g.apply(Notice(D, g.wrong_plays[0].seq))
    assert sorted(hand(g, A)) == sorted(["G3", "R1", "R2", "B1", "B2"])
    assert hand(g, B) == ["G5", "B5", "B6"] and hand(g, C) == ["G6", "Y7", "Y8"]
    assert [c.code for c in g.discard] == ["R7"] and g.color == Color.RED
    assert g.current == B and g.phase == Phase.PLAY and not g.wrong_plays
    g.check_invariants()


def test_B2_offender_takes_card_back_plus_2_later_plays_stand():
    # "O jogador errado é punido, mas as jogadas subsequentes não são alteradas. A partida prossegue."
    g = _wrong_then_two_more("UNO 1211")
    g.apply(Notice(D, g.wrong_plays[0].seq))
    assert sorted(hand(g, A)) == sorted(["G3", "R1", "R2", "B1", "B2"])
    assert hand(g, B) == ["B5", "B6"] and hand(g, C) == ["Y7", "Y8"]
    assert [c.code for c in g.discard] == ["R7", "G5", "G6"] and g.color == Color.GREEN
    assert g.current == D and not g.wrong_plays
    g.check_invariants()


def test_B1_wrong_draw_two_noticed_before_the_next_player_draws_is_undone():
    g = pos(["G+2 R1 R2", "B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2 B3 B4", rules="UNO 1111",
            enforcement="table")
    play(g, A, "G+2")
    g.apply(Notice(C, g.wrong_plays[0].seq))
    assert g.pending == 0 and g.phase == Phase.PLAY and g.current == B and sizes(g) == [5, 2, 2]


def test_B2_wrong_draw_two_taken_back_before_the_next_player_draws_cancels_the_draw():
    # official: "ele precisa pegá-la de volta e comprar mais 2 cartas extras do MONTE. O jogo continua com o
    # próximo jogador." B2: "as jogadas subsequentes não são alteradas" -- here nobody has played since.
    g = pos(["G+2 R1 R2", "B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2 B3 B4", rules="UNO 1211",
            enforcement="table")
    play(g, A, "G+2")
    assert g.current == B and g.pending == 2
    g.apply(Notice(C, g.wrong_plays[0].seq))
    assert g.top.code == "R7" and sizes(g) == [5, 2, 2]
    assert g.pending == 0 and g.phase == Phase.PLAY and g.current == B


def test_B2_wrong_action_card_taken_back_at_once_play_continues_with_the_next_player():
    # official: "O jogo continua com o próximo jogador."
    g = pos(["GS R1 R2", "B5 B6", "Y1 Y2", "Y3 Y4"], discard="R7", stock="B1 B2 B3 B4", rules="UNO 1211",
            enforcement="table")
    play(g, A, "GS")
    g.apply(Notice(D, g.wrong_plays[0].seq))
    assert g.top.code == "R7" and g.current == B
    g = pos(["GR R1 R2", "B5 B6", "Y1 Y2", "Y3 Y4"], discard="R7", stock="B1 B2 B3 B4", rules="UNO 1211",
            enforcement="table")
    play(g, A, "GR")
    g.apply(Notice(C, g.wrong_plays[0].seq))
    assert g.top.code == "R7" and g.direction == 1 and g.current == B


def test_B2_wrong_card_still_on_top_colour_reverts():
    g = pos(["G3 R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="B1 B2", rules="UNO 1211", enforcement="table")
    play(g, A, "G3")
    g.apply(Notice(C, g.wrong_plays[0].seq))
    assert g.top.code == "R7" and g.color == Color.RED and g.current == B


def test_B_wrong_play_after_drawing_a_card_from_hand():
    # playing a card already in hand after drawing is a wrong play at a table
    g = pos(["R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="R9 B1 B2", rules="UNO 1211", enforcement="table")
    draw(g, A)
    assert g.phase == Phase.DRAWN
    play(g, A, "R1")
    assert [w.player for w in g.wrong_plays] == [A]


def test_B_a_hand_cannot_end_on_a_wrong_card():
    g = pos(["G3", "G5 B5 B6"], discard="R7", rules="UNO 1211", enforcement="table")
    assert_refused(g, mk_play(A, "G3"), CardNotPlayableError)


def test_B_table_mode_still_refuses_structural_errors():
    g = pos(["G3 R1", "G5 B5 B6"], discard="R7", rules="UNO 1211", enforcement="table")
    assert_refused(g, mk_play(A, "B9"), CardNotInHandError)
    assert_refused(g, mk_play(B, "G5"), NotYourTurnError)
    assert_refused(g, Notice(B, 99), WindowClosedError)


def test_B_wrong_group_topped_by_wild_draw_four_challenge_counts_one_card():
    # official: "Se o Curinga Comprar Quatro Cartas tiver sido jogado indevidamente, o jogador responsável precisa
    # comprar 4 cartas." A group is itself a wrong play without DR/DD; it stands until noticed.
    g = pos(["G1 B7 W+4 R1", "B1 B2", "Y1 Y2"], discard="R7", stock="G2 G3 G4 G5 G6 G7 G8 G9",
            rules="UNO 1121", enforcement="table")
    play(g, A, "G1 B7 W+4", "Y")
    assert g.pending == 4 and len(g.wrong_plays) == 1
    g.apply(Challenge(B))           # A holds R1: guilty
    assert g.pending == 0 and g.phase == Phase.PLAY
    assert sizes(g)[A] == 1 + 4 and sizes(g)[B] == 2
    g.check_invariants()


def test_B_wrong_play_event_does_not_reveal_the_drawn_card():
    # C2 / views: only challenges and accusations show hidden cards; the card drawn stays private
    g = pos(["R1 R2", "G5 B5 B6", "Y1 Y2"], discard="R7", stock="R9 B1 B2", rules="UNO 1211", enforcement="table")
    draw(g, A)
    play(g, A, "R1")
    assert "R9" in hand(g, A)
    for seat in (B, C):
        assert "R9" not in repr(g.view(seat)), f"seat {seat} sees A's drawn card"


def test_B_strict_mode_has_nothing_to_notice():
    g = pos(["G3 R1", "G5 B5 B6"], discard="R7")
    assert_refused(g, Notice(B, 1), IllegalActionError)


# ---------------------------------------------------------------------------------------------- C: reveal


def _challenged(code: str) -> Game:
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2", "G7 G8"], discard="R7", stock="G2 G3 G4 G5 G6 B7 B8", rules=code)
    play(g, A, "W+4", "B")
    g.apply(Challenge(B))
    return g


def test_C1_challenged_hand_shown_to_all():
    # "O jogador desafiado deve mostrar as suas cartas a todos. Código 1."
    g = _challenged("UNO 1111")
    for seat in (B, C, D):
        assert (A, cards("R1 G1")) in g.view(seat).revealed


def test_C2_challenged_hand_shown_only_to_the_challenger():
    # "O jogador desafiado deve mostrar suas cartas apenas ao desafiante. Código 2."
    g = _challenged("UNO 1121")
    assert (A, cards("R1 G1")) in g.view(B).revealed
    for seat in (C, D):
        assert g.view(seat).revealed == ()
        assert "R1" not in repr(g.view(seat).revealed)


@pytest.mark.parametrize("code", ["UNO 1111", "UNO 1121"])
def test_C_innocent_hand_revealed_the_same_way(code):
    g = pos(["W+4 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G2 G3 G4 G5 G6 B7 B8", rules=code)
    play(g, A, "W+4", "B", uno=True)
    g.apply(Challenge(B))
    assert (A, cards("G1")) in g.view(B).revealed
    assert ((A, cards("G1")) in g.view(C).revealed) == (code == "UNO 1111")


# ---------------------------------------------------------------------------------------------- D: bluff caught


def test_D1_caught_bluffer_still_chooses_the_colour():
    # "Se o blefe for descoberto, o desafiado pelo menos exige uma cor. Código 1."
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G2 G3 G4 G5", rules="UNO 1121")
    play(g, A, "W+4", "B")
    g.apply(Challenge(B))
    assert g.top.code == "W+4" and g.color == Color.BLUE
    assert sizes(g) == [6, 2, 2] and g.current == B and g.phase == Phase.PLAY
    assert g.can(mk_play(B, "B1"))


def test_D2_caught_bluffer_card_taken_back_colour_reverts():
    # "Se o blefe for descoberto, a carta torna-se inválida. Código 2."
    g = pos(["W+4 R1 G1", "B1 B2", "Y1 Y2"], discard="R7", stock="G2 G3 G4 G5", rules="UNO 1122")
    play(g, A, "W+4", "B")
    g.apply(Challenge(B))
    assert g.top.code == "R7" and g.color == Color.RED and [c.code for c in g.discard] == ["R7"]
    assert "W+4" in hand(g, A) and sizes(g) == [3 + 4, 2, 2]
    assert g.current == B and g.phase == Phase.PLAY
    assert not g.can(mk_play(B, "B1"))
    g.check_invariants()


def test_D_innocent_wild_draw_four_stands_in_both_options():
    for code in ("UNO 1121", "UNO 1122"):
        g = pos(["W+4 G1 G2", "B1 B2", "Y1 Y2"], discard="R7", stock="G3 G4 G5 G6 G7 G8", rules=code)
        play(g, A, "W+4", "B")
        g.apply(Challenge(B))
        assert g.top.code == "W+4" and g.color == Color.BLUE and g.current == C


# ---------------------------------------------------------------------------------------------- strict mode


def _strict_position() -> Game:
    return pos(["R1 R2 W W+4 G5", "B1 B2 R3", "Y1 Y2 R4", "G1 G2 R5"], discard="R7", stock="B9 B8 B7 B6 B5")


@pytest.mark.parametrize("action,err", [
    (mk_play(B, "R3"), NotYourTurnError),
    (mk_play(A, "G5"), CardNotPlayableError),
    (mk_play(A, "B9"), CardNotInHandError),
    (mk_play(A, "R1 R2"), CardNotPlayableError),
    (mk_play(A, "W"), IllegalActionError),
    (mk_play(A, "R1", "G"), IllegalActionError),
    (mk_play(A, "R1", uno=True), IllegalActionError),
    (Play(A, ()), IllegalActionError),
    (Play(A, (), hidden=cards("R1")), IllegalActionError),
    (Draw(B), NotYourTurnError),
    (Pass(A), NotYourTurnError),
    (ChooseColor(A, Color.GREEN), NotYourTurnError),
    (SayUno(A), IllegalActionError),
    (CatchUno(B, A), IllegalActionError),
    (CatchUno(B, 9), IllegalActionError),
    (Challenge(B), WindowClosedError),
    (Notice(B, 1), IllegalActionError),
    (Accuse(B), WindowClosedError),
    (Discard(A, Card.parse("R1")), NotYourTurnError),
    (Hint(A, 7, "x"), IllegalActionError),
    (Draw(7), NotYourTurnError),
])
def test_strict_illegal_action_raises_typed_error_and_state_is_unchanged(action, err):
    g = _strict_position()
    assert action not in g.legal_actions(action.player if 0 <= action.player < 4 else 0)
    assert_refused(g, action, err)


def test_strict_error_hierarchy():
    for e in (NotYourTurnError, CardNotInHandError, CardNotPlayableError, WindowClosedError, GameOverError):
        assert issubclass(e, IllegalActionError)


def test_strict_refusals_in_every_phase_leave_state_unchanged():
    # DRAWN
    g = pos(["R1 R2", "B1 B2"], discard="R7", stock="R9")
    draw(g, A)
    for a in (mk_play(A, "R1"), Draw(A), mk_play(B, "B1")):
        assert_refused(g, a)
    # PENDING
    g = pos(["R+2 R2", "B+2 B2", "Y1"], discard="R7", stock="G1 G2 G3")
    play(g, A, "R+2")
    for a in (mk_play(B, "B+2"), mk_play(B, "B2"), Pass(B), Challenge(B)):
        assert_refused(g, a)
    # COLOR
    g = new_game(3, A, {B: "R1 R2 R3 R4 R5 R6 R7"}, "W")
    for a in (mk_play(B, "R1"), Draw(B), ChooseColor(C, Color.RED)):
        assert_refused(g, a)


def test_strict_verify_raises_the_same_error_as_apply():
    g = _strict_position()
    with pytest.raises(CardNotPlayableError, match="matches neither"):
        g.verify(mk_play(A, "G5"))
    before = state(g)
    g.verify(mk_play(A, "R1"))
    assert state(g) == before


def test_strict_enforcement_parameter_is_validated():
    from unokit.core.errors import UnoError
    with pytest.raises(UnoError, match="enforcement"):
        Game.new(players=2, enforcement="lenient")


@pytest.mark.parametrize("digits", ["1121", "1111", "1211", "2122", "3212", "2221"])
def test_ambiguity_digits_are_exposed_on_the_ruleset(digits):
    rs = RuleSet.parse(f"UNO {digits}")
    assert rs.ambiguity == tuple(int(d) for d in digits)
    assert (rs.pregame, rs.corrections, rs.reveal, rs.bluff) == rs.ambiguity
    g = Game.new(players=3, rules=rs, seed=1)
    assert g.rules.code == f"UNO {digits}"
