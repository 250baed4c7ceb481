"""The penguins game record (seed 000): what the game is and where its functions live.

Moves cross the record as the kernel's move integers (solver/games/penguins/penguins_integer_moves.py
turns them into the reference rules' Move objects and back).
"""

from __future__ import annotations

from solver.games.game_record import Game, functions


GAME = Game(
    name="penguins", title="penguins", seats="AB", players=(2, 2),
    chance=False, hidden_information=False, single_agent=False,
    engines=("alphabeta", "mcts", "greedy", "random"), default_position="start", hint_seconds=0.8,
    **functions("solver.games.penguins", {
        "penguins_notation": "format_position builtin_positions scenarios warmup_positions",
        "penguins_puzzles": "resolve_position puzzles",
        "penguins_integer_moves": "parse_move format_move legal_moves successor touched explain",
        "penguins_rules": "is_over results seat_label reference_perft=perft",
        "penguins_board": "render",
        "penguins_svg": "svg",
        "penguins_explain": "describe_moves",
        "penguins_binding": "to_kernel kernel_name kernel_plies_to_end=plies_to_end",
        "penguins_why": "evaluation_terms term_words",
    }),
    plies_to_end=lambda state: max(0, state.rules.ply_cap - state.ply),  # the ply cap (P-8)
    part_kernels=("penguins.penguins_kernel",),  # a tile move: its action, then its follow-ups and effects
)
