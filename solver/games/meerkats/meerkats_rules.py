"""Meerkats (Rauf und Runter, seed 003): the readable reference rules, the oracle for
kernels/meerkats/meerkats_kernel.py.

Written to be read next to docs/rules/meerkats.md (rulings M-1..M-8 and the engine's choices).
A game is a setup (each player picks a corner burrow, then draws a super tile and reveals a first
friend), then turns: the roll (a chance node), any luck re-rolls, and one move of exactly the
rolled number of steps (plus two per speed tile), with the flips and their reveals and draws
between turns. Every move, chance outcomes included, is one integer, the same the kernel uses:

    bits 13-15 the kind, bits 0-12 its data
    STEP    the end cell | speed tiles used << 7 | shortcut tiles used << 10
    LUCK    0 (play a luck tile: roll again)
    BURROW  the corner cell a meerkat starts in (setup)
    ROLL    the number rolled, 1..3             (chance)
    DRAW    the super tile drawn: 0 speed, 1 luck, 2 shortcut   (chance)
    REVEAL  the friend kind revealed: 0 chameleon, 1 beetle, 2 mouse, 3 turtle   (chance)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from solver.games.meerkats.meerkats_maze import FRIEND_NAMES, STEPS, Maze
from solver.games.move_codes import move_codes
from solver.games.rules_tools import chance_perft

STEP, LUCK, BURROW, ROLL, DRAW, REVEAL = range(1, 7)
KIND_SHIFT = 13
SPEED_SHIFT, SHORTCUT_SHIFT = 7, 10
CELL_MASK, COUNT_MASK = 0x7F, 0x7

SPEED, LUCKY, SHORTCUT = 0, 1, 2  # super tile kinds (M-7)
TILE_NAMES = ("speed", "luck", "shortcut")
TILE_SUPPLY = (6, 5, 5)  # the 16 super tiles (M-7)
DIE = (1, 1, 2, 2, 3, 3)  # M-2
FRIEND_TILES = 2  # tiles of each friend kind a player owns (M-5)
KINDS = len(FRIEND_NAMES)
DEFAULT_FRIENDS = 4  # M-5
MOST_FRIENDS = KINDS * FRIEND_TILES
MOST_PLAYERS = 4
TURN_CAP = 200  # M-8
NO_CELL = -1
SEATS = "ABCD"

SETUP, EVENTS, ROLLING, MOVING, OVER = "setup", "events", "roll", "move", "over"
PHASES = (SETUP, EVENTS, ROLLING, MOVING, OVER)


move, kind_of, data_of = move_codes(KIND_SHIFT)  # data: the move's argument bits


def step_move(cell: int, speed: int, shortcut: int) -> int:
    """The STEP move ending on `cell` with `speed` and `shortcut` tiles played."""
    return move(STEP, cell | speed << SPEED_SHIFT | shortcut << SHORTCUT_SHIFT)


def step_parts(code: int) -> tuple[int, int, int]:
    """(end cell, speed tiles, shortcut tiles) of a STEP move."""
    data = data_of(code)
    return data & CELL_MASK, data >> SPEED_SHIFT & COUNT_MASK, data >> SHORTCUT_SHIFT & COUNT_MASK


@dataclass(frozen=True)
class Meerkat:
    """One player's meerkat and goals (M-4, M-5); its position is the same on both faces (M-3)."""

    cell: int  # NO_CELL until its burrow is chosen at setup
    met: int  # friends met so far
    seeking: bool  # the current friend is revealed and not met yet (else: heading for a burrow)
    friend: int  # kind of the current friend (or the last one met); -1 before the first reveal
    pool: tuple[int, ...]  # friend tiles still face down, per kind
    tiles: tuple[int, int, int]  # super tiles held: speed, luck, shortcut


@dataclass(frozen=True)
class State:
    """A whole meerkats position."""

    maze: Maze
    friends: int  # friends each player must meet (M-5: 4, configurable 1..8)
    meerkats: tuple[Meerkat, ...]
    face: int  # 0 desert, 1 underground: the face up
    to_move: int
    phase: str
    roll: int  # the number to walk (phase move), else 0
    draws: tuple[bool, ...]  # a super tile still to draw, per seat (after a flip; setup)
    reveals: tuple[bool, ...]  # a friend still to reveal, per seat
    turn: int  # turns played
    turn_cap: int = TURN_CAP
    winner: int = -1  # the seat that won, once over (-1: none, a draw at the turn cap)

    @property
    def players(self) -> int:
        """Seats in the game."""
        return len(self.meerkats)


def new_game(maze: Maze, players: int = 2, friends: int = DEFAULT_FRIENDS, turn_cap: int = TURN_CAP) -> State:
    """The setup (M-4): no meerkat placed yet, every friend tile face down, no super tile held."""
    lonely = Meerkat(NO_CELL, 0, False, -1, (FRIEND_TILES,) * KINDS, (0, 0, 0))
    return State(maze, friends, (lonely,) * players, 0, 0, SETUP, 0, (False,) * players, (False,) * players, 0, turn_cap)


def supply(state: State) -> tuple[int, int, int]:
    """The super tiles in the face-down supply: the 16 less those held (used ones return, M-7)."""
    return tuple(total - sum(m.tiles[t] for m in state.meerkats) for t, total in enumerate(TILE_SUPPLY))


def friend_cell(state: State, seat: int) -> int:
    """The cell of `seat`'s current friend on the face that is up."""
    return state.maze.faces[state.face].friends[state.meerkats[seat].friend]


def stopping_cells(state: State, seat: int) -> frozenset[int]:
    """The cells that end `seat`'s move when reached (M-5, M-6): the current friend while seeking
    it, any burrow once it is met."""
    if state.meerkats[seat].seeking:
        return frozenset((friend_cell(state, seat),))
    return frozenset(state.maze.burrows)


def walk_ends(maze: Maze, face: int, start: int, steps: int, crossings: int, stops: frozenset[int]) -> set[tuple[int, int]]:
    """(cell, walls passed) where a walk of exactly `steps` orthogonal steps from `start` can end,
    back and forth allowed, passing at most `crossings` walls or hedges (M-2); a walk that reaches
    a cell of `stops` ends there, whatever steps are left (M-5, M-6)."""
    walking, ended = {(start, 0)}, set()
    for _ in range(steps):
        going = set()
        for cell, passed in walking:
            for dr, dc in STEPS:
                neighbour = maze.step(face, cell, dr, dc)
                if neighbour is None:
                    continue
                target, side = neighbour
                through = passed + (side is not None)
                if through > crossings:
                    continue
                (ended if target in stops else going).add((target, through))
        walking = going
    return walking | ended


def step_moves(state: State) -> list[int]:
    """The mover's walks for the roll: each end cell with the speed and shortcut tiles it takes
    (M-2, M-7), by speed tiles, then shortcut tiles, then cell."""
    seat = state.to_move
    meerkat = state.meerkats[seat]
    speed, _, shortcut = meerkat.tiles
    stops = stopping_cells(state, seat)
    moves = []
    for extra in range(speed + 1):
        ends = walk_ends(state.maze, state.face, meerkat.cell, state.roll + 2 * extra, shortcut, stops)
        for through in range(shortcut + 1):
            moves += [step_move(cell, extra, through) for cell in sorted(c for c, p in ends if p == through)]
    return moves


def next_event(state: State) -> tuple[int, int]:
    """(seat, DRAW or REVEAL) of the chance event to resolve next: the lowest seat with one
    pending, its draw before its reveal."""
    for seat in range(state.players):
        if state.draws[seat]:
            return seat, DRAW
        if state.reveals[seat]:
            return seat, REVEAL
    raise ValueError("no chance event is pending")


def chance_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The outcomes of the die (M-2), a super tile draw (M-7) or a friend reveal (M-5) with their
    probabilities; [] at a decision."""
    if state.phase == ROLLING:
        return [(move(ROLL, n), Fraction(DIE.count(n), len(DIE))) for n in sorted(set(DIE))]
    if state.phase != EVENTS:
        return []
    seat, event = next_event(state)
    counts = supply(state) if event == DRAW else state.meerkats[seat].pool
    total = sum(counts)
    return [(move(event, kind), Fraction(count, total)) for kind, count in enumerate(counts) if count]


def legal_moves(state: State) -> list[int]:
    """Every legal move (at a chance node: the outcomes), in a fixed order; [] once over."""
    if state.phase == OVER:
        return []
    if state.phase == SETUP:
        return [move(BURROW, cell) for cell in state.maze.burrows]
    if state.phase in (ROLLING, EVENTS):
        return [code for code, _ in chance_outcomes(state)]
    luck = [move(LUCK)] if state.meerkats[state.to_move].tiles[LUCKY] else []
    return luck + step_moves(state)


def _with_meerkat(state: State, seat: int, **changes) -> State:
    """`state` with some fields of one meerkat changed."""
    meerkats = list(state.meerkats)
    meerkats[seat] = replace(meerkats[seat], **changes)
    return replace(state, meerkats=tuple(meerkats))


def _met(state: State, seat: int) -> State:
    """`state` after `seat` meets its current friend: one more met, heading for a burrow (M-5)."""
    return _with_meerkat(state, seat, met=state.meerkats[seat].met + 1, seeking=False)


def _set(flags: tuple[bool, ...], seat: int, value: bool) -> tuple[bool, ...]:
    """`flags` with one seat's flag set to `value`."""
    return tuple(value if s == seat else f for s, f in enumerate(flags))


def successor(state: State, code: int) -> State:
    """The position after the legal move or chance outcome `code` (not checked)."""
    kind, data = kind_of(code), data_of(code)
    seat = state.to_move
    if kind == BURROW:
        state = _with_meerkat(state, seat, cell=data)
        if seat + 1 < state.players:
            return replace(state, to_move=seat + 1)
        # Every meerkat is placed: each player draws a super tile and reveals a first friend (M-5, M-7).
        everyone = (True,) * state.players
        return _settled(replace(state, to_move=0, draws=everyone, reveals=everyone))
    if kind == ROLL:
        return replace(state, phase=MOVING, roll=data)
    if kind == LUCK:
        tiles = list(state.meerkats[seat].tiles)
        tiles[LUCKY] -= 1  # back to the supply (M-7); the re-roll replaces the roll
        return replace(_with_meerkat(state, seat, tiles=tuple(tiles)), phase=ROLLING, roll=0)
    if kind == DRAW:
        event_seat, _ = next_event(state)
        tiles = list(state.meerkats[event_seat].tiles)
        tiles[data] += 1
        state = _with_meerkat(state, event_seat, tiles=tuple(tiles))
        return _settled(replace(state, draws=_set(state.draws, event_seat, False)))
    if kind == REVEAL:
        event_seat, _ = next_event(state)
        return _settled(_revealed(state, event_seat, data))
    return _walked(state, *step_parts(code))


def _revealed(state: State, seat: int, kind: int) -> State:
    """Seat `seat` turns its next friend tile: `kind` is its new friend; standing on that friend
    on the face up meets it at once (M-6)."""
    meerkat = state.meerkats[seat]
    pool = list(meerkat.pool)
    pool[kind] -= 1
    state = _with_meerkat(state, seat, friend=kind, seeking=True, pool=tuple(pool))
    state = replace(state, reveals=_set(state.reveals, seat, False))
    if meerkat.cell == friend_cell(state, seat):
        state = _met(state, seat)
    return state


def _settled(state: State) -> State:
    """After a chance event: draws from an empty supply lapse; with nothing left pending, the
    mover rolls."""
    if sum(supply(state)) == 0:
        state = replace(state, draws=(False,) * state.players)
    if any(state.draws) or any(state.reveals):
        return replace(state, phase=EVENTS)
    return replace(state, phase=ROLLING)


def _walked(state: State, cell: int, speed: int, shortcut: int) -> State:
    """The mover's walk ends on `cell` with the tiles it used; then a meeting, a flip or the win,
    and the turn passes (M-5, M-6, M-8)."""
    seat = state.to_move
    meerkat = state.meerkats[seat]
    tiles = (meerkat.tiles[SPEED] - speed, meerkat.tiles[LUCKY], meerkat.tiles[SHORTCUT] - shortcut)
    state = replace(_with_meerkat(state, seat, cell=cell, tiles=tiles), turn=state.turn + 1, roll=0)
    if meerkat.seeking:
        if cell == friend_cell(state, seat):
            state = _met(state, seat)
    elif cell in state.maze.burrows and meerkat.met == state.friends:
        return replace(state, phase=OVER, winner=seat)  # M-6: no flip needed
    if state.turn >= state.turn_cap:
        return replace(state, phase=OVER)  # M-8: a draw, even on a flipping walk (M-6: nothing pending)
    if not meerkat.seeking and cell in state.maze.burrows:
        state = _flipped(state)
    state = replace(state, to_move=(seat + 1) % state.players)
    return _settled(state)


def _flipped(state: State) -> State:
    """The board turns over (M-6): every player who has met their current friend reveals the
    next one (if any is left to meet); every player still seeking theirs draws a super tile and
    meets that friend at once if standing on its cell on the new face (M-6 as amended)."""
    reveals = tuple(not m.seeking and m.met < state.friends for m in state.meerkats)
    draws = tuple(m.seeking for m in state.meerkats)
    state = replace(state, face=1 - state.face, reveals=reveals, draws=draws)
    for seat, meerkat in enumerate(state.meerkats):
        if meerkat.seeking and meerkat.cell == friend_cell(state, seat):
            state = _met(state, seat)
    return state


def is_over(state: State) -> bool:
    """True once a player has won or the turn cap is reached."""
    return state.phase == OVER


def results(state: State) -> tuple[float, ...]:
    """A finished game: 1 for the winner, 0 for the others; at the turn cap a draw, 1/P each
    (M-8), except that a solo game cut off by the cap is lost (0)."""
    if state.winner >= 0:
        return tuple(1.0 if seat == state.winner else 0.0 for seat in range(state.players))
    share = 1.0 / state.players if state.players > 1 else 0.0
    return (share,) * state.players


def phase_text(state: State) -> str:
    """The phase in a word or two: 'setup', 'events', 'roll', 'move, walk 2', 'over'."""
    return f"move, walk {state.roll}" if state.phase == MOVING else state.phase


def perft(state: State, depth: int) -> int:
    """Move sequences of `depth` decision plies; every chance outcome (die, draw, reveal) is
    expanded without using up depth."""
    return chance_perft(state, depth, chance_outcomes, legal_moves, successor)
