"""Pieces shared by the reference rules of the games with chance moves (island, hop, meerkats)."""

from __future__ import annotations

from typing import Any, Callable, Sequence


def chance_perft(state: Any, depth: int, chance_outcomes: Callable, legal_moves: Callable, successor: Callable) -> int:
    """Move sequences of `depth` decision plies below `state`; every chance outcome is expanded
    without using up depth, so each outcome path counts (the perft of the games with dice)."""
    if depth == 0:
        return 1
    outcomes = chance_outcomes(state)
    if outcomes:
        return sum(chance_perft(successor(state, code), depth, chance_outcomes, legal_moves, successor)
                   for code, _ in outcomes)
    return sum(chance_perft(successor(state, code), depth - 1, chance_outcomes, legal_moves, successor)
               for code in legal_moves(state))


def win_shares(keys: Sequence) -> tuple[float, ...]:
    """Each seat's share of the win from its ranking key (higher wins): the seats with the best
    key share 1 equally, the others get 0."""
    best = max(keys)
    winners = [seat for seat, key in enumerate(keys) if key == best]
    return tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(len(keys)))


def checked_apply(legal_moves: Callable, successor: Callable) -> Callable:
    """A game's apply(state, code): the position after `code`, IllegalMove if it is not legal here."""
    from solver.errors import IllegalMove

    def apply(state, code: int):
        """The position after `code`; raises IllegalMove if it is not legal here."""
        if code not in legal_moves(state):
            raise IllegalMove(f"move {code:#x} is not legal in phase {state.phase}")
        return successor(state, code)

    return apply
