"""`caldera hint` as a user runs it (issues 35, 30, 34): --engine with settings, a scripted pick
said to have no score (hint and analyze, text and JSON), and each move's reason."""

import json

from tests.cli_cases import one_line_error, run

MIDGAME = "8x5 6PI/5S2/pIIpEpee/P1eE4/2I1I2P - B play 14/13 0+0/0+1 13 cap=80"


def test_hint_takes_an_engine_with_settings():
    """--engine NAME:KEY=VALUE as in match: the seeded search runs its simulations, not the hint's time."""
    code, out, _ = run("hint", "island", "--engine", "mcts:sims=500,seed=1")
    assert code == 0
    assert out.startswith("Best moves for A (500 simulations in ")
    assert run("hint", "island", "--engine", "mcts:sims=500,seed=1")[1].splitlines()[1:] == out.splitlines()[1:]


def test_hint_refuses_a_bad_engine_in_one_line():
    """An unknown engine or setting: one line, exit 2."""
    assert "unknown engine 'bogus'" in one_line_error("hint", "penguins", "--engine", "bogus")
    assert "no setting 'depht'" in one_line_error("hint", "penguins", "--engine", "alphabeta:depht=3")


def test_a_pick_without_a_search_has_no_score():
    """The random baseline picks without a search: no '50%' verdict, 'no score (scripted pick)' in
    analyze's table and in the hint, and a score of kind none in the JSON."""
    code, out, _ = run("analyze", "penguins", MIDGAME, "--engine", "random")
    assert code == 0 and "no score (scripted pick)" in out and "%" not in out, out
    code, out, _ = run("analyze", "penguins", MIDGAME, "--engine", "random", "--json")
    assert json.loads(out)["lines"][0]["score"] == {"kind": "none", "value": None, "plies": None}
    code, out, _ = run("hint", "penguins", MIDGAME, "--engine", "random")
    assert out.startswith("Best moves for B (picked by random, without a search):"), out
    assert "(no score: a scripted pick)" in out, out


def test_the_scripted_player_has_no_score():
    """The full Oros game's scripted player (--engine heuristic): its pick is not a 50% search value."""
    code, out, _ = run("analyze", "oros", "game1", "--engine", "heuristic")
    assert code == 0 and "no score (scripted pick)" in out and "search value" not in out, out


def test_each_hinted_move_says_why():
    """Every move of a penguins hint has its reason line, from the evaluation's terms or a proof."""
    code, out, _ = run("hint", "penguins", MIDGAME, "--engine", "alphabeta:depth=3")
    lines = out.splitlines()
    moves = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    assert len(moves) == 3 and all(lines[i + 1].startswith("   why: ") for i in moves), out
