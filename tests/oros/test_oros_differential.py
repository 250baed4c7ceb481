"""Differential tests: the Oros tectonics bitboard kernel against the reference rules.

First hand-derived cases from the contract of issue 6 (rulings O-1..O-6, the seed's collision and
lava examples), checked on both the kernel and the reference. Then 2,000 random action sequences
on random maps (sizes 3..8 each way, random abilities, volcanoes, mountains and hotspots, from
the reference's random_state): at every step the kernel must list the reference's legal moves
(as sets; the kernel's order is its own, with no duplicates), give the same successor for every
move (a sample of MAX_CHECKED plus the move played where there are more) and round-trip the
position through the binding. Perft from small random maps must agree too.

The rule events met by the checked moves are counted per chunk of sequences, and each chunk must
meet all of them: collisions (carrying volcanoes, overflowing into volcanoes), mountains forming
(also from level 3 with mountain3), tiles hitting mountains, lava raising sea and stopped by a
mountain, volcano creation on existing volcanoes, hotspot refills, moves across both map edges.
"""

import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from kernels.oros import oros_layout as layout
from solver.commands.perft import kernel_count
from solver.games.oros import oros_rules as ref
from solver.games.oros import oros_binding as binding

CHUNKS = 4
SEQUENCES_PER_CHUNK = 500  # 2,000 sequences in all
ACTIONS_PER_SEQUENCE = 8
MAX_CHECKED = 10  # successors compared per position besides the move played


def position(width, height, levels, volcanoes=None, hotspots=(), actions=0, **abilities):
    """A position from {(row, col): level} and {(row, col): volcano levels}; other cells are sea."""
    cells = [ref.SEA] * (width * height)
    for (r, c), level in levels.items():
        cells[r * width + c] = level
    stacks = {r * width + c: stack for (r, c), stack in (volcanoes or {}).items()}
    spots = tuple(r * width + c for r, c in hotspots)
    state = ref.new_map(width, height, tuple(cells), stacks, spots, ref.Abilities(**abilities))
    return replace(state, actions=actions)


def kernel_successor(state, move):
    """The kernel's successor of a reference state, back as a reference state."""
    return binding.from_kernel(binding.successor(binding.to_kernel(state), move))


def tectonic(cells, direction, width):
    """A tectonic move of the (row, col) cells."""
    return ref.encode_tectonic(tuple(r * width + c for r, c in cells), direction)


M = ref.MOUNTAIN
# (what it shows, position before, move, position after): hand-derived from the contract.
CASES = [
    ("O-2/O-4 seed example: a group of 3 moves W, its level 1 hits a level 3 and makes a 4",
     position(7, 5, {(2, 1): 3, (2, 2): 1, (2, 3): 1, (2, 4): 2}),
     tectonic([(2, 2), (2, 3), (2, 4)], ref.W, 7),
     position(7, 5, {(2, 1): 4, (2, 2): 1, (2, 3): 2}, actions=1)),
    ("O-2 seed: 2 + 3 -> a level 4 with a level-1 volcano",
     position(7, 5, {(0, 0): 2, (0, 1): 3}, tectonic=3),
     tectonic([(0, 0)], ref.E, 7),
     position(7, 5, {(0, 1): 4}, {(0, 1): (1,)}, tectonic=3, actions=1)),
    ("O-2 seed: sum 6 -> a level 4 with a level-2 volcano",
     position(7, 5, {(1, 1): 3, (2, 1): 3}, tectonic=3),
     tectonic([(1, 1)], ref.S, 7),
     position(7, 5, {(2, 1): 4}, {(2, 1): (2,)}, tectonic=3, actions=1)),
    ("O-2 seed: sum 7 with a carried volcano 3 -> 4 with volcanoes 4 and 2",
     position(7, 5, {(1, 1): 3, (1, 2): 4}, {(1, 1): (3,)}, tectonic=3),
     tectonic([(1, 1)], ref.E, 7),
     position(7, 5, {(1, 2): 4}, {(1, 2): (4, 2)}, tectonic=3, actions=1)),
    ("O-2: two level 4 tiles without volcanoes make a mountain",
     position(5, 4, {(3, 3): 4, (3, 4): 4}, tectonic=3),
     tectonic([(3, 4)], ref.W, 5),
     position(5, 4, {(3, 3): M}, tectonic=3, actions=1)),
    ("O-2 amended: 4 + 4 carrying volcanoes 2 and 1 is a 4 whose volcanoes take the 4 lava (4 and 3)",
     position(5, 4, {(3, 3): 4, (3, 4): 4}, {(3, 3): (2,), (3, 4): (1,)}, tectonic=3),
     tectonic([(3, 4)], ref.W, 5),
     position(5, 4, {(3, 3): 4}, {(3, 3): (4, 3)}, tectonic=3, actions=1)),
    ("O-2 mountain3: a 3 onto a 4 makes a mountain",
     position(5, 4, {(0, 0): 3, (1, 1): 4}, tectonic=3, mountain3=True),
     tectonic([(0, 0)], ref.SE, 5),
     position(5, 4, {(1, 1): M}, tectonic=3, mountain3=True, actions=1)),
    ("O-2 without mountain3: a 3 onto a 4 is a 4 with a level-3 volcano",
     position(5, 4, {(0, 0): 3, (1, 1): 4}, tectonic=3),
     tectonic([(0, 0)], ref.SE, 5),
     position(5, 4, {(1, 1): 4}, {(1, 1): (3,)}, tectonic=3, actions=1)),
    ("O-2: a tile hitting a mountain adds a volcano of its level; its own volcanoes go along",
     position(4, 4, {(2, 2): 2, (2, 3): M}, {(2, 2): (4,), (2, 3): (1,)}, tectonic=3),
     tectonic([(2, 2)], ref.E, 4),
     position(4, 4, {(2, 3): M}, {(2, 3): (4, 2, 1)}, tectonic=3, actions=1)),
    ("O-1/O-4: a single tile wraps across both edges at once (NW from a1 to the far corner)",
     position(7, 5, {(0, 0): 1}, {(0, 0): (2,)}, tectonic=3),
     tectonic([(0, 0)], ref.NW, 7),
     position(7, 5, {(4, 6): 1}, {(4, 6): (2,)}, tectonic=3, actions=1)),
    ("O-1/O-4: a column of 3 moves E across the edge onto a 2 in column a",
     position(7, 5, {(0, 6): 1, (1, 6): 2, (2, 6): 3, (1, 0): 2}),
     tectonic([(0, 6), (1, 6), (2, 6)], ref.E, 7),
     position(7, 5, {(0, 0): 1, (1, 0): 4, (2, 0): 3}, actions=1)),
    ("O-1/O-4: a group of 3 moves N across the top edge, the middle tile into a vacated cell",
     position(3, 3, {(0, 0): 1, (1, 0): 2, (2, 0): 3}),
     tectonic([(0, 0), (1, 0), (2, 0)], ref.N, 3),
     position(3, 3, {(2, 0): 1, (0, 0): 2, (1, 0): 3}, actions=1)),
    ("O-5 seed lava example: volcano 4 fills its 3 to 4, sends 3 E: a 2 to 4, then sea to 1",
     position(7, 5, {(2, 1): 3, (2, 2): 2}, {(2, 1): (4,)}),
     ref.encode_erupt(2 * 7 + 1, 4, (0, 3, 0, 0)),
     position(7, 5, {(2, 1): 4, (2, 2): 4, (2, 3): 1}, actions=1)),
    ("O-5: a mountain stops the lava, the rest is lost (and the other volcano stays)",
     position(7, 5, {(2, 1): 4, (1, 1): 3, (0, 1): M}, {(2, 1): (4, 1)}),
     ref.encode_erupt(2 * 7 + 1, 4, (4, 0, 0, 0)),
     position(7, 5, {(2, 1): 4, (1, 1): 4, (0, 1): M}, {(2, 1): (1,)}, actions=1)),
    ("O-5: lava passes a level 4, wraps round the row and stops at its own volcano",
     position(3, 3, {(1, 0): 3, (1, 1): 4, (1, 2): 4}, {(1, 1): (4,)}, fill=False),
     ref.encode_erupt(4, 4, (0, 0, 0, 4)),
     position(3, 3, {(1, 0): 4, (1, 1): 4, (1, 2): 4}, fill=False, actions=1)),
    ("O-5 without fill: the own tile stays, 2 lava S make the first sea cell a level 2",
     position(4, 4, {(1, 1): 1}, {(1, 1): (2,)}, fill=False),
     ref.encode_erupt(5, 2, (0, 0, 2, 0)),
     position(4, 4, {(1, 1): 1, (2, 1): 2}, fill=False, actions=1)),
    ("O-5 creation: +3 fills the 3 to 4 and the 1 to 3",
     position(4, 4, {(0, 0): 2}, {(0, 0): (3, 1)}),
     ref.encode_create(0),
     position(4, 4, {(0, 0): 2}, {(0, 0): (4, 3)}, actions=1)),
    ("O-5 creation: +3 fills a 2 to 4 and the rest is a new level-1 volcano",
     position(4, 4, {(0, 0): 2}, {(0, 0): (2,)}),
     ref.encode_create(0),
     position(4, 4, {(0, 0): 2}, {(0, 0): (4, 1)}, actions=1)),
    ("O-5 creation on a bare mountain: one level-3 volcano",
     position(4, 4, {(3, 3): M}),
     ref.encode_create(15),
     position(4, 4, {(3, 3): M}, {(3, 3): (3,)}, actions=1)),
    ("O-3: a row drifts 2 W with its volcano, no collisions",
     position(4, 3, {(1, 0): 1, (1, 2): 3}, {(1, 2): (2,)}, drift=2),
     ref.encode_drift(ref.DRIFT_ROW, 1, 2, 1),
     position(4, 3, {(1, 0): 3, (1, 2): 1}, {(1, 0): (2,)}, drift=2, actions=1)),
    ("O-3: with the mountain ability a column holding a mountain drifts S across the edge",
     position(4, 3, {(0, 0): M, (1, 0): 2}, mountains=True),
     ref.encode_drift(ref.DRIFT_COL, 0, 1, 0),
     position(4, 3, {(1, 0): M, (2, 0): 2}, mountains=True, actions=1)),
    ("O-6: the tile drifts off its hotspot, which gets a new level-1 tile",
     position(3, 3, {(0, 0): 2}, hotspots=[(0, 0)]),
     ref.encode_drift(ref.DRIFT_ROW, 0, 1, 0),
     position(3, 3, {(0, 0): 1, (0, 1): 2}, hotspots=[(0, 0)], actions=1)),
]


@pytest.mark.parametrize("what, before, move, after", CASES, ids=[c[0][:40] for c in CASES])
def test_hand_derived_successors(what, before, move, after):
    """Kernel and reference both give the hand-derived position after the action."""
    assert move in binding.legal_moves(binding.to_kernel(before)), what
    assert kernel_successor(before, move) == after, what
    assert ref.successor(before, move) == after, what


def test_hand_counted_legal_moves_and_perft():
    """Counts worked out from the rules on a 3 x 3 map with one level-1 tile in the middle."""
    lone = position(3, 3, {(1, 1): 1})
    words = binding.to_kernel(lone)
    k = binding.kernel()
    # Row 2 and column b drift 1 cell either way, and one creation (O-3, O-5).
    assert len(binding.legal_moves(words)) == 5
    assert len(binding.legal_moves(binding.to_kernel(replace(lone, abilities=ref.Abilities(tectonic=3))))) == 13
    assert len(binding.legal_moves(binding.to_kernel(replace(lone, abilities=ref.Abilities(drift=3))))) == 9
    # Depth 2: each drift leaves one tile (5 moves again); after the creation the level-3
    # volcano fills its tile 1 -> 4 and has 0 lava left: 4 drifts, 1 eruption, 1 creation.
    assert kernel_count(binding.KERNEL, words, 2) == 4 * 5 + 6
    # Dormant: four mountain neighbours, no eruption; every line holds a mountain, so only the
    # five creations remain (O-3, O-5).
    ring = position(3, 3, {(1, 1): 2, (0, 1): M, (1, 0): M, (1, 2): M, (2, 1): M}, {(1, 1): (2,)})
    moves = binding.legal_moves(binding.to_kernel(ring))
    assert sorted(moves) == sorted(ref.encode_create(c) for c in (1, 3, 4, 5, 7))


def test_measures_for_the_puzzle_solver():
    """cell_level, mountain_count, land_total and volcano_total on a hand-made map."""
    state = position(4, 3, {(0, 0): 2, (0, 1): M, (2, 3): 4}, {(0, 1): (4, 1), (2, 3): (3,)})
    words = binding.to_kernel(state)
    k = binding.kernel()
    assert [k.cell_level(words, c) for c in (0, 1, 2, 11)] == [2, 5, 0, 4]
    assert k.mountain_count(words) == 1
    assert k.land_total(words) == 2 + 5 + 4
    assert (k.volcano_total(words, 1), k.volcano_total(words, 11), k.volcano_total(words, 0)) == (5, 3, 0)


def test_reference_codes_match_the_layout():
    """The reference's move kinds and directions map onto the layout the kernel and the binding
    share (kernels/oros/oros_layout.py)."""
    k = binding.kernel()
    assert (ref.DRIFT_ROW, ref.DRIFT_COL, ref.TECTONIC, ref.ERUPT, ref.CREATE) == (
        layout.DRIFT_ROW, layout.DRIFT_COL, layout.TECTONIC_MOVE, layout.ERUPT, layout.CREATE)
    assert ref.STEPS == layout.DIRECTION_STEPS
    assert ref.MOUNTAIN == layout.MOUNTAIN_LEVEL and ref.SEA == layout.SEA
    assert (k.STATE_LEN, k.SEATS, k.HAS_CHANCE, int(k.COUNT_SHIFT)) == (layout.STATE_LEN, 1, False, layout.COUNT_BITS)


def test_max_moves_bounds_the_fullest_map():
    """An 8 x 8 map of level-1 tiles each with volcanoes 1..4, every ability, no fill: the
    kernel's move count stays within MAX_MOVES and equals the reference's."""
    full = position(8, 8, {(r, c): 1 for r in range(8) for c in range(8)},
                    {(r, c): (4, 3, 2, 1) for r in range(8) for c in range(8)},
                    drift=3, tectonic=3, fill=False)
    moves = binding.legal_moves(binding.to_kernel(full))
    # 96 drifts, 4 * (384 + 128) + 8 * 64 tectonic moves, 64 * (4 + 10 + 20 + 35) eruptions, 64 creations.
    assert len(moves) == 96 + 4 * 512 + 8 * 64 + 64 * 69 + 64 <= binding.kernel().MAX_MOVES
    assert sorted(moves) == ref.legal_moves(full)


# ---------------------------------------------------------------- random sequences


def pick_move(moves, rng):
    """A kind chosen uniformly among those present, then a move of it (eruptions' many lava
    splits would crowd out the drifts otherwise)."""
    by_kind = {}
    for m in moves:
        by_kind.setdefault(ref.move_kind(m), []).append(m)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


def lava_events(state, move, events):
    """Count lava stopped by a mountain and lava raising sea, following the streams (O-5)."""
    cell, volcano, lava = ref.decode_erupt(move)
    levels = list(state.levels)
    for direction, amount in zip(ref.ORTHOGONAL, lava):
        target = ref.step(state, cell, direction)
        while amount > 0 and target != cell:
            if levels[target] == M:
                events["lava stopped by a mountain"] += 1
                break
            events["lava raises sea"] += levels[target] == ref.SEA
            raised = min(amount, 4 - levels[target])
            levels[target] += raised
            amount -= raised
            target = ref.step(state, target, direction)


def record_events(state, move, after, events):
    """Count the rule events of one checked move."""
    kind = ref.move_kind(move)
    if kind == ref.TECTONIC:
        group, direction = ref.decode_tectonic(move)
        for cell in group:
            target = ref.step(state, cell, direction)
            events["wrap east-west"] += abs(target % state.width - cell % state.width) > 1
            events["wrap north-south"] += abs(target // state.width - cell // state.width) > 1
            if target in group or state.levels[target] == ref.SEA:
                continue
            a, b = state.levels[cell], state.levels[target]
            events["collision"] += 1
            events["collision carrying volcanoes"] += bool(state.volcanoes[cell] or state.volcanoes[target])
            if b == M:
                events["tile hits a mountain"] += 1
            elif after.levels[target] == M:
                events["mountain forms"] += 1
                events["mountain from a level 3"] += min(a, b) == 3
            elif a + b > 4:
                events["overflow into volcanoes"] += 1
    elif kind == ref.ERUPT:
        lava_events(state, move, events)
    elif kind == ref.CREATE:
        events["creation on volcanoes"] += bool(state.volcanoes[ref.decode_create(move)])
    else:
        events["drift"] += 1


def check_position(state, rng, events):
    """Compare legal moves and successors at one position; return the reference's moves."""
    words = binding.to_kernel(state)
    assert binding.from_kernel(words) == state
    kernel_moves = binding.legal_moves(words)
    moves = ref.legal_moves(state)
    assert len(set(kernel_moves)) == len(kernel_moves)
    assert sorted(kernel_moves) == moves, state
    checked = moves if len(moves) <= MAX_CHECKED else rng.sample(moves, MAX_CHECKED)
    for move in checked:
        after = ref.successor(state, move)
        kernel_after = binding.successor(words, move)
        assert binding.from_kernel(kernel_after) == after, (state, move)
        assert np.array_equal(binding.to_kernel(after), kernel_after), (state, move)
        record_events(state, move, after, events)
    return moves


def play_sequence(rng, events):
    """One random action sequence on a random map, checked at every step."""
    state = ref.random_state(rng)
    for _ in range(ACTIONS_PER_SEQUENCE):
        moves = check_position(state, rng, events)
        if not moves:
            return
        move = pick_move(moves, rng)
        after = ref.successor(state, move)
        assert binding.from_kernel(binding.successor(binding.to_kernel(state), move)) == after
        bare = ref.successor(replace(state, hotspots=frozenset()), move)
        events["hotspot refill"] += sum(bare.levels[h] == ref.SEA for h in state.hotspots)
        record_events(state, move, after, events)
        state = after


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_sequences_agree(chunk):
    """SEQUENCES_PER_CHUNK random sequences: same moves and successors, every rule event met."""
    rng = random.Random(6000 + chunk)
    events = Counter()
    for _ in range(SEQUENCES_PER_CHUNK):
        play_sequence(rng, events)
    wanted = ("collision", "collision carrying volcanoes", "overflow into volcanoes", "mountain forms",
              "mountain from a level 3", "tile hits a mountain", "lava raises sea",
              "lava stopped by a mountain", "creation on volcanoes", "hotspot refill", "wrap east-west",
              "wrap north-south", "drift")
    assert {name: events[name] for name in wanted if events[name] == 0} == {}


def test_perft_agrees_on_small_maps():
    """Kernel perft equals the reference's on random small maps."""
    rng = random.Random(66)
    for _ in range(4):
        state = ref.random_state(rng, rng.randint(3, 4), rng.randint(3, 4))
        assert kernel_count(binding.KERNEL, binding.to_kernel(state), 2) == ref.perft(state, 2)
