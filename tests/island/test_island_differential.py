"""Differential tests: the Island Project bitboard kernel against the reference rules.

At every decision point of 2,000 random games (2, 3 and 4 players; dice sampled by their
probabilities, random decisions with a lean towards steps that gain food; games from the start,
from the start with a short turn cap, and from random mid-game positions with valid piece counts,
many with nearly empty supplies) the kernel must give the reference's legal moves in the same
order, the same chance outcomes and probabilities, the same successor for every legal move (a
sample of MAX_CHECKED where there are more), the same results at the end, and the binding must
round-trip the position. Perft from the starts and from mid-game positions must agree too.

The rule events the games met are counted (EVENTS) and each chunk must meet the rare ones:
eruption chains of three or more volcanoes that cross an edge, a supply running out in the
middle of a chain, and every way a game ends.
"""

import random
from collections import Counter

import numba
import numpy as np
import pytest
from numba import njit

from kernels import dispatch
from kernels.island import island_layout as layout
from solver.commands.perft import kernel_count
from solver.games.island import island_rules as ref
from solver.games.island import island_binding as binding
from tests.island.island_random import roll_dice, state_of
from tests.random_chunks import play_chunk

GAMES_PER_CHUNK = 100
CHUNKS = 20  # 2,000 games in all
MAX_CHECKED = 12  # successors compared per position (all of them where there are no more)
EVENTS: Counter = Counter()  # rule events met by the played moves, over every chunk run


def test_reference_codes_match_the_layout():
    """The reference's phases, move kinds, faces and lines map onto the layout and tables the
    kernel and the binding share (kernels/island/island_layout.py)."""
    k = binding.kernel()
    assert binding.PHASE_CODES == {ref.SHIFTING: layout.SHIFTING, ref.ROLLING: layout.ROLLING,
                                   ref.CHOOSING: layout.CHOOSING, ref.ACTION1: layout.ACTION1,
                                   ref.ACTION2: layout.ACTION2, ref.OVER: layout.OVER}
    assert (ref.SHIFT, ref.ROLL, ref.NUMBER, ref.VOLCANO, ref.VOLCANO_NONE, ref.DISPATCH, ref.STEP, ref.END,
            ref.PASS) == (layout.SHIFT_MOVE, layout.ROLL, layout.NUMBER, layout.VOLCANO, layout.VOLCANO_NONE,
                          layout.DISPATCH, layout.STEP, layout.END, layout.PASS)
    assert (ref.V_FACE, ref.FACES, ref.TILES) == (layout.V_FACE, layout.FACES, layout.TILES)
    assert (k.STATE_LEN, k.SEATS, k.HAS_CHANCE) == (layout.STATE_LEN, layout.MAX_SEATS, True)
    for s in range(20):
        assert tuple(k.LINE_TILES[s]) == ref.shift_line(s)
    for t in range(ref.TILES):
        assert tuple(k.NEIGHBOUR[t]) == ref.death_cross(t)[1:]


@njit
def dispatched(kernel, words, moves, probs, rng):
    """What a search sees of a position through kernels/dispatch.py: (moves, chance?, outcomes,
    mover, over?, one playout move)."""
    numba.literally(kernel)
    n = dispatch.legal_moves(kernel, words, moves)
    chance = dispatch.is_chance(kernel, words)
    outcomes = dispatch.chance_outcomes(kernel, words, probs.astype(np.int64), probs)
    roll = dispatch.playout_move(kernel, words, moves, n, rng)
    return n, chance, outcomes, dispatch.to_move(kernel, words), dispatch.is_over(kernel, words), roll


def test_dispatch_reaches_the_island_kernel():
    """kernels/dispatch.py routes "island.island_kernel" to the kernel; penguins has no chance nodes."""
    state = ref.successor(ref.new_game(3), ref.move(ref.SHIFT, 4))
    words = binding.to_kernel(state)
    moves = np.empty(binding.kernel().MAX_MOVES, dtype=np.int64)
    probs = np.empty(binding.kernel().MAX_MOVES, dtype=np.float64)
    rng = np.array([12345], dtype=np.uint64)
    n, chance, outcomes, mover, over, _ = dispatched("island.island_kernel", words, moves, probs, rng)
    assert moves[:n].tolist() == ref.legal_moves(state)
    assert chance and outcomes == 21 and probs[:21].sum() == pytest.approx(1.0)
    assert mover == 0 and not over
    rolls = {int(dispatched("island.island_kernel", words, moves, probs, rng)[5]) for _ in range(400)}
    assert rolls <= set(ref.legal_moves(state)) and len(rolls) == 21  # the dice, not moves[0]
    plain = np.zeros(40, dtype=np.uint64)
    plain[16:19] = (10, 4, 4)  # a 4x4 penguins board with a ply cap of 10: every other word 0
    _, chance, outcomes, *_ = dispatched("penguins.penguins_plain", plain, moves, probs, rng)
    assert not chance and outcomes == 0


# ---------------------------------------------------------------- random positions and play


def random_position(rng: random.Random, players: int, small_supplies: bool) -> ref.State:
    """A mid-game position with the counts of a real game: 4 native islands, new land on the
    board + plateaus + supply = 12, plateaus + supply = 5, markers + supply = 15, every seat's
    people on the board plus in supply = 5 (2 players) or 4, at most 2 people on new land or a
    plateau, fewer than 5 on plateaus, no marker on a plateau; any phase of a turn."""
    tiles = list(range(ref.TILES))
    rng.shuffle(tiles)
    plateaus = rng.randint(3, 5) if small_supplies else rng.randint(0, 4)
    newlands = rng.randint(12 - plateaus - 3, 12 - plateaus) if small_supplies else rng.randint(1, 12 - plateaus)
    terrain = [ref.OCEAN] * ref.TILES
    for t in tiles[:4]:
        terrain[t] = ref.NATIVE
    for t in tiles[4:4 + newlands]:
        terrain[t] = ref.NEWLAND
    for t in tiles[4 + newlands:4 + newlands + plateaus]:
        terrain[t] = ref.PLATEAU
    # Markers, often clustered so that eruptions chain.
    allowed = [t for t in range(ref.TILES) if terrain[t] != ref.PLATEAU]
    n_markers = rng.randint(3, 12)
    markers = [False] * ref.TILES
    for t in rng.sample(allowed, min(n_markers, len(allowed))):
        markers[t] = True
    per_seat = 5 if players == 2 else 4
    people = [[0] * ref.TILES for _ in range(players)]
    reserve = []
    on_plateaus = 0
    for seat in range(players):
        placed = rng.randint(0, per_seat)
        for _ in range(placed):
            for _attempt in range(10):
                t = rng.randrange(ref.TILES)
                if terrain[t] in (ref.NEWLAND, ref.PLATEAU) and sum(p[t] for p in people) >= ref.CAPACITY:
                    continue
                if terrain[t] == ref.PLATEAU and on_plateaus >= ref.PLATEAU_PEOPLE_TO_END - 1:
                    continue
                people[seat][t] += 1
                on_plateaus += terrain[t] == ref.PLATEAU
                break
        reserve.append(per_seat - sum(people[seat]))
    phase = rng.choice([ref.SHIFTING, ref.SHIFTING, ref.ROLLING, ref.CHOOSING, ref.ACTION1, ref.ACTION2])
    turn = rng.randint(1, 40)
    shift = -1 if phase == ref.SHIFTING else rng.randrange(20)
    rolled = phase in (ref.CHOOSING, ref.ACTION1, ref.ACTION2)
    dice = tuple(sorted((rng.randrange(6), rng.randrange(6)))) if rolled else None
    cap = rng.choice([ref.TURN_CAP, turn + rng.randint(1, 8)])
    return state_of(
        terrain, markers, people, reserve,
        food=tuple(rng.randint(0, 12) for _ in range(players)),
        newland_supply=12 - newlands - plateaus,
        plateau_supply=5 - plateaus,
        marker_supply=15 - sum(markers),
        to_move=rng.randrange(players),
        phase=phase,
        previous_shift=rng.randrange(20),
        shift=shift,
        dice=dice,
        fed=phase in (ref.ACTION1, ref.ACTION2) and rng.random() < 0.5,
        turn=turn,
        turn_cap=cap,
    )


def gains_food(state: ref.State, code: int) -> bool:
    """A step onto new land or a plateau from other terrain (+2 food)."""
    if ref.kind_of(code) != ref.STEP:
        return False
    source, direction = divmod(ref.argument_of(code), 4)
    there = state.terrain[ref.neighbour(source, direction)]
    return there in (ref.NEWLAND, ref.PLATEAU) and state.terrain[source] != there


def pick_move(state: ref.State, moves: list[int], rng: random.Random) -> int:
    """The dice by their probabilities at the roll; else often a food-gaining step (so that
    people reach plateaus), else a uniformly random move."""
    if ref.is_chance(state):
        return roll_dice(state, rng)
    gaining = [m for m in moves if gains_food(state, m)]
    if gaining and rng.random() < 0.7:
        return rng.choice(gaining)
    return rng.choice(moves)


def eruption_events(state: ref.State, code: int) -> tuple[int, bool, bool]:
    """For a die choice: (volcanoes erupting, whether the chain steps across a board edge, whether
    a supply ran out in the middle of it: an uplift that found its supply emptied earlier in the
    same chain). Replays the breadth-first chain on the reference state (I-5, I-6)."""
    if ref.kind_of(code) != ref.NUMBER:
        return 0, False, False
    selected = ref.shift_line(state.shift)[ref.argument_of(code) - 1]
    if state.terrain[selected] == ref.PLATEAU or not state.markers[selected]:
        return 0, False, False
    terrain, markers = list(state.terrain), list(state.markers)
    supply = {"newland": state.newland_supply, "plateau": state.plateau_supply, "markers": state.marker_supply}
    queue, erupted, wraps, ran_out = [selected], {selected}, False, False
    while queue:
        volcano = queue.pop(0)
        r, c = divmod(volcano, ref.SIZE)
        for direction in range(4):
            index = ref.neighbour(volcano, direction)
            if markers[index] and index not in erupted:
                erupted.add(index)
                queue.append(index)
                nr, nc = divmod(index, ref.SIZE)
                wraps |= abs(nr - r) > 1 or abs(nc - c) > 1
        kind = terrain[volcano]
        need = {ref.OCEAN: ("newland", state.newland_supply), ref.NEWLAND: ("plateau", state.plateau_supply)}.get(kind)
        if need and supply[need[0]] == 0 and need[1] > 0:
            ran_out = True
        ref._uplift(terrain, markers, supply, volcano, volcano == selected)
    return len(erupted), wraps, ran_out


def record_events(state: ref.State, code: int, after: ref.State, events: Counter) -> None:
    """Count the rule events of one played move."""
    length, wraps, ran_out = eruption_events(state, code)
    if length:
        events["eruptions"] += 1
        events["chains of 2+"] += length >= 2
        events["chains of 3+ across an edge"] += length >= 3 and wraps
        events["supply ran out mid-chain"] += ran_out
    if after.phase == ref.OVER:
        if state.phase == ref.CHOOSING:
            events["end: supplies"] += 1
        elif ref.plateau_people(after) >= ref.PLATEAU_PEOPLE_TO_END:
            events["end: 5 on plateaus"] += 1
        else:
            events["end: turn cap"] += 1


# ---------------------------------------------------------------- comparison


def compare_position(state: ref.State, rng: random.Random) -> list[int]:
    """Assert kernel == reference on one position; return the reference's legal moves."""
    words = binding.to_kernel(state)
    assert binding.from_kernel(words) == state
    expected = ref.legal_moves(state)
    assert binding.legal_moves(words) == expected, state
    chance = ref.is_chance(state)
    assert binding.is_chance(words) == chance
    got = binding.chance_outcomes(words)
    if chance:
        want = ref.chance_outcomes(state)
        assert [c for c, _ in got] == [c for c, _ in want]
        assert [binding.exact_probability(p) for _, p in got] == [p for _, p in want]
        assert all(p == float(q) for (_, p), (_, q) in zip(got, want))
    else:
        assert got == []
    checked = expected if len(expected) <= MAX_CHECKED else rng.sample(expected, MAX_CHECKED)
    for code in checked:
        want_words = binding.to_kernel(ref.successor(state, code))
        have = binding.successor(words, code)
        assert np.array_equal(have, want_words), (state, code, binding.from_kernel(have))
    if not expected:
        values = np.full(layout.MAX_SEATS, -1.0)
        binding.kernel().terminal_values(words, values)
        assert tuple(values[:state.players]) == ref.results(state), state
        assert all(v == 0.0 for v in values[state.players:])
    return expected


def play_and_compare(state: ref.State, rng: random.Random, events: Counter) -> int:
    """Play a random game from `state`, comparing at every decision point; return its plies."""
    plies = 0
    while True:
        moves = compare_position(state, rng)
        if not moves:
            return plies
        code = pick_move(state, moves, rng)
        after = ref.successor(state, code)
        record_events(state, code, after, events)
        state = after
        plies += 1


def chunk_start(rng: random.Random, game: int) -> ref.State:
    """The start of game `game` of a chunk: a fifth from the start, a fifth from the start with a
    short turn cap, the rest from random positions (two thirds of them with small supplies)."""
    players = 2 + game % 3
    kind = game % 5
    if kind == 0:
        return ref.new_game(players)
    if kind == 1:
        return ref.new_game(players, turn_cap=rng.randint(1, 8))
    return random_position(rng, players, small_supplies=kind != 4)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_matches_reference_on_random_games(chunk):
    """100 games per chunk; each chunk must also meet every rare rule event at least once."""
    plies, events = play_chunk(5000 + chunk, GAMES_PER_CHUNK,
                               lambda rng, game, events: play_and_compare(chunk_start(rng, game), rng, events))
    EVENTS.update(events)
    EVENTS["games"] += GAMES_PER_CHUNK
    assert plies > GAMES_PER_CHUNK
    for name in ("chains of 3+ across an edge", "supply ran out mid-chain", "end: supplies",
                 "end: 5 on plateaus", "end: turn cap"):
        assert events[name] > 0, (name, events)


def test_rule_event_counts():
    """Print how often each rule event occurred in the random games run so far (pytest -s)."""
    if not EVENTS:
        pytest.skip("no random games ran in this session")
    print("\nIsland rule events in", EVENTS["games"], "random games:",
          ", ".join(f"{name} {count}" for name, count in sorted(EVENTS.items()) if name != "games"))


# ---------------------------------------------------------------- perft


def perft_positions() -> list[ref.State]:
    """The 2, 3 and 4 player starts, then mid-game positions: one in each phase of a turn and a
    die choice with a V (a marker on any free tile)."""
    rng = random.Random(77)
    positions = [ref.new_game(p) for p in (2, 3, 4)]
    for number, phase in enumerate((ref.SHIFTING, ref.ROLLING, ref.CHOOSING, ref.ACTION1, ref.ACTION2, ref.CHOOSING)):
        while True:
            state = random_position(rng, 2 + number % 3, small_supplies=number % 2 == 0)
            if state.phase == phase and (number < 5 or ref.V_FACE in state.dice):
                break
        positions.append(state)
    return positions


@pytest.mark.parametrize("index", range(9))
def test_perft_matches_reference(index):
    """Perft at depths 1 and 2 (chance outcomes expanded without using up depth)."""
    state = perft_positions()[index]
    words = binding.to_kernel(state)
    for depth in (1, 2):
        assert kernel_count(binding.KERNEL, words, depth) == ref.perft(state, depth), (state, depth)


def test_perft_depth_three_from_the_start():
    """Deeper from the 3-player start: shifts, rolls, die choices and the first action."""
    state = ref.new_game(3)
    assert kernel_count(binding.KERNEL, binding.to_kernel(state), 3) == ref.perft(state, 3) == 12480
