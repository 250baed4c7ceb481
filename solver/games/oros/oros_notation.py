"""Oros tectonics notation: a position as one line of text, an action as one short token.

The grammar is documented, with examples, in docs/notation.md (section "Oros"). `parse_position`
validates every field and raises NotationError naming the field and its 1-based column; for
canonical text `format_position(parse_position(text)) == text`, and likewise
`format_move(state, parse_move(state, text)) == text` for the canonical text of a legal action.

A position is the size, the rows, then options written only when not the default:

    SIZE ROWS [drift=N] [tectonic=N] [mountains=1] [mountain3=1] [fill=0] [actions=N]
    7x5 .12..3./23v2.14../.142*.21/3..12v34./.2.*.1.3

ROWS: the rows from row 1 (top) joined by '/', each row its cells from column a: a cell is its
level ('.' sea, 1-4 a land tile, M a mountain), then '*' when it is a hotspot, then its volcanoes
highest first, 'v' before each level: `4v3v2` is a level-4 tile carrying volcanoes 3 and 2.

Actions: `2E1` / `2W2` drift row 2 east 1 / west 2, `dS1` / `dN3` drift column d south / north;
`d3e3f3>E` move the group d3, e3, f3 one cell east, `d3>NE` one tile north-east; `d3v3:N2E1`
erupt the level-3 volcano on d3 sending 2 lava north and 1 east (`d3v3:-` when the fill used it
all); `+d3` create volcano levels on d3.
"""

from __future__ import annotations

import re

from solver.errors import NotationError
from solver.games.notation_tools import move_text, resolve, whole_number, words_with_columns
from solver.games.oros.oros_rules import (
    DIRECTION_NAMES,
    DRIFT_COL,
    DRIFT_ROW,
    ERUPT,
    MAX_LEVEL,
    MAX_SIDE,
    MIN_SIDE,
    ORTHOGONAL,
    SEA,
    TECTONIC,
    Abilities,
    IllegalMove,
    State,
    cell_name,
    decode_create,
    decode_drift,
    decode_erupt,
    decode_tectonic,
    encode_create,
    encode_drift,
    encode_erupt,
    encode_tectonic,
    illegal_reason,
    move_kind,
)

COLUMNS = "abcdefgh"
LEVEL_LETTERS = ".1234M"  # index = level: sea, land 1..4, mountain
HOTSPOT = "*"
VOLCANO = "v"
# The options in canonical order, with their defaults and ranges.
OPTIONS = {"drift": (1, 1, 3), "tectonic": (1, 1, 3), "mountains": (0, 0, 1), "mountain3": (0, 0, 1),
           "fill": (1, 0, 1), "actions": (0, 0, 10_000)}

BUILTIN_POSITIONS = {
    "start": "7x5 .12..3./23v2.14../.142*.21/3..12v34./.2.*.1.3",
}
DEFAULT_POSITION = "start"

_CELL = re.compile(r"([.1-4M])(\*?)((?:v[1-4])*)")


# --------------------------------------------------------------------------- cells


def parse_cell(text: str, width: int, height: int, field: str = "move", column: int = 1) -> int:
    """The index of a cell named like 'd3' on a width x height map; NotationError otherwise."""
    match = re.fullmatch(r"([a-h])([1-8])", text)
    if not match or COLUMNS.index(match.group(1)) >= width or int(match.group(2)) > height:
        raise NotationError(field, column, f"'{text}' is not a cell of this {width}x{height} map "
                                           f"(columns a-{COLUMNS[width - 1]}, rows 1-{height})")
    return (int(match.group(2)) - 1) * width + COLUMNS.index(match.group(1))


# --------------------------------------------------------------------------- positions


def parse_position(text: str) -> State:
    """The position written as `text`; NotationError naming the field and column if malformed."""
    words = words_with_columns(text)
    if not words:
        raise NotationError("size", 1, "empty position; see docs/notation.md (Oros)")
    width, height = _parse_size(*words[0])
    if len(words) < 2:
        raise NotationError("rows", len(text) + 1, "missing; a position is SIZE ROWS [options], like "
                                                    + BUILTIN_POSITIONS["start"])
    levels, volcanoes, hotspots = _parse_rows(*words[1], width, height)
    options = _parse_options(words[2:])
    abilities = Abilities(drift=options["drift"], tectonic=options["tectonic"], mountains=bool(options["mountains"]),
                          mountain3=bool(options["mountain3"]), fill=bool(options["fill"]))
    return State(width, height, tuple(levels), tuple(volcanoes), frozenset(hotspots), abilities, options["actions"])


def _parse_size(word: str, column: int) -> tuple[int, int]:
    match = re.fullmatch(r"([0-9]+)x([0-9]+)", word)
    if not match:
        raise NotationError("size", column, f"'{word}' should be WIDTHxHEIGHT, like 7x5")
    width = whole_number(match.group(1), "size", column, MIN_SIDE, MAX_SIDE)
    height = whole_number(match.group(2), "size", column + match.start(2), MIN_SIDE, MAX_SIDE)
    return width, height


def _parse_rows(word: str, column: int, width: int, height: int):
    rows = word.split("/")
    if len(rows) != height:
        raise NotationError("rows", column, f"has {len(rows)} rows joined by '/'; a {width}x{height} map has {height}")
    levels, volcanoes, hotspots = [], [], []
    at = column
    for r, row in enumerate(rows):
        i, cells = 0, 0
        while i < len(row):
            match = _CELL.match(row, i)
            if not match:
                raise NotationError("rows", at + i, f"'{row[i]}' is not a cell: write '.' (sea), 1-4 or M, then "
                                                    f"'*' for a hotspot, then volcanoes like v3v2")
            if cells == width:
                raise NotationError("rows", at + i, f"row {r + 1} holds more than {width} cells")
            level = LEVEL_LETTERS.index(match.group(1))
            stack = tuple(sorted((int(v) for v in match.group(3)[1::2]), reverse=True))
            if stack and level == SEA:
                raise NotationError("rows", at + i, "a sea cell never carries volcanoes (O-1)")
            if match.group(2):
                hotspots.append(len(levels))
            levels.append(level)
            volcanoes.append(stack)
            cells += 1
            i = match.end()
        if cells < width:
            raise NotationError("rows", at + len(row), f"row {r + 1} holds {cells} cells, not {width}")
        at += len(row) + 1
    return levels, volcanoes, hotspots


def _parse_options(words: list[tuple[str, int]]) -> dict[str, int]:
    values = {name: default for name, (default, _, _) in OPTIONS.items()}
    seen = set()
    for word, column in words:
        name, equals, value = word.partition("=")
        if name not in OPTIONS or not equals:
            raise NotationError("options", column, f"'{word}' is not an option; the options are "
                                                   + " ".join(f"{n}=N" for n in OPTIONS))
        if name in seen:
            raise NotationError("options", column, f"option {name} is given twice")
        seen.add(name)
        _, low, high = OPTIONS[name]
        values[name] = whole_number(value, "options", column + len(name) + 1, low, high)
    return values


def cell_text(state: State, cell: int) -> str:
    """A cell as in the rows field: level, '*' if a hotspot, volcanoes (`4*v3v2`)."""
    hotspot = HOTSPOT if cell in state.hotspots else ""
    return LEVEL_LETTERS[state.levels[cell]] + hotspot + "".join(f"{VOLCANO}{v}" for v in state.volcanoes[cell])


def format_position(state: State) -> str:
    """The canonical text of a position."""
    rows = "/".join("".join(cell_text(state, r * state.width + c) for c in range(state.width))
                    for r in range(state.height))
    a = state.abilities
    values = {"drift": a.drift, "tectonic": a.tectonic, "mountains": int(a.mountains),
              "mountain3": int(a.mountain3), "fill": int(a.fill), "actions": state.actions}
    options = [f"{name}={values[name]}" for name, (default, _, _) in OPTIONS.items() if values[name] != default]
    return " ".join([f"{state.width}x{state.height}", rows, *options])


def resolve_position(text: str | None) -> State:
    """A built-in position name (start), notation text, or None for start."""
    return resolve(text, BUILTIN_POSITIONS, DEFAULT_POSITION, parse_position)


# --------------------------------------------------------------------------- moves

MOVE_HELP = ("write a drift (2E1 2W2 dS1 dN1), a tectonic move (d3e3f3>E, d3>NE), "
             "an eruption (d3v3:N2E1, d3v3:-) or a volcano creation (+d3)")
_DRIFT_ROW = re.compile(r"([1-8])([EWew])([0-9])")
_DRIFT_COL = re.compile(r"([a-h])([SNsn])([0-9])")
_TECTONIC = re.compile(r"((?:[a-h][1-8]){1,3})>([A-Za-z]{1,2})")
_ERUPT = re.compile(r"([a-h][1-8])v([0-9]):(-|(?:[NESWnesw][0-9])+)")


def format_move(state: State, move: int) -> str:
    """The token of the action `move` (docs/notation.md, section Oros)."""
    kind = move_kind(move)
    if kind == DRIFT_ROW:
        _, line, distance, sense = decode_drift(move)
        return f"{line + 1}{'EW'[sense]}{distance}"
    if kind == DRIFT_COL:
        _, line, distance, sense = decode_drift(move)
        return f"{COLUMNS[line]}{'SN'[sense]}{distance}"
    if kind == TECTONIC:
        group, direction = decode_tectonic(move)
        return "".join(cell_name(c, state.width) for c in group) + ">" + DIRECTION_NAMES[direction]
    if kind == ERUPT:
        cell, volcano, lava = decode_erupt(move)
        sent = "".join(f"{DIRECTION_NAMES[d]}{k}" for d, k in zip(ORTHOGONAL, lava) if k) or "-"
        return f"{cell_name(cell, state.width)}v{volcano}:{sent}"
    return f"+{cell_name(decode_create(move), state.width)}"


def _distance(digit: str) -> int:
    """A drift distance as written (its legality against the drift ability is checked later)."""
    return whole_number(digit, "move", 3, 1, MAX_SIDE - 1)


def _parse_move_code(state: State, text: str) -> int:
    """The move integer written as `text` (syntax only; not checked against the position)."""
    w, h = state.width, state.height
    if match := _DRIFT_ROW.fullmatch(text):
        if int(match.group(1)) > h:
            raise NotationError("move", 1, f"row {match.group(1)} is not on this {w}x{h} map")
        sense = "EW".index(match.group(2).upper())
        return encode_drift(DRIFT_ROW, int(match.group(1)) - 1, _distance(match.group(3)), sense)
    if match := _DRIFT_COL.fullmatch(text):
        if COLUMNS.index(match.group(1)) >= w:
            raise NotationError("move", 1, f"column {match.group(1)} is not on this {w}x{h} map")
        sense = "SN".index(match.group(2).upper())
        return encode_drift(DRIFT_COL, COLUMNS.index(match.group(1)), _distance(match.group(3)), sense)
    if match := _TECTONIC.fullmatch(text):
        names = re.findall(r"[a-h][1-8]", match.group(1))
        cells = [parse_cell(n, w, h, column=1 + 2 * i) for i, n in enumerate(names)]
        direction = match.group(2).upper()
        if direction not in DIRECTION_NAMES:
            raise NotationError("move", match.start(2) + 1, f"'{match.group(2)}' is not a direction: "
                                                            + " ".join(DIRECTION_NAMES))
        return encode_tectonic(tuple(cells), DIRECTION_NAMES.index(direction))
    if match := _ERUPT.fullmatch(text):
        cell = parse_cell(match.group(1), w, h)
        lava = [0, 0, 0, 0]
        if match.group(3) != "-":
            for part in re.finditer(r"([NESWnesw])([0-9])", match.group(3)):
                slot = "NESW".index(part.group(1).upper())
                column = match.start(3) + part.start() + 1
                if lava[slot]:
                    raise NotationError("move", column, f"lava sent {part.group(1).upper()} is given twice")
                lava[slot] = whole_number(part.group(2), "move", column + 1, 1, MAX_LEVEL)
        return encode_erupt(cell, whole_number(match.group(2), "move", match.start(2) + 1, 1, MAX_LEVEL), tuple(lava))
    if text.startswith("+"):
        return encode_create(parse_cell(text[1:], w, h, column=2))
    raise NotationError("move", 1, f"'{text}' is not an action: {MOVE_HELP}")


def parse_move(state: State, text: str) -> int:
    """The legal action written as `text` in `state`; NotationError (not an action) or IllegalMove."""
    text = move_text(text, MOVE_HELP, "action")
    move = _parse_move_code(state, text)
    reason = illegal_reason(state, move)
    if reason is not None:
        raise IllegalMove(f"{text} is not legal: {reason}")
    return move
