"""The penguins tile kernel's move-part chain compiles one version of each function.

Numba compiles a jitted callee once per argument type, and a Python literal passed from jitted
code (True, False, 0, -1) is a type of its own: before the chain was given numpy scalars, each of
action_moves .. finish_moves was compiled four to seven times, and the tile kernel's first compile
took three times as long (docs/PERFORMANCE.md, "First runs"). Every caller of the chain runs here:
the move generator (perft, through the search's dispatch) and MCTS's playout step.

The versions are counted in numba's on-disk cache index of each function (the cache folder is
this source tree's own, kernels/__init__.py): it holds every version any process compiled, so
the count is the same whether this process compiled the chain or loaded its callers compiled
(then no callee compiles here at all, and counting this process's signatures would see none).
"""

import numpy as np

from kernels.rng import new_rng
from solver.commands.perft import perft
from solver.games.penguins.penguins_binding import kernel_name, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game

CHAIN = ("action_moves", "follow_up_moves", "seagull_moves", "krill_moves", "krill_laid_moves", "finish_moves",
         "early_moves")


def cached_versions(function) -> int:
    """The versions of a jitted function in its cache index (numba's FunctionCache)."""
    return len(function._cache._cache_file._load_index())


def test_each_move_part_function_compiles_once():
    from kernels.penguins import penguins_kernel, penguins_tiles

    for name in ("tunnels", "sealbay"):
        words = to_kernel(parse_position(BUILTIN_POSITIONS[name]))
        assert kernel_name(words) == "penguins.penguins_kernel"
        assert perft(game("penguins"), words, 2).nodes > 0
        assert penguins_kernel.playout_step(words, np.empty(1 << 16, dtype=np.int64), new_rng(3)) >= 0
    assert {function: cached_versions(getattr(penguins_tiles, function)) for function in CHAIN} == dict.fromkeys(CHAIN, 1)
