"""The full Oros game kernel (rulings O-8..O-14): legal plies and apply on one flat uint64 array.

Must agree ply for ply with the reference rules in solver/games/oros/oros_full_rules.py (and its
effects, AI and scoring modules); tests/oros/test_oros_game_differential.py checks that on
thousands of seeded random games. The map is played by the tectonics kernel
(kernels/oros/oros_kernel.py), whose words open the state; this module adds followers, slots,
hats, wisdom, sanctuaries, the pyramid and the AI decks. Layout and move encoding:
kernels/oros/oros_game_layout.py.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, copy_words, popcount, put
from kernels.oros import oros_kernel as tectonics
from kernels.oros.oros_game_layout import *  # noqa: F403  (word indices, move kinds, design tables)
from kernels.oros.oros_kernel import NEIGHBOUR, add_lava, cell_level, set_level, size_id
from kernels.oros.oros_layout import (
    ACTIONS,
    CREATE,
    DRIFT,
    DRIFT_COL,
    DRIFT_ROW,
    ERUPT,
    FILL,
    HEIGHT,
    HOTSPOT,
    MOUNTAIN3,
    MOUNTAIN_LEVEL,
    MOUNTAINS,
    SEA,
    TECTONIC,
    TECTONIC_MOVE,
    VOLCANOES,
    WIDTH,
)
from kernels.oros.oros_layout import MAX_MOVES as MAP_MOVES
from kernels.rng import random_below

SOURCE_MASK = np.int64(7 << SOURCE_SHIFT)
SLOT_BITS = np.array([1 << s for s in range(ALL_SLOTS.bit_length())], dtype=np.int64)  # one per action slot

# --------------------------------------------------------------------------------- reading a state


@njit(cache=True, inline="always")
def word(state, i):
    """A state word as int64."""
    return np.int64(state[i])


@njit(cache=True, inline="always")
def seat_word(state, who, offset):
    """Word `offset` (HELD, WISDOM, ...) of seat `who`."""
    return np.int64(state[SEAT_WORDS + SEAT_STRIDE * who + offset])


@njit(cache=True, inline="always")
def set_seat_word(state, who, offset, value):
    """Write word `offset` of seat `who`."""
    state[SEAT_WORDS + SEAT_STRIDE * who + offset] = np.uint64(value)


@njit(cache=True, inline="always")
def hat(state, who, column):
    """The unlocked level (1..6) of `column` on seat `who`'s board."""
    return seat_word(state, who, HATS + column)


@njit(cache=True, inline="always")
def is_ai(state, who):
    """Whether seat `who` is an AI opponent."""
    return who >= word(state, PLAYERS)


@njit(cache=True, inline="always")
def on_tile(state, who, cell):
    """How many of seat `who`'s followers stand on the tile at `cell`."""
    return np.int64(state[ON_TILE + CELLS * who + cell])


@njit(cache=True, inline="always")
def builder(state, cell, kind):
    """The builder's seat + 1 of the sanctuary of `kind` on `cell`, 0 when not built."""
    return np.int64((state[SANCTUARY + cell] >> np.uint64(8 * kind)) & np.uint64(15))


@njit(cache=True, inline="always")
def occupant(state, cell, kind):
    """The seat + 1 of the follower studying in the sanctuary of `kind` on `cell`, 0 when free."""
    return np.int64((state[SANCTUARY + cell] >> np.uint64(8 * kind + 4)) & np.uint64(15))


@njit(cache=True, inline="always")
def set_occupant(state, cell, kind, seat_plus_one):
    """Seat a follower of seat `seat_plus_one` - 1 in a sanctuary (0 frees it)."""
    shift = np.uint64(8 * kind + 4)
    state[SANCTUARY + cell] = (state[SANCTUARY + cell] & ~(np.uint64(15) << shift)) | (
        np.uint64(seat_plus_one) << shift)


@njit(cache=True, inline="always")
def cells_of(state):
    """The number of cells of the map."""
    return word(state, WIDTH) * word(state, HEIGHT)


@njit(cache=True, inline="always")
def waiting(state, who):
    """How many of player `who`'s followers wait at home to be put on a slot (0 for an AI)."""
    return np.int64(0) if is_ai(state, who) else seat_word(state, who, AT_HOME)


@njit(cache=True)
def mover(state):
    """The seat choosing the next ply: the first from the current seat on with a follower waiting
    for a slot or wisdom to spend."""
    seats = word(state, SEATS_IN_PLAY)
    current = word(state, CURRENT)
    for i in range(seats):
        who = (current + i) % seats
        if waiting(state, who) > 0 or seat_word(state, who, WISDOM) > 0:
            return who
    return current


@njit(cache=True, inline="always")
def to_move(state):
    """The seat to move: the chooser, or the AI whose card is drawn at a chance node."""
    return mover(state)


@njit(cache=True, inline="always")
def is_over(state):
    """Whether the game has ended (O-13)."""
    return state[OVER] != ZERO


@njit(cache=True)
def is_chance(state):
    """Whether the next ply is an AI's card draw (O-14)."""
    current = word(state, CURRENT)
    return state[OVER] == ZERO and is_ai(state, current) and mover(state) == current


@njit(cache=True)
def on_map(state, who):
    """How many of seat `who`'s followers are on the map (tiles and sanctuary seats)."""
    count = np.int64(0)
    for cell in range(cells_of(state)):
        count += on_tile(state, who, cell)
        for kind in range(N_KINDS):
            if occupant(state, cell, kind) == who + 1:
                count += 1
    return count


@njit(cache=True)
def everyone_on_tile(state, cell):
    """How many followers of any seat stand on the tile at `cell`."""
    count = np.int64(0)
    for who in range(word(state, SEATS_IN_PLAY)):
        count += on_tile(state, who, cell)
    return count


@njit(cache=True)
def is_island(state, cell):
    """A level-1 tile with sea on its four sides: travel neither leaves nor enters it (O-12)."""
    if cell_level(state, cell) != 1:
        return False
    size = size_id(state)
    for direction in range(0, 8, 2):
        if cell_level(state, np.int64(NEIGHBOUR[size, direction, cell])) != SEA:
            return False
    return True


@njit(cache=True)
def next_kind(state, cell):
    """The kind the next sanctuary on the mountain at `cell` must be, -1 when it has all three."""
    for kind in range(N_KINDS):
        if builder(state, cell, kind) == 0:
            return np.int64(kind)
    return np.int64(-1)


@njit(cache=True)
def can_build_on(state, who, cell):
    """A mountain without a sanctuary of `who`, the kind due there still in `who`'s supply (O-11)."""
    if cell_level(state, cell) != MOUNTAIN_LEVEL:
        return False
    for kind in range(N_KINDS):
        if builder(state, cell, kind) == who + 1:
            return False
    kind = next_kind(state, cell)
    if kind < 0:
        return False
    built = np.int64(0)
    for c in range(cells_of(state)):
        if builder(state, c, kind) == who + 1:
            built += 1
    return built < PER_KIND


@njit(cache=True)
def room_on_slots(state, who):
    """Whether player `who` has an empty slot for one more follower waiting at home."""
    empty = ALL_SLOTS & ~seat_word(state, who, HELD)
    return popcount(np.uint64(empty)) > seat_word(state, who, AT_HOME)


@njit(cache=True)
def may_enrol_in_seat(state, who):
    """Whether seat `who`, player or AI, may enrol in a sanctuary's seat: a seat is on the map,
    which holds no more of its followers than its study level allows (the seed)."""
    return on_map(state, who) < MAP_FOLLOWERS[hat(state, who, STUDY_SLOT) - 1]


@njit(cache=True)
def knowledge(state, who):
    """Seat `who`'s knowledge as the final scoring counts it (oros_full_scoring.knowledge)."""
    total = seat_word(state, who, PYRAMID)
    studying = seat_word(state, who, IN_SANCTUM)
    for cell in range(cells_of(state)):
        for kind in range(N_KINDS):
            if builder(state, cell, kind) == who + 1:
                total += KNOWLEDGE_EACH[hat(state, who, KIND_COLUMN + kind) - 1]
            if occupant(state, cell, kind) == who + 1:
                studying += 1
    crossed = np.int64(0)
    for column in range(N_COLUMNS):
        total += COLUMN_KNOWLEDGE[column, hat(state, who, column) - 1]
        if column < HORIZON_COLUMNS and hat(state, who, column) >= HORIZON_LEVEL:
            crossed += HORIZON_VALUES[column]
    return total + crossed * studying


@njit(cache=True, nogil=True)
def scores(state, values):
    """Each seat's knowledge, the final score (O-13): what MCTS reports a margin of (-inf for a
    seat not in play)."""
    seats = word(state, SEATS_IN_PLAY)
    for who in range(values.shape[0]):
        values[who] = knowledge(state, who) if who < seats else -np.inf


@njit(cache=True, nogil=True)
def terminal_values(state, values):
    """Each seat's share of the win (O-13): most knowledge, ties the higher demigod; 1 shared."""
    seats = word(state, SEATS_IN_PLAY)
    for i in range(values.shape[0]):
        values[i] = 0.0
    best_knowledge = np.int64(-1)
    best_pyramid = np.int64(-1)
    for who in range(seats):
        k = knowledge(state, who)
        p = seat_word(state, who, PYRAMID)
        if k > best_knowledge or (k == best_knowledge and p > best_pyramid):
            best_knowledge, best_pyramid = k, p
    winners = 0
    for who in range(seats):
        if knowledge(state, who) == best_knowledge and seat_word(state, who, PYRAMID) == best_pyramid:
            values[who] = 1.0
            winners += 1
    for who in range(seats):
        values[who] /= winners


# What MCTS backs up (search_values): against the AI decks a human seat loses nearly every
# playout, so the win alone gives the search no signal. Blended in, the seat's part of the
# knowledge it and the best other seat hold, k / (k + best other), ranks the losses too; with
# KNOWLEDGE_WEIGHT 3/4 every win (at least 1/4 + 3/4 x 1/2) still counts more than any loss (at
# most 3/4 x 1/2). The part rather than the plain margin: a margin of 40 points behind over a
# scale of 50 spread the values of the plies MCTS compared less than UCT's exploration term could
# tell apart (docs/strength.md, "Oros").
KNOWLEDGE_WEIGHT = 0.75


@njit(cache=True, nogil=True)
def search_values(state, values):
    """Each seat's value of a finished playout for MCTS: (1 - KNOWLEDGE_WEIGHT) x its share of the
    win plus KNOWLEDGE_WEIGHT x its part of the knowledge it and the best other seat hold."""
    terminal_values(state, values)
    seats = word(state, SEATS_IN_PLAY)
    scores = np.empty(seats, dtype=np.int64)
    for who in range(seats):
        scores[who] = knowledge(state, who)
    for who in range(seats):
        best_other = np.int64(0)
        for other in range(seats):
            if other != who and scores[other] > best_other:
                best_other = scores[other]
        total = scores[who] + best_other
        part = scores[who] / total if total > 0 else 0.5
        values[who] = (1.0 - KNOWLEDGE_WEIGHT) * values[who] + KNOWLEDGE_WEIGHT * part


@njit(cache=True)
def draw_pile(state, who):
    """The AI's cards it may draw now (bit per card): its pile, or the whole deck when empty."""
    pile = seat_word(state, who, DRAW)
    if pile == 0:
        pile = (np.int64(1) << DECK_SIZE[word(state, PERSONALITY)]) - 1
    return pile


@njit(cache=True)
def list_cards(state, out):
    """The current AI's possible draws as CARD moves into `out`, in card order; their number."""
    pile = draw_pile(state, word(state, CURRENT))
    n = 0
    for card in range(DECK_SIZE[word(state, PERSONALITY)]):
        if pile >> card & 1:
            n = put(out, n, ply(CARD, 0, 0, card))
    return n


@njit(cache=True, nogil=True)
def chance_outcomes(state, out_moves, out_probs):
    """The AI's possible draws, each card of its pile equally likely; 0 at a decision."""
    if not is_chance(state):
        return 0
    n = list_cards(state, out_moves)
    for i in range(n):
        out_probs[i] = 1.0 / n
    return n


# ----------------------------------------------------------------------------------- legal plies


@njit(cache=True, inline="always")
def ply(kind, target, source, detail):
    """A move integer (layout in kernels/oros/oros_game_layout.py)."""
    return np.int64(kind | target << TARGET_SHIFT | source << SOURCE_SHIFT | detail << DETAIL_SHIFT)


@njit(cache=True)
def neighbours(state, place, sea, out):
    """The places one travel step from `place` (O-12) into `out`; return their number."""
    cell = place >> 2
    if place & 3:  # a sanctuary's seat leads to its mountain
        out[0] = cell * 4
        return 1
    n = 0
    size = size_id(state)
    for direction in range(0, 8, 2):
        near = np.int64(NEIGHBOUR[size, direction, cell])
        if (sea or cell_level(state, near) != SEA) and not is_island(state, near):
            out[n] = near * 4
            n += 1
    if cell_level(state, cell) == MOUNTAIN_LEVEL:
        for kind in range(N_KINDS):
            if builder(state, cell, kind):
                out[n] = cell * 4 + 1 + kind
                n += 1
    return n


@njit(cache=True)
def distances(state, origin, budget, sea, distance, queue):
    """Breadth-first travel distances from `origin` up to `budget` steps into `distance` (-1 not
    reached, which it must hold on entry); the reached places in queue[:n]; return n."""
    near = np.empty(8, dtype=np.int64)
    distance[origin] = 0
    queue[0] = origin
    head, n = 0, 1
    while head < n:
        place = queue[head]
        head += 1
        if distance[place] == budget:
            continue
        for i in range(neighbours(state, place, sea, near)):
            if distance[near[i]] < 0:
                distance[near[i]] = distance[place] + 1
                queue[n] = near[i]
                n += 1
    return n


@njit(cache=True)
def walk_distance(state, who, origin, destination, budget):
    """The steps a walk from `origin` to `destination` uses (the shortest way)."""
    distance = np.full(SANCTUM_PLACE, -1, dtype=np.int64)
    queue = np.empty(SANCTUM_PLACE, dtype=np.int64)
    distances(state, origin, budget, hat(state, who, TRAVEL_SLOT) >= SEA_FROM, distance, queue)
    return distance[destination]


@njit(cache=True)
def list_walks(state, who, budget, kind, target, source, out, n):
    """Append a ply of `kind` for every walk of `who`'s followers within `budget` steps, passing
    other followers but stopping only where none is (travel level 5 may share a tile, never a seat)."""
    sea = hat(state, who, TRAVEL_SLOT) >= SEA_FROM
    share = hat(state, who, TRAVEL_SLOT) >= SHARE_FROM
    distance = np.full(SANCTUM_PLACE, -1, dtype=np.int64)
    queue = np.empty(SANCTUM_PLACE, dtype=np.int64)
    for cell in range(cells_of(state)):
        for sub in range(1 + N_KINDS):
            origin = cell * 4 + sub
            if sub == 0:
                if on_tile(state, who, cell) == 0 or is_island(state, cell):
                    continue
            elif occupant(state, cell, sub - 1) != who + 1:
                continue
            reached = distances(state, origin, budget, sea, distance, queue)
            for i in range(reached):
                place = queue[i]
                distance[place] = -1
                if place == origin:
                    continue
                c = place >> 2
                if place & 3:
                    crowded = occupant(state, c, (place & 3) - 1) != 0
                else:
                    if cell_level(state, c) == SEA:
                        continue
                    crowded = everyone_on_tile(state, c) > 0 and not share
                if not crowded:
                    n = put(out, n, ply(kind, target, source, origin | place << PLACE_BITS))
    return n


@njit(cache=True)
def map_moves(state, moves):
    """The tectonics moves of the mover's abilities (the ability words hold them) into `moves`."""
    return tectonics.legal_moves(state, moves)


@njit(cache=True, inline="always")
def map_slot(move):
    """The map slot whose action a tectonics move is (drift, tectonic, volcano)."""
    kind = (move >> 6) & 7
    if kind == DRIFT_ROW or kind == DRIFT_COL:
        return np.int64(DRIFT_SLOT)
    if kind == TECTONIC_MOVE:
        return np.int64(TECTONIC_SLOT)
    return np.int64(VOLCANO_SLOT)


@njit(cache=True)
def owns_sanctuary(state, who):
    """Whether seat `who` has built a sanctuary."""
    for cell in range(cells_of(state)):
        for kind in range(N_KINDS):
            if builder(state, cell, kind) == who + 1:
                return True
    return False


@njit(cache=True)
def forced(state, who, out):
    """The forced plies due now into `out` and their number, or -1 when none is due."""
    held = seat_word(state, who, HELD)
    start = word(state, ACTIONS_LEFT) == ACTIONS_PER_TURN
    n = 0
    if start and held != 0 and not owns_sanctuary(state, who) and on_map(state, who) == 0:
        for source in range(len(SLOT_BITS)):
            if held & SLOT_BITS[source]:
                for cell in range(cells_of(state)):
                    if cell_level(state, cell) == 1 and everyone_on_tile(state, cell) == 0:
                        n = put(out, n, ply(FORCED_ISLAND, 0, source, cell))
        if n > 0:
            return n
    if held == ALL_SLOTS:
        if seat_word(state, who, IN_SANCTUM) < SANCTUM_SEATS:
            for source in range(len(SLOT_BITS)):
                n = put(out, n, ply(FORCED_STUDY, 0, source, 0))
        else:
            n = put(out, n, ply(END_TURN, 0, 0, 0))
        return n
    return -1


@njit(cache=True)
def studies(state, who, source, out, n):
    """Append the study action's plies from slot `source`: enrolments of a follower from a slot
    other than study (to the sanctum or any sanctuary's free seat), and graduations of 1..most
    studying followers (a multiset: sanctum seats alike, sanctuary seats each its own)."""
    followers = seat_word(state, who, HELD) & ~SLOT_BITS[source]
    schools = np.empty(1 + CELLS * N_KINDS, dtype=np.int64)
    k = 0
    if seat_word(state, who, IN_SANCTUM) < SANCTUM_SEATS:
        schools[k] = SANCTUM_PLACE
        k += 1
    seats = np.empty(CELLS * N_KINDS, dtype=np.int64)  # places where `who` studies in a sanctuary
    m = 0
    for cell in range(cells_of(state)):
        for kind in range(N_KINDS):
            if occupant(state, cell, kind) == who + 1:
                seats[m] = cell * 4 + 1 + kind
                m += 1
    if may_enrol_in_seat(state, who):
        for cell in range(cells_of(state)):
            for kind in range(N_KINDS):
                if builder(state, cell, kind) != 0 and occupant(state, cell, kind) == 0:
                    schools[k] = cell * 4 + 1 + kind
                    k += 1
    for f in range(len(SLOT_BITS)):
        if followers & SLOT_BITS[f] and f != STUDY_SLOT:
            for i in range(k):
                n = put(out, n, ply(ACT, STUDY_SLOT, source, f << 1 | schools[i] << 4))
    empty = ALL_SLOTS & ~seat_word(state, who, HELD)
    most = min(GRADUATES[hat(state, who, STUDY_SLOT) - 1], popcount(np.uint64(empty)))
    sanctum = seat_word(state, who, IN_SANCTUM)
    for size in range(1, most + 1):
        for j in range(min(sanctum, size) + 1):
            r = size - j
            if r > m:
                continue
            # every r seats out of m, ascending (r <= 3)
            for a in range(m if r >= 1 else 1):
                for b in range(a + 1 if r >= 2 else 0, m if r >= 2 else 1):
                    for c in range(b + 1 if r >= 3 else 0, m if r >= 3 else 1):
                        detail = np.int64(1 | j << 1)
                        if r >= 1:
                            detail |= (seats[a] + 1) << GRADUATE_SHIFTS[0]
                        if r >= 2:
                            detail |= (seats[b] + 1) << GRADUATE_SHIFTS[1]
                        if r >= 3:
                            detail |= (seats[c] + 1) << GRADUATE_SHIFTS[2]
                        n = put(out, n, ply(ACT, STUDY_SLOT, source, detail))
    return n


@njit(cache=True)
def may_build(state, who, cell):
    """O-11: `who` may build on `cell` and has a follower on the mountain or in its sanctuaries."""
    if not can_build_on(state, who, cell):
        return False
    if on_tile(state, who, cell) > 0:
        return True
    for kind in range(N_KINDS):
        if occupant(state, cell, kind) == who + 1:
            return True
    return False


@njit(cache=True, nogil=True)
def legal_moves(state, out):
    """Every ply the mover may choose now (at an AI's draw: its cards; 0 once the game is over);
    writes at most len(out) and returns the true number."""
    if state[OVER] != ZERO:
        return 0
    who = mover(state)
    n = 0
    if waiting(state, who) > 0:
        held = seat_word(state, who, HELD)
        for target in range(len(SLOT_BITS)):
            if held & SLOT_BITS[target] == 0:
                n = put(out, n, ply(PUT, target, 0, 0))
        return n
    if seat_word(state, who, WISDOM) > 0:
        for column in range(N_COLUMNS):
            if hat(state, who, column) < LEVELS:
                n = put(out, n, ply(RAISE, column, 0, 0))
        return n
    if is_ai(state, who):  # an AI's card draw: its outcomes, as the other chance kernels list them
        return list_cards(state, out)
    if state[ERUPTIONS_LEFT] != ZERO:
        moves = np.empty(MAP_MOVES, dtype=np.int64)
        for i in range(map_moves(state, moves)):
            if (moves[i] >> 6) & 7 == ERUPT:
                n = put(out, n, ply(ERUPT_MORE, 0, 0, moves[i]))
        return put(out, n, ply(STOP, 0, 0, 0))
    if state[STEPS_LEFT] != ZERO:
        n = list_walks(state, who, word(state, STEPS_LEFT), WALK_MORE, 0, 0, out, n)
        return put(out, n, ply(STOP, 0, 0, 0))
    n = forced(state, who, out)
    if n >= 0:
        return n
    n = 0
    held = seat_word(state, who, HELD)
    empty = ALL_SLOTS & ~held
    moves = np.empty(MAP_MOVES if empty & MAP_SLOTS else 0, dtype=np.int64)
    count = map_moves(state, moves) if empty & MAP_SLOTS else 0
    for target in range(len(SLOT_BITS)):
        if held & SLOT_BITS[target]:
            continue
        if target == TRAVEL_SLOT or target == SANCTUARY_SLOT:
            # The same plies whichever slot the follower came from: listed once, copied per source.
            start = n
            if target == TRAVEL_SLOT:
                n = list_walks(state, who, TRAVEL_STEPS[hat(state, who, TRAVEL_SLOT) - 1], ACT, TRAVEL_SLOT, 0, out, n)
            else:
                for cell in range(cells_of(state)):
                    if may_build(state, who, cell):
                        n = put(out, n, ply(ACT, SANCTUARY_SLOT, 0, cell))
            size = n - start
            n = start
            for source in range(len(SLOT_BITS)):
                if held & SLOT_BITS[source]:
                    for i in range(size):
                        listed = out[min(start + i, out.shape[0] - 1)]  # beyond the room nothing is written
                        n = put(out, n, (listed & ~SOURCE_MASK) | source << SOURCE_SHIFT)
            continue
        for source in range(len(SLOT_BITS)):
            if held & SLOT_BITS[source] == 0:
                continue
            if target == STUDY_SLOT:
                n = studies(state, who, source, out, n)
            else:
                for i in range(count):
                    if map_slot(moves[i]) == target:
                        n = put(out, n, ply(ACT, target, source, moves[i]))
    for target in range(len(SLOT_BITS)):  # standing on a slot without doing its action (the seed)
        if held & SLOT_BITS[target] == 0:
            for source in range(len(SLOT_BITS)):
                if held & SLOT_BITS[source]:
                    n = put(out, n, ply(IDLE, target, source, 0))
    return put(out, n, ply(END_TURN, 0, 0, 0))


# ---------------------------------------------------------------------------------- the effects


@njit(cache=True)
def set_abilities(out, who):
    """The map's ability words from seat `who`'s hats (oros_full_effects.abilities)."""
    out[DRIFT] = np.uint64(DRIFT_DISTANCE[hat(out, who, DRIFT_SLOT) - 1])
    out[TECTONIC] = np.uint64(TECTONIC_GROUPS[hat(out, who, TECTONIC_SLOT) - 1])
    out[MOUNTAINS] = ONE if hat(out, who, DRIFT_SLOT) >= MOUNTAINS_FROM else ZERO
    out[MOUNTAIN3] = ONE if hat(out, who, TECTONIC_SLOT) >= MOUNTAIN3_FROM else ZERO
    out[FILL] = ZERO if hat(out, who, VOLCANO_SLOT) >= NO_FILL_FROM else ONE


@njit(cache=True)
def play_map_move(out, who, move):
    """The tectonics move `move` with `who`'s abilities (the tectonics kernel's apply, O-1..O-6);
    followers and sanctuaries ride on their tiles, and colliding tiles' followers end together."""
    origins = np.empty(8, dtype=np.int64)
    targets = np.empty(8, dtype=np.int64)
    moved = 0
    kind = (move >> 6) & 7
    size = size_id(out)
    width = word(out, WIDTH)
    if kind == DRIFT_ROW or kind == DRIFT_COL:
        line, distance, sense = move & 63, (move >> 9) & 7, (move >> 12) & 1
        length = width if kind == DRIFT_ROW else word(out, HEIGHT)
        shift = distance if sense == 0 else length - distance
        for i in range(length):
            j = (i + shift) % length
            origins[i] = line * width + i if kind == DRIFT_ROW else i * width + line
            targets[i] = line * width + j if kind == DRIFT_ROW else j * width + line
        moved = length
    elif kind == TECTONIC_MOVE:
        direction = (move >> 23) & 7
        for c in (move & 63, ((move >> 9) & 127) - 1, ((move >> 16) & 127) - 1):
            if c >= 0:
                origins[moved] = c
                targets[moved] = NEIGHBOUR[size, direction, c]
                moved += 1
    set_abilities(out, who)
    tectonics.apply(out, move, out)
    out[ACTIONS] = ZERO
    carried = np.empty(8, dtype=np.uint64)
    for base in range(ON_TILE, SANCTUARY + 1, CELLS):  # each seat's tile counts, then the sanctuaries
        for i in range(moved):
            carried[i] = out[base + origins[i]]
        for i in range(moved):
            out[base + origins[i]] = ZERO
        for i in range(moved):
            out[base + targets[i]] += carried[i]


@njit(cache=True)
def recruit(out, who):
    """A horizon crossing's follower: to the sanctum, else home (an AI's; a player's while an empty
    slot is left for it, to be put there), else none."""
    if seat_word(out, who, IN_SANCTUM) < SANCTUM_SEATS:
        set_seat_word(out, who, IN_SANCTUM, seat_word(out, who, IN_SANCTUM) + 1)
    elif is_ai(out, who) or room_on_slots(out, who):
        set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) + 1)
    else:
        return
    set_seat_word(out, who, RECRUITS, seat_word(out, who, RECRUITS) + 1)


@njit(cache=True)
def raise_hat(out, who, column):
    """Seat `who`'s hat of `column` up one level (O-10); crossing the horizon brings a follower."""
    level = hat(out, who, column)
    if level == LEVELS:
        return
    set_seat_word(out, who, HATS + column, level + 1)
    if column < HORIZON_COLUMNS and level + 1 == HORIZON_LEVEL:
        recruit(out, who)


@njit(cache=True)
def gain_wisdom(out, who, points):
    """A player's wisdom to spend (no more than the hats can rise); an AI raises the columns on the
    back of its discard's top card, or its lowest hat before its first draw (O-14)."""
    if not is_ai(out, who):
        room = np.int64(0)
        for column in range(N_COLUMNS):
            room += LEVELS - hat(out, who, column)
        set_seat_word(out, who, WISDOM, min(seat_word(out, who, WISDOM) + points, room))
        return
    for i in range(points):
        top = seat_word(out, who, TOP)
        if top > 0:
            column = CARD_BACK[word(out, PERSONALITY), top - 1, i % 3]
        else:
            column = np.int64(0)
            for c in range(1, N_COLUMNS):
                if hat(out, who, c) < hat(out, who, column):
                    column = np.int64(c)
        raise_hat(out, who, column)


@njit(cache=True)
def advance_demigod(out, who, steps):
    """Seat `who`'s demigod `steps` up the pyramid, skipping taken spaces (an occupied top sends
    it back down); a red space it stops on adds volcano levels on every hotspot, once (O-11)."""
    seats = word(out, SEATS_IN_PLAY)
    here = seat_word(out, who, PYRAMID)
    target = here
    if steps > 0:
        taken = np.int64(0)
        for other in range(seats):
            if other != who and seat_word(out, other, PYRAMID) > 0:
                taken |= np.int64(1) << seat_word(out, other, PYRAMID)
        target = min(here + steps, TOP_SPACE)
        while taken >> target & 1 and target < TOP_SPACE:
            target += 1
        while taken >> target & 1:
            target -= 1
    set_seat_word(out, who, PYRAMID, target)
    if RED_SPACES >> target & 1 and not word(out, FIRED) >> target & 1:
        hotspots = out[HOTSPOT]
        for cell in range(cells_of(out)):
            if hotspots & bit(cell) and cell_level(out, cell) != SEA:
                out[VOLCANOES + cell] = add_lava(out[VOLCANOES + cell], np.int64(RED_VOLCANO_LEVELS))
        out[FIRED] |= bit(target)


@njit(cache=True)
def build_sanctuary(out, who, cell):
    """Seat `who` builds the kind due on `cell` and gains its wisdom; each other seat's follower
    studying on that mountain earns 1 wisdom (O-11). Returns the kind."""
    kind = next_kind(out, cell)
    studying = np.zeros(MAX_SEATS, dtype=np.int64)
    for k in range(N_KINDS):
        seated = occupant(out, cell, k)
        if seated and seated != who + 1:
            studying[seated - 1] += 1
    out[SANCTUARY + cell] |= np.uint64(who + 1) << np.uint64(8 * kind)
    extra = 1 if hat(out, who, KIND_COLUMN + kind) >= EXTRA_WISDOM_FROM else 0
    gain_wisdom(out, who, BUILD_WISDOM[kind] + extra)
    for owner in range(MAX_SEATS):
        for _ in range(studying[owner]):
            gain_wisdom(out, owner, np.int64(1))
    return kind


# --------------------------------------------------------------------------------- the AI's card


@njit(cache=True)
def ai_build(out, who, zone):
    """Develop, build: on the first cell of the zone where the AI may build; True when built."""
    for i in range(ZONES.shape[1]):
        cell = ZONES[zone, i]
        if can_build_on(out, who, cell):
            kind = build_sanctuary(out, who, cell)  # an AI's build moves no demigod (the seed)
            if seat_word(out, who, AT_HOME) > 0:
                set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) - 1)
                set_occupant(out, cell, kind, who + 1)
            return True
    return False


@njit(cache=True)
def ai_study(out, who, zone):
    """Develop, study: a follower from home to the first free sanctuary seat of the zone (within the
    map limit, as a player's enrolment), else the sanctum; True when one went."""
    if seat_word(out, who, AT_HOME) == 0:
        return False
    for i in range(ZONES.shape[1] if may_enrol_in_seat(out, who) else 0):
        cell = ZONES[zone, i]
        for kind in range(N_KINDS):
            if builder(out, cell, kind) and occupant(out, cell, kind) == 0:
                set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) - 1)
                set_occupant(out, cell, kind, who + 1)
                return True
    if seat_word(out, who, IN_SANCTUM) < SANCTUM_SEATS:
        set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) - 1)
        set_seat_word(out, who, IN_SANCTUM, seat_word(out, who, IN_SANCTUM) + 1)
        return True
    return False


@njit(cache=True)
def ai_graduate(out, who, zone):
    """Develop, graduate: up to 2 of the AI's followers studying in the zone (its cells in order,
    each mountain's seats in the reference's place order), else in the sanctum, go home for 1
    wisdom each; True when one did."""
    moved = 0
    for i in range(ZONES.shape[1]):
        cell = ZONES[zone, i]
        for k in range(N_KINDS):
            kind = SEAT_NAME_ORDER[k]
            if moved < 2 and occupant(out, cell, kind) == who + 1:
                set_occupant(out, cell, kind, 0)
                moved += 1
    if moved == 0:
        moved = min(seat_word(out, who, IN_SANCTUM), 2)
        set_seat_word(out, who, IN_SANCTUM, seat_word(out, who, IN_SANCTUM) - moved)
    if moved == 0:
        return False
    set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) + moved)
    gain_wisdom(out, who, np.int64(moved))
    return True


@njit(cache=True)
def set_cell(out, cell, level):
    """Make `cell` a tile of `level` (or sea, or a mountain) without volcanoes."""
    set_level(out, cell, level)
    out[VOLCANOES + cell] = ZERO


@njit(cache=True)
def ai_map_action(out, who, action, zone):
    """The card's map action in its zone: a mountain on the first sea cell, the highest unoccupied
    tile removed, or every other seat's followers sent back from the first occupied tile."""
    if action == MAKE_MOUNTAIN:
        for i in range(ZONES.shape[1]):
            cell = ZONES[zone, i]
            if cell_level(out, cell) == SEA:
                set_cell(out, cell, np.int64(MOUNTAIN_LEVEL))
                return
    elif action == REMOVE_TILE:
        best, best_level = np.int64(-1), np.int64(0)
        for i in range(ZONES.shape[1]):
            cell = ZONES[zone, i]
            level = cell_level(out, cell)
            if 1 <= level <= 4 and everyone_on_tile(out, cell) == 0 and level > best_level:
                best, best_level = cell, level
        if best >= 0:  # O-6: a hotspot left without land gets a new level-1 tile at once
            set_cell(out, best, np.int64(1) if out[HOTSPOT] & bit(best) else np.int64(SEA))
    elif action == REMOVE_FOLLOWERS:
        for i in range(ZONES.shape[1]):
            cell = ZONES[zone, i]
            others = np.int64(0)
            for owner in range(word(out, SEATS_IN_PLAY)):
                if owner != who:
                    others += on_tile(out, owner, cell)
            if others == 0:
                continue
            removed = np.int64(0)
            for owner in range(word(out, SEATS_IN_PLAY)):
                if owner == who:
                    continue
                for _ in range(on_tile(out, owner, cell)):
                    if not is_ai(out, owner) and room_on_slots(out, owner):  # its owner puts it on a slot
                        set_seat_word(out, owner, AT_HOME, seat_word(out, owner, AT_HOME) + 1)
                    elif seat_word(out, owner, IN_SANCTUM) < SANCTUM_SEATS:
                        set_seat_word(out, owner, IN_SANCTUM, seat_word(out, owner, IN_SANCTUM) + 1)
                    else:
                        continue
                    out[ON_TILE + CELLS * owner + cell] -= ONE
                    removed += 1
            gain_wisdom(out, who, removed)
            return


@njit(cache=True)
def ai_turn(out, who, card):
    """The AI draws `card`, lays it on its discard and plays it top to bottom (O-14)."""
    personality = word(out, PERSONALITY)
    set_seat_word(out, who, DRAW, draw_pile(out, who) & ~(np.int64(1) << card))
    set_seat_word(out, who, TOP, card + 1)
    zone = CARD_ZONE[personality, card]
    for i in range(3):
        icon = CARD_DEVELOP[personality, card, i]
        if icon < 0:
            break
        if icon == BUILD:
            done = ai_build(out, who, zone)
        elif icon == STUDY:
            done = ai_study(out, who, zone)
        else:
            done = ai_graduate(out, who, zone)
        if done:
            break
    ai_map_action(out, who, CARD_MAP[personality, card], zone)
    advance_demigod(out, who, CARD_DEMIGOD[personality, card])


# ------------------------------------------------------------------------------------- the turn


@njit(cache=True)
def next_turn(out):
    """The next seat's turn; a round ends before the start player's, and the game with it when a
    demigod stands on the top or the round limit is reached (O-13)."""
    seats = word(out, SEATS_IN_PLAY)
    current = (word(out, CURRENT) + 1) % seats
    if current == word(out, FIRST):
        top = False
        for who in range(seats):
            if seat_word(out, who, PYRAMID) == TOP_SPACE:
                top = True
        if top or word(out, ROUND) == MAX_ROUNDS:
            out[OVER] = ONE
            out[ACTIONS_LEFT] = ZERO
            out[ERUPTIONS_LEFT] = ZERO
            out[STEPS_LEFT] = ZERO
            return
        out[ROUND] += ONE
    out[CURRENT] = np.uint64(current)
    out[ACTIONS_LEFT] = np.uint64(ACTIONS_PER_TURN)
    out[ERUPTIONS_LEFT] = ZERO
    out[STEPS_LEFT] = ZERO


@njit(cache=True)
def settle(out):
    """The turn passes once its actions are used and no follower waits for a slot nor wisdom to be
    spent."""
    if out[ERUPTIONS_LEFT] != ZERO or out[STEPS_LEFT] != ZERO or out[ACTIONS_LEFT] != ZERO:
        return
    for who in range(word(out, SEATS_IN_PLAY)):
        if waiting(out, who) > 0 or seat_word(out, who, WISDOM) > 0:
            return
    next_turn(out)


@njit(cache=True)
def finish_action(out):
    """One of the turn's actions done."""
    out[ACTIONS_LEFT] -= ONE
    out[ERUPTIONS_LEFT] = ZERO
    out[STEPS_LEFT] = ZERO
    settle(out)


@njit(cache=True)
def bonus(out, who, column):
    """Level 6 of drift, tectonic, volcano and study also moves the demigod 1 (the seed)."""
    if hat(out, who, column) >= DEMIGOD_STEP_FROM[column]:
        advance_demigod(out, who, np.int64(1))


@njit(cache=True)
def leave(out, who, place):
    """Seat `who`'s follower leaves `place` (a tile, a sanctuary seat or the sanctum)."""
    if place == SANCTUM_PLACE:
        set_seat_word(out, who, IN_SANCTUM, seat_word(out, who, IN_SANCTUM) - 1)
    elif place & 3:
        set_occupant(out, place >> 2, (place & 3) - 1, 0)
    else:
        out[ON_TILE + CELLS * who + (place >> 2)] -= ONE


@njit(cache=True)
def arrive(out, who, place):
    """Seat `who`'s follower arrives at `place` (a tile, a sanctuary seat or the sanctum)."""
    if place == SANCTUM_PLACE:
        set_seat_word(out, who, IN_SANCTUM, seat_word(out, who, IN_SANCTUM) + 1)
    elif place & 3:
        set_occupant(out, place >> 2, (place & 3) - 1, who + 1)
    else:
        out[ON_TILE + CELLS * who + (place >> 2)] += ONE


@njit(cache=True)
def walk(out, who, detail, budget):
    """A follower walks (O-12); steps left over may move this or other followers."""
    origin, destination = detail & 511, (detail >> PLACE_BITS) & 511
    used = walk_distance(out, who, origin, destination, budget)
    leave(out, who, origin)
    arrive(out, who, destination)
    if used < budget:
        out[STEPS_LEFT] = np.uint64(budget - used)
        settle(out)
    else:
        finish_action(out)


@njit(cache=True)
def act(out, who, target, detail):
    """The action of slot `target`, its follower already there (oros_full_rules.ACTIONS)."""
    if target == DRIFT_SLOT or target == TECTONIC_SLOT:
        play_map_move(out, who, detail)
        bonus(out, who, target)
        finish_action(out)
    elif target == VOLCANO_SLOT:
        play_map_move(out, who, detail)
        bonus(out, who, target)
        more = ERUPTIONS[hat(out, who, VOLCANO_SLOT) - 1] - 1
        if (detail >> 6) & 7 == CREATE or more == 0:
            finish_action(out)
        else:
            out[ERUPTIONS_LEFT] = np.uint64(more)
            settle(out)
    elif target == STUDY_SLOT:
        bonus(out, who, target)
        if detail & 1 == 0:  # enrol
            follower = (detail >> 1) & 7
            set_seat_word(out, who, HELD, seat_word(out, who, HELD) & ~SLOT_BITS[follower])
            arrive(out, who, (detail >> 4) & 511)
        else:  # graduate: back home, each then put on an empty slot by the player (PUT)
            sanctum = (detail >> 1) & 3
            graduates = sanctum
            set_seat_word(out, who, IN_SANCTUM, seat_word(out, who, IN_SANCTUM) - sanctum)
            for shift in GRADUATE_SHIFTS:
                place = ((detail >> shift) & 511) - 1
                if place >= 0:
                    leave(out, who, place)
                    graduates += 1
            set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) + graduates)
            gain_wisdom(out, who, graduates)
        finish_action(out)
    elif target == TRAVEL_SLOT:
        walk(out, who, detail, TRAVEL_STEPS[hat(out, who, TRAVEL_SLOT) - 1])
    else:
        kind = build_sanctuary(out, who, detail)
        if on_tile(out, who, detail) > 0:  # the builder's follower on the mountain moves in
            out[ON_TILE + CELLS * who + detail] -= ONE
            set_occupant(out, detail, kind, who + 1)
        advance_demigod(out, who, np.int64(BUILD_STEPS))
        finish_action(out)


@njit(cache=True, nogil=True)
def apply(state, move, out):
    """Write the position after the legal ply `move` into `out` (an AI's card at a chance node)."""
    copy_words(state, out)
    kind = move & KIND_MASK
    detail = move >> DETAIL_SHIFT
    if is_chance(state):
        ai_turn(out, word(state, CURRENT), detail)
        out[ACTIONS_LEFT] = ZERO
        settle(out)
    else:
        who = mover(state)
        if kind == RAISE:
            set_seat_word(out, who, WISDOM, seat_word(out, who, WISDOM) - 1)
            raise_hat(out, who, (move >> TARGET_SHIFT) & 7)
            settle(out)
        elif kind == PUT:
            set_seat_word(out, who, AT_HOME, seat_word(out, who, AT_HOME) - 1)
            set_seat_word(out, who, HELD, seat_word(out, who, HELD) | SLOT_BITS[(move >> TARGET_SHIFT) & 7])
            settle(out)
        elif kind == END_TURN:
            next_turn(out)
        elif kind == FORCED_ISLAND or kind == FORCED_STUDY:
            source = (move >> SOURCE_SHIFT) & 7
            set_seat_word(out, who, HELD, seat_word(out, who, HELD) & ~SLOT_BITS[source])
            arrive(out, who, detail * 4 if kind == FORCED_ISLAND else np.int64(SANCTUM_PLACE))
            settle(out)
        elif kind == STOP:
            finish_action(out)
        elif kind == ERUPT_MORE:
            play_map_move(out, who, detail)
            if out[ERUPTIONS_LEFT] == ONE:
                finish_action(out)
            else:
                out[ERUPTIONS_LEFT] -= ONE
                settle(out)
        elif kind == WALK_MORE:
            walk(out, who, detail, word(out, STEPS_LEFT))
        else:
            target, source = (move >> TARGET_SHIFT) & 7, (move >> SOURCE_SHIFT) & 7
            held = (seat_word(out, who, HELD) & ~SLOT_BITS[source]) | SLOT_BITS[target]
            set_seat_word(out, who, HELD, held)
            if kind == IDLE:  # standing there only; the action still counts (the seed)
                finish_action(out)
            else:
                act(out, who, target, detail)
    set_abilities(out, mover(out))


# --------------------------------------------------------------------------- the playout policy

# Uniform playouts never win a human seat a game (the AI decks reach about 45 knowledge while a
# random human ends with about 1), so MCTS would see only losses. The playout policy instead takes
# the ply of the best score below (ties at random) and, one time in EXPLORE_ONE_IN, a uniformly
# random ply, so that playouts still try everything. The scores rank what gains knowledge soonest:
# building first (wisdom, 2 pyramid steps, a sanctuary that scores per kind hat), then walking
# onto a mountain one may build on, graduating (wisdom), studying in a sanctuary; a map action is
# blind to its outcome; ending the turn with actions left comes last but for a placement that
# does nothing, which only the one-in-EXPLORE_ONE_IN uniform step plays (the search itself tries
# every ply): scored above ending the turn, every turn with nothing better left would spend its
# actions on it, lengthening the playouts for followers that only stand on slots.
EXPLORE_ONE_IN = 8
BUILD_SCORE = 16.0
TO_MOUNTAIN_SCORE, TO_SEAT_SCORE, NEARER_SCORE, WALK_SCORE, OFF_MOUNTAIN_SCORE = 8.0, 3.0, 2.0, 1.0, 0.5
GRADUATE_SCORE, ENROL_SCORE, MAP_SCORE, STOP_SCORE = 4.0, 2.0, 1.0, 0.5
IDLE_SCORE = -0.5  # below ending the turn: left to the uniform step (see above)
NEW_FOLLOWER_SCORE = 2.0  # a hat crossing the horizon brings a follower: one more action a turn
FUTURE_SANCTUARY = 0.5  # a kind's hat is worth raising before its sanctuaries are built


@njit(cache=True)
def built_of_kind(state, who, kind):
    """How many sanctuaries of `kind` seat `who` has built."""
    count = np.int64(0)
    for cell in range(cells_of(state)):
        if builder(state, cell, kind) == who + 1:
            count += 1
    return count


@njit(cache=True)
def raise_score(state, who, column):
    """Knowledge per wisdom of a hat's next level: a kind's hat by its sanctuaries (built, plus
    FUTURE_SANCTUARY); a scoring column by the level-6 knowledge over the wisdom still needed, so
    that wisdom goes to the columns nearest their payoff instead of spread thin; plus the worth of
    a horizon follower."""
    level = hat(state, who, column)
    if column >= KIND_COLUMN:
        built = built_of_kind(state, who, column - KIND_COLUMN)
        return (built + FUTURE_SANCTUARY) * (KNOWLEDGE_EACH[level] - KNOWLEDGE_EACH[level - 1])
    gain = np.float64(COLUMN_KNOWLEDGE[column, LEVELS - 1]) / (LEVELS - level)
    if column < HORIZON_COLUMNS and level + 1 == HORIZON_LEVEL:
        studying = seat_word(state, who, IN_SANCTUM)
        for cell in range(cells_of(state)):
            for kind in range(N_KINDS):
                if occupant(state, cell, kind) == who + 1:
                    studying += 1
        gain += HORIZON_VALUES[column] * studying + NEW_FOLLOWER_SCORE
    return gain


@njit(cache=True)
def mountain_distances(state, who, distance, queue):
    """Travel steps from every place to the nearest mountain where `who` may build, into
    `distance` (-1: none reachable; a breadth-first search from all those mountains at once)."""
    near = np.empty(8, dtype=np.int64)
    sea = hat(state, who, TRAVEL_SLOT) >= SEA_FROM
    for place in range(distance.shape[0]):
        distance[place] = -1
    n = 0
    for cell in range(cells_of(state)):
        if can_build_on(state, who, cell):
            distance[cell * 4] = 0
            queue[n] = cell * 4
            n += 1
    head = 0
    while head < n:
        place = queue[head]
        head += 1
        for i in range(neighbours(state, place, sea, near)):
            if distance[near[i]] < 0:
                distance[near[i]] = distance[place] + 1
                queue[n] = near[i]
                n += 1


@njit(cache=True)
def walk_score(distance, detail):
    """A walk onto a mountain where the walker may build beats one into a sanctuary's seat, then
    one nearer to such a mountain (`distance`: mountain_distances); leaving one is worst."""
    origin, destination = detail & 511, (detail >> PLACE_BITS) & 511
    if distance[origin] == 0:
        return OFF_MOUNTAIN_SCORE
    if distance[destination] == 0:
        return TO_MOUNTAIN_SCORE
    if destination & 3:
        return TO_SEAT_SCORE
    if distance[destination] >= 0 and (distance[origin] < 0 or distance[destination] < distance[origin]):
        return NEARER_SCORE
    return WALK_SCORE


@njit(cache=True)
def ply_score(state, who, move, distance):
    """The playout policy's score of the legal ply `move` of seat `who` (higher is played);
    `distance`: mountain_distances for `who`."""
    kind = move & KIND_MASK
    detail = move >> DETAIL_SHIFT
    if kind == RAISE:
        return raise_score(state, who, (move >> TARGET_SHIFT) & 7)
    if kind == WALK_MORE:
        return walk_score(distance, detail)
    if kind == STOP:
        return STOP_SCORE
    if kind == END_TURN:
        return 0.0
    if kind == IDLE:
        return IDLE_SCORE
    if kind != ACT:
        return MAP_SCORE  # forced plies and further eruptions
    target = (move >> TARGET_SHIFT) & 7
    if target == SANCTUARY_SLOT:
        return BUILD_SCORE
    if target == TRAVEL_SLOT:
        return walk_score(distance, detail)
    if target == STUDY_SLOT:
        return GRADUATE_SCORE if detail & 1 else ENROL_SCORE
    return MAP_SCORE


@njit(cache=True, nogil=True)
def playout_move(state, moves, n, rng):
    """The playout policy (MCTS): the legal ply of the best ply_score, ties at random; one time in
    EXPLORE_ONE_IN a uniformly random ply."""
    if random_below(rng, EXPLORE_ONE_IN) == 0:
        return moves[random_below(rng, n)]
    who = mover(state)
    distance = np.empty(SANCTUM_PLACE, dtype=np.int64)
    if seat_word(state, who, WISDOM) == 0 and waiting(state, who) == 0:  # raises and puts are scored without it
        mountain_distances(state, who, distance, np.empty(SANCTUM_PLACE, dtype=np.int64))
    best = moves[0]
    best_score = -1.0
    ties = 0
    for i in range(n):
        score = ply_score(state, who, moves[i], distance)
        if score > best_score:
            best, best_score, ties = moves[i], score, 1
        elif score == best_score:
            ties += 1  # reservoir sampling: each of the tied plies kept with probability 1/ties
            if random_below(rng, ties) == 0:
                best = moves[i]
    return best


@njit(cache=True, nogil=True)
def random_plies(root, limit, rng, out):
    """Play up to `limit` plies from `root` into `out`, stopping at the end of the game: cards drawn
    by their probabilities, decisions uniformly among the legal plies; return the plies played."""
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    probs = np.empty(MAX_MOVES, dtype=np.float64)
    scratch = np.empty_like(root)
    copy_words(root, out)
    plies = np.int64(0)
    while plies < limit and out[OVER] == ZERO:
        if is_chance(out):  # the cards of the pile are alike
            move = moves[random_below(rng, chance_outcomes(out, moves, probs))]
        else:
            move = moves[random_below(rng, min(legal_moves(out, moves), MAX_MOVES))]
        apply(out, move, scratch)
        copy_words(scratch, out)
        plies += 1
    return plies


@njit(cache=True, nogil=True)
def random_playouts(root, count, rng):
    """Play `count` whole random games from `root` (random_plies); return the plies played in all
    (the benchmark's loop)."""
    state = np.empty_like(root)
    plies = np.int64(0)
    for _ in range(count):
        plies += random_plies(root, np.int64(1) << 62, rng, state)
    return plies
