"""A rule is a self-contained plug-in (issue 25, point 3): BELL, written in one file (tests/rules/bell_rule.py)
with its action, its event, its narration (en, pt) and a view field, plays in the referee (and its records
replay), in ``unokit sim --check``, in the web table's state messages and in the RL environments, with no edit
anywhere else. Registered for these tests only, and taken out after them."""

from __future__ import annotations

import random

import bell_rule
import numpy as np
import pytest

from unokit.cli import main
from unokit.core.actions import Action
from unokit.core.errors import RuleCodeError
from unokit.core.events import EVENTS, make_event
from unokit.engine.game import Game
from unokit.engine.narrate import describe
from unokit.engine.playback import replay
from unokit.rules.catalog import CATALOG
from unokit.rules.registry import register_rule, unregister_rule

RULES = "UNO 1121 BELL"


@pytest.fixture(scope="module", autouse=True)
def bell():
    bell_rule.install()
    yield
    bell_rule.uninstall()


def random_hand(seed: int, players: int = 3) -> Game:
    """A hand of random choices in which everyone who may ring the bell rings it."""
    g = Game.new(players=players, rules=RULES, seed=seed)
    rng = random.Random(seed)
    while not g.over:
        rung = False
        for s in range(players):
            ring = [a for a in g.legal_actions(s, turn=False) if a.kind == "ring"]
            if ring and not rung:
                g.apply(ring[0])
                rung = True
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions(g.to_act)))
        g.check_invariants()
    return g


def test_BELL_a_ring_after_a_5_makes_its_player_draw_one_and_the_record_replays():
    rung = 0
    for seed in range(12):
        g = random_hand(seed)
        bells = [e for e in g.events if e.kind == "bell"]
        for e in bells:
            i = g.events.index(e)
            assert g.events[i + 1].kind == "penalty" and g.events[i + 1].player == e.target
        rung += len(bells)
        assert replay(g.record()).fingerprint() == g.fingerprint()
    assert rung >= 5


def test_BELL_its_action_and_event_are_known_by_name_only_while_it_is_installed():
    assert Action.parse("2 ring").window == "reaction"
    assert EVENTS["bell"].about.startswith("BELL")
    assert CATALOG["BELL"].implemented


def test_BELL_its_event_narrates_itself_in_english_and_portuguese():
    e = make_event("bell", 4, 1, 0)
    assert describe(e, 0, ["Ana", "Bia"]) == "Bia rings the bell for you"
    assert describe(e, 1, ["Ana", "Bia"]) == "You ring the bell for Ana"
    assert describe(e, 2, ["Ana", "Bia", "Cris"], "pt") == "Bia toca o sino para Ana"


def test_BELL_adds_its_field_to_every_seats_view():
    g = random_hand(3)
    rings = sum(e.kind == "bell" for e in g.events)
    assert dict(g.view(0).extras) == dict(g.view(None).extras) == {"bells": rings}


def test_BELL_plays_in_unokit_sim_check(capsys):
    assert main(["sim", "--hands", "20", "--players", "3", "--rules", RULES, "--check", "--engine", "referee"]) == 0
    assert "20" in capsys.readouterr().out


def test_BELL_reaches_the_web_tables_state_message():
    from unokit.play.session import TableOptions, TableSession
    from unokit.play.wire import state_message
    for seed in range(30):
        s = TableSession(TableOptions(seats=3, match=False, bot_think=0, seed=seed, rules=RULES))
        people = [s.join(n) for n in ("Ana", "Bia", "Cris")]
        s.start(0.0)
        rng, t = random.Random(seed), 0.0
        while s.game is not None and not s.game.over and t < 400:
            for p in people:
                ring = [a for a in s.legal(p) if a.kind == "ring"]
                if ring:
                    s.act(p, ring[0], t)
                    msg = state_message(s, p, now=t)
                    assert msg["view"]["extras"]["bells"] >= 1
                    assert any("ring the bell" in line for line in msg["log"])
                    return
            g = s.game
            if g is None or g.over:
                break
            p = s.player_at(g.to_act)
            s.act(p, rng.choice(s.legal(p)), t)
            t += 1.0
    pytest.fail("no table offered the bell in 30 seeds")


def test_BELL_plays_in_the_RL_environment_with_its_own_action_id():
    from unokit.env.aec import raw_env
    env = raw_env(rules=RULES, players=3)
    assert "ring" in env.table.verbs
    rung = 0
    for seed in range(8):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter(max_iter=4000):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            ids = np.flatnonzero(obs["action_mask"])
            ring = env.table.verb_id["ring"]
            i = ring if ring in ids else int(rng.choice(ids))
            rung += i == ring
            env.step(i)
    assert rung > 0


def test_a_rule_code_that_is_taken_or_malformed_is_refused():
    with pytest.raises(RuleCodeError):
        register_rule(CATALOG["DR"], bell_rule.Bell)
    with pytest.raises(RuleCodeError):
        unregister_rule("DR")
