"""Calling a game's kernel from Python, given its Kernel (kernels/__init__.py) or its name: its legal
moves, successors and chance outcomes. Importing this module imports no numba; each call imports the
kernel module (and numba) on first use."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels import Kernel
from solver.errors import CalderaError

# The largest move buffer legal_move_list allocates: a position with more moves is refused.
MOVE_LIMIT = 1 << 24


def legal_move_list(kernel: str, words: np.ndarray) -> list[int]:
    """The kernel's legal move integers for a state array, however many (penguins tiles, P-9).

    A kernel writes at most a buffer's length and returns the true number, so a position with
    more than MAX_MOVES moves is asked again with a buffer that fits; more than MOVE_LIMIT moves
    (128 MiB of integers) is refused with a CalderaError.
    """
    module = Kernel(kernel).module
    out = np.empty(module.MAX_MOVES, dtype=np.int64)
    n = module.legal_moves(words, out)
    if n > len(out):
        if n > MOVE_LIMIT:
            raise CalderaError(f"this position has {n:,} legal moves, more than the {MOVE_LIMIT:,} the engine lists")
        out = np.empty(n, dtype=np.int64)
        module.legal_moves(words, out)
    return [int(m) for m in out[:n]]


def next_state(kernel: str, words: np.ndarray, move: int) -> np.ndarray:
    """The kernel's state array after `move` (a copy of `words` first: a kernel's apply may leave
    the words no move changes as they are)."""
    out = words.copy()
    Kernel(kernel).module.apply(words, np.int64(move), out)
    return out


def chance_outcome_list(kernel: str, words: np.ndarray) -> list[tuple[int, float]]:
    """The kernel's (move, probability) chance outcomes; [] where the position is a decision."""
    module = Kernel(kernel).module
    out_moves = np.empty(module.MAX_MOVES, dtype=np.int64)
    out_probs = np.empty(module.MAX_MOVES, dtype=np.float64)
    n = module.chance_outcomes(words, out_moves, out_probs)
    return [(int(m), float(p)) for m, p in zip(out_moves[:n], out_probs[:n])]


@dataclass(frozen=True)
class KernelCalls:
    """The Python-side calls to one kernel module, by its name: what a game's binding offers when
    one kernel plays every position of the game."""

    name: Kernel

    def __post_init__(self):
        object.__setattr__(self, "name", Kernel(self.name))  # the binding's KERNEL is the Kernel itself

    def kernel_name(self, words: np.ndarray) -> Kernel:
        """The kernel module that plays `words`: always this one."""
        return self.name

    def module(self):
        """The kernel module (imports numba and loads or compiles it)."""
        return self.name.module

    def legal_moves(self, words: np.ndarray) -> list[int]:
        """The kernel's legal move integers (at a roll: the chance outcomes)."""
        return legal_move_list(self.name, words)

    def successor(self, words: np.ndarray, move: int) -> np.ndarray:
        """The kernel array after `move`."""
        return next_state(self.name, words, move)

    def chance_outcomes(self, words: np.ndarray) -> list[tuple[int, float]]:
        """The kernel's (move, probability) chance outcomes; [] at a decision."""
        return chance_outcome_list(self.name, words)
