"""Calling any game's numba kernel module from Python: its legal moves and successors."""

from __future__ import annotations

from types import ModuleType

import numpy as np


def legal_move_list(kernel: ModuleType, words: np.ndarray) -> list[int]:
    """The kernel's legal move integers for a state array."""
    out = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    n = kernel.legal_moves(words, out)
    return [int(m) for m in out[:n]]


def next_state(kernel: ModuleType, words: np.ndarray, move: int) -> np.ndarray:
    """The kernel's state array after `move`."""
    out = np.empty_like(words)
    kernel.apply(words, np.int64(move), out)
    return out
