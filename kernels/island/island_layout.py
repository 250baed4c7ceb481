"""The Island Project kernel's state and move layout, defined once: the kernel and the binding
both read it. Imports no numba.

State (one uint64 per word; a board is 25 bits, bit index = r * 5 + c, I-1):

    NATIVE, NEWLAND, PLATEAU   terrain boards (ocean = every other tile)
    MARKERS                    volcano markers
    PEOPLE + 3 * seat + k      bit k of the count of `seat`'s people on each tile (three bit
                               planes per seat: counts 0..7; a seat has at most 5 people)
    RESERVE + seat, FOOD + seat
    NEWLAND_SUPPLY, PLATEAU_SUPPLY, MARKER_SUPPLY
    PLAYERS, TO_MOVE, PHASE (SHIFTING..OVER), PREVIOUS_SHIFT and SHIFT (a shift id or NONE),
    DICE (low * 6 + high, or NONE), FED (0/1), TURN, TURN_CAP

Seats at or above PLAYERS keep all their words zero. Move integers are the reference's
(kind << 8 | argument, solver/games/island/island_rules.py).
"""

SIZE = 5
TILES = 25
MAX_SEATS = 4
SEATS = MAX_SEATS
HAS_CHANCE = True  # the roll of two dice (I-4)
# Words.
NATIVE = 0
NEWLAND = 1
PLATEAU = 2
MARKERS = 3
PEOPLE = 4  # + 3 * seat + plane
PLANES = 3
RESERVE = 16  # + seat
FOOD = 20  # + seat
NEWLAND_SUPPLY = 24
PLATEAU_SUPPLY = 25
MARKER_SUPPLY = 26
PLAYERS = 27
TO_MOVE = 28
PHASE = 29
PREVIOUS_SHIFT = 30
SHIFT = 31
DICE = 32
FED = 33
TURN = 34
TURN_CAP = 35
STATE_LEN = 36

NONE = 255  # no shift yet / no previous shift / no dice
SHIFTING, ROLLING, CHOOSING, ACTION1, ACTION2, OVER = 0, 1, 2, 3, 4, 5
# Move kinds (bits 8-11 of a move; the argument is bits 0-7), as in solver/games/island/island_rules.py.
SHIFT_MOVE, ROLL, NUMBER, VOLCANO, VOLCANO_NONE, DISPATCH, STEP, END, PASS = range(1, 10)
V_FACE = 5
FACES = 6
CHANCE_OUTCOMES = 21
CAPACITY = 2
PLATEAU_PEOPLE_TO_END = 5
# 25 dispatches + 5 people x 4 steps + END bounds every phase (die choices: 2 + 25, rolls: 21).
MAX_MOVES = 64
