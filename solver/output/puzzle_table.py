"""The built-in puzzles of any game as a text table (`caldera puzzles GAME`).

A game's puzzles are dataclasses (solver/games/game_record.py, `puzzles`): every field is a
column, headed by its name, unless its metadata says `table=False` (a solution, which the list
must not give away). Whole numbers are right-aligned; the last column is not padded.
"""

from __future__ import annotations

from dataclasses import fields


def puzzle_table_lines(puzzles) -> list[str]:
    """The puzzles as a table, one line each under a header line of column names."""
    columns = [f.name for f in fields(puzzles[0]) if f.metadata.get("table", True)]
    rows = [[getattr(p, name) for name in columns] for p in puzzles]
    widths = [max(len(name), *(len(str(row[i])) for row in rows)) for i, name in enumerate(columns)]
    right = [all(isinstance(row[i], int) for row in rows) for i in range(len(columns))]

    def line(cells) -> str:
        padded = [f"{cell!s:>{width}}" if numbers else f"{cell!s:{width}}"
                  for cell, width, numbers in zip(cells[:-1], widths, right)]
        return "  ".join([*padded, str(cells[-1])])

    return [line(columns), *map(line, rows)]
