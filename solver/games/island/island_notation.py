"""Island Project notation: a position as one line of text, a move as one short token.

The grammar is documented, with examples, in docs/notation.md (section "Island Project").
`parse_position` validates every field and raises NotationError naming the field and its
1-based column; for canonical text `format_position(parse_position(text)) == text`, and likewise
`format_move(state, parse_move(state, text)) == text` for the canonical text of a legal move.

A position is these fields, separated by white space:

    BOARD SEATS... RESERVE FOOD SUPPLY MOVER PHASE LAST SHIFT DICE FED TURN [cap=N]
    nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0

BOARD: five rows r = 0..4 ('/' between), five letters each, column a first: o ocean, n native
island, l new land, p plateau; the capital (O, N, L) is the same terrain with a volcano marker.
SEATS: one word per player, `A:b2,b2,c3` (seat A's people on the board, a tile name once per
person, canonical in tile-index order) or `A:-`; their number is the player count (2..4).
RESERVE, FOOD: one number per seat, '/' between. SUPPLY: new lands/plateaus/markers.
MOVER: A..D. PHASE: shift roll die action1 action2 over. LAST: the previous player's shift,
SHIFT: this turn's shift (`2E`, `cS`, ... or '-'). DICE: the two faces low first (`3V`) or '-'.
FED: `fed` once this turn's food for new terrain was given, else '-'. TURN: turns played.
"""

from __future__ import annotations

import re

from solver.errors import NotationError
from solver.games.notation_tools import move_text, resolve, whole_number, words_with_columns
from solver.games.island.island_rules import (
    ACTION1,
    ACTION2,
    CAPACITY,
    CHOOSING,
    DISPATCH,
    END,
    FACES,
    NATIVE,
    NEWLAND,
    NUMBER,
    OVER,
    PASS,
    PLATEAU,
    ROLL,
    ROLLING,
    SEATS,
    SHIFT,
    SHIFTING,
    SIZE,
    STEP,
    TILES,
    TURN_CAP,
    V_FACE,
    VOLCANO,
    VOLCANO_NONE,
    IllegalMove,
    State,
    argument_of,
    kind_of,
    legal_moves,
    move,
    neighbour,
    reverse_of,
    shift_parts,
)

COLUMNS = "abcde"
TERRAIN_LETTERS = "onlp"  # ocean, native island, new land, plateau; capital = with a marker
PHASES = (SHIFTING, ROLLING, CHOOSING, ACTION1, ACTION2, OVER)
FACE_LETTERS = "12345V"  # faces 0..4 are the numbers 1..5, face 5 the volcano
# The box (I-2): 12 new lands, 5 plateaus, 15 markers, 4 native island squares.
BOX_NEWLAND, BOX_PLATEAU, BOX_MARKERS, BOX_NATIVE = 12, 5, 15, 4
FOOD_MAX = 10_000
CAP_RANGE = (1, 10_000)
FIELDS_AFTER_SEATS = ("reserve", "food", "supply", "mover", "phase", "last", "shift", "dice", "fed", "turn")

BUILTIN_POSITIONS = {
    "start2": "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- 5/5 0/0 11/5/11 A shift - - - - 0",
    "start3": "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- C:- 4/4/4 0/0/0 11/5/11 A shift - - - - 0",
    "start4": "nooon/oOoOo/ooloo/oOoOo/nooon A:- B:- C:- D:- 4/4/4/4 0/0/0/0 11/5/11 A shift - - - - 0",
}
DEFAULT_POSITION = "start2"


def people_per_player(players: int) -> int:
    """People each player owns (I-2): 5 with 2 players, 4 otherwise."""
    return 5 if players == 2 else 4


# --------------------------------------------------------------------------- names


def tile_name(index: int) -> str:
    """The name of a tile: column letter a..e, row number 1..5 (a1 = index 0, top-left)."""
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


def parse_tile(text: str, field: str = "move", column: int = 1) -> int:
    """The index of a tile named like 'b4'; NotationError otherwise."""
    match = re.fullmatch(r"([a-e])([1-5])", text)
    if not match:
        raise NotationError(field, column, f"'{text}' is not a tile name like b4 (columns a-e, rows 1-5)")
    return (int(match.group(2)) - 1) * SIZE + COLUMNS.index(match.group(1))


def shift_name(shift_id: int) -> str:
    """`2E` (row 2 pushed east), `2W`, `cS` (column c pushed south), `cN`."""
    axis, line, sense = shift_parts(shift_id)
    if axis == 0:
        return f"{line + 1}{'EW'[sense]}"
    return f"{COLUMNS[line]}{'SN'[sense]}"


def parse_shift(text: str) -> int | None:
    """The shift id written as `2E`/`cS` (direction letter in any case); None if it is not one."""
    match = re.fullmatch(r"([1-5])([EWew])|([a-e])([SNsn])", text)
    if not match:
        return None
    if match.group(1):
        return (int(match.group(1)) - 1) * 2 + "EW".index(match.group(2).upper())
    return 10 + COLUMNS.index(match.group(3)) * 2 + "SN".index(match.group(4).upper())


def faces_text(dice: tuple[int, int]) -> str:
    """Two faces, low first: `3V`, `11`."""
    low, high = sorted(dice)
    return FACE_LETTERS[low] + FACE_LETTERS[high]


def _parse_faces(text: str) -> tuple[int, int] | None:
    """Two faces from '12345V' (v accepted) in either order, low first; None if not that."""
    if len(text) != 2 or any(ch not in FACE_LETTERS + "v" for ch in text):
        return None
    low, high = sorted(FACE_LETTERS.index(ch.upper()) for ch in text)
    return low, high


# --------------------------------------------------------------------------- positions


def _parts(word: str, column: int, field: str, count: int, example: str) -> list[tuple[str, int]]:
    """Split 'x/y/...' into exactly `count` parts with their columns."""
    parts = word.split("/")
    if len(parts) != count:
        raise NotationError(field, column, f"'{word}' should be {count} numbers joined by '/', like {example}")
    result = []
    for part in parts:
        result.append((part, column))
        column += len(part) + 1
    return result


def parse_position(text: str) -> State:
    """The State written in `text`; NotationError naming the bad field and column otherwise."""
    words = words_with_columns(text)
    if not words:
        raise NotationError("board", 1, "empty position; see docs/notation.md (Island Project)")
    terrain, markers = _parse_board(*words[0])
    seat_words = []
    index = 1
    while index < len(words) and words[index][0][:1].isalpha():
        seat_words.append(words[index])
        index += 1
    players = len(seat_words)
    if players < 2:
        column = seat_words[0][1] if seat_words else (words[1][1] if len(words) > 1 else len(text) + 1)
        raise NotationError("people", column, "one word per player, like A:- B:- (Island Project needs 2 to 4 players)")
    if players > 4:
        raise NotationError("people", seat_words[4][1], "at most 4 players (seats A B C D)")
    rest = words[index:]
    if len(rest) < len(FIELDS_AFTER_SEATS):
        missing = FIELDS_AFTER_SEATS[len(rest)]
        raise NotationError(missing, len(text) + 1, "missing; a position has the fields board, one people word per "
                            "player, " + ", ".join(FIELDS_AFTER_SEATS) + " (and cap=N when not 200)")
    field_at = dict(zip(FIELDS_AFTER_SEATS, rest))
    turn_cap = _parse_options(rest[len(FIELDS_AFTER_SEATS):])

    total = people_per_player(players)
    people = [_parse_seat(word, column, seat, total) for seat, (word, column) in enumerate(seat_words)]
    _check_capacity(people, terrain, seat_words)

    reserve_parts = _parts(*field_at["reserve"], "reserve", players, "/".join([str(total)] * players))
    reserve = []
    for seat, (word, column) in enumerate(reserve_parts):
        count = whole_number(word, "reserve", column, 0, total)
        on_board = len(people[seat])
        if on_board + count > total:
            raise NotationError("reserve", column, f"seat {SEATS[seat]} has {on_board} on the board and {count} in "
                                f"reserve: {on_board + count} people, more than the {total} each player has with {players} players")
        reserve.append(count)
    food_parts = _parts(*field_at["food"], "food", players, "/".join(["0"] * players))
    food = [whole_number(word, "food", column, 0, FOOD_MAX) for word, column in food_parts]

    supply_parts = _parts(*field_at["supply"], "supply", 3, "11/5/11")
    newland_supply = whole_number(supply_parts[0][0], "supply", supply_parts[0][1], 0, BOX_NEWLAND)
    plateau_supply = whole_number(supply_parts[1][0], "supply", supply_parts[1][1], 0, BOX_PLATEAU)
    marker_supply = whole_number(supply_parts[2][0], "supply", supply_parts[2][1], 0, BOX_MARKERS)
    land = sum(1 for t in terrain if t in (NEWLAND, PLATEAU))
    plateaus = terrain.count(PLATEAU)
    marked = sum(markers)
    for (word, column), on_board, in_supply, box, label in (
        (supply_parts[0], land, newland_supply, BOX_NEWLAND, "new land pieces (a plateau lies on one)"),
        (supply_parts[1], plateaus, plateau_supply, BOX_PLATEAU, "plateaus"),
        (supply_parts[2], marked, marker_supply, BOX_MARKERS, "volcano markers"),
    ):
        if on_board + in_supply > box:
            raise NotationError("supply", column, f"{on_board} on the board and {in_supply} in supply: more than the "
                                f"{box} {label} of the box")

    word, column = field_at["mover"]
    if word not in SEATS[:players]:
        raise NotationError("mover", column, f"'{word}' should be one of {' '.join(SEATS[:players])}")
    to_move = SEATS.index(word)

    word, column = field_at["phase"]
    if word not in PHASES:
        raise NotationError("phase", column, f"'{word}' should be one of {' '.join(PHASES)}")
    phase = word

    previous_shift = _parse_shift_field(*field_at["last"], "last")
    shift = _parse_shift_field(*field_at["shift"], "shift")
    word, column = field_at["shift"]
    if phase == SHIFTING and shift >= 0:
        raise NotationError("shift", column, "no shift is made yet in phase shift; write '-'")
    if phase in (ROLLING, CHOOSING, ACTION1, ACTION2) and shift < 0:
        raise NotationError("shift", column, f"phase {phase} comes after this turn's shift; write it, like 2E")
    if shift >= 0 and previous_shift >= 0 and shift == reverse_of(previous_shift):
        raise NotationError("shift", column, f"{shift_name(shift)} reverses the previous shift {shift_name(previous_shift)}, "
                            "which is not allowed (I-3)")

    word, column = field_at["dice"]
    if word == "-":
        dice = None
    else:
        dice = _parse_faces(word)
        if dice is None:
            raise NotationError("dice", column, f"'{word}' should be two faces of 1 2 3 4 5 V, like 3V, or '-'")
    if phase in (SHIFTING, ROLLING) and dice is not None:
        raise NotationError("dice", column, f"no dice are rolled yet in phase {phase}; write '-'")
    if phase in (CHOOSING, ACTION1, ACTION2) and dice is None:
        raise NotationError("dice", column, f"phase {phase} comes after the roll; write the faces, like 3V")

    word, column = field_at["fed"]
    if word not in ("fed", "-"):
        raise NotationError("fed", column, f"'{word}' should be 'fed' or '-'")
    fed = word == "fed"
    if fed and phase in (SHIFTING, ROLLING, CHOOSING):
        raise NotationError("fed", column, f"the food for new terrain is given by the die choice, so not yet in phase {phase}; write '-'")

    turn = whole_number(field_at["turn"][0], "turn", field_at["turn"][1], 0, turn_cap - 1)

    people_table = []
    for seat in range(players):
        row = [0] * TILES
        for tile_index in people[seat]:
            row[tile_index] += 1
        people_table.append(tuple(row))
    return State(
        players=players,
        terrain=tuple(terrain),
        markers=tuple(markers),
        people=tuple(people_table),
        reserve=tuple(reserve),
        food=tuple(food),
        newland_supply=newland_supply,
        plateau_supply=plateau_supply,
        marker_supply=marker_supply,
        to_move=to_move,
        phase=phase,
        previous_shift=previous_shift,
        shift=shift,
        dice=dice,
        fed=fed,
        turn=turn,
        turn_cap=turn_cap,
    )


def _parse_options(words: list[tuple[str, int]]) -> int:
    """The turn cap from a trailing `cap=N` (the only option); TURN_CAP without it."""
    cap = None
    for word, column in words:
        key, sep, value = word.partition("=")
        if not sep or key != "cap":
            raise NotationError("options", column, f"'{word}' is not an option; the only one is cap=N (the turn cap)")
        if cap is not None:
            raise NotationError("options", column, "option cap is given twice")
        cap = whole_number(value, "options", column + len(key) + 1, *CAP_RANGE)
    return TURN_CAP if cap is None else cap


def _parse_board(word: str, column: int) -> tuple[list[int], list[bool]]:
    """Terrain and markers: 5 rows of 5 letters joined by '/', a capital for a marker."""
    rows = word.split("/")
    if len(rows) != SIZE:
        raise NotationError("board", column, f"has {len(rows)} rows; the board has 5 rows of 5 tiles joined by '/'")
    terrain: list[int] = []
    markers: list[bool] = []
    natives = land = plateaus = marked = 0
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            at = column + c
            if c >= SIZE:
                raise NotationError("board", at, f"row {r + 1} holds more than 5 tiles")
            if letter == "P":
                raise NotationError("board", at, "a plateau never carries a volcano marker (I-4); write 'p'")
            if letter.lower() not in TERRAIN_LETTERS or not letter.isascii():
                raise NotationError("board", at, f"unknown letter '{letter}' (known: o n l p for ocean, native island, "
                                    "new land, plateau; O N L with a volcano marker)")
            kind = TERRAIN_LETTERS.index(letter.lower())
            terrain.append(kind)
            markers.append(letter.isupper())
            natives += kind == NATIVE
            land += kind in (NEWLAND, PLATEAU)
            plateaus += kind == PLATEAU
            marked += letter.isupper()
            if natives > BOX_NATIVE:
                raise NotationError("board", at, f"more than the {BOX_NATIVE} native islands of the box")
            if land > BOX_NEWLAND:
                raise NotationError("board", at, f"more than the {BOX_NEWLAND} new land pieces of the box (a plateau lies on one)")
            if plateaus > BOX_PLATEAU:
                raise NotationError("board", at, f"more than the {BOX_PLATEAU} plateaus of the box")
            if marked > BOX_MARKERS:
                raise NotationError("board", at, f"more than the {BOX_MARKERS} volcano markers of the box")
        if len(row) < SIZE:
            raise NotationError("board", column + len(row), f"row {r + 1} holds {len(row)} tiles, not 5")
        column += len(row) + 1
    return terrain, markers


def _parse_seat(word: str, column: int, seat: int, total: int) -> list[int]:
    """The tiles of one seat's people on the board, from `A:b2,b2,c3` or `A:-`."""
    letter = SEATS[seat]
    if not word.startswith(letter + ":"):
        raise NotationError("people", column, f"'{word}' should be seat {letter}'s people, like {letter}:b2,c3 or {letter}:-")
    body, column = word[2:], column + 2
    if body == "-":
        return []
    if not body:
        raise NotationError("people", column, f"write {letter}:- for no people on the board")
    tiles = []
    for name in body.split(","):
        tiles.append(parse_tile(name, "people", column))
        if len(tiles) > total:
            raise NotationError("people", column, f"seat {letter} has more than its {total} people on the board")
        column += len(name) + 1
    return tiles


def _check_capacity(people: list[list[int]], terrain: list[int], seat_words) -> None:
    """At most 2 people (of any colours) on a new land or a plateau (I-7)."""
    count = [0] * TILES
    for seat, tiles in enumerate(people):
        word, column = seat_words[seat]
        column += 2
        for name, tile_index in zip(word[2:].split(","), tiles):
            count[tile_index] += 1
            if terrain[tile_index] in (NEWLAND, PLATEAU) and count[tile_index] > CAPACITY:
                kind = "new land" if terrain[tile_index] == NEWLAND else "plateau"
                raise NotationError("people", column, f"{count[tile_index]} people on the {kind} {name}; it holds at most {CAPACITY} (I-7)")
            column += len(name) + 1


def _parse_shift_field(word: str, column: int, field: str) -> int:
    """A shift name or '-' (none): the shift id, or -1."""
    if word == "-":
        return -1
    shift_id = parse_shift(word)
    if shift_id is None:
        raise NotationError(field, column, f"'{word}' should be a shift like 2E, 2W, cS, cN, or '-'")
    return shift_id


def format_position(state: State) -> str:
    """The canonical one-line text of `state`."""
    rows = []
    for r in range(SIZE):
        row = ""
        for c in range(SIZE):
            index = r * SIZE + c
            letter = TERRAIN_LETTERS[state.terrain[index]]
            row += letter.upper() if state.markers[index] else letter
        rows.append(row)
    words = ["/".join(rows)]
    for seat in range(state.players):
        names = [tile_name(i) for i in range(TILES) for _ in range(state.people[seat][i])]
        words.append(f"{SEATS[seat]}:{','.join(names) or '-'}")
    words += [
        "/".join(map(str, state.reserve)),
        "/".join(map(str, state.food)),
        f"{state.newland_supply}/{state.plateau_supply}/{state.marker_supply}",
        SEATS[state.to_move],
        state.phase,
        shift_name(state.previous_shift) if state.previous_shift >= 0 else "-",
        shift_name(state.shift) if state.shift >= 0 else "-",
        faces_text(state.dice) if state.dice is not None else "-",
        "fed" if state.fed else "-",
        str(state.turn),
    ]
    if state.turn_cap != TURN_CAP:
        words.append(f"cap={state.turn_cap}")
    return " ".join(words)


def builtin_positions() -> dict[str, str]:
    """The built-in positions: name -> notation text."""
    return dict(BUILTIN_POSITIONS)


def warmup_positions() -> list[State]:
    """The position whose kernel `caldera warmup` loads: the 2-player start."""
    return [parse_position(BUILTIN_POSITIONS["start2"])]


def resolve_position(text: str | None) -> State:
    """A built-in position name (start2, start3, start4), notation text, or None for start2."""
    return resolve(text, BUILTIN_POSITIONS, DEFAULT_POSITION, parse_position)


# --------------------------------------------------------------------------- moves


def format_move(state: State, code: int) -> str:
    """The text of the move `code` (see docs/rules/island.md section 5)."""
    text = _MOVE_TEXT.get(kind_of(code))
    if text is None:
        raise ValueError(f"not an Island Project move: {code:#x}")
    return text(argument_of(code))


def _step_text(argument: int) -> str:
    """A step's text from its argument (source tile * 4 + direction): `b2-c2`."""
    source, direction = divmod(argument, 4)
    return f"{tile_name(source)}-{tile_name(neighbour(source, direction))}"


# The text of each kind of move, from the move's argument.
_MOVE_TEXT = {
    SHIFT: lambda argument: shift_name(argument),
    ROLL: lambda argument: "roll:" + faces_text(divmod(argument, FACES)),
    NUMBER: str,
    VOLCANO: lambda argument: f"V@{tile_name(argument)}",
    VOLCANO_NONE: lambda argument: "V-",
    DISPATCH: lambda argument: f"+{tile_name(argument)}",
    STEP: _step_text,
    END: lambda argument: ".",
    PASS: lambda argument: "-",
}


MOVE_HELP = ("write a shift (2E 2W cS cN), a roll (roll:3V), a die choice (3, V@b4, V-), "
             "a dispatch (+a1), a step (b2-c2), '.' (end the turn) or '-' (no action possible)")
PHASE_MOVES = {
    SHIFTING: "a shift like 2E or cS",
    ROLLING: "the roll, like roll:3V",
    CHOOSING: "a die choice: a rolled number like 3, V@b4 or V-",
    ACTION1: "a people action (+a1 or b2-c2), or '-' when none is possible",
    ACTION2: "a second people action (+a1 or b2-c2) or '.' to end the turn",
}
KIND_PHASES = {SHIFT: (SHIFTING,), ROLL: (ROLLING,), NUMBER: (CHOOSING,), VOLCANO: (CHOOSING,),
               VOLCANO_NONE: (CHOOSING,), DISPATCH: (ACTION1, ACTION2), STEP: (ACTION1, ACTION2),
               END: (ACTION2,), PASS: (ACTION1,)}


def _parse_move_code(text: str) -> int:
    """The move integer written as `text` (syntax only; not checked against a position)."""
    if text == ".":
        return move(END)
    if text == "-":
        return move(PASS)
    shift_id = parse_shift(text)
    if shift_id is not None:
        return move(SHIFT, shift_id)
    if text.startswith("roll:"):
        faces = _parse_faces(text[5:])
        if faces is None:
            raise NotationError("move", 6, f"'{text[5:]}' should be two faces of 1 2 3 4 5 V, like roll:3V")
        return move(ROLL, faces[0] * FACES + faces[1])
    if re.fullmatch(r"[1-5]", text):
        return move(NUMBER, int(text))
    if text in ("V-", "v-"):
        return move(VOLCANO_NONE)
    if text[:2] in ("V@", "v@"):
        return move(VOLCANO, parse_tile(text[2:], column=3))
    if text.startswith("+"):
        return move(DISPATCH, parse_tile(text[1:], column=2))
    source_text, dash, target_text = text.partition("-")
    if dash and re.fullmatch(r"[a-e][1-5]", source_text):
        source = parse_tile(source_text)
        target = parse_tile(target_text, column=len(source_text) + 2)
        for direction in range(4):
            if neighbour(source, direction) == target:
                return move(STEP, source * 4 + direction)
        raise _NotAdjacent(source_text, target_text)
    raise NotationError("move", 1, f"'{text}' is not a move: {MOVE_HELP}")


class _NotAdjacent(Exception):
    """A step between tiles that do not touch (well formed, never legal)."""

    def __init__(self, source: str, target: str):
        super().__init__(f"{target} is not next to {source} (a step goes one tile up, right, down or left, wrapping)")


def parse_move(state: State, text: str) -> int:
    """The legal move written as `text` in `state`; NotationError (not a move) or IllegalMove."""
    text = move_text(text, MOVE_HELP)
    try:
        code = _parse_move_code(text)
    except _NotAdjacent as error:
        raise IllegalMove(f"{text} is not legal for seat {SEATS[state.to_move]}: {error}") from None
    if code not in legal_moves(state):
        raise IllegalMove(f"{text} is not legal for seat {SEATS[state.to_move]}: {_illegal_reason(state, code)}")
    return code


def _illegal_reason(state: State, code: int) -> str:
    """Why the well-formed move `code` is not legal in `state`, in plain words."""
    kind, argument = kind_of(code), argument_of(code)
    if state.phase == OVER:
        return "the game is over"
    if kind == END and state.phase == ACTION1:
        return "'.' ends the turn only after a first action (I-7)"
    if kind == PASS and state.phase == ACTION2:
        return "'-' is only for a first action when none is possible; '.' ends the turn"
    if state.phase not in KIND_PHASES[kind]:
        return f"in phase {state.phase} the move is {PHASE_MOVES[state.phase]}"
    if kind == SHIFT:
        return f"it reverses the previous shift {shift_name(state.previous_shift)} (I-3)"
    if kind == NUMBER:
        return f"no die shows {argument} (rolled {faces_text(state.dice)})"
    if kind in (VOLCANO, VOLCANO_NONE):
        if V_FACE not in state.dice:
            return f"no die shows V (rolled {faces_text(state.dice)})"
        if kind == VOLCANO_NONE:
            return "a marker can be placed, so choose its tile (V@b4)"
        if state.marker_supply == 0:
            return "the marker supply is empty; write V-"
        if state.markers[argument]:
            return f"{tile_name(argument)} already has a volcano marker"
        return f"{tile_name(argument)} is a plateau, where no volcano forms (I-4)"
    if kind == DISPATCH:
        if state.reserve[state.to_move] == 0:
            return "no person is left in your supply"
        return f"{tile_name(argument)} is not a native island"
    if kind == STEP:
        source, direction = divmod(argument, 4)
        target = neighbour(source, direction)
        if state.people[state.to_move][source] == 0:
            return f"you have no person on {tile_name(source)}"
        here, there = state.terrain[source], state.terrain[target]
        if here == PLATEAU:
            return "people on a plateau are finished and never move (I-7)"
        if there in (NEWLAND, PLATEAU) and state.people_on(target) >= CAPACITY:
            return f"{tile_name(target)} already holds {CAPACITY} people (I-7)"
        if here == NEWLAND:
            return "from new land a person only steps onto new land or a plateau (I-7)"
        return "a plateau is reached only from new land (I-7)"
    return "an action is possible, so one must be taken (I-7)"  # PASS in action1

