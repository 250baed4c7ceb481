"""The full Oros game's scripted player (kernels/oros/oros_heuristic.py, the `heuristic` engine):
it plays legal plies only through whole games against both AI decks, repeats itself with a seed,
and each rule of its judgement holds in a position made for it, where a player without that rule
would choose otherwise (docs/strength.md, "The scripted player")."""

from __future__ import annotations

import random

import numpy as np
import pytest

from kernels import Kernel
from kernels.oros import oros_game_layout as layout
from kernels.oros import oros_heuristic as heuristic
from kernels.oros.oros_game_data import PERSONALITIES
from kernels.rng import new_rng
from solver.engines.registry import EngineSpec, run_engine
from solver.games.oros import oros_game_binding as binding
from solver.games.oros.oros_full_game import format_move
from solver.games.oros.oros_full_state import setup
from solver.games.oros.oros_game_notation import format_position, parse_position

GAMES = 6  # whole games per deck: about 1 s each once the kernel is loaded

# A 7 x 5 map of level-2 tiles with a mountain on b1 and sea down column d (no AI zone has a sea
# cell, so no mountain is awaited anywhere), one player against the friendly deck, round 2.
MAP = "7x5 2M2.222/222.222/222.222/222.222/222.222 1:friendly"
TWO_MOUNTAINS = MAP.replace("/222.222 1:", "/222.22M 1:")  # and one on g5
HATS = "11111111/11111111/11111111"
AIS = "......hhhh/......hhhh"
DECKS = "12345678:-/12345678:- 2 A A3"


def position(followers: str, sanctuaries: str = "-", pyramid: str = "0/0/0", wisdom: int = 0, board: str = MAP,
             ais: str = AIS):
    """The kernel words of a position on `board`: seat A's followers (slots, sanctum, tiles) as written."""
    return binding.to_kernel(parse_position(f"{board} {HATS} {followers}/{ais} {wisdom} {sanctuaries} {pyramid} - {DECKS}"))


def legal(words) -> np.ndarray:
    """The legal plies of `words`."""
    moves = np.empty(layout.MAX_MOVES, dtype=np.int64)
    return moves[:binding.kernel().legal_moves(words, moves)].copy()


def choices(words, seeds: int = 16) -> set[str]:
    """The plies the scripted player picks in `words` with seeds 0..seeds-1, in notation."""
    moves = legal(words)
    state = binding.from_kernel(words)
    return {format_move(state, int(heuristic.heuristic_move(words, moves, len(moves), new_rng(seed))))
            for seed in range(seeds)}


def after(words, ply: str) -> str:
    """Seat A's followers field after the ply written `ply`."""
    state = binding.from_kernel(words)
    move = next(int(m) for m in legal(words) if format_move(state, int(m)) == ply)
    out = np.empty_like(words)
    binding.kernel().apply(words, np.int64(move), out)
    return format_position(binding.from_kernel(out)).split()[4].split("/")[0]


def play(deck: str, seed: int, player_seed: int) -> list[int]:
    """A whole 1-player game of setup(1, deck, seed), the scripted player on seat A with a
    generator seeded by `player_seed`, the cards drawn by a generator seeded by `seed`; every ply
    it picks is checked legal. Returns the plies played."""
    k = binding.kernel()
    cards = random.Random(seed)
    rng = new_rng(player_seed)
    moves = np.empty(layout.MAX_MOVES, dtype=np.int64)
    probabilities = np.empty(layout.MAX_MOVES, dtype=np.float64)
    words = binding.to_kernel(setup(1, deck, seed))
    out = np.empty_like(words)
    played = []
    while not k.is_over(words):
        if k.is_chance(words):
            move = moves[cards.randrange(k.chance_outcomes(words, moves, probabilities))]
        else:
            n = k.legal_moves(words, moves)
            move = heuristic.heuristic_move(words, moves, n, rng)
            assert move in moves[:n]
        played.append(int(move))
        k.apply(words, np.int64(move), out)
        words, out = out, words
    assert len(played) > 20
    return played


@pytest.mark.parametrize("deck", PERSONALITIES)
def test_it_plays_legal_plies_through_whole_games(deck):
    for seed in range(GAMES):
        play(deck, seed, seed)


def test_a_seed_repeats_its_games_and_another_seed_may_break_ties_otherwise():
    assert play("friendly", 3, 7) == play("friendly", 3, 7)
    assert any(play("friendly", 3, 7) != play("friendly", 3, seed) for seed in range(8, 12))


def test_the_engine_plays_the_scripted_players_ply_with_its_seed():
    words = binding.to_kernel(setup(1, "friendly", 0))
    kernel = Kernel(binding.KERNEL)
    for seed in range(4):
        moves = legal(words)
        expected = int(heuristic.heuristic_move(words, moves, len(moves), new_rng(seed)))
        analysis = run_engine(EngineSpec.build("heuristic", {"seed": seed}), kernel, words)
        assert analysis.lines[0].move == expected


def test_it_builds_when_a_build_is_legal():
    # On the mountain b1 with the sanctuary slot free; graduating or enrolling is also there.
    words = position("..o.o.sb1")
    assert choices(words) <= {"travel>sanctuary:stones@b1", "volcano>sanctuary:stones@b1"}


def test_it_walks_towards_a_mountain_it_may_build_on():
    # b3 is two steps from b1: the walk to b2 is the one step nearer, beside graduating or enrolling.
    assert choices(position("..o..osb3")) == {"sanctuary>travel:b3-b2"}


def test_it_frees_the_sanctuary_slot_when_a_build_is_due():
    # On b1 with the sanctuary slot taken: every ply it picks takes the follower off that slot.
    words = position("..o.oob1")
    for ply in choices(words):
        assert after(words, ply)[5] == ".", ply


def test_it_frees_the_travel_slot_when_a_walk_is_due():
    # Two steps from b1 with the travel slot taken.
    words = position("..o.o.sb3")
    for ply in choices(words):
        assert after(words, ply)[4] == ".", ply


def test_it_does_not_graduate_its_last_follower_on_the_map():
    # Its one follower on the map studies in its own stones on b1 (no mountain left to build on):
    # graduating it would be 1 wisdom, but the seat would have no follower on the map again.
    words = position("ooo...", "b1sAA", "2/0/0")
    picked = choices(words)
    assert picked and not any("graduate" in ply for ply in picked)


def test_it_puts_a_follower_back_on_the_map_when_none_is_left():
    # No follower on the map after building (no forced placement then): it enrols one in the free
    # seat of the shrine on b1 rather than in its sanctum.
    words = position("ooo...s", "b1sAB,b1hB", "2/0/0", ais="......hhh/......hhhh")
    assert choices(words) <= {f"{source}>study:{follower}>b1h" for source in ("drift", "tectonic", "volcano")
                              for follower in ("drift", "tectonic", "volcano") if source != follower}


def test_wisdom_goes_to_the_hat_of_the_kind_it_has_built():
    # Two standing stones built: their hat's next level is 2 knowledge each, more than any other hat.
    words = position("..o.o.s", "b1sAA,g5sA", "4/0/0", wisdom=1, board=TWO_MOUNTAINS)
    assert choices(words) == {"raise:stones"}
