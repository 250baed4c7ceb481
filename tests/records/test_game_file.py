"""Reading game files: what a bad one says (line, column, move number and why), by hand-written
files whose faults are known."""

import pytest

from solver import game_file
from solver.errors import CalderaError
from tests.cli_cases import one_line_error

GOOD = """; a comment line
game      penguins
position  6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0
seat A    human
seat B    human
result    *

moves
   1. +c4   ; A places B's egg
   2. +a1
3. ^a1 4. +d5
"""


def load_text(tmp_path, text):
    """Write `text` as a game file and load it."""
    path = tmp_path / "game.cgf"
    path.write_text(text)
    return game_file.load(path)


def test_moves_on_one_line_or_many(tmp_path):
    """Move numbers and comments are skipped, one move a line or several."""
    record, played, states = load_text(tmp_path, GOOD)
    assert played.moves == ["+c4", "+a1", "^a1", "+d5"] and len(states) == 5
    assert played.players == {"A": "human", "B": "human"}


@pytest.mark.parametrize("change, where, words", [
    (("3. ^a1", "3. +a1"), "line 11, column 4", "move 3 (+a1, A to move): "),  # A's egg is on a1
    (("3. ^a1", "4. ^a1"), "line 11, column 1", "move number 4. where move 3 comes next"),
    (("result    *", "result    1-0"), "line 6, column 11", "result 1-0, but the moves end in * (the game goes on)"),
    (("seat B    human", "colour B  human"), "line 5, column 1", "unknown line 'colour'"),
    (("game      penguins", "game      chess"), "line 2, column 11", "unknown game 'chess'"),
    (("position  6x6", "position  6x9"), "line 3, column 11", "position: "),
    (("game      penguins\n", ""), "line 1, column 1", "no 'game' line"),
])
def test_a_bad_file_names_the_place(tmp_path, change, where, words):
    """Each fault, planted in a good file, is named with its line and column."""
    with pytest.raises(CalderaError) as caught:
        load_text(tmp_path, GOOD.replace(*change))
    assert f"game.cgf, {where}: {words}" in str(caught.value)


def test_cli_says_it_in_one_line(tmp_path):
    """`caldera review` of a file with an illegal move: one line naming the move, exit 2."""
    path = tmp_path / "game.cgf"
    path.write_text(GOOD.replace("^a1", "^f6"))
    assert "line 11, column 4: move 3 (^f6, A to move)" in one_line_error("review", str(path))


def test_a_huge_move_number_is_one_line(tmp_path):
    """Before: internal error (ValueError: Exceeds the limit (4300 digits) for integer string
    conversion) from a move number of 5,000 digits."""
    with pytest.raises(CalderaError) as caught:
        load_text(tmp_path, GOOD.replace("3. ^a1", "9" * 5000 + ". ^a1"))
    assert "line 11, column 1: move number 999" in str(caught.value)
    assert "(5,001 characters) where move 3 comes next" in str(caught.value)
    error = one_line_error("review", str(tmp_path / "game.cgf"))
    assert "where move 3 comes next" in error and len(error) < 300


def test_a_byte_order_mark_and_tabs_are_read(tmp_path):
    """Before: 'unknown line '\\ufeff'' (a BOM, as some editors write UTF-8), and a tab between
    a line's key and value was no separator. Tabs separate fields as spaces do."""
    tabbed = "\ufeff" + GOOD.replace("game      ", "game\t").replace("seat A    ", "seat\tA\t") \
        .replace("position  ", "position\t\t").replace("   2. +a1", "\t2.\t+a1")
    record, played, states = load_text(tmp_path, tabbed)
    assert played.moves == ["+c4", "+a1", "^a1", "+d5"] and len(states) == 5
    assert played.players == {"A": "human", "B": "human"}
