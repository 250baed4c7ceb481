"""The built-in penguins puzzles (solver/games/penguins/penguins_puzzles.py): every puzzle's stated
move wins in N plies and no other first move does (the Done-when of issue 17, item 4), checked
move by move with the exact solver and, where N = 1, by the reference rules alone; the sets; and
`caldera puzzles penguins` / `caldera analyze penguins PUZZLE --solve`.

The expected values are the puzzles' own claims, checked here by other means than the miner's:
the miner (bench/mine_penguins_puzzles.py) asks the solver for the two best root lines at once;
this file searches each first move's successor on its own, to N - 1 plies, and replays the
proof's line on the reference rules.
"""

import numpy as np
import pytest
from click.testing import CliRunner

from cli import main
from kernels import kernel_module
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.games.kernel_calls import legal_move_list, next_state
from solver.games.penguins import penguins_rules as rules
from solver.games.penguins.penguins_notation import parse_position
from solver.games.penguins.penguins_puzzles import SETS, find, puzzles, set_plies
from solver.games.registry import game

PENGUINS = game("penguins")
PUZZLES = puzzles()
# Rules another change may still reshape (effect orders, orbits, storm throws onto seaweed): no
# puzzle uses them, so each keeps its meaning.
UNSTABLE_TILES = {rules.RIVER, rules.SEAWEED, rules.TENT}


def a_wins_within(kernel: str, words: np.ndarray, plies: int) -> bool:
    """True when A, having just moved into kernel position `words` (B to move or the game over),
    has won or wins by force within `plies` more plies: the solver, in solve mode, proves B lost
    within that depth."""
    module = kernel_module(kernel)
    if module.is_over(words):
        values = np.empty(module.SEATS, dtype=np.float64)
        module.terminal_values(words, values)
        return values[0] == 1.0
    if plies == 0:
        return False
    score = alphabeta_analysis(kernel, words, depth=plies, solve=True, hash_mb=1).best.score
    return score.kind == "loss" and score.plies <= plies


def test_at_least_60_puzzles_in_every_set_and_n_each_a_choice():
    """At least 60 puzzles; every set (plain, tiles) has puzzles of every N (1, 3, 5, 7, and 9 on tile
    boards: issue 34); names are unique; A is to move in the play phase with at least four legal
    moves to choose from (the reference rules'); plain boards have no terrain tiles and tile boards
    do, none of the unstable kinds, and no penguin nest."""
    assert len(PUZZLES) >= 60
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)
    assert {(p.set, p.plies) for p in PUZZLES} == {(s, n) for s in SETS for n in set_plies(s)}
    for puzzle in PUZZLES:
        state = parse_position(puzzle.position)
        assert state.to_move == 0 and state.phase == "play", puzzle.name
        assert len(rules.legal_moves(state)) >= 4, puzzle.name
        assert bool(state.terrain) == (puzzle.set == "tiles"), puzzle.name
        assert not {tile.kind for tile in state.terrain if tile} & UNSTABLE_TILES, puzzle.name
        assert rules.Piece(rules.NEST) not in state.board, puzzle.name


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_only_the_solution_wins_in_n(puzzle):
    """The solver proves the stated move wins within N plies (and not sooner: the position is a win
    in exactly N) and proves, for every other first move, that A does not win within N."""
    state = PENGUINS.resolve_position(puzzle.name)
    words = PENGUINS.to_kernel(state)
    kernel = PENGUINS.kernel_name(words)
    solution = PENGUINS.parse_move(state, puzzle.solution)
    winners = [move for move in legal_move_list(kernel, words)
               if a_wins_within(kernel, next_state(kernel, words, move), puzzle.plies - 1)]
    assert winners == [solution], [PENGUINS.format_move(state, m) for m in winners]
    if puzzle.plies > 1:
        assert not a_wins_within(kernel, next_state(kernel, words, solution), puzzle.plies - 3)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_the_proof_line_wins_on_the_reference_rules(puzzle):
    """The puzzle's line starts with its solution and, replayed on the reference rules, ends the
    game with A's win exactly on its N-th ply."""
    state = parse_position(puzzle.position)
    moves = puzzle.line.split()
    assert moves[0] == puzzle.solution and len(moves) == puzzle.plies
    for text in moves:
        assert not rules.is_over(state)
        state = PENGUINS.successor(state, PENGUINS.parse_move(state, text))
    assert rules.is_over(state) and rules.results(state) == (1.0, 0.0)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.plies == 1], ids=lambda p: p.name)
def test_win_in_one_has_one_winning_move_by_the_reference_rules(puzzle):
    """N = 1 without the kernel or the solver: of the reference rules' moves, exactly the solution
    ends the game with A's win."""
    state = parse_position(puzzle.position)
    winners = [move for move in rules.legal_moves(state)
               if rules.is_over(after := rules.successor(state, move)) and rules.results(after) == (1.0, 0.0)]
    assert len(winners) == 1
    assert rules.successor(state, winners[0]) == PENGUINS.successor(state, PENGUINS.parse_move(state, puzzle.solution))


def run(*args):
    """(exit code, stdout, stderr) of `caldera ARGS`."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_puzzles_lists_name_set_n_and_position_without_the_answer():
    """`caldera puzzles penguins`: a header, then one line per puzzle with its name, set, N and
    position; the solution is not shown."""
    code, out, _ = run("puzzles", "penguins")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["name", "set", "plies", "position"]
    assert len(lines) == 1 + len(PUZZLES)
    first = PUZZLES[0]
    assert lines[1].split()[:3] == [first.name, first.set, str(first.plies)]
    assert lines[1].endswith(first.position)


def test_analyze_solves_a_puzzle_by_name():
    """`caldera analyze penguins NAME --solve` on a win in 3: the solution first, "win in 3", the
    proof's line, stopped because it is solved."""
    puzzle = next(p for p in PUZZLES if p.plies == 3)
    code, out, _ = run("analyze", "penguins", puzzle.name, "--solve")
    assert code == 0
    assert f"position  {puzzle.position}" in out
    row = next(line for line in out.splitlines() if line.startswith("1 "))
    assert row.split()[1:5] == [puzzle.solution, "win", "in", "3"]
    assert "stopped by: solved" in out


def test_an_unknown_name_is_still_refused_in_one_line():
    """A name that is neither a puzzle nor a built-in position: exit 2, one error line that says
    where the puzzles are listed."""
    assert find("plain9-99") is None
    code, out, err = run("analyze", "penguins", "plain9-99", "--solve")
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("caldera: error: ")
    assert "'plain9-99' is neither a built-in position" in err and "nor a puzzle (caldera puzzles penguins)" in err
