"""HOP! as an SVG picture (`caldera show hop --svg FILE`): the sky track, one column per player
with its pawn at its level (the top row ends the game), each player's balloons as discs (filled
kept, hollow lost), then a row per player and the state of the turn as the terminal shows them
(hop_board.py); a view (`--as`) keeps the others' clouds hidden as '?'. The last move's seats
are outlined; a line of play goes from seat to seat (hurler to partner, and so on)."""

from __future__ import annotations

from collections.abc import Iterable

from solver.games.board_tools import checked_highlight
from solver.games.hop.hop_board import _player_line, role_of, status_lines
from solver.games.hop.hop_rules import BALLOONS, SEATS, TOP_LEVEL, State
from solver.games.svg_tools import HIGHLIGHT, Drawing, draw_line_of_play, swatch_arrow, swatch_circle, swatch_square

SEAT_FILL = ("#d62728", "#1f5fbf", "#2ca02c", "#b23cb2", "#1a9aa0", "#d4a017")
SKY = ("#dcefff", "#c4e3ff")  # alternate levels
TOP_FILL = "#ffe9a8"
COLUMN, LEVEL = 76.0, 40.0


def svg(state: State, highlight: Iterable[int] = (), line: Iterable[tuple[int, ...]] = ()) -> str:
    """The table as SVG text; `highlight` seats outlined, `line` drawn as numbered arrows between seats."""
    marked = checked_highlight(highlight, state.players, "seat", f"table of {state.players} players")
    line = list(line)
    left = 60.0
    d = Drawing(max(640.0, left + COLUMN * state.players + 40), 0.0)
    viewer = "" if state.viewer is None else f"; as {SEATS[state.viewer]} sees it"
    top = d.title(f"HOP!, {state.players} players: {SEATS[state.hurler]} hurls",
                  f"phase {state.phase}{viewer}; skill {state.skill.title}") + 24

    def level_y(level: int) -> float:
        return top + (TOP_LEVEL - level + 0.5) * LEVEL

    for level in range(TOP_LEVEL, 0, -1):
        y = level_y(level) - LEVEL / 2
        d.rect(left, y, COLUMN * state.players, LEVEL, TOP_FILL if level == TOP_LEVEL else SKY[level % 2], "#9ab")
        d.text(left - 16, y + LEVEL / 2, str(level), bold=True)
    d.text(left + COLUMN * state.players + 8, level_y(TOP_LEVEL), "the top", size=12, anchor="start", fill="#555555")

    def pawn(seat: int) -> tuple[float, float]:
        level = max(1, min(TOP_LEVEL, state.levels[seat]))
        return left + (seat + 0.5) * COLUMN, level_y(level)

    for seat in range(state.players):
        x = left + (seat + 0.5) * COLUMN
        role = role_of(state, seat)
        d.text(x, top - 12, SEATS[seat] + (f" {role}" if role else ""), size=12, bold=True, fill=SEAT_FILL[seat])
        if state.balloons[seat] > 0:
            px, py = pawn(seat)
            d.circle(px, py, 14, SEAT_FILL[seat], "#222222", 1.5)
            d.text(px, py, SEATS[seat], size=13, fill="#ffffff", bold=True)
        if seat in marked:
            d.rect(x - COLUMN / 2 + 3, top + 3, COLUMN - 6, LEVEL * TOP_LEVEL - 6, "none", HIGHLIGHT, 4.0)
        for k in range(BALLOONS):
            kept = k < state.balloons[seat]
            d.circle(x - 24 + 12 * k, top + LEVEL * TOP_LEVEL + 16, 5, SEAT_FILL[seat] if kept else "#ffffff",
                     SEAT_FILL[seat], 1.5)
    draw_line_of_play(d, pawn, line)
    y = top + LEVEL * TOP_LEVEL + 40
    fallen = [SEATS[s] for s in range(state.players) if state.balloons[s] == 0]
    if fallen:
        d.text(24, y, f"beside the board (no balloon left): {' '.join(fallen)}", size=12, anchor="start")
        y += 20
    rows = [f" {'player':13} level  balloons  birds  clouds        score"]
    rows += [_player_line(state, seat, False).plain for seat in range(state.players)]
    y = _monospace(d, 24, y, rows)
    entries = [(swatch_circle(SEAT_FILL[0]), "a pawn at its level / a balloon kept"),
               (swatch_circle("#ffffff", SEAT_FILL[0]), "a balloon lost"),
               (swatch_square(TOP_FILL), f"level {TOP_LEVEL}: reaching it ends the game"),
               (swatch_square("none", HIGHLIGHT, stroke_width=3.0), "the last move's seats")]
    if line:
        entries.append((swatch_arrow(), "best line, numbered in order"))
    y = d.legend(24, y + 8, entries, d.width - 48, columns=2)
    d.height = d.lines_of_text(24, y + 6, [text for text in status_lines(state) if text]) + 10
    return d.to_text()


def _monospace(d: Drawing, x: float, y: float, rows: list[str]) -> float:
    """Rows of a table in a monospaced font (their columns line up); returns the y below."""
    for row in rows:
        d.add("text", row, x=float(x), y=float(y), font_family="DejaVu Sans Mono, monospace", font_size=12.0,
              dominant_baseline="central", xml_space="preserve")
        y += 18
    return y
