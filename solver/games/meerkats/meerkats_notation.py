"""Meerkats notation: a position as one line of text, a move as one short token.

The grammar is documented, with examples, in docs/notation.md (section "Meerkats").
`parse_position` validates every field and raises NotationError naming the field and its
1-based column; for canonical text `format_position(parse_position(text)) == text`, and likewise
`format_move(state, parse_move(state, text)) == text` for the canonical text of a legal move.

A position is these fields, separated by white space:

    MAZE SEATS... FACE MOVER PHASE ROLL PENDING TURN [friends=N] [cap=N]
    dunes A:-:0-:2222:- B:-:0-:2222:- desert A setup - - 0

MAZE: a built-in maze (dunes, warren) or the path of a maze file (a word with '/' or ending
.maze). SEATS: one word per player, `A:d4:1T:2212:sx`: the cell (`-` before the burrow is
chosen), the friends met and the current friend's letter (C B M T; capital while seeking it,
small once met; `-` before the first reveal), the friend tiles still face down per kind in the
order C B M T, and the super tiles held (s speed, l luck, x shortcut; `-` none). FACE: desert or
underground (the face up). MOVER: A..D. PHASE: setup events roll move over, `over:A` (A won) or
`over:draw`. ROLL: the number to walk in phase move, else `-`. PENDING: the chance events still
to resolve, e.g. `AdrBd` (A draws and reveals, B draws), or `-`. TURN: turns played. Options:
friends=N (friends to meet, when not 4), cap=N (the turn cap, when not 200).
"""

from __future__ import annotations

import re

from solver.errors import CalderaError, NotationError
from solver.games.meerkats.meerkats_maze import (
    BUILTIN_MAZES,
    FACE_NAMES,
    FRIEND_LETTERS,
    FRIEND_NAMES,
    cell_name,
    is_maze_path,
    load_maze,
)
from solver.games.meerkats.meerkats_rules import (
    BURROW,
    DRAW,
    EVENTS,
    FRIEND_TILES,
    KINDS,
    LUCK,
    MOST_FRIENDS,
    MOST_PLAYERS,
    MOVING,
    NO_CELL,
    OVER,
    PHASES,
    REVEAL,
    ROLL,
    ROLLING,
    SEATS,
    SETUP,
    STEP,
    TILE_NAMES,
    TILE_SUPPLY,
    TURN_CAP,
    DEFAULT_FRIENDS,
    Meerkat,
    State,
    data_of,
    friend_cell,
    kind_of,
    legal_moves,
    new_game,
    step_move,
    step_parts,
)
from solver.games.notation_tools import resolve, whole_number, words_with_columns

TILE_LETTERS = "slx"  # speed, luck, shortcut (x: cross a wall)
CAP_RANGE = (1, 10_000)
FIELDS_AFTER_SEATS = ("face", "mover", "phase", "roll", "pending", "turn")
DRAW_RESULT = "draw"


def _start(maze: str, players: int, friends: int = DEFAULT_FRIENDS, cap: int = TURN_CAP) -> str:
    """The notation of a setup position."""
    seats = " ".join(f"{SEATS[s]}:-:0-:{str(FRIEND_TILES) * KINDS}:-" for s in range(players))
    options = (f" friends={friends}" if friends != DEFAULT_FRIENDS else "") + (f" cap={cap}" if cap != TURN_CAP else "")
    return f"{maze} {seats} desert A setup - - 0{options}"


BUILTIN_POSITIONS = {
    **{f"{maze}-{players}": _start(maze, players) for maze in BUILTIN_MAZES for players in range(1, MOST_PLAYERS + 1)},
    # One friend each: the shortest race (no flip), small enough for the exact solver with two players.
    **{f"{maze}-sprint": _start(maze, 2, friends=1) for maze in BUILTIN_MAZES},
    # A solo puzzle with two friends, and a short-capped duel that random play finishes.
    "dunes-solo2": _start("dunes", 1, friends=2),
    "dunes-dash": _start("dunes", 2, friends=1, cap=40),
}
DEFAULT_POSITION = "dunes-2"


def builtin_positions() -> dict[str, str]:
    """The built-in positions: name -> notation."""
    return dict(BUILTIN_POSITIONS)


def warmup_positions() -> list[State]:
    """A small position whose kernel `caldera warmup` loads."""
    return [resolve_position("dunes-dash")]


# --------------------------------------------------------------------------- names


def parse_cell(size: int, text: str, field: str = "move", column: int = 1) -> int:
    """The index of a cell named like 'd4' on a board of `size` cells per side."""
    last = "abcdefghi"[size - 1]
    match = re.fullmatch(rf"([a-{last}])([1-9])", text)
    if not match or int(match.group(2)) > size:
        raise NotationError(field, column, f"'{text}' is not a cell of the {size}x{size} board (a1 to {last}{size})")
    return (int(match.group(2)) - 1) * size + "abcdefghi".index(match.group(1))


def tiles_text(tiles: tuple[int, int, int]) -> str:
    """The super tiles held, e.g. 'ssx' (two speed, one shortcut), '-' for none."""
    return "".join(letter * count for letter, count in zip(TILE_LETTERS, tiles)) or "-"


# --------------------------------------------------------------------------- positions


def parse_position(text: str) -> State:
    """The State written in `text`; NotationError naming the bad field and column otherwise."""
    words = words_with_columns(text)
    if not words:
        raise NotationError("maze", 1, "empty position; see docs/notation.md (Meerkats)")
    maze_word, maze_at = words[0]
    if maze_word not in BUILTIN_MAZES and not is_maze_path(maze_word):
        raise NotationError("maze", maze_at, f"'{maze_word}' is neither a built-in maze ({', '.join(BUILTIN_MAZES)}) "
                            "nor a maze file (a path with '/' or ending .maze)")
    try:
        maze = load_maze(maze_word)
    except CalderaError as error:
        raise NotationError("maze", maze_at, str(error)) from None
    seat_words = []
    index = 1
    while index < len(words) and re.match(r"[A-Z]:", words[index][0]):
        seat_words.append(words[index])
        index += 1
    if not seat_words:
        at = words[1][1] if len(words) > 1 else len(text) + 1
        raise NotationError("seats", at, "one word per player, like A:-:0-:2222:- (1 to 4 players)")
    if len(seat_words) > MOST_PLAYERS:
        raise NotationError("seats", seat_words[MOST_PLAYERS][1], "at most 4 players (seats A B C D)")
    rest = words[index:]
    if len(rest) < len(FIELDS_AFTER_SEATS):
        missing = FIELDS_AFTER_SEATS[len(rest)]
        raise NotationError(missing, len(text) + 1, "missing; a position has the fields maze, one word per player, "
                            + ", ".join(FIELDS_AFTER_SEATS) + " (and friends=N, cap=N when not 4 and 200)")
    friends, cap = _parse_options(rest[len(FIELDS_AFTER_SEATS):])
    field = dict(zip(FIELDS_AFTER_SEATS, rest))
    players = len(seat_words)
    meerkats = []
    for seat, (word, column) in enumerate(seat_words):
        meerkats.append(_parse_seat(word, column, seat, maze.size, friends))
    for kind, total in enumerate(TILE_SUPPLY):
        held = sum(m.tiles[kind] for m in meerkats)
        if held > total:
            raise NotationError("seats", seat_words[0][1], f"{held} {TILE_NAMES[kind]} tiles held: the box has {total} (M-7)")

    word, column = field["face"]
    if word not in FACE_NAMES:
        raise NotationError("face", column, f"'{word}' should be {' or '.join(FACE_NAMES)}")
    face = FACE_NAMES.index(word)
    word, column = field["mover"]
    if word not in SEATS[:players]:
        raise NotationError("mover", column, f"'{word}' should be one of {' '.join(SEATS[:players])}")
    to_move = SEATS.index(word)
    phase, winner = _parse_phase(*field["phase"], players)
    roll = _parse_roll(*field["roll"], phase)
    draws, reveals = _parse_pending(*field["pending"], players, phase)
    turn = whole_number(field["turn"][0], "turn", field["turn"][1], 0, cap if phase == OVER else cap - 1)
    state = State(maze, friends, tuple(meerkats), face, to_move, phase, roll, draws, reveals, turn, cap, winner)
    _check_consistent(state, seat_words, field)
    return state


def _parse_options(words: list[tuple[str, int]]) -> tuple[int, int]:
    """friends=N and cap=N, in that order, each at most once."""
    friends, cap, seen = DEFAULT_FRIENDS, TURN_CAP, []
    for word, column in words:
        key, eq, value = word.partition("=")
        if not eq or key not in ("friends", "cap") or key in seen or (key == "friends" and "cap" in seen):
            raise NotationError("options", column, f"'{word}' should be friends=N (1..8) then cap=N (1..10000), "
                                "each at most once")
        seen.append(key)
        if key == "friends":
            friends = whole_number(value, "friends", column + 8, 1, MOST_FRIENDS)
            if friends == DEFAULT_FRIENDS:
                raise NotationError("friends", column, "friends=4 is the default: leave it out")
        else:
            cap = whole_number(value, "cap", column + 4, *CAP_RANGE)
            if cap == TURN_CAP:
                raise NotationError("cap", column, "cap=200 is the default: leave it out")
    return friends, cap


def _parse_seat(word: str, column: int, seat: int, size: int, friends: int) -> Meerkat:
    """One seat's word, `A:d4:1T:2212:sx`."""
    parts = word.split(":")
    if len(parts) != 5 or parts[0] != SEATS[seat]:
        raise NotationError("seats", column, f"'{word}' should be {SEATS[seat]}:CELL:MET+FRIEND:POOL:TILES, like "
                            f"{SEATS[seat]}:d4:1T:2212:sx (seats in order A B C D)")
    _, cell_text, progress, pool_text, tile_text = parts
    at = [column + len(SEATS[seat]) + 1]
    for part in parts[1:]:
        at.append(at[-1] + len(part) + 1)
    cell = NO_CELL if cell_text == "-" else parse_cell(size, cell_text, "cell", at[0])
    match = re.fullmatch(r"([0-9])([CBMTcbmt-])", progress)
    if not match:
        raise NotationError("friends met", at[1], f"'{progress}' should be the friends met and the current friend's "
                            "letter, like 1T (seeking the turtle) or 1t (met it), or 0- before the first reveal")
    met, letter = int(match.group(1)), match.group(2)
    if met > friends:
        raise NotationError("friends met", at[1], f"{met} friends met: this game has {friends} to meet")
    seeking = letter.isupper() and letter != "-"
    friend = -1 if letter == "-" else FRIEND_LETTERS.index(letter.upper())
    if seeking and met == friends:
        raise NotationError("friends met", at[1], f"all {friends} friends are met: no friend left to seek")
    if friend < 0 and met:
        raise NotationError("friends met", at[1], "a player who has met friends has a current friend letter")
    if friend >= 0 and letter.islower() and met == 0:
        raise NotationError("friends met", at[1], f"'{letter}' (met) with 0 friends met")
    if not re.fullmatch(r"[0-2]{4}", pool_text):
        raise NotationError("pool", at[2], f"'{pool_text}' should be four digits 0-2: the friend tiles still face down, "
                            "chameleon beetle mouse turtle")
    pool = tuple(int(ch) for ch in pool_text)
    revealed = met + (1 if seeking else 0)
    if sum(pool) != KINDS * FRIEND_TILES - revealed:
        raise NotationError("pool", at[2], f"{revealed} friend tiles are revealed, so {KINDS * FRIEND_TILES - revealed} "
                            f"stay face down, not {sum(pool)}")
    if friend >= 0 and pool[friend] == FRIEND_TILES:
        raise NotationError("pool", at[2], f"both {FRIEND_NAMES[friend]} tiles are face down, but the current friend "
                            f"is the {FRIEND_NAMES[friend]}")
    if not re.fullmatch(r"s*l*x*|-", tile_text):
        raise NotationError("tiles", at[3], f"'{tile_text}' should be the super tiles held in the order s (speed) "
                            "l (luck) x (shortcut), like ssx, or '-'")
    tiles = (0, 0, 0) if tile_text == "-" else tuple(tile_text.count(ch) for ch in TILE_LETTERS)
    return Meerkat(cell, met, seeking, friend, pool, tiles)


def _parse_phase(word: str, column: int, players: int) -> tuple[str, int]:
    """The phase and, for `over:A`, the winner (-1 for `over:draw`)."""
    if word.startswith(OVER + ":"):
        result = word[len(OVER) + 1:]
        if result == DRAW_RESULT:
            return OVER, -1
        if result in SEATS[:players]:
            return OVER, SEATS.index(result)
        raise NotationError("phase", column + len(OVER) + 1, f"'{result}' should be the winner's seat or 'draw'")
    if word not in PHASES or word == OVER:
        raise NotationError("phase", column, "should be one of setup events roll move, or over:A / over:draw")
    return word, -1


def _parse_roll(word: str, column: int, phase: str) -> int:
    """The number to walk: 1..3 in phase move, '-' otherwise."""
    if phase == MOVING:
        return whole_number(word, "roll", column, 1, 3)
    if word != "-":
        raise NotationError("roll", column, f"no number to walk in phase {phase}: write '-'")
    return 0


def _parse_pending(word: str, column: int, players: int, phase: str) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Pending draws and reveals, `AdrBd` or '-'; present exactly in phase events."""
    draws, reveals = [False] * players, [False] * players
    if word == "-":
        if phase == EVENTS:
            raise NotationError("pending", column, "phase events resolves pending draws and reveals: write them, like AdrBd")
        return tuple(draws), tuple(reveals)
    if phase != EVENTS:
        raise NotationError("pending", column, f"chance events are pending only in phase events, not {phase}: write '-'")
    last = -1
    for match in re.finditer(r"([A-D])(d?)(r?)|.", word):
        at = column + match.start()
        seat_letter = match.group(1)
        if seat_letter is None or not (match.group(2) or match.group(3)):
            raise NotationError("pending", at, f"'{word}' should be seat letters each followed by d (draw) and/or "
                                "r (reveal), like AdrBd")
        seat = SEATS.index(seat_letter)
        if seat >= players or seat <= last:
            raise NotationError("pending", at, f"'{seat_letter}': seats of this game in order ({SEATS[:players]})")
        last = seat
        draws[seat], reveals[seat] = bool(match.group(2)), bool(match.group(3))
    return tuple(draws), tuple(reveals)


def _check_consistent(state: State, seat_words, field) -> None:
    """What no play can reach: meerkats unplaced after the setup, events nobody is waiting for."""
    for seat, meerkat in enumerate(state.meerkats):
        word, column = seat_words[seat]
        placed_by_now = state.phase != SETUP or seat < state.to_move
        if (meerkat.cell == NO_CELL) == placed_by_now:
            wanted = "a cell" if placed_by_now else "'-' (its burrow is chosen in turn)"
            raise NotationError("cell", column + 2, f"seat {SEATS[seat]} has {wanted} in phase {state.phase}")
        if meerkat.cell != NO_CELL and state.phase == SETUP and meerkat.cell not in state.maze.burrows:
            raise NotationError("cell", column + 2, "at setup a meerkat starts in a corner burrow (M-4)")
        unrevealed = meerkat.friend < 0
        if unrevealed and not (state.phase in (SETUP, EVENTS) and (state.phase == SETUP or state.reveals[seat])):
            raise NotationError("friends met", column, f"seat {SEATS[seat]} has no friend revealed: only at setup, "
                                "before its first reveal")
        if state.reveals[seat] and (meerkat.seeking or meerkat.met == state.friends):
            raise NotationError("pending", field["pending"][1], f"seat {SEATS[seat]} reveals a friend only once it "
                                "has met the current one and has friends left to meet")
        met_at_the_flip = not unrevealed and meerkat.cell == friend_cell(state, seat)
        if state.draws[seat] and not (meerkat.seeking or unrevealed or met_at_the_flip):
            raise NotationError("pending", field["pending"][1], f"seat {SEATS[seat]} draws a super tile only while "
                                "seeking its friend, after meeting it on its cell at the flip (M-6), or at setup")
    if state.phase == SETUP and state.face != 0:
        raise NotationError("face", field["face"][1], "the desert face is up at setup")
    if state.phase == OVER and state.winner >= 0:
        champion = state.meerkats[state.winner]
        if champion.met != state.friends or champion.cell not in state.maze.burrows:
            raise NotationError("phase", field["phase"][1], f"{SEATS[state.winner]} won only after meeting all "
                                f"{state.friends} friends and reaching a burrow")


def format_position(state: State) -> str:
    """The notation of a position."""
    n = state.maze.size
    seats = []
    for seat, m in enumerate(state.meerkats):
        cell = "-" if m.cell == NO_CELL else cell_name(n, m.cell)
        letter = "-" if m.friend < 0 else FRIEND_LETTERS[m.friend] if m.seeking else FRIEND_LETTERS[m.friend].lower()
        seats.append(f"{SEATS[seat]}:{cell}:{m.met}{letter}:{''.join(map(str, m.pool))}:{tiles_text(m.tiles)}")
    if state.phase == OVER:
        phase = f"{OVER}:{DRAW_RESULT if state.winner < 0 else SEATS[state.winner]}"
    else:
        phase = state.phase
    pending = "".join(SEATS[s] + ("d" if state.draws[s] else "") + ("r" if state.reveals[s] else "")
                      for s in range(state.players) if state.draws[s] or state.reveals[s]) or "-"
    options = (f" friends={state.friends}" if state.friends != DEFAULT_FRIENDS else "") + \
              (f" cap={state.turn_cap}" if state.turn_cap != TURN_CAP else "")
    return (f"{state.maze.name} {' '.join(seats)} {FACE_NAMES[state.face]} {SEATS[state.to_move]} {phase} "
            f"{state.roll or '-'} {pending} {state.turn}{options}")


def resolve_position(text: str | None) -> State:
    """A built-in position name, notation text, or None for the default (dunes, 2 players)."""
    return resolve(text, BUILTIN_POSITIONS, DEFAULT_POSITION, parse_position)


def start_position(maze: str, players: int, friends: int = DEFAULT_FRIENDS, cap: int = TURN_CAP) -> State:
    """The setup position on `maze` (a built-in name or a maze file) for `players` players."""
    if not 1 <= players <= MOST_PLAYERS:
        raise CalderaError(f"meerkats is for 1 to 4 players, not {players}")
    return new_game(load_maze(maze), players, friends, cap)


def restart(state: State, maze: str | None, players: int | None) -> State:
    """`--maze FILE` / `--players N`: the setup of a new game like `state` (its friends to meet
    and turn cap) on another maze and/or for another number of players."""
    if state.phase != SETUP or any(m.cell != NO_CELL for m in state.meerkats):
        raise CalderaError("--maze and --players start a new game: give a setup position (or none), not one in play")
    return start_position(state.maze.name if maze is None else maze, state.players if players is None else players,
                          state.friends, state.turn_cap)


# --------------------------------------------------------------------------- moves


def format_move(state: State, code: int) -> str:
    """The notation of a move or chance outcome: `d4`, `d4+sx`, `luck`, `a1` (setup),
    `roll:2`, `draw:speed`, `reveal:turtle`."""
    kind, data = kind_of(code), data_of(code)
    n = state.maze.size
    if kind == STEP:
        cell, speed, shortcut = step_parts(code)
        used = TILE_LETTERS[0] * speed + TILE_LETTERS[2] * shortcut
        return cell_name(n, cell) + (f"+{used}" if used else "")
    if kind not in _OTHER_MOVES:
        raise ValueError(f"not a meerkats move: {code}")
    return _OTHER_MOVES[kind](n, data)


# The notation of each move that is not a walk: (maze size, the move's data) -> text.
_OTHER_MOVES = {
    LUCK: lambda n, _: "luck",
    BURROW: cell_name,
    ROLL: lambda n, number: f"roll:{number}",
    DRAW: lambda n, tile: f"draw:{TILE_NAMES[tile]}",
    REVEAL: lambda n, friend: f"reveal:{FRIEND_NAMES[friend]}",
}


def parse_move(state: State, text: str) -> int:
    """The legal move (or chance outcome) written as `text`; CalderaError otherwise. At a roll a
    bare number (`2`) names the roll."""
    text = text.strip()
    legal = legal_moves(state)
    if state.phase == ROLLING and text in ("1", "2", "3"):
        text = f"roll:{text}"
    for code in legal:
        if format_move(state, code) == text:
            return code
    shown = ", ".join(format_move(state, code) for code in legal[:8]) + (" ..." if len(legal) > 8 else "")
    if not legal:
        raise CalderaError(f"'{text}' is not legal: the game is over")
    raise CalderaError(f"'{text}' is not legal here (phase {state.phase}); legal: {shown}")
