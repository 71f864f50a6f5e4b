"""Issue 9, point 3: engine bugs found while preparing Engine v2, each pinned by a test named after its
rule(s) and the seed's clause.

Seeds quoted: 000 (the Portuguese guide: DED lines 1373-1407, CAR 1679-1715, AA 1255-1281, REV 1609-1630,
"Fim das Cartas" 322-331), 003 "Penalità" (SLOWUNO: a missed UNO may be caught until the end of the next
player's turn), 003 "Add it up" (ADDUP) and 004 Seven-O (SEVENO).

Seats: A=0, B=1, C=2, D=3, clockwise.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import (
    A,
    Accuse,
    B,
    C,
    CatchUno,
    D,
    Draw,
    Phase,
    Play,
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

from unokit.core.actions import Action, Slap, action_from_dict
from unokit.core.cards import Card, Color, parse_cards
from unokit.core.errors import CardNotPlayableError, IllegalActionError, WindowClosedError
from unokit.engine.compose import Composer, complete
from unokit.engine.game import Game
from unokit.rules.extras import ChallengeSum

# stock (top first): R5 first (playable on a red pile, so the next player's turn stays open in DRAWN),
# then yellow cards the red / green / blue piles of these scenarios never match
RSTOCK = "R5 Y8 Y7 Y6 Y5 Y4 Y3 Y2"
YSTOCK = "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y8 Y7 Y6"


def penalties(events, why: str | None = None) -> list[tuple[int, int]]:
    return [(e.player, e.detail[0]) for e in events if e.kind == "penalty" and (why is None or why in e.detail[1])]


# ============================================================================ 1. DED + SLOWUNO


def test_DED_SLOWUNO_face_down_last_but_one_can_be_caught():
    # 000 DED, Vitória: "É possível 'ficar UNO' ... descartando no monte de cartas ocultas"; 003 Penalità: the
    # missed UNO is punished "solo se un altro giocatore fa notare l'errore entro la fine del turno successivo"
    g = pos(["R1 B7", "B3 B2", "G1 G2 G3", "Y1 Y2"], "R9", RSTOCK, rules="UNO 1121 DED-SLOWUNO")
    g.apply(hidden(A, "R1"))                  # one card left, UNO not said
    assert A in g.catchable
    draw(g, B)                                # B starts (drew the playable R5): the accusation window closes...
    assert g.phase == Phase.DRAWN and g.claim is None
    assert A in g.catchable                   # ...but the UNO window lasts until B's turn ends
    ev = g.apply(CatchUno(D, A))
    assert penalties(ev, "missed UNO") == [(A, 2)] and sizes(g)[A] == 3
    g.check_invariants()


def test_DED_SLOWUNO_face_down_window_closes_when_next_turn_ends():
    # 003: "Non si incappa nella penalità se ... il giocatore successivo completa il proprio turno"
    g = pos(["R1 B7", "R3 B2 B4", "G1 G2 G3", "Y1 Y2"], "R9", YSTOCK, rules="UNO 1121 DED-SLOWUNO")
    g.apply(hidden(A, "R1"))
    play(g, B, "R3")
    assert A not in g.catchable
    assert_refused(g, CatchUno(C, A), WindowClosedError)


# ============================================================================ 2. CAR + SLOWUNO (hand changes)


def test_CAR_SLOWUNO_handed_one_card_hand_can_be_caught():
    # 000 CAR, UNO: "O jogador B joga uma carta 0 e passa a ter uma carta na mão ... o jogador B deve dizer 'UNO'
    # assim que jogar a carta 0, ou qualquer pessoa pode acusá-lo"; 003 Penalità: until the next turn ends
    g = pos(["Y9", "R0 B3 B4", "G1 G2 G3", "G4 G6 G7"], "R9", RSTOCK, rules="UNO 1121 CAR-SLOWUNO", current=B)
    play(g, B, "R0")                          # A's one card passes to B; B says nothing
    assert hand(g, B) == ["Y9"] and B in g.catchable
    draw(g, C)                                # C starts its turn (drew the playable R5)
    assert g.phase == Phase.DRAWN and B in g.catchable
    ev = g.apply(CatchUno(A, B))
    assert penalties(ev, "missed UNO") == [(B, 2)] and sizes(g)[B] == 3
    g.check_invariants()


def test_CAR_SLOWUNO_handed_hand_window_closes_when_next_turn_ends():
    g = pos(["Y9", "R0 B3 B4", "G1 G2 G3", "G4 G6 G7"], "R9", YSTOCK, rules="UNO 1121 CAR-SLOWUNO", current=B)
    play(g, B, "R0")
    draw(g, C)                                # nothing playable: C's turn ends
    assert B not in g.catchable
    assert_refused(g, CatchUno(A, B), WindowClosedError)


def test_CAR_SLOWUNO_uno_said_with_the_zero_is_safe():
    g = pos(["Y9", "R0 B3 B4", "G1 G2 G3", "G4 G6 G7"], "R9", RSTOCK, rules="UNO 1121 CAR-SLOWUNO", current=B)
    play(g, B, "R0", uno=True)
    assert not g.catchable


@pytest.mark.parametrize("rules", ["SLOWUNO-CAR", "SLOWUNO-T", "SLOWUNO-SEVENO", "SLOWUNO-DOA", "SLOWUNO-DED",
                                   "SLOWUNO-DR-DED", "SLOWUNO-ZEROLEFT"])
def test_SLOWUNO_every_catchable_seat_has_its_expiry(rules):
    # the root of bugs 1 and 2: wherever a seat becomes catchable (a play, a face-down play, a hand handed
    # over, a free discard) its SLOWUNO window is set; check_invariants asserts it at every step
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(players=4, rules=f"UNO 1121 {rules}", seed=seed)
        for _ in range(400):
            if g.over:
                break
            seat = g.to_act
            if g.catchable and rng.random() < 0.2:
                seats = [p for p in g.out_of_turn_seats() if any(isinstance(a, CatchUno) for a in g.legal_actions(p))]
                if seats:
                    seat = rng.choice(seats)
            acts = [a for a in g.legal_actions(seat) if not isinstance(a, CatchUno) or rng.random() < 0.3]
            acts = acts or g.legal_actions(seat)
            # rarely say UNO, so that missed UNOs happen
            pick = [a for a in acts if not getattr(a, "uno", False) and type(a).__name__ != "SayUno"] or acts
            g.apply(complete(g, rng.choice(pick), rng.choice))
            g.check_invariants()


# ============================================================================ 3. rule-owned action types


def _rule_action_types() -> list[type]:
    from unokit.core.actions import EXTRA_ACTIONS
    from unokit.rules.registry import REGISTRY
    out = []
    for cls in REGISTRY.values():
        for k in (cls if isinstance(cls, tuple) else (cls,)):
            out.extend(k.actions)
    out.extend(EXTRA_ACTIONS.values())
    return list(dict.fromkeys(out))


def _example(t: type, player: int) -> Action:
    kw = {}
    for f in dataclasses.fields(t):
        if f.name == "player":
            kw[f.name] = player
        elif f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        elif f.type in (int, "int"):
            kw[f.name] = 1
        elif f.type in (str, "str"):
            kw[f.name] = "x"
        else:  # pragma: no cover - a new field type: teach this test to build it
            pytest.fail(f"{t.__name__}.{f.name}: no example value for a field of type {f.type!r}")
    return t(**kw)


def test_rule_action_types_are_listed():
    types = _rule_action_types()
    assert {Slap, ChallengeSum} <= set(types) and all(issubclass(t, Action) for t in types)


@pytest.mark.parametrize("t", _rule_action_types(), ids=lambda t: t.__name__)
def test_every_rule_action_type_round_trips_through_notation_and_dict(t):
    for seat in (0, 3):
        a = _example(t, seat)
        assert Action.parse(str(a)) == a, f"{t.__name__}: '{a}' does not read back"
        assert action_from_dict(a.to_dict()) == a, f"{t.__name__}: {a.to_dict()} does not read back"
        assert str(a).split()[:2] == [str(seat), t.kind]


def test_ADDUP_doubtsum_round_trips():
    # 003 "Add it up": "il giocatore del turno successivo muove un'accusa" -- the accusation is ChallengeSum
    a = ChallengeSum(1)
    assert str(a) == "1 doubtsum" and Action.parse("1 doubtsum") == a and Action.parse(str(a)) == a
    assert action_from_dict(a.to_dict()) == a


def test_ADDUP_terminal_doubtsum_command():
    from unokit.play.plain import parse_command
    g = pos(["G5 G4 B1", "B1 B2", "G1 G2 G3 G4"], "R9", YSTOCK, rules="UNO 1121 ADDUP")
    play(g, A, "G5 G4", uno=True)
    a = parse_command("doubtsum", g.view(B))
    assert a == ChallengeSum(B) and g.can(a)
    assert parse_command("1 doubtsum", g.view(B)) == a   # the full notation too
    assert parse_command("1 slap", g.view(B)) == Slap(B)
    g.apply(a)
    assert "sum-challenge" in kinds(g.events)


# ============================================================================ 4. AA + C (cut with an arithmetic group)


def test_AA_C_cut_group_must_make_the_top_number():
    # 000 AA, Regra do Corte: "O jogador C pode cortar o jogador B jogando o seu 5 Azul, e pode jogar juntamente
    # um 0 Azul (já que a soma (ou a subtração) entre 5 e 0 é 5)" -- a 1 added would make 6
    g = pos(["B5 R1", "Y1 Y2", "B5 B1 Y3", "Y4 Y5"], discard="B9", stock=YSTOCK, rules="UNO 1121 C-AA")
    play(g, A, "B5")
    assert_refused(g, mk_play(C, "B5 B1"))
    g2 = pos(["B5 R1", "Y1 Y2", "B5 B0 Y3", "Y4 Y5"], discard="B9", stock=YSTOCK, rules="UNO 1121 C")
    play(g2, A, "B5")
    assert_refused(g2, mk_play(C, "B5 B0"))   # without AA a cut is one card


# ============================================================================ 5. DED face-down pile and the stock


def test_DED_face_down_pile_reshuffled_with_the_discards():
    # 000 "Fim das Cartas": when the stock runs out "o DESCARTE é novamente embaralhado"; under DED "existem duas
    # pilhas de descarte" -- both are reshuffled (docs/rules/DED.md, Engine decisions)
    g = pos(["R1 B7 G3", "Y1 Y2", "Y3 Y4"], discard="R9 R5", stock="", rules="UNO 1121 DED")
    g.apply(hidden(A, "B7"))
    assert codes(g.hidden_pile) == ["B7"]
    ev = draw(g, B)                                     # the stock is empty
    assert [e.detail for e in ev if e.kind == "reshuffle"] == [(2,)]   # R9 and the face-down B7
    assert g.hidden_pile == [] and codes(g.discard) == ["R5"] and sizes(g)[B] == 3
    assert sorted(codes(g.stock + [g.hands[B][-1]])) == ["B7", "R9"]
    g.check_invariants()


def test_DED_open_face_down_play_stays_at_a_reshuffle():
    # 000 DED, Vitória: "Ao vencer o jogo de forma oculta, mentindo, e for descoberto, a carta volta para sua mão"
    # -- so the card of a face-down play still open to accusation is not reshuffled away
    g = pos(["B7", "Y1 Y2", "Y3 Y4"], discard="G2 G3 G4 G5 R9", stock="", rules="UNO 1121 DED")
    g.hidden_pile = parse_cards("G6 G7")      # earlier face-down plays
    g.initial_counts = g.card_locations()
    g.apply(hidden(A, "B7"))                  # a lie that empties the hand
    assert g.phase == Phase.HIDDEN_FINISH
    ev = g.apply(Accuse(B))                   # the liar draws 4: the stock is rebuilt from both piles
    assert "reshuffle" in kinds(ev)
    assert "B7" in hand(g, A) and sizes(g)[A] == 5 and not g.over
    assert "B7" not in codes(g.hidden_pile) and g.hidden_pile == []
    g.check_invariants()


def test_DED_reshuffle_conserves_cards_in_random_play():
    with_hidden = 0
    for seed in range(8):
        rng = random.Random(seed)
        g = Game.new(players=6, rules="UNO 1121 DED", seed=seed)
        for _ in range(1500):
            if g.over:
                break
            acts = g.legal_actions(g.to_act)
            draws = [a for a in acts if isinstance(a, Draw)]
            hid = [a for a in acts if isinstance(a, Play) and a.hidden]
            r = rng.random()  # draw often, so that the stock runs out
            a = rng.choice(draws) if draws and r < 0.5 else rng.choice(hid) if hid and r < 0.7 else rng.choice(acts)
            face_down = len(g.hidden_pile)
            ev = g.apply(complete(g, a, rng.choice))
            if any(e.kind == "reshuffle" for e in ev):
                with_hidden += face_down > 0
            g.check_invariants()
    assert with_hidden, "no reshuffle took a face-down pile back in these games"


def codes(cs) -> list[str]:
    return [c.code for c in cs]


# ============================================================================ 6. targets and gifts validated first


@pytest.mark.parametrize("enforcement", ["strict", "table"])
def test_SEVENO_target_out_of_range_refused_before_anything_moves(enforcement):
    # 004 Seven-O: the 7 swaps hands "cu un jucător la alegere" -- a seat at the table
    g = pos(["R7 R1 G2", "Y1 Y2", "B3 B4"], "R9", YSTOCK, rules="UNO 1121 SEVENO", enforcement=enforcement)
    for t in (100, 3, A):
        assert_refused(g, mk_play(A, "R7", target=t))
    assert_refused(g, mk_play(A, "R1", target=B))       # a 1 names nobody
    assert_refused(g, mk_play(A, "G2", target=B))       # nor a wrong card that would stand in table mode
    play(g, A, "R7", target=B)
    assert hand(g, A) == ["Y1", "Y2"] and hand(g, B) == ["R1", "G2"]


@pytest.mark.parametrize("enforcement", ["strict", "table"])
def test_DOA_wrong_gifts_refused_before_anything_moves(enforcement):
    # 000 DOA: "o jogador que descartar uma carta 2 escolhe duas cartas de sua mão para entregá-la a uma outra
    # pessoa"
    g = pos(["R2 G5 G6 Y1", "B1 B2", "Y3 Y4"], discard="R9", stock=YSTOCK, rules="UNO 1121 DOA",
            enforcement=enforcement)
    for a in (mk_play(A, "R2", target=C, give=cards("G5")), mk_play(A, "R2", target=C, give=cards("G5 G6 Y1")),
              mk_play(A, "R2", give=cards("G5 G6")), mk_play(A, "R2", target=7, give=cards("G5 G6")),
              mk_play(A, "R2", target=C, give=cards("G5 B9")), mk_play(A, "R2", target=C, give=cards("R2 G5")),
              mk_play(A, "Y1", target=C, give=cards("G5 G6")), mk_play(A, "G5", target=C, give=cards("G6 Y1"))):
        assert_refused(g, a)


def _bad_variants(g: Game, a: Play, rng: random.Random) -> list[Play]:
    """Plays like ``a`` whose target or gift no rule offers."""
    p = a.player
    out = [dataclasses.replace(a, target=t) for t in (g.n, g.n + 5, 100, p)]
    out += [dataclasses.replace(a, target=q) for q in g.eliminated]
    rest = list(g.hands[p])
    for c in a.cards:
        rest.remove(c)
    other = next((q for q in range(g.n) if q != p and q not in g.eliminated), None)
    if a.give:
        out.append(dataclasses.replace(a, give=a.give[:-1]))              # one card short
        extra = [c for c in rest if c not in a.give]
        if extra:
            out.append(dataclasses.replace(a, give=a.give + (extra[0],)))  # one card too many
        out.append(dataclasses.replace(a, target=None))                   # nobody receives
        out.append(dataclasses.replace(a, give=(rng.choice(Card.ALL),) * len(a.give)))  # maybe not held
    elif rest:
        out.append(dataclasses.replace(a, give=(rng.choice(rest),), target=other))  # nothing is owed
    if a.target is None and other is not None:
        out.append(dataclasses.replace(a, target=other, give=()))         # maybe cards that name nobody
    return out


def _snapshot(g: Game):
    return (g.fingerprint(), [codes(h) for h in g.hands], codes(g.hidden_pile), sorted(g.catchable),
            list(g.uno_said), g.pending, g.phase, len(g.reveals), dict(g.rule_state))


@pytest.mark.parametrize("enforcement", ["strict", "table"])
@pytest.mark.parametrize("rules", ["SEVENO", "T", "CAR", "DOA", "CLA", "DOA-DR", "T-DR", "SEVENO-DR"])
def test_SEVENO_T_CAR_DOA_CLA_WX_bad_targets_and_gifts_always_refused_state_unchanged(rules, enforcement):
    """Property: in random games (deck "112", so Wild Swap Hands and blank wilds too), a play whose target is
    out of range, the player's own seat or an eliminated seat, or whose gift is wrong (short, long, to nobody,
    not held, when nothing is owed) always raises an IllegalActionError subclass and leaves the game as it was."""
    tried = 0
    for seed in range(3):
        rng = random.Random(seed)
        g = Game.new(players=rng.choice([3, 4, 5]), rules=f"UNO 1121 {rules}", seed=seed, deck="112",
                     enforcement=enforcement)
        for _ in range(250):
            if g.over:
                break
            p = g.to_act
            base = [complete(g, a, rng.choice) for a in g.legal_actions(p) if isinstance(a, Play)]
            # and some plays that are wrong for other reasons (table mode lets those stand)
            hand_ = g.hands[p]
            for c in rng.sample(hand_, min(2, len(hand_))):
                base.append(Play(p, (c,), Color.RED if c.is_wild else None))
            for a in base:
                if a.hidden:
                    continue
                for bad in _bad_variants(g, a, rng):
                    if (bad.target is not None and (bad.target not in range(g.n) or bad.target == p
                                                   or bad.target in g.eliminated or _names_nobody(g, bad))) \
                            or _gift_wrong(g, bad):
                        before = _snapshot(g)
                        assert not g.can(bad), f"{bad} accepted under {rules} ({enforcement})"
                        with pytest.raises(IllegalActionError):
                            g.apply(bad)
                        assert _snapshot(g) == before, f"refused {bad} changed the state"
                        tried += 1
            acts = g.legal_actions(p)
            g.apply(complete(g, rng.choice(acts), rng.choice))
            g.check_invariants()
    assert tried > 50


def _gift_wrong(g: Game, a: Play) -> bool:
    """Does ``a`` give cards the rules do not ask for (wrong count, nobody to receive them, not held)?"""
    if not a.give:
        return False
    k = Composer(g, a.player).gifts(a.cards)
    return len(a.give) != k or a.target is None or not g._holds(a.player, a.cards + a.give)


def _names_nobody(g: Game, a: Play) -> bool:
    """Do the cards of ``a`` name no seat under the rules in force (no T/SEVENO/CLA/DOA card, no WX)?"""
    return not Composer(g, a.player).targets(a.cards)


# ============================================================================ 7. the former strict xfails


def test_DED_DR_face_down_first_card_lie_is_a_lie():
    # 000 DED, Várias Cartas: "... ou o contrário" -- the claim covers the face-down first card, so a first card
    # that does not match the pile is a lie an accusation exposes
    g = pos(["G9 B9 R9 G1", "Y1 Y2", "Y3 Y4"], discard="Y5", stock=YSTOCK, rules="UNO 1121 DR-DED")
    a = hidden(A, "G9", visible="B9 R9")
    assert g.can(a)
    g.apply(a)
    g.apply(Accuse(C))
    assert sizes(g)[A] == 1 + 4 and sizes(g)[C] == 2


def test_DED_DR_face_up_part_must_still_be_a_group():
    # the face-up cards are seen: B9 and R5 can never follow one first card in a DR group
    g = pos(["Y9 B9 R5 G1", "Y1 Y2", "Y3 Y4"], discard="Y5", stock=YSTOCK, rules="UNO 1121 DR-DED")
    assert_refused(g, hidden(A, "Y9", visible="B9 R5"), CardNotPlayableError)
    g2 = pos(["Y9 B9 R9 G1", "Y1 Y2", "Y3 Y4"], discard="Y5", stock=YSTOCK, rules="UNO 1121 DED")
    assert_refused(g2, hidden(A, "Y9", visible="B9"), CardNotPlayableError)   # no group rule: no split


def test_REV_multi_card_penalty_shows_only_the_face_up_card():
    # 000 REV, Visibilidade: "um jogador está autorizado a contar o mais discretamente possível as cartas que deve
    # comprar e pegá-las sem que os outros jogadores consigam necessariamente ver todas elas"
    g = pos(["B1 B2", "Y1 Y2"], discard="R+2", stock="G7 G8 G9", rules="UNO 1121 REV", pending=2)
    assert g.view(B).stock_top.code == "G7"
    draw(g, A)
    ev = [e for e in g.view(B).history if e.kind == "draw"][-1]
    assert ev.detail == (2, cards("G7"))
    assert g.view(B).stock_top.code == "G9"
    g2 = pos(["B1 B2", "Y1 Y2"], discard="R5", stock="G7 G8 G9", rules="UNO 1121 REV")
    draw(g2, A)                                   # a single draw: the card was face up, everyone saw it
    assert [e for e in g2.events if e.kind == "draw"][-1].detail == (1, cards("G7"))


def test_M_winning_on_an_eight_after_slapping_wins_when_the_round_closes():
    # 000 M, Vencendo o Jogo: only the winner who "for, no fim das contas, o último a bater" loses the win
    g = pos(["R8", "Y1 Y2", "Y3 Y4"], discard="R5", stock=YSTOCK, rules="UNO 1121 M")
    play(g, A, "R8")
    assert not g.over and Slap(A) in g.legal_actions(A)
    g.apply(Slap(A))
    ev = g.apply(Slap(B))                         # C is last: draws 1, and A's win stands
    assert penalties(ev) == [(C, 1)] and g.over and g.winner == A


def test_M_winning_on_an_eight_next_player_starts_before_the_round_closes():
    # engine decision (social docstring): the next player starting closes the round; whoever has not slapped
    # draws 1 -- a winner who did not slap draws and plays on, one who did wins and the action is not taken
    g = pos(["R8", "Y1 Y2", "Y3 Y4"], discard="R5", stock=YSTOCK, rules="UNO 1121 M")
    play(g, A, "R8")
    ev = draw(g, B)
    assert penalties(ev, "did not slap") == [(A, 1), (B, 1), (C, 1)] and not g.over
    assert sizes(g)[A] == 1
    g2 = pos(["R8", "Y1 Y2", "Y3 Y4"], discard="R5", stock=YSTOCK, rules="UNO 1121 M")
    play(g2, A, "R8")
    g2.apply(Slap(A))
    ev = draw(g2, B)
    assert penalties(ev, "did not slap") == [(B, 1), (C, 1)] and g2.over and g2.winner == A
    assert sizes(g2) == [0, 3, 3]               # B's own draw was not taken: the hand was over
    g2.check_invariants()


def test_official_refusal_under_a_pending_draw_two_does_not_mention_a_wild_draw_four():
    """000 §FUNÇÕES DAS CARTAS DE AÇÃO: only a Wild Draw Four can be challenged; refusing a play under a
    pending Draw Two says what is owed and nothing about a challenge, in the referee and the fast core."""
    from unokit.fast import FastGame, action_id
    g = Game.from_position(["R1 G5", "B2 B3"], discard="Y+2", pending=2)
    with pytest.raises(CardNotPlayableError) as e:
        g.verify(Play(0, (Card.parse("R1"),)))
    assert str(e.value) == "you must draw 2"
    seen = set()
    for seed in range(300):                  # the fast core, in positions it reached itself
        f = FastGame(2, seed)
        while not f.over and f.phase_name != "PENDING":
            f.apply(f.legal_ids()[0])
        if f.over:
            continue
        ref = f.to_referee()                 # the same position, read (the fast core keeps integers)
        seat = f.to_act
        card = ref.hands[seat][0]
        msg = f.problem(action_id(Play(seat, (card,))))
        if msg is None:                      # a card that may answer (none in the official rules)
            continue
        challenge = ref.top.code == "W+4"
        assert msg[1] == f"you must draw {ref.pending}" + (" (or challenge the Wild Draw Four)" if challenge else "")
        with pytest.raises(CardNotPlayableError) as refused:
            ref.verify(Play(seat, (card,)))
        assert str(refused.value) == msg[1]
        seen.add(challenge)
        if seen == {True, False}:
            break
    assert seen == {True, False}
