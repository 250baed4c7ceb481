"""The penguins opening: why every first rival egg on the start scores the same (the evaluation
is blind to where the wrapping board is shifted), and the words `hint` gives for rival eggs."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kernels.penguins import penguins_eval
from solver.analysis import Score
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_explain import explain_move, setup_words
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_move, parse_position
from solver.games.penguins.penguins_rules import successor
from tests.penguins.penguins_random import random_position


def shifted(state, dq: int, dr: int):
    """The position with every piece moved dq columns and dr rows, wrapping (P-1's torus)."""
    w, h = state.width, state.height
    board = [None] * (w * h)
    for square, piece in enumerate(state.board):
        board[((square // w + dr) % h) * w + (square % w + dq) % w] = piece
    return replace(state, board=tuple(board))


def test_the_evaluation_does_not_see_where_the_board_is_shifted():
    # The board wraps on both axes, so a shift keeps every line, neighbour and slide (P-1, P-6):
    # the evaluation must not change. That is why every first rival egg on the empty start gets
    # the same score, at any depth.
    rng = random.Random(17)
    for _ in range(40):
        state = random_position(rng)
        moved = shifted(state, rng.randrange(state.width), rng.randrange(state.height))
        weights = penguins_eval.EVAL_WEIGHTS
        assert penguins_eval.evaluate(to_kernel(state), weights) == penguins_eval.evaluate(to_kernel(moved), weights)


def test_a_first_rival_egg_is_explained_by_the_symmetry():
    start = parse_position(BUILTIN_POSITIONS["start"])
    words = explain_move(start, parse_move(start, "+c4"), Score("eval", 0.0))
    assert words == ("places B's egg on c4 (as good as any first egg: on the empty wrapping board every space "
                     "is alike) (evaluation +0.00 eggs)")


@pytest.mark.parametrize("move, words", [
    ("+b1", "(1 space E of your egg on a1)"),   # (1, 0): one step E
    ("+h1", "(1 space W of your egg on a1)"),   # (7, 0): one step W, wrapping
    ("+a3", "(2 spaces SE of your egg on a1)"),  # (0, 2): two steps SE
    ("+g3", "(2 spaces SW of your egg on a1)"),  # (6, 2): two steps SW (-1, +1), wrapping
    ("+a5", "(4 spaces NW of your egg on a1)"),  # (0, 4): 4 steps SE or NW, the names' order picks NW
    ("+b3", "(on no line of your egg on a1)"),   # (1, 2): no multiple of a direction reaches it mod 8
])
def test_the_reply_is_placed_from_the_first_egg(move, words):
    after = successor(parse_position(BUILTIN_POSITIONS["start"]), parse_move(parse_position(BUILTIN_POSITIONS["start"]), "+a1"))
    assert setup_words(after, parse_move(after, move)) == words


def test_other_moves_get_no_setup_words():
    state = parse_position("8x8 e7/5E2/8/8/8/8/8/8 - A play 15/15 3+1/3+1 2")
    assert setup_words(state, parse_move(state, "^f2")) == ""


def test_an_egg_is_worth_the_slides_its_penguin_could_make():
    # A's eggs on a1 and d1 of row 1 (an 8-space cycle). Hatched, a1 slides E over b1, c1 to
    # stop before d1 (2 spaces) or W over h1, g1, f1, e1 (4); d1 the same way round: 4 and 2.
    # The other lines through them hold nothing that stops a slide (P-6: endless, illegal).
    # Best gain 4 (4 spaces lay 4 eggs, P-7), 4 slides; B has no egg: nothing.
    state = to_kernel(parse_position("8x8 E2E4/8/8/8/8/8/8/8 - A play 14/16 3+1/3+1 2"))
    assert penguins_eval.hatch_reach(state, 0) == (4, 4)
    assert penguins_eval.hatch_reach(state, 1) == (0, 0)
    # With no unused penguin (P-5: nothing left to hatch) the eggs are worth nothing.
    no_penguin = to_kernel(parse_position("8x8 E2E4/8/8/8/8/8/8/8 - A play 14/16 0+0/3+1 2"))
    assert penguins_eval.hatch_reach(no_penguin, 0) == (0, 0)



def test_the_eggs_count_in_the_opening_only():
    # Two positions with A's eggs on a1 + d1 or on a1 + b3, penguins A e4 and B e5, A to move:
    # no penguin can slide (each line holds nothing of its own side before a rival penguin or
    # the start, P-6), so features 0-5 are equal. Hatched, a1 and d1 slide 2 and 4 spaces each
    # way along row 1 (the test above): best 4, 4 slides; a1 and b3 share no line and e5 blocks
    # a1's diagonal: nothing. With 2 penguins out (OPENING_PENGUINS) the eggs add
    # 20 * 4 + 3 * 4 = 92; with A's third on h8 (on no line of the others) they add nothing.
    def value(board, unused):
        text = f"8x8 {board} - A play 14/16 {unused}/2+1 4"
        return penguins_eval.evaluate(to_kernel(parse_position(text)), penguins_eval.EVAL_WEIGHTS)

    assert penguins_eval.OPENING_PENGUINS == 2
    assert value("E2E4/8/8/4P3/4p3/8/8/8", "2+1") - value("E7/8/1E6/4P3/4p3/8/8/8", "2+1") == 92
    assert value("E2E4/8/8/4P3/4p3/8/8/7P", "1+1") == value("E7/8/1E6/4P3/4p3/8/8/7P", "1+1")
