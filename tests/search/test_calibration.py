"""Win chances from MCTS scores (issue 35, item 2): the calibration maps of solver/calibration.py,
fitted on planted samples whose true chances are known, and the maps shipped in the game records
with their held-out checks (docs/strength.md, "Calibration")."""

import json

import numpy as np
import pytest

from solver.calibration import (LEAST_IN_BIN, TOLERANCE, CalibrationMap, check_bins,
                                isotonic_knots, load_map, log_odds, logistic, map_path, platt_weights)
from solver.games.registry import game, games
from tests.cli_cases import run


def planted(n: int, seed: int):
    """Raw values uniform in 0..1 whose true chance is value squared (a search too hopeful), and
    results drawn from it; with the game numbers of positions, 20 a game."""
    rng = np.random.default_rng(seed)
    raw = rng.random(n)
    return raw, (rng.random(n) < raw ** 2).astype(np.float64), np.arange(n) // 20


def test_isotonic_map_is_monotone_and_undoes_a_planted_miscalibration():
    """Fitted on 20,000 positions whose chance is value^2, the map is non-decreasing, gives about
    value^2 back, and fresh positions of the same kind fall within 5 points in every bin; the raw
    values do not (the check can fail)."""
    raw, results, _ = planted(20_000, seed=1)
    knots = isotonic_knots(raw, results)
    xs, ys = zip(*knots)
    assert list(xs) == sorted(xs) and list(ys) == sorted(ys) and xs[0] == 0.0 and xs[-1] == 1.0
    fitted = CalibrationMap("planted", "isotonic", ("value",), 2, knots)
    for value in (0.2, 0.5, 0.7, 0.9):
        assert fitted.chance(value) == pytest.approx(value ** 2, abs=0.04)
    fresh, outcomes, numbers = planted(20_000, seed=2)
    calibrated = check_bins([fitted.chance(v) for v in fresh], outcomes, numbers)
    assert all(b["passes"] for b in calibrated if b["n"] >= LEAST_IN_BIN) and len(calibrated) >= 8
    uncalibrated = check_bins(fresh, outcomes, numbers)
    assert not all(b["passes"] for b in uncalibrated if b["n"] >= LEAST_IN_BIN)


def test_isotonic_map_pools_a_decreasing_run():
    """Results that fall while the value rises are pooled into one level (the fit never
    decreases), and so are equal levels; the ends stretch to values 0 and 1."""
    knots = isotonic_knots([0.1, 0.2, 0.3, 0.4], [1.0, 0.0, 1.0, 1.0], max_knots=4)
    assert knots == ((0.0, 0.5), (0.15, 0.5), (0.35, 1.0), (1.0, 1.0))


def test_platt_weights_recover_a_planted_logistic_chance():
    """Results drawn from a known logistic curve of margin and round: the fitted curve is that
    curve to within 3 points and rises with the margin in every round."""
    rng = np.random.default_rng(3)
    inputs = np.column_stack([rng.uniform(-40, 20, 30_000), rng.integers(1, 13, 30_000)])
    truth = (-1.0, 0.08, 0.1, 0.01)
    results = (rng.random(len(inputs)) < logistic(truth, inputs)).astype(np.float64)
    weights = platt_weights(inputs, results)
    grid = np.array([(m, r) for m in range(-40, 21, 5) for r in range(1, 13)], dtype=np.float64)
    assert np.max(np.abs(logistic(weights, grid) - logistic(truth, grid))) < 0.03
    fitted = CalibrationMap("planted", "platt", ("margin", "round"), 1, weights=weights)
    for r in range(1, 13):
        chances = [fitted.chance(m, r) for m in range(-40, 21, 5)]
        assert chances == sorted(chances)


def test_check_bins_count_the_spread_of_games_not_of_positions():
    """Positions of one game share its result: the interval is as wide as the games allow, far
    wider than as many independent positions would give."""
    predicted = np.full(400, 0.55)
    games_of = np.arange(400) // 40  # 10 games of 40 positions
    results = (games_of % 2).astype(np.float64)  # half the games won, every position alike
    [row] = check_bins(predicted, results, games_of)
    assert (row["n"], row["games"], row["observed"], row["passes"]) == (400, 10, 0.5, True)
    assert row["observed_high"] - row["observed_low"] > 0.5  # independent positions: about 0.1


SHIPPED = [entry.name for entry in games() if map_path(entry.name).exists()]


def test_every_game_ships_a_map():
    """Every game whose MCTS score is shown ships its calibration map."""
    assert sorted(SHIPPED) == ["hop", "island", "meerkats", "oros", "penguins"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_and_its_held_out_check_load(name):
    """The shipped file loads, its map is non-decreasing, and its held-out bins are well formed,
    their verdicts those of their own figures."""
    fitted = load_map(name)
    assert fitted.game == name and fitted.players >= 1 and fitted.fitted["held_out_positions"] > 0
    assert CalibrationMap.from_json(json.loads(json.dumps(fitted.as_json()))) == fitted
    if fitted.method == "isotonic":
        xs, ys = zip(*fitted.knots)
        assert list(xs) == sorted(xs) and list(ys) == sorted(ys) and 0 <= ys[0] and ys[-1] <= 1
    elif fitted.inputs == ("log_odds",):
        chances = [fitted.chance(log_odds(v / 100)) for v in range(101)]
        assert chances == sorted(chances) and chances[0] < chances[-1]
    else:
        assert fitted.inputs == ("margin", "round")
        for r in range(1, 31):
            chances = [fitted.chance(m, r) for m in range(-60, 41, 10)]
            assert chances == sorted(chances)
    assert sum(b["n"] for b in fitted.check) == fitted.fitted["held_out_positions"]
    for row in fitted.check:
        assert row["observed_low"] <= row["observed"] <= row["observed_high"]
        expected = None if row["n"] < LEAST_IN_BIN else abs(row["observed"] - row["predicted"]) <= TOLERANCE
        assert row["passes"] == expected


def test_analyze_json_carries_the_calibrated_chance_beside_the_raw_value():
    """An MCTS line's `chance` is the map's image of its raw value (score.value, kept); an
    alpha-beta line has none."""
    line = json.loads(run("analyze", "island", "--sims", "300", "--seed", "1", "--json")[1])["lines"][0]
    assert line["win_chance"] == pytest.approx(load_map("island").chance(line["score"]["value"]))
    line = json.loads(run("analyze", "penguins", "pond", "--depth", "2", "--json")[1])["lines"][0]
    assert line["win_chance"] is None


def test_no_chance_for_a_position_with_other_seats_than_the_map():
    """A map fitted on 4-seat HOP! games says nothing of a 3-seat game."""
    record = game("hop")
    state = record.resolve_position(None)
    assert record.player_count(state) == load_map("hop").players
    three = json.loads(run("analyze", "hop", "start3", "--sims", "200", "--seed", "1", "--json")[1])
    assert all(line["win_chance"] is None for line in three["lines"])
