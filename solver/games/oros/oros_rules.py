"""Oros tectonics (seed 004): the readable reference rules, the oracle for kernels/oros/oros_kernel.py.

Written to be read next to docs/rules/oros.md (rulings O-1..O-7 with the engine's choices). Only
the tectonics engine is played (O-7 first part): one action is a drift, a tectonic move, an
eruption or a volcano creation; followers, action slots and scoring are out of scope.

Move integers (shared with the kernel): bits 6-8 the kind.
  DRIFT_ROW / DRIFT_COL  bits 0-5 the row / column, bits 9-11 the distance, bit 12 the sense
                         (0 east or south, 1 west or north)
  TECTONIC               the group's cells c0 < c1 < c2: bits 0-5 c0, bits 9-15 c1 + 1, bits 16-22
                         c2 + 1 (0 when absent), bits 23-25 the direction (0 N, 1 NE, ... 7 NW)
  ERUPT                  bits 0-5 the cell, bits 9-11 the volcano's level, bits 12-23 the lava sent
                         N, E, S, W (three bits each)
  CREATE                 bits 0-5 the cell
"""

from __future__ import annotations

import operator
import random
from dataclasses import dataclass, field, replace
from itertools import product

from solver.errors import CalderaError, IllegalMove

SEA, MOUNTAIN = 0, 5
MAX_LEVEL = 4  # a land tile's highest level; lava and volcanoes top out here too
MIN_SIDE, MAX_SIDE = 3, 8
DEFAULT_WIDTH, DEFAULT_HEIGHT = 7, 5
DRIFT_ROW, DRIFT_COL, TECTONIC, ERUPT, CREATE = range(5)
KIND_NAMES = ("row drift", "column drift", "tectonic move", "eruption", "volcano creation")
N, NE, E, SE, S, SW, W, NW = range(8)
DIRECTION_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))  # (rows, columns)
ORTHOGONAL = (N, E, S, W)  # also the order in which an eruption's four streams flow (O-5)
CREATED_VOLCANO_LEVELS = 3  # O-5 volcano creation
MOVE_BITS = (13, 13, 26, 24, 9)  # per kind, the bits its fields use (layout in the docstring)


@dataclass(frozen=True)
class Abilities:
    """The ability levels in play, options of the position."""

    drift: int = 1  # O-3: a drift moves a line 1..drift cells (1..3)
    tectonic: int = 1  # O-4: 1 groups of 3; 2 also groups of 2; 3 also single tiles in 8 directions
    mountains: bool = False  # O-3: lines holding a mountain may drift
    mountain3: bool = False  # O-2: a level-3 tile counts as level 4 when forming mountains
    fill: bool = True  # O-5: lava first fills the volcano's own tile to level 4


@dataclass(frozen=True)
class State:
    """A tectonics position: the wrapping map, its volcanoes and hotspots, the abilities."""

    width: int
    height: int
    levels: tuple[int, ...]  # per cell: 0 sea, 1..4 land, 5 mountain
    volcanoes: tuple[tuple[int, ...], ...]  # per cell: volcano levels, sorted descending
    hotspots: frozenset[int]
    abilities: Abilities = field(default_factory=Abilities)
    actions: int = 0  # actions taken so far

    @property
    def cells(self) -> int:
        """The number of cells."""
        return self.width * self.height


# --- cells ---------------------------------------------------------------------------------------


def cell_at(width: int, height: int, row: int, col: int) -> int:
    """The index of the cell at row, col, wrapping on both axes (O-1)."""
    return (row % height) * width + col % width


def step(state: State, cell: int, direction: int) -> int:
    """The wrapped neighbour of `cell` in one of the eight directions."""
    dr, dc = STEPS[direction]
    return cell_at(state.width, state.height, cell // state.width + dr, cell % state.width + dc)


def cell_name(cell: int, width: int) -> str:
    """The name of a cell: column letter and 1-based row, e.g. d3 for row 2, column 3."""
    return f"{chr(ord('a') + cell % width)}{cell // width + 1}"


def is_land(level: int) -> bool:
    """Whether a cell level is a land tile (1..4; neither sea nor mountain)."""
    return 1 <= level <= MAX_LEVEL


# --- making positions ----------------------------------------------------------------------------


def check_state(state: State) -> State:
    """`state` itself when it is a well-formed position, else CalderaError saying what is wrong."""
    w, h = state.width, state.height
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise CalderaError(f"an Oros map is {MIN_SIDE} to {MAX_SIDE} cells each way, not {w} x {h}")
    if len(state.levels) != w * h or len(state.volcanoes) != w * h:
        raise CalderaError(f"a {w} x {h} map needs {w * h} cells")
    for cell, (level, stack) in enumerate(zip(state.levels, state.volcanoes)):
        name = cell_name(cell, w)
        if not SEA <= level <= MOUNTAIN:
            raise CalderaError(f"{name} has level {level}; levels are 0 (sea), 1-4 and 5 (mountain)")
        if stack and level == SEA:
            raise CalderaError(f"{name} is sea and sea never carries volcanoes")
        if any(not 1 <= v <= MAX_LEVEL for v in stack) or list(stack) != sorted(stack, reverse=True):
            raise CalderaError(f"{name}'s volcanoes {stack} must be levels 1-4, highest first")
    if any(not 0 <= cell < w * h for cell in state.hotspots):
        raise CalderaError("a hotspot lies outside the map")
    a = state.abilities
    if not (1 <= a.drift <= 3 and 1 <= a.tectonic <= 3):
        raise CalderaError(f"drift {a.drift} and tectonic {a.tectonic} must both be 1..3")
    return state


def new_map(
    width: int = DEFAULT_WIDTH,
    height: int = DEFAULT_HEIGHT,
    levels: tuple[int, ...] | None = None,
    volcanoes: dict[int, tuple[int, ...]] | None = None,
    hotspots: tuple[int, ...] = (),
    abilities: Abilities = Abilities(),
) -> State:
    """A checked position; by default an all-sea map. `volcanoes` maps cells to volcano levels."""
    levels = tuple(levels) if levels is not None else (SEA,) * (width * height)
    stacks = [()] * (width * height)
    for cell, stack in (volcanoes or {}).items():
        stacks[cell] = tuple(sorted(stack, reverse=True))
    return check_state(State(width, height, levels, tuple(stacks), frozenset(hotspots), abilities))


def random_state(rng: random.Random, width: int | None = None, height: int | None = None) -> State:
    """A random position for differential tests: many volcanoes, mountains and level-4 tiles."""
    width = width or rng.randint(MIN_SIDE, MAX_SIDE)
    height = height or rng.randint(MIN_SIDE, MAX_SIDE)
    # Weights for sea, 1, 2, 3, 4, mountain: level 4 and mountains over-represented so that
    # mountains form, tiles hit mountains and collisions overflow into volcanoes often.
    levels = tuple(rng.choices(range(6), weights=(4, 2, 2, 3, 4, 2))[0] for _ in range(width * height))
    volcanoes = {}
    for cell, level in enumerate(levels):
        if level != SEA and rng.random() < 0.35:
            volcanoes[cell] = tuple(rng.randint(1, MAX_LEVEL) for _ in range(rng.choice((1, 1, 2, 3))))
    hotspots = rng.sample(range(width * height), rng.randint(0, 3))
    abilities = Abilities(
        drift=rng.randint(1, 3),
        tectonic=rng.randint(1, 3),
        mountains=rng.random() < 0.5,
        mountain3=rng.random() < 0.3,
        fill=rng.random() < 0.7,
    )
    return new_map(width, height, levels, volcanoes, tuple(hotspots), abilities)


# --- move integers -------------------------------------------------------------------------------


def move_kind(move: int) -> int:
    """The kind of a move integer (DRIFT_ROW ... CREATE)."""
    return move >> 6 & 7


def encode_drift(kind: int, line: int, distance: int, sense: int) -> int:
    """A drift of row or column `line` by `distance` cells; sense 0 east / south, 1 west / north."""
    return line | kind << 6 | distance << 9 | sense << 12


def decode_drift(move: int) -> tuple[int, int, int, int]:
    """(kind, line, distance, sense) of a drift."""
    return move_kind(move), move & 63, move >> 9 & 7, move >> 12 & 1


def encode_tectonic(group: tuple[int, ...], direction: int) -> int:
    """A tectonic move of the cells `group` (1 to 3 cells) one cell towards `direction`."""
    cells = sorted(group)
    c1 = cells[1] + 1 if len(cells) > 1 else 0
    c2 = cells[2] + 1 if len(cells) > 2 else 0
    return cells[0] | TECTONIC << 6 | c1 << 9 | c2 << 16 | direction << 23


def decode_tectonic(move: int) -> tuple[tuple[int, ...], int]:
    """(group cells ascending, direction) of a tectonic move."""
    group = [move & 63] + [x - 1 for x in (move >> 9 & 127, move >> 16 & 127) if x]
    return tuple(group), move >> 23 & 7


def encode_erupt(cell: int, volcano: int, lava: tuple[int, int, int, int]) -> int:
    """An eruption of the level-`volcano` volcano on `cell`, sending lava (N, E, S, W)."""
    n, e, s, w = lava
    return cell | ERUPT << 6 | volcano << 9 | n << 12 | e << 15 | s << 18 | w << 21


def decode_erupt(move: int) -> tuple[int, int, tuple[int, int, int, int]]:
    """(cell, volcano level, lava sent N, E, S, W) of an eruption."""
    lava = tuple(move >> shift & 7 for shift in (12, 15, 18, 21))
    return move & 63, move >> 9 & 7, lava  # type: ignore[return-value]


def encode_create(cell: int) -> int:
    """A volcano creation (+3 volcano levels) on `cell`."""
    return cell | CREATE << 6


def decode_create(move: int) -> int:
    """The cell of a volcano creation."""
    return move & 63


def canonical(move: int) -> bool:
    """Whether the integer is exactly what encoding its decoded fields gives (no stray bits)."""
    kind = move_kind(move)
    if move < 0 or kind > CREATE or move >> MOVE_BITS[kind]:
        return False
    return kind != TECTONIC or not (move >> 16 & 127 and not move >> 9 & 127)  # c2 only with c1


# --- legal moves ---------------------------------------------------------------------------------


def line_cells(state: State, kind: int, line: int) -> list[int]:
    """The cells of a row (DRIFT_ROW) or column (DRIFT_COL), in increasing index."""
    if kind == DRIFT_ROW:
        return [line * state.width + c for c in range(state.width)]
    return [r * state.width + line for r in range(state.height)]


def groups(state: State) -> list[tuple[int, ...]]:
    """Every connected group of land cells whose size the tectonic ability allows (O-4), ascending."""
    smallest = 4 - state.abilities.tectonic  # tectonic 1: groups of 3; 2: also 2; 3: also 1
    frontier = {frozenset((c,)) for c in range(state.cells) if is_land(state.levels[c])}
    found: set[frozenset[int]] = set()
    for size in (1, 2, 3):
        if size >= smallest:
            found |= frontier
        if size < 3:
            frontier = {group | {other} for group in frontier for cell in group for d in ORTHOGONAL
                        if (other := step(state, cell, d)) not in group and is_land(state.levels[other])}
    return sorted(tuple(sorted(g)) for g in found)


def dormant(state: State, cell: int) -> bool:
    """Whether the volcanoes on `cell` are dormant: all four neighbours are mountains (O-5)."""
    return all(state.levels[step(state, cell, d)] == MOUNTAIN for d in ORTHOGONAL)


def lava_after_fill(state: State, cell: int, volcano: int) -> int:
    """The lava left to split after the level-`volcano` volcano on `cell` fills its own tile (O-5)."""
    level = state.levels[cell]
    if not state.abilities.fill or level == MOUNTAIN:
        return volcano
    return volcano - min(volcano, MAX_LEVEL - level)


def splits(lava: int) -> list[tuple[int, int, int, int]]:
    """Every way to send exactly `lava` units N, E, S, W."""
    return [split for split in product(range(lava + 1), repeat=4) if sum(split) == lava]


def legal_moves(state: State) -> list[int]:
    """Every legal action, ascending."""
    moves = []
    a = state.abilities
    for kind, lines, length in ((DRIFT_ROW, state.height, state.width), (DRIFT_COL, state.width, state.height)):
        for line in range(lines):
            levels = [state.levels[c] for c in line_cells(state, kind, line)]
            if all(level == SEA for level in levels) or (MOUNTAIN in levels and not a.mountains):
                continue
            for distance in range(1, min(a.drift, length - 1) + 1):
                moves += [encode_drift(kind, line, distance, sense) for sense in (0, 1)]
    for group in groups(state):
        directions = range(8) if len(group) == 1 else ORTHOGONAL
        moves += [encode_tectonic(group, d) for d in directions]
    for cell in range(state.cells):
        if state.volcanoes[cell] and not dormant(state, cell):
            for volcano in sorted(set(state.volcanoes[cell])):
                lava = lava_after_fill(state, cell, volcano)
                moves += [encode_erupt(cell, volcano, split) for split in splits(lava)]
        if state.levels[cell] != SEA:
            moves.append(encode_create(cell))
    return sorted(moves)


# --- playing moves -------------------------------------------------------------------------------


def fill_volcanoes(stack: tuple[int, ...], lava: int) -> tuple[int, ...]:
    """The volcanoes after `lava` levels fill them to 4 (highest below 4 first), then new ones of
    at most 4 each (O-2, O-5)."""
    levels = sorted(stack, reverse=True)
    for i, v in enumerate(levels):
        raise_by = min(lava, MAX_LEVEL - v)
        levels[i] += raise_by
        lava -= raise_by
    while lava > 0:
        levels.append(min(lava, MAX_LEVEL))
        lava -= levels[-1]
    return tuple(sorted(levels, reverse=True))


def collide(mover: int, mover_volcanoes: tuple[int, ...], level: int, volcanoes: tuple[int, ...],
            mountain3: bool) -> tuple[int, tuple[int, ...]]:
    """(level, volcanoes) when a tile of level `mover` lands on an occupied cell (O-2)."""
    carried = tuple(sorted(mover_volcanoes + volcanoes, reverse=True))
    if level == MOUNTAIN:  # the mountain gains a volcano of the tile's level
        return MOUNTAIN, tuple(sorted(carried + (mover,), reverse=True))
    big = 3 if mountain3 else MAX_LEVEL
    if mover >= big and level >= big and not carried:  # tiles carrying a volcano never make a mountain
        return MOUNTAIN, carried
    total = mover + level
    if total <= MAX_LEVEL:
        return total, carried
    return MAX_LEVEL, fill_volcanoes(carried, total - MAX_LEVEL)


def successor(state: State, move: int) -> State:
    """The position after the legal action `move` (not checked), hotspots refilled (O-6)."""
    levels, volcanoes = list(state.levels), list(state.volcanoes)
    kind = move_kind(move)
    if kind in (DRIFT_ROW, DRIFT_COL):
        _, line, distance, sense = decode_drift(move)
        cells = line_cells(state, kind, line)
        shift = distance if sense == 0 else -distance
        for i, cell in enumerate(cells):  # O-3: the whole line rotates, no collisions
            source = cells[(i - shift) % len(cells)]
            levels[cell], volcanoes[cell] = state.levels[source], state.volcanoes[source]
    elif kind == TECTONIC:
        group, direction = decode_tectonic(move)
        for cell in group:  # the group leaves first: a target inside the group is simply vacated
            levels[cell], volcanoes[cell] = SEA, ()
        for cell in group:
            target = step(state, cell, direction)
            if levels[target] == SEA:
                levels[target], volcanoes[target] = state.levels[cell], state.volcanoes[cell]
            else:
                levels[target], volcanoes[target] = collide(
                    state.levels[cell], state.volcanoes[cell], levels[target], volcanoes[target],
                    state.abilities.mountain3)
    elif kind == ERUPT:
        cell, volcano, lava = decode_erupt(move)
        if state.abilities.fill and is_land(levels[cell]):
            levels[cell] += volcano - lava_after_fill(state, cell, volcano)
        for direction, amount in zip(ORTHOGONAL, lava):
            target = step(state, cell, direction)
            while amount > 0 and target != cell and levels[target] != MOUNTAIN:
                raise_by = min(amount, MAX_LEVEL - levels[target])  # never past 4: no mountains
                levels[target] += raise_by
                amount -= raise_by
                target = step(state, target, direction)
        stack = list(volcanoes[cell])
        stack.remove(volcano)
        volcanoes[cell] = tuple(stack)
    else:
        cell = decode_create(move)
        volcanoes[cell] = fill_volcanoes(volcanoes[cell], CREATED_VOLCANO_LEVELS)
    for cell in state.hotspots:  # O-6
        if levels[cell] == SEA:
            levels[cell] = 1
    return replace(state, levels=tuple(levels), volcanoes=tuple(volcanoes), actions=state.actions + 1)


def illegal_reason(state: State, move: int) -> str | None:
    """Why `move` is not legal here, in words; None when it is legal."""
    try:
        move = operator.index(move)  # numpy integers from the kernel binding too
    except TypeError:
        return f"{move!r} is not an action's integer"
    if move < 0 or move_kind(move) > CREATE:
        return f"{move} is not an action's integer"
    if not canonical(move):
        return f"{move:#x} is not a well-formed {KIND_NAMES[move_kind(move)]} integer"
    kind = move_kind(move)
    if kind in (DRIFT_ROW, DRIFT_COL):
        return _drift_reason(state, move)
    if kind == TECTONIC:
        return _tectonic_reason(state, move)
    if kind == ERUPT:
        return _erupt_reason(state, move)
    cell = decode_create(move)
    if cell >= state.cells:
        return f"cell {cell} is not on a {state.width} x {state.height} map"
    if state.levels[cell] == SEA:
        return f"{cell_name(cell, state.width)} is sea: a volcano is created only on land or a mountain"
    return None


def _drift_reason(state: State, move: int) -> str | None:
    kind, line, distance, _ = decode_drift(move)
    if kind == DRIFT_ROW:
        word, lines, length, label = "row", state.height, state.width, f"row {line + 1}"
    else:
        word, lines, length = "column", state.width, state.height
        label = f"column {chr(ord('a') + line)}" if line < lines else f"column {line + 1}"
    if line >= lines:
        return f"{label} is not on a {state.width} x {state.height} map"
    if distance == 0:
        return "a drift moves its line at least 1 cell"
    if distance > state.abilities.drift:
        return f"drifting {distance} cells needs drift ability {distance} (it is {state.abilities.drift})"
    if distance >= length:
        return f"a {word} of {length} cells drifts at most {length - 1} cells"
    levels = [state.levels[c] for c in line_cells(state, kind, line)]
    if all(level == SEA for level in levels):
        return f"{label} holds no land to drift"
    if MOUNTAIN in levels and not state.abilities.mountains:
        return f"{label} holds a mountain and drifting it needs the mountain ability"
    return None


def _tectonic_reason(state: State, move: int) -> str | None:
    group, direction = decode_tectonic(move)
    if any(cell >= state.cells for cell in group):
        return f"the group reaches past the {state.width} x {state.height} map"
    names = ",".join(cell_name(c, state.width) for c in group)
    if len(set(group)) < len(group):
        return f"the group {names} names a cell twice"
    if list(group) != sorted(group):
        return f"the group {names} is not encoded in increasing cell order"
    for cell in group:
        if state.levels[cell] == SEA:
            return f"{cell_name(cell, state.width)} is sea: only land tiles move"
        if state.levels[cell] == MOUNTAIN:
            return f"{cell_name(cell, state.width)} is a mountain and a tectonic move never moves a mountain"
    needed = {3: 1, 2: 2, 1: 3}[len(group)]
    if state.abilities.tectonic < needed:
        return f"moving a group of {len(group)} needs tectonic ability {needed} (it is {state.abilities.tectonic})"
    if len(group) > 1 and direction not in ORTHOGONAL:
        return f"a group of {len(group)} moves only N, E, S or W, not {DIRECTION_NAMES[direction]}"
    if tuple(group) not in set(groups(state)):
        return f"the group {names} is not connected"
    return None


def _erupt_reason(state: State, move: int) -> str | None:
    cell, volcano, lava = decode_erupt(move)
    if cell >= state.cells:
        return f"cell {cell} is not on a {state.width} x {state.height} map"
    name = cell_name(cell, state.width)
    if volcano not in state.volcanoes[cell]:
        return f"{name} has no level-{volcano} volcano"
    if dormant(state, cell):
        return f"the volcanoes on {name} are dormant: all four neighbours are mountains"
    left = lava_after_fill(state, cell, volcano)
    sent = sum(lava)
    if sent != left:
        after = f" after filling {name}" if left != volcano else ""
        return f"the eruption sends {sent} lava but {left} is left to send{after}"
    return None


def apply(state: State, move: int) -> State:
    """The position after `move`; raises IllegalMove with the reason when it is not legal."""
    reason = illegal_reason(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    return successor(state, move)


def perft(state: State, depth: int) -> int:
    """The number of action sequences of exactly `depth` actions."""
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(successor(state, move), depth - 1) for move in moves)
