"""The same-game rows of `caldera bench --vs-openspiel`: OpenSpiel's MCTS and alpha-beta playing
a Caldera game through the adapter (solver/interop/caldera_openspiel.py) against Caldera's own
search on the same position with the same simulations or depth.

This is what a user who takes OpenSpiel instead gets on these games: OpenSpiel's Python
algorithms (open_spiel.python.algorithms: mcts.MCTSBot and minimax.alpha_beta_search) over the
Python reference rules the adapter plays. OpenSpiel's C++ MCTSBot cannot stand in: with a
Python game (ours, and OpenSpiel's own python_tic_tac_toe) it crashes in open-spiel 2.0.2.
Alpha-beta on both sides scores a leaf with Caldera's evaluation (the kernel's `evaluate` with
its default weights), so both search the same tree to the same depth; Caldera adds its
transposition table and move ordering, which is part of what it offers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

# A mid-game position with penguins of both sides, slides, captures and blocked slides (the
# position M of docs/PERFORMANCE.md and bench/test_bench_penguins.py; solver/commands/bench.py's
# alpha-beta case too).
MIDGAME = "8x5 6PI/5S2/pIIpEpee/P1eE4/2I1I2P - B play 14/13 0+0/0+1 13 cap=80"
OPENSPIEL_MCTS_C = 2.0  # the uct_c of the different-game rows (solver/commands/bench.py OPENSPIEL_UCT_C)
SEED = 1


@dataclass(frozen=True)
class SameGameCase:
    """One same-game comparison: an engine kind on a game's position, with its work."""

    name: str
    kind: str  # "mcts" (size: simulations) or "alphabeta" (size: depth)
    game: str
    position_name: str
    position: str
    size: int
    quick_size: int

    def work(self, quick: bool) -> str:
        """The work in words, e.g. '200 sims' or 'depth 4'."""
        size = self.quick_size if quick else self.size
        return f"{size:,} sims" if self.kind == "mcts" else f"depth {size}"


def same_game_cases() -> tuple[SameGameCase, ...]:
    """The cases: MCTS on the penguins and Island Project starts, alpha-beta on position M."""
    return (
        SameGameCase("mcts-penguins", "mcts", "penguins", "start", "start", 200, 20),
        SameGameCase("mcts-island", "mcts", "island", "start2", "start2", 200, 20),
        SameGameCase("alphabeta-penguins", "alphabeta", "penguins", "M", MIDGAME, 3, 2),
    )


@dataclass(frozen=True)
class SameGameResult:
    """Both sides' wall time for the same work on the same position."""

    case: SameGameCase
    quick: bool
    openspiel_seconds: float
    caldera_seconds: float

    @property
    def size(self) -> int:
        """The simulations or depth both sides ran."""
        return self.case.quick_size if self.quick else self.case.size

    @property
    def ratio(self) -> float:
        """How many times faster Caldera did the same work."""
        return self.openspiel_seconds / self.caldera_seconds if self.caldera_seconds > 0 else float("inf")

    def as_dict(self) -> dict:
        """The result as a JSON-ready dict."""
        return {"name": self.case.name, "kind": self.case.kind, "game": self.case.game,
                "position": self.case.position, "work": self.case.work(self.quick),
                "size": self.size, "openspiel_seconds": round(self.openspiel_seconds, 6),
                "caldera_seconds": round(self.caldera_seconds, 6), "ratio": round(self.ratio, 1)}


def run_same_game(case: SameGameCase, quick: bool) -> SameGameResult:
    """Time OpenSpiel (through the adapter) and then Caldera on the case; Caldera's kernels are
    loaded before its clock starts."""
    import numpy as np
    import pyspiel

    from solver.commands.warmup import prepare
    from solver.engines.registry import EngineSpec, run_engine
    from solver.games.registry import game as game_record
    from solver.interop.caldera_openspiel import evaluation  # also registers caldera_<name>

    size = case.quick_size if quick else case.size
    record = game_record(case.game)
    start = record.resolve_position(case.position)
    game = pyspiel.load_game(f"caldera_{case.game}", {"position": case.position})
    state = game.new_initial_state()
    started = time.perf_counter()
    if case.kind == "mcts":
        from open_spiel.python.algorithms import mcts

        rng = np.random.RandomState(SEED)
        mcts.MCTSBot(game, OPENSPIEL_MCTS_C, size, mcts.RandomRolloutEvaluator(1, rng), random_state=rng).step(state)
    else:
        from open_spiel.python.algorithms import minimax

        player = state.current_player()
        minimax.alpha_beta_search(game, state, evaluation(record, player), size, player)
    openspiel_seconds = time.perf_counter() - started
    spec = EngineSpec("mcts", {"sims": size, "seed": SEED}) if case.kind == "mcts" else \
        EngineSpec("alphabeta", {"depth": size})
    prepare(record, (case.kind,), start)
    root = record.to_kernel(start)
    started = time.perf_counter()
    run_engine(spec, record.kernel(root), root, plies_to_end=record.kernel_plies_to_end(root))
    return SameGameResult(case, quick, openspiel_seconds, time.perf_counter() - started)


def print_same_game(results: list[SameGameResult], console) -> None:
    """The same-game table and how to read it."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("same game, position, work", no_wrap=True)
    table.add_column("OpenSpiel", justify="right", no_wrap=True)
    table.add_column("caldera", justify="right", no_wrap=True)
    table.add_column("ratio", justify="right", no_wrap=True)
    for result in results:
        case = result.case
        title = "MCTS" if case.kind == "mcts" else "alpha-beta"
        table.add_row(f"{title}, {case.game} {case.position_name}, {case.work(result.quick)}",
                      f"{result.openspiel_seconds:.3f} s", f"{result.caldera_seconds:.4f} s", f"{result.ratio:,.0f}x")
    console.print()
    console.print(table, highlight=False)
    console.print()
    console.print(
        "Same game, same position, same work. OpenSpiel: its Python algorithms through\n"
        "the adapter (solver/interop/caldera_openspiel.py, the reference rules):\n"
        f"mcts.MCTSBot(uct_c={OPENSPIEL_MCTS_C:g}, RandomRolloutEvaluator(1)).step, and\n"
        "minimax.alpha_beta_search to the depth, Caldera's evaluation at the leaves.\n"
        "caldera: its own MCTS and alpha-beta, 1 thread. ratio = OpenSpiel's time /\n"
        "caldera's.", highlight=False)
