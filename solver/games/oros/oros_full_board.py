"""The full Oros game for the terminal (rulings O-8..O-14): the map with followers and sanctuaries,
each player's board, the pyramid track and the AI decks, as one rich renderable under 100 columns.

Each map cell is a box of two lines, 7 characters inside, so that the whole fits 80 columns:

    line 1: the level (`~~~` sea, `1`..`4` land, `M` a mountain), `*` on a hotspot, then the
            volcanoes highest first after one `▲` (`4*▲32`: a level-4 tile on a hotspot carrying
            volcanoes 3 and 2; `▲5` for five or more volcanoes too many to list);
    line 2: the sanctuaries on a mountain, each its kind's letter (s stones, h shrine, t temple)
            and its builder's seat (`sAhB`), then the followers there: a seat's letter for each
            follower on the tile, in lower case for one studying in a sanctuary (`sAhB Ab`).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.table import Table
from rich.text import Text

from solver.games.board_tools import HIGHLIGHT_STYLE, boxed_grid, checked_highlight
from solver.games.oros import oros_full_rules as rules
from solver.games.oros.oros_board import (
    HOTSPOT,
    HOTSPOT_STYLE,
    LEVEL_STYLES,
    LEVEL_TEXT,
    VOLCANO,
    VOLCANO_STYLE,
    wrap_note,
)
from solver.games.oros.oros_full_ai import draw_pile
from kernels.oros.oros_game_data import COLUMNS, KINDS, SLOTS, design
from solver.games.oros.oros_full_game import phase_text
from solver.games.oros.oros_full_scoring import knowledge
from solver.games.oros.oros_full_state import HOME, SANCTUM, State, sanctuaries_on, seat, slot, tile
from solver.games.oros.oros_game_notation import KIND_LETTERS, SEAT_LETTERS
from solver.games.oros.oros_notation import COLUMNS as FILES

INNER = 9  # characters inside a cell's box (as oros_board.py): 7 cells and the row labels fit 80 columns
CONTENT = INNER - 2
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
SHORT = {"drift": "dri", "tectonic": "tec", "volcano": "vol", "study": "stu", "travel": "tra",
         "stones": "sto", "shrine": "shr", "temple": "tem"}


def render(state: State, highlight: Iterable[int] = ()) -> Group:
    """The map with followers and sanctuaries, each seat's board, the pyramid and the AI decks.

    `highlight` holds cell indexes (e.g. those the last ply changed); an index off the map raises
    ValueError.
    """
    board = state.map
    marked = checked_highlight(highlight, board.cells, "cell", f"{board.width}x{board.height} map")
    lines = boxed_grid(board.width, board.height, FILES, INNER, marked, lambda i: _ground(state, i),
                       lambda i: _people(state, i))
    lines.append(Text(wrap_note(board), style="italic dim"))
    lines += _legend()
    slots = Text("slots: " + " ".join(SLOTS) + "; hats: each column's level", style="dim")
    return Group(*lines, boards(state), slots, *pyramid(state), *decks(state), turn(state))


def _ground(state: State, cell: int) -> list[tuple[str, str]]:
    """The cell's level, hotspot and volcanoes, in at most CONTENT characters."""
    level = state.map.levels[cell]
    pieces = [(LEVEL_TEXT[level], LEVEL_STYLES[level])]
    if cell in state.map.hotspots:
        pieces.append((HOTSPOT, HOTSPOT_STYLE))
    stack = state.map.volcanoes[cell]
    if stack:
        listed = VOLCANO + "".join(map(str, stack))
        room = CONTENT - sum(len(text) for text, _ in pieces)
        pieces.append((listed if len(listed) <= room else f"{VOLCANO}{len(stack)}", VOLCANO_STYLE))
    return pieces


def _people(state: State, cell: int) -> list[tuple[str, str]]:
    """The cell's sanctuaries (kind and builder), then its followers by seat: upper case on the
    tile, lower case studying in a sanctuary; a count where they do not fit."""
    pieces: list[tuple[str, str]] = []
    for sanctuary in sanctuaries_on(state, cell):
        pieces += [(KIND_LETTERS[KINDS.index(sanctuary.kind)], "bold"),
                   (SEAT_LETTERS[sanctuary.owner], SEAT_STYLES[sanctuary.owner])]
    people = [(SEAT_LETTERS[who], SEAT_STYLES[who]) for who, places in enumerate(state.followers)
              for _ in range(places.count(tile(cell)))]
    people += [(SEAT_LETTERS[who].lower(), SEAT_STYLES[who]) for who, places in enumerate(state.followers)
               for s in sanctuaries_on(state, cell) if seat(cell, s.kind) in places]
    if people:
        room = CONTENT - len(pieces) - (1 if pieces else 0)
        pieces += ([(" ", "")] if pieces else []) + (people if len(people) <= room else [(f"{len(people)}f", "bold")])
    return pieces


def _legend() -> list[Text]:
    """What the marks stand for, in lines under 80 columns."""
    first = Text("legend: ~~~ sea  1-4 land  M mountain ")
    first.append(HOTSPOT, style=HOTSPOT_STYLE)
    first.append(" hotspot ")
    first.append(f"{VOLCANO}32", style=VOLCANO_STYLE)
    first.append(" volcanoes 3, 2  ")
    first.append("[ ]", style=HIGHLIGHT_STYLE)
    first.append(" last ply")
    second = Text("        sAhB stones by A, shrine by B (t temple)  Ab A's follower, B's studying")
    return [first, second]


def seat_columns(state: State, who: int) -> dict[str, str]:
    """Seat `who`'s board as texts by column: its slots (`o` a follower, `·` empty, in the order
    of SLOTS, then `+N` for a player's followers waiting for a slot; an AI's followers at home),
    the sanctum, the followers on the map, each hat's
    level, wisdom to spend, the demigod's space and the knowledge the final scoring would count now."""
    places = state.followers[who]
    slots = f"{places.count(HOME)} home" if state.ai[who] else "".join(
        "o" if slot(name) in places else "·" for name in SLOTS) + (f"+{places.count(HOME)}" if HOME in places else "")
    return {"seat": f"{SEAT_LETTERS[who]} (AI)" if state.ai[who] else SEAT_LETTERS[who], "slots": slots,
            "sanctum": str(places.count(SANCTUM)), "map": str(sum(place[0] in ("tile", "seat") for place in places)),
            **{SHORT[c]: str(level) for c, level in zip(COLUMNS, state.hats[who])},
            "wis": "" if state.ai[who] else str(state.wisdom[who]), "pyr": str(state.pyramid[who]),
            "know": str(knowledge(state, who))}


def boards(state: State) -> Table:
    """One row per seat: seat_columns."""
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    rows = [seat_columns(state, who) for who in range(state.seats)]
    for header in rows[0]:
        table.add_column(header, justify="left" if header in ("seat", "slots") else "right")
    for who, row in enumerate(rows):
        table.add_row(Text(row["seat"], style=SEAT_STYLES[who]), *list(row.values())[1:])
    return table


def pyramid(state: State) -> list[Text]:
    """The track from 0 to the top: each space its demigods' letters, `·` free, red spaces `r`
    (`x` once fired)."""
    line = Text("pyramid  ")
    for space in range(design().top + 1):
        here = [who for who in range(state.seats) if state.pyramid[who] == space]
        if here:
            for who in here:
                line.append(SEAT_LETTERS[who], style=SEAT_STYLES[who])
        elif space in design().red:
            line.append("x" if space in state.fired else "r", style="red")
        else:
            line.append("·", style="dim")
        line.append(" ")
    note = Text(f"         0-{design().top}; r red: +{design().red_volcano_levels} volcano levels on every hotspot, "
                "once; x fired", style="dim")
    return [line, note]


def decks(state: State) -> list[Text]:
    """Each AI's deck: the draw pile's cards and the discard's top card."""
    lines = []
    for who in range(state.seats):
        deck = state.decks[who]
        if deck is None:
            continue
        pile = "".join(str(card + 1) for card in draw_pile(state, who))
        top = f"card {deck.top + 1}" if deck.top >= 0 else "none yet"
        reshuffle = " (reshuffled at the next draw)" if not deck.draw else ""
        lines.append(Text(f"AI deck {SEAT_LETTERS[who]} ({state.personality}): draws from {pile}{reshuffle}; "
                          f"discard top {top}"))
    return lines


def turn(state: State) -> Text:
    """Whose ply it is and what is left of the turn."""
    who = rules.mover(state)
    return Text(f"to move: {SEAT_LETTERS[who]}  ({phase_text(state)}; start player {SEAT_LETTERS[state.first]})")
