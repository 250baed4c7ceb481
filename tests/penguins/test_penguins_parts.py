"""The penguins kernel's part_moves (kernels/penguins/penguins_kernel.py) against its legal_moves on
thousands of positions: random games on every built-in tile board and on random tile boards
(tests/penguins/penguins_random.py), every ply checked with the contract of tests/contract/parts.py.
A tile move is chosen as its action part, then one of the moves having that action."""

import random
from collections import Counter

import numpy as np
import pytest

from kernels.penguins import penguins_kernel as kernel
from kernels.penguins.penguins_layout import ACTION_FIELDS, HOLE_JUMP, ORBIT, SLIDE, TILES
from kernels.penguins.penguins_moves import encode_move
from kernels.penguins.penguins_tiles import one_move_per_action
from solver.games.penguins import penguins_binding as binding
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, SCENARIOS, parse_position
from tests.contract.parts import check_parts, part_list
from tests.penguins.penguins_random import random_tile_position, random_tile_start
from tests.random_chunks import play_chunk

SEALBAY_PLAY = ("6x6 e5/p5/6/Lp1E2/4P1/5P rd2:SE,rd3:SE,rd4:E+SE,re4:SE,rd5:SE,re5:SW,rd6:SE "
                "B play 15/15 1+1/1+1 11")  # bench/penguins_tiles_ratio.py: 349 legal moves
GAMES_PER_BOARD = 12
TILE_GAMES_PER_CHUNK = 60
TILE_CHUNKS = 4


def by_chance(a: int, b: int) -> bool:
    """Two action parts may lead to the same positions by chance (two landings next to a blazing
    tile, each burning its own egg again; two slides whose tent turn ends alike): the kernel keeps
    one part only for explorations from one space that give the same position after the action
    (test_explorations_that_give_one_position_are_one_part); the rest would need every completion
    listed, which part_moves avoids. Such pairs are counted."""
    return True


def exact_completions(words) -> None:
    """Each action part's list is exactly the legal moves having that action part, none left out."""
    out = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    legal = out[:kernel.legal_moves(words, out)].tolist()
    for code, whole in part_list(kernel, words, -1):
        if not whole:
            assert sorted(move for move, _ in part_list(kernel, words, code)) == \
                sorted(move for move in legal if move & ACTION_FIELDS == code), code


def play_checked(words, rng: random.Random, events) -> int:
    """Play a random game from `words` with the kernel, checking part_moves at every ply; count the
    action parts and whole moves reached into `events`; return the plies played."""
    out = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    plies = 0
    while True:
        parts, moves = check_parts(kernel, words, by_chance, events)
        exact_completions(words)
        events["positions"] += 1
        events["parts"] += parts
        events["moves"] += moves
        if moves == 0:
            return plies
        after = np.empty_like(words)
        kernel.apply(words, out[rng.randrange(kernel.legal_moves(words, out))], after)
        words = after
        plies += 1


@pytest.mark.parametrize("name", ["start"] + [name for name, _, _ in SCENARIOS])
def test_parts_are_the_legal_moves_on_every_built_in_board(name):
    """Random games from each built-in board's setup: the parts reach exactly the legal moves."""
    start = binding.to_kernel(parse_position(BUILTIN_POSITIONS[name]))
    plies, events = play_chunk(77, GAMES_PER_BOARD, lambda rng, game, events: play_checked(start, rng, events))
    assert plies > GAMES_PER_BOARD * 10
    # tile moves really were chosen by parts, where a tile adds choices to an action
    assert (events["parts"] > 0) == (start[TILES] == 1 and not one_move_per_action(start))


@pytest.mark.parametrize("chunk", range(TILE_CHUNKS))
def test_parts_are_the_legal_moves_on_random_tile_boards(chunk):
    """Random games on random boards with every barrier and terrain tile (one in ten from the setup)."""
    plies, events = play_chunk(9100 + chunk, TILE_GAMES_PER_CHUNK, lambda rng, game, events: play_checked(
        binding.to_kernel(random_tile_start(rng) if game % 10 == 0 else random_tile_position(rng)), rng, events))
    assert events["positions"] > 2 * TILE_GAMES_PER_CHUNK
    assert events["parts"] > events["positions"]


def test_a_tile_move_is_chosen_by_its_action_first():
    """On sealbay in play, the first list holds each action once (far fewer than the moves) and each
    action's list holds the moves with that action part, all of them whole."""
    words = binding.to_kernel(parse_position(SEALBAY_PLAY))
    out = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    legal = out[:kernel.legal_moves(words, out)].tolist()
    actions = part_list(kernel, words, -1)
    assert not any(whole for _, whole in actions)
    assert sorted(code for code, _ in actions) == sorted({move & ACTION_FIELDS for move in legal})
    assert len(actions) * 5 < len(legal)
    for code, _ in actions:
        moves = part_list(kernel, words, code)
        assert all(whole for _, whole in moves)
        assert sorted(move for move, _ in moves) == sorted(move for move in legal if move & ACTION_FIELDS == code)


@pytest.mark.parametrize("text", [BUILTIN_POSITIONS["sealbay"], BUILTIN_POSITIONS["start"],
                                  "6x6 6/2P3/3I2/1p4/6/6 fb2,xe5 A play 10/10 2+1/2+1 4"])
def test_where_an_action_is_one_move_the_first_list_is_the_legal_moves(text):
    """The setup, a board without tiles and one whose tiles add no choice to an action (freezing,
    radiation): part_moves lists the legal moves themselves, whole."""
    words = binding.to_kernel(parse_position(text))
    out = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    legal = out[:kernel.legal_moves(words, out)].tolist()
    assert part_list(kernel, words, -1) == [(move, True) for move in legal]


@pytest.mark.parametrize("text, kept, left_out", [
    # tunnels: the holes a1 and f6 are neighbours across the edge, so b6's slide east enters f6 then a1
    # with or without the jump; one part, the slide without it
    ("6x6 ePeeP1/1eEEee/1EEeME/e1PEEe/S1E2E/eEEp2 ha1,kd5,hf6 B play 5/6 0+0/2+1 19",
     (SLIDE, 33, 0, 0), (SLIDE, 33, 0, 1)),
    # rookery: c4's first step round the nest clockwise is its slide north-east; one part, the slide
    ("6x6 E1eE1P/1EeeeE/EEN1e1/2pee1/2e1E1/2e2e kb2,te5:cw B play 9/6 2+1/2+1 19",
     (SLIDE, 20, 4, 0), (ORBIT, 20, 1, 0)),
])
def test_explorations_that_give_one_position_are_one_part(text, kept, left_out):
    """P-9a: explorations from one space that give the same position are one choice: one action part,
    and the parts still reach every position of the legal moves."""
    words = binding.to_kernel(parse_position(text))
    codes = [code for code, _ in part_list(kernel, words, -1)]
    action, square, direction, jump = left_out
    assert encode_move(action, square, direction) | (jump << HOLE_JUMP) not in codes
    action, square, direction, jump = kept
    assert encode_move(action, square, direction) | (jump << HOLE_JUMP) in codes
    check_parts(kernel, words, by_chance, Counter())
