"""Scenario helpers that run the reference rules and the kernel side by side and insist they agree."""

import numpy as np

from solver.games.penguins import penguins_binding as binding
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_notation import format_move, parse_move


def play(state: ref.State, moves: str) -> ref.State:
    """The position after `moves`, checking at every ply that the kernel makes the same successor."""
    for text in moves.split():
        move = parse_move(state, text)
        after = ref.apply(state, move)
        kernel_after = binding.successor(binding.to_kernel(state), binding.encode_move(move))
        assert np.array_equal(kernel_after, binding.to_kernel(after)), text
        state = after
    return state


def listed(state: ref.State, keep) -> set[str]:
    """The texts of the legal moves for which `keep(move)` holds; the kernel must list exactly the
    same moves, in the same order (docs/rules/penguins.md section 11, "Order of the list")."""
    from_reference = [format_move(state, m) for m in ref.legal_moves(state) if keep(m)]
    decoded = (binding.decode_move(code) for code in binding.legal_moves(binding.to_kernel(state)))
    assert [format_move(state, m) for m in decoded if keep(m)] == from_reference
    return set(from_reference)
