"""The Oros tectonics map as an SVG picture (`caldera show oros --svg FILE`): each cell in the
colour of its level (sea blue, land from green to yellow with its level written on it, a
mountain grey with a peak), volcanoes as red triangles with their levels, hotspots as magenta
rings, the last action's cells outlined; the status lines are the terminal map's (oros_board.py)."""

from __future__ import annotations

from collections.abc import Iterable

from solver.games.board_tools import checked_highlight
from solver.games.oros.oros_board import _status_lines, wrap_note
from solver.games.oros.oros_rules import MOUNTAIN, SEA, State
from solver.games.svg_tools import HIGHLIGHT, Drawing, GridPicture, swatch_circle, swatch_square, swatch_triangle

LEVEL_FILL = {SEA: "#7fb8e6", 1: "#b9e0a5", 2: "#7cc46a", 3: "#e6d36a", 4: "#d9a441", MOUNTAIN: "#9e9e9e"}
LEVEL_WORDS = {SEA: "sea", 1: "land level 1 (island)", 2: "land level 2", 3: "land level 3", 4: "land level 4",
               MOUNTAIN: "mountain"}
VOLCANO_FILL = "#c0392b"
HOTSPOT_COLOUR = "#c2185b"
CELL = 72.0


def draw_map_cell(d: Drawing, state: State, index: int, x: float, y: float) -> None:
    """Cell `index` of the map from its top left corner: its level's colour and mark, the hotspot
    ring, up to four volcanoes."""
    level = state.levels[index]
    d.rect(x + 1, y + 1, CELL - 2, CELL - 2, LEVEL_FILL[level], "#555555", 1.0)
    if level == MOUNTAIN:
        d.polygon([(x + 36, y + 10), (x + 14, y + 44), (x + 58, y + 44)], "#6d6d6d", "#333333", 1.0)
        d.polygon([(x + 36, y + 10), (x + 30, y + 20), (x + 42, y + 20)], "#ffffff")
    elif level != SEA:
        d.text(x + 36, y + 26, str(level), size=22, bold=True, fill="#333333")
    if index in state.hotspots:
        d.circle(x + 60, y + 12, 7, "none", HOTSPOT_COLOUR, 3.0)
    for k, volcano in enumerate(state.volcanoes[index][:4]):
        vx = x + 12 + 16 * k
        d.polygon([(vx, y + 46), (vx - 8, y + 66), (vx + 8, y + 66)], VOLCANO_FILL, "#5a1a12", 1.0)
        d.text(vx, y + 59, str(volcano), size=11, fill="#ffffff", bold=True)


def map_legend(cells: str) -> list:
    """The legend of the map's colours and marks; `cells` says what the outlined cells are."""
    legend = [(swatch_square(LEVEL_FILL[k]), LEVEL_WORDS[k]) for k in (SEA, 1, 2, 3, 4, MOUNTAIN)]
    return legend + [(swatch_triangle(VOLCANO_FILL, letter="3"), "a level-3 volcano"),
                     (swatch_circle("none", HOTSPOT_COLOUR), "hotspot"),
                     (swatch_square("none", HIGHLIGHT, stroke_width=3.0), cells)]


def svg(state: State, highlight: Iterable[int] = (), line: Iterable[tuple[int, ...]] = ()) -> str:
    """The map as SVG text; `highlight` cells outlined, `line` (a plan) drawn as numbered arrows."""
    marked = checked_highlight(highlight, state.cells, "cell", f"{state.width}x{state.height} map")
    picture = GridPicture(
        title=f"Oros tectonics {state.width}x{state.height}",
        subtitle=f"{state.actions} action{'' if state.actions == 1 else 's'} taken",
        columns=state.width, rows=state.height,
        draw_cell=lambda d, grid, index, x, y: draw_map_cell(d, state, index, x, y),
        legend=map_legend("the last action's cells"),
        status=[text.plain.strip() for text in _status_lines(state)], cell=CELL, note=wrap_note(state),
    )
    return picture.svg(marked, line)
