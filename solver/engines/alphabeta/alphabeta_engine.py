"""The alpha-beta engine's record: iterative deepening with a table, for two sides without chance
(the search: solver/engines/alphabeta/alphabeta_search.py)."""

from __future__ import annotations

import re

from solver.analysis import WIN
from solver.engines.engine_record import DEPTH_FIRST_LIMITS, MULTIPV, PARTS, EngineRecord, Setting
from solver.errors import CalderaError, shown
from solver.games.game_record import lazy

LIMITS = ("depth", "nodes", "time")  # without any of them, DEFAULT_TIME_S


def parse_weights(text: str) -> tuple[int, ...]:
    """Evaluation weights written as whole numbers joined by '/', e.g. '100/40/5/30/5000/3000/20/3' (penguins: its
    EVAL_WEIGHTS), none larger than a win's score (solver/analysis.py WIN): it would rank one feature above winning."""
    parts = text.split("/")
    if not all(re.fullmatch(r"-?[0-9]{1,7}", p) and abs(int(p)) <= WIN for p in parts):
        raise CalderaError(f"weights must be whole numbers from {-WIN:,} to {WIN:,} joined by '/', not '{shown(text)}'")
    return tuple(int(p) for p in parts)


ENGINE = EngineRecord(
    name="alphabeta",
    plays="two-player games without chance",
    settings={
        **DEPTH_FIRST_LIMITS,
        "threads": Setting.number("threads", 1, "CPU threads to search with"),
        "multipv": MULTIPV,
        "parts": PARTS,
        "solve": Setting(bool, False, "prove a win, loss or draw instead of estimating"),
        "weights": Setting(str, None, "the evaluation's weights, joined by '/' (the kernel's EVAL_WEIGHTS)",
                           check=parse_weights),
    },
    run=lazy("solver.engines.alphabeta.alphabeta_search", "run"),
    warm_up=lazy("solver.engines.alphabeta.alphabeta_search", "warm_up"),
    players=2,
    chance=False,
    orders_wide_roots=True,
)
