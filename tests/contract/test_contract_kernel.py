"""Kernel == reference rules on random play, for every game of the registry: the same legal moves,
the same chance outcomes and probabilities, the same successors, the same end and results
(docs/adding-a-game.md). Each game's own differential test plays thousands of games; this one
holds a new game to the same contract from its first commit.

Also: the kernel operations the searches call (kernels/dispatch.py) fail loudly, naming the
operation, when a kernel lacks one."""

import random
import types

import numba
import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from kernels import dispatch, kernel_module
from solver.games.kernel_calls import chance_outcome_list, legal_move_list, next_state
from solver.games.registry import GAME_NAMES, game

GAMES_PER_START = 2
MAX_PLIES = 400  # games that end are played to their end (penguins 13-60 plies, island about 130)
PUZZLE_PLIES = 6  # a single-agent map never ends: a few actions from every start
SUCCESSORS_CHECKED = 4


def starts(record):
    """The positions random play starts from: every built-in position and warm-up position."""
    for name in record.builtin_positions():
        yield name, record.resolve_position(name)
    for number, state in enumerate(record.warmup_positions()):
        yield f"warm-up {number}", state


def compare(record, state, rng) -> list[int]:
    """Assert kernel == reference at `state`; return the reference's moves (the outcomes at a roll)."""
    words = record.to_kernel(state)
    kernel = record.kernel_name(words)
    module = kernel_module(kernel)
    outcomes = record.chance_outcomes(state)
    assert bool(module.is_chance(words)) == bool(outcomes)
    if outcomes:
        got = chance_outcome_list(kernel, words)
        assert sorted(m for m, _ in got) == sorted(m for m, _ in outcomes)
        want = dict(outcomes)
        assert all(abs(p - float(want[m])) < 1e-12 for m, p in got)
        moves = [m for m, _ in outcomes]
    else:
        moves = record.legal_moves(state)
        assert sorted(legal_move_list(kernel, words)) == sorted(moves)
    for move in rng.sample(moves, min(len(moves), SUCCESSORS_CHECKED)):
        assert np.array_equal(next_state(kernel, words, move), record.to_kernel(record.successor(state, move))), move
    if "terminal_values" in dir(module):
        assert bool(module.is_over(words)) == record.is_over(state)
        if record.is_over(state):
            values = np.full(module.SEATS, -1.0)
            module.terminal_values(words, values)
            assert tuple(values[: record.player_count(state)]) == pytest.approx(record.results(state))
    return moves


@pytest.mark.parametrize("name", GAME_NAMES)
def test_kernel_agrees_with_the_reference_on_random_play(name):
    """From every start, a few random games (chance by its probabilities): kernel == reference at
    every position reached, the end of the game included."""
    record = game(name)
    rng = random.Random(f"contract-{name}")
    finished = 0
    for _, start in starts(record):
        for _ in range(GAMES_PER_START):
            state = start
            for _ in range(PUZZLE_PLIES if record.is_single_agent(start) else MAX_PLIES):
                moves = compare(record, state, rng)
                if not moves:
                    finished += 1
                    break
                outcomes = record.chance_outcomes(state)
                if outcomes:
                    move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
                else:
                    move = rng.choice(moves)
                state = record.successor(state, move)
    assert finished > 0 or not record.adversarial  # some games reached their end and were compared there


def fake_kernel(without: str):
    """A kernel module that copies the penguins plain kernel but lacks the operation `without`."""
    real = kernel_module("penguins.penguins_plain")
    fake = types.ModuleType("kernels.contract_fake")
    for part in (*dispatch.CONSTANTS, *dispatch.ENGINE_OPERATIONS["mcts"], "is_over", "evaluate", "EVAL_WEIGHTS"):
        if part != without:
            setattr(fake, part, getattr(real, part))
    return fake


@njit
def playout_step(kernel, state, moves, rng):
    """One light-policy move, as MCTS's playouts make it."""
    numba.literally(kernel)
    n = dispatch.legal_moves(kernel, state, moves)
    return dispatch.playout_move(kernel, state, moves, n, rng)


def test_a_missing_operation_fails_loudly(monkeypatch):
    """A search compiled for a kernel without an operation it calls stops with an error naming
    the kernel and the operation, instead of a plausible default."""
    import sys

    monkeypatch.setitem(sys.modules, "kernels.contract_fake", fake_kernel(without="playout_move"))
    words = np.zeros(40, dtype=np.uint64)
    words[16:19] = (10, 4, 4)  # an empty 4x4 penguins board, ply cap 10
    with pytest.raises(TypingError, match="kernel contract_fake has no operation playout_move"):
        playout_step("contract_fake", words, np.empty(256, dtype=np.int64), np.ones(1, dtype=np.uint64))
