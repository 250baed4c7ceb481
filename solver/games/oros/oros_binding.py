"""The binding between the Oros reference State and the bitboard kernel's array.

Move integers are shared (solver/games/oros/oros_rules.py's layout), so only positions are converted.
Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

import importlib

import numpy as np

from solver.games.oros.oros_rules import MOUNTAIN as MOUNTAIN_LEVEL, Abilities, State
from solver.games.kernel_calls import legal_move_list, next_state

# Word indices of kernels/oros/oros_kernel.py, repeated here so that converting a position does not import
# numba; tests/oros/test_oros_differential.py checks they match the kernel's.
LEVEL, MOUNTAIN, HOTSPOT = 0, 4, 5  # LEVEL + level - 1 for land levels 1..4
WIDTH, HEIGHT, DRIFT, TECTONIC, MOUNTAINS, MOUNTAIN3, FILL, ACTIONS = range(6, 14)
VOLCANOES = 14  # + cell: four 16-bit counts, level v at bits 16 * (v - 1)
STATE_LEN = VOLCANOES + 64
COUNT_BITS = 16


def kernel():
    """The numba kernel module (imports numba and loads or compiles the kernels)."""
    return importlib.import_module("kernels.oros.oros_kernel")


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`."""
    words = [0] * STATE_LEN
    for cell, (level, stack) in enumerate(zip(state.levels, state.volcanoes)):
        if level == MOUNTAIN_LEVEL:
            words[MOUNTAIN] |= 1 << cell
        elif level:
            words[LEVEL + level - 1] |= 1 << cell
        for v in stack:
            words[VOLCANOES + cell] += 1 << (COUNT_BITS * (v - 1))
    for cell in state.hotspots:
        words[HOTSPOT] |= 1 << cell
    a = state.abilities
    words[WIDTH:ACTIONS + 1] = [state.width, state.height, a.drift, a.tectonic, int(a.mountains),
                                int(a.mountain3), int(a.fill), state.actions]
    return np.array(words, dtype=np.uint64)


def from_kernel(words: np.ndarray) -> State:
    """The reference State of a kernel array (the array holds the whole position)."""
    w = words.tolist()
    cells = w[WIDTH] * w[HEIGHT]
    layers = [(w[LEVEL + k], k + 1) for k in range(4)] + [(w[MOUNTAIN], MOUNTAIN_LEVEL)]
    levels = tuple(next((level for layer, level in layers if layer >> c & 1), 0) for c in range(cells))
    stacks = []
    for c in range(cells):
        word = w[VOLCANOES + c]
        stacks.append(tuple(v for v in range(4, 0, -1) for _ in range(word >> (COUNT_BITS * (v - 1)) & 0xFFFF)))
    return State(
        width=w[WIDTH],
        height=w[HEIGHT],
        levels=levels,
        volcanoes=tuple(stacks),
        hotspots=frozenset(c for c in range(cells) if w[HOTSPOT] >> c & 1),
        abilities=Abilities(drift=w[DRIFT], tectonic=w[TECTONIC], mountains=bool(w[MOUNTAINS]),
                            mountain3=bool(w[MOUNTAIN3]), fill=bool(w[FILL])),
        actions=w[ACTIONS],
    )


def legal_moves(words: np.ndarray) -> list[int]:
    """The kernel's legal move integers (in the kernel's order)."""
    return legal_move_list(kernel(), words)


def successor(words: np.ndarray, move: int) -> np.ndarray:
    """The kernel array after `move`."""
    return next_state(kernel(), words, move)
