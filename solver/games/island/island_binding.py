"""The binding between the Island Project reference State and the bitboard kernel's array.

Move integers are shared (solver/games/island/island_rules.py's layout), so only positions are converted.
Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

import importlib
from fractions import Fraction

import numpy as np

from solver.games.island.island_rules import (
    ACTION1,
    ACTION2,
    CHOOSING,
    FACES,
    NATIVE as T_NATIVE,
    NEWLAND as T_NEWLAND,
    OVER,
    PLATEAU as T_PLATEAU,
    ROLLING,
    SHIFTING,
    TILES,
    State,
)
from solver.games.kernel_calls import legal_move_list, next_state

# Word indices and codes of kernels/island/island_kernel.py, repeated here so that converting a position does
# not import numba; tests/island/test_island_differential.py checks they match the kernel's.
NATIVE, NEWLAND, PLATEAU, MARKERS = 0, 1, 2, 3
PEOPLE, PLANES = 4, 3  # PEOPLE + PLANES * seat + k: bit k of the seat's count on each tile
RESERVE, FOOD = 16, 20
NEWLAND_SUPPLY, PLATEAU_SUPPLY, MARKER_SUPPLY = 24, 25, 26
PLAYERS, TO_MOVE, PHASE, PREVIOUS_SHIFT, SHIFT, DICE, FED, TURN, TURN_CAP = range(27, 36)
STATE_LEN = 36
MAX_SEATS = 4
NONE = 255
PHASE_CODES = {SHIFTING: 0, ROLLING: 1, CHOOSING: 2, ACTION1: 3, ACTION2: 4, OVER: 5}
PHASE_OF_CODE = {code: phase for phase, code in PHASE_CODES.items()}
# bytes.translate tables: byte v -> b'1' if v == value (IS_VALUE) or if bit k of v is set (HAS_BIT).
IS_VALUE = [bytes(ord('1') if v == value else ord('0') for v in range(256)) for value in range(4)]
HAS_BIT = [bytes(ord('1') if v >> k & 1 else ord('0') for v in range(256)) for k in range(PLANES)]
BOARD = (1 << TILES) - 1


def kernel():
    """The numba kernel module (imports numba and loads or compiles the kernels)."""
    return importlib.import_module("kernels.island.island_kernel")


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`."""
    words = [0] * STATE_LEN
    # Each board as a string of '0'/'1' (tile 24 first) read in base 2: C speed, no tile loop.
    terrain = bytes(state.terrain[::-1])
    words[NATIVE] = int(terrain.translate(IS_VALUE[T_NATIVE]), 2)
    words[NEWLAND] = int(terrain.translate(IS_VALUE[T_NEWLAND]), 2)
    words[PLATEAU] = int(terrain.translate(IS_VALUE[T_PLATEAU]), 2)
    words[MARKERS] = int(bytes(state.markers[::-1]).translate(HAS_BIT[0]), 2)
    for seat, counts in enumerate(state.people):
        base = PEOPLE + PLANES * seat
        if any(counts):
            row = bytes(counts[::-1])
            for k in range(PLANES):
                words[base + k] = int(row.translate(HAS_BIT[k]), 2)
        words[RESERVE + seat] = state.reserve[seat]
        words[FOOD + seat] = state.food[seat]
    words[NEWLAND_SUPPLY] = state.newland_supply
    words[PLATEAU_SUPPLY] = state.plateau_supply
    words[MARKER_SUPPLY] = state.marker_supply
    words[PLAYERS] = state.players
    words[TO_MOVE] = state.to_move
    words[PHASE] = PHASE_CODES[state.phase]
    words[PREVIOUS_SHIFT] = NONE if state.previous_shift < 0 else state.previous_shift
    words[SHIFT] = NONE if state.shift < 0 else state.shift
    words[DICE] = NONE if state.dice is None else state.dice[0] * FACES + state.dice[1]
    words[FED] = int(state.fed)
    words[TURN] = state.turn
    words[TURN_CAP] = state.turn_cap
    return np.array(words, dtype=np.uint64)


def _bits(word: int) -> list[int]:
    """The 25 bits of a board word, tile 0 first."""
    return [int(ch) for ch in reversed(format(word & BOARD, "025b"))]


def from_kernel(words: np.ndarray) -> State:
    """The reference State of a kernel array (the array holds the whole position)."""
    w = words.tolist()
    players = w[PLAYERS]
    terrain = tuple(n + 2 * l + 3 * p for n, l, p in zip(_bits(w[NATIVE]), _bits(w[NEWLAND]), _bits(w[PLATEAU])))
    people = []
    for seat in range(players):
        base = PEOPLE + PLANES * seat
        if w[base] | w[base + 1] | w[base + 2]:
            people.append(tuple(a + 2 * b + 4 * c for a, b, c in
                                zip(_bits(w[base]), _bits(w[base + 1]), _bits(w[base + 2]))))
        else:
            people.append((0,) * TILES)
    return State(
        players=players,
        terrain=terrain,
        markers=tuple(bool(x) for x in _bits(w[MARKERS])),
        people=tuple(people),
        reserve=tuple(w[RESERVE:RESERVE + players]),
        food=tuple(w[FOOD:FOOD + players]),
        newland_supply=w[NEWLAND_SUPPLY],
        plateau_supply=w[PLATEAU_SUPPLY],
        marker_supply=w[MARKER_SUPPLY],
        to_move=w[TO_MOVE],
        phase=PHASE_OF_CODE[w[PHASE]],
        previous_shift=-1 if w[PREVIOUS_SHIFT] == NONE else w[PREVIOUS_SHIFT],
        shift=-1 if w[SHIFT] == NONE else w[SHIFT],
        dice=None if w[DICE] == NONE else divmod(w[DICE], FACES),
        fed=bool(w[FED]),
        turn=w[TURN],
        turn_cap=w[TURN_CAP],
    )


def legal_moves(words: np.ndarray) -> list[int]:
    """The kernel's legal move integers (at the roll: the 21 chance outcomes)."""
    return legal_move_list(kernel(), words)


def successor(words: np.ndarray, move: int) -> np.ndarray:
    """The kernel array after `move`."""
    return next_state(kernel(), words, move)


def is_chance(words: np.ndarray) -> bool:
    """True at the roll."""
    return bool(kernel().is_chance(words))


def chance_outcomes(words: np.ndarray) -> list[tuple[int, float]]:
    """The kernel's (move, probability) chance outcomes; [] where the position is not a roll."""
    k = kernel()
    out_moves = np.empty(k.MAX_MOVES, dtype=np.int64)
    out_probs = np.empty(k.MAX_MOVES, dtype=np.float64)
    n = k.chance_outcomes(words, out_moves, out_probs)
    return [(int(m), float(p)) for m, p in zip(out_moves[:n], out_probs[:n])]


def exact_probability(probability: float) -> Fraction:
    """A kernel probability as the 36ths it stands for (the reference gives Fractions)."""
    return Fraction(round(probability * 36), 36)
