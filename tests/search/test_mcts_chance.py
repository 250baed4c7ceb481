"""MCTS with chance nodes on a dice game (Island Project): the dice choose, the players search."""

import random

import numpy as np
import pytest

from kernels import Kernel
from kernels.island import island_layout as layout
from solver.engines.mcts.mcts_search import mcts_analysis
from solver.engines.registry import check_engine
from solver.errors import CalderaError
from solver.games.island import island_rules as island
from solver.games.island import island_binding as island_kernel
from solver.games.island.island_binding import chance_outcomes, from_kernel, legal_moves, successor, to_kernel
from solver.games.registry import game

ISLAND = Kernel("island.island_kernel")
START = to_kernel(island.new_game(2))


def roll_position():
    """The 2-player start after the shift 2E: the next move is the dice roll."""
    return to_kernel(island.successor(island.new_game(2), island.move(island.SHIFT, 2 * 2)))


def test_root_chance_node_visits_follow_the_dice():
    """At a roll, simulations reach each outcome about as often as its probability says."""
    analysis = mcts_analysis(ISLAND, roll_position(), sims=36_000, seconds=None, seed=3, multipv=21)
    outcomes = dict(chance_outcomes(roll_position()))
    assert {line.move for line in analysis.lines} == set(outcomes)
    for line in analysis.lines:
        expected = float(outcomes[line.move]) * 36_000
        assert abs(line.visits - expected) < 6 * expected**0.5 + 10  # six standard deviations


def test_fixed_seed_repeats_on_a_dice_game():
    """Seed and simulation count fix the result, chance nodes included."""
    runs = [mcts_analysis(ISLAND, START, sims=3000, seconds=None, seed=11) for _ in range(2)]
    assert [(l.move, l.visits) for l in runs[0].lines] == [(l.move, l.visits) for l in runs[1].lines]


def play(mcts_seat, seed, sims=400):
    """One 2-player game: MCTS on `mcts_seat`, uniform random moves on the other, seeded dice."""
    rng = random.Random(seed)
    words = START
    while True:
        outcomes = chance_outcomes(words)
        if outcomes:
            codes, weights = zip(*outcomes)
            words = successor(words, rng.choices(codes, [float(w) for w in weights])[0])
            continue
        moves = legal_moves(words)
        if not moves:
            break
        if int(words[layout.TO_MOVE]) == mcts_seat:
            move = mcts_analysis(ISLAND, words, sims=sims, seconds=None, seed=rng.randrange(1 << 30)).best.move
        else:
            move = rng.choice(moves)
        words = successor(words, move)
    return island.results(from_kernel(words))[mcts_seat]


def test_mcts_beats_random_on_island():
    """MCTS at 400 simulations a move wins at least 90% of 20 two-player games against random."""
    scores = [play(seat, seed) for seed in range(10) for seat in (0, 1)]
    assert np.mean(scores) >= 0.9, scores


def test_alphabeta_refuses_a_dice_game():
    """Alpha-beta would treat the dice as a player: the engine check says so instead of searching."""
    with pytest.raises(CalderaError, match="without chance.*engines for island: mcts"):
        check_engine(game("island"), "alphabeta", island.new_game(2))
