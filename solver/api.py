"""What the commands do, the same way for every game: read a position, pick and check the engine,
load its kernels before the clock starts, run it. cli.py adds options, help and printing.

Everything here asks the game's record (solver/games/game_record.py); nothing branches on a
game's name.
"""

from __future__ import annotations

import threading
from typing import Callable

from solver.engines.registry import ENGINE_RECORDS, EngineSpec, check_engine
from solver.errors import CalderaError
from solver.limits import check_settings_fit, ctrl_c_stops, usable_threads
from solver.watch import new_stop, search_flag, watch


def load_position(game, position: str | None, after: str = "", board: str | None = None,
                  players: int | None = None, roll: str | None = None, seen_by: str | None = None):
    """Parse a position of `game` (built-in name or notation), start a new game from it on the
    board file `board` and/or for `players` players when given, see it as the seat `seen_by`
    (--as, games with hidden information), play the moves in `after`, and then the chance
    outcome `roll` (the position must be at a roll).

    Returns the position reached and the spaces the last of those moves touched.
    """
    state, touched = game.resolve_position(position), ()
    if board is not None or players is not None:
        if game.restart is None:
            fitting = ", ".join(g.name for g in _games() if g.restart is not None)
            raise CalderaError(f"{game.name} takes no board file or number of players: give a built-in position "
                               f"(caldera positions {game.name}); games that do: {fitting}")
        state = game.restart(state, board, players)
    if seen_by is not None:
        state = view_for(game, state, seen_by)
    for number, text in enumerate(after.split(), start=1):
        try:
            move = game.parse_move(state, text)
        except CalderaError as error:
            raise CalderaError(f"--after, move {number} ({text}): {error}") from None
        state, touched = game.successor(state, move), game.touched(state, move)
    if roll is not None:
        if not game.is_chance(state):
            raise CalderaError(f"--roll {roll}: the position is not at a roll (chance does not move next; "
                               f"{game.seat_name(state)} decides)")
        try:
            state = game.successor(state, game.parse_move(state, roll))
        except CalderaError as error:
            raise CalderaError(f"--roll {roll}: {error}") from None
    return state, touched


def view_for(game, state, seat: str):
    """`state` as the seat lettered `seat` sees it (--as); refused in one line for a game that
    hides nothing or a seat the position does not have."""
    if game.view_of is None:
        hiding = ", ".join(g.name for g in _games() if g.view_of is not None)
        raise CalderaError(f"--as shows a position as one player sees it; {game.name} hides nothing "
                           f"(games with hidden information: {hiding})")
    seats = game.seats[:game.player_count(state)]
    if len(seat) != 1 or seat not in seats:
        raise CalderaError(f"--as {seat}: this position's seats are {' '.join(seats)}")
    return game.view_of(state, seats.index(seat))


def _games() -> list:
    """Every game's record."""
    from solver.games.registry import games

    return games()


def goal_and_budget(game, state, position: str | None, after: str, goal: str | None, budget: int | None):
    """The goal and the action budget left for `state` of a game with goals (a puzzle name brings
    its own unless --goal / --budget are given; --after uses up budget); (None, None) for a game
    without goals or a position that is no puzzle, which refuse --goal and --budget in one line."""
    if game.goals is None or not game.is_single_agent(state):
        for flag, value in (("--goal", goal), ("--budget", budget)):
            if value is not None and game.goals is not None:
                raise CalderaError(f"{flag} sets the goal of a puzzle; this {game.name} position is a game "
                                   "between players, not a puzzle")
            if value is not None:
                raise CalderaError(f"{flag} sets the goal of a puzzle; {game.name} has no goals "
                                   f"(games with goals: {', '.join(goal_games())})")
        return None, None
    return game.goals.of_position(state, position, goal, budget, played=len(after.split()))


def goal_games() -> list[str]:
    """The names of the games whose positions can carry a goal."""
    return [g.name for g in _games() if g.goals is not None]


# The option a user types for each setting where it is not `--<setting>`.
FLAGS = {"hash": "--hash", "memory": "--memory", "time": "--time"}


def options_spec(engine: str, values: dict) -> EngineSpec:
    """The engine spec of the options the user gave (None and False: not given); an option that
    sets another engine's setting is refused in one line."""
    settings = {key: value for key, value in values.items() if value not in (None, False)}
    for key in settings:
        if key not in ENGINE_RECORDS[engine].settings:
            others = [name for name, record in ENGINE_RECORDS.items() if name != engine and key in record.settings]
            flag = FLAGS.get(key, f"--{key}")
            raise CalderaError(f"{flag} is a setting of --engine {' or '.join(others) or 'none'}, not {engine}")
    return EngineSpec.build(engine, settings)


def analysis_spec(game, state, engine: str | None, values: dict) -> EngineSpec:
    """The spec `analyze` runs on `state`: `engine` (else the game's for the position) with the
    options in `values`, where multipv and threads at 1 count as not given; a game's own number of
    lines (hop: every move) where no --multipv is given, and a planner's own time where no limit is."""
    engine = engine or game.engine_for(state)
    record = ENGINE_RECORDS[engine]
    given_multipv = values["multipv"]
    values = {key: None if key in ("multipv", "threads") and value == 1 else value for key, value in values.items()}
    if given_multipv is None and game.analyze_lines > 1 and "multipv" in record.settings:
        values["multipv"] = game.analyze_lines
    if record.goals and values["time"] is None and values["nodes"] is None:
        values["time"] = record.settings["time"].default  # a plan's own default, shown in its spec
    return options_spec(engine, values)


def plans(spec: EngineSpec) -> bool:
    """True when the engine of `spec` plans towards a goal (`plan` runs it) instead of searching."""
    return ENGINE_RECORDS[spec.name].goals


def checked_spec(game, spec: EngineSpec, state) -> EngineSpec:
    """`spec`, once its engine is known to fit the game, the position's number of players, kernel and
    the machine's memory, and the position is no other seat's view than the one to move (a search
    looks from the view of the seat to move)."""
    check_engine(game, spec.name, state)
    check_settings_fit(spec.settings)
    fits_position = ENGINE_RECORDS[spec.name].check_position
    if fits_position is not None:
        fits_position(spec.settings, game.kernel(game.to_kernel(state)))
    viewer = game.viewer(state) if game.viewer is not None else None
    if viewer is not None and not game.is_chance(state) and not game.is_over(state) and viewer != game.to_move(state):
        raise CalderaError(f"this is {game.seats[viewer]}'s view, but {game.seat_name(state)} is to move: a search "
                           f"looks from the view of the player to move (see the position as {game.seat_name(state)})")
    return spec


def is_chance_listing(game, spec: EngineSpec, state) -> bool:
    """True when `analyze` lists the chance outcomes instead of searching (the root is the dice's
    and the engine has no decision to make there)."""
    return game.is_chance(state) and not ENGINE_RECORDS[spec.name].searches_chance_roots


# Kernels are loaded (or compiled) once, by one thread: searches started at once in other threads
# (the analysis board's pages) wait for them instead of compiling the same code side by side.
_PREPARING = threading.Lock()


def search(game, spec: EngineSpec, state, on_progress: Callable | None = None, notice: Callable | None = None):
    """Search `state` of `game` with the engine of `spec`: its kernels loaded first (with the
    compile notice, outside the engine's clock), then the Analysis. Ctrl-C (main thread) or the
    Stopper in force (solver/watch.py `stopped_by`) ends it with its best result so far."""
    from solver.commands.warmup import prepare
    from solver.engines.registry import run_engine

    with _PREPARING:
        prepare(game, (spec.name,), state, **({"notice": notice} if notice else {}))
    words = game.to_kernel(state)
    stop = search_flag()
    with ctrl_c_stops(stop):  # Ctrl-C ends the search with its best result so far
        return run_engine(spec, game.kernel(words), words, stop=stop, plies_to_end=game.plies_to_end(state),
                          on_progress=on_progress)


def mover_view(game, state):
    """`state` as the seat to move sees it (games with hidden information: its view, so an engine
    playing or judging a seat knows only what that seat knows); `state` itself otherwise."""
    return game.view_of(state, game.to_move(state)) if game.view_of is not None else state


def search_as_mover(game, spec: EngineSpec, state):
    """`search` of `state` as the seat to move sees it (`mover_view`)."""
    return search(game, spec, mover_view(game, state))


def plan(game, spec: EngineSpec, state, goal, budget: int, on_progress: Callable | None = None):
    """Run the planner (spec "planner": nodes, time, hash) on a position with a goal: its kernels
    loaded first (with the compile notice), then the PlanResult."""
    from solver.commands.warmup import prepare
    from solver.engines.planner.planner_search import DEFAULT_HASH_MB, solve

    with _PREPARING:
        prepare(game, ("planner",), state)
    s = spec.settings
    stop = search_flag()
    with ctrl_c_stops(stop):  # Ctrl-C ends the search with what it ruled out so far
        return solve(game, state, goal, budget, nodes=s.get("nodes"), seconds=s.get("time"),
                     hash_mb=s.get("hash", DEFAULT_HASH_MB), stop=stop, on_progress=on_progress)


def perft(game, state, depth: int, threads: int, reference: bool, on_root_move: Callable | None = None):
    """Perft of `state` with the kernel (loaded first, with the compile notice) or the reference rules."""
    from solver.commands import perft as counting
    from solver.commands.warmup import prepare

    if reference:  # pure Python: Ctrl-C interrupts it at once, and root_split keeps what was counted
        return counting.reference_perft(game, state, depth, on_root_move=on_root_move)
    prepare(game, ("perft",), state)
    threads, _ = usable_threads(threads)
    stop, done = new_stop(), []
    with ctrl_c_stops(stop):  # the kernel polls the flag: a partial count comes back within a moment
        watch(lambda: done.append(counting.perft(game, game.to_kernel(state), depth, threads,
                                                 on_root_move=on_root_move, stop=stop)), stop, None)
    return done[0]
