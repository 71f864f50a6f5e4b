"""The rules report's editions section (issue: "the report gain a section comparing the editions with
the classic game: hand length, first-seat edge, skill edge, cards drawn, eliminations")."""

from __future__ import annotations

import json

from unokit.lab.report import _editions_section, add_editions, editions_study


def test_report_sets_the_editions_beside_the_classic_game(tmp_path):
    eds = editions_study(6, players=4, seed=1, jobs=1, progress=False)
    rules = [r["rules"] for r in eds["results"]]
    assert rules == ["UNO 1121", "UNO 1121 NOMERCY", "UNO 1121 ALLWILD", "UNO 1121 EXTREME", "UNO 1121 FLASH",
                     "UNO 1121 SPIN", "UNO 1121 FLIP", "UNO 1121 FLEX"]
    for r in eds["results"]:
        assert r["table"]["hands"] == 6 and r["skill"]["games"] == 6 and r["skill"]["bot"] == "strategist"
    text = "\n".join(_editions_section(eds))
    assert "## The editions beside the classic game" in text
    for col in ("turns per hand", "first-seat win rate", "strategist's win rate", "cards drawn per hand",
                "eliminations per hand"):
        assert col in text
    assert "(`UNO NOMERCY`)" in text and "(`UNO ALLWILD`)" in text and "classic (`UNO 1121`)" in text


def test_report_editions_only_keeps_the_rest_of_the_report(tmp_path):
    from unokit.lab.report import report
    report(hands=2, out=tmp_path, codes=["C"], published_hands=0, matches=2, jobs=1, progress=False)
    before = json.loads((tmp_path / "report.json").read_text())
    add_editions(tmp_path, 3, jobs=1, progress=False)
    after = json.loads((tmp_path / "report.json").read_text())
    assert after["main"] == before["main"] and after["editions"]["results"][1]["table"]["hands"] == 3
    assert "## The editions beside the classic game" in (tmp_path / "report.md").read_text()
