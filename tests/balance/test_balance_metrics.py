"""The balance metrics (solver/commands/balance.py, docs/balance.md) on hand-made game records: every
expected value is worked out by hand in the comments from the definitions, not taken from the
code."""

from __future__ import annotations

import math

import pytest

from solver.commands.balance import (
    GameTrace,
    PositionBalance,
    balance_value,
    decisiveness,
    drama,
    lead_changes,
)
from solver.commands.estimate import mean_interval

# Three two-seat games: A wins, B wins, a draw; evaluations are (A's value, B's value).
A_WINS = GameTrace((1.0, 0.0), 10, [4, 6, 8], [(0.5, 0.5), (0.4, 0.6), (0.7, 0.3), (0.9, 0.1)])
B_WINS = GameTrace((0.0, 1.0), 20, [5, 5], [(0.6, 0.4), (0.8, 0.2), (0.3, 0.7)])
DRAWN = GameTrace((0.5, 0.5), 30, [3], [(0.5, 0.5), (0.6, 0.4)])


def position(traces, players=2):
    """A PositionBalance of the given games."""
    return PositionBalance("hand-made", "-", players, "ABCD"[:players], ("x", "x"), 0, 1, traces)


def test_lead_changes_count_changes_of_the_leading_set():
    # A_WINS leaders: {A,B} tie, {B}, {A}, {A}: changes at steps 1 and 2 of 3 steps -> 2/3.
    assert lead_changes(A_WINS) == pytest.approx(2 / 3)
    # B_WINS leaders: {A}, {A}, {B}: one change in 2 steps -> 1/2.
    assert lead_changes(B_WINS) == pytest.approx(1 / 2)
    # One evaluation has no step between two: undefined.
    assert lead_changes(GameTrace((1.0, 0.0), 1, [], [(0.5, 0.5)])) is None


def test_drama_is_the_winners_mean_gap_below_the_leader():
    # A_WINS, winner A: gaps max-A = 0, 0.2, 0, 0 -> mean 0.2/4 = 0.05.
    assert drama(A_WINS) == pytest.approx(0.05)
    # B_WINS, winner B: gaps 0.2, 0.6, 0 -> 0.8/3.
    assert drama(B_WINS) == pytest.approx(0.8 / 3)
    # DRAWN: both seats are "winners" (equal best result); per state the mean of their gaps:
    # state 1: (0 + 0)/2 = 0; state 2: (0 + 0.2)/2 = 0.1 -> mean 0.05.
    assert drama(DRAWN) == pytest.approx(0.05)


def test_decisiveness_is_when_the_winner_passes_every_loser_high():
    # A_WINS: B's highest value is 0.6; A first exceeds it at evaluation 2 (0.7) of 4 -> 2/4.
    assert decisiveness(A_WINS) == pytest.approx(0.5)
    # B_WINS: A's highest is 0.8; B never exceeds 0.8 (its best is 0.7) -> 1.
    assert decisiveness(B_WINS) == 1.0
    # DRAWN: no seat lost, the threshold is -1, so the first evaluation already passes -> 0.
    assert decisiveness(DRAWN) == 0.0


def test_outcome_metrics_over_games():
    p = position([A_WINS, B_WINS, DRAWN])
    scores = p.seat_scores()
    # A: (1 + 0 + 0.5)/3 = 0.5, B the same: Balance = 1 - 0 = 1, Advantage = A's 0.5.
    assert scores[0].mean == pytest.approx(0.5) and scores[1].mean == pytest.approx(0.5)
    assert balance_value(p.traces) == pytest.approx(1.0)
    assert p.advantage().mean == pytest.approx(0.5)
    # One game in three has no sole winner.
    assert p.draw_rate().mean == pytest.approx(1 / 3)
    assert p.completion().mean == pytest.approx(2 / 3)
    # Lengths 10, 20, 30: mean 20, sample spread sqrt(((-10)^2 + 0 + 10^2) / 2) = 10.
    assert p.length().mean == pytest.approx(20) and p.length_spread() == pytest.approx(10)
    # Branching per game: (4+6+8)/3 = 6, 5, 3 -> mean 14/3; by ply: (4+5+3)/3, (6+5)/2, 8.
    assert p.branching().mean == pytest.approx(14 / 3)
    assert p.branching_by_ply() == pytest.approx([4, 5.5, 8])
    # The lead metrics average the per-game values above.
    figures = p.figures()
    assert figures["lead_changes"].mean == pytest.approx((2 / 3 + 1 / 2 + 1) / 3)  # DRAWN: {A,B} -> {A}: 1/1
    assert figures["drama"].mean == pytest.approx((0.05 + 0.8 / 3 + 0.05) / 3)


def test_balance_of_three_seats_is_one_minus_the_widest_gap():
    # Seat means over two games: A (1 + 0)/2 = 0.5, B (0 + 0)/2 = 0, C (0 + 1)/2 = 0.5:
    # the widest gap is 0.5 - 0 -> Balance 0.5.
    games = [GameTrace((1.0, 0.0, 0.0), 5), GameTrace((0.0, 0.0, 1.0), 5)]
    assert balance_value(games) == pytest.approx(0.5)
    estimate = position(games, players=3).figures()["balance"]
    assert estimate.low <= estimate.mean <= estimate.high


def test_mean_interval_is_the_normal_approximation():
    # Samples 0, 1, 1, 0: mean 0.5, sample sd sqrt(4 * 0.25 / 3) = 0.57735, margin
    # 1.96 * 0.57735 / 2 = 0.5658 -> interval 0.5 -+ 0.5658, clipped to [0, 1].
    e = mean_interval([0.0, 1.0, 1.0, 0.0], 0.0, 1.0)
    margin = 1.959963984540054 * math.sqrt(1 / 3) / 2
    assert e.mean == 0.5 and e.low == 0.0 and e.high == 1.0 and margin > 0.5
    unclipped = mean_interval([0.0, 1.0, 1.0, 0.0])
    assert unclipped.low == pytest.approx(0.5 - margin) and unclipped.high == pytest.approx(0.5 + margin)
    assert mean_interval([]).mean is None and mean_interval([3.0]).low is None
