"""The chunks of seeded random games that the differential tests (kernel against reference) play."""

from __future__ import annotations

import random
from collections import Counter


def play_chunk(seed: int, games: int, play_game) -> tuple[int, Counter]:
    """Play `games` games from one generator seeded `seed`: play_game(rng, number, events) plays game
    `number`, counts the rule events it met into `events` and returns its plies. Returns the plies of
    all the games and the events."""
    rng = random.Random(seed)
    events: Counter = Counter()
    plies = sum(play_game(rng, number, events) for number in range(games))
    return plies, events
