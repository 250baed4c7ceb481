"""The penguins tile kernel's move-part chain compiles one version of each function.

Numba compiles a jitted callee once per argument type, and a Python literal passed from jitted
code (True, False, 0, -1) is a type of its own: before the chain was given numpy scalars, each of
action_moves .. finish_moves was compiled four to seven times, and the tile kernel's first compile
took three times as long (docs/PERFORMANCE.md, "First runs"). Every caller of the chain runs here:
the move generator (perft, through the search's dispatch) and MCTS's playout step.
"""

from solver.games.penguins.penguins_binding import kernel_name, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game
from solver.mcts import mcts_analysis
from solver.perft import perft

CHAIN = ("action_moves", "follow_up_moves", "seagull_moves", "krill_moves", "krill_laid_moves", "finish_moves",
         "early_moves")


def test_each_move_part_function_compiles_once():
    from kernels.penguins import penguins_tiles

    for name in ("tunnels", "sealbay"):
        words = to_kernel(parse_position(BUILTIN_POSITIONS[name]))
        assert kernel_name(words) == "penguins.penguins_kernel"
        assert perft(game("penguins"), words, 2).nodes > 0
        assert mcts_analysis(kernel_name(words), words, sims=200, seconds=None, seed=3).lines
    versions = {function: len(getattr(penguins_tiles, function).signatures) for function in CHAIN}
    assert versions == dict.fromkeys(CHAIN, 1)
