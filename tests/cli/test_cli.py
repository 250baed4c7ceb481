"""The command line as a user meets it: output, one-line errors with exit code 2, fast help."""

import subprocess
import sys

import pytest

from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, format_move, parse_move, parse_position
from tests.cli_cases import one_line_error, run


def test_help_does_not_import_numba():
    """`caldera --help` must stay fast: numba, dask and pyspiel are imported only by commands that use them."""
    code = ("import sys, cli\ntry:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print([m for m in ('numba', 'dask', 'distributed', 'pyspiel') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_show_draws_board_and_notation():
    """`show` prints the board picture and the position's notation line."""
    code, out, _ = run("show", "penguins", "floes")
    assert code == 0
    assert BUILTIN_POSITIONS["floes"] in out
    assert out.count("▲") >= 4  # four icebergs, plus their ghost copies at the edges


def test_moves_lists_every_legal_move():
    """`moves` names exactly the reference's legal moves, slides with their stop space."""
    text = "5x5 IEPE1/P3s/3eS/epe2/ppPe1 - B play 14/12 0+0/0+0 20"
    after = "+e1"  # B lands; then A has penguins with legal and illegal slides
    state = parse_position(text)
    state = ref.successor(state, parse_move(state, after))
    code, out, _ = run("moves", "penguins", text, "--after", after)
    assert code == 0
    words = out.split()
    legal = ref.legal_moves(state)
    assert f"{len(legal)} legal moves" in out
    assert all(format_move(state, m) in words for m in legal)
    slide_lines = [line for line in out.splitlines() if line.strip().startswith("slide")]
    assert len(slide_lines) == sum(1 for m in legal if m.action == ref.SLIDE) > 0
    assert all(" to " in line for line in slide_lines)


def test_positions_lists_builtins():
    """`positions` lists each built-in name with its notation."""
    code, out, _ = run("positions", "penguins")
    assert code == 0
    for name, text in BUILTIN_POSITIONS.items():
        assert f"{name}" in out and text in out


@pytest.mark.parametrize(
    "args, words",
    [
        (("perft", "penguins", "x"), "DEPTH"),
        (("perft", "penguins", "start", "2", "3"), "[POSITION] DEPTH"),
        (("show", "chess"), "GAME"),
        (("show", "penguins", "nowhere"), "built-in"),
        (("show", "penguins", "8x8 8/8/8/8/8/8/8/x - A setup 16/16 3+1/3+1 0"), "board (column 19)"),
        (("moves", "penguins", "start", "--after", "+a1 +a1"), "move 2 (+a1)"),
        (("perft", "penguins", "1", "--threads", "0"), "--threads"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words):
    """Bad input: exit code 2, nothing on stdout, one error line naming what is wrong."""
    assert words in one_line_error(*args)


def test_scenarios_lists_every_scenario_with_its_board():
    """`scenarios penguins` names each scenario with its notation; a name draws just that one."""
    code, out, _ = run("scenarios", "penguins", "--no-pictures")
    assert code == 0
    for name in ("gullrock", "tunnels", "rookery", "sealbay", "frostbite", "swamp"):
        assert f"{name}:" in out
    assert BUILTIN_POSITIONS["sealbay"] in out
    code, out, _ = run("scenarios", "penguins", "gullrock")
    assert code == 0
    assert "tunnels" not in out
    assert "G seagull" in out and "storm" in out  # the picture's legend names the scenario's tiles


def test_scenarios_unknown_name_is_one_line():
    """An unknown scenario name: one line listing the real ones, exit code 2."""
    code, out, err = run("scenarios", "penguins", "glacier")
    assert code == 2
    assert err.strip().splitlines() == [err.strip()]
    assert "glacier" in err and "gullrock" in err


def test_games_lists_each_game_with_what_its_chance_is():
    """`caldera games`: one line per game from its record; HOP! has no dice (H-4, H-5: cards,
    throws and clouds decide), island and meerkats roll dice, penguins and oros have no chance."""
    code, out, _ = run("games")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines() if not line.startswith(" ")}
    assert list(lines) == ["penguins", "island", "oros", "meerkats", "hop"]
    assert "HOP!: cards, throws and clouds, 3-6 players, hidden information" in lines["hop"]
    assert "Island Project: dice, 2-4 players" in lines["island"]
    assert ": no chance, 2 players" in lines["penguins"] and ": a die, super tile draws and friend reveals, 1-4 players" in lines["meerkats"]
