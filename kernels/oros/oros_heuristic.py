"""The full Oros game's scripted player (issue 30): one ply of the game's own judgement, the
`heuristic` engine (solver/engines/baselines/heuristic_engine.py) and a policy MCTS can use.

`judge` scores every legal ply of the full-game kernel (kernels/oros/oros_game_kernel.py) with
integers (higher is played), `ply_score` one ply, and `heuristic_move` plays the best, ties broken
by a seeded generator. Its judgement, in order (docs/strength.md, "The scripted player"):

- build whenever it can;
- bring a follower to a mountain where it may build: walks, and map actions judged by playing
  them, by the travel steps left between its nearest follower and such a mountain (or, with none,
  the first sea cell of each AI zone, where the AI decks raise their mountains); enrol in the
  free seat of a sanctuary on such a mountain (a seat is on it);
- keep the sanctuary slot free when a build is due and the travel slot when a walk is: each
  action takes its follower from there, and a waiting follower or a placement doing nothing goes
  elsewhere;
- never graduate its last follower on the map, nor one nearer a build than it is worth in wisdom;
- graduate (wisdom) and enrol in the sanctum (horizon knowledge) with the actions left, and put a
  follower back on the map (enrol in a seat) when none is left there;
- against a deck that removes followers from the zones' tiles, prefer a seat or column d;
- spend wisdom by the knowledge the hat's next level brings: a kind's hat by its sanctuaries, a
  scoring column by its last level's knowledge over the levels still to climb, the horizon by the
  followers studying, travel steps and the study map limit by what they open.

Units are tenths of knowledge for raises, and a scale of their own for the other plies (a build
10,000, a step nearer a build 1,000); plies of different kinds are only compared within a decision,
and every decision lists plies of one family (raises, puts, or actions).
"""

import numpy as np
from numba import njit

from kernels.bits import copy_words
from kernels.oros.oros_game_kernel import (
    built_of_kind,
    builder,
    can_build_on,
    cells_of,
    hat,
    is_island,
    map_moves,
    mover,
    neighbours,
    occupant,
    on_map,
    on_tile,
    play_map_move,
    seat_word,
    word,
)
from kernels.oros.oros_game_layout import (
    ACT,
    COLUMN_KNOWLEDGE,
    DETAIL_SHIFT,
    END_TURN,
    ERUPT_MORE,
    EXTRA_WISDOM_FROM,
    FORCED_ISLAND,
    FORCED_STUDY,
    GRADUATE_SHIFTS,
    HORIZON_COLUMNS,
    HORIZON_LEVEL,
    HORIZON_VALUES,
    IDLE,
    IN_SANCTUM,
    CARD_MAP,
    DECK_SIZE,
    KIND_COLUMN,
    KIND_MASK,
    KNOWLEDGE_EACH,
    LEVELS,
    MAP_FOLLOWERS,
    N_KINDS,
    PER_KIND,
    PERSONALITY,
    REMOVE_FOLLOWERS,
    PLACE_BITS,
    PUT,
    RAISE,
    SANCTUARY_SLOT,
    SANCTUM_PLACE,
    SEA_FROM,
    SOURCE_SHIFT,
    STUDY_SLOT,
    TARGET_SHIFT,
    TRAVEL_SLOT,
    TRAVEL_STEPS,
    WALK_MORE,
    ZONES,
)
from kernels.oros.oros_layout import MAX_MOVES as MAP_MOVES
from kernels.oros.oros_kernel import cell_level
from kernels.oros.oros_layout import SEA
from kernels.rng import best_scored

PLACES = SANCTUM_PLACE + 1  # tiles, sanctuary seats and the sanctum
NOWHERE = np.int64(-1)

# Action plies.
BUILD = 10_000
STEP = 1_000  # a step nearer a mountain where the seat may build
NEAR = 6_000  # a follower where it may build; each step away costs a STEP, down to NEAR - 5 STEPs
AWAIT_STEP, AWAIT = 100, 800  # the same towards a cell where an AI deck raises its next mountain
WASTE = 100  # a walk or map action that brings no build nearer, below ending the turn
GRADUATE_EACH = 400  # wisdom now
ENROL = 300  # a follower studying: horizon knowledge at the end
LAST_ON_MAP = -50_000  # graduating the seat's last follower on the map
IDLE_COST = 20
FORCED_EACH = 100  # a forced ply, before its cell and source
SANCTUARY_FREE, SANCTUARY_SOON, TRAVEL_FREE, TRAVEL_LATER = 200, 100, 150, 50  # freeing the slot a build or walk needs
STUDY_FREE = 30  # freeing the study slot, the fallback action
REJOIN = 2_000  # a follower back on the map (enrolled in a seat) when none is left there
# Waiting followers go on the slot the seat needs least (SLOTS order: drift, tectonic, volcano,
# study, travel, sanctuary).
PUT_ORDER = np.array([50, 40, 60, 30, 10, 0], dtype=np.int64)

# The AI decks with a `remove_followers` card send a player's followers home from the first tile
# of a zone holding one: a tile outside the zones (column d) or a sanctuary's seat is safe.
ZONE_CELLS = np.int64(sum(1 << int(cell) for cell in set(ZONES.flat)))
REMOVES = np.array([(CARD_MAP[deck, :DECK_SIZE[deck]] == REMOVE_FOLLOWERS).any() for deck in range(len(DECK_SIZE))])
EXPOSED = 300  # less than a STEP: it breaks ties between walks, never outweighs a step nearer

# Raises, in tenths of knowledge.
TENTHS = 10
NEW_FOLLOWER = 20  # a horizon recruit: one more follower studying, or on a slot
TRAVEL_STEP = 15  # one more travel step per action
MAP_LIMIT = 25  # study level 2: three followers on the map instead of one
EXTRA_WISDOM = 10  # a kind's hat at level 4 adds 1 wisdom to every later build of that kind
UNBUILT = 2  # a kind not built yet: its hat counts half a sanctuary to come


@njit(cache=True)
def progress(near, await_):
    """What a follower's place is worth: by the steps `near` to a mountain where it may build,
    else the steps `await_` to the cell of an AI zone's next mountain; 0 when neither is reachable."""
    if near >= 0:
        return np.int64(NEAR - STEP * min(near, 5))
    if await_ >= 0:
        return np.int64(AWAIT - AWAIT_STEP * min(await_, 8))
    return np.int64(0)


@njit(cache=True)
def exposure(state, place):
    """What standing on `place` risks: EXPOSED on a zone's tile when the AI deck removes followers."""
    if place & 3 == 0 and REMOVES[word(state, PERSONALITY)] and (ZONE_CELLS >> (place >> 2)) & 1:
        return np.int64(EXPOSED)
    return np.int64(0)


@njit(cache=True)
def spread(state, who, distance, queue, n):
    """Breadth-first travel distances from the n places seeded in `queue` (distance 0) over the
    places `who` may walk to; distance -1 where none is reached."""
    near = np.empty(8, dtype=np.int64)
    sea = hat(state, who, TRAVEL_SLOT) >= SEA_FROM
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
def target_distances(state, who, near, await_, queue):
    """Travel steps from every place to the nearest place where `who` may build (a mountain it may
    build on, or a seat of its sanctuaries) into `near`, and to the nearest first sea cell of an AI
    zone (where a deck's `mountain` card raises one) into `await_`."""
    for place in range(PLACES):
        near[place] = NOWHERE
        await_[place] = NOWHERE
    n = 0
    for cell in range(cells_of(state)):
        if can_build_on(state, who, cell):
            near[cell * 4] = 0
            queue[n] = cell * 4
            n += 1
            for kind in range(N_KINDS):
                if builder(state, cell, kind) != 0:
                    near[cell * 4 + 1 + kind] = 0
                    queue[n] = cell * 4 + 1 + kind
                    n += 1
    spread(state, who, near, queue, n)
    n = 0
    for zone in range(ZONES.shape[0]):
        for i in range(ZONES.shape[1]):
            cell = ZONES[zone, i]
            if cell_level(state, cell) == SEA:
                if await_[cell * 4] < 0:
                    await_[cell * 4] = 0
                    queue[n] = cell * 4
                    n += 1
                break
    spread(state, who, await_, queue, n)


@njit(cache=True)
def best_progress(state, who, near, await_):
    """The progress of `who`'s best placed follower on the map (islands cannot walk: 0)."""
    best = np.int64(0)
    for cell in range(cells_of(state)):
        if on_tile(state, who, cell) > 0 and not is_island(state, cell):
            best = max(best, progress(near[cell * 4], await_[cell * 4]) - exposure(state, cell * 4))
        for kind in range(N_KINDS):
            if occupant(state, cell, kind) == who + 1:
                place = cell * 4 + 1 + kind
                best = max(best, progress(near[place], await_[place]))
    return best


@njit(cache=True)
def nearest_follower(state, who, distance):
    """The place of `who`'s follower on the map (islands cannot walk) with the fewest steps in
    `distance`, -1 when none has a distance."""
    start = NOWHERE
    for cell in range(cells_of(state)):
        for place in range(cell * 4, cell * 4 + 1 + N_KINDS):
            mine = (on_tile(state, who, cell) > 0 and not is_island(state, cell) if place == cell * 4
                    else occupant(state, cell, place - cell * 4 - 1) == who + 1)
            if mine and distance[place] >= 0 and (start < 0 or distance[place] < distance[start]):
                start = place
    return start


@njit(cache=True)
def build_prospect(state, who):
    """(travel steps, the follower's place, the target's cell, 0 or 1) of seat `who`'s follower
    nearest to a mountain where it may build (0), else to the first sea cell of an AI zone where
    a deck raises its next mountain (1), as the judgement reckons them (target_distances);
    (-1, -1, -1, -1) when no follower reaches either. For a hint's plan
    (solver/games/oros/oros_full_plan.py)."""
    near = np.empty(PLACES, dtype=np.int64)
    await_ = np.empty(PLACES, dtype=np.int64)
    queue = np.empty(PLACES * 2, dtype=np.int64)
    target_distances(state, who, near, await_, queue)
    awaiting = 0
    start = nearest_follower(state, who, near)
    if start < 0:
        awaiting, near = 1, await_
        start = nearest_follower(state, who, near)
    if start < 0:
        return NOWHERE, NOWHERE, NOWHERE, NOWHERE
    # Back along the distances to the target: each place was reached from one a step nearer.
    sea = hat(state, who, TRAVEL_SLOT) >= SEA_FROM
    step = np.empty(8, dtype=np.int64)
    place = start
    while near[place] > 0:
        came_from = NOWHERE
        for nearer in range(PLACES):
            if near[nearer] == near[place] - 1 and place in step[:neighbours(state, nearer, sea, step)]:
                came_from = nearer
                break
        if came_from < 0:  # not reached by a step (cannot happen after target_distances): no target named
            return near[start], start, NOWHERE, np.int64(awaiting)
        place = came_from
    return near[start], start, place // 4, np.int64(awaiting)


@njit(cache=True)
def slot_bonus(best, slot):
    """What moving the follower off `slot` is worth: the sanctuary slot when a build is due or
    near, the travel slot while a walk is, the study slot always (enrolling and graduating are
    what a turn with nothing better does)."""
    if slot == SANCTUARY_SLOT:
        if best > NEAR - STEP:  # on such a mountain (EXPOSED or not)
            return np.int64(SANCTUARY_FREE)
        if best > AWAIT:
            return np.int64(SANCTUARY_SOON)
    if slot == TRAVEL_SLOT:
        if AWAIT < best <= NEAR - STEP:
            return np.int64(TRAVEL_FREE)
        if 0 < best <= AWAIT:
            return np.int64(TRAVEL_LATER)
    if slot == STUDY_SLOT:
        return np.int64(STUDY_FREE)
    return np.int64(0)


@njit(cache=True)
def studying(state, who):
    """How many of `who`'s followers study (sanctum and sanctuary seats)."""
    count = seat_word(state, who, IN_SANCTUM)
    for cell in range(cells_of(state)):
        for kind in range(N_KINDS):
            if occupant(state, cell, kind) == who + 1:
                count += 1
    return count


@njit(cache=True)
def raise_score(state, who, column):
    """Tenths of knowledge a wisdom point brings on `column`'s hat (see the module's docstring)."""
    level = hat(state, who, column)
    if column >= KIND_COLUMN:
        kind = column - KIND_COLUMN
        built = built_of_kind(state, who, kind)
        score = (KNOWLEDGE_EACH[level] - KNOWLEDGE_EACH[level - 1]) * TENTHS
        score = score * built if built > 0 else score // UNBUILT
        if level + 1 == EXTRA_WISDOM_FROM:
            score += (PER_KIND - built) * EXTRA_WISDOM
        return np.int64(score)
    score = COLUMN_KNOWLEDGE[column, LEVELS - 1] * TENTHS // (LEVELS - level)
    if column < HORIZON_COLUMNS and level + 1 == HORIZON_LEVEL:
        score += HORIZON_VALUES[column] * (studying(state, who) + 1) * TENTHS + NEW_FOLLOWER
    if column == TRAVEL_SLOT:
        score += (TRAVEL_STEPS[level] - TRAVEL_STEPS[level - 1]) * TRAVEL_STEP
    if column == STUDY_SLOT and MAP_FOLLOWERS[level] > MAP_FOLLOWERS[level - 1] and level == 1:
        score += MAP_LIMIT
    return np.int64(score)


@njit(cache=True)
def map_progress(state, who, moves, count, out):
    """The best progress after each of the `count` tectonics moves (drift, tectonic move,
    eruption, creation) played by `who`, followers riding on their tiles, into `out`."""
    scratch = np.empty_like(state)
    near = np.empty(PLACES, dtype=np.int64)
    await_ = np.empty(PLACES, dtype=np.int64)
    queue = np.empty(PLACES * 2, dtype=np.int64)
    for i in range(count):
        copy_words(state, scratch)
        play_map_move(scratch, who, moves[i])
        target_distances(scratch, who, near, await_, queue)
        out[i] = best_progress(scratch, who, near, await_)


@njit(cache=True)
def find(sorted_moves, count, move):
    """The index of `move` in the ascending sorted_moves[:count] (binary search), -1 if absent."""
    low, high = 0, count
    while low < high:
        middle = (low + high) // 2
        if sorted_moves[middle] < move:
            low = middle + 1
        else:
            high = middle
    return low if low < count and sorted_moves[low] == move else -1


@njit(cache=True)
def map_score(map_list, map_count, map_after, best, move):
    """A map action (the tectonics move `move`): the progress it adds to the best placed follower,
    counted only when it brings one within reach of a mountain where it may build (a sea cell made
    in an AI zone is no such promise)."""
    i = find(map_list, map_count, move)
    after = map_after[i] if i >= 0 else best
    gain = after - best
    return gain if gain > 0 and after > AWAIT else gain - WASTE


@njit(cache=True)
def walk_score(state, near, await_, detail):
    """A walk (origin and destination places in `detail`): the progress it adds to the walker."""
    origin, destination = detail & 511, (detail >> PLACE_BITS) & 511
    gain = (progress(near[destination], await_[destination]) - exposure(state, destination)
            - progress(near[origin], await_[origin]) + exposure(state, origin))
    return gain - WASTE if gain <= 0 else gain


@njit(cache=True)
def study_score(state, who, detail, near, await_, best):
    """An enrolment (the follower leaving its slot, the school) or a graduation."""
    if detail & 1 == 0:
        leaving = (detail >> 1) & 7
        school = (detail >> 4) & 511
        score = ENROL + slot_bonus(best, leaving)
        if school != SANCTUM_PLACE:
            score += max(np.int64(0), progress(near[school], await_[school]) - best)
            if on_map(state, who) == 0:
                score += REJOIN
        return score
    graduates = (detail >> 1) & 3
    from_seats = 0
    lost = np.int64(0)
    for shift in GRADUATE_SHIFTS:
        place = ((detail >> shift) & 511) - 1
        if place >= 0:
            graduates += 1
            from_seats += 1
            lost += progress(near[place], await_[place])
    if from_seats > 0 and on_map(state, who) - from_seats <= 0:
        return np.int64(LAST_ON_MAP)
    return graduates * GRADUATE_EACH - lost


@njit(cache=True)
def score_ply(state, who, move, near, await_, best, map_list, map_count, map_after):
    """The judgement of the legal ply `move` of seat `who`, given the decision's distances
    (target_distances), its best progress and the progress after each map move (map_progress)."""
    kind = move & KIND_MASK
    target = (move >> TARGET_SHIFT) & 7
    source = (move >> SOURCE_SHIFT) & 7
    detail = move >> DETAIL_SHIFT
    if kind == RAISE:
        return raise_score(state, who, target)
    if kind == PUT:
        return PUT_ORDER[target] - slot_bonus(best, target)
    if kind == END_TURN:
        return np.int64(0)
    if kind == WALK_MORE:
        return walk_score(state, near, await_, detail)
    if kind == ERUPT_MORE:
        return map_score(map_list, map_count, map_after, best, detail)
    if kind == FORCED_ISLAND:
        place = detail * 4
        stuck = is_island(state, detail)
        return FORCED_EACH + (0 if stuck else progress(near[place], await_[place])) + slot_bonus(
            np.int64(NEAR - STEP), source)
    if kind == FORCED_STUDY:
        return FORCED_EACH + slot_bonus(best, source)
    if kind == IDLE:
        return slot_bonus(best, source) - slot_bonus(best, target) - IDLE_COST
    if kind != ACT:
        return np.int64(0)  # stop: the action's further parts are not worth a ply
    score = slot_bonus(best, source)
    if target == SANCTUARY_SLOT:
        return score + BUILD
    if target == TRAVEL_SLOT:
        return score + walk_score(state, near, await_, detail)
    if target == STUDY_SLOT:
        return score + study_score(state, who, detail, near, await_, best)
    return score + map_score(map_list, map_count, map_after, best, detail)


@njit(cache=True, nogil=True)
def judge(state, moves, n, scores):
    """Score each of the n legal plies in `moves` for the seat choosing them into scores[:n]."""
    who = mover(state)
    near = np.empty(PLACES, dtype=np.int64)
    await_ = np.empty(PLACES, dtype=np.int64)
    queue = np.empty(PLACES * 2, dtype=np.int64)
    target_distances(state, who, near, await_, queue)
    best = best_progress(state, who, near, await_)
    needs_map = False  # with no follower on the map no map action can bring one nearer: none is played
    for i in range(n if on_map(state, who) > 0 else 0):
        kind = moves[i] & KIND_MASK
        target = (moves[i] >> TARGET_SHIFT) & 7
        if kind == ERUPT_MORE or (kind == ACT and target < STUDY_SLOT):
            needs_map = True
            break
    map_list = np.empty(MAP_MOVES if needs_map else 0, dtype=np.int64)
    map_count = map_moves(state, map_list) if needs_map else 0
    map_after = np.empty(map_count, dtype=np.int64)
    map_progress(state, who, map_list, map_count, map_after)
    for i in range(n):
        scores[i] = score_ply(state, who, moves[i], near, await_, best, map_list, map_count, map_after)


@njit(cache=True)
def ply_score(state, move):
    """The scripted player's score of the one legal ply `move` (higher is played)."""
    moves = np.empty(1, dtype=np.int64)
    moves[0] = move
    scores = np.empty(1, dtype=np.int64)
    judge(state, moves, 1, scores)
    return scores[0]


@njit(cache=True, nogil=True)
def heuristic_move(state, moves, n, rng):
    """The scripted player's ply among the n legal plies in `moves`: the best judged, ties broken
    uniformly at random by `rng`."""
    scores = np.empty(n, dtype=np.int64)
    judge(state, moves, n, scores)
    return best_scored(moves, n, scores, rng)
