"""The penguins kernel with its moves chosen by parts grouped from the whole list (kernels/move_parts.py):
a slow reference for the searches' parts, not a registered game's kernel. Every part lists
every legal move again, so it shows what parts change in a search's tree, not what they save
(tests/search/test_parts.py; the game's own kernel lists its parts without the moves).

The parts: the space a move starts from, then its action (space, direction, action, hole jump,
storm throw), then the whole move; a part only one move has is that whole move at once.
"""

import numpy as np
from numba import njit

from kernels.move_parts import grouped_parts
from kernels.penguins.penguins_kernel import (  # noqa: F401  (the operations, as penguins plays them)
    EVAL_WEIGHTS,
    HAS_CHANCE,
    MAX_MOVES,
    SEATS,
    STATE_LEN,
    apply,
    chance_outcomes,
    evaluate,
    is_chance,
    is_over,
    legal_moves,
    playout_move,
    playout_step,
    terminal_values,
    to_move,
)
from kernels.penguins.penguins_layout import STORM_THROW

PART_MASKS = np.array([(1 << 6) - 1, (1 << (STORM_THROW + 3)) - 1], dtype=np.int64)  # space; action


@njit(cache=True)
def part_moves(state, prefix, out, whole):
    """The parts of the legal moves that extend `prefix` (kernels/dispatch.py part_moves)."""
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    n = legal_moves(state, moves)
    if n > MAX_MOVES:
        moves = np.empty(n, dtype=np.int64)
        n = legal_moves(state, moves)
    return grouped_parts(moves, n, prefix, PART_MASKS, out, whole)
