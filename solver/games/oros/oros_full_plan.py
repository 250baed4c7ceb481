"""The plan behind a full-game Oros hint, in words (issue 30): the mover's own plies that follow
the hinted one in the search's line this turn, then where the scripted player's judgement
(kernels/oros/oros_heuristic.py build_prospect) sees the mover's next build from there, e.g.
"then this turn: ...; next: walk your follower from c2 to the mountain at d3 (2 travel steps)
and build the shrine there".
"""

from __future__ import annotations

from solver.games.notation_tools import plural
from solver.games.oros import oros_full_rules as rules
from solver.games.oros.oros_full_explain import KIND_WORDS, ply_words
from solver.games.oros.oros_full_state import State, next_kind
from solver.games.oros.oros_game_binding import decode_ply, to_kernel
from solver.games.oros.oros_rules import cell_name

PLAN_PLIES = 3  # own plies of the line a plan names after the hinted one


def build_words(state: State, who: int) -> str:
    """Seat `who`'s next build in `state` as the scripted player's judgement sees it: its follower
    nearest to a mountain it may build on and how far, else to the AI zone's cell where the next
    mountain rises; '' when no follower on the map reaches either."""
    from kernels.oros.oros_heuristic import build_prospect

    steps, start, cell, awaiting = (int(n) for n in build_prospect(to_kernel(state), who))
    if steps < 0 or cell < 0:
        return ""
    target, origin = cell_name(cell, state.map.width), cell_name(start // 4, state.map.width)
    if awaiting:
        near = (f"keep your follower on {origin}" if steps == 0 else
                f"walk your follower from {origin} towards {target} ({plural(steps, 'travel step')})")
        return f"no mountain you may build on is in reach: {near}, where an AI deck raises its next mountain"
    kind = next_kind(state, cell)
    build = f"build {KIND_WORDS[kind]} there" if kind is not None else "build there"
    if steps == 0:
        return f"your follower is at the mountain at {target}: {build} with the sanctuary action"
    return f"walk your follower from {origin} to the mountain at {target} ({plural(steps, 'travel step')}) and {build}"


def plan_words(state: State, pv: tuple[int, ...]) -> str:
    """The plan a full-game hint's line carries out, in words: the mover's plies that follow the
    hinted one this turn (up to PLAN_PLIES, until the turn passes or chance moves), then its next
    build from where they leave it ('' at a chance move or when nothing is said)."""
    if rules.is_chance(state):
        return ""
    who, said = rules.mover(state), []
    state = rules.successor(state, decode_ply(pv[0]))
    for move in pv[1:]:
        if rules.is_over(state) or rules.is_chance(state) or rules.mover(state) != who or len(said) == PLAN_PLIES:
            break
        ply = decode_ply(move)
        said.append(ply_words(state, ply))
        state = rules.successor(state, ply)
    then = "then this turn: " + "; ".join(said) if said else ""
    build = "" if rules.is_over(state) else build_words(state, who)
    words = "; ".join(part for part in (then, build and f"next: {build}") if part)
    return f"plan: {words}" if words else ""
