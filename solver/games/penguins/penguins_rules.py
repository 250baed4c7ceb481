"""Penguins (seed 000): the readable reference rules, the oracle the bitboard kernel must match.

Written to be read next to the seed, the rulings P-1..P-23 and the engine decisions of
docs/rules/penguins.md. Speed is not its job: every state is an immutable
value and `apply` returns a new one.

Board (P-1): spaces of a triangular lattice in axial coordinates (q, r) on a W x H torus,
index = r * W + q. A space holds at most one piece: an egg, a penguin (assistant or star) of
side 0 ("A") or side 1 ("B"), or a barrier (iceberg, seagull, emperor penguin, nest, seal;
P-10..P-14). Under the pieces lies at most one flat terrain tile per space (P-15..P-23).

A move (P-9) is (pre-effects, action, follow-ups, post-effects), carried out in the order of
`_variants`: emperor then seal before the action; the action; the stop effects of an
exploration (tent, river); seagull relocation and krill eggs (either first, P-9a; either or both
of them may also come before the tent and river, `_follow_up_stage`); emperor then seal after the
action; the blazing removal. The moment the mover's supply is empty the game is
won and nothing more of the move happens (P-7, P-8).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import chain, combinations
from typing import Iterator

from solver.errors import IllegalMove

# P-1: the six directions as (name, dq, dr), in the one order shared by kernel and notation.
DIRECTIONS = (
    ("E", 1, 0),
    ("W", -1, 0),
    ("SE", 0, 1),
    ("NW", 0, -1),
    ("NE", 1, -1),
    ("SW", -1, 1),
)
# The six neighbours of a space in clockwise order on the board picture: E, SE, SW, W, NW, NE.
RING = (0, 2, 5, 1, 3, 4)
SIDES = ("A", "B")
MIN_SIZE, MAX_SIZE = 4, 8

# Piece kinds.
EGG = "egg"
PENGUIN = "penguin"  # an assistant penguin
STAR = "star"  # the star penguin
ICEBERG = "iceberg"  # P-10
SEAGULL = "seagull"  # P-11
EMPEROR = "emperor"  # P-12, the emperor penguin (a barrier, not a side's penguin)
NEST = "nest"  # P-13, the penguin nest
SEAL = "seal"  # P-14
BARRIERS = frozenset({ICEBERG, SEAGULL, EMPEROR, NEST, SEAL})

# Terrain kinds (P-15..P-23): flat tiles, the space still counts as empty.
STORM = "storm"
TENT = "tent"
RIVER = "river"
HOLE = "hole"
FREEZING = "freezing"
RADIATION = "radiation"
SEAWEED = "seaweed"
BLAZING = "blazing"
KRILL = "krill"
TERRAIN = (STORM, TENT, RIVER, HOLE, FREEZING, RADIATION, SEAWEED, BLAZING, KRILL)
CW, CCW = "cw", "ccw"  # a tent's sense (P-16)

# Actions (P-4, P-5, P-6, P-13).
RIVAL_EGG = "rival_egg"  # setup: place one egg of the opponent's colour
LAND = "land"
HATCH = "hatch"
SLIDE = "slide"
ORBIT = "orbit"  # P-13: around the nest's ring; direction 0 = clockwise, 1 = counter-clockwise
EXPLORATIONS = (SLIDE, ORBIT)

# Timing of the emperor penguin (P-12) and the seal (P-14) in a move.
NOT_MOVED, BEFORE, AFTER = 0, 1, 2

# Outcomes, the same codes as the kernel's status().
ONGOING, WIN_A, WIN_B, DRAW = 0, 1, 2, 3

SETUP, PLAY = "setup", "play"

ORBIT_STEPS = 5  # P-13: at most five steps around the ring
MAX_BRANCH_CHOICES = 2  # P-19: bits 18-19 of the move integer
MAX_CONFLUENCE_CHOICES = 2  # FAQ exp Q2: the notation allows 2 confluences of 2 arrows each
# P-9a: when a krill egg is laid among the effects that trigger with it (the tent and the river,
# the "stop effects", and the seagull); a Move's krill_order holds one per egg, 2 bits each.
KRILL_LAST, KRILL_BEFORE_GULL, KRILL_BETWEEN_STOPS, KRILL_BEFORE_STOPS = 0, 1, 2, 3
KRILL_SLOTS = (KRILL_LAST, KRILL_BEFORE_GULL, KRILL_BETWEEN_STOPS, KRILL_BEFORE_STOPS)


@dataclass(frozen=True)
class Piece:
    """One piece on a space: an egg or penguin of a side, or a barrier (side None)."""

    kind: str
    side: int | None = None


@dataclass(frozen=True)
class Tile:
    """A terrain tile: its kind, a tent's sense (cw/ccw), a river tile's arrows (direction indices, ascending)."""

    kind: str
    sense: str = ""
    arrows: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rules:
    """Game options (P-2 free and team mode counts, P-8 ply cap)."""

    ply_cap: int = 300
    eggs: int = 16
    assistants: int = 3
    stars: int = 1
    team: int = 0  # P-2 team mode: 4 seats A1 B1 A2 B2 playing as the two sides


@dataclass(frozen=True)
class State:
    """A whole penguins position; `board` and `terrain` are indexed r * width + q.

    `terrain` is () when the board has no terrain tile, else one Tile or None per space.
    """

    width: int
    height: int
    board: tuple[Piece | None, ...]
    supply: tuple[int, int]  # eggs in hand (P-8: empty means that side has won)
    unused_assistants: tuple[int, int]
    unused_stars: tuple[int, int]
    to_move: int
    phase: str  # SETUP (rival eggs, P-4) or PLAY
    ply: int
    rules: Rules = Rules()
    terrain: tuple[Tile | None, ...] = field(default=())
    # P-13: the penguins next to the nest that may not orbit (hatched there, carried there by a
    # tent or river, or reached by the nest moving); every other penguin next to it may.
    no_orbit: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        # One spelling for "no terrain", so that equal positions compare equal.
        if self.terrain and not any(self.terrain):
            object.__setattr__(self, "terrain", ())

    @property
    def size(self) -> int:
        """Number of spaces on the board."""
        return self.width * self.height

    def tile(self, square: int) -> Tile | None:
        """The terrain tile on `square`, or None."""
        return self.terrain[square] if self.terrain else None

    def tiles_of(self, kind: str) -> list[int]:
        """The spaces holding a terrain tile of `kind`, ascending."""
        return self._tile_squares.get(kind, [])

    @cached_property
    def _tile_squares(self) -> dict[str, list[int]]:
        """Terrain kind -> its spaces, computed once per position (tiles never move)."""
        squares: dict[str, list[int]] = {}
        for square, tile in enumerate(self.terrain):
            if tile is not None:
                squares.setdefault(tile.kind, []).append(square)
        return squares

    @cached_property
    def barrier_kinds(self) -> frozenset[str]:
        """The kinds of barrier on the board (they can move during a move but never appear)."""
        return frozenset(p.kind for p in self.board if p is not None and p.kind in BARRIERS)

    def next_to(self, kind: str) -> frozenset[int]:
        """The spaces next to a terrain tile of `kind` (wrapping, P-1)."""
        return self._next_to.get(kind, frozenset())

    @cached_property
    def _next_to(self) -> dict[str, frozenset[int]]:
        """Terrain kind -> the spaces next to one of its tiles, computed once per position."""
        return {kind: frozenset(n for s in squares for n in ring(self.width, self.height, s))
                for kind, squares in self._tile_squares.items()}


@dataclass(frozen=True, order=True)
class Move:
    """One move (P-9): the action on a space (and a slide's direction or an orbit's sense) plus its choices.

    Every choice keeps its "nothing" value in a move that does not use it, so a move of a board
    without tiles is just (action, square, direction), as before the tiles. Squares and directions
    use -1 for "none".
    """

    action: str
    square: int
    direction: int = -1  # slide: 0..5 (DIRECTIONS); orbit: 0 clockwise, 1 counter-clockwise
    hole_jump: int = 0  # P-20: 1 = jump at the first hole entered
    storm_push: int = -1  # P-15: the direction the storm throws the penguin (-1: it stays)
    river_first: int = 0  # FAQ Q3: 1 = the river moves before the tent turns
    river_priority: int = 0  # FAQ exp Q2: bit k = at the k-th contested confluence the higher space moves first
    branches: int = 0  # P-19, FAQ exp Q1: bit k = arrow taken at the k-th fork holding a piece
    seagull: int = -1  # P-11: where the seagull goes
    krill: tuple[int, ...] = ()  # P-23: extra eggs, ascending (a space twice: one egg carried off it first)
    krill_order: int = 0  # P-9a: bits 2k, 2k + 1 = when the k-th krill egg is laid (KRILL_SLOTS)
    seagull_early: int = 0  # P-9a: 1 = the seagull moves before the tent and the river act, 2 = between them
    emperor: int = NOT_MOVED  # P-12: NOT_MOVED, BEFORE or AFTER
    emperor_direction: int = -1
    seal: int = NOT_MOVED  # P-14: NOT_MOVED, BEFORE or AFTER
    seal_direction: int = -1
    seal_first: int = 0  # P-9a: 1 = the seal steps before the emperor penguin (both at the same time)
    blazing: int = -1  # P-22: the egg sent back

    def base(self) -> Move:
        """The action alone, without any choice."""
        return Move(self.action, self.square, self.direction)


class _Refused(Exception):
    """A part of a move that the rules do not allow; the message says why in plain words."""


def new_game(
    width: int = 8,
    height: int = 8,
    icebergs: tuple[int, ...] = (),
    rules: Rules = Rules(),
    barriers: dict[int, str] | None = None,
    terrain: dict[int, Tile] | None = None,
) -> State:
    """The start of a game: a W x H board with barriers and terrain, setup phase, side A to place."""
    board: list[Piece | None] = [None] * (width * height)
    for square in icebergs:
        board[square] = Piece(ICEBERG)
    for square, kind in (barriers or {}).items():
        board[square] = Piece(kind)
    tiles: list[Tile | None] = [None] * (width * height)
    for square, tile in (terrain or {}).items():
        tiles[square] = tile
    return State(
        width=width,
        height=height,
        board=tuple(board),
        supply=(rules.eggs, rules.eggs),
        unused_assistants=(rules.assistants, rules.assistants),
        unused_stars=(rules.stars, rules.stars),
        to_move=0,
        phase=SETUP,
        ply=0,
        rules=rules,
        terrain=tuple(tiles),
    )


def seat_label(state: State) -> str:
    """The seat to move: the side (A/B), and in team mode (P-2) the player, A1 B1 A2 B2 in turn.

    Setup plies are the sides placing their rival egg; play plies cycle A1 B1 A2 B2 from ply 2.
    """
    side = SIDES[state.to_move]
    if not state.rules.team or state.phase == SETUP:
        return side
    return f"{side}{1 + (state.ply - 2) // 2 % 2}"


# ------------------------------------------------------------------------------ geometry


def neighbour(width: int, height: int, square: int, direction: int) -> int:
    """The space next to `square` in `direction`, wrapping on both axes (P-1)."""
    _, dq, dr = DIRECTIONS[direction]
    q, r = square % width, square // width
    return ((r + dr) % height) * width + (q + dq) % width


def edge_neighbour(width: int, height: int, square: int, direction: int) -> int | None:
    """The space next to `square` in `direction` without wrapping; None when the step leaves the board."""
    _, dq, dr = DIRECTIONS[direction]
    q, r = square % width + dq, square // width + dr
    if 0 <= q < width and 0 <= r < height:
        return r * width + q
    return None


def ring(width: int, height: int, square: int) -> tuple[int, ...]:
    """The six neighbours of `square` in clockwise order (E, SE, SW, W, NW, NE), wrapping."""
    return tuple(neighbour(width, height, square, d) for d in RING)


def is_penguin(piece: Piece | None) -> bool:
    """True for an assistant or star penguin."""
    return piece is not None and piece.kind in (PENGUIN, STAR)


def is_edge(width: int, height: int, square: int) -> bool:
    """True for a space on the first or last row or column (P-21)."""
    q, r = square % width, square // width
    return q in (0, width - 1) or r in (0, height - 1)


def frozen_squares(state: State) -> frozenset[int]:
    """P-17: the spaces next to a freezing tile; an egg on one is frozen."""
    return state.next_to(FREEZING)


def irradiated_squares(state: State) -> frozenset[int]:
    """P-18: the spaces next to a radiation tile; an egg on one can be hatched only by its owner's opponent."""
    return state.next_to(RADIATION)


def find_piece(board, kind: str) -> int | None:
    """The space of the (single) barrier of `kind` on `board`, or None."""
    for square, piece in enumerate(board):
        if piece is not None and piece.kind == kind:
            return square
    return None


def orbit_ring(state: State, board) -> tuple[int, ...]:
    """P-13: the spaces next to the nest on `board` that hold a penguin; () without a nest."""
    nest = find_piece(board, NEST) if NEST in state.barrier_kinds else None
    if nest is None:
        return ()
    return tuple(s for s in ring(state.width, state.height, nest) if is_penguin(board[s]))


# ------------------------------------------------------------------------------ the turn in progress


WALKED = "walk"  # Event kind of an exploration (slide or orbit)
WON = "won"  # Event kind: the supply of `side` ran out, nothing more of the move happens


@dataclass(frozen=True)
class Event:
    """One part of a move as it was carried out (`move_events`), for explanations.

    `kind`: RIVAL_EGG, LAND, HATCH, WALKED, EMPEROR, SEAL, TENT, RIVER, SEAGULL, KRILL, BLAZING or
    WON. `square`: the space acted on (placed or hatched egg, the exploration's start, the tent,
    where the emperor, seal or seagull stood). `piece`: the penguin hatched or exploring.
    `moves`: pieces that changed space as (piece, from, to), `to` None when it left the board (a
    penguin into seaweed goes back to the unused penguins; a piece carried off by the river or a
    seagull without an empty space leaves the game). `removed`: eggs sent back to their owner's
    supply, as (egg, space). `laid`: the spaces that got an egg. `walk`: an exploration's path.
    `side`: the side whose egg was laid (RIVAL_EGG: the opponent) or who won (WON).
    """

    kind: str
    square: int = -1
    piece: Piece | None = None
    moves: tuple[tuple[Piece, int, int | None], ...] = ()
    removed: tuple[tuple[Piece, int], ...] = ()
    laid: tuple[int, ...] = ()
    walk: Walk | None = None
    side: int = -1


class _Turn:
    """A move being carried out: mutable copies of the parts of a State that change.

    With `trace`, each stage notes what it did as Events in `events` (None when not tracing).
    """

    __slots__ = ("board", "supply", "assistants", "stars", "won", "events", "orbiters")

    def __init__(self, state: State | None = None, trace: bool = False) -> None:
        if state is not None:
            self.board = list(state.board)
            self.supply = list(state.supply)
            self.assistants = list(state.unused_assistants)
            self.stars = list(state.unused_stars)
            self.won = False
            self.events = [] if trace else None
            # P-13: the penguins that may orbit, followed through the move (moved ones lose it).
            self.orbiters = set(orbit_ring(state, state.board)) - state.no_orbit

    def copy(self) -> _Turn:
        """An independent copy."""
        other = _Turn()
        other.board, other.supply = list(self.board), list(self.supply)
        other.assistants, other.stars, other.won = list(self.assistants), list(self.stars), self.won
        other.events = None if self.events is None else list(self.events)
        other.orbiters = set(self.orbiters)
        return other

    def key(self) -> tuple:
        """What the rest of the move and the position after it depend on, to tell two turns apart."""
        return (tuple(self.board), tuple(self.supply), tuple(self.assistants), tuple(self.stars), self.won,
                frozenset(self.orbiters))

    def note(self, kind: str, **parts) -> None:
        """Record one part of the move when tracing (see Event)."""
        if self.events is not None:
            self.events.append(Event(kind, **parts))

    def lay(self, side: int, square: int) -> None:
        """Put one egg of `side`'s supply on `square`; an empty supply wins at once (P-8)."""
        self.board[square] = Piece(EGG, side)
        self.supply[side] -= 1
        if self.supply[side] == 0:
            self.won = True

    def send_back(self, square: int) -> None:
        """The egg on `square` goes back to its owner's supply."""
        self.supply[self.board[square].side] += 1
        self.board[square] = None

    def view(self, state: State) -> State:
        """`state` with this turn's board and counts (same side to move and ply)."""
        around = orbit_ring(state, self.board)
        return replace(
            state,
            board=tuple(self.board),
            supply=tuple(self.supply),
            unused_assistants=tuple(self.assistants),
            unused_stars=tuple(self.stars),
            no_orbit=frozenset(s for s in around if s not in self.orbiters),
        )


# ------------------------------------------------------------------------------ exploration walk


@dataclass(frozen=True)
class Walk:
    """Where an exploration goes (before a storm's throw).

    `entered`: every space the penguin entered after its start, in order (the storm or seaweed
    that ended it, the hole it jumped to, included); `stop`: where it ends (None when seaweed
    took it off the board); `captured`: rival eggs sent back; `thawed`: the frozen egg that
    stopped it (P-17), if any; `storm`: True when a storm stopped it on `stop` (P-15).
    """

    entered: tuple[int, ...]
    stop: int | None
    captured: tuple[int, ...]
    thawed: int | None = None
    storm: bool = False


@dataclass(frozen=True)
class SlidePath:
    """Where a legal slide goes: the spaces passed, the stop space, the rival eggs captured."""

    passed: tuple[int, ...]
    stop: int
    captured: tuple[int, ...]


def _stops(piece: Piece, me: int, frozen: frozenset[int], square: int) -> bool:
    """P-6, P-17: a barrier, an own penguin or egg, or a frozen egg stops a penguin before it."""
    return piece.kind in BARRIERS or piece.side == me or (piece.kind == EGG and square in frozen)


def walk(state: State, board, square: int, action: str, direction: int, jump: bool) -> Walk:
    """Follow an exploration (P-6, P-13, P-15, P-17, P-20, P-21) from `square` on `board`.

    `jump` asks for the hole jump at the first hole entered (P-20; a slide only: an orbit never
    jumps). Raises _Refused, saying why, when the exploration is illegal.
    """
    me, w, h = state.to_move, state.width, state.height
    frozen = frozen_squares(state)
    holes = state.tiles_of(HOLE)
    around: tuple[int, ...] = ()
    if action == ORBIT:
        nest = find_piece(board, NEST)
        around = ring(w, h, nest) if nest is not None else ()
        if square not in around:
            raise _Refused("the penguin is not next to the penguin nest, so it cannot orbit")
        if square in state.no_orbit:
            raise _Refused("the penguin did not stop next to the nest by its own exploration, so it cannot orbit (P-13)")
    current, visited = square, {square}
    entered: list[int] = []
    captured: list[int] = []
    thawed, storm = None, False
    jump_next, jumped = False, False  # jump_next: the penguin has just entered the hole it jumps from
    while True:
        if action == ORBIT:
            if len(entered) == ORBIT_STEPS:
                break
            ahead = around[(around.index(current) + (1 if direction == 0 else -1)) % 6]
        elif jump_next:
            # P-20: right after entering a hole, the other hole counts as the next space.
            ahead = holes[0] if holes[1] == current else holes[1]
            jump_next, jumped = False, True
        else:
            ahead = neighbour(w, h, current, direction)
        if ahead in visited:
            raise _Refused("the penguin would come back onto its own path and never stop")
        piece = board[ahead]
        if piece is not None:
            if _stops(piece, me, frozen, ahead):
                if piece.kind == EGG and ahead in frozen:
                    thawed = ahead  # P-17: the frozen egg that stops it goes back to its owner
                break
            if is_penguin(piece):
                raise _Refused("the penguin would enter a rival penguin's space")
            captured.append(ahead)
        entered.append(ahead)
        visited.add(ahead)
        current = ahead
        tile = state.tile(current)
        kind = tile.kind if tile is not None else None
        if kind == STORM:
            storm = True
            break
        if kind == SEAWEED:
            if jump and not jumped:
                raise _Refused("the penguin enters no hole it could jump from")
            return Walk(tuple(entered), None, tuple(captured), thawed, False)
        if kind == HOLE and jump and not jumped and action == SLIDE and len(holes) == 2:
            jump_next = True
    if current == square:
        raise _Refused("the next space is blocked, so the penguin cannot move")
    if jump and not jumped:
        raise _Refused("the penguin enters no hole it could jump from")
    return Walk(tuple(entered), current, tuple(captured), thawed, storm)


def slide_path(state: State, square: int, direction: int) -> SlidePath | None:
    """A slide (P-6) from `square` without a hole jump or storm throw; None when it is illegal."""
    try:
        path = walk(state, state.board, square, SLIDE, direction, False)
    except _Refused:
        return None
    if path.stop is None:
        return SlidePath(path.entered, path.entered[-1], path.captured)
    return SlidePath(path.entered[:-1], path.stop, path.captured)


def storm_throws(state: State, board, path: Walk, start: int) -> list[int]:
    """P-15, FAQ Q7: the directions in which a storm may throw the penguin stopped on it.

    A space qualifies when it is a non-wrapping neighbour of the storm, empty or holding a rival
    egg (which goes back to its owner), and not the space the penguin came from. A qualifying
    space the penguin has already been on this move (its start included) makes that throw
    illegal (`_explore`), as entering any space twice does.
    """
    storm = path.stop
    came_from = path.entered[-2] if len(path.entered) > 1 else start
    throws = []
    for direction in range(len(DIRECTIONS)):
        target = edge_neighbour(state.width, state.height, storm, direction)
        if target is None or target == came_from:
            continue
        piece = board[target] if target != start else None  # the start is empty once the penguin left
        if piece is None or (piece.kind == EGG and piece.side != state.to_move):
            throws.append(direction)
    return throws


def _explore(state: State, turn: _Turn, square: int, path: Walk, throw: int) -> tuple[_Turn, tuple[int, ...], int | None]:
    """The exploration along `path`, thrown by a storm in direction `throw` (-1: none), carried out.

    Returns the turn after it, the spaces entered (the throw's target included) and the final
    space (None when seaweed took the penguin off the board).
    """
    me, after = state.to_move, turn.copy()
    board = after.board
    penguin = board[square]
    board[square] = None
    entered, stop = list(path.entered), path.stop
    removed = [(board[s], s) for s in path.captured]
    for captured in path.captured:
        after.send_back(captured)
    if path.thawed is not None:
        removed.append((board[path.thawed], path.thawed))
        after.send_back(path.thawed)
    if throw >= 0:
        target = edge_neighbour(state.width, state.height, stop, throw)
        if target == square or target in entered:
            raise _Refused("the storm would throw the penguin back onto its own path")
        if board[target] is not None:
            removed.append((board[target], target))
            after.send_back(target)  # a rival egg: back to its owner (P-15)
        entered.append(target)
        tile = state.tile(target)
        # P-21: a penguin entering seaweed leaves the board, and the throw moves it onto that space.
        stop = None if tile is not None and tile.kind == SEAWEED else target
    after.orbiters.discard(square)
    if stop is None:
        # P-21: seaweed sends the penguin back to its owner's unused penguins.
        if penguin.kind == PENGUIN:
            after.assistants[me] += 1
        else:
            after.stars[me] += 1
        laid = [square, *entered]
    else:
        board[stop] = penguin
        laid = [square, *entered[:-1]]
        nest = find_piece(board, NEST) if NEST in state.barrier_kinds else None
        if nest is not None and stop in ring(state.width, state.height, nest):
            after.orbiters.add(stop)  # P-13: its own exploration ended next to the nest
    # P-7: eggs on the start, then the spaces entered in order (not the stop), until the supply runs out.
    eggs = []
    for space in laid:
        if after.won:
            break
        after.lay(me, space)
        eggs.append(space)
    after.note(WALKED, square=square, piece=penguin, moves=((penguin, square, stop),), removed=tuple(removed),
               laid=tuple(eggs), walk=path, side=me)
    return after, tuple(entered), stop


# ------------------------------------------------------------------------------ hatching


def hatchling(state: State) -> str | None:
    """Which penguin a hatch would bring on (P-5): an assistant while any is unused, else the star."""
    return _hatchling(state.unused_assistants[state.to_move], state.unused_stars[state.to_move])


def _hatchling(assistants: int, stars: int) -> str | None:
    """An assistant while any is unused, else the star, else none (P-5)."""
    if assistants > 0:
        return PENGUIN
    if stars > 0:
        return STAR
    return None


def _hatch_refusal(state: State, board, square: int) -> str | None:
    """Why the side to move cannot hatch the egg on `square` (P-5, P-17, P-18); None if it can."""
    me, piece = state.to_move, board[square]
    irradiated = square in irradiated_squares(state)
    if piece is None or piece.kind != EGG or (piece.side != me and not irradiated):
        return f"there is no egg of side {SIDES[me]} there"
    if piece.side == me and irradiated:
        return "the egg is next to radiation: only the opponent can hatch it"
    if square in frozen_squares(state):
        return "the egg is frozen (next to a freezing tile) and cannot hatch"
    return None


# ------------------------------------------------------------------------------ the stages of a move


def _pick(fixed: Move | None, name: str, options: list, default, what: str) -> list:
    """The options of one choice: all of them, or only the fixed move's (refused, saying why, if absent)."""
    if fixed is None:
        return options
    value = getattr(fixed, name)
    if value in options:
        return [value]
    if options == [default]:
        raise _Refused(f"this move has no {what}")
    if value == default:
        raise _Refused(f"this move must include its {what}")
    raise _Refused(f"that {what} is not possible here")


def _effect_stage(state: State, turn: _Turn, kind: str, timing: int, fixed: Move | None, moved: bool):
    """P-12/P-14: the emperor penguin or seal stays, or steps (once per turn) at `timing`."""
    name = "emperor" if kind == EMPEROR else "seal"
    options = [-1]
    if kind in state.barrier_kinds and not moved and state.phase == PLAY and not turn.won and find_piece(turn.board, kind) is not None:
        # The emperor needs a supply egg; before the action one more, so that the action still happens.
        if kind != EMPEROR or turn.supply[state.to_move] >= (2 if timing == BEFORE else 1):
            options += _effect_targets(state, turn, kind)
    if fixed is not None:
        chosen = getattr(fixed, name) == timing
        direction = getattr(fixed, name + "_direction") if chosen else -1
        if direction not in options or (chosen and direction < 0):
            raise _Refused(f"the {'emperor penguin' if kind == EMPEROR else 'seal'} cannot step that way "
                           f"{'before' if timing == BEFORE else 'after'} the action")
        options = [direction]
    for direction in options:
        if direction < 0:
            yield {}, turn
            continue
        after = turn.copy()
        _move_effect(state, after, kind, direction)
        yield {name: timing, name + "_direction": direction}, after


def _effect_targets(state: State, turn: _Turn, kind: str) -> list[int]:
    """Directions the emperor (P-12: to an empty space) or seal (P-14: empty or egg) may step in."""
    square = find_piece(turn.board, kind)
    out = []
    for direction in range(len(DIRECTIONS)):
        piece = turn.board[neighbour(state.width, state.height, square, direction)]
        if piece is None or (kind == SEAL and piece.kind == EGG):
            out.append(direction)
    return out


def _move_effect(state: State, turn: _Turn, kind: str, direction: int) -> None:
    """Step the emperor or seal; the emperor leaves an egg of the mover, the seal sends an egg back."""
    square = find_piece(turn.board, kind)
    target = neighbour(state.width, state.height, square, direction)
    displaced = turn.board[target]
    if displaced is not None:
        turn.send_back(target)  # only the seal may step onto an egg (P-14)
    turn.board[target] = turn.board[square]
    turn.board[square] = None
    if kind == EMPEROR:
        turn.lay(state.to_move, square)
    turn.note(kind, square=square, moves=((turn.board[target], square, target),),
              removed=((displaced, target),) if displaced is not None else (),
              laid=(square,) if kind == EMPEROR else (), side=state.to_move)


def _base_actions(state: State, turn: _Turn) -> Iterator[Move]:
    """The actions (without choices) to try on the turn's board, in the fixed order."""
    board = turn.board
    empties = [s for s in range(state.size) if board[s] is None]
    if state.phase == SETUP:
        yield from (Move(RIVAL_EGG, s) for s in empties)
        return
    yield from (Move(LAND, s) for s in empties)
    me = state.to_move
    if _hatchling(turn.assistants[me], turn.stars[me]) is not None:
        for s, piece in enumerate(board):
            if piece is not None and piece.kind == EGG and _hatch_refusal(state, board, s) is None:
                yield Move(HATCH, s)
    nest = find_piece(board, NEST) if NEST in state.barrier_kinds else None
    orbiters = ring(state.width, state.height, nest) if nest is not None else ()
    for s, piece in enumerate(board):
        if is_penguin(piece) and piece.side == state.to_move:
            yield from (Move(SLIDE, s, d) for d in range(len(DIRECTIONS)))
            if s in orbiters and s not in state.no_orbit:
                yield from (Move(ORBIT, s, d) for d in (0, 1))


def _action_stage(state: State, turn: _Turn, fixed: Move | None):
    """The action with its hole jump and storm throw; yields (action, choices, turn, entered, stop)."""
    if fixed is not None:
        for way in _action_ways(state, turn, fixed.base(), fixed):
            yield (fixed.base(), *way)
        return
    for base in _base_actions(state, turn):
        try:
            ways = list(_action_ways(state, turn, base, None))
        except _Refused:
            continue
        for way in ways:
            yield (base, *way)


def _action_ways(state: State, turn: _Turn, base: Move, fixed: Move | None):
    """Each legal way of carrying out `base` (all of them, or the fixed move's); _Refused if none."""
    me, board, square = state.to_move, turn.board, base.square
    if not 0 <= square < state.size:
        raise _Refused("that space is not on the board")
    if (base.action == RIVAL_EGG) != (state.phase == SETUP):
        raise _Refused("the setup phase places rival eggs (+c4); in play +c4 lands your own egg")
    if base.action not in EXPLORATIONS:
        for name, default in (("hole_jump", 0), ("storm_push", -1)):
            _pick(fixed, name, [default], default, "hole jump or storm throw")
    if base.action in (RIVAL_EGG, LAND):
        if board[square] is not None:
            raise _Refused("that space is not empty")
        after = turn.copy()
        side = 1 - me if base.action == RIVAL_EGG else me
        after.lay(side, square)
        after.note(base.action, square=square, laid=(square,), side=side)
        yield {}, after, (), None
        return
    if base.action == HATCH:
        kind = _hatchling(turn.assistants[me], turn.stars[me])
        reason = _hatch_refusal(state, board, square)
        if reason is not None:
            raise _Refused(reason)
        if kind is None:
            raise _Refused("no unused penguin is left to hatch")
        after = turn.copy()
        after.send_back(square)  # P-18: a rival egg hatched by radiation goes back to its owner
        after.board[square] = Piece(kind, me)
        after.note(HATCH, square=square, piece=Piece(kind, me), removed=((board[square], square),), side=me)
        if kind == PENGUIN:
            after.assistants[me] -= 1
        else:
            after.stars[me] -= 1
        yield {}, after, (), None
        return
    if not (is_penguin(board[square]) and board[square].side == me):
        raise _Refused(f"there is no penguin of side {SIDES[me]} there")
    if not 0 <= base.direction < (len(DIRECTIONS) if base.action == SLIDE else 2):
        raise _Refused("that is not a direction")
    found = False
    reason = ""
    jumps = [0, 1] if base.action == SLIDE and len(state.tiles_of(HOLE)) == 2 else [0]
    for jump in _pick(fixed, "hole_jump", jumps, 0, "hole jump"):
        try:
            path = walk(state, board, square, base.action, base.direction, bool(jump))
        except _Refused as refusal:
            reason = reason or str(refusal)
            continue
        throws = storm_throws(state, board, path, square) if path.storm else []
        for throw in _pick(fixed, "storm_push", throws or [-1], -1, "storm throw"):
            try:
                after, entered, stop = _explore(state, turn, square, path, throw)
            except _Refused as refusal:
                reason = reason or str(refusal)
                continue
            found = True
            choices = {"hole_jump": jump} if jump else {}
            if throw >= 0:
                choices["storm_push"] = throw
            yield choices, after, entered, stop
    if not found:
        raise _Refused(reason)


def _stop_stage(state: State, turn: _Turn, entered, stop, fixed: Move | None):
    """P-16 tent and P-19 river after an exploration that ends on the board, in the mover's order (P-9a).

    The choices are the order of tent and river (FAQ Q3), which piece moves first at each
    contested confluence (FAQ exp Q2) and the arrow at each fork (FAQ exp Q1). Choices that lead
    to the same position are one move: the first of them in the order river_first, river_priority,
    branches (all 0 first) is kept.
    """
    tent = state.tiles_of(TENT)
    tent_turns, river_flows = _stop_triggers(state, turn, stop)
    if not (tent_turns or river_flows):
        for name, what in (("river_first", "river-first choice"), ("river_priority", "confluence choice"),
                           ("branches", "river branch choice")):
            _pick(fixed, name, [0], 0, what)
        yield {}, turn
        return
    network = _river_network(state, stop) if river_flows else []
    ways: list[tuple[dict, _Turn]] = []
    seen: list[tuple] = []
    for first in ([0, 1] if tent_turns and river_flows else [0]):
        for priority in range(1 << MAX_CONFLUENCE_CHOICES):
            for branches in range(1 << MAX_BRANCH_CHOICES):
                after = turn.copy()
                used, contests = 0, 0
                for effect in ((RIVER, TENT) if first else (TENT, RIVER)):
                    if effect == TENT and tent_turns:
                        _turn_tent(state, after, tent[0])
                    elif effect == RIVER and river_flows:
                        used, contests = _flow(state, after, network, priority, branches)
                key = after.key()
                if branches >= 1 << used or priority >= 1 << contests or key in seen:
                    continue  # a choice that is not there, or the same position as a way already listed
                seen.append(key)
                ways.append(({"river_first": first, "river_priority": priority, "branches": branches}, after))
    if fixed is not None:
        chosen = {"river_first": fixed.river_first, "river_priority": fixed.river_priority, "branches": fixed.branches}
        ways = [(choices, after) for choices, after in ways if choices == chosen]
        if not ways:
            raise _Refused("those river choices (rf, rp, br) are not possible here, or give the same position as "
                           "fewer of them (P-9a)")
    for choices, after in ways:
        yield {name: value for name, value in choices.items() if value}, after


def _stop_triggers(state: State, turn: _Turn, stop: int | None) -> tuple[bool, bool]:
    """Whether the tent turns (P-16: the exploration ended next to it) and the river flows (P-19: it
    ended on a river tile); decided by the final space before either acts (FAQ Q3), never after a win."""
    if stop is None or turn.won:
        return False, False
    tent = state.tiles_of(TENT)
    tile = state.tile(stop)
    return bool(tent and stop in ring(state.width, state.height, tent[0])), tile is not None and tile.kind == RIVER


def _stop_region(state: State, turn: _Turn, stop: int | None) -> set[int]:
    """The spaces the stop effects act on: the tent's ring if it turns, the river's network if it flows."""
    tent_turns, river_flows = _stop_triggers(state, turn, stop)
    region = set(ring(state.width, state.height, state.tiles_of(TENT)[0])) if tent_turns else set()
    if river_flows:
        region.update(_river_network(state, stop))
    return region


def _turn_tent(state: State, turn: _Turn, tent: int) -> None:
    """P-16: every piece on the tent's ring moves one step round it in the tent's sense, all at once."""
    around = ring(state.width, state.height, tent)
    step = 1 if state.tile(tent).sense == CW else -1
    pieces = [turn.board[s] for s in around]
    for i, s in enumerate(around):
        turn.board[s] = pieces[(i - step) % 6]
    turn.orbiters.difference_update(around)  # P-13: a penguin carried by a tent may not orbit
    turn.note(TENT, square=tent,
              moves=tuple((p, around[i], around[(i + step) % 6]) for i, p in enumerate(pieces) if p is not None))


def river_target(state: State, square: int, arrow: int) -> int | None:
    """Where a river arrow from `square` points; None off the board (arrows never wrap, P-19)."""
    return edge_neighbour(state.width, state.height, square, arrow)


def _river_network(state: State, square: int) -> list[int]:
    """The river tiles connected to `square` by arrows (either way), ascending."""
    links: dict[int, set[int]] = {s: set() for s in state.tiles_of(RIVER)}
    for s in links:
        for arrow in state.tile(s).arrows:
            target = river_target(state, s, arrow)
            if target in links:
                links[s].add(target)
                links[target].add(s)
    seen, todo = {square}, [square]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return sorted(seen)


def river_order(state: State, network: list[int]) -> list[int]:
    """P-19: downstream first (a tile after every tile its arrows reach), ties by the lower space."""
    order: list[int] = []
    done: set[int] = set()
    while len(order) < len(network):
        ready = [s for s in network if s not in done
                 and all(t is None or t in done for t in (river_target(state, s, a) for a in state.tile(s).arrows))]
        order.append(min(ready))
        done.add(order[-1])
    return order


def _flow(state: State, turn: _Turn, network: list[int], priority: int, branches: int) -> tuple[int, int]:
    """P-19: move every piece on the river one tile downstream; returns the fork and confluence choices used.

    A piece is on its tile at the tile's turn as before the flow (only upstream tiles, whose turn
    comes later, send pieces into it), so the forks' arrows are known first: the k-th fork holding
    a piece takes bit k of `branches` (FAQ exp Q1). A confluence that is empty at its turn and has
    two pieces heading into it is contested: at the k-th one, bit k of `priority` lets the piece
    from the higher space move first instead of the lower (FAQ exp Q2); the other stays.
    """
    order = river_order(state, network)
    heading: dict[int, int | None] = {}  # tile holding a piece -> where its arrow points
    used = 0
    for square in order:
        if turn.board[square] is None:
            continue
        arrows = state.tile(square).arrows
        arrow = arrows[0]
        if len(arrows) == 2:
            # FAQ exp Q1: at a fork the mover chooses; arrows in direction-index order.
            arrow = arrows[(branches >> used) & 1] if used < MAX_BRANCH_CHOICES else arrows[0]
            used += 1
        heading[square] = river_target(state, square, arrow)
    contests = 0
    first_in: dict[int, int] = {}  # contested confluence -> the tile whose piece moves into it
    carried = []
    for square in order:
        piece = turn.board[square]
        target = heading.get(square)
        if piece is not None and first_in.get(target, square) == square:
            if target is None:
                turn.board[square] = None  # off the board: the piece leaves the game
                carried.append((piece, square, None))
                turn.orbiters.discard(square)
            elif turn.board[target] is None:
                turn.board[target], turn.board[square] = piece, None
                carried.append((piece, square, target))
                turn.orbiters.discard(square)  # P-13: a penguin carried by a river may not orbit
        feeders = sorted(f for f, t in heading.items() if t == square)
        if turn.board[square] is None and len(feeders) >= 2:
            high = contests < MAX_CONFLUENCE_CHOICES and (priority >> contests) & 1
            first_in[square] = feeders[-1] if high else feeders[0]
            contests += 1
    turn.note(RIVER, moves=tuple(carried))
    return used, contests


def seagull_watch(state: State, gull: int) -> set[int]:
    """P-11, FAQ Q6: the spaces next to the seagull on `gull`; across the board's edge does not count."""
    around = (edge_neighbour(state.width, state.height, gull, d) for d in range(len(DIRECTIONS)))
    return {s for s in around if s is not None}


def _seagull_moves(state: State, turn: _Turn, entered) -> bool:
    """P-11: the exploration entered a space next to where the seagull stood before the move, the
    move has not been won and the seagull is still on the board (a river may have carried it off)."""
    gull = find_piece(state.board, SEAGULL) if SEAGULL in state.barrier_kinds else None
    return (gull is not None and not turn.won and bool(set(entered) & seagull_watch(state, gull))
            and find_piece(turn.board, SEAGULL) is not None)


def _seagull_stage(state: State, turn: _Turn, entered, fixed: Move | None):
    """P-11: an exploration that entered a space next to the seagull must move it to an empty space."""
    options = [-1]
    if _seagull_moves(state, turn, entered):
        now = find_piece(turn.board, SEAGULL)
        empties = [s for s in range(state.size) if turn.board[s] is None]
        if empties:
            options = empties
        else:
            turn = turn.copy()
            turn.board[now] = None  # no empty space: the seagull leaves the game
            turn.note(SEAGULL, square=now, moves=((Piece(SEAGULL), now, None),))
    for target in _pick(fixed, "seagull", options, -1, "seagull move"):
        if target < 0:
            yield {}, turn
            continue
        after = turn.copy()
        now = find_piece(after.board, SEAGULL)
        after.board[target], after.board[now] = after.board[now], None
        after.note(SEAGULL, square=now, moves=((after.board[target], now, target),))
        yield {"seagull": target}, after


def _krill_stage(state: State, turn: _Turn, entered, fixed: Move | None):
    """P-23, FAQ exp Q4: one optional extra egg per krill tile entered, each on an empty space."""
    krill = sum(1 for s in entered if state.tile(s) is not None and state.tile(s).kind == KRILL)
    options: list[tuple[int, ...]] = [()]
    supply = turn.supply[state.to_move]
    if krill and not turn.won and supply:
        empties = [s for s in range(state.size) if turn.board[s] is None]
        options += [(s,) for s in empties]
        if krill >= 2 and supply >= 2:
            options += list(combinations(empties, 2))
    if fixed is not None and fixed.krill not in options:
        raise _Refused("those krill eggs are not possible here" if options != [()] else "this move has no krill eggs")
    for targets in options if fixed is None else [fixed.krill]:
        after = turn
        if targets:
            after = turn.copy()
            for s in targets:
                after.lay(state.to_move, s)
            after.note(KRILL, laid=targets, side=state.to_move)
        yield ({"krill": targets} if targets else {}), after


def krill_slots(move: Move) -> tuple[int, ...]:
    """When each krill egg of `move` is laid (KRILL_SLOTS), in the order of `move.krill`."""
    return tuple((move.krill_order >> 2 * k) & 3 for k in range(len(move.krill)))


def krill_order(slots) -> int:
    """The krill_order field of eggs laid at `slots` (KRILL_SLOTS), one per egg of the move's `krill`."""
    return sum(slot << 2 * k for k, slot in enumerate(slots))


def _krill_choice(krill: dict, slot: int) -> dict:
    """A krill stage's choice with every egg laid at `slot`."""
    order = krill_order([slot] * len(krill.get("krill", ())))
    return {**krill, "krill_order": order} if order else krill


def _gull_krill_stage(state: State, turn: _Turn, entered, fixed: Move | None):
    """P-11 and P-23 in the mover's order (P-9a): the seagull first, then the krill eggs first where
    that gives a position the seagull first does not (a winning krill egg, or the last empty space
    filled so that the seagull leaves the game)."""
    krill_first = fixed is not None and fixed.krill_order
    seagull_first: list[_Turn] = []
    if not krill_first:
        for gull, t1 in _seagull_stage(state, turn, entered, fixed):
            for krill, t2 in _krill_stage(state, t1, entered, fixed):
                seagull_first.append(t2)
                yield {**gull, **krill}, t2
        if fixed is not None:
            return
    elif not fixed.krill:
        raise _Refused("the krill eggs come first only when the move lays krill eggs (P-9a)")
    else:
        seagull_first = [t2 for _, t1 in _seagull_stage(state, turn, entered, None)
                         for _, t2 in _krill_stage(state, t1, entered, None)]
    seen: set | None = None  # the positions already listed, made only once a krill egg comes first
    for krill, t1 in _krill_stage(state, turn, entered, fixed):
        if not krill:
            continue  # no krill egg: the seagull first, already listed
        if seen is None:
            seen = {t.key() for t in seagull_first}
        for gull, t2 in _seagull_stage(state, t1, entered, fixed):
            if t2.key() in seen:
                if krill_first:
                    raise _Refused("the krill eggs first give the same position as the seagull first: "
                                   "write the move without kf (P-9a)")
                continue
            seen.add(t2.key())
            yield {**gull, **_krill_choice(krill, KRILL_BEFORE_GULL)}, t2


# P-9a: the orders with the seagull (g) and/or the krill eggs (k) before the stop effects (s: tent
# and river), in the order they are listed, after the stop effects first; with the seagull_early
# flag and the krill eggs' slot that name each.
EARLY_ORDERS = (
    ("gsk", 1, KRILL_LAST),
    ("ksg", 0, KRILL_BEFORE_STOPS),
    ("gks", 1, KRILL_BEFORE_STOPS),
    ("kgs", 1, KRILL_BEFORE_GULL),
)
# The Move fields the follow-up stage chooses, with their "nothing" values.
FOLLOW_UPS = {"river_first": 0, "river_priority": 0, "branches": 0, "seagull": -1, "krill": (), "krill_order": 0,
              "seagull_early": 0}


def _follow_up_stage(state: State, turn: _Turn, entered, stop, fixed: Move | None):
    """The stop effects (tent P-16, river P-19), the seagull (P-11) and the krill eggs (P-23), which
    trigger together, in the mover's order (P-9a).

    Listed first: the stop effects, then the seagull and krill (either first, _gull_krill_stage);
    then, where the tent or river acts, the versions with the seagull and/or the krill eggs before
    them (EARLY_ORDERS); then the krill eggs apart (_apart_ways): each egg is an effect of its own,
    so two eggs may be laid at different times, and an egg may be laid between the tent and the
    river. Each version is listed only where it gives a position not listed before for this action.
    """
    slots = krill_slots(fixed) if fixed is not None else ()
    apart = len(set(slots)) > 1 or KRILL_BETWEEN_STOPS in slots
    early = fixed is not None and (fixed.seagull_early or KRILL_BEFORE_STOPS in slots or apart)
    if not early:
        for stop_choices, t4 in _stop_stage(state, turn, entered, stop, fixed):
            for gull_krill, t6 in _gull_krill_stage(state, t4, entered, fixed):
                yield {**stop_choices, **gull_krill}, t6
        if fixed is not None:
            return
    wanted = None if fixed is None else {name: getattr(fixed, name) for name, nothing in FOLLOW_UPS.items()
                                         if getattr(fixed, name) != nothing}
    seen: set | None = None  # the positions already listed, made only once another order is tried
    for choices, after in chain(_early_ways(state, turn, entered, stop), _apart_ways(state, turn, entered, stop)):
        if seen is None:
            seen = {t6.key() for _, t4 in _stop_stage(state, turn, entered, stop, None)
                    for _, t6 in _gull_krill_stage(state, t4, entered, None)}
        key = after.key()
        if key in seen:
            if choices == wanted:
                raise _Refused("the seagull or krill eggs in that order give a position listed with an earlier "
                               "order: write that move (P-9a)")
            continue
        seen.add(key)
        if wanted is None:
            yield choices, after
        elif choices == wanted:
            yield choices, after
            return
    if early:
        raise _Refused("the seagull or krill eggs cannot come before or between the tent and river that way here: "
                       "ge needs a seagull that moves, ke and ko: krill eggs, and all of them a tent or river that "
                       "acts (ko:m both) (P-9a)")


def _early_ways(state: State, turn: _Turn, entered, stop):
    """The versions of EARLY_ORDERS, in order, where an early part can matter (P-9a): the seagull
    stands or lands on a space the tent or river acts on, or has no empty space to go to (a river
    may free one); a krill egg lands on such a space, or wins (the stop effects then do not happen).
    Elsewhere the early part and the stop effects act on different spaces and commute, giving a
    position that the stop effects first give too."""
    region = _stop_region(state, turn, stop)
    if not region:
        return
    gull = find_piece(turn.board, SEAGULL) if _seagull_moves(state, turn, entered) else None

    def run(order: str, t: _Turn, choices: dict, matters: bool, slot: int):
        if not order:
            yield choices, t
            return
        name, rest = order[0], order[1:]
        early = "s" in rest
        if name == "s":
            if matters:
                for choice, after in _stop_stage(state, t, entered, stop, None):
                    yield from run(rest, after, {**choices, **choice}, matters, slot)
        elif name == "g":
            for choice, after in _seagull_stage(state, t, entered, None):
                where = find_piece(after.board, SEAGULL)
                moved = early and (gull in region or where is None or where in region)
                yield from run(rest, after, {**choices, **choice}, matters or moved, slot)
        else:
            for choice, after in _krill_stage(state, t, entered, None):
                if early and not choice:
                    continue  # no krill egg: nothing comes early
                laid = early and (after.won or bool(region.intersection(choice["krill"])))
                yield from run(rest, after, {**choices, **_krill_choice(choice, slot)}, matters or laid, slot)

    for order, seagull_early, slot in EARLY_ORDERS:
        if gull is None and order.index("g") < order.index("s"):
            continue  # no seagull move to make early
        for choices, after in run(order, turn, {}, False, slot):
            yield ({**choices, "seagull_early": 1} if seagull_early else choices), after


def _apart_slots(eggs: int, slots: set[int], seagull_early: int) -> list[tuple[int, ...]]:
    """The slots of the krill eggs laid apart (P-9a), in the order they are tried: each tuple in the
    order the eggs are laid. One egg between the stop effects; then two eggs at two different times
    away from the stop effects, both between them, and one between them with the other elsewhere.
    A version whose eggs could be laid together gives a position listed before (_apart_ways). With
    the seagull between the stop effects (seagull_early 2) an egg must be laid after it, between
    them (and win): else the seagull could move before or after the tent, whose turn only carries
    it round the ring."""
    timeline = {0: (KRILL_BEFORE_STOPS, KRILL_BETWEEN_STOPS, KRILL_BEFORE_GULL, KRILL_LAST),
                1: (KRILL_BEFORE_GULL, KRILL_BEFORE_STOPS, KRILL_BETWEEN_STOPS, KRILL_LAST),
                2: (KRILL_BEFORE_STOPS, KRILL_BEFORE_GULL, KRILL_BETWEEN_STOPS, KRILL_LAST)}[seagull_early]
    between = KRILL_BETWEEN_STOPS
    out = [(between,)] if between in slots else []
    if eggs >= 2:
        pairs = [(a, b) for i, a in enumerate(timeline) for b in timeline[i + 1:] if a in slots and b in slots]
        out += [pair for pair in pairs if between not in pair and seagull_early != 2]
        out += [(between, between)] if between in slots else []
        out += [pair for pair in pairs if between in pair]
    return out


def _apart_ways(state: State, turn: _Turn, entered, stop):
    """The versions with the krill eggs apart (P-9a, each egg its own effect), in _apart_slots order;
    for each, the choices stage by stage in the order the effects happen.

    Tried only where they can give a new position. An egg between the tent and the river must win
    (else it could be laid before or after the tent, whose turn just moves it round the ring), or,
    with two eggs there, the second must. Two eggs at different times: the first must land on a
    space the tent or river acts on, or fill the last empty space (before the seagull), and the
    second land on such a space, win, or take the space the seagull left; else either egg could
    join the other (an order listed before) and give the same position.
    """
    me = state.to_move
    krill = sum(1 for s in entered if state.tile(s) is not None and state.tile(s).kind == KRILL)
    if not krill or turn.won or not turn.supply[me]:
        return
    tent_turns, river_flows = _stop_triggers(state, turn, stop)
    gull_moves = _seagull_moves(state, turn, entered)
    region = _stop_region(state, turn, stop)
    slots = {KRILL_LAST} | ({KRILL_BEFORE_GULL} if gull_moves else set()) | ({KRILL_BEFORE_STOPS} if region else set())
    if tent_turns and river_flows:
        slots.add(KRILL_BETWEEN_STOPS)
    stops = [TENT] * tent_turns + [RIVER] * river_flows
    network = _river_network(state, stop) if river_flows else []
    ways = [(first, priority, branches) for first in range(len(stops)) for priority in range(4 if river_flows else 1)
            for branches in range(4 if river_flows else 1)]

    def stop_effect(t: _Turn, way: tuple, k: int) -> _Turn | None:
        """The k-th stop effect in `way`'s order carried out; None when `way` has a choice that is not there."""
        first, priority, branches = way
        effect = (stops[::-1] if first else stops)[k]
        after = t.copy()
        if effect == TENT:
            if not t.won:
                _turn_tent(state, after, state.tiles_of(TENT)[0])
            return after
        used, contests = _flow(state, after, network, priority, branches) if not t.won else (0, 0)
        return after if branches < 1 << used and priority < 1 << contests else None

    def run(tokens: list, t: _Turn, choices: dict, way: tuple, laid: list, vacated: int | None):
        if not tokens:
            if len(laid) == len(egg_slots):
                names = ("river_first", "river_priority", "branches")
                order = sorted(laid, key=lambda egg: egg[0])  # by space; the same space twice: in the order laid
                yield ({**{n: v for n, v in zip(names, way) if v}, **choices, "krill": tuple(s for s, _ in order),
                        "krill_order": krill_order([slot for _, slot in order])}, t)
            return
        token, rest = tokens[0], tokens[1:]
        if token == "g":
            before = find_piece(t.board, SEAGULL)
            for choice, after in _seagull_stage(state, t, entered, None):
                yield from run(rest, after, {**choices, **choice}, way, laid, before)
        elif token in ("x", "y"):
            for chosen in ways if token == "x" else [way]:
                after = stop_effect(t, chosen, 0 if token == "x" else 1)
                if after is not None:
                    yield from run(rest, after, choices, chosen, laid, vacated)
        elif not t.won:
            k = len(laid)
            last_between = egg_slots[k] == KRILL_BETWEEN_STOPS and KRILL_BETWEEN_STOPS not in egg_slots[k + 1:]
            for square in (s for s in range(state.size) if t.board[s] is None):
                after = t.copy()
                after.lay(me, square)
                after.note(KRILL, laid=(square,), side=me)
                if last_between and not after.won:
                    continue
                if len(set(egg_slots)) > 1:
                    full = all(piece is not None for piece in after.board)
                    if k == 0 and not (square in region or full):
                        continue
                    if k == 1 and not (square in region or after.won or square == vacated):
                        continue
                yield from run(rest, after, choices, way, [*laid, (square, egg_slots[k])], vacated)

    gull_times = [0] + [1] * bool(gull_moves and region) + [2] * bool(gull_moves and len(stops) == 2)
    for seagull_early in gull_times:
        gull = ["g"] if gull_moves else []
        for egg_slots in _apart_slots(min(krill, turn.supply[me]), slots, seagull_early):
            tokens = {0: ["x", "y"][:len(stops)] + gull, 1: gull + ["x", "y"][:len(stops)], 2: ["x", "g", "y"]}[seagull_early]
            for k in range(len(egg_slots) - 1, -1, -1):
                anchor = {KRILL_BEFORE_STOPS: "x", KRILL_BETWEEN_STOPS: "y", KRILL_BEFORE_GULL: "g"}.get(egg_slots[k])
                tokens.insert(tokens.index(anchor) if anchor else len(tokens), "k")
            for choices, after in run(tokens, turn, {}, (0, 0, 0), [], None):
                yield ({**choices, "seagull_early": seagull_early} if seagull_early else choices), after


def _blazing_stage(state: State, turn: _Turn, fixed: Move | None):
    """P-22, FAQ exp Q6: at the end of a play turn not yet won, one egg next to a blazing tile goes back."""
    options = [-1]
    if state.phase == PLAY and not turn.won:
        near = state.next_to(BLAZING)
        hot = [s for s in sorted(near) if turn.board[s] is not None and turn.board[s].kind == EGG]
        options = hot or [-1]
    for square in _pick(fixed, "blazing", options, -1, "blazing removal"):
        if square < 0:
            yield {}, turn
            continue
        after = turn.copy()
        after.note(BLAZING, square=square, removed=((after.board[square], square),))
        after.send_back(square)
        yield {"blazing": square}, after


def _variants(state: State, fixed: Move | None, trace: bool = False) -> Iterator[tuple[Move, _Turn]]:
    """Every legal move of `state` with the turn after it, in the fixed order (P-9).

    With `fixed`, only that move: it is yielded once if legal, else _Refused says why.
    Pre-effects come first in the order, so a board without barriers or tiles keeps the plain
    action order: placements by space, hatchings by space, explorations by space and direction.
    With `trace`, each turn records its Events (move_events).
    """
    if fixed is not None and fixed.seal_first and not fixed.emperor == fixed.seal != NOT_MOVED:
        raise _Refused("the seal steps first only when it and the emperor penguin both step before, or both after, the action")
    start = _Turn(state, trace)
    for before, t2 in _barrier_stage(state, start, BEFORE, fixed, False, False):
        for base, action, t3, entered, stop in _action_stage(state, t2, fixed):
            for follow_ups, t6 in _follow_up_stage(state, t3, entered, stop, fixed):
                for after, t8 in _barrier_stage(state, t6, AFTER, fixed, "emperor" in before, "seal" in before):
                    for blaze, t9 in _blazing_stage(state, t8, fixed):
                        parts = {**before, **action, **follow_ups, **after, **blaze}
                        yield (Move(base.action, base.square, base.direction, **parts) if parts else base), t9


def _barrier_stage(state: State, turn: _Turn, timing: int, fixed: Move | None, emperor_moved: bool, seal_moved: bool):
    """P-12, P-14, P-9a: the emperor penguin, then the seal, at `timing`; then the seal first where
    that gives a position the emperor first does not (the same steps illegal or ending elsewhere)."""
    seal_first = fixed is not None and fixed.seal_first and fixed.emperor == timing
    if not seal_first:
        for emperor, t1 in _effect_stage(state, turn, EMPEROR, timing, fixed, emperor_moved):
            for seal, t2 in _effect_stage(state, t1, SEAL, timing, fixed, seal_moved):
                yield {**emperor, **seal}, t2
    if fixed is not None and not seal_first:
        return
    for seal, t1 in _effect_stage(state, turn, SEAL, timing, fixed, seal_moved):
        for emperor, t2 in _effect_stage(state, t1, EMPEROR, timing, fixed, emperor_moved) if seal else ():
            if not emperor:
                continue
            if _steps_key(state, turn, timing, emperor["emperor_direction"], seal["seal_direction"]) == t2.key():
                if seal_first:
                    raise _Refused("the seal first gives the same position as the emperor penguin first: "
                                   "write the emperor first (P-9a)")
                continue
            yield {**emperor, **seal, "seal_first": 1}, t2


def _steps_key(state: State, turn: _Turn, timing: int, emperor: int, seal: int) -> tuple | None:
    """The turn's key after the emperor steps `emperor`, then the seal `seal`; None when that order is illegal."""
    steps = Move(SLIDE, 0, emperor=timing, emperor_direction=emperor, seal=timing, seal_direction=seal)
    try:
        (_, t1), = _effect_stage(state, turn, EMPEROR, timing, steps, False)
        (_, t2), = _effect_stage(state, t1, SEAL, timing, steps, False)
    except _Refused:
        return None
    return t2.key()


# ------------------------------------------------------------------------------ the public rules


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the side to move, in a fixed order; empty once the game is over."""
    if status(state, check_moves=False) != ONGOING:
        return []
    return [move for move, _ in _variants(state, None)]


def status(state: State, check_moves: bool = True) -> int:
    """ONGOING, WIN_A, WIN_B or DRAW, checked in P-8's order."""
    just_moved = 1 - state.to_move
    for side in (just_moved, state.to_move):
        if state.supply[side] == 0:
            return WIN_A if side == 0 else WIN_B
    if state.ply >= state.rules.ply_cap:
        return DRAW
    if check_moves and next(_variants(state, None), None) is None:
        return WIN_A if state.to_move == 1 else WIN_B
    return ONGOING


def is_over(state: State) -> bool:
    """True once the game has ended (P-8)."""
    return status(state) != ONGOING


def results(state: State) -> tuple[float, float]:
    """Each side's result of a finished game: 1 win, 0 loss, 1/2 each for a draw."""
    outcome = status(state)
    return {WIN_A: (1.0, 0.0), WIN_B: (0.0, 1.0)}.get(outcome, (0.5, 0.5))


def illegal_reason(state: State, move: Move) -> str | None:
    """Why `move` is not legal in `state`, in plain words; None if it is legal."""
    if status(state) != ONGOING:
        return "the game is over"
    try:
        next(_variants(state, move))
    except _Refused as refusal:
        return str(refusal)
    return None


def apply(state: State, move: Move) -> State:
    """The position after `move`; raises IllegalMove, saying why, if it is not legal here."""
    reason = illegal_reason(state, move)
    if reason is not None:
        raise IllegalMove(f"{move.action} on {move.square} is illegal: {reason}")
    return successor(state, move)


def successor(state: State, move: Move) -> State:
    """The position after `move`, which must be one of `legal_moves(state)`."""
    _, turn = next(_variants(state, move))
    return _after(state, turn)


def _after(state: State, turn: _Turn) -> State:
    """The position that follows `state` once the turn is carried out."""
    phase, to_move = state.phase, 1 - state.to_move
    if state.phase == SETUP and state.to_move == 1:
        phase, to_move = PLAY, 0  # P-4: after B's rival egg, A plays first
    return replace(turn.view(state), to_move=to_move, phase=phase, ply=state.ply + 1)


def steps_before(state: State, turn: _Turn, move: Move) -> None:
    """Carry out the emperor's and the seal's steps that `move` makes before its action, in its order (P-9a)."""
    steps = ((EMPEROR, move.emperor, move.emperor_direction), (SEAL, move.seal, move.seal_direction))
    for kind, timing, direction in steps[::-1] if move.seal_first else steps:
        if timing == BEFORE:
            _move_effect(state, turn, kind, direction)


def exploration(state: State, move: Move) -> tuple[tuple[int, ...], int | None]:
    """The spaces a legal exploration enters (a storm's throw included) and where it ends (None: seaweed)."""
    turn = _Turn(state)
    steps_before(state, turn, move)
    path = walk(state, turn.board, move.square, move.action, move.direction, bool(move.hole_jump))
    _, entered, stop = _explore(state, turn, move.square, path, move.storm_push)
    return entered, stop


def touched_spaces(state: State, move: Move) -> tuple[int, ...]:
    """The spaces a legal move acts on: its space, an exploration's path, then every other space it changes."""
    spaces = [move.square]
    if move.action in EXPLORATIONS:
        entered, _ = exploration(state, move)
        spaces += entered
    after = successor(state, move)
    spaces += [s for s in range(state.size) if after.board[s] != state.board[s] and s not in spaces]
    return tuple(spaces)


def perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly `depth` plies (P-8a)."""
    if depth == 0:
        return 1
    if status(state, check_moves=False) != ONGOING:
        return 0
    if depth == 1:
        return sum(1 for _ in _variants(state, None))
    return sum(perft(_after(state, turn), depth - 1) for _, turn in _variants(state, None))


# ------------------------------------------------------------------------------ what a move did


def move_events(state: State, move: Move) -> tuple[Event, ...]:
    """What the legal `move` does, part by part in the order it happens (P-9), ending with WON if it wins.

    Traced while `successor`'s own code path carries the move out, so the explanation is what happens.
    """
    _, turn = next(_variants(state, move, trace=True))
    events = tuple(turn.events)
    if turn.won:
        winner = 0 if turn.supply[0] == 0 else 1
        events += (Event(WON, side=winner),)
    return events


def winning_moves(state: State) -> list[Move]:
    """The legal moves after which the side to move has won at once (its supply is empty)."""
    if status(state, check_moves=False) != ONGOING:
        return []
    return [move for move, turn in _variants(state, None) if turn.supply[state.to_move] == 0]
