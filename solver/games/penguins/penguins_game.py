"""The penguins game record (seed 000): what the game is and where its functions live.

Moves cross the record as the kernel's move integers; the reference rules speak Move objects,
so the functions below encode and decode them (solver/games/penguins/penguins_binding.py).
"""

from __future__ import annotations

from solver.games.game_record import Game, lazy


def _parse_move(state, text):
    from solver.games.penguins.penguins_binding import encode_move
    from solver.games.penguins.penguins_notation import parse_move

    return encode_move(parse_move(state, text))


def _format_move(state, code):
    from solver.games.penguins.penguins_binding import decode_move
    from solver.games.penguins.penguins_notation import format_move

    return format_move(state, decode_move(code))


def _legal_moves(state):
    from solver.games.penguins.penguins_binding import encode_move
    from solver.games.penguins.penguins_rules import legal_moves

    return [encode_move(m) for m in legal_moves(state)]


def _successor(state, code):
    from solver.games.penguins.penguins_binding import decode_move
    from solver.games.penguins.penguins_rules import successor

    return successor(state, decode_move(code))


def _touched(state, code):
    from solver.games.penguins.penguins_binding import decode_move
    from solver.games.penguins.penguins_rules import touched_spaces

    return touched_spaces(state, decode_move(code))


def _explain(state, code, score):
    from solver.games.penguins.penguins_binding import decode_move
    from solver.games.penguins.penguins_explain import explain_move

    return explain_move(state, decode_move(code), score)


def _is_over(state):
    from solver.games.penguins.penguins_rules import ONGOING, status

    return status(state) != ONGOING


def _builtin_positions():
    from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS

    return dict(BUILTIN_POSITIONS)


def _scenarios():
    from solver.games.penguins.penguins_notation import SCENARIOS

    return list(SCENARIOS)


def _warmup_positions():
    """A small board without tiles and one with them: both kernels (plain and tiles)."""
    from solver.games.penguins.penguins_notation import parse_position

    return [parse_position("4x4 4/4/4/4 - A setup 16/16 3+1/3+1 0"),
            parse_position("5x5 P1I2/5/5/I4/5 hb1,hc4,kd4 A play 5/10 2+1/3+1 4")]


GAME = Game(
    name="penguins",
    title="penguins",
    seats="AB",
    players=(2, 2),
    chance=False,
    hidden_information=False,
    single_agent=False,
    engines=("alphabeta", "mcts", "greedy", "random"),
    default_position="start",
    hint_seconds=0.8,
    resolve_position=lazy("solver.games.penguins.penguins_notation", "resolve_position"),
    format_position=lazy("solver.games.penguins.penguins_notation", "format_position"),
    builtin_positions=_builtin_positions,
    parse_move=_parse_move,
    format_move=_format_move,
    legal_moves=_legal_moves,
    chance_outcomes=lambda state: [],
    successor=_successor,
    is_over=_is_over,
    results=lazy("solver.games.penguins.penguins_rules", "results"),
    players_of=lambda state: 2,
    to_move=lambda state: state.to_move,
    plies_to_end=lambda state: max(0, state.rules.ply_cap - state.ply),
    phase_text=lambda state: state.phase,
    reference_perft=lazy("solver.games.penguins.penguins_rules", "perft"),
    render=lazy("solver.games.penguins.penguins_board", "render"),
    touched=_touched,
    describe_moves=lazy("solver.games.penguins.penguins_explain", "describe_moves"),
    explain=_explain,
    to_kernel=lazy("solver.games.penguins.penguins_binding", "to_kernel"),
    kernel_name=lazy("solver.games.penguins.penguins_binding", "kernel_name"),
    kernel_plies_to_end=lazy("solver.games.penguins.penguins_binding", "plies_to_end"),
    warmup_positions=_warmup_positions,
    seat_label=lazy("solver.games.penguins.penguins_rules", "seat_label"),
    scenarios=_scenarios,
)
