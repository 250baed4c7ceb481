"""The Oros game record (seed 004): tectonics on a wrapping map, played today as shaping puzzles
(a position with a goal, solved by the planner). Moves are the reference's integers
(solver/games/oros/oros_rules.py), shared with the kernel.
"""

from __future__ import annotations

from solver.games.game_record import Game, Goals, lazy


def _resolve_position(text):
    """A built-in position or puzzle name (see `caldera puzzles oros`), notation text, or None."""
    from solver.games.notation_tools import resolve
    from solver.games.oros.oros_notation import DEFAULT_POSITION, parse_position

    return resolve(text, _builtin_positions(), DEFAULT_POSITION, parse_position)


def _builtin_positions():
    from solver.games.oros.oros_notation import BUILTIN_POSITIONS
    from solver.games.oros.oros_puzzles import PUZZLES

    return {**BUILTIN_POSITIONS, **{puzzle.name: puzzle.position for puzzle in PUZZLES}}


def _puzzles():
    from solver.games.oros.oros_puzzles import PUZZLES

    return list(PUZZLES)


def _warmup_positions():
    return [_warmup_goal()[0]]


def _warmup_goal():
    """One level-4 tile on a 3x3 map and a goal one drift away: the planner's bound lets a pass
    run, so the search itself is loaded too."""
    from solver.games.oros import oros_rules
    from solver.games.oros.oros_goals import goal_for

    state = oros_rules.new_map(3, 3, (4,) + (oros_rules.SEA,) * 8)
    return state, goal_for("level4@b1", state), 1


GAME = Game(
    name="oros",
    title="Oros tectonics",
    seats="A",
    players=(1, 1),
    chance=False,
    hidden_information=False,
    single_agent=True,  # one shaper reaching a goal (O-7); the full game adds players later
    engines=("planner",),
    default_position="start",
    hint_seconds=10.0,
    resolve_position=_resolve_position,
    format_position=lazy("solver.games.oros.oros_notation", "format_position"),
    builtin_positions=_builtin_positions,
    parse_move=lazy("solver.games.oros.oros_notation", "parse_move"),
    format_move=lazy("solver.games.oros.oros_notation", "format_move"),
    legal_moves=lazy("solver.games.oros.oros_rules", "legal_moves"),
    chance_outcomes=lambda state: [],
    successor=lazy("solver.games.oros.oros_rules", "successor"),
    is_over=lambda state: False,  # a map can always be reshaped; a puzzle ends at its goal
    results=lambda state: (),
    players_of=lambda state: 1,
    to_move=lambda state: 0,
    plies_to_end=lambda state: None,
    phase_text=lambda state: "tectonics",
    reference_perft=lazy("solver.games.oros.oros_rules", "perft"),
    render=lazy("solver.games.oros.oros_board", "render"),
    touched=lazy("solver.games.oros.oros_explain", "touched_cells"),
    describe_moves=lazy("solver.games.oros.oros_explain", "describe_moves"),
    explain=lazy("solver.games.oros.oros_explain", "explain_move"),
    to_kernel=lazy("solver.games.oros.oros_binding", "to_kernel"),
    kernel_name=lazy("solver.games.oros.oros_binding", "kernel_name"),
    kernel_plies_to_end=lambda words: None,
    warmup_positions=_warmup_positions,
    puzzles=_puzzles,
    goals=Goals(
        parse=lazy("solver.games.oros.oros_goals", "goal_for"),
        format=lazy("solver.games.oros.oros_goals", "format_goal"),
        describe=lazy("solver.games.oros.oros_goals", "describe_goal"),
        encode=lazy("solver.games.oros.oros_goals", "encode_goal"),
        is_met=lazy("solver.games.oros.oros_goals", "goal_met"),
        of_position=lazy("solver.games.oros.oros_puzzles", "puzzle_goal_and_budget"),
        warmup=_warmup_goal,
    ),
)
