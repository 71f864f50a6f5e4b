"""The rules report's section "Does not saying UNO pay?": rendered from the study's JSON
(unokit.lab.uno_call_study's uno-call.json beside report.md), reused when it fits, played when it is missing."""

from __future__ import annotations

import json

import pytest

from unokit.cli import main
from unokit.lab import report as rep
from unokit.lab import uno_call_study as ucs

HEADING = "## Does not saying UNO pay?"


@pytest.fixture(scope="module")
def tiny_report(tmp_path_factory):
    """A tiny report without the study (uno_call_hands=0 and no uno-call.json), and its report.md."""
    out = tmp_path_factory.mktemp("report")
    rep.report(hands=2, out=out, codes=["C"], published_hands=0, matches=2, jobs=1, progress=False,
               uno_call_hands=0)
    return out, (out / "report.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def tiny_study():
    return ucs.study(hands=3, players=3, vigilance=(0.0, 1.0), windows=("official", "PRE"), penalties=(2, 4),
                     jobs=1)


def _rest(md: str, out, sec: str = "") -> str:
    """report.md without the section, its directory's name left out (the header names it)."""
    return md.replace(sec, "").replace(str(out), "DIR")


def _copy(src, dst):
    for name in ("report.json", "report.md"):
        (dst / name).write_bytes((src / name).read_bytes())
    return dst


def test_no_study_no_section(tiny_report):
    out, md = tiny_report
    assert HEADING not in md and json.loads((out / "report.json").read_text())["uno_call"] is None


def test_rerender_adds_the_section_from_the_studys_json(tiny_report, tiny_study, tmp_path):
    out = _copy(tiny_report[0], tmp_path)
    ucs.write_section(dict(tiny_study, command="unokit study uno-call --hands 3"), out)
    rep.rerender(out)
    md = (out / "report.md").read_text(encoding="utf-8")
    sec = md[md.index(HEADING):md.index("## The guide's claims, checked")]
    assert "![not saying UNO against vigilance](uno-call.png)" in sec and (out / "uno-call.png").is_file()
    assert "[uno-call.md](uno-call.md)" in sec and "`unokit study uno-call --hands 3`" in sec
    b = tiny_study["base"]["win"]
    assert f"3 deals at 3 players, seed 0, {tiny_study['branched']} of them" in sec
    assert f"the seat wins {b['rate'] * 100:.1f}% [{b['lo'] * 100:.1f}, {b['hi'] * 100:.1f}]" in sec
    assert "| catch window | penalty | vigilance 0 | vigilance 1 |" in sec
    by = {(c["window"], c["penalty"], c["vigilance"]): c for c in tiny_study["cells"]}
    for w in ("official", "PRE"):
        for pen in (2, 4):
            row = f"| {w} | {pen} | {ucs._pp(by[(w, pen, 0.0)]['d_win'])} | {ucs._pp(by[(w, pen, 1.0)]['d_win'])} |"
            assert row in sec
    assert "**Answer.** " + ucs._answer(tiny_study) in sec
    # report.json keeps the numbers it rendered; the rest of report.md is what it was
    assert json.loads((out / "report.json").read_text())["uno_call"]["cells"] == tiny_study["cells"]
    assert _rest(md, out, sec) == _rest(tiny_report[1], tiny_report[0])


def test_the_section_follows_a_newer_run_of_the_study(tiny_report, tiny_study, tmp_path):
    out = _copy(tiny_report[0], tmp_path)
    r = json.loads(json.dumps(tiny_study))
    r["cells"][0]["d_win"].update(mean=0.1234, lo=0.0567, hi=0.1901)   # an edited result: its numbers show
    r["deals"] = 77
    ucs.write_section(r, out)
    rep.rerender(out)
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "| official | 2 | +12.3 [+5.7, +19.0] |" in md and "77 deals at 3 players" in md
    # without the study's file the copy in report.json renders the section, and the plot is drawn again
    (out / "uno-call.json").unlink()
    (out / "uno-call.png").unlink()
    rep.rerender(out)
    assert (out / "report.md").read_text(encoding="utf-8") == md and (out / "uno-call.png").is_file()


def test_the_report_reuses_a_fitting_result_and_plays_a_missing_or_other_one(tmp_path, monkeypatch, tiny_study):
    played = []

    def fake_study(hands, players, **kw):
        played.append((hands, players, kw["seed"]))
        return dict(tiny_study, deals=hands, players=players, seed=kw["seed"])

    monkeypatch.setattr(ucs, "study", fake_study)
    r = rep.uno_call_result(tmp_path, None, players=3, seed=0, play=5)       # missing: played, `play` deals
    assert played == [(5, 3, 0)] and r["command"] == f"unokit study uno-call --hands 5 --players 3 --seed 0 " \
                                                     f"--out {tmp_path}"
    assert json.loads((tmp_path / "uno-call.json").read_text())["deals"] == 5
    assert (tmp_path / "uno-call.md").is_file() and (tmp_path / "uno-call.png").is_file()
    assert rep.uno_call_result(tmp_path, None, players=3, seed=0)["deals"] == 5   # fits: reused
    assert rep.uno_call_result(tmp_path, 5, players=3, seed=0)["deals"] == 5
    assert rep.uno_call_result(tmp_path, 0, players=4, seed=9)["deals"] == 5      # 0: never played
    assert len(played) == 1
    rep.uno_call_result(tmp_path, None, players=3, seed=1)                        # another seed: stale
    rep.uno_call_result(tmp_path, 7, players=3, seed=1)                           # another size: stale
    assert played[1:] == [(rep.DEFAULT_HANDS, 3, 1), (7, 3, 1)]
    (tmp_path / "uno-call.json").write_text("{not json", encoding="utf-8")      # broken: played again
    rep.uno_call_result(tmp_path, None, players=3, seed=1, play=4)
    assert played[-1] == (4, 3, 1)


def test_unokit_report_uno_call_only_adds_just_the_section(tiny_report, tmp_path):
    out = _copy(tiny_report[0], tmp_path)
    assert main(["report", "--uno-call-only", "--uno-call-hands", "1", "--out", str(out), "--jobs", "1",
                 "--no-progress"]) == 0
    r = json.loads((out / "uno-call.json").read_text())
    assert r["deals"] == 1 and r["players"] == 4 and r["command"].startswith("unokit study uno-call --hands 1")
    md = (out / "report.md").read_text(encoding="utf-8")
    sec = md[md.index(HEADING):md.index("## The guide's claims, checked")]
    assert _rest(md, out, sec) == _rest(tiny_report[1], tiny_report[0])
    assert "![not saying UNO against vigilance](uno-call.png)" in sec


def test_a_broken_study_file_is_a_clear_error(tiny_report, tmp_path, capsys):
    out = _copy(tiny_report[0], tmp_path)
    (out / "uno-call.json").write_text('{"kind": "something else"}', encoding="utf-8")
    assert main(["report", "--rerender", "--out", str(out)]) == 2
    assert "is not a result of 'unokit study uno-call'" in capsys.readouterr().err
