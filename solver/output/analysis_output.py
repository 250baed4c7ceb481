"""Analysis results as text for people (rich) and as JSON for programs (docs/json.md).

Text lines are printed with soft wrap: a position's notation is never broken across lines.

Moves are named through the game registry (solver/games/registry.py), so every game prints the
same way; an MCTS line of a dice game may pass through chance outcomes, named like `roll:3V`.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

from rich.table import Table

from solver.analysis import Analysis, Line
from solver.calibration import calibrated_chance
from solver.engines.registry import EngineSpec
from solver.games.game_record import Game
from solver.output.terminal import terminal

PV_SHOWN = 12  # moves of a principal variation printed in the table


def pv_texts(state, pv: tuple[int, ...], game: Game) -> list[str]:
    """The principal variation in move notation, each move named in the position it is played in."""
    texts = []
    for code in pv:
        texts.append(game.format_move(state, code))
        state = game.successor(state, code)
    return texts


def progress_line(state, analysis: Analysis, game: Game) -> str:
    """One status line while searching: depth, score, nodes, speed and the current best line."""
    best = analysis.best
    line = f"{analysis.engine}  depth {analysis.depth}  nodes {analysis.nodes:,}  {analysis.nodes_per_second:,.0f}/s  {analysis.seconds:.1f} s"
    if best is not None:
        line += f"  {best.score.text()}  {' '.join(pv_texts(state, best.pv, game)[:8])}"
    return line


def margin_text(line: Line, short: bool = False) -> str:
    """An MCTS line's expected score margin with its 95% interval, e.g. '-23.4 (-25.1 to -21.7)',
    or `short` for a table '-23.4±1.7' (the interval is symmetric); '' without a margin."""
    if line.margin is None:
        return ""
    if line.margin_low is None:
        return f"{line.margin:+.1f}"
    if short:
        return f"{line.margin:+.1f}±{(line.margin_high - line.margin_low) / 2:.1f}"
    return f"{line.margin:+.1f} ({line.margin_low:+.1f} to {line.margin_high:+.1f})"


def outcome_words(state, line: Line, game: Game) -> str:
    """What MCTS expects after a move, in words: the win chance of the game's calibration map
    (solver/calibration.py) and, where the kernel has scores (oros), the expected score margin and
    the share of simulated games won, e.g. 'expected knowledge margin -23.4 (-25.1 to -21.7) over
    the best other seat, win chance 41.0% (calibrated; 0.0% of the simulated games won)'; '' where
    there is none of them."""
    said = []
    if line.margin is not None:
        said.append(f"expected {game.score_name} margin {margin_text(line)} over the best other seat")
    chance = calibrated_chance(game, state, line)
    simulated = "" if line.win is None else f"; {100 * line.win:.1f}% of the simulated games won"
    if chance is not None:
        said.append(f"win chance {100 * chance:.1f}% (calibrated{simulated})")
    elif line.win is not None:
        said.append(f"{100 * line.win:.1f}% of the simulated games won")
    return ", ".join(said)


def interval_text(line: Line) -> str:
    """The 95% interval of an MCTS line's score, e.g. '52.9-55.9%'; '' without one."""
    if line.low is None or line.high is None:
        return ""
    return f"{100 * line.low:.1f}-{100 * line.high:.1f}%"


EQUAL_NAMED = 6  # moves an "equally good" sentence names before counting the rest


def equal_moves_text(state, analysis: Analysis, game: Game) -> str:
    """The moves that cannot be told apart from the best at this budget, named, e.g. 'bS, 4E and
    bN' (after EQUAL_NAMED of them, 'and 9 other moves'); '' where the best stands alone."""
    if len(analysis.equal) < 2:
        return ""
    names = [game.format_move(state, move) for move in analysis.equal]
    if len(names) > EQUAL_NAMED:
        names = names[:EQUAL_NAMED - 1] + [f"{len(names) - EQUAL_NAMED + 1} other moves"]
    return f"{', '.join(names[:-1])} and {names[-1]}"


def print_analysis(state, spec: EngineSpec, analysis: Analysis, game: Game) -> None:
    """The analysis as a table of lines with a summary, on stdout."""
    console = terminal()
    seat = game.seat_name(state)
    console.print(f"position  {game.format_position(state)}", markup=False, highlight=False, soft_wrap=True)
    console.print(f"to move   {seat} ({game.phase_text(state)})  engine {spec.text()}", markup=False, highlight=False, soft_wrap=True)
    if not analysis.lines:
        console.print(f"{seat} has no legal move: the game is over.", soft_wrap=True)
        return
    unit = "sims" if analysis.engine == "mcts" else "nodes"
    table = Table(box=None, pad_edge=False)
    best = analysis.lines[0]
    margin = "margin" if best.margin is not None else None
    chance = "chance" if calibrated_chance(game, state, best) is not None else None
    interval = "95%" if best.low is not None else None
    widest = max(len(game.format_move(state, line.move)) for line in analysis.lines)
    for column in ("#", "move", "score", interval, margin, chance, "visits" if analysis.engine == "mcts" else None, "line"):
        if column:
            table.add_column(column, justify="left" if column in ("move", "score", "95%", "margin", "line") else "right",
                             min_width=widest if column == "move" else None)  # a move is never cut short
    for rank, line in enumerate(analysis.lines, start=1):
        moves = pv_texts(state, line.pv, game)
        shown = " ".join(moves[:PV_SHOWN]) + (" ..." if len(moves) > PV_SHOWN else "")
        cells = [str(rank), moves[0], line.score.text()]
        if interval:
            cells.append(interval_text(line))
        if margin:
            cells.append(margin_text(line, short=True))  # '': a move never visited
        if chance:
            value = calibrated_chance(game, state, line)
            cells.append("" if value is None else f"{100 * value:.1f}%")
        if analysis.engine == "mcts":
            cells.append(f"{line.visits:,}")
        table.add_row(*cells, shown)
    console.print(table)
    if not game.is_chance(state):  # at a roll the lines are dice outcomes, not a choice
        words = game.explain(state, best.move, best.score)
        expected = outcome_words(state, best, game)
        console.print(f"best      {pv_texts(state, best.pv, game)[0]}: {words}" + (f"; {expected}" if expected else ""),
                      markup=False, highlight=False, soft_wrap=True)
        equal = equal_moves_text(state, analysis, game)
        if equal:
            console.print(f"equal     {equal} are equally good after {analysis.nodes:,} simulations "
                          "(their 95% intervals overlap)", markup=False, highlight=False, soft_wrap=True)
    console.print(
        f"depth {analysis.depth}  {unit} {analysis.nodes:,}  {analysis.nodes_per_second:,.0f} {unit}/s  "
        f"time {analysis.seconds:.2f} s", markup=False, highlight=False, soft_wrap=True,
    )
    console.print(f"threads {analysis.threads}  stopped by: {analysis.stopped}", markup=False, highlight=False, soft_wrap=True)
    chances = seat_chances_text(state, analysis, game)
    if chances:
        console.print(chances, markup=False, highlight=False, soft_wrap=True)
    for note in analysis.notes:
        console.print(f"note: {note}", markup=False, highlight=False, soft_wrap=True)


def seat_chances_text(state, analysis: Analysis, game: Game) -> str:
    """Every seat's mean result over the search's simulations, where a position has more than two
    seats ('' otherwise: with two, the score says it); e.g. 'chances A 31.0%  B 22.4%  C ...'."""
    players = game.player_count(state)
    if analysis.seat_values is None or players <= 2:
        return ""
    return "chances " + "  ".join(f"{game.seats[s]} {100 * v:.1f}%" for s, v in enumerate(analysis.seat_values[:players]))


def analysis_json(state, spec: EngineSpec, analysis: Analysis, game: Game) -> str:
    """The analysis as one line of JSON with the keys documented in docs/json.md."""
    return json.dumps({
        "game": game.name,
        "position": game.format_position(state),
        "to_move": game.seat_name(state),
        "engine": spec.text(),
        "depth": analysis.depth,
        "nodes": analysis.nodes,
        "nps": round(analysis.nodes_per_second),
        "seconds": round(analysis.seconds, 3),
        "threads": analysis.threads,
        "stopped": analysis.stopped,
        "lines": [
            {"move": pv_texts(state, line.pv, game)[0], "score": line.score.as_json(), "pv": pv_texts(state, line.pv, game),
             "visits": line.visits, "win": line.win, "margin": line.margin,
             "margin_interval": None if line.margin_low is None else [line.margin_low, line.margin_high],
             "interval": None if line.low is None else [line.low, line.high],
             "win_chance": calibrated_chance(game, state, line)}
            for line in analysis.lines
        ],
        "equal": [game.format_move(state, move) for move in analysis.equal],
        "notes": analysis.notes,
    })


# ---------------------------------------------------------------------------------- chance nodes


def chance_note(state, game: Game) -> str:
    """Why nothing is searched at a chance node, in one sentence."""
    outcomes = game.chance_outcomes(state)
    return (f"the next move is {game.chance_words(state)}, not a decision of {game.seat_name(state)}: "
            f"{len(outcomes)} outcomes, nothing to search")


def chance_table_lines(state, game: Game) -> list[str]:
    """The chance outcomes with their probabilities, one per line, as fractions over one common
    denominator (island's dice in 36ths, a die of three numbers in thirds)."""
    outcomes = [(code, Fraction(p).limit_denominator(10_000)) for code, p in game.chance_outcomes(state)]
    common = math.lcm(*(p.denominator for _, p in outcomes)) if outcomes else 1
    names = [game.format_move(state, code) for code, _ in outcomes]
    width, digits = max([9, *map(len, names)]), len(str(common))
    return [f"{name:{width}} {p.numerator * common // p.denominator:>{digits}}/{common}  {100 * float(p):5.1f}%"
            for name, (_, p) in zip(names, outcomes)]


def print_chance(state, spec: EngineSpec, game: Game) -> None:
    """What `analyze` prints at a chance node: the outcomes of the dice, instead of a search."""
    console = terminal()
    console.print(f"position  {game.format_position(state)}", markup=False, highlight=False, soft_wrap=True)
    console.print(f"to move   {game.seat_name(state)} ({game.phase_text(state)})  engine {spec.text()}", markup=False, highlight=False, soft_wrap=True)
    console.print(chance_note(state, game), markup=False, highlight=False, soft_wrap=True)
    console.print("outcome   probability", markup=False, highlight=False, soft_wrap=True)
    for line in chance_table_lines(state, game):
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def chance_json(state, spec: EngineSpec, game: Game) -> str:
    """The JSON of `analyze --json` at a chance node: the usual keys with no lines, stopped
    "chance", and a "chance" list of {"move", "probability"}."""
    return json.dumps({
        "game": game.name,
        "position": game.format_position(state),
        "to_move": game.seat_name(state),
        "engine": spec.text(),
        "depth": 0,
        "nodes": 0,
        "nps": 0,
        "seconds": 0.0,
        "threads": spec.settings.get("threads", 1),
        "stopped": "chance",
        "lines": [],
        "equal": [],
        "notes": [chance_note(state, game)],
        "chance": [{"move": game.format_move(state, code), "probability": float(p)}
                   for code, p in game.chance_outcomes(state)],
    })
