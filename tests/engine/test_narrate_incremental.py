"""Incremental narration (``unokit.engine.narrate.Narration``): the lines of a growing history, each event told once,
are exactly those of ``narrate_sequence`` over the whole history; the web table's log uses it. The readers of one
table may share their lines (``SharedLines``, issue 24, point 3): each event told once for every reader it does not
name, and a line that reads its reader in any way never handed to another."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.cards import parse_cards
from unokit.core.events import make_event, register_event, unregister_event
from unokit.engine.game import Game
from unokit.engine.narrate import Narration, SharedLines, describe, describe_skip, narrate_sequence
from unokit.play.session import TableOptions, TableSession
from unokit.play.wire import LOG_LINES, state_message

NAMES = ["Ana", "Bob", "Cris", "Duda", "Edu", "Fia"]
# the official rules, house rules (stacking, challenges, draw to match, elimination, deflect, jump-in,
# seven-zero) and editions whose cards skip and reverse in their own ways (No Mercy, All Wild, Flip)
RULE_SETS = ["UNO 1121", "UNO 1121 DR-P2-C", "UNO 1121 MS1", "UNO 3121 DD-P4-DED", "UNO 1121 DEFLECT",
             "UNO 1121 JUMPIN-SEVENO", "UNO NOMERCY", "UNO ALLWILD", "UNO FLIP", "UNO EXTREME"]
STEPS = 250


def _random_step(g, rng) -> bool:
    """One random complete legal action: usually the seat to act, sometimes another seat's reaction."""
    seat = g.to_act if rng.random() < 0.8 else rng.randrange(g.n)
    legal = [a for a in g.legal_actions(seat) if not a.more]
    if not legal and seat != g.to_act:
        legal = [a for a in g.legal_actions(g.to_act) if not a.more]
    if not legal:
        return False
    g.apply(rng.choice(legal))
    return True


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS), players=st.integers(2, 6),
       viewer=st.integers(-1, 5), lang=st.sampled_from(["en", "pt"]), keep=st.sampled_from([None, 0, 3, 60]))
def test_incremental_narration_equals_narrating_the_whole_history_after_every_action(seed, rules, players, viewer,
                                                                                     lang, keep):
    players = min(players, 6)
    g = Game.new(players=players, rules=rules, seed=seed)
    v = g.view(None)
    viewer = viewer if 0 <= viewer < players else None
    names = NAMES[:players]
    opts = {"players": players, "direction": v.deal_direction, "dealer": v.dealer}
    tell = Narration(viewer, names, lang, keep=keep, **opts)
    rng = random.Random(seed)
    for _ in range(STEPS):
        history = g.view(viewer).history
        whole = narrate_sequence(history, viewer, names, lang, **opts)
        assert tell.lines(history) == (whole if keep is None else whole[-keep:] if keep else [])
        if g.over or not _random_step(g, rng):
            break


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS), players=st.integers(2, 6),
       viewer=st.integers(-1, 5), keep=st.sampled_from([None, 3, 60]), start=st.integers(0, 400))
def test_the_lines_are_numbered_from_the_hands_first_and_a_final_line_never_changes_in_its_epoch(
        seed, rules, players, viewer, keep, start):
    g = Game.new(players=players, rules=rules, seed=seed)
    v = g.view(None)
    viewer = viewer if 0 <= viewer < players else None
    names = NAMES[:players]
    opts = {"players": players, "direction": v.deal_direction, "dealer": v.dealer}
    tell = Narration(viewer, names, keep=keep, **opts)
    rng = random.Random(seed)
    finals: dict = {}      # epoch -> the final lines told in it so far
    for _ in range(STEPS):
        history = g.view(viewer).history
        whole = narrate_sequence(history, viewer, names, **opts)
        at, lines = tell.lines_from(history, start)
        assert tell.total == len(whole) and 0 <= tell.final <= tell.total
        first = 0 if keep is None else max(0, len(whole) - keep)
        assert at == max(start, first) and lines == whole[at:]
        before = finals.setdefault(tell.epoch, [])
        assert whole[:len(before)] == before and tell.final >= len(before)   # what was final stays
        finals[tell.epoch] = whole[:tell.final]
        if g.over or not _random_step(g, rng):
            break


def _play(seq, seat, cards):
    return make_event("play", seq, seat, tuple(parse_cards(cards)), None)


def test_an_action_whose_events_arrive_in_two_calls_is_told_again_with_its_skips_right():
    tell, names = Narration(None, NAMES[:3]), NAMES[:3]
    first = [_play(1, 0, "GS")]
    assert tell.lines(first) == ["Ana plays Green Skip", "Bob is skipped"]
    both = first + [make_event("out", 1, 0, 12)]     # the Skip went out: nobody is skipped
    assert tell.lines(both) == narrate_sequence(both, None, names)
    assert "Bob is skipped" not in tell.lines(both)
    more = both + [make_event("draw", 2, 1, 1)]
    assert tell.lines(more) == narrate_sequence(more, None, names)


def test_a_history_that_is_not_an_extension_or_repeats_a_seq_is_told_from_the_start():
    names = NAMES[:3]
    tell = Narration(1, names)
    a = [_play(1, 0, "GS"), make_event("draw", 2, 2, 1)]
    assert tell.lines(a) == narrate_sequence(a, 1, names)
    b = [_play(1, 0, "GR"), make_event("draw", 2, 2, 1), make_event("draw", 3, 0, 1)]   # another hand
    assert tell.lines(b) == narrate_sequence(b, 1, names)
    c = b + [make_event("out", 1, 0, 12)]       # a seq seen before, later: the whole told again
    epoch = tell.epoch
    assert tell.lines(c) == narrate_sequence(c, 1, names)
    # ...which may change lines that were final: they are numbered anew, none final
    assert tell.epoch != epoch and tell.final == 0 and tell.total == len(narrate_sequence(c, 1, names))


def test_the_web_log_is_the_last_lines_of_the_whole_hand_narrated_for_each_reader():
    s = TableSession(TableOptions(seats=4, match=True, bot_think=0, seed=5, uno_grace=0, between_hands=0))
    for i in range(4):
        s.join(f"P{i}")
    s.start(0.0)
    rng, t = random.Random(5), 0.0
    for _ in range(150):
        if s.status != "playing":
            t += 1
            s.tick(t)
            continue
        p = s.player_at(s.game.to_act)
        s.act(p, rng.choice([a for a in s.legal(p) if not a.more]), t)
        t += 0.1
        for player, lang in ((0, "en"), (2, "pt"), (None, "en")):
            v = s.view(player)
            whole = narrate_sequence(v.history, v.seat, s.names(), lang, players=v.players,
                                     direction=v.deal_direction, dealer=v.dealer)
            msg = state_message(s, player, lang)
            assert msg["log"] == whole[-LOG_LINES:] and msg["log_at"] == len(whole) - len(msg["log"])
    # the lines shared by the readers of each language (two here), with the one course of the hand they follow;
    # the part of the message every reader shares, the public part of the view's JSON, the seats' names
    # (unokit/play/wire.py), the view's public part and the seats that may act (TableSession.view, may_act), the
    # options and the standings as shown (kept while what they read stays): each one entry, replaced as the hand
    # goes on; and each reader's own part of the view as last built (three readers); no narration of a reader's own
    assert len(s.narrated) <= 3 + 2 + 3 + 2 + 3


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS + ["UNO FLEX", "UNO 1121 OPEN"]),
       players=st.integers(2, 6), lang=st.sampled_from(["en", "pt"]), keep=st.sampled_from([None, 3, 60]))
def test_readers_sharing_their_lines_are_told_what_each_is_told_alone_after_every_action(seed, rules, players,
                                                                                       lang, keep):
    g = Game.new(players=players, rules=rules, seed=seed)
    v = g.view(None)
    names = NAMES[:players]
    opts = {"players": players, "direction": v.deal_direction, "dealer": v.dealer}
    book = SharedLines(names, lang)
    readers = [None, *range(players)]
    tells = {r: Narration(r, names, lang, keep=keep, shared=book, **opts) for r in readers}
    rng = random.Random(seed)
    events = 0
    for _ in range(STEPS):
        history = g.view(None).history
        events = len(history)
        for r in readers:
            whole = narrate_sequence(history, r, names, lang, **opts)
            assert tells[r].lines(history) == (whole if keep is None else whole[-keep:]), r
        if g.over or not _random_step(g, rng):
            break
    # each event told once for the readers it does not name (more only when a history is told anew)
    assert book.told <= 2 * events + players + 8


def test_readers_sharing_their_lines_follow_the_history_once_and_number_their_lines_alike(monkeypatch):
    """The readers of one table and language follow one course of the hand (``course.Course``): the history
    is cut into its runs once per call for all of them, not once per reader; a run's lines for a reader it
    names are told once; and every reader's lines are numbered alike (epoch, final, total)."""
    import unokit.engine.course as course
    import unokit.engine.narrate as narrate
    walks, told = [0], [0]
    real_runs, real_describe = course._runs, narrate._describe

    def runs(events, start=0):
        walks[0] += 1
        return real_runs(events, start)

    def describe(e, w):
        told[0] += 1
        return real_describe(e, w)

    monkeypatch.setattr(course, "_runs", runs)
    monkeypatch.setattr(narrate, "_describe", describe)
    g = Game.new(players=4, rules="UNO 1121", seed=11)
    v = g.view(None)
    opts = {"players": 4, "direction": v.deal_direction, "dealer": v.dealer}
    book = SharedLines(NAMES[:4], "en")
    tells = [Narration(r, NAMES[:4], keep=LOG_LINES, shared=book, **opts) for r in (None, 0, 1, 2, 3)]
    rng, calls, events = random.Random(11), 0, 0
    for _ in range(120):
        history = g.view(None).history
        lines = [t.lines(history) for t in tells]
        calls += 1
        events = len(history)
        assert len({(t.epoch, t.final, t.total) for t in tells}) == 1
        assert all(len(x) == len(lines[0]) for x in lines)
        if g.over or not _random_step(g, rng):
            break
    assert 0 < walks[0] <= calls        # at most once per call of the first reader; the others find it followed
    # each event told once for the readers it does not name and once for each reader it names (the plays, the
    # draws of the seat itself): never again per message
    assert told[0] <= 3 * events


def test_an_event_is_told_once_and_each_reader_it_names_gets_its_own_line():
    names = ["Ana", "Bob", "Cris"]
    book = SharedLines(names, "en")
    caught = make_event("caught", 5, 1, 0)           # Bob caught Ana
    assert [book.event(caught, r) for r in (None, 0, 1, 2)] == [describe(caught, r, names) for r in (None, 0, 1, 2)]
    assert book.event(caught, 0) == "Bob caught you without UNO" and book.event(caught, 2) == "Bob caught Ana without UNO"
    assert book.told == 1
    assert [book.skip(1, r) for r in (None, 0, 1)] == [describe_skip(1, r, names) for r in (None, 0, 1)]
    assert book.skip(1, 1) == "You are skipped" and book.told == 2


@pytest.fixture
def odd_events():
    """A rule's own events whose lines read the reader otherwise than by asking about a seat of theirs."""
    register_event("test-peek", ("target",), about="a seat that reads the reader itself",
                   tell={"en": lambda w, e: f"seat {w.viewer} watches", "pt": lambda w, e: f"{w.viewer}"})
    register_event("test-many", ("seats",), about="seats as a tuple",
                   tell={"en": lambda w, e: w.seats(e.seats)[0], "pt": lambda w, e: w.seats(e.seats)[0]})
    yield
    unregister_event("test-peek")
    unregister_event("test-many")


def test_a_line_that_reads_its_reader_directly_or_names_several_seats_is_told_for_each(odd_events):
    """Keyed by the event alone (or by the seats in its fields) these would be handed to the wrong reader."""
    names = ["Ana", "Bob", "Cris"]
    book = SharedLines(names, "en")
    peek = make_event("test-peek", 3, 0, 1)
    assert [book.event(peek, r) for r in (None, 0, 1, 2)] == ["seat None watches", "seat 0 watches",
                                                              "seat 1 watches", "seat 2 watches"]
    many = make_event("test-many", 4, None, (0, 2))
    assert [book.event(many, r) for r in (None, 0, 1, 2)] == [describe(many, r, names) for r in (None, 0, 1, 2)]
    assert book.event(many, 2) == "You and Ana" and book.event(many, 1) == "Ana and Cris"


def test_a_run_with_a_skip_is_planned_once_and_told_to_each_reader_as_alone():
    names = ["Ana", "Bob", "Cris"]
    book = SharedLines(names, "pt")
    events = [make_event("play", 1, 0, tuple(parse_cards("GS")), None), make_event("draw", 2, 2, 1)]
    for r in (None, 0, 1, 2):
        lines, direction, out = book.run(events, 0, 1, 3, 0, 1, set(), r)
        assert lines == narrate_sequence(events[:1], r, names, "pt", dealer=0) and (direction, out) == (1, set())
    assert book.told == 2           # the play and the skip, each once


def test_shared_lines_of_another_table_or_language_are_refused():
    with pytest.raises(ValueError):
        Narration(0, ["Ana", "Bob"], "en", shared=SharedLines(["Ana", "Bob"], "pt"))
    with pytest.raises(ValueError):
        Narration(0, ["Ana", "Bob"], "en", shared=SharedLines(["Ana", "Cris"], "en"))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS), keep=st.sampled_from([None, 0, 3, 60]),
       start=st.integers(0, 400))
def test_the_lines_from_a_number_on_and_the_first_number_agree_with_the_lines_whichever_is_asked_first(
        seed, rules, keep, start):
    g = Game.new(players=4, rules=rules, seed=seed)
    v = g.view(None)
    opts = {"players": 4, "direction": v.deal_direction, "dealer": v.dealer}
    part, whole = Narration(1, NAMES[:4], keep=keep, **opts), Narration(1, NAMES[:4], keep=keep, **opts)
    rng = random.Random(seed)
    for i in range(STEPS):
        history = g.view(None).history
        lines = whole.lines(history)
        first = part.first(history) if i % 2 else None
        at, tail = part.lines_from(history, start)
        assert (at, tail) == whole.lines_from(history, start) and part.total == whole.total
        assert part.first(history) == whole.total - len(lines) == (first if first is not None else part.first(history))
        assert part.lines(history) == lines and tail == lines[at - (whole.total - len(lines)):]
        if g.over or not _random_step(g, rng):
            break
