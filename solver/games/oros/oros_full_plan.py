"""The plan behind a full-game Oros hint, in words (issue 30): where the scripted player's
judgement (kernels/oros/oros_heuristic.py build_prospect) sees the mover's next build, and the
mover's own plies that follow the hinted one in the search's line, e.g. "walk your follower from
c2 to the mountain at d3 (2 travel steps) and build the shrine there; then this turn: ...".
"""

from __future__ import annotations

from solver.games.notation_tools import plural
from solver.games.oros import oros_full_rules as rules
from solver.games.oros.oros_full_explain import KIND_WORDS, ply_words
from solver.games.oros.oros_full_state import State, next_kind
from solver.games.oros.oros_game_binding import decode_ply, to_kernel
from solver.games.oros.oros_rules import cell_name

PLAN_PLIES = 3  # own plies of the line a plan names after the hinted one


def build_words(state: State) -> str:
    """The next build as the scripted player's judgement sees it: where the mover's nearest
    follower is and how far from a mountain it may build on; '' when no follower can reach one."""
    from kernels.oros.oros_heuristic import build_prospect

    steps, start, cell = (int(n) for n in build_prospect(to_kernel(state)))
    if steps < 0 or cell < 0:
        return ""
    kind = next_kind(state, cell)
    mountain = f"the mountain at {cell_name(cell, state.map.width)}"
    build = f"build {KIND_WORDS[kind]} there" if kind is not None else "build there"
    if steps == 0:
        return f"your follower is at {mountain}: {build} with the sanctuary action"
    origin = cell_name(start // 4, state.map.width)
    return f"walk your follower from {origin} to {mountain} ({plural(steps, 'travel step')}) and {build}"


def line_words(state: State, pv: tuple[int, ...]) -> str:
    """The mover's plies that follow the hinted one in the line, up to PLAN_PLIES, until the turn
    passes or chance moves: 'then this turn: ...; ...'; '' when none."""
    who, said = rules.mover(state), []
    state = rules.successor(state, decode_ply(pv[0]))
    for move in pv[1:]:
        if rules.is_over(state) or rules.is_chance(state) or rules.mover(state) != who or len(said) == PLAN_PLIES:
            break
        ply = decode_ply(move)
        said.append(ply_words(state, ply))
        state = rules.successor(state, ply)
    return "then this turn: " + "; ".join(said) if said else ""


def plan_words(state: State, pv: tuple[int, ...]) -> str:
    """The plan a full-game hint's line carries out, in words: the next build the judgement sees,
    then the mover's next plies of the line ('' at a chance move or when nothing is said)."""
    if rules.is_chance(state):
        return ""
    said = [build_words(state), line_words(state, pv)]
    words = "; ".join(part for part in said if part)
    return f"plan: {words}" if words else ""
