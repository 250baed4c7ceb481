"""The binding between the full Oros game's reference State and plies (oros_full_state.py,
oros_full_rules.py) and the full-game kernel's array and move integers
(kernels/oros/oros_game_kernel.py, layout in kernels/oros/oros_game_layout.py).

Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from kernels.oros import oros_game_layout as layout
from solver.games.kernel_calls import KernelCalls
from solver.games.oros.oros_binding import from_kernel as map_from_kernel
from solver.games.oros.oros_binding import to_kernel as map_to_kernel
from kernels.oros.oros_game_data import COLUMNS, KINDS, PERSONALITIES, SLOTS
from solver.games.oros.oros_full_effects import player_map
from solver.games.oros.oros_full_plies import *  # noqa: F403  (the ply kinds)
from solver.games.oros.oros_full_rules import mover
from solver.games.oros.oros_full_state import HOME, SANCTUM, Deck, Place, Sanctuary, State, seat, slot, tile
from solver.games.oros.oros_rules import Abilities

CALLS = KernelCalls("oros.oros_game_kernel")
KERNEL = CALLS.name
kernel, legal_moves, successor = CALLS.module, CALLS.legal_moves, CALLS.successor
chance_outcomes = CALLS.chance_outcomes


def place_code(place: Place) -> int:
    """A follower's place as the kernel's 9-bit place: a tile, a sanctuary's seat or the sanctum."""
    if place == SANCTUM:
        return layout.SANCTUM_PLACE
    if place[0] == "tile":
        return place[1] * 4
    return place[1] * 4 + 1 + KINDS.index(place[2])


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state` (the map's ability words: the mover's)."""
    words = np.zeros(layout.STATE_LEN, dtype=np.uint64)
    words[:layout.MAP_LEN] = map_to_kernel(player_map(state, mover(state)))
    fields = {layout.SEATS_IN_PLAY: state.seats, layout.PLAYERS: state.ai.count(False),
              layout.PERSONALITY: PERSONALITIES.index(state.personality), layout.FIRST: state.first,
              layout.CURRENT: state.current, layout.ROUND: state.round, layout.ACTIONS_LEFT: state.actions_left,
              layout.ERUPTIONS_LEFT: state.eruptions_left, layout.STEPS_LEFT: state.steps_left,
              layout.OVER: int(state.over), layout.FIRED: sum(1 << space for space in state.fired)}
    for index, value in fields.items():
        words[index] = value
    for who in range(state.seats):
        base = layout.SEAT_WORDS + layout.SEAT_STRIDE * who
        places = state.followers[who]
        deck = state.decks[who]
        seat_fields = {layout.HELD: sum(1 << SLOTS.index(p[1]) for p in places if p[0] == "slot"),
                       layout.IN_SANCTUM: places.count(SANCTUM), layout.AT_HOME: places.count(HOME),
                       layout.RECRUITS: state.recruits[who], layout.PYRAMID: state.pyramid[who],
                       layout.WISDOM: state.wisdom[who],
                       layout.DRAW: sum(1 << card for card in deck.draw) if deck else 0,
                       layout.TOP: deck.top + 1 if deck else 0}
        for offset, value in seat_fields.items():
            words[base + offset] = value
        words[base + layout.HATS:base + layout.HATS + len(COLUMNS)] = state.hats[who]
        for place in places:
            if place[0] == "tile":
                words[layout.ON_TILE + layout.CELLS * who + place[1]] += 1
            elif place[0] == "seat":
                words[layout.SANCTUARY + place[1]] |= (who + 1) << (8 * KINDS.index(place[2]) + 4)
    for sanctuary in state.sanctuaries:
        words[layout.SANCTUARY + sanctuary.cell] |= (sanctuary.owner + 1) << (8 * KINDS.index(sanctuary.kind))
    return words


def _place(code: int) -> Place:
    """The reference place of a kernel place code."""
    if code == layout.SANCTUM_PLACE:
        return SANCTUM
    return tile(code >> 2) if code & 3 == 0 else seat(code >> 2, KINDS[(code & 3) - 1])


def from_kernel(words: np.ndarray) -> State:
    """The reference State of a kernel array (the array holds the whole position)."""
    w = [int(x) for x in words]
    board = replace(map_from_kernel(words[:layout.MAP_LEN]), abilities=Abilities(), actions=0)
    seats, players = w[layout.SEATS_IN_PLAY], w[layout.PLAYERS]
    followers = [[] for _ in range(seats)]
    sanctuaries = []
    for cell in range(board.cells):
        for kind in range(len(KINDS)):
            byte = w[layout.SANCTUARY + cell] >> (8 * kind)
            if byte & 15:
                sanctuaries.append(Sanctuary(cell, KINDS[kind], (byte & 15) - 1))
            if byte >> 4 & 15:
                followers[(byte >> 4 & 15) - 1].append(_place(cell * 4 + 1 + kind))
    decks = []
    for who in range(seats):
        base = layout.SEAT_WORDS + layout.SEAT_STRIDE * who
        places = followers[who]
        places += [slot(name) for i, name in enumerate(SLOTS) if w[base + layout.HELD] >> i & 1]
        places += [SANCTUM] * w[base + layout.IN_SANCTUM] + [HOME] * w[base + layout.AT_HOME]
        for cell in range(board.cells):
            places += [tile(cell)] * w[layout.ON_TILE + layout.CELLS * who + cell]
        draw = w[base + layout.DRAW]
        cards = tuple(card for card in range(draw.bit_length()) if draw >> card & 1)
        decks.append(Deck(cards, w[base + layout.TOP] - 1) if who >= players else None)

    def per_seat(offset: int) -> tuple[int, ...]:
        return tuple(w[layout.SEAT_WORDS + layout.SEAT_STRIDE * who + offset] for who in range(seats))

    return State(
        map=board,
        ai=tuple(who >= players for who in range(seats)),
        personality=PERSONALITIES[w[layout.PERSONALITY]],
        hats=tuple(tuple(w[layout.SEAT_WORDS + layout.SEAT_STRIDE * who + layout.HATS + c] for c in range(len(COLUMNS)))
                   for who in range(seats)),
        followers=tuple(tuple(sorted(places)) for places in followers),
        recruits=per_seat(layout.RECRUITS),
        sanctuaries=tuple(sorted(sanctuaries)),
        pyramid=per_seat(layout.PYRAMID),
        fired=frozenset(space for space in range(w[layout.FIRED].bit_length()) if w[layout.FIRED] >> space & 1),
        decks=tuple(decks),
        wisdom=per_seat(layout.WISDOM),
        first=w[layout.FIRST],
        current=w[layout.CURRENT],
        round=w[layout.ROUND],
        actions_left=w[layout.ACTIONS_LEFT],
        eruptions_left=w[layout.ERUPTIONS_LEFT],
        steps_left=w[layout.STEPS_LEFT],
        over=bool(w[layout.OVER]),
    )


def _walk(walk: Walk) -> int:
    return place_code(walk.origin) | place_code(walk.destination) << layout.PLACE_BITS


def _act_detail(act: Act) -> int:
    detail = act.detail
    if isinstance(detail, int):
        return detail  # a tectonics move integer, or the mountain's cell
    if isinstance(detail, Walk):
        return _walk(detail)
    if isinstance(detail, Enrol):
        return SLOTS.index(detail.follower) << 1 | place_code(detail.school) << 4
    seats = sorted(place_code(p) for p in detail.followers if p != SANCTUM)
    code = 1 | detail.followers.count(SANCTUM) << 1
    for shift, place in zip(layout.GRADUATE_SHIFTS, seats):
        code |= (place + 1) << shift
    return code


def _move(kind: int, target: int = 0, source: int = 0, detail: int = 0) -> int:
    return kind | target << layout.TARGET_SHIFT | source << layout.SOURCE_SHIFT | detail << layout.DETAIL_SHIFT


def encode_card(card: int) -> int:
    """The kernel's move integer of an AI's card draw (a chance outcome)."""
    return _move(layout.CARD, detail=card)


_ENCODERS = {
    Act: lambda ply: (_move(layout.IDLE, SLOTS.index(ply.slot), SLOTS.index(ply.source)) if ply.detail is None else
                      _move(layout.ACT, SLOTS.index(ply.slot), SLOTS.index(ply.source), _act_detail(ply))),
    Put: lambda ply: _move(layout.PUT, SLOTS.index(ply.slot)),
    Raise: lambda ply: _move(layout.RAISE, COLUMNS.index(ply.column)),
    EndTurn: lambda ply: _move(layout.END_TURN),
    Stop: lambda ply: _move(layout.STOP),
    ForcedIsland: lambda ply: _move(layout.FORCED_ISLAND, source=SLOTS.index(ply.source), detail=ply.cell),
    ForcedStudy: lambda ply: _move(layout.FORCED_STUDY, source=SLOTS.index(ply.source)),
    Erupt: lambda ply: _move(layout.ERUPT_MORE, detail=ply.move),
    Walk: lambda ply: _move(layout.WALK_MORE, detail=_walk(ply)),
}


def encode_ply(ply) -> int:
    """The kernel's move integer of the reference's decision ply `ply` (encode_card for a draw)."""
    return _ENCODERS[type(ply)](ply)


def _walk_of(detail: int) -> Walk:
    return Walk(_place(detail & 511), _place(detail >> layout.PLACE_BITS & 511))


def _study_of(detail: int):
    if detail & 1 == 0:
        return Enrol(SLOTS[detail >> 1 & 7], _place(detail >> 4 & 511))
    seats = [_place((detail >> shift & 511) - 1) for shift in layout.GRADUATE_SHIFTS if detail >> shift & 511]
    return Graduate(tuple(sorted([SANCTUM] * (detail >> 1 & 3) + seats)))


def decode_ply(move: int):
    """The reference ply of a kernel move integer (the card index of a CARD move)."""
    kind = move & layout.KIND_MASK
    field = move >> layout.TARGET_SHIFT & 7  # the target slot, or a raise's column
    source = SLOTS[move >> layout.SOURCE_SHIFT & 7]
    detail = move >> layout.DETAIL_SHIFT
    if kind == layout.ACT:
        target = SLOTS[field]
        if target == "study":
            return Act(target, source, _study_of(detail))
        return Act(target, source, _walk_of(detail) if target == "travel" else detail)
    decoders = {layout.IDLE: lambda: Act(SLOTS[field], source, None), layout.PUT: lambda: Put(SLOTS[field]),
                layout.RAISE: lambda: Raise(COLUMNS[field]), layout.END_TURN: EndTurn,
                layout.STOP: Stop, layout.FORCED_ISLAND: lambda: ForcedIsland(source, detail),
                layout.FORCED_STUDY: lambda: ForcedStudy(source), layout.ERUPT_MORE: lambda: Erupt(detail),
                layout.WALK_MORE: lambda: _walk_of(detail), layout.CARD: lambda: detail}
    return decoders[kind]()
