"""Random penguins positions and games for the differential and property tests."""

from __future__ import annotations

import random
from dataclasses import replace

from solver.errors import NotationError
from solver.games.penguins.penguins_rules import (
    BLAZING, CCW, CW, EGG, EMPEROR, FREEZING, HATCH, HOLE, ICEBERG, KRILL, NEST, ORBIT, PENGUIN, PLAY, RADIATION,
    RIVER, SEAGULL, SEAL, SEAWEED, SLIDE, STAR, STORM, TENT, Piece, Rules, State, Tile, edge_neighbour, is_edge,
    new_game, orbit_ring, ring,
)
from solver.games.penguins.penguins_notation import format_position, parse_position


def random_position(rng: random.Random) -> State:
    """A valid random position: any size 4..8, icebergs, penguins and eggs of both sides.

    Supplies are often small so that games also end by an empty supply in the middle of a slide.
    """
    width, height = rng.randint(4, 8), rng.randint(4, 8)
    spaces = list(range(width * height))
    rng.shuffle(spaces)
    rules = Rules(ply_cap=rng.choice((300, rng.randint(5, 60))), eggs=rng.randint(4, 16))
    board: list[Piece | None] = [None] * (width * height)
    take = iter(spaces)  # at most 6 icebergs + 8 penguins + 2 * (spaces // 4) eggs: always fits
    for _ in range(rng.randint(0, 6)):
        board[next(take)] = Piece(ICEBERG)
    return _play_position(rng, width, height, board, take, rules, 0, (len(spaces) - 14) // 2,
                          lambda eggs: rules.eggs - eggs)


def _play_position(rng: random.Random, width: int, height: int, board: list, take, rules: Rules,
                   least_penguins: int, most_eggs: int, most_supply, terrain: tuple = ()) -> State:
    """A play-phase position on `board`: each side's penguins (at least `least_penguins`
    assistants, the star 40% of the time) and up to `most_eggs` eggs on spaces drawn from `take`,
    supplies of 1..most_supply(eggs on the board), a random side to move and ply."""
    assistants, stars, supply = [], [], []
    for side in (0, 1):
        on_board = rng.randint(least_penguins, rules.assistants)
        star = rng.random() < 0.4
        for _ in range(on_board):
            board[next(take)] = Piece(PENGUIN, side)
        if star:
            board[next(take)] = Piece(STAR, side)
        eggs = rng.randint(0, min(rules.eggs - 1, most_eggs))
        for _ in range(eggs):
            board[next(take)] = Piece(EGG, side)
        assistants.append(rules.assistants - on_board)
        stars.append(0 if star else 1)
        supply.append(rng.randint(1, most_supply(eggs)))
    return State(
        width=width,
        height=height,
        board=tuple(board),
        supply=tuple(supply),
        unused_assistants=tuple(assistants),
        unused_stars=tuple(stars),
        to_move=rng.randint(0, 1),
        phase=PLAY,
        ply=rng.randint(0, 3),
        rules=rules,
        terrain=terrain,
    )


def random_start(rng: random.Random) -> State:
    """A game start (setup phase) on a random size with random icebergs."""
    width, height = rng.randint(4, 8), rng.randint(4, 8)
    icebergs = tuple(rng.sample(range(width * height), rng.randint(0, 5)))
    return new_game(width, height, icebergs, Rules(ply_cap=rng.choice((300, 80))))


def pick_move(rng: random.Random, moves: list):
    """A random move, biased towards slides and hatches so games reach penguin play quickly."""
    lively = [m for m in moves if m.action in (SLIDE, ORBIT, HATCH)]
    if lively and rng.random() < 0.7:
        return rng.choice(lively)
    return rng.choice(moves)



# Flat tiles placed at random, with the most each board may hold (the notation's limits).
FLAT_TILES = {STORM: 2, HOLE: 2, FREEZING: 2, RADIATION: 3, SEAWEED: 2}
# These multiply each other's choices (seagull target x krill eggs x emperor x seal x blazing egg),
# so a board holds at most two of them: the reference rules then list at most a few thousand moves.
MULTIPLIERS = (SEAGULL, EMPEROR, SEAL, KRILL, BLAZING)
OPPOSITE = (1, 0, 3, 2, 5, 4)  # the direction index pointing back


def random_tile_position(rng: random.Random) -> State:
    """A valid random mid-game position on a 4..6 x 4..6 board with random barriers and terrain.

    Every tile type is likely (rivers with forks and confluences, both tent senses, two holes),
    supplies are small so games end within a few plies; a penguin next to the nest may not orbit
    one time in two (P-13). Layouts the notation refuses (a river that does not reach the edge,
    say) are drawn again.
    """
    while True:
        state = _tile_attempt(rng)
        state = replace(state, board=_seal_beside_emperor(rng, _crowd_rivers(rng, state), state.width, state.height),
                        no_orbit=frozenset(s for s in orbit_ring(state, state.board) if rng.random() < 0.5))
        try:
            return parse_position(format_position(state))
        except NotationError:
            continue


def random_tile_start(rng: random.Random) -> State:
    """A game start (setup phase, P-4) on a random tile board: barriers and terrain, few eggs."""
    layout = random_tile_position(rng)
    barriers = {s: p.kind for s, p in enumerate(layout.board) if p is not None and p.side is None}
    terrain = {s: t for s, t in enumerate(layout.terrain) if t is not None}
    rules = Rules(ply_cap=rng.randint(10, 40), eggs=rng.randint(3, 6))
    return new_game(layout.width, layout.height, rules=rules, barriers=barriers, terrain=terrain)


def _tile_attempt(rng: random.Random) -> State:
    """One random draw of random_tile_position, not yet validated."""
    width, height = rng.randint(4, 6), rng.randint(4, 6)
    size = width * height
    terrain: list[Tile | None] = [None] * size
    roll = rng.random()
    if roll < 0.6:
        _random_river(rng, width, height, terrain)
    elif roll < 0.85:
        _tent_river(rng, width, terrain)
    busy = rng.sample(MULTIPLIERS, rng.randint(1, 2))
    if KRILL not in busy and rng.random() < 0.6:
        busy[0] = KRILL  # two krill eggs in one move need a slide across both tiles: make krill common
    if busy == [KRILL] and rng.random() < 0.7:
        busy.append(SEAGULL)  # P-9a: krill eggs laid before the seagull moves, a winning or space-filling egg
    if busy == [EMPEROR]:
        busy.append(SEAL)  # P-9a: the seal may step before the emperor (they are rarely drawn together)
    kinds = [k for k in FLAT_TILES if rng.random() < 0.6] + [k for k in (KRILL, BLAZING) if k in busy]
    if rng.random() < 0.6 and not any(t is not None and t.kind == TENT for t in terrain):
        kinds.append(TENT)
    for kind in kinds:
        placed = []
        for _ in range(1 if kind == TENT else 2 if kind in (HOLE, KRILL) else rng.randint(1, 2)):
            spots = [s for s in range(size) if terrain[s] is None and (kind != SEAWEED or is_edge(width, height, s))]
            if kind == KRILL and placed:
                # The second krill next to the first, so that one slide can cross both.
                spots = [s for s in ring(width, height, placed[0]) if terrain[s] is None]
            if spots:
                placed.append(rng.choice(spots))
                terrain[placed[-1]] = Tile(kind, sense=rng.choice((CW, CCW)) if kind == TENT else "")
    spaces = list(range(size))
    rng.shuffle(spaces)
    take = iter(spaces)  # at most 5 barriers + 8 penguins + eggs of both sides: always fits
    board: list[Piece | None] = [None] * size
    for kind in (SEAGULL, EMPEROR, NEST, SEAL):
        if kind in busy or (kind == NEST and rng.random() < 0.6):
            board[next(take)] = Piece(kind)
    for _ in range(rng.randint(0, 1)):
        board[next(take)] = Piece(ICEBERG)
    rules = Rules(ply_cap=rng.randint(8, 40), eggs=rng.randint(4, 12))
    # Krill eggs come after the slide's own eggs: krill boards get fuller supplies.
    return _play_position(rng, width, height, board, take, rules, 1, (size - 16) // 2 + 2,
                          lambda eggs: min(8 if KRILL in busy else 4, rules.eggs - eggs), tuple(terrain))


def _crowd_rivers(rng: random.Random, state: State) -> tuple:
    """The board with an iceberg on most empty forks and tiles that flow into a confluence, so that
    the mover often picks a fork's arrow and two pieces often head into one tile (FAQ exp Q1, Q2:
    the mover chooses which moves first); and where a river runs on the tent's ring, often an
    iceberg on the tent (slides stop before it, on the ring) and no egg or barrier on the ring, so
    that tent and river often commute (P-9a)."""
    board = list(state.board)
    tent = state.tiles_of(TENT)
    around = ring(state.width, state.height, tent[0]) if tent else ()
    if any(state.tile(s) is not None and state.tile(s).kind == RIVER for s in around) and rng.random() < 0.9:
        if board[tent[0]] is None:
            board[tent[0]] = Piece(ICEBERG)
        for square in around:
            if board[square] is not None and board[square].kind not in (PENGUIN, STAR):
                board[square] = None
    rivers = state.tiles_of(RIVER)
    into: dict[int, list[int]] = {}
    for square in rivers:
        for arrow in state.tile(square).arrows:
            into.setdefault(edge_neighbour(state.width, state.height, square, arrow), []).append(square)
    forks = [s for s in rivers if len(state.tile(s).arrows) == 2]
    feeding = [f for target, feeders in into.items() if target is not None and len(feeders) == 2 for f in feeders]
    for square in forks + feeding:
        if board[square] is None and rng.random() < 0.6:
            board[square] = Piece(ICEBERG)
    return tuple(board)


def _seal_beside_emperor(rng: random.Random, board: tuple, width: int, height: int) -> tuple:
    """The board with the seal moved next to the emperor penguin half the time, so that the order of
    their steps often matters (P-9a: the emperor may step into the space the seal leaves)."""
    if Piece(SEAL) not in board or Piece(EMPEROR) not in board or rng.random() < 0.5:
        return board
    empty = [s for s in ring(width, height, board.index(Piece(EMPEROR))) if board[s] is None]
    if not empty:
        return board
    moved = list(board)
    moved[board.index(Piece(SEAL))] = None
    moved[rng.choice(empty)] = Piece(SEAL)
    return tuple(moved)


def _tent_river(rng: random.Random, width: int, terrain: list) -> None:
    """A tent on rank 2 and a river of three tiles along its ring in the tent's sense, leaving the
    top edge: tent and river then often give the same position in either order (P-9a)."""
    q = rng.randint(1, width - 2)
    tent = width + q
    sense = rng.choice((CW, CCW))
    terrain[tent] = Tile(TENT, sense=sense)
    west, north_west, north_east, east = tent - 1, q, q + 1, tent + 1
    # Directions (DIRECTIONS order E W SE NW NE SW): clockwise W > NW > NE > off; counter-clockwise E > NE > NW > off.
    if sense == CW:
        tiles = ((west, 4), (north_west, 0), (north_east, 3))
    else:
        tiles = ((east, 3), (north_east, 1), (north_west, 4))
    for square, arrow in tiles:
        terrain[square] = Tile(RIVER, arrows=(arrow,))


def _random_river(rng: random.Random, width: int, height: int, terrain: list) -> None:
    """A straight river running off the board's edge, maybe a tributary (a confluence) and a fork."""
    start, direction = rng.randrange(width * height), rng.randrange(6)
    line = []
    square = start
    while square is not None and len(line) < 5:
        line.append(square)
        square = edge_neighbour(width, height, square, direction)
    if square is not None:
        return  # too long to reach the edge: no river this time
    for square in line:
        terrain[square] = Tile(RIVER, arrows=(direction,))
    if rng.random() < 0.7:
        inflow = rng.randrange(6)
        target = rng.choice(line)
        source = edge_neighbour(width, height, target, OPPOSITE[inflow])
        if source is not None and terrain[source] is None:
            terrain[source] = Tile(RIVER, arrows=(inflow,))
    if rng.random() < 0.8:
        fork = rng.choice(line)
        second = rng.randrange(6)
        if second != direction:
            terrain[fork] = Tile(RIVER, arrows=tuple(sorted((direction, second))))
