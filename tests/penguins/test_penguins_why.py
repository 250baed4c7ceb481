"""Why a penguins hint is good, in words (issue 35 item 4, issue 34): the evaluation's own terms
(side_terms, shared by evaluate and evaluation_terms), the largest changes named, the proof of a
solved line, and moves that lead to the same position listed once (P-9a)."""

from __future__ import annotations

import random

import pytest

from kernels.penguins.penguins_eval import EVAL_WEIGHTS
from kernels.penguins.penguins_tile_eval import evaluate
from solver import api
from solver.analysis import Analysis, Line, Score
from solver.engines.registry import EngineSpec
from solver.games.registry import game
from solver.output.hint_why import why_words
from solver.output.hint_words import hint_lines

PENGUINS = game("penguins")
ONE_SLIDE = "6x6 P4I/6/6/p4I/6/6 - A play 10/10 2+1/2+1 20"  # A's one slide, a1-E, lays 4 eggs
SEALBAY_PLAY = ("sealbay", "+d3 +c2")  # the scenario in its play phase: 442 legal moves, 244 positions


def position(name: str, after: str = ""):
    """A penguins position by name or notation, with moves played after it."""
    state, _ = api.load_position(PENGUINS, name, after)
    return state


def weighed(state) -> int:
    """The evaluation rebuilt from the hint's terms: each side's values weighed from the mover's side."""
    me = state.to_move
    return sum(t.weight * t.values[me] - t.rival_weight * t.values[1 - me] for t in PENGUINS.evaluation_terms(state))


@pytest.mark.parametrize("name", ["start", "floes", "sealbay", "gullrock", "tunnels", "rookery", "frostbite", "swamp"])
def test_the_terms_are_the_evaluation(name):
    """Weighed as the hint weighs them, the terms give the kernel's evaluation exactly, on plain and
    tile boards, in the setup, the opening (hatch terms) and the play phase."""
    rng, state = random.Random(7), position(name)
    for _ in range(30):
        if PENGUINS.is_over(state):
            break
        assert weighed(state) == evaluate(PENGUINS.to_kernel(state), EVAL_WEIGHTS), PENGUINS.format_position(state)
        state = PENGUINS.successor(state, rng.choice(PENGUINS.legal_moves(state)))


def test_a_slide_that_lays_eggs_says_eggs():
    """The move's own change: the slide a1-E lays 4 eggs, so 'eggs laid' is named first."""
    state = position(ONE_SLIDE)
    move = PENGUINS.parse_move(state, "a1-E")
    why = why_words(PENGUINS, state, Line(move, Score("eval", 0.0), (move,)), "alphabeta")
    assert why.startswith("eggs laid: you lay 4 eggs"), why


def test_the_reply_is_counted_and_named():
    """With a reply in the line the terms are read after it, and the reply is named."""
    state = position(ONE_SLIDE)
    first = PENGUINS.parse_move(state, "+b2")
    after = PENGUINS.successor(state, first)
    reply = PENGUINS.parse_move(after, "a4-E")
    why = why_words(PENGUINS, state, Line(first, Score("eval", 0.0), (first, reply)), "alphabeta")
    assert why.startswith("after B's reply a4-E: "), why
    assert "B lays 4 eggs" in why, why


def test_a_solved_line_says_its_proof():
    """A puzzle solved by alpha-beta: the hint says the forced win and the line that shows it."""
    state = position("plain3-01")
    lines = hint_lines(PENGUINS, state, 1, 1.0, None, None, api.search, None, EngineSpec.parse("alphabeta:depth=5"))
    assert lines[1].startswith("1. a2-W"), lines
    assert lines[2] == "   why: proved: a forced win in 3 plies, every defence searched to the end (a2-W a6-SW d6-W)"


def test_hint_lists_moves_to_the_same_position_once():
    """On sealbay a seal step before or after the landing is one move (P-9a): a search that
    returns both lists it once, each listed move with its reason."""
    state = position(*SEALBAY_PLAY)
    twins = [PENGUINS.parse_move(state, text) for text in ("+a1/se:E", "se:E/+a1", "+b2")]
    assert PENGUINS.format_position(PENGUINS.successor(state, twins[0])) == \
        PENGUINS.format_position(PENGUINS.successor(state, twins[1]))

    def search(entry, spec, state):
        """Three lines, the first two to one position."""
        return Analysis("alphabeta", [Line(move, Score("eval", 0.0), (move,)) for move in twins], 1, 3, 0.1, "depth")

    lines = hint_lines(PENGUINS, state, 3, 1.0, None, None, search, None)
    listed = [line.split()[1] for line in lines if line[0].isdigit()]
    assert listed == ["+a1/se:E", "+b2"], lines
    assert sum(line.startswith("   why: ") for line in lines) == 2, lines

