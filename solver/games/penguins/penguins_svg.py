"""The penguins board as an SVG picture (`caldera show penguins --svg FILE`).

The W x H torus is drawn as in the terminal (penguins_board.py): the parallelogram of its axial
coordinates, each row shifted half a space to the right, the spaces as pointy-top hexagons, so
the six directions are the six neighbours. Wrapping (P-1) shows as faded copies of the opposite
edges round the board (the last row above, the first below, the last file on the left, the first
on the right) behind a dashed seam. Pieces keep their notation letters on coloured discs (side A
red, side B blue), eggs are ovals, terrain tiles tint their space and carry their symbol, the
last move's spaces get a thick yellow outline.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from solver.games.board_tools import checked_highlight
from solver.games.penguins.penguins_board import BARRIER_NAMES, GLYPHS, result_words, tile_glyph, tile_name
from solver.games.penguins.penguins_notation import FILES
from solver.games.penguins.penguins_rules import (
    DIRECTIONS,
    EGG,
    ICEBERG,
    PENGUIN,
    SETUP,
    SIDES,
    STAR,
    TERRAIN,
    Piece,
    State,
    neighbour,
    seat_label,
)
from solver.games.svg_tools import (
    HIGHLIGHT,
    Drawing,
    draw_line_of_play,
    swatch_arrow,
    swatch_circle,
    swatch_square,
    swatch_triangle,
)

SPACE = 52.0  # centre to centre along a row
ROW = SPACE * math.sqrt(3) / 2  # centre to centre between rows
RADIUS = SPACE / math.sqrt(3)  # a hexagon's corner radius
SIDE_FILL = ("#d62728", "#1f5fbf")
EGG_FILL = ("#f4a3a3", "#9dbcf0")
ICE = "#e8f3fa"
ICEBERG_FILL = "#7fd3e6"
BARRIER_FILL = "#6b6b6b"
GHOST = 0.3
TILE_FILL = {
    "storm": "#e3c6ef", "tent": "#f5e6a8", "river": "#b5e3e8", "hole": "#c8c8c8", "freezing": "#c5d6fb",
    "radiation": "#c8ecc0", "seaweed": "#a9dba0", "blazing": "#f7b9a8", "krill": "#f0c4e4",
}
MARGIN = 24.0


def svg(state: State, highlight: Iterable[int] = (), line: Iterable[tuple[int, ...]] = ()) -> str:
    """The position as SVG text: title, board with wrap copies, legend and state of play;
    `highlight` spaces outlined (the last move), `line` a line of play drawn as numbered arrows
    (each move's strokes: the spaces it touches)."""
    marked = checked_highlight(highlight, state.size, "square", f"{state.width}x{state.height} board")
    width, height = state.width, state.height
    left = MARGIN + 30

    def centre(q: float, r: float) -> tuple[float, float]:
        return left + SPACE * (q + 1) + SPACE / 2 * (r + 1), top + ROW * (r + 1)

    board_width = SPACE * (width + 2) + SPACE / 2 * (height + 1) + 2 * MARGIN + 30
    drawing = Drawing(max(board_width, 560.0), 0.0)
    turn = "setup" if state.phase == SETUP else "play"
    top = drawing.title(f"penguins {width}x{height}: {seat_label(state)} to move ({turn})",
                        f"ply {state.ply} of {state.rules.ply_cap}; supply eggs A {state.supply[0]}, "
                        f"B {state.supply[1]}") + ROW + 12
    # The faded copies first, then the real board over them.
    for r in range(-1, height + 1):
        for q in range(-1, width + 1):
            real = 0 <= r < height and 0 <= q < width
            if real:
                continue
            square = (r % height) * width + q % width
            _space(drawing, state, square, *centre(q, r), square in marked, GHOST)
    for r in range(height):
        for q in range(width):
            square = r * width + q
            _space(drawing, state, square, *centre(q, r), square in marked, None)
    _seam(drawing, centre, width, height)
    # The rows are skewed, so a file runs down to the right: its letter stands straight over its
    # space in the first row and straight under its space in the last, beyond the wrap copies.
    for q in range(width):
        drawing.text(centre(q, 0)[0], centre(q, -2)[1], FILES[q], bold=True)
        drawing.text(centre(q, height - 1)[0], centre(q, height + 1)[1], FILES[q], bold=True)
    for r in range(height):
        x, y = centre(-1.9, r)
        drawing.text(x, y, str(r + 1), bold=True)
    paths = [tuple(_path(state, spaces) for spaces in strokes) for strokes in line]
    draw_line_of_play(drawing, lambda s: centre(s % width, s // width), paths)
    y = centre(0, height + 1.8)[1]
    drawing.text(MARGIN, y, "edges wrap: the faded spaces beyond the dashed seam are the opposite edges",
                 size=12, anchor="start", fill="#555555")
    y = drawing.legend(MARGIN, y + 24, _legend_entries(state, bool(line)), drawing.width - 2 * MARGIN)
    y = drawing.lines_of_text(MARGIN, y + 10, _status_lines(state))
    drawing.height = y + 10
    return drawing.to_text()


def _path(state: State, spaces: tuple[int, ...]) -> tuple[int, ...]:
    """The spaces of a move up to where its penguin stops: `touched` lists the move's space,
    the path, then the other spaces it changed (a storm's throw, krill eggs), and the path ends
    at the first space that is not a neighbour of the one before (so a hole's jump, P-20, ends
    the arrow at the hole)."""
    path = list(spaces[:1])
    for square in spaces[1:]:
        if all(neighbour(state.width, state.height, path[-1], d) != square for d in range(len(DIRECTIONS))):
            break
        path.append(square)
    return tuple(path)


def _hexagon(x: float, y: float, radius: float = RADIUS) -> list[tuple[float, float]]:
    """The corners of a pointy-top hexagon round (x, y)."""
    return [(x + radius * math.cos(math.radians(90 + 60 * k)), y + radius * math.sin(math.radians(90 + 60 * k)))
            for k in range(6)]


def _space(d: Drawing, state: State, square: int, x: float, y: float, marked: bool, opacity: float | None) -> None:
    """One space: its ice or tile, its piece, and the highlight outline."""
    tile, piece = state.tile(square), state.board[square]
    fill = ICE if tile is None else TILE_FILL[tile.kind]
    d.polygon(_hexagon(x, y, RADIUS - 1), fill, "#9fb8c8", 1.0, opacity=opacity)
    if tile is not None:
        where = (x + 12, y - 14) if piece is not None else (x, y)
        d.text(*where, tile_glyph(tile), size=12 if piece is not None else 18, fill="#333333", bold=True,
               opacity=opacity)
    if piece is not None:
        _piece(d, piece, x, y, opacity)
    if marked:
        d.polygon(_hexagon(x, y, RADIUS - 3), "none", HIGHLIGHT, 4.0, opacity=opacity)


def _piece(d: Drawing, piece: Piece, x: float, y: float, opacity: float | None) -> None:
    """A piece centred on (x, y): a disc for penguins and barriers, an oval for eggs, a triangle for icebergs."""
    letter = GLYPHS[piece]
    if piece.kind == EGG:
        d.ellipse(x, y, 11, 14, EGG_FILL[piece.side], SIDE_FILL[piece.side], 2.0, opacity=opacity)
        d.text(x, y, letter, size=13, fill=SIDE_FILL[piece.side], bold=True, opacity=opacity)
    elif piece.kind in (PENGUIN, STAR):
        d.circle(x, y, 16, SIDE_FILL[piece.side], "#222222" if piece.kind == STAR else None,
                 3.0 if piece.kind == STAR else None, opacity=opacity)
        d.text(x, y, letter, size=17, fill="#ffffff", bold=True, opacity=opacity)
    elif piece.kind == ICEBERG:
        d.polygon([(x, y - 17), (x - 16, y + 12), (x + 16, y + 12)], ICEBERG_FILL, "#2b7a8c", 1.5, opacity=opacity)
    else:
        d.circle(x, y, 15, BARRIER_FILL, "#222222", 1.0, opacity=opacity)
        d.text(x, y, letter, size=15, fill="#ffffff", bold=True, opacity=opacity)


def _seam(d: Drawing, centre, width: int, height: int) -> None:
    """The dashed outline between the real board and its wrap copies."""
    corners = [centre(-0.5, -0.5), centre(width - 0.5, -0.5), centre(width - 0.5, height - 0.5), centre(-0.5, height - 0.5)]
    d.polygon(corners, "none", "#444444", 1.5, dash="6 4")


def _legend_entries(state: State, with_line: bool) -> list:
    """The pieces, tiles and marks, those of the board's barriers and tiles only when present."""
    entries = []
    for side in (0, 1):
        entries.append((swatch_circle(SIDE_FILL[side], letter=GLYPHS[Piece(PENGUIN, side)]), f"{SIDES[side]} penguin"))
        entries.append((swatch_circle(SIDE_FILL[side], "#222222", GLYPHS[Piece(STAR, side)]), f"{SIDES[side]} star penguin"))
        entries.append((swatch_circle(EGG_FILL[side], SIDE_FILL[side], GLYPHS[Piece(EGG, side)], SIDE_FILL[side]),
                        f"{SIDES[side]} egg"))
    entries.append((swatch_triangle(ICEBERG_FILL, "#2b7a8c"), "iceberg"))
    entries.append((swatch_square(ICE, "#9fb8c8"), "empty ice"))
    entries.append((swatch_square("none", HIGHLIGHT, stroke_width=3.0), "the last move"))
    barriers = sorted({p.kind for p in state.board if p is not None and p.kind in BARRIER_NAMES})
    for kind in barriers:
        entries.append((swatch_circle(BARRIER_FILL, letter=GLYPHS[Piece(kind)]), BARRIER_NAMES[kind]))
    tiles = sorted({t for t in state.terrain if t is not None}, key=lambda t: (TERRAIN.index(t.kind), t.sense, t.arrows))
    for tile in tiles:
        entries.append((swatch_square(TILE_FILL[tile.kind], letter=tile_glyph(tile)), tile_name(tile)))
    if with_line:
        entries.append((swatch_arrow(), "best line, numbered in order"))
    return entries


def _status_lines(state: State) -> list[str]:
    """Phase, unused penguins and the result once over."""
    me, rival = SIDES[state.to_move], SIDES[1 - state.to_move]
    doing = (f"setup: {me} places a rival egg (one of {rival}'s)" if state.phase == SETUP
             else f"play: {me} lands, hatches or explores")
    unused = "; ".join(f"{SIDES[s]} {state.unused_assistants[s]} assistants + {state.unused_stars[s]} star"
                       for s in (0, 1))
    lines = [doing, f"unused penguins: {unused}"]
    result = result_words(state)
    return lines + [f"game over: {result}"] if result else lines
