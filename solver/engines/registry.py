"""Engines by name: what each engine needs of a game, the one check that an engine fits a game,
and one place that turns options (or a spec like `mcts:sims=2000`) into a search.

Used by `caldera analyze`, `hint`, `match`, `bench` and `warmup`, so every command searches the
same way and refuses the same engines with the same words.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from solver.analysis import WIN, Analysis, Line, Score
from solver.errors import CalderaError, shown
from solver.limits import RANGES

if TYPE_CHECKING:  # numpy only for the annotations: `caldera --help` must not import it
    import numpy as np

# Which settings each engine understands, and their types.
SETTINGS = {
    "alphabeta": {"depth": int, "nodes": int, "time": float, "hash": int, "threads": int, "multipv": int, "solve": bool,
                  "weights": str},
    "mcts": {"sims": int, "time": float, "memory": int, "threads": int, "seed": int, "c": float, "multipv": int},
    "expectimax": {"depth": int, "nodes": int, "time": float, "hash": int, "multipv": int},
    "planner": {"nodes": int, "time": float, "hash": int},
    "exact": {"memory": int, "multipv": int},
    "greedy": {},
    "policy": {"seed": int},
    "random": {"seed": int},
}
ENGINES = tuple(SETTINGS)
DEFAULT_TIME_S = 3.0  # when a search is given no depth, node, simulation or time limit
WIDE_ROOT_ENGINES = ("alphabeta", "greedy")  # search every move of a root wider than the buffers


@dataclass(frozen=True)
class Needs:
    """What an engine needs of a game: its capabilities (solver/games/game_record.py) and, where
    it matters, the number of seats of the position."""

    words: str  # the games it plays, in words, for the refusal
    players: int | None = None  # exactly this many seats, or any
    chance: bool = True  # plays games with chance moves
    goals: bool = False  # plans towards a goal (a puzzle) instead of playing against other sides


NEEDS = {
    "alphabeta": Needs("two-player games without chance", players=2, chance=False),
    "greedy": Needs("two-player games without chance (one ply of alpha-beta)", players=2, chance=False),
    "expectimax": Needs("two-player games, with or without chance", players=2),
    "mcts": Needs("games of two or more seats, with or without chance"),
    "policy": Needs("games of two or more seats (the game's light playout policy, one move)"),
    "random": Needs("games of two or more seats"),
    "planner": Needs("positions with a goal (puzzles)", goals=True),
    "exact": Needs("games whose kernel enumerates its positions (solve keys), with or without chance, any seats"),
}


class EngineError(CalderaError):
    """An engine name, setting or combination of settings that cannot be used."""


def suits(game, engine: str) -> bool:
    """True when the game's capabilities meet what `engine` needs in some position (players aside)."""
    needs = NEEDS[engine]
    if needs.goals:
        return game.goals is not None
    if not game.adversarial or (game.chance and not needs.chance):
        return False
    low, high = game.players
    return needs.players is None or low <= needs.players <= high


def position_engines(game, state) -> tuple[str, ...]:
    """The engines of the game's record that play `state`: the planner in a single-agent position
    (a puzzle), the others in a position where sides play against each other."""
    return tuple(engine for engine in game.engines if NEEDS[engine].goals == game.is_single_agent(state))


def check_engine(game, engine: str, state=None) -> None:
    """Refuse, in one line, an engine the game's record does not list, one that needs another
    number of seats than position `state` has, or one for the other kind of position (a puzzle's
    planner in a game between players, or the reverse). The one check every command uses."""
    if engine not in NEEDS:
        raise EngineError(f"unknown engine '{engine}'; engines: {', '.join(ENGINES)}")
    needs = NEEDS[engine]
    others = ", ".join(game.engines)
    if engine not in game.engines:
        raise EngineError(f"{engine} plays {needs.words}, not {game.name} ({describe(game)}); "
                          f"engines for {game.name}: {others}")
    if state is None:
        return
    fitting = position_engines(game, state)
    if engine not in fitting:
        kind = "a puzzle, a goal to reach" if game.is_single_agent(state) else "a game between players"
        raise EngineError(f"{engine} plays {needs.words}; this position is {kind}: use {', '.join(fitting)}")
    players = game.player_count(state)
    if needs.players is not None and players != needs.players:
        fitting = ", ".join(e for e in fitting if NEEDS[e].players in (None, players))
        raise EngineError(f"{engine} plays {needs.words}; this position has {players} players: use {fitting}")


def describe(game) -> str:
    """The game's capabilities in a few words, e.g. 'dice, 2-4 players'."""
    low, high = game.players
    parts = [game.chance_kind if game.chance else "no chance", f"{low} player" if low == high == 1 else
             f"{low} players" if low == high else f"{low}-{high} players"]
    if game.single_agent:
        parts.append("a goal to reach" if game.single_agent_of is None else "puzzles: a goal to reach")
    if game.hidden_information:
        parts.append("hidden information")
    return ", ".join(parts)


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
        if name not in SETTINGS:
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
            if key in RANGES:
                try:
                    converted[key] = RANGES[key].check(f"{name}:{key}", value)
                except CalderaError as error:
                    raise EngineError(str(error)) from None
            elif kind is bool:
                converted[key] = value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
            else:
                converted[key] = kind(value)
        if "weights" in converted:
            parse_weights(converted["weights"])
        return EngineSpec(name, converted)

    def text(self) -> str:
        """The spec written back as `name:key=value,...`."""
        if not self.settings:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.settings.items())


def run_engine(spec: EngineSpec, kernel: str, root: np.ndarray, stop: np.ndarray | None = None,
               on_progress: Callable[[Analysis], None] | None = None, plies_to_end: int | None = None) -> Analysis:
    """Search kernel position `root` (played by the kernel module named `kernel`) with the engine
    of `spec`; returns its Analysis (best line first), with a note when the root has more legal
    moves than the searches can hold (alpha-beta writes its own: it orders such a root, solver/engines/alphabeta/wide_root.py)."""
    analysis = _run(spec, kernel, root, stop, on_progress, plies_to_end)
    note = "" if spec.name in WIDE_ROOT_ENGINES else move_overflow_note(kernel, root)
    if note:
        analysis.notes.append(note)
    return analysis


def move_overflow_note(kernel: str, root: np.ndarray) -> str:
    """A note when `root` has more legal moves than its kernel's MAX_MOVES ('' otherwise): the
    searches then see the first MAX_MOVES of them, here and in any later position with as many."""
    import numpy as np

    from kernels import kernel_module

    module = kernel_module(kernel)
    n = int(module.legal_moves(root, np.empty(module.MAX_MOVES, dtype=np.int64)))
    if n <= module.MAX_MOVES:
        return ""
    return (f"this position has {n:,} legal moves (P-9 combinations); the search considered the first "
            f"{module.MAX_MOVES:,} of them, as in any later position with that many")


def _run(spec: EngineSpec, kernel: str, root: np.ndarray, stop: np.ndarray | None,
         on_progress: Callable[[Analysis], None] | None, plies_to_end: int | None) -> Analysis:
    """The engine of `spec` on `root`."""
    s = spec.settings
    if spec.name == "alphabeta":
        from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis

        limited = any(k in s for k in ("depth", "nodes", "time"))
        return alphabeta_analysis(
            kernel, root, depth=s.get("depth"), nodes=s.get("nodes"),
            seconds=s.get("time", None if limited else DEFAULT_TIME_S), hash_mb=s.get("hash", 64),
            multipv=s.get("multipv", 1), threads=s.get("threads", 1), solve=s.get("solve", False),
            plies_to_end=plies_to_end, stop=stop, on_progress=on_progress,
            weights=kernel_weights(kernel, s["weights"]) if "weights" in s else None,
        )
    if spec.name == "mcts":
        from solver.engines.mcts.mcts_search import mcts_analysis

        limited = any(k in s for k in ("sims", "time"))
        return mcts_analysis(
            kernel, root, sims=s.get("sims"), seconds=s.get("time", None if limited else DEFAULT_TIME_S),
            threads=s.get("threads", 1), memory_mb=s.get("memory", 256), seed=s.get("seed", 0),
            exploration=s.get("c", 1.4), multipv=s.get("multipv", 1), stop=stop, on_progress=on_progress,
        )
    if spec.name == "expectimax":
        from solver.engines.expectimax.expectimax_search import expectimax_analysis

        limited = any(k in s for k in ("depth", "nodes", "time"))
        return expectimax_analysis(
            kernel, root, depth=s.get("depth"), nodes=s.get("nodes"),
            seconds=s.get("time", None if limited else DEFAULT_TIME_S), hash_mb=s.get("hash", 64),
            multipv=s.get("multipv", 1), stop=stop, on_progress=on_progress,
        )
    if spec.name == "exact":
        from solver.engines.exact.exact_search import DEFAULT_MEMORY_MB, exact_analysis

        return exact_analysis(kernel, root, memory_mb=s.get("memory", DEFAULT_MEMORY_MB), multipv=s.get("multipv", 1),
                              stop=stop)
    if spec.name == "greedy":
        # One ply of alpha-beta: the move whose resulting position evaluates best.
        return _run(EngineSpec("alphabeta", {"depth": 1}), kernel, root, stop, on_progress, plies_to_end)
    if spec.name == "policy":
        return _policy_move(kernel, root, s.get("seed", 0))
    if spec.name == "random":
        return _random_move(kernel, root, s.get("seed", 0))
    raise EngineError(f"engine {spec.name} does not search a position this way (it solves puzzles: caldera analyze)")


def parse_weights(text: str) -> tuple[int, ...]:
    """Evaluation weights written as whole numbers joined by '/', e.g. '100/40/5/30/5000/3000/20/3' (penguins: its
    EVAL_WEIGHTS), none larger than a win's score (solver/analysis.py WIN): it would rank one feature above winning."""
    parts = text.split("/")
    if not all(re.fullmatch(r"-?[0-9]{1,7}", p) and abs(int(p)) <= WIN for p in parts):
        raise EngineError(f"weights must be whole numbers from {-WIN:,} to {WIN:,} joined by '/', not '{shown(text)}'")
    return tuple(int(p) for p in parts)


def kernel_weights(kernel: str, text: str) -> np.ndarray:
    """Weights for the evaluation of the kernel named `kernel`: as many as its EVAL_WEIGHTS."""
    import numpy as np

    from kernels import kernel_module

    weights = parse_weights(text)
    wanted = len(kernel_module(kernel).EVAL_WEIGHTS)
    if len(weights) != wanted:
        raise EngineError(f"weights must be {wanted} whole numbers joined by '/' for this game, not '{text}'")
    return np.array(weights, dtype=np.int64)


def _random_move(kernel: str, root: np.ndarray, seed: int) -> Analysis:
    """A uniformly random legal move (the weakest baseline)."""
    from solver.games.kernel_calls import legal_move_list

    moves = legal_move_list(kernel, root)
    if not moves:
        return Analysis("random", [], 0, 0, 0.0, "no-moves")
    move = moves[random.Random(seed).randrange(len(moves))]
    return Analysis("random", [Line(move, Score("value", 0.5), (move,))], 0, 1, 0.0, "depth")


def _policy_move(kernel: str, root: np.ndarray, seed: int) -> Analysis:
    """The move the kernel's light playout policy (`playout_move`, what MCTS plays out with)
    picks: a baseline that knows the game a little, between random and a search."""
    import numpy as np

    from kernels import kernel_module
    from kernels.rng import new_rng
    from solver.games.kernel_calls import legal_move_list

    moves = legal_move_list(kernel, root)
    if not moves:
        return Analysis("policy", [], 0, 0, 0.0, "no-moves")
    candidates = np.array(moves, dtype=np.int64)
    move = int(kernel_module(kernel).playout_move(root, candidates, len(moves), new_rng(seed)))
    return Analysis("policy", [Line(move, Score("value", 0.5), (move,))], 0, 1, 0.0, "depth")


def with_seed(spec: EngineSpec, seed: int) -> EngineSpec:
    """The same engine with its random seed replaced (engines without a seed are unchanged)."""
    if "seed" not in SETTINGS[spec.name]:
        return spec
    return replace(spec, settings={**spec.settings, "seed": seed})
