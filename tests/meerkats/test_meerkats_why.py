"""Why a meerkats hint is good (issue 35 item 4): the evaluation's own terms (seat_terms, shared
by evaluate and evaluation_terms), and the proof where the exact solver solved the game."""

import random

from kernels.meerkats.meerkats_kernel import EVAL_WEIGHTS, evaluate
from solver import api
from solver.analysis import Line, Score
from solver.engines.registry import EngineSpec
from solver.games.registry import game
from solver.output.hint_why import why_words
from solver.output.hint_words import hint_lines

MEERKATS = game("meerkats")


def test_the_terms_are_the_evaluation():
    """Weighed as the hint weighs them, the two seats' terms give the kernel's evaluation."""
    rng, state = random.Random(5), api.load_position(MEERKATS, "dunes-2", "")[0]
    for _ in range(80):
        if MEERKATS.is_over(state):
            break
        if not MEERKATS.is_chance(state):
            me = MEERKATS.to_move(state)
            weighed = sum(t.weight * t.values[me] - t.rival_weight * t.values[1 - me] for t in MEERKATS.evaluation_terms(state))
            assert weighed == evaluate(MEERKATS.to_kernel(state), EVAL_WEIGHTS), MEERKATS.format_position(state)
        moves = MEERKATS.legal_moves(state) or [code for code, _ in MEERKATS.chance_outcomes(state)]
        state = MEERKATS.successor(state, rng.choice(moves))


def test_a_step_towards_the_goal_says_steps():
    """Two meerkats after the draws and roll 2: g5 brings A 2 steps nearer its friend."""
    after = "g7 g1 draw:luck reveal:mouse draw:speed reveal:beetle roll:2"
    state, _ = api.load_position(MEERKATS, "dunes-2", after)
    move = MEERKATS.parse_move(state, "g5")
    assert why_words(MEERKATS, state, Line(move, Score("value", 0.5), (move,)), "mcts") == "steps still to walk: you -2 (3 now)"


def test_the_solo_game_says_its_proof():
    """The exact solver solves the solo game: each hinted move says it is proved."""
    state, _ = api.load_position(MEERKATS, "dunes-1", "g1 draw:shortcut reveal:mouse roll:1")
    lines = hint_lines(MEERKATS, state, 2, 1.0, None, None, api.search, None, EngineSpec.parse("exact"))
    assert "   why: proved: solved exactly, every position to the end: 20.849 turns expected with best play" in lines
