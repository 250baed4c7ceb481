"""Penguins board for the terminal: a rich renderable of a position (P-1 lattice, P-2 pieces).

The W x H torus is drawn as the parallelogram of its axial coordinates: row r = 0 on top, each
row shifted right by half a cell, so from a space E is to the right, W to the left, SE down-right,
SW down-left, NW up-left and NE up-right. Cells are 4 characters wide (the half-cell shift is 2).

Wrapping (P-1) is made visible with dimmed ghost copies of the opposite edges: each row starts
with a copy of its last space and ends with a copy of its first, set off from the real board by a
'\\' seam; above the first row sits a copy of the last row, below the last row a copy of the first
(their rank labels are in brackets, like "(8)"). The letters alone tell every piece apart, so the
board still reads in a terminal without colours: side A in capitals, side B in small letters, as
in the notation (P penguin, S star penguin, E egg); '▲' is an iceberg, the other barriers keep
their notation letters (G seagull, M emperor penguin, N nest, L seal), '·' is an empty space.
A terrain tile (P-15..P-23) is drawn with its own symbol when no piece stands on it (TILE_GLYPHS:
a tent shows its sense, a river tile its arrow, a fork 'Y'); under a piece it colours the cell's
background, and a line below the board names every piece standing on a tile, so a terminal
without colours loses nothing. Highlighted spaces get a background and, for the real (not ghost)
copy, square brackets. In team mode (P-2) the status names the player to move (A1 B1 A2 B2).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.style import Style
from rich.text import Text

from solver.games.board_tools import checked_highlight
from solver.games.penguins.penguins_rules import (
    CW,
    DIRECTIONS,
    DRAW,
    EGG,
    EMPEROR,
    ICEBERG,
    NEST,
    PENGUIN,
    RIVER,
    SEAGULL,
    SEAL,
    SETUP,
    SIDES,
    STAR,
    TERRAIN,
    WIN_A,
    WIN_B,
    Piece,
    State,
    Tile,
    seat_label,
    status,
)
from solver.games.penguins.penguins_notation import BARRIER_NAMES, FILES, square_name

SIDE_STYLES = ("bold red", "bold blue")
SIDE_COLOURS = ("red", "blue")
ICEBERG_STYLE = "bold cyan"
EMPTY_STYLE = "dim"
GHOST_STYLE = "dim"
SEAM_STYLE = "dim"
LABEL_STYLE = "bold"
HIGHLIGHT_STYLE = "on yellow"

EMPTY_GLYPH = "·"
SEAM = "\\"
GLYPHS = {
    Piece(PENGUIN, 0): "P",
    Piece(STAR, 0): "S",
    Piece(EGG, 0): "E",
    Piece(PENGUIN, 1): "p",
    Piece(STAR, 1): "s",
    Piece(EGG, 1): "e",
    Piece(ICEBERG): "▲",
    Piece(SEAGULL): "G",
    Piece(EMPEROR): "M",
    Piece(NEST): "N",
    Piece(SEAL): "L",
}
# Terrain symbols (the tent's by its sense, a river tile's by its arrow; a fork is 'Y'), styles
# for an empty tile space, and the backgrounds of a piece standing on a tile.
TILE_GLYPHS = {"storm": "@", "hole": "O", "freezing": "*", "radiation": "!", "seaweed": "~", "blazing": "#", "krill": "&"}
TENT_GLYPHS = {"cw": "↻", "ccw": "↺"}
ARROW_GLYPHS = ("→", "←", "↘", "↖", "↗", "↙")  # in DIRECTIONS order: E W SE NW NE SW
FORK_GLYPH = "Y"
TILE_STYLES = {
    "storm": "bold magenta", "tent": "bold yellow", "river": "bold bright_cyan", "hole": "bold white",
    "freezing": "bold bright_blue", "radiation": "bold green", "seaweed": "bold bright_green",
    "blazing": "bold bright_red", "krill": "bold bright_magenta",
}
TILE_BACKGROUNDS = {
    "storm": "on magenta", "tent": "on yellow4", "river": "on dark_cyan", "hole": "on grey30",
    "freezing": "on blue", "radiation": "on green", "seaweed": "on dark_green", "blazing": "on dark_red",
    "krill": "on purple4",
}
WRAP_NOTE = "edges wrap: leaving one side re-enters on the opposite side"

CELL = 4  # characters from one space to the next in a row
HALF = CELL // 2  # the shift of each row against the one above
LABEL_WIDTH = 4  # room for the rank labels, "(8) " at most


def tile_glyph(tile: Tile) -> str:
    """The one character that stands for a terrain tile."""
    if tile.kind == "tent":
        return TENT_GLYPHS[tile.sense]
    if tile.kind == RIVER:
        return FORK_GLYPH if len(tile.arrows) == 2 else ARROW_GLYPHS[tile.arrows[0]]
    return TILE_GLYPHS[tile.kind]


def glyph(piece: Piece | None, tile: Tile | None = None) -> str:
    """The one character that stands for `piece`, or for the tile or emptiness of a space without one."""
    if piece is not None:
        return GLYPHS[piece]
    return EMPTY_GLYPH if tile is None else tile_glyph(tile)


def piece_style(piece: Piece | None, tile: Tile | None = None) -> str:
    """The colour style of a space: its piece's colour, on the tile's background if it stands on one."""
    if piece is None:
        return EMPTY_STYLE if tile is None else TILE_STYLES[tile.kind]
    style = ICEBERG_STYLE if piece.side is None else SIDE_STYLES[piece.side]
    return style if tile is None else f"{style} {TILE_BACKGROUNDS[tile.kind]}"


def render(state: State, highlight: Iterable[int] = ()) -> Group:
    """The board of `state` with its wrap ghosts, a legend and a status block, for rich to print.

    `highlight` holds space indexes (r * W + q), e.g. the path of the last move; each gets a
    background, and brackets around its real copy. An index off the board raises ValueError.
    """
    marked = checked_highlight(highlight, state.size, "square", f"{state.width}x{state.height} board")
    lines = _board_lines(state, marked)
    lines.append(Text(WRAP_NOTE, style="italic dim"))
    lines.extend(_covered_tiles(state))
    if state.no_orbit:
        # P-13: written ' in the notation; the picture has no room for a mark beside a glyph.
        names = " ".join(square_name(state.width, s) for s in sorted(state.no_orbit))
        lines.append(Text(f"may not orbit the nest (P-13): {names}"))
    lines.extend(_legend(state))
    lines.extend(_status_lines(state))
    return Group(*lines)


class _Line:
    """One text line built from pieces of text placed at columns, left to right."""

    def __init__(self) -> None:
        self.text = Text(no_wrap=True, overflow="crop")

    def put(self, column: int, text: str, style: str | Style = "") -> None:
        """Write `text` starting at `column` (which must not be left of what is written)."""
        gap = column - len(self.text.plain)
        if gap < 0:
            raise AssertionError(f"layout overlap at column {column}")  # a bug in the layout
        self.text.append(" " * gap)
        self.text.append(text, style=style)


def _x(q: int, r: int) -> int:
    """The column of the glyph of lattice cell (q, r); q runs -1..W, r runs -2..H+1 (files at both ends)."""
    return LABEL_WIDTH + 2 + CELL + HALF * r + CELL * q


def _board_lines(state: State, marked: frozenset[int]) -> list[Text]:
    """The board lines, top to bottom.

    File letters, the ghost of the last row, the rows with their side ghosts, the ghost of the
    first row, file letters again. Each file letter ends its column's down-right diagonal.
    """
    width, height = state.width, state.height

    def file_letters(r_shown: int) -> Text:
        """A line of the file letters, each placed as on lattice row `r_shown`."""
        line = _Line()
        for q in range(width):
            line.put(_x(q, r_shown), FILES[q], LABEL_STYLE)
        return line.text

    lines = [file_letters(-2)]

    def ghost_row(r_shown: int, r_source: int) -> Text:
        """A line with the dimmed copy of row `r_source` on lattice row `r_shown`, labelled '(n)'."""
        line = _Line()
        line.put(0, f"({r_source + 1})", "dim")
        for q in range(width):
            line.put(_x(q, r_shown), *_ghost_cell(state, r_source * width + q, marked))
        return line.text

    lines.append(ghost_row(-1, height - 1))
    for r in range(height):
        line = _Line()
        line.put(0, f"{r + 1:>2}", LABEL_STYLE)
        line.put(_x(-1, r), *_ghost_cell(state, r * width + width - 1, marked))
        line.put(_x(0, r) - HALF, SEAM, SEAM_STYLE)
        for q in range(width):
            square = r * width + q
            piece, tile = state.board[square], state.tile(square)
            if square in marked:
                background = Style.parse(HIGHLIGHT_STYLE)
                line.put(_x(q, r) - 1, "[", background)
                line.put(_x(q, r), glyph(piece, tile), Style.parse(piece_style(piece, tile)) + background)
                line.put(_x(q, r) + 1, "]", background)
            else:
                line.put(_x(q, r), glyph(piece, tile), piece_style(piece, tile))
        line.put(_x(width - 1, r) + HALF, SEAM, SEAM_STYLE)
        line.put(_x(width, r), *_ghost_cell(state, r * width, marked))
        lines.append(line.text)
    lines.append(ghost_row(height, 0))
    lines.append(file_letters(height + 1))
    return lines


def _ghost_cell(state: State, square: int, marked: frozenset[int]) -> tuple[str, Style]:
    """The dimmed copy of `square` drawn beyond an edge (with the highlight background if marked)."""
    piece, tile = state.board[square], state.tile(square)
    style = Style.parse(piece_style(piece, tile)) + Style.parse(GHOST_STYLE)
    if square in marked:
        style += Style.parse(HIGHLIGHT_STYLE)
    return glyph(piece, tile), style


def _side_label(side: int) -> Text:
    """'A' or 'B' in the side's colour."""
    return Text(SIDES[side], style=SIDE_STYLES[side])


def tile_name(tile: Tile) -> str:
    """A tile in words: 'storm', 'tent (clockwise)', 'river (E+SE)'."""
    if tile.kind == "tent":
        return "tent (clockwise)" if tile.sense == CW else "tent (counter-clockwise)"
    if tile.kind == RIVER:
        return "river (" + "+".join(DIRECTIONS[a][0] for a in tile.arrows) + ")"
    return tile.kind


def _covered_tiles(state: State) -> list[Text]:
    """One line naming the pieces that stand on a tile (hidden under them on the board), if any."""
    covered = [s for s in range(state.size) if state.board[s] is not None and state.tile(s) is not None]
    if not covered:
        return []
    line = Text("on tiles:")
    for square in covered:
        piece, tile = state.board[square], state.tile(square)
        line.append(f" {square_name(state.width, square)} ")
        line.append(GLYPHS[piece], style=piece_style(piece))
        line.append(" on ")
        line.append(tile_glyph(tile), style=TILE_STYLES[tile.kind])
        line.append(f" {tile_name(tile)};")
    line.right_crop(1)
    return [line]


def _legend(state: State) -> list[Text]:
    """The glyphs of each side on one line, those of the board on the next; then barriers and tiles present."""
    pieces = Text("legend: ")
    for side in (0, 1):
        pieces.append("  " if side else "")
        pieces.append_text(_side_label(side))
        pieces.append(f" ({SIDE_COLOURS[side]}):")
        for kind, name in ((PENGUIN, "penguin"), (STAR, "star"), (EGG, "egg")):
            pieces.append(" ")
            pieces.append(GLYPHS[Piece(kind, side)], style=SIDE_STYLES[side])
            pieces.append(f" {name}")
    board = Text("        ")
    board.append(GLYPHS[Piece(ICEBERG)], style=ICEBERG_STYLE)
    board.append(" iceberg  ")
    board.append(EMPTY_GLYPH, style=EMPTY_STYLE)
    board.append(" empty  ")
    board.append("[ ]", style=HIGHLIGHT_STYLE)
    board.append(" highlighted (e.g. the last move)")
    lines = [pieces, board]
    barriers = sorted({p.kind for p in state.board if p is not None and p.kind in BARRIER_NAMES})
    if barriers:
        line = Text("barriers:")
        for kind in barriers:
            line.append(" ")
            line.append(GLYPHS[Piece(kind)], style=ICEBERG_STYLE)
            line.append(f" {BARRIER_NAMES[kind]}")
        lines.append(line)
    tiles = sorted({t for t in state.terrain if t is not None}, key=lambda t: (TERRAIN.index(t.kind), t.sense, t.arrows))
    if tiles:
        line = Text("tiles:")
        for tile in tiles:
            line.append(" ")
            line.append(tile_glyph(tile), style=TILE_STYLES[tile.kind])
            line.append(f" {tile_name(tile)}")
        lines.append(line)
    return lines


def _status_lines(state: State) -> list[Text]:
    """Side to move, phase, ply and cap, eggs in supply, unused penguins, and the result if over."""
    me, rival = state.to_move, 1 - state.to_move
    lines = []

    line = Text("to move: ")
    line.append_text(_side_label(me))
    if state.rules.team and state.phase != SETUP:
        line.append(f" (player {seat_label(state)})")
    if state.phase == SETUP:
        line.append(f"    phase: setup, {SIDES[me]} places a rival egg (one of {SIDES[rival]}'s, from {SIDES[rival]}'s supply)")
    else:
        line.append(f"    phase: play, {SIDES[me]} lands, hatches or explores")
    lines.append(line)

    lines.append(Text(f"ply: {state.ply} of cap {state.rules.ply_cap}"))

    line = Text("supply eggs:")
    for side in (0, 1):
        line.append("  ")
        line.append_text(_side_label(side))
        line.append(f" {state.supply[side]}")
    lines.append(line)

    line = Text("unused penguins:")
    for side in (0, 1):
        assistants, stars = state.unused_assistants[side], state.unused_stars[side]
        line.append("  ")
        line.append_text(_side_label(side))
        line.append(f" {assistants} assistant{'' if assistants == 1 else 's'} + {stars} star{'' if stars == 1 else 's'}")
    lines.append(line)

    result = result_words(state)
    if result:
        lines.append(Text(f"game over: {result}", style="bold"))
    return lines


def result_words(state: State) -> str:
    """The result of a finished game and why, e.g. "A wins (its supply is empty)"; "" while it goes on."""
    outcome = status(state)
    if outcome == DRAW:
        return f"draw (ply cap {state.rules.ply_cap} reached)"
    if outcome in (WIN_A, WIN_B):
        winner = 0 if outcome == WIN_A else 1
        why = "its supply is empty" if state.supply[winner] == 0 else f"{SIDES[1 - winner]} has no legal action"
        return f"{SIDES[winner]} wins ({why})"
    return ""
