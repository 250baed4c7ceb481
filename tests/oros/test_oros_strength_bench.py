"""bench/oros_strength.py, which makes docs/strength.md's full-Oros figures: its summary's 95%
interval is Wilson's, each game line's knowledge is the finished game's, and a seed repeats the
games exactly (the card draws are "duplicate": the same for every engine)."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "oros_strength.py"
GAMES = 3
SUMMARY = re.compile(r"(\w+) +(\w+) +(\d+) games, seed (\d+): score ([\d.]+)% \(95% ([\d.]+)% to ([\d.]+)%\), "
                     r"(above|below|within the interval of) the fair share 33\.3%; knowledge human ([\d.]+), AI ([\d.]+);")
GAME = re.compile(r"(\w+) (\w+) game (\d+)/\d+: score ([\d.]+), knowledge (\d+)/(\d+)/(\d+), (\d+) plies")


def wilson_bounds(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's interval as the two roots of (p_hat - p)^2 = z^2 p (1 - p) / n, solved for p."""
    p_hat = wins / n
    a, b, c = 1 + z * z / n, -(2 * p_hat + z * z / n), p_hat * p_hat
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def bench(*args: str) -> tuple[str, str]:
    """stdout and stderr of the bench script run with `args`."""
    root = str(BENCH.parent.parent)  # this checkout's caldera, installed or not
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


def test_summaries_games_and_seeds():
    """Policy and random against the friendly deck: a summary per engine whose interval is Wilson's
    for its score, game lines whose means the summary gives, the same games again with the seed."""
    args = ("--deck", "friendly", "--games", str(GAMES), "--engines", "policy", "random", "--seed", "1")
    out, err = bench(*args)
    summaries = [SUMMARY.match(line) for line in out.splitlines()]
    assert len(summaries) == 2 and all(summaries), out
    games = [GAME.match(line) for line in err.splitlines()]
    assert len(games) == 2 * GAMES and all(games), err
    for summary in summaries:
        engine, score, low, high = summary[2], float(summary[5]) / 100, float(summary[6]), float(summary[7])
        expected = wilson_bounds(score * GAMES, GAMES)
        assert (low, high) == (round(100 * expected[0], 1), round(100 * expected[1], 1)), summary[0]
        mine = [g for g in games if g[2] == engine]
        assert float(summary[9]) == round(sum(int(g[5]) for g in mine) / GAMES, 1)
        assert float(summary[10]) == round(sum(int(g[6]) + int(g[7]) for g in mine) / (2 * GAMES), 1)
        assert score == sum(float(g[4]) for g in mine) / GAMES
    again = [GAME.match(line).groups() for line in bench(*args)[1].splitlines()]
    assert again == [g.groups() for g in games]  # every game again, knowledge and plies alike (not the seconds)
