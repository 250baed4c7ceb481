"""Self-play matches between two engines: the game loop, paired openings and the Elo maths.

Used by `caldera match`. Games are played on the kernel (kernels.games). Games 2k and 2k+1 of a
match start with the same random opening (the first `random_plies` plies) and swap the engines'
seats, so neither engine profits from a lucky opening or from moving first. Every engine move
gets its own seed, derived from the match seed, the game and the ply, so that seeded engines
(random, mcts) repeat a match exactly but do not play the same game over and over.

Elo: the logistic model, expected score = 1 / (1 + 10 ** (-elo / 400)). A match's Elo difference
comes from its mean score; its 95% interval from the normal approximation of the mean of the
per-game scores (1, 1/2, 0), mapped through the same curve.
"""

from __future__ import annotations

import math
import random
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from solver.engine import EngineSpec, run_engine, with_seed

Z95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution
MASK62 = (1 << 62) - 1


# ----------------------------------------------------------------------------------------------
# Elo maths


def elo_from_score(score: float) -> float:
    """The logistic Elo difference whose expected score is `score` (0 < score < 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score of a player `elo` points stronger (the logistic curve)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def perfect_score_bound(games: int, confidence: float = 0.95) -> float:
    """The one-sided Elo lower bound after winning all `games`: the score s with s**games = 1 - confidence."""
    # Winning every game has probability p_win**n <= s**n for an expected score s, so scores
    # below (1 - confidence)**(1/n) make that result less likely than 1 - confidence.
    return elo_from_score((1.0 - confidence) ** (1.0 / games))


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval; None marks an unbounded (or undefined) end.

    At a 0% or 100% score `elo` is None and the finite end is the one-sided bound of
    `perfect_score_bound`: the difference is beyond it (above it after 100%, below after 0%).
    """

    games: int
    score: float | None
    elo: float | None
    low: float | None
    high: float | None

    def text(self, name: str = "A") -> str:
        """One line for people, e.g. '+191 for A (95% interval +42 to +477)' or 'above +317 for A (won all ...)'."""
        if self.games == 0:
            return "no games played"
        if self.elo is None:
            if self.low is not None:
                return (f"above {self.low:+.0f} for {name} (won all {self.games} games: no finite estimate; "
                        f"{self.low:+.0f} is the 95% lower bound)")
            return (f"below {self.high:+.0f} for {name} (lost all {self.games} games: no finite estimate; "
                    f"{self.high:+.0f} is the 95% upper bound)")
        if self.low is None and self.high is None:
            interval = "unbounded both ways"
        elif self.low is None:
            interval = f"below {self.high:+.0f}"
        elif self.high is None:
            interval = f"above {self.low:+.0f}"
        else:
            interval = f"{self.low:+.0f} to {self.high:+.0f}"
        return f"{self.elo:+.0f} for {name} (95% interval {interval})"


def elo_interval(wins: int, draws: int, losses: int, z: float = Z95) -> EloEstimate:
    """Elo difference of a W-D-L result and its interval (normal approximation of the mean score)."""
    games = wins + draws + losses
    if games == 0:
        return EloEstimate(0, None, None, None, None)
    score = (wins + 0.5 * draws) / games
    if wins == games:
        return EloEstimate(games, 1.0, None, perfect_score_bound(games), None)
    if losses == games:
        return EloEstimate(games, 0.0, None, None, -perfect_score_bound(games))
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / games
    margin = z * math.sqrt(variance / games)
    low, high = score - margin, score + margin
    return EloEstimate(
        games, score, elo_from_score(score),
        elo_from_score(low) if low > 0 else None,
        elo_from_score(high) if high < 1 else None,
    )


def table_elo(results: dict[tuple[str, str], tuple[int, int, int]], anchor: str, prior_draws: float = 1.0) -> dict[str, float]:
    """Elo ratings fitting a cross table {(a, b): (a's wins, draws, losses)}, `anchor` at 0.

    Bradley-Terry maximum likelihood (draws count half a win each way), fitted by the MM
    iteration; `prior_draws` virtual draws per pair keep 0% and 100% pairings finite.
    """
    names = sorted({name for pair in results for name in pair})
    points = {name: 0.0 for name in names}
    played: dict[tuple[str, str], float] = {}
    for (a, b), (w, d, l) in results.items():
        n = w + d + l + prior_draws
        points[a] += w + 0.5 * (d + prior_draws)
        points[b] += l + 0.5 * (d + prior_draws)
        played[a, b] = played.get((a, b), 0.0) + n
        played[b, a] = played.get((b, a), 0.0) + n
    strength = {name: 1.0 for name in names}
    for _ in range(10_000):
        new = {}
        for i in names:
            denominator = sum(n / (strength[i] + strength[j]) for (x, j), n in played.items() if x == i)
            new[i] = points[i] / denominator
        scale = new[anchor]
        new = {name: value / scale for name, value in new.items()}
        change = max(abs(math.log(new[name] / strength[name])) for name in names)
        strength = new
        if change < 1e-12:
            break
    return {name: 400.0 * math.log10(strength[name]) for name in names}


# ----------------------------------------------------------------------------------------------
# Playing games


def mix_seed(*parts: int) -> int:
    """A well-mixed 62-bit seed from integers (splitmix64 steps), e.g. (match seed, game, ply)."""
    x = 0x9E3779B97F4A7C15
    for part in parts:
        x = (x ^ (part & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 31)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
    return x & MASK62


def _legal(game: int, state: np.ndarray) -> np.ndarray:
    """The legal kernel moves of `state` (empty once the game is over)."""
    from kernels import games

    moves = np.empty(games.MAX_MOVES, dtype=np.int64)
    return moves[: games.legal_moves(game, state, moves)]


def _after(game: int, state: np.ndarray, move: int) -> np.ndarray:
    """The kernel state after the legal `move`."""
    from kernels import games

    out = np.empty_like(state)
    games.apply(game, state, np.int64(move), out)
    return out


def _plies_to_end(game: int, state: np.ndarray) -> int | None:
    """Plies left before the game's ply cap, where the game has one."""
    from kernels import games, penguins

    if game == games.PENGUINS:
        return max(0, int(state[penguins.PLY_CAP]) - int(state[penguins.PLY]))
    return None


def random_opening(game: int, root: np.ndarray, plies: int, seed: int) -> tuple[int, ...]:
    """`plies` uniformly random legal moves from `root`, reproducible from `seed` (fewer if the game ends)."""
    rng = random.Random(seed)
    state, moves = root, []
    for _ in range(plies):
        legal = _legal(game, state)
        if len(legal) == 0:
            break
        move = int(legal[rng.randrange(len(legal))])
        moves.append(move)
        state = _after(game, state, move)
    return tuple(moves)


@dataclass
class EngineTally:
    """What one engine spent over a match: moves, search seconds and nodes (or simulations)."""

    moves: int = 0
    seconds: float = 0.0
    nodes: int = 0

    @property
    def ms_per_move(self) -> float:
        """Mean search time per move in milliseconds."""
        return 1000.0 * self.seconds / self.moves if self.moves else 0.0


@dataclass(frozen=True)
class GameRecord:
    """One finished game: engine A's seat (0 moves first), the moves (opening first) and results."""

    number: int  # 0-based
    a_side: int
    moves: tuple[int, ...]  # kernel move codes from the match's start position
    opening_plies: int
    values: tuple[float, float]  # each seat's result: 1 win, 0.5 draw, 0 loss

    @property
    def a_score(self) -> float:
        """Engine A's result: 1, 0.5 or 0."""
        return self.values[self.a_side]

    @property
    def plies(self) -> int:
        """The game's length in plies, opening included."""
        return len(self.moves)


class GameInterrupted(Exception):
    """Raised inside `play_game` when an engine search was stopped by Ctrl-C (the game is void)."""


def play_game(game: int, root: np.ndarray, spec_a: EngineSpec, spec_b: EngineSpec, a_side: int,
              opening: tuple[int, ...], seed: int, number: int = 0,
              tallies: tuple[EngineTally, EngineTally] | None = None) -> GameRecord:
    """Play one game from `root`: the `opening` moves, then A on seat `a_side` and B on the other."""
    from kernels import games

    state, moves = root, []
    for move in opening:
        state = _after(game, state, move)
        moves.append(move)
    while True:
        legal = _legal(game, state)
        if len(legal) == 0:
            break
        seat = int(games.to_move(game, state))
        engine = 0 if seat == a_side else 1
        spec = (spec_a, spec_b)[engine]
        own_seed = spec.settings.get("seed", 0)
        seeded = with_seed(spec, mix_seed(seed, own_seed, number, len(moves)))
        analysis = run_engine(seeded, game, state, plies_to_end=_plies_to_end(game, state))
        if analysis.stopped == "interrupted":
            raise GameInterrupted(f"game {number + 1} interrupted")
        if analysis.best is None or analysis.best.move not in legal:
            raise RuntimeError(f"engine {spec.text()} gave no legal move at ply {len(moves)} of game {number + 1}")
        if tallies is not None:
            tally = tallies[engine]
            tally.moves += 1
            tally.seconds += analysis.seconds
            tally.nodes += analysis.nodes
        move = analysis.best.move
        state = _after(game, state, move)
        moves.append(move)
    values = np.zeros(2, dtype=np.float64)
    games.terminal_values(game, state, values)
    return GameRecord(number, a_side, tuple(moves), min(len(opening), len(moves)), (float(values[0]), float(values[1])))


@dataclass
class MatchResult:
    """The games of a match so far, with totals; `interrupted` when Ctrl-C ended it early."""

    spec_a: EngineSpec
    spec_b: EngineSpec
    requested: int
    random_plies: int
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    tallies: tuple[EngineTally, EngineTally] = field(default_factory=lambda: (EngineTally(), EngineTally()))
    interrupted: bool = False

    @property
    def wins(self) -> int:
        """Games engine A won."""
        return sum(1 for r in self.records if r.a_score == 1.0)

    @property
    def draws(self) -> int:
        """Games drawn."""
        return sum(1 for r in self.records if r.a_score == 0.5)

    @property
    def losses(self) -> int:
        """Games engine A lost."""
        return sum(1 for r in self.records if r.a_score == 0.0)

    @property
    def score(self) -> float | None:
        """Engine A's mean score (0..1), None before any game."""
        return sum(r.a_score for r in self.records) / len(self.records) if self.records else None

    @property
    def elo(self) -> EloEstimate:
        """Elo difference of A over B with its 95% interval."""
        return elo_interval(self.wins, self.draws, self.losses)

    @property
    def side_a_score(self) -> float | None:
        """The mean score of side A (seat 0, the first player from the start), whichever engine it was."""
        return sum(r.values[0] for r in self.records) / len(self.records) if self.records else None

    @property
    def mean_plies(self) -> float | None:
        """Mean game length in plies, opening included."""
        return sum(r.plies for r in self.records) / len(self.records) if self.records else None


def play_match(game: int, root: np.ndarray, spec_a: EngineSpec, spec_b: EngineSpec, games: int = 20,
               random_plies: int = 2, seed: int = 0, on_game: Callable[[GameRecord, MatchResult], None] | None = None,
               should_stop: Callable[[], bool] | None = None) -> MatchResult:
    """Play `games` games of A against B with paired openings and swapped seats; see the module doc."""
    result = MatchResult(spec_a, spec_b, games, random_plies, seed)
    for number in range(games):
        if should_stop is not None and should_stop():
            result.interrupted = True
            break
        pair = number // 2
        opening = random_opening(game, root, random_plies, mix_seed(seed, 0x0BE1, pair))
        try:
            record = play_game(game, root, spec_a, spec_b, number % 2, opening, seed, number, result.tallies)
        except (GameInterrupted, KeyboardInterrupt):
            result.interrupted = True
            break
        result.records.append(record)
        if on_game is not None:
            on_game(record, result)
    return result


@contextmanager
def stop_after_game(on_first: Callable[[], None] | None = None) -> Iterator[threading.Event]:
    """While active, a first Ctrl-C only sets the yielded event (finish the game, then stop);
    a second one raises KeyboardInterrupt as usual (the game in progress is dropped)."""
    requested = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield requested
        return

    def handler(signum, frame):
        if requested.is_set():
            raise KeyboardInterrupt
        requested.set()
        if on_first is not None:
            on_first()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield requested
    finally:
        signal.signal(signal.SIGINT, previous)


# ----------------------------------------------------------------------------------------------
# Output


def game_line(record: GameRecord, result: MatchResult) -> str:
    """One progress line for a finished game (seat A first), with engine A's running W-D-L."""
    names = (result.spec_a.text(), result.spec_b.text())
    first, second = names if record.a_side == 0 else names[::-1]
    outcome = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[record.values[0]]
    return (f"game {record.number + 1}/{result.requested}: {first} - {second} {outcome} "
            f"({record.plies} plies); {names[0]} {result.wins}-{result.draws}-{result.losses}")


def summary_lines(result: MatchResult, position: str) -> list[str]:
    """The human summary of a match (what `caldera match` prints on stdout)."""
    a, b = result.spec_a.text(), result.spec_b.text()
    played = len(result.records)
    lines = [f"match     {a} vs {b} on penguins {position}: {played} game{'s' if played != 1 else ''}, "
             f"openings of {result.random_plies} random plies, seed {result.seed}"]
    if result.interrupted:
        lines.append(f"stopped   interrupted after {played} of {result.requested} games")
    if not played:
        return lines
    lengths = [r.plies for r in result.records]
    ta, tb = result.tallies
    lines += [
        f"result    {a}: {result.wins} wins, {result.draws} draws, {result.losses} losses "
        f"(W-D-L {result.wins}-{result.draws}-{result.losses})",
        f"score     {100 * result.score:.1f}% for {a}",
        f"elo       {result.elo.text(a)}",
        f"length    {result.mean_plies:.1f} plies per game on average (shortest {min(lengths)}, longest {max(lengths)})",
        f"sides     side A scored {100 * result.side_a_score:.1f}%, side B {100 - 100 * result.side_a_score:.1f}% (either engine)",
        f"time      {a} {ta.ms_per_move:.1f} ms/move, {b} {tb.ms_per_move:.1f} ms/move",
    ]
    return lines


def match_json(result: MatchResult, position: str, start) -> dict:
    """The match as a JSON-ready dict: totals, Elo and every game with its moves in notation.

    `start` is the reference State the games started from (for the move names).
    """
    from solver.games.penguins_kernel import decode_move
    from solver.games.penguins_notation import format_move

    def names(codes) -> list[str]:
        return [format_move(start, decode_move(code)) for code in codes]

    elo = result.elo
    return {
        "game": "penguins",
        "position": position,
        "engine_a": result.spec_a.text(),
        "engine_b": result.spec_b.text(),
        "games_requested": result.requested,
        "games": len(result.records),
        "interrupted": result.interrupted,
        "random_plies": result.random_plies,
        "seed": result.seed,
        "wins": result.wins,
        "draws": result.draws,
        "losses": result.losses,
        "score": result.score,
        "elo": elo.elo,
        "elo_low": elo.low,
        "elo_high": elo.high,
        "elo_text": elo.text(result.spec_a.text()),
        "mean_plies": result.mean_plies,
        "side_a_score": result.side_a_score,
        "engines": [
            {"spec": spec.text(), "moves": t.moves, "seconds": t.seconds, "nodes": t.nodes}
            for spec, t in zip((result.spec_a, result.spec_b), result.tallies)
        ],
        "results": [
            {
                "game": r.number + 1,
                "a_side": "AB"[r.a_side],
                "score_a": r.a_score,
                "plies": r.plies,
                "opening": names(r.moves[: r.opening_plies]),
                "moves": names(r.moves[r.opening_plies:]),
            }
            for r in result.records
        ],
    }
