"""Every Caldera game as an OpenSpiel game (solver/interop/caldera_openspiel.py): OpenSpiel's
own conformance checks on each game of the registry, for every player count, and OpenSpiel's
algorithms agreeing with Caldera's engines.

Parametrized over GAME_NAMES, so a game added to the registry is tested here by itself."""

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, minimax

from solver.engines.registry import EngineSpec, run_engine
from solver.games.registry import GAME_NAMES, game
from solver.interop.caldera_openspiel import short_name

MAX_ACTIONS_PER_GAME = 1000  # as OpenSpiel's games_sim_test.py


def player_counts(name):
    """Every player count the record allows."""
    low, high = game(name).players
    return range(low, high + 1)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_sim_test(name):
    """OpenSpiel's C++ conformance test (pyspiel.random_sim_test) with serialize round trips."""
    pyspiel.random_sim_test(pyspiel.load_game(short_name(name)), num_sims=2, serialize=True, verbose=False)


def serialize_deserialize(game_, state):
    """games_sim_test.py's round trips: pyspiel's serialization and pickling of the state."""
    new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game_, state))
    assert str(new_game) == str(game_)
    assert str(new_state) == str(state)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_games_sim_test_checks_every_player_count(name):
    """The checks of OpenSpiel's python/tests/games_sim_test.py (sim_game), for each player count:
    game and game-type pickling, serialization round trips at powers of two, clones, terminal
    returns within the utility bounds and matching player_return."""
    rng = np.random.default_rng(7)
    for players in player_counts(name):
        game_ = pyspiel.load_game(short_name(name), {"players": players})
        assert game_.num_players() == players
        assert game_.min_utility() < game_.max_utility()
        assert str(pickle.loads(pickle.dumps(game_))) == str(game_)
        assert pickle.loads(pickle.dumps(game_.get_type())) == game_.get_type()
        state = game_.new_initial_state()
        total, next_check = 0, 1
        while not state.is_terminal() and total <= MAX_ACTIONS_PER_GAME:
            total += 1
            if total >= next_check:
                serialize_deserialize(game_, state)
                next_check *= 2
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                assert sum(probs) == pytest.approx(1.0)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                action = int(rng.choice(state.legal_actions(state.current_player())))
                clone = state.clone()
                assert str(clone) == str(state) and clone.history() == state.history()
                state.apply_action(action)
                clone.apply_action(action)
                assert str(clone) == str(state) and clone.history() == state.history()
        assert state.is_terminal(), f"{name} with {players} players ran past {MAX_ACTIONS_PER_GAME} actions"
        assert state.legal_actions() == []
        for player in range(players):
            assert state.legal_actions(player) == []
            assert state.player_return(player) == state.returns()[player]
            assert game_.min_utility() <= state.returns()[player] <= game_.max_utility()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_actions_are_the_records_moves(name):
    """Along a random game, the action strings are exactly the record's legal moves (or chance
    outcomes) in notation, every id below the game's bound, and the information-state strings
    hold each earlier one (perfect recall) where the game hides things."""
    record = game(name)
    game_ = pyspiel.load_game(short_name(name))
    state = game_.new_initial_state()
    rng = np.random.default_rng(3)
    earlier = [state.information_state_string(p) for p in range(game_.num_players())]
    for _ in range(40):
        if state.is_terminal():
            break
        position = record.resolve_position(str(state))
        player = state.current_player()
        moves = [m for m, _ in record.chance_outcomes(position)] if state.is_chance_node() else record.legal_moves(position)
        assert sorted(state.action_to_string(player, a) for a in state.legal_actions()) == \
            sorted(record.format_move(position, m) for m in moves)
        bound = game_.max_chance_outcomes() if state.is_chance_node() else game_.num_distinct_actions()
        assert all(0 <= a < bound for a in state.legal_actions())
        state.apply_action(int(rng.choice(state.legal_actions())))
        for p in range(game_.num_players()):
            now = state.information_state_string(p)
            if record.view_of is not None:
                assert now.startswith(earlier[p]) and now != earlier[p]
                assert state.observation_string(p) == record.format_position(record.view_of(
                    record.resolve_position(str(state)), p))
            else:
                assert state.observation_string(p) == str(state)
            earlier[p] = now


def test_a_position_with_game_string_syntax_round_trips():
    """Position M of the bench holds `cap=80`: the game's string escapes it (%3D), so pickling
    and loading the game's string give the same game and start position."""
    from solver.commands.bench import MIDGAME

    game_ = pyspiel.load_game("caldera_penguins", {"position": MIDGAME})
    assert "cap%3D80" in str(game_)
    for again in (pickle.loads(pickle.dumps(game_)), pyspiel.load_game(str(game_))):
        assert str(again) == str(game_)
        assert str(again.new_initial_state()) == MIDGAME


# Two penguins endgames three plies before the ply cap (found by random play from `pond`, the
# last number, the ply, set to 297 of the cap's 300): the side to move wins with best play.
ENDGAMES = [
    "6x6 1EEEeE/EeepPP/eEIEEE/e1eIEe/epeSep/PeEeEs - A play 4/4 0+0/0+0 297",
    "6x6 eeeEEe/esEeEe/PEIEEE/eepI1e/PESeep/EEpeEP - B play 4/3 0+0/0+0 297",
]


@pytest.mark.parametrize("text", ENDGAMES)
def test_alpha_beta_search_agrees_with_caldera(text):
    """OpenSpiel's alpha_beta_search on the reference rules and Caldera's alphabeta (solve) on
    the kernel: the same value for the side to move (+1 a win, -1 a loss, 0 a draw)."""
    record = game("penguins")
    position = record.resolve_position(text)
    game_ = pyspiel.load_game("caldera_penguins", {"position": text})
    value, action = minimax.alpha_beta_search(game_, game_.new_initial_state(), maximum_depth=10,
                                              maximizing_player_id=record.to_move(position))
    root = record.to_kernel(position)
    analysis = run_engine(EngineSpec.parse("alphabeta:depth=3,solve=true"), record.kernel_name(root), root,
                          plies_to_end=record.kernel_plies_to_end(root))
    caldera = {"win": 1.0, "loss": -1.0, "draw": 0.0}[analysis.best.score.kind]
    assert value == caldera
    # OpenSpiel's move wins too: after it, Caldera's search sees a loss for the opponent.
    after = game_.new_initial_state()
    after.apply_action(action)
    if not after.is_terminal():
        words = record.to_kernel(record.resolve_position(str(after)))
        reply = run_engine(EngineSpec.parse("alphabeta:depth=3,solve=true"), record.kernel_name(words), words,
                           plies_to_end=record.kernel_plies_to_end(words))
        assert reply.best.score.kind == "loss"


# Island Project, 2 players, after 30 random plies from start2 (seed 2) and the first outcome of
# the rolls that followed: A to shift, 19 legal moves, dice between the decisions.
ISLAND_MIDGAME = "OLlnn/oooOo/OlooO/nooOo/ooolN A:a4,a4 B:a2,a4 3/3 1/0 8/5/8 A shift 3W - - - 6"


@pytest.mark.parametrize("depth", [1, 2])
def test_expectiminimax_agrees_with_caldera(depth):
    """OpenSpiel's expectiminimax through the dice, with Caldera's evaluation at the leaves
    (evaluation()), and Caldera's expectimax on the kernel: the same value (Caldera reports
    hundredths as 1.00) and the same best move, at depth 1 and 2."""
    from solver.interop.caldera_openspiel import evaluation

    record = game("island")
    position = record.resolve_position(ISLAND_MIDGAME)
    state = pyspiel.load_game("caldera_island", {"position": ISLAND_MIDGAME}).new_initial_state()
    seat = record.to_move(position)
    value, action = minimax.expectiminimax(state, depth, evaluation(record, seat), seat)
    root = record.to_kernel(position)
    analysis = run_engine(EngineSpec.parse(f"expectimax:depth={depth}"), record.kernel_name(root), root)
    assert analysis.best.score.kind == "eval"
    assert value / 100 == pytest.approx(analysis.best.score.value, abs=1e-9)
    assert state.action_to_string(action) == record.format_move(position, analysis.best.move)


def test_mcts_bot_and_evaluate_bots():
    """OpenSpiel's MCTSBot (with its solver) against a random bot through evaluate_bots, from the
    first endgame: A, to move and winning in three plies, wins (+1, B -1)."""
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    game_ = pyspiel.load_game("caldera_penguins", {"position": ENDGAMES[0]})
    rng = np.random.RandomState(5)
    bots = [mcts.MCTSBot(game_, 1.4, 300, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=True),
            uniform_random.UniformRandomBot(1, rng)]
    assert evaluate_bots.evaluate_bots(game_.new_initial_state(), bots, rng) == [1.0, -1.0]
