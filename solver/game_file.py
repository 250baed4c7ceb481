"""Game files: one played game as plain text (docs/records.md), written and read back through
the game's record (solver/games/game_record.py), so every game has them with no code of its own.

A game file holds the game, its start position, who sat on each seat, the date, the result and
the moves in move notation, chance outcomes (dice) included. Reading one replays every move
with the game's rules: a file that does not parse, or a move the rules refuse, is one
CalderaError naming the line, the column and (for a move) its number and why.

Not to be confused with the Game record (what a game *is*) or solver/commands/match.py's GameRecord (one
match game's kernel moves, which `match --save` turns into a game file here).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from solver.errors import CalderaError, NotationError, shown
from solver.games.notation_tools import whole_number
from solver.user_files import read_text, write_file

SUFFIX = ".cgf"  # Caldera game file
FIRST_LINE = "; Caldera game file (docs/records.md)"
UNFINISHED = "*"
_NUMBER = re.compile(r"[0-9]+\.")

# How a match's record says its first moves were random (the `event` line); review skips them.
OPENING_WORDS = "a random opening of {} moves"


def opening_moves(played) -> int:
    """How many of `played`'s first moves a match chose at random (its event line says so), else 0."""
    found = re.search(OPENING_WORDS.format(r"(\d+)"), played.event)
    return int(found.group(1)) if found else 0


class GameFileError(CalderaError):
    """A game file that cannot be read: names the file, the line and the column (1-based)."""

    def __init__(self, where: str, line: int, column: int, message: str):
        super().__init__(f"{where}, line {line}, column {column}: {message}" if line else f"{where}: {message}")


@dataclass
class PlayedGame:
    """One game as a file holds it: the game's name, the start position's notation, who played
    each seat (seat letter -> words or an engine spec), the date, the result and the moves."""

    game: str
    position: str
    players: dict[str, str] = field(default_factory=dict)
    date: str = ""
    result: str = UNFINISHED
    moves: list[str] = field(default_factory=list)
    event: str = ""
    goal: str = ""  # games with goals (oros puzzles): the goal, in the game's goal notation
    budget: int | None = None  # and the most actions a plan may take from the start
    # Where each part was read from, for errors: header -> (line, column); "moves" -> one
    # (line, column) per move. Empty for a game not read from a file.
    places: dict = field(default_factory=dict, repr=False, compare=False)


def now_text() -> str:
    """The current UTC time as a game file writes its date, e.g. '2026-12-01T21:50:07Z'."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def result_of(game, state) -> str:
    """The result of the game at `state`: each seat's share of the win joined by '-' ('1-0',
    '1/2-1/2', '0-1-0'), or '*' while it goes on."""
    from solver.commands.match import result_text

    if not game.is_over(state):
        return UNFINISHED
    return "-".join(result_text(value) for value in game.results(state))


def text_of(played: PlayedGame, seat_names: list[str] | None = None) -> str:
    """The game file's text; `seat_names`, one per move, label the moves in comments (who moved)."""
    lines = [FIRST_LINE, f"game      {played.game}", f"position  {played.position}"]
    lines += [f"seat {seat:4} {who}" for seat, who in played.players.items()]
    lines += [f"date      {played.date}", f"result    {played.result}"]
    if played.event:
        lines.append(f"event     {played.event}")
    if played.goal:
        lines.append(f"goal      {played.goal}")
    if played.budget is not None:
        lines.append(f"budget    {played.budget}")
    lines += ["", "moves"]
    for number, move in enumerate(played.moves, start=1):
        label = f"  ; {seat_names[number - 1]}" if seat_names else ""
        lines.append(f"{number:4}. {move:14}{label}".rstrip())
    return "\n".join(lines) + "\n"


def movers(game, played: PlayedGame) -> list[str]:
    """Who made each move of `played`: the seat's name, or the words of chance ('the dice roll')."""
    names = []
    for state, _ in zip(replay(game, played, "the game"), played.moves):
        names.append(game.chance_words(state) if game.is_chance(state) else game.seat_name(state))
    return names


def write(path: str | Path, game, played: PlayedGame) -> Path:
    """Write `played` (a game of `game`, its record) to `path`, creating its folder; the path."""
    return write_file(path, text_of(played, movers(game, played)), "game file", make_folder=True)


def read(path: str | Path) -> PlayedGame:
    """The game file at `path`, parsed (not yet replayed: see `load`)."""
    return parse(read_text(path, "game file"), str(path))


def parse(text: str, where: str = "game file") -> PlayedGame:
    """A game file's text parsed into a PlayedGame: headers, then `moves` and the moves (move
    numbers like '12.' are checked, ';' starts a comment). GameFileError names line and column."""
    headers: dict[str, tuple[str, tuple[int, int]]] = {}
    players: dict[str, str] = {}
    moves: list[tuple[str, int, int]] = []  # (move, line, column)
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].rstrip()
        if not line.strip():
            continue
        if in_moves:
            moves += _move_words(line, number, len(moves), where)
            continue
        # Any white space (spaces, tabs) separates a line's key from its value.
        key = line.split(maxsplit=1)[0]
        column = len(raw) - len(raw.lstrip()) + 1
        value = line.strip()[len(key):]
        value_column = column + len(key) + len(value) - len(value.lstrip())
        value = value.strip()
        if key == "moves" and not value:
            in_moves = True
        elif key == "seat":
            seat, who = (value.split(maxsplit=1) + ["", ""])[:2]
            if not seat or not who.strip():
                raise GameFileError(where, number, column, "a seat line is 'seat LETTER PLAYER'")
            players[seat] = who.strip()
        elif key in ("game", "position", "date", "result", "event", "goal", "budget"):
            if key in headers:
                raise GameFileError(where, number, column, f"a second '{key}' line")
            headers[key] = (value, (number, value_column))
        else:
            raise GameFileError(where, number, column, f"unknown line '{shown(key)}' (lines: game, position, seat, "
                                                       "date, result, event, goal, budget, then 'moves')")
    for key in ("game", "position"):
        if key not in headers:
            raise GameFileError(where, 1, 1, f"no '{key}' line")
    value = {key: text for key, (text, _) in headers.items()}
    places = {key: place for key, (_, place) in headers.items()}
    places["moves"] = [(line, column) for _, line, column in moves]
    budget = None
    if "budget" in value:
        try:
            budget = whole_number(value["budget"], "budget", 1, 0, 1000)
        except NotationError as error:
            raise GameFileError(where, *places["budget"], f"budget: {error.message}") from None
    return PlayedGame(value["game"], value["position"], players, value.get("date", ""), value.get("result", UNFINISHED),
                      [move for move, _, _ in moves], value.get("event", ""), value.get("goal", ""), budget, places)


def _move_words(line: str, number: int, before: int, where: str) -> list[tuple[str, int, int]]:
    """The moves of one line of the moves section, with their line and column; a move number
    ('12.') must be the number of the move that follows it."""
    found = []
    for match in re.finditer(r"\S+", line):
        word, column = match.group(0), match.start() + 1
        if _NUMBER.fullmatch(word):
            expected = before + len(found) + 1
            try:
                given = whole_number(word[:-1], "move number", column, 1, expected)
            except NotationError:  # beyond the move that comes next (thousands of digits too)
                given = None
            if given != expected:
                raise GameFileError(where, number, column, f"move number {shown(word)} where move {expected} comes next")
            continue
        found.append((word, number, column))
    return found


def replay(game, played: PlayedGame, where: str = "game file") -> list:
    """Every position of `played` (a game of `game`, its record), the start first: each move
    parsed and played by the rules. GameFileError names the move's line, column and number."""
    try:
        state = game.resolve_position(played.position)
    except CalderaError as error:
        raise GameFileError(where, *played.places.get("position", (1, 1)), f"position: {error}") from None
    states = [state]
    spots = played.places.get("moves") or [(0, 0)] * len(played.moves)
    for number, (text, (line, column)) in enumerate(zip(played.moves, spots), start=1):
        try:
            move = game.parse_move(state, text)
        except CalderaError as error:
            who = game.chance_words(state) if game.is_chance(state) else game.seat_name(state)
            raise GameFileError(where, line, column, f"move {number} ({shown(text)}, {who} to move): {error}") from None
        state = game.successor(state, move)
        states.append(state)
    return states


def load(path: str | Path):
    """(the game's record, the PlayedGame, its positions) of the game file at `path`: parsed,
    replayed, and its result checked against the final position."""
    from solver.games.registry import GAME_NAMES, game as game_record

    played = read(path)
    where = str(path)
    if played.game not in GAME_NAMES:
        raise GameFileError(where, *played.places.get("game", (1, 1)),
                            f"unknown game '{shown(played.game)}' (games: {', '.join(GAME_NAMES)})")
    game = game_record(played.game)
    states = replay(game, played, where)
    actual = result_of(game, states[-1])
    if played.result != actual:
        raise GameFileError(where, *played.places.get("result", (1, 1)),
                            f"result {shown(played.result)}, but the moves end in {actual}"
                            + (" (the game goes on)" if actual == UNFINISHED else ""))
    return game, played, states


def from_match(game, start, record, result) -> PlayedGame:
    """The game file of one match game (solver/commands/match.py's GameRecord `record` of MatchResult
    `result`), played from the reference State `start` of `game`: engine A on its seat, B on the others."""
    from solver.commands.match import move_names

    specs = (result.spec_a.text(), result.spec_b.text())
    seats = game.seats[:record.players]
    players = {seat: specs[0] if number == record.a_side else specs[1] for number, seat in enumerate(seats)}
    event = (f"caldera match, game {record.number + 1} of {result.requested}, seed {result.seed}, "
             f"{OPENING_WORDS.format(record.opening_plies)}")
    names = move_names(game, start, record.moves)
    final = start
    for code in record.moves:
        final = game.successor(final, code)
    return PlayedGame(game.name, game.format_position(start), players, now_text(), result_of(game, final), names, event)


def save_match_game(folder: str | Path, game, start, record, result) -> Path:
    """Write one match game's file into `folder` as GAME-seedS-gameN.cgf; its path."""
    name = f"{game.name}-seed{result.seed}-game{record.number + 1:03d}{SUFFIX}"
    return write(Path(folder) / name, game, from_match(game, start, record, result))
