"""Penguins moves in plain words: what a move does on the board, for `moves` and later `hint`."""

from __future__ import annotations

from solver.games import penguins_kernel
from solver.games.penguins import HATCH, LAND, RIVAL_EGG, SIDES, SLIDE, Move, State, hatchling, slide_path
from solver.games.penguins_notation import format_move, square_name

ACTION_TITLES = {RIVAL_EGG: "rival egg", LAND: "land", HATCH: "hatch", SLIDE: "slide"}


def kernel_moves(state: State) -> list[Move]:
    """The legal moves of `state` as the kernel generates them."""
    words = penguins_kernel.to_kernel(state)
    return [penguins_kernel.decode_move(code) for code in penguins_kernel.legal_moves(words)]


def slide_effects(state: State, move: Move) -> str:
    """Where a slide stops, how many eggs it lays and how many rival eggs it captures (P-6, P-7)."""
    path = slide_path(state, move.square, move.direction)
    eggs = min(1 + len(path.passed), state.supply[state.to_move])
    words = f"to {square_name(state.width, path.stop)}, {eggs} egg{'s' if eggs != 1 else ''}"
    if path.captured:
        words += f", captures {len(path.captured)}"
    if eggs == state.supply[state.to_move]:
        words += ", wins"
    return words


def describe_moves(state: State) -> list[str]:
    """Lines listing the legal moves of the side to move, grouped by action."""
    moves = kernel_moves(state)
    side = SIDES[state.to_move]
    if not moves:
        return [f"no legal moves for {side} (the game is over)"]
    lines = [f"{len(moves)} legal moves for {side} ({state.phase}):"]
    for action, title in ACTION_TITLES.items():
        group = [m for m in moves if m.action == action]
        if not group:
            continue
        if action == SLIDE:
            for move in group:
                lines.append(f"  {title:9} {format_move(state, move):7} {slide_effects(state, move)}")
        else:
            note = f" (brings on the {hatchling(state)})" if action == HATCH else ""
            lines.append(f"  {title:9} {' '.join(format_move(state, m) for m in group)}{note}")
    return lines
