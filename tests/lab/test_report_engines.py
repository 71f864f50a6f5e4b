"""The report at full size wherever the compiled core plays (issue 28 point 3: "the whole report at 10^6 hands
for every rule set and edition, the human-error bots included"): its header names the chunks each engine played
and every measure still on the referee, with the compiled core's reason."""

from __future__ import annotations

import pytest

from unokit.fast import compiled
from unokit.lab import lab
from unokit.lab.report import report
from unokit.lab.report_engines import engine_chunks, header_lines, referee_left, summary_lines
from unokit.rules.editions import EDITIONS

pytestmark = pytest.mark.skipif(not compiled.available(), reason="compiled core not built")


@pytest.fixture(scope="module")
def played():
    """A classic rule set (C), the human-error bots under M (C now) and DED with MEM (the referee, today)."""
    return {"main": lab(["UNO 1121", "UNO 1121 DED-I"], bots="random-play", players=[4], skill_players=2, hands=12,
                        skill_hands=4, matches=2, jobs=1, progress=False, plots=False, skill="greedy",
                        referee_hands=5),
            "human-error bots": lab(["UNO 1121 M"], bots="human:random-play", players=[4], hands=6,
                                    measures=["table"], jobs=1, progress=False, plots=False, referee_hands=5)}


def test_issue28_3_what_the_referee_plays_is_named_with_compiled_problems_reason(played):
    left = referee_left(played)
    assert {(x["rules"], x["measure"]) for x in left} >= {("UNO 1121 DED-I", "table"), ("UNO 1121 DED-I", "skill")}
    assert not [x for x in left if x["rules"] in ("UNO 1121", "UNO 1121 M")]   # in C: not listed
    nm = next(x for x in left if x["rules"] == "UNO 1121 DED-I" and x["measure"] == "table")
    assert nm["why"] == compiled.problem("UNO 1121 DED-I", ["random-play"] * 4, 4)
    assert nm["bots"] == "random-play x4" and nm["capped"] == 5 and nm["section"] == "main"
    assert engine_chunks(played.values()) == {
        k: sum(r["work"]["engines"].get(k, 0) for r in played.values()) for k in ("compiled", "referee")}


def test_issue28_3_engine_referee_puts_every_measure_on_the_referee(played):
    left = referee_left(played, engine="referee")
    assert len(left) == 2 * 3 + 1 and {x["why"] for x in left} == {"--engine referee"}


def test_issue28_3_header_and_output_show_at_a_glance_what_is_left(played):
    data = {"referee_left": referee_left(played), "referee_hands": 5, "engines": engine_chunks(played.values()),
            "stacking": {}, "uno_call": None}
    text = "\n".join(header_lines(data))
    why = compiled.problem("UNO 1121 DED-I", ["random-play"] * 4, 4)
    assert f"  - {why}: `UNO 1121 DED-I` table (4 seats: random-play x4, 5)" in text
    assert "stacking study" in text and "UNO pay" in text
    assert "stacking study" not in "\n".join(header_lines({**data, "stacking": None}))   # (played only if asked)
    out = summary_lines(data)
    assert out[0].startswith("engines: compiled ") and any(line.startswith("on the referee (") and why in line
                                                           for line in out)
    empty = {"referee_left": [], "engines": {"compiled": 3}}
    assert "Nothing of the rules measures is left on the referee." in header_lines(empty)[0]
    assert header_lines({"engines": {}}) == [] and summary_lines({}) == []   # an older report.json


def test_issue28_3_report_plays_the_other_skill_bots_at_full_size_where_compiled(tmp_path, monkeypatch):
    import unokit.lab.report as rep
    monkeypatch.setattr(rep, "_plot_effects", lambda *a, **k: None)   # (the plots: seconds, not under test)
    data = report(hands=402, out=tmp_path, codes=["P4"], published_hands=0, matches=2, jobs=1, progress=False,
                  referee_hands=1, uno_call_hands=0)
    assert data["other_skill_bots"]["strategist"]["games"] == 402   # was at most 400; C plays it: no cap
    on_referee = [code for code in EDITIONS if code not in compiled.EDITIONS]
    for i, code in enumerate(EDITIONS, 1):   # (the baseline first, then the editions in their order)
        assert data["editions"]["results"][i]["table"]["hands"] == (1 if code in on_referee else 402), code   # capped
    assert data["editions"]["results"][1 + list(EDITIONS).index("NOMERCY")]["table"]["hands"] == 402   # in C
    assert {x["rules"] for x in data["referee_left"]} >= {f"UNO 1121 {code}" for code in on_referee}
    assert "UNO 1121 P4" not in {x["rules"] for x in data["referee_left"]}
    md = (tmp_path / "report.md").read_text()
    assert "**Where it was played**" in md and all(f"`UNO 1121 {code}` table" in md for code in on_referee)


def test_issue28_3_a_report_says_which_verdicts_changed_since_the_one_it_replaces_and_why_others_stay_undecided(
        tmp_path):
    """The report reads the verdicts of the report already in its folder before replacing it: a second run at the
    same seed changes none; one whose stored verdicts were otherwise names each change (old -> new). Every claim left
    undecided is listed with why: an interval holding zero at this size, or a rule that never fired, or no metric."""
    import json

    from unokit.lab.report import previous_run
    kw = dict(hands=8, matches=2, published_hands=0, codes=["DR", "DED", "C"], out=tmp_path, jobs=1, progress=False,
              uno_call_hands=0)
    assert previous_run(tmp_path) is None
    report(**kw)
    first = previous_run(tmp_path)
    assert first and first["hands"] == 8 and first["verdicts"]
    report(**kw)
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "### Verdicts that changed since the previous report" in md and "no verdict changed." in md
    stored = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    for v in stored["verdicts"]:
        if v["code"] == "DR":
            v["verdict"] = "contradicted" if v["verdict"] != "contradicted" else "supported"
    (tmp_path / "report.json").write_text(json.dumps(stored), encoding="utf-8")
    report(**kw)
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    changed = [line for line in md.splitlines() if line.startswith("- DR, *") and " → **" in line]
    assert changed and "changed (a rule" in md
    undecided = md[md.index("### The claims left undecided, and why"):]
    assert "- C, *" in undecided and "no number of the lab checks it" in undecided
    assert "DED" in undecided and ("never fired" in undecided or "holds zero" in undecided)
