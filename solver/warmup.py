"""Loading the numba kernels: from the on-disk cache when possible, with a notice when compiling."""

from __future__ import annotations

import sys
import threading
import time
from typing import Callable

# A cached load takes well under a second; past this, numba is compiling from scratch.
NOTICE_AFTER_S = 2.5
NOTICE = "Compiling Caldera's kernels (first run only, about 10-70 s)..."


def _notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


ALL_PARTS = ("perft", "alphabeta", "mcts", "expectimax", "plan")
ALL_GAMES = ("penguins", "island", "oros")


def warm_up(parts: tuple[str, ...] = ALL_PARTS, notice: Callable[[str], None] = _notice,
            games: tuple[str, ...] = ALL_GAMES) -> float:
    """Run the kernels of `parts` (perft, alphabeta, mcts, expectimax, plan) of `games`
    (penguins, island, oros) once on a tiny position so that later calls are fast; return the
    seconds taken.

    Alpha-beta is warmed only for the games it can search (not island: dice). If that takes
    longer than NOTICE_AFTER_S, `notice` is called once with a line saying why.
    """
    timer = threading.Timer(NOTICE_AFTER_S, notice, [NOTICE])
    timer.daemon = True
    started = time.perf_counter()
    timer.start()
    try:
        for game in games:
            WARMERS[game](parts)
    finally:
        timer.cancel()
    return time.perf_counter() - started


def _warm_penguins(parts: tuple[str, ...]) -> None:
    """The penguins kernels: move generation, apply, status and perft; the searches on penguins."""
    import numpy as np

    from kernels.games import PENGUINS
    from solver.games.penguins import penguins_rules as penguins
    from solver.games.penguins import penguins_binding as penguins_kernel

    words = penguins_kernel.to_kernel(penguins.new_game(4, 4))
    if "perft" in parts:
        k = penguins_kernel.kernel()
        moves = np.array(penguins_kernel.legal_moves(words), dtype=np.int64)
        penguins_kernel.successor(words, int(moves[0]))
        k.status(words)
        k.perft_divide(words, moves[:1], 2, np.zeros(1, dtype=np.int64))
    if "alphabeta" in parts:
        from solver.alphabeta import alphabeta_analysis

        alphabeta_analysis(PENGUINS, words, depth=2, hash_mb=1)
    if "mcts" in parts:
        from solver.mcts import mcts_analysis

        mcts_analysis(PENGUINS, words, sims=16, seconds=None, memory_mb=1)


def _warm_island(parts: tuple[str, ...]) -> None:
    """The Island Project kernels: move generation, chance outcomes, apply and perft; MCTS on it.

    Alpha-beta refuses dice games, so "alphabeta" warms nothing here; "expectimax" is its
    two-player search."""
    import numpy as np

    from kernels.games import ISLAND
    from solver.games.island import island_rules as island
    from solver.games.island import island_binding as island_kernel

    words = island_kernel.to_kernel(island.new_game(2))
    if "perft" in parts:
        k = island_kernel.kernel()
        moves = island_kernel.legal_moves(words)
        child = island_kernel.successor(words, moves[0])
        island_kernel.is_chance(child)
        island_kernel.chance_outcomes(child)
        k.is_over(child)
        k.perft(child, np.int64(1))
    if "mcts" in parts:
        from solver.mcts import mcts_analysis

        mcts_analysis(ISLAND, words, sims=16, seconds=None, memory_mb=1)
    if "expectimax" in parts:
        from solver.expectimax import expectimax_analysis

        expectimax_analysis(ISLAND, words, depth=1, hash_mb=1)


def _warm_oros(parts: tuple[str, ...]) -> None:
    """The Oros kernels (move generation, apply, perft) and the shaping-puzzle solver ("plan")."""
    import numpy as np

    from solver.games.oros import oros_rules as oros
    from solver.games.oros import oros_binding as oros_kernel
    from solver.games.oros.oros_goals import parse_goal

    # One level-4 tile on a 3x3 map and a goal one drift away: the solver's bound lets a pass
    # run, so the search itself is loaded too.
    state = oros.new_map(3, 3, (4,) + (oros.SEA,) * 8)
    if "perft" in parts:
        words = oros_kernel.to_kernel(state)
        oros_kernel.successor(words, oros_kernel.legal_moves(words)[0])
        oros_kernel.kernel().perft(words, np.int64(1))
    if "plan" in parts:
        from solver.planner import solve

        solve(state, parse_goal("level4@b1", 3, 3), 1, hash_mb=1)


WARMERS = {"penguins": _warm_penguins, "island": _warm_island, "oros": _warm_oros}
