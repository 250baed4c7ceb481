"""Penguins notation: a position as one line of text, a move as one short token.

The grammar is documented, with examples, in docs/notation.md. `parse_position` validates
every field, the terrain tiles' layout included (limits per kind, seaweed on the edge, rivers that
end on the edge pointing off the board), and raises NotationError naming the field and its column;
for canonical text `format_position(parse_position(text)) == text`, and likewise for moves, whose
parts (P-9: emperor, seal, hole jump, storm throw, river choices, seagull, krill, blazing) are
joined to the action with '/'.
"""

from __future__ import annotations

import re

from solver.errors import NotationError
from solver.games.notation_tools import move_text, resolve, whole_number, words_with_columns
from solver.games.penguins.penguins_rules import (
    AFTER,
    BEFORE,
    CCW,
    CW,
    DIRECTIONS,
    EGG,
    EMPEROR,
    HATCH,
    ICEBERG,
    LAND,
    MAX_SIZE,
    MIN_SIZE,
    NEST,
    ORBIT,
    PENGUIN,
    PLAY,
    RIVAL_EGG,
    RIVER,
    SEAGULL,
    SEAL,
    SEAWEED,
    SETUP,
    SIDES,
    SLIDE,
    STAR,
    TENT,
    KRILL_BEFORE_GULL,
    KRILL_BEFORE_STOPS,
    KRILL_LAST,
    IllegalMove,
    Move,
    Piece,
    Rules,
    State,
    Tile,
    illegal_reason,
    edge_neighbour,
    is_edge,
    krill_order,
    krill_slots,
    ring,
)

# P-9a: when a krill egg is laid (penguins_rules KRILL_SLOTS), one letter per egg in `ko:`: last (after
# every effect), before the seagull ("first"), between the tent and the river ("middle"), before them ("early").
KRILL_LETTERS = "lfme"
# Every krill egg at the same time written as one flag, the way a move wrote it before eggs could be apart.
SAME_TIME = {KRILL_LAST: "", KRILL_BEFORE_STOPS: "ke", KRILL_BEFORE_GULL: "kf"}

# Side A in capitals, side B in small letters; barriers are capitals that no side uses.
PIECE_LETTERS = {
    "P": Piece(PENGUIN, 0),
    "S": Piece(STAR, 0),
    "E": Piece(EGG, 0),
    "p": Piece(PENGUIN, 1),
    "s": Piece(STAR, 1),
    "e": Piece(EGG, 1),
    "I": Piece(ICEBERG),
    "G": Piece(SEAGULL),
    "M": Piece(EMPEROR),
    "N": Piece(NEST),
    "L": Piece(SEAL),
}
LETTER_OF_PIECE = {piece: letter for letter, piece in PIECE_LETTERS.items()}
# P-13: after a penguin's letter, marks a penguin next to the nest that may not orbit (hatched
# there, or carried there by a tent or river); an unmarked penguin next to the nest may orbit.
NO_ORBIT_MARK = "'"
BARRIER_NAMES = {SEAGULL: "seagull", EMPEROR: "emperor penguin", NEST: "penguin nest", SEAL: "seal"}
BARRIER_LIMITS = {SEAGULL: 1, EMPEROR: 1, NEST: 1, SEAL: 1}
# Terrain tiles in the tiles field: letter, then the space, then ':' and the attribute (tent, river).
TILE_LETTERS = {
    "s": "storm",
    "t": "tent",
    "r": "river",
    "h": "hole",
    "f": "freezing",
    "x": "radiation",
    "w": "seaweed",
    "b": "blazing",
    "k": "krill",
}
LETTER_OF_TILE = {kind: letter for letter, kind in TILE_LETTERS.items()}
TILE_LIMITS = {"hole": 2, "storm": 2, "tent": 1, "river": 8, "krill": 2, "blazing": 2, "radiation": 3,
               "freezing": 2, "seaweed": 2}
MAX_FORKS = 2  # P-19: the move integer has two branch bits
MAX_CONFLUENCES = 2  # FAQ exp Q2: the move integer has two confluence bits, one per confluence of two arrows
FILES = "abcdefgh"
FIELDS = ("size", "board", "tiles", "turn", "phase", "supply", "unused", "ply")
# Rule options: notation key -> Rules field. Written only when they differ from the default.
OPTIONS = {"cap": "ply_cap", "eggs": "eggs", "assistants": "assistants", "stars": "stars", "team": "team"}
OPTION_RANGES = {"cap": (1, 10_000), "eggs": (1, 64), "assistants": (0, 8), "stars": (0, 1), "team": (0, 1)}

BUILTIN_POSITIONS = {
    "start": "8x8 8/8/8/8/8/8/8/8 - A setup 16/16 3+1/3+1 0",
    "floes": "8x8 8/2I5/8/5I2/8/1I6/8/6I1 - A setup 16/16 3+1/3+1 0",
    "pond": "6x6 6/6/2I3/3I2/6/6 - A setup 16/16 3+1/3+1 0",
}
# Scenarios with barriers and terrain (P-4): name, one-line description, position. Together they
# use every barrier and terrain tile.
SCENARIOS = (
    ("gullrock", "a seagull to chase off and two storms that throw penguins aside",
     "6x6 6/1I4/3G2/6/4I1/6 sf2,sc5 A setup 16/16 3+1/3+1 0"),
    ("tunnels", "the emperor penguin lays your eggs; two holes link the far corners; krill",
     "6x6 6/6/2M3/6/6/6 ha1,kd5,hf6 A setup 16/16 3+1/3+1 0"),
    ("rookery", "orbit the penguin nest; a tent turns its neighbours clockwise; krill",
     "6x6 6/6/2N3/6/6/6 kb2,te5:cw A setup 16/16 3+1/3+1 0"),
    ("sealbay", "a seal that pushes eggs away, beside a river with a fork and a confluence",
     "6x6 6/6/6/6/1L4/6 rd2:SE,rd3:SE,rd4:E+SE,re4:SE,rd5:SE,re5:SW,rd6:SE A setup 16/16 3+1/3+1 0"),
    ("frostbite", "freezing and radiation: eggs that cannot hatch and eggs only the rival can hatch",
     "6x6 6/6/3I2/6/6/6 fb2,xe5 A setup 16/16 3+1/3+1 0"),
    ("swamp", "mutant seaweed on the edge and blazing tiles that burn eggs",
     "6x6 6/6/6/6/6/6 wa1,bc3,bd5,wf6 A setup 16/16 3+1/3+1 0"),
)
BUILTIN_POSITIONS.update({name: text for name, _, text in SCENARIOS})
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

    board, no_orbit = _parse_board(*field_at["board"], width, height)

    terrain = _parse_tiles(*field_at["tiles"], width, height)

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
        terrain=terrain,
        no_orbit=no_orbit,
    )


def _parse_tiles(word: str, column: int, width: int, height: int) -> tuple[Tile | None, ...]:
    """The terrain tiles field: '-' or tiles joined by ',', each a letter, a space and for a tent or river ':' and more."""
    terrain: list[Tile | None] = [None] * (width * height)
    if word == "-":
        return tuple(terrain)
    where: dict[int, int] = {}  # space -> column of its tile, for the river checks
    for part in word.split(","):
        letter, body = part[:1], part[1:]
        if letter not in TILE_LETTERS:
            known = " ".join(f"{l} {k}" for l, k in TILE_LETTERS.items())
            raise NotationError("tiles", column, f"'{part}' is not a tile: write a letter ({known}) and a space, like sc4; or '-'")
        kind = TILE_LETTERS[letter]
        name, colon, attribute = body.partition(":")
        square = parse_square(name, width, height, "tiles", column + 1)
        if terrain[square] is not None:
            raise NotationError("tiles", column, f"two tiles on {name}; a space holds at most one")
        terrain[square] = _parse_tile(kind, name, colon, attribute, column + 2 + len(name))
        if sum(1 for t in terrain if t is not None and t.kind == kind) > TILE_LIMITS[kind]:
            raise NotationError("tiles", column, f"more than {TILE_LIMITS[kind]} {kind} tile{'s' if TILE_LIMITS[kind] > 1 else ''}")
        if kind == SEAWEED and not is_edge(width, height, square):
            raise NotationError("tiles", column, f"seaweed on {name} is not on the board's edge (first or last rank or file, P-21)")
        where[square] = column
        column += len(part) + 1
    _check_rivers(terrain, where, width, height)
    return tuple(terrain)


def _parse_tile(kind: str, name: str, colon: str, attribute: str, column: int) -> Tile:
    """One tile's attribute: a tent's sense (cw, ccw), a river tile's arrows (E, or two like E+SE)."""
    if kind == TENT:
        if attribute not in (CW, CCW):
            raise NotationError("tiles", column, f"the tent on {name} needs its sense, :cw or :ccw")
        return Tile(TENT, sense=attribute)
    if kind == RIVER:
        names = [n for n, _, _ in DIRECTIONS]
        arrows = attribute.upper().split("+") if colon else []
        if not colon or not 1 <= len(arrows) <= 2 or any(a not in names for a in arrows) or len(set(arrows)) != len(arrows):
            raise NotationError("tiles", column, f"the river on {name} needs one or two different arrows, like :SE or :E+SE")
        return Tile(RIVER, arrows=tuple(sorted(names.index(a) for a in arrows)))
    if colon:
        raise NotationError("tiles", column, f"a {kind} tile takes no ':' attribute")
    return Tile(kind)


def _check_rivers(terrain, where: dict[int, int], width: int, height: int) -> None:
    """P-19: every arrow points to another river tile or, from an edge tile, off the board; no circles; at most 2 forks."""
    rivers = [s for s, t in enumerate(terrain) if t is not None and t.kind == RIVER]
    forks = 0
    for square in rivers:
        tile = terrain[square]
        forks += len(tile.arrows) == 2
        if forks > MAX_FORKS:
            raise NotationError("tiles", where[square], f"more than {MAX_FORKS} river forks (tiles with two arrows)")
        for arrow in tile.arrows:
            target = edge_neighbour(width, height, square, arrow)  # arrows never wrap (P-19)
            if target is not None and (terrain[target] is None or terrain[target].kind != RIVER):
                raise NotationError(
                    "tiles", where[square],
                    f"the river on {square_name(width, square)} points {DIRECTIONS[arrow][0]} to {square_name(width, target)}, "
                    "which is no river tile; a river must end on the edge pointing off the board")
    inflows: dict[int, int] = {}
    for square in rivers:
        for arrow in terrain[square].arrows:
            target = edge_neighbour(width, height, square, arrow)
            if target is not None:
                inflows[target] = inflows.get(target, 0) + 1
    confluences = sorted(s for s, count in inflows.items() if count > 1)
    for square in confluences:
        if inflows[square] > 2:
            raise NotationError("tiles", where[square], f"three or more arrows point to the river on {square_name(width, square)}; "
                                "a confluence joins two")
    if len(confluences) > MAX_CONFLUENCES:
        raise NotationError("tiles", where[confluences[MAX_CONFLUENCES]],
                            f"more than {MAX_CONFLUENCES} river confluences (tiles two arrows point to)")
    for square in rivers:
        # Follow the arrows downstream; coming back to a tile on the way is a circle that never ends.
        todo = [(square, ())]
        while todo:
            current, trail = todo.pop()
            if current in trail:
                raise NotationError("tiles", where[square], f"the river through {square_name(width, square)} runs in a circle; "
                                    "a river must end on the edge pointing off the board")
            for arrow in terrain[current].arrows:
                target = edge_neighbour(width, height, current, arrow)
                if target is not None:
                    todo.append((target, (*trail, current)))


def format_tiles(state: State) -> str:
    """The tiles field of `state`: '-' or its tiles in space order."""
    parts = []
    for square, tile in enumerate(state.terrain):
        if tile is None:
            continue
        text = LETTER_OF_TILE[tile.kind] + square_name(state.width, square)
        if tile.kind == TENT:
            text += ":" + tile.sense
        elif tile.kind == RIVER:
            text += ":" + "+".join(DIRECTIONS[a][0] for a in tile.arrows)
        parts.append(text)
    return ",".join(parts) or "-"


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


def _parse_board(word: str, column: int, width: int, height: int) -> tuple[tuple[Piece | None, ...], frozenset[int]]:
    """The spaces of the board field, rows r = 0.. separated by '/', digits for empty runs; and the
    penguins marked NO_ORBIT_MARK, which may not orbit (P-13: only next to the nest)."""
    rows = word.split("/")
    if len(rows) != height:
        raise NotationError("board", column, f"has {len(rows)} rows, the size says {height}")
    board: list[Piece | None] = []
    marked: dict[int, int] = {}  # space -> column of its mark
    for r, row in enumerate(rows):
        count = 0
        for letter in row:
            if letter == NO_ORBIT_MARK:
                if not board or board[-1] is None or board[-1].kind not in (PENGUIN, STAR) or len(board) - 1 in marked:
                    raise NotationError("board", column, f"the mark {NO_ORBIT_MARK} (may not orbit) follows a penguin's letter, like P{NO_ORBIT_MARK}")
                marked[len(board) - 1] = column
                column += 1
                continue
            if letter in "12345678":
                board += [None] * int(letter)
                count += int(letter)
            elif letter in PIECE_LETTERS:
                board.append(PIECE_LETTERS[letter])
                count += 1
            else:
                known = " ".join(PIECE_LETTERS)
                raise NotationError("board", column, f"unknown letter '{letter}' (known: {known}, or a digit 1-8)")
            if count > width:
                raise NotationError("board", column, f"row {r + 1} holds more than {width} spaces")
            if letter in PIECE_LETTERS and PIECE_LETTERS[letter].kind in BARRIER_LIMITS:
                kind = PIECE_LETTERS[letter].kind
                if sum(1 for p in board if p is not None and p.kind == kind) > BARRIER_LIMITS[kind]:
                    raise NotationError("board", column, f"more than {BARRIER_LIMITS[kind]} {BARRIER_NAMES[kind]} ('{letter}')")
            column += 1
        if count < width:
            raise NotationError("board", column, f"row {r + 1} holds {count} spaces, the size says {width}")
        column += 1  # the '/'
    nest = board.index(Piece(NEST)) if Piece(NEST) in board else None
    around = ring(width, height, nest) if nest is not None else ()
    for square, mark_column in marked.items():
        if square not in around:
            raise NotationError("board", mark_column, f"the mark {NO_ORBIT_MARK} (may not orbit) is only for a penguin "
                                "next to the penguin nest (P-13)")
    return tuple(board), frozenset(marked)


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
            row += LETTER_OF_PIECE[piece] + (NO_ORBIT_MARK if r * state.width + q in state.no_orbit else "")
        rows.append(row + (str(empty) if empty else ""))
    words = [
        f"{state.width}x{state.height}",
        "/".join(rows),
        format_tiles(state),
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


def builtin_positions() -> dict[str, str]:
    """The built-in positions (scenarios included): name -> notation text."""
    return dict(BUILTIN_POSITIONS)


def scenarios() -> list[tuple[str, str, str]]:
    """The named scenarios: (name, description, notation text)."""
    return list(SCENARIOS)


def warmup_positions() -> list[State]:
    """The positions whose kernels `caldera warmup` loads: a small board without tiles and one with
    them (the plain kernel and the tile kernel)."""
    return [parse_position("4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0"),
            parse_position("5x5 P1I2/5/5/I4/5 hb1,hc4,kd4 A play 5/10 2+1/3+1 4")]


def resolve_position(text: str | None) -> State:
    """A built-in position name, notation text, or None for the default start."""
    return resolve(text, BUILTIN_POSITIONS, DEFAULT_POSITION, parse_position)


SENSES = ("cw", "ccw")  # an orbit's sense: direction 0 and 1 of an ORBIT move (P-13)
MOVE_HELP = ("write +c4 (egg), ^c4 (hatch), c4-NE (slide; E W SE NW NE SW) or c4-cw (orbit; cw ccw), "
             "then any parts joined by '/' (see docs/notation.md)")


def _direction_name(direction: int) -> str:
    return DIRECTIONS[direction][0]


def format_move(state: State, move: Move) -> str:
    """The text of `move`: +c4 lays an egg, ^c4 hatches, c4-NE slides, c4-cw orbits; its choices joined by '/'.

    In play order: em:D/ se:D/ before the action (se:D/em:D/ when the seal steps first, P-9a); after it h (hole jump), st:D (storm throw),
    rf (river first), rp:01 (which piece moves first at each contested confluence; rp = rp:1), br:01 (river branches), ge (the seagull before the tent and river, P-9a; gm between them), g:e5 (seagull),
    ke (the krill eggs before the tent and river, P-9a), kf (krill before the seagull, P-9a), ko:ml (when each
    krill egg is laid, KRILL_LETTERS, where the eggs are apart or between the tent and the river), k:b2,d6 (krill),
    em:D and se:D after the action, b:f3 (blazing). A move without choices is just the action.
    """
    width = state.width
    name = square_name(width, move.square)
    if move.action in (RIVAL_EGG, LAND):
        action = f"+{name}"
    elif move.action == HATCH:
        action = f"^{name}"
    elif move.action == ORBIT:
        action = f"{name}-{SENSES[move.direction]}"
    else:
        action = f"{name}-{_direction_name(move.direction)}"
    steps = (("em", move.emperor, move.emperor_direction), ("se", move.seal, move.seal_direction))
    if move.seal_first:
        steps = steps[::-1]  # P-9a: the written order is the order they step in
    parts = [f"{key}:{_direction_name(direction)}" for key, timing, direction in steps if timing == BEFORE]
    parts.append(action)
    if move.hole_jump:
        parts.append("h")
    if move.storm_push >= 0:
        parts.append(f"st:{_direction_name(move.storm_push)}")
    if move.river_first:
        parts.append("rf")
    if move.river_priority:
        # "rp" alone is the first confluence's choice, the only one most rivers have.
        parts.append("rp" if move.river_priority == 1 else "rp:" + _bits(move.river_priority))
    if move.branches:
        parts.append("br:" + _bits(move.branches))
    if move.seagull_early:
        parts.append("ge" if move.seagull_early == 1 else "gm")  # P-9a: the seagull before or between the tent and river
    if move.seagull >= 0:
        parts.append(f"g:{square_name(width, move.seagull)}")
    slots = krill_slots(move)
    if len(set(slots)) == 1 and slots[0] in SAME_TIME:
        if slots[0] != KRILL_LAST:
            parts.append(SAME_TIME[slots[0]])  # P-9a: every krill egg before the tent and river (ke) or the seagull (kf)
    elif slots:
        parts.append("ko:" + "".join(KRILL_LETTERS[slot] for slot in slots))
    if move.krill:
        parts.append("k:" + ",".join(square_name(width, s) for s in move.krill))
    parts += [f"{key}:{_direction_name(direction)}" for key, timing, direction in steps if timing == AFTER]
    if move.blazing >= 0:
        parts.append(f"b:{square_name(width, move.blazing)}")
    return "/".join(parts)


def _bits(value: int) -> str:
    """A choice per fork or confluence as 0/1 digits, the first one first: 2 -> '01'."""
    return "".join(str(value >> k & 1) for k in range(value.bit_length()))


def _parse_action(state: State, text: str, column: int) -> Move:
    """The action part of a move token: +c4, ^c4, c4-NE or c4-cw."""
    direction_names = [name for name, _, _ in DIRECTIONS]
    if text[:1] in ("+", "^"):
        square = parse_square(text[1:], state.width, state.height, column=column + 1)
        if text[0] == "^":
            return Move(HATCH, square)
        return Move(RIVAL_EGG if state.phase == SETUP else LAND, square)
    name, dash, direction = text.partition("-")
    if dash and direction.lower() in SENSES:
        return Move(ORBIT, parse_square(name, state.width, state.height, column=column), SENSES.index(direction.lower()))
    if not dash or direction.upper() not in direction_names:
        raise NotationError("move", column, f"'{text}' is not an action: {MOVE_HELP}")
    return Move(SLIDE, parse_square(name, state.width, state.height, column=column), direction_names.index(direction.upper()))


def _parse_direction(text: str, column: int) -> int:
    """A direction name (any case) of a move part."""
    names = [name for name, _, _ in DIRECTIONS]
    if text.upper() not in names:
        raise NotationError("move", column, f"'{text}' is not a direction (E W SE NW NE SW)")
    return names.index(text.upper())


def parse_move(state: State, text: str) -> Move:
    """The legal move written as `text` in `state`; NotationError or IllegalMove otherwise."""
    text = move_text(text, MOVE_HELP)
    fields: dict = {}
    action: Move | None = None
    column = 1
    for part in text.split("/"):
        key, colon, value = part.partition(":")
        value_column = column + len(key) + 1
        where = "before" if action is None else "after"
        if key in ("em", "se") and colon:
            name = "emperor" if key == "em" else "seal"
            if name in fields:
                raise NotationError("move", column, f"'{key}' is given twice; the {BARRIER_NAMES[EMPEROR if key == 'em' else SEAL]} moves at most once a turn")
            fields[name] = BEFORE if where == "before" else AFTER
            fields[name + "_direction"] = _parse_direction(value, value_column)
            if name == "emperor" and fields.get("seal") == fields["emperor"]:
                fields["seal_first"] = 1  # P-9a: the seal was written first, so it steps first
        elif action is None:
            action = _parse_action(state, part, column)
        else:
            name, parsed = _parse_part(state, key, colon, value, column, value_column)
            if name in fields:
                raise NotationError("move", column, f"'{key}' is given twice")
            fields[name] = parsed
        column += len(part) + 1
    if action is None:
        raise NotationError("move", 1, f"'{text}' has no action: {MOVE_HELP}")
    _krill_order_field(fields, column)
    move = Move(action.action, action.square, action.direction, **fields)
    reason = illegal_reason(state, move)
    if reason is not None:
        raise IllegalMove(f"{text} is not legal for side {SIDES[state.to_move]}: {reason}")
    return move


def _krill_order_field(fields: dict, column: int) -> None:
    """Turn the parsed ke, kf or ko: (when the krill eggs are laid, P-9a) into the Move's krill_order."""
    eggs = len(fields.get("krill", ()))
    times = [fields.pop(key) for key in ("krill_all", "krill_slots") if key in fields]
    if len(times) > 1:
        raise NotationError("move", column, "give the krill eggs' time once: ke, kf or ko:")
    if not times:
        return
    slots = times[0] if isinstance(times[0], tuple) else (times[0],) * eggs
    if not eggs:
        raise IllegalMove("the krill eggs cannot come before the tent and river or the seagull: ke, kf and ko: "
                          "need krill eggs (P-9a)")
    if len(slots) != eggs:
        raise NotationError("move", column, "ko: names one time per krill egg, like ko:el/k:b2,d6")
    fields["krill_order"] = krill_order(slots)


def _parse_part(state: State, key: str, colon: str, value: str, column: int, value_column: int) -> tuple[str, object]:
    """One part after the action: (Move field, value); the krill eggs' time (ke, kf, ko:) as krill_all or krill_slots."""
    flags = {"h": "hole_jump", "rf": "river_first", "rp": "river_priority", "ge": "seagull_early"}
    if key in flags and not colon:
        return flags[key], 1
    if key == "gm" and not colon:
        return "seagull_early", 2  # P-9a: the seagull between the tent and the river
    if key in ("ke", "kf") and not colon:
        return "krill_all", KRILL_BEFORE_STOPS if key == "ke" else KRILL_BEFORE_GULL
    if key == "ko" and colon:
        if not re.fullmatch(f"[{''.join(KRILL_LETTERS)}]{{1,2}}", value):
            raise NotationError("move", value_column, f"'{value}' should be one letter per krill egg: "
                                                      "e (before the tent and river), m (between them), f (before the seagull), l (last)")
        return "krill_slots", tuple(KRILL_LETTERS.index(letter) for letter in value)
    if key == "st" and colon:
        return "storm_push", _parse_direction(value, value_column)
    if key in ("br", "rp") and colon:
        what = "river fork, like br:01" if key == "br" else "contested confluence, like rp:01"
        if not re.fullmatch(r"[01]{1,2}", value):
            raise NotationError("move", value_column, f"'{value}' should be one or two of 0/1, one per {what}")
        return ("branches" if key == "br" else "river_priority"), sum(int(bit) << k for k, bit in enumerate(value))
    if key in ("g", "b") and colon:
        square = parse_square(value, state.width, state.height, column=value_column)
        return ("seagull" if key == "g" else "blazing"), square
    if key == "k" and colon:
        squares = []
        for name in value.split(","):
            squares.append(parse_square(name, state.width, state.height, column=value_column))
            value_column += len(name) + 1
        if len(squares) > 2 or squares != sorted(squares):
            # The same space twice: with the eggs apart (ko:), the river may carry the first egg off it (P-9a).
            raise NotationError("move", column, "krill eggs are one or two spaces in board order, like k:b2,d6")
        return "krill", tuple(squares)
    raise NotationError("move", column, f"'{key}{colon}{value}' is not a move part: h, st:D, rf, rp:01, br:01, ge, gm, g:c4, ke, kf, ko:el, k:c4,d5, em:D, se:D, b:c4")
