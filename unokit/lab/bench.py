"""``unokit bench``: the speed of unokit's referee and fast core, optionally against RLCard.

What is timed (random against random, whole games; see ``bench/README.md``):

``rlcard``        RLCard 1.2.0's raw game loop as its users run it: one ``UnoGame``, its
                  ``numpy`` generator seeded once per run, ``game.step(choice(game.get_legal_actions()))``
                  until ``game.is_over()`` (``step`` builds the next state dict: part of the cost);
``rlcard-rules``  RLCard's bare rules: its ``UnoRound``'s ``get_legal_actions`` and
                  ``proceed_round`` only, no state dicts (the same games as ``rlcard``);
``unokit``        the referee, ``unokit.Game``, ``UNO 1121`` strict;
``unokit-fast``   the fast core, ``unokit.fast.FastGame`` (the same games as the referee).

All engines run in ONE process (``bench/run.py``; with ``--vs rlcard`` it runs on the Python of
the RLCard virtualenv ``.bench/rlcard-venv``, with unokit's source tree on ``sys.path``),
INTERLEAVED: in each round every engine plays a block of ``games`` games per player count, the
engines' order rotated by one each round.  Each block is timed in CPU time
(``time.process_time``).  The report gives, over the rounds, the MEDIAN with the interquartile
range and the min-max of µs per game, µs per action and of the ratios, which are paired: the
ratio of two engines in one round, then the median of those ratios.  Nothing is "best of N".

Ratios are "times faster" (the baseline's time over the engine's time, > 1 means unokit is
faster), per game and per action, against both RLCard baselines.  The target: the referee's
games/s at least RLCard's raw game loop's at 2 players (``TARGET`` = 1.0).

Everything except the final report goes to stderr, so ``--json`` output on stdout is always a
single clean JSON document.  Bad arguments print one line on stderr and exit with status 2; a
benchmark that cannot run (the virtualenv cannot be built, the driver fails) exits with 1.

Public API::

    main(argv=None) -> int
    build_parser(prog="unokit bench") -> argparse.ArgumentParser
    run_bench(vs=None, players=(2, 4), games=200, rounds=11, seed=0, warmup=20,
              venv_dir=None, log=...) -> dict
    run_driver(python, players, games, rounds, seed, warmup, rlcard, log=...) -> dict
    summarize(values) -> dict          # median, q1, q3, min, max, n
    analyze(raw) -> dict               # raw driver output -> the report dict
    format_table(result) -> str
    ensure_rlcard_venv(venv_dir=None, *, log=..., reinstall=False) -> Path
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

__all__ = [
    "BenchError",
    "ENGINES",
    "RATIOS",
    "RLCARD_VERSION",
    "TARGET",
    "analyze",
    "build_parser",
    "default_venv_dir",
    "ensure_rlcard_venv",
    "plot_result",
    "format_table",
    "main",
    "repo_root",
    "run_bench",
    "run_driver",
    "run_from_args",
    "summarize",
]

RLCARD_VERSION = "1.2.0"
#: the referee must play at least this many times RLCard's raw game loop's games/s (2 players)
TARGET = 1.0
RULES = "UNO 1121"
MIN_PLAYERS, MAX_PLAYERS = 2, 10
DEFAULT_PLAYERS = (2, 4)
DEFAULT_GAMES = 200
DEFAULT_ROUNDS = 11
DEFAULT_WARMUP = 20
#: bounds of the integer options (an absurd value is refused at once, never run)
LIMITS = {"games": (1, 100_000), "rounds": (1, 1_000), "warmup": (0, 100_000),
          "seed": (0, 2 ** 32 - 1)}
#: at most this many timed games per engine and player count (rounds x games)
MAX_TOTAL_GAMES = 200_000

ENGINES = ("rlcard", "rlcard-rules", "unokit", "unokit-full", "unokit-fast", "unokit-compiled", "unokit-sim")
#: ``unokit sim --bots random-play`` (the compiled core) must play at least this many times RLCard's raw game
#: loop's games/s at 2 players, start-up included
SIM_TARGET = 50.0
SIM_HANDS = 1_000_000
DESCRIPTIONS = {
    "rlcard": "RLCard 1.2.0 raw game loop: UnoGame.step(choice(get_legal_actions())), "
              "numpy RandomState seeded once per run; step() builds the next state dict",
    "rlcard-rules": "RLCard 1.2.0 bare rules: UnoRound.get_legal_actions / proceed_round "
                    "only, no state dicts; seeded once per run; the same games as rlcard",
    "unokit": "unokit's referee, unokit.Game, UNO 1121 strict, Game.new(seed) per game (its default: "
              "the moves answered by the fast core until the game's full state is asked for)",
    "unokit-full": "the same with Game.new(seed, core='referee'): every move through the full referee",
    "unokit-fast": "unokit's fast core, unokit.fast.FastGame(players, seed) per game; "
                   "the same games as the referee",
    "unokit-compiled": "unokit's compiled core (unokit.fast.compiled.play), whole blocks of games in C, "
                       "the benchmark's agent, referee chance (the referee's deals)",
    "unokit-sim": "unokit sim --bots random-play as a call: unokit.lab.sim.simulate on the compiled core "
                  "(fast chance), the summary included",
}
#: ratio name -> (engine, baseline); a ratio is baseline time / engine time (> 1: engine faster)
RATIOS = {
    "referee_vs_rlcard": ("unokit", "rlcard"),
    "referee_vs_rlcard_rules": ("unokit", "rlcard-rules"),
    "fast_vs_rlcard": ("unokit-fast", "rlcard"),
    "fast_vs_rlcard_rules": ("unokit-fast", "rlcard-rules"),
    "fast_vs_referee": ("unokit-fast", "unokit"),
    "full_referee_vs_rlcard": ("unokit-full", "rlcard"),
    "full_referee_vs_rlcard_rules": ("unokit-full", "rlcard-rules"),
    "compiled_vs_rlcard": ("unokit-compiled", "rlcard"),
    "sim_vs_rlcard": ("unokit-sim", "rlcard"),
    "compiled_vs_fast": ("unokit-compiled", "unokit-fast"),
}
HEADLINE = "referee_vs_rlcard"

Log = Callable[[str], None]


class BenchError(RuntimeError):
    """The benchmark could not be run (venv build failed, the driver crashed...)."""


def _stderr_log(msg: str) -> None:
    print(f"unokit bench: {msg}", file=sys.stderr, flush=True)


def _quiet_log(msg: str) -> None:
    pass


# --------------------------------------------------------------------------
# Locations
# --------------------------------------------------------------------------

def repo_root() -> Path:
    """The repository root: the parent of the ``unokit`` package directory."""
    return Path(__file__).resolve().parents[2]


def _driver_script() -> Path:
    path = repo_root() / "bench" / "run.py"
    if not path.is_file():
        raise BenchError(
            f"benchmark driver {path} not found (unokit bench needs a source "
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

def _run_to_stderr(cmd: list, *, env: dict | None = None) -> int:
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
    """Environment for the driver: nothing from this environment's Python setup leaks in."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(var, None)
    env["PYTHONNOUSERSITE"] = "1"
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


# --------------------------------------------------------------------------
# RLCard virtualenv
# --------------------------------------------------------------------------

_CHECK_SNIPPET = (
    "import json, platform, sys\n"
    "out = {'python': platform.python_version()}\n"
    "try:\n"
    "    import numpy, rlcard\n"
    "    from importlib.metadata import version\n"
    "    from rlcard.games.uno.game import UnoGame\n"
    "    g = UnoGame(allow_step_back=False, num_players=2)\n"
    "    g.configure({'game_num_players': 2})\n"
    "    g.np_random = numpy.random.RandomState(0)\n"
    "    g.init_game()\n"
    "    assert g.get_legal_actions() and not g.is_over()\n"
    "    out.update(rlcard=version('rlcard'), numpy=numpy.__version__)\n"
    "except Exception as exc:\n"
    "    out['rlcard_error'] = repr(exc)\n"
    "sys.path.insert(0, sys.argv[1])\n"
    "try:\n"
    "    import unokit, unokit.fast\n"
    "    out['unokit'] = 'ok'\n"
    "except ModuleNotFoundError as exc:\n"
    "    out['unokit'] = 'missing ' + str(exc.name)\n"
    "except Exception as exc:\n"
    "    out['unokit'] = 'error ' + repr(exc)\n"
    "print(json.dumps(out))\n"
)


def _check_venv(py: Path) -> dict | None:
    """What *py* can do: versions of RLCard and numpy, whether unokit imports; None if it fails."""
    if not py.exists():
        return None
    try:
        proc = subprocess.run([str(py), "-c", _CHECK_SNIPPET, str(repo_root())],
                              capture_output=True, text=True, env=_isolated_env(), timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def _project_dependencies() -> list:
    """unokit's runtime dependencies as ``pyproject.toml`` lists them."""
    try:
        import tomllib
        with open(repo_root() / "pyproject.toml", "rb") as fh:
            return list(tomllib.load(fh)["project"].get("dependencies", []))
    except (OSError, KeyError, ValueError, ImportError):
        return []


def _ensure_unokit_imports(py: Path, info: dict, log: Log) -> dict:
    """The driver imports unokit from its source tree in the RLCard venv: make sure it can."""
    if info.get("unokit") == "ok":
        return info
    deps = _project_dependencies()
    log(f"unokit does not import in the RLCard venv ({info.get('unokit')}); "
        f"installing its dependencies there: {' '.join(deps) or '(none listed)'}")
    if deps:
        rc = _run_to_stderr([str(py), "-m", "pip", "install", "--disable-pip-version-check",
                             "--no-input", *deps], env=_isolated_env())
        if rc != 0:
            raise BenchError(f"pip install {' '.join(deps)} into the RLCard venv failed (exit {rc})")
    info = _check_venv(py) or {}
    if info.get("unokit") != "ok":
        raise BenchError(f"unokit does not import with {py}: {info.get('unokit')}")
    return info


def ensure_rlcard_venv(venv_dir: os.PathLike | None = None, *,
                       log: Log = _stderr_log, reinstall: bool = False) -> Path:
    """Make sure a virtualenv with ``rlcard==1.2.0`` exists; return its python.

    Reuses *venv_dir* (default ``<repo>/.bench/rlcard-venv``) when it already
    imports RLCard 1.2.0 on the same Python version as this interpreter;
    otherwise (re)creates it with ``python -m venv`` from ``sys.executable``
    and installs ``rlcard==1.2.0`` (which pulls numpy and termcolor) with pip.
    The benchmark driver also imports unokit (from the source tree) there; if
    that needs a module the venv lacks, unokit's dependencies are installed.
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
            _ensure_unokit_imports(py, info, log)
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
    _ensure_unokit_imports(py, info, log)
    log(f"ready: rlcard {info['rlcard']}, numpy {info['numpy']}, Python {info['python']}")
    return py


# --------------------------------------------------------------------------
# Running the driver
# --------------------------------------------------------------------------

def run_driver(python: os.PathLike, players: Sequence[int], games: int, rounds: int,
               seed: int, warmup: int, rlcard: bool, *, log: Log = _stderr_log) -> dict:
    """Run ``bench/run.py`` (one process, every engine) with *python*; return its raw JSON."""
    cmd = [str(python), str(_driver_script()), "--players", *map(str, players),
           "--games", str(games), "--rounds", str(rounds), "--seed", str(seed),
           "--warmup", str(warmup)]
    if rlcard:
        cmd.append("--rlcard")
    if log is _quiet_log:
        cmd.append("--quiet")
    log(f"one process ({python}): {rounds} rounds x {games} games per engine and player "
        f"count, players {' '.join(map(str, players))}, after {warmup} warm-up games")
    try:
        env = _isolated_env()
        env.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's idle BLAS threads: none wanted
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=None, text=True,
                              env=env, cwd=str(repo_root()))
    except OSError as exc:
        raise BenchError(f"could not start the benchmark driver: {exc}") from exc
    if proc.returncode != 0:
        raise BenchError(f"the benchmark driver failed (exit {proc.returncode}); "
                         "see its stderr above")
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    try:
        return json.loads(lines[-1])
    except (ValueError, IndexError) as exc:
        raise BenchError(f"the benchmark driver printed no JSON result: {proc.stdout!r}") from exc


# --------------------------------------------------------------------------
# Statistics
# --------------------------------------------------------------------------

def summarize(values: Iterable[float]) -> dict:
    """Median, quartiles (inclusive method), min, max and count of *values* (None if empty)."""
    xs = sorted(float(v) for v in values)
    if not xs:
        return {"median": None, "q1": None, "q3": None, "min": None, "max": None, "n": 0}
    if len(xs) == 1:
        q1 = q3 = xs[0]
    else:
        q1, _, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return {"median": statistics.median(xs), "q1": q1, "q3": q3,
            "min": xs[0], "max": xs[-1], "n": len(xs)}


def _per_block(s: dict) -> dict | None:
    """The rates of one timed block (None when it finished no game or took no time)."""
    if s["games"] <= 0 or s["actions"] <= 0 or s["cpu_s"] <= 0:
        return None
    return {"us_per_game": 1e6 * s["cpu_s"] / s["games"],
            "us_per_action": 1e6 * s["cpu_s"] / s["actions"],
            "games_per_s": s["games"] / s["cpu_s"],
            "actions_per_s": s["actions"] / s["cpu_s"],
            "actions_per_game": s["actions"] / s["games"],
            "wall_us_per_game": 1e6 * s["wall_s"] / s["games"]}


def analyze(raw: dict) -> dict:
    """Turn the driver's raw samples into the report: per-engine summaries, paired ratios."""
    samples = raw.get("samples", [])
    engines = [e for e in ENGINES if e in raw.get("engines", [])]
    players = [int(n) for n in raw.get("players", [])]
    by = {}  # (engine, players, round) -> sample
    for s in samples:
        by[s["engine"], int(s["players"]), int(s["round"])] = s
    rounds = sorted({int(s["round"]) for s in samples})

    results: dict = {}
    for n in players:
        results[str(n)] = {}
        for e in engines:
            mine = [by[e, n, r] for r in rounds if (e, n, r) in by]
            rates = [x for x in (_per_block(s) for s in mine) if x is not None]
            entry: dict[str, object] = {key: summarize(x[key] for x in rates)
                                        for key in ("us_per_game", "us_per_action", "games_per_s", "actions_per_s",
                                                    "actions_per_game", "wall_us_per_game")}
            entry.update({
                "rounds": len(rates),
                "games": sum(s["games"] for s in mine),
                "actions": sum(s["actions"] for s in mine),
                "errors": sum(s.get("errors", 0) for s in mine),
                "truncated": sum(s.get("truncated", 0) for s in mine),
                "cpu_s": sum(s["cpu_s"] for s in mine),
                "description": DESCRIPTIONS.get(e, e),
            })
            results[str(n)][e] = entry

    ratios: dict = {}
    for n in players:
        ratios[str(n)] = {}
        for name, (eng, base) in RATIOS.items():
            if eng not in engines or base not in engines:
                continue
            per_game, per_action = [], []
            for r in rounds:
                a, b = by.get((eng, n, r)), by.get((base, n, r))
                ra, rb = (_per_block(a) if a else None), (_per_block(b) if b else None)
                if ra is None or rb is None:
                    continue
                per_game.append(rb["us_per_game"] / ra["us_per_game"])
                per_action.append(rb["us_per_action"] / ra["us_per_action"])
            ratios[str(n)][name] = {"engine": eng, "baseline": base,
                                    "per_game": summarize(per_game),
                                    "per_action": summarize(per_action)}

    def same_games(a: str, b: str) -> bool | None:
        if a not in engines or b not in engines:
            return None
        return all(by.get((a, n, r), {}).get("digest") == by.get((b, n, r), {}).get("digest")
                   and (a, n, r) in by for n in players for r in rounds)

    result = {
        "schema": 2,
        "rules": RULES,
        "clock": "time.process_time (CPU time of the one benchmark process), per block",
        "statistic": "median over rounds, with q1-q3 (IQR) and min-max; ratios are paired per round "
                     "(baseline time / engine time, > 1 = the engine is faster)",
        "design": "all engines in one process, interleaved: each round, per player count, a block "
                  "of games_per_block games per engine, engine order rotated by one each round; "
                  "untimed gc.collect() before each block; warm-up games first",
        "engines": engines,
        "players": players,
        "rounds": len(rounds),
        "games_per_block": raw.get("games_per_block"),
        "warmup_games": raw.get("warmup_games"),
        "seed": raw.get("seed"),
        "results": results,
        "ratios": ratios,
        "fast_same_games_as_referee": same_games("unokit", "unokit-fast"),
        "full_same_games_as_referee": same_games("unokit", "unokit-full"),
        "rlcard_rules_same_games_as_rlcard": same_games("rlcard", "rlcard-rules"),
    }
    if "rlcard" in engines:
        head = ratios.get("2", {}).get(HEADLINE, {}).get("per_game", {}).get("median")
        result["target"] = {
            "what": "the referee's games/s over RLCard's raw game loop's at 2 players "
                    "(median of the paired per-round ratios)",
            "ratio": HEADLINE, "value": TARGET, "measured": head,
            "met": head is not None and head >= TARGET,
        }
    for key in ("python", "implementation", "platform", "executable", "rlcard_version",
                "numpy_version", "peak_rss_mib", "gc_enabled", "max_actions"):
        if key in raw:
            result[key] = raw[key]
    result["samples"] = samples
    return result


# --------------------------------------------------------------------------
# Orchestration
# --------------------------------------------------------------------------

def _check_options(players: Sequence[int], games: int, rounds: int, seed: int, warmup: int) -> None:
    for p in players:
        if not MIN_PLAYERS <= p <= MAX_PLAYERS:
            raise BenchError(f"--players: {p} is not in {MIN_PLAYERS}..{MAX_PLAYERS}")
    for name, value in (("games", games), ("rounds", rounds), ("seed", seed), ("warmup", warmup)):
        lo, hi = LIMITS[name]
        if not lo <= value <= hi:
            raise BenchError(f"--{name}: {value} is not in {lo}..{hi:,}")
    if games * rounds > MAX_TOTAL_GAMES:
        raise BenchError(f"--rounds {rounds} x --games {games} = {games * rounds:,} timed games per "
                         f"engine and player count; at most {MAX_TOTAL_GAMES:,}")


def run_sim_command(hands: int = SIM_HANDS, runs: int = 3, players: int = 2, log: Log = _stderr_log) -> dict:
    """Time the whole command ``unokit sim --hands HANDS --players 2 --bots random-play`` (start-up,
    imports and summary included) ``runs`` times in child processes: CPU time (user + system) of each."""
    import json as _json
    import subprocess
    cmd = [sys.executable, "-m", "unokit.cli", "sim", "--hands", str(hands), "--players", str(players),
           "--bots", "random-play", "--json", "--no-progress"]
    cpu, wall, engine = [], [], None
    for i in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=str(repo_root()))
        w = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if out.returncode != 0:
            raise BenchError(f"unokit sim failed: {out.stderr.strip().splitlines()[-1:]}")
        engine = _json.loads(out.stdout).get("engine")
        cpu.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        wall.append(w)
        log(f"unokit sim --hands {hands:,} run {i + 1}/{runs}: {cpu[-1]:.2f} s CPU, {w:.2f} s wall ({engine})")
    return {"command": " ".join(["unokit"] + cmd[3:]), "hands": hands, "players": players, "engine": engine,
            "cpu_s": summarize(cpu), "wall_s": summarize(wall),
            "games_per_s": summarize(hands / c for c in cpu)}


def sim_target(result: dict) -> dict | None:
    """The sim command's games/s over RLCard's raw loop's (2 players), each run against RLCard's
    per-round rates: median [min-max]."""
    sim = result.get("sim_command")
    rl = result.get("results", {}).get("2", {}).get("rlcard")
    if not sim or not rl:
        return None
    rates = [result_rate for result_rate in (sim["games_per_s"]["min"], sim["games_per_s"]["median"],
                                             sim["games_per_s"]["max"])]
    rlg = rl["games_per_s"]
    ratio = {"median": rates[1] / rlg["median"], "min": rates[0] / rlg["max"], "max": rates[2] / rlg["min"]}
    return {"what": "unokit sim --hands N --players 2 --bots random-play, start-up included, games/s (CPU) "
                    "over RLCard's raw game loop's games/s at 2 players in the same run",
            "value": SIM_TARGET, "measured": ratio["median"], "spread": ratio, "met": ratio["median"] >= SIM_TARGET}


def run_bench(vs: str | None = None, players: Iterable[int] = DEFAULT_PLAYERS,
              games: int = DEFAULT_GAMES, rounds: int = DEFAULT_ROUNDS, seed: int = 0,
              warmup: int = DEFAULT_WARMUP, venv_dir: os.PathLike | None = None,
              log: Log = _stderr_log, sim_hands: int = SIM_HANDS, sim_runs: int = 3) -> dict:
    """Run the benchmark and return the report dict (what ``--json`` prints).

    ``vs=None`` times unokit's two cores; ``vs="rlcard"`` first ensures the RLCard venv and
    adds RLCard's game loop and its bare rules.  Every engine runs in one process, interleaved
    in *rounds* rounds of *games* games per engine and player count (see the module doc).
    """
    if vs not in (None, "rlcard"):
        raise BenchError(f"unsupported --vs {vs!r}; only 'rlcard' is supported")
    players = list(dict.fromkeys(int(p) for p in players))
    if not players:
        raise BenchError("--players: give at least one player count")
    _check_options(players, games, rounds, seed, warmup)
    python = ensure_rlcard_venv(venv_dir, log=log) if vs == "rlcard" else Path(sys.executable)
    raw = run_driver(python, players, games, rounds, seed, warmup, vs == "rlcard", log=log)
    result = analyze(raw)
    for n, per in result["results"].items():
        for e, d in per.items():
            if d["errors"] or d["truncated"]:
                log(f"warning: {e} {n}p: {d['errors']} games raised, {d['truncated']} hit the "
                    "action cap (not counted as games; their time is in the blocks)")
            if not d["games"]:
                raise BenchError(f"{e} completed no games at {n} players")
    if result.get("fast_same_games_as_referee") is False:
        log("warning: the fast core and the referee did NOT play the same games")
    if vs == "rlcard" and sim_hands and sim_runs:
        result["sim_command"] = run_sim_command(sim_hands, sim_runs, log=log)
        result["sim_target"] = sim_target(result)
    return result


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

def _fmt(v: float | None, spec: str) -> str:
    return "-" if v is None else format(v, spec)


def _spread(s: dict, spec: str) -> str:
    """``median [min-max]``."""
    if not s or s.get("median") is None:
        return "n/a"
    return f"{_fmt(s['median'], spec)} [{_fmt(s['min'], spec)}-{_fmt(s['max'], spec)}]"


def _table(cols: list, rows: list, left: int = 1) -> list:
    widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols)]

    def line(vals):
        return "  ".join(v.ljust(w) if i < left else v.rjust(w)
                         for i, (v, w) in enumerate(zip(vals, widths)))
    head = line(cols)
    return [head, "-" * len(head)] + [line(r) for r in rows]


def format_table(result: dict) -> str:
    """Human-readable report for a :func:`run_bench` / :func:`analyze` result."""
    lines = []
    rounds = result.get("rounds")
    lines.append(f"unokit bench: {result.get('rules')} random vs random; CPU time "
                 f"(process_time); {rounds} round{'' if rounds == 1 else 's'} of "
                 f"{result.get('games_per_block')} games per "
                 "engine and player count, engines interleaved in one process; "
                 "median [min-max] over rounds")
    lines.append("")
    cols = ["engine", "players", "us/game", "us/action", "games/s", "actions/s",
            "actions/game", "games"]
    rows = []
    for n, per in result.get("results", {}).items():
        for e in ENGINES:
            d = per.get(e)
            if not d:
                continue
            rows.append([e, n, _spread(d["us_per_game"], ".0f"), _spread(d["us_per_action"], ".2f"),
                         _fmt(d["games_per_s"]["median"], ",.0f"),
                         _fmt(d["actions_per_s"]["median"], ",.0f"),
                         _fmt(d["actions_per_game"]["median"], ".1f"), f"{d['games']:,}"])
    lines += _table(cols, rows, left=1)
    lines.append("")
    cols = ["times faster (paired per round)", "players", "per game", "per action"]
    rows = []
    labels = {"referee_vs_rlcard": "referee vs RLCard loop",
              "referee_vs_rlcard_rules": "referee vs RLCard bare rules",
              "fast_vs_rlcard": "fast core vs RLCard loop",
              "fast_vs_rlcard_rules": "fast core vs RLCard bare rules",
              "fast_vs_referee": "fast core vs referee",
              "full_referee_vs_rlcard": "full referee vs RLCard loop",
              "full_referee_vs_rlcard_rules": "full referee vs RLCard bare rules",
              "compiled_vs_rlcard": "compiled core vs RLCard loop",
              "sim_vs_rlcard": "unokit sim (compiled) vs RLCard loop",
              "compiled_vs_fast": "compiled core vs fast core"}
    for name in RATIOS:
        for n, rr in result.get("ratios", {}).items():
            if name in rr:
                rows.append([labels[name], n, _spread(rr[name]["per_game"], ".2f") + "x",
                             _spread(rr[name]["per_action"], ".2f") + "x"])
    lines += _table(cols, rows, left=1)
    lines.append("")
    if "rlcard" in result.get("engines", []):
        lines.append("rlcard = RLCard's raw game loop (step + get_legal_actions, state dicts "
                     "built, seeded once); rlcard-rules = its round only, no state dicts")
    lines.append("unokit = the referee (unokit.Game, Game.new's default: moves on the fast core until its full "
                 "state is asked for); unokit-full = the referee with core='referee' (every move through it); "
                 "unokit-fast = the fast core (unokit.fast.FastGame, official rules only); unokit-compiled = the "
                 "compiled core, whole games in C (bench agent); unokit-sim = unokit sim --bots random-play on it")
    for key, text in (("fast_same_games_as_referee", "fast core and referee played the same games"),
                      ("full_same_games_as_referee", "the full referee and the default played the same games"),
                      ("rlcard_rules_same_games_as_rlcard",
                       "RLCard's bare rules and its game loop played the same games")):
        if result.get(key) is not None:
            lines.append(f"{text}: {'yes' if result[key] else 'NO'}")
    vers = [f"Python {result.get('python')} ({result.get('implementation')})"]
    if result.get("rlcard_version"):
        vers.append(f"RLCard {result['rlcard_version']}, numpy {result.get('numpy_version')}")
    lines.append(", ".join(vers) + f", seed {result.get('seed')}")
    t = result.get("target")
    if t:
        m = t.get("measured")
        lines.append(f"target: referee >= {t['value']:.1f}x RLCard's raw game loop, games/s at 2 "
                     f"players: {_fmt(m, '.2f')}x -> {'MET' if t.get('met') else 'NOT met'}")
    sc, st = result.get("sim_command"), result.get("sim_target")
    if sc:
        lines.append(f"whole command `{sc['command']}` ({sc['engine']}): {_spread(sc['cpu_s'], '.2f')} s CPU, "
                     f"{_spread(sc['wall_s'], '.2f')} s wall, {_fmt(sc['games_per_s']['median'], ',.0f')} games/s")
    if st:
        sp = st["spread"]
        lines.append(f"target: unokit sim >= {st['value']:.0f}x RLCard's raw game loop, games/s at 2 players, "
                     f"start-up included: {st['measured']:.1f}x [{sp['min']:.1f}-{sp['max']:.1f}] -> "
                     f"{'MET' if st['met'] else 'NOT met'}")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error: ``unokit bench: error: ...``, exit status 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _bounded_int(lo: int, hi: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if not lo <= value <= hi:
            shown = text if len(text) <= 24 else text[:20] + "..."
            raise argparse.ArgumentTypeError(f"{shown} is not in {lo}..{hi:,}")
        return value
    parse.__name__ = "integer"
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``unokit bench`` options to *parser*."""
    parser.add_argument("--vs", choices=["rlcard"], default=None,
                        help="also time RLCard 1.2.0, its game loop and its bare rules "
                             "(builds .bench/rlcard-venv on first use), and report ratios")
    parser.add_argument("--plot", type=Path, default=None, metavar="PNG",
                        help="also draw games/s per engine (log scale, median and min-max over rounds) into PNG")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object on stdout (every number) instead of tables")
    parser.add_argument("--players", type=_bounded_int(MIN_PLAYERS, MAX_PLAYERS), nargs="+",
                        default=list(DEFAULT_PLAYERS), metavar="N",
                        help=f"player counts, {MIN_PLAYERS} to {MAX_PLAYERS} (default: 2 4)")
    parser.add_argument("--games", type=_bounded_int(*LIMITS["games"]), default=DEFAULT_GAMES,
                        help=f"games per engine in each block (default {DEFAULT_GAMES})")
    parser.add_argument("--rounds", type=_bounded_int(*LIMITS["rounds"]), default=DEFAULT_ROUNDS,
                        help=f"interleaved rounds; the report gives medians over them "
                             f"(default {DEFAULT_ROUNDS})")
    parser.add_argument("--seed", type=_bounded_int(*LIMITS["seed"]), default=0,
                        help="base seed, 0 to 2**32-1 (default 0)")
    parser.add_argument("--warmup", type=_bounded_int(*LIMITS["warmup"]), default=DEFAULT_WARMUP,
                        help=f"untimed warm-up games per engine and player count "
                             f"(default {DEFAULT_WARMUP})")
    parser.add_argument("--sim-hands", type=_bounded_int(0, 10_000_000), default=SIM_HANDS,
                        help="with --vs rlcard, also time the whole command `unokit sim --hands N --players 2 "
                             "--bots random-play` (start-up included; 0: skip; default %(default)s)")
    parser.add_argument("--sim-runs", type=_bounded_int(1, 20), default=3,
                        help="how many times to run that command (default 3)")
    parser.add_argument("--venv", type=Path, default=None,
                        help="RLCard virtualenv location (default <repo>/.bench/rlcard-venv)")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="no progress messages on stderr")
    return parser


def build_parser(prog: str = "unokit bench") -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog,
        description="Time unokit's referee and its fast core (random vs random, UNO 1121, "
                    "strict), optionally against RLCard's UNO (its game loop and its bare "
                    "rules): one process, engines interleaved in rounds, CPU time, medians.")
    return add_arguments(parser)


def run_from_args(args: argparse.Namespace) -> int:
    """Run with parsed arguments (from :func:`add_arguments`); return the exit status."""
    log = _quiet_log if getattr(args, "quiet", False) else _stderr_log
    players = list(dict.fromkeys(args.players))
    try:
        _check_options(players, args.games, args.rounds, args.seed, args.warmup)
    except BenchError as exc:
        print(f"unokit bench: error: {exc}", file=sys.stderr)
        return 2
    try:
        result = run_bench(vs=args.vs, players=players, games=args.games, rounds=args.rounds,
                           seed=args.seed, warmup=args.warmup, venv_dir=args.venv, log=log,
                           sim_hands=args.sim_hands, sim_runs=args.sim_runs)
    except BenchError as exc:
        print(f"unokit bench: error: {exc}", file=sys.stderr)
        return 1
    if args.plot is not None:
        plot_result(result, args.plot)
    if args.json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
    else:
        sys.stdout.write(format_table(result) + "\n")
    sys.stdout.flush()
    return 0


def plot_result(result: dict, path: os.PathLike) -> Path:
    """Games per second (CPU) of every engine at each player count, log scale, median bars with
    min-max whiskers over the rounds; with the whole ``unokit sim`` command when it was timed."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    players = list(result.get("results", {}))
    rows = []
    for e in ENGINES:
        per = [result["results"][n].get(e) for n in players]
        if any(per):
            rows.append((e, per))
    sc = result.get("sim_command")
    fig, axes = plt.subplots(1, len(players), figsize=(5.6 * len(players), 0.45 * len(rows) + 1.8),
                             squeeze=False)
    for ax, (j, n) in zip(axes[0], enumerate(players)):
        names, med, lo, hi = [], [], [], []
        for e, per in rows:
            d = per[j]
            if not d:
                continue
            g = d["games_per_s"]
            names.append(e)
            med.append(g["median"])
            lo.append(g["median"] - g["min"])
            hi.append(g["max"] - g["median"])
        if sc and sc.get("players") == int(n):
            g = sc["games_per_s"]
            names.append("unokit sim (whole command)")
            med.append(g["median"])
            lo.append(g["median"] - g["min"])
            hi.append(g["max"] - g["median"])
        y = range(len(names))
        colors = ["#b0b0b0" if x.startswith("rlcard") else "#d9534f" if "sim" in x or "compiled" in x else "#5b8def"
                  for x in names]
        ax.barh(list(y), med, xerr=[lo, hi], color=colors, capsize=3)
        ax.set_xscale("log")
        ax.set_yticks(list(y))
        ax.set_yticklabels(names)
        ax.invert_yaxis()
        ax.set_xlabel("games per second (CPU time, log scale)")
        ax.set_title(f"{n} players")
        for yi, v in zip(y, med):
            ax.text(v * 1.08, yi, f"{v:,.0f}", va="center", fontsize=8)
    fig.suptitle(f"unokit bench: {result.get('rules')}, random against random, median [min-max] of "
                 f"{result.get('rounds')} rounds", fontsize=10)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main(argv: list | None = None) -> int:
    """Entry point: ``main(["--vs", "rlcard", "--json"])``; returns the exit status.

    *argv* are the arguments after ``bench`` (a leading ``"bench"`` is tolerated);
    ``None`` means ``sys.argv[1:]``.  A bad argument prints one line and returns 2.
    """
    if argv is None:
        argv = sys.argv[1:]
    argv = list(argv)
    if argv and argv[0] == "bench":
        argv = argv[1:]
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a bad argument (2), already printed
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    return run_from_args(args)


if __name__ == "__main__":
    sys.exit(main())
