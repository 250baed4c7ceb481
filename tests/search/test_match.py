"""`caldera match`: the Elo maths, paired openings with swapped colours, reproducibility,
strength order, Ctrl-C, the command's output and errors, and Island Project matches (dice rolled
by the match, 2 to 4 seats with engine A's seat rotating, shares of a win)."""

import json
import math
import os
import signal

import numpy as np
import pytest

from kernels import Kernel
from kernels import kernel_module
from solver.commands.warmup import NOTICE
from solver.engines.registry import EngineError, EngineSpec, run_engine, with_seed
from solver.games.island import island_rules as island
from solver.games.island.island_binding import to_kernel as island_kernel
from solver.games.kernel_calls import next_state
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import resolve_position
from solver.games.registry import game
from solver.commands.match import (
    GameRecord,
    MatchResult,
    elo_from_score,
    elo_interval,
    game_line,
    match_json,
    mix_seed,
    perfect_score_bound,
    play_match,
    random_opening,
    sample_chance,
    score_from_elo,
    stop_after_game,
    summary_lines,
    table_elo,
)
from tests.cli_cases import run

PENGUINS, ISLAND = game("penguins"), game("island")  # the records a match is played through
PENGUINS_KERNEL, ISLAND_KERNEL = Kernel("penguins.penguins_plain"), Kernel("island.island_kernel")
POND_STATE = resolve_position("pond")
POND = to_kernel(POND_STATE)
GREEDY, RANDOM = EngineSpec.parse("greedy"), EngineSpec.parse("random")


# Elo maths -------------------------------------------------------------------------------------


def test_elo_of_hand_computed_scores():
    """0.75 -> 400 log10(3) = +190.85; 0.5 -> 0; 0.25 -> -190.85; 10/11 -> 400 log10(10) = +400."""
    assert elo_from_score(0.75) == pytest.approx(190.848, abs=1e-3)
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.25) == pytest.approx(-190.848, abs=1e-3)
    assert elo_from_score(10 / 11) == pytest.approx(400.0)
    assert score_from_elo(elo_from_score(0.8)) == pytest.approx(0.8)


def test_elo_interval_by_hand():
    """15-0-5: score 0.75, per-game variance 0.75 * 0.25 = 0.1875, standard error sqrt(0.1875 / 20)
    = 0.096825, so the score interval is 0.75 -/+ 1.96 * 0.096825 = 0.56023 .. 0.93977."""
    estimate = elo_interval(15, 0, 5)
    assert estimate.score == 0.75 and estimate.games == 20
    assert estimate.elo == pytest.approx(190.85, abs=0.01)
    assert estimate.low == pytest.approx(-400 * math.log10(1 / 0.560230 - 1), abs=0.05)  # +42.1
    assert estimate.high == pytest.approx(-400 * math.log10(1 / 0.939770 - 1), abs=0.05)  # +477.3
    # Draws count half and lower the variance: 10-10-0 also scores 0.75, but more tightly.
    drawn = elo_interval(10, 10, 0)
    assert drawn.elo == pytest.approx(190.85, abs=0.01)
    assert drawn.high - drawn.low < estimate.high - estimate.low
    even = elo_interval(4, 2, 4)
    assert even.elo == 0 and even.low == pytest.approx(-even.high)
    # Every game drawn: score 0.5 with no spread; the text says +0, never -0.
    assert elo_interval(0, 10, 0).text() == "+0 for A (95% interval +0 to +0)"


def test_interval_shrinks_as_games_grow():
    """The same 60% score over more games gives a narrower interval around the same Elo."""
    widths = []
    for k in (1, 2, 4, 16, 64):
        estimate = elo_interval(5 * k, 2 * k, 3 * k)
        assert estimate.elo == pytest.approx(elo_from_score(0.6))
        assert estimate.low < estimate.elo < estimate.high
        widths.append(estimate.high - estimate.low)
    assert widths == sorted(widths, reverse=True) and widths[-1] < widths[0] / 7


def test_perfect_scores_give_a_bound_not_infinity():
    """20-0-0: no point estimate; the Elo is beyond the score 0.05 ** (1/20) = 0.86089: 400 log10(0.86089 / 0.13911) = +316.6."""
    won = elo_interval(20, 0, 0)
    assert won.elo is None and won.high is None
    assert won.low == pytest.approx(elo_from_score(0.05 ** (1 / 20))) == pytest.approx(316.6, abs=0.1)
    assert perfect_score_bound(20) == won.low
    assert won.text("greedy").startswith("above +317 for greedy (won all 20 games") and "inf" not in won.text("greedy")
    lost = elo_interval(0, 0, 20)
    assert lost.elo is None and lost.low is None and lost.high == pytest.approx(-316.6, abs=0.1)
    assert lost.text().startswith("below -317 for A (lost all 20 games")
    # 19-0-1: the normal interval runs past 100%, so its top end is unbounded (None), not infinite.
    nearly = elo_interval(19, 0, 1)
    assert nearly.elo == pytest.approx(elo_from_score(0.95)) and nearly.high is None
    assert "(95% interval above +" in nearly.text() and "inf" not in nearly.text()
    assert perfect_score_bound(40) > perfect_score_bound(20)


def test_table_elo_fits_pairwise_scores():
    """One pairing at 75% gives +190.85 exactly without prior; a consistent chain adds up."""
    assert table_elo({("b", "a"): (15, 0, 5)}, anchor="a", prior_draws=0)["b"] == pytest.approx(190.85, abs=0.01)
    ratings = table_elo({("b", "a"): (3, 0, 1), ("c", "b"): (3, 0, 1), ("c", "a"): (9, 0, 1)}, anchor="a", prior_draws=0)
    assert ratings["a"] == 0 and 0 < ratings["b"] < ratings["c"]
    # A 100% pairing stays finite thanks to the virtual draw.
    assert math.isfinite(table_elo({("b", "a"): (10, 0, 0)}, anchor="a")["b"])


# Games and matches ------------------------------------------------------------------------------


def test_openings_are_paired_and_colours_swapped():
    """Games 1 and 2 share their first K moves and swap seats; greedy's moves are its own choices."""
    result = play_match(PENGUINS, POND_STATE, GREEDY, RANDOM, games=4, random_plies=2, seed=5)
    first, second, third = result.records[:3]
    assert first.moves[:2] == second.moves[:2] and first.opening_plies == second.opening_plies == 2
    assert third.moves[:2] != first.moves[:2]  # a new pair, a new opening
    assert [r.a_side for r in result.records] == [0, 1, 0, 1]
    for record in (first, second):
        # Replay: on greedy's seat (a_side) each move is what greedy picks, on the other it is not
        # always (random's moves); so the engines really swapped sides.
        state, differs = POND, 0
        for ply, move in enumerate(record.moves):
            if ply >= 2:
                choice = run_engine(GREEDY, PENGUINS_KERNEL, state).best.move
                if kernel_module(PENGUINS_KERNEL).to_move(state) == record.a_side:
                    assert move == choice
                else:
                    differs += move != choice
            state = next_state(PENGUINS_KERNEL, state, move)
        assert differs > 0
    assert result.tallies[0].moves > 0 and result.tallies[1].moves > 0


def test_same_seed_same_match_and_seeds_vary_per_game():
    """Seeded engines repeat a match exactly; a new seed (or game) gives different games."""
    spec = EngineSpec.parse("mcts:sims=200")
    one = play_match(PENGUINS, POND_STATE, spec, RANDOM, games=4, seed=3)
    two = play_match(PENGUINS, POND_STATE, spec, RANDOM, games=4, seed=3)
    other = play_match(PENGUINS, POND_STATE, spec, RANDOM, games=4, seed=4)
    assert [(r.moves, r.values, r.a_side) for r in one.records] == [(r.moves, r.values, r.a_side) for r in two.records]
    assert [r.moves for r in one.records] != [r.moves for r in other.records]
    # random vs random: the paired games share the opening but not the rest (seeds vary per game).
    noise = play_match(PENGUINS, POND_STATE, RANDOM, RANDOM, games=2, seed=3)
    assert noise.records[0].moves[:2] == noise.records[1].moves[:2]
    assert noise.records[0].moves != noise.records[1].moves


def test_greedy_beats_random_on_pond():
    """Over 20 games the one-ply greedy engine scores at least 85% against random moves."""
    result = play_match(PENGUINS, POND_STATE, GREEDY, RANDOM, games=20, seed=11)
    assert len(result.records) == 20 and not result.interrupted
    assert result.score >= 0.85
    estimate = result.elo
    assert (estimate.elo or estimate.low) > 150


def test_should_stop_ends_after_the_current_game():
    """play_match checks should_stop between games: the games played so far are kept."""
    played = []
    result = play_match(PENGUINS, POND_STATE, GREEDY, RANDOM, games=10, should_stop=lambda: len(played) >= 3,
                        on_game=lambda record, _: played.append(record))
    assert result.interrupted and len(result.records) == 3


def test_first_ctrl_c_finishes_the_game_then_stops():
    """Under stop_after_game a real SIGINT only sets the flag; the match stops after that game."""
    notices = []

    def interrupt(record, _):
        if record.number == 1:
            os.kill(os.getpid(), signal.SIGINT)

    # Start from Python's own handler whatever this worker had (an xdist worker may ignore SIGINT),
    # so that the restoring is seen, and give the worker its own back afterwards.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with stop_after_game(lambda: notices.append(1)) as requested:
            result = play_match(PENGUINS, POND_STATE, GREEDY, RANDOM, games=8, on_game=interrupt,
                                should_stop=requested.is_set)
        assert result.interrupted and len(result.records) == 2 and notices == [1]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


# The command --------------------------------------------------------------------------------------


def test_cli_summary_and_progress():
    """The summary names both engines, W-D-L, score, Elo and length; progress goes to stderr."""
    code, out, err = run("match", "penguins", "greedy", "random", "--position", "pond", "--games", "4", "--seed", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("match     greedy vs random on penguins pond: 4 games")
    assert any(line.startswith("result    greedy:") and "W-D-L" in line for line in lines)
    assert any(line.startswith("score ") and "% for greedy" in line for line in lines)
    assert any(line.startswith("elo ") for line in lines) and "inf" not in out
    assert any(line.startswith("length ") and "plies" in line for line in lines)
    assert any(line.startswith("sides     side A scored ") for line in lines)
    # A slow first load of the kernels may add its one-line notice (solver/commands/warmup.py) before them.
    progress = [line for line in err.splitlines() if line != NOTICE]
    assert len(progress) == 4 and progress[0].startswith("game 1/4: greedy - random")
    assert progress[1].startswith("game 2/4: random - greedy")


def test_cli_json():
    """--json prints one object with the totals, Elo and each game's opening and moves."""
    code, out, _ = run("match", "penguins", "greedy", "mcts:sims=100", "--position", "pond", "--games", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["engine_a"] == "greedy" and data["engine_b"] == "mcts:sims=100"
    assert data["games"] == 3 and data["wins"] + data["draws"] + data["losses"] == 3
    assert data["score"] == pytest.approx(sum(g["score_a"] for g in data["results"]) / 3)
    assert data["mean_plies"] == pytest.approx(sum(g["plies"] for g in data["results"]) / 3)
    assert [g["a_side"] for g in data["results"]] == ["A", "B", "A"]
    assert data["results"][0]["opening"] == data["results"][1]["opening"]
    assert all(len(g["opening"]) + len(g["moves"]) == g["plies"] for g in data["results"])
    assert data["side_a_score"] == pytest.approx(sum(g["score_a"] if g["a_side"] == "A" else 1 - g["score_a"] for g in data["results"]) / 3)
    assert {"elo", "elo_low", "elo_high", "elo_text", "interrupted", "position"} <= set(data)


@pytest.mark.parametrize(
    "args",
    [
        ("bogus", "random"),
        ("greedy", "mcts:sims=abc"),
        ("alphabeta:speed=3", "random"),
        ("greedy", "mcts:sims=0"),
        ("greedy", "random:depth=2"),
    ],
)
def test_bad_specs_are_one_line_errors(args):
    """A bad engine spec is one `caldera: error:` line and exit code 2, before any game."""
    code, out, err = run("match", "penguins", *args, "--games", "2")
    assert code == 2 and out == ""
    assert err.startswith("caldera: error: ") and err.count("\n") == 1


def test_bad_options_are_one_line_errors():
    """A bad position or game count is one line and exit 2 as well."""
    for args in (("--position", "nowhere"), ("--games", "0"), ("--random-plies", "-1")):
        code, _, err = run("match", "penguins", "greedy", "random", *args)
        assert code == 2 and err.startswith("caldera: error: ") and err.count("\n") == 1


# Island Project: dice, 2-4 seats ----------------------------------------------------------------

ISLAND_STATES = {players: island.new_game(players) for players in (2, 3, 4)}
ISLAND_STARTS = {players: island_kernel(state) for players, state in ISLAND_STATES.items()}
ROLL_KIND = island.ROLL


def is_roll(code: int) -> bool:
    """True for a dice outcome (a chance move) of Island Project."""
    return island.kind_of(code) == ROLL_KIND


def replay(record, root, spec_a, spec_b, seed):
    """Walk a recorded island game: every chance position must have been played a roll, every
    decision after the opening the move of the engine on that seat (seeded as play_game seeds it).
    Returns the seats A moved on and the rolls after the opening, in order."""
    k = kernel_module(ISLAND_KERNEL)
    state, a_seats, rolls = root, set(), []
    for ply, move in enumerate(record.moves):
        chance = k.is_chance(state)
        assert chance == is_roll(move), (record.number, ply)
        if ply >= record.opening_plies:
            if chance:
                rolls.append(move)
            else:
                seat = int(k.to_move(state))
                spec = spec_a if seat == record.a_side else spec_b
                seeded = with_seed(spec, mix_seed(seed, spec.settings.get("seed", 0), record.number, ply))
                assert run_engine(seeded, ISLAND_KERNEL, state).best.move == move, (record.number, ply)
                if seat == record.a_side:
                    a_seats.add(seat)
        state = next_state(ISLAND_KERNEL, state, move)
    assert k.is_over(state)
    values = np.zeros(k.SEATS)
    k.terminal_values(state, values)
    assert tuple(values[: record.players]) == record.values
    return a_seats, rolls


def test_random_opening_rolls_the_dice_without_counting_them():
    """Two opening plies on island are a shift, the roll (chance, not counted) and a die choice."""
    opening = random_opening(ISLAND_KERNEL, ISLAND_STARTS[2], 2, seed=9)
    assert len(opening) == 3 and [is_roll(m) for m in opening] == [False, True, False]
    assert island.kind_of(opening[0]) == island.SHIFT
    assert random_opening(ISLAND_KERNEL, ISLAND_STARTS[2], 2, seed=9) == opening
    assert random_opening(ISLAND_KERNEL, ISLAND_STARTS[2], 1, seed=9) == opening[:1]  # stops before the roll
    assert random_opening(ISLAND_KERNEL, ISLAND_STARTS[2], 0, seed=9) == ()
    # From a roll position the roll comes first, then the counted decision.
    rolled = island_kernel(island.successor(island.new_game(2), island.move(island.SHIFT, 4)))
    first = random_opening(ISLAND_KERNEL, rolled, 1, seed=2)
    assert len(first) == 2 and is_roll(first[0]) and not is_roll(first[1])


def test_dice_are_sampled_by_their_probabilities():
    """sample_chance draws the 21 rolls by probability: doubles 6/36, a V on either die 11/36."""
    import random

    rng, state = random.Random(4), ISLAND_STARTS[2]
    rolled = island_kernel(island.successor(island.new_game(2), island.move(island.SHIFT, 4)))
    draws = [island.argument_of(sample_chance(ISLAND_KERNEL, rolled, rng)) for _ in range(7200)]
    faces = [divmod(code, island.FACES) for code in draws]
    doubles = sum(low == high for low, high in faces) / len(faces)
    volcano = sum(high == island.V_FACE for _, high in faces) / len(faces)
    assert abs(doubles - 6 / 36) < 0.02 and abs(volcano - 11 / 36) < 0.025
    assert len(set(draws)) == 21
    with pytest.raises(ValueError):
        sample_chance(ISLAND_KERNEL, state, rng)  # the start is a decision, not a roll


def test_island_two_player_match_is_reproducible():
    """mcts vs random on the 2-player island start: the same seed repeats the match exactly, a
    new seed changes it; seats swap in pairs, dice are rolled by the match, never by an engine."""
    spec = EngineSpec.parse("mcts:sims=100")
    root = ISLAND_STARTS[2]
    one = play_match(ISLAND, ISLAND_STATES[2], spec, RANDOM, games=4, seed=3)
    two = play_match(ISLAND, ISLAND_STATES[2], spec, RANDOM, games=4, seed=3)
    other = play_match(ISLAND, ISLAND_STATES[2], spec, RANDOM, games=4, seed=4)
    assert [(r.moves, r.values, r.a_side) for r in one.records] == [(r.moves, r.values, r.a_side) for r in two.records]
    assert [r.moves for r in one.records] != [r.moves for r in other.records]
    assert one.players == 2 and [r.a_side for r in one.records] == [0, 1, 0, 1]
    assert all(len(r.values) == 2 and sum(r.values) == pytest.approx(1.0) for r in one.records)
    assert one.records[0].moves[: one.records[0].opening_plies] == one.records[1].moves[: one.records[1].opening_plies]
    assert one.records[0].opening_plies == 3  # shift, roll, die choice
    assert one.score >= 0.75 and one.elo is not None  # two seats: Elo as for penguins
    for record in one.records:
        a_seats, _ = replay(record, root, spec, RANDOM, 3)
        assert a_seats == {record.a_side}
    # Engine moves are only counted for decisions: the tallies exclude the rolls.
    decisions = sum(sum(not is_roll(m) for m in r.moves[r.opening_plies:]) for r in one.records)
    assert one.tallies[0].moves + one.tallies[1].moves == decisions


def test_four_seat_rotation_covers_every_seat():
    """4 seats: A (one seat) against B (the other three); A's seat runs 0, 1, 2, 3 in every group
    of 4 games, which share their opening and their dice; results are shares of the win."""
    spec_a = EngineSpec.parse("random:seed=7")  # a different seed from B: the replay tells them apart
    root = ISLAND_STARTS[4]
    result = play_match(ISLAND, ISLAND_STATES[4], spec_a, RANDOM, games=8, seed=5)
    again = play_match(ISLAND, ISLAND_STATES[4], spec_a, RANDOM, games=8, seed=5)
    assert [r.moves for r in result.records] == [r.moves for r in again.records]
    assert result.players == 4 and result.fair_share == 0.25
    assert [r.a_side for r in result.records] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert result.seat_games == (2, 2, 2, 2)
    openings = [r.moves[: r.opening_plies] for r in result.records]
    assert openings[0] == openings[1] == openings[2] == openings[3] != openings[4]
    rolls = []
    for record in result.records:
        a_seats, game_rolls = replay(record, root, spec_a, RANDOM, 5)
        assert a_seats == {record.a_side}
        assert len(record.values) == 4 and sum(record.values) == pytest.approx(1.0)
        rolls.append(game_rolls)
    for group in (rolls[:4], rolls[4:]):  # duplicate dice: the k-th roll is the same in a group
        shortest = min(len(r) for r in group)
        assert shortest > 10 and all(r[:shortest] == group[0][:shortest] for r in group)
    assert rolls[0][:10] != rolls[4][:10]
    assert result.elo is None
    assert sum(result.seat_scores) == pytest.approx(1.0)
    assert result.score == pytest.approx(sum(r.a_score for r in result.records) / 8)
    # Three seats rotate over 0, 1, 2 the same way.
    three = play_match(ISLAND, ISLAND_STATES[3], spec_a, RANDOM, games=6, seed=5)
    assert [r.a_side for r in three.records] == [0, 1, 2, 0, 1, 2] and three.seat_games == (2, 2, 2)


def test_shared_wins_count_as_draw_like_fractions():
    """A sole win is W, a win shared by k seats (1/k each) is D, no win is L; the summary gives
    the share against the fair 1/4 instead of an Elo."""
    spec_a, spec_b = EngineSpec.parse("mcts:sims=10"), RANDOM
    result = MatchResult(spec_a, spec_b, 4, 2, 0, game="island", seats="ABCD", players=4)
    result.records += [
        GameRecord(0, 0, (1, 2), 0, (1.0, 0.0, 0.0, 0.0)),
        GameRecord(1, 1, (1, 2, 3), 0, (0.5, 0.5, 0.0, 0.0)),
        GameRecord(2, 2, (1,), 0, (0.0, 1 / 3, 1 / 3, 1 / 3)),
        GameRecord(3, 3, (1, 2), 0, (1.0, 0.0, 0.0, 0.0)),
    ]
    assert (result.wins, result.draws, result.losses) == (1, 2, 1)
    assert result.score == pytest.approx((1 + 0.5 + 1 / 3 + 0) / 4)
    assert result.elo is None and result.seat_scores[0] == pytest.approx(2.5 / 4)
    lines = summary_lines(result, "start4")
    assert lines[0].startswith("match     mcts:sims=10 vs random on island start4: 4 games, 4 seats")
    assert any(line.startswith("result    mcts:sims=10: 1 wins, 2 shared wins, 1 losses (W-D-L 1-2-1") for line in lines)
    share = next(line for line in lines if line.startswith("share "))
    assert "45.8% for mcts:sims=10 against a fair share of 25.0% (1.83x" in share
    assert not any(line.startswith("elo ") for line in lines)
    assert any(line.startswith("seats     A 62.5%, B 20.8%, C 8.3%, D 8.3%") for line in lines)
    assert game_line(result.records[2], result).startswith("game 3/4: random - random - mcts:sims=10 - random 0-1/3-1/3-1/3 ")
    # Two seats: a shared win is a draw worth 1/2, and Elo is given.
    pair = MatchResult(spec_a, spec_b, 2, 2, 0, game="island", seats="ABCD", players=2)
    pair.records += [GameRecord(0, 0, (1,), 0, (0.5, 0.5)), GameRecord(1, 1, (1,), 0, (0.0, 1.0))]
    assert (pair.wins, pair.draws, pair.losses) == (1, 1, 0) and pair.elo.score == 0.75


def test_perfect_share_has_a_one_sided_interval():
    """Winning all N games of a 4-seat match: the share's lower end is 0.05 ** (1/N), not N/N."""
    result = MatchResult(EngineSpec.parse("mcts:sims=10"), RANDOM, 10, 2, 0, game="island", seats="ABCD", players=4)
    result.records += [GameRecord(n, n % 4, (1,), 0, tuple(1.0 if s == n % 4 else 0.0 for s in range(4))) for n in range(10)]
    assert result.score_interval == (pytest.approx(0.05 ** 0.1), 1.0)


def test_island_json_names_moves_and_rolls():
    """match_json on island: the game's name, seats as letters, each seat's share, rolls in notation."""
    state = island.new_game(4)
    result = play_match(ISLAND, state, RANDOM, RANDOM, games=4, seed=1)
    data = json.loads(json.dumps(match_json(result, ISLAND, state)))
    assert data["game"] == "island" and data["players"] == 4 and data["fair_share"] == 0.25
    assert data["elo"] is None and data["elo_text"] is None and data["a_seat_games"] == [1, 1, 1, 1]
    assert [g["a_side"] for g in data["results"]] == ["A", "B", "C", "D"]
    first = data["results"][0]
    assert first["opening"][1].startswith("roll:") and any(m.startswith("roll:") for m in first["moves"])
    assert len(first["values"]) == 4 and first["score_a"] == first["values"][0]


def test_engines_that_cannot_play_dice_are_refused_first():
    """Alpha-beta (and greedy, one ply of it) refuse island before a game is played; expectimax
    refuses more than two seats."""
    for spec in (GREEDY, EngineSpec.parse("alphabeta:depth=2")):
        with pytest.raises(EngineError, match="engines for island: mcts, expectimax, random"):
            play_match(ISLAND, ISLAND_STATES[2], RANDOM, spec, games=2)
    # Expectimax (where the engine exists) is for two players: refused with more seats.
    expectimax = EngineSpec("expectimax", {"depth": 1})
    with pytest.raises(EngineError, match="has 4 players"):
        play_match(ISLAND, ISLAND_STATES[4], RANDOM, expectimax, games=2)


def test_penguins_records_keep_two_seats():
    """Penguins is unchanged: two seats, Elo, no dice in the moves, the old pairing."""
    result = play_match(PENGUINS, POND_STATE, GREEDY, RANDOM, games=2, seed=5)
    assert result.players == 2 and result.game == "penguins"
    assert all(len(r.values) == 2 for r in result.records) and result.elo is not None
    assert result.records[0].opening_plies == 2
