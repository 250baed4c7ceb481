"""The HOP! game record (seed 001): what the game is and where its functions live.

Moves are the reference's integers (solver/games/hop/hop_rules.py), shared with the kernel.
Positions may be views (one player's knowledge, solver/games/hop/hop_view.py): the record's
moves, chance outcomes and successors are the view module's, which play full positions by the
rules and views as their viewer reckons them.
"""

from __future__ import annotations

from solver.games.game_record import Game, functions

GAME = Game(
    name="hop", title="HOP!", seats="ABCDEF", players=(3, 6),
    chance=True, hidden_information=True, single_agent=False, chance_kind="cards, throws and clouds",
    engines=("mcts", "policy", "random"), default_position="start4", hint_seconds=1.0,
    **functions("solver.games.hop", {
        "hop_notation": "resolve_position format_position builtin_positions warmup_positions parse_move format_move",
        "hop_view": "legal_moves chance_outcomes successor view_of",
        "hop_rules": "results to_move reference_perft=perft",
        "hop_board": "render",
        "hop_svg": "svg",
        "hop_explain": "touched=touched_seats describe_moves explain=explain_move chance_name=outcome_name",
        "hop_binding": "to_kernel kernel_name",
        "hop_why": "chance_reason",
    }),
    is_over=lambda state: state.phase == "over",
    players_of=lambda state: state.players,
    viewer=lambda state: state.viewer,
    analyze_lines=8,  # every option of the player to move (five partners at most)
)
