"""A root with more legal moves than the search buffers (P-9, docs/rules/penguins.md section 15):
alpha-beta scores every one of them and finds a best move that comes after the first MAX_MOVES."""

import json

import numpy as np

from kernels import Kernel
from kernels.penguins import penguins_kernel as kernel
from kernels.penguins.penguins_layout import MAX_MOVES
from solver.engines.alphabeta.wide_root import wide_root_moves
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import format_move, parse_position
from tests.cli_cases import run

# A to move with 5 eggs left. a1-E enters the krill tiles b1 and c1 next to the seagull (c2): the
# seagull flies to any empty space and krill adds up to two eggs, thousands of versions that lay
# at most 2 + 2 eggs. Only slides laying 5 win at once (h4-W enters g4..c4); a1's slides come
# first in generation order, so the winners come last.
WIDE = "8x4 P2I4/2G5/8/1I5P kb1,kc1 A play 5/10 1+1/3+1 10"


def test_a_win_beyond_the_buffers_is_found():
    """analyze finds a move that wins at once although every winning move lies past MAX_MOVES
    in generation order; the winners and their places come from the reference rules alone."""
    state = parse_position(WIDE)
    moves = ref.legal_moves(state)  # the rules' own order, the order the kernel generates in
    winners = {format_move(state, m): i for i, m in enumerate(moves)
               if ref.status(ref.successor(state, m)) == ref.WIN_A}
    assert len(moves) > MAX_MOVES and winners and min(winners.values()) >= MAX_MOVES
    code, out, _ = run("analyze", "penguins", WIDE, "--depth", "2", "--json")
    assert code == 0
    result = json.loads(out)
    best = result["lines"][0]
    assert best["move"] in winners and best["score"]["kind"] == "win" and best["score"]["plies"] == 1
    assert any(f"{len(moves):,} legal moves" in note and "scored all of them one ply deep" in note
               for note in result["notes"])


def test_scoring_cut_short_keeps_the_generation_order():
    """With the stop flag already raised (a time limit or Ctrl-C), no move is scored and the search
    takes the first MAX_MOVES moves in the kernel's generation order, as before the ordering."""
    words = to_kernel(parse_position(WIDE))
    everything = np.empty(1 << 14, dtype=np.int64)
    n = kernel.legal_moves(words, everything)
    stopped = np.ones(1, dtype=np.int64)
    root_moves, note = wide_root_moves(Kernel("penguins.penguins_kernel"), words, int(n), kernel.EVAL_WEIGHTS, stopped)
    assert list(root_moves) == list(everything[:MAX_MOVES]) and n > MAX_MOVES
    assert f"{n:,} legal moves" in note and "scored 0 of them (stopped)" in note
