"""SVG boards (solver/games/<game>/<game>_svg.py): golden files for a position of every game,
the same bytes every time, and real PNGs rendered from them.

The golden files were generated once with `CALDERA_GOLDEN=write python -m pytest
tests/pictures/test_svg_boards.py`, rendered to PNG and looked at (legible at 400 px wide: the
pieces, letters, highlight and arrows were checked by eye against `caldera show` of the same
position); a change to a picture regenerates them the same way, and is looked at again.
"""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET

import pytest

from tests.pictures.picture_cases import CASES, GOLDEN, case_svg, svg_size


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_matches_its_golden_file(name):
    """The picture is byte for byte the one that was looked at."""
    svg = case_svg(name)
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("CALDERA_GOLDEN") == "write":
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8")


def test_svg_is_deterministic_and_well_formed():
    """Drawing the same position twice gives the same bytes, and the text is XML with a title."""
    first, second = case_svg("penguins-line"), case_svg("penguins-line")
    assert first == second
    root = ET.fromstring(first)
    texts = [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "penguins 5x5: A to move (play)" in texts
    assert "best line, numbered in order" in texts  # the legend names the arrows
    assert {"1", "2"} <= set(texts)  # the two moves of the line are numbered


@pytest.mark.parametrize("name", ["penguins-floes", "meerkats", "hop"])
def test_png_render_is_a_real_picture(name):
    """cairosvg renders the SVG to a PNG of the size the SVG declares, with a drawing on it:
    many non-white pixels in several colours (a blank or failed render has none)."""
    pytest.importorskip("cairosvg")  # the pictures extra (installed in CI: no skip there)
    import numpy as np
    from PIL import Image

    from solver.games.svg_tools import svg_to_png

    svg = case_svg(name)
    image = Image.open(io.BytesIO(svg_to_png(svg))).convert("RGB")
    assert image.size == svg_size(svg)
    pixels = np.asarray(image).reshape(-1, 3)
    ink = int((pixels != 255).any(axis=1).sum())
    assert ink > len(pixels) // 10
    assert len(np.unique(pixels, axis=0)) > 20


def test_the_readme_board_is_the_documented_commands_picture():
    """README shows docs/images/penguins-floes.svg, made by `caldera show penguins floes --after
    "+d4 +e5 +c3 +f6 ^c3 +c6 c3-SE" --svg ...`: the same position as the penguins-floes case."""
    readme_image = GOLDEN.parents[2] / "docs" / "images" / "penguins-floes.svg"
    assert readme_image.read_text(encoding="utf-8") == case_svg("penguins-floes")


def test_a_penguins_arrow_ends_where_the_path_breaks():
    """a1-E/h/k:d1 (README's hint example): the penguin slides a1 -> b1, drops into the hole on
    b1 and comes out on c4 (not a neighbour of b1), goes on to e4, and krill lays an egg on d1.
    The arrow covers the path up to the jump: a1, b1 (squares 0 and 1 of the 5x5 board)."""
    from solver.games.penguins.penguins_svg import _path
    from solver.games.registry import game

    record = game("penguins")
    state = record.resolve_position("5x5 P1I2/5/5/I4/5 hb1,hc4,kd4 A play 5/10 2+1/3+1 4")
    spaces = record.touched(state, record.parse_move(state, "a1-E/h/k:d1"))
    assert spaces[:2] == (0, 1) and 3 in spaces  # d1 = square 3, the krill egg, is touched too
    assert _path(state, spaces) == (0, 1)


@pytest.mark.parametrize("position, result", [
    ("4x4 Pe2/4/4/3s - A play 0/10 2+1/2+0 40", "game over: A wins (its supply is empty)"),
    ("4x4 4/4/4/4 - B play 10/10 3+1/3+1 300", "game over: draw (ply cap 300 reached)"),
])
def test_a_finished_penguins_picture_says_the_result_and_why(position, result):
    """The SVG's status says who won and why, as the terminal board does (P-7, P-8)."""
    from solver.games.registry import game

    record = game("penguins")
    assert f">{result}<" in record.svg(record.resolve_position(position))


def test_a_long_hop_line_keeps_every_step_number_readable():
    """Twelve moves of hop (two turns) ring the same pawns again and again: every step's numbered
    disc has a place of its own (no two overlap) and is drawn after every ring, so no later ring
    hides an earlier step's number."""
    import math
    import re

    from solver.games.registry import game
    from solver.pictures import board_svg

    record = game("hop")
    start = reached = record.resolve_position("start4")
    moves = []
    for text in ("partner:B card:assister assister:C happy lands cloud:1 cloud:2 "
                 "partner:C card:harder sad sad misses").split():
        moves.append(record.parse_move(reached, text))
        reached = record.successor(reached, moves[-1])
    svg = board_svg(record, start, (), tuple(moves))
    labels = {int(number): (float(x), float(y), match.start()) for match in
              re.finditer(r'<text x="([\d.-]+)" y="([\d.-]+)"[^>]*font-size="11\.0"[^>]*>(\d+)</text>', svg)
              for x, y, number in [match.groups()]}
    assert sorted(labels) == list(range(1, 13))
    for a, b in [(a, b) for a in labels for b in labels if a < b]:
        (xa, ya, _), (xb, yb, _) = labels[a], labels[b]
        assert math.hypot(xa - xb, ya - yb) >= 18, (a, b, labels[a], labels[b])  # two discs of radius 9 apart
    last_ring = max(match.start() for match in re.finditer(r'<circle [^>]*fill="none"', svg))
    assert all(at > last_ring for _, _, at in labels.values())
