"""`show --svg/--png` and `analyze --svg` in-process: the files written are the record's
picture, and a file that cannot be written is one line of error."""

from __future__ import annotations

import pytest

from solver.games.registry import game
from solver.output.pictures import board_svg
from tests.cli_cases import one_line_error, run


def test_show_writes_the_svg_and_png_of_the_position(tmp_path):
    pytest.importorskip("cairosvg")  # the pictures extra (installed in CI: no skip there)
    from PIL import Image

    svg, png = tmp_path / "board.svg", tmp_path / "board.png"
    code, out, err = run("show", "island", "start2", "--after", "2E", "--svg", str(svg), "--png", str(png))
    assert code == 0, err
    assert "wrote" in err and out  # the terminal board is still printed
    record = game("island")
    state = record.resolve_position("start2")
    move = record.parse_move(state, "2E")
    assert svg.read_text(encoding="utf-8") == board_svg(record, record.successor(state, move), record.touched(state, move))
    assert Image.open(png).size[0] >= 400


def test_analyze_draws_the_plan_as_arrows(tmp_path):
    svg = tmp_path / "plan.svg"
    code, out, err = run("analyze", "oros", "first-peak", "--svg", str(svg))
    assert code == 0, err
    text = svg.read_text(encoding="utf-8")
    # first-peak's plan is one action (docs/oros_puzzles.md), a group of three moving: one map, an
    # arrow from each cell, each with the step's number on a disc (radius 9), and the legend.
    assert text.count("<svg") == 1 and text.count('r="9.0"') == 3 and "best line, numbered in order" in text
    assert text.count('font-weight="bold" xml:space="preserve">1</text>') == 3 + 1  # the discs and row 1


def test_an_unwritable_picture_is_one_line(tmp_path):
    missing = tmp_path / "no-such-folder" / "board.svg"
    assert "--svg" in one_line_error("show", "penguins", "--svg", str(missing))


def test_analyze_draws_each_step_of_a_plan_on_its_own_map(tmp_path):
    """twin-peaks' plan is b2c2d2>S +b3 b3v3:S1W2 a3b3b4>E (docs/oros_puzzles.md). Each step is
    drawn on the map as it is when the step is played, then the map the plan reaches: five maps,
    the k-th after k - 1 actions, the k-th step's number on the k-th map only. The group move is
    an arrow from each of b2, c2, d2 one cell south (not one arrow from b2 to d3)."""
    import xml.etree.ElementTree as ET

    svg = tmp_path / "plan.svg"
    code, out, err = run("analyze", "oros", "twin-peaks", "--svg", str(svg))
    assert code == 0, err
    ns = "{http://www.w3.org/2000/svg}"
    maps = ET.fromstring(svg.read_text(encoding="utf-8")).findall(f"{ns}svg")
    assert len(maps) == 5
    for step, picture in enumerate(maps, 1):
        texts = [t.text for t in picture.iter(f"{ns}text")]
        assert texts[1] == f"{step - 1} action{'' if step == 2 else 's'} taken"
        discs = {(c.get("cx"), c.get("cy")) for c in picture.iter(f"{ns}circle") if c.get("r") == "9.0"}
        numbers = {t.text for t in picture.iter(f"{ns}text") if (t.get("x"), t.get("y")) in discs}
        assert numbers == ({str(step)} if step < 5 else set())
    shafts = [line for line in maps[0].iter(f"{ns}line") if line.get("stroke-width") == "4.0"]
    assert len(shafts) == 3
    assert all(s.get("x1") == s.get("x2") and float(s.get("y2")) > float(s.get("y1")) for s in shafts)  # due south
