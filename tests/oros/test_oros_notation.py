"""Oros notation (docs/notation.md, section "Oros"): round trips, built-ins, and every error
naming its field and column."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.games.oros.oros_rules import Abilities, IllegalMove, legal_moves, random_state
from solver.games.oros.oros_board import render
from solver.games.oros.oros_notation import (
    BUILTIN_POSITIONS, format_move, format_position, parse_move, parse_position, resolve_position,
)
from tests.notation_cases import assert_docs_examples_run, notation_error

START = BUILTIN_POSITIONS["start"]


# --------------------------------------------------------------------------- positions


def test_start_position_reads_as_drawn():
    """start: 7x5, volcano 2 on b2 (level 3), volcano 3 on e4 (level 2), hotspots d3 and c5."""
    state = resolve_position("start")
    assert (state.width, state.height) == (7, 5)
    assert state.levels[:7] == (0, 1, 2, 0, 0, 3, 0)
    assert state.levels[7 + 1] == 3 and state.volcanoes[7 + 1] == (2,)
    assert state.levels[21 + 4] == 2 and state.volcanoes[21 + 4] == (3,)
    assert state.hotspots == frozenset({2 * 7 + 3, 4 * 7 + 2})
    assert sum(len(v) for v in state.volcanoes) == 2
    assert state.abilities == Abilities() and state.actions == 0
    assert resolve_position(None) == state
    assert format_position(state) == START


def test_every_builtin_parses_and_round_trips():
    for name, text in BUILTIN_POSITIONS.items():
        state = resolve_position(name)
        assert format_position(state) == text
        assert legal_moves(state)


def test_options_and_cell_marks():
    """Options other than the defaults; a hotspot mountain with volcanoes."""
    text = "3x3 M*v4v1.4/2.1/... drift=3 tectonic=2 mountains=1 mountain3=1 fill=0 actions=12"
    state = parse_position(text)
    assert state.abilities == Abilities(drift=3, tectonic=2, mountains=True, mountain3=True, fill=False)
    assert state.actions == 12
    assert state.levels[0] == 5 and state.volcanoes[0] == (4, 1) and state.hotspots == frozenset({0})
    assert format_position(state) == text


def test_non_canonical_input_is_accepted():
    """Volcanoes in any order, options in any order, default options written out, extra blanks."""
    state = parse_position("  3x3   4v1v3../.../...  fill=1 drift=2 ")
    assert state.volcanoes[0] == (3, 1)
    assert format_position(state) == "3x3 4v3v1../.../... drift=2"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_random_positions_round_trip(seed):
    state = random_state(random.Random(seed))
    text = format_position(state)
    assert parse_position(text) == state
    assert format_position(parse_position(text)) == text


@pytest.mark.parametrize(("text", "field", "column"), [
    ("", "size", 1),
    ("7by5 .......", "size", 1),
    ("9x5 .......", "size", 1),
    ("7x2 .......", "size", 3),
    ("7x5", "rows", 4),
    ("3x3 .../...", "rows", 5),
    ("3x3 ..x/.../...", "rows", 7),
    ("3x3 ..../.../...", "rows", 8),
    ("3x3 ../.../...", "rows", 7),
    ("3x3 .../.v2../...", "rows", 9),
    ("3x3 .../5../...", "rows", 9),
    ("3x3 .../.../... speed=2", "options", 17),
    ("3x3 .../.../... drift", "options", 17),
    ("3x3 .../.../... drift=2 drift=3", "options", 25),
    ("3x3 .../.../... drift=4", "options", 23),
    ("3x3 .../.../... fill=yes", "options", 22),
])
def test_position_errors_name_field_and_column(text, field, column):
    error = notation_error(field, column, parse_position, text)
    assert str(error).startswith(f"{field} (column {column}): ")


def test_resolve_rejects_unknown_names():
    with pytest.raises(NotationError, match="neither a built-in position"):
        resolve_position("begin")


# --------------------------------------------------------------------------- moves


def test_move_tokens_for_each_kind():
    """One token of each kind, read by hand from the notation."""
    state = parse_position("5x5 ...../.4v4.../.111./...../..... tectonic=3 drift=2")
    moves = {format_move(state, m): m for m in legal_moves(state)}
    for token in ("2E1", "2W2", "bS1", "dN2", "b3c3d3>E", "b3c3>S", "b2>NE", "b2v4:N1E1S1W1", "b2v4:E4", "+b2"):
        assert token in moves
        assert parse_move(state, token) == moves[token]
    assert "b3c3d3>NE" not in moves


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_every_legal_move_round_trips(seed):
    state = random_state(random.Random(seed))
    for move in legal_moves(state):
        assert parse_move(state, format_move(state, move)) == move


def test_lenient_move_input():
    """Lower-case direction letters, group cells in any order, blanks around the token."""
    state = parse_position("5x5 ...../.4v4.../.111./...../..... tectonic=3")
    assert parse_move(state, " 2e1 ") == parse_move(state, "2E1")
    assert parse_move(state, "d3b3c3>e") == parse_move(state, "b3c3d3>E")
    assert parse_move(state, "b2v4:s1w1n1e1") == parse_move(state, "b2v4:N1E1S1W1")
    assert parse_move(state, "b2>ne") == parse_move(state, "b2>NE")


@pytest.mark.parametrize(("token", "column"), [
    ("", 1),
    ("zz", 1),
    ("6E1", 1),
    ("fS1", 1),
    ("2E9", 3),
    ("b2z3>E", 1),
    ("b2f3>E", 3),
    ("b2>Q", 4),
    ("b2v5:E1", 4),
    ("b2v4:E9", 7),
    ("b2v4:E1E1", 8),
    ("+f1", 2),
])
def test_move_errors_name_the_column(token, column):
    state = parse_position("5x5 ...../.4v4.../.111./...../..... tectonic=3")
    notation_error("move", column, parse_move, state, token)


def test_illegal_moves_say_why():
    state = parse_position("5x5 ...../.4v4.../.111./...../.....")
    with pytest.raises(IllegalMove, match=r"^b2v4:E3 is not legal: the eruption sends 3 lava but 4 is left"):
        parse_move(state, "b2v4:E3")
    with pytest.raises(IllegalMove, match=r"^b3c3>E is not legal: moving a group of 2 needs tectonic ability 2"):
        parse_move(state, "b3c3>E")


# --------------------------------------------------------------------------- board


def test_board_shows_levels_volcanoes_hotspots_and_highlights():
    from rich.console import Console

    console = Console(width=100, color_system=None, record=True)
    console.print(render(resolve_position("start"), highlight=[8]))
    text = console.export_text()
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefg")
    row2 = next(line for line in lines if line.startswith("  2 "))
    assert row2.split("│")[2] == "[   3   ]"  # b2, highlighted
    assert "▲2" in lines[lines.index(row2) + 1]
    row3 = next(line for line in lines if line.startswith("  3 "))
    assert row3.split("│")[4].strip() == "2 *"  # d3: level 2 on a hotspot
    assert "edges wrap: the cell above a1 is a5, the cell left of a1 is g1" in text
    with pytest.raises(ValueError, match="not on the 7x5 map"):
        render(resolve_position("start"), highlight=[35])


# --------------------------------------------------------------------------- documentation


def test_docs_examples_run():
    """docs/notation.md, Oros: every Python example gives exactly the output shown."""
    assert_docs_examples_run("Oros", 15)
