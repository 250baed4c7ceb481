"""The meerkats game record (Rauf und Runter, seed 003): what the game is and where its functions live.

Moves are the reference's integers (solver/games/meerkats/meerkats_rules.py), shared with the kernel.
"""

from __future__ import annotations

from solver.games.game_record import Game, functions

GAME = Game(
    name="meerkats", title="Rauf und Runter (meerkats)", seats="ABCD", players=(1, 4),
    chance=True, hidden_information=False, single_agent=False, chance_kind="a die, super tile draws and friend reveals",
    engines=("mcts", "exact", "expectimax", "random"), default_position="dunes-2", hint_seconds=1.0,
    **functions("solver.games.meerkats", {
        "meerkats_notation": "resolve_position format_position builtin_positions warmup_positions parse_move "
                             "format_move restart",
        "meerkats_rules": "legal_moves chance_outcomes successor is_over results reference_perft=perft phase_text",
        "meerkats_board": "render",
        "meerkats_svg": "svg",
        "meerkats_explain": "touched describe_moves explain=explain_move chance_name",
        "meerkats_binding": "to_kernel kernel_name",
        "meerkats_why": "evaluation_terms term_words",
    }),
    players_of=lambda state: state.players,
    # The exact solver for the solo game (it solves in seconds), MCTS with more players (the
    # 7 x 7 races do not fit the exact solver's memory; --engine exact tries any position).
    engine_of=lambda state: "exact" if state.players == 1 else "mcts",
)
