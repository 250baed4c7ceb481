"""The chance operations of a kernel whose game has no chance moves (kernels/dispatch.py): a game
without dice imports these instead of writing its own."""

from numba import njit


@njit(cache=True, inline="always")
def is_chance(state):
    """No position is a chance node."""
    return False


@njit(cache=True, inline="always")
def chance_outcomes(state, out_moves, out_probs):
    """No chance outcomes."""
    return 0
