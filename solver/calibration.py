"""Win chances from MCTS scores: a calibration map per game, fitted on self-play positions by
bench/calibration.py and shipped as data in the game record (solver/games/<game>/data/calibration.json).

MCTS's root value is the mean result of its simulations, whose playouts are far weaker than the
engine: it says how the simulated games went, not how often the side to move goes on to win. A
map turns it into that chance, fitted on the results of self-play games:

- **isotonic** (B. Zadrozny and C. Elkan, "Transforming classifier scores into accurate
  multiclass probability estimates", KDD 2002): the non-decreasing step function of the value
  closest to the observed results (pool adjacent violators, M. Ayer et al., Ann. Math. Statist.
  26, 1955), shipped as knots (value, chance) read by linear interpolation between them.
- **platt** (J. Platt, "Probabilistic outputs for support vector machines", 1999): a logistic
  curve of the inputs: the log-odds of the value (two weights, the shipped maps of the games
  whose score is a mean result: with a few hundred games the step function follows their noise),
  or the expected score margin and the round (the full Oros game, where MCTS's own value is no
  win chance: docs/strength.md, "Calibration").

The file also keeps the map's check on held-out games (the bins of docs/strength.md).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from solver.commands.estimate import Z95

GAMES = Path(__file__).parent / "games"
MAP_FILE = "calibration.json"
BINS = 10  # equal-width bins of the predicted chance in a check
TOLERANCE = 0.05  # a bin passes when its observed result is within this of its predicted chance
LEAST_IN_BIN = 100  # bins with fewer positions are shown but not held to the tolerance
LOG_ODDS_EDGE = 1e-3  # values nearer 0 or 1 are read as this near


@dataclass(frozen=True)
class CalibrationMap:
    """A fitted map from a search's report of a position to the mover's chance to win, with what
    it was fitted on and its held-out check (a list of bins, see `check_bins`)."""

    game: str
    method: str  # "isotonic" (knots on the value) or "platt" (weights on the inputs)
    inputs: tuple[str, ...]  # what the map reads: "value" (the line's mean result), "log_odds" (of it), "margin", "round"
    players: int  # the number of seats of the positions it was fitted on (it applies to those only)
    knots: tuple[tuple[float, float], ...] = ()  # isotonic: (value, chance), values increasing
    weights: tuple[float, ...] = ()  # platt: intercept, then one weight per input, then the inputs' product
    fitted: dict | None = None  # how: command, engine, games, positions
    check: tuple[dict, ...] = ()  # held-out bins

    def chance(self, *inputs: float) -> float:
        """The mover's chance to win for these inputs (in `inputs` order)."""
        if self.method == "isotonic":
            xs, ys = zip(*self.knots)
            return float(np.interp(inputs[0], xs, ys))
        return float(logistic(self.weights, np.array([inputs], dtype=np.float64))[0])

    def as_json(self) -> dict:
        """The map as the JSON object of its file."""
        return {"game": self.game, "method": self.method, "inputs": list(self.inputs), "players": self.players,
                "knots": [list(k) for k in self.knots], "weights": list(self.weights),
                "fitted": self.fitted, "check": list(self.check)}

    @staticmethod
    def from_json(data: dict) -> CalibrationMap:
        """A map from the JSON object of its file."""
        return CalibrationMap(data["game"], data["method"], tuple(data["inputs"]), int(data["players"]),
                              tuple((float(x), float(y)) for x, y in data["knots"]),
                              tuple(float(w) for w in data["weights"]), data.get("fitted"),
                              tuple(data.get("check", ())))


def map_path(game_name: str) -> Path:
    """Where a game's shipped map lives."""
    return GAMES / game_name / "data" / MAP_FILE


@lru_cache(maxsize=None)
def load_map(game_name: str) -> CalibrationMap | None:
    """The game's shipped calibration map, None where it has none."""
    path = map_path(game_name)
    if not path.exists():
        return None
    return CalibrationMap.from_json(json.loads(path.read_text(encoding="utf-8")))


def line_inputs(names: tuple[str, ...], line, state) -> tuple[float, ...] | None:
    """The inputs a map reads from an MCTS line and its position; None where the line lacks one."""
    values = []
    for name in names:
        value = {"value": lambda: line.score.value, "log_odds": lambda: log_odds(line.score.value),
                 "margin": lambda: line.margin, "round": lambda: getattr(state, "round", None)}[name]()
        if value is None:
            return None
        values.append(float(value))
    return tuple(values)


def calibrated_chance(game, state, line) -> float | None:
    """The mover's chance to win after an MCTS line (analyze, hint, --json `chance`), by the game's
    map; None where the game has no map, the line is not an MCTS value or the position's seats
    differ from the map's."""
    if line.score.kind != "value" or line.visits is None:
        return None
    chosen = load_map(game.name)
    if chosen is None or game.is_single_agent(state) or game.player_count(state) != chosen.players:
        return None
    inputs = line_inputs(chosen.inputs, line, state)
    return None if inputs is None else chosen.chance(*inputs)


def log_odds(value: float) -> float:
    """log(v / (1 - v)) of a mean result, v kept within LOG_ODDS_EDGE of 0 and 1 (a certain
    result is as sure as the map has seen)."""
    v = min(max(value, LOG_ODDS_EDGE), 1.0 - LOG_ODDS_EDGE)
    return math.log(v / (1.0 - v))


# ----------------------------------------------------------------------------------------------
# Fitting (bench/calibration.py)


def isotonic_knots(raw, results, max_knots: int = 64) -> tuple[tuple[float, float], ...]:
    """Isotonic regression of `results` on `raw` by pooling adjacent violators: the knots (block
    mean of raw, block mean of result) of the non-decreasing fit, ends stretched to 0 and 1;
    blocks of fewer than 1/max_knots of the positions are pooled into their neighbours first."""
    order = np.argsort(raw, kind="stable")
    x, y = np.asarray(raw, dtype=np.float64)[order], np.asarray(results, dtype=np.float64)[order]
    least = max(1, len(x) // max_knots)
    blocks = [[x[i:i + least].sum(), y[i:i + least].sum(), len(x[i:i + least])] for i in range(0, len(x), least)]
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][1] / pooled[-2][2] >= pooled[-1][1] / pooled[-1][2]:
            last = pooled.pop()
            pooled[-1] = [a + b for a, b in zip(pooled[-1], last)]
    knots = [(sx / n, sy / n) for sx, sy, n in pooled]
    if knots[0][0] > 0.0:
        knots.insert(0, (0.0, knots[0][1]))
    if knots[-1][0] < 1.0:
        knots.append((1.0, knots[-1][1]))
    return tuple((round(float(a), 6), round(float(b), 6)) for a, b in knots)


def design(inputs: np.ndarray) -> np.ndarray:
    """The logistic model's columns: 1, each input, and (with two inputs) their product."""
    inputs = np.atleast_2d(inputs)
    columns = [np.ones(len(inputs)), *inputs.T]
    if inputs.shape[1] == 2:
        columns.append(inputs[:, 0] * inputs[:, 1])
    return np.column_stack(columns)


def logistic(weights, inputs: np.ndarray) -> np.ndarray:
    """The logistic curve of the inputs (rows) under `weights`."""
    return 1.0 / (1.0 + np.exp(-np.clip(design(inputs) @ np.asarray(weights), -40.0, 40.0)))


def platt_weights(inputs, results, steps: int = 50) -> tuple[float, ...]:
    """Platt scaling: the logistic weights of largest likelihood for results in 0..1, by Newton's
    method, with Platt's targets (N+ + 1)/(N+ + 2) and 1/(N- + 2) instead of 1 and 0 against
    overfitting."""
    columns = design(np.asarray(inputs, dtype=np.float64))
    y = np.asarray(results, dtype=np.float64)
    wins, losses = float((y > 0.5).sum()), float((y < 0.5).sum())
    target = np.where(y > 0.5, (wins + 1) / (wins + 2), np.where(y < 0.5, 1 / (losses + 2), y))
    weights = np.zeros(columns.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(columns @ weights, -40.0, 40.0)))
        gradient = columns.T @ (target - p)
        hessian = (columns * (p * (1 - p))[:, None]).T @ columns + 1e-9 * np.eye(len(weights))
        weights = weights + np.linalg.solve(hessian, gradient)
    return tuple(float(w) for w in weights)


def check_bins(predicted, observed, games, bins: int = BINS) -> tuple[dict, ...]:
    """Held-out positions in `bins` equal bins of their predicted chance: per bin the positions
    n, the mean predicted chance, the mean observed result and its 95% interval (normal, with the
    variance of a mean over games: positions of one game are not independent, so each game's
    residuals are summed before squaring), and whether it passes (n < LEAST_IN_BIN: not held)."""
    predicted, observed, games = (np.asarray(a) for a in (predicted, observed, games))
    index = np.minimum((predicted * bins).astype(np.int64), bins - 1)
    rows = []
    for b in range(bins):
        inside = index == b
        n = int(inside.sum())
        if n == 0:
            continue
        p, y, g = predicted[inside], observed[inside], games[inside]
        mean = float(y.mean())
        residuals = {}
        for game, r in zip(g.tolist(), (y - mean).tolist()):
            residuals[game] = residuals.get(game, 0.0) + r
        half = Z95 * math.sqrt(sum(r * r for r in residuals.values())) / n
        rows.append({"low": b / bins, "high": (b + 1) / bins, "n": n, "games": len(residuals),
                     "predicted": round(float(p.mean()), 4), "observed": round(mean, 4),
                     "observed_low": round(max(mean - half, 0.0), 4), "observed_high": round(min(mean + half, 1.0), 4),
                     "passes": None if n < LEAST_IN_BIN else bool(abs(mean - float(p.mean())) <= TOLERANCE)})
    return tuple(rows)
