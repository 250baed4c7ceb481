"""Every kernel a game's record declares made of parts (Game.part_kernels) defines part_moves and
keeps its contract (tests/contract/parts.py) on random walks by parts from every start of its game:
at each position on the way the whole moves the parts reach are compared with the legal moves
(every part has a completion, the parts reach exactly the legal moves' positions, each part listed
once), and the walk goes on by a move chosen a part at a time, as the searches choose it."""

import random
from collections import Counter

import pytest

from kernels import kernel_module
from kernels.move_parts import NO_PREFIX
from solver.games.kernel_calls import legal_move_list, next_state
from solver.games.registry import GAME_NAMES, game
from tests.contract.parts import check_parts, part_list
from tests.contract.test_contract_kernel import starts

WALKS_PER_START = 8
MAX_PLIES = 80
LEAST_POSITIONS = 2000  # positions of each declared kernel checked at the least


def by_chance(a: int, b: int) -> bool:
    """Two parts of one list may lead to the same positions by chance: knowing that they do needs
    every completion listed, the work part_moves saves (a game's own test says what its kernel
    promises: tests/penguins/test_penguins_parts.py); here they are only counted."""
    return True


def move_by_parts(module, words, rng: random.Random) -> int:
    """A move chosen a part at a time, each part at random from its list, down to a whole move."""
    prefix = NO_PREFIX
    while True:
        code, whole = rng.choice(part_list(module, words, prefix))
        if whole:
            return code
        prefix = code


DECLARING = [name for name in GAME_NAMES if game(name).part_kernels]


def test_a_game_declares_parts():
    """The walks below check at least one game (penguins declares its tile kernel)."""
    assert DECLARING


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_kernel_declared_made_of_parts_defines_part_moves(name):
    """The record's declaration names kernels that list parts."""
    for kernel in game(name).part_kernels:
        assert hasattr(kernel_module(kernel), "part_moves"), kernel


@pytest.mark.parametrize("name", DECLARING)
def test_walks_by_parts_reach_the_positions_of_whole_moves(name):
    """Random walks by parts from each start; part_moves checked against legal_moves at every
    position of a declared kernel on the way, at least LEAST_POSITIONS of each."""
    record = game(name)
    rng = random.Random(f"parts-{name}")
    events = Counter()
    for _, start in starts(record):
        for _ in range(WALKS_PER_START):
            words = record.to_kernel(start)
            for _ in range(MAX_PLIES):
                kernel = record.kernel_name(words)
                module = kernel_module(kernel)
                moves = legal_move_list(kernel, words)
                if not moves or module.is_chance(words):
                    break
                if kernel not in record.part_kernels:
                    words = next_state(kernel, words, rng.choice(moves))
                    continue
                check_parts(module, words, by_chance, events)
                events[kernel] += 1
                move = move_by_parts(module, words, rng)
                assert move in moves
                words = next_state(kernel, words, move)
    for kernel in record.part_kernels:
        assert events[kernel] >= LEAST_POSITIONS, (kernel, events)
