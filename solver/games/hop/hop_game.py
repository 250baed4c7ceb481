"""The HOP! game record (seed 001): what the game is and where its functions live.

Moves are the reference's integers (solver/games/hop/hop_rules.py), shared with the kernel.
Positions may be views (one player's knowledge, solver/games/hop/hop_view.py): the record's
moves, chance outcomes and successors are the view module's, which play full positions by the
rules and views as their viewer reckons them.
"""

from __future__ import annotations

from solver.games.game_record import Game, lazy

RULES, VIEW, NOTATION = "solver.games.hop.hop_rules", "solver.games.hop.hop_view", "solver.games.hop.hop_notation"
EXPLAIN, BINDING = "solver.games.hop.hop_explain", "solver.games.hop.hop_binding"


def _chance_outcomes(state):
    from solver.games.hop.hop_rules import is_chance
    from solver.games.hop.hop_view import chance_outcomes

    return chance_outcomes(state) if is_chance(state) else []


def _builtin_positions():
    from solver.games.hop.hop_notation import BUILTIN_POSITIONS

    return dict(BUILTIN_POSITIONS)


def _warmup_positions():
    from solver.games.hop.hop_rules import new_game

    return [new_game(3)]


GAME = Game(
    name="hop",
    title="HOP!",
    seats="ABCDEF",
    players=(3, 6),
    chance=True,
    hidden_information=True,
    single_agent=False,
    engines=("mcts", "policy", "random"),
    default_position="start4",
    hint_seconds=1.0,
    resolve_position=lazy(NOTATION, "resolve_position"),
    format_position=lazy(NOTATION, "format_position"),
    builtin_positions=_builtin_positions,
    parse_move=lazy(NOTATION, "parse_move"),
    format_move=lazy(NOTATION, "format_move"),
    legal_moves=lazy(VIEW, "legal_moves"),
    chance_outcomes=_chance_outcomes,
    successor=lazy(VIEW, "successor"),
    is_over=lambda state: state.phase == "over",
    results=lazy(RULES, "results"),
    players_of=lambda state: state.players,
    to_move=lazy(RULES, "to_move"),
    plies_to_end=lambda state: None,
    phase_text=lambda state: state.phase,
    reference_perft=lazy(RULES, "perft"),
    render=lazy("solver.games.hop.hop_board", "render"),
    touched=lazy(EXPLAIN, "touched_seats"),
    describe_moves=lazy(EXPLAIN, "describe_moves"),
    explain=lazy(EXPLAIN, "explain_move"),
    to_kernel=lazy(BINDING, "to_kernel"),
    kernel_name=lazy(BINDING, "kernel_name"),
    kernel_plies_to_end=lambda words: None,
    warmup_positions=_warmup_positions,
    view_of=lazy(VIEW, "view_of"),
    viewer=lambda state: state.viewer,
    chance_name=lazy(EXPLAIN, "outcome_name"),
)
