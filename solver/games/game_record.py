"""What a game is to the rest of Caldera: one record per game, its capabilities as data and the
functions the commands and engines call (docs/adding-a-game.md).

Commands and engines ask the record; nothing else branches on a game's name. Positions cross
this boundary as the game's reference State, moves as the kernel's move integers, kernel
positions as the kernel's flat uint64 array. Importing this module imports no game and no numba:
a record names its functions through `lazy`, which imports them on first call.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from operator import attrgetter
from fractions import Fraction
from typing import Any, Callable

from kernels import Kernel


def lazy(module: str, name: str) -> Callable:
    """A function that imports `module` when first called and calls its `name` with the same
    arguments: a record names its game's functions without importing them (or numba)."""

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"{module}.{name}"
    call.target = (module, name)
    return call


def functions(package: str, modules: dict[str, str]) -> dict[str, Callable]:
    """Record fields filled lazily from a game's modules: {"island_rules": "legal_moves results
    reference_perft=perft"} gives legal_moves and results from island_rules' functions of the same
    name and reference_perft from its perft (each word is `field` or `field=function`)."""
    fields = {}
    for module, words in modules.items():
        for word in words.split():
            field, _, function = word.partition("=")
            fields[field] = lazy(f"{package}.{module}", function or field)
    return fields


@dataclass(frozen=True)
class Term:
    """One term of a game's evaluation as a hint weighs it: each seat's value, the weight of the
    evaluating seat's own value and the weight subtracted for its rival's (the evaluation's unit)."""

    name: str
    values: tuple[int, ...]
    weight: int
    rival_weight: int


@dataclass(frozen=True)
class Game:
    """One game: what it is (capabilities, as data) and how to read, play, draw and explain it.

    Capabilities decide which engines fit (solver/engines/registry.py `check_engine`) and which commands
    apply (`caldera puzzles` needs puzzles, `--goal` needs goals, `match` needs an adversarial
    game); the contract tests (tests/contract/) hold every record to them.
    """

    # What the game is.
    name: str
    title: str
    seats: str  # seat letters, seat 0 first
    players: tuple[int, int]  # (fewest, most) seats a position can have
    chance: bool  # chance moves (dice) between decisions
    hidden_information: bool  # a player cannot see the whole position
    single_agent: bool  # one side reaching a goal (puzzles), in every position or, with single_agent_of, in some
    engines: tuple[str, ...]  # the engines that fit, the default of `analyze` and `hint` first
    default_position: str  # the built-in position used when none is given
    hint_seconds: float  # how long `hint` searches by default

    # Positions and moves (reference State in and out; moves as kernel move integers).
    resolve_position: Callable[[str | None], Any]  # built-in name, notation text or None -> State
    format_position: Callable[[Any], str]
    builtin_positions: Callable[[], dict[str, str]]  # name -> notation text
    parse_move: Callable[[Any, str], int]  # legal move text -> move (CalderaError otherwise)
    format_move: Callable[[Any, int], str]
    legal_moves: Callable[[Any], list[int]]  # the reference rules' moves (at a roll: the outcomes)
    successor: Callable[[Any, int], Any]  # the State after a legal move or chance outcome
    is_over: Callable[[Any], bool]
    reference_perft: Callable[[Any, int], int]  # the rules' own perft below a State (the oracle)

    # Words and pictures.
    render: Callable[..., Any]  # render(state, highlight=()) -> a rich renderable
    touched: Callable[[Any, int], tuple[int, ...]]  # spaces a move touches (highlighted by `show`)
    describe_moves: Callable[[Any], list[str]]  # the legal moves, explained, as lines
    explain: Callable[[Any, int, Any], str]  # explain(state, move, score) -> one line in words

    # The kernel (kernels/<game>/): positions as uint64 arrays.
    to_kernel: Callable[[Any], Any]  # State -> the kernel's array
    kernel_name: Callable[[Any], str]  # the kernel module that plays an array (kernels/dispatch.py)
    warmup_positions: Callable[[], list[Any]]  # small States whose kernels `caldera warmup` loads

    # Parts with a default that fits most games.
    chance_outcomes: Callable[[Any], list[tuple[int, Fraction]]] = lambda state: []  # [] unless chance moves next
    results: Callable[[Any], tuple[float, ...]] = lambda state: ()  # each seat's result of a finished game
    players_of: Callable[[Any], int] | None = None  # seats in a position (None: always players[0])
    to_move: Callable[[Any], int] = attrgetter("to_move")  # the seat to move
    plies_to_end: Callable[[Any], int | None] = lambda state: None  # plies left before a ply cap
    kernel_plies_to_end: Callable[[Any], int | None] = lambda words: None  # the same of a kernel array
    phase_text: Callable[[Any], str] = attrgetter("phase")  # the phase in a word or two, e.g. "play"

    # Optional parts.
    seat_label: Callable[[Any], str] | None = None  # the seat to move in words, where not its letter
    scenarios: Callable[[], list[tuple[str, str, str]]] | None = None  # (name, description, notation)
    puzzles: Callable[[], list[Any]] | None = None  # built-in puzzles, dataclasses (oros: a position with a goal)
    goals: Any = None  # the goal functions of a game whose positions carry a goal (Goals)
    engine_of: Callable[[Any], str] | None = None  # the default engine of a position, where it depends on it
    # Whether a position is single-agent, where a game has positions of both kinds (oros: puzzles
    # and the full game); None: every position is as `single_agent` says.
    single_agent_of: Callable[[Any], bool] | None = None
    hint_seconds_of: Callable[[Any], float] | None = None  # how long `hint` searches a position, where it depends on it
    restart: Callable[[Any, str | None, int | None], Any] | None = None  # (State, board file, players) -> a new start
    # Hidden information (docs/adding-a-game.md): the position as one seat sees it, and whose
    # view a position is (None: full information).
    view_of: Callable[[Any, int], Any] | None = None
    viewer: Callable[[Any], int | None] | None = None
    chance_name: Callable[[Any], str] | None = None  # what chance decides next, in words, where not "the dice roll"
    chance_kind: str = "dice"  # what the game's chance is, in a word or two (`caldera games`)
    # svg(state, highlight=(), line=()) -> the board as SVG text, `line` a line of play (each
    # move's strokes, below) drawn as numbered arrows (show --svg, analyze --svg)
    svg: Callable[..., str] | None = None
    # strokes(state, move) -> how a picture draws a move: paths of spaces, each an arrow from its
    # first space to its last (one space: a ring); None: one path from the first space the move
    # touches to the last (oros: a tectonic move is an arrow from each cell of its group)
    strokes: Callable[[Any, int], tuple[tuple[int, ...], ...]] | None = None
    analyze_lines: int = 1  # root moves `analyze` reports without --multipv (hop: every move)
    # Why a hinted move is good (solver/output/hint_why.py): the evaluation's terms of a position
    # (evaluation_terms(state) -> [Term], the kernel's own terms) with one term's change in the
    # game's words (term_words(name, mover's change, rival's change, rival's name, (mover's value,
    # rival's value) after) -> words); where
    # chance decides a move, the odds that decide it (chance_reason(state, move) -> words, '' where
    # none); the plan a line carries out (plan_words(state, line) -> words, '' where none).
    evaluation_terms: Callable[[Any], list[Term]] | None = None
    term_words: Callable[[str, int, int, str, tuple[int, int]], str] | None = None
    chance_reason: Callable[[Any, int], str] | None = None
    plan_words: Callable[[Any, tuple[int, ...]], str] | None = None
    score_name: str = "score"  # what a game won on points counts, where its kernel has scores (oros: knowledge)
    # The kernel modules whose moves are made of parts (kernels/dispatch.py part_moves): the searches
    # choose their moves part by part (the engines' `parts` setting), and the contract tests hold each
    # to the parts' contract (tests/contract/test_contract_parts.py).
    part_kernels: tuple[str, ...] = ()

    def player_count(self, state) -> int:
        """The seats of position `state`."""
        return self.players[0] if self.players_of is None else self.players_of(state)

    def seat_name(self, state) -> str:
        """The seat to move: its letter, or the game's own label (penguins team mode: A1 B1 A2 B2)."""
        if self.seat_label is not None:
            return self.seat_label(state)
        return self.seats[self.to_move(state)]

    def chance_words(self, state) -> str:
        """What chance decides next, in words: "the dice roll", or the game's own words."""
        return self.chance_name(state) if self.chance_name is not None else "the dice roll"

    def move_strokes(self, state, move: int) -> tuple[tuple[int, ...], ...]:
        """How a picture draws `move` played in `state`: the record's `strokes`, else one path
        over the spaces it touches (none for a move that touches none, as a dice roll)."""
        if self.strokes is not None:
            return self.strokes(state, move)
        spaces = tuple(self.touched(state, move))
        return (spaces,) if spaces else ()

    def is_chance(self, state) -> bool:
        """True when the next move is chance's (dice), not a player's decision."""
        return bool(self.chance_outcomes(state))

    def kernel(self, words) -> Kernel:
        """The kernel that plays kernel position `words`, resolved once here and handed down to the
        engines and commands (kernels/__init__.py Kernel), with its parts where the record declares them."""
        name = self.kernel_name(words)
        return Kernel(name, parts=name in self.part_kernels)

    @property
    def default_engine(self) -> str:
        """The engine `analyze` and `hint` use when none is given (see `engine_for`)."""
        return self.engines[0]

    def engine_for(self, state) -> str:
        """The engine `analyze` and `hint` use on `state` when none is given: the record's
        `engine_of` where the best engine depends on the position, else the default."""
        return self.default_engine if self.engine_of is None else self.engine_of(state)

    def hint_time(self, state) -> float:
        """How long `hint` (and `play`'s engine) searches `state` by default: `hint_seconds_of`
        where it depends on the position, else `hint_seconds`."""
        return self.hint_seconds if self.hint_seconds_of is None else self.hint_seconds_of(state)

    def is_single_agent(self, state) -> bool:
        """True when `state` is one side reaching a goal (a puzzle), not sides playing against each other."""
        return self.single_agent and (self.single_agent_of is None or self.single_agent_of(state))

    @property
    def adversarial(self) -> bool:
        """True when sides play against each other in some positions (a match can make sense)."""
        return not self.single_agent or self.single_agent_of is not None


@dataclass(frozen=True)
class Goals:
    """The goal functions of a single-agent game (positions with a goal, solved by the planner)."""

    parse: Callable[[str, Any], Any]  # goal text for a State -> Goal (NotationError otherwise)
    format: Callable[[Any], str]
    describe: Callable[[Any], str]  # the goal in words
    encode: Callable[[Any, Any], Any]  # (Goal, State) -> the int64 array the kernel's goal_bound reads
    is_met: Callable[[Any, Any], bool]  # (Goal, State) -> met?
    of_position: Callable[..., tuple[Any, int]]  # (State, POSITION text, goal, budget, played) -> (Goal, budget)
    warmup: Callable[[], tuple[Any, Any, int]]  # a tiny (State, Goal, budget) for `caldera warmup`
