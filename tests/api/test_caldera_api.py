"""solver/caldera.py, the Python API (docs/api.md): what it answers is what `caldera analyze
--json` prints, `analyze` goes through it, and its analyses stream and stop."""

import json

import pytest

from solver import caldera
from tests.cli_cases import run

UNTIMED = ("seconds", "nps")  # what the machine decides


def untimed(record: dict) -> dict:
    """A record without its time and speed."""
    return {key: value for key, value in record.items() if key not in UNTIMED}


@pytest.mark.parametrize("args, engine, limits", [
    (("penguins", "pond", "--after", "+a1"), "alphabeta", {"depth": 3, "multipv": 2}),
    (("island", "start2", "--after", "2E"), "mcts", {"sims": 500, "seed": 1}),  # a roll: the outcomes
    (("island", "start2"), "mcts", {"sims": 500, "seed": 1, "multipv": 3}),
    (("oros", "first-peak"), None, {}),  # a puzzle: the plan
    (("hop", "start4", "--as", "A"), None, {"sims": 300, "seed": 2}),
])
def test_a_report_is_what_analyze_json_prints(args, engine, limits):
    """`Report.record()` equals the JSON `caldera analyze` prints for the same position and limits."""
    game, position, *rest = args
    options = dict(zip(rest[::2], rest[1::2]))
    start = caldera.open_position(game, position, after=options.get("--after", ""), seen_by=options.get("--as"))
    report = caldera.analyse(start, engine, **limits)
    flags = [f"--{key}={value}" for key, value in limits.items()] + ([f"--engine={engine}"] if engine else [])
    code, out, _ = run("analyze", *args, *flags, "--json")
    assert code == 0
    assert untimed(report.record()) == untimed(json.loads(out))


def test_analyze_goes_through_the_api(monkeypatch):
    """`caldera analyze` asks solver/caldera.py `analyse`: no second path."""
    calls = []
    real = caldera.analyse
    monkeypatch.setattr(caldera, "analyse", lambda *args, **kwargs: calls.append(args) or real(*args, **kwargs))
    code, _, _ = run("analyze", "penguins", "pond", "--depth", "2", "--json")
    assert code == 0 and len(calls) == 1 and calls[0][0].name == "pond"


def test_moves_and_play():
    """Moves come in notation; a move plays by its text, its code or itself; an illegal one is one CalderaError."""
    start = caldera.open_position("penguins", "pond")
    moves = start.moves()
    assert moves[0] == caldera.Move(moves[0].code, "+a1")
    by_text, by_code, by_move = start.play("+a1"), start.play(moves[0].code), start.play(moves[0])
    assert by_text.text == by_code.text == by_move.text and by_text.played == ("+a1",)
    for bad in ("+z9", 10 ** 20, -1):
        with pytest.raises(caldera.CalderaError):
            start.play(bad)
    at_roll = caldera.open_position("island", "start2", after="2E")
    assert at_roll.is_chance and abs(sum(m.probability for m in at_roll.moves()) - 1) < 1e-12


@pytest.mark.parametrize("engine, limits, said", [
    ("stockfish", {}, "unknown engine 'stockfish'"),
    (None, {"depth": 0}, "depth=0 is not a whole number from 1 to 300"),
    (None, {"plies": 3}, "unknown limit 'plies'"),
])
def test_bad_engines_and_limits_are_one_line(engine, limits, said):
    """A bad engine or limit is refused at once, before any thread starts."""
    with pytest.raises(caldera.CalderaError, match=said):
        caldera.start_analysis(caldera.open_position("penguins"), engine, **limits)


def test_an_analysis_streams_then_stops():
    """Reports come as the search deepens; stop() ends an hour's search with its best line, the final report last."""
    running = caldera.start_analysis(caldera.open_position("penguins", "pond"), "alphabeta", time=3600, hash=1)
    reports = []
    for report in running:
        reports.append(report)
        if len(reports) == 2:
            running.stop()
    assert [r.final for r in reports][-1] and not any(r.final for r in reports[:-1])
    assert reports[-1].analysis.stopped == "interrupted" and reports[-1].line
    assert running.wait(60) is reports[-1] and not running.running


def test_game_files_round_trip_and_review():
    """game_text writes what read_game reads back; review judges each move as `caldera review` does."""
    start = caldera.open_position("penguins", "pond")
    text = caldera.game_text(start, ["+a1", "+f6"])
    again, line = caldera.read_game(text)
    assert again.text == start.text and [p.played[-1] for p in line] == ["+a1", "+f6"]
    review = caldera.review(again, ["+a1", "+f6"], "alphabeta", depth=2)
    assert [m.move for m in review.moves] == ["+a1", "+f6"] and all(m.judged for m in review.moves)
