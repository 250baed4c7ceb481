"""The Oros game record (seed 004): two kinds of position under one game id.

A tectonics map (solver/games/oros/oros_rules.py State) is a shaping puzzle: a position with a
goal, one shaper, solved by the planner (O-7). A full game (oros_full_state.py State, rulings
O-8..O-14) has 1-4 players and AI opponents whose card draws are chance moves; MCTS plays it.
`by_kind` is the one place that tells them apart: each record function that differs calls the
puzzle's or the full game's by the position's class. Moves are the kernels' integers.
"""

from __future__ import annotations

from typing import Callable

from kernels import Kernel
from solver.games.game_record import Game, Goals, functions, lazy

PACKAGE = "solver.games.oros"


def is_full_game(state) -> bool:
    """Whether `state` is a full-game position (not a tectonics map)."""
    from solver.games.oros.oros_full_state import State

    return isinstance(state, State)


def by_kind(puzzle: Callable, full: Callable) -> Callable:
    """A record function that calls `puzzle` on a tectonics map and `full` on a full-game position
    (the position is the first argument)."""

    def call(state, *args, **kwargs):
        return (full if is_full_game(state) else puzzle)(state, *args, **kwargs)

    return call


def kinds(puzzle_module: str, full_module: str, names: str) -> dict[str, Callable]:
    """Record fields dispatched by `by_kind`: "field" or "field=function" words, each taken from
    both modules (the function of the same name in each)."""
    puzzle = functions(PACKAGE, {puzzle_module: names})
    full = functions(PACKAGE, {full_module: names})
    return {field: by_kind(puzzle[field], full[field]) for field in puzzle}


def kernel_name(words) -> Kernel:
    """The kernel that plays a kernel array: the tectonics kernel for a map's, the full game's for the longer rest."""
    from kernels.oros import oros_layout

    return Kernel("oros.oros_kernel" if len(words) == oros_layout.STATE_LEN else "oros.oros_game_kernel")


GAME = Game(
    name="oros", title="Oros", seats="ABCD", players=(1, 4),
    chance=True,  # the full game's AI card draws; a tectonics map has none
    hidden_information=False,
    single_agent=True,  # a tectonics map: one shaper reaching a goal (O-7); single_agent_of says which
    engines=("planner", "mcts", "random", "policy", "heuristic"), default_position="start", hint_seconds=10.0,
    chance_kind="AI card draws (the full game)", score_name="knowledge",
    **functions(PACKAGE, {
        "oros_positions": "resolve_position builtin_positions warmup_positions",
        "oros_puzzles": "puzzles",
    }),
    **kinds("oros_notation", "oros_game_notation", "format_position"),
    **kinds("oros_notation", "oros_full_game", "parse_move format_move"),
    **kinds("oros_rules", "oros_full_game", "legal_moves successor reference_perft=perft"),
    **kinds("oros_board", "oros_full_board", "render"),
    **kinds("oros_explain", "oros_full_explain", "touched=touched_cells strokes describe_moves explain=explain_move"),
    **kinds("oros_binding", "oros_game_binding", "to_kernel"),
    kernel_name=kernel_name,
    is_over=by_kind(lambda state: False, lazy(f"{PACKAGE}.oros_full_rules", "is_over")),  # a map can always be reshaped
    chance_outcomes=by_kind(lambda state: [], lazy(f"{PACKAGE}.oros_full_game", "chance_outcomes")),
    results=by_kind(lambda state: (), lazy(f"{PACKAGE}.oros_full_game", "results")),
    players_of=by_kind(lambda state: 1, lazy(f"{PACKAGE}.oros_full_game", "players")),
    to_move=by_kind(lambda state: 0, lazy(f"{PACKAGE}.oros_full_rules", "mover")),
    phase_text=by_kind(lambda state: "tectonics", lazy(f"{PACKAGE}.oros_full_game", "phase_text")),
    chance_name=lazy(f"{PACKAGE}.oros_full_game", "chance_name"),  # only a full game has chance
    engine_of=by_kind(lambda state: "planner", lambda state: "mcts"),
    plan_words=by_kind(lambda state, line: "", lazy(f"{PACKAGE}.oros_full_plan", "plan_words")),  # a puzzle's plan is the planner's
    hint_seconds_of=by_kind(lambda state: 10.0, lambda state: 1.0),  # the planner stops once solved; MCTS uses it all
    single_agent_of=lambda state: not is_full_game(state),
    svg=by_kind(lazy(f"{PACKAGE}.oros_svg", "svg"), lazy(f"{PACKAGE}.oros_full_svg", "svg")),
    goals=Goals(**functions(PACKAGE, {
        "oros_goals": "parse=goal_for format=format_goal describe=describe_goal encode=encode_goal is_met=goal_met",
        "oros_puzzles": "of_position=puzzle_goal_and_budget warmup=warmup_goal",
    })),
)
