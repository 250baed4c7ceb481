"""Differential tests: the hop kernel against the reference rules.

At every position of 2,000 random games (3 to 6 players; chance by its probabilities, decisions
uniformly at random; games from the start and from random mid-game positions, many with a
nearly empty deck or pool, on random skill models whose chances often clamp at 0 or 1) the
kernel must give the reference's legal moves in the same order, the same chance outcomes and
probabilities, the same successor for every legal move, the same seat to move, the same end and
results; its light policy must pick a legal move and its determinization must keep what the seat
to move can see. Perft from starts and mid-game positions must agree too.

The rule events the games met are counted (EVENTS) and each chunk must meet the rare ones: three
doves, three crows, a new deck, an empty pool, both ways a game ends, shared wins.
"""

import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from kernels.hop import hop_layout as layout
from kernels.rng import new_rng
from solver.commands.perft import kernel_count
from solver.games.hop import hop_rules as ref
from solver.games.hop.hop_binding import KERNEL, PHASE_CODES, to_kernel
from solver.games.hop.hop_skill import CARD_TYPES, UNITS, SkillModel, deck, skill_model
from solver.games.kernel_calls import chance_outcome_list, legal_move_list, next_state

GAMES_PER_CHUNK = 100
CHUNKS = 20  # 2,000 games in all
EVENTS: Counter = Counter()


def kernel():
    """The kernel module (numba)."""
    from kernels.hop import hop_kernel

    return hop_kernel


def test_reference_codes_match_the_layout():
    """The reference's phases, move kinds, bets and constants are the layout's."""
    assert PHASE_CODES == {ref.PARTNER: layout.PARTNER_PHASE, ref.CARD: layout.CARD_PHASE,
                           ref.ASSISTER: layout.ASSISTER_PHASE, ref.TURBULATOR: layout.TURBULATOR_PHASE,
                           ref.BET: layout.BET_PHASE, ref.THROW: layout.THROW_PHASE, ref.CLOUD: layout.CLOUD_PHASE,
                           ref.OVER: layout.OVER}
    assert (ref.PICK_PARTNER, ref.PICK_ASSISTER, ref.PICK_TURBULATOR, ref.BET_MOVE, ref.DRAW_CARD, ref.THROW_MOVE,
            ref.CLOUD_MOVE) == (layout.PICK_PARTNER, layout.PICK_ASSISTER, layout.PICK_TURBULATOR, layout.BET_MOVE,
                                layout.DRAW_CARD, layout.THROW_MOVE, layout.CLOUD_MOVE)
    assert (ref.NO_BET, ref.HAPPY, ref.SAD, ref.MISSES, ref.LANDS) == (layout.NO_BET, layout.HAPPY, layout.SAD,
                                                                       layout.MISSES, layout.LANDS)
    assert (ref.TOP_LEVEL, ref.TRIPLE, ref.CLOUDS_PER_VALUE, len(CARD_TYPES), UNITS) == (
        layout.TOP_LEVEL, layout.TRIPLE, layout.CLOUDS_PER_VALUE, layout.CARD_TYPES, layout.UNITS)
    assert (ref.NEEDS_ASSISTER, ref.NEEDS_TURBULATOR) == (layout.NEEDS_ASSISTER, layout.NEEDS_TURBULATOR)
    k = kernel()
    assert (k.STATE_LEN, k.SEATS, k.HAS_CHANCE, k.MAX_MOVES) == (layout.STATE_LEN, 6, True, layout.MAX_MOVES)


# ---------------------------------------------------------------- random positions and play


def random_skill(rng: random.Random) -> SkillModel:
    """A skill model with random chances and effects, often large enough to clamp at 0 or 1."""
    seats = range(6)
    return SkillModel(
        source="random", title="random",
        base=tuple(tuple(rng.randrange(UNITS + 1) for _ in seats) for _ in seats),
        cards=tuple(rng.randint(-UNITS // 2, UNITS // 2) for _ in CARD_TYPES),
        assist=tuple(rng.randint(-UNITS // 2, UNITS // 2) for _ in seats),
        disturb=tuple(rng.randint(-UNITS // 2, UNITS // 2) for _ in seats),
    )


def random_position(rng: random.Random, players: int) -> ref.State:
    """A position at the start of a random turn: levels 1-6, 1-5 balloons, up to 2 doves and 2
    crows, clouds from the box (sometimes nearly all of them), a random part of the deck."""
    box = [v for v in ref.CLOUD_VALUES for _ in range(ref.CLOUDS_PER_VALUE)]
    rng.shuffle(box)
    held = rng.choice([0, rng.randint(0, 36), rng.randint(30, 36)])
    clouds = [[] for _ in range(players)]
    for value in box[:held]:
        clouds[rng.randrange(players)].append(value)
    full = deck("standard")
    left = [rng.randint(0, n) for n in full.counts] if rng.random() < 0.7 else [0] * 5
    if sum(left) == 0:
        left[rng.randrange(5)] = 1
    start = ref.new_game(players)
    return replace(
        start,
        levels=tuple(rng.randint(1, 6) for _ in range(players)),
        balloons=tuple(rng.randint(1, 5) for _ in range(players)),
        doves=tuple(rng.randint(0, 2) for _ in range(players)),
        crows=tuple(rng.randint(0, 2) for _ in range(players)),
        clouds=tuple(tuple(sorted(c)) for c in clouds),
        hurler=rng.randrange(players),
        deck=tuple(left),
        skill=random_skill(rng) if rng.random() < 0.6 else skill_model(rng.choice(["even", "skilled"])),
    )


def note_events(state: ref.State, after: ref.State) -> None:
    """Count the rare rule events between two positions."""
    for seat in range(state.players):
        if state.doves[seat] == 2 and after.doves[seat] == 0 and after.levels[seat] > state.levels[seat]:
            EVENTS["three doves"] += 1
        if state.crows[seat] == 2 and after.crows[seat] == 0 and after.balloons[seat] < state.balloons[seat]:
            EVENTS["three crows"] += 1
    if state.phase == ref.CARD and sum(state.deck) == 1:
        EVENTS["new deck"] += 1
    if state.phase == ref.THROW and sum(state.pool()) == 0:
        EVENTS["empty pool"] += 1  # whoever wins a cloud takes none
    if after.phase == ref.OVER:
        EVENTS["ends by level 7" if any(v >= 7 for v in after.levels) else "ends by a last balloon"] += 1
        if sum(1 for v in after.levels if v >= 7) > 1:
            EVENTS["several at level 7"] += 1
        if 0 < max(ref.results(after)) < 1:
            EVENTS["shared win"] += 1


def compare(state: ref.State, rng: random.Random) -> list[int]:
    """Assert kernel == reference at `state`; return the reference's moves (outcomes at chance)."""
    k = kernel()
    words = to_kernel(state)
    moves = ref.legal_moves(state)
    assert legal_move_list(KERNEL, words) == moves
    assert bool(k.is_chance(words)) == ref.is_chance(state)
    assert bool(k.is_over(words)) == (state.phase == ref.OVER)
    if ref.is_chance(state):
        assert chance_outcome_list(KERNEL, words) == [(m, float(p)) for m, p in ref.chance_outcomes(state)]
    elif moves:
        assert int(k.to_move(words)) == ref.to_move(state)
        pick = int(k.playout_move(words, np.array(moves, dtype=np.int64), len(moves), new_rng(rng.randrange(1 << 30))))
        assert pick in moves
        check_determinization(state, words, rng)
    for move in moves:
        assert np.array_equal(next_state(KERNEL, words, move), to_kernel(ref.successor(state, move))), move
    if state.phase == ref.OVER:
        values = np.full(6, -1.0)
        k.terminal_values(words, values)
        assert tuple(values[: state.players]) == pytest.approx(ref.results(state))
        assert all(v == 0.0 for v in values[state.players:])
    return moves


def check_determinization(state: ref.State, words: np.ndarray, rng: random.Random) -> None:
    """The kernel's determinization for the seat to move keeps what it sees: its clouds and
    bet, every count, every public word; the box still holds 12 clouds of each value."""
    seat = ref.to_move(state)
    out = np.zeros_like(words)
    kernel().determinize(words, seat, new_rng(rng.randrange(1 << 30)), out)
    clouds = layout.CLOUDS
    for word in range(layout.STATE_LEN):
        own = clouds + 3 * seat <= word < clouds + 3 * seat + 3
        hidden = (clouds <= word < layout.POOL + 3 and not own) or (
            layout.BETS <= word < layout.BETS + 6 and word != layout.BETS + seat)
        if not hidden:
            assert out[word] == words[word], word
    for other in range(state.players):
        base = clouds + 3 * other
        assert out[base:base + 3].sum() == words[base:base + 3].sum()
        assert (out[layout.BETS + other] == 0) == (words[layout.BETS + other] == 0)
    for value in range(3):
        assert sum(int(out[clouds + 3 * s + value]) for s in range(6)) + int(out[layout.POOL + value]) == 12


def play_game(start: ref.State, rng: random.Random) -> int:
    """Play one random game from `start`, comparing at every position; return its plies."""
    state = start
    for plies in range(2000):
        moves = compare(state, rng)
        if not moves:
            return plies
        if ref.is_chance(state):
            outcomes = ref.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = rng.choice(moves)
        after = ref.successor(state, move)
        note_events(state, after)
        state = after
    raise AssertionError("a game of hop never lasts 2000 plies: every turn raises a level or costs a balloon")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_agrees_with_the_reference_on_random_games(chunk):
    """100 games per chunk: half from the start (the skill models even and skilled and random
    ones), half from random mid-game positions; 3 to 6 players."""
    rng = random.Random(f"hop-differential-{chunk}")
    before = Counter(EVENTS)
    finished = 0
    for number in range(GAMES_PER_CHUNK):
        players = 3 + number % 4
        if number % 2:
            start = random_position(rng, players)
        else:
            start = replace(ref.new_game(players, skill=rng.choice(["even", "skilled"])), hurler=rng.randrange(players))
            if rng.random() < 0.3:
                start = replace(start, skill=random_skill(rng))
        play_game(start, rng)
        finished += 1
    assert finished == GAMES_PER_CHUNK
    met = EVENTS - before
    for event in ("three doves", "three crows", "new deck", "ends by level 7", "ends by a last balloon", "shared win"):
        assert met[event] > 0, (event, dict(met))


def test_kernel_agrees_where_the_pool_runs_dry_and_several_reach_the_top():
    """200 more games from positions with most clouds held and high levels, where the rarest
    events happen: a throw with the pool empty, and two players reaching level 7 in one turn."""
    rng = random.Random("hop-differential-rare")
    before = Counter(EVENTS)
    for number in range(200):
        players = 3 + number % 4
        start = random_position(rng, players)
        box = [v for v in ref.CLOUD_VALUES for _ in range(ref.CLOUDS_PER_VALUE)]
        clouds = [tuple(sorted(box[s::players])) for s in range(players)]  # all 36 clouds held
        start = replace(start, levels=tuple(rng.randint(5, 6) for _ in range(players)),
                        clouds=tuple(clouds) if number % 2 else start.clouds)
        play_game(start, rng)
    met = EVENTS - before
    assert met["empty pool"] > 0 and met["several at level 7"] > 0, dict(met)


@pytest.mark.parametrize("seed", range(6))
def test_perft_agrees(seed):
    """Kernel perft == reference perft from a start and from random mid-game positions."""
    rng = random.Random(f"hop-perft-{seed}")
    players = 3 + seed % 4
    for start in (ref.new_game(players), random_position(rng, players)):
        for depth in (1, 2, 3):
            assert kernel_count(KERNEL, to_kernel(start), depth) == ref.perft(start, depth), (players, depth)
