"""Duels, tournaments, the lab and the rules report (unokit.lab.tournament, unokit.lab, unokit.lab.report)."""

from __future__ import annotations

import io
import json
import math
from contextlib import redirect_stdout

import pytest

import unokit.lab as labmod
from unokit.cli import main
from unokit.core.actions import Draw, Play, SayUno
from unokit.engine.game import Game
from unokit.lab import RandomPlayBot, Tally, lab, newcombe_diff, parse_players, play_deal, rotations, wilson
from unokit.lab.sim import derive_seed
from unokit.lab.tournament import bradley_terry, duel, elo_from_strengths, tournament


# ---------------------------------------------------------------------------------------- statistics
@pytest.mark.parametrize("k,n,lo,hi", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (Wilson)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
    (10, 10, 0.7225, 1.0),
])
def test_wilson_known_values(k, n, lo, hi):
    a, b = wilson(k, n)
    assert a == pytest.approx(lo, abs=1e-4)
    assert b == pytest.approx(hi, abs=1e-4)


def test_wilson_edges_and_symmetry():
    assert wilson(0, 0) == (0.0, 1.0)
    a, b = wilson(3, 10)
    c, d = wilson(7, 10)
    assert a == pytest.approx(1 - d) and b == pytest.approx(1 - c)
    lo, hi = wilson(500, 1000)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(2 * 1.96 * math.sqrt(0.25 / 1000), rel=0.01)


def test_newcombe_difference_known_values():
    # Newcombe (1998), "Interval estimation for the difference between independent proportions", method 10
    d, lo, hi = newcombe_diff(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    d, lo, hi = newcombe_diff(9, 10, 3, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.1705, 0.8090)


def test_bradley_terry_recovers_strengths():
    true = {"a": 1.0, "b": 2.0, "c": 4.0}
    wins = {}
    for i in true:
        for j in true:
            if i != j:
                wins[(i, j)] = 100_000 * true[i] / (true[i] + true[j])
    s = bradley_terry(list(true), wins, prior=0.0)
    assert s["b"] / s["a"] == pytest.approx(2.0, rel=1e-3)
    assert s["c"] / s["a"] == pytest.approx(4.0, rel=1e-3)
    elo = elo_from_strengths(s)
    assert elo["c"] - elo["a"] == pytest.approx(400 * math.log10(4), abs=0.5)
    assert sum(elo.values()) / 3 == pytest.approx(1500, abs=0.2)


# ---------------------------------------------------------------------------------------- random-play
def test_random_play_plays_when_it_can_and_draws_only_when_it_cannot():
    bot = RandomPlayBot(1)
    g = Game.from_position(["R1 G5 B7", "Y1 Y2"], discard="R9", stock="Y3 Y4 Y5")
    for _ in range(20):
        a = bot.act(g.view(0), g.legal_actions(0))
        assert type(a) is Play and a.cards[0].code == "R1"
    g = Game.from_position(["G5 B7", "Y1 Y2"], discard="R9", stock="Y3 Y4 Y5")
    assert type(bot.act(g.view(0), g.legal_actions(0))) is Draw
    g = Game.from_position(["R1 R2", "Y1 Y2"], discard="R9", stock="Y3 Y4 Y5")
    a = bot.act(g.view(0), g.legal_actions(0))
    assert a.uno  # always says UNO with the next-to-last card


def test_random_play_stacks_when_it_can():
    g = Game.from_position(["R+2 G5", "Y1 Y2"], discard="B+2", pending=2, rules="UNO 1121 P1", stock="Y3 Y4 Y5")
    a = RandomPlayBot(0).act(g.view(0), g.legal_actions(0))
    assert type(a) is Play and a.cards[0].code == "R+2"


def test_random_play_says_uno_out_of_turn():
    bot = RandomPlayBot(0)
    assert bot.react(None, [SayUno(1)]) == SayUno(1)


def test_parse_players_accepts_random_play_and_human_wrappers():
    assert parse_players("random-play,human:greedy", 3) == ["random-play", "human:greedy", "random-play"]
    with pytest.raises(labmod.LabError):
        parse_players("nobody")


# ---------------------------------------------------------------------------------------- paired deals
def test_rotations_are_distinct_and_cover_every_seat():
    assert rotations(["a", "b", "c"]) == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]
    for lineup in (["a", "b"], ["a", "b", "a", "b"], ["s", "r", "r", "r"]):
        rots = rotations(lineup)
        for name in set(lineup):
            assert {s for rot in rots for s, x in enumerate(rot) if x == name} == set(range(len(lineup)))


def test_paired_deals_rotate_seats_over_the_same_deal_seed(monkeypatch):
    calls = []
    real = labmod.play_deal

    def spy(rules, seat_names, deal_seed, **kw):
        calls.append((tuple(seat_names), deal_seed))
        return real(rules, seat_names, deal_seed, **kw)

    monkeypatch.setattr(labmod, "play_deal", spy)
    d = duel("greedy", "random-play", hands=3, players=2, jobs=1, progress=False, engine="referee")
    assert d["games"] == 6 and len(calls) == 6
    seeds = [derive_seed(0, i, "lab-deal") for i in range(3)]
    for i, seed in enumerate(seeds):
        pair = calls[2 * i:2 * i + 2]
        assert [c[1] for c in pair] == [seed, seed]               # the same deal seed twice...
        assert [c[0] for c in pair] == [("greedy", "random-play"), ("random-play", "greedy")]  # ...seats swapped
    # the same deal seed deals the same cards to the same seats whoever sits there
    g1, g2 = Game.new(players=2, seed=seeds[0]), Game.new(players=2, seed=seeds[0])
    assert g1.hands == g2.hands and g1.discard == g2.discard and g1.current == g2.current

    calls.clear()
    duel("greedy", "random-play", hands=2, players=4, jobs=1, progress=False, engine="referee")
    assert len(calls) == 4  # A,B,A,B has two distinct rotations
    assert calls[0][0] == ("greedy", "random-play", "greedy", "random-play")
    assert calls[1][0] == ("random-play", "greedy", "random-play", "greedy")
    assert calls[0][1] == calls[1][1]


def test_chunk_results_do_not_depend_on_the_number_of_processes():
    a = duel("greedy", "random-play", hands=60, jobs=1, progress=False)
    b = duel("greedy", "random-play", hands=60, jobs=2, progress=False)
    for k in ("wins", "wins_by_seat", "deals_outcome", "turns", "first_seat"):
        assert a[k] == b[k]


def test_play_deal_counts_turns_and_the_first_mover():
    o = play_deal("UNO 1121", ["random-play"] * 3, derive_seed(5, 0))
    assert o.winner in range(3) and o.first in range(3) and not o.truncated
    assert o.plays <= o.turns <= o.actions
    t = Tally()
    t.add(o, ["random-play"] * 3)
    assert Tally.from_dict(json.loads(json.dumps(t.to_dict()))).to_dict() == t.to_dict()


def test_a_cut_that_goes_out_ends_the_hand():
    # the cut rules let a reaction end the hand; the lab's loop must stop there
    for i in range(60):
        o = play_deal("UNO 1121 C", ["random-play"] * 4, derive_seed(0, i))
        assert not o.truncated


# ---------------------------------------------------------------------------------------- duel / tournament
def test_duel_json_fields():
    buf = io.StringIO()
    with redirect_stdout(buf):
        rc = main(["duel", "greedy", "random-play", "--hands", "6", "--jobs", "1", "--json", "--no-progress"])
    assert rc == 0
    d = json.loads(buf.getvalue())
    for key in ("kind", "bots", "lineup", "players", "rules", "seed", "deals", "rotations", "seat_rotation", "games",
                "finished", "truncated", "wins", "win_rate", "fair_share", "deals_outcome", "wins_by_seat",
                "first_seat", "turns", "jobs", "seconds"):
        assert key in d, key
    assert d["kind"] == "duel" and d["bots"] == ["greedy", "random-play"] and d["seat_rotation"] is True
    assert d["deals"] == 6 and d["rotations"] == 2 and d["games"] == 12 and d["rules"] == "UNO 1121"
    assert sum(d["wins"].values()) + d["truncated"] == d["games"]
    for bot in d["bots"]:
        r = d["win_rate"][bot]
        assert 0 <= r["lo"] <= r["rate"] <= r["hi"] <= 1 and r["n"] == d["finished"]
    o = d["deals_outcome"]
    assert sum(o["sweep"].values()) + o["split"] + o["incomplete"] == 6


def test_duel_solo_seats_one_bot_against_three_and_rotates_it():
    d = duel("greedy", "random", hands=5, players=4, jobs=1, progress=False, solo=True)
    assert d["lineup"] == ["greedy", "random", "random", "random"]
    assert d["rotations"] == 4 and d["games"] == 20          # the lone bot sits at every seat of each deal
    assert d["fair_share"] == {"greedy": 0.25, "random": 0.75}
    assert sum(d["wins"].values()) + d["truncated"] == 20


def test_mirror_duel_and_unknown_bot():
    d = duel("greedy", "greedy", hands=3, jobs=1, progress=False)
    assert d["bots"] == ["greedy#1", "greedy#2"]
    assert main(["duel", "greedy", "nobody", "--hands", "1", "--jobs", "1"]) == 2


def test_tournament_rating_table():
    t = tournament("greedy,random-play,random", hands=4, jobs=1, progress=False)
    assert [r["bot"] for r in t["table"]][-1] == "random"   # the uniform random bot is far weaker
    assert len(t["duels"]) == 3 and t["matrix"]["greedy"]["greedy"] is None
    m = t["matrix"]
    assert m["greedy"]["random"] + m["random"]["greedy"] == pytest.approx(1.0, abs=0.01)


# ---------------------------------------------------------------------------------------- lab
def test_lab_resume_does_no_new_work(tmp_path, monkeypatch):
    monkeypatch.setattr(labmod, "CHUNK", {"hands": 10, "rotated": 4, "matches": 1})
    monkeypatch.setattr(labmod, "CHUNK_COMPILED", {"hands": 10, "rotated": 4, "matches": 1})
    kw = dict(players=[2], hands=30, skill_hands=8, matches=2, jobs=1, progress=False, plots=False, out=tmp_path,
              skill="greedy")
    first = lab(["UNO 1121", "UNO 1121 FU"], **kw)
    w = first["work"]
    assert w["run"] == w["chunks"] > 0 and w["cached"] == 0
    cached = sorted(p.name for p in (tmp_path / "cache").rglob("*.json"))
    assert len(cached) == w["chunks"]
    again = lab(["UNO 1121", "UNO 1121 FU"], resume=True, **kw)
    assert again["work"]["run"] == 0 and again["work"]["cached"] == w["chunks"]
    assert again["results"] == first["results"]
    assert sorted(p.name for p in (tmp_path / "cache").rglob("*.json")) == cached
    # a larger run reuses the chunks already played and plays only the new ones
    more = lab(["UNO 1121", "UNO 1121 FU"], **{**kw, "hands": 50}, resume=True)
    assert more["work"]["run"] == 4 and more["work"]["cached"] == w["chunks"]
    # the files
    assert json.loads((tmp_path / "lab.json").read_text())["kind"] == "lab"
    rows = (tmp_path / "lab.csv").read_text().splitlines()
    assert rows[0].startswith("rules,players,bots,measure,metric,value,lo,hi,n") and len(rows) > 5


def test_lab_resume_ignores_chunks_of_other_engine_code(tmp_path, monkeypatch):
    monkeypatch.setattr(labmod, "CHUNK", {"hands": 10, "rotated": 4, "matches": 1})
    monkeypatch.setattr(labmod, "CHUNK_COMPILED", {"hands": 10, "rotated": 4, "matches": 1})
    kw = dict(players=[2], hands=10, skill_hands=4, matches=1, jobs=1, progress=False, plots=False, out=tmp_path,
              skill="greedy")
    first = lab(["UNO 1121"], **kw)
    monkeypatch.setattr(labmod, "_FINGERPRINT", ["changed-engine"])  # as if unokit's code had changed
    again = lab(["UNO 1121"], resume=True, **kw)
    assert again["work"]["cached"] == 0 and again["work"]["run"] == first["work"]["chunks"]


def test_lab_cli_resume_and_plots(tmp_path):
    args = ["lab", "--rules", "UNO 1121", "--players", "2", "--hands", "20", "--measures", "table",
            "--out", str(tmp_path), "--jobs", "1", "--no-progress", "--json"]
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(args) == 0
    assert json.loads(buf.getvalue())["work"]["run"] == 1
    assert (tmp_path / "lab-turns.png").is_file()
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(args + ["--resume"]) == 0
    assert json.loads(buf.getvalue())["work"]["run"] == 0


# ---------------------------------------------------------------------------------------- report
def test_report_on_a_tiny_run(tmp_path):
    from unokit.lab.report import report
    d = report(hands=8, matches=2, published_hands=6, codes=["FU", "TV", "MEM"], out=tmp_path, jobs=1,
               progress=False)
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "| FU |" in md and "| TV |" in md and "Reproducing the published numbers" in md
    assert "8 hands" in md and "95%" in md
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert "report-published.png" in pngs and "report-turns.png" in pngs
    for p in tmp_path.glob("*.png"):
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((tmp_path / "report.json").read_text())["verdicts"]
    assert all(str(tmp_path) in f for f in d["files"])
    assert "Do our players stack as the published ones do?" in md and "| 2 | +2 & +4 | published |" in md
    # --rerender writes the same report from report.json without playing
    (tmp_path / "report.md").write_text("stale", encoding="utf-8")
    assert main(["report", "--rerender", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "report.md").read_text(encoding="utf-8") == md


def test_report_rerender_without_results_is_a_clear_error(tmp_path, capsys):
    assert main(["report", "--rerender", "--out", str(tmp_path)]) == 2
    assert "run 'unokit report' once first" in capsys.readouterr().err


def test_lab_referee_hands_caps_only_the_measures_the_referee_plays():
    # DED with MEM is not in the compiled core: its measures play at most referee_hands (matches in proportion), and the
    # numbers are those of a lab run at those counts; the baseline, in C, plays every hand
    kw = dict(players=[3], jobs=1, progress=False, plots=False, skill="greedy", seed=5)
    r = lab(["UNO 1121", "UNO 1121 DED-I"], hands=120, skill_hands=120, matches=12, referee_hands=40, **kw)
    base, chu = r["results"]
    assert "capped" not in base and base["table"]["hands"] == 120 and base["match"]["matches"] == 12
    assert chu["capped"] == {"table": 40, "skill": 40, "match": 4}
    plain = lab(["UNO 1121 DED-I"], hands=40, skill_hands=40, matches=4, **kw)["results"][0]
    assert {k: chu[k] for k in ("table", "skill", "match")} == {k: plain[k] for k in ("table", "skill", "match")}
    with pytest.raises(labmod.LabError, match="referee_hands"):
        lab(["UNO 1121"], hands=10, referee_hands=0, **kw)


def test_report_names_the_rules_played_at_fewer_hands_on_the_referee(tmp_path):
    from unokit.lab.report import report
    d = report(hands=12, matches=2, published_hands=0, codes=["DR", "FLEX", "S", "M"], out=tmp_path, jobs=1, progress=False,
               referee_hands=6, uno_call_hands=0)
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert d["referee_hands"] == 6
    assert "--hands 12 --referee-hands 6 --out" in md
    # UNO Flex's hands and its skill games (the strategist, _edcstrategist.h) are compiled now (issue 28 point 1):
    # nothing is capped, and the header says so (what stays on the referee is named: tests/lab/test_report_engines.py)
    assert "**Played by the referee, at fewer hands**" not in md
    assert "Nothing of the rules measures is left on the referee." in md and "referee only" not in md
    flex = next(line for line in md.splitlines() if line.startswith("| FLEX |"))
    dr = next(line for line in md.splitlines() if line.startswith("| DR |"))
    assert "referee:" not in flex and "referee:" not in dr
    # the human-error bots play in C (issue 28, point 1), under M too since they were proven there
    assert "`human:random-play` at 4 players, 12 hands per rule set" in md
    human = md[md.index("## Rules that punish mistakes"):]
    assert "referee:" not in next(line for line in human.splitlines() if line.startswith("| M |"))
    assert "referee:" not in next(line for line in human.splitlines() if line.startswith("| S |"))
