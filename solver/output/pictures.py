"""Board pictures for `show --svg/--png` and `analyze --svg`: the game record's SVG drawing,
written to files, with a search's best line as arrows. Nothing here branches on a game."""

from __future__ import annotations

from solver.errors import CalderaError
from solver.games.svg_tools import panels
from solver.user_files import write_file


def board_svg(game, state, highlight=(), pv: tuple[int, ...] = ()) -> str:
    """The SVG text of `state` with `highlight` outlined and the moves `pv` (kernel move codes,
    played from `state`) as numbered arrows; refused in one line for a game without a picture.

    A line of two or more moves is drawn step by step, as `analyze` prints it: each move on the
    position it is played in (its arrows start from spaces as they are then, the previous move's
    spaces outlined), then the position the line reaches."""
    if game.svg is None:
        raise CalderaError(f"{game.name} has no SVG picture yet")
    if len(pv) < 2:
        return game.svg(state, highlight=highlight, line=[game.move_strokes(state, move) for move in pv])
    pictures, moves, position, marked = [], [], state, highlight
    for step, move in enumerate(pv):
        line = [()] * step + [game.move_strokes(position, move)]  # earlier steps: on their own panels
        pictures.append(game.svg(position, highlight=marked, line=line))
        moves.append(game.format_move(position, move))
        marked = game.touched(position, move)
        position = game.successor(position, move)
    pictures.append(game.svg(position, highlight=marked))
    captions = [f"step {step}: {text}" for step, text in enumerate(moves, 1)] + [f"after step {len(pv)}"]
    return panels(f"{game.title}: the line {' '.join(moves)}, step by step", captions, pictures)


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
