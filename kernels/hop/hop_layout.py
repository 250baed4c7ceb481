"""The hop kernel's state and move layout, defined once: the kernel and the binding both read it.
Imports no numba.

State (one uint64 per word). The game words come first; the data words after them (the skill
model and the full deck, in units of 1/UNITS) never change in play, so `apply` leaves them as
they are (every search fills its buffers from the root, kernels/dispatch.py):

    PLAYERS, HURLER, PHASE (PARTNER..OVER), PARTNER, ASSISTER, TURBULATOR (a seat or NOBODY),
    CARD (a card type or NOBODY), DRAW_NEXT, DRAW_AFTER (the seats still to draw a cloud this
    turn, NOBODY where none)
    BETS + seat        NO_BET, HAPPY or SAD (secret until the throw)
    LEVEL + seat, BALLOONS + seat, DOVES + seat, CROWS + seat
    CLOUDS + 3 * seat + value    how many clouds of each value the seat holds
    POOL + value       clouds of each value left around the board
    DECK + type        cards of each type left in the deck
    FULL_DECK + type   the whole deck (a new deck when the last card is drawn)
    BASE + 6 * hurler + partner   the chance of a plain throw, in 1/UNITS
    CARD_EFFECT + type, ASSIST + seat, DISTURB + seat   effects, in 1/UNITS, stored + OFFSET

Seats at or above PLAYERS keep all their words zero. Move integers are the reference's
(kind << 4 | argument, solver/games/hop/hop_rules.py).
"""

SEATS = 6
MAX_SEATS = SEATS
HAS_CHANCE = True  # the card, the throw and the clouds (H-1, H-3)
CARD_TYPES = 5
CLOUD_VALUES = 3
CLOUDS_PER_VALUE = 12
TOP_LEVEL = 7
TRIPLE = 3
UNITS = 10_000
OFFSET = UNITS  # effects lie in [-UNITS, UNITS]: stored as effect + OFFSET

# Game words.
PLAYERS = 0
HURLER = 1
PHASE = 2
PARTNER = 3
ASSISTER = 4
TURBULATOR = 5
CARD = 6
DRAW_NEXT = 7
DRAW_AFTER = 8
BETS = 9  # + seat
LEVEL = BETS + SEATS
BALLOONS = LEVEL + SEATS
DOVES = BALLOONS + SEATS
CROWS = DOVES + SEATS
CLOUDS = CROWS + SEATS  # + 3 * seat + value
POOL = CLOUDS + CLOUD_VALUES * SEATS
DECK = POOL + CLOUD_VALUES
GAME_WORDS = DECK + CARD_TYPES
# Data words.
FULL_DECK = GAME_WORDS
BASE = FULL_DECK + CARD_TYPES  # + 6 * hurler + partner
CARD_EFFECT = BASE + SEATS * SEATS
ASSIST = CARD_EFFECT + CARD_TYPES
DISTURB = ASSIST + SEATS
STATE_LEN = DISTURB + SEATS

NOBODY = 7
PARTNER_PHASE, CARD_PHASE, ASSISTER_PHASE, TURBULATOR_PHASE, BET_PHASE, THROW_PHASE, CLOUD_PHASE, OVER = range(8)
NO_BET, HAPPY, SAD = 0, 1, 2
MISSES, LANDS = 0, 1
NEEDS_ASSISTER, NEEDS_TURBULATOR = 1, 2  # card types (solver/games/hop/hop_skill.py CARD_TYPES)
# Move kinds (bits 4-7 of a move; the argument is bits 0-3), as in solver/games/hop/hop_rules.py.
PICK_PARTNER, PICK_ASSISTER, PICK_TURBULATOR, BET_MOVE, DRAW_CARD, THROW_MOVE, CLOUD_MOVE = range(1, 8)
# Five partners, or the five card types, bound every phase.
MAX_MOVES = 8
