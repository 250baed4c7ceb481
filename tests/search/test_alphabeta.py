"""Alpha-beta on penguins: equal to plain minimax, exact solver against a brute-force oracle,
limits (depth, nodes, time, stop flag, multipv, no moves), and the root left untouched.

Two independent oracles, both written here:
- `minimax`: plain full-width negamax over the kernel binding, scored exactly like the search
  (a win n plies from the root is WIN - n, a loss -(WIN - n), a draw 0, leaves the kernel's
  evaluation or, in solver mode, 0);
- `ref_value`: the same negamax over the reference rules (solver/games/penguins/penguins_rules.py), the judge
  of the forced results listed in tests/search/forced_wins.txt.
"""

from __future__ import annotations

import random
import threading
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from numba import njit

from kernels import Kernel
from kernels.penguins import penguins_kernel as kp
from kernels.penguins import penguins_layout as layout
from solver import watch
from solver.analysis import WIN, Score
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_binding import decode_move, legal_moves, successor, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, format_move, format_position, parse_move, parse_position
from tests.penguins.penguins_random import pick_move, random_position, random_start

DATA = Path(__file__).with_name("forced_wins.txt")
PENGUINS = Kernel("penguins.penguins_plain")  # the kernel of positions without tiles: every position here
START = to_kernel(parse_position(BUILTIN_POSITIONS["start"]))
_pond = parse_position(BUILTIN_POSITIONS["pond"])
for _text in ("+a1", "+f6"):
    _pond = ref.successor(_pond, parse_move(_pond, _text))
POND_PLAY = to_kernel(_pond)  # pond after both setup placements: 34 moves, no quick result
NO_MOVES = {
    "no legal action": "4x4 IIII/IIII/IIII/eeee - A play 16/12 3+1/3+1 10",
    "supply empty": "6x6 6/6/EEE2P/6/1p4/6 - B play 0/16 2+1/2+1 10",
    "ply cap": "4x4 e3/4/4/4 - B setup 16/15 3+1/3+1 1 cap=1",
}


# ---------------------------------------------------------------------------------------------
# Oracles


def score_int(score: Score) -> int:
    """The search's integer score back from a Score (inverse of Score.from_alphabeta)."""
    if score.kind == "eval":
        return round(score.value * 100)
    if score.kind == "win":
        return WIN - score.plies
    if score.kind == "loss":
        return -(WIN - score.plies)
    assert score.kind == "draw", score
    return 0


@njit(cache=True)
def _negamax(state, depth, ply, solve, moves, states):
    """Plain full-width negamax over the tile kernel's own operations (no pruning, no table, no
    ordering: none of the search's code), each ply's moves in moves[ply], its children in states."""
    n = kp.legal_moves(state, moves[ply])
    if n == 0:
        outcome = kp.status(state)
        if outcome == layout.DRAW:
            return np.int64(0)
        winner = 0 if outcome == layout.WIN_A else 1
        return np.int64(WIN - ply) if winner == state[layout.TURN] else np.int64(-(WIN - ply))
    if depth == 0:
        return np.int64(0) if solve else np.int64(kp.evaluate(state, kp.EVAL_WEIGHTS))
    best = np.int64(-2 * WIN)
    for i in range(n):
        kp.apply(state, moves[ply, i], states[ply + 1])
        best = max(best, -_negamax(states[ply + 1], depth - 1, ply + 1, solve, moves, states))
    return best


def minimax(words: np.ndarray, depth: int, ply: int = 0, solve: bool = False) -> int:
    """Plain full-width negamax of kernel position `words`, `ply` plies from the root, no pruning, no table."""
    plies = ply + depth + 1
    states = np.zeros((plies + 1, len(words)), dtype=words.dtype)
    moves = np.zeros((plies, layout.MAX_MOVES), dtype=np.int64)
    return int(_negamax(words, depth, ply, solve, moves, states))


@lru_cache(maxsize=None)
def ref_value(state: ref.State, depth: int, ply: int = 0) -> int:
    """Exact negamax over the REFERENCE rules with unknown leaves scored 0: WIN - n when the
    side to move wins by force in n plies (n <= depth, the shortest such n), -(WIN - n) when
    it loses by force, 0 otherwise (no forced result within `depth`, or a forced draw)."""
    outcome = ref.status(state)
    if outcome != ref.ONGOING:
        if outcome == ref.DRAW:
            return 0
        winner = 0 if outcome == ref.WIN_A else 1
        return WIN - ply if winner == state.to_move else -(WIN - ply)
    if depth == 0:
        return 0
    return max(-ref_value(ref.successor(state, m), depth - 1, ply + 1) for m in ref.legal_moves(state))


def ref_move_value(state: ref.State, move: ref.Move, depth: int) -> int:
    """The reference value of playing `move` first, seen from the root side."""
    return -ref_value(ref.successor(state, move), depth - 1, 1)


def assert_line_is_legal(root: np.ndarray, pv) -> None:
    """Every move of a principal variation is legal where it is played."""
    words = root
    for move in pv:
        assert move in legal_moves(words), (pv, move)
        words = successor(words, move)


# ---------------------------------------------------------------------------------------------
# Positions


def random_positions(seed: int, count: int, max_moves: int = 40) -> list[ref.State]:
    """Seeded random positions (mid-game or setup, sizes 4..8, plus a few random plies), with
    at most `max_moves` legal moves so that the Python minimax stays cheap; most positions
    where the side to move wins at once are skipped so that evaluations dominate."""
    rng = random.Random(seed)
    found: list[ref.State] = []
    while len(found) < count:
        state = random_position(rng) if rng.random() < 0.8 else random_start(rng)
        for _ in range(rng.randint(0, 4)):
            moves = ref.legal_moves(state)
            if not moves:
                break
            state = ref.successor(state, pick_move(rng, moves))
        if not 0 < len(ref.legal_moves(state)) <= max_moves:
            continue
        if ref_value(state, 1) == WIN - 1 and rng.random() < 0.7:
            continue
        found.append(state)
    return found


RANDOM = random_positions(2024, 24)
RANDOM_WORDS = [to_kernel(state) for state in RANDOM]
# Fewer moves, searched one ply deeper: from depth 4 on, transpositions reach interior nodes
# (landings in another order), so the table's cut-offs are exercised.
SMALL = random_positions(77, 12, max_moves=14)


@lru_cache(maxsize=None)
def random_minimax(index: int, depth: int, solve: bool = False) -> int:
    """minimax of random position `index` (cached: several tests compare against it)."""
    return minimax(RANDOM_WORDS[index], depth, solve=solve)


@lru_cache(maxsize=None)
def text_minimax(text: str, depth: int) -> int:
    """minimax of the position written `text` (cached)."""
    return minimax(to_kernel(parse_position(text)), depth)


def forced_positions() -> list[tuple[str, int | None, str]]:
    """(kind, plies, notation) of every line of tests/search/forced_wins.txt."""
    entries = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, text = (part.strip() for part in line.split("|"))
        kind, *plies = label.split()
        entries.append((kind, int(plies[0]) if plies else None, text))
    return entries


FORCED = forced_positions()


def forced_ids(kinds) -> list:
    """pytest params of the forced positions of the given kinds, with readable ids."""
    return [pytest.param(kind, plies, text, id=f"{kind}{plies or ''}-{i}")
            for i, (kind, plies, text) in enumerate(FORCED) if kind in kinds]


@pytest.fixture(scope="module", autouse=True)
def warm_kernels():
    """Load (or compile) the numba search once, so that timed tests time the search only."""
    alphabeta_analysis(PENGUINS, POND_PLAY, depth=2)
    alphabeta_analysis(PENGUINS, POND_PLAY, depth=1, threads=2, solve=True)


# ---------------------------------------------------------------------------------------------
# 1. Alpha-beta equals plain minimax


def test_random_positions_are_varied():
    """The random sample mixes setup and play, several sizes, quiet and decided positions."""
    assert len(RANDOM) >= 20
    assert any(s.phase == ref.SETUP for s in RANDOM) and any(s.phase == ref.PLAY for s in RANDOM)
    assert len({(s.width, s.height) for s in RANDOM}) >= 5
    kinds = {Score.from_alphabeta(random_minimax(i, 3)).kind for i in range(len(RANDOM))}
    assert kinds >= {"eval", "win"}
    assert sum(Score.from_alphabeta(random_minimax(i, 3)).kind == "eval" for i in range(len(RANDOM))) >= 12


CONFIGS = {
    "default": {},
    "tiny-table": {"hash_mb": 1},
    "two-threads": {"threads": 2},
}


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("index", range(len(RANDOM)))
def test_alphabeta_equals_minimax(index, config):
    """Root score at depth 1, 2, 3 equals plain negamax, and so does the best move's value."""
    words = RANDOM_WORDS[index]
    text = format_position(RANDOM[index])
    for depth in (1, 2, 3):
        expected = random_minimax(index, depth)
        analysis = alphabeta_analysis(PENGUINS, words, depth=depth, **CONFIGS[config])
        assert analysis.lines, text
        best = analysis.best
        got = score_int(best.score)
        assert got == expected, f"{text} depth {depth} ({config}): expected {expected}, got {got}"
        if analysis.stopped == "depth":
            assert analysis.depth == depth
        else:  # a forced result proven in an earlier iteration
            assert analysis.stopped == "solved" and best.score.kind in ("win", "loss") and analysis.depth <= depth
        assert best.move in legal_moves(words) and best.pv[0] == best.move
        assert_line_is_legal(words, best.pv)
        move_value = -minimax(successor(words, best.move), depth - 1, 1)
        assert move_value == expected, f"{text} depth {depth} ({config}): best move {best.move} is worth {move_value}"


DEEPER = [(format_position(state), 4) for state in SMALL] + [
    (text, depth) for kind, _, text in FORCED if kind != "draw" for depth in (4, 5, 6)]


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("text, depth", DEEPER)
def test_alphabeta_equals_minimax_deeper(text, depth, config):
    """On small positions at depth 4 to 6 (transpositions inside the tree) too."""
    words = to_kernel(parse_position(text))
    expected = text_minimax(text, depth)
    analysis = alphabeta_analysis(PENGUINS, words, depth=depth, **CONFIGS[config])
    got = score_int(analysis.best.score)
    assert got == expected, f"{text} depth {depth} ({config}): expected {expected}, got {got}"
    assert analysis.stopped == "solved" or analysis.depth == depth
    assert -minimax(successor(words, analysis.best.move), analysis.depth - 1, 1) == expected
    assert_line_is_legal(words, analysis.best.pv)


@pytest.mark.parametrize("index", range(len(RANDOM)))
def test_solver_mode_equals_minimax_with_unknown_leaves(index):
    """solve=True at depth 3 equals plain negamax whose non-terminal leaves score 0."""
    words = RANDOM_WORDS[index]
    expected = random_minimax(index, 3, solve=True)
    analysis = alphabeta_analysis(PENGUINS, words, depth=3, solve=True)
    got = score_int(analysis.best.score)
    assert got == expected, f"{format_position(RANDOM[index])} solve depth 3: expected {expected}, got {got}"
    assert -minimax(successor(words, analysis.best.move), 2, 1, solve=True) == expected


# ---------------------------------------------------------------------------------------------
# 2. The exact solver against the reference brute force


@pytest.mark.parametrize("kind, plies, text", forced_ids({"win", "loss", "none", "draw"}))
def test_forced_positions_are_labelled_right(kind, plies, text):
    """The brute force over the reference rules confirms every label of forced_wins.txt."""
    state = parse_position(text)
    if kind == "win":
        assert ref_value(state, plies) == WIN - plies
        assert plies == 1 or ref_value(state, plies - 1) == 0  # not faster (wins have odd length)
    elif kind == "loss":
        assert ref_value(state, plies) == -(WIN - plies)
        assert ref_value(state, plies - 1) == 0
    elif kind == "none":
        assert ref_value(state, plies) == 0
    else:
        to_end = state.rules.ply_cap - state.ply
        # Within the plies left every line ends at the cap at the latest, so 0 is a proven draw.
        assert 0 < to_end <= 5 and ref_value(state, to_end) == 0 and ref_value(state, to_end + 2) == 0


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind, plies, text", forced_ids({"win", "loss"}))
def test_solver_finds_forced_results_at_the_right_distance(kind, plies, text, threads):
    """solve=True reports win / loss in exactly the brute force's plies, with a best first move."""
    state = parse_position(text)
    words = to_kernel(state)
    analysis = alphabeta_analysis(PENGUINS, words, depth=5, solve=True, threads=threads)
    best = analysis.best
    assert best.score.kind == kind and best.score.plies == plies, (
        f"{text}: expected {kind} in {plies}, got {best.score}")
    assert analysis.stopped == "solved" and not analysis.notes
    # One thread proves it in iteration `plies`; a lazy-SMP helper may run ahead and fill the
    # table with deeper results, so with two threads an earlier iteration may already see it.
    assert (analysis.depth == plies) if threads == 1 else (1 <= analysis.depth <= plies)
    first = decode_move(best.move)
    assert first in ref.legal_moves(state)
    assert ref_move_value(state, first, plies) == score_int(best.score), (
        f"{text}: first move {format_move(state, first)} does not keep the {kind} in {plies}")
    assert best.pv[0] == best.move and len(best.pv) <= plies
    assert_line_is_legal(words, best.pv)
    # A principal variation that reaches the end of the game ends in the promised result.
    root_side, root_ply = state.to_move, state.ply
    for move in best.pv:
        state = ref.successor(state, decode_move(move))
    if ref.status(state) != ref.ONGOING:
        outcome = ref.status(state)
        assert outcome != ref.DRAW and (outcome == ref.WIN_A + root_side) == (kind == "win")
        assert state.ply - root_ply == plies


@pytest.mark.parametrize("kind, plies, text", forced_ids({"win", "loss", "none"}))
def test_solver_scores_every_root_move_like_the_brute_force(kind, plies, text):
    """With multipv = all moves, each root move's solver score equals the brute force's."""
    state = parse_position(text)
    words = to_kernel(state)
    n = len(ref.legal_moves(state))
    analysis = alphabeta_analysis(PENGUINS, words, depth=5, solve=True, multipv=n)
    assert len(analysis.lines) == n and len({line.move for line in analysis.lines}) == n
    depth = analysis.depth
    for line in analysis.lines:
        move = decode_move(line.move)
        assert score_int(line.score) == ref_move_value(state, move, depth), (
            f"{text}: {format_move(state, move)} at depth {depth}: expected "
            f"{Score.from_alphabeta(ref_move_value(state, move, depth))}, got {line.score}")


@pytest.mark.parametrize("kind, plies, text", forced_ids({"none"}))
def test_solver_claims_nothing_without_a_forced_win(kind, plies, text):
    """Where no side can force a result within 5 plies, solve=True at depth 5 proves nothing."""
    analysis = alphabeta_analysis(PENGUINS, to_kernel(parse_position(text)), depth=plies, solve=True)
    assert analysis.best.score.kind not in ("win", "loss"), f"{text}: claimed {analysis.best.score}"
    assert score_int(analysis.best.score) == 0
    assert analysis.stopped == "depth" and analysis.depth == plies
    assert any("not proven" in note for note in analysis.notes)


@pytest.mark.parametrize("kind, plies, text", forced_ids({"draw"}))
def test_solver_proves_a_draw_at_the_ply_cap(kind, plies, text):
    """solve=True with plies_to_end = cap - ply proves the draw (kind 'draw', stopped 'solved')."""
    state = parse_position(text)
    to_end = state.rules.ply_cap - state.ply
    analysis = alphabeta_analysis(PENGUINS, to_kernel(state), solve=True, plies_to_end=to_end, seconds=30)
    assert analysis.best.score.kind == "draw", f"{text}: {analysis.best.score}"
    assert analysis.stopped == "solved" and analysis.depth == to_end
    assert decode_move(analysis.best.move) in ref.legal_moves(state)


# ---------------------------------------------------------------------------------------------
# 3. Limits


def test_depth_limit():
    """A depth limit finishes exactly that iteration and says 'depth'."""
    analysis = alphabeta_analysis(PENGUINS, POND_PLAY, depth=4)
    assert analysis.stopped == "depth" and analysis.depth == 4
    assert analysis.best.move in legal_moves(POND_PLAY) and analysis.best.score.kind == "eval"
    assert analysis.nodes > 0 and not analysis.notes


@pytest.mark.parametrize("limit", [3000, 20000])
def test_node_limit(limit):
    """A node limit stops the search soon after the limit with 'nodes' and a legal move."""
    analysis = alphabeta_analysis(PENGUINS, POND_PLAY, nodes=limit, seconds=30)
    assert analysis.stopped == "nodes"
    assert limit <= analysis.nodes <= limit + 2048  # the flag is polled every 1024 nodes
    assert analysis.depth >= 1 and analysis.best.move in legal_moves(POND_PLAY)


def test_time_limit():
    """A 0.3 s limit on a rich position stops it with 'time' and a legal move."""
    analysis = alphabeta_analysis(PENGUINS, START, seconds=0.3)
    assert analysis.stopped == "time"  # without the limit it would search to depth 319
    assert analysis.seconds >= 0.3
    assert analysis.best is not None and analysis.best.move in legal_moves(START)
    assert_line_is_legal(START, analysis.best.pv)


def test_stop_flag_from_another_thread():
    """Raising the stop flag from another thread ends the search with 'interrupted'."""
    stop = watch.new_stop()
    raiser = threading.Timer(0.2, lambda: stop.__setitem__(0, watch.INTERRUPTED))
    raiser.start()
    try:
        analysis = alphabeta_analysis(PENGUINS, START, stop=stop, seconds=30)  # 30 s: would say 'time'
    finally:
        raiser.cancel()
    assert analysis.stopped == "interrupted"
    assert analysis.best is not None and analysis.best.move in legal_moves(START)


@pytest.mark.parametrize("index", range(0, len(RANDOM), 3))
def test_multipv_gives_distinct_best_moves(index):
    """multipv=3: three distinct legal moves, scores non-increasing, each equal to minimax."""
    words = RANDOM_WORDS[index]
    moves = legal_moves(words)
    if len(moves) < 3:
        pytest.skip("fewer than 3 legal moves")
    analysis = alphabeta_analysis(PENGUINS, words, depth=2, multipv=3)
    lines = analysis.lines
    assert len(lines) == 3 and len({line.move for line in lines}) == 3
    assert all(line.move in moves and line.pv[0] == line.move for line in lines)
    scores = [score_int(line.score) for line in lines]
    assert scores == sorted(scores, reverse=True)
    depth = analysis.depth
    values = sorted((-minimax(successor(words, m), depth - 1, 1) for m in moves), reverse=True)
    assert scores == values[:3], format_position(RANDOM[index])
    for line, score in zip(lines, scores):
        assert -minimax(successor(words, line.move), depth - 1, 1) == score


def test_multipv_with_more_lines_than_moves():
    """Asking for more lines than there are moves gives one line per move."""
    words = to_kernel(parse_position(FORCED[0][2]))
    n = len(legal_moves(words))
    analysis = alphabeta_analysis(PENGUINS, words, depth=2, multipv=n + 5)
    assert sorted(line.move for line in analysis.lines) == sorted(legal_moves(words))


def test_node_limit_inside_the_first_iteration_still_gives_a_move():
    """Even a node limit smaller than the first iteration gives the moves searched so far."""
    analysis = alphabeta_analysis(PENGUINS, START, nodes=100, multipv=20, seconds=30)
    assert analysis.stopped == "nodes"
    assert analysis.best is not None and analysis.best.move in legal_moves(START)


@pytest.mark.parametrize("text", NO_MOVES.values(), ids=NO_MOVES.keys())
def test_no_legal_moves(text):
    """A finished position (no legal move) gives no lines and stopped 'no-moves'."""
    words = to_kernel(parse_position(text))
    assert legal_moves(words) == []
    for solve in (False, True):
        analysis = alphabeta_analysis(PENGUINS, words, depth=3, solve=solve)
        assert analysis.lines == [] and analysis.best is None
        assert analysis.stopped == "no-moves"


# ---------------------------------------------------------------------------------------------
# 4. The root is never changed


@pytest.mark.parametrize(
    "options",
    [
        {"depth": 3},
        {"depth": 3, "threads": 2, "multipv": 2},
        {"depth": 5, "solve": True},
        {"seconds": 0.2},
        {"nodes": 2000},
    ],
    ids=["depth", "threads-multipv", "solve", "time", "nodes"],
)
def test_root_array_is_not_changed(options):
    """Searching leaves the root array passed in exactly as it was."""
    for words in (POND_PLAY, RANDOM_WORDS[0], to_kernel(parse_position(FORCED[6][2]))):
        root = words.copy()
        before = root.copy()
        alphabeta_analysis(PENGUINS, root, **options)
        assert root.dtype == before.dtype and np.array_equal(root, before)
