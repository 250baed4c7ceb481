"""The judgement of tile positions (issue 34): the evaluation walks every exploration by the tile
rules (kernels/penguins/penguins_tile_eval.py) and the MCTS playout prefers the moves that lay
more eggs (kernels/penguins/penguins_playout.py). Each test holds a position where a tile must
move the score or the move the stated way; the plain trace (P-6 alone) does not see it."""

import random

import numpy as np

from kernels.penguins import penguins_eval, penguins_kernel as kernel
from kernels.rng import new_rng
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_binding import to_kernel
from kernels.penguins.penguins_layout import KRILL_1, SLIDE, WIN_A
from solver.games.penguins.penguins_notation import format_move, parse_position
from tests.penguins.penguins_random import random_position

WEIGHTS = kernel.EVAL_WEIGHTS
WIN_NOW = int(WEIGHTS[penguins_eval.W_WIN_NOW])
# Docs example 4 (docs/rules/penguins.md): A's a1-E/h goes through the holes b1 and c4 and on to
# e4, laying 4 eggs; krill on KRILL is entered on the way or not.
HOLES_AND_KRILL = "5x5 P1I2/5/5/I4/5 hb1,hc4,k{krill} A play 5/10 2+1/3+1 4"


def score(text):
    """The full kernel's evaluation of the position in notation `text`, for the side to move."""
    return int(kernel.evaluate(to_kernel(parse_position(text)), WEIGHTS))


def test_positions_without_tiles_take_the_plain_evaluation():
    # The bench position M searches the same nodes (docs/tuning.md): plain positions are scored
    # exactly as before, by the plain kernel and by the full one.
    rng = random.Random(5)
    for _ in range(40):
        words = to_kernel(random_position(rng))
        assert kernel.evaluate(words, WEIGHTS) == penguins_eval.evaluate(words, WEIGHTS)


def test_krill_eggs_count_towards_a_win_at_once():
    # A has 5 eggs: a1-E/h lays 4, and the krill on d4, entered on the way, a fifth (P-23): a win
    # now. With the krill on e5, which no exploration enters, there is none.
    on_path, away = score(HOLES_AND_KRILL.format(krill="d4")), score(HOLES_AND_KRILL.format(krill="e5"))
    assert on_path - away >= WIN_NOW


def test_a_hole_jump_is_a_longer_slide():
    # Through the holes a1-E/h lays 4 eggs; traced by P-6 alone a1-E stops on b1 before the
    # iceberg c1 (1 egg), the best slide a1-SE 2. The holes raise the best slide (weight 40) by 2.
    with_holes = score("5x5 P1I2/5/5/I4/5 hb1,hc4 A play 5/10 2+1/3+1 4")
    plain = score("5x5 P1I2/5/5/I4/5 - A play 5/10 2+1/3+1 4")
    assert with_holes - plain >= 2 * int(WEIGHTS[penguins_eval.W_BEST_SLIDE])


def test_a_seal_in_the_way_stops_the_slide():
    # A's a1-SE runs a2, a3, a4, a5 to the iceberg a6 (4 eggs) with the seal on f6; the seal on
    # a3 stops it on a2 (P-10, P-14): 1 egg. The plain trace passed over the seal: equal scores.
    assert score("6x6 P5/6/L5/6/3p2/I5 - A play 10/10 2+1/2+1 20") < score("6x6 P5/6/6/6/3p2/I4L - A play 10/10 2+1/2+1 20")


def test_the_emperor_egg_makes_a_landing_win():
    # A has 2 eggs and no penguin: a landing and the emperor's step leaving an egg (P-12) place
    # both, a win now. An iceberg in the emperor's place gives none.
    emperor = score("6x6 6/1M4/6/6/3p2/I5 - A play 2/10 3+1/2+1 20")
    iceberg = score("6x6 6/1I4/6/6/3p2/I5 - A play 2/10 3+1/2+1 20")
    assert emperor - iceberg == WIN_NOW


def test_the_playout_lays_the_krill_egg_that_wins():
    # The only wins are a1-E/h with a krill egg (docs example 4: 4 eggs and the krill egg are A's
    # last 5). The plain preference saw 4 eggs and no win, drew it half the time and its krill
    # egg 18 times in 19; the step now plays a winning move whatever the seed.
    state = parse_position(HOLES_AND_KRILL.format(krill="d4"))
    wins = {format_move(state, m) for m in ref.legal_moves(state) if ref.status(ref.successor(state, m)) == ref.WIN_A}
    assert {move.split("/k:")[0] for move in wins} == {"a1-E/h"}
    words, scratch, after = to_kernel(state), np.empty(kernel.MAX_MOVES, dtype=np.int64), to_kernel(state)
    for seed in range(20):
        kernel.apply(words, kernel.playout_step(words, scratch, new_rng(seed)), after)
        assert kernel.status(after) == WIN_A, seed


def test_the_playout_lays_the_krill_egg_of_its_slide():
    # A's only slide a1-E enters the krill b1 (P-23) and stops before the iceberg d1; then two
    # spaces are empty, so the krill egg has three choices: none, c4 or d4. Whenever the step
    # plays the slide it lays the egg (the follow-up laying the most eggs); drawn uniformly it
    # laid none a third of the time.
    text = "4x4 P2I/IIII/IIII/II2 kb1 A play 10/10 2+1/3+1 10"
    state = parse_position(text)
    krill = [format_move(state, m) for m in ref.legal_moves(state) if m.action == ref.SLIDE]
    assert krill == ["a1-E", "a1-E/k:c4", "a1-E/k:d4"]
    words, scratch = to_kernel(state), np.empty(kernel.MAX_MOVES, dtype=np.int64)
    slides = [int(kernel.playout_step(words, scratch, new_rng(seed))) for seed in range(30)]
    slides = [move for move in slides if (move >> 9) & 7 == SLIDE]
    assert len(slides) >= 5
    assert all(move >> KRILL_1 & 127 for move in slides)
