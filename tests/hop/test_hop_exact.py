"""The MCTS analysis of hop against an exact expectimax over the chance events (issue 13: on a
position small enough to solve exactly, 3 players and 2 levels to go, the win probabilities
agree within 0.01).

The oracle below is written here from the reference rules alone (solver/games/hop/hop_rules.py):
every chance event (card, throw, cloud) is averaged by its exact probability, every player picks
the move that maximises their own share of the win (max^n). The position is `endgame3`: nobody
holds a cloud, so the view of the player to move is the full position, and every later cloud is
a chance event both the oracle and the search see drawn.

Where a player's choice leaves their own share the same but changes the others' (a kingmaker:
a player who cannot win picks whom to help), the exact value is not one number. The oracle
therefore solves twice, the indifferent player taking the first and the last of the tied moves:
the only ties of this position are such two-way picks, so the two values bound every way of
breaking them, and the search must lie within 0.01 of that range (the range is narrower than
0.01 here).
"""

from fractions import Fraction

import pytest

from solver.engines.registry import EngineSpec, run_engine
from solver.games.hop import hop_rules as rules
from solver.games.hop.hop_binding import kernel_name, to_kernel
from solver.games.hop.hop_notation import resolve_position

TOLERANCE = 0.01


def exact_values(state, take_last: bool, memo: dict, ties: list) -> tuple[Fraction, ...]:
    """Each seat's exact share of the win from `state` (max^n over the chance events); at a tie
    the indifferent player takes the first (or, `take_last`, the last) of the tied moves."""
    if state in memo:
        return memo[state]
    if state.phase == rules.OVER:
        values = tuple(Fraction(share).limit_denominator(rules.MAX_PLAYERS) for share in rules.results(state))
    elif rules.is_chance(state):
        values = [Fraction(0)] * state.players
        for code, p in rules.chance_outcomes(state):
            child = exact_values(rules.successor(state, code), take_last, memo, ties)
            values = [v + p * c for v, c in zip(values, child)]
        values = tuple(values)
    else:
        mover = rules.to_move(state)
        children = [exact_values(rules.successor(state, code), take_last, memo, ties) for code in rules.legal_moves(state)]
        best = max(child[mover] for child in children)
        tied = [child for child in children if child[mover] == best]
        if len(set(tied)) > 1:
            ties.append(len(tied))
        values = tied[-1] if take_last else tied[0]
    memo[state] = values
    return values


@pytest.fixture(scope="module")
def endgame():
    """endgame3, each root move with the mover's exact win chance under both tie rules."""
    state = resolve_position("endgame3")
    assert state.players == 3 and state.levels == (5, 6, 6)  # A is two levels from the top
    assert state.viewer is None and all(not clouds for clouds in state.clouds)  # nothing hidden at the root
    mover = rules.to_move(state)
    bounds, ties = {}, []
    for take_last in (False, True):
        memo = {}
        for code in rules.legal_moves(state):
            value = exact_values(rules.successor(state, code), take_last, memo, ties)[mover]
            bounds.setdefault(code, []).append(float(value))
    assert set(ties) == {2}  # every tie is a pick between two moves: first and last bound it
    return state, {code: (min(v), max(v)) for code, v in bounds.items()}


def test_the_oracle_is_a_real_decision(endgame):
    """The two partners lead to clearly different chances (so agreeing is not trivial), and the
    tie range is narrow enough for the comparison to mean something."""
    _, bounds = endgame
    (low_b, high_b), (low_c, high_c) = bounds.values()
    assert abs(low_b - low_c) > 0.05
    assert all(high - low < TOLERANCE for low, high in bounds.values())


def test_mcts_win_chances_agree_with_the_exact_expectimax(endgame):
    """400,000 simulations (about 2 s): every partner's simulated win chance for A lies within
    0.01 of the exact one."""
    state, bounds = endgame
    words = to_kernel(state)
    spec = EngineSpec.build("mcts", {"sims": 400_000, "seed": 1, "multipv": len(bounds)})
    analysis = run_engine(spec, kernel_name(words), words)
    assert {line.move for line in analysis.lines} == set(bounds)
    for line in analysis.lines:
        low, high = bounds[line.move]
        assert low - TOLERANCE <= line.score.value <= high + TOLERANCE, (line.move, line.score.value, low, high)
