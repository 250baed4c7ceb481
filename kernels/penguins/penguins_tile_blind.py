"""The penguins kernel with the evaluation of before issue 34: a tile position is scored as a plain
board (kernels/penguins/penguins_eval.py, slides traced by P-6 alone). Only
bench/tune_penguins_eval.py uses it (--blind), as the baseline that the tile evaluation
(kernels/penguins/penguins_tile_eval.py) is measured against."""

from kernels.penguins.penguins_eval import evaluate  # noqa: F401  (the operation this variant changes)
from kernels.penguins.penguins_kernel import (  # noqa: F401  (the other operations)
    EVAL_WEIGHTS,
    HAS_CHANCE,
    MAX_MOVES,
    SEATS,
    STATE_LEN,
    apply,
    chance_outcomes,
    is_chance,
    is_over,
    legal_moves,
    playout_move,
    playout_step,
    status,
    terminal_values,
    to_move,
)
