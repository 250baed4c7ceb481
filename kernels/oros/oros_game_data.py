"""The full Oros game's designed data (ruling O-8): setup, ability columns and AI decks, read from
kernels/oros/data/*.toml and checked once. docs/rules/oros.md (sections 12, 13 and 17) explains them.

It lives with the kernel, whose layout (kernels/oros/oros_game_layout.py) compiles these numbers
in as tables; the reference rules import its tables from here. Imports no
numba and nothing of solver/: cells are numbered as the Oros notation numbers them (row by row)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kernels.errors import CalderaError

DATA = Path(__file__).parent / "data"
SLOTS = ("drift", "tectonic", "volcano", "study", "travel", "sanctuary")  # the six action slots (O-9)
KINDS = ("stones", "shrine", "temple")  # sanctuary kinds, in building order (O-11)
COLUMNS = SLOTS[:5] + KINDS  # one hat per column: the sanctuary slot has one hat per kind
HORIZON_COLUMNS = SLOTS[:5]  # the five columns with a horizon (the seed's 地平線)
LEVELS = 6  # levels per column (O-10)
PERSONALITIES = ("friendly", "aggressive")
ICONS = ("build", "study", "graduate")  # an AI card's develop icons
MAP_ACTIONS = ("mountain", "remove_tile", "remove_followers", "none")
KNOWLEDGE_COLUMNS = ("drift", "tectonic", "volcano", "study")  # the columns whose levels 5, 6 score


@dataclass(frozen=True)
class Card:
    """An AI action card (O-14): develop icons, a zone and map action, demigod steps, its back."""

    develop: tuple[str, ...]
    zone: str
    map: str
    demigod: int
    back: tuple[str, ...]


@dataclass(frozen=True)
class Design:
    """Everything the seed does not print, as shipped in the data files."""

    map: str  # the start map in the Oros notation (solver/games/oros/oros_full_data.py start_map parses it)
    width: int  # the start map's size
    height: int
    zones: dict[str, tuple[int, ...]]  # zone letter -> its cells in number order 1-9
    start_slots: tuple[str, ...]
    ai_home: int
    sanctum_seats: int
    per_kind: int
    build_wisdom: tuple[int, ...]  # per kind
    top: int
    red: frozenset[int]
    red_volcano_levels: int
    build_steps: int
    actions_per_turn: int
    max_rounds: int
    columns: dict[str, dict]  # the ability columns' numbers, keyed by slot name
    horizon_level: int
    horizon_values: dict[str, int]
    decks: dict[str, tuple[Card, ...]]


def _read(name: str) -> dict:
    with open(DATA / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


def _cell(name: str, width: int, height: int) -> int:
    """The number of the cell named like 'd3' on a width x height map (row by row from a1)."""
    match = re.fullmatch(r"([a-h])([1-8])", name)
    if not match or "abcdefgh".index(match.group(1)) >= width or int(match.group(2)) > height:
        raise CalderaError(f"setup.toml: '{name}' is not a cell of the {width}x{height} map")
    return (int(match.group(2)) - 1) * width + "abcdefgh".index(match.group(1))


def _card(raw: dict, where: str) -> Card:
    card = Card(tuple(raw["develop"]), raw["zone"], raw["map"], raw["demigod"], tuple(raw["back"]))
    if not set(card.develop) <= set(ICONS) or card.map not in MAP_ACTIONS or card.zone not in "ABCD":
        raise CalderaError(f"{where}: unknown icon, map action or zone in {raw}")
    if len(card.back) != 3 or not set(card.back) <= set(COLUMNS):
        raise CalderaError(f"{where}: a card's back names 3 of the columns {', '.join(COLUMNS)}")
    return card


@cache
def design() -> Design:
    """The shipped design, loaded and checked once."""
    setup, abilities = _read("setup"), _read("abilities")
    width, height = (int(n) for n in setup["map"].split()[0].split("x"))
    zones = {zone: tuple(_cell(name, width, height) for name in cells)
             for zone, cells in setup["zones"].items()}
    if sorted(zones) != list("ABCD") or any(len(cells) != 9 for cells in zones.values()):
        raise CalderaError("setup.toml: zones A-D of 9 cells each")
    horizon = abilities.pop("horizon")
    decks = {name: tuple(_card(raw, f"ai_{name}.toml") for raw in _read(f"ai_{name}")["cards"])
             for name in PERSONALITIES}
    return Design(
        map=setup["map"],
        width=width,
        height=height,
        zones=zones,
        start_slots=tuple(setup["followers"]["start_slots"]),
        ai_home=setup["followers"]["ai_home"],
        sanctum_seats=setup["followers"]["sanctum_seats"],
        per_kind=setup["sanctuaries"]["per_kind"],
        build_wisdom=tuple(setup["sanctuaries"]["wisdom"]),
        top=setup["pyramid"]["top"],
        red=frozenset(setup["pyramid"]["red"]),
        red_volcano_levels=setup["pyramid"]["red_volcano_levels"],
        build_steps=setup["pyramid"]["build_steps"],
        actions_per_turn=setup["game"]["actions_per_turn"],
        max_rounds=setup["game"]["max_rounds"],
        columns=abilities,
        horizon_level=horizon["level"],
        horizon_values=horizon["values"],
        decks=decks,
    )
