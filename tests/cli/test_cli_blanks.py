"""The deck and the blank cards as options of every command that plays hands, of the lab and of a match.

``--deck`` is on ``play``, ``sim``, ``duel``, ``tournament`` and ``lab``; ``--blanks EFFECTS`` adds the table
parameter ``blanks=EFFECTS`` to the rule code(s) (one rule per blank card of the 112 / Italian deck:
:mod:`unokit.rules.blanks`) and ``--blank-max N`` adds ``blankmax=N``. The compiled core plays the classic
deck only, so another deck is played by the referee, which the output says. ``MatchConfig(blanks=...)``
writes the blanks into the match's rules, and its record replays.
"""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from unokit import cli
from unokit.core.errors import RecordError, UnoError
from unokit.match import Match, MatchConfig, MatchError, check_match_record, play_match, random_policy, replay_match
from unokit.rules.blanks import add_blanks

#: every command that plays hands, with what it needs to run one quickly
COMMANDS = [["sim", "--hands", "1", "--no-progress"], ["play", "--plain"],
            ["duel", "greedy", "random", "--hands", "1", "--jobs", "1", "--no-progress"],
            ["tournament", "greedy,random", "--hands", "1", "--jobs", "1", "--no-progress"],
            ["lab", "--hands", "1", "--jobs", "1", "--no-progress", "--no-plots"]]


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def refused(capsys, *argv, needle: str) -> str:
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == "", (argv, rc, out)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("unokit: error: "), err
    assert needle in err, err
    return err


# ---------------------------------------------------------------------------------------------- duel, lab
def test_duel_with_the_112_deck_and_blanks_names_the_deck(capsys):
    rc, out, err = run(capsys, "duel", "strategist", "random-play", "--deck", "112", "--blanks", "bianca/drawn",
                       "--hands", "50", "--players", "3", "--jobs", "1", "--no-progress")
    assert (rc, err) == (0, ""), err
    head = out.splitlines()[0]
    assert "UNO 1121 blanks=bianca/drawn, 3 players (the 112 deck), 50 deals" in head
    assert "engine: referee (" in out
    rc, out, err = run(capsys, "duel", "strategist", "random-play", "--deck", "112", "--blanks", "bianca/drawn",
                       "--hands", "4", "--players", "3", "--jobs", "1", "--no-progress", "--json")
    d = json.loads(out)
    assert rc == 0 and d["deck"] == "112" and d["rules"] == "UNO 1121 blanks=bianca/drawn"
    assert d["engine"].startswith("referee") and d["engines"] == {"referee": 1}


def test_lab_with_the_italian_deck_and_blanks(capsys, tmp_path):
    rc, out, err = run(capsys, "lab", "--rules", "UNO 1121", "--deck", "italian", "--blanks", "swap", "--hands", "50",
                       "--jobs", "1", "--no-progress", "--no-plots")
    assert (rc, err) == (0, ""), err
    assert out.startswith("lab: 1 rule set(s) x players [4] with the italian deck,")
    assert "UNO 1121 blanks=swap  (4 players)" in out and "engine: referee (" in out
    rc, out, err = run(capsys, "lab", "--rules", "UNO 1121", "UNO 1121 DR", "--deck", "112", "--blanks", "drawn/r7",
                       "--blank-max", "6", "--hands", "3", "--skill-hands", "2", "--matches", "1", "--jobs", "1",
                       "--no-progress", "--no-plots", "--json", "--out", str(tmp_path))
    assert (rc, err) == (0, ""), err
    r = json.loads(out)
    assert r["deck"] == "112" and "decks" not in r and r["engine"].startswith("referee")
    assert r["rule_sets"] == ["UNO 1121 blankmax=6 blanks=drawn/r7", "UNO 1121 DR blankmax=6 blanks=drawn/r7"]
    # the chunk specs carry the deck, so a cached classic chunk is never taken for a 112 one
    specs = [json.loads(p.read_text())["spec"] for p in (tmp_path / "cache").rglob("*.json")]
    assert specs and all(sp["deck"] == "112" for sp in specs)
    assert {sp["kind"] for sp in specs} == {"hands", "rotated", "matches"}


def test_tournament_with_two_112_decks_and_six_blanks(capsys):
    rc, out, err = run(capsys, "tournament", "greedy,random", "--deck", "112", "--decks", "2", "--players", "12",
                       "--blanks", "swap/draw2/everyone1/drawn/bianca/nextswap", "--hands", "1", "--jobs", "1",
                       "--no-progress", "--json")
    assert (rc, err) == (0, ""), err
    t = json.loads(out)
    assert t["deck"] == "112" and t["decks"] == 2 and t["engine"].startswith("referee")
    assert t["duels"][0]["deck"] == "112" and "blanks=swap/draw2/everyone1/drawn/bianca/nextswap" in t["rules"]
    rc, out, err = run(capsys, "tournament", "greedy,random", "--deck", "112", "--hands", "1", "--jobs", "1",
                       "--no-progress")
    assert rc == 0 and "2 players (the 112 deck)" in out.splitlines()[0]


def test_sim_with_blanks_and_blank_max_checks_every_hand(capsys):
    rc, out, err = run(capsys, "sim", "--deck", "112", "--blanks", "bianca/drawn/r7", "--blank-max", "6",
                       "--hands", "20", "--players", "3", "--bots", "random-play", "--check", "--no-progress")
    assert (rc, err) == (0, ""), err
    assert out.startswith("20 hands, 3 players, rules UNO 1121 blankmax=6 blanks=bianca/drawn/r7, seed 0, "
                          "the 112 deck (checked: invariants + replays)")


def test_the_classic_deck_is_as_before(capsys, tmp_path):
    rc, out, _err = run(capsys, "duel", "greedy", "random-play", "--hands", "2", "--jobs", "1", "--no-progress",
                       "--json")
    d = json.loads(out)
    assert rc == 0 and "deck" not in d and "engine" not in d
    run(capsys, "lab", "--hands", "2", "--skill-hands", "1", "--matches", "1", "--jobs", "1", "--no-progress",
        "--no-plots", "--out", str(tmp_path))
    specs = [json.loads(p.read_text())["spec"] for p in (tmp_path / "cache").rglob("*.json")]
    assert specs and not any("deck" in sp or "decks" in sp for sp in specs)   # old cache keys kept


def test_play_plain_deals_the_written_blanks(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    rc, out, err = run(capsys, "play", "--plain", "--deck", "italian", "--blanks", "swap/nextswap", "--seed", "1",
                       "--no-color")
    assert (rc, err) == (0, ""), err
    assert "rules UNO 1121 blanks=swap/nextswap" in out


def test_play_builds_a_local_table_with_blanks():
    from unokit.play.tui.launch import build_table
    args = cli.build_parser().parse_args(["play", "--rules", "UNO 1121 DR", "--deck", "112", "--blanks", "bianca/r7",
                                          "--blank-max", "3"])
    args.rules = cli._blanks(args, args.rules, args.deck, args.decks)     # what _cmd_play does
    table = build_table(args)
    o = table.session.options
    assert o.rules == "UNO 1121 DR blankmax=3 blanks=bianca/r7" and o.deck == "112"
    # with no --rules the picker chooses them, and writes the blanks in: checked before it opens
    args = cli.build_parser().parse_args(["play", "--deck", "112", "--blanks", "swap"])
    assert build_table(args) is None
    args = cli.build_parser().parse_args(["play", "--blanks", "swap"])
    with pytest.raises(UnoError, match="no blank cards"):
        build_table(args)


# ---------------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("cmd", COMMANDS)
@pytest.mark.parametrize("extra, needle", [
    (["--blanks", "swap"], "the classic deck has no blank cards"),
    (["--deck", "boost", "--blanks", "swap"], "the boost deck has no blank cards"),
    (["--deck", "112", "--blanks", "foo"], "--blanks 'foo': expected blank effects separated by '/'"),
    (["--deck", "112", "--blanks", ""], "--blanks '': expected"),
    (["--deck", "112", "--blanks", "swap//drawn"], "expected blank effects"),
    (["--deck", "112", "--blanks", "swap/swap/swap/swap"], "the 112 deck has 3 blank cards; blanks= writes 4"),
    (["--deck", "italian", "--blanks", "r0/r0"], "holds 1 R0"),
    (["--deck", "112", "--blank-max", "0"], "--blank-max"),
    (["--deck", "112", "--blank-max", "21"], "--blank-max"),
    (["--deck", "112", "--rules", "UNO 1121 blanks=drawn", "--blanks", "swap"], "give the blanks once"),
    (["--deck", "112", "--rules", "UNO 1121 blank=swap", "--blanks", "swap"], "not both"),
    (["--deck", "nope"], "unknown deck 'nope'"),
])
def test_bad_blanks_and_decks_are_refused_with_one_line(capsys, cmd, extra, needle):
    refused(capsys, *cmd, *extra, needle=needle)


@pytest.mark.parametrize("cmd", [c for c in COMMANDS if c[0] != "play"])
def test_the_compiled_engine_refuses_another_deck_with_one_line(capsys, cmd):
    refused(capsys, *cmd, "--deck", "112", "--engine", "compiled", needle="compiled")


def test_blanks_are_for_a_new_table_only(capsys):
    refused(capsys, "play", "--join", "http://127.0.0.1:1/t/ABCD", "--deck", "112", "--blanks", "swap",
            needle="not with --join or --resume")


def test_the_help_lists_the_effects(capsys):
    for cmd in ("sim", "duel", "lab", "play", "tournament"):
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args([cmd, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert "--blanks EFFECTS" in out and "nextswap" in out and "--deck 112 or --deck italian" in out, cmd
        assert "--blank-max N" in out


# ---------------------------------------------------------------------------------------------- the library
def test_the_library_threads_the_deck():
    from unokit.lab import chunk_specs, lab, several_decks
    from unokit.lab import compiled_chunks as lab_chunks
    from unokit.lab.tournament import duel
    assert several_decks("auto", 1) is None and several_decks("auto", 1, "classic") is None
    assert several_decks("auto", 1, "112").startswith("referee")
    assert "deck" not in chunk_specs("hands", "UNO 1121", ["greedy"] * 2, count=1, seed=0, chunk=1)[0]
    spec = chunk_specs("hands", "UNO 1121", ["random-play"] * 2, count=1, seed=0, chunk=1, deck="112")[0]
    assert spec["deck"] == "112" and lab_chunks.problem(spec) is not None     # never the compiled core
    d = duel("greedy", "random", hands=2, deck="italian", rules="UNO 1121 blanks=bianca", jobs=1, progress=False)
    assert d["deck"] == "italian" and d["games"] == 4
    with pytest.raises(UnoError, match="no blank cards"):
        duel("greedy", "random", hands=1, rules="UNO 1121 blanks=bianca", jobs=1, progress=False)
    r = lab("UNO 1121 blanks=swap", deck="112", hands=2, skill_hands=1, matches=1, jobs=1, progress=False,
            plots=False)
    assert r["deck"] == "112" and r["results"][0]["match"]["matches"] == 1


def test_add_blanks():
    assert add_blanks("UNO 1121", "Bianca / R7") == "UNO 1121 blanks=bianca/r7"
    assert add_blanks("UNO 1121 blanks=swap", "SWAP") == "UNO 1121 blanks=swap"
    assert add_blanks("UNO 1121", "", 5) == "UNO 1121 blankmax=5"
    assert add_blanks("UNO 1121") == "UNO 1121"
    with pytest.raises(ValueError, match="give the blankmax once"):
        add_blanks("UNO 1121 blankmax=4", "", 5)
    with pytest.raises(ValueError, match="blank effects"):
        add_blanks("UNO 1121", "wbx")


# ---------------------------------------------------------------------------------------------- matches
def test_a_match_with_blanks_plays_and_replays(capsys, tmp_path):
    c = MatchConfig(players=3, deck="112", blanks="Bianca/drawn/r7", seed=5, target=200)
    assert c.rules == "UNO 1121 blanks=bianca/drawn/r7" and c.blanks == "bianca/drawn/r7"
    g = Match.new(c).next_hand()
    held = Counter(x.code for x in g._deck_cards)
    assert (held["WBC"], held["WBN"], held["R7"], held["WB"], len(g._deck_cards)) == (1, 1, 2, 0, 111)
    m = play_match(c, random_policy(3))
    assert m.over
    rec = json.loads(json.dumps(m.record()))
    assert rec["config"]["blanks"] == "bianca/drawn/r7" and rec["config"]["rules"] == c.rules
    check_match_record(rec)
    again = replay_match(rec)
    assert again.config == c and again.scores == m.scores and again.winner == m.winner
    path = tmp_path / "match.json"
    path.write_text(json.dumps(rec))
    rc, out, err = run(capsys, "replay", str(path))
    assert (rc, err) == (0, "") and "replayed and matched" in out


def test_a_match_without_blanks_records_as_before():
    c = MatchConfig(players=3, seed=2, target=100)
    assert "blanks" not in c.to_dict()
    rec = json.loads(json.dumps(play_match(c, random_policy(1)).record()))
    assert "blanks" not in rec["config"]
    assert replay_match(rec).config == c                     # a record written before blanks existed reads
    assert MatchConfig.from_dict(dict(c.to_dict(), blanks="")) == c


@pytest.mark.parametrize("kw, words", [
    ({"blanks": "swap"}, "the classic deck has no blank cards"),
    ({"deck": "boost", "blanks": "swap"}, "the boost deck has no blank cards"),
    ({"deck": "112", "blanks": "foo"}, "blanks: blank effects separated by '/'"),
    ({"deck": "112", "blanks": 3}, "blanks must be text"),
    ({"deck": "112", "blanks": "swap/swap/swap/swap"}, "has 3 blank cards"),
    ({"deck": "112", "blanks": "r0/r0"}, "holds 1 R0"),
    ({"deck": "112", "rules": "UNO 1121 blanks=drawn", "blanks": "swap"}, "give the blanks once"),
    ({"deck": "112", "rules": "UNO 1121 blank=swap", "blanks": "swap"}, "not both"),
    ({"deck": "112", "rules": "UNO 1121 blanks=swap/swap/swap/swap"}, "has 3 blank cards"),
    ({"rules": "UNO FLIP blanks=swap"}, "the flip deck has no blank cards"),
])
def test_match_config_refuses_bad_blanks(kw, words):
    with pytest.raises(MatchError, match=words):
        MatchConfig(players=3, **kw)


def test_a_match_record_with_blanks_of_the_wrong_type_is_refused():
    rec = Match.new(MatchConfig(players=2, deck="112", blanks="swap", seed=1)).record()
    rec["config"]["blanks"] = ["swap"]
    with pytest.raises(RecordError, match=r"config\.blanks"):
        check_match_record(rec)
