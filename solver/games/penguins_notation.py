"""Penguins notation: a position as one line of text, a move as one short token.

The grammar is documented, with examples, in docs/notation.md. `parse_position` validates
every field and raises NotationError naming the field and its column; for canonical text
`format_position(parse_position(text)) == text`, and likewise for moves.
"""

from __future__ import annotations

import re

from solver.errors import NotationError
from solver.games.notation_tools import resolve, whole_number, words_with_columns
from solver.games.penguins import (
    DIRECTIONS,
    EGG,
    HATCH,
    ICEBERG,
    LAND,
    MAX_SIZE,
    MIN_SIZE,
    PENGUIN,
    PLAY,
    RIVAL_EGG,
    SETUP,
    SIDES,
    SLIDE,
    STAR,
    IllegalMove,
    Move,
    Piece,
    Rules,
    State,
    illegal_reason,
)

# Side A in capitals, side B in small letters; barriers are capitals that no side uses.
PIECE_LETTERS = {
    "P": Piece(PENGUIN, 0),
    "S": Piece(STAR, 0),
    "E": Piece(EGG, 0),
    "p": Piece(PENGUIN, 1),
    "s": Piece(STAR, 1),
    "e": Piece(EGG, 1),
    "I": Piece(ICEBERG),
}
LETTER_OF_PIECE = {piece: letter for letter, piece in PIECE_LETTERS.items()}
# Letters kept for the barriers of later rulings (P-11..P-14), refused until they are implemented.
RESERVED_LETTERS = {"G": "seagull", "M": "emperor penguin", "N": "penguin nest", "L": "seal"}
FILES = "abcdefgh"
FIELDS = ("size", "board", "tiles", "turn", "phase", "supply", "unused", "ply")
# Rule options: notation key -> Rules field. Written only when they differ from the default.
OPTIONS = {"cap": "ply_cap", "eggs": "eggs", "assistants": "assistants", "stars": "stars"}
OPTION_RANGES = {"cap": (1, 10_000), "eggs": (1, 64), "assistants": (0, 8), "stars": (0, 1)}

BUILTIN_POSITIONS = {
    "start": "8x8 8/8/8/8/8/8/8/8 - A setup 16/16 3+1/3+1 0",
    "floes": "8x8 8/2I5/8/5I2/8/1I6/8/6I1 - A setup 16/16 3+1/3+1 0",
    "pond": "6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0",
}
DEFAULT_POSITION = "start"


def square_name(width: int, square: int) -> str:
    """The name of a space: file letter for q, rank number r + 1 (c4 is q=2, r=3)."""
    return f"{FILES[square % width]}{square // width + 1}"


def parse_square(text: str, width: int, height: int, field: str = "move", column: int = 1) -> int:
    """The index of a space named like 'c4'; NotationError if it is not on the board."""
    match = re.fullmatch(r"([a-h])([1-8])", text)
    if not match:
        raise NotationError(field, column, f"'{text}' is not a space name like c4")
    q, r = FILES.index(match.group(1)), int(match.group(2)) - 1
    if q >= width or r >= height:
        raise NotationError(field, column, f"space {text} is off the {width}x{height} board")
    return r * width + q


def _pair(word: str, column: int, field: str) -> tuple[tuple[str, int], tuple[str, int]]:
    """Split 'x/y' into its two halves with their columns."""
    halves = word.split("/")
    if len(halves) != 2:
        raise NotationError(field, column, f"'{word}' should be two values for A and B, like 16/16")
    return (halves[0], column), (halves[1], column + len(halves[0]) + 1)


def parse_position(text: str) -> State:
    """The State written in `text`; NotationError naming the bad field and column otherwise."""
    words = words_with_columns(text)
    if len(words) < len(FIELDS):
        missing = FIELDS[len(words)]
        raise NotationError(missing, len(text) + 1, f"missing; a position has the fields {' '.join(FIELDS)}")
    field_at = dict(zip(FIELDS, words))
    rules = _parse_options(words[len(FIELDS):])

    word, column = field_at["size"]
    match = re.fullmatch(r"([0-9])x([0-9])", word)
    if not match:
        raise NotationError("size", column, f"'{word}' should be WxH, like 8x8")
    width, height = int(match.group(1)), int(match.group(2))
    for value, offset in ((width, 0), (height, 2)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise NotationError("size", column + offset, f"{value} is outside {MIN_SIZE}..{MAX_SIZE}")

    board = _parse_board(*field_at["board"], width, height)

    word, column = field_at["tiles"]
    if word != "-":
        raise NotationError("tiles", column, "terrain tiles are not supported yet; write '-'")

    word, column = field_at["turn"]
    if word not in SIDES:
        raise NotationError("turn", column, f"'{word}' should be A or B")
    to_move = SIDES.index(word)

    word, column = field_at["phase"]
    if word not in (SETUP, PLAY):
        raise NotationError("phase", column, f"'{word}' should be {SETUP} or {PLAY}")
    phase = word

    supply_halves = _pair(*field_at["supply"], "supply")
    unused_halves = _pair(*field_at["unused"], "unused")
    supply = tuple(whole_number(w, "supply", c, 0, rules.eggs) for w, c in supply_halves)
    unused = [_parse_unused(w, c, rules) for w, c in unused_halves]
    ply = whole_number(field_at["ply"][0], "ply", field_at["ply"][1], 0, 1_000_000)

    _check_counts(board, supply, unused, rules, [c for _, c in supply_halves], [c for _, c in unused_halves])
    return State(
        width=width,
        height=height,
        board=board,
        supply=supply,
        unused_assistants=(unused[0][0], unused[1][0]),
        unused_stars=(unused[0][1], unused[1][1]),
        to_move=to_move,
        phase=phase,
        ply=ply,
        rules=rules,
    )


def _parse_options(words: list[tuple[str, int]]) -> Rules:
    """Rules from trailing key=value words (cap, eggs, assistants, stars)."""
    values = {}
    for word, column in words:
        key, sep, value = word.partition("=")
        if not sep or key not in OPTIONS:
            raise NotationError("options", column, f"'{word}' is not an option; known: {', '.join(k + '=N' for k in OPTIONS)}")
        if key in values:
            raise NotationError("options", column, f"option {key} is given twice")
        values[key] = whole_number(value, "options", column + len(key) + 1, *OPTION_RANGES[key])
    return Rules(**{OPTIONS[key]: value for key, value in values.items()})


def _parse_board(word: str, column: int, width: int, height: int) -> tuple[Piece | None, ...]:
    """The spaces of the board field, rows r = 0.. separated by '/', digits for empty runs."""
    rows = word.split("/")
    if len(rows) != height:
        raise NotationError("board", column, f"has {len(rows)} rows, the size says {height}")
    board: list[Piece | None] = []
    for r, row in enumerate(rows):
        count = 0
        for letter in row:
            if letter in "12345678":
                board += [None] * int(letter)
                count += int(letter)
            elif letter in PIECE_LETTERS:
                board.append(PIECE_LETTERS[letter])
                count += 1
            elif letter in RESERVED_LETTERS:
                raise NotationError("board", column, f"{RESERVED_LETTERS[letter]} ('{letter}') is not supported yet")
            else:
                known = " ".join(PIECE_LETTERS)
                raise NotationError("board", column, f"unknown letter '{letter}' (known: {known}, or a digit 1-8)")
            if count > width:
                raise NotationError("board", column, f"row {r + 1} holds more than {width} spaces")
            column += 1
        if count < width:
            raise NotationError("board", column, f"row {r + 1} holds {count} spaces, the size says {width}")
        column += 1  # the '/'
    return tuple(board)


def _parse_unused(word: str, column: int, rules: Rules) -> tuple[int, int]:
    """Unused penguins of one side written as assistants+stars, like 3+1."""
    match = re.fullmatch(r"([0-9]+)\+([0-9]+)", word)
    if not match:
        raise NotationError("unused", column, f"'{word}' should be assistants+stars, like 3+1")
    assistants = whole_number(match.group(1), "unused", column, 0, rules.assistants)
    stars = whole_number(match.group(2), "unused", column + len(match.group(1)) + 1, 0, rules.stars)
    return assistants, stars


def _check_counts(board, supply, unused, rules: Rules, supply_columns, unused_columns) -> None:
    """Pieces on the board plus those in hand may not exceed what each side owns.

    The columns point at each side's half of the supply and unused fields.
    """
    if supply == (0, 0):
        raise NotationError("supply", supply_columns[0], "both supplies are empty; only one side can have won")
    for side, name in enumerate(SIDES):
        eggs = sum(1 for p in board if p == Piece(EGG, side))
        if eggs + supply[side] > rules.eggs:
            raise NotationError(
                "supply", supply_columns[side], f"side {name} has {eggs} eggs on the board and {supply[side]} in supply, more than its {rules.eggs}"
            )
        for kind, owned, label in ((PENGUIN, rules.assistants, "assistant penguins"), (STAR, rules.stars, "star penguins")):
            on_board = sum(1 for p in board if p == Piece(kind, side))
            in_hand = unused[side][0] if kind == PENGUIN else unused[side][1]
            if on_board + in_hand > owned:
                raise NotationError(
                    "unused", unused_columns[side], f"side {name} has {on_board} {label} on the board and {in_hand} unused, more than its {owned}"
                )


def format_position(state: State) -> str:
    """The canonical one-line text of `state`."""
    rows = []
    for r in range(state.height):
        row, empty = "", 0
        for q in range(state.width):
            piece = state.board[r * state.width + q]
            if piece is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += LETTER_OF_PIECE[piece]
        rows.append(row + (str(empty) if empty else ""))
    words = [
        f"{state.width}x{state.height}",
        "/".join(rows),
        "-",
        SIDES[state.to_move],
        state.phase,
        f"{state.supply[0]}/{state.supply[1]}",
        "/".join(f"{a}+{s}" for a, s in zip(state.unused_assistants, state.unused_stars)),
        str(state.ply),
    ]
    default = Rules()
    for key, name in OPTIONS.items():
        if getattr(state.rules, name) != getattr(default, name):
            words.append(f"{key}={getattr(state.rules, name)}")
    return " ".join(words)


def resolve_position(text: str | None) -> State:
    """A built-in position name, notation text, or None for the default start."""
    return resolve(text, BUILTIN_POSITIONS, DEFAULT_POSITION, parse_position)


def format_move(state: State, move: Move) -> str:
    """The text of `move`: +c4 lays an egg, ^c4 hatches the egg on c4, c4-NE slides."""
    name = square_name(state.width, move.square)
    if move.action in (RIVAL_EGG, LAND):
        return f"+{name}"
    if move.action == HATCH:
        return f"^{name}"
    return f"{name}-{DIRECTIONS[move.direction][0]}"


def parse_move(state: State, text: str) -> Move:
    """The legal move written as `text` in `state`; NotationError or IllegalMove otherwise."""
    text = text.strip()
    if not text:
        raise NotationError("move", 1, "empty move: write +c4 (egg), ^c4 (hatch) or c4-NE (slide)")
    direction_names = [name for name, _, _ in DIRECTIONS]
    if text[0] in "+^":
        square = parse_square(text[1:], state.width, state.height, column=2)
        if text[0] == "^":
            move = Move(HATCH, square)
        else:
            move = Move(RIVAL_EGG if state.phase == SETUP else LAND, square)
    else:
        name, dash, direction = text.partition("-")
        if not dash or direction.upper() not in direction_names:
            raise NotationError("move", 1, f"'{text}' is not a move: write +c4 (egg), ^c4 (hatch) or c4-NE (slide; E W SE NW NE SW)")
        square = parse_square(name, state.width, state.height)
        move = Move(SLIDE, square, direction_names.index(direction.upper()))
    reason = illegal_reason(state, move)
    if reason is not None:
        raise IllegalMove(f"{text} is not legal for side {SIDES[state.to_move]}: {reason}")
    return move

