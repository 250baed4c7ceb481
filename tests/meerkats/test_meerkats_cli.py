"""Meerkats from the command line: analyze (the exact solver, --roll, the outcome table), hint in
plain words, show with a maze file, match with 2-4 seats, perft, positions, and one-line errors.

Expected values are worked out by hand on the dunes maze (solver/games/meerkats/mazes/dunes.maze):
on its desert face the cells a1..f1 along the top row, and f1-f2-f3 down column f, are open.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.games.meerkats.meerkats_notation import BUILTIN_POSITIONS
from tests.cli_cases import one_line_error, run

TINY = str(Path(__file__).parent / "tiny.maze")
SIZES = Path(__file__).parent / "sizes"  # open5.maze .. open9.maze: one maze of each size M-4 allows
# Solo: A started on a1, drew a shortcut tile, seeks the mouse on f3; rolled 2, walked to c1, rolled 3.
ON_F1_NEXT = "a1 draw:shortcut reveal:mouse roll:2 c1 roll:3"


def scores(out: str) -> list[float]:
    """The '12.345 turns' scores of an analysis's numbered lines, in the order printed."""
    return [float(x) for x in re.findall(r"^\d+\s+\S+\s+(\d+\.\d+) turns", out, re.M)]


def test_analyze_solo_at_a_roll_gives_each_walks_expected_turns():
    """--roll 3 plays the die first; the exact solver lists the walks, fewest expected turns first."""
    code, out, _ = run("analyze", "meerkats", "dunes-1", "--after", "a1 draw:shortcut reveal:mouse roll:2 c1",
                       "--roll", "3", "--multipv", "4")
    assert code == 0, out
    assert "engine exact" in out and "(move, walk 3)" in out
    listed = scores(out)
    assert len(listed) >= 4 and listed == sorted(listed)


def test_analyze_at_the_roll_gives_every_outcome_its_value():
    """At a roll the exact solver values each number of the die, and their mean (1/3 each) is the
    expected value of the roll."""
    code, out, _ = run("analyze", "meerkats", "dunes-1", "--after", "a1 draw:shortcut reveal:mouse")
    assert code == 0, out
    values = {roll: float(v) for roll, v in re.findall(r"roll:(\d)\s+(\d+\.\d+) turns", out)}
    assert set(values) == {"1", "2", "3"}
    expected = float(re.search(r"expected (\d+\.\d+) turns", out).group(1))
    assert abs(sum(values.values()) / 3 - expected) < 2e-3  # the printed values are rounded to 1e-3


def test_hint_in_plain_words():
    """From f1 the mouse on f3 is two steps down: a roll of 2 ends there, a 3 passes it (and so
    meets it), a 1 does not: 2/3, 67%. The hint says so, and what the kept shortcut tile is worth."""
    code, out, _ = run("hint", "meerkats", "dunes-1", "--after", ON_F1_NEXT)
    assert code == 0, out
    assert "go to f1: you reach the mouse (f3) next turn with 67%" in out
    assert re.search(r"keep the shortcut tile: it saves \d+\.\d turns later", out)


def test_hint_at_a_roll_lists_the_outcomes_with_their_values():
    """At a roll: the three numbers, 1/3 each, each with the exact solver's value."""
    code, out, _ = run("hint", "meerkats", "dunes-1", "--after", "a1 draw:shortcut reveal:mouse")
    assert code == 0, out
    assert "the dice roll" in out
    assert len(re.findall(r"roll:\d .*33\.3%.*then \d+\.\d+ turns", out)) == 3


def test_hint_solo_at_the_cap_ranks_the_win_first():
    """M-8: a solo game cut off by the turn cap is lost. A has met its only friend and stands on
    f1 with a roll of 1 in the tenth turn of ten: g1, one step east, is a burrow and wins at once;
    e1 and f2 end the game unsolved. The exact solver once counted a cut-off as no turns left to
    play (1.00 turn, as good as the win) and ranked e1 first; the win must rank first and the
    cut-offs cost more turns than it."""
    code, out, _ = run("hint", "meerkats", "dunes A:f1:1t:2221:- desert A move 1 - 9 friends=1 cap=10")
    assert code == 0, out
    ranked = re.findall(r"^\d+\. +(\w+) .*?(\d+\.\d+) more turns expected", out, re.M)
    assert [move for move, _ in ranked][0] == "g1" and sorted(move for move, _ in ranked) == ["e1", "f2", "g1"], out
    assert ranked[0][1] == "1.00" and all(float(turns) > 1.0 for _, turns in ranked[1:]), out
    assert "e1; the turn cap ends the game unsolved" in out


def test_hint_two_players_uses_mcts():
    """With two players hint searches with MCTS and gives win chances."""
    code, out, _ = run("hint", "meerkats", "dunes-2", "--after", "a1 g7 draw:speed reveal:turtle draw:luck "
                       "reveal:chameleon roll:3", "--time", "0.3")
    assert code == 0, out
    assert "simulations" in out and "wins with" in out


def test_show_a_maze_file_for_three_players():
    """show --maze FILE --players 3: both faces drawn, the face up marked, three seats."""
    code, out, _ = run("show", "meerkats", "--maze", TINY, "--players", "3")
    assert code == 0, out
    assert "desert face (up)" in out and "underground face (down)" in out
    assert out.strip().splitlines()[-1] == f"{TINY} A:-:0-:2222:- B:-:0-:2222:- C:-:0-:2222:- desert A setup - - 0"


def test_match_with_two_three_and_four_seats():
    """Matches run with 2, 3 and 4 seats (random players, one friend each, a 40-turn cap)."""
    for players in (2, 3, 4):
        code, out, _ = run("match", "meerkats", "random", "random", "--games", str(players), "--players", str(players),
                           "--position", "dunes-dash")
        assert code == 0, out
        assert f"{players} games" in out
        seats_line = next(line for line in out.splitlines() if line.startswith(("seats", "sides")))
        assert re.search(rf"\b{'ABCD'[players - 1]}\b", seats_line)


def test_perft_kernel_equals_reference():
    """perft from dunes-dash (two players choosing among four burrows each: 16 at depth 2)."""
    for extra in ((), ("--reference",)):
        code, out, _ = run("perft", "meerkats", "dunes-dash", "2", *extra)
        assert code == 0 and re.search(r"nodes\s+16\b", out), out


def test_positions_lists_the_builtins():
    """Every built-in position is listed."""
    code, out, _ = run("positions", "meerkats")
    assert code == 0
    for name in BUILTIN_POSITIONS:
        assert name in out


def test_errors_are_one_line():
    """A roll where no roll is due, an impossible roll, a game too big for the memory given."""
    assert "not at a roll" in one_line_error("analyze", "meerkats", "dunes-1", "--roll", "2")
    assert "--roll 4" in one_line_error("analyze", "meerkats", "dunes-1", "--after", "a1 draw:luck reveal:turtle",
                                        "--roll", "4")
    assert "needs more than 16 MB" in one_line_error("analyze", "meerkats", "dunes-sprint", "--engine", "exact",
                                                     "--memory", "16")
    assert "1 to 4 players" in one_line_error("show", "meerkats", "--players", "5")


def test_a_tile_draw_and_a_friend_reveal_are_named_for_what_they_are():
    """M-7, M-5: after the setup each player draws a super tile (「每個玩家抽一個超級板塊」) and turns
    its first friend tile: neither is a dice roll, and `hint` and `moves` say which it is and whose."""
    code, out, _ = run("hint", "meerkats", "dunes-1", "--after", "g1")
    assert code == 0, out
    assert "The next move is A's super tile draw" in out and "dice" not in out
    code, out, _ = run("moves", "meerkats", "dunes-1", "--after", "g1 draw:luck")
    assert code == 0, out
    assert out.splitlines()[0] == "the next move is A's friend reveal, not a choice: 4 outcomes"
    code, out, _ = run("moves", "meerkats", "dunes-1", "--after", "g1 draw:luck reveal:mouse")
    assert out.splitlines()[0] == "the next move is the dice roll, not a choice: 3 outcomes"


def test_the_board_tells_the_friends_from_the_meerkats():
    """The seats are A-D; the friends (M-5) are small letters on the board, so at the setup, with
    no meerkat placed, no capital but the burrows' O stands in a cell (the beetle and the
    chameleon once read as meerkats B and C), and the legend says which letter is which."""
    code, out, _ = run("show", "meerkats", "--maze", TINY, "--players", "4")
    assert code == 0, out
    rows = [line for line in out.splitlines() if re.match(r"\s+\d ┃", line)]
    cells = "".join(re.sub(r"^\s+\d ", "", line) for line in rows)
    assert not set(cells) & set("ABCD")
    assert all(cells.count(mark) == 2 for mark in "cbmt")  # each friend once per face
    legend = " ".join(out.split())
    assert "friends c chameleon, b beetle, m mouse, t turtle; meerkats A B C D" in legend


@pytest.mark.parametrize("size", range(5, 10))
def test_every_board_size_in_every_command(size):
    """M-4: "any 5..9 per side in files". A 9 x 9 face has 81 cells, more than the 64 bits of a
    word: every command once ended there in `internal error: OverflowError`. On
    tests/meerkats/sizes/open5.maze .. open9.maze, drawn with the turtle in the middle of the
    bottom row of the desert face and the bottom row open: show, moves, perft (kernel = reference), analyze (the
    exact solver solo, MCTS with two seats), hint and match."""
    maze = str(SIZES / f"open{size}.maze")
    last_column, before_last = "abcdefghi"[size - 1], "abcdefghi"[size - 2]
    corner = f"{last_column}{size}"  # the bottom-right burrow: cell size * size - 1, past 63 on 9 x 9
    code, out, _ = run("show", "meerkats", "--maze", maze, "--players", "2")
    assert code == 0, out
    assert out.strip().splitlines()[-1] == f"{maze} A:-:0-:2222:- B:-:0-:2222:- desert A setup - - 0"
    # One step from the corner: up or left.
    code, out, _ = run("moves", "meerkats", f"{maze} A:{corner}:0T:2221:- desert A move 1 - 0 friends=1")
    assert code == 0, out
    assert re.findall(r"^(\w+)\s+walk 1 to", out, re.M) == [f"{last_column}{size - 1}", f"{before_last}{size}"]
    for extra in ((), ("--reference",)):
        code, out, _ = run("perft", "meerkats", "--maze", maze, "--players", "1", "3", *extra)
        assert code == 0, out
        counted = re.search(r"nodes\s+(\d+)", out).group(1)
        if extra:
            assert counted == kernel_count, (kernel_count, counted)
        kernel_count = counted
    solo = f"{maze} A:{corner}:0T:2221:- desert A roll - - 0 friends=1"
    duel = f"{maze} A:{corner}:0T:2221:- B:a1:0C:1222:- desert A roll - - 0 friends=1"
    for args in (("analyze", "meerkats", solo), ("analyze", "meerkats", duel, "--time", "0.2"),
                 ("hint", "meerkats", solo), ("hint", "meerkats", duel, "--time", "0.2")):
        code, out, _ = run(*args)
        assert code == 0 and "roll:3" in out, (args, out)
    code, out, _ = run("match", "meerkats", "random", "random", "--games", "2", "--maze", maze)
    assert code == 0 and "2 games" in out, out
