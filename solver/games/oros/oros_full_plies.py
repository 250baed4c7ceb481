"""The plies of the full Oros game (rulings O-9..O-12): one frozen dataclass per kind, each ply one
value. oros_full_rules.py says which are legal and plays them; the notation and the kernel binding
write and encode them.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.games.oros.oros_full_state import Place

__all__ = ["Act", "EndTurn", "Enrol", "Erupt", "ForcedIsland", "ForcedStudy", "Graduate", "Put", "Raise", "Stop",
           "Walk"]


# Plies are frozen dataclasses, not NamedTuples: a tuple compares by value alone, so Stop() would
# equal EndTurn() and Raise("drift") ForcedStudy("drift"); a dataclass equals only its own kind.
@dataclass(frozen=True)
class Act:
    """One action (O-9): the follower on slot `source` moves onto the empty slot `slot` and does
    it. `detail`: a tectonics move integer (drift, tectonic, volcano), Enrol or Graduate (study),
    Walk (travel), the mountain's cell (sanctuary); None: the follower only stands there, the
    action is not done and still counts as one of the turn's three (the seed)."""

    slot: str
    source: str
    detail: object


@dataclass(frozen=True)
class Enrol:
    """Study: the follower on slot `follower` goes to study at `school` (the sanctum or a seat)."""

    follower: str
    school: Place


@dataclass(frozen=True)
class Graduate:
    """Study: the studying followers at `followers` go back to their board, 1 wisdom each; their
    owner then puts each on an empty slot (Put)."""

    followers: tuple[Place, ...]


@dataclass(frozen=True)
class Walk:
    """Travel: one follower walks from `origin` to `destination` over connected land (O-12)."""

    origin: Place
    destination: Place


@dataclass(frozen=True)
class Erupt:
    """A further eruption of the current volcano action (volcano levels 2 and 3)."""

    move: int


@dataclass(frozen=True)
class Stop:
    """Ends the current volcano or travel action before its eruptions or steps run out."""


@dataclass(frozen=True)
class Raise:
    """Spends one wisdom point: the hat of `column` up one level (O-10)."""

    column: str


@dataclass(frozen=True)
class Put:
    """A follower waiting on its owner's board (graduated, recruited at the horizon or sent back by
    an AI) goes to the empty slot `slot`, chosen by its owner; it does not act there (the seed)."""

    slot: str


@dataclass(frozen=True)
class ForcedIsland:
    """Forced: the follower on slot `source` goes to the level-1 tile at `cell` (the seed)."""

    source: str
    cell: int


@dataclass(frozen=True)
class ForcedStudy:
    """Forced, all six slots full: the follower on slot `source` goes to study in the sanctum."""

    source: str


@dataclass(frozen=True)
class EndTurn:
    """Ends the turn with actions left (the seed: at most three actions)."""
