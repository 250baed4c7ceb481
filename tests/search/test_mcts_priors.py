"""MCTS with priors (PUCT) and the scripted player's playouts: PUCT follows the priors while
visits are few where UCT tries every move once, the priors' masses by score rank, the scripted
playouts changing what the search backs up, and the settings' refusals. Seeded: every figure
repeats exactly."""

from __future__ import annotations

import numpy as np
import pytest

from kernels import Kernel
from kernels.oros import oros_heuristic as heuristic
from kernels.rng import new_rng
from solver.engines.mcts import mcts_core as core
from solver.engines.mcts.mcts_search import mcts_analysis
from solver.games.oros import oros_game_binding as binding
from solver.games.oros.oros_full_state import setup
from tests.cli_cases import one_line_error
from tests.oros.test_oros_strength import play

OROS = Kernel(binding.KERNEL)


def tree(visits, rewards, priors):
    """A root (visited once more than its children together) with children of these visits,
    total rewards and priors: the arrays puct_child and select_child read."""
    n = len(visits)
    first_child = np.array([1] + [core.NO_NODE] * n, dtype=np.int32)
    child_count = np.array([n] + [core.UNEXPANDED] * n, dtype=np.int32)
    visit = np.array([sum(visits) + 1, *visits], dtype=np.int64)
    reward = np.array([0.0, *rewards], dtype=np.float64)
    prior = np.array([1.0, *priors], dtype=np.float32)
    return first_child, child_count, visit, reward, prior


def test_puct_follows_the_prior_while_visits_are_few():
    """Two visits spent, both on the likeliest move (mean 0.5): PUCT goes back to it rather than to
    the unvisited moves of small prior; UCT takes the first unvisited move. Once the likely move
    has lost often enough, PUCT tries the next likeliest, not the first in order."""
    first_child, child_count, visits, reward, prior = tree([2, 0, 0, 0], [1.0, 0.0, 0.0, 0.0], [0.7, 0.1, 0.15, 0.05])
    assert core.puct_child(0, 0.5, first_child, child_count, visits, reward, prior) == 1
    assert core.select_child(0, 1.4, first_child, child_count, visits, reward) == 2
    first_child, child_count, visits, reward, prior = tree([20, 0, 0, 0], [2.0, 0.0, 0.0, 0.0], [0.7, 0.1, 0.15, 0.05])
    assert core.puct_child(0, 0.5, first_child, child_count, visits, reward, prior) == 3


def test_priors_halve_by_score_rank():
    """The moves of the best score share half the mass, the next score's a quarter, and so on, the
    total normalised to 1; the first move of the best score is returned."""
    scores = np.array([5, 9, 5, 1, 9], dtype=np.int64)
    out = np.zeros(5)
    assert core.prior_from_scores(scores, 5, out) == 1
    total = 1.0 + 0.5 + 0.25
    assert out == pytest.approx(np.array([0.25, 0.5, 0.25, 0.25, 0.5]) / total)
    assert out.sum() == pytest.approx(1.0)


def wide_decision():
    """A decision of the scripted player's game against the friendly deck (seed 3) with many
    legal plies and one judged best: (the position, that ply)."""
    rng = new_rng(3)

    def unique_best(words, moves, n):
        scores = np.empty(n, dtype=np.int64)
        heuristic.judge(words, moves, n, scores)
        return n >= 40 and (scores == scores.max()).sum() == 1

    words = play("friendly", 3, lambda w, m, n: heuristic.heuristic_move(w, m, n, rng), until=unique_best)
    moves = np.empty(OROS.module.MAX_MOVES, dtype=np.int64)
    n = OROS.module.legal_moves(words, moves)
    scores = np.empty(n, dtype=np.int64)
    heuristic.judge(words, moves, n, scores)
    return words, int(moves[int(np.argmax(scores[:n]))]), n


def test_priors_send_few_simulations_to_the_judged_best():
    """With 16 simulations on a decision of 40 or more plies, PUCT with the scripted player's
    priors gives half of them or more to the ply it judges best; UCT spreads them one a ply."""
    words, best, n = wide_decision()
    puct = mcts_analysis(OROS, words, sims=16, seconds=None, seed=1, priors=True, exploration=0.5, multipv=n)
    most = max(puct.lines, key=lambda line: line.visits)
    assert most.move == best and most.visits >= 8
    uct = mcts_analysis(OROS, words, sims=16, seconds=None, seed=1, multipv=n)
    assert max(line.visits for line in uct.lines) == 1


def test_scripted_playouts_change_what_is_backed_up():
    """The same seeded UCT search from the friendly start: playing out with the scripted player
    (which ends 3-4 knowledge above the best AI, docs/strength.md) instead of the light policy
    (40 behind) raises the human seat's backed-up value."""
    root = binding.to_kernel(setup(1, "friendly", 0))
    light = mcts_analysis(OROS, root, sims=24, seconds=None, seed=1, playout="policy")
    scripted = mcts_analysis(OROS, root, sims=24, seconds=None, seed=1, playout="heuristic")
    again = mcts_analysis(OROS, root, sims=24, seconds=None, seed=1, playout="heuristic")
    assert scripted.seat_values == again.seat_values
    assert scripted.seat_values[0] > light.seat_values[0] + 0.2


def test_a_cut_playout_backs_up_the_values_so_far():
    """Playouts cut after one ply back up the knowledge of positions near the start: the human
    seat's value is its part of the little knowledge held so far, not a finished game's."""
    root = binding.to_kernel(setup(1, "friendly", 0))
    whole = mcts_analysis(OROS, root, sims=24, seconds=None, seed=1, playout="heuristic")
    cut = mcts_analysis(OROS, root, sims=24, seconds=None, seed=1, playout="heuristic", cut=1)
    assert cut.seat_values != whole.seat_values


@pytest.mark.parametrize("args, words", [
    (("match", "oros", "mcts:playout=bogus", "heuristic", "--position", "game1"), "playout=bogus is not one of"),
    (("match", "island", "mcts:playout=heuristic,sims=4", "random", "--games", "2"), "needs a game with a scripted player"),
    (("match", "island", "mcts:cut=5,sims=4", "random", "--games", "2"), "cut needs a game"),
])
def test_settings_the_game_cannot_take_are_one_line(args, words):
    """An unknown playout policy, the scripted playout or a cut playout on a game without a
    scripted player or values before the end: refused in one line."""
    assert words in one_line_error(*args)


def test_settings_are_checked_against_the_positions_kernel_before_a_match_starts():
    """penguins' record holds a kernel with a scripted player (tile boards) and one without (the
    plain board): `playout=heuristic` is refused on the plain start by the check every command
    makes before searching, not inside the first game."""
    from solver.api import checked_spec
    from solver.engines.registry import EngineSpec
    from solver.errors import CalderaError
    from solver.games.registry import game

    penguins = game("penguins")
    spec = EngineSpec.parse("mcts:playout=heuristic,sims=4")
    with pytest.raises(CalderaError, match="needs a game with a scripted player"):
        checked_spec(penguins, spec, penguins.resolve_position("start"))
    assert checked_spec(penguins, spec, penguins.resolve_position("sealbay")) is spec


def test_the_full_game_is_analysed_with_priors_and_scripted_playouts():
    """`analyze` and `hint` on a full-game position run MCTS with the scripted player's priors and
    playouts; a game without a scripted player keeps UCT and its light policy."""
    from solver.engines.mcts.mcts_search import search_settings
    from solver.games.registry import game

    oros = game("oros")
    assert oros.engine_for(oros.resolve_position("game1")) == "mcts"
    assert search_settings({}, OROS) == {"priors": True, "playout": "heuristic", "cut": 0}
    assert search_settings({"prior": False, "playout": "policy"}, OROS) == {"priors": False, "playout": "policy", "cut": 0}
    penguins = Kernel("penguins.penguins_plain")
    assert search_settings({}, penguins) == {"priors": False, "playout": "policy", "cut": 0}
    # a penguins tile board: the evaluation's priors, light playouts cut after 4 plies (MCTS_CUT)
    tiles = Kernel("penguins.penguins_kernel")
    assert search_settings({}, tiles) == {"priors": True, "playout": "policy", "cut": 4}
    assert search_settings({"cut": 0}, tiles)["cut"] == 0
