"""Random Island Project play and positions for the rules, notation and differential tests."""

from __future__ import annotations

import random

from solver.games.island.island_rules import State, chance_outcomes, is_chance, legal_moves


def roll_dice(state: State, rng: random.Random) -> int:
    """A chance outcome of `state` (a roll), drawn by its probability."""
    codes, weights = zip(*chance_outcomes(state))
    return rng.choices(codes, [float(w) for w in weights])[0]


def random_move(state: State, rng: random.Random) -> int:
    """The dice by their probabilities at a roll, else a uniformly random legal move."""
    return roll_dice(state, rng) if is_chance(state) else rng.choice(legal_moves(state))


def state_of(terrain: list, markers: list, people: list[list[int]], reserve: list[int], **fields) -> State:
    """A State from the lists a random position is built in: one list of people per seat, the
    other fields (food, supplies, phase, ...) as keywords."""
    return State(players=len(people), terrain=tuple(terrain), markers=tuple(markers),
                 people=tuple(tuple(p) for p in people), reserve=tuple(reserve), **fields)
