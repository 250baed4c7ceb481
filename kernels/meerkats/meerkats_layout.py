"""The meerkats kernel's state and move layout, numba-free: the one definition that
kernels/meerkats/meerkats_kernel.py and solver/games/meerkats/meerkats_binding.py both read.

A position is STATE_LEN uint64 words. A mask of cells is two words, cell r * size + c being
bit i = r * size + c of the first (i < 64) or bit i - 64 of the second: a 9 x 9 face has 81
cells (M-4). The maze's words never change during a game:

    OPEN_E + 2 face  the mask of cells whose east side is open on that face (0 desert, 1 underground)
    OPEN_S + 2 face  cells whose south side is open
    WALL_E + 2 face  cells with a wall or hedge on their east side (never the board's edge)
    WALL_S + 2 face  cells with a wall or hedge on their south side
    FRIEND_CELLS     the cell of friend kind k on face f in bits 7 * (4 f + k) ..
    SIZE             cells per side
    CAP              the turn cap (the exact solver's enumeration sets NO_CAP)

The words a move changes: GAME (fields below), PLAYER + seat (one word per meerkat) and TURN.
Move integers are the reference's (solver/games/meerkats/meerkats_rules.py): kind << 13 | data.
"""

MASK_WORDS = 2  # words per mask of cells
OPEN_E, OPEN_S, WALL_E, WALL_S = 0, 4, 8, 12  # two faces of MASK_WORDS each
FRIEND_CELLS, SIZE, GAME, PLAYER = 16, 17, 18, 19
MAX_SEATS = 4
TURN = PLAYER + MAX_SEATS
CAP = TURN + 1
STATE_LEN = CAP + 1
NO_CAP = 1 << 40

# GAME word: (shift, width) of each field.
FACE = (0, 1)
TO_MOVE = (1, 2)
PHASE = (3, 3)
ROLL_FIELD = (6, 2)
PLAYERS = (8, 3)
FRIENDS = (11, 4)
DRAWS = (16, 4)  # bit per seat
REVEALS = (20, 4)  # bit per seat
WINNER = (24, 3)  # seat + 1, 0 while nobody has won

# Phase codes.
SETUP, EVENTS, ROLLING, MOVING, OVER = range(5)

# PLAYER word.
CELL = (0, 7)
MET = (7, 4)
SEEKING = (11, 1)
FRIEND = (12, 3)
POOL = (15, 8)  # 2 bits per friend kind
SPEED = (23, 3)
LUCK_TILES = (26, 3)
SHORTCUT = (29, 3)
NO_CELL = 127
NO_FRIEND = 4

# Moves (the reference's integers).
STEP, LUCK, BURROW, ROLL, DRAW, REVEAL = range(1, 7)
KIND_SHIFT, SPEED_SHIFT, SHORTCUT_SHIFT = 13, 7, 10

KINDS, FRIEND_TILES = 4, 2
TILE_SUPPLY = (6, 5, 5)  # speed, luck, shortcut
MOST_SPEED, MOST_SHORTCUT = 6, 5
DIE_FACES = (1, 2, 3)  # each on two of the six faces
MAX_MOVES = 4096  # 81 cells x 7 speed x 6 shortcut choices + luck fits
SOLVE_KEY_LEN = 3  # GAME, then two PLAYER words per key word
