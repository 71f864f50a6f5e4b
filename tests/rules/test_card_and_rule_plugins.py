"""DED, SLOWUNO, the blank cards and the 112/Ohana/Italian wilds as plug-ins (issue 25, point 3).

The referee names none of them (``tests/shape/test_engine_names_no_rule.py``): DED and SLOWUNO reach it through
hooks of :class:`unokit.rules.base.HouseRule` and public queries (``Game.query``), the cards with an effect of
their own through :func:`unokit.rules.base.register_face_effect`, and free discards owed are the referee's
(``Game.owe_discards``), each owed with where its card goes.
"""

from __future__ import annotations

import pytest
from conftest import A, B, C, Discard, Pass, Phase, draw, hand, kinds, play, pos

from unokit.core.actions import Accuse, Play
from unokit.core.cards import BLANK_FACES, Card, Face
from unokit.core.errors import CardNotPlayableError, IllegalActionError, WindowClosedError
from unokit.core.events import EVENTS
from unokit.rules import RuleSet, blanks, wilds
from unokit.rules.base import (
    FACE_AIMS,
    FACE_CLAIMS,
    FACE_EFFECTS,
    FACE_NOT_LAST,
    FACE_PROBLEM,
    FACE_TARGETS,
    HOOKS,
    REFUSALS,
    hooks_of,
)
from unokit.rules.double_discard import DoubleDiscard, discard_face_down
from unokit.rules.social import SlapPile
from unokit.rules.uno_calls import SlowUno

YSTOCK = "Y8 Y7 Y6 Y5 Y4 Y3 Y2 Y8 Y7 Y6 Y5 Y4"


def hidden(seat: int, cards: str, claim: int = 0) -> Play:
    return Play(seat, (), None, False, None, tuple(Card.parse(c) for c in cards.split()), claim)


# ------------------------------------------------------------------------------------- the cards' own effects

def test_001_002_003_each_wild_with_an_effect_of_its_own_is_played_by_its_module():
    assert FACE_EFFECTS[Face.WILD_SWAP] is wilds.wild_swap
    assert FACE_EFFECTS[Face.WILD_SHUFFLE] is wilds.shuffle_hands
    assert FACE_EFFECTS[Face.WILD_OHANA] is wilds.ohana
    assert all(FACE_EFFECTS[f] is blanks.resolve for f in (*BLANK_FACES, Face.WILD_BLANK))


def test_001_the_referee_plays_the_effect_the_cards_module_registered(monkeypatch):
    """Wild Swap Hands resolves through the registry: an effect put in its place is the one played."""
    seen = []
    monkeypatch.setitem(FACE_EFFECTS, Face.WILD_SWAP, lambda g, p, a, nxt: seen.append((p, a.target, nxt)) or nxt)
    g = pos(["WX R1", "B1 B2", "G1 G2"], "R7", YSTOCK, deck="112")
    play(g, A, "WX", "B", target=C)
    assert seen == [(A, C, B)] and hand(g, A) == ["R1"] and g.current == B


def test_001_wild_swap_says_which_seats_it_names_and_that_it_may_not_go_out():
    """The referee learns both from the card's module (FACE_TARGETS, FACE_NOT_LAST), not from its face."""
    g = pos(["WX R1", "B1 B2", "G1 G2"], "R7", YSTOCK, deck="112")
    assert FACE_TARGETS[Face.WILD_SWAP](g, A) == (B, C) and "last card" in FACE_NOT_LAST[Face.WILD_SWAP]
    swaps = [a for a in g.legal_actions(A) if isinstance(a, Play) and a.cards and a.cards[0].code == "WX"]
    assert swaps and {t.target for s in swaps for t in (g.expand(s) if s.more else [s])} == {B, C}
    wx = Card.parse("WX")
    with pytest.raises(IllegalActionError, match="needs a target seat other than yours"):
        g.apply(Play(A, (wx,), Card.parse("R1").color, target=A))
    assert hand(g, A) == ["WX", "R1"]


def test_001_wild_swap_is_not_offered_nor_accepted_as_the_last_card(monkeypatch):
    g = pos(["WX", "B1 B2", "G1 G2"], "R7", YSTOCK, deck="112")
    assert not [a for a in g.legal_actions(A) if isinstance(a, Play) and a.cards]
    with pytest.raises(CardNotPlayableError, match="cannot be your last card"):
        g.apply(Play(A, (Card.parse("WX"),), Card.parse("R1").color, target=B))
    assert hand(g, A) == ["WX"]
    monkeypatch.setitem(FACE_NOT_LAST, Face.WILD_SWAP, "a reason of the card's own")   # the module's reason
    with pytest.raises(CardNotPlayableError, match="a reason of the card's own"):
        g.apply(Play(A, (Card.parse("WX"),), Card.parse("R1").color, target=B))


def test_001_003_each_blank_registers_its_aim_claims_and_problem():
    """The blanks' traits are their module's: every blank checks its own play, only WBN claims a number."""
    faces = (*BLANK_FACES, Face.WILD_BLANK)
    assert all(FACE_PROBLEM[f] is blanks.problem and f in FACE_AIMS for f in faces)
    assert set(FACE_CLAIMS) == {Face.BLANK_DRAW_N} and FACE_CLAIMS[Face.BLANK_DRAW_N] is blanks.claims


def test_003_the_referee_asks_a_blank_its_claims_and_problem(monkeypatch):
    """The composer offers the claims the card registered and the referee refuses with the card's own reason."""
    g = pos(["WBN R1 R2", "B1 B2 B3", "G1 G2"], "R7", YSTOCK, rules="UNO 1121 blanks=drawn", deck="112")
    monkeypatch.setitem(FACE_CLAIMS, Face.BLANK_DRAW_N, lambda game, card: (3,))
    monkeypatch.setitem(FACE_PROBLEM, Face.BLANK_DRAW_N, lambda game, a: None if a.claim == 3 else "a reason of its own")
    offered = {a.claim for a in g.legal_actions(A) if isinstance(a, Play) and a.cards and a.cards[0].code == "WBN"}
    assert offered == {3}
    with pytest.raises(IllegalActionError, match="a reason of its own"):
        g.apply(Play(A, (Card.parse("WBN"),), Card.parse("R1").color, claim=2))


def test_003_the_referee_asks_a_blank_whom_it_may_name(monkeypatch):
    """A target is accepted as the blank's registered aim says: a blank that names none refuses any target."""
    g = pos(["WBX R1 R2", "B1 B2 B3", "G1 G2"], "R7", YSTOCK, rules="UNO 1121 blanks=swap", deck="112")
    monkeypatch.setitem(FACE_AIMS, Face.BLANK_SWAP, lambda game, p, cards: (C,))
    swaps = [a for a in g.legal_actions(A) if isinstance(a, Play) and a.cards and a.cards[0].code == "WBX"]
    assert {t.target for s in swaps for t in (g.expand(s) if s.more else [s])} == {C}
    monkeypatch.setitem(FACE_AIMS, Face.BLANK_SWAP, lambda game, p, cards: None)
    monkeypatch.setitem(FACE_PROBLEM, Face.BLANK_SWAP, lambda game, a: None)
    with pytest.raises(IllegalActionError, match="names no target"):
        g.apply(Play(A, (Card.parse("WBX"),), Card.parse("R1").color, target=B))


def test_002_a_face_effect_that_ends_the_turn_itself_returns_none():
    """Wild Ohana ends the turn, then the free discards it owes are made under it (the seat after it plays)."""
    g = pos(["WO R1 R2", "B1 B2 B3 B4 B5", "G1 G2 G3 G4"], "R7", YSTOCK, deck="ohana")
    play(g, A, "WO", "B")
    assert g.phase == Phase.FREE_DISCARD and g.free_discards == (B,) and g.owed.put is wilds.discard_under
    assert g.owed.resume == Phase.PLAY and g.current == B and g.query("claim") is None
    ev = g.apply(Discard(B, Card.parse("B5")))
    assert kinds(ev) == ["discard-under"] and g.owed is None and g.phase == Phase.PLAY
    assert [c.code for c in g.discard][-2:] == ["B5", "WO"]


# ------------------------------------------------------------------------------------------------- DED

def test_DED_hooks_are_its_own_and_cost_nothing_without_it():
    rs = RuleSet.parse("UNO 1121 DED")
    hooks = hooks_of([DoubleDiscard(rs)])
    assert {h for h in HOOKS if hooks[h]} == {"turn_plays", "hidden_problem", "split_problem", "play_hidden",
                                              "reshuffle_cards", "on_start", "on_finish"}
    g = pos(["R1 B7", "B3 B2"], "R9", YSTOCK)
    assert not g.face_down and not any(g._hooks[h] for h in ("turn_plays", "play_hidden", "reshuffle_cards"))


def test_DED_the_accusation_window_closes_before_another_rules_start():
    """000 §DED: the window closes when the next player starts; M's penalties at a start may reshuffle the
    stock, which must then see the face-down play as closed: DED's ``on_start`` comes first."""
    rs = RuleSet.parse("UNO 1121 DED-M")
    starts = hooks_of([SlapPile(rs), DoubleDiscard(rs)])["on_start"]
    assert type(starts[0].__self__) is DoubleDiscard


def test_DED_the_open_face_down_play_is_the_public_query_claim():
    g = pos(["G2 R1 G1", "B3 B2 B4", "G5 G6", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 DED")
    assert g.query("claim") is None and g.query("nothing", 7) == 7
    g.apply(hidden(A, "G2"))
    claim = g.query("claim")
    assert claim is g.claim and (claim.seat, claim.cards, claim.truthful) == (A, (Card.parse("G2"),), False)
    assert Accuse(C) in g.legal_actions(C) and Accuse(A) not in g.legal_actions(A)
    assert C in g.out_of_turn_seats()


def test_DED_an_accused_liar_owes_the_accuser_a_free_discard_face_down():
    # "o mentiroso compra quatro cartas e o desafiante joga fora uma carta qualquer de suas mãos"
    g = pos(["G2 R1 G1", "B3 B2 B4", "G5 G6", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 DED")
    g.apply(hidden(A, "G2"))
    g.apply(Accuse(C))
    assert g.free_discards == (C,) and g.owed.put is discard_face_down and g.to_act == C
    ev = g.apply(Discard(C, Card.parse("G6")))
    assert kinds(ev) == ["free-discard"] and len(g.hidden_pile) == 2 and g.claim is None
    g.check_invariants()


def test_DED_without_the_rule_a_face_down_play_and_an_accusation_are_refused():
    g = pos(["G2 R1 G1", "B3 B2 B4"], "R7", YSTOCK)
    assert not g.can(hidden(A, "G2")) and not g.can(Accuse(B))
    with pytest.raises(WindowClosedError, match="no face-down play to accuse"):   # (register_refusal)
        g.verify(Accuse(B))
    assert all(not getattr(a, "hidden", ()) for a in g.legal_actions(A))


def test_DED_a_face_down_play_without_a_rule_that_plays_it_is_refused_in_DEDs_words():
    """The referee refuses a face-down play no rule in force plays with the words DED registered
    (``register_refusal("play_hidden", ...)``): it names no rule itself."""
    g = pos(["G2 R1 G1", "B3 B2 B4"], "R7", YSTOCK)
    assert REFUSALS["play_hidden"] == (IllegalActionError, "face-down plays need the DED rule")
    with pytest.raises(IllegalActionError, match=r"^face-down plays need the DED rule$"):
        g.verify(hidden(A, "G2"))


def test_DED_what_every_seat_sees_of_the_open_claim_is_its_public_query(monkeypatch):
    """``PlayerView.open_claim`` (seq, seat, cards face down, draw claimed) is DED's answer to ``"open_claim"``:
    the view does not read DED's ``Claim``."""
    g = pos(["G2 R1 G1", "B3 B2 B4", "G5 G6", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 DED")
    assert g.query("open_claim") is None and g.view(C).open_claim is None
    g.apply(hidden(A, "G2"))
    assert g.query("open_claim") == (g.claim.seq, A, 1, 0) == g.view(C).open_claim == g.view(None).open_claim
    monkeypatch.setattr(DoubleDiscard, "answer", lambda self, game, name: ("asked", name))
    assert g.view(B).open_claim == ("asked", "open_claim")
    assert pos(["G2 R1 G1", "B3 B2 B4"], "R7", YSTOCK).view(A).open_claim is None


def test_DED_events_and_narration_are_declared_by_its_module():
    for kind in ("accuse", "hidden-play", "free-discard"):
        assert {"en", "pt"} <= set(EVENTS[kind].tell)
    assert EVENTS["accuse"].into_hands == ("player", "liar")
    for kind in ("shuffle-hands", "ohana", "discard-under"):
        assert {"en", "pt"} <= set(EVENTS[kind].tell)


# --------------------------------------------------------------------------------------------- SLOWUNO

def test_SLOWUNO_the_catch_windows_are_the_public_query_catch_expiry():
    # 003: the missed UNO is punished "solo se un altro giocatore fa notare l'errore entro la fine del turno
    # successivo"
    g = pos(["R1 B7", "G3 B2 B4", "G1 G2 G3", "Y1 Y2"], "R9", "R5 " + YSTOCK, rules="UNO 1121 SLOWUNO")
    play(g, A, "R1")
    assert g.query("catch_expiry") == {A: 2} == g.catch_expiry and A in g.catchable
    draw(g, B)                       # the playable R5
    assert g.phase == Phase.DRAWN and A in g.catchable   # a start does not close the window...
    g.apply(Pass(B))
    assert A not in g.catchable      # ...the end of the next player's turn does
    assert pos(["R1 B7", "R3"], "R9", YSTOCK).query("catch_expiry") is None


def test_SLOWUNO_hooks_time_the_window():
    hooks = hooks_of([SlowUno(RuleSet.parse("UNO 1121 SLOWUNO"))])
    assert {h for h in HOOKS if hooks[h]} == {"setup", "on_missed_uno", "on_turn_end"}


@pytest.mark.parametrize("rules", ["UNO 1121 DED", "UNO 1121 DED-SLOWUNO"])
def test_DED_a_hand_emptied_face_down_and_accepted_wins_and_closes_the_window(rules):
    # 000 §DED, Vitória: the next player accepts with a pass
    g = pos(["G2", "B3 B2 B4", "G5 G6", "Y1 Y2"], "R7", YSTOCK, rules=rules)
    g.apply(hidden(A, "G2"))
    assert g.phase == Phase.HIDDEN_FINISH and g.claim is not None
    g.apply(g.legal_actions(B)[0])
    assert g.over and g.winner == A and g.claim is None


def test_DED_an_accusation_is_offered_with_the_catches_before_a_notice():
    """``legal_actions`` lists DED's ``Accuse`` where the referee always listed it: before the notices of wrong
    plays (table enforcement) and the other rules' own actions."""
    g = pos(["G2 R1 G1", "B3 B2 B4", "G5 G6", "Y1 Y2"], "R7", YSTOCK, rules="UNO 1121 DED-DP", enforcement="table")
    play(g, A, "G2")                      # a wrong card: it stands until noticed
    g.apply(hidden(B, "B3"))              # a face-down play: open to accusation
    acts = [type(a).__name__ for a in g.legal_actions(C)]
    assert acts.index("Accuse") < acts.index("Notice")
    assert DoubleDiscard.options_first and not SlapPile.options_first
