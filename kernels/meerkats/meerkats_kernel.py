"""The meerkats bitboard kernel (rulings M-1..M-8): the operations of docs/adding-a-game.md on the
layout of kernels/meerkats/meerkats_layout.py, move for move the reference rules of
solver/games/meerkats/meerkats_rules.py.

Walls and hedges are per-face masks per direction, each of two words (cells 0..63 and 64..127:
a 9 x 9 face has 81 cells, M-4); a walk is a flood over those masks, one step
at a time, kept apart by the number of walls passed (shortcut tiles): after t steps, layer j
holds the cells a walk of exactly t steps reaches having passed j walls, and a stopping cell
(the friend sought, or the burrows once it is met) leaves the flood for the `ended` layers the
moment it is reached (M-5, M-6). The end cells of a roll are the layers after exactly the
rolled number of steps (plus two per speed tile), whatever their parity allows, with the
stopping cells reached on the way.

Also the exact solver's operations (solver/engines/exact/exact_core.py): `solve_key` (the words that
vary, packed), `solve_state` (a position rebuilt from a key, turn 0 and no turn cap) and
`turn_clock` (turns played).
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, copy_words, lowest_square, put
from kernels.meerkats import meerkats_layout as L
from kernels.rng import random_below, random_unit

MAX_MOVES = L.MAX_MOVES
SEATS = L.MAX_SEATS
STATE_LEN = L.STATE_LEN
HAS_CHANCE = True
SOLVE_KEY_LEN = L.SOLVE_KEY_LEN
# evaluate: per step of the side's remaining walk, per friend still to meet (in steps), per super tile held.
EVAL_WEIGHTS = np.array([100, 8, 150], dtype=np.int64)
PLAYOUT_RANDOM = 0.15  # share of playout moves chosen at random instead of towards the goal

TILE_SUPPLY = np.array(L.TILE_SUPPLY, dtype=np.int64)
LAYERS = L.MOST_SHORTCUT + 1
MAX_DISTANCE = 81


@njit(cache=True, inline="always")
def _field(word, shift, width):
    """The field of `width` bits at `shift` of a word, as int64."""
    return np.int64((word >> np.uint64(shift)) & np.uint64((1 << width) - 1))


@njit(cache=True, inline="always")
def _with(word, shift, width, value):
    """`word` with its field of `width` bits at `shift` set to `value`."""
    mask = np.uint64((1 << width) - 1) << np.uint64(shift)
    return (word & ~mask) | ((np.uint64(value) << np.uint64(shift)) & mask)


@njit(cache=True, inline="always")
def _phase(state):
    return _field(state[L.GAME], L.PHASE[0], L.PHASE[1])


@njit(cache=True, inline="always")
def _players(state):
    return _field(state[L.GAME], L.PLAYERS[0], L.PLAYERS[1])


@njit(cache=True, inline="always")
def _face(state):
    return _field(state[L.GAME], L.FACE[0], L.FACE[1])


@njit(cache=True, inline="always")
def _friend_cell(state, face, kind):
    """The cell of friend `kind` on `face`."""
    return _field(state[L.FRIEND_CELLS], 7 * (4 * face + kind), 7)


# ------------------------------------------------------------------------------ cell masks
# A mask of cells is two words, (low, high): cell i is bit i of low for i < 64, else bit i - 64
# of high (kernels/meerkats/meerkats_layout.py).


@njit(cache=True, inline="always")
def _cell_mask(cell):
    """The mask of one cell."""
    if cell < 64:
        return bit(cell), ZERO
    return ZERO, bit(cell - 64)


@njit(cache=True, inline="always")
def _shifted_up(low, high, s):
    """The mask moved `s` cells up the numbering (1 <= s < 64)."""
    return low << s, (high << s) | (low >> (np.uint64(64) - s))


@njit(cache=True, inline="always")
def _shifted_down(low, high, s):
    """The mask moved `s` cells down the numbering (1 <= s < 64)."""
    return (low >> s) | (high << (np.uint64(64) - s)), high >> s


@njit(cache=True, inline="always")
def _corners(state):
    """The four corner cells (the burrows), in increasing order."""
    n = np.int64(state[L.SIZE])
    return np.int64(0), n - 1, n * (n - 1), n * n - 1


@njit(cache=True, inline="always")
def _is_burrow(state, cell):
    """True on a corner (a burrow)."""
    a, b, c, d = _corners(state)
    return cell == a or cell == b or cell == c or cell == d


@njit(cache=True, inline="always")
def _burrows(state):
    """The four corners as a mask."""
    low, high = ZERO, ZERO
    for cell in _corners(state):
        one_low, one_high = _cell_mask(cell)
        low, high = low | one_low, high | one_high
    return low, high


@njit(cache=True, inline="always")
def _neighbours(low, high, state, east, south, size):
    """Every cell one step from the mask (low, high) across a side marked in the mask words at
    state[east], state[east + 1] (the cell's east side) or state[south], state[south + 1] (its
    south side): the open sides of a face, or its walls and hedges."""
    e_low, e_high, s_low, s_high = state[east], state[east + 1], state[south], state[south + 1]
    n = np.uint64(size)
    a_low, a_high = _shifted_up(low & e_low, high & e_high, ONE)
    b_low, b_high = _shifted_down(low, high, ONE)
    c_low, c_high = _shifted_up(low & s_low, high & s_high, n)
    d_low, d_high = _shifted_down(low, high, n)
    return (a_low | (b_low & e_low) | c_low | (d_low & s_low),
            a_high | (b_high & e_high) | c_high | (d_high & s_high))


@njit(cache=True, inline="always")
def _open_step(low, high, state, face, size):
    """Every cell one open step from the mask (low, high) on `face`."""
    return _neighbours(low, high, state, L.OPEN_E + L.MASK_WORDS * face, L.OPEN_S + L.MASK_WORDS * face, size)


@njit(cache=True, inline="always")
def _wall_step(low, high, state, face, size):
    """Every cell one step through a wall or hedge from the mask (low, high) on `face` (a
    shortcut tile)."""
    return _neighbours(low, high, state, L.WALL_E + L.MASK_WORDS * face, L.WALL_S + L.MASK_WORDS * face, size)


@njit(cache=True, inline="always")
def _stops(state, player, face):
    """The cells that end this meerkat's move: its friend while seeking, else the burrows."""
    if _field(player, L.SEEKING[0], 1):
        return _cell_mask(_friend_cell(state, face, _field(player, L.FRIEND[0], L.FRIEND[1])))
    return _burrows(state)


@njit(cache=True, inline="always")
def _meets(player):
    """The PLAYER word after meeting its current friend: one more met, heading for a burrow (M-5)."""
    return _with(_with(player, L.MET[0], L.MET[1], _field(player, L.MET[0], L.MET[1]) + 1), L.SEEKING[0], 1, 0)


@njit(cache=True, inline="always")
def _supply(state, kind):
    """Super tiles of `kind` in the supply: the box's less those held (M-7)."""
    shift = (L.SPEED[0], L.LUCK_TILES[0], L.SHORTCUT[0])[kind]
    held = np.int64(0)
    for seat in range(_players(state)):
        held += _field(state[L.PLAYER + seat], shift, 3)
    return TILE_SUPPLY[kind] - held


@njit(cache=True, inline="always")
def _next_event(state):
    """(seat, DRAW or REVEAL) of the next pending chance event: lowest seat, draw first."""
    game = state[L.GAME]
    for seat in range(_players(state)):
        if _field(game, L.DRAWS[0] + seat, 1):
            return seat, L.DRAW
        if _field(game, L.REVEALS[0] + seat, 1):
            return seat, L.REVEAL
    return -1, 0


@njit(cache=True)
def is_chance(state):
    """True at a roll or a pending draw or reveal."""
    phase = _phase(state)
    return phase == L.ROLLING or phase == L.EVENTS


@njit(cache=True)
def chance_outcomes(state, out_moves, out_probs):
    """The die's three numbers (M-2), or the draw's tile kinds (M-7) or the reveal's friend kinds
    (M-5) with their probabilities; 0 at a decision."""
    phase = _phase(state)
    if phase == L.ROLLING:
        for i in range(3):
            out_moves[i] = (L.ROLL << L.KIND_SHIFT) | (i + 1)
            out_probs[i] = 2.0 / 6.0
        return 3
    if phase != L.EVENTS:
        return 0
    seat, event = _next_event(state)
    player = state[L.PLAYER + seat]
    total = np.int64(0)
    for kind in range(4):
        total += _count(state, player, event, kind)
    n = 0
    for kind in range(4):
        count = _count(state, player, event, kind)
        if count > 0:
            out_moves[n] = (event << L.KIND_SHIFT) | kind
            out_probs[n] = count / total
            n += 1
    return n


@njit(cache=True, inline="always")
def _count(state, player, event, kind):
    """How many of `kind` the event can turn up: tiles in the supply, or friend tiles face down."""
    if event == L.DRAW:
        return _supply(state, kind) if kind < 3 else np.int64(0)
    return _field(player, L.POOL[0] + 2 * kind, 2)


@njit(cache=True)
def legal_moves(state, out):
    """The legal moves (at a chance node: its outcomes) in the reference's order; returns the true
    number, writing at most len(out)."""
    phase = _phase(state)
    if phase == L.OVER:
        return 0
    if phase == L.SETUP:
        n = 0
        for cell in _corners(state):
            n = put(out, n, (L.BURROW << L.KIND_SHIFT) | cell)
        return n
    if phase != L.MOVING:
        probs = np.empty(out.shape[0], dtype=np.float64)
        return chance_outcomes(state, out, probs)
    return _step_moves(state, out)


@njit(cache=True)
def _step_moves(state, out):
    """LUCK if a luck tile is held, then every walk's end by speed tiles, shortcut tiles, cell."""
    seat = _field(state[L.GAME], L.TO_MOVE[0], L.TO_MOVE[1])
    player = state[L.PLAYER + seat]
    n = 0
    if _field(player, L.LUCK_TILES[0], 3) > 0:
        if n < out.shape[0]:
            out[n] = L.LUCK << L.KIND_SHIFT
        n += 1
    face = _face(state)
    size = np.int64(state[L.SIZE])
    roll = _field(state[L.GAME], L.ROLL_FIELD[0], L.ROLL_FIELD[1])
    speed = _field(player, L.SPEED[0], 3)
    shortcut = _field(player, L.SHORTCUT[0], 3)
    stops_low, stops_high = _stops(state, player, face)
    walking = np.zeros((LAYERS, 2), dtype=np.uint64)  # (low, high) per layer
    ended = np.zeros((LAYERS, 2), dtype=np.uint64)
    walking[0, 0], walking[0, 1] = _cell_mask(_field(player, L.CELL[0], L.CELL[1]))
    taken = np.int64(0)
    for extra in range(speed + 1):
        target = roll + 2 * extra
        while taken < target:
            for j in range(shortcut, -1, -1):  # layer j - 1 still holds the previous step
                low, high = _open_step(walking[j, 0], walking[j, 1], state, face, size)
                if j > 0:
                    wall_low, wall_high = _wall_step(walking[j - 1, 0], walking[j - 1, 1], state, face, size)
                    low, high = low | wall_low, high | wall_high
                ended[j, 0] |= low & stops_low
                ended[j, 1] |= high & stops_high
                walking[j, 0], walking[j, 1] = low & ~stops_low, high & ~stops_high
            taken += 1
        for j in range(shortcut + 1):
            tiles = (extra << L.SPEED_SHIFT) | (j << L.SHORTCUT_SHIFT)
            for half in range(2):
                ends = walking[j, half] | ended[j, half]
                while ends:
                    cell = lowest_square(ends) + 64 * half
                    ends &= ends - ONE
                    n = put(out, n, (L.STEP << L.KIND_SHIFT) | cell | tiles)
    return n


@njit(cache=True)
def apply(state, move, out):
    """Write into `out` the position after the legal move or outcome `move` (the maze's words are
    left as they are)."""
    for i in range(L.GAME, L.TURN + 1):
        out[i] = state[i]
    kind = move >> L.KIND_SHIFT
    data = move & ((1 << L.KIND_SHIFT) - 1)
    game = state[L.GAME]
    seat = _field(game, L.TO_MOVE[0], L.TO_MOVE[1])
    players = _players(state)
    if kind == L.BURROW:
        out[L.PLAYER + seat] = _with(state[L.PLAYER + seat], L.CELL[0], L.CELL[1], data)
        if seat + 1 < players:
            out[L.GAME] = _with(game, L.TO_MOVE[0], L.TO_MOVE[1], seat + 1)
            return
        everyone = (1 << players) - 1
        game = _with(_with(game, L.TO_MOVE[0], L.TO_MOVE[1], 0), L.DRAWS[0], L.DRAWS[1], everyone)
        out[L.GAME] = _with(game, L.REVEALS[0], L.REVEALS[1], everyone)
        _settle(out)
    elif kind == L.ROLL:
        out[L.GAME] = _with(_with(game, L.PHASE[0], L.PHASE[1], L.MOVING), L.ROLL_FIELD[0], L.ROLL_FIELD[1], data)
    elif kind == L.LUCK:
        player = state[L.PLAYER + seat]
        out[L.PLAYER + seat] = _with(player, L.LUCK_TILES[0], 3, _field(player, L.LUCK_TILES[0], 3) - 1)
        out[L.GAME] = _with(_with(game, L.PHASE[0], L.PHASE[1], L.ROLLING), L.ROLL_FIELD[0], L.ROLL_FIELD[1], 0)
    elif kind == L.DRAW:
        event_seat, _ = _next_event(state)
        player = state[L.PLAYER + event_seat]
        shift = (L.SPEED[0], L.LUCK_TILES[0], L.SHORTCUT[0])[data]
        out[L.PLAYER + event_seat] = _with(player, shift, 3, _field(player, shift, 3) + 1)
        out[L.GAME] = _with(game, L.DRAWS[0] + event_seat, 1, 0)
        _settle(out)
    elif kind == L.REVEAL:
        event_seat, _ = _next_event(state)
        player = state[L.PLAYER + event_seat]
        pool_shift = L.POOL[0] + 2 * data
        player = _with(player, pool_shift, 2, _field(player, pool_shift, 2) - 1)
        player = _with(_with(player, L.FRIEND[0], L.FRIEND[1], data), L.SEEKING[0], 1, 1)
        if _field(player, L.CELL[0], L.CELL[1]) == _friend_cell(state, _face(state), data):
            # Standing on the new friend meets it at once (M-6).
            player = _meets(player)
        out[L.PLAYER + event_seat] = player
        out[L.GAME] = _with(game, L.REVEALS[0] + event_seat, 1, 0)
        _settle(out)
    else:
        _walk(state, data, seat, players, out)


@njit(cache=True, inline="always")
def _settle(out):
    """After a chance event: draws from an empty supply lapse; with nothing pending the mover
    rolls, else the next event follows."""
    game = out[L.GAME]
    if _supply(out, 0) + _supply(out, 1) + _supply(out, 2) == 0:
        game = _with(game, L.DRAWS[0], L.DRAWS[1], 0)
    pending = _field(game, L.DRAWS[0], L.DRAWS[1]) | _field(game, L.REVEALS[0], L.REVEALS[1])
    out[L.GAME] = _with(game, L.PHASE[0], L.PHASE[1], L.EVENTS if pending else L.ROLLING)


@njit(cache=True, inline="always")
def _walk(state, data, seat, players, out):
    """The STEP move: the meerkat ends on its cell with the tiles used; a meeting, a flip or the
    win; then the turn passes (M-5, M-6, M-8)."""
    cell = data & 0x7F
    speed = (data >> L.SPEED_SHIFT) & 7
    shortcut = (data >> L.SHORTCUT_SHIFT) & 7
    player = state[L.PLAYER + seat]
    player = _with(player, L.SPEED[0], 3, _field(player, L.SPEED[0], 3) - speed)
    player = _with(player, L.SHORTCUT[0], 3, _field(player, L.SHORTCUT[0], 3) - shortcut)
    player = _with(player, L.CELL[0], L.CELL[1], cell)
    game = _with(state[L.GAME], L.ROLL_FIELD[0], L.ROLL_FIELD[1], 0)
    turn = state[L.TURN] + ONE
    out[L.TURN] = turn
    face = _face(state)
    met = _field(player, L.MET[0], L.MET[1])
    seeking = _field(player, L.SEEKING[0], 1)
    in_burrow = _is_burrow(state, cell)
    if seeking:
        if cell == _friend_cell(state, face, _field(player, L.FRIEND[0], L.FRIEND[1])):
            player = _meets(player)
    elif in_burrow and met == _field(game, L.FRIENDS[0], L.FRIENDS[1]):
        out[L.PLAYER + seat] = player
        out[L.GAME] = _with(_with(game, L.PHASE[0], L.PHASE[1], L.OVER), L.WINNER[0], L.WINNER[1], seat + 1)
        return
    out[L.PLAYER + seat] = player
    if turn >= state[L.CAP]:
        out[L.GAME] = _with(game, L.PHASE[0], L.PHASE[1], L.OVER)  # M-8: a draw, even on a flipping walk (M-6)
        return
    if not seeking and in_burrow:
        game = _flip(state, out, game, players)
    out[L.GAME] = _with(game, L.TO_MOVE[0], L.TO_MOVE[1], (seat + 1) % players)
    _settle(out)


@njit(cache=True, inline="always")
def _flip(state, out, game, players):
    """The board turns over (M-6): the game word with the other face up, a reveal pending for
    every player who has met the current friend and has more to meet, a draw for every player
    still seeking, who meets that friend at once if standing on its cell on the new face (M-6 as
    amended)."""
    friends = _field(game, L.FRIENDS[0], L.FRIENDS[1])
    face = 1 - _field(game, L.FACE[0], 1)
    draws = np.int64(0)
    reveals = np.int64(0)
    for s in range(players):
        player = out[L.PLAYER + s]
        met = _field(player, L.MET[0], L.MET[1])
        if _field(player, L.SEEKING[0], 1):
            draws |= np.int64(1) << s
            friend = _friend_cell(state, face, _field(player, L.FRIEND[0], L.FRIEND[1]))
            if _field(player, L.CELL[0], L.CELL[1]) == friend:
                out[L.PLAYER + s] = _meets(player)
        elif met < friends:
            reveals |= np.int64(1) << s
    game = _with(game, L.FACE[0], 1, face)
    return _with(_with(game, L.DRAWS[0], L.DRAWS[1], draws), L.REVEALS[0], L.REVEALS[1], reveals)


@njit(cache=True)
def is_over(state):
    """True once a player has won or the turn cap is reached."""
    return _phase(state) == L.OVER


@njit(cache=True)
def to_move(state):
    """The seat to move."""
    return _field(state[L.GAME], L.TO_MOVE[0], L.TO_MOVE[1])


@njit(cache=True)
def terminal_values(state, values):
    """1 for the winner, 0 for the others; at the turn cap 1/P each (a solo game: 0)."""
    for i in range(values.shape[0]):
        values[i] = 0.0
    winner = _field(state[L.GAME], L.WINNER[0], L.WINNER[1])
    players = _players(state)
    if winner > 0:
        values[winner - 1] = 1.0
    elif players > 1:
        for seat in range(players):
            values[seat] = 1.0 / players


# ------------------------------------------------------------------------------ distances, policy


@njit(cache=True, inline="always")
def _distance_layers(state, targets, face, layers):
    """layers[d] = the mask (low, high) of the cells d open steps from the mask `targets` on
    `face`; returns how many layers."""
    size = np.int64(state[L.SIZE])
    seen_low, seen_high = targets
    layers[0, 0], layers[0, 1] = seen_low, seen_high
    d = 1
    while d < layers.shape[0]:
        low, high = _open_step(layers[d - 1, 0], layers[d - 1, 1], state, face, size)
        low, high = low & ~seen_low, high & ~seen_high
        if low == ZERO and high == ZERO:
            break
        layers[d, 0], layers[d, 1] = low, high
        seen_low, seen_high = seen_low | low, seen_high | high
        d += 1
    return d


@njit(cache=True, inline="always")
def _distance(layers, count, cell):
    """The layer holding `cell` (MAX_DISTANCE if none)."""
    half = cell // 64
    mask = bit(cell - 64 * half)
    for d in range(count):
        if layers[d, half] & mask:
            return d
    return MAX_DISTANCE


@njit(cache=True, inline="always")
def seat_terms(state, seat):
    """The evaluation's terms of one seat: a rough count of the steps it still has to walk to its
    current goal on the face up, the friends it still has to meet and the super tiles it holds."""
    player = state[L.PLAYER + seat]
    face = _face(state)
    layers = np.zeros((MAX_DISTANCE, 2), dtype=np.uint64)
    count = _distance_layers(state, _stops(state, player, face), face, layers)
    cell = _field(player, L.CELL[0], L.CELL[1])
    friends = _field(state[L.GAME], L.FRIENDS[0], L.FRIENDS[1])
    met = _field(player, L.MET[0], L.MET[1])
    left = friends - met - (1 if _field(player, L.SEEKING[0], 1) else 0)
    held = _field(player, L.SPEED[0], 3) + _field(player, L.LUCK_TILES[0], 3) + _field(player, L.SHORTCUT[0], 3)
    return np.int64(_distance(layers, count, cell)), np.int64(left), np.int64(held)


@njit(cache=True)
def evaluate(state, weights):
    """For the side to move: the other side's remaining steps less its own (weights[0] each; a
    friend still to meet counts weights[1] steps), plus weights[2] per super tile held more than
    the other side (two-player expectimax)."""
    seat = to_move(state)
    my_steps, my_friends, my_tiles = seat_terms(state, seat)
    their_steps, their_friends, their_tiles = seat_terms(state, 1 - seat)
    mine = my_steps + weights[1] * my_friends
    theirs = their_steps + weights[1] * their_friends
    return weights[0] * (theirs - mine) + weights[2] * (my_tiles - their_tiles)


@njit(cache=True)
def evaluation_terms(state):
    """Every seat's evaluation terms (a row per seat: steps to walk, friends to meet, super tiles
    held), for a hint's reasons: the same seat_terms the evaluation weighs."""
    out = np.zeros((SEATS, 3), dtype=np.int64)
    for seat in range(seat_count(state)):
        steps, friends, tiles = seat_terms(state, seat)
        out[seat, 0], out[seat, 1], out[seat, 2] = steps, friends, tiles
    return out


@njit(cache=True)
def playout_move(state, moves, n, rng):
    """The light policy: mostly the walk that ends nearest the goal (fewest tiles spent on ties,
    then at random), sometimes any move; the burrow at setup at random."""
    if _phase(state) != L.MOVING or random_unit(rng) < PLAYOUT_RANDOM:
        return moves[random_below(rng, n)]
    seat = to_move(state)
    player = state[L.PLAYER + seat]
    face = _face(state)
    layers = np.zeros((MAX_DISTANCE, 2), dtype=np.uint64)
    count = _distance_layers(state, _stops(state, player, face), face, layers)
    best = moves[0]
    best_score = np.int64(1 << 40)
    ties = 0
    for i in range(n):
        move = moves[i]
        if move >> L.KIND_SHIFT != L.STEP:
            continue
        score = 8 * _distance(layers, count, move & 0x7F) + ((move >> L.SPEED_SHIFT) & 7) + ((move >> L.SHORTCUT_SHIFT) & 7)
        if score < best_score:
            best, best_score, ties = move, score, 1
        elif score == best_score:
            ties += 1
            if random_below(rng, ties) == 0:
                best = move
    return best


# ------------------------------------------------------------------------------ the exact solver


@njit(cache=True)
def solve_key(state, key):
    """The words that vary in play, packed into SOLVE_KEY_LEN words (the turn clock left out)."""
    key[0] = state[L.GAME]
    key[1] = state[L.PLAYER] | (state[L.PLAYER + 1] << np.uint64(32))
    key[2] = state[L.PLAYER + 2] | (state[L.PLAYER + 3] << np.uint64(32))


@njit(cache=True)
def solve_state(root, key, out):
    """The position of `key` on `root`'s maze, at turn 0 with no turn cap (the solver applies the
    cap as its horizon)."""
    copy_words(root, out)
    low = np.uint64(0xFFFFFFFF)
    out[L.GAME] = key[0]
    out[L.PLAYER] = key[1] & low
    out[L.PLAYER + 1] = key[1] >> np.uint64(32)
    out[L.PLAYER + 2] = key[2] & low
    out[L.PLAYER + 3] = key[2] >> np.uint64(32)
    out[L.TURN] = ZERO
    out[L.CAP] = np.uint64(L.NO_CAP)


@njit(cache=True)
def turn_clock(state):
    """Turns played (the exact solver counts its horizon in these)."""
    return np.int64(state[L.TURN])


@njit(cache=True)
def turns_left(state):
    """Turns before the turn cap ends the game."""
    return np.int64(state[L.CAP]) - np.int64(state[L.TURN])



@njit(cache=True)
def seat_count(state):
    """Seats in this position."""
    return _players(state)
