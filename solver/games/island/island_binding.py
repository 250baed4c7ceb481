"""The binding between the Island Project reference State and the bitboard kernel's array.

Move integers are shared (solver/games/island/island_rules.py's layout), so only positions are converted.
Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

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
from kernels.island import island_layout as layout
from solver.games.kernel_calls import KernelCalls

# The kernel's codes of the reference's phases (its layout: kernels/island/island_layout.py).
PHASE_CODES = {SHIFTING: layout.SHIFTING, ROLLING: layout.ROLLING, CHOOSING: layout.CHOOSING,
               ACTION1: layout.ACTION1, ACTION2: layout.ACTION2, OVER: layout.OVER}
PHASE_OF_CODE = {code: phase for phase, code in PHASE_CODES.items()}
# bytes.translate tables: byte v -> b'1' if v == value (IS_VALUE) or if bit k of v is set (HAS_BIT).
IS_VALUE = [bytes(ord('1') if v == value else ord('0') for v in range(256)) for value in range(4)]
HAS_BIT = [bytes(ord('1') if v >> k & 1 else ord('0') for v in range(256)) for k in range(layout.PLANES)]
BOARD = (1 << TILES) - 1


CALLS = KernelCalls("island.island_kernel")  # one kernel plays every position
KERNEL = CALLS.name
kernel_name, kernel, legal_moves, successor = CALLS.kernel_name, CALLS.module, CALLS.legal_moves, CALLS.successor
chance_outcomes = CALLS.chance_outcomes


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`."""
    words = [0] * layout.STATE_LEN
    # Each board as a string of '0'/'1' (tile 24 first) read in base 2: C speed, no tile loop.
    terrain = bytes(state.terrain[::-1])
    words[layout.NATIVE] = int(terrain.translate(IS_VALUE[T_NATIVE]), 2)
    words[layout.NEWLAND] = int(terrain.translate(IS_VALUE[T_NEWLAND]), 2)
    words[layout.PLATEAU] = int(terrain.translate(IS_VALUE[T_PLATEAU]), 2)
    words[layout.MARKERS] = int(bytes(state.markers[::-1]).translate(HAS_BIT[0]), 2)
    for seat, counts in enumerate(state.people):
        base = layout.PEOPLE + layout.PLANES * seat
        if any(counts):
            row = bytes(counts[::-1])
            for k in range(layout.PLANES):
                words[base + k] = int(row.translate(HAS_BIT[k]), 2)
        words[layout.RESERVE + seat] = state.reserve[seat]
        words[layout.FOOD + seat] = state.food[seat]
    words[layout.NEWLAND_SUPPLY] = state.newland_supply
    words[layout.PLATEAU_SUPPLY] = state.plateau_supply
    words[layout.MARKER_SUPPLY] = state.marker_supply
    words[layout.PLAYERS] = state.players
    words[layout.TO_MOVE] = state.to_move
    words[layout.PHASE] = PHASE_CODES[state.phase]
    words[layout.PREVIOUS_SHIFT] = layout.NONE if state.previous_shift < 0 else state.previous_shift
    words[layout.SHIFT] = layout.NONE if state.shift < 0 else state.shift
    words[layout.DICE] = layout.NONE if state.dice is None else state.dice[0] * FACES + state.dice[1]
    words[layout.FED] = int(state.fed)
    words[layout.TURN] = state.turn
    words[layout.TURN_CAP] = state.turn_cap
    return np.array(words, dtype=np.uint64)


def _bits(word: int) -> list[int]:
    """The 25 bits of a board word, tile 0 first."""
    return [int(ch) for ch in reversed(format(word & BOARD, "025b"))]


def from_kernel(words: np.ndarray) -> State:
    """The reference State of a kernel array (the array holds the whole position)."""
    w = words.tolist()
    players = w[layout.PLAYERS]
    terrain = tuple(n + 2 * l + 3 * p for n, l, p in zip(_bits(w[layout.NATIVE]), _bits(w[layout.NEWLAND]), _bits(w[layout.PLATEAU])))
    people = []
    for seat in range(players):
        base = layout.PEOPLE + layout.PLANES * seat
        if w[base] | w[base + 1] | w[base + 2]:
            people.append(tuple(a + 2 * b + 4 * c for a, b, c in
                                zip(_bits(w[base]), _bits(w[base + 1]), _bits(w[base + 2]))))
        else:
            people.append((0,) * TILES)
    return State(
        players=players,
        terrain=terrain,
        markers=tuple(bool(x) for x in _bits(w[layout.MARKERS])),
        people=tuple(people),
        reserve=tuple(w[layout.RESERVE:layout.RESERVE + players]),
        food=tuple(w[layout.FOOD:layout.FOOD + players]),
        newland_supply=w[layout.NEWLAND_SUPPLY],
        plateau_supply=w[layout.PLATEAU_SUPPLY],
        marker_supply=w[layout.MARKER_SUPPLY],
        to_move=w[layout.TO_MOVE],
        phase=PHASE_OF_CODE[w[layout.PHASE]],
        previous_shift=-1 if w[layout.PREVIOUS_SHIFT] == layout.NONE else w[layout.PREVIOUS_SHIFT],
        shift=-1 if w[layout.SHIFT] == layout.NONE else w[layout.SHIFT],
        dice=None if w[layout.DICE] == layout.NONE else divmod(w[layout.DICE], FACES),
        fed=bool(w[layout.FED]),
        turn=w[layout.TURN],
        turn_cap=w[layout.TURN_CAP],
    )




def is_chance(words: np.ndarray) -> bool:
    """True at the roll."""
    return bool(kernel().is_chance(words))



def exact_probability(probability: float) -> Fraction:
    """A kernel probability as the 36ths it stands for (the reference gives Fractions)."""
    return Fraction(round(probability * 36), 36)
