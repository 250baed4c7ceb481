"""`caldera analyze` and `caldera hint` as a user runs them: output, JSON, option errors."""

import json

import pytest

from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_notation import format_move, parse_position
from tests.cli_cases import run

# A to move; a1-E slides 5 spaces with 3 eggs left: the only move that does not lose at once,
# since B's a4-E would win next (see tests/search/test_mcts.py).
WIN_NOW = "6x6 P4I/6/6/p4I/6/6 - A play 3/3 2+1/2+1 20"
MIDGAME = "8x5 6PI/5S2/pIIpEpee/P1eE4/2I1I2P - B play 14/13 0+0/0+1 13 cap=80"


def winning_texts(text):
    """The moves that win at once, by the reference rules."""
    state = parse_position(text)
    return {format_move(state, m) for m in ref.legal_moves(state) if ref.status(ref.successor(state, m)) == ref.WIN_A}


def test_analyze_json_has_documented_keys_and_a_legal_pv():
    """--json prints one object with the keys of docs/json.md; the PV is a legal line."""
    code, out, _ = run("analyze", "penguins", MIDGAME, "--depth", "4", "--multipv", "2", "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert set(result) == {"game", "position", "to_move", "engine", "depth", "nodes", "nps", "seconds", "threads",
                           "stopped", "lines", "equal", "notes"}
    assert result["equal"] == []  # alpha-beta says nothing of confidence
    assert result["depth"] == 4 and result["stopped"] == "depth" and len(result["lines"]) == 2
    state = parse_position(MIDGAME)
    for text in result["lines"][0]["pv"]:
        move = next(m for m in ref.legal_moves(state) if format_move(state, m) == text)
        state = ref.successor(state, move)
    assert set(result["lines"][0]["score"]) == {"kind", "value", "plies"}


@pytest.mark.parametrize("engine", [("--depth", "3"), ("--engine", "mcts", "--sims", "3000", "--seed", "1")])
def test_analyze_finds_the_winning_move(engine):
    """Both engines play the one move that wins at once."""
    code, out, _ = run("analyze", "penguins", WIN_NOW, *engine, "--json")
    assert code == 0
    assert json.loads(out)["lines"][0]["move"] in winning_texts(WIN_NOW)


def test_solve_reports_win_in_one():
    """--solve proves the win and says how far it is."""
    code, out, _ = run("analyze", "penguins", WIN_NOW, "--solve", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["stopped"] == "solved"
    assert result["lines"][0]["score"] == {"kind": "win", "value": 1.0, "plies": 1}


def test_analyze_human_output_names_move_score_and_limits():
    """The table shows the best move and the summary shows depth, nodes and why it stopped."""
    code, out, _ = run("analyze", "penguins", WIN_NOW, "--depth", "2")
    assert code == 0
    assert "win in 1" in out and "stopped by: solved" in out
    assert any(text in out for text in winning_texts(WIN_NOW))


def test_hint_explains_moves_in_words():
    """hint lists the top moves with what they do, and says the winning one wins at once."""
    code, out, _ = run("hint", "penguins", WIN_NOW, "--top", "2", "--time", "0.3")
    assert code == 0
    first, second = [line for line in out.splitlines() if line[:1].isdigit()]
    assert first.split()[1] in winning_texts(WIN_NOW)
    assert "slides from" in first and "wins at once" in first
    assert "lets B win at once" in second


@pytest.mark.parametrize(
    "args, words",
    [
        (("--sims", "100"), "--sims is a setting of --engine mcts"),
        (("--engine", "mcts", "--depth", "3"), "--depth is a setting of --engine alphabeta"),
        (("--engine", "mcts", "--solve"), "--solve"),
        (("--hash", "0"), "--hash"),
        (("--time", "-1"), "--time"),
    ],
)
def test_impossible_options_are_one_line_errors(args, words):
    """Options that do not fit the engine: exit 2 and one line naming the option."""
    code, out, err = run("analyze", "penguins", *args)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_team_mode_names_the_player_to_move():
    """Team mode (P-2): after setup the turns go A1 B1 A2 B2; analyze names the player."""
    team = "8x8 8/8/8/8/8/8/8/8 - A setup 16/16 3+1/3+1 0 team=1"
    # Two setup plies, then A1 lands: the fourth ply is B's first turn, by player B1; two more: B2.
    for after, seat in (("+a1 +b2 +c3", "B1"), ("+a1 +b2 +c3 +d4 +e5", "B2")):
        code, out, _ = run("analyze", "penguins", team, "--after", after, "--depth", "1")
        assert code == 0
        assert f"to move   {seat} (play)" in out
        code, out, _ = run("analyze", "penguins", team, "--after", after, "--depth", "1", "--json")
        assert json.loads(out)["to_move"] == seat


def test_more_moves_than_the_search_holds_is_said():
    """A tile position with 12,677 legal moves (seagull x krill, see tests/penguins/test_penguins_perft.py):
    alpha-beta scores them all and searches the best MAX_MOVES deeper, MCTS sees the first MAX_MOVES,
    and the output says so; a plain position has no such note."""
    from kernels.penguins.penguins_layout import MAX_MOVES

    crowded = "6x6 P3I1/2G3/6/2p3/6/6 kb1,kc1 A play 10/10 2+1/2+1 10"
    code, out, _ = run("analyze", "penguins", crowded, "--depth", "1")
    assert code == 0
    assert (f"12,677 legal moves (P-9 combinations): alpha-beta scored all of them one ply deep and searched "
            f"the best {MAX_MOVES:,}") in out
    code, out, _ = run("analyze", "penguins", crowded, "--engine", "mcts", "--sims", "50")
    assert code == 0
    assert f"12,677 legal moves (P-9 combinations); the search considered the first {MAX_MOVES:,}" in out
    code, out, _ = run("hint", "penguins", crowded, "--time", "0.1")
    assert code == 0 and "note: this position has 12,677 legal moves" in out
    code, out, _ = run("analyze", "penguins", WIN_NOW, "--depth", "1")
    assert code == 0 and "legal moves (P-9" not in out
