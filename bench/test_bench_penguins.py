"""Penguins hot paths under pytest-benchmark: kernel against reference in the same run.

Run: python -m pytest bench --benchmark-columns=mean,ops,rounds
(absolute times on shared machines are noisy: compare the kernel/reference pairs.)
"""

import numpy as np
import pytest

from solver.commands.bench import MIDGAME
from solver.commands.perft import perft
from solver.commands.warmup import warm_up
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins import penguins_binding as binding
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game

PENGUINS = game("penguins")


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Compile or load the kernels before any timing starts."""
    warm_up([PENGUINS])


@pytest.fixture(scope="module")
def midgame():
    """The mid-game position as reference State and kernel array."""
    state = parse_position(MIDGAME)
    return state, binding.to_kernel(state)


def test_movegen_kernel(benchmark, midgame):
    """Kernel legal move generation on the mid-game position."""
    k = game("penguins").kernel(midgame[1]).module
    out = np.empty(k.MAX_MOVES, dtype=np.int64)
    n = benchmark(k.legal_moves, midgame[1], out)
    assert n == len(ref.legal_moves(midgame[0]))


def test_movegen_reference(benchmark, midgame):
    """Reference legal move generation on the same position (the baseline)."""
    moves = benchmark(ref.legal_moves, midgame[0])
    assert moves


def test_perft3_kernel_midgame(benchmark, midgame):
    """Kernel perft 3 on the mid-game position."""
    nodes = benchmark(lambda: perft(PENGUINS, midgame[1], 3).nodes)
    assert nodes == ref.perft(midgame[0], 3)


def test_perft3_reference_midgame(benchmark, midgame):
    """Reference perft 3 on the same position (the baseline)."""
    benchmark.pedantic(ref.perft, args=(midgame[0], 3), rounds=3, iterations=1)


@pytest.mark.parametrize("threads", [1, 2])
def test_perft5_kernel_start(benchmark, threads):
    """Kernel perft 5 on the 8x8 start, 1 and 2 threads."""
    words = binding.to_kernel(parse_position(BUILTIN_POSITIONS["start"]))
    result = benchmark.pedantic(perft, args=(PENGUINS, words, 5, threads), rounds=3, iterations=1)
    assert result.nodes > 0
