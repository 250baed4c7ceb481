"""Pieces shared by the board pictures of every game."""

from __future__ import annotations

from typing import Callable, Iterable

from rich.style import Style
from rich.text import Text


def checked_highlight(highlight: Iterable[int], size: int, noun: str, place: str) -> frozenset[int]:
    """The highlighted indexes as a set; ValueError names any that is not in range(size).

    `noun` and `place` word the error, e.g. "cell" and "7x5 map".
    """
    marked = frozenset(highlight)
    for index in sorted(marked, key=repr):
        if not (isinstance(index, int) and 0 <= index < size):
            raise ValueError(f"highlight {noun} {index!r} is not on the {place}")
    return marked


HIGHLIGHT_STYLE = "on grey23"
BORDER_STYLE = "dim"
LABEL_STYLE = "bold"
LABEL = "    "  # room for the row numbers


def boxed_cell(pieces: list[tuple[str, str]], width: int, highlighted: bool) -> Text:
    """One line of a cell's box, `width` characters: the (text, style) pieces centred between a
    bracket column at each end; brackets and a background when highlighted."""
    body = Text()
    for text, style in pieces:
        body.append(text, style=style)
    spare = width - 2 - len(body.plain)
    if spare > 0:
        body = Text(" " * (spare // 2)) + body + Text(" " * (spare - spare // 2))
    line = Text("[" if highlighted else " ") + body + Text("]" if highlighted else " ")
    if highlighted:
        line.stylize(Style.parse(HIGHLIGHT_STYLE))
    return line


def boxed_grid(width: int, height: int, columns: str, inner: int, marked: frozenset[int],
               top_line: Callable[[int], list[tuple[str, str]]],
               bottom_line: Callable[[int], list[tuple[str, str]]]) -> list[Text]:
    """A box-drawn grid of `width` x `height` cells, `inner` characters wide, row 1 on top, with
    column letters and row numbers; each cell shows two lines, `top_line(index)` and
    `bottom_line(index)` (index = row * width + column); `marked` cells are highlighted."""
    bar = "─" * inner
    header = Text(LABEL)
    for c in range(width):
        header.append(" " + columns[c].center(inner), style=LABEL_STYLE)
    lines = [header]

    def rule(left: str, middle: str, right: str) -> Text:
        return Text(LABEL + left + middle.join([bar] * width) + right, style=BORDER_STYLE)

    lines.append(rule("┌", "┬", "┐"))
    for r in range(height):
        for part in (top_line, bottom_line):
            line = Text()
            line.append(f"{r + 1:>3} " if part is top_line else LABEL, style=LABEL_STYLE)
            for c in range(width):
                index = r * width + c
                line.append("│", style=BORDER_STYLE)
                line.append_text(boxed_cell(part(index), inner, index in marked))
            line.append("│", style=BORDER_STYLE)
            lines.append(line)
        lines.append(rule("├", "┼", "┤") if r < height - 1 else rule("└", "┴", "┘"))
    return lines
