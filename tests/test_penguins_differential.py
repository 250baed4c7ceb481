"""Differential tests: the bitboard kernel against the reference rules, move for move.

At every ply of thousands of random games (sizes 4..8, random icebergs, random mid-game
positions with small supplies) the kernel must list exactly the reference's legal moves, give
the same status, and produce the same successor state for every slide and hatch and for a
sample of landings.
"""

import random

import numpy as np
import pytest

from solver.games import penguins as ref
from solver.games import penguins_kernel as binding
from tests.penguins_random import pick_move, random_position, random_start

GAMES_PER_CHUNK = 100
CHUNKS = 20  # 2,000 games in all


def test_layout_constants_match_kernel():
    """The binding's copies of the kernel's word indices and codes are the kernel's."""
    k = binding.kernel()
    names = ("EGGS", "PENGUINS", "STARS", "ICEBERGS", "SUPPLY", "UNUSED_ASSISTANTS", "UNUSED_STARS",
             "TURN", "PHASE", "PLY", "PLY_CAP", "WIDTH", "HEIGHT", "STATE_LEN")
    assert {n: getattr(binding, n) for n in names} == {n: getattr(k, n) for n in names}
    assert binding.ACTION_CODES == {ref.RIVAL_EGG: k.RIVAL_EGG, ref.LAND: k.LAND, ref.HATCH: k.HATCH, ref.SLIDE: k.SLIDE}
    assert (ref.ONGOING, ref.WIN_A, ref.WIN_B, ref.DRAW) == (k.ONGOING, k.WIN_A, k.WIN_B, k.DRAW)


def compare_position(state: ref.State, rng: random.Random) -> list[ref.Move]:
    """Assert kernel == reference on one position; return the reference's legal moves."""
    k = binding.kernel()
    words = binding.to_kernel(state)
    assert binding.from_kernel(words, state.rules) == state
    expected = ref.legal_moves(state)
    got = [binding.decode_move(m) for m in binding.legal_moves(words)]
    assert sorted(got) == sorted(expected), ref_text(state)
    assert len(got) == len(set(got))
    assert k.status(words) == ref.status(state), ref_text(state)
    landings = [m for m in expected if m.action in (ref.LAND, ref.RIVAL_EGG)]
    checked = [m for m in expected if m.action in (ref.SLIDE, ref.HATCH)] + rng.sample(landings, min(3, len(landings)))
    for move in checked:
        want = binding.to_kernel(ref.successor(state, move))
        have = binding.successor(words, binding.encode_move(move))
        assert np.array_equal(have, want), (ref_text(state), move)
    return expected


def ref_text(state: ref.State) -> str:
    """The position as notation, for assertion messages."""
    from solver.games.penguins_notation import format_position

    return format_position(state)


def play_and_compare(state: ref.State, rng: random.Random) -> int:
    """Play a random game from `state`, comparing at every ply; return the plies played."""
    plies = 0
    while True:
        moves = compare_position(state, rng)
        if not moves:
            return plies
        state = ref.successor(state, pick_move(rng, moves))
        plies += 1


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_matches_reference_on_random_games(chunk):
    """Half the games start from a random setup, half from random mid-game positions."""
    rng = random.Random(1000 + chunk)
    plies = 0
    for game in range(GAMES_PER_CHUNK):
        start = random_start(rng) if game % 2 == 0 else random_position(rng)
        plies += play_and_compare(start, rng)
    assert plies > GAMES_PER_CHUNK  # the games really were played
