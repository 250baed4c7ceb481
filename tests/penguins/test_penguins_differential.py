"""Differential tests: the bitboard kernel against the reference rules, move for move.

At every ply of thousands of random games (sizes 4..8, random icebergs, random mid-game
positions with small supplies) the kernel must list exactly the reference's legal moves, give
the same status, and produce the same successor state for every slide and hatch and for a
sample of landings. Then 2,000 games on random boards with every barrier and terrain tile
(P-9..P-23): the same move lists and status, the successor of a sample of moves covering every
kind of move, and a count showing that every tile effect really happened in those games.
"""

import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from solver.games.penguins import penguins_rules as ref
from kernels import kernel_module
from kernels.penguins import penguins_layout as layout
from solver.games.penguins import penguins_binding as binding
from solver.games.penguins.penguins_notation import parse_position
from tests.random_chunks import play_chunk
from tests.penguins.penguins_random import pick_move, random_position, random_start, random_tile_position, random_tile_start

GAMES_PER_CHUNK = 100
CHUNKS = 20  # 2,000 games in all


def test_reference_codes_match_the_layout():
    """The reference's actions, Move fields and statuses map onto the codes of the layout, the one
    definition the kernel and the binding share (kernels/penguins/penguins_layout.py)."""
    for name in ("penguins.penguins_kernel", "penguins.penguins_plain"):
        k = kernel_module(name)
        assert (k.STATE_LEN, k.SEATS, k.HAS_CHANCE) == (layout.STATE_LEN, 2, False)
    assert kernel_module("penguins.penguins_plain").MAX_MOVES == layout.PLAIN_MOVES < layout.MAX_MOVES
    assert binding.ACTION_CODES == {ref.RIVAL_EGG: layout.RIVAL_EGG, ref.LAND: layout.LAND, ref.HATCH: layout.HATCH,
                                    ref.SLIDE: layout.SLIDE, ref.ORBIT: layout.ORBIT}
    fields = {"hole_jump": layout.HOLE_JUMP, "storm_push": layout.STORM_THROW, "river_first": layout.RIVER_FIRST,
              "seagull_early": layout.SEAGULL_EARLY, "krill_order": layout.KRILL_ORDER,
              "river_priority": layout.CONFLUENCES, "branches": layout.BRANCHES, "seagull": layout.SEAGULL_TARGET,
              "blazing": layout.BLAZING_EGG}
    assert {name: bit for name, (bit, _, _) in layout.MOVE_FIELDS.items()} == fields
    assert set(layout.MOVE_FIELDS) <= set(ref.Move.__dataclass_fields__)
    assert layout.KRILL_BITS == (layout.KRILL_1, layout.KRILL_2)
    assert (ref.ONGOING, ref.WIN_A, ref.WIN_B, ref.DRAW) == (layout.ONGOING, layout.WIN_A, layout.WIN_B, layout.DRAW)


def test_a_storm_throw_onto_seaweed_takes_the_penguin_off_in_both():
    """P-15, P-21: the kernel, like the reference, takes a penguin thrown onto seaweed off the board:
    every move of the position agrees, and a1-E/st:E gives the position worked out by hand in
    tests/penguins/test_penguins_tiles.py."""
    from solver.games.penguins.penguins_notation import parse_move

    state = parse_position("5x5 P4/5/5/5/5 sc1,wd1 A play 10/10 2+1/3+1 4")
    compare_position(state, random.Random(0))
    thrown = binding.successor(binding.to_kernel(state), binding.encode_move(parse_move(state, "a1-E/st:E")))
    assert np.array_equal(thrown, binding.to_kernel(parse_position("5x5 EEEE1/5/5/5/5 sc1,wd1 B play 6/10 3+1/3+1 5")))


def compare_position(state: ref.State, rng: random.Random) -> list[ref.Move]:
    """Assert kernel == reference on one position; return the reference's legal moves."""
    k = binding.kernel()
    words = binding.to_kernel(state)
    assert binding.from_kernel(words, state.rules) == state
    expected = ref.legal_moves(state)
    got = [binding.decode_move(m) for m in binding.legal_moves(words)]
    assert sorted(got) == sorted(expected), ref_text(state)
    assert len(got) == len(set(got))
    assert k.status(words) == ref.status(state), ref_text(state)
    landings = [m for m in expected if m.action in (ref.LAND, ref.RIVAL_EGG)]
    checked = [m for m in expected if m.action in (ref.SLIDE, ref.HATCH)] + rng.sample(landings, min(3, len(landings)))
    for move in checked:
        want = binding.to_kernel(ref.successor(state, move))
        have = binding.successor(words, binding.encode_move(move))
        assert np.array_equal(have, want), (ref_text(state), move)
    return expected


def ref_text(state: ref.State) -> str:
    """The position as notation, for assertion messages."""
    from solver.games.penguins.penguins_notation import format_position

    return format_position(state)


def play_and_compare(state: ref.State, rng: random.Random) -> int:
    """Play a random game from `state`, comparing at every ply; return the plies played."""
    plies = 0
    while True:
        moves = compare_position(state, rng)
        if not moves:
            return plies
        state = ref.successor(state, pick_move(rng, moves))
        plies += 1


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_matches_reference_on_random_games(chunk):
    """Half the games start from a random setup, half from random mid-game positions."""
    plies, _ = play_chunk(1000 + chunk, GAMES_PER_CHUNK, lambda rng, game, _: play_and_compare(
        random_start(rng) if game % 2 == 0 else random_position(rng), rng))
    assert plies > GAMES_PER_CHUNK  # the games really were played


TILE_GAMES_PER_CHUNK = 250
TILE_CHUNKS = 8  # 2,000 games on boards with tiles
SAMPLE = 120  # successors compared per position: all of them up to this, else one move of every kind and this many more
# Every tile effect the tile games must show at least once per chunk (ruling in the name).
EFFECTS = (
    "P-11 seagull moved", "P-12 emperor before", "P-12 emperor after", "P-13 orbit", "P-14 seal before",
    "P-14 seal after", "P-15 storm throw", "P-16 tent turned", "P-17 frozen egg stopped a penguin",
    "P-18 radiation hatch", "P-19 river carried", "P-19 piece left the game", "P-20 hole jump",
    "P-21 seaweed took a penguin", "P-22 blazing removal", "P-23 krill egg", "P-23 two krill eggs",
    "P-19 second arrow of a fork", "FAQ Q3 river before tent", "FAQ exp Q2 confluence: the higher space first",
    "P-15/P-21 a storm threw a penguin onto seaweed",
    "P-13 orbit refused", "P-13 hatched next to the nest: no orbit", "P-13 carried next to the nest: no orbit",
    "P-13 own exploration ended next to the nest: may orbit",
    "P-9a tent and river in either order: one position, one move", "P-9a the seal before the emperor",
    "P-9a seagull/krill order changed the position", "P-9a seagull before the tent and river",
    "P-9a krill eggs before the tent and river",
)


def move_kind(move: ref.Move) -> tuple:
    """The shape of a move: its action and which of its choices are used."""
    return (move.action, move.hole_jump, move.storm_push >= 0, move.river_first, move.river_priority,
            move.branches > 0, move.seagull >= 0, len(move.krill), move.emperor, move.seal, move.seal_first,
            move.krill_order, move.seagull_early, move.blazing >= 0)


def effects(state: ref.State, move: ref.Move, after: ref.State) -> set[str]:
    """The tile effects that `move` carried out from `state` (to `after`)."""
    me = state.to_move
    seen = set()
    named = {"P-20 hole jump": move.hole_jump, "P-15 storm throw": move.storm_push >= 0,
             "P-13 orbit": move.action == ref.ORBIT, "P-11 seagull moved": move.seagull >= 0,
             "P-23 krill egg": len(move.krill) >= 1, "P-23 two krill eggs": len(move.krill) == 2,
             "P-22 blazing removal": move.blazing >= 0,
             "P-12 emperor before": move.emperor == ref.BEFORE, "P-12 emperor after": move.emperor == ref.AFTER,
             "P-14 seal before": move.seal == ref.BEFORE, "P-14 seal after": move.seal == ref.AFTER,
             "P-19 second arrow of a fork": move.branches > 0, "FAQ Q3 river before tent": move.river_first,
             "FAQ exp Q2 confluence: the higher space first": move.river_priority,
             "P-9a the seal before the emperor": move.seal_first,
             # listed only where the krill eggs first give a position the seagull first does not
             "P-9a seagull/krill order changed the position": ref.KRILL_BEFORE_GULL in ref.krill_slots(move),
             # listed only where moving the seagull or laying the eggs first gives a new position
             "P-9a seagull before the tent and river": move.seagull_early,
             "P-9a krill eggs before the tent and river": ref.KRILL_BEFORE_STOPS in ref.krill_slots(move),
             # listed only where an egg between the tent and the river wins, or two eggs apart give a new position
             "P-9a krill eggs apart": move.krill_order and len(set(ref.krill_slots(move))) > 1,
             "P-9a krill egg between the tent and the river": ref.KRILL_BETWEEN_STOPS in ref.krill_slots(move)}
    seen.update(name for name, happened in named.items() if happened)
    if move.action == ref.HATCH and state.board[move.square].side != me:
        seen.add("P-18 radiation hatch")
    if move.action == ref.HATCH and move.square in after.no_orbit:
        seen.add("P-13 hatched next to the nest: no orbit")
    if after.no_orbit - state.no_orbit - {move.square}:
        seen.add("P-13 carried next to the nest: no orbit")
    if move.action not in ref.EXPLORATIONS:
        return seen
    _, stop = ref.exploration(state, move)
    if stop is None:
        seen.add("P-21 seaweed took a penguin")
        if move.storm_push >= 0:
            seen.add("P-15/P-21 a storm threw a penguin onto seaweed")
    if move.emperor != ref.BEFORE and move.seal != ref.BEFORE:
        path = ref.walk(state, state.board, move.square, move.action, move.direction, bool(move.hole_jump))
        if path.thawed is not None:
            seen.add("P-17 frozen egg stopped a penguin")
    if stop is None or after.supply[me] == 0:
        return seen
    if stop in ref.orbit_ring(after, after.board) and stop not in after.no_orbit:
        seen.add("P-13 own exploration ended next to the nest: may orbit")
    tent = state.tiles_of(ref.TENT)
    if tent and stop in ref.ring(state.width, state.height, tent[0]):
        seen.add("P-16 tent turned")
    if state.tile(stop) is not None and state.tile(stop).kind == ref.RIVER:
        seen.add("P-19 river carried")
        if pieces_in_game(after) < pieces_in_game(state):
            seen.add("P-19 piece left the game")
    return seen


def same_order_results(state: ref.State, pairs: list) -> int:
    """How many explorations of `state` trigger the tent and the river together with both orders
    giving the same position (P-9a), worked out here by carrying out each order; each such case
    must be listed tent first only (no move of that exploration with the stop effects first and rf,
    rp and br 0 but rf 1)."""
    if not (state.tiles_of(ref.TENT) and state.tiles_of(ref.RIVER)):
        return 0
    tent = state.tiles_of(ref.TENT)[0]
    groups: dict[ref.Move, set] = {}
    for move, _ in pairs:
        # an early seagull or krill egg may make the order matter (P-9a): only the stop effects first count here
        if move.action in ref.EXPLORATIONS and not (
                move.seagull_early or {ref.KRILL_BEFORE_STOPS, ref.KRILL_BETWEEN_STOPS} & set(ref.krill_slots(move))):
            before = {"emperor": move.emperor, "emperor_direction": move.emperor_direction} if move.emperor == ref.BEFORE else {}
            if move.seal == ref.BEFORE:
                before.update(seal=move.seal, seal_direction=move.seal_direction, seal_first=move.seal_first)
            way = ref.Move(move.action, move.square, move.direction, hole_jump=move.hole_jump,
                           storm_push=move.storm_push, **before)
            groups.setdefault(way, set()).add((move.river_first, move.river_priority, move.branches))
    count = 0
    for way, orders in groups.items():
        action, square, direction, jump, throw = way.action, way.square, way.direction, way.hole_jump, way.storm_push
        turn = ref._Turn(state)
        ref.steps_before(state, turn, way)
        path = ref.walk(state, turn.board, square, action, direction, bool(jump))
        turn, _, stop = ref._explore(state, turn, square, path, throw)
        if turn.won or stop is None or state.tile(stop) is None or state.tile(stop).kind != ref.RIVER \
                or stop not in ref.ring(state.width, state.height, tent):
            continue
        tent_first, river_first = turn.copy(), turn.copy()
        network = ref._river_network(state, stop)
        ref._turn_tent(state, tent_first, tent)
        ref._flow(state, tent_first, network, 0, 0)
        ref._flow(state, river_first, network, 0, 0)
        ref._turn_tent(state, river_first, tent)
        if tent_first.key() == river_first.key():
            assert (1, 0, 0) not in orders, (ref_text(state), action, square, direction)
            count += 1
    return count


def pieces_in_game(state: ref.State) -> int:
    """Pieces on the board plus eggs and penguins in hand: only leaving the game lowers it."""
    hand = sum(state.supply) + sum(state.unused_assistants) + sum(state.unused_stars)
    return hand + sum(1 for piece in state.board if piece is not None)


def compare_tile_position(state: ref.State, rng: random.Random, seen: Counter) -> list:
    """Assert kernel == reference on a position with tiles; return the reference's (move, turn) pairs."""
    k = binding.kernel()
    words = binding.to_kernel(state)
    assert binding.from_kernel(words, state.rules) == state
    ongoing = ref.status(state, check_moves=False) == ref.ONGOING
    pairs = list(ref._variants(state, None)) if ongoing else []  # every move with its turn, in one pass
    expected = sorted(binding.encode_move(move) for move, _ in pairs)
    got = binding.legal_moves(words)
    if sorted(got) != expected:
        missing = [binding.decode_move(m) for m in sorted(set(expected) - set(got))[:3]]
        extra = [binding.decode_move(m) for m in sorted(set(got) - set(expected))[:3]]
        pytest.fail(f"moves differ on {ref_text(state)}: kernel lacks {missing}, kernel adds {extra}")
    assert len(got) == len(set(got))
    assert k.status(words) == ref.status(state), ref_text(state)
    if ongoing and any(state.board[s].side == state.to_move for s in state.no_orbit):
        seen["P-13 orbit refused"] += 1  # the mover has a penguin next to the nest that both lists deny an orbit
    seen["P-9a tent and river in either order: one position, one move"] += same_order_results(state, pairs)
    checked = pairs
    if len(pairs) > SAMPLE:
        one_of_each = {}
        for move, turn in pairs:
            one_of_each.setdefault(move_kind(move), (move, turn))
        checked = list(one_of_each.values()) + rng.sample(pairs, SAMPLE)
    for move, turn in checked:
        after = ref._after(state, turn)
        have = binding.successor(words, binding.encode_move(move))
        assert np.array_equal(have, binding.to_kernel(after)), (ref_text(state), move)
        seen.update(effects(state, move, after))
    return pairs


def play_tile_game(rng: random.Random, game: int, seen: Counter) -> int:
    """Play tile game number `game` of a chunk (one in ten from the setup phase), comparing at every
    ply and counting the tile effects into `seen`; return the plies played."""
    state = random_tile_start(rng) if game % 10 == 0 else random_tile_position(rng)
    plies = 0
    while pairs := compare_tile_position(state, rng, seen):
        explorations = [p for p in pairs if p[0].action in ref.EXPLORATIONS]
        move, turn = rng.choice(explorations if explorations and rng.random() < 0.7 else pairs)
        seen.update(effects(state, move, ref._after(state, turn)))
        state = ref._after(state, turn)
        plies += 1
    return plies


@pytest.mark.parametrize("chunk", range(TILE_CHUNKS))
def test_kernel_matches_reference_with_tiles(chunk):
    """250 random games on boards with tiles (one in ten from the setup phase); every tile effect happens in them."""
    plies, seen = play_chunk(5000 + chunk, TILE_GAMES_PER_CHUNK, play_tile_game)
    assert plies > TILE_GAMES_PER_CHUNK
    assert {name: seen[name] for name in EFFECTS if seen[name] == 0} == {}


# Boards whose tiles add no choice to an action (P-9: no seagull, emperor, seal, krill, tent, river
# or blazing): the kernel lists their actions alone, without walking each action's later stages
# (kernels/penguins/penguins_tiles.py actions_alone). The random tile boards above always hold one
# of those tiles; these are the puzzle sets' tile boards (bench/mine_penguins_puzzles.py) and one
# with the penguin nest, seaweed and a storm next to a hole.
WHOLE_ACTION_BOARDS = (
    "6x6 6/1I4/6/6/4I1/6 ha1,sf2,sc5,hf6 A setup 16/16 3+1/3+1 0",
    "6x6 6/6/3I2/6/6/6 fb2,xe5 A setup 16/16 3+1/3+1 0",
    "5x5 5/1I3/5/3I1/5 ha1,sc2,fd2,xb4,he5 A setup 12/12 3+1/3+1 0 eggs=12",
    "5x5 5/2N2/5/5/5 wa1,hd1,se3,hb5 A setup 10/10 3+1/3+1 0 eggs=10",
)
WHOLE_ACTION_GAMES = 12  # per board, each to its end


@pytest.mark.parametrize("board", WHOLE_ACTION_BOARDS)
def test_kernel_matches_reference_where_each_action_is_one_move(board):
    """Random games to the end on a board whose tiles add no choice to an action: at every ply the
    kernel lists the reference's moves in the reference's order, gives its status and the same
    successor for every move."""
    rng = random.Random(board)
    k = binding.kernel()
    for _ in range(WHOLE_ACTION_GAMES):
        state = parse_position(board)
        while True:
            words = binding.to_kernel(state)
            assert k.status(words) == ref.status(state), ref_text(state)
            moves = ref.legal_moves(state) if ref.status(state) == ref.ONGOING else []
            assert binding.legal_moves(words) == [binding.encode_move(m) for m in moves], ref_text(state)
            if not moves:
                break
            for move in moves:
                have = binding.successor(words, binding.encode_move(move))
                assert np.array_equal(have, binding.to_kernel(ref.apply(state, move))), (ref_text(state), move)
            state = ref.apply(state, pick_move(rng, moves))


@pytest.mark.parametrize("position, status", [
    ("4x4 EEEE/EPEE/EEEE/eeee hd4 A play 3/3 0+0/0+0 20", ref.WIN_B),  # A's penguin walled in by its eggs
    ("4x4 EEEE/EPeE/EEEE/eeee hd4 A play 3/3 0+0/0+0 20", ref.ONGOING),  # it may slide onto the rival egg
    ("4x4 EEEE/EPEE/EEEE/eeee hd4 A play 3/3 1+0/0+0 20", ref.ONGOING),  # or A hatches an egg
    ("4x4 EEEE/EPEE/EEEE/eeee fa1 A play 3/3 1+0/0+0 20", ref.ONGOING),  # not every egg is frozen
])
def test_a_full_tile_board_is_lost_only_without_a_move(position, status):
    """P-8 on a full board with tiles: the mover loses only when it has no legal move; the kernel's
    status and moves are the reference's."""
    state = parse_position(position)
    words = binding.to_kernel(state)
    assert ref.status(state) == binding.kernel().status(words) == status
    assert binding.legal_moves(words) == [binding.encode_move(m) for m in ref.legal_moves(state)]
