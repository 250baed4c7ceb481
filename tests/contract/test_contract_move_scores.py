"""The move-ordering score MCTS takes its priors from (dispatch.move_scores, has_move_scores) and
its scripted playouts (dispatch.scripted_move): for every game's kernels, the scripted player's
judge and heuristic_move where the kernel names one (SCRIPTED_PLAYER), no score and the light
policy where it does not."""

from __future__ import annotations

import random

import numba
import numpy as np
import pytest
from numba import njit

from kernels import dispatch, kernel_module
from kernels.rng import new_rng
from solver.games.kernel_calls import legal_move_list, next_state
from solver.games.registry import GAME_NAMES, game
from tests.contract.test_contract_kernel import starts

PLIES = 12  # random plies from each start: positions past the setup


@njit
def through_dispatch(kernel, state, moves, n, scores, rng):
    """What MCTS sees: whether the kernel has move scores, the scores and the scripted move."""
    numba.literally(kernel)
    dispatch.move_scores(kernel, state, moves, n, scores)
    return dispatch.has_move_scores(kernel), dispatch.scripted_move(kernel, state, moves, n, rng)


def positions(record, rng):
    """(kernel name, words) of decisions reached by random play from every start."""
    for _, start in starts(record):
        words = record.to_kernel(start)
        kernel = record.kernel_name(words)
        for _ in range(PLIES):
            moves = legal_move_list(kernel, words)
            if not moves:
                break
            if not kernel_module(kernel).is_chance(words):
                yield kernel, words
            words = next_state(kernel, words, rng.choice(moves))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_move_scores_are_the_scripted_players(name):
    """has_move_scores is whether the kernel names a scripted player; move_scores is its judge
    (0 for every move without one); scripted_move is its heuristic_move (the light policy's
    playout_move without one), drawn from the same seeded generator."""
    record = game(name)
    rng = random.Random(f"move-scores-{name}")
    seen = 0
    for kernel, words in positions(record, rng):
        module = kernel_module(kernel)
        if "playout_move" not in dir(module):
            continue  # not an MCTS kernel (a puzzle's planner kernel)
        moves = np.array(legal_move_list(kernel, words), dtype=np.int64)
        n = len(moves)
        scores = np.full(n, -7, dtype=np.int64)
        has, move = dispatch.call(through_dispatch, kernel, words, moves, n, scores, new_rng(5))
        player = kernel_module(module.SCRIPTED_PLAYER) if hasattr(module, "SCRIPTED_PLAYER") else None
        assert has == (player is not None)
        want = np.zeros(n, dtype=np.int64)
        if player is not None:
            player.judge(words, moves, n, want)
        assert np.array_equal(scores, want)
        choose = module.playout_move if player is None else player.heuristic_move
        assert move == choose(words, moves, n, new_rng(5))
        seen += 1
    assert seen > 0 or not any("playout_move" in dir(kernel_module(record.kernel_name(record.to_kernel(s))))
                               for _, s in starts(record))
