"""Perft: the kernel (as `caldera perft` runs it) against the reference rules on a suite file."""

from pathlib import Path

import numba
import numpy as np
import pytest
from click.testing import CliRunner
from numba import njit

from cli import main
from kernels import dispatch
from solver.commands import perft_core
from solver.commands.perft import perft
from solver.games.penguins import penguins_rules as ref
from solver.games.penguins import penguins_binding as binding
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import parse_position
from solver.games.registry import game

PENGUINS = game("penguins")

SUITE = [
    (int(depth), text.strip())
    for depth, text in (
        line.split("|") for line in (Path(__file__).parent / "perft_suite.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    )
]


def test_suite_is_broad():
    """At least 10 positions on several board sizes, reaching depth 4; at least 10 with tiles, which
    together hold every barrier and terrain tile."""
    assert len(SUITE) >= 10
    assert len({text.split()[0] for _, text in SUITE}) >= 5
    assert max(depth for depth, _ in SUITE) == 4
    tiled = [parse_position(text) for _, text in SUITE if text.split()[2] != "-" or any(c in text.split()[1] for c in "GMNL")]
    assert len(tiled) >= 10
    kinds = {p.kind for s in tiled for p in s.board if p is not None} | {t.kind for s in tiled for t in s.terrain if t}
    assert kinds >= ref.BARRIERS | set(ref.TERRAIN)


@pytest.mark.parametrize("max_depth, text", SUITE)
def test_kernel_perft_equals_reference(max_depth, text):
    """Every depth 1..max: kernel perft (1 and 2 threads) == reference perft."""
    state = parse_position(text)
    for depth in range(1, max_depth + 1):
        expected = ref.perft(state, depth)
        assert perft(PENGUINS, to_kernel(state), depth).nodes == expected
        assert perft(PENGUINS, to_kernel(state), depth, threads=2).nodes == expected


def test_divide_sums_to_total_and_matches_reference_children():
    """--divide: each root move's count is the reference perft of its child."""
    state = parse_position(SUITE[4][1])
    result = perft(PENGUINS, to_kernel(state), 3)
    assert sum(count for _, count in result.divide) == result.nodes
    for move, count in result.divide:
        assert count == ref.perft(ref.successor(state, binding.decode_move(move)), 2)


def test_perft_hand_counted_values():
    """Counts derivable by hand: empty 4x4 setup has 16, then 16*15, then 16*15*15 sequences.

    After both rival eggs, A may land on 14 empty spaces or hatch the one A egg on the board.
    """
    state = ref.new_game(4, 4)
    assert [perft(PENGUINS, to_kernel(state), d).nodes for d in (0, 1, 2, 3)] == [1, 16, 16 * 15, 16 * 15 * 15]


def test_cli_reference_perft_matches_kernel_perft():
    """`caldera perft --reference --divide` prints the same counts as the kernel's divide."""
    depth, text = SUITE[7]
    runner = CliRunner()
    kernel = runner.invoke(main, ["perft", "penguins", text, str(depth), "--divide"])
    reference = runner.invoke(main, ["perft", "penguins", text, str(depth), "--divide", "--reference"])
    assert kernel.exit_code == reference.exit_code == 0
    counts = [line for line in kernel.stdout.splitlines() if not line.startswith(("time", "speed"))]
    assert counts == [line for line in reference.stdout.splitlines() if not line.startswith(("time", "speed"))]
    assert "reference rules" in reference.stdout


def test_cli_perft_prints_reference_count():
    """`caldera perft` prints the reference's node count for a suite position."""
    depth, text = SUITE[5]
    result = CliRunner().invoke(main, ["perft", "penguins", text, str(depth), "--threads", "2"])
    assert result.exit_code == 0, result.output
    assert f"nodes    {ref.perft(parse_position(text), depth)}" in result.output


# A slides E from a1 across the krill on b1 and c1 and stops on d1 before the iceberg on e1, next to
# the seagull on c2: eggs on a1 b1 c1 leave 29 empty spaces, so 29 seagull targets times
# (1 + 29 + 29 * 28 / 2) krill choices = 12,644 moves (P-11, P-23); plus 32 landings and the slide W
# (f1, stopped by the iceberg); every other slide runs round the board (illegal): 12,677 moves.
CROWDED = "6x6 P3I1/2G3/6/2p3/6/6 kb1,kc1 A play 10/10 2+1/2+1 10"


@njit
def dispatched_legal_moves(kernel, state, out):
    """What a search sees of the legal moves: kernels/dispatch.py's legal_moves."""
    numba.literally(kernel)
    return dispatch.legal_moves(kernel, state, out)


def test_more_moves_than_the_buffers():
    """legal_moves writes at most len(out) and returns the true number; the searches' legal_moves
    (kernels/dispatch.py) returns at most len(out); perft and the binding grow their buffers."""
    state = parse_position(CROWDED)
    words = to_kernel(state)
    k = binding.kernel()
    assert len(ref.legal_moves(state)) == 12_677 > k.MAX_MOVES
    out = np.full(200, -7, dtype=np.int64)
    assert k.legal_moves(words, out[:100]) == 12_677
    assert (out[100:] == -7).all()
    assert dispatched_legal_moves("penguins.penguins_kernel", words, out[:100]) == 100
    assert sorted(binding.legal_moves(words)) == sorted(binding.encode_move(m) for m in ref.legal_moves(state))
    stop = np.zeros(1, dtype=np.int64)
    assert perft_core.perft("penguins.penguins_kernel", words, 1, stop) == 12_677
    children = sum(len(binding.legal_moves(binding.successor(words, move))) for move in binding.legal_moves(words))
    assert perft_core.perft("penguins.penguins_kernel", words, 2, stop) == children
