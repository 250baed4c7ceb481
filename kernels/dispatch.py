"""The kernel operations every search calls, specialised per game at compile time.

A search is written once (solver/engines/<engine>/<engine>_core.py) and takes the name of a kernel module as its first
argument, e.g. "penguins.penguins_plain" for kernels/penguins/penguins_plain.py. The search's
entry point makes that name a compile-time constant (`numba.literally`), and each operation here
resolves to the named module's own function while numba types the search: an intrinsic that
calls it directly (`_forward`), or an `@overload` for the constants and defaults.
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
    search_values(state, values)         optional: what MCTS backs up from a finished playout, in
                                         0..1 per seat, where the win alone carries too little
                                         signal (oros); without it MCTS backs up terminal_values
    scores(state, values)                optional: each seat's final score (-inf for a seat not in
                                         play), for a game won on points (oros: knowledge); MCTS
                                         then reports each root move's expected margin
    evaluate(state, weights) -> int      heuristic for the side to move; EVAL_WEIGHTS its default
    playout_move(state, moves, n, rng)   the light playout policy's pick among n legal moves
    playout_step(state, moves, rng)      optional: the policy's move without the caller listing
                                         the moves (-1 once the game is over; `moves` is scratch
                                         room); without it MCTS lists them and calls playout_move
    part_moves(state, prefix, out, whole) -> n   optional: a move chosen part by part, where the
                                         game's record declares the kernel's moves made of parts
                                         (part_kernels; Kernel.parts). With prefix -1 (NO_PREFIX) the first parts of the
                                         legal moves, with a part it returned the next parts that
                                         extend it; whole[i] (uint8, or alpha-beta's
                                         int64 order keys) is 1 where out[i] is a whole
                                         move (as legal_moves lists it), 0 for a part to pass back
                                         as prefix. Every part has a completion, the parts reach
                                         exactly the positions of the legal moves, each part listed
                                         once; writes at most len(out), returns the true number
                                         (tests/contract/test_contract_parts.py). Penguins: a tile
                                         move's action, then the moves having that action;
                                         kernels/move_parts.py: parts grouped by bit masks
    SCRIPTED_PLAYER                      optional: the name of a kernel module, the game's scripted
                                         player, whose judge(state, moves, n, scores) scores the n
                                         legal moves (int64, higher is played) and whose
                                         heuristic_move(state, moves, n, rng) plays the best, ties
                                         at random: MCTS's move_scores (its priors) and
                                         scripted_move (its scripted playouts)
    is_chance(state), chance_outcomes(state, out_moves, out_probs) -> n
    goal_bound(state, goal), position_hash(state)   single-agent planning (oros)
    solve_key(state, key), solve_state(root, key, out), turn_clock(state)   the exact solver
                                         (solver/engines/exact/exact_core.py); from Python it also
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
from numba import njit, typeof, types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic, overload

from kernels import Kernel
from kernels.bits import copy_words
from kernels.move_parts import NO_PREFIX  # noqa: F401  (part_moves' prefix for a move's first parts)

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


_ENTRIES: dict = {}  # (search, kernel, argument kinds) -> its compiled entry point


def argument_kind(arg):
    """What numba's type of a search's argument depends on, told faster than numba's typeof
    (about 6 us an array, most of a short search's call): a plain array's dtype, dimensions,
    layout and writability; a bool's, float's, numpy scalar's or int64-sized int's Python type;
    anything else its numba type."""
    kind = type(arg)
    if kind is np.ndarray:
        flags = arg.flags
        return arg.dtype, arg.ndim, flags.c_contiguous, flags.f_contiguous, flags.writeable
    if kind is bool or kind is float or isinstance(arg, np.generic) or (kind is int and -2**63 <= arg < 2**63):
        return kind
    return typeof(arg)


def call(search, kernel: str, *args):
    """Call the jitted `search` (whose first argument is a kernel name) for the kernel `kernel`.

    A call from Python with a plain string would retype the arguments and retry them as a
    literal every time (about 5 ms); after the first call this goes straight to the compiled
    entry point for that kernel and these kinds of arguments (argument_kind: a few microseconds).
    """
    kernel = str(kernel)  # a Kernel is its name; numba makes a literal of a plain str only
    key = (search, kernel, *(argument_kind(arg) for arg in args))
    entry = _ENTRIES.get(key)
    if entry is not None:
        return entry(kernel, *args)
    result = search(kernel, *args)  # compiles, or loads from the on-disk cache
    compiled = search.overloads.get((types.literal(kernel), *(typeof(arg) for arg in args)))
    if compiled is not None:
        _ENTRIES[key] = compiled.entry_point
    return result


def kernel_constant(kernel, name: str):
    """A constant of the kernel module named by the literal type `kernel` (for overloads that
    choose an implementation by it)."""
    return _part(kernel, name)


def _has(kernel, part: str) -> bool:
    """Whether the kernel module named by the literal type `kernel` defines `part` (optional operations)."""
    _part(kernel, "MAX_MOVES")  # the error that asks for a literal kernel name
    return hasattr(Kernel(kernel.literal_value).module, part)


def _part(kernel, part: str):
    """The operation or constant `part` of the kernel module named by the literal type `kernel`."""
    if not isinstance(kernel, types.StringLiteral):
        raise TypingError(f"kernel operation {part} needs the kernel's name as a literal string "
                          "(call numba.literally(kernel) in the search's entry point)")
    module = Kernel(kernel.literal_value).module
    if not hasattr(module, part):
        raise TypingError(f"kernel {kernel.literal_value} has no operation {part} "
                          "(docs/adding-a-game.md lists what a kernel defines)")
    return getattr(module, part)


def _operation(name: str, doc: str):
    """A kernel operation by name: typed by its @overload inside jitted code, an error from Python."""

    def operation(*args):
        raise TypeError(f"kernels.dispatch.{name} runs inside jitted searches; from Python call the kernel "
                        f"module's own {name} (Kernel(name).module)")

    operation.__name__ = operation.__qualname__ = name
    operation.__doc__ = doc
    return operation


determinize = _operation(
    "determinize", "Write into `out` a position `seat` cannot tell from `state` (a copy where nothing is hidden).")
max_moves = _operation("max_moves", "Room for the legal moves of one position (a compile-time constant).")
has_playout_step = _operation(
    "has_playout_step", "True when the kernel picks its playout moves itself, without the moves listed (a compile-time constant).")
has_parts = _operation(
    "has_parts", "True when the kernel defines part_moves, so a search may choose its moves part by part (a compile-time constant).")
search_values = _operation(
    "search_values", "Each seat's value of a finished playout as MCTS backs it up: the kernel's search_values, else terminal_values.")
outcome_report = _operation(
    "outcome_report", "Write a finished playout's win shares into `wins` (terminal_values, or `values` where MCTS backed them up) and each seat's score minus the best other seat's into `margins` (0 for a game without scores).")
has_move_scores = _operation(
    "has_move_scores", "True when the kernel has a move-ordering score: a scripted player (SCRIPTED_PLAYER) whose judge scores the legal moves (a compile-time constant).")
move_scores = _operation(
    "move_scores", "Write the move-ordering score of each of the `n` legal `moves` into `scores` (higher is better): the scripted player's judge; 0 for every move of a kernel without one (has_move_scores).")
scripted_move = _operation(
    "scripted_move", "The scripted player's move among the `n` legal `moves` (its heuristic_move); the light playout policy's (playout_move) for a kernel without one.")
has_chance = _operation("has_chance", "True when the game has chance moves at all (a compile-time constant).")
seats = _operation("seats", "The most seats a position of the game can have (a compile-time constant).")


def _forward(name: str, part: str, arity: int, doc: str, result=None, clip: bool = False, missing=None):
    """The jitted operation `name` (docstring `doc`): a direct call of the kernel module's function
    `part` with the arguments after the kernel's name, its result cast to `result` where one is
    given, and with `clip` no more than the length of the last argument (the move buffer). An
    optional operation gives the constant `missing` for a kernel without `part`.

    An intrinsic rather than an @overload returning a wrapper: the wrapper's arrays cost numba
    reference counts on every call that its refcount pruning does not remove (numba issues #2345,
    #9213); a random-playout loop through wrappers ran at about half the speed of the same loop
    calling the kernel (docs/PERFORMANCE.md, "The kernel operations")."""

    def typer(typingctx, kernel, args):
        if missing is not None and not _has(kernel, part):
            return result(kernel, *args), lambda context, builder, signature, values: context.get_constant(result, missing)
        operation = types.Dispatcher(_part(kernel, part))
        inner = typingctx.resolve_function_type(operation, args, {})
        if inner is None:
            raise TypingError(f"kernel {kernel.literal_value}: {part} takes no arguments {args}")
        returns = inner.return_type if result is None else result

        def codegen(context, builder, signature, values):
            value = context.get_function(operation, inner)(builder, values[1:])
            if result is not None:
                value = context.cast(builder, value, inner.return_type, result)
            if clip:
                room = cgutils.unpack_tuple(builder, context.make_array(args[-1])(context, builder, values[-1]).shape)[0]
                value = builder.select(builder.icmp_signed("<", value, room), value, room)
            return value
        return returns(kernel, *args), codegen

    if arity == 1:
        def operation(typingctx, kernel, a):
            return typer(typingctx, kernel, (a,))
    elif arity == 2:
        def operation(typingctx, kernel, a, b):
            return typer(typingctx, kernel, (a, b))
    elif arity == 3:
        def operation(typingctx, kernel, a, b, c):
            return typer(typingctx, kernel, (a, b, c))
    else:
        def operation(typingctx, kernel, a, b, c, d):
            return typer(typingctx, kernel, (a, b, c, d))
    operation.__name__ = operation.__qualname__ = name
    operation.__doc__ = doc
    return intrinsic(operation)


legal_moves = _forward("legal_moves", "legal_moves", 2, "The legal moves of `state` written into `out`; returns how many were written (never more than `out` holds; move_count gives the true number).", types.int64, clip=True)
move_count = _forward("move_count", "legal_moves", 2, "The true number of legal moves, which can exceed what `out` holds (penguins tiles, P-9).", types.int64)
apply = _forward("apply", "apply", 3, "Write into `out` the state after the legal `move`.")
is_over = _forward("is_over", "is_over", 1, "True when the game has ended.")
to_move = _forward("to_move", "to_move", 1, "The seat to move.", types.int64)
terminal_values = _forward("terminal_values", "terminal_values", 2, "Each seat's result of a finished game, written into `values`.")
evaluate = _forward("evaluate", "evaluate", 2, "The heuristic score of `state` for the side to move.", types.int64)
playout_move = _forward("playout_move", "playout_move", 4, "The light playout policy's move among the `n` legal `moves`.")
playout_step = _forward("playout_step", "playout_step", 3, "The light playout policy's move, -1 once the game is over (`moves`: room to list moves in); -1 always for a kernel without it (has_playout_step).", types.int64, missing=-1)
part_moves = _forward("part_moves", "part_moves", 4, "The parts extending `prefix` (NO_PREFIX: a move's first parts) written into `out`, whole[i] = 1 where out[i] is a whole move; returns how many were written; 0 always for a kernel without parts (has_parts).", types.int64, clip=True, missing=0)
is_chance = _forward("is_chance", "is_chance", 1, "True when chance (dice), not a player, chooses the next move.")
chance_outcomes = _forward("chance_outcomes", "chance_outcomes", 3, "The chance outcomes and their probabilities; returns their number (0 at a decision).")
goal_bound = _forward("goal_bound", "goal_bound", 2, "A lower bound on the actions still needed to reach `goal` (0 exactly when it is met).")
position_hash = _forward("position_hash", "position_hash", 1, "The planner's 64-bit key of a position.")
solve_key = _forward("solve_key", "solve_key", 2, "Write into `key` the words that tell positions apart for the exact solver (no turn clock).")
solve_state = _forward("solve_state", "solve_state", 3, "Write into `out` the position of `key` on `root`'s fixed words, at turn 0 with no turn cap.")
turn_clock = _forward("turn_clock", "turn_clock", 1, "Turns played: the exact solver counts its horizon in them.", types.int64)


@overload(determinize, jit_options={"cache": True}, inline="always")
def _determinize(kernel, state, seat, rng, out):
    if not isinstance(kernel, types.StringLiteral):
        _part(kernel, "determinize")  # the error that asks for a literal kernel name
    if not hasattr(Kernel(kernel.literal_value).module, "determinize"):
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


@overload(has_playout_step, jit_options={"cache": True}, inline="always")
def _has_playout_step(kernel):
    own = _has(kernel, "playout_step")
    return lambda kernel: own


@overload(has_parts, jit_options={"cache": True}, inline="always")
def _has_parts(kernel):
    # whether the search uses them is its `parts` argument: the record's declaration (Kernel.parts)
    own = _has(kernel, "part_moves")
    return lambda kernel: own


def _scripted_player(kernel):
    """The scripted player's module of the kernel named by the literal type `kernel`, or None."""
    name = _part(kernel, "SCRIPTED_PLAYER") if _has(kernel, "SCRIPTED_PLAYER") else None
    return None if name is None else Kernel(name).module


@overload(has_move_scores, jit_options={"cache": True}, inline="always")
def _has_move_scores(kernel):
    own = _scripted_player(kernel) is not None
    return lambda kernel: own


@overload(move_scores, jit_options={"cache": True}, inline="always")
def _move_scores(kernel, state, moves, n, scores):
    player = _scripted_player(kernel)
    if player is None:
        def unscored(kernel, state, moves, n, scores):
            scores[:n] = 0
        return unscored
    judge = player.judge
    return lambda kernel, state, moves, n, scores: judge(state, moves, n, scores)


@overload(scripted_move, jit_options={"cache": True}, inline="always")
def _scripted_move(kernel, state, moves, n, rng):
    player = _scripted_player(kernel)
    choose = _part(kernel, "playout_move") if player is None else player.heuristic_move
    return lambda kernel, state, moves, n, rng: choose(state, moves, n, rng)


@overload(search_values, jit_options={"cache": True}, inline="always")
def _search_values(kernel, state, values):
    own = _part(kernel, "search_values" if _has(kernel, "search_values") else "terminal_values")
    return lambda kernel, state, values: own(state, values)


@njit(cache=True, nogil=True)
def margins_of_scores(scores):
    """Turn each seat's score into its margin over the best other seat, in place (-inf: not in play)."""
    first = second = -np.inf  # the two highest scores: each seat's best other is one of them
    for score in scores:
        if score > first:
            first, second = score, first
        elif score > second:
            second = score
    for seat in range(scores.shape[0]):
        other = second if scores[seat] == first else first
        scores[seat] = scores[seat] - other if scores[seat] > -np.inf and other > -np.inf else 0.0


@overload(outcome_report, jit_options={"cache": True}, inline="always")
def _outcome_report(kernel, state, values, wins, margins):
    win_shares = _part(kernel, "terminal_values")
    own = _has(kernel, "search_values")  # else `values` are already the win shares
    if not _has(kernel, "scores"):
        # `values` are each seat's win share, or without scores its chance (search_values of a
        # playout cut short: penguins tile boards)
        def report(kernel, state, values, wins, margins):
            wins[:] = values
            margins[:] = 0.0
        return report
    scores = _part(kernel, "scores")

    def scored_report(kernel, state, values, wins, margins):
        if own:
            win_shares(state, wins)
        else:
            wins[:] = values
        scores(state, margins)
        margins_of_scores(margins)
    return scored_report


@overload(has_chance, jit_options={"cache": True}, inline="always")
def _has_chance(kernel):
    dice = bool(_part(kernel, "HAS_CHANCE"))
    return lambda kernel: dice
