"""How long ``unokit advise`` takes for a 6-player table on two cores, cold (an empty cache) and warm.

Issue 26 asks for advice at a 6-player table in under 10 s on two cores; this script measures the whole
command (process start included) with a fresh cache, then again with the cache the first run filled, and exits
with status 1 when the cold run takes longer than the bound. It is a benchmark, not a unit test: timings
depend on the machine and its load.

    python bench/advise_time.py [--players 6] [--jobs 2] [--bound 10] [-- extra advise arguments]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bound", type=float, default=10.0, help="seconds the cold run may take (default 10)")
    ap.add_argument("extra", nargs="*", help="more arguments for unokit advise (default: --minutes 5)")
    args = ap.parse_args(argv)
    extra = args.extra or ["--minutes", "5"]
    with tempfile.TemporaryDirectory(prefix="unokit-advise-bench-") as cache:
        cmd = [sys.executable, "-c", "import sys; from unokit.cli import main; sys.exit(main(sys.argv[1:]))",
               "advise", "--players", str(args.players), "--jobs", str(args.jobs), "--cache", cache, *extra]
        times = []
        for label in ("cold", "warm"):
            t0 = time.perf_counter()
            out = subprocess.run(cmd, capture_output=True, text=True, check=False)
            times.append(time.perf_counter() - t0)
            if out.returncode:
                print(out.stderr, file=sys.stderr)
                return out.returncode
            print(f"{label}: {times[-1]:.2f} s  ({args.players} players, {args.jobs} jobs, {' '.join(extra)})")
        print(out.stdout.splitlines()[-1] if out.stdout else "")
    ok = times[0] <= args.bound
    print(f"cold run {'within' if ok else 'OVER'} the bound of {args.bound:g} s")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
