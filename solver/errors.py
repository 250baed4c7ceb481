"""Errors a user can cause: each one says what is wrong in a single line."""

from __future__ import annotations

from kernels.errors import CalderaError  # noqa: F401 (the base: kernels/ raises it too)


class NotationError(CalderaError, ValueError):
    """A position or move text that does not parse; names the field and the column (1-based)."""

    def __init__(self, field: str, column: int, message: str):
        self.field = field
        self.column = column
        self.message = message
        super().__init__(f"{field} (column {column}): {message}")


def shown(text: str, room: int = 40) -> str:
    """`text` as an error message quotes it: on one line, a long one cut short."""
    line = text.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")
    return line if len(line) <= room else f"{line[:room - 12]}... ({len(text):,} characters)"


class IllegalMove(CalderaError):
    """A move that the rules do not allow in the given position."""
