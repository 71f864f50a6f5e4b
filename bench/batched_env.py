"""Agent steps per second of the batched env in the compiled core (issue 27, point 2).

    .venv/bin/python bench/batched_env.py [--envs 1024] [--players 2] [--rules "UNO 1121"] [--rounds 7] [--seconds 1]
        [--opponents random-play greedy strategist self]

``UnoBatchedEnv(--envs)`` against each of ``--opponents`` in turn (random-play, greedy and the strategist played
inside C; ``self``: the other seats' pending decisions handed to a numpy policy in one batch per round, a uniform
random legal choice standing for a network's inference), the agent a uniform random legal policy
(``random_actions``, drawn in C). Each round steps the env for ``--seconds`` of CPU time
(``time.process_time``, one process, one core) and counts agent steps twice: the env's ``step`` alone (the
agent's choice not timed) and the loop an RL user runs (choice + step). The report gives each figure's median
over the rounds with the range, and the episodes ended with the agent's win rate (a sanity check).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from unokit.core.errors import UnoError
from unokit.env.batched import UnoBatchedEnv


def one_round(env: UnoBatchedEnv, seconds: float) -> tuple[float, float, int, int]:
    """(step-only rate, loop rate, episodes ended, agent wins) over ``seconds`` of CPU time."""
    n = env.num_envs
    stepping = 0.0
    steps = ended = wins = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions = env.random_actions()
        t0 = time.process_time()
        _, rewards, terminated, truncated, _ = env.step(actions)
        stepping += time.process_time() - t0
        steps += n
        ended += int((terminated | truncated).sum())
        wins += int((rewards > 0).sum())
    total = time.process_time() - start
    return steps / stepping, steps / total, ended, wins


def uniform(rng: np.random.Generator):
    """A batched uniform random legal policy in numpy (the ``self`` seats' stand-in for a network)."""
    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.argmax(rng.random(mask.shape) * mask, axis=1)
    return policy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rules", default="UNO 1121")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--opponents", nargs="+", default=["random-play"],
                    help="one run per opponent setting: random-play, greedy, strategist, self, or names by commas")
    a = ap.parse_args(argv)
    for opponents in a.opponents:
        code = one_setting(a, opponents)
        if code:
            return code
    return 0


def one_setting(a: argparse.Namespace, opponents: str) -> int:
    """The bench against one opponent setting; the exit status."""
    try:
        env = UnoBatchedEnv(a.envs, rules=a.rules, players=a.players, opponents=opponents, copy=False,
                            policy=uniform(np.random.default_rng(1)))
    except (UnoError, ValueError) as e:  # a table the batched env does not hold: one line, no traceback
        print(f"batched_env: {e}", file=sys.stderr)
        return 2
    env.reset(seed=27)
    env.step(env.random_actions())   # warm up
    alone, loop, ended, wins = [], [], 0, 0
    for _ in range(a.rounds):
        s, lp, e, w = one_round(env, a.seconds)
        alone.append(s)
        loop.append(lp)
        ended += e
        wins += w
    print(f"batched env, {a.rules}, {a.players} players, {a.envs} envs vs {opponents}, "
          f"{a.rounds} rounds x {a.seconds:g} s CPU")
    for name, xs in (("env.step alone", alone), ("choice + step", loop)):
        print(f"  {name:15s} {statistics.median(xs):>12,.0f} agent steps/s  [{min(xs):,.0f}, {max(xs):,.0f}]")
    print(f"  {ended:,} episodes ended, the random agent won {wins / max(ended, 1):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
