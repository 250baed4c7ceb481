"""Oros tectonics bitboard kernel: move generation and apply on one flat uint64 array.

Must agree move for move with the reference rules in solver/games/oros/oros_rules.py (rulings O-1..O-6,
the shared contract of issue 6); tests/oros/test_oros_differential.py checks that on thousands of
random action sequences. Move integers are the reference's (kind in bits 6-8, see its docstring).

The state layout (word indices, move kinds) is kernels/oros/oros_layout.py's; this module
defines the operations the searches call (kernels/dispatch.py), the planner's goal bound included.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, copy_words, hash_words, lowest_square, popcount
from kernels.no_chance import chance_outcomes, is_chance  # noqa: F401  (operations: no chance moves)
from kernels.oros.oros_goal_layout import (
    CLAUSE_WORDS,
    GOAL_HEADER,
    LAND_AT_LEAST,
    LEVEL_AT,
    MOUNTAIN_AT,
    MOUNTAINS_AT_LEAST,
)
from kernels.oros.oros_layout import *  # noqa: F403  (word indices, move kinds, sizes)

COUNT_SHIFT = np.uint64(COUNT_BITS)
COUNT_MASK = np.uint64((1 << COUNT_BITS) - 1)


def _size_tables():
    """Per size id ((W - 3) * 6 + H - 3): NEIGHBOUR[size, direction, cell] (wrapping, O-1) and the
    masks BOARD, FIRST_COL, LAST_COL, FIRST_ROW of the map."""
    n_sizes = SIZE_SPAN * SIZE_SPAN
    neighbour = np.zeros((n_sizes, 8, 64), dtype=np.int8)
    board = np.zeros(n_sizes, dtype=np.uint64)
    first_col = np.zeros(n_sizes, dtype=np.uint64)
    last_col = np.zeros(n_sizes, dtype=np.uint64)
    first_row = np.zeros(n_sizes, dtype=np.uint64)
    for width in range(MIN_SIZE, MAX_SIZE + 1):
        for height in range(MIN_SIZE, MAX_SIZE + 1):
            s = (width - MIN_SIZE) * SIZE_SPAN + height - MIN_SIZE
            for cell in range(width * height):
                r, c = divmod(cell, width)
                for d, (dr, dc) in enumerate(DIRECTION_STEPS):
                    neighbour[s, d, cell] = ((r + dr) % height) * width + (c + dc) % width
            board[s] = (1 << (width * height)) - 1
            first_col[s] = sum(1 << (r * width) for r in range(height))
            last_col[s] = sum(1 << (r * width + width - 1) for r in range(height))
            first_row[s] = (1 << width) - 1
    return neighbour, board, first_col, last_col, first_row


def _group_tables(neighbour):
    """Every orthogonally connected set of 3, 2 and 1 cells per size (O-4): GROUP_MASK[size, i],
    GROUP_MOVE[size, i] (the tectonic move integer without its direction) and GROUP_END[size, g]
    (groups of 3 are 0 .. END[3], of 2 END[3] .. END[2], singles END[2] .. END[1])."""
    n_sizes = SIZE_SPAN * SIZE_SPAN
    most = 6 * 64 + 2 * 64 + 64
    masks = np.zeros((n_sizes, most), dtype=np.uint64)
    moves = np.zeros((n_sizes, most), dtype=np.int64)
    ends = np.zeros((n_sizes, 4), dtype=np.int64)
    for width in range(MIN_SIZE, MAX_SIZE + 1):
        for height in range(MIN_SIZE, MAX_SIZE + 1):
            s = (width - MIN_SIZE) * SIZE_SPAN + height - MIN_SIZE
            cells = width * height
            by_size = {1: {frozenset([c]) for c in range(cells)}}
            for g in (2, 3):
                by_size[g] = {group | {int(neighbour[s, d, c])}
                              for group in by_size[g - 1] for c in group for d in (0, 2, 4, 6)
                              if int(neighbour[s, d, c]) not in group}
            i = 0
            for g in (3, 2, 1):
                for group in sorted(sorted(group) for group in by_size[g]):
                    padded = group + [-1] * (3 - g)
                    masks[s, i] = sum(1 << c for c in group)
                    moves[s, i] = (TECTONIC_MOVE << 6 | padded[0] | (padded[1] + 1) << 9
                                   | (padded[2] + 1) << 16)
                    i += 1
                ends[s, g] = i
    return masks, moves, ends


def _split_table():
    """SPLITS[r, i]: the i-th way to send r lava N, E, S, W (four 3-bit amounts, N lowest, O-5);
    SPLIT_COUNT[r] of them."""
    splits = np.zeros((5, 35), dtype=np.int64)
    count = np.zeros(5, dtype=np.int64)
    for n in range(5):
        for e in range(5 - n):
            for s in range(5 - n - e):
                for w in range(5 - n - e - s):
                    r = n + e + s + w
                    splits[r, count[r]] = n | e << 3 | s << 6 | w << 9
                    count[r] += 1
    return splits, count


NEIGHBOUR, BOARD, FIRST_COL, LAST_COL, FIRST_ROW = _size_tables()
GROUP_MASK, GROUP_MOVE, GROUP_END = _group_tables(NEIGHBOUR)
SPLITS, SPLIT_COUNT = _split_table()


@njit(cache=True, inline="always")
def size_id(state):
    """Row of the size tables for this map."""
    return (np.int64(state[WIDTH]) - MIN_SIZE) * SIZE_SPAN + (np.int64(state[HEIGHT]) - MIN_SIZE)


@njit(cache=True, inline="always")
def land_mask(state):
    """Cells holding a land tile of level 1..4."""
    return state[LEVEL] | state[LEVEL + 1] | state[LEVEL + 2] | state[LEVEL + 3]


@njit(cache=True)
def cell_level(state, cell):
    """0 sea, 1..4 land tile of that level, 5 mountain."""
    mask = bit(cell)
    for k in range(4):
        if state[LEVEL + k] & mask:
            return np.int64(k + 1)
    if state[MOUNTAIN] & mask:
        return np.int64(MOUNTAIN_LEVEL)
    return np.int64(SEA)


@njit(cache=True)
def set_level(state, cell, level):
    """Make `cell` sea (0), a land tile (1..4) or a mountain (5)."""
    mask = bit(cell)
    for k in range(4):
        state[LEVEL + k] &= ~mask
    state[MOUNTAIN] &= ~mask
    if level == MOUNTAIN_LEVEL:
        state[MOUNTAIN] |= mask
    elif level > 0:
        state[LEVEL + level - 1] |= mask


@njit(cache=True)
def mountain_count(state):
    """Number of mountains on the map."""
    return popcount(state[MOUNTAIN])


@njit(cache=True)
def land_total(state):
    """Sum of the land levels, a mountain counting 5."""
    total = MOUNTAIN_LEVEL * popcount(state[MOUNTAIN])
    for k in range(4):
        total += (k + 1) * popcount(state[LEVEL + k])
    return total


@njit(cache=True, inline="always")
def volcano_count(word, level):
    """Number of volcanoes of `level` (1..4) in a cell's volcano word."""
    return np.int64((word >> (COUNT_SHIFT * np.uint64(level - 1))) & COUNT_MASK)


@njit(cache=True, inline="always")
def volcano_unit(level):
    """The amount one volcano of `level` adds to a cell's volcano word."""
    return ONE << (COUNT_SHIFT * np.uint64(level - 1))


@njit(cache=True)
def volcano_total(state, cell):
    """Sum of the levels of the volcanoes on `cell`."""
    word = state[VOLCANOES + cell]
    return (volcano_count(word, 1) + 2 * volcano_count(word, 2) + 3 * volcano_count(word, 3)
            + 4 * volcano_count(word, 4))


@njit(cache=True)
def add_lava(word, lava):
    """A volcano word after `lava` more levels: existing volcanoes filled to 4 first (the highest
    below 4 first, one at a time), then new volcanoes of 4 and a last one of the rest (O-2, O-5)."""
    for level in range(3, 0, -1):
        while lava > 0 and volcano_count(word, level) > 0:
            raised = min(lava, 4 - level)
            word = word - volcano_unit(level) + volcano_unit(level + raised)
            lava -= raised
    while lava >= 4:
        word += volcano_unit(4)
        lava -= 4
    if lava > 0:
        word += volcano_unit(lava)
    return word


@njit(cache=True)
def shift_mask(x, direction, size, width, height):
    """The cells of `x` moved one cell in `direction`, wrapping on both axes (O-1)."""
    row_shift = np.uint64(width)
    wrap_shift = np.uint64(width * (height - 1))
    if direction == 0 or direction == 1 or direction == 7:  # north: row - 1
        x = (x >> row_shift) | ((x & FIRST_ROW[size]) << wrap_shift)
    elif direction == 3 or direction == 4 or direction == 5:  # south: row + 1
        x = ((x << row_shift) & BOARD[size]) | (x >> wrap_shift)
    col_shift = np.uint64(width - 1)
    if direction == 1 or direction == 2 or direction == 3:  # east: col + 1
        x = ((x & ~LAST_COL[size]) << ONE) | ((x & LAST_COL[size]) >> col_shift)
    elif direction == 5 or direction == 6 or direction == 7:  # west: col - 1
        x = ((x & ~FIRST_COL[size]) >> ONE) | ((x & FIRST_COL[size]) << col_shift)
    return x


@njit(cache=True, inline="always")
def line_mask(state, kind, line):
    """The cells of row or column `line`."""
    width = np.int64(state[WIDTH])
    if kind == DRIFT_ROW:
        return FIRST_ROW[size_id(state)] << np.uint64(line * width)
    return FIRST_COL[size_id(state)] << np.uint64(line)


@njit(cache=True, nogil=True)
def legal_moves(state, out):
    """Write every legal action into `out` (drifts, tectonic moves, eruptions, creations; no
    duplicates, in this fixed order); return their number."""
    n = 0
    width = np.int64(state[WIDTH])
    height = np.int64(state[HEIGHT])
    size = size_id(state)
    land = land_mask(state)
    mountains = state[MOUNTAIN]
    solid = land | mountains
    drift = np.int64(state[DRIFT])
    # O-3: a drift moves a line holding land, and a line with a mountain only with the ability.
    for kind in range(2):
        lines = height if kind == DRIFT_ROW else width
        length = width if kind == DRIFT_ROW else height
        for line in range(lines):
            cells = line_mask(state, kind, line)
            if cells & solid == ZERO or (cells & mountains != ZERO and state[MOUNTAINS] == ZERO):
                continue
            for distance in range(1, min(drift, length - 1) + 1):
                for sense in range(2):
                    out[n] = line | kind << 6 | distance << 9 | sense << 12
                    n += 1
    # O-4: groups of 3 (and 2, 1 with the ability) wholly on land tiles.
    last = GROUP_END[size, 4 - min(np.int64(state[TECTONIC]), 3)]
    for i in range(last):
        if GROUP_MASK[size, i] & ~land != ZERO:
            continue
        step = 1 if i >= GROUP_END[size, 2] else 2  # singles in 8 directions, others orthogonally
        for direction in range(0, 8, step):
            out[n] = GROUP_MOVE[size, i] | direction << 23
            n += 1
    # O-5: one eruption per distinct volcano level and lava split; dormant volcanoes (four mountain
    # neighbours) have none.
    fill = state[FILL] != ZERO
    bits = solid
    while bits:
        cell = lowest_square(bits)
        bits &= bits - ONE
        word = state[VOLCANOES + cell]
        if word == ZERO:
            continue
        dormant = True
        for direction in range(0, 8, 2):
            if mountains & bit(NEIGHBOUR[size, direction, cell]) == ZERO:
                dormant = False
        if dormant:
            continue
        level = cell_level(state, cell)
        for v in range(1, 5):
            if volcano_count(word, v) == 0:
                continue
            rest = v
            if fill and level != MOUNTAIN_LEVEL:
                rest -= min(v, 4 - level)
            for i in range(SPLIT_COUNT[rest]):
                out[n] = cell | ERUPT << 6 | v << 9 | SPLITS[rest, i] << 12
                n += 1
    bits = solid
    while bits:
        cell = lowest_square(bits)
        bits &= bits - ONE
        out[n] = cell | CREATE << 6
        n += 1
    return n


@njit(cache=True)
def rotate_line(out, kind, line, distance, sense):
    """Rotate row or column `line` cyclically by `distance` (O-3): layers by masks, volcano
    words by three reversals (no scratch array)."""
    width = np.int64(out[WIDTH])
    height = np.int64(out[HEIGHT])
    length = width if kind == DRIFT_ROW else height
    forward = distance if sense == 0 else length - distance  # towards higher index
    cells = line_mask(out, kind, line)
    step = 1 if kind == DRIFT_ROW else width
    start = line * width if kind == DRIFT_ROW else line
    up = np.uint64(forward * step)
    down = np.uint64((length - forward) * step)
    for w in range(LEVEL, MOUNTAIN + 1):
        m = out[w] & cells
        out[w] = (out[w] & ~cells) | (((m << up) | (m >> down)) & cells)
    any_volcano = ZERO
    for i in range(length):
        any_volcano |= out[VOLCANOES + start + i * step]
    if any_volcano == ZERO:
        return
    # Right rotation by `forward`: reverse all, then the first `forward`, then the rest.
    for lo, hi in ((0, length - 1), (0, forward - 1), (forward, length - 1)):
        while lo < hi:
            a = VOLCANOES + start + lo * step
            b = VOLCANOES + start + hi * step
            out[a], out[b] = out[b], out[a]
            lo += 1
            hi -= 1


@njit(cache=True)
def collide(out, target, level, word):
    """A moving tile of `level` (1..4) carrying volcano `word` lands on the occupied `target` (O-2)."""
    other = cell_level(out, target)
    volcanoes = out[VOLCANOES + target] + word
    if other == MOUNTAIN_LEVEL:
        out[VOLCANOES + target] = volcanoes + volcano_unit(level)
        return
    low = 3 if out[MOUNTAIN3] != ZERO else 4
    if level >= low and other >= low and volcanoes == ZERO:  # a volcano on either: no mountain (O-2)
        set_level(out, target, np.int64(MOUNTAIN_LEVEL))  # int64, not a literal: one compile of set_level
        out[VOLCANOES + target] = volcanoes
        return
    total = level + other
    if total <= 4:
        set_level(out, target, total)
        out[VOLCANOES + target] = volcanoes
        return
    set_level(out, target, np.int64(4))
    out[VOLCANOES + target] = add_lava(volcanoes, total - 4)


@njit(cache=True, inline="always")
def arrive(out, target, level, word, collisions):
    """A moved tile's volcanoes reach `target` (its level is already there, moved as a mask), or
    the tile collides there (O-2)."""
    target = np.int64(target)
    if collisions & bit(target):
        collide(out, target, level, word)
    else:
        out[VOLCANOES + target] = word


@njit(cache=True)
def tectonic(out, move):
    """Move the group of `move` one cell (O-4): the tiles whose target is sea or a vacated group
    cell move as masks; each of the others collides (O-2)."""
    width = np.int64(out[WIDTH])
    height = np.int64(out[HEIGHT])
    size = size_id(out)
    direction = (move >> 23) & 7
    c0, c1, c2 = move & 63, ((move >> 9) & 127) - 1, ((move >> 16) & 127) - 1  # -1: absent
    group = bit(c0)
    if c1 >= 0:
        group |= bit(c1)
    if c2 >= 0:
        group |= bit(c2)
    target = shift_mask(group, direction, size, width, height)
    collisions = target & (land_mask(out) | out[MOUNTAIN]) & ~group
    back = (direction + 4) & 7
    movers = group & ~shift_mask(collisions, back, size, width, height)
    # Every tile is read before any is written: a target may be another tile's source.
    l0, w0 = cell_level(out, c0), out[VOLCANOES + c0]
    l1, w1 = (cell_level(out, c1), out[VOLCANOES + c1]) if c1 >= 0 else (np.int64(0), ZERO)
    l2, w2 = (cell_level(out, c2), out[VOLCANOES + c2]) if c2 >= 0 else (np.int64(0), ZERO)
    bits = group
    while bits:
        out[VOLCANOES + lowest_square(bits)] = ZERO
        bits &= bits - ONE
    for k in range(4):
        layer = out[LEVEL + k]
        out[LEVEL + k] = (layer & ~group) | shift_mask(layer & movers, direction, size, width, height)
    arrive(out, NEIGHBOUR[size, direction, c0], l0, w0, collisions)
    if c1 >= 0:
        arrive(out, NEIGHBOUR[size, direction, c1], l1, w1, collisions)
    if c2 >= 0:
        arrive(out, NEIGHBOUR[size, direction, c2], l2, w2, collisions)


@njit(cache=True)
def erupt(out, move):
    """Erupt the volcano of `move` (O-5): fill its tile (with the fill ability), then the lava of
    each direction N, E, S, W in turn flows straight on; the volcano is removed."""
    size = size_id(out)
    cell = move & 63
    v = (move >> 9) & 7
    level = cell_level(out, cell)
    if out[FILL] != ZERO and level != MOUNTAIN_LEVEL:
        set_level(out, cell, min(4, level + v))
    for i in range(4):
        lava = (move >> (12 + 3 * i)) & 7
        current = cell
        while lava > 0:
            current = np.int64(NEIGHBOUR[size, 2 * i, current])
            if current == cell:
                break
            here = cell_level(out, current)
            if here == MOUNTAIN_LEVEL:
                break
            raised = min(lava, 4 - here)
            if raised > 0:
                set_level(out, current, here + raised)
                lava -= raised
    out[VOLCANOES + cell] -= volcano_unit(v)


@njit(cache=True, nogil=True)
def apply(state, move, out):
    """Write the state after the legal action `move` into `out`, with the hotspot refill and the
    action count (O-6)."""
    copy_words(state, out)
    kind = (move >> 6) & 7
    if kind == DRIFT_ROW or kind == DRIFT_COL:
        rotate_line(out, kind, move & 63, (move >> 9) & 7, (move >> 12) & 1)
    elif kind == TECTONIC_MOVE:
        tectonic(out, move)
    elif kind == ERUPT:
        erupt(out, move)
    else:
        cell = move & 63
        out[VOLCANOES + cell] = add_lava(out[VOLCANOES + cell], np.int64(CREATE_LEVELS))
    empty = out[HOTSPOT] & ~(land_mask(out) | out[MOUNTAIN])
    out[LEVEL] |= empty
    out[ACTIONS] += ONE


@njit(cache=True)
def position_hash(state):
    """The planner's key of a position: the map and the abilities, not the count of actions taken
    (the same position, however reached, is one table entry)."""
    return hash_words(state, ACTIONS)


# ------------------------------------------------------------------------------ the planner's bound
# A lower bound on the actions still needed to reach a goal (docs/oros_puzzles.md), read from the
# goal array of solver/games/oros/oros_goals.py's `encode_goal` (kernels/oros/oros_goal_layout.py).


@njit(cache=True, inline="always")
def _ceil_div(a, b):
    return (a + b - 1) // b


@njit(cache=True)
def high_tiles(state, cells, big):
    """The number of land tiles of level `big` (4, or 3 with mountain3) or more."""
    count = np.int64(0)
    for cell in range(cells):
        level = cell_level(state, cell)
        if big <= level < MOUNTAIN_LEVEL:
            count += 1
    return count


@njit(cache=True)
def goal_bound(state, goal):
    """A lower bound on the actions needed to reach the goal from `state`; 0 exactly when the
    goal is met. Each clause gives one bound, the goal the largest (docs/oros_puzzles.md):
    levelL@cell: 0 when met, else 1;
    mountains>=N with m mountains: no action removes a mountain and only a tectonic move makes
    them, at most one per moving tile (3), and each from two tiles of level 4 (3 with
    mountain3): with h such tiles the next action makes at most k = min(3, h // 2), so
    1 + ceil((N - m - k) / 3) (at least ceil((N - m) / 3));
    mountain@cell: 1, or 2 when the next action can neither form a mountain (fewer than two such
    tiles) nor drift one there (no mountain, or no mountain ability);
    land>=N with total t: ceil((N - t) / (4 + hotspots)): only lava (at most 4 levels) and
    hotspot refills (one level each) add land.
    The per-action steps come in the goal array (oros_goals.encode_goal)."""
    cells, big, drifts = goal[1], goal[2], goal[3]
    high = np.int64(-1)  # counted only when a clause needs it
    bound = np.int64(0)
    for i in range(goal[0]):
        at = GOAL_HEADER + CLAUSE_WORDS * i
        kind, a, b = goal[at], goal[at + 1], goal[at + 2]
        need = np.int64(0)
        if kind == MOUNTAIN_AT:
            if cell_level(state, a) != MOUNTAIN_LEVEL:
                need = 1
                if drifts == 0 or mountain_count(state) == 0:
                    if high < 0:
                        high = high_tiles(state, cells, big)
                    if high < 2:
                        need = 2
        elif kind == LEVEL_AT:
            if cell_level(state, a) != b:
                need = 1
        elif kind == MOUNTAINS_AT_LEAST:
            have = mountain_count(state)
            if have < a:
                if high < 0:
                    high = high_tiles(state, cells, big)
                # The next action makes at most `first` mountains: each takes two high tiles.
                first = min(b, high // 2)
                need = 1 + _ceil_div(max(a - have - first, 0), b)
        elif kind == LAND_AT_LEAST:
            have = land_total(state)
            if have < a:
                need = _ceil_div(a - have, b)
        if need > bound:
            bound = need
    return bound
