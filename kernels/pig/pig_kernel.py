"""The dice game Pig as a kernel for the exact solver's test (tests/search/test_exact.py); not a
registered game, no record or notation.

Pig (Neller and Presser, "Optimal Play of the Dice Game Pig", 2004): two players race to GOAL
points. On a turn the player rolls a die again and again: a 1 ends the turn and loses the points
of the turn; any other number adds to the turn's total. The player may hold instead (after at
least one roll): the turn's total is banked and the turn passes. A player whose banked score
plus the turn's total reaches the goal has won (holding then is the only sensible move, so the
game ends there, as in the paper's equations). With both players optimal the first player wins
with probability 0.5306 at goal 100.

Words: 0, 1 the banked scores; 2 the turn's total; 3 the mover; 4 the phase (DECIDE, or ROLLED:
the die is in the air); 5 the winner + 1 (0 while the game runs); 6 turns played; 7 the goal;
8 the turn cap. Moves: ROLL, HOLD at a decision, the die's number (1..6) at a chance node.
"""

import numpy as np
from numba import njit

from kernels.bits import copy_words

MAX_MOVES, SEATS, STATE_LEN, HAS_CHANCE = 6, 2, 9, True
SOLVE_KEY_LEN = 1
TOTAL, MOVER, PHASE, WINNER, TURN, GOAL, CAP = 2, 3, 4, 5, 6, 7, 8
DECIDE, ROLLED = 0, 1
ROLL, HOLD = 10, 11
NO_CAP = 1 << 40


def new_game(goal: int = 100) -> np.ndarray:
    """The start: no points, the first player to decide, no turn cap."""
    state = np.zeros(STATE_LEN, dtype=np.uint64)
    state[GOAL], state[CAP] = goal, NO_CAP
    return state


@njit(cache=True)
def legal_moves(state, out):
    """Roll, or hold once the turn has a total; the die's numbers while it is in the air; none
    once won."""
    if state[WINNER] != 0:
        return 0
    if state[PHASE] == ROLLED:
        for face in range(6):
            out[face] = face + 1
        return 6
    out[0] = ROLL
    if state[TOTAL] == 0:
        return 1
    out[1] = HOLD
    return 2


@njit(cache=True)
def _pass_turn(state, out):
    """The turn's total is gone (banked or lost): the other player decides."""
    out[TOTAL] = 0
    out[MOVER] = 1 - state[MOVER]
    out[PHASE] = DECIDE
    out[TURN] = state[TURN] + np.uint64(1)


@njit(cache=True)
def apply(state, move, out):
    """The position after `move`."""
    copy_words(state, out)
    mover = np.int64(state[MOVER])
    if move == ROLL:
        out[PHASE] = ROLLED
    elif move == HOLD:
        out[mover] = state[mover] + state[TOTAL]
        _pass_turn(state, out)
    elif move == 1:
        _pass_turn(state, out)
    else:
        out[TOTAL] = state[TOTAL] + np.uint64(move)
        out[PHASE] = DECIDE
        if out[mover] + out[TOTAL] >= state[GOAL]:
            out[WINNER] = mover + 1


@njit(cache=True)
def is_over(state):
    """A player has reached the goal."""
    return state[WINNER] != 0


@njit(cache=True)
def to_move(state):
    """The player whose turn it is."""
    return np.int64(state[MOVER])


@njit(cache=True)
def terminal_values(state, values):
    """1 for the winner, 0 for the other."""
    values[0] = 1.0 if state[WINNER] == 1 else 0.0
    values[1] = 1.0 if state[WINNER] == 2 else 0.0


@njit(cache=True)
def is_chance(state):
    """The die is in the air."""
    return state[PHASE] == ROLLED and state[WINNER] == 0


@njit(cache=True)
def chance_outcomes(state, out_moves, out_probs):
    """The die's six numbers, 1/6 each (none at a decision)."""
    if not is_chance(state):
        return 0
    for face in range(6):
        out_moves[face] = face + 1
        out_probs[face] = 1.0 / 6.0
    return 6


@njit(cache=True)
def solve_key(state, key):
    """Scores, turn total, mover, phase and winner in one word (7 bits each)."""
    key[0] = (state[0] | (state[1] << np.uint64(7)) | (state[TOTAL] << np.uint64(14)) | (state[MOVER] << np.uint64(21))
              | (state[PHASE] << np.uint64(22)) | (state[WINNER] << np.uint64(23)))


@njit(cache=True)
def solve_state(root, key, out):
    """The position of `key` with `root`'s goal, at turn 0 and no turn cap."""
    copy_words(root, out)
    word = key[0]
    mask = np.uint64(127)
    out[0] = word & mask
    out[1] = (word >> np.uint64(7)) & mask
    out[TOTAL] = (word >> np.uint64(14)) & mask
    out[MOVER] = (word >> np.uint64(21)) & np.uint64(1)
    out[PHASE] = (word >> np.uint64(22)) & np.uint64(1)
    out[WINNER] = (word >> np.uint64(23)) & np.uint64(3)
    out[TURN] = 0
    out[CAP] = NO_CAP


@njit(cache=True)
def turn_clock(state):
    """Turns played."""
    return np.int64(state[TURN])


@njit(cache=True)
def turns_left(state):
    """Turns before the cap (Pig has none: NO_CAP)."""
    return np.int64(state[CAP]) - np.int64(state[TURN])


@njit(cache=True)
def seat_count(state):
    """Two players."""
    return 2
