"""``unokit solitaire``: --solve (text and JSON, one process or several), the plain game fed through
a pipe, the full-screen game driven by Textual's pilot, and one-line errors for bad flags."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys

import pytest

from unokit import cli
from unokit.solitaire.cli import format_solve, play_plain, plot_times, solve_deals, summarize
from unokit.solitaire.game import Solitaire
from unokit.solitaire.solver import solve
from unokit.solitaire.tui import HELP_LINE, SolitaireApp


def run(capsys, *argv):
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


# ---------------------------------------------------------------------------------------- --solve
def test_solve_twenty_deals_as_json(capsys):
    rc, out, err = run(capsys, "solitaire", "--solve", "--deals", "20", "--seed", "4", "--max-nodes", "3000",
                       "--jobs", "2", "--json")
    assert rc == 0 and err == ""
    r = json.loads(out)
    assert r["format"] == "unokit-solitaire-solve/1" and r["deals"] == 20 and r["max_nodes"] == 3000
    assert r["won"] + r["lost"] + r["undecided"] == 20 and r["decided"] == r["won"] + r["lost"]
    w = r["winnable"]
    assert w["n"] == r["decided"] and 0 <= w["lo"] <= w["value"] <= w["hi"] <= 1
    assert len(r["per_deal"]["status"]) == len(r["per_deal"]["nodes"]) == len(r["per_deal"]["ms"]) == 20
    assert r["seconds"]["p50"] <= r["seconds"]["p90"] <= r["seconds"]["max"]
    # the same deals in one process: the same verdicts and node counts
    one = solve_deals(20, seed=4, max_nodes=3000, jobs=1, progress=False)
    assert one["per_deal"]["status"] == r["per_deal"]["status"] and one["per_deal"]["nodes"] == r["per_deal"]["nodes"]


def test_solve_prints_the_winnable_fraction_with_its_interval(capsys):
    rc, out, _err = run(capsys, "solitaire", "--solve", "--deals", "5", "--max-nodes", "2000", "--jobs", "1")
    assert rc == 0
    assert "won " in out and "undecided" in out and "95% Wilson interval" in out and "median" in out


def test_the_summary_counts_and_the_plot(tmp_path):
    rows = [("won", 10, 0.01)] * 8 + [("lost", 500, 0.2), ("undecided", 1000, 1.5)]
    r = summarize(rows, deals=10, seed=0, max_nodes=1000, jobs=1, wall=1.0)
    assert (r["won"], r["lost"], r["undecided"], r["decided"]) == (8, 1, 1, 9)
    assert r["winnable"]["value"] == pytest.approx(8 / 9) and r["per_deal"]["status"] == "W" * 8 + "LU"
    assert "won 8, lost 1, undecided 1" in format_solve(r)
    plot_times(r, tmp_path / "t.png")
    assert (tmp_path / "t.png").stat().st_size > 1000
    none = summarize([("undecided", 5, 0.1)], deals=1, seed=0, max_nodes=5, jobs=1, wall=0.1)
    assert none["winnable"]["value"] is None and "no deal was decided" in format_solve(none)


@pytest.mark.parametrize("argv", [
    ["--solve", "--deals", "0"],
    ["--solve", "--deals", "ten"],
    ["--solve", "--max-nodes", "-5"],
    ["--solve", "--jobs", "x"],
    ["--solve", "--seed", "99999999999999999999999"],
    ["--deals", "3"],
    ["--json"],
    ["--solve", "--plain"],
    ["--bogus"],
])
def test_bad_flags_give_one_line(capsys, argv):
    rc, out, err = run(capsys, "solitaire", *argv)
    assert rc == 2 and out == ""
    assert err.startswith("unokit: error: ") and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------------------------------- plain play
def test_plain_play_through_a_pipe(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nd\nundo\nundo\n3>9\n1>2\nhint\nnew\nquit\nd\n"))
    rc, out, err = run(capsys, "solitaire", "--seed", "7")
    assert rc == 0 and err == ""
    assert out.startswith("UNO solitaire, deal 7.")
    assert "commands: hint, undo, new, help, quit" in out
    assert "took back d" in out and "? nothing to undo" in out
    assert "? unknown move '3>9'" in out
    assert "hint: " in out and "\ndeal " in out
    assert out.rstrip().endswith("bye")


def test_plain_play_to_a_win():
    moves = solve(12).moves
    out = io.StringIO()
    assert play_plain(12, io.StringIO("\n".join(map(str, moves)) + "\n"), out) == 0
    assert f"won in {len(moves)} moves" in out.getvalue()


def test_the_command_with_piped_input_plays_the_plain_game():
    code = "import sys; from unokit.cli import main; sys.exit(main(['solitaire', '--seed', '3']))"
    p = subprocess.run([sys.executable, "-c", code], input="d\nw>f\nquit\n", capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and p.stderr == ""
    assert "UNO solitaire, deal 3." in p.stdout and p.stdout.rstrip().endswith("bye")


# ---------------------------------------------------------------------------------------- the full-screen game
def keys_for(move) -> list[str]:
    if move.src == "d":
        return ["d"]
    return [move.src, move.dst]


def test_the_full_screen_game_by_keys():
    moves = solve(12).moves

    async def go():
        app = SolitaireApp(12, hint_seconds=0.5)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert HELP_LINE in str(app.query_one("#help").render())
            assert "deal 12" in str(app.query_one("#title").render())
            await pilot.press("d")
            assert len(app.game.waste) == 1
            await pilot.press("u")
            assert not app.game.waste and app.game.history == []
            await pilot.press("h")
            assert "hint:" in str(app.query_one("#status").render())
            await pilot.press("3", "escape")
            assert app.selected is None
            for m in moves[:40]:
                await pilot.press(*keys_for(m))
            assert app.game.history == list(moves[:40])
            await pilot.press("f")                       # no source chosen: refused, nothing changes
            assert "source first" in str(app.query_one("#status").render())
            app.game = Solitaire.from_layout([], foundations=["RR", "RS", "YS", "YS", "GS", "GS", "BS", "BS"],
                                             waste="RS")
            await pilot.press("w", "w")                  # the same key twice: the best place (home)
            assert app.game.won and "You won" in str(app.query_one("#status").render())
            seed = app.game.seed
            await pilot.press("n")
            assert not app.game.won and app.game.seed != seed
            await pilot.press("q")
    asyncio.run(asyncio.wait_for(go(), 60))


# ---------------------------------------------------------------------------------------- the docs
def test_the_docs_notation_keys_and_links_are_current():
    import re
    from pathlib import Path

    from unokit.solitaire.game import Move
    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "solitaire.md").read_text(encoding="utf-8")
    notation = text.split("## Notation", 1)[1].split("## ", 1)[0]
    spans = re.findall(r"^\| `([^`]+)` \|", notation, flags=re.M)
    assert len(spans) == 5
    for s in spans:
        assert str(Move.parse(s)) == s
    keys = {b.key for b in SolitaireApp.BINDINGS}
    assert {"1", "7", "w", "f", "d", "space", "u", "h", "n", "q", "escape"} <= keys
    for target in re.findall(r"\]\(([^)#\s]+)\)", text):
        if "://" not in target:
            assert (root / "docs" / target).exists(), target
