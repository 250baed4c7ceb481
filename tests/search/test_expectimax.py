"""Expectimax on a dice game (Island Project, 2 players): the engine's values against a plain
Python expectimax over the kernel's moves, limits and refusals. (Its on-disk cache is checked
in tests/search/test_kernel_cache.py.)"""

import random
import threading
from functools import lru_cache

import numpy as np
import pytest

from kernels import Kernel
from kernels.island import island_layout as layout
from solver import watch
from solver.engines.expectimax.expectimax_search import expectimax_analysis
from solver.engines.registry import EngineSpec, run_engine
from solver.errors import CalderaError
from solver.games.island import island_rules as island
from solver.games.island import island_binding as island_kernel
from solver.games.island.island_binding import chance_outcomes, is_chance, legal_moves, successor, to_kernel

ISLAND = Kernel("island.island_kernel")

WIN = 1_000_000.0
EVAL_LIMIT = 500_000
START = to_kernel(island.new_game(2))
K = island_kernel.kernel()
WEIGHTS = K.EVAL_WEIGHTS.copy()


# ---------------------------------------------------------------------------------------------
# The oracle: plain expectimax from seat 0's view (max for seat 0, min for seat 1, mean at dice)


def mover(words):
    return int(words[layout.TO_MOVE])


def for_seat0(value, seat):
    """A value from `seat`'s view, seen by seat 0 (two players: the other view is the negation)."""
    return value if seat == 0 else -value


def oracle0(words, depth):
    """The value for seat 0 of `words` searched `depth` decision plies deep (dice are free)."""
    if words[layout.PHASE] == island_kernel.PHASE_CODES[island.OVER]:
        values = np.zeros(4)
        K.terminal_values(words, values)
        return (2 * values[0] - 1) * WIN
    if depth == 0:
        return for_seat0(float(min(max(int(K.evaluate(words, WEIGHTS)), -EVAL_LIMIT), EVAL_LIMIT)), mover(words))
    if is_chance(words):
        return sum(p * oracle0(successor(words, m), depth) for m, p in chance_outcomes(words))
    children = [oracle0(successor(words, m), depth - 1) for m in legal_moves(words)]
    return max(children) if mover(words) == 0 else min(children)


def oracle(words, depth, seat):
    """oracle0 from `seat`'s view."""
    return for_seat0(oracle0(words, depth), seat)


def engine_value(score):
    """The kernel value (hundredths of a food, +-WIN for finished games) of a Score."""
    if score.kind == "win":
        return WIN
    if score.kind == "loss":
        return -WIN
    return score.value * 100


# ---------------------------------------------------------------------------------------------
# Positions: random play (dice by their probabilities), plus positions a few plies before the end


def random_game(seed):
    """Every position of one random 2-player game, the final one included."""
    rng = random.Random(seed)
    words, history = START, [START]
    while True:
        outcomes = chance_outcomes(words)
        if outcomes:
            codes, weights = zip(*outcomes)
            move = rng.choices(codes, weights)[0]
        else:
            moves = legal_moves(words)
            if not moves:
                return history
            move = rng.choice(moves)
        words = successor(words, move)
        history.append(words)


def positions():
    """Mid-game positions of every phase and positions 1-6 plies before a game's end."""
    found = []
    for seed in range(6):
        history = random_game(seed)
        rng = random.Random(100 + seed)
        found += [history[rng.randrange(len(history) - 1)] for _ in range(2)]
        found.append(history[-1 - (1 + seed)])
    return found


POSITIONS = positions()


def phase(words):
    return island_kernel.PHASE_OF_CODE[int(words[layout.PHASE])]


@lru_cache(maxsize=None)
def oracle_of(index, depth):
    words = POSITIONS[index]
    return oracle(words, depth, mover(words))


def test_positions_are_varied():
    """The random positions cover every phase of a turn, and some games end within two plies."""
    assert {phase(w) for w in POSITIONS} >= {island.SHIFTING, island.ROLLING, island.CHOOSING, island.ACTION1}
    assert all(phase(w) != island.OVER for w in POSITIONS)
    near_end = [i for i in range(len(POSITIONS)) if abs(oracle_of(i, 2)) > 100_000]
    assert near_end, "no terminal score reached"


# ---------------------------------------------------------------------------------------------
# Values equal the plain expectimax


@pytest.mark.parametrize("depth", [1, 2])
@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_root_value_equals_expectimax(index, depth):
    """The root value equals the oracle's, and so does the value of the best move it gives."""
    words = POSITIONS[index]
    analysis = expectimax_analysis(ISLAND, words, depth=depth)
    # 'solved' (every line reached the end) may come earlier: deeper searches give the same value.
    assert (analysis.stopped, analysis.depth) == ("depth", depth) or (analysis.stopped == "solved" and analysis.depth <= depth)
    expected = oracle_of(index, depth)
    if is_chance(words):
        # A roll at the root: one line per outcome, each the oracle's value of that outcome.
        outcomes = chance_outcomes(words)
        assert [line.move for line in analysis.lines] == [m for m, _ in outcomes]
        total = 0.0
        for line, (move, p) in zip(analysis.lines, outcomes):
            value = oracle(successor(words, move), depth, mover(words))
            assert engine_value(line.score) == pytest.approx(value, rel=1e-9, abs=1e-6)
            total += p * value
        assert total == pytest.approx(expected, rel=1e-9, abs=1e-6)
        return
    best = analysis.best
    assert engine_value(best.score) == pytest.approx(expected, rel=1e-9, abs=1e-6)
    assert best.move in legal_moves(words) and best.pv[0] == best.move
    assert oracle(successor(words, best.move), depth - 1, mover(words)) == pytest.approx(expected, rel=1e-9, abs=1e-6)
    assert_line_is_legal(words, best.pv)


@pytest.mark.parametrize("index", [i for i, w in enumerate(POSITIONS) if phase(w) in (island.CHOOSING, island.ACTION1, island.ACTION2)][:3])
def test_root_value_equals_expectimax_at_depth_3(index):
    """Three plies from a die choice or an action: the table and the Star1 windows at work."""
    words = POSITIONS[index]
    analysis = expectimax_analysis(ISLAND, words, depth=3)
    assert engine_value(analysis.best.score) == pytest.approx(oracle_of(index, 3), rel=1e-9, abs=1e-6)


def test_multipv_lines_have_their_moves_values():
    """multipv=3: distinct moves, values non-increasing, each the oracle's value of its move."""
    words = next(w for w in POSITIONS if phase(w) == island.SHIFTING)
    analysis = expectimax_analysis(ISLAND, words, depth=2, multipv=3)
    assert len({line.move for line in analysis.lines}) == 3
    values = [engine_value(line.score) for line in analysis.lines]
    assert values == sorted(values, reverse=True)
    children = sorted((oracle(successor(words, m), 1, mover(words)) for m in legal_moves(words)), reverse=True)
    assert values == pytest.approx(children[:3], rel=1e-9, abs=1e-6)


def assert_line_is_legal(words, pv):
    """Each move of the PV is legal (or a chance outcome) where it is played."""
    for move in pv:
        assert move in legal_moves(words)
        words = successor(words, move)


# ---------------------------------------------------------------------------------------------
# Limits, refusals, the engine registry


def test_depth_limit_and_speed_figures():
    """depth=4 from the start finishes that iteration with a legal move and a legal PV."""
    analysis = expectimax_analysis(ISLAND, START, depth=4)
    assert analysis.stopped == "depth" and analysis.depth == 4 and analysis.engine == "expectimax"
    assert analysis.best.move in legal_moves(START)
    assert_line_is_legal(START, analysis.best.pv)


@pytest.mark.parametrize("limit", [5000, 50_000])
def test_node_limit(limit):
    """A node limit stops soon after the limit (polled every 1024 nodes) with a legal move."""
    analysis = expectimax_analysis(ISLAND, START, nodes=limit, seconds=60)
    assert analysis.stopped == "nodes"
    assert limit <= analysis.nodes <= limit + 2048
    assert analysis.best.move in legal_moves(START)


def test_time_limit():
    """A 0.3 s limit from the start stops with 'time' and a legal move."""
    analysis = expectimax_analysis(ISLAND, START, seconds=0.3)
    assert analysis.stopped == "time" and analysis.seconds >= 0.3
    assert analysis.best.move in legal_moves(START)


def test_stop_flag_from_another_thread():
    """Raising the stop flag from another thread ends the search with 'interrupted'."""
    stop = watch.new_stop()
    raiser = threading.Timer(0.2, lambda: stop.__setitem__(0, watch.INTERRUPTED))
    raiser.start()
    try:
        analysis = expectimax_analysis(ISLAND, START, stop=stop, seconds=60)
    finally:
        raiser.cancel()
    assert analysis.stopped == "interrupted"
    assert analysis.best.move in legal_moves(START)


@pytest.mark.parametrize("players", [3, 4])
def test_more_than_two_players_are_refused(players):
    """3- and 4-player positions are refused with a clear error pointing at MCTS (the engine
    check every command makes before searching)."""
    from solver.engines.registry import check_engine
    from solver.games.registry import game

    with pytest.raises(CalderaError, match="two-player.*use mcts"):
        check_engine(game("island"), "expectimax", island.new_game(players))


def test_engine_registry_runs_expectimax():
    """`expectimax:depth=2,multipv=2` through run_engine; the root array is left unchanged."""
    root = START.copy()
    analysis = run_engine(EngineSpec.parse("expectimax:depth=2,multipv=2"), ISLAND, root)
    assert analysis.engine == "expectimax" and analysis.depth == 2 and len(analysis.lines) == 2
    assert np.array_equal(root, START)
