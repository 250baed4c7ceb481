"""`caldera bench`: the quick suite runs and measures something (penguins and island MCTS), and
--vs-openspiel either compares with OpenSpiel or says in one line how to install it."""

import json
import re
import sys

import pytest

from kernels.island.island_layout import PLAYERS
from kernels.penguins.penguins_layout import TILES
from solver.commands.bench import CASES, MIDGAME, prepare, run_case
from solver.games.registry import game
from tests.cli_cases import run


def test_cases_are_data_on_valid_positions():
    """The suite is a list of named cases on positions that parse, quick sizes below full ones."""
    assert [case.name for case in CASES] == ["perft", "alphabeta", "mcts", "tiles_mcts", "island_mcts"]
    assert MIDGAME == "8x5 6PI/5S2/pIIpEpee/P1eE4/2I1I2P - B play 14/13 0+0/0+1 13 cap=80"
    for case in CASES:
        game(case.game).resolve_position(case.position)
        assert 0 < case.quick_size < case.size
    assert {case.position for case in CASES if case.game == "penguins"} == {"start", MIDGAME, "sealbay"}
    assert prepare(next(case for case in CASES if case.name == "tiles_mcts"))[TILES]  # a board with tiles
    island = CASES[-1]
    assert (island.game, island.kind, island.position) == ("island", "mcts", "start2")
    assert prepare(island)[PLAYERS] == 2  # the 2-player start


def test_island_case_runs_its_simulations():
    """The island MCTS case runs exactly its simulations, with 1 and 2 threads."""
    island = next(case for case in CASES if case.name == "island_mcts")
    for threads in (1, 2):
        timing = run_case(island, threads, quick=True)
        assert timing.count == island.quick_size and timing.seconds > 0


def test_quick_json_figures_are_positive():
    """`bench --quick --json` prints one JSON object; every count, time, rate and speed-up is > 0."""
    code, out, _ = run("bench", "--quick", "--json", "--threads", "2")
    assert code == 0
    report = json.loads(out)
    assert report["quick"] is True and report["threads"] == 2
    assert [case["name"] for case in report["cases"]] == ["perft", "alphabeta", "mcts", "tiles_mcts", "island_mcts"]
    for case in report["cases"]:
        for key in ("threads_1", "threads_2"):
            figures = case[key]
            assert figures["count"] > 0 and figures["seconds"] > 0 and figures["rate"] > 0, (case["name"], key)
        assert case["speedup"] > 0
    for mcts in report["cases"][2:]:
        assert mcts["threads_1"]["count"] == mcts["threads_2"]["count"] == mcts["size"]
    assert [case["game"] for case in report["cases"]] == ["penguins"] * 4 + ["island"]
    assert "openspiel" not in report


def test_threads_below_two_is_a_usage_error():
    """The second column needs at least 2 threads: one error line, exit 2."""
    code, out, err = run("bench", "--quick", "--threads", "1")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("caldera: error:")


def test_missing_openspiel_is_one_line(monkeypatch):
    """Without pyspiel, --vs-openspiel stops at once with one line saying how to install it."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` raise ImportError
    code, out, err = run("bench", "--quick", "--vs-openspiel")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("caldera: error: --vs-openspiel needs OpenSpiel")
    assert 'pip install ".[bench]"' in err


def test_vs_openspiel_prints_ratios():
    """With pyspiel installed, the table has a caldera/OpenSpiel ratio for each game."""
    pytest.importorskip("pyspiel")
    code, out, _ = run("bench", "--quick", "--vs-openspiel")
    assert code == 0
    for game in ("breakthrough", "connect_four"):
        row = next(line for line in out.splitlines() if line.strip().startswith(game))
        ratio = re.search(r"([\d.,]+)x\s*$", row)
        assert ratio and float(ratio.group(1).replace(",", "")) > 0, row
    assert "Different games: OpenSpiel's own games" in out
    # The same-game rows (solver/commands/bench_same_game.py): both sides' times and their ratio, per case.
    for start in ("MCTS, penguins start, 20 sims", "MCTS, island start2, 20 sims", "alpha-beta, penguins M, depth 2"):
        row = next(line for line in out.splitlines() if line.startswith(start))
        openspiel, caldera, ratio = re.search(r"([\d.]+) s\s+([\d.]+) s\s+([\d,]+)x\s*$", row).groups()
        assert float(openspiel) > 0 and float(caldera) > 0
        # The printed times are rounded, so their quotient is the ratio only to a few per cent.
        assert int(ratio.replace(",", "")) == pytest.approx(float(openspiel) / float(caldera), rel=0.05, abs=1)
