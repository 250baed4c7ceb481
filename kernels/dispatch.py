"""The kernel operations every search calls, specialised per game at compile time.

A search is written once (solver/search/) and takes the name of a kernel module as its first
argument, e.g. "penguins.penguins_plain" for kernels/penguins/penguins_plain.py. The search's
entry point makes that name a compile-time constant (`numba.literally`), and each operation here
is an `@overload` that resolves to the named module's own function while numba types the search.
So a command compiles (or loads from the on-disk cache) only the kernel and the search it runs,
and no jitted function is ever passed as an argument, which would defeat the cache
(docs/adding-a-game.md).

Every kernel module defines the operations its game's engines use, with these signatures:

    MAX_MOVES, SEATS, STATE_LEN,         constants: move buffer room, most seats, state words,
    HAS_CHANCE                           whether the game has chance moves at all
    legal_moves(state, out) -> n         the legal moves (0 once the game is over); writes at most
                                         len(out) and returns the true number
    apply(state, move, out)              the state after a legal move
    is_over(state), to_move(state)
    terminal_values(state, values)       each seat's result of a finished game (1 win, 0 loss,
                                         1/k of a win shared by k seats)
    evaluate(state, weights) -> int      heuristic for the side to move; EVAL_WEIGHTS its default
    playout_move(state, moves, n, rng)   the light playout policy's pick among n legal moves
    playout_step(state, moves, rng)      optional: the policy's move without the caller listing
                                         the moves (-1 once the game is over; `moves` is scratch
                                         room); without it MCTS lists them and calls playout_move
    is_chance(state), chance_outcomes(state, out_moves, out_probs) -> n
    goal_bound(state, goal), position_hash(state)   single-agent planning (oros)
    solve_key(state, key), solve_state(root, key, out), turn_clock(state)   the exact solver
                                         (solver/search/exact_core.py); from Python it also
                                         calls the module's seat_count(state), turns_left(state)
                                         and reads SOLVE_KEY_LEN
    determinize(state, seat, rng, out)   hidden information (hop): write into `out` a position
                                         `seat` cannot tell from `state`, every part it cannot
                                         see drawn again at random; reads no hidden part. A
                                         kernel without it hides nothing: the state is copied.

A missing operation fails loudly when a search that needs it is compiled: numba's typing error
names the kernel and the operation (tests/contract/ checks every game's kernel ahead of that).
"""

import numpy as np
from numba import typeof, types
from numba.core.errors import TypingError
from numba.extending import overload

from kernels import kernel_module
from kernels.bits import copy_words

# The operations each part of the engine calls (the contract a kernel module fulfils).
PERFT_OPERATIONS = ("legal_moves", "apply", "is_chance", "chance_outcomes")
ENGINE_OPERATIONS = {
    "alphabeta": ("legal_moves", "apply", "is_over", "to_move", "terminal_values", "evaluate"),
    "expectimax": ("legal_moves", "apply", "is_over", "to_move", "terminal_values", "evaluate", "is_chance",
                   "chance_outcomes"),
    "mcts": ("legal_moves", "apply", "to_move", "terminal_values", "playout_move", "is_chance", "chance_outcomes"),
    "planner": ("legal_moves", "apply", "goal_bound", "position_hash"),
    "exact": ("legal_moves", "apply", "is_over", "to_move", "terminal_values", "is_chance", "chance_outcomes",
              "solve_key", "solve_state", "turn_clock", "turns_left", "seat_count"),
    "policy": ("legal_moves", "playout_move"),
}
# What the kernel of a game with hidden information adds (its record's hidden_information): MCTS
# starts every simulation from a determinization for the seat to move at the root.
HIDDEN_INFORMATION_OPERATIONS = ("determinize",)
CONSTANTS = ("MAX_MOVES", "SEATS", "STATE_LEN", "HAS_CHANCE")


_ENTRIES: dict = {}  # (search, kernel, argument types) -> its compiled entry point


def call(search, kernel: str, *args):
    """Call the jitted `search` (whose first argument is a kernel name) for the kernel `kernel`.

    A call from Python with a plain string would retype the arguments and retry them as a
    literal every time (about 5 ms); after the first call this goes straight to the compiled
    entry point for that kernel and these argument types (under a microsecond).
    """
    key = (search, kernel, *(typeof(arg) for arg in args))
    entry = _ENTRIES.get(key)
    if entry is not None:
        return entry(kernel, *args)
    result = search(kernel, *args)  # compiles, or loads from the on-disk cache
    compiled = search.overloads.get((types.literal(kernel), *key[2:]))
    if compiled is not None:
        _ENTRIES[key] = compiled.entry_point
    return result


def kernel_constant(kernel, name: str):
    """A constant of the kernel module named by the literal type `kernel` (for overloads that
    choose an implementation by it)."""
    return _part(kernel, name)


def _part(kernel, part: str):
    """The operation or constant `part` of the kernel module named by the literal type `kernel`."""
    if not isinstance(kernel, types.StringLiteral):
        raise TypingError(f"kernel operation {part} needs the kernel's name as a literal string "
                          "(call numba.literally(kernel) in the search's entry point)")
    module = kernel_module(kernel.literal_value)
    if not hasattr(module, part):
        raise TypingError(f"kernel {kernel.literal_value} has no operation {part} "
                          "(docs/adding-a-game.md lists what a kernel defines)")
    return getattr(module, part)


def _operation(name: str, doc: str):
    """A kernel operation by name: typed by its @overload inside jitted code, an error from Python."""

    def operation(*args):
        raise TypeError(f"kernels.dispatch.{name} runs inside jitted searches; from Python call the kernel "
                        f"module's own {name} (kernel_module(name))")

    operation.__name__ = operation.__qualname__ = name
    operation.__doc__ = doc
    return operation


legal_moves = _operation(
    "legal_moves", "The legal moves of `state` written into `out`; returns how many were written (never more than `out` holds; move_count gives the true number).")
move_count = _operation(
    "move_count", "The true number of legal moves, which can exceed what `out` holds (penguins tiles, P-9).")
apply = _operation("apply", "Write into `out` the state after the legal `move`.")
is_over = _operation("is_over", "True when the game has ended.")
to_move = _operation("to_move", "The seat to move.")
terminal_values = _operation("terminal_values", "Each seat's result of a finished game, written into `values`.")
evaluate = _operation("evaluate", "The heuristic score of `state` for the side to move.")
playout_move = _operation("playout_move", "The light playout policy's move among the `n` legal `moves`.")
playout_step = _operation(
    "playout_step", "The light playout policy's move, -1 once the game is over (`moves`: room to list moves in).")
is_chance = _operation("is_chance", "True when chance (dice), not a player, chooses the next move.")
chance_outcomes = _operation(
    "chance_outcomes", "The chance outcomes and their probabilities; returns their number (0 at a decision).")
goal_bound = _operation(
    "goal_bound", "A lower bound on the actions still needed to reach `goal` (0 exactly when it is met).")
position_hash = _operation("position_hash", "The planner's 64-bit key of a position.")
solve_key = _operation("solve_key", "Write into `key` the words that tell positions apart for the exact solver (no turn clock).")
solve_state = _operation("solve_state", "Write into `out` the position of `key` on `root`'s fixed words, at turn 0 with no turn cap.")
turn_clock = _operation("turn_clock", "Turns played: the exact solver counts its horizon in them.")
determinize = _operation(
    "determinize", "Write into `out` a position `seat` cannot tell from `state` (a copy where nothing is hidden).")
max_moves = _operation("max_moves", "Room for the legal moves of one position (a compile-time constant).")
has_chance = _operation("has_chance", "True when the game has chance moves at all (a compile-time constant).")
seats = _operation("seats", "The most seats a position of the game can have (a compile-time constant).")


@overload(legal_moves, jit_options={"cache": True}, inline="always")
def _legal_moves(kernel, state, out):
    generate = _part(kernel, "legal_moves")

    def impl(kernel, state, out):
        return min(generate(state, out), out.shape[0])
    return impl


@overload(move_count, jit_options={"cache": True}, inline="always")
def _move_count(kernel, state, out):
    generate = _part(kernel, "legal_moves")
    return lambda kernel, state, out: generate(state, out)


@overload(apply, jit_options={"cache": True}, inline="always")
def _apply(kernel, state, move, out):
    play = _part(kernel, "apply")
    return lambda kernel, state, move, out: play(state, move, out)


@overload(is_over, jit_options={"cache": True}, inline="always")
def _is_over(kernel, state):
    over = _part(kernel, "is_over")
    return lambda kernel, state: over(state)


@overload(to_move, jit_options={"cache": True}, inline="always")
def _to_move(kernel, state):
    mover = _part(kernel, "to_move")
    return lambda kernel, state: np.int64(mover(state))


@overload(terminal_values, jit_options={"cache": True}, inline="always")
def _terminal_values(kernel, state, values):
    results = _part(kernel, "terminal_values")
    return lambda kernel, state, values: results(state, values)


@overload(evaluate, jit_options={"cache": True}, inline="always")
def _evaluate(kernel, state, weights):
    score = _part(kernel, "evaluate")
    return lambda kernel, state, weights: np.int64(score(state, weights))


@overload(playout_move, jit_options={"cache": True}, inline="always")
def _playout_move(kernel, state, moves, n, rng):
    policy = _part(kernel, "playout_move")
    return lambda kernel, state, moves, n, rng: policy(state, moves, n, rng)


@overload(playout_step, jit_options={"cache": True}, inline="always")
def _playout_step(kernel, state, moves, rng):
    if not isinstance(kernel, types.StringLiteral):
        _part(kernel, "playout_step")  # the error that asks for a literal kernel name
    module = kernel_module(kernel.literal_value)
    if hasattr(module, "playout_step"):
        step = module.playout_step
        return lambda kernel, state, moves, rng: step(state, moves, rng)
    generate, policy = _part(kernel, "legal_moves"), _part(kernel, "playout_move")

    def listed(kernel, state, moves, rng):
        n = min(generate(state, moves), moves.shape[0])
        return policy(state, moves, n, rng) if n > 0 else np.int64(-1)
    return listed


@overload(is_chance, jit_options={"cache": True}, inline="always")
def _is_chance(kernel, state):
    chance = _part(kernel, "is_chance")
    return lambda kernel, state: chance(state)


@overload(chance_outcomes, jit_options={"cache": True}, inline="always")
def _chance_outcomes(kernel, state, out_moves, out_probs):
    outcomes = _part(kernel, "chance_outcomes")
    return lambda kernel, state, out_moves, out_probs: outcomes(state, out_moves, out_probs)


@overload(goal_bound, jit_options={"cache": True}, inline="always")
def _goal_bound(kernel, state, goal):
    bound = _part(kernel, "goal_bound")
    return lambda kernel, state, goal: bound(state, goal)


@overload(position_hash, jit_options={"cache": True}, inline="always")
def _position_hash(kernel, state):
    key = _part(kernel, "position_hash")
    return lambda kernel, state: key(state)


@overload(solve_key, jit_options={"cache": True}, inline="always")
def _solve_key(kernel, state, key):
    pack = _part(kernel, "solve_key")
    return lambda kernel, state, key: pack(state, key)


@overload(solve_state, jit_options={"cache": True}, inline="always")
def _solve_state(kernel, root, key, out):
    unpack = _part(kernel, "solve_state")
    return lambda kernel, root, key, out: unpack(root, key, out)


@overload(turn_clock, jit_options={"cache": True}, inline="always")
def _turn_clock(kernel, state):
    clock = _part(kernel, "turn_clock")
    return lambda kernel, state: np.int64(clock(state))


@overload(determinize, jit_options={"cache": True}, inline="always")
def _determinize(kernel, state, seat, rng, out):
    if not isinstance(kernel, types.StringLiteral):
        _part(kernel, "determinize")  # the error that asks for a literal kernel name
    if not hasattr(kernel_module(kernel.literal_value), "determinize"):
        return lambda kernel, state, seat, rng, out: copy_words(state, out)  # nothing is hidden
    redraw = _part(kernel, "determinize")
    return lambda kernel, state, seat, rng, out: redraw(state, seat, rng, out)


@overload(max_moves, jit_options={"cache": True}, inline="always")
def _max_moves(kernel):
    room = int(_part(kernel, "MAX_MOVES"))
    return lambda kernel: room


@overload(seats, jit_options={"cache": True}, inline="always")
def _seats(kernel):
    most = int(_part(kernel, "SEATS"))
    return lambda kernel: most


@overload(has_chance, jit_options={"cache": True}, inline="always")
def _has_chance(kernel):
    dice = bool(_part(kernel, "HAS_CHANCE"))
    return lambda kernel: dice
