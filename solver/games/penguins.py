"""Penguins (seed 000): the readable reference rules, the oracle the bitboard kernel must match.

Written to be read next to the seed and shared/design/RULINGS.md (rulings P-1..P-10). Speed is
not its job: every state is an immutable value and `apply` returns a new one.

Board (P-1): spaces of a triangular lattice in axial coordinates (q, r) on a W x H torus,
index = r * W + q. A space holds at most one piece: an egg, a penguin (assistant or star) of
side 0 ("A") or side 1 ("B"), or a barrier (only the iceberg so far, P-10).

A move (P-9) is an action; later rulings add optional pre/post effects and mandatory
follow-ups as extra parts of the same move (see docs/notation.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.errors import CalderaError

# P-1: the six directions as (name, dq, dr), in the one order shared by kernel and notation.
DIRECTIONS = (
    ("E", 1, 0),
    ("W", -1, 0),
    ("SE", 0, 1),
    ("NW", 0, -1),
    ("NE", 1, -1),
    ("SW", -1, 1),
)
SIDES = ("A", "B")
MIN_SIZE, MAX_SIZE = 4, 8

# Piece kinds.
EGG = "egg"
PENGUIN = "penguin"  # an assistant penguin
STAR = "star"  # the star penguin
ICEBERG = "iceberg"
BARRIERS = frozenset({ICEBERG})

# Actions (P-4, P-5, P-6).
RIVAL_EGG = "rival_egg"  # setup: place one egg of the opponent's colour
LAND = "land"
HATCH = "hatch"
SLIDE = "slide"

# Outcomes, the same codes as the kernel's status().
ONGOING, WIN_A, WIN_B, DRAW = 0, 1, 2, 3

SETUP, PLAY = "setup", "play"


@dataclass(frozen=True)
class Piece:
    """One piece on a space: an egg or penguin of a side, or a barrier (side None)."""

    kind: str
    side: int | None = None


@dataclass(frozen=True)
class Rules:
    """Game options (P-2 free mode counts, P-8 ply cap)."""

    ply_cap: int = 300
    eggs: int = 16
    assistants: int = 3
    stars: int = 1


@dataclass(frozen=True)
class State:
    """A whole penguins position; `board` is indexed r * width + q."""

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

    @property
    def size(self) -> int:
        """Number of spaces on the board."""
        return self.width * self.height


@dataclass(frozen=True, order=True)
class Move:
    """An action: its kind, the space it acts on, and for a slide the direction index."""

    action: str
    square: int
    direction: int = -1


class IllegalMove(CalderaError):
    """A move that the rules do not allow in the given position."""


def new_game(width: int = 8, height: int = 8, icebergs: tuple[int, ...] = (), rules: Rules = Rules()) -> State:
    """The start of a game: an empty W x H board with icebergs, setup phase, side A to place."""
    board = [None] * (width * height)
    for square in icebergs:
        board[square] = Piece(ICEBERG)
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
    )


def neighbour(width: int, height: int, square: int, direction: int) -> int:
    """The space next to `square` in `direction`, wrapping on both axes (P-1)."""
    _, dq, dr = DIRECTIONS[direction]
    q, r = square % width, square // width
    return ((r + dr) % height) * width + (q + dq) % width


def is_penguin(piece: Piece | None) -> bool:
    """True for an assistant or star penguin."""
    return piece is not None and piece.kind in (PENGUIN, STAR)


@dataclass(frozen=True)
class SlidePath:
    """Where a legal slide goes: the spaces passed, the stop space, the rival eggs captured."""

    passed: tuple[int, ...]
    stop: int
    captured: tuple[int, ...]


def slide_path(state: State, square: int, direction: int) -> SlidePath | None:
    """Follow a slide (P-6) from `square`; None when the slide is illegal."""
    me = state.to_move
    current = square
    passed: list[int] = []
    captured: list[int] = []
    while True:
        ahead = neighbour(state.width, state.height, current, direction)
        if ahead == square:
            # Back at its own (now empty) start: nothing will ever stop it (the endless loop).
            return None
        piece = state.board[ahead]
        if piece is not None:
            if piece.kind in BARRIERS or piece.side == me:
                break  # a barrier, own penguin or own egg stops it on the space before
            if is_penguin(piece):
                return None  # entering a rival penguin's space is illegal
            captured.append(ahead)  # a rival egg: back to its owner, the slide goes on
        if current != square:
            passed.append(current)
        current = ahead
    if current == square:
        return None  # must move at least one space
    return SlidePath(tuple(passed), current, tuple(captured))


def hatchling(state: State) -> str | None:
    """Which penguin a hatch would bring on (P-5): an assistant while any is unused, else the star."""
    me = state.to_move
    if state.unused_assistants[me] > 0:
        return PENGUIN
    if state.unused_stars[me] > 0:
        return STAR
    return None


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the side to move, in a fixed order; empty once the game is over."""
    if status(state, check_moves=False) != ONGOING:
        return []
    return _actions(state)


def _actions(state: State) -> list[Move]:
    """The legal actions, ignoring whether the game has already ended."""
    me = state.to_move
    empties = [s for s in range(state.size) if state.board[s] is None]
    if state.phase == SETUP:
        return [Move(RIVAL_EGG, s) for s in empties]
    moves = [Move(LAND, s) for s in empties]
    if hatchling(state) is not None:
        moves += [Move(HATCH, s) for s, p in enumerate(state.board) if p == Piece(EGG, me)]
    for s, piece in enumerate(state.board):
        if is_penguin(piece) and piece.side == me:
            moves += [Move(SLIDE, s, d) for d in range(len(DIRECTIONS)) if slide_path(state, s, d) is not None]
    return moves


def status(state: State, check_moves: bool = True) -> int:
    """ONGOING, WIN_A, WIN_B or DRAW, checked in P-8's order."""
    just_moved = 1 - state.to_move
    for side in (just_moved, state.to_move):
        if state.supply[side] == 0:
            return WIN_A if side == 0 else WIN_B
    if state.ply >= state.rules.ply_cap:
        return DRAW
    if check_moves and not _actions(state):
        return WIN_A if state.to_move == 1 else WIN_B
    return ONGOING


def illegal_reason(state: State, move: Move) -> str | None:
    """Why `move` is not legal in `state`, in plain words; None if it is legal."""
    if move in legal_moves(state):
        return None
    if status(state) != ONGOING:
        return "the game is over"
    me, piece = state.to_move, state.board[move.square]
    if (move.action == RIVAL_EGG) != (state.phase == SETUP):
        return "the setup phase places rival eggs (+c4); in play +c4 lands your own egg"
    if move.action in (RIVAL_EGG, LAND):
        return "that space is not empty"
    if move.action == HATCH:
        if piece != Piece(EGG, me):
            return f"there is no egg of side {SIDES[me]} there"
        return "no unused penguin is left to hatch"
    if not (is_penguin(piece) and piece.side == me):
        return f"there is no penguin of side {SIDES[me]} there"
    ahead = state.board[neighbour(state.width, state.height, move.square, move.direction)]
    if ahead is not None and (ahead.kind in BARRIERS or ahead.side == me):
        return "the next space is blocked, so the penguin cannot move"
    return "the slide would run forever round the board or enter a rival penguin's space"


def apply(state: State, move: Move) -> State:
    """The position after `move`; raises IllegalMove, saying why, if it is not legal here."""
    reason = illegal_reason(state, move)
    if reason is not None:
        raise IllegalMove(f"{move.action} on {move.square} is illegal: {reason}")
    return successor(state, move)


def successor(state: State, move: Move) -> State:
    """The position after `move`, which must be one of `legal_moves(state)` (not checked)."""
    me, rival = state.to_move, 1 - state.to_move
    board = list(state.board)
    supply = list(state.supply)
    assistants = list(state.unused_assistants)
    stars = list(state.unused_stars)
    phase, to_move = state.phase, rival

    if move.action == RIVAL_EGG:
        # P-4: the rival egg comes from the opponent's supply; after B's placement A plays first.
        board[move.square] = Piece(EGG, rival)
        supply[rival] -= 1
        if me == 1:
            phase, to_move = PLAY, 0
    elif move.action == LAND:
        board[move.square] = Piece(EGG, me)
        supply[me] -= 1
    elif move.action == HATCH:
        kind = hatchling(state)
        board[move.square] = Piece(kind, me)
        supply[me] += 1
        if kind == PENGUIN:
            assistants[me] -= 1
        else:
            stars[me] -= 1
    else:
        path = slide_path(state, move.square, move.direction)
        penguin = board[move.square]
        board[move.square] = None
        for square in path.captured:
            board[square] = None
            supply[rival] += 1
        board[path.stop] = penguin
        # P-7: eggs on the start space, then the passed spaces in order, until the supply runs out.
        for square in (move.square, *path.passed):
            if supply[me] == 0:
                break
            board[square] = Piece(EGG, me)
            supply[me] -= 1

    return replace(
        state,
        board=tuple(board),
        supply=tuple(supply),
        unused_assistants=tuple(assistants),
        unused_stars=tuple(stars),
        to_move=to_move,
        phase=phase,
        ply=state.ply + 1,
    )


def touched_spaces(state: State, move: Move) -> tuple[int, ...]:
    """The spaces a legal move acts on: its space, and for a slide every space to the stop."""
    if move.action != SLIDE:
        return (move.square,)
    path = slide_path(state, move.square, move.direction)
    return (move.square, *path.passed, path.stop)


def perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly `depth` plies (P-8a)."""
    if depth == 0:
        return 1
    return sum(perft(successor(state, m), depth - 1) for m in legal_moves(state))
