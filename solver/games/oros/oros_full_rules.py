"""The full Oros game's turn rules (rulings O-8..O-14, seed 004's Oros part): the readable
reference, the oracle of the full-game kernel (kernels/oros/oros_game_kernel.py).
docs/rules/oros.md sections 11-18 explain every choice.

A ply is one value of the kinds in oros_full_plies.py. A player's turn is up to three actions
(O-9), each one `Act` (a follower moved from slot `source` onto the empty slot `slot`, doing
`detail`), and each action one ply; an action with several parts continues in plies of the same
player (`Erupt` for the further eruptions of a volcano action, `Walk` for further travel, `Stop`
to end either); an `Act` whose detail is None puts the follower on the slot without doing the
action, which still uses one of the three (the seed). A follower that comes back to its player's
board (graduated, recruited at the horizon, sent back by an AI) waits there until its owner
`Put`s it on an empty slot of their choice, before anything else; then wisdom is spent one
`Raise` at a time by the player who gained it (O-10). Forced actions (`ForcedIsland`,
`ForcedStudy`) are plies that use none of the three actions. `EndTurn` ends the turn early: the
seed's "at most three actions". An AI's turn is one chance ply: `chance_outcomes` lists its card
draws and `successor` plays the drawn card (O-14).
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from solver.games.oros import oros_rules
from solver.games.oros.oros_full_ai import ai_turn, draw_pile
from kernels.oros.oros_game_data import COLUMNS, LEVELS, SLOTS, design
from solver.games.oros.oros_full_effects import (
    advance_demigod,
    build_sanctuary,
    gain_wisdom,
    move_follower,
    play_map_move,
    player_map,
    raise_hat,
)
from solver.games.oros.oros_full_plies import *  # noqa: F403  (the ply kinds)
from solver.games.oros.oros_full_scoring import knowledge
from solver.games.oros.oros_full_state import (
    HOME,
    SANCTUM,
    Place,
    State,
    ability,
    can_build_on,
    empty_slots,
    everyone_at,
    free_seats,
    is_island,
    is_on_map,
    is_studying,
    sanctum_free,
    sanctuaries_on,
    seat,
    slot,
    tile,
    unlocked,
    waiting,
)
from solver.games.oros.oros_rules import MOUNTAIN, ORTHOGONAL, SEA


# --- whose ply -----------------------------------------------------------------------------------


def mover(state: State) -> int:
    """The seat that chooses the next ply: whoever has a follower waiting for a slot or wisdom to
    spend (from the current seat on, as both are settled at once), else the current seat."""
    for i in range(state.seats):
        who = (state.current + i) % state.seats
        if waiting(state, who) or state.wisdom[who]:
            return who
    return state.current


def is_chance(state: State) -> bool:
    """Whether the next ply is an AI's card draw."""
    return not state.over and state.ai[state.current] and mover(state) == state.current


def chance_outcomes(state: State) -> list[tuple[int, Fraction]]:
    """The AI's possible draws as (card index, exact probability), each card of its pile equally likely."""
    if not is_chance(state):
        return []
    pile = draw_pile(state, state.current)
    return [(card, Fraction(pile.count(card), len(pile))) for card in sorted(set(pile))]


def is_over(state: State) -> bool:
    """Whether the game has ended (O-13)."""
    return state.over


def result(state: State) -> tuple[float, ...]:
    """Per seat: 1 shared among the winners (most knowledge, ties the higher demigod; O-13), else 0."""
    best = max((knowledge(state, who), state.pyramid[who]) for who in range(state.seats))
    winners = [who for who in range(state.seats) if (knowledge(state, who), state.pyramid[who]) == best]
    return tuple(1 / len(winners) if who in winners else 0.0 for who in range(state.seats))


# --- legal plies ---------------------------------------------------------------------------------


def legal_actions(state: State) -> list:
    """Every ply the mover may choose now; empty when the game is over or an AI is to draw."""
    if state.over:
        return []
    who = mover(state)
    if waiting(state, who):
        return [Put(s) for s in empty_slots(state, who)]
    if state.wisdom[who]:
        return [Raise(c) for c in COLUMNS if state.hats[who][COLUMNS.index(c)] < LEVELS]
    if state.ai[who]:
        return []
    if state.eruptions_left:
        volcano = _map_moves_by_slot(state, who)["volcano"]
        return [Erupt(m) for m in volcano if oros_rules.move_kind(m) == oros_rules.ERUPT] + [Stop()]
    if state.steps_left:
        return [Walk(o, d) for o, d in _walks(state, who, state.steps_left)] + [Stop()]
    forced = _forced(state, who)
    if forced is not None:
        return forced
    sources = [s for s in SLOTS if slot(s) in state.followers[who]]
    map_moves = _map_moves_by_slot(state, who) if set(empty_slots(state, who)) & set(MAP_KINDS) else {}
    plies = []
    for target in empty_slots(state, who):
        for source in sources:
            # A map action does not depend on which follower stood where: list its moves once.
            details = map_moves[target] if target in MAP_KINDS else _details(
                move_follower(state, who, slot(source), slot(target)), who, target)
            plies += [Act(target, source, detail) for detail in [*details, None]]
    return plies + [EndTurn()]


def _forced(state: State, who: int) -> list | None:
    """The forced plies due now, or None. The first: a player with no sanctuary and no follower on
    the map starts the turn by putting a follower on a level-1 tile. The second: with all six slots
    full, a follower goes to study in the sanctum; with the sanctum full too, the turn can only end."""
    sources = [s for s in SLOTS if slot(s) in state.followers[who]]
    start = state.actions_left == design().actions_per_turn
    if (start and sources and not any(s.owner == who for s in state.sanctuaries)
            and not any(is_on_map(p) for p in state.followers[who])):
        cells = [c for c, level in enumerate(state.map.levels) if level == 1 and not everyone_at(state, tile(c))]
        if cells:
            return [ForcedIsland(s, c) for s in sources for c in cells]
    if not empty_slots(state, who):
        return [ForcedStudy(s) for s in sources] if sanctum_free(state, who) else [EndTurn()]
    return None


MAP_KINDS = {"drift": (oros_rules.DRIFT_ROW, oros_rules.DRIFT_COL), "tectonic": (oros_rules.TECTONIC,),
             "volcano": (oros_rules.ERUPT, oros_rules.CREATE)}  # the tectonics moves of each map slot


def _map_moves_by_slot(state: State, who: int) -> dict[str, tuple[int, ...]]:
    """The tectonics moves (oros_rules) seat `who`'s abilities allow, per map slot."""
    by_slot = {name: [] for name in MAP_KINDS}
    slot_of = {kind: name for name, kinds in MAP_KINDS.items() for kind in kinds}
    for move in oros_rules.legal_moves(player_map(state, who)):
        by_slot[slot_of[oros_rules.move_kind(move)]].append(move)
    return {name: tuple(moves) for name, moves in by_slot.items()}


def _details(state: State, who: int, target: str) -> list:
    """The ways to do the action of the non-map slot `target` once its follower stands there."""
    if target == "study":
        return _enrolments(state, who) + _graduations(state, who)
    if target == "travel":
        return [Walk(o, d) for o, d in _walks(state, who, ability(state, who, "travel", "steps"))]
    return [c for c in range(state.map.cells) if _may_build(state, who, c)]


def _enrolments(state: State, who: int) -> list[Enrol]:
    """Study, enrol: a follower from a slot other than study to the sanctum or a free seat of any
    sanctuary (free_seats: the same rule as the AI's)."""
    followers = [s for s in SLOTS if s != "study" and slot(s) in state.followers[who]]
    schools = ([SANCTUM] if sanctum_free(state, who) else []) + free_seats(state, who, state.sanctuaries)
    return [Enrol(f, school) for f in followers for school in schools]


def _graduations(state: State, who: int) -> list[Graduate]:
    """Study, graduate: 1 to 2 (3 at study level 4) studying followers, no more than the empty
    slots that must take them (the seed)."""
    studying = sorted(p for p in state.followers[who] if is_studying(p))
    most = min(ability(state, who, "study", "graduates"), len(empty_slots(state, who)))
    return [Graduate(group) for n in range(1, most + 1) for group in sorted(set(combinations(studying, n)))]


def _may_build(state: State, who: int, cell: int) -> bool:
    """O-11: the kind due on this mountain, none of `who`'s there yet, and an own follower on the
    mountain or in one of its sanctuaries."""
    return can_build_on(state, who, cell) and any(
        p == tile(cell) or p[:2] == ("seat", cell) for p in state.followers[who])


def _neighbours(state: State, place: Place, sea: bool) -> list[Place]:
    """The places one travel step from `place` (O-12): orthogonal land (and sea with the travel
    level 4, crossed but never stopped on), a mountain's sanctuaries and back."""
    if place[0] == "seat":
        return [tile(place[1])]
    cell = place[1]
    steps = []
    for direction in ORTHOGONAL:
        near = oros_rules.step(state.map, cell, direction)
        if (sea or state.map.levels[near] != SEA) and not is_island(state, near):
            steps.append(tile(near))
    if state.map.levels[cell] == MOUNTAIN:
        steps += [seat(s.cell, s.kind) for s in sanctuaries_on(state, cell)]
    return steps


def _walks(state: State, who: int, budget: int) -> list[tuple[Place, Place]]:
    """Every (origin, destination) one of `who`'s followers can walk within `budget` steps,
    passing other followers but stopping only where none is (the seed; travel level 5 may share
    a tile, never a seat)."""
    sea = unlocked(state, who, "travel", "sea_from")
    share = unlocked(state, who, "travel", "share_from")
    walks = []
    for origin in sorted(set(p for p in state.followers[who] if is_on_map(p))):
        if origin[0] == "tile" and is_island(state, origin[1]):  # left only once connected (O-12)
            continue
        for destination, distance in _distances(state, origin, budget, sea).items():
            if destination == origin or (destination[0] == "tile" and state.map.levels[destination[1]] == SEA):
                continue
            crowded = everyone_at(state, destination) and (destination[0] == "seat" or not share)
            if not crowded:
                walks.append((origin, destination))
    return walks


def _distances(state: State, origin: Place, budget: int, sea: bool) -> dict[Place, int]:
    """Breadth-first travel distances from `origin`, up to `budget` steps."""
    distance = {origin: 0}
    queue = deque([origin])
    while queue:
        place = queue.popleft()
        if distance[place] == budget:
            continue
        for nxt in _neighbours(state, place, sea):
            if nxt not in distance:
                distance[nxt] = distance[place] + 1
                queue.append(nxt)
    return distance


# --- playing a ply -------------------------------------------------------------------------------


def successor(state: State, ply) -> State:
    """The position after the legal ply `ply` (an AI's card index at a chance node)."""
    if is_chance(state):
        state = ai_turn(state, state.current, ply)
        return _settle(replace(state, actions_left=0))
    who = mover(state)
    if isinstance(ply, Raise):
        wisdom = list(state.wisdom)
        wisdom[who] -= 1
        return _settle(raise_hat(replace(state, wisdom=tuple(wisdom)), who, ply.column))
    if isinstance(ply, Put):
        return _settle(move_follower(state, who, HOME, slot(ply.slot)))
    if isinstance(ply, EndTurn):
        return _next_turn(state)
    if isinstance(ply, ForcedIsland):
        return _settle(move_follower(state, who, slot(ply.source), tile(ply.cell)))
    if isinstance(ply, ForcedStudy):
        return _settle(move_follower(state, who, slot(ply.source), SANCTUM))
    if isinstance(ply, Stop):
        return _finish_action(state)
    if isinstance(ply, Erupt):
        state = play_map_move(state, who, ply.move)
        return _finish_action(state) if state.eruptions_left == 1 else _settle(
            replace(state, eruptions_left=state.eruptions_left - 1))
    if isinstance(ply, Walk):
        return _walk(state, who, ply, state.steps_left)
    state = move_follower(state, who, slot(ply.source), slot(ply.slot))
    if ply.detail is None:  # the follower only stands there; the action still counts (the seed)
        return _finish_action(state)
    return ACTIONS[ply.slot](state, who, ply.detail)


def _with_bonus(state: State, who: int, column: str) -> State:
    # Level 6 of drift, tectonic, volcano and study also moves the demigod 1 (the seed; taken
    # always: the engine never declines a free step up the pyramid).
    if unlocked(state, who, column, "demigod_step_from"):
        state = advance_demigod(state, who, 1)
    return state


def _drift_or_tectonic(column: str):
    def act(state: State, who: int, move: int) -> State:
        return _finish_action(_with_bonus(play_map_move(state, who, move), who, column))
    return act


def _volcano(state: State, who: int, move: int) -> State:
    state = _with_bonus(play_map_move(state, who, move), who, "volcano")
    more = ability(state, who, "volcano", "eruptions") - 1
    if oros_rules.move_kind(move) == oros_rules.CREATE or more == 0:
        return _finish_action(state)
    return _settle(replace(state, eruptions_left=more))


def _study(state: State, who: int, detail) -> State:
    state = _with_bonus(state, who, "study")
    if isinstance(detail, Enrol):
        return _finish_action(move_follower(state, who, slot(detail.follower), detail.school))
    for place in detail.followers:  # back to the board; the player puts each on an empty slot (Put)
        state = move_follower(state, who, place, HOME)
    return _finish_action(gain_wisdom(state, who, len(detail.followers)))


def _travel(state: State, who: int, walk: Walk) -> State:
    return _walk(state, who, walk, ability(state, who, "travel", "steps"))


def _walk(state: State, who: int, walk: Walk, budget: int) -> State:
    sea = unlocked(state, who, "travel", "sea_from")
    used = _distances(state, walk.origin, budget, sea)[walk.destination]
    state = move_follower(state, who, walk.origin, walk.destination)
    if used < budget:  # the rest of the steps may move this or other followers (levels 2+)
        return _settle(replace(state, steps_left=budget - used))
    return _finish_action(state)


def _sanctuary(state: State, who: int, cell: int) -> State:
    state, kind = build_sanctuary(state, who, cell)
    if tile(cell) in state.followers[who]:  # the builder's follower on the mountain moves in
        state = move_follower(state, who, tile(cell), seat(cell, kind))
    return _finish_action(advance_demigod(state, who, design().build_steps))


ACTIONS = {"drift": _drift_or_tectonic("drift"), "tectonic": _drift_or_tectonic("tectonic"),
           "volcano": _volcano, "study": _study, "travel": _travel, "sanctuary": _sanctuary}


def _finish_action(state: State) -> State:
    return _settle(replace(state, actions_left=state.actions_left - 1, eruptions_left=0, steps_left=0))


def _settle(state: State) -> State:
    """The turn passes once its actions are used and no follower waits for a slot nor wisdom to be
    spent."""
    if state.eruptions_left or state.steps_left or state.actions_left or any(state.wisdom):
        return state
    if any(waiting(state, who) for who in range(state.seats)):
        return state
    return _next_turn(state)


def _next_turn(state: State) -> State:
    """The next seat's turn; a round ends before the start player's turn, and the game with it when
    a demigod stands on the top (O-13) or the round limit is reached (docs/rules/oros.md 12.9)."""
    current = (state.current + 1) % state.seats
    if current == state.first:
        if design().top in state.pyramid or state.round == design().max_rounds:
            return replace(state, over=True, actions_left=0, eruptions_left=0, steps_left=0)
        state = replace(state, round=state.round + 1)
    return replace(state, current=current, actions_left=design().actions_per_turn, eruptions_left=0, steps_left=0)
