"""Every game the command line knows, behind one small record: `game("penguins")`, `game("island")`.

A command asks the registry instead of importing a game's modules, so the same command body
works for every game. Moves cross this boundary as the kernel's move integers (penguins' Move
objects are encoded and decoded here); positions as the game's reference State. Oros (a puzzle
game: one shaper, no opponent) shares show, moves, perft and positions; its analyze and hint go
to the shaping-puzzle solver (solver/planner.py).

Importing this module imports no game module and no numba: each entry's functions import what
they need when they are first called (`caldera --help` stays fast).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable

# Game ids of kernels/games.py, repeated so that the registry does not import numba;
# tests/island/test_island_cli.py checks that they match kernels.games.GAME_IDS.
PENGUINS_ID, ISLAND_ID = 0, 1
OROS_ID = -1  # no kernels.games id: no two-sided search plays oros; solver/planner.py solves it


@dataclass(frozen=True)
class Game:
    """One game as the command line sees it.

    Positions are the game's reference State; moves are kernel move integers.
    """

    name: str
    title: str
    game_id: int
    seats: str  # seat letters, seat 0 first
    default_engine: str  # what `analyze` searches with when no --engine is given
    default_position: str  # the built-in position used when none is given
    alphabeta: bool  # alpha-beta can search it (two players, no dice)
    default_hint_seconds: float
    resolve_position: Callable[[str | None], Any]  # built-in name, notation text or None -> State
    format_position: Callable[[Any], str]
    parse_move: Callable[[Any, str], int]  # legal move text -> kernel move (CalderaError otherwise)
    format_move: Callable[[Any, int], str]
    successor: Callable[[Any, int], Any]  # reference State after a legal kernel move
    touched: Callable[[Any, int], tuple[int, ...]]  # spaces a move touches (highlighted by `show`)
    to_kernel: Callable[[Any], Any]  # State -> the kernel's uint64 array
    render: Callable[..., Any]  # render(state, highlight=()) -> a rich renderable
    describe_moves: Callable[[Any], list[str]]  # the legal moves, explained, as lines
    explain: Callable[[Any, int, Any], str]  # explain(state, move, Score) -> one line in words
    legal_moves: Callable[[Any], list[int]]  # the reference's legal moves (at a roll: the outcomes)
    chance_outcomes: Callable[[Any], list[tuple[int, Fraction]]]  # [] unless the dice move next
    is_over: Callable[[Any], bool]
    plies_to_end: Callable[[Any], int | None]  # plies left before the game's ply cap, if it has one
    perft: Callable[..., Any]  # perft(words, depth, threads, on_root_move) -> PerftResult (moves as ints)
    reference_perft: Callable[..., Any]  # reference_perft(state, depth, on_root_move) -> PerftResult
    phase_text: Callable[[Any], str]  # the phase in a word or two, e.g. "play", "shift"
    builtin_positions_of: Callable[[], dict[str, str]]
    seat_label: Callable[[Any], str] | None = None  # the seat to move in words, where not just its letter

    @property
    def builtin_positions(self) -> dict[str, str]:
        """The built-in positions: name -> notation text."""
        return self.builtin_positions_of()

    def seat_name(self, state) -> str:
        """The seat to move: its letter, or the game's own label (penguins team mode: A1 B1 A2 B2)."""
        if self.seat_label is not None:
            return self.seat_label(state)
        return self.seats[state.to_move]

    def is_chance(self, state) -> bool:
        """True when the next move is the dice, not a player's decision."""
        return bool(self.chance_outcomes(state))


def _lazy(module: str, name: str) -> Callable:
    """A function that imports `module` when first called and calls its `name` with the same
    arguments: the registry names every game's functions without importing them (or numba)."""

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__qualname__ = f"{module}.{name}"
    return call


# ------------------------------------------------------------------------------------ penguins




def _penguins_parse_move(state, text):
    from solver.games.penguins.penguins_binding import encode_move
    from solver.games.penguins.penguins_notation import parse_move

    return encode_move(parse_move(state, text))


def _penguins_format_move(state, code):
    from solver.games.penguins.penguins_binding import decode_move
    from solver.games.penguins.penguins_notation import format_move

    return format_move(state, decode_move(code))


def _penguins_successor(state, code):
    from solver.games.penguins.penguins_rules import successor
    from solver.games.penguins.penguins_binding import decode_move

    return successor(state, decode_move(code))


def _penguins_touched(state, code):
    from solver.games.penguins.penguins_rules import touched_spaces
    from solver.games.penguins.penguins_binding import decode_move

    return touched_spaces(state, decode_move(code))




def _penguins_explain(state, code, score):
    from solver.games.penguins.penguins_explain import explain_move
    from solver.games.penguins.penguins_binding import decode_move

    return explain_move(state, decode_move(code), score)


def _penguins_legal(state):
    from solver.games.penguins.penguins_rules import legal_moves
    from solver.games.penguins.penguins_binding import encode_move

    return [encode_move(m) for m in legal_moves(state)]


def _penguins_is_over(state):
    from solver.games.penguins.penguins_rules import ONGOING, status

    return status(state) != ONGOING


def _penguins_plies_to_end(state):
    return max(0, state.rules.ply_cap - state.ply)


def _encoded(result):
    """A penguins PerftResult with its root moves as kernel integers."""
    from solver.games.penguins.penguins_binding import encode_move

    return replace(result, divide=tuple((encode_move(m), n) for m, n in result.divide))


def _penguins_perft(words, depth, threads=1, on_root_move=None):
    from solver.perft import perft

    return _encoded(perft(words, depth, threads, on_root_move=on_root_move))


def _penguins_reference_perft(state, depth, on_root_move=None):
    from solver.perft import reference_perft

    return _encoded(reference_perft(state, depth, on_root_move=on_root_move))



def _penguins_builtins():
    from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS

    return dict(BUILTIN_POSITIONS)


PENGUINS = Game(
    name="penguins",
    title="penguins",
    game_id=PENGUINS_ID,
    seats="AB",
    default_engine="alphabeta",
    default_position="start",
    alphabeta=True,
    default_hint_seconds=0.8,
    resolve_position=_lazy("solver.games.penguins.penguins_notation", "resolve_position"),
    format_position=_lazy("solver.games.penguins.penguins_notation", "format_position"),
    parse_move=_penguins_parse_move,
    format_move=_penguins_format_move,
    successor=_penguins_successor,
    touched=_penguins_touched,
    to_kernel=_lazy("solver.games.penguins.penguins_binding", "to_kernel"),
    render=_lazy("solver.games.penguins.penguins_board", "render"),
    describe_moves=_lazy("solver.games.penguins.penguins_explain", "describe_moves"),
    explain=_penguins_explain,
    legal_moves=_penguins_legal,
    chance_outcomes=lambda state: [],
    is_over=_penguins_is_over,
    plies_to_end=_penguins_plies_to_end,
    perft=_penguins_perft,
    reference_perft=_penguins_reference_perft,
    phase_text=lambda state: state.phase,
    builtin_positions_of=_penguins_builtins,
    seat_label=_lazy("solver.games.penguins.penguins_rules", "seat_label"),
)


# -------------------------------------------------------------------------------------- island












def _island_chance(state):
    from solver.games.island.island_rules import chance_outcomes, is_chance

    return chance_outcomes(state) if is_chance(state) else []


def _island_is_over(state):
    from solver.games.island.island_rules import OVER

    return state.phase == OVER


def _island_perft(words, depth, threads=1, on_root_move=None):
    """Kernel perft (island.perft semantics: decision plies, every dice outcome expanded), the
    root moves shared out among `threads` threads (the kernel runs without the GIL)."""
    from solver.games.island import island_binding as island_kernel

    # A roll does not use up depth, so below a chance root each outcome counts `depth` plies.
    below = depth if depth and island_kernel.is_chance(words) else depth - 1
    return _kernel_perft(island_kernel, words, depth, below, threads, on_root_move)


def _kernel_perft(binding, words, depth, below, threads, on_root_move):
    """Perft of a game's kernel binding (legal_moves, successor, kernel().perft): each root move's
    subtree counted `below` plies deep, the root moves shared out among `threads` threads (the
    kernels run without the GIL)."""
    import numpy as np

    from solver.perft import PerftResult, root_split

    if depth == 0:
        return PerftResult(1, 0.0, ())
    k = binding.kernel()
    return root_split(binding.legal_moves(words),
                      lambda code: k.perft(binding.successor(words, code), np.int64(below)), threads, on_root_move)


def _island_reference_perft(state, depth, on_root_move=None):
    """Perft with the reference rules (solver/games/island/island_rules.py's `perft`), root move by root move."""
    from solver.games.island import island_rules as island

    below = depth if depth and island.is_chance(state) else depth - 1
    return _rules_perft(island, state, depth, below, on_root_move)


def _rules_perft(rules, state, depth, below, on_root_move):
    """Perft with a reference-rules module (legal_moves, successor, perft): each root move's
    subtree counted `below` plies deep."""
    from solver.perft import PerftResult, root_split

    if depth == 0:
        return PerftResult(1, 0.0, ())
    return root_split(rules.legal_moves(state), lambda code: rules.perft(rules.successor(state, code), below),
                      on_root_move=on_root_move)


def _island_builtins():
    from solver.games.island.island_notation import BUILTIN_POSITIONS

    return dict(BUILTIN_POSITIONS)


ISLAND = Game(
    name="island",
    title="Island Project",
    game_id=ISLAND_ID,
    seats="ABCD",
    default_engine="mcts",
    default_position="start2",
    alphabeta=False,
    default_hint_seconds=0.5,
    resolve_position=_lazy("solver.games.island.island_notation", "resolve_position"),
    format_position=_lazy("solver.games.island.island_notation", "format_position"),
    parse_move=_lazy("solver.games.island.island_notation", "parse_move"),
    format_move=_lazy("solver.games.island.island_notation", "format_move"),
    successor=_lazy("solver.games.island.island_rules", "successor"),
    touched=_lazy("solver.games.island.island_explain", "touched_tiles"),
    to_kernel=_lazy("solver.games.island.island_binding", "to_kernel"),
    render=_lazy("solver.games.island.island_board", "render"),
    describe_moves=_lazy("solver.games.island.island_explain", "describe_moves"),
    explain=_lazy("solver.games.island.island_explain", "explain_move"),
    legal_moves=_lazy("solver.games.island.island_rules", "legal_moves"),
    chance_outcomes=_island_chance,
    is_over=_island_is_over,
    plies_to_end=lambda state: None,
    perft=_island_perft,
    reference_perft=_island_reference_perft,
    phase_text=lambda state: state.phase,
    builtin_positions_of=_island_builtins,
)

# ---------------------------------------------------------------------------------------- oros


def _oros_builtins():
    from solver.games.oros.oros_notation import BUILTIN_POSITIONS
    from solver.games.oros.oros_puzzles import PUZZLES

    return {**BUILTIN_POSITIONS, **{puzzle.name: puzzle.position for puzzle in PUZZLES}}


def _oros_resolve(text):
    """A built-in position or puzzle name (see `caldera puzzles oros`), notation text, or None."""
    from solver.games.notation_tools import resolve
    from solver.games.oros.oros_notation import DEFAULT_POSITION, parse_position

    return resolve(text, _oros_builtins(), DEFAULT_POSITION, parse_position)






def _oros_touched(state, code):
    from solver.planner_output import changed_cells

    from solver.games.oros.oros_rules import successor

    return changed_cells(state, successor(state, code))




def _oros_explain(state, code, score=None):
    from solver.planner_output import step_in_words

    return step_in_words(state, code)



def _oros_perft(words, depth, threads=1, on_root_move=None):
    """Kernel perft, the root moves shared out among `threads` threads (it runs without the GIL)."""
    from solver.games.oros import oros_binding as oros_kernel

    return _kernel_perft(oros_kernel, words, depth, depth - 1, threads, on_root_move)


def _oros_reference_perft(state, depth, on_root_move=None):
    """Perft with the reference rules (solver/games/oros/oros_rules.py's `perft`), root move by root move."""
    from solver.games.oros import oros_rules as oros

    return _rules_perft(oros, state, depth, depth - 1, on_root_move)


OROS = Game(
    name="oros",
    title="Oros tectonics",
    game_id=OROS_ID,
    seats="A",  # one shaper: the puzzles are single-agent (O-7)
    default_engine="plan",  # the shaping-puzzle solver (solver/planner.py), not a two-sided search
    default_position="start",
    alphabeta=False,
    default_hint_seconds=10.0,
    resolve_position=_oros_resolve,
    format_position=_lazy("solver.games.oros.oros_notation", "format_position"),
    parse_move=_lazy("solver.games.oros.oros_notation", "parse_move"),
    format_move=_lazy("solver.games.oros.oros_notation", "format_move"),
    successor=_lazy("solver.games.oros.oros_rules", "successor"),
    touched=_oros_touched,
    to_kernel=_lazy("solver.games.oros.oros_binding", "to_kernel"),
    render=_lazy("solver.games.oros.oros_board", "render"),
    describe_moves=_lazy("solver.planner_output", "describe_moves"),
    explain=_oros_explain,
    legal_moves=_lazy("solver.games.oros.oros_rules", "legal_moves"),
    chance_outcomes=lambda state: [],
    is_over=lambda state: False,  # a map can always be reshaped; a puzzle ends at its goal
    plies_to_end=lambda state: None,
    perft=_oros_perft,
    reference_perft=_oros_reference_perft,
    phase_text=lambda state: "tectonics",
    builtin_positions_of=_oros_builtins,
)

# The games the two-sided searches play (alpha-beta, MCTS, expectimax, `caldera match`), each
# with a kernels.games id; and the puzzle games, solved by solver/planner.py instead.
GAMES = {entry.name: entry for entry in (PENGUINS, ISLAND)}
NAMES = tuple(GAMES)
PUZZLE_GAMES = {entry.name: entry for entry in (OROS,)}
ALL_NAMES = NAMES + tuple(PUZZLE_GAMES)


def game(name: str) -> Game:
    """The registry entry of the game called `name` (KeyError names the known games)."""
    try:
        return GAMES.get(name) or PUZZLE_GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game '{name}'; games: {', '.join(ALL_NAMES)}") from None
