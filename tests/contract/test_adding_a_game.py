"""docs/adding-a-game.md is true: its example game (sticks), written from the doc's own code blocks
into a temporary folder and added to the registry, passes the contract tests and plays from the
command line with the output the doc shows. Adding a game really is two folders and a name."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import kernels
import solver.games
from solver.games import registry
from tests.contract import test_contract_kernel, test_contract_notation, test_contract_records

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "adding-a-game.md"
FILES = ("solver/games/sticks/sticks_rules.py", "solver/games/sticks/sticks_notation.py",
         "solver/games/sticks/sticks_game.py", "kernels/sticks/sticks_kernel.py")


def doc_blocks() -> dict[str, str]:
    """The doc's code blocks, by the file name written just above each."""
    text = DOC.read_text(encoding="utf-8")
    return {name: code for name, code in re.findall(r"^`([\w/]+\.py)`[^\n]*:\n\n```python\n(.*?)```", text, re.S | re.M)}


def console_block() -> list[str]:
    """The lines of the doc's `caldera analyze sticks` example, the command first."""
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```console\n(\$ caldera analyze sticks.*?)```", text, re.S).group(1)
    return block.splitlines()


@pytest.fixture(scope="module")
def sticks_tree(tmp_path_factory):
    """The example's files in a temporary tree, importable as solver.games.sticks and
    kernels.sticks, and "sticks" in the registry while the tests of this module run."""
    tree = tmp_path_factory.mktemp("sticks")
    blocks = doc_blocks()
    for name in FILES:
        path = tree / name
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.parent / "__init__.py").write_text("")
        path.write_text(blocks[name])
    solver.games.__path__.append(str(tree / "solver" / "games"))
    kernels.__path__.append(str(tree / "kernels"))
    names = registry.GAME_NAMES
    registry.GAME_NAMES = (*names, "sticks")
    yield tree
    registry.GAME_NAMES = names
    solver.games.__path__.remove(str(tree / "solver" / "games"))
    kernels.__path__.remove(str(tree / "kernels"))


def test_the_doc_holds_every_file_of_the_example():
    """Each file the doc lists is one of its code blocks."""
    assert set(FILES) <= set(doc_blocks())


def test_the_example_passes_the_contract(sticks_tree):
    """The record, notation and kernel contracts hold for sticks, as for the shipped games."""
    record = registry.game("sticks")
    for check in (test_contract_records.test_capabilities_are_consistent,
                  test_contract_records.test_engines_fit_the_capabilities,
                  test_contract_records.test_every_named_function_exists,
                  test_contract_records.test_kernel_defines_every_operation_its_engines_use,
                  test_contract_records.test_default_and_builtin_positions_load,
                  test_contract_notation.test_builtin_positions_round_trip,
                  test_contract_notation.test_mutated_positions_round_trip_or_name_a_column,
                  test_contract_notation.test_every_legal_move_round_trips):
        check(record)
    test_contract_kernel.test_kernel_agrees_with_the_reference_on_random_play("sticks")


BOOT = """
import sys
import kernels, solver.games
from solver.games import registry
solver.games.__path__.append({games!r})
kernels.__path__.append({kernels!r})
registry.GAME_NAMES = (*registry.GAME_NAMES, "sticks")
import cli
sys.argv = ["caldera", *sys.argv[1:]]
cli.main()
"""


def test_the_example_plays_from_the_command_line(sticks_tree):
    """`caldera analyze sticks --depth 8` prints what the doc shows (timings aside)."""
    boot = BOOT.format(games=str(sticks_tree / "solver" / "games"), kernels=str(sticks_tree / "kernels"))
    command, *shown = console_block()
    args = command.split()[2:]
    done = subprocess.run([sys.executable, "-c", boot, *args], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ))
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    timed = ("depth ", "threads ")  # the lines with nodes, speed and time vary from run to run
    assert [line.rstrip() for line in lines if not line.startswith(timed)] == \
        [line.rstrip() for line in shown if not line.startswith(timed)]
