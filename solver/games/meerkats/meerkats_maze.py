"""Meerkats mazes (M-1): two faces of one square board, read from and written to a plain-text file
a person can draw.

A maze file holds the desert face (up at the start) and then the underground face, each as a
box drawing of `size` x `size` cells (5..9 per side, M-4):

    # a comment
    face desert
    +---+---+---+---+---+
    | O         :     O |
    +   +---+   +...+   +
    | C |             M |
    +   +   +---+   +   +
    |         T |       |
    +...+   +   +   +---+
    |   :   B           |
    +   +   +   +   +   +
    | O         |     O |
    +---+---+---+---+---+
    face underground
    ...

A cell is three characters between two corner columns. Between two cells side by side stands
`|` (a wall), `:` (a hedge) or a space (open); between two cells one above the other `---` (a
wall), `...` (a hedge) or three spaces (open). The board's edge is all wall. Inside a cell: `O` a
burrow (exactly the four corners, on both faces), `C` `B` `M` `T` the chameleon, beetle, mouse
and turtle (each exactly once per face, M-5), or nothing. Every cell of a face must be reachable
from the burrows through open sides (then no meerkat is ever walled in after a flip, M-3).

`parse_maze(text, name)` reads a file's text and raises MazeError naming the line and column;
`format_maze(maze)` writes the canonical text back (`parse_maze(format_maze(m)) == m`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

from solver.errors import CalderaError
from solver.user_files import read_text

SIZES = range(5, 10)  # cells per side (M-4)
FACE_NAMES = ("desert", "underground")
FRIEND_NAMES = ("chameleon", "beetle", "mouse", "turtle")
FRIEND_LETTERS = "CBMT"
BURROW_LETTER = "O"
EAST, SOUTH = "E", "S"
WALL, HEDGE = "wall", "hedge"
# The characters of a side: (between cells side by side, between cells one above the other).
SIDE_TEXT = {WALL: ("|", "---"), HEDGE: (":", "..."), None: (" ", "   ")}
BUILTIN_MAZES = ("dunes", "warren")
FILE_SUFFIX = ".maze"


class MazeError(CalderaError):
    """A maze file that cannot be played; says where (line and column) and what is wrong."""

    def __init__(self, source: str, line: int, column: int, message: str):
        self.source, self.line, self.column, self.message = source, line, column, message
        super().__init__(f"maze {source}, line {line}, column {column}: {message}")


@dataclass(frozen=True)
class Face:
    """One face of the board: its blocked sides and where each friend kind lives."""

    name: str
    blocked: tuple[tuple[tuple[int, str], str], ...]  # ((cell, E or S), wall or hedge), sorted
    friends: tuple[int, ...]  # the cell of each kind, in FRIEND_NAMES order

    @cached_property
    def sides(self) -> dict[tuple[int, str], str]:
        """`blocked` as a dictionary (built once: walks look sides up often)."""
        return dict(self.blocked)

    def side(self, cell: int, direction: str) -> str | None:
        """What stands on the east or south side of `cell`: WALL, HEDGE or None (open)."""
        return self.sides.get((cell, direction))


@dataclass(frozen=True)
class Maze:
    """A board of `size` x `size` cells with two faces; `name` is a built-in name or the path it
    was read from (as the user wrote it)."""

    name: str
    size: int
    faces: tuple[Face, Face]

    @property
    def cells(self) -> int:
        """Cells per face."""
        return self.size * self.size

    @property
    def burrows(self) -> tuple[int, ...]:
        """The four corner cells (M-1): a1, the top right, the bottom left, the bottom right."""
        n = self.size
        return (0, n - 1, n * (n - 1), n * n - 1)

    def step(self, face: int, cell: int, dr: int, dc: int) -> tuple[int, str | None] | None:
        """The neighbour of `cell` one step (dr, dc) away on face `face` and what stands between
        them (WALL, HEDGE or None); None off the board."""
        n = self.size
        r, c = divmod(cell, n)
        r2, c2 = r + dr, c + dc
        if not (0 <= r2 < n and 0 <= c2 < n):
            return None
        target = r2 * n + c2
        low = min(cell, target)
        side = self.faces[face].side(low, EAST if dr == 0 else SOUTH)
        return target, side


STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left


def reachable(maze: Maze, face: int, start: tuple[int, ...]) -> set[int]:
    """The cells reachable from `start` through open sides of face `face` (no shortcut)."""
    seen, queue = set(start), list(start)
    while queue:
        cell = queue.pop()
        for dr, dc in STEPS:
            neighbour = maze.step(face, cell, dr, dc)
            if neighbour is not None and neighbour[1] is None and neighbour[0] not in seen:
                seen.add(neighbour[0])
                queue.append(neighbour[0])
    return seen


def cell_name(size: int, cell: int) -> str:
    """`a1` is the top left cell; columns a.. to the right, rows 1.. downwards."""
    return f"{'abcdefghi'[cell % size]}{cell // size + 1}"


# --------------------------------------------------------------------------------------- reading


def parse_maze(text: str, name: str) -> Maze:
    """The maze drawn in `text` (a maze file's contents); MazeError names the line and column."""
    lines = text.splitlines()
    headers = [(number, line) for number, line in enumerate(lines, start=1)
               if line.strip() and not line.lstrip().startswith("#") and line.split()[0] == "face"]
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and not headers:
            raise MazeError(name, number, line.index(stripped[0]) + 1,
                            "expected 'face desert' before the drawing of the desert face")
    if len(headers) != 2:
        at = headers[2][0] if len(headers) > 2 else (len(lines) + 1)
        raise MazeError(name, at, 1, f"a maze has two faces ({' then '.join(FACE_NAMES)}), not {len(headers)}")
    faces, size, row_lines = [], None, []
    for index, (number, header) in enumerate(headers):
        words = header.split()
        if words[1:] != [FACE_NAMES[index]]:
            raise MazeError(name, number, header.index("face") + 6 if len(words) > 1 else len(header) + 1,
                            f"face {index + 1} is 'face {FACE_NAMES[index]}'")
        end = headers[1][0] - 1 if index == 0 else len(lines)
        grid = [(n, lines[n - 1].rstrip()) for n in range(number + 1, end + 1)
                if lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#")]
        face, face_size = _parse_face(name, index, number, grid, size)
        size = face_size
        faces.append(face)
        row_lines.append([n for n, _ in grid[1::2]])
    maze = Maze(name, size, (faces[0], faces[1]))
    _check_reachable(maze, row_lines)
    return maze


def _parse_face(source: str, index: int, header_line: int, grid: list[tuple[int, str]],
                size: int | None) -> tuple[Face, int]:
    """One face from its drawing (the lines after its header, with their numbers)."""
    label = FACE_NAMES[index]
    if not grid:
        raise MazeError(source, header_line + 1, 1, f"the {label} face has no drawing")
    first_number, first = grid[0]
    width = len(first)
    if width < 5 or (width - 1) % 4 or first[0] != "+":
        raise MazeError(source, first_number, 1, "a face's first line is its top edge, like +---+---+---+---+---+")
    n = (width - 1) // 4
    if size is not None and n != size:
        raise MazeError(source, first_number, width, f"the {label} face is {n} cells wide; the {FACE_NAMES[0]} face is {size}")
    if n not in SIZES:
        raise MazeError(source, first_number, width, f"a face is 5 to 9 cells wide, not {n}")
    if len(grid) != 2 * n + 1:
        at = grid[2 * n + 1][0] if len(grid) > 2 * n + 1 else grid[-1][0] + 1
        what = "off the board (below the bottom edge)" if len(grid) > 2 * n + 1 else "missing: the face is square"
        raise MazeError(source, at, 1, f"the {label} face is {n} cells wide, so {2 * n + 1} lines tall; this line is {what}")
    blocked, friends = {}, [None] * len(FRIEND_LETTERS)
    burrows = {0, n - 1, n * (n - 1), n * n - 1}
    for row, (number, line) in enumerate(grid):
        if len(line) > width:
            raise MazeError(source, number, width + 1, f"'{line[width]}' is off the board (the face is {n} cells "
                            f"wide: columns 1-{width})")
        line = line.ljust(width)
        if row % 2 == 0:
            _parse_edge_line(source, number, line, n, row // 2, blocked)
        else:
            _parse_cell_line(source, number, line, n, (row - 1) // 2, blocked, friends, burrows)
    for kind, cell in enumerate(friends):
        if cell is None:
            raise MazeError(source, header_line, 1, f"the {label} face has no {FRIEND_NAMES[kind]} "
                            f"('{FRIEND_LETTERS[kind]}'): each face shows all four friends (M-5)")
    return Face(label, tuple(sorted(blocked.items())), tuple(friends)), n


def _side(source: str, number: int, column: int, text: str, horizontal: bool) -> str | None:
    """WALL, HEDGE or None for the characters of one side."""
    for kind, (upright, lying) in SIDE_TEXT.items():
        if text == (lying if horizontal else upright):
            return kind
    shown = "'---' (wall), '...' (hedge) or '   '" if horizontal else "'|' (wall), ':' (hedge) or ' '"
    raise MazeError(source, number, column, f"'{text}' is not a side: write {shown}")


def _parse_edge_line(source, number, line, n, r, blocked) -> None:
    """A line of corners and lying sides: the sides above row r (r = n: the bottom edge)."""
    for c in range(n + 1):
        if line[4 * c] != "+":
            raise MazeError(source, number, 4 * c + 1, f"'{line[4 * c]}' should be a corner '+'")
    for c in range(n):
        column = 4 * c + 2
        side = _side(source, number, column, line[4 * c + 1:4 * c + 4], horizontal=True)
        if r in (0, n):
            if side != WALL:
                raise MazeError(source, number, column, "the board's edge is a wall: write '---'")
        elif side is not None:
            blocked[((r - 1) * n + c, SOUTH)] = side


def _parse_cell_line(source, number, line, n, r, blocked, friends, burrows) -> None:
    """A line of cells and upright sides: row r."""
    for c in range(n + 1):
        column = 4 * c + 1
        side = _side(source, number, column, line[4 * c], horizontal=False)
        if c in (0, n):
            if side != WALL:
                raise MazeError(source, number, column, "the board's edge is a wall: write '|'")
        elif side is not None:
            blocked[(r * n + c - 1, EAST)] = side
    for c in range(n):
        cell = r * n + c
        inside = line[4 * c + 1:4 * c + 4]
        letters = inside.strip()
        column = 4 * c + 2 + (inside.index(letters) if letters else 0)
        if len(letters) > 1:
            raise MazeError(source, number, column, f"'{letters}': a cell holds one letter at most")
        if letters == BURROW_LETTER:
            if cell not in burrows:
                raise MazeError(source, number, column, f"a burrow at {cell_name(n, cell)}, not in a corner: "
                                "the burrows are the four corners (M-1)")
        elif letters in tuple(FRIEND_LETTERS):
            kind = FRIEND_LETTERS.index(letters)
            if friends[kind] is not None:
                raise MazeError(source, number, column, f"a second {FRIEND_NAMES[kind]}: each friend lives on one "
                                "cell per face (M-5)")
            if cell in burrows:
                raise MazeError(source, number, column, f"the {FRIEND_NAMES[kind]} on a corner: the corners are burrows (M-1)")
            friends[kind] = cell
        elif letters:
            raise MazeError(source, number, column, f"'{letters}' is not O (burrow) or C B M T (chameleon, beetle, "
                            "mouse, turtle)")
        if cell in burrows and letters != BURROW_LETTER:
            raise MazeError(source, number, column, f"corner {cell_name(n, cell)} is a burrow: write 'O' (M-1)")


def _check_reachable(maze: Maze, row_lines: list[list[int]]) -> None:
    """Every cell, the friends first, reachable from the burrows on both faces; else MazeError
    at the cell that is not (`row_lines[face][r]`: the file line of row r's cells)."""
    n = maze.size
    for index, face in enumerate(maze.faces):
        reached = reachable(maze, index, maze.burrows)
        for cell in (*face.friends, *range(maze.cells)):
            if cell not in reached:
                r, c = divmod(cell, n)
                line = row_lines[index][r]
                what = (f"the {FRIEND_NAMES[face.friends.index(cell)]}" if cell in face.friends else "this cell")
                raise MazeError(maze.name, line, 4 * c + 3, f"{what} ({cell_name(n, cell)}) cannot be reached from the "
                                f"burrows on the {face.name} face")


# --------------------------------------------------------------------------------------- writing


def format_face(maze: Maze, face: int) -> list[str]:
    """The drawing of one face, top edge first."""
    n, f = maze.size, maze.faces[face]
    letters = {cell: BURROW_LETTER for cell in maze.burrows}
    letters.update({cell: FRIEND_LETTERS[kind] for kind, cell in enumerate(f.friends)})
    out = []
    for r in range(n + 1):
        edge = "+"
        for c in range(n):
            side = WALL if r in (0, n) else f.side((r - 1) * n + c, SOUTH)
            edge += SIDE_TEXT[side][1] + "+"
        out.append(edge)
        if r == n:
            break
        row = ""
        for c in range(n + 1):
            side = WALL if c in (0, n) else f.side(r * n + c - 1, EAST)
            row += SIDE_TEXT[side][0]
            if c < n:
                row += f" {letters.get(r * n + c, ' ')} "
        out.append(row)
    return out


def format_maze(maze: Maze) -> str:
    """The canonical text of a maze file."""
    out = []
    for index in range(2):
        out.append(f"face {FACE_NAMES[index]}")
        out += format_face(maze, index)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------- loading


@cache
def builtin_maze(name: str) -> Maze:
    """One of the mazes shipped with Caldera (BUILTIN_MAZES), from solver/games/meerkats/mazes/."""
    text = resources.files("solver.games.meerkats").joinpath("mazes", name + FILE_SUFFIX).read_text(encoding="utf-8")
    return parse_maze(text, name)


def load_maze(name: str) -> Maze:
    """A built-in maze by name, or the maze file at the path `name` (MazeError or CalderaError
    in one line when it cannot be read or played)."""
    if name in BUILTIN_MAZES:
        return builtin_maze(name)
    text = read_text(name, "maze file", missing=f"built-in mazes: {', '.join(BUILTIN_MAZES)}")
    return parse_maze(text, name)


def is_maze_path(word: str) -> bool:
    """True when a position's maze field names a file rather than a built-in maze."""
    return "/" in word or word.endswith(FILE_SUFFIX)
