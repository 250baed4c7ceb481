"""The rich console every command prints through."""

from __future__ import annotations

from rich.console import Console


class _Terminal(Console):
    """A rich console that leaves a closed pipe to the CLI (rich itself would exit 1 quietly)."""

    def on_broken_pipe(self) -> None:
        """Raise BrokenPipeError again: cli.py ends the command as a Unix tool does (exit 141)."""
        raise BrokenPipeError


def terminal(stderr: bool = False) -> Console:
    """A console on stdout (or stderr) that the CLI's broken-pipe handling sees through."""
    return _Terminal(stderr=stderr, emoji=False)  # move texts like "partner:B:" are no emoji codes
