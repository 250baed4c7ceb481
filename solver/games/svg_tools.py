"""The SVG drawing every game's board picture is made of (solver/games/<game>/<game>_svg.py):
shapes, text, a title, a legend and numbered arrows for a line of play.

Output is deterministic: the same calls give the same bytes (numbers written with one decimal,
no timestamps, no ids from memory addresses), so pictures can be golden-file tested.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
HIGHLIGHT = "#ffd400"  # the last move's spaces: a thick yellow outline
LINE_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")  # arrows by ply, cycling
TITLE_SIZE = 18
TEXT_SIZE = 13
LEGEND_ROW = 22  # pixels per legend row
LABEL_RADIUS = 9.0  # a line of play's numbered disc
RING_STEP = 5.0  # how much wider a ring is round a space ringed before


def text_width(text: str, size: float = TEXT_SIZE, bold: bool = False) -> float:
    """An upper estimate of how wide `text` runs in DejaVu Sans (whose words average about 0.5 em
    a character, 0.58 bold; a space 0.32): what a legend's columns and a picture's width allow for."""
    spaces = text.count(" ")
    return size * ((len(text) - spaces) * (0.65 if bold else 0.6) + spaces * 0.35)


def number(value: float) -> str:
    """A coordinate written the one way: one decimal, no '-0.0'."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def _attributes(pairs: dict) -> str:
    """SVG attributes in the order given, None values left out."""
    out = []
    for key, value in pairs.items():
        if value is None:
            continue
        text = number(value) if isinstance(value, float) else str(value)
        name = "xml:space" if key == "xml_space" else key.replace("_", "-")
        out.append(f"{name}={quoteattr(text)}")
    return " ".join(out)


@dataclass
class Drawing:
    """An SVG picture built shape by shape, `width` x `height` pixels, white background."""

    width: float
    height: float
    parts: list[str] = field(default_factory=list)

    def add(self, tag: str, body: str | None = None, **attributes) -> None:
        """One element (with text `body`, escaped, if given)."""
        opening = f"<{tag} {_attributes(attributes)}"
        self.parts.append(f"{opening}/>" if body is None else f"{opening}>{escape(body)}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str | None = None,
             stroke_width: float | None = None, opacity: float | None = None, rx: float | None = None,
             dash: str | None = None) -> None:
        """A rectangle from its top left corner."""
        self.add("rect", x=float(x), y=float(y), width=float(w), height=float(h), rx=rx, fill=fill, stroke=stroke,
                 stroke_width=stroke_width, opacity=opacity, stroke_dasharray=dash)

    def circle(self, x: float, y: float, r: float, fill: str, stroke: str | None = None,
               stroke_width: float | None = None, opacity: float | None = None) -> None:
        """A circle from its centre."""
        self.add("circle", cx=float(x), cy=float(y), r=float(r), fill=fill, stroke=stroke, stroke_width=stroke_width,
                 opacity=opacity)

    def ellipse(self, x: float, y: float, rx: float, ry: float, fill: str, stroke: str | None = None,
                stroke_width: float | None = None, opacity: float | None = None) -> None:
        """An ellipse from its centre."""
        self.add("ellipse", cx=float(x), cy=float(y), rx=float(rx), ry=float(ry), fill=fill, stroke=stroke,
                 stroke_width=stroke_width, opacity=opacity)

    def polygon(self, points: Iterable[tuple[float, float]], fill: str, stroke: str | None = None,
                stroke_width: float | None = None, opacity: float | None = None, dash: str | None = None) -> None:
        """A closed polygon through `points`."""
        self.add("polygon", points=" ".join(f"{number(x)},{number(y)}" for x, y in points), fill=fill,
                 stroke=stroke, stroke_width=stroke_width, opacity=opacity, stroke_dasharray=dash)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 1.0,
             dash: str | None = None, opacity: float | None = None) -> None:
        """A straight line."""
        self.add("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke,
                 stroke_width=float(width), stroke_dasharray=dash, opacity=opacity, stroke_linecap="round")

    def text(self, x: float, y: float, text: str, size: float = TEXT_SIZE, anchor: str = "middle",
             fill: str = "#000000", bold: bool = False, opacity: float | None = None) -> None:
        """Text whose baseline is centred on y ('middle' anchor: x is its centre)."""
        self.add("text", text, x=float(x), y=float(y), font_family=FONT, font_size=float(size), text_anchor=anchor,
                 dominant_baseline="central", fill=fill, font_weight="bold" if bold else None, opacity=opacity,
                 xml_space="preserve")

    def title(self, text: str, subtitle: str = "") -> float:
        """The picture's title (and a smaller line under it) at the top; returns the y below them."""
        self.text(12, 20, text, size=TITLE_SIZE, anchor="start", bold=True)
        if subtitle:
            self.text(12, 42, subtitle, size=TEXT_SIZE, anchor="start", fill="#333333")
            return 58.0
        return 36.0

    def lines_of_text(self, x: float, y: float, lines: Iterable[str], size: float = TEXT_SIZE) -> float:
        """Left-aligned lines from y down; returns the y below the last."""
        for line in lines:
            self.text(x, y, line, size=size, anchor="start")
            y += size + 6
        return y

    def arrow(self, x1: float, y1: float, x2: float, y2: float, colour: str, label: str, width: float = 4.0,
              inset: float = 10.0, labelled: bool = True) -> tuple[float, float]:
        """An arrow from (x1, y1) to (x2, y2) with a filled head, `label` in a disc at its tail
        (unless not `labelled`); both ends pulled in by `inset` so the spaces stay visible.
        Returns where the label goes."""
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 2 * inset + 1:
            return self.ring(x2, y2, colour, label, labelled=labelled)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        ax, ay, bx, by = x1 + ux * inset, y1 + uy * inset, x2 - ux * inset, y2 - uy * inset
        head = 4 * width
        hx, hy = bx - ux * head, by - uy * head
        self.line(ax, ay, hx, hy, colour, width, opacity=0.85)
        self.polygon([(bx, by), (hx - uy * head / 2, hy + ux * head / 2), (hx + uy * head / 2, hy - ux * head / 2)],
                     colour, opacity=0.85)
        if labelled:
            self.label_disc(ax, ay, colour, label)
        return ax, ay

    def ring(self, x: float, y: float, colour: str, label: str, radius: float = 16.0,
             labelled: bool = True) -> tuple[float, float]:
        """A move on one space: a ring round it, with its label (unless not `labelled`).
        Returns where the label goes."""
        self.circle(x, y, radius, "none", colour, 4.0, opacity=0.85)
        if labelled:
            self.label_disc(x - radius, y - radius, colour, label)
        return x - radius, y - radius

    def label_disc(self, x: float, y: float, colour: str, label: str) -> None:
        """A small numbered disc."""
        self.circle(x, y, LABEL_RADIUS, colour, "#ffffff", 1.5)
        self.text(x, y, label, size=11, fill="#ffffff", bold=True)

    def legend(self, x: float, y: float, entries: list[tuple[Callable[[Drawing, float, float], None], str]],
               width: float, columns: int = 3) -> float:
        """Legend entries (a function drawing the swatch centred at a point, and its words) from
        (x, y) across `width`, in up to `columns` columns: fewer where the longest words would not
        fit in one; returns the y below the legend."""
        widest = max((28 + text_width(words, 12) for _, words in entries), default=0.0)
        columns = max(1, min(columns, int(width // widest) if widest else columns))
        column_width = width / columns
        for index, (swatch, words) in enumerate(entries):
            row, column = divmod(index, columns)
            cx, cy = x + column * column_width + 10, y + row * LEGEND_ROW
            swatch(self, cx, cy)
            self.text(cx + 18, cy, words, size=12, anchor="start")
        rows = (len(entries) + columns - 1) // columns
        return y + rows * LEGEND_ROW

    def to_text(self) -> str:
        """The SVG document."""
        w, h = number(self.width), number(self.height)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
                f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def draw_line_of_play(drawing: Drawing, centre: Callable[[int], tuple[float, float]],
                      line: Iterable[tuple[tuple[int, ...], ...]]) -> None:
    """Numbered arrows for a line of play, each move given by its strokes (the game record's
    `move_strokes`): an arrow from a stroke's first space to its last, a ring round a stroke of
    one space, all in the move's colour; a move with no strokes (a dice roll, a step drawn on
    another panel) keeps its number. A space ringed again gets a wider ring; a label that would
    fall on an earlier one moves round its place until it is clear, and the labels are drawn last,
    so no later ring or arrow hides an earlier step's number."""
    labels: list[tuple[float, float, str, str]] = []
    rings: dict[tuple[float, float], int] = {}
    for index, strokes in enumerate(line):
        colour, label = LINE_COLOURS[index % len(LINE_COLOURS)], str(index + 1)
        for spaces in strokes:
            (x1, y1), (x2, y2) = centre(spaces[0]), centre(spaces[-1])
            if len(spaces) == 1:
                again = rings.get((x2, y2), 0)
                rings[(x2, y2)] = again + 1
                spot = drawing.ring(x2, y2, colour, label, radius=16.0 + RING_STEP * again, labelled=False)
            else:
                spot = drawing.arrow(x1, y1, x2, y2, colour, label, labelled=False)
            x, y = _clear_spot(spot, [(lx, ly) for lx, ly, _, _ in labels])
            labels.append((x, y, colour, label))
    for x, y, colour, label in labels:
        drawing.label_disc(x, y, colour, label)


def _clear_spot(spot: tuple[float, float], taken: list[tuple[float, float]]) -> tuple[float, float]:
    """`spot`, or the nearest point round it (rings of 8 directions, wider and wider) where a
    label disc overlaps none of the `taken` ones."""
    def clear(x: float, y: float) -> bool:
        return all(math.hypot(x - tx, y - ty) >= 2 * LABEL_RADIUS + 1 for tx, ty in taken)

    if clear(*spot):
        return spot
    for reach in range(1, 8):
        step = reach * (2 * LABEL_RADIUS + 2)
        for direction in range(8):
            angle = math.pi / 4 * direction
            x, y = spot[0] + step * math.cos(angle), spot[1] - step * math.sin(angle)
            if clear(x, y):
                return x, y
    return spot


def panels(title: str, captions: list[str], pictures: list[str], columns: int = 2) -> str:
    """One SVG of several pictures (SVG texts) in `columns` columns under `title`, each with its
    caption above it: a line of play drawn step by step, each step on its own position."""
    sizes = [tuple(float(v) for v in re.search(r'width="([0-9.]+)" height="([0-9.]+)"', svg).groups())
             for svg in pictures]
    gap, caption = 24.0, 28.0
    widths = [max(w for w, _ in sizes[c::columns]) for c in range(min(columns, len(pictures)))]
    d = Drawing(gap + sum(w + gap for w in widths), 0.0)
    y = d.title(title) + 8
    for start in range(0, len(pictures), columns):
        x = gap
        for column, (svg, text) in enumerate(zip(pictures[start:start + columns], captions[start:start + columns])):
            d.text(x, y + caption / 2, text, size=15, anchor="start", bold=True)
            d.rect(x - 1, y + caption - 1, sizes[start + column][0] + 2, sizes[start + column][1] + 2, "none",
                   "#999999", 1.0)
            d.parts.append(svg.replace("<svg ", f'<svg x="{number(x)}" y="{number(y + caption)}" ', 1).rstrip("\n"))
            x += widths[column] + gap
        y += caption + max(h for _, h in sizes[start:start + columns]) + gap
    d.height = y
    return d.to_text()


def swatch_circle(fill: str, stroke: str = "#333333", letter: str = "", letter_colour: str = "#ffffff"):
    """A legend swatch: a disc, with a letter on it if given."""

    def draw(d: Drawing, x: float, y: float) -> None:
        d.circle(x, y, 8.0, fill, stroke, 1.0)
        if letter:
            d.text(x, y, letter, size=10, fill=letter_colour, bold=True)

    return draw


def swatch_square(fill: str, stroke: str = "#333333", letter: str = "", letter_colour: str = "#000000",
                  stroke_width: float = 1.0):
    """A legend swatch: a square, with a letter on it if given."""

    def draw(d: Drawing, x: float, y: float) -> None:
        d.rect(x - 8, y - 8, 16, 16, fill, stroke, stroke_width)
        if letter:
            d.text(x, y, letter, size=10, fill=letter_colour, bold=True)

    return draw


def swatch_arrow(colour: str = LINE_COLOURS[0]):
    """A legend swatch: a short arrow (the best line's moves)."""

    def draw(d: Drawing, x: float, y: float) -> None:
        d.line(x - 9, y, x + 3, y, colour, 3.0)
        d.polygon([(x + 9, y), (x + 2, y - 5), (x + 2, y + 5)], colour)

    return draw


def svg_to_png(svg: str) -> bytes:
    """SVG text rendered as a PNG image at its own size (cairosvg, from the `pictures` extra)."""
    from solver.errors import CalderaError

    try:
        import cairosvg
    except (ImportError, OSError):
        raise CalderaError('--png renders the SVG with cairosvg: pip install "caldera[pictures]"') from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


@dataclass(frozen=True)
class GridPicture:
    """A picture of one or more square grids side by side (island's board, oros's map, the two
    faces of a meerkats maze): title, column letters and row numbers, each cell drawn by
    `draw_cell(drawing, grid, index, x, y)` from its top left corner, the highlighted cells
    outlined, a line of play as arrows on grid `line_grid`, a legend and status lines."""

    title: str
    subtitle: str
    columns: int
    rows: int
    draw_cell: Callable[[Drawing, int, int, float, float], None]
    legend: list
    status: list[str]
    cell: float = 72.0
    grids: int = 1
    grid_titles: tuple[str, ...] = ()
    line_grid: int = 0
    note: str = ""
    draw_edges: Callable[[Drawing, int, int, float, float], None] | None = None  # over every cell: walls


    def svg(self, highlight: frozenset[int] = frozenset(), line: Iterable[tuple[int, ...]] = ()) -> str:
        """The SVG text."""
        line = list(line)
        gap, left = 40.0, 40.0
        grid_width = self.columns * self.cell
        words = [text_width(text) for text in [*self.status, self.note]]
        width = max(560.0, left + self.grids * grid_width + (self.grids - 1) * gap + 24, 48 + max(words))
        d = Drawing(width, 0.0)
        top = d.title(self.title, self.subtitle) + (26 if self.grid_titles else 4)

        def origin(grid: int) -> float:
            return left + grid * (grid_width + gap)

        for grid in range(self.grids):
            x0 = origin(grid)
            if self.grid_titles:
                d.text(x0, top - 18, self.grid_titles[grid], size=14, anchor="start", bold=True)
            for c in range(self.columns):
                d.text(x0 + (c + 0.5) * self.cell, top + 8, "abcdefghijklmnopqrstuvwxyz"[c], bold=True)
            for r in range(self.rows):
                d.text(x0 - 14, top + 20 + (r + 0.5) * self.cell, str(r + 1), bold=True)
            for index in range(self.columns * self.rows):
                r, c = divmod(index, self.columns)
                x, y = x0 + c * self.cell, top + 20 + r * self.cell
                self.draw_cell(d, grid, index, x, y)
            for index in range(self.columns * self.rows):
                r, c = divmod(index, self.columns)
                x, y = x0 + c * self.cell, top + 20 + r * self.cell
                if self.draw_edges is not None:
                    self.draw_edges(d, grid, index, x, y)
                if index in highlight:
                    d.rect(x + 3, y + 3, self.cell - 6, self.cell - 6, "none", HIGHLIGHT, 4.0)

        def centre(index: int) -> tuple[float, float]:
            r, c = divmod(index, self.columns)
            return origin(self.line_grid) + (c + 0.5) * self.cell, top + 20 + (r + 0.5) * self.cell

        draw_line_of_play(d, centre, line)
        y = top + 20 + self.rows * self.cell + 18
        if self.note:
            d.text(24, y, self.note, size=12, anchor="start", fill="#555555")
            y += 22
        entries = self.legend + ([(swatch_arrow(), "best line, numbered in order")] if line else [])
        y = d.legend(24, y + 4, entries, width - 48)
        d.height = d.lines_of_text(24, y + 10, self.status) + 10
        return d.to_text()


def swatch_triangle(fill: str, stroke: str = "#333333", letter: str = ""):
    """A legend swatch: an upward triangle (a volcano, an iceberg), with a digit on it if given."""

    def draw(d: Drawing, x: float, y: float) -> None:
        d.polygon([(x, y - 9), (x - 9, y + 8), (x + 9, y + 8)], fill, stroke, 1.0)
        if letter:
            d.text(x, y + 2, letter, size=9, fill="#ffffff", bold=True)

    return draw
