"""Balance of a game's positions for designers (`caldera balance`): self-play through
solver/commands/match.py's play_match, then each seat's score, draws, length, branching and Ludii's
outcome and state-evaluation metrics, each with a 95% interval (docs/balance.md has the formulas
and their sources).

The per-ply evaluation the lead metrics need is the engine's own: at every engine decision MCTS
reports each seat's mean result over its simulations (Analysis.seat_values), a win chance in
0..1 for every seat. Engines that report no such values (alpha-beta, greedy, random, policy, heuristic)
leave the lead metrics out (None).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from solver.commands.estimate import Estimate, mean_interval
from solver.commands.match import play_match
from solver.errors import CalderaError
from solver.user_files import read_text

BOOTSTRAP_SAMPLES = 1000  # resamples of the games for Balance's interval


@dataclass
class GameTrace:
    """What `balance` keeps of one game: each seat's result, its length, the legal moves at
    every engine decision and, where the engine gives them, each seat's value at that decision."""

    values: tuple[float, ...]  # each seat's result: 1 sole win, 1/k of a win shared by k, 0
    plies: int  # moves, dice rolls and opening included
    branching: list[int] = field(default_factory=list)  # legal moves at each engine decision
    evaluations: list[tuple[float, ...]] = field(default_factory=list)  # each seat's value there

    @property
    def winners(self) -> list[int]:
        """The seats with the best result (every seat of a game all drew)."""
        best = max(self.values)
        return [seat for seat, value in enumerate(self.values) if value == best]

    @property
    def decided(self) -> bool:
        """True when one seat won alone (Ludii: the game has a winner)."""
        return max(self.values) == 1.0


# ----------------------------------------------------------------------------------------------
# Ludii's metrics (docs/balance.md): over games, then per game from its evaluations


def balance_value(traces: list[GameTrace]) -> float:
    """Balance: 1 minus the largest gap between two seats' mean scores."""
    players = len(traces[0].values)
    scores = [sum(t.values[s] for t in traces) / len(traces) for s in range(players)]
    return 1.0 - (max(scores) - min(scores))


def balance_estimate(traces: list[GameTrace], seed: int) -> Estimate:
    """Balance with a 95% percentile-bootstrap interval (BOOTSTRAP_SAMPLES resamples of the
    games, seeded: the same games give the same interval)."""
    import numpy as np

    if not traces:
        return Estimate(None)
    values = np.array([t.values for t in traces], dtype=np.float64)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(traces), size=(BOOTSTRAP_SAMPLES, len(traces)))
    means = values[picks].mean(axis=1)  # (samples, seats)
    spread = 1.0 - (means.max(axis=1) - means.min(axis=1))
    low, high = np.percentile(spread, [2.5, 97.5])
    return Estimate(balance_value(traces), float(low), float(high))


def leaders(evaluation: tuple[float, ...]) -> frozenset[int]:
    """The seats with the highest value."""
    best = max(evaluation)
    return frozenset(seat for seat, value in enumerate(evaluation) if value == best)


def lead_changes(trace: GameTrace) -> float | None:
    """Lead changes: the share of steps between consecutive evaluated decisions at which the set
    of leading seats changes (None with fewer than two evaluations)."""
    evals = trace.evaluations
    if len(evals) < 2:
        return None
    changes = sum(1 for before, after in zip(evals, evals[1:]) if leaders(before) != leaders(after))
    return changes / (len(evals) - 1)


def drama(trace: GameTrace) -> float | None:
    """Drama: the mean, over evaluated decisions, of how far the eventual winners' value is below
    the leader's (averaged over the winners; 0 while a winner leads)."""
    if not trace.evaluations:
        return None
    winners = trace.winners
    gaps = [sum(max(e) - e[w] for w in winners) / len(winners) for e in trace.evaluations]
    return sum(gaps) / len(gaps)


def decisiveness(trace: GameTrace) -> float | None:
    """Decisiveness: the share of the game's evaluated decisions played before a winner's value
    first exceeds the best value any non-winner ever had (1 if it never does)."""
    evals = trace.evaluations
    if not evals:
        return None
    winners = trace.winners
    others = [s for s in range(len(trace.values)) if s not in winners]
    threshold = max((e[s] for e in evals for s in others), default=-1.0)
    for index, e in enumerate(evals):
        if any(e[w] > threshold for w in winners):
            return index / len(evals)
    return 1.0


# ----------------------------------------------------------------------------------------------
# One position's figures


@dataclass
class PositionBalance:
    """One position's games and the figures `balance` reports for it."""

    label: str  # the name given (built-in, scenario) or the notation
    notation: str
    players: int
    seats: str
    engines: tuple[str, str]
    random_plies: int
    seed: int
    traces: list[GameTrace]
    interrupted: bool = False

    def seat_scores(self) -> list[Estimate]:
        """Each seat's mean result with its interval."""
        return [mean_interval([t.values[s] for t in self.traces], 0.0, 1.0) for s in range(self.players)]

    def draw_rate(self) -> Estimate:
        """Drawishness: the share of games no seat won alone."""
        return mean_interval([0.0 if t.decided else 1.0 for t in self.traces], 0.0, 1.0)

    def completion(self) -> Estimate:
        """Completion: the share of games one seat won alone."""
        return mean_interval([1.0 if t.decided else 0.0 for t in self.traces], 0.0, 1.0)

    def advantage(self) -> Estimate:
        """Advantage: the first seat's (A's) mean result."""
        return self.seat_scores()[0] if self.traces else Estimate(None)

    def length(self) -> Estimate:
        """Mean game length in plies."""
        return mean_interval([float(t.plies) for t in self.traces])

    def length_spread(self) -> float | None:
        """The standard deviation of game lengths."""
        lengths = [t.plies for t in self.traces]
        if len(lengths) < 2:
            return None
        mean = sum(lengths) / len(lengths)
        return math.sqrt(sum((x - mean) ** 2 for x in lengths) / (len(lengths) - 1))

    def branching(self) -> Estimate:
        """The branching factor over the game: per game the mean number of legal moves at its
        engine decisions, then the mean over games."""
        return mean_interval([sum(t.branching) / len(t.branching) for t in self.traces if t.branching])

    def branching_by_ply(self) -> list[float]:
        """The mean number of legal moves at the k-th engine decision, over the games that got that far."""
        longest = max((len(t.branching) for t in self.traces), default=0)
        columns = [[t.branching[k] for t in self.traces if len(t.branching) > k] for k in range(longest)]
        return [sum(c) / len(c) for c in columns]

    def per_game(self, metric: Callable[[GameTrace], float | None]) -> Estimate:
        """A per-game metric's mean over the games where it is defined, with its interval."""
        values = [v for v in map(metric, self.traces) if v is not None]
        return mean_interval(values, 0.0, 1.0)

    def figures(self) -> dict[str, Estimate]:
        """Every metric with its interval, by name (the table's columns after the seat scores)."""
        return {
            "draws": self.draw_rate(),
            "balance": balance_estimate(self.traces, self.seed),
            "completion": self.completion(),
            "advantage": self.advantage(),
            "lead_changes": self.per_game(lead_changes),
            "drama": self.per_game(drama),
            "decisiveness": self.per_game(decisiveness),
        }

    def as_json(self) -> dict:
        """Everything measured, JSON-ready (intervals as {"mean", "low", "high"})."""
        lengths = [t.plies for t in self.traces]
        return {
            "position": self.label,
            "notation": self.notation,
            "players": self.players,
            "engines": list(self.engines),
            "random_plies": self.random_plies,
            "seed": self.seed,
            "games": len(self.traces),
            "interrupted": self.interrupted,
            "seat_scores": {self.seats[s]: e.as_json() for s, e in enumerate(self.seat_scores())},
            "length": {**self.length().as_json(), "spread": self.length_spread(),
                       "shortest": min(lengths, default=None), "longest": max(lengths, default=None)},
            "branching": self.branching().as_json(),
            "branching_by_ply": self.branching_by_ply(),
            **{name: e.as_json() for name, e in self.figures().items()},
            "lengths": lengths,
        }


def trace_recorder(traces: dict[int, GameTrace], players: int) -> Callable:
    """An on_move hook for play_match that writes each decision's legal-move count and the
    engine's per-seat values into `traces` (game number -> GameTrace)."""

    def on_move(number: int, seat: int, legal: list, analysis) -> None:
        trace = traces.setdefault(number, GameTrace((), 0))
        trace.branching.append(len(legal))
        if analysis.seat_values is not None:
            trace.evaluations.append(tuple(analysis.seat_values[:players]))

    return on_move


def balance_position(game, state, label: str, spec_a, spec_b, games: int, random_plies: int, seed: int,
                     on_game: Callable | None = None, should_stop: Callable[[], bool] | None = None,
                     play: Callable = play_match) -> PositionBalance:
    """Play `games` paired games of `spec_a` against `spec_b` from `state` (play_match: shared
    openings, rotated seats, duplicate dice; or `play`, a function with its arguments such as
    solver/commands/cluster.py's cluster_match) and keep what `balance` measures; a position with one
    player is refused (no two seats to weigh: `caldera match` compares engines on it)."""
    players = game.player_count(state)
    if players < 2:
        raise CalderaError(f"balance weighs the players' seats against each other; position {label} has 1 player "
                           "(any other seats are played by the rules): give one with two or more, or compare engines "
                           "on it with caldera match")
    traces: dict[int, GameTrace] = {}
    result = play(game, state, spec_a, spec_b, games=games, random_plies=random_plies, seed=seed,
                  on_game=on_game, should_stop=should_stop, on_move=trace_recorder(traces, players))
    kept = []
    for record in result.records:
        trace = traces.get(record.number, GameTrace((), 0))
        trace.values, trace.plies = record.values, record.plies
        kept.append(trace)
    return PositionBalance(label, game.format_position(state), players, game.seats, (spec_a.text(), spec_b.text()),
                           random_plies, seed, kept, result.interrupted)


def position_arguments(game, arguments: tuple[str, ...]) -> list[tuple[str, object]]:
    """(label, State) for each POSITION argument: a built-in name, notation text, or a file of
    them (one a line; blank lines and # comments skipped); the game's start without any."""
    texts: list[str] = []
    for argument in arguments or (game.default_position,):
        # Whatever is at that path is taken for a position file: read_text refuses what is not a regular file.
        if argument not in game.builtin_positions() and os.path.exists(argument):
            lines = read_text(argument, "position file").splitlines()
            found = [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
            if not found:
                raise CalderaError(f"position file {argument} holds no position")
            texts += found
        else:
            texts.append(argument)
    chosen = []
    for text in texts:
        try:
            chosen.append((text, game.resolve_position(text)))
        except CalderaError as error:
            raise CalderaError(f"position {text}: {error}") from None
    return chosen


def summary_lines(result: PositionBalance) -> list[str]:
    """The human summary of one position (what `caldera balance` prints)."""
    n = len(result.traces)
    lines = [f"position  {result.label}: {n} games, {result.engines[0]} vs {result.engines[1]}, "
             f"openings of {result.random_plies} random plies, seed {result.seed}"]
    if result.interrupted:
        lines.append("stopped   interrupted: the figures are of the games played")
    if not n:
        return lines
    figures = result.figures()
    scores = "  ".join(f"{result.seats[s]} {e.text(percent=True)}" for s, e in enumerate(result.seat_scores()))
    lengths = [t.plies for t in result.traces]
    spread = result.length_spread()
    lines += [
        f"scores    {scores}",
        f"draws     {figures['draws'].text(percent=True)} of games without a sole winner",
        f"length    {result.length().text(digits=1)} plies, spread {spread or 0:.1f}, "
        f"shortest {min(lengths)}, longest {max(lengths)}",
        f"branching {result.branching().text(digits=1)} legal moves per decision",
        f"ludii     balance {figures['balance'].text()}  completion {figures['completion'].text()}  "
        f"drawishness {figures['draws'].text()}  advantage {figures['advantage'].text()}",
        f"leads     lead changes {figures['lead_changes'].text()}  drama {figures['drama'].text()}  "
        f"decisiveness {figures['decisiveness'].text()}",
    ]
    return lines


def _balance_worker(game_name: str, label: str, notation: str, spec_texts: tuple[str, str], games: int,
                    random_plies: int, seed: int) -> PositionBalance:
    """One position's games in a worker process of `balance_positions` (everything by name:
    records and engine specs are rebuilt here)."""
    from solver.engines.registry import EngineSpec
    from solver.games.registry import game

    record = game(game_name)
    spec_a, spec_b = (EngineSpec.parse(text) for text in spec_texts)
    return balance_position(record, record.resolve_position(notation), label, spec_a, spec_b, games, random_plies, seed)


def balance_positions(game, chosen: list[tuple[str, object]], specs: list, games: int, random_plies: int, seed: int,
                      jobs: int = 1, on_game: Callable | None = None, on_position: Callable | None = None,
                      should_stop: Callable[[], bool] | None = None, play: Callable = play_match) -> list[PositionBalance]:
    """`balance_position` for each (label, State) of `chosen` with its (spec_a, spec_b), in
    order; with `jobs` > 1 the positions run in that many worker processes at once (each its
    own position, so the figures are the same as one after the other). `on_game(record,
    result)` is told every game (one process only), `on_position(PositionBalance)` every
    position finished. A Ctrl-C reaches the workers too: each keeps the games it finished.
    `play` plays one position's games (play_match, or a cluster's, with `jobs` 1)."""
    if jobs <= 1 or len(chosen) == 1:
        results = []
        for (label, state), (spec_a, spec_b) in zip(chosen, specs):
            results.append(balance_position(game, state, label, spec_a, spec_b, games, random_plies, seed,
                                            on_game=None if on_game is None else partial(on_game, label),
                                            should_stop=should_stop, play=play))
            if on_position is not None:
                on_position(results[-1])
            if should_stop is not None and should_stop():
                break
        return results
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(_balance_worker, game.name, label, game.format_position(state),
                               (spec_a.text(), spec_b.text()), games, random_plies, seed)
                   for (label, state), (spec_a, spec_b) in zip(chosen, specs)]
        results = []
        for future in futures:
            results.append(future.result())
            if on_position is not None:
                on_position(results[-1])
    return results


def contested_positions(game, texts: tuple[str, ...]) -> list:
    """The (label, State) positions `balance` plays (`position_arguments`), each refused in one line
    where it is single-agent: balance compares seats that play against each other."""
    chosen = position_arguments(game, texts)
    for label, state in chosen:
        if game.is_single_agent(state):
            raise CalderaError(f"balance compares seats that play against each other; {game.name} {label} is a "
                               "single-agent position")
    return chosen


def balance_specs(game, chosen: list, engine_a: str, engine_b: str) -> list:
    """Per position of `chosen`, the two engines' specs checked on it, their kernels loaded before
    the clock starts."""
    from solver.api import checked_spec
    from solver.commands.warmup import prepare
    from solver.engines.registry import EngineSpec

    specs = [(checked_spec(game, EngineSpec.parse(engine_a), state), checked_spec(game, EngineSpec.parse(engine_b), state))
             for _, state in chosen]
    for (spec_a, spec_b), (_, state) in zip(specs, chosen):
        prepare(game, ("perft", spec_a.name, spec_b.name), state)
    return specs
