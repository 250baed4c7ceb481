"""First-run cost: each command run once with an empty numba cache, then a warm `perft`.

Every line runs `caldera COMMAND` with `CALDERA_CACHE_DIR` set to a fresh empty folder, so
numba compiles what the command uses; the time is the wall time of the whole process (Python's
start included). Give `--caldera` another install's executable to measure an old version in the
same session (the ratio is what to compare: these shared machines are noisy).

    python bench/cold_start.py                                   # this install
    python bench/cold_start.py --caldera /tmp/old-venv/bin/caldera

Figures: docs/PERFORMANCE.md, section "First runs: each command compiles only its game".
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time

COMMANDS = ["analyze penguins", "analyze island", "analyze oros first-peak", "warmup"]


def run(caldera: str, command: str, cache: str) -> float:
    """Wall seconds of `caldera COMMAND` with the kernel cache in `cache`."""
    started = time.perf_counter()
    subprocess.run([caldera, *command.split()], env={**os.environ, "CALDERA_CACHE_DIR": cache},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def main() -> None:
    """Print the cold time of each command, then three warm `perft penguins 1` runs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--caldera", default=shutil.which("caldera"), help="the caldera executable to measure")
    args = parser.parse_args()
    print(f"caldera: {args.caldera}")
    for command in COMMANDS:
        with tempfile.TemporaryDirectory() as cache:
            print(f"cold  {command:26} {run(args.caldera, command, cache):6.1f} s", flush=True)
    with tempfile.TemporaryDirectory() as cache:
        run(args.caldera, "perft penguins 1", cache)
        warm = [run(args.caldera, "perft penguins 1", cache) for _ in range(3)]
    print(f"warm  {'perft penguins 1':26} {min(warm):6.2f}-{max(warm):.2f} s")


if __name__ == "__main__":
    main()
