"""The full Oros game's designed data as the reference rules read it: kernels/oros/oros_game_data.py
reads and checks the data files (the kernel compiles them in as tables), and the reference rules
import its tables from there; here the start map becomes a reference position."""

from __future__ import annotations

from functools import cache

from kernels.oros.oros_game_data import design
from solver.games.oros.oros_notation import parse_position
from solver.games.oros.oros_rules import State as MapState


@cache
def start_map() -> MapState:
    """The full game's start map (setup.toml) as a reference position."""
    return parse_position(design().map)
