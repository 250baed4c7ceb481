"""Self-play matches between two engines: the game loop, paired openings and the Elo maths.

Used by `caldera match`. Games are played on the game's kernel (kernels/dispatch.py names its
operations), for as many seats as the start position has. Engine A plays one seat and engine B
every other seat.

Seat rotation: with P seats, games are played in groups of P. The games of a group start with
the same random opening (the first `random_plies` decision plies) and engine A takes seat
g mod P in game g, so over a multiple of P games A plays every seat equally often and neither
engine profits from a lucky opening or from moving first (for two seats: games 2k and 2k+1
share an opening and swap the engines' seats).

Dice: chance positions (the kernel's is_chance) are never played by an engine. Their outcome is
drawn from the kernel's chance_outcomes by probability with a seeded generator, one draw per roll; the games
of a group share that generator's seed, so the k-th roll of every game in a group is the same
("duplicate" dice: each seat sees the same rolls whichever engine sits there, as far as the
games run alike). Rolls inside the random opening come from the opening's generator and do not
count as opening plies.

Every engine move gets its own seed, derived from the match seed, the game and the ply, so that
seeded engines (random, mcts) repeat a match exactly but do not play the same game over and over.

Results: each seat's result is its share of the win (the kernel's terminal_values): 1 for a sole
winner, 1/k for each of k tied winners, 0 for the others (in a two-seat game a draw is 1/2 each).
Engine A's W-D-L counts a sole win as W, a shared win (0 < result < 1) as D and no win as L; its
score is its mean result, compared with its fair share 1/P (what it would expect if all seats
were equally strong).

Seats played by the rules (the full Oros game's AI opponents, whose turns are chance moves) are
no engine's: the engines take the position's players' seats. A position with one player (oros
`game1`: one seat against the AI decks) is played in pairs instead: in game 2k engine A takes the
seat, in game 2k+1 engine B, from the same opening with the same dice (the same AI cards, as
far as the games run alike); the summary gives each engine's score and the paired difference
A minus B with its 95% interval (the normal approximation over the pairs).

Elo (two seats, head to head only: with more, or when a seat played by the rules won a game,
the summary gives the share instead): the logistic model,
expected score = 1 / (1 + 10 ** (-elo / 400)). A match's Elo difference comes from its mean
score; its 95% interval from the normal approximation of the mean of the per-game scores
(1, 1/2, 0), mapped through the same curve.
"""

from __future__ import annotations

import math
import random
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Callable, Iterator

import numpy as np

from kernels import Kernel
from solver.commands.estimate import Z95, Estimate, mean_interval, paired_text
from solver.engines.registry import EngineSpec, check_engine, run_engine, with_seed
from solver.errors import CalderaError
from solver.games.kernel_calls import chance_outcome_list, legal_move_list, next_state

MASK62 = (1 << 62) - 1
OPENING_TAG, DICE_TAG = 0x0BE1, 0xD1CE  # mixed into the seeds of openings and of dice


# ----------------------------------------------------------------------------------------------
# Elo maths


def elo_from_score(score: float) -> float:
    """The logistic Elo difference whose expected score is `score` (0 < score < 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: an even score is +0, not -0


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


def _legal(kernel: Kernel, state: np.ndarray) -> list[int]:
    """The legal kernel moves of `state` (empty once the game is over)."""
    return legal_move_list(kernel, state)


def _is_chance(kernel: Kernel, state: np.ndarray) -> bool:
    """True when chance (the dice), not a player, chooses the next move."""
    return bool(kernel.module.is_chance(state))


def sample_chance(kernel: Kernel, state: np.ndarray, rng: random.Random) -> int:
    """A chance outcome of the chance position `state`, drawn by its probability (one rng draw)."""
    outcomes = chance_outcome_list(kernel, state)
    if not outcomes:
        raise ValueError("not a chance position")
    u = rng.random() * sum(p for _, p in outcomes)
    for move, probability in outcomes[:-1]:
        u -= probability
        if u < 0:
            return move
    return outcomes[-1][0]


def random_opening(kernel: Kernel, root: np.ndarray, plies: int, seed: int) -> tuple[int, ...]:
    """`plies` uniformly random legal decisions from `root`, reproducible from `seed` (fewer if
    the game ends). Chance positions on the way are rolled by their probabilities from the same
    generator; their outcomes are part of the opening but do not count as plies."""
    rng = random.Random(seed)
    state, moves, decisions = root, [], 0
    while decisions < plies:
        if _is_chance(kernel, state):
            move = sample_chance(kernel, state, rng)
        else:
            legal = _legal(kernel, state)
            if len(legal) == 0:
                break
            move = legal[rng.randrange(len(legal))]
            decisions += 1
        moves.append(move)
        state = next_state(kernel, state, move)
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


def rotation(players: int) -> int:
    """Games in a group that shares an opening and the dice: one per seat, so that engine A takes
    each seat in turn; with one player two, one per engine."""
    return max(players, 2)


def result_interval(results: list[float]) -> tuple[float, float] | None:
    """The 95% interval of the mean of per-game results in 0..1 (solver/commands/estimate.py, clipped to
    0..1); None below two results. After all 1s (all 0s) the normal interval would have no width,
    so the bound is `perfect_score_bound`'s: the s with s**n = 0.05 (from it up to 1; from 0 up to
    1 - s after all 0s)."""
    n = len(results)
    if n < 2:
        return None
    if all(r == 1.0 for r in results):
        return 0.05 ** (1.0 / n), 1.0
    if all(r == 0.0 for r in results):
        return 0.0, 1.0 - 0.05 ** (1.0 / n)
    estimate = mean_interval(results, 0.0, 1.0)
    return estimate.low, estimate.high


@dataclass(frozen=True)
class GameRecord:
    """One finished game: engine A's seat (0 moves first), the moves (opening first) and results."""

    number: int  # 0-based
    a_side: int  # engine A's seat, engine B played every other seat; `players` when A sat out (one player)
    moves: tuple[int, ...]  # kernel move codes from the match's start position, dice rolls included
    opening_plies: int  # moves of the random opening (its dice rolls included)
    values: tuple[float, ...]  # each seat's share of the win: 1 sole winner, 1/k of k tied winners, 0
    # Every seat's final score, AI seats included, for a game won on points (the kernel's scores,
    # oros: knowledge); () otherwise.
    scores: tuple[float, ...] = ()

    @property
    def a_seated(self) -> bool:
        """Whether engine A played in this game (not so in B's games of a one-player match)."""
        return self.a_side < len(self.values)

    @property
    def a_score(self) -> float | None:
        """Engine A's result: 1 (sole win), 1/k (a win shared by k seats; 1/2 is a two-seat draw) or 0;
        None in a game A sat out (engine B's game of a one-player match)."""
        return self.values[self.a_side] if self.a_seated else None

    @property
    def players(self) -> int:
        """Seats in the game."""
        return len(self.values)

    @property
    def plies(self) -> int:
        """The game's length in plies (moves, dice rolls included), opening included."""
        return len(self.moves)

    def margin(self, seat: int) -> float | None:
        """Seat `seat`'s final score minus the best other seat's (None without scores)."""
        if not self.scores:
            return None
        return self.scores[seat] - max(v for s, v in enumerate(self.scores) if s != seat)


class GameInterrupted(Exception):
    """Raised inside `play_game` when an engine search was stopped by Ctrl-C (the game is void)."""


def play_game(game, root: np.ndarray, spec_a: EngineSpec, spec_b: EngineSpec, a_side: int,
              opening: tuple[int, ...], seed: int, number: int = 0,
              tallies: tuple[EngineTally, EngineTally] | None = None, dice_seed: int | None = None,
              players: int = 2, on_move: Callable | None = None) -> GameRecord:
    """Play one game of `game` (its record) from kernel position `root`: the `opening` moves, then
    A on seat `a_side` and B on every other seat. Chance positions are rolled by their
    probabilities from a generator seeded `dice_seed` (default: derived from `seed` and
    `number`), one draw per roll, never by an engine. `on_move(seat, legal, analysis)` is told
    every engine decision (`caldera balance` measures branching and leads with it)."""
    kernel = game.kernel(root)
    module = kernel.module
    dice = random.Random(mix_seed(seed, DICE_TAG, number) if dice_seed is None else dice_seed)
    state, moves = root, []
    for move in opening:
        state = next_state(kernel, state, move)
        moves.append(move)
    while True:
        if _is_chance(kernel, state):
            move = sample_chance(kernel, state, dice)
            state = next_state(kernel, state, move)
            moves.append(move)
            continue
        legal = _legal(kernel, state)
        if len(legal) == 0:
            break
        seat = int(module.to_move(state))
        engine = 0 if seat == a_side else 1
        spec = (spec_a, spec_b)[engine]
        own_seed = spec.settings.get("seed", 0)
        seeded = with_seed(spec, mix_seed(seed, own_seed, number, len(moves)))
        analysis = run_engine(seeded, kernel, state, plies_to_end=game.kernel_plies_to_end(state))
        if analysis.stopped == "interrupted":
            raise GameInterrupted(f"game {number + 1} interrupted")
        if analysis.best is None or analysis.best.move not in legal:
            raise RuntimeError(f"engine {spec.text()} gave no legal move at ply {len(moves)} of game {number + 1}")
        if on_move is not None:
            on_move(seat, legal, analysis)
        if tallies is not None:
            tally = tallies[engine]
            tally.moves += 1
            tally.seconds += analysis.seconds
            tally.nodes += analysis.nodes
        move = analysis.best.move
        state = next_state(kernel, state, move)
        moves.append(move)
    values = np.zeros(module.SEATS, dtype=np.float64)
    module.terminal_values(state, values)
    scores: tuple[float, ...] = ()
    if hasattr(module, "scores"):  # a game won on points: every seat's, -inf for one not in play
        finals = np.zeros(module.SEATS, dtype=np.float64)
        module.scores(state, finals)
        scores = tuple(float(v) for v in finals if v > -np.inf)
    return GameRecord(number, a_side, tuple(moves), min(len(opening), len(moves)),
                      tuple(float(v) for v in values[:players]), scores)


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
    game: str = "penguins"  # the game's name
    seats: str = "AB"  # the game's seat letters
    players: int = 2  # seats per game: A plays one, B all the others
    score_name: str = "score"  # what the game's scores count (oros: knowledge), where its games have them

    @property
    def fair_share(self) -> float | None:
        """The mean result each seat would get if all were equally strong: 1 / players; None in a
        one-player match (the engines meet only seats played by the rules)."""
        return None if self.solo else 1.0 / self.players

    @property
    def solo(self) -> bool:
        """A one-player position: the engines take the seat in turn, in pairs of games (module doc)."""
        return self.players == 1

    def results_of(self, engine: int) -> list[float]:
        """The results of engine 0 (A) or 1 (B, only in a one-player match) in the games it played on the seat(s)."""
        if engine == 0:
            return [r.a_score for r in self.records if r.a_seated]
        return [r.values[0] for r in self.records if not r.a_seated]

    @property
    def wins(self) -> int:
        """Games engine A won alone."""
        return sum(1 for v in self.results_of(0) if v == 1.0)

    @property
    def draws(self) -> int:
        """Games engine A drew, or (with more than two seats) won together with other seats."""
        return sum(1 for v in self.results_of(0) if 0.0 < v < 1.0)

    @property
    def losses(self) -> int:
        """Games engine A played and did not win at all."""
        return sum(1 for v in self.results_of(0) if v == 0.0)

    @property
    def score(self) -> float | None:
        """Engine A's mean result (0..1; fair share 1 / players), None before any game of A's."""
        results = self.results_of(0)
        return sum(results) / len(results) if results else None

    @property
    def score_interval(self) -> tuple[float, float] | None:
        """The 95% interval of A's mean result (`result_interval`); None before two games of A's."""
        return result_interval(self.results_of(0))

    def margins_of(self, engine: int) -> list[float]:
        """A one-player match's final score margins of the seat over the best other seat in the games
        engine 0 (A) or 1 (B) played it; [] for a game without scores."""
        return [r.margin(0) for r in self.records if r.a_seated == (engine == 0) and r.scores]

    def paired(self, of: Callable[[GameRecord], float]) -> Estimate | None:
        """A one-player match's mean over the complete pairs (the same opening and dice) of of(A's
        game) minus of(B's game), with its 95% interval (solver/commands/estimate.py); None before two pairs."""
        records = self.records
        pairs = [of(records[i]) - of(records[i + 1]) for i in range(len(records) - 1)
                 if records[i].a_seated and not records[i + 1].a_seated and records[i].number // 2 == records[i + 1].number // 2]
        if not self.solo or len(pairs) < 2:
            return None
        return mean_interval(pairs)

    @property
    def paired_difference(self) -> Estimate | None:
        """A one-player match's paired result difference, A minus B (`paired`)."""
        return self.paired(lambda record: record.values[0])

    @property
    def paired_margin(self) -> Estimate | None:
        """A one-player match's paired difference of the seat's score margins, A minus B (`paired`);
        None without scores."""
        if not all(r.scores for r in self.records):
            return None
        return self.paired(lambda record: record.margin(0))

    @property
    def head_to_head(self) -> bool:
        """True when the engines' two seats share every win between them (no seat played by the
        rules, such as an AI opponent, won a game): then A's score and Elo are against B alone."""
        return self.players == 2 and all(abs(sum(r.values) - 1.0) < 1e-9 for r in self.records)

    @property
    def elo(self) -> EloEstimate | None:
        """Elo difference of A over B with its 95% interval (head to head only; None otherwise)."""
        if not self.head_to_head:
            return None
        return elo_interval(self.wins, self.draws, self.losses)

    @property
    def seat_scores(self) -> tuple[float, ...] | None:
        """The mean result of each seat (seat 0 moves first), whichever engine sat there."""
        if not self.records:
            return None
        return tuple(sum(r.values[s] for r in self.records) / len(self.records) for s in range(self.players))

    @property
    def seat_games(self) -> tuple[int, ...]:
        """How many games engine A played on each seat (in a one-player match: half of them)."""
        return tuple(sum(1 for r in self.records if r.a_side == s) for s in range(self.players))

    @property
    def side_a_score(self) -> float | None:
        """The mean score of side A (seat 0, the first player from the start), whichever engine it was."""
        return sum(r.values[0] for r in self.records) / len(self.records) if self.records else None

    @property
    def mean_plies(self) -> float | None:
        """Mean game length in plies (dice rolls included), opening included."""
        return sum(r.plies for r in self.records) / len(self.records) if self.records else None


def match_players(game, start) -> int:
    """The seats of `start` that the engines take (its players; AI opponents that are part of the
    rules, as in oros, are no seats of an engine): with one, the engines take it in turn."""
    return game.player_count(start)


def play_match(game, start, spec_a: EngineSpec, spec_b: EngineSpec, games: int = 20,
               random_plies: int = 2, seed: int = 0, on_game: Callable[[GameRecord, MatchResult], None] | None = None,
               should_stop: Callable[[], bool] | None = None,
               on_move: Callable[[int, int, list, object], None] | None = None) -> MatchResult:
    """Play `games` games of A against B from the reference State `start` of `game` (its record),
    with shared openings and rotated seats; see the module doc.

    With P seats (the start's players), game g belongs to group g // P, whose games share the
    opening and the dice seed, and A sits on seat g mod P: play a multiple of P games for every
    seat equally often. With one player the groups are pairs and A sits out game 2k+1, which B
    plays (`rotation`). Raises EngineError first if an engine cannot play the game.
    `on_move(number, seat, legal, analysis)` is told every engine decision of game `number`.
    """
    players = match_players(game, start)
    for spec in (spec_a, spec_b):
        check_engine(game, spec.name, start)
    root = game.to_kernel(start)
    kernel = game.kernel(root)
    result = MatchResult(spec_a, spec_b, games, random_plies, seed, game=game.name, seats=game.seats, players=players,
                         score_name=game.score_name)
    for number in range(games):
        if should_stop is not None and should_stop():
            result.interrupted = True
            break
        try:
            record = play_numbered(game, root, kernel, spec_a, spec_b, number, random_plies, seed, players,
                                   result.tallies, on_move=None if on_move is None else partial(on_move, number))
        except (GameInterrupted, KeyboardInterrupt):
            result.interrupted = True
            break
        result.records.append(record)
        if on_game is not None:
            on_game(record, result)
    return result


def play_numbered(game, root: np.ndarray, kernel: Kernel, spec_a: EngineSpec, spec_b: EngineSpec, number: int,
                  random_plies: int, seed: int, players: int,
                  tallies: tuple[EngineTally, EngineTally] | None = None, on_move: Callable | None = None) -> GameRecord:
    """Game `number` of a match (see `play_match`): its group's opening and dice, A on seat
    number mod rotation(players) (no seat, B on the only one, when that is 1 in a one-player
    match). The same game wherever it is played (locally or on a cluster worker);
    `on_move(seat, legal, analysis)` is told every engine decision."""
    size = rotation(players)
    group = number // size
    opening = random_opening(kernel, root, random_plies, mix_seed(seed, OPENING_TAG, group))
    return play_game(game, root, spec_a, spec_b, number % size, opening, seed, number, tallies,
                     dice_seed=mix_seed(seed, DICE_TAG, group), players=players, on_move=on_move)


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


def result_text(value: float) -> str:
    """A seat's result as a short fraction: '1', '1/2', '1/3', '0'."""
    fraction = Fraction(value).limit_denominator(12)
    return str(fraction.numerator) if fraction.denominator == 1 else f"{fraction.numerator}/{fraction.denominator}"


def game_line(record: GameRecord, result: MatchResult) -> str:
    """One progress line for a finished game (engines by seat, A's seat first of all), with the
    result of each seat and engine A's running W-D-L."""
    names = (result.spec_a.text(), result.spec_b.text())
    seats = " - ".join(names[0] if seat == record.a_side else names[1] for seat in range(record.players))
    outcome = "-".join(result_text(v) for v in record.values)
    if result.solo:
        so_far = "; ".join(f"{name} {100 * sum(done) / len(done):.1f}% in {len(done)}"
                           for name, done in zip(names, (result.results_of(0), result.results_of(1))) if done)
        return f"game {record.number + 1}/{result.requested}: {seats} {outcome} ({record.plies} plies); {so_far}"
    return (f"game {record.number + 1}/{result.requested}: {seats} {outcome} "
            f"({record.plies} plies); {names[0]} {result.wins}-{result.draws}-{result.losses}")


def summary_lines(result: MatchResult, position: str) -> list[str]:
    """The human summary of a match (what `caldera match` prints on stdout)."""
    if result.solo:
        return solo_summary_lines(result, position)
    a, b = result.spec_a.text(), result.spec_b.text()
    played = len(result.records)
    seats = "" if result.head_to_head else f", {result.players} seats (A one, B the others)"
    lines = [f"match     {a} vs {b} on {result.game} {position}: {played} game{'s' if played != 1 else ''}"
             f"{seats}, openings of {result.random_plies} random plies, seed {result.seed}"]
    if result.interrupted:
        lines.append(f"stopped   interrupted after {played} of {result.requested} games")
    if not played:
        return lines
    if result.head_to_head:
        lines += [
            f"result    {a}: {result.wins} wins, {result.draws} draws, {result.losses} losses "
            f"(W-D-L {result.wins}-{result.draws}-{result.losses})",
            f"score     {100 * result.score:.1f}% for {a}",
            f"elo       {result.elo.text(a)}",
        ]
    else:
        interval = result.score_interval
        around = f"; 95% interval {100 * interval[0]:.1f}% to {100 * interval[1]:.1f}%" if interval else ""
        lines += [
            f"result    {a}: {result.wins} wins, {result.draws} shared wins, {result.losses} losses "
            f"(W-D-L {result.wins}-{result.draws}-{result.losses}; a win shared by k seats scores 1/k)",
            f"share     {100 * result.score:.1f}% for {a} against a fair share of {100 * result.fair_share:.1f}% "
            f"({result.score / result.fair_share:.2f}x{around})",
        ]
    lines.append(length_line(result))
    if result.head_to_head:
        lines.append(f"sides     side A scored {100 * result.side_a_score:.1f}%, side B {100 - 100 * result.side_a_score:.1f}% "
                     "(either engine)")
    else:
        by_seat = ", ".join(f"{result.seats[s]} {100 * v:.1f}%" for s, v in enumerate(result.seat_scores))
        on_seats = "/".join(str(n) for n in result.seat_games)
        lines.append(f"seats     {by_seat} (either engine); {a} played seats A-{result.seats[result.players - 1]} "
                     f"{on_seats} times")
    lines.append(time_line(result))
    return lines


def solo_summary_lines(result: MatchResult, position: str) -> list[str]:
    """The summary of a one-player match: each engine's score on the seat and the paired difference."""
    names = (result.spec_a.text(), result.spec_b.text())
    played = len(result.records)
    lines = [f"match     {names[0]} vs {names[1]} on {result.game} {position}: {played} game{'s' if played != 1 else ''}, "
             f"one player's seat taken by each engine in turn on the same openings and dice (pairs), "
             f"openings of {result.random_plies} random plies, seed {result.seed}"]
    if result.interrupted:
        lines.append(f"stopped   interrupted after {played} of {result.requested} games")
    for engine, name in enumerate(names):
        results = result.results_of(engine)
        if not results:
            continue
        wins = sum(1 for v in results if v == 1.0)
        shared = sum(1 for v in results if 0.0 < v < 1.0)
        interval = result_interval(results)
        around = f" (95% interval {100 * interval[0]:.1f}% to {100 * interval[1]:.1f}%)" if interval else ""
        margins = result.margins_of(engine)
        margin = (f"; {result.score_name} margin over the best other seat {sum(margins) / len(margins):+.1f}"
                  if margins else "")
        lines.append(f"{'AB'[engine]}         {name}: {100 * sum(results) / len(results):.1f}%{around} in {len(results)} games: "
                     f"{wins} wins, {shared} shared wins, {len(results) - wins - shared} losses{margin}")
    for label, paired, digits in (("result", result.paired_difference, 3), (f"{result.score_name} margin", result.paired_margin, 1)):
        if paired is not None:
            lines.append(f"paired    {label}, {names[0]} minus {names[1]}: {paired_text(paired, *names, digits)}")
    if played:
        lines += [length_line(result), time_line(result)]
    return lines


def length_line(result: MatchResult) -> str:
    """The summary's line of game lengths."""
    lengths = [r.plies for r in result.records]
    return f"length    {result.mean_plies:.1f} plies per game on average (shortest {min(lengths)}, longest {max(lengths)})"


def time_line(result: MatchResult) -> str:
    """The summary's line of each engine's time per move."""
    ta, tb = result.tallies
    return f"time      {result.spec_a.text()} {ta.ms_per_move:.1f} ms/move, {result.spec_b.text()} {tb.ms_per_move:.1f} ms/move"


def move_names(game, start, moves: tuple[int, ...]) -> list[str]:
    """Kernel move codes played from the reference State `start`, in move notation, each named in
    the position it was played in (dice rolls too, e.g. 'roll:3V')."""
    names, state = [], start
    for code in moves:
        names.append(game.format_move(state, code))
        state = game.successor(state, code)
    return names


def match_json(result: MatchResult, game, start) -> dict:
    """The match as a JSON-ready dict: totals, Elo (head to head) or share (otherwise), and every game
    with its moves in notation (dice rolls included, e.g. 'roll:3V').

    `start` is the reference State of `game` (its record) the games started from.
    """

    elo = result.elo
    interval = result.score_interval
    b_interval = result_interval(result.results_of(1)) if result.solo else None
    b_results = result.results_of(1) if result.solo else []
    paired = result.paired_difference
    paired_margin = result.paired_margin
    return {
        "game": result.game,
        "position": game.format_position(start),
        "players": result.players,
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
        "fair_share": result.fair_share,
        "score_low": interval[0] if interval else None,
        "score_high": interval[1] if interval else None,
        "elo": elo.elo if elo else None,
        "elo_low": elo.low if elo else None,
        "elo_high": elo.high if elo else None,
        "elo_text": elo.text(result.spec_a.text()) if elo else None,
        "score_b": sum(b_results) / len(b_results) if b_results else None,
        "score_b_low": b_interval[0] if b_interval else None,
        "score_b_high": b_interval[1] if b_interval else None,
        "paired": paired.mean if paired else None,
        "paired_low": paired.low if paired else None,
        "paired_high": paired.high if paired else None,
        "paired_margin": paired_margin.mean if paired_margin else None,
        "paired_margin_low": paired_margin.low if paired_margin else None,
        "paired_margin_high": paired_margin.high if paired_margin else None,
        "mean_plies": result.mean_plies,
        "side_a_score": result.side_a_score,
        "seat_scores": result.seat_scores,
        "a_seat_games": result.seat_games,
        "engines": [
            {"spec": spec.text(), "moves": t.moves, "seconds": t.seconds, "nodes": t.nodes}
            for spec, t in zip((result.spec_a, result.spec_b), result.tallies)
        ],
        "results": [game_json(r, result.seats, move_names(game, start, r.moves)) for r in result.records],
    }


def game_json(record: GameRecord, seats: str, names: list[str]) -> dict:
    """One game of a match as a JSON-ready dict, its moves (`names`, in notation) split into the
    random opening and the rest."""
    return {
        "game": record.number + 1,
        "a_side": seats[record.a_side] if record.a_seated else None,
        "score_a": record.a_score,
        "values": list(record.values),
        "scores": list(record.scores),
        "plies": record.plies,
        "opening": names[: record.opening_plies],
        "moves": names[record.opening_plies:],
    }


def prepare_match(game, position: str | None, board: str | None, players: int | None, engine_a: str, engine_b: str):
    """What `caldera match` plays, ready to start: (record, start, spec A, spec B, the position's
    label), the start read as `load_position` reads it, both engines checked on it and loaded
    before the clock starts; a single-agent start is refused in one line."""
    from solver.api import checked_spec, load_position
    from solver.commands.warmup import prepare

    state, _ = load_position(game, position, board=board, players=players)
    if game.is_single_agent(state):
        raise CalderaError(f"a match needs sides that play against each other; this {game.name} position is "
                           "single-agent (puzzles: caldera analyze)")
    spec_a, spec_b = (checked_spec(game, EngineSpec.parse(text), state) for text in (engine_a, engine_b))
    name = game.default_position if position is None else position.strip()
    label = name if name in game.builtin_positions() else "(given position)"
    prepare(game, ("perft", spec_a.name, spec_b.name), state)
    return game, state, spec_a, spec_b, label
