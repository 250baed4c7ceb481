"""`caldera match` on a one-player full Oros position (game1: one seat against two AI seats): the
engines take the seat in turn, game 2k engine A and game 2k+1 engine B, on the same opening and
the same AI cards; the summary compares them pair by pair, by result and by knowledge margin
over the best AI. Every figure is checked against the reference rules' replay of the games."""

from __future__ import annotations

import json

import pytest

from solver.commands.estimate import Z95
from solver.commands.match import play_match, summary_lines
from solver.engines.registry import EngineSpec
from solver.games.oros.oros_full_rules import is_chance
from solver.games.oros.oros_full_scoring import knowledge
from solver.games.registry import game
from tests.cli_cases import run

GAMES = 6


def replay(record, start):
    """The reference positions of a match game, start first."""
    states = [start]
    for move in record.moves:
        states.append(game("oros").successor(states[-1], move))
    return states


def test_the_engines_take_the_one_seat_in_turn_on_the_same_cards():
    """A plays games 0, 2, 4 and B games 1, 3, 5; a pair shares its opening and its first AI card;
    each record's scores are the reference's final knowledge; the summary's paired margin is the
    mean of the pairs' margin differences with a normal 95% interval."""
    oros = game("oros")
    start = oros.resolve_position("game1")
    a, b = EngineSpec.parse("policy"), EngineSpec.parse("random")
    result = play_match(oros, start, a, b, games=GAMES, random_plies=2, seed=3)
    records = result.records
    assert [r.a_seated for r in records] == [True, False] * (GAMES // 2)
    margins = []
    for record in records:
        states = replay(record, start)
        final = states[-1]
        assert final.over and record.scores == tuple(float(knowledge(final, s)) for s in range(final.seats))
        assert record.values[0] == oros.results(final)[0]
        margins.append(record.scores[0] - max(record.scores[1:]))
    for first, second in zip(records[::2], records[1::2]):
        assert first.moves[:2] == second.moves[:2]  # the shared opening
        cards = [next(move for state, move in zip(replay(r, start), r.moves) if is_chance(state)) for r in (first, second)]
        assert cards[0] == cards[1]  # the same first AI card
    differences = [margins[i] - margins[i + 1] for i in range(0, GAMES, 2)]
    mean = sum(differences) / len(differences)
    half = Z95 * (sum((d - mean) ** 2 for d in differences) / (len(differences) - 1) / len(differences)) ** 0.5
    paired = result.paired_margin
    assert (paired.mean, paired.low, paired.high) == pytest.approx((mean, mean - half, mean + half), abs=1e-12)
    assert result.results_of(0) == [r.values[0] for r in records[::2]]
    assert result.results_of(1) == [r.values[0] for r in records[1::2]]
    text = "\n".join(summary_lines(result, "game1"))
    assert "one player's seat taken by each engine in turn" in text
    assert f"paired    knowledge margin, policy minus random: {mean:+.1f} per game" in text


def test_match_game1_from_the_command_line():
    """The summary and the JSON of a one-player match: B's games have no seat of A's, no fair share."""
    code, out, err = run("match", "oros", "policy", "random", "--position", "game1", "--games", "4", "--seed", "1")
    assert code == 0, err
    assert out.startswith("match     policy vs random on oros game1: 4 games, one player's seat")
    assert "\nA         policy: " in out and "\nB         random: " in out and "paired    knowledge margin" in out
    data = json.loads(run("match", "oros", "policy", "random", "--position", "game1", "--games", "4", "--seed", "1",
                          "--json")[1])
    assert data["players"] == 1 and data["fair_share"] is None and data["paired_margin"] is not None
    assert [g["a_side"] for g in data["results"]] == ["A", None, "A", None]
    assert all(len(g["scores"]) == 3 for g in data["results"])
