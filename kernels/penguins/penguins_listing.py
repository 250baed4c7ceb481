"""The penguins kernel with the playout of before issue 17: MCTS lists every combined move (P-9)
at each playout ply and the policy picks among them. Only bench/penguins_playout_ratio.py uses
it, as the baseline that kernels/penguins/penguins_playout.py is measured against."""

from kernels.penguins.penguins_kernel import (  # noqa: F401  (the operations, less playout_step)
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
    status,
    terminal_values,
    to_move,
)
