"""Pieces of text notation shared by every game: words with their columns, checked whole numbers,
a move's text, and reading a POSITION argument (a built-in name or notation text)."""

from __future__ import annotations

import re
from typing import Callable, TypeVar

from solver.errors import NotationError, shown

State = TypeVar("State")


def words_with_columns(text: str) -> list[tuple[str, int]]:
    """The whitespace-separated words of `text` with their 1-based columns."""
    return [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", text)]


def whole_number(word: str, field: str, column: int, low: int, high: int) -> int:
    """A whole number in [low, high] written in ASCII digits, or NotationError (a number of
    thousands of digits too: it is out of every range, and Python would refuse to read it)."""
    if not re.fullmatch(r"[0-9]+", word):
        raise NotationError(field, column, f"'{shown(word)}' is not a whole number")
    value = int(word) if len(word) <= 18 else None
    if value is None or not low <= value <= high:
        raise NotationError(field, column, f"{shown(word)} is outside {low}..{high}")
    return value


def move_text(text: str, move_help: str, noun: str = "move") -> str:
    """`text` without surrounding blanks; NotationError, with the notation's help, when nothing is left."""
    text = text.strip()
    if not text:
        raise NotationError("move", 1, f"empty {noun}: {move_help}")
    return text


def resolve(text: str | None, builtins: dict[str, str], default: str, parse: Callable[[str], State]) -> State:
    """The position named `text` (a key of `builtins`), or parsed from notation; None means `default`."""
    text = default if text is None else text.strip()
    if text in builtins:
        return parse(builtins[text])
    if len(text.split()) < 2:
        names = ", ".join(builtins)
        raise NotationError("position", 1, f"'{shown(text)}' is neither a built-in position ({names}) nor notation text")
    return parse(text)


def parts_with_columns(word: str, column: int, separator: str) -> list[tuple[str, int]]:
    """The parts of `word` (which starts at `column`) split at `separator`, each with its 1-based column."""
    parts = []
    for part in word.split(separator):
        parts.append((part, column))
        column += len(part) + len(separator)
    return parts


def plural(count: int, word: str, words: str | None = None) -> str:
    """`count` and the word, plural unless one: '1 new land', '2 new lands' (`words`: an irregular plural)."""
    return f"{count} {word if count == 1 else (words or word + 's')}"
