"""Island Project board for the terminal: a rich renderable of a position (I-1 board, I-2 pieces).

The 5 x 5 grid is drawn with column letters a-e on top and row numbers 1-5 on the left, row 1
at the top (as in the notation). Each tile is a box of two lines:

    line 1: the terrain, in letters that read without colour - `~~~~~~~~` ocean, `native` native
            island, `land` new land, `PLATEAU` plateau - and `▲` when it carries a volcano marker;
    line 2: the people on it, seat letter and count per seat, e.g. `A2 B1`.

Colours only add to that: blue ocean, green native islands, yellow new land, white plateaus, a
red marker, each seat its own colour. Highlighted tiles (e.g. the last move's) get a background
and square brackets. Every edge wraps (I-1): a note under the grid says so. A status block
follows: seat to move and phase, this turn's shift, dice and what the die numbers point at,
supplies, food and people per seat, the turn and the cap, and the result once the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.text import Text

from solver.games.board_tools import HIGHLIGHT_STYLE, boxed_grid, checked_highlight
from solver.games.island.island_rules import (
    ACTION1,
    ACTION2,
    CHOOSING,
    NATIVE,
    NEWLAND,
    OCEAN,
    OVER,
    PLATEAU,
    ROLLING,
    SEATS,
    SHIFTING,
    SIZE,
    TILES,
    State,
    plateau_people,
    shift_line,
)
from solver.games.island.island_notation import COLUMNS, faces_text, shift_name, tile_name

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
SEAT_COLOURS = ("red", "blue", "green", "magenta")
TERRAIN_TEXT = {OCEAN: "~~~~~~~~", NATIVE: "native", NEWLAND: "land", PLATEAU: "PLATEAU"}
TERRAIN_STYLES = {OCEAN: "blue", NATIVE: "bold green", NEWLAND: "bold yellow", PLATEAU: "bold white"}
MARKER = "▲"
MARKER_STYLE = "bold red"
WRAP_NOTE = "edges wrap: the tile above a1 is a5, the tile left of a1 is e1"

INNER = 10  # characters inside a tile's box: a bracket column at each end and 8 for the content
CONTENT = INNER - 2


def render(state: State, highlight: Iterable[int] = ()) -> Group:
    """The board of `state`, a legend and a status block, for rich to print.

    `highlight` holds tile indexes (r * 5 + c), e.g. the tiles the last move touched; each gets a
    background and brackets. An index off the board raises ValueError.
    """
    marked = checked_highlight(highlight, TILES, "tile", "5x5 board")
    lines = boxed_grid(SIZE, SIZE, COLUMNS, INNER, marked, lambda i: terrain_text(state, i),
                       lambda i: people_text(state, i))
    lines.append(Text(WRAP_NOTE, style="italic dim"))
    lines.extend(_legend(state))
    lines.extend(_status_lines(state))
    return Group(*lines)


def people_text(state: State, index: int) -> list[tuple[str, str]]:
    """The people on a tile as (text, style) pieces, e.g. [('A2', red), (' ', ''), ('B1', blue)]."""
    groups = [(f"{SEATS[s]}{state.people[s][index]}", SEAT_STYLES[s])
              for s in range(state.players) if state.people[s][index]]
    width = sum(len(t) for t, _ in groups)
    gap = " " if width + len(groups) - 1 <= CONTENT else ""
    pieces: list[tuple[str, str]] = []
    for i, group in enumerate(groups):
        if i and gap:
            pieces.append((gap, ""))
        pieces.append(group)
    return pieces


def terrain_text(state: State, index: int) -> list[tuple[str, str]]:
    """The terrain of a tile (and its marker) as (text, style) pieces, at most CONTENT characters."""
    kind = state.terrain[index]
    style = TERRAIN_STYLES[kind]
    if not state.markers[index]:
        return [(TERRAIN_TEXT[kind], style)]
    if kind == OCEAN:
        return [("~~~", style), (f" {MARKER} ", MARKER_STYLE), ("~~", style)]
    return [(TERRAIN_TEXT[kind], style), (f" {MARKER}", MARKER_STYLE)]


def _seat(seat: int) -> Text:
    """A seat's letter in its colour."""
    return Text(SEATS[seat], style=SEAT_STYLES[seat])


def _legend(state: State) -> list[Text]:
    """What the letters and colours stand for, in two lines under 80 columns."""
    terrain = Text("legend: ")
    for kind, name in ((OCEAN, "ocean"), (NATIVE, "native island"), (NEWLAND, "new land"), (PLATEAU, "plateau")):
        terrain.append("~~~" if kind == OCEAN else TERRAIN_TEXT[kind], style=TERRAIN_STYLES[kind])
        terrain.append(f" {name}" + ("   " if kind != PLATEAU else ""))
    marks = Text("        ")
    marks.append(MARKER, style=MARKER_STYLE)
    marks.append(" volcano marker   ")
    marks.append_text(_seat(0))
    marks.append("2 two of A's people   ")
    marks.append("[ ]", style=HIGHLIGHT_STYLE)
    marks.append(" the last move's tiles")
    return [terrain, marks]


def _phase_words(state: State) -> str:
    """What the seat to move does now."""
    me = SEATS[state.to_move]
    if state.phase == SHIFTING:
        return f"shift, {me} pushes a row or a column one step"
    if state.phase == ROLLING:
        return "roll, the dice decide next"
    if state.phase == CHOOSING:
        return f"die, {me} uses one die (a number or V)"
    if state.phase == ACTION1:
        return f"action1, {me} dispatches or moves a person"
    if state.phase == ACTION2:
        return f"action2, {me} takes a second action or ends the turn"
    return "over"


def _status_lines(state: State) -> list[Text]:
    """Seat to move and phase; shift, dice and die targets; supplies; seats; turn; result."""
    lines = []
    line = Text("to move: ")
    line.append_text(_seat(state.to_move))
    line.append(f"    phase: {_phase_words(state)}")
    lines.append(line)

    shift = shift_name(state.shift) if state.shift >= 0 else "-"
    previous = shift_name(state.previous_shift) if state.previous_shift >= 0 else "-"
    dice = faces_text(state.dice) if state.dice is not None else "-"
    text = f"shift: {shift}    dice: {dice}    previous shift: {previous}"
    if state.previous_shift >= 0 and state.phase == SHIFTING:
        text += f" (so {shift_name(state.previous_shift ^ 1)} is not allowed)"
    lines.append(Text(text))
    if state.shift >= 0 and state.phase in (ROLLING, CHOOSING):
        targets = "  ".join(f"{k}={tile_name(t)}" for k, t in enumerate(shift_line(state.shift), start=1))
        lines.append(Text(f"die numbers count along the shifted line: {targets}"))
    lines.append(Text(f"supply: {state.newland_supply} new lands, {state.plateau_supply} plateaus, "
                      f"{state.marker_supply} volcano markers"))
    for seat in range(state.players):
        on_board = sum(state.people[seat])
        high = sum(state.people[seat][i] for i in range(TILES) if state.terrain[i] == PLATEAU)
        line = Text("seat ")
        line.append_text(_seat(seat))
        line.append(f" ({SEAT_COLOURS[seat]}):".ljust(11) + f"{state.food[seat]:>3} food   {state.reserve[seat]} in reserve   {on_board} on the board"
                    f" ({high} on plateaus)")
        lines.append(line)
    lines.append(Text(f"turn: {state.turn} of cap {state.turn_cap}    people on plateaus: {plateau_people(state)} "
                      f"(5 end the game)"))
    if state.fed:
        lines.append(Text(f"{SEATS[state.to_move]} already got this turn's food for new terrain"))
    if state.phase == OVER:
        from solver.games.island.island_explain import result_words

        lines.append(Text(f"game over: {result_words(state)}", style="bold"))
    return lines
