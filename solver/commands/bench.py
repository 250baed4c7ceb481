"""The speed suite behind `caldera bench`: fixed positions and sizes (data), a runner, and the
optional comparison with OpenSpiel's C++ MCTS.

The cases are plain data so that bench/ (pytest-benchmark) can time exactly the same work:

    >>> from solver.commands.bench import CASES, run_case
    >>> timing = run_case(CASES[0], threads=1, quick=True)   # perft 4 on the 8x8 start
    >>> timing.count > 0 and timing.seconds > 0
    True

The cases run on penguins, plus one MCTS case on the 2-player Island Project start (a dice game:
chance nodes sampled by probability, playouts with the island light policy).

Every case is a fixed amount of work (a perft depth, a search depth, a number of simulations),
so the speed-up of N threads is the time of 1 thread divided by the time of N threads. For
perft and MCTS that equals the ratio of the rates; for alpha-beta it is the time to reach the
depth, which is what lazy SMP speeds up (its helper threads also search nodes the main thread
does not need, so its nodes/s grows faster than its speed).
"""

from __future__ import annotations

import os
import platform
import time
from dataclasses import dataclass, field
from importlib import metadata
from typing import Callable

from solver.commands.bench_same_game import MIDGAME
from solver.errors import CalderaError


@dataclass(frozen=True)
class BenchCase:
    """One benchmark: what to run (kind), on which position, and how much work."""

    name: str       # short name, also the key in the JSON output
    kind: str       # "perft", "alphabeta" or "mcts"
    title: str      # what the table calls it
    position_name: str
    position: str   # a built-in name or notation text of the game
    size: int       # depth (perft, alphabeta) or simulations (mcts) of a full run
    quick_size: int  # the same with --quick
    unit: str       # what is counted: "nodes" or "sims"
    game: str = "penguins"  # the game of the position (a registry name)

    def size_for(self, quick: bool) -> int:
        """The depth or simulation count to run: the quick one with --quick, else the full one."""
        return self.quick_size if quick else self.size

    def work(self, quick: bool) -> str:
        """The work in words, e.g. 'start, depth 5' or 'start, 200,000 sims'."""
        size = self.size_for(quick)
        amount = f"{size:,} sims" if self.kind == "mcts" else f"depth {size}"
        return f"{self.position_name}, {amount}"


CASES = (
    BenchCase("perft", "perft", "perft", "start", "start", size=5, quick_size=4, unit="nodes"),
    BenchCase("alphabeta", "alphabeta", "alpha-beta", "M", MIDGAME, size=9, quick_size=6, unit="nodes"),
    BenchCase("mcts", "mcts", "MCTS", "start", "start", size=200_000, quick_size=5_000, unit="sims"),
    # A tile board beside the plain start (issue 34): moves chosen by parts, tile playouts.
    BenchCase("tiles_mcts", "mcts", "MCTS", "sealbay", "sealbay", size=20_000, quick_size=500, unit="sims"),
    BenchCase("island_mcts", "mcts", "MCTS", "island", "start2", size=100_000, quick_size=2_000,
              unit="sims", game="island"),
)
# Each figure is the total work over the total time of this many runs.
REPEATS, QUICK_REPEATS = 3, 1
ALPHABETA_HASH_MB = 64
MCTS_MEMORY_MB = 256
MCTS_SEED = 1

# OpenSpiel's C++ MCTS (pyspiel.MCTSBot) from the initial state of these games.
OPENSPIEL_GAMES = ("breakthrough", "connect_four")
OPENSPIEL_SIMS, OPENSPIEL_QUICK_SIMS = 10_000, 300   # simulations per bot.step
OPENSPIEL_STEPS, OPENSPIEL_QUICK_STEPS = 3, 1        # timed steps, averaged
OPENSPIEL_UCT_C = 2.0
OPENSPIEL_SEED = 1
OPENSPIEL_INSTALL = 'pip install ".[bench]"'


class BenchError(CalderaError):
    """A benchmark that cannot run as asked (e.g. OpenSpiel is not installed)."""


@dataclass(frozen=True)
class Timing:
    """`count` nodes or simulations in `seconds` of wall time, over `runs` runs."""

    count: int
    seconds: float
    runs: int = 1

    @property
    def rate(self) -> float:
        """Nodes or simulations per second (infinite if no time was measured)."""
        return self.count / self.seconds if self.seconds > 0 else float("inf")

    def as_dict(self) -> dict:
        """The timing as a JSON-ready dict: count, seconds, runs and rate."""
        return {"count": self.count, "seconds": round(self.seconds, 6), "runs": self.runs, "rate": round(self.rate, 1)}


@dataclass
class CaseResult:
    """A case timed with 1 thread and with `threads` threads."""

    case: BenchCase
    quick: bool
    threads: int
    single: Timing
    multi: Timing

    @property
    def speedup(self) -> float:
        """Time of 1 thread over time of N threads for the same work (per run)."""
        return (self.single.seconds / self.single.runs) / (self.multi.seconds / self.multi.runs)

    def as_dict(self) -> dict:
        """The result as a JSON-ready dict: the case, its work, the 1- and N-thread timings and the speedup."""
        return {
            "name": self.case.name,
            "title": self.case.title,
            "game": self.case.game,
            "position": self.case.position,
            "work": self.case.work(self.quick),
            "size": self.case.size_for(self.quick),
            "unit": f"{self.case.unit}/s",
            "threads_1": self.single.as_dict(),
            f"threads_{self.threads}": self.multi.as_dict(),
            "speedup": round(self.speedup, 3),
        }


@dataclass
class OpenSpielResult:
    """OpenSpiel's MCTSBot on one game: `sims` simulations per step, `steps` steps timed."""

    game: str
    sims: int
    steps: int
    seconds: float

    @property
    def rate(self) -> float:
        """OpenSpiel's simulations per second (infinite if no time was measured)."""
        return self.sims * self.steps / self.seconds if self.seconds > 0 else float("inf")


@dataclass
class BenchReport:
    """Everything one `caldera bench` run measured."""

    quick: bool
    threads: int
    cases: list[CaseResult] = field(default_factory=list)
    openspiel: list[OpenSpielResult] = field(default_factory=list)
    openspiel_version: str | None = None
    same_game: list = field(default_factory=list)  # solver.commands.bench_same_game.SameGameResult rows

    def case(self, name: str) -> CaseResult:
        """The result of the case named `name`."""
        return next(result for result in self.cases if result.case.name == name)

    def ratio(self, result: OpenSpielResult) -> float:
        """Caldera's MCTS simulations/s (penguins start, 1 thread) over OpenSpiel's on that game."""
        return self.case("mcts").single.rate / result.rate

    def as_dict(self) -> dict:
        """The whole report as a JSON-ready dict, with the OpenSpiel comparison if one was run."""
        data = {
            "quick": self.quick,
            "threads": self.threads,
            "machine": machine(),
            "cases": [result.as_dict() for result in self.cases],
        }
        if self.openspiel:
            data["openspiel"] = {
                "version": self.openspiel_version,
                "bot": f"pyspiel.MCTSBot(uct_c={OPENSPIEL_UCT_C:g}, RandomRolloutEvaluator(n_rollouts=1), solve=False)",
                "games": [
                    {"game": r.game, "sims_per_step": r.sims, "steps": r.steps, "seconds": round(r.seconds, 6),
                     "rate": round(r.rate, 1), "caldera_mcts_ratio": round(self.ratio(r), 3)}
                    for r in self.openspiel
                ],
                "same_game": [result.as_dict() for result in self.same_game],
            }
        return data


def machine() -> dict:
    """The versions and CPU count a figure depends on."""
    def version(package: str) -> str | None:
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return None

    return {
        "caldera": version("caldera"),
        "python": platform.python_version(),
        "numba": version("numba"),
        "numpy": version("numpy"),
        "cpus": os.cpu_count(),
        "platform": platform.platform(terse=True),
    }


def prepare(case: BenchCase):
    """The kernel array of the case's position."""
    from solver.games.registry import game

    record = game(case.game)
    return record.to_kernel(record.resolve_position(case.position))


def run_once(case: BenchCase, words, threads: int, size: int) -> Timing:
    """Run the case once on kernel position `words`; the kernels should be warm (solver.commands.warmup)."""
    from solver.engines.registry import check_engine
    from solver.games.registry import game

    record = game(case.game)
    kernel = record.kernel(words)
    if case.kind == "perft":
        from solver.commands.perft import perft

        result = perft(record, words, size, threads)
        return Timing(result.nodes, result.seconds)
    check_engine(record, case.kind)
    if case.kind == "alphabeta":
        from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis

        analysis = alphabeta_analysis(kernel, words, depth=size, hash_mb=ALPHABETA_HASH_MB, threads=threads)
        if analysis.depth != size:  # a proven result stops the search early: not the same work
            raise RuntimeError(f"alpha-beta stopped at depth {analysis.depth} of {size} ({analysis.stopped})")
        return Timing(analysis.nodes, analysis.seconds)
    if case.kind == "mcts":
        from solver.engines.mcts.mcts_engine import ENGINE as MCTS
        from solver.engines.mcts.mcts_search import mcts_analysis, search_settings

        chosen = search_settings({}, kernel)  # the engine's defaults for this kernel, as `analyze` runs it
        analysis = mcts_analysis(kernel, words, sims=size, seconds=None, threads=threads,
                                 memory_mb=MCTS_MEMORY_MB, seed=MCTS_SEED,
                                 exploration=MCTS.value({}, "cpuct" if chosen["priors"] else "c"), **chosen)
        return Timing(analysis.nodes, analysis.seconds)
    raise ValueError(f"unknown benchmark kind {case.kind!r}")


def run_case(case: BenchCase, threads: int = 1, quick: bool = False, repeats: int = 1) -> Timing:
    """Time `case` on `threads` threads: the total work over the total time of `repeats` runs."""
    words = prepare(case)
    size = case.size_for(quick)
    count, seconds = 0, 0.0
    for _ in range(repeats):
        timing = run_once(case, words, threads, size)
        count += timing.count
        seconds += timing.seconds
    return Timing(count, seconds, repeats)


def load_pyspiel():
    """Import OpenSpiel's pyspiel, or raise a BenchError saying how to install it."""
    try:
        import pyspiel
    except ImportError as error:
        raise BenchError(f"--vs-openspiel needs OpenSpiel (import pyspiel failed: {error}); "
                         f"install it with: {OPENSPIEL_INSTALL}") from None
    return pyspiel


def openspiel_version() -> str | None:
    """The installed OpenSpiel version, or None if it is not installed."""
    for name in ("open_spiel", "open-spiel"):
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return None


def time_openspiel(pyspiel, game_name: str, sims: int, steps: int, seed: int = OPENSPIEL_SEED) -> OpenSpielResult:
    """Time `steps` calls of OpenSpiel's C++ MCTSBot.step on the game's initial state, each
    running `sims` simulations of one random rollout (like Caldera's MCTS)."""
    game = pyspiel.load_game(game_name)
    state = game.new_initial_state()
    bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(n_rollouts=1, seed=seed),
        uct_c=OPENSPIEL_UCT_C,
        max_simulations=sims,
        max_memory_mb=MCTS_MEMORY_MB,
        solve=False,
        seed=seed,
        verbose=False,
    )
    seconds = 0.0
    for _ in range(steps):
        started = time.perf_counter()
        bot.step(state)
        seconds += time.perf_counter() - started
    return OpenSpielResult(game_name, sims, steps, seconds)


def run_suite(threads: int = 2, quick: bool = False, vs_openspiel: bool = False,
              on_step: Callable[[str], None] | None = None) -> BenchReport:
    """Run every case with 1 and `threads` threads (and OpenSpiel's MCTS if asked).

    `on_step(text)` is called before each measurement with a line saying what runs now.
    """
    from solver.commands.warmup import prepare as prepare_engine

    pyspiel = load_pyspiel() if vs_openspiel else None  # fail before spending any time
    say = on_step or (lambda text: None)
    repeats = QUICK_REPEATS if quick else REPEATS
    from solver.commands.bench_same_game import run_same_game, same_game_cases

    same_game = same_game_cases() if vs_openspiel else ()
    steps_total = 2 * len(CASES) + (len(OPENSPIEL_GAMES) if vs_openspiel else 0) + len(same_game)
    step = 0

    def announce(text: str) -> None:
        nonlocal step
        step += 1
        say(f"bench {step}/{steps_total}: {text}")

    say("bench: loading the kernels")
    from solver.games.registry import game

    for case in CASES:
        record = game(case.game)
        prepare_engine(record, (case.kind,), record.resolve_position(case.position))
    report = BenchReport(quick, threads)
    for case in CASES:
        timings = {}
        for n in (1, threads):
            announce(f"{case.title}, {case.work(quick)}, {n} thread{'s' if n > 1 else ''}")
            timings[n] = run_case(case, n, quick, repeats)
        report.cases.append(CaseResult(case, quick, threads, timings[1], timings[threads]))
    if pyspiel is not None:
        report.openspiel_version = openspiel_version()
        sims = OPENSPIEL_QUICK_SIMS if quick else OPENSPIEL_SIMS
        steps = OPENSPIEL_QUICK_STEPS if quick else OPENSPIEL_STEPS
        for game_name in OPENSPIEL_GAMES:
            announce(f"OpenSpiel MCTS, {game_name}, {sims:,} sims x {steps} step{'s' if steps > 1 else ''}")
            report.openspiel.append(time_openspiel(pyspiel, game_name, sims, steps))
        for case in same_game:
            announce(f"same game: OpenSpiel and caldera {case.kind}, {case.game} {case.position_name}, {case.work(quick)}")
            report.same_game.append(run_same_game(case, quick))
    return report


def format_rate(rate: float) -> str:
    """A rate to 3 significant figures with an SI prefix: 693 M, 1.36 G, 14.5 k."""
    for factor, prefix in ((1e9, " G"), (1e6, " M"), (1e3, " k"), (1.0, "")):
        if rate >= factor or factor == 1.0:
            value = rate / factor
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:,.{digits}f}{prefix}"
    raise AssertionError("unreachable")


def print_report(report: BenchReport, console) -> None:
    """The report as rich tables on `console` (they fit in 80 columns)."""
    from rich import box
    from rich.table import Table

    info = machine()
    console.print(f"caldera {info['caldera']}, Python {info['python']}, numba {info['numba']}, "
                  f"numpy {info['numpy']}, {info['cpus']} CPUs{', --quick sizes' if report.quick else ''}",
                  highlight=False)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("benchmark, position, size", no_wrap=True)
    table.add_column("1 thread", justify="right", no_wrap=True)
    table.add_column(f"{report.threads} threads", justify="right", no_wrap=True)
    table.add_column("speed-up", justify="right", no_wrap=True)
    for result in report.cases:
        case = result.case
        per_run = lambda t: t.seconds / t.runs  # noqa: E731
        table.add_row(
            f"{case.title} {case.unit}/s, {case.work(report.quick)}",
            f"{format_rate(result.single.rate)}  {per_run(result.single):.2f} s",
            f"{format_rate(result.multi.rate)}  {per_run(result.multi):.2f} s",
            f"{result.speedup:.2f}x",
        )
    console.print(table, highlight=False)
    console.print()
    runs = report.cases[0].single.runs
    console.print(f"M = \"{MIDGAME}\"", highlight=False)
    if any(result.case.name == "tiles_mcts" for result in report.cases):
        console.print("sealbay = the penguins tile board of that name; MCTS chooses its moves part by part, with the "
                      "evaluation's priors and playouts cut after 4 plies (the engine's defaults there).",
                      highlight=False)
    if any(result.case.game == "island" for result in report.cases):
        console.print("island = Island Project, 2-player start (start2), dice sampled at chance nodes.",
                      highlight=False)
    console.print(f"Rate: total work / total time of {runs} run{'s' if runs > 1 else ''}; time: per run.\n"
                  "Speed-up: time of 1 thread / time of N threads for the same work\n"
                  "(alpha-beta: lazy SMP's time to the depth; its helpers add nodes).", highlight=False)
    if report.openspiel:
        mcts = report.case("mcts")
        versus = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        versus.add_column("OpenSpiel MCTS")
        versus.add_column("sims x steps", justify="right")
        versus.add_column("OpenSpiel sims/s", justify="right")
        versus.add_column("caldera sims/s", justify="right")
        versus.add_column("ratio", justify="right")
        for result in report.openspiel:
            versus.add_row(result.game, f"{result.sims:,} x {result.steps}", format_rate(result.rate),
                           format_rate(mcts.single.rate), f"{report.ratio(result):.2f}x")
        console.print()
        console.print("Different games: OpenSpiel's own games against caldera's penguins start.", highlight=False)
        console.print(versus, highlight=False)
        console.print()
        console.print(
            f"OpenSpiel {report.openspiel_version or '(version unknown)'} (C++, 1 thread, initial state): "
            f"pyspiel.MCTSBot(uct_c={OPENSPIEL_UCT_C:g},\n"
            "  RandomRolloutEvaluator(n_rollouts=1), solve=False), time of bot.step(state).\n"
            f"caldera: MCTS, penguins {mcts.case.work(report.quick)}, 1 thread, 1 playout per simulation.\n"
            "ratio = caldera sims/s / OpenSpiel sims/s; different games, so an order of\n"
            "magnitude, not a race.",
            highlight=False)
    if report.same_game:
        from solver.commands.bench_same_game import print_same_game

        print_same_game(report.same_game, console)
