"""kernels/dispatch.py `call` finds a search's compiled entry point by its arguments' kinds
(argument_kind), not numba's slower typeof: two arguments of one kind must have one numba type, or
a call would enter code compiled for other arguments."""

from __future__ import annotations

import itertools

import numpy as np
from numba import typeof

from kernels.dispatch import argument_kind


def samples() -> list:
    """Arguments of many numba types, some alike in all but one respect."""
    square = np.zeros((4, 4), dtype=np.int64)
    frozen = np.zeros(4, dtype=np.int64)
    frozen.setflags(write=False)
    return [
        np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.float64),
        np.zeros(4, dtype=np.uint8), np.zeros(4, dtype=np.bool_), frozen, np.zeros(()),
        square, np.asfortranarray(square), square[:, 1], square[::2, ::2], square.T, np.zeros((2, 2, 2)),
        0, -5, 2**63 - 1, 2**63, -2**63, True, False, 1.5, np.int64(3), np.uint64(3), np.float32(2), np.bool_(True),
        "penguins", (1, 2),
    ]


def test_arguments_of_one_kind_have_one_numba_type():
    """Every pair of sample arguments of the same kind has the same numba type."""
    for a, b in itertools.combinations(samples(), 2):
        if argument_kind(a) == argument_kind(b):
            assert typeof(a) == typeof(b), (a, b)


def test_arrays_differing_in_one_respect_are_of_different_kinds():
    """Dtype, dimensions, layout and writability each make another kind (each another numba type)."""
    arrays = samples()[:13]  # twelve numba types: a transposed C array is an F one
    assert len({argument_kind(a) for a in arrays}) == len({typeof(a) for a in arrays}) == 12
