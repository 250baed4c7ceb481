"""The MCTS playout step of tile positions (kernels/penguins/penguins_playout.py): it chooses an
action and then its parts without listing every combined move, and its moves must be legal."""

import numpy as np
import pytest

from kernels.penguins import penguins_kernel as kernel
from kernels.rng import new_rng
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_binding import encode_move, to_kernel
from solver.games.penguins.penguins_notation import SCENARIOS, format_move, parse_position

ROOM = 1 << 20  # more than any scenario position's moves: the whole list, however many


@pytest.mark.parametrize("name,text", [(name, text) for name, _, text in SCENARIOS])
def test_playout_moves_are_legal_and_end_with_the_game(name, text):
    """Seeded playouts from each scenario: every move the step plays is in the generator's full
    list (the list tests/penguins/test_penguins_differential.py holds to the reference rules), and
    the step answers -1 exactly when that list is empty."""
    rng = new_rng(17)
    moves, scratch = np.empty(ROOM, dtype=np.int64), np.empty(kernel.MAX_MOVES, dtype=np.int64)
    for _ in range(4):
        state = to_kernel(parse_position(text))
        after = state.copy()
        while True:
            move = kernel.playout_step(state, scratch, rng)
            n = kernel.legal_moves(state, moves)
            if move < 0:
                assert n == 0
                break
            assert move in moves[:n]
            kernel.apply(state, move, after)
            state, after = after, state


def test_a_win_at_once_is_always_played():
    """A tile position (a seagull) whose only winning move is a1-E (found by the reference rules):
    the step plays it whatever the seed, as the plain policy does."""
    text = "6x6 P4I/6/2G3/p4I/6/6 - A play 3/3 2+1/2+1 20"
    state = parse_position(text)
    winners = [m for m in ref.legal_moves(state) if ref.status(ref.successor(state, m)) == ref.WIN_A]
    assert [format_move(state, m) for m in winners] == ["a1-E"]
    words, scratch = to_kernel(state), np.empty(kernel.MAX_MOVES, dtype=np.int64)
    wins = {encode_move(m) for m in winners}
    assert all(int(kernel.playout_step(words, scratch, new_rng(seed))) in wins for seed in range(10))
