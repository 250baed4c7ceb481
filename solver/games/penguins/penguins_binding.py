"""The binding between the penguins reference State/Move and the bitboard kernel's integers.

Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

import importlib
from dataclasses import replace

import numpy as np

from solver.errors import CalderaError
from solver.games.kernel_calls import next_state
from solver.games.penguins.penguins_rules import (
    BLAZING,
    CCW,
    CW,
    EGG,
    EMPEROR,
    FREEZING,
    HATCH,
    HOLE,
    ICEBERG,
    KRILL,
    LAND,
    NEST,
    ORBIT,
    PENGUIN,
    PLAY,
    RADIATION,
    RIVAL_EGG,
    RIVER,
    SEAGULL,
    SEAL,
    SEAWEED,
    SETUP,
    SLIDE,
    STAR,
    STORM,
    TENT,
    Move,
    Piece,
    Rules,
    State,
    Tile,
)

# Word indices and codes of kernels/penguins/penguins_kernel.py, repeated here so that converting a position
# does not import numba; tests/penguins/test_penguins_differential.py checks they match the kernel's.
EGGS, PENGUINS, STARS, ICEBERGS = 0, 2, 4, 6
SUPPLY, UNUSED_ASSISTANTS, UNUSED_STARS = 7, 9, 11
TURN, PHASE, PLY, PLY_CAP, WIDTH, HEIGHT = 13, 14, 15, 16, 17, 18
SEAGULL_WORD, EMPEROR_WORD, NEST_WORD, SEAL_WORD = 19, 20, 21, 22
STORM_WORD, TENT_CW, TENT_CCW, HOLES, FREEZING_WORD, RADIATION_WORD = 23, 24, 25, 26, 27, 28
SEAWEED_WORD, BLAZING_WORD, KRILL_WORD, RIVER_WORD, RIVER_ARROWS = 29, 30, 31, 32, 33
TILES = 39  # 1 when any tile word is set: the kernel then plays the tile rules
STATE_LEN = 40
ACTION_CODES = {RIVAL_EGG: 0, LAND: 1, HATCH: 2, SLIDE: 3, ORBIT: 4}
ACTION_OF_CODE = {code: action for action, code in ACTION_CODES.items()}
LAYER_OF_PIECE = {
    Piece(EGG, 0): EGGS,
    Piece(EGG, 1): EGGS + 1,
    Piece(PENGUIN, 0): PENGUINS,
    Piece(PENGUIN, 1): PENGUINS + 1,
    Piece(STAR, 0): STARS,
    Piece(STAR, 1): STARS + 1,
    Piece(ICEBERG): ICEBERGS,
    Piece(SEAGULL): SEAGULL_WORD,
    Piece(EMPEROR): EMPEROR_WORD,
    Piece(NEST): NEST_WORD,
    Piece(SEAL): SEAL_WORD,
}
PIECE_OF_LAYER = {layer: piece for piece, layer in LAYER_OF_PIECE.items()}
# Terrain word of each tile; a tent's word gives its sense, a river tile's arrows have their own words.
WORD_OF_TILE = {
    Tile(STORM): STORM_WORD,
    Tile(TENT, sense=CW): TENT_CW,
    Tile(TENT, sense=CCW): TENT_CCW,
    Tile(HOLE): HOLES,
    Tile(FREEZING): FREEZING_WORD,
    Tile(RADIATION): RADIATION_WORD,
    Tile(SEAWEED): SEAWEED_WORD,
    Tile(BLAZING): BLAZING_WORD,
    Tile(KRILL): KRILL_WORD,
}
TILE_OF_WORD = {word: tile for tile, word in WORD_OF_TILE.items()}
# The largest move buffer legal_moves allocates: a position with more moves is refused (see there).
MOVE_LIMIT = 1 << 24


def kernel():
    """The numba kernel module (imports numba and loads or compiles the kernels)."""
    return importlib.import_module("kernels.penguins.penguins_kernel")


def to_kernel(state: State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`, barriers and terrain included."""
    words = [0] * STATE_LEN
    for square, piece in enumerate(state.board):
        if piece is not None:
            words[LAYER_OF_PIECE[piece]] |= 1 << square
    for square, tile in enumerate(state.terrain):
        if tile is None:
            continue
        if tile.kind == RIVER:
            words[RIVER_WORD] |= 1 << square
            for arrow in tile.arrows:
                words[RIVER_ARROWS + arrow] |= 1 << square
        else:
            words[WORD_OF_TILE[tile]] |= 1 << square
    words[TILES] = int(any(words[SEAGULL_WORD:TILES]))
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
    """The reference State of a kernel array; `rules` carries what the array does not (egg totals, team mode)."""
    width, height = int(words[WIDTH]), int(words[HEIGHT])
    size = width * height
    board: list[Piece | None] = [None] * size
    for layer, piece in PIECE_OF_LAYER.items():
        layer_bits = int(words[layer])
        for square in range(size):
            if layer_bits >> square & 1:
                board[square] = piece
    terrain: list[Tile | None] = [None] * size
    for word, tile in TILE_OF_WORD.items():
        for square in range(size):
            if int(words[word]) >> square & 1:
                terrain[square] = tile
    for square in range(size):
        if int(words[RIVER_WORD]) >> square & 1:
            terrain[square] = Tile(RIVER, arrows=tuple(d for d in range(6) if int(words[RIVER_ARROWS + d]) >> square & 1))
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
        rules=replace(rules, ply_cap=int(words[PLY_CAP])),
        terrain=tuple(terrain),
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
    code = move.square | direction << 6 | ACTION_CODES[move.action] << 9
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
    """The kernel's legal move integers for a kernel array, however many (tiles, P-9).

    The kernel writes at most a buffer's length and returns the true number, so a position with
    more than MAX_MOVES moves is asked again with a buffer that fits; more than MOVE_LIMIT moves
    (128 MiB of integers) is refused with a CalderaError.
    """
    k = kernel()
    out = np.empty(k.MAX_MOVES, dtype=np.int64)
    n = k.legal_moves(words, out)
    if n > len(out):
        if n > MOVE_LIMIT:
            raise CalderaError(f"this position has {n:,} legal moves, more than the {MOVE_LIMIT:,} the engine lists")
        out = np.empty(n, dtype=np.int64)
        k.legal_moves(words, out)
    return [int(m) for m in out[:n]]


def successor(words: np.ndarray, move: int) -> np.ndarray:
    """The kernel array after `move`."""
    return next_state(kernel(), words, move)
