"""``unokit train`` on the compiled core's batched env (issue 27, points 2 and 4): PPO's hands and the evaluations
played in C (random-play, greedy, strategist or self-play at the other seats), a model file to start from, and the
referee's env kept where C cannot hold the table."""

from __future__ import annotations

import json

import numpy as np
import pytest

from unokit.bots.rl import DEFAULT_MODEL, Policy
from unokit.fast import compiled
from unokit.lab.train import TrainError, batched_problem, collect_imitation_batched, evaluate_batched, train

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


def _small(tmp_path, **kw) -> dict:
    args = {"timesteps": 256, "envs": 4, "eval_every": 10**6, "eval_hands": 8, "hidden": 16, "seed": 1,
            "out": tmp_path / "m.npz", "progress": False, "log": lambda *a: None}
    return train(**{**args, **kw})


def test_issue27_point4_train_runs_ppo_and_evaluations_on_the_batched_env(tmp_path):
    pytest.importorskip("sb3_contrib")
    r = _small(tmp_path, opponents="greedy", imitate_hands=16)
    assert (r["engine"], r["eval_engine"]) == ("compiled", "compiled") and r["curve"][0]["phase"] == "imitation"
    assert r["curve"][-1]["step"] >= 256 and 0 <= r["best"]["win_rate"] <= 1
    pol = Policy.load(tmp_path / "m.npz")
    assert pol.meta["trained"]["engine"] == "compiled" and pol.meta["trained"]["opponents"] == "greedy"
    py = _small(tmp_path, opponents="greedy", engine="python", out=tmp_path / "p.npz")
    assert (py["engine"], py["eval_engine"]) == ("python", "python")


def test_issue27_point4_train_self_play_evaluates_against_the_strategist(tmp_path):
    pytest.importorskip("sb3_contrib")
    r = _small(tmp_path, opponents="self", players=3)
    assert r["engine"] == "compiled" and r["eval_opponents"] == "strategist"
    with pytest.raises(TrainError, match="compiled"):
        _small(tmp_path, opponents="self", engine="python")
    with pytest.raises(TrainError, match="compiled"):
        _small(tmp_path, opponents="random-play", rules="UNO 1121 DOA-MS1", engine="compiled")
    assert batched_problem("UNO 1121 DOA-MS1", 2, "random-play") and batched_problem("UNO 1121", 2, "search")
    assert batched_problem("UNO 1121 JUMPIN", 2, "random-play") is None
    assert batched_problem("UNO 1121 JUMPIN", 2, "random-play", "strategist") is None   # (the teacher there:
    # tests/env/test_env_batched.py, _house2.h's rules)
    assert batched_problem("UNO 1121", 2, "self") is None


def test_issue27_point4_init_starts_from_a_model_and_the_c_evaluation_agrees(tmp_path):
    """The shipped model as the start (checkpoint 0 is its level), and its win rate against the strategist in C is
    the one ``unokit duel`` finds on the referee, within the hands' noise."""
    pytest.importorskip("sb3_contrib")
    shipped = Policy.load(DEFAULT_MODEL)
    in_c = evaluate_batched(shipped, "UNO 1121", 2, "strategist", 2000, 5)
    assert 0.55 < in_c < 0.64                    # 59.79% [59.11, 60.47] over 20,000 games of unokit duel
    assert evaluate_batched(shipped, "UNO 1121", 2, "random-play", 1000, 5) > 0.68     # 74.36% [73.75, 74.96]
    r = _small(tmp_path, timesteps=0, init=DEFAULT_MODEL, opponents="strategist", eval_hands=512)
    assert r["curve"][0]["phase"] == "init" and r["curve"][0]["win_rate"] > 0.45
    saved = Policy.load(tmp_path / "m.npz")
    assert all(np.array_equal(a, b) and np.array_equal(c, d)
               for (a, c), (b, d) in zip(saved.layers, shipped.layers))
    with pytest.raises(TrainError, match="trained for 2 players"):
        _small(tmp_path, timesteps=0, init=DEFAULT_MODEL, players=3)
    with pytest.raises(TrainError, match="not a model file"):
        _small(tmp_path, timesteps=0, init=tmp_path / "none.npz")


def test_issue27_point4_unokit_train_engine_option(tmp_path, capsys):
    pytest.importorskip("sb3_contrib")
    from unokit.cli import main
    out = tmp_path / "c.npz"
    rc = main(["train", "--timesteps", "128", "--envs", "4", "--eval-hands", "4", "--hidden", "16", "--engine",
               "compiled", "--opponents", "strategist", "--out", str(out), "--json"])
    r = json.loads(capsys.readouterr().out)
    assert rc == 0 and out.exists() and r["engine"] == "compiled"
    assert main(["train", "--engine", "python", "--opponents", "self", "--out", str(out)]) == 2
    assert "compiled" in capsys.readouterr().err


def test_issue27_point4_imitation_data_is_collected_in_c():
    """The compiled strategist teaches at the learning seat: offered ids only, each decision labelled with its hand's
    result, and it wins about as often as the strategist does against random-play (65.9%)."""
    X, M, Y, R = collect_imitation_batched("UNO 1121", 2, "random-play", 512, 3)
    assert len(X) == len(M) == len(Y) == len(R) > 512 * 10
    assert (M[np.arange(len(Y)), Y] == 1).all()
    assert set(np.unique(R)) <= {-1.0, 1.0} and 0.55 < (R > 0).mean() < 0.8
    again = collect_imitation_batched("UNO 1121", 2, "random-play", 512, 3)
    assert all(np.array_equal(a, b) for a, b in zip((X, M, Y, R), again))


def test_issue27_point4_imitation_labels_a_teachers_group_with_the_group_stem_not_the_single_card():
    """Imitation under DR (Python env): a teacher's complete group ``R2 G2`` is answered with the stem ``play R2 +``
    and then its second card, never with ``play R2`` alone (the first option whose cards began the group)."""
    from unokit.engine.compose import unfold
    from unokit.env.actions import table_for
    from unokit.env.core import Flow
    from unokit.env.observe import Encoder
    from unokit.lab.train import _id_for
    table = table_for("UNO 1121 DR", 3)
    enc = Encoder(table)
    checked = 0
    for seed in range(60):
        f = Flow("UNO 1121 DR", 3, seed, table=table, encoder=enc)
        rng = np.random.default_rng(seed)
        while not f.over and checked < 5:
            groups = [a for a in unfold(f.game, f.options) if len(getattr(a, "cards", ())) > 1]
            if groups and f.stem is None:
                plan = groups[0]
                first = f.ids[_id_for(f, table, plan)]
                assert first.more == "cards" and first.cards == plan.cards[:1], (str(plan), str(first))
                f.answer(_id_for(f, table, plan))
                while f.stem is not None:
                    f.answer(_id_for(f, table, plan))
                assert f.game.actions[-1][1] == plan
                checked += 1
                continue
            f.answer(int(rng.choice(np.flatnonzero(f.mask()))))
        if checked >= 5:
            break
    assert checked >= 5


def test_train_leaves_no_logging_folder_behind(tmp_path, monkeypatch):
    """``unokit train`` writes its curve and model only where it is told: no ``SB3-<time>`` folder is made in the
    temporary directory (Stable-Baselines3's default logger makes one at every ``learn``)."""
    pytest.importorskip("sb3_contrib")
    import tempfile
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))       # (where SB3's default logger would write)
    _small(tmp_path, opponents="random-play")
    assert [p.name for p in scratch.iterdir() if p.name.startswith("SB3-")] == []
