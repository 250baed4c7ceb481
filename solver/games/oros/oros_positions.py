"""Oros positions of both kinds by name or notation: the tectonics maps and puzzles
(oros_puzzles.py) and the full game's starts (oros_game_notation.py). Imports no numba."""

from __future__ import annotations

from solver.games.notation_tools import resolve, words_with_columns
from solver.games.oros import oros_game_notation, oros_notation, oros_puzzles

# A tectonics position is its size, rows and at most six options, none with ':'; a full game's
# has thirteen fields, its seats written like 1:friendly.
MOST_MAP_WORDS = 8


def builtin_positions() -> dict[str, str]:
    """Every built-in position by name: the maps and puzzles, then the full game's starts."""
    starts = {name: oros_game_notation.format_position(state)
              for name, (_, state) in oros_game_notation.full_game_positions().items()}
    return {**oros_puzzles.builtin_positions(), **starts}


def parse_position(text: str):
    """A tectonics map or a full-game position from its notation (NotationError names the field and column)."""
    if ":" in text or len(words_with_columns(text)) >= MOST_MAP_WORDS:
        return oros_game_notation.parse_position(text)
    return oros_notation.parse_position(text)


def resolve_position(text: str | None):
    """A built-in position, puzzle or full-game start name, notation text of either kind, or None (the map start)."""
    return resolve(text, builtin_positions(), oros_notation.DEFAULT_POSITION, parse_position)


def warmup_positions() -> list:
    """The tiny puzzle's map and the 1-player full-game start (the kernels `caldera warmup` loads)."""
    return oros_puzzles.warmup_positions() + [oros_game_notation.full_game_positions()["game1"][1]]
