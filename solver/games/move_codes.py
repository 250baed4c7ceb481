"""A move as one integer: its kind in the high bits, its argument in the low `bits` bits (the
reference rules of island, hop and meerkats write moves so; their kernels use the same layout)."""

from __future__ import annotations

from typing import Callable


def move_codes(bits: int) -> tuple[Callable[..., int], Callable[[int], int], Callable[[int], int]]:
    """(move(kind, argument=0), kind_of(code), argument_of(code)) for `bits` argument bits."""

    def move(kind: int, argument: int = 0) -> int:
        """The integer of a move."""
        return kind << bits | argument

    def kind_of(code: int) -> int:
        """The kind of a move integer."""
        return code >> bits

    def argument_of(code: int) -> int:
        """The argument of a move integer."""
        return code & ((1 << bits) - 1)

    return move, kind_of, argument_of
