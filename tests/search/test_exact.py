"""The exact solver (solver/engines/exact/exact_search.py, solver/engines/exact/exact_core.py) against answers it did not
compute: the published optimal value of the dice game Pig, and a brute-force expectimax over the
meerkats reference rules on small mazes.

Pig (kernels/pig/pig_kernel.py): Neller and Presser, "Optimal Play of the Dice Game Pig" (The UMAP
Journal 25(1), 2004) give the first player's win probability under optimal play by both at goal
100 as 0.5306 (0.530648). The same value iteration that solves meerkats must find it.

Meerkats: the brute force below recurses over the readable rules
(solver/games/meerkats/meerkats_rules.py) with memoisation, every chance outcome and every move,
to the turn cap: with one player the fewest expected turns (each walk is one turn; a game the
cap cuts off is a failure that counts the root's turns left on top of the turns it played), with
two each seat's win probability (a game the cap cuts off is a draw, 1/2 each).
It shares no code with the solver, whose kernel positions and value iteration must agree with
it to 1e-9 on the 5 x 5 test maze with 1 and 2 friends, for one, two and three players.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kernels import Kernel
from kernels.pig import pig_kernel
from solver.engines.exact import exact_search as exact
from solver.games.meerkats import meerkats_rules as ref
from solver.games.meerkats.meerkats_binding import KERNEL, to_kernel
from solver.games.meerkats.meerkats_notation import parse_position

TINY = Path(__file__).parents[1] / "meerkats" / "tiny.maze"


def test_pig_first_player_wins_with_0_5306():
    """Goal 100, both optimal: the first player wins with 0.5306 (to four places)."""
    solution = exact.solve(Kernel("pig.pig_kernel"), pig_kernel.new_game(100))
    assert solution.converged
    assert round(float(solution.values[0, 0]), 4) == 0.5306
    assert float(solution.values[0, 0] + solution.values[0, 1]) == pytest.approx(1.0, abs=1e-9)


def brute_force(state: ref.State, memo: dict, cut_off: float = 0.0) -> tuple[float, ...]:
    """Exact values by expectimax over the reference rules: expected turns (one seat, the mover
    minimising; `cut_off` more for a game the cap ends unsolved) or each seat's expected result
    (the mover maximising its own)."""
    key = (state.meerkats, state.face, state.to_move, state.phase, state.roll, state.draws, state.reveals, state.turn)
    if key in memo:
        return memo[key]
    solo = state.players == 1
    if ref.is_over(state):
        value = ((0.0 if state.winner >= 0 else cut_off),) if solo else ref.results(state)
    elif outcomes := ref.chance_outcomes(state):
        children = [(float(p), brute_force(ref.successor(state, code), memo, cut_off)) for code, p in outcomes]
        value = tuple(sum(p * child[s] for p, child in children) for s in range(state.players))
    else:
        options = []
        for code in ref.legal_moves(state):
            child = brute_force(ref.successor(state, code), memo, cut_off)
            turn = 1.0 if ref.kind_of(code) == ref.STEP else 0.0
            options.append((child[0] + turn,) if solo else child)
        value = min(options) if solo else max(options, key=lambda v: v[state.to_move])
    memo[key] = value
    return value


@pytest.mark.parametrize("text", [
    "A:-:0-:2222:- desert A setup - - 0 friends=1 cap=8",
    "A:-:0-:2222:- desert A setup - - 0 friends=2 cap=5",
    "A:a1:0T:2221:slx desert A roll - - 0 friends=2 cap=6",
    "A:b2:0C:1222:x B:d2:1c:1222:- desert A roll - - 0 friends=1 cap=5",
    "A:c3:0B:2122:x B:a3:0C:1222:l desert A roll - - 0 friends=1 cap=5",
    "A:b2:0C:1222:x B:d2:1c:1222:- C:e5:0T:2221:- desert A roll - - 0 friends=1 cap=4",
])
def test_exact_solver_agrees_with_brute_force_expectimax(text):
    """The solver's value of the root equals the brute force's to 1e-9 (every seat)."""
    state = parse_position(f"{TINY} {text}")
    solution = exact.solve(KERNEL, to_kernel(state))
    want = brute_force(state, {}, float(state.turn_cap - state.turn))
    got = tuple(float(v) for v in solution.values[0])
    assert got == pytest.approx(want, abs=1e-9)
    assert solution.nodes > 100  # a real game tree, not a trivial one


def test_exact_solo_cut_off_by_the_cap_is_worse_than_any_finish():
    """M-8: a solo game the cap cuts off is lost. On the tiny maze A has met its only friend and
    stands on a2 with a roll of 1 in the last turn: a1 is a burrow one step up and wins; b2 ends
    the game unsolved (a3 lies behind the hedge a2/a3). The win counts 1 turn, the cut-off 1 + 1
    (the root's one turn left; once 1, as good as the win), and the solver picks the win."""
    state = parse_position(f"{TINY} A:a2:1c:1222:- desert A move 1 - 4 friends=1 cap=5")
    solution = exact.solve(KERNEL, to_kernel(state))
    moves = solution.moves_of(0)
    values = {ref.step_parts(code)[0]: solution.edge_value(int(solution.first[0]) + i, 0)
              for i, (code, _) in enumerate(moves)}
    assert values == {0: 1.0, 6: 2.0}
    assert ref.step_parts(moves[solution.best_edge(0) - int(solution.first[0])][0])[0] == 0


def test_exact_two_player_value_by_hand():
    """By hand on the test maze (tests/meerkats/test_meerkats_rules.py draws it): A on b2 seeks
    the chameleon on b1, one step away, so A meets it on turn 1 whatever the roll, and reaches
    the burrow a1 on turn 3. B has met its only friend on d2, two steps from the burrow e1: on
    turn 2 a roll of 2 or 3 takes B there (the burrow stops the walk), a 1 does not. So A wins
    exactly when B rolls a 1: 1/3."""
    state = parse_position(f"{TINY} A:b2:0C:1222:x B:d2:1c:1222:- desert A roll - - 0 friends=1 cap=5")
    solution = exact.solve(KERNEL, to_kernel(state))
    assert float(solution.values[0, 0]) == pytest.approx(1 / 3, abs=1e-12)
