"""Meerkats notation and maze files (docs/notation.md, section "Meerkats"; docs/rules/meerkats.md,
section 2): round trips, the runnable examples, and errors that name the field and column of a
position or the line and column of a maze file.

The maze errors are edits of the test maze tests/meerkats/tiny.maze (drawn in
tests/meerkats/test_meerkats_rules.py); its line 1 is a comment, line 2 `face desert`, lines 3-13
the desert drawing (line 4 is row 1's cells, line 6 row 2's), line 14 `face underground`, lines
15-25 the underground drawing. A cell's letter stands in column 4 c + 3 (c = 0 for column a).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solver.errors import CalderaError
from solver.games.meerkats import meerkats_notation as notation
from solver.games.meerkats.meerkats_maze import MazeError, builtin_maze, format_maze, parse_maze
from solver.games.meerkats.meerkats_rules import OVER, chance_outcomes, legal_moves, new_game, successor
from tests.cli_cases import one_line_error
from tests.notation_cases import assert_docs_examples_run, assert_moves_round_trip, assert_round_trip, notation_error

TINY = Path(__file__).parent / "tiny.maze"
TINY_LINES = TINY.read_text(encoding="utf-8").splitlines()


def test_docs_examples_run():
    """docs/notation.md, Meerkats: every Python example gives exactly the output shown."""
    assert_docs_examples_run("Meerkats", 6)


@pytest.mark.parametrize("name", sorted(notation.BUILTIN_POSITIONS))
def test_builtin_positions_round_trip(name):
    """Every built-in position reads back to its own text, and its moves to themselves."""
    state = assert_round_trip(notation, notation.BUILTIN_POSITIONS[name])
    assert_moves_round_trip(notation, state, legal_moves(state))


def test_random_games_to_the_cap_print_positions_that_parse_again():
    """Every position of random games cut off by short turn caps reads back to itself: also the
    end of a game whose capping walk reached a burrow that would have flipped the board (M-6 as
    amended: the cap ends the game even there, with nothing pending; the engine once printed
    `over:draw - ArBd`, which `caldera show` refused). Such endings must occur."""
    rng = random.Random(31)
    mazes = [builtin_maze("dunes"), parse_maze(TINY.read_text(encoding="utf-8"), str(TINY))]
    capped_flips = 0
    for game in range(400):
        state = new_game(mazes[game % 2], players=1 + game % 3, friends=2, turn_cap=rng.randint(3, 12))
        while True:
            assert notation.parse_position(notation.format_position(state)) == state
            if state.phase == OVER:
                break
            outcomes = chance_outcomes(state)
            if outcomes:
                code = rng.choices([c for c, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
            else:
                code = rng.choice(legal_moves(state))
            before = state
            state = successor(state, code)
            mover = before.meerkats[before.to_move]
            capped_flips += (state.phase == OVER and state.winner < 0 and not mover.seeking and mover.cell >= 0
                             and state.meerkats[before.to_move].cell in state.maze.burrows)
    assert capped_flips > 0


@pytest.mark.parametrize("text, field, column", [
    # The maze word: neither built-in nor a file name.
    ("sahara A:a1:0T:2221:- desert A roll - - 0", "maze", 1),
    # Pool: one friend revealed, so 7 tiles stay face down, not 8.
    ("dunes A:a1:0T:2222:- desert A roll - - 0", "pool", 15),
    # Tiles: 7 speed tiles held, the box has 6 (M-7).
    ("dunes A:a1:0T:2221:sssssss desert A roll - - 0", "seats", 7),
    # A roll of 4 (the die shows 1..3, M-2).
    ("dunes A:a1:0T:2221:- desert A move 4 - 0", "roll", 36),
    # A cell off the 7 x 7 board.
    ("dunes A:h1:0T:2221:- desert A roll - - 0", "cell", 9),
    # At setup a meerkat stands on a corner burrow (M-4).
    ("dunes A:b1:0-:2222:- B:-:0-:2222:- desert B setup - - 0", "cell", 9),
    # Events pending outside phase events.
    ("dunes A:a1:0T:2221:- desert A roll - Ad 0", "pending", 38),
    # A face that is neither.
    ("dunes A:a1:0T:2221:- sky A roll - - 0", "face", 22),
])
def test_position_errors_name_the_field_and_column(text, field, column):
    """A bad field is named with the 1-based column where it starts (counted by hand)."""
    notation_error(field, column, notation.parse_position, text)


def maze_error(lines: list[str]) -> MazeError:
    """The MazeError of the maze file `lines`."""
    with pytest.raises(MazeError) as info:
        parse_maze("\n".join(lines) + "\n", "edited.maze")
    return info.value


def edited(*edits: tuple[int, int, str]) -> list[str]:
    """The test maze's lines with `text` written over line `line` from column `column` (1-based)."""
    lines = list(TINY_LINES)
    for line, column, text in edits:
        old = lines[line - 1].ljust(column - 1 + len(text))
        lines[line - 1] = old[:column - 1] + text + old[column - 1 + len(text):]
    return lines


def test_maze_file_round_trips():
    """The canonical text of a maze reads back to the same maze (the test maze and both built-ins)."""
    for maze in (parse_maze(TINY.read_text(encoding="utf-8"), "tiny"), builtin_maze("dunes"), builtin_maze("warren")):
        assert parse_maze(format_maze(maze), maze.name) == maze
    assert format_maze(parse_maze(TINY.read_text(encoding="utf-8"), "tiny")).splitlines() == TINY_LINES[1:]


def test_maze_error_a_friend_walled_in():
    """The mouse on d2 (line 6, column 15) walled in on all four sides: above it (line 5, the
    d segment at columns 14-16), left and right (line 6, columns 13 and 17), below (line 7)."""
    error = maze_error(edited((5, 14, "---"), (6, 13, "|"), (6, 17, "|"), (7, 14, "---")))
    assert (error.line, error.column) == (6, 15)
    assert "mouse (d2) cannot be reached" in error.message


def test_maze_error_a_burrow_not_in_a_corner():
    """An O on c3 (line 8, column 11)."""
    error = maze_error(edited((8, 11, "O")))
    assert (error.line, error.column) == (8, 11)
    assert "not in a corner" in error.message


def test_maze_error_a_wall_off_the_board():
    """A wall written after the right edge of row 1 (line 4 is 21 characters wide)."""
    error = maze_error(edited((4, 22, "  |")))
    assert (error.line, error.column) == (4, 22)
    assert "off the board" in error.message


def test_maze_error_a_line_below_the_bottom_edge():
    """One more line of cells after the desert face's bottom edge (line 13): line 14."""
    lines = TINY_LINES[:13] + ["|                   |"] + TINY_LINES[13:]
    error = maze_error(lines)
    assert error.line == 14 and "off the board" in error.message


def test_maze_error_a_face_of_another_size():
    """An underground face 6 cells wide under a 5-wide desert: its top edge (line 15) is 25
    characters wide."""
    wide = ["+" + "---+" * 6, "| O" + " " * 19 + "O |"]
    error = maze_error(TINY_LINES[:14] + wide)
    assert (error.line, error.column) == (15, 25)
    assert "6 cells wide" in error.message


def test_maze_error_a_missing_friend():
    """No turtle on the desert face (the T on line 8 blanked): named at the face's header, line 2."""
    error = maze_error(edited((8, 7, " ")))
    assert error.line == 2 and "no turtle" in error.message


def test_a_bad_maze_file_is_one_line_from_every_command(tmp_path):
    """`--maze FILE` with a bad file: one line naming the file, line and column; a missing file too."""
    bad = tmp_path / "bad.maze"
    bad.write_text("\n".join(edited((8, 11, "O"))) + "\n", encoding="utf-8")
    for command in ("show", "moves", "analyze"):
        assert f"line 8, column 11" in one_line_error(command, "meerkats", "--maze", str(bad))
    assert "none.maze: no such file (built-in mazes: " in one_line_error("show", "meerkats", "--maze", str(tmp_path / "none.maze"))


def test_restart_needs_a_setup_position():
    """--maze and --players start a new game: refused on a position in play."""
    state = notation.parse_position("dunes A:a1:0T:2221:- desert A roll - - 0")
    with pytest.raises(CalderaError):
        notation.restart(state, None, 2)
