"""The games Caldera knows: a list of names, each with its record in solver/games/<name>/<name>_game.py.

Adding a game is one folder under solver/games/, one under kernels/, and one name here
(docs/adding-a-game.md); tests/contract/ then holds the new game to everything the others do.
Importing this module imports no game and no numba (`caldera --help` stays fast).
"""

from __future__ import annotations

import importlib

from solver.errors import CalderaError

GAME_NAMES = ("penguins", "island", "oros", "meerkats", "hop")


def game(name: str):
    """The record (solver.games.game_record.Game) of the game called `name`."""
    if name not in GAME_NAMES:
        raise CalderaError(f"unknown game '{name}'; games: {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"solver.games.{name}.{name}_game").GAME


def games() -> list:
    """Every game's record, in the order of GAME_NAMES."""
    return [game(name) for name in GAME_NAMES]
