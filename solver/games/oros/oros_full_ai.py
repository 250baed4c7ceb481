"""The AI opponents of the full Oros game (ruling O-14): one drawn card played top to bottom.

A card's develop icons are tried left to right until one is possible; its map action acts in
its zone, whose cells are searched from number 1 to 9; then its demigod steps. The AI does not
use action slots or abilities: its hats only score, and choose nothing (docs/rules/oros.md section 17).
"""

from __future__ import annotations

from dataclasses import replace

from kernels.oros.oros_game_data import Card, design
from solver.games.oros.oros_full_effects import (
    advance_demigod,
    build_sanctuary,
    gain_wisdom,
    move_follower,
)
from solver.games.oros.oros_full_state import (
    HOME,
    SANCTUM,
    Deck,
    State,
    can_build_on,
    empty_slots,
    everyone_at,
    free_seats,
    sanctum_free,
    sanctuaries_on,
    seat,
    tile,
    waiting,
)
from solver.games.oros.oros_rules import MAX_LEVEL, MOUNTAIN, SEA


def draw_pile(state: State, who: int) -> tuple[int, ...]:
    """The cards seat `who` may draw now: its draw pile, or the whole deck reshuffled when empty."""
    deck = state.decks[who]
    return deck.draw or tuple(range(len(design().decks[state.personality])))


def ai_turn(state: State, who: int, card_index: int) -> State:
    """The AI at seat `who` draws card `card_index`, lays it on its discard and plays it."""
    pile = list(draw_pile(state, who))
    pile.remove(card_index)
    decks = list(state.decks)
    decks[who] = Deck(tuple(pile), card_index)
    state = replace(state, decks=tuple(decks))
    card = design().decks[state.personality][card_index]
    for icon in card.develop:
        developed = DEVELOP[icon](state, who, card)
        if developed is not None:
            state = developed
            break
    state = MAP_ACTIONS[card.map](state, who, card)
    return advance_demigod(state, who, card.demigod)


# --- develop icons: each returns None when it is not possible -----------------------------------


def _build(state: State, who: int, card: Card) -> State | None:
    cell = next((c for c in design().zones[card.zone] if can_build_on(state, who, c)), None)
    if cell is None:
        return None
    state, kind = build_sanctuary(state, who, cell)  # an AI's build moves no demigod (the seed)
    return move_follower(state, who, HOME, seat(cell, kind)) if HOME in state.followers[who] else state


def _study(state: State, who: int, card: Card) -> State | None:
    if HOME not in state.followers[who]:
        return None
    zone = [s for cell in dict.fromkeys(design().zones[card.zone]) for s in sanctuaries_on(state, cell)]
    free = free_seats(state, who, zone)  # the players' rule: any sanctuary, within the map limit
    if free:
        return move_follower(state, who, HOME, free[0])
    return move_follower(state, who, HOME, SANCTUM) if sanctum_free(state, who) else None


def _graduate(state: State, who: int, card: Card) -> State | None:
    zone = design().zones[card.zone]
    studying = [p for cell in dict.fromkeys(zone) for p in state.followers[who] if p[:2] == ("seat", cell)]
    if not studying:
        studying = [p for p in state.followers[who] if p == SANCTUM]
    if not studying:
        return None
    for place in studying[:2]:
        state = move_follower(state, who, place, HOME)
    return gain_wisdom(state, who, len(studying[:2]))


DEVELOP = {"build": _build, "study": _study, "graduate": _graduate}


# --- map actions ---------------------------------------------------------------------------------


def _set_cell(state: State, cell: int, level: int) -> State:
    levels, volcanoes = list(state.map.levels), list(state.map.volcanoes)
    levels[cell], volcanoes[cell] = level, ()
    return replace(state, map=replace(state.map, levels=tuple(levels), volcanoes=tuple(volcanoes)))


def _mountain(state: State, who: int, card: Card) -> State:
    cell = next((c for c in design().zones[card.zone] if state.map.levels[c] == SEA), None)
    return state if cell is None else _set_cell(state, cell, MOUNTAIN)


def _remove_tile(state: State, who: int, card: Card) -> State:
    zone = design().zones[card.zone]
    tiles = [c for c in zone if 1 <= state.map.levels[c] <= MAX_LEVEL and not everyone_at(state, tile(c))]
    if not tiles:
        return state
    cell = max(tiles, key=lambda c: (state.map.levels[c], -zone.index(c)))  # highest, then lowest number
    # O-6: a hotspot left without land gets a new level-1 tile at once.
    return _set_cell(state, cell, 1 if cell in state.map.hotspots else SEA)


def _remove_followers(state: State, who: int, card: Card) -> State:
    cell = next((c for c in design().zones[card.zone]
                 if any(tile(c) in places for owner, places in enumerate(state.followers) if owner != who)), None)
    if cell is None:
        return state
    removed = 0
    for owner in range(state.seats):
        for _ in range(state.followers[owner].count(tile(cell)) if owner != who else 0):
            # Back to the owner's board while it has an empty slot for each (the owner puts it on
            # one, Put), else to the sanctum; a follower with neither stays on the map and earns
            # the AI nothing.
            if not state.ai[owner] and len(empty_slots(state, owner)) > waiting(state, owner):
                home = HOME
            elif sanctum_free(state, owner):
                home = SANCTUM
            else:
                continue
            state = move_follower(state, owner, tile(cell), home)
            removed += 1
    return gain_wisdom(state, who, removed)


MAP_ACTIONS = {"mountain": _mountain, "remove_tile": _remove_tile, "remove_followers": _remove_followers,
               "none": lambda state, who, card: state}
