"""Differential tests: the meerkats bitboard kernel against the reference rules.

At every decision point and chance event of 2,000 random games (1 to 4 players on the two
shipped mazes, the 5 x 5 test maze and the 8 x 8 and 9 x 9 test mazes of tests/meerkats/sizes/,
whose cells pass bit 63 of a word, 1 to 8 friends, turn caps from 8 to 200, a third of the
games with random super tiles handed out after the setup; chance by its probabilities, decisions
leaning towards the goal so that games reach flips and wins) the kernel must give the
reference's legal moves in the same order, the same chance outcomes and probabilities, the same
successor for every legal move (a sample of MAX_CHECKED where there are more), the same mover,
end and results, and the binding must round-trip the position. Perft must agree too.

The rule events the games met are counted and every chunk must meet the common ones (flips,
wins, the turn cap, speed and shortcut tiles played together, luck re-rolls).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from kernels.meerkats import meerkats_layout as layout
from solver.commands.perft import kernel_count
from solver.games.meerkats import meerkats_binding as binding
from solver.games.meerkats import meerkats_rules as ref
from solver.games.meerkats.meerkats_maze import STEPS, builtin_maze, load_maze

GAMES_PER_CHUNK = 100
CHUNKS = 20  # 2,000 games in all
MAX_CHECKED = 16
HERE = Path(__file__).parent
TINY = str(HERE / "tiny.maze")


def mazes():
    """The mazes the games are played on (five: the game's number picks one, and the seats
    apart, 1 + game % 4)."""
    return [builtin_maze("dunes"), builtin_maze("warren"), load_maze(TINY),
            load_maze(str(HERE / "sizes" / "open8.maze")), load_maze(str(HERE / "sizes" / "open9.maze"))]


def test_reference_codes_match_the_layout():
    """The reference's move kinds, tiles and limits are the layout's (the binding and the kernel
    read the layout)."""
    assert (ref.STEP, ref.LUCK, ref.BURROW, ref.ROLL, ref.DRAW, ref.REVEAL) == (
        layout.STEP, layout.LUCK, layout.BURROW, layout.ROLL, layout.DRAW, layout.REVEAL)
    assert (ref.KIND_SHIFT, ref.SPEED_SHIFT, ref.SHORTCUT_SHIFT) == (layout.KIND_SHIFT, layout.SPEED_SHIFT,
                                                                     layout.SHORTCUT_SHIFT)
    assert ref.TILE_SUPPLY == layout.TILE_SUPPLY and ref.MOST_PLAYERS == layout.MAX_SEATS
    assert sorted(set(ref.DIE)) == list(layout.DIE_FACES)


def distances(state: ref.State, seat: int) -> dict[int, int]:
    """Open steps from every cell to `seat`'s current goal on the face up (breadth first)."""
    goals = ref.stopping_cells(state, seat)
    seen = {cell: 0 for cell in goals}
    queue = list(goals)
    while queue:
        cell = queue.pop(0)
        for dr, dc in STEPS:
            neighbour = state.maze.step(state.face, cell, dr, dc)
            if neighbour and neighbour[1] is None and neighbour[0] not in seen:
                seen[neighbour[0]] = seen[cell] + 1
                queue.append(neighbour[0])
    return seen


def pick_move(state: ref.State, moves: list[int], rng: random.Random) -> int:
    """Chance by its probabilities; a walk towards the goal most of the time, else any move."""
    outcomes = ref.chance_outcomes(state)
    if outcomes:
        return rng.choices([c for c, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
    if state.phase == ref.MOVING and rng.random() < 0.75:
        near = distances(state, state.to_move)
        steps = [m for m in moves if ref.kind_of(m) == ref.STEP]
        return min(steps, key=lambda m: (near.get(ref.step_parts(m)[0], 99), rng.random()))
    return rng.choice(moves)


def handed_tiles(state: ref.State, rng: random.Random) -> ref.State:
    """`state` with random super tiles added to every seat, within the 16 of the box."""
    meerkats = []
    left = list(ref.supply(state))
    for meerkat in state.meerkats:
        tiles = list(meerkat.tiles)
        for kind in range(3):
            extra = rng.randint(0, min(left[kind], 3))
            tiles[kind] += extra
            left[kind] -= extra
        meerkats.append(replace(meerkat, tiles=tuple(tiles)))
    return replace(state, meerkats=tuple(meerkats))


def record_events(state: ref.State, code: int, after: ref.State, events: Counter) -> None:
    """Count the rule events of one played move."""
    kind = ref.kind_of(code)
    if kind == ref.STEP:
        _, speed, shortcut = ref.step_parts(code)
        events["speed and shortcut together"] += speed > 0 and shortcut > 0
        events["flip"] += after.face != state.face
    events["luck"] += kind == ref.LUCK
    if kind == ref.REVEAL:
        seat = ref.next_event(state)[0]
        events["met at the reveal"] += not after.meerkats[seat].seeking
    if after.phase == ref.OVER:
        events["win" if after.winner >= 0 else "turn cap"] += 1


def compare_position(k, state: ref.State, rng: random.Random, buffer: np.ndarray) -> list[int]:
    """Assert kernel == reference on one position; return the reference's legal moves."""
    words = binding.to_kernel(state)
    assert binding.from_kernel(words, state.maze) == state
    expected = ref.legal_moves(state)
    n = k.legal_moves(words, buffer)
    assert buffer[:n].tolist() == expected, ref.legal_moves(state)
    outcomes = ref.chance_outcomes(state)
    assert bool(k.is_chance(words)) == bool(outcomes)
    probs = np.empty(len(buffer))
    m = k.chance_outcomes(words, buffer, probs)
    assert [(int(c), float(p)) for c, p in zip(buffer[:m], probs[:m])] == [(c, float(p)) for c, p in outcomes]
    assert bool(k.is_over(words)) == ref.is_over(state)
    if not ref.is_over(state):
        assert k.to_move(words) == state.to_move
    checked = expected if len(expected) <= MAX_CHECKED else rng.sample(expected, MAX_CHECKED)
    for code in checked:
        have = words.copy()
        k.apply(words, code, have)
        assert np.array_equal(have, binding.to_kernel(ref.successor(state, code))), (state, code)
    if not expected:
        values = np.full(layout.MAX_SEATS, -1.0)
        k.terminal_values(words, values)
        assert tuple(values[:state.players]) == ref.results(state)
        assert all(v == 0.0 for v in values[state.players:])
    return expected


def game_start(rng: random.Random, game: int) -> ref.State:
    """A new game: maze, players, friends and cap by the game's number and at random."""
    choices = mazes()
    maze = choices[game % len(choices)]
    players = 1 + game % 4
    friends = rng.choice([1, 1, 2, 2, 3, 4, 8])
    cap = rng.choice([ref.TURN_CAP, rng.randint(8, 60)])
    return ref.new_game(maze, players, friends, cap)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_matches_reference_on_random_games(chunk):
    """100 games per chunk; each chunk must meet the common rule events."""
    k = binding.kernel()
    rng = random.Random(7100 + chunk)
    buffer = np.empty(k.MAX_MOVES, dtype=np.int64)
    events: Counter = Counter()
    for game in range(GAMES_PER_CHUNK):
        state = game_start(rng, game)
        hand_out = game % 3 == 0
        while True:
            moves = compare_position(k, state, rng, buffer)
            if not moves:
                break
            code = pick_move(state, moves, rng)
            after = ref.successor(state, code)
            record_events(state, code, after, events)
            if hand_out and after.phase == ref.ROLLING and state.phase == ref.EVENTS and after.turn == 0:
                after = handed_tiles(after, rng)
            state = after
    for name in ("flip", "win", "turn cap", "speed and shortcut together", "luck"):
        assert events[name] > 0, (name, events)


def test_a_reveal_meets_a_friend_underfoot_in_random_play():
    """The special case of the seed (a meerkat standing on its new friend after a flip) occurs in
    random games too, and the kernel agrees there (the games above compare every position)."""
    rng = random.Random(99)
    events: Counter = Counter()
    games = 0
    while events["met at the reveal"] == 0 and games < 3000:
        state = game_start(rng, games)
        games += 1
        while not ref.is_over(state):
            code = pick_move(state, ref.legal_moves(state), rng)
            after = ref.successor(state, code)
            record_events(state, code, after, events)
            if ref.kind_of(code) == ref.REVEAL and not after.meerkats[ref.next_event(state)[0]].seeking:
                k = binding.kernel()
                compare_position(k, state, rng, np.empty(k.MAX_MOVES, dtype=np.int64))
            state = after
    assert events["met at the reveal"] > 0


@pytest.mark.parametrize("text", [
    "dunes A:-:0-:2222:- B:-:0-:2222:- desert A setup - - 0",
    f"{HERE}/sizes/open9.maze A:i9:0T:2221:sx B:b8:1b:2122:l desert A roll - - 0",
    "dunes A:a1:0T:2221:sx B:g7:0M:2212:l desert A roll - - 0",
    "warren A:d4:1c:1222:ssx B:a1:0M:2212:lx C:g7:0T:2221:- underground C move 2 - 7",
])
def test_perft_matches_reference(text):
    """Perft at depths 1 and 2 (chance outcomes expanded without using up depth)."""
    from solver.games.meerkats.meerkats_notation import parse_position

    state = parse_position(text)
    words = binding.to_kernel(state)
    for depth in (1, 2):
        assert kernel_count(binding.KERNEL, words, depth) == ref.perft(state, depth), depth


def test_perft_through_runs_of_rolls_matches_reference():
    """From dunes-dash each root move leads, after the other burrow choice, into four rolls in a
    row (each player's super tile, then each friend's reveal): more chance levels than twice the
    depth, where the kernel's perft stack once overflowed and counted garbage (576 for a1 at
    depth 3, not 11,664). Per root move, as `caldera perft --divide` counts, at depth 3."""
    from solver.commands.perft import perft
    from solver.games.registry import game

    record = game("meerkats")
    state = record.resolve_position("dunes-dash")
    divide = perft(record, record.to_kernel(state), 3).divide
    assert [nodes for _, nodes in divide] == [record.reference_perft(record.successor(state, move), 2)
                                              for move, _ in divide]
