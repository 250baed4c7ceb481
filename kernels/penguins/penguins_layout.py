"""The penguins kernel's state and move layout, defined once: the kernel and the binding both read
it (docs/notation.md section 6). Imports no numba.

State: one uint64 word per layer (bit index = r * W + q, P-1), then counters, then the barrier
and terrain words of the tiles (P-11..P-23), the TILES flag and the nest's orbiters (P-13). A position without tiles
(TILES = 0) is played by the plain kernel (kernels/penguins/penguins_plain.py); the tile rules
run only where TILES = 1.

Move (int64): bits 0-5 space, 6-8 direction, 9-11 action, and from bit 12 the choices of P-9
(hole jump, storm throw, tent or river first, branches, seagull, krill, emperor penguin, seal,
blazing removal, from bit 58 the confluences, bit 60 krill before the seagull, bits 61-62 the
seagull and the krill eggs before the tent and river); a move without tiles keeps bits 12 and up
0, and bit 63 stays 0 (a move is a non-negative int64).
"""

# Layers: word index, plus the side (0 = A, 1 = B) where a layer belongs to a side.
EGGS = 0
PENGUINS = 2  # assistant penguins
STARS = 4
ICEBERGS = 6
# Counters.
SUPPLY = 7  # + side: eggs in hand
UNUSED_ASSISTANTS = 9  # + side
UNUSED_STARS = 11  # + side
TURN = 13
PHASE = 14  # SETUP_PHASE or PLAY_PHASE
PLY = 15
PLY_CAP = 16
WIDTH = 17
HEIGHT = 18
# Barriers beyond icebergs (P-11..P-14): one each at most; they move (tent, river, own steps).
SEAGULL, EMPEROR, NEST, SEAL = 19, 20, 21, 22
# Terrain (P-15..P-23): flat tiles fixed for the whole game.
STORM, TENT_CW, TENT_CCW, HOLES, FREEZING, RADIATION, SEAWEED, BLAZING, KRILL, RIVER = range(23, 33)
RIVER_ARROWS = 33  # + direction: the river tiles with an arrow that way (P-19)
TILES = 39  # 1 when the position has a barrier other than icebergs or any terrain
# P-13: the penguins next to the nest that may orbit (their own exploration ended there and
# nothing has moved them since); 0 without a nest. The reference and notation keep the others.
ORBITERS = 40
STATE_LEN = 41
FIRST_TILE_WORD = SEAGULL  # words SEAGULL .. TILES - 1 hold the tiles
PLAIN_LEN = SEAGULL  # the words a position without tiles uses

SETUP_PHASE, PLAY_PHASE = 0, 1
RIVAL_EGG, LAND, HATCH, SLIDE, ORBIT = 0, 1, 2, 3, 4  # action codes, bits 9-11 of a move
ONGOING, WIN_A, WIN_B, DRAW = 0, 1, 2, 3
SEATS = 2
HAS_CHANCE = False  # no dice
# Timing of the emperor penguin (P-12) and the seal (P-14) in a move.
BEFORE, AFTER = 1, 2
# Room for the moves of one position in the search buffers; a tile position can have more (then
# legal_moves returns the true number and writes only MAX_MOVES). Without tiles: < 256.
MAX_MOVES = 4096
PLAIN_MOVES = 256  # landing on every space + hatching every egg + 6 slides of 9 penguins < 256
# Bit fields of the move integer beyond bit 11: first bit of each; squares and directions are
# stored + 1 where 0 means "none".
HOLE_JUMP = 12
STORM_THROW = 13
SEAGULL_EARLY = 16  # P-9a: bits 16-17: 1 = the seagull moves before the tent and river act, 2 = between them
BRANCHES = 18
SEAGULL_TARGET = 20
KRILL_1, KRILL_2 = 27, 34
# The emperor penguin's and the seal's steps (P-12, P-14, P-9a) in 8 bits: each step is 0 (not
# moved) or 1 + 6 * (timing - 1) + direction (1..6 before the action, 7..12 after it); the field is
# 13 * emperor step + seal step, or, when both step at the same time and the seal first,
# STEPS_SEAL_FIRST + 36 * (timing - 1) + 6 * emperor direction + seal direction.
BARRIER_STEPS = 41
STEPS_SEAL_FIRST = 169
BLAZING_EGG = 49
CONFLUENCES = 56  # bits 56-57: bit k = at the k-th contested confluence the higher space moves first
RIVER_FIRST = 58
KRILL_ORDER = 59  # P-9a: bits 59-60, 61-62: when krill egg 1 and 2 are laid (0 last .. 3 before the tent and river)
# The action part of a move (kernels/penguins/penguins_kernel.py part_moves): the bits that fix the
# action and its exploration (space, direction, action, hole jump, storm throw); the rest of the
# move is its pre-effects and follow-ups.
ACTION_FIELDS = (1 << (STORM_THROW + 3)) - 1
# The same fields by their reference Move attribute: name -> (first bit, width, offset); a field
# stores value + offset, so that "none" (-1) of a square or direction is stored as 0.
MOVE_FIELDS = {
    "hole_jump": (HOLE_JUMP, 1, 0),
    "storm_push": (STORM_THROW, 3, 1),
    "river_first": (RIVER_FIRST, 1, 0),
    "seagull_early": (SEAGULL_EARLY, 2, 0),
    "krill_order": (KRILL_ORDER, 4, 0),
    "river_priority": (CONFLUENCES, 2, 0),
    "branches": (BRANCHES, 2, 0),
    "seagull": (SEAGULL_TARGET, 7, 1),
    "blazing": (BLAZING_EGG, 7, 1),
}
KRILL_BITS = (KRILL_1, KRILL_2)  # krill egg 1 and 2, each space + 1 in 7 bits
ORBIT_STEPS = 5  # P-13
PATH_ROOM = 72  # spaces an exploration can enter: every space once, plus a storm's throw
DIRECTION_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # P-1: E W SE NW NE SW
RING = (0, 2, 5, 1, 3, 4)  # the neighbours clockwise on the board picture: E SE SW W NW NE
MIN_SIZE, MAX_SIZE = 4, 8
SIZE_SPAN = MAX_SIZE - MIN_SIZE + 1
