"""MCTS (UCT): limits, reproducibility, the memory cap, stopping, and strength on penguins."""

import random
import re
import threading
import tracemalloc
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from kernels import Kernel
from kernels.penguins import penguins_layout as layout
from solver.engines.mcts.mcts_search import BYTES_PER_NODE, MIN_VISIT_SHARE, Tree, mcts_analysis, tree_capacity
from solver.games.penguins import penguins_binding as penguins_kernel
from solver.games.penguins.penguins_binding import encode_move, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_move, parse_position

PENGUINS = Kernel("penguins.penguins_plain")  # the kernel of positions without tiles: every position here

START = to_kernel(parse_position(BUILTIN_POSITIONS["start"]))
POND = to_kernel(parse_position(BUILTIN_POSITIONS["pond"]))
# A to move with 3 eggs in hand: the slide a1-E enters b1..e1 (stopped by the iceberg on f1) and
# lays the 3 eggs, emptying A's supply: A wins at once. Any other move (a landing) lets B win
# with b4-E the same way.
WIN_NOW = "6x6 P4I/6/6/p4I/6/6 - A play 3/3 2+1/2+1 20"


def summary(analysis):
    """Everything a reproducible search must repeat exactly."""
    return (
        analysis.nodes,
        analysis.depth,
        analysis.stopped,
        [(line.move, line.score, line.pv, line.visits) for line in analysis.lines],
        analysis.notes,
    )


@pytest.mark.parametrize("threads", [1, 2])
def test_fixed_seed_and_sims_repeat_exactly(threads):
    """The same seed and simulation count repeat the same search exactly, with 1 or 2 threads."""
    runs = [mcts_analysis(PENGUINS, START, sims=3000, seconds=None, threads=threads, seed=7, multipv=5, memory_mb=16) for _ in range(2)]
    assert summary(runs[0]) == summary(runs[1])
    assert runs[0].engine == "mcts" and runs[0].threads == threads
    assert len(runs[0].lines) == 5


def test_different_seeds_search_differently():
    """Two different seeds give different searches."""
    one = mcts_analysis(PENGUINS, START, sims=2000, seconds=None, seed=1, multipv=64, memory_mb=16)
    two = mcts_analysis(PENGUINS, START, sims=2000, seconds=None, seed=2, multipv=64, memory_mb=16)
    assert summary(one) != summary(two)


@pytest.mark.parametrize("threads", [1, 2])
def test_sims_limit_is_exact(threads):
    """A simulation limit runs exactly that many simulations, spread over every root move."""
    analysis = mcts_analysis(PENGUINS, START, sims=1001, seconds=None, threads=threads, multipv=1000, memory_mb=16)
    assert analysis.stopped == "sims"
    assert analysis.nodes == 1001
    # Every simulation passes through one root child; merged lines cover every root move once.
    assert sum(line.visits for line in analysis.lines) == 1001
    assert len({line.move for line in analysis.lines}) == len(analysis.lines) == 64
    # The moves searched at least MIN_VISIT_SHARE as often as the most visited rank by the lower
    # bound of their interval, the rest after them by visits.
    most = max(line.visits for line in analysis.lines)
    compared = [line for line in analysis.lines if line.visits >= MIN_VISIT_SHARE * most]
    assert analysis.lines[:len(compared)] == compared
    assert [line.low for line in compared] == sorted((line.low for line in compared), reverse=True)
    rest = [line.visits for line in analysis.lines[len(compared):]]
    assert rest == sorted(rest, reverse=True)
    for line in analysis.lines:
        assert line.score.kind == "value" and 0.0 <= line.score.value <= 1.0
        assert line.pv[0] == line.move
    assert analysis.depth >= 2


def test_time_limit_stops_the_search():
    """With no simulation limit, a 0.5 s limit stops the search with 'time' and a best move."""
    analysis = mcts_analysis(PENGUINS, START, sims=None, seconds=0.5, memory_mb=16)
    assert analysis.stopped == "time"  # with no simulation limit, only the clock can stop it
    assert analysis.nodes > 0 and analysis.best is not None


def test_time_limit_with_a_large_sims_limit_stops_on_time():
    """A 0.3 s limit stops the search with 'time' long before a huge simulation limit."""
    analysis = mcts_analysis(PENGUINS, START, sims=10**12, seconds=0.3, threads=2, memory_mb=16)
    assert analysis.stopped == "time"
    assert 0 < analysis.nodes < 10**12


@pytest.mark.parametrize("threads", [1, 2])
def test_stop_flag_from_another_thread_interrupts(threads):
    """Setting the stop flag from another thread stops the search with 'interrupted' and a best move."""
    stop = np.zeros(1, dtype=np.int64)
    timer = threading.Timer(0.3, lambda: stop.__setitem__(0, 1))
    timer.start()
    analysis = mcts_analysis(PENGUINS, START, sims=None, seconds=60, threads=threads, memory_mb=16, stop=stop)
    timer.join()
    assert analysis.stopped == "interrupted"  # the 60 s limit would say 'time'
    assert analysis.nodes > 0 and analysis.best is not None


def test_stop_flag_already_set_returns_at_once():
    """A stop flag set before the search returns 'interrupted' at once, with no simulations run."""
    analysis = mcts_analysis(PENGUINS, START, sims=1000, seconds=None, stop=np.ones(1, dtype=np.int64))
    assert analysis.stopped == "interrupted"
    assert analysis.nodes == 0


@pytest.mark.parametrize("threads", [1, 2])
def test_tiny_memory_cap_fills_the_tree_and_keeps_searching(threads):
    """A 1 MB cap: the trees fit in it and fill up, all simulations still run, and one 'tree full' note says so."""
    capacity = tree_capacity(1, threads)
    assert capacity * threads * BYTES_PER_NODE <= 2**20
    tracemalloc.start()
    try:
        analysis = mcts_analysis(PENGUINS, START, sims=5000, seconds=None, threads=threads, memory_mb=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2**20 + 2**18  # numpy allocations: the 1 MB of trees plus small change
    assert analysis.stopped == "sims" and analysis.nodes == 5000
    notes = [note for note in analysis.notes if note.startswith("tree full")]
    assert len(notes) == 1
    match = re.match(r"tree full at ([\d,]+) nodes \(memory cap 1 MB\): kept searching without growing", notes[0])
    assert match
    assert capacity * threads - 256 * threads < int(match.group(1).replace(",", "")) <= capacity * threads


def test_a_full_tree_grows_no_more():
    """Once an expansion finds no room the tree stops growing, even where a smaller expansion would
    still fit: its leaves skip listing their moves, the dearest part of a simulation on tile boards."""
    midgame = to_kernel(parse_position("8x5 6PI/5S2/pIIpEpee/P1eE4/2I1I2P - B play 14/13 0+0/0+1 13 cap=80"))
    tree = Tree(PENGUINS, midgame, capacity=200, seed=5, exploration=1.4)  # full at 175 nodes
    no_stop = np.zeros(1, dtype=np.int64)
    while not tree.full:
        assert tree.run(1, no_stop) == 1
    size = tree.size
    assert tree.run(2000, no_stop) == 2000
    assert tree.size == size


def test_no_note_when_the_tree_has_room():
    """A search whose tree never fills up adds no notes."""
    analysis = mcts_analysis(PENGUINS, START, sims=200, seconds=None, memory_mb=16)
    assert analysis.notes == []


def test_on_progress_reports_partial_results():
    """on_progress receives 'running' partial results, none ahead of the final one."""
    seen = []
    analysis = mcts_analysis(PENGUINS, START, sims=None, seconds=0.9, memory_mb=16, on_progress=seen.append)
    assert seen
    assert all(partial.engine == "mcts" and partial.stopped == "running" for partial in seen)
    assert seen[-1].nodes <= analysis.nodes


def test_keyboard_interrupt_returns_the_best_so_far():
    """A KeyboardInterrupt during the search returns 'interrupted' with the best move so far."""
    def interrupt(partial):
        raise KeyboardInterrupt

    analysis = mcts_analysis(PENGUINS, START, sims=None, seconds=60, threads=2, memory_mb=16, on_progress=interrupt)
    assert analysis.stopped == "interrupted"
    assert analysis.nodes > 0 and analysis.best is not None


def test_an_error_in_on_progress_stops_the_search_and_propagates():
    """An error raised in on_progress propagates and leaves no search thread running."""
    def fail(partial):
        raise RuntimeError("display failed")

    before = threading.active_count()
    with pytest.raises(RuntimeError, match="display failed"):
        mcts_analysis(PENGUINS, START, sims=None, seconds=60, memory_mb=16, on_progress=fail)
    assert threading.active_count() == before


def test_no_legal_moves():
    """A position with no legal moves returns 'no-moves' with no lines and no best move."""
    finished = to_kernel(parse_position("6x6 6/6/6/6/6/6 - B play 0/5 0+0/0+0 30"))
    analysis = mcts_analysis(PENGUINS, finished, sims=100, seconds=None)
    assert analysis.stopped == "no-moves"
    assert analysis.lines == [] and analysis.best is None


@pytest.mark.parametrize("threads", [1, 2])
def test_finds_the_immediate_win(threads):
    """MCTS picks the one move that wins at once and scores it above 0.95, with 1 or 2 threads."""
    state = parse_position(WIN_NOW)
    winning = encode_move(parse_move(state, "a1-E"))
    analysis = mcts_analysis(PENGUINS, to_kernel(state), sims=2000, seconds=None, threads=threads, memory_mb=16)
    assert analysis.best.move == winning
    assert analysis.best.score.value > 0.95


def play_against_random(game_index: int) -> float:
    """One game from 'pond' (random setup placements): MCTS at 2,000 simulations plays A in even
    games and B in odd ones, a uniformly random player the other side. MCTS's result (1, 0.5, 0)."""
    rng = random.Random(1000 + game_index)
    mcts_side = game_index % 2
    words = POND.copy()
    k = penguins_kernel.kernel()
    while True:
        moves = penguins_kernel.legal_moves(words)
        if not moves:
            break
        if words[layout.PHASE] == 0 or int(words[layout.TURN]) != mcts_side:
            move = rng.choice(moves)
        else:
            move = mcts_analysis(PENGUINS, words, sims=2000, seconds=None, seed=game_index, memory_mb=16).best.move
        words = penguins_kernel.successor(words, move)
    outcome = k.status(words)
    if outcome == layout.DRAW:
        return 0.5
    return 1.0 if outcome == layout.WIN_A + mcts_side else 0.0


def test_beats_a_random_player():
    """MCTS wins at least 38 of 40 games against a random player."""
    with ThreadPoolExecutor(max_workers=2) as pool:  # the searches run without the GIL
        results = list(pool.map(play_against_random, range(40)))
    assert sum(result == 1.0 for result in results) >= 38, results
