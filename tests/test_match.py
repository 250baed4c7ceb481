"""`caldera match`: the Elo maths, paired openings with swapped colours, reproducibility,
strength order, Ctrl-C, and the command's output and errors."""

import json
import math
import os
import signal

import numpy as np
import pytest
from click.testing import CliRunner

from cli import main
from kernels import games
from kernels.games import PENGUINS
from solver.engine import EngineSpec, run_engine
from solver.games.penguins_kernel import to_kernel
from solver.games.penguins_notation import resolve_position
from solver.match import (
    elo_from_score,
    elo_interval,
    perfect_score_bound,
    play_match,
    score_from_elo,
    stop_after_game,
    table_elo,
)

POND = to_kernel(resolve_position("pond"))
GREEDY, RANDOM = EngineSpec.parse("greedy"), EngineSpec.parse("random")


def run(*args):
    """Invoke `caldera ARGS`, returning (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


# Elo maths -------------------------------------------------------------------------------------


def test_elo_of_hand_computed_scores():
    """0.75 -> 400 log10(3) = +190.85; 0.5 -> 0; 0.25 -> -190.85; 10/11 -> 400 log10(10) = +400."""
    assert elo_from_score(0.75) == pytest.approx(190.848, abs=1e-3)
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.25) == pytest.approx(-190.848, abs=1e-3)
    assert elo_from_score(10 / 11) == pytest.approx(400.0)
    assert score_from_elo(elo_from_score(0.8)) == pytest.approx(0.8)


def test_elo_interval_by_hand():
    """15-0-5: score 0.75, per-game variance 0.75 * 0.25 = 0.1875, standard error sqrt(0.1875 / 20)
    = 0.096825, so the score interval is 0.75 -/+ 1.96 * 0.096825 = 0.56023 .. 0.93977."""
    estimate = elo_interval(15, 0, 5)
    assert estimate.score == 0.75 and estimate.games == 20
    assert estimate.elo == pytest.approx(190.85, abs=0.01)
    assert estimate.low == pytest.approx(-400 * math.log10(1 / 0.560230 - 1), abs=0.05)  # +42.1
    assert estimate.high == pytest.approx(-400 * math.log10(1 / 0.939770 - 1), abs=0.05)  # +477.3
    # Draws count half and lower the variance: 10-10-0 also scores 0.75, but more tightly.
    drawn = elo_interval(10, 10, 0)
    assert drawn.elo == pytest.approx(190.85, abs=0.01)
    assert drawn.high - drawn.low < estimate.high - estimate.low
    even = elo_interval(4, 2, 4)
    assert even.elo == 0 and even.low == pytest.approx(-even.high)


def test_interval_shrinks_as_games_grow():
    """The same 60% score over more games gives a narrower interval around the same Elo."""
    widths = []
    for k in (1, 2, 4, 16, 64):
        estimate = elo_interval(5 * k, 2 * k, 3 * k)
        assert estimate.elo == pytest.approx(elo_from_score(0.6))
        assert estimate.low < estimate.elo < estimate.high
        widths.append(estimate.high - estimate.low)
    assert widths == sorted(widths, reverse=True) and widths[-1] < widths[0] / 7


def test_perfect_scores_give_a_bound_not_infinity():
    """20-0-0: no point estimate; the Elo is beyond the score 0.05 ** (1/20) = 0.86089: 400 log10(0.86089 / 0.13911) = +316.6."""
    won = elo_interval(20, 0, 0)
    assert won.elo is None and won.high is None
    assert won.low == pytest.approx(elo_from_score(0.05 ** (1 / 20))) == pytest.approx(316.6, abs=0.1)
    assert perfect_score_bound(20) == won.low
    assert won.text("greedy").startswith("above +317 for greedy (won all 20 games") and "inf" not in won.text("greedy")
    lost = elo_interval(0, 0, 20)
    assert lost.elo is None and lost.low is None and lost.high == pytest.approx(-316.6, abs=0.1)
    assert lost.text().startswith("below -317 for A (lost all 20 games")
    # 19-0-1: the normal interval runs past 100%, so its top end is unbounded (None), not infinite.
    nearly = elo_interval(19, 0, 1)
    assert nearly.elo == pytest.approx(elo_from_score(0.95)) and nearly.high is None
    assert "(95% interval above +" in nearly.text() and "inf" not in nearly.text()
    assert perfect_score_bound(40) > perfect_score_bound(20)


def test_table_elo_fits_pairwise_scores():
    """One pairing at 75% gives +190.85 exactly without prior; a consistent chain adds up."""
    assert table_elo({("b", "a"): (15, 0, 5)}, anchor="a", prior_draws=0)["b"] == pytest.approx(190.85, abs=0.01)
    ratings = table_elo({("b", "a"): (3, 0, 1), ("c", "b"): (3, 0, 1), ("c", "a"): (9, 0, 1)}, anchor="a", prior_draws=0)
    assert ratings["a"] == 0 and 0 < ratings["b"] < ratings["c"]
    # A 100% pairing stays finite thanks to the virtual draw.
    assert math.isfinite(table_elo({("b", "a"): (10, 0, 0)}, anchor="a")["b"])


# Games and matches ------------------------------------------------------------------------------


def test_openings_are_paired_and_colours_swapped():
    """Games 1 and 2 share their first K moves and swap seats; greedy's moves are its own choices."""
    result = play_match(PENGUINS, POND, GREEDY, RANDOM, games=4, random_plies=2, seed=5)
    first, second, third = result.records[:3]
    assert first.moves[:2] == second.moves[:2] and first.opening_plies == second.opening_plies == 2
    assert third.moves[:2] != first.moves[:2]  # a new pair, a new opening
    assert [r.a_side for r in result.records] == [0, 1, 0, 1]
    for record in (first, second):
        # Replay: on greedy's seat (a_side) each move is what greedy picks, on the other it is not
        # always (random's moves); so the engines really swapped sides.
        state, differs = POND, 0
        for ply, move in enumerate(record.moves):
            if ply >= 2:
                choice = run_engine(GREEDY, PENGUINS, state).best.move
                if games.to_move(PENGUINS, state) == record.a_side:
                    assert move == choice
                else:
                    differs += move != choice
            out = np.empty_like(state)
            games.apply(PENGUINS, state, np.int64(move), out)
            state = out
        assert differs > 0
    assert result.tallies[0].moves > 0 and result.tallies[1].moves > 0


def test_same_seed_same_match_and_seeds_vary_per_game():
    """Seeded engines repeat a match exactly; a new seed (or game) gives different games."""
    spec = EngineSpec.parse("mcts:sims=200")
    one = play_match(PENGUINS, POND, spec, RANDOM, games=4, seed=3)
    two = play_match(PENGUINS, POND, spec, RANDOM, games=4, seed=3)
    other = play_match(PENGUINS, POND, spec, RANDOM, games=4, seed=4)
    assert [(r.moves, r.values, r.a_side) for r in one.records] == [(r.moves, r.values, r.a_side) for r in two.records]
    assert [r.moves for r in one.records] != [r.moves for r in other.records]
    # random vs random: the paired games share the opening but not the rest (seeds vary per game).
    noise = play_match(PENGUINS, POND, RANDOM, RANDOM, games=2, seed=3)
    assert noise.records[0].moves[:2] == noise.records[1].moves[:2]
    assert noise.records[0].moves != noise.records[1].moves


def test_greedy_beats_random_on_pond():
    """Over 20 games the one-ply greedy engine scores at least 85% against random moves."""
    result = play_match(PENGUINS, POND, GREEDY, RANDOM, games=20, seed=11)
    assert len(result.records) == 20 and not result.interrupted
    assert result.score >= 0.85
    estimate = result.elo
    assert (estimate.elo or estimate.low) > 150


def test_should_stop_ends_after_the_current_game():
    """play_match checks should_stop between games: the games played so far are kept."""
    played = []
    result = play_match(PENGUINS, POND, GREEDY, RANDOM, games=10, should_stop=lambda: len(played) >= 3,
                        on_game=lambda record, _: played.append(record))
    assert result.interrupted and len(result.records) == 3


def test_first_ctrl_c_finishes_the_game_then_stops():
    """Under stop_after_game a real SIGINT only sets the flag; the match stops after that game."""
    notices = []

    def interrupt(record, _):
        if record.number == 1:
            os.kill(os.getpid(), signal.SIGINT)

    with stop_after_game(lambda: notices.append(1)) as requested:
        result = play_match(PENGUINS, POND, GREEDY, RANDOM, games=8, on_game=interrupt, should_stop=requested.is_set)
    assert result.interrupted and len(result.records) == 2 and notices == [1]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


# The command --------------------------------------------------------------------------------------


def test_cli_summary_and_progress():
    """The summary names both engines, W-D-L, score, Elo and length; progress goes to stderr."""
    code, out, err = run("match", "penguins", "greedy", "random", "--position", "pond", "--games", "4", "--seed", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("match     greedy vs random on penguins pond: 4 games")
    assert any(line.startswith("result    greedy:") and "W-D-L" in line for line in lines)
    assert any(line.startswith("score ") and "% for greedy" in line for line in lines)
    assert any(line.startswith("elo ") for line in lines) and "inf" not in out
    assert any(line.startswith("length ") and "plies" in line for line in lines)
    assert any(line.startswith("sides     side A scored ") for line in lines)
    progress = err.splitlines()
    assert len(progress) == 4 and progress[0].startswith("game 1/4: greedy - random")
    assert progress[1].startswith("game 2/4: random - greedy")


def test_cli_json():
    """--json prints one object with the totals, Elo and each game's opening and moves."""
    code, out, _ = run("match", "penguins", "greedy", "mcts:sims=100", "--position", "pond", "--games", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["engine_a"] == "greedy" and data["engine_b"] == "mcts:sims=100"
    assert data["games"] == 3 and data["wins"] + data["draws"] + data["losses"] == 3
    assert data["score"] == pytest.approx(sum(g["score_a"] for g in data["results"]) / 3)
    assert data["mean_plies"] == pytest.approx(sum(g["plies"] for g in data["results"]) / 3)
    assert [g["a_side"] for g in data["results"]] == ["A", "B", "A"]
    assert data["results"][0]["opening"] == data["results"][1]["opening"]
    assert all(len(g["opening"]) + len(g["moves"]) == g["plies"] for g in data["results"])
    assert data["side_a_score"] == pytest.approx(sum(g["score_a"] if g["a_side"] == "A" else 1 - g["score_a"] for g in data["results"]) / 3)
    assert {"elo", "elo_low", "elo_high", "elo_text", "interrupted", "position"} <= set(data)


@pytest.mark.parametrize(
    "args",
    [
        ("bogus", "random"),
        ("greedy", "mcts:sims=abc"),
        ("alphabeta:speed=3", "random"),
        ("greedy", "mcts:sims=0"),
        ("greedy", "random:depth=2"),
    ],
)
def test_bad_specs_are_one_line_errors(args):
    """A bad engine spec is one `caldera: error:` line and exit code 2, before any game."""
    code, out, err = run("match", "penguins", *args, "--games", "2")
    assert code == 2 and out == ""
    assert err.startswith("caldera: error: ") and err.count("\n") == 1


def test_bad_options_are_one_line_errors():
    """A bad position or game count is one line and exit 2 as well."""
    for args in (("--position", "nowhere"), ("--games", "0"), ("--random-plies", "-1")):
        code, _, err = run("match", "penguins", "greedy", "random", *args)
        assert code == 2 and err.startswith("caldera: error: ") and err.count("\n") == 1
