"""Game files (solver/game_file.py) for every game of the registry: a seeded match saved with
`match --save` reloads to the same final position and reviews without error; any game's moves
written and read back give the same positions."""

import numpy as np
import pytest

from kernels import kernel_module
from solver import game_file
from solver.commands.match import result_text
from solver.commands.review import review_game
from solver.engines.registry import EngineSpec
from solver.errors import CalderaError
from solver.games.kernel_calls import next_state
from solver.games.registry import GAME_NAMES, game
from tests.cli_cases import match_position, run

ADVERSARIAL = [name for name in GAME_NAMES if game(name).adversarial]
# The cheapest scoring search of each engine a game's position defaults to.
CHEAP = {"alphabeta": "alphabeta:depth=1", "mcts": "mcts:sims=8", "exact": "exact", "expectimax": "expectimax:depth=1"}


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_a_saved_match_game_reloads_and_reviews(name, tmp_path):
    """`caldera match GAME random random --games 1 --save DIR`: one file, whose moves replayed by
    the rules reach the position the kernel reached playing the match's moves (the match's own
    JSON), with the kernel's result; and it reviews with every decision judged or said why not."""
    position = match_position(game(name))
    code, out, err = run("match", name, "random", "random:seed=3", "--games", "1", "--seed", "5", "--json",
                         "--save", str(tmp_path), "--position", position)
    assert code == 0, err
    (path,) = tmp_path.iterdir()
    record, played, states = game_file.load(path)
    start = record.resolve_position(position)
    # The kernel's own replay of the match's moves (named in the JSON) is the independent side.
    import json

    games = json.loads(out)["results"]
    assert played.moves == games[0]["opening"] + games[0]["moves"]
    words = record.to_kernel(start)
    kernel = record.kernel_name(words)
    for text, state in zip(played.moves, states):
        words = next_state(kernel, words, record.parse_move(state, text))
    assert np.array_equal(words, record.to_kernel(states[-1]))
    values = np.zeros(kernel_module(kernel).SEATS, dtype=np.float64)
    kernel_module(kernel).terminal_values(words, values)
    assert played.result == "-".join(result_text(v) for v in values[:record.player_count(start)])
    engine = record.engine_for(start)
    review = review_game(record, EngineSpec.parse(CHEAP[engine]), played, states)
    assert [m.move for m in review.moves] == played.moves
    assert all(m.judged or m.note for m in review.moves)
    assert any(m.judged for m in review.moves)


def test_moves_written_and_read_back_give_the_same_positions(record, tmp_path):
    """Six moves of any game (the first legal move or chance outcome each time) written to a
    game file and loaded again: the same moves and, position by position, the same notation."""
    state, moves, positions = record.resolve_position(None), [], []
    for _ in range(6):
        if record.is_over(state):
            break
        move = record.legal_moves(state)[0]
        moves.append(record.format_move(state, move))
        state = record.successor(state, move)
        positions.append(record.format_position(state))
    played = game_file.PlayedGame(record.name, record.format_position(record.resolve_position(None)),
                                  {"A": "human"}, game_file.now_text(), game_file.result_of(record, state), moves)
    path = game_file.write(tmp_path / f"{record.name}.cgf", record, played)
    loaded_record, loaded, states = game_file.load(path)
    assert loaded_record is record and loaded.moves == moves and loaded.players == {"A": "human"}
    assert [record.format_position(s) for s in states[1:]] == positions


def test_a_game_of_goals_reviews_by_plans(tmp_path):
    """A game of goals (puzzles) played from its warm-up puzzle, its goal and budget in the file,
    reviews with the planner, every action judged or said why not; without its goal it is
    refused in one line rather than reviewed with made-up numbers."""
    for name in [name for name in GAME_NAMES if game(name).goals is not None]:
        record = game(name)
        start, goal, budget = record.goals.warmup()
        move = record.legal_moves(start)[0]
        played = game_file.PlayedGame(name, record.format_position(start), {"A": "human"}, game_file.now_text(),
                                      game_file.result_of(record, record.successor(start, move)),
                                      [record.format_move(start, move)], goal=record.goals.format(goal), budget=budget)
        _, loaded, states = game_file.load(game_file.write(tmp_path / f"{name}.cgf", record, played))
        assert (loaded.goal, loaded.budget) == (played.goal, budget)
        review = review_game(record, EngineSpec.parse("planner:nodes=200000"), loaded, states)
        assert [m.move for m in review.moves] == loaded.moves and all(m.judged or m.note for m in review.moves)
        loaded.goal = ""
        with pytest.raises(CalderaError, match="needs the game's goal"):
            review_game(record, EngineSpec.parse("planner"), loaded, states)
