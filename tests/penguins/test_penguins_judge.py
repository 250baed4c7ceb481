"""The penguins scripted player (kernels/penguins/penguins_judge.py): one ply of the evaluation,
and the tile kernel's search_values (the evaluation as a chance, for MCTS's cut playouts).
Its judgement is checked against the greedy engine (alpha-beta one ply deep on the same
evaluation, an independent path through the search), and its win at once against the tile rules."""

import random

import numpy as np

from kernels import Kernel
from kernels.penguins import penguins_judge as judge_module, penguins_kernel as kernel
from kernels.rng import new_rng
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.games.penguins.penguins_binding import decode_move, to_kernel
from solver.games.penguins.penguins_notation import format_move, parse_position
from tests.penguins.penguins_random import random_tile_position
from tests.penguins.test_penguins_tile_eval import HOLES_AND_KRILL

TILED = Kernel("penguins.penguins_kernel")


def judged(words):
    """(the legal moves, their judged scores) of kernel position `words`."""
    moves = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    n = min(kernel.legal_moves(words, moves), kernel.MAX_MOVES)
    scores = np.empty(n, dtype=np.int64)
    judge_module.judge(words, moves, n, scores)
    return moves[:n], scores


def test_a_win_at_once_is_judged_won_and_played():
    # A's a1-E/h lays 4 eggs and the krill on d4 a fifth: A's supply of 5 is empty, a win now (P-23).
    state = parse_position(HOLES_AND_KRILL.format(krill="d4"))
    words = to_kernel(state)
    moves, scores = judged(words)
    best = int(moves[int(np.argmax(scores))])
    assert scores.max() == judge_module.WON
    assert format_move(state, decode_move(best)).startswith("a1-E")
    assert judge_module.heuristic_move(words, moves, len(moves), new_rng(3)) == best


def test_judgement_agrees_with_the_greedy_engine():
    """On 60 random tile positions no move of which ends the game, the best judged score is the
    score of alpha-beta one ply deep, and the move it plays is judged that best score."""
    rng = random.Random(8)
    checked = 0
    while checked < 60:
        words = to_kernel(random_tile_position(rng))
        if kernel.is_over(words):
            continue
        moves, scores = judged(words)
        if len(moves) == 0 or np.abs(scores).max() >= judge_module.WON:
            continue
        greedy = alphabeta_analysis(TILED, words, depth=1, hash_mb=1, parts=False)
        assert scores.max() == round(greedy.lines[0].score.value * 100), words  # the score in eggs
        played = judge_module.heuristic_move(words, moves, len(moves), new_rng(checked))
        assert scores[list(moves).index(played)] == scores.max()
        checked += 1


def test_search_values_are_a_chance_that_follows_the_evaluation():
    """Each side's chance sums to 1, leans to the side the evaluation favours, and is the
    result itself once the game is over."""
    rng = random.Random(9)
    values = np.empty(2, dtype=np.float64)
    for _ in range(100):
        words = to_kernel(random_tile_position(rng))
        kernel.search_values(words, values)
        assert abs(values.sum() - 1.0) < 1e-9
        if kernel.is_over(words):
            results = np.empty(2, dtype=np.float64)
            kernel.terminal_values(words, results)
            assert list(values) == list(results)
        else:
            lean = kernel.evaluate(words, kernel.EVAL_WEIGHTS)
            mover = kernel.to_move(words)
            assert (values[mover] > 0.5) == (lean > 0) and (values[mover] < 0.5) == (lean < 0)
