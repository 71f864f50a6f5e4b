"""``unokit bench``: its statistics, its report and its argument checks (no RLCard needed).

The statistics are tested on synthetic driver output; one small end-to-end run times the two
unokit cores (no RLCard) through the real single-process driver.
"""

from __future__ import annotations

import json

import pytest

from unokit import cli
from unokit.lab import bench


# ------------------------------------------------------------------ statistics
def test_summarize_median_quartiles_and_range():
    s = bench.summarize([5, 1, 3, 2, 4])
    assert s == {"median": 3, "q1": 2, "q3": 4, "min": 1, "max": 5, "n": 5}
    assert bench.summarize([7])["median"] == 7 and bench.summarize([7])["q1"] == 7
    assert bench.summarize([1, 2])["median"] == 1.5
    assert bench.summarize([])["median"] is None and bench.summarize([])["n"] == 0


def _raw(times: dict, rounds: int = 3, games: int = 10, actions: dict | None = None,
         players=(2,), digests: dict | None = None) -> dict:
    """Fake driver output: *times* maps engine -> CPU seconds per block (a list per round)."""
    samples = []
    for r in range(rounds):
        for n in players:
            for e, ts in times.items():
                samples.append({"round": r, "players": n, "engine": e, "position": 0,
                                "games": games, "actions": (actions or {}).get(e, 50) * games // 10,
                                "started": games, "errors": 0, "truncated": 0,
                                "cpu_s": ts[r], "wall_s": ts[r] * 1.1,
                                "digest": (digests or {}).get(e, "same" if e.startswith("unokit") else "rl")})
    return {"engines": list(times), "players": list(players), "games_per_block": games,
            "rounds": rounds, "warmup_games": 0, "seed": 0, "python": "3.x",
            "rlcard_version": "1.2.0", "samples": samples}


def test_analyze_paired_ratios_per_game_and_per_action():
    raw = _raw({"rlcard": [0.010, 0.020, 0.012], "rlcard-rules": [0.004, 0.008, 0.005],
                "unokit": [0.020, 0.040, 0.012], "unokit-fast": [0.005, 0.010, 0.006]},
               actions={"rlcard": 50, "rlcard-rules": 50, "unokit": 80, "unokit-fast": 80})
    res = bench.analyze(raw)
    assert res["rounds"] == 3 and res["engines"] == ["rlcard", "rlcard-rules", "unokit", "unokit-fast"]
    ref = res["results"]["2"]["unokit"]
    assert ref["us_per_game"]["median"] == pytest.approx(2000)  # 0.020 s / 10 games
    assert ref["us_per_action"]["median"] == pytest.approx(2000 / 8)
    assert ref["actions_per_game"]["median"] == pytest.approx(8)
    assert ref["games"] == 30 and ref["cpu_s"] == pytest.approx(0.072)
    # paired per round: 0.5, 0.5, 1.0 per game -> median 0.5; per action x 8/5
    r = res["ratios"]["2"]["referee_vs_rlcard"]
    assert (r["engine"], r["baseline"]) == ("unokit", "rlcard")
    assert r["per_game"]["median"] == pytest.approx(0.5)
    assert (r["per_game"]["min"], r["per_game"]["max"]) == (pytest.approx(0.5), pytest.approx(1.0))
    assert r["per_action"]["median"] == pytest.approx(0.5 * 80 / 50)
    assert res["ratios"]["2"]["fast_vs_referee"]["per_game"]["median"] == pytest.approx(4)
    assert res["ratios"]["2"]["fast_vs_rlcard_rules"]["per_game"]["median"] == pytest.approx(0.8)
    assert res["fast_same_games_as_referee"] is True
    assert res["rlcard_rules_same_games_as_rlcard"] is True
    t = res["target"]
    assert t["value"] == bench.TARGET == 1.0 and t["measured"] == pytest.approx(0.5) and not t["met"]
    json.dumps(res)  # every number is JSON


def test_analyze_target_met_and_different_games_flagged():
    raw = _raw({"rlcard": [0.02] * 3, "rlcard-rules": [0.01] * 3,
                "unokit": [0.01] * 3, "unokit-fast": [0.005] * 3},
               digests={"unokit": "a", "unokit-fast": "b"})
    res = bench.analyze(raw)
    assert res["target"]["met"] and res["target"]["measured"] == pytest.approx(2)
    assert res["fast_same_games_as_referee"] is False


def test_analyze_without_rlcard_has_no_target():
    res = bench.analyze(_raw({"unokit": [0.02] * 2, "unokit-fast": [0.004] * 2}, rounds=2))
    assert "target" not in res
    assert set(res["ratios"]["2"]) == {"fast_vs_referee"}
    assert res["rlcard_rules_same_games_as_rlcard"] is None


def test_blocks_without_finished_games_are_left_out():
    raw = _raw({"unokit": [0.02] * 3, "unokit-fast": [0.004] * 3})
    raw["samples"][0]["games"] = 0
    res = bench.analyze(raw)
    assert res["results"]["2"]["unokit"]["rounds"] == 2
    assert res["ratios"]["2"]["fast_vs_referee"]["per_game"]["n"] == 2


def test_format_table_names_the_method_and_the_target():
    raw = _raw({"rlcard": [0.010, 0.020, 0.012], "rlcard-rules": [0.004, 0.008, 0.005],
                "unokit": [0.020, 0.040, 0.012], "unokit-fast": [0.005, 0.010, 0.006]},
               players=(2, 4))
    text = bench.format_table(bench.analyze(raw))
    assert "process_time" in text and "median [min-max]" in text and "3 rounds" in text
    assert "referee vs RLCard loop" in text and "fast core vs RLCard bare rules" in text
    assert "target: referee >= 1.0x RLCard's raw game loop" in text and "NOT met" in text
    assert "best of" not in text


# ------------------------------------------------------------------ arguments
BAD = [
    ["--players", "11"], ["--players", "1"], ["--players", "0"], ["--players"],
    ["--games", "0"], ["--games", "-3"], ["--games", "99999999999999999999"], ["--games", "x"],
    ["--rounds", "0"], ["--rounds", "99999999999999999999"], ["--warmup", "-1"],
    ["--warmup", "99999999999999999999"], ["--seed", "-1"], ["--seed", "99999999999999999999"],
    ["--vs", "openspiel"], ["--repeat", "3"], ["--rounds", "1000", "--games", "100000"],
    ["--games", "1" + "0" * 5000],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a)[:40] for a in BAD])
def test_bad_arguments_print_one_line_and_exit_2(argv, capsys, monkeypatch):
    def boom(*a, **k):
        raise AssertionError("the benchmark must not start")
    monkeypatch.setattr(bench, "run_driver", boom)
    monkeypatch.setattr(bench, "ensure_rlcard_venv", boom)
    assert bench.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("unokit bench: error: "), err
    assert "Traceback" not in err


def test_cli_bench_bad_players_exit_2(capsys):
    assert cli.main(["bench", "--players", "11"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == ["unokit bench: error: argument --players: 11 is not in 2..10 "
                                        "(see 'unokit bench --help')"]


def test_help_exits_0(capsys):
    assert bench.main(["--help"]) == 0
    assert "--rounds" in capsys.readouterr().out


# ------------------------------------------------------------------ one real run, unokit only
def test_small_run_of_the_unokit_cores(capsys):
    assert bench.main(["--players", "2", "3", "--games", "3", "--rounds", "2", "--warmup", "1",
                       "--json", "-q"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["engines"] == ["unokit", "unokit-full", "unokit-fast", "unokit-compiled", "unokit-sim"]
    assert res["rounds"] == 2
    assert res["fast_same_games_as_referee"] is True and res["full_same_games_as_referee"] is True
    assert res["results"]["3"]["unokit"]["games"] == 6 and res["results"]["3"]["unokit-full"]["games"] == 6
    # the compiled engines play COMPILED_SCALE games per seed of a block
    assert res["results"]["3"]["unokit-compiled"]["games"] == 6 * 100
    assert res["results"]["2"]["unokit-sim"]["games"] == 6 * 100
    assert res["ratios"]["2"]["fast_vs_referee"]["per_game"]["n"] == 2
    assert res["ratios"]["2"]["compiled_vs_fast"]["per_game"]["median"] > 2
    assert len(res["samples"]) == 2 * 2 * 5
    assert "sim_command" not in res     # the whole-command timing runs only against RLCard


def test_plot_draws_every_engine_and_the_whole_command(tmp_path):
    per = {"games_per_s": {"median": 1000.0, "min": 900.0, "max": 1100.0}}
    result = {"rules": "UNO 1121", "rounds": 3,
              "results": {"2": {"rlcard": per, "unokit-compiled": per}, "4": {"rlcard": per}},
              "sim_command": {"players": 2, "games_per_s": {"median": 2e5, "min": 1.9e5, "max": 2.1e5}}}
    out = bench.plot_result(result, tmp_path / "b.png")
    assert out.is_file() and out.stat().st_size > 5000
