"""The penguins record's move functions over kernel move integers: the reference rules and the
notation speak Move objects, so each function decodes or encodes them
(solver/games/penguins/penguins_binding.py holds the integer layout)."""

from __future__ import annotations

from solver.games.penguins import penguins_explain, penguins_notation, penguins_rules
from solver.games.penguins.penguins_binding import decode_move, encode_move


def parse_move(state, text: str) -> int:
    """The legal move written as `text`, as a kernel integer."""
    return encode_move(penguins_notation.parse_move(state, text))


def format_move(state, code: int) -> str:
    """The notation of the kernel move `code`."""
    return penguins_notation.format_move(state, decode_move(code))


def legal_moves(state) -> list[int]:
    """The reference rules' legal moves, as kernel integers, in the rules' order."""
    return [encode_move(move) for move in penguins_rules.legal_moves(state)]


def successor(state, code: int):
    """The reference State after the legal kernel move `code`."""
    return penguins_rules.successor(state, decode_move(code))


def touched(state, code: int) -> tuple[int, ...]:
    """The spaces the kernel move `code` acts on (highlighted by `show --after`)."""
    return penguins_rules.touched_spaces(state, decode_move(code))


def explain(state, code: int, score) -> str:
    """The kernel move `code` in words."""
    return penguins_explain.explain_move(state, decode_move(code), score)
