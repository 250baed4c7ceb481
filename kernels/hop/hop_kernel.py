"""HOP! kernel: moves, chance outcomes, apply, scoring, the light policy and determinization on
one flat uint64 array.

Must agree move for move with the reference rules in solver/games/hop/hop_rules.py (rulings
H-1..H-6, docs/rules/hop.md); tests/hop/test_hop_differential.py checks that on thousands of
random games. Move integers are the reference's (kind << 4 | argument). The state layout is
kernels/hop/hop_layout.py's; this module defines the operations every search calls
(kernels/dispatch.py), `determinize` included: hop hides each player's cloud values and the
bets placed before the throw.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, copy_words
from kernels.hop.hop_layout import *  # noqa: F403  (word indices, phases, move kinds)
from kernels.rng import random_below, random_index, random_unit

HALF = UNITS // 2
CHANCE_PHASES = np.uint64(1 << CARD_PHASE | 1 << THROW_PHASE | 1 << CLOUD_PHASE)  # a bit per phase


@njit(cache=True, inline="always")
def encode(kind, argument):
    """The integer of a move."""
    return (np.int64(kind) << 4) | np.int64(argument)


@njit(cache=True, inline="always")
def has_role(state, seat):
    """True when `seat` is this turn's hurler, partner, assister or turbulator."""
    s = np.uint64(seat)
    return s == state[HURLER] or s == state[PARTNER] or s == state[ASSISTER] or s == state[TURBULATOR]


@njit(cache=True)
def next_bettor(state):
    """The next player in no role without a bet, clockwise from the hurler's left (NOBODY once
    everyone has bet)."""
    players = np.int64(state[PLAYERS])
    hurler = np.int64(state[HURLER])
    for i in range(1, players):
        seat = (hurler + i) % players
        if not has_role(state, seat) and state[BETS + seat] == NO_BET:
            return seat
    return NOBODY


@njit(cache=True)
def has_bettors(state):
    """True when some player has no role this turn (H-4: otherwise nobody bets)."""
    for seat in range(np.int64(state[PLAYERS])):
        if not has_role(state, seat):
            return True
    return False


@njit(cache=True)
def throw_units(state):
    """The chance that this turn's throw lands, in 1/UNITS (H-1): the pair's base chance plus the
    card's effect, plus the assister's, minus the turbulator's, clamped to 0..UNITS."""
    hurler = np.int64(state[HURLER])
    chance = np.int64(state[BASE + SEATS * hurler + np.int64(state[PARTNER])])
    chance += np.int64(state[CARD_EFFECT + np.int64(state[CARD])]) - OFFSET
    if state[ASSISTER] != NOBODY:
        chance += np.int64(state[ASSIST + np.int64(state[ASSISTER])]) - OFFSET
    if state[TURBULATOR] != NOBODY:
        chance -= np.int64(state[DISTURB + np.int64(state[TURBULATOR])]) - OFFSET
    return min(max(chance, 0), UNITS)


@njit(cache=True, inline="always")
def is_chance(state):
    """True at the card draw, the throw and a cloud draw."""
    return (ONE << state[PHASE]) & CHANCE_PHASES != ZERO


@njit(cache=True, inline="always")
def is_over(state):
    """True once the game has ended."""
    return state[PHASE] == OVER


@njit(cache=True)
def to_move(state):
    """The bettor in the bet phase, else the hurler (also at chance events)."""
    if state[PHASE] == BET_PHASE:
        return next_bettor(state)
    return np.int64(state[HURLER])


@njit(cache=True, inline="always")
def counted_outcomes(state, first, size, kind, out_moves, out_probs):
    """The draw of one token from counts state[first:first + size] (the deck's cards by type,
    the pool's clouds by value): outcome `kind` with each argument whose count is positive, as
    likely as its share; return their number."""
    total = np.int64(0)
    for i in range(size):
        total += np.int64(state[first + i])
    n = 0
    for i in range(size):
        if state[first + i] > ZERO:
            out_moves[n] = encode(kind, i)
            out_probs[n] = np.float64(state[first + i]) / np.float64(total)
            n += 1
    return n


@njit(cache=True, nogil=True)
def chance_outcomes(state, out_moves, out_probs):
    """Write the outcomes with a positive probability (card types by the cards left; the throw
    landing, then missing; cloud values by the pool) in the reference's order; return their
    number (0 at a decision)."""
    phase = state[PHASE]
    n = 0
    if phase == CARD_PHASE:
        n = counted_outcomes(state, DECK, CARD_TYPES, DRAW_CARD, out_moves, out_probs)
    elif phase == THROW_PHASE:
        lands = throw_units(state)
        if lands > 0:
            out_moves[n] = encode(THROW_MOVE, LANDS)
            out_probs[n] = np.float64(lands) / UNITS
            n += 1
        if lands < UNITS:
            out_moves[n] = encode(THROW_MOVE, MISSES)
            out_probs[n] = np.float64(UNITS - lands) / UNITS
            n += 1
    elif phase == CLOUD_PHASE:
        n = counted_outcomes(state, POOL, CLOUD_VALUES, CLOUD_MOVE, out_moves, out_probs)
    return n


@njit(cache=True, nogil=True)
def legal_moves(state, out):
    """Write the legal moves (at a chance event: its outcomes) in the reference's order into
    `out`; return their number (0 once the game is over)."""
    phase = state[PHASE]
    n = 0
    if phase == PARTNER_PHASE:
        hurler = np.int64(state[HURLER])
        for seat in range(np.int64(state[PLAYERS])):
            if seat != hurler:
                out[n] = encode(PICK_PARTNER, seat)
                n += 1
        return n
    if phase == ASSISTER_PHASE or phase == TURBULATOR_PHASE:
        kind = PICK_ASSISTER if phase == ASSISTER_PHASE else PICK_TURBULATOR
        for seat in range(np.int64(state[PLAYERS])):
            if not has_role(state, seat):
                out[n] = encode(kind, seat)
                n += 1
        return n
    if phase == BET_PHASE:
        out[0] = encode(BET_MOVE, HAPPY)
        out[1] = encode(BET_MOVE, SAD)
        return 2
    if phase == OVER:
        return 0
    probabilities = np.empty(MAX_MOVES, dtype=np.float64)
    return chance_outcomes(state, out, probabilities)


@njit(cache=True, inline="always")
def to_bets(out):
    """After the roles are set: the bets, or the throw when everyone has a role (H-4)."""
    out[PHASE] = np.uint64(BET_PHASE) if has_bettors(out) else np.uint64(THROW_PHASE)


@njit(cache=True)
def game_ends(state):
    """True when someone reached level 7 or lost their last balloon (H-6)."""
    for seat in range(np.int64(state[PLAYERS])):
        if state[LEVEL + seat] >= np.uint64(TOP_LEVEL) or state[BALLOONS + seat] == ZERO:
            return True
    return False


@njit(cache=True)
def end_turn(out):
    """The turn's end (H-6): roles cleared; the game ends, or the hurler's left hurls next."""
    out[PARTNER] = np.uint64(NOBODY)
    out[ASSISTER] = np.uint64(NOBODY)
    out[TURBULATOR] = np.uint64(NOBODY)
    out[CARD] = np.uint64(NOBODY)
    out[DRAW_NEXT] = np.uint64(NOBODY)
    out[DRAW_AFTER] = np.uint64(NOBODY)
    if game_ends(out):
        out[PHASE] = np.uint64(OVER)
    else:
        out[HURLER] = (out[HURLER] + ONE) % out[PLAYERS]
        out[PHASE] = np.uint64(PARTNER_PHASE)


@njit(cache=True)
def next_draw(out):
    """The next cloud draw of the turn, or the turn's end; no cloud is won from an empty pool."""
    if out[DRAW_NEXT] != NOBODY and out[POOL] + out[POOL + 1] + out[POOL + 2] > ZERO:
        out[PHASE] = np.uint64(CLOUD_PHASE)
    else:
        end_turn(out)


@njit(cache=True)
def throw(state, out, lands):
    """Rewards and penalties of the throw (H-4), then the cloud draws they give."""
    hurler = np.int64(state[HURLER])
    if lands:
        out[LEVEL + hurler] += ONE
        if state[ASSISTER] != NOBODY:
            out[DRAW_NEXT] = state[PARTNER]
            out[DRAW_AFTER] = state[ASSISTER]
        else:
            out[DRAW_NEXT] = state[PARTNER]
            out[DRAW_AFTER] = np.uint64(NOBODY)
    else:
        out[BALLOONS + hurler] -= ONE
        out[DRAW_NEXT] = state[TURBULATOR]
        out[DRAW_AFTER] = np.uint64(NOBODY)
    for seat in range(np.int64(state[PLAYERS])):
        if has_role(state, seat):
            continue
        if (state[BETS + seat] == HAPPY) == lands:
            out[DOVES + seat] += ONE
        else:
            out[CROWS + seat] += ONE
        if out[DOVES + seat] == np.uint64(TRIPLE):
            out[DOVES + seat] = ZERO
            out[CROWS + seat] = ZERO
            out[LEVEL + seat] += ONE
        elif out[CROWS + seat] == np.uint64(TRIPLE):
            out[DOVES + seat] = ZERO
            out[CROWS + seat] = ZERO
            out[BALLOONS + seat] -= ONE
        out[BETS + seat] = np.uint64(NO_BET)
    next_draw(out)


@njit(cache=True, nogil=True)
def apply(state, move, out):
    """Write into `out` the position after the legal `move` (legality is not checked); the data
    words (skill model, full deck) are left as they are."""
    copy_words(state, out, 0, GAME_WORDS)
    kind = (move >> 4) & 15
    argument = move & 15
    if kind == PICK_PARTNER:
        out[PARTNER] = np.uint64(argument)
        out[PHASE] = np.uint64(CARD_PHASE)
    elif kind == DRAW_CARD:
        out[DECK + argument] -= ONE
        left = ZERO
        for t in range(CARD_TYPES):
            left += out[DECK + t]
        if left == ZERO:  # a new deck from the discards
            for t in range(CARD_TYPES):
                out[DECK + t] = state[FULL_DECK + t]
        out[CARD] = np.uint64(argument)
        if argument == NEEDS_ASSISTER:
            out[PHASE] = np.uint64(ASSISTER_PHASE)
        elif argument == NEEDS_TURBULATOR:
            out[PHASE] = np.uint64(TURBULATOR_PHASE)
        else:
            to_bets(out)
    elif kind == PICK_ASSISTER:
        out[ASSISTER] = np.uint64(argument)
        to_bets(out)
    elif kind == PICK_TURBULATOR:
        out[TURBULATOR] = np.uint64(argument)
        to_bets(out)
    elif kind == BET_MOVE:
        out[BETS + next_bettor(state)] = np.uint64(argument)
        if next_bettor(out) == NOBODY:
            out[PHASE] = np.uint64(THROW_PHASE)
    elif kind == THROW_MOVE:
        throw(state, out, argument == LANDS)
    else:  # CLOUD_MOVE
        seat = np.int64(state[DRAW_NEXT])
        out[CLOUDS + CLOUD_VALUES * seat + argument] += ONE
        out[POOL + argument] -= ONE
        out[DRAW_NEXT] = state[DRAW_AFTER]
        out[DRAW_AFTER] = np.uint64(NOBODY)
        next_draw(out)


@njit(cache=True, inline="always")
def scored_level(state, seat):
    """The level a seat scores: 0 once it lost its last balloon (its pawn is beside the board)."""
    if state[BALLOONS + seat] == ZERO:
        return np.int64(0)
    return np.int64(state[LEVEL + seat])


@njit(cache=True, inline="always")
def score(state, seat):
    """A seat's score (H-6): its scored level plus its cloud values."""
    base = CLOUDS + CLOUD_VALUES * seat
    return scored_level(state, seat) + np.int64(state[base + 1]) + 2 * np.int64(state[base + 2])


@njit(cache=True, nogil=True)
def terminal_values(state, values):
    """Each seat's share of the win (H-6): highest score, then higher level; tied winners share
    1. Seats beyond the players get 0."""
    for i in range(values.shape[0]):
        values[i] = 0.0
    players = min(np.int64(state[PLAYERS]), values.shape[0])
    best_score = np.int64(-1)
    best_level = np.int64(-1)
    for seat in range(players):
        points = score(state, seat)
        level = scored_level(state, seat)
        if points > best_score or (points == best_score and level > best_level):
            best_score = points
            best_level = level
    winners = 0
    for seat in range(players):
        if score(state, seat) == best_score and scored_level(state, seat) == best_level:
            values[seat] = 1.0
            winners += 1
    for seat in range(players):
        values[seat] /= winners


@njit(cache=True)
def with_role(state, kind, seat):
    """The throw's chance in 1/UNITS if `seat` took the role the move kind `kind` gives."""
    hurler = np.int64(state[HURLER])
    if kind == PICK_PARTNER:  # the card is not seen yet: judged on a plain card
        return np.int64(state[BASE + SEATS * hurler + seat])
    chance = np.int64(state[BASE + SEATS * hurler + np.int64(state[PARTNER])])
    chance += np.int64(state[CARD_EFFECT + np.int64(state[CARD])]) - OFFSET
    if kind == PICK_ASSISTER:
        chance += np.int64(state[ASSIST + seat]) - OFFSET
    else:
        chance -= np.int64(state[DISTURB + seat]) - OFFSET
    return min(max(chance, 0), UNITS)


@njit(cache=True)
def playout_move(state, moves, n, rng):
    """The light policy: the partner, assister or turbulator that gives the throw the best chance
    (the best thrower, the assister who helps most, the turbulator who disturbs least; ties at
    random), and a bet on the likelier result (at 0.5 at random). It reads only what every
    player sees: the skill model and the roles."""
    phase = state[PHASE]
    if phase == BET_PHASE:
        lands = throw_units(state)
        if lands == HALF:
            return moves[random_below(rng, 2)]
        return encode(BET_MOVE, HAPPY if lands > HALF else SAD)
    if phase == PARTNER_PHASE or phase == ASSISTER_PHASE or phase == TURBULATOR_PHASE:
        best = np.int64(-1)
        ties = 0
        pick = moves[0]
        for i in range(n):
            kind = moves[i] >> 4
            value = with_role(state, kind, moves[i] & 15)
            if value > best:
                best = value
                ties = 1
                pick = moves[i]
            elif value == best:
                ties += 1
                if random_below(rng, ties) == 0:  # reservoir sampling: each tie equally likely
                    pick = moves[i]
        return pick
    return moves[random_below(rng, n)]


@njit(cache=True, nogil=True)
def determinize(state, seat, rng, out):
    """Write into `out` a full position `seat` cannot tell from `state`: its own clouds and bet
    kept, every other player's clouds drawn again from the clouds `seat` has not seen (the box
    less its own: the others' and the pool's together), with the same counts; the pool is what
    is left; every bet another player has placed is happy or sad at random. Reads no hidden
    value of `state`: only counts, `seat`'s own clouds and public words."""
    copy_words(state, out)
    players = np.int64(state[PLAYERS])
    unseen = np.empty(CLOUD_VALUES, dtype=np.int64)
    total = np.int64(0)
    for v in range(CLOUD_VALUES):
        unseen[v] = CLOUDS_PER_VALUE - np.int64(state[CLOUDS + CLOUD_VALUES * seat + v])
        total += unseen[v]
    for other in range(players):
        if other == seat:
            continue
        base = CLOUDS + CLOUD_VALUES * other
        held = np.int64(state[base]) + np.int64(state[base + 1]) + np.int64(state[base + 2])
        for v in range(CLOUD_VALUES):
            out[base + v] = ZERO
        for _ in range(held):
            r = random_below(rng, total)
            v = 0
            while r >= unseen[v]:
                r -= unseen[v]
                v += 1
            unseen[v] -= 1
            total -= 1
            out[base + v] += ONE
        if state[BETS + other] != NO_BET:
            out[BETS + other] = np.uint64(HAPPY if random_unit(rng) < 0.5 else SAD)
    for v in range(CLOUD_VALUES):
        out[POOL + v] = np.uint64(unseen[v])


@njit(cache=True, nogil=True)
def random_playouts(root, count, rng):
    """Play `count` games from `root`: chance by its probabilities, decisions uniformly at random;
    return the plies played in all (the benchmark's loop)."""
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    probabilities = np.empty(MAX_MOVES, dtype=np.float64)
    state = root.copy()
    scratch = root.copy()
    plies = np.int64(0)
    for _ in range(count):
        copy_words(root, state)
        while True:
            if is_chance(state):
                n = chance_outcomes(state, moves, probabilities)
                move = moves[random_index(probabilities, n, rng)]
            else:
                n = legal_moves(state, moves)
                if n == 0:
                    break
                move = moves[random_below(rng, n)]
            apply(state, move, scratch)
            state, scratch = scratch, state
            plies += 1
    return plies
