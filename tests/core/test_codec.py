"""The engines' integer action ids, stated once (unokit.core.codec; issue 25, point 2): every id decodes to
one action and encodes back, every action has at most one id, garbage is a typed error, and the fast
and compiled cores number actions by it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unokit  # noqa: F401  (every rule's action class registered: ADDUP's doubtsum)
from unokit import fast
from unokit.core import codec, official
from unokit.core.actions import Action, CatchUno, Play, Say, Slap
from unokit.core.cards import COLORS, Card
from unokit.core.errors import IllegalActionError, UnoError
from unokit.fast import compiled


def test_every_official_id_decodes_and_encodes_back():
    assert len(codec.OFFICIAL) == codec.OFFICIAL_SIZE == 1380
    for i, a in enumerate(codec.OFFICIAL):
        assert codec.decode(i) is a
        assert codec.encode(a) == codec.official_id(a) == i
    assert len(set(codec.OFFICIAL)) == len(codec.OFFICIAL)      # one id per action


def test_the_layout_of_a_seat_is_the_documented_one():
    seat = 3
    at = seat * codec.ACTIONS_PER_SEAT
    assert str(codec.decode(at + 2 * 0)) == f"{seat} play {official.CARDS[0].code}"
    assert str(codec.decode(at + codec.K_DRAW)) == f"{seat} draw"
    assert str(codec.decode(at + codec.K_PASS)) == f"{seat} pass"
    assert str(codec.decode(at + codec.K_UNO)) == f"{seat} uno"
    assert codec.decode(at + codec.K_CATCH + 7) == CatchUno(seat, 7)
    assert str(codec.decode(at + codec.local_play(official.WILD_DRAW_FOUR, 3, True))) == f"{seat} play W+4>B uno"


def test_ADDUP_pairs_and_doubtsum_have_their_ids():
    doubt = Action.parse("4 doubtsum")
    i = codec.encode(doubt)
    assert i == codec.EXT_BASE + 4 * codec.EXT_PER_SEAT + codec.EXT_PER_SEAT - 1 and codec.decode(i) == doubt
    pair = Action.parse("2 play G3 G4 uno")
    i = codec.encode(pair)
    assert codec.EXT_BASE <= i < codec.EXT2_BASE and codec.decode(i) == pair
    # every extension id of a seat is one action (4 colours x 100 number pairs x the UNO call, and doubtsum)
    for i in range(codec.EXT_BASE, codec.EXT_BASE + codec.MAX_PLAYERS * codec.EXT_PER_SEAT):
        assert codec.encode(codec.decode(i)) == i


def test_M_slap_has_one_id_per_seat_after_ADDUPs_block():
    """Issue 28, point 1 (M): each seat's slap is numbered, in a block of its own that moves no earlier id."""
    assert codec.SLAP_BASE == codec.EXT_BASE + codec.MAX_PLAYERS * codec.EXT_PER_SEAT == 9390
    for seat in range(codec.MAX_PLAYERS):
        i = codec.encode(Slap(seat))
        assert i == codec.SLAP_BASE + seat and codec.decode(i) == Slap(seat) and str(codec.decode(i)) == f"{seat} slap"
    assert codec.encode(Action.parse("0 doubtsum")) == codec.EXT_BASE + codec.EXT_PER_SEAT - 1   # ids before it stand
    for bad in (codec.SAY_BASE + codec.MAX_PLAYERS * len(codec.SAY_LINES), codec.EXT2_BASE - 1):
        with pytest.raises(codec.ActionIdError):
            codec.decode(bad)
    with pytest.raises(IllegalActionError):
        codec.encode(Slap(codec.MAX_PLAYERS))


def test_human_error_lines_have_one_id_per_seat_and_line_after_the_slaps():
    """Issue 28, point 1 (the human-error bots): each seat's chatter and apologies (Say of a line of
    codec.SAY_LINES) are numbered in a block after the slaps' that moves no earlier id; other texts have none."""
    assert codec.SAY_BASE == codec.SLAP_BASE + codec.MAX_PLAYERS == 9400
    assert codec.encode(Slap(codec.MAX_PLAYERS - 1)) == codec.SAY_BASE - 1              # the slaps stand
    k = len(codec.SAY_LINES)
    for seat in range(codec.MAX_PLAYERS):
        for j, text in enumerate(codec.SAY_LINES):
            i = codec.encode(Say(seat, text))
            assert i == codec.SAY_BASE + seat * k + j and codec.decode(i) == Say(seat, text)
    assert codec.encode(Say(2, "sorry")) == 9400 + 2 * 11 + 8                         # pinned
    assert codec.SAY_BASE + codec.MAX_PLAYERS * k <= codec.EXT2_BASE
    for bad_say in (Say(0, "UNO"), Say(0, "hello"), Say(codec.MAX_PLAYERS, "sorry")):
        with pytest.raises(IllegalActionError):
            codec.encode(bad_say)


@settings(max_examples=300, deadline=None)
@given(seat=st.integers(0, codec.MAX_PLAYERS - 1),
       cards=st.lists(st.integers(0, official.NCARDS - 1), min_size=1, max_size=8),
       color=st.none() | st.integers(0, 3), uno=st.booleans(),
       target=st.none() | st.integers(0, codec.MAX_PLAYERS - 1))
def test_house_rule_plays_encode_to_one_id_that_decodes_back(seat, cards, color, uno, target):
    play = Play(seat, tuple(official.CARDS[c] for c in cards), COLORS[color] if color is not None else None, uno,
                target)
    try:
        i = codec.encode(play)
    except IllegalActionError:   # a single card with no target and no official meaning (a wild with no colour...)
        assert len(cards) == 1 and target is None
        return
    assert codec.decode(i) == play
    assert compiled.action_id(play) == i and compiled.to_action(i) == play


def test_DOA_gifts_are_numbered_after_the_cards_of_their_play():
    """Issue 28, point 1 (DOA): a play that gives cards away has an id, its gifts after a 0 digit; the ids of the
    plays that give nothing stand; up to INT64_DIGITS digits an id fits the C core's int64, and a group of eight 2s
    giving sixteen cards (DR) has one too."""
    for text in ("0 play R2 @1 give:B5,Y7", "3 play R2 G2 @1 give:Y7,Y8,Y9,B5 uno", "9 play W>G @0 give:W",
                 "0 play R2 R2 R2 R2 @1 give:B5,B6,B7,B8,B9,B9,G1,G1", "1 play R2 R2 Y2 Y2 G2 G2 B2 B2 @2 "
                 "give:B5,B6,B7,B8,B9,B9,G1,G1,G3,G3,G4,G5,G6,W,W,W+4 uno"):
        a = Action.parse(text)
        i = codec.encode(a)
        assert i >= codec.EXT2_BASE and codec.decode(i) == a and str(codec.decode(i)) == text
        digits = len(a.cards) + 1 + len(a.give)
        assert (i < 2 ** 63) == (digits <= codec.INT64_DIGITS), text
    plain = Action.parse("0 play R2 @1")
    assert codec.encode(plain) == codec.EXT2_BASE + codec.MAX_PLAYERS * (((official.CARDS.index(plain.cards[0]) + 1)
                                                                          * 5 * 2) * 11 + 2)
    for bad in ("0 play R2 give:B5", "0 play R2 R2 R2 R2 R2 R2 R2 R2 @1 give:" + ",".join(["B5"] * 17)):   # no seat;
        # past EXT2_DIGITS
        with pytest.raises(IllegalActionError):
            codec.encode(Action.parse(bad))


@settings(max_examples=150, deadline=None)
@given(seat=st.integers(0, codec.MAX_PLAYERS - 1), cards=st.lists(st.integers(0, official.NCARDS - 1), min_size=1,
                                                                   max_size=4),
       give=st.lists(st.integers(0, official.NCARDS - 1), min_size=1, max_size=22), uno=st.booleans(),
       target=st.integers(0, codec.MAX_PLAYERS - 1))
def test_plays_with_gifts_encode_to_one_id_that_decodes_back(seat, cards, give, uno, target):
    play = Play(seat, tuple(official.CARDS[c] for c in cards), None, uno, target, (), 0,
                tuple(official.CARDS[c] for c in give))
    if len(cards) + 1 + len(give) > codec.EXT2_DIGITS:
        with pytest.raises(IllegalActionError):
            codec.encode(play)
        return
    i = codec.encode(play)
    assert codec.decode(i) == play and (i < 2 ** 63) == (len(cards) + 1 + len(give) <= codec.INT64_DIGITS)


def test_every_DOA_play_the_referee_offers_has_an_id():
    """The complete plays every_action lists under DOA (a target, then the gifts) each have their own id."""
    import random

    from unokit.engine.compose import every_action
    from unokit.engine.game import Game
    gifts = 0
    for seed in range(3):
        rng = random.Random(seed)
        g = Game.new(players=3, rules="UNO 1121 DOA", seed=seed)
        while not g.over and len(g.actions) < 150:
            acts = every_action(g, g.to_act)
            ids = [codec.encode(a) for a in acts]
            assert len(set(ids)) == len(ids) and [codec.decode(i) for i in ids] == acts
            gifts += sum(1 for a in acts if type(a) is Play and a.give)
            g.apply(rng.choice(acts))
    assert gifts > 50


@settings(max_examples=500, deadline=None)
@given(st.integers(-10**12, 10**15) | st.sampled_from([codec.EXT_BASE - 1, codec.EXT_BASE, codec.EXT2_BASE,
                                                          codec.EXT2_BASE - 1]))
def test_any_integer_decodes_or_is_a_typed_error(i):
    try:
        a = codec.decode(i)
    except codec.ActionIdError:
        return
    assert codec.encode(a) == i


# 12750: the house-rule block's spelling of "0 play R1>Y uno", a lone coloured card naming a colour: no play
@pytest.mark.parametrize("bad", [1.0, "3", None, True, -1, 12750])
def test_a_non_id_is_a_typed_error(bad):
    with pytest.raises(codec.ActionIdError) as e:
        codec.decode(bad)
    assert isinstance(e.value, UnoError) and isinstance(e.value, ValueError)


def test_the_fast_and_compiled_cores_number_actions_by_the_codec():
    assert fast.ACTIONS is codec.OFFICIAL and fast.action_id is codec.official_id
    assert compiled.action_id is codec.encode and compiled.to_action is codec.decode
    assert (fast.ACTIONS_PER_SEAT, fast.MAX_PLAYERS) == (codec.ACTIONS_PER_SEAT, codec.MAX_PLAYERS)
    if compiled.available():
        from unokit.fast import _ccore  # the C sources restate the numbering: the same numbers
        assert (_ccore.APS, _ccore.EXT_BASE, _ccore.EXT_PER_SEAT, _ccore.NPAIRS, _ccore.EXT2_BASE) == (
            codec.ACTIONS_PER_SEAT, codec.EXT_BASE, codec.EXT_PER_SEAT, codec.NPAIRS, codec.EXT2_BASE)


def test_a_card_outside_the_official_deck_has_no_id():
    with pytest.raises(IllegalActionError):
        codec.encode(Play(0, (Card.parse("R+4"),) if "R+4" in {c.code for c in Card.ALL} else (Card.parse("WB"),)))
