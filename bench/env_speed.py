"""Env steps per second: unokit's PettingZoo AEC env against RLCard's ``rlcard.make('uno')`` (issue 27, point 1).

    .venv/bin/python bench/env_speed.py [--players 2] [--rules "UNO 1121"] [--rounds 7] [--seconds 1]
                                        [--rlcard-site .bench/rlcard-venv/lib/python3.11/site-packages]

One process (the project's Python; RLCard's site-packages, which hold only RLCard and termcolor beside the same
numpy, are appended to ``sys.path``), a random legal policy at every seat (``random.Random``, seeded once), as
users drive each env:

- ``unokit``: ``unokit.env.aec.raw_env(rules, players)`` (the decision flow in C where the rules allow, else the
  referee's), ``agent_selection`` / ``last()`` / ``step(id)``, a new hand by ``reset()`` when one ends;
- ``unokit-wrapped``: the same through ``unokit.env.aec.env`` (PettingZoo's order-enforcing wrappers);
- ``unokit-gym``: ``unokit/Uno-v0`` (``unokit.env.gym_env.UnoGymEnv``) against random-play opponents, the agent's
  steps only (the opponents' decisions are not counted: agent steps/s, not env steps/s);
- ``rlcard``: ``rlcard.make('uno', config={'seed': 0})`` seeded once, ``reset()`` / ``step(id)`` with the ids of
  ``state['legal_actions']`` (``game_num_players`` set to ``--players``; RLCard plays its own simplified
  official rules whatever ``--rules`` says).

Each round times every engine for ``--seconds`` of CPU time (``time.process_time``) one after the other
(interleaved); the report gives each engine's median steps/s over the rounds with the range, and unokit's
ratio to RLCard's medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
Loop = Callable[[float], int]


def unokit_loop(rules: str, players: int, wrapped: bool, seed: int = 0) -> Loop:
    """Steps of unokit's AEC env for ``seconds`` of CPU time, the hands going on from round to round."""
    from unokit.env.aec import env, raw_env
    e = (env if wrapped else raw_env)(rules=rules, players=players)
    rng = random.Random(seed)
    e.reset(seed=seed)

    def run(seconds: float) -> int:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for _ in range(200):
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.reset()
                    continue
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
        return steps

    return run


def gym_loop(rules: str, players: int, seed: int = 0) -> Loop:
    """Agent steps of ``unokit/Uno-v0`` against random-play for ``seconds`` of CPU time."""
    from unokit.env.gym_env import UnoGymEnv
    e = UnoGymEnv(rules, players, "random-play", seat=None)
    rng = random.Random(seed)
    obs, _ = e.reset(seed=seed)

    def run(seconds: float) -> int:
        nonlocal obs
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for _ in range(200):
                obs, _, term, trunc, _ = e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
                if term or trunc:
                    obs, _ = e.reset()
        return steps

    return run


def unokit_core(rules: str, players: int) -> str:
    from unokit.env.aec import raw_env
    return raw_env(rules=rules, players=players).core


def rlcard_loop(players: int, seed: int = 0) -> Loop:
    """Steps of ``rlcard.make('uno', config={'seed': seed})`` (seeded once) for ``seconds`` of CPU time."""
    import rlcard  # type: ignore[import-not-found]  # RLCard's own venv, appended to sys.path
    e = rlcard.make("uno", config={"seed": seed, "game_num_players": players})
    rng = random.Random(seed)
    state: dict = {}

    def run(seconds: float) -> int:
        nonlocal state
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for _ in range(200):
                if not state or e.is_over():
                    state, _ = e.reset()
                    continue
                try:
                    state, _ = e.step(rng.choice(list(state["legal_actions"])))
                except Exception:  # noqa: BLE001 - RLCard 1.2.0 can fail with an empty stock: a new game
                    state = {}
                    continue
                steps += 1
        return steps

    return run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rules", default="UNO 1121")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rlcard-site", default=str(ROOT / ".bench/rlcard-venv/lib/python3.11/site-packages"))
    ap.add_argument("--no-rlcard", action="store_true", help="time unokit only")
    a = ap.parse_args(argv)
    from unokit.core.errors import UnoError
    try:
        engines: dict[str, Loop] = {"unokit": unokit_loop(a.rules, a.players, False),
                                    "unokit-wrapped": unokit_loop(a.rules, a.players, True),
                                    "unokit-gym": gym_loop(a.rules, a.players)}
        core = unokit_core(a.rules, a.players)
    except (UnoError, ValueError) as e:
        print(f"env_speed: {e}", file=sys.stderr)
        return 2
    if not a.no_rlcard:
        if Path(a.rlcard_site).is_dir():
            sys.path.append(a.rlcard_site)
        try:
            engines["rlcard"] = rlcard_loop(a.players)
        except ImportError as e:
            print(f"env_speed: RLCard not importable ({e}); timing unokit only", file=sys.stderr)
    rates: dict[str, list[float]] = {k: [] for k in engines}
    for run in engines.values():   # warm up
        run(0.05)
    for _ in range(a.rounds):
        for name, run in engines.items():
            t0 = time.process_time()
            n = run(a.seconds)
            rates[name].append(n / (time.process_time() - t0))
    print(f"env steps/s, {a.rules}, {a.players} players (unokit's flow: {core}), random legal policy at every seat, "
          f"{a.rounds} interleaved rounds x {a.seconds:g} s CPU")
    med = {k: statistics.median(v) for k, v in rates.items()}
    for name, xs in rates.items():
        note = " (its own rules)" if name == "rlcard" and a.rules.split() != ["UNO", "1121"] else ""
        print(f"  {name:15s} {med[name]:>10,.0f} steps/s  [{min(xs):,.0f}, {max(xs):,.0f}]{note}")
    if "rlcard" in med:
        for name in ("unokit", "unokit-wrapped"):
            print(f"  {name} / rlcard: {med[name] / med['rlcard']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
