"""The Island Project game record (seed 002): what the game is and where its functions live.

Moves are the reference's integers (solver/games/island/island_rules.py), shared with the kernel.
"""

from __future__ import annotations

from solver.games.game_record import Game, functions

GAME = Game(
    name="island", title="Island Project", seats="ABCD", players=(2, 4),
    chance=True, hidden_information=False, single_agent=False,
    engines=("mcts", "expectimax", "random"), default_position="start2", hint_seconds=0.5,
    **functions("solver.games.island", {
        "island_notation": "resolve_position format_position builtin_positions warmup_positions parse_move format_move",
        "island_rules": "legal_moves chance_outcomes=roll_outcomes successor is_over results reference_perft=perft",
        "island_board": "render",
        "island_svg": "svg",
        "island_explain": "touched=touched_tiles describe_moves explain=explain_move",
        "island_binding": "to_kernel kernel_name",
        "island_why": "evaluation_terms term_words",
    }),
    players_of=lambda state: state.players,
)
