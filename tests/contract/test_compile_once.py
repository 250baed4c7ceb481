"""The penguins tile kernel's move-part chain compiles one version of each function.

Numba compiles a jitted callee once per argument type, and a Python literal passed from jitted
code (True, False, 0, -1) is a type of its own: before the chain was given numpy scalars, each of
action_moves .. finish_moves was compiled four to seven times, and the tile kernel's first compile
took three times as long (docs/PERFORMANCE.md, "First runs"). Every caller of the chain runs here:
the move generator (perft, through the search's dispatch) and MCTS's playout step.

It runs in a fresh process with an empty cache: from a warm cache the callers load compiled and
no callee of the chain compiles at all, which would hide a second version.
"""

import json
import os
import subprocess
import sys

CHAIN = ("action_moves", "follow_up_moves", "seagull_moves", "krill_moves", "krill_laid_moves", "finish_moves",
         "early_moves")

COMPILE_AND_COUNT = f"""
import json
import numpy as np
from kernels.penguins import penguins_kernel, penguins_tiles
from kernels.rng import new_rng
from solver.games.penguins.penguins_binding import kernel_name, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game
from solver.perft import perft

for name in ("tunnels", "sealbay"):
    words = to_kernel(parse_position(BUILTIN_POSITIONS[name]))
    assert kernel_name(words) == "penguins.penguins_kernel"
    assert perft(game("penguins"), words, 2).nodes > 0
    assert penguins_kernel.playout_step(words, np.empty(1 << 16, dtype=np.int64), new_rng(3)) >= 0
print(json.dumps({{function: len(getattr(penguins_tiles, function).signatures) for function in {CHAIN!r}}}))
"""


def test_each_move_part_function_compiles_once(tmp_path):
    env = {**os.environ, "CALDERA_CACHE_DIR": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", COMPILE_AND_COUNT], env=env, capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout) == dict.fromkeys(CHAIN, 1)
