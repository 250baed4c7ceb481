"""A seedable xorshift64* generator kept in a one-word uint64 array, for reproducible searches."""

import numpy as np
from numba import njit

MULTIPLIER = np.uint64(0x2545F4914F6CDD1D)


def new_rng(seed: int) -> np.ndarray:
    """A generator state for `seed` (never zero: xorshift would stay at zero)."""
    mixed = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % (1 << 64)
    return np.array([mixed or 1], dtype=np.uint64)


@njit(cache=True, inline="always")
def next_random(rng):
    """The next 64-bit random word."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    return x * MULTIPLIER


@njit(cache=True, inline="always")
def random_below(rng, n):
    """A uniform integer in [0, n) for n >= 1 (bias below 2**-32 for n < 2**32)."""
    return np.int64((next_random(rng) >> np.uint64(32)) * np.uint64(n) >> np.uint64(32))


@njit(cache=True, inline="always")
def random_unit(rng):
    """A uniform float in [0, 1)."""
    return np.float64(next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, nogil=True, inline="always")
def random_index(probabilities, n, rng):
    """An index in [0, n) drawn with the given probabilities (a chance outcome)."""
    u = random_unit(rng)
    for i in range(n - 1):
        u -= probabilities[i]
        if u < 0.0:
            return i
    return n - 1


@njit(cache=True)
def best_scored(moves, n, scores, rng):
    """The move of the highest score among the n `moves`, ties broken uniformly at random."""
    best = moves[0]
    best_score = scores[0]
    ties = 1
    for i in range(1, n):
        if scores[i] > best_score:
            best, best_score, ties = moves[i], scores[i], 1
        elif scores[i] == best_score:
            ties += 1  # reservoir sampling: each tied move kept with probability 1/ties
            if random_below(rng, ties) == 0:
                best = moves[i]
    return best
