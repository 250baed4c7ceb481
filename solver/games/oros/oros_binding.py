"""The binding between the Oros reference State and the bitboard kernel's array.

Move integers are shared (solver/games/oros/oros_rules.py's layout), so only positions are converted.
Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations


import numpy as np

from solver.games.oros.oros_rules import MOUNTAIN as MOUNTAIN_LEVEL, Abilities, State
from kernels.oros import oros_layout as layout
from solver.games.kernel_calls import KernelCalls

CALLS = KernelCalls("oros.oros_kernel")  # one kernel plays every position
KERNEL = CALLS.name
kernel_name, kernel, legal_moves, successor = CALLS.kernel_name, CALLS.module, CALLS.legal_moves, CALLS.successor


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`."""
    words = [0] * layout.STATE_LEN
    for cell, (level, stack) in enumerate(zip(state.levels, state.volcanoes)):
        if level == MOUNTAIN_LEVEL:
            words[layout.MOUNTAIN] |= 1 << cell
        elif level:
            words[layout.LEVEL + level - 1] |= 1 << cell
        for v in stack:
            words[layout.VOLCANOES + cell] += 1 << (layout.COUNT_BITS * (v - 1))
    for cell in state.hotspots:
        words[layout.HOTSPOT] |= 1 << cell
    a = state.abilities
    words[layout.WIDTH:layout.ACTIONS + 1] = [state.width, state.height, a.drift, a.tectonic, int(a.mountains),
                                int(a.mountain3), int(a.fill), state.actions]
    return np.array(words, dtype=np.uint64)


def from_kernel(words: np.ndarray) -> State:
    """The reference State of a kernel array (the array holds the whole position)."""
    w = words.tolist()
    cells = w[layout.WIDTH] * w[layout.HEIGHT]
    layers = [(w[layout.LEVEL + k], k + 1) for k in range(4)] + [(w[layout.MOUNTAIN], MOUNTAIN_LEVEL)]
    levels = tuple(next((level for layer, level in layers if layer >> c & 1), 0) for c in range(cells))
    stacks = []
    for c in range(cells):
        word = w[layout.VOLCANOES + c]
        stacks.append(tuple(v for v in range(4, 0, -1) for _ in range(word >> (layout.COUNT_BITS * (v - 1)) & 0xFFFF)))
    return State(
        width=w[layout.WIDTH],
        height=w[layout.HEIGHT],
        levels=levels,
        volcanoes=tuple(stacks),
        hotspots=frozenset(c for c in range(cells) if w[layout.HOTSPOT] >> c & 1),
        abilities=Abilities(drift=w[layout.DRIFT], tectonic=w[layout.TECTONIC], mountains=bool(w[layout.MOUNTAINS]),
                            mountain3=bool(w[layout.MOUNTAIN3]), fill=bool(w[layout.FILL])),
        actions=w[layout.ACTIONS],
    )


