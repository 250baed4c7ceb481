"""`caldera play`: a game at the table, in the terminal, for every game through its record.

The people type moves for their seats (and the dice they rolled, or `roll`); the engine plays
the seats given to it. After every move the board is drawn. The game so far is written to its
game file (solver/game_file.py) after every change, so it is never lost; quitting says where.
Every bad command or move is one line, and the session goes on. Ctrl-C stops a running hint or
engine search (with its best so far); at the prompt it only reminds how to leave.

A game with hidden information (hop) played by people beside the engine shows the people only
what their seat may see (the view of the person to move, else of the first person's seat): the
engine's clouds and its bets before the throw are never printed, and its moves that the view
cannot tell apart are announced without naming them. The game file, which holds everything,
is then written when the game ends or the session does, not during play. With no engine seat
(hot-seat among people) or no person, the board shows everything. The engine's seats search
only what their seat may see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from solver import game_file
from solver.api import checked_spec, goal_and_budget, mover_view, plan, search
from solver.engines.registry import ENGINE_RECORDS, EngineSpec
from solver.errors import CalderaError, shown
from solver.output.hint_words import hint_lines

HUMAN = "human"
COMMANDS = [
    ("MOVE", "play a move in move notation (at a roll: the outcome you rolled, e.g. roll:3V)"),
    ("roll", "at a roll: let Caldera roll (seeded by --seed)"),
    ("hint", "the best moves in words (Ctrl-C stops the search)"),
    ("undo", "take back the last move (and the engine's replies to it)"),
    ("show", "draw the board again, with the position's notation"),
    ("moves", "list the legal moves"),
    ("save FILE", "write the game to FILE (it is also written to the session's file after every move)"),
    ("load FILE", "continue a game from a game file"),
    ("help", "this list"),
    ("quit", "leave (the game is saved first)"),
]


@dataclass
class Session:
    """One game at the table: its record, the positions and moves so far, the seats the engine
    plays, where the game is saved, and how to talk to the people."""

    game: object  # the game's record
    states: list  # every position so far, the start first
    engine_seats: str  # seat letters the engine plays
    engine: EngineSpec | None  # None: the game's own engine for the position, thinking `hint_seconds`
    path: Path  # the session's game file
    say: Callable[[str], None]  # one line of text for the people
    draw: Callable[[object], None]  # a rich renderable
    seed: int = 0
    position: str | None = None  # the start as the people named it (a puzzle's name brings its goal)
    hint_seconds: float | None = None  # how long a hint and the game's own engine think (None: the game's)
    searcher: Callable = search  # (game, spec, state) -> Analysis: the CLI's shows a live line
    goal: str = ""  # games with goals: the start's goal (a puzzle's, from its name) and budget
    budget: int | None = None
    moves: list[str] = field(default_factory=list)
    played_by: list[bool] = field(default_factory=list)  # per move: played by a person (not the engine or `roll`)
    touched: tuple = ()

    def __post_init__(self):
        self.dice = random.Random(self.seed)
        given = bool(self.goal) or self.budget is not None
        try:
            goal, self.budget = goal_and_budget(self.game, self.states[0], self.position, "", self.goal or None,
                                                self.budget)
            self.goal = self.game.goals.format(goal) if goal is not None else ""
        except CalderaError:
            if given:
                raise
            self.budget = None  # a map without a puzzle's name has no goal: a hint says how to give one

    @property
    def state(self):
        """The position now."""
        return self.states[-1]

    def players(self) -> dict[str, str]:
        """Who plays each seat, as the game file writes it."""
        seats = self.game.seats[:self.game.player_count(self.states[0])]
        engine = (self.engine or self.own_engine(self.states[0])).text()
        return {seat: engine if seat in self.engine_seats else HUMAN for seat in seats}

    def own_engine(self, state) -> EngineSpec:
        """The game's own engine for `state`, thinking as long as a hint where it takes a time."""
        name = self.game.engine_for(state)
        return EngineSpec.build(name, {"time": self.think_seconds()} if "time" in ENGINE_RECORDS[name].settings else {})

    def played(self) -> game_file.PlayedGame:
        """The game so far as a game file holds it."""
        return game_file.PlayedGame(self.game.name, self.game.format_position(self.states[0]), self.players(),
                                    game_file.now_text(), game_file.result_of(self.game, self.state), list(self.moves),
                                    "caldera play", self.goal, self.budget)

    def viewer(self, state) -> int | None:
        """The seat whose view the people see at `state`: in a game with hidden information that
        is not over, where the engine plays some seats and people the others, the person to move
        (else the first person's seat); None where everything may be shown."""
        game = self.game
        if game.view_of is None or game.is_over(state) or game.viewer(state) is not None:
            return None
        seats = game.seats[:game.player_count(state)]
        people = [seat for seat, letter in enumerate(seats) if letter not in self.engine_seats]
        if not people or len(people) == len(seats):
            return None
        mover = game.to_move(state)
        return mover if mover in people else people[0]

    def seen(self, state):
        """`state` as the people may see it (its view, see `viewer`)."""
        viewer = self.viewer(state)
        return state if viewer is None else self.game.view_of(state, viewer)

    def move_seen(self, state, move) -> str | None:
        """The text of `move` at `state` as the people may see it; None where their view cannot
        tell it from another legal move (a secret bet, another player's cloud)."""
        game, viewer = self.game, self.viewer(state)
        if viewer is None:
            return game.format_move(state, move)
        after = game.view_of(game.successor(state, move), viewer)
        if any(game.view_of(game.successor(state, other), viewer) == after
               for other in game.legal_moves(state) if other != move):
            return None
        return game.format_move(game.view_of(state, viewer), move)

    def hides(self) -> bool:
        """True while the game file would show the people what their seats may not see."""
        return self.viewer(self.state) is not None

    def saved_words(self) -> str:
        """Where and when the game is written, in words."""
        if self.hides():
            return f"the game is written to {self.path} when it ends or you quit (it holds what your seat may not see)"
        return f"the game is saved to {self.path}"

    def keep(self) -> None:
        """Write the session's file after a change, unless it would show the people a secret."""
        if not self.hides():
            self.save()

    def save(self, path: Path | None = None) -> Path:
        """Write the game to `path` (default: the session's file); the path written."""
        return game_file.write(path or self.path, self.game, self.played())

    def play(self, text: str, by_person: bool) -> None:
        """Play the move written `text` (CalderaError if the rules refuse it)."""
        move = self.game.parse_move(self.state, text)
        self.touched = self.game.touched(self.state, move)
        self.moves.append(self.game.format_move(self.state, move))
        self.states.append(self.game.successor(self.state, move))
        self.played_by.append(by_person)

    def status(self) -> str:
        """Who or what moves next, in words."""
        game, state = self.game, self.state
        if game.is_over(state):
            return f"game over: result {game_file.result_of(game, state)} (undo, save or quit)"
        if game.is_chance(state):
            return f"move {len(self.moves) + 1}: {game.chance_words(state)}: type the outcome, or roll"
        seat = game.seat_name(state)
        who = "the engine" if self.seat_letter() in self.engine_seats else "you"
        return f"move {len(self.moves) + 1}: {seat} to move ({game.phase_text(state)}; {who})"

    def seat_letter(self) -> str:
        """The letter of the seat to move."""
        return self.game.seats[self.game.to_move(self.state)]

    def picture(self) -> None:
        """The board, with the last move's spaces marked, and what comes next."""
        self.draw(self.game.render(self.seen(self.state), highlight=self.touched))
        self.say(self.status())

    def engine_moves(self) -> None:
        """Let the engine play while one of its seats is to move."""
        game = self.game
        while not game.is_over(self.state) and not game.is_chance(self.state) and self.seat_letter() in self.engine_seats:
            spec = self.engine or self.own_engine(self.state)
            analysis = self.search_as_mover(game, checked_spec(game, spec, self.state), self.state)
            text, seen = game.format_move(self.state, analysis.best.move), self.move_seen(self.state, analysis.best.move)
            said = f"plays {seen}" if seen is not None else f"has chosen its {game.phase_text(self.state)}, hidden from you"
            self.say(f"{game.seat_name(self.state)} (engine {spec.text()}) {said}")
            self.play(text, by_person=False)
            self.keep()
            self.picture()

    def undo(self) -> None:
        """Take back the moves back to (and with) the last one a person made."""
        if not self.moves:
            raise CalderaError("undo: no move to take back")
        while self.moves:
            self.moves.pop()
            self.states.pop()
            if self.played_by.pop():
                break
        self.touched = ()

    def hint(self) -> list[str]:
        """The hint for the position now, in words."""
        game = self.game
        if game.is_over(self.state):
            return ["the game is over: no hint"]
        left = None if self.budget is None else self.budget - len(self.moves)
        goal, budget = goal_and_budget(game, self.state, None, "", self.goal or None, left)
        return hint_lines(game, self.seen(self.state), 3, self.think_seconds(), goal, budget, self.search_as_mover,
                          plan)

    def think_seconds(self) -> float:
        """How long a hint (and the game's own engine on its seats) thinks."""
        return self.game.hint_time(self.state) if self.hint_seconds is None else self.hint_seconds

    def search_as_mover(self, game, spec: EngineSpec, state):
        """The session's search of `state` as its mover sees it (solver/api.py mover_view);
        a view (the people's, for a hint) as it is."""
        seen = state if game.viewer is not None and game.viewer(state) is not None else mover_view(game, state)
        return self.searcher(game, spec, seen)

    def roll(self) -> str:
        """Roll the dice (or draw what chance decides) by their probabilities; the outcome's text."""
        outcomes = self.game.chance_outcomes(self.state)
        if not outcomes:
            raise CalderaError(f"roll: nothing to roll now ({self.game.seat_name(self.state)} decides)")
        move = self.dice.choices([m for m, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
        return self.game.format_move(self.state, move)

    def load(self, path: str) -> None:
        """Continue from the game file at `path` (its game must be this session's)."""
        game, played, states = game_file.load(path)
        if game.name != self.game.name:
            raise CalderaError(f"load: {path} is a game of {game.name}, not {self.game.name}")
        self.states, self.moves, self.played_by, self.touched = states, list(played.moves), [True] * len(states[1:]), ()
        self.goal, self.budget = played.goal, played.budget

    def command(self, line: str) -> bool:
        """Do what the people typed; False when they leave. CalderaError for bad input."""
        word, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?"):
            for name, words in COMMANDS:
                self.say(f"  {name:10} {words}")
        elif word == "hint":
            for text in self.hint():
                self.say(text)
        elif word == "undo":
            self.undo()
            self.keep()
            self.picture()
        elif word == "show":
            self.picture()
            self.say(self.game.format_position(self.seen(self.state)))
        elif word == "moves":
            for text in self.game.describe_moves(self.seen(self.state)):
                self.say(text)
        elif word == "save":
            if not rest:
                raise CalderaError("save: give a file name, e.g. save my-game.cgf")
            if self.hides():
                raise CalderaError("save: the game file holds what your seat may not see (the engine's clouds and "
                                   "bets): it is written when the game ends or you quit")
            self.say(f"saved to {self.save(Path(rest))}")
        elif word == "load":
            if not rest:
                raise CalderaError("load: give a game file, e.g. load my-game.cgf")
            self.load(rest)
            self.keep()
            self.picture()
            self.engine_moves()
        elif word == "roll":
            self.move(self.roll(), by_person=False)
        elif self.game.is_over(self.state):
            raise CalderaError(f"'{shown(line.strip())}': the game is over (undo, save, quit or help)")
        else:
            if rest:
                raise CalderaError(f"'{shown(line.strip())}': one move at a time, or a command (help lists them)")
            self.move(word, by_person=True)
        return True

    def move(self, text: str, by_person: bool) -> None:
        """Play `text`, save, draw, then let the engine reply."""
        if not self.game.is_chance(self.state) and self.seat_letter() in self.engine_seats:
            raise CalderaError(f"{text}: {self.game.seat_name(self.state)} is the engine's seat")
        before = self.state
        try:
            self.play(text, by_person)
        except CalderaError as error:
            raise CalderaError(f"{shown(text)}: {error} (help lists the commands)") from None
        if not by_person:
            seen = self.move_seen(before, self.game.parse_move(before, text))
            self.say(f"rolled {seen}" if seen is not None else "rolled: the outcome is hidden from you")
        self.keep()
        self.picture()
        self.engine_moves()


def check_engine_seats(game, state, engine_seats: str) -> None:
    """Refuse in one line --engine-seats that are not seats of the position, or any for a puzzle."""
    seats = game.seats[:game.player_count(state)]
    if set(engine_seats) - set(seats):
        raise CalderaError(f"--engine-seats {shown(engine_seats)}: this position's seats are {' '.join(seats)}")
    if engine_seats and game.is_single_agent(state):
        raise CalderaError(f"{game.name} is a puzzle with no sides for the engine to play: ask for a hint instead")


def default_path(game) -> Path:
    """The session's game file when none is named: GAME-YYYYMMDD-HHMMSS.cgf in the current folder."""
    stamp = game_file.now_text().replace("-", "").replace(":", "").replace("T", "-").rstrip("Z")
    return Path(f"{game.name}-{stamp}{game_file.SUFFIX}")


def run(session: Session, ask: Callable[[str], str]) -> Path:
    """The session's loop: read a line with `ask`, do it, until quit or end of input; the game
    file it was saved to."""
    session.keep()
    try:
        session.picture()
        session.engine_moves()
        while True:
            kept = "the game is written when you quit" if session.hides() else "the game is saved"
            try:
                line = ask("> ")
            except EOFError:
                break
            except KeyboardInterrupt:
                session.say(f"(Ctrl-C: type quit to leave; {kept})")
                continue
            if not line.strip():
                continue
            try:
                if not session.command(line):
                    break
            except KeyboardInterrupt:  # a second Ctrl-C, or one before the search began
                session.say(f"(stopped; {kept})")
            except CalderaError as error:
                session.say(f"caldera: error: {' '.join(str(error).split())}")
            except OSError as error:  # save or load of a file that cannot be written or read
                session.say(f"caldera: error: {error.strerror or error}: {error.filename}")
    finally:  # the session is over, however it ended: the game is written in full
        saved = session.save()
    return saved
