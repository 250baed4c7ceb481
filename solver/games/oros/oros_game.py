"""The Oros game record (seed 004): tectonics on a wrapping map, played today as shaping puzzles
(a position with a goal, solved by the planner). Moves are the reference's integers
(solver/games/oros/oros_rules.py), shared with the kernel.
"""

from __future__ import annotations

from solver.games.game_record import Game, Goals, functions

GAME = Game(
    name="oros", title="Oros tectonics", seats="A", players=(1, 1),
    chance=False, hidden_information=False,
    single_agent=True,  # one shaper reaching a goal (O-7); the full game adds players later
    engines=("planner",), default_position="start", hint_seconds=10.0,
    **functions("solver.games.oros", {
        "oros_puzzles": "resolve_position builtin_positions puzzles warmup_positions",
        "oros_notation": "format_position parse_move format_move",
        "oros_rules": "legal_moves successor reference_perft=perft",
        "oros_board": "render",
        "oros_svg": "svg",
        "oros_explain": "touched=touched_cells describe_moves explain=explain_move",
        "oros_binding": "to_kernel kernel_name",
    }),
    is_over=lambda state: False,  # a map can always be reshaped; a puzzle ends at its goal
    to_move=lambda state: 0,
    phase_text=lambda state: "tectonics",
    goals=Goals(**functions("solver.games.oros", {
        "oros_goals": "parse=goal_for format=format_goal describe=describe_goal encode=encode_goal is_met=goal_met",
        "oros_puzzles": "of_position=puzzle_goal_and_budget warmup=warmup_goal",
    })),
)
