"""The meerkats game record (Rauf und Runter, seed 003): what the game is and where its functions live.

Moves are the reference's integers (solver/games/meerkats/meerkats_rules.py), shared with the kernel.
"""

from __future__ import annotations

from solver.games.game_record import Game, lazy

RULES = "solver.games.meerkats.meerkats_rules"
NOTATION = "solver.games.meerkats.meerkats_notation"
EXPLAIN = "solver.games.meerkats.meerkats_explain"
BINDING = "solver.games.meerkats.meerkats_binding"


def _builtin_positions():
    from solver.games.meerkats.meerkats_notation import BUILTIN_POSITIONS

    return dict(BUILTIN_POSITIONS)


def _engine_of(state):
    """The exact solver for the solo game (it solves in seconds), MCTS with more players (the
    exact solver fits two players with one friend each; --engine exact tries any)."""
    return "exact" if state.players == 1 else "mcts"


def _warmup_positions():
    from solver.games.meerkats.meerkats_notation import resolve_position

    return [resolve_position("dunes-dash")]


GAME = Game(
    name="meerkats",
    title="Rauf und Runter (meerkats)",
    seats="ABCD",
    players=(1, 4),
    chance=True,
    hidden_information=False,
    single_agent=False,
    engines=("mcts", "exact", "expectimax", "random"),
    default_position="dunes-2",
    hint_seconds=1.0,
    resolve_position=lazy(NOTATION, "resolve_position"),
    format_position=lazy(NOTATION, "format_position"),
    builtin_positions=_builtin_positions,
    parse_move=lazy(NOTATION, "parse_move"),
    format_move=lazy(NOTATION, "format_move"),
    legal_moves=lazy(RULES, "legal_moves"),
    chance_outcomes=lazy(RULES, "chance_outcomes"),
    successor=lazy(RULES, "successor"),
    is_over=lazy(RULES, "is_over"),
    results=lazy(RULES, "results"),
    players_of=lambda state: state.players,
    to_move=lambda state: state.to_move,
    plies_to_end=lambda state: None,
    phase_text=lambda state: state.phase if state.phase != "move" else f"move, walk {state.roll}",
    reference_perft=lazy(RULES, "perft"),
    render=lazy("solver.games.meerkats.meerkats_board", "render"),
    touched=lazy(EXPLAIN, "touched"),
    describe_moves=lazy(EXPLAIN, "describe_moves"),
    explain=lazy(EXPLAIN, "explain_move"),
    to_kernel=lazy(BINDING, "to_kernel"),
    kernel_name=lazy(BINDING, "kernel_name"),
    kernel_plies_to_end=lambda words: None,
    warmup_positions=_warmup_positions,
    engine_of=_engine_of,
    restart=lazy(NOTATION, "restart"),
)
