"""The full Oros game's final scoring (the seed's 遊戲結束; rulings O-10, O-13): knowledge from
the pyramid, the sanctuaries by their hats, the abilities and the horizon."""

from __future__ import annotations

from kernels.oros.oros_game_data import KNOWLEDGE_COLUMNS, design
from solver.games.oros.oros_full_state import State, ability, hat, is_studying


def knowledge_parts(state: State, who: int) -> dict[str, int]:
    """Seat `who`'s knowledge by source: pyramid, sanctuaries, abilities, horizon."""
    sanctuaries = sum(ability(state, who, s.kind, "knowledge_each") for s in state.sanctuaries if s.owner == who)
    # Levels 5 and 6 do not add up: the highest reached counts alone (the seed).
    abilities = sum(ability(state, who, column, "knowledge") for column in KNOWLEDGE_COLUMNS)
    studying = sum(is_studying(p) for p in state.followers[who])
    crossed = sum(value for column, value in design().horizon_values.items()
                  if hat(state, who, column) >= design().horizon_level)
    return {"pyramid": state.pyramid[who], "sanctuaries": sanctuaries, "abilities": abilities,
            "horizon": crossed * studying}


def knowledge(state: State, who: int) -> int:
    """Seat `who`'s knowledge, as the final scoring counts it (also meaningful mid-game)."""
    return sum(knowledge_parts(state, who).values())

