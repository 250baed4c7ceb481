"""`show --svg/--png` and `analyze --svg` in-process: the files written are the record's
picture, and a file that cannot be written is one line of error."""

from __future__ import annotations

import pytest

from solver.games.registry import game
from solver.pictures import board_svg
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
    # first-peak's plan is one action (docs/oros_puzzles.md): one numbered disc (radius 9) and the legend.
    assert text.count('r="9.0"') == 1 and "best line, numbered in order" in text


def test_an_unwritable_picture_is_one_line(tmp_path):
    missing = tmp_path / "no-such-folder" / "board.svg"
    assert "--svg" in one_line_error("show", "penguins", "--svg", str(missing))
