"""Pieces shared by the board pictures of every game."""

from __future__ import annotations

from typing import Iterable


def checked_highlight(highlight: Iterable[int], size: int, noun: str, place: str) -> frozenset[int]:
    """The highlighted indexes as a set; ValueError names any that is not in range(size).

    `noun` and `place` word the error, e.g. "cell" and "7x5 map".
    """
    marked = frozenset(highlight)
    for index in sorted(marked, key=repr):
        if not (isinstance(index, int) and 0 <= index < size):
            raise ValueError(f"highlight {noun} {index!r} is not on the {place}")
    return marked
