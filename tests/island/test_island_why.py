"""Why an Island Project hint is good (issue 35 item 4): the evaluation's own terms (seat_terms,
shared by evaluate and evaluation_terms), weighed as the hint weighs them."""

import random

from kernels.island.island_kernel import EVAL_WEIGHTS, evaluate
from solver import api
from solver.analysis import Line, Score
from solver.games.registry import game
from solver.output.hint_why import best_rival, why_words

ISLAND = game("island")


def test_the_terms_are_the_evaluation():
    """The mover's weighed terms less the best rival's give the kernel's evaluation exactly, with
    two, three and four seats, through random games."""
    for position in ("start2", "start3", "start4"):
        rng, state = random.Random(3), api.load_position(ISLAND, position, "")[0]
        for _ in range(60):
            if ISLAND.is_over(state):
                break
            terms, me = ISLAND.evaluation_terms(state), ISLAND.to_move(state)
            rival = best_rival(terms, me, state.players)
            weighed = sum(t.weight * t.values[me] - t.rival_weight * t.values[rival] for t in terms)
            assert weighed == evaluate(ISLAND.to_kernel(state), EVAL_WEIGHTS), ISLAND.format_position(state)
            moves = ISLAND.legal_moves(state) or [code for code, _ in ISLAND.chance_outcomes(state)]
            state = ISLAND.successor(state, rng.choice(moves))


def test_taking_a_number_that_forms_new_land_says_food():
    """After 2E and the roll 3V, taking the 3 forms new land: +1 food, the reason named."""
    state, _ = api.load_position(ISLAND, "start2", "2E roll:3V")
    move = ISLAND.parse_move(state, "3")
    assert why_words(ISLAND, state, Line(move, Score("value", 0.5), (move,)), "mcts") == "food: you +1 (1 now)"
