"""The Island Project game record (seed 002): what the game is and where its functions live.

Moves are the reference's integers (solver/games/island/island_rules.py), shared with the kernel.
"""

from __future__ import annotations

from solver.games.game_record import Game, lazy


def _chance_outcomes(state):
    from solver.games.island.island_rules import chance_outcomes, is_chance

    return chance_outcomes(state) if is_chance(state) else []


def _is_over(state):
    from solver.games.island.island_rules import OVER

    return state.phase == OVER


def _builtin_positions():
    from solver.games.island.island_notation import BUILTIN_POSITIONS

    return dict(BUILTIN_POSITIONS)


def _warmup_positions():
    from solver.games.island.island_rules import new_game

    return [new_game(2)]


GAME = Game(
    name="island",
    title="Island Project",
    seats="ABCD",
    players=(2, 4),
    chance=True,
    hidden_information=False,
    single_agent=False,
    engines=("mcts", "expectimax", "random"),
    default_position="start2",
    hint_seconds=0.5,
    resolve_position=lazy("solver.games.island.island_notation", "resolve_position"),
    format_position=lazy("solver.games.island.island_notation", "format_position"),
    builtin_positions=_builtin_positions,
    parse_move=lazy("solver.games.island.island_notation", "parse_move"),
    format_move=lazy("solver.games.island.island_notation", "format_move"),
    legal_moves=lazy("solver.games.island.island_rules", "legal_moves"),
    chance_outcomes=_chance_outcomes,
    successor=lazy("solver.games.island.island_rules", "successor"),
    is_over=_is_over,
    results=lazy("solver.games.island.island_rules", "results"),
    players_of=lambda state: state.players,
    to_move=lambda state: state.to_move,
    plies_to_end=lambda state: None,
    phase_text=lambda state: state.phase,
    reference_perft=lazy("solver.games.island.island_rules", "perft"),
    render=lazy("solver.games.island.island_board", "render"),
    touched=lazy("solver.games.island.island_explain", "touched_tiles"),
    describe_moves=lazy("solver.games.island.island_explain", "describe_moves"),
    explain=lazy("solver.games.island.island_explain", "explain_move"),
    to_kernel=lazy("solver.games.island.island_binding", "to_kernel"),
    kernel_name=lazy("solver.games.island.island_binding", "kernel_name"),
    kernel_plies_to_end=lambda words: None,
    warmup_positions=_warmup_positions,
)
