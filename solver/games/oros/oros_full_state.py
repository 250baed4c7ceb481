"""The full Oros game's position (rulings O-8..O-14) and its setup: the tectonics map of
oros_rules.py plus followers, sanctuaries, each player's hats, the pyramid and the AI decks.

A follower's place is a small tuple, so that a player's followers are a sorted tuple of places:
    ("slot", name)        on one of the six action slots of its player's board (O-9)
    ("sanctum",)          studying in its player's sanctum (2 seats)
    ("tile", cell)        on a land tile or mountain of the map
    ("seat", cell, kind)  studying in the sanctuary of `kind` on the mountain at `cell`
    ("home",)             waiting on its player's board: an AI's follower (an AI has no slots to
                          fill), or a player's graduated, recruited or sent-back follower that
                          its owner puts on an empty slot next (Put)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from kernels.oros.oros_game_data import COLUMNS, KINDS, PERSONALITIES, SLOTS, design
from solver.errors import CalderaError
from solver.games.oros.oros_full_data import start_map
from solver.games.oros.oros_rules import MOUNTAIN, ORTHOGONAL, SEA, step
from solver.games.oros.oros_rules import State as MapState

Place = tuple
SANCTUM: Place = ("sanctum",)
HOME: Place = ("home",)
MIN_SEATS = 3  # the seed: fewer than 3 players are filled to 3 by AI opponents (O-8)


def slot(name: str) -> Place:
    """The place of a follower on the action slot `name`."""
    return ("slot", name)


def tile(cell: int) -> Place:
    """The place of a follower on the tile at `cell`."""
    return ("tile", cell)


def seat(cell: int, kind: str) -> Place:
    """The place of a follower studying in the sanctuary of `kind` on the mountain at `cell`."""
    return ("seat", cell, kind)


class Sanctuary(NamedTuple):
    """A built sanctuary: the mountain's cell, its kind (stones, shrine, temple), its builder."""

    cell: int
    kind: str
    owner: int


class Deck(NamedTuple):
    """An AI's deck: the cards (indices into its personality's deck) still to draw, the discard's
    top card (-1 before the first draw)."""

    draw: tuple[int, ...]
    top: int


@dataclass(frozen=True)
class State:
    """A full-game position; seats 0.. are the human players, then the AI opponents."""

    map: MapState  # with default abilities: a player's abilities are applied per action
    ai: tuple[bool, ...]  # per seat
    personality: str  # the AI deck in play
    hats: tuple[tuple[int, ...], ...]  # per seat, the unlocked level (1-6) of each of COLUMNS
    followers: tuple[tuple[Place, ...], ...]  # per seat, sorted
    recruits: tuple[int, ...]  # per seat, followers gained at the horizon
    sanctuaries: tuple[Sanctuary, ...]  # sorted
    pyramid: tuple[int, ...]  # per seat, its demigod's space (0 the shared start)
    fired: frozenset[int]  # red pyramid spaces whose volcanoes have been added (once each)
    decks: tuple[Deck | None, ...]  # per seat, None for a human
    wisdom: tuple[int, ...]  # per human seat, wisdom points still to spend on hats
    first: int  # the start player
    current: int  # whose turn it is
    round: int  # 1-based
    actions_left: int  # of the current turn; 0 when the turn is over
    eruptions_left: int  # further eruptions the current volcano action may make
    steps_left: int  # travel steps the current travel action may still use
    over: bool = False

    @property
    def seats(self) -> int:
        """The number of seats, AI opponents included."""
        return len(self.ai)


def setup(players: int, ai_personality: str = "friendly", seed: int = 0) -> State:
    """The start of a game for 1-4 players, AI opponents of `ai_personality` filling to 3 (O-8)."""
    if not 1 <= players <= 4:
        raise CalderaError(f"Oros is played by 1 to 4 players, not {players}")
    if ai_personality not in PERSONALITIES:
        raise CalderaError(f"the AI decks are {', '.join(PERSONALITIES)}, not {ai_personality!r}")
    d = design()
    ai = (False,) * players + (True,) * max(0, MIN_SEATS - players)
    cards = tuple(range(len(d.decks[ai_personality])))
    # The seed draws one follower of each player for the start player; the AIs give none.
    first = random.Random(seed).randrange(players)
    return State(
        map=start_map(),
        ai=ai,
        personality=ai_personality,
        hats=tuple((1,) * len(COLUMNS) for _ in ai),
        followers=tuple((HOME,) * d.ai_home if is_ai else tuple(sorted(slot(s) for s in d.start_slots))
                        for is_ai in ai),
        recruits=(0,) * len(ai),
        sanctuaries=(),
        pyramid=(0,) * len(ai),
        fired=frozenset(),
        decks=tuple(Deck(cards, -1) if is_ai else None for is_ai in ai),
        wisdom=(0,) * len(ai),
        first=first,
        current=first,
        round=1,
        actions_left=d.actions_per_turn,
        eruptions_left=0,
        steps_left=0,
    )


# --- questions about a position ------------------------------------------------------------------


def hat(state: State, who: int, column: str) -> int:
    """The unlocked level of `column` on the board of seat `who`."""
    return state.hats[who][COLUMNS.index(column)]


def column_data(column: str) -> dict:
    """The numbers of a hat's column in abilities.toml; the three sanctuary hats share one."""
    return design().columns["sanctuary" if column in KINDS else column]


def ability(state: State, who: int, column: str, key: str) -> int:
    """A per-level number of an ability column (abilities.toml) at seat `who`'s level."""
    return column_data(column)[key][hat(state, who, column) - 1]


def unlocked(state: State, who: int, column: str, key: str) -> bool:
    """Whether seat `who` has unlocked the level named `key` (e.g. "mountains_from") of `column`."""
    return hat(state, who, column) >= column_data(column)[key]


def empty_slots(state: State, who: int) -> list[str]:
    """The action slots of seat `who` holding no follower, in slot order."""
    return [s for s in SLOTS if slot(s) not in state.followers[who]]


def waiting(state: State, who: int) -> int:
    """How many of player `who`'s followers wait to be put on an empty slot (0 for an AI)."""
    return 0 if state.ai[who] else state.followers[who].count(HOME)


def is_on_map(place: Place) -> bool:
    """Whether a follower's place is on the map (a tile or a sanctuary's seat)."""
    return place[0] in ("tile", "seat")


def is_studying(place: Place) -> bool:
    """Whether a follower's place is a school: the sanctum or a sanctuary's seat."""
    return place[0] in ("sanctum", "seat")


def everyone_at(state: State, place: Place) -> int:
    """How many followers, of any player, are at `place`."""
    return sum(places.count(place) for places in state.followers)


def sanctum_free(state: State, who: int) -> bool:
    """Whether seat `who`'s sanctum has a free seat."""
    return state.followers[who].count(SANCTUM) < design().sanctum_seats


def free_seats(state: State, who: int, sanctuaries) -> list[Place]:
    """The free seats of `sanctuaries` (any builder's) where seat `who`, player or AI, may enrol: a
    seat is on the map, so none while `who` has as many followers on the map as its study level
    allows (the seed: 「地圖上只能放置 1 個信徒」)."""
    if sum(is_on_map(p) for p in state.followers[who]) >= ability(state, who, "study", "map_followers"):
        return []
    return [seat(s.cell, s.kind) for s in sanctuaries if not everyone_at(state, seat(s.cell, s.kind))]


def sanctuaries_on(state: State, cell: int) -> list[Sanctuary]:
    """The sanctuaries on the mountain at `cell`, in building order."""
    return sorted((s for s in state.sanctuaries if s.cell == cell), key=lambda s: KINDS.index(s.kind))


def next_kind(state: State, cell: int) -> str | None:
    """The kind the next sanctuary on the mountain at `cell` must be (O-11), None when full."""
    built = {s.kind for s in sanctuaries_on(state, cell)}
    return next((kind for kind in KINDS if kind not in built), None)


def can_build_on(state: State, who: int, cell: int) -> bool:
    """Whether seat `who` may put its next sanctuary on `cell`, followers aside (O-11): a mountain,
    no sanctuary of `who` there yet, and the kind due there still in `who`'s supply."""
    if state.map.levels[cell] != MOUNTAIN or any(s.owner == who for s in sanctuaries_on(state, cell)):
        return False
    kind = next_kind(state, cell)
    return kind is not None and sum(s.owner == who and s.kind == kind for s in state.sanctuaries) < design().per_kind


def is_island(state: State, cell: int) -> bool:
    """Whether `cell` holds an island: a level-1 tile with no land or mountain beside it, which
    travel neither leaves nor enters (the seed's 島嶼版塊; O-12)."""
    return state.map.levels[cell] == 1 and all(state.map.levels[step(state.map, cell, d)] == SEA for d in ORTHOGONAL)
