"""What happens in the full Oros game whoever acts, a player or an AI card: the map moving under
followers and sanctuaries, wisdom and hats, the horizon, the pyramid, building a sanctuary."""

from __future__ import annotations

from dataclasses import replace

from solver.games.oros import oros_rules
from kernels.oros.oros_game_data import COLUMNS, HORIZON_COLUMNS, KINDS, LEVELS, design
from solver.games.oros.oros_full_state import (
    HOME,
    SANCTUM,
    Place,
    Sanctuary,
    State,
    ability,
    empty_slots,
    hat,
    next_kind,
    sanctum_free,
    unlocked,
    waiting,
)
from solver.games.oros.oros_rules import Abilities, SEA

# --- followers -----------------------------------------------------------------------------------


def move_follower(state: State, who: int, origin: Place, destination: Place) -> State:
    """Seat `who`'s follower at `origin` moved to `destination`."""
    places = list(state.followers[who])
    places.remove(origin)
    places.append(destination)
    followers = list(state.followers)
    followers[who] = tuple(sorted(places))
    return replace(state, followers=tuple(followers))


def add_follower(state: State, who: int, place: Place) -> State:
    """Seat `who` with one more follower, at `place` (a horizon recruit)."""
    followers, recruits = list(state.followers), list(state.recruits)
    followers[who] = tuple(sorted(followers[who] + (place,)))
    recruits[who] += 1
    return replace(state, followers=tuple(followers), recruits=tuple(recruits))


# --- the map -------------------------------------------------------------------------------------


def abilities(state: State, who: int) -> Abilities:
    """The tectonics abilities (oros_rules.Abilities) that seat `who`'s hats unlock."""
    return Abilities(
        drift=ability(state, who, "drift", "distance"),
        tectonic=ability(state, who, "tectonic", "group_ability"),
        mountains=unlocked(state, who, "drift", "mountains_from"),
        mountain3=unlocked(state, who, "tectonic", "mountain3_from"),
        fill=not unlocked(state, who, "volcano", "no_fill_from"),
    )


def player_map(state: State, who: int) -> oros_rules.State:
    """The map with seat `who`'s abilities, ready for oros_rules.legal_moves / successor."""
    return replace(state.map, abilities=abilities(state, who))


def cells_moved(board: oros_rules.State, move: int) -> dict[int, int]:
    """Where the tectonics move `move` carries each moving tile: {from cell: to cell}."""
    kind = oros_rules.move_kind(move)
    if kind in (oros_rules.DRIFT_ROW, oros_rules.DRIFT_COL):
        _, line, distance, sense = oros_rules.decode_drift(move)
        cells = oros_rules.line_cells(board, kind, line)
        shift = distance if sense == 0 else -distance
        return {cell: cells[(i + shift) % len(cells)] for i, cell in enumerate(cells)}
    if kind == oros_rules.TECTONIC:
        group, direction = oros_rules.decode_tectonic(move)
        return {cell: oros_rules.step(board, cell, direction) for cell in group}
    return {}  # eruptions and volcano creations move no tile


def _carried(place: Place, moved: dict[int, int]) -> Place:
    if place[0] == "tile":
        return ("tile", moved.get(place[1], place[1]))
    if place[0] == "seat":
        return ("seat", moved.get(place[1], place[1]), place[2])
    return place


def play_map_move(state: State, who: int, move: int) -> State:
    """The tectonics move `move` played with seat `who`'s abilities (oros_rules, O-1..O-6);
    followers and sanctuaries ride on their tiles, so colliding tiles' followers end together (O-2)."""
    moved = cells_moved(state.map, move)
    board = oros_rules.successor(player_map(state, who), move)
    board = replace(board, abilities=Abilities(), actions=0)
    followers = tuple(tuple(sorted(_carried(p, moved) for p in places)) for places in state.followers)
    sanctuaries = tuple(sorted(s._replace(cell=moved.get(s.cell, s.cell)) for s in state.sanctuaries))
    return replace(state, map=board, followers=followers, sanctuaries=sanctuaries)


# --- wisdom, hats and the horizon ----------------------------------------------------------------


def raise_hat(state: State, who: int, column: str) -> State:
    """Seat `who`'s hat of `column` up one level (O-10); crossing the horizon brings a follower."""
    level = hat(state, who, column)
    if level == LEVELS:
        return state
    hats = list(state.hats)
    row = list(hats[who])
    row[COLUMNS.index(column)] = level + 1
    hats[who] = tuple(row)
    state = replace(state, hats=tuple(hats))
    if column in HORIZON_COLUMNS and level + 1 == design().horizon_level:
        state = _recruit(state, who)
    return state


def _recruit(state: State, who: int) -> State:
    # The seed: the new follower studies in the sanctum, else goes to an empty slot of its owner's
    # choice (it waits at home for the owner's Put); an AI's waits at home.
    if sanctum_free(state, who):
        return add_follower(state, who, SANCTUM)
    if state.ai[who] or len(empty_slots(state, who)) > waiting(state, who):
        return add_follower(state, who, HOME)
    return state


def hat_room(state: State, who: int) -> int:
    """How many more levels seat `who`'s hats can still rise."""
    return sum(LEVELS - level for level in state.hats[who])


def gain_wisdom(state: State, who: int, points: int) -> State:
    """Seat `who` gains `points` wisdom: a player spends it on hats of their choice in the next
    plies; an AI raises the columns on the back of its discard's top card (O-14)."""
    if not state.ai[who]:
        wisdom = list(state.wisdom)
        wisdom[who] = min(wisdom[who] + points, hat_room(state, who))
        return replace(state, wisdom=tuple(wisdom))
    deck = state.decks[who]
    for i in range(points):
        if deck.top >= 0:  # 1 point: the back's first column, 2: the first two, 3: all three
            back = design().decks[state.personality][deck.top].back
            column = back[i % len(back)]
        else:  # wisdom before its first draw: the lowest hat, first in column order
            column = min(COLUMNS, key=lambda c: hat(state, who, c))
        state = raise_hat(state, who, column)
    return state


# --- the pyramid ---------------------------------------------------------------------------------


def demigod_target(pyramid: tuple[int, ...], who: int, steps: int) -> int:
    """The space seat `who`'s demigod reaches moving `steps` up: occupied spaces are skipped
    forward, but an occupied top sends it back down to the nearest free space (O-11, the seed)."""
    top = design().top
    here = pyramid[who]
    if steps == 0:
        return here
    taken = {space for i, space in enumerate(pyramid) if i != who and space > 0}  # 0 is shared
    target = min(here + steps, top)
    while target in taken and target < top:
        target += 1
    while target in taken:  # only the top can be taken here; its own space is always free
        target -= 1
    return target


def advance_demigod(state: State, who: int, steps: int) -> State:
    """Seat `who`'s demigod `steps` up the pyramid; a red space it stops on fires once (O-11)."""
    target = demigod_target(state.pyramid, who, steps)
    pyramid = list(state.pyramid)
    pyramid[who] = target
    state = replace(state, pyramid=tuple(pyramid))
    if target in design().red and target not in state.fired:
        volcanoes = list(state.map.volcanoes)
        for cell in state.map.hotspots:
            if state.map.levels[cell] != SEA:  # sea never carries a volcano (O-1)
                volcanoes[cell] = oros_rules.fill_volcanoes(volcanoes[cell], design().red_volcano_levels)
        state = replace(state, map=replace(state.map, volcanoes=tuple(volcanoes)),
                        fired=state.fired | {target})
    return state


# --- sanctuaries ---------------------------------------------------------------------------------


def build_sanctuary(state: State, who: int, cell: int) -> tuple[State, str]:
    """Seat `who` builds the next sanctuary due on the mountain at `cell` and gains its wisdom;
    every other player's follower studying on that mountain earns 1 wisdom (O-11). Returns the
    position and the kind built; the builder's follower and demigod are the caller's."""
    kind = next_kind(state, cell)
    studying = [(owner, place) for owner, places in enumerate(state.followers) for place in places
                if owner != who and place[0] == "seat" and place[1] == cell]
    state = replace(state, sanctuaries=tuple(sorted(state.sanctuaries + (Sanctuary(cell, kind, who),))))
    points = design().build_wisdom[KINDS.index(kind)] + unlocked(state, who, kind, "extra_wisdom_from")
    state = gain_wisdom(state, who, points)
    for owner, _ in studying:
        state = gain_wisdom(state, owner, 1)
    return state, kind

