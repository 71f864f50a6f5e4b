"""Shared helpers for the scenario and property tests.

Seats are numbered 0..n-1 clockwise; "left" of a seat is the next seat (+1).
Letters in test names (A, B, C, ...) map to seats 0, 1, 2, ...
"""

from __future__ import annotations

from collections import Counter

import pytest

from unokit.core.actions import (
    Accuse,
    CatchUno,
    Challenge,
    ChooseColor,
    Discard,
    Draw,
    Hint,
    Notice,
    Pass,
    Play,
    Say,
    SayUno,
)
from unokit.core.cards import Card, Color, parse_cards
from unokit.core.decks import build_deck
from unokit.engine.game import Game, Phase

A, B, C, D, E, F, G = range(7)

#: modules whose tests share one costly module fixture (a local Ray cluster, a Chromium): under ``make test``
#: (pytest-xdist, ``--dist loadgroup``) each runs whole on one worker, first. (pytest-xdist's own groups, the
#: ``xdist_group`` mark, are lost under pytest 9.2: xdist 3.8 renames the tests' node ids, which are read-only there.)
#: Keyed by the start of the module's file name, wherever it sits under tests/.
XDIST_GROUPS = {"test_scale_ray": "ray", "test_browser": "browser"}


def xdist_group(nodeid: str) -> str | None:
    """The group of a test id (``tests/play/web/test_browser_fair.py::test_x`` -> ``"browser"``)."""
    name = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
    return next((g for start, g in XDIST_GROUPS.items() if name.startswith(start)), None)


def pytest_configure(config):
    """RLCard unpacks its Dou Dizhu data into site-packages the first time ``rlcard.models`` is imported, and two
    test workers importing it at once on a fresh install race on that folder (FileExistsError at collection):
    the controller unpacks it once, before the workers start."""
    if hasattr(config, "workerinput"):
        return
    try:
        import rlcard.models  # noqa: F401
    except ImportError:   # RLCard is a test extra: its tests skip without it
        pass


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` with :data:`XDIST_GROUPS`: the modules listed go whole to one worker each."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ModuleGroups(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = xdist_group(nodeid)
            return f"group:{group}" if group else super()._split_scope(nodeid)

    return ModuleGroups(config, log)


def cards(text) -> tuple:
    return tuple(parse_cards(text))


def play(g: Game, seat: int, text: str, color: str | None = None, uno: bool = False, **kw):
    """Apply a visible play of the cards in ``text`` (notation) by ``seat``."""
    col = Color.parse(color) if color else None
    return g.apply(Play(seat, cards(text), col, uno, **kw))


def mk_play(seat: int, text: str, color: str | None = None, uno: bool = False, **kw) -> Play:
    return Play(seat, cards(text), Color.parse(color) if color else None, uno, **kw)


def hidden(seat: int, text: str, claim: int = 0, uno: bool = False, visible: str = "",
           color: str | None = None) -> Play:
    return Play(seat, cards(visible) if visible else (), Color.parse(color) if color else None, uno, None,
                cards(text), claim)


def draw(g: Game, seat: int):
    return g.apply(Draw(seat))


def hand(g: Game, seat: int) -> list[str]:
    return [c.code for c in g.hands[seat]]


def sizes(g: Game) -> list[int]:
    return [len(h) for h in g.hands]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def state(g: Game) -> dict:
    """A deep snapshot for 'state unchanged' checks: the fingerprint plus the hidden bookkeeping."""
    fp = dict(g.fingerprint())
    fp.update(pending=g.pending, uno_said=list(g.uno_said), catchable=sorted(g.catchable),
              claim=g.claim, rule_state=dict(g.rule_state), drawn=g.drawn.code if g.drawn else None,
              actions=len(g.actions), wrong=len(g.wrong_plays), free=list(g.free_discards),
              reveals=len(g.reveals), wd4=None if g.wd4 is None else (g.wd4[0], g.wd4[1]))
    return fp


def assert_refused(g: Game, action, err=None):
    """``action`` is refused with ``err`` (an IllegalActionError subclass) and nothing changes."""
    from unokit.core.errors import IllegalActionError
    err = err or IllegalActionError
    before = state(g)
    assert not g.can(action)
    with pytest.raises(err):
        g.apply(action)
    assert state(g) == before
    g.check_invariants()


def scripted_deck(players: int, dealer: int, hands, first: str, stock_top: str = "", *,
                  direction: int = 1, deck: str = "classic", deal: int | None = None,
                  include_blanks: bool = False) -> list[str]:
    """A ``deck_order`` (index -1 on top) that deals ``hands`` (seat -> notation), turns ``first``
    and leaves ``stock_top`` (top card first) on the stock; the other cards go to the bottom.

    Seats not in ``hands`` get cards from a filler in a fixed order.
    """
    full = Counter(c.code for c in build_deck(deck, include_blanks=include_blanks))
    per = deal
    given = {s: [c.code for c in parse_cards(h)] for s, h in dict(hands).items()}
    if per is None:
        per = max((len(h) for h in given.values()), default=7)
    for s, h in given.items():
        assert len(h) == per, f"seat {s} must get {per} cards"
    used = Counter()
    for h in given.values():
        used.update(h)
    used[Card.parse(first).code] += 1
    top = [c.code for c in parse_cards(stock_top)]
    used.update(top)
    rest = full - used
    assert not (used - full), f"more cards than the deck holds: {used - full}"
    # filler: plain number cards first (predictable), then the rest
    filler = sorted(rest.elements(), key=lambda c: (not c[1:].isdigit(), c))
    for s in range(players):
        if s not in given:
            given[s] = filler[:per]
            filler = filler[per:]
    # deal order: round by round, starting at the dealer's left (or right with direction -1)
    seq = []
    fr = (dealer + direction) % players
    for r in range(per):
        for i in range(players):
            seq.append(given[(fr + i * direction) % players][r])
    seq.append(Card.parse(first).code)
    seq += top
    seq += filler
    return list(reversed(seq))


def new_game(players: int, dealer: int, hands, first: str, stock_top: str = "", rules="UNO 1121", **kw) -> Game:
    order = scripted_deck(players, dealer, hands, first, stock_top, deal=kw.pop("deal", None),
                          direction=kw.pop("direction", 1), deck=kw.get("deck", "classic"),
                          include_blanks=kw.get("include_blanks", False))
    return Game.new(players=players, rules=rules, dealer=dealer, deck_order=order, **kw)


def pos(hands, discard, stock="", rules="UNO 1121", **kw) -> Game:
    """Game.from_position with a padded stock so draws never run dry unless asked."""
    kw.setdefault("decks", 2)
    return Game.from_position(hands, discard, stock, rules=rules, **kw)


__all__ = ["A", "B", "C", "D", "E", "F", "G", "cards", "play", "mk_play", "hidden", "draw", "hand", "sizes",
           "kinds", "state", "assert_refused", "scripted_deck", "new_game", "pos", "Phase", "Play", "Draw",
           "Pass", "ChooseColor", "SayUno", "CatchUno", "Challenge", "Notice", "Accuse", "Discard", "Say", "Hint",
           "Color", "Card", "Game"]


def play_at_random(g: Game, rng, steps: int, kinds=("play",), *, seat_of=None, each=None) -> None:
    """Play up to ``steps`` moves of ``g`` at random, the invariants checked after each: nine times in
    ten one of the actions of ``kinds`` when the seat has one (uniform draws make endless hands).
    ``seat_of(g, rng)`` picks the seat asked (default: the one in turn; its turn's actions when it has
    none); ``each(g)`` checks more after every move."""
    from unokit.engine.compose import complete
    for _ in range(steps):
        if g.over:
            break
        seat = g.to_act if seat_of is None else seat_of(g, rng)
        acts = g.legal_actions(seat) or g.legal_actions(g.to_act)
        plays = [a for a in acts if a.kind in kinds]
        g.apply(complete(g, rng.choice(plays if plays and rng.random() < 0.9 else acts), rng.choice))
        g.check_invariants()
        if each is not None:
            each(g)


def assert_replays(g: Game, events: bool = True) -> None:
    """``g``'s record, written and read back, replays to the identical hand (and the same events)."""
    from unokit.engine.playback import replay
    from unokit.engine.record import dumps, loads
    g2 = replay(loads(dumps(g.record())))
    assert g2.fingerprint() == g.fingerprint()
    if events:
        assert list(g2.events) == list(g.events)


# ---------------------------------------------------------------------- the web table's tests
@pytest.fixture
def db(tmp_path):
    """A fresh SQLite file for a web table app (tests of unokit.play.web)."""
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db):
    """The web table app on ``db``, through Starlette's TestClient (its lifespan run)."""
    from fastapi.testclient import TestClient

    from unokit.play.web.app import create_app
    with TestClient(create_app(db)) as c:
        yield c
