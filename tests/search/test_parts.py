"""Moves chosen by parts (kernels/dispatch.py part_moves): a kernel's part tree reaches exactly its
legal moves, alpha-beta by parts scores every position as by whole moves at the same depth (the
same minimax tree, cut into more nodes), and MCTS by parts reports whole legal moves and lines.

The kernel with parts here is the grouped reference (kernels/grouped/penguins_grouped.py: a
move's space, then its action, then the whole move), on random penguins positions with and
without tiles. A game kernel's own parts may merge moves that reach one position (P-9a): the
contract tests check those (tests/contract/test_contract_parts.py).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from kernels import Kernel
from kernels.move_parts import NO_PREFIX
from solver.analysis import Score
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.engines.mcts import mcts_core
from solver.engines.mcts.mcts_engine import ENGINE as MCTS
from solver.engines.mcts.mcts_search import Tree, mcts_analysis, run as run_mcts
from solver.engines.registry import EngineSpec
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import parse_position
from solver.games.registry import game
from tests.penguins.penguins_random import random_position, random_start, random_tile_position, random_tile_start
from tests.search.test_alphabeta import FORCED

GROUPED = Kernel("grouped.penguins_grouped", parts=True)  # a reference, not a game's kernel: parts declared here


def positions(seed: int, count: int, tiles: bool) -> list[np.ndarray]:
    """`count` random penguins positions (kernel words): play and setup, with or without tiles."""
    rng = random.Random(seed)
    if tiles:
        draw = (random_tile_position, random_tile_position, random_tile_start)
    else:
        draw = (random_position, random_position, random_start)
    return [to_kernel(rng.choice(draw)(rng)) for _ in range(count)]


def part_tree(module, state: np.ndarray) -> tuple[list[int], int, int]:
    """(the whole moves the part tree of `state` reaches, in the order reached, its part nodes, its
    deepest level); fails on a part node with no part (a dead end)."""
    out = np.empty(1 << 14, dtype=np.int64)
    whole = np.empty(1 << 14, dtype=np.uint8)
    reached, nodes, deepest = [], 0, 0
    pending = [(NO_PREFIX, 1)]
    while pending:
        prefix, level = pending.pop()
        n = module.part_moves(state, prefix, out, whole)
        assert n <= len(out)
        assert prefix == NO_PREFIX or n > 0, f"part {prefix} leads nowhere"
        for move, complete in zip(out[:n].tolist(), whole[:n].tolist()):
            if complete:
                reached.append(move)
                deepest = max(deepest, level)
            else:
                nodes += 1
                pending.append((move, level + 1))
    return reached, nodes, deepest


def legal(module, state: np.ndarray) -> list[int]:
    """Every legal move of `state`, in the kernel's order."""
    moves = np.empty(1 << 14, dtype=np.int64)
    return moves[: module.legal_moves(state, moves)].tolist()


def test_part_tree_reaches_exactly_the_legal_moves():
    """On 300 random positions with tiles and 300 without, the grouped parts of each position reach
    every legal move once and nothing else, and no part is a dead end; the tree has parts indeed."""
    module = GROUPED.module
    part_nodes = deepest = 0
    for tiles in (True, False):
        for state in positions(11, 300, tiles):
            reached, nodes, depth = part_tree(module, state)
            assert sorted(reached) == sorted(legal(module, state))
            part_nodes, deepest = part_nodes + nodes, max(deepest, depth)
    assert part_nodes > 1000 and deepest >= 3


def score_of(state: np.ndarray, depth: int, parts: bool):
    """(the score, nodes searched) of alpha-beta on the grouped kernel at exactly `depth` whole moves."""
    result = alphabeta_analysis(GROUPED, state, depth=depth, hash_mb=4, parts=parts)
    assert result.depth == depth or result.stopped == "solved"
    return result.lines[0].score, result.nodes


@pytest.mark.parametrize("tiles, depth", [(False, 3), (True, 2)])
def test_alphabeta_by_parts_scores_as_by_whole_moves(tiles, depth):
    """On 30 random positions with parts (at most 60 moves, for time; none won at once, which would
    end the search at depth 1) alpha-beta at a fixed depth gives the same score with parts and without: the
    part nodes are nodes of the same side, spending no depth. Most searches differ (other nodes),
    so the parts were searched."""
    module = GROUPED.module
    states = [s for s in positions(5, 600, tiles) if 0 < len(legal(module, s)) <= 60
              and part_tree(module, s)[1] > 0 and alphabeta_analysis(GROUPED, s, depth=1, hash_mb=1).stopped != "solved"][:30]
    assert len(states) == 30
    differ = 0
    for state in states:
        by_parts, nodes = score_of(state, depth, True)
        by_moves, whole_nodes = score_of(state, depth, False)
        assert by_parts == by_moves
        differ += nodes != whole_nodes
    assert differ >= 20


@pytest.mark.parametrize("kind, plies, text", [f for f in FORCED if f[0] in ("win", "loss")])
def test_alphabeta_by_parts_counts_forced_results_in_whole_moves(kind, plies, text):
    """A forced win or loss in N plies (tests/search/forced_wins.txt) is found by parts at depth N
    and reported in N plies: parts spend no plies."""
    score, _ = score_of(to_kernel(parse_position(text)), plies, True)
    assert score == Score(kind, 1.0 if kind == "win" else -1.0, plies)


def replay_is_legal(module, state: np.ndarray, line: tuple[int, ...]) -> None:
    """Every move of `line` is a whole legal move where it is played."""
    state, scratch = state.copy(), state.copy()
    for move in line:
        assert move in legal(module, state)
        module.apply(state, move, scratch)
        state, scratch = scratch, state


def test_mcts_by_parts_reports_whole_legal_moves_and_lines():
    """On 12 random tile positions and 12 without, MCTS by parts grows part nodes below the root,
    and its three best moves and their lines are whole legal moves, part nodes left out."""
    module = GROUPED.module
    part_nodes = 0
    for tiles in (True, False):
        for state in positions(3, 12, tiles):
            if not legal(module, state):
                continue
            result = mcts_analysis(GROUPED, state, sims=1500, seconds=None, memory_mb=16, multipv=3)
            for line in result.lines:
                assert line.move in legal(module, state) and line.pv[0] == line.move
                replay_is_legal(module, state, line.pv)
            tree = Tree(GROUPED, state, 50_000, seed=1, exploration=1.4)
            tree.run(800, np.zeros(1, dtype=np.int64))
            kind = tree.arrays[7][: tree.size]
            first, count = int(tree.arrays[2][0]), int(tree.arrays[3][0])
            assert not (kind[first:first + count] == mcts_core.PART).any()  # the root's children are whole
            part_nodes += (kind == mcts_core.PART).sum()
    assert part_nodes > 1000


def test_the_parts_setting_switches_parts_off():
    """`parts=0` in an engine spec is False, and MCTS run with it is the search by whole moves:
    the same seed and simulations give the analysis of parts=False, not that of parts on."""
    settings = EngineSpec.parse("mcts:parts=0,sims=600").settings
    assert settings["parts"] is False and MCTS.settings["parts"].default is True
    state = positions(9, 1, True)[0]
    off = run_mcts(settings, GROUPED, state)
    whole = mcts_analysis(GROUPED, state, sims=600, seconds=None, parts=False)
    by_parts = mcts_analysis(GROUPED, state, sims=600, seconds=None, parts=True)
    summary = lambda a: [(line.move, line.visits, line.pv) for line in a.lines]  # noqa: E731
    assert summary(off) == summary(whole) != summary(by_parts)


def test_the_game_record_declares_which_kernels_choose_by_parts():
    """The penguins record hands down its tile kernel with parts and its plain one without; the
    tile kernel without the record's declaration is searched by whole moves, parts asked or not."""
    record = game("penguins")
    state = positions(9, 1, True)[0]
    tiles, plain = record.kernel(state), record.kernel(positions(9, 1, False)[0])
    assert tiles.parts and not plain.parts
    summary = lambda a: [(line.move, line.visits, line.pv) for line in a.lines]  # noqa: E731
    undeclared = mcts_analysis(Kernel(str(tiles)), state, sims=600, seconds=None, parts=True)
    whole = mcts_analysis(tiles, state, sims=600, seconds=None, parts=False)
    by_parts = mcts_analysis(tiles, state, sims=600, seconds=None, parts=True)
    assert summary(undeclared) == summary(whole) != summary(by_parts)
