"""The engines Caldera knows: each one's record (solver/engines/engine_record.py), declared in its
own module and listed here once; the one check that an engine fits a game, and one place that
turns options (or a spec like `mcts:sims=2000`) into a search.

Adding an engine is one module (solver/engines/<engine>/<engine>_engine.py, its search beside it)
and one line in ENGINE_MODULES (docs/adding-an-engine.md); tests/contract/test_contract_engines.py
then runs it on every game that lists it. Used by `caldera analyze`, `hint`, `match`, `bench` and
`warmup`, so every command searches the same way and refuses the same engines with the same words.
Importing this module imports no numba.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from solver.analysis import Analysis
from solver.engines.engine_record import EngineRecord
from solver.errors import CalderaError

if TYPE_CHECKING:  # numpy only for the annotations: `caldera --help` must not import it
    import numpy as np

    from kernels import Kernel

# Each engine's record, by the module that declares it (under solver/engines/), in the order
# `--engine` lists them.
ENGINE_MODULES = {
    "alphabeta": "alphabeta.alphabeta_engine",
    "mcts": "mcts.mcts_engine",
    "expectimax": "expectimax.expectimax_engine",
    "planner": "planner.planner_engine",
    "exact": "exact.exact_engine",
    "greedy": "baselines.greedy_engine",
    "policy": "baselines.policy_engine",
    "heuristic": "baselines.heuristic_engine",
    "random": "baselines.random_engine",
}
ENGINE_RECORDS: dict[str, EngineRecord] = {
    name: importlib.import_module(f"solver.engines.{module}").ENGINE for name, module in ENGINE_MODULES.items()}
ENGINES = tuple(ENGINE_RECORDS)


class EngineError(CalderaError):
    """An engine name, setting or combination of settings that cannot be used."""


def suits(game, engine: str) -> bool:
    """True when the game's capabilities meet what `engine` needs in some position (players aside)."""
    needs = ENGINE_RECORDS[engine]
    if needs.goals:
        return game.goals is not None
    if not game.adversarial or (game.chance and not needs.chance):
        return False
    low, high = game.players
    return needs.players is None or low <= needs.players <= high


def position_engines(game, state) -> tuple[str, ...]:
    """The engines of the game's record that play `state`: the planner in a single-agent position
    (a puzzle), the others in a position where sides play against each other."""
    return tuple(engine for engine in game.engines if ENGINE_RECORDS[engine].goals == game.is_single_agent(state))


def check_engine(game, engine: str, state=None) -> None:
    """Refuse, in one line, an engine the game's record does not list, one that needs another
    number of seats than position `state` has, or one for the other kind of position (a puzzle's
    planner in a game between players, or the reverse). The one check every command uses."""
    if engine not in ENGINE_RECORDS:
        raise EngineError(f"unknown engine '{engine}'; engines: {', '.join(ENGINES)}")
    needs = ENGINE_RECORDS[engine]
    others = ", ".join(game.engines)
    if engine not in game.engines:
        raise EngineError(f"{engine} plays {needs.plays}, not {game.name} ({describe(game)}); "
                          f"engines for {game.name}: {others}")
    if state is None:
        return
    fitting = position_engines(game, state)
    if engine not in fitting:
        kind = "a puzzle, a goal to reach" if game.is_single_agent(state) else "a game between players"
        raise EngineError(f"{engine} plays {needs.plays}; this position is {kind}: use {', '.join(fitting)}")
    players = game.player_count(state)
    if needs.players is not None and players != needs.players:
        fitting = ", ".join(e for e in fitting if ENGINE_RECORDS[e].players in (None, players))
        raise EngineError(f"{engine} plays {needs.plays}; this position has {players} players: use {fitting}")


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
        if name not in ENGINE_RECORDS:
            raise EngineError(f"unknown engine '{name}'; engines: {', '.join(ENGINES)}")
        known = ENGINE_RECORDS[name].settings
        converted = {}
        for key, value in settings.items():
            if value is None:
                continue
            if key not in known:
                allowed = ", ".join(known) or "none"
                raise EngineError(f"engine {name} has no setting '{key}' (settings: {allowed})")
            setting = known[key]
            try:
                if setting.range is not None:
                    converted[key] = setting.range.check(f"{name}:{key}", value)
                elif setting.kind is bool:
                    converted[key] = value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
                else:
                    converted[key] = setting.kind(value)
                if setting.check is not None:
                    setting.check(converted[key])
            except CalderaError as error:
                raise EngineError(str(error)) from None
        return EngineSpec(name, converted)

    def text(self) -> str:
        """The spec written back as `name:key=value,...`."""
        if not self.settings:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.settings.items())


def run_engine(spec: EngineSpec, kernel: Kernel, root: np.ndarray, stop: np.ndarray | None = None,
               on_progress: Callable[[Analysis], None] | None = None, plies_to_end: int | None = None) -> Analysis:
    """Search kernel position `root` (played by `kernel`, the game record's kernels/__init__.py
    Kernel) with the engine of `spec`; returns its Analysis (best line first), with a note when the
    root has more legal moves than the searches can hold (alpha-beta writes its own: it orders such a
    root, solver/engines/alphabeta/wide_root.py)."""
    record = ENGINE_RECORDS[spec.name]
    if record.run is None:
        raise EngineError(f"engine {spec.name} does not search a position this way (it solves puzzles: caldera analyze)")
    analysis = record.run(spec.settings, kernel, root, stop, on_progress, plies_to_end)
    note = "" if record.orders_wide_roots else move_overflow_note(kernel, root)
    if note:
        analysis.notes.append(note)
    return analysis


def move_overflow_note(kernel: Kernel, root: np.ndarray) -> str:
    """A note when `root` has more legal moves than its kernel's MAX_MOVES ('' otherwise): the
    searches then see the first MAX_MOVES of them, here and in any later position with as many."""
    import numpy as np

    module = kernel.module
    n = int(module.legal_moves(root, np.empty(module.MAX_MOVES, dtype=np.int64)))
    if n <= module.MAX_MOVES:
        return ""
    return (f"this position has {n:,} legal moves (P-9 combinations); the search considered the first "
            f"{module.MAX_MOVES:,} of them, as in any later position with that many")


def with_seed(spec: EngineSpec, seed: int) -> EngineSpec:
    """The same engine with its random seed replaced (engines without a seed are unchanged)."""
    if "seed" not in ENGINE_RECORDS[spec.name].settings:
        return spec
    return replace(spec, settings={**spec.settings, "seed": seed})
