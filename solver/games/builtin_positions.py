"""Reading a POSITION argument the same way for every game: a built-in name or notation text."""

from __future__ import annotations

from typing import Callable, TypeVar

from solver.errors import NotationError

State = TypeVar("State")


def resolve(text: str | None, builtins: dict[str, str], default: str, parse: Callable[[str], State]) -> State:
    """The position named `text` (a key of `builtins`), or parsed from notation; None means `default`."""
    text = default if text is None else text.strip()
    if text in builtins:
        return parse(builtins[text])
    if " " not in text:
        names = ", ".join(builtins)
        raise NotationError("position", 1, f"'{text}' is neither a built-in position ({names}) nor notation text")
    return parse(text)
