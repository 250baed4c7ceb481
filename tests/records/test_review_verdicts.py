"""`caldera review` marks a move only when the search can tell it from the best: a planted blunder
is still marked under MCTS with both intervals apart, the recheck's verdicts follow its
intervals, and an engine reviewing its own self-play at its own budget marks almost nothing."""

import json

import pytest

from solver.commands import review as reviewing
from solver.commands.review import TOO_CLOSE, MoveReview
from solver.engines.registry import EngineSpec
from tests.cli_cases import run
from tests.records.test_review import POSITION


def test_a_planted_blunder_is_marked_under_mcts_with_its_intervals_apart(tmp_path):
    """A throws away its forced win (+c3 instead of a1-E; tests/records/test_review.py checks both
    with the reference rules). Reviewed by MCTS, the rechecked drop is a blunder whose 95%
    intervals lie apart: a1-E wins at once (its interval is the single point 1), after +c3 B wins
    at once in most simulations."""
    path = tmp_path / "blunder.cgf"
    path.write_text(f"game penguins\nposition {POSITION}\nseat A human\nseat B human\nresult 0-1\n\n"
                    "moves\n1. +c3\n2. a4-E\n")
    code, out, err = run("review", str(path), "--engine", "mcts", "--sims", "2000", "--json")
    assert code == 0, err
    first = json.loads(out)["moves"][0]
    assert (first["mark"], first["verdict"], first["best"], first["recheck"]) == ("blunder", "blunder", "a1-E", 1)
    assert first["best_interval"] == [1.0, 1.0]
    assert first["played_interval"][1] < 0.5 and first["loss"] >= 0.5
    code, out, err = run("review", str(path), "--engine", "mcts", "--sims", "2000")
    assert code == 0, err
    assert "better a1-E (100.0% against " in out and "95% intervals 100.0-100.0% and " in out


def test_a_match_s_random_opening_is_not_judged(tmp_path):
    """The same planted blunder inside a match's random opening (its event line says how many moves
    were random) is no engine's move: review notes it and marks nothing. Before, meerkats self-play
    reviews marked the opening's random burrow in 10 of 20 games (docs/records.md)."""
    path = tmp_path / "opening.cgf"
    path.write_text(f"game penguins\nposition {POSITION}\nseat A human\nseat B human\nresult 0-1\n"
                    "event caldera match, game 1 of 2, seed 0, a random opening of 1 moves\n\n"
                    "moves\n1. +c3\n2. a4-E\n")
    code, out, err = run("review", str(path), "--engine", "mcts", "--sims", "2000", "--json")
    assert code == 0, err
    first = json.loads(out)["moves"][0]
    assert (first["note"], first["judged"], first["mark"]) == ("random opening", False, ""), first


def test_self_play_reviewed_at_its_own_budget_marks_at_most_3_percent(tmp_path):
    """Two island games of mcts:sims=2000 against itself, reviewed with --sims 2000: the engine
    cannot tell most of its choices from the review's best, so at most 3% of the judged moves are
    marked (before the recheck: 40 of 197, 20%)."""
    code, out, err = run("match", "island", "mcts:sims=2000", "mcts:sims=2000", "--games", "2", "--seed", "3",
                         "--save", str(tmp_path))
    assert code == 0, err
    judged = marked = 0
    for path in sorted(tmp_path.iterdir()):
        code, out, err = run("review", str(path), "--sims", "2000", "--json")
        assert code == 0, err
        moves = json.loads(out)["moves"]
        judged += sum(1 for move in moves if move["judged"])
        marked += sum(1 for move in moves if move["mark"])
    assert judged > 150 and marked <= 0.03 * judged, (marked, judged)


def judged_by_recheck(monkeypatch, results: dict) -> MoveReview:
    """The verdict of a recheck of move 1 against best move 0 whose searches give, for each
    budget (simulations), the mover's (mean, low, high) after each move: results[sims][move]."""
    monkeypatch.setattr(reviewing, "_result_after", lambda game, spec, state, move: results[spec.settings["sims"]][move])
    review = MoveReview(1, "A", "x")
    assert reviewing._recheck(None, EngineSpec("mcts", {"sims": 100}), None, 0, 1, review)
    return review


def test_a_drop_the_intervals_cannot_tell_from_noise_is_too_close_to_call(monkeypatch):
    """A drop of 10 points whose intervals overlap at 1, 2 and 4 times the budget (the cap) is too
    close to call, charged no loss; the budget stops doubling at the cap."""
    results = {sims: {0: (0.6, 0.45, 0.75), 1: (0.5, 0.35, 0.65)} for sims in (100, 200, 400)}
    review = judged_by_recheck(monkeypatch, results)
    assert (review.verdict, review.mark, review.loss, review.recheck) == (TOO_CLOSE, "", 0.0, 4)
    assert review.best_interval == (0.45, 0.75) and review.played_interval == (0.35, 0.65)


def test_a_drop_marked_once_a_wider_budget_separates_the_intervals(monkeypatch):
    """Overlapping at the review's budget, apart at twice it: marked by the drop at twice the budget."""
    results = {100: {0: (0.6, 0.45, 0.75), 1: (0.5, 0.35, 0.65)}, 200: {0: (0.62, 0.58, 0.66), 1: (0.49, 0.45, 0.53)}}
    review = judged_by_recheck(monkeypatch, results)
    assert (review.verdict, review.mark, review.recheck) == ("mistake", "mistake", 2)
    assert review.loss == pytest.approx(0.13)


def test_a_drop_that_shrinks_at_equal_budgets_is_no_mark(monkeypatch):
    """The recheck finds a drop of 2 points: ok, charged those 2 points."""
    review = judged_by_recheck(monkeypatch, {100: {0: (0.52, 0.5, 0.54), 1: (0.5, 0.48, 0.52)}})
    assert (review.verdict, review.mark, review.recheck) == ("ok", "", 1)
    assert review.loss == pytest.approx(0.02)
