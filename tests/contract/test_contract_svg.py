"""Every game draws its positions as SVG (the record's `svg`, solver/games/<game>/<game>_svg.py):
its default position gives well-formed SVG of a sensible size with a title, the same bytes
twice, and a highlight outside the board is refused."""

import xml.etree.ElementTree as ET

import pytest

from solver.output.pictures import board_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_every_game_has_an_svg_board(record):
    """The default position as SVG: XML whose root is an <svg> 400-2000 px wide, whose first
    text (the title) starts with the game's title, with a legend (several texts) and shapes; deterministic."""
    state = record.resolve_position(None)
    svg = board_svg(record, state)
    assert svg == board_svg(record, state)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert 400 <= float(root.get("width")) <= 2000 and 300 <= float(root.get("height")) <= 2000
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts[0].startswith(record.title)
    assert len(texts) > 10
    assert sum(1 for shape in ("rect", "polygon", "circle") for _ in root.iter(f"{SVG}{shape}")) > 10


def test_svg_refuses_a_highlight_off_the_board(record):
    """A highlighted space that the position does not have is a ValueError, as for `render`."""
    with pytest.raises(ValueError):
        record.svg(record.resolve_position(None), highlight=(10_000,))
