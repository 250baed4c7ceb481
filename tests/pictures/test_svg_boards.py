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

SVG = "{http://www.w3.org/2000/svg}"


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

    record = game("hop")
    start = reached = record.resolve_position("start4")
    strokes = []  # the whole line on one board, as the record draws a line (board_svg splits it in panels)
    for text in ("partner:B card:assister assister:C happy lands cloud:1 cloud:2 "
                 "partner:C card:harder sad sad misses").split():
        move = record.parse_move(reached, text)
        strokes.append(record.move_strokes(reached, move))
        reached = record.successor(reached, move)
    svg = record.svg(start, highlight=(), line=strokes)
    labels = {int(number): (float(x), float(y), match.start()) for match in
              re.finditer(r'<text x="([\d.-]+)" y="([\d.-]+)"[^>]*font-size="11\.0"[^>]*>(\d+)</text>', svg)
              for x, y, number in [match.groups()]}
    assert sorted(labels) == list(range(1, 13))
    for a, b in [(a, b) for a in labels for b in labels if a < b]:
        (xa, ya, _), (xb, yb, _) = labels[a], labels[b]
        assert math.hypot(xa - xb, ya - yb) >= 18, (a, b, labels[a], labels[b])  # two discs of radius 9 apart
    last_ring = max(match.start() for match in re.finditer(r'<circle [^>]*fill="none"', svg))
    assert all(at > last_ring for _, _, at in labels.values())


def test_the_meerkats_picture_tells_friends_from_meerkats_and_counts_players():
    """Drawn with no meerkat placed, each seat letter A-D is written once (its legend swatch): the
    friends are small letters, never a seat's; one player is '1 player'."""
    from solver.games.registry import game

    record = game("meerkats")
    for players in (1, 4):
        state = record.restart(record.resolve_position(None), None, players)
        root = ET.fromstring(record.svg(state))
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert all(texts.count(seat) == (seat in "ABCD"[:players]) for seat in "ABCD")
        columns = "abcdefg"[:state.maze.size]  # the column letters over both faces
        assert all(texts.count(friend) == 3 + 2 * (friend in columns) for friend in "cbmt")  # both faces, the legend
    assert texts[1].startswith("4 players;")
    one = record.svg(record.restart(record.resolve_position(None), None, 1))
    assert ">1 player; turn" in one


@pytest.mark.parametrize("name", ["penguins-floes", "penguins-sealbay"])
def test_penguins_file_letters_stand_over_and_under_their_files(name):
    """The rows are skewed half a space each, so a file's letter is placed straight over its space
    in the first row and straight under its space in the last (c1 once sat under the 'd'): the x
    of each letter is the centre of the hexagon of its file in that row."""
    from solver.games.penguins.penguins_notation import FILES

    root = ET.fromstring(case_svg(name))
    spaces = set()  # the real board's hexagons (the wrap copies are faded: they have an opacity)
    for polygon in root.iter(f"{SVG}polygon"):
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
        if len(points) == 6 and polygon.get("opacity") is None:
            spaces.add((round(sum(y for _, y in points) / 6, 1), round(sum(x for x, _ in points) / 6, 1)))
    rows = sorted({y for y, _ in spaces})
    first = [x for y, x in sorted(spaces) if y == rows[0]]
    last = [x for y, x in sorted(spaces) if y == rows[-1]]
    letters = [(float(t.get("x")), float(t.get("y")), t.text) for t in root.iter(f"{SVG}text")
               if t.text in FILES and t.get("font-weight") == "bold" and t.get("opacity") is None]
    over = sorted((x, text) for x, y, text in letters if y < rows[0] - 60)
    under = sorted((x, text) for x, y, text in letters if rows[-1] + 60 < y < rows[-1] + 100)
    files = list(FILES[:len(first)])
    assert [text for _, text in over] == files and [text for _, text in under] == files
    assert [x for x, _ in over] == pytest.approx(first, abs=0.11)
    assert [x for x, _ in under] == pytest.approx(last, abs=0.11)


def text_span(text) -> tuple[float, float]:
    """Where a <text> element's words run from and to along x, by an upper estimate of DejaVu
    Sans's advance (about 0.5 em a character for words, 0.58 bold, 0.32 a space; 0.6, 0.65 and
    0.35 taken here)."""
    size, bold, words = float(text.get("font-size")), text.get("font-weight") == "bold", text.text
    width = size * ((len(words) - words.count(" ")) * (0.65 if bold else 0.6) + words.count(" ") * 0.35)
    x = float(text.get("x"))
    return {"start": (x, x + width), "middle": (x - width / 2, x + width / 2), "end": (x - width, x)}[
        text.get("text-anchor", "start")]


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_text_lies_within_the_picture(name):
    """No words run off the picture's right edge (the island legend once ended 'numbered in
    orde'): each text's estimated extent lies inside the viewBox."""
    root = ET.fromstring(case_svg(name))
    width = float(root.get("viewBox").split()[2])
    outside = [text.text for text in root.iter(f"{SVG}text") if not 0 <= text_span(text)[0] <= text_span(text)[1] <= width]
    assert outside == []


@pytest.mark.parametrize("position, move, shafts, rings", [
    ("twin-peaks", "b2c2d2>S", 3, 0),  # an arrow due south from each cell of the group
    ("5x5 ...../....4/....4/....4/.....", "e2e3e4>E", 0, 6),  # across the wrapping edge: rings on e2-e4, a2-a4
])
def test_a_tectonic_move_is_drawn_cell_by_cell(position, move, shafts, rings):
    """O-4: a group moves one cell as a whole, so each of its cells gets its own arrow one cell
    that way (the group b2 c2 d2 going south was one arrow from b2 to d3); where a step wraps
    round the map, an arrow would point back across it, so both cells get a ring instead."""
    from solver.games.registry import game
    from solver.output.pictures import board_svg

    record = game("oros")
    state = record.resolve_position(position)
    root = ET.fromstring(board_svg(record, state, (), (record.parse_move(state, move),)))
    lines = [line for line in root.iter(f"{SVG}line") if line.get("stroke-width") == "4.0"]
    assert len(lines) == shafts
    assert all(line.get("x1") == line.get("x2") and float(line.get("y2")) > float(line.get("y1")) for line in lines)
    assert sum(1 for c in root.iter(f"{SVG}circle") if c.get("r") == "16.0") == rings
