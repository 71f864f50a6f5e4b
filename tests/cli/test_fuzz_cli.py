"""Issue 9, point 2: every bad command line is refused cleanly.

``unokit.cli.main([...])`` runs in-process: the exit status is 0, 1 (a replay that does not match)
or 2 (a bad request), an error is one line on stderr (``unokit: error: ...``), never a traceback,
and no value (a huge ``--players``, ``--hands 0``, a binary record file) makes a command hang.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from unokit import cli
from unokit.engine.game import Game


def run(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = cli.main(list(argv))
        except SystemExit as e:  # main returns its status; a SystemExit escaping is a bug too
            raise AssertionError(f"SystemExit({e.code}) escaped main()") from None
    assert time.perf_counter() - t0 < 20, f"{argv} took too long"
    o, e = out.getvalue(), err.getvalue()
    assert rc in (0, 1, 2), (argv, rc)
    assert "Traceback" not in o + e, (argv, e)
    if e:
        lines = e.splitlines()
        assert len(lines) == 1 and lines[0].startswith("unokit: error: "), (argv, e)
        assert "internal error" not in e, (argv, e)
    assert (rc == 2) == bool(e), (argv, rc, e)
    return rc, o, e


def refused(*argv, needle: str = "") -> str:
    rc, _, err = run(*argv)
    assert rc == 2, (argv, rc)
    assert needle in err, (argv, err)
    return err


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    rng = random.Random(3)
    g = Game.new(players=2, seed=3)
    while not g.over:
        g.apply(rng.choice([a for a in g.legal_actions(g.to_act) if not a.more]))
    rec = json.loads(json.dumps(g.record()))
    paths = {"good": d / "good.json", "seed": d / "seed.json", "types": d / "types.json", "binary": d / "binary.bin",
             "deep": d / "deep.json", "hugeint": d / "hugeint.json", "notjson": d / "not.json",
             "tampered": d / "tampered.json", "list": d / "list.json", "empty": d / "empty.json",
             "match": d / "match.json", "latin1": d / "latin1.json"}
    paths["good"].write_text(json.dumps(rec))
    paths["seed"].write_text(json.dumps(dict(rec, seed="replayed and matched")))
    paths["types"].write_text(json.dumps(dict(rec, players="2", actions={"a": 1})))
    paths["binary"].write_bytes(bytes(range(256)) * 4)
    paths["deep"].write_text("[" * 200_000 + "]" * 200_000)
    paths["hugeint"].write_text('{"format": "unokit-hand/1", "players": ' + "9" * 5000 + "}")
    paths["notjson"].write_text("{not json")
    paths["tampered"].write_text(json.dumps(dict(rec, result=dict(rec["result"], winner=(rec["result"]["winner"] + 1) % 2))))
    paths["list"].write_text(json.dumps([rec, 5, None]))
    paths["empty"].write_text("[]")
    paths["match"].write_text(json.dumps({"format": "unokit-match/1", "config": {"players": 10**30}, "hands": []}))
    paths["latin1"].write_bytes('{"format": "ünokit"}'.encode("latin-1"))
    paths["dir"] = d
    paths["missing"] = d / "missing.json"
    return {k: str(v) for k, v in paths.items()}


# ---------------------------------------------------------------------------------------------- known hangs
def test_cli_sim_refuses_a_huge_player_count_at_once():
    refused("sim", "--players", "99999999999999999999", needle="--players")


def test_cli_lab_refuses_a_huge_player_count_at_once():
    refused("lab", "--players", "99999999999999999999", needle="--players")
    refused("lab", "--players", "4", "99999999999999999999", needle="--players")


@pytest.mark.parametrize("cmd", [["sim"], ["duel", "greedy", "random"], ["tournament", "greedy,random"], ["lab"],
                                 ["report"]])
def test_cli_refuses_hands_0(cmd):
    refused(*cmd, "--hands", "0", needle="--hands")


# ---------------------------------------------------------------------------------------------- garbage values
GARBAGE = ["", "x", "-1", "1.5", "1e3", "0x10", "٣", "²", "１", "99999999999999999999", "1" * 5000, "nan", " ", "\n",
           "\udcff"]


@pytest.mark.parametrize("cmd,flag", [
    (["sim"], "--hands"), (["sim"], "--players"), (["sim"], "--seed"), (["sim"], "--max-steps"), (["sim"], "--decks"),
    (["play"], "--players"), (["play"], "--seed"), (["play"], "--decks"),
    (["duel", "greedy", "random"], "--hands"), (["duel", "greedy", "random"], "--players"),
    (["duel", "greedy", "random"], "--seed"), (["duel", "greedy", "random"], "--jobs"),
    (["duel", "greedy", "random"], "--decks"),
    (["tournament", "greedy,random"], "--players"), (["tournament", "greedy,random"], "--jobs"),
    (["tournament", "greedy,random"], "--decks"), (["lab"], "--decks"),
    (["lab"], "--players"), (["lab"], "--skill-players"), (["lab"], "--skill-hands"), (["lab"], "--matches"),
    (["lab"], "--seed"), (["report"], "--players"), (["report"], "--matches"), (["report"], "--published-hands"),
    (["report"], "--hands"), (["report"], "--uno-call-hands"),
])
def test_cli_refuses_garbage_numbers_with_one_line(cmd, flag):
    for value in GARBAGE:
        err = refused(*cmd, flag, value)
        assert flag in err


@pytest.mark.parametrize("argv,needle", [
    (["sim", "--hands", "1", "--rules", "UNO ²121"], "four digits"),
    (["sim", "--hands", "1", "--rules", "UNO S(penalty=-5)"], "penalty"),
    (["sim", "--hands", "1", "--rules", "UNO BOMB"], "DR or DD"),
    (["sim", "--hands", "1", "--bots", "nobody"], "unknown bot"),
    (["sim", "--hands", "1", "--bots", ","], "bot"),
    (["sim", "--hands", "1", "--deck", "tarot"], "deck"),
    (["sim", "--hands", "1", "--enforcement", "lenient"], "enforcement"),
    (["sim", "--hands", "1", "--rules", "UNO BU(cards=50)", "--players", "4"], "cannot deal"),
    (["sim", "--hands", "1", "--players", "21", "--decks", "2"], "--decks 3"),
    (["sim", "--hands", "1", "--players", "11"], "--decks 2"),
    (["sim", "--hands", "1", "--decks", "2", "--engine", "compiled"], "compiled"),
    (["duel", "greedy", "random", "--hands", "1", "--players", "12"], "--players 12"),
    (["lab", "--hands", "1", "--players", "4", "30", "--decks", "2"], "--players 30"),
    (["play", "--players", "1"], "--players"),
    (["play", "--rules", "UNO XYZ"], "XYZ"),
    (["rules"], "required"),
    (["rules", "validate"], "required"),
    (["rules", "validate", "UNO\nXYZ"], "XYZ"),
    (["rules", "explain", "UNO ²"], "four digits"),
    (["rules", "explain", "S(penalty=99)"], "penalty"),
    (["duel", "greedy", "nobody", "--hands", "1", "--jobs", "1"], "nobody"),
    (["tournament", "greedy", "--hands", "1", "--jobs", "1"], "two bots"),
    (["tournament", "greedy,greedy", "--hands", "1", "--jobs", "1"], "once"),
    (["lab", "--hands", "1", "--jobs", "1", "--measures", "zz"], "measure"),
    (["lab", "--hands", "1", "--jobs", "1", "--rules", "UNO V(seconds=-1)"], "seconds"),
    (["lab", "--hands", "1", "--jobs", "1", "--resume"], "resume"),
    (["report", "--hands", "1", "--skill-bot", "nobody"], "skill bot"),
    (["nosuch"], "invalid choice"),
    ([], "required"),
    (["sim", "--nosuch"], "unrecognized"),
])
def test_cli_refuses_bad_requests_with_one_line(argv, needle):
    refused(*argv, needle=needle)


def test_cli_replay_refuses_unreadable_files_with_one_line(files):
    refused("replay", files["binary"], needle="not a text")
    refused("replay", files["latin1"], needle="not a text")
    refused("replay", files["deep"], needle="nested too deeply")
    refused("replay", files["hugeint"], needle="JSON")
    refused("replay", files["notjson"], needle="not JSON")
    refused("replay", files["missing"], needle="cannot read")
    refused("replay", files["dir"], needle="cannot read")
    refused("replay", files["empty"], needle="no hand records")


def test_cli_replay_refuses_wrong_typed_records_naming_the_field(files):
    refused("replay", files["seed"], needle="seed")
    refused("replay", files["types"], needle="players")
    refused("replay", files["list"], needle="hand 1")
    refused("replay", files["match"], needle="config.players")


def test_cli_replay_good_and_tampered_records(files):
    rc, out, _ = run("replay", files["good"])
    assert rc == 0 and "replayed and matched" in out
    rc, out, _ = run("replay", files["tampered"])
    assert rc == 1 and "MISMATCH" in out and "winner" in out


def test_cli_an_internal_error_is_one_line(monkeypatch):
    import unokit.lab.sim

    def boom(*a, **k):
        raise KeyError("oops")
    monkeypatch.setattr(unokit.lab.sim, "simulate", boom)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(["sim", "--hands", "1"])
    assert rc == 2 and err.getvalue().startswith("unokit: error: internal error: KeyError")
    assert len(err.getvalue().splitlines()) == 1


# ---------------------------------------------------------------------------------------------- fuzzing
SMALL = ["1", "2"]
NUMS = st.sampled_from(SMALL + ["0", "-1", "x", "٣", "99999999999999999999", "1" * 400, "", "1.0", "+1"])
RULES = st.one_of(st.sampled_from(["UNO 1121", "UNO 1121 DR-P4", "uno dr-bomb", "UNO 2121 C-SU", "UNO S(penalty=-5)",
                                   "UNO ²121", "UNO BOMB", "UNO DAD(table=abc)", "UNO deal=0", "UNO deal=50",
                                   "UNO 1121 BU(cards=50)", "UNO TV(wins=2)", "UNO PR(start=40)", "UNO XYZ", ""]),
                  st.text(max_size=12))
BOTS = st.one_of(st.sampled_from(["greedy", "random", "random-play", "greedy,random", "human:greedy", "nobody", ",",
                                  "GREEDY", "greedy,,random"]), st.text(max_size=6))
WORD = st.one_of(st.text(max_size=8), st.sampled_from(["--", "-", "--help", "x", "٣", "\udcff", "UNO"]))


def _flags(data, spec: dict) -> list[str]:
    argv: list[str] = []
    for _ in range(data.draw(st.integers(0, 4))):
        flag = data.draw(st.sampled_from(sorted(spec)))
        strat = spec[flag]
        if strat is None:
            argv.append(flag)
        else:
            argv += [flag, data.draw(strat)]
    if data.draw(st.integers(0, 9)) == 0:
        argv.append(data.draw(WORD))
    return argv


COMMON = {"--hands": NUMS, "--players": NUMS, "--seed": NUMS, "--rules": RULES, "--jobs": NUMS,
          "--decks": NUMS, "--no-progress": None}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_cli_fuzz_sim_exits_0_or_2_with_one_line(data):
    decks = st.sampled_from(["classic", "112", "ohana", "italian", "boost", "x", ""])
    spec = dict(COMMON, **{"--bots": BOTS, "--deck": decks,
                           "--enforcement": st.sampled_from(["strict", "table", "x"]), "--max-steps": NUMS,
                           "--json": None, "--check": None})
    del spec["--jobs"]
    run("sim", *_flags(data, spec), "--hands", data.draw(st.sampled_from(SMALL)), "--no-progress")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_cli_fuzz_rules_exits_0_or_2_with_one_line(data):
    action = data.draw(st.sampled_from(["list", "explain", "validate", "x"]))
    words = data.draw(st.lists(st.one_of(RULES, WORD, st.sampled_from(["DR", "ABCD", "1121", "S(penalty=3)", "SU"])),
                               max_size=3))
    extra = data.draw(st.sampled_from([[], ["--implemented"], ["--allow-unimplemented"]]))
    run("rules", action, *words, *extra)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_cli_fuzz_duel_tournament_lab_exit_0_or_2_with_one_line(data):
    cmd = data.draw(st.sampled_from(["duel", "tournament", "lab"]))
    if cmd == "duel":
        argv = ["duel", data.draw(BOTS), data.draw(BOTS)] + _flags(data, dict(COMMON, **{"--solo": None, "--json": None}))
    elif cmd == "tournament":
        argv = ["tournament", data.draw(BOTS)] + _flags(data, dict(COMMON, **{"--json": None}))
    else:
        spec = dict(COMMON, **{"--bots": BOTS, "--measures": st.sampled_from(["table", "skill", "match", "table,x", ""]),
                               "--skill-hands": NUMS, "--matches": NUMS, "--skill-players": NUMS,
                               "--skill-bot": BOTS, "--json": None})
        argv = ["lab"] + _flags(data, spec) + ["--no-plots"]
    # whatever was drawn (garbage is refused wherever it stands), play in this process and briefly
    run(*argv, "--hands", data.draw(st.sampled_from(SMALL)), "--jobs", "1", "--no-progress")


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_cli_fuzz_replay_exits_0_1_or_2_with_one_line(data, files):
    key = data.draw(st.sampled_from(sorted(files)))
    extra = data.draw(st.sampled_from([[], ["--quiet"], ["--bogus"]]))
    rc, _out, _err = run("replay", files[key], *extra)
    if key in ("good",) and not extra:
        assert rc == 0
    if key in ("tampered",) and not extra:
        assert rc == 1
