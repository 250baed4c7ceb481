"""Every command for every game of the registry, as a user types it: exit 0 and some output on the
default position, exit 2 and one `caldera: error:` line on a bad position; where a command does
not apply to a game (a match of a single-agent game, puzzles of a game without them), exit 2
and one line saying why. Also: a command compiles only the game it runs."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from solver.games.registry import GAME_NAMES, game
from tests.cli_cases import match_position

ROOT = Path(__file__).resolve().parents[2]
BAD_POSITION = "this is not a position"


def run(*args):
    """(exit code, stdout, stderr) of `caldera ARGS`."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def fast_limits(record) -> list[str]:
    """Options that make `analyze` quick with the game's default engine."""
    return ["--time", "0.2"] if record.default_engine != "alphabeta" else ["--depth", "2"]


def commands(name: str) -> list[tuple[str, ...]]:
    """Every command that takes a position, for the game `name`, on its default position."""
    record = game(name)
    return [
        ("show", name),
        ("moves", name),
        ("perft", name, "1"),
        ("perft", name, "1", "--reference"),
        ("analyze", name, *(["first-peak"] if record.goals else []), *fast_limits(record)),
        ("analyze", name, *(["first-peak"] if record.goals else []), *fast_limits(record), "--json"),
        ("hint", name, *(["first-peak"] if record.goals else []), "--time", "0.2"),
    ]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_command_runs_on_the_default_position(name):
    """show, moves, perft (kernel and reference), analyze (text and JSON) and hint: exit 0 with
    output on stdout and no error line."""
    for args in commands(name):
        code, out, err = run(*args)
        assert code == 0, (args, out, err)
        assert out.strip(), args
        assert "error" not in err, (args, err)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_command_refuses_a_bad_position_in_one_line(name):
    """The same commands on a position that is no notation: exit 2, one line naming the field and
    column that are wrong, nothing on stdout."""
    for command in commands(name):
        args = (*command[:2], BAD_POSITION, *[word for word in command[2:] if word != "first-peak"])
        code, out, err = run(*args)
        assert code == 2 and out == "", (args, code, out, err)
        assert err.count("\n") == 1 and err.startswith("caldera: error: ") and "(column " in err, (args, err)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_listing_commands_run_or_say_why_not(name):
    """positions always; puzzles, scenarios and match where the record has them, else one line."""
    record = game(name)
    code, out, _ = run("positions", name)
    assert code == 0 and record.default_position in out
    for command, has_it in (("puzzles", record.puzzles is not None), ("scenarios", record.scenarios is not None)):
        code, out, err = run(command, name, *(["--no-pictures"] if command == "scenarios" else []))
        if has_it:
            assert code == 0 and out.strip()
        else:
            assert code == 2 and err.count("\n") == 1 and f"{name} has no" in err
    engine = "random" if "random" in record.engines else record.default_engine
    code, out, err = run("match", name, engine, engine, "--games", "2")
    if record.is_single_agent(record.resolve_position(None)):
        assert code == 2 and err.count("\n") == 1 and "single-agent" in err
    else:
        assert code == 0 and out.startswith("match ")
    if record.adversarial:  # a game with puzzles too: its positions between players play matches
        code, out, err = run("match", name, "random", "random", "--games", "2", "--position", match_position(record))
        assert code == 0 and out.startswith("match "), err


@pytest.mark.parametrize("name, other", [("island", "penguins"), ("oros", "penguins"), ("penguins", "island")])
def test_a_command_compiles_only_its_game(tmp_path, name, other):
    """A first `perft` of one game compiles that game's kernel and the perft search, and nothing of
    another game (kernels/dispatch.py): the new cache holds no file of the other game's kernel."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "cli", "perft", name, "1"], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    cached = [path.name for path in tmp_path.rglob("*.nbi")]
    assert any(name in path for path in cached), cached
    assert not any(other in path for path in cached), cached
