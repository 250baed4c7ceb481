"""The terminal board of penguins (solver/games/penguins/penguins_board.py), read back as plain text."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from solver.games.penguins.penguins_rules import slide_path, successor
from solver.games.penguins.penguins_board import render
from solver.games.penguins.penguins_notation import parse_move, parse_position, resolve_position

# 6 wide, 5 high (not square, so a swapped W/H shows): row 1 holds A's penguin on a1 and B's on f1.
HAND_BUILT = "6x5 P4p/1I2s1/6/2E3/e4S - B play 14/15 2+0/2+0 7"
LABEL_WIDTH = 4
SKIP = set("\\[]")  # seams and highlight brackets, not cells


def plain(state, highlight=()) -> str:
    """What a terminal without colours shows."""
    console = Console(record=True, width=100, color_system=None)
    console.print(render(state, highlight))
    return console.export_text()


def line_of(text: str, label: str) -> str:
    """The line whose rank label (first word) is `label`."""
    found = [line for line in text.splitlines() if line.split()[:1] == [label]]
    assert len(found) == 1, f"expected one line labelled {label!r}, got {found}"
    return found[0]


def cells(line: str) -> list[tuple[int, str]]:
    """(column, glyph) of every cell drawn on a board line, left to right, label excluded."""
    return [(x, ch) for x, ch in enumerate(line) if x >= LABEL_WIDTH and not ch.isspace() and ch not in SKIP]


def test_each_row_shows_its_pieces_in_order_between_ghosts_and_seams():
    """A row shows: label, ghost of its last square, seam, its squares in order, seam, ghost of its first square."""
    text = plain(parse_position(HAND_BUILT))
    # label, ghost of the last space, seam, the W spaces, seam, ghost of the first space
    assert line_of(text, "1").split() == ["1", "p", "\\", "P", "·", "·", "·", "·", "p", "\\", "P"]
    assert line_of(text, "2").split() == ["2", "·", "\\", "·", "▲", "·", "·", "s", "·", "\\", "·"]
    assert line_of(text, "3").split() == ["3", "·", "\\"] + ["·"] * 6 + ["\\", "·"]
    assert line_of(text, "4").split() == ["4", "·", "\\", "·", "·", "E", "·", "·", "·", "\\", "·"]
    assert line_of(text, "5").split() == ["5", "S", "\\", "e", "·", "·", "·", "·", "S", "\\", "e"]


def test_ghost_rows_copy_the_opposite_edge_and_the_wrap_is_noted():
    """The ghost rows copy the opposite edge rows, file letters frame them, and the wrap note is shown."""
    text = plain(parse_position(HAND_BUILT))
    lines = text.splitlines()
    top, bottom = lines.index(line_of(text, "(5)")), lines.index(line_of(text, "(1)"))
    assert lines[top + 1].split()[0] == "1"  # the copy of the last row sits right above row 1
    assert lines[bottom - 1].split()[0] == "5"  # and the copy of row 1 right below the last row
    assert lines[top].split() == ["(5)", "e", "·", "·", "·", "·", "S"]
    assert lines[bottom].split() == ["(1)", "P", "·", "·", "·", "·", "p"]
    assert lines[top - 1].split() == list("abcdef")
    assert lines[bottom + 1].split() == list("abcdef")
    assert "edges wrap: leaving one side re-enters on the opposite side" in text


def test_the_lattice_is_a_parallelogram_with_half_cell_shifts():
    """Cells are 4 columns apart in a row and each row shifts 2 columns right, ghosts and file letters too."""
    state = parse_position(HAND_BUILT)
    text = plain(state)
    lines = text.splitlines()
    top = lines.index(line_of(text, "(5)"))
    # the W real spaces of each row, between its two ghosts; rows -1 and H are the ghost rows
    columns = {r: [x for x, _ in cells(lines[top + 1 + r])[1:-1]] for r in range(state.height)}
    columns[-1] = [x for x, _ in cells(lines[top])]
    columns[state.height] = [x for x, _ in cells(lines[top + state.height + 1])]
    for r, xs in columns.items():
        assert len(xs) == state.width
        assert [b - a for a, b in zip(xs, xs[1:])] == [4] * (state.width - 1)  # E is 4 columns right
    for r in range(-1, state.height):
        assert [b - a for a, b in zip(columns[r], columns[r + 1])] == [2] * state.width  # SE is down-right
    # the side ghosts sit one cell beyond the edges: W of a is the last file, E of the last file is a
    for r in range(state.height):
        row = cells(lines[top + 1 + r])
        assert row[0][0] == columns[r][0] - 4 and row[-1][0] == columns[r][-1] + 4
    # file letters continue each file's down-right diagonal at both ends
    assert [x for x, _ in cells(lines[top - 1])] == [x - 2 for x in columns[-1]]
    assert [x for x, _ in cells(lines[top + state.height + 2])] == [x + 2 for x in columns[state.height]]


SETUP_WITH_CAP = "4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0 cap=50"

# (position, shown): the plain board of the position matches the regular expression `shown`.
SHOWN = [
    # The legend names each side's pieces; the status shows side to move, phase, ply, supplies and unused penguins.
    (HAND_BUILT, r"A \(red\): P penguin S star E egg"),
    (HAND_BUILT, r"B \(blue\): p penguin s star e egg"),
    (HAND_BUILT, r"▲ iceberg"),
    (HAND_BUILT, r"· empty"),
    (HAND_BUILT, r"to move: B\s+phase: play"),
    (HAND_BUILT, r"ply: 7 of cap 300"),
    (HAND_BUILT, r"supply eggs:\s+A 14\s+B 15\b"),
    (HAND_BUILT, r"unused penguins:\s+A 2 assistants \+ 0 stars\s+B 2 assistants \+ 0 stars"),
    # In setup the status says a rival egg is placed and shows the ply cap, supplies and unused penguins.
    (SETUP_WITH_CAP, r"to move: A\s+phase: setup, A places a rival egg"),
    (SETUP_WITH_CAP, r"ply: 0 of cap 50"),
    (SETUP_WITH_CAP, r"supply eggs:\s+A 16\s+B 16\b"),
    (SETUP_WITH_CAP, r"unused penguins:\s+A 3 assistants \+ 1 star\s+B 3 assistants \+ 1 star"),
    # A won or drawn game says 'game over' and why.
    ("4x4 Pe2/4/4/3s - A play 0/10 2+1/2+0 40", r"game over: A wins \(its supply is empty\)"),
    ("4x4 4/4/4/4 - B play 10/10 3+1/3+1 300", r"game over: draw \(ply cap 300 reached\)"),
]


@pytest.mark.parametrize("position, shown", SHOWN)
def test_legend_and_status_state_sides_supplies_phase_and_the_end(position, shown):
    """The legend and the status lines under the board say what the comment over each group of cases says."""
    assert re.search(shown, plain(parse_position(position)))


@pytest.mark.parametrize("position", [HAND_BUILT, SETUP_WITH_CAP])
def test_a_game_going_on_is_not_over(position):
    """The status of a game in play or in setup does not say 'game over'."""
    assert "game over" not in plain(parse_position(position))


def test_highlights_add_brackets_and_leave_the_layout_alone():
    """Highlighted squares get brackets and nothing else on the board or below it changes."""
    state = parse_position(HAND_BUILT)
    bare = plain(state)
    marked = plain(state, highlight=[0, 10])  # a1 (P) and e2 (s)
    assert line_of(marked, "1").split()[:3] == ["1", "p", "\\[P]"]  # the seam abuts the bracket
    assert "[s]" in line_of(marked, "2").split()
    board, rest = marked.split("edges wrap")  # the legend below shows a sample "[ ]" too
    assert board.count("[") == 2 and board.count("]") == 2
    assert board.replace("[", " ").replace("]", " ") == bare.split("edges wrap")[0]
    assert rest == bare.split("edges wrap")[1]
    assert plain(state, highlight=iter([])) == bare  # any iterable


def lit_characters(group) -> list[tuple[str, str]]:
    """(first word of the line, character) of every character drawn with a background."""
    console = Console(width=100, color_system=None)
    lit = []
    for line in group.renderables:
        for x, ch in enumerate(line.plain):
            if line.get_style_at_offset(console, x).bgcolor is not None:
                lit.append((line.plain.split()[0], ch))
    return lit


def test_highlight_background_covers_the_square_and_its_ghost_copies():
    """A highlight's background covers the square, its brackets and its ghost copies; nothing is lit without one."""
    state = parse_position(HAND_BUILT)
    plain_lit = [item for item in lit_characters(render(state)) if item[0] in ("1", "(1)")]
    assert plain_lit == []
    # a1: the real copy in row 1 (with its brackets), its ghost at the end of row 1 and in row (1)
    lit = [item for item in lit_characters(render(state, highlight={0})) if item[0] in ("1", "(1)")]
    assert lit == [("1", "["), ("1", "P"), ("1", "]"), ("1", "P"), ("(1)", "P")]
    # f1: its ghost comes first in row 1 (before the seam), then the real copy, then row (1)
    lit = [item for item in lit_characters(render(state, highlight={5})) if item[0] in ("1", "(1)")]
    assert lit == [("1", "p"), ("1", "["), ("1", "p"), ("1", "]"), ("(1)", "p")]


@pytest.mark.parametrize("square", [-1, 30, "a1", 2.0])
def test_highlight_off_the_board_is_refused(square):
    """Highlighting something that is not a square of the board raises ValueError."""
    with pytest.raises(ValueError, match="not on the 6x5 board"):
        render(parse_position(HAND_BUILT), highlight=[square])


@pytest.mark.parametrize("width", range(4, 9))
@pytest.mark.parametrize("height", range(4, 9))
def test_every_board_size_draws_one_line_per_row(width, height):
    """Every size from 4x4 to 8x8 draws one line per row with the right number of cells, within 100 columns."""
    state = parse_position(f"{width}x{height} {'/'.join([str(width)] * height)} - A setup 16/16 3+1/3+1 0")
    text = plain(state)
    for r in range(height):
        assert len(line_of(text, str(r + 1)).split()) == 1 + 2 + 2 + width
    assert len(line_of(text, f"({height})").split()) == 1 + width
    assert len(line_of(text, "(1)").split()) == 1 + width
    assert max(len(line) for line in text.splitlines()) <= 100


def test_floes_after_a_wrapping_slide():
    """After a wrapping slide on 'floes': the path is highlighted, the captured egg is A's, the status is right."""
    state = resolve_position("floes")
    for token in ["+d4", "+e5", "+c3", "+f6", "^c3", "+c6"]:
        state = successor(state, parse_move(state, token))
    move = parse_move(state, "c3-SE")  # c4 c5 c6 (B's egg, captured) c7 c8, wraps to c1, stops before the c2 iceberg
    path = slide_path(state, move.square, move.direction)
    state = successor(state, move)
    text = plain(state, highlight=(move.square, *path.passed, path.stop))
    assert line_of(text, "1").split() == ["1", "·", "\\", "·", "·", "[P]", "·", "·", "·", "·", "·", "\\", "·"]
    for rank in range(3, 9):
        assert "[E]" in line_of(text, str(rank))
    # c6 held B's egg: captured, it is now A's; B's egg on f6 (off the path) stays
    assert line_of(text, "6").split() == ["6", "·", "\\", "·", "▲", "[E]", "·", "·", "e", "·", "·", "\\", "·"]
    assert line_of(text, "(8)").split() == ["(8)", "·", "·", "E", "·", "·", "·", "▲", "·"]
    assert line_of(text, "(1)").split() == ["(1)", "·", "·", "P", "·", "·", "·", "·", "·"]
    # four icebergs (c2 f4 b6 g8), the ghost of g8 above row 1, and the legend's sample
    assert text.count("▲") == 4 + 1 + 1
    assert re.search(r"to move: B\s+phase: play", text)
    assert re.search(r"supply eggs:\s+A 9\s+B 14\b", text)
    assert re.search(r"unused penguins:\s+A 2 assistants \+ 1 star\s+B 3 assistants \+ 1 star", text)


# Every barrier (row 1; the seagull a1 stands on the storm) and every tile; A's penguin on the hole a5.
TILED = ("6x6 GMNL2/6/6/6/P5/6 sa1,tb2:ccw,hc2,fd2,xe2,wf2,ba3,kb3,rd3:SE,rd4:E+SE,re4:E,rf4:E,rd5:SE,rd6:SE,ha5 "
         "A play 16/16 2+1/3+1 2")


def test_every_barrier_and_tile_has_its_glyph_and_legend():
    """Barriers keep their notation letters; each tile its symbol: tent sense, river arrows, fork 'Y'."""
    text = plain(parse_position(TILED))
    assert line_of(text, "1").split() == ["1", "·", "\\", "G", "M", "N", "L", "·", "·", "\\", "G"]
    assert line_of(text, "2").split() == ["2", "~", "\\", "·", "↺", "O", "*", "!", "~", "\\", "·"]
    assert line_of(text, "3").split() == ["3", "·", "\\", "#", "&", "·", "↘", "·", "·", "\\", "#"]
    assert line_of(text, "4").split() == ["4", "→", "\\", "·", "·", "·", "Y", "→", "→", "\\", "·"]
    assert line_of(text, "5").split() == ["5", "·", "\\", "P", "·", "·", "↘", "·", "·", "\\", "P"]
    assert "barriers: M emperor penguin N penguin nest G seagull L seal" in text
    for words in ("@ storm", "↺ tent (counter-clockwise)", "Y river (E+SE)", "→ river (E)", "↘ river (SE)",
                  "O hole", "* freezing", "! radiation", "~ seaweed", "# blazing", "& krill"):
        assert words in text


def test_a_piece_on_a_tile_is_named_below_the_board():
    """A piece on a tile hides it on the board; the line below the board names what lies under it."""
    text = plain(parse_position(TILED))
    assert "on tiles: a1 G on @ storm; a5 P on O hole" in text
    # rank 1 starts with the ghost of d1 and the seam, then a1: the penguin, not the storm
    covered = plain(parse_position("4x4 P3/4/4/4 sa1 A play 16/16 2+1/3+1 2"))
    assert line_of(covered, "1").split()[3] == "P"
    assert "on tiles: a1 P on @ storm" in covered


def test_team_mode_status_names_the_player():
    """P-2: in team mode the status adds the player to move, A1 B1 A2 B2 in turn from ply 2."""
    text = plain(parse_position("4x4 4/4/4/4 - B play 16/16 3+1/3+1 5 team=1"))
    assert re.search(r"to move: B \(player B2\)\s+phase: play", text)
    setup = plain(parse_position("4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0 team=1"))
    assert re.search(r"to move: A\s+phase: setup", setup)
