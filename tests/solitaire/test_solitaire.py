"""UNO solitaire (unokit.solitaire.game): the guide's clauses ("Paciência UNO", the last section of
the Portuguese guide), one test each, then the notation, undo and the card-conservation invariant."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.cards import Card
from unokit.core.chance import Chance
from unokit.core.errors import GameOverError, IllegalActionError, NotationError, PositionError
from unokit.solitaire.game import CARDS, Move, Solitaire, all_moves, kind_code, rank, solitaire_deck
from unokit.solitaire.solver import hint

ALL_SKIPS_HOME = ["RS", "RS", "YS", "YS", "GS", "GS", "BS", "BS"]


def state(g: Solitaire):
    return g._snapshot()


# ---------------------------------------------------------------------------------------- the deck
def test_deal_removes_wilds_and_zeros():
    deck = solitaire_deck()
    assert len(deck) == 96
    assert not any(c.is_wild or c.number == 0 for c in deck)
    counts = Counter(c.code for c in deck)
    assert len(counts) == 48 and set(counts.values()) == {2}


def test_draw_two_reverse_and_skip_stand_for_jack_queen_and_king():
    # no 10: right after the 9 comes the Draw Two, then the Reverse, then the Skip
    assert [rank(Card.parse(c)) for c in ("B1", "B9", "B+2", "BR", "BS")] == [1, 9, 10, 11, 12]
    g = Solitaire.from_layout(["B+2", "B9", "BS", "BR"])
    g.apply("2>1")                                       # the 9 goes onto the Draw Two
    g.apply("4>3")                                       # the Reverse onto the Skip
    assert [c.code for c in g.column(0)[1]] == ["B+2", "B9"]
    assert [c.code for c in g.column(2)[1]] == ["BS", "BR"]
    with pytest.raises(NotationError):
        rank(Card.parse("R0"))
    with pytest.raises(NotationError):
        rank(Card.parse("W+4"))


def test_seven_columns_dealt_left_to_right_with_one_face_up_card_each():
    g = Solitaire.deal(11)
    for i in range(7):
        down, up = g.column(i)
        assert len(down) == i and len(up) == 1           # i face down (0 in the first), one face up
    assert len(g.stock) == 96 - 28 and not g.waste      # the rest is the stock
    assert all(not p for p in g.foundations)
    g.check()


def test_the_deal_comes_from_the_seeded_chance():
    order = Chance(5).shuffle(solitaire_deck())
    g = Solitaire.deal(5)
    assert g.column(0)[1] == (order[-1],)               # the top of the deck is column 1's card
    assert g.column(1) == ((order[-2],), (order[-3],))
    assert g.stock == tuple(order[:68])
    assert Solitaire.deal(5).render() == g.render() != Solitaire.deal(6).render()


# ---------------------------------------------------------------------------------------- foundations
def test_any_1_starts_an_empty_foundation():
    g = Solitaire.from_layout(["R1", "G1"], waste="Y1")
    g.apply("w>f")
    g.apply("2>f")
    g.apply("1>f")
    assert [p[0].code if p else None for p in g.foundations][:4] == ["Y1", "G1", "R1", None]


def test_foundations_build_up_in_one_colour_from_1_to_skip():
    g = Solitaire.from_layout(["R2", "Y2"], foundations=["R1"])
    with pytest.raises(IllegalActionError):
        g.apply("2>f")                                   # a yellow 2 does not go on a red 1
    g.apply("1>f")
    assert [c.code for c in g.foundations[0]] == ["R1", "R2"]
    g = Solitaire.from_layout(["RS"], foundations=["RR", "R9"])
    with pytest.raises(IllegalActionError):
        Solitaire.from_layout(["RS"], foundations=["R+2", "R9"]).apply("1>f")
    g.apply("1>f")                                       # the Skip after the Reverse ends a foundation
    assert len(g.foundations[0]) == 12


def test_eight_foundations_two_per_colour():
    g = Solitaire.from_layout(["R2"], foundations=["R1", "R1"])
    g.apply("1>f")                                       # either red 1 takes the red 2 (the leftmost)
    assert [len(p) for p in g.foundations[:2]] == [2, 1]
    with pytest.raises(PositionError):
        Solitaire.from_layout([], foundations=["R1", "R1", "R1"])


def test_foundation_cards_never_come_back():
    # the guide has no move from a foundation: the notation has none either
    for text in ("f>1", "f>w", "f>f"):
        with pytest.raises(NotationError):
            Move.parse(text)


def test_won_when_the_eight_foundations_are_complete():
    g = Solitaire.from_layout([], foundations=["RR", "RS", "YS", "YS", "GS", "GS", "BS", "BS"], waste="RS")
    assert not g.won
    g.apply("w>f")
    assert g.won and g.legal_moves() == []
    with pytest.raises(GameOverError):
        g.apply("d")
    assert "won in 1 moves" in g.render()


# ---------------------------------------------------------------------------------------- columns
def test_a_card_goes_on_the_next_higher_card_of_its_colour():
    g = Solitaire.from_layout(["B8", "B7", "R7", "B6", "B1"])
    assert g.why_illegal(Move("2", "1")) is None        # blue 7 on blue 8
    assert g.why_illegal(Move("3", "1")) is not None    # red 7 on blue 8: wrong colour
    assert g.why_illegal(Move("4", "1")) is not None    # blue 6 on blue 8: not the next one
    assert g.why_illegal(Move("1", "5")) is not None    # nothing goes on a 1
    g.apply("2>1")
    assert [c.code for c in g.column(0)[1]] == ["B8", "B7"]


def test_a_run_moves_together():
    # the guide's example: a blue 7 under a blue 8, and both under a blue 9
    g = Solitaire.from_layout(["B8", "B7", "B9"])
    g.apply("2>1")
    g.apply("1>3")
    assert [c.code for c in g.column(2)[1]] == ["B9", "B8", "B7"] and not g.column(0)[1]
    # part of a run may move too: the card that fits the destination and what lies on it
    g = Solitaire.from_layout(["R9 R8 R7", "R8"])
    g.apply("1>2")
    assert [c.code for c in g.column(1)[1]] == ["R8", "R7"] and [c.code for c in g.column(0)[1]] == ["R9", "R8"]


def test_a_face_down_card_turns_up_when_its_column_is_cleared():
    g = Solitaire.from_layout(["G5 G4 | Y3", "Y4"])
    g.apply("1>2")
    down, up = g.column(0)
    assert [c.code for c in down] == ["G5"] and [c.code for c in up] == ["G4"]   # by itself
    g.check()


def test_only_a_skip_fills_an_empty_column():
    g = Solitaire.from_layout(["R9", "", "G5 | GS GR", "YS"], waste="BS")
    assert g.why_illegal(Move("1", "2")) is not None    # a 9 may not fill it
    assert g.why_illegal(Move("w", "2")) is None        # a Skip from the waste may
    assert g.why_illegal(Move("3", "2")) is None        # a run headed by a Skip may
    g.apply("3>2")
    assert [c.code for c in g.column(1)[1]] == ["GS", "GR"] and [c.code for c in g.column(2)[1]] == ["G5"]
    g = Solitaire.from_layout(["G5 | GS GR", ""])
    g.apply("1>2")                                       # turning G5 up
    with pytest.raises(IllegalActionError):
        Solitaire.from_layout(["G5 | GR", ""]).apply("1>2")


# ---------------------------------------------------------------------------------------- stock and waste
def test_the_stock_turns_one_card_at_a_time_and_the_waste_turns_over_without_limit():
    g = Solitaire.deal(3)
    stock = g.stock
    for i in range(len(stock)):
        g.apply("d")
        assert g.waste[-1] == stock[-1 - i] and len(g.waste) == i + 1
    assert not g.stock
    for _ in range(3):                                    # as many times as wanted
        g.apply("d")                                      # the stock is empty: the waste turns over
        assert g.stock == stock and not g.waste           # in the same order as before
        for _ in range(len(stock)):
            g.apply("d")
    empty = Solitaire.from_layout(["RS"], foundations=["RR"] + ALL_SKIPS_HOME[1:])
    assert empty.why_illegal(Move("d")) is not None


def test_the_waste_top_goes_to_a_foundation_or_onto_a_column():
    g = Solitaire.from_layout(["Y5"], waste="G1 Y4", foundations=[])
    g.apply("w>1")
    assert [c.code for c in g.column(0)[1]] == ["Y5", "Y4"]
    g.apply("w>f")
    assert g.foundations[0][0].code == "G1" and not g.waste


# ---------------------------------------------------------------------------------------- errors, undo, notation
def test_an_illegal_move_raises_a_typed_error_and_changes_nothing():
    g = Solitaire.deal(2)
    before = state(g)
    for text in ("w>f", "w>1", "1>2", "7>f"):
        if g.why_illegal(Move.parse(text)) is None:
            continue
        with pytest.raises(IllegalActionError):
            g.apply(text)
        assert state(g) == before and g.history == []
    with pytest.raises(NotationError):
        g.apply("8>1")
    with pytest.raises(IllegalActionError):
        g.undo()                                          # nothing to undo
    assert state(g) == before


def test_undo_takes_every_move_back():
    g = Solitaire.deal(9)
    start = state(g)
    from unokit.solitaire.solver import solve
    moves = solve(9, max_nodes=20_000).moves[:150]
    seen = [state(g)]
    for m in moves:
        g.apply(m)
        seen.append(state(g))
    for i in range(len(moves), 0, -1):
        assert g.undo() == moves[i - 1]
        assert state(g) == seen[i - 1]
    assert state(g) == start and g.history == []


def test_move_notation_round_trips():
    assert len(all_moves()) == 58
    for m in all_moves():
        assert Move.parse(str(m)) == m
        assert Move.parse(f"  {str(m).upper().replace('>', ' > ')} ") == m
    with pytest.raises(NotationError):
        Move("3", "3")
    with pytest.raises(NotationError):
        Move("x", "f")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.sampled_from(["d", "w>f", "3>5", "0>1", "8>2", "w>w", "d>1", "1>1", ">", "dd"]))
def test_parsing_garbage_gives_a_notation_error_or_a_move_that_round_trips(text):
    try:
        m = Move.parse(text)
    except NotationError:
        return
    assert Move.parse(str(m)) == m and str(m) == "".join(text.split()).lower()


def test_parse_refuses_non_text():
    for bad in (None, 3, b"d", ["d"]):
        with pytest.raises(NotationError):
            Move.parse(bad)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(0, 10**6), st.booleans()), max_size=120))
def test_every_card_is_always_in_exactly_one_place(seed, steps):
    g = Solitaire.deal(seed)
    for pick, back in steps:
        legal = g.legal_moves()
        if not legal:
            break
        if back and g.history and pick % 5 == 0:
            g.undo()
        else:
            g.apply(legal[pick % len(legal)])
        g.check()
        where = g.places()
        assert sorted(where) == list(range(CARDS))
        kinds = Counter(c.code for col in range(7) for part in g.column(col) for c in part)
        kinds.update(c.code for c in g.stock + g.waste)
        kinds.update(c.code for p in g.foundations for c in p)
        assert set(kinds.values()) == {2} and len(kinds) == 48


def test_a_layout_must_hold_the_96_cards_exactly():
    with pytest.raises(PositionError):
        Solitaire.from_layout(["R1 R1 R1"])                # a third red 1
    with pytest.raises(PositionError):
        Solitaire.from_layout(["R0"])                      # not in the deck
    with pytest.raises(PositionError):
        Solitaire.from_layout(["R5 R7"])                   # not a run
    with pytest.raises(PositionError):
        Solitaire.from_layout([], stock="R1")              # cards missing
    g = Solitaire.from_layout(["B3 | R5 R4"], waste="G2", foundations=["Y3"])
    assert g.places()[kind_code_id("B3")] == "down1"


def kind_code_id(code: str) -> int:
    k = next(k for k in range(48) if kind_code(k) == code)
    return k * 2


# ---------------------------------------------------------------------------------------- hints and text
def test_a_hint_is_a_legal_move():
    g = Solitaire.deal(4)
    for _ in range(5):
        m = hint(g, max_nodes=5000).move
        assert m in g.legal_moves()
        g.apply(m)
    text = hint(g, max_nodes=5000).text
    assert text.startswith("hint: ") and "solver" in text


def test_the_hint_falls_back_on_a_heuristic_move():
    # a lost position: the solver proves it, the hint still offers a legal move
    g = Solitaire.from_layout(["Y6 Y6 Y1 Y1 | Y4", "R5"])
    h = hint(g)
    assert h.move in g.legal_moves() and h.verdict == "lost"
    assert "proves this position lost" in h.text
    done = Solitaire.from_layout([], foundations=["RR"] + ALL_SKIPS_HOME[1:], waste="RS")
    done.apply("w>f")
    assert hint(done).move is None and "no move" in hint(done).text


def test_the_text_shows_face_down_cards_as_hashes():
    text = Solitaire.deal(1).render()
    lines = text.splitlines()
    assert lines[0].startswith("foundations:") and "stock: 68 card(s)" in lines[1]
    assert lines[3].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert text.count("##") == 21
    g = Solitaire.deal(1)
    assert g.describe("d") == "turn a stock card"
    assert g.describe(Move("1", "f")).startswith("column 1: ")
