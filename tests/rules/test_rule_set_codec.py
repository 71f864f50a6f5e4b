"""One action codec per rule set (unokit.rules.codec; issue 25, point 2): the engine's move ids and the RL
step ids of a rule set in one class, every id of both read back through its text, the map between a step
and its move, typed errors for bad integers and text, and the step tables pinned (a trained model is
named by them)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rule_sets

import unokit  # noqa: F401  (every rule's action class registered: ADDUP's doubtsum)
from unokit.core import codec as ids
from unokit.core import official
from unokit.core.actions import Action, Play
from unokit.core.cards import COLORS
from unokit.core.errors import NotationError, UnoError
from unokit.engine.game import Game
from unokit.env import ActionTable, table_for
from unokit.rules import RuleSet
from unokit.rules.catalog import CATALOG
from unokit.rules.codec import ActionIdError, Codec, MoveTable, NoActionIdError, StepTable
from unokit.rules.editions import EDITIONS
from unokit.rules.registry import REGISTRY

# sha256 of "\n".join(names) of the step tables, computed with the env's ActionTable before the codec took
# it over: the ids and names of a table never change (the shipped rl model names its 130 outputs so)
GOLDEN = {
    ("UNO 1121", 2): (130, "341ea12cf71892ac882df13b3fdbf303f931259c9580650d09cd42f15aba07f4"),
    ("UNO 1121", 4): (132, "6bfafc96f2379a3c21b27c9b83d80a7f928750a041c39d32d6b634d076800e23"),
    ("UNO 1121 C-DR-P4-SEVENO", 3): (188, "f95d50d885db4991c202bf41418979058bef55e1a6a727b45fae6de3fa70a6c2"),
    ("UNO DR-P4-PAA-SU-CAR-T-M-DOA-PRE", 4): (245, "0460e29d0a3bdf65b578ad38df5a706d643d787693a98498e3673165b887323d"),
    ("UNO FL-DED-DP-MEM-P2", 3): (511, "ed83a8016368688267b396078febf176130f76a43a70c934fae7a225e8d06656"),
    ("UNO ALLWILD(swap=pair)", 4): (1037, "a79bdc3a773e96cc697fc45fb2dcb4cc4d201b711dfb0030e3c6b808bf934351"),
    ("UNO FLIP", 3): (1374, "a18a0eede997418084b61e14526b2256c55999dc28fffde55bccbea435c7c4ea"),
    ("UNO NOMERCY", 5): (1182, "9cfb7ae7ceb571d081b43e68ecb5a59910135fce45b253b6f234387e09c6b530"),
    ("UNO 1121 ADDUP", 2): (185, "a9574b64f9740f29c2219552d9cef04598baee240c06369dc5d34f834412f584"),
    ("UNO FLEX", 2): (1176, "91fb71ea60ac241613d0fee3f734661643d5de77f7aac003bad850645a3d2bf8"),
    ("UNO SPIN", 10): (1192, "9aec9809ecfc16411174d17bbf4ccd8c877aba6cf97e3390c15f936ad73dd8a2"),
}


@st.composite
def tables(draw):
    """A rule set (house rules, or an edition) and a number of seats it is dealt at."""
    if draw(st.booleans()):
        ed = EDITIONS[draw(st.sampled_from(sorted(EDITIONS)))]
        return f"UNO {ed.code}", draw(st.integers(ed.players[0], min(ed.players[1], 10)))
    return draw(rule_sets()).code, draw(st.integers(2, 10))


@pytest.mark.parametrize("code,n", sorted(GOLDEN), ids=[f"{c}-{n}p" for c, n in sorted(GOLDEN)])
def test_the_step_ids_and_names_of_a_table_never_change(code, n):
    size, digest = GOLDEN[(code, n)]
    t = Codec.for_rules(code, n).steps
    assert len(t) == size and hashlib.sha256("\n".join(t.names).encode()).hexdigest() == digest


def test_one_codec_per_rule_set_holds_both_numberings_and_the_env_names_its_steps():
    c = Codec.for_rules("UNO 1121", 2)
    assert c is Codec.for_rules(RuleSet.parse("UNO 1121"), 2) and c is not Codec.for_rules("UNO 1121", 3)
    assert isinstance(c.steps, StepTable) and isinstance(c.moves, MoveTable) and c.moves.players == 2
    assert ActionTable is StepTable and table_for("UNO 1121", 2) is c.steps
    assert ActionTable("UNO 1121", 2).names == c.steps.names


@settings(max_examples=60, deadline=None)
@given(tables())
def test_every_step_id_reads_back_through_its_text_and_its_action(table):
    code, n = table
    t = Codec.for_rules(code, n).steps
    assert [t.parse(t.name(i)) for i in range(len(t))] == list(range(len(t)))
    assert [t.parse(t.name(i).upper()) for i in range(len(t))] == list(range(len(t)))   # case forgiven
    for i in range(len(t)):
        assert t.blocks[t.block_of(i)][0] <= i < t.blocks[t.block_of(i)][1]
        for seat in {0, n - 1}:
            a = t.action(i, seat)
            if a is not None:        # a step that is a whole action: its id, and the notation's text, back
                assert a.player == seat and t.id_of(a) == i and Action.parse(str(a)) == a


@pytest.mark.parametrize("n", [2, 3, 10])
def test_every_listed_move_id_reads_back_through_its_action_and_its_text(n):
    m = MoveTable(n)
    listed = list(m.ids())
    # every seat's official moves (catching a seat of the table) and ADDUP's
    assert len(listed) == n * (ids.K_CATCH + n + ids.EXT_PER_SEAT)
    for i in listed:
        a = m.action(i)
        assert m.parse(m.name(i)) == i and m.id(Action.parse(str(a))) == i and a.player < n


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 10), data=st.data(),
       cards=st.lists(st.integers(0, official.NCARDS - 1), min_size=1, max_size=8),
       color=st.none() | st.integers(0, 3), uno=st.booleans())
def test_house_rule_move_ids_read_back_through_their_text(n, data, cards, color, uno):
    seat = data.draw(st.integers(0, n - 1))
    target = data.draw(st.none() | st.integers(0, n - 1))
    play = Play(seat, tuple(official.CARDS[c] for c in cards), COLORS[color] if color is not None else None, uno,
                target)
    m = MoveTable(n)
    try:
        i = m.id(play)
    except NoActionIdError:    # a single card with no target and no official meaning (a wild with no colour...)
        assert len(cards) == 1 and target is None
        return
    assert m.action(i) == play and m.parse(m.name(i)) == i


@settings(max_examples=40, deadline=None)
@given(tables())
def test_a_step_that_is_a_whole_move_maps_to_it_and_back(table):
    code, n = table
    c = Codec.for_rules(code, n)
    for seat in {0, n - 1}:
        for s in range(len(c.steps)):
            mv = c.move_of(s, seat)
            if mv is not None:
                assert c.steps_of(mv) == (s,) and c.moves.action(mv).player == seat
    for mv in c.moves.ids():
        try:
            steps = c.steps_of(mv)
        except NoActionIdError:    # a move these steps cannot make (a seat catching itself, ADDUP's out of force)
            continue
        if len(steps) == 1:
            assert c.move_of(steps[0], c.moves.action(mv).player) == mv
        else:                      # ADDUP's pair under a group rule: its first card, then its last
            assert [c.steps.block_of(s) for s in steps] == ["more"] * (len(steps) - 1) + ["play"]


def test_a_composed_play_is_its_steps_in_order():
    c = Codec.for_rules("UNO 1121 DR-SEVENO", 4)
    name = c.steps.name
    assert [name(s) for s in c.steps_of(c.moves.parse("2 play B7 B7 uno @1"))] == ["play B7 +", "play B7 uno",
                                                                                   "target +3"]
    assert [name(s) for s in c.steps_of(c.moves.parse("2 play G2 R2 Y2"))] == ["play G2 +", "play R2 +", "play Y2"]
    assert c.move_of(c.steps.parse("target +1"), 0) is None and c.move_of(c.steps.wait, 0) is None
    assert c.move_of(c.steps.parse("play R7 +"), 0) is None
    with pytest.raises(NoActionIdError):     # ADDUP is not in force: no step doubts a sum
        c.steps_of(c.moves.parse("0 doubtsum"))
    a = Codec.for_rules("UNO 1121 ADDUP", 2)
    assert [a.steps.name(s) for s in a.steps_of(a.moves.parse("1 doubtsum"))] == ["doubtsum"]
    assert a.move_of(a.steps.parse("doubtsum"), 1) == a.moves.parse("1 doubtsum")


BAD = st.one_of(st.integers(-10**15, 10**15), st.floats(allow_nan=True), st.text(max_size=12), st.none(),
                st.booleans(), st.lists(st.integers(), max_size=2), st.sampled_from([130, -1, 1380, 10**30]))


@settings(max_examples=300, deadline=None)
@given(bad=BAD)
def test_a_bad_integer_is_a_typed_error_in_both_numberings(bad):
    c = Codec.for_rules("UNO 1121", 2)
    if not (type(bad) is int and 0 <= bad < len(c.steps)):
        for f in (c.steps.name, c.steps.block_of, lambda i: c.steps.action(i, 0)):
            with pytest.raises(ActionIdError):
                f(bad)
    try:
        c.moves.name(bad)
    except ActionIdError:
        assert bad not in c.moves
    else:
        assert bad in c.moves and c.moves.parse(c.moves.name(bad)) == bad
    try:
        c.steps_of(bad)
    except UnoError as e:
        assert isinstance(e, (ActionIdError, NoActionIdError))


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=30) | st.sampled_from(["play Z9", "0 play Z9", "target +1", "9 draw", "catch +2",
                                                      "1 catch 5", "play W>G", "0 play R5 @7", None, 3]))
def test_a_bad_text_is_a_typed_error_in_both_numberings(text):
    c = Codec.for_rules("UNO 1121", 2)
    try:
        i = c.steps.parse(text)
    except NoActionIdError:
        pass
    else:
        assert c.steps.parse(c.steps.name(i)) == i
    try:
        i = c.moves.parse(text)
    except (NotationError, NoActionIdError):
        pass
    else:
        assert c.moves.parse(c.moves.name(i)) == i


@pytest.mark.parametrize("rules,players", [("UNO 1121", 1), ("UNO 1121", 11), ("UNO 1121", "2"), ("UNO 1121", [2]),
                                           ("UNO NOMERCY", 7), ("UNO XYZ", 2), (None, 2), ("UNO 1121", None)])
def test_a_table_no_hand_is_dealt_at_is_a_typed_error(rules, players):
    with pytest.raises(UnoError):
        Codec.for_rules(rules, players)
    with pytest.raises(UnoError):
        ActionTable(rules, players)


@pytest.mark.parametrize("code", sorted(REGISTRY))
def test_the_steps_follow_the_referee_s_group_and_face_down_rules(code):
    # the codec reads from the rules what the referee has (it may not build a Game: it is below the engine)
    ed = EDITIONS.get(code)
    n = 2 if ed is None else ed.players[0]
    needs = CATALOG[code].needs            # (BOMB needs DR or DD)
    rules = f"UNO {needs[0]}-{code}" if needs else f"UNO {code}"
    g = Game.new(n, rules, seed=0, core="referee")
    t = StepTable(rules, n)
    assert (t.grouping, t.face_down) == (g.grouping, g.face_down)


@settings(max_examples=25, deadline=None)
@given(rule_sets(), st.integers(2, 10))
def test_the_steps_of_a_house_rule_mix_follow_the_referee(rs, n):
    try:
        g = Game.new(n, rs, seed=0, core="referee")
    except UnoError:
        with pytest.raises(UnoError):
            StepTable(rs, n)
        return
    t = StepTable(rs, n)
    assert (t.grouping, t.face_down) == (g.grouping, g.face_down)
