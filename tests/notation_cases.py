"""Checks the notation tests of every game share: round trips of positions and moves, errors that
name their field and column, and the runnable examples of docs/notation.md.

Each takes the game's notation module (solver/games/<game>/<game>_notation.py), whose
parse_position, format_position, parse_move and format_move every game has.
"""

from __future__ import annotations

import doctest
from pathlib import Path
from types import ModuleType

import pytest

from solver.errors import NotationError

NOTATION_DOC = Path(__file__).resolve().parents[1] / "docs" / "notation.md"


def assert_round_trip(notation: ModuleType, text: str):
    """format(parse(text)) == text, and parse(format(state)) == state; returns the state."""
    state = notation.parse_position(text)
    assert notation.format_position(state) == text
    assert notation.parse_position(notation.format_position(state)) == state
    return state


def assert_moves_round_trip(notation: ModuleType, state, moves) -> None:
    """Every move's text is distinct from the others' and parses back to the same move."""
    seen = set()
    for move in moves:
        text = notation.format_move(state, move)
        assert text not in seen
        seen.add(text)
        assert notation.parse_move(state, text) == move


def notation_error(field: str, column: int, parse, *args) -> NotationError:
    """The NotationError that parse(*args) raises, which must name `field` at the 1-based `column`."""
    with pytest.raises(NotationError) as info:
        parse(*args)
    assert (info.value.field, info.value.column) == (field, column), str(info.value)
    return info.value


def assert_docs_examples_run(section: str, minimum: int) -> None:
    """Every Python example of docs/notation.md from the heading `# section` on gives exactly the
    output shown, and there are at least `minimum` of them."""
    text = NOTATION_DOC.read_text(encoding="utf-8")
    part = text[text.index(f"\n# {section}"):]
    name = "notation.md#" + section.lower().replace(" ", "-")
    test = doctest.DocTestParser().get_doctest(part, {}, name, "docs/notation.md", 0)
    assert len(test.examples) >= minimum
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
