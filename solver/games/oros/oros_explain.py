"""Oros actions in words: what an action does and what it changed, for hints, plans and
`caldera moves oros`. Imports no numba."""

from __future__ import annotations

from solver.games.oros import oros_rules as oros
from solver.games.oros.oros_notation import format_move

DISTANCE_WORDS = {1: "one cell", 2: "two cells", 3: "three cells"}
DIRECTION_WORDS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
LEVEL_WORDS = {oros.SEA: "sea", 1: "level 1", 2: "level 2", 3: "level 3", 4: "level 4", oros.MOUNTAIN: "a mountain"}


def changed_cells(before: oros.State, after: oros.State) -> tuple[int, ...]:
    """The cells whose level or volcanoes differ between two positions of one map."""
    return tuple(c for c in range(before.cells)
                 if (before.levels[c], before.volcanoes[c]) != (after.levels[c], after.volcanoes[c]))


def action_in_words(state: oros.State, move: int) -> str:
    """What the action does, e.g. "move the group b2, c2, d2 one cell south"."""
    name = lambda cell: oros.cell_name(cell, state.width)  # noqa: E731
    kind = oros.move_kind(move)
    if kind in (oros.DRIFT_ROW, oros.DRIFT_COL):
        _, line, distance, sense = oros.decode_drift(move)
        if kind == oros.DRIFT_ROW:
            return f"drift row {line + 1} {DISTANCE_WORDS[distance]} {('east', 'west')[sense]}"
        return f"drift column {chr(ord('a') + line)} {DISTANCE_WORDS[distance]} {('south', 'north')[sense]}"
    if kind == oros.TECTONIC:
        group, direction = oros.decode_tectonic(move)
        what = f"the tile {name(group[0])}" if len(group) == 1 else "the group " + ", ".join(map(name, group))
        return f"move {what} one cell {DIRECTION_WORDS[direction]}"
    if kind == oros.ERUPT:
        cell, volcano, lava = oros.decode_erupt(move)
        sent = [f"{amount} {DIRECTION_WORDS[d]}" for d, amount in zip(oros.ORTHOGONAL, lava) if amount]
        flow = f", sending lava {', '.join(sent)}" if sent else ""
        return f"erupt the level-{volcano} volcano on {name(cell)}{flow}"
    return f"create volcano levels on {name(oros.decode_create(move))} (+{oros.CREATED_VOLCANO_LEVELS})"


def _volcano_text(stack: tuple[int, ...]) -> str:
    return f"volcano{'es' if len(stack) > 1 else ''} {' '.join(map(str, stack))}"


def _collision_words(after: oros.State, target: int) -> str:
    """What a collision left on `target` (O-2)."""
    level, stack = after.levels[target], after.volcanoes[target]
    what = LEVEL_WORDS[level] if level == oros.MOUNTAIN else f"a {LEVEL_WORDS[level]} tile"
    return what + (f" with {_volcano_text(stack)}" if stack else "")


def effects_in_words(before: oros.State, after: oros.State, move: int) -> str:
    """What the action did besides moving tiles, e.g. "d2 hits d3: a mountain" or "e3 rises
    to level 1"; "" when nothing (a drift only carries its line along)."""
    name = lambda cell: oros.cell_name(cell, before.width)  # noqa: E731
    kind = oros.move_kind(move)
    changes = []
    if kind == oros.TECTONIC:
        group, direction = oros.decode_tectonic(move)
        targets = {oros.step(before, cell, direction): cell for cell in group}
        for target, cell in targets.items():
            if target not in group and before.levels[target] != oros.SEA:
                changes.append(f"{name(cell)} hits {name(target)}: {_collision_words(after, target)}")
        changes += [f"hotspot {name(cell)} gets a new level-1 tile" for cell in group
                    if cell in before.hotspots and cell not in targets]
    elif kind == oros.ERUPT:
        changes += [f"{name(cell)} rises to {LEVEL_WORDS[after.levels[cell]]}" for cell in range(before.cells)
                    if after.levels[cell] > before.levels[cell]]
    elif kind == oros.CREATE:
        cell = oros.decode_create(move)
        changes.append(f"{name(cell)} now carries {_volcano_text(after.volcanoes[cell])}")
    return "; ".join(changes)


def step_in_words(state: oros.State, move: int) -> str:
    """One action and its effect in a sentence."""
    after = oros.successor(state, move)
    effects = effects_in_words(state, after, move)
    text = action_in_words(state, move)
    return f"{text[0].upper()}{text[1:]}" + (f": {effects}." if effects else ".")


def describe_moves(state: oros.State) -> list[str]:
    """The legal actions grouped by kind: a count, then the tokens."""
    by_kind: dict[int, list[str]] = {}
    for move in oros.legal_moves(state):
        by_kind.setdefault(oros.move_kind(move), []).append(format_move(state, move))
    lines = [f"{sum(map(len, by_kind.values()))} legal actions"]
    for kind, tokens in sorted(by_kind.items()):
        lines.append(f"{oros.KIND_NAMES[kind]}s ({len(tokens)}): {' '.join(tokens)}")
    return lines


def explain_move(state: oros.State, move: int, score=None) -> str:
    """One action and its effect in a sentence (the record's `explain`; a plan has no score)."""
    return step_in_words(state, move)


def touched_cells(state: oros.State, move: int) -> tuple[int, ...]:
    """The cells an action changes (highlighted by `show --after`)."""
    return changed_cells(state, oros.successor(state, move))


def strokes(state: oros.State, move: int) -> tuple[tuple[int, ...], ...]:
    """How a picture draws an action (the record's `strokes`): a drift as one arrow along its line,
    a tectonic move as an arrow from each cell of the group to where it goes, an eruption as an
    arrow along each stream of lava to the last cell it raised, a creation as a ring on its cell.
    A step across the wrapping edge is a ring on each cell instead (a straight arrow would point
    back across the map)."""
    kind = oros.move_kind(move)
    if kind in (oros.DRIFT_ROW, oros.DRIFT_COL):
        _, line, _, sense = oros.decode_drift(move)
        cells = oros.line_cells(state, kind, line)
        return (tuple(cells[::-1] if sense else cells),)
    if kind == oros.TECTONIC:
        group, direction = oros.decode_tectonic(move)
        return tuple(mark for cell in group for mark in _step_marks(state, [cell, oros.step(state, cell, direction)],
                                                                   direction))
    if kind == oros.ERUPT:
        cell, _, lava = oros.decode_erupt(move)
        raised = set(changed_cells(state, oros.successor(state, move))) - {cell}
        marks = []
        for direction, amount in zip(oros.ORTHOGONAL, lava):
            stream = [cell]
            while amount and oros.step(state, stream[-1], direction) in raised - set(stream):
                stream.append(oros.step(state, stream[-1], direction))
            marks += _step_marks(state, stream, direction) if len(stream) > 1 else []
        return tuple(marks) or ((cell,),)
    return ((oros.decode_create(move),),)


def _step_marks(state: oros.State, cells: list[int], direction: int) -> list[tuple[int, ...]]:
    """Cells stepped through one by one in `direction`: one arrow from the first to the last, or
    a ring on each where a step wraps round the map's edge."""
    dr, dc = oros.STEPS[direction]
    straight = all(b // state.width - a // state.width == dr and b % state.width - a % state.width == dc
                   for a, b in zip(cells, cells[1:]))
    return [(cells[0], cells[-1])] if straight else [(cell,) for cell in cells]
