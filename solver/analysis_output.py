"""Analysis results as text for people (rich) and as JSON for programs (docs/json.md)."""

from __future__ import annotations

import json

from rich.console import Console
from rich.table import Table

from solver.analysis import Analysis
from solver.engine import EngineSpec
from solver.games.penguins import SIDES, State, successor
from solver.games.penguins_kernel import decode_move
from solver.games.penguins_notation import format_move

PV_SHOWN = 12  # moves of a principal variation printed in the table


def pv_texts(state: State, pv: tuple[int, ...]) -> list[str]:
    """The principal variation in move notation, each move named in the position it is played in."""
    texts = []
    for code in pv:
        move = decode_move(code)
        texts.append(format_move(state, move))
        state = successor(state, move)
    return texts


def progress_line(state: State, analysis: Analysis) -> str:
    """One status line while searching: depth, score, nodes, speed and the current best line."""
    best = analysis.best
    line = f"{analysis.engine}  depth {analysis.depth}  nodes {analysis.nodes:,}  {analysis.nodes_per_second:,.0f}/s  {analysis.seconds:.1f} s"
    if best is not None:
        line += f"  {best.score.text()}  {' '.join(pv_texts(state, best.pv)[:8])}"
    return line


def print_analysis(state: State, spec: EngineSpec, analysis: Analysis, position_text: str) -> None:
    """The analysis as a table of lines with a summary, on stdout."""
    console = Console()
    console.print(f"position  {position_text}", markup=False, highlight=False)
    console.print(f"to move   {SIDES[state.to_move]} ({state.phase})  engine {spec.text()}", markup=False, highlight=False)
    if not analysis.lines:
        console.print(f"{SIDES[state.to_move]} has no legal move: the game is over.")
        return
    unit = "sims" if analysis.engine == "mcts" else "nodes"
    table = Table(box=None, pad_edge=False)
    for column in ("#", "move", "score", "visits" if analysis.engine == "mcts" else None, "line"):
        if column:
            table.add_column(column, justify="right" if column in ("#", "visits") else "left")
    for rank, line in enumerate(analysis.lines, start=1):
        moves = pv_texts(state, line.pv)
        shown = " ".join(moves[:PV_SHOWN]) + (" ..." if len(moves) > PV_SHOWN else "")
        cells = [str(rank), moves[0], line.score.text()]
        if analysis.engine == "mcts":
            cells.append(f"{line.visits:,}")
        table.add_row(*cells, shown)
    console.print(table)
    console.print(
        f"depth {analysis.depth}  {unit} {analysis.nodes:,}  {analysis.nodes_per_second:,.0f} {unit}/s  "
        f"time {analysis.seconds:.2f} s", markup=False, highlight=False,
    )
    console.print(f"threads {analysis.threads}  stopped by: {analysis.stopped}", markup=False, highlight=False)
    for note in analysis.notes:
        console.print(f"note: {note}", markup=False, highlight=False)


def analysis_json(state: State, spec: EngineSpec, analysis: Analysis) -> str:
    """The analysis as one line of JSON with the keys documented in docs/json.md."""
    from solver.games.penguins_notation import format_position

    return json.dumps({
        "game": "penguins",
        "position": format_position(state),
        "to_move": SIDES[state.to_move],
        "engine": spec.text(),
        "depth": analysis.depth,
        "nodes": analysis.nodes,
        "nps": round(analysis.nodes_per_second),
        "seconds": round(analysis.seconds, 3),
        "threads": analysis.threads,
        "stopped": analysis.stopped,
        "lines": [
            {"move": pv_texts(state, line.pv)[0], "score": line.score.as_json(), "pv": pv_texts(state, line.pv), "visits": line.visits}
            for line in analysis.lines
        ],
        "notes": analysis.notes,
    })
