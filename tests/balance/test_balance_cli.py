"""`caldera balance` end to end, in-process: figures that agree with the games played, the same
figures from the same seed, the report's plots as real PNGs, and bad input in one line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.cli_cases import one_line_error, run


def balance_json(*args):
    """`caldera balance ARGS --json`, parsed."""
    code, out, err = run("balance", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_figures_agree_with_the_games_and_repeat_with_the_seed():
    first = balance_json("penguins", "pond", "--engine", "random", "--games", "6", "--seed", "3")
    assert first == balance_json("penguins", "pond", "--engine", "random", "--games", "6", "--seed", "3")
    (p,) = first["positions"]
    assert p["games"] == 6 and p["position"] == "pond" and len(p["lengths"]) == 6
    # Each two-seat game hands out one point (1-0, 0-1 or 1/2-1/2), so the seats' means add to 1.
    assert p["seat_scores"]["A"]["mean"] + p["seat_scores"]["B"]["mean"] == pytest.approx(1.0)
    assert p["advantage"]["mean"] == p["seat_scores"]["A"]["mean"]
    assert p["completion"]["mean"] + p["draws"]["mean"] == pytest.approx(1.0)
    assert p["length"]["mean"] == pytest.approx(sum(p["lengths"]) / 6)
    assert p["length"]["shortest"] == min(p["lengths"]) and p["length"]["longest"] == max(p["lengths"])
    # The random engine values no seat: no lead metrics.
    assert p["lead_changes"]["mean"] is None and p["drama"]["mean"] is None


def test_mcts_gives_the_lead_metrics_and_the_report_draws_its_plots(tmp_path):
    pytest.importorskip("matplotlib")  # the pictures extra (installed in CI: no skip there)
    from PIL import Image

    report = tmp_path / "report"
    data = balance_json("penguins", "pond", "--engine", "mcts:sims=30,memory=16", "--games", "2", "--seed", "1",
                        "--report", str(report))
    (p,) = data["positions"]
    for metric in ("lead_changes", "drama", "decisiveness"):
        assert 0.0 <= p[metric]["mean"] <= 1.0, metric
    page = (report / "README.md").read_text(encoding="utf-8")
    assert "| pond | 2 |" in page and "caldera balance penguins pond" in page
    # The command that made the page, to run again: not a console example for tests/docs to run.
    assert "```bash\ncaldera balance penguins pond" in page
    for name in ("seat_scores", "lengths", "branching"):
        image = Image.open(report / f"{name}.png").convert("RGB")
        assert image.size == (800, 450), name  # PLOT_SIZE 8 x 4.5 inches at 100 dpi
        pixels = np.asarray(image).reshape(-1, 3)
        assert (pixels != 255).any(axis=1).sum() > 2000, name  # axes, bars, lines, text
        assert len(np.unique(pixels, axis=0)) > 10, name


def test_a_file_of_positions(tmp_path):
    listing = tmp_path / "positions.txt"
    listing.write_text("# two positions\npond\n\nfloes\n", encoding="utf-8")
    data = balance_json("penguins", str(listing), "--engine", "random", "--games", "2")
    assert [p["position"] for p in data["positions"]] == ["pond", "floes"]


@pytest.mark.parametrize("args, words", [
    (("oros",), "single-agent"),
    (("penguins", "nowhere"), "position nowhere"),
    (("penguins", "--engine", "exact"), "exact"),
    (("penguins", "--games", "0"), "--games"),
])
def test_bad_input_is_one_line(args, words):
    assert words in one_line_error("balance", *args)


def test_an_empty_position_file_is_refused(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n", encoding="utf-8")
    assert "holds no position" in one_line_error("balance", "penguins", str(empty))


def test_positions_in_parallel_give_the_same_figures():
    # Each position is played whole by one process, from the same seed: --jobs changes nothing.
    args = ("penguins", "pond", "floes", "--engine", "random", "--games", "4", "--seed", "5")
    assert balance_json(*args, "--jobs", "2") == balance_json(*args)
