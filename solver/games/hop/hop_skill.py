"""The hop skill model and challenge deck as data (rulings H-1, H-5): small TOML or JSON files,
read and checked here, with clear one-line errors.

A skill model says how likely a throw lands: for a hurler and a partner, the chance with a plain
card (`default` for every pair not listed in `[success]`), plus the card's effect (`[cards]`),
plus the assister's effect (`[assist]`, when the card asks for one), minus the turbulator's
(`[disturb]`, when the card asks for one), clamped to 0..1:

    title = "skilled: some pairs throw well together"
    default = 0.5
    [success]
    A = { B = 0.7, C = 0.4 }        # A throwing to B lands 0.7 of the time, to C 0.4
    [cards]
    harder = -0.2                   # plain, assister, turbulator, harder, easier; 0 if absent
    [assist]
    default = 0.1                   # any assister adds 0.1 ...
    C = 0.2                         # ... and C adds 0.2
    [disturb]
    default = 0.1                   # any turbulator takes 0.1 off

A deck file gives the number of cards of each type; the deck has 50 cards (H-5):

    [cards]
    plain = 20
    assister = 10
    turbulator = 10
    harder = 5
    easier = 5

JSON files hold the same keys. Built-in skill models: `standard` (the default: 0.5 for every
pair on a plain card, harder 0.3, easier 0.7, with an assister 0.6, with a turbulator 0.4), `even`
(0.5 everywhere) and `skilled`; built-in deck: `standard`. Probabilities are kept in units of 1/10000 (UNITS), so the
kernel and the reference rules compute exactly the same chance; a value given more finely is
refused. docs/rules/hop.md section 6 describes the format with examples.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from solver.errors import CalderaError
from solver.user_files import read_text

SEATS = "ABCDEF"
CARD_TYPES = ("plain", "assister", "turbulator", "harder", "easier")
PLAIN, NEEDS_ASSISTER, NEEDS_TURBULATOR, HARDER, EASIER = range(5)
UNITS = 10_000  # probabilities and effects are whole multiples of 1/UNITS
DECK_SIZE = 50  # H-5
DATA = Path(__file__).parent / "data"
DEFAULT_SKILL, DEFAULT_DECK = "standard", "standard"


class DataError(CalderaError):
    """A skill model or deck file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class SkillModel:
    """A skill model in units of 1/UNITS: base[hurler][partner], the card effects, and each
    seat's effect as assister and as turbulator. `source` is how a position names it."""

    source: str
    title: str
    base: tuple[tuple[int, ...], ...]
    cards: tuple[int, ...]
    assist: tuple[int, ...]
    disturb: tuple[int, ...]

    def units(self, hurler: int, partner: int, card: int, assister: int = -1, turbulator: int = -1) -> int:
        """The chance that the throw lands, in 1/UNITS, clamped to 0..UNITS (H-1, H-5)."""
        chance = self.base[hurler][partner] + self.cards[card]
        if assister >= 0:
            chance += self.assist[assister]
        if turbulator >= 0:
            chance -= self.disturb[turbulator]
        return min(max(chance, 0), UNITS)

    def chance(self, hurler: int, partner: int, card: int, assister: int = -1, turbulator: int = -1) -> Fraction:
        """The chance that the throw lands, exactly."""
        return Fraction(self.units(hurler, partner, card, assister, turbulator), UNITS)


@dataclass(frozen=True)
class Deck:
    """A challenge deck: how many cards of each type (CARD_TYPES order). `source` is how a
    position names it."""

    source: str
    title: str
    counts: tuple[int, ...]


def skill_model(source: str) -> SkillModel:
    """The skill model named `source`: a built-in name (standard, even, skilled) or a .toml/.json file."""
    return _skill_model(source)


def deck(source: str) -> Deck:
    """The challenge deck named `source`: a built-in name (standard) or a .toml/.json file."""
    return _deck(source)


def builtin_names(kind: str) -> list[str]:
    """The built-in data files of `kind` ("skill" or "deck"), by name."""
    return sorted(path.stem for path in (DATA / kind).glob("*.toml"))


@lru_cache(maxsize=64)
def _skill_model(source: str) -> SkillModel:
    data, where = _read("skill", source)
    _only_keys(data, where, "", ("title", "default", "success", "cards", "assist", "disturb"))
    title = _title(data, where, source)
    default = _number(data.get("default", 0.5), where, "default", 0.0, 1.0)
    base = [[default] * len(SEATS) for _ in SEATS]
    success = _table(data, where, "success")
    for hurler_letter, row in success.items():
        hurler = _seat(hurler_letter, where, "success")
        if not isinstance(row, dict):
            raise DataError(f"{where}: success.{hurler_letter} should be a table of partners, like {{ B = 0.7 }}")
        for partner_letter, value in row.items():
            key = f"success.{hurler_letter}.{partner_letter}"
            partner = _seat(partner_letter, where, key)
            if partner == hurler:
                raise DataError(f"{where}: {key}: a hurler never throws to themselves")
            base[hurler][partner] = _number(value, where, key, 0.0, 1.0)
    cards_table = _table(data, where, "cards")
    _only_keys(cards_table, where, "cards.", CARD_TYPES)
    cards = tuple(_number(cards_table.get(name, 0), where, f"cards.{name}", -1.0, 1.0) for name in CARD_TYPES)
    effects = []
    for part in ("assist", "disturb"):
        table = _table(data, where, part)
        fallback = _number(table.get("default", 0), where, f"{part}.default", -1.0, 1.0)
        values = [fallback] * len(SEATS)
        for letter, value in table.items():
            if letter != "default":
                seat = _seat(letter, where, part)
                values[seat] = _number(value, where, f"{part}.{letter}", -1.0, 1.0)
        effects.append(tuple(values))
    return SkillModel(source, title, tuple(tuple(row) for row in base), cards, effects[0], effects[1])


@lru_cache(maxsize=64)
def _deck(source: str) -> Deck:
    data, where = _read("deck", source)
    _only_keys(data, where, "", ("title", "cards"))
    title = _title(data, where, source)
    table = _table(data, where, "cards")
    _only_keys(table, where, "cards.", CARD_TYPES)
    counts = []
    for name in CARD_TYPES:
        value = table.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DataError(f"{where}: cards.{name}: {value!r} is not a whole number of cards (0 or more)")
        counts.append(value)
    if sum(counts) != DECK_SIZE:
        raise DataError(f"{where}: {sum(counts)} cards; the challenge deck has {DECK_SIZE} (H-5)")
    return Deck(source, title, tuple(counts))


def _read(kind: str, source: str) -> tuple[dict, str]:
    """The data of a built-in name or a file path, and how errors name it."""
    if source in builtin_names(kind):
        path, where = DATA / kind / f"{source}.toml", f"{kind} '{source}'"
    else:
        path, where = Path(source), f"{kind} file {source}"
        if path.suffix not in (".toml", ".json"):
            known = ", ".join(builtin_names(kind))
            raise DataError(f"{kind} '{source}' is neither built in ({known}) nor a .toml or .json file")
    text = read_text(path, f"{kind} file")
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise DataError(f"{where}: not valid {path.suffix[1:].upper()}: {error}") from None
    except ValueError:  # Python reads no whole number of over 4,300 digits
        raise DataError(f"{where}: a number of thousands of digits, beyond any count or probability") from None
    if not isinstance(data, dict):
        raise DataError(f"{where}: should hold a table of keys (title, cards, ...)")
    return data, where


def _only_keys(table: dict, where: str, prefix: str, allowed: tuple[str, ...]) -> None:
    """Refuse a key the format does not have (a typo would otherwise be ignored)."""
    for key in table:
        if key not in allowed:
            raise DataError(f"{where}: unknown key '{prefix}{key}' (known: {', '.join(allowed)})")


def _title(data: dict, where: str, source: str) -> str:
    """The file's title (its name where it has none)."""
    title = data.get("title", source)
    if not isinstance(title, str):
        raise DataError(f"{where}: title should be text")
    return title


def _table(data: dict, where: str, key: str) -> dict:
    """A sub-table of the file ({} where absent)."""
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise DataError(f"{where}: {key} should be a table")
    return table


def _seat(letter: str, where: str, key: str) -> int:
    """The seat of a player letter A-F."""
    if letter not in SEATS or len(letter) != 1:
        raise DataError(f"{where}: {key}: unknown player '{letter}' (players are {', '.join(SEATS)})")
    return SEATS.index(letter)


def _number(value, where: str, key: str, low: float, high: float) -> int:
    """A number in [low, high] given in steps of 1/UNITS, in units."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DataError(f"{where}: {key}: {value!r} is not a number")
    if not low <= value <= high:
        kind = "a probability" if low == 0.0 else "an effect"
        raise DataError(f"{where}: {key}: {value} is outside [{low:g}, {high:g}] ({kind})")
    units = round(value * UNITS)
    if abs(units - value * UNITS) > 1e-6:
        raise DataError(f"{where}: {key}: {value} is finer than the model's steps of {1 / UNITS:g}")
    return units
