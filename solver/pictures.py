"""Board pictures for `show --svg/--png` and `analyze --svg`: the game record's SVG drawing,
written to files, with a search's best line as arrows. Nothing here branches on a game."""

from __future__ import annotations

from solver.errors import CalderaError
from solver.user_files import write_file


def board_svg(game, state, highlight=(), pv: tuple[int, ...] = ()) -> str:
    """The SVG text of `state` with `highlight` outlined and the moves `pv` (kernel move codes,
    played from `state`) as numbered arrows; refused in one line for a game without a picture."""
    if game.svg is None:
        raise CalderaError(f"{game.name} has no SVG picture yet")
    line, position = [], state
    for move in pv:
        line.append(tuple(game.touched(position, move)))
        position = game.successor(position, move)
    return game.svg(state, highlight=highlight, line=line)


def write_pictures(svg: str, svg_path: str | None, png_path: str | None) -> list[str]:
    """Write the SVG text to `svg_path` and its PNG rendering to `png_path` (either may be None);
    returns the paths written."""
    from solver.games.svg_tools import svg_to_png

    written = []
    if svg_path is not None:
        write_file(svg_path, svg, "--svg")
        written.append(svg_path)
    if png_path is not None:
        write_file(png_path, svg_to_png(svg), "--png")
        written.append(png_path)
    return written
