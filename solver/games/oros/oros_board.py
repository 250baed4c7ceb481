"""Oros tectonics map for the terminal: a rich renderable of a position (O-1 map and pieces).

The W x H grid is drawn with column letters on top and row numbers on the left, row 1 at the top
(as in the notation). Each cell is a box of two lines:

    line 1: what lies there, readable without colour - `~~~` sea, the level `1`..`4` of a land
            tile, `M` a mountain - followed by ` *` on a hotspot;
    line 2: its volcanoes with their levels, highest first, e.g. `▲3 ▲2`.

Colours only add to that: blue sea, greens and yellows rising with the level, white mountains,
red volcanoes, magenta hotspots. Highlighted cells (e.g. the last action's) get a background and
square brackets. Every edge wraps (O-1): a note under the grid says so. A status block follows:
the abilities in play, the actions taken, the mountains and the land total.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.text import Text

from solver.games.board_tools import HIGHLIGHT_STYLE, boxed_grid, checked_highlight
from solver.games.oros.oros_rules import MOUNTAIN, SEA, State, cell_name, is_land
from solver.games.oros.oros_notation import COLUMNS

LEVEL_TEXT = {SEA: "~~~", 1: "1", 2: "2", 3: "3", 4: "4", MOUNTAIN: "M"}
LEVEL_STYLES = {SEA: "blue", 1: "green", 2: "bold green", 3: "yellow", 4: "bold yellow", MOUNTAIN: "bold white"}
VOLCANO = "▲"
VOLCANO_STYLE = "bold red"
HOTSPOT = "*"
HOTSPOT_STYLE = "bold magenta"

INNER = 9  # characters inside a cell's box: a bracket column at each end and 7 for the content
CONTENT = INNER - 2


def render(state: State, highlight: Iterable[int] = ()) -> Group:
    """The map of `state`, a legend and a status block, for rich to print.

    `highlight` holds cell indexes (row * width + column), e.g. the cells the last action touched;
    each gets a background and brackets. An index off the map raises ValueError.
    """
    marked = checked_highlight(highlight, state.cells, "cell", f"{state.width}x{state.height} map")
    lines = boxed_grid(state.width, state.height, COLUMNS, INNER, marked, lambda i: level_text(state, i),
                       lambda i: volcano_text(state, i))
    lines.append(Text(wrap_note(state), style="italic dim"))
    lines.extend(_legend())
    lines.extend(_status_lines(state))
    return Group(*lines)


def wrap_note(state: State) -> str:
    """Where the map's edges lead (O-1)."""
    return (f"edges wrap: the cell above a1 is a{state.height}, the cell left of a1 is "
            f"{cell_name(state.width - 1, state.width)}")


def level_text(state: State, cell: int) -> list[tuple[str, str]]:
    """What lies on a cell (and its hotspot mark) as (text, style) pieces."""
    level = state.levels[cell]
    pieces = [(LEVEL_TEXT[level], LEVEL_STYLES[level])]
    if cell in state.hotspots:
        pieces.append((f" {HOTSPOT}", HOTSPOT_STYLE))
    return pieces


def volcano_text(state: State, cell: int) -> list[tuple[str, str]]:
    """A cell's volcanoes, highest first, in at most CONTENT characters: `▲3 ▲2`, `▲4▲3▲2`, `▲4432`."""
    stack = state.volcanoes[cell]
    if not stack:
        return []
    for text in (" ".join(f"{VOLCANO}{v}" for v in stack), "".join(f"{VOLCANO}{v}" for v in stack),
                 VOLCANO + "".join(str(v) for v in stack)):
        if len(text) <= CONTENT:
            return [(text, VOLCANO_STYLE)]
    return [(f"{VOLCANO}{len(stack)}:{sum(stack)}"[:CONTENT], VOLCANO_STYLE)]  # count and total lava


def _legend() -> list[Text]:
    """What the marks and colours stand for, in two lines under 80 columns."""
    levels = Text("legend: ")
    for level, name in ((SEA, "sea"), (1, "island"), (4, "large land (1-4: land levels)"), (MOUNTAIN, "mountain")):
        levels.append(LEVEL_TEXT[level], style=LEVEL_STYLES[level])
        levels.append(f" {name}   " if level != MOUNTAIN else f" {name}")
    marks = Text("        ")
    marks.append(f"{VOLCANO}3", style=VOLCANO_STYLE)
    marks.append(" a level-3 volcano   ")
    marks.append(HOTSPOT, style=HOTSPOT_STYLE)
    marks.append(" hotspot   ")
    marks.append("[ ]", style=HIGHLIGHT_STYLE)
    marks.append(" the last action's cells")
    return [levels, marks]


def _status_lines(state: State) -> list[Text]:
    """The abilities in play, actions taken, mountains and land total."""
    a = state.abilities
    groups = {1: "groups of 3", 2: "groups of 3 or 2", 3: "groups of 3 or 2, single tiles in 8 directions"}[a.tectonic]
    distance = "1 cell" if a.drift == 1 else f"1-{a.drift} cells"
    moves = f"abilities: drift {distance}{', mountain lines too' if a.mountains else ''}; tectonic {groups}"
    lava = (f"{'level 3 counts as 4 for mountains; ' if a.mountain3 else ''}"
            f"lava {'fills its own tile first' if a.fill else 'need not fill its own tile'}")
    mountains = sum(level == MOUNTAIN for level in state.levels)
    land = sum(level for level in state.levels if is_land(level) or level == MOUNTAIN)
    volcanoes = sum(len(stack) for stack in state.volcanoes)
    return [Text(moves), Text(f"           {lava}"),
            Text(f"actions taken: {state.actions}    mountains: {mountains}    land total: {land} "
                 f"(mountain = 5)    volcanoes: {volcanoes}")]
