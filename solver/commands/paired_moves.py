"""Which of two moves is better in play: games from the position after each, paired.

Game i after the first move and game i after the second open with random plies drawn from the
same seed (`random_opening`: the same choice indices, so the same luck), then one engine plays
every seat to the end (`play_game`). The figure is the mover's result after the first move minus
after the second, game by game, with its 95% interval (`caldera balance --moves`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from solver.commands.estimate import Estimate, mean_interval, paired_text
from solver.commands.match import OPENING_TAG, GameInterrupted, mix_seed, play_game, random_opening
from solver.errors import CalderaError


@dataclass
class MovePairing:
    """The mover's result (1 win, 1/2 draw, 0 loss) in each game after each of two moves."""

    moves: tuple[str, str]
    mover: str  # the seat letter of the side making the moves
    engine: str
    random_plies: int
    seed: int
    results: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    interrupted: bool = False

    def score(self, which: int) -> Estimate:
        """The mover's mean result after move `which` (0 or 1)."""
        return mean_interval(self.results[which], 0.0, 1.0)

    def difference(self) -> Estimate:
        """The mover's result after the first move minus after the second, paired by game."""
        return mean_interval([a - b for a, b in zip(*self.results)], -1.0, 1.0)

    def lines(self) -> list[str]:
        """The summary `caldera balance --moves` prints."""
        first, second = self.moves
        difference = self.difference()
        lines = [f"moves     {first} vs {second} by {self.mover}: {len(self.results[0])} games after each, "
                 f"{self.engine} on every seat, openings of {self.random_plies} random plies, seed {self.seed}"]
        if self.interrupted:
            lines.append("stopped   interrupted: the figures are of the games played")
        lines += [f"after {first:<5} {self.mover} scores {self.score(0).text(percent=True)}",
                  f"after {second:<5} {self.mover} scores {self.score(1).text(percent=True)}"]
        if difference.low is not None:
            lines.append(f"paired    {first} minus {second}: {paired_text(difference, first, second)}")
        return lines


def pair_moves(game, state, moves: tuple[int, int], spec, games: int, random_plies: int, seed: int,
               on_game: Callable[[], None] | None = None,
               should_stop: Callable[[], bool] | None = None) -> MovePairing:
    """Play `games` games after each of the two kernel `moves` of reference State `state` of
    `game` (its record), `spec` on every seat, paired by opening seed."""
    from solver.games.kernel_calls import next_state

    root = game.to_kernel(state)
    kernel = game.kernel(root)
    mover = game.to_move(state)
    players = game.player_count(state)
    afters = [next_state(kernel, root, move) for move in moves]
    pairing = MovePairing(tuple(game.format_move(state, move) for move in moves), game.seats[mover], spec.text(),
                          random_plies, seed)
    for number in range(games):
        if should_stop is not None and should_stop():
            pairing.interrupted = True
            break
        opening_seed = mix_seed(seed, OPENING_TAG, number)
        pair = []
        try:
            for after in afters:
                opening = random_opening(kernel, after, random_plies, opening_seed)
                pair.append(play_game(game, after, spec, spec, 0, opening, seed, number, players=players).values[mover])
                if on_game is not None:
                    on_game()
        except (GameInterrupted, KeyboardInterrupt):
            pairing.interrupted = True  # a pair half played is dropped: both lists stay paired
            break
        for results, value in zip(pairing.results, pair):
            results.append(value)
    return pairing


def pairing_lines(game, state, moves_text: str, spec, games: int, random_plies: int, seed: int,
                  on_game: Callable[[], None] | None = None, should_stop: Callable[[], bool] | None = None) -> list[str]:
    """`caldera balance --moves MOVE,MOVE`: check the two moves and the engine, play, summarise."""
    from solver.api import checked_spec
    from solver.commands.warmup import prepare

    texts = [text.strip() for text in moves_text.split(",")]
    if len(texts) != 2 or not all(texts):
        raise CalderaError(f"--moves {moves_text}: give two moves joined by a comma, e.g. +b1,+c2")
    moves = []
    for text in texts:
        try:
            moves.append(game.parse_move(state, text))
        except CalderaError as error:
            raise CalderaError(f"--moves, {text}: {error}") from None
    if moves[0] == moves[1]:
        raise CalderaError(f"--moves {moves_text}: the two moves are the same move")
    spec = checked_spec(game, spec, state)
    prepare(game, ("perft", spec.name), state)
    return pair_moves(game, state, (moves[0], moves[1]), spec, games, random_plies, seed, on_game, should_stop).lines()
