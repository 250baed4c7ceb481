"""Differential tests: the full Oros game kernel (kernels/oros/oros_game_kernel.py) against the
reference rules (solver/games/oros/oros_full_rules.py), ply for ply.

2,000 seeded random games, 1-4 players against both AI decks, each cut after CUT_PLIES plies (the
reference takes 0.1-0.5 s for a whole game, too slow for 2,000 in CI), half of them from the setup
and half from a random point of a game the kernel played uniformly at random (back in the
reference by the binding's from_kernel, which must give the same array again); FULL_SLOT_GAMES
cut games with every slot full (forced study) and RAISED_HAT_GAMES with random hats (the later
abilities); and WHOLE_GAMES games per player count played to the end. At every ply: the
kernel's array of the position (its successor from the ply before) equals the binding's array of
the reference State; whose ply it is, chance or not, over or not; the legal ply list (kernel
move integers against the reference's plies encoded by the binding, as sorted lists, so a
missing, extra or repeated ply fails; at a draw the cards); the chance outcomes with their
probabilities; the successor of the chosen ply and of one listed ply of another kind, each ply
decoded back by the binding; at the end, the result of every seat (terminal_values against
result).

The random player picks a kind of ply first (a slot's action, a raise, a walk, ...) and then a ply
of that kind, so that the few sanctuary, study and travel plies are played as often as the many
map moves. docs/rules/oros.md section 18 describes this test.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from kernels.oros import oros_game_layout as layout
from kernels.rng import new_rng
from solver.games.oros import oros_game_binding as binding
from kernels.oros.oros_game_data import COLUMNS, HORIZON_COLUMNS, PERSONALITIES, SLOTS, design
from solver.games.oros.oros_full_plies import Act, EndTurn
from solver.games.oros.oros_full_rules import chance_outcomes, is_chance, is_over, legal_actions, mover, result, successor
from solver.games.oros.oros_full_state import SANCTUM, State, setup, slot
from tests.random_chunks import play_chunk

CHUNKS = 20
GAMES_PER_CHUNK = 100  # 2,000 cut games in all
CUT_PLIES = 14  # plies of each cut game (an AI's card draw is one ply)
WHOLE_GAMES = 8  # per player count, played to the end against both decks in turn


def ply_kind(ply) -> str:
    """The kind of a reference ply the random player chooses first: an action by its slot, "idle"
    for any follower put on a slot doing nothing, else the ply's type."""
    if isinstance(ply, Act):
        return f"act {ply.slot}" if ply.detail is not None else "idle"
    return type(ply).__name__


def compare(state: State, words: np.ndarray, rng: random.Random, events: Counter):
    """Assert kernel == reference at `state` (kernel array `words`); return the ply played next
    (None once the game is over) and the kernel's array after it."""
    k = binding.kernel()
    assert np.array_equal(words, binding.to_kernel(state)), "the kernel's position differs from the reference's"
    assert bool(k.is_over(words)) == is_over(state)
    assert bool(k.is_chance(words)) == is_chance(state)
    assert int(k.to_move(words)) == mover(state)
    outcomes = chance_outcomes(state)
    expected = [(binding.encode_card(card), float(p)) for card, p in outcomes]  # the kernel's are floats
    assert binding.chance_outcomes(words) == expected
    if is_over(state):
        values = np.zeros(layout.SEATS)
        k.terminal_values(words, values)
        assert tuple(values[:state.seats]) == pytest.approx(result(state), abs=1e-12)
        assert binding.legal_moves(words) == []
        events["game over"] += 1
        return None, None
    if outcomes:
        assert binding.legal_moves(words) == [move for move, _ in expected]  # at a draw: the cards
        choice = rng.choices([card for card, _ in outcomes], [p for _, p in outcomes])[0]
        others = []
        events["card drawn"] += 1
    else:
        plies = legal_actions(state)
        got = binding.legal_moves(words)
        assert sorted(got) == sorted(map(binding.encode_ply, plies))
        by_kind: dict[str, list] = {}
        for ply in plies:
            by_kind.setdefault(ply_kind(ply), []).append(ply)
        kinds = sorted(by_kind)
        kind = rng.choice(kinds)
        choice = rng.choice(by_kind[kind])
        other_kinds = [other for other in kinds if other != kind]
        others = [rng.choice(by_kind[rng.choice(other_kinds)])] if other_kinds else []
        events[kind] += 1
    after = None
    for ply in [choice] + others:
        want = successor(state, ply)
        move = binding.encode_card(ply) if outcomes else binding.encode_ply(ply)
        assert binding.decode_ply(move) == ply
        have = binding.successor(words, move)
        assert np.array_equal(have, binding.to_kernel(want)), (ply, state)
        if ply is choice:
            after = (want, have)
    note_events(state, choice, after[0], events)
    return after


def note_events(before: State, ply, after: State, events: Counter):
    """Count the rule events a ply carried out, to show the games reached them."""
    if isinstance(ply, EndTurn) and all(slot(s) in before.followers[mover(before)] for s in SLOTS):
        events["full sanctum: the turn can only end"] += 1  # the only ply listed there
    if isinstance(ply, Act) and ply.slot == "study" and ply.detail is not None:
        events[type(ply.detail).__name__] += 1
    on_map = [sum(p[0] == "tile" for p in places) for places in before.followers]
    if isinstance(ply, int) and any(sum(p[0] == "tile" for p in places) < on_map[who]
                                    for who, places in enumerate(after.followers) if who != before.current):
        events["AI sent followers back"] += 1
    events["sanctuary built"] += len(after.sanctuaries) > len(before.sanctuaries)
    events["horizon recruit"] += sum(after.recruits) > sum(before.recruits)
    events["red space fired"] += len(after.fired) > len(before.fired)
    events["wisdom gained"] += sum(after.wisdom) > sum(before.wisdom)
    events["mountain"] += after.map.levels.count(5) > before.map.levels.count(5)


def play_game(state: State, rng: random.Random, events: Counter, cut: int | None) -> int:
    """Play from `state`, comparing at every ply, to the end or for `cut` plies; return the plies."""
    words = binding.to_kernel(state)
    assert binding.from_kernel(words) == state
    plies = 0
    while cut is None or plies < cut:
        state, words = compare(state, words, rng, events)
        if state is None:
            break
        plies += 1
    return plies


def random_start(rng: random.Random, game: int) -> State:
    """A seeded setup of 1-4 players against each AI deck in turn; every other game then runs up
    to a random point of a game the kernel plays uniformly at random, so that the cut games start
    all through the game, and goes back to the reference by from_kernel."""
    state = setup(rng.randint(1, 4), PERSONALITIES[game // 2 % 2], rng.randrange(1 << 30))
    if game % 2 == 0:
        return state
    words = np.empty(layout.STATE_LEN, dtype=np.uint64)
    root, seed = binding.to_kernel(state), rng.randrange(1 << 62)
    # The same generator twice: the whole game's length, then a random point of that game.
    length = binding.kernel().random_plies(root, np.int64(1 << 62), new_rng(seed), words)
    binding.kernel().random_plies(root, np.int64(rng.randrange(length)), new_rng(seed), words)
    state = binding.from_kernel(words)
    assert np.array_equal(binding.to_kernel(state), words)
    return state


def test_the_layout_follows_the_design():
    """The kernel's constants are the shipped design's and the contract's."""
    k = binding.kernel()
    assert (k.STATE_LEN, k.SEATS, k.HAS_CHANCE) == (layout.STATE_LEN, 4, True)
    d = design()
    assert (layout.TOP_SPACE, layout.ACTIONS_PER_TURN, layout.MAX_ROUNDS) == (d.top, d.actions_per_turn, d.max_rounds)
    assert layout.RED_SPACES == sum(1 << space for space in d.red)
    assert COLUMNS[:layout.HORIZON_COLUMNS] == HORIZON_COLUMNS  # the kernel counts them from the first


def test_the_comparison_catches_a_wrong_kernel(monkeypatch):
    """compare() fails on a kernel position that differs in one follower, and on a kernel whose
    legal plies miss one: what the differential tests compare can fail."""
    state = setup(2, "friendly", 3)
    words = binding.to_kernel(state)
    words[layout.ON_TILE + 7] += 1  # one more follower of seat 0 on the tile at cell 7
    with pytest.raises(AssertionError):
        compare(state, words, random.Random(0), Counter())
    listed = binding.legal_moves
    monkeypatch.setattr(binding, "legal_moves", lambda w: listed(w)[1:])
    with pytest.raises(AssertionError):
        compare(state, binding.to_kernel(state), random.Random(0), Counter())


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_matches_reference_on_cut_games(chunk):
    """GAMES_PER_CHUNK games of CUT_PLIES plies each agree ply for ply."""
    plies, events = play_chunk(7000 + chunk, GAMES_PER_CHUNK,
                               lambda rng, game, events: play_game(random_start(rng, game), rng, events, CUT_PLIES))
    assert plies > GAMES_PER_CHUNK * CUT_PLIES // 2
    print(chunk, events)
    for kind in ("card drawn", "ForcedIsland", "act study", "act travel", "act volcano", "Raise", "wisdom gained",
                 "idle", "Put"):
        assert events[kind] > 0, (kind, events)


FULL_SLOT_GAMES = 100


def with_full_slots(state: State, rng: random.Random) -> State:
    """`state` with every human's six action slots full and 0-2 followers in its sanctum (its
    followers on the map kept), where the forced study and its full-sanctum end of turn are due:
    random play rarely fills all six slots."""
    followers = list(state.followers)
    for who in range(state.seats):
        if not state.ai[who]:
            on_map = tuple(p for p in followers[who] if p[0] in ("tile", "seat"))
            followers[who] = tuple(sorted(on_map + tuple(slot(s) for s in SLOTS) + (SANCTUM,) * rng.randint(0, 2)))
    return replace(state, followers=tuple(followers))


def test_kernel_matches_reference_with_full_slots():
    """FULL_SLOT_GAMES cut games from positions with every slot full agree ply for ply, and meet
    the forced study and the turn that can only end (O-9)."""
    plies, events = play_chunk(8000, FULL_SLOT_GAMES, lambda rng, game, events: play_game(
        with_full_slots(random_start(rng, game), rng), rng, events, CUT_PLIES))
    assert plies > FULL_SLOT_GAMES * CUT_PLIES // 2
    assert events["ForcedStudy"] > 0 and events["full sanctum: the turn can only end"] > 0, events


RAISED_HAT_GAMES = 100


def with_raised_hats(state: State, rng: random.Random) -> State:
    """`state` with every human's hats at random levels 1-6: the later abilities (sea travel,
    sharing a tile, three graduates, drifting mountains, no fill, the demigod step at level 6)
    that random play reaches only late, if at all."""
    hats = tuple(tuple(rng.randint(1, 6) for _ in COLUMNS) if not state.ai[who] else state.hats[who]
                 for who in range(state.seats))
    # Wisdom to spend never exceeds the levels the hats can still rise (oros_full_effects.gain_wisdom).
    wisdom = tuple(min(points, sum(6 - level for level in row)) for points, row in zip(state.wisdom, hats))
    return replace(state, hats=hats, wisdom=wisdom)


def test_kernel_matches_reference_with_raised_hats():
    """RAISED_HAT_GAMES cut games from positions with raised hats agree ply for ply."""
    plies, events = play_chunk(9000, RAISED_HAT_GAMES, lambda rng, game, events: play_game(
        with_raised_hats(random_start(rng, game), rng), rng, events, CUT_PLIES))
    assert plies > RAISED_HAT_GAMES * CUT_PLIES // 2
    assert events["Walk"] > 0 and events["Erupt"] > 0 and events["Graduate"] > 0, events


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_kernel_matches_reference_on_whole_games(players):
    """Whole games against both decks agree to the end, result included, and meet the rules'
    later events (sanctuaries, the horizon, red pyramid spaces)."""
    events: Counter = Counter()
    for game in range(WHOLE_GAMES):
        rng = random.Random(100 * players + game)
        play_game(setup(players, PERSONALITIES[game % 2], game), rng, events, None)
    assert events["game over"] == WHOLE_GAMES
    print(players, events)
    for kind in ("sanctuary built", "act sanctuary", "Raise") + (("card drawn",) if players < 3 else ()):
        assert events[kind] > 0, (kind, events)
