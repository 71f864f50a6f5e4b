"""The shipped policy: the ``rl`` bot plays with numpy only, through duels; training (smoke run) when
the train extra is installed."""

import numpy as np
import pytest

from unokit.bots import BOTS, make_bot
from unokit.bots.rl import DEFAULT_MODEL, Policy, RLBot, load_policy
from unokit.engine.game import Game


def test_the_model_file_ships_small_and_matches_the_action_table():
    from unokit.env import Encoder, table_for
    assert DEFAULT_MODEL.exists() and DEFAULT_MODEL.stat().st_size < 2_000_000
    p = load_policy()
    t = table_for(p.meta["rules"], p.meta["players"])
    enc = Encoder(t, p.meta["rule_codes"])   # the catalogue may grow: the model keeps its own flag codes
    assert p.meta["actions"] == list(t.names) and p.meta["obs_size"] == enc.size
    assert p.layers[0][0].shape[0] == enc.size and p.layers[-1][0].shape[1] == len(t)


def test_rl_bot_is_registered_and_plays_legal_moves():
    assert "rl" in BOTS
    bot = make_bot("rl", seed=1)
    g = Game.new(players=2, seed=5)
    while not g.over:
        s = g.to_act
        legal = g.legal_actions(s)
        a = bot.act(g.view(s), legal) if s == 0 else make_bot("random-play", 2).act(g.view(s), legal)
        assert a in legal
        g.apply(a)
    assert isinstance(bot, RLBot) and bot.fits(g.view(0))


def test_rl_bot_plays_with_neither_torch_nor_gymnasium_importable():
    import subprocess
    import sys
    code = ("import sys; sys.modules.update(torch=None, gymnasium=None, pettingzoo=None, sb3_contrib=None); "
            "from unokit.lab import play_deal; o = play_deal('UNO 1121', ['rl', 'random-play'], 3); "
            "print(o.winner in (0, 1))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True"]


def test_rl_bot_plays_a_duel_against_random_play():
    from unokit.lab.tournament import duel
    d = duel("rl", "random-play", hands=6, players=2, jobs=1, progress=False)
    assert d["games"] == 12 and d["finished"] == 12


def test_rl_bot_plays_as_the_strategist_where_no_model_fits_and_says_so():
    """Issue 27, point 4: where no model fits a table, rl says so and plays as the strategist, not random-play."""
    from unokit.bots.rl import note
    from unokit.bots.strategist import StrategistBot
    for seed in range(6):
        g = Game.new(players=4, rules="UNO 1121 DR", seed=seed)
        for _ in range(30):
            if g.over:
                break
            seat = g.to_act
            v, legal = g.view(seat), g.legal_actions(seat)
            bot = RLBot(seed)
            assert not bot.fits(v)
            assert bot.act(v, legal) == StrategistBot(seed).act(v, legal)
            g.apply(legal[0])
    assert note("UNO 1121 DR", 4) == ("rl: its models were trained for 2 players under UNO 1121 or 3 players under "
                                      "UNO 1121 or 4 players under UNO 1121 or 4 players under UNO 1121 DD-P1 or 4 players "
                                      "under UNO 1121 P4 or 4 players under UNO 1121 SEVENO-JUMPIN; here it "
                                      "plays as the strategist")
    assert note("UNO 1121", 2) is None and note("UNO 1121", 3) is None and note("UNO 1121", 5) is not None


def test_policy_forward_pass_masks_and_saves(tmp_path):
    rng = np.random.default_rng(0)
    layers = [(rng.normal(size=(5, 4)).astype(np.float32), np.zeros(4, np.float32)),
              (rng.normal(size=(4, 3)).astype(np.float32), np.zeros(3, np.float32))]
    p = Policy(layers, {"rules": "UNO 1121", "players": 2})
    x = rng.normal(size=5).astype(np.float32)
    z = p.logits(x)
    assert z.shape == (3,)
    assert p.choose(x, np.array([0, 0, 1], np.int8)) == 2
    q = Policy.load(p.save(tmp_path / "m.npz"))
    assert np.allclose(q.logits(x), z) and q.meta == p.meta


def test_unokit_train_smoke_run_writes_a_model_and_a_curve(tmp_path):
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("torch")
    from unokit.cli import main
    out = tmp_path / "m.npz"
    rc = main(["train", "--timesteps", "256", "--imitate", "3", "--envs", "2", "--eval-every", "128",
               "--eval-hands", "2", "--hidden", "32", "--out", str(out), "--no-progress"])
    assert rc == 0 and out.exists() and out.with_suffix(".png").exists()
    bot = RLBot(0, model=out)
    g = Game.new(players=2, seed=1)
    assert bot.act(g.view(g.to_act), g.legal_actions(g.to_act)) in g.legal_actions(g.to_act)


def test_rl_doc_training_example_runs_in_twenty_lines(tmp_path, monkeypatch):
    pytest.importorskip("sb3_contrib")
    import re
    import tempfile
    from pathlib import Path
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))    # (SB3's default logger makes a folder there)
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    code = re.findall(r"```python\n(.*?)```", text, re.S)[1]
    assert len(code.strip().splitlines()) <= 20
    exec(compile(code.replace("200_000", "300").replace("n_steps=1024", "n_steps=64"), "docs/rl.md", "exec"), {})


def test_rl_bot_sits_at_the_web_and_terminal_table():
    from unokit.play.session import TableOptions, TableSession, bot_names
    assert "rl" in bot_names()      # the lobby's bot picker and the terminal's --bots list it
    s = TableSession(TableOptions(seats=2, bots={"0": "rl", "1": "strategist"}, match=False, bot_think=0, seed=4))
    s._replaying = True             # a table of bots only (the lobby would ask for a person)
    s.start(0.0)
    s._replaying = False
    t = 0.0
    while s.status != "over" and t < 10_000:
        t += 0.5
        s.tick(t)
    assert s.status == "over" and len(s.results) == 1


def test_rl_plays_the_model_trained_for_each_table_and_the_strategist_elsewhere(tmp_path):
    """Issue 27, points 4-5: one model per table it was trained for; a bot that meets another table switches to
    that table's model, or to the strategist where there is none; the catalog and note() name the tables."""
    from unokit.bots.rl import Model, model_for, note, shipped_models
    from unokit.bots.strategist import StrategistBot
    from unokit.env import Encoder, table_for
    from unokit.play.wire import catalog_message
    assert [(m.rules, m.players) for m in shipped_models()] == [("UNO 1121", 2), ("UNO 1121", 3), ("UNO 1121", 4),
                                                                ("UNO 1121 DD-P1", 4), ("UNO 1121 P4", 4),
                                                                ("UNO 1121 SEVENO-JUMPIN", 4)]
    assert catalog_message()["rl_models"] == [{"rules": "UNO 1121", "players": n} for n in (2, 3, 4)] + [
        {"rules": "UNO 1121 DD-P1", "players": 4}, {"rules": "UNO 1121 P4", "players": 4},
        {"rules": "UNO 1121 SEVENO-JUMPIN", "players": 4}]
    assert model_for("uno 1121", 2) is not None and model_for("UNO 1121", 5) is None   # any spelling of the code
    assert model_for("UNO 1121", 4).path.name == "rl-uno1121-4p.npz" and model_for("UNO 1121 DR", 4) is None
    assert model_for("UNO 1121", 3).path.name == "rl-uno1121-3p.npz"
    assert model_for("UNO 1121 P4", 4).path.name == "rl-uno1121-p4-4p.npz" and model_for("UNO 1121 P4", 3) is None
    assert model_for("UNO 1121 JUMPIN-SEVENO", 4).path.name == "rl-uno1121-seveno-jumpin-4p.npz"   # (any order)
    assert model_for("UNO 1121 DD-P1", 4).path.name == "rl-uno1121-dd-p1-4p.npz" and model_for("UNO 1121 DD-P1", 2) is None
    # a model trained for 3 players under P4 (random weights of the right shapes)
    t = table_for("UNO 1121 P4", 3)
    enc = Encoder(t)
    rng = np.random.default_rng(1)
    meta = {"rules": "UNO 1121 P4", "players": 3, "obs_size": enc.size, "actions": list(t.names),
            "rule_codes": list(enc.rule_codes)}
    path = Policy([(rng.normal(size=(enc.size, len(t))).astype(np.float32), np.zeros(len(t), np.float32))],
                  meta).save(tmp_path / "p4.npz")
    m = Model.of(path)
    assert (m.rules, m.players, m.trained_for) == ("UNO 1121 P4", 3, "3 players under UNO 1121 P4")
    assert note("UNO 1121 P4", 3, model=path) is None
    assert note("UNO 1121", 2, model=path) == ("rl: its model was trained for 3 players under UNO 1121 P4; "
                                               "here it plays as the strategist")
    bot = RLBot(0, model=path)
    g = Game.new(players=3, rules="UNO 1121 P4", seed=2)
    v, legal = g.view(g.to_act), g.legal_actions(g.to_act)
    assert bot.fits(v) and bot.act(v, legal) in legal
    g2 = Game.new(players=2, seed=4)           # the same bot at a table its model was not trained for
    v2, legal2 = g2.view(g2.to_act), g2.legal_actions(g2.to_act)
    assert not bot.fits(v2) and bot.act(v2, legal2) == StrategistBot(0).act(v2, legal2)
    assert bot.fits(v)                          # and back


def _random_model(tmp_path, rules: str, players: int, seed: int = 0):
    """A model file of random weights for ``rules`` at ``players`` seats (any policy will do for a differential)."""
    from unokit.env.actions import table_for
    from unokit.env.observe import Encoder
    table = table_for(rules, players)
    enc = Encoder(table)
    rng = np.random.default_rng(seed)
    layers = [(rng.normal(0, 1, (enc.size, 32)).astype(np.float32), rng.normal(0, 1, 32).astype(np.float32)),
              (rng.normal(0, 1, (32, len(table))).astype(np.float32), np.zeros(len(table), np.float32))]
    meta = {"format": "unokit-policy/1", "rules": table.rules, "players": players, "obs_size": enc.size,
            "actions": list(table.names), "rule_codes": list(enc.rule_codes), "activation": "tanh"}
    return Policy(layers, meta).save(tmp_path / f"m{seed}.npz"), table, enc


def rl_bot_against_env(tmp_path, rules: str, players: int, hands: int, ask_as=None) -> tuple[list[str], int]:
    """Walk the env's flow (:class:`unokit.env.core.Flow`) with a model's greedy policy at every seat, and at each
    first decision ask the ``rl`` bot of that model at that seat through the decision flow (``ask_as``: instead,
    this function of the bot's choice): the complete play it answers must be the one the policy reaches in the env,
    step by step. Returns the differences and the number of decisions with a stem."""
    from unokit.engine.flow import ask
    from unokit.env.core import Flow
    path, table, enc = _random_model(tmp_path, rules, players)
    policy = load_policy(path)
    bad: list[str] = []
    stems = 0
    for h in range(hands):
        f = Flow(rules, players, 100 + h, table=table, encoder=enc, max_decisions=3000)
        bots = [RLBot(s, model=path) for s in range(players)]
        while not f.over:
            seat, g = f.seat, f.game
            said = ask(g, seat, bots[seat], f.options, turn=not f.window)
            if ask_as is not None:
                said = ask_as(g, seat, f.options, not f.window, said)
            chain = []
            while True:
                i = policy.choose(f.observe(seat), f.mask())
                chain.append(f.ids[i])
                stem = f.ids[i] is not None and bool(f.ids[i].more)
                f.answer(i)
                if not stem:
                    break
            if len(chain) > 1:
                stems += 1
            if chain[-1] != said:
                bad.append(f"hand {h}: the env's policy {' / '.join(map(str, chain))}, the rl bot {said}")
                if len(bad) > 3:
                    return bad, stems
    return bad, stems


@pytest.mark.parametrize("rules,players", [("UNO 1121 SEVENO-JUMPIN", 4), ("UNO 1121 DR-P2", 4),
                                           ("UNO 1121 C-DR-P4-SEVENO", 3)])
def test_issue27_point4_the_rl_bot_at_a_table_decides_as_its_policy_in_the_env(tmp_path, rules, players):
    """Differential: the ``rl`` bot asked by the decision flow (a table, a duel) chooses the complete play its
    policy reaches in the environment it was trained in, one sub-decision at a time (the SEVENO seat, a DR group),
    rather than the first unfolded play of the same first step."""
    bad, stems = rl_bot_against_env(tmp_path, rules, players, hands=4)
    assert not bad, bad
    assert stems >= 3


def test_issue27_point4_the_rl_bot_differential_can_fail(tmp_path):
    """Mutation check: the rl bot shown complete plays (as before: the first unfolded play of the chosen first step)
    answers otherwise where the policy would have named another seat or group."""
    from unokit.engine.flow import ask

    class Unfolded(RLBot):
        def steps(self, view):
            return False

    def old_way(g, seat, options, turn, said):
        return ask(g, seat, Unfolded(seat, model=tmp_path / "m0.npz"), options, turn=turn)
    bad, _ = rl_bot_against_env(tmp_path, "UNO 1121 SEVENO-JUMPIN", 4, hands=6, ask_as=old_way)
    assert bad
