"""The study "does not saying UNO pay?" (unokit.lab.uno_call_study), on tiny samples."""

import json

import pytest

from unokit.lab import uno_call_study as ucs
from unokit.lab.personality_study import points_duel
from unokit.lab.tournament import duel


def test_study_runs_on_a_tiny_sample_and_writes_its_section_and_plot(tmp_path):
    r = ucs.study(hands=3, players=3, vigilance=(0.0, 1.0), windows=("official", "PRE"), penalties=(2,), jobs=1)
    assert r["deals"] == 3 and len(r["cells"]) == 4
    for c in r["cells"]:
        assert c["d_win"]["lo"] <= c["d_win"]["mean"] <= c["d_win"]["hi"]
        if c["vigilance"] == 1.0:
            assert c["caught"]["k"] == c["silences"]          # everyone notices at the first look
        else:
            assert c["caught"]["k"] == 0
    md = ucs.write_section(r, tmp_path, "python -m unokit.lab.uno_call_study --hands 3")
    text = md.read_text(encoding="utf-8")
    assert text.startswith("# Does not saying UNO pay?") and "![" in text and "| PRE | 2 | 1 |" in text
    assert (tmp_path / "uno-call.png").stat().st_size > 1000
    assert json.loads((tmp_path / "uno-call.json").read_text())["kind"] == "uno-call-study"
    assert "verdict" in ucs.format_study(r)


def test_the_study_main_writes_and_rerenders(tmp_path, capsys):
    assert ucs.main(["--hands", "2", "--players", "3", "--vigilance", "0.5", "--windows", "SLOWUNO",
                     "--penalties", "4", "--jobs", "1", "--out", str(tmp_path)]) == 0
    assert "SLOWUNO" in capsys.readouterr().out
    (tmp_path / "uno-call.md").unlink()
    assert ucs.main(["--rerender", "--out", str(tmp_path)]) == 0
    text = (tmp_path / "uno-call.md").read_text()
    assert "--hands 2" in text and "believing the silent hand holds 7 cards" in text   # the default sensitivity
    assert ucs.main(["--hands", "0"]) == 2


def test_unokit_study_uno_call_runs_the_study(capsys):
    from unokit.cli import main
    assert main(["study", "uno-call", "--hands", "1", "--players", "3", "--vigilance", "1", "--windows", "official",
                 "--penalties", "2", "--sensitivity", "", "--jobs", "1"]) == 0
    assert "UNO-skipper at a 3-player table" in capsys.readouterr().out
    assert main(["study", "nothing"]) == 2


def test_cells_that_must_play_alike_do(monkeypatch):
    """The shortcuts of play_deal (_same_as): nobody noticing makes window and penalty irrelevant; everyone
    noticing at the first look makes the window irrelevant."""
    cells = [(ucs.rules_for("official", 2), 0.0, 1.0), (ucs.rules_for("PRE", 4), 0.0, 1.0),
             (ucs.rules_for("official", 4), 1.0, 1.0), (ucs.rules_for("SLOWUNO", 4), 1.0, 1.0),
             (ucs.rules_for("PRE", 4), 1.0, 1.0)]
    monkeypatch.setattr(ucs, "_same_as", lambda r, v, p: (r, v, p))
    branched = 0
    for i in range(6):
        d = ucs.play_deal(i, seed=3, players=3, cells=cells)
        if d["cells"] is None:
            continue
        branched += 1
        a, b, c, e, f = d["cells"]
        assert a == b and c == e == f
    assert branched >= 2


def test_rules_for_names_windows_and_penalties():
    assert ucs.rules_for("PRE", 4) == "UNO 1121 PRE uno=4" and ucs.rules_for("official", 2) == "UNO 1121"
    with pytest.raises(ValueError):
        ucs.rules_for("never", 2)


def test_points_duel_plays_the_duels_games():
    r = points_duel("point-dumper", "strategist", hands=3, jobs=1)
    d = duel("point-dumper", "strategist", hands=3, jobs=1, progress=False)
    assert r["games"] == d["games"] == 6
    assert {k: v["k"] for k, v in r["win_rate"].items()} == d["wins"]
    net = r["net"]
    assert net["point-dumper"]["mean"] == pytest.approx(-net["strategist"]["mean"])   # two players: zero-sum
