"""The positions the picture tests draw, one or more per game: each with the moves played to
reach it (the last one highlighted) and a line of play drawn as arrows."""

from __future__ import annotations

import re
from pathlib import Path

from solver.api import load_position
from solver.games.registry import game
from solver.output.pictures import board_svg

GOLDEN = Path(__file__).parent / "golden"
TINY_MAZE = str(Path(__file__).parents[1] / "meerkats" / "tiny.maze")

# name: (game, position, --after moves, line of play from there, board file)
CASES = {
    "penguins-floes": ("penguins", "floes", "+d4 +e5 +c3 +f6 ^c3 +c6 c3-SE", "", None),
    "penguins-line": ("penguins", "5x5 IEPE1/P3s/3eS/epe2/ppPe1 - A play 14/12 0+0/0+0 20", "", "c5-NE a5-SW", None),
    "penguins-sealbay": ("penguins", "sealbay", "", "", None),
    "island": ("island", "start3", "2E roll:35 3", "+a1", None),
    "island-2": ("island", "start2", "", "2E", None),  # two seats: the legend's arrow entry comes last in a row
    "oros": ("oros", "start", "+d2", "b3c3d3>S", None),
    "oros-game": ("oros", "game1", "forced:volcano>d1", "study>tectonic:c1d1c2>W", None),
    "meerkats": ("meerkats", None, "", "", TINY_MAZE),
    "hop": ("hop", "skilled5", "", "partner:A", None),
}


def case_svg(name: str) -> str:
    """The SVG text of case `name`."""
    game_name, position, after, line, board = CASES[name]
    record = game(game_name)
    state, touched = load_position(record, position, after, board=board)
    moves, reached = [], state
    for text in line.split():
        move = record.parse_move(reached, text)
        moves.append(move)
        reached = record.successor(reached, move)
    return board_svg(record, state, touched, tuple(moves))


def svg_size(svg: str) -> tuple[int, int]:
    """The width and height an SVG text declares, in whole pixels."""
    match = re.search(r'<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"', svg)
    return round(float(match.group(1))), round(float(match.group(2)))
