"""Alpha-beta nodes per CPU second on `caldera bench`'s position M at depth 9, one thread: a rate
that a loaded machine disturbs less than wall-clock time, for comparing two checkouts run in turn.

    PYTHONPATH=. python bench/alphabeta_cpu_rate.py 4      # four runs after a warm-up
"""

from __future__ import annotations

import argparse
import time

from solver.commands.bench import ALPHABETA_HASH_MB, CASES, prepare
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.games.registry import game


def main() -> None:
    """Print the nodes per CPU second of each run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=3)
    args = parser.parse_args()
    case = next(case for case in CASES if case.kind == "alphabeta")
    words = prepare(case)
    kernel = game(case.game).kernel(words)
    alphabeta_analysis(kernel, words, depth=6, hash_mb=ALPHABETA_HASH_MB, threads=1)  # load the search
    rates = []
    for _ in range(args.runs):
        started = time.process_time()
        analysis = alphabeta_analysis(kernel, words, depth=case.size, hash_mb=ALPHABETA_HASH_MB, threads=1)
        rates.append(analysis.nodes / (time.process_time() - started))
    print(" ".join(f"{rate / 1e6:.2f} M" for rate in rates))


if __name__ == "__main__":
    main()
