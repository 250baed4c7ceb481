"""The binding between the penguins reference State/Move and the bitboard kernel's integers.

Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

import importlib

import numpy as np

from solver.errors import CalderaError
from solver.games.kernel_calls import legal_move_list, next_state
from solver.games.penguins import (
    EGG,
    HATCH,
    ICEBERG,
    LAND,
    ORBIT,
    PENGUIN,
    PLAY,
    RIVAL_EGG,
    SETUP,
    SLIDE,
    STAR,
    Move,
    Piece,
    Rules,
    State,
)

# Word indices and codes of kernels/penguins.py, repeated here so that converting a position
# does not import numba; tests/test_penguins_differential.py checks they match the kernel's.
EGGS, PENGUINS, STARS, ICEBERGS = 0, 2, 4, 6
SUPPLY, UNUSED_ASSISTANTS, UNUSED_STARS = 7, 9, 11
TURN, PHASE, PLY, PLY_CAP, WIDTH, HEIGHT = 13, 14, 15, 16, 17, 18
STATE_LEN = 19
ACTION_CODES = {RIVAL_EGG: 0, LAND: 1, HATCH: 2, SLIDE: 3}
# The orbit (P-13) has its code in the move integer already; the kernel does not generate it yet.
MOVE_ACTION_CODES = {**ACTION_CODES, ORBIT: 4}
ACTION_OF_CODE = {code: action for action, code in MOVE_ACTION_CODES.items()}
LAYER_OF_PIECE = {
    Piece(EGG, 0): EGGS,
    Piece(EGG, 1): EGGS + 1,
    Piece(PENGUIN, 0): PENGUINS,
    Piece(PENGUIN, 1): PENGUINS + 1,
    Piece(STAR, 0): STARS,
    Piece(STAR, 1): STARS + 1,
    Piece(ICEBERG): ICEBERGS,
}
PIECE_OF_LAYER = {layer: piece for piece, layer in LAYER_OF_PIECE.items()}


def kernel():
    """The numba kernel module (imports numba and loads or compiles the kernels)."""
    return importlib.import_module("kernels.penguins")


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`; CalderaError for tiles the kernel does not play yet."""
    missing = sorted({p.kind for p in state.board if p is not None and p not in LAYER_OF_PIECE}
                     | {t.kind for t in state.terrain if t is not None})
    if missing:
        raise CalderaError(f"{', '.join(missing)} tiles are not in the search kernel yet; "
                           "this position can only be played by the reference rules (e.g. perft --reference)")
    words = [0] * STATE_LEN
    for square, piece in enumerate(state.board):
        if piece is not None:
            words[LAYER_OF_PIECE[piece]] |= 1 << square
    for side in (0, 1):
        words[SUPPLY + side] = state.supply[side]
        words[UNUSED_ASSISTANTS + side] = state.unused_assistants[side]
        words[UNUSED_STARS + side] = state.unused_stars[side]
    words[TURN] = state.to_move
    words[PHASE] = 0 if state.phase == SETUP else 1
    words[PLY] = state.ply
    words[PLY_CAP] = state.rules.ply_cap
    words[WIDTH] = state.width
    words[HEIGHT] = state.height
    return np.array(words, dtype=np.uint64)


def from_kernel(words: np.ndarray, rules: Rules) -> State:
    """The reference State of a kernel array; `rules` carries what the array does not (egg totals)."""
    width, height = int(words[WIDTH]), int(words[HEIGHT])
    board: list[Piece | None] = [None] * (width * height)
    for layer, piece in PIECE_OF_LAYER.items():
        layer_bits = int(words[layer])
        for square in range(width * height):
            if layer_bits >> square & 1:
                board[square] = piece
    return State(
        width=width,
        height=height,
        board=tuple(board),
        supply=(int(words[SUPPLY]), int(words[SUPPLY + 1])),
        unused_assistants=(int(words[UNUSED_ASSISTANTS]), int(words[UNUSED_ASSISTANTS + 1])),
        unused_stars=(int(words[UNUSED_STARS]), int(words[UNUSED_STARS + 1])),
        to_move=int(words[TURN]),
        phase=SETUP if words[PHASE] == 0 else PLAY,
        ply=int(words[PLY]),
        rules=Rules(ply_cap=int(words[PLY_CAP]), eggs=rules.eggs, assistants=rules.assistants, stars=rules.stars),
    )


# Move integer fields beyond bit 11 (docs/notation.md, section 6): name -> (first bit, width, offset).
# A field stores value + offset, so that "none" (-1) of a square or direction is stored as 0.
MOVE_FIELDS = {
    "hole_jump": (12, 1, 0),
    "storm_push": (13, 3, 1),
    "river_first": (16, 1, 0),
    "river_priority": (17, 1, 0),
    "branches": (18, 2, 0),
    "seagull": (20, 7, 1),
    "emperor": (41, 2, 0),
    "emperor_direction": (43, 3, 0),
    "seal": (46, 2, 0),
    "seal_direction": (48, 3, 0),
    "blazing": (51, 7, 1),
}
KRILL_BITS = (27, 34)  # krill egg 1 and 2, each space + 1 in 7 bits


def encode_move(move: Move) -> int:
    """The kernel's integer for a reference Move (a move without tiles keeps bits 12 and up 0)."""
    direction = move.direction if move.action in (SLIDE, ORBIT) else 0
    code = move.square | direction << 6 | MOVE_ACTION_CODES[move.action] << 9
    for name, (bit, _, offset) in MOVE_FIELDS.items():
        value = getattr(move, name)
        if name.endswith("_direction") and value < 0:
            value = 0  # the direction of an emperor or seal that does not move
        code |= (value + offset) << bit
    for bit, square in zip(KRILL_BITS, move.krill):
        code |= (square + 1) << bit
    return code


def decode_move(code: int) -> Move:
    """The reference Move of a kernel move integer."""
    action = ACTION_OF_CODE[(code >> 9) & 7]
    fields = {name: ((code >> bit) & ((1 << width) - 1)) - offset for name, (bit, width, offset) in MOVE_FIELDS.items()}
    for name in ("emperor", "seal"):
        if not fields[name]:
            fields[name + "_direction"] = -1
    krill = tuple(k - 1 for k in ((code >> bit) & 127 for bit in KRILL_BITS) if k)
    direction = (code >> 6) & 7 if action in (SLIDE, ORBIT) else -1
    return Move(action, code & 63, direction, krill=krill, **fields)


def legal_moves(words: np.ndarray) -> list[int]:
    """The kernel's legal move integers for a kernel array."""
    return legal_move_list(kernel(), words)


def successor(words: np.ndarray, move: int) -> np.ndarray:
    """The kernel array after `move`."""
    return next_state(kernel(), words, move)
