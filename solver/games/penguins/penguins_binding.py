"""The binding between the penguins reference State/Move and the bitboard kernel's integers.

Importing this module does not import numba; `kernel()` does, on first use.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from kernels import Kernel
from kernels.penguins import penguins_layout as layout
from solver.games.kernel_calls import legal_move_list, next_state
from solver.games.penguins import penguins_rules as rules

# The kernel's codes of the reference's actions (its layout: kernels/penguins/penguins_layout.py).
ACTION_CODES = {rules.RIVAL_EGG: layout.RIVAL_EGG, rules.LAND: layout.LAND,
                rules.HATCH: layout.HATCH, rules.SLIDE: layout.SLIDE,
                rules.ORBIT: layout.ORBIT}
ACTION_OF_CODE = {code: action for action, code in ACTION_CODES.items()}
LAYER_OF_PIECE = {
    rules.Piece(rules.EGG, 0): layout.EGGS,
    rules.Piece(rules.EGG, 1): layout.EGGS + 1,
    rules.Piece(rules.PENGUIN, 0): layout.PENGUINS,
    rules.Piece(rules.PENGUIN, 1): layout.PENGUINS + 1,
    rules.Piece(rules.STAR, 0): layout.STARS,
    rules.Piece(rules.STAR, 1): layout.STARS + 1,
    rules.Piece(rules.ICEBERG): layout.ICEBERGS,
    rules.Piece(rules.SEAGULL): layout.SEAGULL,
    rules.Piece(rules.EMPEROR): layout.EMPEROR,
    rules.Piece(rules.NEST): layout.NEST,
    rules.Piece(rules.SEAL): layout.SEAL,
}
PIECE_OF_LAYER = {layer: piece for piece, layer in LAYER_OF_PIECE.items()}
# Terrain word of each tile; a tent's word gives its sense, a river tile's arrows have their own words.
WORD_OF_TILE = {
    rules.Tile(rules.STORM): layout.STORM,
    rules.Tile(rules.TENT, sense=rules.CW): layout.TENT_CW,
    rules.Tile(rules.TENT, sense=rules.CCW): layout.TENT_CCW,
    rules.Tile(rules.HOLE): layout.HOLES,
    rules.Tile(rules.FREEZING): layout.FREEZING,
    rules.Tile(rules.RADIATION): layout.RADIATION,
    rules.Tile(rules.SEAWEED): layout.SEAWEED,
    rules.Tile(rules.BLAZING): layout.BLAZING,
    rules.Tile(rules.KRILL): layout.KRILL,
}
TILE_OF_WORD = {word: tile for tile, word in WORD_OF_TILE.items()}


TILED, PLAIN = Kernel("penguins.penguins_kernel"), Kernel("penguins.penguins_plain")


def kernel_name(words: np.ndarray) -> Kernel:
    """The kernel module that plays `words` (kernels/dispatch.py): the plain one without tiles."""
    return TILED if words[layout.TILES] else PLAIN


def kernel():
    """The numba kernel module for every position (imports numba and loads or compiles it)."""
    return TILED.module


def to_kernel(state: rules.State) -> np.ndarray:
    """The kernel's flat uint64 array for `state`, barriers and terrain included."""
    words = [0] * layout.STATE_LEN
    for square, piece in enumerate(state.board):
        if piece is not None:
            words[LAYER_OF_PIECE[piece]] |= 1 << square
    for square, tile in enumerate(state.terrain):
        if tile is None:
            continue
        if tile.kind == rules.RIVER:
            words[layout.RIVER] |= 1 << square
            for arrow in tile.arrows:
                words[layout.RIVER_ARROWS + arrow] |= 1 << square
        else:
            words[WORD_OF_TILE[tile]] |= 1 << square
    words[layout.TILES] = int(any(words[layout.SEAGULL:layout.TILES]))
    for square in rules.orbit_ring(state, state.board):
        if square not in state.no_orbit:
            words[layout.ORBITERS] |= 1 << square
    for side in (0, 1):
        words[layout.SUPPLY + side] = state.supply[side]
        words[layout.UNUSED_ASSISTANTS + side] = state.unused_assistants[side]
        words[layout.UNUSED_STARS + side] = state.unused_stars[side]
    words[layout.TURN] = state.to_move
    words[layout.PHASE] = 0 if state.phase == rules.SETUP else 1
    words[layout.PLY] = state.ply
    words[layout.PLY_CAP] = state.rules.ply_cap
    words[layout.WIDTH] = state.width
    words[layout.HEIGHT] = state.height
    return np.array(words, dtype=np.uint64)


def from_kernel(words: np.ndarray, options: rules.Rules) -> rules.State:
    """The reference State of a kernel array; `options` (the position's Rules) carry what the array does not
    (egg totals, team mode)."""
    width, height = int(words[layout.WIDTH]), int(words[layout.HEIGHT])
    size = width * height
    board: list[rules.Piece | None] = [None] * size
    for layer, piece in PIECE_OF_LAYER.items():
        layer_bits = int(words[layer])
        for square in range(size):
            if layer_bits >> square & 1:
                board[square] = piece
    terrain: list[rules.Tile | None] = [None] * size
    for word, tile in TILE_OF_WORD.items():
        for square in range(size):
            if int(words[word]) >> square & 1:
                terrain[square] = tile
    for square in range(size):
        if int(words[layout.RIVER]) >> square & 1:
            arrows = tuple(d for d in range(6) if int(words[layout.RIVER_ARROWS + d]) >> square & 1)
            terrain[square] = rules.Tile(rules.RIVER, arrows=arrows)
    state = rules.State(
        width=width,
        height=height,
        board=tuple(board),
        supply=(int(words[layout.SUPPLY]), int(words[layout.SUPPLY + 1])),
        unused_assistants=(int(words[layout.UNUSED_ASSISTANTS]), int(words[layout.UNUSED_ASSISTANTS + 1])),
        unused_stars=(int(words[layout.UNUSED_STARS]), int(words[layout.UNUSED_STARS + 1])),
        to_move=int(words[layout.TURN]),
        phase=rules.SETUP if words[layout.PHASE] == 0 else rules.PLAY,
        ply=int(words[layout.PLY]),
        rules=replace(options, ply_cap=int(words[layout.PLY_CAP])),
        terrain=tuple(terrain),
    )
    orbiters = int(words[layout.ORBITERS])
    return replace(state, no_orbit=frozenset(s for s in rules.orbit_ring(state, board) if not orbiters >> s & 1))


def encode_move(move: rules.Move) -> int:
    """The kernel's integer for a reference Move (a move without tiles keeps bits 12 and up 0)."""
    direction = move.direction if move.action in (rules.SLIDE, rules.ORBIT) else 0
    code = move.square | direction << 6 | ACTION_CODES[move.action] << 9
    for name, (bit, _, offset) in layout.MOVE_FIELDS.items():
        code |= (getattr(move, name) + offset) << bit
    emperor, seal = (1 + 6 * (timing - 1) + direction if timing else 0 for timing, direction in
                     ((move.emperor, move.emperor_direction), (move.seal, move.seal_direction)))
    steps = 13 * emperor + seal
    if move.seal_first:
        steps = layout.STEPS_SEAL_FIRST + 36 * (move.seal - 1) + 6 * move.emperor_direction + move.seal_direction
    code |= steps << layout.BARRIER_STEPS
    for bit, square in zip(layout.KRILL_BITS, move.krill):
        code |= (square + 1) << bit
    return code


def decode_move(code: int) -> rules.Move:
    """The reference Move of a kernel move integer."""
    action = ACTION_OF_CODE[(code >> 9) & 7]
    fields = {name: ((code >> bit) & ((1 << width) - 1)) - offset
              for name, (bit, width, offset) in layout.MOVE_FIELDS.items()}
    steps = (code >> layout.BARRIER_STEPS) & 255
    if steps >= layout.STEPS_SEAL_FIRST:
        timing, directions = divmod(steps - layout.STEPS_SEAL_FIRST, 36)
        fields.update(seal_first=1, emperor=timing + 1, seal=timing + 1, emperor_direction=directions // 6,
                      seal_direction=directions % 6)
    else:
        for name, step in zip(("emperor", "seal"), divmod(steps, 13)):
            fields[name], fields[name + "_direction"] = (1 + (step - 1) // 6, (step - 1) % 6) if step else (0, -1)
    krill = tuple(k - 1 for k in ((code >> bit) & 127 for bit in layout.KRILL_BITS) if k)
    direction = (code >> 6) & 7 if action in (rules.SLIDE, rules.ORBIT) else -1
    return rules.Move(action, code & 63, direction, krill=krill, **fields)


def legal_moves(words: np.ndarray) -> list[int]:
    """The kernel's legal move integers for a kernel array, however many (tiles, P-9)."""
    return legal_move_list(kernel_name(words), words)


def successor(words: np.ndarray, move: int) -> np.ndarray:
    """The kernel array after `move`."""
    return next_state(kernel_name(words), words, move)


def plies_to_end(words: np.ndarray) -> int:
    """Plies left before the ply cap (P-8)."""
    return max(0, int(words[layout.PLY_CAP]) - int(words[layout.PLY]))
