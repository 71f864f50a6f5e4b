"""What every reader of a change is sent alike is built and encoded once (issue 24, point 3), and never stale.

The hub sends each connection a state message whose shared parts were built once per change of the table:
the part every reader gets (seats, match, options...; ``wire._common``) and the public part of the view
(piles, hand sizes, turn...; ``wire._public_part``), each encoded once. These tests play random hands through the
real hub (its lock, its group commit, its broadcast) and check after every change that every connection,
for every seat, a spectator and both languages, was sent exactly what is built afresh from the one view
function with nothing kept (``state_message`` on the session with its kept parts cleared), and that the
views match the table rebuilt from its log. Connections that take state patches (docs/protocol.md, "State
patches") merge each patch into the state they hold, as the page does, and the state merged is what is checked.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unokit.core.errors import UnoError
from unokit.engine.flow import acting_seats
from unokit.engine.view import view_of
from unokit.play import wire
from unokit.play.session import TableOptions, TableSession
from unokit.play.web.hub import Conn, Hub, Runtime
from unokit.play.web.store import Store
from unokit.play.wire import merge_log, merge_patch, state_message, state_update, view_json

RULE_SETS = ["UNO 1121", "UNO 1121 DR-P2-C", "UNO 1121 MS1", "UNO 3121 DD-P4-DED", "UNO 1121 JUMPIN-SEVENO",
             "UNO 1121 OPEN", "UNO NOMERCY", "UNO ALLWILD", "UNO FLIP", "UNO EXTREME", "UNO FLEX"]


class Reader:
    """A WebSocket's far end: it decodes every text it is sent and merges the log (``wire.merge_log``)."""

    def __init__(self, player, lang, patches=True):
        self.conn = Conn(send=self._send, send_text=self._send_text, player=player, lang=lang, host=player == 0,
                         patches=patches)
        self.held = None
        self.last: dict | None = None      # the whole state it holds (patches merged)
        self.patches = 0                   # how many patches it was sent
        self.failed: AssertionError | None = None

    async def _send(self, msg):
        if msg.get("type") == "state":
            raise AssertionError("a WebSocket is sent the encoded text")

    async def _send_text(self, text):
        try:
            self._receive(json.loads(text))
        except AssertionError as e:      # (the hub drops a connection whose send raises: keep what it was)
            self.failed = e
            raise

    def _receive(self, msg):
        if msg["type"] == "patch":
            assert self.conn.patches and self.last is not None, "a patch to a connection that holds no state"
            self.patches += 1
            msg = merge_patch(self.last, msg)
        assert msg["type"] == "state"
        self.last = msg
        self.held = merge_log(self.held, msg)


def fresh(s: TableSession, player, lang, now, host) -> dict:
    """The state message built from nothing kept: every shared part, the views' public part and every
    narration built again (the session's kept parts cleared for the call)."""
    kept, s.narrated = s.narrated, {}
    try:
        msg = state_message(s, player, lang, now=now, host=host)
    finally:
        s.narrated = kept
    if s.status == "playing" and player is not None and s.seat_of(player) is not None:
        # the referee's own listing (a message lists nothing for a seat ``may_act`` rules out: checked here)
        msg["legal"], msg["actions"] = wire._actions(s.legal(player))
    return msg


def _table(seed, rules) -> TableSession:
    s = TableSession(TableOptions(seats=4, match=True, bot_think=0, seed=seed, uno_grace=0.5, between_hands=0,
                                  rules=rules))
    for i in range(4):
        s.join(f"P{i}")
    s.start(0.0)
    return s


def _change(s: TableSession, rng: random.Random, t: float):
    """One random change: mostly a complete legal action (now and then another seat's reaction), the next
    hand, chat between hands, or time passing (a grace ending, a held catch judged)."""
    if s.status == "between":
        if rng.random() < 0.3:
            return lambda s, now: s.say_between(rng.randrange(4), "gg", now)
        return lambda s, now: s.deal_now(now)
    seat = s.game.to_act if rng.random() < 0.8 else rng.randrange(s.game.n)
    legal = [a for a in s.legal(s.player_at(seat)) if not a.more]
    if not legal:
        seat = s.game.to_act
        legal = [a for a in s.legal(s.player_at(seat)) if not a.more]
    if not legal:
        return lambda s, now: s.tick(now)
    action = rng.choice(legal)
    return lambda s, now: s.act(s.player_at(seat), action, now)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS))
def test_every_reader_is_sent_what_the_one_view_function_gives_it_after_every_change(seed, rules):
    """Through the hub, every seat, a spectator, both languages, a connection coming late, one going, one
    changing language and one that takes no patches: each state held (the patches merged into it as a client
    does, the log too) equals the message built afresh, and each view equals ``view_json(view_of(...))`` of
    the table rebuilt from its log."""
    _through_hub(seed, rules)


def _through_hub(seed, rules, steps=70) -> dict:
    """Play a random match of ``rules`` through the hub and check every connection after every change (see
    above); how many messages were whole and how many patches."""
    rng = random.Random(seed)
    s = _table(seed, rules)
    clock = [0.0]
    hub = Hub(Store("sqlite://"), clock=lambda: clock[0])
    hub.store.create_table("ABCDEF", s.options.to_dict(), now=0.0)
    hub.store.add_entries("ABCDEF", 0, s.log)
    rt = Runtime("ABCDEF", s, 0.0, saved=len(s.log), clock=lambda: clock[0])
    readers = [Reader(p, lang, patches=(p, lang) != (3, "pt")) for p in (0, 1, 2, 3, None) for lang in ("en", "pt")]
    late, leaving, switching = readers[5], readers[2], readers[0]
    sent = [0]
    for r in readers:
        r.conn.send_text = _counted(r.conn.send_text, sent)
    changes = [0]

    async def main():
        for r in readers:
            if r is not late:
                await hub.connect(rt, r.conn)
        for step in range(steps):
            if s.status == "over":
                break
            if step == 20:
                await hub.connect(rt, late.conn)
            if step == 30:           # a "hello" in another language: sent whole, in that language
                hub.set_lang(switching.conn, "pt")
                await hub.send_state(rt, switching.conn)
            if step == 40:
                await hub.disconnect(rt, leaving.conn)
            clock[0] += 0.3
            try:
                await hub.change(rt, _change(s, rng, clock[0]))
            except UnoError:         # a refused request changes nothing (the hand ended before a reaction...)
                continue
            changes[0] += 1
            now = rt.now()
            rebuilt = TableSession.restore(s.options, s.log) if step % 7 == 0 else None
            for r in readers:
                if r.conn not in rt.conns:
                    continue
                p, lang = r.conn.player, r.conn.lang
                want = fresh(s, p, lang, now, r.conn.host)
                got = r.last
                assert got is not None
                assert (r.held[1], r.held[2]) == (want["log_at"], want["log"]), (step, p, lang)
                assert {k: x for k, x in got.items() if k not in ("log", "log_at")} == \
                       {k: x for k, x in want.items() if k not in ("log", "log_at")}, (step, p, lang)
                if s.game is not None:
                    seat = s.seat_of(p) if p is not None else None
                    assert got["view"] == view_json(view_of(s.game, seat)), (step, p)
                    if rebuilt is not None and rebuilt.game is not None:
                        assert got["view"] == view_json(rebuilt.view(p)), (step, p)

    asyncio.run(main())
    for r in readers:
        if r.failed is not None:
            raise r.failed
    assert changes[0] >= 20 and all(r.last is not None for r in readers)
    assert hub.store.entries("ABCDEF") == s.log          # (stored as it went)
    assert readers[7].patches == 0
    patches = sum(r.patches for r in readers)
    return {"whole": sent[0] - patches, "patches": patches}


def _counted(send_text, sent):
    async def send(text):
        sent[0] += 1
        await send_text(text)
    return send


def test_most_messages_of_a_hand_are_patches():
    """Most connections' own parts do not change at an action: they are sent patches (a seat that may act
    is sent its whole state)."""
    got = _through_hub(7, "UNO 1121")
    assert got["patches"] > got["whole"] > 0, got


@pytest.mark.parametrize("coarse", ["no hand in the key", "nobody may act"])
def test_an_own_key_made_too_coarse_is_caught(coarse, monkeypatch):
    """The harness fails when a connection is sent a patch while its own part changed: the key without the
    view's own values (a hand that changed is not seen), or every seat's legal list taken as empty."""
    if coarse == "no hand in the key":
        real = wire._own_key
        monkeypatch.setattr(wire, "_own_key", lambda *a: None if (k := real(*a)) is None else (*k[:2], None))
    else:
        monkeypatch.setattr(TableSession, "may_act", lambda self, player: False)
    with pytest.raises(AssertionError):
        _through_hub(7, "UNO 1121")


@pytest.mark.parametrize("field, rules", [("hand", "UNO 1121 JUMPIN-SEVENO"), ("revealed", "UNO 3121 DD-P4-DED"),
                                           ("powers", "UNO FLEX"), ("backs", "UNO FLIP")])
def test_an_own_key_without_one_of_the_views_own_fields_is_caught(field, rules, monkeypatch):
    """The own key is told without building the reader's view (``view.own_fields``): the harness fails when
    one of those fields is left out of it (a hand swapped by a Seven, a card revealed to a seat by an
    accusation, the power cards, UNO Flip's backs changed while the seat could not act)."""
    real = wire._own_key
    monkeypatch.setattr(wire, "_own_key", lambda *a: real(*a[:-1], {k: x for k, x in a[-1].items() if k != field}))
    with pytest.raises(AssertionError):
        _through_hub(0, rules)


def test_patches_alike_are_encoded_once_and_a_reader_named_by_the_new_events_gets_its_own(monkeypatch):
    """Readers of one change sent the same patch (one language, the same new lines) share one text; with the
    log lines left out of what tells patches alike, a reader the new events name ("You are skipped") would be
    sent another's lines: the harness fails."""
    s, alike = _played(), []
    marks = {p: wire.state_send(s, p, now=3.0)[2:] for p in (0, 1, 2, 3, None)}
    for i in range(20):
        if s.status != "playing":
            break
        p = s.player_at(s.game.to_act)
        s.act(p, next(x for x in s.legal(p) if not x.more), 3.5 + i)
        sent = {q: wire.state_send(s, q, now=3.5 + i, seen=marks[q][0], own=marks[q][1]) for q in marks}
        marks = {q: x[2:] for q, x in sent.items()}
        patches = [(msg, text) for msg, text, _, _ in sent.values() if msg["type"] == "patch"]
        alike += [(a, b) for j, a in enumerate(patches) for b in patches[j + 1:] if a[0]["log"] == b[0]["log"]]
    assert alike and all(a[1] is b[1] for a, b in alike)
    real = wire._patch_text

    def coarse(s, msg, common, public_text):
        kept = s.narrated.get(wire._PATCHES)
        first = kept[1].get("any") if kept is not None and kept[0] is common else None
        text = first or real(s, msg, common, public_text)
        s.narrated[wire._PATCHES][1]["any"] = text
        return text
    monkeypatch.setattr(wire, "_patch_text", coarse)
    with pytest.raises(AssertionError):
        _through_hub(7, "UNO 1121")


def test_no_reader_builds_a_view_of_its_own():
    """No connection is given a view of its own: at a change one view is built, the spectator's, shared by every
    reader for the public part, and each reader's own part comes from its own fields (``view.own_fields``), kept
    while they stay (a patched reader builds nothing of it)."""
    from unokit.play import session as session_module
    s = _played()
    marks = {p: wire.state_send(s, p, now=3.0)[2:] for p in range(4)}
    built = []
    real = session_module.view_of
    session_module.view_of = lambda g, seat, **kw: built.append(seat) or real(g, seat, **kw)
    try:
        p = s.player_at(s.game.to_act)
        s.act(p, next(x for x in s.legal(p) if not x.more), 3.5)
        sent = {q: wire.state_send(s, q, now=3.5, seen=marks[q][0], own=marks[q][1]) for q in range(4)}
    finally:
        session_module.view_of = real
    kinds = {q: r[0]["type"] for q, r in sent.items()}
    assert "patch" in kinds.values() and "state" in kinds.values()
    assert built == [None]                                  # the spectator's view, once
    for q, (msg, text, _, _) in sent.items():
        if msg["type"] == "state":
            assert json.loads(text)["view"] == msg["view"] == view_json(view_of(s.game, s.seat_of(q)))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_SETS))
def test_a_seat_outside_the_acting_seats_has_no_legal_action(seed, rules):
    """``flow.acting_seats`` is a superset: after every action of a random hand, every other seat's legal list
    is empty (what lets a connection keep its empty list and be sent a patch)."""
    s, rng = _table(seed, rules), random.Random(seed)
    g = s.game
    for _ in range(120):
        if g.over:
            break
        acting = acting_seats(g)
        for seat in range(g.n):
            if seat not in acting:
                assert g.legal_actions(seat) == [], (seat, g)
        seat = g.to_act if rng.random() < 0.8 else rng.choice(sorted(acting))
        legal = [a for a in g.legal_actions(seat) if not a.more] or \
            [a for a in g.legal_actions(g.to_act) if not a.more]
        g.apply(rng.choice(legal))


def _played(seed=5, rules="UNO 1121", moves=25) -> TableSession:
    s, rng = _table(seed, rules), random.Random(seed)
    for i in range(moves):
        if s.status != "playing":
            s.tick(i)
            continue
        p = s.player_at(s.game.to_act)
        s.act(p, rng.choice([a for a in s.legal(p) if not a.more]), i * 0.1)
    return s


def test_the_public_part_of_a_view_is_read_from_the_public_fields_alone():
    """``_public_view`` reads only ``_PUBLIC_FIELDS``: a view with every other field another seat's gives the
    same JSON; and the two parts together are the whole view."""
    s = _played()
    mine, theirs = s.game.view(0), s.game.view(2)
    others = {f: getattr(theirs, f) for f in mine.__dataclass_fields__ if f not in wire._PUBLIC_FIELDS}
    assert wire._public_view(replace(mine, **others)) == wire._public_view(mine)
    assert {**wire._own_view(mine), **wire._public_view(mine)} == view_json(mine)
    assert set(wire._own_view(mine)).isdisjoint(wire._public_view(mine))


def test_a_view_whose_public_values_differ_is_never_sent_the_shared_part():
    """The shared public part is used only for a view whose public values equal those it was built from: a
    state's shared view that shows something else (here, other hand sizes and top card) gets its own public
    part, in the message and its text, beside the reader's own part."""
    s = _played()
    state_update(s, 0, now=1.0)                 # the public part of this change, kept
    spectator = s.game.view(None)
    odd = replace(spectator, hand_sizes=(1, 2, 3, 4), top=spectator.discard[0])
    s.shared_view = lambda: odd                 # type: ignore[method-assign]
    try:
        msg, text, _ = state_update(s, 1, now=1.0)
    finally:
        del s.shared_view
    want = view_json(replace(s.game.view(1), hand_sizes=(1, 2, 3, 4), top=spectator.discard[0]))
    assert msg["view"] == want == json.loads(text)["view"]
    assert msg["view"]["hand_sizes"] == [1, 2, 3, 4]
    msg0, text0, _ = state_update(s, 0, now=1.0)
    assert json.loads(text0)["view"] == view_json(s.game.view(0)) == msg0["view"]


def test_the_shared_parts_are_built_once_per_change_and_anew_after_it():
    s = _played()
    a, b = state_message(s, 0, now=2.0), state_message(s, 3, "pt", now=2.0)
    kept = s.narrated[wire._VIEW]
    assert a["seats"] is b["seats"]
    assert a["view"]["discard"] is b["view"]["discard"]          # the public part: one, shared
    assert a["view"]["hand"] != b["view"]["hand"]
    p = s.player_at(s.game.to_act)
    s.act(p, next(x for x in s.legal(p) if not x.more), 2.5)
    c = state_message(s, 0, now=2.5)
    assert s.narrated[wire._VIEW] is not kept and c["view"]["discard"] is not a["view"]["discard"]
    assert c["view"] == view_json(s.game.view(s.seat_of(0)))


def test_the_text_is_compact_json_that_reads_as_the_message():
    s = _played(moves=10)
    for p in (0, 1, None):
        for lang in ("en", "pt"):
            msg, text, _ = state_update(s, p, lang, now=3.0, host=p == 0)
            assert json.loads(text) == msg
            assert text.startswith('{"you":') and ", " not in text[:40] and "\\u00" not in text
    assert wire._dumps({"n": 2**70, "x": [1.5, "ã"]}) == '{"n":1180591620717411303424,"x":[1.5,"ã"]}'


def test_the_views_public_part_is_computed_once_per_state_and_follows_every_change_of_the_game():
    """``TableSession.view`` computes the part of the views every seat is shown alike once per state; a game
    changed behind the table's back (no log entry, so no new version; a pass tells no event) is seen at once."""
    s = _played()
    a, b = s.view(0), s.view(2)
    assert a.discard is b.discard and a.history is b.history and a.hand != b.hand
    g, rng, passes = s.game, random.Random(3), 0
    for _ in range(40):
        if g.over:
            break
        seat = g.to_act
        legal = [x for x in g.legal_actions(seat) if not x.more]
        x = next((x for x in legal if type(x).__name__ == "Pass"), rng.choice(legal))
        passes += type(x).__name__ == "Pass"
        g.apply(x)
        for p in (0, 1, 2, 3, None):
            assert s.view(p) == view_of(g, s.seat_of(p) if p is not None else None), (p, x)
    assert passes


def test_the_own_part_of_a_view_is_read_from_the_own_fields_alone():
    """``_own_view`` reads only ``_OWN_FIELDS`` (the view's values in a connection's own key): a view with
    every other field another seat's gives the same JSON."""
    s = _played()
    mine, theirs = s.game.view(0), s.game.view(2)
    others = {f: getattr(theirs, f) for f in mine.__dataclass_fields__ if f not in wire._OWN_FIELDS}
    assert wire._own_view(replace(mine, **others)) == wire._own_view(mine) != wire._own_view(theirs)
