"""The meerkats board for the terminal: both faces of the maze side by side (M-1, M-3), the face
up marked, then each player's state.

Each face is the box drawing of the maze files, wider: walls are heavy lines (`━━━━━`, `┃`),
hedges dotted (`┈┈┈┈┈`, `┊`), so the two read apart without colour; colour only adds to that
(white walls, green hedges). A cell shows its burrow (`O`) or friend letter (c b m t, the small
letter of the friend's kind: the capitals are the seats) and the seat letters of the meerkats on
it; a meerkat stands on the same cell of both faces (M-3), so it is drawn on both, dimmed on the
face that is down. Highlighted
cells (the last move's start and end) get square brackets and a background.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.columns import Columns
from rich.console import Group
from rich.text import Text

from solver.games.board_tools import HIGHLIGHT_STYLE, checked_highlight
from solver.games.meerkats.meerkats_maze import EAST, FACE_NAMES, FRIEND_LETTERS, FRIEND_NAMES, HEDGE, SOUTH, WALL, cell_name
from solver.games.meerkats.meerkats_notation import tiles_text
from solver.games.meerkats.meerkats_rules import (
    EVENTS,
    MOVING,
    NO_CELL,
    OVER,
    SEATS,
    SETUP,
    TILE_NAMES,
    State,
    friend_cell,
    supply,
)

INNER = 5  # characters inside a cell
SIDES = {WALL: ("┃", "━" * INNER, "bold white"), HEDGE: ("┊", "┈" * INNER, "green"), None: (" ", " " * INNER, "")}
SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold magenta")
FRIEND_STYLE = "bold cyan"
BURROW_STYLE = "bold"
CORNER = "+"
FRIEND_MARKS = FRIEND_LETTERS.lower()  # the seats are A..D, so a friend is its kind's small letter


def _face_lines(state: State, face: int, marked: frozenset[int]) -> list[Text]:
    """The drawing of one face with its title, column letters and row numbers."""
    maze, n = state.maze, state.maze.size
    f = maze.faces[face]
    up = face == state.face
    title = f"{FACE_NAMES[face]} face" + (" (up)" if up else " (down)")
    lines = [Text("    " + title, style="bold" if up else "dim")]
    header = Text("    ")
    for c in range(n):
        header.append(" " + "abcdefghi"[c].center(INNER), style="bold")
    lines.append(header)
    dim = "" if up else "dim"
    for r in range(n + 1):
        edge = Text("    " + CORNER, style="dim")
        for c in range(n):
            side = WALL if r in (0, n) else f.side((r - 1) * n + c, SOUTH)
            _, text, style = SIDES[side]
            edge.append(text, style=style)
            edge.append(CORNER, style="dim")
        lines.append(edge)
        if r == n:
            break
        row = Text(f"{r + 1:>3} ", style="bold")
        for c in range(n + 1):
            side = WALL if c in (0, n) else f.side(r * n + c - 1, EAST)
            upright, _, style = SIDES[side]
            row.append(upright, style=style)
            if c < n:
                row.append_text(_cell_text(state, face, r * n + c, marked, dim))
        lines.append(row)
    return lines


def _cell_text(state: State, face: int, cell: int, marked: frozenset[int], dim: str) -> Text:
    """The inside of one cell: burrow or friend letter, then the meerkats on it."""
    maze = state.maze
    friends = maze.faces[face].friends
    body = Text()
    if cell in maze.burrows:
        body.append("O", style=BURROW_STYLE)
    elif cell in friends:
        body.append(FRIEND_MARKS[friends.index(cell)], style=FRIEND_STYLE)
    here = [seat for seat, m in enumerate(state.meerkats) if m.cell == cell]
    if here:
        if body.plain and len(body.plain) + 1 + len(here) <= INNER:
            body.append(" ")
        for seat in here:
            body.append(SEATS[seat], style=SEAT_STYLES[seat] if not dim else "dim")
    spare = INNER - len(body.plain)
    body = Text(" " * (spare // 2)) + body + Text(" " * (spare - spare // 2))
    if cell in marked:
        body = Text("[") + body[1:INNER - 1] + Text("]")
        body.stylize(HIGHLIGHT_STYLE)
    elif dim:
        body.stylize("dim")
    return body


def _status_lines(state: State) -> list[Text]:
    """Each player's place, goal and super tiles; the phase, the supply and the turn."""
    n = state.maze.size
    lines = []
    for seat, m in enumerate(state.meerkats):
        where = "not placed" if m.cell == NO_CELL else cell_name(n, m.cell)
        if m.friend < 0:
            goal = "first friend not revealed yet"
        elif m.seeking:
            goal = f"seeking the {FRIEND_NAMES[m.friend]} ({cell_name(n, friend_cell(state, seat))} on the {FACE_NAMES[state.face]} face)"
        elif m.met == state.friends:
            goal = "met every friend: a burrow wins"
        else:
            goal = f"met the {FRIEND_NAMES[m.friend]}: heading for a burrow"
        held = ", ".join(f"{count} {name}" for name, count in zip(TILE_NAMES, m.tiles) if count) or "none"
        line = Text(f"{SEATS[seat]} ", style=SEAT_STYLES[seat])
        line.append(f"{where:>10}  met {m.met}/{state.friends}  {goal}  tiles: {held}")
        lines.append(line)
    left = supply(state)
    if state.phase == OVER:
        result = f"{SEATS[state.winner]} won" if state.winner >= 0 else "a draw at the turn cap"
        lines.append(Text(f"game over: {result} after {state.turn} turns"))
    else:
        doing = {SETUP: "chooses a corner burrow", EVENTS: "chance events after a flip or the setup",
                 MOVING: f"walks {state.roll}"}.get(state.phase, "rolls the die")
        lines.append(Text(f"to move {SEATS[state.to_move]}: {doing}; turn {state.turn} of {state.turn_cap}; "
                          f"{FACE_NAMES[state.face]} face up"))
    lines.append(Text(f"supply: {', '.join(f'{c} {name}' for name, c in zip(TILE_NAMES, left))} "
                      f"(tiles held: {' '.join(tiles_text(m.tiles) for m in state.meerkats)})"))
    friends = ", ".join(f"{mark} {name}" for mark, name in zip(FRIEND_MARKS, FRIEND_NAMES))
    meerkats = f"meerkat{'s' if state.players > 1 else ''} {' '.join(SEATS[:state.players])}"
    lines.append(Text(f"walls ━ ┃, hedges ┈ ┊ (a shortcut tile passes either); O burrow; friends {friends}; "
                      f"{meerkats}", style="dim"))
    return lines


def render(state: State, highlight: Iterable[int] = ()) -> Group:
    """The position as a rich renderable: both faces, then the players and the state of play."""
    marked = checked_highlight(highlight, state.maze.cells, "cell", f"{state.maze.size}x{state.maze.size} maze")
    faces = [Group(*_face_lines(state, face, marked)) for face in range(2)]
    return Group(Columns(faces, padding=(0, 3)), Text(""), *_status_lines(state))
