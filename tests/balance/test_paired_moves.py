"""`caldera balance --moves` (solver/commands/paired_moves.py): the paired difference worked out by hand,
a run whose every game is decided by the rules, and bad input in one line."""

from __future__ import annotations

import pytest

from solver.commands.paired_moves import MovePairing
from tests.cli_cases import one_line_error, run

# A to move, supplies 3/3; A's penguin a1 and B's a4 each face an iceberg 5 spaces east (f1, f4).
RACE = "6x6 P4I/6/6/p4I/6/6 - A play 3/3 2+1/2+1 20"


def test_the_difference_is_paired_game_by_game():
    pairing = MovePairing(("+a1", "+b1"), "A", "x", 0, 0, ([1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0]))
    # Differences 1, 0, 0, 1: mean 0.5; sample variance (4 * 0.25) / 3 = 1/3, standard error
    # sqrt(1/3 / 4) = 0.2887, margin 1.96 * 0.2887 = 0.566: -0.066 .. 1.066, clipped to 1.
    difference = pairing.difference()
    assert difference.mean == 0.5
    assert difference.low == pytest.approx(-0.066, abs=1e-3) and difference.high == 1.0
    assert pairing.lines()[-1].endswith("(neither is better at 95%)")
    assert pairing.score(0).mean == 0.75 and pairing.score(1).mean == 0.25


def test_a_win_at_once_beats_a_move_that_lets_the_rival_win():
    # a1-E enters b1..e1 and stops before the iceberg f1: 4 spaces lay A's last 3 eggs (P-7),
    # A wins at once. After +b2 B's a4-E does the same on row 4, and depth 1 finds it: A loses
    # every game, whatever the seed.
    code, out, err = run("balance", "penguins", RACE, "--moves", "a1-E,+b2", "--engine", "alphabeta:depth=1,hash=1",
                         "--games", "2", "--random-plies", "0")
    assert code == 0, err
    assert "after a1-E  A scores 100.0%" in out
    assert "after +b2   A scores 0.0%" in out
    assert out.rstrip().endswith("a1-E minus +b2: +1.000 per game, 95% interval +1.000 to +1.000 (a1-E is better)")


@pytest.mark.parametrize("moves, words", [
    ("a1-E", "give two moves joined by a comma"),
    ("a1-E,a1-E", "the two moves are the same move"),
    ("a1-E,+a1", "--moves, +a1:"),
])
def test_bad_moves_get_one_line(moves, words):
    assert words in one_line_error("balance", "penguins", RACE, "--moves", moves, "--engine", "random")


def test_moves_take_one_position_and_one_engine():
    assert "--moves plays one POSITION" in one_line_error("balance", "penguins", RACE, "--moves", "a1-E,+b2",
                                                          "--vs", "random")
