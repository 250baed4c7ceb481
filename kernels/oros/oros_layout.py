"""The Oros kernel's state and move layout, defined once: the kernel and the binding both read
it. Imports no numba.

State layout (bit index of a cell = row * WIDTH + col, O-1; a map has at most 64 cells):

    LEVEL + k       cells holding a land tile of level k + 1 (k = 0..3)
    MOUNTAIN        mountain cells
    HOTSPOT         hotspot cells (O-6)
    WIDTH, HEIGHT
    DRIFT, TECTONIC, MOUNTAINS, MOUNTAIN3, FILL      the abilities (O-3, O-4, O-2, O-5)
    ACTIONS         actions taken so far
    VOLCANOES + c   the volcanoes on cell c: four 16-bit counts, the count of level-v volcanoes
                    at bits 16 * (v - 1) (a stack has no size limit in the seed)

Sea is every cell in no level layer and not a mountain; sea never carries volcanoes.
Move integers are the reference's (kind in bits 6-8, solver/games/oros/oros_rules.py).
"""

LEVEL = 0  # + level - 1
MOUNTAIN = 4
HOTSPOT = 5
WIDTH = 6
HEIGHT = 7
DRIFT = 8
TECTONIC = 9
MOUNTAINS = 10
MOUNTAIN3 = 11
FILL = 12
ACTIONS = 13
VOLCANOES = 14  # + cell
STATE_LEN = VOLCANOES + 64
SEATS = 1  # one shaper: the puzzles are single-agent (O-7)
HAS_CHANCE = False

SEA, MOUNTAIN_LEVEL = 0, 5
# Move kinds (bits 6-8).
DRIFT_ROW, DRIFT_COL, TECTONIC_MOVE, ERUPT, CREATE = 0, 1, 2, 3, 4
# Directions of tectonic moves (bits 23-25): N NE E SE S SW W NW; lava flows N E S W (0, 2, 4, 6).
DIRECTION_STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
MIN_SIZE, MAX_SIZE = 3, 8
SIZE_SPAN = MAX_SIZE - MIN_SIZE + 1
COUNT_BITS = 16  # a volcano count's width in a VOLCANOES word
CREATE_LEVELS = 3  # O-5 volcano creation
# On an 8 x 8 map: 96 drifts + (384 triominoes + 128 dominoes) * 4 + 64 singles * 8 tectonic
# moves + 64 cells * (4 + 10 + 20 + 35) eruptions + 64 creations = 7136.
MAX_MOVES = 8192
