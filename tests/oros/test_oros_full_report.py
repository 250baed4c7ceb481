"""What MCTS reports of a full Oros game beside its search value (issue 14, item 5; issue 35): each
root action's expected knowledge margin over the best other seat with its 95% interval, the share
of simulated games won and the calibrated win chance. On a position where every action ends the
game, margin and win are known exactly from the reference rules' final scoring, and MCTS must
report them to the last digit; `analyze` and `hint` say them in words."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from kernels import Kernel
from kernels.dispatch import margins_of_scores
from solver.calibration import load_map
from solver.engines.mcts.mcts_search import Tree, mcts_analysis
from solver.games.oros import oros_game_binding as binding
from solver.games.oros.oros_full_rules import is_over, mover, result
from solver.games.oros.oros_full_scoring import knowledge
from solver.games.registry import game
from tests.cli_cases import run

# Round 17, B's (an AI's) demigod on the top space: A, last to play in the round, spends a wisdom
# point on a hat, and the game ends with that (found by seeded random play of the reference rules).
LAST_DECISION = ("7x5 MM.1*v2Mv1M4v1/.1Mv1v14.2./Mv21*..2MM/MMv1.2v2M4*M/441..2v3. 2:friendly 21311121/11111112/11233333 "
                 "oo.o../o.o...sd2/......sh 1/0 a1sAA,e1sCC,f3sCC,g3sC 2/0/24 12,18 1245678:3 17 B A0")


def margin(state, seat: int) -> int:
    """The reference rules' final knowledge of `seat` minus the best other seat's."""
    scores = [knowledge(state, s) for s in range(state.seats)]
    return scores[seat] - max(k for s, k in enumerate(scores) if s != seat)


def test_margins_of_scores_take_the_best_other_seat():
    """Each seat's score minus the best other's: the leader by the runner-up, ties at 0, a seat
    not in play (-inf) at 0."""
    scores = np.array([5.0, 9.0, 3.0, -np.inf])
    margins_of_scores(scores)
    assert scores.tolist() == [-4.0, 4.0, -6.0, 0.0]
    tied = np.array([7.0, 7.0, 1.0])
    margins_of_scores(tied)
    assert tied.tolist() == [0.0, 0.0, -6.0]


def test_mcts_reports_each_last_actions_exact_margin_and_win_chance():
    """Every action of LAST_DECISION ends the game, so each root move's mean margin and win share
    over its simulations is the reference's final margin and result after it, exactly."""
    record = game("oros")
    state = record.resolve_position(LAST_DECISION)
    seat = mover(state)
    moves = record.legal_moves(state)
    assert len(moves) >= 3 and all(is_over(record.successor(state, move)) for move in moves)
    expected = {move: (margin(record.successor(state, move), seat), result(record.successor(state, move))[seat])
                for move in moves}
    assert len({m for m, _ in expected.values()}) >= 2  # the actions do differ
    analysis = mcts_analysis(Kernel("oros.oros_game_kernel"), binding.to_kernel(state), sims=400, seconds=None,
                             seed=3, multipv=len(moves))
    assert sorted(line.move for line in analysis.lines) == sorted(moves)
    for line in analysis.lines:
        assert (line.margin, line.win) == expected[line.move], record.format_move(state, line.move)
        assert line.margin_low == line.margin_high == line.margin  # every simulation ends alike


def test_kernel_sums_the_square_of_each_margin():
    """Each simulation adds the square of the margin it reports to its root move's row, so the
    margin's interval has the spread of the simulations' margins."""
    start = binding.to_kernel(game("oros").resolve_position("game1"))
    tree = Tree(Kernel("oros.oros_game_kernel"), start, 4096, seed=3, exploration=1.4)
    stop = np.zeros(1, dtype=np.int64)
    seen: dict[int, tuple[float, float]] = {}
    spread = False
    for _ in range(150):
        tree.run(1, stop)
        moves, _, _, report = tree.root_children()
        for move, margins, squares in zip(moves.tolist(), report[:, 1].tolist(), report[:, 3].tolist()):
            before_margins, before_squares = seen.get(move, (0.0, 0.0))
            gained = margins - before_margins
            assert squares - before_squares == pytest.approx(gained * gained)
            spread |= gained != 0
            seen[move] = (margins, squares)
    assert spread


def test_analyze_and_hint_say_the_expected_margin_and_win_chance():
    """analyze game1: margin (with its interval) and calibrated chance columns, and the best line
    in words with the share of simulated games won; JSON carries them; a penguins MCTS analysis
    has no margin and no win share (its score is a win chance)."""
    code, out, _ = run("analyze", "oros", "game1", "--sims", "300", "--seed", "1")
    assert code == 0
    header = next(line for line in out.splitlines() if line.startswith("#"))
    assert header.split()[:7] == ["#", "move", "score", "95%", "margin", "chance", "visits"]
    first = next(line for line in out.splitlines() if line.startswith("1 "))
    assert re.search(r" [-+]\d+\.\d±\d+\.\d +\d+\.\d% ", first), first
    best = next(line for line in out.splitlines() if line.startswith("best "))
    assert re.search(r"; expected knowledge margin [-+]\d+\.\d \([-+]\d+\.\d to [-+]\d+\.\d\) over the best other "
                     r"seat, win chance \d+\.\d% \(calibrated; \d+\.\d% of the simulated games won\)", best), best
    line = json.loads(run("analyze", "oros", "game1", "--sims", "300", "--seed", "1", "--json")[1])["lines"][0]
    assert -100 < line["margin"] < 100 and 0 <= line["win"] <= 1  # knowledge points, a share
    low, high = line["margin_interval"]
    assert low < line["margin"] < high
    assert line["win_chance"] == load_map("oros").chance(line["margin"], 1)  # round 1
    code, out, _ = run("analyze", "oros", "game1", "--sims", "5", "--multipv", "30")  # most moves never visited
    # no margin, no win, and an interval of the whole range
    unvisited = [line for line in out.splitlines() if re.match(r"\d+ +\S+ +50\.0% +0\.0-100\.0% +0 ", line)]
    assert code == 0 and len(unvisited) >= 10
    code, out, _ = run("hint", "oros", "game1", "--time", "0.2")
    assert code == 0 and "expected knowledge margin" in out and "win chance" in out
    line = json.loads(run("analyze", "penguins", "pond", "--engine", "mcts", "--sims", "300", "--json")[1])["lines"][0]
    assert line["win"] is None and line["margin"] is None
