"""Engines by name: one place that turns options (or a spec like `mcts:sims=2000`) into a search.

Used by `caldera analyze`, `hint`, `match` and `bench`, so every command searches the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from solver.analysis import Analysis, Line, Score
from solver.errors import CalderaError

ENGINES = ("alphabeta", "mcts", "expectimax", "random", "greedy")
# Which settings each engine understands, and their types.
SETTINGS = {
    "alphabeta": {"depth": int, "nodes": int, "time": float, "hash": int, "threads": int, "multipv": int, "solve": bool,
                  "weights": str},
    "mcts": {"sims": int, "time": float, "memory": int, "threads": int, "seed": int, "c": float, "multipv": int},
    "expectimax": {"depth": int, "nodes": int, "time": float, "multipv": int},
    "random": {"seed": int},
    "greedy": {},
}
DEFAULT_TIME_S = 3.0  # when a search is given no depth, node, simulation or time limit


class EngineError(CalderaError):
    """An engine name, setting or combination of settings that cannot be used."""


@dataclass(frozen=True)
class EngineSpec:
    """An engine and its settings, e.g. EngineSpec('alphabeta', {'depth': 4})."""

    name: str
    settings: dict = field(default_factory=dict)

    @staticmethod
    def parse(text: str) -> EngineSpec:
        """Read `name[:key=value,...]`, e.g. 'mcts:sims=2000,c=1.2' or 'alphabeta:depth=4'."""
        name, _, rest = text.strip().partition(":")
        settings = {}
        for item in filter(None, rest.split(",")):
            key, eq, value = item.partition("=")
            settings[key.strip()] = value.strip() if eq else "true"
        return EngineSpec.build(name, settings)

    @staticmethod
    def build(name: str, settings: dict) -> EngineSpec:
        """Check and convert settings (strings or values) for engine `name`."""
        if name not in ENGINES:
            raise EngineError(f"unknown engine '{name}'; engines: {', '.join(ENGINES)}")
        known = SETTINGS[name]
        converted = {}
        for key, value in settings.items():
            if value is None:
                continue
            if key not in known:
                allowed = ", ".join(known) or "none"
                raise EngineError(f"engine {name} has no setting '{key}' (settings: {allowed})")
            kind = known[key]
            try:
                if kind is bool:
                    converted[key] = value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
                else:
                    converted[key] = kind(value)
            except ValueError:
                raise EngineError(f"engine {name}: {key}={value} is not a {kind.__name__}") from None
            if kind in (int, float) and converted[key] <= 0 and key != "seed":
                raise EngineError(f"engine {name}: {key} must be positive, not {value}")
        if "weights" in converted:
            parse_weights(converted["weights"])
        return EngineSpec(name, converted)

    def text(self) -> str:
        """The spec written back as `name:key=value,...`."""
        if not self.settings:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.settings.items())


def run_engine(spec: EngineSpec, game: int, root: np.ndarray, stop: np.ndarray | None = None,
               on_progress: Callable[[Analysis], None] | None = None, plies_to_end: int | None = None) -> Analysis:
    """Search `root` with the engine of `spec`; returns its Analysis (best line first), with a
    note when the root has more legal moves than the searches can hold."""
    analysis = _run(spec, game, root, stop, on_progress, plies_to_end)
    note = move_overflow_note(game, root)
    if note:
        analysis.notes.append(note)
    return analysis


def move_overflow_note(game: int, root: np.ndarray) -> str:
    """A note when `root` has more legal moves than games.MAX_MOVES ('' otherwise): the searches
    then see the first MAX_MOVES of them, here and in any later position with as many."""
    from kernels import games

    n = int(games.move_count(game, root, np.empty(games.MAX_MOVES, dtype=np.int64)))
    if n <= games.MAX_MOVES:
        return ""
    return (f"this position has {n:,} legal moves (P-9 combinations); the search considered the first "
            f"{games.MAX_MOVES:,} of them, as in any later position with that many")


def _run(spec: EngineSpec, game: int, root: np.ndarray, stop: np.ndarray | None,
         on_progress: Callable[[Analysis], None] | None, plies_to_end: int | None) -> Analysis:
    """The engine of `spec` on `root`."""
    s = spec.settings
    if spec.name == "alphabeta":
        from solver.alphabeta import alphabeta_analysis

        limited = any(k in s for k in ("depth", "nodes", "time"))
        return alphabeta_analysis(
            game, root, depth=s.get("depth"), nodes=s.get("nodes"),
            seconds=s.get("time", None if limited else DEFAULT_TIME_S), hash_mb=s.get("hash", 64),
            multipv=s.get("multipv", 1), threads=s.get("threads", 1), solve=s.get("solve", False),
            plies_to_end=plies_to_end, stop=stop, on_progress=on_progress,
            weights=parse_weights(s["weights"]) if "weights" in s else None,
        )
    if spec.name == "mcts":
        from solver.mcts import mcts_analysis

        limited = any(k in s for k in ("sims", "time"))
        return mcts_analysis(
            game, root, sims=s.get("sims"), seconds=s.get("time", None if limited else DEFAULT_TIME_S),
            threads=s.get("threads", 1), memory_mb=s.get("memory", 256), seed=s.get("seed", 0),
            exploration=s.get("c", 1.4), multipv=s.get("multipv", 1), stop=stop, on_progress=on_progress,
        )
    if spec.name == "expectimax":
        from solver.expectimax import expectimax_analysis

        limited = any(k in s for k in ("depth", "nodes", "time"))
        return expectimax_analysis(
            game, root, depth=s.get("depth"), nodes=s.get("nodes"),
            seconds=s.get("time", None if limited else DEFAULT_TIME_S), multipv=s.get("multipv", 1), stop=stop,
            on_progress=on_progress,
        )
    if spec.name == "greedy":
        # One ply of alpha-beta: the move whose resulting position evaluates best.
        return _run(EngineSpec("alphabeta", {"depth": 1}), game, root, stop, on_progress, plies_to_end)
    return _random_move(game, root, s.get("seed", 0))


def parse_weights(text: str) -> np.ndarray:
    """Evaluation weights written as whole numbers joined by '/', e.g. '100/40/5/30/5000/3000'."""
    from kernels.penguins import penguins_kernel as penguins

    parts = text.split("/")
    if len(parts) != penguins.N_WEIGHTS or not all(p.lstrip("-").isdigit() for p in parts):
        raise EngineError(f"weights must be {penguins.N_WEIGHTS} whole numbers joined by '/', not '{text}'")
    return np.array([int(p) for p in parts], dtype=np.int64)


def _random_move(game: int, root: np.ndarray, seed: int) -> Analysis:
    """A uniformly random legal move (the weakest baseline)."""
    from kernels import games

    moves = np.empty(games.MAX_MOVES, dtype=np.int64)
    n = games.legal_moves(game, root, moves)
    if n == 0:
        return Analysis("random", [], 0, 0, 0.0, "no-moves")
    move = int(moves[random.Random(seed).randrange(n)])
    return Analysis("random", [Line(move, Score("value", 0.5), (move,))], 0, 1, 0.0, "depth")


def with_seed(spec: EngineSpec, seed: int) -> EngineSpec:
    """The same engine with its random seed replaced (engines without a seed are unchanged)."""
    if "seed" not in SETTINGS[spec.name]:
        return spec
    return replace(spec, settings={**spec.settings, "seed": seed})
