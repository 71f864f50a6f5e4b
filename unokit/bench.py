"""``unokit bench``: throughput of unokit's engine, optionally against RLCard.

Three engines are timed: ``unokit`` (the referee, ``unokit.Game``),
``unokit-fast`` (the fast core for the official rules, ``unokit.fast.FastGame``)
and, with ``--vs rlcard``, RLCard.  Each measured loop (engine, player count)
runs in its own subprocess, so peak memory (``ru_maxrss``) is per engine and
per run and no two engines share an interpreter.  The peers are the scripts
``bench/unokit_peer.py`` (``--core referee`` or ``--core fast``) and
``bench/rlcard_peer.py`` at the repository root; each prints one JSON line.
With ``repeat`` > 1 the whole set of loops is run that many times, engines
alternating, and each (engine, player count) keeps its fastest run.  RLCard runs from a private virtualenv,
``.bench/rlcard-venv``, created on first use from the *same* interpreter that
runs this module (so both engines are timed on the same Python), with
``rlcard==1.2.0`` installed from PyPI.

Everything except the final report goes to stderr, so ``--json`` output on
stdout is always a single clean JSON document.

Public API::

    main(argv=None) -> int
    build_parser(prog="unokit bench") -> argparse.ArgumentParser
    add_arguments(parser) -> argparse.ArgumentParser
    run_from_args(args) -> int
    run_bench(vs=None, players=(2, 4), games=2000, seconds=None, seed=0,
              warmup=50, venv_dir=None, repeat=3, log=...) -> dict
    ensure_rlcard_venv(venv_dir=None, *, log=..., reinstall=False) -> Path
    run_peer(engine, players, *, games=2000, seconds=None, seed=0, warmup=50,
             python=None, log=...) -> dict
    format_table(result) -> str
    repo_root() -> Path
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterable, Optional

__all__ = [
    "BenchError",
    "RLCARD_VERSION",
    "TARGET",
    "add_arguments",
    "build_parser",
    "default_venv_dir",
    "ensure_rlcard_venv",
    "format_table",
    "main",
    "repo_root",
    "run_bench",
    "run_from_args",
    "run_peer",
]

RLCARD_VERSION = "1.2.0"
#: unokit's fast core must be at least this many times faster than RLCard (games/s, 2p).
TARGET = 3
RULES = "UNO 1121"
DEFAULT_PLAYERS = (2, 4)
DEFAULT_GAMES = 2000
DEFAULT_WARMUP = 50
DEFAULT_REPEAT = 3
#: engine -> (peer script, extra arguments); "unokit" is the referee, "unokit-fast" the fast core
ENGINES = ("rlcard", "unokit", "unokit-fast")
_PEERS = {"rlcard": ("rlcard", []), "unokit": ("unokit", []), "unokit-fast": ("unokit", ["--core", "fast"])}
#: the key of each engine's results in run_bench()'s dict
RESULT_KEYS = {"rlcard": "rlcard", "unokit": "unokit", "unokit-fast": "unokit_fast"}
HEADLINE = "unokit-fast"

Log = Callable[[str], None]


class BenchError(RuntimeError):
    """The benchmark could not be run (venv build failed, a peer crashed...)."""


def _stderr_log(msg: str) -> None:
    print(f"unokit bench: {msg}", file=sys.stderr, flush=True)


def _quiet_log(msg: str) -> None:
    pass


# --------------------------------------------------------------------------
# Locations
# --------------------------------------------------------------------------

def repo_root() -> Path:
    """The repository root: the parent of the ``unokit`` package directory."""
    return Path(__file__).resolve().parent.parent


def _peer_script(engine: str) -> Path:
    path = repo_root() / "bench" / f"{engine}_peer.py"
    if not path.is_file():
        raise BenchError(
            f"benchmark peer {path} not found (unokit bench needs a source "
            "checkout: the bench/ directory next to the unokit package)")
    return path


def default_venv_dir() -> Path:
    """``<repo>/.bench/rlcard-venv``."""
    return repo_root() / ".bench" / "rlcard-venv"


def _venv_python(venv_dir: Path) -> Path:
    if os.name == "nt":
        return venv_dir / "Scripts" / "python.exe"
    return venv_dir / "bin" / "python"


# --------------------------------------------------------------------------
# Subprocess helpers
# --------------------------------------------------------------------------

def _run_to_stderr(cmd: list, *, env: Optional[dict] = None) -> int:
    """Run *cmd*, sending both its stdout and stderr to our stderr."""
    try:
        out_fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        out_fd = None
    if out_fd is not None:
        sys.stderr.flush()
        return subprocess.run(cmd, stdout=out_fd, stderr=out_fd, env=env).returncode
    # stderr replaced by a non-file object (e.g. under some test runners).
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=env, text=True)
    sys.stderr.write(proc.stdout)
    return proc.returncode


def _isolated_env() -> dict:
    """Environment for the RLCard venv: nothing from this project leaks in."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(var, None)
    env["PYTHONNOUSERSITE"] = "1"
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _unokit_env() -> dict:
    env = dict(os.environ)
    root = str(repo_root())
    old = env.get("PYTHONPATH")
    env["PYTHONPATH"] = root if not old else root + os.pathsep + old
    env["PYTHONHASHSEED"] = "0"
    return env


# --------------------------------------------------------------------------
# RLCard virtualenv
# --------------------------------------------------------------------------

_CHECK_SNIPPET = (
    "import json, platform, numpy, rlcard\n"
    "from importlib.metadata import version\n"
    "from rlcard.games.uno.game import UnoGame\n"
    "g = UnoGame(allow_step_back=False, num_players=2)\n"
    "g.configure({'game_num_players': 2})\n"
    "g.np_random = numpy.random.RandomState(0)\n"
    "g.init_game()\n"
    "assert g.get_legal_actions() and not g.is_over()\n"
    "print(json.dumps({'rlcard': version('rlcard'), 'numpy': numpy.__version__,"
    " 'python': platform.python_version()}))\n"
)


def _check_venv(py: Path) -> Optional[dict]:
    """Return versions if *py* can import and play RLCard UNO, else None."""
    if not py.exists():
        return None
    try:
        proc = subprocess.run([str(py), "-c", _CHECK_SNIPPET], capture_output=True,
                              text=True, env=_isolated_env(), timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def ensure_rlcard_venv(venv_dir: Optional[os.PathLike] = None, *,
                       log: Log = _stderr_log, reinstall: bool = False) -> Path:
    """Make sure a virtualenv with ``rlcard==1.2.0`` exists; return its python.

    Reuses *venv_dir* (default ``<repo>/.bench/rlcard-venv``) when it already
    imports RLCard 1.2.0 on the same Python version as this interpreter;
    otherwise (re)creates it with ``python -m venv`` from ``sys.executable``
    and installs ``rlcard==1.2.0`` (which pulls numpy and termcolor) with pip.
    pip's output goes to stderr.
    """
    venv = Path(venv_dir) if venv_dir is not None else default_venv_dir()
    venv = venv.resolve()
    py = _venv_python(venv)
    want_py = platform.python_version()

    if not reinstall:
        info = _check_venv(py)
        if info and info.get("rlcard") == RLCARD_VERSION and info.get("python") == want_py:
            log(f"reusing {venv} (rlcard {info['rlcard']}, numpy {info['numpy']}, "
                f"Python {info['python']})")
            return py
        if info:
            log(f"{venv} has rlcard {info.get('rlcard')} on Python {info.get('python')}; "
                f"want rlcard {RLCARD_VERSION} on Python {want_py}: rebuilding")

    if venv.exists():
        is_venv = (venv / "pyvenv.cfg").is_file()
        if not is_venv and any(venv.iterdir()):
            raise BenchError(f"{venv} exists and is not a virtualenv; "
                             "remove it or pass another --venv")
        log(f"removing stale {venv}")
        shutil.rmtree(venv)

    venv.parent.mkdir(parents=True, exist_ok=True)
    log(f"creating virtualenv {venv} with {sys.executable} (Python {want_py})")
    rc = _run_to_stderr([sys.executable, "-m", "venv", str(venv)])
    if rc != 0 or not py.exists():
        raise BenchError(f"'{sys.executable} -m venv {venv}' failed (exit {rc}); "
                         "is the venv/ensurepip module available?")

    log(f"installing rlcard=={RLCARD_VERSION} from PyPI into {venv}")
    rc = _run_to_stderr([str(py), "-m", "pip", "install", "--disable-pip-version-check",
                         "--no-input", f"rlcard=={RLCARD_VERSION}"], env=_isolated_env())
    if rc != 0:
        raise BenchError(f"pip install rlcard=={RLCARD_VERSION} failed (exit {rc})")

    info = _check_venv(py)
    if not info or info.get("rlcard") != RLCARD_VERSION:
        raise BenchError(f"rlcard {RLCARD_VERSION} installed in {venv} but does not "
                         "import/play; run the check by hand: "
                         f"{py} -c 'from rlcard.games.uno.game import UnoGame'")
    log(f"ready: rlcard {info['rlcard']}, numpy {info['numpy']}, Python {info['python']}")
    return py


# --------------------------------------------------------------------------
# Peers
# --------------------------------------------------------------------------

def run_peer(engine: str, players: int, *, games: int = DEFAULT_GAMES,
             seconds: Optional[float] = None, seed: int = 0,
             warmup: int = DEFAULT_WARMUP, python: Optional[os.PathLike] = None,
             log: Log = _stderr_log) -> dict:
    """Run one peer (``"unokit"``, ``"unokit-fast"`` or ``"rlcard"``) in its own process.

    *python* is the interpreter to use: default ``sys.executable`` for unokit;
    required for rlcard (the venv's python, see :func:`ensure_rlcard_venv`).
    Returns the peer's JSON result (games, actions, seconds, games_per_s,
    actions_per_s, peak_rss_mib, ...).
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    name, extra = _PEERS[engine]
    script = _peer_script(name)
    if engine != "rlcard":
        exe = str(python) if python is not None else sys.executable
        env = _unokit_env()
    else:
        if python is None:
            raise ValueError("run_peer('rlcard', ...) needs python= the RLCard venv's python")
        exe = str(python)
        env = _isolated_env()

    cmd = [exe, str(script), "--players", str(players), "--games", str(games),
           "--seed", str(seed), "--warmup", str(warmup)] + extra
    if seconds:
        cmd += ["--seconds", str(seconds)]
    budget = f"{seconds:g} s" if seconds else f"{games} games"
    log(f"{engine} {players}p: {budget} (+{warmup} warm-up) ...")
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=None, text=True,
                              env=env, cwd=str(repo_root()))
    except OSError as exc:
        raise BenchError(f"could not start {engine} peer: {exc}") from exc
    if proc.returncode != 0:
        raise BenchError(f"{engine} peer for {players} players failed "
                         f"(exit {proc.returncode}); see its stderr above")
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    try:
        result = json.loads(lines[-1])
    except (ValueError, IndexError) as exc:
        raise BenchError(f"{engine} peer printed no JSON result: {proc.stdout!r}") from exc
    if result.get("errors") or result.get("truncated"):
        log(f"warning: {engine} {players}p: {result.get('errors', 0)} games raised, "
            f"{result.get('truncated', 0)} hit the action cap (not counted as games)")
    if not result.get("games"):
        raise BenchError(f"{engine} peer for {players} players completed no games")
    log(f"{engine} {players}p: {result['games_per_s']:,.0f} games/s, "
        f"{result['actions_per_s']:,.0f} actions/s, peak {result['peak_rss_mib']:.1f} MiB")
    return result


# --------------------------------------------------------------------------
# Orchestration
# --------------------------------------------------------------------------

def _ratio(num: Optional[float], den: Optional[float]) -> Optional[float]:
    if not num or not den:
        return None
    return num / den


def run_bench(vs: Optional[str] = None, players: Iterable[int] = DEFAULT_PLAYERS,
              games: int = DEFAULT_GAMES, seconds: Optional[float] = None,
              seed: int = 0, warmup: int = DEFAULT_WARMUP,
              venv_dir: Optional[os.PathLike] = None, repeat: int = DEFAULT_REPEAT,
              log: Log = _stderr_log) -> dict:
    """Run the benchmark and return the result dict (what ``--json`` prints).

    ``vs=None`` times unokit's two cores (the referee and the fast core);
    ``vs="rlcard"`` first ensures the RLCard venv, then for every player count
    runs RLCard's peer, the referee's and the fast core's, one after the
    other, each in a fresh process.  With *seconds* each loop runs for that
    wall-clock budget instead of *games* games.  The whole set is run
    *repeat* times (engines alternating) and each (engine, player count)
    keeps its fastest run; ``runs_games_per_s`` lists them all.

    The headline ``ratio_vs_rlcard`` is the fast core's games/s over RLCard's
    at 2 players; ``ratio_vs_rlcard_referee`` is the referee's.
    """
    if vs not in (None, "rlcard"):
        raise BenchError(f"unsupported --vs {vs!r}; only 'rlcard' is supported")
    players = [int(p) for p in players]
    if not players or any(p < 2 for p in players):
        raise BenchError(f"--players must be integers >= 2, got {players}")
    if seconds is None and games < 1:
        raise BenchError("--games must be >= 1")
    if repeat < 1:
        raise BenchError("--repeat must be >= 1")

    rl_py = ensure_rlcard_venv(venv_dir, log=log) if vs == "rlcard" else None
    engines = (["rlcard"] if rl_py is not None else []) + ["unokit", "unokit-fast"]

    kw = dict(games=games, seconds=seconds, seed=seed, warmup=warmup, log=log)
    runs: dict = {e: {str(n): [] for n in players} for e in engines}
    for r in range(repeat):
        if repeat > 1:
            log(f"round {r + 1} of {repeat}")
        for n in players:
            for e in engines:
                runs[e][str(n)].append(run_peer(e, n, python=rl_py if e == "rlcard" else None, **kw))
    best: dict = {}
    for e in engines:
        best[e] = {}
        for k, lst in runs[e].items():
            top = dict(max(lst, key=lambda d: d["games_per_s"]))
            top["runs"] = len(lst)
            top["runs_games_per_s"] = [d["games_per_s"] for d in lst]
            best[e][k] = top

    result: dict = {}
    for e in engines:
        result[RESULT_KEYS[e]] = best[e]
    uno, fast = best["unokit"], best["unokit-fast"]
    if seconds is None:
        # same seeds, same policy: the fast core plays the referee's very games, action for action
        result["fast_same_games_as_referee"] = all(
            uno[k]["actions"] == fast[k]["actions"] and uno[k]["games"] == fast[k]["games"] for k in uno)
    result["ratio_fast_vs_referee"] = _ratio(fast.get("2", {}).get("games_per_s"),
                                             uno.get("2", {}).get("games_per_s"))
    if rl_py is not None:
        rl = best["rlcard"]

        def r(eng: dict, n: int, key: str) -> Optional[float]:
            k = str(n)
            if k not in rl or k not in eng:
                return None
            return _ratio(eng[k].get(key), rl[k].get(key))

        result["ratio_vs_rlcard"] = r(fast, 2, "games_per_s")
        result["ratio_vs_rlcard_4p"] = r(fast, 4, "games_per_s")
        result["ratio_vs_rlcard_referee"] = r(uno, 2, "games_per_s")
        result["ratio_vs_rlcard_referee_4p"] = r(uno, 4, "games_per_s")
        result["ratio_actions_vs_rlcard"] = r(fast, 2, "actions_per_s")
        result["ratio_actions_vs_rlcard_4p"] = r(fast, 4, "actions_per_s")
        result["ratio_actions_vs_rlcard_referee"] = r(uno, 2, "actions_per_s")
        result["ratios"] = {
            str(n): {"games_per_s": r(fast, n, "games_per_s"),
                     "actions_per_s": r(fast, n, "actions_per_s"),
                     "referee_games_per_s": r(uno, n, "games_per_s"),
                     "referee_actions_per_s": r(uno, n, "actions_per_s")}
            for n in players
        }
        result["headline_engine"] = HEADLINE
        result["target"] = TARGET
        headline = result["ratio_vs_rlcard"]
        result["meets_target"] = headline is not None and headline >= TARGET
        result["rlcard_version"] = RLCARD_VERSION
        pyvers = {v.get("python") for e in engines for v in best[e].values()}
        if len(pyvers) > 1:
            log(f"warning: peers ran on different Python versions {sorted(pyvers)}")
    result["rules"] = RULES
    result["seed"] = seed
    result["mode"] = "seconds" if seconds else "games"
    result["repeat"] = repeat
    result["python"] = platform.python_version()
    result["implementation"] = platform.python_implementation()
    result["platform"] = platform.platform()
    return result


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

def format_table(result: dict) -> str:
    """Human-readable table for a :func:`run_bench` result."""
    cols = ["engine", "players", "games", "actions", "seconds", "games/s",
            "actions/s", "us/action", "actions/game", "peak MiB"]
    rows = []
    keys = sorted({int(k) for e in ENGINES for k in result.get(RESULT_KEYS[e], {})})
    for n in keys:
        for engine in ENGINES:
            d = result.get(RESULT_KEYS[engine], {}).get(str(n))
            if not d:
                continue
            rows.append([
                engine, str(n), f"{d['games']:,}", f"{d['actions']:,}",
                f"{d['seconds']:.2f}", f"{d['games_per_s']:,.0f}",
                f"{d['actions_per_s']:,.0f}",
                f"{d['us_per_action']:.2f}" if d.get("us_per_action") else "-",
                f"{d['actions_per_game']:.1f}", f"{d['peak_rss_mib']:.1f}",
            ])
    widths = [max(len(c), *(len(r[i]) for r in rows)) if rows else len(c)
              for i, c in enumerate(cols)]
    lines = []
    head = "  ".join(c.ljust(w) if i < 1 else c.rjust(w)
                     for i, (c, w) in enumerate(zip(cols, widths)))
    lines.append(head)
    lines.append("-" * len(head))
    for r in rows:
        lines.append("  ".join(v.ljust(w) if i < 1 else v.rjust(w)
                               for i, (v, w) in enumerate(zip(r, widths))))
    lines.append("")
    lines.append(f"Python {result.get('python')} ({result.get('implementation')}), "
                 f"unokit rules {result.get('rules')!r}, seed {result.get('seed')}")
    lines.append("unokit = the referee (unokit.Game); unokit-fast = the fast core "
                 "(unokit.fast.FastGame, official rules only)")
    if result.get("repeat", 1) > 1:
        lines.append(f"best of {result['repeat']} runs per engine and player count "
                     "(engines alternating)")
    same = result.get("fast_same_games_as_referee")
    if same is not None:
        lines.append("fast core and referee played the same games, action for action: "
                     + ("yes" if same else "NO"))
    fr = result.get("ratio_fast_vs_referee")
    if fr is not None:
        lines.append(f"fast core vs referee, 2 players: {fr:.2f}x games/s")
    if "rlcard" in result:
        lines.append(f"RLCard {result.get('rlcard_version')} raw UnoGame loop, "
                     "random vs random")

        def x(v):
            return f"{v:.2f}x" if v is not None else "n/a"

        for n, rr in result.get("ratios", {}).items():
            lines.append(f"unokit-fast vs RLCard, {n} players: {x(rr.get('games_per_s'))} games/s, "
                         f"{x(rr.get('actions_per_s'))} actions/s")
            lines.append(f"unokit (referee) vs RLCard, {n} players: "
                         f"{x(rr.get('referee_games_per_s'))} games/s, "
                         f"{x(rr.get('referee_actions_per_s'))} actions/s")
        head_r = result.get("ratio_vs_rlcard")
        verdict = "MET" if result.get("meets_target") else "NOT met"
        hr = f"{head_r:.2f}x" if head_r is not None else "n/a (no 2-player run)"
        lines.append(f"target: >= {result.get('target')}x games/s at 2 players (unokit-fast): "
                     f"{hr} -> {verdict}  (referee: {x(result.get('ratio_vs_rlcard_referee'))})")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``unokit bench`` options to *parser* (e.g. a subcommand parser)."""
    parser.add_argument("--vs", choices=["rlcard"], default=None,
                        help="also time RLCard 1.2.0 (builds .bench/rlcard-venv "
                             "on first use) and report unokit/RLCard ratios")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object on stdout instead of a table")
    parser.add_argument("--players", type=int, nargs="+", default=list(DEFAULT_PLAYERS),
                        metavar="N", help="player counts to time (default: 2 4)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"timed games per engine and player count "
                             f"(default {DEFAULT_GAMES})")
    parser.add_argument("--seconds", type=float, default=None,
                        help="wall-clock budget per engine and player count "
                             "instead of --games")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--warmup", type=int, default=DEFAULT_WARMUP,
                        help=f"untimed warm-up games per run (default {DEFAULT_WARMUP})")
    parser.add_argument("--repeat", type=int, default=DEFAULT_REPEAT,
                        help=f"run every loop this many times, engines alternating, and keep "
                             f"the fastest run of each (default {DEFAULT_REPEAT})")
    parser.add_argument("--venv", type=Path, default=None,
                        help="RLCard virtualenv location (default <repo>/.bench/rlcard-venv)")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress messages on stderr")
    return parser


def build_parser(prog: str = "unokit bench") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Time unokit's referee and its fast core (random vs random, "
                    "UNO 1121, strict), optionally against RLCard's UNO game loop.")
    return add_arguments(parser)


def run_from_args(args: argparse.Namespace) -> int:
    """Run with parsed arguments (from :func:`add_arguments`); return exit code."""
    log = _quiet_log if getattr(args, "quiet", False) else _stderr_log
    if args.seconds is not None and args.seconds <= 0:
        print("unokit bench: --seconds must be > 0", file=sys.stderr)
        return 2
    try:
        result = run_bench(vs=args.vs, players=args.players, games=args.games,
                           seconds=args.seconds, seed=args.seed, warmup=args.warmup,
                           venv_dir=args.venv, repeat=args.repeat, log=log)
    except BenchError as exc:
        print(f"unokit bench: error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
    else:
        sys.stdout.write(format_table(result) + "\n")
    sys.stdout.flush()
    return 0


def main(argv: Optional[list] = None) -> int:
    """Entry point: ``main(["--vs", "rlcard", "--json"])``.

    *argv* are the arguments after ``bench`` (a leading ``"bench"`` is
    tolerated); ``None`` means ``sys.argv[1:]``.
    """
    if argv is None:
        argv = sys.argv[1:]
    argv = list(argv)
    if argv and argv[0] == "bench":
        argv = argv[1:]
    return run_from_args(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
