"""MCTS confidence: each root move's 95% interval, the best move by its lower bound, and moves the
search cannot tell apart called equal (in `analyze`, `hint` and --json)."""

import json
import random
import subprocess
import sys

import numpy as np
import pytest

from kernels import Kernel
from solver import api
from solver.engines.mcts.mcts_search import Tree, interval, mcts_analysis, rank_root_moves
from solver.engines.registry import EngineSpec
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game
from solver.output.hint_words import hint_lines

PENGUINS = Kernel("penguins.penguins_plain")
START = to_kernel(parse_position(BUILTIN_POSITIONS["start"]))


def test_interval_covers_the_true_mean_95_times_in_100():
    """Over 2,000 seeded samples of 200 draws from known distributions, the interval holds the
    true mean about 95% of the time (the normal approximation: 93% to 97% here)."""
    for values, weights in (((0.0, 1.0), (0.7, 0.3)), ((0.0, 0.5, 1.0), (0.2, 0.3, 0.5))):
        truth = sum(v * w for v, w in zip(values, weights))
        rng = random.Random(1)
        covered = 0
        for _ in range(2000):
            draws = rng.choices(values, weights, k=200)
            low, high = interval(len(draws), sum(draws), sum(d * d for d in draws))
            covered += low <= truth <= high
        assert 0.93 <= covered / 2000 <= 0.97


def test_interval_of_fewer_than_two_rewards_is_the_whole_range():
    """One reward says nothing of the spread: the interval is 0..1."""
    assert interval(0, 0.0, 0.0) == (0.0, 1.0)
    assert interval(1, 1.0, 1.0) == (0.0, 1.0)
    assert interval(10, 10.0, 10.0) == (1.0, 1.0)  # ten wins: no spread, clipped to the range


def test_kernel_sums_the_square_of_each_reward():
    """Each simulation adds the square of the reward it backs up to its root move's row."""
    tree = Tree(PENGUINS, START, 4096, seed=3, exploration=1.4)
    stop = np.zeros(1, dtype=np.int64)
    seen: dict[int, tuple[float, float]] = {}
    for _ in range(300):
        tree.run(1, stop)
        moves, _, rewards, report = tree.root_children()
        for move, total, squares in zip(moves.tolist(), rewards.tolist(), report[:, 2].tolist()):
            before_total, before_squares = seen.get(move, (0.0, 0.0))
            gained = total - before_total
            assert squares - before_squares == pytest.approx(gained * gained)
            seen[move] = (total, squares)


def test_lower_bound_picks_the_well_searched_move():
    """A rarely visited move with a higher mean is not picked over a well-searched one: below 15%
    of the top visits it is not compared at all, and above it a wide interval loses on its lower
    bound, though it stays equal to the best."""
    # move: (visits, summed reward, summed squared reward); rewards 0 or 1, so squares = sum
    steady, lucky, wide = 1, 2, 3
    order, bounds, equal = rank_root_moves({steady: (1000, 550.0, 550.0), lucky: (40, 30.0, 30.0)})
    assert order == [steady, lucky] and equal == (steady,)
    order, bounds, equal = rank_root_moves({steady: (1000, 550.0, 550.0), wide: (200, 116.0, 116.0)})
    assert 116 / 200 > 550 / 1000 and bounds[wide][0] < bounds[steady][0]
    assert order == [steady, wide] and equal == (steady, wide)


def test_separated_intervals_are_not_equal():
    """A move whose interval lies below the best's lower bound is ranked, not called equal."""
    order, _, equal = rank_root_moves({1: (1000, 600.0, 600.0), 2: (1000, 400.0, 400.0)})
    assert order == [1, 2] and equal == (1,)


def test_threads_merge_the_sums():
    """With two trees the lines' intervals come from the merged visits, rewards and squares."""
    analysis = mcts_analysis(PENGUINS, START, sims=4000, seconds=None, threads=2, seed=5, multipv=3, memory_mb=16)
    for line in analysis.lines:
        assert line.low <= line.score.value <= line.high
        assert line.high - line.low < 2 * 1.96 * 0.5 / line.visits**0.5 + 1e-9  # sd of a 0..1 reward is at most 0.5
    assert analysis.equal[0] == analysis.best.move


def hint(game_name, position, after):
    """The hint lines for a position, from a seeded MCTS of 20,000 simulations (reproducible)."""
    entry = game(game_name)
    state, _ = api.load_position(entry, position, after)

    def seeded(entry, spec, state):
        """The hint's search with a simulation count and a seed instead of a time."""
        return api.search(entry, EngineSpec.build("mcts", {"sims": 20_000, "seed": 1, "multipv": spec.settings["multipv"]}), state)

    return hint_lines(entry, state, 3, 1.0, None, None, seeded, None)


def test_hint_on_the_symmetric_island_start_says_equal():
    """On island's symmetric start the shifts differ by noise: the hint says they are equal."""
    lines = hint("island", None, "")
    assert lines[-1].startswith("Equally good after 20,000 simulations (their 95% intervals overlap")
    moves = [line for line in lines if line[:1].isdigit()]
    assert len(moves) == 3
    for line in moves:
        assert "; 95% interval " in line


def test_hint_on_a_coin_flip_bet_says_equal():
    """Betting happy or sad on a throw that lands with 0.50: the hint says the two are equal."""
    lines = hint("hop", "start4", "partner:B card:plain")
    assert lines[-1].endswith(": sad and happy.") or lines[-1].endswith(": happy and sad.")
    assert lines[-1].startswith("Equally good after 20,000 simulations")


def test_json_gives_intervals_and_the_equal_moves():
    """`analyze --json` gives each MCTS line an interval around its score and an `equal` list
    that starts with the best move; alpha-beta lines have none."""
    out = subprocess.run([sys.executable, "-m", "cli", "analyze", "island", "--sims", "20000", "--seed", "1",
                          "--multipv", "3", "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    for line in data["lines"]:
        low, high = line["interval"]
        assert low <= line["score"]["value"] <= high
    assert data["equal"][0] == data["lines"][0]["move"] and len(data["equal"]) >= 2
    out = subprocess.run([sys.executable, "-m", "cli", "analyze", "penguins", "pond", "--depth", "2", "--json"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["equal"] == [] and all(line["interval"] is None for line in data["lines"])
