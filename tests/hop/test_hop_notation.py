"""hop notation (docs/notation.md, "HOP!"): round trips of full positions and views, the fields
checked against the phase with the column of the fault, and the doc's examples."""

import pytest

from solver.games.hop import hop_notation as notation
from solver.games.hop import hop_rules as rules
from solver.games.hop.hop_view import legal_moves, view_of
from tests.notation_cases import assert_docs_examples_run, assert_moves_round_trip, assert_round_trip, notation_error

MIDGAME = "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4"

ROUND_TRIPS = [
    *notation.BUILTIN_POSITIONS.values(),
    MIDGAME,
    "3/2/4/1 5/4/3/2 -/d/-/cc ??/-/0/- A partner --- - ---- - 18/9/10/5/4 view=C",
    "1/1/1/1/1 5/5/5/5/5 -/-/-/-/- -/-/-/-/- A bet B-D turbulator --h-- - 20/10/9/5/5",
    "1/1/1/1/1 5/5/5/5/5 -/-/-/-/- ?/-/-/-/- A bet B-D turbulator --?-- - 20/10/9/5/5 view=E skill=skilled",
    "2/1/1 5/5/5 -/-/- -/-/- A cloud BC- assister --- BC 20/9/10/5/5",
    "7/1/1 5/5/4 dd/-/c 2/-/- A over --- - --- - 1/0/0/0/0",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_positions_round_trip(text):
    """Every built-in position, views, bets, a cloud draw and a finished game."""
    assert_round_trip(notation, text)


def test_every_move_of_a_turn_round_trips():
    """From MIDGAME, every move of a whole turn (the first legal move each time) reads back."""
    state = notation.parse_position(MIDGAME)
    while not state.phase == rules.OVER and state.hurler == 0:
        moves = legal_moves(state)
        assert_moves_round_trip(notation, state, moves)
        state = rules.successor(state, moves[0])


def test_a_view_writes_the_hidden_parts_as_question_marks():
    """As C after D bet: A's two clouds and D's bet are '?'; C's own cloud and bet show."""
    state = notation.parse_position("3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A throw B-- plain --sh - 17/9/10/5/4")
    assert notation.format_position(view_of(state, 2)) == \
        "3/2/4/1 5/4/3/2 -/d/-/cc ??/-/0/- A throw B-- plain --s? - 17/9/10/5/4 view=C"


ERRORS = [
    ("levels", 1, "3/2 5/4 -/- -/- A partner --- - -- - 18/9/10/5/4"),  # 2 players: hop is for 3-6
    ("levels", 5, "3/2/8/1 5/4/3/2 -/d/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4"),  # level 8
    ("balloons", 9, "3/2/4/1 5/4/3 -/d/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4"),  # 3 parts, 4 players
    ("birds", 19, "3/2/4/1 5/4/3/2 -/cd/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4"),  # crow before dove
    ("clouds", 33, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/3 A partner --- - ---- - 18/9/10/5/4"),  # no value 3
    ("hurler", 35, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- E partner --- - ---- - 18/9/10/5/4"),  # no seat E
    ("roles", 42, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A card A-- - ---- - 18/9/10/5/4"),  # A partners itself
    ("card", 46, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A card B-- plain ---- - 18/9/10/5/4"),  # drawn too soon
    ("bets", 51, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A bet B-- plain ---h - 17/9/10/5/4"),  # D before C
    ("deck", 58, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A partner --- - ---- - 21/9/10/5/4"),  # 21 plain of 20
    ("phase", 37, "7/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4"),  # level 7: over
    ("options", 70, "3/2/4/1 5/4/3/2 -/d/-/cc 12/-/0/- A partner --- - ---- - 18/9/10/5/4 seen=C"),
]


@pytest.mark.parametrize("field, column, text", ERRORS, ids=[f"{f}-{c}" for f, c, _ in ERRORS])
def test_a_bad_position_names_its_field_and_column(field, column, text):
    """Columns counted by hand on each text (1-based, the first character of the bad part)."""
    notation_error(field, column, notation.parse_position, text)


def test_the_docs_examples_run():
    """docs/notation.md's HOP! examples give exactly the output shown."""
    assert_docs_examples_run("HOP!", 9)
