"""Issue 9, point 2: every impossible position is refused cleanly.

``Game.from_position`` checks its arguments (``unokit.engine.position.check_position``) before any game
is built: cards the chosen deck does not hold (or holds fewer of), seats and directions out of
range, a pending draw with no draw card under it, an empty discard pile and values of the wrong
type raise :class:`~unokit.core.errors.PositionError` (an ``UnoError``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit.core.cards import Card, Color, format_physical
from unokit.core.decks import DECKS, build_deck, deck_counts
from unokit.core.errors import PositionError, RuleCodeError, UnoError
from unokit.engine.game import Game
from unokit.engine.playback import replay
from unokit.engine.position import MAX_PENDING, check_position, check_table
from unokit.rules.editions import EDITIONS

GOOD = dict(hands=["R1 R2", "G5 B7"], discard="R9", stock="Y1 Y2")


def refused(**changes) -> PositionError:
    kw = dict(GOOD, **changes)
    hands, discard, stock = kw.pop("hands"), kw.pop("discard"), kw.pop("stock")
    with pytest.raises(PositionError) as e:
        Game.from_position(hands, discard, stock, **kw)
    assert "\n" not in str(e.value)
    return e.value


def test_position_good_one_is_accepted():
    g = Game.from_position(**GOOD)
    assert [len(h) for h in g.hands] == [2, 2] and g.top.code == "R9"


def test_position_refuses_five_wilds_in_a_classic_deck():
    e = refused(hands=["W W W", "W W"])
    assert "5 x W" in str(e) and "classic deck has 4" in str(e)


def test_position_refuses_three_red_ones():
    assert "3 x R1" in str(refused(hands=["R1 R1", "G5"], stock="R1"))


def test_position_refuses_109_cards():
    cards = build_deck("classic")
    e = refused(hands=[" ".join(c.code for c in cards[:50]), " ".join(c.code for c in cards[50:100])],
                discard=" ".join(c.code for c in cards[100:]) + " R1", stock="")
    assert "x R1" in str(e)


def test_position_refuses_cards_the_deck_lacks():
    assert "no WX" in str(refused(hands=["WX R1", "G5"]))
    Game.from_position(["WX R1", "G5"], "R9", deck="112")
    assert "no WB" in str(refused(hands=["WB", "G5"], deck="ohana"))


def test_position_refuses_current_9_at_a_two_player_table():
    assert "current" in str(refused(current=9))
    for bad in (-1, 2, True, "0", 1.0, None, 10**40):
        assert "current" in str(refused(current=bad))


def test_position_refuses_direction_0():
    for bad in (0, 2, -2, True, "1", 1.0, None):
        assert "direction" in str(refused(direction=bad))
    assert Game.from_position(**GOOD, direction=-1).direction == -1


def test_position_refuses_a_pending_draw_on_a_number():
    e = refused(pending=2)
    assert "R9" in str(e) and "Draw Two or Wild Draw Four" in str(e)


def test_position_refuses_a_pending_total_that_does_not_fit_the_card_on_top():
    refused(discard="W+4", color="G", pending=2)   # a W+4 makes at least 4
    refused(discard="R+2", pending=3)              # totals are even
    refused(discard="R+2", pending=-2)
    refused(discard="R+2", pending=MAX_PENDING + 2)
    refused(discard="R+2", pending=10**100)
    refused(discard="R+2", pending="2")
    refused(discard="R+2", pending=True)
    assert Game.from_position(**dict(GOOD, discard="R+2"), pending=6).pending == 6


def test_position_refuses_an_empty_discard_pile():
    for bad in ("", "  ", [], ()):
        assert "discard pile is never empty" in str(refused(discard=bad))


def test_position_refuses_bad_card_strings():
    assert "hand 1" in str(refused(hands=["R1", "G5 Z9"]))
    assert "discard" in str(refused(discard="R10"))
    assert "stock" in str(refused(stock="Y1 ？"))
    refused(hands=["R1", "G5 R７"])
    refused(hands=["R1", ["G5", 7]])


def test_position_refuses_wrong_types():
    for bad in ("R1 R2", None, 5, {"a": "R1"}, b"R1"):
        assert "hands" in str(refused(hands=bad))
    for hands in ([], ["R1"], ["R1"] * 11):
        assert "players" in str(refused(hands=hands))
    refused(hands=["R1", 5])
    refused(discard=9)
    refused(stock=None)
    refused(color=5)
    refused(color="magenta")
    refused(dealer=2)
    refused(dealer="0")
    refused(seed="x")
    refused(deck="tarot")
    refused(deck=["classic"])
    refused(enforcement="lenient")
    with pytest.raises(RuleCodeError):
        Game.from_position(GOOD["hands"], GOOD["discard"], rules="UNO S(penalty=-5)")


def test_position_is_refused_before_any_game_is_built(monkeypatch):
    built = []
    monkeypatch.setattr(Game, "__init__", lambda self, *a, **k: built.append(a))
    with pytest.raises(PositionError):
        Game.from_position(["W W W", "W W"], "R9")
    assert built == []


def test_table_check_refuses_wrong_types_and_huge_numbers():
    for kw in (dict(players="4"), dict(players=4.0), dict(players=10**30), dict(players=True), dict(players=11),
               dict(players=4, decks=10**6), dict(players=4, decks="1"), dict(players=4, deck=[]),
               dict(players=4, enforcement=[]), dict(players=4, dealer=4), dict(players=4, dealer="0"),
               dict(players=4, seed=[1]), dict(players=4, include_blanks="yes")):
        with pytest.raises(PositionError):
            check_table(**kw)
    check_table(20, decks=2, deck="112", dealer=19, seed=3, include_blanks=True)


# ---------------------------------------------------------------------------------------------- fuzzing
EDITION_OF_DECK = {e.deck: e.code for e in EDITIONS.values()}   # an edition's deck is played with its rules


def _position(rng: random.Random, deck: str) -> dict:
    cards = build_deck(deck, 1, include_blanks=True)
    rng.shuffle(cards)
    n = rng.randint(2, 6)
    hands = [format_physical(cards.pop() for _ in range(rng.randint(0, 8))) for _ in range(n)]
    discard = [cards.pop() for _ in range(rng.randint(1, 3))]
    stock = format_physical(cards.pop() for _ in range(rng.randint(0, 20)))
    top = discard[-1]
    # (the flip deck's double-sided cards are played by UNO FLIP only, and named as physical cards: R5/T+5)
    return dict(hands=hands, discard=format_physical(discard), stock=stock, current=rng.randrange(n),
                direction=rng.choice((1, -1)), color=rng.choice("RYGB") if top.is_wild else None,
                pending=(top.draw * rng.randint(1, 3)) if top.draw and rng.random() < 0.5 else 0, deck=deck,
                **({"rules": f"UNO {EDITION_OF_DECK[deck]}"} if deck in EDITION_OF_DECK else {}))


WEIRD = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(-10**40, 10**40), st.floats(),
                  st.text(max_size=6), st.sampled_from(["R1", "W W W W W", "R1 R1 R1", "", "Z9", "W+4", "G", "+2"]),
                  st.lists(st.sampled_from(["R1", "W", 5, None]), max_size=3))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(DECKS)), st.lists(
    st.tuples(st.sampled_from(["hands", "discard", "stock", "current", "direction", "color", "pending", "dealer",
                               "add-card", "hand-item"]), WEIRD), max_size=3))
def test_position_fuzz_mutated_positions_are_played_or_refused_with_position_error(seed, deck, mutations):
    rng = random.Random(seed)
    kw = _position(rng, deck)
    for what, value in mutations:
        if what == "add-card":
            kw["stock"] = f"{kw['stock']} {rng.choice(Card.ALL).code}"
        elif what == "hand-item":
            if isinstance(kw["hands"], list):
                kw["hands"] = kw["hands"] + [value] if rng.random() < 0.3 else [value] + kw["hands"][1:]
        else:
            kw[what] = value
    hands, discard, stock = kw.pop("hands"), kw.pop("discard"), kw.pop("stock")
    try:
        g = Game.from_position(hands, discard, stock, **kw)
    except UnoError as e:
        assert isinstance(e, PositionError), (type(e), e)
        assert "\n" not in str(e)
        return
    # accepted: the cards fit the deck, the seats fit the table, and the position replays from its record
    full = deck_counts(build_deck(deck, 1, include_blanks=True))
    have = g.card_locations()
    assert all(k <= full[c] for c, k in have.items())
    assert 0 <= g.current < g.n and g.direction in (1, -1) and isinstance(g.color, Color)
    assert not g.pending or g.top.draw
    check_position([format_physical(h) for h in g.hands], format_physical(g.discard),
                   format_physical(reversed(g.stock)), current=g.current, direction=g.direction,
                   color=g.color, pending=g.pending, deck=deck)
    replay(g.record())


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(DECKS)))
def test_position_fuzz_valid_positions_play_and_replay(seed, deck):
    rng = random.Random(seed)
    kw = _position(rng, deck)
    if not any(h for h in kw["hands"]):
        kw["hands"][0] = "R1" if "R1" not in kw["stock"] else "G1"
    try:
        g = Game.from_position(kw.pop("hands"), kw.pop("discard"), kw.pop("stock"), **kw)
    except PositionError as e:  # e.g. the replacement card pushed a count over the deck's
        assert "x " in str(e)
        return
    before = Counter(g.card_locations())
    for _ in range(rng.randint(0, 15)):
        if g.over:
            break
        acts = [a for a in g.legal_actions(g.to_act) if not a.more]
        if not acts:
            break
        g.apply(rng.choice(acts))
    assert Counter(g.card_locations()) == before
    replay(g.record())


def test_an_edition_position_with_more_seats_than_it_seats_is_a_position_error():
    # found by the fuzzer: seven hands under UNO Show 'em No Mercy (2 to 6 players) raised a bare UnoError
    from unokit.engine.game import Game
    with pytest.raises(PositionError, match="NOMERCY is for 2 to 6 players; got 7"):
        Game.from_position(["R1"] * 7, "R9", rules="UNO NOMERCY", deck="nomercy")
