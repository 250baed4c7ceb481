"""The meerkats maze as an SVG picture (`caldera show meerkats --svg FILE`): both faces side by
side (the face up in full colour, the face down faded), walls as thick dark lines, hedges as
dashed green ones, burrows and friends in their cells, each meerkat as a disc in its seat's
colour on both faces (M-3: the same cell on either), the last move's cells outlined; the status
lines are the terminal board's (meerkats_board.py)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from solver.games.board_tools import checked_highlight
from solver.games.meerkats.meerkats_board import FRIEND_MARKS, _status_lines
from solver.games.meerkats.meerkats_maze import EAST, FACE_NAMES, FRIEND_NAMES, HEDGE, SOUTH, WALL
from solver.games.meerkats.meerkats_rules import SEATS, State
from solver.games.notation_tools import plural
from solver.games.svg_tools import HIGHLIGHT, Drawing, GridPicture, swatch_circle, swatch_square

FACE_FILL = ("#f3dfa8", "#c9a27a")  # desert sand, underground earth
SEAT_FILL = ("#d62728", "#1f5fbf", "#d4a017", "#b23cb2")
FRIEND_FILL = "#1a9aa0"
WALL_COLOUR, HEDGE_COLOUR = "#222222", "#2e8b2e"
CELL = 56.0


def svg(state: State, highlight: Iterable[int] = (), line: Iterable[tuple[int, ...]] = ()) -> str:
    """Both faces as SVG text; `highlight` cells outlined, `line` drawn on the face up."""
    maze, n = state.maze, state.maze.size
    marked = checked_highlight(highlight, maze.cells, "cell", f"{n}x{n} maze")

    def draw_cell(d: Drawing, face: int, index: int, x: float, y: float) -> None:
        faded = None if face == state.face else 0.45
        d.rect(x, y, CELL, CELL, FACE_FILL[face], "#b0a080", 0.5, opacity=faded)
        friends = maze.faces[face].friends
        if index in maze.burrows:
            d.circle(x + CELL / 2, y + CELL / 2, 14, "#5a3b1a", opacity=faded)
            d.text(x + CELL / 2, y + CELL / 2, "O", size=12, fill="#ffffff", bold=True, opacity=faded)
        elif index in friends:
            d.rect(x + 14, y + 14, 28, 28, FRIEND_FILL, rx=6.0, opacity=faded)
            d.text(x + CELL / 2, y + CELL / 2, FRIEND_MARKS[friends.index(index)], size=15, fill="#ffffff",
                   bold=True, opacity=faded)
        here = [seat for seat, m in enumerate(state.meerkats) if m.cell == index]
        for k, seat in enumerate(here):
            cx, cy = x + 12 + 32 * (k % 2), y + 12 + 32 * (k // 2)
            d.circle(cx, cy, 10, SEAT_FILL[seat], "#ffffff", 1.5, opacity=faded)
            d.text(cx, cy, SEATS[seat], size=11, fill="#ffffff", bold=True, opacity=faded)

    def draw_edges(d: Drawing, face: int, index: int, x: float, y: float) -> None:
        faded = None if face == state.face else 0.45
        r, c = divmod(index, n)
        for direction, (x1, y1, x2, y2) in ((EAST, (x + CELL, y, x + CELL, y + CELL)),
                                            (SOUTH, (x, y + CELL, x + CELL, y + CELL))):
            side = maze.faces[face].side(index, direction)
            if direction == EAST and c == n - 1 or direction == SOUTH and r == n - 1:
                side = WALL
            if side == WALL:
                d.line(x1, y1, x2, y2, WALL_COLOUR, 4.0, opacity=faded)
            elif side == HEDGE:
                d.line(x1, y1, x2, y2, HEDGE_COLOUR, 4.0, dash="5 4", opacity=faded)
        if r == 0:
            d.line(x, y, x + CELL, y, WALL_COLOUR, 4.0, opacity=faded)
        if c == 0:
            d.line(x, y, x, y + CELL, WALL_COLOUR, 4.0, opacity=faded)

    legend = [(swatch_circle(SEAT_FILL[s], letter=SEATS[s]), f"{SEATS[s]}'s meerkat") for s in range(state.players)]
    legend += [(swatch_circle("#5a3b1a", letter="O"), "corner burrow")]
    legend += [(swatch_square(FRIEND_FILL, letter=FRIEND_MARKS[k], letter_colour="#ffffff"), FRIEND_NAMES[k])
               for k in range(len(FRIEND_NAMES))]
    legend += [(_wall_swatch(WALL_COLOUR, None), "wall"), (_wall_swatch(HEDGE_COLOUR, "5 4"), "hedge (a shortcut passes)"),
               (swatch_square("none", HIGHLIGHT, stroke_width=3.0), "the last move's cells")]
    titles = tuple(f"{FACE_NAMES[f]} face" + (" (up)" if f == state.face else " (down)") for f in (0, 1))
    picture = GridPicture(
        title=f"Rauf und Runter (meerkats), maze {Path(maze.name).name}: {SEATS[state.to_move]} to move",
        subtitle=f"{plural(state.players, 'player')}; turn {state.turn} of {state.turn_cap}; {FACE_NAMES[state.face]} face up",
        columns=n, rows=n, draw_cell=draw_cell, legend=legend, status=[t.plain for t in _status_lines(state)][:-1],
        cell=CELL, grids=2, grid_titles=titles, line_grid=state.face, draw_edges=draw_edges,
    )
    return picture.svg(marked, line)


def _wall_swatch(colour: str, dash: str | None):
    """A legend swatch: a short thick line, dashed for a hedge."""

    def draw(d: Drawing, x: float, y: float) -> None:
        d.line(x - 9, y, x + 9, y, colour, 4.0, dash=dash)

    return draw
