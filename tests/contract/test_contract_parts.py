"""Every kernel that defines the optional part_moves (kernels/dispatch.py) keeps its contract on
random play from every start of its game (tests/contract/parts.py): every part has a completion,
the parts reach the legal moves' positions with legal moves, each part listed once. A kernel that
declares HAS_PARTS defines part_moves."""

import random
from collections import Counter

import pytest

from kernels import kernel_module
from solver.games.kernel_calls import legal_move_list, next_state
from solver.games.registry import GAME_NAMES, game
from tests.contract.parts import check_parts
from tests.contract.test_contract_kernel import starts

GAMES_PER_START = 3
MAX_PLIES = 80


def by_chance(a: int, b: int) -> bool:
    """Two parts of one list may lead to the same positions by chance: knowing that they do needs
    every completion listed, the work part_moves saves (a game's own test says what its kernel
    promises: tests/penguins/test_penguins_parts.py); here they are only counted."""
    return True


@pytest.mark.parametrize("name", GAME_NAMES)
def test_part_moves_keep_their_contract(name):
    """Random games from each start, part_moves checked at every position of a kernel that has it."""
    record = game(name)
    rng = random.Random(f"parts-{name}")
    events = Counter()
    for _, start in starts(record):
        words = record.to_kernel(start)
        for _ in range(GAMES_PER_START):
            state = words
            for _ in range(MAX_PLIES):
                kernel = record.kernel_name(state)
                module = kernel_module(kernel)
                assert not getattr(module, "HAS_PARTS", False) or hasattr(module, "part_moves"), kernel
                if not hasattr(module, "part_moves"):
                    break
                check_parts(module, state, by_chance, events)
                events["positions"] += 1
                moves = legal_move_list(kernel, state)
                if not moves or module.is_chance(state):
                    break
                state = next_state(kernel, state, rng.choice(moves))
    if name == "penguins":
        assert events["positions"] > 100
