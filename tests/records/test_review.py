"""`caldera review`: a planted blunder is marked exactly, with the winning move named; the marks'
thresholds and the win probabilities of scores."""

import json

import pytest

from solver.analysis import Score
from solver.commands.review import loss_between, mark_of, win_probability
from solver.games.registry import game
from tests.cli_cases import one_line_error, run

# A wins at once by a1-E (its last eggs); any other move lets B win at once (checked below with
# the reference rules, not with the searches under review).
POSITION = "6x6 P4I/6/6/p4I/6/6 - A play 3/3 2+1/2+1 20"


def immediate_wins(record, state) -> set[str]:
    """The moves that end the game at once with the mover as sole winner (reference rules)."""
    wins = set()
    for move in record.legal_moves(state):
        after = record.successor(state, move)
        if record.is_over(after) and record.results(after)[record.to_move(state)] == 1:
            wins.add(record.format_move(state, move))
    return wins


def test_a_planted_blunder_is_marked_and_the_winning_move_named(tmp_path):
    """A throws away its forced win (+c3 instead of a1-E), B then wins: review with the solver
    marks move 1, and only move 1, a blunder, and names a1-E as the better move."""
    penguins = game("penguins")
    start = penguins.resolve_position(POSITION)
    assert immediate_wins(penguins, start) == {"a1-E"}
    after = penguins.successor(start, penguins.parse_move(start, "+c3"))
    assert immediate_wins(penguins, after) == {"a4-E"}
    path = tmp_path / "blunder.cgf"
    path.write_text(f"game penguins\nposition {POSITION}\nseat A human\nseat B human\nresult 0-1\n\n"
                    "moves\n1. +c3  ; the blunder\n2. a4-E\n")
    code, out, err = run("review", str(path), "--solve", "--json")
    assert code == 0, err
    review = json.loads(out)
    marks = [(m["number"], m["mark"]) for m in review["moves"]]
    assert marks == [(1, "blunder"), (2, "")]
    first = review["moves"][0]
    assert first["best"] == "a1-E" and first["best_line"][0] == "a1-E"
    assert first["loss"] == 1.0  # a proven win (1) against a proven loss (0)
    assert [(row["seat"], row["blunder"]) for row in review["summary"]] == [("A", 1), ("B", 0)]
    code, out, err = run("review", str(path), "--solve")
    assert code == 0 and "+c3" in out and "blunder" in out and "better a1-E" in out


def test_marks_follow_lichess_thresholds():
    """Drops of 5, 10 and 15 points of win probability (lichess: 0.1, 0.2, 0.3 of winning
    chances, which are 2p - 1) start the three marks; in turns, 0.25, 0.5 and 1."""
    assert [mark_of(x, "win") for x in (0.049, 0.05, 0.099, 0.10, 0.149, 0.15, 1.0)] == [
        "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert [mark_of(x, "turns") for x in (0.2, 0.25, 0.5, 1.0)] == ["", "inaccuracy", "mistake", "blunder"]


def test_scores_as_win_probabilities():
    """Forced results, values and evaluations on lichess's curve (one unit as one pawn: +1
    gives 1 / (1 + e^-0.368208) = 0.5910...)."""
    assert win_probability(Score("win", 1.0, 3)) == 1.0 and win_probability(Score("loss", -1.0, 2)) == 0.0
    assert win_probability(Score("draw", 0.0)) == 0.5 and win_probability(Score("value", 0.3)) == 0.3
    assert win_probability(Score("eval", 1.0)) == pytest.approx(0.59103, abs=1e-5)
    assert win_probability(Score("eval", -1.0)) == pytest.approx(1 - 0.59103, abs=1e-5)
    assert loss_between(Score("value", 0.4), Score("value", 0.45)) == (0.0, "win")  # noise is no gain
    assert loss_between(Score("turns", 20.0), Score("turns", 21.5)) == (1.5, "turns")


def test_bad_review_input_is_one_line(tmp_path):
    """A missing file, an engine that scores nothing, --multipv: one line each, exit 2."""
    assert "no-such.cgf" in one_line_error("review", str(tmp_path / "no-such.cgf"))
    path = tmp_path / "g.cgf"
    path.write_text(f"game penguins\nposition {POSITION}\n\nmoves\n1. +c3\n")
    assert "review compares the scores of moves" in one_line_error("review", str(path), "--engine", "random")
    assert "drop --multipv" in one_line_error("review", str(path), "--multipv", "3")


def test_a_puzzle_played_is_judged_in_actions(tmp_path):
    """first-peak (goal mountain@d3, budget 2): a wasted drift still leaves a one-action plan
    (one action lost: an inaccuracy); a second one leaves no action for the goal (a blunder).
    The reference rules say so: one action reaches the goal from the start and after 2E1 (tried
    one by one), and the goal is not met after 2E1 2W1 with the budget spent."""
    oros = game("oros")
    start = oros.resolve_position("first-peak")
    goal = oros.goals.parse("mountain@d3", start)

    def one_action_reaches(state):
        return any(oros.goals.is_met(goal, oros.successor(state, m)) for m in oros.legal_moves(state))

    drifted = oros.successor(start, oros.parse_move(start, "2E1"))
    back = oros.successor(drifted, oros.parse_move(drifted, "2W1"))
    assert not oros.goals.is_met(goal, start) and one_action_reaches(start) and one_action_reaches(drifted)
    assert not oros.goals.is_met(goal, back)
    path = tmp_path / "puzzle.cgf"
    path.write_text("game oros\nposition first-peak\ngoal mountain@d3\nbudget 2\n\nmoves\n1. 2E1\n2. 2W1\n")
    code, out, err = run("review", str(path), "--json")
    assert code == 0, err
    moves = json.loads(out)["moves"]
    # The second loss is a bound: with 1 action left and a 1-action plan, a plan after 2W1 would
    # need more than the 0 actions left, so the action costs at least 1 + 1 - 1 = 1.
    assert [(m["loss"], m["mark"]) for m in moves] == [(1.0, "inaccuracy"), (1.0, "blunder")]
    assert moves[1]["note"] == "the goal is out of reach within the budget"
    assert all(oros.goals.is_met(goal, oros.successor(s, oros.parse_move(s, m["best"])))
               for s, m in zip((start, drifted), moves))
