"""The `record` fixture: each game of the registry in turn (solver/games/registry.py)."""

import pytest

from solver.games.registry import GAME_NAMES, game


@pytest.fixture(params=GAME_NAMES)
def record(request):
    """Each game's record in turn."""
    return game(request.param)
