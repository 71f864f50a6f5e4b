"""The rule advisor (unokit advise, issue 26): its profile is the lab's, its histogram of hand lengths merges,
its preferences move the ranking the right way, it never proposes a conflict, and bad input is one line."""

from __future__ import annotations

import json

import pytest

from unokit.cli import main
from unokit.fast import compiled
from unokit.lab import RANDOM_PLAY, Tally, chunk_specs, lab, merge_tallies, run_chunk
from unokit.lab.advise import BASELINE, SKILL_BOT, Pace, Wants, advise, candidates, measure, profile_of
from unokit.lab.histogram import Histogram
from unokit.rules import RuleSet
from unokit.rules.catalog import CATALOG

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")

SMALL = {"hands": 300, "screen_hands": 200, "report": None}


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("advise-cache")


@pytest.fixture(scope="module")
def short(cache_dir):
    return advise(3, Wants(minutes=1.0), cache=cache_dir, **SMALL)


@pytest.fixture(scope="module")
def long(cache_dir):
    return advise(3, Wants(minutes=60.0), cache=cache_dir, **SMALL)


# ------------------------------------------------------------------------------- the profile is the lab's
@needs_compiled
def test_profile_equals_what_lab_measures_with_the_same_seeds(short):
    """Issue 26 point 5: the advisor's profile of a code is what `unokit lab` measures for it."""
    code = short["proposals"][0]["rules"]
    r = lab([BASELINE, code], bots=RANDOM_PLAY, players=[3], hands=300, skill_hands=300,
            measures=["table", "skill"], seed=0, skill=SKILL_BOT, progress=False, plots=False, jobs=1,
            turns_histogram=True)
    base, entry = r["results"]
    assert short["proposals"][0]["profile"] == profile_of(entry, base, Pace())
    assert short["reference"] == profile_of(base, base, Pace())
    p = short["proposals"][0]["profile"]
    assert p["turns"]["mean"] == entry["table"]["turns"]["mean"] and p["turns"]["n"] == 300
    assert p["skill"]["win"] == entry["skill"]["win"]["rate"] and p["skill"]["n"] == entry["skill"]["games"]
    assert p["first_seat"]["rate"] == entry["table"]["first_seat"]["rate"]


@needs_compiled
def test_measure_caches_the_lab_entry_under_code_size_hands_seed_and_engine(tmp_path):
    first = measure([BASELINE], 2, hands=100, seed=3, cache=tmp_path)
    assert len(list(tmp_path.glob("*.json"))) == 1
    assert measure([BASELINE], 2, hands=100, seed=3, cache=tmp_path) == first
    measure([BASELINE], 2, hands=100, seed=4, cache=tmp_path)      # another seed: another entry
    measure([BASELINE], 3, hands=100, seed=3, cache=tmp_path)      # another size
    assert len(list(tmp_path.glob("*.json"))) == 3
    d = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert set(d) == {"code", "args", "entry"}


# ------------------------------------------------------------------------------- the histogram of turns
def test_turns_histogram_merges_and_round_trips_through_the_cache_dict():
    specs = chunk_specs("hands", BASELINE, [RANDOM_PLAY] * 3, count=60, seed=1, chunk=20)
    parts = [run_chunk(dict(s, core="referee")) for s in specs]
    whole = run_chunk(dict(chunk_specs("hands", BASELINE, [RANDOM_PLAY] * 3, count=60, seed=1, chunk=60)[0],
                           core="referee"))
    merged = merge_tallies(parts)
    assert merged.turns_hist == Tally.from_dict(whole).turns_hist
    assert merged.turns_hist.n == 60 == merged.m["turns"].n
    assert sum(v * c for v, c in merged.turns_hist.to_list()) == merged.m["turns"].s
    back = Tally.from_dict(json.loads(json.dumps(merged.to_dict())))
    assert back.turns_hist == merged.turns_hist and back.to_dict() == merged.to_dict()


@needs_compiled
def test_turns_histogram_is_the_same_on_the_compiled_path_and_the_referee():
    for kind, lineup in (("hands", [RANDOM_PLAY] * 4), ("rotated", [SKILL_BOT, RANDOM_PLAY, RANDOM_PLAY])):
        spec = chunk_specs(kind, "UNO 1121 DR-P2", lineup, count=30, seed=2, chunk=5000)[0]
        a, b = run_chunk(dict(spec, core="referee")), run_chunk(spec)
        assert b.pop("_engine") == "compiled" and a.pop("_engine") == "referee"
        assert a["turns_hist"] == b["turns_hist"] and a == b


def test_histogram_quantile_and_tail():
    h = Histogram.from_list([[10, 90], [20, 5], [30, 5]])
    assert h.quantile(0.9) == 10 and h.quantile(0.95) == 20 and h.quantile(1.0) == 30
    assert h.above(20) == 5 and Histogram().quantile(0.5) is None


# ------------------------------------------------------------------------------- the long-hand chance
@needs_compiled
def test_long_hand_chance_of_uno_1121_against_itself_is_about_five_percent(short):
    lh = short["reference"]["long_hand"]
    assert 0.03 <= lh["rate"] <= 0.05 and lh["rate"] == lh["baseline"]
    assert lh["lo"] <= lh["rate"] <= lh["hi"] and lh["n"] == 300


# ------------------------------------------------------------------------------- the search
@needs_compiled
def test_a_short_minutes_target_ranks_shorter_hands_first_and_a_long_one_longer(short, long):
    ref = short["reference"]["minutes"]["mean"]
    assert short["proposals"][0]["profile"]["minutes"]["mean"] < ref
    assert long["proposals"][0]["profile"]["minutes"]["mean"] > ref
    mins = [row["profile"]["minutes"]["mean"] for row in short["proposals"]]
    assert mins[0] == min(mins)
    assert "shorter" in short["proposals"][0]["why"]


@needs_compiled
def test_more_skill_ranks_a_larger_skill_edge_first(cache_dir):
    r = advise(3, Wants(luck=-1), cache=cache_dir, **SMALL)
    assert r["proposals"][0]["profile"]["skill"]["vs"]["diff"] > 0


def _conflict(codes) -> bool:
    for a in codes:
        info = CATALOG[a]
        if info.needs and not any(n in codes for n in info.needs):
            return True
        for b in codes:
            if a != b and (CATALOG[b].family in info.conflicts or (info.family == CATALOG[b].family != "")):
                return True
    return False


@needs_compiled
def test_conflicts_and_excluded_rules_are_never_proposed(cache_dir, short, long):
    r = advise(4, Wants(minutes=2.0, exclude=("DR", "JUMPIN")), cache=cache_dir, **SMALL)
    for res in (short, long, r):
        for row in res["proposals"]:
            rs = RuleSet.parse(row["rules"])
            assert not _conflict(rs.codes), row["rules"]
    assert all("DR" not in RuleSet.parse(row["rules"]).codes and "JUMPIN" not in RuleSet.parse(row["rules"]).codes
               for row in r["proposals"])
    for code in candidates(4, Wants(keep=("P2",))):
        assert "P2" in RuleSet.parse(code).codes and not _conflict(RuleSet.parse(code).codes)


# ------------------------------------------------------------------------------- the command
@pytest.mark.parametrize("args", [["--keep", "XYZ"], ["--players", "12"], ["--players", "1"], ["--minutes", "-2"],
                                  ["--keep", "FU,BU"], ["--keep", "DR", "--exclude", "DR"],
                                  ["--more-luck", "--more-skill"], ["--decks", "9"], ["--decks", "2", "--players", "12"]])
def test_bad_input_is_a_one_line_error(args, capsys, tmp_path):
    assert main(["advise", *args, "--cache", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("unokit: error: ")


@needs_compiled
def test_advise_json_prints_the_result(capsys, cache_dir):
    assert main(["advise", "--players", "3", "--minutes", "1", "--hands", "300", "--screen-hands", "200",
                 "--report", "none", "--cache", str(cache_dir), "--json", "--top", "2"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["kind"] == "advice" and len(r["proposals"]) == 2 and r["players"] == 3
    assert main(["advise", "--players", "3", "--minutes", "1", "--hands", "300", "--screen-hands", "200",
                 "--report", "none", "--cache", str(cache_dir), "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "Reference UNO 1121 at 3 players" in out and "1. UNO 1121" in out and "why:" in out


# ------------------------------------------------------------------------------- one code's profile
@needs_compiled
def test_code_profile_is_the_lab_profile_of_that_code(cache_dir):
    """Issue 26 points 2-3: the lobby's panel and the sheet show the lab's profile of the chosen code."""
    from unokit.lab.advise import code_profile
    got = code_profile("DR-P2", 3, hands=300, cache=cache_dir, report=None)
    assert got["rules"] == "UNO 1121 DR-P2" and got["source"].startswith("measured (compiled, 300 hands at 3")
    r = lab([BASELINE, "UNO 1121 DR-P2"], bots=RANDOM_PLAY, players=[3], hands=300, skill_hands=300,
            measures=["table", "skill"], seed=0, skill=SKILL_BOT, progress=False, plots=False, jobs=1,
            turns_histogram=True)
    base, entry = r["results"]
    assert got["profile"] == profile_of(entry, base, Pace()) and got["reference"] == profile_of(base, base, Pace())


@pytest.mark.parametrize("code, says", [("UNO 1121 XYZ", "unknown rule code"), ("P1-P2", "same rule"),
                                        ("UNO 1121 DR", "a table seats 2 to")])
def test_code_profile_refuses_bad_codes_in_one_line(code, says):
    from unokit.core.errors import LabError
    from unokit.lab.advise import code_profile
    with pytest.raises(LabError, match=says):
        code_profile(code, 1 if code == "UNO 1121 DR" else 4, hands=50, cache=None, report=None)
