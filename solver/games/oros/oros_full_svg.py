"""The full Oros game as an SVG picture (`caldera show oros game1 --svg FILE`): the map as
oros_svg.py draws it, each mountain's sanctuaries (kind letter and builder) and the followers on
each tile as coloured seat letters; the players' boards, the pyramid and the AI decks as status
lines (the terminal picture's, oros_full_board.py)."""

from __future__ import annotations

from collections.abc import Iterable

from solver.games.board_tools import checked_highlight
from solver.games.oros.oros_full_board import SHORT, decks, pyramid, seat_columns, turn
from kernels.oros.oros_game_data import COLUMNS, KINDS
from solver.games.oros.oros_full_state import State, sanctuaries_on, seat, tile
from solver.games.oros.oros_game_notation import KIND_LETTERS, SEAT_LETTERS
from solver.games.oros.oros_board import wrap_note
from solver.games.oros.oros_svg import CELL, draw_map_cell, map_legend
from solver.games.svg_tools import Drawing, GridPicture, swatch_square

SEAT_FILLS = ("#c62828", "#1565c0", "#2e7d32", "#8e24aa")


def svg(state: State, highlight: Iterable[int] = (), line: Iterable[tuple[int, ...]] = ()) -> str:
    """The position as SVG text; `highlight` cells outlined, `line` (a line of play) as numbered arrows."""
    board = state.map
    marked = checked_highlight(highlight, board.cells, "cell", f"{board.width}x{board.height} map")

    def draw_cell(d: Drawing, grid: int, index: int, x: float, y: float) -> None:
        draw_map_cell(d, board, index, x, y)
        for k, sanctuary in enumerate(sanctuaries_on(state, index)):
            studying = any(seat(index, sanctuary.kind) in places for places in state.followers)
            d.text(x + 54, y + 30 + 13 * k, KIND_LETTERS[KINDS.index(sanctuary.kind)] + SEAT_LETTERS[sanctuary.owner]
                   + ("+" if studying else ""), size=11, bold=True, fill=SEAT_FILLS[sanctuary.owner])
        standing = [who for who, places in enumerate(state.followers) for _ in range(places.count(tile(index)))]
        for k, who in enumerate(standing[:4]):
            d.circle(x + 10 + 13 * k, y + 12, 6, SEAT_FILLS[who], "#ffffff", 1.0)

    legend = map_legend("the last ply's cells") + [
        (swatch_square(fill), f"{SEAT_LETTERS[who]}: followers, sanctuaries") for who, fill in enumerate(SEAT_FILLS[:state.seats])]
    status = ["s stones, h shrine, t temple and the builder; + a follower studies there",
              "hats: " + " ".join(SHORT[c] for c in COLUMNS)]
    for who in range(state.seats):
        row = seat_columns(state, who)
        hats = "".join(row[SHORT[c]] for c in COLUMNS)
        wisdom = f" wisdom {row['wis']}" if row["wis"] else ""
        status.append(f"{row['seat']}: slots {row['slots']} sanctum {row['sanctum']} map {row['map']} hats {hats}"
                      f"{wisdom} pyramid {row['pyr']} knowledge {row['know']}")
    status += [text.plain.strip() for text in (*pyramid(state), *decks(state), turn(state))]
    picture = GridPicture(
        title=f"Oros {board.width}x{board.height}, {state.ai.count(False)} player"
              f"{'s' if state.ai.count(False) > 1 else ''}", subtitle=f"round {state.round}",
        columns=board.width, rows=board.height, draw_cell=draw_cell, legend=legend, status=status, cell=CELL,
        note=wrap_note(board),
    )
    return picture.svg(marked, line)
