"""`caldera review`: every decision of a played game (a game file, solver/game_file.py) judged
by an engine against its best move, the same way for every game (docs/records.md).

Each decision position is searched with the engine asked for every legal move's score
(multipv, up to 64). A move's loss is the drop in the mover's win probability from the engine's
best move to the move played, and marks it as chess sites do (lichess, modules/analyse Advice.scala:
a drop in "winning chances", -1..1, of 0.1, 0.2 and 0.3 is an inaccuracy, a mistake and a
blunder; winning chances are 2p - 1, so those are drops of 5, 10 and 15 points of win
probability p). Scores become win probabilities as: a forced win 1, a forced loss 0, a draw
1/2, an MCTS or exact value (the expected share of the win) as it is, and an evaluation through
lichess's curve for centipawns, 1 / (1 + exp(-0.00368208 * 100 * eval)), reading one unit of the
game's evaluation (penguins: an egg) as one pawn. A one-seat game (score in expected turns)
measures loss in extra turns instead: 0.25, 0.5 and 1 turn (Caldera's own thresholds).

When the played move is not among the lines (more than 64 legal moves), or the search stopped
once it proved its best line and left the played one unproven, the position after the move is
searched instead: a finished game gives the mover's result, a two-seat decision position its
score from the other side. Otherwise the move is left unjudged. Chance moves (dice) and
moves that were the only legal one are not judged.

A sampled score (MCTS: a mean over simulations, with a 95% interval) is noise as well as
judgement: the search gives the move it likes few visits, and two engines of the same budget
disagree on moves the search cannot tell apart. So a move whose loss passes a threshold is
searched again before it is marked: the positions after the best move and after the move played,
each with the review's own budget, the mover's expected result from each (its mean over the
simulations, with the 95% interval of a mean of results in 0..1, at most
1.96 sqrt(p (1 - p) / n) either side). The loss is then the difference of those two means; it
marks the move when it passes the threshold and the played move's interval lies wholly below the
best's. While the loss passes and the intervals overlap, the budget doubles, up to RECHECK_CAP
times the review's; then the move is too close to call, and charged no loss. A deterministic
score (alpha-beta, expectimax, exact) is judged by the threshold alone: the same search gives
it again, and only a deeper one could say more.

A game of goals (an oros puzzle played, its goal and budget in the game file) is judged by the
planner instead: an action's loss is the number of actions it adds to the shortest plan (1, 2
and 3 make an inaccuracy, a mistake and a blunder: Caldera's own thresholds), and an action
after which no plan fits the budget left is a blunder.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from solver.analysis import Score
from solver.api import checked_spec, search, search_as_mover
from solver.engines.registry import ENGINE_RECORDS, EngineSpec
from solver.errors import CalderaError
from solver.game_file import opening_moves

SCORING_ENGINES = tuple(name for name, record in ENGINE_RECORDS.items() if record.scores)  # lines with a score
MAX_LINES = 64  # the most lines an engine reports (solver/limits.py RANGES["multipv"])
LICHESS_SLOPE = 0.00368208  # lichess's winning-chances curve, per centipawn
CENTIPAWNS_PER_UNIT = 100  # one unit of evaluation read as one pawn
# (mark, smallest loss): win probability points (0..1) and, for one-seat games, expected turns.
WIN_THRESHOLDS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
TURN_THRESHOLDS = (("blunder", 1.0), ("mistake", 0.5), ("inaccuracy", 0.25))
ACTION_THRESHOLDS = (("blunder", 3.0), ("mistake", 2.0), ("inaccuracy", 1.0))  # actions added to a plan
MARKS = ("inaccuracy", "mistake", "blunder")
TOO_CLOSE = "too close to call"  # the verdict on a loss past a threshold that the search cannot tell from noise
RECHECK_CAP = 4  # the most budget a recheck gives each of the two moves, in multiples of the review's
Z95 = 1.959964  # the standard normal quantile of 97.5%: a two-sided 95% interval


@dataclass
class MoveReview:
    """One move of the game: who made it and, for a judged decision, its loss, mark and the
    engine's better move with its line (in notation)."""

    number: int  # 1-based, as the game file numbers it
    seat: str  # the seat's name, or the words of chance ("the dice roll")
    move: str
    judged: bool = False
    note: str = ""  # why a move is not judged: chance, only move, not scored
    loss: float = 0.0  # win probability points (0..1), or expected turns in a one-seat game
    mark: str = ""  # inaccuracy, mistake, blunder or ""
    best: str = ""
    best_line: list[str] = field(default_factory=list)
    best_score: Score | None = None
    played_score: Score | None = None
    # best, ok, a mark, TOO_CLOSE or "" (not judged)
    verdict: str = ""
    # The mover's expected result after each move, 95% interval (low, high), where the scores
    # are sampled (MCTS): from the recheck if there was one, else from the review's search.
    best_interval: tuple[float, float] | None = None
    played_interval: tuple[float, float] | None = None
    recheck: int = 0  # the budget of each move's recheck, in multiples of the review's (0: none)


@dataclass
class Review:
    """A reviewed game: its moves, the engine, the unit of loss, and whether Ctrl-C cut it short."""

    game: str
    engine: str
    unit: str  # "win" (win probability) or "turns"
    players: dict[str, str]
    moves: list[MoveReview]
    interrupted: bool = False

    def summary(self) -> list[dict]:
        """Per seat that decided: moves judged, average loss, how many of each mark and how many
        too close to call."""
        seats = {}
        for review in self.moves:
            if review.judged:
                seats.setdefault(review.seat, []).append(review)
        rows = []
        for seat, reviews in seats.items():
            counts = {mark: sum(1 for r in reviews if r.mark == mark) for mark in MARKS}
            rows.append({"seat": seat, "player": self.players.get(seat, ""), "moves": len(reviews),
                         "average_loss": sum(r.loss for r in reviews) / len(reviews), **counts,
                         "too_close": sum(1 for r in reviews if r.verdict == TOO_CLOSE)})
        return rows


def review_spec(game, start, engine: str | None, values: dict) -> EngineSpec:
    """The spec `review` runs from the game's first position `start`: `engine` (else the game's)
    with the options in `values` (threads at 1: not given), checked for a review, and searching the
    game's hint time per position where no limit is given."""
    from solver.api import options_spec

    engine = engine or game.engine_for(start)
    check_review_engine(game, engine, values, start)
    values = dict(values, threads=values["threads"] if values["threads"] != 1 else None)
    if "time" in ENGINE_RECORDS[engine].settings and not any(values.get(key) for key in ("depth", "nodes", "sims", "time", "solve")):
        values["time"] = game.hint_time(start)
    return options_spec(engine, values)


def check_review_engine(game, engine: str, settings: dict, start) -> None:
    """Refuse in one line an engine that scores no moves (review compares scores), one other
    than the planner for a puzzle played (a game of goals from the single-agent `start`), or a
    multipv."""
    if game.is_single_agent(start):
        if not ENGINE_RECORDS[engine].goals:
            raise CalderaError(f"a game of goals ({game.name}) is reviewed by the planner's shortest plans, not {engine}")
    elif engine not in SCORING_ENGINES:
        raise CalderaError(f"review compares the scores of moves: use an engine that scores them "
                           f"({', '.join(SCORING_ENGINES)}), not {engine}")
    if settings.get("multipv") is not None:
        raise CalderaError("review asks the engine for every move's score itself: drop --multipv")


def win_probability(score: Score) -> float:
    """The mover's chance to win that `score` stands for (see the module doc)."""
    if score.kind == "win":
        return 1.0
    if score.kind == "loss":
        return 0.0
    if score.kind == "draw":
        return 0.5
    if score.kind == "eval":
        return 1.0 / (1.0 + math.exp(-LICHESS_SLOPE * CENTIPAWNS_PER_UNIT * score.value))
    return score.value


def loss_between(best: Score, played: Score) -> tuple[float, str]:
    """(loss, unit) of playing `played` instead of `best`: win probability points, or extra
    expected turns when the scores count turns; never below 0 (a search's noise)."""
    if best.kind == "turns":
        return max(0.0, played.value - best.value), "turns"
    return max(0.0, win_probability(best) - win_probability(played)), "win"


def mark_of(loss: float, unit: str) -> str:
    """The mark of a loss: blunder, mistake, inaccuracy or ''."""
    for mark, least in {"turns": TURN_THRESHOLDS, "actions": ACTION_THRESHOLDS}.get(unit, WIN_THRESHOLDS):
        if loss >= least:
            return mark
    return ""


def review_game(game, spec: EngineSpec, played, states: list,
                on_position: Callable[[int, int], None] | None = None) -> Review:
    """Review the moves of `played` (a PlayedGame of `game`, its record) whose positions are
    `states` (the start first) with the engine of `spec`; `on_position(done, total)` after each
    decision searched. Ctrl-C ends it after the search it stops, with the moves so far."""
    check_review_engine(game, spec.name, spec.settings, states[0])
    if game.is_single_agent(states[0]):
        return review_plans(game, spec, played, states, on_position)
    opening = opening_moves(played)  # a match's random opening: no engine chose those moves
    decisions = [i for i in range(opening, len(played.moves)) if not game.is_chance(states[i])]
    result = Review(game.name, spec.text(), "win", played.players, [])
    done = 0
    for index, text in enumerate(played.moves):
        state = states[index]
        if game.is_chance(state):
            result.moves.append(MoveReview(index + 1, game.chance_words(state), text, note="chance"))
            continue
        review = MoveReview(index + 1, game.seat_name(state), text)
        result.moves.append(review)
        if index < opening:
            review.note = "random opening"
            continue
        if len(game.legal_moves(state)) == 1:
            review.note = "only move"
        else:
            checked_spec(game, spec, state)
            if not _judge(game, spec, state, game.parse_move(state, text), review, result):
                result.interrupted, review.note = True, "stopped by Ctrl-C"
                break
        done += 1
        if on_position is not None:
            on_position(done, len(decisions))
    return result


def review_plans(game, spec: EngineSpec, played, states: list,
                 on_position: Callable[[int, int], None] | None = None) -> Review:
    """Review a game of goals (a puzzle played, `played` with its goal and budget): each action
    loses the actions it adds to the shortest plan (the planner's, from every position with the
    budget left), or the goal itself when no plan fits the budget any more."""
    from solver.api import goal_and_budget, plan
    from solver.engines.planner.planner_search import FOUND, NO_PLAN
    from solver.output.analysis_output import pv_texts

    if not played.goal:
        raise CalderaError(f"a review of {game.name} needs the game's goal: a 'goal' line in the game file "
                           "(docs/records.md; caldera play writes it)")
    goal, budget = goal_and_budget(game, states[0], None, "", played.goal, played.budget)
    result = Review(game.name, spec.text(), "actions", played.players, [])
    plans = []
    for index, state in enumerate(states):
        left = budget - index
        plans.append(plan(game, spec, state, goal, left) if left >= 0 else None)
        if plans[-1] is not None and plans[-1].stopped == "interrupted":
            result.interrupted = True
            break
        if on_position is not None and index:
            on_position(index, len(played.moves))
    for index, text in enumerate(played.moves[:len(plans) - 1]):
        before, after = plans[index], plans[index + 1]
        review = MoveReview(index + 1, game.seat_name(states[index]), text)
        result.moves.append(review)
        if before is None or before.outcome != FOUND:
            review.note = "no plan within the budget" if before is None or before.outcome == NO_PLAN else \
                "not solved within the limit"
            continue
        if not before.plan:
            review.note = "goal already met"
            continue
        review.best = game.format_move(states[index], before.plan[0])
        review.best_line = pv_texts(states[index], before.plan, game)
        if after is not None and after.outcome == FOUND:
            review.loss = float(len(after.plan) + 1 - len(before.plan))
        elif after is None or after.outcome == NO_PLAN:
            review.loss = float(budget - index + 1 - len(before.plan))  # at least: every action left, and one more
            review.note = "the goal is out of reach within the budget"
        else:
            review.note = "not solved within the limit"
            continue
        review.judged = True
        review.mark = "blunder" if review.note else mark_of(review.loss, "actions")
        review.verdict = review.mark or ("best" if review.move == review.best else "ok")
    return result


def _judge(game, spec: EngineSpec, state, move: int, review: MoveReview, result: Review) -> bool:
    """Fill `review` with the engine's judgement of `move` in `state`; False when Ctrl-C stopped it."""
    from solver.output.analysis_output import pv_texts

    lines = min(MAX_LINES, len(game.legal_moves(state)))
    wanted = EngineSpec(spec.name, {**spec.settings, "multipv": lines} if "multipv" in ENGINE_RECORDS[spec.name].settings else spec.settings)
    analysis = search_as_mover(game, wanted, state)
    if analysis.stopped == "interrupted":
        return False
    best = analysis.best
    played_line = next((line for line in analysis.lines if line.move == move), None)
    played = None if played_line is None else played_line.score
    if played is None or (analysis.stopped == "solved" and played.kind == "eval"):
        # Outside the lines, or left unproven when the search stopped at the best line's proof.
        after = _score_after(game, spec, state, move)
        if after is False:
            return False
        played = after if after is not None else played
    review.best, review.best_line = game.format_move(state, best.move), pv_texts(state, best.pv, game)
    review.best_score, review.played_score = best.score, played
    if played is None:
        review.note = "not scored (outside the engine's lines)"
        return True
    review.loss, result.unit = loss_between(best.score, played)
    review.judged = True
    if best.low is not None and played_line is not None and played_line.low is not None:
        review.best_interval, review.played_interval = (best.low, best.high), (played_line.low, played_line.high)
    if mark_of(review.loss, result.unit) and best.low is not None and move != best.move:
        return _recheck(game, spec, state, best.move, move, review)
    review.mark = mark_of(review.loss, result.unit)
    review.verdict = review.mark or ("best" if move == best.move else "ok")
    return True


def _recheck(game, spec: EngineSpec, state, best: int, move: int, review: MoveReview) -> bool:
    """Judge `move` against `best` again from the positions after each, searched with equal
    budgets, doubled while the loss passes a threshold and the intervals overlap (see the module
    doc); False when Ctrl-C stopped it."""
    factor = 1
    while True:
        wide = widened(spec, factor)
        best_result, played_result = _result_after(game, wide, state, best), _result_after(game, wide, state, move)
        if best_result is None or played_result is None:
            return False
        (best_mean, *best_bounds), (played_mean, *played_bounds) = best_result, played_result
        loss = max(0.0, best_mean - played_mean)
        apart = played_bounds[1] < best_bounds[0]
        if not mark_of(loss, "win") or apart or factor >= RECHECK_CAP:
            break
        factor *= 2
    review.recheck = factor
    review.best_score, review.played_score = Score("value", best_mean), Score("value", played_mean)
    review.best_interval, review.played_interval = tuple(best_bounds), tuple(played_bounds)
    if apart or not mark_of(loss, "win"):
        review.loss, review.mark = loss, mark_of(loss, "win")
        review.verdict = review.mark or "ok"
    else:
        review.loss, review.mark, review.verdict = 0.0, "", TOO_CLOSE
    return True


def widened(spec: EngineSpec, factor: int) -> EngineSpec:
    """`spec` with `factor` times its budget (simulations, else seconds)."""
    key = "sims" if spec.settings.get("sims") else "time"
    return EngineSpec(spec.name, {**spec.settings, key: spec.settings[key] * factor})


def _result_after(game, spec: EngineSpec, state, move: int) -> tuple[float, float, float] | None:
    """The mover's expected result after `move` (0..1) with its 95% interval, (mean, low, high):
    the result itself where the game ends, else the mean over the simulations of a search of the
    position after, with the interval of a mean of n results in 0..1 (a variance at most
    p (1 - p)), the whole range where no simulation ran; None when Ctrl-C stopped the search."""
    after = game.successor(state, move)
    mover = game.to_move(state)
    if game.is_over(after):
        value = float(game.results(after)[mover])
        return value, value, value
    analysis = search(game, spec, after) if game.is_chance(after) else search_as_mover(game, spec, after)
    if analysis.stopped == "interrupted":
        return None
    if analysis.seat_values is None:  # no simulation ran: nothing measured
        return 0.5, 0.0, 1.0
    mean, n = analysis.seat_values[mover], analysis.nodes
    half = Z95 * math.sqrt(max(mean * (1.0 - mean), 0.0) / n)
    return mean, max(mean - half, 0.0), min(mean + half, 1.0)


def _score_after(game, spec: EngineSpec, state, move: int):
    """The mover's score of `move` from the position after it (see the module doc): a Score,
    None where it cannot be had, False when Ctrl-C stopped the search."""
    after = game.successor(state, move)
    mover = game.to_move(state)
    if game.is_over(after):
        return Score("value", game.results(after)[mover])
    if game.is_chance(after) or game.player_count(state) != 2:
        return None
    analysis = search_as_mover(game, spec, after)
    if analysis.stopped == "interrupted":
        return False
    score = analysis.best.score
    plies = None if score.plies is None else score.plies + 1  # counted from before the move
    if game.to_move(after) == mover:
        return Score(score.kind, score.value, plies)
    flipped = {"win": "loss", "loss": "win"}.get(score.kind, score.kind)
    value = -score.value if score.kind in ("eval", "win", "loss") else 1.0 - score.value if score.kind == "value" else score.value
    return Score(flipped, value, plies)
