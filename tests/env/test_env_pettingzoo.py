"""unokit.env as a PettingZoo environment: the ecosystem's own tests across house-rule codes, pickling,
masks the referee accepts, the action table's text round trip, hidden information, bad ids."""

import functools
import pickle
import types

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, seed_test
from pettingzoo.utils.conversions import parallel_to_aec

from unokit.core.actions import Action, Draw, Pass, Play
from unokit.core.errors import IllegalActionError
from unokit.engine.game import Game
from unokit.env import ActionTable, Encoder, env, parallel_env, raw_env, table_for
from unokit.env.core import IllegalActionIdError

# the official rules, a house-rule mix with cuts, groups, stacking and seat-naming 7s, and guide variations
CASES = [("UNO 1121", 2), ("UNO 1121 C-DR-P4-SEVENO", 3), ("UNO DR-P4-PAA-SU-CAR-T-M-DOA-PRE", 4),
         ("UNO FL-DED-DP-MEM-P2", 3), ("UNO 1121 C-DR-P4-SEVENO", 2)]
IDS = [f"{c}-{n}p" for c, n in CASES]


@pytest.mark.parametrize("code,n", CASES, ids=IDS)
def test_pettingzoo_api_test_passes(code, n):
    api_test(env(rules=code, players=n), num_cycles=120)


@pytest.mark.parametrize("code,n", CASES[:4], ids=IDS[:4])
def test_pettingzoo_seed_test_passes(code, n):
    seed_test(functools.partial(env, rules=code, players=n), num_cycles=120)


@pytest.mark.parametrize("code,n", CASES[:3], ids=IDS[:3])
def test_pettingzoo_max_cycles_test_passes_for_the_parallel_form(code, n):
    mod = types.SimpleNamespace(
        parallel_env=functools.partial(parallel_env, rules=code, players=n),
        env=lambda max_cycles: parallel_to_aec(parallel_env(rules=code, players=n, max_cycles=max_cycles)))
    max_cycles_test(mod)


def test_aec_max_cycles_truncates_the_hand():
    e = raw_env(rules="UNO 1121", players=3, max_cycles=2)
    e.reset(seed=0)
    steps = 0
    for agent in e.agent_iter():
        _, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else e.action_space(agent).sample())
        steps += 1
    assert steps == 6 + 3 and not e.flow.game.over


def _walk(e, k, rng):
    for _ in range(k):
        if e.terminations[e.agent_selection] or e.truncations[e.agent_selection]:
            break
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))


@pytest.mark.parametrize("code,n", CASES[:4], ids=IDS[:4])
def test_pickled_env_plays_on_identically(code, n):
    e = raw_env(rules=code, players=n)
    e.reset(seed=5)
    _walk(e, 25, np.random.default_rng(1))
    copy = pickle.loads(pickle.dumps(e))
    assert copy.flow.game.fingerprint() == e.flow.game.fingerprint()
    _walk(e, 40, np.random.default_rng(2))
    _walk(copy, 40, np.random.default_rng(2))
    assert copy.flow.game.fingerprint() == e.flow.game.fingerprint()
    assert np.array_equal(copy.observe(copy.agent_selection)["observation"],
                          e.observe(e.agent_selection)["observation"])


@pytest.mark.parametrize("code,n", CASES, ids=IDS)
def test_every_masked_id_is_accepted_by_the_referee_and_every_option_has_one(code, n):
    e = raw_env(rules=code, players=n)
    rng = np.random.default_rng(0)
    for hand in range(3):
        e.reset(seed=hand)
        f = e.flow
        for _ in range(150):
            if f.over:
                break
            g = f.game
            mask = f.mask()
            assert mask.dtype == np.int8 and mask.sum() == len(f.options) + f.window
            for i in np.flatnonzero(mask):
                a = f.action_of(int(i))
                if a is None:
                    assert f.window and i == e.table.wait
                elif a.more:
                    assert g.expand(a)
                else:
                    assert g.can(a), a
            e.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("code,n", CASES, ids=IDS)
def test_action_ids_round_trip_through_their_text_and_the_notation(code, n):
    t = table_for(code, n)
    assert [t.parse(t.name(i)) for i in range(len(t))] == list(range(len(t)))
    e = raw_env(rules=code, players=n)
    rng = np.random.default_rng(3)
    e.reset(seed=11)
    seen = 0
    for _ in range(120):
        f = e.flow
        if f.over:
            break
        for i in np.flatnonzero(f.mask()):
            a = f.action_of(int(i))
            if a is None:
                continue
            text = str(a)                      # action -> text (the notation)
            back = Action.parse(text)          # text -> action
            assert back == a
            assert e.action_id(back) == i      # action -> the same id
            seen += 1
        e.step(int(rng.choice(np.flatnonzero(f.mask()))))
    assert seen > 50


def test_the_table_is_the_same_in_every_state_and_small_for_the_official_rules():
    t = ActionTable("UNO 1121", 2)
    assert len(t) == 130 and t.names == table_for("UNO 1121", 2).names
    assert t.name(t.parse("play W+4>G uno")) == "play W+4>G uno"
    assert t.parse("Play w+4>g UNO") == t.parse("play W+4>G uno")
    assert t.block_of(t.wait) == "wait"
    with pytest.raises(Exception, match="no action"):
        t.parse("play Z9")


def test_a_masked_out_id_raises_a_typed_error_and_changes_nothing():
    e = raw_env(rules="UNO 1121", players=2)
    e.reset(seed=2)
    before = e.flow.game.fingerprint()
    mask = e.observe(e.agent_selection)["action_mask"].copy()
    bad = int(np.flatnonzero(mask == 0)[0])
    for wrong in (bad, len(e.table) + 5, -1, 1.5, "draw"):
        with pytest.raises(IllegalActionIdError, match=r"not offered|whole number"):
            e.step(wrong)
    assert issubclass(IllegalActionIdError, IllegalActionError)
    assert e.flow.game.fingerprint() == before
    assert np.array_equal(e.observe(e.agent_selection)["action_mask"], mask)


def _pair(opponent_hand, stock):
    return Game.from_position(["R1 R2 G5", opponent_hand], discard="R9", stock=stock)


def test_states_that_differ_only_in_hidden_cards_give_identical_observations():
    enc = Encoder(table_for("UNO 1121", 2))
    a = _pair("B3 B4 Y7", "Y1 G2 B6 B7")
    b = _pair("Y3 G8 B8", "G4 Y5 Y6 B2")
    for g in (a, b):
        g.apply(Play(0, (g.hands[0][0],)))      # seat 0 plays R1
        g.apply(Draw(1))                        # seat 1 draws a card it cannot play
        if g.phase.name == "DRAWN":
            g.apply(Pass(1))
    assert a.hands[1] != b.hands[1] and a.stock != b.stock
    xa, xb = enc.encode(a.view(0)), enc.encode(b.view(0))
    assert np.array_equal(xa, xb)
    assert not np.array_equal(enc.encode(a.view(1)), enc.encode(b.view(1)))  # seat 1 sees its own hand


def test_render_ansi_shows_the_table_and_the_options():
    e = raw_env(rules="UNO 1121", players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "UNO 1121" in text and "options:" in text and "player_0" in text


def test_points_reward_and_hand_reward_at_the_end():
    for reward in ("hand", "points"):
        e = raw_env(rules="UNO 1121", players=2, reward=reward)
        e.reset(seed=4)
        rng = np.random.default_rng(4)
        while not e.flow.over:
            e.step(int(rng.choice(np.flatnonzero(e.flow.mask()))))
        w = e.flow.game.winner
        r = [e._cumulative_rewards[a] for a in e.possible_agents]
        assert r[w] > 0 and all(v < 0 for s, v in enumerate(r) if s != w)
        if reward == "hand":
            assert r[w] == 1.0


EVERY = ["UNO 1121 NOMERCY", "UNO 1121 ALLWILD", "UNO 1121 EXTREME", "UNO 1121 FLASH", "UNO 1121 SPIN",
         "UNO 1121 FLIP", "UNO 1121 FLEX", "UNO TV-BU-C-DR-P3-PRE", "UNO DR-AA-AB-GT-P3-BA-T-M-PRE",
         "UNO BU-DD-P1-PAB-CHU-T-TRI-BACK-CLA", "UNO MS-TV-C-DR-V-P3", "UNO 1121 JUMPIN-ADDUP-DP-OPEN-REV"]


@pytest.mark.parametrize("code", EVERY)
def test_editions_and_guide_variations_play_through_the_env(code):
    e = raw_env(rules=code, players=3)
    rng = np.random.default_rng(0)
    steps = 0
    for hand in range(2):
        e.reset(seed=hand)
        while not e.flow.over and steps < 400 * (hand + 1):
            obs = e.observe(e.agent_selection)
            assert obs["observation"].shape == (e.encoder.size,) and np.isfinite(obs["observation"]).all()
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1


def test_rl_doc_action_table_example_runs():
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    code = re.findall(r"```python\n(.*?)```", text, re.S)[0]
    exec(compile(code, "docs/rl.md", "exec"), {"print": lambda *a, **k: None})


def test_an_environment_used_before_reset_says_so_with_gymnasiums_error():
    from gymnasium.error import ResetNeeded

    from unokit.env.aec import parallel_env, raw_env
    from unokit.env.gym_env import UnoGymEnv
    aec = raw_env()
    with pytest.raises(ResetNeeded):
        aec.observe("player_0")
    with pytest.raises(ResetNeeded):
        aec.action_of(0)
    with pytest.raises(ResetNeeded):
        parallel_env().step({})
    assert not UnoGymEnv().action_masks().any()                 # no decision yet: nothing allowed
    with pytest.raises(RuntimeError, match="call reset"):      # (the Gymnasium env's step: documented in rl.md)
        UnoGymEnv().step(0)
