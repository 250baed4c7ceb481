"""The binding between the meerkats reference State and the bitboard kernel's array
(kernels/meerkats/meerkats_layout.py). Move integers are shared, so only positions are converted.
Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from kernels.meerkats import meerkats_layout as L
from solver.games.kernel_calls import KernelCalls
from solver.games.meerkats.meerkats_maze import EAST, SOUTH, Maze
from solver.games.meerkats.meerkats_rules import EVENTS, MOVING, NO_CELL, OVER, ROLLING, SETUP, Meerkat, State

PHASE_CODES = {SETUP: L.SETUP, EVENTS: L.EVENTS, ROLLING: L.ROLLING, MOVING: L.MOVING, OVER: L.OVER}
PHASE_OF_CODE = {code: phase for phase, code in PHASE_CODES.items()}

CALLS = KernelCalls("meerkats.meerkats_kernel")  # one kernel plays every position
KERNEL = CALLS.name
kernel_name, kernel = CALLS.kernel_name, CALLS.module


def _put(word: int, field: tuple[int, int], value: int) -> int:
    """`word` with a (shift, width) field set."""
    shift, width = field
    mask = ((1 << width) - 1) << shift
    return (word & ~mask) | ((value << shift) & mask)


def _get(word: int, field: tuple[int, int]) -> int:
    """A (shift, width) field of a word."""
    shift, width = field
    return word >> shift & ((1 << width) - 1)


@cache
def maze_words(maze: Maze) -> tuple[int, ...]:
    """The maze's words: open and walled sides per face and direction, the friends' cells, the size."""
    n = maze.size
    words = [0] * L.STATE_LEN
    for face in range(2):
        for cell in range(maze.cells):
            r, c = divmod(cell, n)
            for direction, inside, open_at, wall_at in ((EAST, c < n - 1, L.OPEN_E, L.WALL_E),
                                                        (SOUTH, r < n - 1, L.OPEN_S, L.WALL_S)):
                if not inside:
                    continue
                at = (open_at if maze.faces[face].side(cell, direction) is None else wall_at) + L.MASK_WORDS * face
                words[at + cell // 64] |= 1 << cell % 64
        for kind, cell in enumerate(maze.faces[face].friends):
            words[L.FRIEND_CELLS] |= cell << (7 * (4 * face + kind))
    words[L.SIZE] = n
    return tuple(words)


def player_word(m: Meerkat) -> int:
    """One meerkat's PLAYER word."""
    word = _put(0, L.CELL, L.NO_CELL if m.cell == NO_CELL else m.cell)
    word = _put(word, L.MET, m.met)
    word = _put(word, L.SEEKING, int(m.seeking))
    word = _put(word, L.FRIEND, L.NO_FRIEND if m.friend < 0 else m.friend)
    for kind, count in enumerate(m.pool):
        word |= count << (L.POOL[0] + 2 * kind)
    for field, count in zip((L.SPEED, L.LUCK_TILES, L.SHORTCUT), m.tiles):
        word = _put(word, field, count)
    return word


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`."""
    words = list(maze_words(state.maze))
    game = _put(0, L.FACE, state.face)
    game = _put(game, L.TO_MOVE, state.to_move)
    game = _put(game, L.PHASE, PHASE_CODES[state.phase])
    game = _put(game, L.ROLL_FIELD, state.roll)
    game = _put(game, L.PLAYERS, state.players)
    game = _put(game, L.FRIENDS, state.friends)
    game = _put(game, L.DRAWS, sum(1 << s for s, f in enumerate(state.draws) if f))
    game = _put(game, L.REVEALS, sum(1 << s for s, f in enumerate(state.reveals) if f))
    game = _put(game, L.WINNER, state.winner + 1)
    words[L.GAME] = game
    for seat, m in enumerate(state.meerkats):
        words[L.PLAYER + seat] = player_word(m)
    words[L.TURN] = state.turn
    words[L.CAP] = state.turn_cap
    return np.array(words, dtype=np.uint64)


def from_kernel(words: np.ndarray, maze: Maze) -> State:
    """The reference State of a kernel array on `maze` (whose words the array holds)."""
    w = [int(x) for x in words]
    game = w[L.GAME]
    players = _get(game, L.PLAYERS)
    meerkats = []
    for seat in range(players):
        p = w[L.PLAYER + seat]
        cell, friend = _get(p, L.CELL), _get(p, L.FRIEND)
        meerkats.append(Meerkat(
            cell=NO_CELL if cell == L.NO_CELL else cell, met=_get(p, L.MET), seeking=bool(_get(p, L.SEEKING)),
            friend=-1 if friend == L.NO_FRIEND else friend,
            pool=tuple(p >> (L.POOL[0] + 2 * kind) & 3 for kind in range(L.KINDS)),
            tiles=(_get(p, L.SPEED), _get(p, L.LUCK_TILES), _get(p, L.SHORTCUT))))
    return State(
        maze=maze, friends=_get(game, L.FRIENDS), meerkats=tuple(meerkats), face=_get(game, L.FACE),
        to_move=_get(game, L.TO_MOVE), phase=PHASE_OF_CODE[_get(game, L.PHASE)], roll=_get(game, L.ROLL_FIELD),
        draws=tuple(bool(_get(game, L.DRAWS) >> s & 1) for s in range(players)),
        reveals=tuple(bool(_get(game, L.REVEALS) >> s & 1) for s in range(players)),
        turn=w[L.TURN], turn_cap=w[L.CAP], winner=_get(game, L.WINNER) - 1)
