"""Errors a user can cause: each one says what is wrong in a single line."""

from __future__ import annotations


class CalderaError(Exception):
    """Base of every error caused by the user's input; the CLI prints it as one line."""


class NotationError(CalderaError, ValueError):
    """A position or move text that does not parse; names the field and the column (1-based)."""

    def __init__(self, field: str, column: int, message: str):
        self.field = field
        self.column = column
        self.message = message
        super().__init__(f"{field} (column {column}): {message}")
