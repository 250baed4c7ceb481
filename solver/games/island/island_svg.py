"""The Island Project board as an SVG picture (`caldera show island --svg FILE`): the 5 x 5 tiles
in their terrain's colour, volcano markers as red triangles, each seat's people as a disc in the
seat's colour with their count, the last move's tiles outlined; the status lines are the
terminal board's (island_board.py)."""

from __future__ import annotations

from collections.abc import Iterable

from solver.games.board_tools import checked_highlight
from solver.games.island.island_board import WRAP_NOTE, _phase_words, _status_lines
from solver.games.island.island_rules import NATIVE, NEWLAND, OCEAN, PLATEAU, SEATS, SIZE, TILES, State
from solver.games.svg_tools import HIGHLIGHT, Drawing, GridPicture, swatch_circle, swatch_square, swatch_triangle

TERRAIN_FILL = {OCEAN: "#7fb8e6", NATIVE: "#5fbf5f", NEWLAND: "#e8d27a", PLATEAU: "#f2f2f2"}
TERRAIN_WORDS = {OCEAN: "ocean", NATIVE: "native island", NEWLAND: "new land", PLATEAU: "plateau"}
SEAT_FILL = ("#d62728", "#1f5fbf", "#2ca02c", "#b23cb2")
MARKER_FILL = "#c0392b"
CELL = 80.0


def svg(state: State, highlight: Iterable[int] = (), line: Iterable[tuple[int, ...]] = ()) -> str:
    """The position as SVG text; `highlight` tiles outlined, `line` drawn as numbered arrows."""
    marked = checked_highlight(highlight, TILES, "tile", "5x5 board")

    def draw_cell(d: Drawing, grid: int, index: int, x: float, y: float) -> None:
        d.rect(x + 1, y + 1, CELL - 2, CELL - 2, TERRAIN_FILL[state.terrain[index]], "#555555", 1.0)
        if state.markers[index]:
            d.polygon([(x + 14, y + 8), (x + 6, y + 22), (x + 22, y + 22)], MARKER_FILL, "#5a1a12", 1.0)
        here = [s for s in range(state.players) if state.people[s][index]]
        for k, seat in enumerate(here):
            cx, cy = x + 20 + (k % 2) * 40, y + 44 + (k // 2) * 22
            d.circle(cx, cy, 11, SEAT_FILL[seat], "#222222", 1.0)
            d.text(cx, cy, f"{state.people[seat][index]}", size=12, fill="#ffffff", bold=True)
            d.text(cx + 17, cy, SEATS[seat], size=11, fill=SEAT_FILL[seat], bold=True)

    legend = [(swatch_square(TERRAIN_FILL[k]), TERRAIN_WORDS[k]) for k in (OCEAN, NATIVE, NEWLAND, PLATEAU)]
    legend += [(swatch_triangle(MARKER_FILL), "volcano marker")]
    legend += [(swatch_circle(SEAT_FILL[s], letter="2"), f"two of {SEATS[s]}'s people") for s in range(state.players)]
    legend += [(swatch_square("none", HIGHLIGHT, stroke_width=3.0), "the last move's tiles")]
    picture = GridPicture(
        title=f"Island Project, {state.players} players: {SEATS[state.to_move]} to move",
        subtitle=f"phase {_phase_words(state)}; turn {state.turn}",
        columns=SIZE, rows=SIZE, draw_cell=draw_cell, legend=legend,
        status=[text.plain for text in _status_lines(state)][1:], cell=CELL, note=WRAP_NOTE,
    )
    return picture.svg(marked, line)
